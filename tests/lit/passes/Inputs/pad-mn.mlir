// Input of tests/lit/passes/pad-mn.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=64 nc=64 kc=32 order=nkm},tile-register{mr=32 nr=32},pack{nr=32 pack-a=1}' tests/lit/passes/pad-mn.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @mm(%arg0: memref<40x64xbf16>, %arg1: memref<64x47xbf16>, %arg2: memref<40x47xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<1536xbf16>
    %alloca_0 = memref.alloca() {alignment = 64 : i64} : memref<2048xbf16>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    scf.for %arg3 = %c0 to %c64 step %c32 {
      %subview = memref.subview %arg1[%arg3, 0] [32, 47] [1, 1] : memref<64x47xbf16> to memref<32x47xbf16, strided<[47, 1], offset: ?>>
      %reinterpret_cast = memref.reinterpret_cast %alloca_0 to offset: [0], sizes: [2, 16, 64], strides: [1024, 64, 1] {nanomm.packed_b} : memref<2048xbf16> to memref<2x16x64xbf16>
      %c16 = arith.constant 16 : index
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c16 step %c1 {
        scf.for %arg5 = %c0 to %c1 step %c1 {
          %11 = arith.muli %arg5, %c32 : index
          %c2_13 = arith.constant 2 : index
          %12 = arith.muli %arg4, %c2_13 : index
          %13 = arith.addi %11, %c0 : index
          %cst_14 = arith.constant 0.000000e+00 : bf16
          %14 = vector.transfer_read %subview[%12, %13], %cst_14 {in_bounds = [true]} : memref<32x47xbf16, strided<[47, 1], offset: ?>>, vector<16xbf16>
          %15 = arith.addi %12, %c1 : index
          %16 = vector.transfer_read %subview[%15, %13], %cst_14 {in_bounds = [true]} : memref<32x47xbf16, strided<[47, 1], offset: ?>>, vector<16xbf16>
          %17 = vector.interleave %14, %16 : vector<16xbf16> -> vector<32xbf16>
          vector.transfer_write %17, %reinterpret_cast[%arg5, %arg4, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<2x16x64xbf16>
          %18 = arith.addi %11, %c16 : index
          %19 = vector.transfer_read %subview[%12, %18], %cst_14 {in_bounds = [true]} : memref<32x47xbf16, strided<[47, 1], offset: ?>>, vector<16xbf16>
          %20 = vector.transfer_read %subview[%15, %18], %cst_14 {in_bounds = [true]} : memref<32x47xbf16, strided<[47, 1], offset: ?>>, vector<16xbf16>
          %21 = vector.interleave %19, %20 : vector<16xbf16> -> vector<32xbf16>
          vector.transfer_write %21, %reinterpret_cast[%arg5, %arg4, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<2x16x64xbf16>
        }
        %2 = arith.muli %c1, %c32 : index
        %c2_11 = arith.constant 2 : index
        %3 = arith.muli %arg4, %c2_11 : index
        %4 = arith.addi %2, %c0 : index
        %5 = vector.constant_mask [15] : vector<16xi1>
        %cst = arith.constant 0.000000e+00 : bf16
        %6 = vector.transfer_read %subview[%3, %4], %cst, %5 {in_bounds = [true]} : memref<32x47xbf16, strided<[47, 1], offset: ?>>, vector<16xbf16>
        %7 = arith.addi %3, %c1 : index
        %8 = vector.transfer_read %subview[%7, %4], %cst, %5 {in_bounds = [true]} : memref<32x47xbf16, strided<[47, 1], offset: ?>>, vector<16xbf16>
        %9 = vector.interleave %6, %8 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %9, %reinterpret_cast[%c1, %arg4, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<2x16x64xbf16>
        %cst_12 = arith.constant dense<0.000000e+00> : vector<16xbf16>
        %10 = vector.interleave %cst_12, %cst_12 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %10, %reinterpret_cast[%c1, %arg4, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<2x16x64xbf16>
      }
      %subview_1 = memref.subview %arg0[0, %arg3] [40, 32] [1, 1] : memref<40x64xbf16> to memref<40x32xbf16, strided<[64, 1], offset: ?>>
      %reinterpret_cast_2 = memref.reinterpret_cast %alloca to offset: [0], sizes: [40, 32], strides: [32, 1] : memref<1536xbf16> to memref<40x32xbf16, strided<[32, 1]>>
      %c40 = arith.constant 40 : index
      scf.for %arg4 = %c0 to %c40 step %c1 {
        %cst = arith.constant 0.000000e+00 : bf16
        %2 = vector.transfer_read %subview_1[%arg4, %c0], %cst {in_bounds = [true]} : memref<40x32xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %2, %reinterpret_cast_2[%arg4, %c0] {in_bounds = [true]} : vector<16xbf16>, memref<40x32xbf16, strided<[32, 1]>>
        %3 = vector.transfer_read %subview_1[%arg4, %c16], %cst {in_bounds = [true]} : memref<40x32xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %3, %reinterpret_cast_2[%arg4, %c16] {in_bounds = [true]} : vector<16xbf16>, memref<40x32xbf16, strided<[32, 1]>>
      }
      %subview_3 = memref.subview %arg2[0, 0] [32, 32] [1, 1] : memref<40x47xf32> to memref<32x32xf32, strided<[47, 1]>>
      %subview_4 = memref.subview %reinterpret_cast_2[0, 0] [32, 32] [1, 1] : memref<40x32xbf16, strided<[32, 1]>> to memref<32x32xbf16>
      %0 = arith.divui %c0, %c32 : index
      %subview_5 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 16, 64] [1, 1, 1] : memref<2x16x64xbf16> to memref<16x64xbf16, strided<[64, 1], offset: ?>>
      %c2 = arith.constant 2 : index
      scf.for %arg4 = %c0 to %c32 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %2 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32, strided<[47, 1]>>, vector<32x32xf32>
        %cst_11 = arith.constant 0.000000e+00 : bf16
        %3 = vector.transfer_read %subview_4[%c0, %arg4], %cst_11 {in_bounds = [true, true]} : memref<32x32xbf16>, vector<32x2xbf16>
        %4 = arith.divui %arg4, %c2 : index
        %5 = vector.transfer_read %subview_5[%4, %c0], %cst_11 {in_bounds = [true]} : memref<16x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
        %6 = vector.shape_cast %5 : vector<64xbf16> to vector<32x2xbf16>
        %7 = vector.transpose %6, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
        %8 = arith.extf %3 : vector<32x2xbf16> to vector<32x2xf32>
        %9 = arith.extf %7 : vector<2x32xbf16> to vector<2x32xf32>
        %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
        vector.transfer_write %10, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[47, 1]>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[0, 32] [32, 15] [1, 1] : memref<40x47xf32> to memref<32x15xf32, strided<[47, 1], offset: 32>>
      %1 = arith.divui %c32, %c32 : index
      %subview_7 = memref.subview %reinterpret_cast[%1, 0, 0] [1, 16, 30] [1, 1, 1] : memref<2x16x64xbf16> to memref<16x30xbf16, strided<[64, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c32 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %2 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x15xf32, strided<[47, 1], offset: 32>>, vector<32x15xf32>
        %cst_11 = arith.constant 0.000000e+00 : bf16
        %3 = vector.transfer_read %subview_4[%c0, %arg4], %cst_11 {in_bounds = [true, true]} : memref<32x32xbf16>, vector<32x2xbf16>
        %4 = arith.divui %arg4, %c2 : index
        %5 = vector.transfer_read %subview_7[%4, %c0], %cst_11 {in_bounds = [true]} : memref<16x30xbf16, strided<[64, 1], offset: ?>>, vector<30xbf16>
        %6 = vector.shape_cast %5 : vector<30xbf16> to vector<15x2xbf16>
        %7 = vector.transpose %6, [1, 0] : vector<15x2xbf16> to vector<2x15xbf16>
        %8 = arith.extf %3 : vector<32x2xbf16> to vector<32x2xf32>
        %9 = arith.extf %7 : vector<2x15xbf16> to vector<2x15xf32>
        %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<32x2xf32>, vector<2x15xf32> into vector<32x15xf32>
        vector.transfer_write %10, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<32x15xf32>, memref<32x15xf32, strided<[47, 1], offset: 32>>
      } {nanomm.nanokernel}
      %subview_8 = memref.subview %arg2[32, 0] [8, 32] [1, 1] : memref<40x47xf32> to memref<8x32xf32, strided<[47, 1], offset: 1504>>
      %subview_9 = memref.subview %reinterpret_cast_2[32, 0] [8, 32] [1, 1] : memref<40x32xbf16, strided<[32, 1]>> to memref<8x32xbf16, strided<[32, 1], offset: 1024>>
      scf.for %arg4 = %c0 to %c32 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %2 = vector.transfer_read %subview_8[%c0, %c0], %cst {in_bounds = [true, true]} : memref<8x32xf32, strided<[47, 1], offset: 1504>>, vector<8x32xf32>
        %cst_11 = arith.constant 0.000000e+00 : bf16
        %3 = vector.transfer_read %subview_9[%c0, %arg4], %cst_11 {in_bounds = [true, true]} : memref<8x32xbf16, strided<[32, 1], offset: 1024>>, vector<8x2xbf16>
        %4 = arith.divui %arg4, %c2 : index
        %5 = vector.transfer_read %subview_5[%4, %c0], %cst_11 {in_bounds = [true]} : memref<16x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
        %6 = vector.shape_cast %5 : vector<64xbf16> to vector<32x2xbf16>
        %7 = vector.transpose %6, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
        %8 = arith.extf %3 : vector<8x2xbf16> to vector<8x2xf32>
        %9 = arith.extf %7 : vector<2x32xbf16> to vector<2x32xf32>
        %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<8x2xf32>, vector<2x32xf32> into vector<8x32xf32>
        vector.transfer_write %10, %subview_8[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32, strided<[47, 1], offset: 1504>>
      } {nanomm.nanokernel}
      %subview_10 = memref.subview %arg2[32, 32] [8, 15] [1, 1] : memref<40x47xf32> to memref<8x15xf32, strided<[47, 1], offset: 1536>>
      scf.for %arg4 = %c0 to %c32 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %2 = vector.transfer_read %subview_10[%c0, %c0], %cst {in_bounds = [true, true]} : memref<8x15xf32, strided<[47, 1], offset: 1536>>, vector<8x15xf32>
        %cst_11 = arith.constant 0.000000e+00 : bf16
        %3 = vector.transfer_read %subview_9[%c0, %arg4], %cst_11 {in_bounds = [true, true]} : memref<8x32xbf16, strided<[32, 1], offset: 1024>>, vector<8x2xbf16>
        %4 = arith.divui %arg4, %c2 : index
        %5 = vector.transfer_read %subview_7[%4, %c0], %cst_11 {in_bounds = [true]} : memref<16x30xbf16, strided<[64, 1], offset: ?>>, vector<30xbf16>
        %6 = vector.shape_cast %5 : vector<30xbf16> to vector<15x2xbf16>
        %7 = vector.transpose %6, [1, 0] : vector<15x2xbf16> to vector<2x15xbf16>
        %8 = arith.extf %3 : vector<8x2xbf16> to vector<8x2xf32>
        %9 = arith.extf %7 : vector<2x15xbf16> to vector<2x15xf32>
        %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<8x2xf32>, vector<2x15xf32> into vector<8x15xf32>
        vector.transfer_write %10, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<8x15xf32>, memref<8x15xf32, strided<[47, 1], offset: 1536>>
      } {nanomm.nanokernel}
    } {nanomm.batch_reduce}
    return
  }
  func.func @one_row(%arg0: memref<33x64xbf16>, %arg1: memref<64x32xbf16>, %arg2: memref<33x32xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<1536xbf16>
    %alloca_0 = memref.alloca() {alignment = 64 : i64} : memref<1024xbf16>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    scf.for %arg3 = %c0 to %c64 step %c32 {
      %subview = memref.subview %arg1[%arg3, 0] [32, 32] [1, 1] : memref<64x32xbf16> to memref<32x32xbf16, strided<[32, 1], offset: ?>>
      %reinterpret_cast = memref.reinterpret_cast %alloca_0 to offset: [0], sizes: [1, 16, 64], strides: [1024, 64, 1] {nanomm.packed_b} : memref<1024xbf16> to memref<1x16x64xbf16>
      %c16 = arith.constant 16 : index
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c16 step %c1 {
        scf.for %arg5 = %c0 to %c1 step %c1 {
          %1 = arith.muli %arg5, %c32 : index
          %c2_8 = arith.constant 2 : index
          %2 = arith.muli %arg4, %c2_8 : index
          %3 = arith.addi %1, %c0 : index
          %cst = arith.constant 0.000000e+00 : bf16
          %4 = vector.transfer_read %subview[%2, %3], %cst {in_bounds = [true]} : memref<32x32xbf16, strided<[32, 1], offset: ?>>, vector<16xbf16>
          %5 = arith.addi %2, %c1 : index
          %6 = vector.transfer_read %subview[%5, %3], %cst {in_bounds = [true]} : memref<32x32xbf16, strided<[32, 1], offset: ?>>, vector<16xbf16>
          %7 = vector.interleave %4, %6 : vector<16xbf16> -> vector<32xbf16>
          vector.transfer_write %7, %reinterpret_cast[%arg5, %arg4, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x16x64xbf16>
          %8 = arith.addi %1, %c16 : index
          %9 = vector.transfer_read %subview[%2, %8], %cst {in_bounds = [true]} : memref<32x32xbf16, strided<[32, 1], offset: ?>>, vector<16xbf16>
          %10 = vector.transfer_read %subview[%5, %8], %cst {in_bounds = [true]} : memref<32x32xbf16, strided<[32, 1], offset: ?>>, vector<16xbf16>
          %11 = vector.interleave %9, %10 : vector<16xbf16> -> vector<32xbf16>
          vector.transfer_write %11, %reinterpret_cast[%arg5, %arg4, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x16x64xbf16>
        }
      }
      %subview_1 = memref.subview %arg0[0, %arg3] [33, 32] [1, 1] : memref<33x64xbf16> to memref<33x32xbf16, strided<[64, 1], offset: ?>>
      %reinterpret_cast_2 = memref.reinterpret_cast %alloca to offset: [0], sizes: [33, 32], strides: [32, 1] : memref<1536xbf16> to memref<33x32xbf16, strided<[32, 1]>>
      %c33 = arith.constant 33 : index
      scf.for %arg4 = %c0 to %c33 step %c1 {
        %cst = arith.constant 0.000000e+00 : bf16
        %1 = vector.transfer_read %subview_1[%arg4, %c0], %cst {in_bounds = [true]} : memref<33x32xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %1, %reinterpret_cast_2[%arg4, %c0] {in_bounds = [true]} : vector<16xbf16>, memref<33x32xbf16, strided<[32, 1]>>
        %2 = vector.transfer_read %subview_1[%arg4, %c16], %cst {in_bounds = [true]} : memref<33x32xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %2, %reinterpret_cast_2[%arg4, %c16] {in_bounds = [true]} : vector<16xbf16>, memref<33x32xbf16, strided<[32, 1]>>
      }
      %subview_3 = memref.subview %arg2[0, 0] [32, 32] [1, 1] : memref<33x32xf32> to memref<32x32xf32>
      %subview_4 = memref.subview %reinterpret_cast_2[0, 0] [32, 32] [1, 1] : memref<33x32xbf16, strided<[32, 1]>> to memref<32x32xbf16>
      %0 = arith.divui %c0, %c32 : index
      %subview_5 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 16, 64] [1, 1, 1] : memref<1x16x64xbf16> to memref<16x64xbf16, strided<[64, 1], offset: ?>>
      %c2 = arith.constant 2 : index
      scf.for %arg4 = %c0 to %c32 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %1 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32>, vector<32x32xf32>
        %cst_8 = arith.constant 0.000000e+00 : bf16
        %2 = vector.transfer_read %subview_4[%c0, %arg4], %cst_8 {in_bounds = [true, true]} : memref<32x32xbf16>, vector<32x2xbf16>
        %3 = arith.divui %arg4, %c2 : index
        %4 = vector.transfer_read %subview_5[%3, %c0], %cst_8 {in_bounds = [true]} : memref<16x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
        %5 = vector.shape_cast %4 : vector<64xbf16> to vector<32x2xbf16>
        %6 = vector.transpose %5, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
        %7 = arith.extf %2 : vector<32x2xbf16> to vector<32x2xf32>
        %8 = arith.extf %6 : vector<2x32xbf16> to vector<2x32xf32>
        %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
        vector.transfer_write %9, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[32, 0] [1, 32] [1, 1] : memref<33x32xf32> to memref<1x32xf32, strided<[32, 1], offset: 1024>>
      %subview_7 = memref.subview %reinterpret_cast_2[32, 0] [1, 32] [1, 1] : memref<33x32xbf16, strided<[32, 1]>> to memref<1x32xbf16, strided<[32, 1], offset: 1024>>
      scf.for %arg4 = %c0 to %c32 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %1 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [true, true]} : memref<1x32xf32, strided<[32, 1], offset: 1024>>, vector<1x32xf32>
        %cst_8 = arith.constant 0.000000e+00 : bf16
        %2 = vector.transfer_read %subview_7[%c0, %arg4], %cst_8 {in_bounds = [true, true]} : memref<1x32xbf16, strided<[32, 1], offset: 1024>>, vector<1x2xbf16>
        %3 = arith.divui %arg4, %c2 : index
        %4 = vector.transfer_read %subview_5[%3, %c0], %cst_8 {in_bounds = [true]} : memref<16x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
        %5 = vector.shape_cast %4 : vector<64xbf16> to vector<32x2xbf16>
        %6 = vector.transpose %5, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
        %7 = arith.extf %2 : vector<1x2xbf16> to vector<1x2xf32>
        %8 = arith.extf %6 : vector<2x32xbf16> to vector<2x32xf32>
        %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<1x2xf32>, vector<2x32xf32> into vector<1x32xf32>
        vector.transfer_write %9, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<1x32xf32>, memref<1x32xf32, strided<[32, 1], offset: 1024>>
      } {nanomm.nanokernel}
    } {nanomm.batch_reduce}
    return
  }
}

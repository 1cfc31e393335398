// Input of tests/lit/passes/compose-amx.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=64 nc=64 kc=128 order=nkm},tile-register{mr=32 nr=32},pack{nr=32}' tests/lit/passes/compose-amx.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @bf16_64(%arg0: memref<64x64xbf16>, %arg1: memref<64x64xbf16>, %arg2: memref<64x64xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<4096xbf16>
    %subview = memref.subview %arg1[0, 0] [64, 64] [1, 1] : memref<64x64xbf16> to memref<64x64xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [2, 32, 64], strides: [2048, 64, 1] {nanomm.packed_b} : memref<4096xbf16> to memref<2x32x64xbf16>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c32 step %c1 {
      %c2 = arith.constant 2 : index
      scf.for %arg4 = %c0 to %c2 step %c1 {
        %0 = arith.muli %arg4, %c32 : index
        %1 = arith.muli %arg3, %c2 : index
        %2 = arith.addi %0, %c0 : index
        %cst = arith.constant 0.000000e+00 : bf16
        %3 = vector.transfer_read %subview[%1, %2], %cst {in_bounds = [true]} : memref<64x64xbf16>, vector<16xbf16>
        %4 = arith.addi %1, %c1 : index
        %5 = vector.transfer_read %subview[%4, %2], %cst {in_bounds = [true]} : memref<64x64xbf16>, vector<16xbf16>
        %6 = vector.interleave %3, %5 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %6, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<2x32x64xbf16>
        %c16 = arith.constant 16 : index
        %7 = arith.addi %0, %c16 : index
        %8 = vector.transfer_read %subview[%1, %7], %cst {in_bounds = [true]} : memref<64x64xbf16>, vector<16xbf16>
        %9 = vector.transfer_read %subview[%4, %7], %cst {in_bounds = [true]} : memref<64x64xbf16>, vector<16xbf16>
        %10 = vector.interleave %8, %9 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %10, %reinterpret_cast[%arg4, %arg3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<2x32x64xbf16>
      }
    }
    %subview_0 = memref.subview %arg0[0, 0] [64, 64] [1, 1] {nanomm.a_block = 0 : i64} : memref<64x64xbf16> to memref<64x64xbf16>
    %c64 = arith.constant 64 : index
    scf.for %arg3 = %c0 to %c64 step %c32 {
      scf.for %arg4 = %c0 to %c64 step %c32 {
        %subview_1 = memref.subview %arg2[%arg3, %arg4] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
        %subview_2 = memref.subview %subview_0[%arg3, 0] [32, 64] [1, 1] : memref<64x64xbf16> to memref<32x64xbf16, strided<[64, 1], offset: ?>>
        %0 = arith.divui %arg4, %c32 : index
        %subview_3 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 32, 64] [1, 1, 1] : memref<2x32x64xbf16> to memref<32x64xbf16, strided<[64, 1], offset: ?>>
        %cst = arith.constant dense<0.000000e+00> : vector<32x32xf32>
        vector.transfer_write %cst, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[64, 1], offset: ?>>
        %c2 = arith.constant 2 : index
        scf.for %arg5 = %c0 to %c64 step %c2 {
          %cst_4 = arith.constant 0.000000e+00 : f32
          %1 = vector.transfer_read %subview_1[%c0, %c0], %cst_4 {in_bounds = [true, true]} : memref<32x32xf32, strided<[64, 1], offset: ?>>, vector<32x32xf32>
          %cst_5 = arith.constant 0.000000e+00 : bf16
          %2 = vector.transfer_read %subview_2[%c0, %arg5], %cst_5 {in_bounds = [true, true]} : memref<32x64xbf16, strided<[64, 1], offset: ?>>, vector<32x2xbf16>
          %3 = arith.divui %arg5, %c2 : index
          %4 = vector.transfer_read %subview_3[%3, %c0], %cst_5 {in_bounds = [true]} : memref<32x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
          %5 = vector.shape_cast %4 : vector<64xbf16> to vector<32x2xbf16>
          %6 = vector.transpose %5, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
          %7 = arith.extf %2 : vector<32x2xbf16> to vector<32x2xf32>
          %8 = arith.extf %6 : vector<2x32xbf16> to vector<2x32xf32>
          %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
          vector.transfer_write %9, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[64, 1], offset: ?>>
        } {nanomm.nanokernel}
      }
    }
    return
  }
  func.func @edges(%arg0: memref<40x70xbf16>, %arg1: memref<70x40xbf16>, %arg2: memref<40x40xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<4480xbf16>
    %subview = memref.subview %arg1[0, 0] [70, 40] [1, 1] : memref<70x40xbf16> to memref<70x40xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [2, 35, 64], strides: [2240, 64, 1] {nanomm.packed_b} : memref<4480xbf16> to memref<2x35x64xbf16>
    %c0 = arith.constant 0 : index
    %c35 = arith.constant 35 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c35 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %c32_16 = arith.constant 32 : index
        %11 = arith.muli %arg4, %c32_16 : index
        %c2_17 = arith.constant 2 : index
        %12 = arith.muli %arg3, %c2_17 : index
        %13 = arith.addi %11, %c0 : index
        %cst_18 = arith.constant 0.000000e+00 : bf16
        %14 = vector.transfer_read %subview[%12, %13], %cst_18 {in_bounds = [true]} : memref<70x40xbf16>, vector<16xbf16>
        %15 = arith.addi %12, %c1 : index
        %16 = vector.transfer_read %subview[%15, %13], %cst_18 {in_bounds = [true]} : memref<70x40xbf16>, vector<16xbf16>
        %17 = vector.interleave %14, %16 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %17, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<2x35x64xbf16>
        %c16 = arith.constant 16 : index
        %18 = arith.addi %11, %c16 : index
        %19 = vector.transfer_read %subview[%12, %18], %cst_18 {in_bounds = [true]} : memref<70x40xbf16>, vector<16xbf16>
        %20 = vector.transfer_read %subview[%15, %18], %cst_18 {in_bounds = [true]} : memref<70x40xbf16>, vector<16xbf16>
        %21 = vector.interleave %19, %20 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %21, %reinterpret_cast[%arg4, %arg3, %c32_16] {in_bounds = [true]} : vector<32xbf16>, memref<2x35x64xbf16>
      }
      %c32_12 = arith.constant 32 : index
      %2 = arith.muli %c1, %c32_12 : index
      %c2_13 = arith.constant 2 : index
      %3 = arith.muli %arg3, %c2_13 : index
      %4 = arith.addi %2, %c0 : index
      %5 = vector.constant_mask [8] : vector<16xi1>
      %cst_14 = arith.constant 0.000000e+00 : bf16
      %6 = vector.transfer_read %subview[%3, %4], %cst_14, %5 {in_bounds = [true]} : memref<70x40xbf16>, vector<16xbf16>
      %7 = arith.addi %3, %c1 : index
      %8 = vector.transfer_read %subview[%7, %4], %cst_14, %5 {in_bounds = [true]} : memref<70x40xbf16>, vector<16xbf16>
      %9 = vector.interleave %6, %8 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %9, %reinterpret_cast[%c1, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<2x35x64xbf16>
      %cst_15 = arith.constant dense<0.000000e+00> : vector<16xbf16>
      %10 = vector.interleave %cst_15, %cst_15 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %10, %reinterpret_cast[%c1, %arg3, %c32_12] {in_bounds = [true]} : vector<32xbf16>, memref<2x35x64xbf16>
    }
    %subview_0 = memref.subview %arg0[0, 0] [40, 70] [1, 1] {nanomm.a_block = 0 : i64} : memref<40x70xbf16> to memref<40x70xbf16>
    %subview_1 = memref.subview %arg2[0, 0] [32, 32] [1, 1] : memref<40x40xf32> to memref<32x32xf32, strided<[40, 1]>>
    %subview_2 = memref.subview %subview_0[0, 0] [32, 70] [1, 1] : memref<40x70xbf16> to memref<32x70xbf16>
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_3 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 35, 64] [1, 1, 1] : memref<2x35x64xbf16> to memref<35x64xbf16, strided<[64, 1], offset: ?>>
    %cst = arith.constant dense<0.000000e+00> : vector<32x32xf32>
    vector.transfer_write %cst, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[40, 1]>>
    %c70 = arith.constant 70 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c70 step %c2 {
      %cst_12 = arith.constant 0.000000e+00 : f32
      %2 = vector.transfer_read %subview_1[%c0, %c0], %cst_12 {in_bounds = [true, true]} : memref<32x32xf32, strided<[40, 1]>>, vector<32x32xf32>
      %cst_13 = arith.constant 0.000000e+00 : bf16
      %3 = vector.transfer_read %subview_2[%c0, %arg3], %cst_13 {in_bounds = [true, true]} : memref<32x70xbf16>, vector<32x2xbf16>
      %4 = arith.divui %arg3, %c2 : index
      %5 = vector.transfer_read %subview_3[%4, %c0], %cst_13 {in_bounds = [true]} : memref<35x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
      %6 = vector.shape_cast %5 : vector<64xbf16> to vector<32x2xbf16>
      %7 = vector.transpose %6, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
      %8 = arith.extf %3 : vector<32x2xbf16> to vector<32x2xf32>
      %9 = arith.extf %7 : vector<2x32xbf16> to vector<2x32xf32>
      %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
      vector.transfer_write %10, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[40, 1]>>
    } {nanomm.nanokernel}
    %subview_4 = memref.subview %arg2[0, 32] [32, 8] [1, 1] : memref<40x40xf32> to memref<32x8xf32, strided<[40, 1], offset: 32>>
    %1 = arith.divui %c32, %c32 : index
    %subview_5 = memref.subview %reinterpret_cast[%1, 0, 0] [1, 35, 16] [1, 1, 1] : memref<2x35x64xbf16> to memref<35x16xbf16, strided<[64, 1], offset: ?>>
    %cst_6 = arith.constant dense<0.000000e+00> : vector<32x8xf32>
    vector.transfer_write %cst_6, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x8xf32, strided<[40, 1], offset: 32>>
    scf.for %arg3 = %c0 to %c70 step %c2 {
      %cst_12 = arith.constant 0.000000e+00 : f32
      %2 = vector.transfer_read %subview_4[%c0, %c0], %cst_12 {in_bounds = [true, true]} : memref<32x8xf32, strided<[40, 1], offset: 32>>, vector<32x8xf32>
      %cst_13 = arith.constant 0.000000e+00 : bf16
      %3 = vector.transfer_read %subview_2[%c0, %arg3], %cst_13 {in_bounds = [true, true]} : memref<32x70xbf16>, vector<32x2xbf16>
      %4 = arith.divui %arg3, %c2 : index
      %5 = vector.transfer_read %subview_5[%4, %c0], %cst_13 {in_bounds = [true]} : memref<35x16xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
      %6 = vector.shape_cast %5 : vector<16xbf16> to vector<8x2xbf16>
      %7 = vector.transpose %6, [1, 0] : vector<8x2xbf16> to vector<2x8xbf16>
      %8 = arith.extf %3 : vector<32x2xbf16> to vector<32x2xf32>
      %9 = arith.extf %7 : vector<2x8xbf16> to vector<2x8xf32>
      %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<32x2xf32>, vector<2x8xf32> into vector<32x8xf32>
      vector.transfer_write %10, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<32x8xf32>, memref<32x8xf32, strided<[40, 1], offset: 32>>
    } {nanomm.nanokernel}
    %subview_7 = memref.subview %arg2[32, 0] [8, 32] [1, 1] : memref<40x40xf32> to memref<8x32xf32, strided<[40, 1], offset: 1280>>
    %subview_8 = memref.subview %subview_0[32, 0] [8, 70] [1, 1] : memref<40x70xbf16> to memref<8x70xbf16, strided<[70, 1], offset: 2240>>
    %cst_9 = arith.constant dense<0.000000e+00> : vector<8x32xf32>
    vector.transfer_write %cst_9, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32, strided<[40, 1], offset: 1280>>
    scf.for %arg3 = %c0 to %c70 step %c2 {
      %cst_12 = arith.constant 0.000000e+00 : f32
      %2 = vector.transfer_read %subview_7[%c0, %c0], %cst_12 {in_bounds = [true, true]} : memref<8x32xf32, strided<[40, 1], offset: 1280>>, vector<8x32xf32>
      %cst_13 = arith.constant 0.000000e+00 : bf16
      %3 = vector.transfer_read %subview_8[%c0, %arg3], %cst_13 {in_bounds = [true, true]} : memref<8x70xbf16, strided<[70, 1], offset: 2240>>, vector<8x2xbf16>
      %4 = arith.divui %arg3, %c2 : index
      %5 = vector.transfer_read %subview_3[%4, %c0], %cst_13 {in_bounds = [true]} : memref<35x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
      %6 = vector.shape_cast %5 : vector<64xbf16> to vector<32x2xbf16>
      %7 = vector.transpose %6, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
      %8 = arith.extf %3 : vector<8x2xbf16> to vector<8x2xf32>
      %9 = arith.extf %7 : vector<2x32xbf16> to vector<2x32xf32>
      %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<8x2xf32>, vector<2x32xf32> into vector<8x32xf32>
      vector.transfer_write %10, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32, strided<[40, 1], offset: 1280>>
    } {nanomm.nanokernel}
    %subview_10 = memref.subview %arg2[32, 32] [8, 8] [1, 1] : memref<40x40xf32> to memref<8x8xf32, strided<[40, 1], offset: 1312>>
    %cst_11 = arith.constant dense<0.000000e+00> : vector<8x8xf32>
    vector.transfer_write %cst_11, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, memref<8x8xf32, strided<[40, 1], offset: 1312>>
    scf.for %arg3 = %c0 to %c70 step %c2 {
      %cst_12 = arith.constant 0.000000e+00 : f32
      %2 = vector.transfer_read %subview_10[%c0, %c0], %cst_12 {in_bounds = [true, true]} : memref<8x8xf32, strided<[40, 1], offset: 1312>>, vector<8x8xf32>
      %cst_13 = arith.constant 0.000000e+00 : bf16
      %3 = vector.transfer_read %subview_8[%c0, %arg3], %cst_13 {in_bounds = [true, true]} : memref<8x70xbf16, strided<[70, 1], offset: 2240>>, vector<8x2xbf16>
      %4 = arith.divui %arg3, %c2 : index
      %5 = vector.transfer_read %subview_5[%4, %c0], %cst_13 {in_bounds = [true]} : memref<35x16xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
      %6 = vector.shape_cast %5 : vector<16xbf16> to vector<8x2xbf16>
      %7 = vector.transpose %6, [1, 0] : vector<8x2xbf16> to vector<2x8xbf16>
      %8 = arith.extf %3 : vector<8x2xbf16> to vector<8x2xf32>
      %9 = arith.extf %7 : vector<2x8xbf16> to vector<2x8xf32>
      %10 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %8, %9, %2 : vector<8x2xf32>, vector<2x8xf32> into vector<8x8xf32>
      vector.transfer_write %10, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<8x8xf32>, memref<8x8xf32, strided<[40, 1], offset: 1312>>
    } {nanomm.nanokernel}
    return
  }
  func.func @u8s8(%arg0: memref<32x64xi8>, %arg1: memref<64x32xi8>, %arg2: memref<32x32xi32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<2048xi8>
    %subview = memref.subview %arg1[0, 0] [64, 32] [1, 1] : memref<64x32xi8> to memref<64x32xi8>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 16, 128], strides: [2048, 128, 1] {nanomm.packed_b} : memref<2048xi8> to memref<1x16x128xi8>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 16, 128] [1, 1, 1] : memref<1x16x128xi8> to memref<16x128xi8, strided<[128, 1], offset: ?>>
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c16 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %1 = arith.muli %arg4, %c32 : index
        %c4_2 = arith.constant 4 : index
        %2 = arith.muli %arg3, %c4_2 : index
        %3 = arith.addi %1, %c0 : index
        %c0_i8 = arith.constant 0 : i8
        %4 = vector.transfer_read %subview[%2, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %5 = arith.addi %2, %c1 : index
        %6 = vector.transfer_read %subview[%5, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %c2 = arith.constant 2 : index
        %7 = arith.addi %2, %c2 : index
        %8 = vector.transfer_read %subview[%7, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %c3 = arith.constant 3 : index
        %9 = arith.addi %2, %c3 : index
        %10 = vector.transfer_read %subview[%9, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %11 = vector.interleave %4, %8 : vector<16xi8> -> vector<32xi8>
        %12 = vector.interleave %6, %10 : vector<16xi8> -> vector<32xi8>
        %13 = vector.interleave %11, %12 : vector<32xi8> -> vector<64xi8>
        vector.transfer_write %13, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x16x128xi8>
        %14 = arith.addi %1, %c16 : index
        %15 = vector.transfer_read %subview[%2, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %16 = vector.transfer_read %subview[%5, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %17 = vector.transfer_read %subview[%7, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %18 = vector.transfer_read %subview[%9, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %19 = vector.interleave %15, %17 : vector<16xi8> -> vector<32xi8>
        %20 = vector.interleave %16, %18 : vector<16xi8> -> vector<32xi8>
        %21 = vector.interleave %19, %20 : vector<32xi8> -> vector<64xi8>
        %c64_3 = arith.constant 64 : index
        vector.transfer_write %21, %reinterpret_cast[%arg4, %arg3, %c64_3] {in_bounds = [true]} : vector<64xi8>, memref<1x16x128xi8>
      }
    }
    %subview_1 = memref.subview %arg0[0, 0] [32, 64] [1, 1] {nanomm.a_block = 0 : i64} : memref<32x64xi8> to memref<32x64xi8>
    %cst = arith.constant dense<0> : vector<32x32xi32>
    vector.transfer_write %cst, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xi32>, memref<32x32xi32>
    %c64 = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c64 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %1 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<32x32xi32>, vector<32x32xi32>
      %c0_i8 = arith.constant 0 : i8
      %2 = vector.transfer_read %subview_1[%c0, %arg3], %c0_i8 {in_bounds = [true, true]} : memref<32x64xi8>, vector<32x4xi8>
      %3 = arith.divui %arg3, %c4 : index
      %4 = vector.transfer_read %subview_0[%3, %c0], %c0_i8 {in_bounds = [true]} : memref<16x128xi8, strided<[128, 1], offset: ?>>, vector<128xi8>
      %5 = vector.shape_cast %4 : vector<128xi8> to vector<32x4xi8>
      %6 = vector.transpose %5, [1, 0] : vector<32x4xi8> to vector<4x32xi8>
      %7 = arith.extui %2 : vector<32x4xi8> to vector<32x4xi32>
      %8 = arith.extsi %6 : vector<4x32xi8> to vector<4x32xi32>
      %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<32x4xi32>, vector<4x32xi32> into vector<32x32xi32>
      vector.transfer_write %9, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xi32>, memref<32x32xi32>
    } {nanomm.nanokernel}
    return
  }
  func.func @s8s8(%arg0: memref<32x64xi8>, %arg1: memref<64x32xi8>, %arg2: memref<32x32xi32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<2048xi8>
    %subview = memref.subview %arg1[0, 0] [64, 32] [1, 1] : memref<64x32xi8> to memref<64x32xi8>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 16, 128], strides: [2048, 128, 1] {nanomm.packed_b} : memref<2048xi8> to memref<1x16x128xi8>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 16, 128] [1, 1, 1] : memref<1x16x128xi8> to memref<16x128xi8, strided<[128, 1], offset: ?>>
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c16 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %1 = arith.muli %arg4, %c32 : index
        %c4_2 = arith.constant 4 : index
        %2 = arith.muli %arg3, %c4_2 : index
        %3 = arith.addi %1, %c0 : index
        %c0_i8 = arith.constant 0 : i8
        %4 = vector.transfer_read %subview[%2, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %5 = arith.addi %2, %c1 : index
        %6 = vector.transfer_read %subview[%5, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %c2 = arith.constant 2 : index
        %7 = arith.addi %2, %c2 : index
        %8 = vector.transfer_read %subview[%7, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %c3 = arith.constant 3 : index
        %9 = arith.addi %2, %c3 : index
        %10 = vector.transfer_read %subview[%9, %3], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %11 = vector.interleave %4, %8 : vector<16xi8> -> vector<32xi8>
        %12 = vector.interleave %6, %10 : vector<16xi8> -> vector<32xi8>
        %13 = vector.interleave %11, %12 : vector<32xi8> -> vector<64xi8>
        vector.transfer_write %13, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x16x128xi8>
        %14 = arith.addi %1, %c16 : index
        %15 = vector.transfer_read %subview[%2, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %16 = vector.transfer_read %subview[%5, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %17 = vector.transfer_read %subview[%7, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %18 = vector.transfer_read %subview[%9, %14], %c0_i8 {in_bounds = [true]} : memref<64x32xi8>, vector<16xi8>
        %19 = vector.interleave %15, %17 : vector<16xi8> -> vector<32xi8>
        %20 = vector.interleave %16, %18 : vector<16xi8> -> vector<32xi8>
        %21 = vector.interleave %19, %20 : vector<32xi8> -> vector<64xi8>
        %c64_3 = arith.constant 64 : index
        vector.transfer_write %21, %reinterpret_cast[%arg4, %arg3, %c64_3] {in_bounds = [true]} : vector<64xi8>, memref<1x16x128xi8>
      }
    }
    %subview_1 = memref.subview %arg0[0, 0] [32, 64] [1, 1] {nanomm.a_block = 0 : i64} : memref<32x64xi8> to memref<32x64xi8>
    %cst = arith.constant dense<0> : vector<32x32xi32>
    vector.transfer_write %cst, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xi32>, memref<32x32xi32>
    %c64 = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c64 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %1 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<32x32xi32>, vector<32x32xi32>
      %c0_i8 = arith.constant 0 : i8
      %2 = vector.transfer_read %subview_1[%c0, %arg3], %c0_i8 {in_bounds = [true, true]} : memref<32x64xi8>, vector<32x4xi8>
      %3 = arith.divui %arg3, %c4 : index
      %4 = vector.transfer_read %subview_0[%3, %c0], %c0_i8 {in_bounds = [true]} : memref<16x128xi8, strided<[128, 1], offset: ?>>, vector<128xi8>
      %5 = vector.shape_cast %4 : vector<128xi8> to vector<32x4xi8>
      %6 = vector.transpose %5, [1, 0] : vector<32x4xi8> to vector<4x32xi8>
      %7 = arith.extsi %2 : vector<32x4xi8> to vector<32x4xi32>
      %8 = arith.extsi %6 : vector<4x32xi8> to vector<4x32xi32>
      %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<32x4xi32>, vector<4x32xi32> into vector<32x32xi32>
      vector.transfer_write %9, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xi32>, memref<32x32xi32>
    } {nanomm.nanokernel}
    return
  }
}

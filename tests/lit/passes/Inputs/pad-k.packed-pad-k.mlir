// Input of tests/lit/passes/pad-k.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=32 nc=32 kc=40 order=nkm},tile-register{mr=32 nr=32},pack{nr=32 pack-a=1 pad-k=1}' tests/lit/passes/pad-k.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @mm(%arg0: memref<32x40xbf16>, %arg1: memref<40x32xbf16>, %arg2: memref<32x32xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<3072xbf16>
    %alloca_0 = memref.alloca() {alignment = 64 : i64} : memref<2048xbf16>
    %subview = memref.subview %arg1[0, 0] [40, 32] [1, 1] : memref<40x32xbf16> to memref<40x32xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca_0 to offset: [0], sizes: [1, 32, 64], strides: [2048, 64, 1] {nanomm.packed_b} : memref<2048xbf16> to memref<1x32x64xbf16>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_1 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 20, 64] [1, 1, 1] : memref<1x32x64xbf16> to memref<20x64xbf16, strided<[64, 1], offset: ?>>
    %c20 = arith.constant 20 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c20 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %1 = arith.muli %arg4, %c32 : index
        %c2_6 = arith.constant 2 : index
        %2 = arith.muli %arg3, %c2_6 : index
        %3 = arith.addi %1, %c0 : index
        %cst_7 = arith.constant 0.000000e+00 : bf16
        %4 = vector.transfer_read %subview[%2, %3], %cst_7 {in_bounds = [true]} : memref<40x32xbf16>, vector<16xbf16>
        %5 = arith.addi %2, %c1 : index
        %6 = vector.transfer_read %subview[%5, %3], %cst_7 {in_bounds = [true]} : memref<40x32xbf16>, vector<16xbf16>
        %7 = vector.interleave %4, %6 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %7, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x32x64xbf16>
        %c16 = arith.constant 16 : index
        %8 = arith.addi %1, %c16 : index
        %9 = vector.transfer_read %subview[%2, %8], %cst_7 {in_bounds = [true]} : memref<40x32xbf16>, vector<16xbf16>
        %10 = vector.transfer_read %subview[%5, %8], %cst_7 {in_bounds = [true]} : memref<40x32xbf16>, vector<16xbf16>
        %11 = vector.interleave %9, %10 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %11, %reinterpret_cast[%arg4, %arg3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x32x64xbf16>
      }
    }
    %cst = arith.constant dense<0.000000e+00> : vector<64xbf16>
    scf.for %arg3 = %c20 to %c32 step %c1 {
      vector.transfer_write %cst, %reinterpret_cast[%c0, %arg3, %c0] {in_bounds = [true]} : vector<64xbf16>, memref<1x32x64xbf16>
    }
    %subview_2 = memref.subview %arg0[0, 0] [32, 40] [1, 1] : memref<32x40xbf16> to memref<32x40xbf16>
    %reinterpret_cast_3 = memref.reinterpret_cast %alloca to offset: [0], sizes: [32, 40], strides: [96, 1] : memref<3072xbf16> to memref<32x40xbf16, strided<[96, 1]>>
    scf.for %arg3 = %c0 to %c32 step %c1 {
      %cst_6 = arith.constant 0.000000e+00 : bf16
      %1 = vector.transfer_read %subview_2[%arg3, %c0], %cst_6 {in_bounds = [true]} : memref<32x40xbf16>, vector<16xbf16>
      vector.transfer_write %1, %reinterpret_cast_3[%arg3, %c0] {in_bounds = [true]} : vector<16xbf16>, memref<32x40xbf16, strided<[96, 1]>>
      %c16 = arith.constant 16 : index
      %2 = vector.transfer_read %subview_2[%arg3, %c16], %cst_6 {in_bounds = [true]} : memref<32x40xbf16>, vector<16xbf16>
      vector.transfer_write %2, %reinterpret_cast_3[%arg3, %c16] {in_bounds = [true]} : vector<16xbf16>, memref<32x40xbf16, strided<[96, 1]>>
      %3 = vector.constant_mask [8] : vector<16xi1>
      %4 = vector.transfer_read %subview_2[%arg3, %c32], %cst_6, %3 {in_bounds = [true]} : memref<32x40xbf16>, vector<16xbf16>
      vector.transfer_write %4, %reinterpret_cast_3[%arg3, %c32], %3 {in_bounds = [true]} : vector<16xbf16>, memref<32x40xbf16, strided<[96, 1]>>
    }
    %reinterpret_cast_4 = memref.reinterpret_cast %alloca to offset: [0], sizes: [32, 64], strides: [96, 1] : memref<3072xbf16> to memref<32x64xbf16, strided<[96, 1]>>
    %cst_5 = arith.constant dense<0.000000e+00> : vector<16xbf16>
    scf.for %arg3 = %c0 to %c32 step %c1 {
      %c40_6 = arith.constant 40 : index
      vector.transfer_write %cst_5, %reinterpret_cast_4[%arg3, %c40_6] {in_bounds = [true]} : vector<16xbf16>, memref<32x64xbf16, strided<[96, 1]>>
      %1 = vector.constant_mask [8] : vector<16xi1>
      %c56 = arith.constant 56 : index
      vector.transfer_write %cst_5, %reinterpret_cast_4[%arg3, %c56], %1 {in_bounds = [true]} : vector<16xbf16>, memref<32x64xbf16, strided<[96, 1]>>
    }
    %c40 = arith.constant 40 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c40 step %c2 {
      %cst_6 = arith.constant 0.000000e+00 : f32
      %1 = vector.transfer_read %arg2[%c0, %c0], %cst_6 {in_bounds = [true, true]} : memref<32x32xf32>, vector<32x32xf32>
      %cst_7 = arith.constant 0.000000e+00 : bf16
      %2 = vector.transfer_read %reinterpret_cast_3[%c0, %arg3], %cst_7 {in_bounds = [true, true]} : memref<32x40xbf16, strided<[96, 1]>>, vector<32x2xbf16>
      %3 = arith.divui %arg3, %c2 : index
      %4 = vector.transfer_read %subview_1[%3, %c0], %cst_7 {in_bounds = [true]} : memref<20x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
      %5 = vector.shape_cast %4 : vector<64xbf16> to vector<32x2xbf16>
      %6 = vector.transpose %5, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
      %7 = arith.extf %2 : vector<32x2xbf16> to vector<32x2xf32>
      %8 = arith.extf %6 : vector<2x32xbf16> to vector<2x32xf32>
      %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
      vector.transfer_write %9, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
    } {nanomm.nanokernel}
    return
  }
}

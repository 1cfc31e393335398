// Input of tests/lit/passes/compose-amx-epilogue.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=32 nc=96 kc=64 order=nkm},tile-register{mr=32 nr=32},pack{nr=32}' tests/lit/passes/compose-amx-epilogue.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bf16_bias_relu(%arg0: memref<32x64xbf16>, %arg1: memref<64x96xbf16>, %arg2: memref<32x96xf32>, %arg3: memref<96xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<6144xbf16>
    %cst = arith.constant 0.000000e+00 : f32
    %subview = memref.subview %arg1[0, 0] [64, 96] [1, 1] : memref<64x96xbf16> to memref<64x96xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [3, 32, 64], strides: [2048, 64, 1] {nanomm.packed_b} : memref<6144xbf16> to memref<3x32x64xbf16>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c1 = arith.constant 1 : index
    scf.for %arg4 = %c0 to %c32 step %c1 {
      %c3 = arith.constant 3 : index
      scf.for %arg5 = %c0 to %c3 step %c1 {
        %0 = arith.muli %arg5, %c32 : index
        %c2 = arith.constant 2 : index
        %1 = arith.muli %arg4, %c2 : index
        %2 = arith.addi %0, %c0 : index
        %cst_1 = arith.constant 0.000000e+00 : bf16
        %3 = vector.transfer_read %subview[%1, %2], %cst_1 {in_bounds = [true]} : memref<64x96xbf16>, vector<16xbf16>
        %4 = arith.addi %1, %c1 : index
        %5 = vector.transfer_read %subview[%4, %2], %cst_1 {in_bounds = [true]} : memref<64x96xbf16>, vector<16xbf16>
        %6 = vector.interleave %3, %5 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %6, %reinterpret_cast[%arg5, %arg4, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<3x32x64xbf16>
        %c16 = arith.constant 16 : index
        %7 = arith.addi %0, %c16 : index
        %8 = vector.transfer_read %subview[%1, %7], %cst_1 {in_bounds = [true]} : memref<64x96xbf16>, vector<16xbf16>
        %9 = vector.transfer_read %subview[%4, %7], %cst_1 {in_bounds = [true]} : memref<64x96xbf16>, vector<16xbf16>
        %10 = vector.interleave %8, %9 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %10, %reinterpret_cast[%arg5, %arg4, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<3x32x64xbf16>
      }
    }
    %subview_0 = memref.subview %arg0[0, 0] [32, 64] [1, 1] {nanomm.a_block = 0 : i64} : memref<32x64xbf16> to memref<32x64xbf16>
    %c96 = arith.constant 96 : index
    scf.for %arg4 = %c0 to %c96 step %c32 {
      %subview_1 = memref.subview %arg2[0, %arg4] [32, 32] [1, 1] : memref<32x96xf32> to memref<32x32xf32, strided<[96, 1], offset: ?>>
      %0 = arith.divui %arg4, %c32 : index
      %subview_2 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 32, 64] [1, 1, 1] : memref<3x32x64xbf16> to memref<32x64xbf16, strided<[64, 1], offset: ?>>
      %subview_3 = memref.subview %arg3[%arg4] [32] [1] : memref<96xf32> to memref<32xf32, strided<[1], offset: ?>>
      %cst_4 = arith.constant dense<0.000000e+00> : vector<32x32xf32>
      vector.transfer_write %cst_4, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[96, 1], offset: ?>>
      %c64 = arith.constant 64 : index
      %c2 = arith.constant 2 : index
      scf.for %arg5 = %c0 to %c64 step %c2 {
        %1 = vector.transfer_read %subview_1[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32, strided<[96, 1], offset: ?>>, vector<32x32xf32>
        %cst_5 = arith.constant 0.000000e+00 : bf16
        %2 = vector.transfer_read %subview_0[%c0, %arg5], %cst_5 {in_bounds = [true, true]} : memref<32x64xbf16>, vector<32x2xbf16>
        %3 = arith.divui %arg5, %c2 : index
        %4 = vector.transfer_read %subview_2[%3, %c0], %cst_5 {in_bounds = [true]} : memref<32x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
        %5 = vector.shape_cast %4 : vector<64xbf16> to vector<32x2xbf16>
        %6 = vector.transpose %5, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
        %7 = arith.extf %2 : vector<32x2xbf16> to vector<32x2xf32>
        %8 = arith.extf %6 : vector<2x32xbf16> to vector<2x32xf32>
        %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
        vector.transfer_write %9, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32, strided<[96, 1], offset: ?>>
      } {nanomm.nanokernel}
      linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%subview_3 : memref<32xf32, strided<[1], offset: ?>>) outs(%subview_1 : memref<32x32xf32, strided<[96, 1], offset: ?>>) {
      ^bb0(%in: f32, %out: f32):
        %1 = arith.addf %out, %in : f32
        %2 = arith.maximumf %1, %cst : f32
        linalg.yield %2 : f32
      }
    }
    return
  }
}

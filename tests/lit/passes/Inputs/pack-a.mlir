// Input of tests/lit/passes/pack-a.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=16 nc=32 kc=64 order=nkm},tile-register{mr=8 nr=32}' tests/lit/passes/pack-a.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @mm(%arg0: memref<16x64xbf16>, %arg1: memref<64x32xbf16>, %arg2: memref<16x32xf32>) {
    %subview = memref.subview %arg1[0, 0] [64, 32] [1, 1] {nanomm.b_block} : memref<64x32xbf16> to memref<64x32xbf16>
    %subview_0 = memref.subview %arg0[0, 0] [16, 64] [1, 1] {nanomm.a_block = 0 : i64} : memref<16x64xbf16> to memref<16x64xbf16>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    scf.for %arg3 = %c0 to %c16 step %c8 {
      %subview_1 = memref.subview %arg2[%arg3, 0] [8, 32] [1, 1] : memref<16x32xf32> to memref<8x32xf32, strided<[32, 1], offset: ?>>
      %subview_2 = memref.subview %subview_0[%arg3, 0] [8, 64] [1, 1] : memref<16x64xbf16> to memref<8x64xbf16, strided<[64, 1], offset: ?>>
      %c64 = arith.constant 64 : index
      %c2 = arith.constant 2 : index
      scf.for %arg4 = %c0 to %c64 step %c2 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_1[%c0, %c0], %cst {in_bounds = [true, true]} : memref<8x32xf32, strided<[32, 1], offset: ?>>, vector<8x32xf32>
        %cst_3 = arith.constant 0.000000e+00 : bf16
        %1 = vector.transfer_read %subview_2[%c0, %arg4], %cst_3 {in_bounds = [true, true]} : memref<8x64xbf16, strided<[64, 1], offset: ?>>, vector<8x2xbf16>
        %2 = vector.transfer_read %subview[%arg4, %c0], %cst_3 {in_bounds = [true, true]} : memref<64x32xbf16>, vector<2x32xbf16>
        %3 = arith.extf %1 : vector<8x2xbf16> to vector<8x2xf32>
        %4 = arith.extf %2 : vector<2x32xbf16> to vector<2x32xf32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<8x2xf32>, vector<2x32xf32> into vector<8x32xf32>
        vector.transfer_write %5, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<8x32xf32>, memref<8x32xf32, strided<[32, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    return
  }
}

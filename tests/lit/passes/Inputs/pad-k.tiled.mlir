// Input of tests/lit/passes/pad-k.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=32 nc=32 kc=40 order=nkm},tile-register{mr=32 nr=32}' tests/lit/passes/pad-k.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @mm(%arg0: memref<32x40xbf16>, %arg1: memref<40x32xbf16>, %arg2: memref<32x32xf32>) {
    %subview = memref.subview %arg1[0, 0] [40, 32] [1, 1] {nanomm.b_block} : memref<40x32xbf16> to memref<40x32xbf16>
    %subview_0 = memref.subview %arg0[0, 0] [32, 40] [1, 1] {nanomm.a_block = 0 : i64} : memref<32x40xbf16> to memref<32x40xbf16>
    %c0 = arith.constant 0 : index
    %c40 = arith.constant 40 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c40 step %c2 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32>, vector<32x32xf32>
      %cst_1 = arith.constant 0.000000e+00 : bf16
      %1 = vector.transfer_read %subview_0[%c0, %arg3], %cst_1 {in_bounds = [true, true]} : memref<32x40xbf16>, vector<32x2xbf16>
      %2 = vector.transfer_read %subview[%arg3, %c0], %cst_1 {in_bounds = [true, true]} : memref<40x32xbf16>, vector<2x32xbf16>
      %3 = arith.extf %1 : vector<32x2xbf16> to vector<32x2xf32>
      %4 = arith.extf %2 : vector<2x32xbf16> to vector<2x32xf32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<32x2xf32>, vector<2x32xf32> into vector<32x32xf32>
      vector.transfer_write %5, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
    } {nanomm.nanokernel}
    return
  }
}

// Input of tests/lit/passes/compose-microkernel-row-dot.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=4 nr=7}' tests/lit/passes/compose-microkernel-row-dot.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @bt(%arg0: memref<3x40xf32>, %arg1: memref<5x40xf32>, %arg2: memref<3x5xf32>) {
    %transpose = memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<5x40xf32> to memref<40x5xf32, strided<[1, 40]>>
    %cst = arith.constant dense<0.000000e+00> : vector<3x5xf32>
    %c0 = arith.constant 0 : index
    vector.transfer_write %cst, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, memref<3x5xf32>
    %c40 = arith.constant 40 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c40 step %c1 {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst_0 {in_bounds = [true, true]} : memref<3x5xf32>, vector<3x5xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst_0 {in_bounds = [true, true]} : memref<3x40xf32>, vector<3x1xf32>
      %2 = vector.transfer_read %transpose[%arg3, %c0], %cst_0 {in_bounds = [true, true]} : memref<40x5xf32, strided<[1, 40]>>, vector<1x5xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<3x1xf32>, vector<1x5xf32> into vector<3x5xf32>
      vector.transfer_write %3, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, memref<3x5xf32>
    } {nanomm.nanokernel}
    return
  }
  func.func @spill(%arg0: memref<4x40xf32>, %arg1: memref<7x40xf32>, %arg2: memref<4x7xf32>) {
    %transpose = memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<7x40xf32> to memref<40x7xf32, strided<[1, 40]>>
    %c0 = arith.constant 0 : index
    %c40 = arith.constant 40 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c40 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x7xf32>, vector<4x7xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<4x40xf32>, vector<4x1xf32>
      %2 = vector.transfer_read %transpose[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<40x7xf32, strided<[1, 40]>>, vector<1x7xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x7xf32> into vector<4x7xf32>
      vector.transfer_write %3, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<4x7xf32>, memref<4x7xf32>
    } {nanomm.nanokernel}
    return
  }
}

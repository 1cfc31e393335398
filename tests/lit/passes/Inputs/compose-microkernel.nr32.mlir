// Input of tests/lit/passes/compose-microkernel.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=32}' tests/lit/passes/compose-microkernel.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @accumulate(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32>, %arg2: memref<2x32xf32>) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x32xf32>, vector<2x32xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x32xf32>, vector<1x32xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x32xf32> into vector<2x32xf32>
      vector.transfer_write %3, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x32xf32>, memref<2x32xf32>
    } {nanomm.nanokernel}
    return
  }
  func.func @zero_init(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32>, %arg2: memref<2x32xf32>) {
    %cst = arith.constant dense<0.000000e+00> : vector<2x32xf32>
    %c0 = arith.constant 0 : index
    vector.transfer_write %cst, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x32xf32>, memref<2x32xf32>
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst_0 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst_0 {in_bounds = [true, true]} : memref<2x32xf32>, vector<2x32xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst_0 {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %cst_0 {in_bounds = [true, true]} : memref<7x32xf32>, vector<1x32xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x32xf32> into vector<2x32xf32>
      vector.transfer_write %3, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x32xf32>, memref<2x32xf32>
    } {nanomm.nanokernel}
    return
  }
  func.func @prefetch_panel(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32>, %arg2: memref<2x32xf32>) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x32xf32>, vector<2x32xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x32xf32>, vector<1x32xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x32xf32> into vector<2x32xf32>
      vector.transfer_write %3, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x32xf32>, memref<2x32xf32>
    } {nanomm.nanokernel}
    return
  }
  func.func @prefetch_strided(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32, strided<[64, 1]>>, %arg2: memref<2x32xf32>) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x32xf32>, vector<2x32xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x32xf32, strided<[64, 1]>>, vector<1x32xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x32xf32> into vector<2x32xf32>
      vector.transfer_write %3, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x32xf32>, memref<2x32xf32>
    } {nanomm.nanokernel}
    return
  }
}

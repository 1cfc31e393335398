// Input of tests/lit/passes/compose-microkernel.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=20}' tests/lit/passes/compose-microkernel.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @accumulate(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32>, %arg2: memref<2x32xf32>) {
    %subview = memref.subview %arg2[0, 0] [2, 20] [1, 1] : memref<2x32xf32> to memref<2x20xf32, strided<[32, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [7, 20] [1, 1] : memref<7x32xf32> to memref<7x20xf32, strided<[32, 1]>>
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x20xf32, strided<[32, 1]>>, vector<2x20xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_0[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x20xf32, strided<[32, 1]>>, vector<1x20xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x20xf32> into vector<2x20xf32>
      vector.transfer_write %3, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1]>>
    } {nanomm.nanokernel}
    %subview_1 = memref.subview %arg2[0, 20] [2, 12] [1, 1] : memref<2x32xf32> to memref<2x12xf32, strided<[32, 1], offset: 20>>
    %subview_2 = memref.subview %arg1[0, 20] [7, 12] [1, 1] : memref<7x32xf32> to memref<7x12xf32, strided<[32, 1], offset: 20>>
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_1[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x12xf32, strided<[32, 1], offset: 20>>, vector<2x12xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_2[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x12xf32, strided<[32, 1], offset: 20>>, vector<1x12xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x12xf32> into vector<2x12xf32>
      vector.transfer_write %3, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: 20>>
    } {nanomm.nanokernel}
    return
  }
  func.func @zero_init(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32>, %arg2: memref<2x32xf32>) {
    %subview = memref.subview %arg2[0, 0] [2, 20] [1, 1] : memref<2x32xf32> to memref<2x20xf32, strided<[32, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [7, 20] [1, 1] : memref<7x32xf32> to memref<7x20xf32, strided<[32, 1]>>
    %cst = arith.constant dense<0.000000e+00> : vector<2x20xf32>
    %c0 = arith.constant 0 : index
    vector.transfer_write %cst, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1]>>
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst_4 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview[%c0, %c0], %cst_4 {in_bounds = [true, true]} : memref<2x20xf32, strided<[32, 1]>>, vector<2x20xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst_4 {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_0[%arg3, %c0], %cst_4 {in_bounds = [true, true]} : memref<7x20xf32, strided<[32, 1]>>, vector<1x20xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x20xf32> into vector<2x20xf32>
      vector.transfer_write %3, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1]>>
    } {nanomm.nanokernel}
    %subview_1 = memref.subview %arg2[0, 20] [2, 12] [1, 1] : memref<2x32xf32> to memref<2x12xf32, strided<[32, 1], offset: 20>>
    %subview_2 = memref.subview %arg1[0, 20] [7, 12] [1, 1] : memref<7x32xf32> to memref<7x12xf32, strided<[32, 1], offset: 20>>
    %cst_3 = arith.constant dense<0.000000e+00> : vector<2x12xf32>
    vector.transfer_write %cst_3, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: 20>>
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst_4 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_1[%c0, %c0], %cst_4 {in_bounds = [true, true]} : memref<2x12xf32, strided<[32, 1], offset: 20>>, vector<2x12xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst_4 {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_2[%arg3, %c0], %cst_4 {in_bounds = [true, true]} : memref<7x12xf32, strided<[32, 1], offset: 20>>, vector<1x12xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x12xf32> into vector<2x12xf32>
      vector.transfer_write %3, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: 20>>
    } {nanomm.nanokernel}
    return
  }
  func.func @prefetch_panel(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32>, %arg2: memref<2x32xf32>) {
    %subview = memref.subview %arg2[0, 0] [2, 20] [1, 1] : memref<2x32xf32> to memref<2x20xf32, strided<[32, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [7, 20] [1, 1] : memref<7x32xf32> to memref<7x20xf32, strided<[32, 1]>>
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x20xf32, strided<[32, 1]>>, vector<2x20xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_0[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x20xf32, strided<[32, 1]>>, vector<1x20xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x20xf32> into vector<2x20xf32>
      vector.transfer_write %3, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1]>>
    } {nanomm.nanokernel}
    %subview_1 = memref.subview %arg2[0, 20] [2, 12] [1, 1] : memref<2x32xf32> to memref<2x12xf32, strided<[32, 1], offset: 20>>
    %subview_2 = memref.subview %arg1[0, 20] [7, 12] [1, 1] : memref<7x32xf32> to memref<7x12xf32, strided<[32, 1], offset: 20>>
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_1[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x12xf32, strided<[32, 1], offset: 20>>, vector<2x12xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_2[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x12xf32, strided<[32, 1], offset: 20>>, vector<1x12xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x12xf32> into vector<2x12xf32>
      vector.transfer_write %3, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: 20>>
    } {nanomm.nanokernel}
    return
  }
  func.func @prefetch_strided(%arg0: memref<2x7xf32>, %arg1: memref<7x32xf32, strided<[64, 1]>>, %arg2: memref<2x32xf32>) {
    %subview = memref.subview %arg2[0, 0] [2, 20] [1, 1] : memref<2x32xf32> to memref<2x20xf32, strided<[32, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [7, 20] [1, 1] : memref<7x32xf32, strided<[64, 1]>> to memref<7x20xf32, strided<[64, 1]>>
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x20xf32, strided<[32, 1]>>, vector<2x20xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_0[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x20xf32, strided<[64, 1]>>, vector<1x20xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x20xf32> into vector<2x20xf32>
      vector.transfer_write %3, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32, strided<[32, 1]>>
    } {nanomm.nanokernel}
    %subview_1 = memref.subview %arg2[0, 20] [2, 12] [1, 1] : memref<2x32xf32> to memref<2x12xf32, strided<[32, 1], offset: 20>>
    %subview_2 = memref.subview %arg1[0, 20] [7, 12] [1, 1] : memref<7x32xf32, strided<[64, 1]>> to memref<7x12xf32, strided<[64, 1], offset: 20>>
    scf.for %arg3 = %c0 to %c7 step %c1 {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_1[%c0, %c0], %cst {in_bounds = [true, true]} : memref<2x12xf32, strided<[32, 1], offset: 20>>, vector<2x12xf32>
      %1 = vector.transfer_read %arg0[%c0, %arg3], %cst {in_bounds = [true, true]} : memref<2x7xf32>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_2[%arg3, %c0], %cst {in_bounds = [true, true]} : memref<7x12xf32, strided<[64, 1], offset: 20>>, vector<1x12xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x12xf32> into vector<2x12xf32>
      vector.transfer_write %3, %subview_1[%c0, %c0] {in_bounds = [true, true]} : vector<2x12xf32>, memref<2x12xf32, strided<[32, 1], offset: 20>>
    } {nanomm.nanokernel}
    return
  }
}

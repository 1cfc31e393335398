// Input of tests/lit/passes/pack.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=8 nc=32 kc=4 order=nkm},tile-register{mr=4 nr=16}' tests/lit/passes/pack.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @mm(%arg0: memref<10x7xf32>, %arg1: memref<7x20xf32>, %arg2: memref<10x20xf32>) {
    %subview = memref.subview %arg1[0, 0] [4, 20] [1, 1] {nanomm.b_block} : memref<7x20xf32> to memref<4x20xf32>
    %subview_0 = memref.subview %arg2[0, 0] [8, 20] [1, 1] : memref<10x20xf32> to memref<8x20xf32>
    %subview_1 = memref.subview %arg0[0, 0] [8, 4] [1, 1] {nanomm.a_block = 0 : i64} : memref<10x7xf32> to memref<8x4xf32, strided<[7, 1]>>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_16 = memref.subview %subview_0[%arg3, 0] [4, 16] [1, 1] : memref<8x20xf32> to memref<4x16xf32, strided<[20, 1], offset: ?>>
      %subview_17 = memref.subview %subview_1[%arg3, 0] [4, 4] [1, 1] : memref<8x4xf32, strided<[7, 1]>> to memref<4x4xf32, strided<[7, 1], offset: ?>>
      %subview_18 = memref.subview %subview[0, 0] [4, 16] [1, 1] : memref<4x20xf32> to memref<4x16xf32, strided<[20, 1]>>
      %cst_19 = arith.constant dense<0.000000e+00> : vector<4x16xf32>
      vector.transfer_write %cst_19, %subview_16[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[20, 1], offset: ?>>
      %c1_20 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c4 step %c1_20 {
        %cst_24 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_16[%c0, %c0], %cst_24 {in_bounds = [true, true]} : memref<4x16xf32, strided<[20, 1], offset: ?>>, vector<4x16xf32>
        %1 = vector.transfer_read %subview_17[%c0, %arg4], %cst_24 {in_bounds = [true, true]} : memref<4x4xf32, strided<[7, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_18[%arg4, %c0], %cst_24 {in_bounds = [true, true]} : memref<4x16xf32, strided<[20, 1]>>, vector<1x16xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
        vector.transfer_write %3, %subview_16[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_21 = memref.subview %subview_0[%arg3, 16] [4, 4] [1, 1] : memref<8x20xf32> to memref<4x4xf32, strided<[20, 1], offset: ?>>
      %subview_22 = memref.subview %subview[0, 16] [4, 4] [1, 1] : memref<4x20xf32> to memref<4x4xf32, strided<[20, 1], offset: 16>>
      %cst_23 = arith.constant dense<0.000000e+00> : vector<4x4xf32>
      vector.transfer_write %cst_23, %subview_21[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[20, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c4 step %c1_20 {
        %cst_24 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_21[%c0, %c0], %cst_24 {in_bounds = [true, true]} : memref<4x4xf32, strided<[20, 1], offset: ?>>, vector<4x4xf32>
        %1 = vector.transfer_read %subview_17[%c0, %arg4], %cst_24 {in_bounds = [true, true]} : memref<4x4xf32, strided<[7, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_22[%arg4, %c0], %cst_24 {in_bounds = [true, true]} : memref<4x4xf32, strided<[20, 1], offset: 16>>, vector<1x4xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x4xf32> into vector<4x4xf32>
        vector.transfer_write %3, %subview_21[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_2 = memref.subview %arg2[8, 0] [2, 20] [1, 1] : memref<10x20xf32> to memref<2x20xf32, strided<[20, 1], offset: 160>>
    %subview_3 = memref.subview %arg0[8, 0] [2, 4] [1, 1] {nanomm.a_block = 1 : i64} : memref<10x7xf32> to memref<2x4xf32, strided<[7, 1], offset: 56>>
    %subview_4 = memref.subview %subview_2[0, 0] [2, 16] [1, 1] : memref<2x20xf32, strided<[20, 1], offset: 160>> to memref<2x16xf32, strided<[20, 1], offset: 160>>
    %subview_5 = memref.subview %subview_3[0, 0] [2, 4] [1, 1] : memref<2x4xf32, strided<[7, 1], offset: 56>> to memref<2x4xf32, strided<[7, 1], offset: 56>>
    %subview_6 = memref.subview %subview[0, 0] [4, 16] [1, 1] : memref<4x20xf32> to memref<4x16xf32, strided<[20, 1]>>
    %cst = arith.constant dense<0.000000e+00> : vector<2x16xf32>
    vector.transfer_write %cst, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<2x16xf32, strided<[20, 1], offset: 160>>
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c4 step %c1 {
      %cst_16 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_4[%c0, %c0], %cst_16 {in_bounds = [true, true]} : memref<2x16xf32, strided<[20, 1], offset: 160>>, vector<2x16xf32>
      %1 = vector.transfer_read %subview_5[%c0, %arg3], %cst_16 {in_bounds = [true, true]} : memref<2x4xf32, strided<[7, 1], offset: 56>>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_6[%arg3, %c0], %cst_16 {in_bounds = [true, true]} : memref<4x16xf32, strided<[20, 1]>>, vector<1x16xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x16xf32> into vector<2x16xf32>
      vector.transfer_write %3, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<2x16xf32, strided<[20, 1], offset: 160>>
    } {nanomm.nanokernel}
    %subview_7 = memref.subview %subview_2[0, 16] [2, 4] [1, 1] : memref<2x20xf32, strided<[20, 1], offset: 160>> to memref<2x4xf32, strided<[20, 1], offset: 176>>
    %subview_8 = memref.subview %subview[0, 16] [4, 4] [1, 1] : memref<4x20xf32> to memref<4x4xf32, strided<[20, 1], offset: 16>>
    %cst_9 = arith.constant dense<0.000000e+00> : vector<2x4xf32>
    vector.transfer_write %cst_9, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32, strided<[20, 1], offset: 176>>
    scf.for %arg3 = %c0 to %c4 step %c1 {
      %cst_16 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_7[%c0, %c0], %cst_16 {in_bounds = [true, true]} : memref<2x4xf32, strided<[20, 1], offset: 176>>, vector<2x4xf32>
      %1 = vector.transfer_read %subview_5[%c0, %arg3], %cst_16 {in_bounds = [true, true]} : memref<2x4xf32, strided<[7, 1], offset: 56>>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_8[%arg3, %c0], %cst_16 {in_bounds = [true, true]} : memref<4x4xf32, strided<[20, 1], offset: 16>>, vector<1x4xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x4xf32> into vector<2x4xf32>
      vector.transfer_write %3, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32, strided<[20, 1], offset: 176>>
    } {nanomm.nanokernel}
    %subview_10 = memref.subview %arg1[4, 0] [3, 20] [1, 1] {nanomm.b_block} : memref<7x20xf32> to memref<3x20xf32, strided<[20, 1], offset: 80>>
    %subview_11 = memref.subview %arg0[0, 4] [8, 3] [1, 1] {nanomm.a_block = 2 : i64} : memref<10x7xf32> to memref<8x3xf32, strided<[7, 1], offset: 4>>
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_16 = memref.subview %subview_0[%arg3, 0] [4, 16] [1, 1] : memref<8x20xf32> to memref<4x16xf32, strided<[20, 1], offset: ?>>
      %subview_17 = memref.subview %subview_11[%arg3, 0] [4, 3] [1, 1] : memref<8x3xf32, strided<[7, 1], offset: 4>> to memref<4x3xf32, strided<[7, 1], offset: ?>>
      %subview_18 = memref.subview %subview_10[0, 0] [3, 16] [1, 1] : memref<3x20xf32, strided<[20, 1], offset: 80>> to memref<3x16xf32, strided<[20, 1], offset: 80>>
      %c3_19 = arith.constant 3 : index
      scf.for %arg4 = %c0 to %c3_19 step %c1 {
        %cst_22 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_16[%c0, %c0], %cst_22 {in_bounds = [true, true]} : memref<4x16xf32, strided<[20, 1], offset: ?>>, vector<4x16xf32>
        %1 = vector.transfer_read %subview_17[%c0, %arg4], %cst_22 {in_bounds = [true, true]} : memref<4x3xf32, strided<[7, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_18[%arg4, %c0], %cst_22 {in_bounds = [true, true]} : memref<3x16xf32, strided<[20, 1], offset: 80>>, vector<1x16xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
        vector.transfer_write %3, %subview_16[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_20 = memref.subview %subview_0[%arg3, 16] [4, 4] [1, 1] : memref<8x20xf32> to memref<4x4xf32, strided<[20, 1], offset: ?>>
      %subview_21 = memref.subview %subview_10[0, 16] [3, 4] [1, 1] : memref<3x20xf32, strided<[20, 1], offset: 80>> to memref<3x4xf32, strided<[20, 1], offset: 96>>
      scf.for %arg4 = %c0 to %c3_19 step %c1 {
        %cst_22 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_20[%c0, %c0], %cst_22 {in_bounds = [true, true]} : memref<4x4xf32, strided<[20, 1], offset: ?>>, vector<4x4xf32>
        %1 = vector.transfer_read %subview_17[%c0, %arg4], %cst_22 {in_bounds = [true, true]} : memref<4x3xf32, strided<[7, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_21[%arg4, %c0], %cst_22 {in_bounds = [true, true]} : memref<3x4xf32, strided<[20, 1], offset: 96>>, vector<1x4xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x4xf32> into vector<4x4xf32>
        vector.transfer_write %3, %subview_20[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_12 = memref.subview %arg0[8, 4] [2, 3] [1, 1] {nanomm.a_block = 3 : i64} : memref<10x7xf32> to memref<2x3xf32, strided<[7, 1], offset: 60>>
    %subview_13 = memref.subview %subview_12[0, 0] [2, 3] [1, 1] : memref<2x3xf32, strided<[7, 1], offset: 60>> to memref<2x3xf32, strided<[7, 1], offset: 60>>
    %subview_14 = memref.subview %subview_10[0, 0] [3, 16] [1, 1] : memref<3x20xf32, strided<[20, 1], offset: 80>> to memref<3x16xf32, strided<[20, 1], offset: 80>>
    %c3 = arith.constant 3 : index
    scf.for %arg3 = %c0 to %c3 step %c1 {
      %cst_16 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_4[%c0, %c0], %cst_16 {in_bounds = [true, true]} : memref<2x16xf32, strided<[20, 1], offset: 160>>, vector<2x16xf32>
      %1 = vector.transfer_read %subview_13[%c0, %arg3], %cst_16 {in_bounds = [true, true]} : memref<2x3xf32, strided<[7, 1], offset: 60>>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_14[%arg3, %c0], %cst_16 {in_bounds = [true, true]} : memref<3x16xf32, strided<[20, 1], offset: 80>>, vector<1x16xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x16xf32> into vector<2x16xf32>
      vector.transfer_write %3, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<2x16xf32, strided<[20, 1], offset: 160>>
    } {nanomm.nanokernel}
    %subview_15 = memref.subview %subview_10[0, 16] [3, 4] [1, 1] : memref<3x20xf32, strided<[20, 1], offset: 80>> to memref<3x4xf32, strided<[20, 1], offset: 96>>
    scf.for %arg3 = %c0 to %c3 step %c1 {
      %cst_16 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_7[%c0, %c0], %cst_16 {in_bounds = [true, true]} : memref<2x4xf32, strided<[20, 1], offset: 176>>, vector<2x4xf32>
      %1 = vector.transfer_read %subview_13[%c0, %arg3], %cst_16 {in_bounds = [true, true]} : memref<2x3xf32, strided<[7, 1], offset: 60>>, vector<2x1xf32>
      %2 = vector.transfer_read %subview_15[%arg3, %c0], %cst_16 {in_bounds = [true, true]} : memref<3x4xf32, strided<[20, 1], offset: 96>>, vector<1x4xf32>
      %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<2x1xf32>, vector<1x4xf32> into vector<2x4xf32>
      vector.transfer_write %3, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32, strided<[20, 1], offset: 176>>
    } {nanomm.nanokernel}
    return
  }
}

// Input of tests/lit/passes/pack-vnni.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=8 nc=32 kc=8 order=nkm},tile-register{mr=4 nr=16}' tests/lit/passes/pack-vnni.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @bf16(%arg0: memref<10x7xbf16>, %arg1: memref<7x20xbf16>, %arg2: memref<10x20xf32>) {
    %subview = memref.subview %arg1[0, 0] [7, 20] [1, 1] {nanomm.b_block} : memref<7x20xbf16> to memref<7x20xbf16>
    %subview_0 = memref.subview %arg2[0, 0] [8, 20] [1, 1] : memref<10x20xf32> to memref<8x20xf32>
    %subview_1 = memref.subview %arg0[0, 0] [8, 7] [1, 1] {nanomm.a_block = 0 : i64} : memref<10x7xbf16> to memref<8x7xbf16>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_10 = memref.subview %subview_0[%arg3, 0] [4, 16] [1, 1] : memref<8x20xf32> to memref<4x16xf32, strided<[20, 1], offset: ?>>
      %subview_11 = memref.subview %subview_1[%arg3, 0] [4, 7] [1, 1] : memref<8x7xbf16> to memref<4x7xbf16, strided<[7, 1], offset: ?>>
      %subview_12 = memref.subview %subview[0, 0] [7, 16] [1, 1] : memref<7x20xbf16> to memref<7x16xbf16, strided<[20, 1]>>
      %cst_13 = arith.constant dense<0.000000e+00> : vector<4x16xf32>
      vector.transfer_write %cst_13, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[20, 1], offset: ?>>
      %c2_14 = arith.constant 2 : index
      scf.for %arg4 = %c0 to %c8 step %c2_14 {
        %cst_18 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_10[%c0, %c0], %cst_18 {in_bounds = [true, true]} : memref<4x16xf32, strided<[20, 1], offset: ?>>, vector<4x16xf32>
        %cst_19 = arith.constant 0.000000e+00 : bf16
        %1 = vector.transfer_read %subview_11[%c0, %arg4], %cst_19 {in_bounds = [true, false]} : memref<4x7xbf16, strided<[7, 1], offset: ?>>, vector<4x2xbf16>
        %2 = vector.transfer_read %subview_12[%arg4, %c0], %cst_19 {in_bounds = [false, true]} : memref<7x16xbf16, strided<[20, 1]>>, vector<2x16xbf16>
        %3 = arith.extf %1 : vector<4x2xbf16> to vector<4x2xf32>
        %4 = arith.extf %2 : vector<2x16xbf16> to vector<2x16xf32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<4x2xf32>, vector<2x16xf32> into vector<4x16xf32>
        vector.transfer_write %5, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_15 = memref.subview %subview_0[%arg3, 16] [4, 4] [1, 1] : memref<8x20xf32> to memref<4x4xf32, strided<[20, 1], offset: ?>>
      %subview_16 = memref.subview %subview[0, 16] [7, 4] [1, 1] : memref<7x20xbf16> to memref<7x4xbf16, strided<[20, 1], offset: 16>>
      %cst_17 = arith.constant dense<0.000000e+00> : vector<4x4xf32>
      vector.transfer_write %cst_17, %subview_15[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[20, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c8 step %c2_14 {
        %cst_18 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_15[%c0, %c0], %cst_18 {in_bounds = [true, true]} : memref<4x4xf32, strided<[20, 1], offset: ?>>, vector<4x4xf32>
        %cst_19 = arith.constant 0.000000e+00 : bf16
        %1 = vector.transfer_read %subview_11[%c0, %arg4], %cst_19 {in_bounds = [true, false]} : memref<4x7xbf16, strided<[7, 1], offset: ?>>, vector<4x2xbf16>
        %2 = vector.transfer_read %subview_16[%arg4, %c0], %cst_19 {in_bounds = [false, true]} : memref<7x4xbf16, strided<[20, 1], offset: 16>>, vector<2x4xbf16>
        %3 = arith.extf %1 : vector<4x2xbf16> to vector<4x2xf32>
        %4 = arith.extf %2 : vector<2x4xbf16> to vector<2x4xf32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<4x2xf32>, vector<2x4xf32> into vector<4x4xf32>
        vector.transfer_write %5, %subview_15[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4xf32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_2 = memref.subview %arg2[8, 0] [2, 20] [1, 1] : memref<10x20xf32> to memref<2x20xf32, strided<[20, 1], offset: 160>>
    %subview_3 = memref.subview %arg0[8, 0] [2, 7] [1, 1] {nanomm.a_block = 1 : i64} : memref<10x7xbf16> to memref<2x7xbf16, strided<[7, 1], offset: 56>>
    %subview_4 = memref.subview %subview_2[0, 0] [2, 16] [1, 1] : memref<2x20xf32, strided<[20, 1], offset: 160>> to memref<2x16xf32, strided<[20, 1], offset: 160>>
    %subview_5 = memref.subview %subview_3[0, 0] [2, 7] [1, 1] : memref<2x7xbf16, strided<[7, 1], offset: 56>> to memref<2x7xbf16, strided<[7, 1], offset: 56>>
    %subview_6 = memref.subview %subview[0, 0] [7, 16] [1, 1] : memref<7x20xbf16> to memref<7x16xbf16, strided<[20, 1]>>
    %cst = arith.constant dense<0.000000e+00> : vector<2x16xf32>
    vector.transfer_write %cst, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<2x16xf32, strided<[20, 1], offset: 160>>
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c8 step %c2 {
      %cst_10 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_4[%c0, %c0], %cst_10 {in_bounds = [true, true]} : memref<2x16xf32, strided<[20, 1], offset: 160>>, vector<2x16xf32>
      %cst_11 = arith.constant 0.000000e+00 : bf16
      %1 = vector.transfer_read %subview_5[%c0, %arg3], %cst_11 {in_bounds = [true, false]} : memref<2x7xbf16, strided<[7, 1], offset: 56>>, vector<2x2xbf16>
      %2 = vector.transfer_read %subview_6[%arg3, %c0], %cst_11 {in_bounds = [false, true]} : memref<7x16xbf16, strided<[20, 1]>>, vector<2x16xbf16>
      %3 = arith.extf %1 : vector<2x2xbf16> to vector<2x2xf32>
      %4 = arith.extf %2 : vector<2x16xbf16> to vector<2x16xf32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x2xf32>, vector<2x16xf32> into vector<2x16xf32>
      vector.transfer_write %5, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xf32>, memref<2x16xf32, strided<[20, 1], offset: 160>>
    } {nanomm.nanokernel}
    %subview_7 = memref.subview %subview_2[0, 16] [2, 4] [1, 1] : memref<2x20xf32, strided<[20, 1], offset: 160>> to memref<2x4xf32, strided<[20, 1], offset: 176>>
    %subview_8 = memref.subview %subview[0, 16] [7, 4] [1, 1] : memref<7x20xbf16> to memref<7x4xbf16, strided<[20, 1], offset: 16>>
    %cst_9 = arith.constant dense<0.000000e+00> : vector<2x4xf32>
    vector.transfer_write %cst_9, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32, strided<[20, 1], offset: 176>>
    scf.for %arg3 = %c0 to %c8 step %c2 {
      %cst_10 = arith.constant 0.000000e+00 : f32
      %0 = vector.transfer_read %subview_7[%c0, %c0], %cst_10 {in_bounds = [true, true]} : memref<2x4xf32, strided<[20, 1], offset: 176>>, vector<2x4xf32>
      %cst_11 = arith.constant 0.000000e+00 : bf16
      %1 = vector.transfer_read %subview_5[%c0, %arg3], %cst_11 {in_bounds = [true, false]} : memref<2x7xbf16, strided<[7, 1], offset: 56>>, vector<2x2xbf16>
      %2 = vector.transfer_read %subview_8[%arg3, %c0], %cst_11 {in_bounds = [false, true]} : memref<7x4xbf16, strided<[20, 1], offset: 16>>, vector<2x4xbf16>
      %3 = arith.extf %1 : vector<2x2xbf16> to vector<2x2xf32>
      %4 = arith.extf %2 : vector<2x4xbf16> to vector<2x4xf32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x2xf32>, vector<2x4xf32> into vector<2x4xf32>
      vector.transfer_write %5, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32, strided<[20, 1], offset: 176>>
    } {nanomm.nanokernel}
    return
  }
  func.func @u8s8(%arg0: memref<10x7xi8>, %arg1: memref<7x20xi8>, %arg2: memref<10x20xi32>) {
    %subview = memref.subview %arg1[0, 0] [7, 20] [1, 1] {nanomm.b_block} : memref<7x20xi8> to memref<7x20xi8>
    %subview_0 = memref.subview %arg2[0, 0] [8, 20] [1, 1] : memref<10x20xi32> to memref<8x20xi32>
    %subview_1 = memref.subview %arg0[0, 0] [8, 7] [1, 1] {nanomm.a_block = 0 : i64} : memref<10x7xi8> to memref<8x7xi8>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_10 = memref.subview %subview_0[%arg3, 0] [4, 16] [1, 1] : memref<8x20xi32> to memref<4x16xi32, strided<[20, 1], offset: ?>>
      %subview_11 = memref.subview %subview_1[%arg3, 0] [4, 7] [1, 1] : memref<8x7xi8> to memref<4x7xi8, strided<[7, 1], offset: ?>>
      %subview_12 = memref.subview %subview[0, 0] [7, 16] [1, 1] : memref<7x20xi8> to memref<7x16xi8, strided<[20, 1]>>
      %cst_13 = arith.constant dense<0> : vector<4x16xi32>
      vector.transfer_write %cst_13, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xi32>, memref<4x16xi32, strided<[20, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c8 step %c4 {
        %c0_i32 = arith.constant 0 : i32
        %0 = vector.transfer_read %subview_10[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<4x16xi32, strided<[20, 1], offset: ?>>, vector<4x16xi32>
        %c0_i8 = arith.constant 0 : i8
        %1 = vector.transfer_read %subview_11[%c0, %arg4], %c0_i8 {in_bounds = [true, false]} : memref<4x7xi8, strided<[7, 1], offset: ?>>, vector<4x4xi8>
        %2 = vector.transfer_read %subview_12[%arg4, %c0], %c0_i8 {in_bounds = [false, true]} : memref<7x16xi8, strided<[20, 1]>>, vector<4x16xi8>
        %3 = arith.extui %1 : vector<4x4xi8> to vector<4x4xi32>
        %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<4x4xi32>, vector<4x16xi32> into vector<4x16xi32>
        vector.transfer_write %5, %subview_10[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xi32>, memref<4x16xi32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_14 = memref.subview %subview_0[%arg3, 16] [4, 4] [1, 1] : memref<8x20xi32> to memref<4x4xi32, strided<[20, 1], offset: ?>>
      %subview_15 = memref.subview %subview[0, 16] [7, 4] [1, 1] : memref<7x20xi8> to memref<7x4xi8, strided<[20, 1], offset: 16>>
      %cst_16 = arith.constant dense<0> : vector<4x4xi32>
      vector.transfer_write %cst_16, %subview_14[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xi32>, memref<4x4xi32, strided<[20, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c8 step %c4 {
        %c0_i32 = arith.constant 0 : i32
        %0 = vector.transfer_read %subview_14[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<4x4xi32, strided<[20, 1], offset: ?>>, vector<4x4xi32>
        %c0_i8 = arith.constant 0 : i8
        %1 = vector.transfer_read %subview_11[%c0, %arg4], %c0_i8 {in_bounds = [true, false]} : memref<4x7xi8, strided<[7, 1], offset: ?>>, vector<4x4xi8>
        %2 = vector.transfer_read %subview_15[%arg4, %c0], %c0_i8 {in_bounds = [false, true]} : memref<7x4xi8, strided<[20, 1], offset: 16>>, vector<4x4xi8>
        %3 = arith.extui %1 : vector<4x4xi8> to vector<4x4xi32>
        %4 = arith.extsi %2 : vector<4x4xi8> to vector<4x4xi32>
        %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<4x4xi32>, vector<4x4xi32> into vector<4x4xi32>
        vector.transfer_write %5, %subview_14[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xi32>, memref<4x4xi32, strided<[20, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_2 = memref.subview %arg2[8, 0] [2, 20] [1, 1] : memref<10x20xi32> to memref<2x20xi32, strided<[20, 1], offset: 160>>
    %subview_3 = memref.subview %arg0[8, 0] [2, 7] [1, 1] {nanomm.a_block = 1 : i64} : memref<10x7xi8> to memref<2x7xi8, strided<[7, 1], offset: 56>>
    %subview_4 = memref.subview %subview_2[0, 0] [2, 16] [1, 1] : memref<2x20xi32, strided<[20, 1], offset: 160>> to memref<2x16xi32, strided<[20, 1], offset: 160>>
    %subview_5 = memref.subview %subview_3[0, 0] [2, 7] [1, 1] : memref<2x7xi8, strided<[7, 1], offset: 56>> to memref<2x7xi8, strided<[7, 1], offset: 56>>
    %subview_6 = memref.subview %subview[0, 0] [7, 16] [1, 1] : memref<7x20xi8> to memref<7x16xi8, strided<[20, 1]>>
    %cst = arith.constant dense<0> : vector<2x16xi32>
    vector.transfer_write %cst, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[20, 1], offset: 160>>
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %0 = vector.transfer_read %subview_4[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32, strided<[20, 1], offset: 160>>, vector<2x16xi32>
      %c0_i8 = arith.constant 0 : i8
      %1 = vector.transfer_read %subview_5[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<2x7xi8, strided<[7, 1], offset: 56>>, vector<2x4xi8>
      %2 = vector.transfer_read %subview_6[%arg3, %c0], %c0_i8 {in_bounds = [false, true]} : memref<7x16xi8, strided<[20, 1]>>, vector<4x16xi8>
      %3 = arith.extui %1 : vector<2x4xi8> to vector<2x4xi32>
      %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
      vector.transfer_write %5, %subview_4[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[20, 1], offset: 160>>
    } {nanomm.nanokernel}
    %subview_7 = memref.subview %subview_2[0, 16] [2, 4] [1, 1] : memref<2x20xi32, strided<[20, 1], offset: 160>> to memref<2x4xi32, strided<[20, 1], offset: 176>>
    %subview_8 = memref.subview %subview[0, 16] [7, 4] [1, 1] : memref<7x20xi8> to memref<7x4xi8, strided<[20, 1], offset: 16>>
    %cst_9 = arith.constant dense<0> : vector<2x4xi32>
    vector.transfer_write %cst_9, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xi32>, memref<2x4xi32, strided<[20, 1], offset: 176>>
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %0 = vector.transfer_read %subview_7[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x4xi32, strided<[20, 1], offset: 176>>, vector<2x4xi32>
      %c0_i8 = arith.constant 0 : i8
      %1 = vector.transfer_read %subview_5[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<2x7xi8, strided<[7, 1], offset: 56>>, vector<2x4xi8>
      %2 = vector.transfer_read %subview_8[%arg3, %c0], %c0_i8 {in_bounds = [false, true]} : memref<7x4xi8, strided<[20, 1], offset: 16>>, vector<4x4xi8>
      %3 = arith.extui %1 : vector<2x4xi8> to vector<2x4xi32>
      %4 = arith.extsi %2 : vector<4x4xi8> to vector<4x4xi32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x4xi32> into vector<2x4xi32>
      vector.transfer_write %5, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xi32>, memref<2x4xi32, strided<[20, 1], offset: 176>>
    } {nanomm.nanokernel}
    return
  }
}

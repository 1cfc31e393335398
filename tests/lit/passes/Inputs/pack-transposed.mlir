// Input of tests/lit/passes/pack-transposed.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=8 nc=64 kc=32 order=nkm},tile-register{mr=4 nr=32}' tests/lit/passes/pack-transposed.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @bt(%arg0: memref<8x40xf32>, %arg1: memref<48x40xf32>, %arg2: memref<8x48xf32>) {
    %transpose = memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<48x40xf32> to memref<40x48xf32, strided<[1, 40]>>
    %subview = memref.subview %transpose[0, 0] [32, 48] [1, 1] {nanomm.b_block} : memref<40x48xf32, strided<[1, 40]>> to memref<32x48xf32, strided<[1, 40]>>
    %subview_0 = memref.subview %arg0[0, 0] [8, 32] [1, 1] {nanomm.a_block = 0 : i64} : memref<8x40xf32> to memref<8x32xf32, strided<[40, 1]>>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg3, 0] [4, 32] [1, 1] : memref<8x48xf32> to memref<4x32xf32, strided<[48, 1], offset: ?>>
      %subview_4 = memref.subview %subview_0[%arg3, 0] [4, 32] [1, 1] : memref<8x32xf32, strided<[40, 1]>> to memref<4x32xf32, strided<[40, 1], offset: ?>>
      %subview_5 = memref.subview %subview[0, 0] [32, 32] [1, 1] : memref<32x48xf32, strided<[1, 40]>> to memref<32x32xf32, strided<[1, 40]>>
      %cst = arith.constant dense<0.000000e+00> : vector<4x32xf32>
      vector.transfer_write %cst, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[48, 1], offset: ?>>
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst_9 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[48, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg4, %c0], %cst_9 {in_bounds = [true, true]} : memref<32x32xf32, strided<[1, 40]>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[%arg3, 32] [4, 16] [1, 1] : memref<8x48xf32> to memref<4x16xf32, strided<[48, 1], offset: ?>>
      %subview_7 = memref.subview %subview[0, 32] [32, 16] [1, 1] : memref<32x48xf32, strided<[1, 40]>> to memref<32x16xf32, strided<[1, 40], offset: 1280>>
      %cst_8 = arith.constant dense<0.000000e+00> : vector<4x16xf32>
      vector.transfer_write %cst_8, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[48, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst_9 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_6[%c0, %c0], %cst_9 {in_bounds = [true, true]} : memref<4x16xf32, strided<[48, 1], offset: ?>>, vector<4x16xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_7[%arg4, %c0], %cst_9 {in_bounds = [true, true]} : memref<32x16xf32, strided<[1, 40], offset: 1280>>, vector<1x16xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
        vector.transfer_write %3, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_1 = memref.subview %transpose[32, 0] [8, 48] [1, 1] {nanomm.b_block} : memref<40x48xf32, strided<[1, 40]>> to memref<8x48xf32, strided<[1, 40], offset: 32>>
    %subview_2 = memref.subview %arg0[0, 32] [8, 8] [1, 1] {nanomm.a_block = 1 : i64} : memref<8x40xf32> to memref<8x8xf32, strided<[40, 1], offset: 32>>
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg3, 0] [4, 32] [1, 1] : memref<8x48xf32> to memref<4x32xf32, strided<[48, 1], offset: ?>>
      %subview_4 = memref.subview %subview_2[%arg3, 0] [4, 8] [1, 1] : memref<8x8xf32, strided<[40, 1], offset: 32>> to memref<4x8xf32, strided<[40, 1], offset: ?>>
      %subview_5 = memref.subview %subview_1[0, 0] [8, 32] [1, 1] : memref<8x48xf32, strided<[1, 40], offset: 32>> to memref<8x32xf32, strided<[1, 40], offset: 32>>
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[48, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg4, %c0], %cst {in_bounds = [true, true]} : memref<8x32xf32, strided<[1, 40], offset: 32>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[%arg3, 32] [4, 16] [1, 1] : memref<8x48xf32> to memref<4x16xf32, strided<[48, 1], offset: ?>>
      %subview_7 = memref.subview %subview_1[0, 32] [8, 16] [1, 1] : memref<8x48xf32, strided<[1, 40], offset: 32>> to memref<8x16xf32, strided<[1, 40], offset: 1312>>
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x16xf32, strided<[48, 1], offset: ?>>, vector<4x16xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_7[%arg4, %c0], %cst {in_bounds = [true, true]} : memref<8x16xf32, strided<[1, 40], offset: 1312>>, vector<1x16xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
        vector.transfer_write %3, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    return
  }
  func.func @maps(%arg0: memref<8x40xf32>, %arg1: memref<48x40xf32>, %arg2: memref<8x48xf32>) {
    %transpose = memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<48x40xf32> to memref<40x48xf32, strided<[1, 40]>>
    %subview = memref.subview %transpose[0, 0] [32, 48] [1, 1] {nanomm.b_block} : memref<40x48xf32, strided<[1, 40]>> to memref<32x48xf32, strided<[1, 40]>>
    %subview_0 = memref.subview %arg0[0, 0] [8, 32] [1, 1] {nanomm.a_block = 0 : i64} : memref<8x40xf32> to memref<8x32xf32, strided<[40, 1]>>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg3, 0] [4, 32] [1, 1] : memref<8x48xf32> to memref<4x32xf32, strided<[48, 1], offset: ?>>
      %subview_4 = memref.subview %subview_0[%arg3, 0] [4, 32] [1, 1] : memref<8x32xf32, strided<[40, 1]>> to memref<4x32xf32, strided<[40, 1], offset: ?>>
      %subview_5 = memref.subview %subview[0, 0] [32, 32] [1, 1] : memref<32x48xf32, strided<[1, 40]>> to memref<32x32xf32, strided<[1, 40]>>
      %cst = arith.constant dense<0.000000e+00> : vector<4x32xf32>
      vector.transfer_write %cst, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[48, 1], offset: ?>>
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst_9 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[48, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg4, %c0], %cst_9 {in_bounds = [true, true]} : memref<32x32xf32, strided<[1, 40]>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[%arg3, 32] [4, 16] [1, 1] : memref<8x48xf32> to memref<4x16xf32, strided<[48, 1], offset: ?>>
      %subview_7 = memref.subview %subview[0, 32] [32, 16] [1, 1] : memref<32x48xf32, strided<[1, 40]>> to memref<32x16xf32, strided<[1, 40], offset: 1280>>
      %cst_8 = arith.constant dense<0.000000e+00> : vector<4x16xf32>
      vector.transfer_write %cst_8, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[48, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst_9 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_6[%c0, %c0], %cst_9 {in_bounds = [true, true]} : memref<4x16xf32, strided<[48, 1], offset: ?>>, vector<4x16xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_7[%arg4, %c0], %cst_9 {in_bounds = [true, true]} : memref<32x16xf32, strided<[1, 40], offset: 1280>>, vector<1x16xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
        vector.transfer_write %3, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_1 = memref.subview %transpose[32, 0] [8, 48] [1, 1] {nanomm.b_block} : memref<40x48xf32, strided<[1, 40]>> to memref<8x48xf32, strided<[1, 40], offset: 32>>
    %subview_2 = memref.subview %arg0[0, 32] [8, 8] [1, 1] {nanomm.a_block = 1 : i64} : memref<8x40xf32> to memref<8x8xf32, strided<[40, 1], offset: 32>>
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg3, 0] [4, 32] [1, 1] : memref<8x48xf32> to memref<4x32xf32, strided<[48, 1], offset: ?>>
      %subview_4 = memref.subview %subview_2[%arg3, 0] [4, 8] [1, 1] : memref<8x8xf32, strided<[40, 1], offset: 32>> to memref<4x8xf32, strided<[40, 1], offset: ?>>
      %subview_5 = memref.subview %subview_1[0, 0] [8, 32] [1, 1] : memref<8x48xf32, strided<[1, 40], offset: 32>> to memref<8x32xf32, strided<[1, 40], offset: 32>>
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[48, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg4, %c0], %cst {in_bounds = [true, true]} : memref<8x32xf32, strided<[1, 40], offset: 32>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[%arg3, 32] [4, 16] [1, 1] : memref<8x48xf32> to memref<4x16xf32, strided<[48, 1], offset: ?>>
      %subview_7 = memref.subview %subview_1[0, 32] [8, 16] [1, 1] : memref<8x48xf32, strided<[1, 40], offset: 32>> to memref<8x16xf32, strided<[1, 40], offset: 1312>>
      scf.for %arg4 = %c0 to %c8 step %c1 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x16xf32, strided<[48, 1], offset: ?>>, vector<4x16xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_7[%arg4, %c0], %cst {in_bounds = [true, true]} : memref<8x16xf32, strided<[1, 40], offset: 1312>>, vector<1x16xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
        vector.transfer_write %3, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x16xf32>, memref<4x16xf32, strided<[48, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    return
  }
}

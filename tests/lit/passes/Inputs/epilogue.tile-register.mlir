// Input of tests/lit/passes/epilogue.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=8 nc=64 kc=32},tile-register{mr=4 nr=32}' tests/lit/passes/epilogue.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bias_relu(%arg0: memref<8x64xf32>, %arg1: memref<64x40xf32>, %arg2: memref<8x40xf32>, %arg3: memref<40xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %subview = memref.subview %arg0[0, 0] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg4 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg4, 0] [4, 32] [1, 1] : memref<8x40xf32> to memref<4x32xf32, strided<[40, 1], offset: ?>>
      %subview_4 = memref.subview %subview[%arg4, 0] [4, 32] [1, 1] : memref<8x32xf32, strided<[64, 1]>> to memref<4x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %subview_0[0, 0] [32, 32] [1, 1] : memref<32x40xf32> to memref<32x32xf32, strided<[40, 1]>>
      %cst_6 = arith.constant dense<0.000000e+00> : vector<4x32xf32>
      vector.transfer_write %cst_6, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[40, 1], offset: ?>>
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      scf.for %arg5 = %c0 to %c32 step %c1 {
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg5], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg5, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32, strided<[40, 1]>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_7 = memref.subview %arg2[%arg4, 32] [4, 8] [1, 1] : memref<8x40xf32> to memref<4x8xf32, strided<[40, 1], offset: ?>>
      %subview_8 = memref.subview %subview_0[0, 32] [32, 8] [1, 1] : memref<32x40xf32> to memref<32x8xf32, strided<[40, 1], offset: 32>>
      %cst_9 = arith.constant dense<0.000000e+00> : vector<4x8xf32>
      vector.transfer_write %cst_9, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32, strided<[40, 1], offset: ?>>
      scf.for %arg5 = %c0 to %c32 step %c1 {
        %0 = vector.transfer_read %subview_7[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x8xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg5], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_8[%arg5, %c0], %cst {in_bounds = [true, true]} : memref<32x8xf32, strided<[40, 1], offset: 32>>, vector<1x8xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x8xf32> into vector<4x8xf32>
        vector.transfer_write %3, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_1 = memref.subview %arg0[0, 32] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1], offset: 32>>
    %subview_2 = memref.subview %arg1[32, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32, strided<[40, 1], offset: 1280>>
    scf.for %arg4 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg4, 0] [4, 32] [1, 1] : memref<8x40xf32> to memref<4x32xf32, strided<[40, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg4, 0] [4, 32] [1, 1] : memref<8x32xf32, strided<[64, 1], offset: 32>> to memref<4x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[0, 0] [32, 32] [1, 1] : memref<32x40xf32, strided<[40, 1], offset: 1280>> to memref<32x32xf32, strided<[40, 1], offset: 1280>>
      %subview_6 = memref.subview %arg3[0] [32] [1] : memref<40xf32> to memref<32xf32>
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      scf.for %arg5 = %c0 to %c32 step %c1 {
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg5], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg5, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32, strided<[40, 1], offset: 1280>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
      linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%subview_6 : memref<32xf32>) outs(%subview_3 : memref<4x32xf32, strided<[40, 1], offset: ?>>) {
      ^bb0(%in: f32, %out: f32):
        %0 = arith.addf %out, %in : f32
        %1 = arith.maximumf %0, %cst : f32
        linalg.yield %1 : f32
      }
      %subview_7 = memref.subview %arg2[%arg4, 32] [4, 8] [1, 1] : memref<8x40xf32> to memref<4x8xf32, strided<[40, 1], offset: ?>>
      %subview_8 = memref.subview %subview_2[0, 32] [32, 8] [1, 1] : memref<32x40xf32, strided<[40, 1], offset: 1280>> to memref<32x8xf32, strided<[40, 1], offset: 1312>>
      %subview_9 = memref.subview %arg3[32] [8] [1] : memref<40xf32> to memref<8xf32, strided<[1], offset: 32>>
      scf.for %arg5 = %c0 to %c32 step %c1 {
        %0 = vector.transfer_read %subview_7[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x8xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg5], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_8[%arg5, %c0], %cst {in_bounds = [true, true]} : memref<32x8xf32, strided<[40, 1], offset: 1312>>, vector<1x8xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x8xf32> into vector<4x8xf32>
        vector.transfer_write %3, %subview_7[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
      linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%subview_9 : memref<8xf32, strided<[1], offset: 32>>) outs(%subview_7 : memref<4x8xf32, strided<[40, 1], offset: ?>>) {
      ^bb0(%in: f32, %out: f32):
        %0 = arith.addf %out, %in : f32
        %1 = arith.maximumf %0, %cst : f32
        linalg.yield %1 : f32
      }
    }
    return
  }
  func.func @gelu(%arg0: memref<8x64xf32>, %arg1: memref<64x40xf32>, %arg2: memref<8x40xf32>) {
    %subview = memref.subview %arg0[0, 0] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg3, 0] [4, 32] [1, 1] : memref<8x40xf32> to memref<4x32xf32, strided<[40, 1], offset: ?>>
      %subview_4 = memref.subview %subview[%arg3, 0] [4, 32] [1, 1] : memref<8x32xf32, strided<[64, 1]>> to memref<4x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %subview_0[0, 0] [32, 32] [1, 1] : memref<32x40xf32> to memref<32x32xf32, strided<[40, 1]>>
      %cst = arith.constant dense<0.000000e+00> : vector<4x32xf32>
      vector.transfer_write %cst, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[40, 1], offset: ?>>
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst_9 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg4, %c0], %cst_9 {in_bounds = [true, true]} : memref<32x32xf32, strided<[40, 1]>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[%arg3, 32] [4, 8] [1, 1] : memref<8x40xf32> to memref<4x8xf32, strided<[40, 1], offset: ?>>
      %subview_7 = memref.subview %subview_0[0, 32] [32, 8] [1, 1] : memref<32x40xf32> to memref<32x8xf32, strided<[40, 1], offset: 32>>
      %cst_8 = arith.constant dense<0.000000e+00> : vector<4x8xf32>
      vector.transfer_write %cst_8, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32, strided<[40, 1], offset: ?>>
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst_9 = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_6[%c0, %c0], %cst_9 {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x8xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst_9 {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_7[%arg4, %c0], %cst_9 {in_bounds = [true, true]} : memref<32x8xf32, strided<[40, 1], offset: 32>>, vector<1x8xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x8xf32> into vector<4x8xf32>
        vector.transfer_write %3, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    %subview_1 = memref.subview %arg0[0, 32] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1], offset: 32>>
    %subview_2 = memref.subview %arg1[32, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32, strided<[40, 1], offset: 1280>>
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %subview_3 = memref.subview %arg2[%arg3, 0] [4, 32] [1, 1] : memref<8x40xf32> to memref<4x32xf32, strided<[40, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg3, 0] [4, 32] [1, 1] : memref<8x32xf32, strided<[64, 1], offset: 32>> to memref<4x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[0, 0] [32, 32] [1, 1] : memref<32x40xf32, strided<[40, 1], offset: 1280>> to memref<32x32xf32, strided<[40, 1], offset: 1280>>
      %c32 = arith.constant 32 : index
      %c1 = arith.constant 1 : index
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_3[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[40, 1], offset: ?>>, vector<4x32xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_5[%arg4, %c0], %cst {in_bounds = [true, true]} : memref<32x32xf32, strided<[40, 1], offset: 1280>>, vector<1x32xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
        vector.transfer_write %3, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<4x32xf32>, memref<4x32xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
      %subview_6 = memref.subview %arg2[%arg3, 32] [4, 8] [1, 1] : memref<8x40xf32> to memref<4x8xf32, strided<[40, 1], offset: ?>>
      %subview_7 = memref.subview %subview_2[0, 32] [32, 8] [1, 1] : memref<32x40xf32, strided<[40, 1], offset: 1280>> to memref<32x8xf32, strided<[40, 1], offset: 1312>>
      scf.for %arg4 = %c0 to %c32 step %c1 {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x8xf32, strided<[40, 1], offset: ?>>, vector<4x8xf32>
        %1 = vector.transfer_read %subview_4[%c0, %arg4], %cst {in_bounds = [true, true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<4x1xf32>
        %2 = vector.transfer_read %subview_7[%arg4, %c0], %cst {in_bounds = [true, true]} : memref<32x8xf32, strided<[40, 1], offset: 1312>>, vector<1x8xf32>
        %3 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %1, %2, %0 : vector<4x1xf32>, vector<1x8xf32> into vector<4x8xf32>
        vector.transfer_write %3, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<4x8xf32>, memref<4x8xf32, strided<[40, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel"]} outs(%arg2 : memref<8x40xf32>) {
    ^bb0(%out: f32):
      %cst = arith.constant 0.707106769 : f32
      %cst_3 = arith.constant 5.000000e-01 : f32
      %cst_4 = arith.constant 1.000000e+00 : f32
      %0 = arith.mulf %out, %cst : f32
      %1 = math.erf %0 : f32
      %2 = arith.addf %1, %cst_4 : f32
      %3 = arith.mulf %out, %cst_3 : f32
      %4 = arith.mulf %3, %2 : f32
      linalg.yield %4 : f32
    }
    return
  }
}

// Input of tests/lit/passes/epilogue.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=8 nc=64 kc=32}' tests/lit/passes/epilogue.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @bias_relu(%arg0: memref<8x64xf32>, %arg1: memref<64x40xf32>, %arg2: memref<8x40xf32>, %arg3: memref<40xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %subview = memref.subview %arg0[0, 0] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32>
    linalg.fill ins(%cst : f32) outs(%arg2 : memref<8x40xf32>)
    linalg.matmul ins(%subview, %subview_0 : memref<8x32xf32, strided<[64, 1]>>, memref<32x40xf32>) outs(%arg2 : memref<8x40xf32>)
    %subview_1 = memref.subview %arg0[0, 32] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1], offset: 32>>
    %subview_2 = memref.subview %arg1[32, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32, strided<[40, 1], offset: 1280>>
    linalg.matmul ins(%subview_1, %subview_2 : memref<8x32xf32, strided<[64, 1], offset: 32>>, memref<32x40xf32, strided<[40, 1], offset: 1280>>) outs(%arg2 : memref<8x40xf32>)
    linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : memref<40xf32>) outs(%arg2 : memref<8x40xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %out, %in : f32
      %1 = arith.maximumf %0, %cst : f32
      linalg.yield %1 : f32
    }
    return
  }
  func.func @gelu(%arg0: memref<8x64xf32>, %arg1: memref<64x40xf32>, %arg2: memref<8x40xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %subview = memref.subview %arg0[0, 0] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32>
    linalg.fill ins(%cst : f32) outs(%arg2 : memref<8x40xf32>)
    linalg.matmul ins(%subview, %subview_0 : memref<8x32xf32, strided<[64, 1]>>, memref<32x40xf32>) outs(%arg2 : memref<8x40xf32>)
    %subview_1 = memref.subview %arg0[0, 32] [8, 32] [1, 1] : memref<8x64xf32> to memref<8x32xf32, strided<[64, 1], offset: 32>>
    %subview_2 = memref.subview %arg1[32, 0] [32, 40] [1, 1] : memref<64x40xf32> to memref<32x40xf32, strided<[40, 1], offset: 1280>>
    linalg.matmul ins(%subview_1, %subview_2 : memref<8x32xf32, strided<[64, 1], offset: 32>>, memref<32x40xf32, strided<[40, 1], offset: 1280>>) outs(%arg2 : memref<8x40xf32>)
    linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel"]} outs(%arg2 : memref<8x40xf32>) {
    ^bb0(%out: f32):
      %cst_3 = arith.constant 0.707106769 : f32
      %cst_4 = arith.constant 5.000000e-01 : f32
      %cst_5 = arith.constant 1.000000e+00 : f32
      %0 = arith.mulf %out, %cst_3 : f32
      %1 = math.erf %0 : f32
      %2 = arith.addf %1, %cst_5 : f32
      %3 = arith.mulf %out, %cst_4 : f32
      %4 = arith.mulf %3, %2 : f32
      linalg.yield %4 : f32
    }
    return
  }
}

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @scores(%arg0: tensor<2x4x6x8xf32>, %arg1: tensor<2x4x6x8xf32>) -> tensor<2x4x6x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.8284271247461903 : f64
    %0 = tensor.empty() : tensor<2x4x8x6xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<2x4x6x8xf32>) outs(%0 : tensor<2x4x8x6xf32>) permutation = [0, 1, 3, 2] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x4x6x8xf32> into tensor<8x6x8xf32>
    %collapsed_1 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<2x4x8x6xf32> into tensor<8x8x6xf32>
    %1 = tensor.empty() : tensor<8x6x6xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x6x6xf32>) -> tensor<8x6x6xf32>
    %3 = linalg.batch_matmul ins(%collapsed, %collapsed_1 : tensor<8x6x8xf32>, tensor<8x8x6xf32>) outs(%2 : tensor<8x6x6xf32>) -> tensor<8x6x6xf32>
    %expanded = tensor.expand_shape %3 [[0, 1], [2], [3]] output_shape [2, 4, 6, 6] : tensor<8x6x6xf32> into tensor<2x4x6x6xf32>
    %4 = tensor.empty() : tensor<2x4x6x6xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x4x6x6xf32>) outs(%4 : tensor<2x4x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.truncf %cst_0 : f64 to f32
      %7 = arith.divf %in, %6 : f32
      linalg.yield %7 : f32
    } -> tensor<2x4x6x6xf32>
    return %5 : tensor<2x4x6x6xf32>
  }
}

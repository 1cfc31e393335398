module {
  func.func @bmm(%arg0: tensor<3x4x8xf32>, %arg1: tensor<3x8x5xf32>) -> tensor<3x4x5xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<3x4x5xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
    %2 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<3x4x8xf32>, tensor<3x8x5xf32>) outs(%1 : tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
    return %2 : tensor<3x4x5xf32>
  }
}

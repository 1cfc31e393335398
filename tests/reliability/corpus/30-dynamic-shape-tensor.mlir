// EXPECT: tensor<4x?xf32>
// EXPECT-OPT: requires buffer semantics
// EXPECT-COMPILE: dynamic shape
func.func @t(%a: tensor<4x?xf32>, %b: tensor<?x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x?xf32>, tensor<?x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// EXPECT: tensor<?x8xf32>
// EXPECT-OPT: requires buffer semantics
// EXPECT-COMPILE: dynamic shape
func.func @t(%a: tensor<?x8xf32>, %b: tensor<8x5xf32>, %c: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x5xf32>) outs(%c : tensor<?x5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// EXPECT: larger than a 64-bit address space
func.func @f() -> tensor<100000000000x100000000000xf32> {
  %c = arith.constant dense<1.0> : tensor<100000000000x100000000000xf32>
  return %c : tensor<100000000000x100000000000xf32>
}

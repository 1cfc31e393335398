// EXPECT: larger than a 64-bit address space
func.func @mm(%A: memref<18446744073709551616x8xf32>, %B: memref<8x5xf32>, %C: memref<18446744073709551616x5xf32>) {
  linalg.matmul ins(%A, %B : memref<18446744073709551616x8xf32>, memref<8x5xf32>) outs(%C : memref<18446744073709551616x5xf32>)
  return
}

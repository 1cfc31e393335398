// EXPECT-OPT: must be positive, got 0
// EXPECT-COMPILE: zero-size dimension
func.func @mm(%A: memref<4x0xf32>, %B: memref<0x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x0xf32>, memref<0x5xf32>) outs(%C : memref<4x5xf32>)
  return
}

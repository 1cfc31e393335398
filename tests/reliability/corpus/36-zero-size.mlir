// EXPECT-OPT: must be positive, got 0
// EXPECT-COMPILE: zero-size dimension
func.func @mm(%A: memref<0x8xf32>, %B: memref<8x5xf32>, %C: memref<0x5xf32>) {
  linalg.matmul ins(%A, %B : memref<0x8xf32>, memref<8x5xf32>) outs(%C : memref<0x5xf32>)
  return
}

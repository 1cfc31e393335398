// EXPECT: invalid MLIR
func.func @mm(%A: memref<4x8x!foo.bar>, %B: memref<8x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x8x!foo.bar>, memref<8x5xf32>) outs(%C : memref<4x5xf32>)
  return
}

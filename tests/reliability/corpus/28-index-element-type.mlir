// EXPECT: invalid MLIR
// got 'index'
func.func @mm(%A: memref<4x8xindex>, %B: memref<8x5xindex>, %C: memref<4x5xindex>) {
  linalg.matmul ins(%A, %B : memref<4x8xindex>, memref<8x5xindex>) outs(%C : memref<4x5xindex>)
  return
}

// EXPECT: invalid MLIR
[31mfunc.func @mm(%A: memref<4x8xf32>, %B: memref<8x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x8xf32>, memref<8x5xf32>) outs(%C : memref<4x5xf32>)
  return
}

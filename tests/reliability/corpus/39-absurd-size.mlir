// EXPECT: larger than a 64-bit address space
func.func @mm(%A: memref<100000000000x100000000000xf32>, %B: memref<100000000000x100000000000xf32>, %C: memref<100000000000x100000000000xf32>) {
  linalg.matmul ins(%A, %B : memref<100000000000x100000000000xf32>, memref<100000000000x100000000000xf32>) outs(%C : memref<100000000000x100000000000xf32>)
  return
}

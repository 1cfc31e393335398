// EXPECT: memref<?x8xf32>
// EXPECT-OPT: requires static-shape memrefs
// EXPECT-COMPILE: dynamic shape
func.func @mm(%A: memref<?x8xf32>, %B: memref<8x5xf32>, %C: memref<?x5xf32>) {
  linalg.matmul ins(%A, %B : memref<?x8xf32>, memref<8x5xf32>) outs(%C : memref<?x5xf32>)
  return
}

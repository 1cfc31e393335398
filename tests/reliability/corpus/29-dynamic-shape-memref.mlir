// EXPECT: memref<4x?xf32>
// EXPECT-OPT: requires static-shape memrefs
// EXPECT-COMPILE: dynamic shape
func.func @mm(%A: memref<4x?xf32>, %B: memref<?x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x?xf32>, memref<?x5xf32>) outs(%C : memref<4x5xf32>)
  return
}

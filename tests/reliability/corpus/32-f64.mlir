// EXPECT-OPT: supports f32 operands only
// EXPECT-COMPILE: element types f64
func.func @mm(%A: memref<4x8xf64>, %B: memref<8x5xf64>, %C: memref<4x5xf64>) {
  linalg.matmul ins(%A, %B : memref<4x8xf64>, memref<8x5xf64>) outs(%C : memref<4x5xf64>)
  return
}

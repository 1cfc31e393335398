// EXPECT-OPT: supports f32 operands only
// EXPECT-COMPILE: element types complex<f32>
func.func @mm(%A: memref<4x8xcomplex<f32>>, %B: memref<8x5xcomplex<f32>>, %C: memref<4x5xcomplex<f32>>) {
  linalg.matmul ins(%A, %B : memref<4x8xcomplex<f32>>, memref<8x5xcomplex<f32>>) outs(%C : memref<4x5xcomplex<f32>>)
  return
}

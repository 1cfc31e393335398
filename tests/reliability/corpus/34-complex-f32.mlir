// EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got
// EXPECT-COMPILE: element types complex<f32>
func.func @mm(%A: memref<4x8xcomplex<f32>>, %B: memref<8x5xcomplex<f32>>, %C: memref<4x5xcomplex<f32>>) {
  linalg.matmul ins(%A, %B : memref<4x8xcomplex<f32>>, memref<8x5xcomplex<f32>>) outs(%C : memref<4x5xcomplex<f32>>)
  return
}

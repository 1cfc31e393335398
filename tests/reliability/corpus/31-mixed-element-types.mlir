// EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got
// EXPECT-COMPILE: element types f32, f64, f32 are not supported
func.func @mm(%A: memref<4x8xf32>, %B: memref<8x5xf64>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x8xf32>, memref<8x5xf64>) outs(%C : memref<4x5xf32>)
  return
}

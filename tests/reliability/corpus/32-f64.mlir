// EXPECT-OPT: supports f32 x f32 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32; got
// EXPECT-COMPILE: element types f64
func.func @mm(%A: memref<4x8xf64>, %B: memref<8x5xf64>, %C: memref<4x5xf64>) {
  linalg.matmul ins(%A, %B : memref<4x8xf64>, memref<8x5xf64>) outs(%C : memref<4x5xf64>)
  return
}

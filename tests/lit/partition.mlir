// nanomm-opt --partition shows how nanomm.compile cuts a function: the contraction with what fuses
// into its epilogue (the bias) goes to nanomm's kernels; the row max and the subtraction, which no
// epilogue holds, form one segment for MLIR's own lowering, a tensor function of the kernel's result.
// RUN: nanomm-opt --partition %s | FileCheck %s
// RUN: not nanomm-opt --partition %S/opt-errors.mlir 2>&1 | FileCheck %s --check-prefix=NONE

// CHECK:      // @scores: 1 contraction(s), 1 upstream segment(s)
// CHECK-NEXT: //   linalg.matmul loc({{.*}}): 4x6x8 f32, B constant, pre-packed, epilogue bias
// CHECK-NEXT: //   upstream segment 0: 2 ops (linalg.generic x2), 1 input(s), 1 output(s)
// CHECK:      // upstream segment 0
// CHECK:      func.func @segment(%arg0: tensor<4x6xf32> {bufferization.writable = false}) -> tensor<4x6xf32>
// CHECK:        arith.constant 0xFF800000 : f32
// CHECK:        linalg.fill
// CHECK:        linalg.generic {{.*}}"reduction"
// CHECK:          arith.maximumf
// CHECK:        linalg.generic
// CHECK:          arith.subf
// CHECK:        return
// CHECK-NOT:    linalg.matmul
// NONE: error: no public function of several ops to partition

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @scores(%a: tensor<4x8xf32>) -> tensor<4x6xf32> {
  %w = arith.constant dense<0.5> : tensor<8x6xf32>
  %bias = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %c = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x6xf32>) outs(%init : tensor<4x6xf32>) -> tensor<4x6xf32>
  %cb = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
       ins(%c, %bias : tensor<4x6xf32>, tensor<6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<4x6xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
       ins(%cb : tensor<4x6xf32>) outs(%m0 : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = arith.maximumf %x, %o : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
       ins(%cb, %m : tensor<4x6xf32>, tensor<4xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.subf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<4x6xf32>
  return %s : tensor<4x6xf32>
}

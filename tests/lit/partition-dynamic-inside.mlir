// Static arguments, a dynamic size inside: torch-mlir casts the parts of torch.roll's concat to `?`.
// --partition (as nanomm.compile) folds the function's sizes for its own argument shapes (static-shapes),
// and the concat reads its parts as they are.
// RUN: nanomm-opt --partition %s | FileCheck %s
// CHECK: // @f: 1 contraction(s), 1 upstream segment(s)
// CHECK: //   linalg.matmul {{.*}}: 3x8x8 f32, B argument, epilogue none
// CHECK: //   upstream segment 0: 1 ops (tensor.concat), 1 input(s), 1 output(s)
// CHECK: tensor.concat dim(1) %{{.*}}, %{{.*}} : (tensor<3x1xf32>, tensor<3x7xf32>) -> tensor<3x8xf32>
func.func @f(%a: tensor<3x8xf32>, %b: tensor<8x8xf32>) -> tensor<3x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x8xf32>) -> tensor<3x8xf32>
  %c = linalg.matmul ins(%a, %b : tensor<3x8xf32>, tensor<8x8xf32>) outs(%init : tensor<3x8xf32>) -> tensor<3x8xf32>
  %last = tensor.extract_slice %c[0, 7] [3, 1] [1, 1] : tensor<3x8xf32> to tensor<3x1xf32>
  %l = tensor.cast %last : tensor<3x1xf32> to tensor<3x?xf32>
  %first = tensor.extract_slice %c[0, 0] [3, 7] [1, 1] : tensor<3x8xf32> to tensor<3x7xf32>
  %f = tensor.cast %first : tensor<3x7xf32> to tensor<3x?xf32>
  %r = tensor.concat dim(1) %l, %f : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

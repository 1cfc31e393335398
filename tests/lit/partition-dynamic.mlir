// A function that computes on its dynamic row count (as torch-mlir exports a length reaching attention):
// --partition names the op and says how to partition it for one size; after static-shapes the count is a
// constant and the division by it is the matmul's alpha.
// RUN: not nanomm-opt --partition %s 2>&1 | FileCheck %s --check-prefix=HINT
// RUN: nanomm-opt -p 'static-shapes{shapes=3x8,8x5}' %s | nanomm-opt --partition - | FileCheck %s
// HINT: error: function @f: arith.index_cast ({{.*}}): computes on a dynamic size
// HINT: (to partition it for one size: nanomm-opt -p 'static-shapes{function=f shapes=...}' {{.*}} | nanomm-opt --partition -)
// CHECK: // @f: 1 contraction(s), 0 upstream segment(s)
// CHECK: //   linalg.matmul {{.*}}: 3x5x8 f32, B argument, epilogue alpha=0.333333
func.func @f(%a: tensor<?x8xf32>, %b: tensor<8x5xf32>) -> tensor<?x5xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %n64 = arith.index_cast %n : index to i64
  %e = tensor.empty(%n) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x5xf32>) -> tensor<?x5xf32>
  %c = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x5xf32>) outs(%init : tensor<?x5xf32>) -> tensor<?x5xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
       iterator_types = ["parallel", "parallel"]} ins(%c : tensor<?x5xf32>) outs(%e : tensor<?x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %f = arith.sitofp %n64 : i64 to f32
    %y = arith.divf %x, %f : f32
    linalg.yield %y : f32
  } -> tensor<?x5xf32>
  return %s : tensor<?x5xf32>
}

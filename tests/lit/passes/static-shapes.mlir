// RUN: nanomm-opt -p 'static-shapes{shapes=2x6x8}' %s | FileCheck %s
// RUN: not nanomm-opt -p 'static-shapes{shapes=2x6x9}' %s 2>&1 | FileCheck %s --check-prefix=MISFIT
// RUN: not nanomm-opt -p 'static-shapes{shapes=2x6}' %s 2>&1 | FileCheck %s --check-prefix=MISFIT
// RUN: not nanomm-opt -p 'static-shapes{shapes=2x6x8,3}' %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not nanomm-opt -p 'static-shapes{shapes=2xsix}' %s 2>&1 | FileCheck %s --check-prefix=SYNTAX

// A sequence length as torch-mlir exports it dynamic: sizes read with tensor.dim, turned into i64 for
// tensor.reshape's shapes, a rotate-half's concat of casts, a copy made by a generic of tensor.extract.
// Specialized to 2 x 6 x 8: the argument and the results are static, every size is a constant, each
// reshape is the collapse_shape or expand_shape it is, the concat is static, the copy is gone.
// CHECK-LABEL: func.func @forward(%{{.*}}: tensor<2x6x8xf32>) -> (tensor<12x8xf32>, tensor<2x6x2x4xf32>)
// CHECK-NOT:     tensor.dim
// CHECK-NOT:     tensor.reshape
// CHECK:         %[[ROT:.*]] = tensor.concat dim(2) %{{.*}}, %{{.*}} : (tensor<2x6x4xf32>, tensor<2x6x4xf32>) -> tensor<2x6x8xf32>
// CHECK:         %[[ROWS:.*]] = tensor.collapse_shape %[[ROT]] {{\[\[}}0, 1], [2]] : tensor<2x6x8xf32> into tensor<12x8xf32>
// CHECK:         %[[HEADS:.*]] = tensor.expand_shape %[[ROT]] {{\[\[}}0], [1], [2, 3]] output_shape [2, 6, 2, 4] : tensor<2x6x8xf32> into tensor<2x6x2x4xf32>
// CHECK-NOT:     tensor.extract
// CHECK:         return %[[ROWS]], %[[HEADS]] : tensor<12x8xf32>, tensor<2x6x2x4xf32>
// MISFIT: static-shapes: shape {{.*}} does not fit argument 0's type tensor<2x?x8xf32>
// COUNT: static-shapes: 2 shape(s) for @forward's 1 argument(s)
// SYNTAX: static-shapes: shape '2xsix' is not sizes joined by 'x' (like 2x7x16)
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @forward(%x: tensor<2x?x8xf32>) -> (tensor<?x8xf32>, tensor<2x?x2x4xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : i64
  %c4 = arith.constant 4 : i64
  %c8 = arith.constant 8 : i64
  %t = tensor.dim %x, %c1 : tensor<2x?x8xf32>
  %lo = tensor.extract_slice %x[0, 0, 0] [2, %t, 4] [1, 1, 1] : tensor<2x?x8xf32> to tensor<2x?x4xf32>
  %hi = tensor.extract_slice %x[0, 0, 4] [2, %t, 4] [1, 1, 1] : tensor<2x?x8xf32> to tensor<2x?x4xf32>
  %rot = tensor.concat dim(2) %hi, %lo : (tensor<2x?x4xf32>, tensor<2x?x4xf32>) -> tensor<2x?x8xf32>
  %e = tensor.empty(%t) : tensor<2x?x8xf32>
  %copy = linalg.generic {indexing_maps = [#id3], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%e : tensor<2x?x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = tensor.extract %rot[%i, %j, %k] : tensor<2x?x8xf32>
    linalg.yield %v : f32
  } -> tensor<2x?x8xf32>
  %t64 = arith.index_cast %t : index to i64
  %rows = arith.muli %t64, %c2 : i64
  %flat = tensor.from_elements %rows, %c8 : tensor<2xi64>
  %y = tensor.reshape %copy(%flat) : (tensor<2x?x8xf32>, tensor<2xi64>) -> tensor<?x8xf32>
  %split = tensor.from_elements %c2, %t64, %c2, %c4 : tensor<4xi64>
  %z = tensor.reshape %copy(%split) : (tensor<2x?x8xf32>, tensor<4xi64>) -> tensor<2x?x2x4xf32>
  return %y, %z : tensor<?x8xf32>, tensor<2x?x2x4xf32>
}

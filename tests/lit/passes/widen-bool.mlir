// RUN: nanomm-opt -p 'widen-bool' %s | FileCheck %s

// torch's safe softmax tests each row for all -inf: an i1 mask (compare), its and-reduction along the
// row, a select. The i1 tensors become i8 (0 / 1), truncated to i1 where a body reads them and
// extended where it yields them, so that bufferization makes byte memrefs that LLVM can store
// (tests/lit/pipeline-widen-bool.mlir).
// CHECK-LABEL: func.func @all_minus_inf
// CHECK-SAME:    -> tensor<2x1xi8>
// CHECK:         tensor.empty() : tensor<2x4xi8>
// CHECK:         linalg.generic
// CHECK:           arith.cmpf oeq
// CHECK-NEXT:      arith.extui {{.*}} : i1 to i8
// CHECK:         arith.constant dense<1> : tensor<2x1xi8>
// CHECK:         linalg.generic
// CHECK:         ^bb0(%{{.*}}: i8, %{{.*}}: i8):
// CHECK-NEXT:      arith.trunci {{.*}} : i8 to i1
// CHECK-NEXT:      arith.trunci {{.*}} : i8 to i1
// CHECK-NEXT:      arith.andi {{.*}} : i1
// CHECK-NEXT:      arith.extui {{.*}} : i1 to i8
// CHECK-NOT:     xi1>
func.func @all_minus_inf(%x: tensor<2x4xf32>) -> tensor<2x1xi1> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x4xi1>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%e : tensor<2x4xi1>) {
  ^bb0(%in: f32, %out: i1):
    %0 = arith.cmpf oeq, %in, %ninf : f32
    linalg.yield %0 : i1
  } -> tensor<2x4xi1>
  %true = arith.constant dense<true> : tensor<2x1xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>],
       iterator_types = ["parallel", "reduction"]} ins(%m : tensor<2x4xi1>) outs(%true : tensor<2x1xi1>) {
  ^bb0(%in: i1, %out: i1):
    %0 = arith.andi %in, %out : i1
    linalg.yield %0 : i1
  } -> tensor<2x1xi1>
  return %r : tensor<2x1xi1>
}

// A mask built from two by tensor.concat (Funnel Transformer's attention masks): concat only moves
// elements, so its operands and result are retyped alike.
// CHECK-LABEL: func.func @concat_masks
// CHECK-SAME:    -> tensor<2x6xi8>
// CHECK:         tensor.concat dim(1) {{.*}} : (tensor<2x4xi8>, tensor<2x2xi8>) -> tensor<2x6xi8>
// CHECK-NOT:     xi1>
func.func @concat_masks(%a: tensor<2x4xi1>) -> tensor<2x6xi1> {
  %false = arith.constant dense<false> : tensor<2x2xi1>
  %c = tensor.concat dim(1) %a, %false : (tensor<2x4xi1>, tensor<2x2xi1>) -> tensor<2x6xi1>
  return %c : tensor<2x6xi1>
}

// widen-bool among the MLIR passes that bufferize a graph's tensors: its i8 tensors become byte
// memrefs, and no i1 memref is left (what widen-bool itself does: tests/lit/passes/widen-bool.mlir).
// RUN: nanomm-opt -p 'func.func(linalg-generalize-named-ops),widen-bool,func.func(linalg-fuse-elementwise-ops),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}' %s | FileCheck %s --check-prefix=BUF

// BUF-LABEL:   func.func @all_minus_inf
// BUF-SAME:      memref<2x1xi8>
// BUF-NOT:       xi1>
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

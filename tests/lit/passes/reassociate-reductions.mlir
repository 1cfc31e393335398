// RUN: nanomm-opt -p 'reassociate-reductions' %s | FileCheck %s
// RUN: nanomm-opt -p 'reassociate-reductions{reciprocal=1}' %s | FileCheck %s --check-prefix=RCP

// A row sum and a row max: the op that combines into the accumulator (the output block argument)
// becomes reassociable, keeping its other flags; the element-wise op before it, and every op of a
// generic without a reduction, keep theirs.
// CHECK-LABEL: func.func @row_stats
// CHECK:         arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
// CHECK:         arith.maximumf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK:         arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NOT:     reassoc
func.func @row_stats(%x: tensor<4x8xf32>, %s: tensor<4xf32>, %m: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>) {
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
       iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%s : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  %mx = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
       iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%m : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out fastmath<contract> : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %sq, %mx, %y : tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>
}

// On buffers (where compiler/upstream.py's PIPELINE runs it, after bufferization) the op has no
// results: the accumulator is still the block argument of its one `outs` operand.
// CHECK-LABEL: func.func @row_sum_on_buffers
// CHECK:         arith.extf
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f64
func.func @row_sum_on_buffers(%x: memref<4x8xf32>, %s: memref<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
       iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8xf32>) outs(%s : memref<4xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %0, %out : f64
    linalg.yield %1 : f64
  }
  return
}

// With reciprocal: a division by what the generic reads the same along its innermost loop (a row's sum)
// may multiply by its reciprocal (arcp); a division by a value that changes along it keeps dividing.
// CHECK-LABEL: func.func @normalize
// CHECK-NOT:     arcp
// RCP-LABEL: func.func @normalize
// RCP:         arith.divf %{{.*}}, %{{.*}} fastmath<arcp,contract> : f32
// RCP:         arith.divf %{{.*}}, %{{.*}} : f32
func.func @normalize(%x: tensor<4x8xf32>, %s: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%x, %s : tensor<4x8xf32>, tensor<4xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %0 = arith.divf %in, %sum fastmath<contract> : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.divf %in, %in2 : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %y, %z : tensor<4x8xf32>, tensor<4x8xf32>
}

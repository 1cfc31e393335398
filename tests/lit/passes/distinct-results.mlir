// RUN: nanomm-opt -p 'distinct-results' %s | FileCheck %s

// One value returned twice (what cse makes of a segment's two identical results): the second is a copy;
// a value returned once, and a scalar, stay.
// CHECK-LABEL: func.func @twice
// CHECK:         %[[C:.*]] = bufferization.alloc_tensor() copy(%arg0) : tensor<4xf32>
// CHECK:         return %arg0, %[[C]], %arg1, %arg2, %arg2 : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>, f32, f32
func.func @twice(%x: tensor<4xf32>, %y: tensor<2xf32>, %s: f32) -> (tensor<4xf32>, tensor<4xf32>, tensor<2xf32>, f32, f32) {
  return %x, %x, %y, %s, %s : tensor<4xf32>, tensor<4xf32>, tensor<2xf32>, f32, f32
}

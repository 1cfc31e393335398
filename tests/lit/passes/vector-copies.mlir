// RUN: nanomm-opt -p 'vector-copies' %s | FileCheck %s
// RUN: nanomm-opt -p 'vector-copies{lanes=16}' %s | FileCheck %s --check-prefix=WIDE

// A 3 x 3 window copy (ResNet's, channel-last, 16 channels): a loop per output dimension but the last, whose
// 16 floats move as two vectors of 8 (one of 16 with lanes=16), read at the window's position (affine.apply
// of the input map's results); no generic is left.
// CHECK:       #[[ROW:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1 + d3)>
// CHECK-LABEL: func.func @windows
// CHECK-NOT:     linalg.generic
// CHECK-COUNT-5: scf.for
// CHECK:         scf.for %[[C:.*]] = %c0 to %c16 step %c8 iter_args
// CHECK:           %[[H:.*]] = affine.apply #[[ROW]](%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C]])
// CHECK:           %[[V:.*]] = vector.transfer_read %arg0[%{{.*}}, %[[H]], %{{.*}}, %[[C]]], %{{.*}} {in_bounds = [true]} : tensor<1x6x6x16xf32>, vector<8xf32>
// CHECK:           vector.transfer_write %[[V]], %{{.*}} {in_bounds = [true]} : vector<8xf32>, tensor<1x4x4x3x3x16xf32>
// CHECK-NOT:     linalg.generic
// WIDE-LABEL:  func.func @windows
// WIDE:          vector.transfer_read {{.*}} : tensor<1x6x6x16xf32>, vector<16xf32>
func.func @windows(%x: tensor<1x6x6x16xf32>) -> tensor<1x4x4x3x3x16xf32> {
  %e = tensor.empty() : tensor<1x4x4x3x3x16xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d3, d2 + d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
       ins(%x : tensor<1x6x6x16xf32>) outs(%e : tensor<1x4x4x3x3x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<1x4x4x3x3x16xf32>
  return %g : tensor<1x4x4x3x3x16xf32>
}

// Left as they are: an innermost size no vector of 4 or more divides (3: an image's colours), a transpose
// that moves the last dimension (its innermost loop reads with a stride), and a body that computes.
// CHECK-LABEL: func.func @left
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT:     vector.transfer_read
func.func @left(%x: tensor<4x6x3xf32>, %y: tensor<4x8xf32>) -> (tensor<4x6x3xf32>, tensor<8x4xf32>, tensor<4x8xf32>) {
  %e0 = tensor.empty() : tensor<4x6x3xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%x : tensor<4x6x3xf32>) outs(%e0 : tensor<4x6x3xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<4x6x3xf32>
  %e1 = tensor.empty() : tensor<8x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%y : tensor<4x8xf32>) outs(%e1 : tensor<8x4xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  } -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%y : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  return %a, %b, %c : tensor<4x6x3xf32>, tensor<8x4xf32>, tensor<4x8xf32>
}

// RUN: nanomm-opt -p 'conv-to-matmul' %s | FileCheck %s

// A 3 x 3 convolution at stride 2 into zeros: the input's windows copied into (n, c, kh, kw, oh, ow), read
// at oh * 2 + kh, ow * 2 + kw; the filter collapsed to (f, c * 9) and broadcast over the batch; a batch
// matmul into a fill of its own shape, (n, f, oh * ow), expanded back to (n, f, oh, ow).
// CHECK: #[[WINDOWS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4 * 2 + d2, d5 * 2 + d3)>
// CHECK: #[[WINDOWS1D:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3 * 2 + d2 * 3)>
// CHECK-LABEL: func.func @strided
// CHECK:         %[[COPY:.*]] = linalg.generic {indexing_maps = [#[[WINDOWS]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x9x9xf32>) outs(%{{.*}} : tensor<2x4x3x3x4x4xf32>)
// CHECK:         %[[COL:.*]] = tensor.collapse_shape %[[COPY]] {{\[\[}}0], [1, 2, 3], [4, 5]] : tensor<2x4x3x3x4x4xf32> into tensor<2x36x16xf32>
// CHECK:         %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2, 3]] : tensor<8x4x3x3xf32> into tensor<8x36xf32>
// CHECK:         %[[WB:.*]] = linalg.broadcast ins(%[[W]] : tensor<8x36xf32>) outs(%{{.*}} : tensor<2x8x36xf32>) dimensions = [0]
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x8x16xf32>)
// CHECK:         %[[MM:.*]] = linalg.batch_matmul ins(%[[WB]], %[[COL]] : tensor<2x8x36xf32>, tensor<2x36x16xf32>) outs(%[[ZERO]] : tensor<2x8x16xf32>)
// CHECK:         %[[OUT:.*]] = tensor.expand_shape %[[MM]] {{\[\[}}0], [1], [2, 3]] output_shape [2, 8, 4, 4] : tensor<2x8x16xf32> into tensor<2x8x4x4xf32>
// CHECK:         return %[[OUT]]
func.func @strided(%x: tensor<2x4x9x9xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%x, %w : tensor<2x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  return %y : tensor<2x8x4x4xf32>
}

// A 1 x 1 convolution at stride 1 reads its input as it is (no copy); its init (the bias broadcast along
// the channels) is collapsed and accumulated into.
// CHECK-LABEL: func.func @pointwise
// CHECK-NOT:     linalg.generic
// CHECK:         %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0], [1], [2, 3]] : tensor<1x16x5x5xf32> into tensor<1x16x25xf32>
// CHECK:         %[[BIAS:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<1x8x5x5xf32> into tensor<1x8x25xf32>
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %[[X]] : tensor<1x8x16xf32>, tensor<1x16x25xf32>) outs(%[[BIAS]] : tensor<1x8x25xf32>)
func.func @pointwise(%x: tensor<1x16x5x5xf32>, %w: tensor<8x16x1x1xf32>, %b: tensor<8xf32>) -> tensor<1x8x5x5xf32> {
  %e = tensor.empty() : tensor<1x8x5x5xf32>
  %init = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<1x8x5x5xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x16x5x5xf32>, tensor<8x16x1x1xf32>)
       outs(%init : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  return %y : tensor<1x8x5x5xf32>
}

// 1-D, dilated and strided: the window map reads ow * 2 + k * 3.
// CHECK-LABEL: func.func @dilated_1d
// CHECK:         linalg.generic {indexing_maps = [#[[WINDOWS1D]], #{{.*}}]{{.*}} ins(%arg0 : tensor<1x2x12xf32>) outs(%{{.*}} : tensor<1x2x3x3xf32>)
// CHECK:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<1x4x6xf32>, tensor<1x6x3xf32>)
func.func @dilated_1d(%x: tensor<1x2x12xf32>, %w: tensor<4x2x3xf32>) -> tensor<1x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<3> : vector<1xi64>, strides = dense<2> : vector<1xi64>}
       ins(%x, %w : tensor<1x2x12xf32>, tensor<4x2x3xf32>) outs(%init : tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

// Left as they are: a depthwise convolution, a convolution of dynamic size.
// CHECK-LABEL: func.func @left
// CHECK:         linalg.depthwise_conv_2d_nchw_chw
// CHECK:         linalg.conv_2d_nchw_fchw
// CHECK-NOT:     linalg.batch_matmul
func.func @left(%x: tensor<1x4x6x6xf32>, %w: tensor<4x3x3xf32>, %xd: tensor<?x4x6x6xf32>, %wd: tensor<8x4x3x3xf32>,
                %init: tensor<1x4x4x4xf32>, %initd: tensor<?x8x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<?x8x4x4xf32>) {
  %a = linalg.depthwise_conv_2d_nchw_chw ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>)
       outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw ins(%xd, %wd : tensor<?x4x6x6xf32>, tensor<8x4x3x3xf32>)
       outs(%initd : tensor<?x8x4x4xf32>) -> tensor<?x8x4x4xf32>
  return %a, %b : tensor<1x4x4x4xf32>, tensor<?x8x4x4xf32>
}

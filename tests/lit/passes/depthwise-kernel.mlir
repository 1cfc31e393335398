// RUN: nanomm-opt -p 'conv-to-matmul,depthwise-kernel' %s | FileCheck %s
// RUN: nanomm-opt -p 'conv-to-matmul,depthwise-kernel{lanes=16 unroll=2}' %s | FileCheck %s --check-prefix=WIDE

// A 3 x 3 depthwise convolution (padding 1) of a 1 x 1 convolution's rows (channel-last, 16 channels, 4 x 6),
// with (x - mean) then max(., 0) after it: conv-to-matmul's marked generic and the element-wise generic
// become one loop nest over the output rows of each set of taps inside the input (the top row: kernel rows
// 1 and 2; rows 1-2: all; row 3: rows 0 and 1), and likewise the columns (column 0; columns 1-4, four at a
// step; column 5), the channels innermost in vectors of 8: the 9 filter vectors and the mean read once per
// 8 channels and step, 36 FMAs for 4 outputs in the interior (in the top row, kernel row 0's taps are the
// same operations for all four outputs and fold into one). A tap in the padding adds the padding value times the filter, as the generic did,
// without a check; the epilogue runs on each sum before its one store; no generic is left.
// CHECK-LABEL: func.func @dw
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for %{{.*}} = %c0 to %c1 step %c1
// CHECK-NEXT:      scf.for %{{.*}} = %c0 to %c1 step %c1
// CHECK:             scf.for %{{.*}} = %c0 to %c1 step %c1
// CHECK:               scf.for %[[CB:.*]] = %c0 to %c16 step %c8
// CHECK-COUNT-9:         vector.transfer_read %transposed_3[%{{.*}}, %{{.*}}, %[[CB]]], %{{.*}} {in_bounds = [true]} : tensor<3x3x16xf32>, vector<8xf32>
// CHECK:                 vector.transfer_read %arg3[%[[CB]]]
// CHECK-COUNT-9:         vector.fma
// CHECK-NOT:             vector.fma
// CHECK:                 arith.subf %{{.*}} : vector<8xf32>
// CHECK-NEXT:            arith.maximumf %{{.*}} : vector<8xf32>
// CHECK-NEXT:            vector.transfer_write
// CHECK:             scf.for %{{.*}} = %c1 to %c5 step %c4
// CHECK:             scf.for %{{.*}} = %c5 to %c6 step %c1
// CHECK:           scf.for %{{.*}} = %c1 to %c3 step %c1
// CHECK:             scf.for %{{.*}} = %c1 to %c5 step %c4
// CHECK:               scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK-COUNT-36:        vector.fma
// CHECK-NOT:             vector.fma
// CHECK-COUNT-4:         vector.transfer_write
// CHECK:           scf.for %{{.*}} = %c3 to %c4 step %c1
// CHECK-NOT:     linalg.generic
// CHECK-LABEL: func.func @six
// WIDE-LABEL:  func.func @dw
// WIDE:          scf.for %{{.*}} = %c1 to %c5 step %c2
// WIDE-NEXT:       arith.muli
// WIDE:            scf.for %{{.*}} = %c0 to %c16 step %c16
// WIDE-COUNT-9:      vector.transfer_read {{.*}} : tensor<3x3x16xf32>, vector<16xf32>
// WIDE:              arith.subf %{{.*}} : vector<16xf32>

func.func @dw(%x: tensor<1x4x4x6xf32>, %w1: tensor<16x4x1x1xf32>, %w: tensor<16x3x3xf32>, %m: tensor<16xf32>) -> tensor<1x16x4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x16x4x6xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x16x4x6xf32>) -> tensor<1x16x4x6xf32>
  %x1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
        ins(%x, %w1 : tensor<1x4x4x6xf32>, tensor<16x4x1x1xf32>) outs(%f0 : tensor<1x16x4x6xf32>) -> tensor<1x16x4x6xf32>
  %p = tensor.pad %x1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x16x4x6xf32> to tensor<1x16x6x8xf32>
  %e = tensor.empty() : tensor<1x16x4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x4x6xf32>) -> tensor<1x16x4x6xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%p, %w : tensor<1x16x6x8xf32>, tensor<16x3x3xf32>) outs(%init : tensor<1x16x4x6xf32>) -> tensor<1x16x4x6xf32>
  %e1 = tensor.empty() : tensor<1x16x4x6xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (b)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%d, %m : tensor<1x16x4x6xf32>, tensor<16xf32>) outs(%e1 : tensor<1x16x4x6xf32>) {
  ^bb0(%a: f32, %mm: f32, %o: f32):
    %0 = arith.subf %a, %mm : f32
    %1 = arith.maximumf %0, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x16x4x6xf32>
  return %y : tensor<1x16x4x6xf32>
}

// With 6 channels (a multiple of no vector of 4 or more lanes), the generics stay as they are, for MLIR's loops.
// CHECK:         linalg.generic {{.*}} attrs = {nanomm.depthwise = {dilations = array<i64: 1, 1>, highs = array<i64: 1, 1>, kernel = array<i64: 3, 3>, lows = array<i64: 1, 1>, spatial = array<i64: 4, 6>, strides = array<i64: 1, 1>}
// CHECK:         linalg.generic
// CHECK-NOT:     vector.fma
func.func @six(%x: tensor<1x4x4x6xf32>, %w1: tensor<6x4x1x1xf32>, %w: tensor<6x3x3xf32>, %m: tensor<6xf32>) -> tensor<1x6x4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x6x4x6xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x6x4x6xf32>) -> tensor<1x6x4x6xf32>
  %x1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
        ins(%x, %w1 : tensor<1x4x4x6xf32>, tensor<6x4x1x1xf32>) outs(%f0 : tensor<1x6x4x6xf32>) -> tensor<1x6x4x6xf32>
  %p = tensor.pad %x1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x6x4x6xf32> to tensor<1x6x6x8xf32>
  %e = tensor.empty() : tensor<1x6x4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x4x6xf32>) -> tensor<1x6x4x6xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%p, %w : tensor<1x6x6x8xf32>, tensor<6x3x3xf32>) outs(%init : tensor<1x6x4x6xf32>) -> tensor<1x6x4x6xf32>
  %e1 = tensor.empty() : tensor<1x6x4x6xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (b)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%d, %m : tensor<1x6x4x6xf32>, tensor<6xf32>) outs(%e1 : tensor<1x6x4x6xf32>) {
  ^bb0(%a: f32, %mm: f32, %o: f32):
    %0 = arith.subf %a, %mm : f32
    %1 = arith.maximumf %0, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<1x6x4x6xf32>
  return %y : tensor<1x6x4x6xf32>
}

// The depthwise convolution of an argument (torch's layout, channel-first): its input transposed to
// channel-last first, then the same loops.
// CHECK-LABEL: func.func @first
// CHECK:         %[[X:.*]] = linalg.transpose ins(%arg0 : tensor<1x8x4x6xf32>) outs(%{{.*}} : tensor<1x4x6x8xf32>) permutation = [0, 2, 3, 1]
// CHECK:         vector.transfer_read %[[X]]
// CHECK:         vector.fma
// CHECK-NOT:     linalg.generic
func.func @first(%x: tensor<1x8x4x6xf32>, %w: tensor<8x3x3xf32>) -> tensor<1x8x4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x8x4x6xf32> to tensor<1x8x6x8xf32>
  %e = tensor.empty() : tensor<1x8x4x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x6xf32>) -> tensor<1x8x4x6xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%p, %w : tensor<1x8x6x8xf32>, tensor<8x3x3xf32>) outs(%init : tensor<1x8x4x6xf32>) -> tensor<1x8x4x6xf32>
  return %d : tensor<1x8x4x6xf32>
}

// RUN: nanomm-opt -p 'conv-to-matmul' %s | FileCheck %s
// RUN: nanomm-opt -p 'conv-to-matmul{channels-last=0}' %s | FileCheck %s --check-prefix=FIRST
// RUN: nanomm-opt -p 'conv-to-matmul{winograd=0}' %s | FileCheck %s --check-prefix=NOWINO
// RUN: nanomm-opt -p 'conv-to-matmul{winograd-tile=2}' %s | FileCheck %s --check-prefix=F2
// RUN: not nanomm-opt -p 'conv-to-matmul{winograd-tile=3}' %s 2>&1 | FileCheck %s --check-prefix=BADTILE
// RUN: nanomm-opt -p 'conv-to-matmul{threads=1}' %s | FileCheck %s --check-prefix=T1
// RUN: nanomm-opt -p 'conv-to-matmul{threads=2}' %s | FileCheck %s --check-prefix=T2
// RUN: nanomm-opt -p 'conv-to-matmul{threads=16}' %s | FileCheck %s --check-prefix=T2
// RUN: not nanomm-opt -p 'conv-to-matmul{threads=0}' %s 2>&1 | FileCheck %s --check-prefix=BADTHREADS

// A 3 x 3 convolution at stride 2 into zeros: the input's windows copied into (n, oh, ow, kh, kw, c), read
// at oh * 2 + kh, ow * 2 + kw, channels innermost; the filter in that (kh, kw, c) order as (36, f), B of
// a matmul of the 32 output positions into a fill of its own shape; the rows back to (n, oh, ow, f) and
// transposed to torch's (n, f, oh, ow), a transpose marked nanomm.channels_first.
// CHECK-DAG: #[[WINDOWS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d1 * 2 + d3, d2 * 2 + d4)>
// CHECK-DAG: #[[WINDOWS1D:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1 * 2 + d2 * 3)>
// CHECK-DAG: #[[ALONG:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>
// CHECK-DAG: #[[READ:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d3, d2 + d4, d5)>
// CHECK-DAG: #[[DWX0:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1 mod 4, d2 mod 4)>
// CHECK-DAG: #[[DWW0:.*]] = affine_map<(d0, d1, d2, d3) -> (0, 0, d3)>
// CHECK-DAG: #[[DWX1:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1 mod 4, d2 + 1)>
// CHECK-DAG: #[[DWX8:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1 + 2, d2 + 2)>
// CHECK-DAG: #[[DWW8:.*]] = affine_map<(d0, d1, d2, d3) -> (2, 2, d3)>
// CHECK-DAG: #[[DWO:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[BACK4:.*]] = affine_map<(d0, d1, d2, d3) -> (d1 mod 4, 5, d0, d1 floordiv 4, d2 floordiv 4, d3)>
// CHECK-DAG: #[[ROWS_OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d0, d1, d2, d4)>
// CHECK-DAG: #[[COLS_OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d0, d1, d2, d5)>
// CHECK-LABEL: func.func @strided
// CHECK:         %[[COPY:.*]] = linalg.generic {indexing_maps = [#[[WINDOWS]], #{{.*}}]{{.*}} ins(%arg0 : tensor<2x4x9x9xf32>) outs(%{{.*}} : tensor<2x4x4x3x3x4xf32>)
// CHECK:         %[[COL:.*]] = tensor.collapse_shape %[[COPY]] {{\[\[}}0, 1, 2], [3, 4, 5]] : tensor<2x4x4x3x3x4xf32> into tensor<32x36xf32>
// CHECK:         %[[WL:.*]] = linalg.transpose ins(%arg1 : tensor<8x4x3x3xf32>) outs(%{{.*}} : tensor<8x3x3x4xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[W:.*]] = tensor.collapse_shape %[[WL]] {{\[\[}}0], [1, 2, 3]] : tensor<8x3x3x4xf32> into tensor<8x36xf32>
// CHECK:         %[[WT:.*]] = linalg.transpose ins(%[[W]] : tensor<8x36xf32>) outs(%{{.*}} : tensor<36x8xf32>) permutation = [1, 0]
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<32x8xf32>)
// CHECK:         %[[MM:.*]] = linalg.matmul ins(%[[COL]], %[[WT]] : tensor<32x36xf32>, tensor<36x8xf32>) outs(%[[ZERO]] : tensor<32x8xf32>)
// CHECK:         %[[ROWS:.*]] = tensor.expand_shape %[[MM]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 4, 4, 8] : tensor<32x8xf32> into tensor<2x4x4x8xf32>
// CHECK:         %[[OUT:.*]] = linalg.transpose ins(%[[ROWS]] : tensor<2x4x4x8xf32>) outs(%{{.*}} : tensor<2x8x4x4xf32>) permutation = [0, 3, 1, 2] {nanomm.channels_first}
// CHECK:         return %[[OUT]]
func.func @strided(%x: tensor<2x4x9x9xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%x, %w : tensor<2x4x9x9xf32>, tensor<8x4x3x3xf32>) outs(%init : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  return %y : tensor<2x8x4x4xf32>
}

// A convolution with a bias (torch-mlir's init: the bias broadcast along the channels): the product into
// zeros, then the bias added along its columns by an element-wise generic (nanomm fuses it as the kernel's
// bias).
// CHECK-LABEL: func.func @pointwise
// CHECK:         %[[MM:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<25x16xf32>, tensor<16x8xf32>)
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[MM]], %arg2 : tensor<25x8xf32>, tensor<8xf32>)
// CHECK:           arith.addf
func.func @pointwise(%x: tensor<1x16x5x5xf32>, %w: tensor<8x16x1x1xf32>, %b: tensor<8xf32>) -> tensor<1x8x5x5xf32> {
  %e = tensor.empty() : tensor<1x8x5x5xf32>
  %init = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<1x8x5x5xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x16x5x5xf32>, tensor<8x16x1x1xf32>)
       outs(%init : tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
  return %y : tensor<1x8x5x5xf32>
}

// 1-D, dilated and strided: the window map reads ow * 2 + k * 3.
// CHECK-LABEL: func.func @dilated_1d
// CHECK:         linalg.generic {indexing_maps = [#[[WINDOWS1D]], #{{.*}}]{{.*}} ins(%arg0 : tensor<1x2x12xf32>) outs(%{{.*}} : tensor<1x3x3x2xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<3x6xf32>, tensor<6x4xf32>)
func.func @dilated_1d(%x: tensor<1x2x12xf32>, %w: tensor<4x2x3xf32>) -> tensor<1x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<3> : vector<1xi64>, strides = dense<2> : vector<1xi64>}
       ins(%x, %w : tensor<1x2x12xf32>, tensor<4x2x3xf32>) outs(%init : tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  return %y : tensor<1x4x3xf32>
}

// Between two convolutions: a per-channel add, a ReLU, the padding and a max pool run channel-last (the
// transpose sinks past them: the add's loops permuted, its vector read along the last dimension; pads
// permuted; the pool channel-last), and the second window copy reads the pooled tensor directly, its
// map's results in the channel-last order. The one transpose left is the returned result's. With
// channels-last=0 the transpose stays after the product and the add, ReLU, pad and pool run channel-first.
// CHECK-LABEL: func.func @chain
// CHECK:         %[[ROWS:.*]] = tensor.expand_shape %{{.*}} output_shape [1, 6, 6, 4] : tensor<36x4xf32> into tensor<1x6x6x4xf32>
// CHECK:         %[[ADD:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #[[ALONG]], #{{.*}}]{{.*}} ins(%[[ROWS]], %{{.*}} : tensor<1x6x6x4xf32>, tensor<4x1x1xf32>) outs(%{{.*}} : tensor<1x6x6x4xf32>)
// CHECK:         %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<1x6x6x4xf32>) outs(%{{.*}} : tensor<1x6x6x4xf32>)
// CHECK:         %[[PAD:.*]] = tensor.pad %[[RELU]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK:         } : tensor<1x6x6x4xf32> to tensor<1x8x8x4xf32>
// CHECK:         %[[POOL:.*]] = linalg.pooling_nhwc_max {{.*}} ins(%[[PAD]], %{{.*}} : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[READ]], #{{.*}}]{{.*}} ins(%[[POOL]] : tensor<1x4x4x4xf32>) outs(%{{.*}} : tensor<1x2x2x3x3x4xf32>)
// CHECK-NOT:     linalg.transpose {{.*}}channels_first
// CHECK:         %[[OUT:.*]] = linalg.transpose {{.*}} : tensor<1x2x2x5xf32>) {{.*}} {nanomm.channels_first}
// CHECK-NEXT:    return %[[OUT]]
// FIRST-LABEL: func.func @chain
// FIRST:         linalg.transpose {{.*}} permutation = [0, 3, 1, 2] {nanomm.channels_first}
// FIRST:         linalg.pooling_nchw_max
#bcast = affine_map<(n, c, h, w) -> (c, 0, 0)>
#id4 = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @chain(%x: tensor<1x3x8x8xf32>, %w1: tensor<4x3x3x3xf32>, %shift: tensor<4x1x1xf32>,
                 %w2: tensor<5x4x3x3xf32>) -> tensor<1x5x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<1x4x6x6xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c1 = linalg.conv_2d_nchw_fchw ins(%x, %w1 : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>)
        outs(%z1 : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %add = linalg.generic {indexing_maps = [#id4, #bcast, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
         ins(%c1, %shift : tensor<1x4x6x6xf32>, tensor<4x1x1xf32>) outs(%e1 : tensor<1x4x6x6xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4x6x6xf32>
  %relu = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%add : tensor<1x4x6x6xf32>) outs(%e1 : tensor<1x4x6x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x6x6xf32>
  %padded = tensor.pad %relu low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x6x6xf32> to tensor<1x4x8x8xf32>
  %pe = tensor.empty() : tensor<1x4x4x4xf32>
  %pinit = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %window = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
          ins(%padded, %window : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%pinit : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x5x2x2xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32>
  %c2 = linalg.conv_2d_nchw_fchw ins(%pool, %w2 : tensor<1x4x4x4xf32>, tensor<5x4x3x3xf32>)
        outs(%z2 : tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32>
  return %c2 : tensor<1x5x2x2xf32>
}

// A depthwise convolution (its init a tensor: accumulated into, made channel-last, read as the first
// input): an element-wise generic over (n, oh, ow, c), the channels innermost, reading x and the filter
// (as (kh, kw, c)) once for each of the 9 taps, at oh + kh, ow + kw (`o mod 4`, o itself, where the tap
// adds nothing) and (kh, kw, c), summed onto the init in the taps' order; the result transposed to
// torch's layout. A convolution of dynamic size is left as it is.
// CHECK-LABEL: func.func @left
// CHECK:         %[[INIT:.*]] = linalg.transpose ins(%arg4 : tensor<1x4x4x4xf32>) {{.*}} permutation = [0, 2, 3, 1]
// CHECK:         %[[W:.*]] = linalg.transpose ins(%arg1 : tensor<4x3x3xf32>) outs(%{{.*}} : tensor<3x3x4xf32>) permutation = [1, 2, 0]
// CHECK:         %[[DW:.*]] = linalg.generic {indexing_maps = [#[[DWO]], #[[DWX0]], #[[DWW0]], #[[DWX1]], {{.*}}, #[[DWX8]], #[[DWW8]], #[[DWO]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[INIT]], %arg0, %[[W]], %arg0, %[[W]], {{.*}} : tensor<1x4x4x4xf32>, tensor<1x4x6x6xf32>, tensor<3x3x4xf32>, {{.*}}) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK-NEXT:    ^bb0(%[[O:[^:]*]]: f32, %[[X0:[^:]*]]: f32, %[[W0:[^:]*]]: f32, %[[X1:[^:]*]]: f32, %[[W1:[^:]*]]: f32, {{.*}}):
// CHECK-NEXT:      %[[M0:.*]] = arith.mulf %[[X0]], %[[W0]]
// CHECK-NEXT:      %[[S0:.*]] = arith.addf %[[O]], %[[M0]]
// CHECK-NEXT:      %[[M1:.*]] = arith.mulf %[[X1]], %[[W1]]
// CHECK-NEXT:      arith.addf %[[S0]], %[[M1]]
// CHECK-COUNT-7:   arith.mulf
// CHECK:           linalg.yield
// CHECK:         %[[OUT:.*]] = linalg.transpose ins(%[[DW]] : tensor<1x4x4x4xf32>) {{.*}} permutation = [0, 3, 1, 2] {nanomm.channels_first}
// CHECK:         linalg.conv_2d_nchw_fchw
// CHECK-NOT:     linalg.matmul
func.func @left(%x: tensor<1x4x6x6xf32>, %w: tensor<4x3x3xf32>, %xd: tensor<?x4x6x6xf32>, %wd: tensor<8x4x3x3xf32>,
                %init: tensor<1x4x4x4xf32>, %initd: tensor<?x8x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<?x8x4x4xf32>) {
  %a = linalg.depthwise_conv_2d_nchw_chw ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>)
       outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw ins(%xd, %wd : tensor<?x4x6x6xf32>, tensor<8x4x3x3xf32>)
       outs(%initd : tensor<?x8x4x4xf32>) -> tensor<?x8x4x4xf32>
  return %a, %b : tensor<1x4x4x4xf32>, tensor<?x8x4x4xf32>
}

// A grouped convolution (2 groups of 8 filters over 4 channels, 3 x 3 at stride 2, into zeros): each group's
// windows copied into (g, n, oh, ow, kh, kw, c) and collapsed to (g, 8, 36) rows, the filter as (g, 36, 8),
// one linalg.batch_matmul over the groups into a fill of its own, the product back to (n, g, f, oh, ow).
// With a bias (its init a tensor), the init added after (the same product: cse shares it). Groups of
// fewer than 8 filters stay as they are.
// CHECK-LABEL: func.func @grouped
// CHECK:         linalg.generic {{.*}} ins(%arg0 : tensor<2x2x4x5x5xf32>) outs(%{{.*}} : tensor<2x2x2x2x3x3x4xf32>)
// CHECK:         %[[COL:.*]] = tensor.collapse_shape {{.*}} {{\[}}[0], [1, 2, 3], [4, 5, 6]] : tensor<2x2x2x2x3x3x4xf32> into tensor<2x8x36xf32>
// CHECK:         linalg.transpose ins(%arg1 : tensor<2x8x4x3x3xf32>) outs(%{{.*}} : tensor<2x3x3x4x8xf32>) permutation = [0, 3, 4, 2, 1]
// CHECK:         %[[W:.*]] = tensor.collapse_shape {{.*}} into tensor<2x36x8xf32>
// CHECK:         %[[MM:.*]] = linalg.batch_matmul ins(%[[COL]], %[[W]] : tensor<2x8x36xf32>, tensor<2x36x8xf32>)
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[MM]] {{.*}} into tensor<2x2x2x2x8xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[R]] : tensor<2x2x2x2x8xf32>) {{.*}} permutation = [1, 0, 4, 2, 3]
// CHECK-NOT:     nanomm.channels_first
// CHECK:         linalg.generic {{.*}} ins(%[[T]], %arg2 : tensor<2x2x8x2x2xf32>, tensor<2x2x8x2x2xf32>)
// CHECK:           arith.addf
// CHECK:         linalg.conv_2d_ngchw_gfchw {{.*}} tensor<2x4x4x4x4xf32>
func.func @grouped(%x: tensor<2x2x4x5x5xf32>, %w: tensor<2x8x4x3x3xf32>, %init: tensor<2x2x8x2x2xf32>,
                   %xs: tensor<2x4x4x6x6xf32>, %ws: tensor<4x4x4x3x3xf32>)
    -> (tensor<2x2x8x2x2xf32>, tensor<2x2x8x2x2xf32>, tensor<2x4x4x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x2x2xf32>) -> tensor<2x16x2x2xf32>
  %fe = tensor.expand_shape %f [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 2, 2] : tensor<2x16x2x2xf32> into tensor<2x2x8x2x2xf32>
  %a = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%x, %w : tensor<2x2x4x5x5xf32>, tensor<2x8x4x3x3xf32>) outs(%fe : tensor<2x2x8x2x2xf32>) -> tensor<2x2x8x2x2xf32>
  %b = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%x, %w : tensor<2x2x4x5x5xf32>, tensor<2x8x4x3x3xf32>) outs(%init : tensor<2x2x8x2x2xf32>) -> tensor<2x2x8x2x2xf32>
  %es = tensor.empty() : tensor<2x4x4x4x4xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x4x4x4x4xf32>) -> tensor<2x4x4x4x4xf32>
  %c = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%xs, %ws : tensor<2x4x4x6x6xf32>, tensor<4x4x4x3x3xf32>) outs(%fs : tensor<2x4x4x4x4xf32>) -> tensor<2x4x4x4x4xf32>
  return %a, %b, %c : tensor<2x2x8x2x2xf32>, tensor<2x2x8x2x2xf32>, tensor<2x4x4x4x4xf32>
}

// A 1 x 1 convolution at stride 1: its windows are its input, made channel-last by a transpose and collapsed
// to (positions, channels), no window copy. After a product, the transpose back to channel-first and this
// one cancel: the second matmul reads the first's rows as they are.
// CHECK-LABEL: func.func @pointwise_chain
// CHECK:         %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<1x4x3x3xf32>) {{.*}} permutation = [0, 2, 3, 1]
// CHECK:         %[[A:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1, 2], [3]] : tensor<1x3x3x4xf32> into tensor<9x4xf32>
// CHECK:         %[[P:.*]] = linalg.matmul ins(%[[A]], %{{.*}} : tensor<9x4xf32>, tensor<4x6xf32>)
// CHECK:         %[[R:.*]] = tensor.expand_shape %[[P]] {{.*}} into tensor<1x3x3x6xf32>
// CHECK-NOT:     linalg.transpose ins(%[[R]]
// CHECK:         %[[A2:.*]] = tensor.collapse_shape %[[R]] {{\[}}[0, 1, 2], [3]] : tensor<1x3x3x6xf32> into tensor<9x6xf32>
// CHECK:         linalg.matmul ins(%[[A2]], %{{.*}} : tensor<9x6xf32>, tensor<6x2xf32>)
// FIRST-LABEL: func.func @pointwise_chain
// FIRST-COUNT-2: linalg.matmul
func.func @pointwise_chain(%x: tensor<1x4x3x3xf32>, %w: tensor<6x4x1x1xf32>, %w2: tensor<2x6x1x1xf32>) -> tensor<1x2x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x4x3x3xf32>, tensor<6x4x1x1xf32>)
       outs(%f : tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x3xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c2 = linalg.conv_2d_nchw_fchw ins(%c, %w2 : tensor<1x6x3x3xf32>, tensor<2x6x1x1xf32>)
        outs(%f2 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %c2 : tensor<1x2x3x3xf32>
}

// A depthwise convolution of a padded input (3 x 3, padding 1, stride 2): the generic reads the pad's source
// (4 x 4) at positions taken modulo 4, and each tap's value is the padding value where a constant mask of
// (tap row, output row) or (tap column, output column) says it falls in the padding; the pad is gone.
// CHECK-LABEL: func.func @padded_depthwise
// CHECK-NOT:     tensor.pad
// CHECK:         %[[M:.*]] = arith.constant dense<{{\[}}[0.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00]]> : tensor<3x2xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %arg0, %{{.*}}, %[[M]], %[[M]], {{.*}} : f32, tensor<1x2x4x4xf32>, tensor<3x3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>,
// CHECK:           arith.cmpf ogt
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[PV:.*]] : f32
// CHECK-NOT:     tensor.pad
func.func @padded_depthwise(%x: tensor<1x2x4x4xf32>, %w: tensor<2x3x3xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%p, %w : tensor<1x2x6x6xf32>, tensor<2x3x3xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %d : tensor<1x2x2x2xf32>
}

// An element-wise op after a convolution that reads its own position (linalg.index: avg_pool's divisor with
// count_include_pad=False): when the transpose back to channel-first sinks past it, its loops run
// channel-last, and each index names the same dimension there (rows 2 -> 1, columns 3 -> 2).
// CHECK-LABEL: func.func @position_after_conv
// CHECK:         linalg.generic
// CHECK-SAME:    ins(%{{.*}} : tensor<1x2x3x4xf32>)
// CHECK:           linalg.index 1 : index
// CHECK:           linalg.index 2 : index
// CHECK:         linalg.transpose {{.*}} permutation = [0, 3, 1, 2]
func.func @position_after_conv(%x: tensor<1x3x2x3xf32>, %w: tensor<4x3x1x1xf32>) -> tensor<1x4x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x2x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %c = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x2x3xf32>, tensor<4x3x1x1xf32>)
       outs(%f : tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
                                        affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
       ins(%c : tensor<1x4x2x3xf32>) outs(%e : tensor<1x4x2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %h = linalg.index 2 : index
    %w2 = linalg.index 3 : index
    %s = arith.addi %h, %w2 : index
    %i = arith.index_cast %s : index to i64
    %v = arith.sitofp %i : i64 to f32
    %y = arith.addf %in, %v : f32
    linalg.yield %y : f32
  } -> tensor<1x4x2x3xf32>
  return %r : tensor<1x4x2x3xf32>
}

// A 3 x 3 convolution at stride 1 of a constant filter with enough 2 x 2 output tiles (256) and
// multiply-adds: Winograd F(4 x 4, 3 x 3) (64 tiles of 4 x 4, WINOGRAD_F4_MIN_TILES). The input made
// channel-last, its 6 x 6 windows transformed (rows, then columns: the table's row d3 / d4, the position
// loops inside the tile loops, next to the channels, so that LLVM unrolls only them), the filter
// transformed (a constant, G 6 x 3), the 36 positions one batch_matmul, the products transformed back (two
// generics, the second over (n, oh, ow, f): its element (oh mod 4, ow mod 4) of tile (oh floordiv 4, ow
// floordiv 4)) and transposed to torch's layout. winograd-tile=2 makes it F(2 x 2, 3 x 3): 4 x 4 windows,
// 16 positions; winograd=0 keeps the window copy and one matmul. The input transform carries
// nanomm.winograd_input: on several threads a forward's segment ends before the pad that feeds it.
// CHECK-LABEL: func.func @winograd
// CHECK:         linalg.transpose ins(%arg0 : tensor<1x16x34x34xf32>) outs(%{{.*}} : tensor<1x34x34x16xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[U1:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[ROWS_OUT]]]{{.*}} outs(%{{.*}} : tensor<6x1x8x34x16xf32>) attrs = {nanomm.winograd_input}
// CHECK:         %[[V:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[COLS_OUT]]]{{.*}} ins({{.*}}%[[U1]]{{.*}}) outs(%{{.*}} : tensor<6x6x1x8x8x16xf32>)
// CHECK:         linalg.generic {{.*}} ins({{.*}} : tensor<6x3xf32>, tensor<6x3xf32>, tensor<24x16x3x3xf32>) outs(%{{.*}} : tensor<6x6x16x24xf32>)
// CHECK:         %[[VC:.*]] = tensor.collapse_shape %[[V]] {{\[\[}}0, 1], [2, 3, 4], [5]] : tensor<6x6x1x8x8x16xf32> into tensor<36x64x16xf32>
// CHECK:         %[[M:.*]] = linalg.batch_matmul ins(%[[VC]], %{{.*}} : tensor<36x64x16xf32>, tensor<36x16x24xf32>)
// CHECK:         %[[Z:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[COLS_OUT]]]{{.*}} outs(%{{.*}} : tensor<4x6x1x8x8x24xf32>)
// CHECK:         %[[Y:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[BACK4]]{{.*}}]{{.*}} ins({{.*}}%[[Z]]{{.*}}) outs(%{{.*}} : tensor<1x32x32x24xf32>)
// CHECK:         linalg.transpose ins(%[[Y]] : tensor<1x32x32x24xf32>) {{.*}} permutation = [0, 3, 1, 2] {nanomm.channels_first}
// F2-DAG:        #[[BACK:.*]] = affine_map<(d0, d1, d2, d3) -> (d1 mod 2, 3, d0, d1 floordiv 2, d2 floordiv 2, d3)>
// F2-DAG:        #[[ROWS_OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d0, d1, d2, d4)>
// F2-DAG:        #[[COLS_OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d0, d1, d2, d5)>
// F2-LABEL:      func.func @winograd
// F2:            linalg.transpose ins(%arg0 : tensor<1x16x34x34xf32>) outs(%{{.*}} : tensor<1x34x34x16xf32>) permutation = [0, 2, 3, 1]
// F2:            %[[U1:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[ROWS_OUT]]]{{.*}} outs(%{{.*}} : tensor<4x1x16x34x16xf32>)
// F2:            %[[V:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[COLS_OUT]]]{{.*}} ins({{.*}}%[[U1]]{{.*}}) outs(%{{.*}} : tensor<4x4x1x16x16x16xf32>)
// F2:            linalg.generic {{.*}} ins({{.*}} : tensor<4x3xf32>, tensor<4x3xf32>, tensor<24x16x3x3xf32>) outs(%{{.*}} : tensor<4x4x16x24xf32>)
// F2:            %[[VC:.*]] = tensor.collapse_shape %[[V]] {{\[\[}}0, 1], [2, 3, 4], [5]] : tensor<4x4x1x16x16x16xf32> into tensor<16x256x16xf32>
// F2:            %[[M:.*]] = linalg.batch_matmul ins(%[[VC]], %{{.*}} : tensor<16x256x16xf32>, tensor<16x16x24xf32>)
// F2:            %[[Z:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[COLS_OUT]]]{{.*}} outs(%{{.*}} : tensor<2x4x1x16x16x24xf32>)
// F2:            %[[Y:.*]] = linalg.generic {indexing_maps = [{{.*}}#[[BACK]]{{.*}}]{{.*}} ins({{.*}}%[[Z]]{{.*}}) outs(%{{.*}} : tensor<1x32x32x24xf32>)
// F2:            linalg.transpose ins(%[[Y]] : tensor<1x32x32x24xf32>) {{.*}} permutation = [0, 3, 1, 2] {nanomm.channels_first}
// BADTILE:       winograd-tile=3: the output tile side is 2 or 4
// BADTHREADS:    threads=0: at least 1
// NOWINO-LABEL: func.func @winograd
// NOWINO-NOT:   linalg.batch_matmul
// NOWINO:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1024x144xf32>, tensor<144x24xf32>)
func.func @winograd(%x: tensor<1x16x34x34xf32>) -> tensor<1x24x32x32xf32> {
  %w = arith.constant dense<0.5> : tensor<24x16x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x24x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x24x32x32xf32>) -> tensor<1x24x32x32xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%x, %w : tensor<1x16x34x34xf32>, tensor<24x16x3x3xf32>) outs(%init : tensor<1x24x32x32xf32>) -> tensor<1x24x32x32xf32>
  return %y : tensor<1x24x32x32xf32>
}

// One image at 8 x 8 with 64 channels (16 tiles of 2 x 2, 2.4 M multiply-adds): 4 tiles of 4 x 4, which
// F(4 x 4) takes on one thread (threads=1: WINOGRAD_F4_MIN_TILES) and not on several (threads=2 or 16: twice
// as many wanted), where its products would stream the transformed filter for four rows.
// T1-LABEL: func.func @winograd_four_tiles
// T1:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<36x4x64xf32>, tensor<36x64x64xf32>)
// T2-LABEL: func.func @winograd_four_tiles
// T2:         linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<16x16x64xf32>, tensor<16x64x64xf32>)
func.func @winograd_four_tiles(%x: tensor<1x64x10x10xf32>) -> tensor<1x64x8x8xf32> {
  %w = arith.constant dense<0.25> : tensor<64x64x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
       ins(%x, %w : tensor<1x64x10x10xf32>, tensor<64x64x3x3xf32>) outs(%init : tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32>
  return %y : tensor<1x64x8x8xf32>
}

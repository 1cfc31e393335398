#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @convnet(%arg0: tensor<2x3x16x16xf32>) -> tensor<2x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_10_torch.float32> : tensor<10xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_10_16_torch.float32> : tensor<10x16xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float32_11> : tensor<16xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.float32_10> : tensor<16xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_torch.float32_9> : tensor<16xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_16_torch.float32_8> : tensor<16xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_16_16_3_3_torch.float32> : tensor<16x16x3x3xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float32_7> : tensor<16xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_torch.float32_6> : tensor<16xf32>
    %cst_11 = arith.constant dense_resource<torch_tensor_16_torch.float32_5> : tensor<16xf32>
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.float32_4> : tensor<16xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_16_8_3_3_torch.float32> : tensor<16x8x3x3xf32>
    %cst_14 = arith.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_16 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_17 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_18 = arith.constant dense_resource<torch_tensor_16_8_1_1_torch.float32> : tensor<16x8x1x1xf32>
    %cst_19 = arith.constant dense_resource<torch_tensor_8_torch.float32_11> : tensor<8xf32>
    %cst_20 = arith.constant dense_resource<torch_tensor_8_torch.float32_10> : tensor<8xf32>
    %cst_21 = arith.constant dense_resource<torch_tensor_8_torch.float32_9> : tensor<8xf32>
    %cst_22 = arith.constant dense_resource<torch_tensor_8_torch.float32_8> : tensor<8xf32>
    %cst_23 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float32_1> : tensor<8x8x3x3xf32>
    %cst_24 = arith.constant dense_resource<torch_tensor_8_torch.float32_7> : tensor<8xf32>
    %cst_25 = arith.constant dense_resource<torch_tensor_8_torch.float32_6> : tensor<8xf32>
    %cst_26 = arith.constant dense_resource<torch_tensor_8_torch.float32_5> : tensor<8xf32>
    %cst_27 = arith.constant dense_resource<torch_tensor_8_torch.float32_4> : tensor<8xf32>
    %cst_28 = arith.constant dense_resource<torch_tensor_8_8_3_3_torch.float32> : tensor<8x8x3x3xf32>
    %cst_29 = arith.constant dense_resource<torch_tensor_8_torch.float32_3> : tensor<8xf32>
    %cst_30 = arith.constant dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>
    %cst_31 = arith.constant 1.000000e-05 : f64
    %cst_32 = arith.constant dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>
    %cst_33 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_34 = arith.constant dense_resource<torch_tensor_8_3_7_7_torch.float32> : tensor<8x3x7x7xf32>
    %cst_35 = arith.constant 4.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x3x16x16xf32> to tensor<2x3x22x22xf32>
    %0 = tensor.empty() : tensor<2x8x8x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %cst_34 : tensor<2x3x22x22xf32>, tensor<8x3x7x7xf32>) outs(%1 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
    %3 = tensor.empty() : tensor<8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_32 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.truncf %cst_31 : f64 to f32
      %76 = arith.addf %in, %75 : f32
      linalg.yield %76 : f32
    } -> tensor<8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = math.sqrt %in : f32
      linalg.yield %75 : f32
    } -> tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%5 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf one, %in, %cst : f32
      cf.assert %75, "unimplemented: tensor with zero element"
      %76 = arith.divf %cst_0, %in : f32
      linalg.yield %76 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %cst_33 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_36 = tensor.expand_shape %6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.subf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x8x8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_36 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_37 = tensor.expand_shape %cst_30 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_37 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x8x8xf32>
    %expanded_38 = tensor.expand_shape %cst_29 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %expanded_38 : tensor<2x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x8x8xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<2x8x8x8xf32>) outs(%0 : tensor<2x8x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf ugt, %in, %cst : f32
      %76 = arith.select %75, %in, %cst : f32
      linalg.yield %76 : f32
    } -> tensor<2x8x8x8xf32>
    %padded_39 = tensor.pad %11 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst_1 : f32
    } : tensor<2x8x8x8xf32> to tensor<2x8x10x10xf32>
    %12 = tensor.empty() : tensor<2x8x4x4xf32>
    %13 = linalg.fill ins(%cst_1 : f32) outs(%12 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    %14 = tensor.empty() : tensor<3x3xf32>
    %15 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_39, %14 : tensor<2x8x10x10xf32>, tensor<3x3xf32>) outs(%13 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    %padded_40 = tensor.pad %15 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x8x4x4xf32> to tensor<2x8x6x6xf32>
    %16 = linalg.fill ins(%cst : f32) outs(%12 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    %17 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_40, %cst_28 : tensor<2x8x6x6xf32>, tensor<8x8x3x3xf32>) outs(%16 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_26 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.truncf %cst_31 : f64 to f32
      %76 = arith.addf %in, %75 : f32
      linalg.yield %76 : f32
    } -> tensor<8xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%18 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = math.sqrt %in : f32
      linalg.yield %75 : f32
    } -> tensor<8xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%19 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf one, %in, %cst : f32
      cf.assert %75, "unimplemented: tensor with zero element"
      %76 = arith.divf %cst_0, %in : f32
      linalg.yield %76 : f32
    } -> tensor<8xf32>
    %expanded_41 = tensor.expand_shape %cst_27 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_42 = tensor.expand_shape %20 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_41 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.subf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%21, %expanded_42 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %expanded_43 = tensor.expand_shape %cst_25 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_43 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %expanded_44 = tensor.expand_shape %cst_24 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_44 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24 : tensor<2x8x4x4xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf ugt, %in, %cst : f32
      %76 = arith.select %75, %in, %cst : f32
      linalg.yield %76 : f32
    } -> tensor<2x8x4x4xf32>
    %padded_45 = tensor.pad %25 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x8x4x4xf32> to tensor<2x8x6x6xf32>
    %26 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_45, %cst_23 : tensor<2x8x6x6xf32>, tensor<8x8x3x3xf32>) outs(%16 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_21 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.truncf %cst_31 : f64 to f32
      %76 = arith.addf %in, %75 : f32
      linalg.yield %76 : f32
    } -> tensor<8xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%27 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = math.sqrt %in : f32
      linalg.yield %75 : f32
    } -> tensor<8xf32>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%28 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf one, %in, %cst : f32
      cf.assert %75, "unimplemented: tensor with zero element"
      %76 = arith.divf %cst_0, %in : f32
      linalg.yield %76 : f32
    } -> tensor<8xf32>
    %expanded_46 = tensor.expand_shape %cst_22 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_47 = tensor.expand_shape %29 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %expanded_46 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.subf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %31 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_47 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %expanded_48 = tensor.expand_shape %cst_20 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %32 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%31, %expanded_48 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %expanded_49 = tensor.expand_shape %cst_19 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %expanded_49 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %33 : tensor<2x8x4x4xf32>, tensor<2x8x4x4xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x8x4x4xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<2x8x4x4xf32>) outs(%12 : tensor<2x8x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf ugt, %in, %cst : f32
      %76 = arith.select %75, %in, %cst : f32
      linalg.yield %76 : f32
    } -> tensor<2x8x4x4xf32>
    %36 = tensor.empty() : tensor<2x16x2x2xf32>
    %37 = linalg.fill ins(%cst : f32) outs(%36 : tensor<2x16x2x2xf32>) -> tensor<2x16x2x2xf32>
    %38 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%35, %cst_18 : tensor<2x8x4x4xf32>, tensor<16x8x1x1xf32>) outs(%37 : tensor<2x16x2x2xf32>) -> tensor<2x16x2x2xf32>
    %39 = tensor.empty() : tensor<16xf32>
    %40 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_16 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.truncf %cst_31 : f64 to f32
      %76 = arith.addf %in, %75 : f32
      linalg.yield %76 : f32
    } -> tensor<16xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%40 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = math.sqrt %in : f32
      linalg.yield %75 : f32
    } -> tensor<16xf32>
    %42 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%41 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf one, %in, %cst : f32
      cf.assert %75, "unimplemented: tensor with zero element"
      %76 = arith.divf %cst_0, %in : f32
      linalg.yield %76 : f32
    } -> tensor<16xf32>
    %expanded_50 = tensor.expand_shape %cst_17 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_51 = tensor.expand_shape %42 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %43 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %expanded_50 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.subf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %44 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %expanded_51 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %expanded_52 = tensor.expand_shape %cst_15 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %expanded_52 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %expanded_53 = tensor.expand_shape %cst_14 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %46 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_53 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %padded_54 = tensor.pad %35 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x8x4x4xf32> to tensor<2x8x6x6xf32>
    %47 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_54, %cst_13 : tensor<2x8x6x6xf32>, tensor<16x8x3x3xf32>) outs(%37 : tensor<2x16x2x2xf32>) -> tensor<2x16x2x2xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_11 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.truncf %cst_31 : f64 to f32
      %76 = arith.addf %in, %75 : f32
      linalg.yield %76 : f32
    } -> tensor<16xf32>
    %49 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%48 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = math.sqrt %in : f32
      linalg.yield %75 : f32
    } -> tensor<16xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%49 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf one, %in, %cst : f32
      cf.assert %75, "unimplemented: tensor with zero element"
      %76 = arith.divf %cst_0, %in : f32
      linalg.yield %76 : f32
    } -> tensor<16xf32>
    %expanded_55 = tensor.expand_shape %cst_12 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_56 = tensor.expand_shape %50 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %expanded_55 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.subf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %52 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_56 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %expanded_57 = tensor.expand_shape %cst_10 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %expanded_57 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %expanded_58 = tensor.expand_shape %cst_9 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53, %expanded_58 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54 : tensor<2x16x2x2xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf ugt, %in, %cst : f32
      %76 = arith.select %75, %in, %cst : f32
      linalg.yield %76 : f32
    } -> tensor<2x16x2x2xf32>
    %padded_59 = tensor.pad %55 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x16x2x2xf32> to tensor<2x16x4x4xf32>
    %56 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_59, %cst_8 : tensor<2x16x4x4xf32>, tensor<16x16x3x3xf32>) outs(%37 : tensor<2x16x2x2xf32>) -> tensor<2x16x2x2xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_6 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.truncf %cst_31 : f64 to f32
      %76 = arith.addf %in, %75 : f32
      linalg.yield %76 : f32
    } -> tensor<16xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%57 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = math.sqrt %in : f32
      linalg.yield %75 : f32
    } -> tensor<16xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%58 : tensor<16xf32>) outs(%39 : tensor<16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf one, %in, %cst : f32
      cf.assert %75, "unimplemented: tensor with zero element"
      %76 = arith.divf %cst_0, %in : f32
      linalg.yield %76 : f32
    } -> tensor<16xf32>
    %expanded_60 = tensor.expand_shape %cst_7 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %expanded_61 = tensor.expand_shape %59 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %expanded_60 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.subf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60, %expanded_61 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %expanded_62 = tensor.expand_shape %cst_5 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61, %expanded_62 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.mulf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %expanded_63 = tensor.expand_shape %cst_4 [[0, 1, 2]] output_shape [16, 1, 1] : tensor<16xf32> into tensor<16x1x1xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %expanded_63 : tensor<2x16x2x2xf32>, tensor<16x1x1xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %63 : tensor<2x16x2x2xf32>, tensor<2x16x2x2xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x2x2xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64 : tensor<2x16x2x2xf32>) outs(%36 : tensor<2x16x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.cmpf ugt, %in, %cst : f32
      %76 = arith.select %75, %in, %cst : f32
      linalg.yield %76 : f32
    } -> tensor<2x16x2x2xf32>
    %66 = tensor.empty() : tensor<2x16x1x1xf32>
    %67 = linalg.fill ins(%cst : f32) outs(%66 : tensor<2x16x1x1xf32>) -> tensor<2x16x1x1xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%65 : tensor<2x16x2x2xf32>) outs(%67 : tensor<2x16x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.addf %in, %out : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x1x1xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68 : tensor<2x16x1x1xf32>) outs(%66 : tensor<2x16x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %75 = arith.divf %in, %cst_35 : f32
      linalg.yield %75 : f32
    } -> tensor<2x16x1x1xf32>
    %collapsed = tensor.collapse_shape %69 [[0], [1, 2, 3]] : tensor<2x16x1x1xf32> into tensor<2x16xf32>
    %70 = tensor.empty() : tensor<16x10xf32>
    %transposed = linalg.transpose ins(%cst_3 : tensor<10x16xf32>) outs(%70 : tensor<16x10xf32>) permutation = [1, 0] 
    %71 = tensor.empty() : tensor<2x10xf32>
    %72 = linalg.fill ins(%cst : f32) outs(%71 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %73 = linalg.matmul ins(%collapsed, %transposed : tensor<2x16xf32>, tensor<16x10xf32>) outs(%72 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %74 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%73, %cst_2 : tensor<2x10xf32>, tensor<10xf32>) outs(%71 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_64: f32, %out: f32):
      %75 = arith.addf %in, %in_64 : f32
      linalg.yield %75 : f32
    } -> tensor<2x10xf32>
    return %74 : tensor<2x10xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_10_torch.float32: "0x0400000030E43BBDA894583DAEF04EBE28BC543EB41D5A3E787B01BD60F752BC80843EBC8080A63DE0B2143C",
      torch_tensor_10_16_torch.float32: "0x04000000A80A413D0C034FBE1082BFBCC4F73E3ED0B766BE388534BE7EA9203E8453D0BD1CB8F8BD0AC320BE2086853D1035C23C80878B3B9890A23DF07B993DBA721BBE00472F3CC6827DBEE0124CBEE625013E309BCD3CAC1B24BE34940DBE3E8D353EBA2458BE08B41DBE9C2B433E7C234CBE7C6213BE84CA123E187544BED8AD783DD090483E8095003D560506BEBC8C27BE301D6BBEB4DE083E4029D9BB409DA6BBDA321DBE9CE845BEE0E642BDAC1D993DDE82203EA8C93C3EC0A8B3BCC0617ABE467A323E54E4CBBD50F7C23C201F45BD8E5410BE3C39AEBD30342DBD9E764ABEAC691BBE582105BD9CEEB13D68157E3E9E3C253E36EC2A3EC09B32BCF81D5E3DD8EEACBD628B2CBE209A443E8CCDED3D3E045D3EB8ECFF3DAABE19BE76EF67BE84227D3EFC3D39BEB48192BDC40C0ABEE469C13D4A062C3EC0C211BD0888183D20F348BC2C29F2BD0856783E88E8F23DAC7B86BD2C242DBE34BDF6BDD0A484BDC28D653E28A0D9BD40BBF23C12BE193E00E5E03A4CFCEB3D3C46FBBDC017933BD0BEBF3C88D0163E0A20523E4AF727BED0BC69BD96CC1BBEA267673E9C3E583ED232423E209DB13DBC5C95BD40D3A53D781052BE808937BBAE3715BEC6D446BEA08E7FBE6CCAC43D84DC353E704A9BBD4ADB71BE2CC1C4BDBC4ACF3DF688673E8A64073E4864C3BDF80D6D3EB6FB103EA0BE633CF6302C3EE0B820BE204BFC3C30AEC23C00AB3EBB00152F3E98220C3E3848683D6879943DE0FA2DBE706D403E0060843AA450F1BDE85C843DC43FCABD900BCE3CB0DAA23CE82B0F3DB04A233ECC1B243E180A4B3E2EAD3DBEF8B812BDC02B7EBD9015ADBDEAFE7ABE409D2A3EC06CB5BBA46A543E9A7C713E1898B13DB8D49CBDD65F653E98F5153E9EEE153E",
      torch_tensor_16_torch.float32_11: "0x040000001AE108BEDA5B293D03A9E7BDCA59F33D6AAA3C3E3D2221BE5D8C303EEDA2FCBD7355AABD9A24E8BD4378843D486A33BEF097FBBD3A91023D4D93C8BD1F08243E",
      torch_tensor_16_torch.float32_10: "0x04000000D1FB9E3F6DF8623FE90F333F724F013FC6994E3F62F0273FCBBC5C3F60CE253F833D243F72DA7C3F5174263F6407873F2CCF7B3F6D1AB53F1D4AA33F65869B3F",
      torch_tensor_16_torch.float32_9: "0x04000000373F2A3F253B133F0844A73F6939823F1D5F6D3F4CB0B03FB4BF663F4A87983F80748B3F5753753F01953A3FF3962A3FAB3A0B3F8CFEB13FFC1ABA3F4E0CBF3F",
      torch_tensor_16_torch.float32_8: "0x040000009DC8983DDA571CBD172442BE77D4FE3D6058DD3DB3D43FBC1A35413CD38F03BE270CF63D771E80BDCD8C2CBABA2C2A3E9A2BF3BDC2F4423E033ECE3D73ADFBBD",
      torch_tensor_16_16_3_3_torch.float32: "0x040000008BC8403C464F79BD338B92BD86CAE6BC27719E3D08617B3DA32D743D5261813D8EDEA0BD76BC6D3DEB46863DA030ADBC7F598EBDEB2DBBBCE8F4863DD89C2BBDBBE517BD6E7946BDD8152ABD46B4BABCE088113C167C423DD6BD003B76DA92BDC49F803D568BB93AD0F2FDBC237383BD76B65A3C0B0DE33C98BB8DBD7AB284BDC6E0383DBB5CE23C4B197FBCC06B1DBCC81903BDA63AA23C00CD4D3CF686B33C8BC2C73CE01CBF3CD08FC43C30190ABDEE5EA73D3B310D3DA05086BCD603043BDCF6A1BD3073F7BC00FDDEBC5313163D2F99AA3DFB50D8BC7C30923DD6F8A03C48AD3FBD184639BD961DDABB563F573BA6D0C8BC23CB293D14C8A43DC62CC83C90F2773DCBA71C3C906FF8BC5F51813DE33BA03D737C4DBD233525BD1A338C3D5EAB143D42279D3D76F7603DBF25A23D2B9AA9BBD6D59F3BDBCD6FBD6B3D623C8EE9523D40C06DBCCBB2383C233651BD24998A3D83279BBDB6FE26BC44C3983DFB75B4BC43642FBDA09B63BC08622BBD18DC3BBDF23C833D56A3E53C2B7C1E3D648094BD7B71DF3CBEC10FBD787B49BD260C2BBDA2C4863D937273BD969622BD222F95BD76CA673D181B8E3DE00AE03C12BA8C3D96E2E93B2B3E04BCD6019F3DD46D913DB3878D3D58EC863D36CE883DA3E43A3D8095FBBC30A82CBD4092A63B3BB6FFBC76ED64BD7614163DCF6DA43DD68A96BD57C182BD6BB04A3D9E84A0BD102F9BBD1BE4F03C4813A7BDF080063DC6CA7ABDEB24543CE4E5A0BDDB28A73D2B71FDBBEA93983D00E98ABB805ECF3C5379163D9EE942BD80B1F5BC562F1CBA18BE903D2B89D7BB7BBDA83DAE049B3D83902D3DC2639FBDF0E6D3BCD27291BD0E4CA1BDAB325EBB97C0A43D7B8F703DA01D8A3C96E25CBDB0A07BBD9EC21BBD0B2E0B3D2B4E24BBF3906ABD636F253DC3DB91BD805D423C263FC3BC134AA73D403D9EBD76F68F3D20237FBC108D7DBD2694BEBC4B0A51BC007C83BB6B2CD33C23FB903D56557D3C7857653DA7B483BDFBB128BD48D584BD46EAC13CC0639F3D5C6C92BDA08A8DBC162D06BCB63046BD16C082BDA0D8533D062ED5BC603E43BDCB953ABC60D48EBD70749F3D7645953CA6FFA5BC906AE83C333F663D2BDF17BCF358143D939C9EBDEEC78C3D0E02733D9B5BF3BCD8C50A3DB0CAD63C063D9ABC6B6CAA3D9B1DC93C401778BDC021763C9048C2BC122CA2BDB6C27C3DA0A08A3CCEA587BDEB3B273D464B1FBDEF69853DA0D80BBCE09822BC349681BD5B992BBD007F753D53222A3D900717BD368D0A3CE65291BCAAF388BD9014ED3C567B12BDF6195F3DAB6AECBB5028CD3CABBA7FBC2B68ED3B8AEA853DDEA394BDD7ABA53D5BBAC33C53897ABDB0279BBD9612AA3B66C629BDA7E8A63D4E6628BD8E1B933D9EAB503D200367BD162CD0BC88ED623DCECD40BDE89B56BD0BD440BD76825FBC2873333D16D804BCB6F28D3C50FFD93C165FC7BB2EC93C3DD8827C3DA0C839BDD364213DD01682BC2B1567BBAB288BBDAF62913D96204E3D5B23213D46D32FBD569D493CB058743DF67E803CB814A8BDB0E5593D3B458D3D5087933C40A9533DF69D693D020A83BDB65494BCF864623DB6829BBCEA73A6BD509EA8BD56F7453D566AE73B08922C3D621092BDABCA47387A0F89BDE86C213DF82758BDEE763EBDF0C75DBD930858BD00CA10BC8022AA3CDE126D3D1AFBA73D96AFC0BCDB44983CFE4111BDD813A3BDEB56AEBC2AD7833DD0B8F13CAB9815BA2B738DBDC8D92ABD4682B43CDB92A03DEB1F8ABB987546BD5E251A3D6B9C0C3C36101E3DE05023BC8E8B453DD66C333D10D864BD36E8963C56AD7D3C27C5913DA0FC8CBD6B56793DC0FBBF3B8027453C16F0C93CA7428EBDA6BC5FBD5359A2BDB8627D3DEE0E8E3D73232EBD18FB093D181C633D1666A5BD806BBD3B1034973CDC0384BDDB5DFEBC48AA1D3D3E04473D803A44BB53256D3D984A333D209F00BD983A3BBDF00C693D56512A3A903B403DD0AA813C06F395BCB0170F3D30625EBD4B1F4A3C26E1023DE0B74CBD6FC98A3D6B0BAFBBCE9177BD961FC83C8BD145BDC63F51BD00589239D0781D3D06FFA33D80668C3BD3C78E3DD34B973D908FB7BC968BA2BB5E35A5BD5606D4BCDBA6593D568DDBBB4B9B28BCA633D2BC1B0A303D0C1C893D669B53BD50C6243DF64734BDCBD1553DAB7E94B9536019BD28BC553DAE1E92BD06F22B3DEBDA83BBEB784EBDD68378BD889440BD568D0139A3FE113DD6C833BB7BB5B1BC505ECCBC0B55973C28F1663D2BB41B3B46603ABDCB134DBC9E1182BD18D9073DFB771DBD8082F93C6BC3AEBB5E768A3D20851CBD203565BD1665AF3B20F2E03CFA4586BD7E9F46BDB8F87C3D4777903DD628523D204A7A3D3BB4343D46B98D3D0BF9BB3C2ED369BDEEDC38BDB6B4153D2B642BBBC2669A3D9637A83D7FEC813D666A55BD663FCEBC64D38F3DF60F4E3C888E923DAE984A3D08AEA2BDB6BFCD3C9B288D3CD666B9BBA766883D38D873BD96B59F3D9FD0863D20DAB43C9A3D913D4B257F3CA3AA14BD7E0C65BDFE869F3D4B9770BC6BD5913CF6C08FBCD8E0493DD692A33B360D32BC084128BD42889A3D9790A53DDE06353D801181BBDB58673DDF1E933DCBA3CBBCAF5C81BD84199BBD96180FBD062463BDD621EABC2BD691BCA6497DBD2639563D4F46953D7266953D263D1E3DB80A053DA6AF8DBD0083883BFBCD8F3DD060983C9096203DC74DA23D0B75203C969CE9BC93DBA03DF0569CBD0011EBBA10048A3C8B5C1D3C76328DBDA30B16BD8CD8973D1682BABB800ECD3CDB7F013DA66D073D1BCF533DB091E93C361C72BCE0475DBC109D49BD1E94443D3840A83D64BE9B3DBEDE48BDDEF6093DCEF645BDE4A8A5BD04AA8F3D0B81213D66BA8FBDA072913CC7B49C3DAB6B3CBB60F46F3CD8771A3D76E2273D4BF4193C6B3E5A3CDE2E19BD4EF2113D948B8FBDCEFA123D033F96BDA60E8BBC9046333DC85733BD1B09C8BCEB38E3BCE8DD1CBDD65A51BC380D3FBD433974BD6B8781BC5BF2ECBC1BF29D3C20F93E3CC061B93B6B17CF3B00490F3C1065283D6008213C6E2B003D901ABA3C60D17C3CEB1E963CAC30823DC0D896BCABAF013C8630ABBC78EA3F3D0BA3033D805E4E3CA3AB32BD8E1F6BBD1084803CD05C8B3D930A3BBD08F7193D16951BBCD3CE233D7612823CD049EF3CD8C43E3D10BD0C3D607E113C0872A13D28EF5DBDEBFDDE3BE45498BDAF8C81BD9C89A4BD80662ABB803BC13CC094A8BB8B350BBD636A45BD56A4C43A90D62BBD80CE5FBB10BD8C3D53F3533D8B7CC33C20B1F8BC26BCA0BD9E771EBD561143BC9ECA3ABD602D05BD68CB19BDA2119B3D96C4A6BB23F7883D384A6FBD1003253D8B379ABD40DDE0BCE6590BBDD8029FBD68687EBD0B6465BDCB9D6DBC5B7CE1BC2B7B9DBDCB2B5D3C98EB133D20016B3CAEA8813D80E5ECBB52E2873D8089B0BB6B0CC8BBEBAF9DBBA81A09BD406D03BDE0A7A43C43BC3ABDD6CBEB3CB89388BD368426BC807D45BCBECC18BDC0CE733DE43F8ABDAEF6223D5A3A99BDB67A4A3DC256A13D9B929FBC2BE8C8BB56E31FBB3023443D4007A53BAB73A7BC54DB963D2217833DC0CDB4BB834A2EBD40F0433D536D17BD236041BD20EE53BD2B16B23B3E6711BDCE09653D6E736E3DA8AE11BD3B2F07BDC365773D90492FBDA325583D2B59A8BB2026763D4E252D3D565373BD0E4674BDA3F3153D501F26BD16DBDE3B00CB833C43F589BDD6A994BB60C16B3DAB54563B06C655BDB3DA943D9038913D7B98A33C73F44EBDB6F2123D2601C13C40144ABD536D77BDD8850DBDBC23A13DCB71133C56AF9EBA6E501D3D2BC63FBD60E3D7BC002F6C3C2FCD943DEBCEBEBBE671983CCCFF8DBDF0AA9FBD86F38E3CABA658BA8BE9853D5B009C3CDC64993D4BFD81BC6B81BABC96E0E9BB90A91DBD96E5B13B06E48CBD80BC1A3C9675BABB8BCBD33CBB7FA53DD619F43C2B45633C13F05EBD0B43EBBC88EC05BD523D90BD187F363DC325A23DE0AF623D1C77863D987D3BBDF38E0CBDC6E6D5BC63D019BDEF9586BDE2638CBD00E181BBDB614ABD3F7A80BD2083A63D7EBB9FBDB63FD6BC0B5C5C3D16B42EBD50701E3D0B3F74BD56874FBA0B3AF93CA643D4BCA82773BD36D4853C402964BC53FA943DA08D51BCC7D8833D28CF10BDA00005BD00D07A3900693F3D30759D3D73D21F3D167519BD561DBB3BC6B4623DFE24883D530D753DF64FE63C2B3528BC7B8E693DABDAE43CEB8493BD2E1CA73DEBE3C7BBDA45A33DEE4B4A3DAB24ACBB84CF91BD9A70A3BDB8AF23BDC3300E3D16A4D23B8BC7053C241F8BBD8EEC3B3D6015A9BC0E25333D10F58ABD0087BB3A8EE12C3D9663CA3C63C3A9BDE49E8F3D4E0E7EBDCB409DBD60AA6CBDC4B2A1BDE03EF93C76A0803DCE3C893D6BEDEF3C5029B7BC301B903C8080D33CB22DA9BD56E106BA168EAA3CDE278A3D86734D3D76A4C0BC80FD77BB166B593D34FF9A3D56D52EBDBB30A93D4BB569BC2B5A18BDAB5AF4B982C7853DB0EA42BD80CC3E3B087444BD80B908BB1E666E3DE3F228BD506319BDE65DBD3C36B2203D5635D1BB26329DBCABE7ACBB5B7FCF3C56F1973DB0D7193D008E5D3C2BA7E23C808ECC3C6BD380BB736C65BD686621BD9B43EF3CABADEF3C60A02DBD0E4A3CBDDE5E403DCBE776BC76E54F3D60A5B53C3B8E843CF6BD1ABC508414BDFBABAC3C6BFD55BD70A016BDFBF875BD5695DFB703BD38BD86C9FBBCD6C1DCBC3356163DBB1D3D3D96BA663DEB6217BC4B24A23DA06B2BBD4B6D343CD001B53CE0029CBD8BCA543D5015703D135F7F3D6E1B6C3DCBDF403DB0244FBD3BCC753D265700BDFB90BC3C14419BBDEB721CBCA8C11CBD187425BDDB427EBD960EF0BB609C53BDB37455BD44239EBDCE1C613D43BC773D967E50BC23D03D3D36EF9A3CA82F50BD163049BCD808143D56F5F83900568CBBA0204DBC98AF703D1E7C75BDEBA8DA3B73135ABDD6A7473D165CE4BB885549BD76EF61BD2B37FBBB5608C53B4E5A4E3DE08389BC40F031BDEB36A5BD809064BB5A728E3D43779EBDF04C89BC7B4A853D3E07963D03CC60BD7CBE94BD2F5AA93DFEB223BD5009BB3C5A55A9BDC36A1C3D56E71ABABB6881BC78D529BD5B73143DD06A08BD869417BD98BE57BDAC5E8B3DABD1153BCBA058BC3684863C6E04673D430F8FBD5B695F3D8B631C3DA00B383DAB782EBC9EAD4BBDD661B3BB081FA53DE0824ABD46E08DBDEB32AABCBB140B3D6CA787BD160FE2BB201B833C36EAB5BC8EBA8FBDA65DF4BC4BA3BFBC7ED1003DAF4EAABD4063903C000F25BCE6DD683D23E631BDC848403D0071EFBA30E6D53C04A0A1BDEBAC38BC43AD55BD2BB53C3D247D97BD866F7E3D8F0D92BDA0E35B3D863AF2BCBA7192BD0078AF3BAF8891BDAB22DA3C2E02A03DEB4502BC8EAD46BD3207803DD6F3103CD6DFA53BA3412D3DA3C5A2BD4BEF23BDDBEADD3C96608F3B26C705BD8BB179BDFBD0743D10D9CABCEB76C1BBFEE7403D000D96BACC2888BDD39F9BBD965EF43B86F7933CCE01663DE0CE2E3DE4A3A83D40721B3DD356253D148F943D1ED70CBDC8392B3DDBFEBFBCEB523B3CA639373D8E7C9EBDAB294B3DB6A4743C4B12C2BC909A03BDBB60F7BC50659A3C401C20BC90A9A43C204ADEBC5634853A6B32873D4B66AABDABFF19BC5BBC3B3DA073133D200ED03C5381683D20FEA3BD56DB84BD261EA2BD52DD923D4610433D7B41673DF801A03DC66EC8BCD817A03D568DE73B10C1993C307BB0BCEBDDE0BC200343BD3039BB3CA61A4A3DA3AA4DBD0B0422BD604968BC98AC9FBD4B7559BC503F9C3CABD2DBBB0075C33BE6874E3D7EF96BBDA600DFBCC6A78EBC705F113D804AC93CBEB293BDEB3BE6BBF06D84BDFE9085BD8B75203CD89348BDCAF2873DB38634BD4BA488BCA0A91A3DF65AC53C16DF603CD66126BB062489BC20791EBD36EBA53D5381813DF3BB27BDDED54C3D160BDF3CF6BA65BD5B8821BD5605C1B978BF47BD53B755BD561EDABA387C94BD6B1360BD4026593C20490DBCD394233D3618743D9B125A3D18B618BDAB8C1F3CB0C1E2BC407AA53C1F799CBDB8E58A3D6002603D9B7091BCE6A812BD13008E3D50183C3D3F96A53DB89549BD00BE6FBDD37099BD20D54DBC00F8DE39EF188B3DDBED30BDD6F698BD0080653B76AD703C40ECBB3CBED906BD2CDF85BDFC139FBD3A89A93DDBA3B1BCC01880BC28B5393D763B35BDEF499CBD1747A6BD405492BB3669D73C500F213D988519BD80B6C73B5624753BC009503D0B5E4DBD90817B3DB6359ABCABB4123D180A8DBDC67CF3BC80AD3CBD4E2125BD322084BDA6A69C3C26B8A63D6B85803D604655BD205308BC4608B6BC1E1915BDBB7915BD8697B53CBEA013BDF6056FBD2087363C5436A23DABC836BB46E2A43DB0345ABD745A8F3DABE3FFBAB081733D4070383CC031AD3C63688FBDAB3D79BCABF382BA609F5BBCFBA35E3DB62FFFBC083609BDFBA677BDDB85E13CBBC48C3D2BE8713C3E9451BD468F013D8B70363CF071583D00709CB8D6389F3D18AB933D865C59BD88F9813D1098E6BC58B6A6BD86629F3D96A337BD1629593C28D99C3DEE0C24BD485F753D5695A23C566B203A8BAC033D6B181CBDD6AD11BD4B6990BD2BCB8C3DA8D80FBDC0B6853D4B66323C40B8AEBB0AEC953D4EC62A3DB8A13B3DF60F3FBCD6B10E3D60EEA3BDD6E302BB566D97B9CC008EBD002A7ABCE090E33C4367663D6B8AF13B4BAE01BD66A221BDABA75CBD00ABFEBC207525BD1ED781BD46B9853C93BE5BBD564FF8BA0B7F753D7E0C63BD3B21563DB4208ABD927A90BD6052A43D065E27BD22AC913D2222993D3B78BC3CA3372ABD0669B03C16128E3CC6298E3CE00F2A3C14B2A73D20323C3C466A293D6B4FFEBC4B1BE0BCC3948D3DD622E6BBA00B0E3D933516BDD6DD833CA47B84BDF6D83E3CC063523CAB93E6BB689F093D5B1B373D8095723D67C19BBD6B38D5BBE345453DA3D9623DF7BE85BDAB6AC2B7EB9C8CBB6BFE62BCC646123D06DB0E3DE6189BBDEB755A3C5BDA37BDE615303D56E2F9BA96316D3CABB63EBCFAFC873D7F7B8DBDEB59143DC416A63D23D706BDF09DAF3C488828BDB0D624BDFE4B3ABDFBB7283DE3255C3DAB7734BCD60F26BC485E76BD8844383D10491B3D2BF176BB137B56BD3B3D2B3D9EDF5EBDF64D5E3D78C187BD6BA2EF3C6ED266BDB66F203CFEFFA43D2EF96F3D6EFB7EBD10B9A2BC6B8F623C00D2E3BCD6697BBCA6F4803DB6677FBD6AC785BDCF1D8CBD00BEC6BA368B69BC5661B13C48F03ABD285730BDB03A1BBD2B46033DC7D3A43D9F7393BD36C13B3D1E51613DA69C70BD533947BD578B843D43CC04BD9087373D0077D73B582F98BD70E3373D80D4143C3EC14FBD80456F3C333A01BD6EA741BD301ED4BC02958BBD16929EBD00E8E4BA6EA15EBDAB3DE83CB0ED663DCB881CBCD84590BDF6159CBD0857333D800FB33B066794BDB65515BD2059D53C40D7DD3B0E34243DDAA9A03DD6F2F4BCC068D0BCF0FAA8BD864D9C3D2BA3EABBEB9CC5BC6B82F7BBC3DD13BD8B8A0D3CB0687D3DE04EEE3C1628A93C5EA91CBDD8173D3D84D2A93DD2B391BD784F41BDC3D6A53DC3E6833D8B50B23C54219C3DABECE1BA364AA13C58C8223DDF609F3D3C2680BDDEC8183D60E50A3D86B60EBDE39D11BDB83B023DC8494BBD0E20383D6EAA5F3D7B91273DF0553BBD68A0A03DBB0E023DF37CA7BD3FAFA4BD4602F23C93771D3DAE0B943D1E19843D4BF3533DA067CDBC0044B9BB6EC955BD0008363B6031903C6BB31B3D1BAF8C3C20C4773C56E5923874C685BD83C414BDF0669EBCC07DB63CAB68533BC60940BD48C01EBD7BA3A8BCB489913D40B2633D70AB92BDE3FC38BD5020FE3C063BEBBCC6E3D4BC8C028BBD408E0BBCDB81EB3C8070973DE642B9BC180B07BDF65E7C3C807ED83B1686253C1A589EBD3C42853DABC980BA405DEABBFBCEDCBC70469DBDC6BBE1BCAFAD9CBD73700C3D501233BD87D29ABDDBEB2CBD5E89053D40F73DBDAAE583BD403D06BD146FA03DCEA03C3DCB4BA33C1BC0AFBC88470BBDB6FE8B3CE075753DF6AA83BD52D3843D6245A4BDCB469ABD08C7A2BD10EFDC3C0042603BD637AA3C7B667ABD06284EBDD6ED0F3D487E733D872D8FBD6BAC973B5649B5BBE031A6BC6B19EC3C821B82BD3EA8273D33EE04BD5E62663D5B42A9BC83456F3DE0FE63BDF2F29ABDFBC9A73DFBD9E7BC000E393AEBEA793D686C983DB0498F3CD03E9FBD5E8E53BD5374543D468AD83C7066393D9E2000BDCF529EBD96DA5ABCE07D083DA34D6E3DC6AE62BDAE7727BD83628E3D040B8C3DF38DA53D7691733D10DAB63C56754EB946DA7DBDFB6EF5BC0E3EA7BDCBDD5E3D4B88523DC0E6193DEBA172BC486F90BDC2D5943DB0E89A3C864F903C2BCEADBC138A76BD40C2163C2BFA56BC12019A3D0B80FD3C90ACE53C4BA07A3D208D33BD5677653DAB8AFD3920DC9CBD7022563D73CA65BD3859513D1F68843D40F9C8BB10B2E0BCC01E663CF0237F3D703A2D3D3832823DD6901EBB23F780BD90A2173D96F4C83B86F5A23C4EE49E3DBB5A9CBC98329B3D509249BDBBE25CBDE8355F3DDCC4813D83A301BDB6737A3CE0F01C3CA0FFD93CCB584EBC824AA6BD90F5E33C9AACA5BD204E6BBDEC7786BDE04A063DC37E143DEBD646BDC0D0983D469A6FBD163F793DD055153D1BA095BC6F00873DEB437B3D6B5F8B3DFAA48ABD4B5AFFBC109F71BDDF4B883D56F7983C8EAF2CBD365633BCC0D16B3D4C589F3D5631343AD7B69ABD46D71BBD66986F3D60C64F3C4811643DB7A58C3D6BD9E9BC0B21463D60D21DBC235917BD9EC26BBD2050853C90D8943C98F95F3D966EA73D3CDE85BDB6A35BBCCB8ACEBC8EA92E3D9672263DDEC79A3D200E6B3D96D9673D2C8481BDD31262BD87BF88BD664928BD060A28BD2E7B6E3D23A225BDBC65923D1204903DABD0543D203E483DDE66723DA0C75F3CE3C962BDF60D7F3D6EB7783D9E4B683DEB4A6EBDEB152CBC68545D3D2B4C2DBB160DC1BB436636BD9BE82A3DD389163D300095BC76EC7B3DB8CE48BDD38A313DD64665BB58EC09BD2047533CE8F294BD48588B3DC04F90BC2BA82FBD4BF5053CB36A443DC0D37D3D83BB613D8B5F7BBC20F29A3CFFA79C3D5B5E373D500CAA3D56616C3C54F3A3BD5081CA3CC659ADBCA02B743C0330053DFB9D403DC0D221BD185A7DBD434C9C3D60B3AC3C08AB233DABE6B93CE0DE74BC30249DBDBE28993DD3B5A13DAB27E3BAC697B2BC430A163D37AA9FBDC027BC3C24A7913D60CFB1BC162097BB5386293DEB0EF7BBAB12E0BA6078D93C0074D3BBABFAC4B92B34A5BB93CA3F3D64A39D3D96FCF33B60B5483C36E072BDF3253E3D86EF403DEEC178BD4634483D1B1DBB3C368351BDF60861BC74EE97BD56C7383CDB6C2B3DA0A46BBDC00FCDBBE249863DAECC823D90055A3D08103FBDABFCF7BAE09824BD8BA0983DAB6B713BC85E52BD20513DBCC08D973B5038E63CA0DC4FBCEB2E673CCCCAA0BD5089CEBCBE9F3C3DB8220C3DB3E1A63D1353883D9B21313D96B625BD0BFD993D23166A3D80AFF4BC03171EBD808729BD73AC58BDE3CB083D8E8931BDABDD963D4B6C993CAB9EB73A00C6D63C502D403D8B9D62BCFF0284BDB7B2A6BDF3B39E3D2AAE9F3D90F3FFBC0E49963DA828073D366394BDB66452BCAB1F9ABDEE1B143D7B08F33C9B78223D80C95BBB96B9453C0EE74CBDE7648DBD2BC7F0BC300EF93C36607CBCF6E08CBCC04C3ABDB36A2ABD1BB132BD70D48CBCFB6C9F3DB6AFAEBCCBA334BC805833BDABA94FBD2224A7BDEB7859BD50B7C4BC56EF9DBC63FB6ABDC062D3BB90EA8F3D82CF83BDF80C553DDB5383BDF671773C0086543AAE6189BDCED22EBDBE1F22BD8CEF81BD1638C73B16C887BDD8F09E3D16639B3B8A1582BDD37B08BDF40B953D564360BBDBCB1C3DBE776A3D66562EBD1077923D334B34BD78498EBDA0E34E3D74B381BDD0DC67BD6AF081BD80F8ED3C6B5A8ABB20FE923D08DD15BD56D0833B6E7F303D80F25EBCAB66BFBB401C59BD63384A3DF007003DEBB769BC1B3F10BD3E4B633DA0A995BD234B0F3D56436E3DC6FEE4BC0E9A073D9605B73CCB273C3CD0AF12BD40B246BC8B094BBC0684033D6717A9BD2B9487BBA667D73CB087CD3CAB9539BD8BE2F3BCF6A54A3D40559F3C06A6A93DF6FBF4BC5B473D3DCBE83ABC0B89583CABE7F3BAB3F2A1BD536A0A3DA0E2BB3C36B194BD2BC83BBB6B6B7F3CBE56893D64A0A83D962372BC0B3671BCABCC98BCDE497BBD7BE9263DE317A73D6EB5923D2EB994BDF3A09DBD18F65DBDF63A75BC4B9BB0BCC461A0BD27D494BDC71B87BD6098C4BCAB71B13A1BF3A33D8E02A1BD28FA503DFE500BBDA0DBA83D32C08EBD2A0697BD00AC49BC9E330D3D2BA28BBD50A09FBCDBF285BDF823433D484D22BD761A25BD5A4393BDDBA2CE3CDCCD9C3DCB60AE3C837D053D086C853DAB2FB8BB569DD9B928DB913D4B15E5BCC3709CBD16662F3C404B113DE050E13CA8A57D3DD2A68E3DAB8A103986C0483D070B90BD808E123CB683483D3053513D8F13A0BD5070953DD6C5373BAB380B3C163EA13B56B0A53AB8174DBD1AC9943D9BC1D53CA8C36FBD34CC82BD78513F3DA664863D8B55753C8C63953D4026E1BB6B0406BDCB0B1D3D005427BA0B73263CEBFBD63B54A4803DB3721F3DA380333D0088193C6B94C8BC80AC6DBD40112EBCD85197BDCB7140BD36F3A6BC83AC7E3D3384A9BDFB50483D70C450BDEE5E9EBD6E8B66BDA36F66BD0053A53D56C9783D1225A23DC64A38BD56A4A3BD6030A3BC50C0863D161E303DEE9687BD80DAC2BC807D1C3B373FA53D68D56ABD0374673D03BA483DFBDB37BD2E5D7EBD1E294CBD7BB4613D5319A6BD8093673D829A9C3DEB26A0BDEBCE4CBCBEE0663DAB85ACBC23D4113D00BE48BAF6731ABD1B0F773D40C8513CEB384ABCE68FE73C8B1835BDA67882BC36534BBD5B3F44BDCEC644BD561CB8BBA3DD79BDCB6C1BBCE0F0D9BCDB3E8EBC6E1A20BD382F52BD82989D3D189F023D50C98F3DD6BE99BB43787B3D56A3AB3A00AD003BC6449EBDD677EC3CA8B13B3DC088A4BC184C97BD86906EBD30816C3D2BBDC5BC903D2D3D2B057E3CE855923D2B6A3BBB10209B3C885F6DBDC01E65BDE3AC7E3D03B85DBD804E0C3B776CA2BD403C01BDA0FA31BCB6344E3DC60D533DAB1DEB3CABEFA4BC26ED123D5B53AF3C6BC4DA3C0B99453C5635B2BBAFF79F3D562D6E3DEB14BDBBF4E6A7BDF033A53C8B2F6F3CB0F4203DE664A0BD2617833C923E903D6097343CE69328BD63FE21BDE0FBCC3CC655163D1BCD83BDFCFB973D08A832BD20B6923C76515B3D90FE79BD03E16E3D56D5E639060DD7BCD61C59BD9445893DEE54453D60E792BCCB75A53C664EB93C6A0E89BD8B2F973D464B94BD40B4FD3CE0C1133D0083A6BA8BFA2EBDDB878FBDCE87613D804E9BBB784314BD1626EFBC2007143C3AD4843D733A99BD765A283CA34D97BDB81B8EBD68C04FBD40907B3DEB2F85BC964E243CF6E5033D2BD3363C7BBD013D703330BDB60BB83CBFD8843DCC14A6BD805C3A3D6B929FBC9629433D5B4BA0BCB049A63C4ED282BD30CDB9BCE8AB1EBD9B5383BDC0CBB43C17049F3DF3307EBD9F8FA83D0BC91A3CF6F4A3BD60ADC1BCE31A5F3DEAA390BDD6A757BC7C2FA03D3BF7D1BC9861493DD6BB86BCB62B39BC385542BD931B7F3D329A96BD80D660BDF69A98BD2BD6343CA8C74DBDCC429B3D26EE0E3DC3B6583DB67B163C5B0E8A3D465C35BD5013E4BCF00B903D566D0A3D405253BD2B3318BB26F20E3D76C8623C0780A93DC05F0DBD07C4A6BD23A83F3D2BCAC03BC8168ABDD66F9BBBA87099BDC3BE4A3D2BD59A3D0624AF3C92D6A73DDB2249BD805573BC4BAC673CD69F78BB6E348A3D9F8A853DCBECAABCCA119CBDFB968E3C68F1563D7675213CB02DF6BC302DBB3C76B09FBD30D68D3D8BCC373C2B20A63D1393913D78A8423D0B8FF7BCF3C82EBD00FFB13B864AA03DC0EE3DBC73917B3D2BC70BBC90CE063D3E163BBDABD0293BF413933D8B208BBD807527BD967373BC76169FBDF21F93BD5660D33AAB3328BC23675F3DE0DD11BC903A6F3DE00A423D701F853D4B6B8DBC2B63273C3F0795BD6855443D638B0F3D80118C3CB03192BC2F149B3D13038DBDE813333D503F953D9B7EEF3CE8ED8B3DE3F850BDDB12993DA6097B3DAB660FBD23E6913D7BD11ABD2C4690BD07E09F3DEB28D53C5E7C3E3D1B2DA63C40F8443C6064E33C2BE3FD3CCB4F63BD1E3A5F3D2B7EB63B1E55143DE69B94BD8B7753BD20FD18BDDAAC8BBD472B853DABC7553C86C079BD56BF52BDB0B19CBC0EE38F3DB0C60CBDF20D9A3D3B0D3B3DD07075BDDC7399BD20CFC23C1843693DF6E687BCA2B695BD2B04FE3C10DBE2BC00B521BD6B2DE83B43337F3D8E7999BDDB95993C00CE82BBB03E6ABDC40D8F3D003F4EBCAA40A33DE3E672BD804FA63B06EAB4BC003C8F3CAE89A4BDDB0CCB3CA3DC35BD2E293F3DF3B012BDABAC36BA1F1384BD1B445BBD2B67223D9050983D0C3C8E3D045B8CBDB032E1BC386B6A3DE068063D78BC3E3DCBAE9A3D8B64BBBC3050E5BCEB82DB3B06CE9ABDE63393BC339AA13D6B42E1BBEB6DFABC484F05BD263A88BCAB7AB3B9B63896BD6AE5813DFFB3A4BD068827BDB8F98BBDFE8C46BDD0CECB3C86CF53BDB32506BD109F6FBD008C76BB78A0983DC84E103DB811503DFC6287BDD0FCE8BC56221B3DD60F02BC5690843D168570BD4EADA3BDA61484BD56E62ABDC89B6F3D2B0EEEBC0E7027BDD6EC54BBE0283D3D6AACA9BD70199DBCCB57FBBC765C5BBD50F3CEBC363D00BC43B797BDE3A5853D1614DA3C00B8433BABA6BAB9969F5D3C07939D3D801E843C56AB3C3B809707BB1BDB67BD8612A8BD505582BC4B6B9ABD66E20C3D40E43EBDC03D2D3C60E20F3D834C3DBDB0EE91BCB0698ABD262D86BC5EB88A3D3E06073D",
      torch_tensor_16_torch.float32_7: "0x040000005A53503DA7072B3E2AFA20BE088439BE28F81DBE0DDABF3DFB243A3E13AB303D3AD717BE40DEE0BD03DFAABD25E744BE03B3A23D07F9183EC2CD293E1FBB3ABE",
      torch_tensor_16_torch.float32_6: "0x04000000BE11593F7563863F25F8193FAC798A3F9C98583F68989A3F59279B3FFF53663F4ADB053F6EE1623FD54F163FA692853F5C20073FF4B3193F9322A53FE4B53F3F",
      torch_tensor_16_torch.float32_5: "0x0400000080A89B3F5574843F77DC3D3FBD7C0D3FC6AB923FCADBAE3FA6DF7C3F1FC6793F8F9D4C3F00E2843FE8044F3FA293183F98D3843F9714523FC7673C3FBE61133F",
      torch_tensor_16_torch.float32_4: "0x040000008A2BFD3D73698C3DE730883D7341C03C7A41BFBD6719C0BBF0B0A03D6752F9BDD8214B3EC50F1F3E3702FABD834912BE2006483DC09917BE2D51AA3D75E6033E",
      torch_tensor_16_8_3_3_torch.float32: "0x04000000547F9FBDCF7F5E3B2484DE3CB4CF383D78EC923DB94E943D566CE9BDC97B253D126A9B3AC8755A3B3F74D1BDEA59B53D99CC243D8125CFBDA571C93D320EBD3DBFC4D8BD2D940FBDDFA2EABD928FB4BB538A25BC278BE9BD86FD94BDE2620EBCBFA8EF3DF31E913D5E52E43D8FFDFC3BB5E2C5BD8D80753D6546D5BCBE6D953CCC66ED3D39768DBD2A141F3BC09FDCBD8C4D21BDB583AABC6D5CA73CE1B9C13D4C46E93D890FC73D1899373CF025BB3DF16231BD21E235BD53E428BDC2DF8FBD57B602BDA617A3BCEE7B7FBD7A54E23C6B881C3D115390BD03E2E4BD3E1641BCBA39C7BAD67FC13C7B83863D2ACB85BD25ADF6BCB4528CBD53D1F7BCAC0FC8BD227FEA3D47E2EEBD502D3C3DED86133CFB5C173B623E4FBD0796933D9839963C041AB4BCFA2FE33D58D7E3BD12EE9EBC7CE6E4BDD14AA13DC3068BBD7E304F3C017FDABDE4DE833DC704D2BC5F15F23CA1EFF03DC205113D78AAB03D3CCB743D9528D6BB5A192EBC8CD5C6BD5615C1BDF809643DCC21EE3C1B4F343C99BBC73DAF46F1BD9AC8AD3D23366C3D696BBEBD3514CF3C2CFF103D9A31C6BD8ED65A3D01BB22BD071B56BD1E5F03BC70AF353DD0697F3D18DDE8BD6473923B1AB3E0BD1E90E63CFE7EB8BC1D9072BCCA50C8BD8844853DE1C794BD59FE79BC06F3D4BDD233AC3D33F0BE3C1F9B343C0937B43D08676C3C6DF3A83D4CB1B4BD974055BC817C81BDF1D3213DA332E5BD48C008BD6141FB3B1428F03D6B483BBD477192BDE43692BD74F25ABD4D6F86BCD435B43D51E58FBBE2E374BDFFA110BA57C8D7BD4087AEBA79B09FBDE33AD03D290BCB3D660B8CBDA0CDEE3C13D702BD160522BDD90DD53D4ED7D43D7BC6B73D32DEE6BD04A3D03CD8EC7D3DB381613DD7B1A4BD84C8533DDBA822BDA553273C86A0F1BC58635C3C401F6EBD8286553D37A413BD7DAB13BDD5123F3DF1A3393D98C4673DB0781C3D141E63BD9C58BCBC9ED4723DC238EFBDC436843D8622A13DD613013D30E89B3D4F32E23DAF40C8BC6E4984BDEDE79ABDC68C3C3D326B93BD5B9F233C887B89BC5BA2ABBD8167FA3C8AED7FBD5F51A53CBEAD6C3D416F0DBD232E03BD5E7394BC39B0FDBBB3CFD93C3FA09F3DB325E3BD9BFBD43D1909F13DA52584BD9FCC813D08FFED3C375CA6BDEE43AF3B1540ECBCF94FC53D7D4A4CBD39FFBCBC5B8FC43D10B984BD8467DDBD9351C93D7F756B3C87DC343D750FB03C01D74ABD1E71013D9FD7493D3F0B5A3B0AC76E3D41E5B3BD7863FC3CC4B5CB3DF73911BCDA00E13D68BF93BC643957BDA25CA83B96529A3D815F843BAB40A6BD1E16923DA792193D5AC1A8BDDE9F8C3C71ED363CE483C93CDF0149BC97A8BA3DB6B4BDBD848FFBBB967CAF3C3E9154BD27350CBC9EBBE8BD123F3038A637A33BAD76A7BCCAB5EBBD9E2F543DD83245BD08A1E43D0CB2E43DA16DD03D956DC33D05A7BC3D37C28A3A892A5A3D2C0B0EBDDA9201BB2BC2ABBDCA4E6FBCFE79053CCE149ABCBFC6DEBDB2E9B43C0DF14BBC62B845BD721145BDCCAE47BD9CEE903D6726E53C42EA5FBC944A31BD166C853A84E79EBDACD6F03DC384ACBD24EB563D7AA9D1BDF173ACBD2EC6ECBD6BAB7CBD6DCECFBDB20188BDE956CFBCF57C1B3D666C52BD0D038F3D3CADABBD00F6CABD882EC0BDC91AC7BDC688313DBDC5AE3D57B3343D45972A3CBDDBC93D9B2075BC1212883D03A165BDBBAEA13CAA4E5EBC42A8C83DF80848BD5568943D854117BCE217A5BDC8D14DBD92FCDBBD494FA03D4D153B3D81E7B5BDDBFC87BD418D893D2E56AE3DECAC983D8FA7973D6E8211BD1466DD3D5D6BE2BD0A0421BD67C4533D83475B3DF590ECBCD38A71BD721B2E3D1C58813D3237563D57C5DE3B5E29EE3CDF53C1BDB0D3E4BD9FA6C7BD5886A73D2DD374BCD536053D08A1863DC69596BD4942C03B9041C93D1F36343D3B93C23D17D7643D9260AEBD279BD1BD632A95BC89D8C8BD4BCC3B3DBFD2AD3DB75C9D3D0C42E83D8DDF43BD2B43BC3D01FECFBD5BE85EBDBEF5CE3B2065A13D6BCFA0BD5FE5E4BD9622D9BDD7DDBB3CAC2B843D0BC1DC3DD989B03DA743EB3D7C27C43DEA6FE6BD6119F1BD83A7F43CAF25ABBD0C76073DC468CC3D800F9A3C22D8CEBCDF5933BD761E7FBD119EC23DC8D816BDB9DEBC3DB045083D1D9552BB3B6EAF3D2AFC01BDB4C01A3D3CADBF3C9ABAE1BD74D99EBD351ED83DBDA05ABCD6A866BDEFC0AFBD415FDFB957B1B6BD6BF623BD7D31B73D906EEB3D1FC2C63DF047F5BCAE92D7BD928D753DBE2C13BD426DABBD8EB4F03C3653ABBCB11DE23D1CD3D43C16DF463DA571073D2AB61E3D2AE8E7BD436518BC42E0193D40D198BD87CDCA3DB73E4C3CA8D35C3CF468243DE93936BD23A5913D88B35E3DD5C5593DDA3B8ABDDDAA81BC685E1C3D677E6FBB71DC3DBD6C579CBCC5FA2D3DFCDB74BD1331F13D9489353D3874B23DB515953CB553283D4A41B5BC920F34BD0247A8BC3377A4BD45A4DFBD9C8F46BCAE299B3D30D63F3DABFAEB3D874478BCA516933C01A89D3C89EF853D6CA3D43DECF2B5BD27C825BDFB5646BCB937B8BC2265973DDD61EDBD5DEEA4BD136A9DBD2A1D4E3D2597B5BD492D5F3C6AB176BCE1DBD03C22E002BB3CC1A13B7474AF3D4F7CB73C6F90613DC480AABD9F29DABC0DE173BD287AA9BD078F8EBD769AF5BC34591B3DDEFD04BD6893BABDB2FFA4BD3C32D13C7B4DCD3B3BEEDBBD64AFC23CA368113D75BED83DF817E5BC99D9A73DF38D57BD1137D03D1E6FC5BDE9BFE8BCF041CDBDB84E62BD69BD243D09AB5A3DC7EA9A3DB221CB3D5B1119BD9FE296BD6B95BA3C8774BDBD8F5062BD92E0E0BCD6C2E4BD496AF2BCB078813C8DA413BDC95C6FBD80629C3BB69076BD89245FBD2B2B94BD588937BDD62E063CB5AD77BD60C499BD4776B0BD01B4E3BD1E5DA03CBB61B6BCDA9EE73C8DF92FBDB4B1F23C89D1AC3DD5337D3CD6ACC03DAFA2CC3D041E773B1778AD3D9B57D6BB4F66DBBD29FFBABC7260423DB4E88E3D7224663D8D8F013D0B1568BD79F5BE3B4D4DF63B0D26F33C8F29973D5210A6BC601A4D3DFC8EE9BD68C6ACBD93BD17BD0FF8AD3DE883E0BC72288BBD5855C23DD70FB0BC6217223DB9C0383D147BE13D75EDBC3C2D7643BC725B8E3D17AB5FBCDC04B13DFE00EB3DD029B7BCA51487BD0597F8BCE743D73D8A95D7BDEC34013DC606183DF193783D4F95BFBDF2B7973DA32FEA3C7F726FBDA5B3D1BD6668493CE906CB3D4DC5D33DEC202D3D6FD8D73DD43BA13DF91DE33CFBEFE1BCCB39813DFA0DEF3DC153B1BD44D9FEBC17C763BC9450A2BDEB58AE3D4DDA643D9015173BB2DC6FBD4E39ED3D470B7EBD10E5DABD3166E2BD3041A0BD43B3B3BDA9BCCE3D2BF9593DAC20DEBD8652CD3DEE75EFBD1720A93C98AA61BDAE8D9A3DF0917FBD7F0962BC41CD3C3D95A12ABD78870BBD72590A3D1C2EB43C139EA6BD29A3C1BD806932BDC8B48E3D637C8D3DE181F03DAC7001BD3EC75EBD770A99BD796D0DBDE44083BBA186C2BDC0B16D3D1CA389BD1AAD853DB0913F3D7AE1413D384167BC1F9FA7BD06C2C83DCC9782BDF88ACD3D5F397DBC836AA93DB70797BCBB7FEABDC6F6E33DBBA17FBCE67C463DFC2FACBD9A18AB3D63B24B3D1B473B3D32EFDFBDB6457BBD3C6FADBAF14D91BD193942BDC8ECB0BB1A7D7C3B0E5C983DD7AC72BD3744D8BDD79AE43D00D2763DF122EC3C553FBDBCB54381BDC77206BC482DD63DC5F1C9BD95E7913D29B7AABDDC82053D907F9E3DB18A8F3B50A6C1BAF1AD1C3D052808BD3397A53C8F8FC33DE6E3C43C7E04ADBD34B2EFBDE733753D1895E7BD45D9C83D6DE8B9BDC9D1E6BDA5D0CB3D266628BDF8D0B6BD87D1C13DD5DD8FBD77F1133DE9701DBD8FA42BBA10D59A3DECC1AD3DBF5C8DBD6C4CCF3CB284783DAC0B073D05AEDDBDF610D63D16F40B3D0937A7BD765D913DCF95E8BB3707CCBDA95CA73CDEE5C6BDCBC692BDC1AA89BD6CBFEEBC04BDF23A3A2322BC563AD03CCD1D4A3D9E40983D4B8C45BDC3E0EF3D66F30FBD08F0DDBD918E97BD1E99B4BB082C833AC202E63DADB0743D111D963D97DF973C2E31E13C067FB9BC8D6BD7BD9E5E5D3D175AD0BDFFBB773C00560B3B4FF9DF3D07B5DBBD62802EBD706BD83D2A0AD3BDE475C83C224DD8BDFAFD2ABDB95691BCF516293B9FA18CBDA2C9C23DFBB4453DFD917BBD6C0599BD89A1B0BC71E07F3D5B6AAEBDA93425BD7826BFBD9B3CDFBD4C23AA3D825E15BD97849F3DA6FC613D5EDA303DFC01C1BD86F167BC67B8CF3D766D7D3C351C41BD1DE1D23D8CA6A43C2CD2A3BD9EC7E13BD4015FBD1DB2D53CAD831D3DFACBD43D58D2813C2028333BF7045F3D211E93BD52AFE63D08C47B3DAA2A74BD032538BD948E9D3C65598E3C8352BCBCDFA45DBD4D4E9B3D7B0D893D6CB1C13D827ACBBD29DFF1BC2B1F2DBD7C9AC4BD9562E13D01869F3DEDC4B0BDFDE63CBDEEC1983DFFE8E43D47F9803D8FBCD0BC31103CBC4932DABC8E3BB3BDDCFFA23D7684783C4C71F2BC804C3C3D3792983DF3C6BD3CD29DF53B000531BCA38B913D35228CBC2FD1D3BD71E7CB3D5EE7093C8244FDBA3CCB3B3D959DB53D371D0C3D272B6EBD6045DE3D4242413DFD60D63D91219C3CC342C63D7C8AE23C08A343BDFC978C3D7462F43A7591993CC832E03D8B486FBDB9816CBDB118F03DEC2D4C3C8A0FC53DD2AD453D95E242BD0F2F0FBC4D28F9BCE1BDB83D332CB73CF2A79DBC9CA981BD4B41823DF5DA15BDBB1F6C3C69E6D53DB3D2103D4FFB76BC17D8C73D6D1AC93D6898B2BCBE26A73C2505CBBDB3AFDE3D43ECD0BD9CC6A33D8F2193BDA700EE3DC02A11BDA3039BBD0D5569BD6E4BEBBD7EBF72BD0ABA97BDBA1D03BD92D3D0BC01FC713DB89148BD7C3F2ABD1579CC3C6167EA3C16A8AABDABE3D4BDD249D23D318F8DBCC3E32E3D8C1CCBBD18A838BD3AF1BFBDF5CC183D0306603D88C47B3DD4D1103D064462BD0BA7753DD4AEB93D7A454BBD5147B9BDB53318BD351DD53D4603A23DD4F83CBDE4E786BC1258453DB95D27BD43E9C5BC85FC9E3D2613DE3B974697BC0F3D413DBD18A23C8359EFBD000EDABDCD35AFBDD30CA1BDF4480CBCF20D813D34A2723DD703903DA5B3403DA1ED56BC155441BD608B21391EA7D93D18D388BDF460C9BD5AA423BDB4CDBC3D3EFCAC3D395977BD1B0A123D380BCEBBD01B983D896371BCF48B94BD6506DB3D650F8FBD2ED23F3D4A94D23C335BC8BC02C660BDCD9FC03D0C0C9E3DEAB564BD07AFE73D529C833D8A7DB4BC36996FBC11C6E7BD4CEE9DBD6EAF463C6F76E6BDFBC3EEBDE431783DC6B864BDC084C53DE68091BDA8C2CFBD0ACE3EBDEBC947BC2D2AD1BDD884E03D4E42C3BD20C1A5BCFB02003D691B903BC9C0B9BD921735BC857AE4BDBCAAF93CE768C2BD8C561FBD637D62BDCD56E43D1EB4633C32F75FBDDAF9AA3CF236E7BD70D439BC2A1C26BD6A9A6CBC375797BDE589543D63110CBB194E8E3D24C08F3DCF61763D392BCDBD1E868CBDC6D8E9BDC4E5733B85CE433D5AED963D81898FBDED9E1B3CE4F6AA3D5A8C923DE257813D08136BBCF33BDBBDC203583C3DFDC53C22B5483D479453BDDFA891BD1708F4BCDE89833D28BEB33D0649D0BDB52B65BC79DA453DF05E693DE918DA3DF0908F3D3AE347BD9D78BB3D02A2773CAC34B13D0DA1BCBDE0F9C4BC8716DCBD74307B3D3960F93C9585AA3D83FE64BCC7CEB53DD6FEA33DBE1EE83DD0887BBDFD73DB3CCF6B0E3D8679AC3D2288BB3C15DDDCBDC036CD3D86EE953C8A195CBDD7EF92BB0BAA92BD4A1D4B3D377CE83D21CAAA3D0AABE3BA4D66E9BD4A809CBD26D2A2BD9CA4A8BDB49DCE3D04D984BDBFF2523D46470CBD5FFDBEBB7F55EEBDC237273DBCDF973D4AEFBCBD5FAEC8BCFB0698BCD3539D3D0185083DB3DB56BDEF41B03D3A06AC3C83264BBDA8578ABD5E16763DC8CA9F3D5445CF3D30C65A3D48AA053DA378D9BD3450373C3DE8C9BC733E13BB5C35133DF2FCE2BC92AFFBB94759BB3D7180F33CD9B3913D5A9C9D3D88F792BC2243AE3BD902BBBD4E22E4BBE1CC8FBD5C57593D8A6B34BD6D9CA13D2869B3BD4C0EB93C42C3C73C36AD433C561BB9BD6D07A4BDF53FD43DF11DEF3CE7C66CBDC0BA3C3D3318A43D8ACF133DBFD318BD02800F3D0D1DD7BD6B69813D622F87BD31F5B2BDBCD80EBC689393BD1E9050BD7C8D67BDE7F1BA3C0393CDBC8876C13D603C8DBD82D6BE3DBFF7163CB40F27BCCCE8CC3D7F117F3DCCC5ADBDBBEB733D42D9A03D055515397A3D933DF7D2253DB81AB23D45B3A5BD33CCDFBDFE6C3ABA2A98753BEB87D4BD6A8BC1BD2375AD3D3775BBBDFC14843DA8A7A93D76940ABDDAF062BDCC7D15BD3CC8BA3DF77E8D3DFD06D3BD608AC7BD8D56533D0C47BABDDDF8F7BC0458C7BC5E67CB3D2DFDB3BDBD6E93BC5F09BD3DCC1BAA3D95F0EABDCFDAB9BDC32E6E3DBD6E3DBDD9AAAB3DE5D30B3DF8FAAD3D9A4D56BD",
      torch_tensor_16_torch.float32_3: "0x040000006D0C43BD0094493B5D4D0BBE1357023EEDA729BE503A193E63478B3DDF302E3E104FD5BDE78963BC9ABDBABA7DF4973D40A2563DA766393D60D04B3E0D194D3D",
      torch_tensor_16_torch.float32_2: "0x040000002CA58F3FE43C553F572D8F3F3001493FAE43763FE450913F6F74993F48988A3F7AF87F3F78464A3F894F0E3FFC1DB03F5CA1613FDE71043F0A23AF3F3086B33F",
      torch_tensor_16_torch.float32_1: "0x04000000BDCD843F3D718D3F91CF6D3FC4B9AC3F33191A3F58C18A3F20909A3FAB8FA63F1DAF3A3F9CD1853FF208933F740B403FB11B423F5AB9873F9DCA423F86EABF3F",
      torch_tensor_16_torch.float32: "0x040000000DCB92BCB0A89E3D70D3AD3D90A903BE23C32A3EEB6E053E60F0933D7F423BBE7869463E3ACC07BE98352A3E0B2C3D3ECD624CBBF7D5B23DD2BA18BE300A0B3E",
      torch_tensor_16_8_1_1_torch.float32: "0x04000000084E773E749346BE3743A1BE164825BE34F315BE2A60573EF1BF3ABEE22A693E1EE78ABE03A5CC3D6AA6413D27B3743E015B6E3E768B8BBE16D8A03EAA91B13D0D52AF3E9F24163E84B99ABE3FA7B63D347D74BC53C52D3E17210FBE77AFE5BB2B8890BEBEB171BDB65F40BEAEC2D63D7C8E90BEBDA3743B9C792F3D51B41B3C0CFCAF3EAD4A9CBEC77F7E3E5346B4BE00DD16BE051222BEE73C3BBEDCB8E83D5D1615BE281AD8BD7D7F903E445DD83D0FE2D13D1AECC7BDCE0ECE3D8D101CBE8842B13DB91D9CBE44339FBE52513F3E450A473E4547643E98692ABE727A5EBDAE0C5EBED44D4EBE915F31BBB8F18BBD5546553E1E3F913E911F913E3A6DE3BDCD2ED73B3A8702BED535863DD052ADBEE11E8DBD310408BD05B7A23DFDDE3A3E338C04BD3F722CBE036AA23EA7599FBD64BA86BDC0AE4FBE5F332B3E34FD4B3E3317463E5EE7503D34147BBE794AA73E176B753E54EB603E7EF71B3EE2CF693D51313E3E1111B8BD2DA7B1BEF964EEBB539086BE0138903E00909EBE34EA0EBE9E28C53D0224203E4BD4B43E9633943EBFFA763D7E8A8F3E6FAB863C8D9922BE88DF983B98F74B3D24ABDB3BA06174BC9A8956BEF3F00A3EF2AC083E4282363E46A406BE5F64B83D361A6B3E87FD27BEBB66D2BD69B84C3E225E4EBE4997813D8F23ACBDA183F9BD007CABBE9993F63DFB194F3C8FD59ABED5146DBDD20BF03C",
      torch_tensor_8_torch.float32_11: "0x040000005AC0323D07571B3EED70163D739EC1BC27EDED3C171288BD6AC4193EE7CF9D3D",
      torch_tensor_8_torch.float32_10: "0x040000003B18BF3F98AE803F7D46053F8A559D3FEE21A33F5663AB3F78D4BF3FE752653F",
      torch_tensor_8_torch.float32_9: "0x040000008F5D353F00CA093FD28D713F20A07C3F5A8EA83FC39A3F3FFDE65B3FD32C263F",
      torch_tensor_8_torch.float32_8: "0x04000000E7310BBDD5A8323EFAFEF4BD9AA467BDD76B083E4DDC51BD4A65E9BDCA0505BE",
      torch_tensor_8_8_3_3_torch.float32_1: "0x040000008A3CB13CFDF5C4BDE05A573C1A38003D84B91A3DB8D7383DD6FDD33D66A5333C16D3DB3D676B5DBD5B7D5B3C343699BD17BEEBBD00B77D3C61D9FCBBDCF47FBDAE1B5EBDD661B7BDB80BC03C64C7AB3DACBD5ABDCCD9D13D08A0BEBDC202C4BD9520EE3DE5911D3D3CFC82BD972174BDD9D653BBB117C1BD99A98C3D67DA16BDBB55DB3DCC41B03D027AB93D4E86DBBDF6A27B3DAB1B94BDB54C66BD7FFE943DDE08D4BD2ED91DBDECAD523DB30F71BDF64BD63D64AFA23DC92BA9BD25ABB23C8CFBE9BD8AA58C3D5350F0BC1EB2F43C45C535BD7B92B73D4104823C4ED1B1BD42D3EABDACE04CBD70D42CBC6C6601BDE541A0BCDE0A79BD170B2CBB16055A3D3AB65EBDFA2CCBBC93CC58BCB0BAB03D0570D1BB876518BD7EF4943D9232BB3C67FF453D991764BD68DB48BD96CA6C3D0D5C8B3D9CAE183D0B7D0D3D0F71633AD404C4BDDBA4913CFD7CE23CD96C873D8403813C7250EF3DC2DD5BBCAF00953DB689D5BD2C0791BC6DBF9BBD51AB14397C03D7BD527763BD44C4BE3DF767453D5E2BB73D9805483D3623933D918982BD02AE2F3DC52EE4BDC682B0BD01C7E1BD062F8F3D5D33163DE97E96BD9C9E113CB5D2D23D873D88BD2BECA5BD28FBB9BD450C83BCC336D73DE6FAC03CD87135BC869698BC411503BD6D6650BDD670E23DA2443BBD2E5A2BBD1C8625BDCE25D33D101693BDBB12ED3DAA459F3A4BF549BD16DD953DA1FFC83D649116BDFE84893D96AC8EBDFA114CBD2DB99E3D0547DE3D1BB1CBBD4F739CBD4590B0BD99D226BCFEE751BC2B7F993DE7D5EE3C4B74B7BD41C709BCB3558EBDAA5E433C2907193DF1A4DCBD761EF13D7C54803DCF67EFBDCD8556BD12C9D43D59A1FE3BECD4BDBD5D8168BD4938DABD747E123DA0E272BDA20EE43D0D10083D01327DBD2569AE3D3188BBBC04BCA0BDF60DC4BDD4365DBD7B7E493DEB5DDB3C31C213BDCC9027BD45A4F3BC531AA3BD8342DF3DCD4ED6BDC3B75FBC9F5E843CBD350A3AEEC4A8BB737FBFBD9A7551BD8F2886BD76E8DB3D8B3913BD404AADBDD459A8BD6270AFBD2E5EAFBC8A824BBD882AAFBD39BE26BD54ECC03DE096D6BD299416BCBDC1E13DCAD1993DC0DBE73C72444B3DD9E128BDAF05BBBD365D94BDB2B88CBD1255B03D73CA823A1D38C4BDDB60B4BD224305BCA7DC873D191D673C98FAAD3CA119DCBC568BC5BA46788E3DB6161D3DCED920BD082EF13DE9C0A93D72B6253D6E34663DB0ABA13D330690BCF90EAA3CDEF915BD948417BD62D0963B18F0A1BD4C7ED63D7C1FA1BDABCE9ABD03FD85BC19909D3DE7C46EBD476802BCB913873D252AD3BDD14BE03D0F1F823D1109233D5078CB38BBCB8D3DAE2708BD9C40253C21AFB33D199B86BDCB70013CEE15AC3DB1682B3C911390BD2AA8B13C0371CDBC4BDBCEBDBA1E183B686B913BCA8D9C3D323CB6BB0D0BAEBD090ED23D81D3CC3C1E6207BDAF6A913D4CB0B03DF2C2AC3D2E19BD3D842D41BD309FDE3D36FC933DF8DDA2BD10C3673D6C0488BD0BEA543D949D8ABD729C6C3D6B9046BDE9F9D43CC7B2C1BC00B67F3DA273DBBA9FA2603D4B1339BDD762623DA31F843D8B070C3C7A200FBDBE1B943C2557DFBD68F015BC8FE8C63DBCCD713D0DDE68BB0FB677BD6CFCCA3C8D14D43D2FEB713D625C133BB678133DFD6C1C3C7799E9BC1133B1BD843C65BD73674DBD330B8DBD27CFE83D51BECDBDA937C53B7E79D83BE24E72BDF3126EBC5E27303D8452A9BD6149203D57E6D1BB8C7B6ABD1FA6B9BD12CA3BBC4DDE61BD777C263D83FAEEBD78FCB63D7289E93D871C1D3CF462A4BD8D36E9BDF08B683DA936243D5779C83DFC5880BD1881883D6BD843BDE90EB6BDD5C91F3C47E30BBD05D45A3DC0BD7EBD599C9B3D0A04AFBD0D33F63C6EABA03DD5DB0FBDD3E4E3BD29DB353D7505D4BD415B7EBD6EC459BDD6567EBD5FB9DD3D8466B4BD6571B83D9C2C9DBD080FC23D4C681FBD35D79FBCC216AABD31B45E3CE1D53FBD4D09E1BD21FD6C3DF2B3203D2B839FBD2A23E33D3B023EBCAF469D3DA9572BBD5629EFBD991567BDEABDBABDBDC6DA3D7A33C53DAC73B6BC77BBEDBD21B0953D65561E3D349A9A3D6763C03CB1044C3D3BF2F4BBDD10EE3D9C85B2BC1D2D613DFE80EABD34BA8ABCD0764C3C7D39C53D2264823DF878EA3D3213743C85741EBD094DCC3B5E332DBB4C2F103D2047B63CF1ED58BDB201513D0216503C7249ABBD64D15D3B64E2AABD71C420BB1C25043D0F39F1BDE4D6A83D2EE35ABD634DAFBCEEFBDCBC8D6BBB3D545895BDF983EEBD4DFCDDBDC8A65B3DFC7A2ABDB17B8F3C00E9693DF384123B104FF03D65C4413DBD03E7BD5895BEBDA7ECD8BDFE3EA4BD309FECBCDF0035BD5F26E4BD3D334A3D6870B73C0E5080BC5B693A3DEB8D02BDC9041F3CA6374DBD0D9D803DECA8BE3D0E53B43C6215C33D5173203DB4E707BDAEE6B23DE44BC03C35BAC43C9B864C3C9401C43D6AD099BD059732BDA4E493BD45D19EBD958F783D926556BD5F99933CC174CA3D73E97A3DC75E253CB582C43D46CD29BDD863C33D5322DE3DD7B2EABDBB903A3D295C4A3D85B1153D55C3CE3DE368DE3D74D9F5BCBC6DA03C9B5C1BBD4B90C9BD56FFC8BB0F6A0F3D25A529BD9CA95A3D0FAED4BD68D99DBD5AFEA0BDAA55A0BA6ACB9A3D63AA823DCDE0BF3DFF3BDD3D2A82C2BD73B2153D398488BDF33CB3BDC8CFE03D2692C8BD5B12D4BD896BBEBD5A16983DE15EB6BD834B423D903FBABDABE9F93C4D6D4D3D7C9FB2BD34B860BC3ACDA5BD1016D63D8B51D9BCBE37B1BDEE32BEBC60F4333D48A0B3BD3196B33D96629B3CF20DC7BDFEF9A03D0E0E193D620D803DCDDF51BC5D177ABDD0E37DBD77AE2F3D80E6AD3DBC9C1D3DBDE971BD06BAEE3D2CD88D3CC96797BD196F853DC128833DEF69BCBC671221BDA20893BD9612943DA625ED3D6293FFBC46C6613D282E8F3D48BD263DC8BDD3BD0DCB9D3D6AD3BDBC1230E3BD60694BBD50F1BABC63A59F3DC39EEABD9E54FA3CC08BBFBD6809AA3DF78AA6BD2D9CB1BD5FC124BD081B27BD774CFEBC5F2EC9BD61C280BD5E13C8BCC7E7703D1485CF3C3771B43D793550BDD532C6BCFD85843D759127BDEA7CE2BD0C56DEBDE0989DBD2CA2B83C5667D8BD3CB8C5BC118DF0BD35001ABD944D2FBD31E0DFBDFD73D03D5E9FFB3C192864BD7D07E83D214AC93D5A38213CACAD59BCCEAAB93DD232343C265E493C07A249BC042E163D5E5C823DF938D33D",
      torch_tensor_8_torch.float32_7: "0x0400000055DD4ABED5382CBECA58C8BD92A6203E98F4163EE0B0DD3D934A633DDFFC1EBE",
      torch_tensor_8_torch.float32_6: "0x0400000094BE2E3FF81A453F392B9A3F96FB013F7294443F6671273FAFADB83F0E1FA33F",
      torch_tensor_8_torch.float32_5: "0x040000005EF38D3FA4D2493F9BED813F2C3F943F80CD003F0C19AD3F62059E3F871D4D3F",
      torch_tensor_8_torch.float32_4: "0x04000000330CC33B7714E33D1D44A1BDE0ADEE3D9762933D33E9693B93E54A3E736D4ABD",
      torch_tensor_8_8_3_3_torch.float32: "0x040000006BA3213C87EA603BC3C5313DD70B6B3CDFD9F83CE1EBB43DFAFAD73CA597FBBBDACA6D3D462E273DAD5F4F3D7B4C02BDE7A3F0BD85D329BDDC79C33D464C25BDC32972BD645C4EBDB117943DC5D6DE3D83BAE5BD4D1427BD4C5BBF3D6F49D73C8A92993DF0D2BEBDF026903D14F570BD885596BD9B5840BD7061B0BDAE9D0F3D9410A23D65609DBD16CD2C3DF43CB3BD4F9C843DAB7326BC0EB3023CA0C1BEBD13C1303D8289373DDD812ABDF04B50BD31F2BC3D55C3AB3DD0CC75BD7AB92B3D116F4DBD637DE3BDE30FA9BB5647CDBDB50A64BD949D10BCAF5F9ABD2B5B8C3DBDD20EBDD990BCBD7BC7A23C35BBED3C3F0901BDD069B6BD6FD2563D22DB22BD384846BD5445C33DE3F187BD4172893D76CBA23A1A06D1BC14B596BD7089E93D15043D3C8EBA893C4057C0BD8A19AB3D6F199CBA4F33573DA0B2A33DEF47E63C71388D3D807E60BDDD274A3D2756453D9952733D838F20BD6518873D16BCD23D62F76BBD5F104BBC0B1339BC11D2723D47DB66BCA295DB3C1E1E38BD46D2173DE4B88E3D1656C03C2B58EA3D8391D63DF98CABBD086CA7BD2FBDC0BDB50CC7BC43A57D3DBE2748BDAC62ECBCE7C55FBDC78A083D6B86C73CD33AC4BDDDC172BD774892BC8C82DE3D9E5BE4BD9E17E0BDDC1A4C3DB0FB1A3D3BA22ABCFDDDBFBDBD106EBD13FDA63DFFE0E03DA32DB43CEC0CF13DA160BF3DF02208BC061196BDC4B483BD1A7C0DBDB7F0C4BDE983EF3D8B83683BA839E7BDCBCB72BD51561CBD6F8BC3BD132DCFBC811C9CBD0666F7BC601AB4BDE0F265BB538FA5BD50F4403D339DE53C511E0BBC8D63913D42A2693DDCA4D8BB273A153B76323F3D5438CFBD8950BB3CA0431C3C1E6E3CBBAB6D01BD272A6FBD2EC6193D71A4A5BD9FE13A3D8EA6C6BD79EA003D3883313C1B7E67BDEF8A5FBD539804BD4C3C60BD594904BD559FDDBCC35FC23DBFC18A3B8A2FD43D9DF1BDBC2D6EBCBDF8E0DBBCFA7B823DB08DA3BD91DBC03DB5C42EBC0014BC3D46A2F6BC6D98D4BD42FB8FBDA880323C82A2ADBD2863D33DF4C5C93DE0BDE6BCF0C4B23D2865103DD7B426BCB569EEBD57BDCCBDC1C3B7BD4BF0E9BB94FAB73D1655F93CA1EF9CBC9C52943DE1AA563D881BA6BDACE5D63C1C07023CF15A443D30DE473C4FB60FBD4C845BBD1F7DBB3D1D16193D975B9B3D1104BC3D8427453D8A99C0BDAD6D663CFBD7903D9EA408BD5EB3B83D4D8563BD4D4DE1BDC571F03DDDB09B3D6DE6C53D7763943DB340CDBDC555143D16A5DE3DE7E788BD4ED7A23C01DF053D8632D6BD2724433CBBD6313DD3F63CBB8A3FC8BD57F6753DA428C8BDC04D173DCAB0AC3BF0CBB33B216AACBD58593ABD47B70DBDFA3C60BD028237BDEFB3613C44CEE73DFD8447BDB001D1BDD56A043DCB57D83DD65AEDBDE203D43D2450AE3D9A5B133D3D5C8E3DD2F098BD0ED3DBBDD351DB3D85B26E3D555B9EBDB956A9BDEB3A013D3E189E3D2853D33DD906733CA2458D3D437D3C3D54B12A3D14B071BDDDD1AEBDA562EA3DC868C83C2EFCD8BD067F32BDCAAA3F3C79F6A13CF67AB4BD8FDAD23DCD94DEBD73846C3D5D5655BD3FDBAABD2C80553D1262E7BCC1EB3FBDD7874ABCE76A2CBDDAB4E03D3353E3BD397B25BD14626ABC053306BD351494BD4FDF7F3CC8D11B3B2259993D0F891E3DEF40A53DEC78AABD045AC93DF8F649BD6EF5C4BA8CB9313D5B83C7BC660D00BD84615B3DA7E5AD3DE4F79CBD9F098B3D4ED89F3DF1A3483DB32B1B3D1893813D33A0E43D14F4A33D833F763BFFC3A4BD9DE13CBB92B28ABD23D7D43DFC560FBDFF300B3C63334C3D6AE5273D40EFC5BD78CC9BBD3BFFA43CA547B1BDE5EC3B3D87E7FF3C34ED3BBD3AE9BEBDE9F4933C4DC186BD56A1E73D75DF9B3D76779A3D03CF613D20363C3D832CB5BD30CEE53D314AC5BC96D68B3DF49CDD3D6BA8B93CD3E5AEBD4F4AB7BB0C8C8CBD7787C4BDB872AC3D314C36BDE5E6C13D6C508CBD9CFD473DBDFB01BCFFF456BCF2678B3D7F8ADABDFAB5C93D13F3C5BC99015A3D833D8FBD7FC97BBDEB1633BBC80FE7BC4A3744BDFC9A823DEBCD52BC381D46BDDA9A5CBC4633D83D2DE2C5BDDFABA0BC980497BC95076B3DF3F6C63DD38D97BD42DBB2BC3BA1E0BD8F7EB2BD67FB343DDB4352BC15B3B23D04B037BCC3665CBD623C1FBD797D4C3C4A9D9A3D77291E3C5932DC3C348429BD5065373DDEE5A2BD7BF0953D7054A6BB29C1CA3D26B975BDC79BEC3D9A57993D73EEC2BD89430FBDAFC9D23D71F2233DF7BDC83DE17BCABC53264EBDB212A03D7DD710BDBBE2DA3D1AF18C3D3548F03D2007B63DDD560FBD8890CB3D5C40BBBD282CEC3D00E4A1B93BFF5BBD1AF50C3D0B8A813DCE38B53BAF8BAB3D213B09BC262FEDBDF1A69B3D4F7E8B3AC372873D0F6C6EBD04AD9D3D964B353D893C8CBD695EE0BD8DA280BBA0F4B33C6F9591BD1E3000BD9014D0BC3E89D2BDCE414ABD7AC37DBDE436B63BAB77EF3D197D923DF186743D1956D13DF6B5193C47BDC63CE40A86BD8870863D1FE77A3DA779ED3C652394BD528DF53C62DC6D3C6308903DD55736BC1D79D83D3E9CA7BC4E1B8E3D2718C03C5A6ABBBD8C29373D5D51D8BDA27CCDBD0769B83D24FD94BD59D99DBD4E04FCBCAFD9C63D063AEE3D2A8D40BDBD0786BDA7BE91BD26A663BD654EE6BD231E5CBDBD27DC3C918E10BD3996E8BD3C1675BC2D92DC3D350ED43C4428223D766FB9BDC027BABDA27C9FBD56F40CBD1A6C5FBC1AEF4EBD2818253DC20F9A3DEAB5F2BC732FDEBDF72C44BDCC9BD03D1B8CC4BD19292DBDBFE74D3D8E2FDFBCFC6FE33D25D212BD1393AC3D5936823DD685DBBD0467E83DE16597BD0849933D6C3D98BD315932BDB9BA443DDA3BADBCF858A2BD1CDEA63D16EB0D3D41B40C3B5160C73D99AF3B3D6512DC3D05D50C3881CACDBD148D8C3DD346C0BDFD7F2E3D50BFE3BA2702DFBBD3BD56BD9D3D8EBD9F06D1BDB13ADF3CA5F89CBC983790BD9060D43D888FA53D2544D03CA364013D0CB27BBCCB14B23DCCF3E8BDFEB192BD8CD9AA3D9131AB3D14A8A3BBF5AE0EBDF1215F3D82CBA83D872233BDFF88713D2BC3683D97C4573C247491BDA33AAA3CC9D798BC0637053D4286AFBD9739373D5030D43D47F06ABD5F4BB03D1339533D6DF68ABCD9CB90BD0610783DBD92B4BDB1FC893D7C5DC3BD5FBF7FBD5F0C423C4E94753D271CDFBD694C043DA42D0DBBF6788CBDDF4AFDBC3FB3BD3DF484ACBDA86D5DBD",
      torch_tensor_8_torch.float32_3: "0x04000000728315BE4A71C03D8009ED3D2D7EA73DF36E4ABE6764603C65A840BE5DA7A3BD",
      torch_tensor_8_torch.float32_2: "0x040000006CDC3F3F60B9B63F5776773F2E988C3FD95A4E3F2A35623F02E8383FDA1C333F",
      torch_tensor_8_torch.float32_1: "0x0400000006EB9D3F21D2693F1C4D073F8D5A093F3E2D823F4C26753F90C0983FE8318B3F",
      torch_tensor_8_torch.float32: "0x0400000083EC2DBE1A65B3BC73F191BDC051FA3D95A109BEEAD11FBE1736223E9ACC27BE",
      torch_tensor_8_3_7_7_torch.float32: "0x0400000017D2473D69DE6CBD783E6B3DD606A33A59A5A2BDFDA3853DA1A89B3D3FE2153D8EA687BD5AB4AFBC5907F9BB0714983DF59990BD0CED6EBD4B7E2E3D8362E13C387ECDBCD47A8DBD1A130FBC7234543D477F963D12800ABB576D46BD3570C33CDA2F7E3D67B04BBDEECB993C91823C3D83573FBC502E8ABD949130BD99A5A4BDF8790ABB1BE7743DBABDD0BB53F4803DC54787BD3782A13D6E43BCBCE8C464BD72DE863DE70491BC0F9006BCF6091C3D2A1A1FBC42E482BB6D491F3D2BA8A03D479016BD3FF0473BED6DBFBC32179F3B5D454E3DD760733D729385BC16733ABD7CAE203D8A226EBD6842A7BDA0370DBDB95775BDD34066BD36930C3DE131993CFEE32C3DE397963C7A0E903C2A34793DEE493B3D8F946FBD9CD09B3D8918EC3CAEB7963DAA608C3DF54CE8BCD520B0BB0BCBC53C2D5B95BD101E06BDE58293BDF997953C095F133C0E636C3DDA039CBD3410793D4C972F3D4C3B82BC9BF9A7BD02FC94BB6F0FE4BCA55F32BD039004BD5D6095BC6FD8C1BC21FB16BB626872BDE2D7EF3C497F13BD4F6772BD2F790DBB968D06BC21FF8FBD8C979D3D325785BD8F638B3D4A1A163C10D680BD8CDD81BD715101BDA979A13D756C983DA07C283DFB4F9D3D12A44B3D5940C33CE324973D05EE473D0D03603C94E0F33C4101BD3B9C9511BD32101C3D70CF203D6C504D3D46B06F3D36FB983DBE4EC03C5E25D6BC2287DE3C5F47343D724B70BD4BE649BD48B881BD1DE137BDE1239E3D4BEE2F3D59D9BDBB6AE973BDC748C13C3BE1713C77098A3AA51B5CBD6EB6A53DF8ED343C337081BD4358413DC4D96BBC2DAC68BD3C9873BD9DEFD5BBB4DB32BD14C862BD596C193D30CD7DBB92D555BDE092773BAD02A5BD7DEF853D54F599BD2A4943BDDC8F88BC59AAA0BD9DE891BD181082BD60F255BDFF2FC93CDC1E3C3D244168BDD2C01E3D38E116BDF075773D3AC5A5BC6391153D4B2FB23C3E17E5BC7C8C103C3E93213D7FD6573D101D953C953F203D9CFFCD3CFF7F863DA70168BD78B411BD587137B9EC8A503D45DEA5BD1313163D9A92A13D0E4F5A3D8C41953D70E5F1BC1DCB0F3CBEC5913DFB2B4EBD424D88BC93D715BD0C837F3DDE358F3CBF6097BDC92C793DAE468B3D3B4F8FBBB67F9B3D6F9598BD9BDDD93BAB502A3C17A6A53C94D7223D9888E43CF12B9E3D40993DBDD83A7E3C88E10D3D02BA85BD7DB401BDE3AD85BDA1CDF9BC2F2434BD9BE3803DAB0F25BD223DB73CF67914BDC5E9593DFF6696BAC66565BDD4BBDFBCD0CA54BDE2AFDD3C2999933D46D3D93C3BB9AD3CB1AC84BDDD38053C8F5F183D0001733B4F5FA5BDBBC054BDB442A2BDE968603C5E97D73CC2452C3DFC72513D5E3162BD011FCF3C2713A43DE3ED0FBD849CA8BDCA5EBFBCF23F11BD672A7C3DE592803D73A69D3DE4A7663D5E6FA53BBA9831BD7ED16F3C26D67EBCEF9E15BD1C768EBD29EE8F3D7F0A9BBD42B1B8BCF121B93C595046BD76D4AEBCDE428DBD5E91993CFD1E9A3D2EC6DC3CF6452EBCD85A713DBEAE883DF3098E3DD537F5BC8E4BEE3CB563A63CD36A973C74BD773D530E0BBD01006BBDC7D30A3D3E7A983C73AC27BD838F573D98C30EBC1F0D983D379287BD28C110BDFFE41A3D4C073ABD62970EBB7F8E94BC372E693DC61499BD69A46DBD7E628ABD3AEA3B3C9BAB76BBF6D816BD740F79BDC992303D62A561BDAF395ABDD47E43BC1A51A7BDD23ED8BCA02B233C47473A3D851EB63AD029A03DE52178BC8D78023D934B58BD207D2ABCABBE873D6AB3623D67AF06BC45FF28BD3B4EE0BC394F88BD7CE7253D82D09D3D9D4C29BCFA6845BD60C9A73DBED000BD037785BC2E8063BD2C3C893DAEBC613C30FFA7BD22DA9E3D71C04D3D785BF73CD90AA73D0D088F3CED4E23BDCC4503BD16C32D3DCF803BBDADE85C3DC9C83CBDC82C8A3D474F85BC9EEC7F3D7DE93CBD8AD9C53C907D703D9E589D3C82022FBCF21D4DBD62AE1DBD3E97023DEFA78B3DA9573DBD210A24BDC13F50BD6C45BA3B69F811BD7308E93CB23DFDBC524DB4BCE3C3963DFF092ABDC8F891BDF35E3A3C082D7FBD2DC6D4BC830486BD30B971BD832EF23BA875193DF80AAEBC418BA2BD1A0A8ABD486FB1BBE91C293D6B5FA6BC278D103D6B588A3CCAFB933DE457153DA82F593C3B9730BD7FA4FBBB10A68C3D8413F93C3EB15FBD208E863D8B8D353DBA903ABD3CC5BE3B7A11E73C11CA0B3DF6AD43BCB24826BBA80A4A3D2DD2933A550A20BD62CA7A3D096D733DA63D0BBDBCD698BD87D622BD2DFB73BD8B2259BC360294BDBFD37BBDD71CD23C3F1518BC87B233BC668A4E3C950DD23C8563733DF3132FBC74B396BB19629DBD33BCA2BD3E3865BD2EED323D211F293D2083EB3C2310363DB1A24BBCEDC463BD2715723DB3AD9CBC04296EBC914353BD70EF653D72C9803D5E8422BDC36D913DC08A583DE2E3BD3CE4D920BD13B662BD717A3F3CF844153D1B455DBD4A817E3DE644513DE6BEB93A68CBA8BD2AFE83BDCEA96E3D8176013CC8B95DBCBFEF58BD93681DBD8C258D3DBCD3203D935AD53B44E1803D683745BD6218E4BCAAA0EF3CBB9280BD3584953D3DCF5A3DDA43613CB29985BD3AE97C3D291EF5BC555F56BCDED18C3D5BF993BCE546A03D1CCA0BBC00464ABDA13E98BC0A619DBDC8F54D3DD04D203D2B78753C26E793BD58BAD93C9DDA3F3D5B0D913D7C520EBDD5F3073D9B191E3D6BE92ABC5A47F33BD885553D6064E03B9A7FC7BC3F0C023D0E1AB53B6C70E2BC2CF008BC6387443DAD00A73D0161B2BCFE18833D2308A33D0081463DDC0C263D7F918EBD6A1F1CBD815B0BBD1472A43D6C62563CE79C8FBD510196BDC83A91BD8B1575BD11064CBDCAEE33BD90257B3DE0A10ABDDF5B9B3D79829ABC427688BD26D3F7BCE8C615BD493E68BDC78D9DBD93613C3B542383BDB56EC2BCCF98B1BCC51343BD21C24CBBD9E282BDBEA6DBBC8883953D8A399C3DCDC2D93BA01F9D3CAB0D963DCD33A23D58441FBD8AAE553C4BB685BC5CBB67BD5EEE953D12F9853DF507693BD0478B3D8F72B43C36085F3DE8160F3D0DE01F3DB530F13C128B293DEF6E943D951B043D497F57BDB299F83C52ABA83D820B8C3D160F553D281300BD8EDCA63D14A2763C0DB935BDA90C4BBB5F70753DE41D9BBDB7CD9ABC07D57B3D773DBABC926C08BD2C28B6BC3369DD3C525782BDD5F52A3C7AA9AD3CA061B23C9708DBBA703E263D31889FBB6B04833DECA85F3D6F7069BD530984BCD35F833D947B07BC8EABCEBC363BA9BB7A499BBC06C5EBBCC280953CB5558E3D34E3433CDBF63D3D2C6C823D11D85BBDA24A70BD4C2647BCDD46C93CFFF423BC72531EBD0B8468BDE2DB1D3B02597B3D422B693B05E7A03DF8E11FBD00FA9B3DB39658BD1B34863DD889133C2203A83D77BEA03DC132E7BCF0A2C5BB1E79B7BC294F963C1D8526BD7D049DBC2EC44CBD7BBF4D3D7175853DB2C1143CC18024BBE7627DBD9EE599BDB45582BD6A237ABD88FB8ABD67661E3D02DA80BDDAE4213D61CA603DD8B5AEB93011A03CD4DA523D7D2D99BDAFE7913DEB56A63DCD2FA13D87E103BD7C644F3D2D85F8BC8D34523CF0428D3DF08E8D3CFE16F73CBDE0B3BCDD5C20BDB2CF893DBD7298BD67516C3CCFAA02BC6D50BEBC0803A5BD68E348BD73D340BDC8A94B3CD8C4033DDA8999BDDFE901BDEE10A1BD1508673D1D329BBD4EC534BC1CDC40BCCA3C39BD4BB2723DB888103D6948303D9A276E3DEABC28BD0773233D368A883D1A219BBCE635DDBB83B0FF3BF4DFA5BDB8D00FBC75A921BC759D75BD4823773D05A094BD5E4C07BD37EF463D869A513CA6F5083DCCC6683BDF2E9DBD019D72BD77C1E4BC9F7963BDA66F52BD9EB1DABC0790963DEBE9823D8DCA873C4AB858BD8E9A4BBD7C68A53DC96D273C8703193CF8743FBD9E7A2CBDAA14263DFEDAE7BB19150DBCA06E26BD53577ABDB8005ABDEE4BA6BDC9B29A3D695A463C2F303D3C1DA77D3D52BD293D046745BC5A2C513D8473AD3AF8A8A4BD93EC883DE50B47BD914B7FBD25149CBCB3ECA43CC3DF843DCF36A7BD40149EBD4B2161BDC55A45BDD313A63D039CA7BA2C33753DFF81BE3C3164453D60272FBD7514133D4741F53CF692E83C9EA47DBD21CFE8BCB17A8F3D92D893BC356D75BDCD068FBDA12089BCFF581C3DD650C7BC62F1703D50FC0F3DCA2287BD6223603AB4FF993DC727523D29A3F2BCE3BF7ABD6E7AAF3C182C223D31138BBCE51D90BD9530A33D7343233DA02DA8BDF6FD6D3BCAE697BCA7B59C3D905D323D780DB33CFB38C7BC4F1679BD454FD33C11A6083DD93FE73A077D943DBEE6413D4F2E8DBDA3FF94BB47A416BDA13C79BBFC66F63B7DFC253CF4214F3DF2E5683D26678F3B4AC1FDBCEE2928BD1D072F3D5CA2F43CEF198F3D58668EBD4CF480BD812A4ABD021C153D915A833D02D7D9BB775F8DBD370F573C0B4891BDD8D1573D08957DBD4A4F443CAB9D703A88122A3DEB096ABD43A0173DC1FD153BD31A253C342A65BD24979F3D15E273BCE5D844BDE850BDBCE6B8C8BC30F4A73D615E773D03DBBE3933BBA23DF24FFAB922D11E3CFD6F743C3C88F7BBA5AB7FBDD1F6C83C4AE1D1BBC16F053DB0E73A3D7CA8743D6D5BB43C25AD873BB97411BDEE2B9E3DE18295BD28AA30BD6D22293C3827223D05F1433DF25A95BD3ABAEA3C728B8CBDAE5E6F3D6C888FBD59EF6F3C76715E3C7A1490BC9710193D4BE5683D9B46EB3C91B68D3C007AA53D0F919F3DBCA868BDD608983D49BA933D4DDE8D39AB77E13C7A7508BD619D03BD42B15E3CFF7F16BD75F4AF3C7BD60E3DDEBF453DEBE170BD57312BBD65D16BBC7330073DE52508BD57B21FBD295F9FBCE972E63C9CFA5D3BFDA2A9BC9399AB3CFF6C7DBDDE0DA2BDE1F23E3DC913973D585E41BB4F6A303DD3D86D3D0BDE903DB60FD13BCA91FCBB780CA2BDBBDCB7BBD564BFBC82E320BB2A9CA13D0080DBBCA9FE88BD02B0993DE114803BA4125BBD787C6D3B3F4DADBAA7B6DF3C4E169C3D531B39BD47B344BD5DC5AFBB88553B3DCD3EA83D87CF58BDE21321BD40BDB3BBC9638BBDF3D3F7BBEA19803DA407993DF9EC743D97B15BBCD9A326BD46F9843DDE08C5BC7DBB3D3BA0F79B3DD64AD6BB5EC57B3DAD2D42BD27E39E3A22B7A73D6474D53809D35BBDEE5B8F3C36BA24BD1AB8383DEC5F763D96FC6FBCC0964B3D209E8A3D98596B3D0627483D56A09DBD21888ABDAF4A873DEDA3FD3C696F84BDE1EE903D59EDB43BBC6598BDB1AA07BDB8668EBD79EBECBC4726FFBBDDE5E6BBE5073DBCAF0407BC6285893D2EBB6B3D45FB9ABDBABE9D3C8E2A2DBDC1587FBCF07904BD9DC42ABD5C6D36BD3814A7BDF60201BD51EA82BC3E4F9BBD8ABED53C82CF32BDE6E7C1BC13C7073D7A9DA23DC2C0213DED987ABDE079743D570809BC47BFF63C65D54FBDBB099E3DCBAE57BDB429543DC6948D3DCBA9033C19E7823D5C74493DF1D24BBC41D12A3C8E16E33A639F5ABC65A695BD50F73E3D8C71A1BD808BF63C17D0F5BC786DAB3B795A8BBC5EEA40BDC39FFDBC4B4398BD206849BD3B552F3DD2728B3D0877A0BDB8289ABC0A4CF23B97FD3BBDB8917A3C5D9D14BC3C3C5F3C96CD3BBDF38A91BD62050DBC692D663D05ED923DC70D863D96FC8E3BC4B17E3D06F209BD0EB6753DE785513C5FF27FBD7B9ADDBC245F963DF7B7F8BCB1F6A6BDCA16A33D677DD23C86D1953CBF6915BD28DC983D2AEF8A3D55BF88BD3131143D3BD79A3DD03B80BD2D4FC33C02AF0FBDAE14703D55DF673D80F02D3DACFFB2BCAFD9883DB176A1BCFD14603D7EB51F3DA1FE8ABD852E55BD4835DABBFFAA8ABDC440AEBC11EC363DC9B9983D55C2D5BBBAC9A1BC11C27EBD7E17CD3C7A5D413CD92C103D6ADF8EBD35FA833B9A5015BD47A53EBDB0E5273D23548ABDF2E549BD95C3783D8BED5CBD9A97633D699AF6BC3DF866BD888BAEBB4BD64FBDD639B13C3668703D87FA7FBD1FA064BDB3B66ABC4CDE313BFC3E923DFAAD843D3ECE36BDE66D5C3D6A81433D886481BDE91E513D96D4A23D6C2A9EBCF4D0913D9044A03DEEB6A93C29A5E93AAE308C3DB78E693DDCBCA03DB9A358BD0E71E63CE9374E3D06E95BBD29E0653C097E37BDC77A73BD6BF1A53D38EE88BDEB9A9ABDFDAA8C3DCBDB473D34DF973C1150743DFB99233BDBD0D7BC71D147BCD1F37C3CC676A1BD2B4299BD71DEF2BCC564193C43A55F3DA22F1FBD015D8EBD33AC97BD7B81B5BA606E53BD427794BC4FFF59BD523F183DCD78E1BC7B156CBDC069D53CCBC851BB26D5523D8B04923B31CD0B3D8CB5E13CA2F93CBD14FD863D94AF743C8F1A48BC04373F3CAF8F983DDE29793DBBF28E3D663440BD2646A5BC5E71963CEDD937BC67657EBC63347E3D5B3835BD471E1BBD5D21423CB5CD1ABDF9EB3FBD320D87BD519D633DEC5128BDF87A29BC2DA45B3D3AFBA1BDA51C8DBABBFD1BBD39EC72BDC3D9283C7BE2CF3C0E2A5B3DE397A83D6743DD3C167BC4BABEA532BD98DFBDBC7CCD99BDC3AF9ABDA65181BD20776C3D93870F3D5AE89A3DB8EB683D814E6B3DC2D58B3CF5EB2A3D5A6EF23CB04F86BD8DE585BD7179873D2FD0533D4192AEBCECCB40BDA1086DBD18A981BD650BD8BC"
    }
  }
#-}

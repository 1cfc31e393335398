#map = affine_map<(d0, d1, d2) -> (d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map5 = affine_map<(d0) -> (d0)>
#map6 = affine_map<(d0, d1) -> (0, d1)>
#map7 = affine_map<(d0, d1) -> (d0, 0)>
#map8 = affine_map<(d0, d1) -> (d0, d1)>
#map9 = affine_map<(d0, d1) -> ()>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map12 = affine_map<(d0, d1, d2) -> (d1, d2)>
module {
  func.func @llama_block(%arg0: tensor<2x6x16xf32>) -> tensor<2x6x16xf32> {
    %c0_i64 = arith.constant 0 : i64
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<2x2x6x6xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_4 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = arith.constant dense<true> : tensor<6x6xi1>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_32_torch.float32> : tensor<16x32xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_32_16_torch.float32_1> : tensor<32x16xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_32_16_torch.float32> : tensor<32x16xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_16_torch.float32> : tensor<16x16xf32>
    %cst_11 = arith.constant 0xFFF0000000000000 : f64
    %cst_12 = arith.constant 0.59460355750136051 : f64
    %cst_13 = arith.constant dense_resource<torch_tensor_6_8_torch.float32_1> : tensor<6x8xf32>
    %cst_14 = arith.constant dense_resource<torch_tensor_6_8_torch.float32> : tensor<6x8xf32>
    %cst_15 = arith.constant dense_resource<torch_tensor_48_16_torch.float32> : tensor<48x16xf32>
    %cst_16 = arith.constant 9.9999999999999995E-7 : f64
    %cst_17 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_18 = arith.constant 1.600000e+01 : f32
    %0 = tensor.empty() : tensor<2x6x16xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_17, %arg0 : tensor<16xf32>, tensor<2x6x16xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x6x16xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %3 = tensor.empty() : tensor<2x6x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<2x6x1xf32>) -> tensor<2x6x1xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<2x6x16xf32>) outs(%4 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<2x6x1xf32>) outs(%3 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_18 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x1xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x6x1xf32>) outs(%3 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_16 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<2x6x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<2x6x1xf32>) outs(%3 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<2x6x16xf32>, tensor<2x6x1xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %10 = tensor.empty() : tensor<16x48xf32>
    %transposed = linalg.transpose ins(%cst_15 : tensor<48x16xf32>) outs(%10 : tensor<16x48xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<2x6x16xf32> into tensor<12x16xf32>
    %11 = tensor.empty() : tensor<12x48xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<12x48xf32>) -> tensor<12x48xf32>
    %13 = linalg.matmul ins(%collapsed, %transposed : tensor<12x16xf32>, tensor<16x48xf32>) outs(%12 : tensor<12x48xf32>) -> tensor<12x48xf32>
    %expanded = tensor.expand_shape %13 [[0, 1], [2]] output_shape [2, 6, 48] : tensor<12x48xf32> into tensor<2x6x48xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 6, 16] [1, 1, 1] : tensor<2x6x48xf32> to tensor<2x6x16xf32>
    %extracted_slice_19 = tensor.extract_slice %expanded[0, 0, 16] [2, 6, 16] [1, 1, 1] : tensor<2x6x48xf32> to tensor<2x6x16xf32>
    %extracted_slice_20 = tensor.extract_slice %expanded[0, 0, 32] [2, 6, 16] [1, 1, 1] : tensor<2x6x48xf32> to tensor<2x6x16xf32>
    %expanded_21 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 6, 2, 8] : tensor<2x6x16xf32> into tensor<2x6x2x8xf32>
    %14 = tensor.empty() : tensor<2x2x6x8xf32>
    %transposed_22 = linalg.transpose ins(%expanded_21 : tensor<2x6x2x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) permutation = [0, 2, 1, 3] 
    %expanded_23 = tensor.expand_shape %extracted_slice_19 [[0], [1], [2, 3]] output_shape [2, 6, 2, 8] : tensor<2x6x16xf32> into tensor<2x6x2x8xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<2x6x2x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) permutation = [0, 2, 1, 3] 
    %expanded_25 = tensor.expand_shape %extracted_slice_20 [[0], [1], [2, 3]] output_shape [2, 6, 2, 8] : tensor<2x6x16xf32> into tensor<2x6x2x8xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<2x6x2x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) permutation = [0, 2, 1, 3] 
    %15 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_22, %cst_14 : tensor<2x2x6x8xf32>, tensor<6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x8xf32>
    %extracted_slice_27 = tensor.extract_slice %transposed_22[0, 0, 0, 4] [2, 2, 6, 4] [1, 1, 1, 1] : tensor<2x2x6x8xf32> to tensor<2x2x6x4xf32>
    %16 = tensor.empty() : tensor<2x2x6x4xf32>
    %17 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_27 : tensor<2x2x6x4xf32>) outs(%16 : tensor<2x2x6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.negf %in : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x4xf32>
    %extracted_slice_28 = tensor.extract_slice %transposed_22[0, 0, 0, 0] [2, 2, 6, 4] [1, 1, 1, 1] : tensor<2x2x6x8xf32> to tensor<2x2x6x4xf32>
    %concat = tensor.concat dim(3) %17, %extracted_slice_28 : (tensor<2x2x6x4xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x8xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %cst_13 : tensor<2x2x6x8xf32>, tensor<6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x8xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %18 : tensor<2x2x6x8xf32>, tensor<2x2x6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.addf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x8xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_24, %cst_14 : tensor<2x2x6x8xf32>, tensor<6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x8xf32>
    %extracted_slice_29 = tensor.extract_slice %transposed_24[0, 0, 0, 4] [2, 2, 6, 4] [1, 1, 1, 1] : tensor<2x2x6x8xf32> to tensor<2x2x6x4xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_29 : tensor<2x2x6x4xf32>) outs(%16 : tensor<2x2x6x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.negf %in : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x4xf32>
    %extracted_slice_30 = tensor.extract_slice %transposed_24[0, 0, 0, 0] [2, 2, 6, 4] [1, 1, 1, 1] : tensor<2x2x6x8xf32> to tensor<2x2x6x4xf32>
    %concat_31 = tensor.concat dim(3) %21, %extracted_slice_30 : (tensor<2x2x6x4xf32>, tensor<2x2x6x4xf32>) -> tensor<2x2x6x8xf32>
    %22 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_31, %cst_13 : tensor<2x2x6x8xf32>, tensor<6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x8xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %22 : tensor<2x2x6x8xf32>, tensor<2x2x6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.addf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x8xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19 : tensor<2x2x6x8xf32>) outs(%14 : tensor<2x2x6x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_12 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<2x2x6x8xf32>
    %25 = tensor.empty() : tensor<6xi64>
    %26 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%25 : tensor<6xi64>) {
    ^bb0(%out: i64):
      %89 = linalg.index 0 : index
      %90 = arith.index_cast %89 : index to i64
      linalg.yield %90 : i64
    } -> tensor<6xi64>
    %expanded_32 = tensor.expand_shape %26 [[0, 1]] output_shape [1, 6] : tensor<6xi64> into tensor<1x6xi64>
    %expanded_33 = tensor.expand_shape %26 [[0, 1]] output_shape [6, 1] : tensor<6xi64> into tensor<6x1xi64>
    %27 = tensor.empty() : tensor<6x6xi64>
    %28 = linalg.generic {indexing_maps = [#map6, #map7, #map8], iterator_types = ["parallel", "parallel"]} ins(%expanded_32, %expanded_33 : tensor<1x6xi64>, tensor<6x1xi64>) outs(%27 : tensor<6x6xi64>) {
    ^bb0(%in: i64, %in_53: i64, %out: i64):
      %89 = arith.subi %in, %in_53 : i64
      linalg.yield %89 : i64
    } -> tensor<6x6xi64>
    %29 = tensor.empty() : tensor<6x6xi1>
    %30 = linalg.generic {indexing_maps = [#map8, #map8], iterator_types = ["parallel", "parallel"]} ins(%28 : tensor<6x6xi64>) outs(%29 : tensor<6x6xi1>) {
    ^bb0(%in: i64, %out: i1):
      %89 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %89 : i1
    } -> tensor<6x6xi1>
    %31 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel"]} ins(%30, %cst_5 : tensor<6x6xi1>, tensor<6x6xi1>) outs(%29 : tensor<6x6xi1>) {
    ^bb0(%in: i1, %in_53: i1, %out: i1):
      %89 = arith.andi %in, %in_53 : i1
      linalg.yield %89 : i1
    } -> tensor<6x6xi1>
    %32 = tensor.empty() : tensor<6x6xf32>
    %33 = linalg.generic {indexing_maps = [#map8, #map9, #map9, #map8], iterator_types = ["parallel", "parallel"]} ins(%31, %cst_3, %cst_4 : tensor<6x6xi1>, tensor<f32>, tensor<f32>) outs(%32 : tensor<6x6xf32>) {
    ^bb0(%in: i1, %in_53: f32, %in_54: f32, %out: f32):
      %89 = arith.select %in, %in_53, %in_54 : f32
      linalg.yield %89 : f32
    } -> tensor<6x6xf32>
    %34 = tensor.empty() : tensor<2x2x8x6xf32>
    %transposed_34 = linalg.transpose ins(%23 : tensor<2x2x6x8xf32>) outs(%34 : tensor<2x2x8x6xf32>) permutation = [0, 1, 3, 2] 
    %35 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_34 : tensor<2x2x8x6xf32>) outs(%34 : tensor<2x2x8x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_12 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<2x2x8x6xf32>
    %collapsed_35 = tensor.collapse_shape %24 [[0, 1], [2], [3]] : tensor<2x2x6x8xf32> into tensor<4x6x8xf32>
    %collapsed_36 = tensor.collapse_shape %35 [[0, 1], [2], [3]] : tensor<2x2x8x6xf32> into tensor<4x8x6xf32>
    %36 = tensor.empty() : tensor<4x6x6xf32>
    %37 = linalg.fill ins(%cst : f32) outs(%36 : tensor<4x6x6xf32>) -> tensor<4x6x6xf32>
    %38 = linalg.batch_matmul ins(%collapsed_35, %collapsed_36 : tensor<4x6x8xf32>, tensor<4x8x6xf32>) outs(%37 : tensor<4x6x6xf32>) -> tensor<4x6x6xf32>
    %expanded_37 = tensor.expand_shape %38 [[0, 1], [2], [3]] output_shape [2, 2, 6, 6] : tensor<4x6x6xf32> into tensor<2x2x6x6xf32>
    %39 = tensor.empty() : tensor<2x2x6x6xf32>
    %40 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37, %33 : tensor<2x2x6x6xf32>, tensor<6x6xf32>) outs(%39 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.addf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x6xf32>
    %41 = tensor.empty() : tensor<2x2x6xi64>
    %42 = linalg.fill ins(%c0_i64 : i64) outs(%41 : tensor<2x2x6xi64>) -> tensor<2x2x6xi64>
    %43 = tensor.empty() : tensor<2x2x6xf32>
    %44 = linalg.fill ins(%cst_0 : f32) outs(%43 : tensor<2x2x6xf32>) -> tensor<2x2x6xf32>
    %45:2 = linalg.generic {indexing_maps = [#map3, #map10, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%40 : tensor<2x2x6x6xf32>) outs(%44, %42 : tensor<2x2x6xf32>, tensor<2x2x6xi64>) {
    ^bb0(%in: f32, %out: f32, %out_53: i64):
      %89 = linalg.index 3 : index
      %90 = arith.index_cast %89 : index to i64
      %91 = arith.maximumf %in, %out : f32
      %92 = arith.cmpf ogt, %in, %out : f32
      %93 = arith.select %92, %90, %out_53 : i64
      linalg.yield %91, %93 : f32, i64
    } -> (tensor<2x2x6xf32>, tensor<2x2x6xi64>)
    %expanded_38 = tensor.expand_shape %45#0 [[0], [1], [2, 3]] output_shape [2, 2, 6, 1] : tensor<2x2x6xf32> into tensor<2x2x6x1xf32>
    %46 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_38 : tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) outs(%39 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.subf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x6xf32>
    %47 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<2x2x6x6xf32>) outs(%39 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.exp %in : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x6xf32>
    %48 = tensor.empty() : tensor<2x2x6x1xf32>
    %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<2x2x6x1xf32>) -> tensor<2x2x6x1xf32>
    %50 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%47 : tensor<2x2x6x6xf32>) outs(%49 : tensor<2x2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x1xf32>
    %51 = linalg.generic {indexing_maps = [#map3, #map11, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %50 : tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) outs(%39 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.divf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x6xf32>
    %52 = tensor.empty() : tensor<2x2x6x6xi1>
    %53 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40 : tensor<2x2x6x6xf32>) outs(%52 : tensor<2x2x6x6xi1>) {
    ^bb0(%in: f32, %out: i1):
      %89 = arith.extf %in : f32 to f64
      %90 = arith.cmpf oeq, %89, %cst_11 : f64
      linalg.yield %90 : i1
    } -> tensor<2x2x6x6xi1>
    %54 = tensor.empty() : tensor<2x2x6x1xi1>
    %55 = linalg.fill ins(%true : i1) outs(%54 : tensor<2x2x6x1xi1>) -> tensor<2x2x6x1xi1>
    %56 = linalg.generic {indexing_maps = [#map3, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%53 : tensor<2x2x6x6xi1>) outs(%55 : tensor<2x2x6x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %89 = arith.andi %in, %out : i1
      linalg.yield %89 : i1
    } -> tensor<2x2x6x1xi1>
    %57 = linalg.generic {indexing_maps = [#map11, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %cst_2, %51 : tensor<2x2x6x1xi1>, tensor<2x2x6x6xf32>, tensor<2x2x6x6xf32>) outs(%39 : tensor<2x2x6x6xf32>) {
    ^bb0(%in: i1, %in_53: f32, %in_54: f32, %out: f32):
      %89 = arith.select %in, %in_53, %in_54 : f32
      linalg.yield %89 : f32
    } -> tensor<2x2x6x6xf32>
    %collapsed_39 = tensor.collapse_shape %57 [[0, 1], [2], [3]] : tensor<2x2x6x6xf32> into tensor<4x6x6xf32>
    %collapsed_40 = tensor.collapse_shape %transposed_26 [[0, 1], [2], [3]] : tensor<2x2x6x8xf32> into tensor<4x6x8xf32>
    %58 = tensor.empty() : tensor<4x6x8xf32>
    %59 = linalg.fill ins(%cst : f32) outs(%58 : tensor<4x6x8xf32>) -> tensor<4x6x8xf32>
    %60 = linalg.batch_matmul ins(%collapsed_39, %collapsed_40 : tensor<4x6x6xf32>, tensor<4x6x8xf32>) outs(%59 : tensor<4x6x8xf32>) -> tensor<4x6x8xf32>
    %expanded_41 = tensor.expand_shape %60 [[0, 1], [2], [3]] output_shape [2, 2, 6, 8] : tensor<4x6x8xf32> into tensor<2x2x6x8xf32>
    %61 = tensor.empty() : tensor<2x6x2x8xf32>
    %transposed_42 = linalg.transpose ins(%expanded_41 : tensor<2x2x6x8xf32>) outs(%61 : tensor<2x6x2x8xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_43 = tensor.collapse_shape %transposed_42 [[0], [1], [2, 3]] : tensor<2x6x2x8xf32> into tensor<2x6x16xf32>
    %62 = tensor.empty() : tensor<16x16xf32>
    %transposed_44 = linalg.transpose ins(%cst_10 : tensor<16x16xf32>) outs(%62 : tensor<16x16xf32>) permutation = [1, 0] 
    %63 = tensor.empty() : tensor<2x16x16xf32>
    %64 = linalg.generic {indexing_maps = [#map12, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_44 : tensor<16x16xf32>) outs(%63 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %65 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %66 = linalg.batch_matmul ins(%collapsed_43, %64 : tensor<2x6x16xf32>, tensor<2x16x16xf32>) outs(%65 : tensor<2x6x16xf32>) -> tensor<2x6x16xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %66 : tensor<2x6x16xf32>, tensor<2x6x16xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.addf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_9, %67 : tensor<16xf32>, tensor<2x6x16xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<2x6x16xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<2x6x16xf32>) outs(%4 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x1xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x6x1xf32>) outs(%3 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_18 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x1xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<2x6x1xf32>) outs(%3 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_16 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<2x6x1xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<2x6x1xf32>) outs(%3 : tensor<2x6x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x1xf32>
    %74 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %73 : tensor<2x6x16xf32>, tensor<2x6x1xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    %75 = tensor.empty() : tensor<16x32xf32>
    %transposed_45 = linalg.transpose ins(%cst_8 : tensor<32x16xf32>) outs(%75 : tensor<16x32xf32>) permutation = [1, 0] 
    %collapsed_46 = tensor.collapse_shape %74 [[0, 1], [2]] : tensor<2x6x16xf32> into tensor<12x16xf32>
    %76 = tensor.empty() : tensor<12x32xf32>
    %77 = linalg.fill ins(%cst : f32) outs(%76 : tensor<12x32xf32>) -> tensor<12x32xf32>
    %78 = linalg.matmul ins(%collapsed_46, %transposed_45 : tensor<12x16xf32>, tensor<16x32xf32>) outs(%77 : tensor<12x32xf32>) -> tensor<12x32xf32>
    %expanded_47 = tensor.expand_shape %78 [[0, 1], [2]] output_shape [2, 6, 32] : tensor<12x32xf32> into tensor<2x6x32xf32>
    %79 = tensor.empty() : tensor<2x6x32xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<2x6x32xf32>) outs(%79 : tensor<2x6x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.negf %in : f32
      %90 = math.exp %89 : f32
      %91 = arith.addf %90, %cst_1 : f32
      %92 = arith.divf %cst_1, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<2x6x32xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47, %80 : tensor<2x6x32xf32>, tensor<2x6x32xf32>) outs(%79 : tensor<2x6x32xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x32xf32>
    %transposed_48 = linalg.transpose ins(%cst_7 : tensor<32x16xf32>) outs(%75 : tensor<16x32xf32>) permutation = [1, 0] 
    %82 = linalg.matmul ins(%collapsed_46, %transposed_48 : tensor<12x16xf32>, tensor<16x32xf32>) outs(%77 : tensor<12x32xf32>) -> tensor<12x32xf32>
    %expanded_49 = tensor.expand_shape %82 [[0, 1], [2]] output_shape [2, 6, 32] : tensor<12x32xf32> into tensor<2x6x32xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %expanded_49 : tensor<2x6x32xf32>, tensor<2x6x32xf32>) outs(%79 : tensor<2x6x32xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.mulf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x32xf32>
    %84 = tensor.empty() : tensor<32x16xf32>
    %transposed_50 = linalg.transpose ins(%cst_6 : tensor<16x32xf32>) outs(%84 : tensor<32x16xf32>) permutation = [1, 0] 
    %collapsed_51 = tensor.collapse_shape %83 [[0, 1], [2]] : tensor<2x6x32xf32> into tensor<12x32xf32>
    %85 = tensor.empty() : tensor<12x16xf32>
    %86 = linalg.fill ins(%cst : f32) outs(%85 : tensor<12x16xf32>) -> tensor<12x16xf32>
    %87 = linalg.matmul ins(%collapsed_51, %transposed_50 : tensor<12x32xf32>, tensor<32x16xf32>) outs(%86 : tensor<12x16xf32>) -> tensor<12x16xf32>
    %expanded_52 = tensor.expand_shape %87 [[0, 1], [2]] output_shape [2, 6, 16] : tensor<12x16xf32> into tensor<2x6x16xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %expanded_52 : tensor<2x6x16xf32>, tensor<2x6x16xf32>) outs(%0 : tensor<2x6x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %89 = arith.addf %in, %in_53 : f32
      linalg.yield %89 : f32
    } -> tensor<2x6x16xf32>
    return %88 : tensor<2x6x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_32_torch.float32: "0x04000000379569BD9C5F213E4B866E3CB52C23BD2ECB79BDFACAAE3DC1C0E33D00B97CBC3312543D114E053E0E64F23D81C9BB3D7A38F73D20C1833D6C71463D442232BE25360EBD490B58BDE858223D02B64FBD992325BECC78173E1DE99CBD1FE62BBECA8A96BD27B5173D611D76BD42CF34BE43EC703D5F908B3DCB82283E6CEA32BEDE3009BDB6F689BDB4DF7ABDAF597A3BE9C5283E036897BC60F91A3EF582C83CB493BCBD04578BBC7853BA3D6811D63D573D70BD3B25B1BCE35B17BEAD8CE6BD86563FBD88BED73DBACB323C5D4BBF3D441017BEC428143D0F4A12BE62C253BD5FC4133E17B7F13B788807BE5D4432BE2FDF5ABDC6F78DBD2F0D28BE931DC63DF827683B624EDEBC16D10B3E847A2BBEF824673DCB0E063E96441C3D8823C23D2A7E80BD06732ABE591F293E20AF33BE3BB193BD070C243E414AADBD60330FBD00ADB9BD9DB2133DFD5E82BD5328873D2583303E7CFA07BE1F03ED3D342D36BD316934BE1F659D3DE229F2BD1A05D53D2B35FCBC6B92DABDC89F1DBE03C71B3D08732EBEF2FAC63D0F668A3DF59919BED445BD3D0BAF0EBE6CFC923C22E250BD8817F23D1F0F19BE2CE163BDA06B80BD249779BCA5B9923C9D78E2BDF632C53C9549033C16BFB7BD44DD2B3D0EF9043E665DBA3DD06D693D9F749FBD7A0B03BED860D83D6265DF3C35DD603CD46FB83D40C3A6BD09BB33BEF38CF8BD508629BE1355E13D276DDC3D41DBA5BDEB1F22BD084D17BDA43F93BDFB57F8BD95FA633D7E4080BDFFCEEBBDA0BB073D215F91BD822B0F3D722ADBBBB47D693DB568EE3D5A171FBE18EEABBD657B313E73AA003C9401EEBCAE010F3EA2AC1D3E3E517E3DBF9E0EBE40AA2C3ED5DF23BE1BB533BE3356DB3C2E2154BD616628BED3B30C3E3F8EAF3C0249C2BD6DB37D3D73CB033EEB8299BC1597053EDC3EE03D08EDF53C591CC0BD257B0ABE2D8826BB342341BD150823BEF77929BE2ECEE5BD6E715E3BBCAFA3BDEB1618BEAFEBF9BC82909FBD60AF2EBD41FEDA3DEDF3D13DB324EC3DD599343E91DC473C3480C0BDAA2F97BC0C66E73C012A81BDF64D103EAD2EBE3D944B03BE8D31893C539D883C63A6603DE962F1BD1212323E2D907ABD3F3F883D3D26B3BDB942763D40087BBD127BBFBDE6EC21BED2F97E3D9A9CC63C03875F3D16CAC6BD1C211A3DB60E94BDD763493D7002293E71AE17BEA3DB8A3DD07FE9BD46D45D3D5DF81DBDF1C6933DE11907BEBD90FE3DA680CC3D76E8F8BDC083FFBD32D5C53D2A120EBE51658D3DBAEDB2BDF33422BEFDA1603DAB1898BDB2E9EEBD5E7F573D4360A73D3C4E123ED603313EA09A7A3D803A51BDC66EF8BC3DA7083E08B80CBED20B023E120AA73D8D168B3D1806603D144C16BE7EC2903D35F82EBC4231173B9026A8BD8FD8023E62E1F1BC093EBC3A3C9E1ABEC1010B3E8C1727BEA915E03DFBB79E3D9C7EDC3CC8422FBE9FEBA6BD492140BC7A1406BE834F6ABD1ECC23BD8B1A62BDD0E2FB3D5782253E6D20A2BD87F3BA3D2DDC353C3783043E19E01DBE885CB3BDD30D11BD02DA2D3E83450F3EC9F443BD032BDFBDB8B7B4BDA91BB23C07D8233DF627B7BD00064C3D5871A7BC73B9063ECD028ABD064DCBBDAD90DE3C8E68153C1271CC3DEEB7303E65CD91BDF354283EEC0FAA3D391C1A3E281B5F3D1C84D8BCE4BBC63C033C983B62B105BEB50771BDC81A093E43E20D3D8A66403D30288C3CC8391C3DA903FCBD3A5C08BD4D9E1CBDAE7C77BD65D4E4BDFAF496BC58618ABB49CC6CBD7FFA30BDFC595EBDF4F4E6BC7F8310BE988B133E955DC1BD4292BC3DDA551FBEBE7204BC73AD85BCF4F319BE3367163C861D07BEF70F803D3F8EE23DDDEBDFBC23FFEF3C8F34B5BD910D833D9AE62ABE514F343E9D2523BC952B163DFA5C193EE9EF15BE2F95BCBD25E3013D529E34BED4B3243DB93276BC84CC29BE253234BDBB7904BEADE58B3C9464053EA54E2C3EBF4229BEDB18813D66540BBE67AE803D3D48C73DFC722CBE8FA802BEDD5022BE34C787BC41AD843DC0C804BE73723CBC22107CBDDF39243EBAF725BE1EF2C8BD920ED9BA53110DBEC1560B3EF14E26BE799A69BD216597BD0154D4BA6F02ACBDACF4013E0FD61BBE89F6BEBD1CB4A5BD87032DBEA18B33BEBE7D7F3D417D2A3E8868DDBCD5768CBD91449E3DA954D53D277522BEE5DAACBD3801193E8524A13D000D28BE6C97583B4D1409BE37060CBE2ED1B3BDCEAA333EC0BFD0BDB2D8F83DE84624BE693F47BCA8B4233E259522BDEE8C79BD5A0EA0BD0AD502BE8252683D16F503BE4A44E6BD4A3F1D3E22B3063E8D4DBDBD1092743BD28C42BDEFCE093EB08422BE35A322BEED35B13DCE070A3C66CF53BDA46EB93D5AB0943DE34AF6BD56D7CE3D713DD23D15C7CCBCEF9C1CBE2104983D35ADD73DD9D033BE827C27BE25DCAEBCB0BD1EBEE2D5B4BDBE460D3E1B6D043D354AD83D7F862A3D90FF303E4AD4953D2437553D7A09093E7FCA8FBDA7251B3E59F6893CA5B4253E69D7D7BDEAEDF5BD19B7033E947BD0BDEAEA0B3DC57C2B3EF064073DA39300BE006FDCBD22C9C7BDA58AF5BD572FC23D92F5D13C997E82BC2DA6493D60A6D33D2F767F3C7508EB3D9391C2BC68D88B3D26CB1A3DFC13C83A73B3033EE3BF2E3E23B0113E99BE37BD16116BBD2002153EAE7BA4BD22539B3C0279CDBDB9513CBD643687BDA602E23DD2699EBDCF3B9DBD8276993D981C20BC2BA68B3C085E07BE51509FBD5CEAB53DCA50A63D1AF525BEFB62FBBD4B65523D58260EBE0292BFBD60C8CCBD0A280ABE79D7B0BD9E03FE3D7A8626BEBEE4EF3DCCE41CBE3C4B43BD2FFD71BD7CABE53DD3A512BEA218B4BD9F4332BEF5E554BD660D903D12452B3E7FD21C3E5F9740BD",
      torch_tensor_32_16_torch.float32_1: "0x04000000A00F2F3D38327A3E2C80B43D305ABBBCFC26CCBD80C6C63C00AAEFBD6083213D70EA66BD0C3A25BE6033653CE0A2C53D20A03CBDC013963B2AD97DBE30C5AEBDE0CD7EBEB4427E3E9A645A3ECEE35DBE2EE844BED21859BE7872133E385E563DDA846CBE68989EBD824C403E80CA23BB844C67BEA0A2B13D88827E3E1E71693E5001B33CB4BB8CBDC0E9D53CC2DD3C3E280ADD3DD05754BE32E1063E6AA9263EF28359BED81434BEC60E2F3EAEA9073E84AA5FBEF8268D3D9C971A3E78644F3D088D083EAC55A53D9019933DBC39153E806EAEBD0067B33AB0F077BD58AD39BDCC69C53DFC51C6BDC0A957BC2E185A3E0031A83D1CE27A3EA0C43DBC3048B9BD9A29613EB6E520BED0E8EE3DC47A583E68BA10BEF0534EBDE420673EF069A5BC129460BE64F60DBEDE0871BEB84047BD589A0D3EC8C908BD281F3FBD7059A73CD039A5BC88E835BDFC36A2BD70C4FC3CE0F878BC48D012BDD49281BDE462853D643CC3BDC0DE6BBCC0BF1CBD1C56343E749FD63D7C89D63D00E6C8BA9A3122BE901A893C601849BE400AB33BEE357B3E183813BD5A86743E426D1FBE3425493ED43BC03D6C0EDFBD02AA7CBEEC50E6BD3409F13D1236773ED6E54DBEF83FE6BDBC23B63D00F37EBD78335ABE103EACBDA01EA33DF40979BEFC3CBEBD6A62163ED8F5F33D64DADABD68386E3EF0B1243DA8F3F43D108CB0BC248AC2BD98D95D3E8C796FBEB476B33DA8C2E0BD60F0A1BD986C433EE05569BEE89509BDA8CCADBDFEA53B3ED0F141BED8BB48BDB044CCBDFA853E3E140E493E001AA93BF092CD3DB2C27F3ECCE75BBE40A6993BBC89693E9CDB85BD768B3DBE36BA623E8089723E42FE163E046E403E70A3AFBC64AE31BE866462BE9CBCD43DA4698FBDD64F7A3E409BE43C8A09263E2002843C08516BBDF8E1C4BD38955ABE64E278BE28A751BDCA5A5EBE80CE7FBE5435FF3D5820E1BD00E093396C5483BDDEC140BEE0729CBDF06624BE6899383D1A76703E604F73BD80F3113D2A1B123E5CB5DF3D1008AF3C68A1AFBD906848BD40E60CBD96947F3EC094103DEE8F273EBAF6113E3EEB523EA8B4303D00B78D3BD01494BDB89D233ED0BB3E3E82F2463E424B63BE607B913CEC5A1CBE48AA28BEA06F5FBE5882C3BDCAD7643E2A560F3E6AF230BE681054BD1082E03DF82F163ECC63393E0AA706BE509ECEBD9C890A3EA8CD5F3D3A0C04BE10E441BE20296EBCCE87593E58B9CABD40480EBD7CA9C13DAAA355BEE02ACFBDD837113DA8B1E9BD4E34483EC00211BD8800D93DE8763DBDC060ECBCC8A7693E98D44BBE421E32BE0854BEBDD8B5423D704996BDC4E8A03DB837ECBDD4F6BD3DE6C46EBEC0261B3CECC1073EF805323D1C65E1BD44EFBEBD58FC5E3D2AAA30BE1CCE46BE801554BB80725ABEF05B653D0C2B29BE526D0D3E2255153E22B94E3E06E222BE20343F3C50986D3EE8F87FBD8CC6B63D44DA0A3E606B0D3C7498B3BDCCB1853D80B88B3DD00246BE14C6BABDEE8F57BE4A6B58BE5A5F3C3E34F7333EE6732EBEB87677BEACE54FBEF0FBF23D304A553E806619BD346BB0BD48184EBE004216BCF0030E3E8CF7F63D845DD1BD8075D0BD6025373D6829F83D1099513E88A0583DDECC1F3E2CB5503EC098B7BB004865BDDC1B193E60A0CC3C9E01753E2A810A3E9092683D7A886BBEEA581D3E340EB3BD482F37BDE824E53D2CA28D3D284F8BBD005866BC387E43BEA0EFD6BDF08080BD0029CC3A78FB80BD84910D3E00EF54BCBA8820BEA87F8C3DF0B5A8BD86E1363E0097E9BB84AC5D3E18D75D3E7E767C3E9095DB3CF8AC423E007444BB84F8A63D4461EFBDA08C4BBEA87D44BE3A9073BE406669BD3A1A5CBE12F3463EA2DE55BE0887433E586A5E3D303538BE34485A3E240CAA3D708AA4BCF6C04A3E6E3157BE385B383E70FAB2BC40BBEB3B1025BB3D88B7D1BD80E858BB428B383ED401CC3D7479F73DBAAD5A3E584425BE58363BBDF0355F3E2404B6BD40C5913D7CEDCA3DB40468BE8060583B828A6C3E98D02CBDC4927ABEAE2969BEF8BF1B3D3080A2BDB68E2ABE54F24F3EFEA310BE849A38BE0AE02D3E1C65423E2462AF3DAAAF7F3EC090CF3B3C10403ED2D217BE5E7D50BEA008E53CA23B2ABEC000E7BB90A4CDBC80951D3DD0337BBDA02B92BCD66F68BE74D9D7BDAC23EB3D368A5E3E20C7603E30B9413DE05A46BD0EFA433EC081383CC07697BB80F8143CC29D1EBEE03696BDBADC66BE90EBBFBC521F77BED0091C3D0020E1B90C39B53D2AB91FBE002FDABA60B28EBD08D918BE6AA2473ECA807CBE4832353EE0807DBD5E460FBEBE9278BEB0D872BE4C9AB0BD502B253E98164B3DC2FD3ABEE4EE573EACBC513E0CC8D43DD89A7A3E00842A3E0059113D0AEF303E30DE11BEC8A704BD766E05BE883B34BD269B4ABEB0072E3E5844CABD2CB99D3D80C76A3EE8E3AC3D20A4583C44437E3EC04B7DBE7C1A6D3EA4F15DBE70C17D3E20D4A23C901D1DBE84DFAEBD607303BE8C81193E14EC5B3E2CCE1A3E6C313B3E1CD1763EBA9E61BED042D73D30A4A73CD44C1A3EC07C903DC06CE43BCC592A3E5812CFBD8C0B43BE547C37BE5AB9373E408BAC3B141A50BE940BB13DE01005BC60DC17BEC24E603E28AD143EFCC3583EC8C226BD3C431EBEAC8E58BED05BEF3C946933BEC0B6183E3E1368BE1E3436BE80B9143D88957A3D08E106BD583555BD00C701BEA81794BDF8D1043D5EC965BE008231BDD8D621BD009FB33B5A443E3E149C56BEBCE0B03D20D0BD3DD81F8E3D40B992BD52B0143EBE2835BE244CCEBDC0EADBBBD89C16BD40337DBEA05B093E2240173ECC4B63BE0014FC39AA7857BE50233ABD406CF33C70AA5E3E920C343EAAF9033E58D9063DD6386CBE",
      torch_tensor_32_16_torch.float32: "0x040000003ED9453E801D89BC7C43ED3D100A3D3E888D423DE08A46BD44D5D03D44197FBEF027D2BC307A50BDC60D44BE60E141BC80266E3D58D778BE10AD513EEEFC103E48927C3E8C12DCBD8A7235BED6411C3ED8A0703EE23515BEE62F16BE701697BCFCAD593ED8581EBD603275BE38D3D3BDEA8012BE5C02413EFC3E3BBE42193F3E7047BF3D60DAB6BC5C8580BD026A0D3ECCF410BEE0C8C5BDA6E2613E94F9C5BD90EFCF3CC6EC4F3ED4C648BEC856293D0036E33B283D04BEA8AE4E3E484F303EB03086BC8046DCBC3C741F3ED065A9BD68EE103E12C62ABE2C4A52BE70EC2A3EB8A12E3E1C0247BEE07D62BD047FD93D8AC0083E5889183EAA6A333E1854EABD88335A3D30E75B3EF01652BEF00D263EB087813D400F333CE09A7D3E18AAD4BD88F98CBDC03D3EBEAA8A573E7A203BBE72F1643E16613CBEA8BE123EBCAAFFBDFCF8603EDE662BBE6AC525BEB8B993BD0ED14DBE4655733EE84CBD3D560B0BBE268C41BE543BA9BDF8CD193D788AE6BDE6C2143E7C5EFBBD248F983D3651383E528035BE82E047BE2ED874BE98B1403D76FC483EB85223BE80EA09BDC241203E16A3463EDA610C3E20F9A33D58B7313DE05E963CBA7E5F3E2034123CBCFAC63D207795BCBCBF4A3E24B57DBE84D5A2BD525675BEF879703DA84A6ABDD66352BEFC1444BE680A923DC839403EDC135A3E12B02F3EFEAC4EBE70CF543E8606743E206A463CFEC575BE201739BEC4AD62BE10F1243DC287523E5E37243E4001F9BDD8DFDEBDC827723DF46209BEB0DFC3BCA824943DE87CBBBDA471B73DD0CA11BD0A946B3E885552BE3C15583E76A42C3EF03F65BEF8A5703D781903BDDC85F03DAC0C393EFA8E09BEE29911BE341B3ABEDCD2393E186C56BE44611FBE0CA0663EBAEC033E2CB82F3E14905C3EC85A5FBEC8C37EBD50AAACBCE0CB6C3EB4AE90BDE01F89BCE632113E8E5A053E681427BE9A5E5EBEB45BC1BDCC63A33DBC9C733E78DCE63DFC20143E6C949D3DC42382BD88FE28BD2E54573ED01D5A3DF09A4C3DA6CF153E1089383E341A923DA0ADCEBC6875E2BDFC8D1BBE58F3FFBD6658503E88D04B3EB45907BE8AF5573E144784BD046181BDD486A23D841750BE247517BE70CC15BD7CE9A0BDB040013EA02C72BD48265ABE56E25EBEFA31773EB0E2E63DE4D27EBE1C0652BE18AD21BE88D5673ED24A0B3E4421A73D9EED103EC8742D3D7E87363EB81E4EBE182B493E9808EA3DECF2A93DBAB3233E100F48BD783AF3BDB4488BBD2C0840BE0053DF3A3EAC033E489F3E3D80930DBCA4B3C13D6A7169BEF24F28BE76775FBE9A827E3E84B068BE8837F33D5C03383E802791BD005F21BD384C523EE83F51BE46577FBE682016BDB01D03BD5890D1BD70C39F3C9236083EE6F7083EC424953DF6CB343EB4AFEEBD60CD883C5CA6AB3D78A8A43D10B1B7BD68E34F3EE6A143BE38E8F2BDC29175BEA00BF53C08E646BE202D363EDC692BBE04FE863D1E50633E40ED683E3801AA3D24FDBA3D3018363DE67D133E10498EBC7AEE3FBE8C18623E14C140BE9EF9783EA0DB613C54DDEA3DC02CE33B28FDD93D74712E3E669871BEB6A6113E9811ADBDCC7366BE2E424DBE40A4B73C763E473EC63872BEC07A943D70A5CE3D86E56BBEE075623DC441FBBD70FB1F3D1CB8C2BDB620503EB0046BBE40D1053E4C95C0BDC401903DE018CD3C78696EBE9C5AF3BD00BC2C3C0043FB3BA88201BED25E123E146BF5BDACD407BEFCEEDF3DC0CCDBBC34F69F3D68F31E3E386DC9BDE081913D64274C3E88BB223D8A3F5E3E5C67DE3DCAF53B3EE85C473EBCF7193E70F78A3D6C69003EAAB71C3E30758A3CC05A2E3D1C5AC4BD202A0BBCAE24033E3045A0BC088FA4BD50487D3D40B404BC0046AD3C58C15BBD004C22BB50DE76BDBC46573EF4922DBECE3043BED82F47BD702B983CBE5D283EBCB08D3D808486BBCA3C72BE9CCAF1BD8466853D94F4A3BDE0C01CBE401A813D9EB2363EE0EDFB3C44BB3F3E76D35C3E4011CB3B90F87F3E401AA93D98E3A83DCC9CB93D32046DBE7099D03D0AFD563E00003F3D605A763C48EF2EBD081449BEF0E4013DD04BCE3DB849C33D4C86683EB02A19BEC465613E784D65BD045695BDE27801BE6C2F2BBE90E85B3DC0505ABDD8283C3D9A2D79BE10F2A5BD5483033E68E8F8BD9C856C3EA2F129BE5E6513BEF8412A3EEE7A5C3EA4B2E23DD821083EFA7835BE806F413DB038BFBC9CE1F0BDC086593DB0ADCF3D421831BE9032FBBCF41F863D9ED2773ED62F4EBE78F8613E303EC6BCB0D0633DD0DF5CBE7A2F61BEEE1203BEA0DD96BC00BA423D9EF2643EA07029BDD277303EE4BE56BE8A540F3E5E475DBE8CFA72BED2A2193E7A1B27BE207E0DBE5A2E17BEB85E8DBDAC05FA3D6225003E1EB340BE1018A53CF2B253BEF05B59BE84C782BD40D8AFBC3874FF3D3843DE3DA06C7F3D2451433E1091EABCD0B5B5BC5866773E803E8C3CCE522E3E8425FFBD8239243EB4F5183EF259493ED0CC17BEB43574BE4881353D082902BD7049723ED416ABBD4058E0BDD8D11F3DBA814CBE6A5D52BEE2D5243E78F1693D88AD493D78281CBDE4DA0E3E441CC1BDC85D9B3DB4D5AA3D7424823D38D82EBE9C196DBE1C1EF4BDEC885ABEACDB5DBE98C7B0BD40C0D8BC5826173D8E1A04BE2EB724BEE44887BDFA56153EE842063EC04D6E3E6C73EC3D0E52373EC06D843B58C61DBE44869D3D94C05E3E9070B3BD804EFFBB90D363BE3893453E02EE4FBEC065E4BD801E183BF062F4BD00C5883A505C0BBE581D783E94AD14BE801F253DC0B074BE70F3103D98DD293E924C20BEF8D14ABD20A21BBC80DE14BCC8AC463D80AC4E3EEC9A96BD30C1A93DC45852BEB0DA17BEDE8038BEE06C6C3D",
      torch_tensor_16_torch.float32_1: "0x0400000015CE903FCC36743F8FBE783F00ED813FDB8E903F473F813F5774823FB3D37D3F7E20923FB8A6663F755D653F1FA53C3F0B3E843FC265783FE92B7E3FA5CF793F",
      torch_tensor_16_16_torch.float32: "0x0400000064AB78BED41A593E9EFA71BEA0FFCDBD8AF6013EF2AE673EAC3987BD100C543E004EA7BBBE956CBE769F6EBE80E6EDBD000BC8BA00A24F3E54B3DABD68B41EBD0C022F3E90737CBD94D2DD3D40AAADBCC088C7BD96DD25BE3A487B3E188009BE20FDD23C74CDB13DC0F33D3D6078A5BCD8E845BDF47DD7BDA8EFB03DD84E95BDA4D4BE3D4EDB033E8081B53D80F9F0BDC80630BEC8DB8BBD7CB7A33D20B6DC3C7C3E7A3E7AEE2C3E6C8AEFBDC6E9373E7AF111BECCD1ACBD24BF3D3E5E2D3CBE0C4B8EBDBC6552BE8899ED3DA672373EE40B613EF078B2BD6A4B3DBE2A17073EFA8E25BE3C9EAABDBC9F52BEA6B1473E60CACDBC4036083D203D6F3C706E123D7451E0BD98D57A3E5E2468BEB0FC05BD521015BE5E3C2EBEC089093E62E13B3E2C48F23DA059993D84C22A3EE03D093EA8F394BDF09CD8BDA4B4973D54AE203E1EE72A3E00BB883A78EA7F3E5EC537BE9C6DD43D9A415B3EE0CB7F3CC69E1A3EF8F6603E1E4146BE066C263EE857ED3D5A87063E327D003E6622193E709EA33DA4120E3E282F68BE420A7FBE2E07083EDCEC7E3ED8CB98BD1ACF443E300BDFBC1A6C003ED082A6BC04FDF83DF44FDEBDE87652BE10B8083E34E0D6BD14FE3E3EE85B0A3DE8B3D0BD6856763E3E8B743E12B904BEACB4E33D7CDF923DD63A1DBE6808023D724560BED0529C3CC8FB5DBEA4EA5A3E3A7F003E7ACA4A3ED08C463D38FBD9BD1ECC023EB87EE13D82760C3E98DC1CBD66ED7E3ECE4923BEDC5364BED4EF883D4E54673E80F51D3D4C0393BDD4585ABE36E42B3E6AC47BBE500FD3BD4C150E3E1EC610BE009027BEEE1201BE5888F43DEC42DABD184C69BD484376BD8CF60A3EACDE603EE07A7F3C00418F3A9084D1BCDCE2F33D34B7383EF894723D262F1E3E0CF1A0BDE0DC49BC303055BE1CADDE3DEAC303BE28341DBD8E767ABE7023AF3C442CA13D6CCF1A3EC05C61BD00A0453C16AE703E00124F3BC655383E9AC97A3EF8D5593E2044E83D7E82233ECCAF693E6027C9BCB2654D3E5CA4D2BDDC2FA2BDD8E9E53D583F1ABEF03BC4BD60375C3C70C2A83C005A4F3C703109BDB8FBA23D9C55773EA48CABBDDCD50C3EA0C97A3DC6F2213EF6D0503E00DDC3BC10D754BDF4EFC9BDD8DF8DBD809BD9BD58DB7CBD529F153EE8AD993D488EF1BDC2CA103E20A9B73C201C223CCCB2C53D68660FBE10B4D8BC6844433E84DB253EB24E103EB0B00FBDE09DCE3C662D263EE04A323D52F90C3E22B6013E388EE03DECDCF03D88812BBEE6FF60BE3EAB7DBE2C9E483E18660EBE864849BEC0EA023D103345BD288EA23DF4B585BD3E59463E1EB872BEC0477CBE1A7F5C3E3C2DDEBD38F17A3D0096BA3D70B7203DD0B321BE4015DE3CAA9B27BED2F2573ED0161E3DB6E9383EAED7343E68F1D93D24D7B43DC25E103E4C3523BE522B413E88205CBD",
      torch_tensor_6_8_torch.float32_1: "0x040000000000000000000000000000000000000000000000000000000000000000000000A46A573F7775CC3D57D6233C6E12833AA46A573F7775CC3D57D6233C6E12833AB7C7683FF96F4B3E3ED4A33C6912033BB7C7683FF96F4B3E3ED4A33C6912033BC381103E6D4E973E1FB9F53C939B443BC381103E6D4E973E1FB9F53C939B443BCFBD41BFD861C73EDBCB233D5812833BCFBD41BFD861C73EDBCB233D5812833B107C75BF4477F53EF4B64C3DDED6A33B107C75BF4477F53EF4B64C3DDED6A33B",
      torch_tensor_6_8_torch.float32: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F41510A3F98B87E3FB9FC7F3FF8FF7F3F41510A3F98B87E3FB9FC7F3FF8FF7F3F3311D5BEA5E57A3FE5F27F3FDFFF7F3F3311D5BEA5E57A3FE5F27F3FDFFF7F3F26707DBFEF90743F83E27F3FB5FF7F3F26707DBFEF90743F83E27F3FB5FF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F305527BFA7CA6B3F94CB7F3F7AFF7F3F2C3C913E40A9603F19AE7F3F2EFF7F3F2C3C913E40A9603F19AE7F3F2EFF7F3F",
      torch_tensor_48_16_torch.float32: "0x04000000A0DAC9BD9EFE5DBE5C197D3E90ECC83C60CF5C3D80FD1A3C48E02B3EF09B7BBE126B013E3AFC2DBE02736D3EB4CA47BE60D361BDB430A93D643DAA3DB042AB3D204B253C148F8C3D804D2CBE400072BC9CC18E3D745A4D3E746850BEE81ACABD329B2BBE1C4A04BEDE9B15BEA8471CBD4400B93DD82647BDF0324D3D381A72BD1C5876BE883B023D2059333CE8D92DBEDE8076BEF0D37C3D70E38CBD00154D3D08D45FBDE8237CBD1C58CDBDECFE753E680064BE583C7EBD448C8BBD6C35B4BDE8CB013E8E9D633EDC21533E0C25F9BDEC67DFBD4442CB3D246A093EDCA356BEBC22E8BD7C57F1BD6057C7BC3CFBB3BDEEE345BE30EB2BBDE0BB6CBD80369D3C9C26C3BD38FEEEBDCA91643EE48A93BDC27A183EDE7127BE10F4DDBDBC57D03D382F4A3D200B41BE22E8453E68628BBD008093B8D06C0BBD7484433EB8E2773DDC8EEE3DF0BA5EBDCA3D7F3E6C3FC73D10BBFC3DF0AB46BD26EC53BEE2FE383ECEF963BE74157DBEA088C23C68EF45BDA67038BE9E0E453E4085CE3C2C49EDBD9E9F243ED842B53DBAE147BE884229BD72925CBE30A90EBEE099383D90D88D3D3C06C6BD9041B4BDA89C5ABEA4431EBE702782BC802C133CAE08103E46112A3EB8685F3E9020473D646B3DBE64C490BDD84661BEC07D9DBC900E063E0057EA3C9CCDE93D1A24583EEE2F053EA8EC54BDD03B693E2AEA0D3E8AFD3DBE7827133DF4F2F63D8037A43D4072763EC4FF27BE4832103DB630783E868C20BEC8E009BE70762D3ED6F7003E2E76493E20D531BD70BF173E7C055CBED89913BEB02A243D40AB35BE401E8DBB2009BFBD2A127D3EB0F698BD4C2EB23DC89A443D5EA9763E80D22A3BB070113E5AB92DBE92AC38BE5485043E1A0C1F3EA8A401BEB6144D3E58D5A83D4A1511BE0CEAF63D728B7E3E7C3D83BD3AD6463EAC0A9EBD7C4770BEB4474ABEA029ACBDA221723E3429D73D92BB5C3ED2BD013E80F368BBB62729BEE4A968BE8C71ABBD441AE2BD0E67663E305677BD5086F7BCE0BC393DAC26523EC0BBD2BC863F063ED09D30BE32E673BE301B1DBDE893EA3D125D203EECAEBA3DD206423E188616BEB845663D8EFE543E58731EBE162B313E745E4FBEB882263EDA76053E04A25F3E9075DDBCE03861BC0CCE19BE36B76A3E20CC0DBC741185BDC0C8853C801E053E02DA01BED2DA4BBED84B79BDDC9A9A3D000CCE3C743388BDF82B053D607FA6BC3A5D463E826D16BEA2DF763E00981B3BD0CF333E4823CE3D8A8B40BEE8A0373E443DB3BD86302CBE2812E03D98A4413D36C200BECC8EF0BD72D15F3E7AF07FBE2071123DC080A53BBA644CBE1C8FDE3D14EA65BE802DF4BB601D58BDB8F60F3EC00D5DBDF0D76CBEF0E29BBCA28F493E087513BE8ABD573EBE7F0E3E30B2E9BC4011FEBBA005543E406E843BA0EB0A3D6035A83C302E9A3C9C335EBE3AD913BEA0446C3EEA80183E6033553CC0F4713E44EBC7BD0807DB3DEAFF05BEA4E8453EB0210D3E6078B03D00F074BCDA642E3E783B0B3E9069043EA49EBEBD4080E43B285874BD467D15BE7881783DCC3C5C3ECCB1163E50EC8EBDE457123EE0E497BCA247723E5A4E7DBEF4E1893D4E1262BEF8F9F33D8AE7373EF643443E48F4A7BD5075B43C8808863D7C88AFBD4CD66F3EE44D2F3EFC6DFD3D9488D0BDD202333E366802BE9E7950BE1058A0BDC087BCBCA681213ECC2CD33D848CB83DAC329BBD08B9463E665B743E4E925CBEFA56663E98C7483D1C81B23DE016C83DFC2C153E00927B3B34D783BD847CB0BD864F24BE60A81DBC22B50FBE84C5183E8E4837BE32895E3EE81062BEE82D553ED0FBE73C0E5171BEF485993DF6D024BEBACA4ABEC09B573C30AC91BDA0B57C3D12754A3E9EC76ABEE69F7E3E5EF40DBE405A4ABD3AF1253ED4DCD5BD860601BEF0926FBDAC1FC83D006131BCF436693EAC0EDD3DBE9969BE0C4938BEE05FA13C80EC1CBCA8979BBD6461A83D6CDFD63DDE9714BE08484CBD8450B73D8489B93DC0C0B7BCB2B4003E50F7B63D0A4570BEF29774BE0018093C3044AF3D1E7E36BE72D503BEA8A074BEB8F2413D4C8C393E04D0623E8A7050BE92AC453E8811CDBD847661BE644A243E341D573E803E52BCB81193BD70DEFF3CC43BF03D74C6EC3D8CEE00BEC07D083C98EE8C3DB857143D30EA543D1002693DF0B9873D62920A3E66E401BEF0D1533E348583BD02A050BEA0EE293EC2D122BEF0027DBE70C9ADBCCE86763EC2F241BEC8FC5D3DDCB746BE4C5FD13DB8662D3EF8A526BD8EDC63BE4C4D3FBE1A471DBE8839BFBDACF9F4BDD04DE13D58DA663DBAE54CBE103F023D06536DBE6C59373E00CC8DBCF2656F3E7EF4473E50CA12BE5C21463E40BB5ABEB02E6DBE747C2B3E785D03BEC6843BBE9A6726BE949713BE903F62BEA07F033D5C815BBE30078FBDCA48213E326445BE84102E3EE6667D3EF8EE1BBD70C2F6BCCA6873BEDA966D3EAC1B4D3E608DDBBCE26E183EF47761BE96482DBEBA8C703EC02F7EBE9009D8BCD28408BEB6AE71BE5034283DDC21DFBD08CA493D0033BFBD0C08AA3DC854073D864E7EBED02C233E98451E3E7AFE43BE889B983D947CF2BD62D82F3EFC37F6BD1096203E345F22BE3EDF09BEAC65D03D7C818B3D8CF5E9BD603C3C3EE0A5423DF0BBF43D26CD17BE68C6773D707E773D38FD143EA0386C3EC64D223EB0A07B3E4C5BE0BDF4E452BE9048353D00B292BBF86A18BD08204EBE00BF0EBC80D3F03B24E91C3EA4A7F53DD8152D3D4E1C343E8096DBBC18EF4D3EEEF368BE0084F0BB7C4AE5BDFE41243E3C198FBD3E152DBE70AE2CBD00C016391E4B2C3EDC090D3EB28667BEE85AD8BD0C53F8BDE0CD57BC207EE33D88FC14BD820B693E70A8E13C28B20D3EC02A76BD9068143ED0D5C83D0090173C209108BCA4D8E23D109C103DC06721BEA8D89EBD08ED27BE5090743DBC0F403EF0F812BE54B0AB3D12A345BEE4E8D23DA60B70BEF41AC9BD809D3BBB28B72DBDB411103ED029CCBD00B5A93D0CE0E03DF4EE8B3DAA1478BE40F30DBEC02E7BBD00FB88BB389CC43D301C343E185A533DC0552FBE6E657EBE8C4A653E0086603A8C8163BE90C98CBD0C58C43D20C600BCC0B9283ED0522FBD6093003DB8EE6F3E165863BE20AFCB3C766250BEFE7F2CBEDEB66FBEF862FB3D88F248BD20E4B93D90D4E73CD006A73DE61057BE4092B5BD5C378CBDD0EF39BEFCE8D93D884F113EE42EB9BD76F72EBE324305BED8AA6EBE7AA126BEFC088DBD48E6283D98BAF5BD7EB151BE5051013EE0A24C3EC02C423C90A211BDAC79E2BD30F5A63D6084A33C8019EABD54A32F3EA8CE163E981D3D3EAC9A303ED8E717BEDA606A3EC017A2BBC0806BBE1246223E8AA624BE7076F0BDF87F473D06B9353E4817243D82E35ABE844F2EBE20E6BD3D905B8CBDCCD38B3D1A385F3E52D426BE72115DBE08BAABBD10A09EBC3456ACBD18D3793EFC1019BEC84D143EB481C63D9A746B3ED26576BEFCF63A3E641CA3BD146DB4BD209F083CEC902D3E9251033E327E14BEF0BB743D201627BC2C80A83D00B83FB910067EBD04E9EC3DB4815A3E164B083E8492A8BD00985F3BD0E9423D6ACF14BE0221593EF228073E20DFDD3D32176D3E40C006BD3C32413EF025F0BCD8594E3E52F719BED8597ABE6226043E204EB03D80DD72BE885EDE3D10CB5ABD985DD03DA87B683E4AA14E3EC0E2123CF428FC3DAC4D6DBE0053973C58BFA53DD2E0023E50E0B83D56AF2B3E70D88E3C04ABA63D10377BBE4C79F5BD78C8E93D30FAB03D1497DA3DE0DCCE3DD64E58BE1463A93DC04F99BDA8CE25BD20A8A1BC2E04583E5049653EF8FFFD3D6C89C7BDBCD5973DC01EB03D4E16443E8066A13CB44971BEACB6CD3D0CC84BBE80F5043D0037273E2462D33DF845723E1ECF763E98246ABE00BBC93BD4D0933D10684ABDF80C04BE388D763E1EA419BEBAC76CBED8E369BEF4650BBE9062D73C3EC72C3EE0647FBC600949BE88E73D3E207197BCCCC9B8BDC017F2BB44D2DE3D10F9FFBC0499C93D6409D63DA2B328BEAC32663E54A4293E40ED42BCA2EF243EF4628DBD68DB5ABDB8ECD53DC6E53DBE50E877BD78552ABEC0A2AFBC4C3ACABD8851A9BDA0CA5FBD9E0B453E08DD7B3D084077BEF84131BED0829FBC942EA93D68501F3E800A6A3EDEB32CBE22E5713EE2EF2B3EB2B44BBE309B52BEDCD547BE40619F3BF0045EBDFA207ABE186B91BD005C203E905892BCBA4B4CBECE2D28BE5025BF3D7439A03DFC38DEBDE4A051BEB078D93D34BA08BEF83D60BE8CBD6A3E44DACD3D18B92DBDE84D163D70EE4F3EFE8063BE80B74BBDF84CB5BD",
      torch_tensor_16_torch.float32: "0x04000000A3BF773F6A797A3F6D95753FA18D813F44017B3F9F09923FE933843F6F57833FA802893F0ED3863F001C823F44126D3F48D8883FCF118A3FE1D3723F08D58C3F"
    }
  }
#-}

#map = affine_map<(d0, d1, d2) -> (d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map6 = affine_map<(d0, d1) -> (d0, d1)>
#map7 = affine_map<(d0, d1) -> (d1)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @encoder(%arg0: tensor<2x5x16xf32>) -> tensor<2x5x16xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<2x2x5x5xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_16_torch.float32_5> : tensor<16xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float32_4> : tensor<16xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_6 = arith.constant dense_resource<torch_tensor_16_32_torch.float32> : tensor<16x32xf32>
    %cst_7 = arith.constant dense_resource<torch_tensor_32_torch.float32> : tensor<32xf32>
    %cst_8 = arith.constant dense_resource<torch_tensor_32_16_torch.float32> : tensor<32x16xf32>
    %cst_9 = arith.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_10 = arith.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_11 = arith.constant 1.000000e-05 : f64
    %cst_12 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_13 = arith.constant dense_resource<torch_tensor_16_16_torch.float32> : tensor<16x16xf32>
    %cst_14 = arith.constant 0xFFF0000000000000 : f64
    %cst_15 = arith.constant 0.59460355750136051 : f64
    %cst_16 = arith.constant dense_resource<torch_tensor_48_torch.float32> : tensor<48xf32>
    %cst_17 = arith.constant dense_resource<torch_tensor_48_16_torch.float32> : tensor<48x16xf32>
    %cst_18 = arith.constant 1.600000e+01 : f64
    %cst_19 = arith.constant 1.600000e+01 : f32
    %0 = tensor.empty() : tensor<5x2x16xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x5x16xf32>) outs(%0 : tensor<5x2x16xf32>) permutation = [1, 0, 2] 
    %1 = tensor.empty() : tensor<16x48xf32>
    %transposed_20 = linalg.transpose ins(%cst_17 : tensor<48x16xf32>) outs(%1 : tensor<16x48xf32>) permutation = [1, 0] 
    %2 = tensor.empty() : tensor<5x16x48xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_20 : tensor<16x48xf32>) outs(%2 : tensor<5x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<5x16x48xf32>
    %4 = tensor.empty() : tensor<5x2x48xf32>
    %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<5x2x48xf32>) -> tensor<5x2x48xf32>
    %6 = linalg.batch_matmul ins(%transposed, %3 : tensor<5x2x16xf32>, tensor<5x16x48xf32>) outs(%5 : tensor<5x2x48xf32>) -> tensor<5x2x48xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %cst_16 : tensor<5x2x48xf32>, tensor<48xf32>) outs(%4 : tensor<5x2x48xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<5x2x48xf32>
    %expanded = tensor.expand_shape %7 [[0, 1], [2], [3, 4]] output_shape [1, 5, 2, 3, 16] : tensor<5x2x48xf32> into tensor<1x5x2x3x16xf32>
    %8 = tensor.empty() : tensor<3x5x2x1x16xf32>
    %transposed_21 = linalg.transpose ins(%expanded : tensor<1x5x2x3x16xf32>) outs(%8 : tensor<3x5x2x1x16xf32>) permutation = [3, 1, 2, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed_21 [[0], [1], [2, 3], [4]] : tensor<3x5x2x1x16xf32> into tensor<3x5x2x16xf32>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [1, 5, 2, 16] [1, 1, 1, 1] : tensor<3x5x2x16xf32> to tensor<1x5x2x16xf32>
    %extracted_slice_22 = tensor.extract_slice %collapsed[1, 0, 0, 0] [1, 5, 2, 16] [1, 1, 1, 1] : tensor<3x5x2x16xf32> to tensor<1x5x2x16xf32>
    %extracted_slice_23 = tensor.extract_slice %collapsed[2, 0, 0, 0] [1, 5, 2, 16] [1, 1, 1, 1] : tensor<3x5x2x16xf32> to tensor<1x5x2x16xf32>
    %collapsed_24 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x5x2x16xf32> into tensor<5x32xf32>
    %expanded_25 = tensor.expand_shape %collapsed_24 [[0], [1, 2]] output_shape [5, 4, 8] : tensor<5x32xf32> into tensor<5x4x8xf32>
    %9 = tensor.empty() : tensor<4x5x8xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<5x4x8xf32>) outs(%9 : tensor<4x5x8xf32>) permutation = [1, 0, 2] 
    %collapsed_27 = tensor.collapse_shape %extracted_slice_22 [[0, 1], [2, 3]] : tensor<1x5x2x16xf32> into tensor<5x32xf32>
    %expanded_28 = tensor.expand_shape %collapsed_27 [[0], [1, 2]] output_shape [5, 4, 8] : tensor<5x32xf32> into tensor<5x4x8xf32>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<5x4x8xf32>) outs(%9 : tensor<4x5x8xf32>) permutation = [1, 0, 2] 
    %collapsed_30 = tensor.collapse_shape %extracted_slice_23 [[0, 1], [2, 3]] : tensor<1x5x2x16xf32> into tensor<5x32xf32>
    %expanded_31 = tensor.expand_shape %collapsed_30 [[0], [1, 2]] output_shape [5, 4, 8] : tensor<5x32xf32> into tensor<5x4x8xf32>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<5x4x8xf32>) outs(%9 : tensor<4x5x8xf32>) permutation = [1, 0, 2] 
    %expanded_33 = tensor.expand_shape %transposed_26 [[0, 1], [2], [3]] output_shape [2, 2, 5, 8] : tensor<4x5x8xf32> into tensor<2x2x5x8xf32>
    %expanded_34 = tensor.expand_shape %transposed_29 [[0, 1], [2], [3]] output_shape [2, 2, 5, 8] : tensor<4x5x8xf32> into tensor<2x2x5x8xf32>
    %10 = tensor.empty() : tensor<2x2x5x8xf32>
    %11 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x2x5x8xf32>) outs(%10 : tensor<2x2x5x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.truncf %cst_15 : f64 to f32
      %94 = arith.mulf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<2x2x5x8xf32>
    %12 = tensor.empty() : tensor<2x2x8x5xf32>
    %transposed_35 = linalg.transpose ins(%expanded_34 : tensor<2x2x5x8xf32>) outs(%12 : tensor<2x2x8x5xf32>) permutation = [0, 1, 3, 2] 
    %13 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_35 : tensor<2x2x8x5xf32>) outs(%12 : tensor<2x2x8x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.truncf %cst_15 : f64 to f32
      %94 = arith.mulf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<2x2x8x5xf32>
    %collapsed_36 = tensor.collapse_shape %11 [[0, 1], [2], [3]] : tensor<2x2x5x8xf32> into tensor<4x5x8xf32>
    %collapsed_37 = tensor.collapse_shape %13 [[0, 1], [2], [3]] : tensor<2x2x8x5xf32> into tensor<4x8x5xf32>
    %14 = tensor.empty() : tensor<4x5x5xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<4x5x5xf32>) -> tensor<4x5x5xf32>
    %16 = linalg.batch_matmul ins(%collapsed_36, %collapsed_37 : tensor<4x5x8xf32>, tensor<4x8x5xf32>) outs(%15 : tensor<4x5x5xf32>) -> tensor<4x5x5xf32>
    %expanded_38 = tensor.expand_shape %16 [[0, 1], [2], [3]] output_shape [2, 2, 5, 5] : tensor<4x5x5xf32> into tensor<2x2x5x5xf32>
    %17 = tensor.empty() : tensor<2x2x5xi64>
    %18 = linalg.fill ins(%c0_i64 : i64) outs(%17 : tensor<2x2x5xi64>) -> tensor<2x2x5xi64>
    %19 = tensor.empty() : tensor<2x2x5xf32>
    %20 = linalg.fill ins(%cst_0 : f32) outs(%19 : tensor<2x2x5xf32>) -> tensor<2x2x5xf32>
    %21:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_38 : tensor<2x2x5x5xf32>) outs(%20, %18 : tensor<2x2x5xf32>, tensor<2x2x5xi64>) {
    ^bb0(%in: f32, %out: f32, %out_53: i64):
      %93 = linalg.index 3 : index
      %94 = arith.index_cast %93 : index to i64
      %95 = arith.maximumf %in, %out : f32
      %96 = arith.cmpf ogt, %in, %out : f32
      %97 = arith.select %96, %94, %out_53 : i64
      linalg.yield %95, %97 : f32, i64
    } -> (tensor<2x2x5xf32>, tensor<2x2x5xi64>)
    %expanded_39 = tensor.expand_shape %21#0 [[0], [1], [2, 3]] output_shape [2, 2, 5, 1] : tensor<2x2x5xf32> into tensor<2x2x5x1xf32>
    %22 = tensor.empty() : tensor<2x2x5x5xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38, %expanded_39 : tensor<2x2x5x5xf32>, tensor<2x2x5x1xf32>) outs(%22 : tensor<2x2x5x5xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.subf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x2x5x5xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23 : tensor<2x2x5x5xf32>) outs(%22 : tensor<2x2x5x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = math.exp %in : f32
      linalg.yield %93 : f32
    } -> tensor<2x2x5x5xf32>
    %25 = tensor.empty() : tensor<2x2x5x1xf32>
    %26 = linalg.fill ins(%cst : f32) outs(%25 : tensor<2x2x5x1xf32>) -> tensor<2x2x5x1xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%24 : tensor<2x2x5x5xf32>) outs(%26 : tensor<2x2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.addf %in, %out : f32
      linalg.yield %93 : f32
    } -> tensor<2x2x5x1xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %27 : tensor<2x2x5x5xf32>, tensor<2x2x5x1xf32>) outs(%22 : tensor<2x2x5x5xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.divf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x2x5x5xf32>
    %29 = tensor.empty() : tensor<2x2x5x5xi1>
    %30 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x2x5x5xf32>) outs(%29 : tensor<2x2x5x5xi1>) {
    ^bb0(%in: f32, %out: i1):
      %93 = arith.extf %in : f32 to f64
      %94 = arith.cmpf oeq, %93, %cst_14 : f64
      linalg.yield %94 : i1
    } -> tensor<2x2x5x5xi1>
    %31 = tensor.empty() : tensor<2x2x5x1xi1>
    %32 = linalg.fill ins(%true : i1) outs(%31 : tensor<2x2x5x1xi1>) -> tensor<2x2x5x1xi1>
    %33 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%30 : tensor<2x2x5x5xi1>) outs(%32 : tensor<2x2x5x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %93 = arith.andi %in, %out : i1
      linalg.yield %93 : i1
    } -> tensor<2x2x5x1xi1>
    %34 = linalg.generic {indexing_maps = [#map5, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %cst_2, %28 : tensor<2x2x5x1xi1>, tensor<2x2x5x5xf32>, tensor<2x2x5x5xf32>) outs(%22 : tensor<2x2x5x5xf32>) {
    ^bb0(%in: i1, %in_53: f32, %in_54: f32, %out: f32):
      %93 = arith.select %in, %in_53, %in_54 : f32
      linalg.yield %93 : f32
    } -> tensor<2x2x5x5xf32>
    %collapsed_40 = tensor.collapse_shape %34 [[0, 1], [2], [3]] : tensor<2x2x5x5xf32> into tensor<4x5x5xf32>
    %35 = linalg.fill ins(%cst : f32) outs(%9 : tensor<4x5x8xf32>) -> tensor<4x5x8xf32>
    %36 = linalg.batch_matmul ins(%collapsed_40, %transposed_32 : tensor<4x5x5xf32>, tensor<4x5x8xf32>) outs(%35 : tensor<4x5x8xf32>) -> tensor<4x5x8xf32>
    %expanded_41 = tensor.expand_shape %36 [[0, 1], [2], [3]] output_shape [2, 2, 5, 8] : tensor<4x5x8xf32> into tensor<2x2x5x8xf32>
    %37 = tensor.empty() : tensor<5x2x2x8xf32>
    %transposed_42 = linalg.transpose ins(%expanded_41 : tensor<2x2x5x8xf32>) outs(%37 : tensor<5x2x2x8xf32>) permutation = [2, 0, 1, 3] 
    %collapsed_43 = tensor.collapse_shape %transposed_42 [[0, 1], [2, 3]] : tensor<5x2x2x8xf32> into tensor<10x16xf32>
    %38 = tensor.empty() : tensor<16x16xf32>
    %transposed_44 = linalg.transpose ins(%cst_13 : tensor<16x16xf32>) outs(%38 : tensor<16x16xf32>) permutation = [1, 0] 
    %39 = tensor.empty() : tensor<10x16xf32>
    %40 = linalg.fill ins(%cst : f32) outs(%39 : tensor<10x16xf32>) -> tensor<10x16xf32>
    %41 = linalg.matmul ins(%collapsed_43, %transposed_44 : tensor<10x16xf32>, tensor<16x16xf32>) outs(%40 : tensor<10x16xf32>) -> tensor<10x16xf32>
    %42 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel"]} ins(%41, %cst_12 : tensor<10x16xf32>, tensor<16xf32>) outs(%39 : tensor<10x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<10x16xf32>
    %expanded_45 = tensor.expand_shape %42 [[0, 1], [2]] output_shape [5, 2, 16] : tensor<10x16xf32> into tensor<5x2x16xf32>
    %43 = tensor.empty() : tensor<2x5x16xf32>
    %transposed_46 = linalg.transpose ins(%expanded_45 : tensor<5x2x16xf32>) outs(%43 : tensor<2x5x16xf32>) permutation = [1, 0, 2] 
    %44 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_46 : tensor<2x5x16xf32>, tensor<2x5x16xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %45 = tensor.empty() : tensor<2x5x16xf64>
    %46 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44 : tensor<2x5x16xf32>) outs(%45 : tensor<2x5x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %93 = arith.extf %in : f32 to f64
      linalg.yield %93 : f64
    } -> tensor<2x5x16xf64>
    %47 = tensor.empty() : tensor<2x5x1xf64>
    %48 = linalg.fill ins(%cst_1 : f64) outs(%47 : tensor<2x5x1xf64>) -> tensor<2x5x1xf64>
    %49 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%46 : tensor<2x5x16xf64>) outs(%48 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %50 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49 : tensor<2x5x1xf64>) outs(%47 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_18 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %51 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46, %50 : tensor<2x5x16xf64>, tensor<2x5x1xf64>) outs(%45 : tensor<2x5x16xf64>) {
    ^bb0(%in: f64, %in_53: f64, %out: f64):
      %93 = arith.subf %in, %in_53 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x16xf64>
    %52 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %51 : tensor<2x5x16xf64>, tensor<2x5x16xf64>) outs(%45 : tensor<2x5x16xf64>) {
    ^bb0(%in: f64, %in_53: f64, %out: f64):
      %93 = arith.mulf %in, %in_53 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x16xf64>
    %53 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%52 : tensor<2x5x16xf64>) outs(%48 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %54 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53 : tensor<2x5x1xf64>) outs(%47 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_18 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %55 = tensor.empty() : tensor<2x5x1xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<2x5x1xf64>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %93 = arith.truncf %in : f64 to f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %57 = linalg.fill ins(%cst : f32) outs(%55 : tensor<2x5x1xf32>) -> tensor<2x5x1xf32>
    %58 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%44 : tensor<2x5x16xf32>) outs(%57 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.addf %in, %out : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<2x5x1xf32>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.divf %in, %cst_19 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<2x5x1xf32>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.truncf %cst_11 : f64 to f32
      %94 = arith.addf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<2x5x1xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<2x5x1xf32>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = math.rsqrt %in : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %62 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44, %59 : tensor<2x5x16xf32>, tensor<2x5x1xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.subf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %63 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %61 : tensor<2x5x16xf32>, tensor<2x5x1xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.mulf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %64 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %cst_10 : tensor<2x5x16xf32>, tensor<16xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.mulf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64, %cst_9 : tensor<2x5x16xf32>, tensor<16xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %collapsed_47 = tensor.collapse_shape %65 [[0, 1], [2]] : tensor<2x5x16xf32> into tensor<10x16xf32>
    %66 = tensor.empty() : tensor<16x32xf32>
    %transposed_48 = linalg.transpose ins(%cst_8 : tensor<32x16xf32>) outs(%66 : tensor<16x32xf32>) permutation = [1, 0] 
    %67 = tensor.empty() : tensor<10x32xf32>
    %68 = linalg.fill ins(%cst : f32) outs(%67 : tensor<10x32xf32>) -> tensor<10x32xf32>
    %69 = linalg.matmul ins(%collapsed_47, %transposed_48 : tensor<10x16xf32>, tensor<16x32xf32>) outs(%68 : tensor<10x32xf32>) -> tensor<10x32xf32>
    %70 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel"]} ins(%69, %cst_7 : tensor<10x32xf32>, tensor<32xf32>) outs(%67 : tensor<10x32xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<10x32xf32>
    %expanded_49 = tensor.expand_shape %70 [[0, 1], [2]] output_shape [2, 5, 32] : tensor<10x32xf32> into tensor<2x5x32xf32>
    %71 = tensor.empty() : tensor<2x5x32xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_49 : tensor<2x5x32xf32>) outs(%71 : tensor<2x5x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.cmpf ugt, %in, %cst : f32
      %94 = arith.select %93, %in, %cst : f32
      linalg.yield %94 : f32
    } -> tensor<2x5x32xf32>
    %collapsed_50 = tensor.collapse_shape %72 [[0, 1], [2]] : tensor<2x5x32xf32> into tensor<10x32xf32>
    %73 = tensor.empty() : tensor<32x16xf32>
    %transposed_51 = linalg.transpose ins(%cst_6 : tensor<16x32xf32>) outs(%73 : tensor<32x16xf32>) permutation = [1, 0] 
    %74 = linalg.matmul ins(%collapsed_50, %transposed_51 : tensor<10x32xf32>, tensor<32x16xf32>) outs(%40 : tensor<10x16xf32>) -> tensor<10x16xf32>
    %75 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel"]} ins(%74, %cst_5 : tensor<10x16xf32>, tensor<16xf32>) outs(%39 : tensor<10x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<10x16xf32>
    %expanded_52 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [2, 5, 16] : tensor<10x16xf32> into tensor<2x5x16xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %expanded_52 : tensor<2x5x16xf32>, tensor<2x5x16xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<2x5x16xf32>) outs(%45 : tensor<2x5x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %93 = arith.extf %in : f32 to f64
      linalg.yield %93 : f64
    } -> tensor<2x5x16xf64>
    %78 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%77 : tensor<2x5x16xf64>) outs(%48 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<2x5x1xf64>) outs(%47 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_18 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %80 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %79 : tensor<2x5x16xf64>, tensor<2x5x1xf64>) outs(%45 : tensor<2x5x16xf64>) {
    ^bb0(%in: f64, %in_53: f64, %out: f64):
      %93 = arith.subf %in, %in_53 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x16xf64>
    %81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %80 : tensor<2x5x16xf64>, tensor<2x5x16xf64>) outs(%45 : tensor<2x5x16xf64>) {
    ^bb0(%in: f64, %in_53: f64, %out: f64):
      %93 = arith.mulf %in, %in_53 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x16xf64>
    %82 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%81 : tensor<2x5x16xf64>) outs(%48 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.addf %in, %out : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %83 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<2x5x1xf64>) outs(%47 : tensor<2x5x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %93 = arith.divf %in, %cst_18 : f64
      linalg.yield %93 : f64
    } -> tensor<2x5x1xf64>
    %84 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x5x1xf64>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %93 = arith.truncf %in : f64 to f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%76 : tensor<2x5x16xf32>) outs(%57 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.addf %in, %out : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x5x1xf32>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.divf %in, %cst_19 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x5x1xf32>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = arith.truncf %cst_11 : f64 to f32
      %94 = arith.addf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<2x5x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x5x1xf32>) outs(%55 : tensor<2x5x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %93 = math.rsqrt %in : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %86 : tensor<2x5x16xf32>, tensor<2x5x1xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.subf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %88 : tensor<2x5x16xf32>, tensor<2x5x1xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.mulf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %cst_4 : tensor<2x5x16xf32>, tensor<16xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.mulf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %cst_3 : tensor<2x5x16xf32>, tensor<16xf32>) outs(%43 : tensor<2x5x16xf32>) {
    ^bb0(%in: f32, %in_53: f32, %out: f32):
      %93 = arith.addf %in, %in_53 : f32
      linalg.yield %93 : f32
    } -> tensor<2x5x16xf32>
    return %92 : tensor<2x5x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32_5: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_4: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_3: "0x040000005E1A273D0ED1B23D918232BEAC8F64BA33B6D73DA8FFC73DA34A1D3C89F932BECA321E3E3C0F8B3D036C8D3D6334DA3DABF8D53D8B94A3BC08CDEF3DA106F63D",
      torch_tensor_16_32_torch.float32: "0x040000004B1DDABD70EEFF3D3EEBE2BDCAE490BD8ED392BD18A8003ECA478C3D3285CF3D084507BD7412D6BD757B823DCB11923D98D4153EE39E29BECED304BE4E87ED3D5D4B3B3D295BF03D611937BDB37F343EF87C8D3D8C218CBDE8E6AEBD803C3E3D87A68EBB0F77AFBDF60DC2BD1BF9733D32B6B23DF7662C3ED9C698BDACBCD5BD393CE4BDD23FF5BD35D0323EB80DB1BD2E4EAABDBECD043E2CF30F3EE3AA25BE3FA19FBC9194593DF477DD3CBBD3CDBDF4DF11BED29E02BE972F713D838DA8BDAA9824BE8E77323E79E5A53D610658BD7B15E73CA3A880BD13A9EEBD403F27BE7DFFEB3D172A27BEBC8908BECF0C173E0202E4BDB11B73BD3801563A93C232BE955B24BE9CD512BE854DDABCFE0683BD4D70063E4CE3E83D651D303EB6A21CBEB280ACBD04A0F63D1A037B3DD2D4EBBD39B8073E6FE8B8BD75E22B3E267A10BEBBA7BB3D57A724BCA4AF1CBE0154BB3D37DF84BD5F9B493B6F0F5DBD3CDC21BD1E5139BD6288A23D23ED69BC3B5CF73D0E3E923D17E288BA0325913D549373BD1A7E0BBE0979EEBD68EBF7BDE32012BE55B5E73C44DA80BC4DC522BE92DBBB3D4459E03DA9C5193E8888ED3B250C54BC7CF0D43D83FB1CBE040B333C81E8EC3D0F8DFA3D65A4AA3C6A3070BC195E813DC3EC193DFB7CC2BB2F620F3E31861A3E07ABCDBDBBE8223E35073DBD35C71B3DFC38213E9313ABBD35FCA83DF472C5BC71DECCBD325430BC37BD1A3EE208CA3D7F39BBBDCBDA233E0C4E133DD8811A3E2D2E2C3E5FCD52BDC184103EC2A8D6BCE199E43C7A71BC3B0B771F3B10BC60BCC3EB25BE88007C3C2E1A263E8B7E6D3DF94227BE6F2C073DDE92EABC6B70553D783D26BE9F15F23CD35E01BE790ECE3C95E6D93D2E75FD3D6252EFBCDDCC203EF65B2ABC755ED0BDF237A93D55E2FA3B53D20EBEF02FE63DBE732E3E0C3EC63D4099E6BCB4DE17BE0D151B3E3CD1C0BD2B22DA3C1CCA23BEEA55DF3D805E113DA4532C3E70B1AF3DA3E12CBE4B0B0F3E784812BE8408ADBD95EDBA3DFE09C5BD47DE3D3D6927953CDD2C4D3C79A3C4BDEC5FFD3DD229D03CF069863DA99EA83C961AB4BDED1388BD50FEF03D2D231EBEE9407ABDE7B325BE7270D8BD059DC23C54F424BD3D4A713D9FEE093EF04C183D91EB2B3E9ADBF4B947A32E3E77A3E93C25AE94BB545F4A3D4DBA0EBE859D133E7FA1253E41331FBE8C78D7BD2B110F3E2000363DA1E282BD3162B4BD7CE725BDCD4808BDFEFC263E6F20DCBDC4A9CB3C063C4D3DB494B3BD339634BCC9E602BDC31D0A3E3784013E35BB0BBC9787B9BD39D9CFBDFA229ABD34091D3ED826133E35FA0F3D10A928BE3D3C673DE29206BD756BCA3D8B2CBC3D9FDC173E3AE7523C05A75D3CD9EBA73AC61EFA3DE3AF083E2595AA3DFDC810BD4B3652BD87BF273E8547BBBDBA17F93CA1A7633DD879BB3DF695DBBDBFC90BBD2034A9BB921784BC2C5C1BBE7D389C3D2C680ABEE1D836BD48F25D3D65560E3EEEDDFBBC9A73C8BD1971A1BDB926D5BA74ECC5BD27E3323D90AEA33DB3D62A3E7C3A183E61FB13BDC2E1993DDFFEBD3C07A5AB3DA990A4BD27042A3ED4139A3A524DE53DC141063E566019BD76B50A3E02633BBDDD1AB43D8BC1E0BC96270FBE6C9638BD067B893D4899103E0CB613BEF016D2BD9EB0BC3D9DF3B8BD1CED163C098DFCBD32F7363C222DAFBD97B5213DB4C08E3D10DD0A3D765C0EBEDDB8073ECD5E183E614F22BE9242143E21051CBE052EAA3DA60C2BBC777A67BCC447B0BDFD8E0E3E4E0AEA3C4E6449BCA6E4CCBB0934033EDD5E333E193FCEBD4D8E20BE39EDF4BDD191C4BD94E313BED4A782BD130F8CBD05A8A5BA4C804E3D6C8EE83DF9DFEEBD42B301BE40B29DBD1E6805BE54001C3CB74509BEA79105BC3B2DC6BC962D0CBEB273A3BD28409E3D7D944FBD9CC41FBE3445133EE7BF61BD6A89AE3C1E92113E4245B43DB35012BE76E41F3ECAD649BD79B4383DDD2CA13DF4BC7C3D7B74F73D9961A3BD7E87063EAC23E63DB1C21EBE07FB86BD8A6F1C3E745B06BE54CB23BEA497DF3DF3257F3D53C79E3C4959103E6D9D0E3CD081303EFA40F0BDC0921BBE76751DBDE9FA2F3E61C51ABEB95C953D3C68393D634D99BD217414BE8A98973D9AC5873D0B8297BB6A0D8F3D6AFBC53DB9FDFEBD557A1CBE56CFF0BC3D69D0BCE90F8BBD4C933E3D5BE90ABEFCE52F3E9BB511BD383BCABDE664E7BCA5560FBE10A31CBEE68C513DF2B546BD280DC4BD55F7A63DDF670D3E0660A23C4669B4BDF402C53DAD5B79BD0797A7BDF12B0DBDFDF22FBD22C12E3E4CF301BD9AFC22BE84F465BDE4CF843DB98C9C3D18DDF2BD5E07FFBDAE054EBDD634393C58F814BE90ABA63D69E507BD519AD23D48CD573D5617E7BC33B182BC18955E3D8022BCBD79B53BBDF8B0A53DF59021BE942610BD07B9163D59B5BABD4E64AB3D7357B33D1DF4D1BCDEA768BD1C39AF3D6A29233C44F80BBE18A8D03D9433323E44ED1A3E95B6C7BD630F283E06E196BD2D2C09BEFEA0013E234FFFBDFC62263E8768313E4654F3BD06C3EF3D2F130ABD6B443CBD99B4DB3CC0BD883D7D68F6BD6783313EF3ACFD3D2F29D1BDCFF5AA3D758D003DABF6C63DEAE386BBD6F4743D245D4A3D992B293E3F25CC3CCA8C133E6398EF3CA539693D5D48A1BCF1479DBC470D08BE27002E3ECCE0C3BD507DBD3DAC0F273D6CC7EA3DE5522BBEBE1987BCA07C2DBECF7C0EBECFB07F3D260E2BBDF0CFF13D030B073E010FE339680257BDAB20FB3D4F982C3E0D0CAF3C691117BE6F5C973D0CB7F1BC346005BEDEDF1B3D8371873B39AE2B3BBB17343EE4C3B73D768DE43D0597C03ABB2B0FBDAEC1873DE27007BEF30F2B3E0DFCB33C5A4228BEFD0ED1BD6894AE3D",
      torch_tensor_32_torch.float32: "0x04000000E859AEBD7CB797BDFE02383E74593F3E0C927ABEFC8E5B3E5CF0643E029B38BECC3B7FBE9AD747BE80ED87BD802838BCEC1B8D3D7039743DF862463DF2DA47BE6265763E4E865C3E0473F93D28A85F3D36F30EBEB0A9953CB4B036BE5A4C6B3ED25A63BE18E2593E1205713E8CDDF7BDC66E64BE34A0B43D527B44BED0316CBE",
      torch_tensor_32_16_torch.float32: "0x04000000B80208BE3016843D4095B5BC70A490BD626943BE4A335A3ED8819E3DC08C063DD06AC03C68C1093E58611ABEC09023BC78F5613EC8F31EBD24315BBED2B718BE28B61E3E8AD0063E0EB2303E70F3B4BD440EEEBDEE5262BE504C8D3C38575DBD42E4723EB0A8E6BD80AB22BE84A2CF3DB4CEBABD7023BEBC04627F3E20AC1F3E04277FBEE08A453CA0E7003C745E7A3E1C535DBE32981D3E0C5F7BBEACA87BBE603A03BEDED874BE00FB7BBC78BA4E3EBC0A8EBD0C2442BE3030B0BC1E5C50BECAAD2D3E480D143D4C0B633E3033D93D1813B73DBC85AC3D30CA6D3EBE2520BE648C1CBE8AE1443E24D0B93D4AC06A3E30AB6E3D2C5EB93D32C71D3E20CE263EA6780C3E86C148BEE835943DD2302FBE902D043DF2240C3E4022ABBD121C5E3E54EE633EA466933D2E3239BEC0F9AA3B3430473EB8EB373DEC045F3EA032943C081FEDBD160E273E1C6FA93DB6570D3EC0F618BE061B42BE3C762B3E581DB33D3A4A3B3EC06F55BEF898EBBD40CD01BCA2F604BE50F01F3EDE514B3E30E35D3EB0CB0F3D1A7868BEC8A5B7BD10906D3DF42C8ABD84A8DA3D58D388BD488A533E00C15D3E30A77D3EC890A93DB44D2DBE248384BDE89D08BEF449E63D10AFB3BC6800CD3D5C9E943D20259DBDE8DE0D3D80471DBD904A313DA67829BE40A8973BEC21433E0673043E8C031FBECC96553EE4BEC3BD72D0643E60CB50BDE0F2763EB08B163EE04BA9BCFC7B2C3E7870593EEC3B48BE9811383DC43E2F3E8012D4BC000A223E8CB0473EE6094BBECC950B3ECE376BBEB648203EA28D0DBEEC5A9FBD686F7A3D06705CBEE0320DBCA41FB3BDCCFEA13D40C972BCD0A568BE98D17CBDA8B81F3D1A2C0C3E7C2712BE10A41BBEA4AAE63DFEAA19BE185FCABD26E07FBE60AE76BD00214CBEC86D203DFC4E4F3EF05FE33DE46B55BEC87A653EF2C664BE4073C4BD92A00F3EB0F1F23D62140D3EE0AF73BDE02F60BEE0A67ABE90CFA73C82A977BEE0C028BE864B273EC0A41DBDD8B2B23DFC6549BE0051223D72AD663E302A3A3DA89E343DC8FA1DBED41939BE363D153E0E3165BEE0E97ABC04214DBE40F08F3CF8D97ABE7C7FA93D0008DF394E5628BE88A4BEBDD49ACCBDD8D4E5BDF0597FBD58AA3C3D684B13BE5037813DEEF252BEF415713EBA6F19BECCB6D93DF43A2FBE04BC2EBE084F16BDCAD511BED83F8FBD40B5DEBDE0308FBD4EE645BECAAC793E9E62103E98E7B6BD8AE6393EB81CE4BD802051BE90FEA33D802FB0BD4A88403EB8C689BD666F50BEA6DD573E10DA653DBC639B3D7010C6BCB08E4BBEA4D3A43D0000313AB47E29BE80E2113EEEB86FBE84E11EBE78C26EBDFAF36FBEF67666BEBCD299BD200841BD24CA3B3EB4ECEE3D96056E3E00099F3DA8F3083DD05645BD50FED7BDAE5665BEDED369BEB0DAD93DDC0A22BE0409D2BD1846EF3D62401EBED84CBD3D80A862BC384D533D003AE9BD4AAA3A3EB86351BEF2FE6EBE5ABC473E02F42CBE16BF753E106AE33D189BC53DA09DFDBCE09B403DA04C833D08C3F0BD8C6E3C3EA0571D3E40D4703C40CD923D0092F8BC20F0B8BDC85445BE70B0C4BDC02875BE3C03A1BDE0EF053E1062783ED6416ABE9CCF54BE304B533EC0B9B4BD0054B13914A2203E40C1623E20E6C13DD8A57D3DC086C5BB8071CE3B6897CE3D2CCF70BE4AD277BEF49D2C3EA6977ABEB287063E284D393EA8C3293E342B9C3D208AE33C1074EC3D608C183EC0F9003CD03338BE82451F3E7026E43C56361A3E668E2BBEE0F87FBD3E7424BE80996A3C208C593EC8A1423D0A9C593EC2173C3E0A1530BEBEBD753E0081633C4258563EB049463D00D62EBD4053593E426C3DBE80C0B73BB0700FBD6013393CC0E492BDAE404B3EC01756BC1C8FD33D947BDC3D5A40693E501AB83D80327FBEF23A54BE4EDC71BED0F97ABE7EFE54BE80CE6EBB7C4A723E44AF25BE8866D73D909CE9BDC451463E2A7F263E5CE5ED3D2287613E761541BE026159BEFAC902BEC88A4F3D2A51623E7605293E180AA03D18CA35BD5A5A11BE2C987E3ED21360BE569730BE98A8163E2CB5473EF090863D801D8FBB2053F3BC605F053D8ECE00BE52187D3E8AAC7F3E6425C6BDEABD313E686473BD6CB439BEE8CD2F3D30B543BD34E3543E30ED8D3C909A60BD185B4BBE2079273E02DD2A3E9806103D206BB3BCDC87ABBDF8596D3DD8AB753E08B628BDC0DBBA3CBAE673BE8CB5823DE05DDBBD30C972BD90C307BEE6126D3ED0522E3E4C7DDCBD98257BBDF4F29B3D64ABC03D500BF1BDD0EECF3D70D0223DE01B133EE6560ABE8C4B25BE180EEE3DA0D21FBC101CDFBD90EC483EA0D1E3BC9AF72ABE902712BD4836EDBD90D3B0BDC6BE52BEBE594C3EBC40613EF0F557BED624203E08A7953D209FCFBDC42A96BDC08D2E3DC03D593DB857593EC49E743EA0646C3C54CD703E346717BE80B20A3B506E53BE1444F53D703C4C3D90121BBE3C5643BEA8534BBDC061C1BD84A5D0BD1CF65EBE681B23BE7479543E14D1FBBD0067D03DD07B8B3CF0C40BBDE47FA73D80C4403EE0899F3D9003DE3C20CD4F3EF077A93C2014613DC89A793EFA5339BE0AFB393E88F4F5BDA06052BC9C2714BEFEEA283EACE64DBEB0D4E2BD80ED303D4CF3C3BDF010DC3CCA116B3E2E6E62BE165726BE481247BEB6CC743EB885783D8AF638BE0AA45EBEDABB3D3E6E196B3E06E91ABE840A833DA8377EBDFED4173E4A400FBE44D62E3EB09B7F3E1A0A1B3EC8332FBDC0EC053D04EBDC3D3A9713BEB886EEBD246D7ABE50D2343E24E5EDBD82F45B3EB0D848BD942BBDBD1E57023E1037C7BCAE8D2DBED0FCDB3CE867EEBD044339BE0C8621BE80B3B13DC05DAC3C2083CFBDD0C2B63DE845A0BD649545BE7CD6AF3D",
      torch_tensor_16_torch.float32_2: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_1: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_16_torch.float32: "0x040000005047133DF0BCB3BDC8AB22BD8012A3BBDAFF12BE1CB031BE6656533E4C17573EC002F8BBEE955D3E1A45453EEA3F21BEA472CBBD34D52FBED888A53D402DCF3BA86D0CBD50123E3E2C20C8BD421B0CBEFAFB35BE123C02BE7ABD763EF8EDF8BDE4E08CBD08C4E63DCE9D44BEA4611BBE0A6B3C3EC05FC4BD1CD704BEC07B04BD78E911BDC0233B3DC8B5BB3D486345BE9CA4683E906473BE1868AD3DCC7690BD2037D8BDB8776F3EFAB176BEC0DE8B3C760A243ECCDC643E226D58BE40C0F63C00487D3E6AC27ABE301D7A3DF46620BE983B263DD89267BEE0E7FB3DD02963BD20FF183E006076BBE8F511BD289C78BD76676ABE447AD9BDA007083CB20D46BE76AA603E607E26BE9C78C7BD38F008BD44604FBE807201BBD48CF6BD304856BE00F0C83B42A2623EC8287C3D6825533E003920BB40B5B2BD44534E3E185308BEB0D36CBE901D603DF82AFF3D1C0719BEAC34B43D24A6B5BDA07DF8BC68BB62BDB0065BBD3C4C50BE30F77A3DACAD86BD28BF433ED0EA2A3DBA5C51BECAC042BEFA6A05BE642FF53D084925BEE439EABD20E8393DF87B31BE2C1FFCBD1223683E785807BE7C95AABD6217373E5076653D2EEF483E8E8861BEC0EBFF3D00A11CBD660124BEAC49DBBD489F77BE2E18313E807C44BDF6047BBE7AEF5A3E04D0253E00B4D33D128E7A3E8E2E673E3A3F6F3E2A41653EA00B503E3809863DD082ABBCA0C41B3C98C6D4BD3091F03DC053ED3B9896713DDCE624BE58C8C0BD84EC3F3E0031C73CE0AFB03D6A7D5FBE7440DBBDC07DD0BB70E8D6BC926A233E88839ABD2CA8553EB00C46BD5024C73D2E3B34BE98CE2D3D789579BE24A55BBE62D723BE84568F3D00BC9E3CF036C63C1007E0BC9A1A573E12C77A3EC470D93DD4954B3EC06E4ABC3C3ABCBD3813473D4454283EC8421EBDA09044BEB014A93D508482BD5876F6BD02B2213E00070BBC005612BEEA2E19BE3417713EBC83263E2A9137BE00A0FA38403BB1BB540DF43D22415BBE8080733BE897AA3D7847023E2025D63C90C8FDBD84C375BE165F0A3EF6B7693E3C959ABD82C664BED0CD953D327B33BEEE4227BE60908B3DC07BC2BC604E8BBC689E653EA89C33BD6CD41B3EAC589FBD9C7D3E3E74329C3D021F643E3893B23D005CB5BD3C28DF3D421B5A3E0015423DF40BEC3D1A1A34BECAB50A3E76FE71BE3C4F623ED877D33D90C6863CA29A6FBEE4CB683E743C233E92FF6B3ED445C93D1C6EAC3D08A084BD88D1D1BD54F5CA3D7890B13DE0CA04BC40E0223D04E1AF3D266377BE566462BEE04B88BDF2592E3EB4CBF93D9E5774BE30BA99BD007CD8BC6C29A83D6470513E002CB33B4E4447BEA0537B3CE4B6C5BDCC731CBEBECB0D3E909309BDE4EDF13D2656473EE047C93C1031103E64CFF1BD3AE70E3EE0A2233C9A1E2A3E50C0743EFEA641BEB206733E",
      torch_tensor_48_torch.float32: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_48_16_torch.float32: "0x0400000000FB9A3D8F294FBD7076AFBB6F2ABDBD6D2AF8BD755F353ED68B063EF5670ABEC8288ABE194E193EB23490BE15FD5DBCABE386BE2144833ED84D7F3E85D680BE76C091BE636039BEC908AD3D89CA1CBE885595BDF7F29EBDE50C663DC14D14BEAA990E3E7D5C60BE7845DFBC1268833E8D202DBEB18C703EA92E233E098ECABD0472D93D04D153BE6ADFC93CC19FB13D0299873E89722FBE685032BE987C1CBEEBB798BE0F9F7D3D6DC481BE3E55A8BDB5E40BBE8F3D8C3C8238BE3D57D763BEBD1EB9BD9424F1BCB63F35BE39DC903D8823E83D45735FBE9A89763E38CC5E3E1663BCBDE89A3A3D90B3183D43092DBDD16C52BEF32D813E974A1A3E6E0183BE8CFE72BE2414953EAD2A483D031190BD8A7E543ED524B43D8319E13D48BD783E07C4C3BC3661953ED63C5CBE31C93EBED77F543D284218BD47EB323E6684AABD0D36453D284C82BD94626B3E3686A4BC8A009A3B86B1653EE367983EED00963E724699BE892A31BEC42A88BD4C7481BD3E5C353E639B0D3E714FCEBC8DAEED3BB95A863D7124873E547A223E60261EBE329D20BE184FC63DB0B3FDBC322549BE37BB97BECAA4333D6A1EB7BDFD6C36BE82EA6B3D58A8983E4535823EE8C3323EF9776CBE8EF1323E742A223EA537D13D75349CBDEEB4AEBB8F0F2ABE7F408DBD13734EBD4AA831BD5D039CBEE538DD3D014480BECC786ABE87D2FE3D965380BEB68D953EA71C963E7A45C7BD9A2358BD0EDF6FBE46119B3C2F4D653D80FE2BBE7CA3C43DF80F41BCCBD8B8BD8CD88ABA5FF597BE2CDD5CBEE201263DCB64973ED0D639BE6500493E538EE53C78E406BE86E2AF390451163E9E34153DFEC58A3EED5A6DBD5B5F51BE37A98D3E6817B3BD1CF0463E76CE4E3E141D5E3D99AA80BEBEE799BEAFD8143E1E50993D386F363EFA2C8ABE0AC92CBD7B72873E9DB9243E6D47823EB329763EC6DC99BD138355BE03F53ABE31F8D43D04E8F8BD0A2A9F3AE723483D93A2423E01DC2E3E6FF2323E43E34B3C8101313E13C812BEB0FBFABD619246BDD91336BE0ED68B3EB22D40BDEB4DB63D10F81BBC0D3989BB741C27BE9326B8BC463A8CBE70EF15BEB548713E440A93BEDA614E3DA4CC473D570B96BEABF3743D2D94113E6916633E8FBE6A3D2F15753EFFD23C3C68EDEE3DD71DB93DEC2D67BE97A689BD19CB5CBEA69D733E1193153EDEF804BE5A8065BD3A66A73D69B088BE03A70D3CD08F153E01251D3D9EC9E6BC7E92493E3062083E885D8BBEF384383E224B77BEF21E303E6801843E9C29E73C67EED3BD81F421BEC9380BBE8D2D67BD5CFC01BEF99F9B3EE23D07BE142D023EE15F91BE64EA1E3E3865853E48C360BE13FE9FBD9C74953DDE0F96BE1F6146BEC915DA3D869E933E4C55BBBDCEBE36BB395597BE067996BE4856883EB008853E811CBFBD71F4F7BDEB5FA2BC307A113E887F97BE76AC2DBEFEB9CEBD147808BE338604BCD7B1643ECFE9883D1BDF8DBECAFD903E6E747C3E9D6FC53D1378193E396AEA3D1D7F803E3CC796BE062E43BE72441FBDF28F6EBD313A50BEEF5696BE46746FBEFEC842BD6413853E02DE4F3EA6BFB43D619140BE7E44FCBD58A2F13CFE4E91BEA10165BCDC077F3D34BB8D3EC99AA4BD15E1993EF13BBD3CB18659BE202A943EECE9873EDEBD77BE3EE135BEA3EA153E86EB40BE4530553EEC9815BE9B9EC2BDD402B4BDA28F953EA80CD4BDA8DC73BD6BB63D3EC78456BE4550C1BA852E72BE64B190BED12A8FBDBBA30A3DA8AF853EB05696BEB26FB4BDA104A53DC1C9EC3D042F373E1D1C7CBE3F4D99BD79FF903DE2547BBE7CFE1D3E139595BE19A4433E92DECB3D3B1EB2BD3C6FCB3D55C7843E12A6663EE92C3E3E988436BEAC31B43D164A6B3EA9315D3DE3944F3EE07242BE695E5C3E626726BC47A68CBE6D8DA2BDEF8E8A3E0910DBBD683659BD1ADAFABD3F7A2ABE8E46593D57333E3EB94B143D59B49ABC9A18913CD71D6BBE643325BEAC067B3C449B7ABE624B1B3ED5273F3DDC4A533BEDF6A0BCB967843ED9118F3E3C17193E33B91B3EBF0618BE192B003E611054BE8280073EAEA25EBE3284DBBACA3E633E5D32503E579D8A3E56E8D53D1A6AF33DB128A83D8DF2643E3587243E7307B93D7DCBDABD4BBD17BEAA089BBD84A1153E7EAB2ABEF651AB3DF927893E04BE843ECBD666BE73BCB23D00034D3E29658EBEA262483E495C43BE6DB362BEB8E704BEC4DCEBBDD9A001BE5D88B43D64EDF23D59B5F33D3379583E516046BEEFDA94BEC1867BBE99532CBEE2690FBE75C5093E95E462BEEA3C65BE65E8273ECC7F47BEAE3A6B3D20116FBEE942EF3D13EB433E5EDD83BEC14CD53D9E6024BE30FB463E60FF8C3EB04084BEE58DEA3D63BE533E3D878E3EA5CC6C3E10A7763D0BA3923C5E33813D5DEC3ABEE4B875BD02BB9ABB956646BEEA6D5EBC849A26BD0C87DBBD2199C0BDF4209CBE0866953EC88A1A3ED3AC623E3F7285BEE77999BE312A693EF33A5CBD687E433DF8371D3EDC48A03C542426BC4A4D3A3E337A7A3EB4BFAEBD76D785BE37EC2BBE500F603E821BDA3C183B863EAF5BDBBD638A94BEBBBBC23DE99B05BE0C733BBE7A78433E336EAE3C742ED6BCC5AB983ECF90883E0C1180BE0B1C90BE090B1BBE4F6F73BE63D024BE1A87533E02A050BE9EC78F3E05A6C33D7AE3593C2485563D475B843D4DC3C93DFDFE7EBE0A7FAEBB46FE4F3EC6BF9B3E24B184BC87FA5FBE2118103E196F8FBE1FBB8B3E18B4403E6C380D3E664F2B3DF6EA633E7D4FFDBDD8C182BE66512DBE7C50693E31B31CBEAC007ABE015A893DFEC242BE145754BC7C0147BEC87D843D26BD4CBD2279253D7CED103E2BE249BE17CCD5BD591251BE9C8B823E5185E0BD3527EC3D66B8903DEBA99ABE6E955EBE2528A1BDD15B70BE7840263E6B16453E333F13BAB490193D973FA53DAF8FD03D5A9372BD88BDF6BDD7DD41BEB1C1473C4EED773E29E41BBDF7E3863E3557DB3D0F5321BE5A91F33DCB2CFB3D858A0BBEB0D35BBDFE3E02BDBE5BDD3D82A6743E57E989BDCCE14B3E690E293EF9D587BE7435653E122F4BBCCE00723E1839743E03CE97BEAC8E82BE46C20EBD8D80C93DAA9847BD1EEC96BE4D8C2A3E954933BE5D560E3EB3755D3EDD80D3BD2CD33C3EE1C5263D4DDCC4BDB9B6A23C9B7FE13D0F7E203EE9E933BEFF596A3E344A14BE230B87BE028A07BE28CA8ABE6D94AF3DC1DBA83CED4974BC8C3254BE7548253EAD634D3D13619DBDEF325E3D3929DD3DB95E3CBED89BB4BDD1610EBE3BC08A3EB20D9B3DEB9E6CBE856D5D3EEE2347BD61A3AC3CBF44223D057912BD0C69943E59D0073E3502873D23FAE3BD6653903DB34964BE84CDD8BDE7F91E3E754A9ABED969FCBB831DE7BDDA2E203EEAD843BEED12593DA6C7B4BDBB84833ED1223BBDACF564BE74D0C2BD74075D3EE514F03D9242863D7282433E3B27F23D36CC20BD590F26BE0E0596BE0CC8163E3183743EC4AAEFBDD6EB0CBE9A3B583DF2BFE7BCC8BC703E72AFADBB7F1A17BCA2BE91BEDC64BF3D50758B3A50EF933D66B03F3E8362053EF3E1183A6B41C1BCD45C1EBE05918D3E067C823E149DA2BA7B959C3E4BA9893EE540343E882B213EA441F83DBEFF5BBD0C43F93C66137F3EF25053BD6AB3C33D7A5FCABDCDCF4D3DB118363E4DFF423E296B193E0F31153E228996BD3AC08E3EDC495C3E7668943E34817DBED3130EBE0F2C82BED331DE3CD9916F3E904A56BEB61CA43D47C2C8BB61F591BE8EFE44BC284013BD701118BE4CAA43BECE5B393E52B300BD159078BD0B57AEBDCF5A20BD03F6ACBD18D53BBECFC5053E765294BBB8308CBEAF711DBEC5DD7FBDE72CEFBD5DED933DEFA8923E5F4962BE623993BBBB36883E10C336BE0AB674BE4141A73D0FCC69BBA73F83BBF3FA443E882386BED6933BBE779B593EFD1D5CBEFB5F28BD8F90113E6E392BBE682273BE563C3BBE3A5269BEEC5686BEC4884DBDE08491BE94B33EBE0F1CB93CD2FA913E23949A3E8E09833E8DD70A3D9E38433E6A0DC4BD009549BE07591D3EBA60F73DA9B8DC3D08E6113EB7929DBD95A5663E89DF2A3E586B08BE716C663ECDFBE13D26FD2A3C87B6963B4ABE863EFFFB223C8A86DC3D5FCE643EF893873CB6048E3E4A9739BE1911F5BC0DD5CA3C0904883C7CE663BE8C99953E25EF2FBEF34C623EF028FABD5C55F93D64C22CBE0D8B08BEAB52A53DAC9A573E0097C9BCF528EB3D91F22CBED337C63D2DE90CBDE2DE8EBDDD5E1A3ED026D0BD937B3FBE00DFB1BDC65B1C3EBA13963EC8B68D3EC3035B3EFA7D41BE03FF8B3E8C47FF3D89E95E3DC7C235BE"
    }
  }
#-}

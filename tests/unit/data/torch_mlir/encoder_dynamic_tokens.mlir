#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map6 = affine_map<(d0, d1, d2, d3) -> ()>
#map7 = affine_map<()[s0] -> (s0 * 2)>
#map8 = affine_map<(d0, d1) -> (d0, d1)>
#map9 = affine_map<(d0, d1) -> (d1)>
#map10 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @encoder_dynamic_tokens(%arg0: tensor<2x?x16xf32>) -> tensor<2x?x16xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.000000e+00 : f32
    %c4_i64 = arith.constant 4 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
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
    %dim = tensor.dim %arg0, %c1 : tensor<2x?x16xf32>
    %0 = arith.index_cast %dim : index to i64
    %1 = tensor.empty(%dim) : tensor<?x2x16xf32>
    %transposed = linalg.transpose ins(%arg0 : tensor<2x?x16xf32>) outs(%1 : tensor<?x2x16xf32>) permutation = [1, 0, 2] 
    %2 = tensor.empty() : tensor<16x48xf32>
    %transposed_20 = linalg.transpose ins(%cst_17 : tensor<48x16xf32>) outs(%2 : tensor<16x48xf32>) permutation = [1, 0] 
    %3 = arith.cmpi sge, %0, %c0_i64 : i64
    cf.assert %3, "unimplemented: dynamic negative broadcast sizes"
    %4 = tensor.empty(%dim) : tensor<?x2x16xf32>
    %5 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel"]} outs(%4 : tensor<?x2x16xf32>) {
    ^bb0(%out: f32):
      %135 = linalg.index 0 : index
      %136 = linalg.index 1 : index
      %137 = linalg.index 2 : index
      %138 = arith.cmpi eq, %dim, %c1 : index
      %139 = arith.select %138, %c0, %135 : index
      %extracted = tensor.extract %transposed[%139, %136, %137] : tensor<?x2x16xf32>
      linalg.yield %extracted : f32
    } -> tensor<?x2x16xf32>
    cf.assert %3, "negative values not allowed in new dimensions"
    %6 = tensor.empty(%dim) : tensor<?x16x48xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%transposed_20 : tensor<16x48xf32>) outs(%6 : tensor<?x16x48xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<?x16x48xf32>
    %8 = tensor.empty(%dim) : tensor<?x2x48xf32>
    %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<?x2x48xf32>) -> tensor<?x2x48xf32>
    %10 = linalg.batch_matmul ins(%5, %7 : tensor<?x2x16xf32>, tensor<?x16x48xf32>) outs(%9 : tensor<?x2x48xf32>) -> tensor<?x2x48xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10, %cst_16 : tensor<?x2x48xf32>, tensor<48xf32>) outs(%8 : tensor<?x2x48xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<?x2x48xf32>
    %expanded = tensor.expand_shape %11 [[0, 1], [2], [3, 4]] output_shape [1, %dim, 2, 3, 16] : tensor<?x2x48xf32> into tensor<1x?x2x3x16xf32>
    %12 = tensor.empty(%dim) : tensor<3x?x2x1x16xf32>
    %transposed_21 = linalg.transpose ins(%expanded : tensor<1x?x2x3x16xf32>) outs(%12 : tensor<3x?x2x1x16xf32>) permutation = [3, 1, 2, 0, 4] 
    %collapsed = tensor.collapse_shape %transposed_21 [[0], [1], [2, 3], [4]] : tensor<3x?x2x1x16xf32> into tensor<3x?x2x16xf32>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0, 0, 0] [1, %dim, 2, 16] [1, 1, 1, 1] : tensor<3x?x2x16xf32> to tensor<1x?x2x16xf32>
    %extracted_slice_22 = tensor.extract_slice %collapsed[1, 0, 0, 0] [1, %dim, 2, 16] [1, 1, 1, 1] : tensor<3x?x2x16xf32> to tensor<1x?x2x16xf32>
    %extracted_slice_23 = tensor.extract_slice %collapsed[2, 0, 0, 0] [1, %dim, 2, 16] [1, 1, 1, 1] : tensor<3x?x2x16xf32> to tensor<1x?x2x16xf32>
    %collapsed_24 = tensor.collapse_shape %extracted_slice [[0, 1], [2, 3]] : tensor<1x?x2x16xf32> into tensor<?x32xf32>
    %expanded_25 = tensor.expand_shape %collapsed_24 [[0], [1, 2]] output_shape [%dim, 4, 8] : tensor<?x32xf32> into tensor<?x4x8xf32>
    %13 = tensor.empty(%dim) : tensor<4x?x8xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<?x4x8xf32>) outs(%13 : tensor<4x?x8xf32>) permutation = [1, 0, 2] 
    %collapsed_27 = tensor.collapse_shape %extracted_slice_22 [[0, 1], [2, 3]] : tensor<1x?x2x16xf32> into tensor<?x32xf32>
    %expanded_28 = tensor.expand_shape %collapsed_27 [[0], [1, 2]] output_shape [%dim, 4, 8] : tensor<?x32xf32> into tensor<?x4x8xf32>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<?x4x8xf32>) outs(%13 : tensor<4x?x8xf32>) permutation = [1, 0, 2] 
    %collapsed_30 = tensor.collapse_shape %extracted_slice_23 [[0, 1], [2, 3]] : tensor<1x?x2x16xf32> into tensor<?x32xf32>
    %expanded_31 = tensor.expand_shape %collapsed_30 [[0], [1, 2]] output_shape [%dim, 4, 8] : tensor<?x32xf32> into tensor<?x4x8xf32>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<?x4x8xf32>) outs(%13 : tensor<4x?x8xf32>) permutation = [1, 0, 2] 
    %expanded_33 = tensor.expand_shape %transposed_26 [[0, 1], [2], [3]] output_shape [2, 2, %dim, 8] : tensor<4x?x8xf32> into tensor<2x2x?x8xf32>
    %expanded_34 = tensor.expand_shape %transposed_29 [[0, 1], [2], [3]] output_shape [2, 2, %dim, 8] : tensor<4x?x8xf32> into tensor<2x2x?x8xf32>
    %expanded_35 = tensor.expand_shape %transposed_32 [[0, 1], [2], [3]] output_shape [2, 2, %dim, 8] : tensor<4x?x8xf32> into tensor<2x2x?x8xf32>
    %14 = tensor.empty(%dim) : tensor<2x2x?x8xf32>
    %15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x2x?x8xf32>) outs(%14 : tensor<2x2x?x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.truncf %cst_15 : f64 to f32
      %136 = arith.mulf %in, %135 : f32
      linalg.yield %136 : f32
    } -> tensor<2x2x?x8xf32>
    %16 = tensor.empty(%dim) : tensor<2x2x8x?xf32>
    %transposed_36 = linalg.transpose ins(%expanded_34 : tensor<2x2x?x8xf32>) outs(%16 : tensor<2x2x8x?xf32>) permutation = [0, 1, 3, 2] 
    %17 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_36 : tensor<2x2x8x?xf32>) outs(%16 : tensor<2x2x8x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.truncf %cst_15 : f64 to f32
      %136 = arith.mulf %in, %135 : f32
      linalg.yield %136 : f32
    } -> tensor<2x2x8x?xf32>
    cf.assert %3, "unimplemented: dynamic negative broadcast sizes"
    %18 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%14 : tensor<2x2x?x8xf32>) {
    ^bb0(%out: f32):
      %135 = linalg.index 0 : index
      %136 = linalg.index 1 : index
      %137 = linalg.index 2 : index
      %138 = linalg.index 3 : index
      %139 = arith.cmpi eq, %dim, %c1 : index
      %140 = arith.select %139, %c0, %137 : index
      %extracted = tensor.extract %15[%135, %136, %140, %138] : tensor<2x2x?x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x2x?x8xf32>
    %collapsed_37 = tensor.collapse_shape %18 [[0, 1], [2], [3]] : tensor<2x2x?x8xf32> into tensor<4x?x8xf32>
    cf.assert %3, "unimplemented: dynamic negative broadcast sizes"
    %19 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%16 : tensor<2x2x8x?xf32>) {
    ^bb0(%out: f32):
      %135 = linalg.index 0 : index
      %136 = linalg.index 1 : index
      %137 = linalg.index 2 : index
      %138 = linalg.index 3 : index
      %139 = arith.cmpi eq, %dim, %c1 : index
      %140 = arith.select %139, %c0, %138 : index
      %extracted = tensor.extract %17[%135, %136, %137, %140] : tensor<2x2x8x?xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x2x8x?xf32>
    %collapsed_38 = tensor.collapse_shape %19 [[0, 1], [2], [3]] : tensor<2x2x8x?xf32> into tensor<4x8x?xf32>
    %20 = tensor.empty(%dim, %dim) : tensor<4x?x?xf32>
    %21 = linalg.fill ins(%cst : f32) outs(%20 : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
    %22 = linalg.batch_matmul ins(%collapsed_37, %collapsed_38 : tensor<4x?x8xf32>, tensor<4x8x?xf32>) outs(%21 : tensor<4x?x?xf32>) -> tensor<4x?x?xf32>
    %23 = arith.muli %0, %c4_i64 : i64
    %24 = arith.cmpi slt, %0, %c0_i64 : i64
    %25 = arith.select %24, %c4_i64, %23 : i64
    %26 = arith.extui %24 : i1 to i64
    %27 = arith.muli %25, %0 : i64
    %28 = arith.addi %26, %c1_i64 : i64
    %29 = arith.select %24, %c4_i64, %27 : i64
    %30 = arith.select %24, %28, %26 : i64
    %31 = arith.cmpi sle, %30, %c1_i64 : i64
    cf.assert %31, "must have at most one inferred (negative) dimension"
    %32 = arith.muli %23, %0 : i64
    %33 = arith.divsi %32, %29 : i64
    %34 = arith.select %24, %33, %0 : i64
    %from_elements = tensor.from_elements %c2_i64, %c2_i64, %34, %34 : tensor<4xi64>
    %reshape = tensor.reshape %22(%from_elements) : (tensor<4x?x?xf32>, tensor<4xi64>) -> tensor<2x2x?x?xf32>
    %35 = arith.index_cast %34 : i64 to index
    %36 = tensor.empty(%35) : tensor<2x2x?xi64>
    %37 = linalg.fill ins(%c0_i64 : i64) outs(%36 : tensor<2x2x?xi64>) -> tensor<2x2x?xi64>
    %38 = tensor.empty(%35) : tensor<2x2x?xf32>
    %39 = linalg.fill ins(%cst_0 : f32) outs(%38 : tensor<2x2x?xf32>) -> tensor<2x2x?xf32>
    %40:2 = linalg.generic {indexing_maps = [#map3, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%reshape : tensor<2x2x?x?xf32>) outs(%39, %37 : tensor<2x2x?xf32>, tensor<2x2x?xi64>) {
    ^bb0(%in: f32, %out: f32, %out_55: i64):
      %135 = linalg.index 3 : index
      %136 = arith.index_cast %135 : index to i64
      %137 = arith.maximumf %in, %out : f32
      %138 = arith.cmpf ogt, %in, %out : f32
      %139 = arith.select %138, %136, %out_55 : i64
      linalg.yield %137, %139 : f32, i64
    } -> (tensor<2x2x?xf32>, tensor<2x2x?xi64>)
    %expanded_39 = tensor.expand_shape %40#0 [[0], [1], [2, 3]] output_shape [2, 2, %35, 1] : tensor<2x2x?xf32> into tensor<2x2x?x1xf32>
    %41 = tensor.empty(%35, %35) : tensor<2x2x?x?xf32>
    %42 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%reshape, %expanded_39 : tensor<2x2x?x?xf32>, tensor<2x2x?x1xf32>) outs(%41 : tensor<2x2x?x?xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.subf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x2x?x?xf32>
    %43 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<2x2x?x?xf32>) outs(%41 : tensor<2x2x?x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.exp %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x2x?x?xf32>
    %44 = tensor.empty(%35) : tensor<2x2x?x1xf32>
    %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<2x2x?x1xf32>) -> tensor<2x2x?x1xf32>
    %46 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%43 : tensor<2x2x?x?xf32>) outs(%45 : tensor<2x2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %in, %out : f32
      linalg.yield %135 : f32
    } -> tensor<2x2x?x1xf32>
    %47 = linalg.generic {indexing_maps = [#map3, #map5, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<2x2x?x?xf32>, tensor<2x2x?x1xf32>) outs(%41 : tensor<2x2x?x?xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.divf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x2x?x?xf32>
    %48 = tensor.empty(%35, %35) : tensor<2x2x?x?xi1>
    %49 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%reshape : tensor<2x2x?x?xf32>) outs(%48 : tensor<2x2x?x?xi1>) {
    ^bb0(%in: f32, %out: i1):
      %135 = arith.extf %in : f32 to f64
      %136 = arith.cmpf oeq, %135, %cst_14 : f64
      linalg.yield %136 : i1
    } -> tensor<2x2x?x?xi1>
    %50 = tensor.empty(%35) : tensor<2x2x?x1xi1>
    %51 = linalg.fill ins(%true : i1) outs(%50 : tensor<2x2x?x1xi1>) -> tensor<2x2x?x1xi1>
    %52 = linalg.generic {indexing_maps = [#map3, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%49 : tensor<2x2x?x?xi1>) outs(%51 : tensor<2x2x?x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %135 = arith.andi %in, %out : i1
      linalg.yield %135 : i1
    } -> tensor<2x2x?x1xi1>
    %53 = arith.cmpi sge, %34, %c0_i64 : i64
    cf.assert %53, "negative values not allowed in new dimensions"
    %54 = arith.index_cast %34 : i64 to index
    cf.assert %53, "negative values not allowed in new dimensions"
    %55 = tensor.empty(%54, %54) : tensor<2x2x?x?xf32>
    %56 = linalg.generic {indexing_maps = [#map6, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2 : tensor<f32>) outs(%55 : tensor<2x2x?x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x?x?xf32>
    %57 = arith.cmpi eq, %35, %54 : index
    cf.assert %57, "mismatched size for broadcast"
    %58 = arith.cmpi eq, %54, %35 : index
    cf.assert %58, "mismatched size for broadcast"
    %59 = tensor.empty(%35, %54) : tensor<2x2x?x?xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %56, %47 : tensor<2x2x?x1xi1>, tensor<2x2x?x?xf32>, tensor<2x2x?x?xf32>) outs(%59 : tensor<2x2x?x?xf32>) {
    ^bb0(%in: i1, %in_55: f32, %in_56: f32, %out: f32):
      %135 = arith.select %in, %in_55, %in_56 : f32
      linalg.yield %135 : f32
    } -> tensor<2x2x?x?xf32>
    cf.assert %3, "unimplemented: dynamic negative broadcast sizes"
    cf.assert %3, "unimplemented: dynamic negative broadcast sizes"
    %61 = tensor.empty(%dim, %dim) : tensor<2x2x?x?xf32>
    %62 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%61 : tensor<2x2x?x?xf32>) {
    ^bb0(%out: f32):
      %135 = linalg.index 0 : index
      %136 = linalg.index 1 : index
      %137 = linalg.index 2 : index
      %138 = linalg.index 3 : index
      %139 = arith.cmpi eq, %35, %c1 : index
      %140 = arith.select %139, %c0, %137 : index
      %141 = arith.cmpi eq, %54, %c1 : index
      %142 = arith.select %141, %c0, %138 : index
      %extracted = tensor.extract %60[%135, %136, %140, %142] : tensor<2x2x?x?xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x2x?x?xf32>
    cf.assert %31, "must have at most one inferred (negative) dimension"
    %from_elements_40 = tensor.from_elements %c4_i64, %34, %34 : tensor<3xi64>
    %reshape_41 = tensor.reshape %62(%from_elements_40) : (tensor<2x2x?x?xf32>, tensor<3xi64>) -> tensor<4x?x?xf32>
    cf.assert %3, "unimplemented: dynamic negative broadcast sizes"
    %63 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%14 : tensor<2x2x?x8xf32>) {
    ^bb0(%out: f32):
      %135 = linalg.index 0 : index
      %136 = linalg.index 1 : index
      %137 = linalg.index 2 : index
      %138 = linalg.index 3 : index
      %139 = arith.cmpi eq, %dim, %c1 : index
      %140 = arith.select %139, %c0, %137 : index
      %extracted = tensor.extract %expanded_35[%135, %136, %140, %138] : tensor<2x2x?x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x2x?x8xf32>
    %collapsed_42 = tensor.collapse_shape %63 [[0, 1], [2], [3]] : tensor<2x2x?x8xf32> into tensor<4x?x8xf32>
    %64 = arith.cmpi eq, %34, %0 : i64
    cf.assert %64, "mismatching contracting dimension"
    %65 = tensor.empty(%35) : tensor<4x?x8xf32>
    %66 = linalg.fill ins(%cst : f32) outs(%65 : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
    %67 = linalg.batch_matmul ins(%reshape_41, %collapsed_42 : tensor<4x?x?xf32>, tensor<4x?x8xf32>) outs(%66 : tensor<4x?x8xf32>) -> tensor<4x?x8xf32>
    %expanded_43 = tensor.expand_shape %67 [[0, 1], [2], [3]] output_shape [2, 2, %35, 8] : tensor<4x?x8xf32> into tensor<2x2x?x8xf32>
    %68 = tensor.empty(%35) : tensor<?x2x2x8xf32>
    %transposed_44 = linalg.transpose ins(%expanded_43 : tensor<2x2x?x8xf32>) outs(%68 : tensor<?x2x2x8xf32>) permutation = [2, 0, 1, 3] 
    %collapsed_45 = tensor.collapse_shape %transposed_44 [[0, 1], [2, 3]] : tensor<?x2x2x8xf32> into tensor<?x16xf32>
    %69 = tensor.empty() : tensor<16x16xf32>
    %transposed_46 = linalg.transpose ins(%cst_13 : tensor<16x16xf32>) outs(%69 : tensor<16x16xf32>) permutation = [1, 0] 
    %70 = affine.apply #map7()[%35]
    %71 = tensor.empty(%70) : tensor<?x16xf32>
    %72 = linalg.fill ins(%cst : f32) outs(%71 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %73 = linalg.matmul ins(%collapsed_45, %transposed_46 : tensor<?x16xf32>, tensor<16x16xf32>) outs(%72 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %74 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel"]} ins(%73, %cst_12 : tensor<?x16xf32>, tensor<16xf32>) outs(%71 : tensor<?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<?x16xf32>
    %75 = arith.divsi %70, %c2 : index
    %expanded_47 = tensor.expand_shape %74 [[0, 1], [2]] output_shape [%75, 2, 16] : tensor<?x16xf32> into tensor<?x2x16xf32>
    %76 = tensor.empty(%75) : tensor<2x?x16xf32>
    %transposed_48 = linalg.transpose ins(%expanded_47 : tensor<?x2x16xf32>) outs(%76 : tensor<2x?x16xf32>) permutation = [1, 0, 2] 
    %77 = arith.cmpi eq, %dim, %75 : index
    cf.assert %77, "mismatched size for broadcast"
    %78 = tensor.empty(%dim) : tensor<2x?x16xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %transposed_48 : tensor<2x?x16xf32>, tensor<2x?x16xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %80 = tensor.empty(%dim) : tensor<2x?x16xf64>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<2x?x16xf32>) outs(%80 : tensor<2x?x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %135 = arith.extf %in : f32 to f64
      linalg.yield %135 : f64
    } -> tensor<2x?x16xf64>
    %82 = tensor.empty(%dim) : tensor<2x?x1xf64>
    %83 = linalg.fill ins(%cst_1 : f64) outs(%82 : tensor<2x?x1xf64>) -> tensor<2x?x1xf64>
    %84 = linalg.generic {indexing_maps = [#map, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%81 : tensor<2x?x16xf64>) outs(%83 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.addf %in, %out : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x?x1xf64>) outs(%82 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.divf %in, %cst_18 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %86 = linalg.generic {indexing_maps = [#map, #map10, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %85 : tensor<2x?x16xf64>, tensor<2x?x1xf64>) outs(%80 : tensor<2x?x16xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %135 = arith.subf %in, %in_55 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x16xf64>
    %87 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %86 : tensor<2x?x16xf64>, tensor<2x?x16xf64>) outs(%80 : tensor<2x?x16xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %135 = arith.mulf %in, %in_55 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x16xf64>
    %88 = linalg.generic {indexing_maps = [#map, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%87 : tensor<2x?x16xf64>) outs(%83 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.addf %in, %out : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x?x1xf64>) outs(%82 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.divf %in, %cst_18 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %90 = tensor.empty(%dim) : tensor<2x?x1xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x?x1xf64>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %135 = arith.truncf %in : f64 to f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %92 = linalg.fill ins(%cst : f32) outs(%90 : tensor<2x?x1xf32>) -> tensor<2x?x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%79 : tensor<2x?x16xf32>) outs(%92 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %in, %out : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x?x1xf32>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.divf %in, %cst_19 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x?x1xf32>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.truncf %cst_11 : f64 to f32
      %136 = arith.addf %in, %135 : f32
      linalg.yield %136 : f32
    } -> tensor<2x?x1xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x?x1xf32>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.rsqrt %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map10, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %94 : tensor<2x?x16xf32>, tensor<2x?x1xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.subf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map10, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %96 : tensor<2x?x16xf32>, tensor<2x?x1xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.mulf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %cst_10 : tensor<2x?x16xf32>, tensor<16xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.mulf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %cst_9 : tensor<2x?x16xf32>, tensor<16xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %collapsed_49 = tensor.collapse_shape %100 [[0, 1], [2]] : tensor<2x?x16xf32> into tensor<?x16xf32>
    %101 = tensor.empty() : tensor<16x32xf32>
    %transposed_50 = linalg.transpose ins(%cst_8 : tensor<32x16xf32>) outs(%101 : tensor<16x32xf32>) permutation = [1, 0] 
    %102 = affine.apply #map7()[%dim]
    %103 = tensor.empty(%102) : tensor<?x32xf32>
    %104 = linalg.fill ins(%cst : f32) outs(%103 : tensor<?x32xf32>) -> tensor<?x32xf32>
    %105 = linalg.matmul ins(%collapsed_49, %transposed_50 : tensor<?x16xf32>, tensor<16x32xf32>) outs(%104 : tensor<?x32xf32>) -> tensor<?x32xf32>
    %106 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel"]} ins(%105, %cst_7 : tensor<?x32xf32>, tensor<32xf32>) outs(%103 : tensor<?x32xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<?x32xf32>
    %107 = arith.divsi %102, %c2 : index
    %expanded_51 = tensor.expand_shape %106 [[0, 1], [2]] output_shape [2, %107, 32] : tensor<?x32xf32> into tensor<2x?x32xf32>
    %108 = tensor.empty(%107) : tensor<2x?x32xf32>
    %109 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_51 : tensor<2x?x32xf32>) outs(%108 : tensor<2x?x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.cmpf ugt, %in, %cst : f32
      %136 = arith.select %135, %in, %cst : f32
      linalg.yield %136 : f32
    } -> tensor<2x?x32xf32>
    %collapsed_52 = tensor.collapse_shape %109 [[0, 1], [2]] : tensor<2x?x32xf32> into tensor<?x32xf32>
    %110 = tensor.empty() : tensor<32x16xf32>
    %transposed_53 = linalg.transpose ins(%cst_6 : tensor<16x32xf32>) outs(%110 : tensor<32x16xf32>) permutation = [1, 0] 
    %111 = affine.apply #map7()[%107]
    %112 = tensor.empty(%111) : tensor<?x16xf32>
    %113 = linalg.fill ins(%cst : f32) outs(%112 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %114 = linalg.matmul ins(%collapsed_52, %transposed_53 : tensor<?x32xf32>, tensor<32x16xf32>) outs(%113 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %115 = linalg.generic {indexing_maps = [#map8, #map9, #map8], iterator_types = ["parallel", "parallel"]} ins(%114, %cst_5 : tensor<?x16xf32>, tensor<16xf32>) outs(%112 : tensor<?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<?x16xf32>
    %116 = arith.divsi %111, %c2 : index
    %expanded_54 = tensor.expand_shape %115 [[0, 1], [2]] output_shape [2, %116, 16] : tensor<?x16xf32> into tensor<2x?x16xf32>
    %117 = arith.cmpi eq, %dim, %116 : index
    cf.assert %117, "mismatched size for broadcast"
    %118 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100, %expanded_54 : tensor<2x?x16xf32>, tensor<2x?x16xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %119 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<2x?x16xf32>) outs(%80 : tensor<2x?x16xf64>) {
    ^bb0(%in: f32, %out: f64):
      %135 = arith.extf %in : f32 to f64
      linalg.yield %135 : f64
    } -> tensor<2x?x16xf64>
    %120 = linalg.generic {indexing_maps = [#map, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%119 : tensor<2x?x16xf64>) outs(%83 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.addf %in, %out : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %121 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x?x1xf64>) outs(%82 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.divf %in, %cst_18 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %122 = linalg.generic {indexing_maps = [#map, #map10, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119, %121 : tensor<2x?x16xf64>, tensor<2x?x1xf64>) outs(%80 : tensor<2x?x16xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %135 = arith.subf %in, %in_55 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x16xf64>
    %123 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122, %122 : tensor<2x?x16xf64>, tensor<2x?x16xf64>) outs(%80 : tensor<2x?x16xf64>) {
    ^bb0(%in: f64, %in_55: f64, %out: f64):
      %135 = arith.mulf %in, %in_55 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x16xf64>
    %124 = linalg.generic {indexing_maps = [#map, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%123 : tensor<2x?x16xf64>) outs(%83 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.addf %in, %out : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %125 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<2x?x1xf64>) outs(%82 : tensor<2x?x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %135 = arith.divf %in, %cst_18 : f64
      linalg.yield %135 : f64
    } -> tensor<2x?x1xf64>
    %126 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125 : tensor<2x?x1xf64>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %135 = arith.truncf %in : f64 to f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %127 = linalg.generic {indexing_maps = [#map, #map10], iterator_types = ["parallel", "parallel", "reduction"]} ins(%118 : tensor<2x?x16xf32>) outs(%92 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.addf %in, %out : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %128 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%127 : tensor<2x?x1xf32>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.divf %in, %cst_19 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %129 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<2x?x1xf32>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = arith.truncf %cst_11 : f64 to f32
      %136 = arith.addf %in, %135 : f32
      linalg.yield %136 : f32
    } -> tensor<2x?x1xf32>
    %130 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%129 : tensor<2x?x1xf32>) outs(%90 : tensor<2x?x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %135 = math.rsqrt %in : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x1xf32>
    %131 = linalg.generic {indexing_maps = [#map, #map10, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %128 : tensor<2x?x16xf32>, tensor<2x?x1xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.subf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %132 = linalg.generic {indexing_maps = [#map, #map10, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%131, %130 : tensor<2x?x16xf32>, tensor<2x?x1xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.mulf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %133 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132, %cst_4 : tensor<2x?x16xf32>, tensor<16xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.mulf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    %134 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%133, %cst_3 : tensor<2x?x16xf32>, tensor<16xf32>) outs(%78 : tensor<2x?x16xf32>) {
    ^bb0(%in: f32, %in_55: f32, %out: f32):
      %135 = arith.addf %in, %in_55 : f32
      linalg.yield %135 : f32
    } -> tensor<2x?x16xf32>
    return %134 : tensor<2x?x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32_5: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_4: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_3: "0x04000000A40D923CCCD4053EFB96C33D8975973CD878003EB9FB2ABE6053F83C47EDA0BBEF7CE6BDCD30FFBCE5725DBD95082EBEB1DD583CE368343E2EB1F3BD1A33A6BC",
      torch_tensor_16_32_torch.float32: "0x04000000127B1EBE557C2BBED18C003E832229BE72BC633D1001073E8627FA3DC846CBBDCF8B703C3FFAFD3D109B2CBE5C2DB6BC93B017BE6B4124BE20D0AEBD828C99BD5FBB343ED7491D3BBF7E87BD0C5F443BD8ABA33D3FC7283E8618833CA1F30A3EE1C76E3C3488E83D20EC21BE9F1F0E3E33167ABD0AD698BDD21EF3BDD0FE953D72A71E3E1FF9B73D2C9FBE3D5851AEBD2A470ABEAC8F573BB7905FBDA2BECC3DB7B0493D42B67CBC960704BE3B5FAC3D60D28DBDDB63393CC1D937BD0DC4233E7787C23D081CC1BD9FC40F3DAA538EBD5C9512BD34ACDF3DC19C3ABC9DD52C3C5438163EC8694E3D3E21AB3DD244C2BDC5ED1D3EBDD7B23D6A76D1BD893D20BE1CB0F9BC960B23BE2E2DE53CB817023EE028F7BDDF1525BE8AEDE23DE072E7BD50979D3C8CB050BD6A22C03DA6E1103E12B5043E25C532BEEF289CBD48E82B3E11EA003ED4D4C6BDDB0B1EBE8CE7ED3DD8B222BDD0FAF63D1941AFBDA7D5233E900BB23DD87333BD21644DBDA1F3333EC6CA8F3D71AEF3BD6930E43DF31B01BEC76F26BBEB5D88BDC9452DBECD1B143ED989113EB618D33D9A0C0EBDF01089BD8D9471BD8DEEE53D703B1A3ECC3F143EFA9B1DBD773A7D3DBE87E3BC3F015D3D8543FE3C735B17BEA2A40E3EF096C9BD4D0286BC755FD5BD651E76BD6A940A3E84A9043EB6D11A3E11511DBE5642153E24ABE8BD549B51BC9718103E75EFC33CE292823DE979243D3F2115BE2891A0BD9F1660BD1AF182BB7332ACBA1285E7BDF063EF3DA1E66B3CDEF88F3D40164A3DEC162DBE5DCCC83CAA6D2ABEB1F91D3D9ED0243EEEA0073DF536A43D751B953D6F5200BDCD5BB33B2C616E3C77B1043EDF93A93DFAD61C3E5A98C7BD3AC9D0BDC88DE8BDD6270C3E58109BBD588AF13DC1C3F5BC2EC916BE070A3ABD6E7AE5B972188E3D86D02DBECACD18BE8D1BC23DDA2CC7BC196601BD7A0D06BE8D22D03D8EA4133E806F53BD19AB283EA20027BE11D3F3BD9D41CD3D68C3D6BDB7CE963D95A2BDBD89E617BEC5BCED3C64F2C03DDBECCFBD872E95BC533B253DE26B323EB1C9113D26C2303CB19EACBD308EA1BCF0319E3DCE101F3E156385BDF77D0F3E5E86F5BD4D66803D257C2BBEE203333E3F93FE3D5864DD3DB3645ABD147C863D3CAAECBC7941853DF0E3EF3DF2D2173E08B9373C780EA53D98F0E3BD7E41923DEE1581BA658A8FBB91CD05BE2ADADD3D53282CBE0800C0BDD519293E5E7B263EE3A9C33D0A30DFBD05D12C3E9D1B50BDBAD201BD3D29ED3D2A8192BC3EAD7CBC66D11F3DBD862B3E5E3C043EAFBBFABDE851363C1463C7BC4491243D86CAC13C139D893DA928D8BD5868F4BC0A42BB3C967501BE30A8233DE10021BEEC6CE6BCB32E27BDCB5ABE3D2B88DABD810F88BD3ECCEA3DE364BF3DFFD8283E568BE9BCD85C473C5ED7CABD176D043E6B1C283E4813003E063F953DF922CBBD3AAFAFBDEDF204BD32DDC93D8BAF6FBC7820A7BC2B19393DEAAD873D605409BD173BD0BD1980223E0456C3BDD0FC1F3EE21524BE85E90BBE84E356BD8368DC3D6AEC9A3D2FB2953C82D1B43C5F1A6EBB43510BBEE1EA5DBD0524243DD63DA7BD1C7B2C3E071CF7BCC9A629BD09DAC5BDC669B83D3CCC2E3E950F203E833D24BE33B57CBC3DFF1DBDBA1435BDC41B23BED9D3343E5094123ED6C9FEBD703BE43D9D7855BD402C253E163DABBBD307BD3D1D5334BCE34657BDA27D27BEE5E707BEDDF72A3EEAF0273EDDE02D3EBA6E033E8B2323BECB63E7BDE87F1E3DC04827BE5A76DFBB97056C3D772C62BD9FFAF93C6F584A3C533A8BBD14BEAD3C5F9D183D997317BE89E2263E2CBC333E9EBA14BE787C2DBDD3B3A0BB1D0AC7BA91987FBDAA73403C8886563D4890593DC207CC3DBB5C093DFF7F763D570AC2BC601F3EBD0BE8A63D19990E3E3408F33A2D650CBE5952693D97370EBE8B466A3DDF9B2C3EF8EEF4BD4242C8BC4995293E114A923D75FA2C3E52BBAABDB1B9A2BC83EAF7BD0F69C4BD88A91B3DC29E123E01CF213E2FDB86BD6E85193EB52001BE028B29BED112BF3CC2A3283E10770A3E401404BEC3F716BD592A203E5058BD3D8603763B1F9EA1BDC23EE53D93E2183E0BC7E93D082D983D53A7A3BDA9E32FBE2C1D233E7434293D16A0B63CAABA873D998888BD1E3303BE2FA2C53D16A0AEBCA9392DBEC11608BDD19BD9BC802904BE14500FBEB86D27BD366016BEEBF3B73D19D52EBECC52A4BDCEB803BECDB680BDBF9533BEB3D94ABD7820F0BD4591DE3D723A17BE00D6293ED7492A3E1B993E3D213383BC237FD6BD76E8A0BD6CF3F4BD8B25DB3C8BAD2B3E3E3572BD554496BD76C1203D9D6C29BEFA1D76BD1BE4FBBD284A02BED69E5ABD32900C3E20079A3DA161493D7AE0163EA765D33D719C08BB7462333D56D6C7BC7F04B13D8E5C223DE197903D575929BE394CC4BC4A7FC03D7684873DE37A343D953A93BD2478EA3DA9011BBDEE79C4BD6A4501BE16E3CB3A06F00EBEA97DE23DFB91C03C615819BDB77A1C3E266F4ABB6247AB3CE956ED3D7ABEF43C5BD6653A5C93253E3A050BBEB9F9B23D749D373D2781E0BC4FB86C3D5F3E6D3C9C2BE1BDEFACF4BD61BAB5BD3469233ECD5B0D3E51D89ABC00BDB63DB33EDB3DF486183E1EC93F3DBE1C0A3E9DF141BD3C5F183D6D91DCBDC32C17BEB9F01CBDB2BB11BECE7C703D9FCEED3DED88113D1D432DBEE0C4993D6096213EC31FE63C21E823BEE6FD13BD23B62F3EBD44CFBDBCA70BBEDEC9053EF8910B3E9F7C083BDD69293E3E2B1CBE76F3DE3D3ABF2ABEF15A5DBD0C12103E9DF4B1BD734307BE6D7CFD3CC6EE333E4E1285BD3CAE20BEC363CD3DE72F143EE6F7E7BD575BB7BDE47DAE3DD4C8223D5F330BBE77390DBDFA7B043D",
      torch_tensor_32_torch.float32: "0x04000000EE82523E6888693D084CD6BD445BD93DAC809C3D1C33BDBD10FD703D1CDE4A3E14D44E3E7A3956BE2005BC3DA08479BC0471E03D6412F7BD38B5C2BDD803443E2415273EDC4A9E3DFC97593E70BD36BE00F0643E1A8E76BE3075F93DFA5A063EFE98393E527B183E966D2F3E14114D3EA8A769BED444623EE81FBEBD58239C3D",
      torch_tensor_32_16_torch.float32: "0x04000000B43271BE00DFA3BB00EDE83BF82CAF3DE01F3E3DEE97483E1055D8BC30A728BD202734BCE8D11A3E1A8E60BEB4F8473E9C1FC3BD528A0B3ED83F2CBE0C50B8BDE093163C2029EEBC12EA22BE94FE66BEFCEE54BE7C43713EDCACFE3DF0C5A5BDBC7F1D3E208F0ABD60DE66BCCE7F1BBE46691DBEE2902B3EA4D87F3ED4A37DBE40F8FE3C90AD653D12CD0BBE1402E3BD1AAC3EBEB4518B3DC0FA743E9CB8B53D78CB25BD1072713D486826BE90D503BE6C9AA03D9CB85D3E00ABF2BB808D96BD7027C43CD0667FBE96DA1A3E646F1CBEC84FACBD260054BEB0DB963D7061DEBD8058953CA6F11BBEEA0B043E4E0E3ABE1EC154BE9E5471BEAED05E3EA01EF13DEE6D33BE68867CBDD034443EB4EE9C3DB243683E107E17BD60BFC5BCE8D33E3E20F628BC30005ABEC8F268BD4CAF3D3EF025D43DE04750BD02BA7ABE420D3C3EB0595EBD380457BD6A8C683E44810B3E08559E3DBC32AD3D40CF993B40DC9A3C387C05BE8886B53DD4DFFC3D44A00A3EDC9D01BE80AD6C3CB05F82BC163815BED8085E3D26290E3E5087B33CC04EE9BDC6444D3EAE9106BE9896C73D00EE073B2C1AB33DE8F5C53D222E6FBED0DF793D003836B980B44DBE24BB203E5052BF3C686793BD401E36BC969D343E6C41BFBDEC310BBEA4549FBDC8DB78BD5C53D83D409D3EBD4472EC3DE0714BBE8007FE3C3816463EE068D9BC6E9B4D3E5400A03D5CEA74BEEA3313BEB0B14B3E383D2BBDB4E2733E340E79BE243809BE1E28433EF4AE6B3E120C69BE94FCA53D3EFB7BBED68739BE3421E63D8866FEBDC07A9ABC8830BFBDCAAA66BE3C7266BE7419D33D040C1C3EA8D336BDB6774F3EBC753FBE282284BD0A815FBEF6276B3E088A413D609E013C6E2701BE549F65BE2E83613E6075E43DE8F53ABDA017693C8419903DA042F2BDFEAE793ED8641B3D60AE483C9893203E04A82CBECE88153E98DED7BD36F747BE304695BD846DCABD4CFE693ED871003DC83E30BEB8BC3EBE5A5800BE766C7DBE208A3EBC80436B3BE2816EBE1011433D987B59BD40BD26BD963258BEEE450D3E887415BD5805353D309D8F3CE4B0803DC0A6FC3DA83313BD78048ABD007553BCD65A54BE887B603DA878CDBD7017443EC2A3743E98377D3D64AFABBD54A58BBDC08E413E70334ABDF011F83DE05635BED81F38BD7CA6EA3D28A8343EA0DC63BCA0BEEB3CAC9C8FBDE8D4EDBD2E0E743E4094D8BD6474B3BD6E0D3B3E3E1C523E30DFAFBD0CE6BDBDF0C83ABEE00CFB3DB0BA45BD3034D3BD02E056BE740499BD6C1BA53D3A7258BE04DCF33D0E5B42BE4CCA753E3C0C30BEB8FB683EE0302DBD2C35143E70079BBC844DFEBD90242EBDE4BDD33DB280083E047A643E4021FF3B7C6BC13D3A59293E6012D3BDA0F8A5BDD4A7EA3D80627DBD785F913D50D5DD3D98F91CBD207990BDC453693E645AC83DA88778BEF6A870BE000928BD2EC319BE08BB4B3E46FE3C3EAE70263ED473523EF47E403E0448533E40AA123C14AE5D3EC06AAA3D60E6023E94C7FEBD7030DE3D10DF56BE8075943B1C8C0EBE50E6BF3C10CED03C9098DABC129D7E3E24416DBED8B17BBEB03E853CCA7428BE20E829BE3A3C19BE0A404E3E4ADE22BE949452BE949D373E369E24BEB085E5BCBE501ABEC087973D2EA65C3E1AA41ABE3A0D3ABEC4A0D63D386D1BBEF890C43D90131E3EEADA413E58D0033DF0316B3E28C888BD9AB2113E24D49EBDE6670ABEB81B993D2AF70A3E7CC3F03D2053273E00CCA4BAF815C93D86A6363EA6F52EBE408D46BDD68B1E3ED8B63ABDEC14583E54A5ED3DACC4D6BD16CE483E5887C7BDF851263E5ED6483E609D1E3E1A88473E004AA43C729A59BE9619483E70CEC43C60B2C9BDF0C11DBDA43216BE2881E53D9E5076BE5C59ED3D420D73BE6807F9BD40C52E3E889E1CBDBC38323E80534B3E2882A0BD809A693B686242BEACD19BBD2C3AC53D905B94BD94DA503E2E5A093E1AB0233E005A483ED020883C002E1FBC202F4ABD2A546E3E98FE2F3EB63C43BE44618F3D6C9C8CBD42B4583EA49513BE765A47BE4802633D52412FBEA8235F3EB6226E3E46D732BE48ED2CBD207302BD06A06DBEBCD541BE00506E3E26663C3E60E7B5BD6CCEC23DA84E5FBD109B1F3D308588BC38E3B33DCCD209BEE4FC5C3E80C331BD344C7C3EFA1A0EBE00EF36BD8E49383EBA736BBEB855673D8453EB3D60B13BBC16D543BE520C2ABEC08AF53D3A2779BE7A8C17BE4C7B2A3E002583BD9EBC78BE2419D7BD30F3013D60CFCABD1896F5BD725A12BE34B7583E2437543EE8FA2EBE0C48283EC289743EE0F5C8BD90B0C63D4E807EBE0A24503E4A2007BED0D55DBE5C351EBE8E8179BEF6BD633EC2DD67BE3E3F59BECC1A9B3DC215123E9875EEBD7C35F63D203FDFBCE85F33BEF895E63D4646013ED0696BBE70035EBE9038EDBCEE4C48BE989642BE38F31F3DB0549A3C30FFB83DDE3818BE7422EABD40B977BE00070B3E246A5EBE58283F3DA6353F3EEC1AC93DB07C143E164F573E007F113B3462CBBD00AE213B5ED94CBEF82A21BE7285043E2CFA2B3E58F9DE3D940E5CBEFE172FBEDAD5513E2010763CF0DE3ABEB8A8483DDE560E3EA09E0E3ECC72303EA804E5BD969F113E828435BED8A1023E48F743BE00A3E73A98D3643E86323A3EA8EFE83DC0DC8A3C70570D3E0081343B1650513E90C90E3EF89C7C3EFCC0A6BD2651063EC8173D3ED0F1F83DC45810BE4C6DBC3DB4FDFCBD3A7960BEE81E5D3E725471BE1433613E98D05FBD1C4A9ABDC80F30BE74D3B7BD9035663D226904BE6265633EC86EA63D06C9553E6E654FBE2CCB08BE80EB9BBB04469FBD941431BEECEED8BDCC6062BE7AF9633E6EB70F3E62B156BE06712BBE2CB5623E",
      torch_tensor_16_torch.float32_2: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_1: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_16_torch.float32: "0x04000000589245BDF030FFBDC491183E5EDB72BE80C8323C34F9383EB00B4BBEC86733BD04590C3E2CE0B2BD786EF2BDC258083EAA3E31BEA8737F3E3AA2653E805D373C103A253D646402BE88976E3D1A6941BED86C85BD98A94C3E6867953D5C7E393E4EEF283EE086743ED494813D14A03BBEE4B767BE3CC91E3E86EF4F3E9C0D7C3E2CF02DBEE2E1693EAC71B6BD909E853D8A60313EB08C45BE1EB675BED83C2A3EE0066EBEF81BF83D0E1E143EA8473B3EC0A4C53BF8CB82BDE089053D00CB0DBD3A4371BE9094713D9A3F16BE5E7C3D3E1C62F0BD18AE47BDDE9046BE84CE6B3E6C85143E1226603E5465153E74CD1DBE2A08723E78B209BD5A8A6B3E38680F3DAA1B223EDC36CBBDBC21C93D0027C5BADC504CBEEC4B463E885C0BBE72A229BE9C574D3EF8DD6ABEC4D1B03DB82F503E681923BD6E2A72BE4A7A4FBE80AD4ABCF08122BD1AC6313E7AA34C3E14511EBE804C87BDE22A49BED0F3633D64953B3E2C0FAFBDA0E8073C40139FBCAC065EBE4A87793E28F45C3D6826703E20935EBE10A795BD140387BD787CA83DE4AD81BD584613BEA6A6513E44FA483E34947E3E4EEA193E9667283E5C2329BE10E9983C048AA0BD0014B7BCE0C6A63CE8D5753D945317BEE06B26BDC060ECBD58C083BD90D724BE4EBA05BE3EDA32BEC8BC33BE60E886BC24A559BE3C1674BE2297333EF25638BE5639333E00CC8D3C78D615BD9013463E58E447BE0448F53DCADD2A3EF8334C3ECA0A6FBE6015423C301602BDE2F13DBE68D72E3EB84F34BD30262D3E70D809BE5012E3BD6481C03D90D7023DC6B7123EB86ADA3DB6EB4C3E3CB53CBE6861673D82243E3E2801E8BD70F61FBE9EE57B3ED06256BE06EF39BE169B58BE40607D3D885C783D0EB360BE4EC21C3E50C9923D1870AD3D38967ABEA4156ABE5C6852BE9815D2BD207663BE9EAC013EC8FF0ABDFCE9C9BD38725E3E8028073DE844043D68C10FBE7CBA96BDFE0E58BE1CE41CBE3A557E3EA4F626BEBC640C3EA2EF2F3EE232273E0A9B513E2AAB5B3E0A5F093E20815BBCA04683BD2E7074BE1EB3063E501668BD387F203DA84067BDD056253EA025023CAE64373E5E5C3F3E54679E3D60BDA6BC5812ED3D30EA16BE4008343E924F463E406B053D40B2CDBCD8717D3D5E5A613E689B713DC8A201BEB02B5BBDD6997BBE404DDBBB0E6569BE98CC663D78FA023D12616E3EA0DF98BDE0D956BC009C69BA3019BCBDB4D0B5BDC88BD3BD701AD8BDF011EB3C181FC53D282B4C3D3AA64C3EE03801BD944E953D08EB53BE5A91203EB8FF533E4001C43D8CCB24BE605F18BC5C9B55BE9EC268BEA281413E8412EE3DB483413EAE27253EB09C22BDC804ED3D1C48F3BDE05F50BE588D20BDA63517BE58A36E3ED62E50BE5EF36E3E30272DBD7061393DE4EA5E3E54E8ECBD98B4BDBD10D4D33D68B781BD",
      torch_tensor_48_torch.float32: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_48_16_torch.float32: "0x040000008E636C3E89D78EBDE1B042BDB03AB4BDA5739BBE543B393E380C0EBE4FED3B3E501E153E36EA293E81CADF3D96DBC93DD72F84BE9AD18CBC0BC101BE13196D3E0589F23DE6EDF93BF0F98DBE061890BE283283BECC575B3E9031443EF6E38ABE5CF286BE0287823E6BE4FC3D909345BE8EF210BD124D413E3CA9253EDCBA45BC906902BE15F6D2BDB64BBBBDD79742BEF8144FBE56F85D3E961E503DAFCBCD3D6DD963BEDE83683DC2A78B3E27BA2B3ED66F5BBC625610BE03F9963EB1DF05BEF9D8B1BD0F17703C86D6B1BD7EB745BC3C9693BD95FC39BE0770443B2329013E1F0C99BEDA06DB3D02DA353DCA9449BE4677653E43D54C3EB7DCC73D9F59FABD373C953DCDF5103E7EE539BD3FE406BED8E0BF3BEF2584BE6DB35C3ECE56F63CB38409BE27EAEE3C1B7724BE2C3541BD57C748BE4914A93D5FFF173EE9D7C1BD35BA283EAF5F5E3E0C268DBE47C04ABE9E33E53C4C7127BE8EB94F3ECC27893E322930BEF2B5193DC7D6A03C6296833E920D7BBEB704D83DCD1C5FBE6BB885BEA5398B3EF3E3373ED7DF9ABEC6773B3E6E1661BEC5AD843E01C94B3D525BC8BD88BAE93C050262BDC02C41BA7C4D57BE63B41A3E580459BE4A58AC3C953A63BEABF129BE88E50F3D6D61E13C70408EBEC355AA3D6562C93D41EF10BE66CA0F3D09EF25BE4C7287BE366153BDF92B4F3E7464373C60F25DBE2CFE733EF21E46BD5D208ABEB8FDCE3DC36680BE72614B3EE0A27C3DF030B73D5ECA89BEC6A2A53DF952E6BCA4D687BD40D3B13DE7218DBEBD2160BECDD68EBEB7EBDCBD40840A3E1FC22B3E2B10A13D9967F7BD2667443CEA7AF63D2D2C0CBE4B3195BE617D7DBD5BA4F9BDAB304C3EEE36D23DE48F333DD143053E699A8ABEDE9524BED43580BE6C5C97BD6B4D5DBE374358BC1FAE0FBE1D54C13DEEFD84BE9F5424BEF5F4583E50925F3E2E52073D9C4710BE6D7C89BEDBBF5A3EFC3FC33B7B8455BDA0B605BD6F8199BD3B8E283E5A1E49BEE37D9EBC5F0F4C3E7FA48ABDE8CF263EFF1C9E3D066485BEE39F103DAE32D0BCBC594ABE2E9F12BEC9EE823E9C6D383EB84B933E6542933EA85F953DAE27C7BD4BD6153EC41D26BECA5F763ED64D8C3EAEDA803E1FBF503EFB7AF1BDF593FBBD5D2AE2BD927D8CBEDFD9933E5D6524BE82445BBB2344AEBDBA6BA23D9B0D83BEE6B0253CD208833E0B26DBBD5FFC6E3DA68C033E82F97B3E09A696BEE6C509BE449265BEF37B62BE8FAC36BED051CC3D4365723E7791A43C1409D43C403D04BDE96797BEF79E9B3ED28AF83D163886BE8EB2913DABA2573E80E43F3ECC758C3E0B57893E0A2C7F3E08BC82BD51BDA93D708BDA3D3F4785BE7B72D03DE4E03EBE1115983E0023563ED0AB8C3EF416853E033A8E3E0EDB99BE429F84BEEC8285BE4383793E7F2125BEA419543EA118F83D6C329A3E69971ABE3803673D792881BEE25A7EBE34C192BE0F34383EA63DAEBD80A0C63CC85D7B3E8B52263EDAA8C33D46882ABE0D26393EA7E6933ECBBD90BE251E87BD209A6FBE2F089DBD7931873DC99A93BEFC5C5ABE8917EE3D36267D3E4686F9BD93502A3E761776BEA28FF7BDC1546B3EE24521BD6AD5033E2D763CBECD40CC3DD1BC8ABD6ECDD9BBFE77E73D60A99F3DB093583E96BB93BCBA98C0BDE36B693ED71589BB5AE983BE735151BEE07C413E6264163EF80D14BE388F603E9038183EF460093E5084833CEEF2143ECFD28EBDFF6F86BE472EA2BDD4587D3D25CA1DBEB679FC3D65928F3E26D1FA3D1D224C3EB58DF0BCB42055BC41FCB2BD8AC4883E52B86ABE1E7C083EAFF6FB3D3560903E5C7C17BD3C0608BE5026983EEF8C5DBE81D8623B2A5940BE64A3603E3ECA503E36E226BE2136B2BCF39A42BB6E3F92BE1131903EC684023EA92220B8937F843E4DA01D3E23A70C3E2619013EC2D8D9BDBB837CBE4F97E83DFBEDC0BC49DA1E3EC73D62BE9E49EC3C6E3A6A3E7B6B583D8A9E5CBEB4A8BA3D5A289B3EF4A8BCBDB87850BDFBF8373E0C954A3E4325E53D8495783D814E693EDBBC923E55A08BBEF9A1483EB8F96C3E23812E3EA859F83D92C2D63DCEBD6D3EFE381E3D3C898D3E12A93EBD1290273EA495773E3AEF703CE15A6D3E7061473EA488E93DB8DAE9BD15DF6ABE144EF83D17EB383E32998CBE9B83AFBB55159B38EFF085BD01EF373E9377863E2737DBBD6654FE3DEC18693E0CC4C5BC429A283E3439983E17A4B6BC7F3292BEF3898ABE0430813E79214BBEAD6D903E1B7D713D5F6A73BE79CD983E228B6F3EEB7CB4BD484A66BDC2F02EBE789624BEBD2CA13D0E358FBC6F6852BEABE887BD3635F33DC8E29D3D3E2B863DB45D49BED84A0FBE87D1AD3D88E14E3E8C39613D8C306FBEFEA1E13D179244BE423E92BE908F5E3E20F1383E4CE650BD915F433EAF8DECBDB56EC63DB60899BE160416BE8BD276BDBA74823DCE21123EF9284A3D4A391CBE6BFB753EEE66373E637730BEEDCE4A3CDA2B913EAE80D4BD671F9BBEAE43663ECCDF013E4872243E5E9D283D2DAD43BD3D2F8DBD7AAA0F3E1E18A2BD42F410BEE0F046BCE599BA3D76C399BE2132713C9ADF0F3EC2AD3ABE6A4D4F3E231E8C3D8A652D3E3859003E5EA3A73B4CDD153E103D81BEC468623E82AD3ABDD0B22D3BF2FD03BECDD357BE25573CBE500D193E79A1A5BD94168A3ED25D7FBDB8389BBE13EF28BE920380BCBB5525BE206B23BE0128113ED60E073EDF83903A37F570BE8DC97FBEF7DB6FBC4E9C93BE34C9963DFDC777BAF28B553D9C11D0BC5286413E15072ABEF36687BEE90DBCBDB899023EDF3983BECBCA333DBD5D723E7701453E939A0D3E60ADD5BD45FA903D3ED518BCBE71643EE3DB243E7EE4AB3DC3E98D3DB21FCE3D60509A3DDCD73CBD3AA454BE541DC33DC4FD1B3D4674553E4F39353E13037FBE415C1FBDDB2B80BEE9F6833E1464063D31A657BE50AD883E6B3B553E0B1489BDA66D1E3EC99E91BB958EB6BC6CCE043EE79DD6BC2518FFBD0923BA3DE6B1D0BD9D24373E6FDB8B3E5EC71ABE7C70AB3D4FC8653D36821B3E78F3003C9B06373C37959E3DDBBE81BE2E4C3A3D11AF9ABEC5E212BDF778353EB49E1ABEF20229BDAD8C803EF40DDF3D85621A3B6593E73CC61212BE5094353DCB2E7B3E48FCE33DE7369A3E75222E3EE5786DBD3BAB3CBDBA81143EF2CE443C0185B33DD2F290BE5891813D6986213DD45391BE1BB5573D554AE93D18FBF8BBABCF90BE1CD5883E8B0083BEF9DF393E3C274C3C9434A8BD9CC85EBE7CA6893E41DE763EE3EC4FBE844532BD695D50BE5F4E23BE9D9D03BDB2008D3EE2D778BCB0E2993EA8269BBE266980BD00EB313DA0E610BE1CB01B3C39CFFBBA28365B3ED80520BDD86246BD3227333ED364E4BDE4784B3E2057843EE42638BE7B0E1B3D86369EBD572A753E265A1FBD744F6EBD4E8A4B3ED9AF423D97BD4F3EF77FECBD93E788BE290D4F3D36D1823E18B46C3E7F4007BE89DE8A3E6ACB42BEF8B8923E820495BC5D8220BED74C893D3012803E92A5463E76A721BEBD1E9C3DF346F33DBED496BD07210E3D9706943EE461A6BD87F2723EFA6C85BE0973E9BDCB52913D27A5F8BD1C146BBE38EA4EBD2D6315BE9563FD3D0DA4163E446E5DBE66702C3E3D133B3EE9BE493ECD8648BEAFA078BE3F472BBCF0C3D93D7AB60E3E280571BE67DF803E3EC4973EE328C5BCA5B9463DF6925A3DEC8368BE6C2A95BED6FF413E9DE17C3E6E5901BCBD5088BEA1094E3C3B474DBE55C0D63DD5498F3EE7979C3E9537813EE9FA8F3D43F5993E848172BD004826BCC95D57BE876A023E0C00F53DC1FFFD3D38BE613E4E97873E852094BE30B1B1BD29A37ABEDF446E3E3A1F1DBC94638BBEE813053E412E40BE7CDFB9BB763A273EF1632E3EEADA423EE176B5BB5564F4BC9AB767BC5D7E9ABEEDDCDEBD029A6E3ED96F203E5F6D8FBE146A9C3D4307903EC14F79BED354FBBC368328BEE26190BBE3BF08BEAB51893E6EC9223E950073BDEDC487BE07D726BEC57704BDDEC4A83D9172FDBD020A40BEBBF819BD1B7479BE47988B3D53CB8CBE075C55BD454E83BE2BB7F5BDDB225A3B62E517BE8F7B4DBE416E0D3D782C1FBEF81A893C2C8E853D26BF04BD0C0289BE15B5B2BDF01CFEBC6267B93D2CF37CBE6D015A3E11E1983DDF980F3DEB8D923CA44D4EBD15D8E23D5D715A3EAE827FBDCAFE053ECEA3363EBC9D003E8FB3BE3ADBA1D93DE223F43C0EF1453E5F13B9BDFEB72E3D475F4D3D4B2495BEAE249F3DF80159BE0DA01B3EC3D279BDE316A73D311475BE33420D3E7C114A3E75DCDF3DE4F1B73D371D35BEAB8C8C3E3112AE3D"
    }
  }
#-}

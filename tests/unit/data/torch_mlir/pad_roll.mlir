#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @pad_roll(%arg0: tensor<3x8xf32>) -> tensor<3x11xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_8_8_torch.float32> : tensor<8x8xf32>
    %c2 = arith.constant 2 : index
    %0 = tensor.empty() : tensor<8x8xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<8x8xf32>) outs(%0 : tensor<8x8xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<3x8xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<3x8xf32>) -> tensor<3x8xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<3x8xf32>, tensor<8x8xf32>) outs(%2 : tensor<3x8xf32>) -> tensor<3x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<3x8xf32>, tensor<8xf32>) outs(%1 : tensor<3x8xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %8 = arith.addf %in, %in_4 : f32
      linalg.yield %8 : f32
    } -> tensor<3x8xf32>
    %padded = tensor.pad %4 low[0, 1] high[0, 2] {
    ^bb0(%arg1: index, %arg2: index):
      tensor.yield %cst : f32
    } : tensor<3x8xf32> to tensor<3x11xf32>
    %extracted_slice = tensor.extract_slice %padded[0, 10] [3, 1] [1, 1] : tensor<3x11xf32> to tensor<3x1xf32>
    %cast = tensor.cast %extracted_slice : tensor<3x1xf32> to tensor<3x?xf32>
    %extracted_slice_2 = tensor.extract_slice %padded[0, 0] [3, 10] [1, 1] : tensor<3x11xf32> to tensor<3x10xf32>
    %cast_3 = tensor.cast %extracted_slice_2 : tensor<3x10xf32> to tensor<3x?xf32>
    %concat = tensor.concat dim(1) %cast, %cast_3 : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x11xf32>
    %5 = tensor.empty() : tensor<3x11xf32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<3x11xf32>) -> tensor<3x11xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%concat : tensor<3x11xf32>) outs(%6 : tensor<3x11xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = linalg.index 0 : index
      %9 = linalg.index 1 : index
      %10 = arith.subi %c2, %8 : index
      %extracted = tensor.extract %concat[%10, %9] : tensor<3x11xf32>
      linalg.yield %extracted : f32
    } -> tensor<3x11xf32>
    return %7 : tensor<3x11xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float32: "0x040000004807A13EACE850BE2AFE41BEDD3A57BE68458FBE0CB78EBE408E8DBE52939CBD",
      torch_tensor_8_8_torch.float32: "0x04000000FDA329BE6844083E4A16213EE354803DB081B1BE25C08B3EF53DAF3EBB096CBE830B20BE46B109BCAB71A0BD9FA2853E557192BEBFD524BDF1E38F3EED2CA93E865C713E70EBB23E3FB463BEFC63A93DB3474BBCC5B81BBE8F618BBED65B5FBE4049B1BDEC83913E8EA4B43ED47F843E95C4E63DB03C89BC843353BE853B37BE69B558BE3D7E53BD0BA8B4BE3FCC94BEA19C0CBE1355AABE67203E3E44A10FBEC786813EA1ED3EBE49817B3E0127433E54F5793EC1C44A3D55FA77BE6A0D93BDE5BDBF3D3C1858BEDFD18F3E2B3AABBDBC30A2BE8232B33E48A4A6BEF027A93ECC0C993E8B98C93C5E9601BE53D2873E13A9AF3EA471A43E81ECAFBE60F3093E"
    }
  }
#-}

#map = affine_map<()[s0] -> (s0 * 2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear_3d_dynamic(%arg0: tensor<2x?x8xf32>) -> tensor<2x?x16xf32> {
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_16_8_torch.float32> : tensor<16x8xf32>
    %c1 = arith.constant 1 : index
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x?x8xf32> into tensor<?x8xf32>
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %dim = tensor.dim %arg0, %c1 : tensor<2x?x8xf32>
    %1 = affine.apply #map()[%dim]
    %2 = tensor.empty(%1) : tensor<?x16xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %4 = linalg.matmul ins(%collapsed, %transposed : tensor<?x8xf32>, tensor<8x16xf32>) outs(%3 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %cst_0 : tensor<?x16xf32>, tensor<16xf32>) outs(%2 : tensor<?x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %7 = arith.addf %in, %in_2 : f32
      linalg.yield %7 : f32
    } -> tensor<?x16xf32>
    %6 = arith.divsi %1, %c2 : index
    %expanded = tensor.expand_shape %5 [[0, 1], [2]] output_shape [2, %6, 16] : tensor<?x16xf32> into tensor<2x?x16xf32>
    return %expanded : tensor<2x?x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32: "0x040000002295DB3CA60094BEE927943E7279A0BDDD878A3E45F62B3E79A544BE9939D43D6C861FBE1B3132BE45D9E53D0D0C313E03CA4EBEA50937BE0CB5883EEE1705BE",
      torch_tensor_16_8_torch.float32: "0x0400000069A12ABE1992B0BE230A1F3E1A2A3ABEE5B3FCBD0AF4FDBD9F18A73E2DC6093EE85FB13E3DE6FFBD9C35833E2DE492BE313E5B3E27136D3C9951583CE02C9A3EDED5DD3C4DF919BE3BAE47BE62A56A3DA73BF2BD160C373E392F97BE274A73BEE7DF9D3E6C260CBE1D68B2BE7B82813E5478C4BD93EA083B1650603E8FB6F13DADACADBEB3E6813D3A64AF3EF358A7BC1DA3833EF3959E3EE06B053EA450A7BEAB4A9B3EC6F88E3E1A0FD93DDC78EEBC4E5E79BE52A09F3D1D8AFBBD4C37A23E6B75B4BE4B1E9C3DD97CF4BB0628733ADF0334BD8B39193E626E9BBE42D69B3D1C1371BEA85DE63D45E6F5BC68C5373D85274C3E18F40FBE20AF91BEA0E328BECA8D933E885993BE3596653E81ABFFBD7752983CD748143E6048FFBDCE6279BE410DF53D69A35A3EFDE5063EBCC449BC6F691A3D3601183EF7BFE63D577233BE557C823EB8D641BDB5D30EBEE074DABD4152403D8D533BBE5B1184BECCE2493E97B8933E44EAB3BE5D0D903E3BC154BE8007AB3D1987A73E656662BE12DA14BE05B3D03D937562BE1AE80CBE31BF97BEF601293D150A623E20EDC13D45DD80BD3D98AB3E2A4A8D3E70F444BE8D194F3EAF1EA6BD7283E93D06551D3D50751E3EAE2938BE3A7F2EBE5C794EBEB6696ABE351C1CBE57CEAD3DE21CCE3D6134893DBEB5863EA2AA893E8914923E7254613E89AC35BBC332B83D8F4E36BEAB2EC23B"
    }
  }
#-}

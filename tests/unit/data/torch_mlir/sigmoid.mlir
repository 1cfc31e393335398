#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @sigmoid(%arg0: tensor<4x8xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_16_8_torch.float32> : tensor<16x8xf32>
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%cst_2 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_1 : tensor<4x16xf32>, tensor<16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %6 = arith.addf %in, %in_3 : f32
      linalg.yield %6 : f32
    } -> tensor<4x16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.negf %in : f32
      %7 = math.exp %6 : f32
      %8 = arith.addf %7, %cst_0 : f32
      %9 = arith.divf %cst_0, %8 : f32
      linalg.yield %9 : f32
    } -> tensor<4x16xf32>
    return %5 : tensor<4x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32: "0x040000009CE309BE4BBA15BEEED3293CC7BB87BE02EE8DBE2DE71ABE6FCD143CE67F74BEE8A94EBE373F813E8C48A73E7BCEE2BDA44D9BBE979B0ABE9F1E123EE0FEEA3D",
      torch_tensor_16_8_torch.float32: "0x040000003E82413EE25FAABE333561BED9F6723E756787BEF019AD3D7896873EE96EB23E1530373E5651C2BDB9E14E3E192C3FBC1C43DFBD50EC963AC96AA23D0DC1723E8AF8173EB8DE2C3EEEA3583D9FC691BCD604183E2428AE3D3437ADBE77216A3D48C720BE04FD3FBEE6020C3ECA10943D413C753DC3BE2BBEE649273ED1DFA93EBD29313DB4CE143E37D09EBEF13A573E2A89FB3DCB1B233E7FF9163E3C73BEBDEBD9ADBC1A18AF3E5775843EA8C081BE01A08F3EF927B43EE1723E3D613A8DBE095B8C3D393C92BD8926823EA5EBADBE3E4BB93DC4E187BB7401E43C220B793EC648D13B35BC91BED23053BE31F610BE3B721A3DEFB50B3E6B2787BD84E30EBE67DD1E3EAC01B0BE5FFC7C3E095828BDC7EA7B3EDEC7883EAEB31A3DA30BE53D7BC54CBE8DB2813E42E6533E0B7263BD4A1D0D3E4C3BA2BCB96D8D3E0908153EBAF8833EF28AA4BE3A5FB03E8CE3063E4504303E7958A13D45C86D3E5E6AAA3EE0BCF6BCB08794BE3239A63EA5B398BD469A2EBEA6DD5E3EC70B4A3ED0E1413DD4CEB5BC41848ABD76FAA53EAB955C3E659B573E39DD663EEF793DBE122F973D13999CBE4556523E826DB3BE57E9B4BE32EFB2BEEA415F3E9AB5163D13C3523AFD55663D940309BE32E0DBBDCBDD73BEFAD4B0BD8FC65EBE3568183C603A8E3EB4A595BE4D0A323E4EA486BE540016BED8968D3D0C2E793D1A73943E6BAE0AB9"
    }
  }
#-}

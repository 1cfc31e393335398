#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @silu(%arg0: tensor<4x8xf32>) -> tensor<4x16xf32> {
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
      %7 = arith.addf %in, %in_3 : f32
      linalg.yield %7 : f32
    } -> tensor<4x16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %7 = arith.negf %in : f32
      %8 = math.exp %7 : f32
      %9 = arith.addf %8, %cst_0 : f32
      %10 = arith.divf %cst_0, %9 : f32
      linalg.yield %10 : f32
    } -> tensor<4x16xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %5 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %7 = arith.mulf %in, %in_3 : f32
      linalg.yield %7 : f32
    } -> tensor<4x16xf32>
    return %6 : tensor<4x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32: "0x04000000F2F512BEDCCF893E7DA9413E01BBE0BC99A01A3E2E3DD83D36B7453E9A7791BE48D1DF3D3271ABBEB0196EBE4AEA06BEC4170DBD2CD4AABE7E29103C1435673D",
      torch_tensor_16_8_torch.float32: "0x04000000FD824F3C027E9B3EB1B2173EAD524EBE98D8A0BE953AACBE327A03BE2C323B3DFE4BAA3EAD490EBDC38D0D3E4AFF373E2FA98ABEF4BD95BEA82E093EE4BF283EF49328BE06F0623DEE3CB1BE5207923BE47CB13D66525B3B8FDD65BDF3B0163E5006C7BDE9BF863ED3EA9BBE6AE74EBEF31E97BEDFB6A3BE0533863E8330B3BD10328EBE3C2E963DF41389BE48B8953C511B2C3E691C99BD8A1D3A3EEE9C943DD84191BEEE828E3D9762693EFDDAA7BD2FDD083D3CBF383D490FF93C1B39BC3D9251ADBE9657893EBEE61D3E5DD5323DD1C0833D7DFC91BE3DBDCEBDC0F57BBCB21EAC3D7C9946BED2A7193D39B7E0BDA1C2833E46619BBE3561173D7D47753E30988CBE3E0626BC9F4B273E7C17123EA44D2A3D5859123E42607CBEB2C4963EAF31013C46066A3E292EA03D7D1A21BD21131B3E7DD7AB3E7E8FB23E525F98BECFA8AF3C3D0A82BEF6F0523EE9F3813E01397EBEE164A7BCE3857A3E2A6B6F3E591A88BE6E15733EB73080BDB1F399BE4C3C903DFDA8283E471F593E8C2876BEF21B83BE274073BEF82B4D3E1D359EBE9D6243BB27C7D4BD58111E3E7A328E3D18D236BEBFF17C3D1496A63EF16D6E3DF76733BEBCEF413C1E0AA6BE584868BEF37E86BDE19A61BE364A993E048D8C3D0A358C3EFEE0A4BD006749BD26A5B63DFD4BD7BD7ED1F6BD5693B1BECE5E883EE8D3A33E353BB3BE2F91EFBDBCEB88BE"
    }
  }
#-}

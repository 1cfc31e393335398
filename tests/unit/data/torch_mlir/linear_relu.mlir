#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @linear_relu(%arg0: tensor<4x8xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_16_8_torch.float32> : tensor<16x8xf32>
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<4x16xf32>, tensor<16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %6 = arith.addf %in, %in_2 : f32
      linalg.yield %6 : f32
    } -> tensor<4x16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.cmpf ugt, %in, %cst : f32
      %7 = arith.select %6, %in, %cst : f32
      linalg.yield %7 : f32
    } -> tensor<4x16xf32>
    return %5 : tensor<4x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32: "0x04000000E7318E3DAB6786BE9B1D713DED331A3E5E4E0F3EB44A36BDBD6594BE2A3D5FBD457AFB3D811904BE4C6C093EAD1A713E000A3DBED280643BDFB3153EA901E33C",
      torch_tensor_16_8_torch.float32: "0x04000000EA1B27BDD59D21BEB1C0903EE64792BEE6641B3D619997BDA844813E4A1FCA3D26F62D3EE2B6FF3D4E1FAEBD044798BDB72C95BE252B443EB3B98F3E42B7773ECD5F7FBED22C813CA2367FBEEB4B47BE40F652BE2773F73D5DBE57BEEDC1FCBB42AF733CE360693E0ED688BE428B78BED03852BE28677D3EE62302BE11B0983E79EA023EC25F373D487B2CBB01238FBDD6B1353DD656A5BD4ACE22BB43C6383D21988DBE7FC13DBEFB2B923ED8E792BE13F9CFBC4312B33E23C8023EB401243C87DF9CBE9058333EC4EF80BE288ACDBD95F0F2BD147456BDFF717D3B5D4E953E33C9343D4123A23EAC765D3ECAE264BE3660223E78EC7FBEEB7019BEB3F7D43DA915EF3D48CE873E8C17E9BDF25E143AD3623A3EF80FAFBE9CDF823E5FB095BE6EAC9F3BE83576BD0DAD3EBE73673F3D33B0953E76A9D3BDB2F056BE5DE505BEC16AB3BE0D6C233EC1DF2DBE5D9A71BE2C9250BE0528503EE5B93F3EB1EF8A3EDE51033E0AD0F1BD9257CABD04EAD53DDECD943EF8DEC43D034C2BBEAA2F2ABEEF25ABBE7A6F9C3D762B4BBE7864A1BE4ABB9E3EAA1C6BBE8BBE24BD8871CF3D0A8B383CF59B73BE655292BE8E49903ECCD06B3D972D963E79BDF2BDE947D53D4A94A5BD5CCD80BC5F7F5CBE35E2F43DB7EDE43DA5FCEEBBB8D8A2BDE22B5FBEAF5D7A3E52C186BE9350143E3B79F3BD0DAC2EBEB113823D42103CBEB8D4A63D"
    }
  }
#-}

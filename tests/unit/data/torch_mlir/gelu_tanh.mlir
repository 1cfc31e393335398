#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @gelu_tanh(%arg0: tensor<4x8xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_0 = arith.constant 4.471500e-02 : f32
    %cst_1 = arith.constant 7.977240e-01 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_8_torch.float32> : tensor<16x8xf32>
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%cst_5 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_4 : tensor<4x16xf32>, tensor<16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %6 = arith.addf %in, %in_6 : f32
      linalg.yield %6 : f32
    } -> tensor<4x16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x16xf32>) outs(%1 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = math.fpowi %in, %c3_i64 : f32, i64
      %7 = arith.mulf %6, %cst_0 : f32
      %8 = arith.addf %in, %7 : f32
      %9 = arith.mulf %8, %cst_1 : f32
      %10 = math.tanh %9 : f32
      %11 = arith.addf %10, %cst_2 : f32
      %12 = arith.mulf %11, %cst_3 : f32
      %13 = arith.mulf %in, %12 : f32
      linalg.yield %13 : f32
    } -> tensor<4x16xf32>
    return %5 : tensor<4x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32: "0x040000003FA3323C216B003E69A044BE0D6036BD4C66B4BE2FF7B4BEB4461DBD9677973EF55088BCC501E33D6BB610BE386EECBDD02D1FBDA50537BE5E895D3E5BC4613E",
      torch_tensor_16_8_torch.float32: "0x04000000664DFE3D72DA88BE86EC2DBEFE706EBB6D8C8B3E67F3A03E8FAA83BEE8FE9C3E5827A23EE43B923EA928FC3C8B62913EFBE62F3E64E481BE84D23EBE4AE1D93BE24880BEF36CEEBD01F2913ECB8E283E60A59D3E54A1313B939A38BE539D6F3EBD85D53CEADF733D216519BE07B7143EEFB085BEFD72903E0B5D9E3EADA1023EE8F68C3EF6BE5B3ED3440ABE0E019DBE17903E3DC150633EFB2514BDF8B2F33C982B863EA87B153E0654873EA9A4543D9F54223D8E32ADBDC55F74BD3F6940BEF60C723E3819A53EA45B063E1497243C8705EFBDE5B9B2BEFC1286BDBA8180BEC5A385BE13618FBDF2708EBDA510923DD33483BE5317823E30CFA4BE85752BBED97209BE0A91B23CE9A8153E47D1BEBD0E03623D1E6AABBDB9640EBE35904ABD7EC9913D54D5AFBE9CFE7BBEEC6B8D3E5BB5233E6CE11ABCCCEE363C68E5473DAB4AA83D7B2D77BEDC5FC5BD9B22A6BE98508EBE2E3D88BDBB353FBD64958D3E1E70793DE6CF6ABD427B20BC20324A3E4857DBBD9B5C87BD444191BD16F891BEDE654ABD8157A7BE3C9A42BE4F7166BE92D8863E8DC0A6BEFB6AAE3ED7BE073ECEA974BEFEF8953EAF8E9FBD185299BEBD1B49BD55EC323ECA00B0BE4D0BD9BCB34E133E7C180DBE0EE5033D27E40DBE16E472BE7BC38D3E498880BE90D287BB3A29F13D19534ABEADCE2E3E415496BEF8E1AC3EB53C213E5A054DBD399496BE"
    }
  }
#-}

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @mlp_dynamic(%arg0: tensor<?x8xf32>) -> tensor<?x4xf32> {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_3 = arith.constant dense_resource<torch_tensor_4_16_torch.float32> : tensor<4x16xf32>
    %cst_4 = arith.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_5 = arith.constant dense_resource<torch_tensor_16_8_torch.float32> : tensor<16x8xf32>
    %cst_6 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<8x16xf32>
    %transposed = linalg.transpose ins(%cst_5 : tensor<16x8xf32>) outs(%0 : tensor<8x16xf32>) permutation = [1, 0] 
    %dim = tensor.dim %arg0, %c0 : tensor<?x8xf32>
    %1 = tensor.empty(%dim) : tensor<?x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<?x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<?x16xf32>) -> tensor<?x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_4 : tensor<?x16xf32>, tensor<16xf32>) outs(%1 : tensor<?x16xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %11 = arith.addf %in, %in_8 : f32
      linalg.yield %11 : f32
    } -> tensor<?x16xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<?x16xf32>) outs(%1 : tensor<?x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.divf %in, %cst_6 : f32
      %12 = math.erf %11 : f32
      %13 = arith.addf %12, %cst_0 : f32
      %14 = arith.mulf %13, %cst_1 : f32
      %15 = arith.mulf %in, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<?x16xf32>
    %6 = tensor.empty() : tensor<16x4xf32>
    %transposed_7 = linalg.transpose ins(%cst_3 : tensor<4x16xf32>) outs(%6 : tensor<16x4xf32>) permutation = [1, 0] 
    %7 = tensor.empty(%dim) : tensor<?x4xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<?x4xf32>) -> tensor<?x4xf32>
    %9 = linalg.matmul ins(%5, %transposed_7 : tensor<?x16xf32>, tensor<16x4xf32>) outs(%8 : tensor<?x4xf32>) -> tensor<?x4xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %cst_2 : tensor<?x4xf32>, tensor<4xf32>) outs(%7 : tensor<?x4xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %11 = arith.addf %in, %in_8 : f32
      linalg.yield %11 : f32
    } -> tensor<?x4xf32>
    return %10 : tensor<?x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x04000000448D3EBEDC88513EF0D5273E50AFDDBC",
      torch_tensor_4_16_torch.float32: "0x040000009010973C0064F3BBB4C44CBE18428BBD809E27BC22A278BE30670E3DC4978C3DA0F9BFBCD87D0DBD8055C43BF880823DD04FF5BDE09BBEBC7600133E002296BD003CB8B9D0C76CBE2CDD42BE3012C5BC90E8B0BDC0E7783EE01B5BBD70A055BE244B5A3EA67925BEB8E3533E90F3CFBC4012493DE0087BBEAC4C683E004B38BB625F00BE02B136BEA0483A3DA0B371BEAACB3D3EAE4C0C3EC2E35D3E84F2633EA0D316BE98A48ABD16D11C3E30D1233E1E937A3E4492D3BDC834133D20100BBC0A6F133EA8D7FABD6CC2673E349397BD8852FE3D3A29413EE8AE7FBE60C93E3D8C892FBEF07DF63D283A5B3E04BBA2BDA4782DBE3E1D02BE9664473E90E625BD",
      torch_tensor_16_torch.float32: "0x04000000B2A408BEB616493EC2848B3C709611BE929EACBD314007BEDE615D3E6235843EA847AC3E4A37ACBDD648DABDFFBA35BEC929C6BCFD1EAF3DE963EEBC67EF69BE",
      torch_tensor_16_8_torch.float32: "0x0400000033FA47BEC33D8ABE8EDD8DBE8412B23EF1641B3C0F11223E2E61ADBE68E953BD148C8DBE231DFABCDF40A13EC15F833EE3B802BE2FAB44BE0C1E94BE248932BE4FA2F73DC46056BE2300473E840B02BEC4B5A73E6B2DAFBDBEDC80BDA970553EB6CB7D3EDFB1823EBC21833E6B28ABBE1CA2473ED1593DBEDD6D803E90D88C3E2582F1BC5CABF93DC830993DF0111F3E4FD0723E6192D13DC68FF2BDFFD4633CC93E273D109395BE37FFED3DB2E46BBE5599653E8537A23EAA18453D4392973E00DFF93BD8AA633E489D343EBAD996BE3F2F91BE2ED7ADBD801A103EB1BC86BD3BD792BDCFEC5A3ED536A23E734A193E7D9DD63DCC01383E5C1B453DBD06A3BE5394B3BEAD9EA8BED42F9FBE241A893E2893CCBC49F47ABE21C09D3DE07CF33AFB3959BE1C37ADBEB19DA73D6033B13B207B00BE2DDB49BE7698BFBD3E5D9D3EEDDF90BE01770FBE4364E6BD95EBA53EE37EB03C99D0763EEDB50FBD6D8D62BD8FC24D3EEA4B0BBE924F573E7C5A9E3E7965133E90725F3ECC488CBEF801A73EDC4E5ABECAAD4B3E4C07E23DF2ECD33CCC8BBB3D3A9AB1BE2BE2AC3EC0ACBABC1AADA13E83D10D3C859313BE559A623EA1A2DCBBE3EB65BE56F6353D2D2EB4BEAB8E5FBE3A1A93BEE3C3943CDD4F47BE16B9FCBBD1A589BE6DF59BBEE94327BD0F9D2A3D7642823E5894F7BDEE33AC3E1E7281BE66ABFA3D83DAA2BE0C72A33E"
    }
  }
#-}

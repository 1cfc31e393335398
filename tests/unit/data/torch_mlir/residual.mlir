#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @residual(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_8_8_torch.float32> : tensor<8x8xf32>
    %0 = tensor.empty() : tensor<8x8xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<8x8xf32>) outs(%0 : tensor<8x8xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<4x8xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<4x8xf32>, tensor<8x8xf32>) outs(%2 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<4x8xf32>, tensor<8xf32>) outs(%1 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %6 = arith.addf %in, %in_2 : f32
      linalg.yield %6 : f32
    } -> tensor<4x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %4 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%1 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %6 = arith.addf %in, %in_2 : f32
      linalg.yield %6 : f32
    } -> tensor<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float32: "0x04000000E34F32BE3058FDBC29320BBD9A028DBEF9E8963EFFB31FBEA66B003E99729D3E",
      torch_tensor_8_8_torch.float32: "0x0400000097F4463D3AD8943E4FC474BE077D863C188205BEABA2B13E97BEABBE4589ADBEAC5FB23EE80E65BE91D28A3D1AF8F9BC2E8898BD98B8A1BDD70D663E4F6F8A3C393EB0BEB3BB55BE93D6F6BD0D2F363E95496ABECAAFAA3EF445A1BD4A0482BDD2D68D3EA3F6353EB486993E526B513ED5A6DBBDE23370BE877ED7BC83D1953EC303F3BD34DFA7BEF268143E9737B03EF721CEBD66E395BE0232A4BE0E74B53DC64EDBBC2DD336BEEE5B923DC57C093ED6F78F3E4A8A8C3EE2C358BDED9D9FBEC192A3BE1004A93E840A203EB9D01D3E2A9F9CBE73A0A73EC77CAB3E676FA33E88B498BE0C9B08BE41FF78BE496BAB3E8F8F1BBE574A25BE3EAD3D3EF07927BE"
    }
  }
#-}

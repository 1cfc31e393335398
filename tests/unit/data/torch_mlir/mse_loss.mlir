#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<() -> ()>
module {
  func.func @mse_loss(%arg0: tensor<5x8xf32>, %arg1: tensor<5x4xf32>) -> tensor<f32> {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_1 = arith.constant dense_resource<torch_tensor_4_8_torch.float32> : tensor<4x8xf32>
    %cst_2 = arith.constant 2.000000e+01 : f32
    %0 = tensor.empty() : tensor<8x4xf32>
    %transposed = linalg.transpose ins(%cst_1 : tensor<4x8xf32>) outs(%0 : tensor<8x4xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<5x4xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<5x4xf32>) -> tensor<5x4xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<5x8xf32>, tensor<8x4xf32>) outs(%2 : tensor<5x4xf32>) -> tensor<5x4xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %cst_0 : tensor<5x4xf32>, tensor<4xf32>) outs(%1 : tensor<5x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %11 = arith.addf %in, %in_3 : f32
      linalg.yield %11 : f32
    } -> tensor<5x4xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %arg1 : tensor<5x4xf32>, tensor<5x4xf32>) outs(%1 : tensor<5x4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %11 = arith.subf %in, %in_3 : f32
      linalg.yield %11 : f32
    } -> tensor<5x4xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<5x4xf32>) outs(%1 : tensor<5x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %11 : f32
    } -> tensor<5x4xf32>
    %7 = tensor.empty() : tensor<f32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<f32>) -> tensor<f32>
    %9 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["reduction", "reduction"]} ins(%6 : tensor<5x4xf32>) outs(%8 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.addf %in, %out : f32
      linalg.yield %11 : f32
    } -> tensor<f32>
    %10 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = []} ins(%9 : tensor<f32>) outs(%7 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.divf %in, %cst_2 : f32
      linalg.yield %11 : f32
    } -> tensor<f32>
    return %10 : tensor<f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x04000000CBCDAC3DF631DBBCD6B46DBEB41ECC3D",
      torch_tensor_4_8_torch.float32: "0x040000003D2530BE642812BEA45306BE5A94803EA71101BEBF4B83BD60BB7E3E2D939CBECF2E55BD209F323E801ADABD890A953E876A833DB09A163E917FCEBCEB3A443E9F0731BDAEAA3DBDFAD139BE1F4E9A3DDA17863E47EB8B3E5C51AA3E82AFAE3DE3E1D93D14BF343D07A88FBEDCEBB6BDDC76743E5CE8D93D28168C3E4160E33D"
    }
  }
#-}

#map = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @conv_maxpool_indices(%arg0: tensor<1x2x6x6xf32>) -> tensor<1x3x3x3xf32> {
    %c2 = arith.constant 2 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %c-1_i64 = arith.constant -1 : i64
    %cst_1 = arith.constant dense_resource<torch_tensor_3_2_3_3_torch.float32> : tensor<3x2x3x3xf32>
    %cst_2 = arith.constant dense_resource<torch_tensor_3_torch.float32> : tensor<3xf32>
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
    %0 = tensor.empty() : tensor<1x3x6x6xf32>
    %broadcasted = linalg.broadcast ins(%cst_2 : tensor<3xf32>) outs(%0 : tensor<1x3x6x6xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %cst_1 : tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) outs(%broadcasted : tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
    %2 = tensor.empty() : tensor<1x3x3x3xf32>
    %3 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    %4 = tensor.empty() : tensor<2x2xf32>
    %5 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%1, %4 : tensor<1x3x6x6xf32>, tensor<2x2xf32>) outs(%3 : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
    %6 = tensor.empty() : tensor<1x3x3x3xi64>
    %7 = linalg.fill ins(%c-1_i64 : i64) outs(%6 : tensor<1x3x3x3xi64>) -> tensor<1x3x3x3xi64>
    %8 = tensor.empty() : tensor<2x2xi64>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%5, %8 : tensor<1x3x3x3xf32>, tensor<2x2xi64>) outs(%7 : tensor<1x3x3x3xi64>) {
    ^bb0(%in: f32, %in_3: i64, %out: i64):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = linalg.index 4 : index
      %14 = arith.muli %12, %c2 : index
      %15 = arith.addi %14, %13 : index
      %16 = linalg.index 3 : index
      %17 = linalg.index 5 : index
      %18 = arith.muli %16, %c2 : index
      %19 = arith.addi %18, %17 : index
      %extracted = tensor.extract %1[%c0, %11, %15, %19] : tensor<1x3x6x6xf32>
      %20 = arith.cmpf oeq, %extracted, %in : f32
      %21 = arith.muli %15, %c6 : index
      %22 = arith.addi %19, %21 : index
      %23 = arith.index_cast %22 : index to i64
      %24 = arith.select %20, %23, %out : i64
      %25 = arith.cmpi eq, %out, %c-1_i64 : i64
      %26 = arith.select %25, %24, %out : i64
      linalg.yield %26 : i64
    } -> tensor<1x3x3x3xi64>
    %10 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x3x3x3xi64>) outs(%2 : tensor<1x3x3x3xf32>) {
    ^bb0(%in: i64, %out: f32):
      %11 = arith.sitofp %in : i64 to f32
      linalg.yield %11 : f32
    } -> tensor<1x3x3x3xf32>
    return %10 : tensor<1x3x3x3xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_3_2_3_3_torch.float32: "0x040000008E3D38BD340B57BE63BB1BBC1A2E083D7AA763BEA2FABFBCE72327BE6113703EB1B20A3DE7AB17BE35B30FBE451C3BBEA0FA47BEA0DE643E3FFA263EE34618BEEA4088BDD2D4283E48321A3ED0CDA7BDD4D4063ECD03FB3C856F8DBDD021373E80602CBE8390343B17EDE63D1724263D24A592BDFF8DBCBC9CDAF9BDA0317E3DEC5C4BBE31398D3B563638BE580BDFBAF605FFBD1F1571BEB7FE823C14550D3EC70A5FBE5B9B68BE234FDE3C652B4EBC810E71BCFC5DEBBB3DD1D43D8984493E6C833DBCD4AA253E2293063EDBC2033E2E84BA3D3018313E",
      torch_tensor_3_torch.float32: "0x04000000E766AFBD28EA58BD7F0FA6BC"
    }
  }
#-}

// Input of tests/lit/passes/epilogue-dequantize.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=4 nc=32 kc=8},tile-register{mr=2 nr=16}' tests/lit/passes/epilogue-dequantize.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @dequantize(%arg0: memref<4x16xi8>, %arg1: memref<16x32xi8>, %arg2: memref<4x32xi32>, %arg3: memref<32xi32>, %arg4: memref<32xf32>, %arg5: memref<32xf32>) {
    %subview = memref.subview %arg0[0, 0] [4, 8] [1, 1] : memref<4x16xi8> to memref<4x8xi8, strided<[16, 1]>>
    %subview_0 = memref.subview %arg1[0, 0] [8, 32] [1, 1] : memref<16x32xi8> to memref<8x32xi8>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    scf.for %arg6 = %c0 to %c4 step %c2 {
      %c32 = arith.constant 32 : index
      %c16 = arith.constant 16 : index
      scf.for %arg7 = %c0 to %c32 step %c16 {
        %subview_3 = memref.subview %arg2[%arg6, %arg7] [2, 16] [1, 1] : memref<4x32xi32> to memref<2x16xi32, strided<[32, 1], offset: ?>>
        %subview_4 = memref.subview %subview[%arg6, 0] [2, 8] [1, 1] : memref<4x8xi8, strided<[16, 1]>> to memref<2x8xi8, strided<[16, 1], offset: ?>>
        %subview_5 = memref.subview %subview_0[0, %arg7] [8, 16] [1, 1] : memref<8x32xi8> to memref<8x16xi8, strided<[32, 1], offset: ?>>
        %cst = arith.constant dense<0> : vector<2x16xi32>
        vector.transfer_write %cst, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[32, 1], offset: ?>>
        %c8 = arith.constant 8 : index
        scf.for %arg8 = %c0 to %c8 step %c4 {
          %c0_i32 = arith.constant 0 : i32
          %0 = vector.transfer_read %subview_3[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32, strided<[32, 1], offset: ?>>, vector<2x16xi32>
          %c0_i8 = arith.constant 0 : i8
          %1 = vector.transfer_read %subview_4[%c0, %arg8], %c0_i8 {in_bounds = [true, true]} : memref<2x8xi8, strided<[16, 1], offset: ?>>, vector<2x4xi8>
          %2 = vector.transfer_read %subview_5[%arg8, %c0], %c0_i8 {in_bounds = [true, true]} : memref<8x16xi8, strided<[32, 1], offset: ?>>, vector<4x16xi8>
          %3 = arith.extui %1 : vector<2x4xi8> to vector<2x4xi32>
          %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
          %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
          vector.transfer_write %5, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[32, 1], offset: ?>>
        } {nanomm.nanokernel}
      }
    }
    %subview_1 = memref.subview %arg0[0, 8] [4, 8] [1, 1] : memref<4x16xi8> to memref<4x8xi8, strided<[16, 1], offset: 8>>
    %subview_2 = memref.subview %arg1[8, 0] [8, 32] [1, 1] : memref<16x32xi8> to memref<8x32xi8, strided<[32, 1], offset: 256>>
    scf.for %arg6 = %c0 to %c4 step %c2 {
      %c32 = arith.constant 32 : index
      %c16 = arith.constant 16 : index
      scf.for %arg7 = %c0 to %c32 step %c16 {
        %subview_3 = memref.subview %arg2[%arg6, %arg7] [2, 16] [1, 1] : memref<4x32xi32> to memref<2x16xi32, strided<[32, 1], offset: ?>>
        %subview_4 = memref.subview %subview_1[%arg6, 0] [2, 8] [1, 1] : memref<4x8xi8, strided<[16, 1], offset: 8>> to memref<2x8xi8, strided<[16, 1], offset: ?>>
        %subview_5 = memref.subview %subview_2[0, %arg7] [8, 16] [1, 1] : memref<8x32xi8, strided<[32, 1], offset: 256>> to memref<8x16xi8, strided<[32, 1], offset: ?>>
        %subview_6 = memref.subview %arg3[%arg7] [16] [1] : memref<32xi32> to memref<16xi32, strided<[1], offset: ?>>
        %subview_7 = memref.subview %arg4[%arg7] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1], offset: ?>>
        %subview_8 = memref.subview %arg5[%arg7] [16] [1] : memref<32xf32> to memref<16xf32, strided<[1], offset: ?>>
        %c8 = arith.constant 8 : index
        scf.for %arg8 = %c0 to %c8 step %c4 {
          %c0_i32 = arith.constant 0 : i32
          %0 = vector.transfer_read %subview_3[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32, strided<[32, 1], offset: ?>>, vector<2x16xi32>
          %c0_i8 = arith.constant 0 : i8
          %1 = vector.transfer_read %subview_4[%c0, %arg8], %c0_i8 {in_bounds = [true, true]} : memref<2x8xi8, strided<[16, 1], offset: ?>>, vector<2x4xi8>
          %2 = vector.transfer_read %subview_5[%arg8, %c0], %c0_i8 {in_bounds = [true, true]} : memref<8x16xi8, strided<[32, 1], offset: ?>>, vector<4x16xi8>
          %3 = arith.extui %1 : vector<2x4xi8> to vector<2x4xi32>
          %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
          %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
          vector.transfer_write %5, %subview_3[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[32, 1], offset: ?>>
        } {nanomm.nanokernel}
        linalg.generic {indexing_maps = [#map3, #map3, #map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%subview_6, %subview_7, %subview_8 : memref<16xi32, strided<[1], offset: ?>>, memref<16xf32, strided<[1], offset: ?>>, memref<16xf32, strided<[1], offset: ?>>) outs(%subview_3 : memref<2x16xi32, strided<[32, 1], offset: ?>>) {
        ^bb0(%in: i32, %in_9: f32, %in_10: f32, %out: i32):
          %0 = arith.subi %out, %in : i32
          %1 = arith.sitofp %0 : i32 to f32
          %2 = arith.mulf %1, %in_9 : f32
          %3 = arith.addf %2, %in_10 : f32
          %4 = arith.bitcast %3 : f32 to i32
          linalg.yield %4 : i32
        }
      }
    }
    return
  }
}

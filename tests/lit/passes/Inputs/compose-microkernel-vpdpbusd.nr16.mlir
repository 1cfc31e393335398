// Input of tests/lit/passes/compose-microkernel-vpdpbusd.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=16}' tests/lit/passes/compose-microkernel-vpdpbusd.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @u8s8(%arg0: memref<2x7xi8>, %arg1: memref<7x16xi8>, %arg2: memref<2x16xi32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %0 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32>, vector<2x16xi32>
      %c0_i8 = arith.constant 0 : i8
      %1 = vector.transfer_read %arg0[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<2x7xi8>, vector<2x4xi8>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %c0_i8 {in_bounds = [false, true]} : memref<7x16xi8>, vector<4x16xi8>
      %3 = arith.extui %1 : vector<2x4xi8> to vector<2x4xi32>
      %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
      vector.transfer_write %5, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32>
    } {nanomm.nanokernel}
    return
  }
  func.func @s8s8(%arg0: memref<2x7xi8>, %arg1: memref<7x16xi8>, %arg2: memref<2x16xi32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %0 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32>, vector<2x16xi32>
      %c0_i8 = arith.constant 0 : i8
      %1 = vector.transfer_read %arg0[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<2x7xi8>, vector<2x4xi8>
      %2 = vector.transfer_read %arg1[%arg3, %c0], %c0_i8 {in_bounds = [false, true]} : memref<7x16xi8>, vector<4x16xi8>
      %3 = arith.extsi %1 : vector<2x4xi8> to vector<2x4xi32>
      %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
      %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
      vector.transfer_write %5, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32>
    } {nanomm.nanokernel}
    return
  }
  func.func @s8s8_packed(%arg0: memref<6x9xi8>, %arg1: memref<9x32xi8>, %arg2: memref<6x32xi32>) {
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c6 step %c2 {
      %c32 = arith.constant 32 : index
      %c16 = arith.constant 16 : index
      scf.for %arg4 = %c0 to %c32 step %c16 {
        %subview = memref.subview %arg2[%arg3, %arg4] [2, 16] [1, 1] : memref<6x32xi32> to memref<2x16xi32, strided<[32, 1], offset: ?>>
        %subview_0 = memref.subview %arg0[%arg3, 0] [2, 9] [1, 1] : memref<6x9xi8> to memref<2x9xi8, strided<[9, 1], offset: ?>>
        %subview_1 = memref.subview %arg1[0, %arg4] [9, 16] [1, 1] : memref<9x32xi8> to memref<9x16xi8, strided<[32, 1], offset: ?>>
        %cst = arith.constant dense<0> : vector<2x16xi32>
        vector.transfer_write %cst, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[32, 1], offset: ?>>
        %c12 = arith.constant 12 : index
        %c4 = arith.constant 4 : index
        scf.for %arg5 = %c0 to %c12 step %c4 {
          %c0_i32 = arith.constant 0 : i32
          %0 = vector.transfer_read %subview[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32, strided<[32, 1], offset: ?>>, vector<2x16xi32>
          %c0_i8 = arith.constant 0 : i8
          %1 = vector.transfer_read %subview_0[%c0, %arg5], %c0_i8 {in_bounds = [true, false]} : memref<2x9xi8, strided<[9, 1], offset: ?>>, vector<2x4xi8>
          %2 = vector.transfer_read %subview_1[%arg5, %c0], %c0_i8 {in_bounds = [false, true]} : memref<9x16xi8, strided<[32, 1], offset: ?>>, vector<4x16xi8>
          %3 = arith.extsi %1 : vector<2x4xi8> to vector<2x4xi32>
          %4 = arith.extsi %2 : vector<4x16xi8> to vector<4x16xi32>
          %5 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %3, %4, %0 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
          vector.transfer_write %5, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32, strided<[32, 1], offset: ?>>
        } {nanomm.nanokernel}
      }
    }
    return
  }
}

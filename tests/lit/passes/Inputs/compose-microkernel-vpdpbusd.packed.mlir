// Input of tests/lit/passes/compose-microkernel-vpdpbusd.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=6 nc=32 kc=16 order=nkm},tile-register{mr=6 nr=32},pack{nr=32}' tests/lit/passes/compose-microkernel-vpdpbusd.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @u8s8(%arg0: memref<2x7xi8>, %arg1: memref<7x16xi8>, %arg2: memref<2x16xi32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<256xi8>
    %subview = memref.subview %arg1[0, 0] [7, 16] [1, 1] : memref<7x16xi8> to memref<7x16xi8>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 2, 128], strides: [256, 128, 1] {nanomm.packed_b} : memref<256xi8> to memref<1x2x128xi8>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 2, 64] [1, 1, 1] : memref<1x2x128xi8> to memref<2x64xi8, strided<[128, 1], offset: ?>>
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c1 step %c1 {
      %14 = arith.muli %c0, %c32 : index
      %c4_2 = arith.constant 4 : index
      %15 = arith.muli %arg3, %c4_2 : index
      %16 = arith.addi %14, %c0 : index
      %c0_i8_3 = arith.constant 0 : i8
      %17 = vector.transfer_read %subview[%15, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %18 = arith.addi %15, %c1 : index
      %19 = vector.transfer_read %subview[%18, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %c2_4 = arith.constant 2 : index
      %20 = arith.addi %15, %c2_4 : index
      %21 = vector.transfer_read %subview[%20, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %c3 = arith.constant 3 : index
      %22 = arith.addi %15, %c3 : index
      %23 = vector.transfer_read %subview[%22, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %24 = vector.interleave %17, %21 : vector<16xi8> -> vector<32xi8>
      %25 = vector.interleave %19, %23 : vector<16xi8> -> vector<32xi8>
      %26 = vector.interleave %24, %25 : vector<32xi8> -> vector<64xi8>
      vector.transfer_write %26, %reinterpret_cast[%c0, %arg3, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
      %cst_5 = arith.constant dense<0> : vector<16xi8>
      %27 = vector.interleave %cst_5, %cst_5 : vector<16xi8> -> vector<32xi8>
      %28 = vector.interleave %27, %27 : vector<32xi8> -> vector<64xi8>
      %c64_6 = arith.constant 64 : index
      vector.transfer_write %28, %reinterpret_cast[%c0, %arg3, %c64_6] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
    }
    %1 = arith.muli %c0, %c32 : index
    %c4 = arith.constant 4 : index
    %2 = arith.muli %c1, %c4 : index
    %3 = arith.addi %1, %c0 : index
    %c0_i8 = arith.constant 0 : i8
    %4 = vector.transfer_read %subview[%2, %3], %c0_i8 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
    %5 = arith.addi %2, %c1 : index
    %6 = vector.transfer_read %subview[%5, %3], %c0_i8 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
    %c2 = arith.constant 2 : index
    %7 = arith.addi %2, %c2 : index
    %8 = vector.transfer_read %subview[%7, %3], %c0_i8 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
    %cst = arith.constant dense<0> : vector<16xi8>
    %9 = vector.interleave %4, %8 : vector<16xi8> -> vector<32xi8>
    %10 = vector.interleave %6, %cst : vector<16xi8> -> vector<32xi8>
    %11 = vector.interleave %9, %10 : vector<32xi8> -> vector<64xi8>
    vector.transfer_write %11, %reinterpret_cast[%c0, %c1, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
    %12 = vector.interleave %cst, %cst : vector<16xi8> -> vector<32xi8>
    %13 = vector.interleave %12, %12 : vector<32xi8> -> vector<64xi8>
    %c64 = arith.constant 64 : index
    vector.transfer_write %13, %reinterpret_cast[%c0, %c1, %c64] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
    %subview_1 = memref.subview %arg0[0, 0] [2, 7] [1, 1] {nanomm.a_block = 0 : i64} : memref<2x7xi8> to memref<2x7xi8>
    %c8 = arith.constant 8 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %14 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32>, vector<2x16xi32>
      %15 = vector.transfer_read %subview_1[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<2x7xi8>, vector<2x4xi8>
      %16 = arith.divui %arg3, %c4 : index
      %17 = vector.transfer_read %subview_0[%16, %c0], %c0_i8 {in_bounds = [true]} : memref<2x64xi8, strided<[128, 1], offset: ?>>, vector<64xi8>
      %18 = vector.shape_cast %17 : vector<64xi8> to vector<16x4xi8>
      %19 = vector.transpose %18, [1, 0] : vector<16x4xi8> to vector<4x16xi8>
      %20 = arith.extui %15 : vector<2x4xi8> to vector<2x4xi32>
      %21 = arith.extsi %19 : vector<4x16xi8> to vector<4x16xi32>
      %22 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %20, %21, %14 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
      vector.transfer_write %22, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32>
    } {nanomm.nanokernel}
    return
  }
  func.func @s8s8(%arg0: memref<2x7xi8>, %arg1: memref<7x16xi8>, %arg2: memref<2x16xi32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<256xi8>
    %subview = memref.subview %arg1[0, 0] [7, 16] [1, 1] : memref<7x16xi8> to memref<7x16xi8>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 2, 128], strides: [256, 128, 1] {nanomm.packed_b} : memref<256xi8> to memref<1x2x128xi8>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 2, 64] [1, 1, 1] : memref<1x2x128xi8> to memref<2x64xi8, strided<[128, 1], offset: ?>>
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c1 step %c1 {
      %14 = arith.muli %c0, %c32 : index
      %c4_2 = arith.constant 4 : index
      %15 = arith.muli %arg3, %c4_2 : index
      %16 = arith.addi %14, %c0 : index
      %c0_i8_3 = arith.constant 0 : i8
      %17 = vector.transfer_read %subview[%15, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %18 = arith.addi %15, %c1 : index
      %19 = vector.transfer_read %subview[%18, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %c2_4 = arith.constant 2 : index
      %20 = arith.addi %15, %c2_4 : index
      %21 = vector.transfer_read %subview[%20, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %c3 = arith.constant 3 : index
      %22 = arith.addi %15, %c3 : index
      %23 = vector.transfer_read %subview[%22, %16], %c0_i8_3 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
      %24 = vector.interleave %17, %21 : vector<16xi8> -> vector<32xi8>
      %25 = vector.interleave %19, %23 : vector<16xi8> -> vector<32xi8>
      %26 = vector.interleave %24, %25 : vector<32xi8> -> vector<64xi8>
      vector.transfer_write %26, %reinterpret_cast[%c0, %arg3, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
      %cst_5 = arith.constant dense<0> : vector<16xi8>
      %27 = vector.interleave %cst_5, %cst_5 : vector<16xi8> -> vector<32xi8>
      %28 = vector.interleave %27, %27 : vector<32xi8> -> vector<64xi8>
      %c64_6 = arith.constant 64 : index
      vector.transfer_write %28, %reinterpret_cast[%c0, %arg3, %c64_6] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
    }
    %1 = arith.muli %c0, %c32 : index
    %c4 = arith.constant 4 : index
    %2 = arith.muli %c1, %c4 : index
    %3 = arith.addi %1, %c0 : index
    %c0_i8 = arith.constant 0 : i8
    %4 = vector.transfer_read %subview[%2, %3], %c0_i8 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
    %5 = arith.addi %2, %c1 : index
    %6 = vector.transfer_read %subview[%5, %3], %c0_i8 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
    %c2 = arith.constant 2 : index
    %7 = arith.addi %2, %c2 : index
    %8 = vector.transfer_read %subview[%7, %3], %c0_i8 {in_bounds = [true]} : memref<7x16xi8>, vector<16xi8>
    %cst = arith.constant dense<0> : vector<16xi8>
    %9 = vector.interleave %4, %8 : vector<16xi8> -> vector<32xi8>
    %10 = vector.interleave %6, %cst : vector<16xi8> -> vector<32xi8>
    %11 = vector.interleave %9, %10 : vector<32xi8> -> vector<64xi8>
    vector.transfer_write %11, %reinterpret_cast[%c0, %c1, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
    %12 = vector.interleave %cst, %cst : vector<16xi8> -> vector<32xi8>
    %13 = vector.interleave %12, %12 : vector<32xi8> -> vector<64xi8>
    %c64 = arith.constant 64 : index
    vector.transfer_write %13, %reinterpret_cast[%c0, %c1, %c64] {in_bounds = [true]} : vector<64xi8>, memref<1x2x128xi8>
    %subview_1 = memref.subview %arg0[0, 0] [2, 7] [1, 1] {nanomm.a_block = 0 : i64} : memref<2x7xi8> to memref<2x7xi8>
    %c8 = arith.constant 8 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %14 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<2x16xi32>, vector<2x16xi32>
      %15 = vector.transfer_read %subview_1[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<2x7xi8>, vector<2x4xi8>
      %16 = arith.divui %arg3, %c4 : index
      %17 = vector.transfer_read %subview_0[%16, %c0], %c0_i8 {in_bounds = [true]} : memref<2x64xi8, strided<[128, 1], offset: ?>>, vector<64xi8>
      %18 = vector.shape_cast %17 : vector<64xi8> to vector<16x4xi8>
      %19 = vector.transpose %18, [1, 0] : vector<16x4xi8> to vector<4x16xi8>
      %20 = arith.extsi %15 : vector<2x4xi8> to vector<2x4xi32>
      %21 = arith.extsi %19 : vector<4x16xi8> to vector<4x16xi32>
      %22 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %20, %21, %14 : vector<2x4xi32>, vector<4x16xi32> into vector<2x16xi32>
      vector.transfer_write %22, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x16xi32>, memref<2x16xi32>
    } {nanomm.nanokernel}
    return
  }
  func.func @s8s8_packed(%arg0: memref<6x9xi8>, %arg1: memref<9x32xi8>, %arg2: memref<6x32xi32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<384xi8>
    %subview = memref.subview %arg1[0, 0] [9, 32] [1, 1] : memref<9x32xi8> to memref<9x32xi8>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 3, 128], strides: [384, 128, 1] {nanomm.packed_b} : memref<384xi8> to memref<1x3x128xi8>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 3, 128] [1, 1, 1] : memref<1x3x128xi8> to memref<3x128xi8, strided<[128, 1], offset: ?>>
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c2 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %1 = arith.muli %arg4, %c32 : index
        %c4_2 = arith.constant 4 : index
        %2 = arith.muli %arg3, %c4_2 : index
        %3 = arith.addi %1, %c0 : index
        %c0_i8 = arith.constant 0 : i8
        %4 = vector.transfer_read %subview[%2, %3], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %5 = arith.addi %2, %c1 : index
        %6 = vector.transfer_read %subview[%5, %3], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %7 = arith.addi %2, %c2 : index
        %8 = vector.transfer_read %subview[%7, %3], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %c3 = arith.constant 3 : index
        %9 = arith.addi %2, %c3 : index
        %10 = vector.transfer_read %subview[%9, %3], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %11 = vector.interleave %4, %8 : vector<16xi8> -> vector<32xi8>
        %12 = vector.interleave %6, %10 : vector<16xi8> -> vector<32xi8>
        %13 = vector.interleave %11, %12 : vector<32xi8> -> vector<64xi8>
        vector.transfer_write %13, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x3x128xi8>
        %c16 = arith.constant 16 : index
        %14 = arith.addi %1, %c16 : index
        %15 = vector.transfer_read %subview[%2, %14], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %16 = vector.transfer_read %subview[%5, %14], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %17 = vector.transfer_read %subview[%7, %14], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %18 = vector.transfer_read %subview[%9, %14], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
        %19 = vector.interleave %15, %17 : vector<16xi8> -> vector<32xi8>
        %20 = vector.interleave %16, %18 : vector<16xi8> -> vector<32xi8>
        %21 = vector.interleave %19, %20 : vector<32xi8> -> vector<64xi8>
        %c64 = arith.constant 64 : index
        vector.transfer_write %21, %reinterpret_cast[%arg4, %arg3, %c64] {in_bounds = [true]} : vector<64xi8>, memref<1x3x128xi8>
      }
    }
    scf.for %arg3 = %c0 to %c1 step %c1 {
      %1 = arith.muli %arg3, %c32 : index
      %c4_2 = arith.constant 4 : index
      %2 = arith.muli %c2, %c4_2 : index
      %3 = arith.addi %1, %c0 : index
      %c0_i8 = arith.constant 0 : i8
      %4 = vector.transfer_read %subview[%2, %3], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
      %cst_3 = arith.constant dense<0> : vector<16xi8>
      %5 = vector.interleave %4, %cst_3 : vector<16xi8> -> vector<32xi8>
      %6 = vector.interleave %cst_3, %cst_3 : vector<16xi8> -> vector<32xi8>
      %7 = vector.interleave %5, %6 : vector<32xi8> -> vector<64xi8>
      vector.transfer_write %7, %reinterpret_cast[%arg3, %c2, %c0] {in_bounds = [true]} : vector<64xi8>, memref<1x3x128xi8>
      %c16 = arith.constant 16 : index
      %8 = arith.addi %1, %c16 : index
      %9 = vector.transfer_read %subview[%2, %8], %c0_i8 {in_bounds = [true]} : memref<9x32xi8>, vector<16xi8>
      %10 = vector.interleave %9, %cst_3 : vector<16xi8> -> vector<32xi8>
      %11 = vector.interleave %10, %6 : vector<32xi8> -> vector<64xi8>
      %c64 = arith.constant 64 : index
      vector.transfer_write %11, %reinterpret_cast[%arg3, %c2, %c64] {in_bounds = [true]} : vector<64xi8>, memref<1x3x128xi8>
    }
    %subview_1 = memref.subview %arg0[0, 0] [6, 9] [1, 1] {nanomm.a_block = 0 : i64} : memref<6x9xi8> to memref<6x9xi8>
    %cst = arith.constant dense<0> : vector<6x32xi32>
    vector.transfer_write %cst, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<6x32xi32>, memref<6x32xi32>
    %c12 = arith.constant 12 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c12 step %c4 {
      %c0_i32 = arith.constant 0 : i32
      %1 = vector.transfer_read %arg2[%c0, %c0], %c0_i32 {in_bounds = [true, true]} : memref<6x32xi32>, vector<6x32xi32>
      %c0_i8 = arith.constant 0 : i8
      %2 = vector.transfer_read %subview_1[%c0, %arg3], %c0_i8 {in_bounds = [true, false]} : memref<6x9xi8>, vector<6x4xi8>
      %3 = arith.divui %arg3, %c4 : index
      %4 = vector.transfer_read %subview_0[%3, %c0], %c0_i8 {in_bounds = [true]} : memref<3x128xi8, strided<[128, 1], offset: ?>>, vector<128xi8>
      %5 = vector.shape_cast %4 : vector<128xi8> to vector<32x4xi8>
      %6 = vector.transpose %5, [1, 0] : vector<32x4xi8> to vector<4x32xi8>
      %7 = arith.extsi %2 : vector<6x4xi8> to vector<6x4xi32>
      %8 = arith.extsi %6 : vector<4x32xi8> to vector<4x32xi32>
      %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<6x4xi32>, vector<4x32xi32> into vector<6x32xi32>
      vector.transfer_write %9, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<6x32xi32>, memref<6x32xi32>
    } {nanomm.nanokernel}
    return
  }
}

// Input of tests/lit/passes/compose-microkernel-dot.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=12 nc=32 kc=16 order=nkm},tile-register{mr=6 nr=32},pack{nr=32}' tests/lit/passes/compose-microkernel-dot.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @unpacked(%arg0: memref<2x7xbf16>, %arg1: memref<7x20xbf16>, %arg2: memref<2x20xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<256xbf16>
    %subview = memref.subview %arg1[0, 0] [7, 20] [1, 1] : memref<7x20xbf16> to memref<7x20xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 4, 64], strides: [256, 64, 1] {nanomm.packed_b} : memref<256xbf16> to memref<1x4x64xbf16>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 4, 40] [1, 1, 1] : memref<1x4x64xbf16> to memref<4x40xbf16, strided<[64, 1], offset: ?>>
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c3 step %c1 {
      %10 = arith.muli %c0, %c32 : index
      %c2_3 = arith.constant 2 : index
      %11 = arith.muli %arg3, %c2_3 : index
      %12 = arith.addi %10, %c0 : index
      %cst_4 = arith.constant 0.000000e+00 : bf16
      %13 = vector.transfer_read %subview[%11, %12], %cst_4 {in_bounds = [true]} : memref<7x20xbf16>, vector<16xbf16>
      %14 = arith.addi %11, %c1 : index
      %15 = vector.transfer_read %subview[%14, %12], %cst_4 {in_bounds = [true]} : memref<7x20xbf16>, vector<16xbf16>
      %16 = vector.interleave %13, %15 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %16, %reinterpret_cast[%c0, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
      %c16_5 = arith.constant 16 : index
      %17 = arith.addi %10, %c16_5 : index
      %18 = vector.constant_mask [4] : vector<16xi1>
      %19 = vector.transfer_read %subview[%11, %17], %cst_4, %18 {in_bounds = [true]} : memref<7x20xbf16>, vector<16xbf16>
      %20 = vector.transfer_read %subview[%14, %17], %cst_4, %18 {in_bounds = [true]} : memref<7x20xbf16>, vector<16xbf16>
      %21 = vector.interleave %19, %20 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %21, %reinterpret_cast[%c0, %arg3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
    }
    %1 = arith.muli %c0, %c32 : index
    %c2 = arith.constant 2 : index
    %2 = arith.muli %c3, %c2 : index
    %3 = arith.addi %1, %c0 : index
    %cst = arith.constant 0.000000e+00 : bf16
    %4 = vector.transfer_read %subview[%2, %3], %cst {in_bounds = [true]} : memref<7x20xbf16>, vector<16xbf16>
    %cst_1 = arith.constant dense<0.000000e+00> : vector<16xbf16>
    %5 = vector.interleave %4, %cst_1 : vector<16xbf16> -> vector<32xbf16>
    vector.transfer_write %5, %reinterpret_cast[%c0, %c3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
    %c16 = arith.constant 16 : index
    %6 = arith.addi %1, %c16 : index
    %7 = vector.constant_mask [4] : vector<16xi1>
    %8 = vector.transfer_read %subview[%2, %6], %cst, %7 {in_bounds = [true]} : memref<7x20xbf16>, vector<16xbf16>
    %9 = vector.interleave %8, %cst_1 : vector<16xbf16> -> vector<32xbf16>
    vector.transfer_write %9, %reinterpret_cast[%c0, %c3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
    %subview_2 = memref.subview %arg0[0, 0] [2, 7] [1, 1] {nanomm.a_block = 0 : i64} : memref<2x7xbf16> to memref<2x7xbf16>
    %c8 = arith.constant 8 : index
    scf.for %arg3 = %c0 to %c8 step %c2 {
      %cst_3 = arith.constant 0.000000e+00 : f32
      %10 = vector.transfer_read %arg2[%c0, %c0], %cst_3 {in_bounds = [true, true]} : memref<2x20xf32>, vector<2x20xf32>
      %11 = vector.transfer_read %subview_2[%c0, %arg3], %cst {in_bounds = [true, false]} : memref<2x7xbf16>, vector<2x2xbf16>
      %12 = arith.divui %arg3, %c2 : index
      %13 = vector.transfer_read %subview_0[%12, %c0], %cst {in_bounds = [true]} : memref<4x40xbf16, strided<[64, 1], offset: ?>>, vector<40xbf16>
      %14 = vector.shape_cast %13 : vector<40xbf16> to vector<20x2xbf16>
      %15 = vector.transpose %14, [1, 0] : vector<20x2xbf16> to vector<2x20xbf16>
      %16 = arith.extf %11 : vector<2x2xbf16> to vector<2x2xf32>
      %17 = arith.extf %15 : vector<2x20xbf16> to vector<2x20xf32>
      %18 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %16, %17, %10 : vector<2x2xf32>, vector<2x20xf32> into vector<2x20xf32>
      vector.transfer_write %18, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<2x20xf32>, memref<2x20xf32>
    } {nanomm.nanokernel}
    return
  }
  func.func @packed(%arg0: memref<12x7xbf16>, %arg1: memref<7x32xbf16>, %arg2: memref<12x32xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<256xbf16>
    %subview = memref.subview %arg1[0, 0] [7, 32] [1, 1] : memref<7x32xbf16> to memref<7x32xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca to offset: [0], sizes: [1, 4, 64], strides: [256, 64, 1] {nanomm.packed_b} : memref<256xbf16> to memref<1x4x64xbf16>
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_0 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 4, 64] [1, 1, 1] : memref<1x4x64xbf16> to memref<4x64xbf16, strided<[64, 1], offset: ?>>
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c3 step %c1 {
      scf.for %arg4 = %c0 to %c1 step %c1 {
        %1 = arith.muli %arg4, %c32 : index
        %c2 = arith.constant 2 : index
        %2 = arith.muli %arg3, %c2 : index
        %3 = arith.addi %1, %c0 : index
        %cst = arith.constant 0.000000e+00 : bf16
        %4 = vector.transfer_read %subview[%2, %3], %cst {in_bounds = [true]} : memref<7x32xbf16>, vector<16xbf16>
        %5 = arith.addi %2, %c1 : index
        %6 = vector.transfer_read %subview[%5, %3], %cst {in_bounds = [true]} : memref<7x32xbf16>, vector<16xbf16>
        %7 = vector.interleave %4, %6 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %7, %reinterpret_cast[%arg4, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
        %c16 = arith.constant 16 : index
        %8 = arith.addi %1, %c16 : index
        %9 = vector.transfer_read %subview[%2, %8], %cst {in_bounds = [true]} : memref<7x32xbf16>, vector<16xbf16>
        %10 = vector.transfer_read %subview[%5, %8], %cst {in_bounds = [true]} : memref<7x32xbf16>, vector<16xbf16>
        %11 = vector.interleave %9, %10 : vector<16xbf16> -> vector<32xbf16>
        vector.transfer_write %11, %reinterpret_cast[%arg4, %arg3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
      }
    }
    scf.for %arg3 = %c0 to %c1 step %c1 {
      %1 = arith.muli %arg3, %c32 : index
      %c2 = arith.constant 2 : index
      %2 = arith.muli %c3, %c2 : index
      %3 = arith.addi %1, %c0 : index
      %cst = arith.constant 0.000000e+00 : bf16
      %4 = vector.transfer_read %subview[%2, %3], %cst {in_bounds = [true]} : memref<7x32xbf16>, vector<16xbf16>
      %cst_2 = arith.constant dense<0.000000e+00> : vector<16xbf16>
      %5 = vector.interleave %4, %cst_2 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %5, %reinterpret_cast[%arg3, %c3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
      %c16 = arith.constant 16 : index
      %6 = arith.addi %1, %c16 : index
      %7 = vector.transfer_read %subview[%2, %6], %cst {in_bounds = [true]} : memref<7x32xbf16>, vector<16xbf16>
      %8 = vector.interleave %7, %cst_2 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %8, %reinterpret_cast[%arg3, %c3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x4x64xbf16>
    }
    %subview_1 = memref.subview %arg0[0, 0] [12, 7] [1, 1] {nanomm.a_block = 0 : i64} : memref<12x7xbf16> to memref<12x7xbf16>
    %c12 = arith.constant 12 : index
    %c6 = arith.constant 6 : index
    scf.for %arg3 = %c0 to %c12 step %c6 {
      %subview_2 = memref.subview %arg2[%arg3, 0] [6, 32] [1, 1] : memref<12x32xf32> to memref<6x32xf32, strided<[32, 1], offset: ?>>
      %subview_3 = memref.subview %subview_1[%arg3, 0] [6, 7] [1, 1] : memref<12x7xbf16> to memref<6x7xbf16, strided<[7, 1], offset: ?>>
      %cst = arith.constant dense<0.000000e+00> : vector<6x32xf32>
      vector.transfer_write %cst, %subview_2[%c0, %c0] {in_bounds = [true, true]} : vector<6x32xf32>, memref<6x32xf32, strided<[32, 1], offset: ?>>
      %c8 = arith.constant 8 : index
      %c2 = arith.constant 2 : index
      scf.for %arg4 = %c0 to %c8 step %c2 {
        %cst_4 = arith.constant 0.000000e+00 : f32
        %1 = vector.transfer_read %subview_2[%c0, %c0], %cst_4 {in_bounds = [true, true]} : memref<6x32xf32, strided<[32, 1], offset: ?>>, vector<6x32xf32>
        %cst_5 = arith.constant 0.000000e+00 : bf16
        %2 = vector.transfer_read %subview_3[%c0, %arg4], %cst_5 {in_bounds = [true, false]} : memref<6x7xbf16, strided<[7, 1], offset: ?>>, vector<6x2xbf16>
        %3 = arith.divui %arg4, %c2 : index
        %4 = vector.transfer_read %subview_0[%3, %c0], %cst_5 {in_bounds = [true]} : memref<4x64xbf16, strided<[64, 1], offset: ?>>, vector<64xbf16>
        %5 = vector.shape_cast %4 : vector<64xbf16> to vector<32x2xbf16>
        %6 = vector.transpose %5, [1, 0] : vector<32x2xbf16> to vector<2x32xbf16>
        %7 = arith.extf %2 : vector<6x2xbf16> to vector<6x2xf32>
        %8 = arith.extf %6 : vector<2x32xbf16> to vector<2x32xf32>
        %9 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %7, %8, %1 : vector<6x2xf32>, vector<2x32xf32> into vector<6x32xf32>
        vector.transfer_write %9, %subview_2[%c0, %c0] {in_bounds = [true, true]} : vector<6x32xf32>, memref<6x32xf32, strided<[32, 1], offset: ?>>
      } {nanomm.nanokernel}
    }
    return
  }
}

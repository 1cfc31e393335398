// Input of tests/lit/passes/pad-mn-dynamic.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=64 nc=32 kc=64 order=nkm},tile-register{mr=32 nr=32 pad-rows=16},pack{nr=32 pack-a=1 a-rows=64}' tests/lit/passes/pad-mn-dynamic.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @dyn(%arg0: memref<?x64xbf16>, %arg1: memref<64x20xbf16>, %arg2: memref<?x20xf32>) {
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<6144xbf16>
    %alloca_0 = memref.alloca() {alignment = 64 : i64} : memref<2048xbf16>
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x64xbf16>
    %subview = memref.subview %arg1[0, 0] [64, 20] [1, 1] : memref<64x20xbf16> to memref<64x20xbf16>
    %reinterpret_cast = memref.reinterpret_cast %alloca_0 to offset: [0], sizes: [1, 32, 64], strides: [2048, 64, 1] {nanomm.packed_b} : memref<2048xbf16> to memref<1x32x64xbf16>
    %c32 = arith.constant 32 : index
    %0 = arith.divui %c0, %c32 : index
    %subview_1 = memref.subview %reinterpret_cast[%0, 0, 0] [1, 32, 40] [1, 1, 1] : memref<1x32x64xbf16> to memref<32x40xbf16, strided<[64, 1], offset: ?>>
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c32 step %c1 {
      %1 = arith.muli %c0, %c32 : index
      %c2 = arith.constant 2 : index
      %2 = arith.muli %arg3, %c2 : index
      %3 = arith.addi %1, %c0 : index
      %cst = arith.constant 0.000000e+00 : bf16
      %4 = vector.transfer_read %subview[%2, %3], %cst {in_bounds = [true]} : memref<64x20xbf16>, vector<16xbf16>
      %5 = arith.addi %2, %c1 : index
      %6 = vector.transfer_read %subview[%5, %3], %cst {in_bounds = [true]} : memref<64x20xbf16>, vector<16xbf16>
      %7 = vector.interleave %4, %6 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %7, %reinterpret_cast[%c0, %arg3, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<1x32x64xbf16>
      %c16 = arith.constant 16 : index
      %8 = arith.addi %1, %c16 : index
      %9 = vector.constant_mask [4] : vector<16xi1>
      %10 = vector.transfer_read %subview[%2, %8], %cst, %9 {in_bounds = [true]} : memref<64x20xbf16>, vector<16xbf16>
      %11 = vector.transfer_read %subview[%5, %8], %cst, %9 {in_bounds = [true]} : memref<64x20xbf16>, vector<16xbf16>
      %12 = vector.interleave %10, %11 : vector<16xbf16> -> vector<32xbf16>
      vector.transfer_write %12, %reinterpret_cast[%c0, %arg3, %c32] {in_bounds = [true]} : vector<32xbf16>, memref<1x32x64xbf16>
    }
    %c64 = arith.constant 64 : index
    scf.for %arg3 = %c0 to %dim step %c64 {
      %1 = arith.subi %dim, %arg3 : index
      %2 = arith.minui %1, %c64 : index
      %subview_2 = memref.subview %arg2[%arg3, %c0] [%2, 20] [1, 1] : memref<?x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
      %subview_3 = memref.subview %arg0[%arg3, %c0] [%2, 64] [1, 1] : memref<?x64xbf16> to memref<?x64xbf16, strided<[64, 1], offset: ?>>
      %dim_4 = memref.dim %subview_3, %c0 : memref<?x64xbf16, strided<[64, 1], offset: ?>>
      %reinterpret_cast_5 = memref.reinterpret_cast %alloca to offset: [0], sizes: [%dim_4, 64], strides: [96, 1] : memref<6144xbf16> to memref<?x64xbf16, strided<[96, 1]>>
      scf.for %arg4 = %c0 to %dim_4 step %c1 {
        %cst = arith.constant 0.000000e+00 : bf16
        %7 = vector.transfer_read %subview_3[%arg4, %c0], %cst {in_bounds = [true]} : memref<?x64xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %7, %reinterpret_cast_5[%arg4, %c0] {in_bounds = [true]} : vector<16xbf16>, memref<?x64xbf16, strided<[96, 1]>>
        %c16_6 = arith.constant 16 : index
        %8 = vector.transfer_read %subview_3[%arg4, %c16_6], %cst {in_bounds = [true]} : memref<?x64xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %8, %reinterpret_cast_5[%arg4, %c16_6] {in_bounds = [true]} : vector<16xbf16>, memref<?x64xbf16, strided<[96, 1]>>
        %9 = vector.transfer_read %subview_3[%arg4, %c32], %cst {in_bounds = [true]} : memref<?x64xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %9, %reinterpret_cast_5[%arg4, %c32] {in_bounds = [true]} : vector<16xbf16>, memref<?x64xbf16, strided<[96, 1]>>
        %c48 = arith.constant 48 : index
        %10 = vector.transfer_read %subview_3[%arg4, %c48], %cst {in_bounds = [true]} : memref<?x64xbf16, strided<[64, 1], offset: ?>>, vector<16xbf16>
        vector.transfer_write %10, %reinterpret_cast_5[%arg4, %c48] {in_bounds = [true]} : vector<16xbf16>, memref<?x64xbf16, strided<[96, 1]>>
      }
      %3 = arith.remui %dim_4, %c32 : index
      %4 = arith.subi %dim_4, %3 : index
      scf.for %arg4 = %c0 to %4 step %c32 {
        %subview_6 = memref.subview %subview_2[%arg4, 0] [32, 20] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<32x20xf32, strided<[20, 1], offset: ?>>
        %subview_7 = memref.subview %reinterpret_cast_5[%arg4, 0] [32, 64] [1, 1] : memref<?x64xbf16, strided<[96, 1]>> to memref<32x64xbf16, strided<[96, 1], offset: ?>>
        %c2 = arith.constant 2 : index
        scf.for %arg5 = %c0 to %c64 step %c2 {
          %cst = arith.constant 0.000000e+00 : f32
          %7 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [true, true]} : memref<32x20xf32, strided<[20, 1], offset: ?>>, vector<32x20xf32>
          %cst_8 = arith.constant 0.000000e+00 : bf16
          %8 = vector.transfer_read %subview_7[%c0, %arg5], %cst_8 {in_bounds = [true, true]} : memref<32x64xbf16, strided<[96, 1], offset: ?>>, vector<32x2xbf16>
          %9 = arith.divui %arg5, %c2 : index
          %10 = vector.transfer_read %subview_1[%9, %c0], %cst_8 {in_bounds = [true]} : memref<32x40xbf16, strided<[64, 1], offset: ?>>, vector<40xbf16>
          %11 = vector.shape_cast %10 : vector<40xbf16> to vector<20x2xbf16>
          %12 = vector.transpose %11, [1, 0] : vector<20x2xbf16> to vector<2x20xbf16>
          %13 = arith.extf %8 : vector<32x2xbf16> to vector<32x2xf32>
          %14 = arith.extf %12 : vector<2x20xbf16> to vector<2x20xf32>
          %15 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %13, %14, %7 : vector<32x2xf32>, vector<2x20xf32> into vector<32x20xf32>
          vector.transfer_write %15, %subview_6[%c0, %c0] {in_bounds = [true, true]} : vector<32x20xf32>, memref<32x20xf32, strided<[20, 1], offset: ?>>
        } {nanomm.nanokernel}
      }
      %5 = arith.subi %3, %c1 : index
      %c16 = arith.constant 16 : index
      %6 = arith.divui %5, %c16 : index
      scf.index_switch %6 
      case 0 {
        %subview_6 = memref.subview %subview_2[%4, %c0] [%3, 20] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x20xf32, strided<[20, 1], offset: ?>>
        %subview_7 = memref.subview %reinterpret_cast_5[%4, 0] [16, 64] [1, 1] : memref<?x64xbf16, strided<[96, 1]>> to memref<16x64xbf16, strided<[96, 1], offset: ?>>
        %c2 = arith.constant 2 : index
        scf.for %arg4 = %c0 to %c64 step %c2 {
          %cst = arith.constant 0.000000e+00 : f32
          %7 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [false, true]} : memref<?x20xf32, strided<[20, 1], offset: ?>>, vector<16x20xf32>
          %cst_8 = arith.constant 0.000000e+00 : bf16
          %8 = vector.transfer_read %subview_7[%c0, %arg4], %cst_8 {in_bounds = [true, true]} : memref<16x64xbf16, strided<[96, 1], offset: ?>>, vector<16x2xbf16>
          %9 = arith.divui %arg4, %c2 : index
          %10 = vector.transfer_read %subview_1[%9, %c0], %cst_8 {in_bounds = [true]} : memref<32x40xbf16, strided<[64, 1], offset: ?>>, vector<40xbf16>
          %11 = vector.shape_cast %10 : vector<40xbf16> to vector<20x2xbf16>
          %12 = vector.transpose %11, [1, 0] : vector<20x2xbf16> to vector<2x20xbf16>
          %13 = arith.extf %8 : vector<16x2xbf16> to vector<16x2xf32>
          %14 = arith.extf %12 : vector<2x20xbf16> to vector<2x20xf32>
          %15 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %13, %14, %7 : vector<16x2xf32>, vector<2x20xf32> into vector<16x20xf32>
          vector.transfer_write %15, %subview_6[%c0, %c0] {in_bounds = [false, true]} : vector<16x20xf32>, memref<?x20xf32, strided<[20, 1], offset: ?>>
        } {nanomm.nanokernel}
        scf.yield
      }
      case 1 {
        %subview_6 = memref.subview %subview_2[%4, %c0] [%3, 20] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x20xf32, strided<[20, 1], offset: ?>>
        %subview_7 = memref.subview %reinterpret_cast_5[%4, 0] [32, 64] [1, 1] : memref<?x64xbf16, strided<[96, 1]>> to memref<32x64xbf16, strided<[96, 1], offset: ?>>
        %c2 = arith.constant 2 : index
        scf.for %arg4 = %c0 to %c64 step %c2 {
          %cst = arith.constant 0.000000e+00 : f32
          %7 = vector.transfer_read %subview_6[%c0, %c0], %cst {in_bounds = [false, true]} : memref<?x20xf32, strided<[20, 1], offset: ?>>, vector<32x20xf32>
          %cst_8 = arith.constant 0.000000e+00 : bf16
          %8 = vector.transfer_read %subview_7[%c0, %arg4], %cst_8 {in_bounds = [true, true]} : memref<32x64xbf16, strided<[96, 1], offset: ?>>, vector<32x2xbf16>
          %9 = arith.divui %arg4, %c2 : index
          %10 = vector.transfer_read %subview_1[%9, %c0], %cst_8 {in_bounds = [true]} : memref<32x40xbf16, strided<[64, 1], offset: ?>>, vector<40xbf16>
          %11 = vector.shape_cast %10 : vector<40xbf16> to vector<20x2xbf16>
          %12 = vector.transpose %11, [1, 0] : vector<20x2xbf16> to vector<2x20xbf16>
          %13 = arith.extf %8 : vector<32x2xbf16> to vector<32x2xf32>
          %14 = arith.extf %12 : vector<2x20xbf16> to vector<2x20xf32>
          %15 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %13, %14, %7 : vector<32x2xf32>, vector<2x20xf32> into vector<32x20xf32>
          vector.transfer_write %15, %subview_6[%c0, %c0] {in_bounds = [false, true]} : vector<32x20xf32>, memref<?x20xf32, strided<[20, 1], offset: ?>>
        } {nanomm.nanokernel}
        scf.yield
      }
      default {
      }
    }
    return
  }
}

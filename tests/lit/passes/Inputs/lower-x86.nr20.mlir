// Input of tests/lit/passes/lower-x86.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=20},compose-microkernel' tests/lit/passes/lower-x86.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
module {
  func.func @mm(%arg0: memref<2x7xf32>, %arg1: memref<7x20xf32>, %arg2: memref<2x20xf32>) {
    %0 = vector.constant_mask [4] : vector<16xi1>
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %1 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true]} : memref<2x20xf32>, vector<16xf32>
    %c16 = arith.constant 16 : index
    %2 = vector.transfer_read %arg2[%c0, %c16], %cst, %0 {in_bounds = [true]} : memref<2x20xf32>, vector<16xf32>
    %c1 = arith.constant 1 : index
    %3 = vector.transfer_read %arg2[%c1, %c0], %cst {in_bounds = [true]} : memref<2x20xf32>, vector<16xf32>
    %4 = vector.transfer_read %arg2[%c1, %c16], %cst, %0 {in_bounds = [true]} : memref<2x20xf32>, vector<16xf32>
    %c7 = arith.constant 7 : index
    %5:4 = scf.for %arg3 = %c0 to %c7 step %c1 iter_args(%arg4 = %1, %arg5 = %2, %arg6 = %3, %arg7 = %4) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
      %6 = vector.transfer_read %arg1[%arg3, %c0], %cst {in_bounds = [true]} : memref<7x20xf32>, vector<16xf32>
      %7 = vector.transfer_read %arg1[%arg3, %c16], %cst, %0 {in_bounds = [true]} : memref<7x20xf32>, vector<16xf32>
      %8 = memref.load %arg0[%c0, %arg3] : memref<2x7xf32>
      %9 = vector.broadcast %8 : f32 to vector<16xf32>
      %10 = vector.fma %9, %6, %arg4 : vector<16xf32>
      %11 = vector.fma %9, %7, %arg5 : vector<16xf32>
      %12 = memref.load %arg0[%c1, %arg3] : memref<2x7xf32>
      %13 = vector.broadcast %12 : f32 to vector<16xf32>
      %14 = vector.fma %13, %6, %arg6 : vector<16xf32>
      %15 = vector.fma %13, %7, %arg7 : vector<16xf32>
      scf.yield %10, %11, %14, %15 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
    } {nanomm.microkernel}
    vector.transfer_write %5#0, %arg2[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32>
    vector.transfer_write %5#1, %arg2[%c0, %c16], %0 {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32>
    vector.transfer_write %5#2, %arg2[%c1, %c0] {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32>
    vector.transfer_write %5#3, %arg2[%c1, %c16], %0 {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32>
    return
  }
  func.func @big(%arg0: memref<8x3xf32>, %arg1: memref<3x64xf32>, %arg2: memref<8x64xf32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c8 step %c2 {
      %c60 = arith.constant 60 : index
      %c20 = arith.constant 20 : index
      scf.for %arg4 = %c0 to %c60 step %c20 {
        %subview_2 = memref.subview %arg2[%arg3, %arg4] [2, 20] [1, 1] : memref<8x64xf32> to memref<2x20xf32, strided<[64, 1], offset: ?>>
        %subview_3 = memref.subview %arg0[%arg3, 0] [2, 3] [1, 1] : memref<8x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
        %subview_4 = memref.subview %arg1[0, %arg4] [3, 20] [1, 1] : memref<3x64xf32> to memref<3x20xf32, strided<[64, 1], offset: ?>>
        %4 = vector.constant_mask [4] : vector<16xi1>
        %cst_5 = arith.constant 0.000000e+00 : f32
        %5 = vector.transfer_read %subview_2[%c0, %c0], %cst_5 {in_bounds = [true]} : memref<2x20xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c16 = arith.constant 16 : index
        %6 = vector.transfer_read %subview_2[%c0, %c16], %cst_5, %4 {in_bounds = [true]} : memref<2x20xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c1_6 = arith.constant 1 : index
        %7 = vector.transfer_read %subview_2[%c1_6, %c0], %cst_5 {in_bounds = [true]} : memref<2x20xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %8 = vector.transfer_read %subview_2[%c1_6, %c16], %cst_5, %4 {in_bounds = [true]} : memref<2x20xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c3_7 = arith.constant 3 : index
        %9:4 = scf.for %arg5 = %c0 to %c3_7 step %c1_6 iter_args(%arg6 = %5, %arg7 = %6, %arg8 = %7, %arg9 = %8) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
          %10 = vector.transfer_read %subview_4[%arg5, %c0], %cst_5 {in_bounds = [true]} : memref<3x20xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
          %11 = vector.transfer_read %subview_4[%arg5, %c16], %cst_5, %4 {in_bounds = [true]} : memref<3x20xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
          %12 = memref.load %subview_3[%c0, %arg5] : memref<2x3xf32, strided<[3, 1], offset: ?>>
          %13 = vector.broadcast %12 : f32 to vector<16xf32>
          %14 = vector.fma %13, %10, %arg6 : vector<16xf32>
          %15 = vector.fma %13, %11, %arg7 : vector<16xf32>
          %16 = memref.load %subview_3[%c1_6, %arg5] : memref<2x3xf32, strided<[3, 1], offset: ?>>
          %17 = vector.broadcast %16 : f32 to vector<16xf32>
          %18 = vector.fma %17, %10, %arg8 : vector<16xf32>
          %19 = vector.fma %17, %11, %arg9 : vector<16xf32>
          scf.yield %14, %15, %18, %19 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
        } {nanomm.microkernel}
        vector.transfer_write %9#0, %subview_2[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %9#1, %subview_2[%c0, %c16], %4 {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %9#2, %subview_2[%c1_6, %c0] {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %9#3, %subview_2[%c1_6, %c16], %4 {in_bounds = [true]} : vector<16xf32>, memref<2x20xf32, strided<[64, 1], offset: ?>>
      }
      %subview = memref.subview %arg2[%arg3, 60] [2, 4] [1, 1] : memref<8x64xf32> to memref<2x4xf32, strided<[64, 1], offset: ?>>
      %subview_0 = memref.subview %arg0[%arg3, 0] [2, 3] [1, 1] : memref<8x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
      %subview_1 = memref.subview %arg1[0, 60] [3, 4] [1, 1] : memref<3x64xf32> to memref<3x4xf32, strided<[64, 1], offset: 60>>
      %0 = vector.constant_mask [4] : vector<16xi1>
      %cst = arith.constant 0.000000e+00 : f32
      %1 = vector.transfer_read %subview[%c0, %c0], %cst, %0 {in_bounds = [true]} : memref<2x4xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %c1 = arith.constant 1 : index
      %2 = vector.transfer_read %subview[%c1, %c0], %cst, %0 {in_bounds = [true]} : memref<2x4xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
      %c3 = arith.constant 3 : index
      %3:2 = scf.for %arg4 = %c0 to %c3 step %c1 iter_args(%arg5 = %1, %arg6 = %2) -> (vector<16xf32>, vector<16xf32>) {
        %4 = vector.transfer_read %subview_1[%arg4, %c0], %cst, %0 {in_bounds = [true]} : memref<3x4xf32, strided<[64, 1], offset: 60>>, vector<16xf32>
        %5 = memref.load %subview_0[%c0, %arg4] : memref<2x3xf32, strided<[3, 1], offset: ?>>
        %6 = vector.broadcast %5 : f32 to vector<16xf32>
        %7 = vector.fma %6, %4, %arg5 : vector<16xf32>
        %8 = memref.load %subview_0[%c1, %arg4] : memref<2x3xf32, strided<[3, 1], offset: ?>>
        %9 = vector.broadcast %8 : f32 to vector<16xf32>
        %10 = vector.fma %9, %4, %arg6 : vector<16xf32>
        scf.yield %7, %10 : vector<16xf32>, vector<16xf32>
      } {nanomm.microkernel}
      vector.transfer_write %3#0, %subview[%c0, %c0], %0 {in_bounds = [true]} : vector<16xf32>, memref<2x4xf32, strided<[64, 1], offset: ?>>
      vector.transfer_write %3#1, %subview[%c1, %c0], %0 {in_bounds = [true]} : vector<16xf32>, memref<2x4xf32, strided<[64, 1], offset: ?>>
    }
    return
  }
}

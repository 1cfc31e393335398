// Input of tests/lit/passes/lower-x86.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=4 nr=32},compose-microkernel' tests/lit/passes/lower-x86.mlir
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
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c0 to %c8 step %c4 {
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      scf.for %arg4 = %c0 to %c64 step %c32 {
        %subview = memref.subview %arg2[%arg3, %arg4] [4, 32] [1, 1] : memref<8x64xf32> to memref<4x32xf32, strided<[64, 1], offset: ?>>
        %subview_0 = memref.subview %arg0[%arg3, 0] [4, 3] [1, 1] : memref<8x3xf32> to memref<4x3xf32, strided<[3, 1], offset: ?>>
        %subview_1 = memref.subview %arg1[0, %arg4] [3, 32] [1, 1] : memref<3x64xf32> to memref<3x32xf32, strided<[64, 1], offset: ?>>
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview[%c0, %c0], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c16 = arith.constant 16 : index
        %1 = vector.transfer_read %subview[%c0, %c16], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c1 = arith.constant 1 : index
        %2 = vector.transfer_read %subview[%c1, %c0], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %3 = vector.transfer_read %subview[%c1, %c16], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c2 = arith.constant 2 : index
        %4 = vector.transfer_read %subview[%c2, %c0], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %5 = vector.transfer_read %subview[%c2, %c16], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %c3 = arith.constant 3 : index
        %6 = vector.transfer_read %subview[%c3, %c0], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %7 = vector.transfer_read %subview[%c3, %c16], %cst {in_bounds = [true]} : memref<4x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
        %8:8 = scf.for %arg5 = %c0 to %c3 step %c1 iter_args(%arg6 = %0, %arg7 = %1, %arg8 = %2, %arg9 = %3, %arg10 = %4, %arg11 = %5, %arg12 = %6, %arg13 = %7) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
          %9 = vector.transfer_read %subview_1[%arg5, %c0], %cst {in_bounds = [true]} : memref<3x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
          %10 = vector.transfer_read %subview_1[%arg5, %c16], %cst {in_bounds = [true]} : memref<3x32xf32, strided<[64, 1], offset: ?>>, vector<16xf32>
          %11 = memref.load %subview_0[%c0, %arg5] : memref<4x3xf32, strided<[3, 1], offset: ?>>
          %12 = vector.broadcast %11 : f32 to vector<16xf32>
          %13 = vector.fma %12, %9, %arg6 : vector<16xf32>
          %14 = vector.fma %12, %10, %arg7 : vector<16xf32>
          %15 = memref.load %subview_0[%c1, %arg5] : memref<4x3xf32, strided<[3, 1], offset: ?>>
          %16 = vector.broadcast %15 : f32 to vector<16xf32>
          %17 = vector.fma %16, %9, %arg8 : vector<16xf32>
          %18 = vector.fma %16, %10, %arg9 : vector<16xf32>
          %19 = memref.load %subview_0[%c2, %arg5] : memref<4x3xf32, strided<[3, 1], offset: ?>>
          %20 = vector.broadcast %19 : f32 to vector<16xf32>
          %21 = vector.fma %20, %9, %arg10 : vector<16xf32>
          %22 = vector.fma %20, %10, %arg11 : vector<16xf32>
          %23 = memref.load %subview_0[%c3, %arg5] : memref<4x3xf32, strided<[3, 1], offset: ?>>
          %24 = vector.broadcast %23 : f32 to vector<16xf32>
          %25 = vector.fma %24, %9, %arg12 : vector<16xf32>
          %26 = vector.fma %24, %10, %arg13 : vector<16xf32>
          scf.yield %13, %14, %17, %18, %21, %22, %25, %26 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
        } {nanomm.microkernel}
        vector.transfer_write %8#0, %subview[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#1, %subview[%c0, %c16] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#2, %subview[%c1, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#3, %subview[%c1, %c16] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#4, %subview[%c2, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#5, %subview[%c2, %c16] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#6, %subview[%c3, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %8#7, %subview[%c3, %c16] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32, strided<[64, 1], offset: ?>>
      }
    }
    return
  }
}

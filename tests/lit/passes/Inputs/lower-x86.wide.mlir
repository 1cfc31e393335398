// Input of tests/lit/passes/lower-x86.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=32},compose-microkernel{vector-width=32}' tests/lit/passes/lower-x86.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
module {
  func.func @mm(%arg0: memref<2x7xf32>, %arg1: memref<7x20xf32>, %arg2: memref<2x20xf32>) {
    %0 = vector.constant_mask [20] : vector<32xi1>
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %1 = vector.transfer_read %arg2[%c0, %c0], %cst, %0 {in_bounds = [true]} : memref<2x20xf32>, vector<32xf32>
    %c1 = arith.constant 1 : index
    %2 = vector.transfer_read %arg2[%c1, %c0], %cst, %0 {in_bounds = [true]} : memref<2x20xf32>, vector<32xf32>
    %c7 = arith.constant 7 : index
    %3:2 = scf.for %arg3 = %c0 to %c7 step %c1 iter_args(%arg4 = %1, %arg5 = %2) -> (vector<32xf32>, vector<32xf32>) {
      %4 = vector.transfer_read %arg1[%arg3, %c0], %cst, %0 {in_bounds = [true]} : memref<7x20xf32>, vector<32xf32>
      %5 = memref.load %arg0[%c0, %arg3] : memref<2x7xf32>
      %6 = vector.broadcast %5 : f32 to vector<32xf32>
      %7 = vector.fma %6, %4, %arg4 : vector<32xf32>
      %8 = memref.load %arg0[%c1, %arg3] : memref<2x7xf32>
      %9 = vector.broadcast %8 : f32 to vector<32xf32>
      %10 = vector.fma %9, %4, %arg5 : vector<32xf32>
      scf.yield %7, %10 : vector<32xf32>, vector<32xf32>
    } {nanomm.microkernel}
    vector.transfer_write %3#0, %arg2[%c0, %c0], %0 {in_bounds = [true]} : vector<32xf32>, memref<2x20xf32>
    vector.transfer_write %3#1, %arg2[%c1, %c0], %0 {in_bounds = [true]} : vector<32xf32>, memref<2x20xf32>
    return
  }
  func.func @big(%arg0: memref<8x3xf32>, %arg1: memref<3x64xf32>, %arg2: memref<8x64xf32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    scf.for %arg3 = %c0 to %c8 step %c2 {
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      scf.for %arg4 = %c0 to %c64 step %c32 {
        %subview = memref.subview %arg2[%arg3, %arg4] [2, 32] [1, 1] : memref<8x64xf32> to memref<2x32xf32, strided<[64, 1], offset: ?>>
        %subview_0 = memref.subview %arg0[%arg3, 0] [2, 3] [1, 1] : memref<8x3xf32> to memref<2x3xf32, strided<[3, 1], offset: ?>>
        %subview_1 = memref.subview %arg1[0, %arg4] [3, 32] [1, 1] : memref<3x64xf32> to memref<3x32xf32, strided<[64, 1], offset: ?>>
        %cst = arith.constant 0.000000e+00 : f32
        %0 = vector.transfer_read %subview[%c0, %c0], %cst {in_bounds = [true]} : memref<2x32xf32, strided<[64, 1], offset: ?>>, vector<32xf32>
        %c1 = arith.constant 1 : index
        %1 = vector.transfer_read %subview[%c1, %c0], %cst {in_bounds = [true]} : memref<2x32xf32, strided<[64, 1], offset: ?>>, vector<32xf32>
        %c3 = arith.constant 3 : index
        %2:2 = scf.for %arg5 = %c0 to %c3 step %c1 iter_args(%arg6 = %0, %arg7 = %1) -> (vector<32xf32>, vector<32xf32>) {
          %3 = vector.transfer_read %subview_1[%arg5, %c0], %cst {in_bounds = [true]} : memref<3x32xf32, strided<[64, 1], offset: ?>>, vector<32xf32>
          %4 = memref.load %subview_0[%c0, %arg5] : memref<2x3xf32, strided<[3, 1], offset: ?>>
          %5 = vector.broadcast %4 : f32 to vector<32xf32>
          %6 = vector.fma %5, %3, %arg6 : vector<32xf32>
          %7 = memref.load %subview_0[%c1, %arg5] : memref<2x3xf32, strided<[3, 1], offset: ?>>
          %8 = vector.broadcast %7 : f32 to vector<32xf32>
          %9 = vector.fma %8, %3, %arg7 : vector<32xf32>
          scf.yield %6, %9 : vector<32xf32>, vector<32xf32>
        } {nanomm.microkernel}
        vector.transfer_write %2#0, %subview[%c0, %c0] {in_bounds = [true]} : vector<32xf32>, memref<2x32xf32, strided<[64, 1], offset: ?>>
        vector.transfer_write %2#1, %subview[%c1, %c0] {in_bounds = [true]} : vector<32xf32>, memref<2x32xf32, strided<[64, 1], offset: ?>>
      }
    }
    return
  }
}

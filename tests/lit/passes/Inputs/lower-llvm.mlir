// Input of tests/lit/passes/lower-llvm.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=2 nr=20},compose-microkernel,lower-x86' tests/lit/passes/lower-llvm.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
module {
  func.func @mm(%arg0: memref<2x7xf32>, %arg1: memref<7x20xf32>, %arg2: memref<2x20xf32>) {
    %0 = vector.constant_mask [4] : vector<16xi1>
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %1 = vector.load %arg2[%c0, %c0] : memref<2x20xf32>, vector<16xf32>
    %c16 = arith.constant 16 : index
    %2 = vector.broadcast %cst : f32 to vector<16xf32>
    %3 = vector.maskedload %arg2[%c0, %c16], %0, %2 : memref<2x20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    %c1 = arith.constant 1 : index
    %4 = vector.load %arg2[%c1, %c0] : memref<2x20xf32>, vector<16xf32>
    %5 = vector.maskedload %arg2[%c1, %c16], %0, %2 : memref<2x20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    %c7 = arith.constant 7 : index
    %6:4 = scf.for %arg3 = %c0 to %c7 step %c1 iter_args(%arg4 = %1, %arg5 = %3, %arg6 = %4, %arg7 = %5) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
      %7 = vector.load %arg1[%arg3, %c0] : memref<7x20xf32>, vector<16xf32>
      %8 = vector.maskedload %arg1[%arg3, %c16], %0, %2 : memref<7x20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
      %9 = memref.load %arg0[%c0, %arg3] : memref<2x7xf32>
      %10 = vector.broadcast %9 : f32 to vector<16xf32>
      %11 = vector.fma %10, %7, %arg4 : vector<16xf32>
      %12 = vector.fma %10, %8, %arg5 : vector<16xf32>
      %13 = memref.load %arg0[%c1, %arg3] : memref<2x7xf32>
      %14 = vector.broadcast %13 : f32 to vector<16xf32>
      %15 = vector.fma %14, %7, %arg6 : vector<16xf32>
      %16 = vector.fma %14, %8, %arg7 : vector<16xf32>
      scf.yield %11, %12, %15, %16 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
    } {nanomm.microkernel}
    vector.store %6#0, %arg2[%c0, %c0] : memref<2x20xf32>, vector<16xf32>
    vector.maskedstore %arg2[%c0, %c16], %0, %6#1 : memref<2x20xf32>, vector<16xi1>, vector<16xf32>
    vector.store %6#2, %arg2[%c1, %c0] : memref<2x20xf32>, vector<16xf32>
    vector.maskedstore %arg2[%c1, %c16], %0, %6#3 : memref<2x20xf32>, vector<16xi1>, vector<16xf32>
    return
  }
}

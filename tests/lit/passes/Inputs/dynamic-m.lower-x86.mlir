// Input of tests/lit/passes/dynamic-m.mlir: its functions after
//   nanomm-opt -p 'tile-cache{mc=12 nc=64 kc=32},tile-register{mr=4 nr=64},compose-microkernel,lower-x86' tests/lit/passes/dynamic-m.mlir
// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.
module {
  func.func @dyn(%arg0: memref<?x64xf32>, %arg1: memref<64x128xf32>, %arg2: memref<?x128xf32>) {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x64xf32>
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    scf.for %arg3 = %c0 to %c128 step %c64 {
      %c12 = arith.constant 12 : index
      scf.for %arg4 = %c0 to %dim step %c12 {
        %0 = arith.subi %dim, %arg4 : index
        %1 = arith.minui %0, %c12 : index
        %subview = memref.subview %arg2[%arg4, %arg3] [%1, 64] [1, 1] : memref<?x128xf32> to memref<?x64xf32, strided<[128, 1], offset: ?>>
        %subview_0 = memref.subview %arg0[%arg4, %c0] [%1, 32] [1, 1] : memref<?x64xf32> to memref<?x32xf32, strided<[64, 1], offset: ?>>
        %subview_1 = memref.subview %arg1[0, %arg3] [32, 64] [1, 1] : memref<64x128xf32> to memref<32x64xf32, strided<[128, 1], offset: ?>>
        %dim_2 = memref.dim %subview_0, %c0 : memref<?x32xf32, strided<[64, 1], offset: ?>>
        %c4 = arith.constant 4 : index
        %2 = arith.remui %dim_2, %c4 : index
        %3 = arith.subi %dim_2, %2 : index
        scf.for %arg5 = %c0 to %3 step %c4 {
          %subview_6 = memref.subview %subview[%arg5, 0] [4, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<4x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_0[%arg5, 0] [4, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<4x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_1[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
          %c32_9 = arith.constant 32 : index
          %c1 = arith.constant 1 : index
          %6:16 = scf.for %arg6 = %c0 to %c32_9 step %c1 iter_args(%arg7 = %cst, %arg8 = %cst, %arg9 = %cst, %arg10 = %cst, %arg11 = %cst, %arg12 = %cst, %arg13 = %cst, %arg14 = %cst, %arg15 = %cst, %arg16 = %cst, %arg17 = %cst, %arg18 = %cst, %arg19 = %cst, %arg20 = %cst, %arg21 = %cst, %arg22 = %cst) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %7 = vector.load %subview_8[%arg6, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c16_10 = arith.constant 16 : index
            %8 = vector.load %subview_8[%arg6, %c16_10] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %9 = vector.load %subview_8[%arg6, %c32_9] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c48_11 = arith.constant 48 : index
            %10 = vector.load %subview_8[%arg6, %c48_11] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %11 = memref.load %subview_7[%c0, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %12 = vector.broadcast %11 : f32 to vector<16xf32>
            %13 = vector.fma %12, %7, %arg7 : vector<16xf32>
            %14 = vector.fma %12, %8, %arg8 : vector<16xf32>
            %15 = vector.fma %12, %9, %arg9 : vector<16xf32>
            %16 = vector.fma %12, %10, %arg10 : vector<16xf32>
            %17 = memref.load %subview_7[%c1, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %18 = vector.broadcast %17 : f32 to vector<16xf32>
            %19 = vector.fma %18, %7, %arg11 : vector<16xf32>
            %20 = vector.fma %18, %8, %arg12 : vector<16xf32>
            %21 = vector.fma %18, %9, %arg13 : vector<16xf32>
            %22 = vector.fma %18, %10, %arg14 : vector<16xf32>
            %c2_12 = arith.constant 2 : index
            %23 = memref.load %subview_7[%c2_12, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %24 = vector.broadcast %23 : f32 to vector<16xf32>
            %25 = vector.fma %24, %7, %arg15 : vector<16xf32>
            %26 = vector.fma %24, %8, %arg16 : vector<16xf32>
            %27 = vector.fma %24, %9, %arg17 : vector<16xf32>
            %28 = vector.fma %24, %10, %arg18 : vector<16xf32>
            %c3_13 = arith.constant 3 : index
            %29 = memref.load %subview_7[%c3_13, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %30 = vector.broadcast %29 : f32 to vector<16xf32>
            %31 = vector.fma %30, %7, %arg19 : vector<16xf32>
            %32 = vector.fma %30, %8, %arg20 : vector<16xf32>
            %33 = vector.fma %30, %9, %arg21 : vector<16xf32>
            %34 = vector.fma %30, %10, %arg22 : vector<16xf32>
            scf.yield %13, %14, %15, %16, %19, %20, %21, %22, %25, %26, %27, %28, %31, %32, %33, %34 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %6#0, %subview_6[%c0, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          vector.store %6#1, %subview_6[%c0, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#2, %subview_6[%c0, %c32_9] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          vector.store %6#3, %subview_6[%c0, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#4, %subview_6[%c1, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#5, %subview_6[%c1, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#6, %subview_6[%c1, %c32_9] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#7, %subview_6[%c1, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c2 = arith.constant 2 : index
          vector.store %6#8, %subview_6[%c2, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#9, %subview_6[%c2, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#10, %subview_6[%c2, %c32_9] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#11, %subview_6[%c2, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c3 = arith.constant 3 : index
          vector.store %6#12, %subview_6[%c3, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#13, %subview_6[%c3, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#14, %subview_6[%c3, %c32_9] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#15, %subview_6[%c3, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
        }
        scf.index_switch %2 
        case 1 {
          %subview_6 = memref.subview %subview[%3, 0] [1, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<1x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_0[%3, 0] [1, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<1x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_1[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
          %c32_9 = arith.constant 32 : index
          %c1 = arith.constant 1 : index
          %6:4 = scf.for %arg5 = %c0 to %c32_9 step %c1 iter_args(%arg6 = %cst, %arg7 = %cst, %arg8 = %cst, %arg9 = %cst) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %7 = vector.load %subview_8[%arg5, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c16_10 = arith.constant 16 : index
            %8 = vector.load %subview_8[%arg5, %c16_10] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %9 = vector.load %subview_8[%arg5, %c32_9] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c48_11 = arith.constant 48 : index
            %10 = vector.load %subview_8[%arg5, %c48_11] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %11 = memref.load %subview_7[%c0, %arg5] : memref<1x32xf32, strided<[64, 1], offset: ?>>
            %12 = vector.broadcast %11 : f32 to vector<16xf32>
            %13 = vector.fma %12, %7, %arg6 : vector<16xf32>
            %14 = vector.fma %12, %8, %arg7 : vector<16xf32>
            %15 = vector.fma %12, %9, %arg8 : vector<16xf32>
            %16 = vector.fma %12, %10, %arg9 : vector<16xf32>
            scf.yield %13, %14, %15, %16 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %6#0, %subview_6[%c0, %c0] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          vector.store %6#1, %subview_6[%c0, %c16] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#2, %subview_6[%c0, %c32_9] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          vector.store %6#3, %subview_6[%c0, %c48] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          scf.yield
        }
        case 2 {
          %subview_6 = memref.subview %subview[%3, 0] [2, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<2x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_0[%3, 0] [2, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<2x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_1[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
          %c32_9 = arith.constant 32 : index
          %c1 = arith.constant 1 : index
          %6:8 = scf.for %arg5 = %c0 to %c32_9 step %c1 iter_args(%arg6 = %cst, %arg7 = %cst, %arg8 = %cst, %arg9 = %cst, %arg10 = %cst, %arg11 = %cst, %arg12 = %cst, %arg13 = %cst) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %7 = vector.load %subview_8[%arg5, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c16_10 = arith.constant 16 : index
            %8 = vector.load %subview_8[%arg5, %c16_10] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %9 = vector.load %subview_8[%arg5, %c32_9] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c48_11 = arith.constant 48 : index
            %10 = vector.load %subview_8[%arg5, %c48_11] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %11 = memref.load %subview_7[%c0, %arg5] : memref<2x32xf32, strided<[64, 1], offset: ?>>
            %12 = vector.broadcast %11 : f32 to vector<16xf32>
            %13 = vector.fma %12, %7, %arg6 : vector<16xf32>
            %14 = vector.fma %12, %8, %arg7 : vector<16xf32>
            %15 = vector.fma %12, %9, %arg8 : vector<16xf32>
            %16 = vector.fma %12, %10, %arg9 : vector<16xf32>
            %17 = memref.load %subview_7[%c1, %arg5] : memref<2x32xf32, strided<[64, 1], offset: ?>>
            %18 = vector.broadcast %17 : f32 to vector<16xf32>
            %19 = vector.fma %18, %7, %arg10 : vector<16xf32>
            %20 = vector.fma %18, %8, %arg11 : vector<16xf32>
            %21 = vector.fma %18, %9, %arg12 : vector<16xf32>
            %22 = vector.fma %18, %10, %arg13 : vector<16xf32>
            scf.yield %13, %14, %15, %16, %19, %20, %21, %22 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %6#0, %subview_6[%c0, %c0] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          vector.store %6#1, %subview_6[%c0, %c16] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#2, %subview_6[%c0, %c32_9] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          vector.store %6#3, %subview_6[%c0, %c48] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#4, %subview_6[%c1, %c0] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#5, %subview_6[%c1, %c16] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#6, %subview_6[%c1, %c32_9] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#7, %subview_6[%c1, %c48] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          scf.yield
        }
        case 3 {
          %subview_6 = memref.subview %subview[%3, 0] [3, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<3x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_0[%3, 0] [3, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<3x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_1[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %cst = arith.constant dense<0.000000e+00> : vector<16xf32>
          %c32_9 = arith.constant 32 : index
          %c1 = arith.constant 1 : index
          %6:12 = scf.for %arg5 = %c0 to %c32_9 step %c1 iter_args(%arg6 = %cst, %arg7 = %cst, %arg8 = %cst, %arg9 = %cst, %arg10 = %cst, %arg11 = %cst, %arg12 = %cst, %arg13 = %cst, %arg14 = %cst, %arg15 = %cst, %arg16 = %cst, %arg17 = %cst) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %7 = vector.load %subview_8[%arg5, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c16_10 = arith.constant 16 : index
            %8 = vector.load %subview_8[%arg5, %c16_10] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %9 = vector.load %subview_8[%arg5, %c32_9] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %c48_11 = arith.constant 48 : index
            %10 = vector.load %subview_8[%arg5, %c48_11] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %11 = memref.load %subview_7[%c0, %arg5] : memref<3x32xf32, strided<[64, 1], offset: ?>>
            %12 = vector.broadcast %11 : f32 to vector<16xf32>
            %13 = vector.fma %12, %7, %arg6 : vector<16xf32>
            %14 = vector.fma %12, %8, %arg7 : vector<16xf32>
            %15 = vector.fma %12, %9, %arg8 : vector<16xf32>
            %16 = vector.fma %12, %10, %arg9 : vector<16xf32>
            %17 = memref.load %subview_7[%c1, %arg5] : memref<3x32xf32, strided<[64, 1], offset: ?>>
            %18 = vector.broadcast %17 : f32 to vector<16xf32>
            %19 = vector.fma %18, %7, %arg10 : vector<16xf32>
            %20 = vector.fma %18, %8, %arg11 : vector<16xf32>
            %21 = vector.fma %18, %9, %arg12 : vector<16xf32>
            %22 = vector.fma %18, %10, %arg13 : vector<16xf32>
            %c2_12 = arith.constant 2 : index
            %23 = memref.load %subview_7[%c2_12, %arg5] : memref<3x32xf32, strided<[64, 1], offset: ?>>
            %24 = vector.broadcast %23 : f32 to vector<16xf32>
            %25 = vector.fma %24, %7, %arg14 : vector<16xf32>
            %26 = vector.fma %24, %8, %arg15 : vector<16xf32>
            %27 = vector.fma %24, %9, %arg16 : vector<16xf32>
            %28 = vector.fma %24, %10, %arg17 : vector<16xf32>
            scf.yield %13, %14, %15, %16, %19, %20, %21, %22, %25, %26, %27, %28 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %6#0, %subview_6[%c0, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          vector.store %6#1, %subview_6[%c0, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#2, %subview_6[%c0, %c32_9] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          vector.store %6#3, %subview_6[%c0, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#4, %subview_6[%c1, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#5, %subview_6[%c1, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#6, %subview_6[%c1, %c32_9] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#7, %subview_6[%c1, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c2 = arith.constant 2 : index
          vector.store %6#8, %subview_6[%c2, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#9, %subview_6[%c2, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#10, %subview_6[%c2, %c32_9] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %6#11, %subview_6[%c2, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          scf.yield
        }
        default {
        }
        %c32 = arith.constant 32 : index
        %subview_3 = memref.subview %arg0[%arg4, %c32] [%1, 32] [1, 1] : memref<?x64xf32> to memref<?x32xf32, strided<[64, 1], offset: ?>>
        %subview_4 = memref.subview %arg1[32, %arg3] [32, 64] [1, 1] : memref<64x128xf32> to memref<32x64xf32, strided<[128, 1], offset: ?>>
        %dim_5 = memref.dim %subview_3, %c0 : memref<?x32xf32, strided<[64, 1], offset: ?>>
        %4 = arith.remui %dim_5, %c4 : index
        %5 = arith.subi %dim_5, %4 : index
        scf.for %arg5 = %c0 to %5 step %c4 {
          %subview_6 = memref.subview %subview[%arg5, 0] [4, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<4x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_3[%arg5, 0] [4, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<4x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_4[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %6 = vector.load %subview_6[%c0, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          %7 = vector.load %subview_6[%c0, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %8 = vector.load %subview_6[%c0, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          %9 = vector.load %subview_6[%c0, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c1 = arith.constant 1 : index
          %10 = vector.load %subview_6[%c1, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %11 = vector.load %subview_6[%c1, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %12 = vector.load %subview_6[%c1, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %13 = vector.load %subview_6[%c1, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c2 = arith.constant 2 : index
          %14 = vector.load %subview_6[%c2, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %15 = vector.load %subview_6[%c2, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %16 = vector.load %subview_6[%c2, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %17 = vector.load %subview_6[%c2, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c3 = arith.constant 3 : index
          %18 = vector.load %subview_6[%c3, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %19 = vector.load %subview_6[%c3, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %20 = vector.load %subview_6[%c3, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %21 = vector.load %subview_6[%c3, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %22:16 = scf.for %arg6 = %c0 to %c32 step %c1 iter_args(%arg7 = %6, %arg8 = %7, %arg9 = %8, %arg10 = %9, %arg11 = %10, %arg12 = %11, %arg13 = %12, %arg14 = %13, %arg15 = %14, %arg16 = %15, %arg17 = %16, %arg18 = %17, %arg19 = %18, %arg20 = %19, %arg21 = %20, %arg22 = %21) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %23 = vector.load %subview_8[%arg6, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %24 = vector.load %subview_8[%arg6, %c16] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %25 = vector.load %subview_8[%arg6, %c32] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %26 = vector.load %subview_8[%arg6, %c48] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %27 = memref.load %subview_7[%c0, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %28 = vector.broadcast %27 : f32 to vector<16xf32>
            %29 = vector.fma %28, %23, %arg7 : vector<16xf32>
            %30 = vector.fma %28, %24, %arg8 : vector<16xf32>
            %31 = vector.fma %28, %25, %arg9 : vector<16xf32>
            %32 = vector.fma %28, %26, %arg10 : vector<16xf32>
            %33 = memref.load %subview_7[%c1, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %34 = vector.broadcast %33 : f32 to vector<16xf32>
            %35 = vector.fma %34, %23, %arg11 : vector<16xf32>
            %36 = vector.fma %34, %24, %arg12 : vector<16xf32>
            %37 = vector.fma %34, %25, %arg13 : vector<16xf32>
            %38 = vector.fma %34, %26, %arg14 : vector<16xf32>
            %39 = memref.load %subview_7[%c2, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %40 = vector.broadcast %39 : f32 to vector<16xf32>
            %41 = vector.fma %40, %23, %arg15 : vector<16xf32>
            %42 = vector.fma %40, %24, %arg16 : vector<16xf32>
            %43 = vector.fma %40, %25, %arg17 : vector<16xf32>
            %44 = vector.fma %40, %26, %arg18 : vector<16xf32>
            %45 = memref.load %subview_7[%c3, %arg6] : memref<4x32xf32, strided<[64, 1], offset: ?>>
            %46 = vector.broadcast %45 : f32 to vector<16xf32>
            %47 = vector.fma %46, %23, %arg19 : vector<16xf32>
            %48 = vector.fma %46, %24, %arg20 : vector<16xf32>
            %49 = vector.fma %46, %25, %arg21 : vector<16xf32>
            %50 = vector.fma %46, %26, %arg22 : vector<16xf32>
            scf.yield %29, %30, %31, %32, %35, %36, %37, %38, %41, %42, %43, %44, %47, %48, %49, %50 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %22#0, %subview_6[%c0, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#1, %subview_6[%c0, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#2, %subview_6[%c0, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#3, %subview_6[%c0, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#4, %subview_6[%c1, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#5, %subview_6[%c1, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#6, %subview_6[%c1, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#7, %subview_6[%c1, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#8, %subview_6[%c2, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#9, %subview_6[%c2, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#10, %subview_6[%c2, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#11, %subview_6[%c2, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#12, %subview_6[%c3, %c0] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#13, %subview_6[%c3, %c16] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#14, %subview_6[%c3, %c32] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %22#15, %subview_6[%c3, %c48] : memref<4x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
        }
        scf.index_switch %4 
        case 1 {
          %subview_6 = memref.subview %subview[%5, 0] [1, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<1x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_3[%5, 0] [1, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<1x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_4[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %6 = vector.load %subview_6[%c0, %c0] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          %7 = vector.load %subview_6[%c0, %c16] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %8 = vector.load %subview_6[%c0, %c32] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          %9 = vector.load %subview_6[%c0, %c48] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c1 = arith.constant 1 : index
          %10:4 = scf.for %arg5 = %c0 to %c32 step %c1 iter_args(%arg6 = %6, %arg7 = %7, %arg8 = %8, %arg9 = %9) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %11 = vector.load %subview_8[%arg5, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %12 = vector.load %subview_8[%arg5, %c16] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %13 = vector.load %subview_8[%arg5, %c32] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %14 = vector.load %subview_8[%arg5, %c48] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %15 = memref.load %subview_7[%c0, %arg5] : memref<1x32xf32, strided<[64, 1], offset: ?>>
            %16 = vector.broadcast %15 : f32 to vector<16xf32>
            %17 = vector.fma %16, %11, %arg6 : vector<16xf32>
            %18 = vector.fma %16, %12, %arg7 : vector<16xf32>
            %19 = vector.fma %16, %13, %arg8 : vector<16xf32>
            %20 = vector.fma %16, %14, %arg9 : vector<16xf32>
            scf.yield %17, %18, %19, %20 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %10#0, %subview_6[%c0, %c0] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %10#1, %subview_6[%c0, %c16] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %10#2, %subview_6[%c0, %c32] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %10#3, %subview_6[%c0, %c48] : memref<1x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          scf.yield
        }
        case 2 {
          %subview_6 = memref.subview %subview[%5, 0] [2, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<2x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_3[%5, 0] [2, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<2x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_4[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %6 = vector.load %subview_6[%c0, %c0] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          %7 = vector.load %subview_6[%c0, %c16] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %8 = vector.load %subview_6[%c0, %c32] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          %9 = vector.load %subview_6[%c0, %c48] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c1 = arith.constant 1 : index
          %10 = vector.load %subview_6[%c1, %c0] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %11 = vector.load %subview_6[%c1, %c16] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %12 = vector.load %subview_6[%c1, %c32] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %13 = vector.load %subview_6[%c1, %c48] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %14:8 = scf.for %arg5 = %c0 to %c32 step %c1 iter_args(%arg6 = %6, %arg7 = %7, %arg8 = %8, %arg9 = %9, %arg10 = %10, %arg11 = %11, %arg12 = %12, %arg13 = %13) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %15 = vector.load %subview_8[%arg5, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %16 = vector.load %subview_8[%arg5, %c16] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %17 = vector.load %subview_8[%arg5, %c32] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %18 = vector.load %subview_8[%arg5, %c48] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %19 = memref.load %subview_7[%c0, %arg5] : memref<2x32xf32, strided<[64, 1], offset: ?>>
            %20 = vector.broadcast %19 : f32 to vector<16xf32>
            %21 = vector.fma %20, %15, %arg6 : vector<16xf32>
            %22 = vector.fma %20, %16, %arg7 : vector<16xf32>
            %23 = vector.fma %20, %17, %arg8 : vector<16xf32>
            %24 = vector.fma %20, %18, %arg9 : vector<16xf32>
            %25 = memref.load %subview_7[%c1, %arg5] : memref<2x32xf32, strided<[64, 1], offset: ?>>
            %26 = vector.broadcast %25 : f32 to vector<16xf32>
            %27 = vector.fma %26, %15, %arg10 : vector<16xf32>
            %28 = vector.fma %26, %16, %arg11 : vector<16xf32>
            %29 = vector.fma %26, %17, %arg12 : vector<16xf32>
            %30 = vector.fma %26, %18, %arg13 : vector<16xf32>
            scf.yield %21, %22, %23, %24, %27, %28, %29, %30 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %14#0, %subview_6[%c0, %c0] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#1, %subview_6[%c0, %c16] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#2, %subview_6[%c0, %c32] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#3, %subview_6[%c0, %c48] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#4, %subview_6[%c1, %c0] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#5, %subview_6[%c1, %c16] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#6, %subview_6[%c1, %c32] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %14#7, %subview_6[%c1, %c48] : memref<2x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          scf.yield
        }
        case 3 {
          %subview_6 = memref.subview %subview[%5, 0] [3, 64] [1, 1] : memref<?x64xf32, strided<[128, 1], offset: ?>> to memref<3x64xf32, strided<[128, 1], offset: ?>>
          %subview_7 = memref.subview %subview_3[%5, 0] [3, 32] [1, 1] : memref<?x32xf32, strided<[64, 1], offset: ?>> to memref<3x32xf32, strided<[64, 1], offset: ?>>
          %subview_8 = memref.subview %subview_4[0, 0] [32, 64] [1, 1] : memref<32x64xf32, strided<[128, 1], offset: ?>> to memref<32x64xf32, strided<[128, 1], offset: ?>>
          %6 = vector.load %subview_6[%c0, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c16 = arith.constant 16 : index
          %7 = vector.load %subview_6[%c0, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %8 = vector.load %subview_6[%c0, %c32] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c48 = arith.constant 48 : index
          %9 = vector.load %subview_6[%c0, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c1 = arith.constant 1 : index
          %10 = vector.load %subview_6[%c1, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %11 = vector.load %subview_6[%c1, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %12 = vector.load %subview_6[%c1, %c32] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %13 = vector.load %subview_6[%c1, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %c2 = arith.constant 2 : index
          %14 = vector.load %subview_6[%c2, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %15 = vector.load %subview_6[%c2, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %16 = vector.load %subview_6[%c2, %c32] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %17 = vector.load %subview_6[%c2, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          %18:12 = scf.for %arg5 = %c0 to %c32 step %c1 iter_args(%arg6 = %6, %arg7 = %7, %arg8 = %8, %arg9 = %9, %arg10 = %10, %arg11 = %11, %arg12 = %12, %arg13 = %13, %arg14 = %14, %arg15 = %15, %arg16 = %16, %arg17 = %17) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
            %19 = vector.load %subview_8[%arg5, %c0] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %20 = vector.load %subview_8[%arg5, %c16] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %21 = vector.load %subview_8[%arg5, %c32] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %22 = vector.load %subview_8[%arg5, %c48] : memref<32x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
            %23 = memref.load %subview_7[%c0, %arg5] : memref<3x32xf32, strided<[64, 1], offset: ?>>
            %24 = vector.broadcast %23 : f32 to vector<16xf32>
            %25 = vector.fma %24, %19, %arg6 : vector<16xf32>
            %26 = vector.fma %24, %20, %arg7 : vector<16xf32>
            %27 = vector.fma %24, %21, %arg8 : vector<16xf32>
            %28 = vector.fma %24, %22, %arg9 : vector<16xf32>
            %29 = memref.load %subview_7[%c1, %arg5] : memref<3x32xf32, strided<[64, 1], offset: ?>>
            %30 = vector.broadcast %29 : f32 to vector<16xf32>
            %31 = vector.fma %30, %19, %arg10 : vector<16xf32>
            %32 = vector.fma %30, %20, %arg11 : vector<16xf32>
            %33 = vector.fma %30, %21, %arg12 : vector<16xf32>
            %34 = vector.fma %30, %22, %arg13 : vector<16xf32>
            %35 = memref.load %subview_7[%c2, %arg5] : memref<3x32xf32, strided<[64, 1], offset: ?>>
            %36 = vector.broadcast %35 : f32 to vector<16xf32>
            %37 = vector.fma %36, %19, %arg14 : vector<16xf32>
            %38 = vector.fma %36, %20, %arg15 : vector<16xf32>
            %39 = vector.fma %36, %21, %arg16 : vector<16xf32>
            %40 = vector.fma %36, %22, %arg17 : vector<16xf32>
            scf.yield %25, %26, %27, %28, %31, %32, %33, %34, %37, %38, %39, %40 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
          } {nanomm.microkernel}
          vector.store %18#0, %subview_6[%c0, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#1, %subview_6[%c0, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#2, %subview_6[%c0, %c32] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#3, %subview_6[%c0, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#4, %subview_6[%c1, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#5, %subview_6[%c1, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#6, %subview_6[%c1, %c32] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#7, %subview_6[%c1, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#8, %subview_6[%c2, %c0] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#9, %subview_6[%c2, %c16] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#10, %subview_6[%c2, %c32] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          vector.store %18#11, %subview_6[%c2, %c48] : memref<3x64xf32, strided<[128, 1], offset: ?>>, vector<16xf32>
          scf.yield
        }
        default {
        }
      }
    }
    return
  }
}

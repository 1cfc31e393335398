// Input of tests/lit/passes/lower-x86.mlir: its functions after
//   nanomm-opt -p 'tile-register{mr=8 nr=64},compose-microkernel' tests/lit/passes/lower-x86.mlir
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
    %cst = arith.constant 0.000000e+00 : f32
    %0 = vector.transfer_read %arg2[%c0, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c16 = arith.constant 16 : index
    %1 = vector.transfer_read %arg2[%c0, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c32 = arith.constant 32 : index
    %2 = vector.transfer_read %arg2[%c0, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c48 = arith.constant 48 : index
    %3 = vector.transfer_read %arg2[%c0, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c1 = arith.constant 1 : index
    %4 = vector.transfer_read %arg2[%c1, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %5 = vector.transfer_read %arg2[%c1, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %6 = vector.transfer_read %arg2[%c1, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %7 = vector.transfer_read %arg2[%c1, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c2 = arith.constant 2 : index
    %8 = vector.transfer_read %arg2[%c2, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %9 = vector.transfer_read %arg2[%c2, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %10 = vector.transfer_read %arg2[%c2, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %11 = vector.transfer_read %arg2[%c2, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c3 = arith.constant 3 : index
    %12 = vector.transfer_read %arg2[%c3, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %13 = vector.transfer_read %arg2[%c3, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %14 = vector.transfer_read %arg2[%c3, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %15 = vector.transfer_read %arg2[%c3, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c4 = arith.constant 4 : index
    %16 = vector.transfer_read %arg2[%c4, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %17 = vector.transfer_read %arg2[%c4, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %18 = vector.transfer_read %arg2[%c4, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %19 = vector.transfer_read %arg2[%c4, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c5 = arith.constant 5 : index
    %20 = vector.transfer_read %arg2[%c5, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %21 = vector.transfer_read %arg2[%c5, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %22 = vector.transfer_read %arg2[%c5, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %23 = vector.transfer_read %arg2[%c5, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c6 = arith.constant 6 : index
    %24 = vector.transfer_read %arg2[%c6, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %25 = vector.transfer_read %arg2[%c6, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %26 = vector.transfer_read %arg2[%c6, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %27 = vector.transfer_read %arg2[%c6, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %c7 = arith.constant 7 : index
    %28 = vector.transfer_read %arg2[%c7, %c0], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %29 = vector.transfer_read %arg2[%c7, %c16], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %30 = vector.transfer_read %arg2[%c7, %c32], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %31 = vector.transfer_read %arg2[%c7, %c48], %cst {in_bounds = [true]} : memref<8x64xf32>, vector<16xf32>
    %32:32 = scf.for %arg3 = %c0 to %c3 step %c1 iter_args(%arg4 = %0, %arg5 = %1, %arg6 = %2, %arg7 = %3, %arg8 = %4, %arg9 = %5, %arg10 = %6, %arg11 = %7, %arg12 = %8, %arg13 = %9, %arg14 = %10, %arg15 = %11, %arg16 = %12, %arg17 = %13, %arg18 = %14, %arg19 = %15, %arg20 = %16, %arg21 = %17, %arg22 = %18, %arg23 = %19, %arg24 = %20, %arg25 = %21, %arg26 = %22, %arg27 = %23, %arg28 = %24, %arg29 = %25, %arg30 = %26, %arg31 = %27, %arg32 = %28, %arg33 = %29, %arg34 = %30, %arg35 = %31) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
      %33 = vector.transfer_read %arg1[%arg3, %c0], %cst {in_bounds = [true]} : memref<3x64xf32>, vector<16xf32>
      %34 = vector.transfer_read %arg1[%arg3, %c16], %cst {in_bounds = [true]} : memref<3x64xf32>, vector<16xf32>
      %35 = vector.transfer_read %arg1[%arg3, %c32], %cst {in_bounds = [true]} : memref<3x64xf32>, vector<16xf32>
      %36 = vector.transfer_read %arg1[%arg3, %c48], %cst {in_bounds = [true]} : memref<3x64xf32>, vector<16xf32>
      %37 = memref.load %arg0[%c0, %arg3] : memref<8x3xf32>
      %38 = vector.broadcast %37 : f32 to vector<16xf32>
      %39 = vector.fma %38, %33, %arg4 : vector<16xf32>
      %40 = vector.fma %38, %34, %arg5 : vector<16xf32>
      %41 = vector.fma %38, %35, %arg6 : vector<16xf32>
      %42 = vector.fma %38, %36, %arg7 : vector<16xf32>
      %43 = memref.load %arg0[%c1, %arg3] : memref<8x3xf32>
      %44 = vector.broadcast %43 : f32 to vector<16xf32>
      %45 = vector.fma %44, %33, %arg8 : vector<16xf32>
      %46 = vector.fma %44, %34, %arg9 : vector<16xf32>
      %47 = vector.fma %44, %35, %arg10 : vector<16xf32>
      %48 = vector.fma %44, %36, %arg11 : vector<16xf32>
      %49 = memref.load %arg0[%c2, %arg3] : memref<8x3xf32>
      %50 = vector.broadcast %49 : f32 to vector<16xf32>
      %51 = vector.fma %50, %33, %arg12 : vector<16xf32>
      %52 = vector.fma %50, %34, %arg13 : vector<16xf32>
      %53 = vector.fma %50, %35, %arg14 : vector<16xf32>
      %54 = vector.fma %50, %36, %arg15 : vector<16xf32>
      %55 = memref.load %arg0[%c3, %arg3] : memref<8x3xf32>
      %56 = vector.broadcast %55 : f32 to vector<16xf32>
      %57 = vector.fma %56, %33, %arg16 : vector<16xf32>
      %58 = vector.fma %56, %34, %arg17 : vector<16xf32>
      %59 = vector.fma %56, %35, %arg18 : vector<16xf32>
      %60 = vector.fma %56, %36, %arg19 : vector<16xf32>
      %61 = memref.load %arg0[%c4, %arg3] : memref<8x3xf32>
      %62 = vector.broadcast %61 : f32 to vector<16xf32>
      %63 = vector.fma %62, %33, %arg20 : vector<16xf32>
      %64 = vector.fma %62, %34, %arg21 : vector<16xf32>
      %65 = vector.fma %62, %35, %arg22 : vector<16xf32>
      %66 = vector.fma %62, %36, %arg23 : vector<16xf32>
      %67 = memref.load %arg0[%c5, %arg3] : memref<8x3xf32>
      %68 = vector.broadcast %67 : f32 to vector<16xf32>
      %69 = vector.fma %68, %33, %arg24 : vector<16xf32>
      %70 = vector.fma %68, %34, %arg25 : vector<16xf32>
      %71 = vector.fma %68, %35, %arg26 : vector<16xf32>
      %72 = vector.fma %68, %36, %arg27 : vector<16xf32>
      %73 = memref.load %arg0[%c6, %arg3] : memref<8x3xf32>
      %74 = vector.broadcast %73 : f32 to vector<16xf32>
      %75 = vector.fma %74, %33, %arg28 : vector<16xf32>
      %76 = vector.fma %74, %34, %arg29 : vector<16xf32>
      %77 = vector.fma %74, %35, %arg30 : vector<16xf32>
      %78 = vector.fma %74, %36, %arg31 : vector<16xf32>
      %79 = memref.load %arg0[%c7, %arg3] : memref<8x3xf32>
      %80 = vector.broadcast %79 : f32 to vector<16xf32>
      %81 = vector.fma %80, %33, %arg32 : vector<16xf32>
      %82 = vector.fma %80, %34, %arg33 : vector<16xf32>
      %83 = vector.fma %80, %35, %arg34 : vector<16xf32>
      %84 = vector.fma %80, %36, %arg35 : vector<16xf32>
      scf.yield %39, %40, %41, %42, %45, %46, %47, %48, %51, %52, %53, %54, %57, %58, %59, %60, %63, %64, %65, %66, %69, %70, %71, %72, %75, %76, %77, %78, %81, %82, %83, %84 : vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>
    } {nanomm.microkernel}
    vector.transfer_write %32#0, %arg2[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#1, %arg2[%c0, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#2, %arg2[%c0, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#3, %arg2[%c0, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#4, %arg2[%c1, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#5, %arg2[%c1, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#6, %arg2[%c1, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#7, %arg2[%c1, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#8, %arg2[%c2, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#9, %arg2[%c2, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#10, %arg2[%c2, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#11, %arg2[%c2, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#12, %arg2[%c3, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#13, %arg2[%c3, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#14, %arg2[%c3, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#15, %arg2[%c3, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#16, %arg2[%c4, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#17, %arg2[%c4, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#18, %arg2[%c4, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#19, %arg2[%c4, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#20, %arg2[%c5, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#21, %arg2[%c5, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#22, %arg2[%c5, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#23, %arg2[%c5, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#24, %arg2[%c6, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#25, %arg2[%c6, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#26, %arg2[%c6, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#27, %arg2[%c6, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#28, %arg2[%c7, %c0] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#29, %arg2[%c7, %c16] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#30, %arg2[%c7, %c32] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    vector.transfer_write %32#31, %arg2[%c7, %c48] {in_bounds = [true]} : vector<16xf32>, memref<8x64xf32>
    return
  }
}

// RUN: nanomm-opt -p 'tile-cache{mc=12 nc=64 kc=32}' %s | FileCheck %s --check-prefix=CACHE
// RUN: nanomm-opt -p 'tile-register{mr=4 nr=64 split-one-row=1}' %s | FileCheck %s --check-prefix=REG
// RUN: nanomm-opt -p 'tile-register{mr=4 nr=64 pad-rows=2}' %s | FileCheck %s --check-prefix=PAD
// RUN: nanomm-opt -p 'lower-llvm' %S/Inputs/dynamic-m.lower-x86.mlir | FileCheck %s --check-prefix=LLVM
// tile-cache and tile-register run on the function below; lower-llvm on its IR after tile-cache,
// tile-register, compose-microkernel and lower-x86 (Inputs/dynamic-m.lower-x86.mlir;
// Inputs/regenerate.py has the options and remakes it).

// A dynamic M (the rows of A and C): cache blocks of min(12, M - m0) rows ...
// CACHE-LABEL: func.func @dyn
// CACHE:       %[[M:.*]] = memref.dim %arg0, %c0 : memref<?x64xf32>
// CACHE:       scf.for %[[M0:.*]] = %c0 to %[[M]] step %c12
// CACHE:         %[[LEFT:.*]] = arith.subi %[[M]], %[[M0]] : index
// CACHE:         %[[MB:.*]] = arith.minui %[[LEFT]], %c12 : index
// CACHE:         memref.subview %arg2[%[[M0]], %{{.*}}] [%[[MB]], 64] [1, 1] : memref<?x128xf32> to memref<?x64xf32, strided<[128, 1], offset: ?>>
// CACHE:         linalg.matmul {{.*}} outs(%{{.*}} : memref<?x64xf32, strided<[128, 1], offset: ?>>)

// ... and register tiles: whole 4-row tiles in a loop up to M - M % 4, then one case per remainder
// (1-3 rows), each with static nanokernels; where one row is left over after whole tiles (M = 4k + 1,
// k >= 1) the loop stops a tile early and case 4 runs the last 5 rows as tiles of 3 and 2
// (split-one-row; _ir.SPLIT_ONE_ROW_MIN_TILE).
// REG-LABEL: func.func @dyn
// REG:       %[[M:.*]] = memref.dim %arg0, %c0
// REG:       %[[REM:.*]] = arith.remui %[[M]], %c4 : index
// REG:       %[[END0:.*]] = arith.subi %[[M]], %[[REM]] : index
// REG:       %[[IS1:.*]] = arith.cmpi eq, %[[REM]], %c1 : index
// REG:       %[[MORE:.*]] = arith.cmpi ugt, %[[M]], %c4 : index
// REG:       %[[ONE:.*]] = arith.andi %[[IS1]], %[[MORE]] : i1
// REG:       %[[BACK:.*]] = arith.select %[[ONE]], %c4, %c0 : index
// REG:       %[[END:.*]] = arith.subi %[[END0]], %[[BACK]] : index
// REG:       scf.for %{{.*}} = %c0 to %[[END]] step %c4
// REG:         vector.contract {{.*}} into vector<4x64xf32>
// REG:       } {nanomm.nanokernel}
// REG:       %[[KEY:.*]] = arith.select %[[ONE]], %c4, %[[REM]] : index
// REG:       scf.index_switch %[[KEY]]
// REG:       case 1 {
// REG:         memref.subview %arg2[%[[END]], %{{.*}}] [1, 64]
// REG:         vector.contract {{.*}} into vector<1x64xf32>
// REG:       case 2 {
// REG:         vector.contract {{.*}} into vector<2x64xf32>
// REG:       case 3 {
// REG:         vector.contract {{.*}} into vector<3x64xf32>
// REG:       case 4 {
// REG:         memref.subview %arg2[%[[END]], %{{.*}}] [3, 64]
// REG:         vector.contract {{.*}} into vector<3x64xf32>
// REG:         %[[SECOND:.*]] = arith.addi %[[END]], %c3 : index
// REG:         memref.subview %arg2[%[[SECOND]], %{{.*}}] [2, 64]
// REG:         vector.contract {{.*}} into vector<2x64xf32>
// REG:       default {
// REG-NOT:   case 5

// With pad-rows=2 (compose-amx{pad-mn} kernels) the remainder is rounded up to whole 2-row tiles: a
// case per (rem - 1) / 2, each a nanokernel of 2 or 4 rows whose A view is that many rows and whose C
// view is the rows that exist (rem), read and written with in_bounds = false on rows.
// PAD-LABEL: func.func @dyn
// PAD:       %[[REM:.*]] = arith.remui %{{.*}}, %c4 : index
// PAD:       %[[END:.*]] = arith.subi %{{.*}}, %[[REM]] : index
// PAD:       %[[KEY0:.*]] = arith.subi %[[REM]], %c1 : index
// PAD:       %[[KEY:.*]] = arith.divui %[[KEY0]], %c2 : index
// PAD:       scf.index_switch %[[KEY]]
// PAD:       case 0 {
// PAD:         memref.subview %arg2[%[[END]], %{{.*}}] [%[[REM]], 64] [1, 1] : memref<?x128xf32> to memref<?x64xf32
// PAD:         memref.subview %arg0[%[[END]], 0] [2, 64]
// PAD:         vector.transfer_read {{.*}} {in_bounds = [false, true]} : memref<?x64xf32, {{.*}}>, vector<2x64xf32>
// PAD:         vector.contract {{.*}} into vector<2x64xf32>
// PAD:       case 1 {
// PAD:         memref.subview %arg0[%[[END]], 0] [4, 64]
// PAD:         vector.contract {{.*}} into vector<4x64xf32>
// PAD:       default {
// PAD-NOT:   case 2

// The C ABI takes M after the pointers: void dyn(float *A, float *B, float *C, int64_t M).
// LLVM: llvm.func @dyn(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[M:.*]]: i64)
// LLVM:   llvm.call @dyn__impl(%{{.*}}, %{{.*}}, %{{.*}}, %[[M]],
func.func @dyn(%A: memref<?x64xf32>, %B: memref<64x128xf32>, %C: memref<?x128xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x128xf32>)
  linalg.matmul ins(%A, %B : memref<?x64xf32>, memref<64x128xf32>) outs(%C : memref<?x128xf32>)
  return
}


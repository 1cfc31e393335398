// RUN: nanomm-opt -p 'compose-amx{outline=0 pad-mn=1}' %S/Inputs/pad-mn-dynamic.mlir | FileCheck %s
// RUN: not nanomm-opt -p 'compose-amx{outline=0}' %S/Inputs/pad-mn-dynamic.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// The input is the function below after tile-cache{mc=64 nc=32 kc=64 order=nkm},
// tile-register{mr=32 nr=32 pad-rows=16} and pack{nr=32 pack-a=1 a-rows=64}
// (Inputs/pad-mn-dynamic.mlir; Inputs/regenerate.py remakes it).

// A dynamic M: the row remainder of the 32-row tiles (1-31 rows, known at run time) is two cases,
// 1-16 rows on 16-row tiles (A's copy read through a 16-row view) and 17-31 on 32-row ones. compose-amx{pad-mn} runs each on whole
// tiles through the 32x32 scratch buffer, copying in and out only the rows of C that exist: a loop
// up to the C view's run-time row count, masked to the 20 columns.
// CHECK-LABEL: func.func @dyn
// CHECK:       %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x32xf32>
// CHECK:       scf.index_switch
// CHECK:       case 0 {
// CHECK:         %[[ROWS:.*]] = memref.dim %[[C:.*]], %c0 : memref<?x20xf32
// CHECK:         scf.for %[[R:.*]] = %c0 to %[[ROWS]] step %c1 {
// CHECK:           vector.transfer_read %[[C]][%[[R]], %c0]
// CHECK:           vector.transfer_write %{{.*}}, %[[S]][%[[R]], %c0]
// CHECK:         amx.tile_load %{{.*}} : memref<16x64xbf16, strided<[96, 1], offset: ?>> into !amx.tile<16x32xbf16>
// CHECK:         amx.tile_mulf
// CHECK:         scf.for %[[R2:.*]] = %c0 to %[[ROWS]] step %c1 {
// CHECK:           vector.transfer_read %[[S]][%[[R2]], %c0]
// CHECK:           vector.transfer_write %{{.*}}, %[[C]][%[[R2]], %c0]
// CHECK:       case 1 {
// CHECK:         amx.tile_load %{{.*}} : memref<32x64xbf16, strided<[96, 1], offset: ?>> into !amx.tile<16x32xbf16>
// CHECK:         amx.tile_mulf
// CHECK:       default {
// CHECK-NOT:   nanomm.nanokernel
// CHECK:       return
// Without pad-mn a tile of a run-time row count has nowhere to go: refused, naming what it needs.
// ERR: with a run-time row count (tile-register{pad-rows}) needs pad-mn
func.func @dyn(%A: memref<?x64xbf16>, %B: memref<64x20xbf16>, %C: memref<?x20xf32>) {
  linalg.matmul ins(%A, %B : memref<?x64xbf16>, memref<64x20xbf16>) outs(%C : memref<?x20xf32>)
  return
}

// RUN: nanomm-opt -p 'compose-amx{outline=0 pad-mn=1}' %S/Inputs/pad-mn.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-amx{outline=0}' %S/Inputs/pad-mn.mlir | FileCheck %s --check-prefix=EDGES
// RUN: nanomm-opt -p 'compose-amx{outline=0 pad-mn=1 pad-one-row=1}' %S/Inputs/pad-mn.mlir | FileCheck %s --check-prefix=ONE-ROW
// The input is the functions below after tile-cache{mc=64 nc=64 kc=32 order=nkm},
// tile-register{mr=32 nr=32} and pack{nr=32 pack-a=1} (Inputs/pad-mn.mlir; Inputs/regenerate.py
// remakes it).

// C is 40 x 47: register tiles 32x32, 32x15, 8x32, 8x15; K = 64 in two blocks of 32, so the
// second block's tiles start from C. compose-amx{pad-mn} runs the edge tiles whole on AMX tiles,
// rows and columns rounded up to 16: the A copy (48 rows: whole 16-row tiles, 32 elements a
// row) and the B panel (32 columns, zero past 47) are read through views widened to the rounded
// sizes, and C goes through a 32x32 scratch buffer: copied in with masked loads (15 of 16
// lanes), loaded into tiles, stored back from them, copied out with masked stores.
// CHECK-LABEL: func.func @mm
// CHECK-DAG:   %[[S:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x32xf32>
// CHECK-DAG:   memref.alloca() {alignment = 64 : i64} : memref<1536xbf16>
// The 32x15 tile of the second K block: B widened to 16 panel rows x 32 columns.
// CHECK:       memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [16, 32], strides: [64, 1]
// CHECK:       %[[M:.*]] = vector.constant_mask [15] : vector<16xi1>
// CHECK:       %[[IN:.*]] = vector.transfer_read %[[C:.*]][%c0, %c0], %{{.*}}, %[[M]] {in_bounds = [true]} : memref<32x15xf32
// CHECK-NEXT:  vector.transfer_write %[[IN]], %[[S]][%c0, %c0] {in_bounds = [true]} : vector<16xf32>, memref<32x32xf32>
// CHECK:       amx.tile_load %{{.*}}[%c0, %c0] : memref<32x16xf32, strided<[32, 1]>> into !amx.tile<16x16xf32>
// CHECK:       amx.tile_mulf
// CHECK:       amx.tile_store %{{.*}}[%c16, %c0], %{{.*}} : memref<32x16xf32, strided<[32, 1]>>, !amx.tile<16x16xf32>
// CHECK:       %[[OUT:.*]] = vector.transfer_read %[[S]][%c0, %c0]
// CHECK-NEXT:  vector.transfer_write %[[OUT]], %[[C]][%c0, %c0], %[[M]] {in_bounds = [true]} : vector<16xf32>, memref<32x15xf32
// CHECK-NOT:   nanomm.nanokernel
// CHECK:       return
func.func @mm(%A: memref<40x64xbf16>, %B: memref<64x47xbf16>, %C: memref<40x47xf32>) {
  linalg.matmul ins(%A, %B : memref<40x64xbf16>, memref<64x47xbf16>) outs(%C : memref<40x47xf32>)
  return
}

// Without it the edges are AVX-512 nanokernels (for compose-microkernel) beside 16-wide tiles.
// EDGES-LABEL: func.func @mm
// EDGES-NOT:   memref<32x32xf32>
// EDGES:       amx.tile_mulf
// EDGES:       nanomm.nanokernel

// A one-row edge (M = 33: 32 + 1) stays AVX-512: a 16-row tile would do 16 times its work.
// CHECK-LABEL: func.func @one_row
// CHECK:       nanomm.nanokernel
// With pad-one-row (bf16 kernels' default: their AVX-512 pieces are slower than the padded tile) it
// goes on tiles too.
// ONE-ROW-LABEL: func.func @one_row
// ONE-ROW:       amx.tile_mulf
// ONE-ROW-NOT:   nanomm.nanokernel
// ONE-ROW:       return
func.func @one_row(%A: memref<33x64xbf16>, %B: memref<64x32xbf16>, %C: memref<33x32xf32>) {
  linalg.matmul ins(%A, %B : memref<33x64xbf16>, memref<64x32xbf16>) outs(%C : memref<33x32xf32>)
  return
}

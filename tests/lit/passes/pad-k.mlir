// RUN: nanomm-opt -p 'pack{nr=32 pack-a=1 pad-k=1}' %S/Inputs/pad-k.tiled.mlir | FileCheck %s --check-prefix=PACK
// RUN: nanomm-opt -p 'compose-amx{outline=0 pad-k=1}' %S/Inputs/pad-k.packed-pad-k.mlir | FileCheck %s --check-prefix=AMX
// RUN: nanomm-opt -p 'compose-amx{outline=0}' %S/Inputs/pad-k.packed.mlir | FileCheck %s --check-prefix=REM
// pad-k in pack and compose-amx, each run alone. The inputs are the function below after
// tile-cache{mc=32 nc=32 kc=40 order=nkm} and tile-register{mr=32 nr=32} (.tiled), then
// pack{nr=32 pack-a=1} with pad-k=1 (.packed-pad-k) or without (.packed), captured in Inputs/
// (Inputs/regenerate.py remakes them). The kernel through LLVM is in tests/lit/pipeline-amx.mlir.

// K = 40 bf16 is one tile product (32 k) and 8 k more. pack{pad-k}: the B panel gets
// ceil(40/2) = 20 rows of B and zero rows up to 32 (one AMX B tile), and each row of the A copy
// (96 elements: 80 bytes round up to an odd 3 lines) gets zeros from column 40 to 64.
// PACK-LABEL: func.func @mm
// PACK-DAG:   memref.alloca() {alignment = 64 : i64} : memref<3072xbf16>
// PACK-DAG:   memref.alloca() {alignment = 64 : i64} : memref<2048xbf16>
// PACK:       memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 32, 64], strides: [2048, 64, 1] {nanomm.packed_b}
// PACK:       scf.for %{{.*}} = %c0 to %c20 step %c1
// PACK:       %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<64xbf16>
// PACK:       scf.for %[[R:.*]] = %c20 to %c32 step %c1
// PACK-NEXT:    vector.transfer_write %[[Z]], %{{.*}}[%c0, %[[R]], %c0] {in_bounds = [true]} : vector<64xbf16>, memref<1x32x64xbf16>
// PACK:       memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32, 40], strides: [96, 1]
// PACK:       %[[WIDE:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [32, 64], strides: [96, 1]
// PACK:       scf.for
// PACK:         vector.transfer_write %{{.*}}, %[[WIDE]][%{{.*}}, %c40{{.*}}] {in_bounds = [true]} : vector<16xbf16>
// PACK:         %[[M:.*]] = vector.constant_mask [8] : vector<16xi1>
// PACK:         vector.transfer_write %{{.*}}, %[[WIDE]][%{{.*}}, %c56], %[[M]]
func.func @mm(%A: memref<32x40xbf16>, %B: memref<40x32xbf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x40xbf16>, memref<40x32xbf16>) outs(%C : memref<32x32xf32>)
  return
}

// compose-amx{pad-k}: the tiles run over K = 64 (two products) through views of the same
// buffers widened to 64 columns of A and 32 panel rows; nothing is left for AVX-512.
// AMX-LABEL: func.func @mm
// AMX:       %[[AB:.*]], %[[AO:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata
// AMX:       %[[A:.*]] = memref.reinterpret_cast %[[AB]] to offset: [%[[AO]]], sizes: [32, 64], strides: [96, 1]
// AMX:       memref.extract_strided_metadata
// AMX:       %[[B:.*]] = memref.reinterpret_cast %{{.*}} sizes: [32, 64], strides: [64, 1]
// AMX-COUNT-8: amx.tile_mulf
// AMX-NOT:   amx.tile_mulf
// AMX-NOT:   nanomm.nanokernel
// AMX:       return

// Without pad-k, one tile product and an AVX-512 remainder (8 k) over all of C.
// REM-LABEL: func.func @mm
// REM-COUNT-4: amx.tile_mulf
// REM-NOT:   amx.tile_mulf
// REM:       nanomm.nanokernel

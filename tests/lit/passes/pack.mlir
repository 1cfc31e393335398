// RUN: nanomm-opt -p 'pack{nr=16}' %S/Inputs/pack.nr16.mlir | FileCheck %s
// RUN: nanomm-opt -p 'pack{nr=16 kc=4 prepacked=1}' %S/Inputs/pack.nr16.mlir | FileCheck %s --check-prefix=PRE
// RUN: nanomm-opt -p 'pack{nr=16 prefetch-rows=2 prefetch-min-kib=0}' %S/Inputs/pack.nr16.mlir | FileCheck %s --check-prefix=PF
// RUN: nanomm-opt -p 'pack{nr=16 prefetch-rows=2}' %S/Inputs/pack.nr16.mlir | FileCheck %s --check-prefix=SMALL
// RUN: not nanomm-opt -p 'pack{nr=16}' %S/Inputs/pack.nr32.mlir 2>&1 | FileCheck %s --check-prefix=MISMATCH
// The inputs are the function below after tile-cache{mc=8 nc=32 kc=4 order=nkm} and
// tile-register{mr=4} with nr=16 (.nr16) or nr=32 (.nr32, wider than pack's panels), captured in
// Inputs/ (Inputs/regenerate.py remakes them).

// One stack buffer, 64-byte aligned, sized for the largest block (2 panels x 4 x 16).
// Each B block is copied into [panels][kb][16] right after it is made, outside the M loop,
// row by row of B (K outer, panels inner),
// the 4-column edge panel with a lane mask; tiles then read their panel, row stride 16.
// CHECK-LABEL: func.func @mm
// CHECK:       %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xf32>
// CHECK:       %[[BLK:.*]] = memref.subview %arg1[0, 0] [4, 20] [1, 1]
// CHECK:       %[[PK:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [2, 4, 16], strides: [64, 16, 1] {nanomm.packed_b}
// CHECK:       scf.for %[[K:.*]] = %c0 to %c4 step %c1
// CHECK:         scf.for %[[P:.*]] = %c0 to %c1 step %c1
// CHECK:           %[[V:.*]] = vector.transfer_read %[[BLK]][%[[K]], %{{.*}}]{{.*}} vector<16xf32>
// CHECK:           vector.transfer_write %[[V]], %[[PK]][%[[P]], %[[K]], %c0]
// CHECK:       %[[M4:.*]] = vector.constant_mask [4] : vector<16xi1>
// CHECK:       vector.transfer_read %[[BLK]][%{{.*}}, %{{.*}}], %{{.*}}, %[[M4]]
// CHECK:       scf.for
// CHECK:         memref.subview %[[PK]][%{{.*}}, 0, 0] [1, 4, 16] [1, 1, 1] : memref<2x4x16xf32> to memref<4x16xf32, strided<[16, 1], offset: ?>>
// CHECK:         } {nanomm.nanokernel}
// CHECK-NOT:   nanomm.b_block

// A B of 560 bytes is under prefetch-min-kib (1024 KiB by default): no prefetches.
// SMALL-NOT: memref.prefetch
// prefetch-rows=2 (with any B size): each panel row first prefetches (locality 1: into L2) every line of the B row
// two panel rows ahead, clamped to the block's last row (3): columns 0, 16 and the last, 19.
// PF-LABEL: func.func @mm
// PF:       %[[BLK:.*]] = memref.subview %arg1[0, 0] [4, 20] [1, 1]
// PF:       scf.for %[[K:.*]] = %c0 to %c4 step %c1
// PF:         %[[AHEAD:.*]] = arith.addi %[[K]], %c2
// PF:         %[[ROW:.*]] = arith.minui %{{.*}}, %c3
// PF-NEXT:    memref.prefetch %[[BLK]][%[[ROW]], %c0], read, locality<1>, data
// PF:         memref.prefetch %[[BLK]][%[[ROW]], %c16{{.*}}], read, locality<1>, data
// PF:         memref.prefetch %[[BLK]][%[[ROW]], %c19], read, locality<1>, data
// PF-NEXT:    scf.for %{{.*}} = %c0 to %c1 step %c1
// PF:           vector.transfer_read %[[BLK]][%[[K]],

// Pre-packed: B arrives as [K blocks][panels][kc][16]; a @mm_pack_b function makes it.
// PRE-LABEL: func.func @mm_pack_b(%arg0: memref<7x20xf32>, %arg1: memref<2x2x4x16xf32>)
// PRE:         vector.transfer_write {{.*}} : vector<16xf32>, memref<2x4x16xf32, strided<[64, 16, 1], offset: ?>>
// PRE-LABEL: func.func @mm(%arg0: memref<10x7xf32>, %arg1: memref<2x2x4x16xf32>, %arg2: memref<10x20xf32>)
// PRE-NOT:     memref.alloca
// PRE:         memref.subview %arg1[%{{.*}}, %{{.*}}, 0, 0] [1, 1, 4, 16] [1, 1, 1, 1] : memref<2x2x4x16xf32> to memref<4x16xf32, strided<[16, 1], offset: ?>>
// PRE:         vector.contract

// MISMATCH: error: pass 'pack' failed: pack: B tile [{{[0-9]+}}, 20] at {{.*}} does not fit a {{[0-9]+}}x16 panel (run tile-register with the same nr)
func.func @mm(%a: memref<10x7xf32>, %b: memref<7x20xf32>, %c: memref<10x20xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x20xf32>)
  linalg.matmul ins(%a, %b : memref<10x7xf32>, memref<7x20xf32>) outs(%c : memref<10x20xf32>)
  return
}

// RUN: nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel.nr32.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-microkernel{unroll-k=2}' %S/Inputs/compose-microkernel.nr32.mlir | FileCheck %s --check-prefix=UNROLL
// RUN: nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel.nr20.mlir | FileCheck %s --check-prefix=MASK
// RUN: nanomm-opt -p 'compose-microkernel{prefetch-b=4 outline=0}' %S/Inputs/compose-microkernel.nr32.mlir | FileCheck %s --check-prefix=PREFETCH
// The inputs are the functions below after tile-register{mr=2 nr=32} (.nr32) and
// tile-register{mr=2 nr=20} (.nr20), captured in Inputs/ (Inputs/regenerate.py remakes them).

// A 2x32 tile: C lives in 2x2 vector<16xf32> iter_args across the K loop; per k, B is
// loaded once (2 vectors), each A element is broadcast once, and 4 FMAs form the chain.
// CHECK-LABEL: func.func @accumulate
// CHECK-COUNT-4: vector.transfer_read %{{.*}} : memref<2x32xf32>, vector<16xf32>
// CHECK:       %[[R:.*]]:4 = scf.for %[[K:.*]] = %c0 to %c7 step %c1 iter_args(%[[C0:.*]] = %{{.*}}, %[[C1:.*]] = %{{.*}}, %[[C2:.*]] = %{{.*}}, %[[C3:.*]] = %{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:         %[[B0:.*]] = vector.transfer_read %arg1[%[[K]], %c0]
// CHECK:         %[[B1:.*]] = vector.transfer_read %arg1[%[[K]], %c16]
// CHECK:         %[[A0:.*]] = memref.load %arg0[%c0, %[[K]]]
// CHECK:         %[[BA0:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK:         %[[F0:.*]] = vector.fma %[[BA0]], %[[B0]], %[[C0]] : vector<16xf32>
// CHECK:         %[[F1:.*]] = vector.fma %[[BA0]], %[[B1]], %[[C1]] : vector<16xf32>
// CHECK:         %[[A1:.*]] = memref.load %arg0[%c1, %[[K]]]
// CHECK:         %[[BA1:.*]] = vector.broadcast %[[A1]] : f32 to vector<16xf32>
// CHECK:         %[[F2:.*]] = vector.fma %[[BA1]], %[[B0]], %[[C2]] : vector<16xf32>
// CHECK:         %[[F3:.*]] = vector.fma %[[BA1]], %[[B1]], %[[C3]] : vector<16xf32>
// CHECK:         scf.yield %[[F0]], %[[F1]], %[[F2]], %[[F3]]
// CHECK:       } {nanomm.microkernel}
// CHECK:       vector.transfer_write %[[R]]#0, %arg2[%c0, %c0]
// CHECK:       vector.transfer_write %[[R]]#3, %arg2[%c1, %c16]
// CHECK-NOT:   vector.contract
// UNROLL-LABEL: func.func @accumulate
// UNROLL:       scf.for %{{.*}} = %c0 to %c6 step %c2 iter_args
// UNROLL-COUNT-8: vector.fma
// UNROLL:       } {nanomm.microkernel}
// The K remainder (7 = 3x2 + 1) is peeled after the loop.
// UNROLL-COUNT-4: vector.fma
// UNROLL:       vector.transfer_write
func.func @accumulate(%a: memref<2x7xf32>, %b: memref<7x32xf32>, %c: memref<2x32xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x32xf32>) outs(%c : memref<2x32xf32>)
  return
}

// A zero-filled C starts from zero vectors instead of loads.
// CHECK-LABEL: func.func @zero_init
// CHECK:       %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:       scf.for {{.*}} iter_args(%{{.*}} = %[[Z]], %{{.*}} = %[[Z]], %{{.*}} = %[[Z]], %{{.*}} = %[[Z]])
func.func @zero_init(%a: memref<2x7xf32>, %b: memref<7x32xf32>, %c: memref<2x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x32xf32>)
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x32xf32>) outs(%c : memref<2x32xf32>)
  return
}

// NR=20 is not a multiple of 16: the second vector of each row uses a 4-lane mask.
// MASK-LABEL: func.func @accumulate
// MASK:       %[[M:.*]] = vector.constant_mask [4] : vector<16xi1>
// MASK:       vector.transfer_read %{{.*}}[%{{.*}}, %c16], %{{.*}}, %[[M]] {in_bounds = [true]}
// MASK:       vector.transfer_write %{{.*}}, %{{.*}}[%c1, %c16], %[[M]]

// prefetch-b=4: each K step prefetches B's row k + 4, one prefetch per 64-byte line. B's rows
// contiguous (a panel: the row stride is the tile's width): past the last row, into the memory
// that follows (the next panel of a packed layout). B with a wider row stride: clamped to the
// tile's last row.
// PREFETCH-LABEL: func.func @prefetch_panel
// PREFETCH:       scf.for %[[K:.*]] = %c0 to %c7
// PREFETCH:         %[[AHEAD:.*]] = arith.addi %[[K]], %c4 : index
// PREFETCH-NOT:     arith.minui
// PREFETCH:         memref.prefetch %arg1[%[[AHEAD]], %c0], read, locality<3>, data
// PREFETCH-NEXT:    memref.prefetch %arg1[%[[AHEAD]], %c16], read, locality<3>, data
// PREFETCH-LABEL: func.func @prefetch_strided
// PREFETCH:       %[[AHEAD:.*]] = arith.addi %{{.*}}, %c4 : index
// PREFETCH:       %[[LAST:.*]] = arith.minui %[[AHEAD]], %c6 : index
// PREFETCH-NEXT:  memref.prefetch %arg1[%[[LAST]], %c0], read, locality<3>, data
func.func @prefetch_panel(%a: memref<2x7xf32>, %b: memref<7x32xf32>, %c: memref<2x32xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x32xf32>) outs(%c : memref<2x32xf32>)
  return
}

func.func @prefetch_strided(%a: memref<2x7xf32>, %b: memref<7x32xf32, strided<[64, 1]>>, %c: memref<2x32xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x32xf32, strided<[64, 1]>>) outs(%c : memref<2x32xf32>)
  return
}

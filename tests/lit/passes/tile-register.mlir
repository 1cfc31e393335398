// RUN: nanomm-opt -p 'tile-register{mr=6 nr=16}' %s | FileCheck %s
// RUN: nanomm-opt -p 'tile-register{mr=4 nr=32 order=nm}' %s | FileCheck %s --check-prefix=NM
// RUN: nanomm-opt -p 'tile-register{mr=6 nr=16 split-one-row=1}' %s | FileCheck %s --check-prefix=SPLIT
// RUN: not nanomm-opt -p 'tile-register{order=xy}' %s 2>&1 | FileCheck %s --check-prefix=BADOPT

// A 12x32 block: 2x2 full 6x16 register tiles, each a vector.contract nanokernel over K.
// CHECK-LABEL: func.func @full_tiles
// CHECK:       scf.for %[[M:.*]] = %c0 to %c12 step %c6
// CHECK:         scf.for %[[N:.*]] = %c0 to %c32 step %c16
// CHECK:           %[[CT:.*]] = memref.subview %arg2[%[[M]], %[[N]]] [6, 16] [1, 1]
// CHECK:           scf.for %[[K:.*]] = %c0 to %c5 step %c1
// CHECK:             %[[ACC:.*]] = vector.transfer_read %[[CT]][%c0, %c0], %{{.*}} {in_bounds = [true, true]} : {{.*}}, vector<6x16xf32>
// CHECK:             %[[A:.*]] = vector.transfer_read %{{.*}}[%c0, %[[K]]], {{.*}} vector<6x1xf32>
// CHECK:             %[[B:.*]] = vector.transfer_read %{{.*}}[%[[K]], %c0], {{.*}} vector<1x16xf32>
// CHECK:             %[[R:.*]] = vector.contract {{.*}} %[[A]], %[[B]], %[[ACC]] : vector<6x1xf32>, vector<1x16xf32> into vector<6x16xf32>
// CHECK:             vector.transfer_write %[[R]], %[[CT]][%c0, %c0]
// CHECK:           } {nanomm.nanokernel}
// NM-LABEL: func.func @full_tiles
// NM:       scf.for %{{.*}} = %c0 to %c12 step %c4
// NM:         vector.contract {{.*}} : vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
func.func @full_tiles(%a: memref<12x5xf32>, %b: memref<5x32xf32>, %c: memref<12x32xf32>) {
  linalg.matmul ins(%a, %b : memref<12x5xf32>, memref<5x32xf32>) outs(%c : memref<12x32xf32>)
  return
}

// With split-one-row, 7 rows of 6-row tiles run as 4 + 3 rows (not 6 + 1: a one-row tile streams B for
// one row of FMAs); columns are never split.
// SPLIT-LABEL: func.func @edge_tiles
// SPLIT:       memref.subview %arg2[0, 0] [4, 16] [1, 1]
// SPLIT:       memref.subview %arg2[0, 16] [4, 4] [1, 1]
// SPLIT:       memref.subview %arg2[4, 0] [3, 16] [1, 1]
// SPLIT:       memref.subview %arg2[4, 16] [3, 4] [1, 1]
// SPLIT-NOT:   [1, 16]
// A 7x20 block: edge tiles 1x16, 6x4 and 1x4 are peeled with their own static shapes,
// and a zero fill becomes a zero vector written before each nanokernel.
// CHECK-LABEL: func.func @edge_tiles
// CHECK-NOT:   linalg.fill
// CHECK:       memref.subview %arg2[0, 0] [6, 16] [1, 1]
// CHECK:       vector.transfer_write %cst{{.*}} : vector<6x16xf32>
// CHECK:       scf.for
// CHECK:         vector.contract {{.*}} into vector<6x16xf32>
// CHECK:       memref.subview %arg2[0, 16] [6, 4] [1, 1]
// CHECK:         vector.contract {{.*}} into vector<6x4xf32>
// CHECK:       memref.subview %arg2[6, 0] [1, 16] [1, 1]
// CHECK:         vector.contract {{.*}} into vector<1x16xf32>
// CHECK:       memref.subview %arg2[6, 16] [1, 4] [1, 1]
// CHECK:         vector.contract {{.*}} into vector<1x4xf32>
// CHECK-NOT:   linalg.matmul
func.func @edge_tiles(%a: memref<7x3xf32>, %b: memref<3x20xf32>, %c: memref<7x20xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<7x20xf32>)
  linalg.matmul ins(%a, %b : memref<7x3xf32>, memref<3x20xf32>) outs(%c : memref<7x20xf32>)
  return
}

// BADOPT: error: tile-register: order must be 'mn' or 'nm', got 'xy'

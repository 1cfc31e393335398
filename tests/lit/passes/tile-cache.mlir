// RUN: nanomm-opt -p 'tile-cache{mc=8 nc=16 kc=4}' %s | FileCheck %s
// RUN: nanomm-opt -p 'tile-cache{mc=64 nc=64 kc=64}' %s | FileCheck %s --check-prefix=WHOLE
// RUN: not nanomm-opt -p 'tile-cache{mc=0}' %s 2>&1 | FileCheck %s --check-prefix=BADOPT

// Blocks that divide the problem: loops over N and M blocks, a batch-reduce loop over K.
// CHECK-LABEL: func.func @divisible
// CHECK:       scf.for %[[N0:.*]] = %c0 to %c32 step %c16
// CHECK:         scf.for %[[M0:.*]] = %c0 to %c16 step %c8
// CHECK:           scf.for %[[K0:.*]] = %c0 to %c12 step %c4
// CHECK:             memref.subview %arg0[%[[M0]], %[[K0]]] [8, 4] [1, 1]
// CHECK:             memref.subview %arg1[%[[K0]], %[[N0]]] [4, 16] [1, 1]
// CHECK:             linalg.matmul ins({{.*}} : memref<8x4xf32, {{.*}}>, memref<4x16xf32, {{.*}}>) outs({{.*}} : memref<8x16xf32, {{.*}}>)
// CHECK:           } {nanomm.batch_reduce}
// WHOLE-LABEL: func.func @divisible
// WHOLE-NOT:   scf.for
// WHOLE:       linalg.matmul ins({{.*}} : memref<16x12xf32>, memref<12x32xf32>) outs({{.*}} : memref<16x32xf32>)
func.func @divisible(%a: memref<16x12xf32>, %b: memref<12x32xf32>, %c: memref<16x32xf32>) {
  linalg.matmul ins(%a, %b : memref<16x12xf32>, memref<12x32xf32>) outs(%c : memref<16x32xf32>)
  return
}

// Edge blocks are peeled with static sizes; the zero fill of C moves into the first K
// block of each C block and the remaining K blocks accumulate.
// CHECK-LABEL: func.func @edges
// CHECK-NOT:   linalg.fill ins(%{{.*}} : f32) outs(%arg2
// CHECK:       memref.subview %arg2[0, 0] [8, 16] [1, 1]
// CHECK:       linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<8x16xf32, {{.*}}>)
// CHECK-NEXT:  linalg.matmul ins({{.*}} : memref<8x4xf32, {{.*}}>, memref<4x16xf32, {{.*}}>)
// CHECK:       linalg.matmul ins({{.*}} : memref<8x3xf32, {{.*}}>, memref<3x16xf32, {{.*}}>) outs({{.*}} : memref<8x16xf32
// CHECK:       memref.subview %arg2[8, 0] [2, 16] [1, 1]
// CHECK:       memref.subview %arg2[0, 16] [8, 4] [1, 1]
// CHECK:       memref.subview %arg2[8, 16] [2, 4] [1, 1]
// CHECK:       linalg.matmul ins({{.*}} : memref<2x3xf32, {{.*}}>, memref<3x4xf32, {{.*}}>) outs({{.*}} : memref<2x4xf32
// WHOLE-LABEL: func.func @edges
// WHOLE:       linalg.fill
// WHOLE-NEXT:  linalg.matmul
func.func @edges(%a: memref<10x7xf32>, %b: memref<7x20xf32>, %c: memref<10x20xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x20xf32>)
  linalg.matmul ins(%a, %b : memref<10x7xf32>, memref<7x20xf32>) outs(%c : memref<10x20xf32>)
  return
}

// BADOPT: error: tile-cache: mc must be positive, got 0

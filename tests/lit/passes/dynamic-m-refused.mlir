// RUN: not nanomm-opt -p 'tile-cache' %s 2>&1 | FileCheck %s

// Only M (the rows of A and C) may be dynamic; the error names the operand.
// CHECK: only M, the rows of A and C, may be dynamic): operand A is memref<4x?xf32>
func.func @dyn_k(%A: memref<4x?xf32>, %B: memref<?x8xf32>, %C: memref<4x8xf32>) {
  linalg.matmul ins(%A, %B : memref<4x?xf32>, memref<?x8xf32>) outs(%C : memref<4x8xf32>)
  return
}

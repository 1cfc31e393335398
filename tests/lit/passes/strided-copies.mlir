// RUN: nanomm-opt -p 'strided-copies' %s | FileCheck %s

// A rotate-half after bufferization: the second half of a row is copied into the first half of a new
// buffer, and the first half (a strided piece) into its second. Copies of strided pieces become
// linalg.copy (loops in lower-llvm: MLIR would call its runner library's memrefCopy); a copy between
// contiguous buffers, or into a piece that is still one dense run (a leading-dimension slice),
// stays memref.copy (llvm.memcpy).
// CHECK-LABEL: func.func @rotate_half
// CHECK:         linalg.copy {{.*}}ins(%{{.*}} : memref<2x4xf32, strided<[8, 1], offset: 4>>) outs(%{{.*}} : memref<2x4xf32, strided<[8, 1]>>)
// CHECK:         linalg.copy {{.*}}ins(%{{.*}} : memref<2x4xf32, strided<[8, 1]>>) outs(%{{.*}} : memref<2x4xf32, strided<[8, 1], offset: 4>>)
// CHECK:         memref.copy %{{.*}}, %{{.*}} : memref<2x8xf32> to memref<2x8xf32>
// CHECK:         memref.copy %{{.*}}, %{{.*}} : memref<1x8xf32, strided<[8, 1], offset: 8>> to memref<1x8xf32>
// CHECK-NOT:     memref.copy
func.func @rotate_half(%x: memref<2x8xf32>, %out: memref<2x8xf32>, %row: memref<1x8xf32>) {
  %r = memref.alloc() : memref<2x8xf32>
  %lo = memref.subview %x[0, 0] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1]>>
  %hi = memref.subview %x[0, 4] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 4>>
  %r_lo = memref.subview %r[0, 0] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1]>>
  %r_hi = memref.subview %r[0, 4] [2, 4] [1, 1] : memref<2x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 4>>
  memref.copy %hi, %r_lo : memref<2x4xf32, strided<[8, 1], offset: 4>> to memref<2x4xf32, strided<[8, 1]>>
  memref.copy %lo, %r_hi : memref<2x4xf32, strided<[8, 1]>> to memref<2x4xf32, strided<[8, 1], offset: 4>>
  memref.copy %r, %out : memref<2x8xf32> to memref<2x8xf32>
  %second = memref.subview %x[1, 0] [1, 8] [1, 1] : memref<2x8xf32> to memref<1x8xf32, strided<[8, 1], offset: 8>>
  memref.copy %second, %row : memref<1x8xf32, strided<[8, 1], offset: 8>> to memref<1x8xf32>
  memref.dealloc %r : memref<2x8xf32>
  return
}

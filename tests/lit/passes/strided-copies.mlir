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

// A padded tensor's interior: each row's (w, c) is one run of 4 x 8 in both the source and the padded
// buffer, so the copy runs over (n, h, w * c): LLVM vectorizes a loop of 32 (it unrolls one of 8 into
// scalar moves).
// CHECK-LABEL: func.func @interior
// CHECK:         %[[SRC:.*]] = memref.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : memref<1x4x4x8xf32> into memref<1x4x32xf32>
// CHECK:         %[[DST:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : memref<1x4x4x8xf32, strided<[288, 48, 8, 1], offset: 56>> into memref<1x4x32xf32, strided<[288, 48, 1], offset: 56>>
// CHECK:         linalg.copy {{.*}}ins(%[[SRC]] : memref<1x4x32xf32>) outs(%[[DST]] :
func.func @interior(%x: memref<1x4x4x8xf32>, %out: memref<1x6x6x8xf32>) {
  %v = memref.subview %out[0, 1, 1, 0] [1, 4, 4, 8] [1, 1, 1, 1] : memref<1x6x6x8xf32> to memref<1x4x4x8xf32, strided<[288, 48, 8, 1], offset: 56>>
  memref.copy %x, %v : memref<1x4x4x8xf32> to memref<1x4x4x8xf32, strided<[288, 48, 8, 1], offset: 56>>
  return
}

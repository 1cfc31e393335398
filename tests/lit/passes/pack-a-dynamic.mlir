// RUN: nanomm-opt -p 'tile-cache{mc=64 nc=32 kc=64 order=nkm},tile-register{mr=32 nr=32},pack{nr=32 pack-a=1 a-rows=64}' %s | FileCheck %s
// RUN: not nanomm-opt -p 'tile-cache{mc=64 nc=32 kc=64 order=nkm},tile-register{mr=32 nr=32},pack{nr=32 pack-a=1}' %s 2>&1 | FileCheck %s --check-prefix=ERR

// pack-a on A blocks of a run-time row count (a dynamic-M AMX kernel: blocks of min(MC, M - m0)
// rows): one stack buffer of a-rows (rounded up to whole 16-row tiles) rows of an odd number of
// 64-byte lines (64 bf16 = 2 lines -> 3: a row stride of 96), the block copied row by row up to
// its row count (memref.dim), and the tiles' views remade on a copy view with that dynamic size.
// CHECK-LABEL: func.func @dyn
// CHECK:       memref.alloca() {alignment = 64 : i64} : memref<6144xbf16>
// CHECK:       scf.for %{{.*}} = %c0 to %{{.*}} step %c64
// CHECK:         %[[ROWS:.*]] = memref.dim %{{.*}}, %c0 : memref<?x64xbf16, strided<[64, 1], offset: ?>>
// CHECK:         %[[COPY:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%[[ROWS]], 64], strides: [96, 1]
// CHECK:         scf.for %{{.*}} = %c0 to %[[ROWS]] step %c1
// CHECK:           vector.transfer_write %{{.*}}, %[[COPY]]
// CHECK:         memref.subview %[[COPY]][%{{.*}}, 0] [32, 64] [1, 1]
// Without a-rows the buffer's size is unknown: refused, naming the option.
// ERR: pack-a of A blocks with a dynamic row count needs a-rows
func.func @dyn(%A: memref<?x64xbf16>, %B: memref<64x32xbf16>, %C: memref<?x32xf32>) {
  linalg.matmul ins(%A, %B : memref<?x64xbf16>, memref<64x32xbf16>) outs(%C : memref<?x32xf32>)
  return
}

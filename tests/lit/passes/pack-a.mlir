// RUN: nanomm-opt -p 'pack{nr=32 pack-a=1}' %S/Inputs/pack-a.mlir | FileCheck %s
// The input is the function below after tile-cache{mc=16 nc=32 kc=64 order=nkm} and
// tile-register{mr=8 nr=32} (Inputs/pack-a.mlir; Inputs/regenerate.py remakes it).

// pack-a copies each A block (tagged nanomm.a_block by tile-cache's nkm order) into a stack
// buffer whose rows are an odd number of 64-byte lines: 64 bf16 = 2 lines, so 3 lines = 96
// elements per row. The copy is made where the block is; the register tiles read the copy.
// CHECK-LABEL: func.func @mm
// CHECK:       memref.alloca() {alignment = 64 : i64} : memref<1536xbf16>
// CHECK:       %[[BLK:.*]] = memref.subview %arg0{{.*}} to memref<16x64xbf16
// CHECK-NOT:   nanomm.a_block
// CHECK:       %[[COPY:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [16, 64], strides: [96, 1] : memref<1536xbf16> to memref<16x64xbf16, strided<[96, 1]>>
// CHECK:       scf.for
// CHECK:       vector.transfer_read %[[BLK]]
// CHECK:       vector.transfer_write %{{.*}}, %[[COPY]]
// CHECK:       memref.subview %[[COPY]][%{{.*}}, 0] [8, 64] [1, 1] : memref<16x64xbf16, strided<[96, 1]>> to memref<8x64xbf16, strided<[96, 1], offset: ?>>
// CHECK:       scf.for {{.*}} step %c2
// CHECK:       return
func.func @mm(%A: memref<16x64xbf16>, %B: memref<64x32xbf16>, %C: memref<16x32xf32>) {
  linalg.matmul ins(%A, %B : memref<16x64xbf16>, memref<64x32xbf16>) outs(%C : memref<16x32xf32>)
  return
}

// RUN: nanomm-opt -p 'pack{nr=16 kc=4 prepacked=1}' %S/Inputs/pack-prepacked-block.mlir | FileCheck %s
// The input is the function below after tile-cache{mc=8 nc=32 kc=4 order=nkm} and
// tile-register{mr=4 nr=16} (Inputs/pack-prepacked-block.mlir; Inputs/regenerate.py remakes it).

// A column block of a wider B (here 20 of 50 columns: B's row stride is 50) reads its panels
// inside the packed layout of the whole B: [K blocks][panels][kc][16] with K blocks
// ceil(50/16) = 4 panels (4 x 4 x 16 = 256 elements) apart, not the block's own 2. Its pack
// function writes the block's panels there (compiler/parallel.py packs B once for all threads
// this way, one column block per thread).
// CHECK-LABEL: func.func @mm_pack_b(%arg0: memref<7x20xf32, strided<[50, 1]>>, %arg1: memref<2x2x4x16xf32, strided<[256, 64, 16, 1]>>)
// CHECK:         vector.transfer_write {{.*}} : vector<16xf32>, memref<2x4x16xf32, strided<[64, 16, 1], offset: ?>>
// CHECK-LABEL: func.func @mm(%arg0: memref<10x7xf32>, %arg1: memref<2x2x4x16xf32, strided<[256, 64, 16, 1]>>, %arg2: memref<10x20xf32, strided<[50, 1]>>)
// CHECK-NOT:     memref.alloca
// CHECK:         memref.subview %arg1[%{{.*}}, %{{.*}}, 0, 0] [1, 1, 4, 16] [1, 1, 1, 1] : memref<2x2x4x16xf32, strided<[256, 64, 16, 1]>> to memref<4x16xf32, strided<[16, 1], offset: ?>>
// CHECK:         vector.contract
func.func @mm(%a: memref<10x7xf32>, %b: memref<7x20xf32, strided<[50, 1]>>, %c: memref<10x20xf32, strided<[50, 1]>>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x20xf32, strided<[50, 1]>>)
  linalg.matmul ins(%a, %b : memref<10x7xf32>, memref<7x20xf32, strided<[50, 1]>>) outs(%c : memref<10x20xf32, strided<[50, 1]>>)
  return
}

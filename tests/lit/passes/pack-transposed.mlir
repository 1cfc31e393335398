// RUN: nanomm-opt -p 'pack{nr=32 kc=32}' %S/Inputs/pack-transposed.mlir | FileCheck %s
// The input is the functions below after tile-cache{mc=8 nc=64 kc=32 order=nkm} and
// tile-register{mr=4 nr=32} (Inputs/pack-transposed.mlir; Inputs/regenerate.py remakes it).

// B stored transposed (the argument is B^T = W, 48 x 40): the pack pass reads W's rows along K
// (16 words a row, contiguous) and transposes 16 x 16 words in registers (shuffles) into the panels,
// so no load has W's row stride.
// CHECK-LABEL: func.func @bt
// CHECK:       memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<48x40xf32> to memref<40x48xf32, strided<[1, 40]>>
// CHECK:       memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<32x{{[0-9]+}}xf32, strided<[1, 40]{{.*}}>> to memref<{{[0-9]+}}x32xf32, strided<[40, 1]{{.*}}>>
// CHECK:       vector.transfer_read {{.*}} : memref<{{[0-9]+}}x32xf32, strided<[40, 1]{{.*}}>>, vector<16xf32>
// CHECK:       vector.bitcast {{.*}} : vector<16xf32> to vector<16xi32>
// CHECK-COUNT-64: vector.shuffle
// CHECK:       vector.transfer_write {{.*}} : vector<16xf32>, memref<{{.*}}x32x32xf32>
// CHECK:       vector.contract
func.func @bt(%A: memref<8x40xf32>, %Bt: memref<48x40xf32>, %C: memref<8x48xf32>) {
  %B = memref.transpose %Bt (i, j) -> (j, i) : memref<48x40xf32> to memref<40x48xf32, strided<[1, 40]>>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<8x48xf32>)
  linalg.matmul ins(%A, %B : memref<8x40xf32>, memref<40x48xf32, strided<[1, 40]>>) outs(%C : memref<8x48xf32>)
  return
}

// linalg.matmul with indexing_maps reading B transposed (B given as N x K) is the same kernel: the
// matmul passes read it as the plain matmul of a memref.transpose view (passes/_matmul.py).
// CHECK-LABEL: func.func @maps
// CHECK:       memref.transpose %arg1 (d0, d1) -> (d1, d0) : memref<48x40xf32> to memref<40x48xf32, strided<[1, 40]>>
// CHECK-NOT:   linalg.fill
// CHECK-COUNT-64: vector.shuffle
// CHECK:       vector.contract
func.func @maps(%A: memref<8x40xf32>, %Bt: memref<48x40xf32>, %C: memref<8x48xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<8x48xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%A, %Bt : memref<8x40xf32>, memref<48x40xf32>) outs(%C : memref<8x48xf32>)
  return
}

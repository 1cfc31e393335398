// RUN: nanomm-opt -p 'compose-amx' %S/Inputs/compose-amx.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-amx{outline=0}' %S/Inputs/compose-amx.mlir | FileCheck %s --check-prefix=INLINE
// RUN: nanomm-opt -p 'compose-amx{emulate=1}' %S/Inputs/compose-amx.mlir | FileCheck %s --check-prefix=EMU
// RUN: nanomm-opt -p 'compose-amx{prefetch-a=1}' %S/Inputs/compose-amx.mlir | FileCheck %s --check-prefix=PREFETCH
// RUN: nanomm-opt -p 'compose-amx{prefetch-c=1}' %S/Inputs/compose-amx.mlir | FileCheck %s --check-prefix=PFC
// RUN: nanomm-opt -p 'compose-amx{stream-b=1}' %S/Inputs/compose-amx.mlir | FileCheck %s --check-prefix=STREAM
// The input is the functions below after tile-cache{mc=64 nc=64 kc=128 order=nkm},
// tile-register{mr=32 nr=32} and pack{nr=32} (Inputs/compose-amx.mlir; Inputs/regenerate.py remakes it).

// Outlined microkernels are inserted at the top of the module, so they come first (newest first).
// Module order: @nanomm_amx_3 (s8s8), _2 (u8s8), _1 (edges), _0 (bf16_64), then the kernels.

// s8 x s8 -> i32: both signed (tdpbssd), no +128 shift as on AVX-512.
// CHECK-LABEL: func.func private @nanomm_amx_3_32x32x64_zero
// CHECK:       amx.tile_muli %{{[^ ]*}}, %{{[^ ]*}}, %{{.*}} : !amx.tile<16x64xi8>

// u8 x s8 -> i32: tile_muli with a zero-extended A (tdpbusd); 16x64 i8 tiles.
// CHECK-LABEL: func.func private @nanomm_amx_2_32x32x64_zero
// CHECK:       amx.tile_load {{.*}} into !amx.tile<16x64xi8>
// CHECK:       amx.tile_muli %{{.*}} zext, %{{[^ ]*}}, %{{.*}} : !amx.tile<16x64xi8>, !amx.tile<16x64xi8>, !amx.tile<16x16xi32>

// CHECK-LABEL: func.func private @nanomm_amx_1_32x32x64_zero
// CHECK-SAME:  memref<32x64xbf16, strided<[70, 1]>>

// bf16, 64^3 in 32x32 register tiles: one outlined microkernel (zero start, K = 64 = 2 tile
// products): 2x2 C tiles from tile_zero, per K step 2 A tiles (rows of A) and 2 B tiles (16 rows
// of the VNNI panel) interleaved with the 4 tile_mulf (B0 A0 C00 A1 B1 C10 C01 C11), C stored
// once. No nanokernel is left.
// CHECK-LABEL: func.func private @nanomm_amx_0_32x32x64_zero
// CHECK-SAME:  attributes {nanomm.outlined}
// CHECK-COUNT-4: amx.tile_zero : !amx.tile<16x16xf32>
// CHECK:       %[[B0:.*]] = amx.tile_load %arg1[{{.*}}, %c0{{.*}}] : memref<32x64xbf16, strided<[64, 1], offset: ?>> into !amx.tile<16x32xbf16>
// CHECK:       %[[A0:.*]] = amx.tile_load %arg0[%c0, %c0{{.*}}] : memref<32x64xbf16, strided<[64, 1], offset: ?>> into !amx.tile<16x32xbf16>
// CHECK:       amx.tile_mulf %[[A0]], %[[B0]]
// CHECK:       %[[A1:.*]] = amx.tile_load %arg0[%c16{{.*}}, %c0{{.*}}] : {{.*}} into !amx.tile<16x32xbf16>
// CHECK:       %[[B1:.*]] = amx.tile_load %arg1[{{.*}}, %c32{{.*}}] : {{.*}} into !amx.tile<16x32xbf16>
// CHECK:       amx.tile_mulf %[[A1]], %[[B0]]
// CHECK:       amx.tile_mulf %[[A0]], %[[B1]]
// CHECK:       amx.tile_mulf %[[A1]], %[[B1]]
// CHECK:       amx.tile_load %arg1
// CHECK:       amx.tile_load %arg0
// CHECK:       amx.tile_mulf
// CHECK-COUNT-2: amx.tile_load
// CHECK-COUNT-3: amx.tile_mulf
// CHECK-COUNT-4: amx.tile_store %arg2
// CHECK-LABEL: func.func @bf16_64
// CHECK:       call @nanomm_amx_0_32x32x64_zero
// CHECK-NOT:   nanomm.nanokernel
// CHECK:       return
// INLINE-LABEL: func.func @bf16_64
// INLINE-NOT:  call
// INLINE:      amx.tile_mulf
// EMU-LABEL:   func.func private @nanomm_amx_0_32x32x64_zero
// EMU-NOT:     amx.
// EMU:         vector.fma
// EMU:         } {nanomm.amx_microkernel}
// PREFETCH-LABEL: func.func private @nanomm_amx_0_32x32x64_zero
// PREFETCH-COUNT-32: memref.prefetch %arg0[{{.*}}, %c32{{.*}}], read
// PREFETCH:    amx.tile_load
// The C lines of the microkernel to the right (columns 32 and 48: two lines a row), for
// writing, half of the 64 before each of the two K steps.
// PFC-LABEL:   func.func private @nanomm_amx_0_32x32x64_zero
// PFC:         memref.prefetch %arg2[%c0, %c32], write
// PFC:         memref.prefetch %arg2[%c0, %c48], write
// PFC-COUNT-30: memref.prefetch %arg2[{{.*}}], write
// PFC-NOT:     memref.prefetch
// PFC:         amx.tile_load
// PFC-COUNT-4: amx.tile_mulf
// PFC:         memref.prefetch %arg2[%c16, %c32], write
// PFC-COUNT-31: memref.prefetch %arg2[{{.*}}], write
// PFC-NOT:     memref.prefetch
// PFC:         amx.tile_store
// stream-b marks the B tile loads (the VNNI panel, %arg1) for tileloaddt1; A's stay plain.
// STREAM-LABEL: func.func private @nanomm_amx_0_32x32x64_zero
// STREAM:       amx.tile_load %arg1{{.*}} {nanomm.tile_stream}
// STREAM:       amx.tile_load %arg0
// STREAM-NOT:   nanomm.tile_stream
// STREAM:       amx.tile_mulf
// STREAM:       amx.tile_load %arg0
// STREAM-NOT:   nanomm.tile_stream
// STREAM:       amx.tile_load %arg1{{.*}} {nanomm.tile_stream}
func.func @bf16_64(%A: memref<64x64xbf16>, %B: memref<64x64xbf16>, %C: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x64xbf16>, memref<64x64xbf16>) outs(%C : memref<64x64xf32>)
  return
}

// Edges: M = 40 = 32 + 8, N = 40 = 32 + 8, K = 70 = 2 x 32 + 6. The 32x32 tile is one AMX
// microkernel over K 64 then a K-remainder nanokernel (6 k, in register-sized pieces, with no
// zero start: it adds to the tiles' result). tile-register peels the edge tiles 32x8, 8x32 and
// 8x8, which have no whole 16x16 tile: they stay zero-started nanokernels over the whole K,
// split to fit the registers (32x8 -> 2 x 16x8), for compose-microkernel.
// CHECK-LABEL: func.func @edges
// CHECK:       call @nanomm_amx_1_32x32x64_zero
// CHECK-NOT:   vector.transfer_write %cst
// CHECK:       vector.transfer_read {{.*}} : memref<{{[0-9]+}}x6xbf16, {{.*}}>, vector<{{[0-9]+}}x2xbf16>
// CHECK:       } {nanomm.nanokernel}
// CHECK:       vector.transfer_write %cst{{.*}} : vector<16x8xf32>
// CHECK:       } {nanomm.nanokernel}
// CHECK:       vector.transfer_write %cst{{.*}} : vector<16x8xf32>
// CHECK:       } {nanomm.nanokernel}
// CHECK:       vector.transfer_write %cst{{.*}} : vector<8x32xf32>
// CHECK:       } {nanomm.nanokernel}
// CHECK:       return
func.func @edges(%A: memref<40x70xbf16>, %B: memref<70x40xbf16>, %C: memref<40x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<40x40xf32>)
  linalg.matmul ins(%A, %B : memref<40x70xbf16>, memref<70x40xbf16>) outs(%C : memref<40x40xf32>)
  return
}

// CHECK-LABEL: func.func @u8s8
// CHECK:       call @nanomm_amx_2_32x32x64_zero
func.func @u8s8(%A: memref<32x64xi8>, %B: memref<64x32xi8>, %C: memref<32x32xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<32x32xi32>)
  linalg.matmul {nanomm.a_unsigned} ins(%A, %B : memref<32x64xi8>, memref<64x32xi8>) outs(%C : memref<32x32xi32>)
  return
}

// CHECK-LABEL: func.func @s8s8
// CHECK:       call @nanomm_amx_3_32x32x64_zero
func.func @s8s8(%A: memref<32x64xi8>, %B: memref<64x32xi8>, %C: memref<32x32xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<32x32xi32>)
  linalg.matmul ins(%A, %B : memref<32x64xi8>, memref<64x32xi8>) outs(%C : memref<32x32xi32>)
  return
}

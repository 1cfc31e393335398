// RUN: nanomm-opt -p 'compose-amx{outline=0}' %S/Inputs/compose-amx-epilogue.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-amx{outline=0 pipeline-epilogue=0}' %S/Inputs/compose-amx-epilogue.mlir | FileCheck %s --check-prefix=OFF
// RUN: nanomm-opt -p 'compose-amx{outline=1}' %S/Inputs/compose-amx-epilogue.mlir | FileCheck %s --check-prefix=OUTLINED
// The input is the function below after tile-cache{mc=32 nc=96 kc=64 order=nkm},
// tile-register{mr=32 nr=32} and pack{nr=32} (Inputs/compose-amx-epilogue.mlir; Inputs/regenerate.py
// remakes it): three 32x32 register tiles along N, each followed by its bias + ReLU epilogue.

// pipeline-epilogue (inlined microkernels): the loop over the tiles has its first trip peeled (its
// tile before the loop, the loop from the second tile); each trip's K steps (two tile products of
// K = 32) carry the previous trip's epilogue, its 64 vector rows (32 rows x 2 x 16 lanes) spread
// over them: 32 after each step's four products. The last tile's epilogue follows the loop, as the
// epilogue op on that tile (compose-microkernel makes it a loop over its rows).
// CHECK-LABEL: func.func @bf16_bias_relu
// CHECK-COUNT-8: amx.tile_mulf
// CHECK-COUNT-4: amx.tile_store
// CHECK:       scf.for %[[J:.*]] = %c32{{.*}} to %c96{{.*}} step %c32
// CHECK:         %[[PREV:.*]] = arith.subi %[[J]], %c32
// CHECK:         memref.subview %{{.*}}[0, %[[PREV]]]
// CHECK-COUNT-4: amx.tile_mulf
// CHECK-COUNT-32: arith.maximumf {{.*}} : vector<16xf32>
// CHECK-COUNT-4: amx.tile_mulf
// CHECK-COUNT-32: arith.maximumf {{.*}} : vector<16xf32>
// CHECK-NOT:     arith.maximumf
// CHECK-COUNT-4: amx.tile_store
// CHECK:       }
// CHECK-NOT:   amx.tile_mulf
// CHECK:       %[[LAST:.*]] = memref.subview %arg2[0, %c64] [32, 32]
// CHECK:       linalg.generic {{.*}} outs(%[[LAST]] :
// CHECK:       arith.maximumf {{.*}} : f32
// CHECK-NOT:   linalg.generic
// CHECK:       return

// Without it (or with outlined microkernels), each tile's epilogue stays after its tile, for
// compose-microkernel to expand.
// OFF-LABEL: func.func @bf16_bias_relu
// OFF:       scf.for %{{.*}} = %c0{{.*}} to %c96{{.*}} step %c32
// OFF:         amx.tile_mulf
// OFF-NOT:     arith.maximumf
// OFF:         linalg.generic
// OFF:         arith.maximumf
// OUTLINED-LABEL: func.func @bf16_bias_relu
// OUTLINED:       scf.for %{{.*}} = %c0{{.*}} to %c96{{.*}} step %c32
// OUTLINED:         call @nanomm_amx_0_32x32x64_zero
// OUTLINED-NEXT:    linalg.generic
func.func @bf16_bias_relu(%A: memref<32x64xbf16>, %B: memref<64x96xbf16>, %C: memref<32x96xf32>, %bias: memref<96xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<32x96xf32>)
  linalg.matmul ins(%A, %B : memref<32x64xbf16>, memref<64x96xbf16>) outs(%C : memref<32x96xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<96xf32>) outs(%C : memref<32x96xf32>) {
  ^bb0(%b: f32, %c: f32):
    %s = arith.addf %c, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

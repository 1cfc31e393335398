// RUN: nanomm-opt -p 'tile-cache{mc=8 nc=64 kc=32}' %s | FileCheck %s --check-prefix=CACHE
// RUN: nanomm-opt -p 'tile-register{mr=4 nr=32}' %S/Inputs/epilogue.tile-cache.mlir | FileCheck %s --check-prefix=REG
// RUN: nanomm-opt -p 'compose-microkernel{outline=1}' %S/Inputs/epilogue.tile-register.mlir | FileCheck %s --check-prefix=UK
// tile-cache runs on the functions below, tile-register on them after tile-cache (.tile-cache) and
// compose-microkernel after both (.tile-register), captured in Inputs/ (Inputs/regenerate.py has
// the options and remakes them). The whole pipeline with expand-math is tests/lit/pipeline-epilogue.mlir.

// An epilogue: the element-wise linalg.generic on C right after the matmul (bias along N, ReLU).
// tile-cache re-makes it on each C block after the block's last K block (K = 64: blocks at 0, 32) ...
// CACHE-LABEL: func.func @bias_relu
// CACHE:       linalg.fill
// CACHE:       linalg.matmul
// CACHE-NOT:   linalg.generic
// CACHE:       linalg.matmul
// CACHE-NEXT:  linalg.generic {{.*}} ins(%arg3 : memref<40xf32>) outs(%arg2 : memref<8x40xf32>)
// CACHE:       arith.maximumf
// CACHE-NOT:   linalg.generic
// CACHE-LABEL: func.func @gelu

// ... tile-register on each register tile after its nanokernel, the bias cut to the tile's columns ...
// REG-LABEL: func.func @bias_relu
// REG:       memref.subview %arg3[0] [32] [1] : memref<40xf32> to memref<32xf32>
// REG:       } {nanomm.nanokernel}
// REG-NEXT:  linalg.generic {{.*}} ins(%{{.*}} : memref<32xf32>) outs(%{{.*}} : memref<4x32xf32, strided<[40, 1], offset: ?>>)
// REG:       memref.subview %arg3[32] [8] [1]
// REG:       } {nanomm.nanokernel}
// REG-NEXT:  linalg.generic {{.*}} outs(%{{.*}} : memref<4x8xf32, strided<[40, 1], offset: ?>>)

// ... and compose-microkernel evaluates it on the accumulators before the one store: the
// microkernels of the last K block take the bias view and apply add + max on vector<16xf32>.
// UK-LABEL: func.func private @nanomm_ukernel_{{.*}}_4x8x32_epilogue(
// UK-SAME:    %arg3: memref<8xf32, strided<[1], offset: 32>>
// UK:         %[[B:.*]] = vector.transfer_read %arg3[%c0], %{{.*}}, %{{.*}} {in_bounds = [true]} : memref<8xf32, strided<[1], offset: 32>>, vector<16xf32>
// UK:         %[[S:.*]] = arith.addf %{{.*}}, %[[B]] : vector<16xf32>
// UK:         %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : vector<16xf32>
// UK-NEXT:    vector.transfer_write %[[R]], %arg2
// UK-LABEL: func.func @bias_relu
// UK-NOT:     linalg.generic
// UK:         call @nanomm_ukernel_{{.*}}_epilogue(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// UK-NOT:     linalg.generic
// A body that is not element-wise arith (math.erf before expand-math) is no epilogue the passes carry:
// it stays one generic after the whole matmul (MLIR's lowering runs it), never a wrong result.
// UK-LABEL:   func.func @gelu
// UK-NOT:     _epilogue
// UK:         linalg.generic
// UK:         math.erf

func.func @bias_relu(%A: memref<8x64xf32>, %B: memref<64x40xf32>, %C: memref<8x40xf32>, %bias: memref<40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<8x40xf32>)
  linalg.matmul ins(%A, %B : memref<8x64xf32>, memref<64x40xf32>) outs(%C : memref<8x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%bias : memref<40xf32>) outs(%C : memref<8x40xf32>) {
  ^bb0(%b: f32, %acc: f32):
    %floor = arith.constant 0.0 : f32
    %s = arith.addf %acc, %b : f32
    %r = arith.maximumf %s, %floor : f32
    linalg.yield %r : f32
  }
  return
}

func.func @gelu(%A: memref<8x64xf32>, %B: memref<64x40xf32>, %C: memref<8x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<8x40xf32>)
  linalg.matmul ins(%A, %B : memref<8x64xf32>, memref<64x40xf32>) outs(%C : memref<8x40xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%C : memref<8x40xf32>) {
  ^bb0(%acc: f32):
    %r2 = arith.constant 0.707106769 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %xs = arith.mulf %acc, %r2 : f32
    %e = math.erf %xs : f32
    %s = arith.addf %e, %one : f32
    %hx = arith.mulf %acc, %half : f32
    %g = arith.mulf %hx, %s : f32
    linalg.yield %g : f32
  }
  return
}

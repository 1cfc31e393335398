// Epilogues through the whole pipeline down to the LLVM dialect; what each pass does with them is
// in tests/lit/passes/epilogue.mlir.
// RUN: nanomm-opt -p 'expand-math,tile-cache{mc=8 nc=64 kc=32},tile-register{mr=4 nr=32},compose-microkernel,lower-x86,lower-llvm' %s | FileCheck %s --check-prefix=LLVM

// With expand-math first (tests/lit/passes/expand-math.mlir), GELU's body is arith and fuses too:
// LLVM-NOT:   math.
// LLVM:       llvm.fdiv {{.*}} : vector<16xf32>
// LLVM-NOT:   math.

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

// RUN: nanomm-opt -p 'lower-x86' %S/Inputs/lower-x86.nr20.mlir | FileCheck %s
// RUN: not nanomm-opt -p 'lower-x86' %S/Inputs/lower-x86.spill.mlir 2>&1 | FileCheck %s --check-prefix=SPILL
// RUN: not nanomm-opt -p 'lower-x86' %S/Inputs/lower-x86.wide.mlir 2>&1 | FileCheck %s --check-prefix=WIDE
// AVX2: the same 16-lane vectors, each a pair of ymm, counted against 16 registers.
// RUN: nanomm-opt -p 'lower-x86{vector-bits=256 num-vregs=16}' %S/Inputs/lower-x86.nr20.mlir | FileCheck %s
// RUN: not nanomm-opt -p 'lower-x86{vector-bits=256 num-vregs=16}' %S/Inputs/lower-x86.ymm.mlir 2>&1 | FileCheck %s --check-prefix=YMM
// RUN: not nanomm-opt -p 'lower-x86{vector-bits=256 num-vregs=16}' %S/Inputs/lower-x86.wide.mlir 2>&1 | FileCheck %s --check-prefix=WIDE256
// The inputs are the functions below after tile-register and compose-microkernel: register tiles
// 2x20 (.nr20), 8x64 (.spill), 4x32 (.ymm), and 2x32 in vector<32xf32> (.wide, vector-width=32),
// captured in Inputs/ (Inputs/regenerate.py has the options and remakes them).

// Full vectors become plain loads/stores (vmovups); the masked edge vector becomes a
// masked load/store (vmovups with a k-mask register). No transfer ops remain.
// CHECK-LABEL: func.func @mm
// CHECK:       %[[M:.*]] = vector.constant_mask [4] : vector<16xi1>
// CHECK:       vector.load %arg2[%c0, %c0] : memref<2x20xf32>, vector<16xf32>
// CHECK:       vector.maskedload %arg2[%c0, %c16], %[[M]], %{{.*}} : memref<2x20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:       scf.for
// CHECK:         vector.load %arg1
// CHECK:         vector.maskedload %arg1
// CHECK:         vector.fma
// CHECK:       } {nanomm.microkernel}
// CHECK:       vector.store %{{.*}}, %arg2[%c0, %c0]
// CHECK:       vector.maskedstore %arg2[%c1, %c16], %[[M]], %{{.*}}
// CHECK-NOT:   vector.transfer_
func.func @mm(%a: memref<2x7xf32>, %b: memref<7x20xf32>, %c: memref<2x20xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x20xf32>) outs(%c : memref<2x20xf32>)
  return
}

func.func @big(%a: memref<8x3xf32>, %b: memref<3x64xf32>, %c: memref<8x64xf32>) {
  linalg.matmul ins(%a, %b : memref<8x3xf32>, memref<3x64xf32>) outs(%c : memref<8x64xf32>)
  return
}

// SPILL: error: pass 'lower-x86' failed: lower-x86: register tile needs 37 vector registers (32 accumulators, 4 B vectors, 1 broadcast), the target has 32
// YMM: error: pass 'lower-x86' failed: lower-x86: register tile needs 21 vector registers (8 accumulators, 2 B vectors of 2 registers each, 1 broadcast), the target has 16
// WIDE256: error: pass 'lower-x86' failed: lower-x86: vector<32xf32> does not fit a 256-bit vector register (or a pair of them)
// WIDE: error: pass 'lower-x86' failed: lower-x86: vector<32xf32> does not fit a 512-bit vector register

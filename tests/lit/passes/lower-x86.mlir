// RUN: nanomm-opt -p 'tile-register{mr=2 nr=20},compose-microkernel,lower-x86' %s | FileCheck %s
// RUN: not nanomm-opt -p 'tile-register{mr=8 nr=64},compose-microkernel,lower-x86' %s 2>&1 | FileCheck %s --check-prefix=SPILL
// RUN: not nanomm-opt -p 'tile-register{mr=2 nr=32},compose-microkernel{vector-width=32},lower-x86' %s 2>&1 | FileCheck %s --check-prefix=WIDE
// AVX2: the same 16-lane vectors, each a pair of ymm, counted against 16 registers.
// RUN: nanomm-opt -p 'tile-register{mr=2 nr=20},compose-microkernel,lower-x86{vector-bits=256 num-vregs=16}' %s | FileCheck %s
// RUN: not nanomm-opt -p 'tile-register{mr=4 nr=32},compose-microkernel,lower-x86{vector-bits=256 num-vregs=16}' %s 2>&1 | FileCheck %s --check-prefix=YMM
// RUN: not nanomm-opt -p 'tile-register{mr=2 nr=32},compose-microkernel{vector-width=32},lower-x86{vector-bits=256 num-vregs=16}' %s 2>&1 | FileCheck %s --check-prefix=WIDE256

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

// The whole pipeline, from a shape on the command line down to x86 assembly.
// REQUIRES: x86
// RUN: nanomm-cli compile 64 64 64 --emit asm --target znver4 | FileCheck %s
// RUN: nanomm-cli compile 7 20 5 --emit asm --target znver4 | FileCheck %s --check-prefix=EDGE
// RUN: nanomm-cli compile 64 64 64 --emit mlir --stage compose-microkernel | FileCheck %s --check-prefix=MLIR
// RUN: nanomm-cli compile 64 64 64 --emit llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: nanomm_matmul_f32_64x64x64:
// CHECK:       vbroadcastss
// CHECK:       vfmadd231ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// CHECK-NOT:   {{^}}nanomm_matmul_f32_64x64x64_acc:

// 20 columns = 16 + a 4-lane masked vector: k-mask registers on loads/stores.
// EDGE-LABEL: nanomm_matmul_f32_7x20x5:
// EDGE:       vmovups {{.*}}%zmm{{[0-9]+}} {%k{{[0-9]}}}
// EDGE:       vfmadd231ps {{.*}}%zmm

// MLIR-LABEL: func.func @nanomm_matmul_f32_64x64x64
// MLIR:       iter_args
// MLIR:       vector.fma
// MLIR:       nanomm.microkernel

// LLVM: define void @nanomm_matmul_f32_64x64x64(ptr %0, ptr %1, ptr %2)
// LLVM: call <16 x float> @llvm.fmuladd.v16f32

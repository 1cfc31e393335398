// The whole pipeline, from a shape on the command line down to x86 assembly.
// REQUIRES: x86
// RUN: nanomm-cli compile 64 64 64 --threads 1 --emit asm --target znver4 | FileCheck %s
// RUN: nanomm-cli compile 7 20 5 --threads 1 --emit asm --target znver4 | FileCheck %s --check-prefix=EDGE
// RUN: nanomm-cli compile 64 64 64 --threads 1 --emit mlir --stage compose-microkernel --target znver4 | FileCheck %s --check-prefix=MLIR
// RUN: nanomm-cli compile 64 64 64 --threads 1 --emit llvm --target znver4 | FileCheck %s --check-prefix=LLVM

// Each distinct microkernel is one outlined function; the kernel calls them per tile.
// CHECK-LABEL: nanomm_ukernel_{{[0-9]+}}_6x64x64_zero:
// CHECK:       vbroadcastss
// CHECK:       vfmadd231ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// CHECK-LABEL: nanomm_matmul_f32_64x64x64:
// CHECK:       call{{.*}}nanomm_ukernel_{{[0-9]+}}_6x64x64_zero
// CHECK-NOT:   {{^}}nanomm_matmul_f32_64x64x64_acc:

// 20 columns = 16 + a 4-lane masked vector: k-mask registers on loads/stores.
// EDGE-LABEL: nanomm_ukernel_{{[0-9]+}}_7x20x5_zero:
// EDGE:       vfmadd231ps {{.*}}%zmm
// EDGE:       vmovups %zmm{{[0-9]+}}, {{.*}} {%k{{[0-9]}}}

// MLIR-LABEL: func.func private @nanomm_ukernel_{{[0-9]+}}_6x64x64_zero
// MLIR:       iter_args
// MLIR:       vector.fma
// MLIR:       nanomm.microkernel
// MLIR-LABEL: func.func @nanomm_matmul_f32_64x64x64
// MLIR:       call @nanomm_ukernel_{{[0-9]+}}_6x64x64_zero

// LLVM: define internal void @nanomm_ukernel_{{.*}}
// LLVM: call <16 x float> @llvm.fmuladd.v16f32
// LLVM: define void @nanomm_matmul_f32_64x64x64(ptr %0, ptr %1, ptr %2)

// AMX kernels down to x86 assembly, compiled ahead of time for Emerald Rapids (nothing runs here).
// REQUIRES: x86
// RUN: nanomm-cli compile 64 64 64 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=BF16
// RUN: nanomm-cli compile 64 64 128 --dtype u8s8 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=U8S8
// RUN: nanomm-cli compile 64 64 128 --dtype s8s8 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=S8S8
// RUN: nanomm-cli compile 40 40 70 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=EDGE
// RUN: nanomm-cli compile 64 64 64 --dtype bf16 --target emeraldrapids --threads 1 --emit config | FileCheck %s --check-prefix=CONFIG

// The outlined AMX microkernel configures the tiles once (ldtilecfg: LLVM fills the 64-byte
// configuration from the tile shapes), zeroes 4 C tiles, then per K step 2 A + 2 B tile loads
// and 4 tile products; C leaves with tilestored.
// BF16-LABEL: nanomm_amx_0_32x32x64_zero:
// BF16:       ldtilecfg
// BF16-COUNT-4: tilezero
// BF16:       tileloadd
// BF16:       tdpbf16ps %tmm{{[0-7]}}, %tmm{{[0-7]}}, %tmm{{[0-7]}}
// BF16:       tilestored
// BF16-LABEL: nanomm_matmul_bf16_64x64x64:
// BF16:       call{{.*}}nanomm_amx_0_32x32x64_zero

// U8S8-LABEL: nanomm_amx_0_32x32x128_zero:
// U8S8:       ldtilecfg
// U8S8:       tdpbusd %tmm
// S8S8-LABEL: nanomm_amx_0_32x32x128_zero:
// S8S8:       ldtilecfg
// S8S8:       tdpbssd %tmm

// Edges are AVX-512 microkernels beside the AMX one: the K remainder and the 8-wide edges use vdpbf16ps.
// EDGE-LABEL: nanomm_ukernel_{{[0-9]+}}_8x32x70_zero:
// EDGE:       vdpbf16ps {{.*}}%zmm
// EDGE-LABEL: nanomm_ukernel_{{[0-9]+}}_11x32x6:
// EDGE:       vdpbf16ps {{.*}}%zmm
// EDGE-LABEL: nanomm_amx_0_32x32x64_zero:
// EDGE:       ldtilecfg
// EDGE:       tdpbf16ps

// CONFIG: isa{{.*}}amx

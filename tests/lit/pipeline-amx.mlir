// AMX kernels down to x86 assembly, compiled ahead of time for Emerald Rapids (nothing runs here).
// REQUIRES: x86
// RUN: nanomm-cli compile 64 64 64 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=BF16
// RUN: nanomm-cli compile 64 64 128 --dtype u8s8 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=U8S8
// RUN: nanomm-cli compile 64 64 128 --dtype s8s8 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=S8S8
// RUN: nanomm-cli compile 40 40 70 --dtype bf16 --target emeraldrapids --threads 1 --emit asm --pad-k 0 --pad-mn 0 | FileCheck %s --check-prefix=EDGE
// RUN: nanomm-cli compile 40 40 70 --dtype bf16 --target emeraldrapids --threads 1 --emit asm --pad-k 0 --pad-mn 0 --bf16-fma 1 | FileCheck %s --check-prefix=EDGE-FMA
// RUN: nanomm-cli compile 40 40 70 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=PADDED
// RUN: nanomm-cli compile 33 64 256 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=ONE-ROW
// RUN: nanomm-cli compile 33 64 64 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=ONE-ROW-SHORT-K
// RUN: nanomm-cli compile 33 64 128 --dtype u8s8 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=ONE-ROW-INT8
// RUN: nanomm-cli compile 64 64 64 --dtype bf16 --target emeraldrapids --threads 1 --emit config | FileCheck %s --check-prefix=CONFIG
// RUN: nanomm-cli compile 128 128 128 --dtype bf16 --target emeraldrapids --threads 1 --emit asm | FileCheck %s --check-prefix=STREAM
// RUN: nanomm-cli compile 40 40 70 --dtype bf16 --target emeraldrapids --threads 1 --kc 64 --pad-k 1 --emit asm | FileCheck %s --check-prefix=ASM

// The default AMX config inlines the microkernels (outline=False): the kernel configures the
// tiles once at entry (ldtilecfg: LLVM fills the 64-byte configuration from the tile shapes);
// a zero-start microkernel zeroes 4 C tiles, prefetches the next K step's A rows (prefetch=1)
// and, for writing, the C lines of the next microkernel (prefetchw), then per K step loads
// 2 A + 2 B tiles and issues 4 tile products; C leaves with tilestored.
// BF16-LABEL: nanomm_matmul_bf16_64x64x64:
// BF16:       ldtilecfg
// BF16-NOT:   ldtilecfg
// BF16-COUNT-4: tilezero
// BF16:       prefetcht0
// BF16:       prefetchw
// BF16-NOT:   tileloaddt1
// BF16:       tileloadd{{[[:space:]]}}
// BF16:       tdpbf16ps %tmm{{[0-7]}}, %tmm{{[0-7]}}, %tmm{{[0-7]}}
// BF16-NOT:   tileloaddt1
// BF16:       tilestored
// BF16-NOT:   call

// U8S8-LABEL: nanomm_matmul_u8s8_64x64x128:
// U8S8:       ldtilecfg
// U8S8:       tdpbusd %tmm
// S8S8-LABEL: nanomm_matmul_s8s8_64x64x128:
// S8S8:       ldtilecfg
// S8S8:       tdpbssd %tmm

// Without pad_k and pad_mn, edges are AVX-512 code beside the AMX tiles: the K remainder and
// the 8-wide edges use vdpbf16ps. With bf16_fma (EDGE-FMA) they are float32 FMAs on the bf16 halves,
// the 16-bit shift making k's value, and no vdpbf16ps is left.
// EDGE-LABEL: nanomm_matmul_bf16_40x40x70:
// EDGE:       ldtilecfg
// EDGE:       tdpbf16ps
// EDGE:       vdpbf16ps {{.*}}%zmm
// EDGE-FMA-LABEL: nanomm_matmul_bf16_40x40x70:
// EDGE-FMA:   tdpbf16ps
// EDGE-FMA:   vpslld $16, %zmm
// EDGE-FMA:   vfmadd{{...}}ps {{.*}}%zmm
// EDGE-FMA-NOT: vdpbf16ps

// The default pads K (70 = 64 + 6: the 6 to one tile product) and the 8-wide M and N edges to
// whole tiles (C of the edges through a scratch buffer, copied back with masked stores): only
// tile products are left. A one-row edge (33 = 32 + 1) stays AVX-512 code (PAD_MN_SKIP_REMAINDER).
// PADDED-LABEL: nanomm_matmul_bf16_40x40x70:
// PADDED:       ldtilecfg
// PADDED:       tdpbf16ps
// PADDED:       vmovups {{.*}}%zmm{{[0-9]+}}, {{.*}} {%k{{[1-7]}}}
// PADDED-NOT:   vdpbf16ps
// Where A and B blocks outgrow L1 (128^3 on a 48 KiB L1), stream_b: B tiles come in with the
// non-temporal hint (tileloaddt1), A tiles with plain tile loads (they stay in L1 for the next
// microkernels). At 64^3 (BF16 above) both fit L1 and every tile load is plain.
// STREAM-LABEL: nanomm_matmul_bf16_128x128x128:
// STREAM:       tileloaddt1 {{.*}}, %tmm
// STREAM:       tileloadd{{[[:space:]]}}{{.*}}, %tmm
// STREAM:       tdpbf16ps
// A one-row M edge (33 = 32 + 1): bf16 over K blocks of 256 or more runs it on a padded tile
// (KernelConfig.pad_one_row), over shorter ones and int8 keep it AVX-512 code (config.padding_default).
// ONE-ROW-LABEL: nanomm_matmul_bf16_33x64x256:
// ONE-ROW:      tdpbf16ps
// ONE-ROW-NOT:  vdpbf16ps
// ONE-ROW-SHORT-K-LABEL: nanomm_matmul_bf16_33x64x64:
// ONE-ROW-SHORT-K:      tdpbf16ps
// ONE-ROW-SHORT-K:      vdpbf16ps
// ONE-ROW-INT8-LABEL: nanomm_matmul_u8s8_33x64x128:
// ONE-ROW-INT8:      tdpbusd
// ONE-ROW-INT8:      vpdpbusd

// CONFIG: isa{{.*}}amx
// CONFIG-SAME: bf16_fma{{.*}}False

// pad-k (tests/lit/passes/pad-k.mlir) through LLVM for Emerald Rapids (K blocks of 64: 64 + 6,
// the 6 padded to one tile product; the 8-wide M and N edges stay AVX-512 code).
// ASM-LABEL: nanomm_matmul_bf16_40x40x70:
// ASM:       ldtilecfg
// ASM:       tdpbf16ps

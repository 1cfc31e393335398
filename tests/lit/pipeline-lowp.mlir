// bf16 and int8 kernels through the whole pipeline, from a shape on the command line to x86
// assembly: vdpbf16ps and vpdpbusd on zmm registers. The config is explicit, so that the
// heuristic's choice of tiles does not change what is checked.
// REQUIRES: x86
// RUN: nanomm-cli compile 64 64 64 --threads 1 --dtype bf16 --mr 6 --nr 32 --mc 12 --nc 64 --kc 64 --pack-b 1 --emit asm --target znver4 | FileCheck %s --check-prefix=BF16
// RUN: nanomm-cli compile 12 32 7 --threads 1 --dtype bf16 --mr 6 --nr 32 --mc 12 --nc 32 --kc 16 --pack-b 0 --emit asm --target znver4 | FileCheck %s --check-prefix=BF16-ODD
// RUN: nanomm-cli compile 64 64 64 --threads 1 --dtype u8s8 --mr 6 --nr 32 --mc 12 --nc 64 --kc 64 --pack-b 1 --emit asm --target znver4 | FileCheck %s --check-prefix=U8S8
// RUN: nanomm-cli compile 12 32 7 --threads 1 --dtype u8s8 --mr 6 --nr 32 --mc 12 --nc 32 --kc 16 --pack-b 1 --emit asm --target znver4 | FileCheck %s --check-prefix=U8S8-ODD
// RUN: nanomm-cli compile 64 64 64 --threads 1 --dtype s8s8 --mr 6 --nr 32 --mc 12 --nc 64 --kc 64 --pack-b 1 --emit asm --target znver4 | FileCheck %s --check-prefix=S8S8
// RUN: nanomm-cli compile 12 32 7 --threads 1 --dtype bf16 --mr 6 --nr 32 --mc 12 --nc 32 --kc 16 --pack-b 1 --emit llvm --target znver4 | FileCheck %s --check-prefix=LLVM-BF16
// RUN: nanomm-cli compile 12 32 7 --threads 1 --dtype s8s8 --mr 6 --nr 32 --mc 12 --nc 32 --kc 16 --pack-b 1 --emit llvm --target znver4 | FileCheck %s --check-prefix=LLVM-S8S8
// RUN: nanomm-cli compile 12 32 7 --threads 1 --dtype u8s8 --mr 6 --nr 32 --mc 12 --nc 32 --kc 16 --pack-b 1 --emit mlir --target znver4 --stage compose-microkernel | FileCheck %s --check-prefix=MLIR

// A 6x32 bf16 tile: 12 f32 accumulators, each updated by one vdpbf16ps per 2 k; the A word
// is broadcast (one 32-bit word to all lanes) and B's panel rows are loaded whole.
// BF16-LABEL: nanomm_ukernel_{{[0-9]+}}_6x32x64_zero:
// BF16:       {{vbroadcastss|vpbroadcastd}} {{.*}}%zmm
// BF16-COUNT-12: vdpbf16ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// BF16-NOT:   vfmadd
// BF16-LABEL: nanomm_matmul_bf16_64x64x64:
// BF16:       call{{.*}}nanomm_ukernel_{{[0-9]+}}_6x32x64_zero

// K = 7 with B not packed: pairs of B rows are interleaved in registers (a word permute,
// vpermt2w) in the loop; the odd last row pairs with zeros (a zero-extension, vpmovzxwd).
// BF16-ODD-LABEL: nanomm_ukernel_{{[0-9]+}}_6x32x7_zero:
// BF16-ODD:       vpermt2w %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// BF16-ODD:       vdpbf16ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// BF16-ODD:       jb
// BF16-ODD:       vpmovzxwd {{.*}}, %zmm{{[0-9]+}}
// BF16-ODD:       vdpbf16ps {{.*}}%zmm
// BF16-ODD-LABEL: nanomm_matmul_bf16_12x32x7:

// U8S8-LABEL: nanomm_ukernel_{{[0-9]+}}_6x32x64_zero:
// U8S8:       {{vbroadcastss|vpbroadcastd}} {{.*}}%zmm
// U8S8-COUNT-12: vpdpbusd {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// U8S8-NOT:   vpsubd
// U8S8-LABEL: nanomm_matmul_u8s8_64x64x64:
// U8S8:       call{{.*}}nanomm_ukernel_{{[0-9]+}}_6x32x64_zero

// K = 7 = 4 + 3: A's last 4-byte word is loaded with a k-mask, zeroing the missing byte.
// U8S8-ODD-LABEL: nanomm_ukernel_{{[0-9]+}}_6x32x7_zero:
// U8S8-ODD:       vpdpbusd {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// U8S8-ODD:       vmovdqu8 {{.*}} {%k{{[0-9]}}} {z}
// U8S8-ODD:       vpdpbusd {{.*}}%zmm

// s8 x s8: the broadcast A word is XORed with 0x80 bytes (a + 128) on zmm, a 13th and 14th
// vpdpbusd per step accumulates 0x80 x B (the column sums), subtracted from C after the loop.
// S8S8-LABEL: nanomm_ukernel_{{[0-9]+}}_6x32x64_zero:
// S8S8:       vpxor{{[dq]?}} %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// S8S8-COUNT-14: vpdpbusd {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// S8S8:       vpsubd %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// S8S8-LABEL: nanomm_matmul_s8s8_64x64x64:

// LLVM-BF16: define internal void @nanomm_ukernel_{{.*}}_6x32x7_zero
// LLVM-BF16: call <16 x float> @llvm.x86.avx512bf16.dpbf16ps.512(<16 x float> {{.*}}, <32 x bfloat> {{.*}}, <32 x bfloat> {{.*}})
// LLVM-BF16: define void @nanomm_matmul_bf16_12x32x7(ptr %0, ptr %1, ptr %2)

// LLVM-S8S8: define internal void @nanomm_ukernel_{{.*}}_6x32x7_zero
// LLVM-S8S8: xor <16 x i32> %{{.*}}, splat (i32 -2139062144)
// LLVM-S8S8: call <16 x i32> @llvm.x86.avx512.vpdpbusd.512(<16 x i32> {{.*}}, <64 x i8> {{.*}}, <64 x i8> {{.*}})
// LLVM-S8S8: sub <16 x i32>
// LLVM-S8S8: define void @nanomm_matmul_s8s8_12x32x7(ptr %0, ptr %1, ptr %2)

// MLIR-LABEL: func.func private @nanomm_ukernel_{{[0-9]+}}_6x32x7_zero(%arg0: memref<6x7xi8, {{.*}}>, %arg1: memref<2x128xi8, {{.*}}>, %arg2: memref<6x32xi32, {{.*}}>)
// MLIR:       iter_args
// MLIR:       llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// MLIR:       nanomm.microkernel
// MLIR-LABEL: func.func @nanomm_matmul_u8s8_12x32x7
// MLIR:       call @nanomm_ukernel_{{[0-9]+}}_6x32x7_zero

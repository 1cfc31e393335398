// RUN: nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel-dot.nr20.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-microkernel{unroll-k=2}' %S/Inputs/compose-microkernel-dot.nr20.mlir | FileCheck %s --check-prefix=UNROLL
// RUN: nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel-dot.packed.mlir | FileCheck %s --check-prefix=PACKED
// RUN: nanomm-opt -p 'compose-microkernel{bf16-fma=1}' %S/Inputs/compose-microkernel-dot.packed.mlir | FileCheck %s --check-prefix=FMA
// The inputs are the functions below after tile-register{mr=2 nr=20} (.nr20) and after
// tile-cache, tile-register{mr=6 nr=32} and pack{nr=32} (.packed), captured in Inputs/
// (Inputs/regenerate.py has the options and remakes them).

// bf16 -> f32, B not packed: per step of 2 k, two B rows are loaded and interleaved in
// registers (the 4-column edge vector with a lane mask), the 2 A elements of a row are
// loaded as one 32-bit word and broadcast, and each accumulator takes one avx512.dot.
// CHECK-LABEL: func.func @unpacked
// CHECK:       %[[M:.*]] = vector.constant_mask [4] : vector<16xi1>
// CHECK:       %[[R:.*]]:4 = scf.for %[[K:.*]] = %c0 to %c6 step %c2 iter_args(%[[C0:.*]] = %{{.*}}, %[[C1:.*]] = %{{.*}}, %[[C2:.*]] = %{{.*}}, %[[C3:.*]] = %{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:         %[[B00:.*]] = vector.transfer_read %arg1[%[[K]], %c0]{{.*}} : memref<7x20xbf16>, vector<16xbf16>
// CHECK:         %[[K1:.*]] = arith.addi %[[K]], %c1
// CHECK:         %[[B01:.*]] = vector.transfer_read %arg1[%[[K1]], %c0]{{.*}} : memref<7x20xbf16>, vector<16xbf16>
// CHECK:         %[[B0:.*]] = vector.interleave %[[B00]], %[[B01]] : vector<16xbf16> -> vector<32xbf16>
// CHECK:         vector.transfer_read %arg1[%[[K]], %c16], %{{.*}}, %[[M]]
// CHECK:         %[[B1:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<16xbf16> -> vector<32xbf16>
// CHECK:         %[[A0:.*]] = vector.load %arg0[%c0, %[[K]]] : memref<2x7xbf16>, vector<2xbf16>
// CHECK:         %[[W0:.*]] = vector.bitcast %[[A0]] : vector<2xbf16> to vector<1xi32>
// CHECK:         %[[E0:.*]] = vector.extract %[[W0]][0] : i32 from vector<1xi32>
// CHECK:         %[[BC0:.*]] = vector.broadcast %[[E0]] : i32 to vector<16xi32>
// CHECK:         %[[BA0:.*]] = vector.bitcast %[[BC0]] : vector<16xi32> to vector<32xbf16>
// CHECK:         %[[D0:.*]] = x86vector.avx512.dot %[[C0]], %[[BA0]], %[[B0]] : vector<32xbf16> -> vector<16xf32>
// CHECK:         %[[D1:.*]] = x86vector.avx512.dot %[[C1]], %[[BA0]], %[[B1]] : vector<32xbf16> -> vector<16xf32>
// CHECK:         vector.load %arg0[%c1, %[[K]]]
// CHECK:         %[[D2:.*]] = x86vector.avx512.dot %[[C2]], %{{.*}}, %[[B0]]
// CHECK:         %[[D3:.*]] = x86vector.avx512.dot %[[C3]], %{{.*}}, %[[B1]]
// CHECK:         scf.yield %[[D0]], %[[D1]], %[[D2]], %[[D3]]
// CHECK:       } {nanomm.microkernel}
// K = 7 is odd: the last step pairs B row 6 with a zero row and loads A's word with a
// 1-of-2 lane mask, so nothing past K is read.
// CHECK:       %[[BT:.*]] = vector.transfer_read %arg1[%c6, %c0]
// CHECK:       %[[ZR:.*]] = arith.constant dense<0.000000e+00> : vector<16xbf16>
// CHECK:       vector.interleave %[[BT]], %[[ZR]] : vector<16xbf16> -> vector<32xbf16>
// CHECK:       %[[AM:.*]] = vector.constant_mask [1] : vector<2xi1>
// CHECK:       vector.transfer_read %arg0[%c0, %c6], %{{.*}}, %[[AM]] {in_bounds = [true]} : memref<2x7xbf16>, vector<2xbf16>
// CHECK:       x86vector.avx512.dot %[[R]]#0
// CHECK:       vector.transfer_read %arg0[%c1, %c6], %{{.*}}, %[[AM]]
// CHECK:       x86vector.avx512.dot %[[R]]#3
// CHECK:       vector.transfer_write %{{.*}}, %arg2[%c1, %c16], %[[M]]
// CHECK-NOT:   vector.contract
// CHECK-NOT:   vector.fma

// UNROLL-LABEL: func.func @unpacked
// UNROLL:       scf.for %{{.*}} = %c0 to %c4 step %c4 iter_args
// UNROLL-COUNT-8: x86vector.avx512.dot
// UNROLL:       } {nanomm.microkernel}
// Peeled: one full step (k = 4, 5), then the masked odd step (k = 6).
// UNROLL-COUNT-4: x86vector.avx512.dot
// UNROLL:       vector.constant_mask [1] : vector<2xi1>
// UNROLL-COUNT-4: x86vector.avx512.dot
// UNROLL:       vector.transfer_write
func.func @unpacked(%a: memref<2x7xbf16>, %b: memref<7x20xbf16>, %c: memref<2x20xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xbf16>, memref<7x20xbf16>) outs(%c : memref<2x20xf32>)
  return
}

// B packed in VNNI panels: the microkernel loads each panel row as it is (two vector<32xbf16>
// for NR = 32, row index k / 2) and feeds it to the dot; no interleave, shape_cast or
// transpose is left in the K loop. C is zero-filled, so the accumulators start at zero.
// PACKED-LABEL: func.func @packed
// PACKED:       memref.reinterpret_cast %{{.*}} sizes: [1, 4, 64], strides: [256, 64, 1] {nanomm.packed_b}
// PACKED:       vector.interleave
// PACKED:       %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// PACKED:       scf.for %[[K:.*]] = %c0 to %c6 step %c2 iter_args(%{{.*}} = %[[Z]],
// PACKED-NOT:     vector.interleave
// PACKED-NOT:     vector.shape_cast
// PACKED-NOT:     vector.transpose
// PACKED:         %[[ROW:.*]] = arith.divui %[[K]], %c2 : index
// PACKED:         %[[P0:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c0]{{.*}} : memref<4x64xbf16, strided<[64, 1], offset: ?>>, vector<32xbf16>
// PACKED:         %[[P1:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c32]{{.*}} : memref<4x64xbf16, strided<[64, 1], offset: ?>>, vector<32xbf16>
// PACKED:         x86vector.avx512.dot %{{.*}}, %{{.*}}, %[[P0]] : vector<32xbf16> -> vector<16xf32>
// PACKED:         x86vector.avx512.dot %{{.*}}, %{{.*}}, %[[P1]] : vector<32xbf16> -> vector<16xf32>
// PACKED-COUNT-10: x86vector.avx512.dot
// PACKED:       } {nanomm.microkernel}
// PACKED:       vector.constant_mask [1] : vector<2xi1>
// PACKED-COUNT-12: x86vector.avx512.dot
// PACKED-COUNT-12: vector.transfer_write %{{.*}} : vector<16xf32>
// bf16-fma: each panel vector and each A word is split into its k and k+1 halves as float32
// (lane << 16, lane & 0xffff0000) and every dot product becomes two vector.fma, k's first.
// FMA-LABEL: func.func @packed
// FMA-DAG:     %[[S16:.*]] = arith.constant dense<16> : vector<16xi32>
// FMA-DAG:     %[[HI:.*]] = arith.constant dense<-65536> : vector<16xi32>
// FMA:         scf.for %[[K:.*]] = %c0 to %c6 step %c2 iter_args(
// FMA:           %[[P0:.*]] = vector.transfer_read %{{.*}} : memref<4x64xbf16, strided<[64, 1], offset: ?>>, vector<32xbf16>
// FMA:           %[[L0:.*]] = vector.bitcast %[[P0]] : vector<32xbf16> to vector<16xi32>
// FMA:           %[[SH:.*]] = arith.shli %[[L0]], %[[S16]] : vector<16xi32>
// FMA:           %[[B0K:.*]] = vector.bitcast %[[SH]] : vector<16xi32> to vector<16xf32>
// FMA:           %[[AN:.*]] = arith.andi %[[L0]], %[[HI]] : vector<16xi32>
// FMA:           %[[B0K1:.*]] = vector.bitcast %[[AN]] : vector<16xi32> to vector<16xf32>
// FMA:           vector.broadcast %{{.*}} : i32 to vector<16xi32>
// FMA:           %[[AK:.*]] = vector.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// FMA:           %[[AK1:.*]] = vector.bitcast %{{.*}} : vector<16xi32> to vector<16xf32>
// FMA:           %[[F:.*]] = vector.fma %[[AK]], %[[B0K]], %{{.*}} : vector<16xf32>
// FMA:           vector.fma %[[AK1]], %[[B0K1]], %[[F]] : vector<16xf32>
// FMA-COUNT-22:  vector.fma
// FMA:         } {nanomm.microkernel}
// FMA-NOT:     x86vector.avx512.dot
func.func @packed(%a: memref<12x7xbf16>, %b: memref<7x32xbf16>, %c: memref<12x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<12x32xf32>)
  linalg.matmul ins(%a, %b : memref<12x7xbf16>, memref<7x32xbf16>) outs(%c : memref<12x32xf32>)
  return
}

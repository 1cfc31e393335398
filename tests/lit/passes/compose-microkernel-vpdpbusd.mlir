// RUN: nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel-vpdpbusd.nr16.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel-vpdpbusd.packed.mlir | FileCheck %s --check-prefix=PACKED
// The inputs are the functions below after tile-register{mr=2 nr=16} (.nr16) and after
// tile-cache, tile-register{mr=6 nr=32} and pack{nr=32} (.packed), captured in Inputs/
// (Inputs/regenerate.py has the options and remakes them).

// u8 x s8 -> i32: per step of 4 k, four B rows are interleaved in registers into one
// vector<64xi8> (r0 r1 r2 r3 per column), A's 4 bytes of a row are loaded as one 32-bit word
// and broadcast, and each accumulator takes one vpdpbusd (an LLVM intrinsic call).
// CHECK-LABEL: func.func @u8s8
// CHECK:       %[[R:.*]]:2 = scf.for %[[K:.*]] = %c0 to %c4 step %c4 iter_args(%[[C0:.*]] = %{{.*}}, %[[C1:.*]] = %{{.*}}) -> (vector<16xi32>, vector<16xi32>)
// CHECK-COUNT-4: vector.transfer_read %arg1{{.*}} : memref<7x16xi8>, vector<16xi8>
// CHECK:         vector.interleave {{.*}} : vector<16xi8> -> vector<32xi8>
// CHECK:         vector.interleave {{.*}} : vector<16xi8> -> vector<32xi8>
// CHECK:         %[[B:.*]] = vector.interleave {{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK:         %[[A0:.*]] = vector.load %arg0[%c0, %[[K]]] : memref<2x7xi8>, vector<4xi8>
// CHECK:         %[[W0:.*]] = vector.bitcast %[[A0]] : vector<4xi8> to vector<1xi32>
// CHECK:         %[[E0:.*]] = vector.extract %[[W0]][0] : i32 from vector<1xi32>
// CHECK:         %[[BC0:.*]] = vector.broadcast %[[E0]] : i32 to vector<16xi32>
// CHECK-NOT:     arith.xori
// CHECK:         %[[BA0:.*]] = vector.bitcast %[[BC0]] : vector<16xi32> to vector<64xi8>
// CHECK:         %[[D0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[C0]], %[[BA0]], %[[B]]) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// CHECK:         %[[D1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[C1]], %{{.*}}, %[[B]])
// CHECK:         scf.yield %[[D0]], %[[D1]] : vector<16xi32>, vector<16xi32>
// CHECK:       } {nanomm.microkernel}
// K = 7 = 4 + 3: the last step interleaves rows 4, 5, 6 with a zero row and loads A's word
// with a 3-of-4 lane mask.
// CHECK:       %[[ZR:.*]] = arith.constant dense<0> : vector<16xi8>
// CHECK:       vector.interleave %{{.*}}, %[[ZR]] : vector<16xi8> -> vector<32xi8>
// CHECK:       %[[AM:.*]] = vector.constant_mask [3] : vector<4xi1>
// CHECK:       vector.transfer_read %arg0[%c0, %c4], %{{.*}}, %[[AM]] {in_bounds = [true]} : memref<2x7xi8>, vector<4xi8>
// CHECK:       llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[R]]#0,
// CHECK:       vector.transfer_read %arg0[%c1, %c4], %{{.*}}, %[[AM]]
// CHECK:       llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[R]]#1,
// CHECK-NOT:   arith.subi
// CHECK:       vector.transfer_write
// CHECK-NOT:   vector.contract
func.func @u8s8(%a: memref<2x7xi8>, %b: memref<7x16xi8>, %c: memref<2x16xi32>) {
  linalg.matmul {nanomm.a_unsigned} ins(%a, %b : memref<2x7xi8>, memref<7x16xi8>) outs(%c : memref<2x16xi32>)
  return
}

// s8 x s8 -> i32: A's broadcast word is XORed with 0x80808080 (a + 128, now unsigned), and
// one more accumulator, starting at zero, sums 0x80 bytes times B (128 x the column sums of
// B) with one extra vpdpbusd per B vector; after the K loop it is subtracted from every row.
// CHECK-LABEL: func.func @s8s8
// CHECK:       %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK:       %[[X:.*]] = arith.constant dense<-2139062144> : vector<16xi32>
// CHECK:       %[[X8:.*]] = vector.bitcast %[[X]] : vector<16xi32> to vector<64xi8>
// CHECK:       %[[R:.*]]:3 = scf.for %[[K:.*]] = %c0 to %c4 step %c4 iter_args(%[[C0:.*]] = %{{.*}}, %[[C1:.*]] = %{{.*}}, %[[S:.*]] = %[[Z]])
// CHECK:         %[[B:.*]] = vector.interleave {{.*}} : vector<32xi8> -> vector<64xi8>
// CHECK:         %[[A0:.*]] = vector.load %arg0[%c0, %[[K]]] : memref<2x7xi8>, vector<4xi8>
// CHECK:         %[[BC0:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK:         %[[U0:.*]] = arith.xori %[[BC0]], %[[X]] : vector<16xi32>
// CHECK:         %[[UA0:.*]] = vector.bitcast %[[U0]] : vector<16xi32> to vector<64xi8>
// CHECK:         %[[D0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[C0]], %[[UA0]], %[[B]])
// CHECK:         arith.xori
// CHECK:         %[[D1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[C1]], %{{.*}}, %[[B]])
// CHECK:         %[[DS:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[S]], %[[X8]], %[[B]])
// CHECK:         scf.yield %[[D0]], %[[D1]], %[[DS]]
// CHECK:       } {nanomm.microkernel}
// The masked tail step (zeros XOR 0x80 = 128, times B's zero rows: still 0).
// CHECK:       vector.constant_mask [3] : vector<4xi1>
// CHECK:       %[[T0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[R]]#0,
// CHECK:       %[[T1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[R]]#1,
// CHECK:       %[[TS:.*]] = llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%[[R]]#2, %[[X8]],
// CHECK:       %[[O0:.*]] = arith.subi %[[T0]], %[[TS]] : vector<16xi32>
// CHECK:       %[[O1:.*]] = arith.subi %[[T1]], %[[TS]] : vector<16xi32>
// CHECK:       vector.transfer_write %[[O0]], %arg2[%c0, %c0]
// CHECK:       vector.transfer_write %[[O1]], %arg2[%c1, %c0]
func.func @s8s8(%a: memref<2x7xi8>, %b: memref<7x16xi8>, %c: memref<2x16xi32>) {
  linalg.matmul ins(%a, %b : memref<2x7xi8>, memref<7x16xi8>) outs(%c : memref<2x16xi32>)
  return
}

// s8 x s8 with B packed (panels [ceil(9/4)][32*4] = [3][128]): the microkernel feeds panel
// rows (k / 4) to vpdpbusd as they are; 6 rows x 2 B vectors + 2 compensation vpdpbusd per
// step, and the zero-filled C starts the 12 accumulators and 2 column sums at zero.
// PACKED-LABEL: func.func @s8s8_packed
// PACKED:       memref.reinterpret_cast {{.*}} sizes: [1, 3, 128], strides: [384, 128, 1] {nanomm.packed_b}
// PACKED:       %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// PACKED:       %[[X:.*]] = arith.constant dense<-2139062144> : vector<16xi32>
// PACKED:       %[[X8:.*]] = vector.bitcast %[[X]] : vector<16xi32> to vector<64xi8>
// PACKED:       scf.for %[[K:.*]] = %c0 to %c8 step %c4 iter_args(%{{[^ ]+}} = %[[Z]], {{.*}} = %[[Z]]) -> ({{(vector<16xi32>, ){13}v}}ector<16xi32>)
// PACKED:         %[[ROW:.*]] = arith.divui %[[K]], %c4 : index
// PACKED:         %[[P0:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c0]{{.*}} : memref<3x128xi8, strided<[128, 1], offset: ?>>, vector<64xi8>
// PACKED:         %[[P1:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c64{{.*}}]{{.*}} : memref<3x128xi8, strided<[128, 1], offset: ?>>, vector<64xi8>
// PACKED-COUNT-6: arith.xori
// PACKED:         llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[X8]], %[[P0]])
// PACKED:         llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[X8]], %[[P1]])
// PACKED:       } {nanomm.microkernel}
// PACKED:       vector.constant_mask [1] : vector<4xi1>
// PACKED-COUNT-12: arith.subi {{.*}} : vector<16xi32>
func.func @s8s8_packed(%a: memref<6x9xi8>, %b: memref<9x32xi8>, %c: memref<6x32xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<6x32xi32>)
  linalg.matmul ins(%a, %b : memref<6x9xi8>, memref<9x32xi8>) outs(%c : memref<6x32xi32>)
  return
}

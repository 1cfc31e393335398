// RUN: nanomm-opt -p 'tile-register{mr=6 nr=32}' %s | FileCheck %s

// bf16 -> f32: the K loop steps by v = 2 (the k one vdpbf16ps lane sums); each step reads a
// vector<6x2> of A and a vector<2x32> of B, widens both with arith.extf, and contracts in f32.
// 2 divides K = 8, so every read is in bounds.
// CHECK-LABEL: func.func @bf16_even
// CHECK:       scf.for %[[K:.*]] = %c0 to %c8 step %c2
// CHECK:         %[[ACC:.*]] = vector.transfer_read {{.*}} : memref<6x32xf32, {{.*}}>, vector<6x32xf32>
// CHECK:         %[[A:.*]] = vector.transfer_read %{{.*}}[%c0, %[[K]]], %{{.*}} {in_bounds = [true, true]} : memref<6x8xbf16, {{.*}}>, vector<6x2xbf16>
// CHECK:         %[[B:.*]] = vector.transfer_read %arg1[%[[K]], %c0], %{{.*}} {in_bounds = [true, true]} : memref<8x32xbf16>, vector<2x32xbf16>
// CHECK:         %[[AW:.*]] = arith.extf %[[A]] : vector<6x2xbf16> to vector<6x2xf32>
// CHECK:         %[[BW:.*]] = arith.extf %[[B]] : vector<2x32xbf16> to vector<2x32xf32>
// CHECK:         vector.contract {{.*}} %[[AW]], %[[BW]], %[[ACC]] : vector<6x2xf32>, vector<2x32xf32> into vector<6x32xf32>
// CHECK:       } {nanomm.nanokernel}
func.func @bf16_even(%a: memref<12x8xbf16>, %b: memref<8x32xbf16>, %c: memref<12x32xf32>) {
  linalg.matmul ins(%a, %b : memref<12x8xbf16>, memref<8x32xbf16>) outs(%c : memref<12x32xf32>)
  return
}

// K = 7 is odd: the loop runs to ceil(7/2)*2 = 8 and the reads along K are in_bounds=false,
// so the step that passes K pads A and B with zeros (the IR still means A @ B).
// CHECK-LABEL: func.func @bf16_odd
// CHECK:       %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<6x32xf32>
// CHECK:       vector.transfer_write %[[Z]]
// CHECK:       scf.for %[[K:.*]] = %c0 to %c8 step %c2
// CHECK:         %[[PAD:.*]] = arith.constant 0.000000e+00 : bf16
// CHECK:         vector.transfer_read %{{.*}}[%c0, %[[K]]], %[[PAD]] {in_bounds = [true, false]} : memref<6x7xbf16, {{.*}}>, vector<6x2xbf16>
// CHECK:         vector.transfer_read %arg1[%[[K]], %c0], %[[PAD]] {in_bounds = [false, true]} : memref<7x32xbf16>, vector<2x32xbf16>
// CHECK:         vector.contract {{.*}} : vector<6x2xf32>, vector<2x32xf32> into vector<6x32xf32>
// CHECK-NOT:   linalg.matmul
func.func @bf16_odd(%a: memref<12x7xbf16>, %b: memref<7x32xbf16>, %c: memref<12x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<12x32xf32>)
  linalg.matmul ins(%a, %b : memref<12x7xbf16>, memref<7x32xbf16>) outs(%c : memref<12x32xf32>)
  return
}

// u8 x s8 -> i32 (A marked nanomm.a_unsigned): v = 4, A zero-extended, B sign-extended.
// K = 7 is not a multiple of 4: the loop runs to 8 with zero-padding reads.
// CHECK-LABEL: func.func @u8s8
// CHECK:       scf.for %[[K:.*]] = %c0 to %c8 step %c4
// CHECK:         %[[A:.*]] = vector.transfer_read %arg0[%c0, %[[K]]], %{{.*}} {in_bounds = [true, false]} : memref<6x7xi8>, vector<6x4xi8>
// CHECK:         %[[B:.*]] = vector.transfer_read %arg1[%[[K]], %c0], %{{.*}} {in_bounds = [false, true]} : memref<7x32xi8>, vector<4x32xi8>
// CHECK:         %[[AW:.*]] = arith.extui %[[A]] : vector<6x4xi8> to vector<6x4xi32>
// CHECK:         %[[BW:.*]] = arith.extsi %[[B]] : vector<4x32xi8> to vector<4x32xi32>
// CHECK:         vector.contract {{.*}} %[[AW]], %[[BW]], %{{.*}} : vector<6x4xi32>, vector<4x32xi32> into vector<6x32xi32>
// CHECK:       } {nanomm.nanokernel}
func.func @u8s8(%a: memref<6x7xi8>, %b: memref<7x32xi8>, %c: memref<6x32xi32>) {
  linalg.matmul {nanomm.a_unsigned} ins(%a, %b : memref<6x7xi8>, memref<7x32xi8>) outs(%c : memref<6x32xi32>)
  return
}

// s8 x s8 -> i32 (no marker): both operands sign-extended; the zero fill becomes a zero
// vector. K = 9: the loop runs to 12, the last step reading 1 real k and 3 zeros.
// CHECK-LABEL: func.func @s8s8
// CHECK:       arith.constant dense<0> : vector<6x32xi32>
// CHECK:       scf.for %{{.*}} = %c0 to %c12 step %c4
// CHECK:         vector.transfer_read {{.*}} {in_bounds = [true, false]} : memref<6x9xi8>, vector<6x4xi8>
// CHECK-NOT:     arith.extui
// CHECK:         arith.extsi %{{.*}} : vector<6x4xi8> to vector<6x4xi32>
// CHECK:         arith.extsi %{{.*}} : vector<4x32xi8> to vector<4x32xi32>
// CHECK:         vector.contract {{.*}} into vector<6x32xi32>
func.func @s8s8(%a: memref<6x9xi8>, %b: memref<9x32xi8>, %c: memref<6x32xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<6x32xi32>)
  linalg.matmul ins(%a, %b : memref<6x9xi8>, memref<9x32xi8>) outs(%c : memref<6x32xi32>)
  return
}

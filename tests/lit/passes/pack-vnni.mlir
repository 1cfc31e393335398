// RUN: nanomm-opt -p 'pack{nr=16}' %S/Inputs/pack-vnni.kc4.mlir | FileCheck %s --check-prefix=BF16
// RUN: nanomm-opt -p 'pack{nr=16}' %S/Inputs/pack-vnni.kc8.mlir | FileCheck %s --check-prefix=I8
// RUN: nanomm-opt -p 'pack{nr=16 kc=4 prepacked=1}' %S/Inputs/pack-vnni.kc4.mlir | FileCheck %s --check-prefix=PRE
// The inputs are the functions below after tile-cache{mc=8 nc=32 order=nkm} with kc=4 (.kc4) or
// kc=8 (.kc8), then tile-register{mr=4 nr=16}, captured in Inputs/ (Inputs/regenerate.py remakes them).

// bf16 (v = 2): each panel is [KC/2][NR*2] = [2][32]: row kk holds B[2kk, n], B[2kk+1, n]
// side by side for each n. The copy reads two B rows of 16 lanes and interleaves them.
// BF16-LABEL: func.func @bf16
// BF16:       %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128xbf16>
// BF16:       %[[BLK:.*]] = memref.subview %arg1[0, 0] [4, 20] [1, 1]
// BF16:       %[[PK:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [2, 2, 32], strides: [64, 32, 1] {nanomm.packed_b}
// BF16:       %[[R0:.*]] = vector.transfer_read %[[BLK]][%[[K0:.*]], %[[N:.*]]], %{{.*}} {in_bounds = [true]} : memref<4x20xbf16>, vector<16xbf16>
// BF16:       %[[K1:.*]] = arith.addi %[[K0]], %c1
// BF16:       %[[R1:.*]] = vector.transfer_read %[[BLK]][%[[K1]], %[[N]]], %{{.*}} {in_bounds = [true]} : memref<4x20xbf16>, vector<16xbf16>
// BF16:       %[[IL:.*]] = vector.interleave %[[R0]], %[[R1]] : vector<16xbf16> -> vector<32xbf16>
// BF16:       vector.transfer_write %[[IL]], %[[PK]][%{{.*}}, %{{.*}}, %c0] {in_bounds = [true]} : vector<32xbf16>, memref<2x2x32xbf16>
// The 4-column edge panel is copied with a lane mask.
// BF16:       %[[M4:.*]] = vector.constant_mask [4] : vector<16xi1>
// BF16:       vector.transfer_read %[[BLK]][%{{.*}}, %{{.*}}], %{{.*}}, %[[M4]]
// BF16:       vector.interleave
// The nanokernels read one panel row (index k / 2), reshape it to [NR][2] and transpose it
// back to the [2][NR] B operand of the contraction.
// BF16:       scf.for %[[K:.*]] = %c0 to %c4 step %c2
// BF16:         %[[ROW:.*]] = arith.divui %[[K]], %c2 : index
// BF16:         %[[P:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c0], %{{.*}} {in_bounds = [true]} : memref<2x32xbf16, strided<[32, 1], offset: ?>>, vector<32xbf16>
// BF16:         %[[SC:.*]] = vector.shape_cast %[[P]] : vector<32xbf16> to vector<16x2xbf16>
// BF16:         %[[T:.*]] = vector.transpose %[[SC]], [1, 0] : vector<16x2xbf16> to vector<2x16xbf16>
// BF16:         arith.extf %[[T]] : vector<2x16xbf16> to vector<2x16xf32>
// BF16:         vector.contract {{.*}} : vector<4x2xf32>, vector<2x16xf32> into vector<4x16xf32>
// BF16:       } {nanomm.nanokernel}
// The 4-wide edge tile reads an 8-element panel row: 4 columns x 2 k.
// BF16:         vector.shape_cast %{{.*}} : vector<8xbf16> to vector<4x2xbf16>
// BF16:         vector.transpose %{{.*}}, [1, 0] : vector<4x2xbf16> to vector<2x4xbf16>
// The second K block has 3 rows (7 = 4 + 3): its last panel row interleaves row 2 with zeros.
// BF16:       memref.subview %arg1[4, 0] [3, 20] [1, 1]
// BF16:       %[[ZR:.*]] = arith.constant dense<0.000000e+00> : vector<16xbf16>
// BF16:       vector.interleave %{{.*}}, %[[ZR]] : vector<16xbf16> -> vector<32xbf16>
// ... and its nanokernels read A with a zero-padded read past K.
// BF16:       vector.transfer_read %{{.*}} {in_bounds = [true, false]} : memref<4x3xbf16, {{.*}}>, vector<4x2xbf16>
// BF16:       vector.shape_cast
// BF16-NOT:   nanomm.b_block
func.func @bf16(%a: memref<10x7xbf16>, %b: memref<7x20xbf16>, %c: memref<10x20xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<10x20xf32>)
  linalg.matmul ins(%a, %b : memref<10x7xbf16>, memref<7x20xbf16>) outs(%c : memref<10x20xf32>)
  return
}

// int8 (v = 4): panels [ceil(KC/4)][NR*4] = [2][64]. Four B rows are interleaved in two
// rounds, (r0, r2) and (r1, r3) then the two results: r0 r1 r2 r3 of each column in turn.
// K = 7 = 4 + 3: the second panel row takes a zero vector for its missing fourth row.
// I8-LABEL: func.func @u8s8
// I8:       memref.alloca() {alignment = 64 : i64} : memref<256xi8>
// I8:       %[[PK:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [2, 2, 64], strides: [128, 64, 1] {nanomm.packed_b}
// I8:       %[[R0:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[R1:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[R2:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[R3:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[E:.*]] = vector.interleave %[[R0]], %[[R2]] : vector<16xi8> -> vector<32xi8>
// I8:       %[[O:.*]] = vector.interleave %[[R1]], %[[R3]] : vector<16xi8> -> vector<32xi8>
// I8:       %[[IL:.*]] = vector.interleave %[[E]], %[[O]] : vector<32xi8> -> vector<64xi8>
// I8:       vector.transfer_write %[[IL]], %[[PK]][{{.*}}] {in_bounds = [true]} : vector<64xi8>, memref<2x2x64xi8>
// The same B rows, in the 4-column edge panel (copied row by row of B: K outer, panels inner).
// I8:       vector.constant_mask [4] : vector<16xi1>
// I8:       vector.transfer_write {{.*}} : vector<64xi8>, memref<2x2x64xi8>
// I8:       %[[S0:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[S1:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[S2:.*]] = vector.transfer_read {{.*}} : memref<7x20xi8>, vector<16xi8>
// I8:       %[[Z:.*]] = arith.constant dense<0> : vector<16xi8>
// I8:       vector.interleave %[[S0]], %[[S2]]
// I8:       vector.interleave %[[S1]], %[[Z]]
// I8:       scf.for %{{.*}} = %c0 to %c8 step %c4
// I8:         scf.for %[[K:.*]] = %c0 to %c8 step %c4
// I8:         %[[ROW:.*]] = arith.divui %[[K]], %c4 : index
// I8:         %[[P:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c0], {{.*}} vector<64xi8>
// I8:         %[[SC:.*]] = vector.shape_cast %[[P]] : vector<64xi8> to vector<16x4xi8>
// I8:         %[[T:.*]] = vector.transpose %[[SC]], [1, 0] : vector<16x4xi8> to vector<4x16xi8>
// I8:         arith.extui %{{.*}} : vector<4x4xi8> to vector<4x4xi32>
// I8:         arith.extsi %[[T]] : vector<4x16xi8> to vector<4x16xi32>
// I8:         vector.contract {{.*}} : vector<4x4xi32>, vector<4x16xi32> into vector<4x16xi32>
// I8:       } {nanomm.nanokernel}
func.func @u8s8(%a: memref<10x7xi8>, %b: memref<7x20xi8>, %c: memref<10x20xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%c : memref<10x20xi32>)
  linalg.matmul {nanomm.a_unsigned} ins(%a, %b : memref<10x7xi8>, memref<7x20xi8>) outs(%c : memref<10x20xi32>)
  return
}

// Pre-packed bf16: B arrives as [K blocks][panels][KC/2][NR*2] = [2][2][2][32], made by
// @bf16_pack_b with the same interleaved copy.
// PRE-LABEL: func.func @bf16_pack_b(%arg0: memref<7x20xbf16>, %arg1: memref<2x2x2x32xbf16>)
// PRE:         vector.interleave {{.*}} : vector<16xbf16> -> vector<32xbf16>
// PRE-LABEL: func.func @bf16(%arg0: memref<10x7xbf16>, %arg1: memref<2x2x2x32xbf16>, %arg2: memref<10x20xf32>)
// PRE-NOT:     memref.alloca
// PRE:         memref.subview %arg1[%{{.*}}, %{{.*}}, 0, 0] [1, 1, 2, 32] [1, 1, 1, 1] : memref<2x2x2x32xbf16> to memref<2x32xbf16, strided<[32, 1], offset: ?>>
// PRE:         vector.shape_cast %{{.*}} : vector<32xbf16> to vector<16x2xbf16>
// PRE:         vector.contract

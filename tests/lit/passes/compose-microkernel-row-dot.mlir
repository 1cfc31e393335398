// RUN: nanomm-opt -p 'compose-microkernel{row-dot=1}' %S/Inputs/compose-microkernel-row-dot.mlir | FileCheck %s
// RUN: nanomm-opt -p 'compose-microkernel{row-dot=1},lower-x86' %S/Inputs/compose-microkernel-row-dot.mlir | FileCheck %s --check-prefix=X86
// RUN: nanomm-opt -p 'compose-microkernel{row-dot=1 align-w=1}' %S/Inputs/compose-microkernel-row-dot.mlir | FileCheck %s --check-prefix=ALIGN
// RUN: not nanomm-opt -p 'compose-microkernel' %S/Inputs/compose-microkernel-row-dot.mlir 2>&1 | FileCheck %s --check-prefix=PACK
// RUN: not nanomm-opt -p 'compose-microkernel{row-dot=1},lower-x86' %S/Inputs/compose-microkernel-row-dot.spill.mlir 2>&1 | FileCheck %s --check-prefix=SPILL
// The inputs are the function below after tile-register{mr=3 nr=5} (and {mr=4 nr=7}: .spill),
// captured in Inputs/ (Inputs/regenerate.py has the options and remakes them).

// x @ W.T with W (5 x 40) stored as the argument: one 3 x 5 tile of dot products along K.
// Per step of 16 k, A's 3 rows and W's 5 rows (a transposed view of B, rows contiguous) are loaded
// and each of the 15 accumulators takes one FMA; the last 8 k are a step with a lane mask. After
// the loop each row's 5 accumulators are summed across lanes (8 pairwise folds of two shuffles
// and an add, zeros filling 5 to 8) into one vector, stored with a 5-lane mask.
// CHECK-LABEL: func.func @bt
// CHECK:       %[[COLS:.*]] = vector.constant_mask [5] : vector<16xi1>
// CHECK:       %[[W:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<40x5xf32, strided<[1, 40]>> to memref<5x40xf32, strided<[40, 1]>>
// CHECK:       scf.for %[[K:.*]] = %c0 to %c32 step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-3: vector.transfer_read %arg0[%{{.*}}, %[[K]]]
// CHECK-COUNT-5: vector.transfer_read %[[W]][%{{.*}}, %[[K]]]
// CHECK-COUNT-15: vector.fma
// CHECK:       } {nanomm.microkernel, nanomm.row_dot_tile = array<i64: 3, 5>}
// CHECK:       %[[TAIL:.*]] = vector.constant_mask [8] : vector<16xi1>
// CHECK-COUNT-8: vector.transfer_read {{.*}}, %[[TAIL]]
// CHECK-COUNT-15: vector.fma
// CHECK-COUNT-48: vector.shuffle
// CHECK-COUNT-3: vector.transfer_write {{.*}}, %[[COLS]]
// CHECK-NOT:   vector.contract

// align-w: the loop starts at the first k where W's row 0 reaches a 64-byte line (from the view's
// pointer and offset), the k before it and after the loop's last whole step in masked steps, each
// taken only where it has lanes.
// ALIGN-LABEL: func.func @bt
// ALIGN:       %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[W:.*]] : memref<5x40xf32, strided<[40, 1]>> -> index
// ALIGN:       %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[W]]
// ALIGN:       %[[E:.*]] = arith.shrui %[[P]], %c2
// ALIGN:       %[[FIRST:.*]] = arith.addi %[[E]], %[[OFF]]
// ALIGN:       %[[NEG:.*]] = arith.subi %c0, %[[FIRST]]
// ALIGN:       %[[HEAD:.*]] = arith.andi %[[NEG]], %c15
// ALIGN:       %[[ANY:.*]] = arith.cmpi ne, %[[HEAD]], %c0
// ALIGN:       scf.if %[[ANY]]
// ALIGN:         vector.create_mask %[[HEAD]] : vector<16xi1>
// ALIGN:       scf.for %{{.*}} = %[[HEAD]] to %[[END:.*]] step %c16
// ALIGN-COUNT-15: vector.fma
// ALIGN:       } {nanomm.microkernel, nanomm.row_dot_tile = array<i64: 3, 5>}
// ALIGN:       %[[TAIL:.*]] = arith.subi %c40, %[[END]]
// ALIGN:       scf.if
// ALIGN:         vector.create_mask %[[TAIL]] : vector<16xi1>

// lower-x86 counts a row-dot tile's registers as 15 accumulators + 3 rows of A + 1 of W.
// X86-LABEL: func.func @bt
// X86:       vector.load %arg0
// X86-NOT:   vector.transfer_read

// Without row-dot, compose-microkernel refuses a transposed B (pack reads it into panels).
// PACK: B is stored transposed (its columns are contiguous): run pack before compose-microkernel

// A 4 x 7 tile: 28 accumulators + 4 rows of A + 1 of W do not fit 32 registers.
// SPILL: row-dot tile 4x7 needs 33 vector registers (28 accumulators, 4 rows of A, 1 of W), the target has 32
func.func @bt(%A: memref<3x40xf32>, %Bt: memref<5x40xf32>, %C: memref<3x5xf32>) {
  %B = memref.transpose %Bt (i, j) -> (j, i) : memref<5x40xf32> to memref<40x5xf32, strided<[1, 40]>>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x5xf32>)
  linalg.matmul ins(%A, %B : memref<3x40xf32>, memref<40x5xf32, strided<[1, 40]>>) outs(%C : memref<3x5xf32>)
  return
}

func.func @spill(%A: memref<4x40xf32>, %Bt: memref<7x40xf32>, %C: memref<4x7xf32>) {
  %B = memref.transpose %Bt (i, j) -> (j, i) : memref<7x40xf32> to memref<40x7xf32, strided<[1, 40]>>
  linalg.matmul ins(%A, %B : memref<4x40xf32>, memref<40x7xf32, strided<[1, 40]>>) outs(%C : memref<4x7xf32>)
  return
}

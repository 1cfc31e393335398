// RUN: nanomm-opt -p 'compose-microkernel{outline=1}' %S/Inputs/epilogue-dequantize.mlir | FileCheck %s
// The input is the function below after tile-cache{mc=4 nc=32 kc=8} and tile-register{mr=2 nr=16}
// (Inputs/epilogue-dequantize.mlir; Inputs/regenerate.py remakes it).

// An int8 kernel's dequantizing epilogue (Epilogue(scale=True, zero_point=True) on u8s8): the
// int32 sums, complete after the last K block (K = 16: blocks at 0 and 8, the epilogue after the
// second), get the zero-point correction (an i32 vector along N) in int32, then sitofp, the
// float32 scale, the bias, and are stored as the float32 bits of the int32 C (bitcast): all on
// the accumulators of the vpdpbusd microkernel, the vectors loaded in their own element types.
// CHECK-LABEL: func.func private @nanomm_ukernel_{{.*}}_epilogue(
// CHECK:         llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"
// CHECK:         %[[Z:.*]] = vector.transfer_read %arg3{{.*}} : memref<16xi32{{.*}}>, vector<16xi32>
// CHECK:         %[[D:.*]] = arith.subi %{{.*}}, %[[Z]] : vector<16xi32>
// CHECK:         %[[F:.*]] = arith.sitofp %[[D]] : vector<16xi32> to vector<16xf32>
// CHECK:         %[[S:.*]] = vector.transfer_read %arg4{{.*}} : memref<16xf32{{.*}}>, vector<16xf32>
// CHECK:         %[[Q:.*]] = arith.mulf %[[F]], %[[S]] : vector<16xf32>
// CHECK:         %[[B:.*]] = arith.addf %[[Q]], %{{.*}} : vector<16xf32>
// CHECK:         %[[I:.*]] = arith.bitcast %[[B]] : vector<16xf32> to vector<16xi32>
// CHECK-NEXT:    vector.transfer_write %[[I]], %arg2
// CHECK-LABEL: func.func @dequantize
// CHECK-NOT:     linalg.generic
func.func @dequantize(%A: memref<4x16xi8>, %B: memref<16x32xi8>, %C: memref<4x32xi32>, %zp: memref<32xi32>,
                      %scale: memref<32xf32>, %bias: memref<32xf32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<4x32xi32>)
  linalg.matmul {nanomm.a_unsigned} ins(%A, %B : memref<4x16xi8>, memref<16x32xi8>) outs(%C : memref<4x32xi32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (j)>,
                                   affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%zp, %scale, %bias : memref<32xi32>, memref<32xf32>, memref<32xf32>) outs(%C : memref<4x32xi32>) {
  ^bb0(%z: i32, %s: f32, %b: f32, %acc: i32):
    %centred = arith.subi %acc, %z : i32
    %float = arith.sitofp %centred : i32 to f32
    %dequant = arith.mulf %float, %s : f32
    %biased = arith.addf %dequant, %b : f32
    %bits = arith.bitcast %biased : f32 to i32
    linalg.yield %bits : i32
  }
  return
}

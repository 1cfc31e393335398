// RUN: nanomm-opt -p 'lower-llvm' %S/Inputs/lower-llvm.mlir | FileCheck %s
// RUN: nanomm-opt -p 'lower-llvm{bare-ptr=0}' %s | FileCheck %s --check-prefix=DESC
// CHECK's input is the function below after tile-register{mr=2 nr=20}, compose-microkernel and
// lower-x86 (Inputs/lower-llvm.mlir; Inputs/regenerate.py remakes it); DESC's is the function itself.

// Everything ends in the LLVM dialect; FMAs become llvm.intr.fmuladd (fused on FMA
// targets) on <16 x f32> and the masked edges llvm.intr.masked.load/store. The function
// becomes an internal @mm__impl on memref descriptors, and @mm a wrapper with the C ABI
// void mm(float*, float*, float*) that passes the static sizes and strides.
// CHECK-LABEL: llvm.func internal @mm__impl(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64
// CHECK:       llvm.intr.masked.load
// CHECK:       llvm.intr.fmuladd({{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK:       llvm.intr.masked.store
// CHECK-NOT:   scf.
// CHECK-NOT:   vector.
// CHECK-NOT:   memref.
// CHECK-LABEL: llvm.func @mm(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr)
// CHECK-DAG:   %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG:   %[[C2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-DAG:   %[[C7:.*]] = llvm.mlir.constant(7 : i64) : i64
// CHECK-DAG:   %[[C1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK:       llvm.call @mm__impl(%arg0, %arg0, %[[C0]], %[[C2]], %[[C7]], %[[C7]], %[[C1]], %arg1, %arg1,
// CHECK-NEXT:  llvm.return
// DESC-LABEL: llvm.func @mm(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64
func.func @mm(%a: memref<2x7xf32>, %b: memref<7x20xf32>, %c: memref<2x20xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x20xf32>) outs(%c : memref<2x20xf32>)
  return
}

// RUN: nanomm-opt -p 'tile-register{mr=2 nr=20},compose-microkernel,lower-x86,lower-llvm' %s | FileCheck %s
// RUN: nanomm-opt -p 'lower-llvm{bare-ptr=0}' %s | FileCheck %s --check-prefix=DESC

// Everything ends in the LLVM dialect; static memrefs become bare pointers, FMAs become
// llvm.intr.fmuladd (fused on FMA targets) on <16 x f32> and the masked edges llvm.intr.masked.load/store.
// CHECK-LABEL: llvm.func @mm(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr)
// CHECK:       llvm.intr.masked.load
// CHECK:       llvm.intr.fmuladd({{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK:       llvm.intr.masked.store
// CHECK-NOT:   scf.
// CHECK-NOT:   vector.
// CHECK-NOT:   memref.
// DESC-LABEL: llvm.func @mm(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64
func.func @mm(%a: memref<2x7xf32>, %b: memref<7x20xf32>, %c: memref<2x20xf32>) {
  linalg.matmul ins(%a, %b : memref<2x7xf32>, memref<7x20xf32>) outs(%c : memref<2x20xf32>)
  return
}

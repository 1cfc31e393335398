// RUN: nanomm-opt -p 'lower-llvm' %s | FileCheck %s

// A batched kernel of any count (MatmulSpec(batch=None)): the entries' dimension is the only
// dynamic size, so the C ABI wrapper takes it last, void bmm(float*, float*, float*, int64_t
// count), and passes it as the first size of every descriptor; strides stay static.
// CHECK-LABEL: llvm.func @bmm(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64)
// CHECK-DAG:   %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG:   %[[C32:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK:       llvm.call @bmm__impl(%arg0, %arg0, %[[C0]], %arg3, {{.*}}, %arg1, %arg1, %[[C0]], %arg3, {{.*}}, %arg2, %arg2, %[[C0]], %arg3,
// CHECK-NEXT:  llvm.return
func.func @bmm(%A: memref<?x4x8xf32, strided<[32, 8, 1]>>, %B: memref<?x8x16xf32, strided<[0, 16, 1]>>,
               %C: memref<?x4x16xf32, strided<[64, 16, 1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = memref.dim %C, %c0 : memref<?x4x16xf32, strided<[64, 16, 1]>>
  scf.for %i = %c0 to %count step %c1 {
    %a = memref.subview %A[%i, 0, 0] [1, 4, 8] [1, 1, 1] : memref<?x4x8xf32, strided<[32, 8, 1]>> to memref<4x8xf32, strided<[8, 1], offset: ?>>
    %b = memref.subview %B[%i, 0, 0] [1, 8, 16] [1, 1, 1] : memref<?x8x16xf32, strided<[0, 16, 1]>> to memref<8x16xf32, strided<[16, 1]>>
    %c = memref.subview %C[%i, 0, 0] [1, 4, 16] [1, 1, 1] : memref<?x4x16xf32, strided<[64, 16, 1]>> to memref<4x16xf32, strided<[16, 1], offset: ?>>
    linalg.matmul ins(%a, %b : memref<4x8xf32, strided<[8, 1], offset: ?>>, memref<8x16xf32, strided<[16, 1]>>)
                  outs(%c : memref<4x16xf32, strided<[16, 1], offset: ?>>)
  }
  return
}

// nanomm-opt reports bad input as a diagnostic on stderr with exit status 1, never a traceback.
// RUN: not nanomm-opt -p 'tile-register' %s 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: not nanomm-opt -p 'no-such-pass' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not nanomm-opt -p 'tile-cache{mc=abc}' %s 2>&1 | FileCheck %s --check-prefix=BADVALUE
// RUN: not nanomm-opt -p 'tile-cache{mc}' %s 2>&1 | FileCheck %s --check-prefix=NOEQ
// RUN: not nanomm-opt -p 'tile-cache{mc=1' %s 2>&1 | FileCheck %s --check-prefix=BRACE
// RUN: not nanomm-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: echo 'func.func @f( {' | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: echo '' | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=EMPTY

// TENSOR: error: pass 'tile-register' failed: tile-register: requires buffer semantics: operand A is tensor<4x4xf32>
// TENSOR-NEXT: reproduce with: nanomm-opt -p 'tile-register{mr=6 nr=64 order=mn pad-rows=0 split-one-row=0}' {{.*}}.mlir
// TENSOR-NOT: Traceback
// UNKNOWN: error: unknown pass 'no-such-pass'
// BADVALUE: error: pass 'tile-cache': option 'mc' expects int, got 'abc'
// NOEQ: error: option 'mc' of pass 'tile-cache' needs the form key=value
// BRACE: error: unbalanced '{' in pipeline
// MISSING: error: {{.*}}No such file or directory
// SYNTAX: error: <stdin>: invalid MLIR
// EMPTY: error: <stdin>: empty input
func.func @t(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

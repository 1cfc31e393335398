// Input that would crash MLIR's C++ code (stack overflow, size assertion) is refused first,
// with a diagnostic and exit status 1; so is input that is not UTF-8 text.
// RUN: %PYTHON -c "print('module attributes {x = ' + '[' * 100000 + ']' * 100000 + '} {}')" | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %PYTHON -c "print('#a0 = [1]'); [print(f'#a{i} = [#a{i-1}]') for i in range(1, 50000)]" | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=ALIASES
// RUN: echo 'func.func private @f(memref<100000000000x100000000000xf32>)' | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: echo 'func.func private @f(memref<9223372036854775807x4xf32>)' | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: %PYTHON -c "import sys; sys.stdout.buffer.write(bytes(range(128, 256)))" | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=BINARY
// RUN: %PYTHON -c "import sys; sys.stdout.buffer.write(b'module {}' + bytes(1))" | not nanomm-opt 2>&1 | FileCheck %s --check-prefix=NUL
// RUN: not nanomm-opt -p 'canonicalize{bogus=1}' %s 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// RUN: nanomm-opt %s | FileCheck %s --check-prefix=OK

// DEEP: error: <stdin>:1: nesting deeper than 256 levels
// DEEP-NOT: Traceback
// ALIASES: error: <stdin>:{{[0-9]+}}: nesting deeper than 256 levels (brackets, regions or chained aliases)
// HUGE: error: <stdin>:1: memref<100000000000x100000000000xf32> has 10000000000000000000000 elements (40000000000000000000000 bytes): larger than a 64-bit address space
// OVERFLOW: error: <stdin>:1: memref<9223372036854775807x4xf32> has {{[0-9]+}} elements
// BINARY: error: <stdin>: input is not UTF-8 text (byte 0 is 0x80): binary data or another encoding
// NUL: error: <stdin>: input holds a NUL character (line 1): binary data, not MLIR text
// UPSTREAM: error: MLIR pass 'canonicalize' rejected its options '{bogus=1}': {{.*}}no such option bogus
// OK: func.func private @deep_but_fine(memref<4xf32>) attributes {x = {{\[\[\[\[\[\[\[\[}}1
// A few levels of nesting and a memref are fine:
func.func private @deep_but_fine(memref<4xf32>) attributes {x = [[[[[[[[1]]]]]]]]}

# The x86vector builder: its op verifies, prints in the upstream syntax, and lowers to vdpbf16ps.
# RUN: %PYTHON %s | FileCheck %s
from mlir import ir
from mlir.dialects import func

from nanomm.compiler.pipeline import parse_pipeline, run_pipeline
from nanomm.compiler.translate import to_llvm_ir
from nanomm.dialects import avx512_dot
from nanomm.errors import ConfigError
from nanomm.runtime.jit import JitModule


def run(fn):
    print(f"TEST: {fn.__name__}")
    fn()
    return fn


@run
def dot_builds_and_lowers():
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        f32v = ir.VectorType.get([16], ir.F32Type.get())
        bf16v = ir.VectorType.get([32], ir.BF16Type.get())
        with ir.InsertionPoint(module.body):
            @func.FuncOp.from_py_func(f32v, bf16v, bf16v)
            def dot(acc, a, b):
                return avx512_dot(acc, a, b)
        module.operation.verify()
        print(module)
        run_pipeline(module, parse_pipeline("lower-llvm{bare-ptr=1 x86vector=1}"), snapshots=False)
        asm = JitModule(to_llvm_ir(module), "znver4", "+avx512f,+avx512bf16,+avx512vl,+avx512bw").asm()
        print(asm)
# CHECK-LABEL: TEST: dot_builds_and_lowers
# CHECK:       x86vector.avx512.dot %{{.*}}, %{{.*}}, %{{.*}} : vector<32xbf16> -> vector<16xf32>
# CHECK:       vdpbf16ps %zmm{{[0-9]+}}, %zmm{{[0-9]+}}, %zmm{{[0-9]+}}


@run
def dot_rejects_bad_types():
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        f32v = ir.VectorType.get([16], ir.F32Type.get())
        with ir.InsertionPoint(module.body):
            try:
                @func.FuncOp.from_py_func(f32v, f32v, f32v)
                def bad(acc, a, b):
                    return avx512_dot(acc, a, b)
            except ConfigError as exc:
                print(f"ConfigError: {exc}")
            else:
                print("Exception not produced")
# CHECK-LABEL: TEST: dot_rejects_bad_types
# CHECK:       ConfigError: avx512.dot with vector<16xf32> takes vector<32xbf16> operands, got vector<16xf32>

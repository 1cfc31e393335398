"""lower-llvm: lowers everything left (scf, vector, memref, arith, func) to the LLVM dialect."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.passmanager import PassManager

from ._base import ModulePass


@dataclasses.dataclass(frozen=True)
class LowerLLVM(ModulePass):
    """Runs MLIR's conversions to the LLVM dialect as one step.

    Expects: any mix of scf/vector/memref/arith/func (and x86vector/amx) ops.
    Produces: a module of `llvm.func`s only, ready for `mlirTranslateModuleToLLVMIR`.
    With `bare-ptr` (the default), static-shape memref arguments become plain pointers,
    so a kernel is `void f(A*, B*, C*)` for the runtime to call through ctypes.

    Options: bare-ptr, x86vector (enable x86vector lowering), amx (enable AMX lowering).
    """

    name = "lower-llvm"
    bare_ptr: bool = True
    x86vector: bool = True
    amx: bool = False

    def pipeline(self) -> str:
        b = lambda v: "true" if v else "false"  # noqa: E731
        return ",".join([
            "canonicalize", "cse",
            "convert-linalg-to-loops",
            "lower-affine",
            "convert-scf-to-cf",
            f"convert-vector-to-llvm{{enable-x86vector={b(self.x86vector)} enable-amx={b(self.amx)}}}",
            "expand-strided-metadata",
            "lower-affine",
            "finalize-memref-to-llvm",
            "convert-arith-to-llvm",
            "convert-index-to-llvm",
            f"convert-func-to-llvm{{use-bare-ptr-memref-call-conv={b(self.bare_ptr)}}}",
            "convert-cf-to-llvm",
            "reconcile-unrealized-casts",
            "canonicalize", "cse",
        ])

    def run(self, module: ir.Module) -> None:
        pm = PassManager.parse(f"builtin.module({self.pipeline()})")
        pm.run(module.operation)

"""lower-llvm: lowers everything left (scf, vector, memref, arith, func) to the LLVM dialect."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.passmanager import PassManager

from ..dialects.amx import STREAM, STREAMING_LOAD
from ._base import ModulePass
from ._ir import OUTLINED, walk



@dataclasses.dataclass(frozen=True)
class LowerLLVM(ModulePass):
    """Runs MLIR's conversions to the LLVM dialect as one step.

    Expects: any mix of scf/vector/memref/arith/func (and x86vector/amx) ops.
    Produces: a module of `llvm.func`s only, ready for `mlirTranslateModuleToLLVMIR`.

    With `bare-ptr` (the default), each public function whose arguments are all static
    memrefs with static strides (offset 0, unit inner stride) gets the plain C ABI `void f(T* A, T* B, T* C)`
    (`void f(T* A, T* B, T* C, int64_t M)` where the first dimension of some is dynamic: M is
    every dynamic size): the function
    itself becomes the internal `f__impl` (memref descriptors) and `f` is a small wrapper
    that builds the descriptors from the pointers, which LLVM inlines away. Unlike MLIR's
    global bare-pointer convention, this leaves private functions free to take strided
    views (the outlined microkernels). Outlined microkernels are marked `no_inline`.

    Options: bare-ptr, x86vector (enable x86vector lowering), amx (enable AMX lowering), noalias (the
    wrapper's pointers are `noalias`: for functions whose arrays never overlap where one is written, as
    compiler/upstream.py's segments: read-only inputs, fresh outputs; LLVM then keeps accumulators in
    registers and vectorizes without overlap checks).
    """

    name = "lower-llvm"
    bare_ptr: bool = True
    x86vector: bool = True
    amx: bool = False
    noalias: bool = False

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
            "convert-math-to-llvm",  # what expand-math leaves (math.sqrt, math.fma of row kernels)
            "convert-arith-to-llvm",
            "convert-index-to-llvm",
            "convert-func-to-llvm",
            "convert-cf-to-llvm",
            "reconcile-unrealized-casts",
            "canonicalize", "cse",
        ])

    def run(self, module: ir.Module) -> None:
        wrap = _bare_pointer_candidates(module) if self.bare_ptr else {}
        PassManager.parse(f"builtin.module({self.pipeline()})").run(module.operation)
        _streaming_tile_loads(module)
        internal = ir.Attribute.parse("#llvm.linkage<internal>")
        for f in list(walk(module.operation, "llvm.func")):
            name = ir.StringAttr(f.attributes["sym_name"]).value
            if OUTLINED in f.attributes:
                f.attributes["linkage"] = internal
                f.attributes["no_inline"] = ir.UnitAttr.get()
            if name in wrap:
                f.attributes["sym_name"] = ir.StringAttr.get(name + "__impl")
                f.attributes["linkage"] = internal
                # Parsed beside a declaration of the impl (for the verifier), then moved here.
                scratch = ir.Module.parse(_wrapper(name, wrap[name], self.noalias))
                wrapper = scratch.body.operations[1]
                wrapper.move_after(f)


def _streaming_tile_loads(module: ir.Module) -> None:
    """Tile loads marked amx.STREAM (their marker kept through MLIR's AMX lowering) become tileloaddt1."""
    for op in walk(module.operation, "llvm.call_intrinsic"):
        if STREAM in op.attributes:
            op.attributes["intrin"] = ir.StringAttr.get(STREAMING_LOAD)
            del op.attributes[STREAM]


def _bare_pointer_candidates(module: ir.Module) -> dict[str, list[ir.MemRefType]]:
    """Public func.funcs taking only static identity-layout memrefs and returning nothing."""
    found = {}
    for op in module.body.operations:
        op = op.operation
        if op.name != "func.func" or "sym_visibility" in op.attributes or not op.regions[0].blocks:
            continue
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        args = list(ftype.inputs)
        if ftype.results or not args or not all(_static_unit_stride(t) for t in args):
            continue
        found[ir.StringAttr(op.attributes["sym_name"]).value] = [ir.MemRefType(t) for t in args]
    return found


def _static_unit_stride(t: ir.Type) -> bool:
    """A memref whose layout a pointer, the type and M describe (offset 0, static strides, unit inner
    stride; static but perhaps for its first dimension: a dynamic M)."""
    if not isinstance(t, ir.MemRefType) or ir.ShapedType.get_dynamic_size() in list(t.shape)[1:]:
        return False
    strides, offset = t.get_strides_and_offset()
    dynamic = ir.ShapedType.get_dynamic_stride_or_offset()
    return offset == 0 and dynamic not in strides and strides[-1:] in ([], [1])  # rank 0: a pointer to one element


def _wrapper(name: str, types: list[ir.MemRefType], noalias: bool = False) -> str:
    """llvm.func @name(ptr, ...) calling @name__impl with static memref descriptors."""
    consts: dict[int, str] = {}

    def const(v: int) -> str:
        if v not in consts:
            consts[v] = f"%k{len(consts)}"
        return consts[v]

    dynamic = ir.ShapedType.get_dynamic_size()
    attr = " {llvm.noalias}" if noalias else ""
    params = ", ".join([f"%p{i}: !llvm.ptr{attr}" for i in range(len(types))]
                       + (["%m: i64"] if any(t.rank and t.shape[0] == dynamic for t in types) else []))
    call_args, call_types = [], []
    for i, t in enumerate(types):
        strides, _ = t.get_strides_and_offset()
        sizes = ["%m" if s == dynamic else const(s) for s in t.shape]
        call_args += [f"%p{i}", f"%p{i}", const(0)] + sizes + [const(s) for s in strides]
        call_types += ["!llvm.ptr", "!llvm.ptr"] + ["i64"] * (1 + 2 * t.rank)
    body = "\n".join(f"  {n} = llvm.mlir.constant({v} : i64) : i64" for v, n in consts.items())
    return (f"llvm.func @{name}__impl({', '.join(call_types)})\n"
            f"llvm.func @{name}({params}) {{\n{body}\n"
            f"  llvm.call @{name}__impl({', '.join(call_args)}) : ({', '.join(call_types)}) -> ()\n"
            f"  llvm.return\n}}")

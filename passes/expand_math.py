"""expand-math: replaces math.exp, math.erf and math.tanh on float32 by arith code (passes/_math.py)."""

from __future__ import annotations

import dataclasses

from mlir import ir

from ._base import ModulePass
from ._math import EXPANSIONS
from ._ir import walk


@dataclasses.dataclass(frozen=True)
class ExpandMath(ModulePass):
    """Expands the transcendental functions of activations into arith ops.

    Expects: any module; `math.exp`, `math.erf` and `math.tanh` on f32 or vectors of f32 anywhere
    (e.g. in the body of an epilogue `linalg.generic`: GELU's erf, SiLU's exp).

    Produces: each replaced by the arith expansion of passes/_math.py (range reduction and
    polynomials, with the limits and NaN handled by selects), so that what follows sees only
    element-wise arith: compose-microkernel evaluates such a body on vectors, and LLVM needs no
    libm. Other types are refused (f64 statistics are not an epilogue's), or with `keep-other`
    left for convert-math-to-llvm / -libm (the upstream half of a compiled function: compiler/upstream.py).
    With `scalef` exp takes a floor and an ldexp (math.floor, llvm.intr.ldexp: one instruction each on
    AVX-512) where it built 2^n in exponent bits.
    """

    name = "expand-math"
    keep_other: bool = False
    scalef: bool = False  # exp's 2^n by llvm.intr.ldexp: for AVX-512 targets only (passes/_math.py exp)

    def run(self, module: ir.Module) -> None:
        for name, expand in EXPANSIONS.items():
            for op in list(walk(module.operation, name)):
                t = op.results[0].type
                elt = ir.VectorType(t).element_type if isinstance(t, ir.VectorType) else t
                if not isinstance(elt, ir.F32Type):
                    if self.keep_other:
                        continue
                    raise self.fail(f"{name} on {t}: expand-math handles f32 (and vectors of f32)", op)
                with ir.InsertionPoint(op), op.location:
                    result = expand(op.operands[0], self.scalef)
                op.results[0].replace_all_uses_with(result)
                op.erase()

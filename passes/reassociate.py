"""reassociate-reductions: lets LLVM vectorize the float reductions of linalg.generic bodies."""

from __future__ import annotations

import dataclasses
import re

from mlir import ir

from ._base import ModulePass
from ._ir import walk

_COMBINERS = ("arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf")


@dataclasses.dataclass(frozen=True)
class ReassociateReductions(ModulePass):
    """Marks the float ops that combine a value into a reduction's accumulator `reassoc`.

    A sum along a row, as loops, is one chain of dependent adds; LLVM's loop vectorizer splits it into
    vector lanes only where it may reassociate. The sums then round in another order (as every
    vectorized library's do); NaN and infinities are kept (no nnan / ninf).

    Expects: linalg.generic ops on tensors or buffers (upstream.PIPELINE runs it on buffers).
    Produces: in each generic with a reduction iterator, the addf / mulf / maximumf / minimumf /
    maxnumf / minnumf whose operand is an output block argument carry fastmath<reassoc> (with
    the flags they had); with `reciprocal`, a divf whose divisor is an input the generic reads the
    same along its innermost loop (a softmax's row sum, a layer norm's deviation) carries arcp:
    LLVM divides once per row and multiplies (within 1.5 ulp of the quotient; vdivps costs ten
    times a multiply, `python bench/bench_frontend.py --layers minilm.layer` times the softmax);
    nothing else changes.
    """

    name = "reassociate-reductions"
    reciprocal: bool = False

    def run(self, module: ir.Module) -> None:
        for op in walk(module.operation, "linalg.generic"):
            if self.reciprocal:
                self._reciprocal(op)
            if "reduction" not in str(op.attributes["iterator_types"]):
                continue
            block = op.regions[0].blocks[0]
            # (the outputs' block arguments come last: as many as the op has `outs`, which on buffers
            # is not its number of results)
            n_out = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])[1]
            outs = set(list(block.arguments)[len(block.arguments) - n_out:])
            for o in block.operations:
                o = o.operation
                if o.name in _COMBINERS and any(v in outs for v in o.operands):
                    _add_flag(o, "reassoc")

    @staticmethod
    def _reciprocal(op) -> None:
        block = op.regions[0].blocks[0]
        maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
        inner = maps[0].n_dims - 1  # (the innermost loop)
        n_in = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])[0]
        invariant = {arg for arg, m in zip(list(block.arguments)[:n_in], maps)
                     if not any(re.search(rf"\bd{inner}\b", str(e)) for e in m.results)}
        for o in block.operations:
            o = o.operation
            if o.name == "arith.divf" and o.operands[1] in invariant:
                _add_flag(o, "arcp")


def _add_flag(o, flag: str) -> None:
    """Adds a fastmath flag to an arith op, keeping those it had."""
    flags = str(o.attributes["fastmath"]) if "fastmath" in o.attributes else "#arith.fastmath<none>"
    kept = [f for f in flags[flags.index("<") + 1:-1].split(",") if f.strip() not in ("none", "")]
    o.attributes["fastmath"] = ir.Attribute.parse(f"#arith.fastmath<{','.join(sorted(set(kept) | {flag}))}>")

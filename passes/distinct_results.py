"""distinct-results: a function that returns one tensor twice returns a copy the second time."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import bufferization

from ._base import ModulePass
from ._ir import walk


@dataclasses.dataclass(frozen=True)
class DistinctResults(ModulePass):
    """Makes each tensor result of a function its own value.

    A segment's two results can be one value once cse has merged the ops that made them (two convolutions'
    window copies of one input, nanomm's segments return each op's result): MLIR's
    buffer-results-to-out-params then crashes the process (it moves one allocation into two out-params).

    Expects: tensor functions (before bufferization).
    Produces: the second and later uses of a value in a func.return are a copy of it in a buffer of
    its own (bufferization.alloc_tensor copy(...)).
    """

    name = "distinct-results"

    def run(self, module: ir.Module) -> None:
        for ret in walk(module.operation, "func.return"):
            seen: list[ir.Value] = []
            for i, v in enumerate(list(ret.operands)):
                if not isinstance(v.type, ir.RankedTensorType):
                    continue
                if not any(v == s for s in seen):
                    seen.append(v)
                    continue
                with ir.InsertionPoint(ret), ret.location:  # (a copy into an empty tensor bufferizes in place)
                    ret.operands[i] = bufferization.AllocTensorOp(v.type, [], copy=v).result

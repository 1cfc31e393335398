"""The shared shape of passes that rewrite each linalg.matmul on static memrefs."""

from __future__ import annotations

import dataclasses

from mlir import ir

from ._base import ModulePass
from ._ir import dim, matmul_operands, walk, zero_fill_before


@dataclasses.dataclass(frozen=True)
class MatmulOperands:
    a: ir.Value
    b: ir.Value
    c: ir.Value
    M: int | ir.Value  # an index Value where M is dynamic (memref<?xK>)
    N: int
    K: int
    fill: ir.Operation | None  # a zero linalg.fill of C just before the matmul, if any


@dataclasses.dataclass(frozen=True)
class MatmulRewrite(ModulePass):
    """Calls `rewrite(op, operands)` for every `linalg.matmul`; rejects those not on static memrefs
    (but for a dynamic M: the rows of A and C)."""

    def run(self, module: ir.Module) -> None:
        for op in list(walk(module.operation, "linalg.matmul")):
            a, b, c, problem = matmul_operands(op)
            if problem:
                raise self.fail(problem, op)
            (M, K), N = a.type.shape, b.type.shape[1]
            fill = zero_fill_before(op, c)
            if M == ir.ShapedType.get_dynamic_size():
                with ir.InsertionPoint(op), op.location:
                    M = dim(a, 0)
            self.rewrite(op, MatmulOperands(a, b, c, M, N, K, fill))

    def rewrite(self, op: ir.Operation, mm: MatmulOperands) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

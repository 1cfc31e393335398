"""The shared shape of passes that rewrite each linalg.matmul on static memrefs."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import linalg, memref

from ._base import ModulePass
from ._ir import A_UNSIGNED, dim, matmul_operands, walk, zero_fill_before


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
            op = _untranspose(op)
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


_TRANSPOSED_B_MAPS = ("[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, "
                      "affine_map<(d0, d1, d2) -> (d0, d1)>]")


def _untranspose(op: ir.Operation) -> ir.Operation:
    """A linalg.matmul whose indexing_maps read B transposed (B given as N x K, memrefs) as the plain
    matmul of a `memref.transpose` view of it (what the pack pass reads in place); others as they are."""
    if "indexing_maps" not in op.attributes or str(op.attributes["indexing_maps"]) != _TRANSPOSED_B_MAPS:
        return op
    a, bt, c = (op.operands[i] for i in range(3))
    if not all(isinstance(v.type, ir.MemRefType) for v in (a, bt, c)) or A_UNSIGNED in op.attributes:
        return op  # (matmul_operands names what is wrong)
    t = ir.MemRefType(bt.type)
    (n, k), (s0, s1) = t.shape, t.get_strides_and_offset()[0]
    offset = t.get_strides_and_offset()[1]
    view_t = ir.MemRefType.get([k, n], t.element_type, ir.StridedLayoutAttr.get(offset, [s1, s0]))
    with ir.InsertionPoint(op), op.location:
        b = memref.transpose(view_t, bt, ir.AffineMapAttr.get(ir.AffineMap.get_permutation([1, 0])))
        new = linalg.matmul(a, b, outs=[c])
    new = getattr(new, "owner", new)
    op.erase()
    return new.operation if hasattr(new, "operation") else new

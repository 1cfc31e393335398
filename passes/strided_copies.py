"""strided-copies: memref.copy between non-contiguous memrefs becomes linalg.copy (loops, not a runtime call)."""

from __future__ import annotations

import dataclasses
import math

from mlir import ir
from mlir.dialects import linalg, memref

from ._base import ModulePass
from ._ir import walk


def contiguous(t: ir.Type) -> bool:
    """Whether a memref type's elements are one dense row-major run (as MemRefToLLVM tests it: an identity
    layout, or static sizes whose strides are the row-major ones wherever a size is above 1)."""
    t = ir.MemRefType(t)
    layout = t.layout
    if isinstance(layout, ir.AffineMapAttr) and ir.AffineMapAttr(layout).value == ir.AffineMap.get_identity(t.rank):
        return True
    if not t.has_static_shape:
        return False
    strides, _ = t.get_strides_and_offset()
    return all(size == 1 or stride == math.prod(t.shape[i + 1:])
               for i, (size, stride) in enumerate(zip(t.shape, strides)))


@dataclasses.dataclass(frozen=True)
class StridedCopies(ModulePass):
    """Lowers the copies that MLIR would lower to a call of its C runner library.

    finalize-memref-to-llvm turns a memref.copy between contiguous memrefs into llvm.memcpy, and any
    other into a call of `memrefCopy`, a function of MLIR's runner-utils library, which a nanomm JIT
    module does not link (the call would jump nowhere). Bufferization makes such copies wherever a
    tensor.concat, insert_slice or a returned view writes or reads a strided piece of a buffer (a
    rotary embedding's halves).

    Expects: any module on memrefs (after bufferization).
    Produces: each memref.copy whose source or target is not contiguous is a `linalg.copy` of the
    same operands (convert-linalg-to-loops in lower-llvm makes it loops); contiguous copies stay.
    """

    name = "strided-copies"

    def run(self, module: ir.Module) -> None:
        for op in walk(module.operation, "memref.copy"):
            source, target = op.operands
            if contiguous(source.type) and contiguous(target.type):
                continue
            with ir.InsertionPoint(op), op.location:
                groups = _dense_groups(ir.MemRefType(source.type), ir.MemRefType(target.type))
                if groups is not None:
                    source, target = (_collapsed(v, groups) for v in (source, target))
                linalg.copy(source, outs=[target])
            op.erase()


def _dense_groups(a: ir.MemRefType, b: ir.MemRefType) -> list[list[int]] | None:
    """The dimensions of two static memrefs of one shape grouped so that the trailing dimensions that are
    one dense run in both form one group (a padded tensor's interior: its rows' (w, c) are one run of
    w * c): a copy's innermost loop is then long, and LLVM vectorizes it (a loop of c, 32 long,
    it unrolls into scalar moves first). None where no two dimensions merge."""
    if not (a.has_static_shape and b.has_static_shape) or a.shape != b.shape or a.rank < 2 or \
            not all(isinstance(t.layout, ir.StridedLayoutAttr) or ir.AffineMapAttr(t.layout).value == ir.AffineMap.get_identity(t.rank)
                    for t in (a, b)):
        return None
    strides = [t.get_strides_and_offset()[0] for t in (a, b)]
    if any(st[-1] != 1 for st in strides):
        return None
    first = a.rank - 1
    while first > 0 and all(st[first - 1] == st[first] * a.shape[first] for st in strides):
        first -= 1
    if first == a.rank - 1:
        return None
    return [[i] for i in range(first)] + [list(range(first, a.rank))]


def _collapsed(v: ir.Value, groups: list[list[int]]) -> ir.Value:
    t = ir.MemRefType(v.type)
    strides, offset = t.get_strides_and_offset()
    shape = [math.prod(t.shape[i] for i in g) for g in groups]
    identity = isinstance(t.layout, ir.AffineMapAttr)  # (a row-major buffer: its collapse is one too)
    layout = None if identity else ir.StridedLayoutAttr.get(offset, [strides[g[-1]] for g in groups])
    collapsed = ir.MemRefType.get(shape, t.element_type, layout, t.memory_space)
    return memref.collapse_shape(collapsed, v, [[int(i) for i in g] for g in groups])

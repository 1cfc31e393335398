"""strided-copies: memref.copy between non-contiguous memrefs becomes linalg.copy (loops, not a runtime call)."""

from __future__ import annotations

import dataclasses
import math

from mlir import ir
from mlir.dialects import linalg

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
                linalg.copy(source, outs=[target])
            op.erase()

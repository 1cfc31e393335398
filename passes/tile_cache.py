"""tile-cache: tiles each linalg.matmul into MC x NC x KC cache blocks (a batch-reduce over K)."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import linalg

from ..errors import ConfigError
from ._base import ModulePass
from ._ir import is_zero_constant, subview, tile_loops, walk

BATCH_REDUCE = "nanomm.batch_reduce"


@dataclasses.dataclass(frozen=True)
class TileCache(ModulePass):
    """Cache blocking of `linalg.matmul` on static memrefs.

    Expects: `linalg.matmul` ops with static-shape memref operands (buffer semantics),
    optionally preceded in the same block by a `linalg.fill` of zero into the same output.

    Produces: loops over N blocks (NC) and M blocks (MC) around a batch-reduce loop over
    K blocks (KC, tagged `nanomm.batch_reduce`); each block is a `linalg.matmul` on
    static-size `memref.subview`s. Blocks that the sizes do not divide are peeled with their
    own static sizes. A zero fill of C is sunk into the blocks: the first K block of each
    C block gets a `linalg.fill` of its C sub-block, so C is cleared while it is hot.

    Options: mc, nc, kc (block sizes, clamped to the problem).
    """

    name = "tile-cache"
    mc: int = 96
    nc: int = 512
    kc: int = 256

    def __post_init__(self):
        for key in ("mc", "nc", "kc"):
            if getattr(self, key) <= 0:
                raise ConfigError(f"tile-cache: {key} must be positive, got {getattr(self, key)}")

    def run(self, module: ir.Module) -> None:
        for op in list(walk(module.operation, "linalg.matmul")):
            self._tile(op)

    def _tile(self, op: ir.Operation) -> None:
        a, b, c = (op.operands[i] for i in range(3))
        for v, role in ((a, "A"), (b, "B"), (c, "C")):
            if not isinstance(v.type, ir.MemRefType):
                raise self.fail(f"requires buffer semantics: operand {role} is {v.type}", op)
            if not v.type.has_static_shape:
                raise self.fail(f"requires static shapes: operand {role} is {v.type}", op)
        M, K = a.type.shape
        N = b.type.shape[1]
        fill = _zero_fill_of(op, c)
        zero_init = fill is not None
        with ir.InsertionPoint(op), op.location:
            def block(offsets, sizes):
                (n0, m0), (nb, mb) = offsets, sizes
                c_blk = subview(c, [m0, n0], [mb, nb])

                def k_block(k_offsets, k_sizes, first: bool):
                    (k0,), (kb,) = k_offsets, k_sizes
                    a_blk = subview(a, [m0, k0], [mb, kb])
                    b_blk = subview(b, [k0, n0], [kb, nb])
                    if first and zero_init:
                        linalg.fill(fill.operands[0], outs=[c_blk])
                    linalg.matmul(a_blk, b_blk, outs=[c_blk])

                kc = min(self.kc, K)
                if zero_init:
                    # Peel the first K block: it clears C. The rest accumulate.
                    tile_loops([(kc, kc)], lambda o, s: k_block(o, s, True))
                    if K > kc:
                        rest = K - kc
                        tile_loops([(rest, kc)], lambda o, s: k_block(o, s, False),
                                   loop_attrs=[{BATCH_REDUCE}], start=kc)
                else:
                    tile_loops([(K, kc)], lambda o, s: k_block(o, s, False), loop_attrs=[{BATCH_REDUCE}])

            tile_loops([(N, self.nc), (M, self.mc)], block)
        op.erase()
        if fill is not None:
            fill.erase()


def _zero_fill_of(op: ir.Operation, c: ir.Value) -> ir.Operation | None:
    """The `linalg.fill` of zero into `c` directly before `op` (constants aside), if any."""
    ops = list(op.operation.block.operations)
    idx = next(i for i, o in enumerate(ops) if o.operation == op.operation)
    for o in reversed(ops[:idx]):
        o = o.operation
        if o.name == "arith.constant":
            continue
        if o.name == "linalg.fill" and o.operands[1] == c and is_zero_constant(o.operands[0]):
            return o
        return None
    return None

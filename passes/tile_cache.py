"""tile-cache: tiles each linalg.matmul into MC x NC x KC cache blocks (a batch-reduce over K)."""

from __future__ import annotations

import dataclasses
import itertools

from mlir import ir
from mlir.dialects import linalg

from ..errors import ConfigError
from . import _epilogue
from ._matmul import MatmulOperands, MatmulRewrite
from ._ir import A_UNSIGNED, erase, subview, tile_loops

BATCH_REDUCE = "nanomm.batch_reduce"
B_BLOCK = "nanomm.b_block"
A_BLOCK = "nanomm.a_block"


@dataclasses.dataclass(frozen=True)
class TileCache(MatmulRewrite):
    """Cache blocking of `linalg.matmul` on static memrefs.

    Expects: `linalg.matmul` ops with static-shape memref operands (buffer semantics),
    optionally preceded in the same block by a `linalg.fill` of zero into the same output.

    Produces: loops over N blocks (NC) and M blocks (MC) around a batch-reduce loop over
    K blocks (KC, tagged `nanomm.batch_reduce`); each block is a `linalg.matmul` on
    static-size `memref.subview`s. Blocks that the sizes do not divide are peeled with their
    own static sizes. A zero fill of C is sunk into the blocks: the first K block of each
    C block gets a `linalg.fill` of its C sub-block, so C is cleared while it is hot.

    Loop orders: "nmk" (default) keeps a C block while the K blocks stream through it
    (batch-reduce); "nkm" (GotoBLAS) visits every M block for one KC x NC block of B, which
    is made once, before the M loop, and tagged `nanomm.b_block` so that `pack` can pack it
    once and reuse it for the whole M loop; its A blocks are tagged `nanomm.a_block`.

    A dynamic M (`memref<?xK>` A and C) is stepped over in blocks of min(MC, M - m0) rows,
    each a `linalg.matmul` on views with a dynamic row count (tile-register switches on it).

    An epilogue (passes/_epilogue.py: the element-wise linalg.generic on C right after the
    matmul) is re-made on each C block right after its last K block, which is peeled for it.

    Element types: f32, bf16 -> f32 and i8 -> i32 (with `nanomm.a_unsigned` kept on the
    blocks). For bf16 and i8 every K block but the last should have a kc that is a multiple
    of 2 / 4 (the VNNI factor), so only the last block has a partial group of k.

    Options: mc, nc, kc (block sizes, clamped to the problem), order ("nmk" | "nkm").
    """

    name = "tile-cache"
    mc: int = 96
    nc: int = 512
    kc: int = 256
    order: str = "nmk"

    def __post_init__(self):
        for key in ("mc", "nc", "kc"):
            if getattr(self, key) <= 0:
                raise ConfigError(f"tile-cache: {key} must be positive, got {getattr(self, key)}")
        if self.order not in ("nmk", "nkm"):
            raise ConfigError(f"tile-cache: order must be 'nmk' or 'nkm', got '{self.order}'")

    def rewrite(self, op: ir.Operation, mm: MatmulOperands) -> None:
        a, b, c, M, N, K, fill = mm.a, mm.b, mm.c, mm.M, mm.N, mm.K, mm.fill
        if K <= 0:
            raise self.fail(f"K must be positive, got {K}", op)
        kc = min(self.kc, K)

        epilogue = _epilogue.after(op, c)

        def k_blocks(body):
            """Calls body(k0, kb, first, last) over the K blocks; the first is peeled when it clears C,
            the last when an epilogue follows (it applies there, once C is complete)."""
            last0 = (K - 1) // kc * kc if epilogue is not None else K  # where the peeled last block starts
            start = 0
            if fill is not None:
                tile_loops([(kc, kc)], lambda o, s: body(o[0], s[0], True, last0 == 0))
                start = kc
            if last0 > start:
                tile_loops([(last0 - start, kc)], lambda o, s: body(o[0], s[0], False, False),
                           loop_attrs=[{BATCH_REDUCE}], start=start)
            if last0 < K and (last0 > 0 or fill is None):
                tile_loops([(K - last0, kc)], lambda o, s: body(o[0], s[0], False, True), start=last0)

        def block(m0, mb, n0, nb, k0, kb, first, last, b_blk=None):
            c_blk = subview(c, [m0, n0], [mb, nb])
            a_blk = subview(a, [m0, k0], [mb, kb], keep_whole=b_blk is not None)
            if b_blk is not None:  # GotoBLAS order: pack may copy the A block too (pack-a)
                # Numbered, so that CSE cannot merge the same A block of two column blocks
                # (unrolled, one after the other): pack-a copies it where it is made, and the
                # second column block would read whatever the buffer held last.
                a_blk.owner.attributes[A_BLOCK] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), next(counter))
            b_blk = b_blk if b_blk is not None else subview(b, [k0, n0], [kb, nb])
            extra = _epilogue.views(epilogue, [m0, n0], [mb, nb]) if last and epilogue is not None else None
            if first:
                linalg.fill(fill.operands[0], outs=[c_blk])
            blk = linalg.matmul(a_blk, b_blk, outs=[c_blk])
            if A_UNSIGNED in op.attributes:
                getattr(blk, "owner", blk).attributes[A_UNSIGNED] = ir.UnitAttr.get()
            if extra is not None:
                _epilogue.clone_onto(epilogue, c_blk, extra)

        counter = itertools.count()
        with ir.InsertionPoint(op), op.location:
            if self.order == "nmk":
                def nm(offsets, sizes):
                    (n0, m0), (nb, mb) = offsets, sizes
                    k_blocks(lambda k0, kb, first, last: block(m0, mb, n0, nb, k0, kb, first, last))

                tile_loops([(N, self.nc), (M, self.mc)], nm, dynamic="min")
            else:
                def n_then_k(n_off, n_size):
                    (n0,), (nb,) = n_off, n_size

                    def k_then_m(k0, kb, first, last):
                        b_blk = subview(b, [k0, n0], [kb, nb], keep_whole=True)
                        b_blk.owner.attributes[B_BLOCK] = ir.UnitAttr.get()
                        tile_loops([(M, self.mc)],
                                   lambda o, s: block(o[0], s[0], n0, nb, k0, kb, first, last, b_blk),
                                   dynamic="min")

                    k_blocks(k_then_m)

                tile_loops([(N, self.nc)], n_then_k)
        erase(op)
        if fill is not None:
            erase(fill)
        if epilogue is not None:
            erase(epilogue)

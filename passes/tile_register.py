"""tile-register: tiles each cache block into MR x NR register tiles, each a vector.contract nanokernel."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith

from ..errors import ConfigError
from . import _epilogue, nanokernel
from ._matmul import MatmulOperands, MatmulRewrite
from ._ir import A_UNSIGNED, Padded, erase, subview, tile_loops


@dataclasses.dataclass(frozen=True)
class TileRegister(MatmulRewrite):
    """Register tiling of (block-sized) `linalg.matmul` ops into nanokernels.

    Expects: `linalg.matmul` on static-shape memrefs (typically the blocks of tile-cache),
    optionally preceded by a `linalg.fill` of zero into the same output.

    Produces: loops over MR x NR tiles (edge tiles peeled with their own static sizes, so
    nothing is ever out of bounds). Each tile is a nanokernel (passes/nanokernel.py): an
    `scf.for` over K, tagged `nanomm.nanokernel`, whose body reads the C tile as a
    `vector<MRxNR>`, an A column `vector<MRx1>` and a B row `vector<1xNR>`, accumulates with one
    `vector.contract` and writes C back. A zero fill becomes a `vector.transfer_write` of zeros
    before the loop. compose-microkernel turns this into register-resident FMA chains.

    A dynamic M (an A block of `?` rows) runs its whole MR-row tiles in an `scf.for` and the
    rest (1..MR-1 rows, known at run time) in an `scf.index_switch` with a case per row count,
    each of static tiles: the nanokernels stay static whatever M is.

    An epilogue generic right after the matmul (passes/_epilogue.py) is re-made on each tile,
    right after its nanokernel (compose-microkernel applies it to the accumulators).

    Low precision (bf16 -> f32, i8 -> i32): the K loop steps by the VNNI factor v (2 for
    bf16, 4 for i8: the k a `vdpbf16ps`/`vpdpbusd` lane sums) and reads `vector<MRxv>` of A
    and `vector<vxNR>` of B, widened by `arith.extf` / `arith.extsi` (`arith.extui` for an A
    marked `nanomm.a_unsigned`) before a `vector.contract` in the accumulator type. When v
    does not divide K, the last step reads past K with in_bounds=false: the reads pad with
    zeros, so the IR means exactly A @ B.

    With `pad-rows=P` (compose-amx{pad-mn} kernels) the remainder has a case per multiple of P
    instead: a nanokernel of the rounded-up rows (A read past the block's rows, from pack-a's
    copy) whose C (and epilogue inputs) are views of the rows that exist, read and written with
    `in_bounds = false` on rows; compose-amx runs it on tiles through its scratch buffer.

    With `split-one-row` (AVX-512 and AVX2 kernels; tiles of 4 rows or more), M = k * MR + 1 rows, static
    or at run time, run their last MR + 1 rows as two tiles of about half that instead of a whole tile and
    a one-row tile (_ir.SPLIT_ONE_ROW_MIN_TILE).

    Options: mr, nr (register tile), order ("mn": M tiles outer, "nm": N tiles outer), pad-rows,
    split-one-row.
    """

    name = "tile-register"
    mr: int = 6
    nr: int = 64
    order: str = "mn"
    pad_rows: int = 0
    split_one_row: bool = False

    def __post_init__(self):
        if self.mr <= 0 or self.nr <= 0:
            raise ConfigError(f"tile-register: mr and nr must be positive, got mr={self.mr} nr={self.nr}")
        if self.order not in ("mn", "nm"):
            raise ConfigError(f"tile-register: order must be 'mn' or 'nm', got '{self.order}'")
        if self.pad_rows < 0 or (self.pad_rows and self.mr % self.pad_rows):
            raise ConfigError(f"tile-register: pad-rows must divide mr={self.mr}, got {self.pad_rows}")

    def rewrite(self, op: ir.Operation, mm: MatmulOperands) -> None:
        a, b, c, M, N, K, fill = mm.a, mm.b, mm.c, mm.M, mm.N, mm.K, mm.fill
        elt = c.type.element_type
        epilogue = _epilogue.after(op, c)
        with ir.InsertionPoint(op), op.location:
            def tile(offsets, sizes):
                if self.order == "nm":
                    offsets, sizes = offsets[::-1], sizes[::-1]
                (m, n), (mr, nr) = offsets, sizes
                rows = mr.valid if isinstance(mr, Padded) else mr  # C's rows that exist
                c_t = subview(c, [m, n], [rows, nr])
                a_t = subview(a, [m, 0], [mr, K])
                b_t = subview(b, [0, n], [K, nr])
                extra = _epilogue.views(epilogue, [m, n], [rows, nr]) if epilogue is not None else None
                if fill is not None:
                    zeros = arith.ConstantOp(
                        ir.VectorType.get([mr, nr], elt),
                        ir.DenseElementsAttr.get_splat(ir.VectorType.get([mr, nr], elt), fill.operands[0].owner.attributes["value"]),
                    ).result
                    nanokernel.write_tile(zeros, c_t)
                nanokernel.build(a_t, b_t, c_t, mr, nr, K, A_UNSIGNED in op.attributes)
                if extra is not None:
                    _epilogue.clone_onto(epilogue, c_t, extra)

            dims, split = [(M, self.mr), (N, self.nr)], [self.split_one_row, False]
            tile_loops(dims if self.order == "mn" else dims[::-1], tile, pad=self.pad_rows,
                       split_one=split if self.order == "mn" else split[::-1])
        erase(op)
        if fill is not None:
            erase(fill)
        if epilogue is not None:
            erase(epilogue)


"""tile-register: tiles each cache block into MR x NR register tiles, each a vector.contract nanokernel."""

from __future__ import annotations

import dataclasses
from typing import Callable

from mlir import ir
from mlir.dialects import arith, scf, vector

from ..errors import ConfigError
from . import _epilogue
from ._matmul import MatmulOperands, MatmulRewrite
from ._ir import A_UNSIGNED, erase, index_const, subview, tile_loops, vnni_factor

NANOKERNEL = "nanomm.nanokernel"


@dataclasses.dataclass(frozen=True)
class TileRegister(MatmulRewrite):
    """Register tiling of (block-sized) `linalg.matmul` ops into nanokernels.

    Expects: `linalg.matmul` on static-shape memrefs (typically the blocks of tile-cache),
    optionally preceded by a `linalg.fill` of zero into the same output.

    Produces: loops over MR x NR tiles (edge tiles peeled with their own static sizes, so
    nothing is ever out of bounds). Each tile is a nanokernel: an `scf.for` over K, tagged
    `nanomm.nanokernel`, whose body reads the C tile as a `vector<MRxNR>`, an A column
    `vector<MRx1>` and a B row `vector<1xNR>`, accumulates with one `vector.contract` and
    writes C back. A zero fill becomes a `vector.transfer_write` of zeros before the loop.
    compose-microkernel turns this into register-resident FMA chains.

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

    Options: mr, nr (register tile), order ("mn": M tiles outer, "nm": N tiles outer).
    """

    name = "tile-register"
    mr: int = 6
    nr: int = 64
    order: str = "mn"

    def __post_init__(self):
        if self.mr <= 0 or self.nr <= 0:
            raise ConfigError(f"tile-register: mr and nr must be positive, got mr={self.mr} nr={self.nr}")
        if self.order not in ("mn", "nm"):
            raise ConfigError(f"tile-register: order must be 'mn' or 'nm', got '{self.order}'")

    def rewrite(self, op: ir.Operation, mm: MatmulOperands) -> None:
        a, b, c, M, N, K, fill = mm.a, mm.b, mm.c, mm.M, mm.N, mm.K, mm.fill
        elt = c.type.element_type
        epilogue = _epilogue.after(op, c)
        with ir.InsertionPoint(op), op.location:
            def tile(offsets, sizes):
                if self.order == "nm":
                    offsets, sizes = offsets[::-1], sizes[::-1]
                (m, n), (mr, nr) = offsets, sizes
                c_t = subview(c, [m, n], [mr, nr])
                a_t = subview(a, [m, 0], [mr, K])
                b_t = subview(b, [0, n], [K, nr])
                extra = _epilogue.views(epilogue, [m, n], [mr, nr]) if epilogue is not None else None
                if fill is not None:
                    zeros = arith.ConstantOp(
                        ir.VectorType.get([mr, nr], elt),
                        ir.DenseElementsAttr.get_splat(ir.VectorType.get([mr, nr], elt), fill.operands[0].owner.attributes["value"]),
                    ).result
                    _write(zeros, c_t)
                _nanokernel(a_t, b_t, c_t, mr, nr, K, A_UNSIGNED in op.attributes)
                if extra is not None:
                    _epilogue.clone_onto(epilogue, c_t, extra)

            dims = [(M, self.mr), (N, self.nr)]
            tile_loops(dims if self.order == "mn" else dims[::-1], tile)
        erase(op)
        if fill is not None:
            erase(fill)
        if epilogue is not None:
            erase(epilogue)


def _nanokernel(a_t: ir.Value, b_t: ir.Value, c_t: ir.Value, mr: int, nr: int, K: int,
                a_unsigned: bool = False, read_b: Callable[[ir.Value], ir.Value] | None = None) -> None:
    """The naive (read-modify-write per k step) vector.contract nanokernel of one register tile.

    `read_b(k)` reads B's [v, nr] slice at step k (default: rows k..k+v of a row-major B;
    compose-amx passes a reader of a packed VNNI panel)."""
    elt = c_t.type.element_type
    v = vnni_factor(a_t.type.element_type)
    exact = K % v == 0
    loop = scf.ForOp(index_const(0), index_const(-(-K // v) * v), index_const(v))
    loop.operation.attributes[NANOKERNEL] = ir.UnitAttr.get()
    with ir.InsertionPoint(loop.body):
        k = loop.induction_variable
        zero = index_const(0)
        acc = _read(c_t, [zero, zero], [mr, nr])
        lhs = _read(a_t, [zero, k], [mr, v], in_bounds=[True, exact])
        rhs = read_b(k) if read_b else _read(b_t, [k, zero], [v, nr], in_bounds=[exact, True])
        if lhs.type.element_type != elt:
            lhs = _extend(lhs, elt, unsigned=a_unsigned)
            rhs = _extend(rhs, elt, unsigned=False)
        maps = ir.Attribute.parse(
            "[affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>]")
        iters = ir.Attribute.parse(
            "[#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>]")
        res = vector.contract(ir.VectorType.get([mr, nr], elt), lhs, rhs, acc, maps, iters)
        _write(res, c_t)
        scf.YieldOp([])


def _read(source: ir.Value, indices, shape, in_bounds=(True, True)) -> ir.Value:
    elt = source.type.element_type
    pad = arith.ConstantOp(elt, 0.0 if isinstance(elt, ir.FloatType) else 0).result
    vtype = ir.VectorType.get(list(shape), elt)
    return vector.transfer_read(vtype, source, indices, ir.AffineMapAttr.get(ir.AffineMap.get_minor_identity(2, 2)),
                                pad, ir.ArrayAttr.get([ir.BoolAttr.get(b) for b in in_bounds]))


def _extend(value: ir.Value, elt: ir.Type, unsigned: bool) -> ir.Value:
    """value widened elementwise to `elt` (extf for floats, extui/extsi for integers)."""
    wide = ir.VectorType.get(ir.VectorType(value.type).shape, elt)
    if isinstance(elt, ir.FloatType):
        return arith.ExtFOp(wide, value).result
    return (arith.ExtUIOp if unsigned else arith.ExtSIOp)(wide, value).result


def _write(value: ir.Value, dest: ir.Value) -> None:
    zero = index_const(0)
    vector.transfer_write(None, value, dest, [zero, zero],
                          ir.AffineMapAttr.get(ir.AffineMap.get_minor_identity(2, 2)),
                          ir.ArrayAttr.get([ir.BoolAttr.get(True)] * 2))

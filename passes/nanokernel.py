"""The nanokernel: the IR of one MR x NR register tile that the passes hand each other.

A nanokernel is an `scf.for` over K tagged `nanomm.nanokernel` whose body reads the C tile as a
`vector<MRxNR>`, A's columns and B's rows, accumulates with one `vector.contract` and writes C back.
tile-register builds it (`build`), compose-amx builds more for the edges it leaves to AVX-512, and
compose-amx and compose-microkernel recognise it (`match`) before composing it into a microkernel.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from mlir import ir
from mlir.dialects import arith, scf, vector

from ..runtime.dtypes import round_up
from ._ir import const_int, defined_outside, index_const, is_zero_constant, vnni_factor

NANOKERNEL = "nanomm.nanokernel"


@dataclasses.dataclass
class Nanokernel:
    """What `match` found: the tile's operands and shape, and how its K loop reads them."""

    a: ir.Value
    b: ir.Value
    c: ir.Value
    mr: int
    nr: int
    k: int  # the number of k (A's columns), not of steps
    zero_init: ir.Operation | None
    kind: str = "f32"  # f32 | bf16 | u8s8 | s8s8
    v: int = 1  # k per step (the VNNI factor)
    b_packed: bool = False  # B is a VNNI panel [ceil(k/v)][NR*v] (else the plain K x NR tile)
    epilogue: ir.Operation | None = None  # the tile's epilogue generic (passes/_epilogue.py), if any
    extras: list = dataclasses.field(default_factory=list)  # its inputs (views of the tile)


def build(a_t: ir.Value, b_t: ir.Value, c_t: ir.Value, mr: int, nr: int, K: int,
          a_unsigned: bool = False, read_b: Callable[[ir.Value], ir.Value] | None = None) -> None:
    """The naive (read-modify-write per k step) vector.contract nanokernel of one register tile.

    `read_b(k)` reads B's [v, nr] slice at step k (default: rows k..k+v of a row-major B;
    compose-amx passes a reader of a packed VNNI panel)."""
    elt = c_t.type.element_type
    v = vnni_factor(a_t.type.element_type)
    exact = K % v == 0
    loop = scf.ForOp(index_const(0), index_const(round_up(K, v)), index_const(v))
    loop.operation.attributes[NANOKERNEL] = ir.UnitAttr.get()
    with ir.InsertionPoint(loop.body):
        k = loop.induction_variable
        zero = index_const(0)
        acc = _read(c_t, [zero, zero], [mr, nr], in_bounds=[not dynamic_rows(c_t), True])
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
        write_tile(res, c_t)
        scf.YieldOp([])


def write_tile(value: ir.Value, dest: ir.Value) -> None:
    """`vector.transfer_write` of a whole 2-D tile at dest[0, 0] (in bounds, but for the rows of a
    dest whose row count is dynamic: tile-register{pad-rows})."""
    zero = index_const(0)
    vector.transfer_write(None, value, dest, [zero, zero],
                          ir.AffineMapAttr.get(ir.AffineMap.get_minor_identity(2, 2)),
                          ir.ArrayAttr.get([ir.BoolAttr.get(not dynamic_rows(dest)), ir.BoolAttr.get(True)]))


def dynamic_rows(view: ir.Value) -> bool:
    """Whether a tile view has a run-time row count (tile-register{pad-rows}'s C)."""
    return ir.MemRefType(view.type).shape[0] == ir.ShapedType.get_dynamic_size()


def match(loop: ir.Operation) -> Nanokernel | None:
    """Recognises the nanokernel loop `build` makes (B maybe read as pack's VNNI panel row); None
    when it does not match."""
    lb, ub, st = (const_int(loop.operands[i]) for i in range(3))
    if lb != 0 or st is None or ub is None:
        return None
    body = loop.regions[0].blocks[0]
    contracts = [o for o in body.operations if o.operation.name == "vector.contract"]
    writes = [o for o in body.operations if o.operation.name == "vector.transfer_write"]
    if len(contracts) != 1 or len(writes) != 1:
        return None
    con = contracts[0].operation
    lhs, lhs_ext = _through_ext(con.operands[0])
    rhs, _ = _through_ext(con.operands[1])
    acc = con.operands[2].owner
    b_packed = False
    if not isinstance(rhs, ir.Block) and rhs.name == "vector.transpose":  # pack's VNNI panel row
        cast = rhs.operands[0].owner
        if isinstance(cast, ir.Block) or cast.name != "vector.shape_cast":
            return None
        rhs, b_packed = cast.operands[0].owner, True
    if any(isinstance(x, ir.Block) or x.name != "vector.transfer_read" for x in (lhs, rhs, acc)):
        return None
    a, b, c = lhs.operands[0], rhs.operands[0], acc.operands[0]
    if not all(defined_outside(v, loop) for v in (a, b, c)):
        return None
    if writes[0].operation.operands[1] != c:
        return None
    mr, nr = ir.VectorType(acc.results[0].type).shape
    zero_init = None
    prev = _op_before(loop)
    if (prev is not None and prev.name == "vector.transfer_write" and prev.operands[1] == c
            and is_zero_constant(prev.operands[0])):
        zero_init = prev
    in_elt = ir.MemRefType(a.type).element_type
    v = vnni_factor(in_elt)
    k = ir.MemRefType(a.type).shape[1]
    if st != 1 and (st != v or ub != round_up(k, v)):
        return None
    kind = {"f32": "f32", "bf16": "bf16"}.get(str(in_elt))
    if str(in_elt) == "i8":
        kind = "u8s8" if lhs_ext == "arith.extui" else "s8s8"
    if kind is None or (kind == "f32") != (v == 1):
        return None
    return Nanokernel(a, b, c, mr, nr, k, zero_init, kind, v, b_packed)


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


def _through_ext(value: ir.Value):
    """(the op defining value, seen through one arith.ext*, and that ext's name or None)."""
    owner = value.owner
    if not isinstance(owner, ir.Block) and owner.name in ("arith.extf", "arith.extsi", "arith.extui"):
        return owner.operands[0].owner, owner.name
    return owner, None


def _op_before(op: ir.Operation) -> ir.Operation | None:
    """The op before `op` in its block, skipping constants."""
    prev = None
    for o in op.block.operations:
        if o.operation == op:
            return prev
        if o.operation.name != "arith.constant":
            prev = o.operation
    return None

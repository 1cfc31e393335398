"""compose-microkernel: turns vector.contract nanokernels into register-resident FMA microkernels."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith, memref, scf, vector

from ..errors import ConfigError
from ._base import ModulePass
from ._ir import const_int, erase, index_const, is_zero_constant, lane_mask, read_vector, walk, write_vector
from .tile_register import NANOKERNEL

MICROKERNEL = "nanomm.microkernel"


@dataclasses.dataclass(frozen=True)
class ComposeMicrokernel(ModulePass):
    """Composes each nanokernel (`scf.for` tagged `nanomm.nanokernel`) into a microkernel.

    Expects: the nanokernels of tile-register: a K loop that reads a C tile `vector<MRxNR>`,
    an A column and a B row, accumulates with `vector.contract`, and writes C back; maybe
    preceded by a `vector.transfer_write` of zeros into the C tile.

    Produces: the C tile split into MR x ceil(NR/VW) vectors of VW lanes, loaded once (or
    set to zero) and carried through the K loop as `scf.for` iter_args (`nanomm.microkernel`);
    per k, B is loaded once as ceil(NR/VW) vectors, each A element is loaded and broadcast
    once, and MR x ceil(NR/VW) `vector.fma` form the FMA chain; C is stored once after the
    loop. The K loop is unrolled `unroll-k` times; the K remainder is peeled after the loop.
    A partial last vector (NR not a multiple of VW) uses a constant lane mask, so loads and
    stores never leave the tile.

    Options: vector-width (lanes per vector register, 16 for f32 on AVX-512), unroll-k.
    """

    name = "compose-microkernel"
    vector_width: int = 16
    unroll_k: int = 1

    def __post_init__(self):
        if self.vector_width <= 0 or self.unroll_k <= 0:
            raise ConfigError("compose-microkernel: vector-width and unroll-k must be positive")

    def run(self, module: ir.Module) -> None:
        for loop in list(walk(module.operation, "scf.for")):
            if NANOKERNEL in loop.attributes:
                self._compose(loop)

    def _compose(self, loop: ir.Operation) -> None:
        nk = _match(loop)
        if nk is None:
            raise self.fail("nanokernel loop does not have the form tile-register produces", loop)
        vw = self.vector_width
        mr, nr = nk.mr, nk.nr
        chunks = [(j, min(vw, nr - j)) for j in range(0, nr, vw)]
        elt = nk.c.type.element_type
        vtype = ir.VectorType.get([vw], elt)
        with ir.InsertionPoint(loop), loop.location:
            masks = {w: lane_mask(vw, w) for _, w in chunks if w < vw}
            pad = arith.ConstantOp(elt, 0.0 if isinstance(elt, ir.FloatType) else 0).result
            if nk.zero_init is not None:
                zero = arith.ConstantOp(vtype, ir.DenseElementsAttr.get_splat(vtype, _zero_attr(elt))).result
                accs = [zero] * (mr * len(chunks))
            else:
                accs = [_load(nk.c, index_const(i), j, w, vw, vtype, masks, pad)
                        for i in range(mr) for j, w in chunks]

            def step(k: ir.Value, accs: list) -> list:
                bs = [_load(nk.b, k, j, w, vw, vtype, masks, pad) for j, w in chunks]
                out = []
                for i in range(mr):
                    a = memref.load(nk.a, [index_const(i), k])
                    a_vec = vector.broadcast(vtype, a)
                    for jj, bv in enumerate(bs):
                        out.append(vector.fma(a_vec, bv, accs[i * len(chunks) + jj]))
                return out

            u = min(self.unroll_k, nk.k)
            full = (nk.k // u) * u
            if full:
                kloop = scf.ForOp(index_const(0), index_const(full), index_const(u), accs)
                kloop.operation.attributes[MICROKERNEL] = ir.UnitAttr.get()
                with ir.InsertionPoint(kloop.body):
                    cur = list(kloop.inner_iter_args)
                    kv = kloop.induction_variable
                    for uu in range(u):
                        kk = kv if uu == 0 else arith.AddIOp(kv, index_const(uu)).result
                        cur = step(kk, cur)
                    scf.YieldOp(cur)
                accs = list(kloop.results)
            for kk in range(full, nk.k):
                accs = step(index_const(kk), accs)
            for i in range(mr):
                for jj, (j, w) in enumerate(chunks):
                    _store(accs[i * len(chunks) + jj], nk.c, index_const(i), j, w, vw, masks)
        erase(loop)
        if nk.zero_init is not None:
            erase(nk.zero_init)


@dataclasses.dataclass
class _Nanokernel:
    a: ir.Value
    b: ir.Value
    c: ir.Value
    mr: int
    nr: int
    k: int
    zero_init: ir.Operation | None


def _match(loop: ir.Operation) -> _Nanokernel | None:
    """Recognises tile-register's nanokernel loop; None when it does not match."""
    lb, ub, st = (const_int(loop.operands[i]) for i in range(3))
    if lb != 0 or st != 1 or ub is None:
        return None
    body = loop.regions[0].blocks[0]
    contracts = [o for o in body.operations if o.operation.name == "vector.contract"]
    writes = [o for o in body.operations if o.operation.name == "vector.transfer_write"]
    if len(contracts) != 1 or len(writes) != 1:
        return None
    con = contracts[0].operation
    lhs, rhs, acc = (con.operands[i].owner for i in range(3))
    if any(isinstance(x, ir.Block) or x.name != "vector.transfer_read" for x in (lhs, rhs, acc)):
        return None
    a, b, c = lhs.operands[0], rhs.operands[0], acc.operands[0]
    if not all(_defined_outside(v, loop) for v in (a, b, c)):
        return None
    if writes[0].operation.operands[1] != c:
        return None
    mr, nr = ir.VectorType(acc.results[0].type).shape
    zero_init = None
    prev = _op_before(loop)
    if (prev is not None and prev.name == "vector.transfer_write" and prev.operands[1] == c
            and is_zero_constant(prev.operands[0])):
        zero_init = prev
    return _Nanokernel(a, b, c, mr, nr, ub, zero_init)


def _defined_outside(value: ir.Value, loop: ir.Operation) -> bool:
    """True when value is defined outside `loop` (so code before the loop can use it)."""
    owner = value.owner
    op = owner.owner if isinstance(owner, ir.Block) else owner
    while op is not None:
        if op == loop:
            return False
        op = op.parent
    return True


def _op_before(op: ir.Operation) -> ir.Operation | None:
    """The op before `op` in its block, skipping constants."""
    prev = None
    for o in op.block.operations:
        if o.operation == op:
            return prev
        if o.operation.name != "arith.constant":
            prev = o.operation
    return None


def _zero_attr(elt: ir.Type) -> ir.Attribute:
    if isinstance(elt, ir.FloatType):
        return ir.FloatAttr.get(elt, 0.0)
    return ir.IntegerAttr.get(elt, 0)


def _load(src, row, j, w, vw, vtype, masks, pad):
    """Lanes [j, j+w) of `row` (masked when w < vw)."""
    return read_vector(src, [row, index_const(j)], vtype, masks.get(w) if w < vw else None)


def _store(value, dst, row, j, w, vw, masks):
    write_vector(value, dst, [row, index_const(j)], masks.get(w) if w < vw else None)

"""compose-microkernel: turns vector.contract nanokernels into register-resident FMA microkernels."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith, func, memref, scf, vector

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

    With `prefetch-b=d`, each K iteration prefetches the B row d iterations ahead (one
    prefetch per cache line), for B read with a large row stride where the hardware
    prefetchers, which stop at page boundaries, do not follow.

    With `outline`, each distinct microkernel (tile shape, K length, operand layouts, zero
    start) becomes one private function, tagged `nanomm.outlined`, that every tile of that
    kind calls: a shape with many edge blocks compiles to a few microkernels, not dozens.

    With `late-c`, a tile that accumulates into C starts from zero registers, prefetches its
    C lines, and adds C after the K loop: the load of C (often a cache miss, since C is
    touched once per K block) overlaps the FMAs instead of stalling them.

    Options: vector-width (lanes per vector register, 16 for f32 on AVX-512), unroll-k,
    prefetch-b (distance in K iterations; 0 disables), outline, late-c.
    """

    name = "compose-microkernel"
    vector_width: int = 16
    unroll_k: int = 1
    prefetch_b: int = 0
    outline: bool = False
    late_c: bool = False

    def __post_init__(self):
        if self.vector_width <= 0 or self.unroll_k <= 0 or self.prefetch_b < 0:
            raise ConfigError("compose-microkernel: vector-width and unroll-k must be positive, prefetch-b >= 0")

    def run(self, module: ir.Module) -> None:
        outlined: dict[tuple, str] = {}
        for loop in list(walk(module.operation, "scf.for")):
            if NANOKERNEL in loop.attributes:
                nk = _match(loop)
                if nk is None:
                    raise self.fail("nanokernel loop does not have the form tile-register produces", loop)
                if self.outline:
                    self._call_outlined(module, loop, nk, outlined)
                else:
                    with ir.InsertionPoint(loop), loop.location:
                        self._emit(nk)
                erase(loop)
                if nk.zero_init is not None:
                    erase(nk.zero_init)

    def _call_outlined(self, module: ir.Module, loop: ir.Operation, nk: "_Nanokernel", outlined: dict) -> None:
        types = [nk.a.type, nk.b.type, nk.c.type]
        key = (tuple(str(t) for t in types), nk.k, nk.zero_init is not None)  # pass options are fixed
        name = outlined.get(key)
        if name is None:
            name = f"nanomm_ukernel_{len(outlined)}_{nk.mr}x{nk.nr}x{nk.k}{'_zero' if nk.zero_init else ''}"
            outlined[key] = name
            with ir.InsertionPoint.at_block_begin(module.body), loop.location:
                fn = func.FuncOp(name, ir.FunctionType.get(types, []), visibility="private")
                fn.operation.attributes["nanomm.outlined"] = ir.UnitAttr.get()
                entry = fn.add_entry_block()
                with ir.InsertionPoint(entry):
                    a, b, c = entry.arguments
                    self._emit(dataclasses.replace(nk, a=a, b=b, c=c))
                    func.ReturnOp([])
        with ir.InsertionPoint(loop), loop.location:
            func.CallOp([], ir.FlatSymbolRefAttr.get(name), [nk.a, nk.b, nk.c])

    def _emit(self, nk: "_Nanokernel") -> None:
        """The microkernel of `nk` at the current insertion point."""
        vw = self.vector_width
        mr, nr = nk.mr, nk.nr
        chunks = [(j, min(vw, nr - j)) for j in range(0, nr, vw)]
        elt = nk.c.type.element_type
        vtype = ir.VectorType.get([vw], elt)
        masks = {w: lane_mask(vw, w) for _, w in chunks if w < vw}
        pad = arith.ConstantOp(elt, 0.0 if isinstance(elt, ir.FloatType) else 0).result
        late = self.late_c and nk.zero_init is None
        if nk.zero_init is not None or late:
            zero = arith.ConstantOp(vtype, ir.DenseElementsAttr.get_splat(vtype, _zero_attr(elt))).result
            accs = [zero] * (mr * len(chunks))
            if late:
                for i in range(mr):
                    for j in range(0, nr, 16):  # one 64-byte line holds 16 f32
                        memref.prefetch(nk.c, [index_const(i), index_const(j)], is_write=True, locality_hint=3,
                                        is_data_cache=True)
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
                if self.prefetch_b:
                    self._prefetch(nk.b, kv, nk.k, nr)
                for uu in range(u):
                    kk = kv if uu == 0 else arith.AddIOp(kv, index_const(uu)).result
                    cur = step(kk, cur)
                scf.YieldOp(cur)
            accs = list(kloop.results)
        for kk in range(full, nk.k):
            accs = step(index_const(kk), accs)
        for i in range(mr):
            for jj, (j, w) in enumerate(chunks):
                acc = accs[i * len(chunks) + jj]
                if late:
                    old = _load(nk.c, index_const(i), j, w, vw, vtype, masks, pad)
                    acc = arith.AddFOp(acc, old).result if isinstance(elt, ir.FloatType) else arith.AddIOp(acc, old).result
                _store(acc, nk.c, index_const(i), j, w, vw, masks)

    def _prefetch(self, b: ir.Value, k: ir.Value, kb: int, nr: int) -> None:
        """Prefetches the B row `prefetch-b` iterations ahead (clamped to the tile), one per line."""
        ahead = arith.MinUIOp(arith.AddIOp(k, index_const(self.prefetch_b)).result, index_const(kb - 1)).result
        for j in range(0, nr, 16):  # one 64-byte line holds 16 f32
            memref.prefetch(b, [ahead, index_const(j)], is_write=False, locality_hint=3, is_data_cache=True)


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

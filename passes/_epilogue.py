"""Epilogues: the element-wise `linalg.generic` that follows a matmul on its C, carried down to tiles.

An epilogue is a `linalg.generic` right after a `linalg.matmul` (or a block or tile of one) whose
only output is that matmul's C (identity map, all loops parallel), whose inputs are indexed by
(i, j) (a matrix of C's shape, e.g. a residual), (j) (a vector along N, e.g. a bias) or (i) (one
value per row), and whose body is element-wise arith (after expand-math). It means: after the
whole sum, C = body(inputs, C). tile-cache and tile-register re-make it on every block and tile
of C after that tile's last K block (`views` before it, `clone_onto` after); compose-microkernel evaluates its body on the
accumulator registers before their one store (`evaluate`), or where a tile was not fused (AMX
tiles) as a vector loop over the tile (`expand`), or as vectors interleaved with the next tile's AMX
products (`vector_chunks`).
"""

from __future__ import annotations

from typing import Callable, Sequence

from mlir import ir
from mlir.dialects import arith, memref, vector

from ._ir import defined_outside, dim, index_const, lane_mask, read_vector, row_chunks, subview, write_vector

# How an epilogue input is indexed: by (i, j), by column j, by row i.
MATRIX, COLUMN, ROW = "matrix", "column", "row"
_MAP_KINDS = {"(d0, d1) -> (d0, d1)": MATRIX, "(d0, d1) -> (d1)": COLUMN, "(d0, d1) -> (d0)": ROW}


def _kinds(op: ir.Operation) -> list[str] | None:
    maps = [str(ir.AffineMapAttr(m).value) for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    kinds = [_MAP_KINDS.get(m.removeprefix("affine_map<").removesuffix(">")) for m in maps]
    return None if None in kinds or kinds[-1] != MATRIX else kinds[:-1]


def problem(op: ir.Operation, c: ir.Value | None = None) -> str | None:
    """Why `op` is not an epilogue (of C = `c`, when given) that nanomm can carry, or None."""
    op = op.operation
    if op.name != "linalg.generic":
        return f"{op.name} is not a linalg.generic"
    iters = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    if any("parallel" not in it for it in iters) or len(iters) != 2:
        return "an epilogue runs 2 parallel loops over C"
    ins, outs = _split_operands(op)
    if len(outs) != 1 or (c is not None and outs[0] != c):
        return "an epilogue writes the matmul's C in place (its one output)"
    if any(not isinstance(v.type, ir.MemRefType) for v in list(ins) + outs):
        return "an epilogue works on memrefs"
    if _kinds(op) is None:
        return "epilogue inputs are indexed (i, j), (j) or (i), the output (i, j)"
    body = op.regions[0].blocks[0]
    for inner in body.operations:
        name = inner.operation.name
        if name != "linalg.yield" and not name.startswith("arith."):
            return f"{name} in an epilogue body (element-wise arith only; math.exp/erf/tanh after expand-math)"
        if len(inner.operation.regions):
            return f"{name} with regions in an epilogue body"
    for inner in body.operations:
        for value in inner.operation.operands:
            if defined_outside(value, op) and not _is_constant(value):
                return "an epilogue body may use only its arguments and constants"
    return None


def after(op: ir.Operation, c: ir.Value) -> ir.Operation | None:
    """The epilogue of the matmul `op` (writing C = `c`): the op right after it, if it is one."""
    found = False
    for o in op.operation.block.operations:
        o = o.operation
        if found:
            return o if o.name == "linalg.generic" and problem(o, c) is None else None
        found = o == op.operation
    return None


def inputs(op: ir.Operation) -> list[tuple[ir.Value, str]]:
    """The epilogue's inputs and how each is indexed (MATRIX, COLUMN, ROW)."""
    ins, _ = _split_operands(op.operation)
    return list(zip(ins, _kinds(op.operation)))


def views(op: ir.Operation, offsets: Sequence, sizes: Sequence) -> list[ir.Value]:
    """The epilogue's inputs cut to the block of C at `offsets` (m0, n0) with `sizes` (mb, nb)
    (ints or index Values), at the insertion point: made before the block's matmul or nanokernel,
    so that a microkernel fused there can take them."""
    (m0, n0), (mb, nb) = offsets, sizes
    out = []
    for x, kind in inputs(op):
        if kind == MATRIX:
            out.append(subview(x, [m0, n0], [mb, nb]))
        elif kind == COLUMN:
            out.append(subview(x, [n0], [nb]))
        else:
            out.append(subview(x, [m0], [mb]))
    return out


def clone_onto(op: ir.Operation, c: ir.Value, inputs_views: Sequence[ir.Value]) -> ir.Operation:
    """A copy of the epilogue `op` at the insertion point on the block `c` of C, its inputs
    `inputs_views` (from views())."""
    new = op.operation.clone()
    for i, v in enumerate(list(inputs_views) + [c]):
        new.operands[i] = v
    return new


def signature(op: ir.Operation) -> tuple:
    """What decides the code of the epilogue's body (for a cache of outlined microkernels)."""
    op = op.operation
    body = op.regions[0].blocks[0]
    index = {arg: ("arg", i) for i, arg in enumerate(body.arguments)}
    out = [tuple(kind for _, kind in inputs(op))]
    for n, inner in enumerate(body.operations):
        inner = inner.operation
        refs = []
        for v in inner.operands:
            refs.append(index.get(v) or ("const", str(v.owner.attributes["value"])))
        for r, res in enumerate(inner.results):
            index[res] = ("op", n, r)
        attrs = tuple(sorted((a, str(inner.attributes[a])) for a in inner.attributes))
        out.append((inner.name, tuple(refs), attrs, tuple(str(r.type) for r in inner.results)))
    return tuple(out)


def evaluate(op: ir.Operation, acc: ir.Value, load: Callable[[int], ir.Value]) -> ir.Value:
    """The epilogue body evaluated at the insertion point on vectors: C's value is `acc` (a vector),
    input k's is load(k) (a vector of the same lanes); constants the body uses become splats."""
    op = op.operation
    vtype = ir.VectorType(acc.type)
    lanes = vtype.shape
    body = op.regions[0].blocks[0]
    args = list(body.arguments)
    values: dict = {args[-1]: acc}  # ir.Value hashes and compares by the value it stands for
    inputs_at = {arg: k for k, arg in enumerate(args[:-1])}

    def vt(t: ir.Type) -> ir.Type:
        return ir.VectorType.get(lanes, t)

    def value(v: ir.Value) -> ir.Value:
        found = values.get(v)
        if found is None:  # an input, loaded where first used, or a constant from outside the body
            found = values[v] = load(inputs_at[v]) if v in inputs_at else _splat(v.owner, vt(v.type))
        return found

    for inner in body.operations:
        inner = inner.operation
        if inner.name == "linalg.yield":
            return value(inner.operands[0])
        if inner.name == "arith.constant":
            result = _splat(inner, vt(inner.results[0].type))
        else:
            attrs = {a: inner.attributes[a] for a in inner.attributes}
            result = ir.Operation.create(inner.name, results=[vt(r.type) for r in inner.results],
                                         operands=[value(v) for v in inner.operands], attributes=attrs).result
        values[inner.results[0]] = result
    raise ValueError("epilogue body has no linalg.yield")


def load_input(x: ir.Value, kind: str, row, j: int, w: int, vw: int, vtype: ir.VectorType) -> ir.Value:
    """Lanes [j, j+w) of row `row` (int or Value) of input `x` as a vector of `vw` lanes (masked past w),
    of the lanes of `vtype` (C's) and x's element type (a float32 scale beside int32 sums)."""
    vtype = ir.VectorType.get(vtype.shape, ir.MemRefType(x.type).element_type)
    row = index_const(row) if isinstance(row, int) else row
    mask = lane_mask(vw, w) if w < vw else None
    if kind == MATRIX:
        return read_vector(x, [row, index_const(j)], vtype, mask)
    if kind == COLUMN:
        return read_vector(x, [index_const(j)], vtype, mask)
    return vector.broadcast(vtype, memref.load(x, [row]))


def expand(op: ir.Operation, vw: int) -> None:
    """Replaces the epilogue `op` on a C tile (static columns) by a loop over its rows: each row's lanes
    loaded, evaluated and stored (masked at the edge), vw at a time."""
    op = op.operation
    ins, (c,) = _split_operands(op)
    cols = ir.MemRefType(c.type).shape[1]
    chunk = _chunker(op, c, ins, vw)
    with ir.InsertionPoint(op), op.location:  # rows may be a run-time count (tile-register{pad-rows})
        row_chunks(dim(c, 0), cols, vw, chunk)
    op.erase()


def vector_chunks(op: ir.Operation, c: ir.Value, ins: Sequence[ir.Value], vw: int) -> list[Callable[[], None]]:
    """The epilogue `op` on the C tile `c` (static rows and columns; `ins` its inputs' views, from
    views()) as one closure per vw lanes of each row: each, called, loads, evaluates and stores
    those lanes at the insertion point. For a caller that spreads them between other work
    (compose-amx interleaves them with the next tile's products)."""
    rows, cols = ir.MemRefType(c.type).shape
    chunk = _chunker(op.operation, c, ins, vw)
    out = []
    for r in range(rows):
        for j in range(0, cols, vw):
            w = min(vw, cols - j)
            out.append(lambda r=r, j=j, w=w: chunk(index_const(r), j, w, lane_mask(vw, w) if w < vw else None))
    return out


def _chunker(op: ir.Operation, c: ir.Value, ins: Sequence[ir.Value], vw: int) -> Callable:
    """chunk(i, j, w, mask): lanes [j, j+w) of row i of C loaded, the epilogue's body evaluated on
    them, stored (row_chunks' body)."""
    vtype = ir.VectorType.get([vw], ir.MemRefType(c.type).element_type)
    kinds = _kinds(op)

    def chunk(i: ir.Value, j: int, w: int, mask: ir.Value | None) -> None:
        acc = read_vector(c, [i, index_const(j)], vtype, mask)
        y = evaluate(op, acc, lambda k: load_input(ins[k], kinds[k], i, j, w, vw, vtype))
        write_vector(y, c, [i, index_const(j)], mask)

    return chunk


def _split_operands(op: ir.Operation) -> tuple[list[ir.Value], list[ir.Value]]:
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    operands = list(op.operands)
    return operands[:sizes[0]], operands[sizes[0]:sizes[0] + sizes[1]]


def _is_constant(value: ir.Value) -> bool:
    owner = value.owner
    return not isinstance(owner, ir.Block) and owner.name == "arith.constant"


def _splat(constant: ir.Operation, vtype: ir.VectorType) -> ir.Value:
    attr = constant.attributes["value"]
    return arith.ConstantOp(vtype, ir.DenseElementsAttr.get_splat(vtype, attr)).result

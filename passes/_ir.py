"""Small IR-building helpers shared by nanomm's passes (constants, tiled loop nests, op walks)."""

from __future__ import annotations

from typing import Callable, Iterator, Sequence

from mlir import ir
from mlir.dialects import arith, func, memref, scf, vector

from ..errors import ConfigError
from ..runtime.dtypes import MLIR_DTYPES, ceil_div

Offset = "ir.Value"
A_UNSIGNED = "nanomm.a_unsigned"  # on a linalg.matmul of i8 x i8 -> i32: A holds unsigned bytes (u8 x s8)
OUTLINED = "nanomm.outlined"  # a microkernel's private function (lower-llvm: internal, never inlined)
BodyFn = Callable[[list, list], None]


def index_const(value: int) -> ir.Value:
    """An `arith.constant` of index type at the current insertion point."""
    return arith.ConstantOp(ir.IndexType.get(), value).result


def add_index(a: ir.Value, b: int) -> ir.Value:
    """a + b for an index value a and a Python int b (no op when b is 0)."""
    if b == 0:
        return a
    return arith.AddIOp(a, index_const(b)).result


# tile_loops' split_one (tile-register split-one-row) from tiles of this many rows: M = k * tile + 1 runs
# its last tile + 1 rows as two tiles (4 + 3 for 6-row tiles) instead of a whole tile and a one-row tile,
# which streams a B panel for one row of FMAs (docs/decisions.md). Re-measure: `python bench/bench_dispatch.py
# --part dynamic --dtype bf16 --nk 1536x384,3072x768 --ms 7,13,19` against a build without it.
SPLIT_ONE_ROW_MIN_TILE = 4


class Padded(int):
    """A tile size of `tile_loops(..., pad=P)`: the static size (the remainder rounded up to a multiple
    of P) of a tile of which only the first `valid` (an index Value) exist."""

    valid: ir.Value

    def __new__(cls, size: int, valid: ir.Value) -> "Padded":
        obj = super().__new__(cls, size)
        obj.valid = valid
        return obj


def tile_loops(dims: Sequence[tuple[int | ir.Value, int]], body: BodyFn, *, loop_attrs: Sequence[dict] = (),
               start: int = 0, dynamic: str = "switch", pad: int = 0, split_one: Sequence[bool] = ()) -> None:
    """Emits a loop nest that tiles `dims` = [(size, tile), ...], outermost first.

    The outermost dimension starts at `start` (the others at 0).

    Full tiles run in an `scf.for` (or straight-line when there is exactly one); a
    remainder tile that the tile size does not divide is peeled with its own static size,
    so every body sees static sizes and never reaches out of bounds.
    `body(offsets, sizes)` is called with index Values and Python ints, once per peeled
    combination. `loop_attrs[d]` (optional) are unit attributes put on dimension d's loops.

    A size may be an index Value (a dimension known at run time, e.g. a dynamic M). With
    `dynamic="switch"` its full tiles run in an `scf.for` up to size - size % tile and the
    remainder (1..tile-1, chosen at run time) in an `scf.index_switch` with one case per
    remainder, each a body of static size; with `dynamic="min"` one `scf.for` steps over all
    of it and the body gets the Value min(tile, size - offset) as its size (cache blocks, whose
    register tiles then switch). With `pad=P` (and "switch") the remainder's cases are its row
    count rounded up to a multiple of P (tile / P cases instead of tile - 1): the body gets a
    `Padded` size, the rounded static size and the Value of how many exist.

    With `split_one[d]` (a tile of at least SPLIT_ONE_ROW_MIN_TILE, no pad), a size of whole tiles and
    one more (static, or at run time as one more case of the switch) runs its last tile + 1 as two
    tiles of about half that.
    """
    for size, tile in dims:
        if tile <= 0:
            raise ConfigError(f"tile size must be positive, got {tile}")
        if isinstance(size, int) and size <= 0:
            raise ConfigError(f"dimension size must be positive, got {size}")
    if dynamic not in ("switch", "min"):
        raise ConfigError(f"tile_loops: dynamic must be 'switch' or 'min', got {dynamic!r}")
    if pad < 0:
        raise ConfigError(f"tile_loops: pad must be >= 0, got {pad}")
    _tile_rec(list(dims), 0, [], [], body, list(loop_attrs), start, dynamic, pad, list(split_one))


def _tile_rec(dims, d, offsets, sizes, body, loop_attrs, start=0, dynamic="switch", pad=0, split_one=()) -> None:
    if d == len(dims):
        body(list(offsets), list(sizes))
        return
    size, tile = dims[d]
    attrs = loop_attrs[d] if d < len(loop_attrs) else {}
    rec = lambda off, sz: _tile_rec(dims, d + 1, offsets + [off], sizes + [sz], body, loop_attrs,  # noqa: E731
                                    dynamic=dynamic, pad=pad, split_one=split_one)
    split = d < len(split_one) and split_one[d] and pad == 0 and tile >= SPLIT_ONE_ROW_MIN_TILE
    if isinstance(size, ir.Value):
        _dynamic_dim(size, tile, start, attrs, dynamic, rec, pad, split)
        return
    tile = min(tile, size)
    full, rem = divmod(size, tile)
    split = split and rem == 1 and full >= 1
    full -= split
    if full == 1:
        rec(index_const(start), tile)
    elif full > 1:
        loop = _for(index_const(start), index_const(start + full * tile), tile, attrs)
        with ir.InsertionPoint(loop.body):
            rec(loop.induction_variable, tile)
            scf.YieldOp([])
    if split:
        _split_tail(start + full * tile, tile, rec)
    elif rem:
        rec(index_const(start + full * tile), rem)


def _split_tail(at: int | ir.Value, tile: int, rec) -> None:
    """tile + 1 rows from `at` (static, or an index Value) as two tiles (4 + 3 for 6-row tiles)."""
    first = (tile + 2) // 2
    if isinstance(at, int):
        rec(index_const(at), first)
        rec(index_const(at + first), tile + 1 - first)
    else:
        rec(at, first)
        rec(add_index(at, first), tile + 1 - first)


def _for(lower: ir.Value, upper: ir.Value, step: int, attrs) -> scf.ForOp:
    loop = scf.ForOp(lower, upper, index_const(step))
    for name in attrs:
        loop.operation.attributes[name] = ir.UnitAttr.get()
    return loop


def _dynamic_dim(size: ir.Value, tile: int, start: int, attrs, dynamic: str, rec, pad: int = 0,
                 split: bool = False) -> None:
    """tile_loops over a dimension whose size is the index Value `size` (see there)."""
    first = index_const(start)
    if dynamic == "min":
        loop = _for(first, size, tile, attrs)
        with ir.InsertionPoint(loop.body):
            left = arith.SubIOp(size, loop.induction_variable).result
            rec(loop.induction_variable, arith.MinUIOp(left, index_const(tile)).result)
            scf.YieldOp([])
        return
    length = arith.SubIOp(size, first).result if start else size
    rem = arith.RemUIOp(length, index_const(tile)).result if tile > 1 else None
    end = arith.SubIOp(size, rem).result if rem is not None else size
    if split:  # one row over whole tiles: the last whole tile and it run as two tiles of half (tile + 1)
        one = arith.AndIOp(arith.CmpIOp(arith.CmpIPredicate.eq, rem, index_const(1)).result,
                           arith.CmpIOp(arith.CmpIPredicate.ugt, length, index_const(tile)).result).result
        end = arith.SubIOp(end, arith.SelectOp(one, index_const(tile), index_const(0)).result).result
    loop = _for(first, end, tile, attrs)
    with ir.InsertionPoint(loop.body):
        rec(loop.induction_variable, tile)
        scf.YieldOp([])
    if rem is None:
        return
    if 0 < pad < tile - 1:  # case (rem - 1) // pad: rem rounded up to a multiple of pad (at most tile)
        key = arith.DivUIOp(arith.SubIOp(rem, index_const(1)).result, index_const(pad)).result
        cases = list(range(ceil_div(tile - 1, pad)))
        sizes = [Padded(min((i + 1) * pad, tile), rem) for i in cases]
    else:  # a case per remainder (and with split, case `tile`: tile + 1 rows as two tiles)
        key, cases = rem, list(range(1, tile + split))
        sizes = cases
        if split:
            key = arith.SelectOp(one, index_const(tile), rem).result
    switch = scf.IndexSwitchOp([], key, cases)
    with ir.InsertionPoint(switch.default_block):
        scf.YieldOp([])
    for i, sz in enumerate(sizes):
        with ir.InsertionPoint(switch.case_block(i)):
            if split and sz == tile:
                _split_tail(end, tile, rec)
            else:
                rec(end, sz)
            scf.YieldOp([])


def dim(source: ir.Value, d: int) -> ir.Value:
    """The size of dimension d of a memref: a constant where static, else `memref.dim`."""
    size = ir.MemRefType(source.type).shape[d]
    return memref.dim(source, index_const(d)) if size == ir.ShapedType.get_dynamic_size() else index_const(size)


def subview(source: ir.Value, offsets: Sequence, sizes: Sequence, *, keep_whole: bool = False) -> ir.Value:
    """A unit-stride `memref.subview` with (possibly dynamic) offsets and sizes.

    A view of the whole of an identity-layout memref is the memref itself. Dynamic sizes
    (index Values) need the source's strides static (they are: nanomm's operands have
    static row strides, whatever M is).
    """
    st = source.type
    if (not keep_whole and list(sizes) == list(st.shape) and all(const_int(o) == 0 if not isinstance(o, int) else o == 0
                                               for o in offsets)
            and st.get_strides_and_offset()[1] == 0):
        return source
    if any(isinstance(s, ir.Value) for s in sizes):
        strides, _ = st.get_strides_and_offset()
        dyn = ir.ShapedType.get_dynamic_size()
        shape = [dyn if isinstance(s, ir.Value) else s for s in sizes]
        layout = ir.StridedLayoutAttr.get(ir.ShapedType.get_dynamic_stride_or_offset(), strides)
        result = ir.MemRefType.get(shape, st.element_type, layout)
        return memref.subview(source, list(offsets), list(sizes), [1] * len(sizes), result_type=result)
    return memref.subview(source, list(offsets), list(sizes), [1] * len(sizes))


def defined_outside(value: ir.Value, op: ir.Operation) -> bool:
    """True when value is defined outside `op` (so code before it can use it)."""
    owner = value.owner
    parent = owner.owner if isinstance(owner, ir.Block) else owner
    while parent is not None:
        if parent == op:
            return False
        parent = parent.parent
    return True


def splice(text: str, before: ir.Operation, operands: list) -> ir.Value:
    """Parses a function `text` of len(operands) arguments returning one value, moves its ops before
    `before` with its arguments replaced by `operands`; returns what it returned."""
    scratch = ir.Module.parse(text)
    body = scratch.body.operations[0].regions[0].blocks[0]
    result = None
    for new in list(body.operations):
        if new.operation.name == "func.return":
            result = new.operation.operands[0]
            break
        new.operation.move_before(before)
    for arg, value in zip(body.arguments, operands):
        arg.replace_all_uses_with(value)
    return result


def constant_pad(v: ir.Value) -> tuple[ir.Operation, ir.Value] | None:
    """(the pad, its value) where v is a tensor.pad of static pads with a value from outside its region, or None."""
    pad = v.owner
    if isinstance(pad, ir.Block) or pad.name != "tensor.pad" or len(pad.operands) != 1:
        return None
    body = pad.regions[0].blocks[0]
    value = body.operations[len(body.operations) - 1].operands[0]
    if any(list(a.uses) for a in body.arguments) or (
            not isinstance(value.owner, ir.Block) and value.owner.operation.parent == pad):
        return None
    return pad, value


def vector_lanes(size: int, lanes: int) -> int | None:
    """The widest of `lanes`, 8 and 4 floats a vector that divides `size` (a run moved in whole vectors), or None."""
    return next((k for k in (lanes, 8, 4) if k <= lanes and size % k == 0), None)


def walk(op: ir.Operation, *names: str) -> Iterator[ir.Operation]:
    """All operations named one of `names` nested under `op` (pre-order, collected first)."""
    found: list[ir.Operation] = []

    def visit(o):
        if o.name in names:
            found.append(o)
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return iter(found)


def const_int(value: ir.Value) -> int | None:
    """The integer of an `arith.constant` index/int value, or None if not constant."""
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.name != "arith.constant":
        return None
    attr = owner.attributes["value"]
    if isinstance(attr, ir.IntegerAttr):
        return attr.value
    return None


def is_zero_constant(value: ir.Value) -> bool:
    """True when value is an `arith.constant` 0 / 0.0 (scalar or splat)."""
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.name != "arith.constant":
        return False
    attr = owner.attributes["value"]
    if isinstance(attr, ir.FloatAttr):
        return attr.value == 0.0
    if isinstance(attr, ir.IntegerAttr):
        return attr.value == 0
    if isinstance(attr, ir.DenseElementsAttr) and attr.is_splat:
        return is_zero_attr(attr.get_splat_value())
    return False


def is_zero_attr(attr: ir.Attribute) -> bool:
    if isinstance(attr, ir.FloatAttr):
        return attr.value == 0.0
    if isinstance(attr, ir.IntegerAttr):
        return attr.value == 0
    return False


def zero_of(elt: ir.Type) -> ir.Value:
    """A scalar zero constant of element type `elt`."""
    return arith.ConstantOp(elt, 0.0 if isinstance(elt, ir.FloatType) else 0).result


def zero_vector(vtype: ir.VectorType) -> ir.Value:
    """A splat zero constant of vector type `vtype` (float or integer elements)."""
    elt = vtype.element_type
    zero = ir.FloatAttr.get(elt, 0.0) if isinstance(elt, ir.FloatType) else ir.IntegerAttr.get(elt, 0)
    return arith.ConstantOp(vtype, ir.DenseElementsAttr.get_splat(vtype, zero)).result


def lane_mask(lanes: int, active: int) -> ir.Value:
    """`vector.constant_mask` enabling the first `active` of `lanes` lanes."""
    return vector.constant_mask(ir.VectorType.get([lanes], ir.IntegerType.get_signless(1)), [active])


def _minor_1d(rank: int) -> ir.AffineMapAttr:
    return ir.AffineMapAttr.get(ir.AffineMap.get(rank, 0, [ir.AffineExpr.get_dim(rank - 1)]))


def read_vector(src: ir.Value, indices: Sequence, vtype: ir.VectorType, mask: ir.Value | None = None) -> ir.Value:
    """A 1-D in-bounds `vector.transfer_read` along the minor dimension (masked lanes read 0)."""
    rank = ir.MemRefType(src.type).rank
    return vector.transfer_read(vtype, src, list(indices), _minor_1d(rank), zero_of(vtype.element_type),
                                ir.ArrayAttr.get([ir.BoolAttr.get(True)]), mask=mask)


def write_vector(value: ir.Value, dst: ir.Value, indices: Sequence, mask: ir.Value | None = None) -> None:
    """A 1-D in-bounds `vector.transfer_write` along the minor dimension (masked lanes untouched)."""
    rank = ir.MemRefType(dst.type).rank
    vector.transfer_write(None, value, dst, list(indices), _minor_1d(rank),
                          ir.ArrayAttr.get([ir.BoolAttr.get(True)]), mask=mask)


def row_chunks(rows: int | ir.Value, cols: int, vw: int, body: Callable) -> None:
    """An scf.for over `rows` (a number, or an index Value) calling body(i, j, w, mask) for each chunk
    [j, j+w) of row i, vw lanes at a time (mask: the lane mask of a partial last chunk, else None)."""
    loop = scf.ForOp(index_const(0), index_const(rows) if isinstance(rows, int) else rows, index_const(1))
    with ir.InsertionPoint(loop.body):
        for j in range(0, cols, vw):
            w = min(vw, cols - j)
            body(loop.induction_variable, j, w, lane_mask(vw, w) if w < vw else None)
        scf.YieldOp([])


def interleave(rows: Sequence[ir.Value]) -> ir.Value:
    """[r0[0], r1[0], ..., r0[1], r1[1], ...] for 1, 2 or 4 vectors: v rows of B in VNNI order."""
    if len(rows) == 1:
        return rows[0]
    if len(rows) == 2:
        return vector.interleave(rows[0], rows[1])
    # interleave(interleave(r0, r2), interleave(r1, r3)) = r0[0] r1[0] r2[0] r3[0] r0[1] ...
    return vector.interleave(vector.interleave(rows[0], rows[2]), vector.interleave(rows[1], rows[3]))


def erase(op: ir.Operation) -> None:
    """Erases op, refusing (instead of letting LLVM abort the process) while its results are used."""
    op = op.operation
    for result in op.results:
        users = [u.owner.name for u in result.uses]
        if users:
            raise RuntimeError(f"cannot erase {op.name}: its result is still used by {', '.join(users)}")
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                _check_no_outside_uses(inner.operation, op)
    op.erase()


def _check_no_outside_uses(op: ir.Operation, root: ir.Operation) -> None:
    for result in op.results:
        for use in result.uses:
            user = use.owner
            parent = user
            while parent is not None and parent != root:
                parent = parent.parent
            if parent is None:
                raise RuntimeError(f"cannot erase {root.name}: {op.name} inside it is used by {user.name} outside")
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                _check_no_outside_uses(inner.operation, root)


def zero_fill_before(op: ir.Operation, c: ir.Value) -> ir.Operation | None:
    """The `linalg.fill` of zero into `c` just before `op` (constants and views aside), if any."""
    ops = list(op.operation.block.operations)
    idx = next(i for i, o in enumerate(ops) if o.operation == op.operation)
    for o in reversed(ops[:idx]):
        o = o.operation
        if o.name in ("arith.constant", "memref.subview", "memref.transpose"):
            continue
        if o.name == "linalg.fill" and o.operands[1] == c and is_zero_constant(o.operands[0]):
            return o
        return None
    return None


def matmul_operands(op: ir.Operation) -> tuple[ir.Value, ir.Value, ir.Value, str | None]:
    """(A, B, C, problem) of a linalg.matmul; problem says why it is not on static memrefs."""
    a, b, c = (op.operands[i] for i in range(3))
    if "indexing_maps" in op.attributes and str(op.attributes["indexing_maps"]) != _MATMUL_MAPS:
        return a, b, c, "linalg.matmul with custom indexing_maps (transposes, broadcasts) is not supported"
    if "cast" in op.attributes and "cast_signed" not in str(op.attributes["cast"]):
        return a, b, c, f"linalg.matmul with cast {op.attributes['cast']} is not supported (mark u8 x s8 with {A_UNSIGNED})"
    for v, role in ((a, "A"), (b, "B"), (c, "C")):
        if not isinstance(v.type, ir.MemRefType):
            return a, b, c, f"requires buffer semantics: operand {role} is {v.type}"
        if not _static_but_rows(v.type, rows_may_vary=role != "B"):
            return a, b, c, (f"requires static-shape memrefs (only M, the rows of A and C, may be dynamic): "
                             f"operand {role} is {v.type}")
        if not v.type.has_static_shape and dynamic_stride(v.type):
            return a, b, c, f"requires static strides with a dynamic M: operand {role} is {v.type}"
    dyn = ir.ShapedType.get_dynamic_size()
    if (a.type.shape[0] == dyn) != (c.type.shape[0] == dyn):
        return a, b, c, f"A and C must both have a dynamic M or neither: A is {a.type}, C is {c.type}"
    types = tuple(str(v.type.element_type) for v in (a, b, c))
    if types not in ELEMENT_TYPES:
        supported = ", ".join(f"{x} x {y} -> {z}" for x, y, z in ELEMENT_TYPES)
        return a, b, c, f"supports {supported}; got {' x '.join(types[:2])} -> {types[2]}"
    if A_UNSIGNED in op.attributes and types[0] != "i8":
        return a, b, c, f"{A_UNSIGNED} applies to i8 operands only, got {types[0]}"
    return a, b, c, None


def _static_but_rows(t: ir.MemRefType, rows_may_vary: bool) -> bool:
    """Whether t's shape is static, but perhaps for its first dimension where rows_may_vary."""
    shape = list(t.shape)
    return all(s != ir.ShapedType.get_dynamic_size() for s in shape[1 if rows_may_vary else 0:])


def dynamic_stride(t: ir.MemRefType) -> bool:
    """Whether a memref's layout has a dynamic stride (its offset may be dynamic)."""
    strides, _ = t.get_strides_and_offset()
    return ir.ShapedType.get_dynamic_stride_or_offset() in strides


# (A, B, C) element types nanomm compiles: f32; bf16 -> f32 (AVX-512 BF16); i8 -> i32 (VNNI; u8s8 and
# s8s8 alike, an unsigned A marked A_UNSIGNED).
ELEMENT_TYPES = tuple(MLIR_DTYPES)


def vnni_factor(elt: ir.Type) -> int:
    """How many K steps one 32-bit lane holds for an A/B element type: 1 (f32), 2 (bf16), 4 (i8).

    AVX-512 BF16 (`vdpbf16ps`), VNNI (`vpdpbusd`) and AMX multiply pairs/quads of consecutive
    k, so B is laid out with that many K rows interleaved ("VNNI layout")."""
    width = elt.width if isinstance(elt, ir.IntegerType) else {"bf16": 16, "f16": 16}.get(str(elt), 32)
    return max(1, 32 // width)


_MATMUL_MAPS = ("[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
                "affine_map<(d0, d1, d2) -> (d0, d1)>]")


def call_outlined(module: ir.Module, anchor: ir.Operation, cache: dict, key, name: str, args: Sequence[ir.Value],
                  emit: Callable[..., None]) -> None:
    """Calls, at the current insertion point, the private function made for `key`.

    The first call with a key makes the function (named `name`, tagged `nanomm.outlined`, at
    the top of the module): emit(*its arguments) fills its body. Later calls with the same
    key reuse it, so each distinct microkernel is compiled once however many tiles use it.
    """
    fn_name = cache.get(key)
    if fn_name is None:
        fn_name = cache[key] = name
        with ir.InsertionPoint.at_block_begin(module.body), anchor.location:
            fn = func.FuncOp(name, ir.FunctionType.get([a.type for a in args], []), visibility="private")
            fn.operation.attributes[OUTLINED] = ir.UnitAttr.get()
            entry = fn.add_entry_block()
            with ir.InsertionPoint(entry):
                emit(*entry.arguments)
                func.ReturnOp([])
    func.CallOp([], ir.FlatSymbolRefAttr.get(fn_name), list(args))

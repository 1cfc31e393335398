"""compose-microkernel: turns vector.contract nanokernels into register-resident FMA microkernels."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith, llvm, memref, scf, vector

from ..dialects import avx512_dot
from ..errors import ConfigError
from ..runtime.dtypes import ceil_div
from . import _epilogue, nanokernel
from ._base import ModulePass
from ._ir import call_outlined, erase, index_const, interleave, lane_mask, read_vector, walk, write_vector, zero_vector
from .nanokernel import NANOKERNEL, Nanokernel

MICROKERNEL = "nanomm.microkernel"
DOT_TILE = "nanomm.row_dot_tile"  # [MR, NR] of a row-dot microkernel's K loop (lower-x86 counts its registers)


@dataclasses.dataclass(frozen=True)
class ComposeMicrokernel(ModulePass):
    """Composes each nanokernel (`scf.for` tagged `nanomm.nanokernel`) into a microkernel.

    Expects: the nanokernels of tile-register (passes/nanokernel.py): a K loop that reads a C
    tile `vector<MRxNR>`, an A column and a B row, accumulates with `vector.contract`, and
    writes C back; maybe preceded by a `vector.transfer_write` of zeros into the C tile.

    Produces: the C tile split into MR x ceil(NR/VW) vectors of VW lanes, loaded once (or
    set to zero) and carried through the K loop as `scf.for` iter_args (`nanomm.microkernel`);
    per k, B is loaded once as ceil(NR/VW) vectors, each A element is loaded and broadcast
    once, and MR x ceil(NR/VW) `vector.fma` form the FMA chain; C is stored once after the
    loop. The K loop is unrolled `unroll-k` times; the K remainder is peeled after the loop.
    A partial last vector (NR not a multiple of VW) uses a constant lane mask, so loads and
    stores never leave the tile.

    With `prefetch-b=d`, each K iteration prefetches the B row d iterations ahead (one
    prefetch per cache line), for B read with a large row stride where the hardware
    prefetchers, which stop at page boundaries, do not follow. Where B's rows are contiguous
    (a packed panel: row stride = tile width) the prefetch runs past the tile's last row into
    the memory that follows, the next panel of the packed layout, which the tile loop reads
    next: a pre-packed B streamed from memory (weights larger than the caches) is fetched d
    rows ahead across panels. Elsewhere it stops at the tile's last row.

    An epilogue generic right after a nanokernel, on its C tile (passes/_epilogue.py), is evaluated
    on the accumulators after the K loop (and after late-c's add of C), masked like the store, and
    the tile stored once. Epilogues on tiles that another composition made (compose-amx's) become
    a vector loop over the tile instead.

    With `outline`, each distinct microkernel (tile shape, K length, operand layouts, zero
    start) becomes one private function, tagged `nanomm.outlined`, that every tile of that
    kind calls: a shape with many edge blocks compiles to a few microkernels, not dozens.

    With `late-c`, a tile that accumulates into C starts from zero registers, prefetches its
    C lines, and adds C after the K loop: the load of C (often a cache miss, since C is
    touched once per K block) overlaps the FMAs instead of stalling them.

    Low precision (the VNNI nanokernels of tile-register, B usually VNNI-packed by pack):
    per step of v k (2 for bf16, 4 for i8), B is loaded as ceil(NR/VW) vectors of v*VW
    elements, the v consecutive A elements of each row are loaded as one 32-bit word and
    broadcast, and each accumulator takes one `x86vector.avx512.dot` (bf16 x bf16 -> f32,
    `vdpbf16ps`) or one `llvm.x86.avx512.vpdpbusd.512` (u8 x s8 -> i32, `vpdpbusd`; called
    as an LLVM intrinsic, as MLIR 22's x86vector has no VNNI int8 op for AVX-512). A B that
    is not packed is interleaved in registers (v row loads + `vector.interleave`). When v
    does not divide K, the last step loads the A word with a lane mask (zeros) and B's extra
    rows are zeros. This replaces upstream's `vector_contract_to_packed_type_dot_product`,
    which expects the contraction already in VNNI form and does not compose register tiles.
    s8 x s8: vpdpbusd multiplies unsigned by signed bytes, so A is shifted to unsigned
    (a XOR 0x80 = a + 128, on the broadcast word) and the kernel subtracts 128 * (column sums
    of B), which it accumulates beside C with one more vpdpbusd per B vector (0x80 bytes
    times B); int32 wrap-around makes this exact whenever the true result fits in int32.

    With `bf16-fma`, bf16 steps use float32 FMAs instead of `vdpbf16ps`: each 32-bit lane of a
    VNNI B vector and of A's broadcast word holds the bf16 pair (k, k+1); `lane << 16` is k's
    value as float32 and `lane & 0xffff0000` is k+1's (bf16 is float32's upper half, so both
    are exact), and the accumulator takes two `vector.fma`: C += A_k * B_k, then
    C += A_k+1 * B_k+1 (two float32 roundings, where vdpbf16ps rounds once per pair; both are
    float32 accumulation of exact bf16 products). For CPUs whose vdpbf16ps is slower than float32
    FMAs (Emerald Rapids; not Zen 4): `python bench/peak.py --kinds f32,bf16,int8 --no-bandwidth`
    measures both loops. See KernelConfig.bf16_fma.

    With `row-dot` (float32, B stored transposed: W of x @ W.T, each of its rows contiguous along K), the
    tile is computed as MR x NR dot products along K instead: per step of VW k, A's MR rows and
    W's NR rows are loaded as VW-lane vectors (contiguous, no packing) and each of the MR x NR
    accumulators takes one FMA; after the K loop each row's NR accumulators are summed across
    lanes by a shuffle tree (`_lane_sums`: one vector of NR sums) and the rest is as above (C
    added after the loop, epilogue, one store). For a few rows of A, where packing W^T per call
    would cost more than the product: W streams once, NR rows side by side.

    With `align-w` as well (K of 32 or more), the row-dot K loop starts at the first k where W's
    first row reaches a 64-byte line, the k before and after it taken as masked steps: numpy's
    arrays start 16 bytes into a line as often as not, and where K is a multiple of 16 (a model's
    layers) every row of W, and of x when it shares W's offset, then loads whole lines. Intel AMX
    VM, one thread, x and W 16 bytes into a line: `python bench/bench_layers.py --part transpose
    --offset 16` against a build without it (docs/decisions.md).

    Options: vector-width (lanes per vector register, 16 for f32 on AVX-512), unroll-k,
    prefetch-b (distance in K iterations; 0 disables; not with row-dot, whose W rows stream
    sequentially), outline, late-c, bf16-fma, row-dot, align-w.
    """

    name = "compose-microkernel"
    vector_width: int = 16
    unroll_k: int = 1
    prefetch_b: int = 0
    outline: bool = False
    late_c: bool = False
    bf16_fma: bool = False
    row_dot: bool = False
    align_w: bool = False

    def __post_init__(self):
        if self.vector_width <= 0 or self.unroll_k <= 0 or self.prefetch_b < 0:
            raise ConfigError("compose-microkernel: vector-width and unroll-k must be positive, prefetch-b >= 0")

    def run(self, module: ir.Module) -> None:
        outlined: dict[tuple, str] = {}
        for loop in list(walk(module.operation, "scf.for")):
            if NANOKERNEL in loop.attributes:
                nk = nanokernel.match(loop)
                if nk is None:
                    raise self.fail("nanokernel loop does not have the form tile-register produces", loop)
                if nanokernel.dynamic_rows(nk.c):
                    raise self.fail("a nanokernel with a run-time row count (tile-register{pad-rows}) runs on "
                                    "AMX tiles only: compose-amx{pad-mn} before compose-microkernel", loop)
                strides = ir.MemRefType(nk.b.type).get_strides_and_offset()[0]
                if strides[-1] != 1 and not self.row_dot:
                    raise self.fail("B is stored transposed (its columns are contiguous): run pack before "
                                    "compose-microkernel (it reads B^T into panels), or compose it with row-dot=1", loop)
                if self.row_dot and (strides[0] != 1 or nk.kind != "f32" or self.prefetch_b):  # W's rows along K
                    raise self.fail("row-dot=1 composes float32 tiles of a B stored transposed (B^T's rows along K), "
                                    f"without prefetch-b; this tile is {nk.kind} with B "
                                    f"{'transposed' if strides[0] == 1 else 'row-major'}", loop)
                epilogue = _epilogue.after(loop, nk.c)
                if epilogue is not None:
                    nk.epilogue, nk.extras = epilogue, [x for x, _ in _epilogue.inputs(epilogue)]
                if self.outline:
                    self._call_outlined(module, loop, nk, outlined)
                else:
                    with ir.InsertionPoint(loop), loop.location:
                        self._emit(nk)
                erase(loop)
                if nk.zero_init is not None:
                    erase(nk.zero_init)
                if epilogue is not None:
                    erase(epilogue)
        # Epilogues of tiles another composition made (AMX): a vector loop over each tile.
        for op in list(walk(module.operation, "linalg.generic")):  # rows may be dynamic (tile-register{pad-rows})
            if _epilogue.problem(op) is None and _static_columns(op.operands[len(op.operands) - 1]):
                _epilogue.expand(op, self.vector_width)

    def _call_outlined(self, module: ir.Module, loop: ir.Operation, nk: Nanokernel, outlined: dict) -> None:
        args = [nk.a, nk.b, nk.c] + nk.extras
        key = (tuple(str(v.type) for v in args), nk.k, nk.zero_init is not None, nk.kind, nk.b_packed,
               nk.epilogue and _epilogue.signature(nk.epilogue))
        name = (f"nanomm_ukernel_{len(outlined)}_{nk.mr}x{nk.nr}x{nk.k}{'_zero' if nk.zero_init else ''}"
                f"{'_epilogue' if nk.epilogue else ''}")
        with ir.InsertionPoint(loop), loop.location:
            call_outlined(module, loop, outlined, key, name, args,
                          lambda a, b, c, *extras: self._emit(dataclasses.replace(nk, a=a, b=b, c=c,
                                                                                  extras=list(extras))))

    def _emit(self, nk: Nanokernel) -> None:
        """The microkernel of `nk` at the current insertion point: C tile in registers across the
        K loop (steps of v k, unrolled, the remainder and a partial last step peeled), stored once."""
        vw, v = self.vector_width, nk.v
        mr, nr = nk.mr, nk.nr
        tile = _Tile(nk, vw)
        if self.row_dot:
            self._emit_row_dot(nk, tile)
            return
        if nk.kind == "s8s8":
            tile.zero()  # its column sums start from zero whatever C does: made before C's loads
        late = self.late_c and nk.zero_init is None
        if nk.zero_init is not None or late:
            accs = [tile.zero()] * tile.count
            if late:
                self._prefetch_c(nk.c, mr, nr)
        else:
            accs = [tile.load(nk.c, i, j, w) for i in range(mr) for j, w in tile.chunks]
        if nk.kind == "f32":
            step, accs, finish = _fma_step(nk, tile, accs)
        else:
            step, accs, finish = _dot_step(nk, tile, accs, fma=self.bf16_fma and nk.kind == "bf16")

        def prefetch(kv: ir.Value) -> None:
            row = kv if v == 1 else arith.DivUIOp(kv, index_const(v)).result
            self._prefetch(nk.b, row, ceil_div(nk.k, v), nr * v, 16 * v)  # 64-byte lines

        prefetching = self.prefetch_b and (v == 1 or nk.b_packed)  # B rows, or VNNI panel rows
        accs = self._k_steps(nk.k, v, step, accs, prefetch if prefetching else None)
        self._store_tile(nk, tile, finish(accs), late)

    def _emit_row_dot(self, nk: Nanokernel, tile: "_Tile") -> None:
        """The row-dot microkernel of `nk` (B transposed): MR x NR accumulators of VW partial
        sums along K, summed across lanes after the K loop; C is added after (as late-c)."""
        vw, mr, nr = self.vector_width, nk.mr, nk.nr
        vtype = tile.vtype
        bt = _transposed_view(nk.b)  # W's NR rows x K, each row contiguous
        late = nk.zero_init is None
        if late and self.late_c:
            self._prefetch_c(nk.c, mr, nr)

        def step(k: ir.Value, accs: list, present: int | ir.Value = vw) -> list:
            mask = present if isinstance(present, ir.Value) else lane_mask(vw, present) if present < vw else None
            a_rows = [read_vector(nk.a, [index_const(i), k], vtype, mask) for i in range(mr)]
            w_rows = [read_vector(bt, [index_const(j), k], vtype, mask) for j in range(nr)]
            return [vector.fma(a_rows[i], w_rows[j], accs[i * nr + j]) for i in range(mr) for j in range(nr)]

        accs = [tile.zero()] * (mr * nr)
        if self.align_w and nk.k >= 2 * vw:
            accs = self._row_dot_aligned(nk, bt, step, accs)
        else:
            accs = self._k_steps(nk.k, vw, step, accs, tile_shape=(mr, nr))
        sums = [_lane_sums(accs[i * nr + j:i * nr + j + w], vw) for i in range(mr) for j, w in tile.chunks]
        self._store_tile(nk, tile, sums, late)

    def _k_steps(self, k: int, v: int, step, accs: list, prefetch=None, tile_shape=None) -> list:
        """`step` over k in steps of v: a K loop of whole unrolled iterations, the steps left after it
        peeled, a partial last step."""
        steps, partial = divmod(k, v)
        u = max(1, min(self.unroll_k, steps))
        full = (steps // u) * u
        if full:
            accs = self._k_loop(index_const(0), index_const(full * v), u, v, step, accs, prefetch, tile_shape)
        for s in range(full, steps):
            accs = step(index_const(s * v), accs)
        if partial:
            accs = step(index_const(steps * v), accs, partial)
        return accs

    def _k_loop(self, lo: ir.Value, hi: ir.Value, u: int, v: int, step, accs: list, prefetch=None,
                tile_shape=None) -> list:
        """The microkernel's K loop over [lo, hi) (whole iterations), u steps of v k an iteration, the
        accumulators carried; `prefetch(k)` first in each iteration; a row-dot tile's [MR, NR] marked."""
        kloop = scf.ForOp(lo, hi, index_const(u * v), accs)
        kloop.operation.attributes[MICROKERNEL] = ir.UnitAttr.get()
        if tile_shape is not None:
            kloop.operation.attributes[DOT_TILE] = ir.DenseI64ArrayAttr.get(list(tile_shape))
        with ir.InsertionPoint(kloop.body):
            cur = list(kloop.inner_iter_args)
            kv = kloop.induction_variable
            if prefetch is not None:
                prefetch(kv)
            for uu in range(u):
                cur = step(kv if uu == 0 else arith.AddIOp(kv, index_const(uu * v)).result, cur)
            scf.YieldOp(cur)
        return list(kloop.results)

    def _row_dot_aligned(self, nk: Nanokernel, bt: ir.Value, step, accs: list) -> list:
        """align-w: the K loop starts where W's first row reaches a vector boundary (64 bytes), its
        head and tail masked steps taken only where they have lanes. numpy's arrays are 16 bytes
        past a 64-byte line as often as not; where K is a multiple of the vector (a model's layers)
        every row of W, and of x when it shares W's offset, then loads whole lines."""
        vw, mr, nr = self.vector_width, nk.mr, nk.nr
        lanes = ir.VectorType.get([vw], ir.IntegerType.get_signless(1))
        base = memref.extract_aligned_pointer_as_index(bt)
        meta = memref.ExtractStridedMetadataOp(bt)
        first = arith.AddIOp(arith.ShRUIOp(base, index_const(2)).result, meta.offset).result  # in elements
        head = arith.AndIOp(arith.SubIOp(index_const(0), first).result, index_const(vw - 1)).result
        zero = index_const(0)

        def masked(at: ir.Value, count: ir.Value, accs: list) -> list:
            """One step of `count` (0..vw-1) k from `at`, only where count > 0."""
            branch = scf.IfOp(arith.CmpIOp(arith.CmpIPredicate.ne, count, zero).result,
                              [a.type for a in accs], has_else=True)
            with ir.InsertionPoint(branch.then_block):
                scf.YieldOp(step(at, accs, vector.create_mask(lanes, [count])))
            with ir.InsertionPoint(branch.else_block):
                scf.YieldOp(accs)
            return list(branch.results)

        accs = masked(zero, head, accs)
        rest = arith.SubIOp(index_const(nk.k), head).result
        end = arith.AddIOp(head, arith.MulIOp(arith.DivUIOp(rest, index_const(vw)).result,
                                              index_const(vw)).result).result
        accs = self._k_loop(head, end, 1, vw, step, accs, tile_shape=(mr, nr))
        return masked(end, arith.SubIOp(index_const(nk.k), end).result, accs)

    def _store_tile(self, nk: Nanokernel, tile: "_Tile", accs: list, late: bool) -> None:
        """Adds C (late), applies the epilogue and stores the tile: accs are MR x chunks vectors."""
        mr, vw = nk.mr, self.vector_width
        kinds = [kind for _, kind in _epilogue.inputs(nk.epilogue)] if nk.epilogue is not None else []
        column_inputs: dict = {}  # (input, chunk) -> its vector: a bias chunk is loaded once for all rows
        for i in range(mr):
            for jj, (j, w) in enumerate(tile.chunks):
                acc = accs[i * len(tile.chunks) + jj]
                if late:
                    old = tile.load(nk.c, i, j, w)
                    acc = arith.AddFOp(acc, old).result if isinstance(tile.elt, ir.FloatType) else \
                        arith.AddIOp(acc, old).result
                if nk.epilogue is not None:  # applied in registers, before the one store
                    acc = _epilogue.evaluate(nk.epilogue, acc, lambda k, i=i, j=j, w=w: self._epilogue_input(
                        nk, kinds[k], k, i, j, w, tile, column_inputs))
                _store(acc, nk.c, index_const(i), j, w, vw, tile.masks)

    def _epilogue_input(self, nk: Nanokernel, kind: str, k: int, i: int, j: int, w: int, tile: "_Tile",
                        column_inputs: dict) -> ir.Value:
        """Epilogue input k at row i, lanes [j, j+w) of the tile (a column input once per chunk)."""
        if kind == _epilogue.COLUMN and (k, j) in column_inputs:
            return column_inputs[k, j]
        value = _epilogue.load_input(nk.extras[k], kind, i, j, w, self.vector_width, tile.vtype)
        if kind == _epilogue.COLUMN:
            column_inputs[k, j] = value
        return value

    def _prefetch_c(self, c: ir.Value, mr: int, nr: int) -> None:
        """Prefetches (for writing) every 64-byte line of the C tile."""
        for i in range(mr):
            for j in range(0, nr, 16):  # one 64-byte line holds 16 f32 / i32
                memref.prefetch(c, [index_const(i), index_const(j)], is_write=True, locality_hint=3,
                                is_data_cache=True)

    def _prefetch(self, b: ir.Value, k: ir.Value, rows: int, width: int, per_line: int = 16) -> None:
        """Prefetches the B row `prefetch-b` iterations ahead, one per line: clamped to the tile
        unless B's rows are contiguous (then past it, into the next panel; x86 prefetches never
        fault, so the last panel's run past the buffer costs nothing)."""
        ahead = arith.AddIOp(k, index_const(self.prefetch_b)).result
        if ir.MemRefType(b.type).get_strides_and_offset()[0][0] != width:
            ahead = arith.MinUIOp(ahead, index_const(rows - 1)).result
        for j in range(0, width, per_line):
            memref.prefetch(b, [ahead, index_const(j)], is_write=False, locality_hint=3, is_data_cache=True)


class _Tile:
    """The C tile of a microkernel as MR x ceil(NR/VW) vectors of VW lanes (the last maybe masked)."""

    def __init__(self, nk: Nanokernel, vw: int):
        self.vw, self.mr = vw, nk.mr
        self.chunks = [(j, min(vw, nk.nr - j)) for j in range(0, nk.nr, vw)]
        self.count = nk.mr * len(self.chunks)
        self.elt = nk.c.type.element_type
        self.vtype = ir.VectorType.get([vw], self.elt)
        self.masks = {w: lane_mask(vw, w) for _, w in self.chunks if w < vw}
        self.pad = arith.ConstantOp(self.elt, 0.0 if isinstance(self.elt, ir.FloatType) else 0).result
        self._zero = None

    def zero(self) -> ir.Value:
        if self._zero is None:
            self._zero = zero_vector(self.vtype)
        return self._zero

    def load(self, src: ir.Value, row, j: int, w: int) -> ir.Value:
        """Lanes [j, j+w) of `row` of src (an int row index or a Value) as one vector."""
        return _load(src, index_const(row) if isinstance(row, int) else row, j, w, self.vw, self.vtype,
                     self.masks, self.pad)


def _fma_step(nk: Nanokernel, tile: _Tile, accs: list):
    """float32: per k, B loaded once per chunk, each A element broadcast, MR x chunks vector.fma."""
    def step(k: ir.Value, accs: list, present: int = 1) -> list:
        bs = [tile.load(nk.b, k, j, w) for j, w in tile.chunks]
        out = []
        for i in range(nk.mr):
            a_vec = vector.broadcast(tile.vtype, memref.load(nk.a, [index_const(i), k]))
            for jj, bv in enumerate(bs):
                out.append(vector.fma(a_vec, bv, accs[i * len(tile.chunks) + jj]))
        return out

    return step, accs, lambda accs: accs


def _dot_step(nk: Nanokernel, tile: _Tile, accs: list, fma: bool = False):
    """bf16 / int8: per step of v k, B as chunks of v*VW elements (a VNNI panel row, or v rows of
    an unpacked B interleaved), A's v elements as one broadcast 32-bit word, one dot product per
    accumulator. s8s8 adds column-sum accumulators (returned with accs) that `finish` subtracts.
    With `fma` (bf16 only), each dot product is two float32 FMAs on the pair's halves."""
    vw, v, chunks = tile.vw, nk.v, tile.chunks
    in_elt = nk.a.type.element_type
    word_t = ir.VectorType.get([vw * v], in_elt)
    row_t = ir.VectorType.get([vw], in_elt)
    i32 = ir.IntegerType.get_signless(32)
    shift = nk.kind == "s8s8"
    if shift:  # 0x80 in every byte: A + 128 by XOR, and the 128 * column sums of B
        lanes_t = ir.VectorType.get([vw], i32)
        bias = arith.ConstantOp(lanes_t, ir.DenseElementsAttr.get_splat(
            lanes_t, ir.IntegerAttr.get(i32, 0x80808080 - (1 << 32)))).result
        bias_bytes = vector.bitcast(word_t, bias)
        accs = accs + [tile.zero()] * len(chunks)

    def b_vectors(k: ir.Value, present: int) -> list:
        out = []
        for j, w in chunks:
            if nk.b_packed:
                row = arith.DivUIOp(k, index_const(v)).result
                mask = lane_mask(vw * v, w * v) if w < vw else None
                out.append(read_vector(nk.b, [row, index_const(j * v)], word_t, mask))
            else:
                rows = [_load(nk.b, arith.AddIOp(k, index_const(r)).result if r else k, j, w, vw, row_t,
                              {w: tile.masks[w]} if w < vw else {}, None)
                        if r < present else zero_vector(row_t) for r in range(v)]
                out.append(interleave(rows))
        return out

    def a_word(i: int, k: ir.Value, present: int) -> ir.Value:
        """The v elements A[i, k:k+v] (zeros past `present`) broadcast to every 32-bit lane."""
        pair_t = ir.VectorType.get([v], in_elt)
        if present == v:
            pair = vector.load(pair_t, nk.a, [index_const(i), k])
        else:
            pair = read_vector(nk.a, [index_const(i), k], pair_t, lane_mask(v, present))
        word = vector.extract(vector.bitcast(ir.VectorType.get([1], i32), pair), [], [0])
        lanes = vector.broadcast(ir.VectorType.get([vw], i32), word)
        if shift:
            lanes = arith.XOrIOp(lanes, bias).result
        return vector.bitcast(word_t, lanes)

    def dot(acc: ir.Value, a: ir.Value, b: ir.Value) -> ir.Value:
        if fma:  # a, b: (k, k+1) halves as float32 vectors
            return vector.fma(a[1], b[1], vector.fma(a[0], b[0], acc))
        if nk.kind == "bf16":
            return avx512_dot(acc, a, b)
        return llvm.call_intrinsic(tile.vtype, "llvm.x86.avx512.vpdpbusd.512", [acc, a, b], [], [])

    if fma:
        lanes_i32 = ir.VectorType.get([vw], i32)
        f32_t = ir.VectorType.get([vw], ir.F32Type.get())
        sixteen = arith.ConstantOp(lanes_i32, ir.DenseElementsAttr.get_splat(lanes_i32, ir.IntegerAttr.get(i32, 16)))
        high = arith.ConstantOp(lanes_i32, ir.DenseElementsAttr.get_splat(lanes_i32, ir.IntegerAttr.get(i32, -65536)))

        def halves(word: ir.Value) -> tuple[ir.Value, ir.Value]:
            """A vector of bf16 pairs as two float32 vectors: the k elements, then the k+1 ones."""
            lanes = vector.bitcast(lanes_i32, word)
            return (vector.bitcast(f32_t, arith.ShLIOp(lanes, sixteen.result).result),
                    vector.bitcast(f32_t, arith.AndIOp(lanes, high.result).result))
    else:
        def halves(word: ir.Value) -> ir.Value:
            return word

    def step(k: ir.Value, accs: list, present: int = v) -> list:
        bs = [halves(b) for b in b_vectors(k, present)]
        out = []
        for i in range(nk.mr):
            a = halves(a_word(i, k, present))
            for jj, bv in enumerate(bs):
                out.append(dot(accs[i * len(chunks) + jj], a, bv))
        if shift:
            out += [dot(accs[tile.count + jj], bias_bytes, bv) for jj, bv in enumerate(bs)]
        return out

    def finish(accs: list) -> list:
        if not shift:
            return accs
        comps, accs = accs[tile.count:], accs[:tile.count]
        return [arith.SubIOp(acc, comps[n % len(chunks)]).result for n, acc in enumerate(accs)]

    return step, accs, finish


def _transposed_view(view: ir.Value) -> ir.Value:
    """`memref.transpose` of a 2-D view: rows and columns (sizes and strides) swapped."""
    mtype = ir.MemRefType(view.type)
    strides, offset = mtype.get_strides_and_offset()
    layout = ir.StridedLayoutAttr.get(offset, list(reversed(strides)))
    result = ir.MemRefType.get(list(reversed(mtype.shape)), mtype.element_type, layout, mtype.memory_space)
    return memref.transpose(result, view, ir.AffineMapAttr.get(ir.AffineMap.get_permutation([1, 0])))


def _lane_sums(vectors: list, vw: int) -> ir.Value:
    """One vector whose lane t is the sum of vectors[t]'s lanes (len(vectors) <= vw; lanes past
    it undefined): a tree of pairwise steps, each folding two vectors into one that holds both
    halves' pairwise sums (two lane shuffles and an add), zeros filling to a power of two."""
    vtype = vectors[0].type
    count = 1 << (len(vectors) - 1).bit_length()
    level = list(vectors) + [zero_vector(vtype)] * (count - len(vectors))
    evens, odds = list(range(0, 2 * vw, 2)), list(range(1, 2 * vw, 2))

    def fold(a: ir.Value, b: ir.Value) -> ir.Value:
        return arith.AddFOp(vector.shuffle(a, b, evens), vector.shuffle(a, b, odds)).result

    while len(level) > 1:
        level = [fold(level[t], level[t + 1]) for t in range(0, len(level), 2)]
    total = level[0]
    for _ in range(vw.bit_length() - count.bit_length()):  # each lane group down to one lane
        total = fold(total, total)
    return total


def _load(src, row, j, w, vw, vtype, masks, pad):
    """Lanes [j, j+w) of `row` (masked when w < vw)."""
    return read_vector(src, [row, index_const(j)], vtype, masks.get(w) if w < vw else None)


def _store(value, dst, row, j, w, vw, masks):
    write_vector(value, dst, [row, index_const(j)], masks.get(w) if w < vw else None)


def _static_columns(c: ir.Value) -> bool:
    """Whether a 2-D memref's columns are a static count (its rows may be dynamic)."""
    shape = ir.MemRefType(c.type).shape
    return len(shape) == 2 and shape[1] != ir.ShapedType.get_dynamic_size()

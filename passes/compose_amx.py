"""compose-amx: composes bf16/int8 nanokernels into AMX tile microkernels, leaving the edges to AVX-512."""

from __future__ import annotations

import dataclasses
from typing import Callable

from mlir import ir
from mlir.dialects import arith, memref, scf, vector

from ..dialects import amx
from ..errors import ConfigError
from ..runtime.dtypes import ceil_div, round_up
from . import _epilogue, nanokernel
from ._base import ModulePass
from ._ir import (call_outlined, const_int, defined_outside, dim, erase, index_const, lane_mask, read_vector, row_chunks,
                  subview, walk, write_vector)
from .nanokernel import NANOKERNEL, Nanokernel

AMX_MICROKERNEL = "nanomm.amx_microkernel"
TILE = 16  # rows of every tile; columns of a C tile (16 f32 / i32 = 64 bytes)
NUM_TILES = 8  # tmm0..tmm7
NUM_VREGS = 32  # zmm registers, for the size of the AVX-512 pieces left behind
# pad-mn leaves a dimension whose remainder (mod 16) is this one to AVX-512: a tile over one row or
# column does 16 times its work, and one-row or one-column edges were the ones slower on tiles, but
# one-row edges of bf16 kernels over K blocks of 256 or more (pad-one-row: compiler/config.py
# ONE_ROW_MIN_K has the figures and the command); on an AMX host through AOT builds: `python -m
# nanomm.compiler.aot 33x4096x33 --dtype bf16 --target emeraldrapids [--set pad_mn=0] --out DIR`,
# then bench/amx_host/amx_bench.py.
PAD_MN_SKIP_REMAINDER = 1
SCRATCH = 2 * TILE  # pad-mn's C scratch buffer: 2x2 tiles; larger register tiles keep AVX-512 edges


@dataclasses.dataclass(frozen=True)
class ComposeAmx(ModulePass):
    """Turns each bf16 / int8 nanokernel on a VNNI-packed B into an AMX microkernel plus AVX-512 edges.

    Expects: tile-register's low-precision nanokernels (passes/nanokernel.py) reading B as rows of
    pack's VNNI panel `memref<ceil(K/v) x NR*v>` (v = 2 for bf16, 4 for i8), maybe after a zero
    write of C. Other nanokernels (f32, unpacked B) are left for compose-microkernel.

    Produces, for an MR x NR x K nanokernel: the AMX microkernel of C[0:M16, 0:N16] (MR and NR
    rounded down to 16) over k in [0, K_AMX) (K rounded down to the k of one tile product: 32 bf16,
    64 i8), tm x tn C tiles live across the K steps, `amx.tile_mulf` (tdpbf16ps) or
    `amx.tile_muli` (tdpbusd / tdpbssd) products; and what AMX cannot do, the K remainder and the
    edge rows and columns, as new nanokernels (split to fit the 32 zmm registers) that
    compose-microkernel turns into AVX-512 code.

    Key choices: AMX and AVX-512 meet at the nanokernel, so tile-register, pack (whose VNNI panel
    is the AMX B layout) and compose-microkernel stay as they are; edges reuse AVX-512 code instead
    of partial tiles that would each need a tile configuration; the K steps are straight-line code
    (MLIR 22 cannot carry `!amx.tile` through block arguments); tm*tn + tm + 1 tiles are live, so
    register tiles are at most 32x32.

    Options: outline (one private function per distinct microkernel), emulate (the same tile
    program from vector ops, for CPUs without AMX), prefetch-a (A rows that many K steps ahead;
    0 disables), prefetch-c (the next microkernel's C lines), stream-b (B tiles loaded with the
    non-temporal hint, tileloaddt1), bf16-fma (pieces sized for
    compose-microkernel{bf16-fma}), pad-k (tiles over pack{pad-k}'s zero-padded K), pad-mn (edge
    nanokernels on tiles rounded up to 16 rows and columns), pad-one-row (with pad-mn, one-row M
    edges too), pipeline-epilogue (a tile's epilogue run one trip late, between the next tile's
    products; on by default). The methods say more of each.
    """

    name = "compose-amx"
    outline: bool = True
    emulate: bool = False
    prefetch_a: int = 0
    prefetch_c: bool = False
    stream_b: bool = False
    bf16_fma: bool = False
    pad_k: bool = False
    pad_mn: bool = False
    pad_one_row: bool = False
    pipeline_epilogue: bool = True

    def run(self, module: ir.Module) -> None:
        outlined: dict[tuple, str] = {}
        scratch: dict[tuple, ir.Value] = {}  # (function, element type): pad-mn's C scratch buffer
        for loop in list(walk(module.operation, "scf.for")):
            if NANOKERNEL not in loop.attributes:
                continue
            nk = nanokernel.match(loop)
            if nk is None:
                raise self.fail("nanokernel loop does not have the form tile-register produces", loop)
            if nk.kind == "f32" or not nk.b_packed:
                continue
            m16, n16 = nk.mr // TILE * TILE, nk.nr // TILE * TILE
            kt = TILE * nk.v
            k_amx = nk.k // kt * kt
            padded = self.pad_k and k_amx < nk.k
            if padded:
                k_amx += kt
            tm, tn = m16 // TILE, n16 // TILE
            if tm * tn + tm + 1 > NUM_TILES:
                raise self.fail(f"a {nk.mr}x{nk.nr} register tile needs {tm * tn + tm + 1} AMX tiles "
                                f"({tm}x{tn} C, {tm} A, 1 B), there are {NUM_TILES}; use mr, nr <= 32", loop)
            zero = nk.zero_init is not None
            rows, cols = nk.mr % TILE, nk.nr % TILE
            pads_edge = ((rows, cols) != (0, 0) and cols != PAD_MN_SKIP_REMAINDER
                         and (rows != PAD_MN_SKIP_REMAINDER or self.pad_one_row))
            dyn = nanokernel.dynamic_rows(nk.c)
            scratch_fits = self.pad_mn and max(nk.mr, nk.nr) <= SCRATCH and _on_stack(nk.a)
            if dyn and not scratch_fits:
                raise self.fail(f"a {nk.mr}x{nk.nr} nanokernel with a run-time row count (tile-register{{pad-rows}}) "
                                f"needs pad-mn, at most {SCRATCH}x{SCRATCH}, and A copied by pack{{pack-a}}", loop)
            whole = m16 == nk.mr and n16 == nk.nr and nk.k <= k_amx and not dyn
            pipelined = self._pipelined(loop, nk) if whole else None
            with ir.InsertionPoint(loop), loop.location:
                if pipelined is not None:
                    self._pipeline(pipelined, nk, lambda nk, interleave=(): self._tiles_and_pieces(
                        module, loop, outlined, nk, m16, n16, k_amx, padded, zero, interleave))
                elif scratch_fits and k_amx >= nk.k and (dyn or pads_edge):
                    self._padded_edge(module, loop, outlined, scratch, nk, k_amx, zero)
                elif dyn:  # K not whole tile products: tiles and AVX-512 pieces, C through the scratch buffer
                    self._through_scratch(loop, scratch, nk, zero, nk.mr, nk.nr, lambda c: self._tiles_and_pieces(
                        module, loop, outlined, dataclasses.replace(nk, c=c), m16, n16, k_amx, padded, zero))
                else:
                    self._tiles_and_pieces(module, loop, outlined, nk, m16, n16, k_amx, padded, zero)
            erase(loop)
            if nk.zero_init is not None:
                erase(nk.zero_init)
            if pipelined is not None:
                erase(pipelined.epilogue)

    def _pipelined(self, loop: ir.Operation, nk: Nanokernel) -> "_Pipelined | None":
        """pipeline-epilogue: when this nanokernel is the body of a loop over tiles (constant bounds,
        2 or more trips, nothing but views before it, its epilogue last) and its microkernel is
        inlined straight-line code, a tile's epilogue can run on the loop's next trip, its vector
        rows spread between that trip's tile products.

        Why: after its own tile's stores the epilogue waits for the last product, then its vector
        work (bias + GELU: ~26 ops per 16 lanes) runs while the tile unit idles. Beside the next
        tile's products the two overlap, as long as the vector work a K step stays small (about 64
        FMAs a step in the tile loop: `python bench/amx_host/tile_loop.py --orders nanomm --kc 384
        --panels 16 --stream-b --store-c --vector-fmas 0,64,128`). oneDNN's AMX brgemm interleaves its
        post-ops with the next tiles alike. Re-measure: `python bench/bench_layers.py --layers
        bert.up,minilm.up --ms 128,512 --dtypes bf16 --rounds 7` against a checkout without it."""
        if not self.pipeline_epilogue or self.outline or self.emulate:
            return None
        epilogue = _epilogue.after(loop, nk.c)
        outer = loop.parent
        if epilogue is None or outer is None or outer.name != "scf.for":
            return None
        ops = [o.operation for o in outer.regions[0].blocks[0].operations
               if nk.zero_init is None or o.operation != nk.zero_init.operation]  # (erased with the nanokernel)
        lower, upper, step = (const_int(v) for v in list(outer.operands)[:3])
        if (len(ops) < 3 or ops[-3] != loop.operation or ops[-2] != epilogue.operation
                or not all(o.name in _VIEW_OPS for o in ops[:-3])
                or None in (lower, upper, step) or ceil_div(upper - lower, step) < 2):
            return None
        return _Pipelined(epilogue, outer, lower, step, ceil_div(upper - lower, step))

    @staticmethod
    def _pipeline(p: "_Pipelined", nk: Nanokernel, tiles: Callable[..., None]) -> None:
        """The loop `p.outer` over nk's tiles with its first trip peeled: that tile before the loop;
        in the loop, a trip's tile with the previous trip's epilogue between its products
        (tiles(nk, interleave) makes nk's microkernel); the last tile's epilogue after the loop, as
        the epilogue op on that tile (compose-microkernel makes it a loop over its rows: less
        straight-line code for LLVM to schedule)."""
        outer, lower, step = p.outer, p.lower, p.step
        iv = outer.regions[0].blocks[0].arguments[0]
        ins = [x for x, _ in _epilogue.inputs(p.epilogue)]

        def views(trip: ir.Value) -> tuple[ir.Value, list[ir.Value]]:
            """The tile's C and epilogue inputs at `trip` (made at the insertion point)."""
            memo: dict = {}
            return _remapped(nk.c, iv, trip, outer, memo), [_remapped(x, iv, trip, outer, memo) for x in ins]

        with ir.InsertionPoint(outer), outer.location:
            memo: dict = {}
            first = index_const(lower)
            tiles(dataclasses.replace(nk, **{f: _remapped(getattr(nk, f), iv, first, outer, memo) for f in "abc"}))
            outer.operands[0] = index_const(lower + step)
        tiles(nk, _epilogue.vector_chunks(p.epilogue, *views(arith.SubIOp(iv, index_const(step)).result), TILE))
        with ir.InsertionPoint.after(outer), outer.location:
            _epilogue.clone_onto(p.epilogue, *views(index_const(lower + (p.trips - 1) * step)))

    def _tiles_and_pieces(self, module, loop, outlined, nk: Nanokernel, m16: int, n16: int, k_amx: int,
                          padded: bool, zero: bool, interleave: list[Callable[[], None]] = ()) -> None:
        """The AMX microkernel of C[0:m16, 0:n16] over K_AMX, and AVX-512 pieces for the K remainder
        and the edge rows [m16, MR) and columns [n16, NR) over the whole K.

        The K remainder accumulates onto what the tiles stored (no zeros, and no reads of A past K,
        which tiles of a whole pair / quad of k would make). With `pad-k` (after pack{pad-k}: A
        copies and B panels zero-padded to whole tile products) the tiles run over K rounded up
        instead, through views of the same buffers widened to it: the zeros add nothing, and no
        AVX-512 pass re-reads C."""
        if m16 and n16 and k_amx:
            if padded:  # the zeros past K in the same buffers (pack{pad-k})
                a = _widened(nk.a, [m16, k_amx])
                b = _widened(nk.b, [k_amx // nk.v, n16 * nk.v])
            else:
                a = subview(nk.a, [0, 0], [m16, k_amx])
                b = subview(nk.b, [0, 0], [k_amx // nk.v, n16 * nk.v])
            c = subview(nk.c, [0, 0], [m16, n16])
            self._microkernel(module, loop, outlined, nk, a, b, c, m16 // TILE, n16 // TILE, k_amx, zero, interleave)
            if k_amx < nk.k:  # K remainder (no pad-k), accumulating onto the tiles' result
                _pieces(nk, 0, m16, 0, n16, k_amx, nk.k, False, self.bf16_fma)
        else:
            m16 = n16 = 0
        if m16 < nk.mr:
            _pieces(nk, m16, nk.mr, 0, nk.nr, 0, nk.k, zero, self.bf16_fma)
        if n16 < nk.nr and m16:
            _pieces(nk, 0, m16, n16, nk.nr, 0, nk.k, zero, self.bf16_fma)

    def _padded_edge(self, module, loop, outlined, scratch: dict, nk: Nanokernel, k: int, zero: bool) -> None:
        """pad-mn: the whole mr x nr nanokernel on tiles, rows and columns rounded up to 16, C through
        the function's scratch buffer. For an edge nanokernel (rows or columns not a multiple of 16,
        and neither a multiple plus PAD_MN_SKIP_REMAINDER, rows only with pad-one-row) whose tiles
        cover all of K (K whole tile
        products, or pad-k), of at most 32x32, with A copied by pack{pack-a}.

        A is read through a view widened to the rounded rows (the copy's buffer has whole 16-row
        tiles: the extra rows hold whatever an earlier block left and only make C rows that are
        thrown away); B through a view widened to the rounded columns (pack's panels are zero past
        N, and as wide as the register tile); C through the 32x32 scratch buffer: the nanokernel's
        part copied in (unless it starts from zero), the tiles loaded from and stored to it, the
        part copied back, each row with masked vector loads and stores."""
        rows, cols = round_up(nk.mr, TILE), round_up(nk.nr, TILE)
        a = _widened(nk.a, [rows, k])
        b = _widened(nk.b, [k // nk.v, cols * nk.v])
        self._through_scratch(loop, scratch, nk, zero, rows, cols, lambda c: self._microkernel(
            module, loop, outlined, nk, a, b, c, rows // TILE, cols // TILE, k, zero))

    def _through_scratch(self, loop, scratch: dict, nk: Nanokernel, zero: bool, rows: int, cols: int,
                         body: Callable[[ir.Value], None]) -> None:
        """body(rows x cols view of the scratch buffer) in place of nk's C: the rows of C that exist
        (nk.mr, or at run time for tile-register{pad-rows}) copied in (unless C starts from zero) and
        back."""
        buf = self._scratch(loop, scratch, nk.c.type.element_type)
        row_t = ir.VectorType.get([TILE], nk.c.type.element_type)
        present = dim(nk.c, 0) if nanokernel.dynamic_rows(nk.c) else nk.mr
        if not zero:
            _copy_rows(nk.c, buf, present, nk.nr, row_t, into_scratch=True)
        body(subview(buf, [0, 0], [rows, cols]))
        _copy_rows(buf, nk.c, present, nk.nr, row_t, into_scratch=False)

    @staticmethod
    def _scratch(loop: ir.Operation, scratch: dict, elt: ir.Type) -> ir.Value:
        """The 32x32 C scratch buffer of the function holding `loop` (one alloca at its entry)."""
        fn = loop.parent
        while fn.name != "func.func":
            fn = fn.parent
        key = (fn, str(elt))
        if key not in scratch:
            with ir.InsertionPoint.at_block_begin(fn.regions[0].blocks[0]), loop.location:
                scratch[key] = memref.alloca(ir.MemRefType.get([SCRATCH, SCRATCH], elt), [], [], alignment=64)
        return scratch[key]

    def _microkernel(self, module, loop, outlined, nk: Nanokernel, a, b, c, tm, tn, k, zero, interleave=()) -> None:
        """The tile program, or with `outline` a call of the private function (tagged
        `nanomm.outlined`) made once per distinct microkernel (operand types, K, zero start): LLVM
        puts its `ldtilecfg` at that function's entry, and a shape with many blocks has a few."""
        if not self.outline:
            self._emit(nk, a, b, c, tm, tn, k, zero, interleave)
            return
        key = (tuple(str(v.type) for v in (a, b, c)), k, zero, nk.kind)
        name = f"nanomm_amx_{len(outlined)}_{tm * TILE}x{tn * TILE}x{k}{'_zero' if zero else ''}"
        call_outlined(module, loop, outlined, key, name, [a, b, c],
                      lambda a, b, c: self._emit(nk, a, b, c, tm, tn, k, zero))

    def _emit(self, nk: Nanokernel, a, b, c, tm: int, tn: int, k: int, zero: bool,
              interleave: list[Callable[[], None]] = ()) -> None:
        """The tile program: C tiles (started by `amx.tile_zero` or loads of C) live across K; per KT
        of k, tm A tiles (16 rows of A) and tn B tiles (16 panel rows x 64 bytes: the VNNI panel's
        layout as it is) are loaded and tm x tn products accumulate; the C tiles are stored after.

        `stream-b`: B tiles are loaded with the non-temporal hint (tileloaddt1, marked STREAM for
        lower-llvm): in tile-register's mn order a microkernel's A rows (32 x kc) are read again by
        the next microkernels while each B panel passes once, and B lines filling L1 would evict
        them. With A blocks of 32 KiB, 2x2 tile loops over B panels from L2 rise from 64 % to 79 %
        of the register-only rate on the Intel AMX VM: `python bench/amx_host/tile_loop.py --kc 512
        --panels 16 --orders nanomm --stream-b`.

        `prefetch-a=d`: each K step prefetches (into L1) the A rows of the step d steps ahead, one
        line per row: A's row stride K is often a power of two, so its rows alias in L1 and come
        from L2, and a tile load stalls on each of its 16 lines. `prefetch-c`: the K steps also
        prefetch (for writing) the C lines of the microkernel to the right (tile-register's mn order
        runs it next), a few a step: C tiles loaded where a K block accumulates come from memory,
        and tile loads wait for each line.

        `interleave`: code emitted (in order) after the K steps' products, spread evenly over them
        (the previous tile's epilogue, pipeline-epilogue)."""
        tiles = _Emulated(nk) if self.emulate else _Amx(nk, self.stream_b)
        v, kt = nk.v, TILE * nk.v
        accs = [tiles.start(c, i * TILE, j * TILE, zero) for i in range(tm) for j in range(tn)]

        def step(kv: ir.Value, cur: list) -> list:
            cur = list(cur)
            row = arith.DivUIOp(kv, index_const(v)).result
            if (tm, tn) == (2, 2):
                # B0 A0 C00 A1 B1 C10 C01 C11: B0 stays live until B1 is loaded, so the four
                # operands get four registers (LLVM would otherwise reuse one for B0 and B1),
                # and the next step's first loads (B0, A0) overwrite registers whose last
                # products (C10, C01) were issued before the step's last one: tile loads overlap
                # the TMUL work instead of waiting for the whole step (tiles are not renamed).
                b0 = tiles.load_b(b, row, 0)
                a0 = tiles.load_a(a, 0, kv)
                cur[0] = tiles.mul(a0, b0, cur[0])
                a1 = tiles.load_a(a, TILE, kv)
                b1 = tiles.load_b(b, row, TILE * v)
                cur[2] = tiles.mul(a1, b0, cur[2])
                cur[1] = tiles.mul(a0, b1, cur[1])
                cur[3] = tiles.mul(a1, b1, cur[3])
                return cur
            a_tiles = [tiles.load_a(a, i * TILE, kv) for i in range(tm)]
            for j in range(tn):
                b_tile = tiles.load_b(b, row, j * TILE * v)
                for i in range(tm):
                    cur[i * tn + j] = tiles.mul(a_tiles[i], b_tile, cur[i * tn + j])
            return cur

        if self.emulate:
            flat = [x for acc in accs for x in tiles.values(acc)]
            kloop = scf.ForOp(index_const(0), index_const(k), index_const(kt), flat)
            kloop.operation.attributes[AMX_MICROKERNEL] = ir.UnitAttr.get()
            with ir.InsertionPoint(kloop.body):
                cur = step(kloop.induction_variable, tiles.unflatten(list(kloop.inner_iter_args), tm * tn))
                scf.YieldOp([x for acc in cur for x in tiles.values(acc)])
            accs = tiles.unflatten(list(kloop.results), tm * tn)
        else:
            # Straight-line K: LLVM's tile register allocation and ldtilecfg placement work on
            # straight-line tile values; MLIR 22 cannot carry !amx.tile through block arguments.
            c_lines = self._next_c_lines(tm, tn)
            per_step = ceil_div(len(c_lines), k // kt)  # spread over the K steps
            for n_step, kk in enumerate(range(0, k, kt)):
                ahead = kk + self.prefetch_a * kt
                if self.prefetch_a and ahead < k:
                    for r in range(tm * TILE):
                        memref.prefetch(a, [index_const(r), index_const(ahead)], is_write=False, locality_hint=3,
                                        is_data_cache=True)
                for r, col in c_lines[n_step * per_step:(n_step + 1) * per_step]:
                    memref.prefetch(c, [index_const(r), index_const(col)], is_write=True, locality_hint=3,
                                    is_data_cache=True)
                accs = step(index_const(kk), accs)
                spread = ceil_div(len(interleave), k // kt)
                for emit in interleave[n_step * spread:(n_step + 1) * spread]:
                    emit()
        for i in range(tm):
            for j in range(tn):
                tiles.store(c, i * TILE, j * TILE, accs[i * tn + j])

    def _next_c_lines(self, tm: int, tn: int) -> list[tuple[int, int]]:
        """(row, column) of each C cache line of the microkernel to the right of this one (past
        this microkernel's view of C: only an address; x86 prefetches never fault)."""
        if not self.prefetch_c:
            return []
        return [(r, tn * TILE + col) for r in range(tm * TILE) for col in range(0, tn * TILE, TILE)]


class _Amx:
    """Tiles as `!amx.tile` values (one SSA value per tile); B loads marked STREAM with `stream_b`."""

    def __init__(self, nk: Nanokernel, stream_b: bool = False):
        self.nk = nk
        self.stream_b = stream_b
        in_elt, acc_elt = nk.a.type.element_type, nk.c.type.element_type
        self.a_t = amx.tile_type(TILE, TILE * nk.v, in_elt)
        self.b_t = amx.tile_type(TILE, TILE * nk.v, in_elt)
        self.c_t = amx.tile_type(TILE, TILE, acc_elt)

    def start(self, c, i, j, zero):
        return amx.tile_zero(self.c_t) if zero else amx.tile_load(c, [index_const(i), index_const(j)], self.c_t)

    def values(self, tile):
        return [tile]

    def unflatten(self, values, n):
        return list(values)

    def load_a(self, a, i, k):
        return amx.tile_load(a, [index_const(i), k], self.a_t)

    def load_b(self, b, row, col):
        tile = amx.tile_load(b, [row, index_const(col)], self.b_t)
        if self.stream_b:
            tile.owner.attributes[amx.STREAM] = ir.UnitAttr.get()
        return tile

    def mul(self, a, b, acc):
        if self.nk.kind == "bf16":
            return amx.tile_mulf(a, b, acc)
        return amx.tile_muli(a, b, acc, a_unsigned=self.nk.kind == "u8s8", b_unsigned=False)

    def store(self, c, i, j, tile):
        amx.tile_store(c, [index_const(i), index_const(j)], tile)


class _Emulated:
    """The same tiles as vectors (`emulate`: the tile program runs, and is checked against numpy, on
    CPUs without AMX): a C tile is 16 rows `vector<16xf32|i32>`, an A tile stays in memory (its
    elements are loaded where used), a B tile is 16 panel rows `vector<16v>`, a product is 16 x KT
    multiply-adds per row; the K steps are an `scf.for` tagged `nanomm.amx_microkernel` carrying the
    tiles' rows, to keep the IR small."""

    def __init__(self, nk: Nanokernel):
        self.nk = nk
        self.in_elt, self.acc_elt = nk.a.type.element_type, nk.c.type.element_type
        self.row_t = ir.VectorType.get([TILE], self.acc_elt)
        self.b_row_t = ir.VectorType.get([TILE * nk.v], self.in_elt)
        self.float = isinstance(self.acc_elt, ir.FloatType)

    def start(self, c, i, j, zero):
        if zero:
            z = arith.ConstantOp(self.row_t, ir.DenseElementsAttr.get_splat(
                self.row_t, ir.FloatAttr.get(self.acc_elt, 0.0) if self.float else ir.IntegerAttr.get(self.acc_elt, 0)))
            return [z.result] * TILE
        return [vector.load(self.row_t, c, [index_const(i + r), index_const(j)]) for r in range(TILE)]

    def values(self, tile):
        return list(tile)

    def unflatten(self, values, n):
        return [values[t * TILE:(t + 1) * TILE] for t in range(n)]

    def load_a(self, a, i, k):
        return (a, i, k)

    def load_b(self, b, row, col):
        rows = []
        for kk in range(TILE):
            r = row if kk == 0 else arith.AddIOp(row, index_const(kk)).result
            rows.append(vector.load(self.b_row_t, b, [r, index_const(col)]))
        return rows

    def _ext(self, value, unsigned):
        t = ir.VectorType.get(ir.VectorType(value.type).shape, self.acc_elt) \
            if isinstance(value.type, ir.VectorType) else self.acc_elt
        if self.float:
            return arith.ExtFOp(t, value).result
        return (arith.ExtUIOp if unsigned else arith.ExtSIOp)(t, value).result

    def mul(self, a_tile, b_rows, acc):
        a, i, k = a_tile
        v = self.nk.v
        # B's column lanes for each k of the tile: panel row kk holds (B[kk*v+p, n]) at n*v + p.
        cols = {}
        for kk in range(TILE):
            for p in range(v):
                lanes = vector.shuffle(b_rows[kk], b_rows[kk], [n * v + p for n in range(TILE)])
                cols[kk, p] = self._ext(lanes, unsigned=False)
        out = []
        for r in range(TILE):
            row = acc[r]
            for kk in range(TILE):
                for p in range(v):
                    kidx = arith.AddIOp(k, index_const(kk * v + p)).result
                    x = self._ext(memref.load(a, [index_const(i + r), kidx]), unsigned=self.nk.kind == "u8s8")
                    xs = vector.broadcast(self.row_t, x)
                    if self.float:
                        row = vector.fma(xs, cols[kk, p], row)
                    else:
                        row = arith.AddIOp(row, arith.MulIOp(xs, cols[kk, p]).result).result
            out.append(row)
        return out

    def store(self, c, i, j, tile):
        for r in range(TILE):
            vector.store(tile[r], c, [index_const(i + r), index_const(j)])


# Ops that only name memory or compute an index: a loop whose body holds nothing else before its
# nanokernel can have its first trip peeled (pipeline-epilogue).
_VIEW_OPS = frozenset({"memref.subview", "memref.reinterpret_cast", "memref.extract_strided_metadata",
                       "arith.constant", "arith.addi", "arith.subi", "arith.muli", "arith.divui", "arith.remui",
                       "arith.minsi", "arith.maxsi", "affine.apply", "affine.min"})


@dataclasses.dataclass(frozen=True)
class _Pipelined:
    """pipeline-epilogue's loop: the epilogue after its nanokernel, the loop over tiles and its
    constant lower bound, step and trip count."""
    epilogue: ir.Operation
    outer: ir.Operation
    lower: int
    step: int
    trips: int


def _remapped(value: ir.Value, iv: ir.Value, new: ir.Value, scope: ir.Operation, memo: dict) -> ir.Value:
    """`value` as it would be with `iv` (the induction variable of the loop `scope`) equal to `new`:
    the ops between them inside the loop (views, index arithmetic) cloned at the insertion point."""
    if value == iv or defined_outside(value, scope):
        return new if value == iv else value
    found = memo.get(value)
    if found is None:
        op = value.owner
        if isinstance(op, ir.Block) or len(op.regions) or len(op.results) != 1:
            raise ValueError(f"cannot re-make {value} for another trip of its loop")
        operands = [_remapped(v, iv, new, scope, memo) for v in op.operands]
        clone = op.operation.clone()
        for i, v in enumerate(operands):
            clone.operands[i] = v
        found = memo[value] = clone.results[0]
    return found


def _copy_rows(src: ir.Value, dst: ir.Value, rows: int | ir.Value, cols: int, row_t: ir.VectorType,
               into_scratch: bool) -> None:
    """dst[r, 0:cols] = src[r, 0:cols] for r < rows (unrolled, or a loop over a run-time count),
    16 lanes at a time; the access to C (src when copying into the scratch buffer, dst when copying
    back) is masked past `cols`."""
    def chunk(r, j, lanes, mask):
        at = [r, index_const(j)]
        value = read_vector(src, at, row_t, mask if into_scratch else None)
        write_vector(value, dst, at, None if into_scratch else mask)

    if not isinstance(rows, int):
        row_chunks(rows, cols, TILE, chunk)
        return
    for r in range(rows):
        for j in range(0, cols, TILE):
            lanes = min(TILE, cols - j)
            chunk(index_const(r), j, lanes, lane_mask(TILE, lanes) if lanes < TILE else None)


def _on_stack(view: ir.Value) -> bool:
    """Whether `view` is a view (subview / reinterpret_cast) of a `memref.alloca`: pack{pack-a}'s
    copy of A, not the caller's A, whose rows past the view may not exist."""
    while True:
        if isinstance(view.owner, ir.Block):  # a function argument
            return False
        op = view.owner.operation
        if op.name != "memref.subview" and op.name != "memref.reinterpret_cast":
            return op.name == "memref.alloca"
        view = op.operands[0]


def _widened(view: ir.Value, sizes: list[int]) -> ir.Value:
    """`view` (a 2-D strided memref) with larger static sizes over the same buffer: same offset
    and strides. Only for memory the caller knows to exist: pack{pad-k}'s zeros past K, pad-mn's
    rows of the A copy and columns of the B panel past the edge."""
    t = ir.MemRefType(view.type)
    strides, offset = t.get_strides_and_offset()
    dyn = ir.ShapedType.get_dynamic_stride_or_offset()
    meta = memref.ExtractStridedMetadataOp(view)
    base, off = meta.results[0], meta.results[1]
    layout = f"strided<[{strides[0]}, {strides[1]}], offset: ?>"
    result = ir.Type.parse(f"memref<{sizes[0]}x{sizes[1]}x{t.element_type}, {layout}>")
    return memref.reinterpret_cast(result, base, [off], [], [], [dyn], sizes, list(strides))


def _pieces(nk: Nanokernel, m0: int, m1: int, n0: int, n1: int, k0: int, k1: int, zero: bool,
            fma: bool = False) -> None:
    """Nanokernels for C[m0:m1, n0:n1] over k in [k0, k1), split so each fits the zmm registers."""
    for c0 in range(n0, n1, 64):
        c1 = min(n1, c0 + 64)
        rows = _max_rows(c1 - c0, nk.kind, fma)
        count = ceil_div(m1 - m0, rows)
        step, extra = divmod(m1 - m0, count)
        r0 = m0
        for p in range(count):
            r1 = r0 + step + (1 if p < extra else 0)
            _piece(nk, r0, r1, c0, c1, k0, k1, zero)
            r0 = r1


def _max_rows(cols: int, kind: str, fma: bool = False) -> int:
    """The most rows of a `cols`-wide register tile whose accumulators, B vectors and A broadcast
    (and for s8 x s8 the column-sum accumulators and 0x80 constant; for bf16 with `fma` the
    float32 halves of B and A) fit the registers."""
    chunks = ceil_div(cols, TILE)
    extra = chunks + 1 if kind == "s8s8" else 0
    if fma and kind == "bf16":
        extra = chunks + 1  # a second half of every B vector and of A's broadcast
    rows = (NUM_VREGS - chunks - 1 - extra) // chunks
    if rows < 1:
        raise ConfigError(f"compose-amx: a {cols}-column piece does not fit {NUM_VREGS} vector registers")
    return rows


def _piece(nk: Nanokernel, m0: int, m1: int, n0: int, n1: int, k0: int, k1: int, zero: bool) -> None:
    """The nanokernel (B read as a VNNI panel row, as after pack) of one piece."""
    v, mr, nr, k = nk.v, m1 - m0, n1 - n0, k1 - k0
    a = subview(nk.a, [m0, k0], [mr, k])
    b = subview(nk.b, [k0 // v, n0 * v], [ceil_div(k, v), nr * v])
    c = subview(nk.c, [m0, n0], [mr, nr])
    elt = nk.c.type.element_type
    if zero:
        vt = ir.VectorType.get([mr, nr], elt)
        attr = ir.FloatAttr.get(elt, 0.0) if isinstance(elt, ir.FloatType) else ir.IntegerAttr.get(elt, 0)
        nanokernel.write_tile(arith.ConstantOp(vt, ir.DenseElementsAttr.get_splat(vt, attr)).result, c)

    def panel_row(kv: ir.Value) -> ir.Value:
        """Panel row kv / v: nr columns of v consecutive k, read as [nr][v] and transposed to [v][nr]."""
        in_elt = ir.MemRefType(b.type).element_type
        pad = arith.ConstantOp(in_elt, 0.0 if isinstance(in_elt, ir.FloatType) else 0).result
        minor = ir.AffineMapAttr.get(ir.AffineMap.get(2, 0, [ir.AffineExpr.get_dim(1)]))
        row = vector.transfer_read(ir.VectorType.get([nr * v], in_elt), b,
                                   [arith.DivUIOp(kv, index_const(v)).result, index_const(0)], minor, pad,
                                   ir.ArrayAttr.get([ir.BoolAttr.get(True)]))
        return vector.transpose(ir.VectorType.get([v, nr], in_elt),
                                vector.shape_cast(ir.VectorType.get([nr, v], in_elt), row), [1, 0])

    nanokernel.build(a, b, c, mr, nr, k, a_unsigned=nk.kind == "u8s8", read_b=panel_row)

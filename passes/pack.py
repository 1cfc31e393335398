"""pack: copies each KC x NC block of B into NR-wide contiguous panels that the microkernels read."""

from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith, func, memref, scf, vector

from ..errors import ConfigError
from ..runtime.dtypes import ceil_div, packed_panel_rows, round_up
from ._base import ModulePass
from ._ir import (add_index, erase, index_const, lane_mask, interleave, read_vector, row_chunks, vnni_factor,
                  walk, write_vector, zero_vector)
from .tile_cache import A_BLOCK, B_BLOCK

PACKED_B = "nanomm.packed_b"


@dataclasses.dataclass(frozen=True)
class Pack(ModulePass):
    """Packs B blocks into panels, by generated code, once per block.

    Expects: tile-cache{order=nkm} followed by tile-register: each B block is a
    `memref.subview` tagged `nanomm.b_block`, made before the M-block loop, whose users are
    the register tiles' B subviews (`[0, n] [KC, nr]`, n a multiple of `nr`) or nanokernel
    reads.

    Produces: right after each B block, a loop nest that copies it into a buffer laid out
    [NC/NR][KC][NR] (one contiguous KC x NR panel per register-tile column, the last panel
    zero-padded), with 16-lane vector loads and stores (masked at the edge). The copy walks
    B along its rows (K outer, panels inner), so each row of the block is one run of lines; a
    panel-by-panel walk reads 2-4 lines a row, a row stride apart, keeps fewer misses in flight
    and packed more slowly (`python bench/bench_configs.py 128x4096x4096 --dtype D --pack`
    measures the packing). With `prefetch-rows=d`, when the whole B is larger than
    `prefetch-min-kib` (an L2: smaller B is read from cache), each panel row also prefetches
    (into L2: every block row is a short run on its own page, where the hardware prefetchers do
    not run ahead) the lines of the B rows that panel row k + d copies, clamped to the block.
    Every tile's B view is redirected to its panel, a memref<KC x nr, strided<[NR, 1]>>, so a microkernel
    reads B sequentially and never with the row stride of B. One buffer, sized for the
    largest block, is allocated on the stack at function entry and aligned to 64 bytes.

    With `prepacked`, B is packed ahead of time instead: the function's B argument becomes
    the packed layout memref<ceil(K/KC) x ceil(N/NR) x KC x NR> (zero-padded), tiles read
    their panels straight from it, and a second function `<name>_pack_b(B, Bp)` that makes
    that layout from a row-major B is added to the module (weights packed once, reused).
    When B is a column block of a wider B (`memref<K x N, strided<[ldb, 1]>>`), the packed
    argument has the strides of the whole B's layout (K blocks ceil(ldb/NR) panels apart):
    the block's kernel and its `_pack_b` read and write its panels inside one buffer packed for
    all column blocks (compiler/parallel.py shares one packed B between threads this way).

    VNNI layout (bf16, i8): the instructions that multiply low-precision elements (AVX-512
    `vdpbf16ps`, VNNI `vpdpbusd`, AMX) sum v = 2 (bf16) or 4 (i8) consecutive k per 32-bit
    lane, so each panel is [ceil(KC/v)][NR*v]: row kk holds, for each column n, the v
    elements B[kk*v .. kk*v+v-1, n] side by side (rows past K are zeros). The copy reads v
    rows of B and interleaves them in registers (`vector.interleave`). The nanokernels'
    reads of B become a read of one panel row, `vector.shape_cast` to [NR][v] and
    `vector.transpose` back to [v][NR]: the IR still means A @ B, and compose-microkernel
    (or the AMX composition) feeds the panel row to the dot instruction as it is.

    With `pack-a`, each A block (tagged `nanomm.a_block` by tile-cache's nkm order) is also
    copied, right where it is made, into a stack buffer whose row stride is an odd number of
    64-byte lines: A's own row stride is often a power of two (K = 1024, 2048...), so the rows
    a tile reads (16 for an AMX tile) would all fall in the same few L1 sets and evict each
    other. The tiles' A views are remade on the copy; the layout stays row-major.

    With `pad-k` (AMX, with pack-a, B packed here): K blocks are zero-padded to whole AMX tile
    products (16 panel rows: 32 bf16 / 64 int8 k): each A copy row gets zeros from its block's K
    to the next multiple (the odd-line row always has room), and each B panel gets zero rows up
    to a multiple of 16, so compose-amx{pad-k} can run the tiles over the padded K instead of
    leaving the remainder to an AVX-512 pass over C. With prepacked, each K block of the packed
    layout has kc rounded up to whole tile products (runtime.dtypes.packed_panel_rows), and the
    rows past its K, zeroed by the caller, are the padding.

    Options: nr (panel width; equal to tile-register's nr), kc (K block; equal to
    tile-cache's kc, used with prepacked), prepacked, vector-width (lanes per copy),
    max-buffer-kib (refuse blocks whose panels exceed this much stack), pack-a, a-rows (the most rows
    an A block has, for blocks of a dynamic row count: tile-cache's mc), prefetch-rows
    (distance in panel rows; 0 disables), prefetch-min-kib, pad-k.
    """

    name = "pack"
    nr: int = 64
    kc: int = 256
    prepacked: bool = False
    vector_width: int = 16
    max_buffer_kib: int = 4096
    pack_a: bool = False
    a_rows: int = 0
    prefetch_rows: int = 0
    prefetch_min_kib: int = 1024
    pad_k: bool = False

    def __post_init__(self):
        if self.nr <= 0 or self.vector_width <= 0 or self.prefetch_rows < 0:
            raise ConfigError("pack: nr and vector-width must be positive, prefetch-rows >= 0")

    def run(self, module: ir.Module) -> None:
        for f in list(walk(module.operation, "func.func")):
            blocks = [op for op in walk(f, "memref.subview") if B_BLOCK in op.attributes]
            if blocks:
                self._pack_function(f, blocks)
            a_blocks = [op for op in walk(f, "memref.subview") if A_BLOCK in op.attributes]
            if self.pack_a and a_blocks:
                self._copy_a_blocks(f, a_blocks)

    def _copy_a_blocks(self, f: ir.Operation, blocks: list[ir.Operation]) -> None:
        """Copies each A block into one stack buffer with an odd number of cache lines per row."""
        shapes = [ir.MemRefType(op.results[0].type).shape for op in blocks]
        dynamic = ir.ShapedType.get_dynamic_size()
        if any(mb == dynamic for mb, _ in shapes) and not self.a_rows:
            raise self.fail("pack-a of A blocks with a dynamic row count needs a-rows (tile-cache's mc: the "
                            "most rows a block has)", blocks[0])
        elt = ir.MemRefType(blocks[0].results[0].type).element_type
        size = 4 // vnni_factor(elt)
        lines = ceil_div(max(kb for _, kb in shapes) * size, 64)
        row = (lines | 1) * 64 // size  # elements per row: an odd number of 64-byte lines
        # whole 16-row AMX tiles of rows: compose-amx{pad-mn} reads an edge block's tiles past its rows
        total = round_up(max(self.a_rows if mb == dynamic else mb for mb, _ in shapes), 16) * row
        if total * size > self.max_buffer_kib * 1024:
            raise self.fail(f"A block copy needs {total * size // 1024} KiB, over max-buffer-kib="
                            f"{self.max_buffer_kib}; use smaller mc or kc", blocks[0])
        entry = f.regions[0].blocks[0]
        with ir.InsertionPoint.at_block_begin(entry), f.location:
            buf = memref.alloca(ir.MemRefType.get([total], elt), [], [], alignment=64)
        for op in blocks:
            mb, kb = ir.MemRefType(op.results[0].type).shape
            a_blk = op.results[0]
            users = [u.owner for u in a_blk.uses]
            with ir.InsertionPoint.after(op), op.location:
                # a dynamic row count (dynamic-M kernels: min(MC, M - m0)) is the block's dim 0
                rows = memref.dim(a_blk, index_const(0)) if mb == dynamic else mb
                dims = "?" if mb == dynamic else mb
                extent = ([rows], [dynamic]) if mb == dynamic else ([], [mb])

                def view(cols: int) -> ir.Value:
                    t = ir.Type.parse(f"memref<{dims}x{cols}x{elt}, strided<[{row}, 1]>>")
                    return memref.reinterpret_cast(t, buf, [], extent[0], [], [0], extent[1] + [cols], [row, 1])

                copy = view(kb)
                self._copy_rows(a_blk, copy, rows, kb, elt)
                padded = self._padded_k(kb, vnni_factor(elt))
                if padded > kb:  # pad-k: zeros from K to the tile multiple (row >= padded)
                    self._zero_columns(view(padded), rows, kb, padded, elt)
            for user in users:
                self._reroot(user, a_blk, copy)
            op.attributes.__delitem__(A_BLOCK)

    def _padded_k(self, kb: int, v: int) -> int:
        """The K a block of kb is laid out for: kb, or with pad-k kb rounded up to whole AMX tile
        products (16 v: one B tile of 16 panel rows)."""
        return round_up(kb, 16 * v) if self.pad_k else kb

    def _panel_rows(self, kb: int, v: int) -> int:
        """Rows of a B panel for a K block of kb (zero rows past kb)."""
        return packed_panel_rows(kb, v, self.pad_k)

    def _zero_columns(self, dst: ir.Value, rows: int | ir.Value, c0: int, c1: int, elt: ir.Type) -> None:
        """dst[i, c0:c1] = 0 for every row i (vector-width stores, masked at the end)."""
        zeros = zero_vector(ir.VectorType.get([self.vector_width], elt))
        row_chunks(rows, c1 - c0, self.vector_width,
                   lambda i, j, w, mask: write_vector(zeros, dst, [i, index_const(c0 + j)], mask))

    def _copy_rows(self, src: ir.Value, dst: ir.Value, rows: int | ir.Value, cols: int, elt: ir.Type) -> None:
        """dst[i, :] = src[i, :] with vector-width loads and stores (masked at the row's end)."""
        vtype = ir.VectorType.get([self.vector_width], elt)

        def copy(i, j, w, mask):
            write_vector(read_vector(src, [i, index_const(j)], vtype, mask), dst, [i, index_const(j)], mask)

        row_chunks(rows, cols, self.vector_width, copy)

    def _reroot(self, user: ir.Operation, old: ir.Value, new: ir.Value) -> None:
        """Makes `user` read `new` (same shape, other strides) instead of `old`."""
        if user.name == "memref.subview" and user.operands[0] == old:
            static_offsets = list(ir.DenseI64ArrayAttr(user.attributes["static_offsets"]))
            sizes = list(ir.DenseI64ArrayAttr(user.attributes["static_sizes"]))
            dynamic = iter(list(user.operands)[1:])
            offsets = [next(dynamic) if o == ir.ShapedType.get_dynamic_stride_or_offset() else o
                       for o in static_offsets]
            with ir.InsertionPoint(user), user.location:
                view = memref.subview(new, offsets, sizes, [1] * len(sizes))
            readers = [u.owner for u in user.results[0].uses]
            user.results[0].replace_all_uses_with(view)
            erase(user)
            for reader in readers:
                if reader.name != "vector.transfer_read":
                    raise self.fail(f"A tile is used by '{reader.name}'; pack runs after tile-register", reader)
        elif user.name == "vector.transfer_read":
            user.operands[0] = new
        elif user.name == "memref.dim":
            pass  # a dynamic row count: the same as the copy's
        else:
            raise self.fail(f"A block is used by '{user.name}'; pack runs after tile-register", user)

    def _pack_function(self, f: ir.Operation, blocks: list[ir.Operation]) -> None:
        if self.prepacked:
            self._prepacked_function(f, blocks)
            return
        nr = self.nr
        shapes = [ir.MemRefType(op.results[0].type).shape for op in blocks]
        elt = ir.MemRefType(blocks[0].results[0].type).element_type
        v = vnni_factor(elt)
        sizes = [ceil_div(nb, nr) * self._panel_rows(kb, v) * nr * v for kb, nb in shapes]
        total = max(sizes)
        nbytes = total * 4 // v
        if nbytes > self.max_buffer_kib * 1024:
            raise self.fail(f"packed B block needs {nbytes // 1024} KiB, over max-buffer-kib="
                            f"{self.max_buffer_kib}; use smaller kc or nc", blocks[0])
        entry = f.regions[0].blocks[0]
        with ir.InsertionPoint.at_block_begin(entry), f.location:
            buf = memref.alloca(ir.MemRefType.get([total], elt), [], [], alignment=64)
        for op, (kb, nb) in zip(blocks, shapes):
            self._pack_block(op, buf, kb, nb, elt)

    def _pack_block(self, op: ir.Operation, buf: ir.Value, kb: int, nb: int, elt: ir.Type) -> None:
        nr, v = self.nr, vnni_factor(elt)
        panels, rows = ceil_div(nb, nr), self._panel_rows(kb, v)
        b_blk = op.results[0]
        users = [u.owner for u in b_blk.uses]
        with ir.InsertionPoint.after(op), op.location:
            packed_t = ir.MemRefType.get([panels, rows, nr * v], elt)
            packed = memref.reinterpret_cast(packed_t, buf, [], [], [], [0], [panels, rows, nr * v],
                                             [rows * nr * v, nr * v, 1])
            packed.owner.attributes[PACKED_B] = ir.UnitAttr.get()
            self._copy(b_blk, packed, kb, nb, elt)
            if rows > ceil_div(kb, v):  # pad-k: zero panel rows up to the tile multiple
                zeros = zero_vector(ir.VectorType.get([nr * v], elt))
                loop = scf.ForOp(index_const(ceil_div(kb, v)), index_const(rows), index_const(1))
                with ir.InsertionPoint(loop.body):
                    for p in range(panels):
                        write_vector(zeros, packed, [index_const(p), loop.induction_variable, index_const(0)])
                    scf.YieldOp([])
        for user in users:
            self._redirect(user, b_blk, packed, kb)
        op.attributes.__delitem__(B_BLOCK)

    def _prepacked_function(self, f: ir.Operation, blocks: list[ir.Operation]) -> None:
        nr, kc = self.nr, self.kc
        source = blocks[0].operands[0]
        entry = f.regions[0].blocks[0]
        if not isinstance(source.owner, ir.Block) or any(op.operands[0] != source for op in blocks):
            raise self.fail("prepacked B needs every B block to be a view of the same function argument", blocks[0])
        index = next(i for i, arg in enumerate(entry.arguments) if arg == source)
        b_type = ir.MemRefType(source.type)
        K, N = b_type.shape
        elt = b_type.element_type
        v = vnni_factor(elt)
        if kc % v:
            raise self.fail(f"prepacked {elt} B needs kc ({kc}) to be a multiple of {v}", blocks[0])
        packed_t = _packed_type(K, N, kc, nr, v, elt, _row_stride(b_type), self.pad_k)
        for op in blocks:
            kb, nb = ir.MemRefType(op.results[0].type).shape
            if kb > kc:
                raise self.fail(f"B block of {kb} rows is taller than kc={kc} (use tile-cache's kc)", op)
            k0, n0 = _offsets(op)
            users = [u.owner for u in op.results[0].uses]
            for user in users:
                self._redirect(user, op.results[0], None, kb, prepacked=(source, k0, n0))
        self._add_pack_function(f, b_type, packed_t)
        # Now nothing but the redirected views uses B: retype the argument.
        for op in blocks:
            erase(op)
        source.set_type(packed_t)
        ftype = ir.FunctionType(ir.TypeAttr(f.attributes["function_type"]).value)
        inputs = list(ftype.inputs)
        inputs[index] = packed_t
        f.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, list(ftype.results)))

    def _add_pack_function(self, f: ir.Operation, b_type: ir.MemRefType, packed_t: ir.MemRefType) -> None:
        """func @<f>_pack_b(%B: KxN, %Bp: packed): Bp[kb, p, k, j] = B[kb*KC + k, p*NR + j] (0 past N)."""
        name = ir.StringAttr(f.attributes["sym_name"]).value + "_pack_b"
        K, N = b_type.shape
        kc = self.kc
        with ir.InsertionPoint(f), f.location:
            pack_fn = func.FuncOp(name, ir.FunctionType.get([b_type, packed_t], []))
            body = pack_fn.add_entry_block()
            with ir.InsertionPoint(body):
                b, bp = body.arguments

                def k_block(kblk: int | None, loop_iv: ir.Value | None, kb: int):
                    kv = loop_iv if loop_iv is not None else index_const(kblk)
                    k0 = arith.MulIOp(kv, index_const(kc)).result
                    rows = subview_rows(b, k0, kb, N)
                    _, panels, prows, width = packed_t.shape
                    used = ceil_div(kb, vnni_factor(packed_t.element_type))
                    dst_t = ir.Type.parse(
                        f"memref<{panels}x{used}x{width}x{packed_t.element_type}, "
                        f"strided<[{prows * width}, {width}, 1], offset: ?>>")
                    dst = memref.subview(bp, [kv, 0, 0, 0], [1, panels, used, width], [1, 1, 1, 1],
                                         result_type=dst_t)
                    self._copy(rows, dst, kb, N, packed_t.element_type)

                full, rem = divmod(K, kc)
                if full:
                    loop = scf.ForOp(index_const(0), index_const(full), index_const(1))
                    with ir.InsertionPoint(loop.body):
                        k_block(None, loop.induction_variable, kc)
                        scf.YieldOp([])
                if rem:
                    k_block(full, None, rem)
                func.ReturnOp([])

    def _copy(self, src: ir.Value, packed: ir.Value, kb: int, nb: int, elt: ir.Type) -> None:
        """packed[p, k/v, j*v + k%v] = src[k, p*nr + j], zero past column nb and row kb."""
        if _transposed(src):
            self._copy_transposed(src, packed, kb, nb, elt)
            return
        nr, vw, v = self.nr, self.vector_width, vnni_factor(elt)
        vtype = ir.VectorType.get([vw], elt)
        full, rem = divmod(nb, nr)

        def group(p: ir.Value, kk: ir.Value, present: int, width: int):
            """Panel row kk from the `present` (<= v) rows of B it interleaves."""
            col0 = arith.MulIOp(p, index_const(nr)).result
            k0 = arith.MulIOp(kk, index_const(v)).result if v > 1 else kk
            for j in range(0, nr, vw):
                lanes = max(0, min(vw, width - j))
                rows = []
                for r in range(v):
                    if lanes == 0 or r >= present:
                        rows.append(zero_vector(vtype))
                    else:
                        col = arith.AddIOp(col0, index_const(j)).result
                        k = arith.AddIOp(k0, index_const(r)).result if r else k0
                        rows.append(read_vector(src, [k, col], vtype, lane_mask(vw, lanes) if lanes < vw else None))
                write_vector(interleave(rows), packed, [p, kk, index_const(j * v)])

        def row(kk: ir.Value, present: int):
            """Panel row kk of every panel: B's rows are read along, line after line."""
            if full:
                ploop = scf.ForOp(index_const(0), index_const(full), index_const(1))
                with ir.InsertionPoint(ploop.body):
                    group(ploop.induction_variable, kk, present, nr)
                    scf.YieldOp([])
            if rem:
                group(index_const(full), kk, present, rem)

        groups, partial = divmod(kb, v)
        if groups:
            kloop = scf.ForOp(index_const(0), index_const(groups), index_const(1))
            with ir.InsertionPoint(kloop.body):
                if self.prefetch_rows and _whole_bytes(src) > self.prefetch_min_kib * 1024:
                    self._prefetch_rows(src, kloop.induction_variable, kb, nb, v)
                row(kloop.induction_variable, v)
                scf.YieldOp([])
        if partial:
            row(index_const(groups), partial)

    def _copy_transposed(self, src: ir.Value, packed: ir.Value, kb: int, nb: int, elt: ir.Type) -> None:
        """_copy of a B stored transposed (src: kb x nb with strides [1, ldw], the memory of W = B^T).

        A panel row holds, per column n, the v elements B[kk*v .. kk*v+v-1, n] = W[n, kk*v ..]: one
        32-bit word of W's row n. So 16 rows of W, 16 words each (contiguous loads), are transposed
        as a 16 x 16 matrix of words in registers (4 stages of 16 two-vector shuffles) into 16
        panel rows of 16 columns: one pass over W, whatever the dtype."""
        nr, v = self.nr, vnni_factor(elt)
        i32 = ir.IntegerType.get_signless(32)
        words_t = ir.VectorType.get([16], i32)
        row_t = ir.VectorType.get([16 * v], elt)
        (s0, s1), offset = ir.MemRefType(src.type).get_strides_and_offset()
        w_t = ir.MemRefType.get([nb, kb], elt, ir.StridedLayoutAttr.get(offset, [s1, s0]))
        w = memref.transpose(w_t, src, ir.AffineMapAttr.get(ir.AffineMap.get_permutation([1, 0])))
        rows = ceil_div(kb, v)  # panel rows with data (pad-k rows are zeroed by the caller)
        full_panels, rem_cols = divmod(nb, nr)

        def chunk(p: ir.Value, g: int, kw: ir.Value, present_rows: int, elements: int, present: int):
            """Panel rows [kw*16, +present_rows) of columns [g, g+16) of panel p, from `elements` k of
            each of the `present` W rows with data (the rest masked or zero)."""
            n0 = arith.AddIOp(arith.MulIOp(p, index_const(nr)).result, index_const(g)).result
            r0 = arith.MulIOp(kw, index_const(16)).result
            k0 = arith.MulIOp(r0, index_const(v)).result if v > 1 else r0
            mask = lane_mask(16 * v, elements) if elements < 16 * v else None
            lanes = min(16, nr - g)
            mats = [vector.bitcast(words_t, read_vector(w, [add_index(n0, r), k0], row_t, mask))
                    if r < present else zero_vector(words_t) for r in range(16)]
            out_mask = lane_mask(16 * v, lanes * v) if lanes < 16 else None
            for t, word_row in enumerate(_transpose16(mats)[:present_rows]):
                write_vector(vector.bitcast(row_t, word_row), packed, [p, add_index(r0, t), index_const(g * v)], out_mask)

        def panel(p: ir.Value, cols: int):
            """Panel p, 16 columns (16 rows of W, each read along K: 16 streams) at a time."""
            whole = kb // (16 * v)  # chunks of 16 words all inside K
            for g in range(0, nr, 16):
                present = max(0, min(16, cols - g))
                if whole:
                    loop = scf.ForOp(index_const(0), index_const(whole), index_const(1))
                    with ir.InsertionPoint(loop.body):
                        chunk(p, g, loop.induction_variable, 16, 16 * v, present)
                        scf.YieldOp([])
                if rows > whole * 16:
                    chunk(p, g, index_const(whole), rows - whole * 16, kb - whole * 16 * v, present)

        if full_panels:
            ploop = scf.ForOp(index_const(0), index_const(full_panels), index_const(1))
            with ir.InsertionPoint(ploop.body):
                panel(ploop.induction_variable, nr)
                scf.YieldOp([])
        if rem_cols:
            panel(index_const(full_panels), rem_cols)

    def _prefetch_rows(self, src: ir.Value, kk: ir.Value, kb: int, nb: int, v: int) -> None:
        """Prefetches (into L2) each line of the v rows of B that panel row kk + prefetch-rows
        copies (rows clamped to the block's last)."""
        per_line = 64 * v // 4  # elements of B in a 64-byte line
        first = arith.MulIOp(add_index(kk, self.prefetch_rows), index_const(v)).result
        for r in range(v):
            k = arith.MinUIOp(add_index(first, r), index_const(kb - 1)).result
            for j in sorted(set(range(0, nb, per_line)) | {nb - 1}):
                memref.prefetch(src, [k, index_const(j)], is_write=False, locality_hint=1, is_data_cache=True)

    def _redirect(self, user: ir.Operation, b_blk: ir.Value, packed: ir.Value | None, kb: int,
                  prepacked: tuple | None = None) -> None:
        nr = self.nr
        elt = ir.MemRefType(b_blk.type).element_type
        if user.name == "memref.subview" and user.operands[0] == b_blk:
            static_offsets = list(ir.DenseI64ArrayAttr(user.attributes["static_offsets"]))
            static_sizes = list(ir.DenseI64ArrayAttr(user.attributes["static_sizes"]))
            dynamic = list(user.operands)[1:]
            if static_offsets[0] != 0 or static_sizes[0] != kb or static_sizes[1] > nr:
                raise self.fail(f"B tile {static_sizes} at {static_offsets} does not fit a {kb}x{nr} panel "
                                "(run tile-register with the same nr)", user)
            width = static_sizes[1]
            with ir.InsertionPoint(user), user.location:
                if static_offsets[1] == ir.ShapedType.get_dynamic_stride_or_offset():
                    n = dynamic[0]
                else:
                    if static_offsets[1] % nr:
                        raise self.fail(f"B tile column {static_offsets[1]} is not a multiple of nr={nr}", user)
                    n = index_const(static_offsets[1])
                new = self._view(packed, n, kb, width, elt, prepacked)
            reads = [u.owner for u in user.results[0].uses]
            user.results[0].replace_all_uses_with(new)
            erase(user)
            for read in reads:
                self._vnni_read(read, new)
        elif user.name == "vector.transfer_read":
            # A nanokernel reading the whole block: make its view next to the block, outside the loop.
            width = ir.VectorType(user.results[0].type).shape[-1]
            anchor = packed.owner if packed is not None else b_blk.owner  # after the buffer view exists
            with ir.InsertionPoint.after(anchor), user.location:
                new = self._view(packed, index_const(0), kb, width, elt, prepacked)
            user.operands[0] = new
            self._vnni_read(user, new)
        else:
            raise self.fail(f"B block is used by '{user.name}'; pack runs after tile-register", user)


    def _vnni_read(self, read: ir.Operation, panel: ir.Value) -> None:
        """Rewrites a nanokernel's read of v x W B elements (v > 1) as a read of one panel row
        [k/v, 0:W*v], shape_cast to W x v and transposed back to v x W."""
        if read.name != "vector.transfer_read":
            raise self.fail(f"B panel is used by '{read.name}'; expected the nanokernels' vector.transfer_read", read)
        vt = ir.VectorType(read.results[0].type)
        v = vnni_factor(vt.element_type)
        if v == 1:
            return
        rows, width = vt.shape
        if rows != v:
            raise self.fail(f"nanokernel reads {vt} of B; expected {v} rows (the VNNI factor)", read)
        with ir.InsertionPoint(read), read.location:
            kk = arith.DivUIOp(read.operands[1], index_const(v)).result
            flat = read_vector(panel, [kk, index_const(0)], ir.VectorType.get([width * v], vt.element_type))
            pairs = vector.shape_cast(ir.VectorType.get([width, v], vt.element_type), flat)
            new = vector.transpose(vt, pairs, [1, 0])
        read.results[0].replace_all_uses_with(new)
        erase(read)

    def _view(self, packed, n: ir.Value, kb: int, width: int, elt: ir.Type, prepacked: tuple | None) -> ir.Value:
        """The panel holding in-block column n: from the block buffer, or from prepacked B."""
        nr, v = self.nr, vnni_factor(elt)
        rows = ceil_div(kb, v)
        if prepacked is None:
            panel = arith.DivUIOp(n, index_const(nr)).result
            return _panel_view(packed, panel, rows, width * v, nr * v, elt)
        source, k0, n0 = prepacked
        panel = arith.DivUIOp(arith.AddIOp(n0, n).result, index_const(nr)).result
        kblk = arith.DivUIOp(k0, index_const(self.kc)).result
        result = ir.Type.parse(f"memref<{rows}x{width * v}x{elt}, strided<[{nr * v}, 1], offset: ?>>")
        return memref.subview(source, [kblk, panel, 0, 0], [1, 1, rows, width * v], [1, 1, 1, 1], result_type=result)


def _transposed(view: ir.Value) -> bool:
    """Whether a B view is stored transposed: its columns, not its rows, are contiguous."""
    strides, _ = ir.MemRefType(view.type).get_strides_and_offset()
    return strides[-1] != 1 and strides[0] == 1


def _transpose16(rows: list[ir.Value]) -> list[ir.Value]:
    """The transpose of a 16 x 16 matrix held as 16 vectors: for s = 8, 4, 2, 1, rows r and r + s
    (r without bit s) swap their off-diagonal s-wide blocks (one two-vector shuffle each)."""
    rows = list(rows)
    for s in (8, 4, 2, 1):
        out = [None] * 16
        for r in range(16):
            if r & s:
                continue
            top, bottom = rows[r], rows[r + s]
            out[r] = vector.shuffle(top, bottom, [j if not j & s else 16 + j - s for j in range(16)])
            out[r + s] = vector.shuffle(top, bottom, [j + s if not j & s else 16 + j for j in range(16)])
        rows = out
    return rows


def _whole_bytes(view: ir.Value) -> int:
    """Bytes of the memref a view (a chain of subviews) was cut from."""
    while not isinstance(view.owner, ir.Block) and view.owner.operation.name == "memref.subview":
        view = view.owner.operation.operands[0]
    t = ir.MemRefType(view.type)
    elements = 1
    for d in t.shape:
        elements *= max(d, 1)  # a dynamic size counts as 1
    return elements * 4 // vnni_factor(t.element_type)


def _row_stride(t: ir.MemRefType) -> int:
    """The row stride of a 2-D memref (its column count when dense)."""
    strides, _ = t.get_strides_and_offset()
    return strides[0]


def _packed_type(K: int, N: int, kc: int, nr: int, v: int, elt: ir.Type, ldb: int, pad_k: bool) -> ir.MemRefType:
    """[ceil(K/kc)][ceil(N/nr)][kc/v][nr*v] (kc/v: packed_panel_rows); when B is a column block of a
    B `ldb` wide, its panels sit among that B's: K blocks are ceil(ldb/nr) panels apart."""
    rows = packed_panel_rows(kc, v, pad_k)
    shape = [ceil_div(K, kc), ceil_div(N, nr), rows, nr * v]
    if ldb == N:
        return ir.MemRefType.get(shape, elt)
    panel = rows * nr * v
    return ir.Type.parse(f"memref<{'x'.join(map(str, shape))}x{elt}, "
                         f"strided<[{ceil_div(ldb, nr) * panel}, {panel}, {nr * v}, 1]>>")


def _offsets(op: ir.Operation) -> list[ir.Value]:
    """The offsets of a memref.subview as index Values (constants made before op)."""
    static = list(ir.DenseI64ArrayAttr(op.attributes["static_offsets"]))
    dynamic = iter(list(op.operands)[1:])
    out = []
    with ir.InsertionPoint(op), op.location:
        for s in static:
            out.append(next(dynamic) if s == ir.ShapedType.get_dynamic_stride_or_offset() else index_const(s))
    return out


def subview_rows(b: ir.Value, k0: ir.Value, kb: int, n: int) -> ir.Value:
    """b[k0:k0+kb, 0:n] as a strided view."""
    from ._ir import subview

    return subview(b, [k0, 0], [kb, n], keep_whole=True)


def _panel_view(packed: ir.Value, panel: ir.Value, kb: int, width: int, nr: int, elt: ir.Type) -> ir.Value:
    """packed[panel, 0:kb, 0:width] as a 2-D memref<kb x width, strided<[nr, 1], offset: ?>>."""
    result = ir.Type.parse(f"memref<{kb}x{width}x{elt}, strided<[{nr}, 1], offset: ?>>")
    return memref.subview(packed, [panel, 0, 0], [1, kb, width], [1, 1, 1], result_type=result)

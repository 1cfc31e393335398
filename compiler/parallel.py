"""Parallel matmul: splits one problem into per-thread kernels (column or row blocks) run by runtime.threads."""

from __future__ import annotations

import copy
import dataclasses
from typing import Callable

import numpy as np

from ..errors import ConfigError
from ..runtime import settings
from ..runtime.kernel import (EXTRA_DTYPES, KernelABI, RowsRouter, aligned_empty, check_b, data_pointer,
                              extra_batch_stride)
from ..runtime.cpu import CpuInfo
from ..runtime.dtypes import DTYPES, ceil_div, round_up
from ..runtime.probe import host_rates
from ..runtime.threads import DynamicMFunction, ParallelFunction, Part, SharedB, available_cores, part_function
from .kernel import Kernel, PackedB, call_with_extras, column_sums, epilogue_arrays, transposed_argument
from .config import STREAM_ROWS, KernelConfig, default_config
from .payload import MatmulSpec

# Threads pay when one thread would take longer than this (serial_seconds): the threshold with the
# fewest wrong decisions over shapes around it, with the native pool (runtime/native_pool.py) and
# native parallel calls (runtime/trampoline.py). Re-measure: `python bench/bench_threads.py`.
# Back-to-back calls find the workers spinning; a call after more than ~1 ms idle pays a futex
# wake-up, which this threshold does not count.
PARALLEL_MIN_SECONDS = 5e-6
# Rough one-core speeds that estimate that time (Zen 4 measurements, conservative).
_FLOPS_PER_SECOND = 100e9
_BYTES_PER_SECOND = 20e9
N_ALIGN = 64  # column blocks are whole 64-wide register tiles / packed panels
M_ALIGN = 6
MIN_WIDTH = 128  # narrower column blocks waste the register tiles and B panels
# B is packed once for all threads (see shared_b_config) only from this one-thread time on: the
# pack phase is a second hand-off to the pool.
SHARED_B_MIN_SECONDS = 100e-6
# More blocks than threads (see default_parts_per_thread) only from this one-thread time on,
# and only for A of this many rows or more.
OVERSPLIT_MIN_SECONDS = 1e-3
PREPACKED_OVERSPLIT_MIN_ROWS = 512  # with pre-packed B (see default_parts_per_thread)
OVERSPLIT_MIN_ROWS = 64
# With B shared, C is cut into this many blocks a thread (claimed as threads finish one): faster
# than one block a thread for int8 AMX kernels at 16 threads. Re-measure on the AMX host:
# `python3 bench/amx_host/amx_bench.py` over `python -m nanomm.compiler.aot ... --threads 16
# --shared-b on --parts-per-thread 1` (and 2).
SHARED_B_PARTS_PER_THREAD = 2


def resolve_threads(threads: int | None) -> int:
    """None: every core the process may use; otherwise a positive int."""
    if threads is None:
        return available_cores()
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ConfigError(f"threads must be a positive int or None, got {threads!r}")
    return threads


@dataclasses.dataclass(frozen=True)
class Chunk:
    """One thread's share of C: rows [m0, m0+M) and columns [n0, n0+N) of the whole problem."""

    spec: MatmulSpec
    m0: int
    n0: int


def partition(spec: MatmulSpec, threads: int, m_align: int = M_ALIGN, parts_per_thread: int = 1,
              columns: bool = False) -> list[Chunk]:
    """How to split `spec` over `threads`; one chunk (the whole problem) when threads do not pay.

    C is cut into a grid of tm x tn blocks, one a thread (`parts_per_thread` a thread: the
    pool's threads claim blocks as they finish one, so a thread that runs slower, e.g. on a
    CPU shared with another process, takes fewer). Columns come first: a thread that
    owns a column block packs and reads only its part of B (all threads read A), so tn is
    as large as keeps blocks at least MIN_WIDTH wide, in whole 64-column panels; the rest of
    the threads split rows. Pre-packed B is shared by all threads: split rows only, unless
    `columns` and the rows are too few for a block a thread (_few_rows: then columns, whole panels of
    the one packed B). Row blocks are multiples of `m_align` (the register tile's rows: 32 for AMX kernels).
    """
    if not isinstance(parts_per_thread, int) or isinstance(parts_per_thread, bool) or parts_per_thread < 1:
        raise ConfigError(f"parts_per_thread must be a positive int, got {parts_per_thread!r}")
    M, N = spec.M, spec.N
    whole = [Chunk(spec, 0, 0)]
    if threads <= 1 or serial_seconds(spec, measured=True) < PARALLEL_MIN_SECONDS:
        return whole
    blocks = threads * parts_per_thread
    rows_only = spec.prepacked_b and not (columns and _few_rows(M, blocks, m_align))
    tn = 1 if rows_only else max(1, min(blocks, N // MIN_WIDTH))
    tm = max(1, min(blocks // tn, M // (2 * m_align)))
    width = round_up(ceil_div(N, tn), N_ALIGN)
    height = round_up(ceil_div(M, tm), m_align)
    if height >= M and width >= N:
        return whole
    return _grid(spec, height, width)


def _few_rows(M: int, blocks: int, m_align: int) -> bool:
    """Whether M rows are too few for `blocks` row blocks of at least two m_align-row tiles each (a
    sentence of 16 tokens on two threads: one block, one thread). Pre-packed B is then cut by columns:
    16x1536x384 on two threads 93.5 -> 178.0 GFLOP/s on the Zen 3 VM (`python bench/bench_parts.py
    --prepacked --shapes 16x1536x384 --parts 1 --threads 2`). 49 rows (30 + 19) measured either way
    within that VM's spread, so row blocks that exist stay."""
    return max(1, min(blocks, M // (2 * m_align))) < blocks


def _grid(spec: MatmulSpec, height: int, width: int, **extra) -> list[Chunk]:
    """C cut into blocks of height x width (the last row / column of blocks smaller)."""
    M, N = spec.M, spec.N
    chunks = []
    for m0 in range(0, M, height):
        for n0 in range(0, N, width):
            mb, nb = min(height, M - m0), min(width, N - n0)
            # (a transposed B's column block is a dense row block of B^T)
            strided = {"ldb": 0 if spec.transpose_b else N, "ldc": N} if nb != N else {}
            chunks.append(Chunk(dataclasses.replace(spec, M=mb, N=nb, **strided, **extra), m0, n0))
    return chunks


def split(spec: MatmulSpec, threads: int, cpu: CpuInfo, config: KernelConfig | None,
          m_align: int | None = None, shared_b: bool | None = None,
          parts_per_thread: int | None = None, columns: bool = True) -> tuple[list[Chunk], KernelConfig | None]:
    """The chunks of `spec` for `threads`, and the config to compile them with.

    `config` None: the record `nanomm tune` made for this shape at the effective thread count,
    else the heuristic's (None, decided per chunk). Where it pays (see shared_b_config;
    `shared_b` True / False forces the choice), the chunks read one B packed once per call by
    all threads (see shared_partition): their specs take pre-packed B, with ldb = N.
    `parts_per_thread` None: default_parts_per_thread's, SHARED_B_PARTS_PER_THREAD with B shared.
    `m_align` None: row_align's. `columns`: partition's (False: ahead-of-time objects, whose pre-packed B
    runs on one thread).
    """
    from .build import tuned_config

    m_align = m_align or row_align(spec, cpu, config)
    used = len(partition(spec, threads, m_align, columns=columns))  # threads_used
    if config is None:
        config = tuned_config(spec, used, cpu)
    chunks = partition(spec, threads, m_align, parts_per_thread or default_parts_per_thread(spec, threads, cpu, config),
                       columns=columns)
    if config is None and spec.prepacked_b and len(chunks) > 1:
        # one packed B for all chunks: one layout (kc, nr), the first chunk's default (row blocks
        # of different heights can otherwise default to different kc)
        first = chunks[0].spec
        config = default_config(first.M, first.N, first.K, cpu, prepacked_b=True, dtype=spec.dtype)
    if len(chunks) == 1 or shared_b is False:
        return chunks, config
    shared = shared_b_config(spec, config, cpu, force=bool(shared_b))
    if shared is None:
        return chunks, config
    parts = used * (parts_per_thread or SHARED_B_PARTS_PER_THREAD)
    return shared_partition(spec, parts, shared.nr, max(m_align, shared.mr)), shared


def threads_used(spec: MatmulSpec, threads: int, cpu: CpuInfo, config: KernelConfig | None = None) -> int:
    """The threads a plan for `spec` runs on at `threads` (1 where threads do not pay): what tuning
    records and the in-memory kernel cache are keyed by. Counted with one block a thread, so that
    plans with more blocks than threads (see default_parts_per_thread) keep the same key."""
    return len(partition(spec, threads, row_align(spec, cpu, config), columns=True))


def default_parts_per_thread(spec: MatmulSpec, threads: int, cpu: CpuInfo, config: KernelConfig | None) -> int:
    """Blocks of C a thread (claimed as threads finish one; see partition), from measurements.

    float32 (AVX-512): 8 blocks a thread from 8 threads and 1024 rows on, else 2 on problems of
    OVERSPLIT_MIN_SECONDS or more (one thread) with at least OVERSPLIT_MIN_ROWS rows
    (PREPACKED_OVERSPLIT_MIN_ROWS with pre-packed B), else 1. More blocks won at 16 threads on the
    AMX host from 1024^3 on, and lost at 128 rows; on 2 cores they changed little when the machine
    was quiet and won while another process took a core. Skinny A (B streamed once: the column
    blocks only get narrower) and pre-packed B with few rows (each block of rows streams all of B)
    lost with 2 blocks a thread. AMX kernels (each block copies its rows of A again) gained
    nothing consistent; other dtypes are not measured on AVX-512: 1.
    Re-measure: `python bench/bench_parts.py --threads 2 [--prepacked] --parts 1,2` (and
    `python3 bench/amx_host/amx_bench.py` at 16 threads on the AMX host).
    """
    min_rows = PREPACKED_OVERSPLIT_MIN_ROWS if spec.prepacked_b else OVERSPLIT_MIN_ROWS
    if spec.dtype != "f32" or _isa(spec, cpu, config) != "avx512" or serial_seconds(spec) < OVERSPLIT_MIN_SECONDS \
            or spec.M < min_rows:
        return 1
    return 8 if threads >= 8 and spec.M >= 1024 else 2


def row_align(spec: MatmulSpec, cpu: CpuInfo, config: KernelConfig | None) -> int:
    """Row blocks of AMX kernels are whole 32-row microkernels (2 tiles high; other rows go to
    AVX-512 edge code); others M_ALIGN."""
    return 32 if _isa(spec, cpu, config) != "avx512" else M_ALIGN


def _isa(spec: MatmulSpec, cpu: CpuInfo, config: KernelConfig | None) -> str:
    """The instruction set of `config`, or of the heuristic's config for `spec` on `cpu`."""
    return (config or default_config(spec.M, spec.N, spec.K, cpu, dtype=spec.dtype)).isa


def effective_threads(threads: int, chunks: list[Chunk]) -> int:
    """The threads that run `chunks` (at most one a chunk)."""
    return min(threads, len(chunks))


def shared_b_config(spec: MatmulSpec, config: KernelConfig | None, cpu: CpuInfo,
                    force: bool = False) -> KernelConfig | None:
    """The config of kernels that share one packed B, where sharing pays (or `force`); else None.

    B shared against each column block packing its own B (and copying all of A: AMX kernels copy
    A blocks, pack{pack-a}) won for int8 AMX kernels from 2048 x 2048 on, in every run on the AMX
    host at 16 threads; it lost for int8 at 1024^3 and 128x4096x4096, and for bf16 it did not win
    consistently (that host's speed moves within a run: only what held in every run is used). Not
    AVX-512 either: those kernels read A in place, and 2 threads lost with B shared where rows are
    split. So: int8 AMX kernels from 2048 x 2048 on. Re-measure: `python3 bench/amx_host/amx_bench.py`
    over `python -m nanomm.compiler.aot ... --threads 16 --shared-b on|off`.
    A config that streams B unpacked keeps doing so.
    """
    if spec.prepacked_b or spec.transpose_b or (not force and serial_seconds(spec) < SHARED_B_MIN_SECONDS):
        return None  # (a transposed B: each block packs its own, from its rows of B^T)
    cfg = config or default_config(spec.M, spec.N, spec.K, cpu, prepacked_b=True, dtype=spec.dtype)
    pays = cfg.isa != "avx512" and DTYPES[spec.dtype].integer and min(spec.M, spec.N) >= 2048
    if not (force or pays) or (config is not None and not config.pack_b):
        return None
    v = DTYPES[spec.dtype].vnni
    return dataclasses.replace(cfg, pack_b=True, kc=min(cfg.kc, round_up(spec.K, v)))


def shared_partition(spec: MatmulSpec, parts: int, nr: int, m_align: int) -> list[Chunk]:
    """C in a grid of at most `parts` blocks that read one B packed for all of them.

    With B packed once, a block's cost beyond its arithmetic is the A rows and B columns it
    reads (and AMX kernels copy): see min_traffic_grid. Columns come in whole nr-wide panels.
    """
    height, width = min_traffic_grid(spec, parts, nr, m_align)
    return _grid(spec, height, width, prepacked_b=True)


def min_traffic_grid(spec: MatmulSpec, parts: int, n_align: int, m_align: int) -> tuple[int, int]:
    """(height, width) of the tm x tn grid of at most `parts` blocks with the fewest A + B
    elements a block (height x K + K x width): the cost beyond arithmetic of a block whose
    kernel copies both its A rows and its B columns. Columns are whole `n_align` panels, rows
    multiples of `m_align` (at least two)."""
    M, N, K = spec.M, spec.N, spec.K
    best = None
    for tn in range(1, max(1, min(parts, N)) + 1):
        tm = max(1, min(parts // tn, M // (2 * m_align)))
        width = round_up(ceil_div(N, tn), n_align)
        height = round_up(ceil_div(M, tm), m_align)
        cost = height * K + K * width
        if best is None or cost < best[0]:
            best = (cost, height, width)
    return best[1], best[2]


def serial_seconds(spec: MatmulSpec, measured: bool = False) -> float:
    """A rough one-thread time: compute-bound or memory-bound, whichever is slower.

    bf16 and int8 kernels run 2x and 4x as many operations per second as float32 (the
    dot-product instructions), and their inputs take 2x and 4x fewer bytes. `measured`: at this
    machine's measured float32 FMA rate (runtime/probe.py) where it is faster than the Zen 4 figure,
    as partition's threshold uses it: on a faster core the conservative figure overstates small
    problems' time, and 2 threads lost at 64^3 (`python bench/run.py --quick --dtypes f32
    --threads 1,2`)."""
    d = DTYPES[spec.dtype]
    size, speed = d.ab_bytes, d.vnni  # vnni: k per 32-bit lane = the speed-up
    moved = size * (spec.M * spec.K + spec.K * spec.N) + 4 * spec.M * spec.N
    rate = max(_FLOPS_PER_SECOND, host_rates().get("f32", 0.0) * 1e9) if measured else _FLOPS_PER_SECOND
    return max(spec.flops / (speed * rate), moved / _BYTES_PER_SECOND)


class ParallelKernel:
    """A matmul computed by several per-thread kernels; called like a Kernel."""

    def __init__(self, spec: MatmulSpec, chunks: list[Chunk], build: Callable[[MatmulSpec], Kernel],
                 threads: int | None = None):
        self.spec = spec
        self.chunks = chunks
        self.threads = effective_threads(threads or len(chunks), chunks)
        built, layout = build_plan(spec, chunks, build)
        self._by_spec, self._layout = built, layout  # (a chunk's spec -> its kernel; where each chunk reads)
        first = built[chunks[0].spec]
        self.kernels = list(built.values())
        self.config, self.target = first.config, first.target
        self.compile_seconds = sum(k.compile_seconds for k in self.kernels)
        self.packed_b: PackedB | None = None
        # Chunks taking pre-packed B of a problem that takes a row-major one share B packed per call.
        self.shared_b = chunks[0].spec.prepacked_b and not spec.prepacked_b
        if (spec.prepacked_b or self.shared_b) and len({k.layout for k in self.kernels}) != 1:
            raise ConfigError("per-thread kernels disagree on the packed-B layout")
        d = DTYPES[spec.dtype]
        a_np, b_np, c_np = d.numpy_a, d.numpy_b, d.numpy_c
        b_shape = tuple(first._function.abi.b_shape) if spec.prepacked_b else ()
        extras = spec.extras
        abi = KernelABI(symbol=f"{spec.symbol}_x{self.threads}", M=spec.M, N=spec.N, K=spec.K, a_dtype=a_np,
                        b_dtype=b_np, c_dtype=c_np, accumulate=spec.accumulate,
                        required_features=first._function.abi.required_features, b_shape=b_shape, extras=extras,
                        transpose_b=spec.transpose_b)
        item_c = np.dtype(c_np).itemsize
        # an epilogue's bias starts at the chunk's column, its residual where its C does
        parts = [Part(built[c.spec]._function._cfunc, *offsets,
                      tuple(offsets[2] if x == "residual" else c.n0 * item_c for x in extras))
                 for c, offsets in zip(chunks, layout.parts)]
        shared = None
        if self.shared_b:
            pack_parts = [Part(part_function(built[block]._pack.address), *offsets)
                          for block, offsets in layout.pack_parts]
            shared = SharedB(pack_parts, layout.packed_bytes)
        self._function = ParallelFunction(abi, parts, owner=[k._function._owner for k in self.kernels],
                                          shared_b=shared, threads=self.threads)

    def __call__(self, a: np.ndarray, b=None, out: np.ndarray | None = None, *, bias=None,
                 residual=None, scale=None, a_zero_point=None) -> np.ndarray:
        extras = epilogue_arrays(self.spec, bias, residual, scale, a_zero_point, self.packed_b if b is None else b)
        if b is None:
            if self.packed_b is None:
                raise ConfigError("b is missing: pass B, or compile with compile_matmul(..., b=weights)")
            b = self.packed_b
        if isinstance(b, PackedB) != self.spec.prepacked_b:
            raise ConfigError("this parallel kernel takes " + ("a PackedB" if self.spec.prepacked_b else
                                                                 "a row-major B (compile with b= for packed B)"))
        if isinstance(b, PackedB):
            if (b.K, b.N, b.layout) != (self.spec.K, self.spec.N, self.kernels[0].layout):
                raise ConfigError(f"b was packed for another layout {b.layout}")
            b = b.flat
        return call_with_extras(self.spec, self._function, a, transposed_argument(self.spec, b), out, extras)

    def prepack(self, b: np.ndarray) -> PackedB:
        if not self.spec.prepacked_b:
            raise ConfigError("compile with compile_matmul(..., b=weights) for a parallel kernel on packed B")
        if all(c.n0 == 0 for c in self.chunks):  # (row blocks: every kernel packs the whole B)
            return self.kernels[0].prepack(b)
        return self._prepack_columns(b)

    def _prepack_columns(self, b: np.ndarray) -> PackedB:
        """B packed into one buffer by each column block's pack function (its panels inside the whole
        packed B, read from its columns of B: a row stride of N), as the chunks read it."""
        d = DTYPES[self.spec.dtype]
        check_b(b, self.spec.K, self.spec.N, np.dtype(d.numpy_b))
        b = np.ascontiguousarray(b)
        packed = aligned_empty(tuple(self._function.abi.b_shape), b.dtype, 64)
        packed[...] = 0
        for n0, (c, (_, b_offset, _)) in {c.n0: (c, at) for c, at in zip(self.chunks, self._layout.parts)}.items():
            self._by_spec[c.spec]._pack._cfunc(data_pointer(b) + n0 * b.itemsize, data_pointer(packed) + b_offset)
        return PackedB(packed, self.spec.K, self.spec.N, self.kernels[0].layout, column_sums(b) if d.integer else None)

    # Inspection goes to the first per-thread kernel.
    def ir(self, stage: str = "input") -> str:
        return self.kernels[0].ir(stage)

    @property
    def stages(self) -> list[str]:
        return self.kernels[0].stages

    @property
    def pipeline(self) -> str:
        return self.kernels[0].pipeline

    def llvm_ir(self, optimized: bool = False) -> str:
        return self.kernels[0].llvm_ir(optimized)

    def asm(self) -> str:
        return self.kernels[0].asm()

    def __repr__(self) -> str:
        s = self.spec
        shares = ", ".join(f"{c.spec.M}x{c.spec.N}@({c.m0},{c.n0})" for c in self.chunks)
        return f"<nanomm.ParallelKernel {s.dtype} M={s.M} N={s.N} K={s.K} threads={self.threads}: {shares}>"


@dataclasses.dataclass(frozen=True)
class Layout:
    """Byte offsets of a parallel call's parts: (A, B, C) per chunk; with B shared, the pack parts
    ((spec whose pack function packs a column block, (B offset, packed-B offset, 0)) each) and
    the packed B's size."""

    parts: list[tuple[int, int, int]]
    pack_parts: list[tuple[MatmulSpec, tuple[int, int, int]]]
    packed_bytes: int


def build_plan(spec: MatmulSpec, chunks: list[Chunk],
               build: Callable[[MatmulSpec], Kernel]) -> tuple[dict[MatmulSpec, Kernel], Layout]:
    """The kernel of every distinct chunk and, with B shared, of every pack block (each built
    once), and the plan's layout."""
    built: dict[MatmulSpec, Kernel] = {}
    for chunk in chunks:
        if chunk.spec not in built:
            built[chunk.spec] = build(chunk.spec)
    layout = plan_layout(spec, chunks, built[chunks[0].spec].config)
    for block, _ in layout.pack_parts:
        if block not in built:
            built[block] = build(block)
    return built, layout


def plan_layout(spec: MatmulSpec, chunks: list[Chunk], config: KernelConfig) -> Layout:
    """Where each chunk's A, B and C start. A chunk on a pre-packed B of the whole problem reads
    it from its first panel (panel n0 / nr of every K block: the chunk's ldb gives that stride).
    When the problem itself takes a row-major B (B shared), B is packed in as many column blocks
    as there are chunks, by the pack functions of kernels for those blocks (a few rows high:
    only their pack function runs)."""
    item_a, item_c = DTYPES[spec.dtype].ab_bytes, np.dtype(DTYPES[spec.dtype].numpy_c).itemsize
    nr = config.nr
    _, _, panel_rows, panel_width = config.packed_b_shape(spec.K, spec.N, spec.dtype)
    panel_bytes = panel_rows * panel_width * item_a  # one K block's panel
    parts = []
    for c in chunks:
        packed = c.spec.prepacked_b
        if packed and c.n0 % nr:
            raise ConfigError(f"column block at {c.n0} does not start a {nr}-wide panel of packed B")
        b_offset = (c.n0 // nr) * panel_bytes if packed else c.n0 * (spec.K if spec.transpose_b else 1) * item_a
        parts.append((c.m0 * spec.K * item_a, b_offset, (c.m0 * spec.N + c.n0) * item_c))
    if spec.prepacked_b or not chunks[0].spec.prepacked_b:
        return Layout(parts, [], 0)
    width = round_up(ceil_div(spec.N, len(chunks)), nr)
    rows = min(spec.M, config.mr)
    pack_parts = []
    for n0 in range(0, spec.N, width):
        nb = min(width, spec.N - n0)
        strided = {"ldb": spec.N, "ldc": spec.N} if nb != spec.N else {}
        block = dataclasses.replace(spec, M=rows, N=nb, prepacked_b=True, epilogue=None, **strided)
        pack_parts.append((block, (n0 * item_a, n0 // nr * panel_bytes, 0)))
    packed_bytes = int(np.prod(config.packed_b_shape(spec.K, spec.N, spec.dtype))) * item_a
    return Layout(parts, pack_parts, packed_bytes)


def split_rows(spec: MatmulSpec, threads: int, M: int, m_align: int) -> list[tuple[int, int]]:
    """A dynamic-M kernel's call of M rows on `threads` threads: (m0, rows) per part, row blocks of
    whole m_align rows as partition cuts a problem whose B all threads share (rows only; one part
    where threads do not pay at this M)."""
    whole = dataclasses.replace(spec, M=M, prepacked_b=True)
    return [(c.m0, c.spec.M) for c in partition(whole, threads, m_align)]


def with_row_threads(kernel: Kernel, threads: int, build: Callable[[MatmulSpec], Kernel] | None = None) -> Kernel:
    """A copy of the dynamic-M `kernel` whose calls run on up to `threads` threads
    (runtime/threads.DynamicMFunction, a plan per M): rows split in whole register tiles where there
    are enough (a residual split with C's rows), else, where threads still pay, columns: one block of
    whole B panels a thread, each a kernel `build` compiles for its width (ldb, ldc = N; bias and
    residual from its first column). Without `build`, rows only."""
    spec, config = kernel.spec, kernel.config
    m_align = round_up(M_ALIGN, config.mr)
    item_a, item_c = DTYPES[spec.dtype].ab_bytes, np.dtype(DTYPES[spec.dtype].numpy_c).itemsize
    K, N, address = spec.K, spec.N, kernel._function.address
    router = kernel._function if isinstance(kernel._function, RowsRouter) else None
    columns = _column_blocks(spec, config, threads, build) if build is not None else []

    def split(M: int) -> list[tuple]:
        rows = split_rows(spec, threads, M, m_align)
        if len(rows) > 1:
            return [(router.pick(n).address if router is not None else address,
                     m0 * K * item_a, 0, m0 * N * item_c, n,
                     tuple(m0 * N * item_c if x == "residual" else 0 for x in spec.extras)) for m0, n in rows]
        if columns and serial_seconds(dataclasses.replace(spec, M=M), measured=True) >= PARALLEL_MIN_SECONDS:
            return [(part.address, 0, b_offset, n0 * item_c, M, tuple(n0 * item_c for _ in spec.extras))
                    for n0, b_offset, part in columns]
        return [(address, 0, 0, 0, M, ())]

    threaded = copy.copy(kernel)
    threaded._function = DynamicMFunction(kernel._function, threads, split)
    return threaded


def _column_blocks(spec: MatmulSpec, config: KernelConfig, threads: int,
                   build: Callable[[MatmulSpec], Kernel]) -> list[tuple[int, int, object]]:
    """(n0, B's byte offset, the block's compiled function) of each column block of a dynamic-M
    spec on `threads`, blocks of whole nr-wide panels at least MIN_WIDTH wide; [] for one block."""
    blocks = min(threads, spec.N // MIN_WIDTH)
    if blocks < 2:
        return []
    nr, item = config.nr, DTYPES[spec.dtype].ab_bytes
    width = round_up(ceil_div(spec.N, blocks), nr)
    out = []
    for n0 in range(0, spec.N, width):
        nb = min(width, spec.N - n0)
        if spec.prepacked_b:  # panel n0 / nr of every K block (the packed layout: see plan_layout)
            offset, ldb = (n0 // nr) * config.kc * nr * item, spec.N
        elif spec.transpose_b:  # a row block of B^T
            offset, ldb = n0 * spec.K * item, 0
        else:
            offset, ldb = n0 * item, spec.N
        out.append((n0, offset, build(dataclasses.replace(spec, N=nb, ldb=ldb, ldc=spec.N))._function))
    return out


# Batched kernels go on several threads from this estimated one-thread time (batched_seconds): a
# run of entries a thread is handed out by the Python pool, ~0.1 ms a call. Re-measure: `python
# bench/bench_layers.py --part attention --threads 0` with every batch threaded.
BATCH_PARALLEL_MIN_SECONDS = 2e-4
BATCH_ENTRY_SECONDS = 1.5e-7  # a batched kernel's cost an entry beyond its arithmetic (16x32x16 entries)


def batched_seconds(spec: MatmulSpec, count: int | None = None) -> float:
    """A rough one-thread time of a batched kernel (of `count` entries where its batch is None): its
    entries' serial_seconds and a fixed cost each."""
    count = spec.batch if count is None else count
    return serial_seconds(dataclasses.replace(spec, batch=count), measured=True) + count * BATCH_ENTRY_SECONDS


def by_rows(large: Kernel, small: Kernel | None, one: Kernel | None = None) -> Kernel:
    """A copy of the dynamic-M kernel `large` whose calls of at most STREAM_ROWS rows run `small` and
    calls of one row `one` (where not None), each compiled for them with the same packed-B layout
    (runtime RowsRouter)."""
    routed = copy.copy(large)
    function = lambda k: None if k is None else k._function  # noqa: E731
    routed._function = RowsRouter(large._function, function(small), STREAM_ROWS, function(one))
    return routed


class BatchedKernel:
    """A batched matmul (MatmulSpec.batch) on several threads: the entries split into one run of
    entries a thread, each run a batched kernel of its length (at most two lengths); called like a
    Kernel. The whole call's arrays are checked once (runtime BatchedCall), then each thread's
    kernel gets the pointers of its first entry."""

    def __init__(self, spec: MatmulSpec, threads: int, build: Callable[[MatmulSpec], Kernel]):
        from ..runtime.kernel import BatchedABI, BatchedCall

        self.spec = spec
        if spec.batch is None:  # one kernel of any count: each call's entries split into runs
            first = build(spec)
            self.kernels, self.config, self.target, self.threads = [first], first.config, first.target, threads
            self.compile_seconds = first.compile_seconds
            self._function = _CountParts(first._function, spec, threads)
            return
        parts = min(threads, spec.batch)
        q, r = divmod(spec.batch, parts)
        counts = [q + 1] * r + [q] * (parts - r)
        built = {n: build(dataclasses.replace(spec, batch=n)) for n in set(counts)}
        self.kernels = list(built.values())
        first = self.kernels[0]
        self.config, self.target, self.threads = first.config, first.target, parts
        self.compile_seconds = sum(k.compile_seconds for k in self.kernels)
        d = DTYPES[spec.dtype]
        a_np, b_np, c_np = d.numpy_a, d.numpy_b, d.numpy_c
        extras = spec.extras
        check = BatchedCall(BatchedABI(f"{spec.symbol}_x{parts}", spec.batch, spec.M, spec.N, spec.K,
                                       spec.batch_strides, a_np, b_np, c_np, spec.transpose_b, extras,
                                       first._function.abi.required_features))
        sizes = [d.ab_bytes] * 2 + [np.dtype(c_np).itemsize]
        starts = np.cumsum([0] + counts[:-1]).tolist()
        # byte offsets of each run's first entry in A, B, C and the extras (bias: the same for all)
        entry = _extra_entry_bytes(spec)
        offsets = [(i * spec.batch_strides[0] * sizes[0], i * spec.batch_strides[1] * sizes[1],
                    i * spec.batch_strides[2] * sizes[2], *(i * e for e in entry)) for i in starts]
        cfuncs = [built[n]._function._cfunc for n in counts]
        self._function = _BatchedParts(check, cfuncs, offsets, parts)

    def __call__(self, a, b, out=None, *, bias=None, residual=None, scale=None, a_zero_point=None) -> np.ndarray:
        extras = epilogue_arrays(self.spec, bias, residual, scale, a_zero_point, b)
        return call_with_extras(self.spec, self._function, a, transposed_argument(self.spec, b), out, extras)

    def __repr__(self) -> str:
        s = self.spec
        count = "any" if s.batch is None else s.batch
        return f"<nanomm.BatchedKernel {s.dtype} {count} x {s.M}x{s.N}x{s.K} threads={self.threads}>"


def _extra_entry_bytes(spec: MatmulSpec) -> list[int]:
    """Bytes from one batch entry's epilogue array to the next, for each of the spec's extras."""
    return [extra_batch_stride(x, spec.N, spec.batch_strides[2]) * EXTRA_DTYPES[x].itemsize for x in spec.extras]


class _BatchedParts:
    """BatchedKernel's checked call: the whole call checked, then the runs on the Python pool."""

    def __init__(self, check, cfuncs: list, offsets: list, threads: int):
        self.abi = check.abi
        self._check, self._cfuncs, self._offsets, self._threads = check, cfuncs, offsets, threads

    def __call__(self, a, b, out=None, extras: tuple = ()) -> np.ndarray:
        out, pointers = self._check.prepare(a, b, out, tuple(extras))
        self.run(pointers)
        return out

    def run(self, pointers: list[int]) -> None:
        """The runs on the data pointers of a checked call (A, B, C, extras)."""
        from ..runtime.threads import _pool, _run_in_turns

        calls = [(f, tuple(p + o for p, o in zip(pointers, offs))) for f, offs in zip(self._cfuncs, self._offsets)]
        _run_in_turns(_pool, calls, self._threads)


class _CountParts:
    """The checked call of a batched kernel of any count (batch=None) on several threads: each call's
    entries split into one run a thread where its estimated time pays for the hand-off (as
    compile_matmul decides for a static count), else run by the caller."""

    def __init__(self, function, spec: MatmulSpec, threads: int):
        self.abi, self._function, self._spec, self._threads = function.abi, function, spec, threads
        d = DTYPES[spec.dtype]
        sizes = [d.ab_bytes, d.ab_bytes, np.dtype(d.numpy_c).itemsize]
        sa, sb, sc = (stride * size for stride, size in zip(spec.batch_strides, sizes))
        self._strides = (sa, sb, sc, *_extra_entry_bytes(spec))  # bytes an entry
        self._serial: dict[int, bool] = {}  # count -> whether one thread runs it

    def __call__(self, a, b, out=None, extras: tuple = ()) -> np.ndarray:
        out, pointers = self._function.prepare(a, b, out, tuple(extras))
        self.run(pointers, out.shape[0])
        return out

    def run(self, pointers: list[int], count: int) -> None:
        serial = self._serial.get(count)
        if serial is None:
            serial = self._serial[count] = count < 2 or batched_seconds(self._spec, count) < BATCH_PARALLEL_MIN_SECONDS
            settings.trim_oldest(self._serial)
        if serial:
            self._function.run(pointers, count)
            return
        from ..runtime.threads import _pool, _run_in_turns

        parts = min(self._threads, count)
        q, r = divmod(count, parts)
        calls, start = [], 0
        for i in range(parts):
            n = q + (i < r)
            calls.append((self._function._cfunc, (*(p + start * s for p, s in zip(pointers, self._strides)), n)))
            start += n
        _run_in_turns(_pool, calls, parts)

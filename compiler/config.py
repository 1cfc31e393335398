"""Kernel configurations: the tunable parameters of one matmul kernel, checks, and the default heuristic."""

from __future__ import annotations

import dataclasses
import math

from ..errors import ConfigError, RegisterError
from ..runtime.cpu import CpuInfo
from ..runtime.dtypes import DTYPES, ceil_div, dtype_of, packed_panel_rows, round_up
from ..runtime.probe import rates_for

F32_LANES = 16  # float32 lanes of the kernels' vectors: one zmm, or two ymm on AVX2 (LLVM splits them)
NUM_VREGS = 32  # zmm registers
# pack's prefetch-rows: B rows prefetched (into L2) this many panel rows ahead of the copy, where B
# is larger than 1 MiB (pack's prefetch-min-kib; smaller B, in L2, lost). AVX-512 kernels only (it
# slowed AMX kernels). Re-measure against a build with 0: `python bench/run.py --dtypes f32,bf16,u8s8
# --threads 1 --prepacked 16x4096x4096 --no-plots`; AMX: `python3 bench/amx_host/amx_bench.py`.
PACK_PREFETCH_ROWS = 8
# Pre-packed B on AVX2: each K step prefetches this many panel rows ahead, across panels, so that
# weights larger than the caches stream under the FMAs (one row of A keeps the hardware's alone).
# Re-measure on the host: `python bench/bench_configs.py 16x384x1536 --cold --config pf0:prefetch=0`.
PREPACKED_PREFETCH_ROWS = 32
# ... and at M <= STREAM_ROWS (a few register tiles of rows) each B panel's tiles run back to back
# (order nm) with the next panel prefetched a whole panel (kc rows) ahead, so that its fetch
# overlaps all of them: a gain for weights from memory, a loss at more rows (the packed layout is
# the same). Re-measure on the host:
# `python bench/bench_configs.py 16x3072x768 --cold --config mn:order=mn,prefetch=32`.
STREAM_ROWS = 32
# Pre-packed B on a core with two FMA pipes (fast_fma), 4 rows up to this many (a model's 128-256
# tokens): one A block, each B panel's tiles back to back (default_config).
PANEL_ROWS = 258
# Pre-packed bf16 / int8 weights of at least this many bytes stream from memory at few rows (default_config).
STREAMED_WEIGHT_BYTES = 16 << 20
# ... and from 7 to 16 rows one register tile of all of them (default_config).
ONE_TILE_ROWS = (7, 16)
AMX_TILES = 8  # tmm registers
AMX_TILE_ROWS = 16
# AMX K blocks shrink to keep a 32-row A strip in L1 (stream_b) only where the strip serves at least
# this many B panels: each K block loads and stores C once more. Emerald Rapids, 16 threads, bf16
# with the shrunk blocks over kc 1024: 2048^3 (a thread's C 4 panels wide) 0.79x / 0.96x in two
# runs, 4096^3 (8 panels) 0.99x / 0.96x / 0.93x; one thread (16-48 panels) 1.04-1.25x. Re-measure:
# bench/amx_host/amx_bench.py over `python -m nanomm.compiler.aot 2048 4096 --dtype bf16 --target
# emeraldrapids --threads 16` builds with and without `--set kc=1024`.
STREAM_MIN_PANELS = 16
ISAS = ("avx512", "amx", "amx-emulated")
# The AMX features a dtype's tile products need (besides amx-tile).
AMX_FEATURES = {"bf16": "amx-bf16", "u8s8": "amx-int8", "s8s8": "amx-int8"}


@dataclasses.dataclass(frozen=True)
class KernelConfig:
    """Register tile (mr x nr), cache blocks (mc, nc, kc), K unroll, tile loop order, instruction set.

    pad_k: AMX kernels zero-pad each K block to whole tile products (pack / compose-amx pad-k)
    instead of running the K remainder as AVX-512 code over C; not with pre-packed B.
    default_config sets it where padding was measured to pay (pad_k_pays).

    stream_b: AMX kernels load B tiles with the non-temporal hint (tileloaddt1; compose-amx
    stream-b), so that the B panels passing through L1 do not evict the A rows the next
    microkernels read again; default_config sets it with K blocks whose A rows fit beside them.

    pad_mn: AMX kernels run the M / N edges (register tiles whose rows or columns are not
    multiples of 16) on whole tiles over rounded-up views, C through a scratch buffer
    (compose-amx pad-mn), instead of as AVX-512 code; where the tiles cover all of K. Edges of
    one row or one column (16 + 1, ...) stay AVX-512 code, but with pad_one_row (compose-amx
    pad-one-row) one-row M edges go on tiles too: default_config sets it for bf16 (padding_default).

    bf16_fma: bf16 AVX-512 code (the whole kernel with isa="avx512", the edge tiles of AMX
    kernels) multiplies with float32 FMAs on the bf16 pairs' halves instead of vdpbf16ps
    (compose-microkernel's bf16-fma): default_config sets it for AVX-512 kernels on CPUs where
    vdpbf16ps is slow (slow_bf16_dot).

    row_dot: float32 kernels of a B stored transposed (W of x @ W.T) without packing: each register
    tile is MR x NR dot products along K, A's rows against W's rows, summed across lanes after each
    K block (compose-microkernel's row-dot). For a few rows of A, where packing W^T per call costs
    more than the product; default_config decides (DOT_ROWS).

    isa: "avx512" (FMA / vdpbf16ps / vpdpbusd register tiles; on an AVX2 CPU the same float32
    tiles in ymm pairs, see default_config), "amx" (bf16 / int8 only: AMX
    tile microkernels, AVX-512 edges; mr, nr <= 32, e.g. 32x32 = 2x2 tiles) or "amx-emulated"
    (the same tile program from plain vector ops, to check it on CPUs without AMX).
    """

    mr: int = 6
    nr: int = 64
    mc: int = 96
    nc: int = 512
    kc: int = 256
    unroll_k: int = 1
    order: str = "mn"
    pack_b: bool = False
    prefetch: int = 0
    outline: bool = True
    late_c: bool = True
    isa: str = "avx512"
    bf16_fma: bool = False
    pad_k: bool = False
    pad_mn: bool = False
    stream_b: bool = False
    pad_one_row: bool = False
    row_dot: bool = False

    def __post_init__(self):
        if not isinstance(self.prefetch, int) or isinstance(self.prefetch, bool) or self.prefetch < 0:
            raise ConfigError(f"KernelConfig.prefetch must be an int >= 0, got {self.prefetch!r}")
        for key in ("mr", "nr", "mc", "nc", "kc", "unroll_k"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ConfigError(f"KernelConfig.{key} must be a positive int, got {value!r}")
        for key in ("pack_b", "outline", "late_c", "bf16_fma", "pad_k", "pad_mn", "stream_b", "pad_one_row", "row_dot"):
            if not isinstance(getattr(self, key), bool):
                raise ConfigError(f"KernelConfig.{key} must be a bool, got {getattr(self, key)!r}")
        if self.order not in ("mn", "nm"):
            raise ConfigError(f"KernelConfig.order must be 'mn' or 'nm', got {self.order!r}")
        if self.isa not in ISAS:
            raise ConfigError(f"KernelConfig.isa must be one of {', '.join(ISAS)}, got {self.isa!r}")
        tm, tn = self.mr // 16, self.nr // 16
        need = vector_registers(self.mr, self.nr, row_dot=self.row_dot) if self.isa == "avx512" else 0
        if self.row_dot and (self.isa != "avx512" or self.pack_b or self.prefetch):
            raise ConfigError("row_dot=True reads a transposed B's rows in place: it needs isa='avx512', "
                              "pack_b=False and prefetch=0")
        if self.isa != "avx512" and (tm * tn + tm + 1 > AMX_TILES or not self.pack_b):
            raise ConfigError(f"AMX kernels need pack_b and at most {AMX_TILES} tiles ({tm}x{tn} C + {tm} A + 1 B "
                              f"for {self.mr}x{self.nr}); use mr, nr <= 32")
        if need > NUM_VREGS and self.row_dot:
            raise ConfigError(f"row-dot tile {self.mr}x{self.nr} needs {need} vector registers ({self.mr * self.nr} "
                              f"accumulators, {self.mr} rows of A, 1 of W); AVX-512 has {NUM_VREGS}")
        if need > NUM_VREGS:
            raise ConfigError(
                f"register tile {self.mr}x{self.nr} needs {need} vector registers "
                f"({self.mr}x{math.ceil(self.nr / F32_LANES)} accumulators + B vectors + 1 broadcast); "
                f"AVX-512 has {NUM_VREGS}")
        if self.pack_b and self.nr % F32_LANES:  # pack copies whole vectors of a panel row
            raise ConfigError(f"with pack_b, nr ({self.nr}) must be a multiple of {F32_LANES}")
        if self.pack_b and self.nc % self.nr:
            raise ConfigError(f"with pack_b, nc ({self.nc}) must be a multiple of nr ({self.nr})")
        if self.mc < self.mr or self.nc < self.nr:
            raise ConfigError(f"cache block {self.mc}x{self.nc} is smaller than the register tile {self.mr}x{self.nr}")

    def pipeline(self, prepacked_b: bool = False, dtype: str = "f32", epilogue: bool = False,
                 vector_bits: int = 512) -> str:
        """The pass pipeline (nanomm-opt syntax) that builds this kernel (epilogue: of a kernel with one,
        whose exp / erf / tanh expand-math turns into arith code first) for vector registers of
        `vector_bits` (CpuInfo.vector_bits: 512, or 256 for float32 on AVX2)."""
        if prepacked_b and not self.pack_b:
            raise ConfigError("a kernel taking pre-packed B needs pack_b=True")
        if vector_bits not in (256, 512):
            raise ConfigError(f"vector_bits must be 256 (AVX2) or 512 (AVX-512), got {vector_bits!r}")
        if vector_bits == 256 and (dtype != "f32" or self.isa != "avx512"):
            raise ConfigError(f"AVX2 (256-bit) kernels are float32 FMA kernels, not {dtype} with isa={self.isa!r}")
        v = dtype_of(dtype).vnni
        need = (physical_registers(self.mr, self.nr, dtype, self.bf16_fma, vector_bits, self.row_dot) if self.isa == "avx512"
                else 0)  # AMX: checked in __post_init__
        have = REGISTERS[vector_bits]
        if need > have:
            why = " (s8s8 keeps column sums of B beside C)" if dtype == "s8s8" else ""
            raise RegisterError(f"register tile {self.mr}x{self.nr} needs {need} vector registers for {dtype}{why}; "
                              f"{ISA_NAMES[vector_bits]} has {have}" + ("; AVX2 fits 6x16, 2x32 or 1x112"
                                                                        if vector_bits == 256 else ""))
        if self.kc % v:
            raise ConfigError(f"{dtype} kernels need kc to be a multiple of {v} (k per dot-product lane), got {self.kc}")
        if self.isa != "avx512" and dtype == "f32":
            raise ConfigError(f"isa={self.isa!r} is for bf16 and int8 kernels, not f32")
        for key in ("pad_k", "pad_mn", "stream_b", "pad_one_row"):
            if getattr(self, key) and self.isa == "avx512":
                raise ConfigError(f"{key}=True is for AMX kernels (isa='amx' or 'amx-emulated')")
        if self.bf16_fma and dtype != "bf16":
            raise ConfigError(f"bf16_fma=True is for bf16 kernels, not {dtype}")
        if self.row_dot and dtype != "f32":
            raise ConfigError(f"row_dot=True is for float32 kernels, not {dtype}")
        cache_order = "nkm" if self.pack_b else "nmk"
        pad = self.pad_k
        amx = self.isa == "amx"
        return ",".join([
            *(["expand-math"] if epilogue else []),
            f"tile-cache{{mc={self.mc} nc={self.nc} kc={self.kc} order={cache_order}}}",
            # AMX with pad-mn: a dynamic M's row remainder on padded tiles through compose-amx's 32x32
            # scratch buffer, mr / 16 cases instead of mr - 1
            f"tile-register{{mr={self.mr} nr={self.nr} order={self.order} "
            f"pad-rows={AMX_TILE_ROWS if self._pads_rows() else 0}{' split-one-row=1' if self.isa == 'avx512' else ''}}}",
            # AMX tiles read 16 rows of A at once: copy A blocks to a stride that spreads them over L1.
            *([f"pack{{nr={self.nr} kc={self.kc} prepacked={int(prepacked_b)} vector-width={F32_LANES} "
               f"prefetch-rows={PACK_PREFETCH_ROWS if self.isa == 'avx512' else 0}"
               f"{f' pack-a=1 a-rows={self.mc}' if self.isa != 'avx512' else ''}{' pad-k=1' if pad else ''}}}"]
              if self.pack_b else []),
            *([f"compose-amx{{outline={int(self.outline)} emulate={int(self.isa == 'amx-emulated')} "
               f"prefetch-a={self.prefetch} prefetch-c={int(self.prefetch > 0)} bf16-fma={int(self.bf16_fma)}"
               f"{' stream-b=1' if self.stream_b else ''}"
               f"{' pad-k=1' if pad else ''}{' pad-mn=1' if self.pad_mn else ''}"
               f"{' pad-one-row=1' if self.pad_one_row else ''}}}"]
              if self.isa != "avx512" else []),
            f"compose-microkernel{{vector-width={F32_LANES} unroll-k={self.unroll_k} prefetch-b={self.prefetch} "
            f"outline={int(self.outline)} late-c={int(self.late_c)} bf16-fma={int(self.bf16_fma)} row-dot={int(self.row_dot)} "
            f"align-w={int(self.row_dot)}}}",
            f"lower-x86{{vector-bits={vector_bits} num-vregs={REGISTERS[vector_bits]}}}",
            f"lower-llvm{{bare-ptr=1 x86vector=1 amx={int(amx)} noalias=0}}",
        ])

    def _pads_rows(self) -> bool:
        return (self.isa != "avx512" and self.pad_mn and self.mr % AMX_TILE_ROWS == 0
                and max(self.mr, self.nr) <= 2 * AMX_TILE_ROWS)

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)

    def packed_b_shape(self, K: int, N: int, dtype: str = "f32") -> tuple[int, int, int, int]:
        """Shape of B in the pre-packed layout: [K blocks][NR panels][KC/v][NR*v] (v: VNNI factor;
        with pad_k, KC rounded up to whole AMX tile products)."""
        v = dtype_of(dtype).vnni
        return (ceil_div(K, self.kc), ceil_div(N, self.nr), packed_panel_rows(self.kc, v, self.pad_k), self.nr * v)


REGISTERS = {512: NUM_VREGS, 256: 16}  # vector registers by width: zmm, ymm
ISA_NAMES = {512: "AVX-512", 256: "AVX2"}


def physical_registers(mr: int, nr: int, dtype: str = "f32", bf16_fma: bool = False, vector_bits: int = 512,
                       row_dot: bool = False) -> int:
    """vector_registers counted in registers of `vector_bits`: on AVX2 each 16-lane vector takes
    two ymm, except the broadcast of A (one vbroadcastss serves both halves; row-dot tiles have none)."""
    n = vector_registers(mr, nr, dtype, bf16_fma, row_dot)
    return n if vector_bits == 512 else 2 * n if row_dot else 2 * (n - 1) + 1


def vector_registers(mr: int, nr: int, dtype: str = "f32", bf16_fma: bool = False, row_dot: bool = False) -> int:
    """zmm registers a register tile keeps live: accumulators, B vectors, one broadcast of A.

    With one row (mr=1) each B vector feeds a single FMA, which reads it from memory, so
    only the accumulators and the broadcast stay live. s8 x s8 also keeps a column-sum
    accumulator per B vector and the 0x80 constant (see compose-microkernel). bf16 with
    bf16_fma keeps each B vector and A's broadcast as two float32 halves. A row-dot tile keeps MR x NR
    accumulators, A's MR row vectors and one row of W (either read from memory where it feeds one FMA).
    """
    if row_dot:  # a row of W or of A that feeds a single FMA is read from memory by it
        return mr * nr + (0 if nr == 1 else mr) + (0 if mr == 1 else 1)
    chunks = math.ceil(nr / F32_LANES)
    extra = chunks + 1 if dtype == "s8s8" else 0
    if bf16_fma and dtype == "bf16":
        return mr * chunks + 2 * chunks + 2
    if mr == 1:
        return chunks + 1 + extra
    return mr * chunks + chunks + 1 + extra


# x @ W.T (B stored transposed, not pre-packed) with at most this many rows of x: row-dot tiles
# over W's rows (KernelConfig.row_dot) instead of packing W^T every call. Intel AMX VM, one thread,
# row-dot / packing: M = 1 2.0-2.9x (level with x @ W^T dense: W streams once), M = 16 1.3-1.6x;
# the 17-32-row dynamic kernel at M = 32 0.8-1.1x. Re-measure (its `packing/W.T` column):
# `python bench/bench_layers.py --part transpose --ms 1,16,32,128`.
DOT_ROWS = 16
# ... and K at least this many times M: with less, the horizontal sums (one per output) cost more
# than packing W^T (N x K) each call. Zen 4, one thread, row-dot / packing: 16 x 128 x 64 0.85x; at K >= 16 M
# 1.12-1.35x (16 x 1024 x 256, 8 x 1024 x 128, 4 x 1024 x 64, 2 x 1024 x 32); between 8 M and 16 M either wins
# by up to 16 % (bench/results/zen4-vm/2026-12-05-row-dot-rules-configs.txt); attention's Q @ K^T at 16
# tokens, head dim 32, 96 products: 35.6 -> 21.0 us (-layers-attention-t1.md). Re-measure: `python bench/bench_configs.py
# 8x1024x128 --transpose-b --config pack:row_dot=0,pack_b=1,mr=6,nr=64,mc=12,nc=1024,order=mn`.
DOT_MIN_K_PER_ROW = 16
# The fewest ways of an L1 data cache among the cores nanomm targets (Zen 4: 8; Intel's: 12).
L1_WAYS = 8


def row_dot_pays(M: int, K: int, cpu: CpuInfo, dtype: str, transposed_b: bool) -> bool:
    """Whether x @ W.T with M rows of x takes row-dot tiles (float32 on AVX-512, M <= DOT_ROWS, K long
    enough: DOT_MIN_K_PER_ROW) rather than packing W^T per call."""
    return (transposed_b and dtype == "f32" and M <= DOT_ROWS and K >= DOT_MIN_K_PER_ROW * M
            and cpu.vector_bits == 512)


def row_dot_config(M: int, N: int, K: int) -> KernelConfig:
    """x @ W.T's default for a few rows of x (M <= DOT_ROWS, float32): MR x NR row-dot tiles (4x6, fewer
    rows as wide as the registers allow), W's tiles outer so that each streams once while x's rows
    (M x K) stay in cache, one K block."""
    mr, nr = {1: (1, 16), 2: (2, 8), 3: (3, 8)}.get(M, (4, 6))
    if nr * math.gcd(4 * K, 4096) // 4096 > L1_WAYS:
        # More of W's rows than an L1 set holds would start on the same set (rows a multiple of 4 KiB
        # long): 8 wide. Zen 4, one thread, nr 8 / nr 16 at K = 1024, 2048, 3072 1.28-1.42x; at 384, 768,
        # 1000 (at most 8 on a set) 0.96-1.02x (bench/results/zen4-vm/2026-12-05-row-dot-rules-configs.txt).
        # Re-measure: `python bench/bench_configs.py 1x768x3072 --transpose-b --config nr16:nr=16`.
        nr = 8
    return KernelConfig(mr=mr, nr=nr, mc=max(mr, M), nc=max(nr, N), kc=K, order="nm", row_dot=True)


def default_config(M: int, N: int, K: int, cpu: CpuInfo, prepacked_b: bool = False, dtype: str = "f32",
                   transposed_b: bool = False) -> KernelConfig:
    """A good configuration without tuning, from the shape and the CPU's caches.

    On AVX2 (16 ymm registers, cpu.vector_bits 256) the same rules with a 6x16 register tile (rows:
    1x64, 2x32, 3x16), B packed wherever it fills 4 L1s (see below), and pre-packed B in K blocks
    of at most 384, prefetched across panels (PREPACKED_PREFETCH_ROWS; a panel ahead in panel order
    at small M, STREAM_ROWS), with GotoBLAS's blocking (B blocks in L3) for more rows.
    Measured on Zen 4:
    - the register tile is 6x64 (24 accumulators), narrowed when N is small so that the
      vectors are not mostly masked lanes, and one row high for a single row of A;
    - skinny A (M <= 32): B streams from memory once, so short K blocks (kc 8 or 16) over
      the whole of N keep a handful of B rows in flight at once, each read sequentially;
    - large problems pack B into panels (pack_b) with GotoBLAS blocking: K in equal blocks
      of at most 512, a kc x nc block of B in half of L2, A blocks of 48 rows (about 3x L1);
    - everything else: one pass of batch-reduce blocking on unpacked B;
    - with B pre-packed (prepacked_b), B panels stream sequentially whatever M is, so K
      blocks are long (kc 512) and a kc x nc block of B takes half of L2.
    """
    if row_dot_pays(M, K, cpu, dtype, transposed_b):  # (not pre-packed)
        return row_dot_config(M, N, K)
    if dtype != "f32":
        if amx_path(M, N, cpu, dtype):
            return _amx_config(M, N, K, cpu, dtype)  # AVX-512 edges keep vdpbf16ps (slow_bf16_dot)
        config = _avx512_low_precision(M, N, K, cpu, dtype)
        long_kc = min(round_up(K, DTYPES[dtype].vnni), 512)  # the pre-packed few-row rules' K blocks
        if prepacked_b and 3 < M <= 16 and N >= 1024 and not config.bf16_fma:
            # Pre-packed weights at 4-16 rows with dot-product instructions (vdpbf16ps / vpdpbusd):
            # 8 x 48 tiles over 48-wide panels in K blocks of 512, prefetched (the unpacked rule's
            # 8 x 32 / 3 x 64 tiles lost). Zen 4, pre-packed, over that rule, in L3 / from memory: bf16
            # 8-16 x 4096 (or 14336) x 4096 2.1-2.9x / 2.1-2.7x, 4 rows 1.62x / 1.35x, 16x1536x384,
            # 16x3072x768, 8x3072x768 1.15-1.28x / 1.56-2.1x; u8s8 4-8 rows 1.10-1.41x / 1.18-1.53x, 16 rows
            # (already 8 x 48) 0.98-1.02x / 0.91-1.34x (bench/results/zen4-vm/2026-12-05-prepacked-lowp-
            # dot-tiles-configs.txt).
            # Re-measure: `python bench/bench_configs.py 16x4096x4096 --dtype bf16 --cold
            # --config old:mr=8,nr=32,mc=16,nc=1024,kc=512,unroll_k=2,pack_b=0,outline=0,late_c=0`.
            mr = min(M, 8)
            return dataclasses.replace(config, mr=mr, nr=48, mc=round_up(M, mr), nc=_fit(N, 48, 1008, 1008), kc=long_kc,
                                       unroll_k=1, pack_b=True, outline=True, late_c=True, prefetch=PREPACKED_PREFETCH_ROWS)
        if prepacked_b and M <= 16 and N * K * DTYPES[dtype].ab_bytes >= STREAMED_WEIGHT_BYTES:
            # Weights from memory at a few rows: K blocks of 512 (the unpacked rule's 8 or 16 k load
            # and store C once per block), panels prefetched 32 rows ahead, and at 1-3 rows vdpbf16ps
            # (fewer instructions than FMA halves while memory bounds the loop). Intel AMX VM, pre-packed,
            # in L3 / from memory: bf16 1x14336x4096 1.90x / 1.58x, 8x4096x4096 1.08x / 1.35x, u8s8
            # 1x4096x4096 0.98x / 1.07x (bench/results/intel-amx-vm/2026-12-05-prepacked-lowp-streamed-
            # configs.txt); bf16 1x3072x768 (4.7 MB) 0.91x in L3, hence the size. Re-measure:
            # `python bench/bench_configs.py 1x14336x4096 --dtype bf16 --cold --config old:kc=8,nc=4096,prefetch=0`.
            config = dataclasses.replace(config, kc=long_kc, nc=_fit(N, config.nr, 1024, 1024),
                                         prefetch=PREPACKED_PREFETCH_ROWS, bf16_fma=config.bf16_fma and M > 3)
        return config
    wide = cpu.vector_bits != 256
    if not wide:  # AVX2: the classic 6x16 tile (12 of the 16 ymm accumulate), any N
        mr, nr = 6, 16
    elif N <= 16:
        mr, nr = 14, 16
    elif N <= 32:
        mr, nr = 14, 32
    elif N <= 48:
        mr, nr = 8, 48
    else:
        mr, nr = 6, 64
    if prepacked_b:
        mr = min(M, mr) if M <= 3 else mr
        kc = min(K, 512)
        if wide and ONE_TILE_ROWS[0] <= M <= ONE_TILE_ROWS[1] and N >= 32 and fast_fma(cpu):
            # One row of register tiles as tall as M (panels 32 wide, 16 at 15-16 rows): each panel
            # passes once, where 6 x 64 tiles read it from L2 once per 6 rows. Intel AMX VM, pre-packed,
            # over 6 x 64 in the same rounds, in cache / from memory: 8-16 rows 1.01-1.34x / 1.02-1.45x
            # (bench/results/intel-amx-vm/2026-12-05-prepacked-one-tile-configs.txt), 7 rows (6 + 1 on 6 x 64)
            # 1.23-1.38x / 1.05-1.14x (-one-tile-7-rows-configs.txt); at 4-6 rows 6 x 64 is already one
            # tile, and 6 x 32 lost warm (0.92-0.95x). Re-measure: `python bench/bench_configs.py 16x1536x384 --cold
            # --config old:mr=6,nr=64,mc=18,nc=640`.
            nr = 32 if M <= 14 else 16
            return KernelConfig(mr=M, nr=nr, mc=M, nc=_fit(N, nr, cpu.l2 // 2 // (kc * 4), 4096), kc=kc, pack_b=True,
                                order="nm", prefetch=PREPACKED_PREFETCH_ROWS)
        nc = _fit(N, nr, cpu.l2 // 2 // (kc * 4), 4096)
        mc = _fit(M, mr, cpu.l2 // 2 // (kc * 4), 132)
        if wide or mr == 1:
            if wide and 3 < M <= PANEL_ROWS and fast_fma(cpu):
                # Two FMA pipes outrun the weights' fetch from memory when the first tile of each
                # block pulls it: each panel's tiles back to back (order nm) over one A block, the
                # next panel prefetched. Intel AMX VM, pre-packed, over mn: 64x4096x4096 1.16x,
                # 128x4096x4096 1.10x, 256x4096x4096 1.10x, 128x768x3072 1.06x, 128x2304x768 1.02x,
                # 8-32 rows 1.04-1.09x (1024^3, 2048^3: 0.93-0.95x, hence PANEL_ROWS); prefetch 32 over
                # none (order mn): 4x4096x4096 1.54x, 16x4096x4096 ~1.9x, 32x4096x4096 1.29x, 16x3072x768
                # 1.04x, 16x384x1536 1.09x. Re-measure: `python bench/bench_configs.py 128x4096x4096 --pack
                # --config mn:mr=6,nr=64,mc=132,nc=512,kc=512,pack_b=1` and `python bench/bench_configs.py
                # 16x4096x4096 --cold --config mn:mr=6,nr=64,mc=18,nc=512,kc=512,pack_b=1,prefetch=32`.
                mc = _fit(M, mr, cpu.l2 // 2 // (kc * 4), PANEL_ROWS)
                return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True, order="nm",
                                    prefetch=PREPACKED_PREFETCH_ROWS)
            # One FMA pipe leaves the hardware's prefetchers time: Zen 4, pre-packed, none over prefetch
            # 32 at 4-32 rows, in L3 / from memory, two runs: x4096x4096 1.02-1.22x / 1.01-1.24x, 384-3072 x
            # 384-3072 0.99-1.00x / 1.03-1.09x (bench/results/zen4-vm/2026-12-05-prepacked-f32-prefetch-configs.txt).
            # Re-measure: `python bench/bench_configs.py 16x4096x4096 --cold --config p32:prefetch=32`.
            return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True)
        # AVX2: K in equal blocks of at most 384 (a 384 x 16 panel is 24 KiB of a 32 KiB L1) for few
        # rows and many alike (one packed layout serves both: RowsRouter); many rows take GotoBLAS's
        # blocking, a kc x nc block of B of up to 1536 columns (2.25 MiB, L3) and A blocks of 48 rows
        # (L1s), where a half-L2 B block left nc at 128. Both beat the half-L2 rule on Zen 3; re-measure:
        # `python bench/bench_configs.py 4096x3072x768 --cold --config c:kc=384,nc=1536,mc=48`, and
        # for few rows `python bench/bench_configs.py 16x3072x768 --cold --config k:kc=384`.
        kc = _equal_blocks(K, 384)
        if M <= STREAM_ROWS:  # weights from memory, see STREAM_ROWS
            nc = _fit(N, nr, cpu.l2 // 2 // (kc * 4), 4096)
            mc = _fit(M, mr, cpu.l2 // 2 // (kc * 4), 132)
            return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True, prefetch=kc, order="nm")
        nc = _fit(N, nr, 1536, 1536)
        mc = _fit(M, mr, cpu.l1d * 3 // (kc * 4), 48)
        return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True, prefetch=PREPACKED_PREFETCH_ROWS)
    if M <= 3:
        if not wide:  # the widest row tile the 16 ymm hold: 1x64, 2x32, 3x16
            nr = {1: 64, 2: 32}.get(M, 16) if N > 16 else 16
        kc = min(K, 8)
        nc = _fit(N, nr, cpu.l2 // (kc * 4), 4096)
        return KernelConfig(mr=M, nr=nr, mc=M, nc=nc, kc=kc)
    if not wide and M > 3 and N * K * 4 >= 4 * cpu.l1d:
        # AVX2's 16-wide tile reads one cache line of each B row, so unpacked rows far apart cost a
        # page each: B is packed wherever it fills 4 L1s (in L1, packing lost), in the large-problem
        # blocking. Re-measure on the host: `python bench/bench_configs.py SHAPE --config pk:pack_b=1,...`.
        kc = _equal_blocks(K, 512)
        nc = _fit(N, nr, cpu.l2 // 2 // (kc * 4), 4096)
        mc = _fit(M, mr, cpu.l1d * 3 // (kc * 4), 48 if M > 128 else M)
        return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True)
    if M <= 32 and N >= 1024 and K >= 256:
        if nr == 64 and M % 8 == 0:
            mr, nr = 8, 48
        mr = min(mr, M)
        kc = 16
        return KernelConfig(mr=mr, nr=nr, mc=round_up(M, mr), nc=_fit(N, nr, cpu.l2 // (kc * 4), 4096), kc=kc)
    if M >= 64 and N >= 128 and K >= 512 and nr == 64:
        kc = _equal_blocks(K, 512)
        nc = _fit(N, nr, cpu.l2 // 2 // (kc * 4), 4096)
        mc = _fit(M, mr, cpu.l1d * 3 // (kc * 4), 48 if M > 128 else M)
        return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True)
    unroll_k = 1
    if wide and nr == 64 and fast_fma(cpu):
        # Unpacked B rows come from L2: a 14x32 tile reads half the B lines of 6x64 per FMA, which
        # a core with two FMA pipes needs. Intel AMX VM, one thread, 14x32 unroll 2 over 6x64:
        # 128^3 1.15x, 256^3 1.19x, 127x255x511 1.14x, 33x4096x33 1.02x, 64^3 0.99x. Re-measure:
        # `python bench/bench_configs.py 256x256x256 --config t:mr=14,nr=32,mc=196,unroll_k=2`.
        mr, nr, unroll_k = 14, 32, 2
    kc = min(K, 256)
    mc = max(mr, min(_round_down(cpu.l2 // 2 // (kc * 4), mr), round_up(M, mr), _round_down(192, mr)))
    nc = max(nr, min(_round_down(cpu.l2 // (kc * 4), nr), round_up(N, nr), 1024))
    return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, unroll_k=unroll_k, order="mn")


FAST_FMA_GFLOPS = 160.0  # Zen 4's single 512-bit FMA pipe: ~117 GFLOP/s a core; two pipes: 178-247
# Named targets' float32 FMA rates a core, measured on their hosts (`python bench/peak.py --kinds f32`):
# Emerald Rapids 178.6 (bench/results/emerald-rapids-16c/2026-11-30-peak-f32-bf16-int8.md), the Intel
# AMX VM (Sapphire Rapids class) 227-240 (bench/results/intel-amx-vm/2026-12-04-run-1t*.md). AOT builds
# for them take the two-pipe rules as their hosts' probes would: on the Emerald Rapids host 14 x 32
# tiles ran 1.03-1.13x 6 x 64 at 127x255x511, 128^3, 256^3 in most of four same-run comparisons,
# 0.90-1.01x at 64^3, 0.70-1.17x at 33x4096x33 (bench/results/emerald-rapids-16c/2026-12-07-f32-*.md).
NAMED_FMA_GFLOPS = {"emeraldrapids": 178.6, "sapphirerapids": 227.5}


def fast_fma(cpu: CpuInfo) -> bool:
    """Whether a core of this CPU has two 512-bit FMA pipes: the host's probe (runtime/probe.py)
    measures it; a named target's measured rate (NAMED_FMA_GFLOPS) stands in for its probe. Other
    named targets keep the rules measured on Zen 4 (False)."""
    rates = rates_for(cpu)
    gflops = rates.get("f32", 0.0) if rates else NAMED_FMA_GFLOPS.get(cpu.name, 0.0)
    return gflops >= FAST_FMA_GFLOPS


# Dynamic-M kernels (MatmulSpec.M=None) serve a range of M with one config: the default config
# of the range's largest M; bf16 / int8 on AVX-512 but for the last range on a CPU with AMX.
# Ranges of M: 1-3, 4-32, 33 and more (configured as for 256 rows, where every default rule
# already takes its large-M form). `python bench/bench_dispatch.py --part dynamic` times them
# against static-M kernels.
M_RANGES = (3, 32, 256)
# Pre-packed float32 weights up to this size take 14 x 32 tiles on 32-wide panels in dynamic-M kernels
# on two FMA pipes (dynamic_config).
NARROW_PANEL_WEIGHT_BYTES = 5 << 19  # 2.5 MiB: 1536 x 384 and 768 x 768, not 3072 x 768


def m_range(M: int) -> int:
    """The M_RANGES bound whose dynamic-M kernel serves M rows."""
    return next((bound for bound in M_RANGES if M <= bound), M_RANGES[-1])


def dynamic_config(N: int, K: int, cpu: CpuInfo, prepacked_b: bool = False, dtype: str = "f32",
                   rows: int = M_RANGES[-1], transposed_b: bool = False) -> KernelConfig:
    """The default config of a dynamic-M kernel serving M up to `rows` (an M_RANGES bound; the
    last serves any M). x @ W.T's ranges up to 32 rows take row-dot tiles (most of their rows are
    at most DOT_ROWS; at 32 rows row-dot and packing measured level)."""
    if rows <= 2 * DOT_ROWS and row_dot_pays(min(rows, DOT_ROWS), K, cpu, dtype, transposed_b):
        return row_dot_config(min(rows, DOT_ROWS), N, K)
    if dtype == "f32":
        config = default_config(rows, N, K, cpu, prepacked_b=prepacked_b, dtype=dtype)
        if (prepacked_b and (config.mr, config.nr) == (6, 64) and N * K * 4 <= NARROW_PANEL_WEIGHT_BYTES
                and fast_fma(cpu)):
            # One kernel serves every M on one packed layout: 32-wide panels let 7-14 rows take one
            # tile as tall as M (the static rule, ONE_TILE_ROWS) where 64-wide ones take 6 + 2..8.
            # Intel AMX VM, one thread, pre-packed, dynamic / static-M at 8-16 rows: 0.75-0.995 -> 1.00-1.07
            # (1536x384, 384x1536, 768x768); 14 x 32 / 6 x 64 at 1024 rows 0.93-1.02 there, 0.91-1.00 at
            # 4096x4096 and 3072x768 (bench/results/intel-amx-vm/2026-12-05-dynamic-narrow-panels-*), hence
            # the size. Re-measure: `python bench/bench_dispatch.py --part dynamic --nk 1536x384,768x768`.
            half_l2 = cpu.l2 // 2 // (config.kc * 4)  # rows or columns of a K block in half of L2
            config = dataclasses.replace(config, mr=14, nr=32, mc=_fit(rows, 14, half_l2, PANEL_ROWS),
                                         nc=_fit(N, 32, half_l2, 4096))
        return config
    if rows > 32 and amx_path(rows, N, cpu, dtype):
        # AMX tiles as the static kernel's: pack-a copies blocks of min(MC, M - m0) rows, the row
        # remainder runs on padded tiles in two cases (tile-register pad-rows). Intel AMX VM, one
        # thread, B pre-packed, M = 33-1024 at 4096x4096, 1536x384, 384x1536, 3072x768: 0.94-1.28x the
        # static-M AMX kernels, compiled in 0.6-1.3 s (with a case per remainder and outlined
        # microkernels: 0.67-0.80x, 5.3 s). Re-measure: `NANOMM_DISK_CACHE=0 python bench/bench_dispatch.py
        # --part dynamic --dtype bf16 --nk 3072x768 --ms 40,128,512,1024`.
        return _amx_config(rows, N, K, cpu, dtype)
    config = _avx512_low_precision(rows, N, K, cpu, dtype)
    if dtype == "bf16" and not config.bf16_fma and (config.mr, config.nr) == (6, 64):
        # vdpbf16ps kernels serve every M on 48-wide panels in 7-row tiles: 1-7 rows take one tile as
        # tall as M (as the static rule's 7 x 48), where 6 x 64 ran two (4 + 3, split-one-row), each streaming
        # the B panels from L2. Zen 4 VM, one thread, pre-packed, dynamic / static-M: 4096x4096 at 7 rows
        # 0.822 -> 0.991, 1-1000 rows at it and 1536x384, 384x1536, 3072x768 0.973-1.184 (docs/decisions.md).
        # Re-measure: `python bench/bench_dispatch.py --part dynamic --dtype bf16 --nk 4096x4096,1536x384`.
        config = dataclasses.replace(config, mr=7, nr=48, mc=config.mc // 6 * 7, nc=round_up(config.nc, 48))
    return config


def one_row_config(N: int, K: int, cpu: CpuInfo, dtype: str, route: KernelConfig) -> KernelConfig | None:
    """The config a dynamic-M float32 kernel on pre-packed B gives its calls of one row, where the
    static kernel of one row streams B otherwise than `route` (the config that would serve them):
    that kernel's, on `route`'s packed layout (its K blocks and panel width); None where they agree.
    Zen 3 VM, one thread: one row on the 6 x 16 tiles of 32 rows (panel order, prefetched a panel
    ahead) ran at 0.87-0.91x the static kernel of one row (1 x 16, mn order, no prefetch) at
    4096x4096, 1536x384 and 384x1536; this one at 0.99-1.03x. Re-measure: `python bench/bench_dispatch.py
    --part dynamic --nk 4096x4096,1536x384,384x1536 --ms 1,2,7`."""
    if dtype != "f32":
        return None
    one = dataclasses.replace(default_config(1, N, K, cpu, prepacked_b=True), kc=route.kc, nr=route.nr)
    if not one.pack_b or not route.pack_b or (one.order, one.prefetch) == (route.order, route.prefetch):
        return None
    return one


def _avx512_low_precision(M: int, N: int, K: int, cpu: CpuInfo, dtype: str) -> KernelConfig:
    """default_config's bf16 / int8 AVX-512 kernel, with bf16_fma as slow_bf16_dot decides for `cpu`."""
    fma = bf16_fma_default("avx512", dtype, cpu)
    return dataclasses.replace(_low_precision_config(M, N, K, cpu, dtype, fma), bf16_fma=fma)


def slow_bf16_dot(cpu: CpuInfo) -> bool:
    """Whether bf16 AVX-512 kernels should use float32 FMAs rather than vdpbf16ps on `cpu`
    (KernelConfig.bf16_fma; default_config sets it for the AVX-512 path only).

    On the Emerald Rapids host (AMX) vdpbf16ps delivers far fewer flops than float32 FMAs
    (`python3 bench/peak.py --kinds f32,bf16,int8 --no-bandwidth`; on Zen 4 it delivers more), and
    the AVX-512 kernels built on FMAs won there, except where memory bounds them. AMX kernels' edges
    won on some shapes and lost on others, so AMX kernels keep vdpbf16ps unless a tuning record says
    otherwise (the tuner's variations try it). Re-measure: `python3 bench/amx_host/amx_bench.py fma
    dot` over builds with and without it (`python -m nanomm.compiler.aot ... --target emeraldrapids
    [--set bf16_fma=0]`). Intel's AMX CPUs are the ones measured so; the others keep vdpbf16ps.

    On this machine (target "host") the probe decides (runtime/probe.py, `python bench/peak.py`):
    slow where the vdpbf16ps loop delivers under 3/4 of the FMA loop's flops (an FMA-built dot
    product costs two FMAs plus the halves' shifts). Named targets keep the rule above."""
    rates = rates_for(cpu)
    if rates.get("bf16") and rates.get("f32"):
        return rates["bf16"] < 0.75 * rates["f32"]
    return cpu.has("amx-bf16")


def _low_precision_config(M: int, N: int, K: int, cpu: CpuInfo, dtype: str, fma: bool = False) -> KernelConfig:
    """bf16 / int8, measured on Zen 4.

    The same register tiles as float32 (the accumulators are 16 f32/i32 lanes), one row
    fewer for s8 x s8 (its column-sum accumulators); K blocks are multiples of v and sized
    in bytes, so a block holds 2x (bf16) or 4x (int8) as many k as float32's.
    - one to three rows of A: B streams from memory once, unpacked (interleaved in
      registers), in K blocks of 8 rows (a few B rows in flight);
    - skinny A (M <= 32, wide N): B packed per block of 256 k (each row of B read
      sequentially), C panels 8x48; except where the tuner found better: bf16 with 4-16 rows
      streams B unpacked in K blocks of 16 through 8x32 tiles (it lost at 32 rows), u8s8 with
      4-8 rows packs B in K blocks of 16 for 3x64 tiles (at 16 rows it lost on two threads);
      s8s8 (not measured) keeps the rule. Re-measure against this rule at M = 8, 16, 32 (N = K =
      4096) with `python bench/bench_configs.py` and `python bench/run.py`;
    - A of 40-128 rows in whole 8-row tiles, wide N (128x4096x4096, 128x14336x4096): 8x48
      tiles (no 2-row edge tile as 6x64 leaves at 128), K in equal blocks of at most 1024,
      B blocks up to 480 wide: faster than 6x64 / kc 2048 for bf16 and u8s8, float32 unchanged
      (`python bench/bench_configs.py 128x4096x4096 --config ...`);
    - everything else: B packed in VNNI panels, K in equal blocks of at most 2048 (long K
      blocks: C is loaded and stored once per block), a kc x nc block of B in half of L2,
      A blocks of 48 rows.
    """
    v, size = DTYPES[dtype].vnni, DTYPES[dtype].ab_bytes
    if N <= 16:
        mr, nr = 14, 16
    elif N <= 32:
        mr, nr = 14, 32
    elif N <= 48 or (M <= 32 and N >= 1024 and M % 8 == 0):
        mr, nr = 8, 48
    else:
        mr, nr = 6, 64
    while vector_registers(mr, nr, dtype, fma) > NUM_VREGS:
        mr -= 1
    mr = min(mr, M)
    if M <= 3:
        kc = min(round_up(K, v), 8)  # 8 rows of B in flight (measured best for bf16 and int8)
        return KernelConfig(mr=M, nr=nr, mc=M, nc=_fit(N, nr, cpu.l2 // (kc * size), 4096), kc=kc)
    if M <= 16 and N >= 1024 and dtype == "bf16":
        return KernelConfig(mr=min(M, 8), nr=32, mc=M, nc=_fit(N, 32, 1 << 30, 4096), kc=min(round_up(K, v), 16),
                            unroll_k=2, pack_b=False, outline=False, late_c=False)
    if M <= 8 and N >= 1024 and dtype == "u8s8":
        return KernelConfig(mr=3, nr=64, mc=round_up(M, 3), nc=_fit(N, 64, 1 << 30, 4096),
                            kc=min(round_up(K, v), 16), pack_b=True, outline=False)
    if M <= 32 and N >= 1024:
        kc = min(round_up(K, v), 256)
        return KernelConfig(mr=mr, nr=nr, mc=round_up(M, mr), nc=_fit(N, nr, cpu.l2 // 2 // (kc * size), 4096),
                            kc=kc, pack_b=True)
    if 32 < M <= 128 and M % 8 == 0 and N >= 1024:
        kc = round_up(_equal_blocks(K, 1024), v)
        return KernelConfig(mr=8, nr=48, mc=M, nc=_fit(N, 48, cpu.l2 // (kc * size), 480), kc=kc, pack_b=True)
    kc = round_up(_equal_blocks(K, 2048), v)
    nc = _fit(N, nr, cpu.l2 // 2 // (kc * size), 4096)
    mc = 48 if M > 128 else round_up(M, mr)
    return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True)


def amx_path(M: int, N: int, cpu: CpuInfo, dtype: str) -> bool:
    """Whether default configs take AMX tiles: bf16 / int8 on a CPU with its AMX features, where a
    whole 16 x 16 tile of C fits (M, N >= 16)."""
    return dtype in AMX_FEATURES and cpu.has("amx-tile", AMX_FEATURES[dtype]) and min(M, N) >= 16


def _amx_config(M: int, N: int, K: int, cpu: CpuInfo, dtype: str) -> KernelConfig:
    """bf16 / int8 on a CPU with AMX where a whole 16 x 16 tile of C fits (M, N >= 16; else
    default_config takes the AVX-512 kernels, which the remote tuner found far faster at one row):
    32x32 register tiles (2x2 C tiles, 2 A, 2 B of the 8 tmm registers), B in VNNI panels (the AMX
    B-tile layout), K blocks of whole tile products (32 bf16 / 64 int8 k) up to 1024 k (256 for one
    row of tiles: M < 32; where stream_b_pays, B tiles streamed past L1 and, for N of at least
    STREAM_MIN_PANELS panels, K blocks of 32-row A strips in 2/3 of L1: 512 bf16 / 1024 int8 k on a
    48 KiB L1), a K x NC block of B in half of L2, A blocks of 128 rows, microkernels inlined
    (outline=False: one ldtilecfg per call instead of one per microkernel call) and A
    prefetched one K step ahead (prefetch=1; prefetch > 0 also prefetches the next microkernel's C
    lines, compose-amx prefetch-c).

    Measured on the Emerald Rapids host (its AMX speed moves: variants timed in the same rounds, in
    several runs): inlined microkernels prefetching A beat outlined ones; with them K blocks up to
    1024 beat 512 and 128 (before stream_b; with it 512 bf16 won, see stream_b_pays), and A blocks
    of 128 rows beat 256. One row of tiles (M < 32: B streams
    through once) takes K blocks of 256, the remote tuner's pick at 16x4096x4096. Re-measure:
    `python3 bench/amx_host/amx_bench.py` over builds of `python -m nanomm.compiler.aot ... --target
    emeraldrapids --set kc=512` (or outline=0, prefetch=0, mc=256) against the default."""
    size, v = DTYPES[dtype].ab_bytes, DTYPES[dtype].vnni
    kt = 16 * v  # k of one tile product
    mr = 32 if M >= 32 else 16
    nr = 32 if N >= 32 else 16
    kc = min(round_up(K, v), 1024 if M >= 32 else 256)
    stream = stream_b_pays(M, N, K, kc, cpu, dtype)
    if stream and N >= STREAM_MIN_PANELS * nr:  # a 32-row A strip in 2/3 of L1, whole tile products
        kc = min(kc, max(kt, _round_down(cpu.l1d * 2 // 3 // (32 * size), kt)))
    if K > kc:  # equal blocks of whole tile products
        kc = round_up(_equal_blocks(K, kc), kt)
    nc = _fit(N, nr, cpu.l2 // 2 // (kc * size), 4096)
    mc = _fit(M, mr, 1 << 30, 128)
    return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, pack_b=True, prefetch=1, outline=False, isa="amx",
                        stream_b=stream, **padding_default("amx", K, kc, dtype))


def stream_b_pays(M: int, N: int, K: int, kc: int, cpu: CpuInfo, dtype: str) -> bool:
    """Whether an AMX kernel should load B tiles with the non-temporal hint (KernelConfig.stream_b),
    its K blocks then sized so that a 32-row A strip takes 2/3 of L1 (where the strip serves at
    least STREAM_MIN_PANELS B panels): where there is more than one row of tiles (M >= 32) and its
    A block and B block together outgrow L1 (else both stay there).

    In tile-register's mn order a 32-row strip of A is read by every microkernel of the block's B
    panels, each panel passing once; B lines filling L1 evict those A rows, and 2x2 tile loops over
    operands from L2 run at 60-65 % of the register-only rate, 78-81 % with A in L1 and B streamed
    (Intel AMX VM: `python bench/amx_host/tile_loop.py --kc 512,1024 --panels 16 --orders nanomm
    --stream-b`). Whole kernels over the rule before it (kc up to 1024, no hint), same rounds: Intel
    AMX VM bf16 per call / pre-packed 1.04x / 1.31x at 1024^3, 1.37x / 1.34x at 4096x768x3072,
    1.38x / 1.28x at 1000^3, 1.13x / 0.90x at 128x3072x768; Emerald Rapids one thread, geomean over
    torch bf16 1.580 against 1.360, u8s8 1.662 against 1.396 (bench/results, 2026-12-04). Re-measure:
    `python bench/bench_configs.py SHAPE --dtype bf16 --pack --config before:stream_b=0,kc=1024,nc=512`."""
    size = DTYPES[dtype].ab_bytes
    return M >= 32 and (min(M, 128) + N) * min(K, kc) * size > cpu.l1d


def bf16_fma_default(isa: str, dtype: str, cpu: CpuInfo) -> bool:
    """KernelConfig.bf16_fma as default_config sets it for a kernel on path `isa`: AVX-512 bf16
    kernels on CPUs where vdpbf16ps is slow; AMX kernels' edges keep vdpbf16ps (slow_bf16_dot)."""
    return dtype == "bf16" and isa == "avx512" and slow_bf16_dot(cpu)


# One-row M edges of bf16 AMX kernels on a padded tile instead of AVX-512 pieces, from K blocks of this
# many on. Intel AMX VM, tiles over pieces, pre-packed / per call, two runs each: 17x1000x512 1.34-1.35x /
# 1.14-1.16x, 33x1024x256 1.25-1.27x / 1.05-1.14x, 33x4096x4096 1.09-1.12x / 1.07-1.09x, 65x3072x768
# 0.995-1.09x / 1.08x; K blocks of 33-128 level within the VM's noise (33x4096x128 pre-packed 0.68-1.09x
# in three runs); u8s8 0.88-1.05x (left off). Re-measure (bench/results/intel-amx-vm/2026-12-04-amx-one-row-
# edges.txt): `python bench/bench_configs.py 33x1024x256 --dtype bf16 --pack --config t:pad_one_row=1
# --config a:pad_one_row=0`.
ONE_ROW_MIN_K = 256


def padding_default(isa: str, K: int, kc: int, dtype: str) -> dict[str, bool]:
    """KernelConfig.pad_k, pad_mn and pad_one_row as default_config sets them for a kernel on path
    `isa` with K blocks of kc: AMX kernels pad K where pad_k_pays (a pre-packed B's layout then holds
    the zero rows: KernelConfig.packed_b_shape) and run their M / N edges on tiles, bf16 kernels
    with K blocks of ONE_ROW_MIN_K or more their one-row M edges too (the AVX-512 bf16 pieces are
    the slow path there; a short K block leaves the padded tile's C copies unpaid). See
    ONE_ROW_MIN_K for the figures."""
    amx = isa != "avx512"
    return {"pad_k": amx and pad_k_pays(K, kc, dtype), "pad_mn": amx,
            "pad_one_row": amx and dtype == "bf16" and min(K, kc) >= ONE_ROW_MIN_K}


def pad_k_pays(K: int, kc: int, dtype: str) -> bool:
    """Whether an AMX kernel with K blocks of kc should zero-pad them to whole tile products
    (KernelConfig.pad_k) rather than run the K remainder as an AVX-512 pass over C: wherever a
    block has a remainder, unless K is shorter than one tile product (32 bf16 / 64 int8 k; the
    kernel then has no tile product at all without padding).

    Padding costs up to one tile product's K of extra tile work; the remainder pass costs a sweep
    over C plus the remainder at AVX-512 speed, and measured dearer almost everywhere with K of at
    least one tile product (a few kernels lost). Below one tile product (int8 K = 33, 40, 48),
    where the plain kernel is all AVX-512 VNNI, padding lost on average, so no padding. The rule
    was fitted on one set of shapes and checked on held-out ones. Re-measure on the Emerald Rapids
    host, one thread, pad / plain timed in the same rounds: `python3 bench/amx_host/amx_bench.py
    pad plain` over builds with `python -m nanomm.compiler.aot ... --set pad_k=1` and `pad_k=0`."""
    kt = 16 * DTYPES[dtype].vnni
    last = K - (ceil_div(K, kc) - 1) * kc
    return K >= kt and any(b % kt for b in (min(kc, K), last))


def _fit(size: int, tile: int, budget: int, cap: int) -> int:
    """A block of whole tiles: at most the budget (elements) and the cap, at most size rounded up,
    at least one tile."""
    return max(tile, min(_round_down(budget, tile), _round_down(cap, tile) if cap >= tile else tile,
                         round_up(size, tile)))


def _equal_blocks(K: int, most: int) -> int:
    """The length of K's blocks when cut into equal blocks of at most `most` (the last one shorter)."""
    return ceil_div(K, ceil_div(K, most))


def _round_down(x: int, m: int) -> int:
    return max(m, x // m * m)

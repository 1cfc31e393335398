"""The tuning space: every KernelConfig field as a discrete dimension, pure predicates, canonical forms.

A point of the space is a `KernelConfig` for one `Problem` (shape, dtype, threads) on one CPU.
Each field takes its values from a short list chosen for the problem (block sizes are clamped
to it); the product of those lists is filtered by *predicates*, pure functions of
(problem, cpu, config) that need no compiler, so nothing that would spill registers or overflow
the cache level a block is meant to live in is ever compiled:

    registers          the register tile needs at most 32 zmm registers (accumulators, B vectors,
                       one broadcast of A, and for s8s8 the column sums: config.vector_registers
                       of the dtype); an AMX tile at most 8 tmm registers (C, A and one B tile)
    vnni               bf16 / int8: kc is a multiple of the VNNI factor v (2 / 4 k per 32-bit
                       lane of vdpbf16ps / vpdpbusd), and an AMX kc a multiple of a tile's k
    tile-in-problem    the tile is no taller than M and has no whole vector of lanes beyond N
    accumulators       at least 8 independent accumulators (FMA latency x throughput), unless
                       the problem is too small for more (the tallest tile M and N allow)
    l1-panel           the operand panel a tile row reuses from L1 fits L1: A (mr x kc) with the
                       "mn" tile order, B (kc x nr) with "nm" (in bytes of the dtype)
    l2-block           the block the tile loops sweep again and again fits L2: B (kc x nc) with
                       "mn", A (mc x kc) with "nm" (in bytes of the dtype)
    pack-reuse         float32: packing B pays only when a packed block serves at least two rows
                       of tiles (bf16 / int8 packing also makes the VNNI layout: no such rule)
    prefetch-stride    float32: B prefetching is for unpacked B with rows at least 1 KiB apart
                       (a distance shorter than the K block's steps) or for pre-packed B (any
                       distance: it runs on into the next panel); bf16 / int8: for packed B
                       panels (the kernels prefetch only those), shorter than the K block's steps
    unroll             the K unroll is no longer than the K block's steps (k / v)
    path               the instruction path applies: AVX-512 always; AMX only for bf16 / int8 on
                       a CPU with amx-tile and amx-bf16 / amx-int8, with packed B

*Canonical forms* merge configurations that build the same loops: a block at least as large
as the problem is the problem rounded up to whole tiles, the tile loop order is irrelevant
when a block holds a single row or column of tiles, late C loads are irrelevant with a single
K block. The space is the set of canonical configurations that pass every predicate; the
heuristic default (config.default_config) is always a member of the candidates a search
evaluates, whether or not it passes the predicates.

The instruction path (KernelConfig.isa) is a dimension too (`paths`): float32 has one
(AVX-512 FMA); bf16 and int8 have AVX-512 (vdpbf16ps / vpdpbusd) everywhere and AMX tile
products where the CPU has them (amx-bf16 / amx-int8).

Sizes are in elements of the dtype and budgets in bytes (DTYPES[dtype].ab_bytes), so a K block
of bf16 holds twice the k of float32 in the same cache; the K block values are multiples of v
and reach 2048 (4 KiB of a bf16 row) for the low-precision kernels.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Callable, Iterable, Iterator, NamedTuple

from ...runtime.cpu import CpuInfo
from ...runtime.dtypes import DTYPES, ceil_div, round_up
from ..config import (AMX_FEATURES, AMX_TILES, F32_LANES, REGISTERS, KernelConfig,
                      bf16_fma_default, default_config, padding_default, physical_registers)
from ..payload import MatmulSpec

MR_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28)
NR_VALUES = (16, 32, 48, 64, 80, 96, 128)
KC_VALUES = (8, 16, 32, 64, 128, 256, 512)  # and K itself (rounded up to v) when K <= KC_MAX
KC_MAX = 1024
KC_LOWP = (1024, 2048)                      # bf16 / int8: longer K blocks (the same bytes as f32's)
KC_MAX_LOWP = 2048
AMX_TILE_VALUES = ((16, 16), (16, 32), (32, 16), (32, 32))
MC_TARGETS = (48, 96, 192)                  # rows of A per block, rounded to whole tiles
NC_TARGETS = (256, 1024, 4096)              # columns of B per block, rounded to whole tiles
UNROLL_VALUES = (1, 2, 4)
ORDER_VALUES = ("mn", "nm")
PREFETCH_VALUES = (0, 8)
AMX_PREFETCH_VALUES = (0, 1, 2)             # AMX: A rows this many K steps ahead (and C; compose-amx)
BOOL_VALUES = (False, True)
MIN_ACCUMULATORS = 8
PREFETCH_MIN_BYTES = 1024  # B rows at least 1 KiB apart
FIELDS = tuple(f.name for f in dataclasses.fields(KernelConfig))


@dataclasses.dataclass(frozen=True)
class Problem:
    """What is tuned: one matmul shape and dtype, on `threads` threads (the effective count:
    the number of per-thread kernels compiler.parallel.partition makes)."""

    M: int
    N: int
    K: int
    dtype: str = "f32"
    threads: int = 1
    accumulate: bool = False
    prepacked_b: bool = False

    def __post_init__(self):
        self.spec  # validates the shape and dtype (ShapeError / DTypeError)
        if not isinstance(self.threads, int) or isinstance(self.threads, bool) or self.threads < 1:
            from ...errors import ConfigError
            raise ConfigError(f"threads must be a positive int, got {self.threads!r}")

    @property
    def spec(self) -> MatmulSpec:
        return MatmulSpec(self.M, self.N, self.K, self.dtype, self.accumulate, self.prepacked_b)

    @property
    def flops(self) -> int:
        return 2 * self.M * self.N * self.K

    @property
    def v(self) -> int:
        """k per 32-bit lane of the dot-product instruction (1 f32, 2 bf16, 4 int8)."""
        return DTYPES[self.dtype].vnni

    @property
    def size(self) -> int:
        """Bytes per element of A and B."""
        return DTYPES[self.dtype].ab_bytes

    @property
    def integer(self) -> bool:
        return self.dtype in ("u8s8", "s8s8")

    @property
    def unit(self) -> str:
        """The speed unit: GOP/s for integer kernels, GFLOP/s otherwise."""
        return "GOP/s" if self.integer else "GFLOP/s"

    @property
    def name(self) -> str:
        t = f" x{self.threads} threads" if self.threads > 1 else ""
        return f"{self.M}x{self.N}x{self.K} {self.dtype}{t}"


def paths(problem: Problem, cpu: CpuInfo) -> tuple[str, ...]:
    """The instruction paths (KernelConfig.isa) that apply to `problem` on `cpu`, AVX-512 first."""
    if problem.dtype in AMX_FEATURES and cpu.has("amx-tile", AMX_FEATURES[problem.dtype]):
        return ("avx512", "amx")
    return ("avx512",)


# --- predicates ------------------------------------------------------------------------------

Predicate = Callable[[Problem, CpuInfo, KernelConfig], bool]


def _chunks(nr: int) -> int:
    return ceil_div(nr, F32_LANES)


def fits_registers(mr: int, nr: int, dtype: str = "f32", bf16_fma: bool = False, vector_bits: int = 512) -> bool:
    """Whether an mr x nr register tile fits the register file of `vector_bits` registers."""
    return physical_registers(mr, nr, dtype, bf16_fma, vector_bits) <= REGISTERS[vector_bits]


def max_rows(nr: int, dtype: str = "f32", bf16_fma: bool = False, vector_bits: int = 512) -> int:
    """The tallest register tile of width nr that fits the register file."""
    return max((mr for mr in range(1, 64) if fits_registers(mr, nr, dtype, bf16_fma, vector_bits)), default=0)


def amx_tiles(mr: int, nr: int) -> int:
    """tmm registers an AMX register tile uses: C tiles, one A tile per tile row, one B tile."""
    tm, tn = mr // 16, nr // 16
    return tm * tn + tm + 1


def kc_clamped(p: Problem, kc: int) -> int:
    """The K block as the kernel runs it: at most K rounded up to v."""
    return min(kc, round_up(p.K, p.v))


def _eff(cfg: KernelConfig, p: Problem) -> tuple[int, int, int]:
    """(mc, nc, kc) clamped to the problem."""
    return min(cfg.mc, round_up(p.M, cfg.mr)), min(cfg.nc, round_up(p.N, cfg.nr)), kc_clamped(p, cfg.kc)


def p_registers(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    if cfg.isa != "avx512":
        return amx_tiles(cfg.mr, cfg.nr) <= AMX_TILES and cfg.mr <= 32 and cfg.nr <= 32
    return fits_registers(cfg.mr, cfg.nr, p.dtype, cfg.bf16_fma, cpu.vector_bits or 512)


def p_vnni(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    if cfg.kc % p.v:
        return False
    return cfg.isa == "avx512" or cfg.kc >= p.K or cfg.kc % (16 * p.v) == 0


def p_tile_in_problem(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    return cfg.mr <= p.M and cfg.nr - min(p.N, cfg.nr) < F32_LANES


def p_accumulators(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    if cfg.isa != "avx512" or cfg.mr * _chunks(cfg.nr) >= MIN_ACCUMULATORS:
        return True
    return cfg.mr == min(p.M, max_rows(cfg.nr, p.dtype, cfg.bf16_fma, cpu.vector_bits or 512))  # as tall as the problem and the registers allow


def p_l1_panel(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    if cfg.isa != "avx512":  # AMX copies A blocks and prefetches their rows a K step ahead: K
        return True          # blocks of 1024 (64 KiB A panels) beat 512 and 256 (config._amx_config)
    _, _, kc = _eff(cfg, p)
    rows = cfg.mr if cfg.order == "mn" else cfg.nr
    return rows * kc * p.size <= cpu.l1d


def p_l2_block(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    mc, nc, kc = _eff(cfg, p)
    return (nc if cfg.order == "mn" else mc) * kc * p.size <= cpu.l2


def p_pack_reuse(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    if cfg.pack_b and cfg.nc % cfg.nr:
        return False
    return not cfg.pack_b or p.dtype != "f32" or ceil_div(p.M, cfg.mr) >= 2


def p_prefetch_stride(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    if cfg.prefetch == 0:
        return True
    steps = ceil_div(min(cfg.kc, p.K), p.v)
    if p.dtype != "f32":
        return cfg.pack_b and cfg.prefetch < steps
    if p.prepacked_b:
        return True  # contiguous panels: the prefetch runs on into the next one
    return not cfg.pack_b and p.N * p.size >= PREFETCH_MIN_BYTES and cfg.prefetch < steps


def p_unroll(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    return cfg.unroll_k <= ceil_div(min(cfg.kc, p.K), p.v)


def p_path(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    return cfg.isa in paths(p, cpu) and (cfg.isa == "avx512" or cfg.pack_b)


PREDICATES: dict[str, Predicate] = {
    "registers": p_registers,
    "vnni": p_vnni,
    "tile-in-problem": p_tile_in_problem,
    "accumulators": p_accumulators,
    "l1-panel": p_l1_panel,
    "l2-block": p_l2_block,
    "pack-reuse": p_pack_reuse,
    "prefetch-stride": p_prefetch_stride,
    "unroll": p_unroll,
    "path": p_path,
}


# The predicates that no measurement can overrule (the others model caches).
HARD_PREDICATES = ("registers", "vnni", "tile-in-problem", "path", "pack-reuse", "unroll")


def rejections(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> list[str]:
    """Names of the predicates `cfg` fails (empty: it is admissible)."""
    return [name for name, pred in PREDICATES.items() if not pred(p, cpu, cfg)]


def admissible(p: Problem, cpu: CpuInfo, cfg: KernelConfig) -> bool:
    return all(pred(p, cpu, cfg) for pred in PREDICATES.values())


# --- canonical forms -------------------------------------------------------------------------

def canonical(p: Problem, cfg: KernelConfig) -> KernelConfig:
    """The representative of the configurations that build the same loops as `cfg` for `p`."""
    fields = _canonical_tuple(p, *config_key(cfg))
    return cfg if fields == config_key(cfg) else KernelConfig(**dict(zip(FIELDS, fields)))


def _canonical_tuple(p: Problem, mr, nr, mc, nc, kc, unroll_k, order, pack_b, prefetch, outline, late_c,
                     isa="avx512", bf16_fma=False, pad_k=False, pad_mn=False, stream_b=False,
                     pad_one_row=False, row_dot=False) -> tuple:
    kc = kc_clamped(p, kc)
    mc = max(mr, mc if mc < p.M else round_up(p.M, mr))
    nc = max(nr, nc if nc < p.N else round_up(p.N, nr))
    if kc >= p.K and not p.accumulate:
        late_c = True  # one K block: no tile accumulates into C
    if min(mc, p.M) <= mr or min(nc, p.N) <= nr:
        order = "mn"  # one row or one column of tiles per block: the order changes nothing
    if p.dtype == "f32":
        if pack_b and not p.prepacked_b:
            prefetch = 0  # float32 kernels prefetch unpacked or pre-packed B only
    elif not (pack_b or p.prepacked_b):
        prefetch = 0  # the VNNI kernels prefetch packed B panels only
    if isa != "avx512":  # AMX: unroll and late C only touch the AVX-512 edge tiles (outline also
        unroll_k, late_c = 1, True  # decides whether the AMX microkernels are functions)
    bf16_fma = bf16_fma and p.dtype == "bf16"
    k_blocks = ({kc, p.K % kc} - {0}) if kc < p.K else {p.K}
    # padding K to whole tile products changes something only for AMX kernels whose K blocks are not
    # multiples of one (and B packed in the kernel)
    pad_k = pad_k and isa != "avx512" and any(b % (16 * p.v) for b in k_blocks)
    # whole tiles at the M / N edges change something only where there are edges (M or N not a
    # multiple of 16) and the tiles cover all of K
    pad_mn = (pad_mn and isa != "avx512" and bool(p.M % 16 or p.N % 16)
              and (pad_k or not any(b % (16 * p.v) for b in k_blocks)))
    stream_b = stream_b and isa == "amx"  # a hint on real tile loads only
    # one-row M edges on tiles: only where a block's rows are 16 n + 1 (mr is a multiple of 16 on AMX)
    m_blocks = ({mc, p.M % mc} - {0}) if mc < p.M else {p.M}
    pad_one_row = pad_one_row and pad_mn and any(b % 16 == 1 for b in m_blocks)
    return (mr, nr, mc, nc, kc, unroll_k, order, pack_b, prefetch, outline, late_c, isa, bf16_fma, pad_k, pad_mn,
            stream_b, pad_one_row, row_dot)


class _Cand(NamedTuple):
    """A configuration as a plain tuple (enumeration speed); predicates read it like a KernelConfig."""

    mr: int
    nr: int
    mc: int
    nc: int
    kc: int
    unroll_k: int
    order: str
    pack_b: bool
    prefetch: int
    outline: bool
    late_c: bool
    isa: str = "avx512"
    bf16_fma: bool = False
    pad_k: bool = False
    pad_mn: bool = False
    stream_b: bool = False
    pad_one_row: bool = False
    row_dot: bool = False  # x @ W.T's tiles: not in the space (problems have B row-major or pre-packed)


def config_key(cfg: KernelConfig) -> tuple:
    """A hashable, sortable identity of a configuration."""
    return tuple(getattr(cfg, f) for f in FIELDS)


def config_from_key(key: Iterable) -> KernelConfig:
    return KernelConfig(**dict(zip(FIELDS, key)))


def short(cfg: KernelConfig) -> str:
    """A compact description: '6x64 mc48 nc256 kc512 u2 nm packB pf4 inline early-c'."""
    text = f"{cfg.mr}x{cfg.nr} mc{cfg.mc} nc{cfg.nc} kc{cfg.kc}"
    if cfg.unroll_k != 1:
        text += f" u{cfg.unroll_k}"
    if cfg.order != "mn":
        text += f" {cfg.order}"
    if cfg.pack_b:
        text += " packB"
    if cfg.prefetch:
        text += f" pf{cfg.prefetch}"
    if not cfg.outline:
        text += " inline"
    if not cfg.late_c:
        text += " early-c"
    if cfg.bf16_fma:
        text += " fma"
    return text


# --- the space -------------------------------------------------------------------------------

def _blocks(size: int, tile: int, targets: tuple[int, ...], one_tile: bool = True) -> list[int]:
    """Block sizes in whole tiles: (one tile,) each target rounded to tiles, the whole (rounded) size."""
    whole = round_up(size, tile)
    out = {tile, whole} if one_tile else {whole}
    for t in targets:
        b = max(tile, round(t / tile) * tile)
        if b < whole:
            out.add(b)
    return sorted(out)


def tile_values(p: Problem, isa: str = "avx512", bf16_fma: bool = False, vector_bits: int = 512) -> list[tuple[int, int]]:
    if isa != "avx512":
        return [(mr, nr) for mr, nr in AMX_TILE_VALUES if mr <= max(16, p.M) and nr - min(p.N, nr) < F32_LANES]
    return [(mr, nr) for nr in NR_VALUES for mr in MR_VALUES
            if fits_registers(mr, nr, p.dtype, bf16_fma, vector_bits) and mr <= p.M and nr - min(p.N, nr) < F32_LANES]


def prefetch_values(isa: str) -> tuple[int, ...]:
    """Prefetch distances: B rows for AVX-512 kernels, K steps of A (and C) for AMX ones."""
    return PREFETCH_VALUES if isa == "avx512" else AMX_PREFETCH_VALUES


def kc_values(p: Problem) -> list[int]:
    """K blocks: the grid (multiples of v), longer ones for bf16 / int8, and K itself rounded up to v."""
    grid = KC_VALUES + (KC_LOWP if p.dtype != "f32" else ())
    vals = {kc for kc in grid if kc < p.K and kc % p.v == 0}
    if p.K <= (KC_MAX if p.dtype == "f32" else KC_MAX_LOWP):
        vals.add(round_up(p.K, p.v))
    return sorted(vals)


class Space:
    """The admissible canonical configurations of `problem` on `cpu` (see the module doc)."""

    def __init__(self, problem: Problem, cpu: CpuInfo):
        self.problem = problem
        self.cpu = cpu
        self.paths = paths(problem, cpu)
        # How bf16 AVX-512 code multiplies and whether AMX kernels pad K and their edges are the
        # heuristic's (config.bf16_fma_default, padding_default), not dimensions of the space;
        # `variations` tries the other way.
        self._configs: list[KernelConfig] | None = None
        self._keys: set[tuple] | None = None

    def default(self) -> KernelConfig:
        p = self.problem
        return default_config(p.M, p.N, p.K, self.cpu, prepacked_b=p.prepacked_b, dtype=p.dtype)

    def __iter__(self) -> Iterator[KernelConfig]:
        return iter(self.configs())

    def __len__(self) -> int:
        return len(self.keys())

    def __contains__(self, cfg: KernelConfig) -> bool:
        return config_key(cfg) in self.keys()

    def keys(self) -> set[tuple]:
        """The members as config_key tuples (cheap; no KernelConfig is built)."""
        if self._keys is None:
            self._keys = set(self._enumerate())
        return self._keys

    def configs(self) -> list[KernelConfig]:
        if self._configs is None:
            self._configs = [config_from_key(k) for k in sorted(self.keys(), key=_sort_key)]
        return self._configs

    def _enumerate(self) -> Iterator[tuple]:
        """Canonical admissible configurations as tuples (KernelConfig field order)."""
        p, cpu = self.problem, self.cpu
        packs = (True,) if p.prepacked_b else BOOL_VALUES
        preds = list(PREDICATES.values())
        for isa in self.paths:
            for mr, nr in tile_values(p, isa, self._fma(isa), cpu.vector_bits or 512):
                mcs = _blocks(p.M, mr, MC_TARGETS)
                ncs = _blocks(p.N, nr, NC_TARGETS, one_tile=False)
                for kc, mc, nc in itertools.product(kc_values(p), mcs, ncs):
                    pads = padding_default(isa, p.K, kc_clamped(p, kc), p.dtype)
                    for rest in itertools.product(UNROLL_VALUES, ORDER_VALUES, packs, prefetch_values(isa),
                                                  BOOL_VALUES, BOOL_VALUES):
                        for stream in (BOOL_VALUES if isa == "amx" else (False,)):
                            cand = _Cand(*_canonical_tuple(p, mr, nr, mc, nc, kc, *rest, isa, self._fma(isa),
                                                           pads["pad_k"], pads["pad_mn"], stream,
                                                           pads["pad_one_row"]))
                            if all(pred(p, cpu, cand) for pred in preds):
                                yield tuple(cand)

    def _fma(self, isa: str) -> bool:
        """bf16_fma of the space's members on path `isa` (AVX-512 only, as default_config)."""
        return bf16_fma_default(isa, self.problem.dtype, self.cpu)

    def admissible(self, cfg: KernelConfig) -> bool:
        return admissible(self.problem, self.cpu, cfg)

    def canonical(self, cfg: KernelConfig) -> KernelConfig:
        return canonical(self.problem, cfg)

    # --- moves for local search ----------------------------------------------------------

    def neighbours(self, cfg: KernelConfig) -> list[KernelConfig]:
        """Members of the space that differ from `cfg` in one dimension: a neighbouring register
        tile (one step in mr or nr, blocks snapped to it), any value of the block sizes, K block,
        unroll and prefetch lists, the other value of each choice."""
        p = self.problem
        moves: list[dict] = []

        def step(values, current, key):
            values = list(values)
            if current in values:
                i = values.index(current)
                for j in (i - 1, i + 1):
                    if 0 <= j < len(values):
                        moves.append({key: values[j]})
            else:  # off the grid (e.g. the default's sizes): the nearest grid values
                lower = [v for v in values if v < current]
                upper = [v for v in values if v > current]
                if lower:
                    moves.append({key: lower[-1]})
                if upper:
                    moves.append({key: upper[0]})

        moves += [{"mr": mr, "nr": nr} for mr, nr in _neighbour_tiles(p, cfg, self.cpu.vector_bits or 512)]
        # the short lists: every other value (one dimension moved anywhere along it)
        moves += [{"kc": v} for v in kc_values(p) if v != cfg.kc]
        moves += [{"unroll_k": v} for v in UNROLL_VALUES if v != cfg.unroll_k]
        moves += [{"prefetch": v} for v in prefetch_values(cfg.isa) if v != cfg.prefetch]
        for isa in self.paths:  # another path: each of its tiles, blocks and K block snapped to it
            if isa != cfg.isa:
                base = _Cand(*config_key(cfg))
                kcs = [kc for kc in kc_values(p) if p_vnni(p, self.cpu, base._replace(isa=isa, kc=kc))]
                if kcs:
                    kc = _snap(kcs, cfg.kc)
                    fma = self._fma(isa)  # the other path's own arithmetic
                    moves += [{"isa": isa, "mr": mr, "nr": nr, "pack_b": True, "kc": kc, "bf16_fma": fma}
                              for mr, nr in tile_values(p, isa, fma, self.cpu.vector_bits or 512)]
        for key, values in (("order", ORDER_VALUES), ("pack_b", BOOL_VALUES), ("outline", BOOL_VALUES),
                            ("late_c", BOOL_VALUES)):
            moves += [{key: v} for v in values if v != getattr(cfg, key)]
        out: dict[tuple, KernelConfig] = {}
        for move in moves:
            for cand in self._realise(cfg, move):
                out.setdefault(config_key(cand), cand)
        # Block sizes: every block size of the current tile.
        for key, blocks in (("mc", _blocks(p.M, cfg.mr, MC_TARGETS)),
                            ("nc", _blocks(p.N, cfg.nr, NC_TARGETS, one_tile=False))):
            for v in blocks:
                if v != getattr(cfg, key):
                    for cand in self._realise(cfg, {key: v}):
                        out.setdefault(config_key(cand), cand)
        out.pop(config_key(self.canonical(cfg)), None)
        return list(out.values())

    def variations(self, cfg: KernelConfig) -> list[KernelConfig]:
        """`cfg` with one field changed, around cfg's own values rather than the grid's (so a
        default off the grid has them too): K block x1/4, x1/2, x2; column block x1/2, x2, x1/4,
        x4; row block x1/2, x2, x4 (whole tiles, clamped to the problem); each prefetch
        distance, the other order and outlining, the other bf16 arithmetic (bf16_fma); a tile one
        step away on its path; the other path's heuristic default. Most telling first (K block, then the blocks). Only
        configurations the hard predicates admit (registers, vnni, tile-in-problem, path,
        pack-reuse, unroll) and the pipeline accepts; the cache-size predicates do not apply."""
        p = self.problem
        kt = 16 * p.v if cfg.isa != "avx512" else p.v
        moves: list[dict] = []
        for f in (0.25, 0.5, 2):
            moves.append({"kc": min(round_up(max(kt, int(cfg.kc * f)), kt), round_up(p.K, kt))})
        for f in (0.5, 2, 0.25, 4):
            moves.append({"nc": min(round_up(max(cfg.nr, int(cfg.nc * f)), cfg.nr), round_up(p.N, cfg.nr))})
        for f in (0.5, 2, 4):
            moves.append({"mc": min(round_up(max(cfg.mr, int(cfg.mc * f)), cfg.mr), round_up(p.M, cfg.mr))})
        moves += [{"prefetch": v} for v in prefetch_values(cfg.isa)]
        moves += [{"order": v} for v in ORDER_VALUES] + [{"outline": v} for v in BOOL_VALUES]
        if p.dtype == "bf16":
            moves.append({"bf16_fma": not cfg.bf16_fma})
        if cfg.isa != "avx512":
            moves.append({"pad_k": not cfg.pad_k})
            moves.append({"pad_mn": not cfg.pad_mn})
            moves.append({"stream_b": not cfg.stream_b})
            moves.append({"pad_one_row": not cfg.pad_one_row})
        moves += [{"mr": mr, "nr": nr, "mc": round_up(cfg.mc, mr), "nc": round_up(cfg.nc, nr)}
                  for mr, nr in _neighbour_tiles(p, cfg, self.cpu.vector_bits or 512)]
        out: dict[tuple, KernelConfig] = {}
        for move in moves:
            try:
                cand = canonical(p, KernelConfig(**{**cfg.as_dict(), **move}))
                cand.pipeline(p.prepacked_b, p.dtype, vector_bits=self.cpu.vector_bits or 512)
            except Exception:  # noqa: BLE001 - an invalid combination
                continue
            if all(PREDICATES[name](p, self.cpu, cand) for name in HARD_PREDICATES):
                out.setdefault(config_key(cand), cand)
        if cfg.isa != "avx512":  # the AVX-512 path's own default
            cpu = dataclasses.replace(self.cpu, features=frozenset(
                f for f in self.cpu.features if not f.startswith("amx")))
            other = default_config(p.M, p.N, p.K, cpu, prepacked_b=p.prepacked_b, dtype=p.dtype)
            other = canonical(p, dataclasses.replace(other, bf16_fma=self._fma("avx512")))
            out.setdefault(config_key(other), other)
        out.pop(config_key(canonical(p, cfg)), None)
        return list(out.values())

    def _realise(self, cfg: KernelConfig, move: dict) -> list[KernelConfig]:
        """`cfg` with `move` applied, its blocks snapped to whole tiles of a new tile, if admissible."""
        p = self.problem
        fields = {**cfg.as_dict(), **move}
        mr, nr = fields["mr"], fields["nr"]
        if "mr" in move or "nr" in move:
            fields["mc"] = _snap(_blocks(p.M, mr, MC_TARGETS), cfg.mc)
            fields["nc"] = _snap(_blocks(p.N, nr, NC_TARGETS), cfg.nc)
        try:
            cand = canonical(p, KernelConfig(**fields))
        except Exception:  # noqa: BLE001 - an invalid combination
            return []
        if not admissible(p, self.cpu, cand) or cand not in self:
            return []
        return [cand]


def _neighbour_tiles(p: Problem, cfg: KernelConfig, vector_bits: int = 512) -> list[tuple[int, int]]:
    """The register tiles of cfg's path one step from cfg's in mr or in nr (along the values
    that path's tiles take: AMX 16, 32)."""
    tiles = tile_values(p, cfg.isa, cfg.bf16_fma, vector_bits)
    mrs = sorted({mr for mr, _ in tiles} | {cfg.mr})
    nrs = sorted({nr for _, nr in tiles} | {cfg.nr})
    return [(mr, nr) for mr, nr in tiles
            if (mr == cfg.mr and abs(nrs.index(nr) - nrs.index(cfg.nr)) == 1)
            or (nr == cfg.nr and abs(mrs.index(mr) - mrs.index(cfg.mr)) == 1)]


def _sort_key(key: tuple) -> tuple:
    return tuple(str(v) if isinstance(v, str) else v for v in key)


def _snap(values: list[int], v: int) -> int:
    return min(values, key=lambda x: (abs(x - v), x))

"""An analytic cost model of nanomm's kernels (registers, caches, bandwidth), and a surrogate
that corrects it with the measurements a search has made.

`predict_seconds(problem, cpu, cfg)` estimates one call's time from the loops the config
builds, without compiling anything:

  compute   every register tile (edge tiles included, with their own sizes) runs K steps; a
            step costs the most of: its FMAs over the FMA throughput, its loads (B vectors and
            A broadcasts) over the load ports, and the FMA latency (too few accumulators leave
            the FMA pipes idle); a small loop overhead per step, divided by the K unroll;
  per tile  each K block of each tile pays a call (outlined) or less (inlined), loading and
            storing its C accumulators, and, without late C loads, the wait for C;
  memory    bytes each level supplies: B panels re-read per row of tiles (from L1, L2 or L3
            depending on which block fits where), A per column block, C per K block, and the
            compulsory traffic from memory (at a lower rate when more rows of B are read at
            once than the prefetchers follow); unpacked B with a large row stride loses L1
            and the TLB (4 KiB aliasing, one page per row) unless prefetched;
  packing   with pack_b, B is copied once per (N block, K block);
  threads   per-thread chunks as compiler.parallel.partition makes them, plus a hand-off.
  dtypes    bf16 / int8 (v = 2 / 4 k per 32-bit lane): a step covers v k with one dot
            instruction (vdpbf16ps / vpdpbusd) per accumulator, as fast as an FMA on Zen 4,
            so 2x / 4x the float32 operations per cycle; s8s8 adds one vpdpbusd per B vector
            (its column sums); unpacked B is interleaved in registers (v-1 shuffles per B
            vector); A and B bytes are DTYPES[dtype].ab_bytes, C is 4-byte; AMX (isa="amx") counts
            tile products: 16x16 C tiles, 16 cycles per tdp over 16*v k.

Time = max(compute + per-tile, cache levels) + a share of the L3 time (latency the
prefetchers do not hide) + the memory time (streaming B from memory overlaps little with the
FMAs on the machines measured) + packing. It is a ranking device: it puts
obviously bad configurations (spilling-size tiles, a block thrashing its cache, packing B for a
single row of tiles) below good ones; the search measures the rest.

`Surrogate` multiplies the model by a correction learnt from measurements: the log-ratio
measured/predicted of the k nearest measured configurations (in a normalised feature space),
distance-weighted, shrunk towards the mean ratio when neighbours are far.
"""

from __future__ import annotations

import dataclasses
import math

from ...runtime.cpu import CpuInfo
from ...runtime.dtypes import DTYPES, ceil_div, round_up
from ...runtime.probe import rates_for
from ..config import F32_LANES, KernelConfig
from .space import Problem


@dataclasses.dataclass(frozen=True)
class Machine:
    """Throughputs of one core, per cycle (the defaults are Zen 4's; Intel servers have 2 FMA ports)."""

    ghz: float = 3.65
    fma_per_cycle: float = 1.0      # zmm FMAs
    loads_per_cycle: float = 2.0    # zmm loads or broadcasts
    fma_latency: float = 4.0
    loop_overhead: float = 0.5      # cycles per K step, divided by the unroll
    call_cycles: float = 20.0       # an outlined microkernel call and its setup
    inline_cycles: float = 4.0
    l1_bytes: float = 64.0          # bytes per cycle each level supplies
    l2_bytes: float = 32.0
    l3_bytes: float = 16.0
    dram_bytes: float = 7.0
    pack_cycles_per_vector: float = 2.0
    shuffles_per_cycle: float = 1.0 # vector permutes (interleaving unpacked bf16 / int8 B)
    amx_cycles_per_tdp: float = 16.0  # one 16x16 tile product over 16*v k
    handoff_seconds: float = 25e-6  # giving work to another thread
    # zmm dot products (vdpbf16ps, vpdpbusd) per cycle; 0: as many as FMAs (Zen 4)
    bf16_dot_per_cycle: float = 0.0
    int8_dot_per_cycle: float = 0.0

    def dots_per_cycle(self, dtype: str) -> float:
        rate = {"bf16": self.bf16_dot_per_cycle, "u8s8": self.int8_dot_per_cycle,
                "s8s8": self.int8_dot_per_cycle}.get(dtype, 0.0)
        return rate or self.fma_per_cycle


FAR_EXPOSED = 0.3


def machine_for(cpu: CpuInfo) -> Machine:
    """The model's machine: clock and cache rates by vendor (Zen 4 / Intel server figures), the
    instructions' throughputs from this CPU's probe where `cpu` is this machine (runtime/probe.py)."""
    base = Machine() if cpu.name.startswith("znver") else Machine(fma_per_cycle=2.0, ghz=3.0)
    rates = rates_for(cpu)
    if not rates.get("f32"):
        return base
    per_cycle = {k: v / base.ghz for k, v in rates.items()}  # giga-ops per second / GHz = ops per cycle
    return dataclasses.replace(
        base, fma_per_cycle=per_cycle["f32"] / 32,
        bf16_dot_per_cycle=per_cycle.get("bf16", 0.0) / 64, int8_dot_per_cycle=per_cycle.get("int8", 0.0) / 128,
        amx_cycles_per_tdp=(16384 / per_cycle["amx-bf16"] if per_cycle.get("amx-bf16") else base.amx_cycles_per_tdp))


def _splits(size: int, block: int, tile: int) -> dict[int, int]:
    """{tile extent: count} over a dimension of `size`, in blocks of `block`, tiles of `tile`."""
    out: dict[int, int] = {}
    full, last = divmod(size, block)
    for b, n in ((block, full), (last, 1)):
        if b <= 0 or n <= 0:
            continue
        t, r = divmod(b, tile)
        if t:
            out[tile] = out.get(tile, 0) + t * n
        if r:
            out[r] = out.get(r, 0) + n
    return out


def predict_seconds(problem: Problem, cpu: CpuInfo, cfg: KernelConfig, machine: Machine | None = None) -> float:
    """Estimated seconds of one call of the kernel `cfg` builds for `problem` (see the module doc)."""
    mach = machine or machine_for(cpu)
    if problem.threads > 1:
        from ..parallel import partition

        chunks = partition(problem.spec, problem.threads)
        if len(chunks) > 1:
            worst = max(_single(c.spec.M, c.spec.N, c.spec.K, problem.accumulate, cpu, cfg, mach, problem.N,
                                problem.dtype) for c in chunks)
            return worst + mach.handoff_seconds
    return _single(problem.M, problem.N, problem.K, problem.accumulate, cpu, cfg, mach, problem.N, problem.dtype)


def _single(M: int, N: int, K: int, accumulate: bool, cpu: CpuInfo, cfg: KernelConfig, mach: Machine,
            ldb: int, dtype: str = "f32") -> float:
    mr, nr = cfg.mr, cfg.nr
    v, size = DTYPES[dtype].vnni, DTYPES[dtype].ab_bytes
    kc = min(cfg.kc, round_up(K, v))
    mc = min(cfg.mc, M)
    nc = min(cfg.nc, N)
    k_blocks = ceil_div(K, kc)
    k_steps = ceil_div(kc, v) * (k_blocks - 1) + ceil_div(K - kc * (k_blocks - 1), v)
    m_tiles = _splits(M, mc, mr)
    n_tiles = _splits(N, nc, nr)
    unpacked_stride = not cfg.pack_b and ldb * size >= 4096
    aliasing = not cfg.pack_b and (ldb * size) % 4096 == 0 and K > 16
    amx = cfg.isa != "avx512"

    # --- compute: every tile, K steps, plus its per-K-block cost --------------------------
    compute = 0.0
    for me, mcount in m_tiles.items():
        for ne, ncount in n_tiles.items():
            chunks = ceil_div(ne, F32_LANES)
            acc = me * chunks
            if amx and me >= 16 and ne >= 16:  # tile products (edges below 16 run on AVX-512)
                tdps = (me // 16) * (ne // 16)
                step = tdps * mach.amx_cycles_per_tdp / 16  # per step of v k
                per_block = mach.call_cycles + 8.0 * tdps
                tiles = mcount * ncount
                compute += tiles * (k_steps * step + k_blocks * per_block)
                continue
            dots = acc + (chunks if dtype == "s8s8" else 0)  # s8s8: column sums of B
            v_loads = chunks * (v if not cfg.pack_b else 1)   # unpacked: v rows, interleaved
            loads = v_loads + (me if me > 1 else 0) + (1 if me == 1 else 0)
            rate = mach.dots_per_cycle(dtype)
            if dtype == "bf16" and cfg.bf16_fma:  # two FMAs per dot product (compose-microkernel bf16-fma)
                dots, rate = 2 * dots, mach.fma_per_cycle
            step = max(dots / rate, loads / mach.loads_per_cycle, mach.fma_latency)
            if v > 1 and not cfg.pack_b:
                step += chunks * (v - 1) / mach.shuffles_per_cycle
            step += mach.loop_overhead / cfg.unroll_k
            if unpacked_stride:
                # A B row per step from another page: L1 DTLB pressure and, on an aliasing
                # stride, L1 misses; prefetching B ahead hides most of the wait.
                miss = (1.5 if aliasing else 0.6) * chunks
                step += miss * (0.3 if cfg.prefetch else 1.0)
            per_block = (mach.call_cycles if cfg.outline else mach.inline_cycles) + 1.5 * acc
            tail = 0.0 if cfg.late_c else 0.5 * acc  # waiting for C before the K loop
            tiles = mcount * ncount
            compute += tiles * (k_steps * step + k_blocks * per_block + max(
                0, k_blocks - (0 if accumulate else 1)) * (acc + tail))
    # --- memory traffic -------------------------------------------------------------------
    n_blocks = ceil_div(N, nc)
    m_rows = sum(m_tiles.values())  # rows of tiles over the whole of M
    b_block = kc * nc * size
    b_panel = kc * nr * size
    a_block = mc * kc * size
    if cfg.order == "mn":
        # each row of tiles sweeps the B block: from L1 if it fits there, else L2/L3
        b_bytes = m_rows * K * N * size
        b_level = _level(b_block, cpu, slack=0.5)
        a_bytes = M * K * size * n_blocks
        a_level = _level(mr * kc * size, cpu, slack=0.5)
    else:
        # each column of tiles sweeps the A block; the B panel stays in L1
        n_cols = sum(n_tiles.values())
        b_bytes = K * N * size * ceil_div(M, mc)
        b_level = _level(b_panel, cpu, slack=0.5)
        a_bytes = n_cols * M * K * size
        a_level = _level(a_block, cpu, slack=0.5)
    c_bytes = M * N * 4 * 2 * k_blocks
    c_level = _level(mc * nc * 4, cpu, slack=0.5)
    levels = {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0}
    for nbytes, level in ((b_bytes, b_level), (a_bytes, a_level), (c_bytes, c_level)):
        levels[level] += nbytes
    # Compulsory traffic: what does not stay in L3 between calls comes from memory.
    total = (M * K + K * N) * size + M * N * 4
    dram = total if total > cpu.l3 * 0.75 else 0.0
    if not cfg.pack_b and cfg.order == "mn" and K * nc * size > cpu.l3 * 0.5:
        dram += K * N * size * (ceil_div(M, mc) - 1)  # B re-read from memory per M block
    # Rows of B read at once from memory: the prefetchers follow a few streams, not hundreds.
    # (Zen 4, 16x4096x4096: kc=16 streams B at ~8 GB/s beside the FMAs, kc >= 32 at ~5 GB/s;
    # one row of A streams it at 28 GB/s.) Streaming from memory overlaps little with compute.
    streams = kc if not cfg.pack_b else 1  # rows of B (one row of A: each read once, 4 B apart)
    dram_rate = mach.dram_bytes * (1.0 if streams <= 16 else 0.3)
    near = max(levels[1] / mach.l1_bytes, levels[2] / mach.l2_bytes)
    far = levels[3] / mach.l3_bytes  # partly exposed: latency, not only bandwidth
    memory = dram / dram_rate         # exposed
    # --- packing --------------------------------------------------------------------------
    pack = 0.0
    if cfg.pack_b:
        # a packed vector holds v rows of B (bf16 / int8: interleaved, v-1 more shuffles)
        vectors = k_blocks * ceil_div(kc, v) * n_blocks * ceil_div(nc, nr) * ceil_div(nr, F32_LANES)
        pack = vectors * (mach.pack_cycles_per_vector + (v - 1) / mach.shuffles_per_cycle) * (
            2.0 if ldb * size >= 4096 else 1.0)
    cycles = max(compute, near, far) + FAR_EXPOSED * far + memory + pack
    return cycles / (mach.ghz * 1e9)


def _level(nbytes: float, cpu: CpuInfo, slack: float = 1.0) -> int:
    """The cache level (1-3) a working set of `nbytes` stays in; `slack` leaves room for the rest."""
    if nbytes <= cpu.l1d * slack:
        return 1
    if nbytes <= cpu.l2 * slack:
        return 2
    return 3


# --- the surrogate ---------------------------------------------------------------------------

def features(cfg: KernelConfig) -> tuple[float, ...]:
    """A normalised feature vector: the log2 sizes and the choices, so that one step of any
    dimension is a distance of about 1."""
    return (math.log2(cfg.mr) * 1.5, math.log2(cfg.nr / 16) * 2.0, math.log2(cfg.kc), math.log2(cfg.mc) * 0.7,
            math.log2(cfg.nc) * 0.7, math.log2(cfg.unroll_k), float(cfg.order == "nm"), 1.5 * cfg.pack_b,
            float(cfg.prefetch > 0), float(cfg.outline), float(cfg.late_c), 3.0 * (cfg.isa != "avx512"))


class Surrogate:
    """The analytic model times a correction learnt from measured configurations."""

    def __init__(self, problem: Problem, cpu: CpuInfo, k: int = 5):
        self.problem, self.cpu, self.k = problem, cpu, k
        self.machine = machine_for(cpu)
        self._seen: list[tuple[tuple[float, ...], float]] = []  # (features, log(measured / model))
        self._model_cache: dict[KernelConfig, float] = {}

    def model(self, cfg: KernelConfig) -> float:
        found = self._model_cache.get(cfg)
        if found is None:
            found = self._model_cache[cfg] = predict_seconds(self.problem, self.cpu, cfg, self.machine)
        return found

    def observe(self, cfg: KernelConfig, seconds: float) -> None:
        if seconds > 0 and math.isfinite(seconds):
            self._seen.append((features(cfg), math.log(seconds / self.model(cfg))))

    def predict(self, cfg: KernelConfig) -> float:
        """Estimated seconds: the model, corrected by the nearest measurements."""
        base = self.model(cfg)
        if not self._seen:
            return base
        mean = sum(r for _, r in self._seen) / len(self._seen)
        f = features(cfg)
        near = sorted(((math.dist(f, g), r) for g, r in self._seen))[: self.k]
        weights = [1.0 / (0.25 + d) ** 2 for d, _ in near]
        local = sum(w * r for w, (_, r) in zip(weights, near)) / sum(weights)
        # Far neighbours tell little: shrink towards the mean correction.
        trust = 1.0 / (1.0 + near[0][0])
        return base * math.exp(trust * local + (1 - trust) * mean)

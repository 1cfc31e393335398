"""Tests of KernelConfig (checks, pipeline text) and default_config (the tiling heuristic)."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nanomm
from nanomm import ConfigError, KernelConfig, default_config
from nanomm.compiler.config import NUM_VREGS, fast_fma, physical_registers, vector_registers
from nanomm.compiler.pipeline import parse_pipeline
from nanomm.runtime.cpu import TARGETS, CpuInfo, host_cpu
from nanomm.runtime.reference import matmul_mismatch

SUITE_SHAPES = [(n, n, n) for n in (64, 128, 256, 512, 1024, 2048)] + [
    (1, 4096, 4096), (16, 4096, 4096), (128, 4096, 4096), (128, 14336, 4096),
    (127, 255, 511), (1000, 1000, 1000), (33, 4096, 33),
]
CPUS = {"host": host_cpu(), **TARGETS,
        "tiny-caches": CpuInfo("tiny", frozenset(), l1d=4096, l2=16384, l3=65536)}
# The AVX-512 heuristic, checked on any machine: the host where it has AVX-512, else Zen 4.
WIDE = host_cpu() if host_cpu().vector_bits == 512 else TARGETS["znver4"]
PIPELINE_PASSES = ["tile-cache", "tile-register", "compose-microkernel", "lower-x86", "lower-llvm"]


def check_default(cfg: KernelConfig, M: int, N: int, K: int, cpu: CpuInfo) -> None:
    """The documented properties of default_config's answer."""
    assert isinstance(cfg, KernelConfig)
    assert vector_registers(cfg.mr, cfg.nr) <= NUM_VREGS
    if cpu.vector_bits == 256:  # AVX2: 6x16 tiles (rows: 1x64, 2x32, 3x16) in 16 ymm
        assert physical_registers(cfg.mr, cfg.nr, vector_bits=256) <= 16
        assert cfg.nr == 16 or cfg.mr < 3
    assert cfg.mc >= cfg.mr and cfg.nc >= cfg.nr
    assert cfg.kc <= min(K, 512)
    assert cfg.order == "mn" and (cfg.unroll_k == 1 or fast_fma(cpu))
    # Register tile: 6x64 (8x48 for skinny A), narrowed for small N so vectors are not mostly
    # masked lanes, one row for a single row of A.
    assert cfg.nr in (16, 32, 48, 64)
    assert cfg.nr - min(N, cfg.nr) < 16  # never a whole vector of the tile beyond N
    assert cfg.mr <= M or cfg.mr in (6, 8, 14)
    if M <= 3:
        assert cfg.mr == M and cfg.kc == min(K, 8)
    # Large problems pack B; a packed block width is whole panels.
    if cfg.pack_b:
        assert cfg.nc % cfg.nr == 0
    # Cache blocks: mc x kc of A in half of L2 and nc x kc of B in L2 (unless the tile alone is larger).
    assert cfg.mc * cfg.kc * 4 <= cpu.l2 // 2 or cfg.mc == cfg.mr
    assert cfg.nc * cfg.kc * 4 <= cpu.l2 or cfg.nc == cfg.nr
    # Blocks are no larger than the problem rounded up to the tile.
    assert cfg.mc <= max(cfg.mr, math.ceil(M / cfg.mr) * cfg.mr)
    assert cfg.nc <= max(cfg.nr, math.ceil(N / cfg.nr) * cfg.nr)
    # The config survives a round trip through its own constructor (all checks pass).
    assert KernelConfig(**cfg.as_dict()) == cfg


@pytest.mark.parametrize("cpu", list(CPUS))
@pytest.mark.parametrize("M,N,K", SUITE_SHAPES, ids=[f"{m}x{n}x{k}" for m, n, k in SUITE_SHAPES])
def test_default_config_suite_shapes(M, N, K, cpu):
    check_default(default_config(M, N, K, CPUS[cpu]), M, N, K, CPUS[cpu])


@pytest.mark.parametrize("gflops,tile", [(240.0, (14, 32, 2)), (117.0, (6, 64, 1)), (None, (6, 64, 1))])
def test_unpacked_b_tile_follows_the_probed_fma_rate(monkeypatch, gflops, tile):
    """Mid-size problems on unpacked B: where the host's probe measures two FMA pipes, a 14x32 tile
    (half the B lines per FMA) unrolled twice; else 6x64. With no probe (a named target) the
    target's measured rate decides where it is known (NAMED_FMA_GFLOPS)."""
    import nanomm.compiler.config as config
    monkeypatch.setattr(config, "rates_for", lambda cpu: {} if gflops is None else {"f32": gflops})
    if gflops is None and config.NAMED_FMA_GFLOPS.get(WIDE.name, 0.0) >= config.FAST_FMA_GFLOPS:
        tile = (14, 32, 2)  # (the Intel AMX VM's name: its known rate stands in for the probe)
    cfg = default_config(256, 256, 256, WIDE)
    assert (cfg.mr, cfg.nr, cfg.unroll_k, cfg.pack_b) == (*tile, False)
    check_default(cfg, 256, 256, 256, WIDE)
    assert cfg.mc % cfg.mr == 0
    big = default_config(1024, 1024, 1024, WIDE)  # packed B: the rule does not apply
    assert (big.mr, big.nr, big.unroll_k) == (6, 64, 1)


@pytest.mark.parametrize("target,tile", [("emeraldrapids", (14, 32, 2)), ("sapphirerapids", (14, 32, 2)),
                                         ("znver4", (6, 64, 1)), ("znver5", (6, 64, 1))])
def test_named_targets_take_their_measured_fma_rate(target, tile, monkeypatch):
    """An AOT build for a named target decides the two-FMA-pipe rules by the rate measured on that
    CPU (NAMED_FMA_GFLOPS), as the host's probe decides them for "host"."""
    import nanomm.compiler.config as config
    monkeypatch.setattr(config, "rates_for", lambda cpu: {})  # (no probe: also where the host is that CPU)
    cpu = TARGETS[target]
    cfg = default_config(256, 256, 256, cpu)
    assert (cfg.mr, cfg.nr, cfg.unroll_k) == tile
    check_default(cfg, 256, 256, 256, cpu)


def test_default_config_large_shape_uses_6x64():
    cfg = default_config(1024, 1024, 1024, WIDE)
    assert (cfg.mr, cfg.nr, cfg.kc, cfg.pack_b) == (6, 64, 512, True)
    assert nanomm.default_config is default_config


@pytest.mark.parametrize("N,tile", [(1, (14, 16)), (16, (14, 16)), (17, (14, 32)), (20, (14, 32)), (32, (14, 32)),
                                    (33, (8, 48)), (48, (8, 48)), (49, (6, 64)), (4096, (6, 64))])
def test_default_config_small_n(N, tile):
    cfg = default_config(37, N, 91, WIDE)
    if tile == (6, 64) and fast_fma(WIDE):
        tile = (14, 32)  # a host with two FMA pipes: see test_unpacked_b_tile_follows_the_probed_fma_rate
    assert (cfg.mr, cfg.nr) == tile
    check_default(cfg, 37, N, 91, WIDE)


@pytest.mark.parametrize("M,N,K,tile,pack_b", [(1024, 1024, 1024, (6, 16), True), (256, 256, 256, (6, 16), True),
                                               (37, 4096, 91, (6, 16), True), (1, 4096, 4096, (1, 64), False),
                                               (128, 128, 128, (6, 16), False), (16, 4096, 4096, (6, 16), True),
                                               (2, 300, 64, (2, 32), False), (3, 300, 64, (3, 16), False),
                                               (2, 16, 64, (2, 16), False)])
def test_default_config_on_avx2(M, N, K, tile, pack_b):
    """Without AVX-512: 16 ymm registers hold a 6x16 tile (12 accumulators, two B halves, A's
    broadcast); B is packed where it outgrows 4 L1s (its unpacked rows give the 16-wide tile one cache line each)."""
    zen3 = TARGETS["znver3"]
    cfg = default_config(M, N, K, zen3)
    assert ((cfg.mr, cfg.nr), cfg.pack_b) == (tile, pack_b)
    check_default(cfg, M, N, K, zen3)
    assert "lower-x86{vector-bits=256 num-vregs=16}" in cfg.pipeline(vector_bits=256)
    with pytest.raises(ConfigError, match="needs 17 vector registers .* AVX2 has 16"):
        KernelConfig(mr=3, nr=32, mc=3, nc=32).pipeline(vector_bits=256)
    with pytest.raises(ConfigError, match="AVX2 .* float32"):
        cfg.pipeline(dtype="bf16", vector_bits=256)


def test_prepacked_weights_on_avx2_stream_by_panel_at_few_rows():
    """Pre-packed B on AVX2: at M <= STREAM_ROWS a panel's tiles back to back, the next panel
    prefetched a panel ahead; more rows keep order mn and PREPACKED_PREFETCH_ROWS; the packed layout
    (kc, nr) is the same, so one packed B serves both (a dynamic-M kernel's RowsRouter)."""
    from nanomm.compiler.config import PREPACKED_PREFETCH_ROWS, STREAM_ROWS

    zen3 = TARGETS["znver3"]
    few, many = (default_config(M, 3072, 768, zen3, prepacked_b=True) for M in (STREAM_ROWS, STREAM_ROWS + 1))
    assert (few.order, few.prefetch) == ("nm", few.kc) and (many.order, many.prefetch) == ("mn", PREPACKED_PREFETCH_ROWS)
    assert (few.kc, few.nr) == (many.kc, many.nr)
    # AVX-512 with one FMA pipe (a named target: no probe): the hardware's prefetchers alone, order mn
    # (two pipes prefetch: the test below)
    zen4 = TARGETS["znver4"]
    wide = {M: default_config(M, 3072, 768, zen4, prepacked_b=True) for M in (1, 4, STREAM_ROWS, STREAM_ROWS + 1)}
    assert [wide[M].prefetch for M in wide] == [0, 0, 0, 0]
    assert {c.order for c in wide.values()} == {"mn"} and len({(c.kc, c.nr) for c in wide.values()}) == 1


def test_one_row_of_a_dynamic_kernel_on_avx2_streams_as_the_static_one_row_kernel():
    """A dynamic-M kernel on pre-packed B gives one row the static one-row rule (1 x 16, order mn, no
    prefetch) on its own packed layout, where the route of few rows streams by panel (AVX2); on AVX-512
    with one FMA pipe both already agree (no third kernel)."""
    from nanomm.compiler.config import STREAM_ROWS, dynamic_config, one_row_config

    zen3 = TARGETS["znver3"]
    for N, K in ((1536, 384), (4096, 4096)):
        small = dynamic_config(N, K, zen3, True, "f32", STREAM_ROWS)
        one = one_row_config(N, K, zen3, "f32", small)
        assert (one.mr, one.order, one.prefetch) == (1, "mn", 0) and (one.kc, one.nr) == (small.kc, small.nr)
        assert one_row_config(N, K, zen3, "bf16", small) is None
    zen4 = TARGETS["znver4"]
    assert one_row_config(1536, 384, zen4, "f32", dynamic_config(1536, 384, zen4, True)) is None


@pytest.mark.parametrize("gflops", [240.0, 117.0, None])
def test_prepacked_weights_at_model_rows_run_each_panel_back_to_back_on_two_fma_pipes(monkeypatch, gflops):
    """Pre-packed B, 3 < M <= PANEL_ROWS, on a host whose probe measures two FMA pipes: one A
    block (where half of L2 holds it), order nm, the next panel prefetched; the packed layout (kc, nr) is unchanged, so one
    packed B serves every M. Other hosts, and more rows, keep order mn without prefetching."""
    import nanomm.compiler.config as config
    from nanomm.compiler.config import PANEL_ROWS, PREPACKED_PREFETCH_ROWS, STREAM_ROWS
    from nanomm.runtime.dtypes import round_up
    monkeypatch.setattr(config, "rates_for", lambda cpu: {} if gflops is None else {"f32": gflops})
    cfgs = {M: default_config(M, 4096, 4096, WIDE, prepacked_b=True)
            for M in (1, 4, STREAM_ROWS, STREAM_ROWS + 1, 128, PANEL_ROWS, PANEL_ROWS + 1, 1024)}
    # no probe (None): a named target's measured rate stands in (WIDE is the host where it has AVX-512)
    fast = gflops == 240.0 or (gflops is None and config.NAMED_FMA_GFLOPS.get(WIDE.name, 0.0) >= config.FAST_FMA_GFLOPS)
    for M, cfg in cfgs.items():
        assert cfg.pack_b and cfg.mc % cfg.mr == 0 and cfg.nc % cfg.nr == 0, M
        if fast and 3 < M <= PANEL_ROWS:
            half_l2_rows = WIDE.l2 // 2 // (cfg.kc * 4) // cfg.mr * cfg.mr  # an A block in half of L2
            assert (cfg.order, cfg.prefetch) == ("nm", PREPACKED_PREFETCH_ROWS), M
            assert cfg.mc == min(round_up(M, cfg.mr), half_l2_rows), M
        else:
            assert (cfg.order, cfg.prefetch) == ("mn", 0), M  # (two pipes prefetch at 4-PANEL_ROWS rows)
    assert len({(c.kc, c.nr) for c in cfgs.values() if c.mr > 1}) == 1


@pytest.mark.parametrize("gflops", [240.0, 117.0])
def test_prepacked_weights_at_7_to_16_rows_take_one_tile_of_all_rows_on_two_fma_pipes(monkeypatch, gflops):
    """Static M in ONE_TILE_ROWS, pre-packed, two FMA pipes: one register tile M rows tall (32 wide up
    to 14 rows, 16 wide above), so each panel passes once; fewer or more rows, and one FMA pipe, keep
    the 6 x 64 rule. The tiles build and match numpy."""
    import nanomm.compiler.config as config
    from nanomm.compiler.config import ONE_TILE_ROWS
    monkeypatch.setattr(config, "rates_for", lambda cpu: {"f32": gflops})
    lo, hi = ONE_TILE_ROWS
    for M in (lo - 1, lo, 12, 14, 15, hi, hi + 1):
        cfg = default_config(M, 3072, 768, WIDE, prepacked_b=True)
        if gflops == 240.0 and lo <= M <= hi:
            assert (cfg.mr, cfg.mc, cfg.nr, cfg.order) == (M, M, 32 if M <= 14 else 16, "nm"), (M, cfg)
        else:
            assert (cfg.mr, cfg.nr) == (6, 64), (M, cfg)
        assert physical_registers(cfg.mr, cfg.nr) <= NUM_VREGS
    if gflops == 240.0 and host_cpu().vector_bits == 512:  # (AVX2 hosts: these tiles are AVX-512's)
        rng = np.random.default_rng(3)
        for M in (lo, hi):
            cfg = default_config(M, 100, 70, WIDE, prepacked_b=True)
            a, b = rng.standard_normal((M, 70), dtype=np.float32), rng.standard_normal((70, 100), dtype=np.float32)
            k = nanomm.compile_matmul(M, 100, 70, b=b, config=cfg, threads=1, target="host")
            assert matmul_mismatch(k(a), a, b) is None


@pytest.mark.parametrize("gflops", [240.0, 117.0])
def test_dynamic_m_kernels_of_small_prepacked_weights_take_narrow_panels_on_two_fma_pipes(monkeypatch, gflops):
    """Dynamic-M, pre-packed float32 weights up to NARROW_PANEL_WEIGHT_BYTES, two FMA pipes: 14 x 32
    tiles on 32-wide panels (one kernel, one layout, for every M); larger weights, B packed per call
    and one FMA pipe keep 6 x 64. The kernel matches numpy around its row edges."""
    import nanomm.compiler.config as config
    from nanomm.compiler.config import NARROW_PANEL_WEIGHT_BYTES, dynamic_config
    monkeypatch.setattr(config, "rates_for", lambda cpu: {"f32": gflops})
    assert 1536 * 384 * 4 <= NARROW_PANEL_WEIGHT_BYTES < 3072 * 768 * 4
    for N, K in ((1536, 384), (384, 1536), (768, 768)):
        cfg = dynamic_config(N, K, WIDE, prepacked_b=True)
        assert (cfg.mr, cfg.nr) == ((14, 32) if gflops == 240.0 else (6, 64)), (N, K, cfg)
        assert cfg.nc % cfg.nr == 0
        small = dynamic_config(N, K, WIDE, prepacked_b=True, rows=config.STREAM_ROWS)
        assert (small.kc, small.nr) == (cfg.kc, cfg.nr)  # (one packed B for every M)
    larger = dynamic_config(3072, 768, WIDE, prepacked_b=True)
    assert (larger.mr, larger.nr) == (6, 64)
    assert dynamic_config(1536, 384, WIDE) == default_config(256, 1536, 384, WIDE)  # (B packed per call: its own rule)
    if gflops == 240.0 and host_cpu().vector_bits == 512:  # (AVX2 hosts: these tiles are AVX-512's)
        rng = np.random.default_rng(5)
        b = rng.standard_normal((70, 100), dtype=np.float32)
        k = nanomm.compile_matmul(None, 100, 70, b=b, threads=1, target="host")
        assert (k.config.mr, k.config.nr) == (14, 32)
        for M in (1, 8, 13, 14, 15, 16, 29, 40):
            a = rng.standard_normal((M, 70), dtype=np.float32)
            assert matmul_mismatch(k(a), a, b) is None, M


def test_streamed_low_precision_weights_take_long_k_blocks_and_prefetch():
    """Pre-packed bf16 / int8 weights of STREAMED_WEIGHT_BYTES or more at up to 16 rows: K blocks of
    512, prefetched panels, vdpbf16ps at 1-3 rows; smaller weights and unpacked B keep their rule. Where the
    kernel uses dot-product instructions, pre-packed weights of any size at 4-16 rows take 8 x 48 tiles."""
    import ml_dtypes
    from nanomm.compiler.config import PREPACKED_PREFETCH_ROWS, STREAMED_WEIGHT_BYTES
    spr = TARGETS["sapphirerapids"]
    assert 14336 * 4096 * 2 >= STREAMED_WEIGHT_BYTES > 3072 * 768 * 2
    for M, dtype in ((1, "bf16"), (8, "bf16"), (1, "u8s8")):
        cfg = default_config(M, 14336, 4096, spr, prepacked_b=True, dtype=dtype)
        assert (cfg.kc, cfg.prefetch) == (512, PREPACKED_PREFETCH_ROWS) and cfg.nc % cfg.nr == 0, (M, dtype, cfg)
        assert not cfg.bf16_fma or M > 3
        unpacked = default_config(M, 14336, 4096, spr, dtype=dtype)
        assert unpacked.kc <= 16 and unpacked.prefetch == 0
    assert default_config(1, 3072, 768, spr, prepacked_b=True, dtype="bf16").kc == 8
    zen4 = TARGETS["znver4"]  # (vdpbf16ps / vpdpbusd tiles: bf16_fma off)
    for M, N, K, dtype in ((4, 4096, 4096, "bf16"), (12, 4096, 4096, "bf16"), (16, 1536, 384, "bf16"),
                           (4, 4096, 4096, "u8s8"), (8, 3072, 768, "u8s8")):
        cfg = default_config(M, N, K, zen4, prepacked_b=True, dtype=dtype)
        assert cfg.kc == min(K, 512) and cfg.prefetch == PREPACKED_PREFETCH_ROWS
        assert (cfg.mr, cfg.nr, cfg.pack_b, cfg.bf16_fma) == (min(M, 8), 48, True, False), (M, dtype, cfg)
        assert cfg.mc >= M and cfg.nc % 48 == 0
    assert default_config(8, 4096, 4096, spr, prepacked_b=True, dtype="bf16").bf16_fma  # (FMA halves: their rule)
    if host_cpu().has("avx512bf16"):
        cfg = dataclasses.replace(default_config(1, 14336, 4096, host_cpu(), prepacked_b=True, dtype="bf16"),
                                  kc=64, nc=128)
        rng = np.random.default_rng(4)
        a = rng.standard_normal((2, 300)).astype(ml_dtypes.bfloat16)
        b = rng.standard_normal((300, 200)).astype(ml_dtypes.bfloat16)
        k = nanomm.compile_matmul(2, 200, 300, "bf16", b=b, config=cfg, threads=1)
        assert matmul_mismatch(k(a), a, b) is None
        cfg = dataclasses.replace(default_config(12, 4096, 4096, zen4, prepacked_b=True, dtype="bf16"),
                                  kc=64, nc=96)  # (the dot-tile rule on any avx512bf16 host)
        a = rng.standard_normal((12, 300)).astype(ml_dtypes.bfloat16)  # (8 + 4 rows, 4 + 1/6 panels)
        k = nanomm.compile_matmul(12, 200, 300, "bf16", b=b, config=cfg, threads=1)
        assert matmul_mismatch(k(a), a, b) is None


@pytest.mark.parametrize("K, kc", [(384, 384), (768, 384), (1000, 334), (1536, 384), (3072, 384), (100, 100)])
def test_prepacked_weights_on_avx2_take_k_blocks_of_384_and_gotoblas_blocks_at_many_rows(K, kc):
    """Pre-packed B on AVX2: K in equal blocks of at most 384 at any M (one packed layout for the
    RowsRouter's two kernels); more than STREAM_ROWS rows: B blocks up to 1536 wide, A blocks of 48 rows."""
    from nanomm.compiler.config import STREAM_ROWS

    zen3 = TARGETS["znver3"]
    few, many = (default_config(M, 3072, K, zen3, prepacked_b=True) for M in (STREAM_ROWS, 4096))
    assert few.kc == many.kc == kc
    assert (many.nc, many.mc) == (1536, 48)
    assert default_config(4096, 3072, K, WIDE, prepacked_b=True).kc == min(K, 512)  # AVX-512: unchanged


@given(M=st.integers(1, 20000), N=st.integers(1, 20000), K=st.integers(1, 20000), cpu=st.sampled_from(list(CPUS)))
def test_default_config_any_shape(M, N, K, cpu):
    check_default(default_config(M, N, K, CPUS[cpu]), M, N, K, CPUS[cpu])


@pytest.mark.kernels
@pytest.mark.parametrize("N", [1, 16, 20, 33, 48])
def test_default_config_small_n_kernels_are_correct(N):
    M, K = 29, 41
    rng = np.random.default_rng(N)
    a, b = rng.standard_normal((M, K), dtype=np.float32), rng.standard_normal((K, N), dtype=np.float32)
    kernel = nanomm.compile_matmul(M, N, K)
    assert kernel.config == default_config(M, N, K, host_cpu())
    problem = matmul_mismatch(kernel(a, b), a, b)
    assert problem is None, problem


# --- KernelConfig checks ------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs,match", [
    ({"mr": 0}, r"KernelConfig.mr must be a positive int, got 0"),
    ({"nr": -1}, r"KernelConfig.nr must be a positive int, got -1"),
    ({"mc": 0}, r"KernelConfig.mc must be a positive int"),
    ({"nc": -512}, r"KernelConfig.nc must be a positive int"),
    ({"kc": 0}, r"KernelConfig.kc must be a positive int"),
    ({"unroll_k": 0}, r"KernelConfig.unroll_k must be a positive int"),
    ({"mr": 6.0}, r"KernelConfig.mr must be a positive int, got 6.0"),
    ({"kc": True}, r"KernelConfig.kc must be a positive int, got True"),
    ({"nr": "64"}, r"KernelConfig.nr must be a positive int, got '64'"),
    ({"order": "xy"}, r"KernelConfig.order must be 'mn' or 'nm', got 'xy'"),
    ({"order": "MN"}, r"order must be 'mn' or 'nm'"),
    ({"mr": 8, "nr": 64}, r"register tile 8x64 needs 37 vector registers .*AVX-512 has 32"),
    ({"mr": 7, "nr": 64}, r"register tile 7x64 needs 33 vector registers"),
    ({"mr": 15, "nr": 32}, r"register tile 15x32 needs 33"),
    ({"mr": 10, "nr": 48}, r"register tile 10x48 needs 34"),
    ({"mr": 31, "nr": 16}, r"register tile 31x16 needs 33"),
    ({"mr": 1, "nr": 512}, r"register tile 1x512 needs 33"),
    ({"mr": 4, "nr": 112}, r"register tile 4x112 needs 36"),
    ({"mr": 6, "mc": 5}, r"cache block 5x512 is smaller than the register tile 6x64"),
    ({"nr": 64, "nc": 63}, r"cache block 96x63 is smaller than the register tile 6x64"),
])
def test_invalid_configs(kwargs, match):
    with pytest.raises(ConfigError, match=match):
        KernelConfig(**kwargs)
    with pytest.raises(ValueError):
        KernelConfig(**kwargs)


@pytest.mark.parametrize("mr,nr", [(6, 64), (14, 32), (8, 48), (14, 16), (30, 16), (9, 48), (1, 16), (2, 112)])
def test_register_tiles_at_the_limit_are_valid(mr, nr):
    cfg = KernelConfig(mr=mr, nr=nr, mc=mr, nc=nr)
    assert vector_registers(mr, nr) <= NUM_VREGS
    assert (cfg.mr, cfg.nr) == (mr, nr)


@pytest.mark.parametrize("mr,nr,regs", [(6, 64, 29), (8, 64, 37), (14, 16, 16), (14, 32, 31), (8, 48, 28),
                                        (1, 1, 2), (1, 64, 5), (4, 20, 11)])
def test_vector_registers(mr, nr, regs):
    assert vector_registers(mr, nr) == regs


def test_config_is_frozen_hashable_and_comparable():
    cfg = KernelConfig(mr=14, nr=32, mc=28, nc=64, kc=16, unroll_k=2, order="nm")
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.mr = 6  # type: ignore[misc]
    assert cfg == KernelConfig(**cfg.as_dict())
    assert hash(cfg) == hash(KernelConfig(**cfg.as_dict()))
    assert cfg != KernelConfig()
    assert cfg.as_dict() == {"mr": 14, "nr": 32, "mc": 28, "nc": 64, "kc": 16, "unroll_k": 2, "order": "nm",
                             "pack_b": False, "prefetch": 0, "outline": True, "late_c": True, "isa": "avx512",
                             "bf16_fma": False, "pad_k": False, "pad_mn": False, "stream_b": False,
                             "pad_one_row": False, "row_dot": False}
    assert KernelConfig() == KernelConfig(mr=6, nr=64, mc=96, nc=512, kc=256, unroll_k=1, order="mn")


# --- pipeline text ----------------------------------------------------------------------------------


def test_pipeline_text():
    text = KernelConfig(mr=14, nr=32, mc=28, nc=64, kc=16, unroll_k=2, order="nm").pipeline()
    assert text == ("tile-cache{mc=28 nc=64 kc=16 order=nmk},tile-register{mr=14 nr=32 order=nm pad-rows=0 split-one-row=1},"
                    "compose-microkernel{vector-width=16 unroll-k=2 prefetch-b=0 outline=1 late-c=1 bf16-fma=0 row-dot=0 align-w=0},"
                    "lower-x86{vector-bits=512 num-vregs=32},"
                    "lower-llvm{bare-ptr=1 x86vector=1 amx=0 noalias=0}")
    packed = KernelConfig(mr=6, nr=64, mc=48, nc=512, kc=256, pack_b=True)
    assert "tile-cache{mc=48 nc=512 kc=256 order=nkm}" in packed.pipeline()
    assert "pack{nr=64 kc=256 prepacked=0 vector-width=16 prefetch-rows=8}" in packed.pipeline()
    amx = KernelConfig(mr=32, nr=32, mc=128, nc=256, kc=256, pack_b=True, isa="amx")
    assert "prefetch-rows=0 pack-a=1 a-rows=128}" in amx.pipeline(dtype="bf16")  # measured on Zen 4 only
    assert "split-one-row" not in amx.pipeline(dtype="bf16")  # AMX tiles keep their edges (pad-mn, 16-row tiles)
    assert "pack{nr=64 kc=256 prepacked=1 vector-width=16 prefetch-rows=8}" in packed.pipeline(prepacked_b=True)
    with pytest.raises(ConfigError, match="pre-packed B needs pack_b=True"):
        KernelConfig().pipeline(prepacked_b=True)
    with pytest.raises(ConfigError, match=r"nc \(100\) must be a multiple of nr \(64\)"):
        KernelConfig(nc=100, pack_b=True)


_valid_tiles = st.tuples(st.integers(1, 30), st.integers(1, 112)).filter(lambda t: vector_registers(*t) <= NUM_VREGS)


@given(tile=_valid_tiles, mc_extra=st.integers(0, 500), nc_extra=st.integers(0, 2000), kc=st.integers(1, 1024),
       unroll_k=st.integers(1, 8), order=st.sampled_from(["mn", "nm"]))
def test_pipeline_parses_and_round_trips(tile, mc_extra, nc_extra, kc, unroll_k, order):
    mr, nr = tile
    cfg = KernelConfig(mr=mr, nr=nr, mc=mr + mc_extra, nc=nr + nc_extra, kc=kc, unroll_k=unroll_k, order=order)
    steps = parse_pipeline(cfg.pipeline())
    assert [s.name for s in steps] == PIPELINE_PASSES
    cache, register, micro, x86, llvm = steps
    assert (cache.mc, cache.nc, cache.kc) == (cfg.mc, cfg.nc, cfg.kc)
    assert (register.mr, register.nr, register.order) == (cfg.mr, cfg.nr, cfg.order)
    assert (micro.vector_width, micro.unroll_k) == (16, cfg.unroll_k)
    assert (x86.vector_bits, x86.num_vregs) == (512, 32)
    assert (llvm.bare_ptr, llvm.x86vector, llvm.amx) == (True, True, False)
    assert ",".join(s.spec() for s in steps) == cfg.pipeline()


@pytest.mark.parametrize("text,match", [
    ("tile-cache{mc=12 nc=64 kc=5},no-such-pass", "unknown pass 'no-such-pass'"),
    ("tile-cache{mc}", "option 'mc' of pass 'tile-cache' needs the form key=value"),
    ("tile-cache{mc=abc}", "option 'mc' expects int, got 'abc'"),
    ("tile-cache{tile=4}", "pass 'tile-cache' has no option 'tile'"),
    ("tile-cache{mc=12", r"unbalanced '\{'"),
    ("tile-cache}", r"unbalanced '\}'"),
])
def test_parse_pipeline_errors(text, match):
    with pytest.raises(ConfigError, match=match):
        parse_pipeline(text)

"""AMX kernels: compile-only checks here, the AMX tile program emulated with vector ops (checked against
numpy on this AMX-less CPU), the clean refusal to run AMX code without AMX, and real runs on an AMX CPU."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import nanomm
from nanomm.compiler.build import build_kernel
from nanomm.compiler.config import KernelConfig, default_config
from nanomm.compiler.payload import MatmulSpec
from nanomm.errors import ConfigError, CpuFeatureError
from nanomm.runtime.cpu import TARGETS
from nanomm.runtime.dtypes import DTYPES, round_up
from nanomm.runtime.reference import matmul_mismatch

ml_dtypes = pytest.importorskip("ml_dtypes")


def _operands(dtype: str, M: int, N: int, K: int, seed: int = 0):
    """A and B: the same inputs as the AMX host's check (bench/amx_host/amx_check.py inputs): bf16-rounded
    normals, or integers over the whole int8 / uint8 range."""
    rng = np.random.default_rng(seed)
    if dtype == "bf16":
        return (rng.standard_normal((M, K), dtype=np.float32).astype(ml_dtypes.bfloat16),
                rng.standard_normal((K, N), dtype=np.float32).astype(ml_dtypes.bfloat16))
    a = rng.integers(0, 256, (M, K)).astype(np.uint8) if dtype == "u8s8" else \
        rng.integers(-128, 128, (M, K)).astype(np.int8)
    return a, rng.integers(-128, 128, (K, N)).astype(np.int8)


def _check(out: np.ndarray, a: np.ndarray, b: np.ndarray, c0: np.ndarray | None = None) -> None:
    """int32 results exactly; bf16 within the float32-accumulation bound (the library's check)."""
    problem = matmul_mismatch(out, a, b, c0)
    assert problem is None, problem


@pytest.mark.parametrize("dtype,instruction", [("bf16", "tdpbf16ps"), ("u8s8", "tdpbusd"), ("s8s8", "tdpbssd")])
def test_default_config_for_an_amx_target_compiles_to_tile_instructions(dtype, instruction):
    kernel = build_kernel(MatmulSpec(96, 80, 200, dtype=dtype), "emeraldrapids")
    assert kernel.config.isa == "amx"
    asm = kernel.asm()
    for needed in ("ldtilecfg", "tileloadd", instruction, "tilestored"):
        assert needed in asm, needed
    assert "amx-tile" in kernel._function.abi.required_features


def test_default_config_picks_amx_only_where_the_cpu_has_it():
    assert default_config(512, 512, 512, TARGETS["sapphirerapids"], dtype="bf16").isa == "amx"
    assert default_config(512, 512, 512, TARGETS["emeraldrapids"], dtype="s8s8").isa == "amx"
    assert default_config(512, 512, 512, TARGETS["znver4"], dtype="bf16").isa == "avx512"
    assert default_config(512, 512, 512, TARGETS["emeraldrapids"], dtype="f32").isa == "avx512"


def test_amx_only_where_a_whole_tile_fits_and_short_k_blocks_for_one_row_of_tiles():
    er = TARGETS["emeraldrapids"]
    for dtype in ("bf16", "u8s8"):
        assert default_config(1, 4096, 4096, er, dtype=dtype).isa == "avx512"  # measured 3-4x faster
        assert default_config(15, 4096, 4096, er, dtype=dtype).isa == "avx512"
        assert default_config(512, 8, 512, er, dtype=dtype).isa == "avx512"
        skinny = default_config(16, 4096, 4096, er, dtype=dtype)
        assert (skinny.isa, skinny.mr, skinny.kc) == ("amx", 16, 256)
        assert not skinny.stream_b  # one row of tiles: no A strip read again
        # More than one row of tiles outgrowing L1: B streamed, K blocks of 1 KiB A rows (32 rows:
        # 2/3 of the 48 KiB L1), equal blocks of whole tile products.
        big = default_config(1024, 1024, 1024, er, dtype=dtype)
        assert big.stream_b and big.kc * DTYPES[dtype].ab_bytes == 1024, big
        assert default_config(4096, 768, 768, er, dtype=dtype).kc * DTYPES[dtype].ab_bytes == 768
        assert not default_config(64, 64, 64, er, dtype=dtype).stream_b  # A and B fit L1 together


def test_stream_b_blocks_follow_the_l1_size():
    small_l1 = dataclasses.replace(TARGETS["emeraldrapids"], l1d=32 * 1024)
    config = default_config(1024, 1024, 1024, small_l1, dtype="bf16")
    # 2/3 of 32 KiB over 32 rows: 682 bytes -> at most 10 tile products (320 k): K = 1024 in 4 equal blocks
    assert config.stream_b and config.kc == 256
    with pytest.raises(ConfigError, match="stream_b"):
        KernelConfig(stream_b=True).pipeline()  # an AVX-512 kernel has no tiles to stream


def test_amx_config_is_checked():
    with pytest.raises(ConfigError, match="tiles"):
        KernelConfig(mr=48, nr=48, mc=96, nc=96, pack_b=True, isa="amx")
    with pytest.raises(ConfigError, match="pack_b"):
        KernelConfig(mr=32, nr=32, isa="amx")
    with pytest.raises(ConfigError, match="isa"):
        KernelConfig(isa="sse")
    with pytest.raises(ConfigError, match="f32"):
        KernelConfig(mr=32, nr=32, mc=64, nc=64, pack_b=True, isa="amx").pipeline(dtype="f32")


# The AMX-less check of the tile composition: isa="amx-emulated" runs compose-amx{emulate=1}, the
# same tile program (tiles, offsets, K steps, panel rows, zero/accumulate starts, outlining, and
# the AVX-512 edge and K-remainder pieces) with each tile op replaced by vector code.
@pytest.mark.avx512
@pytest.mark.parametrize("dtype,M,N,K,kc", [
    ("bf16", 40, 40, 100, 64),     # M, N edges; K blocks 64 + 36 (K remainder 4 after one tile product)
    ("u8s8", 64, 48, 200, 128),    # two K blocks (the second accumulates onto C), N edge 16
    ("s8s8", 47, 33, 131, 128),    # odd everything, K not a multiple of 4
    # Two column blocks (64 + 32) and two K blocks: the copied A blocks (pack-a) of the second
    # column block once were merged by CSE with the first's and read a stale copy.
    ("bf16", 32, 96, 128, 64),
])
def test_emulated_tile_program_matches_numpy(dtype, M, N, K, kc):
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=kc, pack_b=True, isa="amx-emulated")
    kernel = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1)
    assert "nanomm.amx_microkernel" in kernel.ir("compose-amx")  # the emulated tile loop is there
    a, b = _operands(dtype, M, N, K)
    _check(kernel(a, b), a, b)


@pytest.mark.avx512
@pytest.mark.parametrize("M,N,K,kc", [(40, 40, 100, 64), (47, 33, 131, 128), (32, 96, 128, 64)])
def test_emulated_tile_program_with_fma_edges_matches_numpy(M, N, K, kc):
    """bf16 AMX kernels whose AVX-512 edges and K remainder use float32 FMAs (bf16_fma)."""
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=kc, pack_b=True, isa="amx-emulated", bf16_fma=True)
    kernel = nanomm.compile_matmul(M, N, K, dtype="bf16", config=config, threads=1)
    text = kernel.ir("compose-microkernel")
    assert "vector.fma" in text and "x86vector.avx512.dot" not in text
    a, b = _operands("bf16", M, N, K)
    _check(kernel(a, b), a, b)


def test_calling_an_amx_kernel_without_amx_is_a_clean_error(hardware_without_amx):
    kernel = build_kernel(MatmulSpec(64, 64, 64, dtype="bf16"), "emeraldrapids")
    a, b = _operands("bf16", 64, 64, 64)
    with pytest.raises(CpuFeatureError, match="amx"):
        kernel(a, b)


@pytest.mark.amx
@pytest.mark.parametrize("dtype", ["bf16", "u8s8", "s8s8"])
@pytest.mark.parametrize("M,N,K", [(64, 64, 64), (127, 255, 511), (33, 100, 70)])
def test_amx_kernels_match_numpy_on_an_amx_cpu(dtype, M, N, K, host_compiles_amx):
    kernel = nanomm.compile_matmul(M, N, K, dtype=dtype, threads=1)
    assert kernel.config.isa == "amx"
    a, b = _operands(dtype, M, N, K)
    _check(kernel(a, b), a, b)


@pytest.mark.avx512
@pytest.mark.parametrize("dtype,M,N,K,kc", [
    ("bf16", 40, 40, 100, 64),    # K blocks 64 + 36: the second padded to 64 (A copy and B panel rows)
    ("bf16", 64, 64, 33, 64),     # one block of 33: padded to 64, no AVX-512 piece at all
    ("u8s8", 47, 33, 131, 128),   # 128 + 3, padded to 64; M and N edges beside
    ("s8s8", 33, 70, 200, 64),    # 64 x 3 + 8
])
def test_emulated_tile_program_with_padded_k_matches_numpy(dtype, M, N, K, kc):
    """pad_k: K blocks zero-padded to whole tile products (pack / compose-amx pad-k) instead of an
    AVX-512 K remainder over C. The second block of a multi-block K reuses buffers the first one
    filled, so a missing zero fill (of both A and B) shows as wrong results."""
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=kc, pack_b=True, isa="amx-emulated", pad_k=True)
    kernel = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1)
    plain = nanomm.compile_matmul(M, N, K, dtype=dtype, config=dataclasses.replace(config, pad_k=False), threads=1)
    left = kernel.ir("compose-amx").count("nanomm.nanokernel")
    assert left < plain.ir("compose-amx").count("nanomm.nanokernel")  # the K remainder pieces are gone
    if M % 32 == 0 and N % 32 == 0:
        assert left == 0
    a, b = _operands(dtype, M, N, K)
    _check(kernel(a, b), a, b)


@pytest.mark.avx512
@pytest.mark.parametrize("dtype,M,N,K,kc,pad_k,accumulate", [
    ("bf16", 40, 47, 64, 32, False, True),    # 32x15, 8x32, 8x15 edge tiles; the second K block copies C in
    ("bf16", 127, 255, 511, 512, True, False),  # the suite shape: 31-row and 31-column edges, K padded
    ("u8s8", 8, 33, 128, 64, False, False),     # M below one tile: one 16-row tile over 8 rows
    ("s8s8", 19, 22, 72, 64, True, True),       # 3-row / 6-column edges, K blocks 64 + 8 (padded)
    ("bf16", 100, 20, 96, 32, False, False),    # N below 32: 16 + 4 columns
    ("u8s8", 33, 20, 70, 64, True, False),      # a one-row edge (left to AVX-512) beside padded columns
])
def test_emulated_tile_program_with_padded_edges_matches_numpy(dtype, M, N, K, kc, pad_k, accumulate):
    """pad_mn: M / N edges on whole tiles over rounded-up views, C through a scratch buffer. The
    A copy's rows past the edge hold what earlier blocks left (only thrown-away C rows use them),
    so results must not depend on them; C is overwritten, and (accumulate) accumulated into."""
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=kc, pack_b=True, isa="amx-emulated", pad_k=pad_k, pad_mn=True)
    plain = nanomm.compile_matmul(M, N, K, dtype=dtype, config=dataclasses.replace(config, pad_mn=False), threads=1)
    kernel = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1)
    left = kernel.ir("compose-amx").count("nanomm.nanokernel")
    assert left < plain.ir("compose-amx").count("nanomm.nanokernel")
    if 1 not in (M % 16, N % 16):
        assert left == 0  # no AVX-512 piece at all
    a, b = _operands(dtype, M, N, K)
    a_before, b_before = a.copy(), b.copy()
    _check(kernel(a, b), a, b)
    if accumulate:
        acc = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1, accumulate=True)
        c0 = (np.arange(M * N).reshape(M, N) % 7).astype(np.float32 if dtype == "bf16" else np.int32)
        c = c0.copy()
        acc(a, b, c)
        _check(c, a, b, c0)
    np.testing.assert_array_equal(a, a_before)
    np.testing.assert_array_equal(b, b_before)


@pytest.mark.avx512
@pytest.mark.parametrize("dtype,M,N,K,kc,accumulate", [
    ("bf16", 33, 47, 64, 32, False),   # 32 + 1 rows beside a 15-column edge
    ("bf16", 17, 64, 96, 64, True),    # one tile + one row, K blocks 64 + 32, C accumulated into
    ("u8s8", 65, 33, 128, 64, False),  # int8 takes it as well when asked; 33 columns stay AVX-512
])
def test_emulated_one_row_edges_on_padded_tiles_match_numpy(dtype, M, N, K, kc, accumulate):
    """pad_one_row: a one-row M edge (16 n + 1 rows) goes on a padded tile instead of AVX-512
    pieces; a one-column N edge stays AVX-512. Per call, with B pre-packed and accumulating."""
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=kc, pack_b=True, isa="amx-emulated", pad_mn=True,
                          pad_one_row=True)
    kernel = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1, accumulate=accumulate)
    plain = nanomm.compile_matmul(M, N, K, dtype=dtype, config=dataclasses.replace(config, pad_one_row=False),
                                  threads=1)
    left = kernel.ir("compose-amx").count("nanomm.nanokernel")
    assert left < plain.ir("compose-amx").count("nanomm.nanokernel")
    if N % 16 != 1:
        assert left == 0  # only one-column edges keep AVX-512 pieces
    a, b = _operands(dtype, M, N, K)
    c0 = (np.arange(M * N).reshape(M, N) % 7).astype(np.float32 if dtype == "bf16" else np.int32)
    c = c0.copy() if accumulate else np.zeros_like(c0)
    kernel(a, b, c)
    _check(c, a, b, c0 if accumulate else None)
    packed = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1, b=b)
    _check(packed(a), a, b)


def test_one_row_edges_go_on_tiles_by_default_for_bf16_over_long_k_blocks_only():
    cpu = TARGETS["emeraldrapids"]
    assert default_config(33, 4096, 4096, cpu, dtype="bf16").pad_one_row
    assert not default_config(33, 4096, 33, cpu, dtype="bf16").pad_one_row  # short K blocks: AVX-512 pieces
    assert not default_config(33, 4096, 4096, cpu, dtype="u8s8").pad_one_row
    assert not default_config(33, 4096, 4096, cpu, dtype="f32").pad_one_row
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx", pad_mn=True, pad_one_row=True)
    assert "pad-one-row=1" in config.pipeline(False, "bf16")
    with pytest.raises(ConfigError, match="pad_one_row=True is for AMX kernels"):
        KernelConfig(pad_one_row=True).pipeline(False, "bf16")


@pytest.mark.avx512
def test_emulated_padded_edges_with_prepacked_b_match_numpy():
    """pad_mn reads a pre-packed B's panels past N: they are zero-padded to whole panels too."""
    M, N, K = 40, 47, 64
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=32, pack_b=True, isa="amx-emulated", pad_mn=True)
    a, b = _operands("bf16", M, N, K)
    kernel = nanomm.compile_matmul(M, N, K, dtype="bf16", config=config, threads=1, b=b)
    assert kernel.spec.prepacked_b and kernel.ir("compose-amx").count("nanomm.nanokernel") == 0
    _check(kernel(a), a, b)


@pytest.mark.avx512
@pytest.mark.parametrize("dtype,M,N,K,kc", [
    ("bf16", 40, 40, 100, 50),    # K blocks 50 + 50, each laid out (and padded) as 64
    ("u8s8", 47, 33, 131, 128),   # 128 + 3: the last block's rows past K are the padding
    ("s8s8", 33, 70, 200, 64),    # 64 x 3 + 8
])
def test_emulated_padded_k_with_prepacked_b_matches_numpy(dtype, M, N, K, kc):
    """pad_k with B pre-packed: each K block of the packed layout is rounded up to whole tile
    products (packed_b_shape), and its zero rows past K feed the padded tiles; no K remainder
    pieces remain. Multi-block K shows a layout whose blocks are misplaced as wrong results."""
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=kc, pack_b=True, isa="amx-emulated", pad_k=True)
    a, b = _operands(dtype, M, N, K)
    kernel = nanomm.compile_matmul(M, N, K, dtype=dtype, config=config, threads=1, b=b)
    plain = nanomm.compile_matmul(M, N, K, dtype=dtype, config=dataclasses.replace(config, pad_k=False), threads=1, b=b)
    assert config.packed_b_shape(K, N, dtype)[2] == round_up(kc, 16 * DTYPES[dtype].vnni) // DTYPES[dtype].vnni
    assert kernel.ir("compose-amx").count("nanomm.nanokernel") < plain.ir("compose-amx").count("nanomm.nanokernel")
    _check(kernel(a), a, b)
    _check(plain(a), a, b)


@pytest.mark.avx512
def test_emulated_padded_edges_leave_register_tiles_over_32_to_avx512():
    """pad_mn's C scratch buffer holds 2x2 tiles: a 40-row register tile (rounded up, 48 rows) keeps
    its AVX-512 edge pieces instead of a view past the scratch buffer."""
    M, N, K = 45, 40, 64
    config = KernelConfig(mr=40, nr=32, mc=80, nc=64, kc=64, pack_b=True, isa="amx-emulated", pad_mn=True)
    a, b = _operands("bf16", M, N, K)
    kernel = nanomm.compile_matmul(M, N, K, dtype="bf16", config=config, threads=1)
    _check(kernel(a, b), a, b)


def test_pad_mn_rules():
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx", pad_mn=True)
    assert "pad-mn=1" in config.pipeline(False, "bf16")
    with pytest.raises(ConfigError, match="pad_mn=True is for AMX kernels"):
        KernelConfig(pad_mn=True).pipeline(False, "bf16")
    assert default_config(1000, 1000, 1000, TARGETS["emeraldrapids"], dtype="bf16").pad_mn


def test_pad_k_rules():
    config = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx", pad_k=True)
    assert "pad-k=1" in config.pipeline(False, "bf16")
    assert "pad-k=1" in config.pipeline(True, "bf16")  # pre-packed B: its layout holds the zero rows
    with pytest.raises(ConfigError, match="pad_k=True is for AMX kernels"):
        KernelConfig(pad_k=True).pipeline(False, "bf16")


@pytest.mark.parametrize("dtype,M,N,K,pad", [
    ("bf16", 1000, 1000, 1000, True),   # remainder 8 of 32
    ("bf16", 1024, 1024, 33, True),     # one tile product and one k
    ("bf16", 512, 512, 100, True),      # remainder 4
    ("bf16", 1024, 1024, 1024, False),  # whole tile products: nothing to pad
    ("bf16", 512, 512, 2081, True),     # K blocks 704, 704, 673: the last one has a remainder
    ("bf16", 1024, 1024, 2048, False),  # K blocks 1024 x 2
    ("u8s8", 1000, 1000, 1000, True),   # remainder 40 of 64
    ("u8s8", 1024, 1024, 48, False),    # below one tile product: the kernel stays AVX-512 VNNI
    ("u8s8", 512, 512, 100, True),      # remainder 36 of 64
    ("u8s8", 1024, 1024, 4100, True),   # K blocks 832 x 4 + 772: remainder 4
])
def test_default_pads_k_where_measured_to_pay(dtype, M, N, K, pad):
    config = default_config(M, N, K, TARGETS["emeraldrapids"], dtype=dtype)
    assert config.isa == "amx"
    assert config.pad_k == pad
    prepacked = default_config(M, N, K, TARGETS["emeraldrapids"], prepacked_b=True, dtype=dtype)
    assert ("pad-k=1" in prepacked.pipeline(True, dtype)) == pad

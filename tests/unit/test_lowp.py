"""Tests of the bf16 and int8 kernels: exact int results, bf16 within f32-accumulation bounds, configs, errors."""

from __future__ import annotations

import dataclasses

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nanomm
from nanomm import ConfigError, DTypeError, ShapeError
from nanomm.compiler.config import KernelConfig, default_config
from nanomm.compiler.parallel import ParallelKernel
from nanomm.compiler.payload import MAX_K
from nanomm.runtime.cpu import host_cpu, native_cpu, without_amx
from nanomm.runtime.reference import matmul_mismatch

BF16 = np.dtype(ml_dtypes.bfloat16)
# nanomm dtype -> (numpy A, numpy B, numpy C)
DTYPES = {
    "bf16": (BF16, BF16, np.dtype(np.float32)),
    "u8s8": (np.dtype(np.uint8), np.dtype(np.int8), np.dtype(np.int32)),
    "s8s8": (np.dtype(np.int8), np.dtype(np.int8), np.dtype(np.int32)),
}
INT_DTYPES = ("u8s8", "s8s8")
VNNI = {"bf16": 2, "u8s8": 4, "s8s8": 4}
_FEATURE = {"bf16": "avx512bf16", "u8s8": "avx512vnni", "s8s8": "avx512vnni"}

pytestmark = pytest.mark.avx512


def needs(dtype: str):
    """Skips a test of `dtype` kernels on a CPU without their dot-product instructions."""
    feature = _FEATURE[dtype]
    return pytest.mark.skipif(not native_cpu().has(feature), reason=f"{dtype} kernels need {feature}")


# The hardware without AMX, so not a CPU where vdpbf16ps is slow (config.slow_bf16_dot): the
# AVX-512 heuristic as fitted on Zen 4, for kernels that run here.
AVX512_DOT_CPU = without_amx(native_cpu())


def each_dtype(dtypes=tuple(DTYPES)):
    return pytest.mark.parametrize("dtype", [pytest.param(d, marks=needs(d)) for d in dtypes])


# --- helpers -------------------------------------------------------------------------------


def operands(dtype: str, M: int, N: int, K: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Random A (MxK) and B (KxN) of `dtype`: full-range integers, or bf16-rounded normals."""
    rng = np.random.default_rng(seed)
    ta, tb, _ = DTYPES[dtype]
    if dtype == "bf16":
        return (rng.standard_normal((M, K), dtype=np.float32).astype(BF16),
                rng.standard_normal((K, N), dtype=np.float32).astype(BF16))
    info_a, info_b = np.iinfo(ta), np.iinfo(tb)
    return (rng.integers(info_a.min, info_a.max + 1, (M, K)).astype(ta),
            rng.integers(info_b.min, info_b.max + 1, (K, N)).astype(tb))


def assert_lowp_result(c: np.ndarray, a: np.ndarray, b: np.ndarray, dtype: str, c0: np.ndarray | None = None) -> None:
    """c == a @ b (+ c0): exactly for int8 (against numpy's int64), within a bound for bf16."""
    M, N = a.shape[0], b.shape[1]
    assert c.shape == (M, N), f"result shape {c.shape}, expected {(M, N)}"
    assert c.dtype == DTYPES[dtype][2], f"result dtype {c.dtype}, expected {DTYPES[dtype][2]}"
    if dtype in INT_DTYPES:
        ref = a.astype(np.int64) @ b.astype(np.int64) + (0 if c0 is None else c0.astype(np.int64))
        assert np.abs(ref).max(initial=0) < 2**31, "the test's reference does not fit int32"
    # The library's check: int8 exactly; bf16 within the float32-accumulation bound (a product of two
    # bf16 is exact in float32, so only the K additions round), against float64 from the bf16 inputs.
    # (Its 1e-6 floor exceeds this file's former 1e-30 only where |a| @ |b| < 4; its K + 1 is tighter.)
    problem = matmul_mismatch(c, a, b, c0)
    assert problem is None, f"{dtype}: {problem}"


def run_case(dtype: str, M: int, N: int, K: int, seed: int = 0) -> None:
    a, b = operands(dtype, M, N, K, seed)
    a0, b0 = a.copy(), b.copy()
    c = nanomm.matmul(a, b)
    np.testing.assert_array_equal(a, a0, err_msg="matmul modified a")
    np.testing.assert_array_equal(b, b0, err_msg="matmul modified b")
    assert_lowp_result(c, a, b, dtype)


# --- correctness -----------------------------------------------------------------------------


@each_dtype()
def test_small_known_result(dtype):
    ta, tb, tc = DTYPES[dtype]
    a = np.array([[1, 2, 3], [4, 5, 6]]).astype(ta)
    b = np.array([[1, 0], [0, 1], [2, 3]]).astype(tb)
    if dtype == "s8s8":
        a[1] = -a[1]
    c = nanomm.matmul(a, b)
    assert c.dtype == tc
    sign = -1 if dtype == "s8s8" else 1
    np.testing.assert_array_equal(c, np.array([[7, 11], [sign * 16, sign * 23]], tc))


@each_dtype()
@pytest.mark.parametrize("M,N,K", [(1, 1, 1), (6, 64, 2), (7, 65, 3), (13, 17, 5), (5, 16, 7), (12, 33, 9),
                                   (1, 130, 130), (80, 1, 31)], ids=lambda x: str(x))
def test_tile_and_k_edges(dtype, M, N, K):
    # K = 1, 2, 3, 5, 7, 9: below, at and past one VNNI step (2 for bf16, 4 for int8).
    run_case(dtype, M, N, K, seed=M * 1000 + N * 10 + K)


# The heuristic's shape branches (compiler/config.py _low_precision_config) and the register
# tile each picks: (M, N, K) -> {dtype: (mr, nr)}; K blocks and N edges included. On this
# hardware seen without AMX (an AMX CPU takes _amx_config instead) and with vdpbf16ps (Zen 4's
# rule: bf16_fma would narrow the bf16 tiles by a row).
_BRANCHES = {
    (48, 1030, 2053): {"bf16": (8, 48), "u8s8": (8, 48), "s8s8": (8, 48)},  # 8-row multiples, 2 K blocks
    (128, 1024, 37): {"bf16": (8, 48), "u8s8": (8, 48), "s8s8": (8, 48)},
    (16, 1030, 37): {"bf16": (8, 32), "u8s8": (8, 48), "s8s8": (8, 48)},  # skinny: per-dtype rules
    (5, 1088, 19): {"bf16": (5, 32), "u8s8": (3, 64)},
}


@each_dtype()
@pytest.mark.parametrize("M,N,K", list(_BRANCHES), ids=lambda x: str(x))
def test_default_config_branches(dtype, M, N, K):
    kernel = nanomm.compile_matmul(M, N, K, dtype, target=AVX512_DOT_CPU, threads=1)
    assert not kernel.config.bf16_fma and kernel.config.isa == "avx512"
    if dtype in _BRANCHES[(M, N, K)]:
        assert (kernel.config.mr, kernel.config.nr) == _BRANCHES[(M, N, K)][dtype]
    a, b = operands(dtype, M, N, K, seed=M + N + K)
    assert_lowp_result(kernel(a, b), a, b, dtype)


_shapes = dict(M=st.integers(1, 80), N=st.integers(1, 80),
               K=st.one_of(st.integers(1, 130), st.sampled_from([1, 3, 5, 7, 127, 129])),
               seed=st.integers(0, 2**32 - 1))


@needs("bf16")
@settings(max_examples=25, deadline=None)
@given(**_shapes)
def test_hypothesis_shapes_bf16(M, N, K, seed):
    run_case("bf16", M, N, K, seed)


@needs("u8s8")
@settings(max_examples=25, deadline=None)
@given(**_shapes)
def test_hypothesis_shapes_u8s8(M, N, K, seed):
    run_case("u8s8", M, N, K, seed)


@needs("s8s8")
@settings(max_examples=25, deadline=None)
@given(**_shapes)
def test_hypothesis_shapes_s8s8(M, N, K, seed):
    run_case("s8s8", M, N, K, seed)


# --- int8: the K limit, exact at its extremes ---------------------------------------------------


# (dtype, A value, B value): the products of largest magnitude, both signs. At K = MAX_K the
# sum reaches within 2**17 of the int32 limits; s8s8's kernel computes (a + 128) * b, which
# for a = 127, b = -128 wraps around int32 many times, and must still come back exact.
_EXTREMES = [("u8s8", 255, -128), ("u8s8", 255, 127), ("s8s8", -128, -128), ("s8s8", 127, -128),
             ("s8s8", -128, 127), ("s8s8", 127, 127)]


@pytest.mark.parametrize("dtype,va,vb", [pytest.param(*e, marks=needs(e[0])) for e in _EXTREMES],
                         ids=[f"{d}-{x}x{y}" for d, x, y in _EXTREMES])
def test_extreme_values_at_max_k(dtype, va, vb):
    ta, tb, _ = DTYPES[dtype]
    K = MAX_K[dtype]
    a = np.full((2, K), va, ta)
    b = np.full((K, 16), vb, tb)
    b[: K // 2, 3] = 0  # one column with a different sum
    c = nanomm.matmul(a, b)
    expected = np.full((2, 16), va * vb * K, np.int64)
    expected[:, 3] = va * vb * (K - K // 2)
    assert abs(va * vb * K) <= 2**31 - 1
    np.testing.assert_array_equal(c.astype(np.int64), expected)
    assert_lowp_result(c, a, b, dtype)


@each_dtype(INT_DTYPES)
def test_random_values_at_max_k(dtype):
    run_case(dtype, 3, 20, MAX_K[dtype], seed=41)


@each_dtype(INT_DTYPES)
def test_max_k_plus_one_is_refused(dtype):
    ta, tb, _ = DTYPES[dtype]
    K = MAX_K[dtype] + 1
    with pytest.raises(ShapeError, match=f"K={K} can overflow the int32 sums of a {dtype} matmul.*{MAX_K[dtype]}"):
        nanomm.matmul(np.zeros((2, K), ta), np.zeros((K, 16), tb))
    with pytest.raises(ShapeError, match=f"K={K}"):
        nanomm.compile_matmul(2, 16, K, dtype)
    with pytest.raises(ValueError):
        nanomm.compile_matmul(2, 16, K, dtype)


def test_max_k_is_the_int32_limit():
    # The documented limits: the largest K with K * max|a*b| <= 2**31 - 1.
    assert MAX_K["u8s8"] == 65793 and 65793 * 255 * 128 <= 2**31 - 1 < 65794 * 255 * 128
    assert MAX_K["s8s8"] == 131071 and 131071 * 128 * 128 <= 2**31 - 1 < 131072 * 128 * 128


# --- explicit configs --------------------------------------------------------------------------


def _configs(dtype: str) -> list[KernelConfig]:
    v = VNNI[dtype]
    return [
        KernelConfig(mr=4, nr=32, mc=8, nc=64, kc=2 * v, unroll_k=2, pack_b=True),
        KernelConfig(mr=4, nr=32, mc=8, nc=64, kc=2 * v, unroll_k=2, pack_b=False),
        KernelConfig(mr=3, nr=16, mc=6, nc=32, kc=3 * v, unroll_k=1, pack_b=True, order="nm"),
        KernelConfig(mr=5, nr=48, mc=10, nc=48, kc=v, unroll_k=2, pack_b=False, outline=False, late_c=False),
    ]


_CONFIG_CASES = [(d, i) for d in DTYPES for i in range(len(_configs(d)))]


@pytest.mark.parametrize("dtype,index", [pytest.param(d, i, marks=needs(d)) for d, i in _CONFIG_CASES],
                         ids=[f"{d}-{i}" for d, i in _CONFIG_CASES])
def test_explicit_configs(dtype, index):
    # Small blocks: many K blocks (K = 29 is odd and not a multiple of 4), edge tiles in M and N.
    config = _configs(dtype)[index]
    M, N, K = 19, 70, 29
    a, b = operands(dtype, M, N, K, seed=index)
    kernel = nanomm.compile_matmul(M, N, K, dtype, config=config, threads=1)
    assert kernel.config == config
    c = np.full((M, N), 7, DTYPES[dtype][2])  # overwritten, not accumulated into
    assert kernel(a, b, c) is c
    assert_lowp_result(c, a, b, dtype)


@each_dtype(INT_DTYPES)
def test_kc_must_be_a_multiple_of_four_for_int8(dtype):
    with pytest.raises(ConfigError, match=f"{dtype} kernels need kc to be a multiple of 4"):
        nanomm.compile_matmul(8, 32, 16, dtype, config=KernelConfig(mr=4, nr=32, mc=8, nc=64, kc=6), threads=1)


@needs("s8s8")
def test_s8s8_register_tile_too_large_is_a_config_error():
    # 6x64 fits float32 (24 accumulators + 4 B + 1) but not s8s8 (+ 4 column sums + the 0x80 constant):
    # refused before compiling, naming the tile.
    with pytest.raises(ConfigError, match="register tile 6x64 needs 34 vector registers for s8s8"):
        nanomm.compile_matmul(12, 64, 8, "s8s8", config=KernelConfig(mr=6, nr=64, mc=12, nc=64, kc=8), threads=1)


# --- accumulate, threads, pre-packed B ----------------------------------------------------------


@each_dtype()
@pytest.mark.parametrize("pack_b", [False, True])
def test_accumulate(dtype, pack_b):
    M, N, K = 13, 40, 11
    a, b = operands(dtype, M, N, K, seed=5)
    rng = np.random.default_rng(6)
    tc = DTYPES[dtype][2]
    if dtype == "bf16":
        c0 = rng.standard_normal((M, N), dtype=np.float32)
    else:
        c0 = rng.integers(-2**30, 2**30, (M, N)).astype(tc)
    config = KernelConfig(mr=4, nr=32, mc=8, nc=64, kc=2 * VNNI[dtype], pack_b=pack_b)
    kernel = nanomm.compile_matmul(M, N, K, dtype, config=config, accumulate=True, threads=1)
    c = c0.copy()
    kernel(a, b, c)
    assert_lowp_result(c, a, b, dtype, c0=c0)
    kernel(a, b, c)  # twice: C = C0 + 2 A @ B
    if dtype == "bf16":
        b2 = (b.astype(np.float32) * 2).astype(BF16)  # exact: a power of two
        assert_lowp_result(c, a, b2, dtype, c0=c0)
    else:
        ref = c0.astype(np.int64) + 2 * (a.astype(np.int64) @ b.astype(np.int64))
        np.testing.assert_array_equal(c.astype(np.int64), ref)


@each_dtype()
def test_two_threads(dtype):
    M, N, K = 256, 512, 512
    a, b = operands(dtype, M, N, K, seed=9)
    kernel = nanomm.compile_matmul(M, N, K, dtype, threads=2)
    assert isinstance(kernel, ParallelKernel), "256x512x512 should be split over 2 threads"
    c = kernel(a, b, np.empty((M, N), DTYPES[dtype][2]))
    assert_lowp_result(c, a, b, dtype)
    if dtype in INT_DTYPES:
        single = nanomm.compile_matmul(M, N, K, dtype, threads=1)
        np.testing.assert_array_equal(c, single(a, b, np.empty_like(c)))


@each_dtype()
@pytest.mark.parametrize("M,N,K", [(13, 70, 29), (6, 64, 64), (1, 17, 3)], ids=lambda x: str(x))
def test_prepacked_b(dtype, M, N, K):
    a, b = operands(dtype, M, N, K, seed=K)
    kernel = nanomm.compile_matmul(M, N, K, dtype, b=b, threads=1)
    c = kernel(a)
    assert_lowp_result(c, a, b, dtype)
    out = np.empty((M, N), DTYPES[dtype][2])
    assert kernel(a, out=out) is out
    np.testing.assert_array_equal(out, c)
    # Packed once: changing the weights afterwards does not change the kernel's B.
    b[...] = 0
    np.testing.assert_array_equal(kernel(a), c)


# --- bad dtypes ----------------------------------------------------------------------------------


_A = np.ones((4, 3), np.float32)
_B = np.ones((3, 5), np.float32)


@pytest.mark.parametrize("a,b,got", [
    (_A.astype(BF16), _B, "bfloat16 x float32"),
    (_A, _B.astype(BF16), "float32 x bfloat16"),
    (_A.astype(np.uint8), _B.astype(np.uint8), "uint8 x uint8"),
    (_A.astype(np.int8), _B.astype(np.uint8), "int8 x uint8"),
    (_A.astype(np.uint8), _B.astype(BF16), "uint8 x bfloat16"),
    (_A.astype(np.float16), _B.astype(np.float16), "float16 x float16"),
    (_A.astype(np.int32), _B.astype(np.int32), "int32 x int32"),
    (_A.astype(np.int16), _B.astype(np.int8), "int16 x int8"),
], ids=["bf16-f32", "f32-bf16", "u8-u8", "s8-u8", "u8-bf16", "f16", "i32", "i16-s8"])
def test_bad_dtype_combinations(a, b, got):
    with pytest.raises(DTypeError, match=f"got {got}") as info:
        nanomm.matmul(a, b)
    message = str(info.value)
    # The message lists what is supported.
    for supported in ("bfloat16 x bfloat16 -> float32", "uint8 x int8 -> int32", "int8 x int8 -> int32"):
        assert supported in message
    with pytest.raises(TypeError):
        nanomm.matmul(a, b)


@pytest.mark.parametrize("dtype,out_dtype", [("u8s8", np.float32), ("s8s8", np.float32), ("s8s8", np.int64),
                                             ("bf16", np.int32), ("bf16", BF16)])
def test_out_with_the_wrong_dtype(dtype, out_dtype):
    ta, tb, tc = DTYPES[dtype]
    out = np.zeros((4, 5), out_dtype)
    with pytest.raises(DTypeError, match=f"out has dtype {np.dtype(out_dtype)}, expected {tc}"):
        nanomm.matmul(_A.astype(ta), _B.astype(tb), out=out)
    assert not out.any()


@each_dtype(("u8s8",))
def test_u8s8_kernel_called_with_wrong_dtypes(dtype):
    kernel = nanomm.compile_matmul(4, 5, 3, "u8s8", threads=1)
    a, b, c = _A.astype(np.uint8), _B.astype(np.int8), np.zeros((4, 5), np.int32)
    kernel(a, b, c)
    np.testing.assert_array_equal(c, np.full((4, 5), 3, np.int32))
    with pytest.raises(DTypeError, match="a has dtype int8, this kernel takes uint8"):
        kernel(a.astype(np.int8), b, c)
    with pytest.raises(DTypeError, match="b has dtype uint8, this kernel takes int8"):
        kernel(a, b.astype(np.uint8), c)
    with pytest.raises(DTypeError, match="out has dtype float32, this kernel takes int32"):
        kernel(a, b, c.astype(np.float32))


@each_dtype(("bf16",))
def test_bf16_kernel_called_with_wrong_dtypes(dtype):
    kernel = nanomm.compile_matmul(4, 5, 3, "bf16", threads=1)
    a, b, c = _A.astype(BF16), _B.astype(BF16), np.zeros((4, 5), np.float32)
    with pytest.raises(DTypeError, match="a has dtype float32, this kernel takes bfloat16"):
        kernel(_A, b, c)
    with pytest.raises(DTypeError, match="b has dtype float16, this kernel takes bfloat16"):
        kernel(a, _B.astype(np.float16), c)
    with pytest.raises(DTypeError, match="out has dtype bfloat16, this kernel takes float32"):
        kernel(a, b, c.astype(BF16))


def test_f32_kernel_called_with_bf16():
    kernel = nanomm.compile_matmul(4, 5, 3, threads=1)
    with pytest.raises(DTypeError, match="a has dtype bfloat16, this kernel takes float32"):
        kernel(_A.astype(BF16), _B, np.zeros((4, 5), np.float32))


@pytest.mark.parametrize("name", ["i8", "int8", "bfloat16", "f16", "U8S8"])
def test_unknown_dtype_name(name):
    with pytest.raises(DTypeError, match=f"unsupported dtype '{name}' \\(supported: f32, bf16, u8s8, s8s8\\)"):
        nanomm.compile_matmul(4, 5, 3, name)


# --- zero sizes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("M,N,K", [(0, 5, 3), (4, 0, 3), (4, 5, 0), (0, 0, 0)])
def test_zero_sizes(dtype, M, N, K):
    ta, tb, tc = DTYPES[dtype]
    c = nanomm.matmul(np.ones((M, K), ta), np.ones((K, N), tb))
    assert c.shape == (M, N) and c.dtype == tc
    assert not c.any()
    out = np.full((M, N), 9, tc)
    assert nanomm.matmul(np.ones((M, K), ta), np.ones((K, N), tb), out=out) is out
    assert not out.any()


# --- bf16 as float32 FMAs (KernelConfig.bf16_fma, for CPUs whose vdpbf16ps is slow) ----------


def _fma_config(M: int, N: int, K: int) -> KernelConfig:
    """The AVX-512 bf16 heuristic's config as a CPU with slow vdpbf16ps gets it (tile sized for FMAs)."""
    from nanomm.compiler.config import _low_precision_config

    return dataclasses.replace(_low_precision_config(M, N, K, host_cpu(), "bf16", fma=True), bf16_fma=True)


@needs("bf16")
@settings(max_examples=25, deadline=None)
@given(**_shapes)
def test_hypothesis_shapes_bf16_fma(M, N, K, seed):
    a, b = operands("bf16", M, N, K, seed)
    kernel = nanomm.compile_matmul(M, N, K, dtype="bf16", config=_fma_config(M, N, K), threads=1)
    assert_lowp_result(kernel(a, b), a, b, "bf16")


@needs("bf16")
@pytest.mark.parametrize("M,N,K", [(300, 200, 1100), (16, 4096, 64), (2, 1000, 33), (7, 20, 17)], ids=str)
def test_bf16_fma_heuristic_shapes(M, N, K):
    """The heuristic's branches (packed and unpacked B, one to three rows, odd K) with FMAs."""
    config = _fma_config(M, N, K)
    kernel = nanomm.compile_matmul(M, N, K, dtype="bf16", config=config, threads=1)
    text = kernel.ir("compose-microkernel")
    assert "vector.fma" in text and "x86vector.avx512.dot" not in text
    a, b = operands("bf16", M, N, K, 3)
    assert_lowp_result(kernel(a, b), a, b, "bf16")


def test_bf16_fma_config_rules():
    from nanomm.compiler.config import slow_bf16_dot, vector_registers
    from nanomm.runtime.cpu import TARGETS

    er, zen = TARGETS["emeraldrapids"], TARGETS["znver4"]
    assert slow_bf16_dot(er) and not slow_bf16_dot(zen)
    # bf16 AVX-512 defaults on Emerald Rapids multiply with FMAs and fit the registers; AMX
    # kernels (their edges) keep vdpbf16ps, as does every other CPU and dtype.
    for M, N, K in [(8, 4096, 4096), (1, 4096, 4096), (12, 512, 512), (100, 15, 100), (3, 40, 7)]:
        config = default_config(M, N, K, er, dtype="bf16")
        assert config.isa == "avx512" and config.bf16_fma, (M, N, K)
        config.pipeline(dtype="bf16")  # register check included
        assert not default_config(M, N, K, zen, dtype="bf16").bf16_fma
        assert not default_config(M, N, K, er, dtype="u8s8").bf16_fma
    for M, N, K in [(1024, 1024, 1024), (127, 255, 511), (16, 4096, 4096)]:
        config = default_config(M, N, K, er, dtype="bf16")
        assert config.isa == "amx" and not config.bf16_fma, (M, N, K)
    # 12 rows (AVX-512: no whole AMX tile): 6x64 needs 34 registers with FMAs, so 5 rows.
    assert default_config(12, 512, 512, er, dtype="bf16").mr == 5
    assert default_config(12, 512, 512, zen, dtype="bf16").mr == 6
    assert vector_registers(6, 64, "bf16", True) == 34 and vector_registers(6, 64, "bf16") == 29
    with pytest.raises(ConfigError, match="34 vector registers"):
        KernelConfig(mr=6, nr=64, pack_b=True, bf16_fma=True).pipeline(dtype="bf16")
    with pytest.raises(ConfigError, match="bf16_fma=True is for bf16 kernels"):
        KernelConfig(mr=4, nr=64, bf16_fma=True).pipeline(dtype="u8s8")
    with pytest.raises(ConfigError, match="bf16_fma must be a bool"):
        KernelConfig(bf16_fma=1)

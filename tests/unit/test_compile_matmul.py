"""Tests of nanomm.compile_matmul and Kernel: caching, IR stages, configs, accumulate, errors, threads."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nanomm
from nanomm import (
    AliasError,
    ConfigError,
    DTypeError,
    Kernel,
    KernelConfig,
    LayoutError,
    ShapeError,
    TargetError,
    compile_matmul,
    default_config,
)
from nanomm.compiler.config import REGISTERS, physical_registers
from nanomm.runtime.cpu import CpuInfo, host_cpu, missing_features, native_cpu, resolve_target

from nanomm.runtime.reference import matmul_mismatch  # noqa: E402

pytestmark = pytest.mark.kernels

STAGES = ["input", "tile-cache", "tile-register", "compose-microkernel", "lower-x86", "lower-llvm"]


def assert_matmul_close(c, a, b, c0=None) -> None:
    assert c.dtype == np.float32
    problem = matmul_mismatch(c, a, b, c0)
    assert problem is None, problem


def operands(M, N, K, seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((M, K), dtype=np.float32), rng.standard_normal((K, N), dtype=np.float32)


# --- caching ---------------------------------------------------------------------------------------


def test_same_arguments_return_the_same_kernel():
    k1 = compile_matmul(37, 45, 23)
    k2 = compile_matmul(37, 45, 23)
    assert k1 is k2
    assert isinstance(k1, Kernel)
    assert compile_matmul(37, 45, 23, "f32", "host") is k1
    assert nanomm.compile_matmul(37, 45, 23, target="HOST") is k1  # target names are case-insensitive


def test_cache_distinguishes_shape_accumulate_and_config():
    base = compile_matmul(37, 45, 23)
    assert compile_matmul(37, 45, 24) is not base
    acc = compile_matmul(37, 45, 23, accumulate=True)
    assert acc is not base
    assert acc.spec.accumulate and not base.spec.accumulate
    assert compile_matmul(37, 45, 23, accumulate=True) is acc
    cfg = KernelConfig(mr=6, nr=16, mc=12, nc=64, kc=5)
    k = compile_matmul(37, 45, 23, config=cfg)
    assert k is not base
    assert k.config == cfg
    # An equal (not identical) config hits the cache.
    assert compile_matmul(37, 45, 23, config=KernelConfig(mr=6, nr=16, mc=12, nc=64, kc=5)) is k


def test_default_config_is_the_heuristic():
    k = compile_matmul(100, 130, 70, threads=1)
    assert k.config == default_config(100, 130, 70, host_cpu())
    assert (k.spec.M, k.spec.N, k.spec.K, k.spec.dtype) == (100, 130, 70, "f32")
    assert k.target == "host"
    assert k.compile_seconds > 0
    assert "M=100 N=130 K=70" in repr(k)
    assert k.pipeline == k.config.pipeline(vector_bits=host_cpu().vector_bits)


# --- IR at each stage, LLVM IR, assembly ---------------------------------------------------------------


@pytest.fixture(scope="module")
def kernel64():
    return compile_matmul(64, 64, 64, threads=1)


def test_stages(kernel64):
    assert kernel64.stages == STAGES
    # stages is a fresh list: mutating it does not change the kernel.
    kernel64.stages.append("x")
    assert kernel64.stages == STAGES


def test_ir_input_is_the_payload(kernel64):
    text = kernel64.ir("input")
    assert kernel64.ir() == text
    assert "linalg.matmul" in text and "linalg.fill" in text
    assert "memref<64x64xf32>" in text
    assert "linalg.fill" not in compile_matmul(64, 64, 64, accumulate=True).ir("input")


def test_ir_stage_contents(kernel64):
    assert "vector.contract" in kernel64.ir("tile-register")
    composed = kernel64.ir("compose-microkernel")
    assert "vector.fma" in composed
    assert "iter_args" in composed
    assert "linalg.matmul" not in kernel64.ir("lower-llvm")
    assert "llvm.func" in kernel64.ir("lower-llvm")


def test_ir_unknown_stage(kernel64):
    with pytest.raises(ConfigError, match="no stage 'bogus'; stages: input, tile-cache"):
        kernel64.ir("bogus")
    with pytest.raises(ValueError):
        kernel64.ir("")


def test_llvm_ir_and_asm(kernel64):
    assert "define void @nanomm_matmul" in kernel64.llvm_ir()
    assert "define void @nanomm_matmul_f32_64x64x64" in kernel64.llvm_ir(optimized=True)
    asm = kernel64.asm()
    assert "vfmadd231ps" in asm
    assert ("zmm" if host_cpu().vector_bits == 512 else "ymm") in asm


# --- explicit configs ------------------------------------------------------------------------------------

CONFIGS = [
    KernelConfig(),
    KernelConfig(unroll_k=2),
    KernelConfig(unroll_k=4),
    KernelConfig(order="nm"),
    KernelConfig(mr=14, nr=32, mc=28, nc=64, kc=16),
    KernelConfig(mr=8, nr=48, mc=16, nc=96, kc=7),
    KernelConfig(mr=14, nr=16, mc=14, nc=16, kc=64),
    KernelConfig(mr=6, nr=64, mc=12, nc=64, kc=5),
    KernelConfig(mr=6, nr=64, mc=12, nc=64, kc=5, unroll_k=4),  # kc not a multiple of unroll_k
    KernelConfig(mr=6, nr=64, mc=13, nc=100, kc=9, unroll_k=3, order="nm"),  # blocks not multiples of the tile
    KernelConfig(mr=4, nr=20, mc=8, nc=40, kc=3, unroll_k=2),  # nr not a multiple of 16
    KernelConfig(mr=1, nr=16, mc=1, nc=16, kc=1),
    KernelConfig(mr=30, nr=16),  # exactly 32 registers
    # tiles that also fit AVX2's 16 ymm registers
    KernelConfig(mr=6, nr=16, mc=12, nc=64, kc=5, unroll_k=2),
    KernelConfig(mr=6, nr=16, mc=13, nc=100, kc=9, unroll_k=3, order="nm"),
    KernelConfig(mr=2, nr=32, mc=8, nc=64, kc=3, pack_b=True),
    KernelConfig(mr=1, nr=112, mc=1, nc=112, kc=7),  # exactly 15 ymm
]


@pytest.mark.parametrize("M,N,K", [(37, 45, 23), (100, 130, 70)])
@pytest.mark.parametrize("config", CONFIGS, ids=[
    f"{c.mr}x{c.nr}-{c.mc}x{c.nc}x{c.kc}-u{c.unroll_k}-{c.order}" for c in CONFIGS])
def test_explicit_configs_are_correct(config, M, N, K):
    k = compile_matmul(M, N, K, config=config)
    assert k.config == config
    assert f"mr={config.mr} nr={config.nr}" in k.pipeline
    a, b = operands(M, N, K, seed=M + N + K)
    a0, b0 = a.copy(), b.copy()
    assert_matmul_close(k(a, b), a, b)
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)


# The tiles this host's registers hold (AVX2: the 6x16, 2x32 and 1x16 ones).
TILES = [t for t in [(6, 64), (14, 32), (8, 48), (14, 16), (3, 33), (1, 16), (6, 16), (2, 32)]
         if physical_registers(*t, vector_bits=host_cpu().vector_bits or 512) <= REGISTERS[host_cpu().vector_bits or 512]]


@given(M=st.integers(1, 60), N=st.integers(1, 100), K=st.integers(1, 60),
       tile=st.sampled_from(TILES),
       mc_extra=st.integers(0, 20), nc_extra=st.integers(0, 70), kc=st.integers(1, 40),
       unroll_k=st.sampled_from([1, 2, 3, 4]), order=st.sampled_from(["mn", "nm"]))
def test_random_configs_are_correct(M, N, K, tile, mc_extra, nc_extra, kc, unroll_k, order):
    mr, nr = tile
    cfg = KernelConfig(mr=mr, nr=nr, mc=mr + mc_extra, nc=nr + nc_extra, kc=kc, unroll_k=unroll_k, order=order)
    a, b = operands(M, N, K, seed=M * N * K)
    assert_matmul_close(compile_matmul(M, N, K, config=cfg)(a, b), a, b)


# --- calling a kernel -------------------------------------------------------------------------------------


def test_kernel_writes_out_and_returns_it():
    k = compile_matmul(13, 65, 17)
    a, b = operands(13, 65, 17, seed=1)
    out = np.full((13, 65), np.nan, np.float32)
    assert k(a, b, out) is out
    assert_matmul_close(out, a, b)


@pytest.mark.parametrize("M,N,K", [(1, 1, 1), (37, 45, 23), (13, 129, 257)])
def test_accumulate(M, N, K):
    k = compile_matmul(M, N, K, accumulate=True)
    a, b = operands(M, N, K, seed=2)
    c0 = np.random.default_rng(3).standard_normal((M, N), dtype=np.float32)
    out = c0.copy()
    assert k(a, b, out) is out
    assert_matmul_close(out, a, b, c0)
    k(a, b, out)  # again: C0 + 2 A@B
    assert_matmul_close(out, a, 2 * b, c0)


def test_accumulate_with_config():
    cfg = KernelConfig(mr=6, nr=16, mc=12, nc=64, kc=5, unroll_k=2)
    k = compile_matmul(37, 45, 23, config=cfg, accumulate=True)
    a, b = operands(37, 45, 23, seed=4)
    c0 = np.full((37, 45), 0.5, np.float32)
    out = c0.copy()
    k(a, b, out)
    assert_matmul_close(out, a, b, c0)


def test_accumulate_requires_out():
    k = compile_matmul(5, 7, 3, accumulate=True)
    a, b = operands(5, 7, 3)
    with pytest.raises(ShapeError, match=r"accumulates \(C \+= A @ B\): pass out="):
        k(a, b)


@pytest.fixture(scope="module")
def k5x7x3():
    return compile_matmul(5, 7, 3)


def _ones(shape, dtype=np.float32):
    return np.ones(shape, dtype)


@pytest.mark.parametrize("args,exc,match", [
    ((_ones((5, 4)), _ones((3, 7))), ShapeError, r"a has shape \(5, 4\), expected \(M, K\) = \(5, 3\)"),
    ((_ones((5, 3)), _ones((3, 8))), ShapeError, r"b has shape \(3, 8\), expected \(K, N\) = \(3, 7\)"),
    ((_ones((5, 3)), _ones((3, 7)), _ones((7, 5))), ShapeError, r"out has shape \(7, 5\)"),
    ((_ones(15), _ones((3, 7))), ShapeError, "a must be 2-D"),
    ((_ones((5, 3), np.float64), _ones((3, 7))), DTypeError, "a has dtype float64, this kernel takes float32"),
    ((_ones((5, 3)), _ones((3, 7), np.int32)), DTypeError, "b has dtype int32"),
    ((_ones((5, 3)), _ones((3, 7)), _ones((5, 7), np.float64)), DTypeError, "out has dtype float64"),
    (([[1.0] * 3] * 5, _ones((3, 7))), DTypeError, "a must be a numpy.ndarray, got list"),
    ((_ones((3, 5)).T, _ones((3, 7))), LayoutError, "a is not C-contiguous"),
    ((_ones((5, 3)), _ones((3, 7)), _ones((5, 14))[:, ::2]), LayoutError, "out is not C-contiguous"),
], ids=["a-shape", "b-shape", "out-shape", "a-1d", "a-f64", "b-i32", "out-f64", "a-list", "a-fortran",
        "out-strided"])
def test_kernel_rejects_bad_arguments(k5x7x3, args, exc, match):
    with pytest.raises(exc, match=match):
        k5x7x3(*args)


def test_kernel_rejects_readonly_and_aliasing_out(k5x7x3):
    a, b = _ones((5, 3)), _ones((3, 7))
    ro = np.zeros((5, 7), np.float32)
    ro.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        k5x7x3(a, b, ro)
    np.testing.assert_array_equal(ro, 0)
    buf = np.zeros(5 * 7 + 3 * 7, np.float32)
    b_view, out_view = buf[:21].reshape(3, 7), buf[14:49].reshape(5, 7)
    with pytest.raises(AliasError, match="out shares memory with b"):
        k5x7x3(a, b_view, out_view)
    k = compile_matmul(6, 6, 6)
    sq = np.ones((6, 6), np.float32)
    with pytest.raises(AliasError, match="out shares memory with a"):
        k(sq, np.ones((6, 6), np.float32), sq)


# --- compile-time errors ---------------------------------------------------------------------------------


def test_unknown_target():
    with pytest.raises(TargetError, match="unknown target CPU 'bogus'"):
        compile_matmul(8, 8, 8, target="bogus")
    with pytest.raises(ValueError):
        compile_matmul(8, 8, 8, target="bogus")


def test_target_without_the_instructions():
    haswell = CpuInfo("haswell", frozenset({"avx", "avx2", "fma"}))
    with pytest.raises(TargetError, match="lacks avx512f, avx512bw, avx512bf16, which nanomm's bf16"):
        compile_matmul(8, 8, 8, dtype="bf16", target=haswell)
    sandybridge = CpuInfo("sandybridge", frozenset({"avx"}))
    with pytest.raises(TargetError, match="lacks avx2, fma, which nanomm's f32"):
        compile_matmul(8, 8, 8, target=sandybridge)


@pytest.mark.parametrize("target", ["x86-64-v3", "znver3"])
def test_avx2_target_compiles_ymm_code(target):
    """An AVX2 target gets ymm code in 6x16 tiles (it runs wherever the CPU has AVX2 + FMA)."""
    k = compile_matmul(19, 70, 21, target=target)
    asm = k.asm()
    assert "zmm" not in asm and "vfmadd231ps\t%ymm" in asm.replace(" ", "\t") and "vmaskmovps" in asm
    assert (k.config.mr, k.config.nr) == (6, 16) and "lower-x86{vector-bits=256 num-vregs=16}" in k.pipeline
    if not missing_features(resolve_target(target).features):  # znver3's features include AMD's clzero
        a, b = operands(19, 70, 21, seed=5)
        assert_matmul_close(k(a, b), a, b)


@pytest.mark.avx512
@pytest.mark.parametrize("target", ["x86-64-v4", "skylake-avx512"])
def test_named_avx512_target_runs_here(target):
    k = compile_matmul(19, 70, 21, target=target)
    assert k.target == target
    assert "zmm" in k.asm()
    a, b = operands(19, 70, 21, seed=5)
    assert_matmul_close(k(a, b), a, b)


@pytest.mark.parametrize("dtype", ["f64", "f16", "float32", "u8u8", ""])
def test_unsupported_dtype(dtype):
    with pytest.raises(DTypeError, match=f"unsupported dtype '{dtype}'"):
        compile_matmul(8, 8, 8, dtype=dtype)
    with pytest.raises(TypeError):
        compile_matmul(8, 8, 8, dtype=dtype)


@pytest.mark.parametrize("M,N,K,match", [
    (0, 8, 8, "M must be positive to compile a kernel, got 0"),
    (8, 0, 8, "N must be positive"),
    (8, 8, 0, "K must be positive"),
    (-1, 8, 8, "M must be positive"),
    (8.0, 8, 8, "M must be an int, got float"),
    (True, 8, 8, "M must be an int, got bool"),
    (8, "8", 8, "N must be an int, got str"),
    (8, 8, 2**31, "too large"),
])
def test_bad_sizes(M, N, K, match):
    with pytest.raises(ShapeError, match=match):
        compile_matmul(M, N, K)


# --- threads ----------------------------------------------------------------------------------------------


def test_threads_share_one_kernel():
    k = compile_matmul(120, 200, 90)

    def work(seed: int) -> int:
        checked = 0
        for i in range(8):
            a, b = operands(120, 200, 90, seed=seed * 100 + i)
            assert_matmul_close(k(a, b), a, b)
            checked += 1
        return checked

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(work, range(4))) == [8] * 4


def test_concurrent_first_compiles_return_one_kernel():
    shape = (313, 29, 31)  # outside the ranges the other tests draw from: not yet compiled
    barrier = threading.Barrier(4)

    def compile_it(_):
        barrier.wait()
        return compile_matmul(*shape)

    with ThreadPoolExecutor(4) as pool:
        kernels = list(pool.map(compile_it, range(4)))
    assert all(k is kernels[0] for k in kernels)
    a, b = operands(*shape)
    assert_matmul_close(kernels[0](a, b), a, b)


def test_concurrent_compiles_of_different_shapes():
    shapes = [(311, 17 + i, 9 + i) for i in range(4)]
    barrier = threading.Barrier(4)

    def compile_it(shape):
        barrier.wait()
        return compile_matmul(*shape)

    with ThreadPoolExecutor(4) as pool:
        kernels = list(pool.map(compile_it, shapes))
    for (M, N, K), k in zip(shapes, kernels):
        assert (k.spec.M, k.spec.N, k.spec.K) == (M, N, K)
        a, b = operands(M, N, K, seed=N)
        assert_matmul_close(k(a, b), a, b)


@pytest.mark.parametrize("dtype", ["f32", "bf16", "u8s8"])
def test_packing_a_large_b_prefetches_its_rows_and_stays_correct(dtype):
    # B over pack's prefetch-min-kib (1 MiB): the pack loop prefetches B rows ahead (K = 600 is
    # not a multiple of kc, so the last block's clamped rows are exercised too); small B does not.
    from nanomm.runtime.reference import matmul_mismatch

    cfg = KernelConfig(mr=6, nr=64 if host_cpu().vector_bits == 512 else 16, mc=48, nc=256, kc=256, pack_b=True)
    K, N = 600, 1100  # B: 2.5 MiB f32, 1.3 MiB bf16, 0.6 MiB int8 (under the size rule: no prefetch)
    kernel = nanomm.compile_matmul(8, N, K, dtype, config=cfg, threads=1)
    prefetches = kernel.ir("pack").count("memref.prefetch")
    assert (prefetches > 0) == (dtype != "u8s8")
    rng = np.random.default_rng(3)
    if dtype == "u8s8":
        a = rng.integers(0, 256, (8, K), dtype=np.uint8)
        b = rng.integers(-128, 128, (K, N), dtype=np.int8)
    else:
        a = rng.standard_normal((8, K), dtype=np.float32)
        b = rng.standard_normal((K, N), dtype=np.float32)
        if dtype == "bf16":
            import ml_dtypes

            a, b = a.astype(ml_dtypes.bfloat16), b.astype(ml_dtypes.bfloat16)
    assert matmul_mismatch(kernel(a, b), a, b) is None


def test_packed_weights_take_the_native_call_and_keep_every_check():
    rng = np.random.default_rng(7)
    a, w = rng.standard_normal((64, 80), dtype=np.float32), rng.standard_normal((80, 48), dtype=np.float32)
    k = nanomm.compile_matmul(64, 48, 80, b=w, threads=1)
    ref = a.astype(np.float64) @ w
    np.testing.assert_allclose(k(a), ref, rtol=1e-4, atol=1e-3)
    packed = k.packed_b
    assert packed.flat.ndim == 2 and np.shares_memory(packed.flat, packed.data)
    assert k._function._native is not None  # the 4-D packed layout has a 2-D native form
    out = np.empty((64, 48), np.float32)
    for b in (packed.data, packed.flat):  # either form of the packed B, straight to the checked call
        np.testing.assert_allclose(k._function(a, b, out), ref, rtol=1e-4, atol=1e-3)
    readonly = np.empty((64, 48), np.float32)
    readonly.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        k._function(a, packed.flat, readonly)  # refused natively, named by the Python path
    with pytest.raises(DTypeError):
        k(a, out=np.empty((64, 48)))
    with pytest.raises(ShapeError):
        k(a[:32])
    with pytest.raises(ShapeError):
        k._function(a, packed.flat[:-1], out)

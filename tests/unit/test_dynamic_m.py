"""Dynamic-M kernels (compile_matmul(None, N, K)): any M at call time, against numpy; errors; the front door."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings as hsettings
from hypothesis import strategies as st

import nanomm
from nanomm import AliasError, ConfigError, DTypeError, KernelConfig, LayoutError, ShapeError, compile_matmul
from nanomm.compiler import api
from nanomm.compiler.config import M_RANGES, dynamic_config, m_range
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime.cpu import TARGETS, host_cpu
from nanomm.runtime.reference import matmul_mismatch

pytestmark = pytest.mark.kernels

# Configs that put the M edges in different places: a batch-reduce kernel on row-major B (nmk),
# a packed-B GotoBLAS kernel (nkm) and one with one-row tiles in wide blocks.
CONFIGS = {
    "nmk": KernelConfig(mr=6, nr=32, mc=18, nc=64, kc=32),
    "nkm": KernelConfig(mr=4, nr=16, mc=12, nc=32, kc=16, pack_b=True),
    "mr1": KernelConfig(mr=1, nr=48, mc=5, nc=96, kc=24),
}


def rows_around_edges(mr: int, mc: int) -> list[int]:
    """M from 1 to past two cache blocks: every remainder of a register tile, each block edge, and large M."""
    edges = {1, mr - 1, mr, mr + 1, mc - 1, mc, mc + 1, 2 * mc - 1, 2 * mc + mr + 1, 1000, 2500}
    return sorted(m for m in edges | set(range(1, 2 * mr + 2)) if m >= 1)


def operands(M, N, K, dtype="f32", seed=0):
    rng = np.random.default_rng(seed)
    if dtype == "f32":
        return rng.standard_normal((M, K), dtype=np.float32), rng.standard_normal((K, N), dtype=np.float32)
    if dtype == "bf16":
        return (rng.standard_normal((M, K)).astype(ml_dtypes.bfloat16),
                rng.standard_normal((K, N)).astype(ml_dtypes.bfloat16))
    a_type = np.uint8 if dtype == "u8s8" else np.int8
    info = np.iinfo(a_type)
    return (rng.integers(info.min, info.max + 1, (M, K), dtype=a_type),
            rng.integers(-128, 128, (K, N), dtype=np.int8))


def check(c, a, b, c0=None):
    problem = matmul_mismatch(c, a, b, c0)  # int32 results exactly, floats within float32 rounding
    assert problem is None, problem


@pytest.mark.parametrize("name", list(CONFIGS))
def test_every_m_around_the_tile_and_block_edges(name):
    config = CONFIGS[name]
    N, K = 70, 45
    kernel = compile_matmul(None, N, K, config=config)
    assert kernel.spec.M is None
    for M in rows_around_edges(config.mr, config.mc):
        a, b = operands(M, N, K, seed=M)
        check(kernel(a, b), a, b)


@pytest.mark.parametrize("prepacked", [False, True])
def test_pre_packed_b_serves_every_m(prepacked):
    N, K = 100, 77
    _, b = operands(1, N, K)
    kernel = compile_matmul(None, N, K, b=b) if prepacked else compile_matmul(None, N, K)
    packed = kernel.prepack(b)
    for M in (1, 2, 5, 6, 7, 31, 132, 133, 500):
        a, _ = operands(M, N, K, seed=M)
        check(kernel(a) if prepacked else kernel(a, b), a, b)
        check(kernel(a, packed), a, b)


@pytest.mark.parametrize("threads", [1, 2])
def test_few_rows_take_their_own_kernel_of_the_same_packed_b(threads):
    """Where the default config of few rows differs from any M's (AVX2: STREAM_ROWS), a dynamic-M
    kernel on pre-packed B runs calls of few rows on a kernel compiled for them, reading the same
    packed B; results are right on both sides of the bound, with and without an epilogue."""
    from nanomm.compiler.config import STREAM_ROWS
    from nanomm.runtime.kernel import RowsRouter

    N, K = 300, 200
    _, b = operands(1, N, K)
    bias = np.linspace(-1, 1, N, dtype=np.float32)
    plain = compile_matmul(None, N, K, b=b, threads=threads)
    fused = compile_matmul(None, N, K, b=b, threads=threads, epilogue=nanomm.Epilogue(bias=True))
    single = getattr(plain._function, "single", plain._function)
    if host_cpu().vector_bits == 256:  # (one row: a third kernel, config.one_row_config)
        assert isinstance(single, RowsRouter)
        assert len({single.one.address, single.small.address, single.large.address}) == 3
    for M in (1, 2, 5, STREAM_ROWS, STREAM_ROWS + 1, 90):
        a, _ = operands(M, N, K, seed=M)
        check(plain(a), a, b)
        np.testing.assert_allclose(fused(a, bias=bias), a.astype(np.float64) @ b + bias, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("dtype", ["bf16", "u8s8", "s8s8"])
def test_low_precision(dtype):
    N, K = 50, 67
    _, b = operands(1, N, K, dtype)
    for config in (None, KernelConfig(mr=4, nr=32, mc=8, nc=64, kc=32, pack_b=True)):
        kernel = compile_matmul(None, N, K, dtype, config=config)
        for M in (1, 3, 4, 5, 7, 9, 13, 33, 300):  # 7, 13: 6-row tiles and one row (two tiles)
            a, _ = operands(M, N, K, dtype, seed=M)
            check(kernel(a, b), a, b)


def test_accumulate_adds_to_out():
    N, K = 40, 30
    kernel = compile_matmul(None, N, K, accumulate=True, config=CONFIGS["nmk"])
    for M in (1, 7, 19, 40):
        a, b = operands(M, N, K, seed=M)
        c0 = np.random.default_rng(M).standard_normal((M, N), dtype=np.float32)
        out = c0.copy()
        assert kernel(a, b, out) is out
        check(out, a, b, c0)
    with pytest.raises(ShapeError, match="accumulates"):
        kernel(a, b)


def test_no_rows_is_an_empty_result():
    kernel = compile_matmul(None, 16, 8)
    a, b = operands(0, 16, 8)
    assert kernel(a, b).shape == (0, 16)


@given(M=st.integers(1, 300), transpose=st.booleans())
@hsettings(max_examples=25, deadline=None)
def test_any_m_and_input_layout(M, transpose):
    """Inputs as given or through non-contiguous views copied by the caller: any M is right, and
    nothing the caller passed is modified."""
    kernel = compile_matmul(None, 33, 21, config=CONFIGS["nkm"])
    a, b = operands(M, 33, 21, seed=M)
    if transpose:
        a = np.ascontiguousarray(np.asfortranarray(a))
    before = a.copy(), b.copy()
    check(kernel(a, b), a, b)
    np.testing.assert_array_equal(a, before[0])
    np.testing.assert_array_equal(b, before[1])


# --- errors ----------------------------------------------------------------------------------------


def test_bad_arguments_get_named_errors():
    kernel = compile_matmul(None, 24, 16)
    a, b = operands(5, 24, 16)
    with pytest.raises(ShapeError, match=r"a has shape \(5, 15\)"):
        kernel(np.ascontiguousarray(a[:, :15]), b)
    with pytest.raises(ShapeError, match=r"out has shape \(4, 24\), expected \(M, N\) = \(5, 24\)"):
        kernel(a, b, np.empty((4, 24), np.float32))
    with pytest.raises(DTypeError, match="float64"):
        kernel(a.astype(np.float64), b)
    with pytest.raises(ShapeError, match="2-D"):
        kernel(a[0], b)
    out = np.empty((5, 24), np.float32)
    out.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        kernel(a, b, out)
    with pytest.raises(LayoutError, match="C-contiguous"):
        kernel(a, b, np.empty((24, 5), np.float32).T)
    buf = np.zeros(200, np.float32)  # A's and out's memory overlap
    with pytest.raises(AliasError, match="out shares memory with a"):
        kernel(buf[:80].reshape(5, 16), b, buf[40:160].reshape(5, 24))


def test_spec_and_config_rules():
    spec = MatmulSpec(None, 64, 32)
    assert spec.dynamic_m and "dyn" in spec.symbol
    with pytest.raises(ShapeError, match="dynamic-M"):
        spec.flops
    with pytest.raises(ShapeError):
        MatmulSpec(None, 0, 32)
    assert m_range(1) == M_RANGES[0] and m_range(10**6) == M_RANGES[-1]
    amx = TARGETS["sapphirerapids"]
    # On an AMX CPU the last M range's dynamic-M kernel is an AMX one (its row remainder on padded
    # tiles: pad-rows); the ranges of few rows, and CPUs without AMX, take AVX-512 code.
    big = dynamic_config(4096, 4096, amx, dtype="bf16")
    assert big.isa == "amx" and big.pad_mn and "pad-rows=16" in big.pipeline(dtype="bf16")
    assert dynamic_config(4096, 4096, amx, dtype="u8s8").isa == "amx"
    assert dynamic_config(4096, 4096, amx, dtype="bf16", rows=32).isa == "avx512"
    assert dynamic_config(4096, 4096, TARGETS["znver4"], dtype="bf16").isa == "avx512"
    # vdpbf16ps kernels (Zen 4) in 7 x 48 tiles, so that 1-7 rows take one tile; int8 keeps 6 x 64
    zen4 = dynamic_config(4096, 4096, TARGETS["znver4"], prepacked_b=True, dtype="bf16")
    assert (zen4.mr, zen4.nr, zen4.nc % 48, zen4.bf16_fma) == (7, 48, 0, False)
    int8 = dynamic_config(4096, 4096, TARGETS["znver4"], prepacked_b=True, dtype="u8s8")
    assert (int8.mr, int8.nr) == (6, 64)


# A dynamic-M AMX kernel: pack-a copies A blocks of min(MC, M - m0) rows. Emulated tiles check the
# tile program on any AVX-512 CPU.
@pytest.mark.avx512
@pytest.mark.parametrize("dtype,N,K", [("bf16", 40, 70), ("u8s8", 48, 130), ("s8s8", 33, 64)])
def test_dynamic_m_on_amx_tiles_matches_numpy(dtype, N, K):
    config = KernelConfig(mr=32, nr=32, mc=64, nc=32, kc=64 if dtype == "bf16" else 128, pack_b=True,
                          isa="amx-emulated", pad_k=True, pad_mn=True)
    a, b = operands(150, N, K, dtype)
    kernel = compile_matmul(None, N, K, dtype, config=config, b=b)
    for M in (1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 97, 150):
        check(kernel(a[:M]), a[:M], b)


# tile-register{pad-rows}: the row remainder is two cases (1-16 and 17-31 rows) on padded tiles, C's
# rows that exist through compose-amx's scratch buffer. K blocks that are not whole tile products
# without pad-k take tiles and AVX-512 pieces inside the scratch buffer; epilogues and accumulation
# apply to the rows that exist only.
@pytest.mark.avx512
@pytest.mark.parametrize("dtype,N,K,pad_k", [("bf16", 40, 70, False), ("bf16", 20, 20, False),
                                             ("u8s8", 48, 130, False), ("s8s8", 33, 64, True)])
def test_dynamic_m_amx_row_remainder_on_padded_tiles(dtype, N, K, pad_k):
    config = KernelConfig(mr=32, nr=32, mc=64, nc=32, kc=64 if dtype == "bf16" else 128, pack_b=True,
                          isa="amx-emulated", pad_k=pad_k, pad_mn=True)
    assert "pad-rows=16" in config.pipeline(dtype=dtype)
    a, b = operands(100, N, K, dtype)
    kernel = compile_matmul(None, N, K, dtype, config=config, b=b)
    acc = compile_matmul(None, N, K, dtype, config=config, accumulate=True)
    for M in (1, 15, 16, 17, 31, 32, 33, 47, 49, 64, 65, 100):
        check(kernel(a[:M]), a[:M], b)
        c0 = np.arange(M * N, dtype=np.float32 if dtype == "bf16" else np.int32).reshape(M, N) % 7
        got = c0.copy()
        acc(a[:M], b, out=got)
        check(got, a[:M], b, c0)


@pytest.mark.avx512
def test_dynamic_m_amx_epilogue_on_padded_tiles():
    N, K = 40, 64
    config = KernelConfig(mr=32, nr=32, mc=64, nc=32, kc=64, pack_b=True, isa="amx-emulated", pad_mn=True)
    a, b = operands(70, N, K, "bf16")
    rng = np.random.default_rng(3)
    bias = rng.standard_normal(N).astype(np.float32)
    residual = rng.standard_normal((70, N)).astype(np.float32)
    ep = nanomm.Epilogue(bias=True, activation="relu", residual=True)
    kernel = compile_matmul(None, N, K, "bf16", config=config, b=b, epilogue=ep)
    for M in (1, 17, 32, 33, 50, 70):
        want = np.maximum(a[:M].astype(np.float64) @ b.astype(np.float64) + bias, 0) + residual[:M]
        got = kernel(a[:M], bias=bias, residual=residual[:M])
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-3)


@pytest.mark.amx
@pytest.mark.parametrize("dtype", ["bf16", "u8s8"])
def test_dynamic_m_amx_kernel_on_this_cpu(dtype, host_compiles_amx):
    N, K = 96, 200
    a, b = operands(300, N, K, dtype)
    kernel = compile_matmul(None, N, K, dtype, b=b, threads=1)
    assert kernel.config.isa == "amx"
    for M in (1, 3, 16, 33, 129, 300):
        check(kernel(a[:M]), a[:M], b)


# --- the front door ----------------------------------------------------------------------------------


def test_a_new_m_of_a_warm_n_k_compiles_nothing(monkeypatch):
    """nanomm.matmul compiles the first M of an M range and, at the second, that range's dynamic-M
    kernel; every later M of the range runs on it without compiling."""
    N, K = 56, 72
    b = operands(1, N, K)[1]
    for M in (9, 10):  # the first M (static), the second (the range's dynamic-M kernel)
        a = operands(M, N, K, seed=M)[0]
        check(nanomm.matmul(a, b, threads=1), a, b)

    def no_compile(*args, **kwargs):
        raise AssertionError("compiled a kernel for a new M of a warm (N, K)")

    monkeypatch.setattr(api, "build_kernel", no_compile)
    for M in range(4, 33):
        a = operands(M, N, K, seed=M)[0]
        check(nanomm.matmul(a, b, threads=1), a, b)
    with pytest.raises(AssertionError, match="compiled"):
        nanomm.matmul(operands(40, N, K)[0], b, threads=1)  # another range: its first M compiles


def test_front_door_errors_hold_on_the_dynamic_kernel():
    N, K = 44, 20
    b = operands(1, N, K)[1]
    for M in (11, 12, 13):
        nanomm.matmul(operands(M, N, K, seed=M)[0], b, threads=1)
    a = operands(14, N, K)[0]
    with pytest.raises(ShapeError, match="out has shape"):
        nanomm.matmul(a, b, out=np.empty((13, N), np.float32), threads=1)
    out = np.empty((14, N), np.float32)
    out.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        nanomm.matmul(a, b, out=out, threads=1)
    with pytest.raises(DTypeError):
        nanomm.matmul(a, b, out=np.empty((14, N), np.float64), threads=1)
    check(nanomm.matmul(a, b, threads=1), a, b)


def test_dynamic_m_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("NANOMM_DYNAMIC_M", "0")
    N, K = 36, 28
    b = operands(1, N, K)[1]
    built = []
    real = api.build_kernel
    monkeypatch.setattr(api, "build_kernel", lambda spec, *a, **k: built.append(spec.M) or real(spec, *a, **k))
    for M in (5, 6, 7):
        a = operands(M, N, K, seed=M)[0]
        check(nanomm.matmul(a, b, threads=1), a, b)
    assert None not in built and sorted(built) == [5, 6, 7]


# --- MLIR input with a dynamic M ---------------------------------------------------------------------

DYNAMIC_MLIR = """
func.func @linear(%A: tensor<?x40xf32>, %B: tensor<40x24xf32>) -> tensor<?x24xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %A, %c0 : tensor<?x40xf32>
  %e = tensor.empty(%m) : tensor<?x24xf32>
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x24xf32>) -> tensor<?x24xf32>
  %r = linalg.matmul ins(%A, %B : tensor<?x40xf32>, tensor<40x24xf32>) outs(%f : tensor<?x24xf32>) -> tensor<?x24xf32>
  return %r : tensor<?x24xf32>
}
func.func @accumulate(%A: memref<?x40xf32>, %B: memref<40x24xf32>, %C: memref<?x24xf32>) {
  linalg.matmul ins(%A, %B : memref<?x40xf32>, memref<40x24xf32>) outs(%C : memref<?x24xf32>)
  return
}
"""


def test_mlir_with_a_dynamic_m_compiles_to_one_kernel_for_every_m():
    module = nanomm.compile(DYNAMIC_MLIR)
    assert module.linear.kernel.spec.M is None and module.accumulate.kernel.spec.M is None
    for M in (1, 2, 13, 64, 301):
        a, b = operands(M, 24, 40, seed=M)
        check(module.linear(a, b), a, b)
        c0 = np.ones((M, 24), np.float32)
        c = c0.copy()
        module.accumulate(a, b, c)
        check(c, a, b, c0)


def test_mlir_dynamic_sizes_other_than_m_are_refused():
    wrong_rows = DYNAMIC_MLIR.replace("%m = tensor.dim %A, %c0", "%c1 = arith.constant 1 : index\n  %m = tensor.dim %A, %c1")
    with pytest.raises(nanomm.MLIRInputError, match="must take its rows from A"):
        nanomm.compile(wrong_rows)
    dynamic_k = """
func.func @f(%A: memref<4x?xf32>, %B: memref<?x8xf32>, %C: memref<4x8xf32>) {
  linalg.matmul ins(%A, %B : memref<4x?xf32>, memref<?x8xf32>) outs(%C : memref<4x8xf32>)
  return
}"""
    with pytest.raises(nanomm.MLIRInputError, match="but for a dynamic M"):
        nanomm.compile(dynamic_k)


# --- threads -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pool", ["native", "python"])
def test_rows_split_over_threads_per_call(monkeypatch, pool):
    """A dynamic-M kernel on two threads splits the rows of the calls where threads pay (a plan per M)
    and, with too few rows, the columns; every M is right, through either thread pool."""
    monkeypatch.setenv("NANOMM_THREAD_POOL", pool)
    N, K = 256, 192
    a0, b = operands(1, N, K)
    for kernel in (compile_matmul(None, N, K, threads=2, config=CONFIGS["nkm"]),
                   compile_matmul(None, N, K, threads=2, b=b)):
        plans = kernel._function._plans
        for M in (1, 5, 64, 97, 300, 1001):
            a = operands(M, N, K, seed=M)[0]
            out = np.empty((M, N), np.float32)
            check(kernel(a, b if not kernel.spec.prepacked_b else None, out), a, b)
            check(kernel(a, b if not kernel.spec.prepacked_b else None), a, b)
        # 1001 rows: two row blocks of the kernel; one row: two column blocks (of 128-column kernels)
        assert [part[4] for part in plans[1001].parts] != [1001, 1001] and len(plans[1001].parts) == 2
        assert [(part[3], part[4]) for part in plans[1].parts] == [(0, 1), (128 * 4, 1)]
        with pytest.raises(ShapeError, match="out has shape"):
            kernel(operands(300, N, K)[0], b if not kernel.spec.prepacked_b else None, np.empty((299, N), np.float32))


@pytest.mark.parametrize("pool", ["native", "python"])
def test_epilogue_rows_split_over_threads(monkeypatch, pool):
    """A dynamic-M kernel with bias, residual and an activation on two threads: each part reads its
    rows of the residual and the whole bias (row blocks), or its columns of both (column blocks, for
    few rows); the result is the one-thread kernel's, bit for bit."""
    monkeypatch.setenv("NANOMM_THREAD_POOL", pool)
    N, K = 256, 160
    rng = np.random.default_rng(5)
    w = rng.standard_normal((K, N), dtype=np.float32)
    bias = rng.standard_normal(N, dtype=np.float32)
    epilogue = nanomm.Epilogue(bias=True, activation="gelu", residual=True)
    one = compile_matmul(None, N, K, b=w, epilogue=epilogue, threads=1)
    two = compile_matmul(None, N, K, b=w, epilogue=epilogue, threads=2)
    for M in (1, 7, 97, 640, 1001):
        a = rng.standard_normal((M, K), dtype=np.float32)
        residual = rng.standard_normal((M, N), dtype=np.float32)
        kept = residual.copy()
        got = two(a, bias=bias, residual=residual)
        np.testing.assert_array_equal(got, one(a, bias=bias, residual=residual))
        want = a.astype(np.float64) @ w + bias
        want = 0.5 * want * (1 + np.vectorize(__import__("math").erf)(want / np.sqrt(2))) + residual
        assert np.allclose(got, want, rtol=1e-4, atol=1e-3 * np.sqrt(K))
        assert np.array_equal(residual, kept)
    plans = two._function._plans
    assert len(plans[1001].parts) == 2 and [part[5] for part in plans[7].parts] == [(0, 0), (512, 512)]
    with pytest.raises(ShapeError, match="residual"):
        two(a, bias=bias, residual=residual[:-1])
    with pytest.raises(AliasError):
        out = np.empty((M, N), np.float32)
        two(a, out=out, bias=bias, residual=out)


def test_a_new_m_of_a_warm_layer_with_an_epilogue_compiles_nothing(monkeypatch):
    """nanomm.matmul with bias and activation: from the second M of a range, the range's dynamic-M
    kernel with the same epilogue serves every M (none compiles)."""
    N, K = 40, 24
    b = operands(1, N, K)[1]
    bias = np.linspace(-1, 1, N, dtype=np.float32)

    def want(a):
        return np.maximum(a.astype(np.float64) @ b + bias, 0)

    for M in (9, 10):
        a = operands(M, N, K, seed=M)[0]
        assert np.allclose(nanomm.matmul(a, b, threads=1, bias=bias, activation="relu"), want(a), atol=1e-4)
    monkeypatch.setattr(api, "build_kernel", lambda *a, **k: pytest.fail("compiled a kernel for a new M"))
    for M in range(11, 33):
        a = operands(M, N, K, seed=M)[0]
        assert np.allclose(nanomm.matmul(a, b, threads=1, bias=bias, activation="relu"), want(a), atol=1e-4)


@given(M=st.integers(1, 64), wrong=st.sampled_from(["rows", "dtype", "strides", "read-only", "alias"]))
@hsettings(max_examples=30, deadline=None)
def test_front_door_refuses_bad_out_at_any_m(M, wrong):
    """At any M of a warm (N, K) (the dynamic-M kernel's calls), a bad `out` gets its named error."""
    N, K = 48, 24
    b = operands(1, N, K)[1]
    for m in (40, 41):  # warm: the range's static then dynamic-M kernel
        nanomm.matmul(operands(m, N, K)[0], b, threads=1)
    a = operands(M, N, K, seed=M)[0]
    out = {"rows": lambda: np.empty((M + 1, N), np.float32), "dtype": lambda: np.empty((M, N), np.float64),
           "strides": lambda: np.empty((N, M), np.float32).T, "read-only": lambda: _frozen((M, N)),
           "alias": lambda: None}[wrong]()
    error = {"rows": ShapeError, "dtype": DTypeError, "strides": LayoutError, "read-only": LayoutError,
             "alias": AliasError}[wrong]
    if wrong == "alias":
        buf = np.zeros(M * K + M * N, np.float32)
        a, out = buf[:M * K].reshape(M, K), buf[M * K // 2:M * K // 2 + M * N].reshape(M, N)
        a[...] = operands(M, N, K, seed=M)[0]
    before = a.copy()
    with pytest.raises(error):
        nanomm.matmul(a, b, out=out, threads=1)
    np.testing.assert_array_equal(a, before)


def _frozen(shape):
    x = np.empty(shape, np.float32)
    x.flags.writeable = False
    return x

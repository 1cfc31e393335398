"""Tests of nanomm.matmul: results against numpy, tile edges, layouts, bad inputs, `out`, zero sizes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import nanomm
from nanomm import (
    AliasError,
    ConfigError,
    CpuFeatureError,
    DTypeError,
    JitError,
    LayoutError,
    MLIRInputError,
    NanommError,
    PassError,
    ShapeError,
    TargetError,
)
from nanomm.runtime.reference import matmul_mismatch
from nanomm.runtime import trampoline

pytestmark = pytest.mark.kernels


# --- helpers -------------------------------------------------------------------------------


def assert_matmul_close(c: np.ndarray, a: np.ndarray, b: np.ndarray, c0: np.ndarray | None = None) -> None:
    """c == a @ b (+ c0) within float32 rounding, judged against a float64 reference (matmul_mismatch)."""
    assert c.dtype == np.float32
    problem = matmul_mismatch(c, a, b, c0)
    assert problem is None, problem


def rand(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    return rng.standard_normal(shape, dtype=np.float32)


def checked_matmul(a, b, out=None) -> np.ndarray:
    """nanomm.matmul, asserting that it leaves its inputs untouched."""
    a_before, b_before = np.array(a, copy=True), np.array(b, copy=True)
    c = nanomm.matmul(a, b, out)
    np.testing.assert_array_equal(np.asarray(a), a_before, err_msg="matmul modified a")
    np.testing.assert_array_equal(np.asarray(b), b_before, err_msg="matmul modified b")
    return c


def run_case(M: int, N: int, K: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    a, b = rand(rng, (M, K)), rand(rng, (K, N))
    c = checked_matmul(a, b)
    assert isinstance(c, np.ndarray) and c.flags.c_contiguous
    assert_matmul_close(c, a, b)


# --- correctness -----------------------------------------------------------------------------


def test_small_known_result():
    a = np.array([[1, 2], [3, 4], [5, 6]], np.float32)
    b = np.array([[1, 0, -1], [2, 1, 0]], np.float32)
    np.testing.assert_array_equal(nanomm.matmul(a, b), np.array([[5, 2, -1], [11, 4, -3], [17, 6, -5]], np.float32))


@given(M=st.integers(1, 300), N=st.integers(1, 300), K=st.integers(1, 300), seed=st.integers(0, 2**32 - 1))
def test_random_shapes_match_numpy(M, N, K, seed):
    run_case(M, N, K, seed)


@given(M=st.integers(1, 200), N=st.integers(1, 200), K=st.integers(1, 300), seed=st.integers(0, 2**32 - 1))
def test_small_integer_values_are_exact(M, N, K, seed):
    # Integers in [-8, 8] with K <= 300: every partial sum is an integer below 2**24, so the
    # float32 result must be exact whatever the summation order.
    rng = np.random.default_rng(seed)
    a = rng.integers(-8, 9, (M, K)).astype(np.float32)
    b = rng.integers(-8, 9, (K, N)).astype(np.float32)
    c = checked_matmul(a, b)
    np.testing.assert_array_equal(c, (a.astype(np.int64) @ b.astype(np.int64)).astype(np.float32))


_finite_f32 = st.floats(-1e4, 1e4, width=32, allow_nan=False, allow_infinity=False, allow_subnormal=False)


@given(data=st.data(), M=st.integers(1, 9), N=st.integers(1, 20), K=st.integers(1, 9))
def test_hypothesis_drawn_values(data, M, N, K):
    # Values (zeros, -0.0, large, mixed sign) chosen by Hypothesis rather than a generator.
    a = data.draw(hnp.arrays(np.float32, (M, K), elements=_finite_f32), label="a")
    b = data.draw(hnp.arrays(np.float32, (K, N), elements=_finite_f32), label="b")
    assert_matmul_close(checked_matmul(a, b), a, b)


# The default 6x64 tile (and the narrower tiles chosen for small N): shapes at, just below and
# just above tile and kc boundaries. Each (M, N) pair appears once; K cycles so that every
# (M, K) pair is covered too.
_EDGE_M = (1, 5, 6, 7, 13)
_EDGE_N = (1, 15, 16, 17, 63, 64, 65, 127, 129)
_EDGE_K = (1, 2, 3, 255, 256, 257)
_EDGE_SHAPES = [(m, n, _EDGE_K[i % len(_EDGE_K)]) for i, (m, n) in enumerate(itertools.product(_EDGE_M, _EDGE_N))]


@pytest.mark.parametrize("M,N,K", _EDGE_SHAPES, ids=[f"{m}x{n}x{k}" for m, n, k in _EDGE_SHAPES])
def test_tile_edges(M, N, K):
    run_case(M, N, K, seed=M * 1000 + N * 10 + K)


@pytest.mark.parametrize("M,N,K", [(97, 131, 251), (251, 97, 131), (131, 251, 97), (97, 97, 97), (251, 251, 251)])
def test_prime_shapes(M, N, K):
    run_case(M, N, K, seed=7)


@pytest.mark.slow
@pytest.mark.parametrize("M,N,K", [(1024, 1024, 1024), (1000, 1000, 1000), (33, 4096, 33), (1, 4096, 1024),
                                   (512, 2, 1024)])
def test_large_shapes(M, N, K):
    run_case(M, N, K, seed=11)


def test_repeated_calls_are_consistent():
    rng = np.random.default_rng(3)
    a, b = rand(rng, (37, 29)), rand(rng, (29, 41))
    first = nanomm.matmul(a, b)
    for _ in range(3):
        np.testing.assert_array_equal(nanomm.matmul(a, b), first)


def test_nan_and_inf_propagate_like_numpy():
    rng = np.random.default_rng(5)
    a, b = rand(rng, (13, 7)), rand(rng, (7, 70))
    a[2, 3] = np.nan
    a[9, 0] = np.inf
    b[4, 65] = -np.inf
    c = nanomm.matmul(a, b)
    with np.errstate(invalid="ignore"):
        ref = a @ b
    np.testing.assert_array_equal(np.isnan(c), np.isnan(ref))
    np.testing.assert_array_equal(np.isposinf(c), np.isposinf(ref))
    np.testing.assert_array_equal(np.isneginf(c), np.isneginf(ref))
    finite = np.isfinite(ref)
    assert 0 < finite.sum() < finite.size
    np.testing.assert_allclose(c[finite], ref[finite], rtol=1e-5, atol=1e-5)


# --- layouts: non-contiguous inputs are copied, never modified -----------------------------------


def _layouts(x: np.ndarray) -> dict[str, np.ndarray]:
    """Views of the same matrix values x in different memory layouts."""
    m, n = x.shape
    big = np.zeros((2 * m + 1, 3 * n + 2), np.float32)
    big[1::2, 2::3][:m, :n] = x
    rev = np.ascontiguousarray(x[::-1, ::-1])
    raw = np.zeros(x.nbytes + 8, np.uint8)
    misaligned = raw[4:4 + x.nbytes].view(np.float32).reshape(m, n)
    misaligned[...] = x
    readonly = x.copy()
    readonly.flags.writeable = False
    return {
        "c-order": x.copy(),
        "fortran": np.asfortranarray(x),
        "transposed": np.ascontiguousarray(x.T).T,
        "step-slice": big[1::2, 2::3][:m, :n],
        "negative-strides": rev[::-1, ::-1],
        "row-negative": np.ascontiguousarray(x[::-1])[::-1],
        "sub-block": np.pad(x, ((2, 3), (1, 4)))[2:2 + m, 1:1 + n],
        "misaligned-4": misaligned,
        "readonly": readonly,
    }


_LAYOUT_NAMES = list(_layouts(np.zeros((2, 3), np.float32)))


@pytest.mark.parametrize("layout", _LAYOUT_NAMES)
@pytest.mark.parametrize("which", ["a", "b", "both"])
def test_noncontiguous_inputs(layout, which):
    rng = np.random.default_rng(17)
    a, b = rand(rng, (23, 19)), rand(rng, (19, 70))
    va = _layouts(a)[layout] if which in ("a", "both") else a
    vb = _layouts(b)[layout] if which in ("b", "both") else b
    np.testing.assert_array_equal(va, a)
    np.testing.assert_array_equal(vb, b)
    c = checked_matmul(va, vb)
    assert_matmul_close(c, a, b)
    # The same values give the same bits whatever the layout.
    np.testing.assert_array_equal(c, nanomm.matmul(a, b))


def test_misaligned_by_one_byte():
    rng = np.random.default_rng(19)
    a, b = rand(rng, (9, 33)), rand(rng, (33, 20))
    raw = np.zeros(a.nbytes + 8, np.uint8)
    va = raw[1:1 + a.nbytes].view(np.float32).reshape(a.shape)
    va[...] = a
    assert not va.flags.aligned
    assert_matmul_close(checked_matmul(va, b), a, b)


@given(M=st.integers(1, 40), N=st.integers(1, 80), K=st.integers(1, 40),
       la=st.sampled_from(_LAYOUT_NAMES), lb=st.sampled_from(_LAYOUT_NAMES), seed=st.integers(0, 2**32 - 1))
def test_layouts_hypothesis(M, N, K, la, lb, seed):
    rng = np.random.default_rng(seed)
    a, b = rand(rng, (M, K)), rand(rng, (K, N))
    assert_matmul_close(checked_matmul(_layouts(a)[la], _layouts(b)[lb]), a, b)


def test_float32_memoryview_works():
    rng = np.random.default_rng(23)
    a, b = rand(rng, (8, 5)), rand(rng, (5, 30))
    c = nanomm.matmul(memoryview(a), memoryview(b))
    assert_matmul_close(c, a, b)


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
def test_matrix_subclass_gives_ndarray():
    rng = np.random.default_rng(29)
    a, b = rand(rng, (4, 6)), rand(rng, (6, 5))
    c = nanomm.matmul(np.asmatrix(a), np.asmatrix(b))
    assert type(c) is np.ndarray
    assert_matmul_close(c, a, b)


# --- bad inputs ----------------------------------------------------------------------------------


def test_error_hierarchy():
    for cls in (DTypeError, ShapeError, LayoutError, AliasError, ConfigError, MLIRInputError, TargetError,
                CpuFeatureError, PassError, JitError):
        assert issubclass(cls, NanommError)
        assert issubclass(cls, Exception)
    assert issubclass(DTypeError, TypeError)
    for cls in (ShapeError, LayoutError, AliasError, ConfigError, MLIRInputError, TargetError):
        assert issubclass(cls, ValueError)
    for cls in (CpuFeatureError, PassError):
        assert issubclass(cls, RuntimeError)
    assert not issubclass(DTypeError, ValueError)


_A = np.ones((4, 3), np.float32)
_B = np.ones((3, 5), np.float32)


@pytest.mark.parametrize("a,b,got", [
    (_A.astype(np.float64), _B.astype(np.float64), "float64 x float64"),
    (_A.astype(np.int32), _B.astype(np.int32), "int32 x int32"),
    (_A.astype(np.float16), _B.astype(np.float16), "float16 x float16"),
    (_A, _B.astype(np.float64), "float32 x float64"),
    (_A.astype(np.float64), _B, "float64 x float32"),
    (_A.astype(np.complex64), _B.astype(np.complex64), "complex64 x complex64"),
    (_A.astype(bool), _B.astype(bool), "bool x bool"),
    (_A.astype(">f4"), _B.astype(">f4"), ">f4 x >f4"),
], ids=["f64", "i32", "f16", "mixed-f32-f64", "mixed-f64-f32", "c64", "bool", "big-endian"])
def test_wrong_dtype(a, b, got):
    a0, b0 = a.copy(), b.copy()
    with pytest.raises(DTypeError, match=f"got {got}"):
        nanomm.matmul(a, b)
    with pytest.raises(TypeError):
        nanomm.matmul(a, b)
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)


def test_lists_of_floats_are_float64():
    with pytest.raises(DTypeError, match="float64 x float64"):
        nanomm.matmul([[1.0, 2.0]], [[1.0], [2.0]])
    with pytest.raises(DTypeError, match="int64 x int64"):
        nanomm.matmul([[1, 2]], [[1], [2]])


def test_ragged_list_is_a_dtype_error():
    with pytest.raises(DTypeError, match="a must be a numpy array, got list"):
        nanomm.matmul([[1.0], [1.0, 2.0]], _B)


def test_float64_memoryview_rejected():
    with pytest.raises(DTypeError, match="float64"):
        nanomm.matmul(memoryview(_A.astype(np.float64)), _B)


@pytest.mark.parametrize("a,b", [(_A[0], _B), (_A, _B[:, 0]), (_A[None], _B), (_A, _B[None])])
def test_other_ndims_follow_numpy_matmul(a, b):
    """1-D and N-D operands: numpy.matmul's semantics and result shape (tests/unit/test_batched.py has more)."""
    got, want = nanomm.matmul(a, b), np.matmul(a.astype(np.float64), b.astype(np.float64))
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_scalars_refused():
    with pytest.raises(ShapeError, match="not scalars"):
        nanomm.matmul(np.float32(1.0), _B)


def test_mismatched_inner_dimension():
    with pytest.raises(ShapeError, match=r"inner dimensions differ: a is \(4, 3\), b is \(4, 5\)"):
        nanomm.matmul(_A, np.ones((4, 5), np.float32))
    with pytest.raises(ValueError):
        nanomm.matmul(_A, _A)


def test_mismatched_inner_dimension_with_zero():
    with pytest.raises(ShapeError, match="inner dimensions differ"):
        nanomm.matmul(np.ones((4, 0), np.float32), np.ones((3, 5), np.float32))


# --- out ------------------------------------------------------------------------------------------


def test_out_is_filled_and_returned():
    rng = np.random.default_rng(31)
    a, b = rand(rng, (13, 17)), rand(rng, (17, 65))
    out = np.full((13, 65), np.nan, np.float32)  # overwritten, not accumulated into
    c = checked_matmul(a, b, out)
    assert c is out
    assert_matmul_close(out, a, b)


def _out_cases():
    fortran = np.zeros((4, 5), np.float32, order="F")
    readonly = np.zeros((4, 5), np.float32)
    readonly.flags.writeable = False
    return [
        ("dtype-f64", np.zeros((4, 5), np.float64), DTypeError, "out has dtype float64, expected float32"),
        ("dtype-f16", np.zeros((4, 5), np.float16), DTypeError, "out has dtype float16"),
        ("not-array", [[0.0] * 5] * 4, DTypeError, "out must be a numpy array, got list"),
        ("shape", np.zeros((5, 4), np.float32), ShapeError, r"out has shape \(5, 4\), expected \(M, N\) = \(4, 5\)"),
        ("shape-1d", np.zeros(20, np.float32), ShapeError, "out has shape"),
        ("fortran", fortran, LayoutError, "C-contiguous"),
        ("strided", np.zeros((4, 10), np.float32)[:, ::2], LayoutError, "C-contiguous"),
        ("readonly", readonly, LayoutError, "read-only"),
    ]


@pytest.mark.parametrize("name,out,exc,match", _out_cases(), ids=[c[0] for c in _out_cases()])
def test_bad_out(name, out, exc, match):
    before = np.array(out, copy=True)
    with pytest.raises(exc, match=match):
        nanomm.matmul(_A, _B, out=out)
    np.testing.assert_array_equal(np.asarray(out), before)


def test_out_aliasing_a():
    a = np.arange(36, dtype=np.float32).reshape(6, 6)
    b = np.eye(6, dtype=np.float32)
    a0 = a.copy()
    with pytest.raises(AliasError, match="out shares memory with a"):
        nanomm.matmul(a, b, out=a)
    with pytest.raises(ValueError):
        nanomm.matmul(a, b, out=a)
    np.testing.assert_array_equal(a, a0)


def test_out_aliasing_b():
    a = np.eye(6, dtype=np.float32)
    b = np.arange(36, dtype=np.float32).reshape(6, 6)
    with pytest.raises(AliasError, match="out shares memory with b"):
        nanomm.matmul(a, b, out=b)


def test_out_partially_overlapping_b():
    buf = np.zeros(200, np.float32)
    b = buf[:45].reshape(5, 9)          # elements 0..44
    out = buf[40:103].reshape(7, 9)     # elements 40..102: overlaps b's last 5
    buf[:45] = np.arange(45)
    before = buf.copy()
    with pytest.raises(AliasError, match="out shares memory with b"):
        nanomm.matmul(np.ones((7, 5), np.float32), b, out=out)
    np.testing.assert_array_equal(buf, before)


def test_out_disjoint_from_a_in_the_same_buffer():
    # a is a strided view of one buffer and out a disjoint part of it: legal, no AliasError.
    rng = np.random.default_rng(37)
    base = np.zeros((12, 10), np.float32)
    base[:4] = rng.standard_normal((4, 10), dtype=np.float32)
    a, out = base[:4, ::2], base[8:12]
    b = rng.standard_normal((5, 10), dtype=np.float32)
    a_values = a.copy()
    c = nanomm.matmul(a, b, out=out)
    assert c is out
    assert_matmul_close(out, a_values, b)
    np.testing.assert_array_equal(base[:4, ::2], a_values)


# --- zero sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("M,N,K", [(0, 5, 3), (4, 0, 3), (0, 0, 3), (0, 5, 0), (4, 0, 0), (0, 0, 0)])
def test_zero_size_output(M, N, K):
    c = checked_matmul(np.ones((M, K), np.float32), np.ones((K, N), np.float32))
    assert c.shape == (M, N) and c.dtype == np.float32


@pytest.mark.parametrize("M,N", [(1, 1), (4, 5), (13, 129)])
def test_k_zero_gives_zeros(M, N):
    c = checked_matmul(np.ones((M, 0), np.float32), np.ones((0, N), np.float32))
    assert c.shape == (M, N) and c.dtype == np.float32
    np.testing.assert_array_equal(c, np.zeros((M, N), np.float32))


def test_k_zero_overwrites_out():
    out = np.full((3, 4), np.nan, np.float32)
    c = nanomm.matmul(np.ones((3, 0), np.float32), np.ones((0, 4), np.float32), out=out)
    assert c is out
    np.testing.assert_array_equal(out, np.zeros((3, 4), np.float32))


def test_zero_size_still_checks_dtype_and_out():
    with pytest.raises(DTypeError, match="float64"):
        nanomm.matmul(np.ones((0, 3)), np.ones((3, 4), np.float32))
    with pytest.raises(ShapeError, match="out has shape"):
        nanomm.matmul(np.ones((0, 3), np.float32), np.ones((3, 4), np.float32), out=np.zeros((1, 4), np.float32))


# --- the front door: a seen call reaches its kernel after one lookup ------------------------------


def test_a_seen_call_skips_compiling_and_keeps_every_check(monkeypatch):
    from nanomm.compiler import api

    rng = np.random.default_rng(41)
    a, b = rand(rng, (21, 19)), rand(rng, (19, 23))
    assert_matmul_close(nanomm.matmul(a, b, threads=1), a, b)  # enters the memo
    assert any(k[:2] == ((21, 19), (19, 23)) for k in api._dispatch)
    if trampoline.checked_call() is not None:  # and the kernel's native call without its Python frame
        assert any(k[:2] == ((21, 19), (19, 23)) for k in api._direct)

    def no_compiling(*args, **kwargs):
        raise AssertionError("a seen call compiled")

    monkeypatch.setattr(api, "compile_matmul", no_compiling)
    monkeypatch.setattr(api, "_kernel_for", no_compiling)  # matmul's full path finds its kernel here
    a0, b0 = a.copy(), b.copy()
    for _ in range(3):
        assert_matmul_close(nanomm.matmul(a, b, threads=1), a, b)
    out = np.empty((21, 23), np.float32)
    assert nanomm.matmul(a, b, out=out, threads=1) is out
    assert_matmul_close(out, a, b)
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)
    # bad arguments on the seen shape: the same errors as a first call (matmul's messages)
    with pytest.raises(DTypeError, match="out has dtype float64, expected float32"):
        nanomm.matmul(a, b, out=np.empty((21, 23)), threads=1)
    with pytest.raises(LayoutError, match="C-contiguous"):
        nanomm.matmul(a, b, out=np.empty((23, 21), np.float32).T, threads=1)
    ro = np.empty((21, 23), np.float32)
    ro.flags.writeable = False
    with pytest.raises(LayoutError, match="read-only"):
        nanomm.matmul(a, b, out=ro, threads=1)
    square = rand(rng, (23, 23))
    with pytest.raises(AliasError, match="out shares memory with b"):
        nanomm.matmul(rand(rng, (23, 23)), square, out=square, threads=1)
    # a view (not C-contiguous) of the same shape is not the seen call: copied, as ever (compiles nothing new)
    monkeypatch.undo()
    with pytest.raises(ConfigError, match="threads must be a positive int"):
        nanomm.matmul(a, b, threads=1.0)  # equal to 1 as a dict key, refused as an argument
    big = rand(rng, (21, 38))
    assert_matmul_close(nanomm.matmul(big[:, ::2], b, threads=1), big[:, ::2], b)


def test_the_memo_follows_the_affinity_mask_and_stays_bounded(monkeypatch):
    from nanomm.compiler import api

    rng = np.random.default_rng(43)
    a, b = rand(rng, (9, 11)), rand(rng, (11, 13))
    monkeypatch.setattr(api, "_dispatch", {})  # below its bound, whatever earlier tests left
    monkeypatch.setattr(api, "_direct", {})
    nanomm.matmul(a, b)
    monkeypatch.setattr(api, "available_cores", lambda: 97)  # another mask: another key, resolved afresh
    monkeypatch.setattr(api, "_cores_read", [0, float("-inf")])  # as if CORES_TTL had passed
    before = len(api._dispatch)
    assert_matmul_close(nanomm.matmul(a, b), a, b)
    assert len(api._dispatch) == before + 1 and any(k[-1] == 97 for k in api._dispatch)
    monkeypatch.setenv("NANOMM_MEMORY_CACHE_ENTRIES", "3")
    for n in range(5, 10):
        nanomm.matmul(rand(rng, (3, n)), rand(rng, (n, 4)), threads=1)
    assert len(api._dispatch) <= 3 and len(api._direct) <= 3

"""numpy.matmul semantics: N-D and 1-D operands, batched kernels (compile_matmul(batch=)) read in place."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import nanomm
from nanomm import Epilogue, LayoutError, ShapeError

pytestmark = pytest.mark.kernels


def _want(a, b):
    return np.matmul(a.astype(np.float64), b.astype(np.float64))


def _assert_close(got, want, K):
    assert got.shape == want.shape
    tol = 3e-6 * np.sqrt(max(K, 1)) * (1 + np.abs(want))
    assert np.all(np.abs(got - want) <= tol)


@st.composite
def operands(draw):
    """a and b of numpy.matmul-compatible shapes: batch dimensions that broadcast (some of size 1),
    1-D operands, B maybe a swapped-axes view (read transposed), A maybe a strided slice."""
    M, N, K = draw(st.integers(1, 24)), draw(st.integers(1, 40)), draw(st.integers(1, 48))
    rank = draw(st.integers(0, 2))
    batch = [draw(st.integers(1, 4)) for _ in range(rank)]
    a_batch = [n if draw(st.booleans()) else 1 for n in batch]
    b_batch = [n if draw(st.booleans()) else 1 for n in batch][draw(st.integers(0, rank)):]
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    a = rng.standard_normal(a_batch + [M, 2 * K]).astype(np.float32)[..., ::2] if draw(st.booleans()) else \
        rng.standard_normal(a_batch + [M, K]).astype(np.float32)
    if draw(st.booleans()):
        b = np.swapaxes(rng.standard_normal(b_batch + [N, K]).astype(np.float32), -1, -2)
    else:
        b = rng.standard_normal(b_batch + [K, N]).astype(np.float32)
    if not rank and draw(st.booleans()):
        a = a[0] if a.ndim == 2 and draw(st.booleans()) else a
    if b.ndim == 2 and draw(st.integers(0, 5)) == 0:
        b = b[:, 0]  # a 1-D b
    if a.ndim == 2 and draw(st.integers(0, 5)) == 0:
        a = a[0]
    return a, b, K


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=operands(), threads=st.sampled_from([1, 2]))
def test_matches_numpy_matmul(ops, threads):
    a, b, K = ops
    before = (a.copy(), b.copy())
    _assert_close(nanomm.matmul(a, b, threads=threads), _want(a, b), K)
    assert np.array_equal(a, before[0]) and np.array_equal(b, before[1])


def test_attention_products_in_one_batched_call():
    rng = np.random.default_rng(0)
    q, k = (rng.standard_normal((2, 3, 20, 32)).astype(np.float32) for _ in range(2))
    scores = nanomm.matmul(q, np.swapaxes(k, -1, -2), alpha=0.125)
    _assert_close(scores, 0.125 * _want(q, np.swapaxes(k, -1, -2)), 32)
    out = np.empty((2, 3, 20, 32), np.float32)
    assert nanomm.matmul(scores, k, out=out) is out
    _assert_close(out, _want(scores, k), 20)


def test_batched_epilogue_and_bf16():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 7, 16)).astype(ml_dtypes.bfloat16)
    w = rng.standard_normal((3, 16, 24)).astype(ml_dtypes.bfloat16)
    bias, res = rng.standard_normal(24).astype(np.float32), rng.standard_normal((3, 7, 24)).astype(np.float32)
    got = nanomm.matmul(x, w, bias=bias, residual=res, activation="relu")
    _assert_close(got, np.maximum(_want(x, w) + bias, 0) + res, 16)


def test_x3d_times_weights_is_one_taller_matmul():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((4, 9, 32)).astype(np.float32)
    w = rng.standard_normal((48, 32)).astype(np.float32)
    bias = rng.standard_normal(48).astype(np.float32)
    _assert_close(nanomm.matmul(x, w.T, bias=bias, activation="gelu_tanh"),
                  _gelu_tanh(_want(x, w.T) + bias), 32)


@pytest.mark.parametrize("a_shape, b_shape", [((1, 5, 16), (1, 16, 8)), ((1, 5, 16), (3, 1, 16, 8)),
                                              ((2, 1, 5, 16), (1, 16, 8))])
def test_a_batch_of_one_matmul_with_an_epilogue(a_shape, b_shape):
    """Batches that reduce to one matmul (a batch of one; B broadcast over a dense A) take the 2-D path with
    their epilogue."""
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal(a_shape).astype(np.float32), rng.standard_normal(b_shape).astype(np.float32)
    bias = rng.standard_normal(8).astype(np.float32)
    got = nanomm.matmul(a, b, bias=bias, activation="relu", alpha=0.5)
    _assert_close(got, np.maximum(0.5 * _want(a, b) + bias, 0), 16)


def _gelu_tanh(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))


@pytest.mark.parametrize("threads", [1, 2])
def test_compile_batched_kernel(threads):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((40, 64, 48)).astype(np.float32)
    w = rng.standard_normal((40, 32, 48)).astype(np.float32)  # B^T entries
    k = nanomm.compile_matmul(64, 32, 48, batch=40, transpose_b=True, threads=threads,
                              batch_strides=(64 * 48, 32 * 48, 64 * 32), epilogue=Epilogue(alpha=2.0))
    _assert_close(k(a, np.swapaxes(w, -1, -2)), 2 * _want(a, np.swapaxes(w, -1, -2)), 48)
    with pytest.raises(LayoutError, match="strides"):
        k(a[:, :, ::-1].copy()[:, :, ::-1], np.swapaxes(w, -1, -2))
    with pytest.raises(ShapeError, match="shape"):
        k(a[:39], np.swapaxes(w, -1, -2))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(0, 40), transpose=st.booleans(), broadcast=st.booleans(), threads=st.sampled_from([1, 2]),
       residual=st.booleans(), seed=st.integers(0, 2**16))
def test_a_kernel_of_any_count(count, transpose, broadcast, threads, residual, seed):
    """batch=None: one kernel for every number of entries (each call's), B per entry or broadcast
    (stride 0), read transposed or not, with an epilogue; split over threads where that pays."""
    M, N, K = 16, 24, 32
    rng = np.random.default_rng(seed)
    sb = 0 if broadcast else K * N
    k = nanomm.compile_matmul(M, N, K, batch=None, batch_strides=(M * K, sb, M * N), transpose_b=transpose,
                              threads=threads, epilogue=Epilogue(alpha=0.5, bias=True, residual=residual))
    a = rng.standard_normal((count, M, K)).astype(np.float32)
    entries = rng.standard_normal((1 if broadcast else count, N, K) if transpose else (1 if broadcast else count, K, N))
    entries = entries.astype(np.float32)
    b = np.swapaxes(entries, -1, -2) if transpose else entries
    if broadcast:
        b = np.broadcast_to(b, (count,) + b.shape[1:])
    bias = rng.standard_normal(N).astype(np.float32)
    r = rng.standard_normal((count, M, N)).astype(np.float32)
    got = k(a, b, bias=bias, residual=r if residual else None)
    _assert_close(got, 0.5 * _want(a, b) + bias + (r if residual else 0), K)


def test_a_kernel_of_any_count_checks_each_call():
    k = nanomm.compile_matmul(8, 8, 8, batch=None)
    a = np.ones((3, 8, 8), np.float32)
    with pytest.raises(ShapeError, match=r"expected \(3, 8, 8\)"):
        k(a, np.ones((2, 8, 8), np.float32))
    with pytest.raises(ShapeError, match="count"):
        k(np.ones((8, 8), np.float32), np.ones((8, 8), np.float32))
    with pytest.raises(ShapeError, match="out has shape"):
        k(a, a, np.empty((2, 8, 8), np.float32))
    with pytest.raises(nanomm.AliasError):
        k(a, a.copy(), a)
    assert k(a[:0], a[:0]).shape == (0, 8, 8)
    with pytest.raises(ShapeError, match="flop count"):
        k.spec.flops


def test_batched_errors():
    a = np.ones((2, 3, 4), np.float32)
    with pytest.raises(ShapeError, match="do not broadcast"):
        nanomm.matmul(a, np.ones((3, 4, 5), np.float32))
    with pytest.raises(ShapeError, match="inner dimensions"):
        nanomm.matmul(a, np.ones((2, 5, 4), np.float32))
    with pytest.raises(ShapeError, match="scalars"):
        nanomm.matmul(np.float32(2), a)
    with pytest.raises(ShapeError, match="out has shape"):
        nanomm.matmul(a, np.ones((4, 5), np.float32), out=np.empty((2, 3, 4), np.float32))
    with pytest.raises(ShapeError, match="C's batch stride"):
        nanomm.compiler.payload.MatmulSpec(4, 5, 6, batch=3, batch_strides=(24, 30, 10))


def test_repeated_calls_keep_every_check():
    """A repeated N-D call takes the remembered plan; what changed (out, aliasing) is still checked."""
    rng = np.random.default_rng(4)
    p, v = rng.standard_normal((3, 4, 8, 8)).astype(np.float32), rng.standard_normal((3, 4, 8, 16)).astype(np.float32)
    want = _want(p, v)
    for _ in range(3):
        _assert_close(nanomm.matmul(p, v), want, 8)
    out = np.empty((3, 4, 8, 16), np.float32)
    for _ in range(2):
        assert nanomm.matmul(p, v, out=out) is out
        _assert_close(out, want, 8)
    with pytest.raises(nanomm.AliasError):
        nanomm.matmul(p, v, out=v)
    with pytest.raises(ShapeError, match="out has shape"):
        nanomm.matmul(p, v, out=np.empty((3, 4, 8, 8), np.float32))
    with pytest.raises(nanomm.LayoutError):
        nanomm.matmul(p, v, out=np.empty((3, 4, 16, 8), np.float32).swapaxes(-1, -2))


def test_a_remembered_layout_still_checks_memory_and_writeability():
    """BatchedCall remembers layouts that passed; a call of the same layout whose out overlaps an
    input (a broadcast one included), or is read-only, still gets the named error."""
    k = nanomm.compile_matmul(8, 8, 8, batch=4, batch_strides=(64, 0, 64), threads=1)
    rng = np.random.default_rng(9)
    a, b = rng.standard_normal((4, 8, 8)).astype(np.float32), rng.standard_normal((8, 8)).astype(np.float32)
    bb = np.broadcast_to(b, (4, 8, 8))
    out = np.empty((4, 8, 8), np.float32)
    for _ in range(2):
        assert k(a, bb, out) is out
        _assert_close(out, _want(a, bb), 8)
    with pytest.raises(nanomm.AliasError, match="with a"):
        k(a, bb, a)
    store = np.empty((5, 8, 8), np.float32)
    store[3] = b
    with pytest.raises(nanomm.AliasError, match="with b"):  # B's one entry lies inside out's span
        k(a, np.broadcast_to(store[3], (4, 8, 8)), store[:4])
    frozen = out.copy()
    frozen.flags.writeable = False
    with pytest.raises(nanomm.LayoutError, match="read-only"):
        k(a, bb, frozen)
    assert k(a, bb, out) is out


def test_folded_rows_keep_out_and_residual():
    """x (batch, seq, K) @ W.T (one B): one 2-D matmul of the rows, out and residual as 2-D views."""
    rng = np.random.default_rng(6)
    x = rng.standard_normal((2, 5, 16)).astype(np.float32)
    w = rng.standard_normal((24, 16)).astype(np.float32)
    res = rng.standard_normal((2, 5, 24)).astype(np.float32)
    out = np.empty((2, 5, 24), np.float32)
    assert nanomm.matmul(x, w.T, out=out, residual=res) is out
    _assert_close(out, _want(x, w.T) + res, 16)
    with pytest.raises(ShapeError, match="residual has shape"):
        nanomm.matmul(x, w.T, residual=res[:, :4])
    with pytest.raises(nanomm.AliasError):
        nanomm.matmul(x, w.T, out=res, residual=res)

"""Row kernels (nanomm.softmax, nanomm.layer_norm) against float64 numpy: every row length class
(whole vectors and masked tails), threads, in place, NaN and infinities, and the named errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import nanomm
from nanomm import AliasError, DTypeError, LayoutError, ShapeError

pytestmark = pytest.mark.kernels


def softmax64(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def layer_norm64(x, g, b, eps):
    x = x.astype(np.float64)
    m = x.mean(-1, keepdims=True)
    return (x - m) / np.sqrt(((x - m) ** 2).mean(-1, keepdims=True) + eps) * g + b


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=st.integers(0, 700), N=st.sampled_from([1, 5, 16, 17, 32, 64, 100, 128, 384, 401]),
       threads=st.sampled_from([1, 2]), scale=st.sampled_from([1e-3, 1.0, 30.0]), seed=st.integers(0, 2**16))
def test_rows_match_numpy(rows, N, threads, scale, seed):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((rows, N)) * scale).astype(np.float32)
    kept = x.copy()
    np.testing.assert_allclose(nanomm.softmax(x, threads=threads), softmax64(x), rtol=2e-6, atol=1e-7)
    g, b = rng.standard_normal(N).astype(np.float32), rng.standard_normal(N).astype(np.float32)
    got = nanomm.layer_norm(x, g, b, eps=1e-5, threads=threads)
    np.testing.assert_allclose(got, layer_norm64(x, g, b, 1e-5), rtol=1e-5, atol=2e-5)
    assert np.array_equal(x, kept)


def test_in_place_and_n_d_rows():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 4, 20, 24)).astype(np.float32)
    want = softmax64(x)
    assert nanomm.softmax(x, out=x) is x
    np.testing.assert_allclose(x, want, rtol=2e-6, atol=1e-7)
    y = rng.standard_normal((2, 7, 64)).astype(np.float32)
    g, b = np.ones(64), np.zeros(64)  # float64 parameters are converted
    np.testing.assert_allclose(nanomm.layer_norm(y[:, ::2], g, b), layer_norm64(y[:, ::2], g, b, 1e-5),
                               rtol=1e-5, atol=2e-5)  # a strided x is copied


def test_special_values_as_numpy():
    x = np.array([[0.0, np.inf, 1.0], [np.nan, 1.0, 2.0], [-np.inf, -np.inf, -np.inf], [-np.inf, 0.0, 1.0]],
                 np.float32)
    with np.errstate(invalid="ignore"):
        want = softmax64(x)
    got = nanomm.softmax(x)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got[3], want[3], rtol=2e-6, atol=1e-7)
    assert np.isnan(nanomm.layer_norm(x[1:2], np.ones(3), np.zeros(3))).all()


def test_named_errors():
    x = np.ones((4, 8), np.float32)
    with pytest.raises(DTypeError, match="float32"):
        nanomm.softmax(x.astype(np.float64))
    with pytest.raises(DTypeError, match="numpy array"):
        nanomm.softmax([[1.0, 2.0]])
    with pytest.raises(ShapeError, match="scalar"):
        nanomm.softmax(np.array(1.0, np.float32))
    with pytest.raises(ShapeError, match="out has shape"):
        nanomm.softmax(x, out=np.empty((4, 7), np.float32))
    with pytest.raises(LayoutError, match="C-contiguous"):
        nanomm.softmax(x, out=np.empty((8, 4), np.float32).T)
    with pytest.raises(AliasError, match="overlaps x"):
        big = np.ones((5, 8), np.float32)
        nanomm.softmax(big[:4], out=big[1:])
    with pytest.raises(ShapeError, match="gamma has shape"):
        nanomm.layer_norm(x, np.ones(7), np.zeros(8))
    with pytest.raises(ShapeError, match="eps"):
        nanomm.layer_norm(x, np.ones(8), np.zeros(8), eps=-1.0)
    assert nanomm.softmax(np.ones((0, 8), np.float32)).shape == (0, 8)

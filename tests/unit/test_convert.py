"""float32 -> bfloat16 conversion by generated code, and nanomm.matmul(..., dtype="bf16") on float32 inputs."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import nanomm
from nanomm.runtime.convert import to_bfloat16
from nanomm.runtime.reference import matmul_mismatch

pytestmark = pytest.mark.kernels


def _bits(x: np.ndarray) -> np.ndarray:
    return x.view(np.uint16)


@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 1000, 4099])
def test_matches_ml_dtypes_bit_for_bit_on_normal_numbers(n):
    x = np.random.default_rng(n).standard_normal(n).astype(np.float32) * 1e3
    np.testing.assert_array_equal(_bits(to_bfloat16(x)), _bits(x.astype(ml_dtypes.bfloat16)))


def test_rounds_to_nearest_even_and_keeps_specials():
    # 1 + 2**-8 is halfway between bf16 neighbours 1 and 1 + 2**-7: ties go to the even one (1).
    x = np.array([1 + 2**-8, 1 + 3 * 2**-8, np.inf, -np.inf, -0.0, 3.4e38, np.finfo(np.float32).max],
                 np.float32)
    y = to_bfloat16(x).astype(np.float32)
    assert y[0] == 1.0 and y[1] == 1 + 2**-6
    assert y[2] == np.inf and y[3] == -np.inf and np.signbit(y[4])
    assert np.isinf(y[5]) and np.isinf(y[6])  # beyond bfloat16's largest finite value (~3.39e38)
    assert np.isnan(to_bfloat16(np.array([np.nan], np.float32)).astype(np.float32)).all()


def test_denormals_flush_to_signed_zero():
    tiny = np.array([1e-40, -1e-40, np.finfo(np.float32).smallest_subnormal], np.float32)
    y = to_bfloat16(tiny).astype(np.float32)
    assert (y == 0).all() and list(np.signbit(y)) == [False, True, False]


def test_non_contiguous_input_is_converted_not_modified():
    x = np.arange(60, dtype=np.float32).reshape(6, 10)
    view = x[::2, 1::3]
    before = x.copy()
    y = to_bfloat16(view)
    assert y.flags.c_contiguous and y.shape == view.shape
    np.testing.assert_array_equal(y.astype(np.float32), view)
    np.testing.assert_array_equal(x, before)


def test_refuses_other_dtypes():
    with pytest.raises(nanomm.DTypeError):
        to_bfloat16(np.zeros(4, np.float64))


@pytest.mark.avx512  # runs a bf16 kernel
def test_matmul_dtype_bf16_converts_float32_inputs():
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((37, 51), dtype=np.float32), rng.standard_normal((51, 29), dtype=np.float32)
    a0, b0 = a.copy(), b.copy()
    c = nanomm.matmul(a, b, dtype="bf16")
    assert c.dtype == np.float32
    assert matmul_mismatch(c, a.astype(ml_dtypes.bfloat16), b.astype(ml_dtypes.bfloat16)) is None
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)


@pytest.mark.parametrize("dtype,match", [("u8s8", "does not match the inputs"), ("f64", "unsupported dtype")])
def test_matmul_dtype_mismatch_is_an_error(dtype, match):
    a = np.ones((4, 4), np.float32)
    with pytest.raises(nanomm.DTypeError, match=match):
        nanomm.matmul(a, a, dtype=dtype)

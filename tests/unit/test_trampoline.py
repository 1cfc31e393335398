"""The native checked-call entry (runtime/trampoline.py): it calls only when every check passes."""

from __future__ import annotations

import ctypes
import sys

import numpy as np
import pytest

import nanomm
from nanomm.runtime import trampoline

pytestmark = [pytest.mark.kernels, pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")]

M, N, K = 5, 20, 7


@pytest.fixture(scope="module")
def function():
    return nanomm.compile_matmul(M, N, K, threads=1)._function


def _native(function, a, b, out) -> int:
    return function._native(id(a), id(b), id(out), function._params_address)


def operands():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((M, K)).astype(np.float32), rng.standard_normal((K, N)).astype(np.float32),
            np.full((M, N), -7.0, np.float32))


def test_offsets_are_probed_and_the_entry_exists(function):
    assert trampoline._probe_offsets() is not None
    assert trampoline.checked_call() is not None
    assert function._native is not None


def test_native_call_computes(function):
    a, b, out = operands()
    assert _native(function, a, b, out) == 0
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)


def _variants():
    a, b, out = operands()
    frozen = out.copy()
    frozen.flags.writeable = False
    big = np.zeros((M, 2 * N), np.float32)
    yield "float64 a", (a.astype(np.float64), b, out)
    yield "int32 out", (a, b, out.astype(np.int32))
    yield "big-endian b", (a, b.astype(">f4"), out)
    yield "wrong shape b", (a, np.zeros((K, N + 1), np.float32), out)
    yield "transposed a", (np.ascontiguousarray(a.T).T, b, out)
    yield "strided out", (a, b, big[:, ::2])
    yield "3-d a", (a.reshape(1, M, K), b, out)
    yield "read-only out", (a, b, frozen)
    yield "out is b", (a, b, b)
    yield "a list", ([[1.0]], b, out)
    yield "a matrix subclass", (np.asmatrix(a), b, out)
    yield "None", (None, b, out)
    yield "an int", (a, 12345, out)


@pytest.mark.parametrize("name,args", list(_variants()), ids=[n for n, _ in _variants()])
def test_native_call_refuses_and_touches_nothing(function, name, args):
    a, b, out = args
    before = np.array(out, copy=True) if isinstance(out, np.ndarray) else None
    assert _native(function, a, b, out) == 1, name
    if before is not None:
        np.testing.assert_array_equal(out, before)


@pytest.mark.parametrize("name,args", list(_variants()), ids=[n for n, _ in _variants()])
def test_fast_call_refuses_what_the_entry_refuses(function, name, args):
    a, b, out = args
    before = np.array(out, copy=True) if isinstance(out, np.ndarray) else None
    assert function._fast(a, b, out) is None, name
    if before is not None:
        np.testing.assert_array_equal(out, before)


def test_fast_call_is_a_builtin_that_returns_out_and_keeps_counts(function):
    if trampoline._probe_cdata() is None:
        pytest.skip("ctypes' object layout is not the one probed: the ctypes entry is used instead")
    fast = function._fast
    assert type(fast).__name__ == "builtin_function_or_method"
    a, b, out = operands()
    refs = sys.getrefcount(out), sys.getrefcount(a), sys.getrefcount(None)
    for _ in range(1000):
        assert fast(a, b, out) is out
        assert fast(a, b, a) is None  # refused (a as out)
    assert (sys.getrefcount(out), sys.getrefcount(a)) == refs[:2]
    assert abs(sys.getrefcount(None) - refs[2]) < 100  # other threads may hold None too
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)
    with pytest.raises(TypeError):
        fast(a, b, out=out)  # positional only: keywords are CPython's error
    assert fast(a, b) is None and fast(a, b, out, out) is None  # the wrong number of arguments: refused


def test_refuse_all_turns_every_call_away(function):
    params = trampoline.params(function.address, (np.dtype(np.float32),) * 3, ((M, K), (K, N), (M, N)), 0)
    fast = trampoline.fast_call(params)
    a, b, out = operands()
    assert fast(a, b, out) is out
    before = out.copy()
    trampoline.refuse_all(params)  # what closing the kernel's module does
    assert fast(a, b, out) is None
    np.testing.assert_array_equal(out, before)


def test_overlapping_out_is_refused_natively_and_by_python(function):
    buf = np.zeros(M * K + M * N, np.float32)
    a = buf[: M * K].reshape(M, K)
    out = buf[M * K - 1: M * K - 1 + M * N].reshape(M, N)  # shares one element with a
    b = operands()[1]
    assert _native(function, a, b, out) == 1
    with pytest.raises(nanomm.AliasError):
        function(a, b, out)


def test_params_hold_the_kernel_shapes(function):
    p = function._params
    assert p[trampoline.FN] == function.address
    assert (p[trampoline.A + 1], p[trampoline.A + 2]) == (M, K)
    assert (p[trampoline.C + 1], p[trampoline.C + 2], p[trampoline.C + 3]) == (M, N, M * N * 4)
    assert ctypes.addressof(p) == function._params_address


def test_fast_call_without_the_builtin_wraps_the_ctypes_entry(function, monkeypatch):
    monkeypatch.setattr(trampoline, "_entries", {})
    monkeypatch.setattr(trampoline, "_probe_cdata", lambda: None)  # a CPython whose ctypes layout differs
    fast = trampoline.fast_call(function._params)
    assert fast is not None and type(fast).__name__ == "function"
    a, b, out = operands()
    assert fast(a, b, out) is out
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)
    assert fast(a, b, a) is None

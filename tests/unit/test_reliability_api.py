"""nanomm.matmul and compiled kernels under hostile arguments: a correct result or a NanommError.

Never a crash, a hang, a numpy-internal error or a wrong answer. What is accepted:

    inputs a, b (nanomm.matmul)     anything np.asarray makes a 2-D float32 array of:
                                    C order, Fortran order, transposes, slices with steps,
                                    negative strides, zero strides (np.broadcast_to), unaligned
                                    data, read-only arrays, ndarray subclasses, float32
                                    memoryviews, ctypes arrays, objects with __array__ or
                                    __array_interface__. Non-C-contiguous inputs are copied
                                    (never modified).
    out (nanomm.matmul)             a C-contiguous, writeable float32 ndarray (or subclass) of
                                    shape (M, N) sharing no memory with a or b; else
                                    DTypeError / ShapeError / LayoutError / AliasError.
    a, b, out (Kernel.__call__)     C-contiguous float32 ndarrays of the kernel's shapes: the
                                    kernel copies nothing, so every other layout is a
                                    LayoutError naming np.ascontiguousarray.
    dtypes                          a x b: float32 x float32 -> float32, bfloat16 x bfloat16 ->
                                    float32, uint8 x int8 -> int32, int8 x int8 -> int32 (native
                                    byte order). Every other pair (other floats, big-endian,
                                    wider ints, bools, complex, structured, object, strings,
                                    datetimes, float8, one operand of each kind) -> DTypeError.
    shapes                          0 in any dimension: an empty or zero result, no compilation;
                                    a dimension >= 2**31: ShapeError before compiling; a result
                                    or input copy larger than memory: MemoryError from numpy
                                    within a second or so (see test_result_larger_than_memory).
"""

from __future__ import annotations

import array
import ctypes

import ml_dtypes
import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import nanomm
from nanomm import AliasError, DTypeError, LayoutError, NanommError, ShapeError
from nanomm.runtime.reference import matmul_mismatch

pytestmark = [pytest.mark.kernels, pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")]

SIZES = [0, 1, 2, 3, 7, 16, 17, 33]


def reference_check(c, a, b) -> None:
    problem = matmul_mismatch(np.asarray(c), np.asarray(a, np.float64), np.asarray(b, np.float64))
    assert problem is None, problem


# --- every numpy dtype --------------------------------------------------------------------------------------


def _all_dtypes() -> dict[str, np.dtype]:
    found = {}
    for code in np.typecodes["All"]:
        dt = np.dtype(code)
        found[str(dt)] = dt
    found.update({
        ">f4": np.dtype(">f4"), ">f8": np.dtype(">f8"), "<f2": np.dtype("<f2"), "structured-f4": np.dtype([("x", "f4")]),
        "subarray-f4": np.dtype(("f4", (2,))), "V4": np.dtype("V4"), "U1": np.dtype("U1"), "S4": np.dtype("S4"),
        "f4-with-metadata": np.dtype("f4", metadata={"unit": "m"}),
        "bfloat16": np.dtype(ml_dtypes.bfloat16), "float8_e4m3fn": np.dtype(ml_dtypes.float8_e4m3fn),
        "int4": np.dtype(ml_dtypes.int4),
    })
    return found


DTYPES = _all_dtypes()


def _make(shape, dtype) -> np.ndarray:
    x = np.zeros(shape, dtype)
    if dtype.fields is None and dtype.kind in "fciub" and not dtype.subdtype:
        x[...] = np.arange(np.prod(shape)).reshape(shape) % 3
    return x


@pytest.mark.parametrize("where", ["a", "b", "out"])
@pytest.mark.parametrize("name", list(DTYPES))
def test_every_numpy_dtype(name: str, where: str):
    dt = DTYPES[name]
    a, b, out = _make((3, 4), np.dtype(np.float32)), _make((4, 5), np.dtype(np.float32)), None
    if where == "a":
        a = _make((3, 4), dt)
    elif where == "b":
        b = _make((4, 5), dt)
    else:
        out = np.zeros((3, 5), dt)
    native_f32 = dt == np.dtype(np.float32) and dt.isnative
    if not native_f32:
        # A sub-array dtype adds dimensions: np.zeros((3, 4), ("f4", (2,))) is a 3-D float32 array.
        with pytest.raises(ShapeError if dt.subdtype else DTypeError):
            nanomm.matmul(a, b, out)
        return
    c = nanomm.matmul(a, b, out)
    reference_check(c, a.astype(np.float32), b.astype(np.float32))
    if out is not None:
        assert c is out


# --- shapes, layouts, out and aliasing, drawn together --------------------------------------------------------


def _layout(x: np.ndarray, kind: str) -> np.ndarray:
    """The same values as x (M x N float32) in another memory layout."""
    m, n = x.shape
    if kind == "c":
        return x.copy()
    if kind == "fortran":
        return np.asfortranarray(x)
    if kind == "transposed":
        return np.ascontiguousarray(x.T).T
    if kind == "step":
        big = np.zeros((2 * m + 1, 3 * n + 2), np.float32)
        big[1::2, 2::3][:m, :n] = x
        return big[1::2, 2::3][:m, :n]
    if kind == "negative":
        return np.ascontiguousarray(x[::-1, ::-1])[::-1, ::-1]
    if kind == "unaligned":
        raw = np.zeros(x.nbytes + 8, np.uint8)
        v = raw[1:1 + x.nbytes].view(np.float32).reshape(m, n) if x.size else x.copy()
        v[...] = x
        return v
    if kind == "readonly":
        v = x.copy()
        v.flags.writeable = False
        return v
    if kind == "broadcast-rows" and m:
        return np.broadcast_to(x[:1], x.shape) if (x == x[:1]).all() else x.copy()
    if kind == "matrix":
        return np.asmatrix(x.copy())
    if kind == "memoryview":
        return memoryview(x.copy())
    return x.copy()


LAYOUTS = ["c", "fortran", "transposed", "step", "negative", "unaligned", "readonly", "broadcast-rows", "matrix",
           "memoryview"]
OUT_KINDS = ["none", "good", "matrix", "fortran", "strided", "readonly", "transposed", "float64", "big-endian",
             "list", "memoryview", "wrong-shape", "is-a", "is-b"]


def _out(kind: str, M: int, N: int, a, b):
    if kind == "none":
        return None
    if kind == "good":
        return np.full((M, N), np.nan, np.float32)
    if kind == "matrix":
        return np.asmatrix(np.full((M, N), np.nan, np.float32))
    if kind == "fortran":
        return np.full((M, N), np.nan, np.float32, order="F")
    if kind == "strided":
        return np.zeros((M, 2 * N), np.float32)[:, ::2]
    if kind == "readonly":
        o = np.zeros((M, N), np.float32)
        o.flags.writeable = False
        return o
    if kind == "transposed":
        return np.zeros((N, M), np.float32).T
    if kind == "float64":
        return np.zeros((M, N), np.float64)
    if kind == "big-endian":
        return np.zeros((M, N), ">f4")
    if kind == "list":
        return [[0.0] * N for _ in range(M)]
    if kind == "memoryview":
        return memoryview(np.zeros((M, N), np.float32))
    if kind == "wrong-shape":
        return np.zeros((M + 1, N), np.float32)
    if kind == "is-a":
        return a
    if kind == "is-b":
        return b
    raise AssertionError(kind)


def _errors_due(va, vb, out, M: int, N: int, K: int, K2: int) -> set[type]:
    """The errors nanomm.matmul may rightly raise for these arguments (empty: it must succeed)."""
    errors: set[type] = set()
    if K != K2:
        errors.add(ShapeError)
    if out is None:
        return errors
    if not isinstance(out, np.ndarray):
        return errors | {DTypeError}
    if out.dtype != np.dtype(np.float32) or not out.dtype.isnative:
        errors.add(DTypeError)
    if out.shape != (M, N):
        errors.add(ShapeError)
    if not out.flags.c_contiguous or not out.flags.writeable:
        errors.add(LayoutError)
    if any(np.may_share_memory(out, np.asarray(x)) for x in (va, vb)):
        errors.add(AliasError)
    return errors


@settings(max_examples=200)
@given(M=st.sampled_from(SIZES), N=st.sampled_from(SIZES), K=st.sampled_from(SIZES),
       K2=st.sampled_from(SIZES + [None] * 16), la=st.sampled_from(LAYOUTS), lb=st.sampled_from(LAYOUTS),
       out_kind=st.sampled_from(OUT_KINDS + ["none", "good"] * 6), seed=st.integers(0, 2**32 - 1))
def test_matmul_gives_a_correct_result_or_the_right_error(M, N, K, K2, la, lb, out_kind, seed):
    K2 = K if K2 is None else K2
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.integers(-3, 4, (K2, N)).astype(np.float32)
    va, vb = _layout(a, la), _layout(b, lb)
    out = _out(out_kind, M, N, va, vb)
    errors = _errors_due(va, vb, out, M, N, K, K2)
    a_before, b_before = np.array(va, copy=True), np.array(vb, copy=True)
    if errors:
        event(f"error {'/'.join(sorted(e.__name__ for e in errors))}")
        with pytest.raises(NanommError) as info:
            nanomm.matmul(va, vb, out)
        assert type(info.value) in errors, f"{type(info.value).__name__}: {info.value} (expected one of {errors})"
    else:
        event("result" + (" (empty)" if 0 in (M, N, K) else ""))
        c = nanomm.matmul(va, vb, out)
        assert type(c) is (np.ndarray if out is None else type(out))
        assert c.shape == (M, N) and c.dtype == np.float32
        reference_check(c, a, b)
        if out is not None:
            assert c is out
    np.testing.assert_array_equal(np.asarray(va), a_before, err_msg="matmul modified a")
    np.testing.assert_array_equal(np.asarray(vb), b_before, err_msg="matmul modified b")


@given(M=st.sampled_from(SIZES[1:]), N=st.sampled_from(SIZES[1:]), K=st.sampled_from(SIZES[1:]),
       which=st.sampled_from(["a", "b", "out"]), layout=st.sampled_from(["fortran", "step", "negative", "transposed"]))
def test_kernel_call_refuses_what_it_would_have_to_copy(M, N, K, which, layout):
    kernel = nanomm.compile_matmul(M, N, K)
    a, b, out = (np.ones((M, K), np.float32), np.ones((K, N), np.float32), np.zeros((M, N), np.float32))
    args = {"a": a, "b": b, "out": out}
    args[which] = _layout(args[which], layout)
    if args[which].flags.c_contiguous:  # e.g. a transposed 1-row matrix
        kernel(args["a"], args["b"], args["out"])
        reference_check(args["out"], a, b)
        return
    with pytest.raises(LayoutError, match="not C-contiguous"):
        kernel(args["a"], args["b"], args["out"])


# --- arrays from elsewhere ---------------------------------------------------------------------------------------


class WithArray:
    def __init__(self, x, fail: bool = False):
        self.x, self.fail = x, fail

    def __array__(self, dtype=None, copy=None):
        if self.fail:
            raise RuntimeError("this object cannot be an array")
        return self.x


class WithInterface:
    def __init__(self, x):
        self.x = x
        self.__array_interface__ = x.__array_interface__


def test_foreign_array_objects():
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((3, 4), dtype=np.float32), rng.standard_normal((4, 6), dtype=np.float32)
    ca = (ctypes.c_float * 4 * 3)()
    np.frombuffer(ca, np.float32).reshape(3, 4)[...] = a
    for va in (memoryview(a), memoryview(a.tobytes()).cast("f", (3, 4)), ca, WithArray(a), WithInterface(a),
               memoryview(np.asfortranarray(a)), a.tolist() and np.asarray(a.tolist(), np.float32)):
        reference_check(nanomm.matmul(va, b), a, b)
    bad = [
        (memoryview(b"abcdefghijkl").cast("B", (3, 4)), DTypeError),  # uint8
        (memoryview(a.astype(np.float64)), DTypeError),
        (array.array("f", range(12)), ShapeError),  # 1-D
        (bytearray(48), ShapeError),
        (WithArray(a, fail=True), DTypeError),
        ((ctypes.c_double * 4 * 3)(), DTypeError),
        (None, ShapeError), ("abc", ShapeError), (3.0, ShapeError), ({"a": 1}, ShapeError),
        ([[1.0, 2.0], [3.0]], DTypeError),  # ragged
        (np.array([[object()] * 4] * 3), DTypeError),
    ]
    for va, error in bad:
        with pytest.raises(error):
            nanomm.matmul(va, b)
    # a 3-D array-like is a batch of one, as numpy.matmul takes it
    np.testing.assert_allclose(nanomm.matmul(WithArray(a[None]), b), np.matmul(a[None], b), rtol=1e-5, atol=1e-5)
    with pytest.raises(DTypeError, match="out must be a numpy array"):
        nanomm.matmul(a, b, out=memoryview(np.zeros((3, 6), np.float32)))


def test_masked_arrays_are_refused_not_multiplied_blindly():
    a = np.ma.array(np.full((2, 2), np.nan, np.float32), mask=True)
    with pytest.raises(NanommError):
        nanomm.matmul(a, np.ones((2, 2), np.float32))


# --- very large sizes ---------------------------------------------------------------------------------------------


def test_dimension_beyond_the_limit_is_refused_before_compiling():
    from nanomm.compiler.build import build_counts

    one = np.float32(1)
    for M, K, N in [(2**31, 1, 1), (1, 2**31, 1), (1, 1, 2**31), (2**40, 1, 1)]:
        before = build_counts()
        with pytest.raises(ShapeError, match="too large"):
            nanomm.matmul(np.broadcast_to(one, (M, K)), np.broadcast_to(one, (K, N)))
        with pytest.raises(ShapeError, match="too large"):
            nanomm.compile_matmul(M, N, K)
        assert build_counts() == before  # no kernel compiled or loaded


def test_result_larger_than_memory_is_a_memory_error_before_compiling():
    """A result that cannot be allocated: numpy's MemoryError, before any kernel is built (no hang, no OOM kill).

    MemoryError is accepted as it is rather than wrapped: it is what Python raises for an
    allocation that fails, callers already handle it, and numpy's message names the size.
    The zero-stride inputs take no memory; only the result would be large (3.6 TiB).
    """
    from nanomm.compiler.build import build_counts

    one = np.float32(1)
    before = build_counts()
    with pytest.raises((MemoryError, NanommError)):
        nanomm.matmul(np.broadcast_to(one, (10**6, 1)), np.broadcast_to(one, (1, 10**6)))
    assert build_counts() == before  # refused before any kernel is built


def test_result_beyond_the_address_space_is_a_nanomm_or_memory_error():
    # C-contiguous inputs that are never touched: np.empty maps them lazily, so this costs no memory.
    a = np.empty((2**31 - 1, 1), np.float32)
    b = np.empty((1, 2**31 - 1), np.float32)
    with pytest.raises((MemoryError, NanommError)):
        nanomm.matmul(a, b)


# --- pairs of input dtypes: the four kernels or a DTypeError -----------------------------------------------

_PAIR_DTYPES = {name: DTYPES[name] for name in ("float32", "bfloat16", "uint8", "int8", "float16", "float64",
                                                "int16", "int32", "bool", ">f4")}
_KERNELS = {("float32", "float32"): "float32", ("bfloat16", "bfloat16"): "float32", ("uint8", "int8"): "int32",
            ("int8", "int8"): "int32"}


@pytest.mark.parametrize("b_name", list(_PAIR_DTYPES))
@pytest.mark.parametrize("a_name", list(_PAIR_DTYPES))
def test_every_pair_of_input_dtypes(a_name: str, b_name: str):
    a, b = _make((3, 4), _PAIR_DTYPES[a_name]), _make((4, 5), _PAIR_DTYPES[b_name])
    c_name = _KERNELS.get((a_name, b_name))
    if c_name is None:
        with pytest.raises(DTypeError, match="nanomm.matmul supports float32 x float32 -> float32, "
                                             "bfloat16 x bfloat16 -> float32, uint8 x int8 -> int32"):
            nanomm.matmul(a, b)
        return
    c = nanomm.matmul(a, b)
    assert c.dtype == np.dtype(c_name)
    reference_check(c, a, b)
    with pytest.raises(DTypeError, match="out has dtype"):  # an out of another dtype is refused, not cast
        nanomm.matmul(a, b, np.zeros((3, 5), np.float64))

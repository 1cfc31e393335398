"""A compiled matmul kernel as a Python callable that checks its arguments before running."""

from __future__ import annotations

import ctypes
import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from nanomm.errors import AliasError, CpuFeatureError, DTypeError, JitError, LayoutError, ShapeError
from nanomm.runtime.cpu import CpuInfo, missing_features, native_cpu
from nanomm.runtime import settings, trampoline
from nanomm.runtime.jit import JitModule

_KERNEL_CTYPE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
_DYNAMIC_M_CTYPE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)


def _probe_data_offset() -> int | None:
    """Byte offset of `data` in numpy's PyArrayObject (after PyObject_HEAD), if it checks out.

    Reading the pointer there costs ~0.2 us against ~1 us for `x.ctypes.data`, which matters
    for small kernels. It is verified on a few arrays first; None means use `x.ctypes.data`.
    """
    offset = ctypes.sizeof(ctypes.c_ssize_t) + ctypes.sizeof(ctypes.c_void_p)
    probe = np.arange(12, dtype=np.float32).reshape(3, 4)
    for x in (probe, probe[1:], probe[:, 1:], np.empty(0)):
        if ctypes.c_void_p.from_address(id(x) + offset).value != (x.ctypes.data or None):
            return None
    return offset


_DATA_OFFSET = _probe_data_offset()
_from_address = ctypes.c_void_p.from_address


def data_pointer(x: np.ndarray) -> int:
    """The address of an ndarray's first element."""
    if _DATA_OFFSET is None:
        return x.ctypes.data
    return _from_address(id(x) + _DATA_OFFSET).value or 0


def flat_packed_shape(shape: tuple[int, ...]) -> tuple[int, int]:
    """The 2-D shape a packed B of `shape` is also passed as (all but the last dimension merged)."""
    return math.prod(shape[:-1]), shape[-1]


# The epilogue's arrays, in the order kernels take them after C -> their dtype. All are vectors
# along N but the residual, a matrix of C's shape (compiler/payload.py's Epilogue).
EXTRA_DTYPES = {"zero_point": np.dtype(np.int32), "scale": np.dtype(np.float32), "bias": np.dtype(np.float32),
                "residual": np.dtype(np.float32)}


def extra_batch_stride(name: str, N: int, c_stride: int) -> int:
    """Elements from one batch entry's epilogue array to the next in a batched kernel: the residual
    strides as C (`c_stride`), the zero-point vector by N (each entry's B has its own column sums: a
    (count, N) array), bias and scale are every entry's (0)."""
    return c_stride if name == "residual" else N if name == "zero_point" else 0


def check_array(name: str, x, dtype: np.dtype, shape: tuple) -> None:
    """That x is an ndarray of `dtype` and `shape`, or the named error."""
    if not isinstance(x, np.ndarray):
        raise DTypeError(f"{name} must be a numpy.ndarray, got {type(x).__name__}")
    if x.dtype != dtype:
        raise DTypeError(f"{name} has dtype {x.dtype}, this kernel takes {dtype}")
    if x.shape != shape:
        raise ShapeError(f"{name} has shape {x.shape}, expected {shape}")


@dataclass(frozen=True)
class KernelABI:
    """The contract of `void symbol(void* A, void* B, void* C)`, all row-major and C-contiguous.

    A is MxK, B is KxN, C is MxN. accumulate=True computes C += A@B, else C = A@B.
    M=None: a dynamic-M kernel, `void symbol(void* A, void* B, void* C, int64_t M)`, for A and C
    of any (the same) number of rows.
    alignment is the byte alignment required of every data pointer (0: none).
    """

    symbol: str
    M: int | None
    N: int
    K: int
    a_dtype: str
    b_dtype: str
    c_dtype: str
    accumulate: bool = False
    alignment: int = 0
    required_features: tuple[str, ...] = ()
    b_shape: tuple[int, ...] = ()  # non-empty: B comes pre-packed, as an array of this shape
    # The epilogue's arrays, passed after C (`void symbol(A, B, C, bias, residual[, M])`), of
    # EXTRA_DTYPES: vectors (N,) and the "residual" (M, N), each C-contiguous.
    extras: tuple[str, ...] = ()
    transpose_b: bool = False  # B is passed as B^T: an N x K C-contiguous array


def _resolve_dtype(name: str) -> np.dtype | None:
    """np.dtype for a name (bfloat16: ml_dtypes', imported here), or None for one numpy does not know
    (bfloat16 where ml_dtypes is not installed)."""
    try:
        return np.dtype(name)
    except TypeError:
        if name != "bfloat16":
            return None
    try:
        import ml_dtypes
    except ImportError:
        return None
    return np.dtype(ml_dtypes.bfloat16)


def aligned_empty(shape: tuple[int, ...], dtype: np.dtype, alignment: int) -> np.ndarray:
    """np.empty whose data pointer is a multiple of `alignment` bytes (0: numpy's default)."""
    if alignment <= 1:
        return np.empty(shape, dtype=dtype)
    dtype = np.dtype(dtype)
    nbytes = int(np.prod(shape)) * dtype.itemsize
    raw = np.empty(nbytes + alignment, dtype=np.uint8)
    offset = -raw.ctypes.data % alignment
    return raw[offset : offset + nbytes].view(dtype).reshape(shape)


class CheckedCall:
    """Checks the arguments of a call as described by `abi`; subclasses make the call."""

    def __init__(self, abi: KernelABI, owner: Any = None) -> None:
        self.abi = abi
        self._owner = owner  # the JitModule whose memory holds the code (or a list of them)
        self._missing = missing_features(abi.required_features)
        if "amx-tile" in abi.required_features and not self._missing:
            from nanomm.runtime.amx import request_amx_permission

            request_amx_permission()  # once per process; before any tile instruction can run
        self._names = {"a": abi.a_dtype, "b": abi.b_dtype, "out": abi.c_dtype}
        self._dtypes = {k: _resolve_dtype(v) for k, v in self._names.items()}
        b_shape = tuple(abi.b_shape) or ((abi.N, abi.K) if abi.transpose_b else (abi.K, abi.N))
        self._shape_a, self._shape_b, self._shape_c = (abi.M, abi.K), b_shape, (abi.M, abi.N)
        # A pre-packed B (4-D) is also accepted as its 2-D view (flat_packed_shape): the native
        # checked call reads 2-D arrays only.
        self._flat_b = flat_packed_shape(b_shape) if len(b_shape) > 2 else None
        self._shapes = {
            "a": ((abi.M, abi.K), "(M, K)"),
            "b": (b_shape, "the packed layout" if abi.b_shape else "(N, K) (B^T)" if abi.transpose_b else "(K, N)"),
            "out": ((abi.M, abi.N), "(M, N)"),
        }
        self._dynamic = abi.M is None

    def _rows(self, a: Any) -> int | None:
        """The M of a call: the kernel's, or for a dynamic-M kernel A's rows (None if A is no 2-D array)."""
        if not self._dynamic:
            return self.abi.M
        shape = getattr(a, "shape", None)
        return shape[0] if isinstance(a, np.ndarray) and len(shape) == 2 else None

    def _expected(self, arg: str, M: int | None) -> tuple:
        shape = self._shapes[arg][0]
        return (M,) + shape[1:] if self._dynamic and arg != "b" else shape

    def __repr__(self) -> str:
        a = self.abi
        op = "+=" if a.accumulate else "="
        return f"<CompiledFunction {a.symbol}: C{op}A@B M={a.M} N={a.N} K={a.K} {a.a_dtype}x{a.b_dtype}->{a.c_dtype}>"

    def _dtype_ok(self, arg: str, dt: np.dtype) -> bool:
        expected = self._dtypes[arg]
        if expected is None and dt.name == self._names[arg] and dt.isnative:
            expected = self._dtypes[arg] = dt  # the dtype was registered after construction
        return dt == expected

    def _out_dtype(self) -> np.dtype:
        if self._dtypes["out"] is None:
            self._dtypes["out"] = _resolve_dtype(self._names["out"])
        if self._dtypes["out"] is None:
            raise DTypeError(f"numpy does not know the output dtype {self._names['out']!r} (import ml_dtypes?)")
        return self._dtypes["out"]

    def _check(self, arrays: dict[str, Any]) -> None:
        for arg, x in arrays.items():
            if not isinstance(x, np.ndarray):
                raise DTypeError(f"{arg} must be a numpy.ndarray, got {type(x).__name__}")
        for arg, x in arrays.items():
            ndim = len(self._shapes[arg][0])
            if x.ndim != ndim:
                raise ShapeError(f"{arg} must be {ndim}-D, got a {x.ndim}-D array of shape {x.shape}")
        for arg, x in arrays.items():
            if not self._dtype_ok(arg, x.dtype):
                raise DTypeError(f"{arg} has dtype {x.dtype}, this kernel takes {self._names[arg]}")
        M = self._rows(arrays["a"])
        for arg, x in arrays.items():
            expected, label = self._expected(arg, M), self._shapes[arg][1]
            if x.shape != expected:
                raise ShapeError(f"{arg} has shape {x.shape}, expected {label} = {expected}")
        for arg, x in arrays.items():
            if not x.flags.c_contiguous:
                raise LayoutError(
                    f"{arg} is not C-contiguous (strides {x.strides}); use np.ascontiguousarray({arg})"
                )

    def _fast_ok(self, arg: str, x: Any, M: int | None) -> bool:
        """The common case in a few attribute reads; _check gives the precise error otherwise."""
        return (
            type(x) is np.ndarray
            and x.dtype == self._dtypes[arg]
            and x.shape == self._expected(arg, M)
            and x.flags.c_contiguous
        )

    def check_extras(self, extras: tuple, out: np.ndarray) -> list[int]:
        """Checks the epilogue's arrays of a call (in abi.extras order, beside `out`); returns their
        data pointers."""
        names = self.abi.extras
        if len(extras) != len(names):
            raise ShapeError(f"kernel {self.abi.symbol!r} takes {', '.join(names) or 'no epilogue arrays'}; "
                             f"got {len(extras)} epilogue arrays")
        M = out.shape[0]
        pointers = []
        end_c = data_pointer(out) + out.nbytes
        for name, x in zip(names, extras):
            check_array(name, x, EXTRA_DTYPES[name], (M, self.abi.N) if name == "residual" else (self.abi.N,))
            if not x.flags.c_contiguous:
                raise LayoutError(f"{name} is not C-contiguous (strides {x.strides}); use np.ascontiguousarray({name})")
            ptr = data_pointer(x)
            if ptr < end_c and data_pointer(out) < ptr + x.nbytes:
                raise AliasError(f"out shares memory with {name}; pass a separate output array")
            pointers.append(ptr)
        return pointers

    def _closed(self) -> bool:
        owners = self._owner if isinstance(self._owner, list) else [self._owner]
        return any(o is not None and o.closed for o in owners)

    _native = None  # runtime/trampoline.py's entry, when this call can take it

    def _use_native(self, function_address: int, pool: tuple[int, int, int] | None = None) -> None:
        """Sets up the native checked call (runtime/trampoline.py) of `function_address` (for a
        parallel call: nanomm_pool_try_run with `pool`), where the arguments allow it."""
        if self._missing or None in self._dtypes.values():
            return
        self._native = trampoline.checked_call()
        self._params = self.native_params(function_address, self.abi.M, pool)
        self._params_address = ctypes.addressof(self._params)
        self._fast = trampoline.fast_call(self._params)

    _native_x = None  # the same for a kernel with epilogue arrays (trampoline.checked_call(ndims))

    def _use_native_extras(self, function_address: int, pool: tuple[int, int, int] | None = None,
                           writes=None) -> None:
        """The native checked call of a kernel with epilogue arrays (runtime/trampoline.py's entry
        for their ndims), where the arguments allow it; parallel: nanomm_pool_try_run_x with
        `pool` and the contexts' `writes`."""
        entry, params = self.native_extras(function_address, self.abi.M, pool, writes)
        if entry is not None:
            self._params, self._native_x = params, entry
            self._params_address = ctypes.addressof(params)
            self._fast = trampoline.fast_call(params, self.extras_ndims())

    _fast = None  # trampoline.fast_call(self._params): f(a, b, out, *extras) -> out, or None if refused

    def extras_ndims(self) -> tuple[int, ...]:
        return tuple(2 if x == "residual" else 1 for x in self.abi.extras)

    def native_extras(self, function_address: int, M: int | None, pool=None, writes=None) -> tuple:
        """(the extras entry, its params block) for calls with A and out of M rows; (None, None)
        where the native path cannot be used."""
        if self._missing or None in self._dtypes.values():
            return None, None
        entry = trampoline.checked_call(self.extras_ndims())
        if entry is None:
            return None, None
        shapes = tuple((EXTRA_DTYPES[x], (M, self.abi.N) if x == "residual" else (self.abi.N,))
                       for x in self.abi.extras)
        return entry, self.native_params(function_address, M, pool, shapes, writes)

    def native_params(self, function_address: int, M: int | None, pool: tuple[int, int, int] | None = None,
                      extras: tuple = (), writes=None):
        """The native checked call's params block (runtime/trampoline.py) for calls of `function_address`
        with A and out of M rows (None: any, for a dynamic-M kernel); `extras`: the epilogue arrays'
        (dtype, shape)."""
        return trampoline.params(function_address, tuple(self._dtypes[k] for k in ("a", "b", "out")),
                                 ((M, self.abi.K), self._flat_b or self._shape_b, (M, self.abi.N)),
                                 self.abi.alignment, pool, extras, writes)

    def _native_ready(self) -> bool:
        return self._owner is None or not self._closed()

    def call_native(self, a: Any, b: Any, out: np.ndarray | None, extras: tuple = (),
                    fast=None) -> tuple[bool, np.ndarray | None]:
        """The common case checked and called natively: (True, out) when the native entry made
        the call; otherwise (False, out) and the caller takes prepare()'s Python path, which
        names what is wrong (out, when allocated here, is passed on for that path to use).
        `extras`: the epilogue's arrays; `fast`: another params block's fast_call (a
        DynamicMFunction's plan for one M) instead of this call's own."""
        fast = fast or self._fast
        if fast is None or len(extras) != len(self.abi.extras) or not self._native_ready():
            return False, out
        if out is None:
            M = self._rows(a)
            if self.abi.accumulate or not M:
                return False, out
            out = aligned_empty((M, self.abi.N), self._dtypes["out"], self.abi.alignment)
        return fast(a, b, out, *extras) is not None, out

    def prepare(self, a: np.ndarray, b: np.ndarray, out: np.ndarray | None) -> tuple[np.ndarray, int, int, int]:
        """Checks a call's arguments; returns out (allocated when None) and the three data pointers."""
        if self._flat_b is not None and type(b) is np.ndarray and b.shape == self._flat_b and b.flags.c_contiguous:
            b = b.reshape(self._shape_b)  # the 2-D view of a packed B: the same memory
        if self._missing:
            raise CpuFeatureError(
                f"kernel {self.abi.symbol!r} needs CPU features this host lacks: {', '.join(self._missing)}"
            )
        if self._owner is not None and self._closed():
            raise JitError(f"kernel {self.abi.symbol!r} was freed (its JitModule is closed)")
        M = self._rows(a)
        if out is None:
            if self.abi.accumulate:
                rows = "M" if self._dynamic else self.abi.M
                raise ShapeError(
                    f"kernel {self.abi.symbol!r} accumulates (C += A @ B): pass out= with shape "
                    f"(M, N) = ({rows}, {self.abi.N})"
                )
            if not (self._fast_ok("a", a, M) and self._fast_ok("b", b, M)):
                self._check({"a": a, "b": b})
            out = aligned_empty((M, self.abi.N), self._out_dtype(), self.abi.alignment)
        elif not (
            # The common case in a few attribute reads; _check gives the precise error otherwise.
            type(a) is np.ndarray and type(b) is np.ndarray and type(out) is np.ndarray
            and a.shape == self._expected("a", M) and b.shape == self._shape_b
            and out.shape == self._expected("out", M)
            and a.dtype == self._dtypes["a"] and b.dtype == self._dtypes["b"] and out.dtype == self._dtypes["out"]
            and a.flags.c_contiguous and b.flags.c_contiguous and out.flags.c_contiguous
        ):
            self._check({"a": a, "b": b, "out": out})
        pa, pb, pc = data_pointer(a), data_pointer(b), data_pointer(out)
        align = self.abi.alignment
        if align:
            for arg, ptr in (("a", pa), ("b", pb), ("out", pc)):
                if ptr % align:
                    raise LayoutError(
                        f"{arg}'s data at {ptr:#x} is not aligned to {align} bytes, this kernel requires it"
                    )
        if not out.flags.writeable:
            raise LayoutError("out is read-only; pass a writeable array")
        # All three are C-contiguous, so they overlap exactly when their byte ranges do.
        end_c = pc + out.nbytes
        for arg, ptr, x in (("a", pa, a), ("b", pb, b)):
            if ptr < end_c and pc < ptr + x.nbytes:
                raise AliasError(f"out shares memory with {arg}; pass a separate output array")
        return out, pa, pb, pc


class CompiledFunction(CheckedCall):
    """Calls the machine code at `address` as described by `abi`; keeps `owner` alive."""

    def __init__(self, address: int, abi: KernelABI, owner: Any = None) -> None:
        if not address:
            raise JitError(f"kernel {abi.symbol!r} has a null address")
        super().__init__(abi, owner)
        self.address = address
        if abi.extras:
            pointers = [ctypes.c_void_p] * (3 + len(abi.extras))
            self._cfunc = ctypes.CFUNCTYPE(None, *pointers, *([ctypes.c_int64] if abi.M is None else []))(address)
            self._use_native_extras(address)
        else:
            self._cfunc = (_DYNAMIC_M_CTYPE if abi.M is None else _KERNEL_CTYPE)(address)
            self._use_native(address)  # (the native checked call takes A, B and out only)
        if self._fast is not None and owner is not None:
            if not hasattr(owner, "on_close"):  # (an owner that cannot say when it closes)
                self._fast = None
            else:  # closing the module makes every native check refuse: the Python path then names it
                owner.on_close(functools.partial(trampoline.refuse_all, self._params))
        # An out to allocate here: np.empty's, where the kernel needs no more alignment than it gives.
        self._empty = (None if abi.accumulate or abi.alignment > 1 or self._fast is None
                       else (abi.N, self._dtypes["out"]))

    def _native_ready(self) -> bool:
        return True  # a closed owner's params refuse every native check (refuse_all, above)

    def direct(self) -> tuple | None:
        """(f, N, out's dtype) where f(a, b, out) is this call's native checked call (out when it ran,
        None when it refused: then call self) and an out of np.empty((M, N), dtype) may be given;
        None where calls must go through __call__ (no native call, accumulating, aligned out)."""
        return None if self._empty is None else (self._fast, *self._empty)

    def __call__(self, a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None, extras: tuple = ()) -> np.ndarray:
        """Run the kernel: returns out (allocated when None and the kernel does not accumulate).
        `extras`: the epilogue's arrays (abi.extras), e.g. (bias, residual)."""
        if extras or self.abi.extras:
            done, out = self.call_native(a, b, out, extras)
            if done:
                return out
            out, pa, pb, pc = self.prepare(a, b, out)
            pointers = self.check_extras(tuple(extras), out)
            if not self._dynamic:
                self._cfunc(pa, pb, pc, *pointers)
            elif a.shape[0]:
                self._cfunc(pa, pb, pc, *pointers, a.shape[0])
            return out
        fast = self._fast
        if fast is not None:
            # The common case inlined (call_native's extra Python call costs ~0.5 us more):
            # refused arguments take the Python path below, with out as the caller gave it.
            if out is not None:
                if fast(a, b, out) is not None:
                    return out
            elif self._empty is not None and type(a) is np.ndarray and a.ndim == 2:
                made = fast(a, b, np.empty((a.shape[0], self._empty[0]), self._empty[1]))
                if made is not None:
                    return made
            else:
                done, out = self.call_native(a, b, out)
                if done:
                    return out
        out, pa, pb, pc = self.prepare(a, b, out)
        if not self._dynamic:
            self._cfunc(pa, pb, pc)  # ctypes releases the GIL for the call
        elif a.shape[0]:  # no rows: nothing to compute
            self._cfunc(pa, pb, pc, a.shape[0])
        return out


class RowsRouter:
    """A dynamic-M kernel compiled two or three times with the same packed-B layout: calls of one
    row run `one` where given, calls of at most `rows` rows `small` (or `large` where None), the
    others `large` (whose checks, ABI and attributes it shows)."""

    def __init__(self, large: CompiledFunction, small: CompiledFunction | None, rows: int,
                 one: CompiledFunction | None = None) -> None:
        self.large, self.rows = large, rows
        self.small = large if small is None else small
        self.one = self.small if one is None else one

    def pick(self, rows: int) -> CompiledFunction:
        """The function that runs a call of `rows` rows."""
        return self.one if rows == 1 else self.small if rows <= self.rows else self.large

    def __call__(self, a, b, out=None, extras: tuple = ()):
        rows = a.shape[0] if type(a) is np.ndarray and a.ndim == 2 else self.rows + 1  # (others: large's checks)
        return self.pick(rows)(a, b, out, extras)

    def __getattr__(self, name: str):
        return getattr(self.large, name)


def compile_kernel(ir: str, abi: KernelABI, cpu: CpuInfo | None = None, opt_level: int | None = None) -> CompiledFunction:
    """JIT `ir` for `cpu` (default: this machine, native_cpu()) and wrap its `abi.symbol` as a checked callable."""
    cpu = cpu or native_cpu()
    module = JitModule(ir, cpu.name, cpu.feature_string(), opt_level)
    return CompiledFunction(module.address(abi.symbol), abi, owner=module)


def check_b(b, K: int, N: int, dtype: np.dtype) -> None:
    """The named error where `b` is not a (K, N) numpy array of `dtype` (B to be packed)."""
    if not isinstance(b, np.ndarray):
        raise DTypeError(f"b must be a numpy.ndarray, got {type(b).__name__}")
    if b.dtype != dtype:
        raise DTypeError(f"b has dtype {b.dtype}, this kernel takes {dtype}")
    if b.shape != (K, N):
        raise ShapeError(f"b has shape {b.shape}, expected (K, N) = {(K, N)}")


class PackFunction:
    """Calls generated code `void symbol(B*, Bp*)` that packs a row-major KxN B into `packed_shape`."""

    def __init__(self, address: int, symbol: str, K: int, N: int, packed_shape: tuple[int, ...], dtype: str,
                 owner: Any = None, required_features: tuple[str, ...] = ()) -> None:
        if not address:
            raise JitError(f"pack function {symbol!r} has a null address")
        self._missing = missing_features(required_features)
        self.symbol, self.K, self.N = symbol, K, N
        self.packed_shape = tuple(packed_shape)
        self.dtype = np.dtype(dtype)
        self._owner = owner
        self.address = address
        self._cfunc = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)(address)

    def __call__(self, b: np.ndarray) -> np.ndarray:
        """A new 64-byte aligned array holding b in the packed layout (padding is zero)."""
        if self._missing:
            raise CpuFeatureError(
                f"pack function {self.symbol!r} needs CPU features this host lacks: {', '.join(self._missing)}")
        check_b(b, self.K, self.N, self.dtype)
        if self._owner is not None and self._owner.closed:
            raise JitError(f"pack function {self.symbol!r} was freed (its JitModule is closed)")
        b = np.ascontiguousarray(b)
        packed = aligned_empty(self.packed_shape, self.dtype, 64)
        packed[...] = 0
        self._cfunc(data_pointer(b), data_pointer(packed))
        return packed


@dataclass(frozen=True)
class BatchedABI:
    """The contract of a batched kernel `void symbol(A, B, C[, bias, residual])`: `batch` matmuls of
    M x K by K x N (B passed as N x K with transpose_b), entry i of A, B, C (and residual) at
    i * batch_strides (elements; 0: the same entry for all), each entry row-major and dense; a
    zero-point vector per entry ((count, N): extra_batch_stride).
    batch=None: `void symbol(A, B, C[, bias, residual], int64_t count)`, as many entries as the
    call's arrays have (their first dimension)."""

    symbol: str
    batch: int | None
    M: int
    N: int
    K: int
    batch_strides: tuple[int, int, int]
    a_dtype: str
    b_dtype: str
    c_dtype: str
    transpose_b: bool = False
    extras: tuple[str, ...] = ()
    required_features: tuple[str, ...] = ()


class BatchedCall:
    """Checks the arrays of a batched call (`abi`): each (batch, rows, cols) with exactly the
    kernel's strides (any numpy view that has them: broadcasts, slices, swapped axes), out writeable
    and sharing no memory with the others; returns their data pointers."""

    def __init__(self, abi: BatchedABI) -> None:
        self.abi = abi
        self._missing = missing_features(abi.required_features)
        self._dtypes = {"a": _resolve_dtype(abi.a_dtype), "b": _resolve_dtype(abi.b_dtype),
                        "out": np.dtype(abi.c_dtype)}
        self._layouts = self._layouts_of(abi.batch) if abi.batch is not None else {}
        self._checked: dict[tuple, list] = {}  # the layouts of calls that passed -> their byte spans

    def _layouts_of(self, count: int) -> dict:
        """(shape, element strides) per array of a call of `count` entries."""
        a, M, N, K = self.abi, self.abi.M, self.abi.N, self.abi.K
        sa, sb, sc = a.batch_strides
        b_shape, b_inner = ((N, K), K) if a.transpose_b else ((K, N), N)
        # the batch stride of a single entry is never used
        return {"a": ((count, M, K), (sa, K, 1)), "b": ((count, *b_shape), (sb, b_inner, 1)),
                "out": ((count, M, N), (sc, N, 1)),
                "residual": ((count, M, N), (extra_batch_stride("residual", N, sc), N, 1)),
                "zero_point": ((count, N), (extra_batch_stride("zero_point", N, sc), 1)),
                **{name: ((N,), (1,)) for name in EXTRA_DTYPES if name not in ("residual", "zero_point")}}

    def count(self, a) -> int:
        """The entries of a call: the kernel's, or for batch=None, A's first dimension (a 3-D A)."""
        if self.abi.batch is not None:
            return self.abi.batch
        shape = getattr(a, "shape", None)
        if not isinstance(a, np.ndarray) or len(shape) != 3:
            check_array("a", a, self._dtypes["a"], ("count", self.abi.M, self.abi.K))
        return shape[0]

    def _check(self, name: str, x, dtype: np.dtype, layouts: dict) -> int:
        shape, strides = layouts[name]
        check_array(name, x, dtype, shape)
        want = tuple(s * dtype.itemsize for s in strides)
        got = x.strides
        if x.size and any(g != w for i, (g, w) in enumerate(zip(got, want)) if shape[i] > 1):
            raise LayoutError(f"{name} has strides {got}, this kernel reads {want} (bytes)")
        return data_pointer(x)

    def prepare(self, a, b, out, extras: tuple = ()) -> tuple[np.ndarray, list[int]]:
        """(out, the pointers of A, B, C and the extras), out allocated when None."""
        if self._missing:
            raise CpuFeatureError(
                f"kernel {self.abi.symbol!r} needs CPU features this host lacks: {', '.join(self._missing)}")
        if len(extras) != len(self.abi.extras):
            raise ShapeError(f"kernel {self.abi.symbol!r} takes {', '.join(self.abi.extras) or 'no epilogue arrays'}; "
                             f"got {len(extras)} epilogue arrays")
        if out is None:
            count, stride, M, N = self.count(a), self.abi.batch_strides[2], self.abi.M, self.abi.N
            if stride != M * N and count > 1:
                raise ShapeError(f"kernel {self.abi.symbol!r} writes C with batch stride {stride}: pass out=")
            out = np.empty((count, M, N), self._dtypes["out"])
        arrays = (a, b, out, *extras)
        # Arrays of the layouts of a checked call (the same shapes, strides and dtypes, all
        # ndarrays, out writeable) pass again without the checks: a model's calls repeat.
        key = tuple((x.shape, x.strides, x.dtype) if type(x) is np.ndarray else None for x in arrays)
        spans = self._checked.get(key) if key[2] is not None and out.flags.writeable else None
        if spans is None:
            spans = self._check_all(arrays)
            if None not in key:
                self._checked[key] = spans
                settings.trim_oldest(self._checked)
        pointers = [data_pointer(x) for x in arrays]
        lo, hi = pointers[2] + spans[2][0], pointers[2] + spans[2][1]
        for name, p, (first, end) in zip(("a", "b", "out") + self.abi.extras, pointers, spans):
            if name != "out" and p + first < hi and lo < p + end:  # the bounds np.may_share_memory compares
                raise AliasError(f"out shares memory with {name}; pass a separate output array")
        return out, pointers

    def _check_all(self, arrays: tuple) -> list[tuple[int, int]]:
        """The checks of prepare() on (A, B, out, extras); returns each one's byte span relative to
        its data pointer, [first, end) (its strides may be zero or negative)."""
        a, out = arrays[0], arrays[2]
        layouts = self._layouts or self._layouts_of(self.count(a))
        for name, x in zip(("a", "b", "out") + self.abi.extras, arrays):
            self._check(name, x, self._dtypes.get(name, EXTRA_DTYPES.get(name)), layouts)
        if not out.flags.writeable:
            raise LayoutError("out is read-only; pass a writeable array")
        spans = []
        for x in arrays:
            if x.size == 0:
                spans.append((0, 0))
                continue
            reach = [(n - 1) * s for n, s in zip(x.shape, x.strides)]
            spans.append((sum(r for r in reach if r < 0), sum(r for r in reach if r > 0) + x.itemsize))
        return spans


class BatchedFunction(BatchedCall):
    """Calls the batched kernel at `address` (BatchedABI), after BatchedCall's checks."""

    def __init__(self, address: int, abi: BatchedABI, owner: Any = None) -> None:
        if not address:
            raise JitError(f"kernel {abi.symbol!r} has a null address")
        super().__init__(abi)
        self.address, self._owner = address, owner
        count = [ctypes.c_int64] if abi.batch is None else []
        self._cfunc = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * (3 + len(abi.extras)), *count)(address)

    def __call__(self, a, b, out=None, extras: tuple = ()) -> np.ndarray:
        if self._owner is not None and self._owner.closed:
            raise JitError(f"kernel {self.abi.symbol!r} was freed (its JitModule is closed)")
        out, pointers = self.prepare(a, b, out, tuple(extras))
        self.run(pointers, out.shape[0])
        return out

    def run(self, pointers: list[int], count: int | None = None) -> None:
        """The kernel on data pointers a call like one prepare() checked gave (A, B, C, extras), of
        `count` entries (batch=None kernels; others run their own)."""
        if self._owner is not None and self._owner.closed:
            raise JitError(f"kernel {self.abi.symbol!r} was freed (its JitModule is closed)")
        if self.abi.batch is None:
            if count:
                self._cfunc(*pointers, count)
        else:
            self._cfunc(*pointers)

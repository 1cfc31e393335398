"""The Python API: nanomm.matmul and nanomm.compile_matmul, with an in-memory kernel cache."""

from __future__ import annotations

import collections
import math
import copy
import threading
import time

import numpy as np

from ..errors import AliasError, DTypeError, LayoutError, NanommError, ShapeError
from ..runtime import settings
from ..runtime.convert import bfloat16, to_bfloat16
from ..runtime.cpu import CpuInfo
from ..runtime.dtypes import DTYPES, dtype_of
from ..runtime.kernel import CompiledFunction, data_pointer
from ..runtime.threads import available_cores
from .build import build_kernel, target_cpu
from .config import STREAM_ROWS, KernelConfig, dynamic_config, m_range, one_row_config
from .kernel import Kernel, call_with_extras, check_zero_point, scale_vector, zero_point_vector
from .parallel import (BATCH_PARALLEL_MIN_SECONDS, BatchedKernel, ParallelKernel, batched_seconds, by_rows, resolve_threads,
                       split, threads_used, with_row_threads)
from .payload import Epilogue, MatmulSpec, activation_function

# (A's numpy dtype, B's numpy dtype) -> nanomm dtype name: what nanomm.matmul dispatches on. bfloat16
# pairs join when a call first holds a bfloat16 array (ml_dtypes is then loaded: see _dtype_kind).
_NUMPY_TO_DTYPE = {(np.dtype(d.numpy_a), np.dtype(d.numpy_b)): k for k, d in DTYPES.items()
                   if "bfloat16" not in (d.numpy_a, d.numpy_b)}


def _dtype_kind(a: np.dtype, b: np.dtype) -> str | None:
    """The nanomm dtype name of A's and B's numpy dtypes, or None where nanomm has no kernel for them."""
    kind = _NUMPY_TO_DTYPE.get((a, b))
    if kind is None and "bfloat16" in (a.name, b.name) and len(_NUMPY_TO_DTYPE) < len(DTYPES):
        resolve = lambda name: bfloat16() if name == "bfloat16" else np.dtype(name)  # noqa: E731
        _NUMPY_TO_DTYPE.update({(resolve(d.numpy_a), resolve(d.numpy_b)): k for k, d in DTYPES.items()})
        kind = _NUMPY_TO_DTYPE.get((a, b))
    return kind

# The most recently used kernels (settings.memory_cache_entries(), default 256: ~80 KiB each).
# An evicted kernel lives on while the caller holds it; asked for again, it comes back from the
# disk cache in a millisecond or two.
_cache: collections.OrderedDict[tuple, object] = collections.OrderedDict()
_locks: dict[tuple, threading.Lock] = {}  # one per kernel being compiled now
_cache_lock = threading.Lock()

# nanomm.matmul's front door: (A's and B's shape and dtype, threads, dtype=, the affinity mask's size
# when threads is None) -> the checked callable of the kernel a first call resolved them to, so a
# repeated call costs one dict lookup before the kernel's own argument checks (runtime/kernel.py,
# in JIT-compiled code). Entries are made by calls with C-contiguous ndarrays and no conversion:
# the kernel's checks are then all of matmul's (its byte-range overlap test is exact for contiguous
# arrays), and a later call that is not contiguous is refused by them (LayoutError) and takes the
# full path, which copies. Bounded like _cache; `python bench/bench_dispatch.py` times it against
# the kernel call.
_dispatch: dict[tuple, object] = {}
# The same keys -> (the kernel's native checked call, N, out's dtype, whether it takes b.T) for a
# one-thread kernel that takes it (CompiledFunction.direct): matmul calls it without the kernel
# object's Python frame (~0.15 us of a 20x20x32 call's ~1 us; `python bench/bench_dispatch.py`).
_direct: dict[tuple, tuple] = {}
_EMPTY = np.empty
# The affinity mask's size as the key reads it, re-read at most every CORES_TTL seconds:
# os.sched_getaffinity costs ~0.6 us, more than the rest of the key (`python bench/bench_dispatch.py
# --threads-none`). A changed mask reaches the key within CORES_TTL.
CORES_TTL = 0.01
_cores_read = [0, float("-inf")]  # [size, time.monotonic() when read]

# nanomm.matmul and the M of a call: (N, K, dtype, the M range of config.M_RANGES, threads, CPU) -> the
# first M compiled for it (an int), and from a second, different M on the range's dynamic-M kernel.
# The first M of a range gets its own static-M kernel; every later M the dynamic-M one: a stream of
# requests of new lengths compiles two kernels per range, then none.
_ranges: dict[tuple, int | Kernel] = {}


def compile_matmul(M: int, N: int, K: int, dtype: str = "f32", target: str = "host",
                   config: KernelConfig | None = None, *, accumulate: bool = False,
                   b: np.ndarray | None = None, threads: int | None = None,
                   epilogue: Epilogue | None = None, transpose_b: bool = False, batch: int | None = 0,
                   batch_strides: tuple | None = None) -> Kernel | ParallelKernel | BatchedKernel:
    """Compiles C = A @ B (C += A @ B with accumulate=True) for A: MxK, B: KxN.

    threads: None uses every core the process may run on (its affinity mask), 1 one thread.
    Problems too small for threads to pay run on one thread whatever `threads` says; larger
    ones return a ParallelKernel that splits the work (see compiler/parallel.py).
    config=None uses the configuration `nanomm tune` recorded for this shape, dtype and CPU at
    the effective thread count (the number of per-thread kernels; see build.tuned_config), else the
    heuristic's. Kernels are cached in memory per (shape, dtype, target, config, threads): a
    second call with the same arguments returns the same object while it is among the
    $NANOMM_MEMORY_CACHE_ENTRIES (256) most recently used, and concurrent first calls compile
    once. The record is looked up at the first call only: a record written later (by a tune run
    in another process) applies from the next process on.
    With `b=weights`, the kernel reads a pre-packed B: weights are packed once, here, and
    `kernel(a)` / `kernel(a, out=c)` use them (a new object each time, sharing the code).

    M=None compiles a dynamic-M kernel: A (and out) may have any number of rows at each call,
    and weights pre-packed once (b=) serve every M. It runs AVX-512 code (on an AMX CPU too), with
    config=None the default config for large M (config.dynamic_config); on `threads` threads,
    each call splitting its rows where threads pay at that M, or where there are too few rows,
    its columns (parallel.with_row_threads).

    epilogue=Epilogue(alpha=, bias=True, activation=, residual=True) compiles
    out = act(alpha * (A @ B) + bias) + residual into the kernel: applied to each C tile in
    registers before its one store; `kernel(a, b, bias=..., residual=...)` passes its arrays
    (float32, bias (N,), residual (M, N)). f32 and bf16 kernels.

    batch=n compiles n matmuls in one kernel, entry i of A, B, C at i * batch_strides (elements;
    default dense (M*K, K*N, M*N); 0 broadcasts that operand): called with (n, M, K), (n, K, N) and
    (n, M, N) arrays of those strides. batch=None takes any count, each call's arrays' first
    dimension (one kernel for every batch size: attention over batch x heads).

    transpose_b=True: calls pass B as a K x N view whose transpose is C-contiguous (W.T of a
    row-major N x K W, as torch's Linear stores it): the kernel reads W in place, transposing it
    while it packs B into panels. Weights given with b= are packed once whatever their layout.
    """
    nthreads = resolve_threads(threads)
    if batch != 0 and batch_strides is None:
        batch_strides = (M * K, K * N, M * N)
    spec = MatmulSpec(M, N, K, dtype, accumulate, prepacked_b=b is not None, epilogue=epilogue,
                      transpose_b=transpose_b, batch=batch, batch_strides=tuple(batch_strides or ()))
    if spec.batched:
        return _batched_kernel(spec, nthreads, target, target_cpu(target), config)
    cpu = target_cpu(target)
    if spec.M is None:
        return _dynamic_kernel(spec, target, cpu, config, b, threads=nthreads)
    kernel = _static_kernel(spec, nthreads, target, cpu, config, threads_used(spec, nthreads, cpu, config))
    if b is not None:
        kernel = copy.copy(kernel)
        kernel.packed_b = kernel.prepack(b)
    return kernel


def _dynamic_kernel(spec: MatmulSpec, target: str, cpu: CpuInfo, config: KernelConfig | None,
                    b: np.ndarray | None, rows: int | None = None, threads: int = 1) -> Kernel:
    """compile_matmul's dynamic-M kernel (config None: the default for M up to `rows`, any M when
    None) on up to `threads` threads (the rows of each call split as compiler/parallel.py splits
    a problem whose B is shared)."""
    small = one = None
    if config is None:
        config = dynamic_config(spec.N, spec.K, cpu, spec.prepacked_b, spec.dtype, *(() if rows is None else (rows,)),
                                transposed_b=spec.transpose_b)
        if rows is None and spec.prepacked_b:  # calls of few rows: their own config where it differs
            small = dynamic_config(spec.N, spec.K, cpu, True, spec.dtype, STREAM_ROWS)
            if ((small.order, small.prefetch) == (config.order, config.prefetch)  # (mc alone: no matter)
                    or (small.kc, small.nr, small.pack_b) != (config.kc, config.nr, config.pack_b)):
                small = None  # (the same packed B must serve both)
            one = one_row_config(spec.N, spec.K, cpu, spec.dtype, small or config)

    def build(part: MatmulSpec, config: KernelConfig = config) -> Kernel:
        return _cached((part, _cpu_key(cpu), config, 1), lambda: build_kernel(part, target, config))

    kernel = build(spec)
    routes = (small, one)
    if routes != (None, None):  # M <= STREAM_ROWS to the small-M kernel (and its column blocks on threads), one row
        kernel = _cached((spec, _cpu_key(cpu), config, 1, *routes), lambda: by_rows(
            kernel, *(None if c is None else build(spec, c) for c in routes)))
    narrow = build if small is None else (lambda part: build(part, small))
    if threads > 1:
        kernel = _cached((spec, _cpu_key(cpu), config, threads, *routes),
                         lambda: with_row_threads(kernel, threads, narrow))
    if b is not None:
        kernel = copy.copy(kernel)
        kernel.packed_b = kernel.prepack(b)
    return kernel


def _batched_kernel(spec: MatmulSpec, threads: int, target: str, cpu: CpuInfo,
                    config: KernelConfig | None) -> Kernel | BatchedKernel:
    """A batched spec's kernel: one, or where threads pay (serial_seconds) a run of entries a thread."""
    def build(part: MatmulSpec) -> Kernel:
        return _cached((part, _cpu_key(cpu), config, 1), lambda: build_kernel(part, target, config))

    if threads == 1 or spec.batch == 1 or (spec.batch is not None
                                           and batched_seconds(spec) < BATCH_PARALLEL_MIN_SECONDS):
        return build(spec)
    return _cached((spec, _cpu_key(cpu), config, threads), lambda: BatchedKernel(spec, threads, build))


def _static_kernel(spec: MatmulSpec, nthreads: int, target: str, cpu: CpuInfo, config: KernelConfig | None,
                   used: int) -> Kernel | ParallelKernel:
    """The cached (or compiled) kernel of a static-M spec on `used` of `nthreads` threads."""
    return _cached((spec, _cpu_key(cpu), config, used), lambda: _build(spec, nthreads, target, cpu, config))


def _build(spec: MatmulSpec, threads: int, target: str, cpu: CpuInfo,
           config: KernelConfig | None) -> Kernel | ParallelKernel:
    """The kernel for `spec` split for `threads` (compiler/parallel.py), every per-thread kernel
    compiled with one config."""
    chunks, config = split(spec, threads, cpu, config)

    def build(part: MatmulSpec) -> Kernel:
        # Keyed by the config used (None: the heuristic's), so that a per-thread kernel compiled
        # with a tuned config is shared only with calls that use the same config.
        return _cached((part, _cpu_key(cpu), config), lambda: build_kernel(part, target, config))

    return build(spec) if len(chunks) == 1 else ParallelKernel(spec, chunks, build, threads)


def _cached(key: tuple, make):
    """The cached object for key, made once even when several threads ask at the same time."""
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
        lock = _locks.setdefault(key, threading.Lock())
    with lock:
        found = _cache.get(key)
        if found is None:
            try:
                found = make()
            except BaseException:  # the next caller tries again
                with _cache_lock:
                    _locks.pop(key, None)
                raise
            with _cache_lock:
                _cache[key] = found
                _locks.pop(key, None)
                limit = settings.memory_cache_entries()
                while len(_cache) > limit:
                    _cache.popitem(last=False)
    return found


def matmul(a, b, out: np.ndarray | None = None, threads: int | None = None, dtype: str | None = None, *,
           bias=None, activation: str | None = None, residual=None, alpha: float = 1.0, scale=None,
           a_zero_point: int | None = None, out_dtype=None) -> np.ndarray:
    """C = a @ b with numpy.matmul's semantics, by a kernel compiled (once) for this shape, dtype and CPU.

    2-D operands run one matmul; 1-D operands are a row (a) or a column (b) as numpy treats them;
    N-D operands are a batch (the leading dimensions broadcast) run as one batched kernel.

    The kernel follows the inputs' dtypes: float32 x float32 -> float32; bfloat16 x bfloat16
    (ml_dtypes) -> float32; uint8 x int8 -> int32; int8 x int8 -> int32 (exact; K is limited
    so that no int32 sum can overflow). dtype="bf16" with float32 inputs converts them to
    bfloat16 first, by generated code (round to nearest even; see runtime/convert.py), and
    runs the bf16 kernel: about twice the speed of float32 for half the precision.
    threads: None uses every core the process may run on, 1 a single thread (see compile_matmul).

    The epilogue keywords compute act(alpha * (a @ b) + bias) + residual inside the kernel, on each
    tile of C before it is stored (float32 results): bias an (N,) vector, activation one of
    "relu", "relu6", "gelu" (erf form), "gelu_tanh", "silu", "sigmoid" or an element-wise body
    ("body:(math.tanh t)": payload.BODY), residual an (M, N) matrix (neither
    may share memory with out); float inputs of another dtype are converted to float32.
    int8 inputs (u8 x s8, s8 x s8) with `scale` (a number, or an (N,) vector: one per column) are
    dequantized in the kernel, float32 result = act(alpha * scale * (a @ b - a_zero_point *
    b.sum(0)) + bias) + residual: `a_zero_point` the zero point of a's values (an int), the
    correction exact in int32 before the conversion (B's column sums are taken per call here;
    compile_matmul(..., b=W) takes them once).

    A b whose transpose is C-contiguous (W.T of a row-major W) is read in place, transposed while it
    is packed; batch entries are read in place where their strides allow. Other inputs that are not
    C-contiguous (slices, Fortran-order A, negative strides) are copied to C order first; inputs are
    never modified. `out`, when given, must be a C-contiguous, writable array of the result dtype and
    shape that shares no memory with a or b.

    out_dtype: the result's dtype where it is not the kernel's: float32 or bfloat16 ("bf16", "bfloat16"
    or ml_dtypes.bfloat16) for a float result (float inputs, or int8 ones with scale=). bfloat16 rounds
    the float32 result to nearest even in a second pass of generated code (runtime/convert.py:
    `vcvtneps2bf16`, float32 denormals to zero); `out`, when given, is then a bfloat16 array.

    A call like one made before (shapes, dtypes, threads, dtype, epilogue; C-contiguous inputs)
    goes straight to the kernel it compiled, which checks every argument itself (see _dispatch).
    """
    if out_dtype is not None:
        return _with_out_dtype(out_dtype, a, b, out, threads, dtype, bias=bias, activation=activation,
                               residual=residual, alpha=alpha, scale=scale, a_zero_point=a_zero_point)
    key = None
    if type(a) is _NDARRAY and type(b) is _NDARRAY and (threads is None or type(threads) is int):
        # the front door's key (see _dispatch); None: a call it does not take
        key = a.shape, b.shape, a.dtype, b.dtype, threads, dtype, _cores() if threads is None else 0
        if bias is None and activation is None and residual is None and scale is None and a_zero_point is None \
                and alpha == 1.0:
            direct = _direct.get(key)
            if direct is not None:  # the kernel's native checked call itself: out, or None if it refused
                made = direct[0](a, b.T if direct[3] else b,
                                 out if out is not None else _EMPTY((a.shape[0], direct[1]), direct[2]))
                if made is not None:
                    return made
    epilogue = None
    if bias is not None or activation is not None or residual is not None or alpha != 1.0:
        epilogue = (alpha, bias is not None, activation, residual is not None)
        key = key and key + (epilogue,)
    if scale is not None or a_zero_point is not None:  # dequantizing: the full path (B's column sums per call)
        epilogue, key = (alpha, bias is not None, activation, residual is not None, True), None
    if key is not None:
        function = _dispatch.get(key)
        if function is not None:
            try:
                if epilogue is None:
                    return function(a, b, out)
                return function(a, b, out, tuple(x for x in (bias, residual) if x is not None))
            except NanommError:
                pass  # refused arguments: the full path below names the problem as matmul does
    epilogue = epilogue and (bias, activation, residual, alpha, scale, a_zero_point)
    if getattr(a, "ndim", 2) != 2 or getattr(b, "ndim", 2) != 2:
        folded = _fold_rows(a, b, out, residual)
        if folded is not None:  # x (..., K) @ W (K, N) with x dense: one 2-D matmul of its rows (its front door)
            a2, out2, residual2, shape = folded
            result = matmul(a2, b, out2, threads, dtype, bias=bias, activation=activation, residual=residual2,
                            alpha=alpha, scale=scale, a_zero_point=a_zero_point)
            return out if out is not None else result.reshape(shape)
        nd_key = None
        if key is not None:
            nd_key = key[:2] + (a.strides, b.strides) + key[2:]
            plan = _nd_plans.get(nd_key)
            if plan is not None:
                result = plan(a, b, out, bias, residual)
                if result is not None:
                    return result
        return _matmul_nd(a, b, out, threads, dtype, epilogue, nd_key)
    return _matmul(a, b, out, threads, dtype, key, epilogue)


def _with_out_dtype(out_dtype, a, b, out, threads, dtype, **epilogue) -> np.ndarray:
    """matmul(..., out_dtype=): the float32 result as matmul gives it, in bfloat16 where asked (see matmul)."""
    want = _result_dtype(out_dtype)
    rounded = want != np.float32
    if rounded and out is not None:
        _check_bf16_out(out, a, b, epilogue)
    result = matmul(a, b, None if rounded else out, threads, dtype, **epilogue)
    if result.dtype != np.float32:
        raise DTypeError(f"out_dtype={want.name} takes a float result; these inputs give {result.dtype} sums: pass "
                         "scale= (and a_zero_point= for a u8 a) to dequantize them")
    if not rounded:
        return result
    if out is not None and out.shape != result.shape:
        raise ShapeError(f"out has shape {out.shape}, expected {result.shape}")
    return to_bfloat16(result, out)


def _result_dtype(out_dtype) -> np.dtype:
    """float32 or bfloat16 for matmul's out_dtype, or the DTypeError naming what it takes."""
    if isinstance(out_dtype, str):
        name = {"f32": "float32", "float32": "float32", "bf16": "bfloat16", "bfloat16": "bfloat16"}.get(out_dtype)
    else:
        try:
            name = np.dtype(out_dtype).name
        except TypeError:
            name = None
    if name == "float32":
        return np.dtype(np.float32)
    if name == "bfloat16":
        return bfloat16()
    raise DTypeError(f"out_dtype must be float32 or bfloat16 (also 'f32', 'bf16'), got {out_dtype!r}")


def _check_bf16_out(out, a, b, epilogue: dict) -> None:
    """An out for a bfloat16 result: _check_out's checks (its shape once the result's is known) and no
    memory shared with the epilogue's arrays either."""
    _check_out(out, getattr(out, "shape", None), bfloat16(), a, b)
    for name in ("bias", "residual"):
        x = epilogue.get(name)
        if isinstance(x, np.ndarray) and np.may_share_memory(out, x):
            raise AliasError(f"out shares memory with {name}; pass a separate output array")


def _fold_rows(a, b, out, residual):
    """(a, out, residual as 2-D views, the result's shape) for a C-contiguous N-D ndarray `a` times a
    2-D ndarray `b` of matching K (with out and residual, when given, C-contiguous ndarrays of the
    result's shape), else None."""
    if not (type(a) is _NDARRAY and type(b) is _NDARRAY and a.ndim > 2 and b.ndim == 2
            and a.shape[-1] == b.shape[0] and a.flags.c_contiguous):
        return None
    shape = a.shape[:-1] + (b.shape[1],)
    views = []
    for x in (out, residual):
        if x is None:
            views.append(None)
        elif type(x) is _NDARRAY and x.shape == shape and x.flags.c_contiguous:
            views.append(x.reshape(-1, shape[-1]))
        else:
            return None  # (the N-D path names what is wrong, or converts)
    return a.reshape(-1, a.shape[-1]), views[0], views[1], shape


def _matmul_nd(a, b, out, threads, dtype, epilogue, key: tuple | None = None) -> np.ndarray:
    """numpy.matmul's N-D and 1-D cases: the batch dimensions broadcast and flattened into one
    batched kernel call (compile_matmul(batch=)) whose entries are read in place where their strides
    allow (broadcasts, slices, swapped last axes: B read transposed), else copied."""
    a, b = _as_array(a, "a"), _as_array(b, "b")
    if a.ndim == 0 or b.ndim == 0:
        raise ShapeError("matmul takes arrays of at least 1 dimension, not scalars (use a * b)")
    a2 = a[None, :] if a.ndim == 1 else a
    b2 = b[:, None] if b.ndim == 1 else b
    (M, K), (K2, N) = a2.shape[-2:], b2.shape[-2:]
    if K != K2:
        raise ShapeError(f"inner dimensions differ: a is {a.shape}, b is {b.shape}")
    try:
        batch_shape = np.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    except ValueError:
        raise ShapeError(f"batch dimensions do not broadcast: a is {a.shape}, b is {b.shape}") from None
    shape = batch_shape + ((M,) if a.ndim > 1 else ()) + ((N,) if b.ndim > 1 else ())
    if dtype is not None:
        a2, b2 = _convert_for(dtype, a2, b2)
    kind = _dtype_kind(a2.dtype, b2.dtype)
    if kind is None or (dtype is not None and kind != dtype):
        return _matmul(a2.reshape(-1, K)[:1], b2.reshape(-1, N)[:K], None, threads, dtype, None, None)  # names it
    c_dtype = np.dtype(DTYPES[kind].numpy_c)
    count = math.prod(batch_shape)
    spec_epilogue, extras = None, ()
    if epilogue is not None:  # (a zero point's column sums once B's entries are known, below)
        spec_epilogue, extras, _ = _epilogue_for(epilogue, M, N, kind, residual_shape=shape)
        if spec_epilogue.zero_point:  # (checked here too: an empty sum runs no kernel)
            check_zero_point(epilogue[5], kind)
        c_dtype = np.dtype(np.float32)  # (an int8 kernel's epilogue dequantizes)
    if out is not None:
        _check_out(out, shape, c_dtype, a, b)
        for x in extras:
            if np.may_share_memory(out, x):
                raise AliasError("out shares memory with residual; pass a separate output array")
    result = out if out is not None else np.empty(shape, c_dtype)
    c3 = result.reshape(count, M, N)
    named = dict(zip([x for x in spec_epilogue.extras if x != "zero_point"], extras)) if spec_epilogue else {}
    if count == 0 or M == 0 or N == 0 or K == 0:
        c3[...] = 0
        if spec_epilogue is not None and c3.size:  # the epilogue of an empty sum (K = 0)
            c3[...] = _numpy_epilogue(c3, spec_epilogue, tuple(named.get(x) for x in spec_epilogue.extras))
        return result
    A, sa = _batch_view(np.broadcast_to(a2, batch_shape + (M, K)), count, transposable=False)
    B, sb, transpose_b = _batch_view(np.broadcast_to(b2, batch_shape + (K, N)), count, transposable=True)
    # views start where the inputs do; a copy elsewhere (then no plan is remembered)
    in_place = data_pointer(A) == data_pointer(a) and data_pointer(B) == data_pointer(b)
    rows = M
    if sb == 0 and (sa == M * K * A.dtype.itemsize or count == 1):
        rows, count = count * M, 1  # one B for all entries of a dense A (x @ W with x 3-D): one taller matmul
    if count == 1:  # one matmul: the 2-D path (its front door, threads over rows and columns)
        bias, residual = named.get("bias"), named.get("residual")
        residual = None if residual is None else residual.reshape(rows, N)
        a_rows = A[0] if rows == M else np.lib.stride_tricks.as_strided(A, (rows, K), A.strides[-2:])
        _matmul(a_rows, B[0], c3.reshape(rows, N), threads, dtype, None,
                epilogue and (bias, epilogue[1], residual) + epilogue[3:])
        return result
    if spec_epilogue is not None and spec_epilogue.zero_point:  # each entry's column sums, first of the arrays
        extras = (zero_point_vector(epilogue[5], B, kind),) + extras  # ((count, N): each entry's B's sums)
    kernel = _kernel_for_views(A, sa, B, sb, transpose_b, kind, threads, spec_epilogue)
    call_with_extras(kernel.spec, kernel._function, A, np.swapaxes(B, -1, -2) if transpose_b else B, c3, extras)
    if key is not None and in_place and dtype in (None, kind) and _dtype_kind(a.dtype, b.dtype) == kind:
        _nd_plans[key] = _BatchedPlan(kernel._function, shape, c_dtype, _extent(A), _extent(B),
                                      spec_epilogue.extras if spec_epilogue else (), N)
        settings.trim_oldest(_nd_plans)
    return result


def _kernel_for_views(A: np.ndarray, sa: int, B: np.ndarray, sb: int, transpose_b: bool, kind: str, threads,
                    epilogue: Epilogue | None) -> Kernel:
    """The batched kernel for _batch_view's (count, M, K) A and (count, K, N) B (batch strides in bytes)."""
    (count, M, K), N = A.shape, B.shape[-1]
    return compile_matmul(M, N, K, kind, threads=threads, epilogue=epilogue, transpose_b=transpose_b, batch=count,
                          batch_strides=(sa // A.dtype.itemsize, sb // B.dtype.itemsize, M * N))


def batched_call(a: np.ndarray, b: np.ndarray, out: np.ndarray, *, bias=None, activation: str | None = None,
                 alpha: float = 1.0, residual=None) -> tuple[object, list[int]] | None:
    """What `matmul(a, b, out=out, threads=1, bias=, activation=, alpha=, residual=)` runs on these
    ndarrays, without running it: (the kernel, its arguments: A, B, C, the epilogue arrays), pointers
    into the arrays as given; None where that call is not one batched kernel reading them in place (a
    copy, a broadcast batch, a converted bias or residual). compiler/forward_program.py's programs call
    it from native code, with the checks done here once per layout."""
    if not all(type(x) is _NDARRAY for x in (a, b, out)) or a.ndim < 3 or b.ndim != a.ndim \
            or a.shape[:-2] != b.shape[:-2] or a.shape[-1] != b.shape[-2] \
            or out.shape != a.shape[:-1] + b.shape[-1:] or not out.flags.c_contiguous:
        return None
    kind = _dtype_kind(a.dtype, b.dtype)
    count, (M, K), N = math.prod(a.shape[:-2]), a.shape[-2:], b.shape[-1]
    if kind is None or out.dtype != np.dtype(DTYPES[kind].numpy_c) or count < 2 or 0 in (M, N, K):
        return None
    spec_epilogue, extras = None, ()
    if bias is not None or activation is not None or alpha != 1.0 or residual is not None:
        spec_epilogue, extras, converted = _epilogue_for((bias, activation, residual, alpha, None, None), M, N, kind,
                                                         residual_shape=out.shape)
        if converted:
            return None
    A, sa = _batch_view(a, count, transposable=False)
    B, sb, transpose_b = _batch_view(b, count, transposable=True)
    if data_pointer(A) != data_pointer(a) or data_pointer(B) != data_pointer(b) or sa == 0 or sb == 0:
        return None
    kernel = _kernel_for_views(A, sa, B, sb, transpose_b, kind, 1, spec_epilogue)
    function = kernel._function
    _, pointers = function.prepare(A, np.swapaxes(B, -1, -2) if transpose_b else B, out.reshape(count, M, N), extras)
    return kernel, pointers + ([count] if function.abi.batch is None else [])


# nanomm.matmul's front door for N-D calls it ran as one batched kernel on the inputs as given:
# (shapes, strides, dtypes, threads, dtype=, epilogue, cores) -> the plan. A repeated call checks
# only what can change (out, the epilogue's arrays, overlaps) and passes the same data pointers:
# the views the first call made start where the inputs do.
_nd_plans: dict[tuple, "_BatchedPlan"] = {}


class _BatchedPlan:
    """A remembered batched call (see _nd_plans); None from a call it does not take (the full path
    then names the problem)."""

    def __init__(self, function, shape, c_dtype, a_extent, b_extent, extras, N: int):
        self.function, self.shape, self.c_dtype = function, shape, c_dtype
        self.extents, self.extras, self.bias_shape = (a_extent, b_extent), extras, (N,)
        self.nbytes = math.prod(shape) * c_dtype.itemsize

    def __call__(self, a, b, out, bias, residual):
        if out is None:
            out = np.empty(self.shape, self.c_dtype)
        elif not (type(out) is _NDARRAY and out.dtype == self.c_dtype and out.shape == self.shape
                  and out.flags.c_contiguous and out.flags.writeable):
            return None
        pc = data_pointer(out)
        pointers = [data_pointer(a), data_pointer(b), pc]
        for (lo, hi), p in zip(self.extents, pointers):
            if p + lo < pc + self.nbytes and pc < p + hi:
                return None  # out overlaps an input
        for name in self.extras:
            x = bias if name == "bias" else residual
            want = self.bias_shape if name == "bias" else self.shape
            if not (type(x) is _NDARRAY and x.dtype == np.float32 and x.shape == want and x.flags.c_contiguous):
                return None
            p = data_pointer(x)
            if p < pc + self.nbytes and pc < p + x.nbytes:
                return None
            pointers.append(p)
        self.function.run(pointers)
        return out


def _extent(x: np.ndarray) -> tuple[int, int]:
    """The byte range [lo, hi) of x's elements relative to its data pointer."""
    lo = sum(s * (n - 1) for n, s in zip(x.shape, x.strides) if s < 0)
    hi = sum(s * (n - 1) for n, s in zip(x.shape, x.strides) if s > 0) + x.itemsize
    return lo, hi


def _batch_view(x: np.ndarray, count: int, transposable: bool):
    """x (batch..., rows, cols) as (count, rows, cols) with one batch stride, and that stride in bytes
    (0: broadcast); for B (`transposable`) also whether its entries are stored transposed. Entries
    neither row-major (nor column-major for B), or batch dimensions no single stride steps through,
    are copied."""
    rows, cols = x.shape[-2:]
    item = x.dtype.itemsize
    row_major = (x.strides[-1] == item or cols == 1) and (x.strides[-2] == cols * item or rows == 1)
    col_major = transposable and (x.strides[-2] == item or rows == 1) and (x.strides[-1] == rows * item or cols == 1)
    stride = _single_stride(x.shape[:-2], x.strides[:-2])
    if stride is None or not (row_major or col_major) or stride % item:
        x, stride, row_major = np.ascontiguousarray(x), rows * cols * item, True
    flat = np.lib.stride_tricks.as_strided(x, (count, rows, cols), (stride,) + x.strides[-2:])
    if not transposable:
        return flat, stride
    return flat, stride, not row_major


def _single_stride(shape: tuple, strides: tuple) -> int | None:
    """The one stride that steps through dimensions `shape` in C order, or None (dimensions of 1 ignored)."""
    dims = [(n, s) for n, s in zip(shape, strides) if n != 1]
    if not dims:
        return 0
    for (n0, s0), (n1, s1) in zip(dims, dims[1:]):
        if s0 != s1 * n1:
            return None
    return dims[-1][1]


def _matmul(a, b, out: np.ndarray | None, threads: int | None, dtype: str | None, key: tuple | None,
            epilogue: tuple | None) -> np.ndarray:
    # the key is of the call as made, before any copy or conversion: remembered for contiguous inputs
    # (b read in place as given, or transposed: see below)
    key = key if _contiguous(a) and (_contiguous(b) or _transposed(b)) else None
    a = _as_array(a, "a")
    b = _as_array(b, "b")
    if a.ndim != 2 or b.ndim != 2:  # (array-likes that were not ndarrays): numpy.matmul's other cases
        return _matmul_nd(a, b, out, threads, dtype, epilogue)
    (M, K), (K2, N) = a.shape, b.shape
    if K != K2:
        raise ShapeError(f"inner dimensions differ: a is {a.shape}, b is {b.shape} (a.shape[1] must equal b.shape[0])")
    if dtype is not None:
        a, b = _convert_for(dtype, a, b)
    inferred = _dtype_kind(a.dtype, b.dtype)
    if dtype is not None and inferred not in (None, dtype):
        raise DTypeError(f"dtype={dtype!r} does not match the inputs ({a.dtype} x {b.dtype} is {inferred!r})")
    dtype = inferred
    if dtype is None:
        supported = ", ".join(f"{d.numpy_a} x {d.numpy_b} -> {d.numpy_c}" for d in DTYPES.values())
        raise DTypeError(f"nanomm.matmul supports {supported}; got {a.dtype} x {b.dtype} "
                         f"(convert with .astype(np.float32), or to ml_dtypes.bfloat16 / uint8 / int8)")
    spec_epilogue, extras = None, ()
    if epilogue is not None:
        spec_epilogue, extras, converted = _epilogue_for(epilogue, M, N, dtype, b=b)
        key = None if converted else key
    c_dtype = np.dtype(np.float32 if spec_epilogue is not None else DTYPES[dtype].numpy_c)
    if out is not None:
        _check_out(out, (M, N), c_dtype, a, b)
        for name, x in zip(spec_epilogue.extras if spec_epilogue else (), extras):
            if np.may_share_memory(out, x):
                raise AliasError(f"out shares memory with {name}; pass a separate output array")
    if M == 0 or N == 0 or K == 0:
        result = out if out is not None else np.empty((M, N), c_dtype)
        result[...] = 0
        if spec_epilogue is not None and M and N:  # the epilogue of an empty sum (K = 0)
            result[...] = _numpy_epilogue(result, spec_epilogue, extras)
        return result
    spec = MatmulSpec(M, N, K, dtype, epilogue=spec_epilogue)  # refuses what nanomm cannot compile, first
    if out is None:
        # Allocate the result before compiling: a result too large for memory fails at once.
        if M * N * c_dtype.itemsize >= 1 << 62:
            raise ShapeError(f"the result ({M} x {N} {c_dtype}) is too large to allocate")
        out = np.empty((M, N), c_dtype)
    # b.T C-contiguous (W.T of a row-major W): a kernel that reads B^T in place
    transpose_b = _transposed(b)
    kernel = _kernel_for(M, N, K, dtype, threads, spec.epilogue, transpose_b)
    function = kernel._function
    if transpose_b:
        function = _TransposedB(function)
    if key is not None and key[2:4] == (a.dtype, b.dtype):  # no conversion: the kernel takes the inputs as given
        _remember(key, function)
    a, b = np.ascontiguousarray(a), (b if transpose_b else np.ascontiguousarray(b))
    if spec.epilogue is None:
        return function(a, b, out)
    return call_with_extras(spec, function, a, b, out, extras)


class _TransposedB:
    """A checked kernel call of a transpose_b kernel, called with the K x N view b: passes b.T
    (whose layout, shape and dtype the kernel checks)."""

    __slots__ = ("function",)

    def __init__(self, function):
        self.function = function

    def __call__(self, a, b, out, *extras):
        return self.function(a, b.T, out, *extras)


def _transposed(b) -> bool:
    """Whether b is a 2-D ndarray stored transposed (b.T C-contiguous, b itself not)."""
    return type(b) is _NDARRAY and b.ndim == 2 and not b.flags.c_contiguous and b.T.flags.c_contiguous


def _epilogue_for(epilogue: tuple, M: int, N: int, dtype: str,
                  residual_shape: tuple | None = None, b=None) -> tuple[Epilogue, tuple, bool]:
    """(the Epilogue of matmul's keywords, its arrays in kernel order as C-contiguous arrays of
    their dtype, whether any was converted) with each keyword checked; the residual has the result's
    shape (`residual_shape`, default (M, N); given, an N-D result's, the residual is passed as
    (-1, M, N)). An int8 kernel's epilogue dequantizes (scale, a_zero_point: B's column sums from `b`;
    without b the caller puts the zero-point vector first in the arrays)."""
    bias, activation, residual, alpha, scale, a_zero_point = epilogue
    integer = DTYPES[dtype].integer
    if integer and scale is None:
        raise DTypeError(f"the epilogue keywords need a float32 result; {dtype} kernels give int32 sums: pass "
                         "scale= (and a_zero_point= for a u8 a) to dequantize them")
    if not integer and a_zero_point is not None:
        raise DTypeError(f"a_zero_point is for int8 inputs (u8 x s8, s8 x s8), not {dtype}")
    ep = Epilogue(alpha, bias is not None, activation, residual is not None, scale=scale is not None,
                  zero_point=bool(a_zero_point))  # checks alpha and activation
    arrays, converted = [], False
    if ep.zero_point and b is not None:
        arrays.append(zero_point_vector(a_zero_point, b, dtype))
    if scale is not None:
        arrays.append(scale_vector(_as_array(scale, "scale") if np.ndim(scale) else scale, N))
    for name, x, shape in (("bias", bias, (N,)), ("residual", residual, residual_shape or (M, N))):
        if x is None:
            continue
        x = _as_array(x, name)
        if x.shape != shape:
            why = f" (one value per column of the result, N={N})" if name == "bias" else " (the result's)"
            raise ShapeError(f"{name} has shape {x.shape}, expected {shape}{why}")
        if not (np.issubdtype(x.dtype, np.floating) or x.dtype.name == "bfloat16"):
            raise DTypeError(f"{name} has dtype {x.dtype}; the epilogue takes float arrays (converted to float32)")
        y = np.ascontiguousarray(x, dtype=np.float32)
        converted |= y is not x
        arrays.append(y if residual_shape is None or name == "bias" else y.reshape(-1, M, N))
    return ep, tuple(arrays), converted


def _numpy_epilogue(c: np.ndarray, ep: Epilogue, extras: tuple) -> np.ndarray:
    """The epilogue in numpy (for the empty sums of K = 0, where no kernel runs: a zero point then
    corrects nothing)."""
    arrays = dict(zip(ep.extras, extras))
    x = c.astype(np.float32) * np.float32(ep.alpha)
    if ep.scale:
        x = x * arrays["scale"]
    if ep.bias:
        x = x + arrays["bias"]
    with np.errstate(over="ignore"):
        x = activation_function(ep.activation)(x)
    if ep.residual:
        x = x * arrays["residual"] if ep.residual_mul else x + arrays["residual"]
    return x


def _kernel_for(M: int, N: int, K: int, dtype: str, threads: int | None,
                epilogue: Epilogue | None = None, transpose_b: bool = False) -> Kernel | ParallelKernel:
    """The kernel nanomm.matmul runs for an M x N x K call: its static-M kernel, or where another M
    of the same range came first, the range's dynamic-M kernel on the same threads (see _ranges)."""
    nthreads = resolve_threads(threads)
    spec = MatmulSpec(M, N, K, dtype, epilogue=epilogue, transpose_b=transpose_b)
    cpu = target_cpu("host")
    used = 1 if nthreads == 1 else threads_used(spec, nthreads, cpu)
    if settings.dynamic_m() and (spec, _cpu_key(cpu), None, used) not in _cache:
        rows = m_range(M)
        key = (N, K, dtype, transpose_b, epilogue, rows, nthreads, _cpu_key(cpu))
        seen = _ranges.setdefault(key, M)
        settings.trim_oldest(_ranges)
        if seen != M:  # a second M of the range, or the range's dynamic-M kernel already
            if not isinstance(seen, Kernel):
                dynamic = MatmulSpec(None, N, K, dtype, epilogue=epilogue, transpose_b=transpose_b)
                seen = _ranges[key] = _dynamic_kernel(dynamic, "host", cpu, None, None, rows, nthreads)
            return seen
    return _static_kernel(spec, nthreads, "host", cpu, None, used)


_NDARRAY = np.ndarray


def _contiguous(x) -> bool:
    return type(x) is _NDARRAY and x.flags.c_contiguous


def _cores() -> int:
    """available_cores(), read again when the last read is over CORES_TTL seconds old."""
    size, when = _cores_read
    now = time.monotonic()
    if now - when > CORES_TTL:
        size = available_cores()
        _cores_read[:] = [size, now]  # two threads racing here both read the mask: harmless
    return size


def _remember(key: tuple, function) -> None:
    _dispatch[key] = function
    settings.trim_oldest(_dispatch)
    kernel = function.function if type(function) is _TransposedB else function
    direct = kernel.direct() if type(kernel) is CompiledFunction else None
    if direct is not None:
        _direct[key] = direct + (kernel is not function,)
        settings.trim_oldest(_direct)


def _convert_for(dtype: str, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The inputs for a kernel of `dtype`: float32 ones converted to bfloat16 for dtype="bf16"."""
    dtype_of(dtype)
    if dtype == "bf16" and (a.dtype == np.float32 or b.dtype == np.float32):
        from ..runtime.convert import to_bfloat16

        return tuple(to_bfloat16(x) if x.dtype == np.float32 else x for x in (a, b))
    return a, b


def _as_array(x, name: str) -> np.ndarray:
    if isinstance(x, np.ma.MaskedArray):
        raise DTypeError(f"{name} is a masked array; nanomm does not apply masks: pass {name}.filled(value)")
    if not isinstance(x, np.ndarray):
        try:
            x = np.asarray(x)
        except Exception as exc:  # noqa: BLE001 - any conversion failure is the user's type
            raise DTypeError(f"{name} must be a numpy array, got {type(x).__name__}: {exc}") from None
    return x


def _check_out(out, shape: tuple[int, int], dtype: np.dtype, a: np.ndarray, b: np.ndarray) -> None:
    if not isinstance(out, np.ndarray):
        raise DTypeError(f"out must be a numpy array, got {type(out).__name__}")
    if out.dtype != dtype:
        raise DTypeError(f"out has dtype {out.dtype}, expected {dtype}")
    if out.shape != shape:
        raise ShapeError(f"out has shape {out.shape}, expected (M, N) = {shape}")
    if not out.flags.c_contiguous:
        raise LayoutError("out must be C-contiguous")
    if not out.flags.writeable:
        raise LayoutError("out is read-only")
    for name, x in (("a", a), ("b", b)):
        if np.may_share_memory(out, x):
            raise AliasError(f"out shares memory with {name}; pass a separate output array")


def _cpu_key(cpu: CpuInfo) -> tuple:
    return (cpu.name, cpu.features, cpu.l1d, cpu.l2, cpu.l3)

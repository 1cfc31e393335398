"""Row kernels: softmax and layer norm over the rows of a float32 matrix, compiled by nanomm.

A transformer spends what its matmuls leave in row-wise work: the softmax of every attention row
and a layer norm of every token. numpy does each in 5-7 passes over memory on one thread; a row
kernel does a row in registers and L1 (softmax: one read, max, exp, sum, one write; layer norm:
three reads of the row, one write) and splits the rows over threads. Each is a payload written in
MLIR's vector dialect for a row length N known at compile time (the row unrolled in 16-lane
vectors, the tail masked), run through expand-math (exp as arith code) and lower-llvm: the
function is `void f(float* X, float* P, float* Y, int64_t rows)`, P the layer norm's gamma and beta
(2 x N), Y may be X (in place). The native pool runs row blocks as it runs matmul parts.
"""

from __future__ import annotations

import ctypes
import math
import threading

import numpy as np

from ..errors import AliasError, DTypeError, LayoutError, ShapeError
from ..runtime import settings
from ..runtime.cpu import native_cpu
from ..runtime.diskcache import DiskCache, content_key
from ..runtime.dtypes import ceil_div
from ..runtime.jit import JitModule
from ..runtime.kernel import data_pointer
from .parallel import resolve_threads

LANES = 16
MAX_N = 1 << 16  # rows longer than this are unrolled too far: not compiled
# Rows go to several threads from this much work (elements), about 20 us on one core: the native
# pool's hand-off is ~1 us, a row element ~1-2 ns.
PARALLEL_MIN_ELEMENTS = 1 << 14

_kernels: dict[tuple, "RowKernel"] = {}
_lock = threading.Lock()


def _chunks(N: int) -> list[tuple[int, int]]:
    """(first column, lanes) of each 16-lane vector of a row of N."""
    return [(j, min(LANES, N - j)) for j in range(0, N, LANES)]


def _read(x: str, j: int, w: int, pad: str, t: str, lines: list[str], name: str) -> str:
    lines.append(f"      %{name} = vector.transfer_read {x}[%i, %c{j}], %{pad} {{in_bounds = [{str(w == LANES).lower()}]}}"
                 f" : {t}, vector<16xf32>")
    return f"%{name}"


def _reduce(values: list[str], op: str, kind: str, lines: list[str], name: str) -> str:
    """The scalar reduction (vector `op`, then vector.reduction `kind`) of vectors `values`, combined
    pairwise: a row's max and sum are latency chains, log2(len) deep this way instead of len."""
    k = 0
    while len(values) > 1:
        pairs = []
        for a, b in zip(values[0::2], values[1::2]):
            lines.append(f"      %{name}{k} = arith.{op} {a}, {b} : vector<16xf32>")
            pairs.append(f"%{name}{k}")
            k += 1
        values = pairs + values[len(pairs) * 2:]
    lines.append(f"      %{name} = vector.reduction <{kind}>, {values[0]} : vector<16xf32> into f32")
    return f"%{name}"


def symbol(kind: str, N: int, eps: float = 0.0) -> str:
    """The function name of a row kernel (a layer norm's names its eps' float32 bits)."""
    return f"nanomm_{kind}_{N}" + (f"_{np.float32(eps).view(np.uint32):08x}" if kind == "layer_norm" else "")


def _consts(N: int) -> list[str]:
    return ["    %c0 = arith.constant 0 : index", "    %c1 = arith.constant 1 : index"] + [
        f"    %c{j} = arith.constant {j} : index" for j, _ in _chunks(N) if j]


def softmax_payload(N: int) -> str:
    """Y[i] = exp(X[i] - max X[i]) / sum: each row's N values read once into registers."""
    t = f"memref<?x{N}xf32>"
    lines = [f"func.func @{symbol('softmax', N)}(%X: {t}, %P: memref<1xf32>, %Y: {t}) {{", *_consts(N),
             "    %ninf = arith.constant 0xFF800000 : f32", "    %one = arith.constant 1.0 : f32",
             f"    %rows = memref.dim %X, %c0 : {t}",
             "    scf.for %i = %c0 to %rows step %c1 {"]
    body: list[str] = []
    xs = [_read("%X", j, w, "ninf", t, body, f"x{k}") for k, (j, w) in enumerate(_chunks(N))]
    peak = _reduce(xs, "maximumf", "maximumf", body, "m")
    body.append(f"      %mv = vector.broadcast {peak} : f32 to vector<16xf32>")
    es = []
    for k, x in enumerate(xs):  # padded lanes: exp(-inf - max) = 0, out of the sum
        body += [f"      %d{k} = arith.subf {x}, %mv : vector<16xf32>", f"      %e{k} = math.exp %d{k} : vector<16xf32>"]
        es.append(f"%e{k}")
    total = _reduce(es, "addf", "add", body, "s")
    body += [f"      %r = arith.divf %one, {total} : f32", "      %rv = vector.broadcast %r : f32 to vector<16xf32>"]
    for k, (j, w) in enumerate(_chunks(N)):
        body += [f"      %y{k} = arith.mulf %e{k}, %rv : vector<16xf32>",
                 f"      vector.transfer_write %y{k}, %Y[%i, %c{j}] {{in_bounds = [{str(w == LANES).lower()}]}}"
                 f" : vector<16xf32>, {t}"]
    return "\n".join(lines + body + ["    }", "    return", "}"]) + "\n"


def layer_norm_payload(N: int, eps: float) -> str:
    """Y[i] = (X[i] - mean) / sqrt(var + eps) * gamma + beta, var the mean of (X[i] - mean)^2 (two
    passes over the row: no cancellation), gamma and beta the rows of P."""
    t, tp = f"memref<?x{N}xf32>", f"memref<2x{N}xf32>"
    eps32 = f"0x{np.float32(eps).view(np.uint32):08X}"
    n32 = f"0x{np.float32(1 / N).view(np.uint32):08X}"
    lines = [f"func.func @{symbol('layer_norm', N, eps)}(%X: {t}, %P: {tp}, %Y: {t}) {{",
             *_consts(N), "    %zero = arith.constant 0.0 : f32", f"    %eps = arith.constant {eps32} : f32",
             f"    %invn = arith.constant {n32} : f32", "    %one = arith.constant 1.0 : f32",
             "    %zv = arith.constant dense<0.0> : vector<16xf32>",
             f"    %rows = memref.dim %X, %c0 : {t}",
             "    scf.for %i = %c0 to %rows step %c1 {"]
    body: list[str] = []
    chunks = _chunks(N)
    xs = [_read("%X", j, w, "zero", t, body, f"x{k}") for k, (j, w) in enumerate(chunks)]
    total = _reduce(xs, "addf", "add", body, "s")
    body += [f"      %mean = arith.mulf {total}, %invn : f32",
             "      %mv = vector.broadcast %mean : f32 to vector<16xf32>"]
    ds = []
    for k, (j, w) in enumerate(chunks):
        body.append(f"      %d{k} = arith.subf %x{k}, %mv : vector<16xf32>")
        if w < LANES:  # the padded lanes (zeros) are not (0 - mean)
            body += [f"      %w{k} = arith.constant {w} : index", f"      %mask{k} = vector.create_mask %w{k} : vector<16xi1>",
                     f"      %dm{k} = arith.select %mask{k}, %d{k}, %zv : vector<16xi1>, vector<16xf32>"]
            ds.append(f"%dm{k}")
        else:
            ds.append(f"%d{k}")
    squares = []
    for k, d in enumerate(ds):
        body.append(f"      %q{k} = arith.mulf {d}, {d} : vector<16xf32>")
        squares.append(f"%q{k}")
    var = _reduce(squares, "addf", "add", body, "v")
    body += [f"      %var = arith.mulf {var}, %invn : f32", "      %ve = arith.addf %var, %eps : f32",
             "      %sd = math.sqrt %ve : f32", "      %rstd = arith.divf %one, %sd : f32",
             "      %rv = vector.broadcast %rstd : f32 to vector<16xf32>"]
    for k, (j, w) in enumerate(chunks):
        inb = str(w == LANES).lower()
        body += [f"      %g{k} = vector.transfer_read %P[%c0, %c{j}], %zero {{in_bounds = [{inb}]}} : {tp}, vector<16xf32>",
                 f"      %b{k} = vector.transfer_read %P[%c1, %c{j}], %zero {{in_bounds = [{inb}]}} : {tp}, vector<16xf32>",
                 f"      %n{k} = arith.mulf {ds[k]}, %rv : vector<16xf32>",
                 f"      %y{k} = math.fma %n{k}, %g{k}, %b{k} : vector<16xf32>",
                 f"      vector.transfer_write %y{k}, %Y[%i, %c{j}] {{in_bounds = [{inb}]}} : vector<16xf32>, {t}"]
    return "\n".join(lines + body + ["    }", "    return", "}"]) + "\n"


class RowKernel:
    """A compiled row kernel of rows of N float32 values; `kernel(x, params, out, threads)`."""

    def __init__(self, N: int, payload: str, symbol: str):
        from .build import _compiler_fingerprint, count_build
        from .pipeline import parse_pipeline, run_pipeline
        from .translate import to_llvm_ir

        cpu = native_cpu()
        features, opt = cpu.feature_string(), settings.opt_level()
        cache = DiskCache()
        key = content_key(_compiler_fingerprint(), payload, cpu.name, features, str(opt))
        jit = JitModule.load_cached(cache, key, cpu.name, features, opt, [symbol])
        count_build(jit is None)
        if jit is None:
            from mlir import ir

            with ir.Context(), ir.Location.unknown():
                module = ir.Module.parse(payload)
                expand = "expand-math{scalef=1}" if cpu.has("avx512f") else "expand-math"  # (exp by vscalefps)
                run_pipeline(module, parse_pipeline(expand + ",lower-llvm"), snapshots=False)
                jit = JitModule(to_llvm_ir(module), cpu.name, features, opt)
            cache.put(key, jit.jit_object(), {"symbols": [symbol], "cpu": cpu.name, "features": features})
        self.N, self._jit = N, jit
        self.address = jit.address(symbol)
        self._cfunc = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)(
            self.address)
        self._plans: dict[tuple[int, int], tuple] = {}  # (rows, parts) -> (native plan, its parts)

    def run(self, x: np.ndarray, params: int, out: np.ndarray, threads: int) -> None:
        """The kernel on checked arrays: x and out (rows, N) float32, C-contiguous; `params` P's address."""
        rows = x.shape[0]
        parts = min(threads, max(1, rows * self.N // PARALLEL_MIN_ELEMENTS), rows)
        if parts <= 1:
            self._cfunc(data_pointer(x), params, data_pointer(out), rows)
            return
        from ..runtime.native_pool import make_plan, native_pool

        pool = native_pool()
        if pool is None:
            self._cfunc(data_pointer(x), params, data_pointer(out), rows)
            return
        entry = self._plans.get((rows, parts))
        if entry is None:  # row blocks of the same kernel: (address, X, P, Y offsets, rows) each
            step, row_bytes = ceil_div(rows, parts), self.N * 4
            blocks = [(self.address, i * row_bytes, 0, i * row_bytes, min(step, rows - i)) for i in range(0, rows, step)]
            entry = self._plans[rows, parts] = (make_plan(blocks), len(blocks))
            settings.trim_oldest(self._plans)
        plan, count = entry
        pool.run(plan, count, data_pointer(x), params, data_pointer(out), threads=parts)


def _kernel(kind: str, N: int, eps: float = 0.0) -> RowKernel:
    key = (kind, N, float(np.float32(eps)), native_cpu().name)
    found = _kernels.get(key)
    if found is None:
        with _lock:
            found = _kernels.get(key)
            if found is None:
                text = softmax_payload(N) if kind == "softmax" else layer_norm_payload(N, eps)
                found = RowKernel(N, text, symbol(kind, N, eps))
                _kernels[key] = found
    return found


def _rows_of(x, name: str) -> np.ndarray:
    if not isinstance(x, np.ndarray):
        raise DTypeError(f"{name} must be a numpy array, got {type(x).__name__}")
    if x.dtype != np.float32:
        raise DTypeError(f"{name} has dtype {x.dtype}; row kernels take float32 (x.astype(np.float32))")
    if x.ndim == 0:
        raise ShapeError(f"{name} is a scalar; row kernels take arrays of rows (the last axis)")
    N = x.shape[-1]
    if not 1 <= N <= MAX_N:
        raise ShapeError(f"rows of {N} values: row kernels take 1 to {MAX_N}")
    return x


def _prepare(x: np.ndarray, out) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(x as C-contiguous rows (a copy if it was not), out as rows, out as given or allocated)."""
    N = x.shape[-1]
    rows_x = np.ascontiguousarray(x).reshape(-1, N)
    if out is None:
        result = np.empty(x.shape, np.float32)
    else:
        if not isinstance(out, np.ndarray) or out.dtype != np.float32:
            raise DTypeError(f"out must be a float32 numpy array, got {getattr(out, 'dtype', type(out).__name__)}")
        if out.shape != x.shape:
            raise ShapeError(f"out has shape {out.shape}, expected {x.shape}")
        if not out.flags.c_contiguous:
            raise LayoutError("out must be C-contiguous")
        if not out.flags.writeable:
            raise LayoutError("out is read-only")
        if np.may_share_memory(out, rows_x) and data_pointer(out) != data_pointer(rows_x):
            raise AliasError("out overlaps x without being x: pass x itself (in place) or a separate array")
        result = out
    return rows_x, result.reshape(-1, N), result


def softmax(x: np.ndarray, out: np.ndarray | None = None, threads: int | None = None) -> np.ndarray:
    """exp(x - max) / sum along the last axis of a float32 array, by a row kernel compiled (once) for
    its length. `out` may be x (in place). NaN in a row makes that row NaN; a row of -inf gives NaN,
    as numpy's expression does."""
    x = _rows_of(x, "x")
    rows, out_rows, result = _prepare(x, out)
    if rows.size:
        _kernel("softmax", x.shape[-1]).run(rows, data_pointer(rows), out_rows, resolve_threads(threads))
    return result


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5,
               out: np.ndarray | None = None, threads: int | None = None) -> np.ndarray:
    """(x - mean) / sqrt(var + eps) * gamma + beta along the last axis of a float32 array (var the
    biased variance, as torch's LayerNorm), by a row kernel compiled (once) for its length and eps.
    gamma, beta: (N,) float arrays. `out` may be x (in place)."""
    x = _rows_of(x, "x")
    N = x.shape[-1]
    if not isinstance(eps, (int, float)) or isinstance(eps, bool) or not (math.isfinite(eps) and eps >= 0):
        raise ShapeError(f"eps must be a finite number >= 0, got {eps!r}")
    params = np.empty((2, N), np.float32)
    for i, (name, v) in enumerate((("gamma", gamma), ("beta", beta))):
        v = np.asarray(v)
        if v.shape != (N,):
            raise ShapeError(f"{name} has shape {v.shape}, expected ({N},) (one value per column)")
        if v.dtype.kind != "f":  # (np.issubdtype(v.dtype, np.floating), at a tenth of its cost)
            raise DTypeError(f"{name} has dtype {v.dtype}; it takes float values (converted to float32)")
        params[i] = v
    rows, out_rows, result = _prepare(x, out)
    if rows.size:
        _kernel("layer_norm", N, eps).run(rows, data_pointer(params), out_rows, resolve_threads(threads))
    return result

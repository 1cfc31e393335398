"""The Kernel a user holds: a compiled matmul with its config, its IR at every stage and its assembly."""

from __future__ import annotations

import dataclasses
import functools
import threading
from typing import Callable

import numpy as np

from ..errors import ConfigError, DTypeError, LayoutError, ShapeError
from ..runtime.jit import JitModule
from ..runtime.kernel import CompiledFunction, PackFunction, flat_packed_shape
from ..runtime.cpu import resolve_target
from ..runtime.dtypes import DTYPES, round_up
from .config import M_RANGES, KernelConfig, default_config, dynamic_config
from .payload import MatmulSpec


@dataclasses.dataclass(frozen=True)
class PackedB:
    """B (K x N) packed once for kernels of one layout; pass it where B goes, call after call."""

    data: np.ndarray
    K: int
    N: int
    layout: tuple  # (dtype, kc, nr): kernels with the same layout can read it
    column_sums: np.ndarray | None = None  # int8 B: its column sums (int64), for an A zero point

    @functools.cached_property
    def flat(self) -> np.ndarray:
        """`data` as a 2-D view (the kernels' native checked call takes 2-D arrays: ~2 us less a call)."""
        return self.data.reshape(flat_packed_shape(self.data.shape))


def epilogue_arrays(spec: MatmulSpec, bias, residual, scale=None, a_zero_point=None, b=None) -> tuple:
    """The epilogue's arrays of a call, in the kernel's argument order; refuses a missing or an
    unexpected one. A scalar `scale` is every column's; `a_zero_point` (an int: the u8 A's zero point)
    becomes the int32 vector a_zero_point * (B's column sums), from `b` (a PackedB's sums, or B)."""
    wanted = spec.extras
    if scale is None and a_zero_point is None:  # the common cases first (every call of a model's layers)
        if not wanted and bias is None and residual is None:
            return ()
        if wanted == ("bias",) and bias is not None and residual is None:
            return (bias,)
        if wanted == ("bias", "residual") and bias is not None and residual is not None:
            return (bias, residual)
    given = {"bias": bias, "residual": residual, "scale": scale, "zero_point": a_zero_point}
    for name, x in given.items():
        if (x is not None) != (name in wanted):
            how = "with" if name in wanted else "without"
            keyword = "a_zero_point" if name == "zero_point" else name
            raise ShapeError(f"{keyword} is {'missing' if x is None else 'given'}: this kernel was compiled {how} "
                             f"a {name} (compile_matmul(..., epilogue=Epilogue({name}=True)))")
    if scale is not None and np.ndim(scale) == 0:
        given["scale"] = scale_vector(scale, spec.N)
    if a_zero_point is not None:
        given["zero_point"] = zero_point_vector(a_zero_point, b, spec.dtype)
    return tuple(given[name] for name in wanted)


def scale_vector(scale, N: int) -> np.ndarray:
    """A scale as the float32 (N,) vector a dequantizing kernel takes (a number: every column's)."""
    if np.ndim(scale) == 0:
        if not isinstance(scale, (int, float, np.integer, np.floating)) or isinstance(scale, bool):
            raise DTypeError(f"scale must be a number or an (N,) float array, got {scale!r}")
        return np.full(N, scale, np.float32)
    x = np.asarray(scale)
    if x.shape != (N,):
        raise ShapeError(f"scale has shape {x.shape}, expected ({N},) (one value per column of the result) or a number")
    if not np.issubdtype(x.dtype, np.floating):
        raise DTypeError(f"scale has dtype {x.dtype}; it takes float values (converted to float32)")
    return np.ascontiguousarray(x, dtype=np.float32)


def check_zero_point(a_zero_point, dtype: str) -> None:
    """That a_zero_point is an int in the range of A's values, or the named error."""
    a_type = DTYPES[dtype].numpy_a
    if not isinstance(a_zero_point, (int, np.integer)) or isinstance(a_zero_point, bool):
        raise DTypeError(f"a_zero_point must be an int (the zero point of A's {a_type} values), "
                         f"got {a_zero_point!r}")
    info = np.iinfo(a_type)
    if not info.min <= a_zero_point <= info.max:
        raise ShapeError(f"a_zero_point={a_zero_point} is outside A's {a_type} range "
                         f"[{info.min}, {info.max}]")


def zero_point_vector(a_zero_point, b, dtype: str) -> np.ndarray:
    """The int32 vector a dequantizing epilogue subtracts from the int32 sums: a_zero_point times
    each column's sum of B (K x N, or a PackedB with its column sums)."""
    check_zero_point(a_zero_point, dtype)
    sums = b.column_sums if isinstance(b, PackedB) else column_sums(b)
    if sums is None:
        raise ShapeError("a_zero_point needs B's column sums: this packed B has none (pack it with an int8 kernel)")
    return (int(a_zero_point) * sums).astype(np.int32)  # within int32: K is at most MAX_K


def column_sums(b) -> np.ndarray:
    """The column sums of a K x N integer B (int64), of each entry of a (count, K, N) batch of them
    ((count, N)), or the error naming what B is not."""
    if not isinstance(b, np.ndarray) or b.ndim not in (2, 3) or b.dtype.kind not in "iu":
        raise DTypeError(f"b must be a 2-D (or a batch's 3-D) integer numpy array for a_zero_point, got "
                         f"{getattr(b, 'dtype', type(b).__name__)} {getattr(b, 'shape', '')}")
    return b.sum(axis=-2, dtype=np.int64)


def call_with_extras(spec: MatmulSpec, function, a, b, out, extras: tuple):
    """function(a, b, out, extras), the checked call of a kernel with epilogue arrays. A dequantizing
    kernel (int8 sums, float32 results) writes the float32 out through its int32 view (C's 4 bytes),
    out allocated here where a's shape tells it (else the kernel's checks name a's problem)."""
    if spec.epilogue is None or not DTYPES[spec.dtype].integer:
        return function(a, b, out, extras)
    if out is not None:
        if not isinstance(out, np.ndarray) or out.dtype != np.float32:
            raise DTypeError(f"out has dtype {getattr(out, 'dtype', type(out).__name__)}: this kernel dequantizes "
                             "to float32")
        function(a, b, out.view(np.int32), extras)
        return out
    shaped = isinstance(a, np.ndarray) and a.ndim == (3 if spec.batched else 2)
    if not shaped or (spec.batched and spec.batch_strides[2] != spec.M * spec.N):
        return function(a, b, None, extras)  # (raises: a's shape, or an out= needed)
    shape = (a.shape[0], spec.M, spec.N) if spec.batched else (a.shape[0], spec.N)
    result = np.empty(shape, np.float32)
    function(a, b, result.view(np.int32), extras)
    return result


def transposed_argument(spec: MatmulSpec, b):
    """What a kernel compiled with transpose_b takes for the K x N `b` it is called with: b.T, an
    N x K array (C-contiguous for a view like W.T of a row-major W: no copy; else copied)."""
    if not spec.transpose_b or not isinstance(b, np.ndarray) or b.shape[-2:] != (spec.K, spec.N):
        return b  # (a wrong b gets the kernel's own error)
    if spec.batched:  # (batch, K, N) -> (batch, N, K); its strides are checked by the kernel
        return np.swapaxes(b, -1, -2) if b.ndim == 3 else b
    if b.ndim != 2:
        return b
    return b.T if b.T.flags.c_contiguous else np.ascontiguousarray(b.T)


class Kernel:
    """A JIT-compiled matmul: `kernel(a, b, out)` runs it (C = A @ B, or C += A @ B when accumulating).

    B may be a row-major array or a `PackedB` from `kernel.prepack(b)`. A kernel compiled with
    `compile_matmul(..., b=weights)` holds its packed B, and `kernel(a)` uses it.
    """

    def __init__(self, spec: MatmulSpec, config: KernelConfig, target: str, function: CompiledFunction,
                 snapshots: Callable[[], dict[str, str]], llvm_ir: str | Callable[[], str],
                 compile_seconds: float, pack: PackFunction | None = None, from_disk_cache: bool = False,
                 vector_bits: int = 512):
        self.spec = spec
        self.vector_bits = vector_bits
        self.config = config
        self.target = target
        self.compile_seconds = compile_seconds
        self.from_disk_cache = from_disk_cache
        self._inspect = None
        self.packed_b: PackedB | None = None
        self._function = function
        self._pack = pack
        self._make_snapshots = snapshots
        self._snapshot_cache: dict[str, str] | None = None
        self._llvm_ir = llvm_ir
        self._variant: Kernel | None = None
        self._variant_lock = threading.Lock()

    def __call__(self, a: np.ndarray, b=None, out: np.ndarray | None = None, *, bias: np.ndarray | None = None,
                 residual: np.ndarray | None = None, scale=None, a_zero_point: int | None = None) -> np.ndarray:
        """C = epilogue(A @ B) into out (allocated when None); bias, residual, scale and a_zero_point
        are the arrays (and zero point) of an epilogue compiled with them (compile_matmul(...,
        epilogue=Epilogue(bias=True, ...))). A dequantizing int8 kernel returns float32."""
        extras = epilogue_arrays(self.spec, bias, residual, scale, a_zero_point,
                                 self.packed_b if b is None else b)
        if b is None:
            if self.packed_b is None:
                raise ShapeError("b is missing: pass B, or compile with compile_matmul(..., b=weights)")
            if self.spec.prepacked_b:  # this kernel's own packed weights: their layout is this kernel's
                return self._call(a, self.packed_b.flat, out, extras)
            b = self.packed_b
        if isinstance(b, PackedB):
            if not self.spec.prepacked_b:
                return self._prepacked_variant()(a, b, out, bias=bias, residual=residual, scale=scale,
                                                 a_zero_point=a_zero_point)
            if (b.K, b.N, b.layout) != (self.spec.K, self.spec.N, self.layout):
                raise LayoutError(f"b was packed for K={b.K} N={b.N} layout {b.layout}; this kernel takes "
                                  f"K={self.spec.K} N={self.spec.N} layout {self.layout}")
            return self._call(a, b.flat, out, extras)
        if self.spec.prepacked_b:
            return self._call(a, self.prepack(b).flat, out, extras)
        return self._call(a, transposed_argument(self.spec, b), out, extras)

    def _call(self, a, b, out, extras: tuple):
        return call_with_extras(self.spec, self._function, a, b, out, extras) if extras else self._function(a, b, out)

    @property
    def layout(self) -> tuple:
        return (self.spec.dtype, self.config.kc, self.config.nr, self.config.pad_k)

    def prepack(self, b: np.ndarray) -> PackedB:
        """Packs B once (by generated code) so that later calls skip packing it."""
        if not self.spec.prepacked_b:
            return self._prepacked_variant().prepack(b)
        sums = column_sums(b) if DTYPES[self.spec.dtype].integer and isinstance(b, np.ndarray) else None
        return PackedB(self._pack(b), self.spec.K, self.spec.N, self.layout, sums)

    def _prepacked_variant(self) -> "Kernel":
        """The same kernel compiled to read pre-packed B (built on first use)."""
        with self._variant_lock:
            if self._variant is None:
                from .build import build_kernel

                spec = dataclasses.replace(self.spec, prepacked_b=True)
                M, N, K = spec.M, spec.N, spec.K
                cpu = resolve_target(self.target)
                config = None  # the default for pre-packed B ...
                if M is None:  # ... of the dynamic-M kernel's M range
                    config = next((dynamic_config(N, K, cpu, True, spec.dtype, rows) for rows in M_RANGES
                                   if self.config == dynamic_config(N, K, cpu, False, spec.dtype, rows)), None)
                    default = config is not None
                else:
                    default = self.config == default_config(M, N, K, cpu, dtype=spec.dtype)
                if not default:
                    # ... or the user's config, made to read packed B
                    config = dataclasses.replace(self.config, pack_b=True,
                                                 nc=round_up(self.config.nc, self.config.nr))
                self._variant = build_kernel(spec, self.target, config)
            return self._variant

    @property
    def _snapshots(self) -> dict[str, str]:
        if self._snapshot_cache is None:
            self._snapshot_cache = self._make_snapshots()
        return self._snapshot_cache

    @property
    def stages(self) -> list[str]:
        """Names accepted by `ir()`: "input", then each pass of the pipeline in order."""
        return list(self._snapshots)

    def ir(self, stage: str = "input") -> str:
        """The MLIR after the pass named `stage` ("input" for the payload); replays the pipeline once."""
        if stage not in self._snapshots:
            raise ConfigError(f"no stage '{stage}'; stages: {', '.join(self._snapshots)}")
        return self._snapshots[stage]

    def _llvm_text(self) -> str:
        if callable(self._llvm_ir):
            self._llvm_ir = self._llvm_ir()
        return self._llvm_ir

    def _ir_module(self):
        """The JitModule holding IR: the kernel's own, or after a disk-cache hit, the IR compiled again."""
        if not self.from_disk_cache:
            return self._function._owner
        with self._variant_lock:
            if self._inspect is None:
                owner = self._function._owner
                self._inspect = JitModule(self._llvm_text(), owner.cpu, owner.features, owner.opt_level)
        return self._inspect

    def llvm_ir(self, optimized: bool = False) -> str:
        """The LLVM IR handed to llvmlite (or, with optimized=True, after LLVM's O3)."""
        return self._ir_module().optimized_ir() if optimized else self._llvm_text()

    def asm(self) -> str:
        """The x86 assembly of the kernel."""
        return self._ir_module().asm()

    @property
    def pipeline(self) -> str:
        return self.config.pipeline(self.spec.prepacked_b, self.spec.dtype, self.spec.epilogue is not None,
                                    self.vector_bits)

    def __repr__(self) -> str:
        s = self.spec
        return f"<nanomm.Kernel {s.dtype} M={s.M} N={s.N} K={s.K} target={self.target} config={self.config}>"

"""float32 -> bfloat16 conversion by generated code (for `nanomm.matmul(..., dtype="bf16")` on float32 inputs).

One JIT-compiled loop per process, `void nanomm_f32_to_bf16(const float* src, bf16* dst, i64 n)`:
LLVM's `fptrunc <16 x float> to <16 x bfloat>` (`vcvtneps2bf16`) on CPUs with AVX512_BF16, and
the same rounding in integer vector code elsewhere (LLVM lowers a bfloat fptrunc there to a call
of `__truncsfbf2`, which the JIT cannot resolve). Rounding: to nearest, ties to even
(the IEEE default, as `ml_dtypes` and `torch.bfloat16` do); NaN stays NaN, infinities stay
infinite, float32 values beyond bfloat16's range round to infinity. float32 denormals become
zero of the same sign, as `vcvtneps2bf16` treats them (and `vdpbf16ps` treats bf16 denormal
inputs as zero anyway); everything else converts bit for bit as `x.astype(ml_dtypes.bfloat16)`.
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from nanomm.errors import DTypeError
from nanomm.runtime.cpu import native_cpu

SYMBOL = "nanomm_f32_to_bf16"
_CFUNC = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)

# The rounding as integer code on the float32 bits, for 16 lanes (`V`: the bits) or one (`S`).
def _rounding(t: str, x: str, y: str) -> str:
    def const(v: int) -> str:
        return f"splat (i32 {v})" if t.startswith("<") else str(v)
    i32, i16 = (t, t.replace("i32", "i16"))
    return f"""
  %{y}.b = bitcast {i32.replace("i32", "float")} %{x} to {i32}
  %{y}.e = and {i32} %{y}.b, {const(0x7F800000)}
  %{y}.m = and {i32} %{y}.b, {const(0x007FFFFF)}
  %{y}.inf = icmp eq {i32} %{y}.e, {const(0x7F800000)}
  %{y}.mz = icmp ne {i32} %{y}.m, {const(0)}
  %{y}.nan = and {t.replace("i32", "i1")} %{y}.inf, %{y}.mz
  %{y}.den = icmp eq {i32} %{y}.e, {const(0)}
  %{y}.hi = lshr {i32} %{y}.b, {const(16)}
  %{y}.lsb = and {i32} %{y}.hi, {const(1)}
  %{y}.bias = add {i32} %{y}.lsb, {const(0x7FFF)}
  %{y}.sum = add {i32} %{y}.b, %{y}.bias
  %{y}.rne = lshr {i32} %{y}.sum, {const(16)}
  %{y}.q = or {i32} %{y}.hi, {const(0x40)}
  %{y}.sign = and {i32} %{y}.hi, {const(0x8000)}
  %{y}.r1 = select {t.replace("i32", "i1")} %{y}.den, {i32} %{y}.sign, {i32} %{y}.rne
  %{y}.r2 = select {t.replace("i32", "i1")} %{y}.nan, {i32} %{y}.q, {i32} %{y}.r1
  %{y} = trunc {i32} %{y}.r2 to {i16}"""


def _ir(native: bool) -> str:
    """The loop: `fptrunc` where the CPU converts natively, the integer rounding elsewhere."""
    if native:
        vector = "  %y = fptrunc <16 x float> %x to <16 x bfloat>"
        scalar = "  %y1 = fptrunc float %x1 to bfloat"
        vt, st = "<16 x bfloat>", "bfloat"
    else:
        vector, scalar = _rounding("<16 x i32>", "x", "y"), _rounding("i32", "x1", "y1")
        vt, st = "<16 x i16>", "i16"
    return _IR.replace("@VECTOR@", vector).replace("@SCALAR@", scalar).replace("@VT@", vt).replace("@ST@", st)


_IR = f"""
define void @{SYMBOL}(ptr noalias %src, ptr noalias %dst, i64 %n) {{
entry:
  %vn = and i64 %n, -16
  %any = icmp ne i64 %vn, 0
  br i1 %any, label %vloop, label %tail
vloop:
  %i = phi i64 [0, %entry], [%i.next, %vloop]
  %s = getelementptr float, ptr %src, i64 %i
  %x = load <16 x float>, ptr %s, align 4
@VECTOR@
  %d = getelementptr i16, ptr %dst, i64 %i
  store @VT@ %y, ptr %d, align 2
  %i.next = add i64 %i, 16
  %more = icmp ult i64 %i.next, %vn
  br i1 %more, label %vloop, label %tail
tail:
  %j0 = phi i64 [0, %entry], [%vn, %vloop]
  %rest = icmp ult i64 %j0, %n
  br i1 %rest, label %sloop, label %exit
sloop:
  %j = phi i64 [%j0, %tail], [%j.next, %sloop]
  %s1 = getelementptr float, ptr %src, i64 %j
  %x1 = load float, ptr %s1, align 4
@SCALAR@
  %d1 = getelementptr i16, ptr %dst, i64 %j
  store @ST@ %y1, ptr %d1, align 2
  %j.next = add i64 %j, 1
  %more1 = icmp ult i64 %j.next, %n
  br i1 %more1, label %sloop, label %exit
exit:
  ret void
}}
"""

_lock = threading.Lock()
_function: list = []  # [cfunc, JitModule] once built


def _converter():
    if not _function:
        with _lock:
            if not _function:
                from nanomm.runtime.jit import JitModule

                cpu = native_cpu()
                module = JitModule.cached(_ir(cpu.has("avx512bf16")), cpu.name, cpu.feature_string())
                _function.extend([_CFUNC(module.address(SYMBOL)), module])
    return _function[0]


def bfloat16() -> np.dtype:
    """numpy's bfloat16 dtype (ml_dtypes'), imported on first use: loading ml_dtypes takes most of a
    second on some hosts (`python -X importtime -c 'import ml_dtypes'`), which float32 work need not pay."""
    import ml_dtypes

    return np.dtype(ml_dtypes.bfloat16)


def to_bfloat16(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """A C-contiguous bfloat16 array with x's float32 values rounded to nearest even: new, or `out`
    (a C-contiguous bfloat16 array of x's shape that the caller has checked)."""
    if not isinstance(x, np.ndarray) or x.dtype != np.float32:
        raise DTypeError(f"to_bfloat16 converts float32 arrays, got {getattr(x, 'dtype', type(x).__name__)}")
    src = np.ascontiguousarray(x)
    if out is None:
        out = np.empty(src.shape, bfloat16())
    elif out.dtype != bfloat16() or out.shape != src.shape or not out.flags.c_contiguous:
        raise DTypeError(f"to_bfloat16 writes a C-contiguous bfloat16 array of shape {src.shape}")
    if src.size:
        _converter()(src.ctypes.data, out.ctypes.data, src.size)
    return out

"""float32 -> bfloat16 conversion by generated code (for `nanomm.matmul(..., dtype="bf16")` on float32 inputs).

One JIT-compiled loop per process, `void nanomm_f32_to_bf16(const float* src, bf16* dst, i64 n)`:
LLVM's `fptrunc <16 x float> to <16 x bfloat>`, which becomes `vcvtneps2bf16` on CPUs with
AVX512_BF16 (and an exact software sequence elsewhere). Rounding: to nearest, ties to even
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
  %y = fptrunc <16 x float> %x to <16 x bfloat>
  %d = getelementptr bfloat, ptr %dst, i64 %i
  store <16 x bfloat> %y, ptr %d, align 2
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
  %y1 = fptrunc float %x1 to bfloat
  %d1 = getelementptr bfloat, ptr %dst, i64 %j
  store bfloat %y1, ptr %d1, align 2
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
                module = JitModule(_IR, cpu.name, cpu.feature_string())
                _function.extend([_CFUNC(module.address(SYMBOL)), module])
    return _function[0]


def to_bfloat16(x: np.ndarray) -> np.ndarray:
    """A new C-contiguous bfloat16 array with x's float32 values rounded to nearest even."""
    import ml_dtypes

    if not isinstance(x, np.ndarray) or x.dtype != np.float32:
        raise DTypeError(f"to_bfloat16 converts float32 arrays, got {getattr(x, 'dtype', type(x).__name__)}")
    src = np.ascontiguousarray(x)
    out = np.empty(src.shape, ml_dtypes.bfloat16)
    if src.size:
        _converter()(src.ctypes.data, out.ctypes.data, src.size)
    return out

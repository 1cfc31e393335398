"""A naive LLVM IR matmul: a reference kernel that checks the JIT and the caches without MLIR."""

from __future__ import annotations


def naive_matmul_ir(name: str = "k", m: int = 3, n: int = 5, k: int = 4, accumulate: bool = False) -> str:
    """A naive f32 triple loop: C[i,j] (+)= sum_k A[i,k] * B[k,j], all row-major."""
    init = "%init = load float, ptr %cptr" if accumulate else "%init = fadd float 0.0, 0.0"
    return f"""
define void @{name}(ptr noalias %a, ptr noalias %b, ptr noalias %c) {{
entry:
  br label %i.loop
i.loop:
  %i = phi i64 [0, %entry], [%i.next, %i.latch]
  br label %j.loop
j.loop:
  %j = phi i64 [0, %i.loop], [%j.next, %j.latch]
  %ci = mul i64 %i, {n}
  %cij = add i64 %ci, %j
  %cptr = getelementptr float, ptr %c, i64 %cij
  {init}
  br label %k.loop
k.loop:
  %kk = phi i64 [0, %j.loop], [%kk.next, %k.loop]
  %acc = phi float [%init, %j.loop], [%acc.next, %k.loop]
  %ai = mul i64 %i, {k}
  %aik = add i64 %ai, %kk
  %aptr = getelementptr float, ptr %a, i64 %aik
  %av = load float, ptr %aptr
  %bk = mul i64 %kk, {n}
  %bkj = add i64 %bk, %j
  %bptr = getelementptr float, ptr %b, i64 %bkj
  %bv = load float, ptr %bptr
  %prod = fmul float %av, %bv
  %acc.next = fadd float %acc, %prod
  %kk.next = add i64 %kk, 1
  %k.done = icmp eq i64 %kk.next, {k}
  br i1 %k.done, label %j.latch, label %k.loop
j.latch:
  store float %acc.next, ptr %cptr
  %j.next = add i64 %j, 1
  %j.done = icmp eq i64 %j.next, {n}
  br i1 %j.done, label %i.latch, label %j.loop
i.latch:
  %i.next = add i64 %i, 1
  %i.done = icmp eq i64 %i.next, {m}
  br i1 %i.done, label %exit, label %i.loop
exit:
  ret void
}}
"""


def matmul_mismatch(c, a, b, c0=None) -> str | None:
    """None when c == a @ b (+ c0) within float32 rounding, else a description of the worst miss.

    The reference is computed in float64; the bound is the classic one for a K-term dot
    product, from the absolute product: |c - ref| <= (K + 1) * 2**-22 * (|a| @ |b| + |c0|) + 1e-6.
    bf16 inputs use the same bound (a product of two bf16 is exact in float32, so only the
    float32 sums round). Integer results (int8 kernels) must equal the int64 reference exactly.
    """
    import numpy as np

    if np.issubdtype(np.asarray(c).dtype, np.integer):
        return _exact_mismatch(np.asarray(c), a, b, c0)

    a64, b64 = np.asarray(a, np.float64), np.asarray(b, np.float64)
    (M, K), N = a64.shape, b64.shape[1]
    if c.shape != (M, N):
        return f"result has shape {c.shape}, expected {(M, N)}"
    ref, scale = a64 @ b64, np.abs(a64) @ np.abs(b64)
    if c0 is not None:
        c064 = np.asarray(c0, np.float64)
        ref, scale = ref + c064, scale + np.abs(c064)
    bound = (K + 1) * 2.0**-22 * scale + 1e-6
    err = np.abs(np.asarray(c, np.float64) - ref)
    bad = ~(err <= bound)  # NaN counts as bad
    if not bad.any():
        return None
    i, j = np.argwhere(bad)[0]
    return (f"{int(bad.sum())} of {c.size} elements out of tolerance for M,N,K={M},{N},{K}; first at "
            f"[{i},{j}]: got {c[i, j]!r}, expected {ref[i, j]!r} (bound {bound[i, j]:.3g})")


def _exact_mismatch(c, a, b, c0=None) -> str | None:
    """None when the integer result c equals a @ b (+ c0) computed in int64, else the first miss."""
    import numpy as np

    a64, b64 = np.asarray(a, np.int64), np.asarray(b, np.int64)
    (M, K), N = a64.shape, b64.shape[1]
    if c.shape != (M, N):
        return f"result has shape {c.shape}, expected {(M, N)}"
    # int64 matmul has no BLAS: go through float64, exact while |sums| < 2**53 (int8 x int8 x K < 2**31).
    ref = np.rint(a64.astype(np.float64) @ b64.astype(np.float64)).astype(np.int64)
    if c0 is not None:
        ref = ref + np.asarray(c0, np.int64)
    bad = np.asarray(c, np.int64) != ref
    if not bad.any():
        return None
    i, j = np.argwhere(bad)[0]
    return (f"{int(bad.sum())} of {c.size} elements differ for M,N,K={M},{N},{K}; first at [{i},{j}]: "
            f"got {c[i, j]!r}, expected {ref[i, j]!r} (exact)")

"""Builds the payload IR of a matmul: a func.func holding linalg.matmul on static memrefs."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DTypeError, ShapeError

# nanomm dtype name -> (MLIR A/B type, MLIR C type, numpy A, numpy B, numpy C)
DTYPES = {
    "f32": ("f32", "f32", "float32", "float32", "float32"),
    "bf16": ("bf16", "f32", "bfloat16", "bfloat16", "float32"),
    "u8s8": ("i8", "i32", "uint8", "int8", "int32"),
    "s8s8": ("i8", "i32", "int8", "int8", "int32"),
}

# The largest K whose int32 sums cannot overflow, whatever the int8 inputs: |a*b| is at most
# 255*128 for u8 x s8 and 128*128 for s8 x s8 (the kernels' wrap-around arithmetic is exact
# whenever the true result fits in int32, so no intermediate sum matters).
MAX_K = {"u8s8": (2**31 - 1) // (255 * 128), "s8s8": (2**31 - 1) // (128 * 128)}

MAX_DIM = 1 << 31


@dataclass(frozen=True)
class MatmulSpec:
    """What a kernel computes: C (MxN) = A (MxK) @ B (KxN), or C += A @ B when accumulate.

    M=None: a dynamic-M kernel, whose A and C have any number of rows, passed at each call
    (`void f(A, B, C, int64_t M)`; see tile-cache and tile-register)."""

    M: int | None
    N: int
    K: int
    dtype: str = "f32"
    accumulate: bool = False
    prepacked_b: bool = False  # B is passed pre-packed (see the pack pass); the kernel skips packing
    # Row stride of B in elements (0: N, dense): this B is a column block of a B `ldb` wide. With
    # prepacked_b, the block's panels sit inside the packed layout of that wider B (compiler/parallel.py
    # packs B once for every thread this way).
    ldb: int = 0
    ldc: int = 0  # row stride of C in elements (0: N, dense)

    def __post_init__(self):
        for key in ("M", "N", "K") if self.M is not None else ("N", "K"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ShapeError(f"{key} must be an int, got {type(value).__name__}")
            if value <= 0:
                raise ShapeError(f"{key} must be positive to compile a kernel, got {value}")
            if value >= MAX_DIM:
                raise ShapeError(f"{key}={value} is too large (the limit is {MAX_DIM - 1})")
        for key in ("ldb", "ldc"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool) or (value and value < self.N):
                raise ShapeError(f"{key} must be 0 (dense) or at least N={self.N}, got {value!r}")
        if self.dtype not in DTYPES:
            raise DTypeError(f"unsupported dtype '{self.dtype}' (supported: {', '.join(DTYPES)})")
        if self.K > MAX_K.get(self.dtype, self.K):
            raise ShapeError(f"K={self.K} can overflow the int32 sums of a {self.dtype} matmul: the largest K "
                             f"nanomm accepts for {self.dtype} is {MAX_K[self.dtype]}")

    @property
    def symbol(self) -> str:
        acc = "_acc" if self.accumulate else ""
        pb = "_pb" if self.prepacked_b else ""
        ld = "".join(f"_{key}{getattr(self, key)}" for key in ("ldb", "ldc") if getattr(self, key) not in (0, self.N))
        m = "dyn" if self.M is None else self.M
        return f"nanomm_matmul_{self.dtype}_{m}x{self.N}x{self.K}{acc}{pb}{ld}"

    @property
    def dynamic_m(self) -> bool:
        return self.M is None

    @property
    def flops(self) -> int:
        if self.M is None:
            raise ShapeError("a dynamic-M kernel has no fixed flop count: use 2 * M * N * K for the M of a call")
        return 2 * self.M * self.N * self.K


def payload(spec: MatmulSpec) -> str:
    """MLIR text of the payload function `spec.symbol(A, B, C)`."""
    ab, c, *_ = DTYPES[spec.dtype]
    M, N, K = "?" if spec.M is None else spec.M, spec.N, spec.K
    ta = f"memref<{M}x{K}x{ab}>"
    tb = _strided(K, N, ab, spec.ldb)
    tc = _strided(M, N, c, spec.ldc)
    zero = "0.0" if c.startswith("f") else "0"
    fill = "" if spec.accumulate else (
        f"    %zero = arith.constant {zero} : {c}\n"
        f"    linalg.fill ins(%zero : {c}) outs(%C : {tc})\n")
    # linalg.matmul sign-extends integer operands; an unsigned A is marked for nanomm's passes.
    from ..passes._ir import A_UNSIGNED

    attrs = f" {{{A_UNSIGNED}}}" if spec.dtype == "u8s8" else ""
    return (
        f"func.func @{spec.symbol}(%A: {ta}, %B: {tb}, %C: {tc}) {{\n"
        f"{fill}"
        f"    linalg.matmul{attrs} ins(%A, %B : {ta}, {tb}) outs(%C : {tc})\n"
        f"    return\n"
        f"}}\n"
    )


def _strided(rows: int | str, cols: int, elt: str, ld: int) -> str:
    if ld in (0, cols):
        return f"memref<{rows}x{cols}x{elt}>"
    return f"memref<{rows}x{cols}x{elt}, strided<[{ld}, 1]>>"

"""Python builders for ops MLIR 22's Python bindings lack (x86vector, later amx), and nanomm's own."""

from .x86vector import avx512_dot

__all__ = ["avx512_dot"]

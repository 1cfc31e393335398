"""Python builders for ops MLIR 22's Python bindings lack (x86vector, amx), and nanomm's own."""

from . import amx
from .x86vector import avx512_dot

__all__ = ["amx", "avx512_dot"]

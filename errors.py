"""The one exception hierarchy of nanomm: every error it raises derives from NanommError."""

from __future__ import annotations


class NanommError(Exception):
    """Base class of every error nanomm raises on purpose."""


class DTypeError(NanommError, TypeError):
    """An array or a requested data type is not one the kernel supports."""


class ShapeError(NanommError, ValueError):
    """Array shapes do not match the kernel or each other, or a size is unsupported."""


class LayoutError(NanommError, ValueError):
    """An array is not laid out as the kernel needs (contiguity, alignment, writability)."""


class AliasError(NanommError, ValueError):
    """The output array shares memory with an input."""


class ConfigError(NanommError, ValueError):
    """A kernel configuration (tile sizes, options) that cannot work, with the reason."""


class RegisterError(ConfigError):
    """A register tile that does not fit the target's vector registers (it would spill)."""


class TargetError(NanommError, ValueError):
    """An unknown target CPU or a target that lacks the instructions a kernel needs (`missing`:
    the LLVM features it lacks, where that is the reason)."""

    def __init__(self, message: str, missing: tuple[str, ...] = ()):
        super().__init__(message)
        self.missing = tuple(missing)


class CpuFeatureError(NanommError, RuntimeError):
    """This CPU lacks an instruction set extension the kernel was compiled for."""


class MLIRInputError(NanommError, ValueError):
    """MLIR input that cannot be parsed or that nanomm does not support."""


class PassError(NanommError, RuntimeError):
    """A pass or pipeline failed; the message carries diagnostics and a reproducer."""


class JitError(NanommError, RuntimeError):
    """LLVM could not compile the generated IR to machine code."""

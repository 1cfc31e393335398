"""nanomm: an MLIR-based nanokernel compiler for CPU matrix multiplication."""

from __future__ import annotations

from .errors import (
    AliasError,
    ConfigError,
    CpuFeatureError,
    DTypeError,
    JitError,
    LayoutError,
    MLIRInputError,
    NanommError,
    PassError,
    RegisterError,
    ShapeError,
    TargetError,
)

__version__ = "0.1.0"


def __getattr__(name: str):
    # The compiler (and MLIR) load on first use, so `import nanomm.runtime` stays MLIR-free.
    if name in ("matmul", "compile_matmul", "compile", "Kernel", "KernelConfig", "default_config", "ParallelKernel",
                "PackedB", "Epilogue", "softmax", "layer_norm"):
        from . import compiler

        value = globals()[name] = getattr(compiler, name)  # later lookups skip this function (~1 us a call)
        return value
    raise AttributeError(f"module 'nanomm' has no attribute '{name}'")


__all__ = [
    "AliasError", "ConfigError", "CpuFeatureError", "DTypeError", "Epilogue", "JitError", "Kernel", "KernelConfig",
    "LayoutError", "MLIRInputError", "NanommError", "PassError", "RegisterError", "ShapeError", "TargetError",
    "compile", "compile_matmul", "default_config", "layer_norm", "matmul", "softmax",
]

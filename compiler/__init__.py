"""The compiler: payload IR, pass pipeline, LLVM IR, JIT; and the user-facing API built on it."""

from .mlir_import import import_mlir

import_mlir()  # before any module below imports `mlir`: a Ctrl-C meanwhile must not crash MLIR's initialisation

from .api import compile_matmul, matmul
from .config import KernelConfig, default_config
from .frontend import compile
from .kernel import Kernel, PackedB
from .parallel import ParallelKernel
from .payload import Epilogue
from .rows import layer_norm, softmax

__all__ = ["Epilogue", "Kernel", "KernelConfig", "PackedB", "ParallelKernel", "compile", "compile_matmul", "default_config",
           "layer_norm", "matmul", "softmax"]

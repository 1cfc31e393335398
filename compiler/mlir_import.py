"""The one place nanomm first imports MLIR's Python bindings, with Ctrl-C held back meanwhile.

Initialising MLIR's native extension (mlir/_mlir_libs: C++ that creates Python enums and
registers dialects) cannot be interrupted safely: a KeyboardInterrupt raised inside it aborts
or crashes the process. compiler/__init__.py calls import_mlir() before anything else in
compiler/ (and so before passes/ and dialects/, which only compiler/ imports) runs; the later
`from mlir import ...` lines elsewhere then find the modules already loaded. A Ctrl-C that
arrives during the import is raised as KeyboardInterrupt as soon as it completes.
"""

from __future__ import annotations

import importlib

from ..runtime.signals import sigint_deferred

# Every native extension behind what nanomm imports from the `mlir` package (compiler/, passes/,
# dialects/). linalg and llvm are their extensions only: their Python modules (linalg's named ops
# built by opdsl, ~0.1 s; llvm's 0.9 MB of generated op classes, ~40 ms from a warm file cache) serve
# only the passes that build kernels, which import them when a kernel is compiled.
MODULES = ("mlir.ir", "mlir.passmanager", "mlir.dialects.arith", "mlir.dialects.func",
           "mlir._mlir_libs._mlirDialectsLinalg", "mlir._mlir_libs._mlirDialectsLLVM", "mlir.dialects.memref",
           "mlir.dialects.scf", "mlir.dialects.vector")


def import_mlir() -> None:
    """Imports MODULES with SIGINT deferred (runtime/signals.py); a no-op once they are loaded."""
    with sigint_deferred():
        for name in MODULES:
            importlib.import_module(name)

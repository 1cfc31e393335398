"""The one place nanomm first imports MLIR's Python bindings, with Ctrl-C held back meanwhile.

Initialising MLIR's native extension (mlir/_mlir_libs: C++ that creates Python enums and
registers dialects) cannot be interrupted safely: a KeyboardInterrupt raised inside it aborts
or crashes the process. compiler/__init__.py calls import_mlir() before anything else in
compiler/ (and so before passes/ and dialects/, which only compiler/ imports) runs; the later
`from mlir import ...` lines elsewhere then find the modules already loaded. A Ctrl-C that
arrives during the import is raised as KeyboardInterrupt as soon as it completes.
"""

from __future__ import annotations

import contextlib
import importlib
import signal
import threading
from typing import Iterator

# Everything nanomm imports from the `mlir` package (compiler/, passes/, dialects/).
MODULES = ("mlir.ir", "mlir.passmanager", "mlir.dialects.arith", "mlir.dialects.func", "mlir.dialects.linalg",
           "mlir.dialects.llvm", "mlir.dialects.memref", "mlir.dialects.scf", "mlir.dialects.vector")


def import_mlir() -> None:
    """Imports MODULES with SIGINT deferred (see sigint_deferred); a no-op once they are loaded."""
    with sigint_deferred():
        for name in MODULES:
            importlib.import_module(name)


@contextlib.contextmanager
def sigint_deferred() -> Iterator[None]:
    """Holds a Ctrl-C (SIGINT) back until the block ends, then raises it as usual.

    Two layers, because either alone leaves a hole: SIGINT is blocked in the main thread
    (pthread_sigmask), so the block's system calls are not interrupted; and the Python
    handler is swapped for one that only records the signal, because a process-directed
    SIGINT that the main thread blocks goes to another thread (numpy's BLAS threads, say),
    whose C handler still makes the main thread run the Python handler at its next
    bytecode, which may be inside the extension's initialisation. Only the main thread can
    change handlers; elsewhere the block runs as is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    try:
        if previous is not None:  # None: a handler set outside Python, which could not be put back
            signal.signal(signal.SIGINT, lambda signum, _frame: pending.append(signum))
    except (ValueError, OSError):  # no signals here (e.g. a sub-interpreter)
        yield
        return
    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hasattr(signal, "pthread_sigmask") \
        else None
    try:
        yield
    finally:
        if old_mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)  # a held-back SIGINT arrives now: recorded
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if pending:
            if callable(previous):
                previous(signal.SIGINT, None)  # default_int_handler: raises KeyboardInterrupt now
            elif previous == signal.SIG_DFL:
                signal.raise_signal(signal.SIGINT)

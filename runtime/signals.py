"""Holding Ctrl-C back while native code that must not be interrupted runs (MLIR's import, LLVM callbacks)."""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Iterator


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

    Used around MLIR's first import (compiler/mlir_import.py) and around LLVM's
    finalize_object (runtime/jit.py), which calls back into Python: a KeyboardInterrupt
    raised inside a ctypes callback is printed and dropped, so the Ctrl-C would be lost.
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


def import_module(name: str):
    """importlib.import_module with Ctrl-C held back while the module is first imported: a KeyboardInterrupt
    raised in an import's module-lock weakref callback is printed and dropped, so the Ctrl-C would be lost
    (test_reliability_cache's Ctrl-C during compiles). A module already imported is returned as it is."""
    import importlib
    import sys

    found = sys.modules.get(name)
    if found is None:
        with sigint_deferred():
            found = importlib.import_module(name)
    return found

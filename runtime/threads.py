"""Runs compiled kernels on several cores: a persistent pool of threads calling machine code through ctypes."""

from __future__ import annotations

import os
import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from nanomm.runtime.kernel import CheckedCall, KernelABI

# Kernels keep packed B blocks on the stack (up to a few MiB): give workers room for them.
WORKER_STACK_BYTES = 64 << 20


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity mask)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class _Batch:
    """One parallel call: counts finished tasks and wakes the caller after the last."""

    def __init__(self, tasks: int):
        self.left = tasks
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.error: BaseException | None = None

    def finish(self, error: BaseException | None = None) -> None:
        with self.lock:
            if error is not None and self.error is None:
                self.error = error
            self.left -= 1
            if self.left == 0:
                self.done.set()


class CallPool:
    """Worker threads that run C calls; ctypes releases the GIL, so they run in parallel.

    `run(calls)` runs calls[0] on the calling thread and the others on workers, and returns
    when all are done. Several Python threads may use one pool at once.
    """

    def __init__(self) -> None:
        self._queues: list[queue.SimpleQueue] = []
        self._lock = threading.Lock()

    def _ensure(self, workers: int) -> None:
        with self._lock:
            if len(self._queues) >= workers:
                return
            old = threading.stack_size()
            threading.stack_size(WORKER_STACK_BYTES)
            try:
                while len(self._queues) < workers:
                    q: queue.SimpleQueue = queue.SimpleQueue()
                    t = threading.Thread(target=_worker, args=(q,), name=f"nanomm-{len(self._queues)}", daemon=True)
                    t.start()
                    self._queues.append(q)
            finally:
                threading.stack_size(old)

    def run(self, calls: Sequence[tuple[Callable, tuple]]) -> None:
        if len(calls) == 1:
            fn, args = calls[0]
            fn(*args)
            return
        self._ensure(len(calls) - 1)
        batch = _Batch(len(calls) - 1)
        for q, (fn, args) in zip(self._queues, calls[1:]):
            q.put((fn, args, batch))
        fn, args = calls[0]
        try:
            fn(*args)
        finally:
            batch.done.wait()
        if batch.error is not None:
            raise batch.error


def _worker(q: queue.SimpleQueue) -> None:
    while True:
        fn, args, batch = q.get()
        try:
            fn(*args)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            batch.finish(exc)
        else:
            batch.finish()


_pool = CallPool()


@dataclass(frozen=True)
class Part:
    """One thread's share: a kernel and the byte offsets of its A, B and C within the whole arrays."""

    cfunc: Callable
    a_offset: int
    b_offset: int
    c_offset: int


class ParallelFunction(CheckedCall):
    """The whole matmul described by `abi`, computed by `parts` on as many threads."""

    def __init__(self, abi: KernelABI, parts: Sequence[Part], owner: Any = None,
                 pool: CallPool | None = None) -> None:
        super().__init__(abi, owner)
        self.parts = list(parts)
        self._pool = pool or _pool

    def __call__(self, a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        out, pa, pb, pc = self.prepare(a, b, out)
        self._pool.run([(p.cfunc, (pa + p.a_offset, pb + p.b_offset, pc + p.c_offset)) for p in self.parts])
        return out

"""Runs compiled kernels on several cores.

ParallelFunction hands its parts to the native pool of runtime/native_pool.py (machine-code
workers, ~0.7 us per hand-off on the 2-core VM). CallPool below, Python threads calling
through ctypes on POSIX semaphores (~47 us per hand-off), is the fallback where the native
pool cannot run, and runs Python callables (tests that make a part fail).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import threading
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from nanomm.runtime import settings, trampoline
from nanomm.runtime.cpu import native_cpu
from nanomm.runtime.kernel import CheckedCall, KernelABI, aligned_empty
from nanomm.runtime.native_pool import ContextWrites, make_plan, native_pool

# Kernels keep packed B blocks on the stack (up to a few MiB): give workers room for them.
WORKER_STACK_BYTES = 64 << 20


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity mask)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _libc_semaphores():
    """POSIX semaphores from libc: waiting on one in ctypes releases the GIL (None if unavailable)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        for name in ("sem_init", "sem_wait", "sem_post"):
            getattr(libc, name).argtypes = [ctypes.c_void_p] + ([ctypes.c_int, ctypes.c_uint] if name == "sem_init" else [])
        return libc
    except (OSError, AttributeError):
        return None


_libc = _libc_semaphores()


class _Semaphore:
    """A POSIX semaphore (libc) or, where there is none, a threading.Semaphore."""

    def __init__(self) -> None:
        if _libc is not None:
            self._buf = ctypes.create_string_buffer(64)  # sem_t is 32 bytes on x86-64 glibc
            if _libc.sem_init(self._buf, 0, 0) == 0:
                self.post = lambda: _libc.sem_post(self._buf)
                self.wait = self._wait_libc
                return
        sem = threading.Semaphore(0)
        self.post, self.wait = sem.release, sem.acquire

    def _wait_libc(self) -> None:
        while _libc.sem_wait(self._buf) != 0:  # EINTR: a signal arrived; wait again
            pass


class _Worker:
    def __init__(self, index: int) -> None:
        self.go, self.done = _Semaphore(), _Semaphore()
        self.task: tuple | None = None
        self.error: BaseException | None = None
        threading.Thread(target=self._loop, name=f"nanomm-{index}", daemon=True).start()

    def _loop(self) -> None:
        while True:
            self.go.wait()
            fn, args = self.task
            try:
                fn(*args)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                self.error = exc
            self.done.post()


class CallPool:
    """Worker threads that run C calls; ctypes releases the GIL, so they run in parallel.

    `run(calls)` runs calls[0] on the calling thread and the others on workers, and returns
    when all are done. Workers sleep on POSIX semaphores: a hand-off costs ~47 us on a quiet
    2-core VM, mostly waking the other vCPU (a queue and an Event took ~58-70 us). Python threads sharing a pool take turns.
    """

    def __init__(self) -> None:
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()

    def _ensure(self, workers: int) -> None:
        if len(self._workers) >= workers:
            return
        old = threading.stack_size()
        threading.stack_size(WORKER_STACK_BYTES)
        try:
            while len(self._workers) < workers:
                self._workers.append(_Worker(len(self._workers)))
        finally:
            threading.stack_size(old)

    def run(self, calls: Sequence[tuple[Callable, tuple]]) -> None:
        if len(calls) == 1:
            fn, args = calls[0]
            fn(*args)
            return
        with self._lock:
            self._ensure(len(calls) - 1)
            used = self._workers[:len(calls) - 1]
            for worker, call in zip(used, calls[1:]):
                worker.task, worker.error = call, None
                worker.go.post()
            fn, args = calls[0]
            try:
                fn(*args)
            finally:
                # Workers write into the caller's arrays: never return (not even on Ctrl-C)
                # before every one of them is done.
                for worker in used:
                    _wait_uninterrupted(worker.done)
            for worker in used:
                if worker.error is not None:
                    raise worker.error


def _wait_uninterrupted(sem: "_Semaphore") -> None:
    interrupted = None
    while True:
        try:
            sem.wait()
            break
        except KeyboardInterrupt as exc:
            interrupted = exc
    if interrupted is not None:
        raise interrupted


_pool = CallPool()


@dataclass(frozen=True)
class Part:
    """One thread's share: a kernel and the byte offsets of its A, B and C within the whole arrays."""

    cfunc: Callable
    a_offset: int
    b_offset: int
    c_offset: int
    extra_offsets: tuple[int, ...] = ()  # of the epilogue's arrays (KernelABI.extras), in order


_PART_FUNCTION = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)


def part_function(address: int) -> Callable:
    """Generated code at `address` called as a part: f(A + a_offset, B + b_offset, C + c_offset).
    A pack function `void f(B*, Bp*)` is called so too (its A is B, its B the packed buffer; the
    third pointer is ignored, as the x86-64 calling convention allows)."""
    return _PART_FUNCTION(address)


@dataclass(frozen=True)
class SharedB:
    """B packed once per call for all parts, by `parts` (run first, in parallel): part i packs a
    column block, f(B + a_offset, packed + b_offset); then the kernels read the packed buffer
    (`nbytes`, 64-byte aligned) as their B."""

    parts: Sequence[Part]
    nbytes: int


class ParallelFunction(CheckedCall):
    """The whole matmul described by `abi`, computed by `parts` on as many threads."""

    def __init__(self, abi: KernelABI, parts: Sequence[Part], owner: Any = None,
                 pool: CallPool | None = None, shared_b: SharedB | None = None, threads: int | None = None) -> None:
        super().__init__(abi, owner)
        self.parts = list(parts)
        # Threads that run the parts (the caller and threads-1 workers): with more parts than
        # threads, a thread claims the next part when it finishes one (runtime/native_pool.py).
        self.threads = min(threads or len(self.parts), len(self.parts))
        self.shared_b = shared_b
        self._pool = pool or _pool
        # The native pool (runtime/native_pool.py: ~10x cheaper hand-offs) unless a pool is given.
        self._native_pool = native_pool() if pool is None and settings.thread_pool() == "native" else None
        self._plan = self._pack_plan = None  # the parts as native plans (with the native pool)
        self._contexts = self._writes = None  # with epilogue arrays: the parts' adapter contexts
        if self._native_pool is not None and abi.extras:
            adapter = extras_adapter()
            if adapter is None:
                self._native_pool = None
            else:
                self._contexts = [(ctypes.c_int64 * ADAPTER_SLOTS)(ctypes.cast(p.cfunc, ctypes.c_void_p).value)
                                  for p in self.parts]
                self._plan = make_plan([(adapter, p.a_offset, p.b_offset, p.c_offset, ctypes.addressof(ctx))
                                        for p, ctx in zip(self.parts, self._contexts)])
                self._writes = context_writes(self._contexts, [p.extra_offsets for p in self.parts])
                self._pack_plan = _plan(shared_b.parts) if shared_b else None
                if shared_b is None:  # the whole call natively, as below
                    self._use_native_extras(self._native_pool.try_run_x_address,
                                            (self._native_pool.block_address, ctypes.addressof(self._plan),
                                             len(self.parts)), self._writes)
        elif self._native_pool is not None:
            self._plan = _plan(self.parts)
            self._pack_plan = _plan(shared_b.parts) if shared_b else None
            # The native checked call (runtime/trampoline.py) runs the plan without Python once
            # the pool's workers are started: ~2 us less per call than prepare() + run(). It runs
            # one plan: a call that packs B first takes the Python path (large problems only).
            if shared_b is None:
                self._use_native(self._native_pool.try_run_address,
                                 (self._native_pool.block_address, ctypes.addressof(self._plan), len(self.parts)))
        self._buffer: np.ndarray | None = None  # the packed B of the last call, kept for the next
        self._buffer_lock = threading.Lock()

    def _native_ready(self) -> bool:
        return self._native_pool.ready(self.threads) and super()._native_ready()

    def __call__(self, a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None, extras: tuple = ()) -> np.ndarray:
        done, out = self.call_native(a, b, out, extras)
        if done:
            return out
        out, pa, pb, pc = self.prepare(a, b, out)
        pointers = self.check_extras(tuple(extras), out) if extras or self.abi.extras else []
        if self.shared_b is None:
            self._run(self._plan, self.parts, pa, pb, pc, pointers)
            return out
        with self._packed_buffer() as packed:
            self._run(self._pack_plan, self.shared_b.parts, pb, packed, 0)
            self._run(self._plan, self.parts, pa, packed, pc, pointers)
        return out

    def _run(self, plan, parts: list[Part], pa: int, pb: int, pc: int, extras: Sequence[int] = ()) -> None:
        if self._native_pool is not None:  # (with extras, plan is the adapters' and _writes theirs)
            self._native_pool.run(plan, len(parts), pa, pb, pc, threads=self.threads,
                                  writes=self._writes if extras else None, values=extras)
            return
        calls = [(p.cfunc, (pa + p.a_offset, pb + p.b_offset, pc + p.c_offset,
                            *(x + o for x, o in zip(extras, p.extra_offsets)))) for p in parts]
        _run_in_turns(self._pool, calls, self.threads)

    @contextlib.contextmanager
    def _packed_buffer(self):
        """The address of a buffer for packed B: the kept one, or (while another Python thread
        calls this kernel) a new one for this call."""
        if not self._buffer_lock.acquire(blocking=False):
            buffer = aligned_empty((self.shared_b.nbytes,), np.uint8, 64)
            yield buffer.ctypes.data
            return
        try:
            if self._buffer is None:
                self._buffer = aligned_empty((self.shared_b.nbytes,), np.uint8, 64)
                self._buffer[...] = 0  # rows past K in the last K block are never written (nor read)
            yield self._buffer.ctypes.data
        finally:
            self._buffer_lock.release()


ADAPTER_SLOTS = 6  # a context's int64s: the kernel and five arguments (four epilogue arrays and M)
_ADAPTER_ARGS = range(3, 2 + ADAPTER_SLOTS)
_ADAPTER_IR = (
    "; A part of a kernel with epilogue arrays, as the native pool calls parts: f(A, B, C, rows) with\n"
    "; rows the address of the part's context [kernel, x3 ... x7] (written for each call), called as\n"
    "; kernel(A, B, C, x3, ..., x7): a static-M kernel's arrays then anything, a dynamic-M kernel's\n"
    "; arrays then M in every slot left (SysV x86-64: a callee ignores the arguments it does not take)\n"
    "define void @nanomm_extras_adapter(ptr %a, ptr %b, ptr %c, i64 %ctx) {\n"
    "  %p = inttoptr i64 %ctx to ptr\n  %fn = load ptr, ptr %p\n"
    + "".join(f"  %x{i}p = getelementptr i64, ptr %p, i64 {i - 2}\n  %x{i} = load i64, ptr %x{i}p\n"
              for i in _ADAPTER_ARGS)
    + f"  call void %fn(ptr %a, ptr %b, ptr %c, {', '.join(f'i64 %x{i}' for i in _ADAPTER_ARGS)})\n"
    "  ret void\n}\n")
_adapter: list = []  # [its address or None, its JitModule], made on first use
_adapter_lock = threading.Lock()


def extras_adapter() -> int | None:
    """The address of the native pool's adapter for kernels with epilogue arrays (JIT'd once)."""
    if not _adapter:
        with _adapter_lock:
            if not _adapter:
                try:
                    from nanomm.runtime.jit import JitModule

                    cpu = native_cpu()
                    module = JitModule.cached(_ADAPTER_IR, cpu.name, cpu.feature_string())
                    _adapter.extend([module.address("nanomm_extras_adapter"), module])
                except Exception:  # noqa: BLE001 - no adapter: the Python pool runs such kernels
                    _adapter.extend([None, None])
    return _adapter[0]


def context_writes(contexts: Sequence[ctypes.Array], offsets: Sequence[Sequence[int]]) -> ContextWrites:
    """The writes that put a call's epilogue arrays (at the byte `offsets` of each part) into the
    parts' adapter contexts (slot 1 + j for array j)."""
    return ContextWrites([(ctypes.addressof(ctx) + 8 * (1 + j), j, o)
                          for ctx, offs in zip(contexts, offsets) for j, o in enumerate(offs)])


def _run_in_turns(pool: CallPool, calls: list[tuple[Callable, tuple]], threads: int) -> None:
    """The Python pool runs one call per thread: thread i runs calls i, i + threads, ..."""
    pool.run([(_in_turn, (calls[i::threads],)) for i in range(min(threads, len(calls)))])


def _in_turn(calls: list[tuple[Callable, tuple]]) -> None:
    for fn, args in calls:
        fn(*args)


def _plan(parts: Sequence[Part]) -> ctypes.Array:
    return make_plan([(ctypes.cast(p.cfunc, ctypes.c_void_p).value, p.a_offset, p.b_offset, p.c_offset)
                      for p in parts])


class DynamicMFunction(CheckedCall):
    """A dynamic-M kernel (`single`, whose calls take M) on up to `threads` threads: `split(M)` gives
    each call's parts, [(kernel address, A, B, C byte offsets, rows, the epilogue arrays' byte
    offsets), ...] (one part: `single` on one thread; the kernels of the parts have single's C
    signature), a plan made once per M (the most recent settings.memory_cache_entries() kept):
    row blocks of the same kernel, or column blocks of kernels compiled for them."""

    def __init__(self, single: CheckedCall, threads: int, split: Callable[[int], list[tuple]]) -> None:
        super().__init__(single.abi, single._owner)
        if single.abi.M is not None:
            raise ValueError("DynamicMFunction takes a dynamic-M kernel")
        self.single, self.threads, self._split = single, threads, split
        self._plans: dict[int, _RowPlan | None] = {}
        self._native_pool = native_pool() if settings.thread_pool() == "native" else None
        if self._native_pool is not None and single.abi.extras and extras_adapter() is None:
            self._native_pool = None
        if self._dtypes["a"] is None:
            raise ValueError(f"numpy does not know the dtype {single.abi.a_dtype!r} (import ml_dtypes)")

    def _plan(self, M: int) -> _RowPlan | None:
        """The plan for M rows; None where one thread runs it."""
        parts = self._split(M)
        entry = None
        if len(parts) > 1:
            entry = _RowPlan(parts, type(self.single._cfunc))
            if self._native_pool is not None and self.abi.extras:
                # each part through the adapter: its context [kernel, arrays (written per call), M ...]
                entry.contexts = [(ctypes.c_int64 * ADAPTER_SLOTS)(address, *[n] * (ADAPTER_SLOTS - 1))
                                  for address, _, _, _, n, _ in parts]
                entry.plan = make_plan([(extras_adapter(), ao, bo, co, ctypes.addressof(ctx))
                                        for (_, ao, bo, co, _, _), ctx in zip(parts, entry.contexts)])
                entry.writes = context_writes(entry.contexts, [part[5] for part in parts])
                pool = (self._native_pool.block_address, ctypes.addressof(entry.plan), len(parts))
                checked, entry.params = self.native_extras(self._native_pool.try_run_x_address, M, pool,
                                                           entry.writes)
                if checked is not None:
                    entry.fast = trampoline.fast_call(entry.params, self.extras_ndims())
            elif self._native_pool is not None:
                entry.plan = make_plan([part[:5] for part in parts])
                if trampoline.checked_call() is not None and not self._missing and None not in self._dtypes.values():
                    # The whole call in machine code, as ParallelFunction's: A and out of exactly M rows.
                    pool = (self._native_pool.block_address, ctypes.addressof(entry.plan), len(parts))
                    entry.params = self.native_params(self._native_pool.try_run_address, M, pool)
                    entry.fast = trampoline.fast_call(entry.params)
        self._plans[M] = entry
        settings.trim_oldest(self._plans)
        return entry

    def __call__(self, a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None, extras: tuple = ()) -> np.ndarray:
        M = self._rows(a)
        entry = self._plans.get(M, False) if M else None
        if entry is False:
            entry = self._plan(M)
        if entry is None:  # one thread (or arguments the single kernel's checks will name)
            return self.single(a, b, out, extras) if extras or self.abi.extras else self.single(a, b, out)
        threads = min(self.threads, len(entry.parts))
        if entry.fast is not None and self._native_pool.ready(threads):
            done, out = self.call_native(a, b, out, extras, entry.fast)
            if done:
                return out
        out, pa, pb, pc = self.single.prepare(a, b, out)
        pointers = self.single.check_extras(tuple(extras), out) if extras or self.abi.extras else []
        if entry.plan is not None:  # (with extras, the adapters' plan and entry.writes theirs)
            self._native_pool.run(entry.plan, len(entry.parts), pa, pb, pc, threads=threads,
                                  writes=entry.writes if pointers else None, values=pointers)
            return out
        _run_in_turns(_pool, [(call, (pa + ao, pb + bo, pc + co, *(x + o for x, o in zip(pointers, offs)), n))
                              for call, (_, ao, bo, co, n, offs) in zip(entry.calls, entry.parts)], threads)
        return out


class _RowPlan:
    """DynamicMFunction's plan for one M: the parts (see DynamicMFunction), their ctypes calls for
    the Python pool and, with the native pool, their native plan and the native checked call with
    its params; with epilogue arrays, each part's adapter context and the writes that fill them
    (under the pool's run lock)."""

    def __init__(self, parts: list[tuple], cfunc_type) -> None:
        self.parts = parts
        self.calls = [cfunc_type(part[0]) for part in parts]
        self.plan = self.params = self.fast = self.contexts = self.writes = None

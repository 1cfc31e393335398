"""A thread pool in machine code: workers that spin briefly, then sleep on a futex, and call kernels.

The Python pool of runtime/threads.py hands work over through POSIX semaphores: ~47 us per
call on the 2-core VM (waking a sleeping thread), which keeps threads off every problem under
~0.2 ms. Here the whole hand-off is native code, JIT-compiled once per process from the LLVM
IR below (no MLIR, no compiler), and run by threads that never touch Python:

- `nanomm_pool_worker(arg)` is the body of each worker (started with pthread_create, with a
  64 MiB stack for the kernels' packed-B buffers). It waits for the pool's generation counter
  to change: spinning first (64 `pause`s, then sched_yield, for `spin` rounds in all, so
  back-to-back calls find it awake, and a thread sharing its CPU still gets to run), then
  sleeping in futex(FUTEX_WAIT). Woken, it claims parts of the plan — each a kernel address
  and the byte offsets of its A, B and C — from a claim word (compare-and-swap) and runs them
  until none is left, decrementing `pending` after each.
- `nanomm_pool_run(pool, plan, n, A, B, C)` (called through ctypes, so without the GIL)
  publishes the plan and its claim word, bumps the generation, wakes sleepers only if there
  are any, runs part 0 (the largest: the caller starts first), then claims and runs parts
  like a worker, then waits (spin, then futex) until
  `pending` is zero. It never returns before every part is done, so a caller's arrays are
  never written after the call. Parts are claimed, not assigned: a worker that another
  process keeps off its CPU does not hold the call up unless it has started a part.
- `nanomm_pool_try_run(...)` (same arguments) takes the pool's run lock (a compare-and-swap)
  and runs, or returns 1 at once when another caller holds it. The native checked call
  (runtime/trampoline.py) calls it without the GIL or any Python lock; `run` (the Python path)
  takes it too, so one caller at a time runs a plan either way.
- `nanomm_pool_try_run_x(..., writes, nw, values)` is try_run that first writes the contexts
  from which the parts' adapters read a call's epilogue arrays (bias, residual): written
  under the run lock, they need no lock of their own.

Futex words are 32-bit ints on separate cache lines; the memory orders are the usual
publish/consume pairs (release store of the plan before the generation bump, acquire load of
the generation before reading the plan; acq_rel decrement of `pending`). One caller at a time:
the run lock above. Linux on x86-64 only; elsewhere `NativePool.create`
returns None and runtime/threads.py's pool is used.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import platform
import sys
import threading
from typing import Sequence

from nanomm.runtime.cpu import native_cpu

STACK_BYTES = 64 << 20
SPIN_ROUNDS = 2000  # 64 `pause` rounds, then sched_yield rounds (~0.3-1 ms in all) before sleeping

# Pool block layout (bytes): each futex word on its own 64-byte line.
GEN, PENDING, SLEEPERS, STOP = 0, 64, 128, 192
PLAN, NPARTS, PA, PB, PC, SPIN, LOCK = 256, 264, 272, 280, 288, 296, 304
CLAIM = 8  # 64-bit claim word (generation << 32 | parts << 16 | next part), on the generation's line
POOL_BYTES = 320
MAX_PARTS = 65535
PART_WORDS = 5  # per part: kernel address, A, B, C byte offsets, rows (M of a dynamic-M kernel)

_IR = r"""
declare i64 @syscall(i64, ...)
declare void @llvm.x86.sse2.pause()

define internal void @futex_wait(ptr %word, i32 %val) {
  %r = call i64 (i64, ...) @syscall(i64 202, ptr %word, i32 128, i32 %val, ptr null)
  ret void
}

define internal void @futex_wake(ptr %word, i32 %n) {
  %r = call i64 (i64, ...) @syscall(i64 202, ptr %word, i32 129, i32 %n)
  ret void
}

; Runs part %i of the published plan.
define internal void @run_part(ptr %pool, i64 %i) {
  %planp = getelementptr i8, ptr %pool, i64 256
  %plan = load ptr, ptr %planp
  %pap = getelementptr i8, ptr %pool, i64 272
  %pa = load i64, ptr %pap
  %pbp = getelementptr i8, ptr %pool, i64 280
  %pb = load i64, ptr %pbp
  %pcp = getelementptr i8, ptr %pool, i64 288
  %pc = load i64, ptr %pcp
  %base = mul i64 %i, 5
  %fnp = getelementptr i64, ptr %plan, i64 %base
  %fn = load i64, ptr %fnp
  %i1 = add i64 %base, 1
  %aop = getelementptr i64, ptr %plan, i64 %i1
  %ao = load i64, ptr %aop
  %i2 = add i64 %base, 2
  %bop = getelementptr i64, ptr %plan, i64 %i2
  %bo = load i64, ptr %bop
  %i3 = add i64 %base, 3
  %cop = getelementptr i64, ptr %plan, i64 %i3
  %co = load i64, ptr %cop
  %i4 = add i64 %base, 4
  %rowsp = getelementptr i64, ptr %plan, i64 %i4
  %rows = load i64, ptr %rowsp
  %a = add i64 %pa, %ao
  %b = add i64 %pb, %bo
  %c = add i64 %pc, %co
  %fptr = inttoptr i64 %fn to ptr
  %ap = inttoptr i64 %a to ptr
  %bp = inttoptr i64 %b to ptr
  %cp = inttoptr i64 %c to ptr
  ; rows: a dynamic-M kernel's M; a static kernel (three parameters) ignores it (SysV x86-64)
  call void %fptr(ptr %ap, ptr %bp, ptr %cp, i64 %rows)
  ret void
}

; Claims parts of generation %g from the claim word (generation << 32 | parts << 16 | next
; part) and runs them until none is left; each part run decrements `pending`, and the one that
; makes it zero wakes the caller. The word carries the generation and the part count, so a
; thread that looks late (after the plan it woke for is done, or while the next one is being
; published) fails the comparison or the compare-and-swap: it never runs a part twice.
define internal void @claim_and_run(ptr %pool, i32 %g) {
entry:
  %claimp = getelementptr i8, ptr %pool, i64 8
  %pending = getelementptr i8, ptr %pool, i64 64
  %g64 = zext i32 %g to i64
  br label %try
try:
  %c = load atomic i64, ptr %claimp acquire, align 8
  %cg = lshr i64 %c, 32
  %same = icmp eq i64 %cg, %g64
  br i1 %same, label %check, label %done
check:
  %nsh = lshr i64 %c, 16
  %n = and i64 %nsh, 65535
  %idx = and i64 %c, 65535
  %some = icmp ult i64 %idx, %n
  br i1 %some, label %take, label %done
take:
  %c1 = add i64 %c, 1
  %r = cmpxchg ptr %claimp, i64 %c, i64 %c1 acq_rel acquire
  %ok = extractvalue { i64, i1 } %r, 1
  br i1 %ok, label %run, label %try
run:
  call void @run_part(ptr %pool, i64 %idx)
  %p = atomicrmw sub ptr %pending, i32 1 acq_rel
  %last = icmp eq i32 %p, 1
  br i1 %last, label %wake, label %try
wake:
  call void @futex_wake(ptr %pending, i32 1)
  br label %try
done:
  ret void
}

; Waits until the 32-bit word at %word differs from %old (spin, then futex); returns the new value.
; With %sleepers non-null, counts itself there while asleep (so a waker can skip the syscall).
define internal i32 @wait_change(ptr %word, i32 %old, i64 %spin, ptr %sleepers) {
entry:
  br label %spin.loop
spin.loop:
  %k = phi i64 [0, %entry], [%k.next, %spin.count]
  %v = load atomic i32, ptr %word acquire, align 4
  %changed = icmp ne i32 %v, %old
  br i1 %changed, label %done, label %spin.next
spin.next:
  %short = icmp ult i64 %k, 64
  br i1 %short, label %pause, label %yield
pause:
  call void @llvm.x86.sse2.pause()
  br label %spin.count
yield:
  ; sched_yield: if the thread we wait for shares this CPU (another process holds the other
  ; one), let it run instead of spinning through our time slice.
  %y = call i64 (i64, ...) @syscall(i64 24)
  br label %spin.count
spin.count:
  %k.next = add i64 %k, 1
  %more = icmp ult i64 %k.next, %spin
  br i1 %more, label %spin.loop, label %sleep
sleep:
  %has = icmp ne ptr %sleepers, null
  br i1 %has, label %count, label %nap
count:
  %s0 = atomicrmw add ptr %sleepers, i32 1 seq_cst
  br label %nap
nap:
  call void @futex_wait(ptr %word, i32 %old)
  br i1 %has, label %uncount, label %recheck
uncount:
  %s1 = atomicrmw sub ptr %sleepers, i32 1 seq_cst
  br label %recheck
recheck:
  %v2 = load atomic i32, ptr %word seq_cst, align 4
  %changed2 = icmp ne i32 %v2, %old
  br i1 %changed2, label %done2, label %sleep
done:
  ret i32 %v
done2:
  ret i32 %v2
}

define ptr @nanomm_pool_worker(ptr %arg) {
entry:
  %pool = load ptr, ptr %arg
  %gen = getelementptr i8, ptr %pool, i64 0
  %pending = getelementptr i8, ptr %pool, i64 64
  %sleepers = getelementptr i8, ptr %pool, i64 128
  %stopp = getelementptr i8, ptr %pool, i64 192
  %spinp = getelementptr i8, ptr %pool, i64 296
  ; The generation when this worker was made (read by its creator before any later run:
  ; reading it here instead could miss a run published before the thread got going).
  %g0p = getelementptr i8, ptr %arg, i64 16
  %g0 = load i32, ptr %g0p
  br label %loop
loop:
  %seen = phi i32 [%g0, %entry], [%g, %next]
  %spin = load i64, ptr %spinp
  %g = call i32 @wait_change(ptr %gen, i32 %seen, i64 %spin, ptr %sleepers)
  %stop = load atomic i32, ptr %stopp acquire, align 4
  %stopping = icmp ne i32 %stop, 0
  br i1 %stopping, label %exit, label %work
work:
  call void @claim_and_run(ptr %pool, i32 %g)
  br label %next
next:
  br label %loop
exit:
  ret ptr null
}

define void @nanomm_pool_run(ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc) {
entry:
  %gen = getelementptr i8, ptr %pool, i64 0
  %pending = getelementptr i8, ptr %pool, i64 64
  %sleepers = getelementptr i8, ptr %pool, i64 128
  %planp = getelementptr i8, ptr %pool, i64 256
  store ptr %plan, ptr %planp
  %npartsp = getelementptr i8, ptr %pool, i64 264
  store i64 %n, ptr %npartsp
  %pap = getelementptr i8, ptr %pool, i64 272
  store i64 %pa, ptr %pap
  %pbp = getelementptr i8, ptr %pool, i64 280
  store i64 %pb, ptr %pbp
  %pcp = getelementptr i8, ptr %pool, i64 288
  store i64 %pc, ptr %pcp
  %n32 = trunc i64 %n to i32
  store atomic i32 %n32, ptr %pending release, align 4
  ; Callers are serialised by the run lock, and close() changes the generation only while
  ; holding it: the claim word of the new generation is published before the generation.
  %old = load atomic i32, ptr %gen acquire, align 4
  %new = add i32 %old, 1
  %new64 = zext i32 %new to i64
  %hi = shl i64 %new64, 32
  %nbits = shl i64 %n, 16
  %word0 = or i64 %hi, %nbits
  %word = or i64 %word0, 1  ; part 0 is the caller's: it starts first, so the first (largest) part
  %claimp = getelementptr i8, ptr %pool, i64 8
  store atomic i64 %word, ptr %claimp release, align 8
  store atomic i32 %new, ptr %gen seq_cst, align 4
  %asleep = load atomic i32, ptr %sleepers seq_cst, align 4
  %any = icmp ne i32 %asleep, 0
  br i1 %any, label %wake, label %mine
wake:
  call void @futex_wake(ptr %gen, i32 2147483647)
  br label %mine
mine:
  call void @run_part(ptr %pool, i64 0)
  %p0 = atomicrmw sub ptr %pending, i32 1 acq_rel
  call void @claim_and_run(ptr %pool, i32 %new)
  %spinp = getelementptr i8, ptr %pool, i64 296
  %spin = load i64, ptr %spinp
  br label %wait
wait:
  %left = load atomic i32, ptr %pending acquire, align 4
  %done = icmp eq i32 %left, 0
  br i1 %done, label %exit, label %block
block:
  %now = call i32 @wait_change(ptr %pending, i32 %left, i64 %spin, ptr null)
  br label %wait
exit:
  ret void
}

; The run lock (a compare-and-swap): 0 when taken, 1 when another caller holds it. Python takes
; it alone while it starts or stops workers.
define i32 @nanomm_pool_trylock(ptr %pool) {
  %lock = getelementptr i8, ptr %pool, i64 304
  %cas = cmpxchg ptr %lock, i32 0, i32 1 acquire monotonic
  %got = extractvalue { i32, i1 } %cas, 1
  %r = select i1 %got, i32 0, i32 1
  ret i32 %r
}

define i32 @nanomm_pool_try_run(ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc) {
  %r = call i32 @nanomm_pool_try_run_x(ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc,
                                       ptr null, i64 0, ptr null)
  ret i32 %r
}

; try_run for parts whose kernels read epilogue arrays through contexts (runtime/threads.py's
; adapter): with the run lock held (so no other call's plan reads them), writes nw int64s first,
; entry k of `writes` (address, index, offset) storing values[index] + offset at address.
define i32 @nanomm_pool_try_run_x(ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc,
                                  ptr %writes, i64 %nw, ptr %values) {
entry:
  %busy = call i32 @nanomm_pool_trylock(ptr %pool)
  %got = icmp eq i32 %busy, 0
  br i1 %got, label %loop, label %out
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %write ]
  %more = icmp ult i64 %k, %nw
  br i1 %more, label %write, label %go
write:
  %w = mul i64 %k, 3
  %addr.p = getelementptr i64, ptr %writes, i64 %w
  %addr = load i64, ptr %addr.p
  %idx.p = getelementptr i64, ptr %addr.p, i64 1
  %idx = load i64, ptr %idx.p
  %off.p = getelementptr i64, ptr %addr.p, i64 2
  %off = load i64, ptr %off.p
  %v.p = getelementptr i64, ptr %values, i64 %idx
  %v = load i64, ptr %v.p
  %val = add i64 %v, %off
  %dst = inttoptr i64 %addr to ptr
  store i64 %val, ptr %dst
  %k1 = add i64 %k, 1
  br label %loop
go:
  call void @nanomm_pool_run(ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc)
  %lock = getelementptr i8, ptr %pool, i64 304
  store atomic i32 0, ptr %lock release, align 4
  ret i32 0
out:
  ret i32 1
}
"""

_RUN_CTYPE = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p,
                              ctypes.c_void_p, ctypes.c_void_p)
_RUN_X_CTYPE = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p,
                                ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p)


class NativePool:
    """Native worker threads (see the module docstring); `run` calls a plan of kernels in parallel."""

    def __init__(self, module, libc) -> None:
        self._module = module  # keeps the machine code alive as long as the threads may run it
        self._libc = libc
        self._block = (ctypes.c_uint8 * POOL_BYTES)()
        ctypes.c_int64.from_address(ctypes.addressof(self._block) + SPIN).value = SPIN_ROUNDS
        self.try_run_address = module.address("nanomm_pool_try_run")
        self._try_run = _RUN_CTYPE(self.try_run_address)
        self.try_run_x_address = module.address("nanomm_pool_try_run_x")
        self._try_run_x = _RUN_X_CTYPE(self.try_run_x_address)
        self._trylock = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p)(module.address("nanomm_pool_trylock"))
        self._lock_held = False  # Python holds the run lock: workers starting, or stopped by close()
        self._worker = module.address("nanomm_pool_worker")
        self._threads: list[ctypes.c_ulong] = []
        self._args: list[ctypes.Array] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()

    @classmethod
    def create(cls) -> "NativePool | None":
        """The pool, or None where it cannot run (not Linux on x86-64, or no pthreads in libc)."""
        if not sys.platform.startswith("linux") or platform.machine().lower() not in ("x86_64", "amd64"):
            return None
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.pthread_create.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
            libc.pthread_join.argtypes = [ctypes.c_ulong, ctypes.c_void_p]
            libc.pthread_attr_setstacksize.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
            from nanomm.runtime.jit import JitModule

            cpu = native_cpu()
            module = JitModule.cached(_IR, cpu.name, cpu.feature_string())
        except Exception:  # noqa: BLE001 - any failure means: use the Python pool
            return None
        pool = cls(module, libc)
        atexit.register(pool.close)
        return pool

    def _start_workers(self, count: int) -> None:
        if not self._threads:  # (again) after close()
            ctypes.c_int32.from_address(ctypes.addressof(self._block) + STOP).value = 0
        attr = ctypes.create_string_buffer(64)  # pthread_attr_t is 56 bytes on x86-64 glibc
        if self._libc.pthread_attr_init(attr) != 0:
            raise OSError("pthread_attr_init failed")
        self._libc.pthread_attr_setstacksize(attr, STACK_BYTES)
        try:
            while len(self._threads) < count:
                generation = ctypes.c_uint32.from_address(ctypes.addressof(self._block) + GEN).value
                arg = (ctypes.c_uint64 * 3)(ctypes.addressof(self._block), len(self._threads) + 1, generation)
                tid = ctypes.c_ulong()
                rc = self._libc.pthread_create(ctypes.byref(tid), attr, self._worker, arg)
                if rc != 0:
                    raise OSError(rc, f"pthread_create failed: {os.strerror(rc)}")
                self._args.append(arg)
                self._threads.append(tid)
        finally:
            self._libc.pthread_attr_destroy(attr)
        if self._lock_held:  # taken by run() or close(): native calls may run plans again
            self._lock_held = False
            ctypes.c_int32.from_address(ctypes.addressof(self._block) + LOCK).value = 0

    def run(self, plan: ctypes.Array, parts: int, pa: int, pb: int, pc: int, threads: int | None = None,
            writes: "ContextWrites | None" = None, values: Sequence[int] = ()) -> None:
        """Runs `parts` entries of `plan` (PART_WORDS int64 each) on this thread and the workers
        (at least threads-1 of them; default parts-1), which claim parts until none is left.
        `writes`: the contexts the parts read, written from `values` (the epilogue arrays'
        addresses) under the run lock first."""
        if not 1 <= parts <= MAX_PARTS:
            raise ValueError(f"a plan has 1 to {MAX_PARTS} parts, got {parts}")
        if self._pid != os.getpid():
            self._after_fork()
        with self._lock:
            block = ctypes.addressof(self._block)
            workers = min(threads or parts, parts) - 1
            if self._lock_held or len(self._threads) < workers:
                # No native call may run a plan while workers start (a new worker must not
                # take a generation it was not made for): take the run lock first.
                self._hold_run_lock(block)
                self._start_workers(workers)  # releases it
            if writes is None:
                run = lambda: self._try_run(block, ctypes.addressof(plan), parts, pa, pb, pc)  # noqa: E731
            else:
                vals = (ctypes.c_int64 * max(len(values), 1))(*values)
                run = lambda: self._try_run_x(block, ctypes.addressof(plan), parts, pa, pb, pc,  # noqa: E731
                                              writes.address, writes.count, ctypes.addressof(vals))
            while run() != 0:
                os.sched_yield()  # a native call (runtime/trampoline.py) is running a plan

    def _hold_run_lock(self, block: int) -> None:
        """Takes the pool's run lock (waiting for a native call that runs a plan), unless held."""
        if not self._lock_held:
            while self._trylock(block) != 0:
                os.sched_yield()
            self._lock_held = True

    @property
    def block_address(self) -> int:
        return ctypes.addressof(self._block)

    def ready(self, threads: int) -> bool:
        """Whether nanomm_pool_try_run can run a plan on `threads` threads now, without Python:
        this process's workers are started (the Python path `run` starts them)."""
        return self._pid == os.getpid() and len(self._threads) >= threads - 1

    def _after_fork(self) -> None:
        """In a forked child: none of the parent's workers exist here (and the lock may have been
        held by a parent thread at the fork): start from an empty pool."""
        self._lock = threading.Lock()
        self._threads, self._args = [], []
        ctypes.memset(ctypes.addressof(self._block), 0, SPIN)
        ctypes.c_int32.from_address(ctypes.addressof(self._block) + LOCK).value = 0
        ctypes.c_int64.from_address(ctypes.addressof(self._block) + CLAIM).value = 0
        self._lock_held = False
        self._pid = os.getpid()

    def close(self) -> None:
        """Stops and joins the workers (at exit: their code must not be freed under them)."""
        with self._lock:
            if not self._threads or os.getpid() != self._pid:
                return
            base = ctypes.addressof(self._block)
            # Hold the run lock from here until workers start again (_start_workers): a native
            # call that found the pool ready just before gets 1 and takes the Python path.
            self._hold_run_lock(base)
            ready, self._threads = self._threads, []
            ctypes.c_int32.from_address(base + STOP).value = 1
            gen = ctypes.c_int32.from_address(base + GEN)
            gen.value += 1
            self._libc.syscall(202, ctypes.c_void_p(base + GEN), 129, 2**31 - 1)  # FUTEX_WAKE_PRIVATE, all
            for tid in ready:
                self._libc.pthread_join(tid, None)


def make_plan(parts: list[tuple[int, ...]]) -> ctypes.Array:
    """The plan array of (kernel address, A offset, B offset, C offset[, rows]) per part (rows: the M
    passed to a dynamic-M kernel; 0 for a static one)."""
    if not 1 <= len(parts) <= MAX_PARTS:
        raise ValueError(f"a plan has 1 to {MAX_PARTS} parts, got {len(parts)}")
    plan = (ctypes.c_int64 * (PART_WORDS * len(parts)))()
    for i, part in enumerate(parts):
        if len(part) not in (4, 5):
            raise ValueError(f"a plan part is (kernel, A offset, B offset, C offset[, rows]), got {part!r}")
        plan[PART_WORDS * i: PART_WORDS * (i + 1)] = list(part) + [0] * (PART_WORDS - len(part))
    return plan


class ContextWrites:
    """nanomm_pool_try_run_x's table: int64 `slots` (addresses) each set to values[index] + offset
    under the run lock, before the plan runs."""

    def __init__(self, entries: Sequence[tuple[int, int, int]]) -> None:
        self.count = len(entries)
        self.table = (ctypes.c_int64 * max(3 * self.count, 1))(*[v for entry in entries for v in entry])
        self.address = ctypes.addressof(self.table)


_lock = threading.Lock()
_pool: list = []


def native_pool() -> NativePool | None:
    """The process's native pool (made on first use), or None where it cannot run."""
    if not _pool:
        with _lock:
            if not _pool:
                _pool.append(NativePool.create())
    return _pool[0]

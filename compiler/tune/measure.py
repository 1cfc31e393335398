"""Compiling candidates in worker processes, checking them against numpy, timing them.

Compiling: `CompilePool` runs `compile_candidate` (or another picklable function of a task
dict) in `workers` fresh interpreters (compiler/tune/worker.py; not fork: MLIR and threads do
not survive it; not multiprocessing's spawn: it re-imports the caller's main script), each in
its own session so Ctrl-C reaches only the tuner, which ends them. Each worker handles one task at a time, so the parent knows which candidate a worker
holds: a worker that dies (a crash in MLIR or LLVM, a kernel that faults on its trial call)
or that runs past the timeout is killed and replaced, and only that candidate is marked
failed. A worker compiles with the on-disk kernel cache on, so the parent then loads the
machine code from it in milliseconds; the worker also calls the kernel once, so a kernel that
crashes does so in the worker.

Measuring happens in the parent, serially, while the workers wait (compiling and timing at
once on a 2-core machine would time the compiler): `Bench` holds A, B (random, fixed seed,
at fixed offsets within a page, so that runs compare: PAGE_OFFSETS) in the problem's dtypes
(`operands`: float32 and bf16 (ml_dtypes) uniform in [-1, 1), uint8 / int8 over their full
range), the reference and the check of runtime.reference.matmul_mismatch: float32 and bf16
within the float32 bound of a K-term sum (a bf16 product is exact in float32), int32 results
exactly (the reference in float64 is exact below 2**53). A candidate's C is filled with NaN
(integers: INT32_MIN, which no int8 result within MAX_K reaches), computed once and checked
before it is timed. Timing: a
warm-up (at least 2 calls and `warmup` seconds), then `runs` samples, each the mean of enough
back-to-back calls to last `sample` seconds, through ctypes with fixed pointers (the kernel's
own time, not the Python checks). The figure is the median sample; the spread is
(max - min) / median of the samples. A candidate already `race` times slower than the best
after its first samples stops early (it is clearly not the best).
"""

from __future__ import annotations

import ctypes
import dataclasses
import os
import pickle
import select
import statistics
import subprocess
import sys
import time
import traceback
from collections import deque
from typing import Any, Callable

import numpy as np

from ...runtime.cpu import CpuInfo, host_cpu
from ..config import KernelConfig
from .space import Problem

_KERNEL_CTYPE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)


# --- operands of a dtype --------------------------------------------------------------------

def numpy_dtypes(dtype: str) -> tuple:
    """The numpy dtypes of A, B and C (bf16: ml_dtypes.bfloat16)."""
    from ...runtime.dtypes import DTYPES

    d, out = DTYPES[dtype], []
    for name in (d.numpy_a, d.numpy_b, d.numpy_c):
        if name == "bfloat16":
            import ml_dtypes

            out.append(np.dtype(ml_dtypes.bfloat16))
        else:
            out.append(np.dtype(name))
    return tuple(out)


def fill(x: np.ndarray, rng: np.random.Generator) -> None:
    """Random values of x's dtype: integers over their whole range, floats uniform in [-1, 1)."""
    if np.issubdtype(x.dtype, np.integer):
        info = np.iinfo(x.dtype)
        x[...] = rng.integers(info.min, info.max, x.shape, endpoint=True, dtype=x.dtype)
    else:
        x[...] = rng.uniform(-1, 1, x.shape).astype(x.dtype)


def operands(problem: Problem, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Random A (M x K) and B (K x N) of the problem's dtypes (see `fill`)."""
    ta, tb, _ = numpy_dtypes(problem.dtype)
    a, b = np.empty((problem.M, problem.K), ta), np.empty((problem.K, problem.N), tb)
    fill(a, rng)
    fill(b, rng)
    return a, b


# --- building a candidate --------------------------------------------------------------------

def build(problem: Problem, cpu: CpuInfo, cfg: KernelConfig, *, use_disk_cache: bool = True):
    """The kernel `cfg` makes for `problem`: a Kernel, or a ParallelKernel over the per-thread
    chunks compiler.parallel.split makes, as compile_matmul does (every chunk compiled with `cfg`)."""
    from ..build import build_kernel
    from ..parallel import ParallelKernel, split

    spec = problem.spec
    chunks, cfg = split(spec, problem.threads, cpu, cfg) if problem.threads > 1 else ([], cfg)
    if len(chunks) > 1:
        return ParallelKernel(spec, chunks, lambda s: build_kernel(s, cpu, cfg, use_disk_cache=use_disk_cache),
                              problem.threads)
    return build_kernel(spec, cpu, cfg, use_disk_cache=use_disk_cache)


def effective_threads(problem_or_spec, threads: int, cpu: CpuInfo | None = None) -> int:
    """The threads compile_matmul runs this problem on at `threads` (1 when threads do not pay):
    compiler.parallel.threads_used, what records are keyed by."""
    from ..parallel import threads_used

    spec = problem_or_spec.spec if isinstance(problem_or_spec, Problem) else problem_or_spec
    return threads_used(spec, threads, cpu or host_cpu()) if threads > 1 else 1


def compile_candidate(task: dict) -> dict:
    """Worker side: compile task["config"] for task["problem"] (into the disk cache) and call the
    kernel once on small random data. Exceptions are the candidate's failure, returned."""
    start = time.perf_counter()
    try:
        problem = Problem(**task["problem"])
        cfg = KernelConfig(**task["config"])
        kernel = build(problem, task["cpu"], cfg, use_disk_cache=True)
        a, b = operands(problem, np.random.default_rng(0))
        kernel(a, b, np.empty((problem.M, problem.N), numpy_dtypes(problem.dtype)[2]))
        return {"ok": True, "compile_seconds": time.perf_counter() - start}
    except Exception as exc:  # noqa: BLE001 - any failure is this candidate's
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()[:2000],
                "traceback": traceback.format_exc()[-4000:], "compile_seconds": time.perf_counter() - start}


@dataclasses.dataclass
class _Worker:
    process: subprocess.Popen
    results: Any            # the read end of the result pipe (a binary file)
    job: Any = None
    started: float = 0.0


class CompilePool:
    """`workers` worker processes (compiler/tune/worker.py) compiling tasks, one at a time each,
    with a per-task timeout.

    `run(jobs)` takes [(id, task)] and returns {id: result}; a result is the function's dict,
    or {"ok": False, "error": "worker crashed ..."|"timeout ..."} for a worker that died or
    ran past `timeout` seconds (it is killed and replaced). `fn` must be picklable (a
    module-level function, or a functools.partial of one).
    """

    def __init__(self, workers: int = 2, timeout: float = 60.0, fn: Callable[[dict], dict] | None = None):
        self.size = max(1, workers)
        self.timeout = timeout
        self.fn = fn or compile_candidate
        self._fn_bytes = pickle.dumps(self.fn)
        self._workers: list[_Worker] = []

    def __enter__(self) -> "CompilePool":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self) -> _Worker:
        from .worker import write_message

        r, w = os.pipe()
        try:
            proc = subprocess.Popen([sys.executable, "-m", "nanomm.compiler.tune.worker", str(w)],
                                    stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    pass_fds=(w,), start_new_session=True)
        except BaseException:
            os.close(r)
            raise
        finally:
            os.close(w)
        worker = _Worker(proc, os.fdopen(r, "rb"))
        self._workers.append(worker)
        write_message(proc.stdin, self.fn)
        return worker

    def _stop(self, worker: _Worker, kill: bool = False) -> None:
        if worker in self._workers:
            self._workers.remove(worker)
        proc = worker.process
        try:
            if kill:
                proc.kill()
            else:
                proc.stdin.close()  # end of tasks: the worker exits
        except OSError:
            pass
        try:
            proc.wait(timeout=2 if not kill else 5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        for f in (proc.stdin, worker.results):
            try:
                f.close()
            except OSError:
                pass

    def run(self, jobs: list[tuple[Any, dict]], on_result: Callable[[Any, dict], None] | None = None) -> dict:
        from .worker import read_message, write_message

        pending = deque(jobs)
        results: dict = {}
        while len(self._workers) < min(self.size, max(1, len(pending))):
            self._start()
        try:
            while pending or any(w.job is not None for w in self._workers):
                for w in list(self._workers):
                    if w.job is None and pending:
                        job_id, task = pending.popleft()
                        try:
                            write_message(w.process.stdin, task)
                            w.job, w.started = job_id, time.monotonic()
                        except (OSError, ValueError):
                            self._stop(w, kill=True)
                            pending.appendleft((job_id, task))
                            self._start()
                busy = [w for w in self._workers if w.job is not None]
                if not busy:
                    continue
                now = time.monotonic()
                wait = max(0.01, min(w.started + self.timeout - now for w in busy))
                ready, _, _ = select.select([w.results for w in busy], [], [], wait)
                for w in busy:
                    result = None
                    if w.results in ready:
                        try:
                            result = read_message(w.results)
                        except Exception:  # noqa: BLE001 - a torn message: the worker died
                            result = None
                        if result is None:
                            try:
                                code = w.process.wait(timeout=5)
                            except subprocess.TimeoutExpired:
                                code = None
                            result = {"ok": False, "error": f"worker crashed (exit code {code})", "crashed": True}
                    elif time.monotonic() - w.started > self.timeout:
                        result = {"ok": False, "error": f"timeout: no result after {self.timeout:g} s",
                                  "timeout": True}
                    if result is None:
                        continue
                    job_id = w.job
                    w.job = None
                    results[job_id] = result
                    if result.get("crashed") or result.get("timeout"):
                        self._stop(w, kill=True)
                        self._start()
                    if on_result is not None:
                        on_result(job_id, result)
        except BaseException:
            self.close(kill=True)
            raise
        return results

    def close(self, kill: bool = False) -> None:
        for w in list(self._workers):
            self._stop(w, kill=kill or w.job is not None)


# --- measuring -------------------------------------------------------------------------------

@dataclasses.dataclass
class Timing:
    seconds: float          # median sample
    spread: float           # (max - min) / median of the samples
    samples: list[float]
    calls: int              # calls timed in all
    raced: bool = False     # stopped early: clearly slower than the best


PAGE_OFFSETS = (0, 1088, 2176)  # bytes past a 4 KiB boundary of A, B, C (cache-line aligned)


def placed(shape: tuple[int, int], offset: int, dtype=np.float32) -> np.ndarray:
    """An uninitialised C-contiguous array whose data starts `offset` bytes past a page boundary."""
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    raw = np.empty(nbytes + 8192, np.uint8)
    start = (offset - raw.ctypes.data) % 4096
    return raw[start:start + nbytes].view(dtype).reshape(shape)


class Bench:
    """Inputs, reference and timing for one problem (see the module doc)."""

    def __init__(self, problem: Problem, seed: int = 0, warmup: float = 0.01, sample: float = 0.002,
                 runs: int = 5, race: float = 1.5):
        self.problem = problem
        self.warmup, self.sample, self.runs, self.race = warmup, sample, runs, race
        rng = np.random.default_rng(seed)
        M, N, K = problem.M, problem.N, problem.K
        ta, tb, tc = numpy_dtypes(problem.dtype)
        # Fixed placement: timings depend on where arrays sit within a page (4 KiB aliasing
        # between A, B and C streams), which numpy's allocator varies from run to run.
        self.a = placed((M, K), PAGE_OFFSETS[0], ta)
        self.b = placed((K, N), PAGE_OFFSETS[1], tb)
        self.c = placed((M, N), PAGE_OFFSETS[2], tc)
        fill(self.a, rng)
        fill(self.b, rng)
        a64, b64 = self.a.astype(np.float64), self.b.astype(np.float64)
        self.ref = a64 @ b64
        self.exact = np.issubdtype(tc, np.integer)
        if self.exact:  # int8 sums: exact in float64 (|sum| < 2**31), compared exactly
            self.ref = np.rint(self.ref).astype(np.int64)
            self.bound = None
            self.sentinel = np.iinfo(tc).min
        else:  # runtime.reference.matmul_mismatch's bound, computed once for every candidate
            self.bound = (K + 1) * 2.0 ** -22 * (np.abs(a64) @ np.abs(b64)) + 1e-6
            self.sentinel = np.nan

    def check(self, kernel) -> str | None:
        """None when the kernel computes A @ B (exactly for integers, else within float32
        rounding); else what is wrong."""
        self.c.fill(self.sentinel)
        kernel(self.a, self.b, self.c)
        if self.exact:
            ok = bool((self.c == self.ref).all())
        else:
            ok = bool((np.abs(self.c.astype(np.float64) - self.ref) <= self.bound).all())
        if ok:
            return None
        from ...runtime.reference import matmul_mismatch

        return matmul_mismatch(self.c, self.a, self.b) or "result out of tolerance"

    def caller(self, kernel) -> Callable[[], None]:
        """A no-argument call of the kernel's machine code on A, B, C (ctypes, fixed pointers);
        the checked Python call for a parallel kernel."""
        fn = getattr(kernel, "_function", None)
        address = getattr(fn, "address", None)
        if address:
            cfunc = _KERNEL_CTYPE(address)
            pa, pb, pc = (ctypes.c_void_p(x.ctypes.data) for x in (self.a, self.b, self.c))

            def call(kernel=kernel):  # the default argument keeps the machine code alive
                cfunc(pa, pb, pc)
            return call
        a, b, c = self.a, self.b, self.c
        return lambda: kernel(a, b, c)

    def time(self, call: Callable[[], None], best: float | None = None, runs: int | None = None,
             sample: float | None = None) -> Timing:
        clock = time.perf_counter
        start = clock()
        n = 0
        while n < 2 or clock() - start < self.warmup:
            t0 = clock()
            call()
            one = clock() - t0
            n += 1
        inner = max(1, int((sample or self.sample) / max(one, 1e-9)))
        samples: list[float] = []
        calls = 0
        runs = runs or self.runs
        raced = False
        for i in range(runs):
            t0 = clock()
            for _ in range(inner):
                call()
            samples.append((clock() - t0) / inner)
            calls += inner
            if best is not None and i >= 1 and min(samples) > self.race * best:
                raced = True
                break
        med = statistics.median(samples)
        return Timing(med, (max(samples) - min(samples)) / med if med > 0 else 0.0, samples, calls, raced)


def cpu_count_for_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)

"""The machine's FP32 peak on one core, measured with a JIT-compiled AVX-512 FMA loop.

The loop is LLVM IR written here and compiled through nanomm's own toolchain (llvmlite MCJIT via
`nanomm.runtime.jit.JitModule`, for the host CPU name and features): each iteration runs one
`llvm.fma.v16f32` on each of `chains` independent accumulators, enough of them to cover the FMA
latency times the number of FMA ports, so the loop is bound by FMA throughput alone. The figure is
iterations * chains * 16 lanes * 2 flops / seconds, best of several runs.

    python bench/peak.py            # prints the figure (about 117 GFLOP/s on one Zen 4 core)
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import sys
import time

from nanomm.runtime.cpu import host_cpu, llvm_feature_string
from nanomm.runtime.jit import JitModule

LANES = 16  # float32 lanes of a zmm register
SYMBOL = "nanomm_peak_fma_f32"
_FMA_ZMM = re.compile(r"vfmadd\d{3}ps\b[^\n]*zmm")
_CFUNC = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_int64, ctypes.c_float, ctypes.c_float)


def fma_loop_ir(chains: int = 16) -> str:
    """LLVM IR of `float SYMBOL(i64 n, float x, float y)`: n >= 1 iterations, each doing
    acc_i = fma(acc_i, x, y) on `chains` independent <16 x float> accumulators; returns the sum
    of every lane of every accumulator, so the work is live."""
    if chains < 1:
        raise ValueError(f"chains must be >= 1, got {chains}")
    v = f"<{LANES} x float>"
    lines = [
        f"declare {v} @llvm.fma.v{LANES}f32({v}, {v}, {v})",
        f"declare float @llvm.vector.reduce.fadd.v{LANES}f32(float, {v})",
        "",
        f"define float @{SYMBOL}(i64 %n, float %x, float %y) {{",
        "entry:",
        f"  %x0 = insertelement {v} poison, float %x, i32 0",
        f"  %xv = shufflevector {v} %x0, {v} poison, <{LANES} x i32> zeroinitializer",
        f"  %y0 = insertelement {v} poison, float %y, i32 0",
        f"  %yv = shufflevector {v} %y0, {v} poison, <{LANES} x i32> zeroinitializer",
        "  br label %loop",
        "loop:",
        "  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]",
    ]
    for c in range(chains):
        # Distinct start values keep the chains from being merged into one.
        init = f"{1.0 + c / 64:.6e}"
        lines.append(f"  %a{c} = phi {v} [ <{', '.join([f'float {init}'] * LANES)}>, %entry ], [ %a{c}.next, %loop ]")
    for c in range(chains):
        lines.append(f"  %a{c}.next = call {v} @llvm.fma.v{LANES}f32({v} %a{c}, {v} %xv, {v} %yv)")
    lines += [
        "  %i.next = add i64 %i, 1",
        "  %more = icmp ult i64 %i.next, %n",
        "  br i1 %more, label %loop, label %exit",
        "exit:",
    ]
    prev = "%a0.next"
    for c in range(1, chains):
        lines.append(f"  %s{c} = fadd {v} {prev}, %a{c}.next")
        prev = f"%s{c}"
    lines += [
        f"  %r = call float @llvm.vector.reduce.fadd.v{LANES}f32(float 0.0, {v} {prev})",
        "  ret float %r",
        "}",
    ]
    return "\n".join(lines) + "\n"


class FmaLoop:
    """The compiled FMA loop: `run(n)` returns its wall time in seconds."""

    def __init__(self, chains: int = 16):
        self.chains = chains
        cpu = host_cpu()
        self.cpu = cpu
        self.module = JitModule(fma_loop_ir(chains), cpu.name, llvm_feature_string(cpu.features), opt_level=3)
        asm = self.module.asm()
        if not _FMA_ZMM.search(asm):
            raise RuntimeError(
                f"the FMA loop did not compile to vfmadd...ps on zmm registers for cpu={cpu.name!r} "
                f"(does this CPU have AVX-512F?); assembly:\n{asm}")
        self.asm = asm
        self._fn = _CFUNC(self.module.address(SYMBOL))

    @property
    def flops_per_iter(self) -> int:
        return self.chains * LANES * 2

    def run(self, n: int) -> float:
        n = max(1, int(n))
        t0 = time.perf_counter()
        self._fn(n, 0.9999999, 1e-7)  # accumulators converge to 1: no overflow, no denormals
        return time.perf_counter() - t0


def measure_fp32_peak(seconds: float = 0.3, chains: int = 16, details: dict | None = None) -> float:
    """FP32 GFLOP/s of one core: best of several runs of the FMA loop, about `seconds` in all.

    Raises RuntimeError when the loop does not compile to AVX-512 (zmm) FMA instructions.
    When `details` is a dict it receives the iterations, run times and chains.
    """
    if chains < 12:
        raise ValueError(f"use at least 12 chains to cover FMA latency x ports, got {chains}")
    loop = FmaLoop(chains)
    # Calibrate: iterations for a run of about seconds/6 (at least 3 runs fit in `seconds`).
    n = 100_000
    t = loop.run(n)
    while t < 0.005:
        n *= 4
        t = loop.run(n)
    per_run = max(0.01, seconds / 6)
    n = max(1, int(n * per_run / t))
    times: list[float] = []
    start = time.perf_counter()
    while len(times) < 3 or time.perf_counter() - start < seconds:
        times.append(loop.run(n))
    best = min(times)
    gflops = n * loop.flops_per_iter / best / 1e9
    if details is not None:
        details.update(iterations=n, chains=chains, flops_per_iteration=loop.flops_per_iter,
                       run_seconds=times, best_seconds=best, gflops=gflops, cpu=loop.cpu.name)
    return gflops


def measure_fp32_peak_threads(cpus: list[int], seconds: float = 0.3, chains: int = 16,
                              details: dict | None = None) -> float:
    """FP32 GFLOP/s of len(cpus) threads, each pinned to one of `cpus`, running the FMA loop at once.

    Shows whether the cores really are cores: T x the one-core figure when they are, less when
    they share FMA units (SMT siblings) or the host runs something else on them. Each round starts
    every thread at a barrier; a round's figure is all threads' flops / the slowest thread's time;
    best of several rounds, about `seconds` in all.
    """
    import threading

    loop = FmaLoop(chains)
    n = 100_000
    t = loop.run(n)
    while t < 0.005:
        n *= 4
        t = loop.run(n)
    n = max(1, int(n * max(0.01, seconds / 6) / t))
    T = len(cpus)
    barrier = threading.Barrier(T)
    times: list[list[float]] = [[] for _ in range(T)]
    stop = threading.Event()

    def worker(i: int) -> None:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(threading.get_native_id(), {cpus[i]})
        while True:
            barrier.wait()
            if stop.is_set():
                return
            times[i].append(loop.run(n))  # ctypes releases the GIL: the loops run at once
            barrier.wait()

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(1, T)]
    for th in threads:
        th.start()
    saved = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") else None
    if saved is not None:
        os.sched_setaffinity(0, {cpus[0]})
    start = time.perf_counter()
    try:
        while len(times[0]) < 3 or time.perf_counter() - start < seconds:
            barrier.wait()
            times[0].append(loop.run(n))
            barrier.wait()
        stop.set()
        barrier.wait()
    finally:
        if saved is not None:
            os.sched_setaffinity(0, saved)
    for th in threads:
        th.join()
    rounds = [max(ts) for ts in zip(*times)]
    best = min(rounds)
    gflops = T * n * loop.flops_per_iter / best / 1e9
    if details is not None:
        details.update(cpus=list(cpus), iterations=n, chains=chains, run_seconds=times, best_round_seconds=best,
                       gflops=gflops, per_thread_best_gflops=[n * loop.flops_per_iter / min(ts) / 1e9 for ts in times])
    return gflops


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget of the measurement (default 1.0)")
    parser.add_argument("--chains", type=int, default=16, help="independent accumulators (>= 12, default 16)")
    parser.add_argument("--cpu", type=int, default=None, help="pin to this CPU (default: the first allowed one)")
    parser.add_argument("--asm", action="store_true", help="print the loop's assembly")
    parser.add_argument("--threads", type=int, default=1,
                        help="also run the loop on this many threads at once, pinned to the first allowed CPUs")
    args = parser.parse_args(argv)
    cpu = host_cpu()  # before pinning, so `cores` describes the machine
    if hasattr(os, "sched_setaffinity"):
        allowed = sorted(os.sched_getaffinity(0))
        pin = args.cpu if args.cpu is not None else allowed[0]
        os.sched_setaffinity(0, {pin})
    else:
        pin = None
    details: dict = {}
    gflops = measure_fp32_peak(args.seconds, args.chains, details)
    if args.asm:
        print(FmaLoop(args.chains).asm)
    print(f"CPU: {cpu.model_name or '?'} (LLVM cpu {cpu.name}), pinned to cpu {pin}")
    print(f"FMA loop: {args.chains} chains x <16 x float>, {details['iterations']} iterations, "
          f"best of {len(details['run_seconds'])} runs: {details['best_seconds'] * 1e3:.2f} ms")
    print(f"FP32 peak per core: {gflops:.1f} GFLOP/s")
    if args.threads > 1:
        cpus = sorted(os.sched_getaffinity(0) if pin is None else allowed)[:args.threads]
        d: dict = {}
        total = measure_fp32_peak_threads(cpus, args.seconds, args.chains, d)
        per = ", ".join(f"{g:.1f}" for g in d["per_thread_best_gflops"])
        print(f"FP32 peak on {len(cpus)} threads at once (cpus {cpus}): {total:.1f} GFLOP/s "
              f"({total / gflops:.2f} x one core; each thread's best: {per})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget of the measurement (default 1.0)")
    parser.add_argument("--chains", type=int, default=16, help="independent accumulators (>= 12, default 16)")
    parser.add_argument("--cpu", type=int, default=None, help="pin to this CPU (default: the first allowed one)")
    parser.add_argument("--asm", action="store_true", help="print the loop's assembly")
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
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The machine's peak per core (FP32 FMA, BF16 dot, INT8 VNNI dot) and its read bandwidth, from JIT loops.

Each loop is LLVM IR (the compute loops from runtime/probe.py, which nanomm's default configs also
read) compiled through nanomm's own toolchain (llvmlite MCJIT via
`nanomm.runtime.jit.JitModule`, for the host CPU name and features). A compute loop runs, every
iteration, one instruction on each of `chains` independent zmm accumulators, enough of them to
cover latency x ports, so it is bound by the instruction's throughput alone:

    f32   llvm.fma.v16f32                          vfmadd...ps   16 lanes x 2 flops      = 32 flop
    bf16  llvm.x86.avx512bf16.dpbf16ps.512         vdpbf16ps     16 lanes x 2 pairs x 2  = 64 flop
    int8  llvm.x86.avx512.vpdpbusd.512             vpdpbusd      16 lanes x 4 pairs x 2  = 128 op

On a CPU with AMX, two more loops (`--kinds amx-bf16,amx-int8`, not in the default set) run four
independent tile products a iteration, the 2x2 C tiles of a microkernel (C0 += A0 B0, C1 += A0 B1,
C2 += A1 B0, C3 += A1 B1, every tile 16 rows x 64 bytes):

    amx-bf16  llvm.x86.tdpbf16ps   tdpbf16ps   16 x 16 x 32 x 2 = 16384 flop
    amx-int8  llvm.x86.tdpbusd     tdpbusd     16 x 16 x 64 x 2 = 32768 op

(LLVM 22, as in llvmlite 0.50, takes the dot products' operands as <32 x bfloat> and <64 x i8>;
the older <32 x i16> / <16 x i32> forms are upgraded on parsing.) The figure is iterations x
chains x ops per instruction / seconds, best of several runs. The bandwidth loop reads a buffer
far larger than the caches once per run with <16 x float> loads into 8 accumulators: bytes /
seconds, best of several runs; on one core it is the roofline's limit for memory-bound shapes.

    python bench/peak.py                      # f32, bf16, int8 and bandwidth on one core
    python bench/peak.py --kinds f32 --threads 2 --asm
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import threading
from pathlib import Path

import numpy as np

from nanomm.runtime.cpu import native_cpu
from nanomm.runtime.jit import JitModule

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
from _timing import calibrate, repeat_runs  # noqa: E402

# The loops themselves live in the runtime (nanomm's default configs read their rates too).
from nanomm.runtime.probe import AMX_KINDS, AMX_PRODUCTS, PeakLoop, loop_ir, unit_of  # noqa: E402
from nanomm.runtime.probe import aligned_bytes as _aligned  # noqa: E402
from nanomm.runtime.probe import _amx_tile_config, _bf16_bits  # noqa: E402,F401 - for amx_host/tile_loop.py

BW_SYMBOL = "nanomm_stream_read"


def fma_loop_ir(chains: int = 16) -> str:
    """The FP32 loop's IR (loop_ir("f32", chains))."""
    return loop_ir("f32", chains)


FmaLoop = PeakLoop  # the FP32 loop's old name


def measure_peak(kind: str = "f32", seconds: float = 0.3, chains: int = 16, details: dict | None = None) -> float:
    """GFLOP/s (GOP/s for int8) of one core: best of several runs of the loop, about `seconds` in all.

    Raises RuntimeError when the CPU lacks the instruction or the loop does not compile to it.
    """
    if chains < 12:
        raise ValueError(f"use at least 12 chains to cover latency x ports, got {chains}")
    loop = PeakLoop(kind, chains)
    n = calibrate(loop.run, seconds)
    times = repeat_runs(lambda: loop.run(n), seconds)
    best = min(times)
    value = n * loop.ops_per_iter / best / 1e9
    if details is not None:
        details.update(kind=kind, iterations=n, chains=chains, ops_per_iteration=loop.ops_per_iter,
                       run_seconds=times, best_seconds=best, value=value, unit=unit_of(kind), cpu=loop.cpu.name)
    return value


def measure_fp32_peak(seconds: float = 0.3, chains: int = 16, details: dict | None = None) -> float:
    return measure_peak("f32", seconds, chains, details)


def run_on_cpus(runs: list, cpus: list[int], seconds: float) -> tuple[float, list[list[float]]]:
    """Runs runs[i]() (returning its seconds) on a thread pinned to cpus[i], all at once, in rounds
    started at a barrier, for >= 3 rounds and >= `seconds`; returns (the best round's slowest
    thread time, every thread's times)."""
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
            times[i].append(runs[i]())  # ctypes releases the GIL: the loops run at once
            barrier.wait()

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(1, T)]
    for th in threads:
        th.start()
    saved = os.sched_getaffinity(0) if hasattr(os, "sched_setaffinity") else None
    if saved is not None:
        os.sched_setaffinity(0, {cpus[0]})
    try:
        def one_round() -> float:
            barrier.wait()
            times[0].append(runs[0]())
            barrier.wait()
            return times[0][-1]
        repeat_runs(one_round, seconds)
        stop.set()
        barrier.wait()
    finally:
        if saved is not None:
            os.sched_setaffinity(0, saved)
    for th in threads:
        th.join()
    return min(max(ts) for ts in zip(*times)), times


def measure_peak_threads(kind: str, cpus: list[int], seconds: float = 0.3, chains: int = 16,
                         details: dict | None = None) -> float:
    """The loop on len(cpus) threads at once, one pinned to each CPU: all threads' ops / the slowest
    thread's time, best round. T x the one-core figure when the CPUs are whole cores."""
    loop = PeakLoop(kind, chains)
    n = calibrate(loop.run, seconds)
    best, times = run_on_cpus([lambda: loop.run(n)] * len(cpus), cpus, seconds)
    value = len(cpus) * n * loop.ops_per_iter / best / 1e9
    if details is not None:
        details.update(kind=kind, cpus=list(cpus), iterations=n, chains=chains, run_seconds=times,
                       best_round_seconds=best, value=value,
                       per_thread_best=[n * loop.ops_per_iter / min(ts) / 1e9 for ts in times])
    return value


def measure_fp32_peak_threads(cpus: list[int], seconds: float = 0.3, chains: int = 16,
                              details: dict | None = None) -> float:
    return measure_peak_threads("f32", cpus, seconds, chains, details)


# --- bandwidth -------------------------------------------------------------------------------------

def stream_ir() -> str:
    """`void BW_SYMBOL(ptr p, i64 nblocks, ptr out)`: reads nblocks x 512 bytes as 8 <16 x float>
    loads per block into 8 accumulators; stores their sum at out."""
    v = "<16 x float>"
    lines = [f"define void @{BW_SYMBOL}(ptr %p, i64 %nb, ptr %out) {{", "entry:", "  br label %loop", "loop:",
             "  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]"]
    for c in range(8):
        lines.append(f"  %a{c} = phi {v} [ zeroinitializer, %entry ], [ %a{c}.next, %loop ]")
    lines.append("  %base = mul i64 %i, 128")
    for c in range(8):
        lines += [f"  %o{c} = add i64 %base, {16 * c}", f"  %q{c} = getelementptr float, ptr %p, i64 %o{c}",
                  f"  %l{c} = load {v}, ptr %q{c}, align 64", f"  %a{c}.next = fadd {v} %a{c}, %l{c}"]
    lines += ["  %i.next = add i64 %i, 1", "  %more = icmp ult i64 %i.next, %nb",
              "  br i1 %more, label %loop, label %exit", "exit:"]
    prev = "%a0.next"
    for c in range(1, 8):
        lines.append(f"  %s{c} = fadd {v} {prev}, %a{c}.next")
        prev = f"%s{c}"
    lines += [f"  store {v} {prev}, ptr %out, align 64", "  ret void", "}"]
    return "\n".join(lines) + "\n"


class StreamRead:
    """Reads a `mib` MiB buffer once per `run()` with the JIT loop; returns its seconds."""

    def __init__(self, mib: int = 256):
        cpu = native_cpu()
        self.module = JitModule(stream_ir(), cpu.name, cpu.feature_string(), opt_level=3)
        self.buf = _aligned(mib << 20)
        self.buf.view(np.float32)[:] = 1.0  # touch every page before timing
        self.out = _aligned(64)
        self.nbytes = self.buf.nbytes
        self._fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p)(
            self.module.address(BW_SYMBOL))

    def run(self) -> float:
        import time
        p, nb, out = self.buf.ctypes.data, self.nbytes // 512, self.out.ctypes.data
        t0 = time.perf_counter()
        self._fn(p, nb, out)
        return time.perf_counter() - t0


def measure_bandwidth(seconds: float = 0.5, mib: int = 256, details: dict | None = None) -> float:
    """Read bandwidth of one core in GB/s: best of several full reads of a `mib` MiB buffer."""
    s = StreamRead(mib)
    s.run()
    times = repeat_runs(s.run, seconds)
    value = s.nbytes / min(times) / 1e9
    if details is not None:
        details.update(mib=mib, run_seconds=times, best_seconds=min(times), gbs=value)
    return value


def measure_bandwidth_threads(cpus: list[int], seconds: float = 0.5, mib: int = 256,
                              details: dict | None = None) -> float:
    """Read bandwidth of len(cpus) threads at once, each reading its own `mib` MiB buffer."""
    streams = [StreamRead(mib) for _ in cpus]
    best, times = run_on_cpus([s.run for s in streams], cpus, seconds)
    value = len(cpus) * streams[0].nbytes / best / 1e9
    if details is not None:
        details.update(cpus=list(cpus), mib=mib, run_seconds=times, best_round_seconds=best, gbs=value)
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default="f32,bf16,int8", help="comma-separated, of f32, bf16, int8 (default), amx-bf16, amx-int8, f32-avx2 (ymm; with --chains 12)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget of each measurement (default 1.0)")
    parser.add_argument("--chains", type=int, default=16, help="independent accumulators (>= 12, default 16)")
    parser.add_argument("--cpu", type=int, default=None, help="pin to this CPU (default: the first allowed one)")
    parser.add_argument("--asm", action="store_true", help="print each loop's assembly")
    parser.add_argument("--no-bandwidth", action="store_true", help="skip the read-bandwidth measurement")
    parser.add_argument("--threads", type=int, default=1,
                        help="also run each loop on this many threads at once, pinned to the first allowed CPUs")
    args = parser.parse_args(argv)
    cpu = native_cpu()  # before pinning, so `cores` describes the machine
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    pin = args.cpu if args.cpu is not None else (allowed[0] if allowed else None)
    if pin is not None:
        os.sched_setaffinity(0, {pin})
    print(f"CPU: {cpu.model_name or '?'} (LLVM cpu {cpu.name}), pinned to cpu {pin}")
    print(_report.provenance_line(_report.provenance(_report.argv_of(__file__, argv), cpu)))
    cpus = allowed[:args.threads]
    for kind in [k.strip() for k in args.kinds.split(",") if k.strip()]:
        d: dict = {}
        try:
            value = measure_peak(kind, args.seconds, args.chains, d)
        except RuntimeError as exc:
            print(f"{kind}: not measured ({str(exc).splitlines()[0]})")
            continue
        unit = unit_of(kind)
        if args.asm:
            print(PeakLoop(kind, args.chains).asm)
        per_iter = f"{AMX_PRODUCTS} tile products" if kind in AMX_KINDS else f"{args.chains} chains"
        print(f"{kind} peak per core: {value:.1f} {unit} ({per_iter}, {d['iterations']} iterations, "
              f"best of {len(d['run_seconds'])} runs: {d['best_seconds'] * 1e3:.2f} ms)")
        if args.threads > 1:
            dt: dict = {}
            total = measure_peak_threads(kind, cpus, args.seconds, args.chains, dt)
            per = ", ".join(f"{g:.1f}" for g in dt["per_thread_best"])
            print(f"  on {len(cpus)} threads at once (cpus {cpus}): {total:.1f} {unit} "
                  f"({total / value:.2f} x one core; each thread's best: {per})")
    if not args.no_bandwidth:
        d = {}
        bw = measure_bandwidth(args.seconds, details=d)
        print(f"read bandwidth, one core: {bw:.1f} GB/s ({d['mib']} MiB buffer, best of {len(d['run_seconds'])})")
        if args.threads > 1:
            print(f"  on {len(cpus)} threads at once: {measure_bandwidth_threads(cpus, args.seconds):.1f} GB/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What threads cost and where they pay: nanomm's thread hand-off, and the 1-thread / 2-thread crossover.

    python bench/bench_threads.py                 # hand-off + crossover on every family, 2 threads
    python bench/bench_threads.py --quick         # fewer rounds and shorter measurements
    python bench/bench_threads.py --families cube --rounds 9
    python bench/bench_threads.py --skip-crossover   # the hand-off cost only

(a) Hand-off: runtime.threads' pool running T trivial C calls (libc getpid through ctypes), one on
    the calling thread and T-1 on workers (`_pool.run(...)`), against the same T calls made one
    after the other on the calling thread. The difference of the medians is the cost of handing
    work to the pool's threads and waiting for them, per parallel call.
(b) Crossover: for families of shapes that grow (cubes 64..512, skinny ones), the one-thread
    Kernel (compile_matmul(threads=1)) against a T-thread ParallelKernel built past nanomm's
    threshold (compiler/parallel.py's partition() with PARALLEL_MIN_SECONDS set to 0 for the
    call; the module's value is restored at once), timed in the same interleaved rounds. For each
    family: the smallest size where T threads win by >= 10 % (and the smallest from which they
    win at every larger size), in flops and in compiler/parallel.py's estimate serial_seconds();
    over all quietly measured shapes: the smallest serial_seconds from which T threads always win,
    and the threshold with the fewest wrong decisions (split but slower, or left on one thread
    where threads win): a measured value for PARALLEL_MIN_SECONDS.
    Variants of (a) show where the time goes (after 1 ms idle; every thread on one CPU; a plain
    Python ping-pong across two CPUs and on one). Other processes' CPU use is recorded for every
    measurement (bench/cpuload.py); the script waits for a quiet machine and re-measures noisy
    shapes.

Prints tables; writes bench/out/bench_threads-<cpu>-<date>.json (every round median; or --out) and a
Markdown copy of the tables next to it, with the commit, the CPU and the command line. See bench/README.md.
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import json
import math
import os
import platform
import queue
import statistics
import sys
import threading
import time
from pathlib import Path

import numpy as np

import nanomm
import nanomm.compiler.parallel as parallel
from nanomm.runtime.native_pool import make_plan, native_pool
from nanomm.compiler.build import build_kernel
from nanomm.compiler.parallel import ParallelKernel, partition, serial_seconds
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime import threads as rt_threads
from nanomm.runtime.cpu import host_cpu

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
from _report import result_path, log, parse_shape, render_markdown, render_text, shape_name  # noqa: E402
from _timing import time_calls as time_each  # noqa: E402
from cpuload import CpuAccount, wait_quiet  # noqa: E402

# Families of shapes, each growing, for the crossover. Name -> shapes (M, N, K), smallest first.
FAMILIES: dict[str, list[tuple[int, int, int]]] = {
    "cube": [(n, n, n) for n in range(64, 513, 32)],
    # Batch-16 inference: M small, N = K growing (N split).
    "16xNxN": [(16, n, n) for n in (256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096)],
    # Matrix-vector: memory bound (N split).
    "1xNxN": [(1, n, n) for n in (256, 512, 1024, 2048, 4096, 8192)],
    # Tall and narrow: N = 128 is too narrow to split over 2 threads, so M is split.
    "Mx128x128": [(m, 128, 128) for m in (48, 96, 192, 384, 768, 1536, 3072, 6144)],
    # Skinny shapes of the benchmark suite (compiler/tune/shapes.py; not a growing family: listed for
    # their speedups).
    "suite": [(33, 4096, 33), (127, 255, 511), (1, 4096, 4096), (16, 4096, 4096), (128, 4096, 4096)],
}
WIN = 1.10  # "T threads win": one-thread time / T-thread time >= this
NOISY = 0.2  # other processes' CPU use (in CPUs) above which a measurement is noisy
LEFT = {0, 1, 10, 13}  # left-aligned table columns: family, shape, split, check


def config_text(cfg) -> str:
    """KernelConfig as 'mrxnr mc nc kc' (+ packB)."""
    text = f"{cfg.mr}x{cfg.nr} mc{cfg.mc} nc{cfg.nc} kc{cfg.kc}"
    return text + (" packB" if cfg.pack_b else "")


def pin(threads: int, cpus: str | None) -> list[int]:
    allowed = sorted(os.sched_getaffinity(0))
    if cpus:
        chosen = [int(c) for c in cpus.split(",") if c.strip()]
        if len(set(chosen)) != threads or not set(chosen) <= set(allowed):
            raise SystemExit(f"--cpu must name {threads} distinct CPUs of the affinity mask {allowed}")
    else:
        if threads > len(allowed):
            raise SystemExit(f"--threads {threads}: only {len(allowed)} CPUs in the affinity mask {allowed}")
        chosen = allowed[:threads]
    os.sched_setaffinity(0, set(chosen))
    return chosen


# --- (a) the hand-off ----------------------------------------------------------------------------

def _stats(samples: list[int]) -> dict:
    s = sorted(samples)
    q = lambda f: s[min(len(s) - 1, int(f * len(s)))]  # noqa: E731
    return {"median_ns": statistics.median(s), "p10_ns": q(0.10), "p90_ns": q(0.90), "min_ns": s[0], "n": len(s)}


def measure_handoff(threads: int, reps: int, rounds: int, idle_reps: int, idle: float) -> dict:
    """Median time of pool.run over `threads` getpid calls vs the same calls on one thread.

    Back-to-back: calls follow each other at once (the worker has just gone back to its queue).
    After idle: `idle` seconds of sleep before each call (the worker, and maybe its CPU, sleep).
    """
    libc = ctypes.CDLL(None, use_errno=False)
    getpid = libc.getpid
    getpid.restype = ctypes.c_int
    getpid.argtypes = []
    pool = rt_threads._pool
    calls = [(getpid, ())] * threads

    def serial():
        for fn, args in calls:
            fn(*args)

    def handoff():
        pool.run(calls)

    def one():
        getpid()

    variants = {"one_call": one, "serial": serial, "pool": handoff}
    native = native_pool()
    if native is not None:  # the native pool (runtime/native_pool.py) running getpid on each thread
        plan = make_plan([(ctypes.cast(getpid, ctypes.c_void_p).value, 0, 0, 0)] * threads)
        variants["native"] = lambda: native.run(plan, threads, 0, 0, 0)
    for fn in variants.values():  # warm-up (and the pool's workers start)
        time_each(fn, 2000)
    samples: dict[str, list[int]] = {k: [] for k in variants}
    round_medians: dict[str, list[float]] = {k: [] for k in variants}
    for r in range(rounds):
        names = list(variants) if r % 2 == 0 else list(variants)[::-1]
        for k in names:
            s = time_each(variants[k], reps)
            samples[k] += s
            round_medians[k].append(statistics.median(s))
    idle_samples = {k: time_each(variants[k], idle_reps, idle) for k in ("serial", "pool")}
    # The same with the pool's workers and this thread all on one CPU: no cross-CPU wake-up
    # (no inter-processor interrupt, no idle vCPU to wake), only the software path (queue, GIL,
    # event, context switches). Affinities are restored afterwards.
    workers = [t for t in threading.enumerate() if t.name.startswith("nanomm-") and t.native_id]
    saved = {t.native_id: os.sched_getaffinity(t.native_id) for t in workers}
    saved_main = os.sched_getaffinity(0)
    one_cpu = min(saved_main)
    try:
        for tid in saved:
            os.sched_setaffinity(tid, {one_cpu})
        os.sched_setaffinity(0, {one_cpu})
        time_each(handoff, 1000)
        same_cpu = {k: time_each(variants[k], reps // 4) for k in ("serial", "pool")}
    finally:
        for tid, mask in saved.items():
            os.sched_setaffinity(tid, mask)
        os.sched_setaffinity(0, saved_main)
    out = {
        "threads": threads,
        "function": "libc getpid through ctypes (releases the GIL)",
        "reps_per_round": reps, "rounds": rounds,
        "back_to_back": {k: {**_stats(v), "round_medians_ns": round_medians[k]} for k, v in samples.items()},
        "after_idle": {k: _stats(v) for k, v in idle_samples.items()},
        "idle_seconds": idle,
        "same_cpu": {k: _stats(v) for k, v in same_cpu.items()},
        "same_cpu_id": one_cpu,
        "workers_pinned_for_same_cpu": len(saved),
    }
    b, i = out["back_to_back"], out["after_idle"]
    out["overhead_ns"] = b["pool"]["median_ns"] - b["serial"]["median_ns"]
    if "native" in b:
        out["native_overhead_ns"] = b["native"]["median_ns"] - b["serial"]["median_ns"]
    out["overhead_ns_p90"] = b["pool"]["p90_ns"] - b["serial"]["p90_ns"]
    out["overhead_after_idle_ns"] = i["pool"]["median_ns"] - i["serial"]["median_ns"]
    out["overhead_same_cpu_ns"] = out["same_cpu"]["pool"]["median_ns"] - out["same_cpu"]["serial"]["median_ns"]
    # the same, round by round: how stable the figure is
    out["overhead_ns_per_round"] = [p - s for p, s in zip(round_medians["pool"], round_medians["serial"])]
    cpus = sorted(os.sched_getaffinity(0))
    out["pingpong"] = measure_pingpong(reps // 4, rounds, cpus[0], cpus[1 % len(cpus)])
    out["pingpong_same_cpu"] = measure_pingpong(reps // 4, rounds, cpus[0], cpus[0])
    return out


def measure_pingpong(reps: int, rounds: int, main_cpu: int, echo_cpu: int) -> dict:
    """Round trip of a Python object to another thread and back through two queue.SimpleQueue:
    the floor (two wake-ups, two GIL hand-overs) of any blocking hand-off between Python threads.

    This thread runs on `main_cpu` during the measurement, the echoing thread on `echo_cpu`.
    """
    there: queue.SimpleQueue = queue.SimpleQueue()
    back: queue.SimpleQueue = queue.SimpleQueue()

    def echo():
        os.sched_setaffinity(threading.get_native_id(), {echo_cpu})
        while True:
            x = there.get()
            back.put(x)
            if x is None:
                return

    t = threading.Thread(target=echo, daemon=True)
    t.start()

    def trip():
        there.put(1)
        back.get()

    saved = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {main_cpu})
    try:
        time_each(trip, 2000)
        samples: list[int] = []
        for _ in range(rounds):
            samples += time_each(trip, reps)
    finally:
        there.put(None)
        t.join()
        os.sched_setaffinity(0, saved)
    return {**_stats(samples), "main_cpu": main_cpu, "echo_cpu": echo_cpu}


def handoff_lines(h: dict) -> list[str]:
    b, i = h["back_to_back"], h["after_idle"]
    us = lambda ns: f"{ns / 1e3:.2f} us"  # noqa: E731
    per_round = ", ".join(f"{x / 1e3:.1f}" for x in h["overhead_ns_per_round"])
    native = ([f"native pool (runtime/native_pool.py, what ParallelKernel uses): {us(b['native']['median_ns'])} "
               f"(p90 {us(b['native']['p90_ns'])}): overhead {us(h['native_overhead_ns'])} per parallel call"]
              if "native" in b else ["native pool: not available on this platform"])
    return native + [
        f"hand-off, {h['threads']} calls of getpid (ctypes): pool.run {us(b['pool']['median_ns'])} "
        f"(p10 {us(b['pool']['p10_ns'])}, p90 {us(b['pool']['p90_ns'])}) vs one after the other on one thread "
        f"{us(b['serial']['median_ns'])} (one call {us(b['one_call']['median_ns'])}); medians of "
        f"{b['pool']['n']} calls each",
        f"  overhead per parallel call: {us(h['overhead_ns'])} median (p90 {us(h['overhead_ns_p90'])}); "
        f"per round (us): {per_round}",
        f"  after {h['idle_seconds'] * 1e3:.0f} ms idle before each call: pool.run {us(i['pool']['median_ns'])} "
        f"(p90 {us(i['pool']['p90_ns'])}) vs {us(i['serial']['median_ns'])}: overhead "
        f"{us(h['overhead_after_idle_ns'])} ({i['pool']['n']} calls)",
        f"  all threads on one CPU (cpu {h['same_cpu_id']}; no cross-CPU wake-up): pool.run "
        f"{us(h['same_cpu']['pool']['median_ns'])} (p90 {us(h['same_cpu']['pool']['p90_ns'])}): overhead "
        f"{us(h['overhead_same_cpu_ns'])}",
        f"  for scale: a Python object to another thread and back (2 SimpleQueues, no C call): "
        f"{us(h['pingpong']['median_ns'])} median (p10 {us(h['pingpong']['p10_ns'])}, "
        f"p90 {us(h['pingpong']['p90_ns'])}) with the threads on cpus {h['pingpong']['main_cpu']} and "
        f"{h['pingpong']['echo_cpu']}; {us(h['pingpong_same_cpu']['median_ns'])} "
        f"(p90 {us(h['pingpong_same_cpu']['p90_ns'])}) on one CPU",
    ]


# --- (b) the crossover ---------------------------------------------------------------------------

def forced_partition(spec: MatmulSpec, threads: int) -> list:
    """compiler/parallel.py's partition() with the size threshold disabled for this call."""
    saved = parallel.PARALLEL_MIN_SECONDS
    parallel.PARALLEL_MIN_SECONDS = 0.0
    try:
        return partition(spec, threads)
    finally:
        parallel.PARALLEL_MIN_SECONDS = saved


def split_text(chunks: list) -> str:
    if len(chunks) < 2:
        return "-"
    dim = "N" if any(c.n0 for c in chunks) else "M"
    sizes = "+".join(str(c.spec.N if dim == "N" else c.spec.M) for c in chunks)
    return f"{len(chunks)}x{dim} ({sizes})"


def check(C: np.ndarray, A: np.ndarray, B: np.ndarray) -> dict:
    ref = A.astype(np.float64) @ B.astype(np.float64)
    mag = np.abs(A).astype(np.float64) @ np.abs(B).astype(np.float64)
    bound = A.shape[1] * np.finfo(np.float32).eps * mag + np.finfo(np.float32).tiny
    finite = bool(np.isfinite(C).all())
    ratio = float(np.max(np.abs(C - ref) / bound)) if finite else float("inf")
    return {"ok": finite and ratio <= 1.0, "max_err_over_bound": ratio}


def measure_shape(M: int, N: int, K: int, threads: int, args, rng) -> dict:
    spec = MatmulSpec(M, N, K)
    entry: dict = {"shape": shape_name(M, N, K), "M": M, "N": N, "K": K, "flops": spec.flops,
                   "serial_seconds_estimate": serial_seconds(spec),
                   "auto_threads": len(partition(spec, threads))}
    account = CpuAccount()
    k1 = nanomm.compile_matmul(M, N, K, threads=1)
    entry["config_1t"] = config_text(k1.config)
    chunks = forced_partition(spec, threads)
    entry["split"] = split_text(chunks)
    A = rng.uniform(-1, 1, (M, K)).astype(np.float32)
    B = rng.uniform(-1, 1, (K, N)).astype(np.float32)
    C1 = np.full((M, N), np.nan, np.float32)
    calls = {"1t": lambda: k1(A, B, C1)}
    checks = {"1t": None}
    if len(chunks) > 1:
        kT = ParallelKernel(spec, chunks, lambda s: build_kernel(s, "host"))
        entry["configs_Tt"] = sorted({config_text(k.config) for k in kT.kernels})
        CT = np.full((M, N), np.nan, np.float32)
        calls["Tt"] = lambda: kT(A, B, CT)
    else:
        entry["note"] = f"partition() does not split {entry['shape']} over {threads} threads"
    for name, fn in calls.items():
        fn()
    checks["1t"] = check(C1, A, B)
    if "Tt" in calls:
        checks["Tt"] = check(CT, A, B)
    entry["check"] = checks
    entry["ok"] = all(c["ok"] for c in checks.values())

    # warm-up: also picks the calls per measurement
    reps = {}
    for name, fn in calls.items():
        s = []
        t_start = time.perf_counter()
        while len(s) < 3 or time.perf_counter() - t_start < args.warmup:
            s += time_each(fn, 1)
        typical = statistics.median(s[len(s) // 2:]) / 1e9
        reps[name] = max(3, int(round(args.target / max(typical, 1e-9))))
    medians: dict[str, list[float]] = {name: [] for name in calls}
    order = list(calls)
    for r in range(args.rounds):
        for name in (order if r % 2 == 0 else order[::-1]):
            medians[name].append(statistics.median(time_each(calls[name], reps[name])) / 1e9)
    entry["reps"] = reps
    entry["round_medians_s"] = medians
    entry["seconds"] = {name: min(v) for name, v in medians.items()}
    if "Tt" in calls:
        t1, tT = entry["seconds"]["1t"], entry["seconds"]["Tt"]
        entry["speedup"] = t1 / tT
        # per-round speedups (same round) show how noisy the figure is
        entry["speedup_per_round"] = [a / b for a, b in zip(medians["1t"], medians["Tt"])]
    entry["other_cpus"] = account.other_cpus()
    return entry


def crossover(entries: list[dict], key: str = "flops") -> dict:
    """The smallest shape (by `key`) where T threads win by >= WIN, and from which they always do.

    Also the largest shape (by `key`) where they do not win: a threshold belongs between the two.
    """
    rows = sorted((e for e in entries if "speedup" in e), key=lambda e: e[key])
    first = next((e for e in rows if e["speedup"] >= WIN), None)
    stable = None
    for i in range(len(rows)):
        if all(e["speedup"] >= WIN for e in rows[i:]):
            stable = rows[i]
            break
    no_loss = None
    for i in range(len(rows)):
        if all(e["speedup"] >= 1.0 for e in rows[i:]):
            no_loss = rows[i]
            break
    pick = lambda e: None if e is None else {  # noqa: E731
        "shape": e["shape"], "flops": e["flops"], "serial_seconds_estimate": e["serial_seconds_estimate"],
        "seconds_1t": e["seconds"]["1t"], "speedup": e["speedup"]}
    no_win = [e for e in rows if e["speedup"] < WIN]
    return {"first_win": pick(first), "stable_win": pick(stable), "no_loss_from": pick(no_loss),
            "last_no_win": pick(no_win[-1] if no_win else None)}


def fewest_wrong_threshold(entries: list[dict]) -> dict | None:
    """The serial_seconds threshold that makes the fewest wrong decisions over `entries`.

    With threshold s, a shape is split when its estimate >= s. A decision is wrong when a split
    shape is slower than one thread (speedup < 1), or a shape left on one thread would have won by
    >= WIN; shapes in between are neither. Candidates are the shapes' estimates (and above all of
    them); ties go to the largest (fewer threads for the same wrong count). Robust to one odd
    shape, unlike stable_win. `tied` lists every candidate with the same count.
    """
    rows = sorted((e for e in entries if "speedup" in e), key=lambda e: e["serial_seconds_estimate"])
    if not rows:
        return None
    cands = [e["serial_seconds_estimate"] for e in rows] + [math.inf]
    options = []
    for i, th in enumerate(cands):
        if i > 0 and th == cands[i - 1]:
            continue
        lose = [e["shape"] for e in rows if e["serial_seconds_estimate"] >= th and e["speedup"] < 1.0]
        miss = [e["shape"] for e in rows if e["serial_seconds_estimate"] < th and e["speedup"] >= WIN]
        below = rows[i - 1]["serial_seconds_estimate"] if i > 0 else 0.0
        options.append({"threshold_seconds": th if th != math.inf else None, "range_seconds": [below, th],
                        "wrong": len(lose) + len(miss), "split_but_slower": lose, "not_split_but_wins": miss})
    fewest = min(o["wrong"] for o in options)
    tied = [o for o in options if o["wrong"] == fewest]
    best = dict(tied[-1])
    best["shapes"] = len(rows)
    best["tied"] = [o["range_seconds"] for o in tied]
    return best


def describe(c: dict | None) -> str:
    if c is None:
        return "none"
    return (f"{c['shape']} ({c['flops'] / 1e6:.1f} MFLOP, est. {c['serial_seconds_estimate'] * 1e6:.0f} us, "
            f"1t {c['seconds_1t'] * 1e6:.0f} us, x{c['speedup']:.2f})")


def table(entries: list[tuple[str, dict]], threads: int) -> tuple[list[str], list[list[str]]]:
    head = ["family", "shape", "MFLOP", "est. us", "1t us", f"{threads}t us", "speedup", "rounds (min-max)",
            "1t GF/s", f"{threads}t GF/s", "split", "auto", "other CPU", "check"]
    rows = []
    for fam, e in entries:
        s = e["seconds"]
        sp = e.get("speedup")
        per = e.get("speedup_per_round")
        mark = ""
        if sp is not None:
            mark = " *" if sp >= WIN else (" <" if sp < 1.0 else "")
        rows.append([
            fam, e["shape"], f"{e['flops'] / 1e6:.2f}", f"{e['serial_seconds_estimate'] * 1e6:.0f}",
            f"{s['1t'] * 1e6:.1f}", f"{s['Tt'] * 1e6:.1f}" if "Tt" in s else "-",
            f"{sp:.2f}{mark}" if sp is not None else "-",
            f"{min(per):.2f}-{max(per):.2f}" if per else "-",
            f"{e['flops'] / s['1t'] / 1e9:.1f}", f"{e['flops'] / s['Tt'] / 1e9:.1f}" if "Tt" in s else "-",
            e["split"], f"{e['auto_threads']}t",
            f"{e['other_cpus']:.2f}" if e.get("other_cpus") is not None else "?",
            "ok" if e["ok"] else "WRONG"])
    return head, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2, help="threads of the parallel kernels (default 2)")
    parser.add_argument("--cpu", default=None, help="CPUs to pin to, comma-separated (default: the first T allowed)")
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help=f"comma-separated, of: {', '.join(FAMILIES)} (default all)")
    parser.add_argument("--shapes", default=None, help="extra shapes (MxNxK or N), as the family 'extra'")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds per shape (default 7, quick 3)")
    parser.add_argument("--target", type=float, default=None, help="seconds per measurement (default 0.04, quick 0.015)")
    parser.add_argument("--handoff-reps", type=int, default=None, help="calls per hand-off round (default 20000)")
    parser.add_argument("--retries", type=int, default=2,
                        help=f"measure a shape again, up to this many times, when other processes used more than "
                             f"{NOISY} CPUs during it (default 2)")
    parser.add_argument("--wait-quiet", type=float, default=20.0,
                        help="before the hand-off and each shape, wait up to this many seconds for other "
                             "processes to use <= 0.1 CPUs (default 20; 0: do not wait)")
    parser.add_argument("--skip-crossover", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="JSON path (default bench/out/bench_threads-<cpu>-<date>.json)")
    args = parser.parse_args(argv)
    T = args.threads
    if T < 2:
        parser.error("--threads must be >= 2")
    args.rounds = args.rounds or (3 if args.quick else 7)
    args.target = args.target or (0.015 if args.quick else 0.04)
    args.warmup = 0.02 if args.quick else 0.05
    handoff_reps = args.handoff_reps or (5000 if args.quick else 20000)
    fams = [f.strip() for f in args.families.split(",") if f.strip()]
    unknown = [f for f in fams if f not in FAMILIES]
    if unknown:
        parser.error(f"unknown families {unknown}; known: {', '.join(FAMILIES)}")
    families = {f: FAMILIES[f] for f in fams}
    if args.shapes:
        try:
            families["extra"] = [parse_shape(s) for s in args.shapes.split(",") if s.strip()]
        except ValueError as exc:
            parser.error(str(exc))

    cpu = host_cpu()
    pinned = pin(T, args.cpu)
    started = datetime.datetime.now()
    loadavg_start = list(os.getloadavg())
    log(f"bench_threads: {T} threads on cpus {pinned}, threshold PARALLEL_MIN_SECONDS = "
        f"{parallel.PARALLEL_MIN_SECONDS * 1e6:.0f} us")

    log("hand-off")
    quiet_waits = {"hand-off": wait_quiet(args.wait_quiet)}
    account = CpuAccount()
    h = measure_handoff(T, handoff_reps, 5, 300 if args.quick else 1000, 0.001)
    h["other_cpus"] = account.other_cpus()
    lines = handoff_lines(h)
    print("\n".join(lines), flush=True)

    rng = np.random.default_rng(args.seed)
    results: dict[str, list[dict]] = {}
    if not args.skip_crossover:
        for fam, shapes in families.items():
            results[fam] = []
            for M, N, K in shapes:
                log(f"[{fam}] {shape_name(M, N, K)}")
                # Another process busy on our CPUs spoils the figure: measure again (a few times at
                # most) and keep the quietest attempt.
                waits = [wait_quiet(args.wait_quiet)]
                attempts = [measure_shape(M, N, K, T, args, rng)]
                while (attempts[-1].get("other_cpus") or 0) > NOISY and len(attempts) <= args.retries:
                    log(f"  other processes used {attempts[-1]['other_cpus']:.2f} CPUs: measuring again")
                    waits.append(wait_quiet(max(args.wait_quiet, 1.0)))
                    attempts.append(measure_shape(M, N, K, T, args, rng))
                best = min(attempts, key=lambda e: e.get("other_cpus") or 0)
                best["attempts"] = len(attempts)
                best["other_cpus_per_attempt"] = [e.get("other_cpus") for e in attempts]
                best["quiet_waits"] = waits
                results[fam].append(best)

    flat = [(fam, e) for fam, es in results.items() for e in es]
    summary: dict = {"threshold_seconds_now": parallel.PARALLEL_MIN_SECONDS, "win_factor": WIN, "families": {}}
    out_lines: list[str] = []
    head, rows = table(flat, T) if flat else ([], [])
    if flat:
        for fam, es in results.items():
            c = crossover(es)
            summary["families"][fam] = c
        quiet = [e for fam, e in flat if (e.get("other_cpus") or 0) <= NOISY]
        noisy = [f"{fam}/{e['shape']}" for fam, e in flat if (e.get("other_cpus") or 0) > NOISY]
        pooled = crossover(quiet, key="serial_seconds_estimate")
        pooled_measured = crossover([{**e, "t1": e["seconds"]["1t"]} for e in quiet], key="t1")
        summary["all_shapes_by_estimate"] = pooled
        summary["all_shapes_by_measured_1t"] = pooled_measured
        summary["noisy_shapes_left_out"] = noisy
        th = parallel.PARALLEL_MIN_SECONDS
        summary["split_now_but_slower"] = [e["shape"] for _, e in flat
                                           if e["auto_threads"] > 1 and e.get("speedup", 2) < 1.0]
        summary["split_now_no_win"] = [e["shape"] for _, e in flat
                                       if e["auto_threads"] > 1 and e.get("speedup", 2) < WIN]
        summary["not_split_now_but_wins"] = [e["shape"] for _, e in flat
                                             if e["auto_threads"] == 1 and e.get("speedup", 0) >= WIN]
        summary["slower_with_threads"] = [e["shape"] for _, e in flat if e.get("speedup", 1) < 1.0]
        summary["wrong"] = [e["shape"] for _, e in flat if not e["ok"]]
        sug = pooled["stable_win"]["serial_seconds_estimate"] if pooled["stable_win"] else None
        low = pooled["last_no_win"]["serial_seconds_estimate"] if pooled["last_no_win"] else None
        summary["stable_win_threshold_seconds"] = sug
        summary["stable_win_range_seconds"] = [low, sug]
        fewest = fewest_wrong_threshold(quiet)
        summary["fewest_wrong_threshold"] = fewest
        summary["suggested_PARALLEL_MIN_SECONDS"] = fewest["threshold_seconds"] if fewest else None
        pct = int(round((WIN - 1) * 100))
        out_lines.append(f"crossover ({T} threads win by >= {pct} %), PARALLEL_MIN_SECONDS now {th * 1e6:.0f} us "
                         f"(in compiler/parallel.py's serial_seconds estimate):")
        for fam, c in summary["families"].items():
            if fam == "suite":
                continue  # not a growing family
            out_lines.append(f"  {fam}: first win {describe(c['first_win'])}; wins at every larger size from "
                             f"{describe(c['stable_win'])}; never slower from {describe(c['no_loss_from'])}")
        out_lines.append(f"  all quiet shapes ({len(quiet)}), by estimated serial_seconds: threads win at every "
                         f"estimate from {describe(pooled['stable_win'])}; largest estimate without a win: "
                         f"{describe(pooled['last_no_win'])}")
        out_lines.append(f"  all quiet shapes, by measured 1-thread time: win at every longer time from "
                         f"{describe(pooled_measured['stable_win'])}; longest without a win: "
                         f"{describe(pooled_measured['last_no_win'])}")
        if sug is not None:
            out_lines.append(f"  strict: any PARALLEL_MIN_SECONDS in ({(low or 0) * 1e6:.0f}, {sug * 1e6:.0f}] us "
                             f"splits only quiet shapes where {T} threads won by >= {pct} %")
        if fewest and fewest["threshold_seconds"] is not None:
            lo, hi = fewest["range_seconds"]
            wrong = fewest["split_but_slower"] + fewest["not_split_but_wins"]
            out_lines.append(
                f"  suggested PARALLEL_MIN_SECONDS: {hi * 1e6:.0f} us (fewest wrong decisions over "
                f"{fewest['shapes']} quiet shapes: {fewest['wrong']}, the same for any value in ({lo * 1e6:.0f}, "
                f"{hi * 1e6:.0f}] us" + (f"; {len(fewest['tied'])} tied ranges, the highest taken"
                                         if len(fewest["tied"]) > 1 else "")
                + (f"; split but slower: {', '.join(fewest['split_but_slower']) or '-'}; "
                                          f"not split but {T} threads win: "
                                          f"{', '.join(fewest['not_split_but_wins']) or '-'}" if wrong else "") + ")")
        else:
            out_lines.append("  suggested PARALLEL_MIN_SECONDS: none (no quiet shape where threads win)")
        if noisy:
            out_lines.append(f"  left out of the pooled figures (other processes busy > {NOISY} CPUs): "
                             f"{', '.join(noisy)}")
        for key, text in (("slower_with_threads", f"{T} threads slower than 1"),
                          ("split_now_but_slower", "split by nanomm today but slower"),
                          ("split_now_no_win", f"split today without a {int(round((WIN - 1) * 100))} % win"),
                          ("not_split_now_but_wins", "not split today but threads win"),
                          ("wrong", "WRONG results")):
            if summary[key]:
                out_lines.append(f"  {text}: {', '.join(summary[key])}")
        print()
        print(render_text(head, rows, LEFT))
        print("(* wins by >= 10 %, < slower than one thread; 'auto' = threads nanomm picks today; "
              "'other CPU' = other processes' CPU use during the shape, in CPUs)")
        print()
        print("\n".join(out_lines))

    notes = []
    busy = [f"{fam}/{e['shape']} {e['other_cpus']:.2f}" for fam, e in flat if (e.get("other_cpus") or 0) > 0.1]
    if busy or (h.get("other_cpus") or 0) > 0.1:
        notes.append("other processes used CPU during: " + ", ".join(
            ([f"hand-off {h['other_cpus']:.2f}"] if (h.get("other_cpus") or 0) > 0.1 else []) + busy)
            + " (average CPUs): those figures are noisy")
    for n in notes:
        print(f"note: {n}")

    report = {
        "tool": "bench/bench_threads.py",
        **_report.provenance(_report.argv_of(__file__, argv)),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.datetime.now().isoformat(timespec="seconds"),
        "settings": {"threads": T, "pinned_cpus": pinned, "rounds": args.rounds, "target_seconds": args.target,
                     "warmup_seconds": args.warmup, "handoff_reps": handoff_reps, "seed": args.seed,
                     "win_factor": WIN, "PARALLEL_MIN_SECONDS": parallel.PARALLEL_MIN_SECONDS,
                     "NANOMM_DISK_CACHE": os.environ.get("NANOMM_DISK_CACHE")},
        "method": __doc__,
        "versions": {"python": platform.python_version(), "nanomm": getattr(nanomm, "__version__", None),
                     "numpy": np.__version__},
        "cpu": {"llvm_name": cpu.name, "model_name": cpu.model_name, "cores": cpu.cores},
        "loadavg": {"start": loadavg_start, "end": list(os.getloadavg())},
        "handoff": h,
        "handoff_quiet_wait": quiet_waits["hand-off"],
        "crossover": results,
        "summary": summary,
        "notes": notes,
    }
    out = result_path("bench_threads", started, args.out)
    out.write_text(json.dumps(report, indent=1, default=str) + "\n")
    md = out.with_suffix(".md")
    md.write_text("\n".join([
        f"# {_report.title(report)}", "",
        f"{T} threads on cpus {pinned}; {_report.provenance_line(report)}; JSON: `{out.name}`", "",
        *[f"- {ln.strip()}" for ln in lines], "",
        *([render_markdown(head, rows, LEFT), ""] if flat else []),
        *[f"- {ln.strip()}" for ln in out_lines], *[f"- note: {n}" for n in notes], "",
    ]))
    print(f"\nJSON: {out}\nMarkdown: {md}")
    return 1 if summary.get("wrong") else 0


if __name__ == "__main__":
    sys.exit(main())

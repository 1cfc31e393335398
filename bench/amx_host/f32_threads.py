"""Runs AOT-built float32 kernels on the AMX host: checks them against numpy and times 1 and N threads
against torch (MKL) and numpy with the same threads. Needs only numpy, llvmlite (and torch) there.

Build here:  python -m nanomm.compiler.aot 1024 2048 --target emeraldrapids --threads 16 --out DIR
             python -m nanomm.compiler.aot 1024 2048 --target emeraldrapids --threads 1 --out DIR
Run there:   python bench/amx_host/f32_threads.py DIR [--json out.json] [--rounds 2] [--no-peak]
(with `nanomm` importable: e.g. a symlink named nanomm to the repository in PYTHONPATH)

The output is bench/run.py's report format (bench/_report.py): the same JSON, the same Markdown
tables (one per thread count, ratios to the best peer), so results from both machines compare
directly; bf16/int8 AMX kernels can be added as more entries with another dtype.
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

TOOL = "bench/amx_host/f32_threads.py"
METHOD = """\
AOT kernels (compiler/aot.py, built elsewhere for this CPU) loaded with nanomm.runtime.aot.load and
checked against numpy (runtime.reference.matmul_mismatch) before timing; peers: torch.matmul
(torch.set_num_threads(T) inside each timed call) at each T nanomm was built for, and np.matmul on
all cores. A/B standard normal float32. Timing: bench/_timing.interleaved (warm-up >= 3 calls and
>= warmup seconds; interleaved rounds, order reversed on odd rounds; median per measurement, best
round median kept). FP32 peak: bench/peak.py's FMA loop on one core (and all cores), when it runs."""


def entries_for(M: int, N: int, K: int, timings: dict[tuple[str, int], dict],
                checks: dict[tuple[str, int], str | None], dtype: str = "f32") -> list[dict]:
    """Report entries (one per thread count) from {(library, threads): _timing result} and
    {(library, threads): None when correct, else the problem}."""
    ops = 2.0 * M * N * K
    by_t: dict[int, dict] = {}
    for (lib, t), r in sorted(timings.items(), key=lambda x: (x[0][1], x[0][0])):
        e = by_t.setdefault(t, {"dtype": dtype, "threads": t, "shape": _report.shape_name(M, N, K),
                                "M": M, "N": N, "K": K, "ops": ops, "libs": {}, "missing": {}, "nanomm": {}})
        problem = checks.get((lib, t))
        e["libs"][lib] = {**r, "gflops": ops / r["best_median_s"] / 1e9, "ok": problem is None,
                          "check": {"ok": problem is None, "problem": problem}}
    for t, e in by_t.items():
        if "nanomm" not in e["libs"]:
            e["missing"]["nanomm"] = f"no AOT kernel built for {t} threads"
    return [by_t[t] for t in sorted(by_t)]


def build_report(entries: list[dict], machine: dict, *, started: str, argv: list[str],
                 provenance: dict | None = None, notes: list[str] | None = None, versions: dict | None = None) -> dict:
    """The whole report (bench/_report.py format) from entries and the machine description.
    `provenance`: commit, CPU name and command (default: _report.provenance(argv), this process's)."""
    where = provenance if provenance is not None else _report.provenance(argv)
    return {"format": _report.FORMAT, "tool": TOOL, **where, "started": started, "argv": argv,
            "method": METHOD, "machine": machine, "versions": versions or {},
            "libraries": ["nanomm", "torch", "numpy"], "labels": {"torch": "torch (MKL)", "numpy": "numpy"},
            "results": entries, "notes": notes or [], "environment": {"loadavg_start": _report.loadavg()}}


def measure_machine(cores: int, seconds: float = 0.3) -> tuple[dict, list[str]]:
    """CPU info and what peak.py can measure here (f32/bf16/int8 per core and on all cores, bandwidth)."""
    from nanomm.runtime.cpu import host_cpu
    machine: dict = {"cpu": _report.cpu_info(host_cpu())}
    notes: list[str] = []
    try:
        import peak
    except Exception as exc:  # noqa: BLE001 - the bench runs without peaks
        return machine, [f"no peaks: {type(exc).__name__}: {exc}"]
    cpus = sorted(os.sched_getaffinity(0))
    for kind in ("f32", "bf16", "int8"):
        try:
            machine.setdefault("peak_per_core", {})[kind] = peak.measure_peak(kind, seconds)
            machine.setdefault("peak_all_threads", {}).setdefault(str(cores), {})[kind] = \
                peak.measure_peak_threads(kind, cpus[:cores], seconds)
        except Exception as exc:  # noqa: BLE001
            notes.append(f"{kind} peak not measured: {str(exc).splitlines()[0]}")
    try:
        machine["bandwidth_gbs"] = {"1": peak.measure_bandwidth(seconds),
                                    str(cores): peak.measure_bandwidth_threads(cpus[:cores], seconds)}
    except Exception as exc:  # noqa: BLE001
        notes.append(f"bandwidth not measured: {exc}")
    return machine, notes


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("dir", type=Path)
    p.add_argument("--json", type=Path, help="report path (default bench/out/amx_host_f32-<cpu>-<date>.json)")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--target", type=float, default=0.3, help="seconds per measurement")
    p.add_argument("--no-peak", action="store_true")
    args = p.parse_args()
    from nanomm.runtime.aot import load
    from nanomm.runtime.reference import matmul_mismatch

    try:
        import torch
    except ImportError:
        torch = None
    started = datetime.datetime.now()
    cores = len(os.sched_getaffinity(0))
    machine, notes = ({}, ["peaks not measured (--no-peak)"]) if args.no_peak else measure_machine(cores)
    if torch is None:
        notes.append("torch: not measured (not importable)")
    by_shape: dict[tuple, dict[int, Path]] = {}
    for path in sorted(args.dir.glob("*.json")):
        m = json.loads(path.read_text())
        by_shape.setdefault((m["M"], m["N"], m["K"]), {})[m["threads"]] = path
    entries, failures = [], 0
    for (M, N, K), variants in sorted(by_shape.items()):
        rng = np.random.default_rng(0)
        a = rng.standard_normal((M, K), dtype=np.float32)
        b = rng.standard_normal((K, N), dtype=np.float32)
        funcs = {t: load(path) for t, path in variants.items()}
        checks: dict[tuple[str, int], str | None] = {}
        for t, f in funcs.items():
            out = np.full((M, N), np.nan, np.float32)
            f(a, b, out)
            checks[("nanomm", t)] = matmul_mismatch(out, a, b)
            if checks[("nanomm", t)]:
                failures += 1
                _report.log(f"  MISMATCH {M}x{N}x{K} {t} threads: {checks[('nanomm', t)]}")
        c = np.empty((M, N), np.float32)
        calls = {("nanomm", t): (lambda f=f: f(a, b, c)) for t, f in sorted(funcs.items())}
        if torch is not None:
            ta, tb, tc = torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(c)
            for t in sorted(funcs):
                calls[("torch", t)] = lambda t=t: (torch.set_num_threads(t), torch.matmul(ta, tb, out=tc))
        calls[("numpy", cores)] = lambda: np.matmul(a, b, out=c)
        named = {f"{lib} {t}t": fn for (lib, t), fn in calls.items()}
        timed = _timing.interleaved(named, rounds=args.rounds, target=args.target, warmup=0.2,
                                    progress=lambda msg: _report.log(f"{M}x{N}x{K}: {msg}"))
        timings = {key: timed[f"{key[0]} {key[1]}t"] for key in calls}
        entries += entries_for(M, N, K, timings, checks)
    report = build_report(entries, machine, started=started.isoformat(timespec="seconds"),
                          argv=sys.argv, notes=notes, versions=_report.versions())
    _report.publish(report, _report.result_path("amx_host_f32", started, args.json))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

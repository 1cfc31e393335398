"""Times the candidates of a remote tuning run on the machine that has the target CPU (runtime only).

    python3 -m nanomm.runtime.remote_tune DIR [--rounds 7] [--finalists 4]

DIR holds what `python -m nanomm.compiler.tune.remote prepare` wrote on the build machine: one
folder per problem with `candidates.json` and an AOT-compiled kernel per candidate configuration
(see compiler/tune/remote.py). This script needs numpy, llvmlite and ctypes (ml_dtypes for
bf16), no MLIR. For each problem it

- refuses when this CPU lacks a feature the kernels require (runtime.aot's check: no SIGILL);
- calls every candidate once on fixed random operands and checks C against the float64
  reference (runtime.reference.matmul_mismatch: float32 rounding bound, integers exact): a
  wrong or failing candidate is marked so and never timed again;
- times each checked candidate (a warm-up, then the median of several samples, each the mean
  of back-to-back calls lasting `--sample` seconds);
- re-times the fastest `--finalists` and the default in `--rounds` interleaved rounds (the
  order reversed every other round, so drift hits all alike); a finalist's figure is the mean
  of its faster half of rounds (runtime.timing.robust_seconds), as `nanomm tune` does;

and writes `timings.json` beside `candidates.json`, which `remote collect` turns into a tuning
record on the build machine. Progress and a table per problem go to stderr / stdout.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from . import aot
from .cpu import missing_features, native_cpu
from .dtypes import DTYPES
from .reference import matmul_mismatch
from .timing import robust_seconds

TIMINGS_FORMAT = "nanomm-remote-timings-1"
TRACE_LINE = "nanomm-trace: candidate {}"
TRACE_ROUND = "nanomm-trace: round {}"  # progress through the final rounds (no candidate is new there)
CANDIDATES_FORMAT = "nanomm-remote-candidates-1"


def operands(manifest: dict, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A, B (uniform in [-1, 1) for float types, the whole range for int8) and an empty C."""
    rng = np.random.default_rng(seed)
    M, N, K = manifest["M"], manifest["N"], manifest["K"]

    def make(shape, name):
        if name in ("uint8", "int8"):
            info = np.iinfo(name)
            return rng.integers(info.min, info.max + 1, size=shape, dtype=name)
        x = rng.uniform(-1, 1, size=shape).astype(np.float32)
        if name == "bfloat16":
            import ml_dtypes
            return x.astype(ml_dtypes.bfloat16)
        return x.astype(name)

    return make((M, K), manifest["a_dtype"]), make((K, N), manifest["b_dtype"]), np.zeros((M, N), manifest["c_dtype"])


def sample_seconds(call, seconds: float, samples: int = 5) -> tuple[float, float]:
    """(median, spread) of `samples` samples, each the mean time of calls lasting `seconds`."""
    call()
    call()
    t0 = time.perf_counter()
    call()
    one = max(time.perf_counter() - t0, 1e-7)
    n = max(1, int(seconds / one))
    out = []
    for _ in range(samples):
        t0 = time.perf_counter()
        for _ in range(n):
            call()
        out.append((time.perf_counter() - t0) / n)
    med = statistics.median(out)
    return med, (max(out) - min(out)) / med


def time_problem(folder: Path, rounds: int = 7, finalists: int = 4, sample: float = 0.05,
                 log=lambda msg: print(msg, file=sys.stderr, flush=True), probe=None,
                 skip: dict[int, str] | None = None, trace: bool = False) -> dict:
    """Checks and times the candidates of one problem folder; returns (and writes) its timings.

    `probe`: a function returning the host's speed now (e.g. bench/peak.py's AMX loop, in
    GOP/s), measured before the candidates and after the final rounds and recorded as
    timings["probe"]: a host whose speed moves between the two (other tenants) makes the
    ratios of that problem less trustworthy, and `remote collect` / the report say so.
    `skip`: candidates not to run, index -> why (a watchdog found them hanging or crashing the
    process: runtime/tune_worker.py); `trace`: a TRACE_LINE on stderr before each candidate and
    a TRACE_ROUND before each final round."""
    plan = json.loads((folder / "candidates.json").read_text())
    if plan.get("format") != CANDIDATES_FORMAT:
        raise ValueError(f"{folder / 'candidates.json'}: format {plan.get('format')!r}, expected {CANDIDATES_FORMAT!r}")
    missing = missing_features(tuple(plan["required_features"]))
    if missing:
        raise RuntimeError(f"this CPU lacks features the kernels of {folder.name} need: {', '.join(missing)} "
                           f"(they were built for {plan['cpu']})")
    cpu = native_cpu()
    before = probe() if probe else None
    results, calls = [], {}
    a = b = c = None
    for cand in plan["candidates"]:
        entry = {"index": cand["index"], "status": "failed", "error": None, "seconds": None, "spread": None}
        results.append(entry)
        if skip and cand["index"] in skip:
            entry["error"] = skip[cand["index"]]
            continue
        if trace:
            print(TRACE_LINE.format(cand["index"]), file=sys.stderr, flush=True)
        try:
            path = folder / cand["manifest"]
            function = aot.load(path)
            if a is None:
                a, b, c = operands(json.loads(path.read_text()))
            c[...] = 0
            packed = function.pack_b(b) if hasattr(function, "pack_b") else b  # each layout its own copy
            function(a, packed, c)
            wrong = matmul_mismatch(c, a, b)
            if wrong:
                entry["status"], entry["error"] = "wrong", wrong
                log(f"  candidate {cand['index']}: WRONG: {wrong}")
                continue
            call = (lambda f, bb: lambda: f(a, bb, c))(function, packed)
            entry["seconds"], entry["spread"] = sample_seconds(call, sample)
            entry["status"] = "ok"
            calls[cand["index"]] = call
        except Exception as exc:  # noqa: BLE001 - one bad candidate must not end the run
            entry["error"] = f"{type(exc).__name__}: {exc}"[:2000]
            log(f"  candidate {cand['index']}: failed: {entry['error']}")
    ok = sorted((e for e in results if e["status"] == "ok"), key=lambda e: e["seconds"])
    final = [e["index"] for e in ok[:finalists]]
    default = plan["default"]
    if default in calls and default not in final:
        final.append(default)
    by_index = {e["index"]: e for e in results}
    rounds_of = {i: [] for i in final}
    for r in range(rounds if len(final) > 1 else 1):
        if trace:
            print(TRACE_ROUND.format(r), file=sys.stderr, flush=True)
        for i in (final if r % 2 == 0 else final[::-1]):
            rounds_of[i].append(sample_seconds(calls[i], sample, samples=3)[0])
    for i, rs in rounds_of.items():
        by_index[i]["final_rounds"] = rs
        by_index[i]["final_seconds"] = robust_seconds(rs)
    out = {"format": TIMINGS_FORMAT, "problem": plan["problem"], "host": {
        "hostname": socket.gethostname(), "model_name": cpu.model_name, "name": cpu.name, "features": sorted(cpu.features)},
        "rounds": rounds, "sample_seconds": sample, "finished": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "candidates": results}
    if probe:
        out["probe"] = {"before": before, "after": probe()}
    (folder / "timings.json").write_text(json.dumps(out, indent=1))
    return out


def probe_drift(timings: dict) -> float | None:
    """How far the host's speed moved during a problem's timing: 1 - slower / faster probe
    (None when no probe ran)."""
    p = timings.get("probe")
    if not p or not p.get("before") or not p.get("after"):
        return None
    return 1 - min(p["before"], p["after"]) / max(p["before"], p["after"])


def report(plan: dict, timings: dict) -> str:
    """The finalists of one problem, fastest first, against the default (same rounds)."""
    p = plan["problem"]
    flops = 2 * p["M"] * p["N"] * p["K"]
    unit = "GOP/s" if DTYPES[p["dtype"]].integer else "GFLOP/s"
    cands = {c["index"]: c for c in plan["candidates"]}
    timed = [t for t in timings["candidates"] if t.get("final_seconds")]
    timed.sort(key=lambda t: t["final_seconds"])
    default = next((t for t in timed if t["index"] == plan["default"]), None)
    lines = [f"{p['M']}x{p['N']}x{p['K']} {p['dtype']} x{p['threads']} threads on {timings['host']['model_name']}: "
             f"{sum(t['status'] == 'ok' for t in timings['candidates'])} of {len(timings['candidates'])} candidates "
             f"checked and timed"]
    for t in timed:
        vs = f"{default['final_seconds'] / t['final_seconds']:.3f}x default" if default else "-"
        tag = " (default)" if t["index"] == plan["default"] else ""
        lines.append(f"  {flops / t['final_seconds'] / 1e9:9.1f} {unit}  {vs}  {cands[t['index']]['short']}{tag}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m nanomm.runtime.remote_tune", description=__doc__.split("\n\n")[0])
    p.add_argument("dir", type=Path, help="the folder `remote prepare` wrote (one sub-folder per problem)")
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds of the finalists (default 7)")
    p.add_argument("--finalists", type=int, default=4, help="fastest candidates re-timed with the default")
    p.add_argument("--sample", type=float, default=0.05, help="seconds of back-to-back calls per sample")
    p.add_argument("--skip", default="", metavar="I:WHY,...", help=argparse.SUPPRESS)  # tune_worker's watchdog
    p.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    skip = {int(i): why for i, _, why in (item.partition(":") for item in args.skip.split(",") if item)}
    folders = sorted(f.parent for f in args.dir.glob("*/candidates.json"))
    if not folders:
        print(f"error: no */candidates.json under {args.dir}", file=sys.stderr)
        return 2
    for i, folder in enumerate(folders):
        print(f"[{i + 1}/{len(folders)}] {folder.name}", file=sys.stderr, flush=True)
        try:
            timings = time_problem(folder, args.rounds, args.finalists, args.sample, skip=skip, trace=args.trace)
        except Exception as exc:  # noqa: BLE001 - e.g. this CPU lacks the target's features
            print(f"error: {folder.name}: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
        print(report(json.loads((folder / "candidates.json").read_text()), timings), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Tuned vs heuristic default on the AMX host: the tuner's gain on a CPU this machine lacks.

Build here (MLIR), for each dtype:
    python -m nanomm.compiler.tune.remote prepare 64 128 256 512 1024 2048 127x255x511 1000 33x4096x33 \\
        16x4096x4096 128x4096x4096 1x4096x4096 --dtype bf16 --target emeraldrapids --configs 20 --out DIR
Run there (numpy + llvmlite; PYTHONPATH=<dir holding a nanomm link to the repo>):
    python3 bench/amx_host/tune_speedup.py DIR [--json OUT.json]     # times, then reports
    python3 bench/amx_host/tune_speedup.py DIR --report-only         # report timings.json already there
Then here: python -m nanomm.compiler.tune.remote collect DIR   (stores the records).
The timings are written into DIR there (DIR/<problem>/timings.json): when DIR is a copy (the device
tool runs each call on a fresh copy of the tree and returns only a few files), bring them back as
one archive in the same call (`tar czf $OUT/timings.tgz DIR/*/timings.json`) and unpack it here
before `collect`.

Each problem's candidates are checked against numpy and timed by runtime/remote_tune.py (the
fastest few and the default re-timed in interleaved rounds, in one process); the figure per
problem is the default's final time over the fastest finalist's, and the report gives their
geometric mean per dtype and thread count, with how many shapes gain 1.05x or more.
bench/peak.py's AMX loop is timed before and after each problem (that host's AMX speed moves
by 2-3x with other tenants): a problem during which it moved by more than 20 % is marked.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _report  # noqa: E402
from nanomm.runtime.remote_tune import probe_drift, time_problem  # noqa: E402


def loop_probe(dtype: str):
    """A function timing bench/peak.py's AMX loop for dtype's instruction (GOP/s, best of 3 calls of
    ~1 ms), or None without AMX (amx_bench.py's probe)."""
    from amx_bench import amx_probe

    found = amx_probe("bf16" if dtype == "bf16" else "u8s8") if dtype != "f32" else None
    if found is None:
        return None
    call, ops = found

    def measure() -> float:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            call()
            best = min(best, time.perf_counter() - t0)
        return ops / best / 1e9

    return measure


def rows_of(root: Path) -> list[dict]:
    rows = []
    for folder in sorted(f.parent for f in root.glob("*/timings.json")):
        plan = json.loads((folder / "candidates.json").read_text())
        timings = json.loads((folder / "timings.json").read_text())
        p = plan["problem"]
        final = {t["index"]: t["final_seconds"] for t in timings["candidates"] if t.get("final_seconds")}
        if plan["default"] not in final:
            continue
        best = min(final, key=final.get)
        flops = 2 * p["M"] * p["N"] * p["K"]
        rows.append({"shape": f"{p['M']}x{p['N']}x{p['K']}", "dtype": p["dtype"], "threads": p["threads"],
                     "default": plan["candidates"][plan["default"]]["short"], "best": plan["candidates"][best]["short"],
                     "default_gflops": flops / final[plan["default"]] / 1e9, "best_gflops": flops / final[best] / 1e9,
                     "speedup": final[plan["default"]] / final[best], "candidates": len(timings["candidates"]),
                     "checked": sum(t["status"] == "ok" for t in timings["candidates"]),
                     "wrong": sum(t["status"] == "wrong" for t in timings["candidates"]),
                     "host": timings["host"]["model_name"], "timed": timings.get("finished"),
                     "probe": timings.get("probe"), "drift": probe_drift(timings)})
    return rows


def report(rows: list[dict]) -> str:
    lines = ["| dtype | threads | shape | default | tuned | tuned / default | checked | AMX loop before / after "
             "| tuned config |", "|---|---:|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        p = r.get("probe") or {}
        loop = f"{p['before']:.0f} / {p['after']:.0f}" if p.get("before") and p.get("after") else "-"
        if r.get("drift") is not None and r["drift"] > 0.2:
            loop += " (moved)"
        lines.append(f"| {r['dtype']} | {r['threads']} | {r['shape']} | {r['default_gflops']:.1f} | {r['best_gflops']:.1f} "
                     f"| {r['speedup']:.3f} | {r['checked']}/{r['candidates']} ({r['wrong']} wrong) | {loop} "
                     f"| {r['best']} |")
    groups: dict[tuple, list[float]] = {}
    for r in rows:
        groups.setdefault((r["dtype"], r["threads"]), []).append(r["speedup"])
    lines.append("")
    for (dtype, threads), xs in sorted(groups.items()):
        g = math.exp(sum(map(math.log, xs)) / len(xs))
        lines.append(f"- {dtype}, {threads} thread(s): geomean tuned / default over {len(xs)} shapes: {g:.3f}x "
                     f"({sum(x >= 1.05 for x in xs)} shapes at >= 1.05x)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir", type=Path)
    p.add_argument("--report-only", action="store_true")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--json", type=Path)
    p.add_argument("--no-probe", action="store_true", help="do not time the AMX loop before and after each problem")
    args = p.parse_args(argv)
    if not args.report_only:
        for folder in sorted(f.parent for f in args.dir.glob("*/candidates.json")):
            print(f"timing {folder.name}", file=sys.stderr, flush=True)
            dtype = json.loads((folder / "candidates.json").read_text())["problem"]["dtype"]
            time_problem(folder, rounds=args.rounds, probe=None if args.no_probe else loop_probe(dtype))
    rows = rows_of(args.dir)
    if not rows:
        print(f"error: no timed problems under {args.dir}", file=sys.stderr)
        return 1
    text = report(rows)
    print(text)
    if args.json:
        where = _report.provenance(_report.argv_of(__file__, argv))
        timed_on = sorted({r["host"] for r in rows})
        args.json.write_text(json.dumps({"tool": "bench/amx_host/tune_speedup.py", **where, "timed_on": timed_on,
                                         "rows": rows, "generated": time.strftime("%Y-%m-%dT%H:%M:%S")}, indent=1))
        args.json.with_suffix(".md").write_text(
            f"# bench/amx_host/tune_speedup.py on {', '.join(timed_on)}\n\n"
            f"Timed on {', '.join(timed_on)}; this report written at {_report.provenance_line(where)}\n\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

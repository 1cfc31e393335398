"""The autotuner's figures: tuned vs default speed, guided vs exhaustive search, stability.

    python bench/bench_tune.py                                  # all three parts (long: ~30 min)
    python bench/bench_tune.py --part speedup --shapes 64,33x4096x33
    python bench/bench_tune.py --part exhaustive --exhaustive-shapes 1x4096x4096
    python bench/bench_tune.py --part stability --stability-shape 16x4096x4096 --repeats 10
    python bench/bench_tune.py --budget 30s --out /tmp/tune.json
    python bench/bench_tune.py --part speedup --dtype bf16 --shapes 64,128,256,512,1024,2048
    python bench/bench_tune.py --part speedup --shapes 1000 --threads 2

Parts:
  speedup     tune each shape with the default budget (fresh records and a fresh kernel
              cache: NANOMM_CACHE_DIR is a new temporary directory unless --cache-dir is
              given); report the tuned kernel's speed over the heuristic default's, both
              from the tuner's final interleaved re-timing, the geometric mean over the
              shapes, and the seconds each shape took (target: >= 1.05x geomean on >= 6
              shapes, <= 120 s per shape).
  exhaustive  on each shape, an exhaustive search of the whole space and a model-guided
              search with the default budget; the two winners are then re-timed together
              in interleaved rounds; report the fraction of the space the guided search
              measured and its winner's speed as a percentage of the exhaustive winner's
              (target: >= 97% while measuring <= 15% of the space).
  stability   tune one shape `--repeats` times (independent records, seeds 0..n-1), then
              re-time every distinct pick in interleaved rounds; a run is stable when its
              pick is within 2% of the fastest pick (target: >= 9 of 10).

--dtype f32|bf16|u8s8|s8s8 picks the data type (int8 speeds are GOP/s). Single-threaded
kernels (the tuner's default; `--threads T` tunes the speedup part's kernels on T threads); the machine is whatever it is: on a shared 2-core VM other
processes add noise, which the interleaved re-timing reduces but cannot remove (the load
average at the start and the end of each shape is recorded).
"""

from __future__ import annotations

import os
import sys
import tempfile

# Before nanomm is imported: a fresh cache unless asked otherwise (cold compiles, no old records).
GIVEN_ENVIRONMENT = dict(os.environ)  # for the report's command line
if "--cache-dir" in sys.argv:
    os.environ["NANOMM_CACHE_DIR"] = sys.argv[sys.argv.index("--cache-dir") + 1]
else:
    os.environ["NANOMM_CACHE_DIR"] = tempfile.mkdtemp(prefix="nanomm-bench-tune-")

import argparse  # noqa: E402
import datetime  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from nanomm.compiler.tune import tune  # noqa: E402
from nanomm.runtime.timing import robust_seconds  # noqa: E402
from nanomm.compiler.tune.measure import Bench, build  # noqa: E402
from nanomm.compiler.tune.space import Problem, short  # noqa: E402
from nanomm.runtime.cpu import host_cpu  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402

SPEEDUP_SHAPES = ["64", "128", "127x255x511", "33x4096x33", "16x4096x4096", "1x4096x4096", "128x4096x4096", "1000"]
EXHAUSTIVE_SHAPES = ["1x4096x4096", "32x32x32"]
STABILITY_SHAPE = "33x4096x33"


def parse_shape(text: str) -> tuple[int, int, int]:
    dims = [int(x) for x in text.lower().split("x")]
    if len(dims) == 1:
        dims *= 3
    if len(dims) != 3:
        raise argparse.ArgumentTypeError(f"bad shape {text!r}")
    return dims[0], dims[1], dims[2]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def geomean(xs: list[float]) -> float | None:
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def retime(problem: Problem, configs: list, rounds: int = 15) -> list[float]:
    """Interleaved re-timing of configs (seconds each: the tuner's figure, the mean of the faster
    half of `rounds` round medians)."""
    cpu = host_cpu()
    bench = Bench(problem)
    calls = []
    for cfg in configs:
        kernel = build(problem, cpu, cfg)
        wrong = bench.check(kernel)
        if wrong:
            raise RuntimeError(f"{short(cfg)} is wrong: {wrong}")
        calls.append(bench.caller(kernel))
    for call in calls:  # warm
        bench.time(call)
    per: list[list[float]] = [[] for _ in configs]
    for r in range(rounds):
        order = range(len(configs)) if r % 2 == 0 else reversed(range(len(configs)))
        for i in order:
            per[i].append(bench.time(calls[i], runs=3, sample=0.005).seconds)
    return [robust_seconds(x) for x in per]


def part_speedup(args) -> dict:
    rows = []
    for text in args.shapes.split(","):
        M, N, K = parse_shape(text)
        log(f"speedup: tuning {M}x{N}x{K} {args.dtype} (budget {args.budget}, load {os.getloadavg()[0]:.2f})")
        load0 = os.getloadavg()[0]
        t0 = time.monotonic()
        r = tune(M, N, K, args.dtype, threads=args.threads, budget=args.budget,
                 record_dir=Path(tempfile.mkdtemp(prefix="rec-")))
        wall = time.monotonic() - t0
        row = {"shape": f"{M}x{N}x{K}", "load": [load0, os.getloadavg()[0]], "space": r.space_size, "evaluated": len(r.evaluated),
               "failed": len(r.failed), "mode": r.mode, "seconds": wall,
               "default": short(r.default.config) if r.default else None, "best": short(r.best.config),
               "default_gflops": r.gflops(r.default) if r.default else None, "best_gflops": r.gflops(r.best),
               "speedup": r.speedup, "best_spread": r.best.final_spread}
        rows.append(row)
        log(f"  {row['shape']}: {row['speedup']:.3f}x ({row['default_gflops']:.1f} -> {row['best_gflops']:.1f} "
            f"{r.problem.unit}), "
            f"{row['evaluated']} of {row['space']} measured, {wall:.0f} s; best {row['best']}")
    return {"rows": rows, "geomean_speedup": geomean([r["speedup"] for r in rows]),
            "max_seconds": max(r["seconds"] for r in rows) if rows else None}


def part_exhaustive(args) -> dict:
    rows = []
    for text in args.exhaustive_shapes.split(","):
        M, N, K = parse_shape(text)
        log(f"exhaustive: {M}x{N}x{K}, every configuration")
        t0 = time.monotonic()
        ex = tune(M, N, K, args.dtype, exhaustive=True, record_dir=Path(tempfile.mkdtemp(prefix="rec-")))
        t_ex = time.monotonic() - t0
        log(f"  exhaustive: {len(ex.evaluated)} measured in {t_ex:.0f} s; best {short(ex.best.config)}")
        t0 = time.monotonic()
        gd = tune(M, N, K, args.dtype, budget=args.budget, record_dir=Path(tempfile.mkdtemp(prefix="rec-")))
        t_gd = time.monotonic() - t0
        log(f"  guided: {len(gd.evaluated)} measured in {t_gd:.0f} s; best {short(gd.best.config)}")
        problem = Problem(M, N, K, args.dtype)
        if ex.best.config == gd.best.config:  # the same kernel: 100% by definition
            t_exb = t_gdb = retime(problem, [ex.best.config], rounds=args.rounds)[0]
        else:
            t_exb, t_gdb = retime(problem, [ex.best.config, gd.best.config], rounds=args.rounds)
        row = {"shape": f"{M}x{N}x{K}", "space": ex.space_size, "exhaustive_evaluated": len(ex.evaluated),
               "exhaustive_failed": len(ex.failed), "exhaustive_seconds": t_ex,
               "guided_evaluated": len(gd.evaluated), "guided_seconds": t_gd,
               "fraction_evaluated": len(gd.evaluated) / ex.space_size,
               "exhaustive_best": short(ex.best.config), "guided_best": short(gd.best.config),
               "exhaustive_best_gflops": problem.flops / t_exb / 1e9, "guided_best_gflops": problem.flops / t_gdb / 1e9,
               "guided_over_exhaustive": t_exb / t_gdb}
        rows.append(row)
        log(f"  guided reaches {100 * row['guided_over_exhaustive']:.1f}% of the exhaustive best measuring "
            f"{100 * row['fraction_evaluated']:.1f}% of the space")
    return {"rows": rows}


def part_stability(args) -> dict:
    M, N, K = parse_shape(args.stability_shape)
    picks = []
    for i in range(args.repeats):
        log(f"stability: run {i + 1}/{args.repeats} of {M}x{N}x{K} {args.dtype} (load {os.getloadavg()[0]:.2f})")
        t0 = time.monotonic()
        r = tune(M, N, K, args.dtype, budget=args.budget, seed=i, record_dir=Path(tempfile.mkdtemp(prefix="rec-")))
        picks.append({"config": r.best.config, "source": r.best.source, "seconds": time.monotonic() - t0,
                      "speedup": r.speedup,
                      "evaluated": len(r.evaluated)})
        log(f"  pick {short(r.best.config)} ({r.speedup:.3f}x default), {picks[-1]['seconds']:.0f} s")
    distinct = list(dict.fromkeys(p["config"] for p in picks))
    problem = Problem(M, N, K, args.dtype)
    times = dict(zip(distinct, retime(problem, distinct, rounds=args.rounds)))
    fastest = min(times.values())
    within = [times[p["config"]] <= fastest * 1.02 for p in picks]
    return {"shape": f"{M}x{N}x{K}", "repeats": args.repeats, "distinct_picks": len(distinct),
            "picks": [{"config": short(p["config"]), "source": p["source"], "seconds": p["seconds"], "evaluated": p["evaluated"],
                       "retimed_gflops": problem.flops / times[p["config"]] / 1e9,
                       "vs_fastest_pick": times[p["config"]] / fastest} for p in picks],
            "within_2pct": sum(within)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--part", default="speedup,exhaustive,stability")
    p.add_argument("--shapes", default=",".join(SPEEDUP_SHAPES))
    p.add_argument("--exhaustive-shapes", default=",".join(EXHAUSTIVE_SHAPES))
    p.add_argument("--stability-shape", default=STABILITY_SHAPE)
    p.add_argument("--repeats", type=int, default=10)
    p.add_argument("--budget", default="60s")
    p.add_argument("--dtype", default="f32", choices=("f32", "bf16", "u8s8", "s8s8"))
    p.add_argument("--threads", type=int, default=1, help="threads of the tuned kernels (speedup part)")
    p.add_argument("--rounds", type=int, default=15, help="interleaved rounds of the re-timings")
    p.add_argument("--cache-dir", default=None, help="NANOMM_CACHE_DIR for this run (default: a new temp dir)")
    p.add_argument("--out", default=None, help="JSON path (default bench/out/bench_tune-<cpu>-<date>.json)")
    args = p.parse_args(argv)
    cpu = host_cpu()
    started = datetime.datetime.now()
    report = {"tool": "bench/bench_tune.py", **_report.provenance(_report.argv_of(__file__, argv), environ=GIVEN_ENVIRONMENT),
              "date": started.isoformat(timespec="seconds"),
              "cpu": {"name": cpu.name, "model": cpu.model_name, "l1d": cpu.l1d, "l2": cpu.l2, "l3": cpu.l3,
                      "cores": cpu.cores}, "python": platform.python_version(), "budget": args.budget,
              "dtype": args.dtype, "threads": args.threads,
              "unit": "GOP/s" if args.dtype in ("u8s8", "s8s8") else "GFLOP/s",
              "cache_dir": os.environ["NANOMM_CACHE_DIR"], "load_average_start": os.getloadavg()}
    parts = args.part.split(",")
    if "speedup" in parts:
        report["speedup"] = part_speedup(args)
    if "exhaustive" in parts:
        report["exhaustive"] = part_exhaustive(args)
    if "stability" in parts:
        report["stability"] = part_stability(args)
    report["load_average_end"] = os.getloadavg()
    out = _report.result_path("bench_tune", started, args.out)
    out.write_text(json.dumps(report, indent=1, default=str) + "\n")
    print(summary(report))
    print(f"(json: {out})")
    return 0


def summary(report: dict) -> str:
    unit = report.get("unit", "GFLOP/s").replace("FLOP", "F").replace("GOP", "GO")
    lines = [f"bench_tune {report.get('dtype', 'f32')} on {report['cpu']['model']} ({report['cpu']['name']}), "
             f"budget {report['budget']}, load average {report['load_average_start'][0]:.2f} -> {report['load_average_end'][0]:.2f}",
             _report.provenance_line(report)]
    if "speedup" in report:
        s = report["speedup"]
        lines.append("\ntuned vs default (final interleaved re-timing):")
        lines.append(f"{'shape':>16} {'default ' + unit:>12} {'tuned ' + unit:>11} {'speedup':>8} {'measured':>12} "
                     f"{'seconds':>8} {'load':>10}  best config")
        for r in s["rows"]:
            load = "{:.1f}-{:.1f}".format(*r["load"]) if r.get("load") else "-"
            lines.append(f"{r['shape']:>16} {r['default_gflops']:12.1f} {r['best_gflops']:11.1f} {r['speedup']:7.3f}x "
                         f"{r['evaluated']:>5}/{r['space']:<6} {r['seconds']:8.0f} {load:>10}  {r['best']}")
        g = s["geomean_speedup"]
        lines.append(f"geomean speedup over {len(s['rows'])} shapes: {g:.3f}x; slowest shape "
                     f"{s['max_seconds']:.0f} s" if g else "no shapes")
    if "exhaustive" in report:
        lines.append("\nguided vs exhaustive (winners re-timed together):")
        for r in report["exhaustive"]["rows"]:
            lines.append(f"{r['shape']:>16}: space {r['space']}, exhaustive {r['exhaustive_evaluated']} in "
                         f"{r['exhaustive_seconds']:.0f} s; guided {r['guided_evaluated']} "
                         f"({100 * r['fraction_evaluated']:.1f}%) in {r['guided_seconds']:.0f} s reaches "
                         f"{100 * r['guided_over_exhaustive']:.1f}% "
                         f"({r['guided_best_gflops']:.1f} vs {r['exhaustive_best_gflops']:.1f} {unit})")
    if "stability" in report:
        s = report["stability"]
        lines.append(f"\nstability on {s['shape']}: {s['within_2pct']} of {s['repeats']} picks within 2% of the "
                     f"fastest pick ({s['distinct_picks']} distinct)")
        for p in s["picks"]:
            lines.append(f"  {p['retimed_gflops']:7.1f} {unit} ({p['vs_fastest_pick']:.3f}x the fastest's time) "
                         f"{p['seconds']:5.0f} s  {p['config']} ({p['source']})")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

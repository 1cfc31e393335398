"""Cluster tuning throughput: problems tuned per minute against the number of Dask workers
(`nanomm tune --cluster`, compiler/tune/cluster.py).

    python bench/bench_cluster.py                                  # 1 and 2 local workers
    python bench/bench_cluster.py --workers 1,2 --configs 8 --out bench/out/cluster.md
    python bench/bench_cluster.py --problems shapes.txt --slots 1  # one timing at a time per host
    python bench/bench_cluster.py --workers 1,4,16 --ms 16,64,128,256 --configs 6 --rounds 3 --sample 0.02

Each run starts a LocalCluster of W one-thread worker processes, then times
`tune_cluster(problems, its address)` from submit to the last record: the same problems, the same
candidates per problem (`--configs`; the candidate list depends only on the problem and the CPU),
a fresh kernel cache and a fresh records directory (every candidate compiles, every problem is
tuned). The cluster's start is reported apart. Problems per minute = problems / tuning seconds;
the ratio is against the first worker count of the run.

The paper estimate for a fleet: from the one-worker run's mean compile seconds per candidate (c)
and timing seconds per problem (t), P problems for each of `--kinds` CPU kinds on `--machines`
machines of `--cores` cores each (compiles anywhere, timings of a kind on its share of the
machines, one problem per core at a time), plus one problem's own path (c + t):
max(kinds P (configs c + t) / (machines cores), P t / (machines / kinds x cores)) + c + t seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402

# A BERT-base and a MiniLM-L6 encoder layer's four projections (N x K), at --ms rows.
PROJECTIONS = ["2304x768", "768x768", "3072x768", "768x3072", "1152x384", "384x384", "1536x384", "384x1536"]


def run(workers: int, todo: list, configs: int, slots: int | None, log, rounds: int = 7, sample: float = 0.05) -> dict:
    """One tuning run on a fresh LocalCluster of `workers` workers; its timings."""
    from distributed import LocalCluster

    from nanomm.compiler.tune import records
    from nanomm.compiler.tune.cluster import tune_cluster

    with tempfile.TemporaryDirectory(prefix="nanomm-bench-cluster-") as cache:
        old = os.environ.get("NANOMM_CACHE_DIR")
        os.environ["NANOMM_CACHE_DIR"] = cache  # the workers inherit it: their kernel cache starts empty
        records.forget()
        try:
            t0 = time.monotonic()
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                                   silence_logs=50)
            started = time.monotonic() - t0
            lines: list[str] = []
            try:
                t0 = time.monotonic()
                out = tune_cluster(todo, cluster.scheduler_address, configs=configs, slots=slots, rounds=rounds,
                                   sample=sample,
                                   log=lambda msg: (lines.append(msg), log(f"  {msg}")))
                seconds = time.monotonic() - t0
            finally:
                cluster.close()
            recs = [records.find(records.key_fields(M, N, K, d, 1, _host())) for M, N, K, d in todo]
        finally:
            if old is None:
                del os.environ["NANOMM_CACHE_DIR"]
            else:
                os.environ["NANOMM_CACHE_DIR"] = old
            records.forget()
    recorded = sum(s["status"] == "recorded" for s in out)
    compile_s = [c["compile_seconds"] for r in recs if r for c in r["candidates"] if c.get("compile_seconds")]
    return {"workers": workers, "start": started, "seconds": seconds, "recorded": recorded,
            "verified": sum(bool(r and r["best"] and r["best"].get("verified")) for r in recs),
            "mean_compile": sum(compile_s) / len(compile_s) if compile_s else None,
            "compile_total": sum(compile_s)}


def _host():
    from nanomm.compiler.build import target_cpu

    return target_cpu("host")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workers", default="1,2", help="worker counts, comma-separated (default 1,2)")
    p.add_argument("--problems", default=None, help="a file of 'MxNxK [dtype]' lines (default: 8 encoder projections)")
    p.add_argument("--ms", default="128", help="rows of the default problems, comma-separated (default 128)")
    p.add_argument("--dtype", default="f32")
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds of the finalists (default 7)")
    p.add_argument("--sample", type=float, default=0.05, help="seconds of calls per timing sample (default 0.05)")
    p.add_argument("--configs", type=int, default=8, help="candidates per problem (default 8)")
    p.add_argument("--slots", type=int, default=None, help="problems timed at once per host (default: one per core)")
    p.add_argument("--machines", type=int, default=64)
    p.add_argument("--kinds", type=int, default=3)
    p.add_argument("--cores", type=int, default=16)
    p.add_argument("--fleet-problems", type=int, default=100, help="P of the paper estimate (per CPU kind)")
    p.add_argument("--out", type=Path, default=None, help="write the report (Markdown) here")
    args = p.parse_args(argv)
    from nanomm.compiler.tune.shapes import problems

    if args.problems:
        todo = problems(args.problems, [args.dtype])
    else:
        todo = [(*_report.parse_shape(f"{m}x{s}"), args.dtype) for m in args.ms.split(",") for s in PROJECTIONS]
    prov = _report.provenance_line(_report.provenance(_report.argv_of(__file__, argv)))
    counts = [int(w) for w in args.workers.split(",")]
    results = []
    for w in counts:
        _report.log(f"{w} worker(s): {len(todo)} problems, {args.configs} configurations each")
        results.append(run(w, todo, args.configs, args.slots, _report.log, args.rounds, args.sample))
    base = results[0]
    head = ["workers", "cluster start s", "tuning s", "problems / min", "vs " + str(base["workers"]),
            "recorded", "verified", "mean compile s"]
    rows = []
    for r in results:
        rate = len(todo) / r["seconds"] * 60
        rows.append([r["workers"], f"{r['start']:.1f}", f"{r['seconds']:.1f}", f"{rate:.2f}",
                     f"{base['seconds'] / r['seconds']:.2f}x", f"{r['recorded']}/{len(todo)}",
                     f"{r['verified']}/{len(todo)}", f"{r['mean_compile']:.2f}" if r["mean_compile"] else "-"])
    # the fleet estimate from the one-worker run: c per candidate, t per problem's timing (the rest)
    c = base["mean_compile"] or 0.0
    t = max(0.0, base["seconds"] / len(todo) - args.configs * c)
    P, k, m, cores = args.fleet_problems, args.kinds, args.machines, args.cores
    fleet = max(k * P * (args.configs * c + t) / (m * cores), P * t / (m / k * cores)) + c + t
    text = [f"# bench/bench_cluster.py, {_report.machine_name()}", "", prov, "",
            f"{len(todo)} problems ({', '.join(f'{M}x{N}x{K} {d}' for M, N, K, d in todo)}), "
            f"{args.configs} configurations each ({args.rounds} final rounds, {args.sample} s samples), "
            f"timing slots per host: "
            f"{args.slots or 'one per core'}; {os.cpu_count()} cores here.", "",
            _report.render_markdown(head, rows, set()), "",
            f"Paper estimate: c = {c:.2f} s a candidate's compile, t = {t:.2f} s the rest of a problem's work "
            f"(planning, checks, timings: one-worker run's tuning seconds / problems - configs x c). {P} problems "
            f"for each of {k} CPU kinds on {m} machines of {cores} cores: max({k} x {P} x ({args.configs} c + t) / "
            f"({m} x {cores}), {P} t / ({m}/{k} x {cores})) + c + t (the last problem's own path) = "
            f"**{fleet:.0f} s** ({k * P / fleet * 60:.0f} problems a minute), "
            f"against {k * P * (args.configs * c + t):.0f} s on one worker."]
    report = "\n".join(text) + "\n"
    print(report)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())

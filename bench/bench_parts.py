"""How many blocks of C a thread: nanomm's parallel plans with 1, 2, 4... blocks a thread, same process.

    python bench/bench_parts.py                          # suite shapes >= 512^3-ish, f32, every core
    python bench/bench_parts.py --shapes 2048,128x4096x4096 --parts 1,2,4 --threads 2 --dtype f32
    python bench/bench_parts.py --prepacked --shapes 128x4096x4096 --parts 1,2 --threads 2   # B packed once

For each shape, ParallelKernels split over T threads (compiler/parallel.py's split with
parts_per_thread P, every other choice the default's) are checked against numpy and timed in the
same interleaved rounds (bench/_timing.interleaved: warm-up, rounds in alternating order, median
per round, best round kept, spread). The default plan (what compile_matmul uses) is marked. With
more blocks than threads, the pool's threads claim blocks as they finish one (runtime/native_pool.py).
Prints a table; writes bench/out/bench_parts-<cpu>-<date>.json and a Markdown copy (or --out), with the
commit, the CPU and the command line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _measure  # noqa: E402
import _report  # noqa: E402
import _timing  # noqa: E402

SHAPES = "512,1000,1024,2048,128x4096x4096,128x14336x4096"


def plans(M: int, N: int, K: int, dtype: str, threads: int, parts: list[int], prepacked: bool = False) -> dict:
    """{label: ParallelKernel} for each parts_per_thread, and the default's label (prepacked: kernels
    reading a pre-packed B)."""
    from nanomm.compiler.build import build_kernel, target_cpu
    from nanomm.compiler.parallel import ParallelKernel, default_parts_per_thread, split
    from nanomm.compiler.payload import MatmulSpec

    cpu = target_cpu("host")
    spec = MatmulSpec(M, N, K, dtype, prepacked_b=prepacked)
    default = default_parts_per_thread(spec, threads, cpu, None)
    kernels = {}
    for p in parts:
        chunks, config = split(spec, threads, cpu, None, parts_per_thread=p)
        label = f"{p}/thread ({len(chunks)} blocks)" + (" default" if p == default else "")
        kernels[label] = ParallelKernel(spec, chunks, lambda s, c=config: build_kernel(s, cpu, c), threads)
    return kernels


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shapes", default=SHAPES)
    p.add_argument("--parts", default="1,2,4", help="blocks a thread to compare")
    p.add_argument("--threads", type=int, default=None, help="default: every core this process may use")
    p.add_argument("--dtype", default="f32")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.1, help="seconds per measurement")
    p.add_argument("--prepacked", action="store_true", help="kernels reading B pre-packed once (weights)")
    p.add_argument("--out", default=None, help="JSON path (default bench/out/bench_parts-<cpu>-<date>.json)")
    args = p.parse_args(argv)
    from nanomm.runtime.threads import available_cores

    threads = args.threads or available_cores()
    parts = [int(x) for x in args.parts.split(",")]
    started = datetime.datetime.now()
    rng = np.random.default_rng(0)
    results, rows = [], []
    for text in args.shapes.split(","):
        M, N, K = _report.parse_shape(text)
        A, B = _measure.inputs(M, N, K, args.dtype, rng)
        ref, mag = _measure.reference(A, B)
        kernels = plans(M, N, K, args.dtype, threads, parts, args.prepacked)
        calls = {}
        for label, k in kernels.items():
            b = k.prepack(B) if args.prepacked else B
            C = k(A, b)
            problem = _measure.check(C, ref, mag, K, args.dtype)
            if not problem["ok"]:
                raise SystemExit(f"error: {label} {text} does not match numpy: {problem}")
            calls[label] = lambda k=k, b=b, C=C: k(A, b, C)
        timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.3,
                                    progress=lambda msg: _report.log(f"{text} t={threads}: {msg}"))
        base = timed[next(iter(calls))]["best_median_s"]
        for label, t in timed.items():
            gflops = 2 * M * N * K / t["best_median_s"] / 1e9
            rows.append([_report.shape_name(M, N, K), label, f"{gflops:.1f}", f"{base / t['best_median_s']:.2f}",
                         f"{t['spread']:.1%}"])
            results.append({"shape": [M, N, K], "plan": label, "gflops": gflops, "timing": t})
    head = ["shape", "blocks a thread", "GFLOP/s", f"vs {parts[0]}/thread", "spread"]
    print(_report.render_text(head, rows, {0, 1}))
    report = {"tool": "bench/bench_parts.py", **_report.provenance(_report.argv_of(__file__, argv)),
              "started": started.isoformat("T", "seconds"), "threads": threads, "dtype": args.dtype, "loadavg": _report.loadavg(),
              "versions": _report.versions(), "results": results}
    path = _report.result_path("bench_parts", started, args.out)
    path.write_text(json.dumps(report, indent=1))
    md = path.with_suffix(".md")
    md.write_text(f"# {_report.title(report)}\n\n{_report.provenance_line(report)}; "
                  f"{threads} threads, {args.dtype}, load {report['loadavg']}\n\n"
                  + _report.render_markdown(head, rows, {0, 1}) + "\n")
    print(f"JSON: {path}\nMarkdown: {md}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

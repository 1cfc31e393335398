"""Segments in halves: each segment of a layer that can be halved, whole against its halves on two threads.

    pip install torch==2.13.0 torch-mlir==20261001            # the frontend (not a nanomm dependency)
    python bench/bench_segments.py --layers mobilenetv2,resnet18

Each layer of bench/bench_frontend.py is exported and compiled as there, and one forward records
every segment's inputs. Each segment with at least compiler/upstream.SPLIT_MIN_ELEMENTS elements in
and out that upstream.split() (the outputs' leading dimension) or split_inner() (their first axis that
is not 1: one image's rows) can halve is then called on those inputs, whole on this thread (as a
process of one core runs it) against its two halves on two threads (a native program on the native
pool), in interleaved rounds (bench/_timing.py); the halves' results are checked equal to the whole's.
A ratio above 1: the halves are faster. "used": whether the segment runs them (whole, it took
upstream.HALVES_MIN_SECONDS or more in its first calls); the totals add the halves where used. Needs two
cores. Writes bench/out/bench_segments-<cpu>-<date>.json and .md (or --out), with the commit, the CPU
and the command line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
import _timing  # noqa: E402
from bench_frontend import export, layers  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", default="mobilenetv2,resnet18", help="bench_frontend.py's layers")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--target", type=float, default=0.05, help="seconds per measurement")
    ap.add_argument("--out", default=None, help="JSON path (default bench/out/bench_segments-<cpu>-<date>.json)")
    args = ap.parse_args()
    if len(os.sched_getaffinity(0)) < 2:
        raise SystemExit("error: bench_segments times halves on two threads: it needs two cores")
    try:
        import torch
        import torch_mlir  # noqa: F401
    except ImportError as exc:
        raise SystemExit(f"error: bench_segments needs torch and torch-mlir ({exc}): "
                         "pip install torch==2.13.0 torch-mlir==20261001")
    import nanomm
    from nanomm.compiler import upstream

    started = datetime.datetime.now()
    made = layers(torch)
    rows, results = [], []
    for name in args.layers.split(","):
        module, inputs, _, text = export(torch, made, name)
        compiled = nanomm.compile(text).forward
        kernels = [seg.kernel for seg in compiled.segments if seg.kernel is not None and seg.kernel.splits]
        recorded: dict[int, list[np.ndarray]] = {}

        class Recorder:  # (one forward records their inputs)
            def __init__(self, kernel):
                self.kernel = kernel

            def __call__(self, *arrays):
                recorded[id(self.kernel)] = [np.array(a) for a in arrays]
                return self.kernel(*arrays)
        segments = compiled.segments
        saved = [seg.kernel for seg in segments]
        for seg in segments:
            if seg.kernel in kernels:
                seg.kernel = Recorder(seg.kernel)
        try:
            compiled(*(x.numpy() for x in inputs))
        finally:
            for seg, kernel in zip(segments, saved):
                seg.kernel = kernel
        for k, kernel in enumerate(saved):
            if kernel not in kernels or id(kernel) not in recorded:
                continue
            halves = kernel.chunk(2)
            if halves is None:
                continue
            ins = recorded[id(kernel)]
            kernel.halves = halves
            for _ in range(2):  # (its first calls on two threads run whole, timed: whether halves are used)
                kernel(*ins)
            used = min(kernel._whole_s) >= upstream.HALVES_MIN_SECONDS
            kernel._whole_s = [math.inf] * 2  # (halves from here on, to time them)
            got = kernel(*ins)
            whole = [np.empty(shape, dtype) for shape, dtype in kernel.outputs]
            kernel.run([np.ascontiguousarray(a, d) for a, (_, d) in zip(ins, kernel.inputs)], whole)
            if not all(np.array_equal(a, b) for a, b in zip(got, whole)):
                raise SystemExit(f"error: {name}: segment {k}'s halves differ from the whole")

            def one_thread(kernel=kernel, ins=ins):
                kept, kernel.halves, kernel.splits = kernel.halves, None, False
                try:
                    return kernel(*ins)
                finally:
                    kernel.halves, kernel.splits = kept, True
            timed = _timing.interleaved({"whole": one_thread, "halves": lambda kernel=kernel, ins=ins: kernel(*ins)},
                                        rounds=args.rounds, target=args.target, warmup=0.2)
            w, h = timed["whole"]["best_median_s"], timed["halves"]["best_median_s"]
            elements = sum(math.prod(shape) for shape, _ in kernel.inputs + kernel.outputs)
            how = "split_inner" if halves.by_slice is not None or halves.axes_out != [0] * len(halves.axes_out) \
                else "split"
            label = compiled.segments[k].describe(k)
            results.append({"layer": name, "segment": k, "describe": label, "elements": elements, "cut": how,
                            "used": used, "axes_in": halves.axes_in, "axes_out": halves.axes_out,
                            **{n: timed[n] for n in timed}})
            rows.append([name, label.split(": ", 1)[-1][:70], str(k), f"{elements:,}", how,
                         f"{w * 1e3:.3f}", f"{h * 1e3:.3f}", f"{w / h:.2f}", "yes" if used else "no",
                         " / ".join(f"{timed[n]['spread']:.0%}" for n in ("whole", "halves"))])
            _report.log(f"{name} segment {k}: whole {w * 1e3:.3f} ms, halves {h * 1e3:.3f} ms")
    head = ["layer", "segment", "#", "elements", "cut", "whole ms", "halves ms", "whole / halves", "used", "spread"]
    print(_report.render_text(head, rows, {0, 1}))
    by_layer = {}  # layer -> (whole, halves where used), in seconds
    for r in results:
        w, h = by_layer.get(r["layer"], (0.0, 0.0))
        used = r["halves" if r["used"] else "whole"]["best_median_s"]
        by_layer[r["layer"]] = (w + r["whole"]["best_median_s"], h + used)
    totals = [f"{layer}: {w * 1e3:.3f} ms whole, {h * 1e3:.3f} ms with the halves used ({w / h:.2f}x)"
              for layer, (w, h) in by_layer.items()]
    print("\n".join(totals))
    report = {"tool": "bench/bench_segments.py", **_report.provenance(),
              "started": started.isoformat(timespec="seconds"), "loadavg": _report.loadavg(),
              "versions": _report.versions(), "results": results}
    path = _report.result_path("bench_segments", started, args.out)
    path.write_text(json.dumps(report, indent=1, default=float))
    md = [f"# {_report.title(report)}", "", f"{_report.provenance_line(report)}. Times are best round medians of "
          "a segment's call on the inputs one forward gave it: whole on one thread, halves on two.", "",
          _report.render_markdown(head, rows, {0, 1}), "", *[f"- {t}" for t in totals], ""]
    path.with_suffix(".md").write_text("\n".join(md))
    print(f"JSON: {path}\nMarkdown: {path.with_suffix('.md')}")


if __name__ == "__main__":
    main()

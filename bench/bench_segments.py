"""Segments in halves: each segment of a layer that can be halved, whole against its halves on two threads.

    pip install torch==2.13.0 torch-mlir==20261001            # the frontend (not a nanomm dependency)
    python bench/bench_segments.py --layers mobilenetv2,resnet18
    python bench/bench_segments.py --depthwise [--unrolls 1,2,4,8] [--unfolded]  # depthwise-kernel against MLIR's loops
    python bench/bench_segments.py --copies                          # vector-copies against MLIR's loops

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

--depthwise (one thread, pinned): each segment holding a depthwise convolution (conv-to-matmul's marked
generic; MobileNetV2 by default) is compiled again without passes/depthwise.py (MLIR's loops, the
generics fused) and with it at each --unrolls, and called on its recorded inputs in interleaved rounds;
every variant's result is checked against the loops' (float32 sums in another order: within 1e-5 of the
result's scale). A ratio above 1: the kernel is faster than the loops. --copies (ResNet-18 by default):
each segment holding a copy that passes/vector_copies.py writes, without the pass and with it, the
results checked equal.
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
    ap.add_argument("--min-elements", type=int, default=None,
                    help="upstream.SPLIT_MIN_ELEMENTS for this run (smaller segments cut in halves too)")
    ap.add_argument("--depthwise", action="store_true", help="depthwise-kernel against MLIR's loops (one thread)")
    ap.add_argument("--unrolls", default="1,2,4,8", help="--depthwise: depthwise-kernel's unroll values")
    ap.add_argument("--unfolded", action="store_true", help="--depthwise: also the default unroll without fold")
    ap.add_argument("--copies", action="store_true", help="vector-copies against MLIR's loops (one thread)")
    args = ap.parse_args()
    if args.depthwise:
        return _depthwise(args)
    if args.copies:
        return _copies(args)
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

    if args.min_elements is not None:
        upstream.SPLIT_MIN_ELEMENTS = args.min_elements
    started = datetime.datetime.now()
    made = layers(torch)
    rows, results = [], []
    for name in args.layers.split(","):
        module, inputs, _, text = export(torch, made, name)
        compiled = nanomm.compile(text).forward
        kernels = [seg.kernel for seg in compiled.segments if seg.kernel is not None and seg.kernel.splits]
        recorded = _recorded(compiled, text, inputs, lambda kernel: kernel in kernels)  # (one forward)
        saved = [seg.kernel for seg in compiled.segments]
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


def _recorded(compiled, text: str, inputs, wanted) -> dict:
    """The inputs one forward of `compiled` gives each segment kernel for which wanted(kernel): id -> arrays."""
    recorded: dict[int, list[np.ndarray]] = {}

    class Recorder:
        def __init__(self, kernel):
            self.kernel = kernel

        def __call__(self, *arrays):
            recorded[id(self.kernel)] = [np.array(a) for a in arrays]
            return self.kernel(*arrays)

        def __getattr__(self, name):  # (a sliced run calls the kernel's parts: those go unrecorded)
            return getattr(self.kernel, name)
    segments = compiled.segments
    saved = [seg.kernel for seg in segments]
    for seg in segments:
        if seg.kernel is not None and wanted(seg.kernel):
            seg.kernel = Recorder(seg.kernel)
    compiled.run_as_program = False  # (the walk calls each segment kernel: a program calls its functions)
    try:
        compiled(*(x.numpy() for x in inputs))
    finally:
        del compiled.run_as_program
        for seg, kernel in zip(segments, saved):
            seg.kernel = kernel
    return recorded


def _has_copies(text: str) -> bool:
    """Whether vector-copies writes a copy of a segment (its text run through the pipeline up to it)."""
    from mlir import ir

    from nanomm.compiler import upstream
    from nanomm.compiler.pipeline import parse_pipeline, run_pipeline
    from nanomm.passes._ir import walk
    from nanomm.passes.vector_copies import _copy_kernel

    before = upstream.PIPELINE.split("vector-copies")[0].rstrip(",")
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        run_pipeline(module, parse_pipeline(before), snapshots=False)
        return any(_copy_kernel(op, 8) is not None for op in walk(module.operation, "linalg.generic"))


def _depthwise(args) -> None:
    """--depthwise: each depthwise segment without depthwise-kernel (MLIR's loops) and with it at each unroll."""
    from nanomm.compiler import upstream
    from nanomm.passes.conv_matmul import DEPTHWISE_MARK

    unrolls = [int(u) for u in args.unrolls.split(",")]
    variants = {"loops": upstream.PIPELINE.replace("depthwise-kernel,", ""),
                **{f"unroll {u}": upstream.PIPELINE.replace("depthwise-kernel", f"depthwise-kernel{{unroll={u}}}")
                   for u in unrolls}}
    if args.unfolded:  # (the default unroll without folding the batch norm's ops into one FMA)
        variants["no fold"] = upstream.PIPELINE.replace("depthwise-kernel", "depthwise-kernel{fold=0}")
    layers_ = args.layers.split(",") if args.layers != "mobilenetv2,resnet18" else ["mobilenetv2"]
    _compare(args, "--depthwise", layers_, lambda text: DEPTHWISE_MARK in text, variants, exact=False,
             what="depthwise segment's call (one thread) on the inputs one forward gave it, compiled without "
                  "depthwise-kernel (MLIR's loops) and with it at each unroll; each result checked against the loops'")


def _copies(args) -> None:
    """--copies: each segment holding a copy vector-copies writes, without the pass and with it."""
    from nanomm.compiler import upstream

    variants = {"loops": upstream.PIPELINE.replace("vector-copies,", ""), "vector-copies": upstream.PIPELINE}
    layers_ = args.layers.split(",") if args.layers != "mobilenetv2,resnet18" else ["resnet18"]
    _compare(args, "--copies", layers_, _has_copies, variants, exact=True,
             what="segment's call (one thread) on the inputs one forward gave it, compiled without vector-copies "
                  "(MLIR's loops) and with it; the results checked equal")


def _compare(args, flag: str, layer_names: list[str], wanted, variants: dict[str, str], exact: bool, what: str):
    """Each segment of the layers for which wanted(its text), compiled with each pipeline of `variants` (the
    first the reference), timed on one thread in interleaved rounds on the inputs one forward gave it."""
    import torch

    import nanomm
    from nanomm.compiler import upstream

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    started = datetime.datetime.now()
    made = layers(torch)
    names = list(variants)
    rows, results, totals = [], [], dict.fromkeys(names, 0.0)
    for layer in layer_names:
        module, inputs, _, text = export(torch, made, layer)
        compiled = nanomm.compile(text).forward
        recorded = _recorded(compiled, text, inputs, lambda kernel: wanted(kernel.text))
        for k, plan in enumerate(compiled.segments):
            kernel = plan.kernel
            if kernel is None or id(kernel) not in recorded:
                continue
            ins = [np.ascontiguousarray(a, d) for a, (_, d) in zip(recorded[id(kernel)], kernel.inputs)]
            segs, outs = {}, {}
            kept = upstream.PIPELINE
            try:
                for name, pipeline in variants.items():
                    upstream.PIPELINE = pipeline
                    segs[name] = upstream.Segment(kernel.text + f"\n// {name}", kernel.inputs, kernel.outputs)
            finally:
                upstream.PIPELINE = kept
            for name, seg in segs.items():
                outs[name] = [np.empty(shape, dtype) for shape, dtype in seg.outputs]
                seg.run(ins, outs[name])
            reference = outs[names[0]]
            scale = max(float(np.abs(o).max()) for o in reference)
            for name in names[1:]:
                for got, want in zip(outs[name], reference):
                    same = np.array_equal(got, want) if exact else np.allclose(got, want, rtol=0, atol=1e-5 * scale)
                    if not same:
                        raise SystemExit(f"error: {layer} segment {k}: {name} differs from {names[0]}")
            timed = _timing.interleaved({name: (lambda seg=seg, o=outs[name]: seg.run(ins, o))
                                         for name, seg in segs.items()},
                                        rounds=args.rounds, target=args.target, warmup=0.2)
            best = {name: timed[name]["best_median_s"] for name in names}
            for name in names:
                totals[name] += best[name]
            shape = " ".join("x".join(map(str, s)) for s, _ in kernel.outputs)
            results.append({"layer": layer, "segment": k, "outputs": shape, **{n: timed[n] for n in names}})
            rows.append([layer, str(k), shape, *[f"{best[n] * 1e3:.3f}" for n in names],
                         *[f"{best[names[0]] / best[n]:.2f}" for n in names[1:]],
                         " / ".join(f"{timed[n]['spread']:.0%}" for n in names)])
            _report.log(f"{layer} segment {k} ({shape}): " + ", ".join(f"{n} {best[n] * 1e3:.3f} ms" for n in names))
    head = ["layer", "#", "outputs", *[f"{n} ms" for n in names], *[f"{names[0]} / {n}" for n in names[1:]], "spread"]
    total = ", ".join(f"{n} {totals[n] * 1e3:.3f} ms" for n in names) + " (" + ", ".join(
        f"{names[0]} / {n} {totals[names[0]] / totals[n]:.2f}" for n in names[1:]) + ")"
    print(_report.render_text(head, rows, {0, 2}))
    print(f"total: {total}")
    report = {"tool": f"bench/bench_segments.py {flag}", **_report.provenance(),
              "started": started.isoformat(timespec="seconds"), "loadavg": _report.loadavg(),
              "versions": _report.versions(), "results": results}
    path = _report.result_path("bench_segments", started, args.out)
    path.write_text(json.dumps(report, indent=1, default=float))
    md = [f"# {_report.title(report)}", "", f"{_report.provenance_line(report)}. Times are best round medians of a "
          f"{what}.", "", _report.render_markdown(head, rows, {0, 2}), "", f"Total: {total}.", ""]
    path.with_suffix(".md").write_text("\n".join(md))
    print(f"JSON: {path}\nMarkdown: {path.with_suffix('.md')}")


if __name__ == "__main__":
    main()

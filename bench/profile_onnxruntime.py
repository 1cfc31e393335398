"""Where ONNX Runtime's time goes in a bench_frontend.py layer: its per-node kernel times, by op type.

    python bench/profile_onnxruntime.py --layers resnet18 [--threads 1] [--runs 30]

Each layer (bench_frontend.py's layers(): the same modules, inputs and seed) is exported as that script
exports it for ONNX Runtime (torch.onnx.export, TorchScript exporter, opset 17, all graph optimisations,
its threads set), run `--runs` times with ONNX Runtime's profiler on, and each node's kernel time taken
as the median over the fastest half of the runs. The report lists the op types' totals and the slowest
nodes, next to each node's share: set it beside bench_frontend.py's breakdown of nanomm's forward (a
contraction's time, a segment's) to see which part of a model a peer runs faster, e.g. ONNX Runtime's
convolutions (MLAS's channel-blocked direct kernels) against nanomm's window copy and matmul.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
from bench_frontend import layers  # noqa: E402


def profile(torch, module, inputs, threads: int, runs: int) -> dict[str, list]:
    """{node name: [op type, milliseconds]} of ONNX Runtime's kernels for one run of the module."""
    import onnxruntime as ort

    path = Path(tempfile.mkdtemp()) / "model.onnx"
    torch.onnx.export(module, inputs, str(path), dynamo=False, opset_version=17)
    options = ort.SessionOptions()
    options.intra_op_num_threads, options.inter_op_num_threads = threads, 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.enable_profiling = True
    options.profile_file_prefix = str(path.parent / "profile")
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    feed = {i.name: x.numpy() for i, x in zip(session.get_inputs(), inputs)}
    for _ in range(runs):
        session.run(None, feed)
    events = json.loads(Path(session.end_profiling()).read_text())
    times: dict[str, list] = collections.defaultdict(list)
    kinds = {}
    for e in events:
        if e.get("cat") == "Node" and e["name"].endswith("_kernel_time"):
            name = e["name"][:-len("_kernel_time")]
            times[name].append(e["dur"] / 1000)
            kinds[name] = e["args"].get("op_name", "?")
    return {name: [kinds[name], float(np.median(sorted(t)[:max(1, len(t) // 2)]))] for name, t in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", default="resnet18")
    ap.add_argument("--threads", type=int, default=1, help="1: one thread (pinned); 0: every core")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--top", type=int, default=25, help="slowest nodes listed per layer")
    ap.add_argument("--out", default=None, help="JSON path (default bench/out/profile_onnxruntime-<date>.json)")
    args = ap.parse_args()
    if args.threads == 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    try:
        import onnxruntime
        import torch
    except ImportError as exc:
        raise SystemExit(f"error: profile_onnxruntime needs torch and onnxruntime ({exc})")
    threads = args.threads or len(os.sched_getaffinity(0))
    torch.set_num_threads(threads)
    made = layers(torch)
    results = []
    report = {"tool": "bench/profile_onnxruntime.py", **_report.provenance(),
              "started": datetime.datetime.now().isoformat(timespec="seconds"),
              "onnxruntime": onnxruntime.__version__, "torch": torch.__version__}
    md = [f"# {_report.title(report)}", "",
          f"{_report.provenance_line(report)}; onnxruntime {report['onnxruntime']}, torch {report['torch']}. Each "
          "node's kernel time is the median of the fastest half of the runs (ONNX Runtime's profiler).", ""]
    for name in args.layers.split(","):
        if name not in made:
            raise SystemExit(f"error: unknown layer {name!r} (known: {', '.join(made)})")
        torch.manual_seed(0)
        module, inputs, *_ = made[name]()
        module.eval()
        nodes = profile(torch, module, inputs, threads, args.runs)
        total = sum(ms for _, ms in nodes.values())
        by_kind = collections.Counter()
        for kind, ms in nodes.values():
            by_kind[kind] += ms
        results.append({"layer": name, "threads": threads, "total_ms": total, "by_op": dict(by_kind),
                        "nodes": nodes})
        md += [f"## {name}, {threads} thread(s): {total:.3f} ms of kernels a run", "",
               "| op type | ms a run | share |", "|---|---:|---:|"]
        md += [f"| {kind} | {ms:.3f} | {ms / total:.0%} |" for kind, ms in by_kind.most_common()]
        md += ["", "| node | op type | ms a run | share |", "|---|---|---:|---:|"]
        slowest = sorted(nodes.items(), key=lambda kv: -kv[1][1])[:args.top]
        md += [f"| {node} | {kind} | {ms:.3f} | {ms / total:.0%} |" for node, (kind, ms) in slowest]
        md.append("")
        print(f"{name}: {total:.3f} ms of ONNX Runtime kernels a run, " +
              ", ".join(f"{k} {v:.3f}" for k, v in by_kind.most_common(4)))
    path = Path(args.out or Path(__file__).parent / "out" /
                f"profile_onnxruntime-{datetime.date.today().isoformat()}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**report, "results": results}, indent=1))
    path.with_suffix(".md").write_text("\n".join(md))
    print(f"JSON: {path}\nMarkdown: {path.with_suffix('.md')}")


if __name__ == "__main__":
    main()

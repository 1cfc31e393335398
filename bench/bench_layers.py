"""Linear layers with their epilogues: nanomm's fused kernel against the plain kernel, numpy, same process.

    python bench/bench_layers.py                                   # every layer, M = 1,16,128,512, f32, 1 thread
    python bench/bench_layers.py --layers bert.up --ms 128 --dtypes f32,bf16 --threads 2
    python bench/bench_layers.py --activation gelu_tanh            # the up-projections' activation

Each layer is x (M x K) @ W (K x N, pre-packed once: weights) followed by its epilogue: the
up-projections (MiniLM-L6 384->1536, BERT-base 768->3072) bias + GELU, the down-projections
(1536->384, 3072->768) bias + residual, Llama-3-8B's gate projection (4096->14336) SiLU. Timed in
the same interleaved rounds (bench/_timing.py):
- `fused`: compile_matmul(M, N, K, dtype, b=W, epilogue=...) called with bias / residual: the
  epilogue applied to each C tile in registers;
- `kernel`: the same kernel without the epilogue (the bar: fused within 5 % of it);
- `kernel+numpy`: that kernel, then the epilogue as numpy in-place passes over C (what a user
  does without fusion);
- `numpy`: float32 `x @ W` (OpenBLAS; bf16 layers too, numpy has no bf16 matmul) and the numpy
  epilogue. numpy has no erf: its GELU is the tanh form (0.5 x (1 + tanh(...))), the cheapest
  numpy GELU, whichever form the kernel computes.
The fused result is checked against a float64 reference first. Prints a table; writes
bench/latest/bench_layers-<host>-<date>.json and a Markdown copy.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import socket
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
import _timing  # noqa: E402

# name -> (K, N, epilogue: "up" bias + activation, "down" bias + residual, "gate" SiLU)
LAYERS = {
    "minilm.up": (384, 1536, "up"), "minilm.down": (1536, 384, "down"),
    "bert.up": (768, 3072, "up"), "bert.down": (3072, 768, "down"),
    "llama.gate": (4096, 14336, "gate"),
}


def numpy_epilogue(c: np.ndarray, kind: str, bias, residual, activation: str) -> np.ndarray:
    """The layer's epilogue as numpy passes over c, in place where numpy allows."""
    if kind in ("up", "down"):
        c += bias
    if kind == "down":
        c += residual
        return c
    if kind == "gate" or activation in ("silu", "sigmoid"):
        e = np.exp(-c)
        e += 1
        return np.divide(c, e, out=c) if kind == "gate" or activation == "silu" else np.divide(1, e, out=c)
    if activation == "relu":
        return np.maximum(c, 0, out=c)
    t = c * c  # GELU, tanh form: 0.5 c (1 + tanh(sqrt(2/pi) (c + 0.044715 c^3)))
    t *= 0.044715
    t += 1
    t *= c
    t *= math.sqrt(2 / math.pi)
    np.tanh(t, out=t)
    t += 1
    c *= 0.5
    c *= t
    return c


def reference(x, w, kind: str, bias, residual, activation: str) -> np.ndarray:
    y = x.astype(np.float64) @ w.astype(np.float64)
    if kind in ("up", "down"):
        y += bias
    if kind == "down":
        return y + residual
    act = "silu" if kind == "gate" else activation
    if act == "gelu":
        return 0.5 * y * (1 + np.vectorize(math.erf)(y / math.sqrt(2)))
    if act == "gelu_tanh":
        return 0.5 * y * (1 + np.tanh(math.sqrt(2 / math.pi) * (y + 0.044715 * y ** 3)))
    if act == "silu":
        return y / (1 + np.exp(-y))
    if act == "sigmoid":
        return 1 / (1 + np.exp(-y))
    return np.maximum(y, 0)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--layers", default=",".join(LAYERS))
    p.add_argument("--ms", default="1,16,128,512")
    p.add_argument("--dtypes", default="f32")
    p.add_argument("--threads", type=int, default=1, help="0: every core this process may use")
    p.add_argument("--activation", default="gelu", help="of the up-projections")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.05, help="seconds per measurement")
    p.add_argument("--out", default=None)
    args = p.parse_args(argv)
    import ml_dtypes

    import nanomm
    from nanomm.runtime.threads import available_cores

    threads = args.threads or available_cores()
    started = datetime.datetime.now()
    rng = np.random.default_rng(0)
    results, rows = [], []
    for name in args.layers.split(","):
        K, N, kind = LAYERS[name]
        w32 = (rng.standard_normal((K, N)) / math.sqrt(K)).astype(np.float32)
        bias = rng.standard_normal(N).astype(np.float32)
        epilogue = nanomm.Epilogue(bias=kind != "gate", residual=kind == "down",
                                   activation={"up": args.activation, "gate": "silu"}.get(kind))
        for dtype in args.dtypes.split(","):
            np_t = {"f32": np.float32, "bf16": ml_dtypes.bfloat16}[dtype]
            w = w32.astype(np_t)
            for M in (int(m) for m in args.ms.split(",")):
                x32 = rng.standard_normal((M, K)).astype(np.float32)
                x = x32.astype(np_t)
                residual = rng.standard_normal((M, N)).astype(np.float32)
                extras = {k: v for k, v in (("bias", bias), ("residual", residual)) if k in epilogue.extras}
                fused = nanomm.compile_matmul(M, N, K, dtype, b=w, epilogue=epilogue, threads=threads)
                plain = nanomm.compile_matmul(M, N, K, dtype, b=w, threads=threads)
                out = np.empty((M, N), np.float32)
                got = fused(x, out=out, **extras)
                ref = reference(x, w, kind, bias, residual, args.activation)
                err = float(np.max(np.abs(got - ref) / (1 + np.abs(ref))))
                if err > (1e-4 if dtype == "f32" else 1e-2):
                    raise SystemExit(f"error: {name} M={M} {dtype}: fused result off by {err:.3g} (relative)")
                wide = w.astype(np.float32)
                calls = {
                    "fused": lambda: fused(x, out=out, **extras),
                    "kernel": lambda: plain(x, out=out),
                    "kernel+numpy": lambda: numpy_epilogue(plain(x, out=out), kind, bias, residual, args.activation),
                    "numpy": lambda: numpy_epilogue(np.matmul(x32, wide, out=out), kind, bias, residual,
                                                    args.activation),
                }
                label = f"{name} {M}x{N}x{K}"
                timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.2,
                                            progress=lambda msg: _report.log(f"{label} {dtype} t={threads}: {msg}"))
                t = {k: v["best_median_s"] for k, v in timed.items()}
                gflops = 2 * M * N * K / t["fused"] / 1e9
                rows.append([label, dtype, epilogue.tag, f"{t['fused'] * 1e6:.1f}", f"{gflops:.1f}",
                             f"{t['kernel'] / t['fused']:.3f}", f"{t['kernel+numpy'] / t['fused']:.2f}",
                             f"{t['numpy'] / t['fused']:.2f}", f"{max(v['spread'] for v in timed.values()):.1%}"])
                results.append({"layer": name, "shape": [M, N, K], "dtype": dtype, "epilogue": epilogue.tag,
                                "threads": threads, "error": err, "timing": timed})
    head = ["layer", "dtype", "epilogue", "fused us", "GFLOP/s", "kernel/fused", "kernel+numpy/fused",
            "numpy/fused", "spread"]
    print(_report.render_text(head, rows, {0, 1, 2}))
    report = {"tool": "bench/bench_layers.py", "host": socket.gethostname(),
              "started": started.isoformat("T", "seconds"), "argv": sys.argv, "threads": threads,
              "loadavg": _report.loadavg(), "versions": _report.versions(), "results": results}
    path = _report.result_path("bench_layers", started, args.out)
    path.write_text(json.dumps(report, indent=1))
    md = path.with_suffix(".md")
    md.write_text(f"# bench/bench_layers.py, {report['host']}, {report['started']}\n\ncommand: `{' '.join(sys.argv)}`, "
                  f"{threads} threads, load {report['loadavg']}. Ratios are times over the fused kernel's "
                  "(above 1: fused is faster; kernel/fused at most 5 % under 1 is the bar).\n\n"
                  + _report.render_markdown(head, rows, {0, 1, 2}) + "\n")
    print(f"JSON: {path}\nMarkdown: {md}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

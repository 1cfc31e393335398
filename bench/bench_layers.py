"""What models call, timed against numpy and oneDNN's matmul primitive in the same process.

    python bench/bench_layers.py                                   # layers: every layer, M = 1,16,128,512, f32, 1 thread
    python bench/bench_layers.py --layers bert.up --ms 128 --dtypes f32,bf16 --threads 0
    python bench/bench_layers.py --activation gelu_tanh            # the up-projections' activation
    python bench/bench_layers.py --part transpose                  # x @ W.T (W row-major) against x @ W
    python bench/bench_layers.py --part attention                  # batched Q @ K^T and P @ V
    python bench/bench_layers.py --part mlp                        # TPP-MLIR's MLP: 3 x (matmul + bias + ReLU)

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
  numpy GELU, whichever form the kernel computes;
- `onednn`: oneDNN's matmul primitive with the same epilogue as bias + eltwise / binary post-ops,
  weights reordered once into its layout (bench/peer_onednn_matmul.py), the same dtypes.
`--part transpose`: nanomm.matmul(x, W.T) (W row-major N x K, read in place) against
nanomm.matmul(x, W^T made contiguous), numpy's x @ W.T and the kernel that copies W.T into panels
every call (`packing`: the packed-B default; row-dot tiles replace it at few rows), and pre-packed
W.T against pre-packed W. x and W start on a 64-byte line, as torch's tensors do (`--offset 16`:
16 bytes past one, as numpy's arrays often do).
`--part attention`: (batch, 12 heads, T tokens, head dim D) products in one call each, Q @ K^T
(K read transposed) and P @ V, against numpy.matmul on the same arrays and oneDNN's batched
matmul primitive (K^T as its `acb` layout).
`--part mlp`: TPP-MLIR's MLP benchmark, 3 x [matmul + bias + ReLU], 1024 wide, batch 256
(`--mlp WIDTHxBATCHxLAYERS`), each layer's output the next one's input: nanomm's fused layers
(weights pre-packed), numpy, and oneDNN's primitives with the bias and a ReLU post-op.
Every result is checked against a float64 reference first. One thread pins the process to one CPU
(oneDNN's threads follow the affinity mask). Prints a table; writes
bench/out/bench_layers-<part>-<cpu>-<date>.json and a Markdown copy (or --out), with the commit, the CPU
and the command line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
from pathlib import Path

import os

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
import _timing  # noqa: E402
from peer_onednn_matmul import OneDNNMatmul, aligned  # noqa: E402

ATTENTION = "8x16x32,8x128x64,32x20x32,32x64x64"  # batch x tokens x head dim, 12 heads

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


def layers(args, threads: int, onednn: OneDNNMatmul | None, rng) -> tuple[list, list, list]:
    import ml_dtypes

    import nanomm

    results, rows = [], []
    for name in args.layers.split(","):
        K, N, kind = LAYERS[name]
        w32 = (rng.standard_normal((K, N)) / math.sqrt(K)).astype(np.float32)
        bias = _aligned_copy(rng.standard_normal(N).astype(np.float32))
        epilogue = nanomm.Epilogue(bias=kind != "gate", residual=kind == "down",
                                   activation={"up": args.activation, "gate": "silu"}.get(kind))
        for dtype in args.dtypes.split(","):
            np_t = {"f32": np.float32, "bf16": ml_dtypes.bfloat16}[dtype]
            w = _aligned_copy(w32.astype(np_t))
            for M in (int(m) for m in args.ms.split(",")):
                x32 = _aligned_copy(rng.standard_normal((M, K)).astype(np.float32))
                x = _aligned_copy(x32.astype(np_t))
                residual = _aligned_copy(rng.standard_normal((M, N)).astype(np.float32))
                extras = {k: v for k, v in (("bias", bias), ("residual", residual)) if k in epilogue.extras}
                fused = nanomm.compile_matmul(M, N, K, dtype, b=w, epilogue=epilogue, threads=threads)
                plain = nanomm.compile_matmul(M, N, K, dtype, b=w, threads=threads)
                out, peer_out = aligned((M, N), np.float32), aligned((M, N), np.float32)
                ref = reference(x, w, kind, bias, residual, args.activation)
                limit = 1e-4 if dtype == "f32" else 1e-2
                _check(fused(x, out=out, **extras), ref, limit, f"{name} M={M} {dtype} nanomm")
                wide = w.astype(np.float32)
                calls = {
                    "fused": lambda: fused(x, out=out, **extras),
                    "kernel": lambda: plain(x, out=out),
                    "kernel+numpy": lambda: numpy_epilogue(plain(x, out=out), kind, bias, residual, args.activation),
                    "numpy": lambda: numpy_epilogue(np.matmul(x32, wide, out=peer_out), kind, bias, residual,
                                                    args.activation),
                }
                if onednn is not None:
                    act = {"up": args.activation, "gate": "silu"}.get(kind)
                    calls["onednn"] = onednn.layer(x, w, peer_out, bias=bias if kind != "gate" else None,
                                                   activation=act, residual=residual if kind == "down" else None)
                    _check(calls["onednn"](), ref, limit, f"{name} M={M} {dtype} oneDNN")
                label = f"{name} {M}x{N}x{K}"
                timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.2,
                                            progress=lambda msg: _report.log(f"{label} {dtype} t={threads}: {msg}"))
                t = {k: v["best_median_s"] for k, v in timed.items()}
                gflops = 2 * M * N * K / t["fused"] / 1e9
                onednn_ratio = f"{t['onednn'] / t['fused']:.2f}" if "onednn" in t else "-"
                rows.append([label, dtype, epilogue.tag, f"{t['fused'] * 1e6:.1f}", f"{gflops:.1f}",
                             f"{t['kernel'] / t['fused']:.3f}", f"{t['kernel+numpy'] / t['fused']:.2f}",
                             f"{t['numpy'] / t['fused']:.2f}", onednn_ratio,
                             f"{max(v['spread'] for v in timed.values()):.1%}"])
                results.append({"layer": name, "shape": [M, N, K], "dtype": dtype, "epilogue": epilogue.tag,
                                "threads": threads, "timing": timed,
                                "onednn_impl": getattr(onednn, "impl", None) if onednn else None})
    head = ["layer", "dtype", "epilogue", "fused us", "GFLOP/s", "kernel/fused", "kernel+numpy/fused",
            "numpy/fused", "onednn/fused", "spread"]
    return head, rows, results


def _placed(a: np.ndarray, offset: int) -> np.ndarray:
    """A copy of `a` whose data starts `offset` bytes past a 64-byte line (numpy's own arrays are
    often 16 bytes past one; torch's tensors start on one)."""
    out = aligned((a.nbytes + offset,), np.uint8)[offset:].view(a.dtype).reshape(a.shape)
    out[...] = a
    return out


def transpose(args, threads: int, rng) -> tuple[list, list, list]:
    import nanomm
    from nanomm.compiler.config import default_config
    from nanomm.runtime.cpu import host_cpu

    results, rows = [], []
    for name in args.layers.split(","):
        K, N, _ = LAYERS[name]
        w = _placed((rng.standard_normal((N, K)) / math.sqrt(K)).astype(np.float32), args.offset)  # [out, in]
        wc = _aligned_copy(np.ascontiguousarray(w.T))
        for M in (int(m) for m in args.ms.split(",")):
            x = _placed(rng.standard_normal((M, K)).astype(np.float32), args.offset)
            out = aligned((M, N), np.float32)
            packed_t = nanomm.compile_matmul(M, N, K, b=w.T, threads=threads)
            packed_c = nanomm.compile_matmul(M, N, K, b=wc, threads=threads)
            # W.T copied into panels every call (the packed-B blocking), what row-dot tiles replace at few rows
            packing = nanomm.compile_matmul(M, N, K, transpose_b=True, threads=threads,
                                            config=default_config(M, N, K, host_cpu(), prepacked_b=True))
            ref = x.astype(np.float64) @ w.T.astype(np.float64)
            for what, got in (("W.T", nanomm.matmul(x, w.T, threads=threads)), ("packed W.T", packed_t(x)),
                              ("packing W.T", packing(x, w.T))):
                _check(got, ref, 1e-4, f"{name} M={M} {what}")
            calls = {
                "matmul(x, W.T)": lambda: nanomm.matmul(x, w.T, out=out, threads=threads),
                "matmul(x, W^T dense)": lambda: nanomm.matmul(x, wc, out=out, threads=threads),
                "numpy x @ W.T": lambda: np.matmul(x, w.T, out=out),
                "packing W.T": lambda: packing(x, w.T, out=out),
                "packed W.T": lambda: packed_t(x, out=out),
                "packed W^T dense": lambda: packed_c(x, out=out),
            }
            label = f"{name} {M}x{N}x{K}"
            timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.2,
                                        progress=lambda msg: _report.log(f"{label} t={threads}: {msg}"))
            t = [timed[k]["best_median_s"] for k in calls]
            rows.append([label, f"{t[0] * 1e6:.1f}", f"{t[1] * 1e6:.1f}", f"{t[1] / t[0]:.3f}", f"{t[2] / t[0]:.2f}",
                         f"{t[3] / t[0]:.2f}", f"{t[4] * 1e6:.1f}", f"{t[5] / t[4]:.3f}",
                         f"{max(v['spread'] for v in timed.values()):.1%}"])
            results.append({"layer": name, "shape": [M, N, K], "threads": threads, "timing": timed,
                            "w_t_config": nanomm.compile_matmul(M, N, K, transpose_b=True, threads=threads).config.as_dict()})
    head = ["layer", "W.T us", "dense us", "dense/W.T", "numpy/W.T", "packing/W.T", "packed W.T us", "packed dense/W.T",
            "spread"]
    return head, rows, results


def attention(args, threads: int, onednn: OneDNNMatmul | None, rng) -> tuple[list, list, list]:
    import nanomm

    results, rows = [], []
    for text in args.attention.split(","):
        B, T, D = (int(v) for v in text.split("x"))
        H = 12
        q, k = (_aligned_copy(rng.standard_normal((B, H, T, D)).astype(np.float32)) for _ in range(2))
        p = _aligned_copy(rng.standard_normal((B, H, T, T)).astype(np.float32))
        kt = np.swapaxes(k, -1, -2)
        for what, lhs, rhs, shape in (("Q @ K^T", q, kt, (B, H, T, T)), ("P @ V", p, k, (B, H, T, D))):
            out, peer_out = aligned(shape, np.float32), aligned(shape, np.float32)
            ref = np.matmul(lhs.astype(np.float64), rhs.astype(np.float64))
            _check(nanomm.matmul(lhs, rhs, threads=threads), ref, 1e-4, f"{what} {text}")
            calls = {"nanomm": lambda lhs=lhs, rhs=rhs, out=out: nanomm.matmul(lhs, rhs, out=out, threads=threads),
                     "numpy": lambda lhs=lhs, rhs=rhs, out=peer_out: np.matmul(lhs, rhs, out=out)}
            if onednn is not None:
                flat = lambda x: x.reshape(B * H, *x.shape[2:])  # noqa: E731
                call = onednn.batched(flat(lhs), flat(k), flat(peer_out), w_transposed=what == "Q @ K^T")
                calls["onednn"] = call
                _check(call().reshape(shape), ref, 1e-4, f"{what} {text} oneDNN")
            label = f"{what} {B}x{H} T={T} D={D}"
            timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.2,
                                        progress=lambda msg: _report.log(f"{label} t={threads}: {msg}"))
            t = {name: v["best_median_s"] for name, v in timed.items()}
            flops = 2 * B * H * T * (T if what == "P @ V" else D) * (D if what == "P @ V" else T)
            rows.append([label, f"{t['nanomm'] * 1e6:.1f}", f"{flops / t['nanomm'] / 1e9:.1f}",
                         f"{t['numpy'] / t['nanomm']:.2f}", f"{t['onednn'] / t['nanomm']:.2f}" if "onednn" in t else "-",
                         f"{max(v['spread'] for v in timed.values()):.1%}"])
            results.append({"product": what, "batch": B, "heads": H, "tokens": T, "head_dim": D, "threads": threads,
                            "timing": timed})
    head = ["product", "nanomm us", "GFLOP/s", "numpy/nanomm", "onednn/nanomm", "spread"]
    return head, rows, results


def mlp(args, threads: int, onednn: OneDNNMatmul | None, rng) -> tuple[list, list, list]:
    import nanomm

    width, batch, depth = (int(v) for v in args.mlp.split("x"))
    ws = [_aligned_copy((rng.standard_normal((width, width)) / math.sqrt(width)).astype(np.float32))
          for _ in range(depth)]
    bs = [_aligned_copy(rng.standard_normal(width).astype(np.float32) * 0.1) for _ in range(depth)]
    x = _aligned_copy(rng.standard_normal((batch, width)).astype(np.float32))
    acts = [aligned((batch, width), np.float32) for _ in range(depth)]
    peer_acts = [aligned((batch, width), np.float32) for _ in range(depth)]
    layers = [nanomm.compile_matmul(batch, width, width, b=w, threads=threads,
                                    epilogue=nanomm.Epilogue(bias=True, activation="relu")) for w in ws]

    def fused():
        h = x
        for layer, b, out in zip(layers, bs, acts):
            h = layer(h, out=out, bias=b)
        return h

    def numpy_mlp():
        h = x
        for w, b, out in zip(ws, bs, peer_acts):
            h = np.matmul(h, w, out=out)
            h += b
            np.maximum(h, 0, out=h)
        return h

    ref = x.astype(np.float64)
    for w, b in zip(ws, bs):
        ref = np.maximum(ref @ w + b, 0)
    _check(fused(), ref, 1e-4, "MLP nanomm")
    calls = {"nanomm": fused, "numpy": numpy_mlp}
    if onednn is not None:
        prims = [onednn.layer(h, w, out, bias=b, activation="relu")
                 for h, w, b, out in zip([x] + peer_acts[:-1], ws, bs, peer_acts)]

        def onednn_mlp():
            for p in prims:
                p()
            return peer_acts[-1]

        _check(onednn_mlp(), ref, 1e-4, "MLP oneDNN")
        calls["onednn"] = onednn_mlp
    timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.2,
                                progress=lambda msg: _report.log(f"MLP {args.mlp} t={threads}: {msg}"))
    t = {k: v["best_median_s"] for k, v in timed.items()}
    flops = 2 * batch * width * width * depth
    rows = [[f"MLP {depth} x {batch}x{width}x{width} bias+relu", f"{t['nanomm'] * 1e6:.1f}",
             f"{flops / t['nanomm'] / 1e9:.1f}", f"{t['numpy'] / t['nanomm']:.2f}",
             f"{t['onednn'] / t['nanomm']:.2f}" if "onednn" in t else "-",
             f"{max(v['spread'] for v in timed.values()):.1%}"]]
    head = ["model", "nanomm us", "GFLOP/s", "numpy/nanomm", "onednn/nanomm", "spread"]
    return head, rows, [{"mlp": args.mlp, "threads": threads, "timing": timed}]


def _aligned_copy(x: np.ndarray) -> np.ndarray:
    y = aligned(x.shape, x.dtype)
    y[...] = x
    return y


def _check(got, ref, limit: float, what: str) -> None:
    err = float(np.max(np.abs(got - ref) / (1 + np.abs(ref))))
    if not err <= limit:
        raise SystemExit(f"error: {what}: result off by {err:.3g} (relative)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--part", choices=("layers", "transpose", "attention", "mlp"), default="layers")
    p.add_argument("--layers", default=",".join(LAYERS))
    p.add_argument("--ms", default="1,16,128,512")
    p.add_argument("--dtypes", default="f32")
    p.add_argument("--attention", default=ATTENTION, help="BATCHxTOKENSxHEADDIM,... (12 heads)")
    p.add_argument("--mlp", default="1024x256x3", help="WIDTHxBATCHxLAYERS of --part mlp")
    p.add_argument("--threads", type=int, default=1, help="0: every core this process may use")
    p.add_argument("--activation", default="gelu", help="of the up-projections")
    p.add_argument("--offset", type=int, default=0,
                   help="--part transpose: x and W start this many bytes past a 64-byte line")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.05, help="seconds per measurement")
    p.add_argument("--no-onednn", action="store_true")
    p.add_argument("--out", default=None, help="JSON path (default bench/out/bench_layers-<part>-<cpu>-<date>.json)")
    args = p.parse_args(argv)
    from nanomm.runtime.threads import available_cores

    if args.threads == 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # before oneDNN loads: its threads follow it
    threads = args.threads or available_cores()
    import threadpoolctl

    # numpy's OpenBLAS started its threads at import, before the affinity above: limit them too
    limit = threadpoolctl.threadpool_limits(threads)  # noqa: F841 - held for the run
    onednn = None
    if not args.no_onednn and args.part != "transpose":
        onednn = OneDNNMatmul()
        if not onednn.available:
            _report.log(f"oneDNN's matmul primitive not available: {onednn.why_not}")
            onednn = None
    started = datetime.datetime.now()
    rng = np.random.default_rng(0)
    if args.part == "layers":
        head, rows, results = layers(args, threads, onednn, rng)
    elif args.part == "transpose":
        head, rows, results = transpose(args, threads, rng)
    elif args.part == "mlp":
        head, rows, results = mlp(args, threads, onednn, rng)
    else:
        head, rows, results = attention(args, threads, onednn, rng)
    print(_report.render_text(head, rows, {0, 1, 2} if args.part == "layers" else {0}))
    report = {"tool": "bench/bench_layers.py", **_report.provenance(_report.argv_of(__file__, argv)),
              "part": args.part, "started": started.isoformat("T", "seconds"), "threads": threads,
              "loadavg": _report.loadavg(), "versions": _report.versions(), "results": results}
    path = _report.result_path(f"bench_layers-{args.part}", started, args.out)
    path.write_text(json.dumps(report, indent=1, default=str))
    md = path.with_suffix(".md")
    md.write_text(f"# bench/bench_layers.py --part {args.part}, {report['cpu_name']}, {report['started']}\n\n"
                  f"{_report.provenance_line(report)}; {threads} threads, load {report['loadavg']}. Ratios are "
                  "the peer's time over nanomm's (above 1: nanomm is faster).\n\n"
                  + _report.render_markdown(head, rows, {0, 1, 2} if args.part == "layers" else {0}) + "\n")
    print(f"JSON: {path}\nMarkdown: {md}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

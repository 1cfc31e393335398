"""Kernel configs of one shape against the heuristic default, and the cost of a kernel call, in one process.

    python bench/bench_configs.py 16x4096x4096 --dtype bf16 \\
        --config tuned:mr=8,nr=32,mc=16,nc=4096,kc=16,unroll_k=2,outline=0,late_c=0,pack_b=0
    python bench/bench_configs.py --call-overhead     # the native checked call against the Python path

Configs: the default config (always, as the reference) plus each `--config NAME:FIELD=VALUE,...`
(fields of KernelConfig over the default's). Every kernel is checked against a float64/int64
reference, then all are timed in the same interleaved rounds (bench/_timing.py: warm-up, median
per round, best round; spread recorded). Prints GFLOP/s (GOP/s for int8) and the ratio to the
default.

--pack: what packing B inside the kernel costs, per config: the kernel against the same config
compiled to read B pre-packed (compile_matmul(..., b=B)), in the same rounds; the difference in
milliseconds and as GB/s of B (`python bench/bench_configs.py 128x4096x4096 --dtype bf16 --pack`).

--cold: every config compiled to read B pre-packed (the reference: the default config for
pre-packed B), each timed twice in the same rounds: `warm`, the same B every call (in cache), and
`cold`, a round-robin over packed copies of B larger than twice the L3 (each call reads its B
from memory, as a model's weights at batch 1): `python bench/bench_configs.py 16x1536x384 --cold
--config pf0:prefetch=0`.

--transpose-b: x @ W.T with W (N x K, row-major) read in place, as nn.Linear's weights: the default
config for a transposed B (row-dot tiles at a few rows, else W^T packed per call) and each --config,
and `dense`, the default kernel on a contiguous W^T, in the same rounds; x and W start on a 64-byte
line (`python bench/bench_configs.py 16x16x32 --transpose-b --config pack:row_dot=0,pack_b=1,mr=8,nr=16,nc=16,order=mn`).

--call-overhead: a 1x16x1 float32 kernel called with a, b, out: the native checked call
(runtime/trampoline.py) against the same kernel with it switched off (the Python checks of
CheckedCall.prepare), and the bare ctypes call: microseconds per call, same rounds.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _measure  # noqa: E402
import _report  # noqa: E402
import _timing  # noqa: E402

import nanomm  # noqa: E402
from peer_onednn_matmul import aligned  # noqa: E402
from nanomm.compiler.config import default_config  # noqa: E402
from nanomm.runtime.cpu import host_cpu  # noqa: E402
from nanomm.runtime.reference import matmul_mismatch  # noqa: E402


def _value(text: str):
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.lstrip("-").isdigit() else text


def parse_config(text: str, base) -> tuple[str, object]:
    name, _, fields = text.partition(":")
    changes = {}
    for item in filter(None, fields.split(",")):
        key, _, value = item.partition("=")
        kind = type(getattr(base, key))
        changes[key] = bool(int(value)) if kind is bool and value.isdigit() else _value(value)
    return name, dataclasses.replace(base, **changes)


def compare_configs(args) -> int:
    M, N, K = (int(x) for x in args.shape.lower().split("x"))
    tb = args.transpose_b
    base = default_config(M, N, K, host_cpu(), dtype=args.dtype, prepacked_b=tb, transposed_b=tb)
    configs = dict([("default", base)] + [parse_config(t, base) for t in args.config])
    a, b = _measure.inputs(M, N, K, args.dtype, np.random.default_rng(0))
    calls = {}
    if tb:  # W row-major, read as W.T, beside the same numbers as a dense W^T; all on a 64-byte line
        x, w, dense_b = aligned(a.shape, a.dtype), aligned((N, K), b.dtype), aligned((K, N), b.dtype)
        x[...], w[...], dense_b[...] = a, b.T, b
        a, b = x, w.T
        dense = nanomm.compile_matmul(M, N, K, args.dtype, threads=1)
        dense_out = dense(a, dense_b)
        calls["dense"] = lambda: dense(a, dense_b, dense_out)
    for name, cfg in configs.items():
        variants = {name: None, f"{name} prepacked": b} if args.pack else {name: None}
        for label, packed in variants.items():
            kernel = nanomm.compile_matmul(M, N, K, args.dtype, config=cfg, threads=1, b=packed, transpose_b=tb)
            operand = kernel.prepack(b) if packed is not None else b
            out = kernel(a, operand)
            problem = matmul_mismatch(out, a, b)
            if problem:
                print(f"{label}: WRONG: {problem}")
                return 1
            calls[label] = (lambda k=kernel, x=operand, o=out: k(a, x, o))
    timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.target)
    unit = "GOP/s" if args.dtype in ("u8s8", "s8s8") else "GFLOP/s"
    ref = timed["default"]["best_median_s"]
    print(f"{M}x{N}x{K} {args.dtype}{', x @ W.T' if tb else ''}, one thread, {host_cpu().name}; {unit} of the "
          f"best round's median")
    if tb:
        t = timed["dense"]
        print(f"  {'dense':12s} {2 * M * N * K / t['best_median_s'] / 1e9:8.1f} {unit}  x{ref / t['best_median_s']:.3f} "
              f"of default  spread {t['spread']:.1%}  (x @ W^T, W^T contiguous: {dense.config})")
    for name, cfg in configs.items():
        t = timed[name]
        print(f"  {name:12s} {2 * M * N * K / t['best_median_s'] / 1e9:8.1f} {unit}  x{ref / t['best_median_s']:.3f} "
              f"of default  spread {t['spread']:.1%}  {cfg}")
        if args.pack:
            pre = timed[f"{name} prepacked"]
            cost = t["best_median_s"] - pre["best_median_s"]
            rate = f"{b.nbytes / cost / 1e9:.1f} GB/s of B" if cost > 0 else "no measurable cost"
            what = "packing costs" if cfg.pack_b else "reading B unpacked (pack_b=False) costs"
            print(f"  {'':12s} {2 * M * N * K / pre['best_median_s'] / 1e9:8.1f} {unit} with B pre-packed "
                  f"(spread {pre['spread']:.1%}): {what} {cost * 1e3:.2f} ms a call, {rate}")
    return 0


def cold_weights(args) -> int:
    M, N, K = (int(x) for x in args.shape.lower().split("x"))
    cpu = host_cpu()
    base = default_config(M, N, K, cpu, prepacked_b=True, dtype=args.dtype)
    configs = dict([("default", base)] + [parse_config(t, base) for t in args.config])
    a, b = _measure.inputs(M, N, K, args.dtype, np.random.default_rng(0))
    copies = max(2, -(-2 * cpu.l3 // b.nbytes))
    calls = {}
    for name, cfg in configs.items():
        kernel = nanomm.compile_matmul(M, N, K, args.dtype, config=cfg, threads=1, b=b)
        packs = [kernel.prepack(b) for _ in range(copies)]
        out = kernel(a, packs[-1])
        problem = matmul_mismatch(out, a, b)
        if problem:
            print(f"{name}: WRONG: {problem}")
            return 1
        turn = itertools.cycle(packs)
        calls[f"{name} warm"] = (lambda k=kernel, x=packs[0], o=out: k(a, x, o))
        calls[f"{name} cold"] = (lambda k=kernel, o=out, t=turn: k(a, next(t), o))
    timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.target)
    unit = "GOP/s" if args.dtype in ("u8s8", "s8s8") else "GFLOP/s"
    rate = {label: 2 * M * N * K / t["best_median_s"] / 1e9 for label, t in timed.items()}
    print(f"{M}x{N}x{K} {args.dtype}, B pre-packed, one thread, {cpu.name}; {unit} of the best round's "
          f"median; cold: {copies} copies of B ({copies * b.nbytes / 2**20:.0f} MiB, L3 {cpu.l3 / 2**20:.0f} MiB)")
    for name, cfg in configs.items():
        warm, cold = rate[f"{name} warm"], rate[f"{name} cold"]
        print(f"  {name:12s} warm {warm:7.1f} x{warm / rate['default warm']:.3f}  cold {cold:7.1f} "
              f"x{cold / rate['default cold']:.3f} of default  spread {timed[f'{name} cold']['spread']:.1%}  {cfg}")
    return 0


def call_overhead(args) -> int:
    kernel = nanomm.compile_matmul(1, 16, 1, threads=1)
    fn = kernel._function
    a, b, c = np.ones((1, 1), np.float32), np.ones((1, 16), np.float32), np.empty((1, 16), np.float32)
    fast = fn._fast

    def python_path():
        fn._fast = None
        try:
            fn(a, b, c)
        finally:
            fn._fast = fast

    pa, pb, pc = a.ctypes.data, b.ctypes.data, c.ctypes.data
    calls = {"native checked call": lambda: fn(a, b, c), "Python checks": python_path,
             "bare ctypes call": lambda: fn._cfunc(pa, pb, pc)}
    timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.target)
    print(f"kernel call of a 1x16x1 float32 kernel (a, b, out given), {host_cpu().name}: us per call")
    for name, t in timed.items():
        print(f"  {name:22s} {t['best_median_s'] * 1e6:6.2f} us  spread {t['spread']:.1%}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("shape", nargs="?", help="MxNxK")
    p.add_argument("--dtype", default="f32")
    p.add_argument("--config", action="append", default=[], metavar="NAME:FIELD=VALUE,...")
    p.add_argument("--pack", action="store_true", help="also each config reading pre-packed B: the cost of packing")
    p.add_argument("--cold", action="store_true",
                   help="B pre-packed, timed in cache and streamed from memory (copies larger than the L3)")
    p.add_argument("--transpose-b", action="store_true",
                   help="x @ W.T, W read in place, against a dense W^T (not with --cold)")
    p.add_argument("--call-overhead", action="store_true")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.2, help="seconds per measurement")
    args = p.parse_args(argv)
    print(_report.provenance_line(_report.provenance(_report.argv_of(__file__, argv))), flush=True)
    if args.call_overhead:
        return call_overhead(args)
    if not args.shape:
        p.error("give a shape (MxNxK) or --call-overhead")
    if args.cold and args.transpose_b:
        p.error("--transpose-b times B read in place per call; --cold times pre-packed B")
    return cold_weights(args) if args.cold else compare_configs(args)


if __name__ == "__main__":
    sys.exit(main())

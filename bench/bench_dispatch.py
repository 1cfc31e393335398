"""What a call through the front door costs: `nanomm.matmul` against the kernel's own call and numpy, one
thread, the same arrays, interleaved rounds in one process (bench/_timing.py).

    python bench/bench_dispatch.py                          # 20x20x32, 64^3, 128^3, an encoder's shapes
    python bench/bench_dispatch.py --shapes 20x20x32,64 --rounds 7 --out bench/latest/dispatch.md

Per shape: microseconds of the best round's median call for
  kernel      k(a, b, out): the compiled kernel, arguments checked in JIT-compiled code
  matmul      nanomm.matmul(a, b, out=out, threads=1)
  matmul new  nanomm.matmul(a, b, threads=1): the result allocated by the call
  numpy       np.matmul(a, b, out=out) (OpenBLAS, one thread through threadpoolctl when installed)
and the front door's overhead (matmul - kernel).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _report import parse_shape, shape_name  # noqa: E402
from _timing import interleaved  # noqa: E402

# 20x20x32: an attention product of a 20-token sentence (one head: 20 x 32 by 32 x 20); 20x384x384,
# 20x1536x384: a MiniLM layer's projections for one sentence.
SHAPES = "20x20x32,20x32x20,64,128,20x384x384,20x1536x384"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shapes", default=SHAPES, help=f"comma-separated MxNxK or N (default {SHAPES})")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.05, help="seconds of one timed batch of calls")
    p.add_argument("--out", default=None, help="also write the table (Markdown) here")
    args = p.parse_args(argv)
    import nanomm
    from nanomm.runtime.cpu import native_cpu

    try:
        import threadpoolctl

        limit = threadpoolctl.threadpool_limits(1)
    except ImportError:
        limit = None
    rng = np.random.default_rng(0)
    lines = [f"bench/bench_dispatch.py on {native_cpu().describe()}, one thread; microseconds of the best round's "
             f"median call ({args.rounds} interleaved rounds)", "",
             "| shape | kernel | nanomm.matmul (out=) | nanomm.matmul | numpy | matmul - kernel | matmul / numpy |",
             "|---|---|---|---|---|---|---|"]
    for text in args.shapes.split(","):
        M, N, K = parse_shape(text)
        a = rng.standard_normal((M, K), dtype=np.float32)
        b = rng.standard_normal((K, N), dtype=np.float32)
        out = np.empty((M, N), np.float32)
        kernel = nanomm.compile_matmul(M, N, K, threads=1)
        got = nanomm.matmul(a, b, threads=1)  # compiles (or finds) the kernel, enters the front door's memo
        np.testing.assert_allclose(got, a @ b, rtol=1e-4, atol=1e-4 * K)
        calls = {"kernel": lambda: kernel(a, b, out), "matmul": lambda: nanomm.matmul(a, b, out=out, threads=1),
                 "matmul new": lambda: nanomm.matmul(a, b, threads=1), "numpy": lambda: np.matmul(a, b, out=out)}
        t = interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.05)
        us = {k: v["best_median_s"] * 1e6 for k, v in t.items()}
        lines.append(f"| {shape_name(M, N, K)} | {us['kernel']:.2f} | {us['matmul']:.2f} | {us['matmul new']:.2f} | "
                     f"{us['numpy']:.2f} | {us['matmul'] - us['kernel']:.2f} | {us['matmul'] / us['numpy']:.2f} |")
        print(lines[-1], flush=True)
    del limit  # threadpoolctl's limit holds until here
    text = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What a call through the front door costs: `nanomm.matmul` against the kernel's own call and numpy, one
thread, the same arrays, interleaved rounds in one process (bench/_timing.py).

    python bench/bench_dispatch.py                          # 20x20x32, 64^3, 128^3, an encoder's shapes
    python bench/bench_dispatch.py --shapes 20x20x32,64 --rounds 7 --out bench/out/dispatch.md
    python bench/bench_dispatch.py --shapes 1x1x1,8,20x20x32 --threads-none   # the default threads=None
    python bench/bench_dispatch.py --shapes 8x64x64,20x20x32 --transposed        # b = W.T (nn.Linear's x @ W.T)

Per shape: microseconds of the best round's median call for
  kernel      k(a, b, out): the compiled kernel, arguments checked in JIT-compiled code
  matmul      nanomm.matmul(a, b, out=out, threads=1)
  matmul new  nanomm.matmul(a, b, threads=1): the result allocated by the call
  numpy       np.matmul(a, b, out=out) (OpenBLAS, one thread through threadpoolctl when installed)
and the front door's overhead (matmul - kernel). With --transposed, b is W.T of a row-major N x K W (read
in place), the kernel compile_matmul(..., transpose_b=True), every call given W.T.

    python bench/bench_dispatch.py --part dynamic --nk 4096x4096,1536x384,384x1536 --ms 1,7,16,33,100,128,500,1000
    NANOMM_DISK_CACHE=0 python bench/bench_dispatch.py --part dynamic --dtype bf16 --nk 3072x768 --ms 40,128,512

`--part dynamic`: per (N, K) and M, with B pre-packed (one packed B read by both where their layouts
agree), GFLOP/s of the static-M kernel (compile_matmul(M, N, K, b=B)) and of the dynamic-M kernel
(compile_matmul(None, N, K, b=B)), interleaved, and their ratio; then the front door with (N, K) warm: nanomm.matmul's first call at an M
it has not seen (the dynamic-M kernel of M's range already compiled by two earlier Ms) against a
warm call at that M; and the RSS after 10,000 calls over 500 distinct M.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _measure  # noqa: E402
import _report  # noqa: E402
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
    p.add_argument("--out", default=None, help="also write the table (Markdown, with the commit, the CPU and the "
                                               "command line) here")
    p.add_argument("--part", choices=("calls", "dynamic"), default="calls")
    p.add_argument("--threads-none", action="store_true",
                   help="calls: nanomm.matmul with threads=None (the default: the key reads the affinity mask) "
                        "instead of threads=1; shapes where threads would pay then differ from the kernel")
    p.add_argument("--transposed", action="store_true",
                   help="calls: b = W.T of a row-major W (x @ W.T, read in place) and a transpose_b kernel")
    p.add_argument("--nk", default="4096x4096,1536x384,384x1536", help="--part dynamic: comma-separated NxK")
    p.add_argument("--ms", default="1,7,16,33,100,128,500,1000", help="--part dynamic: comma-separated M")
    p.add_argument("--threads", type=int, default=1, help="--part dynamic: threads of both kernels (default 1)")
    p.add_argument("--dtype", default="f32", help="--part dynamic: the kernels' dtype (f32, bf16, u8s8, s8s8); "
                                                  "other than f32, only the static / dynamic table")
    p.add_argument("--kernels-only", action="store_true",
                   help="--part dynamic: the static / dynamic table only (no first calls, no RSS run)")
    args = p.parse_args(argv)
    args.provenance = _report.provenance_line(_report.provenance(_report.argv_of(__file__, argv)))
    if args.part == "dynamic":
        return dynamic_m(args)
    import nanomm
    from nanomm.runtime.cpu import native_cpu

    try:
        import threadpoolctl

        limit = threadpoolctl.threadpool_limits(1)
    except ImportError:
        limit = None
    rng = np.random.default_rng(0)
    lines = [f"bench/bench_dispatch.py on {native_cpu().describe()}, one thread (nanomm.matmul with threads="
             f"{'None' if args.threads_none else '1'}{'; b = W.T' if args.transposed else ''}); microseconds of the best round's median call "
             f"({args.rounds} interleaved rounds)", "", args.provenance, "",
             "| shape | kernel | nanomm.matmul (out=) | nanomm.matmul | numpy | matmul - kernel | matmul / numpy |",
             "|---|---|---|---|---|---|---|"]
    for text in args.shapes.split(","):
        M, N, K = parse_shape(text)
        a = rng.standard_normal((M, K), dtype=np.float32)
        b = rng.standard_normal((K, N), dtype=np.float32)
        out = np.empty((M, N), np.float32)
        kernel = nanomm.compile_matmul(M, N, K, threads=1, transpose_b=args.transposed)
        if args.transposed:  # b is W.T of a row-major W, as every call passes it
            b = rng.standard_normal((N, K), dtype=np.float32).T
        got = nanomm.matmul(a, b, threads=None if args.threads_none else 1)  # compiles or finds it, enters the memo
        np.testing.assert_allclose(got, a @ b, rtol=1e-4, atol=1e-4 * K)
        T = None if args.threads_none else 1
        calls = {"kernel": lambda: kernel(a, b, out), "matmul": lambda: nanomm.matmul(a, b, out=out, threads=T),
                 "matmul new": lambda: nanomm.matmul(a, b, threads=T), "numpy": lambda: np.matmul(a, b, out=out)}
        t = interleaved(calls, rounds=args.rounds, target=args.target, warmup=0.05)
        us = {k: v["best_median_s"] * 1e6 for k, v in t.items()}
        lines.append(f"| {shape_name(M, N, K)} | {us['kernel']:.2f} | {us['matmul']:.2f} | {us['matmul new']:.2f} | "
                     f"{us['numpy']:.2f} | {us['matmul'] - us['kernel']:.2f} | {us['matmul'] / us['numpy']:.2f} |")
        print(lines[-1], flush=True)
    del limit  # threadpoolctl's limit holds until here
    return _write(lines, args)


def _rss_mib() -> float:
    """This process's resident memory now (Linux /proc), in MiB."""
    import os

    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def dynamic_m(args) -> int:
    import time

    import nanomm
    from nanomm.runtime.cpu import native_cpu

    rng = np.random.default_rng(0)
    T = args.threads
    from nanomm.runtime.reference import matmul_mismatch

    dt = args.dtype
    lines = [f"bench/bench_dispatch.py --part dynamic on {native_cpu().describe()}, {T} thread(s), {dt}, B pre-packed; "
             f"GFLOP/s (GOP/s for int8) of the best round's median call ({args.rounds} interleaved rounds); the "
             "dynamic-M kernel's config and compile seconds (cold with NANOMM_DISK_CACHE=0)", "", args.provenance, "",
             "| N x K | M | static-M | dynamic-M | dynamic / static | one packed B |", "|---|---|---|---|---|---|"]
    ms = [int(m) for m in args.ms.split(",")]
    pairs = [tuple(int(x) for x in nk.lower().split("x")) for nk in args.nk.split(",")]
    for N, K in pairs:
        a_all, b = _measure.inputs(max(ms), N, K, dt, rng)
        t0 = time.perf_counter()
        dynamic = nanomm.compile_matmul(None, N, K, dt, b=b, threads=T)
        compiled = time.perf_counter() - t0
        print(f"{N}x{K} dynamic-M kernel: {compiled:.2f} s to compile; {dynamic.config}", flush=True)
        lines.insert(4, f"{N}x{K} dynamic-M kernel: {compiled:.2f} s to compile; {dynamic.config}  ")
        for M in ms:
            a = a_all[:M]
            out = np.empty((M, N), np.int32 if dt in ("u8s8", "s8s8") else np.float32)
            static = nanomm.compile_matmul(M, N, K, dt, b=b, threads=T)
            for kernel in (dynamic, static):
                problem = matmul_mismatch(kernel(a), a, b)
                assert problem is None, problem
            # Both read the same packed B where their layouts agree (where B sits in memory moved
            # single calls by up to 5 % here), else each its own.
            shared = static.packed_b.layout == dynamic.packed_b.layout
            pb = static.packed_b if shared else dynamic.packed_b
            t = interleaved({"static": lambda: static(a, static.packed_b, out), "dynamic": lambda: dynamic(a, pb, out)},
                            rounds=args.rounds, target=args.target, warmup=0.05)
            g = {k: 2 * M * N * K / v["best_median_s"] / 1e9 for k, v in t.items()}
            lines.append(f"| {N}x{K} | {M} | {g['static']:.1f} | {g['dynamic']:.1f} | {g['dynamic'] / g['static']:.3f} "
                         f"| {'yes' if shared else 'no'} |")
            print(lines[-1], flush=True)
    if dt != "f32" or args.kernels_only:
        return _write(lines, args)
    lines += ["", "nanomm.matmul at a new M, (N, K) warm (two earlier Ms of the M range compiled): microseconds of "
              "the first call at each of 9 new Ms and of a warm call on the same arrays right after:", "",
              "| N x K | new Ms | first calls (median) | warm calls (median) | first / warm: median | max |",
              "|---|---|---|---|---|---|"]
    for N, K in pairs:
        b = rng.standard_normal((K, N), dtype=np.float32)
        for m0 in (20, 200):
            for m in (m0, m0 + 1):
                nanomm.matmul(rng.standard_normal((m, K), dtype=np.float32), b, threads=T)
            firsts, warms = [], []
            for new in range(m0 + 2, m0 + 11):
                a = rng.standard_normal((new, K), dtype=np.float32)
                t0 = time.perf_counter()
                first = nanomm.matmul(a, b, threads=T)
                firsts.append(time.perf_counter() - t0)
                np.testing.assert_allclose(first, a @ b, rtol=1e-4, atol=1e-4 * K)
                t0 = time.perf_counter()
                nanomm.matmul(a, b, threads=T)
                warms.append(time.perf_counter() - t0)
            ratios = sorted(f / w for f, w in zip(firsts, warms))
            lines.append(f"| {N}x{K} | {m0 + 2}-{m0 + 10} | {np.median(firsts) * 1e6:.1f} | {np.median(warms) * 1e6:.1f} "
                         f"| {ratios[len(ratios) // 2]:.2f} | {ratios[-1]:.2f} |")
            print(lines[-1], flush=True)
    N, K = pairs[-1]
    b = rng.standard_normal((K, N), dtype=np.float32)
    inputs = {m: rng.standard_normal((m, K), dtype=np.float32) for m in range(1, 501)}
    rss = [_rss_mib()]
    for i in range(10_000):
        nanomm.matmul(inputs[1 + i % 500], b, threads=T)
        if i % 2500 == 2499:
            rss.append(_rss_mib())
    lines += ["", f"10,000 nanomm.matmul calls over M = 1..500 at {N}x{K}: resident MiB before and after each "
              "2,500: " + ", ".join(f"{r:.1f}" for r in rss)]
    print(lines[-1])
    return _write(lines, args)


def _write(lines: list[str], args) -> int:
    """Prints the table; with --out, writes it there too."""
    text = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Runs AOT-built float32 kernels on the AMX host: checks them against numpy and times 1 and N threads
against torch (MKL) and numpy with the same threads. Needs only numpy, llvmlite (and torch) there.

Build here:  python -m nanomm.compiler.aot 1024 2048 --target emeraldrapids --threads 16 --out DIR
             python -m nanomm.compiler.aot 1024 2048 --target emeraldrapids --threads 1 --out DIR
Run there:   python bench/amx_host/f32_threads.py DIR [--json out.json]
(with `nanomm` importable: e.g. a symlink named nanomm to the repository in PYTHONPATH)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np


def median_time(fn, seconds: float = 0.5, min_reps: int = 5) -> tuple[float, list[float]]:
    for _ in range(2):
        fn()
    samples = []
    start = time.perf_counter()
    while len(samples) < min_reps or time.perf_counter() - start < seconds:
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return float(np.median(samples)), samples


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("dir", type=Path)
    p.add_argument("--json", type=Path)
    p.add_argument("--rounds", type=int, default=2)
    args = p.parse_args()
    from nanomm.runtime.aot import load
    from nanomm.runtime.cpu import host_cpu
    from nanomm.runtime.reference import matmul_mismatch

    try:
        import torch
    except ImportError:
        torch = None
    cpu = host_cpu()
    cores = len(os.sched_getaffinity(0))
    print(f"host: {cpu.model_name} ({cpu.name}), {cores} cores, python {platform.python_version()}, "
          f"numpy {np.__version__}, torch {getattr(torch, '__version__', 'absent')}", flush=True)
    manifests = sorted(args.dir.glob("*.json"))
    by_shape: dict[tuple, dict[int, Path]] = {}
    for path in manifests:
        m = json.loads(path.read_text())
        by_shape.setdefault((m["M"], m["N"], m["K"]), {})[m["threads"]] = path
    rows, failures = [], 0
    for (M, N, K), variants in sorted(by_shape.items()):
        rng = np.random.default_rng(0)
        a = rng.standard_normal((M, K), dtype=np.float32)
        b = rng.standard_normal((K, N), dtype=np.float32)
        flops = 2.0 * M * N * K
        row = {"shape": f"{M}x{N}x{K}", "gflops": {}, "samples": {}}
        funcs = {t: load(path) for t, path in variants.items()}
        for t, f in funcs.items():
            out = np.full((M, N), np.nan, np.float32)
            f(a, b, out)
            problem = matmul_mismatch(out, a, b)
            row[f"check_{t}t"] = problem or "ok"
            if problem:
                failures += 1
                print(f"  MISMATCH {M}x{N}x{K} {t} threads: {problem}", flush=True)
        c = np.empty((M, N), np.float32)
        peers = {f"nanomm {t}t": (lambda f=f: f(a, b, c)) for t, f in sorted(funcs.items())}
        if torch is not None:
            ta, tb, tc = torch.from_numpy(a), torch.from_numpy(b), torch.from_numpy(c)
            for t in sorted(funcs):
                peers[f"torch {t}t"] = (lambda t=t: (torch.set_num_threads(t), torch.matmul(ta, tb, out=tc)))
        peers[f"numpy {cores}t"] = lambda: np.matmul(a, b, out=c)
        best: dict[str, float] = {}
        for _ in range(args.rounds):  # interleaved rounds, best round's median
            for name, fn in peers.items():
                med, samples = median_time(fn)
                if name not in best or med < best[name]:
                    best[name] = med
                    row["samples"][name] = samples
        row["gflops"] = {name: flops / t / 1e9 for name, t in best.items()}
        rows.append(row)
        print(f"{row['shape']:>16}  " + "  ".join(f"{k} {v:8.1f}" for k, v in row["gflops"].items()), flush=True)
    if args.json:
        args.json.write_text(json.dumps({"host": cpu.model_name, "cores": cores, "rows": rows}, indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Times AOT-built AMX bf16 / int8 kernels on the AMX host against torch (bf16 matmul, torch._int_mm), 1 and N threads.

Build here:  python -m nanomm.compiler.aot SHAPES --dtype bf16 --target emeraldrapids --threads T --out DIR
Run there:   PYTHONPATH=<dir holding a 'nanomm' link to the repo> python3 bench/amx_host/amx_bench.py DIR [DIR ...]
             [--json out.json] [--no-torch]
Each manifest is one nanomm kernel (shape, dtype, thread count); each directory is one variant (its name is
the label, so several configs of one shape can be compared). nanomm and torch run in the same process, in
interleaved rounds at the same thread count; the best round's median counts. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

PEAK_PER_CORE = {"bf16": 1160.0, "u8s8": 2320.0, "s8s8": 2320.0}  # GFLOP/s (GOP/s): DESIGN.md's AMX probe


def median_time(fn, seconds: float, min_reps: int = 5) -> float:
    fn()
    samples, start = [], time.perf_counter()
    while len(samples) < min_reps or time.perf_counter() - start < seconds:
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return float(np.median(samples))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dirs", nargs="+", type=Path)
    p.add_argument("--json", type=Path)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=0.25, help="per measurement")
    p.add_argument("--no-torch", action="store_true")
    args = p.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from amx_check import inputs, mismatch

    from nanomm.runtime.aot import load
    from nanomm.runtime.cpu import host_cpu

    torch = None
    if not args.no_torch:
        import torch
    cpu = host_cpu()
    print(f"host: {cpu.model_name} ({cpu.name}), {len(os.sched_getaffinity(0))} cores, "
          f"torch {getattr(torch, '__version__', 'not used')}", flush=True)
    groups: dict[tuple, list[tuple[str, Path]]] = {}
    for d in args.dirs:
        for path in sorted(d.glob("*.json")):
            m = json.loads(path.read_text())
            groups.setdefault((m["dtype"], m["M"], m["N"], m["K"], m["threads"]), []).append((d.name, path))
    rows, failures = [], 0
    rng = np.random.default_rng(0)
    for (dtype, M, N, K, threads), variants in sorted(groups.items()):
        a, b, ref, mag = inputs(dtype, M, N, K, rng)
        calls = {}
        for label, path in variants:
            f = load(path)
            out = f(a, b)
            problem = mismatch(dtype, out, ref, mag)
            if problem:
                failures += 1
                print(f"  MISMATCH {label} {dtype} {M}x{N}x{K} t={threads}: {problem}", flush=True)
                continue
            c = np.empty_like(out)
            calls[f"nanomm[{label}]"] = lambda f=f, c=c: f(a, b, c)
        if torch is not None:
            torch.set_num_threads(threads)
            if dtype == "bf16":
                ta, tb = torch.from_numpy(a.view(np.int16)).view(torch.bfloat16), \
                    torch.from_numpy(b.view(np.int16)).view(torch.bfloat16)
                tc = torch.empty((M, N), dtype=torch.bfloat16)
                calls["torch bf16"] = lambda: torch.matmul(ta, tb, out=tc)
            else:  # torch._int_mm: int8 x int8 -> int32 (u8s8 compares against it too)
                ta = torch.from_numpy(a.view(np.int8))
                tb = torch.from_numpy(b)
                try:
                    torch._int_mm(ta, tb)
                    calls["torch _int_mm"] = lambda: torch._int_mm(ta, tb)
                except RuntimeError as exc:
                    print(f"  torch._int_mm refuses {M}x{N}x{K}: {exc}", flush=True)
        best: dict[str, float] = {}
        for _ in range(args.rounds):
            for name, fn in calls.items():
                t = median_time(fn, args.seconds)
                best[name] = min(best.get(name, t), t)
        ops = 2.0 * M * N * K
        gflops = {name: ops / t / 1e9 for name, t in best.items()}
        row = {"dtype": dtype, "M": M, "N": N, "K": K, "threads": threads, "gflops": gflops,
               "peak_fraction": {n: g / (PEAK_PER_CORE[dtype] * threads) for n, g in gflops.items()
                                 if n.startswith("nanomm")}}
        rows.append(row)
        print(f"{dtype:5} {M}x{N}x{K:<6} t={threads:<2} " + "  ".join(f"{n} {g:8.1f}" for n, g in gflops.items()),
              flush=True)
    print("\n| dtype | shape | threads | variant | nanomm GFLOP/s | % of AMX peak | torch GFLOP/s | nanomm / torch |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        peer = next((g for n, g in r["gflops"].items() if n.startswith("torch")), None)
        for name, g in r["gflops"].items():
            if not name.startswith("nanomm"):
                continue
            ratio = f"{g / peer:.2f}" if peer else "-"
            print(f"| {r['dtype']} | {r['M']}x{r['N']}x{r['K']} | {r['threads']} | {name[7:-1]} | {g:.0f} | "
                  f"{100 * r['peak_fraction'][name]:.0f} % | {peer and round(peer) or '-'} | {ratio} |")
    if args.json:
        args.json.write_text(json.dumps({"host": cpu.model_name, "peak_per_core": PEAK_PER_CORE, "rows": rows},
                                        indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

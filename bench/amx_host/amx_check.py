"""Checks AOT-built bf16 / int8 kernels (AMX on an AMX target) against numpy on the AMX host; exits 1 on any mismatch.

Build here:  python -m nanomm.compiler.aot SHAPES --dtype bf16 --target emeraldrapids --out DIR  (and u8s8, s8s8,
             --threads 16 for parallel kernels)
Run there:   PYTHONPATH=<dir holding a 'nanomm' link to the repo> python3 bench/amx_host/amx_check.py DIR [DIR ...]
Needs only numpy, ml_dtypes and llvmlite there: no MLIR.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _report  # noqa: E402


def inputs(dtype: str, M: int, N: int, K: int, rng: np.random.Generator):
    """A, B and the exact reference C (float64) for one dtype: random values over the whole int8 range,
    and f32 / bf16 values of random floats."""
    if dtype == "f32":
        a = rng.standard_normal((M, K), dtype=np.float32)
        b = rng.standard_normal((K, N), dtype=np.float32)
    elif dtype == "bf16":
        import ml_dtypes

        a = rng.standard_normal((M, K), dtype=np.float32).astype(ml_dtypes.bfloat16)
        b = rng.standard_normal((K, N), dtype=np.float32).astype(ml_dtypes.bfloat16)
    else:
        a = rng.integers(0, 256, (M, K)).astype(np.uint8) if dtype == "u8s8" else \
            rng.integers(-128, 128, (M, K)).astype(np.int8)
        b = rng.integers(-128, 128, (K, N)).astype(np.int8)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return a, b, a64 @ b64, np.abs(a64) @ np.abs(b64)


def b_operand(f, b: np.ndarray) -> np.ndarray:
    """What the kernel takes for B: b packed once by its pack function where the manifest has one
    (an AOT kernel built with --prepacked), else b itself."""
    return f.pack_b(b) if hasattr(f, "pack_b") else b


def mismatch(dtype: str, out: np.ndarray, ref: np.ndarray, mag: np.ndarray) -> str | None:
    """None when out matches: exactly for int32 results (float64 sums of int8 products are exact),
    within 1e-4 of sum |a||b| for float32 results (f32 accumulation in another order)."""
    got = out.astype(np.float64)
    exact = dtype in ("u8s8", "s8s8")
    bad = got != ref if exact else ~(np.abs(got - ref) <= 1e-4 * mag + 1e-6)
    if not bad.any():
        return None
    i, j = np.argwhere(bad)[0]
    return f"{int(bad.sum())} of {bad.size} wrong, first C[{i},{j}] = {got[i, j]} (expected {ref[i, j]})"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dirs", nargs="+", type=Path)
    p.add_argument("--json", type=Path)
    args = p.parse_args()
    from nanomm.runtime.aot import load
    from nanomm.runtime.cpu import host_cpu

    cpu = host_cpu()
    amx = cpu.has("amx-tile", "amx-bf16", "amx-int8")
    where = _report.provenance()
    print(f"host: {cpu.model_name} ({cpu.name}), AMX: {amx}; {_report.provenance_line(where)}", flush=True)
    results, failures = [], 0
    rng = np.random.default_rng(0)
    for path in sorted(p for d in args.dirs for p in d.glob("*.json")):
        m = json.loads(path.read_text())
        dtype, M, N, K = m["dtype"], m["M"], m["N"], m["K"]
        uses_amx = "amx-tile" in m["required_features"] and any(
            o["config"].get("isa") == "amx" for o in m["objects"].values())
        start = time.perf_counter()
        try:
            f = load(path)
            a, b, ref, mag = inputs(dtype, M, N, K, rng)
            out = np.full((M, N), -7, dtype=f.abi.c_dtype)
            b_in = b_operand(f, b)
            f(a, b_in, out)
            problem = mismatch(dtype, out, ref, mag)
            again = f(a, b_in)  # a second call (fresh output) gives the same bits
            if problem is None and not np.array_equal(again, out):
                problem = "a second call gave different results"
        except Exception as exc:  # report and go on: one broken kernel must not hide the others
            problem = f"{type(exc).__name__}: {exc}"
        status = "ok" if problem is None else f"MISMATCH {problem}"
        failures += problem is not None
        results.append({"manifest": path.name, "dtype": dtype, "M": M, "N": N, "K": K, "threads": m["threads"],
                        "amx": uses_amx, "prepacked": "packed_b" in m, "status": status})
        print(f"{dtype:5} {M}x{N}x{K:<6} threads={m['threads']:<2} amx={int(uses_amx)} "
              f"prepacked={int('packed_b' in m)}  {status}  ({time.perf_counter() - start:.2f} s)", flush=True)
    print(f"{len(results) - failures} of {len(results)} kernels match numpy", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"tool": "bench/amx_host/amx_check.py", **where, "results": results}, indent=1))
    return 1 if failures or not results else 0


if __name__ == "__main__":
    sys.exit(main())

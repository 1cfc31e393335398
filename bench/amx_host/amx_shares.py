"""Where an AMX kernel's time goes: the whole kernel against tile loops shaped like its microkernels.

    python bench/amx_host/amx_shares.py                                    # 1024^3, 2048^3, 128x4096x4096, 512x512x4096
    python bench/amx_host/amx_shares.py --shapes 1024,4096x768x3072 --dtypes bf16 --rounds 7
    python bench/amx_host/amx_shares.py --set stream_b=0 --set kc=1024 --set nc=512   # a variant of the default

Needs a CPU with AMX and nanomm's compiler (it JIT-compiles the kernels). One thread. For each
shape and dtype, timed in the same interleaved rounds (bench/_timing.py):
- `registers only`: bench/peak.py's AMX loop (four independent tile products, no memory);
- `tile loop`: bench/amx_host/tile_loop.py's microkernel loop with the kernel's K block (in bytes
  of an A row: the same tile loads for bf16 and int8), its B panels per A strip (nc / 32, at most
  the problem's) and its stream_b; operands in cache, C staying in tiles;
- `tile loop + C`: the same with the C tiles zeroed and stored once per microkernel;
- `kernel, B pre-packed` and `kernel`: the default kernels of compile_matmul(..., b=B) and
  compile_matmul (with `--set FIELD=VALUE`: those fields of the default's config replaced, for
  the kernels and the loops), checked against numpy first.
The shares split the kernel's time T (packing B per call) into: the tile products at the
register-only rate; what the tile loop adds (operand tile loads); what C tiles add in the loop;
the rest of the pre-packed kernel (copying A blocks, C from and to memory, edges, loops, the call);
packing B per call (T minus the pre-packed kernel). Loop figures are scaled to the kernel's tile
products: 4 per K step of each 32x32 microkernel (K in tile products, rounded up; edges count as
whole tiles). A tile product takes the same time in bf16 and int8 (16 x 16 x 32 / x 64), so the
bf16 loops time both. Prints a table; writes bench/out/amx_shares-<cpu>-<date>.json and a
Markdown copy (or --out), with the commit, the CPU and the command line.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import _measure  # noqa: E402
import _report  # noqa: E402
import _timing  # noqa: E402
from peak import PeakLoop  # noqa: E402
from tile_loop import PRODUCT_FLOP, TileLoop, _iterations, parse_shape  # noqa: E402

SHAPES = "1024,2048,128x4096x4096,512x512x4096"
PARTS = ("tile products at the register-only rate", "operand tile loads (tile loop)",
         "C tiles per microkernel (tile loop + C)", "A copies, C in memory, edges, loops, call",
         "packing B per call")


def problem(shape: str, dtype: str, rng, changes: dict) -> dict:
    """The kernels and tile loops of one shape and dtype (the default config with `changes`), with
    what the shares need."""
    import nanomm
    from nanomm.compiler.config import default_config
    from nanomm.runtime.cpu import host_cpu
    from nanomm.runtime.dtypes import DTYPES, ceil_div
    from nanomm.runtime.reference import matmul_mismatch

    M, N, K = parse_shape(shape)
    cfg = dataclasses.replace(default_config(M, N, K, host_cpu(), dtype=dtype), **changes)
    pre_cfg = dataclasses.replace(default_config(M, N, K, host_cpu(), dtype=dtype, prepacked_b=True), **changes)
    if cfg.isa != "amx" or cfg.mr != 32 or cfg.nr != 32:
        raise ValueError(f"{shape} {dtype}: the default kernel is not a 32x32 AMX one ({cfg})")
    a, b = _measure.inputs(M, N, K, dtype, rng)
    full = nanomm.compile_matmul(M, N, K, dtype, threads=1, config=cfg)
    pre = nanomm.compile_matmul(M, N, K, dtype, threads=1, b=b, config=pre_cfg)
    packed = pre.prepack(b)
    out = full(a, b)
    for kernel, operand in ((full, b), (pre, packed)):
        problem_text = matmul_mismatch(kernel(a, operand, out), a, b)
        if problem_text:
            raise RuntimeError(f"{shape} {dtype}: {problem_text}")
    v = DTYPES[dtype].vnni
    kc_bf16 = max(64, cfg.kc * DTYPES[dtype].ab_bytes // 2 // 64 * 64)  # the same A-row bytes, 2 K steps at least
    panels = max(1, min(cfg.nc, N) // 32)
    products = 4 * ceil_div(M, 32) * ceil_div(N, 32) * ceil_div(K, 16 * v)
    return {
        "shape": shape, "dtype": dtype, "ops": 2 * M * N * K, "products": products, "config": str(cfg),
        "loop": TileLoop("nanomm", kc_bf16, panels, stream_b=cfg.stream_b),
        "loop_c": TileLoop("nanomm", kc_bf16, panels, store_c=True, stream_b=cfg.stream_b),
        "pre": lambda k=pre, x=packed, o=out: k(a, x, o),
        "full": lambda k=full, o=out: k(a, b, o),
        "loop_text": f"kc={kc_bf16} bf16 (A rows of {kc_bf16 * 2} bytes), {panels} panels, stream_b={cfg.stream_b}",
    }


def shares(p: dict, timed: dict, peak_s_per_product: float) -> dict:
    """Seconds of each part of the kernel's time (PARTS order) and the figures behind them."""
    t_loop = timed["loop"] * p["products"]  # seconds per product in the loop x the kernel's products
    t_loop_c = timed["loop_c"] * p["products"]
    t_peak = peak_s_per_product * p["products"]
    t_pre, t_full = timed["pre"], timed["full"]
    parts = [t_peak, t_loop - t_peak, t_loop_c - t_loop, t_pre - t_loop_c, t_full - t_pre]
    return {"parts_s": parts, "kernel_s": t_full, "prepacked_s": t_pre}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", default=SHAPES)
    ap.add_argument("--dtypes", default="bf16,u8s8")
    ap.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                    help="replace a field of the default config (repeatable): a variant's shares")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--target", type=float, default=0.1, help="seconds per measurement")
    ap.add_argument("--out", default=None, help="JSON path (default bench/out/amx_shares-<cpu>-<date>.json)")
    args = ap.parse_args(argv)
    from nanomm.runtime.cpu import host_cpu

    cpu = host_cpu()
    if not cpu.has("amx-tile", "amx-bf16"):
        print(f"Error: this CPU ({cpu.name}) has no AMX: nothing to measure", file=sys.stderr)
        return 2
    prov = _report.provenance(_report.argv_of(__file__, argv))
    print(_report.provenance_line(prov))
    changes = dict(_field(text) for text in args.set)
    rng = np.random.default_rng(0)
    peak = PeakLoop("amx-bf16")
    rows = []
    for shape in args.shapes.split(","):
        for dtype in args.dtypes.split(","):
            try:
                p = problem(shape, dtype, rng, changes)
            except ValueError as e:
                print(f"  skipped: {e}")
                continue
            n_peak, n_loop, n_loop_c = (_iterations(x, args.target) for x in (peak, p["loop"], p["loop_c"]))
            calls = {"peak": lambda k=n_peak: peak.run(k), "loop": lambda k=n_loop: p["loop"].run(k),
                     "loop_c": lambda k=n_loop_c: p["loop_c"].run(k), "pre": p["pre"], "full": p["full"]}
            timed = _timing.interleaved(calls, rounds=args.rounds, target=args.target, warmup=args.target)
            best = {k: t["best_median_s"] for k, t in timed.items()}
            per_product = {  # seconds per tile product
                "loop": best["loop"] / n_loop / (p["loop"].ops_per_iter / PRODUCT_FLOP),
                "loop_c": best["loop_c"] / n_loop_c / (p["loop_c"].ops_per_iter / PRODUCT_FLOP),
            }
            peak_product = best["peak"] / n_peak / (peak.ops_per_iter / PRODUCT_FLOP)
            s = shares(p, {**per_product, "pre": best["pre"], "full": best["full"]}, peak_product)
            # the kernel's rate against the register-only rate in its own unit (int8: twice the ops a product)
            ops_per_product = p["ops"] / p["products"]
            row = {"shape": shape, "dtype": dtype, "config": p["config"], "tile_loop": p["loop_text"],
                   "kernel_rate": p["ops"] / s["kernel_s"] / 1e9, "prepacked_rate": p["ops"] / s["prepacked_s"] / 1e9,
                   "peak_rate": ops_per_product / peak_product / 1e9,
                   "loop_rate": ops_per_product / per_product["loop"] / 1e9,
                   "loop_c_rate": ops_per_product / per_product["loop_c"] / 1e9,
                   "parts_ms": [x * 1e3 for x in s["parts_s"]], "kernel_ms": s["kernel_s"] * 1e3,
                   "spread": max(t["spread"] for t in timed.values())}
            rows.append(row)
            print(_text_row(row), flush=True)
    md = _markdown(rows, prov)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(args.out) if args.out else Path(__file__).resolve().parent.parent / "out" / f"amx_shares-{cpu.name}-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"provenance": prov, "parts": PARTS, "rows": rows}, indent=1))
    path.with_suffix(".md").write_text(md)
    print(f"JSON: {path}\nMarkdown: {path.with_suffix('.md')}")
    return 0


def _field(text: str) -> tuple[str, object]:
    """'kc=512' -> ('kc', 512), typed as the KernelConfig field (compiler/aot.py's --set)."""
    from nanomm.compiler.aot import _field as aot_field

    try:
        return aot_field(text)
    except ValueError as exc:
        raise SystemExit(f"error: {exc}") from None


def _text_row(row: dict) -> str:
    unit = "GOP/s" if row["dtype"] != "bf16" else "GFLOP/s"
    parts = ", ".join(f"{name} {ms / row['kernel_ms']:.0%}" for name, ms in zip(PARTS, row["parts_ms"]))
    return (f"{row['shape']} {row['dtype']}: kernel {row['kernel_rate']:.0f} {unit} ({row['kernel_rate'] / row['peak_rate']:.0%} "
            f"of registers only {row['peak_rate']:.0f}), pre-packed {row['prepacked_rate']:.0f}, tile loop "
            f"{row['loop_rate']:.0f}, + C {row['loop_c_rate']:.0f}; time: {parts}; spread {row['spread']:.0%}")


def _markdown(rows: list[dict], prov: dict) -> str:
    lines = [_report.provenance_line(prov), "",
             "One thread. Rates in GFLOP/s (bf16) / GOP/s (int8); the shares split the kernel's time (B packed per call).", "",
             "| shape | dtype | registers only | tile loop | tile loop + C | pre-packed kernel | kernel | "
             + " | ".join(PARTS) + " | spread |",
             "|---|---|" + "---:|" * (5 + len(PARTS) + 1)]
    for r in rows:
        shares = " | ".join(f"{ms / r['kernel_ms']:.0%} ({ms:.2f} ms)" for ms in r["parts_ms"])
        lines.append(f"| {r['shape']} | {r['dtype']} | {r['peak_rate']:.0f} | {r['loop_rate']:.0f} | "
                     f"{r['loop_c_rate']:.0f} | {r['prepacked_rate']:.0f} | {r['kernel_rate']:.0f} "
                     f"({r['kernel_rate'] / r['peak_rate']:.0%}) | {shares} | {r['spread']:.0%} |")
    lines += ["", "Tile loops and configs:", ""]
    lines += [f"- {r['shape']} {r['dtype']}: {r['tile_loop']}; {r['config']}" for r in rows]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())

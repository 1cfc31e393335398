"""Ahead-of-time compilation: kernels for a named CPU as object files plus a JSON manifest (runtime/aot.py loads them)."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from ..errors import NanommError
from ..runtime.aot import MANIFEST_FORMAT
from ..runtime.cpu import llvm_feature_string
from .build import REQUIRED_FEATURES, build_kernel, target_cpu, tuned_config
from .config import KernelConfig
from .parallel import partition
from .payload import DTYPES, MatmulSpec


def export(spec: MatmulSpec, out_dir: Path, target: str = "host", threads: int = 1,
           config: KernelConfig | None = None) -> Path:
    """Compiles `spec` for `target` (split over `threads`) into `out_dir`; returns the manifest path.

    Each distinct per-thread kernel is one object file (relocatable machine code that
    llvmlite's MCJIT links at load time); the manifest names the shape, data types, the
    CPU features the code needs, each object's SHA-256, and how the threads share C.
    config=None: the tuned config for `target` (as compile_matmul), else the heuristic's.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    cpu = target_cpu(target)
    chunks = partition(spec, threads)
    config = config or tuned_config(spec, len(chunks), cpu)
    objects: dict[str, dict] = {}
    for chunk in chunks:
        symbol = chunk.spec.symbol
        if symbol in objects:
            continue
        kernel = build_kernel(chunk.spec, cpu, config)
        data = kernel._function._owner.jit_object()
        (out_dir / f"{symbol}.o").write_bytes(data)
        objects[symbol] = {"file": f"{symbol}.o", "sha256": hashlib.sha256(data).hexdigest(),
                           "config": kernel.config.as_dict(), "M": chunk.spec.M, "N": chunk.spec.N}
    _, _, a_np, b_np, c_np = DTYPES[spec.dtype]
    item_a, item_c = (4, 4) if spec.dtype == "f32" else (None, None)
    name = f"{spec.symbol}_x{len(chunks)}" if len(chunks) > 1 else spec.symbol
    manifest = {
        "format": MANIFEST_FORMAT, "name": name, "target": cpu.name,
        "features": llvm_feature_string(cpu.features), "required_features": sorted(set(REQUIRED_FEATURES[spec.dtype]) | set(cpu.features)),
        "M": spec.M, "N": spec.N, "K": spec.K, "dtype": spec.dtype, "a_dtype": a_np, "b_dtype": b_np,
        "c_dtype": c_np, "accumulate": spec.accumulate, "threads": len(chunks), "objects": objects,
        "parts": [{"symbol": c.spec.symbol, "a_offset": c.m0 * spec.K * item_a, "b_offset": c.n0 * item_a,
                   "c_offset": (c.m0 * spec.N + c.n0) * item_c} for c in chunks],
    }
    path = out_dir / f"{name}.json"
    path.write_text(json.dumps(manifest, indent=1))
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m nanomm.compiler.aot",
                                description="Compile matmul kernels ahead of time for a named CPU.")
    p.add_argument("shapes", nargs="+", help="MxNxK, or one number for a cube")
    p.add_argument("--target", default="host", help="host or a named CPU (znver4, sapphirerapids, emeraldrapids, ...)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    try:
        for text in args.shapes:
            dims = [int(x) for x in text.lower().split("x")]
            M, N, K = dims * 3 if len(dims) == 1 else dims
            print(export(MatmulSpec(M, N, K), args.out, args.target, args.threads))
    except (NanommError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

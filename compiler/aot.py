"""Ahead-of-time compilation: kernels for a named CPU as object files plus a JSON manifest (runtime/aot.py loads them)."""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path

from ..errors import NanommError
from ..runtime.aot import MANIFEST_FORMAT
from ..runtime.dtypes import DTYPES, parse_bool
from .build import build_kernel, required_features, target_cpu
from .config import KernelConfig, default_config
from .parallel import build_plan, effective_threads, split
from .payload import MatmulSpec


def export(spec: MatmulSpec, out_dir: Path, target: str = "host", threads: int = 1,
           config: KernelConfig | None = None, overrides: dict | None = None,
           shared_b: bool | None = None, parts_per_thread: int | None = None) -> Path:
    """Compiles `spec` for `target` (split over `threads`) into `out_dir`; returns the manifest path.

    Each distinct per-thread kernel is one object file (relocatable machine code that
    llvmlite's MCJIT links at load time); the manifest names the shape, data types, the
    CPU features the code needs, each object's SHA-256, and how the threads share C (and,
    where they share one packed B, which pack functions pack it: see compiler/parallel.py).
    config=None: the tuned config for `target` (as compile_matmul), else the heuristic's;
    `overrides` (field -> value) then replace fields of each per-thread kernel's config;
    `shared_b` True / False forces B shared or not (None: compiler.parallel.split decides);
    `parts_per_thread` > 1 cuts C into more blocks than threads (claimed as threads finish;
    None: as compiler.parallel.split decides).
    bf16 / int8 kernels for a target with AMX are AMX kernels (the heuristic's choice), and
    their manifest requires amx-tile: the loader asks Linux for AMX permission.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    cpu = target_cpu(target)
    chunks, config = split(spec, threads, cpu, config, shared_b=shared_b, parts_per_thread=parts_per_thread,
                           columns=False)
    used = effective_threads(threads, chunks)
    objects: dict[str, dict] = {}

    def build(part: MatmulSpec):
        """One object file per kernel (build_plan builds each distinct spec once)."""
        cfg = config
        if overrides:
            base = config or default_config(part.M, part.N, part.K, cpu, prepacked_b=part.prepacked_b,
                                            dtype=spec.dtype)
            cfg = dataclasses.replace(base, **overrides)
        kernel = build_kernel(part, cpu, cfg)
        data = kernel._function._owner.jit_object()
        (out_dir / f"{part.symbol}.o").write_bytes(data)
        objects[part.symbol] = {"file": f"{part.symbol}.o", "sha256": hashlib.sha256(data).hexdigest(),
                                "config": kernel.config.as_dict(), "M": part.M, "N": part.N}
        return kernel

    if spec.prepacked_b and len(chunks) > 1:
        raise NanommError("an AOT kernel with B pre-packed runs on one thread (pass threads=1)")
    kernels, layout = build_plan(spec, chunks, build)
    d = DTYPES[spec.dtype]
    a_np, b_np, c_np = d.numpy_a, d.numpy_b, d.numpy_c
    name = spec.symbol
    if len(chunks) > 1:  # _x<threads>, and p<blocks> when there are more blocks than threads
        name += f"_x{used}" + (f"p{len(chunks)}" if len(chunks) > used else "")
    manifest = {
        "format": MANIFEST_FORMAT, "name": name, "target": cpu.name,
        "features": cpu.feature_string(), "required_features": sorted(set(required_features(spec.dtype, cpu)) | set(cpu.features)),
        "M": spec.M, "N": spec.N, "K": spec.K, "dtype": spec.dtype, "a_dtype": a_np, "b_dtype": b_np,
        "c_dtype": c_np, "accumulate": spec.accumulate, "threads": used, "objects": objects,
        "parts": [{"symbol": c.spec.symbol, "a_offset": a, "b_offset": b, "c_offset": c_off}
                  for c, (a, b, c_off) in zip(chunks, layout.parts)],
    }
    if spec.prepacked_b:  # f(a, packed, c), B packed once by the object's own pack function
        cfg = kernels[chunks[0].spec].config
        manifest["packed_b"] = {"symbol": chunks[0].spec.symbol + "_pack_b",
                                "shape": list(cfg.packed_b_shape(spec.K, spec.N, spec.dtype))}
    if layout.pack_parts:
        manifest["shared_b"] = {"nbytes": layout.packed_bytes, "parts": [
            {"object": block.symbol, "symbol": block.symbol + "_pack_b", "b_offset": b, "packed_offset": packed}
            for block, (b, packed, _) in layout.pack_parts]}
    path = out_dir / f"{name}.json"
    path.write_text(json.dumps(manifest, indent=1))
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m nanomm.compiler.aot",
                                description="Compile matmul kernels ahead of time for a named CPU.")
    p.add_argument("shapes", nargs="+", help="MxNxK, or one number for a cube")
    p.add_argument("--target", default="host", help="host or a named CPU (znver4, sapphirerapids, emeraldrapids, ...)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--dtype", default="f32", help="f32, bf16, u8s8 or s8s8")
    p.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                   help="override a KernelConfig field of every kernel (e.g. kc=256, order=nm, isa=avx512)")
    p.add_argument("--shared-b", choices=("auto", "on", "off"), default="auto",
                   help="threads share one packed B (on), pack their own (off), or as compile_matmul decides")
    p.add_argument("--parts-per-thread", type=int, default=None,
                   help="blocks of C per thread (more than one: threads claim them as they finish one; "
                        "default: as compile_matmul decides)")
    p.add_argument("--prepacked", action="store_true",
                   help="B passed pre-packed: the manifest names the object's pack function (one thread only)")
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    try:
        overrides = dict(_field(text) for text in args.set)
        for text in args.shapes:
            dims = [int(x) for x in text.lower().split("x")]
            M, N, K = dims * 3 if len(dims) == 1 else dims
            shared = {"auto": None, "on": True, "off": False}[args.shared_b]
            spec = MatmulSpec(M, N, K, dtype=args.dtype, prepacked_b=args.prepacked)
            print(export(spec, args.out, args.target, args.threads, overrides=overrides, shared_b=shared,
                         parts_per_thread=args.parts_per_thread))
    except (NanommError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _field(text: str) -> tuple[str, object]:
    """'kc=256' -> ('kc', 256) with the KernelConfig field's type."""
    key, sep, value = text.partition("=")
    types = {f.name: f.type for f in dataclasses.fields(KernelConfig)}
    if not sep or key not in types:
        raise ValueError(f"--set takes FIELD=VALUE with a KernelConfig field ({', '.join(types)}), got {text!r}")
    kind = types[key] if isinstance(types[key], str) else types[key].__name__
    try:
        if kind == "bool":
            return key, parse_bool(value)
        return key, int(value) if kind == "int" else value
    except ValueError as exc:
        raise ValueError(f"--set {text}: {exc}") from None


if __name__ == "__main__":
    sys.exit(main())

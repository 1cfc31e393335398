"""Loads kernels compiled ahead of time (compiler/aot.py): verified object files, called through ctypes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from nanomm.errors import JitError
from nanomm.runtime.jit import JitModule
from nanomm.runtime.kernel import CheckedCall, CompiledFunction, KernelABI
from nanomm.runtime.threads import ParallelFunction, Part, SharedB, part_function

MANIFEST_FORMAT = 2  # 2: "shared_b" (B packed once per call for all parts); 1 had none


def load(manifest_path: Path | str) -> CheckedCall:
    """The kernel a manifest describes: `f(a, b, out)` with the usual argument checks.

    Every object file is checked against its SHA-256 before LLVM sees it. A kernel whose
    required CPU features this host lacks loads, but refuses to run (CpuFeatureError).
    """
    path = Path(manifest_path)
    try:
        m = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise JitError(f"{path}: not a readable nanomm manifest ({exc})") from None
    if m.get("format") not in (1, MANIFEST_FORMAT):
        raise JitError(f"{path}: manifest format {m.get('format')!r}, this nanomm reads 1 to {MANIFEST_FORMAT}")
    jits: dict[str, JitModule] = {}
    for symbol, entry in m["objects"].items():
        data = (path.parent / entry["file"]).read_bytes()
        if hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise JitError(f"{path.parent / entry['file']}: SHA-256 mismatch, the object is damaged or foreign")
        jits[symbol] = JitModule.from_object(data, m["target"], m["features"])
    abi = KernelABI(symbol=m["name"], M=m["M"], N=m["N"], K=m["K"], a_dtype=m["a_dtype"], b_dtype=m["b_dtype"],
                    c_dtype=m["c_dtype"], accumulate=m["accumulate"],
                    required_features=tuple(m["required_features"]))
    parts = m["parts"]
    if len(parts) == 1:
        symbol = parts[0]["symbol"]
        return CompiledFunction(jits[symbol].address(symbol), abi, owner=jits[symbol])
    calls = [Part(CompiledFunction(jits[p["symbol"]].address(p["symbol"]),
                                   _part_abi(m, p["symbol"]), owner=jits[p["symbol"]])._cfunc,
                  p["a_offset"], p["b_offset"], p["c_offset"]) for p in parts]
    shared = None
    if "shared_b" in m:
        packs = [Part(part_function(jits[p["object"]].address(p["symbol"])), p["b_offset"], p["packed_offset"], 0)
                 for p in m["shared_b"]["parts"]]
        shared = SharedB(packs, m["shared_b"]["nbytes"])
    return ParallelFunction(abi, calls, owner=list(jits.values()), shared_b=shared, threads=m.get("threads"))


def _part_abi(m: dict, symbol: str) -> KernelABI:
    o = m["objects"][symbol]
    return KernelABI(symbol=symbol, M=o["M"], N=o["N"], K=m["K"], a_dtype=m["a_dtype"], b_dtype=m["b_dtype"],
                     c_dtype=m["c_dtype"], accumulate=m["accumulate"],
                     required_features=tuple(m["required_features"]))

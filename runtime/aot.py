"""Loads kernels compiled ahead of time (compiler/aot.py): verified object files, called through ctypes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from nanomm.errors import JitError
from nanomm.runtime.jit import JitModule
from nanomm.runtime.kernel import CheckedCall, CompiledFunction, KernelABI, PackFunction
from nanomm.runtime.threads import ParallelFunction, Part, SharedB, part_function

MANIFEST_FORMAT = 2  # 2: "shared_b" (B packed once per call for all parts); 1 had none


def load(manifest_path: Path | str) -> CheckedCall:
    """The kernel a manifest describes: `f(a, b, out)` with the usual argument checks (a manifest
    with "packed_b": `f(a, f.pack_b(b), out)`, B packed once into the kernel's layout).

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
    packed = m.get("packed_b")
    abi = KernelABI(symbol=m["name"], M=m["M"], N=m["N"], K=m["K"], a_dtype=m["a_dtype"], b_dtype=m["b_dtype"],
                    c_dtype=m["c_dtype"], accumulate=m["accumulate"],
                    required_features=tuple(m["required_features"]), b_shape=tuple(packed["shape"]) if packed else ())
    parts = m["parts"]
    if len(parts) == 1:
        symbol = parts[0]["symbol"]
        function = CompiledFunction(jits[symbol].address(symbol), abi, owner=jits[symbol])
        if packed:  # B pre-packed: function.pack_b(b) makes the array the kernel takes for b
            function.pack_b = PackFunction(jits[symbol].address(packed["symbol"]), packed["symbol"], m["K"], m["N"],
                                           packed["shape"], m["b_dtype"], owner=jits[symbol],
                                           required_features=abi.required_features)
        return function
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

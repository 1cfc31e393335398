"""What this CPU's instructions deliver, measured: the per-core throughput of the FMA, dot-product
and AMX tile instructions nanomm's kernels are made of, from JIT loops (no MLIR).

Each compute loop runs, every iteration, one instruction on each of `chains` independent zmm
accumulators, enough to cover latency x ports, so it is bound by the instruction's throughput:

    f32   llvm.fma.v16f32                          vfmadd...ps   16 lanes x 2 flops      = 32 flop
    bf16  llvm.x86.avx512bf16.dpbf16ps.512         vdpbf16ps     16 lanes x 2 pairs x 2  = 64 flop
    int8  llvm.x86.avx512.vpdpbusd.512             vpdpbusd      16 lanes x 4 pairs x 2  = 128 op

On a CPU with AMX, two more loops run four independent tile products an iteration, the 2x2 C
tiles of a microkernel (C0 += A0 B0, C1 += A0 B1, C2 += A1 B0, C3 += A1 B1, tiles of 16 x 64 B):

    amx-bf16  llvm.x86.tdpbf16ps   tdpbf16ps   16 x 16 x 32 x 2 = 16384 flop
    amx-int8  llvm.x86.tdpbusd     tdpbusd     16 x 16 x 64 x 2 = 32768 op

`host_rates()` measures every loop the CPU has once (about a second in all) and caches the figures
beside the kernel cache (`$NANOMM_CACHE_DIR/probe/<key>.json`, keyed by what the code is built for:
the CPU name, its features and caches), so the default configs and the tuner's model read this
machine's rates instead of a table of known CPUs. bench/peak.py runs the same loops for reports.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import hashlib
import json
import os
import re
import threading
import time
from pathlib import Path

import numpy as np

from nanomm.runtime.cpu import CpuInfo, native_cpu
from nanomm.runtime.jit import JitModule

SYMBOL = "nanomm_peak_loop"
FORMAT = 1


class Kind:
    def __init__(self, name, acc, operand, intrinsic, ops, asm, feature, x, y, unit, reduce):
        self.name, self.acc, self.operand, self.intrinsic = name, acc, operand, intrinsic
        self.ops, self.asm, self.feature, self.x, self.y, self.unit = ops, re.compile(asm), feature, x, y, unit
        self.reduce = reduce  # "fadd" or "add"
        self.lanes = int(acc.split()[0][1:])  # "<16 x float>" -> 16


def _bf16_bits(value: float, n: int) -> np.ndarray:
    bits = np.array([value], np.float32).view(np.uint32) >> 16
    return np.full(n, bits[0], np.uint16)


# Operand values keep the accumulators finite and normal: f32 converges to 1, bf16 grows slowly,
# int8 adds 4 per instruction (wrapping after ~2^29 iterations is harmless).
KINDS = {
    "f32": Kind("f32", "<16 x float>", "<16 x float>", "llvm.fma.v16f32", 32, r"vfmadd\d{3}ps\b[^\n]*zmm",
                "avx512f", np.full(16, 0.9999999, np.float32), np.full(16, 1e-7, np.float32), "GFLOP/s", "fadd"),
    "bf16": Kind("bf16", "<16 x float>", "<32 x bfloat>", "llvm.x86.avx512bf16.dpbf16ps.512", 64,
                 r"vdpbf16ps\b[^\n]*zmm", "avx512bf16", _bf16_bits(0.01, 32), _bf16_bits(0.0001, 32),
                 "GFLOP/s", "fadd"),
    "int8": Kind("int8", "<16 x i32>", "<64 x i8>", "llvm.x86.avx512.vpdpbusd.512", 128, r"vpdpbusd\b[^\n]*zmm",
                 "avx512vnni", np.ones(64, np.uint8), np.ones(64, np.int8), "GOP/s", "add"),
    # The AVX2 float32 peak (ymm FMAs; at most 14 chains fit the 16 ymm registers beside x and y):
    # `python bench/peak.py --kinds f32-avx2 --chains 12`. Not measured by default.
    "f32-avx2": Kind("f32-avx2", "<8 x float>", "<8 x float>", "llvm.fma.v8f32", 16, r"vfmadd\d{3}ps\b[^\n]*ymm",
                     "fma", np.full(16, 0.9999999, np.float32), np.full(16, 1e-7, np.float32), "GFLOP/s", "fadd"),
}

AMX_KINDS = {  # kind: (intrinsic, ops per tile product, assembly, CPU feature, unit)
    "amx-bf16": ("llvm.x86.tdpbf16ps", 16 * 16 * 32 * 2, r"tdpbf16ps\b", "amx-bf16", "GFLOP/s"),
    "amx-int8": ("llvm.x86.tdpbusd", 16 * 16 * 64 * 2, r"tdpbusd\b", "amx-int8", "GOP/s"),
}
AMX_PRODUCTS = 4  # tile products per iteration (2x2 C tiles)


def loop_ir(kind: str = "f32", chains: int = 16) -> str:
    """LLVM IR of `void SYMBOL(i64 n, ptr ops)`: x = ops[0:64], y = ops[64:128] (bytes); n >= 1
    iterations, each one instruction of `kind` on each of `chains` accumulators; the sum of the
    accumulators is stored at ops[128:192], so the work is live."""
    if chains < 1:
        raise ValueError(f"chains must be >= 1, got {chains}")
    k = KINDS[kind]
    acc, op = k.acc, k.operand
    decl = f"declare {acc} @{k.intrinsic}({acc}, {op}, {op})"
    elem = "float" if k.reduce == "fadd" else "i32"
    lines = [decl, "", f"define void @{SYMBOL}(i64 %n, ptr %ops) {{", "entry:",
             f"  %x = load {op}, ptr %ops, align 64",
             "  %yp = getelementptr i8, ptr %ops, i64 64",
             f"  %y = load {op}, ptr %yp, align 64",
             "  br label %loop", "loop:", "  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]"]
    for c in range(chains):
        # Distinct start values keep the chains from being merged into one.
        init = f"{1.0 + c / 64:.6e}" if elem == "float" else str(c)
        start = f"<{', '.join([f'{elem} {init}'] * k.lanes)}>" if c or elem == "float" else "zeroinitializer"
        lines.append(f"  %a{c} = phi {acc} [ {start}, %entry ], [ %a{c}.next, %loop ]")
    for c in range(chains):
        lines.append(f"  %a{c}.next = call {acc} @{k.intrinsic}({acc} %a{c}, {op} %x, {op} %y)")
    lines += ["  %i.next = add i64 %i, 1", "  %more = icmp ult i64 %i.next, %n",
              "  br i1 %more, label %loop, label %exit", "exit:"]
    prev = "%a0.next"
    for c in range(1, chains):
        lines.append(f"  %s{c} = {k.reduce} {acc} {prev}, %a{c}.next")
        prev = f"%s{c}"
    lines += ["  %outp = getelementptr i8, ptr %ops, i64 128", f"  store {acc} {prev}, ptr %outp, align 64",
              "  ret void", "}"]
    return "\n".join(lines) + "\n"


def amx_loop_ir(kind: str) -> str:
    """LLVM IR of `void SYMBOL(i64 n, ptr ops)` for an AMX kind: ops[0:64] is the tile configuration,
    ops[64:1088] and ops[1088:2112] the A and B tiles' data (every tile 16 rows x 64 bytes), C tile 0
    is stored at ops[2112:3136] so the work is live. n >= 1 iterations of AMX_PRODUCTS products."""
    intrinsic = AMX_KINDS[kind][0]
    lines = ["declare void @llvm.x86.ldtilecfg(ptr)", "declare void @llvm.x86.tilerelease()",
             "declare void @llvm.x86.tilezero(i8 immarg)", "declare void @llvm.x86.tileloadd64(i8 immarg, ptr, i64)",
             "declare void @llvm.x86.tilestored64(i8 immarg, ptr, i64)",
             f"declare void @{intrinsic}(i8 immarg, i8 immarg, i8 immarg)", "",
             f"define void @{SYMBOL}(i64 %n, ptr %ops) {{", "entry:", "  call void @llvm.x86.ldtilecfg(ptr %ops)"]
    lines += [f"  call void @llvm.x86.tilezero(i8 {t})" for t in range(4)]
    lines += ["  %ap = getelementptr i8, ptr %ops, i64 64", "  %bp = getelementptr i8, ptr %ops, i64 1088",
              "  call void @llvm.x86.tileloadd64(i8 4, ptr %ap, i64 64)",
              "  call void @llvm.x86.tileloadd64(i8 5, ptr %ap, i64 64)",
              "  call void @llvm.x86.tileloadd64(i8 6, ptr %bp, i64 64)",
              "  call void @llvm.x86.tileloadd64(i8 7, ptr %bp, i64 64)",
              "  br label %loop", "loop:", "  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]"]
    for c, (a, b) in enumerate([(4, 6), (4, 7), (5, 6), (5, 7)]):
        lines.append(f"  call void @{intrinsic}(i8 {c}, i8 {a}, i8 {b})")
    lines += ["  %i.next = add i64 %i, 1", "  %more = icmp ult i64 %i.next, %n",
              "  br i1 %more, label %loop, label %exit", "exit:",
              "  %cp = getelementptr i8, ptr %ops, i64 2112", "  call void @llvm.x86.tilestored64(i8 0, ptr %cp, i64 64)",
              "  call void @llvm.x86.tilerelease()", "  ret void", "}"]
    return "\n".join(lines) + "\n"


def _amx_tile_config() -> np.ndarray:
    """The 64-byte tile configuration: palette 1, tiles 0-7 of 16 rows x 64 bytes."""
    cfg = np.zeros(64, np.uint8)
    cfg[0] = 1
    cfg[16:32] = np.frombuffer(np.full(8, 64, np.uint16).tobytes(), np.uint8)
    cfg[48:56] = 16
    return cfg


def unit_of(kind: str) -> str:
    return AMX_KINDS[kind][4] if kind in AMX_KINDS else KINDS[kind].unit


def feature_of(kind: str) -> str:
    return AMX_KINDS[kind][3] if kind in AMX_KINDS else KINDS[kind].feature


def aligned_bytes(nbytes: int) -> np.ndarray:
    raw = np.zeros(nbytes + 64, np.uint8)
    off = (-raw.ctypes.data) % 64
    return raw[off:off + nbytes]


class PeakLoop:
    """The compiled loop of one kind: `run(n)` returns its wall time in seconds."""

    def __init__(self, kind: str = "f32", chains: int = 16, cpu: CpuInfo | None = None):
        if kind not in KINDS and kind not in AMX_KINDS:
            raise ValueError(f"unknown kind {kind!r}; known: {', '.join([*KINDS, *AMX_KINDS])}")
        amx = kind in AMX_KINDS
        self.kind, self.chains = kind, AMX_PRODUCTS if amx else chains
        asm_pattern = re.compile(AMX_KINDS[kind][2]) if amx else KINDS[kind].asm
        cpu = cpu or native_cpu()
        self.cpu = cpu
        if feature_of(kind) not in cpu.features:
            raise RuntimeError(f"this CPU ({cpu.name}) lacks {feature_of(kind)}: no {kind} peak loop")
        ir = amx_loop_ir(kind) if amx else loop_ir(kind, chains)
        self.module = JitModule(ir, cpu.name, cpu.feature_string(), opt_level=3)
        asm = self.module.asm()
        if not asm_pattern.search(asm):
            raise RuntimeError(f"the {kind} loop did not compile to {asm_pattern.pattern} for cpu={cpu.name!r}; "
                               f"assembly:\n{asm}")
        self.asm = asm
        if amx:
            from nanomm.runtime.amx import request_amx_permission

            request_amx_permission()
            self._ops = aligned_bytes(3136)
            self._ops[:64] = _amx_tile_config()
            # operands 0.01 (bf16) or 1 (int8): the sums stay finite (int8 wraps harmlessly)
            ones = _bf16_bits(0.01, 1024).view(np.uint8) if kind == "amx-bf16" else np.ones(2048, np.uint8)
            self._ops[64:2112] = ones
        else:
            k = KINDS[kind]
            self._ops = aligned_bytes(192)
            self._ops[:64] = k.x.view(np.uint8)
            self._ops[64:128] = k.y.view(np.uint8)
        self._fn = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_void_p)(self.module.address(SYMBOL))

    @property
    def ops_per_iter(self) -> int:
        if self.kind in AMX_KINDS:
            return AMX_PRODUCTS * AMX_KINDS[self.kind][1]
        return self.chains * KINDS[self.kind].ops

    def run(self, n: int) -> float:
        return self.run_on_cpu(n)[0]

    def run_on_cpu(self, n: int) -> tuple[float, float]:
        """(wall seconds, seconds this thread had the CPU) of n iterations."""
        ops = self._ops.ctypes.data  # each thread writes the same result: harmless
        c0, t0 = time.thread_time(), time.perf_counter()
        self._fn(max(1, int(n)), ops)
        return time.perf_counter() - t0, time.thread_time() - c0


def best_rate(loop: PeakLoop, seconds: float) -> tuple[float, dict]:
    """(GFLOP/s or GOP/s, details): the best of runs of ~seconds/8 each for about `seconds` in all.

    Each run counts the time its thread had the CPU (at most its wall time): where other processes
    keep every core busy the loop is off its core part of the time, and by wall time alone the
    probe read about half the core's rate (two `yes > /dev/null` beside `probe.measure()` on the
    2-core Zen 4 VM), a figure the cache would then keep. `cpu_share` in the details: the median
    fraction of wall time the runs had the CPU (near 1 on a quiet machine)."""
    n, t = 1000, loop.run(1000)
    while t < seconds / 16:
        n *= 4
        t = loop.run(n)
    n = max(1, int(n * seconds / 8 / max(t, 1e-9)))
    runs, start = [], time.perf_counter()
    while len(runs) < 3 or time.perf_counter() - start < seconds:
        runs.append(loop.run_on_cpu(n))
    times = [min(wall, cpu) if cpu > 0 else wall for wall, cpu in runs]
    best = min(times)
    share = float(np.median([min(cpu / wall, 1.0) if wall > 0 else 1.0 for wall, cpu in runs]))
    return n * loop.ops_per_iter / best / 1e9, {"iterations": n, "run_seconds": times, "best_seconds": best,
                                               "cpu_share": share}


MEASURED = ("f32", "bf16", "int8", *AMX_KINDS)  # what measure() and the host probe measure by default


def measure(kinds=MEASURED, seconds: float = 0.15, cpu: CpuInfo | None = None,
            shares: dict | None = None) -> dict[str, float]:
    """{kind: GFLOP/s or GOP/s of one core} for the kinds this CPU has, measured now on the calling thread
    (`shares`, when given, gets each kind's cpu_share: best_rate)."""
    cpu = cpu or native_cpu()
    rates = {}
    for k in kinds:
        if feature_of(k) in cpu.features:
            rates[k], details = best_rate(PeakLoop(k, cpu=cpu), seconds)
            if shares is not None:
                shares[k] = round(details["cpu_share"], 3)
    return rates


def _path(cpu: CpuInfo) -> Path:
    from nanomm.runtime import settings

    what = json.dumps([FORMAT, cpu.name, sorted(cpu.features), cpu.l1d, cpu.l2, cpu.l3])
    return settings.cache_dir() / "probe" / f"{hashlib.sha256(what.encode()).hexdigest()[:16]}.json"


_lock = threading.Lock()


@functools.cache
def host_rates() -> dict[str, float]:
    """This machine's measured rates (measure()), from the cache beside the kernel cache or measured
    once and stored there; {} where it cannot be measured (no AVX-512, NANOMM_PROBE=0)."""
    cpu = native_cpu()
    from nanomm.runtime import settings

    if not settings.probe_enabled() or "avx512f" not in cpu.features:
        return {}
    path = _path(cpu)
    with _lock:
        try:
            found = json.loads(path.read_text())
            if found.get("format") == FORMAT and isinstance(found.get("rates"), dict):
                return {k: float(v) for k, v in found["rates"].items()}
        except (OSError, ValueError):
            pass
        shares: dict[str, float] = {}
        try:
            rates = measure(cpu=cpu, shares=shares)
        except Exception:  # noqa: BLE001 - a machine that cannot run the loops keeps the table's rules
            return {}
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps({"format": FORMAT, "cpu": cpu.describe(), "rates": rates, "cpu_share": shares,
                                       "measured": time.strftime("%Y-%m-%dT%H:%M:%S")}, indent=1))
            os.replace(tmp, path)
        except OSError:  # a read-only or full cache: measured again by the next process
            with contextlib.suppress(OSError):
                tmp.unlink()
        return rates


def rates_for(cpu: CpuInfo) -> dict[str, float]:
    """The measured rates of `cpu` where it is this machine (what host_rates measured), else {}:
    a named target's code is decided by the known-CPU rules, not by where it was compiled."""
    native = native_cpu()
    if cpu.name != native.name or cpu.features != native.features:
        return {}
    return host_rates()

"""What the CPU can do: host detection and the table of ahead-of-time target CPUs."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import llvmlite.binding as llvm

from nanomm.errors import TargetError

_KIB = 1024
_MIB = 1024 * 1024
_DEFAULT_L1D, _DEFAULT_L2, _DEFAULT_L3 = 32 * _KIB, 1 * _MIB, 32 * _MIB
_CACHE_ROOT = Path("/sys/devices/system/cpu/cpu0/cache")


@dataclass(frozen=True)
class CpuInfo:
    """A CPU as the compiler sees it: LLVM name, LLVM features, cache sizes in bytes, cores."""

    name: str
    features: frozenset[str]
    model_name: str = ""
    l1d: int = _DEFAULT_L1D
    l2: int = _DEFAULT_L2
    l3: int = _DEFAULT_L3
    cores: int = 1

    def has(self, *features: str) -> bool:
        """True when every named LLVM feature is enabled on this CPU."""
        return all(f in self.features for f in features)


def _parse_size(text: str) -> int:
    """'32K' / '1024K' / '32M' / '512' -> bytes."""
    text = text.strip().upper()
    scale = {"K": _KIB, "M": _MIB, "G": 1024 * _MIB}.get(text[-1:], 1)
    digits = text[:-1] if scale != 1 else text
    return int(digits) * scale


def _read_caches(root: Path = _CACHE_ROOT) -> tuple[int, int, int]:
    """(l1d, l2, l3) bytes of cpu0 from sysfs; a default for each level that is unreadable."""
    found: dict[int, int] = {}
    for index in sorted(root.glob("index*")):
        try:
            kind = (index / "type").read_text().strip()
            level = int((index / "level").read_text())
            size = _parse_size((index / "size").read_text())
        except (OSError, ValueError):
            continue
        if kind in ("Data", "Unified") and size > 0:
            found.setdefault(level, size)
    return (found.get(1, _DEFAULT_L1D), found.get(2, _DEFAULT_L2), found.get(3, _DEFAULT_L3))


def _read_model_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, sep, value = line.partition(":")
                if sep and key.strip() == "model name":
                    return value.strip()
    except OSError:
        pass
    return ""


def _host_features() -> frozenset[str]:
    try:
        feature_map = llvm.get_host_cpu_features()
    except RuntimeError:  # LLVM cannot query this host
        return frozenset()
    return frozenset(name for name, enabled in feature_map.items() if enabled)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@functools.cache
def host_cpu() -> CpuInfo:
    """The CPU this process runs on (features reflect cpuid and what the OS enables)."""
    l1d, l2, l3 = _read_caches()
    return CpuInfo(
        name=llvm.get_host_cpu_name(),
        features=_host_features(),
        model_name=_read_model_name(),
        l1d=l1d,
        l2=l2,
        l3=l3,
        cores=_cores(),
    )


def missing_features(required: Iterable[str], cpu: CpuInfo | None = None) -> list[str]:
    """The required LLVM features that `cpu` (default: the host) lacks, in the given order."""
    have = (cpu or host_cpu()).features
    return [f for f in dict.fromkeys(required) if f not in have]


def llvm_feature_string(features: Iterable[str]) -> str:
    """LLVM's -mattr form: ('avx2', 'fma') -> '+avx2,+fma' (sorted, deduplicated)."""
    return ",".join(f"+{f}" for f in sorted(set(features)))


_AVX512_BASE = ("avx", "avx2", "fma", "f16c", "avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl")
_AMX = ("amx-tile", "amx-bf16", "amx-int8")


def _target(name: str, model: str, extra: tuple[str, ...], l1d: int, l2: int, l3: int, cores: int) -> CpuInfo:
    return CpuInfo(name, frozenset(_AVX512_BASE + extra), model, l1d, l2, l3, cores)


# Named CPUs the compiler can target ahead of time. Caches and cores are typical
# per-socket values of a common part of that generation (they only guide tiling).
TARGETS: dict[str, CpuInfo] = {
    "znver4": _target(
        "znver4", "AMD EPYC 9004 (Zen 4)",
        ("avx512bf16", "avx512vnni", "avx512ifma", "avx512vbmi", "avx512vbmi2",
         "avx512bitalg", "avx512vpopcntdq"),
        32 * _KIB, 1 * _MIB, 32 * _MIB, 96),
    "sapphirerapids": _target(
        "sapphirerapids", "Intel Xeon 4th gen (Sapphire Rapids)",
        ("avx512bf16", "avx512vnni", "avx512fp16", "avx512ifma", "avx512vbmi", "avx512vbmi2") + _AMX,
        48 * _KIB, 2 * _MIB, 105 * _MIB, 56),
    "emeraldrapids": _target(
        "emeraldrapids", "Intel Xeon 5th gen (Emerald Rapids)",
        ("avx512bf16", "avx512vnni", "avx512fp16", "avx512ifma", "avx512vbmi", "avx512vbmi2") + _AMX,
        48 * _KIB, 2 * _MIB, 320 * _MIB, 64),
    "skylake-avx512": _target(
        "skylake-avx512", "Intel Xeon Scalable 1st gen (Skylake-SP)", (),
        32 * _KIB, 1 * _MIB, 38 * _MIB + 512 * _KIB, 28),
    "x86-64-v4": _target(
        "x86-64-v4", "x86-64 microarchitecture level 4", (),
        _DEFAULT_L1D, _DEFAULT_L2, _DEFAULT_L3, 1),
}


def resolve_target(target: str) -> CpuInfo:
    """'host' -> host_cpu(); a TARGETS name -> its entry; anything else -> TargetError."""
    key = target.strip().lower()
    if key == "host":
        return host_cpu()
    try:
        return TARGETS[key]
    except KeyError:
        known = ", ".join(["host", *TARGETS])
        raise TargetError(f"unknown target CPU {target!r}; known targets: {known}") from None

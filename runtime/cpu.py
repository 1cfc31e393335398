"""What the CPU can do: host detection, the CPU's identity, and the table of ahead-of-time target CPUs.

Two views of the host:
- `native_cpu()`: the hardware this process runs on. Every check of whether code can run here
  (a kernel's required features, AMX permission, runtime helpers JIT-compiled for this process)
  reads it.
- `host_cpu()`: the CPU the compiler targets for target="host" (default configs, tuning records,
  `-mcpu`). It is `native_cpu()` unless `NANOMM_HOST_CPU` names a target of TARGETS, which lets
  one machine check the compile-time expectations of another kind (`NANOMM_HOST_CPU=sapphirerapids
  pytest` on Zen 4): kernels compiled so still refuse to run where the hardware lacks a feature.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, replace
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
    # What LLVM's host detection called this CPU, where `name` differs from it (identify_cpu).
    llvm_host_name: str = ""
    # LLVM features the host lacks (the host only): passed as -feature, so that a name chosen by
    # identify_cpu never enables an instruction the CPU does not have.
    absent: frozenset[str] = frozenset()

    def feature_string(self) -> str:
        """LLVM's -mattr for this CPU: every feature it has (+), and the ones it is known to lack (-)."""
        minus = ",".join(f"-{f}" for f in sorted(self.absent - self.features))
        return ",".join(filter(None, (llvm_feature_string(self.features), minus)))

    def describe(self) -> str:
        """For reports: 'AMD EPYC (znver5)', 'Intel Xeon (sapphirerapids; LLVM's host name: rocketlake)'."""
        why = f"; LLVM's host name: {self.llvm_host_name}" if self.llvm_host_name else ""
        return f"{self.model_name or self.name} ({self.name}{why})"

    def has(self, *features: str) -> bool:
        """True when every named LLVM feature is enabled on this CPU."""
        return all(f in self.features for f in features)

    @property
    def vector_bits(self) -> int:
        """The width of the vector registers float32 kernels use: 512 (AVX-512F), 256 (AVX2 + FMA) or 0."""
        if self.has("avx512f"):
            return 512
        return 256 if self.has("avx2", "fma") else 0

    @property
    def vector_registers(self) -> int:
        """How many of them there are: 32 zmm, 16 ymm."""
        return {512: 32, 256: 16}.get(self.vector_bits, 0)


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


def _read_cpuinfo(path: str = "/proc/cpuinfo") -> dict[str, str]:
    """The first processor's fields of /proc/cpuinfo ('model name', 'vendor_id', 'cpu family', 'model')."""
    fields: dict[str, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                key, sep, value = line.partition(":")
                if not sep:
                    if fields:
                        break  # the end of the first processor's block
                    continue
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    return fields


# CPUs LLVM knows with AMX; a host with AMX that LLVM names otherwise is misnamed (a hypervisor
# presenting another family / model: the Intel AMX VMs this project runs on say `rocketlake`).
_AMX_CPUS = frozenset({"sapphirerapids", "emeraldrapids", "graniterapids", "graniterapids-d", "diamondrapids"})
# (vendor, family, models) -> LLVM name, for cpuid values a hypervisor passes through.
_FAMILY_MODELS = (
    ("GenuineIntel", 6, (143,), "sapphirerapids"),
    ("GenuineIntel", 6, (207,), "emeraldrapids"),
    ("GenuineIntel", 6, (173, 174), "graniterapids"),
    ("AuthenticAMD", 25, tuple(range(0x10, 0x20)) + tuple(range(0x60, 0x80)) + tuple(range(0xA0, 0xB0)), "znver4"),
    ("AuthenticAMD", 26, tuple(range(0x100)), "znver5"),
)


def identify_cpu(llvm_name: str, features: frozenset[str], vendor: str = "", family: int | None = None,
                 model: int | None = None) -> str:
    """The LLVM CPU name (-mcpu) for a host: LLVM's own guess unless it contradicts the host.

    LLVM names the host from cpuid's family / model, which a hypervisor may fake. Where the
    family / model are those of a known CPU with AVX-512, that CPU; otherwise, where LLVM's name
    cannot be right for the features (AMX on a CPU LLVM knows without it; AVX-512 on an AMD CPU
    LLVM knows without it), the class the features say: AMX (with amx-fp16: Granite Rapids) ->
    Sapphire Rapids class, AMD with AVX-512 -> Zen 5 with vp2intersect, else Zen 4. The exact
    features are always passed to LLVM beside the name, so the name only picks the scheduling model.
    """
    for v, fam, models, name in _FAMILY_MODELS:
        if vendor == v and family == fam and model in models and "avx512f" in features:
            if name in _AMX_CPUS and "amx-tile" not in features:
                continue
            return name
    if "amx-tile" in features and llvm_name not in _AMX_CPUS:
        return "graniterapids" if "amx-fp16" in features else "sapphirerapids"
    if vendor == "AuthenticAMD" and "avx512f" in features and llvm_name not in ("znver4", "znver5"):
        return "znver5" if "avx512vp2intersect" in features else "znver4"
    return llvm_name


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _host_features() -> tuple[frozenset[str], frozenset[str]]:
    """(the features LLVM finds enabled on this host, the ones it finds absent)."""
    try:
        feature_map = llvm.get_host_cpu_features()
    except RuntimeError:  # LLVM cannot query this host
        return frozenset(), frozenset()
    return (frozenset(name for name, enabled in feature_map.items() if enabled),
            frozenset(name for name, enabled in feature_map.items() if not enabled))


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@functools.cache
def native_cpu() -> CpuInfo:
    """The CPU this process runs on (features reflect cpuid and what the OS enables)."""
    l1d, l2, l3 = _read_caches()
    info = _read_cpuinfo()
    features, absent = _host_features()
    llvm_name = llvm.get_host_cpu_name()
    name = identify_cpu(llvm_name, features, info.get("vendor_id", ""), _int(info.get("cpu family")),
                        _int(info.get("model")))
    return CpuInfo(
        name=name,
        features=features,
        model_name=info.get("model name", ""),
        l1d=l1d,
        l2=l2,
        l3=l3,
        cores=_cores(),
        llvm_host_name=llvm_name if llvm_name != name else "",
        absent=absent,
    )


HOST_CPU_ENV = "NANOMM_HOST_CPU"


@functools.cache
def host_cpu() -> CpuInfo:
    """The CPU target="host" compiles for: native_cpu(), or the TARGETS entry $NANOMM_HOST_CPU names
    (with this machine's core count), to check another kind of machine's compile-time choices here."""
    from nanomm.runtime import settings

    name = settings.host_cpu_override()
    if not name:
        return native_cpu()
    if name not in TARGETS:
        raise TargetError(f"{HOST_CPU_ENV}={name!r} is not a known target; known targets: {', '.join(TARGETS)}")
    return replace(TARGETS[name], cores=_cores())


def without_amx(cpu: CpuInfo) -> CpuInfo:
    """`cpu` with its AMX features taken away (the AVX-512 paths' view of an AMX CPU; tests pin it)."""
    return replace(cpu, features=cpu.features - set(AMX))


def missing_features(required: Iterable[str], cpu: CpuInfo | None = None) -> list[str]:
    """The required LLVM features that `cpu` (default: the hardware, native_cpu()) lacks, in the given order."""
    have = (cpu or native_cpu()).features
    return [f for f in dict.fromkeys(required) if f not in have]


def llvm_feature_string(features: Iterable[str]) -> str:
    """LLVM's -mattr form: ('avx2', 'fma') -> '+avx2,+fma' (sorted, deduplicated)."""
    return ",".join(f"+{f}" for f in sorted(set(features)))


_AVX2_BASE = ("avx", "avx2", "fma", "f16c", "bmi", "bmi2", "lzcnt", "movbe", "popcnt")
_AVX512_BASE = ("avx", "avx2", "fma", "f16c", "avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl")
AMX = ("amx-tile", "amx-bf16", "amx-int8")  # the LLVM features of AMX tiles and their products


def _target(name: str, model: str, extra: tuple[str, ...], l1d: int, l2: int, l3: int, cores: int,
            base: tuple[str, ...] = _AVX512_BASE) -> CpuInfo:
    return CpuInfo(name, frozenset(base + extra), model, l1d, l2, l3, cores)


# Named CPUs the compiler can target ahead of time. Caches and cores are typical
# per-socket values of a common part of that generation (they only guide tiling).
TARGETS: dict[str, CpuInfo] = {
    "znver4": _target(
        "znver4", "AMD EPYC 9004 (Zen 4)",
        ("avx512bf16", "avx512vnni", "avx512ifma", "avx512vbmi", "avx512vbmi2",
         "avx512bitalg", "avx512vpopcntdq"),
        32 * _KIB, 1 * _MIB, 32 * _MIB, 96),
    "znver5": _target(
        "znver5", "AMD EPYC 9005 (Zen 5)",
        ("avx512bf16", "avx512vnni", "avx512ifma", "avx512vbmi", "avx512vbmi2",
         "avx512bitalg", "avx512vpopcntdq", "avx512vp2intersect", "avxvnni"),
        48 * _KIB, 1 * _MIB, 32 * _MIB, 128),
    "sapphirerapids": _target(
        "sapphirerapids", "Intel Xeon 4th gen (Sapphire Rapids)",
        ("avx512bf16", "avx512vnni", "avx512fp16", "avx512ifma", "avx512vbmi", "avx512vbmi2") + AMX,
        48 * _KIB, 2 * _MIB, 105 * _MIB, 56),
    "emeraldrapids": _target(
        "emeraldrapids", "Intel Xeon 5th gen (Emerald Rapids)",
        ("avx512bf16", "avx512vnni", "avx512fp16", "avx512ifma", "avx512vbmi", "avx512vbmi2") + AMX,
        48 * _KIB, 2 * _MIB, 320 * _MIB, 64),
    "skylake-avx512": _target(
        "skylake-avx512", "Intel Xeon Scalable 1st gen (Skylake-SP)", (),
        32 * _KIB, 1 * _MIB, 38 * _MIB + 512 * _KIB, 28),
    "x86-64-v4": _target(
        "x86-64-v4", "x86-64 microarchitecture level 4", (),
        _DEFAULT_L1D, _DEFAULT_L2, _DEFAULT_L3, 1),
    # Without AVX-512: float32 kernels only, on 16 ymm registers.
    "znver3": _target(
        "znver3", "AMD EPYC 7003 (Zen 3)", ("vaes", "vpclmulqdq", "sha", "adx", "clzero"),
        32 * _KIB, 512 * _KIB, 32 * _MIB, 64, base=_AVX2_BASE),
    "x86-64-v3": _target(
        "x86-64-v3", "x86-64 microarchitecture level 3", (),
        _DEFAULT_L1D, 512 * _KIB, _DEFAULT_L3, 1, base=_AVX2_BASE),
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

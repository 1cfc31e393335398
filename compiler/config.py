"""Kernel configurations: the tunable parameters of one matmul kernel, checks, and the default heuristic."""

from __future__ import annotations

import dataclasses
import math

from ..errors import ConfigError
from ..runtime.cpu import CpuInfo

F32_LANES = 16  # float32 lanes in a 512-bit register
NUM_VREGS = 32  # zmm registers


@dataclasses.dataclass(frozen=True)
class KernelConfig:
    """Register tile (mr x nr), cache blocks (mc, nc, kc), K unroll and tile loop order."""

    mr: int = 6
    nr: int = 64
    mc: int = 96
    nc: int = 512
    kc: int = 256
    unroll_k: int = 1
    order: str = "mn"
    pack_b: bool = False

    def __post_init__(self):
        for key in ("mr", "nr", "mc", "nc", "kc", "unroll_k"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ConfigError(f"KernelConfig.{key} must be a positive int, got {value!r}")
        if not isinstance(self.pack_b, bool):
            raise ConfigError(f"KernelConfig.pack_b must be a bool, got {self.pack_b!r}")
        if self.order not in ("mn", "nm"):
            raise ConfigError(f"KernelConfig.order must be 'mn' or 'nm', got {self.order!r}")
        need = vector_registers(self.mr, self.nr)
        if need > NUM_VREGS:
            raise ConfigError(
                f"register tile {self.mr}x{self.nr} needs {need} vector registers "
                f"({self.mr}x{math.ceil(self.nr / F32_LANES)} accumulators + B vectors + 1 broadcast); "
                f"AVX-512 has {NUM_VREGS}")
        if self.pack_b and self.nc % self.nr:
            raise ConfigError(f"with pack_b, nc ({self.nc}) must be a multiple of nr ({self.nr})")
        if self.mc < self.mr or self.nc < self.nr:
            raise ConfigError(f"cache block {self.mc}x{self.nc} is smaller than the register tile {self.mr}x{self.nr}")

    def pipeline(self, prepacked_b: bool = False) -> str:
        """The pass pipeline (nanomm-opt syntax) that builds this kernel."""
        if prepacked_b and not self.pack_b:
            raise ConfigError("a kernel taking pre-packed B needs pack_b=True")
        cache_order = "nkm" if self.pack_b else "nmk"
        return ",".join([
            f"tile-cache{{mc={self.mc} nc={self.nc} kc={self.kc} order={cache_order}}}",
            f"tile-register{{mr={self.mr} nr={self.nr} order={self.order}}}",
            *([f"pack{{nr={self.nr} kc={self.kc} prepacked={int(prepacked_b)} vector-width={F32_LANES}}}"]
              if self.pack_b else []),
            f"compose-microkernel{{vector-width={F32_LANES} unroll-k={self.unroll_k}}}",
            f"lower-x86{{vector-bits=512 num-vregs={NUM_VREGS}}}",
            "lower-llvm{bare-ptr=1 x86vector=1 amx=0}",
        ])

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)

    def packed_b_shape(self, K: int, N: int) -> tuple[int, int, int, int]:
        """Shape of B in the pre-packed layout: [K blocks][NR panels][KC][NR]."""
        return (-(-K // self.kc), -(-N // self.nr), self.kc, self.nr)


def vector_registers(mr: int, nr: int) -> int:
    """zmm registers a register tile keeps live: accumulators, B vectors, one broadcast of A."""
    chunks = math.ceil(nr / F32_LANES)
    return mr * chunks + chunks + 1


def default_config(M: int, N: int, K: int, cpu: CpuInfo) -> KernelConfig:
    """A good configuration without tuning, from the shape and the CPU's caches.

    The register tile is 6x64 (24 accumulators), narrowed when N is small so that the
    vectors are not mostly masked lanes. kc keeps an A row panel (mr x kc) and a B row
    per k in L1; mc x kc of A fits in half of L2; nc x kc of B fits in L2 as well.
    """
    if N <= 16:
        mr, nr = 14, 16
    elif N <= 32:
        mr, nr = 14, 32
    elif N <= 48:
        mr, nr = 8, 48
    else:
        mr, nr = 6, 64
    kc = min(K, 256)
    mc = max(mr, min(_round_down(cpu.l2 // 2 // (kc * 4), mr), _round_up(M, mr), 192))
    nc = max(nr, min(_round_down(cpu.l2 // (kc * 4), nr), _round_up(N, nr), 1024))
    return KernelConfig(mr=mr, nr=nr, mc=mc, nc=nc, kc=kc, unroll_k=1, order="mn")


def _round_down(x: int, m: int) -> int:
    return max(m, x // m * m)


def _round_up(x: int, m: int) -> int:
    return -(-x // m) * m

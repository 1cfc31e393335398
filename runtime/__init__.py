"""Run compiled kernels: CPU detection, the LLVM JIT, the checked kernel callable, settings."""

from nanomm.runtime import settings
from nanomm.runtime.amx import request_amx_permission
from nanomm.runtime.cpu import TARGETS, CpuInfo, host_cpu, llvm_feature_string, missing_features, resolve_target
from nanomm.runtime.jit import JitModule
from nanomm.runtime.kernel import CompiledFunction, KernelABI, PackFunction, aligned_empty, compile_kernel

__all__ = [
    "TARGETS",
    "CompiledFunction",
    "CpuInfo",
    "JitModule",
    "KernelABI",
    "aligned_empty",
    "compile_kernel",
    "PackFunction",
    "host_cpu",
    "llvm_feature_string",
    "missing_features",
    "request_amx_permission",
    "resolve_target",
    "settings",
]

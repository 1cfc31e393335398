"""Run compiled kernels: CPU detection, the LLVM JIT, the checked kernel callable, the disk cache, settings."""

from nanomm.runtime import settings
from nanomm.runtime.amx import request_amx_permission
from nanomm.runtime.cpu import TARGETS, CpuInfo, host_cpu, llvm_feature_string, missing_features, native_cpu, resolve_target
from nanomm.runtime.diskcache import DiskCache, content_key, kernel_key, source_fingerprint
from nanomm.runtime.jit import JitModule
from nanomm.runtime.kernel import CompiledFunction, KernelABI, PackFunction, aligned_empty, compile_kernel

__all__ = [
    "TARGETS",
    "CompiledFunction",
    "CpuInfo",
    "DiskCache",
    "JitModule",
    "KernelABI",
    "aligned_empty",
    "compile_kernel",
    "content_key",
    "PackFunction",
    "host_cpu",
    "native_cpu",
    "kernel_key",
    "llvm_feature_string",
    "missing_features",
    "request_amx_permission",
    "resolve_target",
    "settings",
    "source_fingerprint",
]

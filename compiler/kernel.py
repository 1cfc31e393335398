"""The Kernel a user holds: a compiled matmul with its config, its IR at every stage and its assembly."""

from __future__ import annotations

import numpy as np

from ..errors import ConfigError
from ..runtime.kernel import CompiledFunction
from .config import KernelConfig
from .payload import MatmulSpec


class Kernel:
    """A JIT-compiled matmul: `kernel(a, b, out)` runs it (C = A @ B, or C += A @ B when accumulating)."""

    def __init__(self, spec: MatmulSpec, config: KernelConfig, target: str, function: CompiledFunction,
                 snapshots: dict[str, str], llvm_ir: str, compile_seconds: float):
        self.spec = spec
        self.config = config
        self.target = target
        self.compile_seconds = compile_seconds
        self._function = function
        self._snapshots = snapshots
        self._llvm_ir = llvm_ir

    def __call__(self, a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        return self._function(a, b, out)

    @property
    def stages(self) -> list[str]:
        """Names accepted by `ir()`: "input", then each pass of the pipeline in order."""
        return list(self._snapshots)

    def ir(self, stage: str = "input") -> str:
        """The MLIR after the pass named `stage` ("input" for the payload)."""
        if stage not in self._snapshots:
            raise ConfigError(f"no stage '{stage}'; stages: {', '.join(self._snapshots)}")
        return self._snapshots[stage]

    def llvm_ir(self, optimized: bool = False) -> str:
        """The LLVM IR handed to llvmlite (or, with optimized=True, after LLVM's O3)."""
        return self._function._owner.optimized_ir() if optimized else self._llvm_ir

    def asm(self) -> str:
        """The x86 assembly of the kernel."""
        return self._function._owner.asm()

    @property
    def pipeline(self) -> str:
        return self.config.pipeline()

    def __repr__(self) -> str:
        s = self.spec
        return f"<nanomm.Kernel {s.dtype} M={s.M} N={s.N} K={s.K} target={self.target} config={self.config}>"

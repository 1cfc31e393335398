"""Turn LLVM IR text into callable machine code in this process (llvmlite MCJIT)."""

from __future__ import annotations

import threading

import llvmlite.binding as llvm

from nanomm.errors import JitError
from nanomm.runtime import settings

# llvmlite uses one global LLVM context; every LLVM call in this module holds this lock.
_LLVM_LOCK = threading.RLock()
_initialized = False


def _ensure_llvm() -> None:
    """Register the native target, asm printer and asm parser once per process."""
    global _initialized
    with _LLVM_LOCK:
        if not _initialized:
            # llvmlite 0.50: llvm.initialize() is gone (it raises); only these are needed.
            llvm.initialize_native_target()
            llvm.initialize_native_asmprinter()
            llvm.initialize_native_asmparser()
            _initialized = True


def _safe_features(features: str) -> str:
    # An unrecognised CPU name makes LLVM abort the process on x86-64 unless 64-bit
    # mode is explicit; every x86-64 CPU has it, so always say so.
    if "x86_64" in llvm.get_process_triple() and "64bit" not in features:
        return f"{features},+64bit" if features else "+64bit"
    return features


class JitModule:
    """One LLVM module: verified, optimised for a CPU, compiled in memory by MCJIT."""

    def __init__(self, ir: str, cpu: str = "", features: str = "", opt_level: int | None = None) -> None:
        self._engine = None
        self._emit_tm: llvm.TargetMachine | None = None
        self._asm: str | None = None
        level = settings.opt_level() if opt_level is None else opt_level
        if not 0 <= level <= 3:
            raise JitError(f"opt_level must be 0-3, got {level}")
        _ensure_llvm()
        self.cpu, self.features, self.opt_level = cpu, _safe_features(features), level
        with _LLVM_LOCK:
            module = self._parse(ir)
            target = llvm.Target.from_default_triple()
            tm = target.create_target_machine(
                cpu=cpu, features=self.features, opt=level, reloc="default", codemodel="jitdefault", jit=True
            )
            module.triple = tm.triple
            module.data_layout = str(tm.target_data)
            pto = llvm.create_pipeline_tuning_options(speed_level=level)
            pb = llvm.create_pass_builder(tm, pto)
            pb.getModulePassManager().run(module, pb)  # the new pass manager's O<level> pipeline
            self._optimized_ir = str(module)
            try:
                self._engine = llvm.create_mcjit_compiler(module, tm)  # takes ownership of module + tm
                self._engine.finalize_object()
            except RuntimeError as exc:
                raise JitError(f"LLVM could not compile the module: {exc}") from exc

    @staticmethod
    def _parse(ir: str) -> llvm.ModuleRef:
        try:
            module = llvm.parse_assembly(ir)
        except RuntimeError as exc:
            raise JitError(f"LLVM rejected the IR: {exc}") from exc
        try:
            module.verify()
        except RuntimeError as exc:
            raise JitError(f"LLVM IR failed verification: {exc}") from exc
        return module

    @property
    def closed(self) -> bool:
        """True once close() has freed the machine code."""
        return self._engine is None

    def address(self, name: str) -> int:
        """Address of the compiled function `name`; JitError if there is none."""
        with _LLVM_LOCK:
            if self._engine is None:
                raise JitError(f"cannot look up {name!r}: this JitModule is closed")
            addr = self._engine.get_function_address(name)
        if not addr:
            raise JitError(f"no function named {name!r} in the compiled module")
        return addr

    def optimized_ir(self) -> str:
        """The LLVM IR after the optimisation pipeline, as text."""
        return self._optimized_ir

    def _emission_module(self) -> tuple[llvm.TargetMachine, llvm.ModuleRef]:
        # The JIT engine owns its module and target machine; emission works on a fresh
        # parse of the optimised IR with a static-code-model target machine.
        if self._emit_tm is None:
            self._emit_tm = llvm.Target.from_default_triple().create_target_machine(
                cpu=self.cpu, features=self.features, opt=self.opt_level, reloc="default", codemodel="default"
            )
        return self._emit_tm, llvm.parse_assembly(self._optimized_ir)

    def asm(self) -> str:
        """Assembly text of the optimised module for this module's CPU."""
        with _LLVM_LOCK:
            if self._asm is None:
                tm, module = self._emission_module()
                self._asm = tm.emit_assembly(module)
            return self._asm

    def emit_object(self) -> bytes:
        """An ELF (host format) object file of the optimised module."""
        with _LLVM_LOCK:
            tm, module = self._emission_module()
            return bytes(tm.emit_object(module))

    def close(self) -> None:
        """Free the machine code; addresses from this module must not be called afterwards."""
        with _LLVM_LOCK:
            engine, self._engine = self._engine, None
            if engine is not None:
                engine.close()
            if self._emit_tm is not None:
                self._emit_tm.close()
                self._emit_tm = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown: LLVM may already be gone
            pass

    def __enter__(self) -> JitModule:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

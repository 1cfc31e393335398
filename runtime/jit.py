"""Turn LLVM IR text into callable machine code in this process (llvmlite MCJIT)."""

from __future__ import annotations

import ctypes
import functools
import struct
import threading
import zlib

import llvmlite.binding as llvm

from nanomm.errors import JitError
from nanomm.runtime import llvm_opt, settings
from nanomm.runtime.signals import sigint_deferred

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


# --- checking an object file before MCJIT sees it ----------------------------------------
#
# LLVM does not validate an object handed to ExecutionEngine.add_object_file: a truncated or
# garbage buffer crashes the process (SIGSEGV), and an object with 32-bit absolute relocations
# (R_X86_64_32/32S, what the small code model + static relocation model of emit_object()
# produce for jump tables and addresses of globals) trips an assertion in RuntimeDyld
# (abort) as soon as its sections are mapped above 4 GiB, which in practice is always the
# case on x86-64 Linux. So from_object() first walks the ELF headers and relocations itself.
# This guards against mistakes and damage, not against a malicious writer: whoever can write
# the objects loaded here can run code in this process anyway.

_ELF_HEADER = struct.Struct("<16sHHIQQQIHHHHHH")
_SECTION = struct.Struct("<IIQQQQIIQQ")
_ET_REL = 1
_SHT_SYMTAB, _SHT_RELA, _SHT_NOBITS, _SHT_REL = 2, 4, 8, 9
_MACHINES = {"x86_64": 62, "aarch64": 183}  # host triple's arch -> ELF e_machine
# x86-64 relocations that store a truncated absolute address (or a 16/8-bit offset):
# R_X86_64_32, _32S, _16, _PC16, _8, _PC8.
_X86_64_UNSAFE_RELOCATIONS = {10: "R_X86_64_32", 11: "R_X86_64_32S", 12: "R_X86_64_16", 13: "R_X86_64_PC16",
                              14: "R_X86_64_8", 15: "R_X86_64_PC8"}


def _check_object(obj: bytes) -> None:
    """JitError unless `obj` is a well-formed 64-bit little-endian ELF relocatable object for
    this host's architecture whose relocations MCJIT can apply anywhere in the address space."""
    n = len(obj)
    if n < _ELF_HEADER.size or obj[:4] != b"\x7fELF":
        raise JitError("not an ELF object file")
    (ident, e_type, e_machine, _version, _entry, _phoff, shoff, _flags, _ehsize, _phentsize, _phnum,
     shentsize, shnum, shstrndx) = _ELF_HEADER.unpack_from(obj)
    if ident[4] != 2 or ident[5] != 1:
        raise JitError("not a 64-bit little-endian ELF object file")
    if e_type != _ET_REL:
        raise JitError(f"ELF type {e_type} is not a relocatable object file")
    arch = llvm.get_process_triple().split("-", 1)[0]
    if arch in _MACHINES and e_machine != _MACHINES[arch]:
        raise JitError(f"ELF machine {e_machine} is not this host's ({arch})")
    if shentsize != _SECTION.size or shnum == 0 or shoff + shnum * shentsize > n or shstrndx >= shnum:
        raise JitError("ELF section header table is malformed or truncated")
    sections = [_SECTION.unpack_from(obj, shoff + i * shentsize) for i in range(shnum)]
    for _name, sh_type, _f, _a, offset, size, *_ in sections:
        if sh_type != _SHT_NOBITS and offset + size > n:
            raise JitError("ELF section extends past the end of the file (truncated object)")
    for _name, sh_type, _f, _a, offset, size, link, info, _align, entsize in sections:
        if sh_type not in (_SHT_RELA, _SHT_REL):
            continue
        expected = 24 if sh_type == _SHT_RELA else 16
        if entsize != expected or size % expected or link >= shnum or info >= shnum:
            raise JitError("ELF relocation section is malformed")
        symtab = sections[link]
        if symtab[1] != _SHT_SYMTAB or symtab[9] != 24:
            raise JitError("ELF relocation section does not point to a symbol table")
        nsyms = symtab[5] // 24
        for i in range(offset, offset + size, expected):
            (r_info,) = struct.unpack_from("<Q", obj, i + 8)
            kind, sym = r_info & 0xFFFFFFFF, r_info >> 32
            if sym >= nsyms:
                raise JitError("ELF relocation refers to a symbol outside the symbol table")
            if arch == "x86_64" and kind in _X86_64_UNSAFE_RELOCATIONS:
                raise JitError(
                    f"the object has {_X86_64_UNSAFE_RELOCATIONS[kind]} relocations (small code model, static "
                    "relocation: what emit_object() makes), which MCJIT cannot apply above 4 GiB; "
                    "use the object from JitModule.jit_object()")


class _Text:
    """Text kept compressed (zlib): the optimised IR of every live kernel is kept for inspection
    (asm(), optimized_ir()) but rarely read; compressed it takes about a tenth of the memory."""

    __slots__ = ("_data",)

    def __init__(self, text: str) -> None:
        self._data = zlib.compress(text.encode("utf-8"), 1)

    def __str__(self) -> str:
        return zlib.decompress(self._data).decode("utf-8")


def _engine_for_object(obj: bytes, cpu: str, features: str) -> llvm.ExecutionEngine:
    """A fresh MCJIT engine with `obj` (already checked by _check_object) linked and finalised."""
    with _LLVM_LOCK:
        # JitModule's target machine but at -O0: it only compiles the empty module (half the
        # load time of -O3); `obj` is linked.
        tm = llvm_opt.target_machine(cpu, features, 0)
        module = llvm.parse_assembly("")
        module.triple = tm.triple
        module.data_layout = str(tm.target_data)
        engine = None
        try:
            engine = llvm.create_mcjit_compiler(module, tm)  # owns module and tm from here on
            engine.add_object_file(llvm.ObjectFileRef.from_data(obj))
            engine.finalize_object()
        except RuntimeError as exc:
            if engine is not None:
                engine.close()
            raise JitError(f"LLVM could not load the object file: {exc}") from exc
        return engine


@functools.cache
def _process_symbols() -> ctypes.CDLL:
    """The symbols loaded into this process (libc, libm: what MCJIT links a module's declarations to)."""
    return ctypes.CDLL(None)


@functools.cache
def _runtime_source() -> str:
    """The fingerprint of nanomm's runtime source (what optimises and links the runtime's modules)."""
    from pathlib import Path

    from nanomm.runtime.diskcache import source_fingerprint

    return source_fingerprint([Path(__file__).parent])


class JitModule:
    """One LLVM module: verified, optimised for a CPU, compiled in memory by MCJIT.

    `JitModule(ir, ...)` compiles LLVM IR; `JitModule.from_object(obj, ...)` loads machine code
    that an earlier JitModule compiled (its `jit_object()`), e.g. from the disk cache.
    """

    from_disk_cache = False  # (load_cached's modules: True)

    def __init__(self, ir: str, cpu: str = "", features: str = "", opt_level: int | None = None,
                 full_unroll_max: int = 0) -> None:
        self._engine = None
        self._emit_tm: llvm.TargetMachine | None = None
        self._asm: str | None = None
        self._object: bytes | None = None
        level = settings.opt_level() if opt_level is None else opt_level
        if not 0 <= level <= 3:
            raise JitError(f"opt_level must be 0-3, got {level}")
        if not isinstance(full_unroll_max, int) or not 0 <= full_unroll_max < 2 ** 32:
            raise JitError(f"full_unroll_max must be an int of 0 (LLVM's own limit) to 2**32 - 1, "
                           f"got {full_unroll_max!r}")
        _ensure_llvm()
        self.cpu, self.features, self.opt_level = cpu, _safe_features(features), level
        with _LLVM_LOCK:
            module = self._parse(ir)
            tm = llvm_opt.target_machine(cpu, self.features, level)
            module.triple = tm.triple
            module.data_layout = str(tm.target_data)
            module = llvm_opt.optimize(module, tm, cpu, self.features, level, full_unroll_max)
            self._optimized_ir = _Text(str(module))
            compiled: list[bytes] = []  # no reference to self: the engine holds this callback
            try:
                with sigint_deferred():  # LLVM calls back into Python: see runtime/signals.py
                    self._engine = llvm.create_mcjit_compiler(module, tm)  # takes ownership of module + tm
                    # MCJIT hands the object it compiled to its object cache; keep a copy (jit_object()).
                    self._engine.set_object_cache(notify_func=lambda _module, buf: compiled.append(bytes(buf)))
                    self._engine.finalize_object()
            except RuntimeError as exc:
                raise JitError(f"LLVM could not compile the module: {exc}") from exc
            self._object = compiled[0] if compiled else None
            self._keep_only_machine_code()

    def _keep_only_machine_code(self) -> None:
        """Swap the compiling engine for one that only holds the machine code (as a disk cache hit does).

        The engine that compiled the module keeps its LLVM module, target machine and code
        generator alive for as long as the kernel lives: about 0.8 MB each, against about
        50 KB for the object linked into a fresh engine. So the object MCJIT made is loaded
        like one from the disk cache and the compiling engine is freed. If the object cannot
        be loaded (or MCJIT did not report it), the compiling engine is kept: nothing is lost.
        """
        if self._object is None:
            return
        try:
            _check_object(self._object)
            engine = _engine_for_object(self._object, self.cpu, self.features)
        except JitError:
            return
        self._engine, compiling = engine, self._engine
        compiling.close()

    @classmethod
    def from_object(cls, obj: bytes, cpu: str = "", features: str = "", *, optimized_ir: str | None = None,
                    opt_level: int | None = None) -> JitModule:
        """Load machine code compiled earlier by a JitModule (its `jit_object()`) into this process.

        No LLVM IR is parsed or optimised and no code is generated: MCJIT only links `obj`
        (a few milliseconds). `cpu`/`features` should be the ones `obj` was compiled for.
        `address()`, `close()` and `jit_object()` work as for a compiled module. `optimized_ir()`,
        `asm()` and `emit_object()` need the optimised IR: pass `optimized_ir` to enable them,
        otherwise they raise JitError("... not available for a kernel loaded from the disk cache").
        The object is checked first (ELF structure, architecture, relocations: see _check_object);
        JitError if it cannot be loaded safely.
        """
        if not isinstance(obj, (bytes, bytearray, memoryview)):
            raise JitError(f"from_object needs the object file as bytes, got {type(obj).__name__}")
        obj = bytes(obj)
        self = cls.__new__(cls)
        self._engine = None
        self._emit_tm = None
        self._asm = None
        self._object = obj
        self._optimized_ir = None if optimized_ir is None else _Text(optimized_ir)
        level = settings.opt_level() if opt_level is None else opt_level
        if not 0 <= level <= 3:
            raise JitError(f"opt_level must be 0-3, got {level}")
        _ensure_llvm()
        self.cpu, self.features, self.opt_level = cpu, _safe_features(features), level
        _check_object(obj)
        self._engine = _engine_for_object(obj, cpu, self.features)
        return self

    @classmethod
    def cached(cls, ir: str, cpu: str = "", features: str = "", symbols: tuple = ()) -> JitModule:
        """JitModule(ir, cpu, features) through the kernel disk cache, for the runtime's own modules (the
        thread pool, checked-call entries, programs' runner): each process would otherwise compile them
        again at its first kernel call, ~0.02-0.08 s each. The IR must hold nothing of the process
        (no addresses): it is the key, with the runtime's source."""
        from nanomm.runtime.diskcache import DiskCache, kernel_key

        level = settings.opt_level()
        cache = DiskCache()
        key = kernel_key(ir, cpu, _safe_features(features), level, "runtime;" + _runtime_source())
        module = cls.load_cached(cache, key, cpu, features, level, symbols)
        if module is None:
            module = cls(ir, cpu, features, level)
            if module._object is not None:
                cache.put(key, module._object, {"symbols": list(symbols), "cpu": cpu, "features": features})
        return module

    @classmethod
    def load_cached(cls, cache, key: str, cpu: str, features: str, opt_level: int, symbols=()) -> JitModule | None:
        """The verified module stored in the DiskCache `cache` under `key`, with all of `symbols`, or None (a miss,
        a bad entry, which is removed, or caching off)."""
        obj = cache.get(key)
        if obj is None:
            return None
        try:
            module = cls.from_object(obj, cpu, features, opt_level=opt_level)
            for name in symbols:
                module.address(name)
        except JitError:
            cache.remove(key)
            return None
        module.from_disk_cache = True
        return module

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
        # MCJIT resolves a declared function against this process; one defined nowhere would be
        # called at a null address.
        missing = [f.name for f in module.functions if f.is_declaration and not f.name.startswith("llvm.")
                   and not llvm.address_of_symbol(f.name) and not hasattr(_process_symbols(), f.name)]
        if missing:
            raise JitError(f"the module calls {', '.join(missing)}, defined neither in it nor in this process")
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
        if self._optimized_ir is None:
            raise JitError("the optimised LLVM IR is not available for a kernel loaded from the disk cache")
        return str(self._optimized_ir)

    def jit_object(self) -> bytes:
        """The ELF object MCJIT compiled for this module (JIT code model: large on x86-64).

        This is what `from_object` loads; unlike emit_object() it has no 32-bit absolute
        relocations, so MCJIT can place it anywhere in memory.
        """
        if self._object is None:
            raise JitError("MCJIT did not report the object it compiled")
        return self._object

    def _emission_module(self) -> tuple[llvm.TargetMachine, llvm.ModuleRef]:
        if self._optimized_ir is None:
            raise JitError("assembly and object emission are not available for a kernel loaded from the disk "
                           "cache (no LLVM IR); pass optimized_ir= to JitModule.from_object to enable them")
        # The JIT engine owns its module and target machine; emission works on a fresh
        # parse of the optimised IR with a static-code-model target machine.
        if self._emit_tm is None:
            self._emit_tm = llvm.Target.from_default_triple().create_target_machine(
                cpu=self.cpu, features=self.features, opt=self.opt_level, reloc="default", codemodel="default"
            )
        return self._emit_tm, llvm.parse_assembly(str(self._optimized_ir))

    def asm(self) -> str:
        """Assembly text of the optimised module for this module's CPU."""
        with _LLVM_LOCK:
            if self._asm is None:
                tm, module = self._emission_module()
                self._asm = tm.emit_assembly(module)
            return self._asm

    def emit_object(self) -> bytes:
        """An ELF (host format) object file of the optimised module (small code model, static
        relocation: for linking ahead of time; JitModule.from_object rejects it, use jit_object())."""
        with _LLVM_LOCK:
            tm, module = self._emission_module()
            return bytes(tm.emit_object(module))

    _closers: tuple = ()  # on_close's callbacks

    def on_close(self, callback) -> None:
        """Call `callback()` when close() frees the machine code, before it does (now, if it has)."""
        with _LLVM_LOCK:
            if self._engine is not None:
                self._closers += (callback,)
                return
        callback()

    def close(self) -> None:
        """Free the machine code; addresses from this module must not be called afterwards."""
        with _LLVM_LOCK:
            closers, self._closers = self._closers, ()
            for callback in closers:
                callback()
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

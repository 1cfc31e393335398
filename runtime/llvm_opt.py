"""LLVM's O1-O3 pipeline on a module, in this process or in a recycled worker process.

Why a worker: llvmlite 0.50 leaks every run of the new pass manager. Its
`LLVMPY_CreatePassBuilder` allocates a `PassInstrumentationCallbacks` that nothing deletes, and
each `LLVMPY_RunNewModulePassManager` registers its `StandardInstrumentations` callbacks into
it (which is also why one pass builder cannot be reused: the callbacks of the previous run
point at a destroyed object). Measured: ~67 KiB per run on a one-loop module, ~120 KiB per
nanomm kernel; parsing, code generation and MCJIT engines do not leak (tests/reliability/
README.md). So a long-lived process that compiles kernel after kernel would grow without bound.

The first `settings.llvm_in_process_runs()` runs (default 64, a few MiB of leak) happen here,
as before. Later ones go to a worker process (a Python running `_serve` below: nanomm's runtime
and llvmlite, no MLIR): the IR goes over a pipe, the worker optimises it with the same target machine
and sends the optimised IR back, which is parsed here (the pipeline's output printed and parsed
again is the same module). The worker is replaced after WORKER_RUNS runs, so its leak is
bounded too. Code generation stays in this process. Where no worker can start (no usable
`sys.executable`, as in some embedded interpreters, or one that cannot import nanomm), the
process warns once and keeps optimising here, leaking as before.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import tempfile
import threading
import warnings

import llvmlite.binding as llvm

from nanomm.errors import JitError
from nanomm.runtime import settings

WORKER_RUNS = 256  # runs per worker process before it is replaced (~30 MiB of leak at most)

# opt level, full-unroll limit (0: LLVM's), then the byte lengths of cpu, features, IR
_REQUEST = struct.Struct("<IIIII")
_NO_LIMIT = 2 ** 32 - 1  # LLVM's own full-unroll limit (its UnrollingPreferences' default)
_REPLY = struct.Struct("<IQ")  # status (0 ok, 1 error), byte length of the optimised IR or message
_READY = b"R"  # the worker's first byte

_lock = threading.Lock()
_in_process_runs = 0
_worker: _Worker | None = None
_unavailable: str | None = None  # why no worker can start in this process (then: in-process)


def target_machine(cpu: str, features: str, level: int) -> llvm.TargetMachine:
    """The JIT's target machine (large code model on x86-64): compiling and optimising use the same."""
    return llvm.Target.from_default_triple().create_target_machine(
        cpu=cpu, features=features, opt=level, reloc="default", codemodel="jitdefault", jit=True
    )


def run_pipeline(module: llvm.ModuleRef, tm: llvm.TargetMachine, level: int, full_unroll_max: int = 0) -> None:
    """The new pass manager's O<level> pipeline on `module`, here (each call leaks, see above).

    `full_unroll_max` > 0: loops of more trips than that are not unrolled whole. LLVM takes this limit only
    as a process-wide option (`-unroll-full-max-count`), so it is set for this run and put back after;
    the caller holds runtime.jit's LLVM lock, as every LLVM pipeline run of nanomm's does."""
    pto = llvm.create_pipeline_tuning_options(speed_level=level)
    pb = llvm.create_pass_builder(tm, pto)
    mpm = pb.getModulePassManager()
    if full_unroll_max:
        llvm.set_option("", f"-unroll-full-max-count={full_unroll_max}")
    try:
        mpm.run(module, pb)
    finally:
        if full_unroll_max:
            llvm.set_option("", f"-unroll-full-max-count={_NO_LIMIT}")
        mpm.close()
        pb.close()
        pto.close()


def optimize(module: llvm.ModuleRef, tm: llvm.TargetMachine, cpu: str, features: str,
             level: int, full_unroll_max: int = 0) -> llvm.ModuleRef:
    """`module` optimised at O<level> for `tm` (built by target_machine(cpu, features, level)).

    Returns `module` itself when it ran here, or a new module parsed from the worker's reply
    (then `module` is closed). The caller holds runtime.jit's LLVM lock.
    """
    global _in_process_runs
    with _lock:
        here = _unavailable is not None or _in_process_runs < settings.llvm_in_process_runs()
    text = None if here else _optimize_in_worker(str(module), cpu, features, level, full_unroll_max)
    if text is None:  # here, or no worker could start
        with _lock:
            _in_process_runs += 1
        run_pipeline(module, tm, level, full_unroll_max)
        return module
    module.close()
    try:
        optimized = llvm.parse_assembly(text)
        optimized.verify()
    except RuntimeError as exc:
        raise JitError(f"the LLVM optimiser process returned IR that does not parse: {exc}") from exc
    optimized.triple = tm.triple
    optimized.data_layout = str(tm.target_data)
    return optimized


def in_process_runs() -> int:
    """How many pipeline runs this process has done itself (each leaked ~100 KiB in llvmlite)."""
    return _in_process_runs


def worker_pid() -> int | None:
    """The current optimiser worker's pid, or None when there is none (for tests)."""
    return _worker.process.pid if _worker is not None else None


def _optimize_in_worker(ir: str, cpu: str, features: str, level: int, full_unroll_max: int) -> str | None:
    """The optimised IR from the worker (started or replaced as needed); None when no worker
    can start in this process (warned once; the caller optimises here)."""
    global _worker, _unavailable
    with _lock:
        if _worker is None or _worker.runs >= WORKER_RUNS or _worker.process.poll() is not None:
            if _worker is not None:
                _worker.close()
                _worker = None
            try:
                _worker = _Worker()
            except _Unavailable as exc:
                _unavailable = str(exc)
                warnings.warn(f"nanomm: {exc}; LLVM's optimisation pipeline runs in this process from now on "
                              "(llvmlite leaks ~100 KiB a compile there)", RuntimeWarning, stacklevel=4)
                return None
        worker = _worker
        try:
            return worker.optimize(ir, cpu, features, level, full_unroll_max)
        except BaseException:
            # A crashed worker, a broken pipe or Ctrl-C in the middle of a reply: the pipe is out
            # of step, so this worker is done; the next call starts another.
            worker.close()
            _worker = None
            raise


class _Unavailable(Exception):
    """No optimiser process can run here (it could not start, or not import nanomm)."""


class _Worker:
    """One child running _serve(), spoken to over its stdin/stdout (its stderr goes to a file,
    read when it fails: LLVM reports fatal errors there)."""

    def __init__(self) -> None:
        self.stderr = tempfile.TemporaryFile()
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "import sys; from nanomm.runtime.llvm_opt import _serve; sys.exit(_serve())"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        except OSError as exc:
            self.stderr.close()
            raise _Unavailable(f"could not start the LLVM optimiser process ({sys.executable!r}): {exc}") from exc
        self.runs = 0
        # It says it is ready once nanomm and LLVM are loaded; a Python that cannot import
        # nanomm exits instead.
        if self.process.stdout.read(1) != _READY:
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            why = self._exit_status()
            self.close()
            raise _Unavailable(f"the LLVM optimiser process did not start ({why})")

    def optimize(self, ir: str, cpu: str, features: str, level: int, full_unroll_max: int = 0) -> str:
        parts = [cpu.encode(), features.encode(), ir.encode()]
        try:
            self.process.stdin.write(_REQUEST.pack(level, full_unroll_max, *map(len, parts)) + b"".join(parts))
            self.process.stdin.flush()
            status, size = _REPLY.unpack(_read_exactly(self.process.stdout, _REPLY.size))
            payload = _read_exactly(self.process.stdout, size).decode()
        except (OSError, EOFError, struct.error) as exc:
            raise JitError(f"the LLVM optimiser process failed ({self._exit_status()}): {exc}") from exc
        self.runs += 1
        if status != 0:
            raise JitError(f"LLVM could not optimise the module: {payload}")
        return payload

    def _exit_status(self) -> str:
        code = self.process.poll()
        if code is None:
            return "still running"
        self.stderr.seek(0)
        err = self.stderr.read().decode(errors="replace").strip().splitlines()
        return f"exit status {code}" + (f": {err[-1]}" if err else "")

    def close(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.stderr):
            try:
                stream.close()
            except OSError:
                pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _read_exactly(stream, size: int) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise EOFError(f"the pipe closed after {len(data)} of {size} bytes")
    return data


def _forget_worker_in_child() -> None:
    # A forked child shares the parent's pipes: it must not talk to the parent's worker.
    global _worker, _lock
    _worker, _lock = None, threading.Lock()


os.register_at_fork(after_in_child=_forget_worker_in_child)


def _serve() -> int:
    """The worker's loop: one request (opt level, cpu, features, IR) in, one reply out, until EOF."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it closes us
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    llvm.initialize_native_asmparser()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    stdout.write(_READY)
    stdout.flush()
    while True:
        head = stdin.read(_REQUEST.size)
        if len(head) < _REQUEST.size:
            return 0
        level, full_unroll_max, *sizes = _REQUEST.unpack(head)
        cpu, features, ir = (_read_exactly(stdin, n).decode() for n in sizes)
        try:
            module = llvm.parse_assembly(ir)
            module.verify()
            tm = target_machine(cpu, features, level)
            module.triple = tm.triple
            module.data_layout = str(tm.target_data)
            run_pipeline(module, tm, level, full_unroll_max)
            status, reply = 0, str(module)
        except Exception as exc:  # reported to the parent, which raises JitError
            status, reply = 1, f"{type(exc).__name__}: {exc}"
        data = reply.encode()
        stdout.write(_REPLY.pack(status, len(data)) + data)
        stdout.flush()

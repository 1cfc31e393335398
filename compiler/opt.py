"""nanomm-opt: runs named passes on MLIR from a file or stdin and prints the result, like mlir-opt."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from typing import Iterator

from mlir import ir

from ..errors import MLIRInputError, NanommError
from ..passes import REGISTRY, pass_class
from .frontend import parse_module
from .pipeline import parse_pipeline, run_pipeline


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="nanomm-opt",
        description="Run nanomm passes (and MLIR passes) on an MLIR file and print the IR.",
        epilog="example: nanomm-opt -p 'tile-cache{mc=96 nc=512 kc=256},tile-register{mr=6 nr=64}' in.mlir")
    p.add_argument("input", nargs="?", default="-", help="MLIR file ('-' or nothing: stdin)")
    p.add_argument("-p", "--pass-pipeline", default="",
                   help="comma-separated passes, each 'name' or 'name{opt=value ...}'")
    p.add_argument("-o", "--output", default="-", help="output file (default stdout)")
    p.add_argument("--list-passes", action="store_true", help="list nanomm's passes and their options")
    p.add_argument("--partition", action="store_true",
                   help="print how nanomm.compile cuts each function of several ops: its kernels (contractions "
                        "and their fused epilogues) and the segments MLIR's own passes lower")
    p.add_argument("--no-verify", action="store_true", help="accepted for mlir-opt compatibility; nanomm always verifies")
    return p


def main(argv: list[str] | None = None) -> int:
    """The command (argv None: sys.argv); exit status 0, 1 on an error, 130 on Ctrl-C."""
    return run_command(_main, argv)


def run_command(body, argv: list[str] | None) -> int:
    """Runs a command's body(argv): its exit status, or "interrupted" and 130 on Ctrl-C."""
    with interrupts_end_the_process():
        try:
            return body(argv)
        except KeyboardInterrupt:
            if argv is None:  # the command itself, not a call from Python: see _leave_interrupted
                _leave_interrupted()
            print("interrupted", file=sys.stderr)
            return 130


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.list_passes:
            for name in REGISTRY:
                cls = pass_class(name)
                doc = (cls.__doc__ or "").strip().splitlines()[0]
                print(f"{name}{{{' '.join(cls.option_names())}}}\n    {doc}")
            return 0
        source = _read(args.input)
        if args.partition:
            text = _partition(source, "<stdin>" if args.input == "-" else args.input)
            (sys.stdout.write(text) if args.output == "-" else open(args.output, "w").write(text))
            return 0
        with ir.Context(), ir.Location.unknown():
            module = parse_module(source, "<stdin>" if args.input == "-" else args.input)
            steps = parse_pipeline(args.pass_pipeline) if args.pass_pipeline else []
            run_pipeline(module, steps, snapshots=False)
            text = str(module)
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w") as f:
                f.write(text)
        return 0
    except NanommError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


@contextlib.contextmanager
def interrupts_end_the_process(grace: float = 5.0) -> Iterator[None]:
    """Ctrl-C in nanomm's commands: a KeyboardInterrupt, which `main` turns into "interrupted" and
    exit status 130 after the usual clean-up (the disk cache's temporary files are removed).

    Python drops an exception raised in a __del__ method or a ctypes callback, and a Ctrl-C
    can land in one (llvmlite frees LLVM objects in __del__). So that Ctrl-C is never lost,
    the first one also arms a timer: if the command is still running `grace` seconds later,
    or at a second Ctrl-C, it prints "interrupted" and leaves at once with status 130. (The
    disk cache stays consistent: entries are written atomically, so at worst a temporary file
    is left, which a later eviction scan removes.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    timers: list[threading.Timer] = []

    def on_sigint(_signum, _frame):
        if timers:
            _leave_interrupted()
        timer = threading.Timer(grace, _leave_interrupted)
        timer.daemon = True
        timer.start()
        timers.append(timer)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, on_sigint)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        for timer in timers:
            timer.cancel()


def _leave_interrupted() -> None:
    """Ends the command at once with status 130, without the interpreter's shutdown.

    Shutdown frees what the command used, JIT-compiled machine code included, while a
    kernel interrupted by Ctrl-C may still be running on a worker thread (CallPool.run can
    return before its workers finish): that crashed the process (SIGSEGV) after "interrupted".
    The clean-up that matters (temporary files of the disk cache) happened as the
    KeyboardInterrupt unwound; output already written is flushed here.
    """
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
    finally:
        os._exit(130)


def _partition(source: str, filename: str) -> str:
    """GraphFunction.ir("partition") of each public function of several ops (nothing is compiled)."""
    from . import graph, per_shape

    out = []
    with ir.Context(), ir.Location.unknown():
        module = parse_module(source, filename)
        for op in module.body.operations:
            op = op.operation
            if op.name == "func.func" and "sym_visibility" not in op.attributes and op.regions[0].blocks and \
                    graph.needs_graph(op):
                name = ir.StringAttr(op.attributes["sym_name"]).value
                try:
                    out.append(graph.read_function(name, op, graph.resources(source)).ir("partition"))
                except graph.DynamicSizeError as exc:
                    inputs = graph.tensor_inputs(op)
                    if inputs is None:
                        raise
                    if not graph.has_dynamic_size(inputs):  # static arguments: as nanomm.compile does
                        out.append(per_shape.read_folded(name, source, inputs, graph.resources(source), None)
                                   .ir("partition"))
                        continue
                    raise MLIRInputError(f"{exc}\n(to partition it for one size: nanomm-opt -p "
                                         f"'static-shapes{{function={name} shapes=...}}' {filename} | "
                                         "nanomm-opt --partition -)") from None
    if not out:
        raise MLIRInputError("no public function of several ops to partition (a single linalg.matmul compiles "
                             "whole: run its passes with -p)")
    return "".join(out)


def _read(path: str) -> str:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        name = "<stdin>" if path == "-" else path
        raise MLIRInputError(f"{name}: input is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}): "
                             "binary data or another encoding") from None


if __name__ == "__main__":
    sys.exit(main())

"""nanomm-opt: runs named passes on MLIR from a file or stdin and prints the result, like mlir-opt."""

from __future__ import annotations

import argparse
import sys

from mlir import ir

from ..errors import NanommError
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
    p.add_argument("--no-verify", action="store_true", help="accepted for mlir-opt compatibility; nanomm always verifies")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.list_passes:
            for name in REGISTRY:
                cls = pass_class(name)
                doc = (cls.__doc__ or "").strip().splitlines()[0]
                print(f"{name}{{{' '.join(cls.option_names())}}}\n    {doc}")
            return 0
        source = _read(args.input)
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
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _read(path: str) -> str:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            data = f.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise _InputError(f"{path}: input is not UTF-8 text") from None


class _InputError(NanommError):
    pass


if __name__ == "__main__":
    sys.exit(main())

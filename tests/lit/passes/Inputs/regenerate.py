"""Captures the inputs of the pass tests in tests/lit/passes/: the one place that remakes them all.

Each pass test runs only its pass, on the IR that pass expects. Where that IR is what earlier
passes make, the test file's own functions are the source, and their IR after those passes (the
prefix) is captured here once and checked in: a change to `pack` leaves compose-amx's test alone
until this script is rerun, and the rerun then shows what the new input changes in compose-amx.
INPUTS below names every captured file with its source and prefix; each file's header repeats them.

    .venv/bin/python tests/lit/passes/Inputs/regenerate.py              # rewrite every input
    .venv/bin/python tests/lit/passes/Inputs/regenerate.py pack pad-k   # those whose name starts so
    .venv/bin/python tests/lit/passes/Inputs/regenerate.py --check      # rewrite nothing, check

--check exits with status 1 if an input differs from what its prefix makes now (out of date),
if an input does not print back the same after parsing (nanomm-opt's output must round-trip), or
if a RUN line on an input gives other output than its source through the prefix and that pass in
one pipeline (a pass that depends on state the printed IR does not carry).

The lit configuration leaves this folder out (config.excludes): nothing here is a test.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PASSES = os.path.dirname(HERE)  # tests/lit/passes
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(PASSES)))  # the repository

_AMX = "tile-cache{mc=64 nc=64 kc=128 order=nkm},tile-register{mr=32 nr=32},pack{nr=32}"
_PAD_K = "tile-cache{mc=32 nc=32 kc=40 order=nkm},tile-register{mr=32 nr=32}"
_PACK = "tile-cache{mc=8 nc=32 kc=4 order=nkm},tile-register{mr=4 nr=16}"
_EPILOGUE = "tile-cache{mc=8 nc=64 kc=32}"

# captured file (here) -> (source: a test file in tests/lit/passes, prefix: the passes run on it)
INPUTS: dict[str, tuple[str, str]] = {
    "compose-amx.mlir": ("compose-amx.mlir", _AMX),
    "compose-amx-epilogue.mlir": ("compose-amx-epilogue.mlir",
                                  "tile-cache{mc=32 nc=96 kc=64 order=nkm},tile-register{mr=32 nr=32},pack{nr=32}"),
    "compose-microkernel.nr32.mlir": ("compose-microkernel.mlir", "tile-register{mr=2 nr=32}"),
    "compose-microkernel.nr20.mlir": ("compose-microkernel.mlir", "tile-register{mr=2 nr=20}"),
    "compose-microkernel-dot.nr20.mlir": ("compose-microkernel-dot.mlir", "tile-register{mr=2 nr=20}"),
    "compose-microkernel-dot.packed.mlir": (
        "compose-microkernel-dot.mlir",
        "tile-cache{mc=12 nc=32 kc=16 order=nkm},tile-register{mr=6 nr=32},pack{nr=32}"),
    "compose-microkernel-row-dot.mlir": ("compose-microkernel-row-dot.mlir", "tile-register{mr=3 nr=5}"),
    "compose-microkernel-row-dot.spill.mlir": ("compose-microkernel-row-dot.mlir", "tile-register{mr=4 nr=7}"),
    "compose-microkernel-vpdpbusd.nr16.mlir": ("compose-microkernel-vpdpbusd.mlir", "tile-register{mr=2 nr=16}"),
    "compose-microkernel-vpdpbusd.packed.mlir": (
        "compose-microkernel-vpdpbusd.mlir",
        "tile-cache{mc=6 nc=32 kc=16 order=nkm},tile-register{mr=6 nr=32},pack{nr=32}"),
    "dynamic-m.lower-x86.mlir": (
        "dynamic-m.mlir", "tile-cache{mc=12 nc=64 kc=32},tile-register{mr=4 nr=64},compose-microkernel,lower-x86"),
    "epilogue.tile-cache.mlir": ("epilogue.mlir", _EPILOGUE),
    "epilogue.tile-register.mlir": ("epilogue.mlir", f"{_EPILOGUE},tile-register{{mr=4 nr=32}}"),
    "epilogue-dequantize.mlir": ("epilogue-dequantize.mlir", "tile-cache{mc=4 nc=32 kc=8},tile-register{mr=2 nr=16}"),
    "lower-llvm.mlir": ("lower-llvm.mlir", "tile-register{mr=2 nr=20},compose-microkernel,lower-x86"),
    "lower-x86.nr20.mlir": ("lower-x86.mlir", "tile-register{mr=2 nr=20},compose-microkernel"),
    "lower-x86.spill.mlir": ("lower-x86.mlir", "tile-register{mr=8 nr=64},compose-microkernel"),
    "lower-x86.ymm.mlir": ("lower-x86.mlir", "tile-register{mr=4 nr=32},compose-microkernel"),
    "lower-x86.wide.mlir": ("lower-x86.mlir", "tile-register{mr=2 nr=32},compose-microkernel{vector-width=32}"),
    "pack.nr16.mlir": ("pack.mlir", _PACK),
    "pack.nr32.mlir": ("pack.mlir", "tile-cache{mc=8 nc=32 kc=4 order=nkm},tile-register{mr=4 nr=32}"),
    "pack-a.mlir": ("pack-a.mlir", "tile-cache{mc=16 nc=32 kc=64 order=nkm},tile-register{mr=8 nr=32}"),
    "pack-prepacked-block.mlir": ("pack-prepacked-block.mlir", _PACK),
    "pack-transposed.mlir": ("pack-transposed.mlir", "tile-cache{mc=8 nc=64 kc=32 order=nkm},tile-register{mr=4 nr=32}"),
    "pack-vnni.kc4.mlir": ("pack-vnni.mlir", _PACK),
    "pack-vnni.kc8.mlir": ("pack-vnni.mlir", "tile-cache{mc=8 nc=32 kc=8 order=nkm},tile-register{mr=4 nr=16}"),
    "pad-k.tiled.mlir": ("pad-k.mlir", _PAD_K),
    "pad-k.packed.mlir": ("pad-k.mlir", f"{_PAD_K},pack{{nr=32 pack-a=1}}"),
    "pad-k.packed-pad-k.mlir": ("pad-k.mlir", f"{_PAD_K},pack{{nr=32 pack-a=1 pad-k=1}}"),
    "pad-mn.mlir": ("pad-mn.mlir", "tile-cache{mc=64 nc=64 kc=32 order=nkm},tile-register{mr=32 nr=32},pack{nr=32 pack-a=1}"),
    "pad-mn-dynamic.mlir": ("pad-mn-dynamic.mlir", "tile-cache{mc=64 nc=32 kc=64 order=nkm},"
                            "tile-register{mr=32 nr=32 pad-rows=16},pack{nr=32 pack-a=1 a-rows=64}"),
}

_HEADER = ("// Input of tests/lit/passes/{source}: its functions after\n"
           "//   nanomm-opt -p '{prefix}' tests/lit/passes/{source}\n"
           "// Made by tests/lit/passes/Inputs/regenerate.py: do not edit, rerun it.\n")
_RUN = re.compile(r"^//\s*RUN:\s*(not\s+)?nanomm-opt\s+-p\s+'([^']*)'\s+%S/Inputs/(\S+)", re.M)


def opt(pipeline: str, path: str) -> tuple[int, str, str]:
    """nanomm-opt (this Python, so the same nanomm lit runs) on a file: status, stdout, stderr."""
    argv = [sys.executable, "-m", "nanomm.compiler.opt", *(["-p", pipeline] if pipeline else []), path]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    return done.returncode, done.stdout, done.stderr


def capture(name: str) -> str:
    """The text of input `name`: its header, then its source's IR after the prefix."""
    source, prefix = INPUTS[name]
    status, out, err = opt(prefix, os.path.join(PASSES, source))
    if status:
        raise SystemExit(f"{name}: nanomm-opt -p '{prefix}' {source} failed:\n{err}")
    return _HEADER.format(source=source, prefix=prefix) + out


def _error(stderr: str) -> str:
    # The failure's message, without the reproducer line (its temporary file differs per run) and the
    # op's location (a line of the file that was read: the input here, the source in the pipeline).
    lines = (line for line in stderr.splitlines() if "reproduce with:" not in line)
    return "\n".join(re.sub(r" at loc\([^)]*\)", "", line) for line in lines)


def check(name: str) -> list[str]:
    """What is wrong with input `name`: out of date, no round trip, a pass that differs from the pipeline."""
    problems = []
    path = os.path.join(HERE, name)
    source, prefix = INPUTS[name]
    with open(path) as f:
        text = f.read()
    if text != capture(name):
        problems.append(f"{name}: out of date (rerun {os.path.relpath(__file__, ROOT)} {name})")
    header = _HEADER.format(source=source, prefix=prefix)
    status, out, err = opt("", path)
    if status or out != text[len(header):]:
        problems.append(f"{name}: does not print back the same after parsing {err.strip()}")
    with open(os.path.join(PASSES, source)) as f:
        runs = [(bool(n), p) for n, p, inp in _RUN.findall(f.read()) if inp == name]
    if not runs:
        problems.append(f"{name}: no RUN line of {source} reads it")
    for failing, step in runs:
        alone = opt(step, path)
        together = opt(f"{prefix},{step}", os.path.join(PASSES, source))
        if (alone[0] != 0) != failing or (together[0] != 0) != failing:
            problems.append(f"{name}: '{step}' exits {alone[0]} alone and {together[0]} after the prefix")
        elif alone[1] != together[1] or _error(alone[2]) != _error(together[2]):
            problems.append(f"{name}: '{step}' gives other output on the input than after '{prefix}' on {source}")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("names", nargs="*", help="only the inputs whose file name starts with one of these")
    p.add_argument("--check", action="store_true", help="rewrite nothing: check the inputs (see above)")
    args = p.parse_args(argv)
    names = [n for n in INPUTS if not args.names or n.startswith(tuple(args.names))]
    if not names:
        p.error(f"no input starts with {' or '.join(args.names)}")
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        if args.check:
            problems = [line for found in pool.map(check, names) for line in found]
            print("\n".join(problems) or f"{len(names)} inputs: up to date, round-trip, same as the pipeline")
            return 1 if problems else 0
        for name, text in zip(names, pool.map(capture, names)):
            with open(os.path.join(HERE, name), "w") as f:
                f.write(text)
            print(f"tests/lit/passes/Inputs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

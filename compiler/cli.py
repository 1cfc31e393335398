"""The `nanomm` command: compile, run, check and time one matmul shape from the command line."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

import numpy as np

from ..errors import NanommError
from ..runtime.dtypes import DTYPES, parse_bool
from .api import compile_matmul
from .config import KernelConfig, default_config
from .build import target_cpu
from .opt import run_command


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="nanomm",
        description="nanomm: an MLIR nanokernel compiler for matmul. Compile, run and time C = A @ B.",
        epilog="examples:\n"
               "  nanomm run 1024 1024 1024          compile, check against numpy, GFLOP/s beside numpy's\n"
               "  nanomm compile 64 64 64 --emit asm  print the kernel's assembly\n"
               "  nanomm compile 64 64 64 --emit mlir --stage tile-register\n"
               "  nanomm tune 512 512 512 --budget 60s   search kernel configs, keep the best (nanomm tune -h)\n",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    for name, help_ in (("run", "compile, run, check against numpy and time one shape"),
                        ("bench", "like run, with more repetitions"),
                        ("compile", "compile one shape and print its IR or assembly")):
        s = sub.add_parser(name, help=help_, description=help_)
        s.add_argument("M", type=int)
        s.add_argument("N", type=int)
        s.add_argument("K", type=int)
        s.add_argument("--dtype", default="f32",
                       help="f32; bf16 (bfloat16 x bfloat16 -> float32); u8s8 (uint8 x int8 -> int32); "
                            "s8s8 (int8 x int8 -> int32)")
        s.add_argument("--target", default="host", help="CPU to compile for: host or a named CPU (e.g. znver4)")
        s.add_argument("--threads", type=int, default=None,
                       help="threads (default: every core the process may use; numpy gets as many)")
        for field in dataclasses.fields(KernelConfig):
            kind = {"int": int, "bool": _boolean}.get(str(getattr(field.type, "__name__", field.type)), str)
            s.add_argument(f"--{field.name.replace('_', '-')}", type=kind,
                           default=None, help=f"override the config's {field.name}")
        if name == "compile":
            s.add_argument("--emit", choices=("mlir", "llvm", "asm", "config"), default="mlir")
            s.add_argument("--stage", default="lower-llvm", help="with --emit mlir: the pass after which to print")
        else:
            s.add_argument("--repeat", type=int, default=20 if name == "run" else 100, help="timed calls")
            s.add_argument("--seed", type=int, default=0)
    # main() hands `nanomm tune ...` to the tuner's own parser (compiler/tune/cli.py) before this
    # one runs; it is declared here so that `nanomm --help` lists it.
    sub.add_parser("tune", add_help=False, help="search kernel configs for one shape; compile_matmul then uses "
                                                "the best (nanomm tune -h)")
    return p


def _boolean(text: str) -> bool:
    try:
        return parse_bool(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    """The command (argv None: sys.argv); exit status 0, 1 on an error, 130 on Ctrl-C."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["tune"]:  # `nanomm tune M N K ...`: the autotuner's own command line
        from .tune.cli import main as tune_main

        return run_command(lambda _: tune_main(args[1:]), argv)
    return run_command(_main, argv)


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = _config(args)
        kernel = compile_matmul(args.M, args.N, args.K, args.dtype, args.target, config, threads=args.threads)
        if args.command == "compile":
            out = {"mlir": lambda: kernel.ir(args.stage), "llvm": kernel.llvm_ir, "asm": kernel.asm,
                   "config": lambda: _describe(kernel)}[args.emit]()
            sys.stdout.write(out if out.endswith("\n") else out + "\n")
            return 0
        return _run(kernel, args)
    except NanommError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _describe(kernel) -> str:
    """Config and pipeline of a kernel; of each per-thread kernel for a parallel one."""
    if hasattr(kernel, "kernels"):  # a ParallelKernel
        return f"{kernel!r}\n" + "".join(f"{k.spec.M}x{k.spec.N}x{k.spec.K}: {k.config}\n  {k.pipeline}\n"
                                         for k in kernel.kernels)
    return f"{kernel.config}\n{kernel.pipeline}\n"


def _config(args) -> KernelConfig | None:
    overrides = {f.name: getattr(args, f.name) for f in dataclasses.fields(KernelConfig)
                 if getattr(args, f.name) is not None}
    if not overrides:
        return None
    base = default_config(args.M, args.N, args.K, target_cpu(args.target), dtype=args.dtype)
    return dataclasses.replace(base, **overrides)


def _operands(M: int, N: int, K: int, dtype: str, rng: np.random.Generator):
    """Random A, B of the kernel's dtypes, and what numpy multiplies instead (float32 for bf16,
    int32 for int8: numpy has no bf16 or int8 matmul of its own)."""
    a_np, b_np = DTYPES[dtype].numpy_a, DTYPES[dtype].numpy_b
    if not DTYPES[dtype].integer:
        a = rng.standard_normal((M, K), dtype=np.float32).astype(a_np)
        b = rng.standard_normal((K, N), dtype=np.float32).astype(b_np)
        return a, b, a.astype(np.float32), b.astype(np.float32), "OpenBLAS sgemm on float32 copies" * (dtype != "f32")
    lo = 0 if a_np == "uint8" else -128
    a = rng.integers(lo, lo + 256, (M, K)).astype(a_np)
    b = rng.integers(-128, 128, (K, N)).astype(b_np)
    return a, b, a.astype(np.int32), b.astype(np.int32), "int32 matmul, numpy's own loops (no BLAS)"


def _run(kernel, args) -> int:
    from ..runtime.reference import matmul_mismatch

    M, N, K, dtype = args.M, args.N, args.K, kernel.spec.dtype
    a, b, a_np, b_np, numpy_note = _operands(M, N, K, dtype, np.random.default_rng(args.seed))
    c = kernel(a, b)
    threads = getattr(kernel, "threads", 1)
    # Timed before the float64 reference: numpy's BLAS threads keep spinning for a while after
    # a call and would share the cores with nanomm's threads.
    ours = _time(lambda: kernel(a, b, c), args.repeat)
    problem = matmul_mismatch(c, a, b)
    from threadpoolctl import threadpool_limits

    c_np = np.empty((M, N), a_np.dtype)
    with threadpool_limits(limits=threads, user_api="blas"):
        theirs = _time(lambda: np.matmul(a_np, b_np, out=c_np), args.repeat)
    flops = 2.0 * M * N * K
    unit = "GOP/s  " if DTYPES[dtype].integer else "GFLOP/s"
    print(f"nanomm {dtype} M={M} N={N} K={K} on {target_cpu(args.target).describe()}")
    print(f"  config   {kernel.config}")
    print(f"  compile  {kernel.compile_seconds:.3f} s")
    print(f"  check    {'OK' if problem is None else 'MISMATCH: ' + problem} against a float64/int64 reference")
    print(f"  nanomm   {flops / ours / 1e9:8.1f} {unit}  ({ours * 1e3:.3f} ms, median of {args.repeat}; "
          f"{threads} thread{'s' if threads > 1 else ''})")
    print(f"  numpy    {flops / theirs / 1e9:8.1f} {unit}  ({theirs * 1e3:.3f} ms; "
          f"{numpy_note or 'OpenBLAS'}, {threads} thread{'s' if threads > 1 else ''})")
    print(f"  ratio    {theirs / ours:8.2f}x numpy (same number of threads)")
    return 0 if problem is None else 1


def _time(fn, repeat: int) -> float:
    for _ in range(3):
        fn()
    samples = []
    for _ in range(max(1, repeat)):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return float(np.median(samples))


if __name__ == "__main__":
    sys.exit(main())

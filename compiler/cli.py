"""The `nanomm` command: compile, run, check and time one matmul shape from the command line."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time

import numpy as np

from ..errors import NanommError
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
        s.add_argument("--dtype", default="f32", help="data type (f32)")
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
    return p


def _boolean(text: str) -> bool:
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    raise argparse.ArgumentTypeError(f"expected 0/1/true/false, got '{text}'")


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
    base = default_config(args.M, args.N, args.K, target_cpu(args.target))
    return dataclasses.replace(base, **overrides)


def _run(kernel, args) -> int:
    M, N, K = args.M, args.N, args.K
    rng = np.random.default_rng(args.seed)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    c = np.empty((M, N), np.float32)
    kernel(a, b, c)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    bound = K * 2.0 ** -22 * (np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)) + 1e-6
    err = np.abs(c - ref)
    ok = bool(np.all(err <= bound))
    threads = getattr(kernel, "threads", 1)
    ours = _time(lambda: kernel(a, b, c), args.repeat)
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=threads, user_api="blas"):
        theirs = _time(lambda: np.matmul(a, b, out=c), args.repeat)
    flops = 2.0 * M * N * K
    print(f"nanomm {kernel.spec.dtype} M={M} N={N} K={K} on {target_cpu(args.target).name}")
    print(f"  config   {kernel.config}")
    print(f"  compile  {kernel.compile_seconds:.3f} s")
    print(f"  check    {'OK' if ok else 'MISMATCH'} against numpy (max abs error {err.max():.3g})")
    print(f"  nanomm   {flops / ours / 1e9:8.1f} GFLOP/s  ({ours * 1e3:.3f} ms, median of {args.repeat}; "
          f"{threads} thread{'s' if threads > 1 else ''})")
    print(f"  numpy    {flops / theirs / 1e9:8.1f} GFLOP/s  ({theirs * 1e3:.3f} ms; OpenBLAS, {threads} "
          f"thread{'s' if threads > 1 else ''})")
    print(f"  ratio    {theirs / ours:8.2f}x numpy (same number of threads)")
    return 0 if ok else 1


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

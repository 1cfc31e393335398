"""Memory of a process that compiles 1,000 different kernels: RSS after 10, 100 and 1,000.

    python tests/reliability/rss_1000.py [--mode api|dropped|jit] [--count 1000]

  api      nanomm.compile_matmul (one thread), as a user calls it: every kernel stays in the
           in-memory cache, so memory grows by what a kernel holds (its machine code, its LLVM
           IR and optimised IR text) plus whatever leaks.
  dropped  build_kernel, each kernel released at once: only leaks remain.
  jit      runtime.jit.JitModule on a naive LLVM IR matmul, closed at once: LLVM alone.

The disk cache is off (NANOMM_DISK_CACHE=0), so every kernel is really compiled. Also
printed: live MLIR contexts (the compiler makes an ir.Context per compile; all must be gone), and glibc's bytes in use (mallinfo2), which separates leaks from
memory that malloc keeps for reuse. Not a test (it takes minutes); see tests/reliability/README.md.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import sys
import time

os.environ["NANOMM_DISK_CACHE"] = "0"


class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                               "fsmblks", "uordblks", "fordblks", "keepcost")]


def _libc():
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        return libc
    except (OSError, AttributeError):
        return None


LIBC = _libc()


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def malloc_mib() -> float:
    return LIBC.mallinfo2().uordblks / 2**20 if LIBC is not None else float("nan")


def worker_rss() -> str:
    """The LLVM optimiser worker (runtime/llvm_opt.py), where runs past the in-process budget go."""
    from nanomm.runtime import llvm_opt

    pid = llvm_opt.worker_pid()
    here = f"{llvm_opt.in_process_runs()} LLVM runs here"
    if pid is None:
        return here
    try:
        with open(f"/proc/{pid}/statm") as f:
            return f"{here}; worker {pid} RSS {int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE') / 2**20:.1f} MiB"
    except OSError:
        return f"{here}; worker {pid}"


def mlir_live() -> str:
    if "mlir.ir" not in sys.modules:
        return "mlir not loaded"
    from mlir import ir

    return f"live MLIR contexts: {ir.Context._get_live_count()}"


def shapes(count: int):
    side = max(2, round(count ** (1 / 3)) + 1)
    n = 0
    for k in range(1, side + 1):
        for m in range(1, side + 1):
            for nn in range(1, side + 1):
                if n == count:
                    return
                yield m + 2, 8 * nn + 1, 4 * k + 3  # small, distinct, with edge tiles
                n += 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mode", choices=("api", "dropped", "jit"), default="api")
    p.add_argument("--count", type=int, default=1000)
    args = p.parse_args()

    import nanomm
    from nanomm.compiler.build import build_kernel
    from nanomm.compiler.payload import MatmulSpec
    from nanomm.runtime.cpu import host_cpu, llvm_feature_string
    from nanomm.runtime.jit import JitModule
    from nanomm.runtime.reference import naive_matmul_ir

    cpu = host_cpu()
    features = llvm_feature_string(cpu.features)

    def compile_one(i: int, M: int, N: int, K: int):
        if args.mode == "api":
            return nanomm.compile_matmul(M, N, K, threads=1)
        if args.mode == "dropped":
            build_kernel(MatmulSpec(M, N, K))
            return None
        JitModule(naive_matmul_ir("k", M, N, K), cpu.name, features).close()
        return None

    compile_one(0, 1, 1, 1)  # imports, LLVM initialisation, first-use caches
    gc.collect()
    base_rss, base_malloc = rss_mib(), malloc_mib()
    print(f"mode={args.mode} count={args.count} python={sys.version.split()[0]} pid={os.getpid()}")
    print(f"baseline: RSS {base_rss:.1f} MiB, malloc in use {base_malloc:.1f} MiB")
    checkpoints = {c for c in (10, 100, 1000, args.count) if c <= args.count}
    start = time.perf_counter()
    rows = {}
    for i, (M, N, K) in enumerate(shapes(args.count), 1):
        compile_one(i, M, N, K)
        if i in checkpoints:
            gc.collect()
            rows[i] = rss_mib(), malloc_mib()
            rss, used = rows[i]
            print(f"after {i:5d} compiles: RSS {rss:7.1f} MiB (+{rss - base_rss:6.1f}), malloc in use {used:7.1f} MiB "
                  f"(+{used - base_malloc:6.1f}), {time.perf_counter() - start:6.1f} s; {mlir_live()}; {worker_rss()}", flush=True)
    if len(rows) >= 2:
        (i0, (r0, u0)), (i1, (r1, u1)) = min(rows.items()), max(rows.items())
        print(f"per compile from {i0} to {i1}: RSS {(r1 - r0) * 1024 / (i1 - i0):.1f} KiB, "
              f"malloc in use {(u1 - u0) * 1024 / (i1 - i0):.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

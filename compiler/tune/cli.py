"""`nanomm tune`: tune one shape, show the result, plot it, export or import records.

    nanomm tune 1024 1024 1024                     model-guided, 60 s budget
    nanomm tune 512 512 512 --dtype bf16           bf16 x bf16 -> f32 (u8s8, s8s8: int8, in GOP/s)
    nanomm tune 64 64 64 --exhaustive --plot 64.png
    nanomm tune 16 4096 4096 --budget 200 --resume
    nanomm tune --shapes suite --budget 13m        the benchmark suite, 13 minutes in all
    nanomm tune --shapes shapes.txt --dtype f32,bf16   a file of 'MxNxK [dtype]' lines
    nanomm tune --shapes shapes.txt --cluster local:2  on a Dask cluster: 2 worker processes here
    nanomm tune --shapes shapes.txt --cluster tcp://10.0.0.5:8786 --budget 24 --resume
    nanomm tune 1024 1024 1024 --export rec.json   tune, then export this shape's record
    nanomm tune --export all.json                  export every record on this machine
    nanomm tune --import a.json b.json             merge other machines' records: the fastest verified
                                                   one per problem and CPU kind (and its machine, commit, date)
    nanomm tune --list                             the records that apply on this machine

Records apply to the compiler that made them (nanomm's source and the MLIR / LLVM toolchain, as the
kernel disk cache keys kernels): after an edit or an upgrade, tune again; --import ignores records
of another compiler and says how many.

Exit status: 0 done, 1 an error, 2 bad arguments, 130 interrupted (the record on disk stays
consistent and `--resume` continues from it).
"""

from __future__ import annotations

import argparse
import sys
import time

from ...errors import NanommError

DEFAULT_CLUSTER_CONFIGS = 16  # compiler/tune/cluster.py DEFAULT_CONFIGS (not imported: it needs MLIR)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="nanomm tune", description="Find the fastest kernel configuration for one "
                                "matmul shape on this machine, verify it, and record it (nanomm.matmul uses it).",
                                epilog=__doc__.split("\n\n")[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("M", type=int, nargs="?")
    p.add_argument("N", type=int, nargs="?")
    p.add_argument("K", type=int, nargs="?")
    p.add_argument("--dtype", default="f32",
                   help="data type: f32, bf16 (-> f32), u8s8 / s8s8 (uint8 / int8 x int8 -> int32); default f32; "
                        "with --shapes a comma-separated list")
    p.add_argument("--shapes", metavar="suite|FILE",
                   help="tune a list of problems in one run: 'suite' (the benchmark suite) or a file of "
                        "'MxNxK [dtype]' lines; --budget is then the total, shared out evenly (default 60s a problem), "
                        "and time a problem leaves unused goes to the ones after it")
    p.add_argument("--budget", default=None,
                   help="seconds ('60s', '2m') or a number of configurations (default 60s; "
                        "unlimited with --exhaustive)")
    p.add_argument("--threads", type=int, default=1, help="threads the kernel runs on (default 1)")
    p.add_argument("--exhaustive", action="store_true", help="measure every configuration of the space")
    p.add_argument("--resume", action="store_true", help="skip configurations the record already holds")
    p.add_argument("--plot", metavar="PNG", help="write a plot of the explored configurations")
    p.add_argument("--export", metavar="JSON", help="write records to a JSON file (this shape's after tuning, "
                   "or every record when no shape is given)")
    p.add_argument("--import", dest="import_", metavar="JSON", nargs="+",
                   help="verify and store the records of JSON files (exports of other machines): per problem and "
                        "CPU kind, the fastest verified record of theirs and this machine's is kept")
    p.add_argument("--overwrite", action="store_true", help="with --import: replace records that exist here")
    p.add_argument("--list", action="store_true", help="list the records that apply on this machine")
    p.add_argument("--cluster", metavar="local[:N]|tcp://HOST:PORT",
                   help="tune on a Dask cluster (pip install 'nanomm[cluster]'): 'local' starts N worker processes "
                        "here (default: the cores), an address uses that scheduler's workers; compiles run on any "
                        "worker with this nanomm, timings on workers with this machine's CPU; --budget is then a "
                        f"number of configurations per problem (default {DEFAULT_CLUSTER_CONFIGS}) and --resume "
                        "skips problems recorded already")
    p.add_argument("--prepacked", action="store_true",
                   help="with --cluster: tune kernels on a B packed once (compile_matmul(M, N, K, b=W), the weights "
                        "of a model; one thread)")
    p.add_argument("--target", default="host",
                   help="with --cluster: the CPU the records are for: host (this machine's kind) or a named CPU "
                        "(emeraldrapids, znver4, ...), timed on the workers nanomm names so")
    p.add_argument("--timing-slots", type=int, default=None, metavar="N",
                   help="with --cluster: problems timed at once per host (default: one per --threads cores; "
                        "1 for the quietest timings)")
    p.add_argument("--workers", type=int, default=None, help="compile processes (default: the cores)")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds one candidate may take to compile")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--top", type=int, default=10, help="rows of the final table")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


class _Progress:
    """A tqdm bar when tqdm is installed (pip install 'nanomm[tune]'), else a plain stderr line."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.bar = None
        self.last = 0.0
        self.tty = sys.stderr.isatty()
        if not quiet:
            try:
                from tqdm import tqdm

                self.bar = tqdm(total=None, file=sys.stderr, dynamic_ncols=True, leave=True, mininterval=0.5,
                                bar_format="{desc}: {percentage:3.0f}%|{bar}| {n}/{total}{unit} "
                                           "[{elapsed}] {postfix}")
            except ImportError:
                self.bar = None

    def __call__(self, e: dict) -> None:
        if self.quiet:
            return
        budget = e.get("budget")
        seconds = getattr(budget, "seconds", None)
        unit = "GOP/s" if e.get("unit") == "GOP/s" else "GF/s"
        best = f"{e['best_gflops']:.1f} {unit}" if e.get("best_gflops") else "-"
        ratio = (f" ({e['best_gflops'] / e['default_gflops']:.2f}x default)"
                 if e.get("best_gflops") and e.get("default_gflops") else "")
        text = f"{e['phase']}: best {best}{ratio}"
        if self.bar is not None:
            # the bar counts seconds of a time budget, else configurations
            if self.bar.total is None:
                self.bar.total = round(seconds) if seconds else e.get("target")
                self.bar.unit = "s" if seconds else "cfg"
            self.bar.n = min(round(e["elapsed"]), self.bar.total or 0) if seconds else e["evaluated"]
            self.bar.set_description_str(f"{e['phase']} ({e['evaluated']} cfg)")
            self.bar.set_postfix_str(f"best {best}{ratio}", refresh=False)
            self.bar.refresh()
            return
        now = time.monotonic()
        if now - self.last > (0.5 if self.tty else 5.0) or e["phase"] in ("final", "done"):
            self.last = now
            end = "\r" if self.tty else "\n"
            print(f"[{e['evaluated']}/{e.get('target') or '?'} {e['elapsed']:.0f}s] {text}".ljust(78),
                  end=end, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif not self.quiet and self.tty:
            print(file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    shape = (args.M, args.N, args.K)
    if any(x is not None for x in shape) and any(x is None for x in shape):
        print("error: give all of M N K, or none (with --export/--import/--list)", file=sys.stderr)
        return 2
    if args.shapes and shape[0] is not None:
        print("error: give M N K or --shapes, not both", file=sys.stderr)
        return 2
    dtypes = [d.strip() for d in args.dtype.split(",") if d.strip()]
    if any(d not in ("f32", "bf16", "u8s8", "s8s8") for d in dtypes) or not dtypes or \
            (len(dtypes) > 1 and not args.shapes):
        _parser().error(f"--dtype {args.dtype!r}: one of f32, bf16, u8s8, s8s8 (a comma-separated list with --shapes)")
    if shape[0] is None and not (args.export or args.import_ or args.list or args.shapes):
        _parser().print_usage(sys.stderr)
        print("error: M N K are needed to tune", file=sys.stderr)
        return 2
    try:
        from . import records

        if args.import_:
            counts = records.import_records(args.import_, overwrite=args.overwrite)
            files = args.import_[0] if len(args.import_) == 1 else f"{counts['files']} files"
            print(f"imported {counts['imported']} record(s) from {files} ({counts['this_machine']} for this "
                  f"machine, {counts['replaced']} replacing local ones), kept {counts['kept']} local, "
                  f"rejected {counts['invalid']} unsound")
            if counts["other_compiler"]:
                print(f"ignored {counts['other_compiler']} record(s) made by another nanomm source or toolchain "
                      "(MLIR, LLVM, llvmlite): they never apply to the kernels this checkout builds; tune those "
                      "shapes again here", file=sys.stderr)
        if args.list:
            _list()
        result = None
        if args.cluster:
            from .shapes import problems

            _tune_cluster(args, problems(args.shapes, dtypes) if args.shapes else [(*shape, dtypes[0])])
        elif args.prepacked or args.target != "host":
            raise NanommError("--prepacked and --target tune on a cluster (--cluster local for this machine alone)")
        elif shape[0] is not None:
            result = _tune(args)
        if args.shapes and not args.cluster:
            from .shapes import problems

            _tune_list(args, problems(args.shapes, dtypes))
        if args.export:
            if result is not None:
                rec = records.find(records.key_fields(*shape, args.dtype, result.problem.threads, _cpu()))
                recs = [rec] if rec else []
            else:
                recs = records.all_records()
            n = records.export_records(args.export, recs)
            print(f"exported {n} record(s) to {args.export}")
        return 0
    except KeyboardInterrupt:
        print("\ninterrupted: the record keeps what was measured (continue with --resume)", file=sys.stderr)
        return 130
    except (NanommError, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


def _cpu():
    from ...runtime.cpu import host_cpu

    return host_cpu()


def _tune(args):
    from .search import Budget, tune

    progress = _Progress(args.quiet)
    try:
        result = tune(args.M, args.N, args.K, args.dtype, threads=args.threads, budget=Budget.parse(args.budget),
                      exhaustive=args.exhaustive, resume=args.resume, workers=args.workers, timeout=args.timeout,
                      progress=progress, seed=args.seed)
    finally:
        progress.close()
    _table(result, args.top)
    if args.plot:
        from .plot import plot

        print(f"plot: {plot(result, args.plot)}")
    return result


def _tune_list(args, todo: list[tuple[int, int, int, str]]) -> None:
    """Tunes every problem of `todo` within one total budget, then prints one line per problem."""
    from .search import Budget, tune

    total = Budget.parse(args.budget) if args.budget else Budget(seconds=60.0 * len(todo))
    start, rows = time.monotonic(), []
    for i, (M, N, K, dtype) in enumerate(todo):
        left = len(todo) - i
        if total.seconds is not None:
            share = Budget(seconds=max(5.0, (total.seconds - (time.monotonic() - start)) / left))
        else:
            share = Budget(configs=max(1, total.configs // len(todo)))
        print(f"[{i + 1}/{len(todo)}] {M}x{N}x{K} {dtype}, threads={args.threads}, budget {share}", file=sys.stderr)
        progress = _Progress(args.quiet)
        try:
            r = tune(M, N, K, dtype, threads=args.threads, budget=share, resume=args.resume, workers=args.workers,
                     timeout=args.timeout, progress=progress, seed=args.seed)
        except NanommError as exc:  # one problem that cannot be tuned does not stop the others
            rows.append([f"{M}x{N}x{K}", dtype, "-", "-", f"error: {str(exc).splitlines()[0][:100]}"])
            continue
        finally:
            progress.close()
        best = r.problem.flops / r.best.figure() / 1e9 if r.best is not None and r.best.figure() else None
        rows.append([f"{M}x{N}x{K}", dtype, f"{best:.1f} {r.problem.unit}" if best else "-",
                     f"{r.speedup:.3f}x" if r.speedup else "-", r.record_path or "no record"])
    print(f"nanomm tune --shapes {args.shapes}: {len(todo)} problems in {time.monotonic() - start:.0f} s "
          f"(budget {total}), threads={args.threads}")
    head = ["shape", "dtype", "best", "vs default", "record"]
    _print_rows(head, rows)


def _print_rows(head: list[str], rows: list[list]) -> None:
    """A left-aligned table: the head, then a line per row."""
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    for r in [head, *rows]:
        print("  ".join(str(x).ljust(w) for x, w in zip(r, widths)).rstrip())


def _tune_cluster(args, todo: list[tuple[int, int, int, str]]) -> None:
    """Tunes every problem of `todo` on a Dask cluster (compiler/tune/cluster.py), then a line each."""
    from .cluster import tune_cluster

    budget = args.budget or str(DEFAULT_CLUSTER_CONFIGS)
    if not budget.isdigit() or int(budget) < 1:
        raise NanommError(f"with --cluster, --budget is a number of configurations per problem, got {budget!r}")
    if args.exhaustive or args.plot:
        raise NanommError("--exhaustive and --plot tune one shape on this machine: leave out --cluster")
    start = time.monotonic()
    rows = []
    for s in tune_cluster(todo, args.cluster, threads=args.threads, configs=int(budget), timeout=args.timeout,
                          resume=args.resume, workers=args.workers, slots=args.timing_slots,
                          prepacked=args.prepacked, target=args.target):
        if s["status"] == "recorded":
            rows.append([s["problem"], f"{s['best_gflops']:.1f} {s['unit']}",
                         f"{s['speedup']:.3f}x" if s.get("speedup") else "-", s["record"]])
        else:
            rows.append([s["problem"], "-", "-", s.get("error") or s["status"]])
    print(f"nanomm tune --cluster {args.cluster}: {len(todo)} problems in {time.monotonic() - start:.0f} s, "
          f"{budget} configurations each, threads={args.threads}")
    head = ["problem", "best", "vs default", "record"]
    _print_rows(head, rows)


def _table(result, top: int) -> None:
    from .space import short

    flops = result.problem.flops
    ev = result.evaluated
    # the re-timed finalists first (their figures are comparable), then the rest by search time
    ok = sorted((c for c in result.candidates if c.status == "ok" and c.figure()),
                key=lambda c: (c.final_seconds is None, c.figure()))
    d = result.default
    print(f"nanomm tune {result.problem.name}: {result.mode} search, {len(ev)} of {result.space_size} "
          f"configurations measured ({len(result.failed)} failed) in {result.elapsed:.1f} s")
    head = ["#", result.problem.unit, "vs default", "spread", "source", "config"]
    rows = []
    for i, c in enumerate(ok[:top], 1):
        g = flops / c.figure() / 1e9
        vs = f"{d.figure() / c.figure():.3f}x" if d is not None and d.figure() else "-"
        spread = c.final_spread if c.final_spread is not None else c.spread
        rows.append([f"{i}{'*' if c is result.best else ''}", f"{g:.1f}", vs,
                     f"{100 * spread:.1f}%" if spread is not None else "-", c.source + (
                         " re-timed" if c.final_seconds is not None else ""), short(c.config)])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)] if rows else [len(h) for h in head]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    for r in rows:
        print("  ".join(str(x).ljust(w) for x, w in zip(r, widths)))
    failed = result.failed
    for c in failed[:5]:
        print(f"failed: {short(c.config)}: {(c.error or '').splitlines()[0][:160] if c.error else c.status}")
    if len(failed) > 5:
        print(f"... and {len(failed) - 5} more failed")
    b = result.best
    sp = result.speedup
    print(f"best: {b.config}")
    print(f"      {flops / b.figure() / 1e9:.1f} {result.problem.unit}, {sp:.3f}x the default" if sp else "")
    if result.record_path:
        print(f"record: {result.record_path}")
        hint = _threads_hint(result.problem)
        if hint:
            print(hint)


def _threads_hint(problem) -> str | None:
    """Where the record will not be used by default: nanomm.matmul / compile_matmul use every
    core, and look up records at the number of threads they split the problem into."""
    from ...runtime.cpu import host_cpu
    from ..parallel import resolve_threads, threads_used

    default = threads_used(problem.spec, resolve_threads(None), host_cpu())
    if default == problem.threads:
        return None
    return (f"note: this record is for {problem.threads} thread{'s' if problem.threads > 1 else ''}; "
            f"nanomm.matmul and compile_matmul run this shape on {default} by default: pass "
            f"threads={problem.threads} to use it, or tune with --threads {default}")


def _list() -> None:
    from . import records
    from .space import short

    here = records.machine_fields(_cpu())
    n = stale = 0
    for rec in records.all_records():
        f = rec["fields"]
        if f.get("cpu") != here["cpu"]:
            continue
        if f.get("compiler") != here["compiler"]:
            stale += 1
            continue
        p = f["problem"]
        best = rec.get("best")
        if best is None:
            print(f"{p['M']}x{p['N']}x{p['K']} {p['dtype']} threads={p['threads']}: partial, no best yet")
            continue
        n += 1
        sp = best.get("speedup_vs_default")
        unit = "GOP/s" if p["dtype"] in ("u8s8", "s8s8") else "GFLOP/s"
        print(f"{p['M']}x{p['N']}x{p['K']} {p['dtype']} threads={p['threads']}: {best.get('gflops') or 0:.1f} {unit}"
              f"{f' ({sp:.3f}x default)' if sp else ''}  {short(records.config_of(best))}")
    if n == 0:
        print("no tuning records for this machine")
    if stale:
        print(f"({stale} record(s) for this CPU were made by another nanomm source or toolchain: not used)")


if __name__ == "__main__":
    sys.exit(main())

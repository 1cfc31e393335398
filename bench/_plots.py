"""PNG plots of a bench report (bench/_report.py format): GFLOP/s per shape, roofline, tuning gain.

Needs matplotlib (pip install 'nanomm[bench]'); `plot_all(report, stem)` writes
<stem>-gflops.png, <stem>-roofline.png and <stem>-tuning.png and returns their paths.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import _report  # noqa: E402

COLOURS = {"nanomm": "tab:red", "nanomm_prepacked": "tab:pink", "nanomm_untuned": "tab:orange",
           "numpy": "tab:blue", "onednn": "tab:green", "mkl": "tab:purple", "blis": "tab:brown", "torch": "tab:gray"}


def _names(report: dict, entries: list[dict]) -> list[str]:
    present = {n for e in entries for n in e.get("libs", {})}
    order = [n for n in report.get("libraries", []) if n in present]
    return order + sorted(present - set(order))


def _grid(n: int, width: float, height: float):
    fig, axes = plt.subplots(n, 1, figsize=(width, height * n), squeeze=False)
    return fig, [ax for row in axes for ax in row]


def _title(report: dict) -> str:
    """The report's title line (tool, CPU, start), with its commit where recorded."""
    commit = f", commit {report['commit']}" if report.get("commit") else ""
    return _report.title(report) + commit


def _save(fig, report: dict, path: Path) -> Path:
    fig.suptitle(_title(report), fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.98))
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_gflops(report: dict, path: Path) -> Path:
    """One panel per (dtype, threads): grouped bars, one per library, per shape; the peak as a line."""
    groups = _report.groups(report)
    fig, axes = _grid(max(1, len(groups)), 13, 3.6)
    for ax, (dtype, threads, entries) in zip(axes, groups):
        names = _names(report, entries)
        width = 0.8 / max(1, len(names))
        for i, n in enumerate(names):
            xs = [k + (i - (len(names) - 1) / 2) * width for k in range(len(entries))]
            ys = [e["libs"].get(n, {}).get("gflops") or 0 for e in entries]
            ax.bar(xs, ys, width, label=_report.LABELS.get(n, n), color=COLOURS.get(n))
        pk = _report.peak(report, dtype, threads)
        if pk:
            ax.axhline(pk, color="black", ls="--", lw=0.8, label="measured peak")
        for k, e in enumerate(entries):
            if "nanomm" in e.get("missing", {}):
                ax.text(k, 0, "nanomm n/a", rotation=90, fontsize=7, ha="center", va="bottom", color="tab:red")
        ax.set_xticks(range(len(entries)), [e["shape"] for e in entries], rotation=30, ha="right", fontsize=8)
        ax.set_ylabel(_report.DTYPES[dtype]["unit"])
        ax.set_title(f"{dtype}, {threads} thread(s)", fontsize=10)
        ax.legend(fontsize=7, ncol=4)
    return _save(fig, report, path)


def plot_roofline(report: dict, path: Path) -> Path:
    """One panel per (dtype, threads): % of the compute peak against arithmetic intensity (log x),
    with the memory roof min(100 %, intensity x bandwidth / peak)."""
    groups = _report.groups(report)
    fig, axes = _grid(max(1, len(groups)), 9, 3.8)
    for ax, (dtype, threads, entries) in zip(axes, groups):
        pk = _report.peak(report, dtype, threads)
        bw = _report.bandwidth(report, threads)
        ai = [e["ops"] / _report.min_bytes(e["M"], e["N"], e["K"], dtype) for e in entries]
        if not pk:
            ax.text(0.5, 0.5, "no measured peak for this dtype", transform=ax.transAxes, ha="center")
            continue
        if bw and ai:
            lo, hi = min(ai) / 2, max(ai) * 2
            xs = [lo * (hi / lo) ** (i / 100) for i in range(101)]
            ax.plot(xs, [min(100.0, 100 * x * bw / pk) for x in xs], color="black", lw=1,
                    label=f"roof: peak {pk:.0f}, {bw:.1f} GB/s")
        for n in _names(report, entries):
            pts = [(a, 100 * e["libs"][n]["gflops"] / pk) for a, e in zip(ai, entries) if e["libs"].get(n, {}).get("gflops")]
            if pts:
                ax.scatter(*zip(*pts), s=22 if n == "nanomm" else 12, label=_report.LABELS.get(n, n),
                           color=COLOURS.get(n), zorder=3 if n == "nanomm" else 2)
        for a, e in zip(ai, entries):
            ax.annotate(e["shape"], (a, 2), fontsize=6, rotation=90, ha="center", va="bottom", color="grey")
        ax.set_xscale("log")
        ax.set_ylim(0, 110)
        ax.set_xlabel("arithmetic intensity (ops / minimum bytes moved)")
        ax.set_ylabel("% of measured peak")
        ax.set_title(f"{dtype}, {threads} thread(s)", fontsize=10)
        ax.legend(fontsize=7, ncol=2, loc="lower right")
    return _save(fig, report, path)


def plot_tuning(report: dict, path: Path) -> Path:
    """nanomm (tuned record) / nanomm with the heuristic default config, per shape where `nanomm tune`
    left a record; shapes without one are listed as such."""
    entries = [e for e in report.get("results", []) if "nanomm" in e.get("libs", {})]
    tuned = [e for e in entries if e.get("libs", {}).get("nanomm_untuned")]
    untuned = [f"{e['dtype']} {e['threads']}t {e['shape']}" for e in entries if e not in tuned]
    fig, ax = plt.subplots(figsize=(10, 4))
    if tuned:
        gains = [e["libs"]["nanomm"]["gflops"] / e["libs"]["nanomm_untuned"]["gflops"] for e in tuned]
        labels = [f"{e['dtype']} {e['threads']}t {e['shape']}" for e in tuned]
        ax.bar(range(len(tuned)), gains, color=["tab:green" if g >= 1 else "tab:red" for g in gains])
        ax.axhline(1.0, color="black", lw=0.8)
        for k, g in enumerate(gains):
            ax.text(k, g, f"{g:.3f}x", ha="center", va="bottom", fontsize=8)
        ax.set_xticks(range(len(tuned)), labels, rotation=30, ha="right", fontsize=8)
        ax.set_ylabel("tuned / default config (speed)")
        ax.set_title("tuning gain (nanomm tune records)", fontsize=10)
    else:
        ax.axis("off")
        ax.set_title("tuning gain", fontsize=10)
    if untuned:
        shown = ", ".join(untuned[:24]) + (f" and {len(untuned) - 24} more" if len(untuned) > 24 else "")
        ax.text(0.0, -0.35 if tuned else 0.5, f"no tuned record (run `nanomm tune M N K`) for: {shown}",
                transform=ax.transAxes, fontsize=8, wrap=True, va="top" if tuned else "center")
    return _save(fig, report, path)


def plot_all(report: dict, stem: Path | str) -> dict[str, Path]:
    stem = Path(stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    return {"gflops": plot_gflops(report, Path(f"{stem}-gflops.png")),
            "roofline": plot_roofline(report, Path(f"{stem}-roofline.png")),
            "tuning": plot_tuning(report, Path(f"{stem}-tuning.png"))}

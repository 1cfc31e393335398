"""A PNG of the configurations a tuning run explored (needs matplotlib: pip install 'nanomm[tune]')."""

from __future__ import annotations

from pathlib import Path

from ...errors import NanommError


def plot(result, path: str | Path) -> Path:
    """Two panels: GFLOP/s (GOP/s for int8) of every evaluated configuration in evaluation order (the running
    best, the default, failures at the bottom), and the model's prediction against the
    measurement."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise NanommError("--plot needs matplotlib: pip install 'nanomm[tune]' (or matplotlib)") from None
    flops = result.problem.flops
    ev = sorted(result.evaluated, key=lambda c: c.index)
    ok = [c for c in ev if c.status == "ok" and c.seconds]
    bad = [c for c in ev if c.status != "ok"]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(13, 5))
    colours = {"default": "black", "model": "tab:blue", "evolve": "tab:orange", "knobs": "tab:cyan", "exhaustive": "tab:green",
               "incumbent": "tab:purple", "record": "grey"}
    for source, colour in colours.items():
        pts = [c for c in ok if c.source == source]
        if pts:
            ax1.scatter([c.index for c in pts], [flops / c.seconds / 1e9 for c in pts], s=14, c=colour,
                        label=source, alpha=0.8)
    running, best = [], 0.0
    for c in ev:
        if c.status == "ok" and c.seconds:
            best = max(best, flops / c.seconds / 1e9)
        running.append(best)
    ax1.plot([c.index for c in ev], running, c="tab:red", lw=1, label="best so far")
    if result.default is not None and result.default.figure():
        ax1.axhline(flops / result.default.figure() / 1e9, c="black", ls="--", lw=0.8, label="default (final)")
    if bad:
        ax1.scatter([c.index for c in bad], [0] * len(bad), marker="x", c="red", label="failed / wrong")
    ax1.set_xlabel("evaluation")
    ax1.set_ylabel(result.problem.unit)
    ax1.set_title(f"{result.problem.name}: {len(ev)} of {result.space_size} configurations ({result.mode})")
    ax1.legend(fontsize=8)
    if ok:
        pred = [flops / c.predicted / 1e9 for c in ok if c.predicted]
        meas = [flops / c.seconds / 1e9 for c in ok if c.predicted]
        ax2.scatter(pred, meas, s=14, c=[c.config.nr for c in ok if c.predicted], cmap="viridis")
        lo, hi = min(pred + meas), max(pred + meas)
        ax2.plot([lo, hi], [lo, hi], c="grey", lw=0.8)
    ax2.set_xlabel(f"model {result.problem.unit}")
    ax2.set_ylabel(f"measured {result.problem.unit}")
    ax2.set_title("model vs measurement (colour: nr)")
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path

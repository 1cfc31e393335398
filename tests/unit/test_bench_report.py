"""The benchmarks' report format (bench/_report.py), fed fake results: tables, ratios, roofline, JSON, plots.

No timing is asserted: every figure here is made up.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture()
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import _report
    import _timing
    spec = importlib.util.spec_from_file_location("amx_f32_threads", BENCH / "amx_host" / "f32_threads.py")
    amx = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(amx)
    return _report, _timing, amx


def timing(_timing, seconds: float, worst: float | None = None) -> dict:
    """A _timing result whose best round median is `seconds` (and worst `worst`)."""
    ns = int(seconds * 1e9)
    rounds = [[ns, ns, ns + 10]] + ([[int(worst * 1e9)] * 3] if worst else [])
    return _timing.summarise(rounds)


def fake_amx_report(bench):
    _report, _timing, amx = bench
    M = N = K = 1024
    ops = 2.0 * M * N * K
    timings = {("nanomm", 1): timing(_timing, ops / 100e9),      # 100 GFLOP/s
               ("torch", 1): timing(_timing, ops / 50e9, ops / 40e9),  # 50, one round at 40
               ("nanomm", 16): timing(_timing, ops / 1000e9),
               ("torch", 16): timing(_timing, ops / 800e9),
               ("numpy", 16): timing(_timing, ops / 1250e9)}
    checks = {("nanomm", 1): None, ("nanomm", 16): None}
    entries = amx.entries_for(M, N, K, timings, checks)
    entries += amx.entries_for(1, 4096, 4096, {("torch", 1): timing(_timing, 2 * 4096 * 4096 / 10e9)}, {})
    machine = {"cpu": {"model_name": "Fake Emerald Rapids", "llvm_name": "emeraldrapids", "cores": 16},
               "peak_per_core": {"f32": 125.0}, "peak_all_threads": {"16": {"f32": 1900.0}},
               "bandwidth_gbs": {"1": 20.0, "16": 200.0}}
    return amx.build_report(entries, machine, host="amx", started="2026-11-30T00:00:00", argv=["f32_threads.py"])


def test_entries_one_per_thread_count_with_gflops(bench):
    report = fake_amx_report(bench)
    by = {(e["shape"], e["threads"]): e for e in report["results"]}
    assert set(by) == {("1024^3", 1), ("1024^3", 16), ("1x4096x4096", 1)}
    assert by[("1024^3", 1)]["libs"]["nanomm"]["gflops"] == pytest.approx(100.0, rel=1e-6)
    assert set(by[("1024^3", 16)]["libs"]) == {"nanomm", "torch", "numpy"}
    assert "numpy" not in by[("1024^3", 1)]["libs"]
    assert by[("1x4096x4096", 1)]["missing"]["nanomm"].startswith("no AOT kernel")


def test_best_peer_and_ratios(bench):
    _report = bench[0]
    report = fake_amx_report(bench)
    e1, e16 = report["results"][0], report["results"][1]
    assert _report.best_peer(e1)[0] == "torch"
    assert _report.best_peer(e16)[0] == "numpy"  # nanomm variants are never the best peer
    head, rows, _ = _report.group_table(report, "f32", 16, [e16])
    row = dict(zip(head, rows[0]))
    assert row["nanomm / best"] == "0.80"  # 1000 / 1250
    assert row["% peak"] == "50%"  # 1000 / (16 x 125 per core)
    assert row["spread nanomm / best"] == "0.0% / 0.0%"
    head1, rows1, _ = _report.group_table(report, "f32", 1, [e1])
    assert dict(zip(head1, rows1[0]))["spread nanomm / best"] == "0.0% / 25.0%"  # torch: rounds at 50 and 40
    summary = _report.group_summary(report, "f32", 1, [e for e in report["results"] if e["threads"] == 1])
    assert summary[0] == "geomean nanomm / best peer over 1 shapes: 2.000"
    assert any(line.startswith("nanomm: not measured (no AOT kernel built for 1 threads)") for line in summary)


def test_spread_is_worst_round_over_best(bench):
    _, _timing, _ = bench
    r = _timing.summarise([[100, 100, 110], [150, 150, 150]])
    assert r["best_median_s"] == pytest.approx(100e-9)
    assert r["spread"] == pytest.approx(0.5)
    assert r["round_medians_s"] == pytest.approx([100e-9, 150e-9])


def test_roofline_bound(bench):
    _report = bench[0]
    report = fake_amx_report(bench)
    gemv = next(e for e in report["results"] if e["shape"] == "1x4096x4096")
    # f32 gemv: ~4 bytes per 2 flops, so the roof is ~0.5 flop/byte x 20 GB/s = ~10 GFLOP/s
    assert _report.roof(report, gemv) == pytest.approx(2 * 4096 * 4096 / _report.min_bytes(1, 4096, 4096, "f32") * 20.0)
    assert _report.roof(report, report["results"][0]) == pytest.approx(125.0)  # compute bound: the peak
    assert _report.min_bytes(2, 3, 5, "u8s8") == (2 * 5 + 5 * 3) * 1 + 2 * 3 * 4


def test_markdown_and_json_written(bench, tmp_path):
    _report = bench[0]
    report = fake_amx_report(bench)
    report["notes"].append("a note")
    json_path, md_path = _report.write(report, tmp_path / "r.json")
    md = md_path.read_text()
    assert "## f32, 1 thread\n" in md and "## f32, 16 threads\n" in md
    assert "| 1024^3 | 100.0 | 50.0 |" in md
    assert "- a note" in md and "Fake Emerald Rapids" in md
    loaded = json.loads(json_path.read_text())
    assert loaded["format"] == _report.FORMAT and len(loaded["results"]) == 3
    assert loaded["results"][0]["libs"]["torch"]["spread"] == pytest.approx(0.25, rel=1e-6)  # 50 vs 40 GFLOP/s


def test_to_json_puts_each_sample_list_on_one_line(bench):
    _report = bench[0]
    text = _report.to_json({"a": {"samples_ns": [1, 2, 3]}, "b": [1, 2]})
    assert '"samples_ns": [1,2,3]' in text
    assert json.loads(text) == {"a": {"samples_ns": [1, 2, 3]}, "b": [1, 2]}


def test_parse_shape(bench):
    _report = bench[0]
    assert _report.parse_shape("64") == (64, 64, 64)
    assert _report.parse_shape("1x4096x33") == (1, 4096, 33)
    for bad in ("0", "3x4", "ax2x3", "-1x2x3"):
        with pytest.raises(ValueError):
            _report.parse_shape(bad)


def test_plots_written(bench, tmp_path):
    pytest.importorskip("matplotlib")
    import _plots
    report = fake_amx_report(bench)
    paths = _plots.plot_all(report, tmp_path / "r")
    assert set(paths) == {"gflops", "roofline", "tuning"}
    for p in paths.values():
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

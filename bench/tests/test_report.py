"""The benchmarks' report format (bench/_report.py), fed fake results: tables, ratios, roofline, JSON, plots;
f32_threads.py's and amx_bench.py's reports (the AMX host's) in it; where every report says it came from
(commit, CPU, command line).

No timing is asserted: every figure here is made up.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

BENCH = Path(__file__).resolve().parents[1]
# What the fake reports say about where they came from (no git, no CPU probing).
WHERE = {"commit": "1a2b3c4", "cpu_name": "Fake Emerald Rapids (emeraldrapids), family 6 model 207",
         "command": "python3 bench/amx_host/amx_bench.py DIR"}


def load_amx_host_script(name: str, module_name: str | None = None):
    """A script of bench/amx_host as a module (bench/ must be on sys.path for its imports)."""
    spec = importlib.util.spec_from_file_location(module_name or name, BENCH / "amx_host" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import _report
    import _timing
    return _report, _timing, load_amx_host_script("f32_threads", "amx_f32_threads")


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
    return amx.build_report(entries, machine, started="2026-11-30T00:00:00", argv=["f32_threads.py"], provenance=WHERE)


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
    assert md.startswith("# bench/amx_host/f32_threads.py, Fake Emerald Rapids (emeraldrapids), family 6 model 207, ")
    assert ("commit 1a2b3c4 on Fake Emerald Rapids (emeraldrapids), family 6 model 207; "
            "command: `python3 bench/amx_host/amx_bench.py DIR`") in md
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


# --- amx_bench.py: AMX bf16 / int8 kernels, several variants per shape --------------------------------

@pytest.fixture()
def amx_bench(bench):
    return load_amx_host_script("amx_bench")


def fake_amx_bench_report(bench, amx_bench):
    """bf16 1024^3 on 16 threads in two variants against torch, u8s8 on 1 thread (one variant wrong, one
    without a peer), all made up."""
    _, _timing, _ = bench
    ops = 2.0 * 1024 ** 3
    torch16 = timing(_timing, ops / 3000e9)
    entries = [
        amx_bench.make_entry("bf16", 1024, 1024, 1024, 16,
                             {"nanomm": timing(_timing, ops / 3712e9, ops / 3200e9), "torch": torch16},
                             {"nanomm": None, "torch": None}, nanomm={"variant": "default", "config": "default: amx"}),
        amx_bench.make_entry("bf16", 1024, 1024, 1024, 16,
                             {"nanomm": timing(_timing, ops / 1500e9), "torch": torch16},
                             {"nanomm": None, "torch": None}, nanomm={"variant": "kc128", "config": "kc128: amx"}),
        amx_bench.make_entry("u8s8", 128, 4096, 4096, 1, {"torch_int_mm": timing(_timing, 2 * 128 * 4096 * 4096 / 700e9)},
                             {"nanomm": "3 of 524288 wrong"}, nanomm={"variant": "default", "config": "default: amx"}),
        amx_bench.make_entry("u8s8", 1024, 1024, 1024, 1, {"nanomm": timing(_timing, ops / 1160e9)},
                             {"nanomm": None}, missing={"torch_int_mm": "--no-torch"},
                             nanomm={"variant": "default", "config": "default: amx", "probe_gops": 1450.0}),
    ]
    machine = {"cpu": {"model_name": "Fake Xeon", "llvm_name": "emeraldrapids", "cores": 16}}
    return amx_bench.build_report(entries, machine, started="2026-11-30T00:00:00", argv=["amx_bench.py"],
                                  provenance=WHERE)


def test_amx_bench_tables_per_dtype_and_threads_with_variants(bench, amx_bench):
    _report = bench[0]
    report = fake_amx_bench_report(bench, amx_bench)
    assert [(d, t, len(es)) for d, t, es in _report.groups(report)] == [("bf16", 16, 2), ("u8s8", 1, 2)]
    entries = _report.groups(report)[0][2]
    head, rows, _ = _report.group_table(report, "bf16", 16, entries)
    assert head[:3] == ["shape", "nanomm GFLOP/s", "torch matmul GFLOP/s"]
    by_config = {r[head.index("nanomm config")]: dict(zip(head, r)) for r in rows}
    assert set(by_config) == {"default: amx", "kc128: amx"}  # the variants stay apart
    default, kc128 = by_config["default: amx"], by_config["kc128: amx"]
    assert default["nanomm GFLOP/s"] == "3712.0" and default["torch matmul GFLOP/s"] == "3000.0"
    assert default["best peer"] == "torch matmul" and default["nanomm / best"] == "1.24"
    assert default["% peak"] == "20%"  # 3712 / (16 x 1160), the AMX probe's peak
    assert default["spread nanomm / best"] == "16.0% / 0.0%"  # rounds at 3712 and 3200
    assert kc128["nanomm / best"] == "0.50" and kc128["check"] == "ok"
    assert any(n.startswith("bf16, 16 threads: geomean nanomm / best peer per variant: default 1.237 (1 shapes), "
                            "kc128 0.500 (1 shapes)") for n in report["notes"])
    assert not any(n.startswith("u8s8,") for n in report["notes"])  # one variant: no per-variant note
    # the AMX probe timed in the same rounds as the 1-thread kernel
    assert ("u8s8 1024^3 (default): AMX probe in the same rounds 1450 (62% of the probe figure 2320); "
            "nanomm 1160 = 80% of it") in report["notes"]


def test_amx_bench_wrong_and_missing_libraries(bench, amx_bench):
    _report = bench[0]
    report = fake_amx_bench_report(bench, amx_bench)
    entries = _report.groups(report)[1][2]
    head, rows, _ = _report.group_table(report, "u8s8", 1, entries)
    assert head[1:3] == ["nanomm GOP/s", "torch._int_mm GOP/s"]
    wrong, alone = (dict(zip(head, r)) for r in rows)
    assert wrong["nanomm GOP/s"] == "n/a" and wrong["check"] == "WRONG: nanomm"
    assert wrong["torch._int_mm GOP/s"] == "700.0" and wrong["best peer"] == "torch._int_mm"
    assert alone["% peak"] == "50%" and alone["nanomm / best"] == "n/a"  # 1160 / 2320 GOP/s per core
    summary = _report.group_summary(report, "u8s8", 1, entries)
    assert "torch._int_mm: not measured (--no-torch)" in summary
    assert entries[0]["libs"]["nanomm"]["check"] == {"ok": False, "problem": "3 of 524288 wrong"}
    assert entries[0]["libs"]["torch_int_mm"]["check"]["ok"] is None  # not checked, and not marked wrong


def test_amx_bench_json_and_markdown(bench, amx_bench, tmp_path):
    _report = bench[0]
    report = fake_amx_bench_report(bench, amx_bench)
    json_path, md_path = _report.write(report, tmp_path / "amx.json")
    loaded = json.loads(json_path.read_text())
    assert {"format", "tool", "commit", "cpu_name", "command", "machine", "libraries", "labels", "results", "notes",
            "method"} <= set(loaded)
    assert loaded["format"] == _report.FORMAT and loaded["tool"] == "bench/amx_host/amx_bench.py"
    assert loaded["machine"]["peak_per_core"] == amx_bench.PEAK_PER_CORE  # (the f32 loop and the AMX figures)
    first = loaded["results"][0]
    assert {"dtype", "threads", "shape", "M", "N", "K", "ops", "libs", "missing", "nanomm"} <= set(first)
    assert first["nanomm"]["variant"] == "default"
    assert first["libs"]["nanomm"]["gflops"] == pytest.approx(3712.0, rel=1e-5)
    assert first["libs"]["nanomm"]["spread"] == pytest.approx(3712 / 3200 - 1, rel=1e-5)
    md = md_path.read_text()
    assert "## bf16, 16 threads\n" in md and "## u8s8, 1 thread\n" in md
    assert "| 1024^3 | 3712.0 | 3000.0 | torch matmul | 1.24 | 20% |" in md
    assert "| 1024^3 | 1500.0 | 3000.0 | torch matmul | 0.50 |" in md


def test_amx_bench_config_text_and_missing_amx(amx_bench):
    from nanomm.runtime.cpu import CpuInfo

    cfg = {"isa": "amx", "mr": 32, "nr": 32, "mc": 128, "nc": 256, "kc": 512, "pack_b": True}
    manifest = {"objects": {"k": {"config": cfg}}, "required_features": ["avx512f", "amx-tile", "amx-bf16"],
                "target": "emeraldrapids"}
    assert amx_bench.config_text(manifest) == "amx 32x32 mc128 nc256 kc512 packB"
    zen = CpuInfo(name="znver4", features=frozenset({"avx512f"}), model_name="Fake EPYC")
    why = amx_bench.lacking({("bf16", 1, 8, 8, 8): [("default", Path("d/k.json"), manifest)]}, zen)
    assert why.startswith("this CPU (Fake EPYC, znver4) lacks AMX that d/k.json needs: amx-tile, amx-bf16")
    assert "emeraldrapids" in why
    xeon = CpuInfo(name="emeraldrapids", features=frozenset({"avx512f", "amx-tile", "amx-bf16"}))
    assert amx_bench.lacking({("bf16", 1, 8, 8, 8): [("default", Path("d/k.json"), manifest)]}, xeon) is None


@pytest.fixture()
def tune_speedup(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    return load_amx_host_script("tune_speedup")


def _timed_problem(root: Path, shape: tuple, dtype: str, finals: dict, probe: dict | None = None) -> None:
    """A remote-tuning folder as prepare + runtime/remote_tune.py leave it (made-up seconds)."""
    M, N, K = shape
    folder = root / f"{M}x{N}x{K}_{dtype}_t1"
    folder.mkdir(parents=True)
    cands = [{"index": i, "short": f"cfg{i}"} for i in range(3)]
    plan = {"problem": {"M": M, "N": N, "K": K, "dtype": dtype, "threads": 1}, "default": 0, "candidates": cands}
    timings = {"host": {"model_name": "Fake Xeon"}, "finished": "now", "candidates": [
        {"index": i, "status": "ok" if i in finals else "wrong", **({"final_seconds": finals[i]} if i in finals else {})}
        for i in range(3)]}
    if probe:
        timings["probe"] = probe
    (folder / "candidates.json").write_text(json.dumps(plan))
    (folder / "timings.json").write_text(json.dumps(timings))


def test_tune_speedup_reports_default_over_best_and_flags_a_moving_host(tune_speedup, tmp_path):
    _timed_problem(tmp_path, (64, 64, 64), "bf16", {0: 2.0, 1: 1.0}, probe={"before": 2000.0, "after": 1000.0})
    _timed_problem(tmp_path, (128, 128, 128), "bf16", {0: 1.0, 1: 1.25})  # the default is the fastest
    rows = tune_speedup.rows_of(tmp_path)
    assert [(r["shape"], r["speedup"], r["best"], r["wrong"]) for r in rows] == [
        ("128x128x128", 1.0, "cfg0", 1), ("64x64x64", 2.0, "cfg1", 1)]
    text = tune_speedup.report(rows)
    assert "2000 / 1000 (moved)" in text and "| - |" in text
    assert "geomean tuned / default over 2 shapes: 1.414x (1 shapes at >= 1.05x)" in text
    assert tune_speedup.main([str(tmp_path), "--report-only", "--json", str(tmp_path / "out.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text())["rows"][1]["drift"] == 0.5
    assert (tmp_path / "out.md").read_text().startswith("# bench/amx_host/tune_speedup.py on Fake Xeon")


# --- tile_loop.py: AMX tile loops with operands from memory (compiled here, run on the AMX host) ----------


@pytest.mark.parametrize("order, body", [
    # per K step: what compose-amx emits (all four loads, then the four products) ...
    ("grouped", ["tileloadd"] * 4 + ["tdpbf16ps"] * 4),
    # ... compose-amx's order ...
    ("nanomm", ["tileloadd", "tileloadd", "tdpbf16ps", "tileloadd", "tileloadd"] + ["tdpbf16ps"] * 3),
    # ... each operand reloaded for the next step right after its last product of this one ...
    ("interleaved", ["tdpbf16ps", "tdpbf16ps", "tileloadd", "tdpbf16ps", "tileloadd", "tdpbf16ps",
                     "tileloadd", "tileloadd"]),
    # ... two C tiles, the other set of operand tiles loaded between the products.
    ("2x1", ["tdpbf16ps", "tileloadd", "tileloadd", "tdpbf16ps", "tileloadd"] * 2),
])
def test_tile_loop_compiles_to_its_tile_order(monkeypatch, order, body):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    from nanomm.runtime.jit import JitModule

    kc = 128  # 4 K steps
    module = JitModule(tile_loop.loop_ir(order, kc, panels=2), "sapphirerapids",
                       "+amx-tile,+amx-bf16,+avx512f,+avx512bw", opt_level=2)
    ops = [line.split()[0] for line in module.asm().splitlines()
           if line.strip().startswith(("tileloadd", "tdpbf16ps"))]
    text = " ".join(ops)
    assert " ".join(body) in text, f"{order}: {text}"
    # In the IR (before LLVM unrolls and peels the loops): tile loads per product are 1 with 2x2 C
    # tiles, 1.5 with 2x1, plus the first step's loads before the step loop where the loads run a
    # step ahead (4 for interleaved 2x2, 3 for 2x1).
    ir = tile_loop.loop_ir(order, kc, panels=2)
    loads, products = ir.count("call void @llvm.x86.tileloadd64"), ir.count("call void @llvm.x86.tdpbf16ps")
    expected = {"grouped": (4, 4), "nanomm": (4, 4), "interleaved": (8, 4), "2x1": (9, 4)}[order]
    assert (loads, products) == expected
    # the strides: A tiles use pack-a's odd-line row stride, B tiles the 128-byte panel row
    asm = module.asm()
    assert f"${tile_loop.a_row_stride(kc)}" in asm and f"${tile_loop.PANEL_ROW}" in asm


def test_tile_loop_a_stride_is_an_odd_number_of_lines(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    for kc in (64, 128, 256, 1024):
        stride = tile_loop.a_row_stride(kc)
        assert stride >= kc * 2 and (stride // 64) % 2 == 1 and stride % 64 == 0


def _tile_loads(ir: str) -> list[tuple[str, int, int]]:
    """(intrinsic, tile, stride) of every tile load of a tile loop's IR."""
    return [(m[0], int(m[1]), int(m[2])) for m in
            re.findall(r"@llvm\.x86\.(tileloadd(?:t1)?64)\(i8 (\d+), ptr \S+, i64 (\d+)\)", ir)]


@pytest.mark.parametrize("order", ["grouped", "nanomm", "interleaved", "2x1"])
def test_tile_loop_stream_b_marks_the_b_loads_only(monkeypatch, order):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    plain = _tile_loads(tile_loop.loop_ir(order, 512, 4))
    streamed = _tile_loads(tile_loop.loop_ir(order, 512, 4, stream_b=True))
    assert plain and all(kind == "tileloadd64" for kind, _, _ in plain)
    assert [(tile, stride) for _, tile, stride in plain] == [(tile, stride) for _, tile, stride in streamed]
    for kind, _, stride in streamed:  # B tiles: panel rows of 128 bytes; A rows: pack-a's odd-line stride
        assert (kind == "tileloaddt164") == (stride == tile_loop.PANEL_ROW)
    assert any(kind == "tileloaddt164" for kind, _, _ in streamed)


@pytest.mark.parametrize("fmas", [5, 64])
def test_tile_loop_vector_fmas_run_in_each_k_step_and_are_kept(monkeypatch, fmas):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    from nanomm.runtime.jit import JitModule

    ir = tile_loop.loop_ir("nanomm", 128, 2, vector_fmas=fmas)
    step = ir[ir.index("step:"):ir.index("panel.end:")]
    assert step.count("@llvm.fma.v16f32(") == fmas and step.count("tdpbf16ps") == 4
    assert "store <16 x float>" in ir[ir.index("panel.end:"):]  # their sum, so LLVM keeps them
    asm = JitModule(ir, "sapphirerapids", "+amx-tile,+amx-bf16,+avx512f,+avx512bw", opt_level=2).asm()
    assert asm.count("vfmadd") >= fmas  # (LLVM may unroll the step loop: at least one step's)
    assert tile_loop.loop_ir("nanomm", 128, 2) == tile_loop.loop_ir("nanomm", 128, 2, vector_fmas=0)
    with pytest.raises(ValueError, match="nanomm order only"):
        tile_loop.loop_ir("grouped", 128, 2, vector_fmas=8)


def test_tile_loop_store_c_zeroes_and_stores_each_microkernel(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    ir = tile_loop.loop_ir("nanomm", 512, 4, store_c=True)
    panel = ir[ir.index("panel:"):ir.index("outer.end:")]
    assert panel.count("tilezero") == 4 and panel.count("tilestored64") == 4
    assert "i64 512)" in panel  # C's row: 4 panels of 32 float32 columns
    assert tile_loop.loop_ir("nanomm", 512, 4).count("call void @llvm.x86.tilestored64") == 4  # at exit only


def test_amx_shares_add_up_to_the_kernel_time(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    shares = load_amx_host_script("amx_shares")
    timed = {"loop": 2e-9, "loop_c": 3e-9, "pre": 5e-6, "full": 6e-6}
    s = shares.shares({"products": 1000}, timed, peak_s_per_product=1e-9)
    assert s["parts_s"] == pytest.approx([1e-6, 1e-6, 1e-6, 2e-6, 1e-6])
    assert sum(s["parts_s"]) == pytest.approx(s["kernel_s"]) and len(s["parts_s"]) == len(shares.PARTS)


def test_percent_peak_follows_the_kernels_instruction_set(bench):
    # bench/run.py reports: an AMX kernel against the AMX tile loop's peak, an AVX-512 one against its dot loop
    _report = bench[0]
    report = {"machine": {"peak_per_core": {"bf16": 120.0, "amx-bf16": 3600.0}}, "libraries": ["nanomm"]}
    ops = 2.0 * 1024 ** 3

    def entry(isa: str) -> dict:
        return {"dtype": "bf16", "threads": 1, "shape": "1024^3", "M": 1024, "N": 1024, "K": 1024, "ops": ops,
                "libs": {"nanomm": {"gflops": 1800.0, "ok": True}},
                "nanomm": {"config": isa, "config_full": {"isa": isa}}}

    head, rows, _ = _report.group_table(report, "bf16", 1, [entry("amx"), entry("avx512")])
    amx, avx = (dict(zip(head, r)) for r in rows)
    assert amx["% peak"] == "50%" and avx["% peak"] == "1500%"
    assert _report.peak(report, "bf16", 2, "amx") == 7200.0 and _report.peak(report, "u8s8", 1, "amx") is None
    assert _report.kernel_isa({"nanomm": {"config": "default: amx"}}) == "avx512"  # not said: AVX-512


# --- where a report came from: commit, CPU, command line ----------------------------------------------

def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args], cwd=cwd,
                          check=True, capture_output=True, text=True).stdout.strip()


def test_git_commit_is_short_head_plus_dirty_or_unknown(bench, tmp_path):
    _report = bench[0]
    if subprocess.run(["git", "--version"], capture_output=True).returncode != 0:
        pytest.skip("no git")
    assert _report.git_commit(tmp_path) == "unknown"  # not a checkout
    _git(tmp_path, "init", "-q")
    assert _report.git_commit(tmp_path) == "unknown"  # no commit yet
    (tmp_path / "a.txt").write_text("1\n")
    _git(tmp_path, "add", "a.txt")
    _git(tmp_path, "commit", "-q", "-m", "one")
    head = _git(tmp_path, "rev-parse", "--short", "HEAD")
    (tmp_path / "untracked.txt").write_text("not part of the tree\n")
    assert _report.git_commit(tmp_path) == head  # untracked files leave it clean
    (tmp_path / "a.txt").write_text("2\n")
    assert _report.git_commit(tmp_path) == f"{head}-dirty"


def test_machine_name_is_the_cpu_with_family_and_model(bench):
    _report = bench[0]
    from nanomm.runtime.cpu import CpuInfo, native_cpu

    zen = CpuInfo(name="znver5", features=frozenset(), model_name="AMD EPYC")
    ident = {"vendor": "AuthenticAMD", "family": "26", "model": "2", "model_name": "AMD EPYC"}
    assert _report.machine_name(zen, ident) == "AMD EPYC (znver5), family 26 model 2"
    xeon = CpuInfo(name="emeraldrapids", features=frozenset(), model_name="Intel(R) Xeon(R) Processor",
                   llvm_host_name="rocketlake")
    assert _report.machine_name(xeon, {}) == "Intel(R) Xeon(R) Processor (emeraldrapids; LLVM's host name: rocketlake)"
    # this machine: nanomm's name for the real CPU (never $NANOMM_HOST_CPU's), not the host name
    here = _report.machine_name()
    assert here.startswith(native_cpu().describe())
    assert _report.machine_slug() == native_cpu().name


def test_command_line_has_the_interpreter_arguments_and_nanomm_settings(bench):
    _report = bench[0]
    line = _report.command_line(["bench/run.py", "--shapes", "64,1x4096x4096", "--dtypes", "f32 bf16"],
                                {"NANOMM_DISK_CACHE": "0", "HOME": "/root", "NANOMM_CACHE_DIR": "/tmp/a b"})
    assert re.fullmatch(r"NANOMM_CACHE_DIR='/tmp/a b' NANOMM_DISK_CACHE=0 python\S* bench/run.py --shapes "
                        r"64,1x4096x4096 --dtypes 'f32 bf16'", line), line
    assert _report.argv_of("/x/bench/peak.py", None)[1:] == __import__("sys").argv[1:]
    assert _report.argv_of(str(BENCH / "peak.py"), ["--kinds", "f32"])[1:] == ["--kinds", "f32"]


def test_every_report_records_its_commit_cpu_and_command(bench, tmp_path, monkeypatch):
    _report = bench[0]
    where = _report.provenance(["bench/run.py", "--quick"])
    assert set(where) == {"commit", "cpu_name", "command"}
    assert re.fullmatch(r"[0-9a-f]{4,40}(-dirty)?|unknown", where["commit"])
    assert where["command"].endswith("bench/run.py --quick")
    assert where["cpu_name"] != "vm" and where["cpu_name"] == _report.machine_name()
    # a report made without a given provenance takes this process's
    amx = load_amx_host_script("f32_threads", "amx_f32_threads_where")
    report = amx.build_report([], {}, started="2026-12-04T00:00:00", argv=["bench/amx_host/f32_threads.py", "DIR"])
    assert {k: report[k] for k in ("commit", "cpu_name")} == {k: where[k] for k in ("commit", "cpu_name")}
    # the default output folder is bench/out/ (ignored by git), named by the CPU
    import datetime
    assert _report.OUT == BENCH / "out"
    monkeypatch.setattr(_report, "OUT", tmp_path / "out")
    path = _report.result_path("run", datetime.datetime(2026, 12, 4, 10, 0, 0))
    assert path == tmp_path / "out" / f"run-{_report.machine_slug()}-20261204-100000.json" and path.parent.is_dir()
    assert _report.result_path("run", None, tmp_path / "x.json") == tmp_path / "x.json"
    # reports written before provenance was recorded still render what they have
    assert _report.provenance_line({"argv": ["bench/run.py", "--quick"]}) == "command: `bench/run.py --quick`"
    assert _report.title({"tool": "bench/run.py", "host": "vm", "started": "s"}) == "bench/run.py, vm, s"


def test_every_script_that_writes_a_report_records_where_it_came_from():
    """Each bench script that writes a file (or prints a table meant to be pasted into one) says where
    it came from: _report.provenance() (commit, CPU, command line), or build_report's, which calls it."""
    scripts = sorted(BENCH.glob("*.py")) + sorted((BENCH / "amx_host").glob("*.py"))
    writers = [p for p in scripts if "write_text(" in p.read_text() or "publish(" in p.read_text()
               or p.name in ("peak.py", "bench_configs.py", "tile_loop.py")]
    assert {p.name for p in writers} >= {"run.py", "bench_frontend.py", "bench_layers.py", "bench_model.py",
                                         "bench_parts.py", "bench_threads.py", "bench_tune.py", "bench_dispatch.py",
                                         "amx_bench.py", "f32_threads.py", "amx_check.py", "tune_speedup.py"}
    for p in writers:
        text = p.read_text()
        if p.name == "_report.py":
            continue
        assert "provenance" in text, f"{p.relative_to(BENCH)} writes a report without its provenance"
        assert "gethostname" not in text, f"{p.relative_to(BENCH)} names the machine by its host name"
        assert '/ "results"' not in text and "default bench/results" not in text, \
            f"{p.relative_to(BENCH)}: scratch output goes to bench/out/, not the tracked bench/results/"


def test_kept_reports_stay_small():
    """Files kept in bench/results stay under 8 MB each (raw-sample JSONs larger than 2 MB are kept as
    .json.gz) and 40 MB together: the tracked tree is what travels to the AMX host, at most 64 MiB a call."""
    files = [p for p in (BENCH / "results").rglob("*") if p.is_file()]
    too_big = [str(p.relative_to(BENCH)) for p in files if p.stat().st_size > 8_000_000]
    assert not too_big, f"gzip these (see bench/results/README.md): {too_big}"
    assert sum(p.stat().st_size for p in files) < 40_000_000, "bench/results outgrows what travels to the AMX host"


def test_amx_bench_packed_onednn_peer_matches_numpy(amx_bench):
    """oneDNN's matmul primitive with reordered weights, through torch: right for f32 on any x86 host, and a
    reason, not a call, where it has no form (s8s8: qlinear takes uint8 activations)."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((37, 129), np.float32), rng.standard_normal((129, 70), np.float32)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    fn, problem = amx_bench.torch_packed_peer(torch, "f32", a, b, a64 @ b64, np.abs(a64) @ np.abs(b64))
    assert problem is None and fn().shape == (37, 70)
    a8 = rng.integers(-128, 128, (37, 129)).astype(np.int8)
    fn, problem = amx_bench.torch_packed_peer(torch, "s8s8", a8, b.astype(np.int8), a64, a64)
    assert fn is None and "uint8 activations" in problem


def test_amx_bench_packed_onednn_peer_takes_bf16_arrays(amx_bench):
    """bf16 operands (ml_dtypes arrays, which torch.from_numpy does not take) reach oneDNN as torch
    bfloat16: a call that matches numpy, or where this CPU has no bf16 path, torch's reason."""
    torch = pytest.importorskip("torch")
    ml_dtypes = pytest.importorskip("ml_dtypes")
    rng = np.random.default_rng(4)
    a = rng.standard_normal((5, 64), np.float32).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((64, 32), np.float32).astype(ml_dtypes.bfloat16)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    fn, problem = amx_bench.torch_packed_peer(torch, "bf16", a, b, a64 @ b64, np.abs(a64) @ np.abs(b64))
    if fn is None:
        assert "refuses bf16 5x32x64" in problem
    else:
        assert problem is None and fn().dtype == torch.bfloat16


def test_tile_loop_pipelined_stores_each_c_tile_beside_the_next_panels_first_products(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    from nanomm.runtime.jit import JitModule

    ir = tile_loop.loop_ir("pipelined", 256, 4)
    last = ir[ir.index("last:"):ir.index("exit:")]
    calls = re.findall(r"@llvm\.x86\.(\w+)\(i8 (\d+)", last)
    # the last step (4 loads, 4 products), then per C tile: stored, zeroed, its first product of the next panel
    for c in (0, 2, 1, 3):
        at = calls.index(("tilestored64", str(c)))
        assert calls[at + 1] == ("tilezero", str(c)) and calls[at + 2] == ("tdpbf16ps", str(c)), calls
    assert sum(name == "tdpbf16ps" for name, _ in calls) == 8
    assert "i64 512)" in last  # C's row: 4 panels of 32 float32 columns
    module = JitModule(ir, "sapphirerapids", "+amx-tile,+amx-bf16,+avx512f,+avx512bw", opt_level=2)
    assert module.asm().count("tilestored") >= 4
    with pytest.raises(ValueError, match="three K steps"):
        tile_loop.loop_ir("pipelined", 64, 4)


def test_tile_loop_4x1_loads_one_b_tile_for_four_products(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    tile_loop = load_amx_host_script("tile_loop", "amx_tile_loop")
    from nanomm.runtime.jit import JitModule

    ir = tile_loop.loop_ir("4x1", 256, 4, stream_b=True)
    step = ir[ir.index("step:"):ir.index("panel.end:")]
    loads = _tile_loads(step)
    b = [(tile, stride) for kind, tile, stride in loads if kind == "tileloaddt164"]
    a = [(tile, stride) for kind, tile, stride in loads if kind == "tileloadd64"]
    assert b == [(6, 64), (7, 64)]  # two K steps a trip, B in turn in tiles 6 and 7, 64-byte panel rows
    assert a == [(4 + i % 2, tile_loop.a_row_stride(256)) for i in range(4)] * 2
    assert step.count("tdpbf16ps") == 8
    JitModule(ir, "sapphirerapids", "+amx-tile,+amx-bf16,+avx512f,+avx512bw", opt_level=2).asm()

"""bench/bench_model.py's encoder: every backend computes the same model (a small one here), the
serving path builds no kernel once warm, and its report renders with where it came from. No timing
is asserted."""

from __future__ import annotations

import numpy as np
import pytest

from nanomm.compiler.build import required_features
from nanomm.runtime.cpu import host_cpu

pytestmark = pytest.mark.kernels


@pytest.fixture(scope="module")
def bm(bench_script):
    module = bench_script("bench_model")
    module.MODELS["tiny"] = (2, 64, 4, 128)  # layers, hidden, heads, FFN
    return module


def test_backends_compute_the_same_model(bm):
    w = bm.make_weights("tiny")
    ids = np.random.default_rng(0).integers(0, bm.VOCAB, (3, 21))  # 21 tokens: padded to 32 in attention
    ref = bm.forward(ids, bm.as_float64(w), bm.NumpyBackend(bm.as_float64(w)))
    limits = {"numpy": 1e-5, "nanomm": 1e-5, "nanomm-qkv3": 1e-5, "nanomm-static": 1e-5, "nanomm-static-default": 1e-5}
    cpu = host_cpu()
    for name, dtype, limit in (("nanomm-bf16", "bf16", 2e-2), ("nanomm-int8", "u8s8", 5e-2)):
        if cpu.has(*required_features(dtype, cpu)):  # the low-precision variants where the CPU has them
            limits[name] = limit
    for name, limit in limits.items():
        fn, why = bm.make_backend(name, w, 1)
        got = fn(ids)
        assert got.shape == (3, 64) and got.dtype == np.float32
        error = np.max(np.abs(got - ref)) / np.max(np.abs(ref))
        assert error < limit, (name, error)
        assert bm.cosine(got, ref) > 0.999


@pytest.mark.parametrize("threads, groups", [(1, [1, 2, 2]), (2, [1, 2, 2])])
def test_attention_in_groups_of_sentences_is_the_same_model(bm, monkeypatch, threads, groups):
    """Scores larger than SCORE_BYTES go through attention a group of sentences at a time (5
    sentences: groups of 2, 2, 1 on one thread; runs of 2 and 3 sentences side by side on two):
    the same embeddings as the reference."""
    w = bm.make_weights("tiny")
    ids = np.random.default_rng(3).integers(0, bm.VOCAB, (5, 21))  # 4 heads x 32 x 32 padded scores
    ref = bm.forward(ids, bm.as_float64(w), bm.NumpyBackend(bm.as_float64(w)))
    monkeypatch.setattr(bm.NanommBackend, "SCORE_BYTES", 2 * 4 * 32 * 32 * 4)
    calls = []
    attend = bm.NanommBackend._attend
    monkeypatch.setattr(bm.NanommBackend, "_attend", lambda self, qkv, B, *rest: (
        calls.append(B), attend(self, qkv, B, *rest))[1])
    got = bm.make_backend("nanomm", w, threads)[0](ids)
    assert sorted(calls) == sorted(groups * 2)  # two layers
    assert np.max(np.abs(got - ref)) / np.max(np.abs(ref)) < 1e-5


def test_onnx_graph_is_the_same_model(bm):
    pytest.importorskip("onnxruntime", reason="the [bench] extra installs onnxruntime; CI installs [test] only")
    w = bm.make_weights("tiny")
    ids = np.random.default_rng(1).integers(0, bm.VOCAB, (2, 9))
    ref = bm.forward(ids, bm.as_float64(w), bm.NumpyBackend(bm.as_float64(w)))
    got = bm.onnxruntime_forward(w, 1)(ids)
    assert np.max(np.abs(got - ref)) / np.max(np.abs(ref)) < 1e-5


def test_serving_builds_nothing_once_warm(bm):
    from nanomm.compiler.build import build_counts

    w = bm.make_weights("tiny")
    fn = bm.nanomm_forward(w, 2)  # kernels for every length bucket, compiled here
    rng = np.random.default_rng(2)
    fn(rng.integers(0, bm.VOCAB, (1, 8)))
    before = build_counts()
    for batch, length in [(1, 8), (5, 17), (2, 128), (8, 64), (3, 100)]:
        assert fn(rng.integers(0, bm.VOCAB, (batch, length))).shape == (batch, 64)
    assert build_counts() == before


def test_report_renders(bm, tmp_path):
    entry = {"best_s": 0.01, "round_medians_s": [0.01, 0.011], "spread": 0.1, "reps": 3, "cosine": 1.0, "error": 1e-7}
    report = {"tool": "bench/bench_model.py", "started": "2026-12-02T00:00:00", "commit": "abc1234-dirty",
              "cpu_name": "AMD EPYC (znver5), family 26 model 2", "command": "python bench/bench_model.py",
              "runs": [{"threads": 1, "skipped": {"torch": "not installed"}, "results": [
                  {"model": "tiny", "batch": 1, "length": 16, "threads": 1,
                   "backends": {"numpy": entry, "nanomm": dict(entry, best_s=0.005)}},
                  {"model": "tiny", "serve": 2, "sizes": "random", "threads": 1, "requests": [(1, 8), (2, 9)],
                   "backends": {"nanomm": {"p50_s": 0.01, "p99_s": 0.02, "mean_s": 0.015, "latencies_s": [0.01, 0.02],
                                           "builds_on_request_path": {"compiled": 0, "disk_cache": 0}}}}]}]}
    text = bm.markdown(report)
    assert "| tiny | 1x16 | 1 | 10.00 | 5.00 | 2.00 |" in text
    assert "torch not installed" in text and "compiled 0, disk_cache 0" in text
    assert text.startswith("# bench/bench_model.py, AMD EPYC (znver5), family 26 model 2, 2026-12-02T00:00:00\n")
    assert ("commit abc1234-dirty on AMD EPYC (znver5), family 26 model 2; command: `python bench/bench_model.py`"
            in text)


def test_static_backend_builds_with_the_tuning_record_and_its_default_twin_without(bm, tmp_path, monkeypatch):
    import dataclasses

    import nanomm
    from nanomm.compiler.tune import records

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    w = bm.make_weights("tiny")
    cpu = host_cpu()
    M, N, K = 5 * 19, 3 * 64, 64  # the QKV projection of a (5, 19) batch (a shape no other test compiles:
    # a process looks a record up at its first compile of a shape)
    default = nanomm.default_config(M, N, K, cpu, prepacked_b=True)
    tuned = dataclasses.replace(default, kc=32 if default.kc != 32 else 16)  # any other valid config
    fields = records.key_fields(M, N, K, "f32", 1, cpu, prepacked_b=True)
    rec = records.new_record(fields)
    rec["best"] = {"config": tuned.as_dict(), "status": "ok", "verified": True}
    rec["status"] = "complete"
    records.write(rec)
    try:
        ids = np.random.default_rng(0).integers(0, bm.VOCAB, (5, 19))
        for name, expected in (("nanomm-static", tuned), ("nanomm-static-default", default)):
            be = bm.NanommBackend(w, 1, static_m="tuned" if name == "nanomm-static" else "default")
            bm.forward(ids, w, be)
            assert be.layers[0]["qkv"][0].kernels[M].config == expected, name
    finally:
        records.forget()


def test_bench_configs_times_x_at_w_t_beside_a_dense_w_t(bench_path, capsys):
    """bench_configs --transpose-b: W read in place (checked against the reference) and the dense W^T
    kernel in the same rounds; --cold with it is refused (pre-packed B is not read in place)."""
    import bench_configs

    assert bench_configs.main(["5x24x40", "--transpose-b", "--rounds", "1", "--target", "0.001"]) == 0
    out = capsys.readouterr().out
    assert "x @ W.T" in out and "dense" in out and "default" in out and "WRONG" not in out
    with pytest.raises(SystemExit):
        bench_configs.main(["5x24x40", "--transpose-b", "--cold"])

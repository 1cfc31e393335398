"""Remote tuning (compiler/tune/remote.py + runtime/remote_tune.py): compile candidates here,
check and time them with the runtime alone, store the record; and the AMX side of the space."""

import json

import pytest

from nanomm.compiler.build import target_cpu
from nanomm.compiler.tune import records
from nanomm.compiler.tune.remote import choose, collect, prepare
from nanomm.compiler.tune.space import Problem, Space, config_key
from nanomm.errors import NanommError
from nanomm.runtime import remote_tune

pytestmark = pytest.mark.kernels
SHAPE = (40, 96, 64)


@pytest.fixture
def cache(tuning_cache):
    return tuning_cache


def _prepared(tmp_path, configs=4):
    folder = prepare(*SHAPE, "f32", "host", 1, configs, tmp_path / "remote", log=lambda msg: None)
    return folder, json.loads((folder / "candidates.json").read_text())


def test_round_trip_stores_the_record_the_compiler_then_uses(cache):
    folder, plan = _prepared(cache)
    assert plan["candidates"][0]["source"] == "default" and len(plan["candidates"]) == 4
    assert remote_tune.main([str(folder.parent), "--rounds", "3", "--sample", "0.002"]) == 0
    timings = json.loads((folder / "timings.json").read_text())
    assert [t["status"] for t in timings["candidates"]] == ["ok"] * 4
    finals = [t for t in timings["candidates"] if t.get("final_seconds")]
    assert len(finals) == 4 and all(len(t["final_rounds"]) == 3 for t in finals)
    summary = collect(folder)
    assert summary["checked"] == 4 and summary["speedup"] >= 1.0
    record = records.find(plan["fields"])
    assert record["status"] == "complete" and record["best"]["verified"]
    best = records.config_of(record["best"])
    assert records.lookup(*SHAPE, "f32", 1, target_cpu("host")) == best
    fastest = min(finals, key=lambda t: t["final_seconds"])
    default = next(t for t in finals if t["index"] == 0)
    picked = next(c for c in plan["candidates"] if records.config_of(c) == best)["index"]
    assert picked in (fastest["index"], 0)  # the fastest, or the default within 1 % of it
    if picked == 0:
        assert default["final_seconds"] <= fastest["final_seconds"] * 1.01


def test_a_refining_round_starts_from_the_stored_best_and_tries_only_new_configs(cache):
    folder, plan = _prepared(cache)
    remote_tune.time_problem(folder, rounds=2, sample=0.002, log=lambda msg: None)
    collect(folder)
    first = records.find(plan["fields"])
    again = prepare(*SHAPE, "f32", "host", 1, 6, cache / "round2", refine=True, log=lambda msg: None)
    entries = json.loads((again / "candidates.json").read_text())["candidates"]
    assert entries[0]["source"] == "default" and len(entries) == 6
    best = records.config_of(first["best"])
    if config_key(best) != config_key(records.config_of(entries[0])):
        assert entries[1]["source"] == "incumbent" and records.config_of(entries[1]) == best
    tried = {config_key(records.config_of(c)) for c in first["candidates"]}
    assert all(config_key(records.config_of(e)) not in tried for e in entries if e["source"] not in
               ("default", "incumbent"))
    remote_tune.time_problem(again, rounds=2, sample=0.002, log=lambda msg: None)
    collect(again)
    merged = records.find(plan["fields"])
    assert len(merged["candidates"]) > len(first["candidates"])  # both rounds' candidates kept


def test_wrong_and_failing_candidates_are_never_picked(cache, monkeypatch):
    folder, plan = _prepared(cache)
    (folder / plan["candidates"][2]["manifest"]).unlink()  # a candidate that cannot load
    real, calls = remote_tune.matmul_mismatch, []

    def flag_second(c, a, b):  # the second candidate "computes a wrong C"
        calls.append(1)
        return "1 of 9 elements differ (test)" if len(calls) == 2 else real(c, a, b)

    monkeypatch.setattr(remote_tune, "matmul_mismatch", flag_second)
    timings = remote_tune.time_problem(folder, rounds=2, sample=0.002, log=lambda msg: None)
    status = {t["index"]: t["status"] for t in timings["candidates"]}
    assert status == {0: "ok", 1: "wrong", 2: "failed", 3: "ok"}
    assert all("final_seconds" not in t for t in timings["candidates"] if t["status"] != "ok")
    collect(folder)
    best = records.config_of(records.find(plan["fields"])["best"])
    assert config_key(best) in {config_key(records.config_of(plan["candidates"][i])) for i in (0, 3)}


def test_collect_refuses_another_compiler_and_the_wrong_host(cache):
    folder, plan = _prepared(cache, configs=2)
    remote_tune.time_problem(folder, rounds=2, sample=0.002, log=lambda msg: None)
    timings = json.loads((folder / "timings.json").read_text())
    stale = json.loads(json.dumps(plan))
    stale["fields"]["compiler"] = "0" * 64  # prepared by other source or another toolchain
    (folder / "candidates.json").write_text(json.dumps(stale))
    with pytest.raises(NanommError, match="prepare it again"):
        collect(folder)
    (folder / "candidates.json").write_text(json.dumps(plan))
    timings["host"]["features"] = [f for f in timings["host"]["features"] if f != "fma"]  # every kernel needs it
    (folder / "timings.json").write_text(json.dumps(timings))
    with pytest.raises(NanommError, match="without fma"):
        collect(folder)
    assert records.find(plan["fields"]) is None


def test_a_probe_before_and_after_is_recorded_and_a_moving_host_is_flagged(cache, capsys):
    from nanomm.compiler.tune.remote import main as remote_main

    folder, plan = _prepared(cache, configs=2)
    speeds = iter([1000.0, 600.0])  # the host slowed down by 40 % while the problem was timed
    timings = remote_tune.time_problem(folder, rounds=2, sample=0.002, log=lambda msg: None,
                                       probe=lambda: next(speeds))
    assert timings["probe"] == {"before": 1000.0, "after": 600.0}
    assert remote_tune.probe_drift(timings) == pytest.approx(0.4)
    assert remote_main(["collect", str(folder.parent)]) == 0
    assert "moved by 40%" in capsys.readouterr().err
    assert remote_tune.probe_drift({"candidates": []}) is None


def test_timing_refuses_a_cpu_without_the_target_features(cache, capsys, hardware_without_amx):
    folder, plan = _prepared(cache, configs=1)
    plan["required_features"].append("amx-tile")  # as if built for an AMX CPU
    plan["cpu"] = "emeraldrapids"
    (folder / "candidates.json").write_text(json.dumps(plan))
    assert remote_tune.main([str(folder.parent)]) == 1
    err = capsys.readouterr().err
    assert "lacks features" in err and "amx-tile" in err
    assert not (folder / "timings.json").exists()


def test_amx_space_has_inlined_microkernels_and_one_step_prefetch():
    cpu = target_cpu("emeraldrapids")
    p = Problem(256, 256, 256, "bf16")
    amx = [c for c in Space(p, cpu) if c.isa == "amx"]
    assert {c.outline for c in amx} == {False, True} and {c.prefetch for c in amx} == {0, 1, 2}
    assert any(c.kc == 256 and c.mr == 32 for c in amx)  # 32 x 256 bf16 A panels (16 KiB) pass


def test_variations_of_the_amx_default_cover_each_field_and_the_other_path():
    cpu = target_cpu("emeraldrapids")
    p = Problem(1024, 1024, 1024, "bf16")
    space = Space(p, cpu)
    default = space.default()
    assert default.isa == "amx" and default not in space  # off the grid: neighbours() finds little
    space.neighbours(default)  # does not raise on AMX tiles (32 is not an AVX-512 row count)
    moved = {k for v in space.variations(default) for k, x in v.as_dict().items() if x != getattr(default, k)}
    assert {"kc", "nc", "mc", "prefetch", "order", "outline", "mr", "isa"} <= moved
    assert any(v.isa == "avx512" for v in space.variations(default))
    chosen = choose(space, 12)
    assert chosen[0] == (default, "default") and len(chosen) == 12
    assert len({config_key(c) for c, _ in chosen}) == 12


@pytest.mark.parametrize("dtype", ["f32", "bf16", "u8s8"])
def test_prepacked_candidates_are_timed_on_their_own_packed_b_and_used_by_compile_matmul(cache, dtype):
    import numpy as np

    import nanomm
    from nanomm.runtime.cpu import missing_features

    folder = prepare(*SHAPE, dtype, "host", 1, 3, cache / "remote", log=lambda msg: None, prepacked=True)
    plan = json.loads((folder / "candidates.json").read_text())
    if missing_features(tuple(plan["required_features"])):
        pytest.skip(f"this CPU lacks {missing_features(tuple(plan['required_features']))} for {dtype} kernels")
    manifest = json.loads((folder / plan["candidates"][0]["manifest"]).read_text())
    assert plan["problem"]["prepacked_b"] and plan["fields"]["problem"]["prepacked_b"]
    assert len(manifest["packed_b"]["shape"]) == 4  # the kernel takes B in its packed layout
    timings = remote_tune.time_problem(folder, rounds=2, sample=0.002, log=lambda msg: None)
    assert [t["status"] for t in timings["candidates"]] == ["ok"] * 3  # checked against numpy on plain B
    collect(folder)
    best = records.config_of(records.find(plan["fields"])["best"])
    assert records.lookup(*SHAPE, dtype, 1, target_cpu("host"), prepacked_b=True) == best
    assert records.lookup(*SHAPE, dtype, 1, target_cpu("host")) is None  # per-call packing: another problem
    rng = np.random.default_rng(1)
    M, N, K = SHAPE
    a, b = (rng.integers(0, 9, size=s).astype(np.float32) for s in ((M, K), (K, N)))
    if dtype == "u8s8":
        a, b = a.astype(np.uint8), b.astype(np.int8)
    elif dtype == "bf16":
        from nanomm.runtime.convert import to_bfloat16
        a, b = to_bfloat16(a), to_bfloat16(b)
    kernel = nanomm.compile_matmul(M, N, K, dtype, b=b, threads=1)
    assert kernel.config == best
    expected = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_array_equal(kernel(a), expected.astype(kernel(a).dtype))


def test_prepacked_tuning_takes_one_thread(cache):
    with pytest.raises(NanommError, match="pre-packed B is tuned on one thread"):
        prepare(*SHAPE, "f32", "host", 2, 3, cache / "remote", log=lambda msg: None, prepacked=True)

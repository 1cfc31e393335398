"""Tuning on a Dask cluster (compiler/tune/cluster.py, runtime/tune_worker.py): a local cluster of
two worker processes tunes problems into the same records single-machine tuning writes; a worker
killed mid-run or a compile that hangs loses nothing else; bad input is a named error."""

import functools
import json
import os
import sys

import pytest

distributed = pytest.importorskip("distributed", reason="cluster tuning needs dask.distributed (nanomm[cluster])")

from nanomm.compiler.build import target_cpu  # noqa: E402
from nanomm.compiler.tune import Budget, cli, records, tune  # noqa: E402
from nanomm.compiler.tune._testing import faulty_export  # noqa: E402
from nanomm.compiler.tune.cluster import ClusterError, connect, tune_cluster  # noqa: E402
from nanomm.runtime import tune_worker  # noqa: E402
from nanomm.runtime.remote_tune import TRACE_LINE, TRACE_ROUND  # noqa: E402

pytestmark = pytest.mark.kernels
PROBLEMS = [(16, 16, 16, "f32"), (24, 32, 8, "f32"), (8, 40, 16, "f32"), (32, 48, 24, "f32")]
FAST = {"configs": 3, "rounds": 2, "sample": 0.002, "log": lambda msg: None}


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """A scheduler with two one-thread worker processes (nannies restart a killed one) that were
    given no resources: tune_cluster must find out what they can do."""
    env = os.environ.get("NANOMM_CACHE_DIR")
    os.environ["NANOMM_CACHE_DIR"] = str(tmp_path_factory.mktemp("worker-cache"))
    try:
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=":0", silence_logs=50)
    finally:
        if env is None:
            del os.environ["NANOMM_CACHE_DIR"]
        else:
            os.environ["NANOMM_CACHE_DIR"] = env
    yield cluster.scheduler_address
    cluster.close()


@pytest.fixture
def cache(tuning_cache):
    return tuning_cache


def _fields(M, N, K, dtype):
    return records.key_fields(M, N, K, dtype, 1, target_cpu("host"))


def _recorded(problems):
    out = []
    for p in problems:
        rec = records.find(_fields(*p))
        assert rec is not None and rec["status"] == "complete" and rec["best"]["verified"], p
        assert rec["best"]["status"] == "ok" and rec["search"]["mode"] == "cluster"
        assert records.lookup(*p[:3], p[3], 1, target_cpu("host")) == records.config_of(rec["best"])
        configs = [json.dumps(c["config"], sort_keys=True) for c in rec["candidates"]]
        assert len(configs) == len(set(configs)) == FAST["configs"]  # each candidate once
        out.append(rec)
    return out


def test_two_workers_tune_four_problems_into_records_as_single_machine_tuning_writes(cache, scheduler):
    summaries = tune_cluster(PROBLEMS, scheduler, **FAST)
    assert [s["status"] for s in summaries] == ["recorded"] * 4
    recs = _recorded(PROBLEMS)
    assert len(list((cache / "cache" / "tuning").glob("*.json"))) == 4
    single = tune(40, 24, 16, budget=Budget(configs=2), workers=1, final_rounds=2)
    mine = records.find(_fields(40, 24, 16, "f32"))
    assert single.record_path and mine["search"]["mode"] != "cluster"
    for rec in recs:  # the same format: top-level keys, key fields, entries
        assert set(rec) == set(mine) and set(rec["fields"]) == set(mine["fields"])
        assert rec["fields"]["cpu"] == mine["fields"]["cpu"] and rec["fields"]["compiler"] == mine["fields"]["compiler"]
        assert set(rec["best"]) == set(mine["best"])
        assert all(set(c) == set(mine["candidates"][0]) for c in rec["candidates"])


def test_resume_skips_the_problems_recorded_already(cache, scheduler):
    tune_cluster(PROBLEMS[:1], scheduler, **FAST)
    before = records.find(_fields(*PROBLEMS[0]))
    again = tune_cluster(PROBLEMS[:2], scheduler, resume=True, **FAST)
    assert [s["status"] for s in again] == ["recorded already", "recorded"]
    assert records.find(_fields(*PROBLEMS[0]))["updated"] == before["updated"]


def test_a_worker_killed_mid_run_loses_nothing(cache, scheduler):
    once = str(cache / "killed")
    kill = functools.partial(faulty_export, kill_worker=[{"M": 8, "N": 40}], once=once)
    summaries = tune_cluster(PROBLEMS, scheduler, compile_fn=kill, **FAST)
    assert os.path.exists(once)  # a worker was killed
    assert [s["status"] for s in summaries] == ["recorded"] * 4
    rec = _recorded(PROBLEMS)[2]
    assert all(c["status"] == "ok" for c in rec["candidates"])  # the killed task ran again elsewhere


def test_a_compile_that_hangs_is_marked_and_the_problem_still_recorded(cache, scheduler):
    hang = functools.partial(faulty_export, hang=[{"M": 24, "index": 1}, {"M": 24, "index": 2}])  # all but the default
    summaries = tune_cluster(PROBLEMS[1:2], scheduler, compile_fn=hang, timeout=10, **FAST)  # others: < 10 s
    assert summaries[0]["status"] == "recorded"
    rec = records.find(_fields(*PROBLEMS[1]))
    hung = [c for c in rec["candidates"] if c["status"] != "ok"]
    assert len(hung) == 2 and all("timeout" in c["error"] for c in hung)
    assert rec["best"]["config"] == rec["default"]["config"] and rec["best"]["status"] == "ok"


def test_the_timing_watchdog_names_the_candidate_that_hung_or_crashed(tmp_path):
    def script(code):
        return [sys.executable, "-c", f"import sys, time\nprint({TRACE_LINE.format(3)!r}, file=sys.stderr, "
                                      f"flush=True)\n{code}"]

    assert tune_worker._run_watched(script("time.sleep(60)"), timeout=1.0) == (3, "timeout: no result after 1 s")
    at, why = tune_worker._run_watched(script("import os; os._exit(139)"), timeout=5.0)
    assert at == 3 and why.startswith("crashed the timing process (exit code 139)")
    assert tune_worker._run_watched(script("pass"), timeout=5.0) == (None, "")
    rounds = "".join(f"time.sleep(0.6); print({TRACE_ROUND.format(r)!r}, file=sys.stderr, flush=True)\n"
                     for r in range(4))  # 2.4 s of final rounds, each under the timeout
    assert tune_worker._run_watched(script(rounds), timeout=1.0) == (None, "")


def test_an_unreachable_scheduler_and_bad_addresses_are_named_errors(cache, monkeypatch):
    monkeypatch.setattr("nanomm.compiler.tune.cluster.CONNECT_SECONDS", 1.0)
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        tune_cluster(PROBLEMS[:1], "tcp://127.0.0.1:9", **FAST)
    for bad in ("local:0", "local:two", "somewhere:8786"):
        with pytest.raises(ClusterError, match="--cluster"):
            connect(bad)


def test_the_command_line_tunes_on_a_cluster_and_refuses_bad_input(cache, scheduler, capsys):
    shapes = cache / "shapes.txt"
    shapes.write_text("# one problem\n16x24x8 f32\n")
    assert cli.main(["--shapes", str(shapes), "--cluster", scheduler, "--budget", "2"]) == 0
    out = capsys.readouterr().out
    assert "16x24x8 f32" in out and "1 problems" in out and records.find(_fields(16, 24, 8, "f32"))
    shapes.write_text("16x24x8 f32\n16x24 f32\n")
    assert cli.main(["--shapes", str(shapes), "--cluster", scheduler]) == 1
    assert f"{shapes}:2: bad shape '16x24'" in capsys.readouterr().err
    assert cli.main(["16", "24", "8", "--cluster", scheduler, "--budget", "60s"]) == 1
    assert "--budget is a number of configurations per problem" in capsys.readouterr().err


def test_prepacked_problems_are_tuned_into_the_records_compile_matmul_with_weights_reads(cache, scheduler):
    summaries = tune_cluster([(40, 96, 64, "f32")], scheduler, prepacked=True, **FAST)
    assert summaries[0]["status"] == "recorded"
    fields = records.key_fields(40, 96, 64, "f32", 1, target_cpu("host"), prepacked_b=True)
    best = records.config_of(records.find(fields)["best"])
    assert records.lookup(40, 96, 64, "f32", 1, target_cpu("host"), prepacked_b=True) == best
    assert records.find(_fields(40, 96, 64, "f32")) is None
    assert records.find(fields)["provenance"]["machine"] == summaries[0]["hostname"]  # the timing host


class _FakeClient:
    """The two calls _prepare_workers makes of a Dask client, over made-up workers."""

    def __init__(self, infos: dict, resources: dict):
        self.infos, self.resources, self.added = infos, resources, {}

    def run(self, fn, *args, workers=None, on_error="raise"):
        from nanomm.compiler.tune.cluster import compiler_info

        if fn is tune_worker.worker_info:
            return {addr: {k: v for k, v in info.items() if k not in ("compiler", "error")}
                    for addr, info in self.infos.items()}
        if fn is compiler_info:
            assert on_error == "return"
            return {addr: info["compiler"] or ModuleNotFoundError(info["error"]) for addr, info in self.infos.items()}
        assert fn is tune_worker.add_resources
        self.added[workers[0]] = args[0]
        return {}

    def scheduler_info(self):
        return {"workers": {addr: {"resources": r} for addr, r in self.resources.items()}}


def test_workers_are_given_what_they_can_do_and_a_cluster_that_cannot_is_a_named_error():
    from nanomm.compiler.tune.cluster import _prepare_workers

    here = tune_worker.kind_resource(tune_worker.cpu_fields(target_cpu("host")))
    other = dict(tune_worker.cpu_fields(target_cpu("host")), name="znver9", l2=1)
    x, znver9 = tune_worker.name_resource("x"), tune_worker.name_resource("znver9")
    infos = {"tcp://a": {"hostname": "a", "cpu": {"name": "x"}, "kind": here, "name": x, "compiler": "mine"},
             "tcp://b": {"hostname": "b", "cpu": {"name": "x"}, "kind": here, "name": x, "compiler": None,
                         "error": "No module named 'mlir'"},
             "tcp://c": {"hostname": "c", "cpu": other, "kind": tune_worker.kind_resource(other), "name": znver9,
                         "compiler": "mine"}}
    client = _FakeClient(infos, {"tcp://a": {}, "tcp://b": {}, "tcp://c": {}})
    assert _prepare_workers(client, here, "mine", set()) == (2, 2)
    assert client.added == {"tcp://a": {here: 1, x: 1, "nanomm-compile": 1}, "tcp://b": {here: 1, x: 1},  # no MLIR
                            "tcp://c": {tune_worker.kind_resource(other): 1, znver9: 1, "nanomm-compile": 1}}
    assert _prepare_workers(_FakeClient(infos, {}), znver9, "mine", set()) == (2, 1)  # a named target: by name
    only_b = _FakeClient({"tcp://b": infos["tcp://b"]}, {})
    with pytest.raises(ClusterError, match="can compile for this nanomm: ModuleNotFoundError"):
        _prepare_workers(only_b, here, "mine", set())
    only_c = _FakeClient({"tcp://c": infos["tcp://c"]}, {})
    with pytest.raises(ClusterError, match="no worker has the target CPU .* znver9 \\(c\\)"):
        _prepare_workers(only_c, here, "mine", set())


def test_a_named_target_is_compiled_for_its_description_and_timed_on_workers_of_that_name(cache, scheduler):
    from nanomm.runtime.cpu import TARGETS, host_cpu, missing_features

    name = host_cpu().name
    if name not in TARGETS or missing_features(TARGETS[name].features):
        pytest.skip(f"this CPU ({name}) is not a named target whose kernels it can run")
    summaries = tune_cluster([(40, 96, 64, "f32")], scheduler, target=name, **FAST)
    assert summaries[0]["status"] == "recorded" and summaries[0]["target"] == name
    rec = records.find(records.key_fields(40, 96, 64, "f32", 1, target_cpu(name)))
    assert rec["best"]["verified"] and rec["fields"]["cpu"] == records.cpu_fields(TARGETS[name])
    with pytest.raises(ClusterError, match="no worker has the target CPU"):
        tune_cluster([(40, 96, 64, "f32")], scheduler, target="znver4" if name != "znver4" else "emeraldrapids",
                     **FAST)

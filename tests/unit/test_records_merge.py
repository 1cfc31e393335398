"""Records from many machines merge (compiler/tune/records.py import_records): per problem and CPU
kind the fastest verified record wins, the local one included, and keeps its provenance."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from nanomm import KernelConfig
from nanomm.compiler.tune import cli as tune_cli
from nanomm.compiler.tune import records
from nanomm.runtime.cpu import host_cpu

HOST = host_cpu()  # import_records' default CPU: records of this kind count as this machine's
ELSEWHERE = dataclasses.replace(HOST, model_name="another CPU kind")
CFG = KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16)
SHAPE = (32, 64, 16)


@pytest.fixture(autouse=True)
def fresh_memo():
    records.forget()
    yield
    records.forget()


def entry(final_seconds: float | None, seconds: float, cfg: KernelConfig = CFG) -> dict:
    """A best entry as search.py writes it (Candidate.to_json, the speedup, verified)."""
    flops = 2 * SHAPE[0] * SHAPE[1] * SHAPE[2]
    fig = final_seconds if final_seconds is not None else seconds
    return {"config": cfg.as_dict(), "source": "model", "status": "ok", "seconds": seconds, "spread": 0.01,
            "predicted": seconds, "error": None, "compile_seconds": 0.2, "index": 3,
            "final_seconds": final_seconds, "final_spread": 0.02 if final_seconds else None,
            "final_rounds": [final_seconds] * 3 if final_seconds else None,
            "gflops": flops / fig / 1e9 if fig else None, "speedup_vs_default": 1.1, "verified": True}


def record(final_seconds: float | None, machine: str, seconds: float = 1e-6, cpu=HOST, cfg: KernelConfig = CFG,
           sign: bool = True) -> dict:
    rec = records.new_record(records.key_fields(*SHAPE, "f32", 1, cpu), records.provenance(machine))
    best = entry(final_seconds, seconds, cfg)
    rec["candidates"] = [{k: v for k, v in best.items() if k not in ("speedup_vs_default", "verified")}]
    rec["best"], rec["status"], rec["default"] = best, "complete", dict(best, source="default")
    if sign:
        rec["checksum"] = records.checksum(rec)
    return rec


def export(path: Path, *recs: dict) -> Path:
    records.export_records(path, list(recs))
    return path


def stored(directory: Path, cpu=HOST) -> dict | None:
    return records.find(records.key_fields(*SHAPE, "f32", 1, cpu), directory)


def test_the_fastest_of_several_exports_is_stored_whole_with_its_provenance(tmp_path):
    # alpha's first timing is the quicker, its final (interleaved) re-timing the slower: finals decide
    alpha = record(2e-6, "alpha", seconds=0.5e-6)
    beta = record(1e-6, "beta", seconds=3e-6, cfg=dataclasses.replace(CFG, unroll_k=2))
    other_kind = record(4e-6, "gamma", cpu=ELSEWHERE)
    a = export(tmp_path / "a.json", alpha, other_kind)
    b = export(tmp_path / "b.json", beta)
    for order in ([a, b], [b, a]):
        d = tmp_path / ("ab" if order[0] == a else "ba")
        counts = records.import_records(order, directory=d, cpu=HOST)
        assert counts == {"imported": 2, "kept": 0, "replaced": 0, "invalid": 0, "other_compiler": 0,
                          "this_machine": 1, "files": 2}
        rec = stored(d)
        assert rec == beta  # stored as exported: its own checksum, candidates and provenance
        assert rec["provenance"]["machine"] == "beta" and records.config_of(rec["best"]).unroll_k == 2
        assert stored(d, ELSEWHERE)["provenance"]["machine"] == "gamma"  # another CPU kind: its own record


def test_a_record_without_a_final_timing_ranks_by_its_seconds_and_one_without_a_time_last(tmp_path):
    timed = record(None, "first-timing-only", seconds=1.5e-6)
    untimed = record(None, "no-time", seconds=None)
    slower = record(2e-6, "slower")
    counts = records.import_records([export(tmp_path / "a.json", untimed, slower),
                                     export(tmp_path / "b.json", timed)], directory=tmp_path / "d", cpu=HOST)
    assert counts["imported"] == 1 and counts["invalid"] == 0
    assert stored(tmp_path / "d")["provenance"]["machine"] == "first-timing-only"


def test_a_faster_local_record_stays_and_a_slower_one_is_replaced(tmp_path):
    d = tmp_path / "records"
    records.write(record(0.5e-6, "local"), d)
    files = [export(tmp_path / "a.json", record(1e-6, "alpha")), export(tmp_path / "b.json", record(2e-6, "beta"))]
    counts = records.import_records(files, directory=d, cpu=HOST)
    assert (counts["kept"], counts["imported"], counts["replaced"]) == (1, 0, 0)
    assert stored(d)["provenance"]["machine"] == "local"
    records.write(record(1e-6, "local-tie"), d, merge_existing=False)
    assert records.import_records(files, directory=d, cpu=HOST)["kept"] == 1  # a tie keeps the local record
    records.write(record(3e-6, "local-slow"), d, merge_existing=False)
    counts = records.import_records(files, directory=d, cpu=HOST)
    assert (counts["kept"], counts["imported"], counts["replaced"]) == (0, 1, 1)
    assert stored(d)["provenance"]["machine"] == "alpha"


def test_overwrite_replaces_a_faster_local_record_with_the_fastest_import(tmp_path):
    d = tmp_path / "records"
    records.write(record(0.5e-6, "local"), d)
    files = [export(tmp_path / "a.json", record(2e-6, "alpha")), export(tmp_path / "b.json", record(1e-6, "beta"))]
    counts = records.import_records(files, overwrite=True, directory=d, cpu=HOST)
    assert (counts["kept"], counts["imported"], counts["replaced"]) == (0, 1, 1)
    assert stored(d)["provenance"]["machine"] == "beta"


def test_corrupt_and_unverified_records_are_invalid_and_never_stored(tmp_path):
    tampered = record(1e-6, "tampered")
    tampered["best"]["final_seconds"] = 1e-9  # after the checksum: would otherwise win
    unverified = record(1e-9, "unverified", sign=False)
    del unverified["best"]["verified"]
    unverified["checksum"] = records.checksum(unverified)
    partial = record(1e-9, "partial", sign=False)
    partial["best"], partial["status"] = None, "partial"
    partial["checksum"] = records.checksum(partial)
    d = tmp_path / "records"
    counts = records.import_records(export(tmp_path / "a.json", tampered, unverified, partial), directory=d, cpu=HOST)
    assert counts["invalid"] == 3 and counts["imported"] == 0
    assert stored(d) is None and not list(d.glob("*.json"))
    counts = records.import_records([tmp_path / "a.json", export(tmp_path / "b.json", record(5e-6, "sound"))],
                                    directory=d, cpu=HOST)
    assert counts["invalid"] == 3 and counts["imported"] == 1
    assert stored(d)["provenance"]["machine"] == "sound"


def test_records_of_another_compiler_are_counted_apart_and_not_stored(tmp_path, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(records, "compiler_fingerprint", lambda: "0" * 64)
        stale = record(1e-9, "older-checkout")
    d = tmp_path / "records"
    counts = records.import_records([export(tmp_path / "a.json", stale), export(tmp_path / "b.json")],
                                    directory=d, cpu=HOST)
    assert counts["other_compiler"] == 1 and counts["imported"] == 0 and counts["files"] == 2
    assert records.find(stale["fields"], d) is None and not list(d.glob("*.json"))


@pytest.mark.parametrize("bad", ["missing", "not-json", "not-an-export"])
def test_an_unreadable_file_is_an_error_naming_it_and_nothing_is_written(tmp_path, bad):
    good = export(tmp_path / "good.json", record(1e-6, "alpha"))
    path = tmp_path / f"{bad}.json"
    if bad == "not-json":
        path.write_bytes(b"\x00{")
    elif bad == "not-an-export":
        path.write_text(json.dumps({"records": []}))
    d = tmp_path / "records"
    with pytest.raises(records.RecordError, match=re.escape(str(path))):
        records.import_records([good, path], directory=d, cpu=HOST)
    assert not list(d.glob("*.json"))


def test_provenance_is_in_new_records_and_old_records_without_it_still_load(tmp_path, monkeypatch):
    fields = records.key_fields(*SHAPE, "f32", 1, HOST)
    prov = records.new_record(fields)["provenance"]
    assert prov["machine"] == socket.gethostname()
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", prov["date"])
    if shutil.which("git"):
        here = Path(records.__file__).parent
        head = subprocess.run(["git", "-C", str(here), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        assert prov["commit"] == (head.stdout.strip() if head.returncode == 0 else None)
    assert records.new_record(fields, records.provenance("box"))["provenance"]["machine"] == "box"
    records._commit.cache_clear()
    try:  # no git: no commit, and no error
        with monkeypatch.context() as m:
            m.setenv("PATH", str(tmp_path / "empty"))
            assert records.provenance()["commit"] is None
    finally:
        records._commit.cache_clear()
    new = record(1e-6, "new", sign=False)
    assert records.merge(record(2e-6, "old", sign=False), new)["provenance"] == new["provenance"]

    old = record(1e-6, "x", sign=False)
    del old["provenance"]  # as written before provenance
    old["checksum"] = records.checksum(old)
    assert records.verify(old) is old
    d = tmp_path / "records"
    counts = records.import_records(export(tmp_path / "old.json", old), directory=d, cpu=HOST)
    assert counts["imported"] == 1 and stored(d) == old and "provenance" not in stored(d)
    records.write(dict(old), tmp_path / "written", merge_existing=False)
    assert records.find(old["fields"], tmp_path / "written") is not None


def test_remote_collect_names_the_timing_host(tmp_path):
    from nanomm.compiler.build import target_cpu
    from nanomm.compiler.tune.remote import collect, prepacked_problem
    from nanomm.compiler.tune.space import Space
    from nanomm.runtime.remote_tune import CANDIDATES_FORMAT, TIMINGS_FORMAT

    cpu = target_cpu("host")
    problem = prepacked_problem(*SHAPE, "f32", 1, cpu, False)
    space = Space(problem, cpu)
    cfgs = [space.default(), *space.variations(space.default())[:1]]
    plan = {"format": CANDIDATES_FORMAT, "problem": dataclasses.asdict(problem), "target": "host", "cpu": cpu.name,
            "requested_threads": 1, "required_features": [], "default": 0, "space_size": len(space),
            "fields": records.key_fields(*SHAPE, "f32", problem.threads, cpu),
            "candidates": [{"index": i, "config": c.as_dict(), "source": "default" if i == 0 else "variation"}
                           for i, c in enumerate(cfgs)]}
    for hostname, machine in (("timing-box", "timing-box"), (None, cpu.model_name)):
        folder = tmp_path / str(hostname)
        folder.mkdir()
        (folder / "candidates.json").write_text(json.dumps(plan))
        host = {"model_name": cpu.model_name, "name": cpu.name, "features": sorted(cpu.features)}
        if hostname:
            host["hostname"] = hostname
        timings = {"format": TIMINGS_FORMAT, "host": host,
                   "candidates": [{"index": i, "status": "ok", "seconds": 2e-6, "final_seconds": 2e-6 - i * 1e-7,
                                   "final_rounds": [2e-6 - i * 1e-7] * 3} for i in range(len(cfgs))]}
        (folder / "timings.json").write_text(json.dumps(timings))
        summary = collect(folder, tmp_path / "records")
        rec = records.read(summary["key"], directory=tmp_path / "records")
        assert rec["provenance"]["machine"] == machine


def test_cli_imports_several_files_and_prints_the_counts(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    a = export(tmp_path / "a.json", record(2e-6, "alpha"))
    b = export(tmp_path / "b.json", record(1e-6, "beta"), record(1e-6, "gamma", cpu=ELSEWHERE))
    assert tune_cli.main(["--import", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "imported 2 record(s) from 2 files (1 for this machine, 0 replacing local ones), kept 0 local" in out
    assert records.find(records.key_fields(*SHAPE, "f32", 1, HOST))["provenance"]["machine"] == "beta"
    assert tune_cli.main(["--import", str(a), str(tmp_path / "missing.json")]) == 1
    assert "missing.json" in capsys.readouterr().err

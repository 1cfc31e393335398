"""Tests of the autotuner (nanomm.compiler.tune): the space's predicates, the model's ranking,
the records (round trip, corruption, foreign machines, concurrent writers, export/import),
small tuning runs (verified result, record, failures, interruption, resume) and the CLI."""

from __future__ import annotations

import collections

import dataclasses
import functools
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import nanomm
from nanomm import KernelConfig
from nanomm.compiler.config import NUM_VREGS, vector_registers
from nanomm.runtime.dtypes import DTYPES
from nanomm.compiler.tune import Budget, Problem, Space, lookup, records, tune
from nanomm.compiler.tune import cli as tune_cli
from nanomm.compiler.tune._testing import faulty_compile
from nanomm.compiler.tune.measure import CompilePool, build
from nanomm.compiler.tune.model import Surrogate, predict_seconds
from nanomm.compiler.tune.space import _Cand, admissible, canonical, rejections
from nanomm.errors import ConfigError, NanommError
from nanomm.runtime.cpu import (AMX, TARGETS, CpuInfo, host_cpu, missing_features, native_cpu, resolve_target,
                               without_amx)
from nanomm.runtime.reference import matmul_mismatch

HOST = host_cpu()  # what records are looked up for (NANOMM_HOST_CPU may name another CPU)
# The AVX-512 space and model, checked on any machine: the host where it has AVX-512, else Zen 4.
WIDE = HOST if HOST.vector_bits == 512 else TARGETS["znver4"]
TINY_CACHES = CpuInfo("tiny", WIDE.features, l1d=4096, l2=16384, l3=65536)
needs_kernels = pytest.mark.kernels
needs_lowp = pytest.mark.avx512  # runs bf16 / int8 kernels
# The tuning CLI times the host's kernels: with NANOMM_HOST_CPU naming a CPU this hardware cannot run,
# it exits with an error (search.tune's CpuFeatureError) instead of tuning.
tunes_here = pytest.mark.skipif(bool(missing_features(host_cpu().features)),
                                reason="NANOMM_HOST_CPU names a CPU this hardware cannot time kernels for")


def cand(**kw) -> _Cand:
    base = dict(mr=6, nr=64, mc=48, nc=256, kc=256, unroll_k=1, order="mn", pack_b=False, prefetch=0,
                outline=True, late_c=True)
    return _Cand(**{**base, **kw})


# --- the space ------------------------------------------------------------------------------

def test_predicates_reject_register_spilling_tiles():
    p = Problem(256, 256, 256)
    for mr, nr in [(8, 64), (7, 64), (6, 80), (16, 32), (31, 16), (3, 128)]:
        assert vector_registers(mr, nr) > NUM_VREGS
        assert "registers" in rejections(p, WIDE, cand(mr=mr, nr=nr, mc=mr * 4, nc=nr * 2))
    assert "registers" not in rejections(p, WIDE, cand(mr=6, nr=64))


def test_avx2_space_counts_ymm_registers():
    """16 ymm: each 16-lane vector is two of them, A's broadcast one."""
    zen3, p = TARGETS["znver3"], Problem(256, 256, 256)
    for mr, nr in [(7, 16), (3, 32), (6, 64), (2, 48)]:
        assert "registers" in rejections(p, zen3, cand(mr=mr, nr=nr, mc=mr * 4, nc=nr * 2))
    for mr, nr in [(6, 16), (2, 32), (1, 112)]:
        assert "registers" not in rejections(p, zen3, cand(mr=mr, nr=nr, mc=mr * 4, nc=nr * 2))
    space = Space(p, zen3)
    assert space.default() in space
    for cfg in space.configs()[::50]:
        cfg.pipeline(False, "f32", vector_bits=256)  # the pass pipeline's own register check agrees


def test_predicates_reject_oversize_blocks():
    p = Problem(512, 512, 512)
    # "mn": the B block kc x nc is swept by every row of tiles; it must fit L2.
    assert "l2-block" in rejections(p, TINY_CACHES, cand(kc=256, nc=256))        # 256 KiB > 16 KiB
    assert "l2-block" not in rejections(p, TINY_CACHES, cand(kc=16, nc=256, mc=48))
    # "nm": the A block mc x kc must fit L2, the B panel kc x nr L1.
    assert "l2-block" in rejections(p, TINY_CACHES, cand(order="nm", mc=96, kc=256))
    assert "l1-panel" in rejections(p, TINY_CACHES, cand(order="nm", kc=256))    # 64 KiB > 4 KiB
    assert "l1-panel" in rejections(p, TINY_CACHES, cand(mr=6, kc=512))          # A panel 12 KiB > 4 KiB
    # other pure predicates
    assert "pack-reuse" in rejections(Problem(4, 512, 512), HOST, cand(mr=4, mc=4, pack_b=True))
    assert "prefetch-stride" in rejections(p, HOST, cand(pack_b=True, prefetch=8))
    assert "accumulators" in rejections(p, HOST, cand(mr=1, nr=16, mc=16, nc=256))


def test_space_is_built_without_compiling(monkeypatch):
    import nanomm.compiler.build as build_mod

    def boom(*a, **k):
        raise AssertionError("the space must not compile anything")

    monkeypatch.setattr(build_mod, "build_kernel", boom)
    monkeypatch.setattr(build_mod, "lower_to_llvm", boom)
    for cpu in (HOST, TINY_CACHES):
        space = Space(Problem(64, 96, 80), cpu)
        members = space.configs()
        assert members
        for cfg in members:
            assert isinstance(cfg, KernelConfig)
            assert vector_registers(cfg.mr, cfg.nr) <= NUM_VREGS
            kc = min(cfg.kc, 80)
            block = (min(cfg.nc, 96 + cfg.nr) if cfg.order == "mn" else min(cfg.mc, 64 + cfg.mr)) * kc * 4
            assert block <= cpu.l2
            assert canonical(space.problem, cfg) == cfg
            assert admissible(space.problem, cpu, cfg)
    # a smaller cache admits fewer configurations
    assert len(Space(Problem(64, 96, 80), TINY_CACHES)) < len(Space(Problem(64, 96, 80), WIDE))


def test_bf16_arithmetic_follows_the_cpu_and_variations_try_the_other():
    """bf16_fma is the CPU's (config.slow_bf16_dot), not a dimension of the space: every member
    has the CPU's value, the registers predicate counts FMA halves, and `variations` (remote
    tuning) offers the other arithmetic. Other dtypes never carry it."""
    from nanomm.compiler.tune.space import canonical

    er, zen = TARGETS["emeraldrapids"], TARGETS["znver4"]
    space = Space(Problem(12, 512, 512, dtype="bf16"), er)  # 12 rows: AVX-512 only
    members = space.configs()
    assert members and all(c.bf16_fma for c in members)
    assert all(vector_registers(c.mr, c.nr, "bf16", True) <= NUM_VREGS for c in members)
    default = space.default()
    assert default.bf16_fma and default in space
    assert any(not c.bf16_fma for c in space.variations(default))
    assert not any(c.bf16_fma for c in Space(Problem(12, 512, 512, dtype="bf16"), zen).configs())
    amx = Space(Problem(256, 256, 256, dtype="bf16"), er)  # AMX members keep vdpbf16ps; AVX-512 ones not
    assert all(c.bf16_fma == (c.isa == "avx512") for c in amx.configs())
    assert any(c.bf16_fma and c.isa == "amx" for c in amx.variations(amx.default()))
    assert not canonical(Problem(64, 64, 64, dtype="u8s8"), KernelConfig(bf16_fma=True)).bf16_fma


def test_pad_k_is_tried_by_variations_where_it_changes_the_kernel():
    from nanomm.compiler.tune.space import canonical

    er = resolve_target("emeraldrapids")
    odd = Space(Problem(127, 255, 511, dtype="bf16"), er)  # K = 511: not whole tile products
    assert any(c.pad_k for c in odd.variations(odd.default()))
    amx = KernelConfig(mr=32, nr=32, mc=128, nc=256, kc=512, pack_b=True, isa="amx", pad_k=True)
    assert canonical(Problem(128, 256, 511, dtype="bf16"), amx).pad_k
    assert not canonical(Problem(128, 256, 512, dtype="bf16"), amx).pad_k        # K blocks already whole
    assert canonical(Problem(128, 256, 511, dtype="bf16", prepacked_b=True), amx).pad_k  # the layout holds the zeros


def test_canonical_merges_equivalent_configs():
    p = Problem(64, 64, 64)
    a = canonical(p, KernelConfig(mr=6, nr=64, mc=96, nc=512, kc=256, late_c=False, order="nm"))
    b = canonical(p, KernelConfig(mr=6, nr=64, mc=66, nc=64, kc=64))
    assert a == b  # blocks beyond the problem, one K block, one column of tiles: the same loops


def test_neighbours_are_members_one_step_away():
    space = Space(Problem(96, 512, 256), HOST)
    cfg = space.configs()[len(space) // 2]
    ns = space.neighbours(cfg)
    assert ns
    for n in ns:
        assert n in space and n != cfg
        assert sum(getattr(n, f) != getattr(cfg, f) for f in ("mr", "nr", "kc", "unroll_k", "order", "pack_b",
                                                             "prefetch", "outline", "late_c")) <= 2


# --- the model ------------------------------------------------------------------------------

@pytest.mark.parametrize("M,N,K", [(512, 512, 512), (1024, 1024, 1024), (128, 4096, 4096)])
def test_model_ranks_obviously_bad_configs_below_good_ones(M, N, K):
    p = Problem(M, N, K)
    good = nanomm.default_config(M, N, K, HOST)
    t = predict_seconds(p, HOST, good)
    bad = [
        dataclasses.replace(good, mr=1, nr=16, mc=16, nc=256, pack_b=False),  # 2 accumulators
        dataclasses.replace(good, kc=8),                                      # a C round trip per 8 steps
        dataclasses.replace(good, mr=1, nr=64, pack_b=False),                 # one row: 4 accumulators
    ]
    # (measured on Zen 4, 512^3: kc=8 0.84x, 1x64 0.5x the default's speed)
    for cfg in bad:
        assert predict_seconds(p, HOST, cfg) > 1.1 * t, cfg


def test_model_prefers_fitting_blocks_and_no_useless_packing():
    p = Problem(2048, 2048, 2048)
    fits = KernelConfig(mr=6, nr=64, mc=48, nc=256, kc=512, pack_b=True)
    thrash = KernelConfig(mr=6, nr=64, mc=48, nc=2048, kc=1024, pack_b=True)  # 8 MiB B block
    assert predict_seconds(p, WIDE, fits) < predict_seconds(p, WIDE, thrash)
    p1 = Problem(6, 2048, 512)
    assert predict_seconds(p1, WIDE, KernelConfig(mr=6, nr=64, mc=6, nc=2048, kc=16)) < \
        predict_seconds(p1, WIDE, KernelConfig(mr=6, nr=64, mc=6, nc=2048, kc=16, pack_b=True))


def test_surrogate_learns_from_measurements():
    p = Problem(256, 256, 256)
    s = Surrogate(p, HOST)
    cfg = KernelConfig(mr=6, nr=64, mc=48, nc=256, kc=256)
    measured = 3.0 * s.model(cfg)
    s.observe(cfg, measured)
    assert s.predict(cfg) == pytest.approx(measured, rel=0.05)
    near = dataclasses.replace(cfg, unroll_k=2)
    assert s.predict(near) > 1.5 * s.model(near)  # the correction carries to neighbours


def test_budget_parse():
    assert Budget.parse("60s") == Budget(seconds=60.0)
    assert Budget.parse("2m") == Budget(seconds=120.0)
    assert Budget.parse("200") == Budget(configs=200)
    assert Budget.parse(None) is None
    with pytest.raises(NanommError):
        Budget.parse("soon")
    with pytest.raises(NanommError):
        Budget.parse("0")


# --- records --------------------------------------------------------------------------------

def make_record(M=32, N=64, K=16, cpu=HOST, threads=1, cfg=None, note=""):
    fields = records.key_fields(M, N, K, "f32", threads, cpu)
    rec = records.new_record(fields)
    cfg = cfg or KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16)
    entry = {"config": cfg.as_dict(), "status": "ok", "seconds": 1e-6, "note": note}
    rec["candidates"] = [entry]
    rec["best"] = dict(entry, verified=True)
    rec["status"] = "complete"
    return rec


def test_record_round_trip_and_lookup(monkeypatch, tmp_path):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    assert lookup(32, 64, 16) is None
    cfg = KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16, unroll_k=2)
    path = records.write(make_record(cfg=cfg))
    assert path.parent == tmp_path / "tuning"  # NANOMM_CACHE_DIR moves the records
    assert lookup(32, 64, 16) == cfg
    assert lookup(32, 64, 16, threads=2) is None   # another thread count
    assert lookup(32, 64, 17) is None              # another shape
    assert lookup(32, 64, 16, accumulate=True) is None
    rec = records.read(path.stem)
    assert rec["best"]["config"] == cfg.as_dict() and rec["fields"]["problem"]["M"] == 32


def test_records_are_bounded_least_recently_updated_first(monkeypatch, tmp_path):
    import os

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    paths = []
    for i in range(5):
        paths.append(records.write(make_record(M=40 + i)))
        os.utime(paths[-1], (1000 + i, 1000 + i))  # a distinct age each
    size = paths[0].stat().st_size
    # room for about three records: the next write keeps itself and the two newest others
    monkeypatch.setenv("NANOMM_TUNING_MAX_MB", "0")
    assert records.evict(max_bytes=3 * size + size // 2, directory=tmp_path / "tuning") == 2
    assert [p.exists() for p in paths] == [False, False, True, True, True]
    newest = records.write(make_record(M=99))  # limit 0: every other record goes, not this one
    assert newest.exists() and not any(p.exists() for p in paths)
    assert lookup(99, 64, 16) is not None and lookup(44, 64, 16) is None
    assert (tmp_path / "tuning" / f"{paths[0].stem}.lock").exists()  # lock files stay


@pytest.mark.parametrize("value", ["-1", "lots"])
def test_bad_tuning_size_limit(monkeypatch, value):
    from nanomm.runtime import settings

    monkeypatch.setenv("NANOMM_TUNING_MAX_MB", value)
    with pytest.raises(ConfigError, match="NANOMM_TUNING_MAX_MB"):
        settings.tuning_max_bytes()


@pytest.mark.parametrize("damage", ["truncate", "edit", "garbage", "rename", "empty", "bad-config"])
def test_corrupt_records_are_ignored(monkeypatch, tmp_path, damage):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    path = records.write(make_record())
    records.forget()
    assert lookup(32, 64, 16) is not None
    text = path.read_text()
    if damage == "truncate":
        path.write_text(text[: len(text) // 2])
    elif damage == "edit":  # a valid JSON edit that changes the answer: the checksum catches it
        path.write_text(text.replace('"mr":2', '"mr":3'))
    elif damage == "garbage":
        path.write_bytes(b"\x00\xff" * 100)
    elif damage == "empty":
        path.write_text("")
    elif damage == "rename":  # another key's record under this key's name
        other = records.write(make_record(M=33))
        path.write_bytes(other.read_bytes())
    elif damage == "bad-config":  # sound checksum, impossible config
        rec = json.loads(text)
        rec["best"]["config"]["mr"] = 9
        rec["best"]["config"]["nr"] = 64
        rec["checksum"] = records.checksum(rec)
        path.write_text(json.dumps(rec))
    records.forget()
    assert lookup(32, 64, 16) is None


def test_records_of_another_machine_or_compiler_are_ignored(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.write(make_record())
    records.forget()
    assert lookup(32, 64, 16) is not None
    for other in (dataclasses.replace(HOST, l2=HOST.l2 * 2), dataclasses.replace(HOST, model_name="other"),
                  dataclasses.replace(HOST, features=HOST.features - {"fma"}),
                  dataclasses.replace(HOST, name="icelake-server")):
        assert lookup(32, 64, 16, cpu=other) is None
    # the same file copied under the key another machine computes is still refused
    other = dataclasses.replace(HOST, l3=HOST.l3 // 2)
    key = records.record_key(records.key_fields(32, 64, 16, "f32", 1, other))
    src = next((tmp_path / "tuning").glob("*.json"))
    (tmp_path / "tuning" / f"{key}.json").write_bytes(src.read_bytes())
    records.forget()
    assert lookup(32, 64, 16, cpu=other) is None
    # another compiler (nanomm's source, MLIR, LLVM, llvmlite): another key
    monkeypatch.setattr(records, "compiler_fingerprint", lambda: "0" * 64)
    records.forget()
    assert lookup(32, 64, 16) is None
    capsys.readouterr()
    assert tune_cli.main(["--list"]) == 0
    assert "1 record(s) for this CPU were made by another nanomm source or toolchain" in capsys.readouterr().out


def test_records_apply_to_the_compiler_source_that_made_them(monkeypatch, tmp_path):
    """Records are keyed by the fingerprint the kernel disk cache keys kernels by (compiler/build.py):
    an edit to nanomm's source leaves them unused; the same source uses them again."""
    from nanomm.compiler import build
    from nanomm.runtime.diskcache import content_key

    def reset():
        build._compiler_fingerprint.cache_clear()
        records.compiler_fingerprint.cache_clear()
        records.forget()

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    cfg = KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16, unroll_k=2)
    rec = make_record(cfg=cfg)
    assert rec["fields"]["compiler"] == records.compiler_fingerprint() == content_key(build._compiler_fingerprint())
    records.write(rec)
    records.forget()
    assert lookup(32, 64, 16) == cfg
    real = build.source_fingerprint
    try:
        with monkeypatch.context() as m:
            m.setattr(build, "source_fingerprint", lambda paths: "edited-" + real(paths))
            reset()
            assert records.compiler_fingerprint() != rec["fields"]["compiler"]
            assert lookup(32, 64, 16) is None
    finally:
        reset()
    assert lookup(32, 64, 16) == cfg


_WRITER = textwrap.dedent("""
    import sys
    from nanomm.compiler.tune import records
    from nanomm.runtime.cpu import host_cpu, resolve_target
    from nanomm import KernelConfig
    who = int(sys.argv[1])
    for i in range(40):
        fields = records.key_fields(32, 64, 16, "f32", 1, host_cpu())
        rec = records.new_record(fields)
        rec["run"] = f"writer{who}"
        cfg = KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16, unroll_k=1 + (i % 2), late_c=bool(who))
        entry = {"config": dict(cfg.as_dict(), kc=16 if i % 3 else 8), "status": "ok", "seconds": 1e-6 * (i + 1)}
        rec["candidates"] = [entry]
        rec["best"], rec["status"] = entry, "complete"
        records.write(rec)
""")


def test_concurrent_writers_leave_a_valid_record(monkeypatch, tmp_path):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(i)]) for i in range(2)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    files = list((tmp_path / "tuning").glob("*.json"))
    assert len(files) == 1
    rec = records.verify(json.loads(files[0].read_bytes()))
    # merged under the lock: candidates from both writers survive
    assert {c["config"]["late_c"] for c in rec["candidates"]} == {False, True}
    assert not list((tmp_path / "tuning").glob(".*.tmp"))
    records.forget()
    assert lookup(32, 64, 16) is not None


def test_export_import(monkeypatch, tmp_path):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path / "a"))
    cfg = KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16, unroll_k=4)
    records.write(make_record(cfg=cfg))
    foreign = make_record(cpu=dataclasses.replace(HOST, model_name="elsewhere"))
    foreign["checksum"] = records.checksum(foreign)
    tampered = make_record(M=40)
    tampered["checksum"] = records.checksum(tampered)
    tampered["best"]["config"]["kc"] = 8  # after the checksum: refused
    with monkeypatch.context() as m:  # a sound record of another compiler (source or toolchain)
        m.setattr(records, "compiler_fingerprint", lambda: "0" * 64)
        stale = make_record(M=48)
    stale["checksum"] = records.checksum(stale)
    out = tmp_path / "export.json"
    assert records.export_records(out, records.all_records() + [foreign, tampered, stale]) == 4
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path / "b"))
    records.forget()
    assert lookup(32, 64, 16) is None
    counts = records.import_records(out)
    assert counts == {"imported": 2, "kept": 0, "replaced": 0, "invalid": 1, "other_compiler": 1, "this_machine": 1,
                      "files": 1}
    assert lookup(32, 64, 16) == cfg
    assert records.find(stale["fields"]) is None  # not stored
    assert records.import_records(out)["kept"] == 2  # existing records are kept unless overwrite
    with pytest.raises(records.RecordError):
        (tmp_path / "junk.json").write_text("[]")
        records.import_records(tmp_path / "junk.json")


_IMPORTER = textwrap.dedent("""
    import json, sys
    import nanomm
    from nanomm.compiler.tune import cli, lookup
    code = cli.main(["--import", sys.argv[1]])
    print(json.dumps({"code": code, "found": lookup(32, 64, 16) is not None, "package": nanomm.__file__}))
""")


def test_an_export_applies_in_another_checkout_of_the_same_source_only(monkeypatch, tmp_path):
    """`nanomm tune --export` here, `--import` in a copy of the package elsewhere: the fingerprint hashes
    file contents and names relative to the package, so the copy uses the record; once one of the
    copy's files is edited, its import ignores the record and says so."""
    import os
    import shutil

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path / "here"))
    records.forget()
    records.write(make_record())
    out = tmp_path / "export.json"
    assert records.export_records(out, records.all_records()) == 1
    root, copy = Path(nanomm.__file__).parent, tmp_path / "checkout" / "nanomm"
    for name in ("compiler", "passes", "dialects", "runtime"):
        shutil.copytree(root / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("__init__.py", "errors.py"):
        shutil.copy(root / name, copy / name)

    def import_there(cache: str):
        env = {**os.environ, "PYTHONPATH": str(copy.parent), "NANOMM_CACHE_DIR": str(tmp_path / cache)}
        proc = subprocess.run([sys.executable, "-c", _IMPORTER, str(out)], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=600)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout.splitlines()[-1]), proc.stdout, proc.stderr

    got, stdout, _ = import_there("same")
    assert got == {"code": 0, "found": True, "package": str(copy / "__init__.py")}
    assert "imported 1 record(s)" in stdout
    with open(copy / "errors.py", "a") as f:
        f.write("\n# an edit\n")
    got, stdout, stderr = import_there("edited")
    assert got["found"] is False and "imported 0 record(s)" in stdout
    assert "ignored 1 record(s) made by another nanomm source or toolchain" in stderr


# --- compile_matmul uses the records ---------------------------------------------------------

SPLIT = (256, 256, 256)  # 2 and 3 threads: two 256x128 column blocks; 1 thread: one kernel
TUNED = {1: KernelConfig(mr=4, nr=16, mc=48, nc=256, kc=128),
         2: KernelConfig(mr=2, nr=32, mc=64, nc=128, kc=64, unroll_k=2)}


@pytest.fixture
def fresh_compiles(monkeypatch, tmp_path):
    """Records and kernels in tmp_path, and an empty in-memory kernel cache (as in a new process)."""
    from nanomm.compiler import api

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(api, "_cache", collections.OrderedDict())
    monkeypatch.setattr(api, "_locks", {})
    records.forget()
    yield tmp_path
    records.forget()


def configs_of(kernel) -> list[KernelConfig]:
    return [k.config for k in kernel.kernels] if isinstance(kernel, nanomm.ParallelKernel) else [kernel.config]


def check_result(kernel, M, N, K):
    rng = np.random.default_rng(M + N + K)
    a, b = rng.standard_normal((M, K), dtype=np.float32), rng.standard_normal((K, N), dtype=np.float32)
    c = np.empty((M, N), np.float32)
    kernel(a, b, c)
    assert matmul_mismatch(c, a, b) is None


def test_split_shape_is_split():
    from nanomm.compiler.parallel import partition
    from nanomm.compiler.payload import MatmulSpec

    assert [len(partition(MatmulSpec(*SPLIT), t)) for t in (1, 2, 3)] == [1, 2, 2]
    assert all(c.spec.ldb for c in partition(MatmulSpec(*SPLIT), 2))  # strided per-thread chunks
    for cfg in TUNED.values():
        assert cfg != nanomm.default_config(256, 128, 256, HOST) and cfg != nanomm.default_config(*SPLIT, HOST)


@needs_kernels
def test_compile_matmul_uses_the_record_of_its_effective_thread_count(fresh_compiles):
    for threads, cfg in TUNED.items():
        records.write(make_record(*SPLIT, threads=threads, cfg=cfg))
    k2 = nanomm.compile_matmul(*SPLIT, threads=2)
    assert isinstance(k2, nanomm.ParallelKernel) and k2.threads == 2
    assert configs_of(k2) == [TUNED[2]]  # every per-thread kernel, as the tuner measured it
    check_result(k2, *SPLIT)
    # 3 threads split the problem the same way (2 blocks): the same record, the same kernel
    assert nanomm.compile_matmul(*SPLIT, threads=3) is k2
    k1 = nanomm.compile_matmul(*SPLIT, threads=1)
    assert isinstance(k1, nanomm.Kernel) and k1.config == TUNED[1]
    check_result(k1, *SPLIT)
    # an explicit config wins over the record
    mine = KernelConfig(mr=2, nr=32, mc=32, nc=128, kc=32)
    assert configs_of(nanomm.compile_matmul(*SPLIT, config=mine, threads=2)) == [mine]


@needs_kernels
def test_records_of_another_thread_count_or_cpu_are_not_used(fresh_compiles):
    other_cpu = dataclasses.replace(HOST, model_name="another CPU")
    records.write(make_record(*SPLIT, threads=1, cfg=TUNED[1]))         # one thread: not for 2
    records.write(make_record(*SPLIT, threads=2, cfg=TUNED[2], cpu=other_cpu))  # 2 threads, elsewhere
    records.write(make_record(*SPLIT, threads=4, cfg=TUNED[2]))         # another split
    k2 = nanomm.compile_matmul(*SPLIT, threads=2)
    assert configs_of(k2) == [nanomm.default_config(256, 128, 256, HOST)]
    check_result(k2, *SPLIT)


_COMPILE_AND_SHOW_CONFIGS = """
import nanomm
k = nanomm.compile_matmul(256, 256, 256, threads=2)
print(*[c.config for c in k.kernels], sep="\\n")
"""


@needs_kernels
def test_a_record_written_later_applies_in_the_next_process(fresh_compiles):
    before = nanomm.compile_matmul(*SPLIT, threads=2)
    assert configs_of(before) == [nanomm.default_config(256, 128, 256, HOST)]
    records.write(make_record(*SPLIT, threads=2, cfg=TUNED[2]))
    assert nanomm.compile_matmul(*SPLIT, threads=2) is before  # this process keeps its kernel
    proc = subprocess.run([sys.executable, "-c", _COMPILE_AND_SHOW_CONFIGS], capture_output=True, text=True,
                          timeout=300)  # NANOMM_CACHE_DIR: the fixture's
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == repr(TUNED[2])


# --- compiling in workers -------------------------------------------------------------------

def test_compile_pool_survives_crashes_and_timeouts(tmp_path):
    p = Problem(2, 16, 16)
    base = KernelConfig(mr=2, nr=16, mc=2, nc=16, kc=16)
    fn = functools.partial(faulty_compile, crash=[{"unroll_k": 2}], hang=[{"unroll_k": 4}], fail=[{"kc": 8}])
    jobs = [(name, {"problem": dataclasses.asdict(p), "config": dataclasses.replace(base, **kw).as_dict(),
                    "cpu": native_cpu()})  # these jobs compile and run here
            for name, kw in [("ok", {}), ("crash", {"unroll_k": 2}), ("hang", {"unroll_k": 4}), ("fail", {"kc": 8}),
                             ("ok2", {"outline": False})]]
    with CompilePool(workers=2, timeout=4.0, fn=fn) as pool:
        res = pool.run(jobs)
    assert res["ok"]["ok"] and res["ok2"]["ok"]
    assert not res["crash"]["ok"] and "crashed" in res["crash"]["error"]
    assert not res["hang"]["ok"] and "timeout" in res["hang"]["error"]
    assert not res["fail"]["ok"] and "injected" in res["fail"]["error"]


# --- tuning ---------------------------------------------------------------------------------

@needs_kernels
def test_tiny_tune_returns_a_verified_config_and_writes_a_record(monkeypatch, tmp_path):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    events = []
    r = tune(24, 48, 40, budget=6, progress=events.append)
    assert r.mode == "guided" and len(r.evaluated) <= 7  # the budget, plus a re-checked incumbent at most
    assert r.best.status == "ok" and r.best.final_seconds > 0 and r.best.final_spread is not None
    assert r.speedup is not None and r.default is not None
    assert r.best in r.finalists and r.default in r.finalists
    # the result is correct
    a = np.random.default_rng(1).standard_normal((24, 40), dtype=np.float32)
    b = np.random.default_rng(2).standard_normal((40, 48), dtype=np.float32)
    c = np.empty((24, 48), np.float32)
    build(r.problem, HOST, r.best.config)(a, b, c)
    assert matmul_mismatch(c, a, b) is None
    # the record
    rec = records.read(Path(r.record_path).stem, records.key_fields(24, 48, 40, "f32", 1, HOST))
    assert rec["status"] == "complete" and rec["best"]["verified"]
    assert len(rec["candidates"]) == len(r.candidates)
    assert lookup(24, 48, 40) == r.best.config
    assert events and events[-1]["phase"] == "done"


@needs_kernels
def test_failing_candidates_are_marked_and_the_tuner_continues(tmp_path):
    fn = functools.partial(faulty_compile, crash=[{"unroll_k": 2, "outline": False}],
                           hang=[{"unroll_k": 4, "kc": 8, "outline": False, "late_c": False}], fail=[{"unroll_k": 4,
                                                                                                      "outline": True}])
    r = tune(2, 16, 16, compile_fn=fn, timeout=3.0, record_dir=tmp_path)
    assert r.mode == "exhaustive" and len(r.evaluated) == r.space_size
    by_error = {c.config: c.error or "" for c in r.failed}
    assert any("crashed" in e for e in by_error.values())
    assert any("timeout" in e for e in by_error.values())
    assert any("injected" in e for e in by_error.values())
    for c in r.failed:
        assert (c.config.unroll_k, c.config.outline) in ((2, False), (4, True), (4, False))
    assert r.best.status == "ok"
    assert (r.best.config.unroll_k, r.best.config.outline) not in ((2, False), (4, True))
    rec = records.read(Path(r.record_path).stem, None, tmp_path)
    assert {c["status"] for c in rec["candidates"]} == {"ok", "failed"}


@needs_kernels
def test_interrupt_keeps_a_consistent_record_and_resume_skips_done_work(tmp_path):
    seen = []

    def stop_after_three(e):
        seen.append(e["evaluated"])
        if e["evaluated"] >= 3 and e["phase"] != "default":
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tune(24, 48, 40, budget=20, progress=stop_after_three, record_dir=tmp_path)
    fields = records.key_fields(24, 48, 40, "f32", 1, HOST)
    rec = records.find(fields, tmp_path)
    assert rec is not None and rec["status"] == "partial" and rec["best"] is None
    done = {json.dumps(c["config"], sort_keys=True) for c in rec["candidates"]}
    assert len(done) >= 3
    r = tune(24, 48, 40, budget=4, resume=True, record_dir=tmp_path)
    new = {json.dumps(c.config.as_dict(), sort_keys=True) for c in r.evaluated if c.source != "default"}
    assert not (new & done - {json.dumps(r.default.config.as_dict(), sort_keys=True)})
    rec = records.find(fields, tmp_path)
    assert rec["status"] == "complete" and len(rec["candidates"]) >= len(done) + 1


def test_cli_interrupt_exits_130(monkeypatch, capsys):
    import nanomm.compiler.tune.search as search

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(search, "tune", interrupted)
    assert tune_cli.main(["8", "16", "8", "--quiet"]) == 130
    assert "--resume" in capsys.readouterr().err


def test_nanomm_help_lists_tune(capsys):
    from nanomm.compiler import cli

    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "{run,bench,compile,tune}" in out and "\n    tune " in out
    with pytest.raises(SystemExit):  # `nanomm tune -h` is still the tuner's own help
        cli.main(["tune", "-h"])
    assert capsys.readouterr().out.startswith("usage: nanomm tune [-h]")


def test_cli_arguments(capsys):
    assert tune_cli.main(["8", "16"]) == 2
    assert tune_cli.main([]) == 2
    assert tune_cli.main(["8", "16", "8", "--budget", "soon", "--quiet"]) == 1


@needs_kernels
@tunes_here
def test_cli_tune_export_import_plot(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path / "a"))
    records.forget()
    out = tmp_path / "rec.json"
    args = ["4", "16", "4", "--quiet", "--export", str(out)]
    try:
        import matplotlib  # noqa: F401
        args += ["--plot", str(tmp_path / "p.png")]
    except ImportError:
        pass
    assert tune_cli.main(args) == 0
    text = capsys.readouterr().out
    assert "exhaustive search" in text and "best:" in text and "exported 1 record" in text
    if "--plot" in args:
        assert (tmp_path / "p.png").stat().st_size > 1000
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path / "b"))
    records.forget()
    assert tune_cli.main(["--import", str(out), "--list"]) == 0
    text = capsys.readouterr().out
    assert "imported 1 record(s)" in text and "4x16x4 f32 threads=1" in text
    assert lookup(4, 16, 4) is not None


def test_shape_lists_parse_the_suite_and_files(tmp_path):
    from nanomm.compiler.tune.shapes import SUITE, problems

    suite = problems("suite", ["f32", "bf16"])
    assert len(suite) == 2 * len(SUITE) and suite[0] == (64, 64, 64, "f32") and (33, 4096, 33, "bf16") in suite
    f = tmp_path / "shapes.txt"
    f.write_text("# an encoder's projections\n20x1536x384 bf16\n\n64   # a cube\n20x1536x384 bf16\n")
    assert problems(str(f), ["f32", "u8s8"]) == [(20, 1536, 384, "bf16"), (64, 64, 64, "f32"), (64, 64, 64, "u8s8")]
    for text, match in [("12x0x4\n", "positive"), ("1x2x3 f64\n", "line 1|:1:"), ("4x4 x\n", ":1:"), ("#\n", "no shapes")]:
        f.write_text(text)
        with pytest.raises(NanommError, match=match):
            problems(str(f), ["f32"])
    with pytest.raises(NanommError, match="cannot read the shapes file"):
        problems(str(tmp_path / "missing.txt"), ["f32"])
    with pytest.raises(NanommError, match="unknown dtype 'f16'"):
        problems("suite", ["f16"])


@needs_lowp
@tunes_here
def test_cli_tunes_a_list_of_shapes_within_one_budget(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    f = tmp_path / "shapes.txt"
    f.write_text("4x16x4\n3x16x8 u8s8\n")
    assert tune_cli.main(["--shapes", str(f), "--budget", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "2 problems" in out and "4x16x4" in out and "3x16x8" in out and "u8s8" in out
    assert lookup(4, 16, 4) is not None and lookup(3, 16, 8, "u8s8") is not None
    with pytest.raises(SystemExit):  # a list of dtypes without --shapes is a usage error
        tune_cli.main(["4", "16", "4", "--dtype", "f32,bf16"])
    assert tune_cli.main(["4", "16", "4", "--shapes", str(f)]) == 2


# --- bf16 / int8 ----------------------------------------------------------------------------

LOWP = ("bf16", "u8s8", "s8s8")
AMX_CPU = dataclasses.replace(WIDE, features=WIDE.features | set(AMX))
NO_AMX_CPU = without_amx(WIDE)


def test_lowp_predicates_kc_registers_and_bytes():
    from nanomm.compiler.tune.space import kc_values

    for dtype, v in (("bf16", 2), ("u8s8", 4), ("s8s8", 4)):
        p = Problem(256, 256, 256, dtype)
        assert "vnni" in rejections(p, WIDE, cand(kc=v + 1 if v == 4 else 3, mc=48))
        assert "vnni" not in rejections(p, WIDE, cand(kc=8 * v))
        assert all(kc % v == 0 for kc in kc_values(p))
        assert all(kc % v == 0 for kc in kc_values(Problem(7, 9, 511, dtype)))  # K rounded up to v
    # s8s8 keeps column sums beside C: 6x64 fits the register file for f32 / u8s8, not for s8s8
    assert vector_registers(6, 64, "s8s8") > NUM_VREGS >= vector_registers(6, 64, "u8s8")
    assert "registers" in rejections(Problem(256, 256, 256, "s8s8"), WIDE, cand())
    assert "registers" not in rejections(Problem(256, 256, 256, "u8s8"), WIDE, cand())
    assert "registers" not in rejections(Problem(256, 256, 256, "s8s8"), WIDE, cand(mr=5))
    # blocks in bytes: a 16 KiB L2 holds a 64 x 256 block of B in int8, not in f32 or bf16
    blk = cand(kc=64, nc=256, mc=48)
    assert "l2-block" in rejections(Problem(512, 512, 512), TINY_CACHES, blk)
    assert "l2-block" in rejections(Problem(512, 512, 512, "bf16"), TINY_CACHES, blk)
    assert "l2-block" not in rejections(Problem(512, 512, 512, "u8s8"), TINY_CACHES, blk)
    # the VNNI kernels prefetch packed B panels only (float32: unpacked B only)
    assert "prefetch-stride" not in rejections(Problem(512, 512, 512, "bf16"), WIDE, cand(pack_b=True, prefetch=8))
    assert "prefetch-stride" in rejections(Problem(512, 512, 512, "bf16"), WIDE, cand(prefetch=8))


@pytest.mark.parametrize("dtype", LOWP)
def test_lowp_space_members_build_valid_pipelines(dtype):
    for shape in ((64, 96, 80), (3, 4096, 511)):
        p = Problem(*shape, dtype)
        space = Space(p, NO_AMX_CPU)
        assert space.paths == ("avx512",) and len(space) > 0
        members = space.configs()
        for cfg in members[:: max(1, len(members) // 300)]:
            cfg.pipeline(False, dtype)  # raises ConfigError on kc vs v or the dtype's register budget
            assert canonical(p, cfg) == cfg and cfg.isa == "avx512"
        assert space.default() == nanomm.default_config(*shape, NO_AMX_CPU, dtype=dtype)


def test_amx_is_a_path_only_where_the_cpu_has_it():
    assert Space(Problem(256, 256, 256, "f32"), AMX_CPU).paths == ("avx512",)
    assert Space(Problem(256, 256, 256, "bf16"), NO_AMX_CPU).paths == ("avx512",)
    space = Space(Problem(256, 256, 256, "bf16"), AMX_CPU)
    assert space.paths == ("avx512", "amx")
    amx = [c for c in space if c.isa == "amx"]
    assert amx and any(c.isa == "avx512" for c in space)
    for cfg in amx:
        assert cfg.pack_b and cfg.mr <= 32 and cfg.nr <= 32
        cfg.pipeline(False, "bf16")
    # the neighbours of an AVX-512 config include the other path
    avx = next(c for c in space if c.isa == "avx512" and c.pack_b)
    assert any(n.isa == "amx" for n in space.neighbours(avx))
    assert "path" in rejections(Problem(256, 256, 256, "bf16"), NO_AMX_CPU, amx[0])


def test_model_counts_dot_product_throughput_and_bytes():
    # The analytic model (no timing), on a named CPU so that the figures do not depend on the
    # caches of the machine running the test: compute-bound 512^3 predictions scale with the
    # k per instruction (f32 1, bf16 2, int8 4) up to the bytes each block moves.
    znver4 = resolve_target("znver4")
    cfg = KernelConfig(mr=6, nr=64, mc=48, nc=256, kc=512, pack_b=True)
    t = {d: predict_seconds(Problem(512, 512, 512, d), znver4, cfg) for d in ("f32", "bf16", "u8s8", "s8s8")}
    assert t["u8s8"] < t["bf16"] < t["f32"]     # 4x / 2x the k per instruction
    assert t["u8s8"] < t["s8s8"]                # s8s8: one more vpdpbusd per B vector
    # ... and close to that factor: compute-bound, so within 20 % of 2x and 4x the float32 speed
    assert t["f32"] / t["bf16"] == pytest.approx(DTYPES["bf16"].vnni, rel=0.2)
    assert t["f32"] / t["u8s8"] == pytest.approx(DTYPES["u8s8"].vnni, rel=0.2)
    # unpacked bf16 B is interleaved in registers: slower than packed for a square problem
    p = Problem(512, 512, 512, "bf16")
    assert predict_seconds(p, znver4, dataclasses.replace(cfg, pack_b=False)) > predict_seconds(p, znver4, cfg)


@pytest.mark.parametrize("dtype", LOWP)
def test_bench_operands_and_check(dtype):
    from nanomm.compiler.tune.measure import Bench

    bench = Bench(Problem(5, 7, 33, dtype))
    a64, b64 = bench.a.astype(np.float64), bench.b.astype(np.float64)
    if dtype == "bf16":
        assert bench.a.dtype.name == "bfloat16" and bench.c.dtype == np.float32
    else:  # ints over the full range
        lo = 0 if dtype == "u8s8" else -128
        assert bench.a.min() <= lo + 40 and bench.a.max() >= (255 if lo == 0 else 127) - 40
        assert bench.c.dtype == np.int32

    def right(a, b, c):
        c[...] = (a64 @ b64).astype(c.dtype)

    def off_by_one(a, b, c):  # one element wrong by the smallest amount the dtype can show
        right(a, b, c)
        c[2, 3] += 1 if np.issubdtype(c.dtype, np.integer) else 0.5

    def missing(a, b, c):
        right(a, b, c)
        c[4, 6] = bench.sentinel  # an element never written

    assert bench.check(right) is None
    assert bench.check(off_by_one) is not None
    assert bench.check(missing) is not None


def test_pick_prefers_the_default_within_noise():
    from nanomm.compiler.tune.search import Candidate, pick

    d = Candidate(KernelConfig(), "default", final_seconds=1.005)
    f = Candidate(KernelConfig(mr=4), "model", final_seconds=1.0)
    g = Candidate(KernelConfig(mr=2), "model", final_seconds=0.9)
    assert pick([d, f], [d]) is d        # 0.5% slower: noise, keep the default
    assert pick([d, f, g], [d]) is g     # 10% faster: take it
    assert pick([d, f], [None, f]) is f


def test_lookup_refuses_a_record_the_pipeline_refuses_for_its_dtype(monkeypatch, tmp_path):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    for dtype, cfg, ok in (("u8s8", KernelConfig(mr=2, nr=32, mc=32, nc=64, kc=16), True),
                           ("u8s8", KernelConfig(mr=4, nr=32, mc=32, nc=64, kc=6), False),
                           ("s8s8", KernelConfig(mr=6, nr=64, mc=48, nc=64, kc=16), False)):
        fields = records.key_fields(48, 64, 16, dtype, 1, WIDE)
        rec = records.new_record(fields)
        entry = {"config": cfg.as_dict(), "status": "ok", "seconds": 1e-6}
        rec["candidates"], rec["best"], rec["status"] = [entry], dict(entry, verified=True), "complete"
        records.write(rec)
        records.forget()
        assert lookup(48, 64, 16, dtype, cpu=WIDE) == (cfg if ok else None)


@needs_lowp
@pytest.mark.parametrize("dtype", LOWP)
def test_tiny_lowp_tune_is_verified_and_recorded(monkeypatch, tmp_path, dtype):
    from nanomm.compiler.tune.measure import operands

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    r = tune(20, 48, 42, dtype, budget=4, final_rounds=2)
    assert r.problem.dtype == dtype and r.best.status == "ok" and len(r.evaluated) <= 5
    assert all(c.config.kc % {"bf16": 2}.get(dtype, 4) == 0 for c in r.evaluated)
    a, b = operands(r.problem, np.random.default_rng(7))
    c = build(r.problem, HOST, r.best.config)(a, b)
    assert matmul_mismatch(c, a, b) is None
    assert lookup(20, 48, 42, dtype) == r.best.config and lookup(20, 48, 42) is None
    assert r.problem.unit == ("GFLOP/s" if dtype == "bf16" else "GOP/s")


@needs_lowp
@tunes_here
def test_cli_tune_int8_reports_gops(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    records.forget()
    assert tune_cli.main(["4", "32", "8", "--dtype", "u8s8", "--budget", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "4x32x8 u8s8" in out and "GOP/s" in out and "GFLOP/s" not in out
    assert tune_cli.main(["--list"]) == 0
    assert "4x32x8 u8s8 threads=1" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:  # argparse: an unknown dtype is a usage error
        tune_cli.main(["4", "32", "8", "--dtype", "f16", "--quiet"])
    assert exc.value.code == 2


def test_cli_says_when_the_record_is_not_for_the_default_thread_count(monkeypatch):
    from nanomm.compiler import parallel
    from nanomm.compiler.tune.space import Problem

    monkeypatch.setattr(parallel, "available_cores", lambda: 4)
    big, tiny = Problem(512, 512, 512, "f32", 1), Problem(8, 16, 8, "f32", 1)
    hint = tune_cli._threads_hint(big)
    assert hint is not None and "record is for 1 thread;" in hint and "on 4 by default" in hint
    assert "threads=1" in hint and "--threads 4" in hint
    assert tune_cli._threads_hint(tiny) is None  # stays on one thread anyway
    assert tune_cli._threads_hint(Problem(512, 512, 512, "f32", 4)) is None

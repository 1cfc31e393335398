"""The CPU probe (runtime/probe.py): measured once, cached beside the kernel cache, read by the default
config (slow_bf16_dot) and the tuner's model for this machine only."""

from __future__ import annotations

import json

import pytest

import nanomm.compiler.config as config_module
import nanomm.compiler.tune.model as model_module
from nanomm.compiler.config import slow_bf16_dot
from nanomm.runtime import probe
from nanomm.runtime.cpu import TARGETS, native_cpu

pytestmark = pytest.mark.kernels


@pytest.fixture
def fresh_probe(tmp_path, monkeypatch):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    probe.host_rates.cache_clear()
    yield tmp_path
    probe.host_rates.cache_clear()


def test_measured_rates_follow_the_features():
    rates = probe.measure(seconds=0.02)
    cpu = native_cpu()
    assert set(rates) == {k for k in probe.MEASURED if probe.feature_of(k) in cpu.features}
    assert all(v > 1.0 for v in rates.values()), rates  # GFLOP/s: a loop that ran at all runs faster than this
    if "bf16" in rates:  # a dot product is two FMAs' flops in one instruction: never above 4x the FMA loop
        assert rates["bf16"] < 4 * rates["f32"]


class _SharedCoreLoop:
    """A loop of 1000 ops an iteration at 1e9 iterations a second of CPU time, off its core half of
    every run (another process's turn): wall time twice the CPU time."""

    ops_per_iter = 1000

    def run_on_cpu(self, n):
        return 2 * n / 1e9, n / 1e9

    def run(self, n):
        return self.run_on_cpu(n)[0]


def test_a_loop_kept_off_its_core_is_timed_by_its_cpu_time():
    rate, details = probe.best_rate(_SharedCoreLoop(), seconds=0.001)
    assert rate == pytest.approx(1000.0)  # the core's rate, not the wall clock's 500
    assert details["cpu_share"] == pytest.approx(0.5)


@pytest.mark.avx512  # host_rates measures AVX-512 hosts only (an AVX2 one keeps the table's rules)
def test_host_rates_are_measured_once_and_cached_on_disk(fresh_probe):
    first = probe.host_rates()
    assert first.get("f32", 0) > 0
    files = list(fresh_probe.glob("probe/*.json"))
    assert len(files) == 1
    stored = json.loads(files[0].read_text())
    assert stored["rates"] == first and native_cpu().name in stored["cpu"]
    # a new process reads the file instead of measuring: forged figures come back as written
    stored["rates"] = {"f32": 100.0, "bf16": 40.0}
    files[0].write_text(json.dumps(stored))
    probe.host_rates.cache_clear()
    assert probe.host_rates() == {"f32": 100.0, "bf16": 40.0}
    assert slow_bf16_dot(native_cpu())  # 40 < 0.75 x 100
    stored["rates"] = {"f32": 100.0, "bf16": 190.0}
    files[0].write_text(json.dumps(stored))
    probe.host_rates.cache_clear()
    assert not slow_bf16_dot(native_cpu())


@pytest.mark.avx512
def test_a_damaged_probe_file_is_measured_again(fresh_probe):
    probe.host_rates()
    path = next(fresh_probe.glob("probe/*.json"))
    path.write_text("{not json")
    probe.host_rates.cache_clear()
    assert probe.host_rates().get("f32", 0) > 0
    assert json.loads(path.read_text())["format"] == probe.FORMAT


def test_probe_off_and_named_targets_keep_the_known_cpu_rules(fresh_probe, monkeypatch):
    monkeypatch.setenv("NANOMM_PROBE", "0")
    assert probe.host_rates() == {}
    assert not list(fresh_probe.glob("probe/*.json"))
    for name, cpu in TARGETS.items():
        if cpu.features != native_cpu().features:
            assert probe.rates_for(cpu) == {}, name
    assert slow_bf16_dot(TARGETS["emeraldrapids"]) and not slow_bf16_dot(TARGETS["znver4"])


def test_the_model_takes_this_machines_rates(monkeypatch):
    fake = {"f32": 2 * 32 * 3.65, "bf16": 0.5 * 64 * 3.65, "int8": 4 * 128 * 3.65}
    monkeypatch.setattr(model_module, "rates_for", lambda cpu: fake)
    mach = model_module.machine_for(TARGETS["znver4"])
    assert mach.fma_per_cycle == pytest.approx(2.0)
    assert mach.dots_per_cycle("bf16") == pytest.approx(0.5) and mach.dots_per_cycle("u8s8") == pytest.approx(4.0)
    monkeypatch.setattr(model_module, "rates_for", lambda cpu: {})
    assert model_module.machine_for(TARGETS["znver4"]) == model_module.Machine()
    assert config_module.rates_for is probe.rates_for

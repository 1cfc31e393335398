"""Shared pytest configuration: CPU-feature markers, the Hypothesis profile, and the emulated host.

NANOMM_HOST_CPU=<target> (e.g. sapphirerapids on Zen 4, znver4 on an AMX machine) makes
target="host" compile for that CPU, so the suite checks another kind of machine's compile-time
expectations here; a test that then fails only because a kernel needs an instruction this hardware
lacks (CpuFeatureError) is reported as skipped, with the features it needed.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from nanomm.errors import CpuFeatureError, RegisterError, TargetError
from nanomm.runtime.cpu import HOST_CPU_ENV, host_cpu, native_cpu

# "ci": reproducible (derandomized) and bounded, with no per-example deadline since a new
# shape compiles a kernel (~0.1-0.3 s). HYPOTHESIS_PROFILE=<name> selects another profile.
settings.register_profile("ci", deadline=None, max_examples=40, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

_FEATURE_MARKERS = {
    # marker: (LLVM features, any one of which will do; skip reason)
    "kernels": (("avx512f", "avx2"), "runs float32 kernels: needs AVX-512F or AVX2 + FMA"),
    "avx512": (("avx512f",), "needs AVX-512F; this host lacks avx512f"),
    "amx": (("amx-tile",), "needs AMX; run on the AMX host"),
}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, (features, reason) in _FEATURE_MARKERS.items():
        if item.get_closest_marker(marker) is not None and not any(
                native_cpu().has(f) and (f != "avx2" or native_cpu().has("fma")) for f in features):
            pytest.skip(reason)


@pytest.fixture
def tuning_cache(tmp_path, monkeypatch):
    """An empty $NANOMM_CACHE_DIR (kernels, tuning records) under tmp_path; yields tmp_path."""
    from nanomm.compiler.tune import records

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path / "cache"))
    records.forget()
    yield tmp_path
    records.forget()


@pytest.fixture
def host_compiles_amx() -> None:
    """Skips where nanomm's host CPU (NANOMM_HOST_CPU may name another) has no AMX: a test of the
    kernels default configs build for AMX."""
    if not host_cpu().has("amx-tile", "amx-bf16", "amx-int8"):
        pytest.skip(f"nanomm compiles for {host_cpu().name} here (NANOMM_HOST_CPU), which has no AMX")


@pytest.fixture
def hardware_without_amx(monkeypatch: pytest.MonkeyPatch):
    """native_cpu() as this hardware without AMX: the checks that refuse AMX code on a CPU without
    it, run on every machine (the refusal is decided from native_cpu(), not by executing code)."""
    import nanomm.runtime.cpu as cpu_module

    real = cpu_module.native_cpu()
    fake = cpu_module.without_amx(real)
    monkeypatch.setattr(cpu_module, "native_cpu", lambda: fake)
    return fake


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    emulated = host_cpu() is not native_cpu()
    if call.excinfo is None:
        return report
    if emulated and _only_cpu_features(call.excinfo.value):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0,
                           f"{HOST_CPU_ENV}={host_cpu().name}: the kernel cannot run on this hardware "
                           f"({call.excinfo.value})")
    elif host_cpu().vector_bits == 256 and _only(call.excinfo.value, RegisterError):
        # An explicit AVX-512 register tile (a test's config): AVX2's 16 ymm cannot hold it.
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0,
                           f"the test's register tile needs AVX-512's 32 zmm registers ({call.excinfo.value})")
    elif _only_missing_on_this_hardware(call.excinfo.value):
        # A kernel of a dtype this CPU has no instructions for (bf16 / int8 on an AVX2 CPU): the
        # refusal itself is tested (test_reliability_cpu); the rest of the test cannot run here.
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0,
                           f"needs instructions this CPU lacks ({call.excinfo.value})")
    return report


def _only_cpu_features(exc: BaseException) -> bool:
    """A CpuFeatureError, or a group of nothing else (Hypothesis groups the errors of several examples)."""
    group = getattr(exc, "exceptions", None)  # an ExceptionGroup (Python 3.11, or the backport on 3.10)
    if isinstance(group, (list, tuple)) and group:
        return all(_only_cpu_features(e) for e in group)
    return isinstance(exc, CpuFeatureError)


def _only(exc: BaseException, kind: type) -> bool:
    """An exception of `kind`, or a group of nothing else."""
    group = getattr(exc, "exceptions", None)
    if isinstance(group, (list, tuple)) and group:
        return all(_only(e, kind) for e in group)
    return isinstance(exc, kind)


def _only_missing_on_this_hardware(exc: BaseException) -> bool:
    """A TargetError for features the host target and this hardware both lack (or a group of such)."""
    group = getattr(exc, "exceptions", None)
    if isinstance(group, (list, tuple)) and group:
        return all(_only_missing_on_this_hardware(e) for e in group)
    missing = getattr(exc, "missing", ())
    return (isinstance(exc, TargetError) and bool(missing) and not host_cpu().has(*missing)
            and not native_cpu().has(*missing))


def pytest_configure(config: pytest.Config) -> None:
    # Tests compile into a cache of their own, so they neither depend on nor fill the
    # user's ~/.cache/nanomm (a test that wants a specific cache sets NANOMM_CACHE_DIR itself).
    if "NANOMM_CACHE_DIR" not in os.environ:
        import tempfile

        os.environ["NANOMM_CACHE_DIR"] = tempfile.mkdtemp(prefix="nanomm-test-cache-")

"""Shared pytest configuration: CPU-feature markers and the Hypothesis profile."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from nanomm.runtime.cpu import host_cpu

# "ci": reproducible (derandomized) and bounded, with no per-example deadline since a new
# shape compiles a kernel (~0.1-0.3 s). HYPOTHESIS_PROFILE=<name> selects another profile.
settings.register_profile("ci", deadline=None, max_examples=40, derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

_FEATURE_MARKERS = {
    # marker: (LLVM feature, skip reason)
    "avx512": ("avx512f", "needs AVX-512F; this host lacks avx512f"),
    "amx": ("amx-tile", "needs AMX; run on the AMX host"),
}


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, (feature, reason) in _FEATURE_MARKERS.items():
        if item.get_closest_marker(marker) is not None and not host_cpu().has(feature):
            pytest.skip(reason)


def pytest_configure(config: pytest.Config) -> None:
    # Tests compile into a cache of their own, so they neither depend on nor fill the
    # user's ~/.cache/nanomm (a test that wants a specific cache sets NANOMM_CACHE_DIR itself).
    if "NANOMM_CACHE_DIR" not in os.environ:
        import tempfile

        os.environ["NANOMM_CACHE_DIR"] = tempfile.mkdtemp(prefix="nanomm-test-cache-")

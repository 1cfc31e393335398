"""The bench's own tests (run by `python -m pytest` with tests/: pyproject.toml's testpaths).

The bench's scripts import each other by name (`import _report`), as they do when run from bench/:
the `bench_path` fixture puts bench/ on sys.path for one test. The `kernels` marker skips where
this CPU runs no float32 kernels (neither AVX-512F nor AVX2 + FMA), as in tests/conftest.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1]


@pytest.fixture
def bench_path(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(BENCH))
    return BENCH


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("kernels") is not None:
        from nanomm.runtime.cpu import native_cpu

        cpu = native_cpu()
        if not (cpu.has("avx512f") or cpu.has("avx2", "fma")):
            pytest.skip("runs float32 kernels: needs AVX-512F or AVX2 + FMA")

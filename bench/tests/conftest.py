"""The bench's own tests (run by `python -m pytest` with tests/: pyproject.toml's testpaths).

The bench's scripts import each other by name (`import _report`), as they do when run from bench/:
the `bench_path` fixture puts bench/ on sys.path for one test, and the `bench_script` fixture loads a
script as a module, bench/ on the path while it imports. The `kernels` marker skips where
this CPU runs no float32 kernels (neither AVX-512F nor AVX2 + FMA), as in tests/conftest.py.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1]


@pytest.fixture
def bench_path(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(BENCH))
    return BENCH


@pytest.fixture(scope="session")
def bench_script():
    """A function loading bench/<name>.py as a module named `name` (bench/ on sys.path while it imports)."""
    def load(name: str):
        sys.path.insert(0, str(BENCH))
        try:
            spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        finally:
            sys.path.remove(str(BENCH))
        return module
    return load


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("kernels") is not None:
        from nanomm.runtime.cpu import native_cpu

        cpu = native_cpu()
        if not (cpu.has("avx512f") or cpu.has("avx2", "fma")):
            pytest.skip("runs float32 kernels: needs AVX-512F or AVX2 + FMA")

"""The compiled-kernel caches as the compiler uses them: in memory, and on disk across processes."""

import subprocess
import sys

import numpy as np
import pytest

import nanomm
from nanomm.compiler.build import build_kernel
from nanomm.compiler.payload import MatmulSpec

pytestmark = pytest.mark.kernels


def test_in_memory_hit_builds_nothing_and_is_the_same_kernel():
    from nanomm.compiler.build import build_counts

    k = nanomm.compile_matmul(23, 45, 67)
    before = build_counts()
    for _ in range(100):
        again = nanomm.compile_matmul(23, 45, 67)
    assert again is k
    assert build_counts() == before  # neither compiled nor loaded from the disk cache


def test_in_memory_cache_keeps_the_most_recently_used(monkeypatch):
    from nanomm.compiler import api

    monkeypatch.setenv("NANOMM_MEMORY_CACHE_ENTRIES", "3")
    first = nanomm.compile_matmul(5, 17, 9, threads=1)
    kernels = [nanomm.compile_matmul(5 + i, 17, 9, threads=1) for i in range(1, 4)]
    assert len(api._cache) == 3 and not api._locks
    assert nanomm.compile_matmul(8, 17, 9, threads=1) is kernels[-1]  # still cached
    again = nanomm.compile_matmul(5, 17, 9, threads=1)  # evicted: rebuilt (from the disk cache)
    assert again is not first and again.from_disk_cache
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((5, 9), dtype=np.float32), rng.standard_normal((9, 17), dtype=np.float32)
    np.testing.assert_allclose(again(a, b), first(a, b), rtol=0, atol=0)  # the evicted one still works
    assert len(api._cache) == 3


def test_disk_cache_hit_skips_compilation_and_computes_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    spec = MatmulSpec(37, 70, 29)
    cold = build_kernel(spec)
    warm = build_kernel(spec)
    assert not cold.from_disk_cache and warm.from_disk_cache
    rng = np.random.default_rng(0)
    a = rng.standard_normal((37, 29), dtype=np.float32)
    b = rng.standard_normal((29, 70), dtype=np.float32)
    np.testing.assert_array_equal(cold(a, b), warm(a, b))
    # What a user inspects still works after a hit (recompiled on demand).
    assert "vfmadd231ps" in warm.asm()
    assert f"define void @{spec.symbol}" in warm.llvm_ir()
    assert "vector.contract" in warm.ir("tile-register")


def test_build_counts_tell_compiles_from_disk_cache_loads(tmp_path, monkeypatch):
    from nanomm.compiler.build import build_counts

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    spec = MatmulSpec(11, 13, 17)
    before = build_counts()
    build_kernel(spec)
    middle = build_counts()
    build_kernel(spec)
    after = build_counts()
    assert (middle["compiled"] - before["compiled"], middle["disk_cache"] - before["disk_cache"]) == (1, 0)
    assert (after["compiled"] - middle["compiled"], after["disk_cache"] - middle["disk_cache"]) == (0, 1)


def test_disk_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("NANOMM_DISK_CACHE", "0")
    spec = MatmulSpec(5, 6, 7)
    assert not build_kernel(spec).from_disk_cache
    assert not build_kernel(spec).from_disk_cache
    assert not any(tmp_path.rglob("*.o"))


def test_corrupt_entry_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    spec = MatmulSpec(9, 17, 33)
    build_kernel(spec)
    (obj,) = tmp_path.rglob("*.o")
    data = bytearray(obj.read_bytes())
    data[len(data) // 2] ^= 0xFF
    obj.write_bytes(bytes(data))
    again = build_kernel(spec)
    assert not again.from_disk_cache  # the damaged entry was refused and the kernel compiled anew
    a = np.ones((9, 33), np.float32)
    b = np.ones((33, 17), np.float32)
    np.testing.assert_array_equal(again(a, b), np.full((9, 17), 33, np.float32))


def test_a_new_process_reuses_the_disk_cache(tmp_path):
    code = ("import nanomm, numpy as np\n"
            "from nanomm.compiler.build import build_counts\n"
            "k = nanomm.compile_matmul(31, 47, 59)\n"
            "a = np.ones((31, 59), np.float32); b = np.ones((59, 47), np.float32)\n"
            "assert (k(a, b) == 59).all()\n"
            "from nanomm.runtime import trampoline\n"
            "entry = trampoline._entries[()][1]\n"
            "print(int(k.from_disk_cache), build_counts()['compiled'], int(entry.from_disk_cache))\n")
    env = {"NANOMM_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert first.stdout.split()[0] == "0" and int(first.stdout.split()[1]) > 0
    assert first.stdout.split()[2] == "0"  # the runtime's checked-call entry compiled, then stored
    hit, compiled, entry = second.stdout.split()
    assert hit == "1"
    assert compiled == "0"  # every kernel came from the disk cache
    assert entry == "1"  # and the entry that called it (its process addresses filled in: the call was right)


def test_prepacked_kernel_round_trips_through_the_disk_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    rng = np.random.default_rng(1)
    a = rng.standard_normal((20, 300), dtype=np.float32)
    b = rng.standard_normal((300, 130), dtype=np.float32)
    spec = MatmulSpec(20, 130, 300, prepacked_b=True)
    cold, warm = build_kernel(spec), build_kernel(spec)
    assert warm.from_disk_cache
    np.testing.assert_array_equal(cold(a, cold.prepack(b)), warm(a, warm.prepack(b)))

"""Tests of nanomm.runtime.diskcache and JitModule.from_object: verified entries, atomic
concurrent writes, eviction, and loading cached machine code back into a callable kernel."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

from nanomm.errors import JitError
from nanomm.runtime.reference import naive_matmul_ir as matmul_ir
from nanomm.runtime import (
    CompiledFunction,
    DiskCache,
    JitModule,
    KernelABI,
    content_key,
    host_cpu,
    kernel_key,
    llvm_feature_string,
    source_fingerprint,
)
from nanomm.runtime import diskcache

M, N, K = 3, 5, 4
CPU = host_cpu().name
FEATURES = llvm_feature_string(host_cpu().features)




# Code with every kind of relocation a kernel may need: a constant table, a mutable global
# and its address, a jump table, a floating-point constant and a call to memset.
RELOCATION_IR = r"""
@tbl = internal constant [8 x float] [float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0]
@g = internal global i64 0
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define float @f(i64 %i, ptr %buf) {
entry:
  call void @llvm.memset.p0.i64(ptr %buf, i8 0, i64 %i, i1 false)
  %old = load i64, ptr @g
  %new = add i64 %old, 1
  store i64 %new, ptr @g
  switch i64 %i, label %def [ i64 0, label %a  i64 1, label %b  i64 2, label %c  i64 3, label %d  i64 4, label %e  i64 5, label %h ]
a: ret float 1.5
b: ret float 2.5
c: ret float 3.25
d: ret float 4.75
e: ret float 5.125
h: ret float 6.0625
def:
  %p = getelementptr [8 x float], ptr @tbl, i64 0, i64 %i
  %v = load float, ptr %p
  %w = fmul float %v, 3.25
  ret float %w
}
define ptr @gaddr() {
  ret ptr @g
}
"""
RELOCATION_RESULTS = [1.5, 2.5, 3.25, 4.75, 5.125, 6.0625, 7.0 * 3.25, 8.0 * 3.25]


def make_abi() -> KernelABI:
    return KernelABI(symbol="k", M=M, N=N, K=K, a_dtype="float32", b_dtype="float32", c_dtype="float32")


def check_matmul(module: JitModule) -> None:
    kernel = CompiledFunction(module.address("k"), make_abi(), owner=module)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    np.testing.assert_allclose(kernel(a, b), a @ b, rtol=1e-5, atol=1e-6)


def key_of(i: int) -> str:
    return kernel_key(f"ir {i}", CPU, FEATURES, 3)


@pytest.fixture(autouse=True)
def cache_enabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NANOMM_DISK_CACHE", raising=False)


@pytest.fixture
def cache(tmp_path: Path) -> DiskCache:
    return DiskCache(tmp_path / "kernels")


@pytest.fixture(scope="module")
def matmul_module() -> JitModule:
    return JitModule(matmul_ir(), CPU, FEATURES)


# --- keys ----------------------------------------------------------------------------------


def test_kernel_key_changes_with_every_input() -> None:
    base = kernel_key("ir", "znver4", "+avx512f", 3)
    assert base == kernel_key("ir", "znver4", "+avx512f", 3)
    assert len(base) == 64 and int(base, 16) >= 0
    others = {
        kernel_key("ir2", "znver4", "+avx512f", 3),
        kernel_key("ir", "skylake-avx512", "+avx512f", 3),
        kernel_key("ir", "znver4", "+avx512f,+fma", 3),
        kernel_key("ir", "znver4", "+avx512f", 2),
        kernel_key("ir", "znver4", "+avx512f", 3, extra="x"),
        kernel_key("i", "rznver4", "+avx512f", 3),  # no ambiguity when text moves between fields
    }
    assert base not in others and len(others) == 6


def test_key_covers_the_toolchain(monkeypatch: pytest.MonkeyPatch) -> None:
    base, content = kernel_key("ir", CPU, FEATURES, 3), content_key("spec", "config")
    monkeypatch.setattr(diskcache.llvmlite, "__version__", "0.0.0-other")
    assert kernel_key("ir", CPU, FEATURES, 3) != base
    assert content_key("spec", "config") != content


def test_content_key() -> None:
    key = content_key("a", "b")
    assert key == content_key("a", "b") and len(key) == 64
    assert len({key, content_key("ab"), content_key("a", "b", ""), content_key("b", "a")}) == 4
    assert key != kernel_key("a", "b", "", 0)


def test_source_fingerprint_follows_contents_not_location(tmp_path: Path) -> None:
    pkg = tmp_path / "a" / "passes"
    pkg.mkdir(parents=True)
    (pkg / "one.py").write_text("x = 1\n")
    (pkg / "sub").mkdir()
    (pkg / "sub" / "two.py").write_text("y = 2\n")
    (pkg / "notes.txt").write_text("not source")
    first = source_fingerprint([pkg])
    moved = tmp_path / "b" / "passes"
    shutil.copytree(pkg, moved)
    assert source_fingerprint([moved]) == first
    (moved / "notes.txt").write_text("changed, but not a .py file")
    assert source_fingerprint([moved]) == first
    (moved / "sub" / "two.py").write_text("y = 3\n")
    assert source_fingerprint([moved]) != first
    # Single files, and a missing path, do not raise.
    assert source_fingerprint([pkg / "one.py"]) != source_fingerprint([pkg / "sub" / "two.py"])
    assert source_fingerprint([tmp_path / "missing.py"]) != source_fingerprint([pkg / "one.py"])


def test_bad_keys_and_values_are_caller_errors(cache: DiskCache) -> None:
    for key in ("", "ABCDEF0123456789", "../../etc/passwd", "0123", "g" * 64, 12345):
        with pytest.raises(ValueError):
            cache.get(key)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cache.put(key_of(0), "not bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        cache.put(key_of(0), b"obj", {"x": object()})


# --- round trip and verification ----------------------------------------------------------


def test_round_trip(cache: DiskCache) -> None:
    key, obj = key_of(0), os.urandom(3000)
    assert cache.get(key) is None
    cache.put(key, obj, {"symbol": "k", "n": 3})
    assert cache.get(key) == obj
    assert cache.get_with_meta(key) == (obj, {"symbol": "k", "n": 3})
    assert key in cache and key_of(1) not in cache
    obj_path = cache.root / key[:2] / f"{key}.o"
    manifest = json.loads((cache.root / key[:2] / f"{key}.json").read_text())
    assert obj_path.read_bytes() == obj
    assert manifest["format"] == diskcache.FORMAT and manifest["key"] == key and manifest["size"] == len(obj)
    assert not [p for p in obj_path.parent.iterdir() if p.suffix == ".tmp"]
    cache.put(key, b"replaced", {})
    assert cache.get(key) == b"replaced"


def test_default_root_is_under_cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    assert DiskCache().root == tmp_path / "kernels"
    assert DiskCache().max_bytes == diskcache.DEFAULT_MAX_BYTES


def entry_paths(cache: DiskCache, key: str) -> tuple[Path, Path]:
    return cache.root / key[:2] / f"{key}.o", cache.root / key[:2] / f"{key}.json"


def test_corrupted_object_is_a_miss_and_removed(cache: DiskCache) -> None:
    key, obj = key_of(0), os.urandom(2000)
    cache.put(key, obj, {})
    obj_path, manifest_path = entry_paths(cache, key)
    data = bytearray(obj_path.read_bytes())
    data[1000] ^= 0x01
    obj_path.write_bytes(bytes(data))
    assert cache.get(key) is None
    assert not obj_path.exists() and not manifest_path.exists()


@pytest.mark.parametrize("change", ["truncate", "extend", "delete"])
def test_truncated_extended_or_missing_object_is_a_miss(cache: DiskCache, change: str) -> None:
    key, obj = key_of(0), os.urandom(2000)
    cache.put(key, obj, {})
    obj_path, _ = entry_paths(cache, key)
    if change == "truncate":
        obj_path.write_bytes(obj[:1500])
    elif change == "extend":
        obj_path.write_bytes(obj + b"\0")
    else:
        obj_path.unlink()
    assert cache.get(key) is None
    cache.put(key, obj, {})  # the entry can be written again
    assert cache.get(key) == obj


@pytest.mark.parametrize("manifest", [
    b"", b"{", b"\xff\xfe garbage", b"[1, 2, 3]", b"null", b'{"format": 1}', b"[" * 100000,
    b'{"format": "nanomm-kernel-cache-1", "key": "K", "sha256": 5, "size": "big", "meta": {}}',
])
def test_garbage_manifest_is_a_miss(cache: DiskCache, manifest: bytes) -> None:
    key = key_of(0)
    cache.put(key, b"object", {})
    entry_paths(cache, key)[1].write_bytes(manifest.replace(b'"K"', json.dumps(key).encode()))
    assert cache.get(key) is None
    assert not any(p.exists() for p in entry_paths(cache, key))


@pytest.mark.parametrize("field,value", [("format", "nanomm-kernel-cache-0"), ("key", None), ("size", 5),
                                         ("sha256", "0" * 64), ("meta", [])])
def test_manifest_with_wrong_fields_is_a_miss(cache: DiskCache, field: str, value: object) -> None:
    key, other = key_of(0), key_of(1)
    cache.put(key, b"object bytes", {})
    manifest_path = entry_paths(cache, key)[1]
    manifest = json.loads(manifest_path.read_text())
    manifest[field] = other if value is None else value  # key=None: another entry's key
    manifest_path.write_text(json.dumps(manifest))
    assert cache.get(key) is None


def test_object_of_another_key_is_a_miss(cache: DiskCache) -> None:
    key, other = key_of(0), key_of(1)
    cache.put(key, b"first", {})
    cache.put(other, b"second", {})
    # Both files of `other` copied over `key`'s: the manifest names another key.
    for src, dst in zip(entry_paths(cache, other), entry_paths(cache, key)):
        shutil.copyfile(src, dst)
    assert cache.get(key) is None
    assert cache.get(other) == b"second"


def test_object_without_manifest_is_a_miss_and_kept(cache: DiskCache) -> None:
    # What a reader sees while a writer is between the object and the manifest.
    key = key_of(0)
    cache.put(key, b"object", {})
    obj_path, manifest_path = entry_paths(cache, key)
    manifest_path.unlink()
    assert cache.get(key) is None
    assert obj_path.exists()


def test_disabled_by_environment(monkeypatch: pytest.MonkeyPatch, cache: DiskCache) -> None:
    key = key_of(0)
    cache.put(key, b"object", {})
    monkeypatch.setenv("NANOMM_DISK_CACHE", "0")
    assert not cache.enabled
    assert cache.get(key) is None
    cache.put(key_of(1), b"other", {})
    monkeypatch.delenv("NANOMM_DISK_CACHE")
    assert cache.get(key) == b"object"  # still there: disabling does not delete
    assert cache.get(key_of(1)) is None  # never written


# --- unwritable caches ----------------------------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_read_only_directory_put_does_nothing(tmp_path: Path) -> None:
    root = tmp_path / "kernels"
    root.mkdir()
    cache = DiskCache(root)
    root.chmod(0o500)
    try:
        try:
            (root / "probe").mkdir()
        except PermissionError:
            pass
        else:  # os.geteuid() == 0, or CAP_DAC_OVERRIDE
            pytest.skip("this process (root) writes through chmod 0o500: no read-only directory to test")
        with pytest.warns(RuntimeWarning, match="cannot write the kernel disk cache"):
            cache.put(key_of(0), b"object", {})
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            cache.put(key_of(1), b"object", {})  # warned once only
        assert cache.get(key_of(0)) is None
    finally:
        root.chmod(0o700)


def test_unusable_root_put_does_nothing(tmp_path: Path) -> None:
    # A file where the cache directory should be: fails even for root.
    (tmp_path / "kernels").write_text("in the way")
    cache = DiskCache(tmp_path / "kernels")
    with pytest.warns(RuntimeWarning, match="cannot write the kernel disk cache"):
        cache.put(key_of(0), b"object", {})
    assert cache.get(key_of(0)) is None
    assert cache.total_bytes() == 0
    cache.evict()
    cache.clear()


def test_failed_write_leaves_no_temporary_file(monkeypatch: pytest.MonkeyPatch, cache: DiskCache) -> None:
    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(diskcache.os, "fsync", disk_full)
    with pytest.warns(RuntimeWarning, match="No space left"):
        cache.put(key_of(0), b"object", {})
    monkeypatch.undo()
    assert cache.get(key_of(0)) is None
    assert [p for p in cache.root.rglob("*") if p.is_file()] == []


# --- eviction -------------------------------------------------------------------------------


def age(cache: DiskCache, key: str, seconds_ago: float) -> None:
    when = time.time() - seconds_ago
    for path in entry_paths(cache, key):
        os.utime(path, (when, when))


def test_eviction_keeps_the_most_recently_used(tmp_path: Path) -> None:
    obj = os.urandom(1000)
    probe = DiskCache(tmp_path / "probe")
    probe.put(key_of(0), obj, {})
    entry = probe.total_bytes()
    cache = DiskCache(tmp_path / "kernels", max_bytes=3 * entry + entry // 2)  # room for 3 entries
    keys = [key_of(i) for i in range(5)]
    for i, key in enumerate(keys):
        cache.put(key, obj, {})
        age(cache, key, 1000 - i)  # distinct mtimes, oldest first, whatever the file system's resolution
    assert [cache.get(k) is not None for k in keys] == [False, False, True, True, True]
    assert cache.total_bytes() <= cache.max_bytes
    # A hit makes an entry the most recently used: key 2 was read last above, so age the
    # others and read key 2 again; the next put evicts key 3, not key 2.
    age(cache, keys[3], 500)
    age(cache, keys[4], 400)
    age(cache, keys[2], 600)
    assert cache.get(keys[2]) is not None
    cache.put(key_of(5), obj, {})
    assert [cache.get(k) is not None for k in keys[2:]] == [True, False, True]
    assert cache.get(key_of(5)) == obj


def test_entry_larger_than_the_limit_is_not_stored(tmp_path: Path) -> None:
    cache = DiskCache(tmp_path, max_bytes=1000)
    cache.put(key_of(0), os.urandom(2000), {})
    assert cache.get(key_of(0)) is None and cache.total_bytes() == 0


def test_stale_temporary_files_are_cleaned(cache: DiskCache) -> None:
    cache.put(key_of(0), b"object", {})
    shard = entry_paths(cache, key_of(0))[0].parent
    stale, fresh = shard / f".{key_of(1)}.o.abc.tmp", shard / f".{key_of(2)}.o.def.tmp"
    stale.write_bytes(b"x")
    fresh.write_bytes(b"x")
    os.utime(stale, (time.time() - 7200, time.time() - 7200))
    cache.evict()
    assert not stale.exists() and fresh.exists()
    cache.clear()
    assert cache.get(key_of(0)) is None


# --- concurrency ----------------------------------------------------------------------------


def test_threads_putting_the_same_key(cache: DiskCache) -> None:
    key, obj = key_of(0), os.urandom(50_000)
    start = threading.Barrier(8)
    errors: list[BaseException] = []
    seen: list[bytes | None] = []

    def writer() -> None:
        try:
            start.wait()
            for _ in range(20):
                cache.put(key, obj, {"symbol": "k"})
                seen.append(cache.get(key))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(s in (None, obj) for s in seen)
    assert cache.get_with_meta(key) == (obj, {"symbol": "k"})
    assert not [p for p in cache.root.rglob("*.tmp")]


WRITER = textwrap.dedent("""
    import os, sys, time
    from nanomm.runtime import DiskCache
    root, key, payload, go = sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3]), float(sys.argv[4])
    cache = DiskCache(root)
    while time.time() < go:
        pass
    for _ in range(100):
        cache.put(key, payload, {"pid": "any"})
""")


@pytest.mark.parametrize("same_bytes", [True, False])
def test_processes_putting_the_same_key(cache: DiskCache, same_bytes: bool) -> None:
    key = key_of(0)
    payloads = [os.urandom(20_000)]
    payloads.append(payloads[0] if same_bytes else os.urandom(30_000))
    go = time.time() + 1.0  # both start writing at the same moment
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(cache.root), key, p.hex(), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for p in payloads]
    reads = []
    while any(p.poll() is None for p in procs):
        reads.append(cache.get(key))
    for p in procs:
        out, err = p.communicate()
        assert p.returncode == 0, err.decode()
    # A reader sees a whole entry of one writer or a miss, never a mix of the two.
    assert all(r is None or r in payloads for r in reads)
    final = cache.get(key)
    if same_bytes:
        assert final == payloads[0]
    else:
        assert final is None or final in payloads
    assert not [p for p in cache.root.rglob("*.tmp")]


# --- JitModule.from_object --------------------------------------------------------------------


def test_jit_object_round_trips_through_the_cache(cache: DiskCache, matmul_module: JitModule) -> None:
    obj = matmul_module.jit_object()
    assert obj[:4] == b"\x7fELF"
    key = kernel_key(matmul_ir(), CPU, FEATURES, 3)
    cache.put(key, obj, {"symbols": ["k"]})
    loaded = JitModule.from_object(cache.get(key), CPU, FEATURES)
    assert loaded.jit_object() == obj
    check_matmul(loaded)
    check_matmul(matmul_module)  # the original is unaffected


def test_emit_object_of_a_simple_kernel_loads(matmul_module: JitModule) -> None:
    # The matmul needs no relocations, so even the small-code-model object loads.
    check_matmul(JitModule.from_object(matmul_module.emit_object(), CPU, FEATURES))


def test_relocations_of_jit_object_load_anywhere() -> None:
    obj = JitModule(RELOCATION_IR, CPU, FEATURES).jit_object()
    for _ in range(3):  # separate engines, separate memory
        module = JitModule.from_object(obj, CPU, FEATURES)
        f = ctypes.CFUNCTYPE(ctypes.c_float, ctypes.c_int64, ctypes.c_void_p)(module.address("f"))
        gaddr = ctypes.CFUNCTYPE(ctypes.c_void_p)(module.address("gaddr"))
        buf = ctypes.create_string_buffer(b"\xff" * 16)
        assert [f(i, buf) for i in range(8)] == RELOCATION_RESULTS
        assert buf.raw[:7] == b"\0" * 7
        assert ctypes.c_int64.from_address(gaddr()).value == 8  # the module's own counter
        module.close()


def test_small_code_model_object_is_rejected_not_crashing() -> None:
    # emit_object() (small code model, static relocation) holds R_X86_64_32S relocations for
    # the jump table: MCJIT would abort the process on them.
    obj = JitModule(RELOCATION_IR, CPU, FEATURES).emit_object()
    if "x86_64" not in __import__("llvmlite.binding").binding.get_process_triple():
        pytest.skip("the relocation check is x86-64 specific")
    with pytest.raises(JitError, match="R_X86_64_32"):
        JitModule.from_object(obj, CPU, FEATURES)


def test_malformed_objects_raise_instead_of_crashing(matmul_module: JitModule) -> None:
    obj = matmul_module.jit_object()
    bad = [b"", b"junk" * 30, obj[:64], obj[:200], obj[:-8], b"\x7fELF" + b"\0" * 60,
           obj[:16] + b"\2\0" + obj[18:]]  # e_type: an executable, not a relocatable object
    for data in bad:
        with pytest.raises(JitError):
            JitModule.from_object(data, CPU, FEATURES)
    with pytest.raises(JitError):
        JitModule.from_object("not bytes", CPU, FEATURES)  # type: ignore[arg-type]


def test_loaded_module_has_no_ir_unless_given(matmul_module: JitModule) -> None:
    obj = matmul_module.jit_object()
    loaded = JitModule.from_object(obj, CPU, FEATURES)
    for method in (loaded.asm, loaded.optimized_ir, loaded.emit_object):
        with pytest.raises(JitError, match="not available for a kernel loaded from the disk cache"):
            method()
    with pytest.raises(JitError, match="no function named"):
        loaded.address("missing")
    with_ir = JitModule.from_object(obj, CPU, FEATURES, optimized_ir=matmul_module.optimized_ir())
    assert with_ir.optimized_ir() == matmul_module.optimized_ir()
    assert "k:" in with_ir.asm()
    loaded.close()
    assert loaded.closed
    with pytest.raises(JitError, match="closed"):
        loaded.address("k")


def test_cache_hit_loads_without_compiling(cache: DiskCache, matmul_module: JitModule,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from nanomm.runtime import jit, llvm_opt

    key = key_of(0)
    cache.put(key, matmul_module.jit_object(), {})
    parsed, optimized = [], []  # LLVM IR parsed / optimised: what compiling does and a hit must not
    real_parse, real_optimize = JitModule._parse, llvm_opt.optimize
    monkeypatch.setattr(JitModule, "_parse", staticmethod(lambda ir: parsed.append(ir) or real_parse(ir)))
    monkeypatch.setattr(jit.llvm_opt, "optimize", lambda *args: optimized.append(args) or real_optimize(*args))
    JitModule(matmul_ir(), CPU, FEATURES).close()
    assert len(parsed) == len(optimized) == 1  # the counters see a compile
    for _ in range(3):
        module = JitModule.from_object(cache.get(key), CPU, FEATURES)
        check_matmul(module)
        module.close()
    assert len(parsed) == len(optimized) == 1


@pytest.mark.kernels
def test_nanomm_kernel_round_trips() -> None:
    from nanomm.compiler.build import build_kernel
    from nanomm.compiler.payload import MatmulSpec
    from nanomm.runtime import PackFunction

    kernel = build_kernel(MatmulSpec(40, 72, 56, prepacked_b=True))
    original = kernel._function
    loaded = JitModule.from_object(original._owner.jit_object(), CPU, FEATURES)
    abi = original.abi
    function = CompiledFunction(loaded.address(abi.symbol), abi, owner=loaded)
    pack = PackFunction(loaded.address(abi.symbol + "_pack_b"), abi.symbol + "_pack_b", abi.K, abi.N,
                        abi.b_shape, abi.b_dtype, owner=loaded)
    rng = np.random.default_rng(1)
    a = rng.standard_normal((abi.M, abi.K), dtype=np.float32)
    b = rng.standard_normal((abi.K, abi.N), dtype=np.float32)
    np.testing.assert_array_equal(function(a, pack(b)), kernel(a, b))
    np.testing.assert_allclose(function(a, pack(b)), a @ b, rtol=1e-4, atol=1e-4)

"""Threads that share one packed B (compiler/parallel.py split / shared_partition, runtime SharedB):
the plan covers C once, results match numpy on every path (native pool, Python pool, AOT)."""

from __future__ import annotations

import concurrent.futures
import json

import numpy as np
import pytest

from nanomm.compiler.aot import export
from nanomm.compiler.build import build_kernel, target_cpu
from nanomm.compiler.config import KernelConfig
from nanomm.compiler.parallel import ParallelKernel, shared_partition, split
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime import aot
from nanomm.runtime.cpu import TARGETS, native_cpu, without_amx
from nanomm.runtime.reference import matmul_mismatch
from nanomm.runtime.threads import CallPool

pytestmark = pytest.mark.kernels
ml_dtypes = pytest.importorskip("ml_dtypes")
# The hardware without AMX: config=None cases take the AVX-512 heuristic on every machine (on an
# AMX CPU the AMX default makes such shapes too small to split at all).
AVX512_CPU = without_amx(native_cpu())
# The AMX tile program, emulated with vector ops so that it runs here (see test_amx.py).
EMULATED = KernelConfig(mr=32, nr=32, mc=64, nc=64, kc=64, pack_b=True, isa="amx-emulated")


def _inputs(dtype: str, M: int, N: int, K: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    if dtype == "f32":
        return rng.standard_normal((M, K), np.float32), rng.standard_normal((K, N), np.float32)
    if dtype == "bf16":
        return (rng.standard_normal((M, K)).astype(ml_dtypes.bfloat16),
                rng.standard_normal((K, N)).astype(ml_dtypes.bfloat16))
    low = 0 if dtype == "u8s8" else -128
    a_type = np.uint8 if dtype == "u8s8" else np.int8
    return (rng.integers(low, low + 256, (M, K)).astype(a_type), rng.integers(-128, 128, (K, N)).astype(np.int8))


def _check(out: np.ndarray, a: np.ndarray, b: np.ndarray, c0: np.ndarray | None = None) -> None:
    # The library's check (int32 exactly, floats within the float32-accumulation bound): at least 2x tighter
    # than the former rtol=1e-4, atol=1e-4*K on the bf16 shapes; up to 1.25x looser on f32 at K=700.
    problem = matmul_mismatch(out, a, b, c0)
    assert problem is None, problem


@pytest.mark.parametrize("M,N,K,parts,nr,m_align", [
    (2048, 2048, 2048, 16, 32, 32), (1024, 1024, 1024, 16, 32, 32), (128, 4096, 4096, 16, 32, 32),
    (300, 333, 100, 3, 64, 6), (4096, 64, 512, 16, 32, 32), (31, 1000, 100, 4, 64, 6),
])
def test_shared_partition_covers_c_once_in_whole_panels(M, N, K, parts, nr, m_align):
    spec = MatmulSpec(M, N, K)
    chunks = shared_partition(spec, parts, nr, m_align)
    assert len(chunks) == parts  # every thread gets a block on these shapes
    seen = np.zeros((M, N), np.int32)
    for c in chunks:
        seen[c.m0:c.m0 + c.spec.M, c.n0:c.n0 + c.spec.N] += 1
        assert c.n0 % nr == 0 and c.m0 % m_align == 0
        assert c.spec.prepacked_b and c.spec.ldb in (0, N) and (c.spec.ldb == N) == (c.spec.N != N)
    assert (seen == 1).all()


def test_shared_partition_prefers_square_blocks():
    chunks = shared_partition(MatmulSpec(2048, 2048, 2048), 16, 32, 32)
    assert {(c.spec.M, c.spec.N) for c in chunks} == {(512, 512)}


@pytest.mark.parametrize("dtype,M,N,K,config", [
    ("bf16", 64, 333, 129, EMULATED),  # AMX tile program: N edge panel, K not a multiple of kc
    ("u8s8", 260, 97, 140, None),      # AVX-512 VNNI (4 k a lane): rows split, a 4-row edge
    ("s8s8", 128, 160, 131, None),     # a 2-D grid, K not a multiple of 4
    ("bf16", 100, 200, 75, None),
])
def test_low_precision_kernels_sharing_b_match_numpy(dtype, M, N, K, config):
    k = _forced(MatmulSpec(M, N, K, dtype), 2, config=config, cpu=AVX512_CPU)
    assert k.shared_b and (config is None or k.config.isa == "amx-emulated")
    a, b = _inputs(dtype, M, N, K)
    b_before = b.copy()
    _check(k(a, b), a, b)
    _check(k(a, b), a, b)  # the kept packed-B buffer, packed again
    np.testing.assert_array_equal(b, b_before)


def test_b_is_shared_by_default_only_where_it_measured_faster():
    cpu = TARGETS["emeraldrapids"]
    # (dtype, shape, B shared, blocks for 16 threads: 2 a thread with B shared, 8 for large f32)
    for dtype, shape, shared, blocks in [
            ("u8s8", (2048, 2048, 2048), True, 32), ("s8s8", (4096, 4096, 4096), True, 32),
            ("u8s8", (1024, 1024, 1024), False, 16), ("u8s8", (128, 4096, 4096), False, 16),
            ("bf16", (2048, 2048, 2048), False, 16), ("f32", (2048, 2048, 2048), False, 128),
            ("f32", (128, 4096, 4096), False, 32)]:
        chunks, _ = split(MatmulSpec(*shape, dtype), 16, cpu, None, m_align=32)
        assert chunks[0].spec.prepacked_b == shared, (dtype, shape)
        assert len(chunks) == blocks, (dtype, shape)


def _forced(spec: MatmulSpec, threads: int, pool=None, config=None, cpu=None) -> ParallelKernel:
    """A ParallelKernel sharing B whatever the heuristic says (compiled for `cpu`, default the host)."""
    cpu = cpu or target_cpu("host")
    chunks, config = split(spec, threads, cpu, config, shared_b=True)
    kernel = ParallelKernel(spec, chunks, lambda s: build_kernel(s, cpu, config))
    if pool is not None:
        function = kernel._function
        kernel._function = type(function)(function.abi, function.parts, owner=function._owner, pool=pool,
                                          shared_b=function.shared_b)
    return kernel


def test_f32_shares_b_when_forced_and_accumulates():
    M, N, K = 300, 500, 700
    k = _forced(MatmulSpec(M, N, K, accumulate=True), 2)
    assert k.shared_b and all(c.spec.prepacked_b for c in k.chunks)
    a, b = _inputs("f32", M, N, K, 1)
    c0 = np.random.default_rng(2).standard_normal((M, N), np.float32)
    c = c0.copy()
    k(a, b, c)
    _check(c, a, b, c0)


def test_shared_b_on_the_python_pool():
    M, N, K = 260, 300, 520
    k = _forced(MatmulSpec(M, N, K), 3, pool=CallPool())
    a, b = _inputs("f32", M, N, K, 3)
    assert matmul_mismatch(k(a, b), a, b) is None


def test_python_threads_calling_one_shared_b_kernel_get_their_own_buffers():
    M, N, K = 200, 300, 400
    k = _forced(MatmulSpec(M, N, K), 2)
    inputs = [_inputs("f32", M, N, K, 10 + i) for i in range(8)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda ab: k(*ab), inputs))
    for (a, b), c in zip(inputs, results):
        assert matmul_mismatch(c, a, b) is None


def test_aot_manifest_carries_the_pack_parts(tmp_path):
    spec = MatmulSpec(200, 333, 257, "bf16")
    path = export(spec, tmp_path, "host", threads=2, shared_b=True)
    manifest = json.loads(path.read_text())
    assert manifest["format"] == aot.MANIFEST_FORMAT == 2
    assert manifest["threads"] == 2 and len(manifest["parts"]) == 4  # two blocks a thread with B shared
    assert len(manifest["shared_b"]["parts"]) >= 2 and manifest["shared_b"]["nbytes"] > 0
    a, b = _inputs("bf16", 200, 333, 257, 4)
    _check(aot.load(path)(a, b), a, b)


def test_aot_reads_format_1_manifests(tmp_path):
    path = export(MatmulSpec(300, 500, 200), tmp_path, "host", threads=2, shared_b=False)
    manifest = json.loads(path.read_text())
    assert "shared_b" not in manifest
    manifest["format"] = 1
    path.write_text(json.dumps(manifest))
    a, b = _inputs("f32", 300, 500, 200, 5)
    assert matmul_mismatch(aot.load(path)(a, b), a, b) is None


def test_aot_with_more_parts_than_threads(tmp_path):
    path = export(MatmulSpec(400, 900, 300), tmp_path, "host", threads=2, parts_per_thread=3)
    manifest = json.loads(path.read_text())
    parts = len(manifest["parts"])
    assert manifest["threads"] == 2 and parts > 2 and path.name.endswith(f"_x2p{parts}.json")
    a, b = _inputs("f32", 400, 900, 300, 6)
    function = aot.load(path)
    assert function.threads == 2
    assert matmul_mismatch(function(a, b), a, b) is None


def test_aot_prepacked_kernel_packs_b_with_its_own_pack_function(tmp_path, capsys):
    from nanomm.compiler import aot as aot_cli

    assert aot_cli.main(["37x300x129", "--prepacked", "--out", str(tmp_path)]) == 0
    (path,) = tmp_path.glob("*.json")
    manifest = json.loads(path.read_text())
    assert path.name.endswith("_pb.json") and manifest["packed_b"]["symbol"].endswith("_pack_b")
    a, b = _inputs("f32", 37, 300, 129, 7)
    function = aot.load(path)
    packed = function.pack_b(b)
    assert packed.shape == tuple(manifest["packed_b"]["shape"]) != b.shape
    assert matmul_mismatch(function(a, packed), a, b) is None
    assert aot_cli.main(["300", "--prepacked", "--threads", "2", "--out", str(tmp_path / "x2")]) == 1
    assert "runs on one thread" in capsys.readouterr().err


def test_amx_row_blocks_are_whole_microkernels_on_every_path():
    # compile_matmul and the AOT path both split through split(): 32-row blocks for AMX kernels.
    spec = MatmulSpec(1000, 600, 700, "bf16")
    amx, _ = split(spec, 16, TARGETS["emeraldrapids"], None)
    assert len({c.m0 for c in amx}) > 1 and all(c.m0 % 32 == 0 for c in amx)
    zen, _ = split(spec, 16, TARGETS["znver4"], None)
    assert any(c.m0 % 32 for c in zen)  # AVX-512 kernels keep 6-row alignment

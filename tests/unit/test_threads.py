"""Parallel matmul: partitioning, correctness of every split, packed B, thread safety, the threads argument."""

import concurrent.futures

import numpy as np
import pytest

import nanomm
from nanomm.compiler.parallel import (OVERSPLIT_MIN_ROWS, OVERSPLIT_MIN_SECONDS, PARALLEL_MIN_SECONDS, ParallelKernel,
                                      default_parts_per_thread, partition, serial_seconds)
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime.reference import matmul_mismatch
from nanomm.runtime.threads import CallPool, available_cores

pytestmark = pytest.mark.kernels


def rand(shape, seed):
    return np.random.default_rng(seed).standard_normal(shape, dtype=np.float32)


def covers_exactly(spec, chunks):
    """The chunks tile C: every element in exactly one chunk."""
    seen = np.zeros((spec.M, spec.N), np.int32)
    for c in chunks:
        seen[c.m0:c.m0 + c.spec.M, c.n0:c.n0 + c.spec.N] += 1
    return bool((seen == 1).all())


@pytest.mark.parametrize("M,N,K,threads,split", [
    (512, 512, 512, 2, "n"), (1000, 1000, 1000, 2, "n"), (2048, 200, 300, 2, "m"), (300, 1000, 300, 3, "n"),
    (600, 130, 500, 4, "m"), (16, 4096, 4096, 2, "n"), (1, 4096, 4096, 2, "n"),
])
def test_partition_covers_c_once(M, N, K, threads, split):
    spec = MatmulSpec(M, N, K)
    chunks = partition(spec, threads)
    assert len(chunks) == threads  # every thread gets a block on these shapes
    assert covers_exactly(spec, chunks)
    if split == "n":
        assert all(c.m0 == 0 and c.n0 % 64 == 0 and c.spec.ldb == N and c.spec.ldc == N for c in chunks)
    else:
        assert all(c.n0 == 0 and c.spec.N == N for c in chunks)


def test_small_problems_stay_on_one_thread():
    small = MatmulSpec(48, 48, 48)
    assert serial_seconds(small) < PARALLEL_MIN_SECONDS
    assert len(partition(small, 8)) == 1
    assert isinstance(nanomm.compile_matmul(48, 48, 48, threads=8), nanomm.Kernel)


@pytest.mark.parametrize("M,N,K,threads", [
    (300, 700, 257, 2), (1000, 130, 300, 2), (333, 1000, 211, 3), (700, 300, 400, 4), (1, 4096, 2048, 2),
])
def test_parallel_results_match_numpy(M, N, K, threads):
    a, b = rand((M, K), 1), rand((K, N), 2)
    k = nanomm.compile_matmul(M, N, K, threads=threads)
    assert isinstance(k, ParallelKernel) and k.threads > 1
    out = np.full((M, N), np.nan, np.float32)
    assert k(a, b, out) is out
    assert matmul_mismatch(out, a, b) is None
    assert matmul_mismatch(nanomm.matmul(a, b, threads=threads), a, b) is None


def test_parallel_accumulate():
    M, N, K = 400, 900, 300
    a, b, c0 = rand((M, K), 3), rand((K, N), 4), rand((M, N), 5)
    k = nanomm.compile_matmul(M, N, K, accumulate=True, threads=2)
    c = c0.copy()
    k(a, b, c)
    assert matmul_mismatch(c, a, b, c0) is None


def test_prepacked_b_with_too_few_rows_for_a_block_a_thread_is_cut_by_columns():
    """16 rows on two threads (a sentence of 16 tokens) make one row block: with `columns` (compile_matmul's
    plans), pre-packed B is cut into column blocks of whole panels of one packed B instead, which the
    parallel kernel packs through each block's pack function; results agree with numpy, with a bias + ReLU
    epilogue too. Without `columns` (dynamic-M kernels' row splits, ahead-of-time objects): rows only."""
    import dataclasses
    spec = dataclasses.replace(MatmulSpec(16, 1536, 384), prepacked_b=True)
    chunks = partition(spec, 2, columns=True)
    assert [(c.m0, c.n0, c.spec.M, c.spec.N, c.spec.ldb) for c in chunks] == [(0, 0, 16, 768, 1536), (0, 768, 16, 768, 1536)]
    assert covers_exactly(spec, chunks) and len(partition(spec, 2)) == 1
    rng = np.random.default_rng(21)
    a = rng.standard_normal((16, 384)).astype(np.float32)
    w = rng.standard_normal((384, 1536)).astype(np.float32)
    bias = rng.standard_normal(1536).astype(np.float32)
    kernel = nanomm.compile_matmul(16, 1536, 384, b=w, threads=2,
                                   epilogue=nanomm.Epilogue(bias=True, activation="relu"))
    assert isinstance(kernel, ParallelKernel) and len(kernel.chunks) == 2
    want = np.maximum(a.astype(np.float64) @ w + bias, 0)
    np.testing.assert_allclose(kernel(a, bias=bias), want, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(kernel(a, kernel.prepack(w), bias=bias), want, rtol=1e-4, atol=1e-4)
    with pytest.raises(nanomm.ShapeError):
        kernel.prepack(w[:, :768])

def test_parallel_with_prepacked_b_shares_one_packed_b():
    M, N, K = 800, 300, 600
    a, b = rand((M, K), 6), rand((K, N), 7)
    k = nanomm.compile_matmul(M, N, K, b=b, threads=2)
    assert isinstance(k, ParallelKernel) and k.threads == 2
    assert matmul_mismatch(k(a), a, b) is None
    out = np.empty((M, N), np.float32)
    k(a, out=out)
    assert matmul_mismatch(out, a, b) is None


def test_parallel_kernel_checks_arguments():
    k = nanomm.compile_matmul(512, 512, 512, threads=2)
    a, b = rand((512, 512), 8), rand((512, 512), 9)
    with pytest.raises(nanomm.ShapeError, match="expected"):
        k(a[:100], b)
    with pytest.raises(nanomm.DTypeError, match="float64"):
        k(a.astype(np.float64), b)
    with pytest.raises(nanomm.AliasError):
        k(a, b, a)
    with pytest.raises(nanomm.LayoutError, match="C-contiguous"):
        k(np.asfortranarray(a), b)


def test_many_python_threads_share_one_parallel_kernel():
    M, N, K = 300, 800, 200
    k = nanomm.compile_matmul(M, N, K, threads=2)
    inputs = [(rand((M, K), 10 + i), rand((K, N), 20 + i)) for i in range(6)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda ab: k(*ab), inputs))
    for (a, b), c in zip(inputs, results):
        assert matmul_mismatch(c, a, b) is None


def test_concurrent_first_calls_compile_once():
    shape = (321, 777, 123)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        kernels = list(pool.map(lambda _: nanomm.compile_matmul(*shape, threads=2), range(4)))
    assert all(k is kernels[0] for k in kernels)


@pytest.mark.parametrize("bad", [0, -1, 1.5, "2", True])
def test_threads_must_be_a_positive_int(bad):
    with pytest.raises(nanomm.ConfigError, match="threads must be a positive int"):
        nanomm.compile_matmul(8, 8, 8, threads=bad)


def test_default_threads_follow_the_affinity_mask():
    import os

    assert available_cores() == len(os.sched_getaffinity(0))


def test_pool_reports_a_worker_failure():
    pool = CallPool()

    def boom():
        raise RuntimeError("worker failed")

    with pytest.raises(RuntimeError, match="worker failed"):
        pool.run([(lambda: None, ()), (boom, ())])
    pool.run([(lambda: None, ()), (lambda: None, ())])  # the pool still works afterwards


def _two_thread_kernel(M, N, K, **kw):
    k = nanomm.compile_matmul(M, N, K, threads=2, **kw)
    assert isinstance(k, ParallelKernel)
    return k


def test_parallel_calls_take_the_native_path_once_workers_run(monkeypatch):
    M, N, K = 300, 800, 200
    k = _two_thread_kernel(M, N, K)
    fn = k._function
    if fn._native is None:
        pytest.skip("the native checked call is not available in this process (numpy ABI probe)")
    a, b = rand((M, K), 30), rand((K, N), 31)
    k(a, b)  # starts the pool's workers if needed (Python path)
    calls = []

    def python_path(self, *args):
        calls.append(args)
        raise AssertionError("the Python path ran")

    monkeypatch.setattr(type(fn), "prepare", python_path)
    for seed in range(5):
        a, b = rand((M, K), 40 + seed), rand((K, N), 50 + seed)
        out = np.full((M, N), np.nan, np.float32)
        assert k(a, b, out) is out
        assert matmul_mismatch(out, a, b) is None
        assert matmul_mismatch(k(a, b), a, b) is None  # out allocated here
    assert not calls


def test_parallel_kernels_from_many_threads_share_the_pool():
    # Native calls of several kernels race for the pool's run lock; the loser takes the Python
    # path, which waits for the lock. The 3-part kernel's first call starts a worker while
    # 2-part native calls may be running (the pool is closed first, so workers start during
    # the race). Every result must be right.
    from nanomm.runtime.native_pool import native_pool

    k1, k2 = _two_thread_kernel(300, 800, 200), _two_thread_kernel(260, 640, 96)
    k3 = nanomm.compile_matmul(300, 900, 120, threads=3)
    assert isinstance(k3, ParallelKernel) and k3.threads == 3
    native_pool().close()
    jobs = []
    for i in range(36):
        k = (k1, k2, k3)[i % 3]
        M, K = k.spec.M, k.spec.K
        jobs.append((k, rand((M, K), 60 + i), rand((K, k.spec.N), 90 + i)))
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        results = list(pool.map(lambda job: job[0](job[1], job[2]), jobs))
    for (_, a, b), c in zip(jobs, results):
        assert matmul_mismatch(c, a, b) is None


def test_parallel_native_path_after_the_pool_closes():
    from nanomm.runtime.native_pool import native_pool

    k = _two_thread_kernel(300, 800, 200)
    a, b = rand((300, 200), 70), rand((200, 800), 71)
    k(a, b)
    pool = native_pool()
    pool.close()  # the workers stop; the run lock stays taken until they start again
    assert not pool.ready(2)
    assert matmul_mismatch(k(a, b), a, b) is None  # the Python path restarts them
    assert pool.ready(2)
    assert matmul_mismatch(k(a, b), a, b) is None


def test_parallel_native_path_refuses_bad_arguments_like_the_python_path():
    k = _two_thread_kernel(512, 512, 512)
    a, b = rand((512, 512), 8), rand((512, 512), 9)
    k(a, b)  # workers running: the native path is live
    out = np.zeros((512, 512), np.float32)
    out.flags.writeable = False
    with pytest.raises(nanomm.LayoutError, match="read-only"):
        k(a, b, out)
    with pytest.raises(nanomm.AliasError):
        k(a, b, b)
    with pytest.raises(nanomm.DTypeError):
        k(a, b.astype(np.float64))
    assert not out.any()


@pytest.mark.parametrize("M,N,K,threads,per_thread", [(600, 1000, 300, 2, 3), (900, 200, 400, 2, 2), (700, 640, 200, 3, 2)])
@pytest.mark.parametrize("pool", ["native", "python"])
def test_more_parts_than_threads_are_all_run_once(M, N, K, threads, per_thread, pool):
    from nanomm.compiler.build import build_kernel
    from nanomm.runtime.threads import ParallelFunction

    spec = MatmulSpec(M, N, K, accumulate=True)  # a part run twice (or never) shows in C
    chunks = partition(spec, threads, parts_per_thread=per_thread)
    assert len(chunks) > threads and covers_exactly(spec, chunks)
    k = ParallelKernel(spec, chunks, build_kernel, threads=threads)
    assert k.threads == threads and k._function.threads == threads
    if pool == "python":
        f = k._function
        k._function = ParallelFunction(f.abi, f.parts, owner=f._owner, pool=CallPool(), threads=threads)
    a, b, c0 = rand((M, K), 30), rand((K, N), 31), rand((M, N), 32)
    c = c0.copy()
    k(a, b, c)
    assert matmul_mismatch(c, a, b, c0) is None


def test_parts_per_thread_is_checked():
    with pytest.raises(nanomm.ConfigError, match="parts_per_thread"):
        partition(MatmulSpec(512, 512, 512), 2, parts_per_thread=0)


@pytest.mark.parametrize("M, threads, expect", [
    (16, 2, 1), (OVERSPLIT_MIN_ROWS - 1, 2, 1),             # skinny A: one column block a thread
    (OVERSPLIT_MIN_ROWS, 2, 2), (128, 2, 2), (2048, 2, 2),   # large float32: two a thread
    (2048, 16, 8), (128, 16, 2),                             # 8 from 8 threads and 1024 rows
])
def test_default_parts_per_thread(M, threads, expect):
    from nanomm.runtime.cpu import CpuInfo

    cpu = CpuInfo(name="znver4", features=frozenset({"avx512f", "avx512bw", "avx512vl", "fma"}))
    spec = MatmulSpec(M, 4096, 4096, "f32")
    assert serial_seconds(spec) >= OVERSPLIT_MIN_SECONDS  # past the time threshold: the rows decide
    assert default_parts_per_thread(spec, threads, cpu, None) == expect
    assert default_parts_per_thread(MatmulSpec(M, 4096, 4096, "bf16"), threads, cpu, None) == 1


def test_pre_packed_b_keeps_one_block_a_thread_below_512_rows():
    """Each block of rows reads all of a pre-packed B: more blocks than threads only from 512 rows."""
    from nanomm.compiler.parallel import PREPACKED_OVERSPLIT_MIN_ROWS
    from nanomm.runtime.cpu import CpuInfo

    cpu = CpuInfo(name="znver4", features=frozenset({"avx512f", "avx512bw", "avx512vl", "fma"}))
    for M, expect in ((128, 1), (PREPACKED_OVERSPLIT_MIN_ROWS - 1, 1), (PREPACKED_OVERSPLIT_MIN_ROWS, 2)):
        assert default_parts_per_thread(MatmulSpec(M, 4096, 4096, prepacked_b=True), 2, cpu, None) == expect
    assert default_parts_per_thread(MatmulSpec(128, 4096, 4096), 2, cpu, None) == 2  # row-major B: unchanged


def _epilogue_kernels(N=384, K=256, M=200):
    """Two-thread kernels with bias and residual arrays: static M (ParallelFunction) and dynamic M
    (DynamicMFunction), both on pre-packed weights."""
    w = rand((K, N), 80)
    ep = nanomm.Epilogue(bias=True, residual=True, activation="relu")
    static = nanomm.compile_matmul(M, N, K, b=w, threads=2, epilogue=ep)
    dynamic = nanomm.compile_matmul(None, N, K, b=w, threads=2, epilogue=ep)
    return w, static, dynamic


def _want(a, w, bias, res):
    return np.maximum(a.astype(np.float64) @ w + bias, 0) + res


@pytest.mark.parametrize("kind", ["static", "dynamic"])
def test_threaded_epilogue_calls_take_the_native_path(monkeypatch, kind):
    """With the pool's workers running, a threaded kernel with epilogue arrays is checked and run in
    machine code (the arrays reach each part through its context, written under the pool's lock):
    no Python checks run, and every result is right."""
    M, K = 200, 256
    w, static, dynamic = _epilogue_kernels(M=M, K=K)
    k = static if kind == "static" else dynamic
    fn = k._function
    if not isinstance(fn, (nanomm.runtime.threads.ParallelFunction, nanomm.runtime.threads.DynamicMFunction)):
        pytest.skip(f"this host runs {M} rows on one thread")
    bias, res = rand((384,), 81), rand((M, 384), 82)
    a = rand((M, K), 83)
    np.testing.assert_allclose(k(a, bias=bias, residual=res), _want(a, w, bias, res), rtol=1e-4, atol=1e-3)
    if kind == "static" and fn._native_x is None or kind == "dynamic" and fn._plans[M].params is None:
        pytest.skip("the native checked call is not available in this process (numpy ABI probe)")
    calls = []

    def python_path(self, *args):
        calls.append(args)
        raise AssertionError("the Python path ran")

    checks = getattr(fn.single, "large", fn.single) if kind == "dynamic" else fn  # (a RowsRouter's checks)
    monkeypatch.setattr(type(checks), "prepare", python_path)
    for seed in range(4):
        a, bias, res = rand((M, K), 90 + seed), rand((384,), 100 + seed), rand((M, 384), 110 + seed)
        out = np.full((M, 384), np.nan, np.float32)
        assert k(a, out=out, bias=bias, residual=res) is out
        np.testing.assert_allclose(out, _want(a, w, bias, res), rtol=1e-4, atol=1e-3)
    assert not calls


@pytest.mark.parametrize("kind", ["static", "dynamic"])
def test_threaded_epilogue_refuses_bad_arrays_by_name(kind):
    M, K = 200, 256
    w, static, dynamic = _epilogue_kernels(M=M, K=K)
    k = static if kind == "static" else dynamic
    a, bias, res = rand((M, K), 120), rand((384,), 121), rand((M, 384), 122)
    k(a, bias=bias, residual=res)  # workers running
    with pytest.raises(nanomm.ShapeError, match="bias"):
        k(a, bias=bias[:100], residual=res)
    with pytest.raises(nanomm.ShapeError, match="residual"):
        k(a, bias=bias, residual=res[:100])
    with pytest.raises(nanomm.DTypeError, match="residual"):
        k(a, bias=bias, residual=res.astype(np.float64))
    with pytest.raises(nanomm.LayoutError, match="residual"):
        k(a, bias=bias, residual=np.asfortranarray(res))
    with pytest.raises(nanomm.AliasError, match="residual"):
        k(a, out=res, bias=bias, residual=res)
    frozen = np.zeros((M, 384), np.float32)
    frozen.flags.writeable = False
    with pytest.raises(nanomm.LayoutError, match="read-only"):
        k(a, out=frozen, bias=bias, residual=res)
    assert not frozen.any()


def test_threaded_epilogue_kernels_from_many_threads():
    """Concurrent calls of the same kernels with different arrays: the parts' contexts are written
    by one call at a time (the pool's run lock), so no call reads another's bias or residual."""
    M, K = 200, 256
    w, static, dynamic = _epilogue_kernels(M=M, K=K)
    jobs = []
    for i in range(24):
        rows = M if i % 2 == 0 else 150 + i
        jobs.append((static if i % 2 == 0 else dynamic, rand((rows, K), 130 + i), rand((384,), 160 + i),
                     rand((rows, 384), 190 + i)))
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda j: j[0](j[1], bias=j[2], residual=j[3]), jobs))
    for (_, a, bias, res), c in zip(jobs, results):
        np.testing.assert_allclose(c, _want(a, w, bias, res), rtol=1e-4, atol=1e-3)

"""The native thread pool (runtime/native_pool.py): every part runs once, the caller waits for all."""

from __future__ import annotations

import multiprocessing
import threading

import numpy as np
import pytest

from nanomm.compiler.build import build_kernel
from nanomm.compiler.payload import MatmulSpec
from nanomm.runtime.native_pool import NativePool, make_plan, native_pool

pytestmark = pytest.mark.kernels

M, N, K, PARTS = 40, 96, 33, 6  # C split into PARTS column blocks of N / PARTS = 16


@pytest.fixture(scope="module")
def part_kernel():
    # One column block of C: B and C are read/written with the row stride of the whole arrays.
    return build_kernel(MatmulSpec(M, N // PARTS, K, ldb=N, ldc=N), use_disk_cache=False)


def _plan(kernel, parts: int = PARTS):
    width = N // PARTS
    return make_plan([(kernel._function.address, 0, 4 * width * i, 4 * width * i) for i in range(parts)])


def _operands(seed: int = 0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((M, K), dtype=np.float32), rng.standard_normal((K, N), dtype=np.float32),
            np.full((M, N), np.nan, np.float32))


def test_the_pool_exists_here():
    assert native_pool() is not None


@pytest.mark.parametrize("parts", [1, 2, PARTS])
def test_every_part_runs_once(part_kernel, parts):
    pool = native_pool()
    a, b, c = _operands(parts)
    pool.run(_plan(part_kernel, parts), parts, a.ctypes.data, b.ctypes.data, c.ctypes.data)
    done = parts * (N // PARTS)
    np.testing.assert_allclose(c[:, :done], a @ b[:, :done], rtol=1e-4, atol=1e-4)
    assert np.isnan(c[:, done:]).all()  # parts past `parts` are not run


def test_many_calls_back_to_back_and_after_sleeping(part_kernel):
    import time

    pool = native_pool()
    plan = _plan(part_kernel)
    for i in range(300):
        a, b, c = _operands(i % 7)
        if i % 100 == 99:
            time.sleep(0.01)  # the workers go to sleep in the futex; the next run wakes them
        pool.run(plan, PARTS, a.ctypes.data, b.ctypes.data, c.ctypes.data)
        assert not np.isnan(c).any()
    np.testing.assert_allclose(c, a @ b, rtol=1e-4, atol=1e-4)


def _in_python_threads(caller, count: int) -> None:
    """Runs caller(0..count-1) on as many Python threads at once; re-raises the first failure."""
    errors = []

    def guarded(seed):
        try:
            caller(seed)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=guarded, args=(s,)) for s in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_callers_in_several_python_threads_take_turns(part_kernel):
    pool = native_pool()
    plan = _plan(part_kernel)

    def caller(seed):
        for _ in range(50):
            a, b, c = _operands(seed)
            pool.run(plan, PARTS, a.ctypes.data, b.ctypes.data, c.ctypes.data)
            np.testing.assert_allclose(c, a @ b, rtol=1e-4, atol=1e-4)

    _in_python_threads(caller, 4)


@pytest.fixture(scope="module")
def accumulating_part_kernel():
    return build_kernel(MatmulSpec(M, N // PARTS, K, accumulate=True, ldb=N, ldc=N), use_disk_cache=False)


def test_every_part_runs_exactly_once_under_stress(accumulating_part_kernel):
    # Parts are claimed from a shared word: a part run twice (or not at all) would show in an
    # accumulating kernel. Small integers keep every sum exact. Several Python threads take
    # turns; some runs come after the workers went to sleep; plans of different part counts.
    import time

    pool = native_pool()
    rng = np.random.default_rng(7)
    a = rng.integers(-2, 3, (M, K)).astype(np.float32)
    b = rng.integers(-2, 3, (K, N)).astype(np.float32)
    ab = a @ b

    def caller(seed):
        width = N // PARTS
        for i in range(120):
            parts = 1 + (seed + i) % PARTS
            plan = _plan(accumulating_part_kernel, parts)
            c = np.zeros((M, N), np.float32)
            reps = 1 + i % 3
            for _ in range(reps):
                pool.run(plan, parts, a.ctypes.data, b.ctypes.data, c.ctypes.data)
            done = parts * width
            np.testing.assert_array_equal(c[:, :done], reps * ab[:, :done])
            assert not c[:, done:].any()
            if i % 40 == 39:
                time.sleep(0.005)

    _in_python_threads(caller, 3)


def test_plans_have_at_most_max_parts():
    from nanomm.runtime.native_pool import MAX_PARTS

    with pytest.raises(ValueError, match="1 to 65535 parts"):
        make_plan([(0, 0, 0, 0)] * (MAX_PARTS + 1))
    with pytest.raises(ValueError, match="1 to 65535 parts"):
        native_pool().run(make_plan([(0, 0, 0, 0)]), 0, 0, 0, 0)


def test_close_joins_and_a_new_pool_starts_again(part_kernel):
    pool = NativePool.create()
    a, b, c = _operands()
    pool.run(_plan(part_kernel), PARTS, a.ctypes.data, b.ctypes.data, c.ctypes.data)
    pool.close()
    assert not pool._threads
    c[...] = np.nan
    pool.run(_plan(part_kernel), PARTS, a.ctypes.data, b.ctypes.data, c.ctypes.data)  # restarts its workers
    np.testing.assert_allclose(c, a @ b, rtol=1e-4, atol=1e-4)
    pool.close()


def _child(queue):
    import nanomm

    a = np.ones((300, 200), np.float32)
    b = np.ones((200, 1024), np.float32)
    k = nanomm.compile_matmul(300, 1024, 200, threads=2)
    queue.put((type(k).__name__, float(k(a, b)[0, 0]), float(k(a, b).min())))


def test_a_forked_child_gets_its_own_workers():
    import nanomm

    k = nanomm.compile_matmul(300, 1024, 200, threads=2)  # the parent's pool is running
    k(np.ones((300, 200), np.float32), np.ones((200, 1024), np.float32))
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_child, args=(queue,))
    proc.start()
    proc.join(60)
    assert proc.exitcode == 0
    assert queue.get(timeout=5) == ("ParallelKernel", 200.0, 200.0)

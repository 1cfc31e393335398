"""Native call programs (runtime/programs.py): row copies, kernel calls, parts over threads."""

from __future__ import annotations

import numpy as np
import pytest

from nanomm.runtime import programs

pytestmark = pytest.mark.skipif(not programs.available(),
                                reason="no native pool on this platform (not Linux on x86-64)")


def _copy_program(dst: np.ndarray, src: np.ndarray, parts: int = 1) -> programs.Template | None:
    """A program copying src (any strided view of a base array) into dst, a slice of the leading
    axis per part; None where the copy takes too many loops."""
    base = src.base if src.base is not None else src
    while base.base is not None:
        base = base.base
    p = programs.Program()
    n = src.shape[0] // parts
    for k in range(parts):
        p.part()
        s, d = src[k * n:(k + 1) * n], dst[k * n:(k + 1) * n]
        if not p.copy((0, d.ctypes.data - dst.ctypes.data), (1, s.ctypes.data - base.ctypes.data), s.shape,
                      s.itemsize, s.strides, d.strides):
            return None
    return p.finish(2), base


@pytest.mark.parametrize("make", [
    lambda x: x[:, :, :384].reshape(8, 128, 12, 32).transpose(0, 2, 1, 3)[3],  # an attention head view
    lambda x: x[2, :100, 5:37],  # a 2-D window
    lambda x: x[:, 7, ::3],  # elements one at a time (no unit stride)
    lambda x: x[:4, :, 1:2],  # a column
    lambda x: x[:, :, :1152].reshape(8, 2, 64, 3, 2, 192).transpose(0, 3, 1, 4, 2, 5),  # five loops of rows
    lambda x: x.reshape(8, 4, 32, 9, 4, 32)[::2, ::2, ::2, ::2, ::2, ::2],  # six loops of elements
], ids=["heads", "window", "strided", "column", "five-loops", "six-loops"])
@pytest.mark.parametrize("threads", [1, 2])
def test_copies_match_numpy(make, threads):
    x = np.random.default_rng(0).standard_normal((8, 128, 1152), dtype=np.float32)
    before = x.copy()
    view = make(x)
    dst = np.full(view.shape, np.nan, np.float32)
    template, base = _copy_program(dst, view, parts=2 if view.shape[0] % 2 == 0 else 1)
    template.run([dst.ctypes.data, base.ctypes.data], threads)
    np.testing.assert_array_equal(dst, view)
    np.testing.assert_array_equal(x, before)


def test_a_copy_of_too_many_loops_is_refused_not_run():
    x = np.zeros((2, 2, 2, 2, 2, 2, 4), np.float32)[..., ::2]  # seven outer loops, no unit stride
    assert programs.COPY_DIMS == 6
    p = programs.Program()
    p.part()
    assert not p.copy((0, 0), (1, 0), x.shape, 4, x.strides, np.empty(x.shape, np.float32).strides)


def test_a_program_calls_a_kernel_on_its_arrays_each_call():
    """The kernel's arguments are the arrays' pointers of each call plus the program's offsets: the
    same template on new arrays of the same layout computes their product."""
    import nanomm

    rng = np.random.default_rng(1)
    kernel = nanomm.compile_matmul(16, 24, 32, threads=1, batch=4, batch_strides=(16 * 32, 32 * 24, 16 * 24))
    address = kernel._function.address
    p = programs.Program()
    for k in range(2):  # two parts: the kernel on entries 4k to 4k + 3 of 8
        p.part()
        p.call(address, [(0, k * 4 * 16 * 32 * 4), (1, k * 4 * 32 * 24 * 4), (2, k * 4 * 16 * 24 * 4)])
    template = p.finish(3)
    for _ in range(2):
        a = rng.standard_normal((8, 16, 32), dtype=np.float32)
        b = rng.standard_normal((8, 32, 24), dtype=np.float32)
        c = np.full((8, 16, 24), np.nan, np.float32)
        template.run([a.ctypes.data, b.ctypes.data, c.ctypes.data], 2)
        np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-5)


def test_a_call_of_every_arity_gets_its_arguments_in_order():
    """Calls of 0 to MAX_ARGS arguments (past the six in registers, the rest on the stack: a segment of
    many inputs): each call stores its arguments' weighted sum where its first argument points."""
    from nanomm.runtime.cpu import native_cpu
    from nanomm.runtime.jit import JitModule

    arities = [1, 2, 6, 7, 17, programs.MAX_ARGS]
    lines = []
    for n in arities:
        terms = [f"  %p{i} = mul i64 %a{i}, {i}\n  %s{i} = add i64 %s{i - 1}, %p{i}\n" for i in range(1, n)]
        lines.append(f"define void @f{n}(ptr %out{''.join(f', i64 %a{i}' for i in range(1, n))}) {{\n"
                     f"  %s0 = add i64 0, {n}\n{''.join(terms)}  store i64 %s{n - 1}, ptr %out\n  ret void\n}}\n")
    cpu = native_cpu()
    module = JitModule("\n".join(lines), cpu.name, cpu.feature_string())
    out = np.zeros(len(arities), np.int64)
    p = programs.Program()
    p.part()
    for k, n in enumerate(arities):
        p.call(module.address(f"f{n}"), [(0, 8 * k)] + [1000 + 7 * i for i in range(1, n)])
    p.finish(1).run([out.ctypes.data], 1)
    assert out.tolist() == [n + sum(i * (1000 + 7 * i) for i in range(1, n)) for n in arities]


def test_wrong_programs_are_named():
    p = programs.Program()
    p.part()
    with pytest.raises(ValueError, match="at most"):
        p.call(0, [0] * (programs.MAX_ARGS + 1))
    template = p.finish(1)
    with pytest.raises(ValueError, match="takes 1 array pointers, got 2"):
        template.run([0, 0], 1)


def test_ticks_time_the_calls_between_them():
    """tick(slot, -1) ... tick(slot, 1) adds the cycles between them: a copy of 16 MiB takes a positive
    time, under the wall time of the whole run."""
    import time

    src = np.ones((1024, 4096), np.float32)
    dst = np.zeros_like(src)
    counters = programs.Counters(2)
    p = programs.Program()
    p.part()
    p.tick(counters.address(1), -1)
    assert p.copy((0, 0), (1, 0), src.shape, 4, src.strides, dst.strides)
    p.tick(counters.address(1), 1)
    template = p.finish(2)
    t0 = time.perf_counter()
    template.run([dst.ctypes.data, src.ctypes.data], 1)
    wall = time.perf_counter() - t0
    np.testing.assert_array_equal(dst, src)
    seconds = counters.seconds()
    assert seconds[0] == 0 and 0 < seconds[1] <= wall * 1.05, (seconds, wall)

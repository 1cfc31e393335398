"""3 x 3 convolutions as Winograd F(2 x 2, 3 x 3) and F(4 x 4, 3 x 3) (passes/winograd.py), checked
against a float64 numpy convolution.

Each function is torch-mlir-shaped: a padded input, a constant filter, a fill or a bias to start from, and
a ReLU of the sum with a residual after. The size thresholds (conv_matmul.WINOGRAD_MIN_*) are lowered so
that small shapes take the Winograd path; the function cache keys on them, so each setting compiles its own."""

from __future__ import annotations

import re

import numpy as np
import pytest

import nanomm
from nanomm.compiler import upstream
from nanomm.passes import conv_matmul

pytestmark = pytest.mark.kernels  # (float32 kernels: AVX-512F, or AVX2 + FMA)


def _t(shape) -> str:
    return f"tensor<{'x'.join(map(str, shape))}xf32>"


def _source(n, c, f, h, w, lows, highs, weights, start="fill", filter_arg=False):
    """f(x (n, c, h, w)[, bias (f)][, filter], residual (n, f, oh, ow)) -> relu(conv(pad(x), filter) + residual)."""
    ph, pw = h + lows[0] + highs[0], w + lows[1] + highs[1]
    oh, ow = ph - 2, pw - 2
    out = _t((n, f, oh, ow))
    args = [f"%x: {_t((n, c, h, w))}"] + ([f"%b: {_t((f,))}"] if start == "bias" else []) + \
        ([f"%w: {_t((f, c, 3, 3))}"] if filter_arg else []) + [f"%r: {out}"]
    lines = [f"func.func @forward({', '.join(args)}) -> {out} {{", "  %zero = arith.constant 0.0 : f32"]
    if not filter_arg:
        lines.append(f"  %w = arith.constant dense<{weights.tolist()}> : {_t((f, c, 3, 3))}")
    lines += [f"  %p = tensor.pad %x low[0, 0, {lows[0]}, {lows[1]}] high[0, 0, {highs[0]}, {highs[1]}] {{",
              "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
              "    tensor.yield %zero : f32",
              f"  }} : {_t((n, c, h, w))} to {_t((n, c, ph, pw))}",
              f"  %e = tensor.empty() : {out}"]
    if start == "bias":
        lines.append(f"  %init = linalg.broadcast ins(%b : {_t((f,))}) outs(%e : {out}) dimensions = [0, 2, 3]")
    else:
        lines.append(f"  %init = linalg.fill ins(%zero : f32) outs(%e : {out}) -> {out}")
    ident = "affine_map<(a, b, c, d) -> (a, b, c, d)>"
    lines += [
        "  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} "
        f"ins(%p, %w : {_t((n, c, ph, pw))}, {_t((f, c, 3, 3))}) outs(%init : {out}) -> {out}",
        f"  %e1 = tensor.empty() : {out}",
        f"  %z = linalg.generic {{indexing_maps = [{ident}, {ident}, {ident}], iterator_types = "
        f"[\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins(%y, %r : {out}, {out}) outs(%e1 : {out}) {{",
        "  ^bb0(%a: f32, %q: f32, %o: f32):",
        "    %s = arith.addf %a, %q : f32",
        "    %m = arith.maximumf %s, %zero : f32",
        "    linalg.yield %m : f32",
        f"  }} -> {out}",
        f"  return %z : {out}",
        "}"]
    return "\n".join(lines), (oh, ow)


def _reference(x, weights, lows, highs, bias, residual):
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (lows[0], highs[0]), (lows[1], highs[1])))
    n, f = x.shape[0], weights.shape[0]
    oh, ow = xp.shape[2] - 2, xp.shape[3] - 2
    y = np.zeros((n, f, oh, ow))
    for i in range(3):
        for j in range(3):
            y += np.einsum("nchw,fc->nfhw", xp[:, :, i:i + oh, j:j + ow], weights[:, :, i, j].astype(np.float64))
    if bias is not None:
        y += bias[None, :, None, None]
    return np.maximum(y + residual, 0)


@pytest.fixture(params=[2, 4], ids=["F2", "F4"])
def small_winograd(request, monkeypatch):
    """Winograd for every 3 x 3 convolution at stride 1 of a constant filter, whatever its size, with
    2 x 2 output tiles (F2) or 4 x 4 (F4); the tile side m is the fixture's value."""
    monkeypatch.setattr(conv_matmul, "WINOGRAD_MIN_TILES", 1)
    monkeypatch.setattr(conv_matmul, "WINOGRAD_MIN_CHANNELS", 1)
    monkeypatch.setattr(conv_matmul, "WINOGRAD_MIN_MACS", 0)
    monkeypatch.setattr(conv_matmul, "WINOGRAD_F4_MIN_TILES", 0 if request.param == 4 else 1 << 62)  # (a thread)
    return request.param


@pytest.mark.parametrize("n, c, f, h, w, lows, highs, start", [
    (1, 16, 16, 8, 8, (1, 1), (1, 1), "fill"),  # torch's padding=1: 4 x 4 tiles
    (2, 8, 24, 7, 9, (1, 1), (1, 1), "bias"),  # odd output sides: the last tiles' second row / column dropped
    (1, 4, 8, 10, 6, (0, 0), (0, 0), "fill"),  # no padding
    (1, 5, 3, 6, 7, (2, 0), (1, 1), "bias"),  # uneven pads; 5 channels, 3 filters
])
def test_winograd_agrees_with_the_direct_convolution(small_winograd, n, c, f, h, w, lows, highs, start):
    rng = np.random.default_rng(n * 1000 + c * 10 + h)
    weights = rng.standard_normal((f, c, 3, 3)).astype(np.float32)
    text, (oh, ow) = _source(n, c, f, h, w, lows, highs, weights, start)
    x = rng.standard_normal((n, c, h, w)).astype(np.float32)
    bias = rng.standard_normal(f).astype(np.float32) if start == "bias" else None
    residual = rng.standard_normal((n, f, oh, ow)).astype(np.float32)
    args = [x] + ([bias] if bias is not None else []) + [residual]
    kept = [a.copy() for a in args]
    forward = nanomm.compile(text).forward
    described = forward.describe()
    assert "linalg.batch_matmul" in described and "pre-packed per batch entry" in described, described
    want = _reference(x, weights, lows, highs, bias, residual)
    for _ in range(3):  # (the walk, then the native program)
        got = forward(*args)
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=0, atol=2e-5 * np.abs(want).max())
    for a, k in zip(args, kept):
        np.testing.assert_array_equal(a, k)


def test_entries_on_the_native_pool_agree(small_winograd, monkeypatch):
    """On several threads the forward program runs the 16 products as parts of one pool plan (from any
    size here); on one core it calls them in turn. Either way the result is the walk's."""
    from nanomm.compiler import graph

    monkeypatch.setattr(graph, "ENTRY_THREADS_MIN_FLOPS", 0)
    rng = np.random.default_rng(11)
    weights = rng.standard_normal((24, 16, 3, 3)).astype(np.float32)
    text, (oh, ow) = _source(2, 16, 24, 12, 10, (1, 1), (1, 1), weights)
    x, residual = (rng.standard_normal(s).astype(np.float32) for s in ((2, 16, 12, 10), (2, 24, 12, 10)))
    forward = nanomm.compile(text).forward
    want = _reference(x, weights, (1, 1), (1, 1), None, residual)
    results = [forward(x, residual) for _ in range(4)]  # (the program from the third call)
    for got in results:
        np.testing.assert_allclose(got, want, rtol=0, atol=2e-5 * np.abs(want).max())
    np.testing.assert_array_equal(results[0], results[3])


def test_segments_without_halves_do_not_keep_a_forward_on_several_threads_walking(small_winograd, monkeypatch):
    """Segments large enough to split (every one, here) that have no cut in halves (one image of an odd
    size, an odd number of filters) run whole in the program of several threads, as the walk runs them:
    the program is built (it walked at every call, ResNet-18 on two threads among them)."""
    from nanomm.compiler import forward_program, upstream

    monkeypatch.setattr(upstream, "SPLIT_MIN_ELEMENTS", 0)
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: 2 if threads is None else threads)
    rng = np.random.default_rng(11)
    weights = rng.standard_normal((7, 8, 3, 3)).astype(np.float32)
    text, _ = _source(1, 8, 7, 9, 7, (1, 1), (1, 1), weights)
    x, residual = (rng.standard_normal(s).astype(np.float32) for s in ((1, 8, 9, 7), (1, 7, 9, 7)))
    forward = nanomm.compile(text).forward
    uncut = [s for s in forward.segments if s.kernel is not None and s.kernel.splits and s.kernel.chunk(2) is None]
    assert uncut
    want = _reference(x, weights, (1, 1), (1, 1), None, residual)
    for k in range(5):
        if k == 2:  # (the walk's first two calls time the segments that have halves)
            assert forward_program.why_walked(forward, (x, residual), 2) is None
        np.testing.assert_allclose(forward(x, residual), want, rtol=0, atol=2e-5 * np.abs(want).max())


def test_a_second_compile_restores_the_winograd_function_from_the_disk_cache(small_winograd, tmp_path,
                                                                            monkeypatch):
    """The per-entry kernels are not stored (compiled kernels): the restored function compiles them again
    from its stored plan, without reading the MLIR."""
    from nanomm.compiler import graph

    monkeypatch.setenv("NANOMM_CACHE_DIR", str(tmp_path))
    rng = np.random.default_rng(13)
    weights = rng.standard_normal((16, 16, 3, 3)).astype(np.float32)
    text, _ = _source(1, 16, 16, 8, 8, (1, 1), (1, 1), weights)
    x, residual = (rng.standard_normal(s).astype(np.float32) for s in ((1, 16, 8, 8), (1, 16, 8, 8)))
    first = nanomm.compile(text).forward
    assert len(sorted((tmp_path / "functions").glob("*/*.json"))) == 1
    expected = first(x, residual)

    def no_reading(*_a, **_k):
        raise AssertionError("the text was read again")
    monkeypatch.setattr(graph, "read_function", no_reading)
    again = nanomm.compile(text).forward
    assert again is not first and again.describe() == first.describe()
    assert "pre-packed per batch entry" in again.describe()
    np.testing.assert_array_equal(again(x, residual), expected)


def test_an_infinite_input_makes_nan_in_its_tiles_as_documented(small_winograd, monkeypatch):
    """passes/winograd.py's caveat: an infinite input meets inf - inf in the transforms, so the outputs of
    its tile are NaN where the direct convolution gives +-inf (and, 4 x 4 tiles, where it gives finite
    values that do not read it); outputs of tiles that do not read it are finite either way."""
    rng = np.random.default_rng(17)
    weights = np.abs(rng.standard_normal((8, 8, 3, 3))).astype(np.float32)
    text, _ = _source(1, 8, 8, 8, 8, (1, 1), (1, 1), weights)
    x, residual = np.zeros((1, 8, 8, 8), np.float32), np.zeros((1, 8, 8, 8), np.float32)
    x[0, 0, 0, 0] = np.inf  # (read by the outputs of rows and columns 0-1: in tile (0, 0) alone)
    m = small_winograd
    got = nanomm.compile(text).forward(x, residual)
    monkeypatch.setattr(conv_matmul, "WINOGRAD", False)
    direct = nanomm.compile(text).forward(x, residual)
    assert np.isposinf(direct[0, :, :2, :2]).all()
    assert np.isnan(got[0, :, :2, :2]).any() and not np.isfinite(got[0, :, :2, :2]).any()
    assert not np.isfinite(got[0, :, :m, :m]).any()
    assert np.isfinite(got[0, :, m:, :]).all() and np.isfinite(got[0, :, :, m:]).all()
    np.testing.assert_array_equal(got[0, :, m:, :], direct[0, :, m:, :])
    np.testing.assert_array_equal(got[0, :, :, m:], direct[0, :, :, m:])


def test_winograd_off_and_the_thresholds_keep_the_window_copy(small_winograd, monkeypatch):
    rng = np.random.default_rng(7)
    weights = rng.standard_normal((8, 8, 3, 3)).astype(np.float32)
    text, (oh, ow) = _source(1, 8, 8, 6, 6, (1, 1), (1, 1), weights)
    x, residual = (rng.standard_normal(s).astype(np.float32) for s in ((1, 8, 6, 6), (1, 8, 6, 6)))
    want = _reference(x, weights, (1, 1), (1, 1), None, residual)
    monkeypatch.setattr(conv_matmul, "WINOGRAD", False)
    off = nanomm.compile(text).forward
    monkeypatch.setattr(conv_matmul, "WINOGRAD", True)
    monkeypatch.setattr(conv_matmul, "WINOGRAD_MIN_TILES", 10)  # (this convolution has 9)
    few = nanomm.compile(text).forward
    for forward in (off, few):
        assert "linalg.batch_matmul" not in forward.describe()
        np.testing.assert_allclose(forward(x, residual), want, rtol=0, atol=2e-5 * np.abs(want).max())


def test_a_filter_argument_keeps_the_window_copy(small_winograd):
    """The filter's transform would run at every call: Winograd is for constant filters."""
    rng = np.random.default_rng(3)
    weights = rng.standard_normal((8, 4, 3, 3)).astype(np.float32)
    text, (oh, ow) = _source(1, 4, 8, 8, 8, (1, 1), (1, 1), weights, filter_arg=True)
    x, residual = (rng.standard_normal(s).astype(np.float32) for s in ((1, 4, 8, 8), (1, 8, 8, 8)))
    forward = nanomm.compile(text).forward
    assert "linalg.batch_matmul" not in forward.describe()
    want = _reference(x, weights, (1, 1), (1, 1), None, residual)
    np.testing.assert_allclose(forward(x, weights, residual), want, rtol=0, atol=2e-5 * np.abs(want).max())


def test_default_thresholds_take_a_resnet_sized_convolution():
    """At the default thresholds a 3 x 3 convolution of 16 channels at 32 x 32 (2.4 M multiply-adds, 256
    tiles) is Winograd's; one of 8 channels at 8 x 8 is not."""
    rng = np.random.default_rng(5)
    big = _source(1, 16, 16, 32, 32, (1, 1), (1, 1), rng.standard_normal((16, 16, 3, 3)).astype(np.float32))[0]
    small = _source(1, 8, 8, 8, 8, (1, 1), (1, 1), rng.standard_normal((8, 8, 3, 3)).astype(np.float32))[0]
    assert "linalg.batch_matmul" in nanomm.compile(big).forward.describe()
    assert "linalg.batch_matmul" not in nanomm.compile(small).forward.describe()


@pytest.mark.parametrize("cores, positions, tiles", [(1, 36, 4), (2, 16, 16), (16, 16, 16)])
def test_f4_wants_twice_its_tiles_where_the_forward_runs_on_several_threads(monkeypatch, cores, positions, tiles):
    """One image's 7 x 7-sized stage (4 tiles of 4 x 4): F(4 x 4)'s 36 products on one core, F(2 x 2)'s 16
    on two or more (WINOGRAD_F4_MIN_TILES = 4, twice that on several threads). The function cache keys on
    the threads: a later compile does not restore an earlier one's plan."""
    monkeypatch.setattr(conv_matmul, "WINOGRAD_F4_MIN_TILES", 4)
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: cores if threads is None else threads)
    rng = np.random.default_rng(7)
    text = _source(1, 64, 64, 8, 8, (1, 1), (1, 1), rng.standard_normal((64, 64, 3, 3)).astype(np.float32))[0]
    described = nanomm.compile(text).forward.describe()
    assert re.search(rf"linalg\.batch_matmul[^\n]*: {positions}x{tiles}x64x64 ", described), described


def _two_convs(c: int, side: int, weights: list[np.ndarray]) -> str:
    """f(x (1, c, side, side)) -> relu(conv(pad(relu(conv(pad(x), w0))), w1)): one convolution's output
    transform, its ReLU, then the next one's pad and input transform, which one segment would hold."""
    t, p = _t((1, c, side, side)), _t((1, c, side + 2, side + 2))
    ident = "affine_map<(a, b, c, d) -> (a, b, c, d)>"
    lines = [f"func.func @forward(%x: {t}) -> {t} {{", "  %zero = arith.constant 0.0 : f32"]
    src = "%x"
    for k, w in enumerate(weights):
        lines += [f"  %w{k} = arith.constant dense<{w.tolist()}> : {_t(w.shape)}",
                  f"  %p{k} = tensor.pad {src} low[0, 0, 1, 1] high[0, 0, 1, 1] {{",
                  "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
                  "    tensor.yield %zero : f32",
                  f"  }} : {t} to {p}",
                  f"  %e{k} = tensor.empty() : {t}",
                  f"  %s{k} = linalg.fill ins(%zero : f32) outs(%e{k} : {t}) -> {t}",
                  f"  %y{k} = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : "
                  f"vector<2xi64>}} ins(%p{k}, %w{k} : {p}, {_t(w.shape)}) outs(%s{k} : {t}) -> {t}",
                  f"  %f{k} = tensor.empty() : {t}",
                  f"  %r{k} = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
                  f"[\"parallel\", \"parallel\", \"parallel\", \"parallel\"]}} ins(%y{k} : {t}) outs(%f{k} : {t}) {{",
                  "  ^bb0(%a: f32, %o: f32):",
                  "    %m = arith.maximumf %a, %zero : f32",
                  "    linalg.yield %m : f32",
                  f"  }} -> {t}"]
        src = f"%r{k}"
    return "\n".join(lines + [f"  return {src} : {t}", "}"])


@pytest.mark.parametrize("cores", [1, 2])
def test_on_several_threads_a_segment_ends_before_the_next_input_transform(small_winograd, monkeypatch, cores):
    """On two threads the output transform of one convolution (with its ReLU) and the next convolution's
    pad and input transform are two segments, each cut in halves by upstream.split_inner (rows: the
    transform's tiles read at row floordiv m; positions: the pad computed whole in each half), and the
    forward's results are the convolutions' (the walk, then the native program running the halves).
    On one thread they stay one segment."""
    from nanomm.compiler import graph
    from nanomm.passes.winograd import INPUT_MARK

    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: cores if threads is None else threads)
    monkeypatch.setattr(upstream, "SPLIT_MIN_ELEMENTS", 0)
    monkeypatch.setattr(upstream, "HALVES_MIN_SECONDS", 0.0)
    rng = np.random.default_rng(17)
    weights = [rng.standard_normal((8, 8, 3, 3)).astype(np.float32) for _ in range(2)]
    text = _two_convs(8, 16, weights)

    def transforms(cut: bool) -> list:
        monkeypatch.setattr(graph, "TRANSFORM_CUT", cut)
        forward = nanomm.compile(text).forward
        return forward, [s.kernel for s in forward.segments if s.kernel is not None and not s.constant]
    forward, kernels = transforms(True)
    whole = transforms(False)[1]
    marked = [k for k in kernels if INPUT_MARK in k.text and "tensor.pad" in k.text]
    assert len(kernels) == len(whole) + (cores > 1) and len(marked) == 2
    if cores > 1:  # (the second convolution's input transform alone, after its own segment)
        alone = [k for k in marked if "floordiv" not in k.text]
        before = kernels[kernels.index(alone[-1]) - 1]
        assert len(alone) == 2 and "floordiv" in before.text and INPUT_MARK not in before.text
        assert before.chunk(2).axes_out == [1] and alone[-1].chunk(2).axes_out == [0]
    x = rng.standard_normal((1, 8, 16, 16)).astype(np.float32)
    want = np.maximum(_reference(np.maximum(_reference(x, weights[0], (1, 1), (1, 1), None, 0), 0).astype(np.float32),
                                 weights[1], (1, 1), (1, 1), None, 0), 0)
    for _ in range(4):  # (two calls whole and timed, then the halves; the program from the third)
        np.testing.assert_allclose(forward(x), want, rtol=0, atol=2e-5 * np.abs(want).max())

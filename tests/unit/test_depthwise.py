"""Depthwise convolutions as loops of vector FMAs (passes/depthwise.py), checked against numpy.

Each function is a torch-mlir-shaped depthwise convolution (a padded input, a fill or a bias to start
from) with element-wise ops after it; nanomm compiles it as one upstream segment, where depthwise-kernel
writes the convolution and those ops as one loop nest."""

from __future__ import annotations

import math

import numpy as np
import pytest
from mlir import ir
from mlir.passmanager import PassManager

import nanomm
from nanomm.compiler import upstream
from nanomm.passes.conv_matmul import DEPTHWISE_MARK
from nanomm.passes.depthwise import DepthwiseKernel


def _t(shape) -> str:
    return f"tensor<{'x'.join(map(str, shape))}xf32>"


CIN = 4  # the channels of x, before the 1 x 1 convolution that makes the depthwise one's input


def _source(n, c, h, w, kernel, strides, dilations, lows, highs, start="fill", pad_value=0.0, epilogue="bn_relu6",
            lead=True, tail=False):
    """The MLIR of f(x, w1 (c, CIN, 1, 1), filter (c, kh, kw), mean (c), scale (c)[, bias (c)][, residual]) -> (n,
    c, oh, ow): torch's layout, as torch-mlir prints a 1 x 1 nn.Conv2d of x (n, CIN, h, w) (lead; else x is (n,
    c, h, w) itself), a depthwise one, and `epilogue`. After a convolution (a matmul, its rows channel-last)
    the depthwise one reads its input channel-last, as in MobileNet; reading a channel-first argument, it
    is made channel-last first (a transpose in the kernel's function). tail: a 1 x 1 convolution after (its filter w2 (c, c, 1, 1) the last argument), so
    that the segment returns its input channel-last."""
    kh, kw = kernel
    ph, pw = h + lows[0] + highs[0], w + lows[1] + highs[1]
    oh = (ph - dilations[0] * (kh - 1) - 1) // strides[0] + 1
    ow = (pw - dilations[1] * (kw - 1) - 1) // strides[1] + 1
    out = _t((n, c, oh, ow))
    args = [f"%x: {_t((n, CIN if lead else c, h, w))}", f"%w1: {_t((c, CIN, 1, 1))}", f"%w: {_t((c, kh, kw))}",
            f"%m: {_t((c,))}", f"%s: {_t((c,))}"]
    if start == "bias":
        args.append(f"%b: {_t((c,))}")
    if epilogue == "residual_gelu":
        args.append(f"%r: {out}")
    if epilogue == "times_scalar":
        args.append("%k: tensor<f32>")
    if tail:
        args.append(f"%w2: {_t((c, c, 1, 1))}")
    lines = [f"func.func @f({', '.join(args)}) -> {out} {{",
             f"  %pv = arith.constant {pad_value!r} : f32",
             "  %zero = arith.constant 0.0 : f32"]
    if lead:
        lines += [f"  %e0 = tensor.empty() : {_t((n, c, h, w))}",
                  f"  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : {_t((n, c, h, w))}) -> {_t((n, c, h, w))}",
                  "  %x1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : "
                  f"vector<2xi64>}} ins(%x, %w1 : {_t((n, CIN, h, w))}, {_t((c, CIN, 1, 1))}) outs(%f0 : "
                  f"{_t((n, c, h, w))}) -> {_t((n, c, h, w))}"]
    lines += [f"  %p = tensor.pad {'%x1' if lead else '%x'} low[0, 0, {lows[0]}, {lows[1]}] high[0, 0, {highs[0]}, {highs[1]}] {{",
             "  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):",
             "    tensor.yield %pv : f32",
             f"  }} : {_t((n, c, h, w))} to {_t((n, c, ph, pw))}",
             f"  %e = tensor.empty() : {out}"]
    if start == "bias":
        lines.append(f"  %init = linalg.broadcast ins(%b : {_t((c,))}) outs(%e : {out}) dimensions = [0, 2, 3]")
    else:
        lines.append(f"  %init = linalg.fill ins(%zero : f32) outs(%e : {out}) -> {out}")
    lines.append(f"  %d = linalg.depthwise_conv_2d_nchw_chw {{dilations = dense<{list(dilations)}> : vector<2xi64>, "
                 f"strides = dense<{list(strides)}> : vector<2xi64>}} ins(%p, %w : {_t((n, c, ph, pw))}, "
                 f"{_t((c, kh, kw))}) outs(%init : {out}) -> {out}")
    ident, chan = "affine_map<(a, b, c, d) -> (a, b, c, d)>", "affine_map<(a, b, c, d) -> (b)>"
    par = '["parallel", "parallel", "parallel", "parallel"]'
    if epilogue == "bn_relu6":  # (x - mean) * scale, clamped to [0, 6] as torch-mlir prints ReLU6
        lines += [f"  %e1 = tensor.empty() : {out}",
                  f"  %y = linalg.generic {{indexing_maps = [{ident}, {chan}, {chan}, {ident}], iterator_types = {par}}} "
                  f"ins(%d, %m, %s : {out}, {_t((c,))}, {_t((c,))}) outs(%e1 : {out}) {{",
                  "  ^bb0(%a: f32, %mm: f32, %ss: f32, %o: f32):",
                  "    %0 = arith.subf %a, %mm : f32", "    %1 = arith.mulf %0, %ss : f32",
                  "    %six = arith.constant 6.0 : f32",
                  "    %2 = arith.cmpf ogt, %1, %zero : f32", "    %3 = arith.select %2, %1, %zero : f32",
                  "    %4 = arith.cmpf olt, %six, %3 : f32", "    %5 = arith.select %4, %six, %3 : f32",
                  "    linalg.yield %5 : f32", f"  }} -> {out}"]
    elif epilogue == "residual_gelu":  # GELU (erf) of (x + residual) * scale, in two generics
        lines += [f"  %e1 = tensor.empty() : {out}",
                  f"  %y0 = linalg.generic {{indexing_maps = [{ident}, {ident}, {chan}, {ident}], iterator_types = {par}}} "
                  f"ins(%d, %r, %s : {out}, {out}, {_t((c,))}) outs(%e1 : {out}) {{",
                  "  ^bb0(%a: f32, %rr: f32, %ss: f32, %o: f32):",
                  "    %0 = arith.addf %a, %rr : f32", "    %1 = arith.mulf %0, %ss : f32",
                  "    linalg.yield %1 : f32", f"  }} -> {out}",
                  f"  %e2 = tensor.empty() : {out}",
                  f"  %y = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = {par}}} "
                  f"ins(%y0 : {out}) outs(%e2 : {out}) {{",
                  "  ^bb0(%a: f32, %o: f32):",
                  "    %h = arith.constant 0.5 : f32", "    %k = arith.constant 0.70710678 : f32",
                  "    %one = arith.constant 1.0 : f32",
                  "    %0 = arith.mulf %a, %k : f32", "    %1 = math.erf %0 : f32", "    %2 = arith.addf %1, %one : f32",
                  "    %3 = arith.mulf %a, %h : f32", "    %4 = arith.mulf %3, %2 : f32",
                  "    linalg.yield %4 : f32", f"  }} -> {out}"]
    elif epilogue == "affine":  # max((s - x) * m * 0.5 + s, 0): depthwise-kernel folds the first four into one FMA
        lines += [f"  %e1 = tensor.empty() : {out}", "  %half = arith.constant 0.5 : f32",
                  f"  %y = linalg.generic {{indexing_maps = [{ident}, {chan}, {chan}, {ident}], iterator_types = {par}}} "
                  f"ins(%d, %m, %s : {out}, {_t((c,))}, {_t((c,))}) outs(%e1 : {out}) {{",
                  "  ^bb0(%a: f32, %mm: f32, %ss: f32, %o: f32):",
                  "    %0 = arith.subf %ss, %a : f32", "    %1 = arith.mulf %0, %mm : f32",
                  "    %2 = arith.mulf %half, %1 : f32", "    %3 = arith.addf %2, %ss : f32",
                  "    %4 = arith.maximumf %3, %zero : f32",
                  "    linalg.yield %4 : f32", f"  }} -> {out}"]
    elif epilogue == "times_scalar":  # max(x * k, 0), k a 0-d tensor
        lines += [f"  %e1 = tensor.empty() : {out}",
                  f"  %y = linalg.generic {{indexing_maps = [{ident}, affine_map<(a, b, c, d) -> ()>, {ident}], "
                  f"iterator_types = {par}}} ins(%d, %k : {out}, tensor<f32>) outs(%e1 : {out}) {{",
                  "  ^bb0(%a: f32, %kk: f32, %o: f32):",
                  "    %0 = arith.mulf %a, %kk : f32", "    %1 = arith.maximumf %0, %zero : f32",
                  "    linalg.yield %1 : f32", f"  }} -> {out}"]
    result = "%d" if epilogue == "none" else "%y"
    if tail:
        lines += [f"  %e3 = tensor.empty() : {out}",
                  f"  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : {out}) -> {out}",
                  "  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : "
                  f"vector<2xi64>}} ins({result}, %w2 : {out}, {_t((c, c, 1, 1))}) outs(%f3 : {out}) -> {out}"]
        result = "%z"
    lines += [f"  return {result} : {out}", "}"]
    return "\n".join(lines), (oh, ow)


def _reference(x, w1, w, m, s, kernel, strides, dilations, lows, highs, start, pad_value, epilogue, bias=None,
               residual=None):
    if x.shape[1] != w.shape[0]:  # (the 1 x 1 convolution first)
        x = np.einsum("nihw,ci->nchw", x.astype(np.float64), w1[:, :, 0, 0].astype(np.float64))
    n, c, h, wd = x.shape
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (lows[0], highs[0]), (lows[1], highs[1])),
                constant_values=pad_value)
    ph, pw = xp.shape[2:]
    oh = (ph - dilations[0] * (kernel[0] - 1) - 1) // strides[0] + 1
    ow = (pw - dilations[1] * (kernel[1] - 1) - 1) // strides[1] + 1
    acc = np.zeros((n, c, oh, ow)) if start == "fill" else np.broadcast_to(bias[None, :, None, None], (n, c, oh, ow))
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            r0, c0 = i * dilations[0], j * dilations[1]
            window = xp[:, :, r0:r0 + strides[0] * (oh - 1) + 1:strides[0], c0:c0 + strides[1] * (ow - 1) + 1:strides[1]]
            acc = acc + window * w[None, :, i, j, None, None]
    if epilogue == "bn_relu6":
        return np.clip((acc - m[None, :, None, None]) * s[None, :, None, None], 0, 6)
    if epilogue == "residual_gelu":
        v = (acc + residual) * s[None, :, None, None]
        return 0.5 * v * (1 + np.vectorize(math.erf)(v / math.sqrt(2)))
    if epilogue == "times_scalar":
        return np.maximum(acc * float(residual), 0)
    if epilogue == "affine":
        sv, mv = s[None, :, None, None].astype(np.float64), m[None, :, None, None].astype(np.float64)
        return np.maximum((sv - acc) * mv * 0.5 + sv, 0)
    return acc


def _fired(text: str, lanes: int = 8) -> bool:
    """Whether depthwise-kernel writes the segment's marked convolution as loops."""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))").run(module.operation)
        DepthwiseKernel(lanes=lanes).run(module)
        text = str(module)
    return DEPTHWISE_MARK not in text and "vector.fma" in text


CASES = {  # name: (n, c, h, w, kernel, strides, dilations, lows, highs, start, pad value, epilogue, fires, lead)
    "3x3 same": (1, 16, 9, 9, (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "fill", 0.0, "bn_relu6", True, True),
    "3x3 stride 2, one-sided pad": (1, 8, 10, 7, (3, 3), (2, 2), (1, 1), (0, 1), (1, 1), "fill", 0.0, "bn_relu6", True, True),
    "5x5 dilated, batch 2, bias": (2, 24, 11, 12, (5, 5), (1, 1), (2, 2), (4, 4), (4, 4), "bias", 0.0, "bn_relu6", True, True),
    "1x3 unpadded rows, padding value": (1, 8, 5, 6, (1, 3), (1, 2), (1, 1), (0, 1), (0, 2), "fill", 0.5, "none", True, True),
    "valid, no padding": (1, 32, 6, 8, (3, 3), (1, 1), (1, 1), (0, 0), (0, 0), "bias", 0.0, "residual_gelu", True, True),
    "12 channels: 4 lanes": (1, 12, 7, 7, (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "fill", 0.0, "residual_gelu", True, True),
    "6 channels: MLIR's loops": (1, 6, 7, 7, (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "fill", 0.0, "bn_relu6", False, True),
    "(s - x) * m * 0.5 + s: folded": (1, 16, 7, 9, (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "bias", 0.0, "affine",
                                       True, True),
    "a 0-d tensor in the epilogue": (1, 16, 6, 6, (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "fill", 0.0,
                                           "times_scalar", True, True),
    "output of one position": (1, 8, 3, 3, (3, 3), (1, 1), (1, 1), (0, 0), (0, 0), "fill", 0.0, "bn_relu6", True, True),
    "channel-first argument, transposed first": (1, 16, 6, 7, (3, 3), (2, 1), (1, 1), (1, 1), (1, 1), "bias", 0.0,
                                                  "bn_relu6", True, False),
    "channel-first, 6 channels: MLIR's loops": (1, 6, 6, 6, (3, 3), (1, 1), (1, 1), (1, 1), (1, 1), "fill", 0.0,
                                                "bn_relu6", False, False),
}


def _arguments(case, rng):
    n, c, h, w, kernel, *_, start, _, epilogue, _, lead = case
    x = rng.standard_normal((n, CIN if lead else c, h, w)).astype(np.float32)
    args = [x, rng.standard_normal((c, CIN, 1, 1)).astype(np.float32), rng.standard_normal((c, *kernel)).astype(np.float32),
            rng.standard_normal(c).astype(np.float32), rng.uniform(0.5, 2, c).astype(np.float32)]
    if start == "bias":
        args.append(rng.standard_normal(c).astype(np.float32))
    return args


@pytest.mark.parametrize("name", list(CASES))
def test_depthwise_convolution_and_its_epilogue_agree_with_numpy(name):
    """Strides, dilations, one-sided and uneven pads, a padding value that is not 0, a bias or a fill to start
    from, batch norm + ReLU6, a residual and GELU (erf) after it, channels of 4-lane vectors, and where
    the channels fit no vector (MLIR's loops): each agrees with a float64 numpy reference, its inputs
    unmodified."""
    case = CASES[name]
    n, c, h, w, kernel, strides, dilations, lows, highs, start, pad_value, epilogue, fires, lead = case
    text, (oh, ow) = _source(n, c, h, w, kernel, strides, dilations, lows, highs, start, pad_value, epilogue, lead)
    rng = np.random.default_rng(7)
    args = _arguments(case, rng)
    residual = rng.standard_normal((n, c, oh, ow)).astype(np.float32) if epilogue == "residual_gelu" else \
        np.array(rng.uniform(0.5, 2), np.float32) if epilogue == "times_scalar" else None  # (or the scalar k)
    if residual is not None:
        args.append(residual)
    copies = [a.copy() for a in args]
    f = nanomm.compile(text).f
    got = f(*args)
    bias = args[5] if start == "bias" else None
    want = _reference(*args[:5], kernel, strides, dilations, lows, highs, start, pad_value, epilogue, bias, residual)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=0, atol=2e-6 * max(1.0, float(np.abs(want).max())))
    for a, b in zip(args, copies):
        np.testing.assert_array_equal(a, b)
    segments = [s.kernel.text for s in f.segments if s.kernel is not None and DEPTHWISE_MARK in s.kernel.text]
    assert len(segments) == 1 and _fired(segments[0]) == fires


def test_the_convolution_halves_of_two_threads_agree_with_numpy(monkeypatch):
    """A segment's halves (upstream.split_inner: each computes half the output rows, reading the input whole at
    its offset) take the same loops from their first row on; the compiled function on two threads runs
    them (a native program) and agrees with numpy, on the border rows of each half and across the cut."""
    case = (1, 16, 12, 9, (3, 3), (2, 1), (1, 1), (1, 1), (1, 1), "fill", 0.0, "bn_relu6", True, True)
    n, c, h, w, kernel, strides, dilations, lows, highs, start, pad_value, epilogue, _, _ = case
    text, _ = _source(n, c, h, w, kernel, strides, dilations, lows, highs, start, pad_value, epilogue, tail=True)
    rng = np.random.default_rng(3)
    args = _arguments(case, rng)
    args.append(rng.standard_normal((c, c, 1, 1)).astype(np.float32))
    y = _reference(*args[:5], kernel, strides, dilations, lows, highs, start, pad_value, epilogue)
    want = np.einsum("nihw,ci->nchw", y, args[-1][:, :, 0, 0].astype(np.float64))
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: 2)
    monkeypatch.setattr(upstream, "SPLIT_MIN_ELEMENTS", 0)
    monkeypatch.setattr(upstream, "HALVES_MIN_SECONDS", 0.0)
    f = nanomm.compile(text.replace("@f(", "@halves(")).halves
    seg = next(s.kernel for s in f.segments if s.kernel is not None and DEPTHWISE_MARK in s.kernel.text)
    texts = upstream.split_inner(seg.text, 2)[0]
    assert len(texts) == 2 and texts[0] != texts[1] and all(_fired(t) for t in texts)
    for _ in range(3):  # (the first two run whole, timed; then the halves)
        np.testing.assert_allclose(f(*args), want, rtol=0, atol=2e-6 * float(np.abs(want).max()))
    assert seg.halves is not None and seg.halves.by_slice is not None and len(seg._whole_s) == 2 and seg._program

"""nanomm.compile on functions of several ops (compiler/graph.py): torch-mlir's output for Linear
layers, MLPs and attention products, contraction forms, fused element-wise consumers, and the
named refusals of what cannot be compiled."""

import math
import os
import re
import threading
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nanomm
from nanomm.compiler import forward_program, graph, per_shape
from nanomm.compiler.forward_program import ForwardProgram, _place
from nanomm.compiler.payload import ACTIVATION_FUNCTIONS
from nanomm.compiler.per_shape import PerShapeFunction
from nanomm.errors import DTypeError, MLIRInputError, ShapeError

pytestmark = pytest.mark.kernels

SAMPLES = Path(__file__).parent / "data" / "torch_mlir"  # printed by data/torch_mlir/generate.py

# what each sample's kernels fuse (GraphFunction.describe), one entry per contraction
FUSED = {
    "linear": ["B constant, pre-packed, epilogue bias"],
    "linear_relu": ["B constant, pre-packed, epilogue bias + relu"],
    "linear_3d": ["6x16x8 f32, B constant, pre-packed, epilogue bias"],
    "residual": ["epilogue bias + residual"],
    "mlp": ["4x32x16 f32, B constant, pre-packed, epilogue bias + relu", "4x32x32 f32, B constant, pre-packed, "
            "epilogue bias + relu", "4x8x32 f32, B constant, pre-packed, epilogue bias + relu"],
    "bmm": ["linalg.batch_matmul loc(\"-\":6:10): 3x4x5x8 f32, B argument, epilogue none"],
    "scores": ["2x4x6x6x8 f32, B argument, epilogue alpha=0.353553"],  # (batch, heads) as q and k have them
    "pv4": ["2x4x6x8x6 f32, B argument, epilogue none"],
    "silu": ["epilogue bias + silu"],
    "sigmoid": ["epilogue bias + sigmoid"],
    "nobias_relu": ["epilogue relu"],
}


def _sample(name):
    z = np.load(SAMPLES / f"{name}.npz")
    return (SAMPLES / f"{name}.mlir").read_text(), [z[f"arr_{i}"] for i in range(len(z.files) - 1)], z["out"]


def _agrees(got, want, rtol=1e-5):
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=0, atol=rtol * float(np.abs(want).max()))


@pytest.mark.parametrize("name", list(FUSED))
def test_torch_mlir_samples_agree_with_torch(name):
    source, args, want = _sample(name)
    copies = [a.copy() for a in args]
    f = nanomm.compile(source)[name]
    _agrees(f(*args), want)
    for a, c in zip(args, copies):
        np.testing.assert_array_equal(a, c)  # inputs not modified
    lines = f.describe().splitlines()[1:]
    assert len(lines) == len(FUSED[name]), f.describe()
    for line, want_text in zip(lines, FUSED[name]):
        assert want_text in line, f.describe()


@pytest.mark.parametrize("name, axis", [("mlp_dynamic", 0), ("linear_3d_dynamic", 1)])
def test_torch_mlir_dynamic_sizes_take_any_size_without_compiling(name, axis):
    """Exported with a dynamic batch (tokens): dynamic-M kernels, weights packed once, any size per call."""
    from nanomm.compiler import build
    source, args, want = _sample(name)
    f = nanomm.compile(source)[name]
    assert all(line.split(": ")[1].startswith("?x") for line in f.describe().splitlines()[1:]), f.describe()
    _agrees(f(*args), want)
    before = dict(build.build_counts())
    x = args[0]
    for n in (1, 3 * x.shape[axis], 37):
        bigger = np.take(np.concatenate([x] * (n // x.shape[axis] + 1), axis=axis), range(n), axis=axis)
        got = f(bigger)
        rows = np.take(np.concatenate([want] * (n // x.shape[axis] + 1), axis=axis), range(n), axis=axis)
        _agrees(got, rows)  # each row (token) is computed alone
    assert dict(build.build_counts()) == before  # nothing compiled for the new sizes
    with pytest.raises(ShapeError, match=r"the function takes \((2, )?\?, 8|takes \(\?, 8\)"):
        f(np.ones(x.shape[:-1] + (9,), np.float32))


def test_torch_mlir_tanh_gelu_is_fused_as_written_or_as_gelu_tanh_within_the_tolerance_asked_for():
    source, args, want = _sample("gelu_tanh")
    # torch-mlir prints sqrt(2/pi) as 0.797724: not the named activation, to 1.6e-3. By default its body
    # is fused as written (payload.BODY: the kernel's epilogue runs its ops) and describe() says so.
    f = nanomm.compile(source).gelu_tanh
    text = f.describe()
    assert "epilogue bias + element-wise body of 9 op(s)" in text and "0 upstream segment(s)" in text, text
    x = args[0].astype(np.float64) @ _linear_weights(source) + _linear_bias(source)
    torch_mlir_form = 0.5 * x * (1 + np.tanh(np.float32(0.797724) * (x + 0.044715 * x ** 3)))
    _agrees(f(*args), torch_mlir_form.astype(np.float32), rtol=1e-6)
    _agrees(f(*args), want, rtol=1e-2)  # torch eager computes the exact form
    f = nanomm.compile(source, activation_rtol=0.01).gelu_tanh
    assert "bias + gelu_tanh (body within 1.6e-03)" in f.describe() and "0 upstream segment(s)" in f.describe()
    _agrees(f(*args), want)


def _linear_weights(source):
    """The (in, out) weights of a torch-mlir Linear sample (its one 2-D constant, stored [out, in])."""
    from nanomm.compiler.graph import resources
    blobs = resources(source)
    w = next(v for k, v in blobs.items() if k.count("_") >= 3 and "_16_8_" in k)
    return np.frombuffer(w, np.float32, offset=4).reshape(16, 8).T.astype(np.float64)


def _linear_bias(source):
    from nanomm.compiler.graph import resources
    b = next(v for k, v in resources(source).items() if "_16_torch" in k)
    return np.frombuffer(b, np.float32, offset=4).astype(np.float64)


def test_torch_mlir_encoder_layer_compiles_whole_and_agrees_with_torch():
    """nn.TransformerEncoderLayer: projections through nanomm's kernels, softmax (torch's safe form:
    a row of -inf gives zeros, i1 masks) and layer norms (f64 statistics) through MLIR's lowering."""
    from nanomm.compiler import build
    source, args, want = _sample("encoder")
    copies = [a.copy() for a in args]
    f = nanomm.compile(source).encoder
    before = dict(build.build_counts())
    _agrees(f(*args), want)
    # compile() made every kernel, the attention products' (B an argument, at their operands' layouts)
    # too, without running the whole function: the first call compiles none
    assert dict(build.build_counts()) == before
    for a, c in zip(args, copies):
        np.testing.assert_array_equal(a, c)
    # q and k reach the scores as strided views of the in-projection's output (collapsing them into
    # (tokens, heads x dim) took a copy, taken apart again by the next views): one copy each, not two
    assert len(f._composed) == 2 and len({root for root, *_ in f._composed.values()}) == 1
    text = f.describe()
    assert "6 contraction(s), 3 upstream segment(s)" in text, text
    # q and k are each scaled by d^-1/4 before the scores: one alpha of d^-1/2 in the scores' epilogue
    for fused in ("epilogue alpha=0.353553", "epilogue bias + relu", "epilogue bias + residual"):
        assert fused in text, text


def test_torch_mlir_llama_block_compiles_whole_and_agrees_with_torch():
    """A Llama block: RMSNorm, rotary embeddings whose rotate-half concatenates strided halves (bufferized
    to copies of strided pieces, which MLIR would lower to a call of its runner library:
    passes/strided_copies.py), causal attention (an all-true i1 splat constant in the mask), SiLU gate."""
    source, args, want = _sample("llama_block")
    f = nanomm.compile(source).llama_block
    _agrees(f(*args), want)
    text = f.describe()
    assert "7 contraction(s)" in text and "tensor.concat x2" in text and "epilogue silu" in text, text


@pytest.mark.parametrize("threads", [1, 2])
def test_llama_rotary_embedding_runs_in_slices_with_the_scores_and_agrees(monkeypatch, threads):
    """The Llama sample with slices of one sentence: its causal mask is computed once when built (a segment
    of constants), so the rotary segment (strided halves, a concat) is independent along the batch and
    runs a sentence at a time with the scores' kernel (upstream.split cuts its extract_slice sizes)."""
    from nanomm.compiler import graph, upstream
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads_: threads)
    monkeypatch.setattr(graph, "SLICE_BYTES", 256)
    monkeypatch.setattr(graph, "THREADED_MIN_BYTES", 0)
    monkeypatch.setattr(graph, "PROGRAM_THREADED_MIN_BYTES", 0)
    source, args, want = _sample("llama_block")
    f = nanomm.compile(source).llama_block
    text = f.describe()
    assert "constant: computed when built" in text, text
    rotary = next(k for k, seg in enumerate(f.segments) if "tensor.concat" in seg.op_names)
    assert re.search(rf"sliced: upstream segment {rotary} -> linalg.batch_matmul, 2 slices", text), text
    for _ in range(2):
        _agrees(f(*args), want)


def test_torch_mlir_encoder_with_a_dynamic_token_count_compiles_per_shape_and_agrees_with_torch():
    """An encoder layer exported with a dynamic token count (torch-mlir computes on it: scores of tokens x
    tokens, reshapes built from it, copies of dynamically shaped views): compiled for the call's shapes
    (7 tokens, the export's example had 5), as the static export would be: the scores' scale folded
    into their kernel."""
    source, args, want = _sample("encoder_dynamic_tokens")
    f = nanomm.compile(source).encoder_dynamic_tokens
    assert isinstance(f, PerShapeFunction) and "0 compiled" in f.describe()
    _agrees(f(*args), want)
    _agrees(f(*args), want)
    text = f.describe()
    assert "1 compiled" in text and "for (2, 7, 16):" in text and "alpha=0.353553" in text, text
    with pytest.raises(ShapeError, match=r"argument 0 has shape \(3, 7, 16\), the function takes \(2, \?, 16\)"):
        f(np.zeros((3, 7, 16), np.float32))


@pytest.mark.parametrize("name, contractions", [("convnet", 7), ("audio_front", 2), ("mobilenet", 8)])
def test_torch_mlir_convolutions_run_as_matmuls_and_agree_with_torch(name, contractions):
    """A small ResNet (3 x 3 convolutions at strides 1 and 2, a 1 x 1 projection at stride 2, batch norms,
    max and average pools, its classifier) and dilated, strided 1-D convolutions: each convolution a window
    copy and a matmul against its filter, pre-packed (passes/conv_matmul.py), none left to MLIR's loops;
    the batch norms folded into the filters (their scale into B's columns, the rest a bias) with the ReLU
    after them, or the residual add where a ReLU follows it, and the pads and the max pool run
    channel-last. MobileNetV2's first stages: its depthwise convolutions channel-last generics of the 9
    taps in segments (MLIR's loops along the channels), its 1 x 1 convolutions matmuls with their batch
    norms and ReLU6."""
    source, args, want = _sample(name)
    copies = [a.copy() for a in args]
    f = nanomm.compile(source)[name]
    _agrees(f(*args), want)
    for a, c in zip(args, copies):
        np.testing.assert_array_equal(a, c)
    text = f.describe()
    assert text.count("B constant, pre-packed") == contractions and "conv_" not in text, text
    assert ("pooling_nhwc_max" in text) == (name == "convnet"), text
    assert "depthwise" not in text and "transpose" not in text, text
    if name != "audio_front":
        act = "relu" if name == "convnet" else "relu6"
        assert text.count(f"column scale (in B) + bias + {act}\n") == (3 if name == "convnet" else 4), text
        assert text.count("column scale (in B) + bias + residual\n") == (2 if name == "convnet" else 1), text
    if name == "mobilenet":  # (its projections' results read as they are by a residual add and, reshaped, a matmul)
        assert "epilogue none" not in text.split("2x10x96")[0], text


def test_a_max_pool_with_indices_after_a_convolution_compiles_and_agrees():
    """max_pool2d(return_indices=True) after a convolution: the pool and the generic computing its indices read
    the convolution's transpose back to channel-first; sinking it past one erases and replaces ops the next
    use names (passes/conv_matmul.py sink_transposes lists the uses again after each rewrite)."""
    source, args, want = _sample("conv_maxpool_indices")
    f = nanomm.compile(source).conv_maxpool_indices
    np.testing.assert_array_equal(f(*args), want)


def test_torch_mlir_scalar_result_is_a_0d_array():
    """mse_loss returns a 0-d tensor: a 0-d array (its segment's memref<f32> argument a bare pointer)."""
    source, args, want = _sample("mse_loss")
    got = nanomm.compile(source).mse_loss(*args)
    assert got.shape == () and want.shape == ()
    _agrees(got, want)


def test_torch_mlir_static_function_with_a_dynamic_size_inside_is_folded_and_agrees():
    """torch.roll on static shapes: torch-mlir casts the parts of its concat to a dynamic size, which the
    static-shapes pass folds away (for the function's own argument shapes): a GraphFunction, not a refusal."""
    from nanomm.compiler.graph import GraphFunction
    source, args, want = _sample("pad_roll")
    f = nanomm.compile(source).pad_roll
    assert isinstance(f, GraphFunction)
    _agrees(f(*args), want)


def test_a_contraction_accumulating_into_a_reshaped_fill_adds_the_fill_value():
    """A view of a linalg.fill is a fill: as a contraction's init (its value added to the sums) and as an
    input of a segment."""
    source = """
    #id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
    func.func @f(%a: tensor<6x8xf32>, %b: tensor<8x4xf32>) -> (tensor<6x4xf32>, tensor<2x3x4xf32>) {
      %cst = arith.constant 1.5 : f32
      %e = tensor.empty() : tensor<2x3x4xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
      %c = tensor.collapse_shape %f [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
      %m = linalg.matmul ins(%a, %b : tensor<6x8xf32>, tensor<8x4xf32>) outs(%c : tensor<6x4xf32>) -> tensor<6x4xf32>
      %t = tensor.expand_shape %c [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
      %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
          ins(%t : tensor<2x3x4xf32>) outs(%e : tensor<2x3x4xf32>) {
      ^bb0(%in: f32, %o: f32):
        %x = math.exp %in : f32
        linalg.yield %x : f32
      } -> tensor<2x3x4xf32>
      return %m, %g : tensor<6x4xf32>, tensor<2x3x4xf32>
    }"""
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((6, 8), np.float32), rng.standard_normal((8, 4), np.float32)
    m, g = nanomm.compile(source).f(a, b)
    np.testing.assert_allclose(m, a @ b + 1.5, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(g, np.full((2, 3, 4), np.exp(1.5), np.float32), rtol=1e-6)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("native", [True, False], ids=["programs", "python"])
def test_attention_runs_a_slice_of_sentences_at_a_time_and_agrees(monkeypatch, threads, native):
    """With slices smaller than the sample's scores (SLICE_BYTES), the scores' kernel, the softmax
    segment and P @ V run a slice of the batch at a time (on two threads: each its own slices), into
    whole arrays: the result is torch's, nothing compiles at the first call, the inputs stay as they were.
    Native programs run the slices where they can (runtime/programs.py); the Python path otherwise."""
    from nanomm.compiler import build, graph, upstream
    from nanomm.runtime import programs
    if native and not programs.available():
        pytest.skip("no native pool on this platform (not Linux on x86-64): slices run from Python")
    if not native:
        monkeypatch.setattr(programs, "available", lambda: False)
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads_: threads)  # (as on a host of that many cores)
    monkeypatch.setattr(graph, "SLICE_BYTES", 256)  # (its scores: 2 x 2 heads x 5 x 5 floats, 400 bytes)
    monkeypatch.setattr(graph.GraphFunction, "run_as_program", False)  # (the walk's runs: the whole forward's
    # program splices theirs, test_sliced_runs_are_spliced_into_the_program)
    monkeypatch.setattr(graph, "THREADED_MIN_BYTES", 0)
    monkeypatch.setattr(graph, "PROGRAM_THREADED_MIN_BYTES", 0)
    ran = []  # the threads each program ran on
    real_run = programs.Template.run
    monkeypatch.setattr(programs.Template, "run", lambda self, pointers, n: ran.append(n) or real_run(self, pointers, n))
    handed = []  # the slices handed to the pool's threads
    pool = upstream.pool()
    monkeypatch.setattr(upstream, "pool", lambda: type("P", (), {"submit": lambda self, fn, *a: handed.append(a) or
                                                               pool.submit(fn, *a)})())
    source, args, want = _sample("encoder")
    copies = [a.copy() for a in args]
    f = nanomm.compile(source).encoder
    run = f.sliced[0]
    assert run.parts == 2 and len(run.producers) == 1 and len(run.consumers) == 1, f.describe()
    assert "sliced: linalg.batch_matmul -> upstream segment 0 -> linalg.batch_matmul, 2 slices" in f.describe()
    # the layer norms are sliced alone; the first reads the attention's projection in (tokens, batch)
    # order, so its slices of that input are cut across (axis 1)
    assert [(r.segment, r.producers, r.consumers) for r in f.sliced[1:]] == [(1, [], []), (2, [], [])], f.describe()
    assert f.segments[1].kernel.chunk(2).axes_in.count(1) == 1
    handed.clear()  # (compile()'s run, with zeros for the segments, is Python's)
    before = dict(build.build_counts())
    _agrees(f(*args), want)
    assert dict(build.build_counts()) == before
    for a, c in zip(args, copies):
        np.testing.assert_array_equal(a, c)
    if native:  # every sliced run a program (the first layer norm's input cut across: copied natively)
        assert not handed and ran == [threads] * 3 and all(f._programs.values())
    else:
        assert not ran and bool(handed) == (threads == 2) and all(a == (1, 2) for a in handed)  # (thread 1: slice 2)
    monkeypatch.setattr(graph, "SLICE_BYTES", 1 << 40)  # (the same function without slices: the same result)
    whole = nanomm.compile(source).encoder
    assert not whole.sliced
    _agrees(f(*args), whole(*args), rtol=1e-6)


def test_a_run_no_program_can_hold_runs_from_python(monkeypatch):
    """A slice whose calls take more arrays than a program call carries (programs.MAX_ARGS) is no
    program: its run goes the Python way, with the same result."""
    from nanomm.compiler import graph
    from nanomm.runtime import programs
    monkeypatch.setattr(graph, "SLICE_BYTES", 256)
    source, args, want = _sample("encoder")
    f = nanomm.compile(source).encoder
    monkeypatch.setattr(programs, "MAX_ARGS", 2)
    _agrees(f(*args), want)
    assert f._programs and not any(f._programs.values())


def test_slices_follow_the_views_between_segment_and_kernel():
    """An operand read across the sliced dimension (P transposed into (heads, batch, ...)) is not sliced:
    slice k of what it reads is not slice k of what the segment wrote."""
    from nanomm.compiler import graph
    ok = graph.GraphFunction.__new__(graph.GraphFunction)
    c = graph._Contraction("c", "", 7, 8, ((0, 1, 2), (4, 6, 8)), ((0, 1, 2), (4, 8, 5)), (4, 6, 5), "f32",
                           out_shape=(4, 6, 5))
    ok._nodes = {7: ("seg", 0), 8: ("arg", 0)}
    ok._composed = {}
    assert ok._sliceable(c, 2, {7: (4, 6, 8)})
    across = graph.GraphFunction.__new__(graph.GraphFunction)
    across._nodes = {6: ("seg", 0), 7: ("view", 6, lambda x: x.transpose(1, 0, 2).reshape(4, 6, 8)), 8: ("arg", 0)}
    across._composed = {}
    assert not across._sliceable(c, 2, {6: (6, 4, 8)})


# --- contraction forms and epilogues, generated ---------------------------------------------------------------

_ACT_BODIES = {  # activation bodies as frontends spell them; %in is the argument
    "relu": ["%z = arith.constant 0.0 : f32", "%p = arith.cmpf ugt, %in, %z : f32", "%y = arith.select %p, %in, %z : f32"],
    "relu_max": ["%z = arith.constant 0.0 : f32", "%y = arith.maximumf %in, %z : f32"],
    "gelu": ["%s = arith.constant 1.41421354 : f32", "%one = arith.constant 1.0 : f32", "%h = arith.constant 0.5 : f32",
             "%0 = arith.divf %in, %s : f32", "%1 = math.erf %0 : f32", "%2 = arith.addf %1, %one : f32",
             "%3 = arith.mulf %2, %h : f32", "%y = arith.mulf %in, %3 : f32"],
    "gelu_tanh": ["%cc = arith.constant 0.797884583 : f32", "%k = arith.constant 0.044715 : f32",
                  "%one = arith.constant 1.0 : f32", "%h = arith.constant 0.5 : f32", "%0 = arith.mulf %in, %in : f32",
                  "%1 = arith.mulf %0, %in : f32", "%2 = arith.mulf %1, %k : f32", "%3 = arith.addf %in, %2 : f32",
                  "%4 = arith.mulf %3, %cc : f32", "%5 = math.tanh %4 : f32", "%6 = arith.addf %5, %one : f32",
                  "%7 = arith.mulf %6, %h : f32", "%y = arith.mulf %in, %7 : f32"],
    "silu": ["%one = arith.constant 1.0 : f32", "%0 = arith.negf %in : f32", "%1 = math.exp %0 : f32",
             "%2 = arith.addf %1, %one : f32", "%y = arith.divf %in, %2 : f32"],
    "sigmoid": ["%one = arith.constant 1.0 : f32", "%0 = arith.negf %in : f32", "%1 = math.exp %0 : f32",
                "%2 = arith.addf %1, %one : f32", "%y = arith.divf %one, %2 : f32"],
    # none of the epilogue's named activations: fused as their bodies (payload.BODY)
    "gelu_tanh_torch_mlir": ["%c3 = arith.constant 3 : i64", "%k = arith.constant 4.471500e-02 : f32",
                             "%cc = arith.constant 7.977240e-01 : f32", "%one = arith.constant 1.0 : f32",
                             "%h = arith.constant 0.5 : f32", "%0 = math.fpowi %in, %c3 : f32, i64",
                             "%1 = arith.mulf %0, %k : f32", "%2 = arith.addf %in, %1 : f32",
                             "%3 = arith.mulf %2, %cc : f32", "%4 = math.tanh %3 : f32",
                             "%5 = arith.addf %4, %one : f32",
                             "%6 = arith.mulf %5, %h : f32", "%y = arith.mulf %in, %6 : f32"],
    "elu": ["%z = arith.constant 0.0 : f32", "%one = arith.constant 1.0 : f32", "%p = arith.cmpf ogt, %in, %z : f32",
            "%0 = math.exp %in : f32", "%1 = arith.subf %0, %one : f32", "%y = arith.select %p, %in, %1 : f32"],
    "hardswish": ["%three = arith.constant 3.0 : f32", "%z = arith.constant 0.0 : f32",
                  "%six = arith.constant 6.0 : f32", "%0 = arith.addf %in, %three : f32",
                  "%1 = arith.maximumf %0, %z : f32", "%2 = arith.minimumf %1, %six : f32",
                  "%3 = arith.mulf %in, %2 : f32", "%y = arith.divf %3, %six : f32"],
    "tanh": ["%y = math.tanh %in : f32"],
}
# the bodies above that are none of ACTIVATION_FUNCTIONS, in numpy (float64)
_BODY_REFERENCES = {
    "gelu_tanh_torch_mlir": lambda x: 0.5 * x * (1 + np.tanh(np.float32(0.797724) *
                                                             (x + np.float32(0.044715) * x ** 3))),
    "elu": lambda x: np.where(x > 0, x, np.exp(x) - 1),
    "hardswish": lambda x: x * np.clip(x + 3, 0, 6) / 6,
    "tanh": np.tanh,
}


_PARALLEL, _REDUCTION = '"parallel"', '"reduction"'


def _t(shape, e="f32"):
    return f"tensor<{'x'.join(map(str, shape))}x{e}>"


def _ids(n):
    return ", ".join(f"d{i}" for i in range(n))


def _map(n, dims):
    return f"affine_map<({_ids(n)}) -> ({', '.join(f'd{d}' for d in dims)})>"


def _generic(lines, result, ins, maps, rank, body):
    """Appends an element-wise linalg.generic over `ins` [(value, type)] to lines; returns its result name."""
    args = ", ".join(f"%in{i}: f32" for i in range(len(ins)))
    lines.append(f"  %e_{result} = tensor.empty() : {ins[0][1]}")
    lines.append(f"  %{result} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = "
                 f"[{', '.join([_PARALLEL] * rank)}]}} ins({', '.join(v for v, _ in ins)} : "
                 f"{', '.join(t for _, t in ins)}) outs(%e_{result} : {ins[0][1]}) {{")
    lines.append(f"  ^bb0({args}, %out: f32):")
    lines += ["    " + b.replace("%in,", "%in0,").replace("%in ", "%in0 ").replace(", %in :", ", %in0 :") for b in body]
    lines.append("    linalg.yield %y : f32")
    lines.append(f"  }} -> {ins[0][1]}")
    return f"%{result}"


def contraction_function(M, N, K, *, batch=0, transpose_a=False, transpose_b=False, form="named", alpha=1.0,
                         bias=None, activation=None, residual=False, bias_values=None):
    """MLIR text of C = act(alpha * (A @ B) + bias) + residual in the spelling torch-mlir uses: a zero fill, the
    contraction, then one linalg.generic per epilogue step. bias: None, "arg" or "const"."""
    lead = (batch,) if batch else ()
    a_shape = lead + ((K, M) if transpose_a else (M, K))
    b_shape = lead + ((N, K) if transpose_b else (K, N))
    c_shape = lead + (M, N)
    n = len(lead) + 3
    b_, m, nn, k = (0, 1, 2, 3) if batch else (None, 0, 1, 2)
    pre = [b_] if batch else []
    maps = [_map(n, pre + ([k, m] if transpose_a else [m, k])), _map(n, pre + ([nn, k] if transpose_b else [k, nn])),
            _map(n, pre + [m, nn])]
    args = [f"%a: {_t(a_shape)}", f"%b: {_t(b_shape)}"]
    if bias == "arg":
        args.append(f"%bias: {_t((N,))}")
    if residual:
        args.append(f"%res: {_t(c_shape)}")
    lines = [f"func.func @f({', '.join(args)}) -> {_t(c_shape)} {{", "  %zero = arith.constant 0.0 : f32",
             f"  %e = tensor.empty() : {_t(c_shape)}",
             f"  %init = linalg.fill ins(%zero : f32) outs(%e : {_t(c_shape)}) -> {_t(c_shape)}"]
    ins = f"ins(%a, %b : {_t(a_shape)}, {_t(b_shape)}) outs(%init : {_t(c_shape)})"
    if form == "generic":
        iters = [_PARALLEL] * (n - 1) + [_REDUCTION]
        lines += [f"  %c = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{', '.join(iters)}]}} "
                  f"{ins} {{", "  ^bb0(%x: f32, %y: f32, %o: f32):", "    %p = arith.mulf %x, %y : f32",
                  "    %s = arith.addf %o, %p : f32", "    linalg.yield %s : f32", f"  }} -> {_t(c_shape)}"]
    else:
        op = "linalg.batch_matmul" if batch else "linalg.matmul"
        spelled = f" indexing_maps = [{', '.join(maps)}]" if transpose_a or transpose_b else ""
        lines.append(f"  %c = {op}{spelled} {ins} -> {_t(c_shape)}")
    rank = len(c_shape)
    ident = _map(rank, range(rank))
    value, step = "%c", 0
    if alpha != 1.0:
        value = _generic(lines, "alpha", [(value, _t(c_shape))], [ident, ident], rank,
                         [f"%k = arith.constant {alpha!r} : f32", "%y = arith.mulf %in, %k : f32"])
    if bias is not None:
        if bias == "const":
            lines.insert(1, f"  %bias = arith.constant dense<[{', '.join(repr(float(v)) for v in bias_values)}]> : "
                            f"{_t((N,))}")
        value = _generic(lines, "biased", [(value, _t(c_shape)), ("%bias", _t((N,)))],
                         [ident, _map(rank, [rank - 1]), ident], rank, ["%y = arith.addf %in0, %in1 : f32"])
    if activation is not None:
        value = _generic(lines, "act", [(value, _t(c_shape))], [ident, ident], rank, _ACT_BODIES[activation])
    if residual:
        value = _generic(lines, "sum", [("%res", _t(c_shape)), (value, _t(c_shape))], [ident, ident, ident], rank,
                         ["%y = arith.addf %in0, %in1 : f32"])
    del step
    lines += [f"  return {value} : {_t(c_shape)}", "}"]
    return "\n".join(lines) + "\n"


def _reference(a, b, *, transpose_a, transpose_b, alpha, bias, activation, residual):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    if transpose_a:
        a64 = np.swapaxes(a64, -1, -2)
    if transpose_b:
        b64 = np.swapaxes(b64, -1, -2)
    x = alpha * (a64 @ b64)
    if bias is not None:
        x = x + bias
    if activation is not None:
        with np.errstate(all="ignore"):
            x = _BODY_REFERENCES[activation](x) if activation in _BODY_REFERENCES else \
                ACTIVATION_FUNCTIONS[activation.replace("_max", "")](x)
    if residual is not None:
        x = x + residual
    return x


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(M=st.integers(1, 40), N=st.integers(1, 40), K=st.integers(1, 40), batch=st.sampled_from([0, 0, 1, 3]),
       transpose_a=st.booleans(), transpose_b=st.booleans(), form=st.sampled_from(["named", "generic"]),
       alpha=st.sampled_from([1.0, 0.125, -2.0]), bias=st.sampled_from([None, "arg", "const"]),
       activation=st.sampled_from([None, *_ACT_BODIES]), residual=st.booleans(), seed=st.integers(0, 2 ** 16))
def test_generated_contractions_with_epilogues_against_float64(M, N, K, batch, transpose_a, transpose_b, form, alpha,
                                                              bias, activation, residual, seed):
    rng = np.random.default_rng(seed)
    lead = (batch,) if batch else ()
    a = rng.standard_normal(lead + ((K, M) if transpose_a else (M, K))).astype(np.float32)
    b = rng.standard_normal(lead + ((N, K) if transpose_b else (K, N))).astype(np.float32)
    bias_values = rng.standard_normal(N).astype(np.float32)
    res = rng.standard_normal(lead + (M, N)).astype(np.float32)
    source = contraction_function(M, N, K, batch=batch, transpose_a=transpose_a, transpose_b=transpose_b, form=form,
                                  alpha=alpha, bias=bias, activation=activation, residual=residual,
                                  bias_values=bias_values)
    f = nanomm.compile(source).f
    args = [a, b] + ([bias_values] if bias == "arg" else []) + ([res] if residual else [])
    copies = [x.copy() for x in args]
    got = f(*args)
    want = _reference(a, b, transpose_a=transpose_a, transpose_b=transpose_b, alpha=alpha,
                      bias=None if bias is None else bias_values, activation=activation,
                      residual=res if residual else None)
    assert got.shape == want.shape and got.dtype == np.float32
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * max(1.0, float(np.abs(want).max())) * math.sqrt(K))
    for x, c in zip(args, copies):
        np.testing.assert_array_equal(x, c)
    described = f.describe()
    if activation:
        name = "element-wise body" if activation in _BODY_REFERENCES else activation.replace("_max", "")
        assert name in described, described
    if bias:
        assert "bias" in described


def _constant_weights(name, x, w, out_type, *, transposed, tail="  return %y : {out}"):
    """A function of x @ W (x @ W^T when transposed: W stored [out, in]) with W an inline dense constant;
    `tail` the ops after the matmul, ending in a return."""
    e = "bf16" if w.dtype == ml_dtypes.bfloat16 else "f32"
    values = ", ".join("[" + ", ".join(repr(float(v)) for v in row) + "]" for row in w)
    wt, kn = _t(w.shape, e), _t(w.shape[::-1] if transposed else w.shape, e)
    lines = [f"func.func @{name}(%x: {_t(x.shape, e)}) -> {out_type} {{", f"  %w = arith.constant dense<[{values}]> : {wt}",
             "  %zero = arith.constant 0.0 : f32"]
    if transposed:
        lines += [f"  %et = tensor.empty() : {kn}",
                  f"  %wt = linalg.transpose ins(%w : {wt}) outs(%et : {kn}) permutation = [1, 0]"]
    lines += [f"  %e = tensor.empty() : {out_type}",
              f"  %init = linalg.fill ins(%zero : f32) outs(%e : {out_type}) -> {out_type}",
              f"  %y = linalg.matmul ins(%x, {'%wt' if transposed else '%w'} : {_t(x.shape, e)}, {kn}) "
              f"outs(%init : {out_type}) -> {out_type}", tail.format(out=out_type), "}"]
    return "\n".join(lines) + "\n"


def test_constant_weights_are_packed_once_and_transposes_of_them_fold():
    rng = np.random.default_rng(1)
    w = rng.standard_normal((24, 16)).astype(np.float32)  # [out, in], as torch's Linear stores it
    x = rng.standard_normal((5, 16)).astype(np.float32)
    f = nanomm.compile(_constant_weights("lin", x, w, "tensor<5x24xf32>", transposed=True)).lin
    assert "B constant, pre-packed" in f.describe()
    np.testing.assert_allclose(f(x), x.astype(np.float64) @ w.T.astype(np.float64), rtol=1e-5, atol=1e-5)


def test_bf16_contraction_with_constant_weights():
    rng = np.random.default_rng(2)
    w = rng.standard_normal((8, 12)).astype(ml_dtypes.bfloat16)
    x = rng.standard_normal((3, 8)).astype(ml_dtypes.bfloat16)
    relu = """  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]}} ins(%y : {out}) outs(%e : {out}) {{
  ^bb0(%in: f32, %out: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %in, %z : f32
    linalg.yield %m : f32
  }} -> {out}
  return %r : {out}"""
    f = nanomm.compile(_constant_weights("g", x, w, "tensor<3x12xf32>", transposed=False, tail=relu)).g
    from nanomm.runtime.cpu import native_cpu  # (without AVX-512 BF16: widened to float32, packed once)
    kind = "bf16" if native_cpu().has("avx512bf16") else "f32"
    assert f"{kind}, B constant, pre-packed, epilogue relu" in f.describe(), f.describe()
    want = np.maximum(x.astype(np.float64) @ w.astype(np.float64), 0)
    np.testing.assert_allclose(f(x), want, rtol=1e-5, atol=1e-5)


_T48, _T85, _T45 = "tensor<4x8xf32>", "tensor<8x5xf32>", "tensor<4x5xf32>"


def test_chained_contractions_and_several_results():
    source = f"""
func.func @f(%a: {_T48}, %b: {_T85}, %c: {_T45}) -> ({_T45}, {_T45}) {{
  %r = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%c : {_T45}) -> {_T45}
  %s = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%r : {_T45}) -> {_T45}
  return %s, %r : {_T45}, {_T45}
}}
"""
    rng = np.random.default_rng(3)
    a, b, c = (rng.standard_normal(s).astype(np.float32) for s in ((4, 8), (8, 5), (4, 5)))
    s, r = nanomm.compile(source).f(a, b, c)
    p = a.astype(np.float64) @ b
    np.testing.assert_allclose(r, p + c, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(s, 2 * p + c, rtol=1e-5, atol=1e-5)


def test_a_constant_a_operand():
    source = f"""
func.func @f(%b: {_T85}, %c: {_T45}) -> {_T45} {{
  %a = arith.constant dense<1.0> : {_T48}
  %r = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%c : {_T45}) -> {_T45}
  return %r : {_T45}
}}
"""
    b, c = np.arange(40, dtype=np.float32).reshape(8, 5), np.ones((4, 5), np.float32)
    np.testing.assert_allclose(nanomm.compile(source).f(b, c), np.ones((4, 8)) @ b + c, rtol=1e-6)


def test_batch_reduce_matmul():
    source = """
func.func @f(%a: tensor<3x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %r = linalg.batch_reduce_matmul ins(%a, %b : tensor<3x4x8xf32>, tensor<3x8x5xf32>) outs(%init : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
"""
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((3, 4, 8)).astype(np.float32), rng.standard_normal((3, 8, 5)).astype(np.float32)
    np.testing.assert_allclose(nanomm.compile(source).f(a, b), np.einsum("bmk,bkn->mn", a.astype(np.float64), b),
                               rtol=1e-5, atol=1e-5)


def test_returned_argument_views_are_copies():
    source = f"""
func.func @f(%a: {_T48}, %b: {_T85}) -> ({_T45}, tensor<8x4xf32>) {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {_T45}
  %init = linalg.fill ins(%zero : f32) outs(%e : {_T45}) -> {_T45}
  %r = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%init : {_T45}) -> {_T45}
  %et = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%a : {_T48}) outs(%et : tensor<8x4xf32>) permutation = [1, 0]
  return %r, %t : {_T45}, tensor<8x4xf32>
}}
"""
    a, b = np.ones((4, 8), np.float32), np.ones((8, 5), np.float32)
    r, t = nanomm.compile(source).f(a, b)
    np.testing.assert_array_equal(t, a.T)
    assert not np.shares_memory(t, a) and t.flags.c_contiguous
    np.testing.assert_array_equal(r, np.full((4, 5), 8, np.float32))


def test_arguments_are_checked():
    f = nanomm.compile(contraction_function(4, 5, 8, bias="arg")).f
    a, b, bias = np.ones((4, 8), np.float32), np.ones((8, 5), np.float32), np.ones(5, np.float32)
    with pytest.raises(TypeError, match=r"f\(\) takes 3 arrays, got 2"):
        f(a, b)
    with pytest.raises(DTypeError, match="argument 1 has dtype float64, the function takes float32"):
        f(a, b.astype(np.float64), bias)
    with pytest.raises(ShapeError, match=r"argument 2 has shape \(4,\), the function takes \(5,\)"):
        f(a, b, bias[:4])
    with pytest.raises(DTypeError, match="argument 0 must be a numpy array, got list"):
        f(a.tolist(), b, bias)


def _with_generic(body_lines, maps="[#m, #m]", ins="%c : tensor<4x5xf32>", extra_args=""):
    return f"""
#m = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: {_T48}, %b: {_T85}{extra_args}) -> {_T45} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {_T45}
  %init = linalg.fill ins(%zero : f32) outs(%e : {_T45}) -> {_T45}
  %c = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%init : {_T45}) -> {_T45}
{body_lines}
}}
"""


REFUSED = {
    # torch-mlir's own dialect (an exclusive scan; inclusive ones compile, compiler/tm_tensor.py): MLIR's
    # parser does not know it
    "torch-mlir-tm-tensor": (_with_generic(f"""
  %s:2 = tm_tensor.scan dimension(1) inclusive(false) ins(%c : {_T45}) outs(%e, %e : {_T45}, {_T45}) {{
  ^bb0(%x: f32, %y: f32):
    %z = arith.addf %x, %y : f32
    tm_tensor.yield %z : f32
  }} -> {_T45}, {_T45}
  return %s#0 : {_T45}"""), r"tm_tensor.scan.*\n\(tm_tensor is torch-mlir's dialect .* scan \(cumsum\)"),
    "accumulate-into-empty": (f"""
func.func @f(%a: {_T48}, %b: {_T85}) -> {_T45} {{
  %e = tensor.empty() : {_T45}
  %w = arith.constant dense<1.0> : {_T85}
  %c = linalg.matmul ins(%a, %w : {_T48}, {_T85}) outs(%e : {_T45}) -> {_T45}
  return %c : {_T45}
}}
""", r"accumulates into a tensor.empty \(undefined values\)"),
    "a-function-call": (_with_generic("""
  %t = func.call @g(%c) : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %t : tensor<4x5xf32>""").replace("func.func @f", "func.func private @g(tensor<4x5xf32>) -> tensor<4x5xf32>\n"
                                          "func.func @f"), r"func.call \(loc\(\"-\":11:8\)\): not supported"),
    "an-op-mlir-does-not-lower": ("""
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.softmax dimension(1) ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
""", r"function @f: upstream segment 0 of linalg.softmax \(loc\(\"-\":4:8\)\): MLIR's upstream lowering leaves "
     r".*linalg.softmax"),
}


# Consumers that do not fit an epilogue, and ops that are not contractions: compiled by MLIR's lowering
# (the contraction keeps what fits). name -> (source, reference of the arguments, what describe() shows)
UPSTREAM_CASES = {
    "residual-before-activation": (_with_generic("""
  %s = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel", "parallel"]}
       ins(%c, %res : tensor<4x5xf32>, tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<4x5xf32>
  %t = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]}
       ins(%s : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %0 = arith.maximumf %x, %z : f32
    linalg.yield %0 : f32
  } -> tensor<4x5xf32>
  return %t : tensor<4x5xf32>""", extra_args=", %res: tensor<4x5xf32>"),
        r"consumers left to MLIR's lowering: cannot be fused: the residual is not added \(or multiplied\) last"),
    "an-activation-nanomm-lacks": (_with_generic("""
  %t = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]}
       ins(%c : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = math.absf %x : f32
    linalg.yield %0 : f32
  } -> tensor<4x5xf32>
  return %t : tensor<4x5xf32>"""), "is not one of the epilogue's activations"),
    "a-row-bias": (_with_generic("""
  %t = linalg.generic {indexing_maps = [#m, #r, #m], iterator_types = ["parallel", "parallel"]}
       ins(%c, %v : tensor<4x5xf32>, tensor<4xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<4x5xf32>
  return %t : tensor<4x5xf32>""", extra_args=", %v: tensor<4xf32>"),
        r"epilogue none\n.*upstream segment 0: 1 ops \(linalg.generic\)"),
    "a-row-reduction": (_with_generic("""
  %e4 = tensor.empty() : tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#m, #r], iterator_types = ["parallel", "reduction"]}
       ins(%c : tensor<4x5xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = arith.addf %x, %o : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %c : tensor<4x5xf32>"""), r"upstream segment 0: 1 ops \(linalg.generic\)"),
    "the-unfused-value-used-too": (_with_generic("""
  %t = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]}
       ins(%c : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %0 = arith.maximumf %x, %z : f32
    linalg.yield %0 : f32
  } -> tensor<4x5xf32>
  %u = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%c : {_T45}) -> {_T45}
  return %t : tensor<4x5xf32>""".replace("{_T48}", _T48).replace("{_T85}", _T85).replace("{_T45}", _T45)),
        "its result is used both before and after its element-wise consumers"),
    "arith-on-tensors": (f"""
func.func @f(%a: {_T48}, %b: {_T85}, %c: {_T45}) -> {_T45} {{
  %r = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%c : {_T45}) -> {_T45}
  %s = arith.addf %r, %c : {_T45}
  return %s : {_T45}
}}""", r"residual\n.*upstream segment 0: 1 ops \(arith.addf\)"),
    "linalg-add": (f"""
func.func @f(%a: {_T48}, %b: {_T85}, %c: {_T45}) -> {_T45} {{
  %r = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%c : {_T45}) -> {_T45}
  %e = tensor.empty() : {_T45}
  %s = linalg.add ins(%r, %c : {_T45}, {_T45}) outs(%e : {_T45}) -> {_T45}
  return %s : {_T45}
}}""", r"upstream segment 0: 1 ops \(linalg.add\)"),
    "a-padded-result": (f"""
func.func @f(%a: {_T48}, %b: {_T85}) -> {_T45} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {_T45}
  %init = linalg.fill ins(%zero : f32) outs(%e : {_T45}) -> {_T45}
  %c = linalg.matmul ins(%a, %b : {_T48}, {_T85}) outs(%init : {_T45}) -> {_T45}
  %p = tensor.pad %c low[0, 0] high[1, 0] {{
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  }} : {_T45} to tensor<5x5xf32>
  %s = tensor.extract_slice %p[0, 0] [4, 5] [1, 1] : tensor<5x5xf32> to {_T45}
  return %s : {_T45}
}}
""", "tensor.pad"),
}
_MM = lambda a, b, *rest: a.astype(np.float64) @ b  # noqa: E731
UPSTREAM_REFERENCES = {
    "residual-before-activation": lambda a, b, res: np.maximum(_MM(a, b) + res, 0),
    "an-activation-nanomm-lacks": lambda a, b: np.abs(_MM(a, b)),
    "a-row-bias": lambda a, b, v: _MM(a, b) + v[:, None],
    "a-row-reduction": _MM,
    "the-unfused-value-used-too": lambda a, b: np.maximum(_MM(a, b), 0),
    "a-padded-result": _MM,
    "arith-on-tensors": lambda a, b, c: _MM(a, b) + 2 * c,
    "linalg-add": lambda a, b, c: _MM(a, b) + 2 * c,
}


@pytest.mark.parametrize("name", list(UPSTREAM_CASES))
def test_ops_outside_the_epilogue_compile_through_mlir_and_agree(name):
    source, shows = UPSTREAM_CASES[name]
    f = nanomm.compile(source).f
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(shape).astype(np.float32) for shape, _ in f.inputs]
    copies = [a.copy() for a in args]
    _agrees(f(*args), UPSTREAM_REFERENCES[name](*args).astype(np.float32))
    for a, c in zip(args, copies):
        np.testing.assert_array_equal(a, c)
    assert "upstream segment 0" in f.describe() and re.search(shows, f.describe(), re.S), f.describe()


@pytest.mark.parametrize("name", list(REFUSED))
def test_refused_with_the_op_and_its_location(name):
    source, match = REFUSED[name]
    with pytest.raises(MLIRInputError, match=match):
        nanomm.compile(source)


# Dynamic sizes the graph does not take as they are: compiled for each argument shapes they are called with
# (compiler/per_shape.py). name -> (source, reference of the arguments, two sets of argument shapes)
PER_SHAPE = {
    "computes-on-a-dynamic-size": ("""
func.func @f(%a: tensor<?x8xf32>, %b: tensor<8x5xf32>) -> tensor<?x5xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %n64 = arith.index_cast %n : index to i64
  %e = tensor.empty(%n) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x5xf32>) -> tensor<?x5xf32>
  %c = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x5xf32>) outs(%init : tensor<?x5xf32>) -> tensor<?x5xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
       iterator_types = ["parallel", "parallel"]} ins(%c : tensor<?x5xf32>) outs(%e : tensor<?x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %f = arith.sitofp %n64 : i64 to f32
    %y = arith.divf %x, %f : f32
    linalg.yield %y : f32
  } -> tensor<?x5xf32>
  return %s : tensor<?x5xf32>
}
""", lambda a, b: _MM(a, b) / a.shape[0], [((3, 8), (8, 5)), ((6, 8), (8, 5))]),
    "dynamic-k": (f"""
func.func @f(%a: tensor<4x?xf32>, %b: tensor<?x5xf32>) -> {_T45} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {_T45}
  %init = linalg.fill ins(%zero : f32) outs(%e : {_T45}) -> {_T45}
  %c = linalg.matmul ins(%a, %b : tensor<4x?xf32>, tensor<?x5xf32>) outs(%init : {_T45}) -> {_T45}
  %w = arith.constant dense<1.0> : tensor<5x5xf32>
  %d = linalg.matmul ins(%c, %w : {_T45}, tensor<5x5xf32>) outs(%init : {_T45}) -> {_T45}
  return %d : {_T45}
}}
""", lambda a, b: _MM(a, b) @ np.ones((5, 5)), [((4, 8), (8, 5)), ((4, 3), (3, 5))]),
    "two-dynamic-dimensions": ("""
func.func @f(%a: tensor<?x?xf32>) -> tensor<?x5xf32> {
  %w = arith.constant dense<1.0> : tensor<8x5xf32>
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x5xf32>) -> tensor<?x5xf32>
  %ac = tensor.cast %a : tensor<?x?xf32> to tensor<?x8xf32>
  %c = linalg.matmul ins(%ac, %w : tensor<?x8xf32>, tensor<8x5xf32>) outs(%init : tensor<?x5xf32>) -> tensor<?x5xf32>
  return %c : tensor<?x5xf32>
}
""", lambda a: _MM(a, np.ones((8, 5))), [((3, 8),), ((7, 8),)]),
    "a-dynamic-size-outside-contractions": ("""
func.func @f(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%m) : tensor<?x8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = math.absf %x : f32
    linalg.yield %0 : f32
  } -> tensor<?x8xf32>
  return %t : tensor<?x8xf32>
}
""", lambda a: np.abs(a), [((3, 8),), ((5, 8),)]),
}


@pytest.mark.parametrize("name", list(PER_SHAPE))
def test_dynamic_sizes_compile_per_argument_shapes_and_agree(name):
    source, reference, shape_sets = PER_SHAPE[name]
    f = nanomm.compile(source).f
    assert isinstance(f, PerShapeFunction)
    rng = np.random.default_rng(0)
    for shapes in shape_sets:
        args = [rng.standard_normal(shape).astype(np.float32) for shape in shapes]
        copies = [a.copy() for a in args]
        _agrees(f(*args), reference(*args).astype(np.float32))
        for a, c in zip(args, copies):
            np.testing.assert_array_equal(a, c)
    described = f.describe()
    assert "compiled per argument shapes" in described and "2 compiled" in described, described
    for shapes in shape_sets:
        assert "for " + ", ".join(str(s) for s in shapes) + ":" in described, described


def test_per_shape_errors_name_the_argument_and_keep_a_bounded_number(monkeypatch):
    f = nanomm.compile(PER_SHAPE["two-dynamic-dimensions"][0]).f
    x = np.ones((3, 8), np.float32)
    with pytest.raises(DTypeError, match="argument 0 has dtype float64"):
        f(x.astype(np.float64))
    with pytest.raises(ShapeError, match=r"argument 0 has shape \(3,\), the function takes \(\?, \?\)"):
        f(np.ones(3, np.float32))
    with pytest.raises(ShapeError, match="non-empty sizes"):
        f(np.ones((0, 8), np.float32))
    with pytest.raises(TypeError, match="takes 1 arrays, got 2"):
        f(x, x)
    # the function casts its argument to ?x8: another column count contradicts its types
    with pytest.raises(MLIRInputError, match=r"@f compiled for argument shapes \(3, 7\): .*contradict"):
        f(np.ones((3, 7), np.float32))
    monkeypatch.setattr(per_shape, "KEPT", 2)
    for rows in (1, 2, 3, 2):
        np.testing.assert_allclose(f(np.ones((rows, 8), np.float32)), np.full((rows, 5), 8.0))
    assert "2 compiled" in f.describe() and "for (1, 8)" not in f.describe()
    assert f.specialize((2, 8)) is f.specialize((2, 8))


# --- segments: ops lowered by MLIR's own passes (compiler/upstream.py) -------------------------------------

_ID2, _ROW2 = "affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> (d0, 0)>"


# the rest of a function that selects %xs where the mask %m holds (else 0) and multiplies that by 0.5s
_MASKED_MATMUL = f"""
  %e = tensor.empty() : tensor<4x4xf32>
  %y = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%m, %xs : tensor<4x4xi1>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {{
  ^bb0(%b: i1, %v: f32, %o: f32):
    %0 = arith.select %b, %v, %z : f32
    linalg.yield %0 : f32
  }} -> tensor<4x4xf32>
  %w = arith.constant dense<0.5> : tensor<4x4xf32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%y, %w : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}}
"""


def test_ops_computed_from_constants_alone_run_once_when_built():
    # a causal mask made from linalg.index (torch's is_causal): its own segment, run by build(), a constant
    # to the segment that reads it, which runs no mask ops per call
    source = f"""
func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {{
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4x4xi1>
  %m = linalg.generic {{indexing_maps = [{_ID2}], iterator_types = ["parallel", "parallel"]}}
       outs(%e1 : tensor<4x4xi1>) {{
  ^bb0(%o: i1):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %0 = arith.cmpi sle, %j, %i : index
    linalg.yield %0 : i1
  }} -> tensor<4x4xi1>
  %xs = tensor.extract_slice %x[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> to tensor<4x4xf32>
""" + _MASKED_MATMUL
    f = nanomm.compile(source).f
    text = f.describe()
    assert re.search(r"segment \d: 1 ops \(linalg.generic\), 0 input\(s\), 1 output\(s\), constant: computed when built",
                     text) and re.search(r"segment \d: 1 ops \(linalg.generic\), 2 input\(s\), 1 output\(s\)$", text, re.M), text
    x = np.random.default_rng(0).standard_normal((4, 4)).astype(np.float32)
    for _ in range(2):
        _agrees(f(x), (np.tril(x).astype(np.float64) @ np.full((4, 4), 0.5)).astype(np.float32))


def test_a_slice_of_a_value_its_segment_computes_reads_it_after_it_is_computed():
    # GPT-2's causal mask at a length below the table's, here also masked where x <= 0: made i1 and sliced
    # in one segment, the slice printed after the op computing what it slices (before it, MLIR's parser
    # refused the segment)
    tril = "[" + ", ".join("[" + ", ".join(str(int(j <= i)) for j in range(6)) + "]" for i in range(6)) + "]"
    source = f"""
func.func @f(%x: tensor<6x6xf32>) -> tensor<4x4xf32> {{
  %table = arith.constant dense<{tril}> : tensor<6x6xi8>
  %z8 = arith.constant 0 : i8
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<6x6xi1>
  %mask = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%table, %x : tensor<6x6xi8>, tensor<6x6xf32>) outs(%e1 : tensor<6x6xi1>) {{
  ^bb0(%in: i8, %v: f32, %o: i1):
    %0 = arith.cmpi ne, %in, %z8 : i8
    %1 = arith.cmpf ogt, %v, %z : f32
    %2 = arith.andi %0, %1 : i1
    linalg.yield %2 : i1
  }} -> tensor<6x6xi1>
  %m = tensor.extract_slice %mask[0, 0] [4, 4] [1, 1] : tensor<6x6xi1> to tensor<4x4xi1>
  %xs = tensor.extract_slice %x[0, 0] [4, 4] [1, 1] : tensor<6x6xf32> to tensor<4x4xf32>
""" + _MASKED_MATMUL
    x = np.random.default_rng(0).standard_normal((6, 6)).astype(np.float32)
    xs = x[:4, :4]
    y = np.where(np.tril(np.ones((4, 4), bool)) & (xs > 0), xs, 0)
    _agrees(nanomm.compile(source).f(x), (y.astype(np.float64) @ np.full((4, 4), 0.5)).astype(np.float32))


def _softmax_rows(x, t, rows=None):
    """Lines computing softmax along the rows of `x` (of 2-D type t; rows: the type of its row stats)."""
    rows = rows or t.replace("x8xf32", "x1xf32")
    return f"""
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : {rows}
  %m0 = linalg.fill ins(%ninf : f32) outs(%e1 : {rows}) -> {rows}
  %m = linalg.generic {{indexing_maps = [{_ID2}, {_ROW2}], iterator_types = ["parallel", "reduction"]}}
       ins({x} : {t}) outs(%m0 : {rows}) {{
  ^bb0(%in: f32, %o: f32):
    %0 = arith.maximumf %in, %o : f32
    linalg.yield %0 : f32
  }} -> {rows}
  %e = tensor.empty() : {t}
  %p = linalg.generic {{indexing_maps = [{_ID2}, {_ROW2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins({x}, %m : {t}, {rows}) outs(%e : {t}) {{
  ^bb0(%in: f32, %mx: f32, %o: f32):
    %0 = arith.subf %in, %mx : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  }} -> {t}
  %s0 = linalg.fill ins(%z : f32) outs(%e1 : {rows}) -> {rows}
  %s = linalg.generic {{indexing_maps = [{_ID2}, {_ROW2}], iterator_types = ["parallel", "reduction"]}}
       ins(%p : {t}) outs(%s0 : {rows}) {{
  ^bb0(%in: f32, %o: f32):
    %0 = arith.addf %in, %o : f32
    linalg.yield %0 : f32
  }} -> {rows}
  %y = linalg.generic {{indexing_maps = [{_ID2}, {_ROW2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%p, %s : {t}, {rows}) outs(%e : {t}) {{
  ^bb0(%in: f32, %d: f32, %o: f32):
    %0 = arith.divf %in, %d : f32
    linalg.yield %0 : f32
  }} -> {t}"""


def _numpy_softmax(x):
    with np.errstate(invalid="ignore"):
        e = np.exp(x - x.max(-1, keepdims=True))
        return e / e.sum(-1, keepdims=True)


def test_a_function_without_contractions_is_one_segment():
    t = "tensor<6x8xf32>"
    f = nanomm.compile(f"func.func @f(%x: {t}) -> {t} {{{_softmax_rows('%x', t)}\n  return %y : {t}\n}}\n").f
    assert "0 contraction(s), 1 upstream segment(s)" in f.describe()
    x = np.random.default_rng(1).standard_normal((6, 8)).astype(np.float32) * 4
    x[2] = -np.inf  # a row of -inf: NaN, as the body computes it (exp(-inf - -inf))
    got, want = f(x), _numpy_softmax(x.astype(np.float64))
    np.testing.assert_allclose(got[[0, 1, 3, 4, 5]], want[[0, 1, 3, 4, 5]], rtol=2e-6, atol=1e-7)
    assert np.isnan(got[2]).all()


def test_softmax_of_scores_runs_between_two_kernels_and_its_bool_mask_comes_back():
    """scores = q @ w (a kernel), softmax (a segment), @ v (a kernel); and a returned i1 mask of the
    scores (widened to bytes inside, a numpy bool array outside)."""
    t = "tensor<6x8xf32>"
    source = f"""
func.func @f(%q: tensor<6x4xf32>, %v: tensor<8x5xf32>) -> (tensor<6x5xf32>, tensor<6x8xi1>) {{
  %w = arith.constant dense<0.25> : tensor<4x8xf32>
  %zero = arith.constant 0.0 : f32
  %ec = tensor.empty() : {t}
  %c0 = linalg.fill ins(%zero : f32) outs(%ec : {t}) -> {t}
  %c = linalg.matmul ins(%q, %w : tensor<6x4xf32>, tensor<4x8xf32>) outs(%c0 : {t}) -> {t}
  {_softmax_rows('%c', t)}
  %eb = tensor.empty() : tensor<6x8xi1>
  %mask = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%c : {t}) outs(%eb : tensor<6x8xi1>) {{
  ^bb0(%in: f32, %o: i1):
    %0 = arith.cmpf ogt, %in, %zero : f32
    linalg.yield %0 : i1
  }} -> tensor<6x8xi1>
  %eo = tensor.empty() : tensor<6x5xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%eo : tensor<6x5xf32>) -> tensor<6x5xf32>
  %o = linalg.matmul ins(%y, %v : {t}, tensor<8x5xf32>) outs(%o0 : tensor<6x5xf32>) -> tensor<6x5xf32>
  return %o, %mask : tensor<6x5xf32>, tensor<6x8xi1>
}}
"""
    f = nanomm.compile(source).f
    assert "2 contraction(s), 1 upstream segment(s)" in f.describe(), f.describe()
    rng = np.random.default_rng(2)
    q, v = rng.standard_normal((6, 4)).astype(np.float32), rng.standard_normal((8, 5)).astype(np.float32)
    out, mask = f(q, v)
    scores = q.astype(np.float64) @ np.full((4, 8), 0.25)
    _agrees(out, (_numpy_softmax(scores) @ v).astype(np.float32))
    assert mask.dtype == np.bool_ and np.array_equal(mask, scores > 0)


def test_a_segment_of_twenty_inputs_runs_in_the_forward_program():
    """A segment reading 20 arrays (Mamba's and PoolFormer's had 19 and 24) is one call of the native
    program, not a reason to walk the forward in Python."""
    from nanomm.compiler import forward_program

    n = 20
    args = ", ".join(f"%x{i}: tensor<8x16xf32>" for i in range(n))
    body = "\n".join(f"    %s{i} = arith.addf %s{i - 1}, %in{i} : f32" for i in range(1, n))
    source = f"""
func.func @f({args}) -> tensor<8x4xf32> {{
  %w = arith.constant dense<0.5> : tensor<16x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %sum = linalg.generic {{indexing_maps = [{", ".join([_ID2] * (n + 1))}], iterator_types = ["parallel", "parallel"]}}
       ins({", ".join(f"%x{i}" for i in range(n))} : {", ".join(["tensor<8x16xf32>"] * n)})
       outs(%e : tensor<8x16xf32>) {{
  ^bb0({", ".join(f"%in{i}: f32" for i in range(n))}, %o: f32):
    %s0 = arith.addf %in0, %zero : f32
{body}
    linalg.yield %s{n - 1} : f32
  }} -> tensor<8x16xf32>
  %c0e = tensor.empty() : tensor<8x4xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%c0e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %c = linalg.matmul ins(%sum, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %c : tensor<8x4xf32>
}}
"""
    f = nanomm.compile(source).f
    xs = [np.random.default_rng(i).standard_normal((8, 16)).astype(np.float32) for i in range(n)]
    assert forward_program.why_walked(f, xs, 1) is None
    want = sum(x.astype(np.float64) for x in xs) @ np.full((16, 4), 0.5)
    for _ in range(2):
        _agrees(f(*xs), want.astype(np.float32))


def test_a_bool_mask_joined_by_concat_selects_and_comes_back():
    """tensor.concat of i1 masks (Funnel Transformer's attention masks): widened to bytes like the
    generics that make and read them."""
    source = f"""
func.func @f(%x: tensor<3x4xf32>) -> (tensor<3x6xf32>, tensor<3x6xi1>) {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xi1>
  %m = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xi1>) {{
  ^bb0(%in: f32, %o: i1):
    %0 = arith.cmpf ogt, %in, %zero : f32
    linalg.yield %0 : i1
  }} -> tensor<3x4xi1>
  %true = arith.constant dense<true> : tensor<3x2xi1>
  %mask = tensor.concat dim(1) %m, %true : (tensor<3x4xi1>, tensor<3x2xi1>) -> tensor<3x6xi1>
  %ones = arith.constant dense<1.0> : tensor<3x2xf32>
  %y = tensor.concat dim(1) %x, %ones : (tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x6xf32>
  %ey = tensor.empty() : tensor<3x6xf32>
  %r = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%y, %mask : tensor<3x6xf32>, tensor<3x6xi1>) outs(%ey : tensor<3x6xf32>) {{
  ^bb0(%in: f32, %keep: i1, %o: f32):
    %0 = arith.select %keep, %in, %zero : f32
    linalg.yield %0 : f32
  }} -> tensor<3x6xf32>
  return %r, %mask : tensor<3x6xf32>, tensor<3x6xi1>
}}
"""
    x = np.random.default_rng(3).standard_normal((3, 4)).astype(np.float32)
    kept = x.copy()
    out, mask = nanomm.compile(source).f(x)
    want_mask = np.concatenate([x > 0, np.ones((3, 2), bool)], axis=1)
    assert mask.dtype == np.bool_ and np.array_equal(mask, want_mask)
    np.testing.assert_array_equal(out, np.where(want_mask, np.concatenate([x, np.ones((3, 2), np.float32)], 1), 0))
    np.testing.assert_array_equal(x, kept)


def test_a_constant_factor_is_alpha_and_still_a_value_where_another_op_reads_it():
    """q * 0.5 feeds the scores (alpha) and is also returned (computed then, by numpy)."""
    source = f"""
func.func @f(%q: tensor<4x8xf32>, %k: tensor<8x5xf32>) -> (tensor<4x5xf32>, tensor<4x8xf32>) {{
  %h = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %qs = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
       ins(%q : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %0 = arith.mulf %in, %h : f32
    linalg.yield %0 : f32
  }} -> tensor<4x8xf32>
  %ec = tensor.empty() : {_T45}
  %c0 = linalg.fill ins(%zero : f32) outs(%ec : {_T45}) -> {_T45}
  %c = linalg.matmul ins(%qs, %k : tensor<4x8xf32>, {_T85}) outs(%c0 : {_T45}) -> {_T45}
  return %c, %qs : {_T45}, tensor<4x8xf32>
}}
"""
    f = nanomm.compile(source).f
    rng = np.random.default_rng(3)
    q, k = rng.standard_normal((4, 8)).astype(np.float32), rng.standard_normal((8, 5)).astype(np.float32)
    c, qs = f(q, k)
    _agrees(c, (0.5 * q.astype(np.float64) @ k).astype(np.float32))
    np.testing.assert_array_equal(qs, q * np.float32(0.5))
    # used only by the contraction: alpha, and no segment
    g = nanomm.compile(source.replace("-> (tensor<4x5xf32>, tensor<4x8xf32>)", "-> tensor<4x5xf32>")
                       .replace("return %c, %qs : {_T45}, tensor<4x8xf32>".replace("{_T45}", _T45),
                                f"return %c : {_T45}")).f
    assert "epilogue alpha=0.5" in g.describe() and "0 upstream segment(s)" in g.describe(), g.describe()
    _agrees(g(q, k), c)


def test_a_contraction_nanomm_has_no_kernel_for_runs_as_mlir_loops():
    t = "tensor<3x4xf64>"
    source = f"""
func.func @f(%a: tensor<3x6xf64>, %b: tensor<6x4xf64>) -> {t} {{
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : {t}
  %c0 = linalg.fill ins(%zero : f64) outs(%e : {t}) -> {t}
  %c = linalg.matmul ins(%a, %b : tensor<3x6xf64>, tensor<6x4xf64>) outs(%c0 : {t}) -> {t}
  %d = linalg.matmul ins(%a, %b : tensor<3x6xf64>, tensor<6x4xf64>) outs(%c : {t}) -> {t}
  return %d : {t}
}}
"""
    f = nanomm.compile(source).f
    assert "0 contraction(s), 1 upstream segment(s)" in f.describe() and "linalg.matmul x2" in f.describe()
    rng = np.random.default_rng(4)
    a, b = rng.standard_normal((3, 6)), rng.standard_normal((6, 4))
    np.testing.assert_allclose(f(a, b), 2 * (a @ b), rtol=1e-13)


@pytest.mark.parametrize("body, reference", [
    ("%y = tensor.concat dim(0) %x, %x : (tensor<4x8xf64>, tensor<4x8xf64>) -> tensor<8x8xf64>",
     lambda x: np.concatenate([x, x])),
    ("""%e = tensor.empty() : tensor<8x8xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 mod 4, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf64>) outs(%e : tensor<8x8xf64>) {
  ^bb0(%in: f64, %o: f64):
    %0 = math.erf %in : f64
    linalg.yield %0 : f64
  } -> tensor<8x8xf64>""", lambda x: np.vectorize(math.erf)(np.concatenate([x, x]))),
], ids=["tensor.concat", "erf-of-f64-through-libm"])
def test_ops_nanomm_has_no_kernel_for_still_compute_what_the_mlir_says(body, reference):
    f = nanomm.compile(f"func.func @f(%x: tensor<4x8xf64>) -> tensor<8x8xf64> {{\n  {body}\n"
                       "  return %y : tensor<8x8xf64>\n}\n").f
    x = np.random.default_rng(5).standard_normal((4, 8))
    np.testing.assert_allclose(f(x), reference(x), rtol=1e-15, atol=1e-15)


def test_a_large_row_wise_segment_runs_in_two_halves_and_a_gram_matrix_does_not(monkeypatch):
    """split(): softmax along rows is independent along the leading dimension (two threads, two halves
    of one build); a sum down the columns is independent along the columns (x cut across, at axis 1);
    x @ x^T reads every row of x for each row of its result, so it runs whole."""
    from nanomm.compiler import upstream
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: 2)  # (as on a host of two cores)
    t = "tensor<64x4096xf32>"
    body = _softmax_rows("%x", t, "tensor<64x1xf32>")
    f = nanomm.compile(f"func.func @f(%x: {t}) -> {t} {{{body}\n  return %y : {t}\n}}\n").f
    segment = f.segments[0].kernel
    assert segment.halves is not None and segment.halves.axes_in == [0]
    x = np.random.default_rng(6).standard_normal((64, 4096)).astype(np.float32)
    np.testing.assert_allclose(f(x), _numpy_softmax(x.astype(np.float64)), rtol=1e-5, atol=1e-9)  # (f32 row sums of 4096)
    columns = f"""
func.func @g(%x: {t}) -> tensor<4096xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096xf32>
  %s0 = linalg.fill ins(%z : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %s = linalg.generic {{indexing_maps = [{_ID2}, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}}
       ins(%x : {t}) outs(%s0 : tensor<4096xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %0 = arith.addf %in, %o : f32
    linalg.yield %0 : f32
  }} -> tensor<4096xf32>
  return %s : tensor<4096xf32>
}}
"""
    g = nanomm.compile(columns).g
    assert g.segments[0].kernel.halves.axes_in == [1]
    np.testing.assert_allclose(g(x), x.astype(np.float64).sum(0), rtol=1e-4, atol=1e-4)
    gram = f"""
func.func @segment(%x: tensor<64x8xf64>) -> tensor<64x64xf64> {{
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<64x64xf64>
  %s0 = linalg.fill ins(%z : f64) outs(%e : tensor<64x64xf64>) -> tensor<64x64xf64>
  %s = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>,
                        affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}}
       ins(%x, %x : tensor<64x8xf64>, tensor<64x8xf64>) outs(%s0 : tensor<64x64xf64>) {{
  ^bb0(%a: f64, %b: f64, %o: f64):
    %0 = arith.mulf %a, %b : f64
    %1 = arith.addf %0, %o : f64
    linalg.yield %1 : f64
  }} -> tensor<64x64xf64>
  return %s : tensor<64x64xf64>
}}
"""
    assert upstream.split(gram, 2) is None


def test_split_cuts_an_argument_read_across_the_sliced_dimension():
    """x + y^T with y given (tokens, batch): a slice of the batch reads y cut at axis 1 (a dense copy of
    that slice), and computes what the whole does; y also read whole elsewhere: no split."""
    from nanomm.compiler import upstream
    t, u = "tensor<4x6x8xf32>", "tensor<6x4x8xf32>"
    ident, across = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>", "affine_map<(d0, d1, d2) -> (d1, d0, d2)>"

    def source(second_read):
        return f"""
func.func @segment(%x: {t}, %y: {u}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{ident}, {across}, {ident}], iterator_types = ["parallel", "parallel", "parallel"]}}
       ins(%x, %y : {t}, {u}) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  }} -> {t}
  %s = linalg.generic {{indexing_maps = [{ident}, {second_read}, {ident}], iterator_types = ["parallel", "parallel", "parallel"]}}
       ins(%r, %y : {t}, {u}) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    linalg.yield %0 : f32
  }} -> {t}
  return %s : {t}
}}
"""
    text = source(across)
    half, cut, out_cut = upstream.split(text, 2)
    assert cut == [0, 1] and out_cut == [0] and "tensor<6x2x8xf32>" in half and "tensor<2x6x8xf32>" in half
    seg = upstream.Segment(text, [((4, 6, 8), np.float32), ((6, 4, 8), np.float32)], [((4, 6, 8), np.float32)])
    part = seg.chunk(2)
    rng = np.random.default_rng(8)
    x, y = rng.standard_normal((4, 6, 8)).astype(np.float32), rng.standard_normal((6, 4, 8)).astype(np.float32)
    out = np.empty((4, 6, 8), np.float32)
    for k in (0, 1):
        part.run_slice([x, y], [out], k)
    yt = y.transpose(1, 0, 2)
    np.testing.assert_array_equal(out, (x + yt) * yt)
    assert upstream.split(source("affine_map<(d0, d1, d2) -> (d1, 0, d2)>"), 2) is None
    # a result returned transposed (a layer norm's output in the next layer's (tokens, batch) order) is
    # written across: slice k of the batch is its axis 1
    both = f"""
func.func @segment(%x: {t}) -> ({t}, {u}) {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = ["parallel", "parallel", "parallel"]}}
       ins(%x : {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %o: f32):
    %0 = arith.mulf %a, %a : f32
    linalg.yield %0 : f32
  }} -> {t}
  %f = tensor.empty() : {u}
  %y = linalg.transpose ins(%r : {t}) outs(%f : {u}) permutation = [1, 0, 2]
  return %r, %y : {t}, {u}
}}
"""
    seg = upstream.Segment(both, [((4, 6, 8), np.float32)], [((4, 6, 8), np.float32), ((6, 4, 8), np.float32)])
    part = seg.chunk(2)
    assert part.axes_in == [0] and part.axes_out == [0, 1]
    outs = [np.empty((4, 6, 8), np.float32), np.empty((6, 4, 8), np.float32)]
    for k in (1, 0):
        part.run_slice([x], outs, k)
    np.testing.assert_array_equal(outs[0], x * x)
    np.testing.assert_array_equal(outs[1], (x * x).transpose(1, 0, 2))


def _one_image_segment(rows: int) -> str:
    """A segment of one image (1, rows, 6, 4), as a 3 x 3 convolution's input: a ReLU, returned and
    padded, and the padded ReLU's 3 x 3 windows (1, rows, 6, 3, 3, 4), read at positions computed from
    the output row (modulo the padded size, as conv_matmul writes them: a bare d1 would size the loop by
    the padded input)."""
    t, p, w = f"tensor<1x{rows}x6x4xf32>", f"tensor<1x{rows + 2}x8x4xf32>", f"tensor<1x{rows}x6x3x3x4xf32>"
    ident = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
    window = f"affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, (d1 + d3) mod {rows + 2}, (d2 + d4) mod 8, d5)>"
    ident6 = "affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>"
    return f"""
func.func @segment(%x: {t}) -> ({t}, {w}) {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{ident}, {ident}],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
       ins(%x : {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %o: f32):
    %0 = arith.maximumf %a, %z : f32
    linalg.yield %0 : f32
  }} -> {t}
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {{
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %z : f32
  }} : {t} to {p}
  %f = tensor.empty() : {w}
  %s = linalg.generic {{indexing_maps = [{window}, {ident6}], iterator_types = ["parallel", "parallel", "parallel",
                       "parallel", "parallel", "parallel"]}} ins(%p : {p}) outs(%f : {w}) {{
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }} -> {w}
  return %r, %s : {t}, {w}
}}
"""


def test_a_segment_of_one_image_runs_in_halves_of_its_rows(monkeypatch):
    """split_inner(): with a leading 1, the outputs are cut along their rows. The windows read the padded
    ReLU at positions computed from the row, so each half computes the pad whole, reads it at its own
    offset (a text per half) and returns its rows of the ReLU as a slice; the halves write exactly what
    the whole does, and the compiled function (two threads: a native program) agrees with numpy."""
    from nanomm.compiler import upstream
    text = _one_image_segment(8)
    texts, cut_in, cut_out = upstream.split_inner(text, 2)
    assert cut_in == [None] and cut_out == [1, 1] and len(texts) == 2 and texts[0] != texts[1]
    assert all("-> (tensor<1x4x6x4xf32>, tensor<1x4x6x3x3x4xf32>)" in t and "tensor.extract_slice" in t for t in texts)
    shape, windows = (1, 8, 6, 4), (1, 8, 6, 3, 3, 4)
    seg = upstream.Segment(text, [(shape, np.float32)], [(shape, np.float32), (windows, np.float32)])
    x = np.random.default_rng(11).standard_normal(shape).astype(np.float32)
    whole = [np.empty(shape, np.float32), np.empty(windows, np.float32)]
    seg.run([x], whole)
    halves = [np.full(shape, np.nan, np.float32), np.full(windows, np.nan, np.float32)]
    part = seg.chunk(2)
    for k in (1, 0):
        part.run_slice([x], halves, k)
    for got, want in zip(halves, whole):
        np.testing.assert_array_equal(got, want)
    r = np.maximum(x, 0)
    padded = np.pad(r, ((0, 0), (1, 1), (1, 1), (0, 0)))
    want = np.stack([np.stack([padded[:, i:i + 8, j:j + 6] for j in range(3)], 3) for i in range(3)], 3)
    np.testing.assert_array_equal(whole[1], want)
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: 2)
    monkeypatch.setattr(upstream, "SPLIT_MIN_ELEMENTS", 0)
    monkeypatch.setattr(upstream, "HALVES_MIN_SECONDS", 0.0)
    f = nanomm.compile(text.replace("@segment", "@f")).f
    kernel = f.segments[0].kernel
    assert kernel.halves is not None and kernel.halves.by_slice is not None
    for _ in range(3):  # (the first two run whole, timed; then the halves)
        got = f(x)
        np.testing.assert_array_equal(got[0], r)
        np.testing.assert_array_equal(got[1], want)
    assert len(kernel._whole_s) == 2 and kernel._program


def test_split_inner_refuses_what_halves_cannot_compute_alone():
    """No cut where the first axis that is not 1 is odd (7 rows), where a value computed in the segment is
    both read whole and cut, or where a loop reads its own index. An argument read both at a window and
    directly is read whole by each part, at its offset (a piece of it where read directly)."""
    from nanomm.compiler import upstream
    assert upstream.split_inner(_one_image_segment(7), 2) is None
    t = "tensor<1x8x4xf32>"
    ident, shifted = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>", "affine_map<(d0, d1, d2) -> (d0, (d1 + 1) mod 8, d2)>"
    both = f"""
func.func @segment(%x: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{ident}, {shifted}, {ident}],
                       iterator_types = ["parallel", "parallel", "parallel"]}}
       ins(%x, %x : {t}, {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.subf %b, %a : f32
    linalg.yield %0 : f32
  }} -> {t}
  return %r : {t}
}}
"""
    texts, cut_in, cut_out = upstream.split_inner(both, 2)
    assert cut_in == [None] and cut_out == [1] and len(texts) == 2 and all("tensor.extract_slice" in s for s in texts)
    _check_halves(both, [((1, 8, 4), np.float32)], [((1, 8, 4), np.float32)])
    twice = both.replace("ins(%x, %x", "ins(%y, %y").replace(
        "  %e = tensor.empty()", "  %y = arith.negf %x : {t}\n  %e = tensor.empty()".format(t=t))
    assert upstream.split_inner(twice, 2) is None  # (y both whole and cut)
    both_shifted = both.replace(f"{ident}, {shifted}", f"{shifted}, {shifted}")  # (x read whole twice: a cut)
    assert upstream.split_inner(both_shifted, 2)[2] == [1]
    index = f"""
func.func @segment(%x: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = ["parallel", "parallel", "parallel"]}}
       ins(%x : {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i64
    %v = arith.sitofp %n : i64 to f32
    %0 = arith.addf %a, %v : f32
    linalg.yield %0 : f32
  }} -> {t}
  return %r : {t}
}}
"""
    assert upstream.split_inner(index, 2) is None
    assert upstream.split_inner(index.replace("linalg.index 1", "linalg.index 2"), 2)[1:] == ([1], [1])

def _check_halves(text: str, inputs: list, outputs: list) -> None:
    """The segment's halves (chunk(2), each run on its own) write what the whole segment writes."""
    from nanomm.compiler import upstream
    seg = upstream.Segment(text, inputs, outputs)
    rng = np.random.default_rng(3)
    x = [rng.standard_normal(shape).astype(dtype) for shape, dtype in inputs]
    whole = [np.empty(shape, dtype) for shape, dtype in outputs]
    seg.run(x, whole)
    halves = [np.full(shape, np.nan, dtype) for shape, dtype in outputs]
    for k in (1, 0):
        seg.chunk(2).run_slice(x, halves, k)
    for got, want in zip(halves, whole):
        np.testing.assert_array_equal(got, want)


def _tiles_segment(rows: int, q: int) -> str:
    """y = 2 x over tiles (q, rows / q, 5, 3), then out (1, rows, 5, 3) = y[row mod q, row floordiv q]: a
    Winograd output transform's reads of its tiles."""
    y, o = f"tensor<{q}x{rows // q}x5x3xf32>", f"tensor<1x{rows}x5x3xf32>"
    ident4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"
    read = f"affine_map<(d0, d1, d2, d3) -> (d1 mod {q}, d1 floordiv {q}, d2, d3)>"
    return f"""
func.func @segment(%x: {y}) -> {o} {{
  %c2 = arith.constant 2.0 : f32
  %e = tensor.empty() : {y}
  %y = linalg.generic {{indexing_maps = [{ident4}, {ident4}], iterator_types = ["parallel", "parallel", "parallel",
                       "parallel"]}} ins(%x : {y}) outs(%e : {y}) {{
  ^bb0(%a: f32, %b: f32):
    %0 = arith.mulf %a, %c2 : f32
    linalg.yield %0 : f32
  }} -> {y}
  %f = tensor.empty() : {o}
  %r = linalg.generic {{indexing_maps = [{read}, {ident4}], iterator_types = ["parallel", "parallel", "parallel",
                       "parallel"]}} ins(%y : {y}) outs(%f : {o}) {{
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }} -> {o}
  return %r : {o}
}}
"""


@pytest.mark.parametrize("rows, q, halved", [(16, 4, True), (8, 4, True), (12, 2, True), (12, 4, False), (6, 2, False)])
def test_split_inner_cuts_tiles_read_at_the_row_floordiv_their_side(rows, q, halved):
    """A value read at (row floordiv q), (row mod q) its place in a tile, is cut at its tiles' axis where q
    divides each half's rows: each half then computes only its own tiles. Where it does not (halves of 6
    rows in tiles of 4, of 3 rows in tiles of 2), the tiles are computed whole in each half and read at
    its offset; the halves write what the whole writes either way."""
    from nanomm.compiler import upstream
    text = _tiles_segment(rows, q)
    texts, cut_in, cut_out = upstream.split_inner(text, 2)
    assert cut_out == [1]
    half_tiles = f"tensor<{q}x{rows // q // 2}x5x3xf32>"
    assert all((half_tiles in s) == halved for s in texts), texts[0]
    _check_halves(text, [((q, rows // q, 5, 3), np.float32)], [((1, rows, 5, 3), np.float32)])


def test_a_split_segment_still_runs_in_a_forked_child(monkeypatch):
    """The halves' worker thread does not survive fork(): a child makes its own (no hang)."""
    import multiprocessing
    from nanomm.compiler import upstream
    monkeypatch.setattr(upstream, "resolve_threads", lambda threads: 2)
    monkeypatch.setattr(upstream, "HALVES_MIN_SECONDS", 0.0)
    t = "tensor<64x4096xf32>"
    f = nanomm.compile(f"func.func @f(%x: {t}) -> {t} {{{_softmax_rows('%x', t, 'tensor<64x1xf32>')}\n"
                       f"  return %y : {t}\n}}\n").f
    x = np.random.default_rng(7).standard_normal((64, 4096)).astype(np.float32)
    want = [f(x) for _ in range(3)][-1]  # (the last in halves: the parent's worker thread exists now)
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    child = ctx.Process(target=lambda: results.put(f(x)))  # (fork: the closure is not pickled)
    child.start()
    try:
        got = results.get(timeout=60)
    finally:
        child.join(10)
        if child.is_alive():
            child.kill()
    np.testing.assert_array_equal(got, want)


def _dense(values) -> str:
    return "dense<" + str(np.asarray(values, np.float32).tolist()) + ">"


_RNG = np.random.default_rng(7)
_BN_B, _BN_MEAN, _BN_SCALE, _BN_SHIFT = (_RNG.standard_normal(s).astype(np.float32) for s in ((8, 5), 5, 5, 5))


def _batch_norm(scale: str, activation: bool, extra_args: str = "") -> str:
    """x @ B (B constant) then a batch norm's vectors along the columns, (x - mean) * scale + shift, in
    torch-mlir's form (one generic per op, a vector read as (c, 1) through a map with a 0), and a ReLU."""
    relu = """
  %r = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]}
       ins(%t3 : tensor<4x5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %p = arith.cmpf ugt, %x, %zero : f32
    %y = arith.select %p, %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<4x5xf32>""" if activation else ""
    steps = []
    for k, (op, vector) in enumerate((("subf", "%mean1"), ("mulf", scale), ("addf", "%shift"))):
        steps.append(f"""
  %t{k + 1} = linalg.generic {{indexing_maps = [#m, {'#u' if vector.endswith('1') else '#col'}, #m],
       iterator_types = ["parallel", "parallel"]}} ins(%t{k}, {vector} : tensor<4x5xf32>,
       {'tensor<5x1xf32>' if vector.endswith('1') else 'tensor<5xf32>'}) outs(%e : tensor<4x5xf32>) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %z = arith.{op} %x, %y : f32
    linalg.yield %z : f32
  }} -> tensor<4x5xf32>""")
    return f"""
#m = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
#u = affine_map<(d0, d1) -> (d1, 0)>
func.func @f(%a: tensor<4x8xf32>{extra_args}) -> tensor<4x5xf32> {{
  %zero = arith.constant 0.0 : f32
  %b = arith.constant {_dense(_BN_B)} : tensor<8x5xf32>
  %mean = arith.constant {_dense(_BN_MEAN)} : tensor<5xf32>
  %mean1 = tensor.expand_shape %mean [[0, 1]] output_shape [5, 1] : tensor<5xf32> into tensor<5x1xf32>
  %scale = arith.constant {_dense(_BN_SCALE)} : tensor<5xf32>
  %shift = arith.constant {_dense(_BN_SHIFT)} : tensor<5xf32>
  %e = tensor.empty() : tensor<4x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %t0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x5xf32>) outs(%init : tensor<4x5xf32>) -> tensor<4x5xf32>
  {''.join(steps)}{relu}
  return {'%r' if activation else '%t3'} : tensor<4x5xf32>
}}
"""


@pytest.mark.parametrize("case", ["constant", "argument", "no-activation"])
def test_a_batch_norm_of_constants_scales_the_columns_of_a_constant_b(case):
    """(x @ B - mean) * scale + shift (+ ReLU), every vector a constant: B's columns scaled by `scale`
    when built, the rest a bias (compiler/graph.py column_affine); a scale passed as an argument is only
    known at the call: the consumers from its product on stay in a segment (the subtraction before it
    fuses, as a bias)."""
    source = _batch_norm("%v" if case == "argument" else "%scale", case != "no-activation",
                         ", %v: tensor<5xf32>" if case == "argument" else "")
    f = nanomm.compile(source).f
    a = _RNG.standard_normal((4, 8)).astype(np.float32)
    scale = _RNG.standard_normal(5).astype(np.float32) if case == "argument" else _BN_SCALE
    want = (a.astype(np.float64) @ _BN_B - _BN_MEAN) * scale + _BN_SHIFT
    want = np.maximum(want, 0) if case != "no-activation" else want
    got = f(a, scale) if case == "argument" else f(a)
    _agrees(got, want.astype(np.float32))
    text = f.describe()
    if case == "argument":
        assert "bias\n  upstream segment 0: 3 ops (linalg.generic x3)" in text, text
    else:
        act = " + relu" if case == "constant" else ""
        assert re.search(rf"epilogue column scale \(in B\) \+ bias{re.escape(act)}$", text, re.M), text
        assert "0 upstream segment(s)" in text, text


def test_a_constant_vector_multiplying_the_sums_scales_the_columns():
    """x @ B * gamma (a layer scale): gamma a constant vector, not added: B's columns scaled by it."""
    source = _with_generic("""
  %g = arith.constant dense<[0.5, -2.0, 3.0, 0.25, 1.0]> : tensor<5xf32>
  %t = linalg.generic {indexing_maps = [#m, #col, #m], iterator_types = ["parallel", "parallel"]}
       ins(%c, %g : tensor<4x5xf32>, tensor<5xf32>) outs(%e : tensor<4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %0 = arith.mulf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<4x5xf32>
  return %t : tensor<4x5xf32>""").replace("#r = affine_map<(d0, d1) -> (d0)>", "#col = affine_map<(d0, d1) -> (d1)>")
    source = source.replace("func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>)", "func.func @f(%a: tensor<4x8xf32>)")
    source = source.replace("  %zero = arith.constant 0.0 : f32\n",
                            f"  %zero = arith.constant 0.0 : f32\n  %b = arith.constant {_dense(_BN_B)} : tensor<8x5xf32>\n")
    f = nanomm.compile(source).f
    a = _RNG.standard_normal((4, 8)).astype(np.float32)
    _agrees(f(a), (a.astype(np.float64) @ _BN_B * [0.5, -2.0, 3.0, 0.25, 1.0]).astype(np.float32))
    assert f.describe().endswith("epilogue column scale (in B) + bias"), f.describe()


def test_bfloat16_arithmetic_in_a_segment_runs_on_any_cpu():
    """A segment rounding to bfloat16 and computing in it (torch-mlir's bf16 GELU): without AVX-512 BF16,
    LLVM would call compiler-rt's __truncsfbf2, which the JIT'd module cannot reach (the process crashed);
    the segment pipeline computes in float32 and rounds with integer ops there (upstream.pipeline)."""
    from nanomm.compiler import upstream
    from nanomm.runtime.cpu import TARGETS

    assert "include-bf16" in upstream.pipeline(TARGETS["znver3"], "bf16") and \
        "include-bf16" not in upstream.pipeline(TARGETS["znver3"], "f32")
    assert "include-bf16" not in upstream.pipeline(TARGETS["znver4"], "bf16")  # (vcvtneps2bf16 there)
    source = """
#m = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<7xf32>) -> tensor<7xbf16> {
  %e = tensor.empty() : tensor<7xbf16>
  %three = arith.constant 3.0 : bf16
  %y = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel"]} ins(%x : tensor<7xf32>)
       outs(%e : tensor<7xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    %d = arith.divf %t, %three : bf16
    %s = math.sqrt %d : bf16
    linalg.yield %s : bf16
  } -> tensor<7xbf16>
  return %y : tensor<7xbf16>
}
"""
    x = np.array([0.1, 1.0, 3.3, 100.7, 1e-30, np.inf, np.nan], np.float32)
    got = nanomm.compile(source).f(x)
    bf = ml_dtypes.bfloat16
    want = np.sqrt((x.astype(bf).astype(np.float32) / 3).astype(bf).astype(np.float32)).astype(bf)
    assert got.dtype == bf and np.array_equal(got.astype(np.float32), want.astype(np.float32), equal_nan=True), (got, want)


def test_a_grouped_convolution_runs_as_a_batch_of_matmuls_and_agrees():
    """linalg.conv_2d_ngchw_gfchw (nn.Conv2d with groups, as torch-mlir prints it) with 8 filters a group:
    a batch matmul over the groups (passes/conv_matmul.py), into zeros and into a tensor (a bias)."""
    source = """
func.func @f(%x: tensor<2x2x4x5x5xf32>, %w: tensor<2x8x4x3x3xf32>, %init: tensor<2x2x8x2x2xf32>)
    -> (tensor<2x2x8x2x2xf32>, tensor<2x2x8x2x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x16x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x2x2xf32>) -> tensor<2x16x2x2xf32>
  %fe = tensor.expand_shape %f [[0], [1, 2], [3], [4]] output_shape [2, 2, 8, 2, 2] : tensor<2x16x2x2xf32> into tensor<2x2x8x2x2xf32>
  %a = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%x, %w : tensor<2x2x4x5x5xf32>, tensor<2x8x4x3x3xf32>) outs(%fe : tensor<2x2x8x2x2xf32>) -> tensor<2x2x8x2x2xf32>
  %b = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
       ins(%x, %w : tensor<2x2x4x5x5xf32>, tensor<2x8x4x3x3xf32>) outs(%init : tensor<2x2x8x2x2xf32>) -> tensor<2x2x8x2x2xf32>
  return %a, %b : tensor<2x2x8x2x2xf32>, tensor<2x2x8x2x2xf32>
}
"""
    f = nanomm.compile(source).f
    assert "linalg.batch_matmul" in f.describe() and "conv_2d" not in f.describe(), f.describe()
    rng = np.random.default_rng(3)
    x, w, init = (rng.standard_normal(s).astype(np.float32) for s in ((2, 2, 4, 5, 5), (2, 8, 4, 3, 3), (2, 2, 8, 2, 2)))
    want = np.zeros((2, 2, 8, 2, 2))
    for kh in range(3):
        for kw in range(3):
            window = x[:, :, :, kh:kh + 3:2, kw:kw + 3:2].astype(np.float64)  # (n, g, c, oh, ow)
            want += np.einsum("ngcij,gfc->ngfij", window, w[:, :, :, kh, kw])
    a, b = f(x, w, init)
    _agrees(a, want.astype(np.float32))
    _agrees(b, (want + init).astype(np.float32))


def test_two_results_that_cse_makes_one_value_are_two_arrays():
    """A segment returning two identical ops' results: cse makes them one value, on which MLIR's
    buffer-results-to-out-params crashed the process; distinct-results returns a copy the second time."""
    body = """
  %{name} = linalg.generic {{indexing_maps = [#m, #m], iterator_types = ["parallel"]}} ins(%x : tensor<8xf32>)
       outs(%e : tensor<8xf32>) {{
  ^bb0(%v: f32, %o: f32):
    %y = math.exp %v : f32
    linalg.yield %y : f32
  }} -> tensor<8xf32>"""
    source = f"""
#m = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {{
  %e = tensor.empty() : tensor<8xf32>{body.format(name="a")}{body.format(name="b")}
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}}
"""
    x = np.linspace(-1, 1, 8).astype(np.float32)
    a, b = nanomm.compile(source).f(x)
    _agrees(a, np.exp(x))
    _agrees(b, np.exp(x))
    assert not np.shares_memory(a, b)


def test_a_fused_result_read_as_it_is_and_reshaped_is_one_output():
    """x @ W + b read by the function's result and, collapsed (N still last), by a second matmul: both
    read the one fused output (its reshape a view), the bias stays in the first kernel's epilogue."""
    source = f"""
#m = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#n = affine_map<(d0, d1, d2) -> (d2)>
func.func @f(%x: tensor<2x3x8xf32>) -> (tensor<2x3x5xf32>, tensor<6x4xf32>) {{
  %zero = arith.constant 0.0 : f32
  %w = arith.constant {_dense(_BN_B)} : tensor<8x5xf32>
  %b = arith.constant {_dense(_BN_SHIFT)} : tensor<5xf32>
  %v = arith.constant {_dense(_BN_B[:5, :4])} : tensor<5x4xf32>
  %x2 = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32>
  %e = tensor.empty() : tensor<6x5xf32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %p = linalg.matmul ins(%x2, %w : tensor<6x8xf32>, tensor<8x5xf32>) outs(%i : tensor<6x5xf32>) -> tensor<6x5xf32>
  %p3 = tensor.expand_shape %p [[0, 1], [2]] output_shape [2, 3, 5] : tensor<6x5xf32> into tensor<2x3x5xf32>
  %e3 = tensor.empty() : tensor<2x3x5xf32>
  %y = linalg.generic {{indexing_maps = [#m, #n, #m], iterator_types = ["parallel", "parallel", "parallel"]}}
       ins(%p3, %b : tensor<2x3x5xf32>, tensor<5xf32>) outs(%e3 : tensor<2x3x5xf32>) {{
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  }} -> tensor<2x3x5xf32>
  %y2 = tensor.collapse_shape %y [[0, 1], [2]] : tensor<2x3x5xf32> into tensor<6x5xf32>
  %e4 = tensor.empty() : tensor<6x4xf32>
  %i4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %z = linalg.matmul ins(%y2, %v : tensor<6x5xf32>, tensor<5x4xf32>) outs(%i4 : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %y, %z : tensor<2x3x5xf32>, tensor<6x4xf32>
}}
"""
    f = nanomm.compile(source).f
    text = f.describe()
    assert text.count("epilogue bias") == 1 and "used both before and after" not in text, text
    x = _RNG.standard_normal((2, 3, 8)).astype(np.float32)
    y = x.astype(np.float64) @ _BN_B + _BN_SHIFT
    got_y, got_z = f(x)
    _agrees(got_y, y.astype(np.float32))
    _agrees(got_z, (y.reshape(6, 5) @ _BN_B[:5, :4]).astype(np.float32))


_BF16_MATMUL = """
func.func @f(%a: tensor<{m}x8xbf16>) -> tensor<{m}x5xf32> {{
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %b = arith.constant {b} : tensor<8x5xbf16>
  %rows = tensor.dim %a, %c0 : tensor<{m}x8xbf16>
  %e = tensor.empty({rows}) : tensor<{m}x5xf32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x5xf32>) -> tensor<{m}x5xf32>
  %c = linalg.matmul ins(%a, %b : tensor<{m}x8xbf16>, tensor<8x5xbf16>) outs(%i : tensor<{m}x5xf32>) -> tensor<{m}x5xf32>
  return %c : tensor<{m}x5xf32>
}}
"""


@pytest.mark.parametrize("rows", ["4", "?"])
def test_bfloat16_contractions_compile_on_any_cpu(rows):
    """A bf16 x bf16 -> f32 matmul: nanomm's bf16 kernel where the CPU has AVX-512 BF16, elsewhere its
    operands widened to float32 (graph.widen_bf16_contractions: exact products) and a float32 kernel; the
    same sums either way, within float32 rounding of their order."""
    from nanomm.runtime.cpu import native_cpu

    bf = ml_dtypes.bfloat16
    b = _BN_B.astype(bf)
    source = _BF16_MATMUL.format(m=rows, b=_dense(b.astype(np.float32)).replace("dense<", "dense<"),
                                 rows="%rows" if rows == "?" else "")
    f = nanomm.compile(source).f
    a = _RNG.standard_normal((4, 8)).astype(bf)
    _agrees(f(a), (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))
    if rows == "4":
        widened = not native_cpu().has("avx512bf16")
        assert ("4x5x8 f32" in f.describe()) == widened and ("4x5x8 bf16" in f.describe()) != widened, f.describe()


def test_widening_bfloat16_contractions_puts_extf_before_the_operands():
    """graph.widen_bf16_contractions on the IR, whatever the host: both operands widened, the rows of a
    dynamic A through tensor.dim, the contraction then float32 x float32."""
    from mlir import ir

    from nanomm.compiler import graph

    source = _BF16_MATMUL.format(m="?", b="dense<1.0>", rows="%rows")
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(source)
        assert graph.widen_bf16_contractions(module.body.operations[0]) == 1
        text = str(module)
    assert text.count("arith.extf") == 2 and "tensor.dim %arg0" in text, text
    assert re.search(r"linalg.matmul ins\(%\S+, %\S+ : tensor<\?x8xf32>, tensor<8x5xf32>\)", text), text


def test_int8_contractions_compile_on_any_cpu():
    """An i8 x i8 -> i32 matmul in a function of several ops: nanomm's s8s8 kernel where the CPU has
    AVX-512 VNNI, MLIR's loops elsewhere (not a TargetError; a function of the matmul alone is compiled
    as one kernel for its target and says what the target lacks); exact either way."""
    from nanomm.runtime.cpu import native_cpu

    source = """
func.func @f(%a: tensor<5x16xi8>, %b: tensor<16x7xi8>) -> (tensor<5x7xi32>, tensor<5x16xi8>) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5x7xi32>
  %i = linalg.fill ins(%zero : i32) outs(%e : tensor<5x7xi32>) -> tensor<5x7xi32>
  %c = linalg.matmul ins(%a, %b : tensor<5x16xi8>, tensor<16x7xi8>) outs(%i : tensor<5x7xi32>) -> tensor<5x7xi32>
  %e8 = tensor.empty() : tensor<5x16xi8>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
       iterator_types = ["parallel", "parallel"]} ins(%a : tensor<5x16xi8>) outs(%e8 : tensor<5x16xi8>) {
  ^bb0(%x: i8, %o: i8):
    %m = arith.muli %x, %x : i8
    linalg.yield %m : i8
  } -> tensor<5x16xi8>
  return %c, %n : tensor<5x7xi32>, tensor<5x16xi8>
}
"""
    f = nanomm.compile(source).f
    a, b = (_RNG.integers(-128, 128, s).astype(np.int8) for s in ((5, 16), (16, 7)))
    c, n = f(a, b)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))
    np.testing.assert_array_equal(n, a * a)
    kernel = native_cpu().has("avx512vnni") and native_cpu().has("avx512bw")
    assert ("1 contraction(s)" in f.describe()) == kernel, f.describe()



@pytest.mark.parametrize("element, dim", [("f32", 1), ("i64", 0)])
def test_torch_mlir_inclusive_scans_compile_as_linalg(element, dim):
    """tm_tensor.scan as torch-mlir prints torch.cumsum (compiler/tm_tensor.py): both results (the running
    sums along the dimension and the last of them) equal numpy's, the text's lines kept (a diagnostic
    after the scan names the input's line)."""
    from nanomm.compiler.tm_tensor import rewrite

    t, a = f"tensor<3x5x{element}>", f"tensor<{5 if dim == 0 else 3}x{element}>"
    zero = "0.0" if element == "f32" else "0"
    add = "arith.addf" if element == "f32" else "arith.addi"
    source = f"""
func.func @f(%x: {t}) -> ({t}, {a}) {{
  %z = arith.constant {zero} : {element}
  %0 = tensor.empty() : {t}
  %1 = linalg.fill ins(%z : {element}) outs(%0 : {t}) -> {t}
  %2 = tensor.empty() : {a}
  %3 = linalg.fill ins(%z : {element}) outs(%2 : {a}) -> {a}
  %4:2 = tm_tensor.scan dimension({dim}) inclusive(true) ins(%x : {t}) outs(%1, %3 : {t}, {a}) {{
  ^bb0(%arg1: {element}, %arg2: {element}):
    %5 = {add} %arg1, %arg2 : {element}
    tm_tensor.yield %5 : {element}
  }} -> {t}, {a}
  return %4#0, %4#1 : {t}, {a}
}}
"""
    assert rewrite(source).count("\n") == source.count("\n") and "tm_tensor" not in rewrite(source)
    f = nanomm.compile(source).f
    x = (_RNG.standard_normal((3, 5)) * 4).astype(np.float32 if element == "f32" else np.int64)
    run, last = f(x)
    want = np.cumsum(x, axis=dim, dtype=x.dtype)
    np.testing.assert_array_equal(run, want)
    np.testing.assert_array_equal(last, np.take(want, -1, axis=dim))



@pytest.mark.parametrize("descending", [True, False])
def test_torch_mlir_sorts_compile_as_linalg_and_are_stable(descending):
    """tm_tensor.sort of values and their indices as torch-mlir prints torch.topk / torch.sort
    (compiler/tm_tensor.py): the values exactly, ties in index order (a stable sort), along dimension 0
    and 1."""
    for dim in (0, 1):
        t, ti = "tensor<4x6xf32>", "tensor<4x6xi64>"
        source = f"""
func.func @f(%x: {t}) -> ({t}, {ti}) {{
  %0 = tensor.empty() : {ti}
  %1 = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}}
       outs(%0 : {ti}) {{
  ^bb0(%out: i64):
    %3 = linalg.index {dim} : index
    %4 = arith.index_cast %3 : index to i64
    linalg.yield %4 : i64
  }} -> {ti}
  %2:2 = tm_tensor.sort dimension({dim}) outs(%x, %1 : {t}, {ti}) {{
  ^bb0(%arg1: f32, %arg2: f32, %arg3: i64, %arg4: i64):
    %3 = arith.cmpf {"oge" if descending else "olt"}, %arg1, %arg2 : f32
    tm_tensor.yield %3 : i1
  }} -> {t}, {ti}
  return %2#0, %2#1 : {t}, {ti}
}}
"""
        f = nanomm.compile(source).f
        x = np.round(_RNG.standard_normal((4, 6)), 1).astype(np.float32)
        x[0, 0] = x[1, 0] = x[0, 3] = 0.5  # ties along both dimensions
        values, indices = f(x)
        order = np.argsort(-x if descending else x, axis=dim, kind="stable")
        np.testing.assert_array_equal(values, np.take_along_axis(x, order, dim))
        np.testing.assert_array_equal(indices, order)



@pytest.mark.parametrize("form", ["scalars", "rows", "rows_without_unit_dim", "overwrite", "out_of_range"])
def test_torch_mlir_scatters_compile_as_loops(form):
    """tm_tensor.scatter as torch-mlir prints torch.scatter_add (scalar updates at full indices), index_put
    and index_add (rows at one index, the row's slice of rank 1 or 2): a loop over the updates in order,
    negative indices counted from the end, repeated indices accumulated (or the last written), an index
    outside its dimension updating nothing, the text's lines kept."""
    from nanomm.compiler.tm_tensor import rewrite

    o = "tensor<4x3xf32>"
    if form in ("scalars", "out_of_range"):
        ut, it, dims = "tensor<5xf32>", "tensor<5x2xi64>", "0, 1"
        idx = np.array([[0, 1], [3, 2], [0, 1], [-1, 0], [2, 2]])
        if form == "out_of_range":
            idx[1, 0], idx[4, 1] = 4, -4
    else:
        ut = "tensor<5x1x3xf32>" if form != "rows_without_unit_dim" else "tensor<5x3xf32>"
        it, dims, idx = "tensor<5x1xi64>", "0", np.array([[2], [0], [2], [-4], [1]])
    body = "%y = arith.addf %orig, %upd : f32" if form != "overwrite" else "%y = arith.mulf %upd, %one : f32"
    source = f"""
func.func @f(%x: {o}, %u: {ut}, %i: {it}) -> {o} {{
  %one = arith.constant 1.0 : f32
  %r = tm_tensor.scatter {{dimension_map = array<i64: {dims}>}} unique_indices(false)
       ins(%u, %i : {ut}, {it}) outs(%x : {o}) {{
  ^bb0(%upd: f32, %orig: f32):
    {body}
    tm_tensor.yield %y : f32
  }} -> {o}
  return %r : {o}
}}
"""
    text = rewrite(source)
    assert text.count("\n") == source.count("\n") and "tm_tensor" not in text and "scf.for" in text, text
    f = nanomm.compile(source).f
    x = _RNG.standard_normal((4, 3)).astype(np.float32)
    u = _RNG.standard_normal([int(n) for n in ut[7:-5].split("x")]).astype(np.float32)
    want = x.copy()
    for n in range(5):  # (the updates in order, as a loop writes them)
        if not all(-s <= k < s for k, s in zip(idx[n], want.shape)):
            continue
        at = tuple(idx[n])
        new = u[n].reshape(want[at].shape)
        want[at] = want[at] + new if form != "overwrite" else new
    x0 = x.copy()
    np.testing.assert_array_equal(f(x, u, idx), want)
    np.testing.assert_array_equal(x, x0)  # (the original is the caller's: updated in a copy)


@pytest.mark.parametrize("weights", ["constant", "arguments"])
def test_swiglu_product_is_fused_as_a_multiplying_residual(weights):
    """Llama's MLP, silu(x @ Wg) * (x @ Wu): the gate's SiLU is its epilogue, and the product is the up
    projection's, its residual multiplying (Epilogue.residual_mul: pre-packed kernels run it; with weights
    given as arguments nanomm.matmul's result is multiplied after). Nothing is left to MLIR's lowering."""
    wg, wu = (_RNG.standard_normal((8, 6)).astype(np.float32) for _ in range(2))
    t, tw = _t((5, 6)), _t((8, 6))
    head = "func.func @f(%x: tensor<5x8xf32>) -> tensor<5x6xf32> {" if weights == "constant" else \
        "func.func @f(%x: tensor<5x8xf32>, %wg: tensor<8x6xf32>, %wu: tensor<8x6xf32>) -> tensor<5x6xf32> {"
    consts = [f"  %wg = arith.constant {_dense(wg)} : {tw}", f"  %wu = arith.constant {_dense(wu)} : {tw}"] \
        if weights == "constant" else []
    ident = "affine_map<(d0, d1) -> (d0, d1)>"
    source = "\n".join([head, *consts, "  %zero = arith.constant 0.0 : f32", "  %one = arith.constant 1.0 : f32",
                        f"  %e = tensor.empty() : {t}",
                        f"  %i = linalg.fill ins(%zero : f32) outs(%e : {t}) -> {t}",
                        f"  %g = linalg.matmul ins(%x, %wg : tensor<5x8xf32>, {tw}) outs(%i : {t}) -> {t}",
                        f"  %u = linalg.matmul ins(%x, %wu : tensor<5x8xf32>, {tw}) outs(%i : {t}) -> {t}",
                        f"  %s = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
                        f"[\"parallel\", \"parallel\"]}} ins(%g : {t}) outs(%e : {t}) {{",
                        "  ^bb0(%a: f32, %o: f32):", "    %n = arith.negf %a : f32", "    %x1 = math.exp %n : f32",
                        "    %d = arith.addf %x1, %one : f32", "    %y = arith.divf %a, %d : f32",
                        "    linalg.yield %y : f32", f"  }} -> {t}",
                        f"  %p = linalg.generic {{indexing_maps = [{ident}, {ident}, {ident}], iterator_types = "
                        f"[\"parallel\", \"parallel\"]}} ins(%s, %u : {t}, {t}) outs(%e : {t}) {{",
                        "  ^bb0(%a: f32, %b: f32, %o: f32):", "    %y = arith.mulf %a, %b : f32",
                        "    linalg.yield %y : f32", f"  }} -> {t}", f"  return %p : {t}", "}"]) + "\n"
    f = nanomm.compile(source).f
    text = f.describe()
    assert "epilogue silu" in text and "epilogue residual (multiplying)" in text and "0 upstream" in text, text
    x = _RNG.standard_normal((5, 8)).astype(np.float32)
    g, u = x.astype(np.float64) @ wg, x.astype(np.float64) @ wu
    got = f(x) if weights == "constant" else f(x, wg, wu)
    _agrees(got, (g / (1 + np.exp(-g)) * u).astype(np.float32))


def test_a_residual_sum_read_again_after_a_fused_square_keeps_the_residual_fused():
    """Llama's h = x + o_proj(a), then RMSNorm's h * h (an element-wise consumer, fused first) and h again
    outside: the fusion stops at h (the first consumer), so the residual add stays in the kernel's epilogue
    and the norm reads h (before: nothing was fused)."""
    w = _RNG.standard_normal((8, 5)).astype(np.float32)
    t, m, row = _t((4, 5)), "affine_map<(d0, d1) -> (d0, d1)>", "affine_map<(d0, d1) -> (d0)>"
    source = f"""
func.func @f(%x: tensor<4x8xf32>, %res: {t}) -> {t} {{
  %w = arith.constant {_dense(w)} : tensor<8x5xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %i = linalg.fill ins(%zero : f32) outs(%e : {t}) -> {t}
  %c = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x5xf32>) outs(%i : {t}) -> {t}
  %h = linalg.generic {{indexing_maps = [{m}, {m}, {m}], iterator_types = ["parallel", "parallel"]}}
       ins(%c, %res : {t}, {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.addf %a, %b : f32
    linalg.yield %y : f32
  }} -> {t}
  %sq = linalg.generic {{indexing_maps = [{m}, {m}], iterator_types = ["parallel", "parallel"]}}
       ins(%h : {t}) outs(%e : {t}) {{
  ^bb0(%a: f32, %o: f32):
    %y = arith.mulf %a, %a : f32
    linalg.yield %y : f32
  }} -> {t}
  %se = tensor.empty() : tensor<4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {{indexing_maps = [{m}, {row}], iterator_types = ["parallel", "reduction"]}}
       ins(%sq : {t}) outs(%s0 : tensor<4xf32>) {{
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %o, %a : f32
    linalg.yield %y : f32
  }} -> tensor<4xf32>
  %r = linalg.generic {{indexing_maps = [{m}, {row}, {m}], iterator_types = ["parallel", "parallel"]}}
       ins(%h, %s : {t}, tensor<4xf32>) outs(%e : {t}) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.mulf %a, %b : f32
    linalg.yield %y : f32
  }} -> {t}
  return %r : {t}
}}
"""
    f = nanomm.compile(source).f
    text = f.describe()
    assert "epilogue residual\n" in text and "(the first 1 of them are fused)" in text, text
    x, res = _RNG.standard_normal((4, 8)).astype(np.float32), _RNG.standard_normal((4, 5)).astype(np.float32)
    h = x.astype(np.float64) @ w + res
    _agrees(f(x, res), (h * (h * h).sum(1, keepdims=True)).astype(np.float32))


def test_a_scalar_tensor_reaches_a_segment_as_a_scalar():
    """A 0-d tensor (DeBERTa's scale, an argument here) read by an upstream segment: passed as the 0-d array
    the segment was compiled for (numpy's ascontiguousarray would make it 1-d, which the segment refuses)."""
    source = """
func.func @f(%x: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>],
       iterator_types = ["parallel"]} ins(%x, %s : tensor<4xf32>, tensor<f32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.mulf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
    f = nanomm.compile(source).f
    x = np.arange(4, dtype=np.float32)
    np.testing.assert_array_equal(f(x, np.array(2.5, np.float32)), x * np.float32(2.5))


def test_a_constant_batch_of_different_matrices_is_described_as_constant():
    """A batch matmul against a constant B whose batch entries differ (a grouped convolution's filters):
    not pre-packed (a kernel per call reads them), described as a constant, not an argument."""
    b = _RNG.standard_normal((2, 8, 5)).astype(np.float32)
    source = f"""
func.func @f(%a: tensor<2x4x8xf32>) -> tensor<2x4x5xf32> {{
  %zero = arith.constant 0.0 : f32
  %b = arith.constant {_dense(b)} : tensor<2x8x5xf32>
  %e = tensor.empty() : tensor<2x4x5xf32>
  %i = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x5xf32>) outs(%i : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
       iterator_types = ["parallel", "parallel", "parallel"]}} ins(%c : tensor<2x4x5xf32>) outs(%e : tensor<2x4x5xf32>) {{
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  }} -> tensor<2x4x5xf32>
  return %r : tensor<2x4x5xf32>
}}
"""
    f = nanomm.compile(source).f
    assert "B constant, a matrix per batch entry, epilogue relu" in f.describe(), f.describe()
    a = _RNG.standard_normal((2, 4, 8)).astype(np.float32)
    _agrees(f(a), np.maximum(a.astype(np.float64) @ b, 0).astype(np.float32))


def test_an_op_reading_its_position_after_a_convolution_keeps_its_positions():
    """An element-wise op reading linalg.index after a convolution (torch's avg_pool2d with
    count_include_pad=False divides by a count made from the position): the convolution's transpose back
    to channel-first sinks past it and its loops run channel-last, each index still naming its dimension."""
    source = (Path(__file__).parents[1] / "lit" / "passes" / "conv-to-matmul.mlir").read_text()
    source = source[source.rindex("func.func @position_after_conv"):]  # (the function, not its CHECK line)
    f = nanomm.compile(source).position_after_conv
    x = _RNG.standard_normal((1, 3, 2, 3)).astype(np.float32)
    w = _RNG.standard_normal((4, 3, 1, 1)).astype(np.float32)
    conv = np.einsum("nchw,fc->nfhw", x, w[:, :, 0, 0])
    want = conv + (np.arange(2)[:, None] + np.arange(3)[None, :]).astype(np.float32)
    np.testing.assert_allclose(f(x, w), want, rtol=1e-5, atol=1e-5)


def test_a_negative_pad_crops():
    """tensor.pad by negative amounts (torch's F.fold takes its padding back off so) crops: the
    decompose-pads pass slices the source first; the function agrees with numpy."""
    source = (Path(__file__).parents[1] / "lit" / "passes" / "decompose-pads.mlir").read_text()
    source = source[source.rindex("func.func @crop"):]
    x = _RNG.standard_normal((4, 5)).astype(np.float32)
    want = np.pad(x[1:, :4], ((0, 0), (1, 0)))
    np.testing.assert_array_equal(nanomm.compile(source).crop(x), want)


# ---------------------------------------------------------------- the forward as one native program
# (compiler/forward_program.py): the same results as the Python walk of the values, on every sample,
# and the walk wherever the program has no form for a value

NAMES = sorted(p.stem for p in SAMPLES.glob("*.mlir"))


@pytest.fixture
def one_cpu():
    """The process on one CPU (compile and calls: one-thread kernels and segments), as a pinned server."""
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("needs os.sched_setaffinity (Linux) to run on one CPU")
    cpus = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cpus)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, cpus)


def _function(name):
    source, args, want = _sample(name)
    return getattr(nanomm.compile(source), name), args, want


def _programs(f):
    """The ForwardPrograms built for f (through a PerShapeFunction: for each shape's function)."""
    functions = [f] if isinstance(f, graph.GraphFunction) else list(f._compiled.values())
    return [p for g in functions for p in g._forward.values() if isinstance(p, ForwardProgram)]


def _walked(f, *args):
    """f(*args) through the Python walk of its values (no program)."""
    graph.GraphFunction.run_as_program = False
    try:
        return f(*args)
    finally:
        graph.GraphFunction.run_as_program = True


def _program_matches_walk(f, args, wants):
    """f(*args) has a program, its results are the walk's bits, and each is close to its float64 `want`."""
    walked = _walked(f, *args)
    got = f(*args)
    assert _programs(f)
    walked, got = ((x,) if isinstance(x, np.ndarray) else x for x in (walked, got))
    for g, wk, want in zip(got, walked, wants, strict=True):
        np.testing.assert_array_equal(g, wk)
        np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", NAMES)
def test_the_program_computes_what_the_python_walk_does(one_cpu, name):
    f, args, _ = _function(name)
    copies = [a.copy() for a in args]
    walked = _walked(f, *args)
    got = f(*args)
    again = f(*args)  # (the program's buffer, reused: the first call's results are the caller's own)
    walked, got, again = ((x,) if isinstance(x, np.ndarray) else x for x in (walked, got, again))
    assert len(walked) == len(got) == len(again)
    for w, g, g2 in zip(walked, got, again):
        np.testing.assert_array_equal(g, w)
        np.testing.assert_array_equal(g2, w)
        assert not np.shares_memory(g, g2) and g.flags.c_contiguous and g.flags.writeable
    for a, c in zip(args, copies):
        np.testing.assert_array_equal(a, c)  # inputs not modified
    assert _programs(f), f"{name}: no program"  # (every sample's values have a program form)


def test_arguments_of_another_alignment_or_strides_get_their_own_program_or_the_walk(one_cpu):
    f, (x,), want = _function("encoder")
    _agrees(f(x), want)
    shifted = np.empty(x.size + 1, x.dtype)[1:].reshape(x.shape)  # (4 bytes past a cache line)
    shifted[...] = x
    _agrees(f(shifted), want)
    assert len(f._forward) == 2 and all(isinstance(p, ForwardProgram) for p in f._forward.values())
    strided = np.asfortranarray(x)  # not C-contiguous: the walk
    _agrees(f(strided), want)
    assert len(f._forward) == 3 and sum(p is None for p in f._forward.values()) == 1


def test_arguments_sharing_memory_walk_and_later_calls_get_their_own_program(one_cpu):
    """A program finds where each array lies by its address: built on one array passed twice, its calls
    on two arrays would read the first for both. Aliased calls walk; the others get a program."""
    f, (q, k), _ = _function("scores")
    same, apart = _walked(f, q, q), _walked(f, q, k)
    np.testing.assert_array_equal(f(q, q), same)
    np.testing.assert_array_equal(f(q, k), apart)
    np.testing.assert_array_equal(f(q, q.copy()), same)
    kinds = [type(p).__name__ for p in f._forward.values()]  # (q.copy() may start at another alignment than k)
    assert kinds.count("NoneType") == 1 and kinds.count("ForwardProgram") == len(kinds) - 1 >= 1, kinds


@pytest.mark.parametrize("transposed", [False, True])
def test_a_2d_contraction_of_arguments_is_nanomm_matmuls_kernel_in_the_program(one_cpu, transposed):
    """x @ W (+ bias, ReLU) with W an argument, read as given or as W.T of an [out, in] argument: the
    kernel nanomm.matmul would run, called from the program with the same bits as the walk's call."""
    w_type = "tensor<5x8xf32>" if transposed else "tensor<8x5xf32>"
    w = """%wt0 = tensor.empty() : tensor<8x5xf32>
  %wt = linalg.transpose ins(%w : tensor<5x8xf32>) outs(%wt0 : tensor<8x5xf32>) permutation = [1, 0]""" \
        if transposed else ""
    source = f"""
#m = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @f(%x: tensor<6x8xf32>, %w: {w_type}, %bias: tensor<5xf32>) -> tensor<6x5xf32> {{
  %zero = arith.constant 0.0 : f32
  {w}
  %e = tensor.empty() : tensor<6x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %p = linalg.matmul ins(%x, {'%wt' if transposed else '%w'} : tensor<6x8xf32>, tensor<8x5xf32>)
       outs(%init : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r = linalg.generic {{indexing_maps = [#m, #col, #m], iterator_types = ["parallel", "parallel"]}}
       ins(%p, %bias : tensor<6x5xf32>, tensor<5xf32>) outs(%e : tensor<6x5xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  }} -> tensor<6x5xf32>
  return %r : tensor<6x5xf32>
}}
"""
    rng = np.random.default_rng(5)
    x, w, bias = (rng.standard_normal(s).astype(np.float32) for s in ((6, 8), (5, 8) if transposed else (8, 5), (5,)))
    f = nanomm.compile(source).f
    assert "B argument, epilogue bias + relu" in f.describe(), f.describe()
    walked = _walked(f, x, w, bias)
    np.testing.assert_array_equal(f(x, w, bias), walked)
    np.testing.assert_allclose(walked, np.maximum(x.astype(np.float64) @ (w.T if transposed else w) + bias, 0),
                               rtol=1e-5, atol=1e-5)
    assert _programs(f)


def test_a_function_of_any_rows_gets_a_program_for_each_argument_shape(one_cpu):
    f, (x,), _ = _function("mlp_dynamic")
    for rows in (1, 7, 2 * x.shape[0] + 1):
        a = np.resize(x, (rows,) + x.shape[1:])
        walked = _walked(f, a)
        np.testing.assert_array_equal(f(a), walked)
    assert len(_programs(f)) == 3


def test_two_threads_calling_one_program_each_get_their_own_results(one_cpu):
    f, (x,), _ = _function("encoder")
    inputs = [x * (1 + k / 8) for k in range(4)]
    wants = [_walked(f, a) for a in inputs]
    wrong = []

    def calls(k):
        for _ in range(20):
            for a, w in zip(inputs[k::2], wants[k::2]):
                if not np.array_equal(f(a), w):
                    wrong.append(k)
    threads = [threading.Thread(target=calls, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong and _programs(f)


@pytest.mark.parametrize("name", ["encoder", "llama_block"])
def test_sliced_runs_are_spliced_into_the_program(one_cpu, monkeypatch, name):
    monkeypatch.setattr(graph, "SLICE_BYTES", 256)  # (the samples' attention and norms in slices)
    f, args, want = _function(name)
    assert f.sliced
    walked = _walked(f, *args)
    np.testing.assert_array_equal(f(*args), walked)
    np.testing.assert_array_equal(f(*args), walked)
    _agrees(walked, want)
    assert _programs(f)


@pytest.mark.parametrize("name", ["encoder", "convnet"])
def test_on_two_threads_the_third_call_builds_the_program_and_it_agrees(monkeypatch, name):
    """On several threads the program runs the kernels as the walk does (a parallel kernel's plan on the
    native pool), the sliced runs on the pool, and segments whole or in halves as their first two calls
    timed them: it is built at the third call."""
    from nanomm.runtime import programs
    if not programs.available():
        pytest.skip("no native pool on this platform (not Linux on x86-64)")
    monkeypatch.setattr(graph.upstream, "resolve_threads", lambda threads: 2)
    monkeypatch.setattr(graph, "SLICE_BYTES", 256)
    monkeypatch.setattr(graph, "PROGRAM_THREADED_MIN_BYTES", 0)
    f, args, want = _function(name)
    walked = _walked(f, *args)
    for call in range(4):
        np.testing.assert_array_equal(f(*args), walked)
        assert bool(_programs(f)) == (call >= 2), call
    _agrees(walked, want)


def test_regions_alive_at_one_step_do_not_overlap():
    sizes, first, last = [64, 128, 64, 256, 64], [0, 1, 2, 3, 3], [2, 3, 3, float("inf"), 3]
    offsets, size = _place(sizes, first, last)
    for i in range(len(sizes)):
        for j in range(i):
            if first[i] <= last[j] and first[j] <= last[i]:  # alive together
                assert offsets[i] + sizes[i] <= offsets[j] or offsets[j] + sizes[j] <= offsets[i]
    assert size == max(o + n for o, n in zip(offsets, sizes)) < sum(sizes)  # (the first region's space reused)


def test_build_refuses_what_it_cannot_run_as_a_program():
    f, (x,), _ = _function("linear")
    assert forward_program.build(f, (x[..., ::-1],), 1) is None
    assert forward_program.build(f, (x.tolist(),), 1) is None


OUTPUTS_SOURCE = """
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @f(%x: tensor<2x3x2x3x4xf32>, %w: tensor<4x8xf32>) -> (tensor<4x3x2x3x2xf32>, tensor<2x3x2x3x4xf32>,
    tensor<2x3xf32>, tensor<2x3x2x3x8xf32>, tensor<2x2x2x3x2x3x2xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<2x3x2x3x4xf32>
  %y = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel",
      "parallel"]} ins(%x : tensor<2x3x2x3x4xf32>) outs(%e : tensor<2x3x2x3x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<2x3x2x3x4xf32>
  %t0 = tensor.empty() : tensor<4x3x2x3x2xf32>
  %t = linalg.transpose ins(%y : tensor<2x3x2x3x4xf32>) outs(%t0 : tensor<4x3x2x3x2xf32>) permutation = [4, 3, 2, 1, 0]
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %z = arith.constant 0.0 : f32
  %wb0 = tensor.empty() : tensor<2x3x2x4x8xf32>
  %wb = linalg.broadcast ins(%w : tensor<4x8xf32>) outs(%wb0 : tensor<2x3x2x4x8xf32>) dimensions = [0, 1, 2]
  %yf = tensor.collapse_shape %y [[0, 1, 2], [3], [4]] : tensor<2x3x2x3x4xf32> into tensor<12x3x4xf32>
  %wf = tensor.collapse_shape %wb [[0, 1, 2], [3], [4]] : tensor<2x3x2x4x8xf32> into tensor<12x4x8xf32>
  %p0 = tensor.empty() : tensor<12x3x8xf32>
  %p1 = linalg.fill ins(%z : f32) outs(%p0 : tensor<12x3x8xf32>) -> tensor<12x3x8xf32>
  %p = linalg.batch_matmul ins(%yf, %wf : tensor<12x3x4xf32>, tensor<12x4x8xf32>) outs(%p1 : tensor<12x3x8xf32>)
      -> tensor<12x3x8xf32>
  %pe = tensor.expand_shape %p [[0, 1, 2], [3], [4]] output_shape [2, 3, 2, 3, 5] : tensor<12x3x8xf32>
      into tensor<2x3x2x3x8xf32>
  %p7 = tensor.expand_shape %p [[0, 1, 2], [3], [4, 5, 6]] output_shape [2, 3, 2, 3, 2, 2, 2] : tensor<12x3x8xf32>
      into tensor<2x3x2x3x2x2x2xf32>
  %q0 = tensor.empty() : tensor<2x2x2x3x2x3x2xf32>
  %q = linalg.transpose ins(%p7 : tensor<2x3x2x3x2x2x2xf32>) outs(%q0 : tensor<2x2x2x3x2x3x2xf32>)
      permutation = [6, 5, 4, 3, 2, 1, 0]
  return %t, %x, %c, %pe, %q, %w : tensor<4x3x2x3x2xf32>, tensor<2x3x2x3x4xf32>, tensor<2x3xf32>,
      tensor<2x3x2x3x8xf32>, tensor<2x2x2x3x2x3x2xf32>, tensor<4x8xf32>
}
"""


def test_each_kind_of_output_is_a_fresh_array_of_the_callers(one_cpu):
    """The program copies each output into an array of its own at its end (a region's, an argument
    returned, both of any strides a row copy takes); a constant, and a view of seven loops (more than a
    row copy's), are copied in Python: every result the caller's own, fresh at each call."""
    f = nanomm.compile(OUTPUTS_SOURCE).f
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal((2, 3, 2, 3, 4), np.float32), rng.standard_normal((4, 8), np.float32)
    y = 2 * x
    want = (y.transpose(4, 3, 2, 1, 0), x, np.array([[1, 2, 3], [4, 5, 6]], np.float32), y @ w,
            (y @ w).reshape(2, 3, 2, 3, 2, 2, 2).transpose(6, 5, 4, 3, 2, 1, 0), w)
    first, second = f(x, w), f(x, w)
    program, = _programs(f)
    assert [o[0] for o in program.outputs] == ["copied", "copied", "constant", "copied", "view", "copied"]
    for got, again, expected in zip(first, second, want):
        np.testing.assert_allclose(got, expected, rtol=1e-6)
        np.testing.assert_array_equal(again, got)
        assert not np.shares_memory(got, again) and got.flags.c_contiguous and got.flags.writeable
    assert not any(np.shares_memory(r, a) for r in first for a in (x, w))


def test_a_function_with_a_program_still_checks_each_call(one_cpu):
    """Calls on arguments of a program's shapes and dtypes skip graph.check_arguments (a call with them
    passed it); any other call is still checked, with the error naming the argument."""
    f, (x,), want = _function("linear")
    _agrees(f(x), want)
    assert _programs(f)
    with pytest.raises(DTypeError, match="argument 0 has dtype float64"):
        f(x.astype(np.float64))
    with pytest.raises(ShapeError, match="argument 0 has shape"):
        f(x[:1])
    with pytest.raises(DTypeError, match="argument 0 must be a numpy array, got list"):
        f(x.tolist())
    with pytest.raises(TypeError, match="takes 1 arrays, got 2"):
        f(x, x)
    _agrees(f(x), want)


RESIDUAL_SOURCE = """
#m = affine_map<(d0, d1) -> (d0, d1)>
#m3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @f(%x: tensor<6x8xf32>, %w: tensor<8x5xf32>, %rt: tensor<5x6xf32>, %a: tensor<3x6x8xf32>,
             %b: tensor<3x8x7xf32>, %c: tensor<3x6x7xf32>) -> (tensor<6x5xf32>, tensor<3x6x7xf32>) {
  %zero = arith.constant 0.0 : f32
  %alpha = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %p = linalg.matmul ins(%x, %w : tensor<6x8xf32>, tensor<8x5xf32>) outs(%init : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r = linalg.transpose ins(%rt : tensor<5x6xf32>) outs(%e : tensor<6x5xf32>) permutation = [1, 0]
  %s = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel", "parallel"]}
       ins(%p, %r : tensor<6x5xf32>, tensor<6x5xf32>) outs(%e : tensor<6x5xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %y = arith.addf %u, %v : f32
    linalg.yield %y : f32
  } -> tensor<6x5xf32>
  %e3 = tensor.empty() : tensor<3x6x7xf32>
  %init3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3x6x7xf32>) -> tensor<3x6x7xf32>
  %q = linalg.batch_matmul ins(%a, %b : tensor<3x6x8xf32>, tensor<3x8x7xf32>) outs(%init3 : tensor<3x6x7xf32>)
       -> tensor<3x6x7xf32>
  %t = linalg.generic {indexing_maps = [#m3, #m3, #m3], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%q, %c : tensor<3x6x7xf32>, tensor<3x6x7xf32>) outs(%e3 : tensor<3x6x7xf32>) {
  ^bb0(%u: f32, %v: f32, %o: f32):
    %k = arith.mulf %u, %alpha : f32
    %y = arith.addf %k, %v : f32
    linalg.yield %y : f32
  } -> tensor<3x6x7xf32>
  return %s, %t : tensor<6x5xf32>, tensor<3x6x7xf32>
}
"""


def test_run_time_contractions_with_a_residual_are_in_the_program(one_cpu):
    """x @ W + R (R a transposed argument: copied dense first) and torch.baddbmm's C + alpha Q @ K: the
    kernels nanomm.matmul runs with residual=, called from the program with the walk's bits."""
    f = nanomm.compile(RESIDUAL_SOURCE).f
    assert f.describe().count("epilogue alpha=0.125 + residual") == 1 and "epilogue residual" in f.describe()
    rng = np.random.default_rng(6)
    shapes = ((6, 8), (8, 5), (5, 6), (3, 6, 8), (3, 8, 7), (3, 6, 7))
    args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    x, w, rt, a, b, c = (z.astype(np.float64) for z in args)
    _program_matches_walk(f, args, (x @ w + rt.T, 0.125 * (a @ b) + c))


def test_a_batched_product_of_a_transposed_a_copies_it_as_nanomm_matmul_does(one_cpu):
    """X^T @ Y over a batch, X^T a transposed view the batched kernel cannot read in place: the program
    copies it dense first, as nanomm.matmul does, and calls the same kernel (the walk's bits)."""
    source = """
func.func @f(%x: tensor<2x9x4xf32>, %y: tensor<2x9x5xf32>) -> tensor<2x4x5xf32> {
  %zero = arith.constant 0.0 : f32
  %t0 = tensor.empty() : tensor<2x4x9xf32>
  %xt = linalg.transpose ins(%x : tensor<2x9x4xf32>) outs(%t0 : tensor<2x4x9xf32>) permutation = [0, 2, 1]
  %e = tensor.empty() : tensor<2x4x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %p = linalg.batch_matmul ins(%xt, %y : tensor<2x4x9xf32>, tensor<2x9x5xf32>) outs(%init : tensor<2x4x5xf32>)
       -> tensor<2x4x5xf32>
  return %p : tensor<2x4x5xf32>
}
"""
    f = nanomm.compile(source).f
    rng = np.random.default_rng(7)
    x, y = rng.standard_normal((2, 9, 4), np.float32), rng.standard_normal((2, 9, 5), np.float32)
    _program_matches_walk(f, (x, y), (x.swapaxes(1, 2).astype(np.float64) @ y,))


def test_batched_products_nanomm_matmul_makes_one_2d_call_are_that_call_in_the_program(one_cpu):
    """A batch of one (B a transposed view, read in place) and one B broadcast to every entry of a dense
    A: nanomm.matmul computes each as one 2-D matmul, and so does the program (the walk's bits)."""
    source = """
func.func @f(%a: tensor<1x6x8xf32>, %bt: tensor<1x5x8xf32>, %x: tensor<2x6x8xf32>, %w: tensor<8x5xf32>)
    -> (tensor<1x6x5xf32>, tensor<2x6x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %t0 = tensor.empty() : tensor<1x8x5xf32>
  %b = linalg.transpose ins(%bt : tensor<1x5x8xf32>) outs(%t0 : tensor<1x8x5xf32>) permutation = [0, 2, 1]
  %e1 = tensor.empty() : tensor<1x6x5xf32>
  %i1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x6x5xf32>) -> tensor<1x6x5xf32>
  %p1 = linalg.batch_matmul ins(%a, %b : tensor<1x6x8xf32>, tensor<1x8x5xf32>) outs(%i1 : tensor<1x6x5xf32>)
        -> tensor<1x6x5xf32>
  %wb0 = tensor.empty() : tensor<2x8x5xf32>
  %wb = linalg.broadcast ins(%w : tensor<8x5xf32>) outs(%wb0 : tensor<2x8x5xf32>) dimensions = [0]
  %e2 = tensor.empty() : tensor<2x6x5xf32>
  %i2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  %p2 = linalg.batch_matmul ins(%x, %wb : tensor<2x6x8xf32>, tensor<2x8x5xf32>) outs(%i2 : tensor<2x6x5xf32>)
        -> tensor<2x6x5xf32>
  return %p1, %p2 : tensor<1x6x5xf32>, tensor<2x6x5xf32>
}
"""
    f = nanomm.compile(source).f
    rng = np.random.default_rng(8)
    args = [rng.standard_normal(s).astype(np.float32) for s in ((1, 6, 8), (1, 5, 8), (2, 6, 8), (8, 5))]
    a, bt, x, w = (z.astype(np.float64) for z in args)
    _program_matches_walk(f, args, (a @ bt.swapaxes(1, 2), x @ w))

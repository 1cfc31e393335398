"""A BERT-style sentence encoder end to end: nanomm against numpy, torch and ONNX Runtime, same weights.

    python bench/bench_model.py                          # both sizes, 1 x 16 and 32 x 128 tokens, 1 and all threads
    python bench/bench_model.py --models minilm --inputs 1x16,8x64 --threads 1 --rounds 3
    python bench/bench_model.py --serve 200              # + the serving run (random batch 1-8, length 8-128)
    python bench/bench_model.py --models 4x512x8x2048    # any LAYERSxHIDDENxHEADSxFFN encoder
    python bench/bench_model.py --replot bench/out/bench_model-CPU-DATE.json

The model (written once, in numpy, in `forward`): token + position embeddings and a LayerNorm, then
post-LayerNorm layers of [fused QKV projection, 12-head attention (softmax(Q K^T / sqrt(d)) V), output
projection + bias + residual, LayerNorm, FFN up + bias + GELU (erf form), down + bias + residual,
LayerNorm], mean pooling over the tokens. Sizes: MiniLM-L6 (6 layers, hidden 384, FFN 1536) and
BERT-base (12 layers, 768, 3072). Weights are deterministic random (seed 0, BERT's 0.02 scale).
Sequences of a batch have one length (no padding, so no mask).

Backends (each fed the same token ids and weights; its pooled embeddings checked against a float64
numpy forward, minimum cosine over the batch):
- `numpy`: float32 `@` (OpenBLAS) and numpy epilogues; erf by Abramowitz-Stegun 7.1.26 (|error| <
  1.5e-7: numpy has none).
- `nanomm`: weights pre-packed once into dynamic-M kernels (`compile_matmul(None, N, K, b=W,
  epilogue=...)`: any batch x length without compiling) with the epilogues fused: QKV + bias, output
  projection + bias + residual, up + bias + GELU, down + bias + residual; attention products as
  batched kernels of any count (batch x heads), one pair per length bucket of 16 (keys past the
  length masked by a -inf bias in the scores' epilogue), K read transposed in place and 1/sqrt(d)
  fused as alpha, a group of sentences at a time where the batch's scores pass 1 MiB (the scores,
  their softmax and P @ V then meet in L2); softmax and LayerNorm by nanomm's row kernels (`nanomm.softmax`,
  `nanomm.layer_norm`). The rest (embeddings, head split / merge, pooling) is the numpy backend's
  code; `nanomm-numpy-rows` runs softmax and LayerNorm in numpy as the numpy backend does.
  `nanomm-qkv3`: three projections instead of the concatenated one; `nanomm-bf16`: bf16 weights
  (activations rounded to bf16 before each projection, float32 accumulation and epilogue);
  `nanomm-int8`: int8 weights (symmetric, a scale per output column) and u8 activations quantized
  per call (per tensor: scale and zero point from its range), u8s8 kernels whose epilogue
  dequantizes (the zero point's correction in int32, then scale, bias, GELU, residual).
  `nanomm-static`: float32 projections as static-M kernels compiled at the first call of each M
  (the warm-up) on weights pre-packed for them, so tuning records for those shapes apply
  (`nanomm tune --shapes FILE --prepacked --cluster local`); `nanomm-static-default` the same at
  the heuristic's default configs (records ignored): their ratio in one run is what tuning gained.
- `onnxruntime`: the same model as an ONNX graph made with onnx.helper from the same weights
  (Gather, MatMul, Add, Softmax, LayerNormalization, Erf GELU, ReduceMean), CPU provider, all graph
  optimisations, intra-op threads = the thread count.
- `torch`: torch.nn.functional with the same weights (F.linear on [out, in] weights as nn.Linear
  stores them, F.scaled_dot_product_attention, F.gelu, F.layer_norm), inference mode, where installed.

Timing (bench/_timing.py's method, by hand for seconds-long forwards): each backend is warmed up
(two forwards, or one past 2 s), then `--rounds` interleaved rounds of a few forwards each; a
backend's figure is its best round median. The serving run (`--serve N`): after the warm-up of the
fixed-size part, N requests of random batch and length through each backend in turn (the same
requests), per-request latency p50 / p99 and, for nanomm, the kernels compiled or loaded on the
request path (compiler/build.py's counters).

Each thread count runs in its own process (one thread pins it to one CPU before any library
starts its threads). Writes bench/out/bench_model-<cpu>-<date>.json, .md and -latency.png (or --out),
with the commit, the CPU and the command line.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402

MODELS = {  # name -> (layers, hidden, heads, FFN)
    "minilm": (6, 384, 12, 1536),
    "bert": (12, 768, 12, 3072),
}
VOCAB, MAX_POSITIONS, LN_EPS = 8192, 512, 1e-12
BACKENDS = ("numpy", "nanomm", "nanomm-numpy-rows", "nanomm-qkv3", "nanomm-bf16", "nanomm-int8", "nanomm-static",
            "nanomm-static-default", "onnxruntime", "torch")
DEFAULT_BACKENDS = "numpy,nanomm,onnxruntime,torch"


# ---------------------------------------------------------------- the model, in numpy

def model_size(model: str) -> tuple[int, int, int, int]:
    """(layers, hidden, heads, FFN) of a name in MODELS or of LAYERSxHIDDENxHEADSxFFN (e.g. 4x512x8x2048)."""
    if model in MODELS:
        return MODELS[model]
    try:
        layers, H, heads, F = map(int, model.split("x"))
    except ValueError:
        raise SystemExit(f"error: unknown model {model!r} (one of {', '.join(MODELS)}, or LAYERSxHIDDENxHEADSxFFN)")
    if min(layers, H, heads, F) < 1 or H % heads:
        raise SystemExit(f"error: model {model!r}: sizes must be positive and the heads must divide the hidden size")
    return layers, H, heads, F


def make_weights(model: str, seed: int = 0) -> dict:
    """Deterministic random weights: matrices stored [in, out] (x @ W), float32."""
    layers, H, heads, F = model_size(model)
    rng = np.random.default_rng(seed)

    def mat(*shape, scale=0.02):
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    def ln():
        return 1 + mat(H, scale=0.1), mat(H, scale=0.1)

    w = {"word": mat(VOCAB, H), "pos": mat(MAX_POSITIONS, H), "ln_e": ln(), "heads": heads, "layers": []}
    for _ in range(layers):
        w["layers"].append({"qkv": mat(H, 3 * H), "b_qkv": mat(3 * H), "out": mat(H, H), "b_out": mat(H),
                            "ln1": ln(), "up": mat(H, F), "b_up": mat(F), "down": mat(F, H), "b_down": mat(H),
                            "ln2": ln()})
    return w


def as_float64(w: dict) -> dict:
    conv = (lambda x: x.astype(np.float64) if isinstance(x, np.ndarray) else
            tuple(conv(y) for y in x) if isinstance(x, tuple) else x)
    out = {k: conv(v) for k, v in w.items() if k != "layers"}
    out["layers"] = [{k: conv(v) for k, v in layer.items()} for layer in w["layers"]]
    return out


def erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz-Stegun 7.1.26 (|error| < 1.5e-7), in x's dtype."""
    a = np.abs(x)
    t = 1 / (1 + 0.3275911 * a)
    y = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
    y *= np.exp(-a * a)
    return np.copysign(1 - y, x)


def gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1 + erf(x * (1 / math.sqrt(2))))


def layer_norm(x: np.ndarray, g, b) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    xc = x - mean
    var = np.mean(xc * xc, -1, keepdims=True)
    xc *= 1 / np.sqrt(var + LN_EPS)
    xc *= g
    xc += b
    return xc


def softmax_(s: np.ndarray) -> np.ndarray:
    s -= s.max(-1, keepdims=True)
    np.exp(s, out=s)
    s /= s.sum(-1, keepdims=True)
    return s


def forward(ids: np.ndarray, w: dict, be) -> np.ndarray:
    """Pooled embeddings (batch, hidden) of token ids (batch, length) through backend `be`'s contractions."""
    B, T = ids.shape
    H = w["word"].shape[1]
    x = be.layer_norm((w["word"][ids] + w["pos"][:T]).reshape(B * T, H), *w["ln_e"])
    for i, L in enumerate(w["layers"]):
        ctx = be.attention(be.qkv(i, x), B, T, w["heads"])  # (B*T, H)
        x = be.layer_norm(be.linear(i, "out", ctx, residual=x), *L["ln1"])
        x = be.layer_norm(be.linear(i, "down", be.linear(i, "up", x), residual=x), *L["ln2"])
    return x.reshape(B, T, H).mean(1)


def split_heads(qkv: np.ndarray, B: int, T: int, heads: int, padded: int | None = None) -> np.ndarray:
    """(3, B, heads, T, d) of the QKV projection (B*T, 3H), one copy; with `padded` rows a head
    (>= T), rows past T are zero."""
    d = qkv.shape[1] // (3 * heads)
    view = qkv.reshape(B, T, 3, heads, d).transpose(2, 0, 3, 1, 4)
    if padded is None or padded == T:
        return view.copy()
    out = np.zeros((3, B, heads, padded, d), qkv.dtype)
    out[:, :, :, :T] = view
    return out


def merge_heads(ctx: np.ndarray, T: int) -> np.ndarray:
    """(B*T, H) of the attention output (B, heads, >= T, d)."""
    B, heads, _, d = ctx.shape
    return ctx[:, :, :T].transpose(0, 2, 1, 3).reshape(B * T, heads * d)


class NumpyBackend:
    name = "numpy"

    def __init__(self, w: dict):
        self.w = w

    def layer_norm(self, x, g, b):
        return layer_norm(x, g, b)

    def qkv(self, i, x):
        return self.linear(i, "qkv", x)

    def linear(self, i, which, x, residual=None):
        L = self.w["layers"][i]
        y = x @ L[which]
        y += L["b_" + which]
        if which == "up":
            y = gelu(y)
        if residual is not None:
            y += residual
        return y

    def attention(self, qkv, B, T, heads):
        q, k, v = split_heads(qkv, B, T, heads)
        s = np.matmul(q, k.swapaxes(-1, -2))
        s *= 1 / math.sqrt(q.shape[-1])
        return merge_heads(np.matmul(softmax_(s), v), T)


class NanommBackend:
    """Each projection a dynamic-M kernel with its weights pre-packed and its epilogue fused; the
    attention products batched kernels of any count (batch x heads) per length bucket."""

    BUCKET = 16  # attention lengths are padded to a multiple of this: one kernel pair a bucket
    SCORE_BYTES = 1 << 20  # attention scores a group of sentences may hold (half of a 2 MiB L2)

    def __init__(self, w: dict, threads: int, dtype: str = "f32", split_qkv: bool = False,
                 max_length: int = 128, row_kernels: bool = True, static_m: str | None = None):
        import nanomm
        from nanomm.runtime.convert import to_bfloat16

        self.row_kernels, self.static_m = row_kernels, static_m
        self.nanomm, self.threads, self.dtype = nanomm, threads, dtype
        self.to_bf16 = to_bfloat16 if dtype == "bf16" else None
        self.w_scales: dict = {}  # int8: id(kernel) -> the weights' column scales
        self.layers = []
        for L in w["layers"]:
            H = L["out"].shape[0]
            kernels = {}
            for which, ep in (("qkv", dict(bias=True)), ("out", dict(bias=True, residual=True)),
                              ("up", dict(bias=True, activation="gelu")), ("down", dict(bias=True, residual=True))):
                parts = [(which, slice(None))]
                if which == "qkv" and split_qkv:
                    parts = [(f"qkv{j}", slice(j * H, (j + 1) * H)) for j in range(3)]
                for name, cols in parts:
                    W = np.ascontiguousarray(L[which][:, cols])
                    kernels[name] = (self._kernel(W, ep), np.ascontiguousarray(L["b_" + which][cols]))
            self.layers.append(kernels)
        self.split_qkv = split_qkv
        d = w["word"].shape[1] // w["heads"]
        self.buckets = {}  # padded length -> (scores kernel, context kernel, {T: mask})
        self.buckets_one = {}  # padded length -> (scores, context) on one thread
        self.workers = threads or len(os.sched_getaffinity(0))
        self.pool = None
        if self.workers > 1:
            from concurrent.futures import ThreadPoolExecutor

            self.pool = ThreadPoolExecutor(self.workers)
        for Tp in range(self.BUCKET, max_length + self.BUCKET, self.BUCKET):
            scores, context = self._attention_kernels(Tp, d, threads)
            self.buckets[Tp] = (scores, context, {})
            # one-thread twins for the groups of sentences run side by side
            self.buckets_one[Tp] = self._attention_kernels(Tp, d, 1) if self.workers > 1 else (scores, context)
            if row_kernels:  # the bucket's softmax kernel, compiled now (not on a request)
                nanomm.softmax(np.zeros((1, Tp), np.float32))
        H = w["word"].shape[1]
        if row_kernels:
            nanomm.layer_norm(np.zeros((1, H), np.float32), np.ones(H), np.zeros(H), eps=LN_EPS)

    def _attention_kernels(self, Tp: int, d: int, threads: int):
        """(scores, context) of a length bucket: Q K^T / sqrt(d) + the mask as bias, and P V."""
        nanomm = self.nanomm
        return (nanomm.compile_matmul(Tp, Tp, d, batch=None, transpose_b=True, threads=threads,
                                      epilogue=nanomm.Epilogue(alpha=1 / math.sqrt(d), bias=True)),
                nanomm.compile_matmul(Tp, d, Tp, batch=None, threads=threads))

    def layer_norm(self, x, g, b):
        if not self.row_kernels:
            return layer_norm(x, g, b)
        return self.nanomm.layer_norm(x, g, b, eps=LN_EPS, out=x, threads=self.threads)  # x: a temporary here

    def softmax(self, s, threads=None):
        if not self.row_kernels:
            return softmax_(s)
        return self.nanomm.softmax(s, out=s, threads=self.threads if threads is None else threads)

    def _kernel(self, W, ep):
        K, N = W.shape
        if self.dtype == "u8s8":  # symmetric int8 weights, one scale a column
            w_scale = np.maximum(np.abs(W).max(0), 1e-12) / 127
            b = np.rint(W / w_scale).astype(np.int8)
            ep = dict(ep, scale=True, zero_point=True)
        else:
            b = self.to_bf16(W) if self.to_bf16 else W
        if self.static_m:
            kernel = StaticM(self.nanomm, N, K, self.dtype, b, self.threads, self.nanomm.Epilogue(**ep),
                             tuned=self.static_m == "tuned")
        else:
            kernel = self.nanomm.compile_matmul(None, N, K, self.dtype, b=b, threads=self.threads,
                                                epilogue=self.nanomm.Epilogue(**ep))
        if self.dtype == "u8s8":
            self.w_scales[id(kernel)] = w_scale.astype(np.float32)
        return kernel

    def _a(self, x):
        return self.to_bf16(x) if self.to_bf16 else x

    def _run(self, kernel, x, **kw):
        if self.dtype != "u8s8":
            return kernel(self._a(x), **kw)
        # u8 activations, per tensor: x ~ (q - zero_point) * scale
        lo, hi = min(float(x.min()), 0.0), max(float(x.max()), 0.0)
        scale = max(hi - lo, 1e-12) / 255
        zero_point = int(round(-lo / scale))
        q = x * np.float32(1 / scale)
        q += zero_point
        np.rint(q, out=q)
        np.clip(q, 0, 255, out=q)
        return kernel(q.astype(np.uint8), scale=self.w_scales[id(kernel)] * np.float32(scale),
                      a_zero_point=zero_point, **kw)

    def qkv(self, i, x):
        if not self.split_qkv:
            return self.linear(i, "qkv", x)
        out = np.empty((x.shape[0], 3 * x.shape[1]), np.float32)
        parts = [self._run(kernel, x, bias=bias) for kernel, bias in (self.layers[i][f"qkv{j}"] for j in range(3))]
        return np.concatenate(parts, axis=1, out=out)

    def linear(self, i, which, x, residual=None):
        kernel, bias = self.layers[i][which]
        return self._run(kernel, x, bias=bias, residual=residual)

    def attention(self, qkv, B, T, heads):
        Tp = -(-T // self.BUCKET) * self.BUCKET
        scores, context, masks = self.buckets[Tp]
        mask = masks.get(T)
        if mask is None:  # the padded keys out of every softmax: -inf added to their scores
            mask = masks[T] = np.where(np.arange(Tp) < T, 0, -np.inf).astype(np.float32)
        # Sentences in groups whose scores fit SCORE_BYTES, so that the scores, their softmax and P @ V
        # meet in L2 rather than in memory (32 x 128 tokens: 25 MB of scores a layer otherwise). On
        # several threads each thread takes a run of sentences, group by group on one-thread kernels
        # (a group is too little work to split: BATCH_PARALLEL_MIN_SECONDS).
        group = max(1, self.SCORE_BYTES // (heads * Tp * Tp * 4))
        if group >= B:
            return self._attend(qkv, B, T, heads, Tp, scores, context, mask)
        out = np.empty((B * T, qkv.shape[1] // 3), np.float32)
        one = self.buckets_one[Tp]

        def run(first, last):
            for b in range(first, last, group):
                n = min(group, last - b)
                out[b * T:(b + n) * T] = self._attend(qkv[b * T:(b + n) * T], n, T, heads, Tp, *one, mask, 1)

        if self.pool is None:
            run(0, B)
        else:
            bounds = [B * i // self.workers for i in range(self.workers + 1)]
            for done in [self.pool.submit(run, a, b) for a, b in zip(bounds, bounds[1:]) if b > a]:
                done.result()
        return out

    def _attend(self, qkv, B, T, heads, Tp, scores, context, mask, threads=None):
        q, k, v = (x.reshape(B * heads, Tp, -1) for x in split_heads(qkv, B, T, heads, Tp))
        p = self.softmax(scores(q, k.swapaxes(-1, -2), bias=mask), threads)
        return merge_heads(context(p, v).reshape(B, heads, Tp, -1), T)


def numpy_forward(w: dict):
    be = NumpyBackend(w)
    return lambda ids: forward(ids, w, be)


class StaticM:
    """A projection as static-M kernels, each compiled at the first call of its M (here: the warm-up)
    with the weights pre-packed: `compile_matmul(M, N, K, b=W)`, so `nanomm tune --prepacked`
    records for (M, N, K) apply (`tuned`), or the heuristic's default config (records ignored)."""

    def __init__(self, nanomm, N, K, dtype, b, threads, epilogue, tuned: bool):
        self.nanomm, self.N, self.K, self.dtype, self.b = nanomm, N, K, dtype, b
        self.threads, self.epilogue, self.tuned = threads, epilogue, tuned
        self.kernels: dict = {}

    def __call__(self, a, **kw):
        M = a.shape[0]
        kernel = self.kernels.get(M)
        if kernel is None:
            config = None
            if not self.tuned:  # one thread: the config compile_matmul picks without a record
                from nanomm.compiler.build import target_cpu

                config = self.nanomm.default_config(M, self.N, self.K, target_cpu("host"), prepacked_b=True,
                                                    dtype=self.dtype)
            kernel = self.kernels[M] = self.nanomm.compile_matmul(M, self.N, self.K, self.dtype, config=config,
                                                                  b=self.b, threads=self.threads,
                                                                  epilogue=self.epilogue)
        return kernel(a, **kw)


def nanomm_forward(w: dict, threads: int, **kw):
    be = NanommBackend(w, threads, **kw)
    return lambda ids: forward(ids, w, be)


def torch_forward(w: dict, threads: int):
    import torch
    import torch.nn.functional as F

    torch.set_num_threads(threads)
    t = lambda x: torch.from_numpy(np.ascontiguousarray(x))  # noqa: E731
    H, heads = w["word"].shape[1], w["heads"]
    word, pos, ln_e = t(w["word"]), t(w["pos"]), tuple(map(t, w["ln_e"]))
    # nn.Linear's layout: weight [out, in]
    layers = [{k: (t(v.T) if k in ("qkv", "out", "up", "down") else tuple(map(t, v)) if isinstance(v, tuple) else t(v))
               for k, v in L.items()} for L in w["layers"]]

    def run(ids: np.ndarray) -> np.ndarray:
        B, T = ids.shape
        with torch.inference_mode():
            x = F.layer_norm(word[torch.from_numpy(ids)] + pos[:T], (H,), *ln_e, eps=LN_EPS)
            for L in layers:
                q, k, v = F.linear(x, L["qkv"], L["b_qkv"]).view(B, T, 3, heads, H // heads).permute(2, 0, 3, 1, 4)
                ctx = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(B, T, H)
                x = F.layer_norm(F.linear(ctx, L["out"], L["b_out"]) + x, (H,), *L["ln1"], eps=LN_EPS)
                h = F.gelu(F.linear(x, L["up"], L["b_up"]))
                x = F.layer_norm(F.linear(h, L["down"], L["b_down"]) + x, (H,), *L["ln2"], eps=LN_EPS)
            return x.mean(1).numpy()

    return run


def onnx_model(w: dict):
    """The encoder as an ONNX graph (opset 18) with the weights as initializers; dynamic batch and length."""
    from onnx import TensorProto, helper, numpy_helper

    H, heads = w["word"].shape[1], w["heads"]
    d = H // heads
    inits, nodes = [], []

    def const(name, value):
        inits.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def node(op, inputs, name, **attrs):
        nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
        return name

    const("word", w["word"]), const("pos", w["pos"])
    const("zero", np.array([0], np.int64)), const("one", np.array([1], np.int64))
    const("qkv_shape", np.array([0, 0, 3, heads, d], np.int64)), const("ctx_shape", np.array([0, 0, H], np.int64))
    const("scale", np.float32(1 / math.sqrt(d))), const("half", np.float32(0.5))
    const("one_f", np.float32(1.0)), const("rsqrt2", np.float32(1 / math.sqrt(2)))
    length = node("Slice", [node("Shape", ["ids"], "ids_shape"), "one", node("Add", ["one", "one"], "two")], "length")
    emb = node("Add", [node("Gather", ["word", "ids"], "tok"), node("Slice", ["pos", "zero", length, "zero"], "pos_t")],
               "emb")

    def ln(x, gb, name):
        const(name + ".g", gb[0]), const(name + ".b", gb[1])
        return node("LayerNormalization", [x, name + ".g", name + ".b"], name, axis=-1, epsilon=LN_EPS)

    def linear(x, W, b, name):
        const(name + ".w", W), const(name + ".bias", b)
        return node("Add", [node("MatMul", [x, name + ".w"], name + ".mm"), name + ".bias"], name)

    x = ln(emb, w["ln_e"], "ln_e")
    for i, L in enumerate(w["layers"]):
        p = f"l{i}."
        qkv = node("Transpose", [node("Reshape", [linear(x, L["qkv"], L["b_qkv"], p + "qkv"), "qkv_shape"],
                                      p + "qkv5")], p + "qkvT", perm=[2, 0, 3, 1, 4])
        q, k, v = (node("Gather", [qkv, const(p + f"i{j}", np.int64(j))], p + "qkv"[j], axis=0) for j in range(3))
        s = node("Mul", [node("MatMul", [q, node("Transpose", [k], p + "kT", perm=[0, 1, 3, 2])], p + "qk"), "scale"],
                 p + "s")
        ctx = node("MatMul", [node("Softmax", [s], p + "p", axis=-1), v], p + "ctx")
        ctx = node("Reshape", [node("Transpose", [ctx], p + "ctxT", perm=[0, 2, 1, 3]), "ctx_shape"], p + "ctx3")
        x = ln(node("Add", [linear(ctx, L["out"], L["b_out"], p + "o"), x], p + "res1"), L["ln1"], p + "ln1")
        u = linear(x, L["up"], L["b_up"], p + "up")
        g = node("Mul", [node("Mul", [u, node("Add", [node("Erf", [node("Mul", [u, "rsqrt2"], p + "u2")], p + "erf"),
                                                      "one_f"], p + "erf1")], p + "ue"), "half"], p + "gelu")
        x = ln(node("Add", [linear(g, L["down"], L["b_down"], p + "dn"), x], p + "res2"), L["ln2"], p + "ln2")
    node("ReduceMean", [x, "one"], "pooled", keepdims=0)
    graph = helper.make_graph(nodes, "encoder", [helper.make_tensor_value_info("ids", TensorProto.INT64, ["B", "T"])],
                              [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["B", H])], inits)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])


def onnxruntime_forward(w: dict, threads: int):
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads, opts.inter_op_num_threads = threads, 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(onnx_model(w).SerializeToString(), opts, providers=["CPUExecutionProvider"])
    return lambda ids: session.run(None, {"ids": ids.astype(np.int64)})[0]


def make_backend(name: str, w: dict, threads: int):
    """(forward or None, why not)."""
    try:
        if name == "numpy":
            return numpy_forward(w), None
        if name.startswith("nanomm"):
            dtype = "bf16" if "bf16" in name else "u8s8" if "int8" in name else "f32"
            static = "default" if name.endswith("static-default") else "tuned" if "static" in name else None
            return nanomm_forward(w, threads, dtype=dtype, split_qkv="qkv3" in name,
                                  row_kernels="numpy-rows" not in name, static_m=static), None
        if name == "onnxruntime":
            return onnxruntime_forward(w, threads), None
        if name == "torch":
            return torch_forward(w, threads), None
    except ImportError as exc:
        return None, f"not installed ({exc})"
    raise SystemExit(f"error: unknown backend {name!r} (known: {', '.join(BACKENDS)})")


# ---------------------------------------------------------------- measuring

def cosine(a: np.ndarray, b: np.ndarray) -> float:
    a, b = a.astype(np.float64), b.astype(np.float64)
    return float(np.min(np.sum(a * b, 1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))))


def timed(fn, ids) -> float:
    t0 = time.perf_counter()
    fn(ids)
    return time.perf_counter() - t0


def measure(forwards: dict, ids: np.ndarray, rounds: int, target: float, gap: float = 0.0) -> dict:
    """{name: {"best_s", "round_medians_s", "spread"}}: warm-up, then interleaved rounds, `gap` seconds
    of sleep before each backend's turn (the previous one's spinning worker threads go to sleep)."""
    reps = {}
    for name, fn in forwards.items():
        time.sleep(gap)
        t = timed(fn, ids)
        if t < 2:
            t = timed(fn, ids)
        reps[name] = max(1, min(50, round(target / t)))
    medians: dict = {name: [] for name in forwards}
    for r in range(rounds):
        for name in (list(forwards) if r % 2 == 0 else list(forwards)[::-1]):
            time.sleep(gap)
            medians[name].append(statistics.median(timed(forwards[name], ids) for _ in range(reps[name])))
    return {name: {"best_s": min(m), "round_medians_s": m, "spread": (max(m) - min(m)) / min(m), "reps": reps[name]}
            for name, m in medians.items()}


def build_counts() -> dict:
    from nanomm.compiler import build
    return dict(build.build_counts())


def serve(forwards: dict, requests: list[tuple[int, int]], rng, gap: float = 0.0) -> dict:
    """Latency of each request (random batch x length) through each backend, `gap` seconds after the
    previous backend's last; nanomm's request-path builds."""
    out = {}
    for name, fn in forwards.items():
        time.sleep(gap)
        before = build_counts() if name.startswith("nanomm") else None
        lat = []
        for B, T in requests:
            ids = rng.integers(0, VOCAB, (B, T))
            lat.append(timed(fn, ids))
        entry = {"p50_s": float(np.percentile(lat, 50)), "p99_s": float(np.percentile(lat, 99)),
                 "mean_s": float(np.mean(lat)), "latencies_s": lat}
        if before is not None:
            after = build_counts()
            entry["builds_on_request_path"] = {k: after.get(k, 0) - before.get(k, 0) for k in after}
        out[name] = entry
    return out


def breakdown(w: dict, threads: int, ids: np.ndarray, reps: int = 5) -> dict:
    """Where a forward's time goes: nanomm's, by part of the model (its kernels by projection and
    attention product, the numpy code around them), best of `reps`; ONNX Runtime's, by operator
    type, from its profiler (the mean of `reps` forwards after a warm-up)."""
    import collections
    import tempfile

    out = {name: _parts(w, threads, ids, reps, row_kernels) for name, row_kernels in
           (("nanomm", True), ("nanomm-numpy-rows", False))}
    try:
        import onnxruntime as ort
    except ImportError:
        return out
    opts = ort.SessionOptions()
    opts.intra_op_num_threads, opts.inter_op_num_threads = threads, 1
    opts.enable_profiling = True
    opts.profile_file_prefix = str(Path(tempfile.mkdtemp()) / "ort")
    session = ort.InferenceSession(onnx_model(w).SerializeToString(), opts, providers=["CPUExecutionProvider"])
    session.run(None, {"ids": ids.astype(np.int64)})
    t0 = time.perf_counter()
    for _ in range(reps):
        session.run(None, {"ids": ids.astype(np.int64)})
    total = (time.perf_counter() - t0) / reps
    events = json.loads(Path(session.end_profiling()).read_text())
    by_op: collections.Counter = collections.Counter()
    for e in events:
        if e.get("cat") == "Node" and e.get("name", "").endswith("_kernel_time"):
            by_op[e["args"]["op_name"]] += e["dur"] * 1e-6
    # the warm-up run is in the profile too: (reps + 1) forwards
    out["onnxruntime"] = {"total_s": total, "parts_s": {k: v / (reps + 1) for k, v in by_op.items()}}
    return out


def _parts(w: dict, threads: int, ids: np.ndarray, reps: int, row_kernels: bool) -> dict:
    """nanomm's forward, best of `reps`, its time by part."""
    import collections

    g = globals()
    be = NanommBackend(w, threads, row_kernels=row_kernels)
    spent: collections.Counter = collections.Counter()

    def timed_as(fn, name):
        def run(*a, **k):
            t0 = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.perf_counter() - t0
        return run

    saved = {n: g[n] for n in ("split_heads", "merge_heads")}
    for n, fn in saved.items():
        g[n] = timed_as(fn, n)
    be.layer_norm, be.softmax = timed_as(be.layer_norm, "layer norm"), timed_as(be.softmax, "softmax")
    for kernels in be.layers:
        for name, (kernel, bias) in list(kernels.items()):
            kernels[name] = (timed_as(kernel, f"projection {name}"), bias)
    be.buckets = {Tp: (timed_as(sc, "attention Q K^T"), timed_as(cx, "attention P V"), masks)
                  for Tp, (sc, cx, masks) in be.buckets.items()}
    be.buckets_one = {Tp: (timed_as(sc, "attention Q K^T"), timed_as(cx, "attention P V"))
                      for Tp, (sc, cx) in be.buckets_one.items()}
    best = None
    try:
        for _ in range(reps + 1):
            spent.clear()
            t0 = time.perf_counter()
            forward(ids, w, be)
            total = time.perf_counter() - t0
            if best is None or total < best[0]:
                best = (total, dict(spent))
    finally:
        g.update(saved)
    total, parts = best
    parts["other (embeddings, reshapes, pooling)"] = total - sum(parts.values())
    return {"total_s": total, "parts_s": parts}


def child(args) -> dict:
    """One thread count: every model x input x backend; the serving run."""
    from nanomm.runtime.threads import available_cores
    import threadpoolctl

    if args.threads == 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    threads = args.threads or available_cores()
    threadpoolctl.threadpool_limits(threads)  # numpy's OpenBLAS
    if args.spin_rounds is not None:  # before nanomm's pool starts: its workers' spin before they sleep
        import nanomm.runtime.native_pool as native_pool
        native_pool.SPIN_ROUNDS = args.spin_rounds
    names = args.backends.split(",")
    gap = args.gap if args.gap is not None else (0.3 if threads > 1 else 0.0)
    rng = np.random.default_rng(1)
    results, skipped, ready = [], {}, {}
    for model in args.models.split(","):
        w = make_weights(model)
        w64 = as_float64(w)
        forwards = {}
        for name in names:
            t0 = time.perf_counter()
            fn, why = make_backend(name, w, threads)
            if fn is None:
                skipped[name] = why
                _report.log(f"{name}: {why}")
                continue
            forwards[name] = fn
            ready[f"{model} {name}"] = time.perf_counter() - t0
            _report.log(f"{model}: {name} ready in {ready[f'{model} {name}']:.1f} s")
        for text in filter(None, args.inputs.split(",")):
            B, T = map(int, text.split("x"))
            ids = rng.integers(0, VOCAB, (B, T))
            ref = forward(ids, w64, NumpyBackend(w64))
            agree = {}
            for name, fn in forwards.items():
                t0 = time.perf_counter()
                got = fn(ids)
                agree[name] = {"cosine": cosine(got, ref), "error": float(np.max(np.abs(got - ref)) / np.max(np.abs(ref)))}
                _report.log(f"{model} {B}x{T} {name}: first call {time.perf_counter() - t0:.2f} s, "
                            f"cosine {agree[name]['cosine']:.7f}, error {agree[name]['error']:.1e}")
                low = "bf16" in name or "int8" in name  # reported; float32 backends must agree closely
                if not agree[name]["cosine"] >= (0.999 if low else 0.9999):
                    raise SystemExit(f"error: {name} disagrees with the float64 forward: {agree[name]}")
            timing = measure(forwards, ids, args.rounds, args.target, gap)
            results.append({"model": model, "batch": B, "length": T, "threads": threads,
                            "backends": {n: {**timing[n], **agree[n]} for n in forwards}})
            _report.log(f"{model} {B}x{T} t{threads}: " + ", ".join(f"{n} {timing[n]['best_s'] * 1e3:.1f} ms"
                                                                    for n in forwards))
            if args.breakdown:
                results[-1]["breakdown"] = breakdown(w, threads, ids)
        if args.serve:
            requests = [(int(rng.integers(1, 9)), int(rng.integers(8, 129))) for _ in range(args.serve)]
            for B, T in {(1, 8), (8, 128)}:  # warm-up beyond the fixed-size part: the extremes of the range
                for fn in forwards.values():
                    fn(rng.integers(0, VOCAB, (B, T)))
            B, T = map(int, args.serve_fixed.split("x"))
            for what, reqs in (("random", requests), (args.serve_fixed, [(B, T)] * args.serve)):
                results.append({"model": model, "serve": len(reqs), "sizes": what, "threads": threads,
                                "requests": reqs, "backends": serve(forwards, reqs, rng, gap)})
                _report.log(f"{model} serving {what} t{threads}: " + ", ".join(
                    f"{n} p50 {e['p50_s'] * 1e3:.1f} p99 {e['p99_s'] * 1e3:.1f} ms"
                    for n, e in results[-1]["backends"].items()))
    return {"threads": threads, "results": results, "skipped": skipped, "ready_s": ready}


# ---------------------------------------------------------------- the report

def markdown(report: dict) -> str:
    lines = [f"# {_report.title(report)}", "",
             f"{_report.provenance_line(report)}. "
             "Times are each backend's best round median per forward; ratios are the peer's time over "
             "nanomm's (above 1: nanomm is faster), and nanomm's (float32) over its variants' (above 1: the variant "
             "is faster). Agreement with the float64 forward: error, the largest "
             "difference in the pooled embeddings over their largest magnitude; cosine, the smallest over the batch.",
             ""]
    for run in report["runs"]:
        for name, why in run["skipped"].items():
            lines.append(f"- {run['threads']} threads: {name} {why}")
    fixed = [r for run in report["runs"] for r in run["results"] if "serve" not in r]
    if fixed:
        names = [n for n in BACKENDS if any(n in r["backends"] for r in fixed)]
        peers = [n for n in names if not n.startswith("nanomm")]
        variants = [n for n in names if n.startswith("nanomm-")]
        head = ["model", "batch x len", "threads"] + [f"{n} ms" for n in names] + [f"{p} / nanomm" for p in peers] \
            + [f"nanomm / {v}" for v in variants] + ["error / 1 - cosine (" + ", ".join(names) + ")"]
        rows = []
        for r in fixed:
            be = r["backends"]
            ms = [f"{be[n]['best_s'] * 1e3:.2f}" if n in be else "-" for n in names]
            ratio = [f"{be[p]['best_s'] / be['nanomm']['best_s']:.2f}" if p in be and "nanomm" in be else "-"
                     for p in peers]
            ratio += [f"{be['nanomm']['best_s'] / be[v]['best_s']:.2f}" if v in be and "nanomm" in be else "-"
                      for v in variants]
            cos = ", ".join(f"{be[n]['error']:.1e} / {1 - be[n]['cosine']:.0e}" for n in names if n in be)
            rows.append([r["model"], f"{r['batch']}x{r['length']}", str(r["threads"])] + ms + ratio + [cos])
        lines += ["", _report.render_markdown(head, rows, {0, 1}), ""]
        spreads = [f"{r['model']} {r['batch']}x{r['length']} t{r['threads']} {n} {e['spread'] * 100:.0f} %"
                   for r in fixed for n, e in r["backends"].items() if e["spread"] > 0.1]
        if spreads:
            lines.append("Round spreads above 10 %: " + "; ".join(spreads) + ".")
    for r in fixed:
        if "breakdown" not in r:
            continue
        lines += ["", f"Where the time goes, {r['model']} {r['batch']}x{r['length']}, {r['threads']} threads (ms a forward):", ""]
        for name, part in r["breakdown"].items():
            items = sorted(part["parts_s"].items(), key=lambda kv: -kv[1])
            lines.append(f"- {name} ({part['total_s'] * 1e3:.2f} ms): "
                         + ", ".join(f"{k} {v * 1e3:.2f}" for k, v in items if v * 1e3 >= 0.005))
    for run in report["runs"]:
        if run.get("ready_s"):
            lines += ["", f"Ready at {run['threads']} thread(s) (weights packed and kernels built, from the disk "
                          "cache where it holds them): " + ", ".join(f"{k} {v:.1f} s" for k, v in run["ready_s"].items()) + "."]
    served = [r for run in report["runs"] for r in run["results"] if "serve" in r]
    if served:
        head = ["model", "requests", "threads", "backend", "p50 ms", "p99 ms", "p99 / p50", "mean ms",
                "builds on the request path"]
        rows = []
        for r in served:
            for n, e in r["backends"].items():
                builds = e.get("builds_on_request_path")
                rows.append([r["model"], r.get("sizes", "random"), str(r["threads"]), n, f"{e['p50_s'] * 1e3:.2f}",
                             f"{e['p99_s'] * 1e3:.2f}",
                             f"{e['p99_s'] / e['p50_s']:.2f}", f"{e['mean_s'] * 1e3:.2f}",
                             "-" if builds is None else ", ".join(f"{k} {v}" for k, v in builds.items())])
        lines += ["", f"Serving: {served[0]['serve']} requests a row, `random`: batch 1-8 x length 8-128 (the same "
                      "for every backend), else all of the size named; after the warm-up.", "",
                  _report.render_markdown(head, rows, {0, 1, 3}), ""]
    return "\n".join(lines) + "\n"


def plot(report: dict, path: Path) -> Path | None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fixed = [r for run in report["runs"] for r in run["results"] if "serve" not in r]
    if not fixed:
        return None
    names = [n for n in BACKENDS if any(n in r["backends"] for r in fixed)]
    labels = [f"{r['model']}\n{r['batch']}x{r['length']} t{r['threads']}" for r in fixed]
    fig, ax = plt.subplots(figsize=(max(6, 1.3 * len(fixed)), 4.5))
    width = 0.8 / len(names)
    for j, n in enumerate(names):
        ax.bar([i + j * width for i in range(len(fixed))],
               [r["backends"][n]["best_s"] * 1e3 if n in r["backends"] else 0 for r in fixed], width, label=n)
    ax.set_yscale("log")
    ax.set_ylabel("ms per forward (log)")
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(fixed))], labels, fontsize=8)
    ax.legend(fontsize=8)
    ax.set_title(f"{report.get('cpu_name') or report.get('cpu')}, {report['started']}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def publish(report: dict, path: Path) -> None:
    path.write_text(json.dumps(report, indent=1, default=str))
    md = path.with_suffix(".md")
    md.write_text(markdown(report))
    png = plot(report, path.with_name(path.stem + "-latency.png"))
    print(markdown(report))
    print(f"JSON: {path}\nMarkdown: {md}" + (f"\nPNG: {png}" if png else ""))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--models", default="minilm,bert")
    p.add_argument("--inputs", default="1x16,32x128", help="BATCHxLENGTH,...")
    p.add_argument("--backends", default=DEFAULT_BACKENDS, help=f"of {', '.join(BACKENDS)}")
    p.add_argument("--threads", default="1,0", help="thread counts, each run in its own process; 0: every core")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--target", type=float, default=0.3, help="seconds of forwards per round and backend")
    p.add_argument("--spin-rounds", type=int, default=None,
                   help="nanomm's pool workers' spin rounds before they sleep (runtime/native_pool.py SPIN_ROUNDS)")
    p.add_argument("--gap", type=float, default=None,
                   help="seconds of sleep before each backend's turn in a round (default 0.3 on several threads: "
                        "other libraries' threads spin for a while after a call)")
    p.add_argument("--serve", type=int, default=0, help="requests in the serving run (0: none)")
    p.add_argument("--serve-fixed", default="4x64", help="BATCHxLENGTH of the serving run's fixed-size requests")
    p.add_argument("--breakdown", action="store_true",
                   help="also where the time of a forward goes: nanomm's by part (on several threads, attention's parts add each thread's time), ONNX Runtime's by operator")
    p.add_argument("--out", default=None, help="JSON path (default bench/out/bench_model-<cpu>-<date>.json)")
    p.add_argument("--replot", default=None, help="a report's JSON: write its Markdown and PNG again")
    p.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.replot:
        publish(json.loads(Path(args.replot).read_text()), Path(args.replot))
        return 0
    if args.child:
        args.threads = int(args.threads)
        Path(args.child).write_text(json.dumps(child(args), default=str))
        return 0
    started = datetime.datetime.now()
    runs = []
    for threads in args.threads.split(","):
        tmp = Path(f"/tmp/bench_model-{os.getpid()}-{threads}.json")
        cmd = [sys.executable, __file__, "--child", str(tmp), "--threads", threads] + [
            a for k in ("models", "inputs", "backends", "rounds", "target", "serve", "serve_fixed")
            for a in (f"--{k.replace('_', '-')}", str(getattr(args, k)))] + (["--breakdown"] if args.breakdown else []) \
            + ([] if args.gap is None else ["--gap", str(args.gap)]) \
            + ([] if args.spin_rounds is None else ["--spin-rounds", str(args.spin_rounds)])
        if subprocess.call(cmd) != 0:
            return 1
        runs.append(json.loads(tmp.read_text()))
        tmp.unlink()
    report = {"tool": "bench/bench_model.py", **_report.provenance(_report.argv_of(__file__, argv)),
              "started": started.isoformat("T", "seconds"), "loadavg": _report.loadavg(),
              "versions": {**_report.versions(), **{d: _report.dist_version(d) for d in ("onnxruntime", "onnx", "torch")}},
              "runs": runs}
    publish(report, _report.result_path("bench_model", started, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

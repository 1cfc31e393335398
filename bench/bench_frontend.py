"""Layers exported by torch-mlir, compiled by nanomm.compile, against torch eager in the same process.

    pip install torch==2.13.0 torch-mlir==20261001                   # the frontend (not a nanomm dependency)
    python bench/bench_frontend.py                                   # every layer, one thread
    python bench/bench_frontend.py --layers mlp --threads 0          # all cores

Each layer is a torch module (deterministic random weights), exported with
`torch_mlir.fx.export_and_import(..., output_type="linalg-on-tensors")` (weights frozen as
dense_resource constants) and compiled by `nanomm.compile` (compiler/graph.py: constant weights packed
once, element-wise consumers fused into the epilogues); the compile time is reported. Layers:
- `mlp`: TPP-MLIR's MLP benchmark, 3 x [Linear + ReLU], 1024 wide, batch 256;
- `minilm.ffn`: MiniLM-L6's feed-forward block on 128 tokens, x + Linear(GELU(Linear(x))) (384 -> 1536 -> 384);
- `bert.up`: BERT-base's up-projection with GELU, 128 tokens (768 -> 3072);
- `scores`: attention scores Q @ K^T / sqrt(d), 8 x 12 heads x 128 tokens, head dim 64;
- `minilm.layer`: `nn.TransformerEncoderLayer(384, 12, 1536, activation="gelu")` (post-LN, MiniLM's
  sizes), batch 8 x 128 tokens: projections through nanomm's kernels, softmax and layer norms (torch's
  safe softmax, f64 statistics) through MLIR's own lowering (compiler/upstream.py);
- `minilm`: six such layers (`nn.TransformerEncoder`, each layer's weights drawn apart: torch.onnx.export
  stores identical weights once), batch 8 x 128; `minilm.1x16`, `minilm.1x2`: the same on one sentence of
  16 and 2 tokens (latency: the weights, 42 MB, read from memory at each forward);
- `minilm.dynamic`: the same, exported with a dynamic token count (compiled for 128 tokens at its first
  call, compiler/per_shape.py; its compile time includes that);
- `resnet18`: ResNet-18 (tests/unit/data/torch_mlir/generate.py's ResNet), one 224 x 224 image: its
  convolutions as window copies and matmuls against the pre-packed filters (passes/conv_matmul.py);
- `resnet50`: ResNet-50 (bottleneck blocks, the stride on the 3 x 3 convolution as torchvision's), one
  224 x 224 image;
- `vgg16`: VGG-16's 13 convolutions (3 x 3 at stride 1, ReLU, max pools; torchvision's layout, no batch
  norm) with a global average pool and one Linear for its 102 M-weight classifier, one 224 x 224 image;
- `mobilenetv2`: MobileNetV2 (the same file's), one 224 x 224 image: its depthwise convolutions as
  loops of vector FMAs with the batch norms and ReLU6 after them (passes/depthwise.py), the 1 x 1
  convolutions as matmuls;
- `convnext.block`: a ConvNeXt-T block (stage 1: 96 channels at 56 x 56, one image): a 7 x 7 depthwise
  convolution of the block's input (torch's layout), layer norm, Linear + GELU, Linear, layer scale,
  residual;
- `block.64x56`, `block.128x28`, `block.256x14`, `block.512x7`: ResNet's basic block (two 3 x 3
  convolutions at stride 1, batch norms, ReLU, the residual add) at each stage's width and size, one
  image: the convolutions as Winograd F(4 x 4, 3 x 3) or F(2 x 2, 3 x 3) where conv_matmul.WINOGRAD_*
  allow (`--no-winograd`: as a window copy and one matmul each; `--winograd-f4-min-tiles 1000000000`:
  F(2 x 2, 3 x 3) only);
- `conv.groups2`, `conv.groups8`, `conv.groups16`, `conv.groups32`: a 3 x 3 convolution of 128 channels
  at 28 x 28 in that many groups (ResNeXt's), and a ReLU: a batch of matmuls, one per group, or MLIR's
  loops for groups of fewer than conv_matmul.GROUPED_MIN_FILTERS filters;
- `llama.layer`: a Llama decoder block (RMSNorm, rotary embeddings, causal attention, SiLU-gated MLP:
  tests/unit/data/torch_mlir/generate.py's LlamaBlock) of width 512, 8 heads, MLP 1408, batch 4 x 128;
- `gpt2.layer`: GPT-2 small's block as Hugging Face writes it (pre-norm, the causal mask a slice of a
  1024 x 1024 table, masked_fill, GELU tanh), width 768, 12 heads, batch 2 x 256;
- `vit.layer`: ViT-S/16's encoder block (norm first, 384 wide, 6 heads, MLP 1536), batch 8 x 197
  tokens (196 patches and the class token: an odd row count).
`--peers torch,onnxruntime` adds ONNX Runtime on the same module (torch.onnx.export, all graph
optimisations, its threads set to match). Every peer runs on the same inputs after an agreement
check (max difference over the output's largest magnitude <= 1e-4), timed in interleaved rounds
(bench/_timing.py); each ratio is the peer's time over nanomm's (above 1: nanomm is faster). The
"upstream share" is the part of nanomm's time spent in the MLIR-lowered segments; a table per layer
breaks nanomm's forward down into its contractions, segments and the rest (timed in extra forwards
that walk the function's values from Python; on one thread the timed forward runs as one native
program where the function has one: compiler/forward_program.py).
`--variant NAME:KNOB=VALUE[,KNOB=VALUE]` (repeatable) also compiles each layer with those compiler
constants set (upper-case names of passes/conv_matmul.py, compiler/graph.py or compiler/upstream.py,
e.g. `f2at7:WINOGRAD_F4_MIN_TILES=5`), checks it like the default and times it in the same rounds, as
a peer: columns `nanomm[NAME] ms` and `nanomm[NAME] / nanomm` (above 1: the default is faster).
One thread pins the process to one CPU first. Compile time is from the disk cache unless
NANOMM_CACHE_DIR names an empty folder (cold). Writes bench/out/bench_frontend-<cpu>-<date>.json
and .md (or --out), with the commit, the CPU and the command line.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _report  # noqa: E402
import _timing  # noqa: E402
import _torch_mlir  # noqa: E402


def torch_mlir_samples():
    """tests/unit/data/torch_mlir/generate.py as a module (its torch modules, e.g. LlamaBlock)."""
    spec = importlib.util.spec_from_file_location(
        "torch_mlir_samples", Path(__file__).resolve().parents[1] / "tests/unit/data/torch_mlir/generate.py")
    samples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(samples)
    return samples


def layers(torch):
    nn, F = torch.nn, torch.nn.functional

    class FFN(nn.Module):
        def __init__(self, d, h):
            super().__init__()
            self.up, self.down = nn.Linear(d, h), nn.Linear(h, d)

        def forward(self, x):
            return x + self.down(F.gelu(self.up(x)))

    class UpGelu(nn.Module):
        def __init__(self, d, h):
            super().__init__()
            self.up = nn.Linear(d, h)

        def forward(self, x):
            return F.gelu(self.up(x))

    class Scores(nn.Module):
        def forward(self, q, k):
            return q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5

    def mlp(width, batch, n):
        parts = []
        for _ in range(n):
            parts += [nn.Linear(width, width), nn.ReLU()]
        return nn.Sequential(*parts), (torch.randn(batch, width),)

    def encoder(layers, batch=8, tokens=128):
        # (a layer alone in an nn.TransformerEncoder too: torch.onnx.export traces a bare layer's attention
        # with a tensor is_causal and fails)
        layer = nn.TransformerEncoderLayer(384, 12, 1536, dropout=0.0, activation="gelu", batch_first=True)
        model = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        # (its layers are deep copies of one: each drawn again, so that they differ as a trained model's do;
        # torch.onnx.export stores identical weights once, and ONNX Runtime would run six layers on one
        # layer's 7 MB of weights, in cache where a model's 42 MB are not)
        for copy in model.layers[1:]:
            for m in copy.modules():
                getattr(m, "reset_parameters", getattr(m, "_reset_parameters", lambda: None))()
        return model, (torch.randn(batch, tokens, 384),)

    class GPT2Block(nn.Module):  # GPT-2 small's block as HF writes it: pre-norm, a causal mask table, gelu tanh
        def __init__(self, d=768, heads=12, tokens=1024):
            super().__init__()
            self.heads, self.ln1, self.ln2 = heads, nn.LayerNorm(d), nn.LayerNorm(d)
            self.attn, self.proj, self.fc, self.out = nn.Linear(d, 3 * d), nn.Linear(d, d), nn.Linear(d, 4 * d), \
                nn.Linear(4 * d, d)
            self.register_buffer("mask", torch.tril(torch.ones(tokens, tokens)).bool())

        def forward(self, x):
            b, t, d = x.shape
            q, k, v = (y.view(b, t, self.heads, d // self.heads).transpose(1, 2)
                       for y in self.attn(self.ln1(x)).split(d, -1))
            scores = (q @ k.transpose(-2, -1) / (d // self.heads) ** 0.5).masked_fill(~self.mask[:t, :t], -1e4)
            x = x + self.proj((F.softmax(scores, -1) @ v).transpose(1, 2).reshape(b, t, d))
            return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))

    def vit_block():  # ViT-S/16's encoder block at 224 x 224: 196 patches and the class token, norm first
        layer = nn.TransformerEncoderLayer(384, 6, 1536, dropout=0.0, activation="gelu", batch_first=True,
                                           norm_first=True)
        return nn.TransformerEncoder(layer, 1, enable_nested_tensor=False), (torch.randn(8, 197, 384),)

    class Bottleneck(nn.Module):  # ResNet-50's block (torchvision's v1.5: the stride on the 3 x 3 convolution)
        def __init__(self, cin, width, stride):
            super().__init__()
            cout = 4 * width
            self.body = nn.Sequential(nn.Conv2d(cin, width, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
                                      nn.Conv2d(width, width, 3, stride, 1, bias=False), nn.BatchNorm2d(width),
                                      nn.ReLU(), nn.Conv2d(width, cout, 1, bias=False), nn.BatchNorm2d(cout))
            self.down = nn.Identity() if stride == 1 and cin == cout else \
                nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            return F.relu(self.down(x) + self.body(x))

    def resnet50():
        parts, cin = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1)], 64
        for i, (width, count) in enumerate(zip((64, 128, 256, 512), (3, 4, 6, 3))):
            for j in range(count):
                parts.append(Bottleneck(cin, width, 2 if i and not j else 1))
                cin = 4 * width
        model = nn.Sequential(*parts, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 1000))
        for m in model.modules():  # (batch norms that are not the identity, as the ResNet sample's)
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)
        return model, (torch.randn(1, 3, 224, 224),)

    def vgg16():  # VGG-16's 13 convolutions (torchvision's layout), a global average pool and one Linear
        parts, cin = [], 3
        for width in (64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"):
            if width == "M":
                parts.append(nn.MaxPool2d(2, 2))
            else:
                parts += [nn.Conv2d(cin, width, 3, padding=1), nn.ReLU()]
                cin = width
        return nn.Sequential(*parts, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 1000)), \
            (torch.randn(1, 3, 224, 224),)

    class ConvNeXtBlock(nn.Module):  # ConvNeXt-T's block (stage 1: 96 channels at 56 x 56)
        def __init__(self, d=96):
            super().__init__()
            self.dwconv, self.norm = nn.Conv2d(d, d, 7, padding=3, groups=d), nn.LayerNorm(d, eps=1e-6)
            self.pwconv1, self.pwconv2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)
            self.gamma = nn.Parameter(torch.full((d,), 0.5))  # (layer scale: a trained model's, not 1e-6)

        def forward(self, x):
            y = self.pwconv2(F.gelu(self.pwconv1(self.norm(self.dwconv(x).permute(0, 2, 3, 1)))))
            return x + (self.gamma * y).permute(0, 3, 1, 2)

    def llama_block():  # the test sample's module at TinyLlama's width per head
        return torch_mlir_samples().LlamaBlock(d=512, heads=8, hidden=1408, tokens=128), (torch.randn(4, 128, 512),)

    return {
        "minilm.layer": lambda: encoder(1),
        "llama.layer": llama_block,
        "gpt2.layer": lambda: (GPT2Block(), (torch.randn(2, 256, 768),)),
        "vit.layer": vit_block,
        "minilm": lambda: encoder(6),
        "minilm.1x16": lambda: encoder(6, 1, 16),  # one short sentence: latency, not throughput
        "minilm.1x2": lambda: encoder(6, 1, 2),
        # exported with a dynamic token count, compiled for 128 at its first call (compiler/per_shape.py)
        "minilm.dynamic": lambda: (*encoder(6), ({1: torch.export.Dim("tokens", min=2, max=512)},)),
        "mlp": lambda: mlp(1024, 256, 3),
        "minilm.ffn": lambda: (FFN(384, 1536), (torch.randn(128, 384),)),
        "bert.up": lambda: (UpGelu(768, 3072), (torch.randn(128, 768),)),
        "scores": lambda: (Scores(), (torch.randn(8, 12, 128, 64), torch.randn(8, 12, 128, 64))),
        "resnet18": lambda: (torch_mlir_samples().ResNet(), (torch.randn(1, 3, 224, 224),)),
        "resnet50": resnet50,
        "vgg16": vgg16,
        "mobilenetv2": lambda: (torch_mlir_samples().MobileNetV2(), (torch.randn(1, 3, 224, 224),)),
        "convnext.block": lambda: (ConvNeXtBlock(), (torch.randn(1, 96, 56, 56),)),
        **{f"block.{c}x{h}": lambda c=c, h=h: (torch_mlir_samples().BasicBlock(c, c, 1),
                                               (torch.randn(1, c, h, h),))
           for c, h in ((64, 56), (128, 28), (256, 14), (512, 7))},
        # ResNeXt's grouped 3 x 3 convolution, 128 channels at 28 x 28, in 2 to 32 groups
        **{f"conv.groups{g}": lambda g=g: (nn.Sequential(nn.Conv2d(128, 128, 3, padding=1, groups=g, bias=False),
                                                         nn.ReLU()), (torch.randn(1, 128, 28, 28),))
           for g in (2, 8, 16, 32)},
    }


def export(torch, made: dict, name: str):
    """Layer `name` of layers(): (the module in eval mode, its inputs, torch.export's dynamic shapes or None,
    the linalg-on-tensors text torch-mlir prints for it), torch's seed reset first."""
    if name not in made:
        raise SystemExit(f"error: unknown layer {name!r} (known: {', '.join(made)})")
    torch.manual_seed(0)
    module, inputs, *dynamic = made[name]()
    module.eval()
    dynamic = dynamic[0] if dynamic else None
    text = _torch_mlir.export(module, *inputs, dynamic_shapes=dynamic)
    return module, inputs, dynamic, text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", default="mlp,minilm.ffn,bert.up,scores,minilm.layer,minilm")
    ap.add_argument("--peers", default="torch", help="torch and / or onnxruntime")
    ap.add_argument("--threads", type=int, default=1, help="1: one thread (pinned); 0: every core")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--target", type=float, default=0.2, help="seconds per measurement")
    ap.add_argument("--out", default=None, help="JSON path (default bench/out/bench_frontend-<cpu>-<date>.json)")
    ap.add_argument("--no-winograd", action="store_true",
                    help="3 x 3 convolutions as a window copy and one matmul (conv_matmul.WINOGRAD off)")
    ap.add_argument("--winograd-f4-min-tiles", type=int, default=None,
                    help="conv_matmul.WINOGRAD_F4_MIN_TILES for this run (a huge value: F(2 x 2, 3 x 3) only)")
    ap.add_argument("--winograd-min-tiles", type=int, default=None,
                    help="conv_matmul.WINOGRAD_MIN_TILES (2 x 2 tiles) for this run")
    ap.add_argument("--variant", action="append", default=[], metavar="NAME:KNOB=VALUE[,KNOB=VALUE]",
                    help="also compile with these compiler constants and time it in the same rounds")
    args = ap.parse_args()
    if args.threads == 1 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    try:
        import torch
        import torch_mlir  # noqa: F401
    except ImportError as exc:
        raise SystemExit(f"error: bench_frontend needs torch and torch-mlir ({exc}): "
                         "pip install torch==2.13.0 torch-mlir==20261001")
    import nanomm

    from nanomm.passes import conv_matmul
    if args.no_winograd:
        conv_matmul.WINOGRAD = False
    if args.winograd_f4_min_tiles is not None:
        conv_matmul.WINOGRAD_F4_MIN_TILES = args.winograd_f4_min_tiles
    if args.winograd_min_tiles is not None:
        conv_matmul.WINOGRAD_MIN_TILES = args.winograd_min_tiles
    peers = ["torch"] + [p for p in args.peers.split(",") if p and p != "torch"]
    if any(p not in ("torch", "onnxruntime") for p in peers):
        raise SystemExit(f"error: --peers takes torch and onnxruntime, got {args.peers!r}")
    variants = _variants(args.variant)
    peers += [f"nanomm[{v}]" for v in variants]
    threads = args.threads or len(os.sched_getaffinity(0))
    torch.set_num_threads(threads)
    started = datetime.datetime.now()
    made = layers(torch)
    rows, results = [], []
    for name in args.layers.split(","):
        module, inputs, dynamic, text = export(torch, made, name)
        arrays = [x.numpy() for x in inputs]
        t0 = time.perf_counter()
        compiled = nanomm.compile(text).forward
        # (a function compiled per argument shapes compiles for these at its first call: timed here)
        specialized = compiled.specialize(*(a.shape for a in arrays)) if dynamic is not None else compiled
        compile_s = time.perf_counter() - t0
        with torch.inference_mode():
            want = module(*inputs).numpy()
        error = _agreement(compiled, arrays, want, name)

        def run_torch(module=module, inputs=inputs):
            with torch.inference_mode():
                return module(*inputs)
        runs = {"nanomm": lambda: compiled(*arrays), "torch": run_torch}
        if "onnxruntime" in peers:
            runs["onnxruntime"] = _onnxruntime(torch, module, inputs, want, threads, name)
        for v, knobs in variants.items():
            runs[f"nanomm[{v}]"] = _variant(nanomm, text, knobs, arrays, want, f"{name} [{v}]")
        timed = _timing.interleaved(runs, rounds=args.rounds, target=args.target, warmup=0.5,
                                    gap=0.3 if threads > 1 else 0.0)
        parts = _breakdown(specialized, arrays)
        share = _upstream_share(parts)
        n_s = timed["nanomm"]["best_median_s"]
        results.append({"layer": name, "threads": threads, "compile_s": compile_s, "error": error,
                        "upstream_share": share, "breakdown_ms": parts, "kernels": compiled.describe(), **timed})
        rows.append([name, str(threads), f"{n_s * 1e3:.3f}"] +
                    [v for p in peers for v in (f"{timed[p]['best_median_s'] * 1e3:.3f}",
                                                f"{timed[p]['best_median_s'] / n_s:.2f}")] +
                    [f"{share:.0%}", f"{compile_s:.2f}", f"{error:.1e}",
                     " / ".join(f"{timed[k]['spread']:.0%}" for k in runs)])
        _report.log(f"{name}: " + ", ".join(f"{k} {timed[k]['best_median_s'] * 1e3:.3f} ms" for k in runs))
    head = (["layer", "threads", "nanomm ms"] + [v for p in peers for v in (f"{p} ms", f"{p} / nanomm")] +
            ["upstream share", "compile s", "error", "spread"])
    print(_report.render_text(head, rows, {0}))
    breakdowns = [_report.render_markdown(["part", "ms a forward", "share"], _breakdown_rows(r), {0}) for r in results]
    for r, table in zip(results, breakdowns):
        print(r["kernels"])
        print(f"where {r['layer']}'s time goes ({r['threads']} thread(s)):\n{table}")
    report = {"tool": "bench/bench_frontend.py", **_report.provenance(), "started": started.isoformat(timespec="seconds"),
              "loadavg": _report.loadavg(), "versions": _report.versions(), "results": results}
    path = _report.result_path("bench_frontend", started, args.out)
    path.write_text(json.dumps(report, indent=1, default=float))
    md = [f"# {_report.title(report)}", "", f"{_report.provenance_line(report)}; "
          f"torch {torch.__version__}. Times are best round medians; "
          "each ratio is the peer's time over nanomm's (above 1: nanomm is faster); the upstream share is "
          "the part of nanomm's time in MLIR-lowered segments.", "",
          _report.render_markdown(head, rows, {0}), "",
          "Where the time goes (each part's own time in extra forwards, parts of the same ops added up; "
          "these forwards walk the values from Python: on one thread the timed forward above runs as one "
          "native program where it has one, without the walk's Python):", ""]
    for r, table in zip(results, breakdowns):
        md += [f"{r['layer']}, {r['threads']} thread(s):", "", table, ""]
    md += ["Kernels (GraphFunction.describe):", "", "```", *[r["kernels"] for r in results], "```", ""]
    path.with_suffix(".md").write_text("\n".join(md))
    print(f"JSON: {path}\nMarkdown: {path.with_suffix('.md')}")


def _variants(specs: list[str]) -> dict[str, dict]:
    """{name: {(module, constant): value}} from --variant NAME:KNOB=VALUE[,KNOB=VALUE] arguments."""
    from nanomm.compiler import graph, upstream
    from nanomm.passes import conv_matmul

    out: dict[str, dict] = {}
    for spec in specs:
        name, _, assignments = spec.partition(":")
        knobs = {}
        for item in filter(None, assignments.split(",")):
            knob, _, value = item.partition("=")
            owner = next((m for m in (conv_matmul, graph, upstream) if knob.isupper() and hasattr(m, knob)), None)
            if owner is None or not value:
                raise SystemExit(f"error: --variant {spec!r}: {knob!r} is not an upper-case constant of "
                                 "passes/conv_matmul.py, compiler/graph.py or compiler/upstream.py, or has no value")
            old = getattr(owner, knob)
            try:
                knobs[(owner, knob)] = value.lower() in ("1", "true") if isinstance(old, bool) else type(old)(value)
            except ValueError:
                raise SystemExit(f"error: --variant {spec!r}: {knob} takes {type(old).__name__} values, "
                                 f"got {value!r}") from None
        if not name or not knobs or name in out:
            raise SystemExit(f"error: --variant {spec!r}: give a new NAME and at least one KNOB=VALUE")
        out[name] = knobs
    return out


def _variant(nanomm, text: str, knobs: dict, arrays, want, label: str):
    """The forward compiled with `knobs` set (put back after), checked against torch's result like the default."""
    old = {k: getattr(*k) for k in knobs}
    for (owner, knob), value in knobs.items():
        setattr(owner, knob, value)
    try:
        compiled = nanomm.compile(text).forward
    finally:
        for (owner, knob), value in old.items():
            setattr(owner, knob, value)
    _agreement(compiled, arrays, want, label)
    return lambda: compiled(*arrays)


def _agreement(compiled, arrays, want, label: str) -> float:
    """The compiled forward's largest difference from torch's result over that result's scale, in its
    first call and its third (on several threads the forward runs as one native program from its third
    call, compiler/forward_program.py); SystemExit above 1e-4."""
    calls = [compiled(*arrays) for _ in range(3)]
    error = max(float(np.abs(got - want).max() / np.abs(want).max()) for got in (calls[0], calls[2]))
    if not error <= 1e-4:
        raise SystemExit(f"error: {label}: nanomm's result differs from torch's by {error:.2e} of its scale")
    return error


def _onnxruntime(torch, module, inputs, want, threads, name):
    """ONNX Runtime on the module (torch.onnx.export's TorchScript exporter), checked against torch."""
    import tempfile

    import onnxruntime as ort

    path = Path(tempfile.mkdtemp()) / "model.onnx"
    torch.onnx.export(module, inputs, str(path), dynamo=False, opset_version=17)
    options = ort.SessionOptions()
    options.intra_op_num_threads, options.inter_op_num_threads = threads, 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    feed = {i.name: x.numpy() for i, x in zip(session.get_inputs(), inputs)}
    got = session.run(None, feed)[0]
    error = float(np.abs(got - want).max() / np.abs(want).max())
    if not error <= 1e-4:
        raise SystemExit(f"error: {name}: ONNX Runtime's result differs from torch's by {error:.2e} of its scale")
    return lambda: session.run(None, feed)


def _breakdown(compiled, arrays, forwards: int = 7) -> dict[str, float]:
    """Where a forward's time goes: milliseconds per forward in each kind of contraction (kernel call
    with its operand copies), each kind of MLIR-lowered segment, each kind of sliced run (its
    contractions and copies; its segment's slices are the segment's part: in a native program, timed by
    the time-stamp counter around each segment call, their cycles over the program's threads), and
    the rest (views, Python), as
    medians over the fastest half of a few forwards. Parts that are the same ops (a layer's, six times)
    are added up. Each part's time is its own: a part that computes its inputs does not count theirs."""
    import re

    label = lambda text: re.sub(r' loc\([^)]*\)', "", text)  # noqa: E731
    spent: dict[str, float] = {}
    stack: list[float] = []

    def timed(name, fn):
        def call(*xs):
            stack.append(0.0)
            t = time.perf_counter()
            try:
                return fn(*xs)
            finally:
                dt = time.perf_counter() - t
                inner = stack.pop()
                spent[name] = spent.get(name, 0.0) + dt - inner
                if stack:
                    stack[-1] += dt
        return call

    contract = compiled._contract
    names = {id(c): "contraction " + label(c.describe()) for c in compiled.contractions}
    compiled._contract = lambda c, args, memo: timed(names[id(c)], contract)(c, args, memo)
    # a sliced run: a native program (runtime/programs.py) is one part; run from Python, its contractions,
    # copies and Python are one part, its segment's slices the segment's
    run_sliced = compiled._run_sliced

    def threads_of(run):  # the threads its native program ran on (0: run from Python)
        return max([key[1] for key, found in getattr(compiled, "_programs", {}).items()
                    if key[0] == id(run) and key[2] is not None and found] or [0])

    def sliced(run, args, memo):
        timed(run.describe() + " (without its segment)", run_sliced)(run, args, memo)
        threads = threads_of(run)
        if threads:  # its segment's calls, timed inside the program: their cycles over its threads
            seconds = counters.seconds()[compiled.sliced.index(run)] / threads
            counters.cycles[compiled.sliced.index(run)] = 0
            spent[run.describe() + " (without its segment)"] -= seconds
            name = segment_names[run.segment]
            spent[name] = spent.get(name, 0.0) + seconds
    compiled._run_sliced = sliced
    counters = None
    if hasattr(compiled, "segment_counters"):
        from nanomm.runtime import programs

        counters = compiled.segment_counters = programs.Counters(len(compiled.sliced))
    segment_names = {run.segment: "segment " + label(compiled.segments[run.segment].describe(run.segment)).split(
        ": ", 1)[1] + ", in slices" for run in compiled.sliced}
    chunks = {run.segment: compiled.segments[run.segment].kernel.chunk(run.parts) for run in compiled.sliced}
    wrapped = {}  # (layers share their segments' builds: each wrapped once)
    for k, chunk in chunks.items():
        if id(chunk) not in wrapped:
            wrapped[id(chunk)] = chunk
            chunk.run_slice = timed(segment_names[k], chunk.run_slice)
    real = [s.kernel for s in compiled.segments]
    for k, (s, kernel) in enumerate(zip(compiled.segments, real)):
        if kernel is not None and k not in chunks:
            s.kernel = timed("segment " + label(s.describe(k)).split(": ", 1)[1], kernel)
    compiled.run_as_program = False  # (the walk's calls are what is timed: a native program has none)
    runs = []
    try:
        for _ in range(forwards):
            spent.clear()
            t = time.perf_counter()
            compiled(*arrays)
            total = time.perf_counter() - t
            runs.append((total, {**spent, "rest (views, copies of results, Python)": total - sum(spent.values())}))
    finally:
        del compiled._contract, compiled._run_sliced, compiled.run_as_program
        if counters is not None:
            compiled.segment_counters = None
        for chunk in wrapped.values():
            del chunk.run_slice
        for s, kernel in zip(compiled.segments, real):
            s.kernel = kernel
    runs.sort(key=lambda r: r[0])
    best = runs[:max(1, len(runs) // 2)]
    parts = {k: float(np.median([r[1].get(k, 0.0) for r in best])) * 1e3 for k in best[0][1]}
    parts["total"] = float(np.median([r[0] for r in best])) * 1e3
    return parts


def _breakdown_rows(result) -> list[list[str]]:
    parts = dict(result["breakdown_ms"])
    total = parts.pop("total")
    ordered = sorted(parts.items(), key=lambda kv: -kv[1])
    return [[k, f"{v:.3f}", f"{v / total:.0%}"] for k, v in ordered] + [["total", f"{total:.3f}", "100%"]]


def _upstream_share(parts: dict[str, float]) -> float:
    """The part of a forward spent in MLIR-lowered segments."""
    return sum(v for k, v in parts.items() if k.startswith("segment ")) / parts["total"]


if __name__ == "__main__":
    main()

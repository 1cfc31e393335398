"""Models nanomm's tests do not hold, exported by torch-mlir and compiled whole, checked against torch eager.

    pip install torch==2.13.0 torch-mlir==20261001      # not nanomm dependencies
    python bench/check_frontend_models.py                # every model
    python bench/check_frontend_models.py llama gpt2     # some
    python bench/check_frontend_models.py --time         # and each one's speed against torch, one thread
    python bench/check_frontend_models.py --winograd-everywhere  # every 3 x 3 convolution at stride 1 as Winograd
    python bench/check_frontend_models.py --calls=200 llama  # compare 200 calls, not the first and third

Each small module is exported with `torch_mlir.fx.export_and_import(..., output_type="linalg-on-tensors")`
(weights frozen; through bench/_torch_mlir.py, which guards against torch-mlir giving one bool constant
another's data), compiled by `nanomm.compile` and run on the export's inputs (and, for a module exported
with dynamic sizes, on inputs with each such size 3 larger and 1 smaller as well): `ok` when the result agrees
with torch (max difference over the output's largest magnitude <= 1e-4, bf16 1e-2, f16 3e-3, integers exact),
`refused` when nanomm raises a NanommError (its message is printed: it should name the op and what to do),
`no export` when torch-mlir itself fails (not counted against nanomm), `WRONG` / `CRASH` otherwise. The
process exits 1 on any WRONG or CRASH (a crash of the process itself is what the runtime's checks exist to
prevent: run this after changing the frontend). With `--time`, the process is pinned to one CPU and each
module that agrees is timed against torch eager in interleaved rounds (bench/_timing.py, best round
medians): a survey of where nanomm is slow on models it was not tuned for, on the small inputs below (so
per-call costs weigh more than in a real batch). With `--winograd-everywhere`, conv_matmul's Winograd size
thresholds are set to zero, so that each 3 x 3 convolution at stride 1 that Winograd takes at all runs as
Winograd (these modules' are below the thresholds: F(4 x 4, 3 x 3) from conv_matmul.WINOGRAD_F4_MIN_TILES
4 x 4 tiles, F(2 x 2, 3 x 3) below), and the modules whose functions have one
are checked (those that export and whose plan shows its per-entry products).
bench/bench_frontend.py times the model-sized layers.
"""

from __future__ import annotations

import inspect
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _timing  # noqa: E402
from _torch_mlir import export  # noqa: E402
from bench_frontend import torch_mlir_samples  # noqa: E402


def models(torch):
    nn, F = torch.nn, torch.nn.functional
    from torch.export import Dim
    samples = torch_mlir_samples()

    class Module(nn.Module):  # a module from a forward function and its sub-modules / parameters
        def __init__(self, forward, **parts):
            super().__init__()
            self.f = forward
            for name, part in parts.items():
                setattr(self, name, part)

        def forward(self, *args):
            return self.f(self, *args)

    def gpt2(s, x):
        b, t, d = x.shape
        q, k, v = (y.view(b, t, 4, d // 4).transpose(1, 2) for y in s.attn(s.ln1(x)).split(d, -1))
        scores = (q @ k.transpose(-2, -1) / math.sqrt(d // 4)).masked_fill(~s.mask[:t, :t], float("-inf"))
        x = x + s.proj((F.softmax(scores, -1) @ v).transpose(1, 2).reshape(b, t, d))
        return x + s.out(F.gelu(s.fc(s.ln2(x)), approximate="tanh"))

    def bert(s, ids):
        return torch.tanh(s.pool(s.enc(s.ln(s.emb(ids) + s.pos.weight[:ids.shape[1]]))[:, 0]))

    class LlamaSliced(samples.LlamaBlock):  # rotary tables for up to `tokens`, sliced to the input's length
        def rotate(self, x):
            t, half = x.shape[-2], self.dh // 2
            return x * self.cos[:t] + torch.cat([-x[..., half:], x[..., :half]], -1) * self.sin[:t]

    def vit(s, x):
        p = s.patch(x).flatten(2).transpose(1, 2)
        return s.head(s.enc(torch.cat([s.cls.expand(x.shape[0], -1, -1), p], 1) + s.pos)[:, 0])

    def t5_ffn(s, x):
        return x + s.wo(F.relu(s.wi(s.w * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6))))

    def mixer(s, x):
        x = x + s.t(s.ln(x).transpose(1, 2)).transpose(1, 2)
        return x + s.c(F.gelu(s.ln(x)))

    def mean_pool(s, x, m):
        return F.normalize((s.l(x) * m.unsqueeze(-1)).sum(1) / m.sum(1, keepdim=True).clamp(min=1e-9), dim=-1)

    def elu_sin(s, x):
        y = s.l(x)
        return torch.where(y > 0, y, torch.exp(y) - 1) + torch.clamp(x, -0.5, 0.5).sin()

    def two_outputs(s, x):
        h = F.relu(s.a(x))
        return h, s.b(h)

    def gru(s, x):
        h = torch.zeros(x.shape[1], 16)
        for t in range(x.shape[0]):
            h = s.cell(x[t], h)
        return h

    def encoder(d=16):
        return nn.TransformerEncoderLayer(d, 2, 2 * d, dropout=0.0, batch_first=True)

    def gqa(s, x):  # grouped-query attention (Llama 3): 4 query heads share 2 key / value heads
        b, t, d = x.shape
        q = s.q(x).view(b, t, 4, 8).transpose(1, 2)
        k, v = (y.view(b, t, 2, 8).transpose(1, 2).repeat_interleave(2, 1) for y in (s.k(x), s.v(x)))
        return s.o(F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d))

    def alibi(s, x):  # a position bias computed in the function (arange, abs)
        b, t, d = x.shape
        pos = torch.arange(t)
        q = s.q(x).view(b, t, 2, 8).transpose(1, 2)
        bias = -(pos[None, :] - pos[:, None]).abs().float() * s.slopes[:, None, None]
        return (q @ q.transpose(-1, -2) / 8 ** 0.5 + bias).softmax(-1) @ q

    def mbconv(s, x):  # EfficientNet's block: 5 x 5 depthwise at stride 2, squeeze-and-excitation, SiLU
        h = F.silu(s.bn2(s.dw(F.silu(s.bn1(s.expand(x))))))
        h = h * torch.sigmoid(s.se2(F.silu(s.se1(h.mean((2, 3), keepdim=True)))))
        return s.bn3(s.project(h))

    def convnext(s, x):  # ConvNeXt's block: 7 x 7 depthwise, channel-last layer norm, a layer scale
        h = s.dw(x).permute(0, 2, 3, 1)
        h = s.gamma * s.fc2(F.gelu(s.fc1(s.ln(h))))
        return x + h.permute(0, 3, 1, 2)

    def dense_layer(s, x):  # DenseNet's: batch norm, ReLU, 1 x 1 then 3 x 3, the input concatenated
        h = s.c2(F.relu(s.bn2(s.c1(F.relu(s.bn1(x))))))
        return torch.cat([x, h], 1)

    def swin_window(s, x):  # Swin's window attention: (B, H, W, C) cut into 2 x 2 windows, attention in each
        b, h, w, c = x.shape
        win = x.view(b, h // 2, 2, w // 2, 2, c).permute(0, 1, 3, 2, 4, 5).reshape(-1, 4, c)
        q, k, v = s.qkv(win).chunk(3, -1)
        a = F.softmax(q @ k.transpose(-2, -1) / math.sqrt(c), -1) @ v
        return s.o(a).view(b, h // 2, w // 2, 2, 2, c).permute(0, 1, 3, 2, 4, 5).reshape(b, h, w, c) + x

    def se_block(s, x):  # squeeze and excitation: pooled channels through two layers scale the channels
        y = torch.sigmoid(s.f2(F.relu(s.f1(F.adaptive_avg_pool2d(x, 1).flatten(1)))))
        return F.silu(s.bn(s.c(x * y[:, :, None, None])))

    def lengths_mask_attention(s, x, lengths):  # a padding mask made from the lengths inside the forward
        keep = torch.arange(x.shape[1])[None, :] < lengths[:, None]
        scores = (s.q(x) @ s.k(x).transpose(1, 2)).masked_fill(~keep[:, None, :], -1e9)
        return (F.softmax(scores, -1) @ s.v(x)) * keep[:, :, None]

    def conformer_conv(s, x):  # Conformer's convolution module: GLU, depthwise 1-d, batch norm, swish
        y = F.glu(s.pw1(s.ln(x).transpose(1, 2)), dim=1)
        return x + s.pw2(F.silu(s.bn(s.dw(y)))).transpose(1, 2)

    def t5_relative_bias(s, q, k):  # T5's relative position buckets (log-spaced), a learned bias per head
        t = q.shape[2]
        rel = torch.arange(t)[None, :] - torch.arange(t)[:, None]
        n = rel.abs()
        far = 4 + (torch.log(n.float().clamp(min=1) / 4) / math.log(16 / 4) * 4).long()
        bucket = torch.where(n < 4, n, far.clamp(max=7)) + (rel > 0).long() * 8
        return F.softmax(q @ k.transpose(-2, -1) + s.emb(bucket).permute(2, 0, 1), -1)

    def causal_triu(s, x):  # a causal mask made by torch.triu inside the forward
        t = x.shape[1]
        scores = (s.q(x) @ s.k(x).transpose(1, 2)).masked_fill(torch.triu(torch.ones(t, t, dtype=torch.bool), 1),
                                                                  float("-inf"))
        return F.softmax(scores, -1) @ x

    def rotary_in_forward(s, x):  # rotary angles computed in the forward (not tables), pairs interleaved
        t, d = x.shape[1], x.shape[2]
        angles = torch.arange(t, dtype=torch.float32)[:, None] / (10000 ** (torch.arange(0, d, 2) / d))[None, :]
        cos, sin = angles.cos().repeat_interleave(2, -1), angles.sin().repeat_interleave(2, -1)
        return s.l(x * cos + torch.stack([-x[..., 1::2], x[..., ::2]], -1).flatten(-2) * sin)

    def mamba_like(s, x):  # a gated causal depthwise convolution over tokens, a decay from a cumsum in log space
        a, g = s.inp(x).chunk(2, -1)
        a = F.silu(s.dw(F.pad(a.transpose(1, 2), (2, 0))).transpose(1, 2))
        return s.out(a * torch.exp(torch.cumsum(-F.softplus(s.dt(a)), 1)) * F.silu(g))

    r = torch.randn
    lin = nn.Linear
    return {  # name: (module, inputs, dynamic_shapes)
        "llama": (samples.LlamaBlock(d=64, heads=4, hidden=128, tokens=12), (r(2, 12, 64),), None),
        "gpt2": (Module(gpt2, ln1=nn.LayerNorm(64), ln2=nn.LayerNorm(64), attn=lin(64, 192), proj=lin(64, 64),
                        fc=lin(64, 256), out=lin(256, 64), mask=torch.tril(torch.ones(12, 12)).bool()),
                 (r(2, 12, 64),), None),
        "bert": (Module(bert, emb=nn.Embedding(100, 32), pos=nn.Embedding(10, 32), ln=nn.LayerNorm(32),
                        enc=encoder(32), pool=lin(32, 32)), (torch.randint(0, 100, (2, 10)),), None),
        "vit": (Module(vit, patch=nn.Conv2d(3, 32, 4, stride=4), cls=nn.Parameter(r(1, 1, 32)),
                       pos=nn.Parameter(r(1, 17, 32) * 0.1), head=lin(32, 10),
                       enc=nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True, norm_first=True,
                                                      activation="gelu")), (r(2, 3, 16, 16),), None),
        "encoder_seq_first": (Module(lambda s, x, m: s.e(x, src_key_padding_mask=m), e=nn.TransformerEncoder(
                                  nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0), 2, enable_nested_tensor=False)),
                              (r(6, 2, 16), torch.tensor([[False] * 6, [False] * 4 + [True] * 2])), None),
        "mha_padding_mask": (Module(lambda s, x, m: s.m(x, x, x, key_padding_mask=m, need_weights=False)[0],
                                    m=nn.MultiheadAttention(32, 4, batch_first=True)),
                             (r(2, 6, 32), torch.tensor([[False] * 6, [False] * 4 + [True] * 2])), None),
        "cross_attention": (Module(lambda s, x, mem: s.m(x, mem, mem, need_weights=False)[0],
                                   m=nn.MultiheadAttention(32, 4, kdim=24, vdim=24, batch_first=True)),
                            (r(2, 5, 32), r(2, 7, 24)), None),
        "sdpa_float_mask": (Module(lambda s, q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m)),
                            (r(2, 4, 6, 8), r(2, 4, 6, 8), r(2, 4, 6, 8), r(6, 6)), None),
        "einsum_attention": (Module(lambda s, q, k: torch.einsum(
            "bhqk,bhkd->bhqd", torch.einsum("bhqd,bhkd->bhqk", q, k).softmax(-1), k)),
            (r(2, 4, 6, 8), r(2, 4, 6, 8)), None),
        "baddbmm": (Module(lambda s, c, q, k: torch.baddbmm(c, q, k.transpose(1, 2), alpha=0.125)),
                    (r(3, 6, 7), r(3, 6, 8), r(3, 7, 8)), None),
        "addmm_conv1d": (Module(lambda s, x: torch.addmm(s.b, x.view(-1, 16), s.w).view(2, 5, 48),
                                w=nn.Parameter(r(16, 48) * 0.1), b=nn.Parameter(r(48))), (r(2, 5, 16),), None),
        "t5_ffn": (Module(t5_ffn, wi=lin(32, 64, bias=False), wo=lin(64, 32, bias=False), w=nn.Parameter(torch.ones(32))),
                   (r(2, 5, 32),), None),
        "mixer": (Module(mixer, t=lin(10, 10), c=lin(16, 16), ln=nn.LayerNorm(16)), (r(2, 10, 16),), None),
        "mean_pool_normalize": (Module(mean_pool, l=lin(32, 48)), (r(3, 7, 32), (torch.rand(3, 7) > 0.3).float()), None),
        "batchnorm_logsoftmax": (nn.Sequential(lin(20, 40), nn.BatchNorm1d(40), nn.Tanh(), lin(40, 10), nn.LogSoftmax(-1)),
                                 (r(8, 20),), None),
        "groupnorm_mish": (nn.Sequential(lin(16, 32), nn.GroupNorm(4, 32), nn.Mish(), lin(32, 8)), (r(5, 16),), None),
        "conv_mean": (Module(lambda s, x: s.l(F.relu(s.c(x)).mean((2, 3))), c=nn.Conv2d(3, 8, 3), l=lin(8, 5)),
                      (r(2, 3, 8, 8),), None),
        "gated_hardswish": (Module(lambda s, x: s.c(F.hardswish(s.a(x)) * F.leaky_relu(s.b(x), 0.1)).clamp(-1, 1),
                                   a=lin(24, 40), b=lin(24, 40), c=lin(40, 8)), (r(5, 24),), None),
        "softmax_over_tokens": (Module(lambda s, x: (s.l(x).softmax(1) * x).sum(1), l=lin(16, 16)),
                                (r(3, 7, 16),), None),
        "max_over_tokens": (Module(lambda s, x: s.l(x).amax(1), l=lin(16, 24)), (r(3, 7, 16),), None),
        "argmax": (Module(lambda s, x: s.l(x).argmax(-1), l=lin(16, 24)), (r(3, 7, 16),), None),
        "gather": (Module(lambda s, x, i: torch.gather(s.l(x), 1, i), l=lin(8, 8)),
                   (r(3, 8), torch.randint(0, 8, (3, 4))), None),
        "where_elu_sin": (Module(elu_sin, l=lin(8, 8)), (r(3, 8),), None),
        "two_outputs": (Module(two_outputs, a=lin(8, 8), b=lin(8, 4)), (r(3, 8),), None),
        "matrix_vector": (Module(lambda s, x: s.w @ x, w=nn.Parameter(r(8, 16))), (r(16),), None),
        "outer_and_dot": (Module(lambda s, x, y: x[:, None] * y[None, :] + x @ y), (r(5), r(5)), None),
        "gru_cell_unrolled": (Module(gru, cell=nn.GRUCell(8, 16)), (r(3, 4, 8),), None),
        "bf16_linear_gelu": (Module(lambda s, x: F.gelu(s.l(x)), l=lin(32, 64).to(torch.bfloat16)),
                             (r(4, 32).to(torch.bfloat16),), None),
        "f16_linear": (lin(8, 8).half(), (r(3, 8).half(),), None),
        "int8_matmul": (Module(lambda s, a, b: a.to(torch.int32) @ b.to(torch.int32)),
                        (torch.randint(-5, 5, (4, 6), dtype=torch.int8),
                         torch.randint(-5, 5, (6, 3), dtype=torch.int8)), None),
        "resnet_small": (samples.ResNet(widths=(16, 32), blocks=(2, 1), classes=10), (r(2, 3, 32, 32),), None),
        "mobilenet_block": (nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.BatchNorm2d(16), nn.ReLU6(),
                                          nn.Conv2d(16, 16, 3, 1, 1, groups=16), nn.Hardswish(), nn.Conv2d(16, 24, 1),
                                          nn.AvgPool2d(2), nn.Flatten(), lin(24 * 16, 5)), (r(2, 3, 16, 16),), None),
        "audio_front": (samples.AudioFront(), (r(2, 4, 20),), None),
        "grouped_conv": (nn.Sequential(nn.Conv2d(8, 16, 3, padding=1, groups=4), nn.ReLU()), (r(2, 8, 6, 6),), None),
        "depthwise_1d_multiplier": (nn.Sequential(nn.Conv1d(4, 4, 5, groups=4, padding=2), nn.Conv1d(4, 8, 3, groups=4)),
                                    (r(2, 4, 10),), None),
        "unet_up": (Module(lambda s, x: s.c(torch.cat([F.interpolate(x, scale_factor=2), s.t(x)], 1)),
                           t=nn.ConvTranspose2d(4, 4, 2, 2), c=nn.Conv2d(8, 4, 3, padding=1)), (r(1, 4, 6, 6),), None),
        "efficientnet_mbconv": (Module(mbconv, expand=nn.Conv2d(8, 32, 1, bias=False), bn1=nn.BatchNorm2d(32),
                                       dw=nn.Conv2d(32, 32, 5, 2, 2, groups=32, bias=False), bn2=nn.BatchNorm2d(32),
                                       se1=nn.Conv2d(32, 8, 1), se2=nn.Conv2d(8, 32, 1),
                                       project=nn.Conv2d(32, 16, 1, bias=False), bn3=nn.BatchNorm2d(16)),
                                (r(2, 8, 12, 12),), None),
        "convnext_block": (Module(convnext, dw=nn.Conv2d(16, 16, 7, padding=3, groups=16), ln=nn.LayerNorm(16),
                                  fc1=lin(16, 64), fc2=lin(64, 16), gamma=nn.Parameter(r(16) * 0.1)),
                           (r(2, 16, 9, 9),), None),
        "densenet_layer": (Module(dense_layer, bn1=nn.BatchNorm2d(8), c1=nn.Conv2d(8, 16, 1, bias=False),
                                  bn2=nn.BatchNorm2d(16), c2=nn.Conv2d(16, 4, 3, padding=1, bias=False)),
                           (r(2, 8, 7, 7),), None),
        "vgg_head": (nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(8, 16, 3),
                                   nn.BatchNorm2d(16), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), lin(16, 4)),
                     (r(2, 3, 10, 10),), None),
        "dilated_depthwise_1d": (nn.Sequential(nn.Conv2d(8, 8, 3, padding=2, dilation=2, groups=8), nn.BatchNorm2d(8),
                                               nn.Hardswish(), nn.Flatten(2), nn.Conv1d(8, 8, 31, padding=15, groups=8)),
                                 (r(2, 8, 6, 6),), None),
        "upsample_bilinear": (Module(lambda s, x: s.c(F.interpolate(x, scale_factor=2, mode="bilinear",
                                                                    align_corners=False)), c=nn.Conv2d(4, 4, 3, padding=1)),
                              (r(1, 4, 5, 5),), None),
        "reflect_pad_instance_norm": (nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, 8, 3), nn.InstanceNorm2d(8),
                                                    nn.ReLU()), (r(2, 3, 8, 8),), None),
        "pixel_shuffle": (nn.Sequential(nn.Conv2d(4, 16, 3, padding=1), nn.PixelShuffle(2)), (r(1, 4, 5, 5),), None),
        "channel_shuffle": (Module(lambda s, x: s.c(x.view(2, 2, 4, 6, 6).transpose(1, 2).reshape(2, 8, 6, 6)),
                                   c=nn.Conv2d(8, 16, 1, groups=2)), (r(2, 8, 6, 6),), None),
        "adaptive_pool_2x2": (nn.Sequential(nn.Conv2d(3, 8, 3), nn.AdaptiveAvgPool2d(2), nn.Flatten(), lin(32, 4)),
                              (r(2, 3, 9, 9),), None),
        "conv_transpose_s2": (nn.Sequential(nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1, output_padding=1),
                                            nn.BatchNorm2d(4), nn.ReLU()), (r(2, 8, 5, 5),), None),
        "maxpool_ceil_avgpool_pad": (nn.Sequential(nn.MaxPool2d(3, 2, ceil_mode=True), nn.AvgPool2d(3, 1, padding=1),
                                                   nn.Conv2d(3, 4, 1)), (r(2, 3, 10, 10),), None),
        "mse_loss": (samples.MseLoss(), (r(5, 8), r(5, 4)), None),
        "cross_entropy": (Module(lambda s, x, y: F.cross_entropy(s.l(x), y), l=lin(8, 4)),
                          (r(5, 8), torch.randint(0, 4, (5,))), None),
        "pad_roll_flip": (samples.PadRoll(), (r(3, 8),), None),
        "gqa_causal": (Module(gqa, q=lin(32, 32), k=lin(32, 16), v=lin(32, 16), o=lin(32, 32)), (r(2, 7, 32),), None),
        "alibi": (Module(alibi, q=lin(16, 16), slopes=torch.tensor([0.5, 0.25])), (r(2, 6, 16),), None),
        "decoder_layer": (Module(lambda s, x, mem: s.d(x, mem, tgt_mask=nn.Transformer.generate_square_subsequent_mask(
                              x.shape[1]), tgt_is_causal=True),
                              d=nn.TransformerDecoderLayer(16, 2, 32, dropout=0.0, batch_first=True)),
                          (r(2, 5, 16), r(2, 7, 16)), None),
        "lstm": (Module(lambda s, x: s.m(x)[0], m=nn.LSTM(8, 16, batch_first=True)), (r(2, 4, 8),), None),
        "bf16_encoder": (encoder(32).to(torch.bfloat16), (r(2, 6, 32).to(torch.bfloat16),), None),
        "f16_sdpa": (Module(lambda s, q, k, v: F.scaled_dot_product_attention(q, k, v)),
                     tuple(r(1, 2, 4, 8).half() for _ in range(3)), None),
        "parameter_out": (Module(lambda s, x: (s.l(x), s.w), l=lin(8, 8), w=nn.Parameter(r(3, 3))), (r(4, 8),), None),
        "mlp_dynamic_batch": (nn.Sequential(lin(8, 16), nn.GELU(), lin(16, 4)), (r(4, 8),), ({0: Dim("n", max=4096)},)),
        "convnet_dynamic_batch": (samples.ResNet(widths=(8, 16), blocks=(1, 1), classes=5), (r(2, 3, 16, 16),),
                                  ({0: Dim("b", max=64)},)),
        # dynamic token counts: compiled per argument shapes (compiler/per_shape.py), checked at 3 sizes
        "encoder_dynamic_tokens": (encoder(), (r(2, 5, 16),), ({1: Dim("t", min=2, max=512)},)),
        "llama_dynamic_tokens": (LlamaSliced(d=64, heads=4, hidden=128, tokens=16), (r(2, 12, 64),),
                                 ({1: Dim("t", min=2, max=16)},)),
        "gpt2_dynamic_tokens": (Module(gpt2, ln1=nn.LayerNorm(64), ln2=nn.LayerNorm(64), attn=lin(64, 192),
                                       proj=lin(64, 64), fc=lin(64, 256), out=lin(256, 64),
                                       mask=torch.tril(torch.ones(16, 16)).bool()), (r(2, 8, 64),),
                                ({1: Dim("t", min=2, max=12)},)),
        "bert_dynamic_tokens": (Module(bert, emb=nn.Embedding(100, 32), pos=nn.Embedding(10, 32), ln=nn.LayerNorm(32),
                                       enc=encoder(32), pool=lin(32, 32)), (torch.randint(0, 100, (2, 6)),),
                                ({1: Dim("t", min=2, max=10)},)),
        "cumsum": (Module(lambda s, x: s.l(x).cumsum(-1), l=lin(8, 8)), (r(3, 8),), None),
        # RoBERTa's position ids: a cumulative sum of the padding mask (an integer scan), then embeddings
        "roberta_position_ids": (Module(lambda s, ids: s.pos((torch.cumsum(ids.ne(1).int(), 1) * ids.ne(1).int())
                                                             .long() + 1) + s.emb(ids), pos=nn.Embedding(12, 8),
                                        emb=nn.Embedding(20, 8)),
                                 (torch.tensor([[0, 5, 7, 3, 1, 1], [4, 2, 9, 1, 1, 1]]),), None),
        "topk": (Module(lambda s, x: s.l(x).topk(3, -1).values, l=lin(8, 8)), (r(3, 8),), None),
        "sort_ascending": (Module(lambda s, x: tuple(torch.sort(s.l(x), dim=0)), l=lin(8, 6)), (r(5, 8),), None),
        # a mixture of experts' router (Mixtral's): softmax over 8 experts, the top 2 and their weights renormalized
        "moe_router": (Module(lambda s, x: (lambda w, i: (w / w.sum(-1, keepdim=True), i))(
            *s.g(x).softmax(-1).topk(2, -1)), g=lin(16, 8)), (r(6, 16),), None),
        # index_put / index_add / scatter_add: tm_tensor.scatter (compiler/tm_tensor.py)
        "index_put_accumulate": (Module(lambda s, x, i: s.l(x).index_put((i,), s.v, accumulate=True), l=lin(4, 4),
                                        v=nn.Parameter(r(4, 4))), (r(5, 4), torch.tensor([0, 3, 3, -1])), None),
        "index_put_overwrite": (Module(lambda s, x, i: s.l(x).index_put((i,), s.v), l=lin(4, 4),
                                       v=nn.Parameter(r(3, 4))), (r(5, 4), torch.tensor([4, 1, 2])), None),
        "index_add": (Module(lambda s, x, i: torch.zeros(3, 4).index_add(0, i, s.l(x)), l=lin(4, 4)),
                      (r(5, 4), torch.tensor([0, 2, 2, 1, 0])), None),
        "scatter_add_one_hot": (Module(lambda s, x, i: torch.zeros(3, 8).scatter_add(0, i, s.l(x)) +
                                       F.one_hot(i[0], 8).float().sum(0), l=lin(8, 8)),
                                (r(4, 8), torch.tensor([[0, 1, 2, 0]] * 8).T.contiguous()), None),
        "scatter_add_dim1": (Module(lambda s, x, i: torch.zeros(2, 6).scatter_add(1, i, s.l(x)), l=lin(3, 3)),
                             (r(2, 3), torch.tensor([[5, 0, 5], [1, 1, 2]])), None),
        # refused with a message: a result whose size depends on the values (tensor.extract of a count)
        "nonzero": (Module(lambda s, x: torch.nonzero(s.l(x) > 0), l=lin(4, 4)), (r(3, 4),), None),
        "swin_window": (Module(swin_window, qkv=lin(8, 24), o=lin(8, 8)), (r(2, 4, 6, 8),), None),
        "swin_dynamic_batch": (Module(swin_window, qkv=lin(8, 24), o=lin(8, 8)), (r(2, 4, 6, 8),),
                               ({0: Dim("b", max=16)},)),
        "se_block": (Module(se_block, f1=lin(16, 4), f2=lin(4, 16), c=nn.Conv2d(16, 8, 1), bn=nn.BatchNorm2d(8)),
                     (r(2, 16, 5, 5),), None),
        "prelu_glu_softplus": (nn.Sequential(lin(8, 16), nn.PReLU(16), lin(16, 16), nn.GLU(), nn.Softplus(), lin(8, 4),
                                             nn.LogSigmoid()), (r(5, 8),), None),
        "leaky_hardtanh_elu": (nn.Sequential(nn.Conv1d(4, 8, 3, padding=1), nn.LeakyReLU(0.1), nn.Conv1d(8, 8, 3),
                                             nn.Hardtanh(-0.5, 0.5), nn.ELU()), (r(2, 4, 10),), None),
        "lengths_mask_attention": (Module(lengths_mask_attention, q=lin(8, 8), k=lin(8, 8), v=lin(8, 8)),
                                   (r(3, 6, 8), torch.tensor([6, 3, 1])), None),
        "conformer_conv": (Module(conformer_conv, ln=nn.LayerNorm(8), pw1=nn.Conv1d(8, 16, 1),
                                  dw=nn.Conv1d(8, 8, 5, padding=2, groups=8), bn=nn.BatchNorm1d(8),
                                  pw2=nn.Conv1d(8, 8, 1)), (r(2, 11, 8),), None),
        "t5_relative_bias": (Module(t5_relative_bias, emb=nn.Embedding(16, 2)), (r(1, 2, 9, 4), r(1, 2, 9, 4)), None),
        "causal_triu": (Module(causal_triu, q=lin(8, 8), k=lin(8, 8)), (r(2, 7, 8),), None),
        "causal_triu_dynamic_tokens": (Module(causal_triu, q=lin(8, 8), k=lin(8, 8)), (r(2, 7, 8),),
                                       ({1: Dim("t", min=2, max=64)},)),
        "conv3d_nearest_upsample": (nn.Sequential(nn.Conv3d(2, 4, 3, padding=1), nn.ReLU(),
                                                  nn.Upsample(scale_factor=2, mode="nearest")),
                                    (r(1, 2, 3, 4, 4),), None),
        "logsumexp_var_std": (Module(lambda s, x: (torch.logsumexp(s.l(x), -1), x.var(0), x.std(-1, unbiased=False)),
                                     l=lin(6, 5)), (r(4, 6),), None),
        "broadcast_batch_matmul": (Module(lambda s, a, b: torch.matmul(a, b) + s.w, w=nn.Parameter(r(3, 1, 4, 5))),
                                   (r(3, 1, 4, 6), r(1, 2, 6, 5)), None),
        "mha_with_weights": (nn.MultiheadAttention(16, 4, batch_first=True), (r(2, 5, 16), r(2, 7, 16), r(2, 7, 16)),
                             None),
        "avgpool1d_maxpool1d": (nn.Sequential(nn.Conv1d(3, 6, 3), nn.AvgPool1d(2), nn.MaxPool1d(2, ceil_mode=True)),
                                (r(2, 3, 15),), None),
        "cumprod_tensor_clamp": (Module(lambda s, x: torch.clamp(s.l(x), min=s.lo, max=s.hi).cumprod(-1), l=lin(5, 5),
                                        lo=nn.Parameter(-torch.ones(5)), hi=nn.Parameter(torch.ones(5))),
                                 (r(3, 5),), None),
        "take_along_index_select": (Module(lambda s, x, i: torch.take_along_dim(s.l(x), i, 1) +
                                           x.index_select(1, i[0, :2]).sum(1, keepdim=True), l=lin(6, 6)),
                                    (r(3, 6), torch.tensor([[5, 0], [1, 2], [3, 3]])), None),
        "amax_prod_any_all": (Module(lambda s, x: (x.amax((0, 2)), x.prod(-1), (x > 1).any(-1), (x > -3).all(0))),
                              (r(3, 4, 5),), None),
        "reverse_cumsum": (Module(lambda s, x: torch.flip(torch.cumsum(torch.flip(s.l(x), [1]), 1), [1]), l=lin(6, 6)),
                           (r(2, 6),), None),
        "gru": (nn.GRU(6, 8, batch_first=True), (r(2, 5, 6),), None),
        "bf16_conv_gelu": (nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.GELU(),
                                         nn.Conv2d(8, 4, 1)).to(torch.bfloat16),
                           (r(1, 3, 6, 6).to(torch.bfloat16),), None),
        # torch's F.fold crops its padding with a negative tensor.pad (passes/decompose_pads.py)
        "unfold_fold": (Module(lambda s, x: F.fold(F.unfold(x, 3, padding=1) * 0.5, (6, 6), 3, padding=1)),
                        (r(2, 3, 6, 6),), None),
        # avg_pool2d with count_include_pad=False after a convolution: its divisor reads the position (linalg.index)
        "conv_avgpool_exclude_pad": (nn.Sequential(nn.Conv2d(3, 4, 3),
                                                   nn.AvgPool2d(3, 1, padding=1, count_include_pad=False),
                                                   nn.AdaptiveMaxPool2d(2)), (r(2, 3, 9, 9),), None),
        "pixel_unshuffle": (nn.Sequential(nn.PixelUnshuffle(2), nn.Conv2d(12, 4, 1)), (r(1, 3, 8, 8),), None),
        "instance_norm_1d": (nn.Sequential(nn.Conv1d(4, 8, 3), nn.InstanceNorm1d(8, affine=True)), (r(2, 4, 12),),
                             None),
        "rotary_in_forward": (Module(rotary_in_forward, l=lin(8, 8)), (r(2, 5, 8),), None),
        "nan_to_num_isinf_isnan": (Module(lambda s, x: (torch.nan_to_num(torch.log(s.l(x))), torch.isinf(1 / x).float(),
                                                        torch.isnan(torch.sqrt(x)).sum(-1)), l=lin(4, 4)),
                                   (r(3, 4),), None),
        "integer_arithmetic": (Module(lambda s, i, j: (torch.floor_divide(i, 3), torch.remainder(i, 4), i & j, i | j,
                                                       i ^ j, i >> 1)),
                               (torch.randint(-20, 20, (3, 5)), torch.randint(0, 20, (3, 5))), None),
        "temperature_log_softmax_dim0": (Module(lambda s, x: F.log_softmax(s.l(x) / s.t, 0), l=lin(6, 6),
                                                t=nn.Parameter(torch.tensor(0.7))), (r(4, 6),), None),
        "f64_linear": (lin(5, 3).double(), (r(4, 5).double(),), None),
        "argmin_topk_smallest": (Module(lambda s, x: (s.l(x).argmin(-1), s.l(x).topk(2, -1, largest=False).values),
                                        l=lin(6, 6)), (r(3, 6),), None),
        # (torch.cdist itself: torch-mlir 20261001 cannot export aten._cdist_forward)
        "cosine_pairwise_distance": (Module(lambda s, a, b, c: (F.cosine_similarity(a, b, -1),
                                                                ((a[:, None] - c[None]) ** 2).sum(-1).sqrt())),
                                     (r(4, 6), r(4, 6), r(5, 6)), None),
        "depthwise_multiplier_2d": (nn.Sequential(nn.Conv2d(4, 8, 3, padding=1, groups=4), nn.ReLU()), (r(1, 4, 7, 7),),
                                    None),
        "embedding_padding_idx": (Module(lambda s, ids: s.e(ids).sum(1), e=nn.Embedding(10, 4, padding_idx=0)),
                                  (torch.tensor([[0, 3, 4], [5, 0, 0]]),), None),
        "transformer_decoder_layer": (nn.TransformerDecoderLayer(16, 2, 32, batch_first=True, dropout=0.0),
                                      (r(2, 5, 16), r(2, 7, 16)), None),
        "layer_norm_2d_no_bias": (nn.Sequential(lin(8, 12), nn.Unflatten(-1, (3, 4)), nn.LayerNorm((3, 4), bias=False)),
                                  (r(5, 8),), None),
        "masked_mean": (Module(lambda s, x, m: (s.l(x) * m[..., None]).sum(1) / m.sum(1, keepdim=True).clamp(min=1),
                               l=lin(6, 6)), (r(3, 5, 6), (r(3, 5) > 0).float()), None),
        # torch ops after a convolution (its transpose back to channel-first sinks past what reads it)
        "conv_maxpool_indices": (Module(lambda s, x: F.max_pool2d(s.c(x), 2, return_indices=True)[1].float(),
                                        c=nn.Conv2d(2, 3, 3, padding=1)), (r(1, 2, 6, 6),), None),
        "conv_reflection_pad": (nn.Sequential(nn.Conv2d(2, 3, 3), nn.ReflectionPad2d((1, 2, 0, 1)), nn.Conv2d(3, 2, 1)),
                                (r(1, 2, 7, 7),), None),
        "conv_position_scale": (Module(lambda s, x: s.c(x) * (torch.arange(5)[None, None, :, None] + 1).float() /
                                       (torch.arange(5)[None, None, None, :] + 2).float(),
                                       c=nn.Conv2d(2, 3, 3, padding=1)), (r(1, 2, 5, 5),), None),
        "conv_cumsum_rows": (Module(lambda s, x: torch.cumsum(s.c(x), 2), c=nn.Conv2d(2, 3, 3, padding=1)),
                             (r(1, 2, 5, 5),), None),
        "conv_softmax_channels": (Module(lambda s, x: F.softmax(s.c(x), 1), c=nn.Conv2d(2, 4, 1)),
                                  (r(2, 2, 5, 5),), None),
        "conv_minus_spatial_mean": (Module(lambda s, x: s.c(x) - s.c(x).mean((2, 3), keepdim=True),
                                           c=nn.Conv2d(2, 3, 3)), (r(2, 2, 6, 6),), None),
        "conv_flip_roll": (Module(lambda s, x: torch.roll(torch.flip(s.c(x), [3]), 1, 2),
                                  c=nn.Conv2d(2, 3, 3, padding=1)), (r(1, 2, 5, 5),), None),
        "conv_topk_channels": (Module(lambda s, x: s.c(x).topk(2, 1).values, c=nn.Conv2d(2, 5, 1)),
                               (r(1, 2, 4, 4),), None),
        "conv_gather_rows": (Module(lambda s, x, i: torch.gather(s.c(x), 2, i), c=nn.Conv2d(2, 3, 3, padding=1)),
                             (r(1, 2, 5, 5), torch.randint(0, 5, (1, 3, 2, 5))), None),
        "conv_lower_triangle": (Module(lambda s, x: torch.where(torch.arange(6)[None, None, :, None] >
                                                                torch.arange(6)[None, None, None, :], s.c(x), 0.0),
                                       c=nn.Conv2d(2, 3, 3, padding=1)), (r(1, 2, 6, 6),), None),
        "conv_gram_matrix": (Module(lambda s, x: s.c(x).flatten(2) @ s.c(x).flatten(2).transpose(1, 2),
                                    c=nn.Conv2d(2, 4, 3)), (r(2, 2, 5, 5),), None),
        "conv1d_position_scale": (Module(lambda s, x: s.c(x) * torch.arange(6).float(),
                                         c=nn.Conv1d(2, 3, 3, padding=1)), (r(2, 2, 6),), None),
        "conv3d_position_scale": (Module(lambda s, x: s.c(x) * torch.arange(4).float()[:, None, None],
                                         c=nn.Conv3d(2, 3, 3, padding=1)), (r(1, 2, 4, 3, 3),), None),
        "avgpool_exclude_pad_then_conv": (nn.Sequential(nn.AvgPool2d(3, 2, padding=1, count_include_pad=False),
                                                        nn.Conv2d(2, 3, 3)), (r(1, 2, 9, 9),), None),
        "conv_bilinear_align_corners": (nn.Sequential(nn.Conv2d(2, 3, 3),
                                                      nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)),
                                        (r(1, 2, 6, 6),), None),
        "mamba_like": (Module(mamba_like, inp=lin(8, 16), dw=nn.Conv1d(8, 8, 3, groups=8), dt=lin(8, 8), out=lin(8, 8)),
                       (r(2, 6, 8),), None),
        "pointwise_conv_residual_bn": (Module(lambda s, x: F.relu(s.bn(s.c(x)) + x), c=nn.Conv2d(4, 4, 1),
                                              bn=nn.BatchNorm2d(4)), (r(2, 4, 5, 5),), None),
        "conv_stride2_dilated": (nn.Sequential(nn.Conv2d(3, 4, 3, stride=2, dilation=2, padding=2), nn.ReLU()),
                                 (r(1, 3, 11, 11),), None),
        "conv_1x5_5x1": (nn.Sequential(nn.Conv2d(3, 4, (1, 5), padding=(0, 2)),
                                       nn.Conv2d(4, 4, (5, 1), padding=(2, 0))), (r(1, 3, 7, 9),), None),
        "conv_groups2_hardswish": (nn.Sequential(nn.Conv2d(4, 8, 3, groups=2, bias=False), nn.Hardswish()),
                                   (r(1, 4, 6, 6),), None),
        "conv_channels_last_in_out": (Module(lambda s, x: s.c(x.permute(0, 3, 1, 2)).permute(0, 2, 3, 1),
                                             c=nn.Conv2d(3, 4, 3, padding=1)), (r(1, 5, 5, 3),), None),
        "conv_transpose_then_conv": (nn.Sequential(nn.ConvTranspose2d(4, 3, 2, stride=2),
                                                   nn.Conv2d(3, 2, 3, padding=1)), (r(1, 4, 4, 4),), None),
        "conv1d_causal_pad": (Module(lambda s, x: s.c(F.pad(x, (2, 0))), c=nn.Conv1d(3, 4, 3)), (r(2, 3, 8),), None),
        "conv_relu_inplace_clone": (Module(lambda s, x: F.relu_(s.c(x).clone()) + 1, c=nn.Conv2d(2, 3, 3)),
                                    (r(1, 2, 5, 5),), None),
        "conv_flatten_linear": (Module(lambda s, x: s.l(s.c(x).flatten(1)), c=nn.Conv2d(2, 3, 3), l=lin(27, 4)),
                                (r(1, 2, 5, 5),), None),
        "conv_global_max_plus_sum": (Module(lambda s, x: s.c(x).amax((2, 3)) + s.c(x).sum((2, 3)),
                                            c=nn.Conv2d(2, 3, 3)), (r(2, 2, 5, 5),), None),
        "conv_split_cat": (Module(lambda s, x: torch.cat(s.c(x).split([1, 2], 1)[::-1], 1), c=nn.Conv2d(2, 3, 3)),
                           (r(1, 2, 5, 5),), None),
        "conv_channel_shuffle_view": (Module(lambda s, x: s.c(x).view(1, 2, 2, 4, 4).transpose(1, 2)
                                             .reshape(1, 4, 4, 4), c=nn.Conv2d(2, 4, 3, padding=1)),
                                      (r(1, 2, 4, 4),), None),
        "conv_dynamic_height_width": (nn.Sequential(nn.Conv2d(2, 3, 3, padding=1), nn.ReLU()), (r(1, 2, 6, 6),),
                                      ({2: Dim("h", min=3, max=64), 3: Dim("w", min=3, max=64)},)),
        # refused with a message today: torch-mlir 20261001 prints a static token count of 1 into an encoder
        # exported with a dynamic batch and token count
        "encoder_dynamic_batch_tokens": (encoder(), (r(2, 5, 16),), ({0: Dim("b", max=64), 1: Dim("t", min=2, max=512)},)),
    }


def to_numpy(t, torch):
    if t.dtype == torch.bfloat16:
        import ml_dtypes
        return t.float().numpy().astype(ml_dtypes.bfloat16)
    return t.numpy()


def resized(inputs, dynamic, delta, torch):
    """Inputs like `inputs` with each dynamic size changed by delta (None where one would drop below 2)."""
    made = []
    for x, dims in zip(inputs, dynamic):
        shape = [n + delta if dims and d in dims else n for d, n in enumerate(x.shape)]
        if min(shape, default=2) < 2 and shape != list(x.shape):
            return None
        made.append(torch.randn(shape, dtype=x.dtype) if x.dtype.is_floating_point else
                    torch.randint(0, int(x.max()) + 1, shape, dtype=x.dtype))
    return made


def check(name, module, inputs, dynamic, torch, nanomm, timed=False) -> str:
    module.eval()
    varargs = any(p.kind == p.VAR_POSITIONAL for p in inspect.signature(module.forward).parameters.values())
    try:
        text = export(module, *inputs, dynamic_shapes=(dynamic,) if varargs and dynamic else dynamic)
    except Exception as exc:  # noqa: BLE001 - torch-mlir's own failure, before nanomm sees anything
        return f"no export torch-mlir: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
    start = time.perf_counter()
    sizes = [inputs] + ([x for x in (resized(inputs, dynamic, d, torch) for d in (3, -1)) if x] if dynamic else [])
    try:
        forward = nanomm.compile(text).forward
        lines = [agreement(module, xs, forward, torch) for xs in sizes]
    except nanomm.NanommError as exc:
        return f"refused   {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
    seconds = time.perf_counter() - start
    worst = max(lines, key=lambda line: (not line[0], line[1]))
    at = f" ({len(sizes)} sizes: {', '.join(str(tuple(xs[0].shape)) for xs in sizes)})" if dynamic else ""
    speed = speed_against_torch(module, inputs, forward, torch) if timed and worst[0] else ""
    return f"{worst[2]}, compile and first call {seconds:.1f} s{at}{speed}"


def speed_against_torch(module, inputs, forward, torch) -> str:
    """', torch / nanomm R (nanomm a ms, torch b ms)': one forward on the export's inputs, same rounds."""
    arrays = [to_numpy(x, torch) for x in inputs]

    def run_torch():
        with torch.inference_mode():
            return module(*inputs)
    timed = _timing.interleaved({"nanomm": lambda: forward(*arrays), "torch": run_torch},
                                rounds=3, target=0.05, warmup=0.1)
    n, t = (timed[k]["best_median_s"] for k in ("nanomm", "torch"))
    return f", torch / nanomm {t / n:.2f} (nanomm {n * 1e3:.3f} ms, torch {t * 1e3:.3f} ms){walked(forward, arrays)}"


def walked(forward, arrays) -> str:
    """'; walked: why' where the forward on these arrays runs as the Python walk, not as one native
    program (compiler/forward_program.py), with the first value the program has no form for."""
    from nanomm.compiler import forward_program, graph, upstream

    if not isinstance(forward, graph.GraphFunction):  # (a PerShapeFunction: its function for these shapes)
        forward = forward._compiled.get(tuple(x.shape for x in arrays))
        if forward is None:
            return ""
    why = forward_program.why_walked(forward, arrays, upstream.resolve_threads(None))
    return "" if why is None else f"; walked: {why}"


CALLS = 3  # forward calls compared per model (--calls=N): the first, then the third and each after it


def agreement(module, inputs, forward, torch) -> tuple[bool, float, str]:
    """(ok, error, verdict line) of forward(*inputs) against the module's result: the first call's and
    the third's (on several threads the forward runs as one native program from its third call,
    compiler/forward_program.py; on one thread from its first), and with --calls=N every call up to the
    N-th (a result that goes wrong now and then, under load or on several threads)."""
    with torch.no_grad():
        want = module(*inputs)
    arrays = [to_numpy(x, torch) for x in inputs]
    calls = [forward(*arrays) for _ in range(max(3, CALLS))]
    wants = want if isinstance(want, tuple) else (want,)
    calls = [list(got) if isinstance(got, (tuple, list)) else [got] for got in calls]
    # torch.export returns the buffers a forward assigns to (RWKV rescales its weights once) before
    # its outputs: those leading results are the new state, not compared
    state = len(calls[0]) - len(wants)
    compared = [calls[0]] + calls[2:]  # (the walk's first call, then the native program's: --calls=N)
    gots = [g for got in compared for g in got[max(state, 0):]]
    wants = wants * len(compared)
    errors = []
    for g, w in zip(gots, wants):
        w = w.detach().float().numpy() if w.dtype == torch.bfloat16 else w.detach().numpy()
        g = np.asarray(g).astype(w.dtype)
        if g.shape != w.shape:
            return False, math.inf, f"WRONG     shape {g.shape}, torch's {w.shape}"
        exact = w.dtype.kind in "iub"
        errors.append(float(not np.array_equal(g, w)) if exact else
                      float(np.abs(g.astype(np.float64) - w).max() / max(np.abs(w).max(), 1e-30)))
    bound = {torch.bfloat16: 1e-2, torch.float16: 3e-3}.get(wants[0].dtype, 1e-4)  # (2-3 units of the last place)
    ok = len(gots) == len(wants) and max(errors) <= bound
    extra = f", after {state} result(s) of mutated state" if state > 0 else ""
    return ok, max(errors), f"{'ok     ' if ok else 'WRONG  '}   error {max(errors):.1e} (bound {bound:.0e}){extra}"


def arguments(torch) -> tuple[list[str], bool]:
    """The model names on the command line, and whether --time was given: then the process is pinned to one
    CPU and torch to one thread (as bench_frontend.py's --threads 1) before nanomm is imported."""
    global CALLS
    calls = [a for a in sys.argv[1:] if a.startswith("--calls=")]
    if calls:
        CALLS = int(calls[-1].split("=", 1)[1])
    names = [a for a in sys.argv[1:] if a not in ("--time", "--winograd-everywhere", *calls)]
    timed = "--time" in sys.argv[1:]
    if timed:
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        torch.set_num_threads(1)
    return names, timed


def run_checks(made: dict, names: list[str], timed: bool, torch, width: int = 24) -> int:
    """check() of each named entry of `made` ((module, inputs, dynamic), or a function making them), a line
    each; 1 where any is WRONG or CRASH."""
    import nanomm

    names = names or list(made)
    unknown = [n for n in names if n not in made]
    if unknown:
        raise SystemExit(f"error: unknown model(s) {', '.join(unknown)} (known: {', '.join(made)})")
    bad = 0
    for name in names:
        try:
            entry = made[name]() if callable(made[name]) else made[name]
            line = check(name, *entry, torch, nanomm, timed)
        except Exception as exc:  # noqa: BLE001 - an error that is not nanomm's: report it, go on
            line = f"CRASH     {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        bad += line.startswith(("WRONG", "CRASH"))
        print(f"{name:{width}s} {line}", flush=True)
    print(f"{len(names) - bad} of {len(names)} compiled and agreed, were refused with a NanommError or did not "
          "export")
    return 1 if bad else 0


def main() -> int:
    try:
        import torch
        import torch_mlir  # noqa: F401 - (exports go through _torch_mlir.export)
    except ImportError as exc:
        raise SystemExit(f"error: needs torch and torch-mlir ({exc}): pip install torch==2.13.0 torch-mlir==20261001")
    names, timed = arguments(torch)
    torch.manual_seed(0)
    made = models(torch)
    if "--winograd-everywhere" in sys.argv[1:]:
        names = winograd_modules(made, names)
    return run_checks(made, names, timed, torch)


def winograd_modules(made: dict, names: list[str]) -> list[str]:
    """With conv_matmul's Winograd thresholds at zero (for this process), the named modules (all by default)
    whose compiled function runs a 3 x 3 convolution as Winograd (a contraction pre-packed per batch entry)."""
    import nanomm
    from nanomm.passes import conv_matmul

    conv_matmul.WINOGRAD_MIN_TILES = conv_matmul.WINOGRAD_MIN_CHANNELS = conv_matmul.WINOGRAD_MIN_MACS = 0
    found = []
    for name in names or list(made):
        entry = made[name]() if callable(made[name]) else made[name]
        module, inputs, dynamic = entry
        module.eval()
        try:
            text = export(module, *inputs, dynamic_shapes=dynamic)
            if "linalg.conv_2d_nchw_fchw" in text and "per batch entry" in nanomm.compile(text).forward.describe():
                found.append(name)
        except Exception:  # noqa: BLE001 - not exported, refused, or per-shape: run_checks reports what it is
            continue
    print(f"Winograd everywhere: {len(found)} module(s) run a convolution as Winograd", flush=True)
    return found


if __name__ == "__main__":
    sys.exit(main())

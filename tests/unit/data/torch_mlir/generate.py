"""Regenerates the torch-mlir samples of test_graph.py: each module's linalg-on-tensors IR (NAME.mlir)
and its inputs and torch's output (NAME.npz: arr_0, arr_1, ... and out).

Needs torch and torch-mlir, which CI does not install (the printed IR is checked in):
    python -m venv /tmp/tm && /tmp/tm/bin/pip install torch==2.13.0 torch-mlir==20261001 numpy
    /tmp/tm/bin/python tests/unit/data/torch_mlir/generate.py [NAME ...]
"""

import sys
from pathlib import Path

import numpy as np
import torch
from torch_mlir import fx

F = torch.nn.functional
HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[3] / "bench"))
from _torch_mlir import guard  # noqa: E402


class Linear3d(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 16)

    def forward(self, x):
        return self.linear(x)


class Residual(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        return x + self.linear(x)


class Scores(torch.nn.Module):
    def forward(self, q, k):
        return q @ k.transpose(-1, -2) / 8 ** 0.5


class Product(torch.nn.Module):
    def forward(self, p, v):
        return p @ v


class Activated(torch.nn.Module):
    def __init__(self, act, bias=True):
        super().__init__()
        self.linear, self.act = torch.nn.Linear(8, 16, bias=bias), act

    def forward(self, x):
        return self.act(self.linear(x))


class RMSNorm(torch.nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = torch.nn.Parameter(1 + 0.1 * torch.randn(d))

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)


class LlamaBlock(torch.nn.Module):
    """A Llama decoder block, small: RMSNorm, rotary embeddings (rotate-half: a concat of strided
    halves), causal attention (an all-true i1 splat in torch's mask), a SiLU-gated MLP."""

    def __init__(self, d=16, heads=2, hidden=32, tokens=6):
        super().__init__()
        self.heads, self.dh = heads, d // heads
        self.norm1, self.norm2 = RMSNorm(d), RMSNorm(d)
        self.qkv, self.o = torch.nn.Linear(d, 3 * d, bias=False), torch.nn.Linear(d, d, bias=False)
        self.gate, self.up = torch.nn.Linear(d, hidden, bias=False), torch.nn.Linear(d, hidden, bias=False)
        self.down = torch.nn.Linear(hidden, d, bias=False)
        angles = torch.outer(torch.arange(tokens).float(), 1e4 ** -(torch.arange(0, self.dh, 2).float() / self.dh))
        self.register_buffer("cos", torch.cat([angles.cos()] * 2, -1))
        self.register_buffer("sin", torch.cat([angles.sin()] * 2, -1))

    def rotate(self, x):
        half = self.dh // 2
        return x * self.cos + torch.cat([-x[..., half:], x[..., :half]], -1) * self.sin

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (y.view(b, t, self.heads, self.dh).transpose(1, 2) for y in self.qkv(self.norm1(x)).split(d, -1))
        a = F.scaled_dot_product_attention(self.rotate(q), self.rotate(k), v, is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, d))
        y = self.norm2(x)
        return x + self.down(F.silu(self.gate(y)) * self.up(y))


class BasicBlock(torch.nn.Module):
    """ResNet's basic block: two 3 x 3 convolutions with batch norms, a 1 x 1 projection where the stride or
    the width changes, ReLU after the residual add."""

    def __init__(self, cin, cout, stride):
        super().__init__()
        nn = torch.nn
        self.c1, self.b1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout)
        self.c2, self.b2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout)
        self.down = nn.Identity() if stride == 1 and cin == cout else \
            nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        return F.relu(self.down(x) + self.b2(self.c2(F.relu(self.b1(self.c1(x))))))


class ResNet(torch.nn.Sequential):
    """ResNet-18's structure (widths 64-512, two blocks a stage) at any widths and depths; batch norms
    with running statistics made up (eval mode), so that they are not the identity."""

    def __init__(self, widths=(64, 128, 256, 512), blocks=(2, 2, 2, 2), classes=1000):
        nn = torch.nn
        parts = [nn.Conv2d(3, widths[0], 7, 2, 3, bias=False), nn.BatchNorm2d(widths[0]), nn.ReLU(),
                 nn.MaxPool2d(3, 2, 1)]
        cin = widths[0]
        for i, (width, count) in enumerate(zip(widths, blocks)):
            for j in range(count):
                parts.append(BasicBlock(cin, width, 2 if i and not j else 1))
                cin = width
        super().__init__(*parts, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, classes))
        for m in self.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)
                m.weight.data.uniform_(0.5, 1.5)
                m.bias.data.uniform_(-0.2, 0.2)


class InvertedResidual(torch.nn.Module):
    """MobileNetV2's block: a 1 x 1 expansion, a 3 x 3 depthwise convolution (groups = channels), a 1 x 1
    projection, batch norms and ReLU6 between, the input added back where the shape allows."""

    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        nn, hidden = torch.nn, cin * expand
        parts = [] if expand == 1 else [nn.Conv2d(cin, hidden, 1, bias=False), nn.BatchNorm2d(hidden), nn.ReLU6()]
        self.body = nn.Sequential(*parts, nn.Conv2d(hidden, hidden, 3, stride, 1, groups=hidden, bias=False),
                                  nn.BatchNorm2d(hidden), nn.ReLU6(), nn.Conv2d(hidden, cout, 1, bias=False),
                                  nn.BatchNorm2d(cout))
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        return x + self.body(x) if self.residual else self.body(x)


class MobileNetV2(torch.nn.Sequential):
    """MobileNetV2 (width 1.0: 3.4 M parameters, 0.3 G multiply-adds at 224 x 224); `blocks` takes the
    first stages only (a small sample)."""

    STAGES = ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1))

    def __init__(self, stages=STAGES, classes=1000):
        nn = torch.nn
        parts, cin = [nn.Conv2d(3, 32, 3, 2, 1, bias=False), nn.BatchNorm2d(32), nn.ReLU6()], 32
        for expand, cout, count, stride in stages:
            for i in range(count):
                parts.append(InvertedResidual(cin, cout, stride if i == 0 else 1, expand))
                cin = cout
        last = 4 * cin if cin < 320 else 1280
        super().__init__(*parts, nn.Conv2d(cin, last, 1, bias=False), nn.BatchNorm2d(last), nn.ReLU6(),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(last, classes))
        for m in self.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)


class AudioFront(torch.nn.Module):
    """1-D convolutions as a speech model's front end: strided, dilated, GELU between, channels last out."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv1d(4, 8, 3, padding=1)
        self.c2 = torch.nn.Conv1d(8, 8, 3, stride=2, dilation=2, padding=2)

    def forward(self, x):
        return F.gelu(self.c2(F.gelu(self.c1(x)))).transpose(1, 2)


class MseLoss(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 4)

    def forward(self, x, y):
        return F.mse_loss(self.linear(x), y)


class PadRoll(torch.nn.Module):
    """Static shapes, yet torch-mlir casts the parts of torch.roll's concat to a dynamic size."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.roll(F.pad(self.linear(x), (1, 2)), 1, -1).flip(0)


class PoolIndices(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(2, 3, 3, padding=1)

    def forward(self, x):
        return F.max_pool2d(self.c(x), 2, return_indices=True)[1].float()


def cases():
    torch.manual_seed(0)
    return {
        "linear": (torch.nn.Linear(8, 16), (torch.randn(4, 8),)),
        "linear_relu": (torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU()), (torch.randn(4, 8),)),
        "linear_3d": (Linear3d(), (torch.randn(2, 3, 8),)),
        "residual": (Residual(), (torch.randn(4, 8),)),
        "mlp": (torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 32), torch.nn.ReLU(),
                                    torch.nn.Linear(32, 8), torch.nn.ReLU()), (torch.randn(4, 16),)),
        "bmm": (Product(), (torch.randn(3, 4, 8), torch.randn(3, 8, 5))),
        "scores": (Scores(), (torch.randn(2, 4, 6, 8), torch.randn(2, 4, 6, 8))),
        "pv4": (Product(), (torch.randn(2, 4, 6, 6), torch.randn(2, 4, 6, 8))),
        "silu": (Activated(F.silu), (torch.randn(4, 8),)),
        "sigmoid": (Activated(torch.sigmoid), (torch.randn(4, 8),)),
        "gelu_tanh": (Activated(lambda x: F.gelu(x, approximate="tanh")), (torch.randn(4, 8),)),
        "nobias_relu": (Activated(torch.relu, bias=False), (torch.randn(4, 8),)),
        "encoder": (torch.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True),
                    (torch.randn(2, 5, 16),)),
        # exported with a dynamic first dimension (DYNAMIC); the .npz holds a call with another size
        "mlp_dynamic": (torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 4)),
                        (torch.randn(4, 8),)),
        "linear_3d_dynamic": (Linear3d(), (torch.randn(2, 3, 8),)),
        "llama_block": (LlamaBlock(), (torch.randn(2, 6, 16),)),
        # a token count reaching attention: compiled per argument shapes (compiler/per_shape.py)
        "encoder_dynamic_tokens": (torch.nn.TransformerEncoderLayer(16, 2, 32, dropout=0.0, batch_first=True),
                                   (torch.randn(2, 5, 16),)),
        # convolutions (passes/conv_matmul.py), a scalar result, a static function with a dynamic cast inside
        "convnet": (ResNet(widths=(8, 16), blocks=(1, 1), classes=10), (torch.randn(2, 3, 16, 16),)),
        "audio_front": (AudioFront(), (torch.randn(2, 4, 20),)),
        "mse_loss": (MseLoss(), (torch.randn(5, 8), torch.randn(5, 4))),
        "pad_roll": (PadRoll(), (torch.randn(3, 8),)),
        "mobilenet": (MobileNetV2(stages=((1, 16, 1, 1), (6, 24, 2, 2)), classes=10), (torch.randn(2, 3, 32, 32),)),
        # a max pool's indices after a convolution: the pool reads the convolution's transpose back twice
        "conv_maxpool_indices": (PoolIndices(), (torch.randn(1, 2, 6, 6),)),
    }


DYNAMIC = {"mlp_dynamic": (torch.randn(7, 8),), "linear_3d_dynamic": (torch.randn(2, 5, 8),),
           "encoder_dynamic_tokens": (torch.randn(2, 7, 16),)}
MIN_SIZE = {"encoder_dynamic_tokens": 2}  # (torch.export specializes a token count of 1 in attention)


def main(names):
    for name, (module, args) in cases().items():
        if names and name not in names:
            continue
        module.eval()
        dynamic = None
        if name in DYNAMIC:
            from torch.export import Dim
            axis = 0 if args[0].ndim == 2 else 1
            dynamic = ({axis: Dim("n", min=MIN_SIZE.get(name, 1), max=4096)},)
            args = DYNAMIC[name]
        guard()  # (torch-mlir 20261001 can give one bool constant another's data: bench/_torch_mlir.py)
        ir = fx.export_and_import(module, *(args if dynamic is None else cases()[name][1]),
                                  output_type="linalg-on-tensors", func_name=name, dynamic_shapes=dynamic)
        (HERE / f"{name}.mlir").write_text(str(ir))
        with torch.no_grad():
            out = module(*args)
        np.savez(HERE / f"{name}.npz", *[a.numpy() for a in args], out=out.numpy())


if __name__ == "__main__":
    main(sys.argv[1:])

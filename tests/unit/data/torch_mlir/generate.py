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
    }


DYNAMIC = {"mlp_dynamic": (torch.randn(7, 8),), "linear_3d_dynamic": (torch.randn(2, 5, 8),)}


def main(names):
    for name, (module, args) in cases().items():
        if names and name not in names:
            continue
        module.eval()
        dynamic = None
        if name in DYNAMIC:
            from torch.export import Dim
            axis = 0 if args[0].ndim == 2 else 1
            dynamic = ({axis: Dim("n", min=1, max=4096)},)
            args = DYNAMIC[name]
        ir = fx.export_and_import(module, *(args if dynamic is None else cases()[name][1]),
                                  output_type="linalg-on-tensors", func_name=name, dynamic_shapes=dynamic)
        (HERE / f"{name}.mlir").write_text(str(ir))
        with torch.no_grad():
            out = module(*args)
        np.savez(HERE / f"{name}.npz", *[a.numpy() for a in args], out=out.numpy())


if __name__ == "__main__":
    main(sys.argv[1:])

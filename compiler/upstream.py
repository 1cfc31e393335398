"""The upstream half of a compiled function: the ops that are not contractions, lowered by MLIR's passes.

compiler/graph.py cuts a linalg-on-tensors function into nanomm kernels (contractions with their fused
epilogues) and *segments*: runs of the other ops (softmax, layer norm, element-wise ops that read no
contraction, reductions, masks), each written out as a tensor function of its inputs and returning
the values the rest of the function reads. A segment goes through MLIR's own lowering, PIPELINE:
named ops generalized, i1 tensors widened to bytes (widen-bool), element-wise producers fused into
their consumers (linalg-fuse-elementwise-ops: torch's safe softmax becomes four passes over its rows
instead of nine), one-shot bufferization with the results as out-parameters, deallocation, loops,
reductions marked reassociable and the pointers noalias (so that LLVM vectorizes the row sums), and
LLVM (float32 exp / erf / tanh as polynomials, so the loops vectorize; other math through libm). The
result is `void segment(in0*, ..., out0*, ...)` over C-contiguous arrays, cached on disk like the
kernels.
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from ..errors import MLIRInputError, NanommError
from ..runtime import settings
from ..runtime.cpu import native_cpu
from ..runtime.diskcache import DiskCache, content_key
from ..runtime.kernel import data_pointer

SYMBOL = "segment"
PIPELINE = ",".join([
    "func.func(convert-elementwise-to-linalg)",  # arith / math ops on whole tensors
    "func.func(linalg-generalize-named-ops)",
    "widen-bool",
    "func.func(linalg-fuse-elementwise-ops)",
    "canonicalize", "cse",
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}",
    "buffer-results-to-out-params{hoist-static-allocs modify-public-functions}",
    "canonicalize",
    "buffer-deallocation-pipeline",
    "reassociate-reductions",
    "expand-math{keep-other=1}",
    "convert-math-to-llvm",
    "convert-math-to-libm",  # what has no LLVM intrinsic (erf of f64): libm's, resolved in the process
    "lower-llvm{noalias=1}",
])

_segments: dict[str, "Segment"] = {}
_lock = threading.Lock()


class Segment:
    """A compiled segment: `segment(*inputs)` returns its outputs (new C-contiguous arrays)."""

    def __init__(self, text: str, inputs: list[tuple[tuple, np.dtype]], outputs: list[tuple[tuple, np.dtype]],
                 context: str = ""):
        self.text, self.inputs, self.outputs = text, inputs, outputs
        self._jit = _compile(text, context)
        self.address = self._jit.address(SYMBOL)
        self._cfunc = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * (len(inputs) + len(outputs)))(self.address)

    def __call__(self, *arrays: np.ndarray) -> list[np.ndarray]:
        ins = [np.ascontiguousarray(a, dtype) for a, (_, dtype) in zip(arrays, self.inputs)]
        for a, (shape, _) in zip(ins, self.inputs):
            if a.shape != shape:  # the plan's own views: a mismatch is nanomm's bug, never a wild write
                raise NanommError(f"segment input of shape {a.shape}, compiled for {shape}")
        outs = [np.empty(shape, dtype) for shape, dtype in self.outputs]
        self._cfunc(*(data_pointer(a) for a in ins + outs))
        return outs


def segment(text: str, inputs, outputs, context: str = "") -> Segment:
    """The compiled segment of `text` (one per distinct text in the process). `context` opens its error
    messages (which function, which ops where)."""
    key = text + repr(native_cpu().name)
    found = _segments.get(key)
    if found is None:
        with _lock:
            found = _segments.get(key)
            if found is None:
                found = _segments[key] = Segment(text, inputs, outputs, context)
    return found


def canonical(text: str) -> str:
    """The segment's text as MLIR prints it (values renumbered: the same ops give the same text)."""
    from mlir import ir

    with ir.Context(), ir.Location.unknown():
        return str(ir.Module.parse(text))


def _compile(text: str, context: str = ""):
    from mlir import ir

    from .build import _compiler_fingerprint, _load_cached, count_build
    from .pipeline import parse_pipeline, run_pipeline
    from .translate import to_llvm_ir
    from ..runtime.jit import JitModule

    cpu = native_cpu()
    features, opt = cpu.feature_string(), settings.opt_level()
    cache = DiskCache()
    key = content_key(_compiler_fingerprint(), "segment", PIPELINE, text, cpu.name, features, str(opt))
    jit = _load_cached(cache, key, cpu.name, features, opt, [SYMBOL])
    count_build(jit is None)
    if jit is not None:
        return jit
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        try:
            run_pipeline(module, parse_pipeline(PIPELINE), snapshots=False)
        except NanommError as exc:
            raise MLIRInputError(f"{context}MLIR's upstream lowering failed on ops that are not contractions:\n{exc}") from None
        left = _not_lowered(module)
        if left:  # (translating them to LLVM IR crashes the process)
            raise MLIRInputError(f"{context}MLIR's upstream lowering leaves {', '.join(left)}: nanomm cannot compile them "
                                 "(e.g. linalg.softmax: spell it as linalg.generic ops, as torch-mlir does)")
        jit = JitModule(to_llvm_ir(module), cpu.name, features, opt)
    cache.put(key, jit.jit_object(), {"symbols": [SYMBOL], "cpu": cpu.name, "features": features})
    return jit


def _not_lowered(module) -> list[str]:
    """The names of ops a lowered module holds that are not in the LLVM dialect."""
    found: list[str] = []

    def visit(op):
        name = op.name
        if not name.startswith("llvm.") and name != "builtin.module" and name not in found:
            found.append(name)
        from mlir import ir

        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    return found

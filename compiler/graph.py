"""nanomm.compile for functions that hold more than one bare matmul: what a frontend emits.

A function of linalg-on-tensors ops (torch-mlir's output for Linear layers, MLPs, attention, whole
encoder layers) is read op by op into a plan of nanomm kernels and MLIR-lowered segments:

- **contractions** (`linalg.matmul`, `linalg.batch_matmul`, `linalg.batch_reduce_matmul`, with or
  without `indexing_maps`, and a `linalg.generic` whose body is a multiply-accumulate) become one
  kernel each: an operand read transposed or broadcast is a view of its array (nanomm.matmul reads
  B^T in place), a constant B (frozen weights: `dense` / `dense_resource` constants) is packed
  once, here;
- **producers** that only move data (`linalg.transpose`, `tensor.collapse_shape` /
  `expand_shape`, `tensor.extract_slice`, a broadcasting copy `linalg.generic` / `linalg.broadcast`)
  are numpy views, folded into the constants they apply to;
- **element-wise consumers** of a contraction's result (`linalg.generic`s: a bias along N, a
  scale, ReLU / GELU / SiLU / sigmoid in any of their spellings, a residual add (or a product with a
  matrix: SwiGLU's gate); through reshapes that keep N last) are fused into the kernel's epilogue,
  act(alpha * (A @ B) + bias) + residual (or * residual).
  The consumers' bodies are read into one scalar expression, which is matched to that form: the
  affine part (alpha, bias) is found as the expression's node nearest the result through which
  every path to the contraction and the bias passes; what remains of the body must compute one of
  the epilogue's activations exactly as ACTIVATION_FUNCTIONS does (evaluated on a grid that
  includes NaN and the infinities).

- a **constant multiple** read only by contractions (x * c: torch's attention scales q and k) is
  their alpha;
- **every other op** (softmax, layer norm, element-wise ops that read no contraction, consumers that do
  not fit the epilogue: the function is then read again with that contraction's consumers outside it,
  contractions of element types nanomm has no kernel for) joins a **segment**: a run of such ops
  written out as one tensor function of the arrays it reads, for MLIR's own lowering
  (compiler/upstream.py). A segment takes the reshapes and transposes between its ops, and those of
  its inputs (it reads through them rather than take numpy's copy); an op reading a value computed
  from the open segment's results by a kernel starts the next segment.

A segment independent along its leading dimension (a softmax over (batch, heads, rows), a layer norm
over (batch, tokens)) runs a slice of that dimension at a time, with the run-time contractions that
make its inputs and read its outputs (the attention scores, P @ V): GraphFunction._find_slices. Such a
run is a native program (runtime/programs.py) where it can be: GraphFunction._program.

Sizes are static but for one dynamic dimension per tensor, the contractions' M (a batch or a sequence
length: dynamic-M kernels, weights packed once); segments are static. What nanomm cannot compile (ops
of other dialects, a dynamic size in a segment, a dynamic K / N) is refused with an MLIRInputError
naming the op and its location: never a silently wrong result.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np
from mlir import ir

from ..errors import DTypeError, MLIRInputError, ShapeError
from ..passes._ir import splice, walk
from ..passes.conv_matmul import rewrite_convolutions, sink_transposes
from ..passes.winograd import INPUT_MARK
from ..runtime.convert import bfloat16
from . import forward_program, upstream
from .api import batched_call, compile_matmul, matmul
from .build import missing_features
from ..runtime import programs, settings
from ..runtime.kernel import data_pointer
from ..runtime.cpu import native_cpu
from ..runtime.dtypes import MLIR_DTYPES
from .payload import ACTIVATION_FUNCTIONS, BODY, BODY_OPS, NUMPY_CMPF, NUMPY_OPS, Epilogue, activation_label, \
    body_text

_NUMPY_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": "bfloat16",
                "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "i1": np.bool_}


def _numpy_type(element: str) -> np.dtype:
    """The numpy dtype of an MLIR element type of _NUMPY_TYPES (bf16: ml_dtypes', loaded on first use)."""
    kind = _NUMPY_TYPES[element]
    return bfloat16() if kind == "bfloat16" else np.dtype(kind)


_VIEW_OPS = ("linalg.transpose", "tensor.collapse_shape", "tensor.expand_shape", "tensor.extract_slice",
             "linalg.broadcast")
_NAMED_CONTRACTIONS = ("linalg.matmul", "linalg.batch_matmul", "linalg.batch_reduce_matmul")


def needs_graph(func: ir.Operation) -> bool:
    """True when a tensor function holds more than what the single-matmul importer (frontend._analyze)
    reads: a constant tensor, an op other than one linalg.matmul, its zero fill and a transpose of
    an argument, more than one contraction, or ops and no contraction."""
    block = func.regions[0].blocks[0]
    if any(isinstance(arg.type, ir.MemRefType) for arg in block.arguments):
        return False  # the buffer form: one linalg.matmul writing its C argument
    ops = [o.operation for o in block.operations]
    # (what every branch below says True to, found first: a model's ops are not each read as a contraction)
    if any(o.name not in _SINGLE_MATMUL_OPS or
           o.name == "arith.constant" and isinstance(o.results[0].type, ir.ShapedType) for o in ops):
        return True
    contractions = [o for o in ops if o.name in _NAMED_CONTRACTIONS or _is_contraction_generic(o)]
    if not contractions:  # ops but no contraction: all of it through MLIR's lowering
        return any(o.name != "func.return" for o in ops)
    if len(contractions) != 1 or contractions[0].name != "linalg.matmul":
        return True
    maps = _maps(contractions[0]) if "indexing_maps" in contractions[0].attributes else None
    if maps not in (None, [[0, 2], [2, 1], [0, 1]], [[0, 2], [1, 2], [0, 1]]):
        return True  # A read transposed (or other maps the single-matmul importer does not read)
    mm = contractions[0]
    for o in ops:
        if o.name == "linalg.transpose" and not (len(o.results) and o.results[0] == mm.operands[1]):
            return True
        if o.name == "func.return" and len(o.operands) > 1:
            return True
    return False


# the ops of a function the single-matmul importer (frontend._analyze) reads
_SINGLE_MATMUL_OPS = ("arith.constant", "tensor.empty", "tensor.dim", "memref.dim", "linalg.fill", "linalg.matmul",
                      "linalg.transpose", "func.return")


# ---------------------------------------------------------------- scalar expressions of bodies

class _E:
    """A node of a scalar expression: a leaf ("x": the contraction's sum, "bias", "res", "t": the
    activation's argument, "const", "col": the value-th vector along the columns other than the bias,
    a batch norm's) or an arith / math op over other nodes."""

    __slots__ = ("op", "args", "value")

    def __init__(self, op: str, args: tuple = (), value=None):
        self.op, self.args, self.value = op, args, value


_X, _BIAS, _RES = _E("x"), _E("bias"), _E("res")

_CMPF, _OPS = NUMPY_CMPF, NUMPY_OPS


def _evaluate(e: _E, leaves: dict, memo: dict):
    found = memo.get(id(e))
    if found is not None:
        return found
    if e.op in leaves:
        v = leaves[e.op]
    elif e.op == "const":
        v = np.float64(e.value)
    elif e.op == "col":
        v = leaves.get(f"col{e.value}", np.ones(1))
    elif e.op in ("x", "bias", "res", "t"):
        v = np.zeros(1)
    elif e.op == "arith.cmpf":
        v = _CMPF[e.value](*(_evaluate(a, leaves, memo) for a in e.args))
    else:
        v = _OPS[e.op](*(_evaluate(a, leaves, memo) for a in e.args))
    memo[id(e)] = v
    return v


def _run(e: _E, **leaves) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(_evaluate(e, leaves, {}), np.float64)


def _nodes(e: _E) -> list[_E]:
    """Every node of e, each once, nearest the root first (breadth-first)."""
    seen, order, frontier = {id(e)}, [e], [e]
    while frontier:
        nxt = []
        for n in frontier:
            for a in n.args:
                if id(a) not in seen:
                    seen.add(id(a))
                    order.append(a)
                    nxt.append(a)
        frontier = nxt
    return order


def _leaves(e: _E, cut: _E | None = None) -> set[str]:
    """The leaves e depends on, with `cut` standing for a leaf "t"."""
    memo: dict = {}

    def walk(n: _E) -> frozenset:
        if n is cut:
            return frozenset(("t",))
        if id(n) not in memo:
            memo[id(n)] = (frozenset((n.op,)) if n.op in ("x", "bias", "res") else
                           frozenset((f"col{n.value}",)) if n.op == "col" else
                           frozenset().union(*(walk(a) for a in n.args)) if n.args else frozenset())
        return memo[id(n)]
    return set(walk(e))


def _substitute(e: _E, cut: _E, by: _E | None = None) -> _E:
    """e with the node `cut` replaced by `by` (a leaf "t" by default)."""
    memo: dict = {}

    def walk(n: _E) -> _E:
        if n is cut:
            return by or _E("t")
        if id(n) not in memo:
            memo[id(n)] = _E(n.op, tuple(walk(a) for a in n.args), n.value) if n.args else n
        return memo[id(n)]
    return walk(e)


_GRID = np.concatenate([np.linspace(-12, 12, 961), [-1e4, -300, -80, 80, 300, 1e4, 0.0, -0.0, np.inf, -np.inf,
                                                      np.nan]])


with np.errstate(all="ignore"):
    _REFERENCES = {name: np.asarray(fn(_GRID.copy()), np.float64) for name, fn in ACTIVATION_FUNCTIONS.items()}
EXACT = 2e-6  # relative: float32 rounding of the body's own constants


def _deviation(got: np.ndarray, want: np.ndarray) -> float:
    """The largest relative difference of got from want (inf where NaNs or infinities differ)."""
    if not np.array_equal(np.isnan(got), np.isnan(want)):
        return math.inf
    ok = ~np.isnan(want)
    g, w = got[ok], want[ok]
    inf = np.isinf(w)
    if not np.array_equal(g[inf], w[inf]):
        return math.inf
    g, w = g[~inf], w[~inf]
    return float(np.max(np.abs(g - w) / np.maximum(np.abs(w), 1e-3)))


@dataclass
class _Epilogue:
    alpha: float
    bias_gain: float  # the bias leaf's coefficient
    offset: float  # a constant added before the activation
    activation: str | None
    residual: bool
    deviation: float = 0.0  # the body's largest relative difference from the activation
    residual_mul: bool = False  # the residual multiplies (SwiGLU's silu(gate) * up) rather than adds
    # with vectors along the columns besides the bias (a batch norm's): the activation's argument as an
    # expression of x, the bias and them, affine in x for each column (alpha, bias_gain and offset unused)
    columns: _E | None = None


def _match(e: _E, rtol: float = EXACT) -> _Epilogue | str:
    """e as act(alpha * x + bias_gain * bias + offset) + res (or * res), or why it is not of that form. Where e
    reads column vectors ("col" leaves), as act(s * x + t) + res with s and t vectors along the columns
    that the vectors' values give (_Epilogue.columns)."""
    leaves = _leaves(e)
    cols = {leaf for leaf in leaves if leaf.startswith("col")}
    if "x" not in leaves:
        return "the result does not depend on the contraction"
    residual, mul = "res" in leaves, False
    if residual:
        if e.op not in ("arith.addf", "arith.mulf") or not ((e.args[1] is _RES and "res" not in _leaves(e.args[0])) or
                                                            (e.args[0] is _RES and "res" not in _leaves(e.args[1]))):
            return "the residual is not added (or multiplied) last (act(alpha * x + bias) + residual)"
        mul = e.op == "arith.mulf"
        e = e.args[0] if e.args[1] is _RES else e.args[1]
    rng = np.random.default_rng(0)
    xs, bs = rng.uniform(-3, 3, 16), rng.uniform(-3, 3, 16)
    affine, near, body = False, None, None
    for cut in _nodes(e):
        if "x" not in _leaves(cut) or _leaves(e, cut) & ({"x", "bias"} | cols):
            continue  # not a node through which every path to x, the bias and the columns passes
        if cols:
            if not _affine_in_x(cut, cols, rng):
                continue
            found = _Epilogue(1.0, 1.0, 0.0, None, residual, columns=cut, residual_mul=mul)
        else:
            zero = np.zeros(1)
            offset = float(_run(cut, x=zero, bias=zero)[0])
            alpha = float(_run(cut, x=zero + 1, bias=zero)[0]) - offset
            gain = float(_run(cut, x=zero, bias=zero + 1)[0]) - offset
            if not all(math.isfinite(v) for v in (offset, alpha, gain)) or alpha == 0:
                continue
            if not np.allclose(_run(cut, x=xs, bias=bs), alpha * xs + gain * bs + offset, rtol=1e-9, atol=1e-12):
                continue  # not affine in x and the bias
            found = _Epilogue(alpha, gain, offset, None, residual, residual_mul=mul)
        h = _substitute(e, cut)
        got = _run(h, t=_GRID)
        deviations = {name: _deviation(got, want) for name, want in _REFERENCES.items()}
        name = min(deviations, key=deviations.get)
        if deviations[name] <= max(rtol, EXACT):
            found.activation, found.deviation = name, deviations[name]
            return found
        if deviations[name] < 1e-2:
            near = (name, deviations[name])
        if body is None:
            tree = _body_tree(h)
            if tree is not None:
                body = found
                body.activation = BODY + body_text(tree)
        affine = True  # a deeper cut may match: sigmoid(x + b) holds the affine -(x + b) too
    if body is not None:  # none of the named activations: the body itself, its ops as written
        return body
    if near is not None:
        name, deviation = near
        rtol = 10 ** math.ceil(math.log10(deviation))
        return (f"the element-wise body is {name} of alpha * x + bias but for its constants (largest relative "
                f"difference {deviation:.1e} from {name}; compile(..., activation_rtol={rtol:g}) fuses it as {name})")
    if affine:
        return ("the element-wise body is not one of the epilogue's activations "
                f"({', '.join(a for a in ACTIVATION_FUNCTIONS if a)}) of alpha * x + bias")
    return "no part of the body is alpha * x + bias"


_BODY_MAX_OPS = 64  # (an activation's body; more is a consumer that is not one)


def _body_tree(h: _E) -> tuple | None:
    """The activation h (of the leaf "t") as payload.parse_body's tree, or None where an op is not one of
    payload.BODY_OPS (math.fpowi by a small whole exponent becomes its products) or h reads another leaf."""
    memo: dict = {}
    count = 0

    def walk(n: _E):
        nonlocal count
        if id(n) in memo:
            return memo[id(n)]
        count += 1
        if n.op == "t":
            found = ("t",)
        elif n.op == "const":
            found = ("c", float(n.value))
        elif n.op == "math.fpowi" and n.args[1].op == "const" and n.args[1].value in (1, 2, 3, 4):
            found = base = walk(n.args[0])
            for _ in range(int(n.args[1].value) - 1 if base is not None else 0):
                found = ("arith.mulf", None, (found, base))
        elif n.op in BODY_OPS:
            args = tuple(walk(a) for a in n.args)
            found = None if None in args or len(args) != BODY_OPS[n.op] else \
                (n.op, n.value if n.op == "arith.cmpf" else None, args)
        else:
            found = None
        memo[id(n)] = found
        return found
    tree = walk(h)
    return tree if tree is not None and tree[0] != "arith.cmpf" and count <= _BODY_MAX_OPS else None


def _slope_and_offset(expr: _E, n: int, leaves: dict) -> tuple[np.ndarray, np.ndarray]:
    """(s, t) of an expression s * x + t over n columns, for its other leaves' values."""
    t = np.broadcast_to(_run(expr, x=np.zeros(n), **leaves), (n,))
    return np.broadcast_to(_run(expr, x=np.ones(n), **leaves), (n,)) - t, t


def _affine_in_x(cut: _E, cols: set, rng) -> bool:
    """Whether cut is s * x + t for every draw of its column vectors and bias (s nonzero)."""
    for _ in range(3):
        leaves = {c: rng.uniform(0.5, 2, 16) * rng.choice([-1, 1], 16) for c in cols}
        leaves["bias"] = rng.uniform(-3, 3, 16)
        xs = rng.uniform(-3, 3, 16)
        slope, t = _slope_and_offset(cut, 16, leaves)
        if not (np.all(np.isfinite(t)) and np.all(np.isfinite(slope)) and np.all(slope != 0)):
            return False
        if not np.allclose(_run(cut, x=xs, **leaves), slope * xs + t, rtol=1e-9, atol=1e-12):
            return False
    return True


def column_affine(expr: _E, n: int, bias: np.ndarray | None, cols: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(s, t) of an _Epilogue.columns expression, s * x + t, for the vectors' values (each n long)."""
    leaves = {f"col{k}": np.asarray(c, np.float64).reshape(n) for k, c in enumerate(cols)}
    leaves["bias"] = np.zeros(n) if bias is None else np.asarray(bias, np.float64).reshape(n)
    return _slope_and_offset(expr, n, leaves)


# ---------------------------------------------------------------- the plan

@dataclass
class _Contraction:
    """One kernel call: C = epilogue(A @ B) over canonical views (batch..., M, K) @ (batch..., K, N)."""

    name: str
    where: str
    a: int  # value ids
    b: int
    a_view: tuple  # (axes permutation, canonical shape)
    b_view: tuple
    c_shape: tuple  # canonical (batch..., M, N)
    dtype: str
    bias: int | None = None
    residual: int | None = None
    epilogue: Epilogue | None = None
    bias_array: np.ndarray | None = None  # the bias, when it is known here
    packed: np.ndarray | None = None  # a constant B, one matrix for every batch entry: packed once
    b_constant: bool = False  # B a constant (packed, or a batch of different matrices: per call)
    kernel: object = None  # its pre-packed kernel
    # a constant B of different matrices per batch entry, known at build (a constant segment's result:
    # Winograd's transformed filters): one pre-packed kernel an entry, sharing one machine code
    entry_kernels: list = field(default_factory=list)
    out_shape: tuple = ()
    out_dtype: np.dtype | None = None  # its result's (what the kernel returns)
    fused: list = field(default_factory=list)  # the consumers' op names
    fused_values: list = field(default_factory=list)  # and their results' value ids
    deviation: float = 0.0  # of the fused body from the activation it runs as (see _match)
    columns: list = field(default_factory=list)  # value ids of the vectors along N of "col" leaves
    # with columns: act's argument as s * x + t (_Epilogue.columns), s folded into the packed B and t
    # the bias when build() knows the vectors
    column_expr: _E | None = None

    def describe(self) -> str:
        ep = self.epilogue
        parts = []
        if ep is not None:
            if ep.alpha != 1.0:
                parts.append(f"alpha={ep.alpha:g}")
            act = ep.activation and (activation_label(ep.activation) +
                                     (f" (body within {self.deviation:.1e})" if self.deviation > EXACT else ""))
            parts += (["column scale (in B)"] if self.column_expr is not None else []) + \
                (["bias"] if ep.bias else []) + ([act] if act else []) + \
                ([("residual (multiplying)" if ep.residual_mul else "residual")] if ep.residual else [])
        shape = "x".join("?" if n == -1 else str(n) for n in self.c_shape + self.a_view[1][-1:])
        b = "constant, pre-packed" if self.packed is not None else \
            "constant, pre-packed per batch entry" if self.entry_kernels else \
            "constant, a matrix per batch entry" if self.b_constant else "argument"
        return f"{self.name} {self.where}: {shape} {self.dtype}, B {b}, epilogue {' + '.join(parts) or 'none'}"


class GraphFunction:
    """A compiled function of several ops: `f(*arrays)` returns its result (a tuple for several).

    Arguments are checked against the function's types (count, dtype, shape) and never modified;
    results are new arrays. `describe()` lists the kernels and what each fused."""

    def __init__(self, name, inputs, outputs, nodes, contractions, segments=()):
        self.name, self.inputs, self.outputs = name, inputs, outputs
        self._nodes, self.contractions, self.segments = nodes, contractions, list(segments)
        self.unfused: dict[int, str] = {}  # contraction index -> why its consumers are not in its epilogue
        self._order: list[int] | None = None  # _schedule()'s, made at the first call (kernels built)
        self._release: dict[int, list[int]] = {}
        self._warming = False  # build()'s run: pre-packed kernels and segments give zeros, uncalled
        self._seen: dict[int, tuple] = {}  # build()'s run: each value's shape
        # views that copied in build()'s run, as strided views of the array their chain of views starts
        # from, where they are one: (root value id, its shape, shape, element strides, offset)
        self._composed: dict[int, tuple] = {}
        self._copied: set[int] = set()  # build()'s run: views computed through a copy
        self.sliced: list[_Sliced] = []  # attention run a slice of sentences at a time (_find_slices)
        self._slice_of: dict[int, _Sliced] = {}  # each of their values -> its run
        self._programs: dict[tuple, tuple | None] = {}  # (run, the arrays' layouts) -> its program (_program)
        self._forward: dict[tuple, object] = {}  # the arguments' layouts -> the forward's program or None
        # set (bench/bench_frontend.py's breakdown): programs time their segment calls into these, a slot a run
        self.segment_counters: programs.Counters | None = None

    def build(self) -> "GraphFunction":
        """Compiles the segments (running those of constants), then the pre-packed kernels (B's columns
        scaled where the epilogue has column vectors, which those segments may compute), then runs the
        function once on zeros with their results stood in for by zeros: every other kernel
        (nanomm.matmul's, for operands known only at run time, at the layouts their views give) compiles
        here too, not at the first call, and the compiled ones do not run (a whole model's forward
        would, on one thread)."""
        for seg in self._compile_segments(constant=True):  # its results are constants from now on
            results = seg.kernel(*(self._get(i, (), {})[0] for i in seg.inputs))
            for v, j, shape in zip(seg.outputs, seg.output_of, seg.output_shapes):
                value = results[j].reshape(shape)
                value.flags.writeable = False
                self._nodes[v] = ("const", value)
        for c in self.contractions:
            if c.column_expr is not None:
                n = c.c_shape[-1]
                bias = None if c.bias is None else self._get(c.bias, (), {})[0]
                scale, shift = column_affine(c.column_expr, n, bias, [self._get(v, (), {})[0] for v in c.columns])
                if np.any(scale != 1):  # (a new array: the constant B may be another's too)
                    c.packed = np.ascontiguousarray(c.packed * scale, np.float32)
                c.bias_array = np.ascontiguousarray(shift, np.float32)
        self._compile_packed()
        self._warm()
        # a view that numpy's views could only give through a copy, read by what is not a view, reads its
        # chain's first array instead where that makes it a strided view of it (_compose)
        order, _ = self._schedule()
        read_by_others = {d for v in order if self._nodes[v][0] != "view" for d in self._deps(v)}
        read_by_others.update(self.outputs)
        for vid in self._copied & read_by_others:
            composed = self._compose(vid)
            if composed is not None:
                self._composed[vid] = composed
        self._order = None  # (scheduled again: a composed view reads its root, not its source)
        self._find_slices()
        if self.sliced:  # their kernels, at the slices' shapes and layouts, compile now too
            self._warm()
        self._seen, self._copied = {}, set()
        return self

    # (not stored: restore() remakes them)
    _SCRATCH = ("_programs", "_forward", "segment_counters", "_warming", "_seen", "_copied")

    def state(self) -> dict:
        """What restore() needs (compiler/function_cache.py): the built function but for its programs and
        build()'s scratch (its kernels, in the contractions and segments, the cache leaves out)."""
        return {k: v for k, v in vars(self).items() if k not in self._SCRATCH}

    @classmethod
    def restore(cls, state: dict) -> "GraphFunction":
        """A function build() made, from its state without kernels (compiler/function_cache.py): its
        segments and pre-packed kernels compiled again (from the kernel disk cache where it has them),
        then the run on zeros that compiles the rest, as build() ends."""
        f = object.__new__(cls)
        f.__dict__.update(state)
        f._programs, f._forward, f.segment_counters, f._warming, f._seen, f._copied = {}, {}, None, False, {}, set()
        f._compile_segments(constant=False)
        f._compile_packed()
        f._warm()
        f._seen, f._copied = {}, set()
        return f

    def _compile_segments(self, constant: bool) -> list:
        """Compiles the segments something reads (those of constants too where `constant`, else they
        have run: their results are constants); returns those of constants it compiled."""
        ran = []
        for k, seg in enumerate(self.segments):
            if seg.outputs and (constant or not seg.constant):  # (a segment nothing reads is not compiled)
                ops = ", ".join(f"{n} ({w})" for n, w in zip(seg.op_names, seg.where))
                seg.kernel = upstream.segment(seg.source, seg.input_types, seg.output_types,
                                              f"function @{self.name}: upstream segment {k} of {ops}: ")
                if seg.constant:
                    ran.append(seg)
        return ran

    def _compile_packed(self) -> None:
        """The kernels of contractions with a constant B, pre-packed: one for every row of A where B is one
        matrix, one per batch entry where B's entries differ (ENTRY_KERNELS_MAX at most)."""
        for c in self.contractions:
            if c.packed is not None:
                rows = None if -1 in c.c_shape else math.prod(c.c_shape[:-1])  # None: the dynamic-M kernel
                c.kernel = compile_matmul(rows, c.c_shape[-1], c.a_view[1][-1], c.dtype, b=c.packed,
                                          epilogue=c.epilogue)
                continue
            value = self._constant(c.b)
            if value is None or -1 in c.c_shape or c.epilogue is not None or len(c.c_shape) != 3 or \
                    c.a_view[1][:-2] != c.c_shape[:-2] or c.dtype != "f32":
                continue
            b = _canonical(np.asarray(value), c.b_view)
            if b.shape[:-2] != c.c_shape[:-2] or not 1 < b.shape[0] <= ENTRY_KERNELS_MAX:
                continue
            # (one thread each: a forward on several threads runs the entries in parallel, forward_program.py)
            c.entry_kernels = [compile_matmul(c.c_shape[1], c.c_shape[2], b.shape[-2], c.dtype, threads=1,
                                              b=np.ascontiguousarray(m, np.float32)) for m in b]

    def _constant(self, vid: int) -> np.ndarray | None:
        """The value of a constant or a view of one (a constant segment's result, once build() has run
        those), else None."""
        kind, *rest = self._nodes.get(vid, ("",))
        if kind == "const":
            return rest[0]
        if kind == "view":
            value = self._constant(rest[0])
            return None if value is None else rest[1](value)
        return None

    def _warm(self) -> None:
        """build()'s run of the function on zeros (pre-packed kernels and segments stand in zeros)."""
        self._warming = True
        try:
            self(*(np.zeros(tuple(1 if n == -1 else n for n in shape), dtype) for shape, dtype in self.inputs))
        finally:
            self._warming = False

    def describe(self) -> str:
        lines = [f"@{self.name}: {len(self.contractions)} contraction(s), {len(self.segments)} upstream segment(s)"]
        for i, c in enumerate(self.contractions):
            lines.append("  " + c.describe())
            if i in self.unfused:
                lines.append("    consumers left to MLIR's lowering: " + self.unfused[i].split(": ", 2)[-1])
        lines += ["  " + seg.describe(k) for k, seg in enumerate(self.segments)]
        lines += ["  " + r.describe() for r in self.sliced]
        return "\n".join(lines)

    def ir(self, stage: str = "partition") -> str:
        """The partition: describe()'s lines, then each upstream segment as the tensor function MLIR's
        lowering takes (compiler/upstream.py PIPELINE). `nanomm-opt --partition FILE` prints it."""
        if stage != "partition":
            raise ValueError(f"a function of several ops has the stage 'partition' only, not {stage!r}")
        parts = ["// " + line for line in self.describe().splitlines()]
        for k, seg in enumerate(self.segments):
            parts += [f"// upstream segment {k}", upstream.canonical(seg.source).rstrip()]
        return "\n".join(parts) + "\n"

    # Calls run the whole forward as one native program where it has one (compiler/forward_program.py):
    # on one thread from the first call, on several from the third; False: always the Python walk below
    # (bench_frontend's breakdown).
    run_as_program = True

    def __call__(self, *args):
        if self.run_as_program and not self._warming:
            results = forward_program.call(self, args)  # (which checks the arguments)
            if results is not None:
                return results
        else:
            check_arguments(self.name, args, self.inputs)
        memo: dict = {}
        order, release = self._schedule()
        for step, vid in enumerate(order):
            self._get(vid, args, memo)
            for done in release.get(step, ()):
                del memo[done]  # its last reader ran: its memory goes back before the next kernel's
        results = []
        for vid in self.outputs:
            value, fresh = self._get(vid, args, memo)
            if fresh and (not value.flags.writeable or any(np.shares_memory(value, r) for r in results)):
                fresh = False  # (one array behind two results, or a composed view: each gets its own)
            # (asarray, not ascontiguousarray: that makes a 0-d result, a loss, 1-d)
            results.append(np.asarray(value, order="C") if fresh else np.array(value, order="C", copy=True))
        return results[0] if len(results) == 1 else tuple(results)

    def _deps(self, vid: int) -> list[int]:
        """The values a value is computed from (as _get reads them)."""
        kind, *rest = self._nodes[vid]
        if kind == "view" and vid in self._composed:
            return [self._composed[vid][0]]
        if kind in ("view", "scale"):
            return [rest[0]]
        if kind == "seg":
            return list(self.segments[rest[0]].inputs)
        if kind == "out":
            c = self.contractions[rest[0]]
            found = [c.a] + ([c.b] if c.kernel is None else [])
            found += [c.bias] if c.bias is not None and c.bias_array is None else []
            return found + ([c.residual] if c.residual is not None else [])
        return []

    def _schedule(self) -> tuple[list[int], dict[int, list[int]]]:
        """Every value the outputs need, each after what it reads, and for each step the values whose
        last reader it is (dropped then: a model's intermediates do not all stay alive to the end)."""
        if self._order is None:
            order, seen = [], set()
            for root in self.outputs:
                stack = [(root, False)]
                while stack:
                    vid, ready = stack.pop()
                    if ready:
                        order.append(vid)
                    elif vid not in seen:
                        seen.add(vid)
                        stack.append((vid, True))
                        stack += [(d, False) for d in self._deps(vid) if d not in seen]
            last = {}
            for step, vid in enumerate(order):
                for d in self._deps(vid):
                    last[d] = step
            release: dict[int, list[int]] = {}
            for vid, step in last.items():
                if vid not in self.outputs:
                    release.setdefault(step, []).append(vid)
            self._order, self._release = order, release
        return self._order, self._release

    def _get(self, vid: int, args, memo) -> tuple[np.ndarray, bool]:
        """(the value's array, whether it is new memory rather than an argument's or a constant's)."""
        if vid in memo:
            return memo[vid]
        if vid in self._slice_of:
            self._run_sliced(self._slice_of[vid], args, memo)
            return memo[vid]
        kind, *rest = self._nodes[vid]
        if kind == "arg":
            found = args[rest[0]], False
        elif kind == "const":
            found = rest[0], False
        elif kind == "view":
            src, fn = rest
            composed = self._composed.get(vid)
            if composed is not None:
                base, fresh = self._get(composed[0], args, memo)
                viewed = composed_view(base, composed)
                if viewed is not None:
                    memo[vid] = found = viewed, fresh
                    return found
            value, fresh = self._get(src, args, memo)
            found = fn(value), fresh
            if self._warming and (src in self._copied or not np.shares_memory(found[0], value)):
                self._copied.add(vid)
        elif kind == "scale":  # x * c, wanted by an op that is not a contraction
            value, _ = self._get(rest[0], args, memo)
            found = np.multiply(value, rest[1], dtype=np.float32), True
        elif kind == "seg":
            seg = self.segments[rest[0]]
            operands = [self._get(i, args, memo)[0] for i in seg.inputs]
            results = [np.zeros(shape, dtype) for shape, dtype in seg.kernel.outputs] if self._warming else \
                seg.kernel(*operands)
            memo.update((v, (results[k].reshape(shape), True))
                        for v, k, shape in zip(seg.outputs, seg.output_of, seg.output_shapes))
            return memo[vid]
        else:
            found = self._contract(self.contractions[rest[0]], args, memo), True
        memo[vid] = found
        if self._warming:
            self._seen[vid] = found[0].shape
        return found

    def _find_slices(self) -> None:
        """Runs of slices (SLICE_BYTES): a segment independent along its leading dimension (upstream.split:
        a softmax over (batch, heads, rows), a layer norm over (batch, tokens)), with the run-time
        contractions that make its inputs for it alone (the scores) and those that read its outputs
        through views that do not copy (P @ V), runs a slice of that dimension at a time into whole
        arrays: a slice's scores stay in L2 between the three, a layer norm's statistics between its
        passes. Each edge is checked on element indices: slice k of what is read is made from slice k of
        what is written."""
        order, _ = self._schedule()
        readers: dict[int, set] = {}
        for v in order:
            for d in self._deps(v):
                readers.setdefault(d, set()).add(v)
        outputs = set(self.outputs)
        con = self._contraction

        def runtime_contraction(vid):
            if self._nodes[vid][0] != "out":
                return None
            c = con(vid)
            ok = c.kernel is None and c.residual is None and -1 not in c.c_shape and len(c.c_shape) >= 3
            return c if ok else None

        for j, seg in enumerate(self.segments):
            if seg.kernel is None or seg.constant or not seg.outputs or any(v in self._slice_of for v in seg.outputs):
                continue
            S = seg.kernel.outputs[0][0][0] if seg.kernel.outputs[0][0] else 0
            made = dict(zip(seg.outputs, seg.output_shapes))  # value id -> shape
            producers = [i for i in dict.fromkeys(seg.inputs) if runtime_contraction(i) is not None
                         and readers.get(i, set()) <= made.keys() and i not in outputs and i not in self._slice_of]
            consumers = []  # (vid, the operands it reads from the segment: 'a' / 'b')
            for vid in order:
                c = runtime_contraction(vid)
                if c is None or vid in self._slice_of:
                    continue
                reads = [name for name in ("a", "b") if self._root_of(getattr(c, name)) in made]
                if reads:
                    consumers.append((vid, reads))
            sizes = [S] + [con(v).c_shape[0] for v in producers]
            sizes += [con(v).c_shape[0] for v, _ in consumers]
            # what the run reads and writes: the segment's inputs and outputs, the consumers' results
            moved = sum(math.prod(shape) * np.dtype(dtype).itemsize for shape, dtype in seg.kernel.inputs +
                        seg.kernel.outputs)
            moved += sum(math.prod(con(v).out_shape) * 4 for v, _ in consumers)
            parts = _slices(math.gcd(*sizes), moved)
            if parts is None:
                continue
            chunk = seg.kernel.chunk(parts)
            if chunk is None or chunk.by_slice is not None or \
                    not all(chunk.axes_in[seg.inputs.index(i)] == 0 for i in producers):
                continue
            # (consumers read outputs cut along their leading axis: flat slices of the whole)
            leading = {v: shape for v, k, shape in zip(seg.outputs, seg.output_of, seg.output_shapes)
                       if chunk.axes_out[k] == 0}
            producers = [v for v in producers if self._sliceable(con(v), parts, made)]
            consumers = [(v, r) for v, r in consumers
                         if self._sliceable(con(v), parts, made, leading)]
            members = set(producers) | set(made) | {v for v, _ in consumers}
            if any(i in members for i in seg.inputs if i not in producers):
                continue
            external = [d for v in list(producers) + [v for v, _ in consumers] for d in self._deps(v)
                        if d not in members and self._root_of(d) not in made]
            external += [i for i in seg.inputs if i not in producers]
            if any(self._reaches(d, members) for d in external):
                continue  # (what the slices read must be there before them)
            run = _Sliced(j, parts, moved, producers, [v for v, _ in consumers], list(dict.fromkeys(external)),
                          [con(v).name for v in producers],
                          [con(v).name for v, _ in consumers])
            self.sliced.append(run)
            for v in members:
                self._slice_of[v] = run

    def _contraction(self, vid: int) -> _Contraction:
        """The contraction an "out" value is the result of."""
        return self.contractions[self._nodes[vid][1]]

    def _root_of(self, vid: int) -> int:
        """The value a chain of views starts from (the value itself if it is not a view)."""
        while self._nodes[vid][0] == "view" and vid not in self._composed:
            vid = self._nodes[vid][1]
        return vid

    def _reaches(self, vid: int, targets: set) -> bool:
        """Whether a value is computed from any of `targets`."""
        stack, seen = [vid], set()
        while stack:
            v = stack.pop()
            if v in targets:
                return True
            if v not in seen:
                seen.add(v)
                stack += self._deps(v)
        return False

    def _sliceable(self, c: _Contraction, parts: int, made: dict, cut: dict | None = None) -> bool:
        """Whether slice k of the contraction's leading (batch) dimension reads slice k of each operand's
        canonical view and, for an operand viewed from a segment's output (`made`: value id -> shape),
        that this is slice k of the output (element indices through the views; only outputs `cut` along
        their leading axis, all of `made` by default), with no view copying."""
        cut = made if cut is None else cut
        if c.c_shape[0] % parts or c.out_shape[0] % parts:
            return False
        for vid, view in ((c.a, c.a_view), (c.b, c.b_view)):
            if view[1][0] != c.c_shape[0]:
                return False  # (an operand broadcast along it)
            root = self._root_of(vid)
            if root not in made:
                continue
            if root not in cut:
                return False
            chain, v = [], vid
            while v != root:
                chain.append(self._nodes[v][2])
                v = self._nodes[v][1]
            shape = made[root]
            size = math.prod(shape)
            if size % parts:
                return False
            base = np.empty(shape, np.int32)
            index = np.arange(size, dtype=np.int64).reshape(shape)
            viewed = base
            for fn in reversed(chain):
                index, viewed = fn(index), fn(viewed)
            index, viewed = _canonical(index, view), _canonical(viewed, view)
            if not np.shares_memory(viewed, base):
                return False
            if not np.array_equal(index.reshape(parts, -1) // (size // parts), np.broadcast_to(
                    np.arange(parts)[:, None], (parts, index.size // parts))):
                return False
        return True

    def _run_sliced(self, run: "_Sliced", args, memo) -> None:
        """Computes a _Sliced run's values into whole arrays, a slice of their leading dimension at a
        time, the slices spread over the cores (one-thread kernels each)."""
        for d in run.external:
            self._get(d, args, memo)
        seg = self.segments[run.segment]
        chunk = seg.kernel.chunk(run.parts)
        made = np.zeros if self._warming else np.empty  # (build()'s run: the segment gives zeros, uncalled)
        outs = [made(shape, dtype) for shape, dtype in seg.kernel.outputs]
        memo.update((v, (outs[k].reshape(shape), True)) for v, k, shape in zip(seg.outputs, seg.output_of, seg.output_shapes))
        for v in run.producers + run.consumers:
            c = self._contraction(v)
            memo[v] = (np.empty(c.out_shape, c.out_dtype or np.float32), True)
        def plan(v):  # (contraction, A, B, C (c_shape), bias): whole views, sliced below
            c = self._contraction(v)
            bias = c.bias_array if c.bias_array is not None else (
                None if c.bias is None else np.asarray(self._get(c.bias, args, memo)[0], np.float32))
            return (c, _canonical(self._get(c.a, args, memo)[0], c.a_view),
                    _canonical(self._get(c.b, args, memo)[0], c.b_view), memo[v][0].reshape(c.c_shape), bias)
        first = [plan(v) for v in run.producers]
        ins = [np.asarray(self._get(i, args, memo)[0], dtype, order="C")  # (0-d stays 0-d)
               for i, (_, dtype) in zip(seg.inputs, seg.kernel.inputs)]
        then = [plan(v) for v in run.consumers]
        p = run.parts

        def contract(calls, k):
            for c, a, b, out, bias in calls:
                ep = c.epilogue or _NO_EPILOGUE
                piece = lambda x: upstream.part_of(x, 0, k, p)  # noqa: E731
                matmul(_dense(piece(a)), _dense(piece(b)), out=piece(out), threads=1, bias=bias,
                       activation=ep.activation, alpha=ep.alpha)

        def slices(k0, k1):
            for k in range(k0, k1):
                contract(first, k)
                chunk.run_slice(ins, outs, k)
                contract(then, k)
        if self._warming:  # (build()'s run compiles the kernels: every slice's are slice 0's)
            contract(first, 0)
            contract(then, 0)
            return
        if self._run_program(run, chunk, first, ins, outs, then):
            return
        threads = min(upstream.resolve_threads(None), p) if run.moved >= THREADED_MIN_BYTES else 1
        bounds = [p * t // threads for t in range(threads + 1)]
        others = [upstream.pool().submit(slices, bounds[t], bounds[t + 1]) for t in range(1, threads)]
        slices(bounds[0], bounds[1])
        for f in others:
            f.result()

    def _run_program(self, run: "_Sliced", chunk, first: list, ins: list, outs: list, then: list) -> bool:
        """A sliced run as native programs (runtime/programs.py): each thread's share of the slices, their
        copies, kernels and segment calls without Python, in one native pool call; False where no
        program can run them (the caller runs them from Python)."""
        bases = [x for c, a, b, out, bias in first + then for x in (a, b, out) + (() if bias is None else (bias,))]
        bases += ins + outs
        threads = min(upstream.resolve_threads(None), run.parts) if run.moved >= PROGRAM_THREADED_MIN_BYTES else 1
        counters = self.segment_counters
        slot = None if counters is None else counters.address(self.sliced.index(run))
        key = (id(run), threads, slot) + tuple((x.shape, x.strides, x.dtype.str) for x in bases)
        if key not in self._programs:
            if not programs.available():
                return False
            try:
                self._programs[key] = self._program(run.parts, threads, chunk, first, ins, outs, then, bases, slot)
            except ValueError:  # (a call of more than programs.MAX_ARGS arrays: a segment of many inputs)
                self._programs[key] = None
            settings.trim_oldest(self._programs)
        found = self._programs.get(key)
        if found is None:
            return False
        template, offsets, free, _ = found
        try:
            buffer = free.pop()  # the scratch (copies, the producers' results): one call's own at a time
        except IndexError:
            buffer = np.empty(offsets[-1] + 64, np.uint8)
        start = -data_pointer(buffer) % 64 + data_pointer(buffer)
        template.run([data_pointer(x) for x in bases] + [start + o for o in offsets[:-1]], threads)
        free.append(buffer)
        return True

    @staticmethod
    def _program(p: int, threads: int, chunk, first: list, ins: list, outs: list, then: list,
                 bases: list, counter: int | None = None) -> tuple | None:
        """(the Template of a sliced run over arrays of these layouts, one part a thread, the byte offsets
        of its scratch arrays in a buffer and that buffer's size last, a list of free buffers, the kernels
        it calls), or None where a slice is not a program (a call that is not one batched kernel in place, a copy of more
        than programs.COPY_DIMS outer loops). `counter`: the address its segment calls add their time-stamp
        cycles to (summed over the threads). A thread's slices reuse its scratch: the producers'
        results (the scores, which only the segment reads) stay in its L2 from kernel to segment."""
        positions, at = [], 0  # each call's (A, B, C[, bias]) positions in `bases`
        for *_, bias in first + then:
            positions.append(tuple(range(at, at + (3 if bias is None else 4))))
            at += len(positions[-1])
        ins_at, outs_at = at, at + len(ins)
        # segment inputs that are a producer's result, read by nothing else (_find_slices): -> that producer
        made_by = {i: j for i, x in enumerate(ins) for j, (*_, out, _) in enumerate(first)
                   if data_pointer(x) == data_pointer(out) and x.nbytes == out.nbytes}
        scratch: list[np.ndarray] = []
        part_scratch: list[list] = []  # this part's scratch, in the order a slice asks for it
        slot = [0]
        prog, kept = programs.Program(), []

        def ref(view, i):  # (base, byte offset) of a view into bases[i]
            return i, data_pointer(view) - data_pointer(bases[i])

        def new_scratch(shape, dtype, transposed=False):
            if slot[0] < len(part_scratch):  # (a later slice of the part: the first slice's arrays again)
                x, x_ref = part_scratch[slot[0]]
            else:
                x = np.empty(shape[:-2] + shape[-2:][::-1], dtype).swapaxes(-1, -2) if transposed else np.empty(shape, dtype)
                scratch.append(x)
                x_ref = (len(bases) + len(scratch) - 1, 0)
                part_scratch.append((x, x_ref))
            slot[0] += 1
            if x.shape != tuple(shape) or x.dtype != dtype:  # (_find_slices cuts equal slices: not expected)
                raise ValueError("slices of one run differ in shape")
            return x, x_ref

        def copy(dst, dst_ref, src, src_ref) -> bool:
            dims = [(n, s, d) for n, s, d in zip(src.shape, src.strides, dst.strides) if n != 1]
            if dims and dims[-1][2] != dst.itemsize:  # (the transposed scratch: copied along its unit stride)
                dims = dims[:-2] + dims[-2:][::-1]
            return prog.copy(dst_ref, src_ref, [n for n, _, _ in dims], dst.itemsize,
                             [s for _, s, _ in dims], [d for _, _, d in dims])

        def dense(view, view_ref):  # what _dense() reads: the view, or a scratch copy of it
            copied = _dense_copy(view)
            if copied is None:
                return view, view_ref
            made = new_scratch(view.shape, view.dtype, copied == "columns")
            return made if copy(made[0], made[1], view, view_ref) else (None, None)

        def contract(calls, where, k, results: dict | None = None) -> bool:
            """Appends slice k of the calls; a call whose index is in `results` writes a scratch array
            instead of its result's slice, and results[index] becomes that (array, ref)."""
            for j, ((c, a, b, out, bias), at) in enumerate(zip(calls, where)):
                ep = c.epilogue or _NO_EPILOGUE
                operands = []
                for x, i in zip((a, b), at):
                    view = upstream.part_of(x, 0, k, p)
                    operands.append(dense(view, ref(view, i)))
                    if operands[-1][0] is None:
                        return False
                o = upstream.part_of(out, 0, k, p)
                if results is not None and j in results:
                    o, o_ref = results[j] = new_scratch(o.shape, o.dtype)
                else:
                    o_ref = ref(o, at[2])
                found = batched_call(operands[0][0], operands[1][0], o, bias=bias, activation=ep.activation, alpha=ep.alpha)
                if found is None:
                    return False
                kernel, pointers = found
                want = [data_pointer(operands[0][0]), data_pointer(operands[1][0]), data_pointer(o)]
                want += [] if bias is None else [data_pointer(bias)]
                if pointers[:len(want)] != want:
                    return False
                kept.append(kernel)
                args = [operands[0][1], operands[1][1], o_ref] + ([] if bias is None else [(at[3], 0)])
                prog.call(kernel._function.address, args + [int(x) for x in pointers[len(want):]])
            return True

        bounds = [p * t // threads for t in range(threads + 1)]
        for t in range(threads):
            prog.part()
            part_scratch.clear()
            for k in range(bounds[t], bounds[t + 1]):
                slot[0] = 0
                results = dict.fromkeys(made_by.values())  # producer -> its scratch result (array, ref)
                if not contract(first, positions[:len(first)], k, results):
                    return None
                args, after = [], []
                for i, (x, axis) in enumerate(zip(ins, chunk.axes_in)):
                    if i in made_by:
                        args.append(results[made_by[i]][1])
                        continue
                    if axis is None:
                        args.append((ins_at + i, 0))
                        continue
                    view = upstream.part_of(x, axis, k, p)
                    if axis == 0:
                        args.append(ref(view, ins_at + i))
                        continue
                    made, made_ref = new_scratch(view.shape, view.dtype)
                    if not copy(made, made_ref, view, ref(view, ins_at + i)):
                        return None
                    args.append(made_ref)
                for i, (x, axis) in enumerate(zip(outs, chunk.axes_out), outs_at):
                    view = upstream.part_of(x, axis, k, p)
                    if axis == 0:
                        args.append(ref(view, i))
                        continue
                    made, made_ref = new_scratch(view.shape, view.dtype)
                    args.append(made_ref)
                    after.append((view, ref(view, i), made, made_ref))
                if counter is not None:
                    prog.tick(counter, -1)
                prog.call(chunk.address, args)
                if counter is not None:
                    prog.tick(counter, 1)
                for view, view_ref, made, made_ref in after:
                    if not copy(view, view_ref, made, made_ref):
                        return None
                if not contract(then, positions[len(first):], k):
                    return None
        sizes = [-(-x.nbytes // 64) * 64 for x in scratch]
        return prog.finish(len(bases) + len(scratch)), [sum(sizes[:j]) for j in range(len(sizes) + 1)], [], kept

    def _compose(self, vid: int) -> tuple | None:
        """A view that copies (a reshape of a transposed slice), as a strided view of the array its chain
        of views starts from, where it is one: the chain applied to that array's element indices gives
        indices affine in the view's own (torch-mlir's head views: a collapse, then an expand and
        transposes that take it apart again)."""
        chain, root = [], vid
        while self._nodes[root][0] == "view":
            chain.append(self._nodes[root][2])
            root = self._nodes[root][1]
        root_shape = self._seen.get(root)
        if root_shape is None or math.prod(root_shape) >= 1 << 31:
            return None
        index = np.arange(math.prod(root_shape), dtype=np.int64).reshape(root_shape)
        for fn in reversed(chain):
            index = fn(index)
        if index.size == 0:
            return None
        offset = int(index.reshape(-1)[0])
        strides = [int(index[(0,) * k + (1,) + (0,) * (index.ndim - k - 1)]) - offset if n > 1 else 0
                   for k, n in enumerate(index.shape)]
        if any(n < 0 for n in strides):
            return None
        grid = offset + sum(np.arange(n).reshape((-1,) + (1,) * (index.ndim - k - 1)) * st
                            for k, (n, st) in enumerate(zip(index.shape, strides)))
        if not np.array_equal(index, grid):
            return None
        return root, tuple(root_shape), tuple(index.shape), tuple(strides), offset

    def _contract(self, c: _Contraction, args, memo) -> np.ndarray:
        a = _canonical(self._get(c.a, args, memo)[0], c.a_view)
        bias = c.bias_array if c.bias_array is not None else (
            None if c.bias is None else np.asarray(self._get(c.bias, args, memo)[0], np.float32))
        residual = None
        if c.residual is not None:
            residual = np.asarray(self._get(c.residual, args, memo)[0], np.float32).reshape(c.c_shape)
        if c.entry_kernels:  # each batch entry of A against its own pre-packed B (no epilogue)
            a3 = np.ascontiguousarray(a)
            out = np.empty(c.c_shape, c.out_dtype)
            if not self._warming:
                for kernel, a2, c2 in zip(c.entry_kernels, a3, out):
                    kernel(a2, out=c2)
            return out.reshape(c.out_shape)
        if c.kernel is not None:  # every row of A against the one pre-packed B
            rows = a if -1 in c.c_shape else np.broadcast_to(a, c.c_shape[:-1] + a.shape[-1:])
            a2 = np.ascontiguousarray(rows.reshape(-1, a.shape[-1]))
            if residual is not None:
                residual = np.ascontiguousarray(residual.reshape(a2.shape[0], -1))
            out = np.zeros((a2.shape[0], c.c_shape[-1]), c.out_dtype) if self._warming else \
                c.kernel(a2, bias=bias, residual=residual)
        else:
            ep = c.epilogue or _NO_EPILOGUE
            b = _canonical(self._get(c.b, args, memo)[0], c.b_view)
            out = matmul(_dense(a), _dense(b), bias=bias, activation=ep.activation, alpha=ep.alpha,
                         residual=None if ep.residual_mul else residual)
            if ep.residual_mul:  # (nanomm.matmul adds a residual only: the product in numpy, after)
                out *= residual
            if -1 not in c.c_shape and out.shape != c.c_shape:  # a batch broadcast from neither operand's shape
                out = np.broadcast_to(out, c.c_shape)
        return out.reshape(c.out_shape)


_NO_EPILOGUE = Epilogue()

# A batched contraction whose B is a constant of different matrices (known at build) runs as one
# pre-packed kernel per entry up to this many entries (Winograd's 16 or 36), else packs B at each call.
ENTRY_KERNELS_MAX = 64
# On several threads, a segment ends before the pad of a Winograd input transform (_Reader.pads_a_transform).
TRANSFORM_CUT = True
# A forward program on several threads runs those entries on the native pool from this many flops (a
# few tens of microseconds on one core: the pool's hand-off costs a few). `python bench/bench_frontend.py
# --layers resnet18 --threads 0` times ResNet-18's Winograd products so.
ENTRY_THREADS_MIN_FLOPS = 4_000_000

# A slice of a sliced run (GraphFunction._find_slices) reads and writes at most this much of the arrays
# it is given and makes, where the dimension divides finely enough: a softmax's scores stay in L2 from
# the kernel that writes them to P @ V, a layer norm's f64 statistics stay in L2 between its passes.
# Timed by hand on the Intel AMX VM (L2 2 MiB a core): MiniLM's layer norm over 8 x 128 tokens in 1, 2, 4,
# 8 slices 0.51, 0.38, 0.27, 0.24 ms; its attention best at 8 (the batch). `python bench/bench_frontend.py
# --layers minilm.layer` times the layer.
SLICE_BYTES = 1 << 19


# A sliced run spreads its slices over the cores from this many bytes moved: waking the pool's sleeping
# thread costs ~0.1-0.2 ms on the 2-core VMs, as much as MiniLM's layer norm over 8 x 128 tokens takes
# in slices on one core (3 MB moved, timed by hand: 0.36 ms on one thread, 0.38 on two); its attention (14 MB) runs
# 3.9 -> 2.3 ms on two. `python bench/bench_frontend.py --layers minilm.layer --threads 0` times both.
THREADED_MIN_BYTES = 8 << 20


# A sliced run's program (GraphFunction._run_program) spreads its slices over the cores from this many
# bytes moved: the native pool's workers are awake from the kernel before (a few microseconds to start).
# `python bench/bench_frontend.py --layers minilm.layer --threads 0` times the layer's runs.
PROGRAM_THREADED_MIN_BYTES = 1 << 20


def _slices(size: int, moved: int) -> int | None:
    """How many slices to cut a leading dimension of `size` into: the fewest whose share of the bytes
    moved fits SLICE_BYTES (all of them where none does); None where one slice is the whole."""
    divisors = [d for d in range(2, size + 1) if size % d == 0]
    fits = [d for d in divisors if moved // d <= SLICE_BYTES]
    if moved <= SLICE_BYTES or not divisors:
        return None
    return fits[0] if fits else divisors[-1]


@dataclass
class _Sliced:
    """A segment with the contractions that make its inputs and read its outputs, run a slice of the
    leading dimension at a time (GraphFunction._find_slices)."""

    segment: int
    parts: int
    moved: int  # bytes its arrays hold (what the segment reads and writes, the consumers' results)
    producers: list  # value ids of the contractions (run before the segment's slice)
    consumers: list  # (after it)
    external: list  # the values they read from elsewhere, computed first
    producer_names: list
    consumer_names: list

    def describe(self) -> str:
        chain = self.producer_names + [f"upstream segment {self.segment}"] + self.consumer_names
        return f"sliced: {' -> '.join(chain)}, {self.parts} slices of the leading dimension"


def _dense(x: np.ndarray) -> np.ndarray:
    """An operand as nanomm.matmul reads it fastest: C-contiguous, or the transpose of a C-contiguous
    matrix (B^T in place); other strides (heads sliced from a projection) are copied into one of
    these, whichever reads them along their unit stride: with a batch of strides that do not merge,
    nanomm.matmul's call took longer than the copy and a dense call together (the attention products of
    `python bench/bench_frontend.py --layers minilm.layer`, which times the layer they are in)."""
    copied = _dense_copy(x)
    if copied is None:
        return x
    return np.ascontiguousarray(x.swapaxes(-1, -2)).swapaxes(-1, -2) if copied == "columns" else np.ascontiguousarray(x)


def _dense_copy(x: np.ndarray) -> str | None:
    """How _dense() copies an operand: None (read in place), "rows" (C-contiguous) or "columns" (the
    transpose of a C-contiguous matrix, where x's unit stride is along its rows)."""
    if x.ndim < 2 or x.flags.c_contiguous or x.swapaxes(-1, -2).flags.c_contiguous:
        return None
    return "columns" if x.strides[-1] != x.itemsize and x.strides[-2] == x.itemsize else "rows"


def _shape(t) -> tuple:
    """A shaped type's sizes, a dynamic one as -1 (what numpy's reshape infers)."""
    return tuple(-1 if ir.ShapedType.is_dynamic_size(n) else n for n in t.shape)


def _canonical(x: np.ndarray, view: tuple, reshape=np.ndarray.reshape) -> np.ndarray:
    perm, shape = view
    return reshape(x.transpose(perm), shape)


def composed_view(base: np.ndarray, composed: tuple) -> np.ndarray | None:
    """A composed view (GraphFunction._compose: root id, root shape, shape, element strides, offset) of its
    root's array `base`, or None where base is not the C-contiguous array of the root's shape it is of."""
    _, root_shape, shape, strides, offset = composed
    if not (base.flags.c_contiguous and base.shape == root_shape):
        return None
    return np.lib.stride_tricks.as_strided(base.reshape(-1)[offset:], shape, [n * base.itemsize for n in strides],
                                           writeable=False)


# ---------------------------------------------------------------- reading a function

class _Reader:
    def __init__(self, name: str, func: ir.Operation, blobs: dict, rtol: float, limits: dict | None = None,
                 threads: int = 1):
        self.name, self.blobs, self.rtol = name, blobs, rtol
        self.ids: dict = {}  # ir.Value -> int
        self.nodes: dict = {}  # int -> ("arg", i) | ("const", array) | ("view", src, fn) | ("out", contraction index)
        self.shapes: dict = {}  # int -> (shape, element type)
        self.region: dict = {}  # int -> (contraction index, scalar expression): values fused into an epilogue
        self.external: dict = {}  # contraction index -> region value ids used outside the region
        self.contractions: list[_Contraction] = []
        self.scalars: dict = {}  # int -> a scalar constant's value
        self.sizes: set = set()  # tensor.dim results
        self.func = func
        self.values: dict = {}  # int -> its ir.Value
        self.defs: dict = {}  # int -> the op defining a scalar constant, a tensor constant, an empty or a fill
        self.order: dict = {}  # defining op (by its first result's id) -> position in the function
        self.segments: list[_Segment] = []
        self.open: _Segment | None = None  # the segment later upstream ops join
        self.constants: _Segment | None = None  # the segment of ops computed from constants alone
        self.depends: dict = {}  # value id -> whether it depends on the open segment (memo)
        self.limits = limits or {}  # contraction index -> how many consumers its epilogue fuses at most
        self.view_ops: dict = {}  # value id of a ("view", ...) node -> its op
        # a reshape of a fused value (N last): value id -> (its source's, the view function, the op)
        self.region_views: dict = {}
        # value id -> (id of the array before a scalar factor, the factor): x * c read by a contraction
        # is x read with alpha * c
        self.scaled: dict = {}
        self.synthetic = 1 << 40  # ids of values the function does not name (scaled values' arrays)
        self.collapses: dict = {}  # value id of a collapse of leading dimensions into one -> (source id, sizes)
        self.state = ir.AsmState(func)
        self.threads = threads  # (the forward's, as the convolutions were rewritten for: pads_a_transform)

    def bad(self, op, msg: str, dynamic: bool = False) -> MLIRInputError:
        where = f"{op.name if op is not None else ''}{f' ({op.location})' if op is not None else ''}"
        error = (DynamicSizeError if dynamic else MLIRInputError)(f"function @{self.name}: {where}: {msg}")
        error.where = where
        return error

    def vid(self, v: ir.Value) -> int:
        if v not in self.ids:
            self.ids[v] = len(self.ids)
            self.values[self.ids[v]] = v
            t = v.type
            if isinstance(t, ir.RankedTensorType):
                self.shapes[self.ids[v]] = (_shape(t), str(t.element_type))
        return self.ids[v]

    def read(self) -> GraphFunction:
        block = self.func.regions[0].blocks[0]
        inputs = []
        for i, arg in enumerate(block.arguments):
            t = arg.type
            if not isinstance(t, ir.RankedTensorType):
                raise self.bad(self.func, f"argument {i} has type {t}: functions of several ops take tensors")
            if sum(n == -1 for n in _shape(t)) > 1:
                raise self.bad(self.func, f"argument {i} has more than one dynamic dimension ({t}): functions of "
                                          "several ops take one (the rows, a batch or a sequence length)", dynamic=True)
            if str(t.element_type) not in _NUMPY_TYPES:
                raise self.bad(self.func, f"argument {i} has element type {t.element_type}")
            self.nodes[self.vid(arg)] = ("arg", i)
            inputs.append((_shape(t), _numpy_type(str(t.element_type))))
        outputs = None
        for position, op in enumerate(block.operations):
            op = op.operation
            if op.results:
                self.order[self.vid(op.results[0])] = position
            if op.name == "func.return":
                outputs = [self.use(v, op) for v in op.operands]
                continue
            self.read_op(op)
        self.finish()
        for vid in outputs:
            if vid not in self.nodes:
                raise self.bad(None, "a returned value is not computed by the function")
        segments = [s.build(self) for s in self.segments]
        return GraphFunction(self.name, inputs, outputs, self.nodes, self.contractions, segments)

    def use(self, v: ir.Value, op) -> int:
        """The id of an operand used by an op that is not fused into an epilogue."""
        vid = self.vid(v)
        if vid in self.region:
            self.external.setdefault(self.region[vid][0], set()).add(vid)
        elif self.nodes.get(vid, ("",))[0] == "seg":
            self.segments[self.nodes[vid][1]].outputs.add(vid)
        elif vid not in self.nodes and vid not in self.scalars:
            owner = v.owner
            what = owner.name if not isinstance(owner, ir.Block) else "a block argument"
            raise self.bad(op, f"reads a value of {what}, which nanomm cannot compute here")
        return vid

    def read_op(self, op) -> None:
        name = op.name
        if name == "arith.constant":
            return self.constant(op)
        if op.results and all(isinstance(r.type, ir.IndexType) for r in op.results) and (
                name == "tensor.dim" or all(self.vid(v) in self.sizes for v in op.operands)):
            # sizes (tensor.dim and arithmetic on it) only feed tensor.empty and reshapes, whose one dynamic
            # size numpy infers
            self.sizes.update(self.vid(r) for r in op.results)
            return
        if name == "tensor.empty":
            if any(self.vid(v) not in self.sizes for v in op.operands):
                raise self.bad(op, "a dynamic size that is not a tensor.dim of another tensor", dynamic=True)
            if sum(n == -1 for n in _shape(op.results[0].type)) > 1:
                raise self.bad(op, "more than one dynamic dimension", dynamic=True)
            self.nodes[self.vid(op.results[0])] = ("empty",)
            self.defs[self.vid(op.results[0])] = op
            return
        if name == "linalg.fill" and self.vid(op.operands[0]) in self.scalars and \
                self.nodes.get(self.vid(op.operands[1]), ("",))[0] == "empty":
            self.nodes[self.vid(op.results[0])] = ("fill", self.scalars[self.vid(op.operands[0])])
            self.defs[self.vid(op.results[0])] = op
            return
        if name in _NAMED_CONTRACTIONS or (name == "linalg.generic" and _is_contraction_generic(op)):
            types = tuple(str(v.type.element_type) for v in op.operands[:3])
            maps = _named_maps(op) if name != "linalg.generic" else _maps(op)
            if types in MLIR_DTYPES and maps is not None and not missing_features(MLIR_DTYPES[types], native_cpu()):
                return self.contraction(op, maps)
            # element types nanomm has no kernel for on this CPU (int8 without AVX-512 VNNI) or at all, or
            # maps that are not a matmul's (a depthwise convolution's windows, o * stride + k): MLIR's loops
            return self.upstream(op)
        if name in _VIEW_OPS or (name == "linalg.generic" and self.is_broadcast_copy(op)):
            if self.open is not None and self.vid(op.operands[0]) in self.open.values and \
                    name != "tensor.extract_slice":
                return self.upstream(op)  # a reshape or transpose between two ops of one segment
            return self.view(op) if name in _VIEW_OPS else self.broadcast_copy(op)
        if name == "linalg.generic" and (self.widened_constant(op) or self.fuse(op) or self.scale(op)):
            return
        if name.split(".")[0] in _UPSTREAM_DIALECTS and op.results and all(
                isinstance(r.type, ir.RankedTensorType) for r in op.results):
            return self.upstream(op)
        if any(self.vid(v) in self.sizes for v in op.operands):
            raise self.bad(op, "computes on a dynamic size (beyond index arithmetic feeding tensor.empty and "
                               "reshapes): nanomm compiles one dynamic dimension, the rows of contractions and the "
                               "ops that only reshape them, and static shapes elsewhere (a dynamic sequence length "
                               "reaching attention or a softmax is not; nanomm.compile compiles such a function "
                               "for each argument shapes it is called with)", dynamic=True)
        raise self.bad(op, "not supported in functions compiled by nanomm (supported: linalg, tensor, arith "
                           "and math ops on tensors, and constants)")

    # --- segments: the ops that go through MLIR's upstream lowering

    def upstream(self, op) -> None:
        """Adds an op to the open segment, or to a new one where it reads a value computed (by a
        kernel or a numpy view) from the open segment's results."""
        for r in op.results:
            if isinstance(r.type, ir.RankedTensorType) and -1 in _shape(r.type):
                raise self.bad(op, "a dynamic size in an op that is not a contraction: such ops are compiled for "
                                   "static shapes only", dynamic=True)
        outer = list(op.operands) + _free_values(op)
        if all(self.from_constants(self.vid(v)) for v in outer):
            # (a causal mask, a position table): computed once when the function is built, and kept out of
            # the segment that reads it, which can then run in slices of the batch
            opened, self.open = self.open, self.constants
            if self.open is None:
                self.open = self.constants = _Segment(len(self.segments), constant=True)
                self.segments.append(self.open)
            self.add_to_segment(op, *self.classify(op, outer))
            self.open = opened
            return
        tensors, printed, views = self.classify(op, outer)
        if self.open is None or any(self.depends_on_open(vid) for vid in tensors) or self.pads_a_transform(op):
            self.open = _Segment(len(self.segments))
            self.segments.append(self.open)
            self.depends = {}
            tensors, printed, views = self.classify(op, outer)
        self.add_to_segment(op, tensors, printed, views)

    def pads_a_transform(self, op) -> bool:
        """Whether op pads a value of the open segment for a Winograd input transform (passes/winograd.py
        INPUT_MARK) on several threads: the segment ends before it. Together each is cut in halves by
        upstream.split_inner, the output transform before it (its batch norm, ReLU) by rows and the
        transform by positions; they cannot be cut together (rows read by the 4 x 4 tiles of the next
        convolution overlap). `python bench/bench_frontend.py --layers resnet18 --threads 0 --variant
        whole:TRANSFORM_CUT=0` times it against one segment."""
        if not TRANSFORM_CUT or self.threads < 2 or op.name != "tensor.pad" or self.open is None or \
                self.vid(op.operands[0]) not in self.open.values:
            return False
        return any(use.owner.name == "linalg.generic" and INPUT_MARK in use.owner.attributes
                   for use in op.results[0].uses)

    def classify(self, op, outer: list) -> tuple[list, list, list]:
        """An upstream op's operands (and the values its body captures) that are not the open segment's:
        (arrays it takes as inputs, constants / empties / fills it copies in, views it reads through)."""
        tensors, printed, views = [], [], []
        for v in outer:
            vid = self.vid(v)
            if self.open is not None and vid in self.open.values:
                continue
            while self.nodes.get(vid, ("",))[0] == "view" and vid in self.view_ops:
                # a transpose / reshape / slice of an array: the segment reads the array through it
                # (MLIR fuses it into the loops) rather than taking a copy numpy would make
                views.append(vid)
                vid = self.nodes[vid][1]
                if self.open is not None and vid in self.open.values:
                    break
            v = self.values[vid]
            if self.open is not None and vid in self.open.values:
                continue
            node = self.nodes.get(vid)
            if vid in self.defs and (node is None or node[0] in ("empty", "fill") or
                                     (node[0] == "const" and _splat(self.defs[vid]))):
                printed.append(vid)  # constants, empties and fills are copied into the segment
            elif isinstance(v.type, ir.RankedTensorType):
                tensors.append(vid)
            else:
                raise self.bad(op, "reads a value computed outside it that is neither a tensor nor a constant")
        return tensors, printed, views

    def add_to_segment(self, op, tensors, printed, views) -> None:
        seg = self.open
        for vid in printed:
            seg.add_def(self, vid)
        for vid in views:
            view = self.view_ops[vid]
            for v in list(view.operands)[1:]:  # a transpose's init (a tensor.empty)
                if self.vid(v) in self.defs:
                    seg.add_def(self, self.vid(v))
            seg.defs[vid] = view
            seg.values.add(vid)
        for vid in tensors:
            self.use(self.values[vid], op)
            if vid not in seg.inputs:
                seg.inputs.append(vid)
        seg.ops.append(op)
        for r in op.results:
            vid = self.vid(r)
            seg.values.add(vid)
            self.nodes[vid] = ("seg", seg.index)

    def from_constants(self, vid: int) -> bool:
        """Whether a value is computed from constants alone (not from an argument, nor by a contraction)."""
        if vid in self.scalars:
            return True
        if vid in self.region:
            return False
        node = self.nodes.get(vid)
        if node is None:
            return vid in self.defs
        if node[0] in ("const", "empty", "fill"):
            return True
        if node[0] == "view":
            return self.from_constants(node[1])
        return node[0] == "seg" and self.constants is not None and node[1] == self.constants.index

    def depends_on_open(self, vid: int) -> bool:
        """Whether a value is computed from the open segment's results (then it cannot be an input of it)."""
        found = self.depends.get(vid)
        if found is not None:
            return found
        self.depends[vid] = False  # (acyclic: a value's sources come before it)
        node = self.nodes.get(vid)
        if vid in self.region:
            node = ("out", self.region[vid][0])
        if node is None:
            found = False
        elif node[0] == "seg":
            found = node[1] == self.open.index
        elif node[0] in ("view", "scale"):
            found = self.depends_on_open(node[1])
        elif node[0] == "out":  # (not remembered: a consumer fused later may add a bias or residual)
            c = self.contractions[node[1]]
            del self.depends[vid]
            return any(self.depends_on_open(i) for i in (c.a, c.b, c.bias, c.residual) if i is not None)
        else:
            found = False
        self.depends[vid] = found
        return found

    def name_of(self, vid: int) -> str:
        return self.values[vid].get_name(self.state)

    def printed(self, op) -> str:
        import io

        text = io.StringIO()
        op.print(state=self.state, file=text)
        return text.getvalue()

    # --- constants and views

    def constant(self, op) -> None:
        attr = op.attributes["value"]
        result = op.results[0]
        vid = self.vid(result)
        if isinstance(result.type, ir.IndexType):
            self.sizes.add(vid)
        self.defs[vid] = op
        if isinstance(result.type, ir.RankedTensorType):
            self.nodes[vid] = ("const", self.tensor_constant(op, attr, result.type))
        elif isinstance(attr, (ir.FloatAttr, ir.IntegerAttr, ir.BoolAttr)):
            self.scalars[vid] = float(attr.value) if isinstance(attr, ir.FloatAttr) else int(attr.value)
        # other constants (bools, indices used by nothing nanomm reads) are left unread

    def tensor_constant(self, op, attr, t: ir.RankedTensorType) -> np.ndarray:
        element = str(t.element_type)
        if element not in _NUMPY_TYPES:
            raise self.bad(op, f"a constant of element type {element}")
        dtype = _numpy_type(element)
        shape = _shape(t)
        if isinstance(attr, ir.DenseElementsAttr):
            dense = ir.DenseElementsAttr(attr)
            if dense.is_splat:
                return np.full(shape, _scalar(dense.get_splat_value()), dtype)
            if element == "bf16":  # the bindings have no view of bf16 elements: read the printed form
                return self.printed_constant(op, str(attr), dtype, shape)
            return np.array(dense, dtype=dtype).reshape(shape)
        text = str(attr)
        m = re.match(r"dense_resource<([^>]+)>", text)
        if not m:
            raise self.bad(op, f"a constant nanomm cannot read ({text[:80]})")
        blob = self.blobs.get(m.group(1))
        if blob is None:
            raise self.bad(op, f"dense_resource {m.group(1)} has no data in the module's dialect_resources")
        data = np.frombuffer(blob, dtype, offset=4) if len(blob) >= 4 else np.zeros(0, dtype)
        if data.size != math.prod(shape):
            raise self.bad(op, f"dense_resource {m.group(1)} holds {data.size} elements of {element}, "
                               f"its type {t} needs {math.prod(shape)}")
        return data.reshape(shape)

    def printed_constant(self, op, text: str, dtype, shape) -> np.ndarray:
        body = text[text.index("<") + 1:text.rindex(">", 0, text.rindex(":"))]
        if body.startswith('"0x'):
            data = np.frombuffer(bytes.fromhex(body[3:-1]), dtype)
        else:
            data = np.array([float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)", body)],
                            np.float64).astype(dtype)
        if data.size != math.prod(shape):
            raise self.bad(op, f"a constant nanomm cannot read ({text[:80]})")
        return data.reshape(shape)

    def view(self, op) -> None:
        src = op.operands[0]
        result = op.results[0]
        shape = _shape(result.type)
        fn = _view_function(op, shape)
        if isinstance(fn, str):
            raise self.bad(op, fn, dynamic="dynamic" in fn)
        vid_src = self.vid(src)
        vid = self.vid(result)
        if vid_src in self.region and op.name in ("tensor.collapse_shape", "tensor.expand_shape"):
            index, expr = self.region[vid_src]
            old = self.shapes[vid_src][0]
            if old and shape and old[-1] == shape[-1]:  # N stays last: still the epilogue's element-wise domain
                self.region[vid] = (index, expr)
                self.region_views[vid] = (vid_src, fn, op)
                return
        vid_src = self.use(src, op)
        node = self.nodes.get(vid_src)
        if node is not None and node[0] == "fill":  # a view of a fill is a fill (a contraction's init reads it so)
            self.nodes[vid], self.defs[vid] = node, op
        elif node is not None and node[0] == "const":
            self.nodes[vid] = ("const", fn(node[1]))
        else:
            self.nodes[vid] = ("view", vid_src, fn)
            self.view_ops[vid] = op
            leading = _leading_merge(op, self.shapes.get(vid_src, ((),))[0])
            if leading is not None:
                self.collapses[vid] = (vid_src, leading)
            if vid_src in self.scaled:  # the same view of the array before its factor
                raw, factor = self.scaled[vid_src]
                self.synthetic += 1
                self.nodes[self.synthetic] = ("view", raw, fn)
                self.scaled[vid] = (self.synthetic, factor)
                if leading is not None:
                    self.collapses[self.synthetic] = (raw, leading)

    def widened_constant(self, op) -> bool:
        """An element-wise arith.extf of a constant (widen_bf16_contractions' of a bf16 weight) as the
        constant it makes, here: a contraction reading it packs it once."""
        maps = _maps(op)
        if len(op.operands) != 2 or len(op.results) != 1 or maps is None or \
                any(m != list(range(len(_shape(op.results[0].type)))) for m in maps):
            return False
        body = [o.operation for o in op.regions[0].blocks[0].operations]
        node = self.nodes.get(self.vid(op.operands[0]))
        if node is None or node[0] != "const" or [o.name for o in body] != ["arith.extf", "linalg.yield"]:
            return False
        self.nodes[self.vid(op.results[0])] = ("const", np.asarray(node[1], _numpy_type(
            str(op.results[0].type.element_type))))
        return True

    def scale(self, op) -> bool:
        """x * c (a generic of one float32 input whose body is a constant multiple of it: torch's attention
        scales q and k by d^-1/4 each) as a value the contractions that read it take with alpha * c."""
        if len(op.operands) != 2 or len(op.results) != 1 or any(i != "parallel" for i in _iterators(op)):
            return False
        rank, maps = len(_shape(op.results[0].type)), _maps(op)
        if maps != [list(range(rank))] * 2 or str(op.results[0].type.element_type) != "f32" or \
                str(op.operands[0].type.element_type) != "f32":
            return False
        if not _feeds_only_contractions(op.results[0]):
            return False  # (another reader would need x * c in memory: the op stays where it is)
        expr = self.body(op, [_X])
        if expr is None or _leaves(expr) != {"x"}:
            return False
        xs = np.random.default_rng(0).uniform(-3, 3, 16)
        factor = float(_run(expr, x=np.ones(1))[0])
        if not (math.isfinite(factor) and factor != 0 and _run(expr, x=np.zeros(1))[0] == 0 and
                np.allclose(_run(expr, x=xs), factor * xs, rtol=1e-12, atol=0)):
            return False
        src = self.use(op.operands[0], op)
        vid = self.vid(op.results[0])
        self.nodes[vid] = ("scale", src, np.float32(factor))
        raw, inner = self.scaled.get(src, (src, 1.0))
        self.scaled[vid] = (raw, inner * np.float32(factor))
        return True

    def batch_split(self, a: int, b: int, a_axes, b_axes, c_shape) -> tuple | None:
        """(A, B, batch sizes) from before the tensor.collapse_shape that merged both operands' batch, where
        both are such a collapse of the same leading sizes: torch-mlir merges (batch, heads) before its
        batch_matmul, and a merge of strided views (heads sliced from a projection) would be a copy
        per call; nanomm.matmul takes the batch dimensions as they are."""
        if len(c_shape) != 3 or list(a_axes) != [0, 1, 2] or list(b_axes) != [0, 1, 2]:
            return None
        found = [self.collapses.get(v) for v in (a, b)]
        if None in found or found[0][1] != found[1][1]:
            return None
        return found[0][0], found[1][0], found[0][1]

    def operand(self, v, op) -> tuple[int, float]:
        """A contraction operand's value id and the factor it carries (scale())."""
        vid = self.use(v, op)
        return self.scaled.get(vid, (vid, 1.0))

    @staticmethod
    def is_broadcast_copy(op) -> bool:
        """A linalg.generic that copies its one input, broadcast and/or permuted."""
        if len(op.operands) != 2 or any(i != "parallel" for i in _iterators(op)):
            return False
        body = [o.operation for o in op.regions[0].blocks[0].operations]
        block = op.regions[0].blocks[0]
        if len(body) != 1 or body[0].operands[0] != block.arguments[0]:
            return False
        maps = _maps(op)
        return maps is not None and maps[1] == list(range(len(maps[1]))) and -1 not in _shape(op.results[0].type)

    def broadcast_copy(self, op) -> None:
        """A broadcasting copy (is_broadcast_copy) as a view."""
        dims, shape = _maps(op)[0], _shape(op.results[0].type)
        order = tuple(sorted(range(len(dims)), key=lambda j: dims[j]))
        fn = _View("broadcast", order, tuple(shape[d] if d in dims else 1 for d in range(len(shape))), shape)
        src = self.use(op.operands[0], op)
        node = self.nodes[src]
        vid = self.vid(op.results[0])
        self.nodes[vid] = ("const", fn(node[1])) if node[0] == "const" else ("view", src, fn)
        self.view_ops[vid] = op

    # --- contractions

    def contraction(self, op, maps) -> None:
        a, b, c = op.operands[0], op.operands[1], op.operands[2]
        types = tuple(str(v.type.element_type) for v in (a, b, c))
        if types not in MLIR_DTYPES:
            raise self.bad(op, f"element types {', '.join(types)} (supported A, B -> C: "
                               f"{'; '.join(', '.join(t[:2]) + ' -> ' + t[2] for t in sorted(MLIR_DTYPES))})")
        if op.name != "linalg.generic" and "cast" in op.attributes and "signed" not in str(op.attributes["cast"]):
            raise self.bad(op, f"cast {op.attributes['cast']} (unsigned operands) is not supported")
        if types[0] == "i8" and op.name == "linalg.generic":
            raise self.bad(op, "an integer linalg.generic contraction (use linalg.matmul)")
        dtype = MLIR_DTYPES[types]
        ma, mb, mc = maps
        iters = _iterators(op) if op.name == "linalg.generic" else None
        ndims = 1 + max(max(m) for m in maps if m)
        reduce = [d for d in range(ndims) if d not in mc]
        if iters is not None and any((iters[d] == "reduction") != (d in reduce) for d in range(ndims)):
            raise self.bad(op, "iterator types that do not match the maps")
        m_dims = [d for d in mc if d in ma and d not in mb]
        n_dims = [d for d in mc if d in mb and d not in ma]
        batch = [d for d in mc if d not in m_dims and d not in n_dims]
        if len(m_dims) != 1 or len(n_dims) != 1 or not reduce or any(d not in ma or d not in mb for d in reduce):
            raise self.bad(op, "not a matmul-like contraction (one M, one N dimension, reduced dimensions in both "
                               "operands)")
        if any(d not in ma and d not in mb for d in batch):
            raise self.bad(op, "a batch dimension in neither operand")
        sa, sb, sc = (_shape(v.type) for v in (a, b, c))
        size = {}
        for m, s in ((ma, sa), (mb, sb), (mc, sc)):
            for d, n in zip(m, s):
                if size.setdefault(d, n) != n:
                    raise self.bad(op, f"operand shapes {sa}, {sb}, {sc} disagree on a dimension")
        M, N = size[m_dims[0]], size[n_dims[0]]
        if any(size[d] == -1 for d in size if d != m_dims[0]):
            raise self.bad(op, f"a dynamic dimension other than M (shapes {sa}, {sb}, {sc}): only the rows of A and "
                               "C may be dynamic", dynamic=True)
        K = math.prod(size[d] for d in reduce)
        if 0 in size.values():
            raise self.bad(op, "a zero-size dimension; nanomm compiles non-empty contractions only")
        # batch-reduce dimensions (linalg.batch_reduce_matmul's) merge into K, in loop order
        a_axes = [ma.index(d) for d in batch if d in ma] + [ma.index(m_dims[0])] + [ma.index(d) for d in reduce]
        b_axes = [mb.index(d) for d in batch if d in mb] + [mb.index(d) for d in reduce] + [mb.index(n_dims[0])]
        a_shape = tuple(size[d] if d in ma else 1 for d in batch) + (M, K)
        b_shape = tuple(size[d] if d in mb else 1 for d in batch) + (K, N)
        c_shape = tuple(size[d] for d in batch) + (M, N)
        if mc != batch + m_dims + n_dims:
            raise self.bad(op, "a result whose dimensions are not ordered (batch..., M, N)")
        index = len(self.contractions)
        (a_vid, a_factor), (b_vid, b_factor) = self.operand(a, op), self.operand(b, op)
        out_shape = c_shape
        split = self.batch_split(a_vid, b_vid, a_axes, b_axes, c_shape)
        if split is not None:  # the batch as the operands had it before a reshape merged it
            a_vid, b_vid, outer = split
            a_shape, b_shape, c_shape = outer + a_shape[1:], outer + b_shape[1:], outer + c_shape[1:]
            a_axes, b_axes = list(range(len(a_shape))), list(range(len(b_shape)))
        con = _Contraction(op.name, str(op.location), a_vid, b_vid, (tuple(a_axes), a_shape),
                           (tuple(b_axes), b_shape), c_shape, dtype, out_shape=out_shape)
        node = self.nodes.get(self.vid(c))
        factor = float(a_factor) * float(b_factor)
        expr = _X if factor == 1 else _E("arith.mulf", (_X, _E("const", value=factor)))  # (scale(): f32 only)
        if node is not None and node[0] == "empty":
            raise self.bad(op, "accumulates into a tensor.empty (undefined values): fill it with zeros first")
        if node is not None and node[0] == "fill":
            if node[1] != 0:  # sums plus a constant: an offset before the activation, folded into the bias
                expr = _E("arith.addf", (expr, _E("const", value=float(node[1]))))
        else:  # C += A @ B: the init is added to the sums, a residual
            expr = _E("arith.addf", (expr, _RES))
            con.residual = self.use(c, op)
        self.contractions.append(con)
        self.region[self.vid(op.results[0])] = (index, expr)

    # --- element-wise consumers

    def fuse(self, op) -> bool:
        """Fuses an element-wise linalg.generic into the epilogue of the latest contraction it reads."""
        ins = list(op.operands)[:-1]
        rank = len(_shape(op.results[0].type)) if len(op.results) == 1 else -1
        maps = _maps(op, unit_constants=True)
        if rank < 1 or maps is None or any(i != "parallel" for i in _iterators(op)) or \
                maps[-1] != list(range(rank)) or str(op.results[0].type.element_type) != "f32":
            return False
        owners = [self.region[self.vid(v)][0] for v, m in zip(ins, maps) if self.vid(v) in self.region
                  and m == list(range(rank)) and self.shapes[self.vid(v)][0] == _shape(op.results[0].type)]
        if not owners:
            return False
        index = max(owners)
        if len(self.contractions[index].fused) >= self.limits.get(index, math.inf):
            return False
        con = self.contractions[index]
        exprs, columns = [], list(con.columns)
        for v, m in zip(ins, maps):
            vid = self.vid(v)
            shape = self.shapes.get(vid, ((), ""))[0]
            if vid in self.region and self.region[vid][0] == index and m == list(range(rank)):
                exprs.append(self.region[vid][1])
            elif m == [rank - 1] and shape == (con.c_shape[-1],) and con.bias in (None, vid) and not columns:
                exprs.append(_BIAS)
            elif [d for d in m if d != -1] == [rank - 1] and len(shape) == len(m) and \
                    shape[m.index(rank - 1)] == con.c_shape[-1] and \
                    math.prod(shape) == con.c_shape[-1] and self.columns_foldable(con, vid):
                if vid not in columns:  # (another vector along N than the bias: a batch norm's)
                    columns.append(vid)
                exprs.append(_E("col", value=columns.index(vid)))
            elif m == list(range(rank)) and shape == _shape(op.results[0].type):
                if con.residual not in (None, vid):
                    return False  # a second residual
                exprs.append(_RES)
            elif m == [] and vid in self.nodes and self.nodes[vid][0] == "const":
                exprs.append(_E("const", value=float(self.nodes[vid][1])))
            else:
                return False
        expr = self.body(op, exprs)
        if expr is None:
            return False
        for e, v in zip(exprs, ins):
            if e is _BIAS:
                con.bias = self.use(v, op)
            elif e is _RES:
                con.residual = self.use(v, op)
            elif e.op == "col":
                self.use(v, op)
        con.columns = columns
        con.fused.append(op.name)
        con.fused_values.append(self.vid(op.results[0]))
        self.region[self.vid(op.results[0])] = (index, expr)
        return True

    def region_root(self, vid: int) -> int:
        """The fused value a reshape of a fused value reshapes (vid itself where it is none)."""
        while vid in self.region_views:
            vid = self.region_views[vid][0]
        return vid

    def columns_foldable(self, con: _Contraction, vid: int) -> bool:
        """Whether a vector along N can scale B's columns at build: B a float32 constant, the vector and
        any bias computed from constants alone."""
        return con.dtype == "f32" and self.nodes.get(con.b, ("",))[0] == "const" and self.from_constants(vid) and \
            (con.bias is None or self.from_constants(con.bias))

    def body(self, op, inputs: list[_E]) -> _E | None:
        """The scalar expression a generic's body computes from its inputs' expressions, or None."""
        block = op.regions[0].blocks[0]
        env = dict(zip(list(block.arguments)[:len(inputs)], inputs))

        def lookup(v):
            if v in env:
                return env[v]
            vid = self.vid(v)
            if vid in self.scalars:
                return _E("const", value=self.scalars[vid])
            return None
        for o in block.operations:
            o = o.operation
            if o.name == "linalg.yield":
                return lookup(o.operands[0]) if len(o.operands) == 1 else None
            if o.name == "arith.constant":
                attr = o.attributes["value"]
                if not isinstance(attr, (ir.FloatAttr, ir.IntegerAttr)):
                    return None
                env[o.results[0]] = _E("const", value=float(attr.value))
                continue
            if o.name not in _OPS and o.name != "arith.cmpf":
                return None
            args = tuple(lookup(v) for v in o.operands)
            if any(a is None for a in args):
                return None
            value = int(ir.IntegerAttr(o.attributes["predicate"]).value) if o.name == "arith.cmpf" else None
            env[o.results[0]] = _E(o.name, args, value)
        return None

    def finish(self) -> None:
        """Matches each contraction's fused expression to an epilogue; its result is the one fused value
        used outside."""
        for index, con in enumerate(self.contractions):
            used = sorted(self.external.get(index, ()))
            if not used:
                continue  # a result nothing reads
            roots = {self.region_root(v) for v in used}
            if len(roots) == 1 and len(used) > 1:  # one value read in several shapes: its reshapes are views
                for v in used:
                    while v in self.region_views and v not in self.nodes:
                        src, fn, op = self.region_views[v]
                        self.nodes[v], self.view_ops[v] = ("view", src, fn), op
                        v = src
                used = list(roots)
            if len(used) > 1:
                # the consumers up to the first value read outside (a residual add whose sum a norm squares,
                # fused, and reads again, outside) stay fused where they fit: that value becomes the result
                at = [con.fused_values.index(r) if r in con.fused_values else -1 for r in map(self.region_root, used)]
                keep = min(at) + 1
                while keep and isinstance(_match(self.region[con.fused_values[keep - 1]][1], self.rtol), str):
                    keep -= 1
                raise _Unfused(index, f"function @{self.name}: {con.name} ({con.where}): its result is used both "
                                      "before and after its element-wise consumers" +
                                      (f" (the first {keep} of them are fused)" if keep else ""), keep)
            vid = used[0]
            expr = self.region[vid][1]
            found = _match(expr, self.rtol)
            if isinstance(found, str) and con.bias is not None and self.columns_foldable(con, con.bias):
                # a constant vector that is not added (x * gamma): a column vector instead of the bias
                as_column = _E("col", value=len(con.columns))
                again = _match(_substitute(expr, _BIAS, as_column), self.rtol)
                if not isinstance(again, str):
                    con.columns, con.bias, found = con.columns + [con.bias], None, again
            if isinstance(found, str):
                # the most of the first consumers that do fit (a batch norm and not the residual add after it)
                keep = next((k for k in range(len(con.fused) - 1, 0, -1)
                             if not isinstance(_match(self.region[con.fused_values[k - 1]][1], self.rtol), str)), 0)
                raise _Unfused(index, f"function @{self.name}: {con.name} ({con.where}) and its element-wise "
                                      f"consumers {', '.join(con.fused)}: cannot be fused: {found}" +
                                      (f" (the first {keep} of them are fused)" if keep else ""), keep)
            self.make_epilogue(con, found)
            con.deviation = found.deviation
            con.out_shape = self.shapes[vid][0]
            con.out_dtype = _numpy_type(self.shapes[vid][1])
            self.nodes[vid] = ("out", index)

    def make_epilogue(self, con: _Contraction, found: _Epilogue) -> None:
        b_node = self.nodes.get(con.b)
        con.b_constant = b_node is not None and b_node[0] == "const"
        if found.columns is not None:  # s * x + t: s into B's columns, t the bias, at build (columns_foldable)
            con.column_expr = found.columns
            con.epilogue = Epilogue(bias=True, activation=found.activation, residual=found.residual,
                                    residual_mul=found.residual_mul)
            if not found.residual:
                con.residual = None
            self.pack(con, b_node[1])
            return
        bias_node = self.nodes.get(con.bias) if con.bias is not None else None
        N = con.c_shape[-1]
        has_bias = con.bias is not None or found.offset != 0
        if bias_node is not None and bias_node[0] != "const" and (found.bias_gain != 1 or found.offset != 0):
            raise MLIRInputError(f"function @{self.name}: {con.name} ({con.where}): a bias argument scaled or "
                                 "offset inside the epilogue cannot be fused (alpha * x + bias only)")
        if has_bias and (bias_node is None or bias_node[0] == "const"):
            b = np.zeros(N) if bias_node is None else np.asarray(bias_node[1], np.float64)
            con.bias_array = np.ascontiguousarray(found.bias_gain * b + found.offset, np.float32)
        if not found.residual:
            con.residual = None
        ep = Epilogue(alpha=found.alpha, bias=has_bias, activation=found.activation, residual=found.residual,
                      residual_mul=found.residual_mul)
        con.epilogue = None if ep.identity else ep
        if con.epilogue is not None and con.dtype == "s8s8":
            raise MLIRInputError(f"function @{self.name}: {con.name} ({con.where}): element-wise consumers of an "
                                 "integer contraction are not fused (int32 results)")
        if con.b_constant:
            self.pack(con, b_node[1])

    def pack(self, con: _Contraction, b: np.ndarray) -> None:
        """A constant B whose batch entries are all one matrix: one pre-packed kernel over every row of A."""
        b = _canonical(b, con.b_view)
        batch = b.shape[:-2]
        if any(n > 1 and s != 0 for n, s in zip(batch, b.strides[:-2])):
            return  # a batch of different matrices: nanomm.matmul's batched kernel per call
        con.packed = b[(0,) * len(batch)]


def _scalar(attr):
    """A splat's element: float, integer or i1 (`dense<true>`, a causal mask's all-true start)."""
    if isinstance(attr, (ir.FloatAttr, ir.IntegerAttr)):
        return attr.value
    text = str(attr).split(":")[0].strip()
    return text == "true" if text in ("true", "false") else float(text)


def _iterators(op) -> list[str]:
    return [re.sub(r".*<(\w+)>.*", r"\1", str(i)) for i in ir.ArrayAttr(op.attributes["iterator_types"])]


def _maps(op, unit_constants: bool = False) -> list[list[int]] | None:
    """Each operand's indexing map as the loop dimensions its results are, or None if one is not a
    projected permutation (constant or compound results). unit_constants: a result 0 at a dimension of
    size 1 (a vector along the channels as torch-mlir's batch norm reads it, (c, 1, 1)) is -1."""
    out = []
    for a, v in zip(ir.ArrayAttr(op.attributes["indexing_maps"]), op.operands):
        am = ir.AffineMapAttr(a).value
        dims = []
        for i, e in enumerate(am.results):
            if isinstance(e, ir.AffineDimExpr):
                dims.append(ir.AffineDimExpr(e).position)
            elif unit_constants and isinstance(e, ir.AffineConstantExpr) and ir.AffineConstantExpr(e).value == 0 \
                    and _shape(v.type)[i] == 1:
                dims.append(-1)
            else:
                return None
        out.append(dims)
    return out


def _named_maps(op) -> list[list[int]] | None:
    if "indexing_maps" in op.attributes:
        return _maps(op)
    return {"linalg.matmul": [[0, 2], [2, 1], [0, 1]],
            "linalg.batch_matmul": [[0, 1, 3], [0, 3, 2], [0, 1, 2]],
            "linalg.batch_reduce_matmul": [[0, 1, 3], [0, 3, 2], [1, 2]]}[op.name]


def _is_contraction_generic(op) -> bool:
    """A linalg.generic with a reduction whose body is out + cast(a) * cast(b)."""
    if op.name != "linalg.generic" or len(op.operands) != 3 or "reduction" not in _iterators(op):
        return False
    block = op.regions[0].blocks[0]
    a, b, out = block.arguments
    body = [o.operation for o in block.operations]
    casts = {"arith.extf", "arith.extsi", "arith.sitofp"}
    values = {}
    for o in body:
        if o.name in casts:
            values[o.results[0]] = o.operands[0]
        elif o.name in ("arith.mulf", "arith.muli"):
            x, y = (values.get(v, v) for v in o.operands)
            if {x, y} != {a, b} or x == y:
                return False
            values[o.results[0]] = "product"
        elif o.name in ("arith.addf", "arith.addi"):
            x, y = (values.get(v, v) for v in o.operands)
            if not ((x == "product" and y == out) or (y == "product" and x == out)):
                return False
            values[o.results[0]] = "sum"
        elif o.name == "linalg.yield":
            return values.get(o.operands[0]) == "sum"
        else:
            return False
    return False


class _View:
    """A view op as a function of its source array: `kind` (transpose, reshape, broadcast, slice) and
    its static arguments (data, not a closure: a built function's state is stored on disk as it is,
    compiler/function_cache.py)."""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, *args):
        self.kind, self.args = kind, args

    def __call__(self, x: np.ndarray, reshape=np.ndarray.reshape) -> np.ndarray:
        """The view of x; `reshape(x, shape)` makes its reshapes (compiler/forward_program.py's copies
        into its own buffer where numpy's would copy)."""
        kind, args = self.kind, self.args
        if kind == "transpose":
            return x.transpose(args[0])
        if kind == "reshape":
            return reshape(x, args[0])
        if kind == "broadcast":  # (order, full, shape): permuted, then unit axes added, then broadcast
            order, full, shape = args
            return np.broadcast_to(reshape(x if order is None else x.transpose(order), full), shape)
        index, shape = args  # "slice"
        return reshape(x[index], shape)


def _view_function(op, shape: tuple) -> "_View | str":
    """A function of the source array giving the op's result, or why there is none."""
    name = op.name
    if name == "linalg.transpose":
        return _View("transpose", tuple(ir.DenseI64ArrayAttr(op.attributes["permutation"])))
    if name in ("tensor.collapse_shape", "tensor.expand_shape"):
        if sum(n == -1 for n in shape) > 1:
            return "more than one dynamic dimension"
        return _View("reshape", shape)
    if name == "linalg.broadcast":
        dims = tuple(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
        if -1 in shape:
            return "a broadcast to a dynamic shape"
        return _View("broadcast", None, tuple(1 if d in dims else n for d, n in enumerate(shape)), shape)
    if name == "tensor.extract_slice":
        if len(op.operands) != 1 or -1 in shape:
            return "a slice with dynamic offsets, sizes or strides"
        offsets = list(ir.DenseI64ArrayAttr(op.attributes["static_offsets"]))
        sizes = list(ir.DenseI64ArrayAttr(op.attributes["static_sizes"]))
        strides = list(ir.DenseI64ArrayAttr(op.attributes["static_strides"]))
        return _View("slice", tuple(slice(o, o + n * s, s) for o, n, s in zip(offsets, sizes, strides)), shape)
    return "not a view"


def resources(source: str) -> dict[str, bytes]:
    """The `dialect_resources` blobs of MLIR text by name (dense_resource constants' data: a 4-byte
    alignment, then the elements)."""
    from .frontend import resource_blobs, resources_start

    start = resources_start(source)
    if start < 0:
        return {}
    found = resource_blobs(source, start)
    if found is not None:
        try:
            return {key: bytes.fromhex(source[a:b]) for key, (a, b) in found[1].items()}
        except ValueError:
            pass  # (not hex: the pattern below reads only what is)
    return {m.group(1).strip('"'): bytes.fromhex(m.group(2)) for m in
            re.finditer(r'([\w.$-]+|"[^"]*")\s*:\s*"0x([0-9A-Fa-f]*)"', source[start:])}


def read_function(name: str, func: ir.Operation, blobs: dict, activation_rtol: float | None = None) -> GraphFunction:
    """The function's plan (kernels not compiled yet: GraphFunction.build). activation_rtol: how far
    (relative) an element-wise body may compute from the activation it is fused as (default: exact,
    to float32 rounding). A contraction whose consumers do not fit its epilogue is read again with
    them outside it (the epilogue then holds none of them; they go to MLIR's lowering), and
    describe() says why. Convolutions are rewritten in `func` first into the contractions they are
    (passes/conv_matmul.py), for the threads a forward runs on here (one or several: Winograd's tile side)."""
    rtol = EXACT if activation_rtol is None else activation_rtol
    threads = upstream.resolve_threads(None)
    if rewrite_convolutions(func, threads=threads):
        sink_transposes(func)
    if missing_features("bf16", native_cpu()):
        widen_bf16_contractions(func)
    limits: dict[int, int] = {}  # contraction index -> how many of its consumers to fuse at most
    unfused: dict[int, str] = {}
    while True:
        try:
            f = _Reader(name, func, blobs, rtol, dict(limits), threads).read()
        except _Unfused as exc:
            if limits.get(exc.index) == 0:  # cannot happen: an unfused contraction has no consumers to match
                raise MLIRInputError(exc.why) from None
            limits[exc.index] = exc.keep  # (fewer than it fused: each retry fuses less)
            unfused[exc.index] = exc.why
            continue
        f.unfused = unfused
        return f


def widen_bf16_contractions(func: ir.Operation) -> int:
    """Makes each bfloat16 named contraction (bf16 A and B into float32) one of float32 operands, each
    widened by an element-wise arith.extf generic before it (a constant B's a constant segment, run once;
    a bf16 contraction spelled as linalg.generic goes to MLIR's loops instead): a CPU
    without AVX-512 BF16 runs it on nanomm's float32 kernels, with the same products (a bf16 product is
    exact in float32) and float32 sums. Returns how many."""
    changed = 0
    for op in walk(func, *_NAMED_CONTRACTIONS):
        types = [str(v.type.element_type) for v in op.operands[:3]]
        if types != ["bf16", "bf16", "f32"] or not all(
                isinstance(v.type, ir.RankedTensorType) for v in op.operands[:2]):
            continue
        for i in (0, 1):
            t = ir.RankedTensorType(op.operands[i].type)
            dynamic = [j for j, n in enumerate(t.shape) if n == ir.ShapedType.get_dynamic_size()]  # (A's rows)
            shape = "x".join("?" if j in dynamic else str(n) for j, n in enumerate(t.shape))
            sizes = "".join(f"  %c{j} = arith.constant {j} : index\n  %n{j} = tensor.dim %a, %c{j} : "
                            f"tensor<{shape}xbf16>\n" for j in dynamic)
            dims = ", ".join(f"d{j}" for j in range(t.rank))
            identity = f"affine_map<({dims}) -> ({dims})>"
            parallel = ", ".join(['"parallel"'] * t.rank)
            text = (f"func.func @w(%a: tensor<{shape}xbf16>) -> tensor<{shape}xf32> {{\n"
                    f"{sizes}  %e = tensor.empty({', '.join(f'%n{j}' for j in dynamic)}) : tensor<{shape}xf32>\n"
                    f"  %g = linalg.generic {{indexing_maps = [{identity}, {identity}], iterator_types = "
                    f"[{parallel}]}} ins(%a : tensor<{shape}xbf16>) "
                    f"outs(%e : tensor<{shape}xf32>) {{\n"
                    f"  ^bb0(%x: bf16, %o: f32):\n    %y = arith.extf %x : bf16 to f32\n    linalg.yield %y : f32\n"
                    f"  }} -> tensor<{shape}xf32>\n  return %g : tensor<{shape}xf32>\n}}")
            op.operands[i] = splice(text, op, [op.operands[i]])
        # the op again, of float32 operands (a named op's body is made for its operand types)
        a_t, b_t, c_t = (str(v.type) for v in op.operands[:3])
        maps = f" indexing_maps = {op.attributes['indexing_maps']}" if "indexing_maps" in op.attributes else ""
        text = (f"func.func @m(%a: {a_t}, %b: {b_t}, %c: {c_t}) -> {c_t} {{\n"
                f"  %r = {op.name}{maps} ins(%a, %b : {a_t}, {b_t}) outs(%c : {c_t}) -> {c_t} {op.location}\n"
                f"  return %r : {c_t}\n}}")
        op.results[0].replace_all_uses_with(splice(text, op, list(op.operands[:3])))
        op.erase()
        changed += 1
    return changed


def check_arguments(name: str, args: tuple, inputs: list, shapes: bool = True) -> None:
    """A function's arguments against its inputs ((shape, -1 for a dynamic size; numpy dtype) each): their
    count, that they are numpy arrays, their dtypes and (shapes=True) their shapes, or the error naming
    the first that is not as the function takes it."""
    if len(args) != len(inputs):
        raise TypeError(f"{name}() takes {len(inputs)} arrays, got {len(args)}")
    for i, (x, (shape, dtype)) in enumerate(zip(args, inputs)):
        if not isinstance(x, np.ndarray):
            raise DTypeError(f"{name}(): argument {i} must be a numpy array, got {type(x).__name__}")
        if x.dtype != dtype:
            raise DTypeError(f"{name}(): argument {i} has dtype {x.dtype}, the function takes {dtype}")
        if shapes:
            check_shape(name, i, x.shape, shape)


def check_shape(name: str, i: int, shape: tuple, want: tuple) -> None:
    """Argument i's shape against the function's (-1: any size there), or the ShapeError naming both."""
    if len(shape) != len(want) or any(n != m for n, m in zip(shape, want) if m != -1):
        raise ShapeError(f"{name}(): argument {i} has shape {shape}, the function takes {shown_shape(want)}")


def shown_shape(shape: tuple) -> str:
    """A shape as a tuple, a dynamic size (-1) as '?'."""
    return "(" + ", ".join("?" if n == -1 else str(n) for n in shape) + "," * (len(shape) == 1) + ")"


def tensor_inputs(func: ir.Operation) -> list | None:
    """The function's arguments as (shape with -1 for a dynamic size, numpy dtype), or None when an
    argument is not a ranked tensor of a type numpy holds."""
    inputs = []
    for arg in func.regions[0].blocks[0].arguments:
        t = arg.type
        if not isinstance(t, ir.RankedTensorType) or str(t.element_type) not in _NUMPY_TYPES:
            return None
        inputs.append((_shape(t), _numpy_type(str(t.element_type))))
    return inputs


def has_dynamic_size(inputs: list) -> bool:
    """Whether an argument of tensor_inputs' list has a dynamic size."""
    return any(-1 in shape for shape, _ in inputs)


class DynamicSizeError(MLIRInputError):
    """A refusal for a dynamic size: frontend.compile then compiles the function once per argument
    shapes it is called with (compiler/per_shape.py) where its arguments hold dynamic sizes. `where`:
    the op and its location."""

    where = ""


class _Unfused(Exception):
    """A contraction's consumers do not fit its epilogue: read the function again fusing only the first
    `keep` of them (their expression matched)."""

    def __init__(self, index: int, why: str, keep: int = 0):
        super().__init__(why)
        self.index, self.why, self.keep = index, why, keep


_UPSTREAM_DIALECTS = ("linalg", "tensor", "arith", "math", "scf")  # (scf: a scatter's loop, tm_tensor.py)


_SSA_NAME = re.compile(r"%([A-Za-z0-9_$.\-]+)")


def _renumbered(text: str) -> str:
    """A segment's text with its values named %v0, %v1, ... in order of appearance (`%21#0` keeps its
    result number): the same ops read from two layers give the same text, one build between them."""
    names: dict[str, str] = {}
    return _SSA_NAME.sub(lambda m: "%" + names.setdefault(m.group(1), f"v{len(names)}"), text)


def _leading_merge(op, src_shape: tuple) -> tuple | None:
    """The sizes a tensor.collapse_shape merges into its first dimension, where that is all it does."""
    if op.name != "tensor.collapse_shape" or -1 in src_shape:
        return None
    groups = [[int(ir.IntegerAttr(i).value) for i in ir.ArrayAttr(g)] for g in ir.ArrayAttr(op.attributes["reassociation"])]
    if len(groups[0]) < 2 or any(len(g) != 1 for g in groups[1:]):
        return None
    return tuple(src_shape[d] for d in groups[0])


def _feeds_only_contractions(value: ir.Value) -> bool:
    """Whether every use of a value, through reshapes, transposes and slices, is a contraction's A or B."""
    uses = list(value.uses)
    for use in uses:
        owner = use.owner
        if owner.name in _VIEW_OPS and use.operand_number == 0:
            if not _feeds_only_contractions(owner.results[0]):
                return False
        elif not ((owner.name in _NAMED_CONTRACTIONS or _is_contraction_generic(owner)) and use.operand_number < 2):
            return False
    return bool(uses)


def _defined_inside(op) -> set:
    """The values an op's regions define (block arguments and nested results)."""
    inner = set()

    def visit(o):
        for region in o.regions:
            for block in region.blocks:
                inner.update(block.arguments)
                for nested in block.operations:
                    inner.update(nested.results)
                    visit(nested.operation)
    visit(op)
    return inner


def _free_values(op) -> list:
    """The values an op's regions read from outside the op (the constants a torch-mlir body captures)."""
    inner, free = _defined_inside(op), []

    def visit(o):
        for region in o.regions:
            for block in region.blocks:
                for nested in block.operations:
                    for v in nested.operands:
                        if v not in inner and v not in free:
                            free.append(v)
                    visit(nested.operation)
    visit(op)
    return free


def _splat(op) -> bool:
    """A constant op small enough to print into a segment: a scalar or a splat tensor."""
    if op.name != "arith.constant":
        return True
    attr = op.attributes["value"]
    return not isinstance(op.results[0].type, ir.RankedTensorType) or (
        isinstance(attr, ir.DenseElementsAttr) and ir.DenseElementsAttr(attr).is_splat)


class _Segment:
    """A run of ops for MLIR's upstream lowering (compiler/upstream.py), as the reader collects it."""

    def __init__(self, index: int, constant: bool = False):
        self.index, self.constant = index, constant  # constant: computed from constants alone
        self.ops: list = []
        self.defs: dict = {}  # value id -> op copied in first (constants, empties, fills)
        self.inputs: list[int] = []
        self.values: set = set()  # what its ops compute
        self.outputs: set = set()  # what the rest of the function reads

    def add_def(self, reader: "_Reader", vid: int) -> None:
        op = reader.defs[vid]
        if vid in self.defs:
            return
        for v in list(op.operands) + _free_values(op):
            if reader.vid(v) in reader.defs:
                self.add_def(reader, reader.vid(v))
        self.defs[vid] = op

    def build(self, reader: "_Reader") -> "SegmentPlan":
        """The segment as a tensor function: inputs as arguments, outputs returned."""
        outputs = sorted(self.outputs)
        # An output that is a reshape of another value computed here is returned before the reshape (numpy
        # reshapes it for free): bufferization would otherwise copy it into its out-parameter.
        made = {reader.vid(r): op for op in self.ops for r in op.results}
        returned, which = [], []  # the values returned; for each output, the one it is a reshape of
        for v in outputs:
            r = v
            while made.get(r) is not None and made[r].name in ("tensor.collapse_shape", "tensor.expand_shape") and \
                    reader.vid(made[r].operands[0]) in made:
                r = reader.vid(made[r].operands[0])
            if r not in returned:
                returned.append(r)
            which.append(returned.index(r))
        names = {reader.name_of(vid): f"%nanomm_in{k}" for k, vid in enumerate(self.inputs)}
        rename = re.compile(r"%[A-Za-z0-9_$.\-]+(?:#\d+)?")

        def text(op) -> str:
            return rename.sub(lambda m: names.get(m.group(0), m.group(0)), reader.printed(op))
        types = lambda vids: [str(reader.values[v].type) for v in vids]  # noqa: E731
        args = ", ".join(f"%nanomm_in{k}: {t} {{bufferization.writable = false}}" for k, t in enumerate(types(self.inputs)))
        # in the function's order: a view copied in may read a value an op of the segment computes
        ops = sorted([(reader.order.get(vid, -1), op) for vid, op in self.defs.items()] +
                     [(reader.order[reader.vid(op.results[0])], op) for op in self.ops], key=lambda e: e[0])
        body = [text(op) for _, op in ops]
        ret = ", ".join(names.get(reader.name_of(v), reader.name_of(v)) for v in returned)
        ret += f" : {', '.join(types(returned))}" if returned else ""
        source = _renumbered(f"func.func @segment({args}) -> ({', '.join(types(returned))}) {{\n" +
                             "\n".join(body) + f"\nreturn {ret}\n}}\n")
        where = [str(op.location) for op in self.ops]
        shapes = lambda vids: [(reader.shapes[v][0], _numpy_type(reader.shapes[v][1]))  # noqa: E731
                               for v in vids]
        for v in self.inputs + outputs:
            if reader.shapes.get(v, (None, ""))[1] not in _NUMPY_TYPES:
                raise reader.bad(self.ops[0], f"a value of type {reader.values[v].type} between MLIR-lowered ops "
                                              "and the rest of the function")
        return SegmentPlan(source, self.inputs, outputs, shapes(self.inputs), shapes(returned),
                           [op.name for op in self.ops], where, [reader.shapes[v][0] for v in outputs], which,
                           constant=self.constant)


@dataclass
class SegmentPlan:
    """Ops of a function that MLIR's own passes lower (compiler/upstream.py), and where their values go."""

    source: str  # a tensor function of its inputs returning its outputs
    inputs: list  # value ids
    outputs: list
    input_types: list  # (shape, numpy dtype) each
    output_types: list
    op_names: list
    where: list  # each op's location
    output_shapes: list  # each output's shape
    output_of: list  # each output's index among the values returned (output_types), which it reshapes
    constant: bool = False  # computed from constants alone: run once by GraphFunction.build
    kernel: object = None

    def describe(self, k: int) -> str:
        counts: dict = {}
        for n in self.op_names:
            counts[n] = counts.get(n, 0) + 1
        ops = ", ".join(f"{n} x{c}" if c > 1 else n for n, c in counts.items())
        return (f"upstream segment {k}: {len(self.op_names)} ops ({ops}), {len(self.inputs)} input(s), "
                f"{len(self.outputs)} output(s){', constant: computed when built' if self.constant else ''}")

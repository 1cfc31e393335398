"""Builds the payload IR of a matmul: a func.func holding linalg.matmul on static memrefs."""

from __future__ import annotations

import functools
import hashlib
import math
import re
from dataclasses import dataclass

import numpy as np

from ..errors import ConfigError, DTypeError, ShapeError
from ..runtime.dtypes import DTYPES, dtype_of
from ..runtime.kernel import EXTRA_DTYPES  # the epilogue's arrays, in kernel argument order

# The largest K whose int32 sums cannot overflow, whatever the int8 inputs: |a*b| is at most
# 255*128 for u8 x s8 and 128*128 for s8 x s8 (the kernels' wrap-around arithmetic is exact
# whenever the true result fits in int32, so no intermediate sum matters).
MAX_K = {"u8s8": (2**31 - 1) // (255 * 128), "s8s8": (2**31 - 1) // (128 * 128)}

MAX_DIM = 1 << 31

ACTIVATIONS = ("relu", "relu6", "gelu", "gelu_tanh", "silu", "sigmoid")
# Besides these, an activation may be "body:" and an element-wise body as a prefix expression of its
# argument `t`: what compiler/graph.py fuses when a model's consumer computes none of ACTIVATIONS (torch-mlir's
# GELU-tanh with its own constants, tanh, ELU, Mish, hardswish), e.g. "body:(math.tanh (arith.mulf t 0x3F000000))".
# Nodes: `t`, a float32 constant as its bits (0x...), `(op arg ...)` of BODY_OPS, arith.cmpf as `arith.cmpf:P`
# (P the arith::CmpFPredicate number). The kernel's epilogue runs the ops as written (math.exp / tanh / erf
# through passes/expand_math.py); numpy evaluates them for K = 0 (activation_function).
BODY = "body:"
BODY_OPS = {"arith.addf": 2, "arith.subf": 2, "arith.mulf": 2, "arith.divf": 2, "arith.negf": 1,
            "arith.maximumf": 2, "arith.minimumf": 2, "arith.maxnumf": 2, "arith.minnumf": 2,
            "arith.cmpf": 2, "arith.select": 3, "math.exp": 1, "math.tanh": 1, "math.erf": 1}
_PREDICATES = ("false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
               "uno", "true")


# cmpf predicates (arith::CmpFPredicate) in numpy: ordered ones are false on NaN, unordered ones true
def _ordered(a, b):
    return ~np.isnan(a) & ~np.isnan(b)


NUMPY_CMPF = {0: lambda a, b: np.zeros_like(a, bool), 7: _ordered, 14: lambda a, b: ~_ordered(a, b),
              15: lambda a, b: np.ones_like(a, bool)}
for _p, _fn in enumerate((np.equal, np.greater, np.greater_equal, np.less, np.less_equal, np.not_equal), start=1):
    NUMPY_CMPF[_p] = lambda a, b, fn=_fn: fn(a, b) & _ordered(a, b)  # oeq ... one
    NUMPY_CMPF[_p + 7] = lambda a, b, fn=_fn: fn(a, b) | ~_ordered(a, b)  # ueq ... une
_ERF = np.vectorize(math.erf, otypes=[np.float64])
# arith / math ops of element-wise bodies in numpy (compiler/graph.py reads bodies with them; BODY_OPS'
# are a part)
NUMPY_OPS = {
    "arith.addf": np.add, "arith.subf": np.subtract, "arith.mulf": np.multiply, "arith.divf": np.divide,
    "arith.negf": np.negative, "arith.maximumf": np.maximum, "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax, "arith.minnumf": np.fmin, "arith.truncf": lambda v: v.astype(np.float32).astype(v.dtype),
    "arith.extf": lambda v: v, "math.erf": _ERF, "math.tanh": np.tanh, "math.exp": np.exp, "math.log": np.log,
    "math.sqrt": np.sqrt, "math.rsqrt": lambda v: 1 / np.sqrt(v), "math.absf": np.abs,
    "math.fpowi": np.power, "math.powf": np.power,
    "arith.select": lambda c, a, b: np.where(c, a, b),
}


def _f32_of_bits(token: str) -> float:
    return float(np.uint32(int(token, 16)).view(np.float32))


@functools.lru_cache(maxsize=64)  # (Epilogue checks its body at each construction: nanomm.matmul's calls)
def parse_body(activation: str) -> tuple:
    """The tree of a "body:" activation: ("t",), ("c", value) or (op, predicate or None, args); ConfigError
    naming what is wrong where it is not one."""
    tokens = activation[len(BODY):].replace("(", " ( ").replace(")", " ) ").split()
    pos = 0

    def node():
        nonlocal pos
        token = tokens[pos]
        pos += 1
        if token == "t":
            return ("t",)
        if re.fullmatch(r"0x[0-9A-Fa-f]{8}", token):
            return ("c", _f32_of_bits(token))
        if token != "(":
            raise ConfigError(f"activation body: {token!r} is neither t, a float32 constant (0x + 8 hex digits) "
                              "nor an op in parentheses")
        op, _, predicate = tokens[pos].partition(":")
        pos += 1
        if op not in BODY_OPS or bool(predicate) != (op == "arith.cmpf") or \
                (predicate and not (predicate.isdigit() and int(predicate) < len(_PREDICATES))):
            raise ConfigError(f"activation body: {tokens[pos - 1]!r} is not one of its ops "
                              f"({', '.join(BODY_OPS)}; arith.cmpf:P with P a predicate number)")
        args = []
        while tokens[pos] != ")":
            args.append(node())
        pos += 1
        if len(args) != BODY_OPS[op]:
            raise ConfigError(f"activation body: {op} takes {BODY_OPS[op]} operand(s), got {len(args)}")
        return (op, int(predicate) if predicate else None, tuple(args))

    try:
        tree = node()
    except IndexError:
        raise ConfigError(f"activation body: unbalanced parentheses in {activation!r}") from None
    if pos != len(tokens):
        raise ConfigError(f"activation body: text after its expression in {activation!r}")
    return tree


def body_text(tree: tuple) -> str:
    """The "body:" activation of a tree (parse_body's inverse; constants rounded to float32)."""
    if tree[0] == "t":
        return "t"
    if tree[0] == "c":
        return _f32(tree[1])
    op, predicate, args = tree
    name = op if predicate is None else f"{op}:{predicate}"
    return f"({name} {' '.join(body_text(a) for a in args)})"


def _evaluate_body(tree: tuple, t: np.ndarray) -> np.ndarray:
    memo: dict = {}

    def value(n):
        if n not in memo:
            if n[0] == "t":
                memo[n] = t
            elif n[0] == "c":
                memo[n] = np.float32(n[1])
            elif n[0] == "arith.cmpf":
                memo[n] = NUMPY_CMPF[n[1]](*(value(a) for a in n[2]))
            else:
                memo[n] = NUMPY_OPS[n[0]](*(value(a) for a in n[2]))
        return memo[n]
    return np.asarray(value(tree), t.dtype)


def activation_function(activation: str | None):
    """The activation as a numpy function (an array in, one of its dtype out)."""
    if activation is not None and activation.startswith(BODY):
        tree = parse_body(activation)
        return lambda v: _evaluate_body(tree, v)
    return ACTIVATION_FUNCTIONS[activation]


def activation_label(activation: str | None) -> str | None:
    """The activation as describe() and messages name it (a body by its op count)."""
    if activation is None or not activation.startswith(BODY):
        return activation
    return f"element-wise body of {activation.count('(')} op(s)"


@functools.lru_cache(maxsize=64)
def _body_lines(tree: tuple) -> tuple[str, ...]:
    """SSA lines computing %act from %x (f32), each distinct subexpression once."""
    lines: list[str] = []
    names: dict = {}

    def emit(n, name=None):
        if n[0] == "t":
            return "%x"
        if n in names and name is None:
            return names[n]
        if n[0] == "c":
            name = name or f"%act_{len(lines)}"
            lines.append(f"{name} = arith.constant {_f32(n[1])} : f32")
        else:
            op, predicate, args = n
            a = [emit(x) for x in args]
            name = name or f"%act_{len(lines)}"
            if op == "arith.cmpf":
                lines.append(f"{name} = arith.cmpf {_PREDICATES[predicate]}, {a[0]}, {a[1]} : f32")
            elif op == "arith.select":
                lines.append(f"{name} = arith.select {a[0]}, {a[1]}, {a[2]} : f32")
            else:
                lines.append(f"{name} = {op} {', '.join(a)} : f32")
        names[n] = name
        return name
    if tree[0] in ("t", "c"):  # (a body that is its argument or a constant: an op to name it %act)
        lines.append(f"%act = arith.maximumf {emit(tree)}, {emit(tree)} : f32")
    elif tree[0] == "arith.cmpf":
        raise ConfigError("activation body: its value is a comparison (i1), not float32")
    else:
        emit(tree, "%act")
    return tuple(lines)

# The activations as numpy expressions: what the kernel's epilogue computes, NaN and infinities
# included (the K = 0 calls' epilogue, and what compiler/graph.py matches an element-wise body
# against).
ACTIVATION_FUNCTIONS = {
    None: lambda v: v,
    "relu": lambda v: np.maximum(v, 0),
    "relu6": lambda v: np.minimum(np.fmax(v, 0), 6),
    "sigmoid": lambda v: 1 / (1 + np.exp(-v)),
    "silu": lambda v: v / (1 + np.exp(-v)),
    "gelu": lambda v: 0.5 * v * (1 + np.vectorize(math.erf, otypes=[v.dtype])(v / np.sqrt(2))),
    "gelu_tanh": lambda v: 0.5 * v * (1 + np.tanh(np.sqrt(2 / np.pi) * (v + 0.044715 * v ** 3))),
}




@dataclass(frozen=True)
class Epilogue:
    """What a kernel applies to C before its one store:
    out = act(alpha * scale * (A @ B - zero_point) + bias) + residual.

    bias: a float32 vector along N (the kernel's argument after C); residual: a float32 matrix of C's
    shape and row stride (the next argument), added last (multiplying, with residual_mul). activation:
    None or one of ACTIVATIONS: relu (max(x, 0), NaN kept), relu6 (min(max(x, 0), 6), NaN to 0:
    torch-mlir's clamp of MobileNet's ReLU6), gelu (x/2 (1 + erf(x/sqrt 2)), PyTorch's default),
    gelu_tanh (its tanh form), silu (x sigmoid(x)), sigmoid (1 / (1 + e^-x)), or an element-wise body (BODY).
    scale: a float32 vector along N multiplying the sums; zero_point: an int32 vector along N
    subtracted from int32 sums first (a u8 A's zero point times B's column sums; a batched kernel's
    is a (count, N) array, each entry's B its own sums). An epilogue of an
    int8 kernel dequantizes: it needs scale, and its float32 results are stored in the int32 C
    (the same 4 bytes; the caller's out is float32).
    """

    alpha: float = 1.0
    bias: bool = False
    activation: str | None = None
    residual: bool = False
    scale: bool = False
    zero_point: bool = False
    residual_mul: bool = False  # the residual multiplies: act(...) * residual (SwiGLU's silu(gate) * up)

    def __post_init__(self):
        if isinstance(self.activation, str) and self.activation.startswith(BODY):
            _body_lines(parse_body(self.activation))  # (ConfigError where it is not one)
        elif self.activation is not None and self.activation not in ACTIVATIONS:
            raise ConfigError(f"unknown activation {self.activation!r} (one of: {', '.join(ACTIVATIONS)}, "
                              f"or {BODY} and an element-wise body)")
        if self.residual_mul and not self.residual:
            raise ConfigError("residual_mul multiplies by the residual: it needs residual=True")
        if not isinstance(self.alpha, (int, float)) or isinstance(self.alpha, bool) or not math.isfinite(self.alpha):
            raise ConfigError(f"alpha must be a finite number, got {self.alpha!r}")
        object.__setattr__(self, "alpha", float(np.float32(self.alpha)))  # what the kernel multiplies by

    @property
    def identity(self) -> bool:
        return self.alpha == 1.0 and not (self.bias or self.activation or self.residual or self.scale
                                          or self.zero_point)

    @property
    def tag(self) -> str:
        """A short name for kernel symbols."""
        parts = (["zp"] if self.zero_point else []) + (["scale"] if self.scale else []) + \
            ([f"a{np.float32(self.alpha).view(np.uint32):08x}"] if self.alpha != 1.0 else []) + \
            (["bias"] if self.bias else []) + ([self._activation_tag] if self.activation else []) + \
            ([("resmul" if self.residual_mul else "res")] if self.residual else [])
        return "_".join(parts)

    @property
    def _activation_tag(self) -> str:
        if not self.activation.startswith(BODY):
            return self.activation
        return "body" + hashlib.sha256(self.activation.encode()).hexdigest()[:12]

    @functools.cached_property  # (read at every call of a kernel with an epilogue)
    def extras(self) -> tuple[str, ...]:
        """The kernel's arguments after C, in order (see EXTRA_DTYPES)."""
        return tuple(name for name in EXTRA_DTYPES if getattr(self, name))


@dataclass(frozen=True)
class MatmulSpec:
    """What a kernel computes: C (MxN) = A (MxK) @ B (KxN), or C += A @ B when accumulate.

    M=None: a dynamic-M kernel, whose A and C have any number of rows, passed at each call
    (`void f(A, B, C, int64_t M)`; see tile-cache and tile-register)."""

    M: int | None
    N: int
    K: int
    dtype: str = "f32"
    accumulate: bool = False
    prepacked_b: bool = False  # B is passed pre-packed (see the pack pass); the kernel skips packing
    # Row stride of B in elements (0: N, dense): this B is a column block of a B `ldb` wide. With
    # prepacked_b, the block's panels sit inside the packed layout of that wider B (compiler/parallel.py
    # packs B once for every thread this way).
    ldb: int = 0
    ldc: int = 0  # row stride of C in elements (0: N, dense)
    epilogue: Epilogue | None = None  # applied to C in registers before its store (None: none)
    # B is passed transposed: the kernel's B argument is B^T (N x K, row-major: W of x @ W.T), read
    # in place by the pack pass. A pre-packed B has one layout whatever B's: False there.
    transpose_b: bool = False
    # A batch of `batch` matmuls (0: one, unbatched; None: as many as each call passes), entry i at
    # A + i*sa, B + i*sb, C + i*sc with batch_strides = (sa, sb, sc) in elements (sa or sb 0: that
    # operand broadcast; the residual strides as C): `void f(A, B, C[, bias, residual])` (with
    # batch=None `void f(A, B, C[, ...], int64 count)`) loops over the entries.
    batch: int | None = 0
    batch_strides: tuple = ()

    def __post_init__(self):
        for key in ("M", "N", "K") if self.M is not None else ("N", "K"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ShapeError(f"{key} must be an int, got {type(value).__name__}")
            if value <= 0:
                raise ShapeError(f"{key} must be positive to compile a kernel, got {value}")
            if value >= MAX_DIM:
                raise ShapeError(f"{key}={value} is too large (the limit is {MAX_DIM - 1})")
        for key in ("ldb", "ldc"):
            value = getattr(self, key)
            if not isinstance(value, int) or isinstance(value, bool) or (value and value < self.N):
                raise ShapeError(f"{key} must be 0 (dense) or at least N={self.N}, got {value!r}")
        dtype_of(self.dtype)
        if not isinstance(self.transpose_b, bool):
            raise ConfigError(f"transpose_b must be a bool, got {self.transpose_b!r}")
        if self.transpose_b and self.prepacked_b:
            object.__setattr__(self, "transpose_b", False)
        if self.transpose_b and self.ldb:
            raise ShapeError("a transposed B has no row stride to give (ldb): a column block of B is a row block "
                             "of B^T, dense")
        self._check_batch()
        if self.epilogue is not None:
            if not isinstance(self.epilogue, Epilogue):
                raise ConfigError(f"epilogue must be a nanomm Epilogue, got {type(self.epilogue).__name__}")
            integer = DTYPES[self.dtype].integer
            if self.epilogue.identity:
                object.__setattr__(self, "epilogue", None)  # one spec (and kernel) for "no epilogue"
            elif integer and not self.epilogue.scale:
                raise DTypeError(f"an epilogue of a {self.dtype} kernel dequantizes its int32 sums to float32: it "
                                 "needs scale (Epilogue(scale=True))")
            elif self.epilogue.zero_point and not integer:
                raise DTypeError(f"zero_point corrects int32 sums (u8s8 / s8s8 kernels), not {self.dtype}'s")
            elif self.accumulate:
                raise ConfigError("an epilogue applies to the finished C: not with accumulate=True")
        if self.K > MAX_K.get(self.dtype, self.K):
            raise ShapeError(f"K={self.K} can overflow the int32 sums of a {self.dtype} matmul: the largest K "
                             f"nanomm accepts for {self.dtype} is {MAX_K[self.dtype]}")

    def _check_batch(self) -> None:
        if self.batch is not None and (not isinstance(self.batch, int) or isinstance(self.batch, bool)
                                       or not 0 <= self.batch < MAX_DIM):
            raise ShapeError(f"batch must be an int >= 0 (0: not batched) or None (any count), got {self.batch!r}")
        if not self.batched:
            if self.batch_strides:
                raise ShapeError("batch_strides are for a batched kernel (batch >= 1)")
            return
        if self.M is None or self.prepacked_b or self.accumulate or self.ldb or self.ldc:
            raise ShapeError("a batched kernel has a static M, a B per call and a dense C (no accumulate, "
                             "pre-packed B, ldb or ldc)")
        strides = tuple(self.batch_strides)
        if len(strides) != 3 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in strides):
            raise ShapeError(f"batch_strides must be (A, B, C) strides in elements, each >= 0, got {self.batch_strides!r}")
        if self.batch != 1 and strides[2] < self.M * self.N:
            raise ShapeError(f"the C of each batch entry needs its own M x N elements: C's batch stride "
                             f"{strides[2]} < {self.M * self.N}")
        object.__setattr__(self, "batch_strides", strides)

    @property
    def symbol(self) -> str:
        acc = "_acc" if self.accumulate else ""
        pb = "_pb" if self.prepacked_b else "_bt" if self.transpose_b else ""
        ld = "".join(f"_{key}{getattr(self, key)}" for key in ("ldb", "ldc") if getattr(self, key) not in (0, self.N))
        m = "dyn" if self.M is None else self.M
        ep = f"_{self.epilogue.tag}" if self.epilogue is not None else ""
        batch = f"_b{'dyn' if self.batch is None else self.batch}s{'_'.join(map(str, self.batch_strides))}" \
            if self.batched else ""
        return f"nanomm_matmul_{self.dtype}_{m}x{self.N}x{self.K}{acc}{pb}{ld}{batch}{ep}"

    @property
    def extras(self) -> tuple[str, ...]:
        """The kernel's arguments after C: its epilogue's arrays (Epilogue.extras), if any."""
        return self.epilogue.extras if self.epilogue is not None else ()

    @property
    def dynamic_m(self) -> bool:
        return self.M is None

    @property
    def batched(self) -> bool:
        """A batched kernel: of `batch` entries, or of a count each call gives (batch=None)."""
        return self.batch != 0

    @property
    def flops(self) -> int:
        if self.M is None:
            raise ShapeError("a dynamic-M kernel has no fixed flop count: use 2 * M * N * K for the M of a call")
        if self.batch is None:
            raise ShapeError("a batched kernel of any count has no fixed flop count: 2 * M * N * K an entry")
        return 2 * self.M * self.N * self.K * max(1, self.batch)


def payload(spec: MatmulSpec) -> str:
    """MLIR text of the payload function `spec.symbol(A, B, C)`."""
    if spec.batched:
        return _batched_payload(spec)
    ab, c = DTYPES[spec.dtype].mlir_ab, DTYPES[spec.dtype].mlir_c
    M, N, K = "?" if spec.M is None else spec.M, spec.N, spec.K
    ta = f"memref<{M}x{K}x{ab}>"
    tb = _strided(K, N, ab, spec.ldb)
    b_arg, transpose = f"%B: {tb}", ""
    if spec.transpose_b:  # the argument is B^T (N x K); the matmul reads its transposed view
        tbt, tb = f"memref<{N}x{K}x{ab}>", f"memref<{K}x{N}x{ab}, strided<[1, {K}]>>"
        b_arg = f"%Bt: {tbt}"
        transpose = f"    %B = memref.transpose %Bt (i, j) -> (j, i) : {tbt} to {tb}\n"
    tc = _strided(M, N, c, spec.ldc)
    args, body = "", _matmul_body(spec, "%A", "%B", "%C", ta, tb, tc, "%bias", "%R", tc)
    if spec.epilogue is not None:
        args = "".join(f", {name}: {t}" for name, t in _epilogue_args(spec.epilogue, N, c, tc))
    return (
        f"func.func @{spec.symbol}(%A: {ta}, {b_arg}, %C: {tc}{args}) {{\n"
        f"{transpose}{body}"
        f"    return\n"
        f"}}\n"
    )


def _matmul_body(spec: MatmulSpec, a: str, b: str, c: str, ta: str, tb: str, tc: str, bias: str, residual: str,
                 tr: str, indent: str = "    ", vectors: dict | None = None) -> str:
    """The fill (unless accumulating), the linalg.matmul and the epilogue generic on the given values
    (`vectors`: _epilogue's)."""
    from ..passes._ir import A_UNSIGNED

    ct = DTYPES[spec.dtype].mlir_c
    zero = "0.0" if ct.startswith("f") else "0"
    fill = "" if spec.accumulate else (
        f"{indent}%zero = arith.constant {zero} : {ct}\n"
        f"{indent}linalg.fill ins(%zero : {ct}) outs({c} : {tc})\n")
    # linalg.matmul sign-extends integer operands; an unsigned A is marked for nanomm's passes.
    attrs = f" {{{A_UNSIGNED}}}" if spec.dtype == "u8s8" else ""
    text = fill + f"{indent}linalg.matmul{attrs} ins({a}, {b} : {ta}, {tb}) outs({c} : {tc})\n"
    if spec.epilogue is not None:
        text += _epilogue(spec.epilogue, spec.N, ct, c, tc, bias, residual, tr, indent, vectors)
    return text


def _batched_payload(spec: MatmulSpec) -> str:
    """A batched kernel: an scf.for over the entries, each the 2-D payload on views of the entry."""
    ab, ct = DTYPES[spec.dtype].mlir_ab, DTYPES[spec.dtype].mlir_c
    M, N, K = spec.M, spec.N, spec.K
    count = "?" if spec.batch is None else spec.batch
    sa, sb, sc = spec.batch_strides

    def batched(rows, cols, elt, stride, inner):
        return f"memref<{count}x{rows}x{cols}x{elt}, strided<[{stride}, {inner}, 1]>>"

    def entry(rows, cols, elt, inner, stride):
        offset = ", offset: ?" if stride else ""  # a broadcast operand (stride 0): every entry at offset 0
        return f"memref<{rows}x{cols}x{elt}, strided<[{inner}, 1]{offset}>>"

    ta, tb3 = batched(M, K, ab, sa, K), (batched(N, K, ab, sb, K) if spec.transpose_b else batched(K, N, ab, sb, N))
    tc = batched(M, N, ct, sc, N)
    ea, ec = entry(M, K, ab, K, sa), entry(M, N, ct, N, sc)
    view = "[%i, 0, 0] [1, {r}, {c}] [1, 1, 1]"
    lines = [f"    %ea = memref.subview %A{view.format(r=M, c=K)} : {ta} to {ea}"]
    if spec.transpose_b:
        ebt = entry(N, K, ab, K, sb)
        eb = f"memref<{K}x{N}x{ab}, strided<[1, {K}]{', offset: ?' if sb else ''}>>"
        lines += [f"    %ebt = memref.subview %B{view.format(r=N, c=K)} : {tb3} to {ebt}",
                  f"    %eb = memref.transpose %ebt (i, j) -> (j, i) : {ebt} to {eb}"]
    else:
        eb = entry(K, N, ab, N, sb)
        lines.append(f"    %eb = memref.subview %B{view.format(r=K, c=N)} : {tb3} to {eb}")
    lines.append(f"    %ec = memref.subview %C{view.format(r=M, c=N)} : {tc} to {ec}")
    args, vectors = "", None
    if spec.epilogue is not None:
        extra = _epilogue_args(spec.epilogue, N, ct, tc)
        if spec.epilogue.zero_point:  # each entry's B its own column sums: a (count, N) array, a row an entry
            tz, ez = f"memref<{count}x{N}xi32>", f"memref<{N}xi32, strided<[1], offset: ?>>"
            extra = [(name, tz if name == "%zero_point" else t) for name, t in extra]
            lines.append(f"    %ezp = memref.subview %zero_point[%i, 0] [1, {N}] [1, 1] : {tz} to {ez}")
            vectors = {"zero_point": ("%ezp", ez)}
        args = "".join(f", {name}: {t}" for name, t in extra)
        if spec.epilogue.residual:
            lines.append(f"    %er = memref.subview %R{view.format(r=M, c=N)} : {_as_f32(tc, ct)} to {_as_f32(ec, ct)}")
    body = _matmul_body(spec, "%ea", "%eb", "%ec", ea, eb, ec, "%bias", "%er", ec, indent="      ", vectors=vectors)
    loop = "\n".join("  " + line for line in lines) + "\n" + body
    return (
        f"func.func @{spec.symbol}(%A: {ta}, %B: {tb3}, %C: {tc}{args}) {{\n"
        f"    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        + (f"    %count = memref.dim %C, %c0 : {tc}\n" if spec.batch is None else
           f"    %count = arith.constant {count} : index\n") +
        f"    scf.for %i = %c0 to %count step %c1 {{\n{loop}    }}\n"
        f"    return\n"
        f"}}\n"
    )


def _f32(x: float) -> str:
    """An f32 constant as MLIR's exact hexadecimal form."""
    return f"0x{np.float32(x).view(np.uint32):08X}"


# The body of each activation: SSA lines computing %act from %x (f32).
_ACTIVATION_BODIES = {
    "relu": ["%floor = arith.constant 0.0 : f32", "%act = arith.maximumf %x, %floor : f32"],
    "relu6": ["%floor = arith.constant 0.0 : f32", "%six = arith.constant 6.0 : f32",
              "%low = arith.maxnumf %x, %floor : f32", "%act = arith.minnumf %low, %six : f32"],
    "gelu_tanh": [f"%k = arith.constant {_f32(math.sqrt(2 / math.pi))} : f32",
                  f"%c3 = arith.constant {_f32(0.044715)} : f32", "%half = arith.constant 0.5 : f32",
                  "%one = arith.constant 1.0 : f32", "%x2 = arith.mulf %x, %x : f32", "%x3 = arith.mulf %x2, %x : f32",
                  "%cx3 = arith.mulf %x3, %c3 : f32", "%u = arith.addf %x, %cx3 : f32", "%ku = arith.mulf %u, %k : f32",
                  "%t = math.tanh %ku : f32", "%s = arith.addf %t, %one : f32", "%hx = arith.mulf %x, %half : f32",
                  "%act = arith.mulf %hx, %s : f32"],
    "sigmoid": ["%one = arith.constant 1.0 : f32", "%nx = arith.negf %x : f32", "%e = math.exp %nx : f32",
                "%d = arith.addf %e, %one : f32", "%act = arith.divf %one, %d : f32"],
    "silu": ["%one = arith.constant 1.0 : f32", "%nx = arith.negf %x : f32", "%e = math.exp %nx : f32",
             "%d = arith.addf %e, %one : f32", "%act = arith.divf %x, %d : f32"],
}


@functools.cache
def _gelu_lines() -> list[str]:
    """GELU, x/2 (1 + erf(x / sqrt 2)), with passes/_math.py's rational erf written out on x itself: the
    1/sqrt 2 and the erf's argument scaling folded into its coefficients, x clamped at the erf's clamp
    (beyond it erf(clamp) = 1 - 7.7e-8: x / 2 (1 + that) is within an ulp of x), exactly -1 below -clamp (so that
    GELU(-inf) is NaN, as numpy's expression), x/2 + x/2 erf as one FMA: 19 vector ops where math.erf's
    expansion inside the expression took 23 (the up-projections' epilogue cost; `python
    bench/bench_layers.py --layers minilm.up,bert.up --ms 128,1024 --dtypes f32,bf16 --no-onednn`)."""
    from ..passes._math import ERF_CLAMP, ERF_P, ERF_Q

    lim, s = ERF_CLAMP * math.sqrt(2), 1 / (2 * ERF_CLAMP ** 2)  # erf(x / sqrt 2) = x' P(t') / Q(t'), t' = s x^2
    fma = "fastmath<contract>"
    lines = [f"%lim = arith.constant {_f32(lim)} : f32", f"%nlim = arith.constant {_f32(-lim)} : f32",
             "%half = arith.constant 0.5 : f32", "%mone = arith.constant -1.0 : f32",
             "%xc0 = arith.minimumf %x, %lim : f32", "%xc = arith.maximumf %xc0, %nlim : f32",
             "%t = arith.mulf %xc, %xc : f32"]
    for name, coefficients, scale in (("p", ERF_P, 1 / math.sqrt(2)), ("q", ERF_Q, 1.0)):
        c = [x * s ** i * scale for i, x in enumerate(coefficients)]  # in t = x^2
        lines.append(f"%{name}{len(c) - 1} = arith.constant {_f32(c[-1])} : f32")
        for i in range(len(c) - 2, -1, -1):
            lines += [f"%{name}c{i} = arith.constant {_f32(c[i])} : f32",
                      f"%{name}m{i} = arith.mulf %{name}{i + 1}, %t {fma} : f32",
                      f"%{name}{i} = arith.addf %{name}m{i}, %{name}c{i} {fma} : f32"]
    lines += ["%xp = arith.mulf %xc, %p0 : f32", "%e0 = arith.divf %xp, %q0 : f32",
              "%below = arith.cmpf olt, %x, %nlim : f32", "%e = arith.select %below, %mone, %e0 : f32",
              "%hx = arith.mulf %x, %half : f32", f"%act0 = arith.mulf %hx, %e {fma} : f32",
              f"%act = arith.addf %act0, %hx {fma} : f32"]
    return lines


def _epilogue_args(ep: Epilogue, N: int, c: str, tc: str) -> list[tuple[str, str]]:
    """(name, type) of the function's arguments after C for an Epilogue: the vectors (N), the residual
    (C's layout, float32)."""
    return [(f"%{name}", f"memref<{N}x{_MLIR_TYPES[EXTRA_DTYPES[name].name]}>") for name in ep.extras
            if name != "residual"] \
        + ([("%R", _as_f32(tc, c))] if ep.residual else [])


_MLIR_TYPES = {d.numpy_c: d.mlir_c for d in DTYPES.values()}  # numpy -> MLIR name of C's (and the extras') elements
_BLOCK_ARGS = {"zero_point": "%ep_zp", "scale": "%ep_scale", "bias": "%b"}  # the body's names of the vectors


def _as_f32(memref_type: str, elt: str) -> str:
    """A memref type with its element type `elt` made f32 (a residual beside an int32 C)."""
    return memref_type.replace(f"x{elt}>", "xf32>").replace(f"x{elt},", "xf32,")


def _epilogue(ep: Epilogue, N: int, c: str, out: str, tc: str, bias: str, residual: str, tr: str,
              indent: str = "    ", vectors: dict | None = None) -> str:
    """The epilogue linalg.generic of an Epilogue on C = `out`; `vectors`: name -> (value, type) of a
    vector read elsewhere than its argument (a batch entry's row of the zero points)."""
    ins, types, maps, block_args = [], [], [], []
    for name in ep.extras:
        if name != "residual":  # the vectors along N, in argument order
            elt = _MLIR_TYPES[EXTRA_DTYPES[name].name]
            value, t = (vectors or {}).get(name, (f"%{name}", f"memref<{N}x{elt}>"))
            ins.append(value), types.append(t), maps.append("affine_map<(i, j) -> (j)>")
            block_args.append(f"{_BLOCK_ARGS[name]}: {elt}")
    if ep.residual:
        ins.append(residual), types.append(_as_f32(tr, c)), maps.append("affine_map<(i, j) -> (i, j)>")
        block_args.append("%r: f32")
    maps.append("affine_map<(i, j) -> (i, j)>")
    lines, x = [], "%acc"
    if c != "f32":  # int32 sums: corrected, converted, scaled (the float32 result's bits stored in C)
        if ep.zero_point:
            lines.append(f"%centred = arith.subi {x}, %ep_zp : {c}")
            x = "%centred"
        lines.append(f"%float = arith.sitofp {x} : {c} to f32")
        x = "%float"
    if ep.scale:
        lines.append(f"%dequant = arith.mulf {x}, %ep_scale : f32")
        x = "%dequant"
    if ep.alpha != 1.0:
        lines += [f"%alpha = arith.constant {_f32(ep.alpha)} : f32", f"%scaled = arith.mulf {x}, %alpha : f32"]
        x = "%scaled"
    if ep.bias:
        lines.append(f"%biased = arith.addf {x}, %b : f32")
        x = "%biased"
    if ep.activation:
        body = _gelu_lines() if ep.activation == "gelu" else _body_lines(parse_body(ep.activation)) \
            if ep.activation.startswith(BODY) else _ACTIVATION_BODIES[ep.activation]
        lines += [re.sub(r"%x\b", x, line) for line in body]
        x = "%act"
    if ep.residual:
        lines.append(f"%out = arith.{'mulf' if ep.residual_mul else 'addf'} {x}, %r : f32")
        x = "%out"
    if c != "f32":
        lines.append(f"%bits = arith.bitcast {x} : f32 to {c}")
        x = "%bits"
    ins_text = f"ins({', '.join(ins)} : {', '.join(types)}) " if ins else ""
    body = "".join(f"{indent}  {line}\n" for line in lines)
    return (f"{indent}linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [\"parallel\", "
            f"\"parallel\"]}} {ins_text}outs({out} : {tc}) {{\n"
            f"{indent}^bb0({', '.join(block_args + [f'%acc: {c}'])}):\n{body}"
            f"{indent}  linalg.yield {x} : {c}\n{indent}}}\n")

def _strided(rows: int | str, cols: int, elt: str, ld: int) -> str:
    if ld in (0, cols):
        return f"memref<{rows}x{cols}x{elt}>"
    return f"memref<{rows}x{cols}x{elt}, strided<[{ld}, 1]>>"

"""nanomm.compile: MLIR text with linalg.matmul functions -> a module of callable kernels."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from mlir import ir

from ..errors import DTypeError, MLIRInputError
from . import function_cache, graph, per_shape, tm_tensor
from .api import compile_matmul
from .kernel import Kernel
from .per_shape import PerShapeFunction
from ..runtime.dtypes import MLIR_DTYPES
from .payload import MAX_DIM

# `{nanomm.a_unsigned}` on a matmul of i8 x i8 -> i32 (signed: MLIR_DTYPES) makes A unsigned (u8 x s8).
_IGNORED = {"arith.constant", "tensor.empty", "tensor.dim", "memref.dim"}


@dataclass
class MatmulFunction:
    """One public function of a compiled module, callable with numpy arrays.

    Buffer form `f(a, b, c)` writes c (C += A@B, or C = A@B when the function zero-fills C
    first) and returns it. Tensor forms return a new array: `f(a, b, c)` gives c + a@b (or
    a@b when c is zero-filled), `f(a, b)` gives a@b. Arguments are never modified, except
    c in the buffer form, which is the function's declared output.
    """

    name: str
    kernel: Kernel
    form: str  # "memref" | "tensor-acc" | "tensor-new"
    arity: int
    roles: tuple  # positions of A, B and C (None: C is not an argument) among the arguments
    transpose_b: bool = False  # B's argument is B^T (N x K), passed to the kernel as its transpose

    def describe(self) -> str:
        """The kernel this function runs (as GraphFunction.describe lists its kernels)."""
        s = self.kernel.spec
        M = "?" if s.M is None else s.M
        return (f"@{self.name}: 1 contraction(s)\n  linalg.matmul: {M}x{s.N}x{s.K} {s.dtype}, B argument"
                f"{' (transposed)' if self.transpose_b else ''}, epilogue {'accumulate' if s.accumulate else 'none'}")

    def __call__(self, *args: np.ndarray) -> np.ndarray:
        if len(args) != self.arity:
            raise TypeError(f"{self.name}() takes {self.arity} arrays, got {len(args)}")
        ia, ib, ic = self.roles
        a, b = args[ia], args[ib]
        if self.transpose_b and isinstance(b, np.ndarray) and b.ndim == 2:
            b = b.T
        if self.form == "memref":
            return self.kernel(a, b, args[ic])
        if self.form == "tensor-acc":
            c = args[ic]
            if not isinstance(c, np.ndarray):
                raise DTypeError(f"{self.name}(): argument {ic} (C) must be a numpy array, got {type(c).__name__}")
            return self.kernel(a, b, np.array(c, order="C", copy=True))
        return self.kernel(a, b)


class CompiledModule:
    """The public functions of an MLIR module, as attributes and by name (`mod["f"]`)."""

    def __init__(self, functions: dict):
        self.functions = functions

    def __getattr__(self, name: str) -> MatmulFunction:
        try:
            return self.__dict__["functions"][name]
        except KeyError:
            raise AttributeError(f"module has no public function '{name}'") from None

    def __getitem__(self, name: str) -> MatmulFunction:
        return self.functions[name]

    def __repr__(self) -> str:
        return f"<nanomm.CompiledModule {', '.join(self.functions)}>"


def compile(mlir_source: str, target: str = "host", *,  # noqa: A001 - public API name
            activation_rtol: float | None = None) -> CompiledModule:
    """Compiles every public `func.func` of `mlir_source` that holds one `linalg.matmul`.

    Shapes are static, except that M (the rows of A and C) may be dynamic (`memref<?xKxf32>`,
    `tensor<?xKxf32>`, the result made by `tensor.empty(%m)` with `%m = tensor.dim %A, %c0`): such a
    function compiles to a dynamic-M kernel (compile_matmul(None, N, K)) and takes any M.

    A function with more than that (constant weights, several contractions, batch_matmul and other
    contraction forms, element-wise consumers, reshapes: what torch-mlir emits for Linear layers, MLPs
    and attention products) is compiled by compiler/graph.py: a GraphFunction of nanomm kernels with
    the consumers fused into their epilogues, static shapes, or an MLIRInputError naming the op that
    cannot be compiled. Such a function with dynamic sizes the graph does not take as they are (a
    dynamic sequence length reaching attention, a dynamic batch and length) becomes a PerShapeFunction:
    compiled for each new set of argument shapes at its first call with them (compiler/per_shape.py).
    An element-wise body is fused as an activation when it computes it exactly (to
    float32 rounding), or with activation_rtol=r within r relative (torch-mlir 20261001 prints tanh
    GELU's sqrt(2/pi) as 0.797724, pi taken as 22/7: the activation then differs by up to 1.6e-3)."""
    if not isinstance(mlir_source, str):
        raise MLIRInputError(f"mlir_source must be MLIR text (str), got {type(mlir_source).__name__}")
    digest = function_cache.digest(mlir_source) if target == "host" else None
    entry = None if digest is None else function_cache.key(digest, activation_rtol)
    if entry is not None:
        stored = function_cache.load(entry, mlir_source)
        if stored is not None:
            return CompiledModule(stored)
    functions = {}
    blobs = None
    with ir.Context() as ctx, ir.Location.unknown():
        ctx.allow_unregistered_dialects = False
        module = parse_module(mlir_source, resources=False)  # (graph.resources reads the weights)
        for op in module.body.operations:
            op = op.operation
            if op.name != "func.func" or _is_private(op) or not op.regions[0].blocks:
                continue
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if graph.needs_graph(op):
                if target != "host":
                    raise MLIRInputError(f"function @{name}: functions of several ops compile for the host only "
                                         f"(target={target!r})")
                blobs = blobs if blobs is not None else graph.resources(mlir_source)
                try:
                    functions[name] = graph.read_function(name, op, blobs, activation_rtol)
                except graph.DynamicSizeError as exc:
                    inputs = graph.tensor_inputs(op)
                    if inputs is None:
                        raise
                    start = resources_start(mlir_source)
                    text = mlir_source if start < 0 else mlir_source[:start]
                    if graph.has_dynamic_size(inputs):
                        functions[name] = PerShapeFunction(name, text, blobs, activation_rtol, inputs, exc.where,
                                                           digest=digest)
                    else:  # static arguments, a dynamic size inside (a tensor.cast to `?` before a concat)
                        functions[name] = per_shape.read_folded(name, text, inputs, blobs, activation_rtol)
            else:
                functions[name] = _analyze(name, op)
    if not functions:
        raise MLIRInputError("the module has no public func.func holding a linalg.matmul")
    built = {name: info.build() if isinstance(info, graph.GraphFunction) else
             info if isinstance(info, PerShapeFunction) else
             _compile_one(name, info, target) for name, info in functions.items()}
    if entry is not None and all(isinstance(f, (graph.GraphFunction, PerShapeFunction)) for f in built.values()):
        function_cache.store(entry, built)  # (the next compile of this text restores them)
    return CompiledModule(built)



def parse_module(source: str, filename: str = "<input>", *, resources: bool = True) -> ir.Module:
    """Parses MLIR text in the current context; MLIRInputError with the diagnostics on failure.

    The text is screened first (see check_source): input that would crash the process in
    MLIR's C++ code (a stack overflow on deep nesting, an assertion on sizes that overflow
    64 bits) is refused with a diagnostic instead of being parsed. `resources=False` leaves the
    `{-# ... #-}` section at the end unparsed (dense_resource constants then have no data in the
    module: compile() reads their blobs from the text, graph.resources, so MLIR's parser need not
    read a model's megabytes of weights too; `python bench/bench_frontend.py --layers minilm`
    reports the compile time)."""
    if "tm_tensor." in source:  # torch-mlir's cumsum, topk / sort: linalg ops (compiler/tm_tensor.py)
        source = tm_tensor.rewrite(source)
    check_source(source, filename)
    start = -1 if resources else resources_start(source)
    try:
        module = ir.Module.parse(source if start < 0 else source[:start])
        module.operation.verify()
    except ir.MLIRError as exc:
        details = "\n".join(f"{d.location}: {d.message}" for d in exc.error_diagnostics) or str(exc)
        if "Dialect `tm_tensor' not found" in details:  # torch-mlir's own ops: cumsum, sort / topk, scatter
            details += ("\n(tm_tensor is torch-mlir's dialect for what linalg cannot express: scan (cumsum), sort "
                        "(topk), scatter (index_put); nanomm reads linalg, tensor, arith and math ops, and "
                        "inclusive scans, sorts of values with their indices, and scatters into leading "
                        "dimensions, of static shape)")
        raise MLIRInputError(f"{filename}: invalid MLIR:\n{details}") from None
    return module


# --- screening MLIR text before MLIR's parser sees it ----------------------------------------------
#
# MLIR's parser, verifier, printer and passes recurse once per level of nesting, so a file of
# a few kilobytes of brackets overflows the stack (SIGSEGV: ~3,900 nested regions, ~7,900
# nested [ or {, ~23,000 unary minus signs, ~32,000 chained attribute aliases with an 8 MiB
# stack; less in threads with smaller stacks). A shaped type whose size overflows 64 bits
# (memref<9223372036854775807x4xf32>) trips an assertion (SIGABRT) as soon as its strides are
# computed. Neither can be caught, so check_source refuses such text beforehand, lexically:
# strings and comments are skipped, brackets ([{< and >)]} are counted (not '>' of '->' and
# '>='), and a use of an alias (#name / !name) counts as deep as the alias's own definition.

MAX_NESTING = 256  # real IR (nanomm's own, upstream tests) stays below ~30
MAX_SIGN_RUN = 64  # consecutive unary '-' (affine expressions recurse on each)
_MAX_BYTES = (1 << 63) - 1  # the largest size a shaped type may have, in bytes

# (the string alternative unrolled: "(?:[^"\\\n]|\\.)*" took 6 s on a weight blob's 18 MB hex string)
_STRINGS_AND_COMMENTS = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"|//[^\n]*')
_OPENERS = "([{<"
_TOKENS = re.compile(
    r"(?m)^[ \t]*([#!][\w.$-]+)[ \t]*=(?!=)"  # 1: an alias definition at the start of a line
    r"|([#!][\w.$-]+)"                          # 2: a use of an alias (or a dialect attribute/type)
    r"|(\n)"                                    # 3: end of line (ends an alias definition at depth 0)
    r"|->|>="                                   # arrows and comparisons: not brackets
    r"|([\[({<])"                               # 4: opening bracket
    r"|([\])}>])"                               # 5: closing bracket
)
_SIGN_RUN = re.compile(r"(?:-[ \t\n]*){%d,}" % MAX_SIGN_RUN)
_SHAPED = re.compile(r"\b(memref|tensor|vector)[ \t]*<[ \t]*((?:(?:\d+|\?|\[\d+\])[ \t]*x[ \t]*)+)([a-z]+\d*)?")


def check_source(source: str, filename: str = "<input>") -> None:
    """MLIRInputError unless `source` is text that MLIR can safely be asked to parse.

    Refused: text that is not encodable as UTF-8 (lone surrogates, e.g. bytes decoded with
    errors="surrogateescape"), NUL characters (binary data), empty text, nesting deeper than
    MAX_NESTING levels, runs of more than MAX_SIGN_RUN unary minus signs, and shaped types
    (memref, tensor, vector) larger than 2**63 - 1 bytes.
    """
    if not isinstance(source, str):
        raise MLIRInputError(f"{filename}: MLIR input must be text (str), got {type(source).__name__}")
    try:
        if not source.isascii():  # (ASCII, as torch-mlir's output is, encodes: no copy of it made)
            source.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise MLIRInputError(f"{filename}: input is not UTF-8 text (character {exc.start} is an unpaired "
                             f"surrogate: undecodable bytes?)") from None
    if "\0" in source:
        line = source.count("\n", 0, source.index("\0")) + 1
        raise MLIRInputError(f"{filename}: input holds a NUL character (line {line}): binary data, not MLIR text")
    if not source or source.isspace():
        raise MLIRInputError(f"{filename}: empty input")
    start = resources_start(source)
    blobs = resource_blobs(source, start) if start >= 0 else None
    if blobs is not None:  # (frozen weights: megabytes of hex strings, skipped by str.find, not the pattern)
        head = source[:start]
        text = (_STRINGS_AND_COMMENTS.sub('""', head) if ('"' in head or "//" in head) else head) + blobs[0]
    else:
        text = _STRINGS_AND_COMMENTS.sub('""', source) if ('"' in source or "//" in source) else source
    _check_nesting(text, filename)
    if "-" in text:
        run = _SIGN_RUN.search(text)
        if run:
            line = text.count("\n", 0, run.start()) + 1
            raise MLIRInputError(f"{filename}:{line}: more than {MAX_SIGN_RUN} consecutive '-' signs; "
                                 "nanomm refuses such input rather than overflow the parser's stack")
    for m in _SHAPED.finditer(text):
        _check_shaped_size(m, text, filename)
    if "iterator_types" in text:  # (the dialect_resources blobs at the end hold no ops)
        _check_iterator_types(source if start < 0 else source[:start], filename)


def resources_start(source: str) -> int:
    """Where the `{-# ... #-}` resources section begins (-1: none). Searched from the front: it follows
    the ops, and torch-mlir's weights after it are most of the text."""
    start = source.find("\n{-#")
    if start < 0:
        return source.rfind("{-#")
    # (only one section: the first '#' after it closes it, "#-}"; one-character finds scan the
    # megabytes of hex at memory speed, a three-character one far slower)
    close = source.find("#", start + 4)
    if close >= 0 and source.startswith("#-}", close) and source.find("{-#", close) < 0:
        return start + 1
    return start + 1 if source.find("{-#", start + 4) < 0 else source.rfind("{-#")


def resource_blobs(source: str, start: int) -> tuple[str, dict[str, tuple[int, int]]] | None:
    """The resources section from `start` with its strings emptied, and where each hex blob's digits lie
    by key (`key: "0x..."`), or None where it is not only bare keys and hex strings (then the general
    pattern reads it). str.find scans, no copies of the blobs."""
    if source.find("\\", start) >= 0 or source.find("/", start) >= 0:  # (escapes, comments: the pattern's)
        return None
    pieces, found, pos = [], {}, start
    while True:
        q = source.find('"', pos)
        if q < 0:
            pieces.append(source[pos:])
            return "".join(pieces), found
        end = source.find('"', q + 1)
        if end < 0 or not source.startswith("0x", q + 1):
            return None
        before = source[pos:q].rstrip()
        if not before.endswith(":"):
            return None
        key = re.split(r"[\s,{]", before[:-1].rstrip())[-1]
        if not key:
            return None
        pieces += [source[pos:q], '""']
        found[key] = (q + 3, end)
        pos = end + 1


def _check_nesting(text: str, filename: str) -> None:
    # Fast path: the nesting depth never exceeds the number of opening brackets.
    if sum(text.count(c) for c in _OPENERS) <= MAX_NESTING:
        return
    depth = deepest = 0
    alias_depth: dict[str, int] = {}
    defining: str | None = None  # the alias whose definition is being read
    value_line = -1  # where the current definition's value may start (after its '=')
    for m in _TOKENS.finditer(text):
        name, ref, newline, opener, closer = m.groups()
        if newline is not None:
            if defining is not None and depth == 0:
                if text[value_line:m.start()].strip():
                    defining = None  # the definition's value ended with its line
                else:
                    value_line = m.end()  # `#a =` alone on its line: the value comes later
            continue
        if name is not None:
            if depth == 0:
                defining, value_line = name, m.end()
                alias_depth[name] = 0
            continue
        if closer is not None:
            depth = depth - 1 if depth > 0 else 0
            continue
        if opener is not None:
            depth += 1
            level = depth
        elif ref is not None:
            level = depth + alias_depth.get(ref, 0)
        else:
            continue
        if defining is not None and level > alias_depth[defining]:
            alias_depth[defining] = level
        if level > deepest:
            deepest = level
            if deepest > MAX_NESTING:
                line = text.count("\n", 0, m.start()) + 1
                raise MLIRInputError(
                    f"{filename}:{line}: nesting deeper than {MAX_NESTING} levels (brackets, regions or chained "
                    "aliases); nanomm refuses such input rather than overflow the parser's stack")


# linalg.generic's custom syntax takes iterator_types as strings; MLIR's parser asserts (SIGABRT) on
# anything else there, e.g. the printed attribute form [#linalg.iterator_type<parallel>].
_ITERATOR_TYPES = re.compile(r"\biterator_types\s*=\s*\[([^\]]*)\]")
_ITERATOR_TYPE = re.compile(r'\s*"[a-z_]+"\s*')


def _check_iterator_types(source: str, filename: str) -> None:
    for m in _ITERATOR_TYPES.finditer(source):
        entries = m.group(1).split(",") if m.group(1).strip() else []
        bad = next((e for e in entries if not _ITERATOR_TYPE.fullmatch(e)), None)
        if bad is not None:
            line = source.count("\n", 0, m.start()) + 1
            raise MLIRInputError(f"{filename}:{line}: iterator_types entry {bad.strip()!r} is not a string such as "
                                 '"parallel" or "reduction" (linalg.generic\'s syntax)')


_ELEMENT_BYTES = {"index": 8, "complex": 16}


def _check_shaped_size(m: re.Match, text: str, filename: str) -> None:
    dims = [d.strip().strip("[]") for d in m.group(2).split("x") if d.strip()]
    count = 1
    for d in dims:
        if d.isdigit():
            count *= int(d)
    element = m.group(3) or ""
    bits = re.fullmatch(r"[a-z]+?(\d+)", element)
    size = count * max(1, (int(bits.group(1)) + 7) // 8 if bits else _ELEMENT_BYTES.get(element, 1))
    if size > _MAX_BYTES:
        line = text.count("\n", 0, m.start()) + 1
        shown = f"{m.group(1)}<{'x'.join(dims)}x{element}{'>' if element else '...>'}"
        raise MLIRInputError(f"{filename}:{line}: {shown} has {count} elements ({size} bytes): larger than a "
                             "64-bit address space")


@dataclass
class _Info:
    M: int | None  # None: dynamic
    N: int
    K: int
    dtype: str
    form: str
    arity: int
    zero_filled: bool
    roles: tuple
    transpose_b: bool = False  # the B argument is B^T (N x K): transposed maps, or a linalg.transpose of it


def _is_private(op: ir.Operation) -> bool:
    vis = op.attributes["sym_visibility"] if "sym_visibility" in op.attributes else None
    return vis is not None and ir.StringAttr(vis).value == "private"


def _analyze(name: str, func: ir.Operation) -> _Info:
    def bad(msg: str) -> MLIRInputError:
        return MLIRInputError(f"function @{name}: {msg}")

    dynamic = ir.ShapedType.get_dynamic_size()

    block = func.regions[0].blocks[0]
    args = list(block.arguments)
    ops = [o.operation for o in block.operations if o.operation.name not in _IGNORED]
    matmuls = [o for o in ops if o.name == "linalg.matmul"]
    if len(matmuls) != 1:
        raise bad(f"expected exactly one linalg.matmul, found {len(matmuls)}")
    mm = matmuls[0]
    maps = str(mm.attributes["indexing_maps"]) if "indexing_maps" in mm.attributes else _DEFAULT_MAPS
    if maps not in (_DEFAULT_MAPS, _TRANSPOSED_B_MAPS):
        raise bad("linalg.matmul with custom indexing_maps is supported for B transposed only "
                  "((d0, d1, d2) -> (d1, d2)), not these (A transposed, broadcasts)")
    transpose_b = maps == _TRANSPOSED_B_MAPS
    fills = [o for o in ops if o.name == "linalg.fill"]
    a, b, c = mm.operands[0], mm.operands[1], mm.operands[2]
    # B as a linalg.transpose of an argument (torch-mlir's nn.Linear): read that argument transposed
    b_transpose = _transpose_of(b)
    other = [o.name for o in ops if o.name not in ("linalg.matmul", "linalg.fill", "func.return")
             and not (b_transpose is not None and o == b_transpose)]
    if other:
        raise bad(f"unsupported operations besides linalg.matmul: {', '.join(sorted(set(other)))}")
    for v, role in ((a, "A"), (b, "B"), (c, "C")):
        t = v.type
        if not isinstance(t, (ir.MemRefType, ir.RankedTensorType)):
            raise bad(f"operand {role} has unsupported type {t}")
        if t.rank != 2:
            raise bad(f"operand {role} has rank {t.rank} ({t}); linalg.matmul takes 2-D operands")
        if not t.has_static_shape and (role == "B" or t.shape[1] == dynamic):
            raise bad(f"operand {role} has dynamic shape {t}; nanomm compiles static shapes, but for a dynamic M "
                      "(the rows of A and C)")
    elts = tuple(str(v.type.element_type) for v in (a, b, c))
    if elts not in MLIR_DTYPES:
        raise bad(f"element types {', '.join(elts)} are not supported (supported A, B -> C: "
                  f"{'; '.join(f'{x}, {y} -> {z}' for x, y, z in MLIR_DTYPES)})")
    if "cast" in mm.attributes and "cast_signed" not in str(mm.attributes["cast"]):
        raise bad(f"linalg.matmul with cast {mm.attributes['cast']} is not supported (u8 x s8: mark the matmul "
                  "{nanomm.a_unsigned})")
    unsigned = "nanomm.a_unsigned" in mm.attributes
    if unsigned and elts[0] != "i8":
        raise bad(f"nanomm.a_unsigned applies to i8 operands, not {elts[0]}")
    (M, K), (K2, N) = a.type.shape, b.type.shape[::-1] if transpose_b else b.type.shape
    if b_transpose is not None:  # the matmul reads the transpose; the kernel reads its input, transposed
        b = b_transpose.operands[0]
        transpose_b = not transpose_b
    if (M == dynamic) != (c.type.shape[0] == dynamic):
        raise bad(f"A and C must both have a dynamic M or neither: A {a.type}, C {c.type}")
    if K != K2 or tuple(c.type.shape) != (M, N):
        raise bad(f"shapes do not form a matmul: A {a.type}, B {b.type}, C {c.type}")
    if M == dynamic:
        M = None
        _check_dynamic_sizes(list(block.operations), a, bad)
    if 0 in (M, N, K):
        raise bad(f"zero-size dimension (M={M}, N={N}, K={K}); nanomm compiles non-empty matmuls only")
    if max(M or 1, N, K) >= MAX_DIM:
        raise bad(f"dimension too large (M={M}, N={N}, K={K}); nanomm compiles sizes up to {MAX_DIM - 1}")
    for v, role in ((a, "A"), (b, "B"), (c, "C")):
        if isinstance(v.type, ir.MemRefType) and not _identity_layout(v.type):
            raise bad(f"operand {role} has a non-identity layout {v.type}")
    if any(x not in args for x in (a, b)):
        raise bad("the matmul inputs must be function arguments (or B a linalg.transpose of one)")
    zero_filled = False
    if fills:
        fill = fills[0]
        if not fill.is_before_in_block(mm):
            raise bad("a linalg.fill after the linalg.matmul is not supported (only a zero fill that initialises C)")
        if len(fills) > 1 or not _is_zero(fill.operands[0]):
            raise bad("only a single zero linalg.fill of the output is supported")
        target = fill.operands[1]
        produced = fill.results[0] if len(fill.results) else None
        if not (c == target or (produced is not None and c == produced)):
            raise bad("the linalg.fill must initialise the matmul's output")
        zero_filled = True
        c_source = target
    else:
        c_source = c
    dtype = "u8s8" if unsigned else MLIR_DTYPES[elts]
    position = {arg: i for i, arg in enumerate(args)}
    ia, ib = position[a], position[b]
    if isinstance(c.type, ir.MemRefType):
        if len(args) != 3 or list(args) != [a, b, c_source]:
            raise bad("buffer form must be func(%A, %B, %C) with linalg.matmul ins(%A, %B) outs(%C)")
        return _Info(M, N, K, dtype, "memref", 3, zero_filled, (0, 1, 2), transpose_b)
    returns = [o for o in ops if o.name == "func.return"]
    if not returns or len(returns[0].operands) != 1 or returns[0].operands[0] != mm.results[0]:
        raise bad("tensor form must return the linalg.matmul result")
    if c_source in args:
        ic = position[c_source]
        if ic in (ia, ib):
            raise bad("the matmul output must not be one of its inputs")
        if a != b and len(args) != 3 or a == b and len(args) not in (2, 3):
            raise bad("tensor form with an output argument takes A, B and C (and nothing else)")
        return _Info(M, N, K, dtype, "tensor-new" if zero_filled else "tensor-acc", len(args), zero_filled,
                     (ia, ib, ic), transpose_b)
    if not zero_filled:
        raise bad("tensor form without an output argument must zero-fill a tensor.empty")
    if len(args) != len({ia, ib}):
        raise bad("tensor form takes exactly the matmul's inputs as arguments")
    return _Info(M, N, K, dtype, "tensor-new", len(args), zero_filled, (ia, ib, None), transpose_b)


def _check_dynamic_sizes(ops: list, a: ir.Value, bad) -> None:
    """A dynamic-M function's `tensor.empty` must take its rows from A (`tensor.dim %A, %c0`)."""
    for op in ops:
        op = op.operation
        if op.name != "tensor.empty":
            continue
        for size in op.operands:
            owner = size.owner
            if (isinstance(owner, ir.Block) or owner.name != "tensor.dim" or owner.operands[0] != a
                    or not _is_constant(owner.operands[1], 0)):
                raise bad("a dynamic-M result (tensor.empty) must take its rows from A: "
                          "%m = tensor.dim %A, %c0 and tensor.empty(%m)")


def _is_constant(v: ir.Value, value: int) -> bool:
    owner = v.owner
    return (not isinstance(owner, ir.Block) and owner.name == "arith.constant"
            and isinstance(owner.attributes["value"], ir.IntegerAttr) and owner.attributes["value"].value == value)


_DEFAULT_MAPS = ("[affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
                 "affine_map<(d0, d1, d2) -> (d0, d1)>]")
_TRANSPOSED_B_MAPS = _DEFAULT_MAPS.replace("(d2, d1)", "(d1, d2)")


def _transpose_of(b: ir.Value):
    """The `linalg.transpose` (permutation [1, 0], tensors) producing b from a function argument, or None."""
    owner = b.owner
    if isinstance(owner, ir.Block) or owner.name != "linalg.transpose" or not len(owner.results):
        return None
    if list(ir.DenseI64ArrayAttr(owner.attributes["permutation"])) != [1, 0]:
        return None
    return owner.operation if isinstance(owner.operands[0].owner, ir.Block) else None


def _identity_layout(t: ir.MemRefType) -> bool:
    strides, offset = t.get_strides_and_offset()
    return offset == 0 and list(strides) == [t.shape[1], 1]


def _is_zero(v: ir.Value) -> bool:
    owner = v.owner
    if isinstance(owner, ir.Block) or owner.name != "arith.constant":
        return False
    attr = owner.attributes["value"]
    return isinstance(attr, (ir.FloatAttr, ir.IntegerAttr)) and attr.value == 0


def _compile_one(name: str, info: _Info, target: str) -> MatmulFunction:
    accumulate = info.form in ("memref", "tensor-acc") and not info.zero_filled
    kernel = compile_matmul(info.M, info.N, info.K, info.dtype, target, accumulate=accumulate,
                            transpose_b=info.transpose_b)
    return MatmulFunction(name, kernel, info.form, info.arity, info.roles, info.transpose_b)

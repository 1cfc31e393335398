"""The upstream half of a compiled function: the ops that are not contractions, lowered by MLIR's passes.

compiler/graph.py cuts a linalg-on-tensors function into nanomm kernels (contractions with their fused
epilogues) and *segments*: runs of the other ops (softmax, layer norm, element-wise ops that read no
contraction, reductions, masks), each written out as a tensor function of its inputs and returning
the values the rest of the function reads. A segment goes through MLIR's own lowering, PIPELINE:
named ops generalized, i1 tensors widened to bytes (widen-bool), element-wise producers fused into
their consumers (linalg-fuse-elementwise-ops: torch's safe softmax becomes four passes over its rows
instead of nine), one-shot bufferization with the results as out-parameters, deallocation, loops,
reductions marked reassociable and the pointers noalias (so that LLVM vectorizes the row sums), copies
of strided pieces as loops (strided-copies), and LLVM (float32 exp / erf / tanh as polynomials, so
the loops vectorize; other math through libm). The
result is `void segment(in0*, ..., out0*, ...)` over C-contiguous arrays, cached on disk like the
kernels. A segment whose ops are independent along its outputs' leading dimension (a softmax over
(batch, heads, rows), a layer norm over (batch, tokens)) is also built for half of that dimension
(split()); one whose leading dimension is 1 (one image), for half of its outputs' next axis
(split_inner(): a depthwise convolution's or a window copy's output rows, each half reading its input
whole at its own offset; a Winograd output transform's rows, its tiles cut with them). On several cores
the halves run on two threads, through the native pool.
"""

from __future__ import annotations

import ctypes
import math
import re
import threading
import time

import numpy as np

from ..errors import MLIRInputError, NanommError
from ..runtime import settings
from ..runtime.cpu import native_cpu
from ..runtime.diskcache import DiskCache, content_key
from ..runtime.kernel import data_pointer
from .parallel import resolve_threads

SYMBOL = "segment"
PIPELINE = ",".join([
    "func.func(convert-elementwise-to-linalg)",  # arith / math ops on whole tensors
    "decompose-pads",  # (bufferized, a pad fills its whole buffer, then copies the source over it)
    "func.func(linalg-generalize-named-ops)",
    "widen-bool",
    "depthwise-kernel",  # (before the fusion, which would merge its generics with others)
    "func.func(linalg-fuse-elementwise-ops)",
    "canonicalize", "cse",
    "vector-copies",  # (after the fusion: the copies left are written to memory)
    "distinct-results",  # (cse can make two results one value: buffer-results-to-out-params crashes on it)
    "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}",
    "canonicalize",  # (a loop's buffer returned as the loop's own buffer, which the next pass can hoist)
    "buffer-results-to-out-params{hoist-static-allocs modify-public-functions}",
    "canonicalize",
    "buffer-deallocation-pipeline",
    "reassociate-reductions{reciprocal=1}",
    "expand-math{keep-other=1}",
    "convert-math-to-llvm",
    "convert-math-to-libm",  # what has no LLVM intrinsic (erf of f64): libm's, resolved in the process
    "strided-copies",  # copies of strided pieces as loops: MLIR's own lowering calls a library nanomm lacks
    "lower-llvm{noalias=1}",
])


def pipeline(cpu, text: str = "") -> str:
    """PIPELINE for a CPU and a segment's text: where the CPU has AVX-512, exp's 2^n is one vscalefps
    (expand-math scalef) and LLVM vectorizes at 512 bits (_wide_vectors); where it has no AVX-512 BF16
    and the segment rounds to bfloat16, the rounding is integer ops (arith-expand: LLVM would call
    compiler-rt's __truncsfbf2, which the JIT'd module cannot reach: a call to nowhere)."""
    passes = PIPELINE
    if cpu.has("avx512f"):
        passes = passes.replace("expand-math{keep-other=1}", "expand-math{keep-other=1 scalef=1}")
        passes = _with_option(_with_option(passes, "depthwise-kernel", "lanes=16"), "vector-copies", "lanes=16")
    if "bf16" in text and not cpu.has("avx512bf16"):  # (bf16 arithmetic and math in float32, rounded after)
        passes = passes.replace("expand-math{", "func.func(math-extend-to-supported-types{target-type=f32}),"
                                "func.func(arith-emulate-unsupported-floats{source-types=bf16 target-type=f32}),"
                                "expand-math{")
        passes = passes.replace("lower-llvm{", "func.func(arith-expand{include-bf16=true}),lower-llvm{")
    return passes


def _with_option(passes: str, name: str, option: str) -> str:
    """The pipeline with `option` added to pass `name`'s options (it may have some: a bench's variant)."""
    return re.sub(rf"(?<![\w-]){re.escape(name)}(\{{)?", lambda m: f"{name}{{{option}" + (" " if m.group(1) else "}"),
                  passes)


_segments: dict[str, "Segment"] = {}
_lock = threading.RLock()  # (segment() builds a segment's halves while it holds it)


class Segment:
    """A compiled segment: `segment(*inputs)` returns its outputs (new C-contiguous arrays)."""

    def __init__(self, text: str, inputs: list[tuple[tuple, np.dtype]], outputs: list[tuple[tuple, np.dtype]],
                 context: str = ""):
        self.text, self.inputs, self.outputs, self.context = text, inputs, outputs, context
        self._jit = _compile(text, context)
        self.address = self._jit.address(SYMBOL)
        self._cfunc = ctypes.CFUNCTYPE(None, *[ctypes.c_void_p] * (len(inputs) + len(outputs)))(self.address)

        self.halves: Segment | None = None  # chunk(2): its halves, on two threads
        self.splits = False  # large enough for halves (segment())
        self._whole_s: list[float] = []  # its first calls' times, whole
        self._parts: dict[int, Segment | None] = {}  # parts -> chunk(parts)
        # a chunk's: how many slices, and the axis of each input / output cut (None: an input read whole)
        self.parts, self.axes_in, self.axes_out = 1, [], []
        # a chunk's function for each slice where they differ (split_inner: whole inputs read at the slice's
        # offset); None: this one for every slice
        self.by_slice: list[Segment] | None = None

    def __call__(self, *arrays: np.ndarray) -> list[np.ndarray]:
        # (asarray: ascontiguousarray makes a 0-d input, a scalar tensor, 1-d)
        ins = [np.asarray(a, dtype, order="C") for a, (_, dtype) in zip(arrays, self.inputs)]
        for a, (shape, _) in zip(ins, self.inputs):
            if a.shape != shape:  # the plan's own views: a mismatch is nanomm's bug, never a wild write
                raise NanommError(f"segment input of shape {a.shape}, compiled for {shape}")
        outs = [np.empty(shape, dtype) for shape, dtype in self.outputs]
        threads = resolve_threads(None)
        if self.splits and threads > 1 and self.halves is None:
            self.halves = self.chunk(2)  # (built at its first call on several threads)
        if self.halves is not None and threads > 1:
            if len(self._whole_s) < 2:  # (its first calls on several threads run whole, timed)
                self.run(ins, outs)  # (twice: the second time on outputs whose pages are there)
                start = time.perf_counter()
                self.run(ins, outs)
                self._whole_s.append(time.perf_counter() - start)
                return outs
            if min(self._whole_s) < HALVES_MIN_SECONDS:
                self.run(ins, outs)
                return outs
            program = self._halves_program()
            if program:
                template, scratch = program
                extra = [np.empty(n, np.uint8) for n in scratch]  # (this call's own)
                template.run([data_pointer(a) for a in ins + outs + extra], self.halves.parts)
                return outs
            other = pool().submit(self.halves.run_slice, ins, outs, 1)  # (ctypes lets go of the GIL in the call)
            self.halves.run_slice(ins, outs, 0)
            other.result()
            return outs
        self.run(ins, outs)
        return outs

    _program: tuple | bool | None = None  # _halves_program's: (template, scratch bytes), False: none

    def _halves_program(self) -> tuple | bool:
        """The halves as a native program (runtime/programs.py) on the native pool: each slice's call, with
        copies of the pieces that are not C-contiguous views (a mask cut across) through scratch, and no
        Python between them; the Python pool hands a slice over in ~0.1 ms, as long as a small segment
        takes (`python bench/bench_frontend.py --layers mobilenetv2 --threads 0`). False where programs
        cannot run here or a piece needs a copy they cannot make."""
        if self._program is None:
            self._program = self._make_program() or False
        return self._program

    def _make_program(self) -> tuple | None:
        from ..runtime import programs

        chunk = self.halves
        if not programs.available():
            return None
        prog, parts = programs.Program(), chunk.parts
        arrays = self.inputs + self.outputs
        scratch: list[int] = []
        try:
            for k in range(parts):
                prog.part()
                args, after = [], []
                for i, ((shape, dtype), axis) in enumerate(zip(arrays, chunk.axes_in + chunk.axes_out)):
                    if axis is None:
                        args.append((i, 0))
                        continue
                    item = np.dtype(dtype).itemsize
                    strides = [item * math.prod(shape[d + 1:]) for d in range(len(shape))]
                    piece_shape = shape[:axis] + (shape[axis] // parts,) + tuple(shape[axis + 1:])
                    at = (i, k * piece_shape[axis] * strides[axis])
                    if math.prod(shape[:axis]) == 1:  # (a C-contiguous piece)
                        args.append(at)
                        continue
                    mine = (len(arrays) + len(scratch), 0)
                    scratch.append(math.prod(piece_shape) * item)
                    dense = [item * math.prod(piece_shape[d + 1:]) for d in range(len(shape))]
                    if i >= len(self.inputs):  # (an output piece: copied out after the call)
                        after.append((at, mine, piece_shape, item, strides, dense))
                    elif not prog.copy(mine, at, piece_shape, item, strides, dense):
                        return None
                    args.append(mine)
                prog.call(chunk.slice_function(k).address, args)
                for dst, src, piece_shape, item, dst_strides, src_strides in after:
                    if not prog.copy(dst, src, piece_shape, item, src_strides, dst_strides):
                        return None
        except ValueError:  # (more arguments than a program's call takes)
            return None
        return prog.finish(len(arrays) + len(scratch)), scratch

    def slice_function(self, k: int) -> "Segment":
        """A chunk's function for slice k."""
        return self if self.by_slice is None else self.by_slice[k]

    def run(self, ins: list[np.ndarray], outs: list[np.ndarray]) -> None:
        """The function on C-contiguous arrays of its shapes (checked by the caller)."""
        self._cfunc(*(data_pointer(a) for a in ins + outs))

    def run_slice(self, ins: list[np.ndarray], outs: list[np.ndarray], k: int) -> None:
        """A chunk's slice k of the whole segment's C-contiguous inputs and outputs: inputs cut (a slice
        across copied dense), outputs written in place (a slice across through a dense copy)."""
        across = []
        dense = []
        for o, axis in zip(outs, self.axes_out):
            view = part_of(o, axis, k, self.parts)
            if view.flags.c_contiguous:  # (the leading axis, or one behind axes of 1)
                dense.append(view)
            else:
                across.append((view, len(dense)))
                dense.append(np.empty(view.shape, o.dtype))
        self.slice_function(k).run([piece(a, axis, k, self.parts) for a, axis in zip(ins, self.axes_in)], dense)
        for view, i in across:
            view[...] = dense[i]

    def chunk(self, parts: int) -> "Segment | None":
        """The segment for 1/parts of its outputs' leading dimension, or of another axis where parts does
        not divide that or split() finds no cut (split_inner), compiled once (its run_slice runs slice k);
        None where neither finds one. Segments run in halves and GraphFunction's sliced runs through it."""
        if parts not in self._parts:
            with _lock:
                if parts not in self._parts:
                    found = _cuts.get((self.text, parts), _UNKNOWN)
                    if found is _UNKNOWN:
                        found = None
                        if self.outputs and self.outputs[0][0]:
                            if self.outputs[0][0][0] % parts == 0:
                                found = split(self.text, parts)
                                found = found and ([found[0]],) + found[1:]
                            if found is None:  # (one image, one sequence: another axis; ops split() refuses)
                                found = split_inner(self.text, parts)
                        _cuts[(self.text, parts)] = found
                    if found is not None:
                        texts, axes_in, axes_out = found

                        def part(shape, axis):
                            return shape if axis is None else \
                                shape[:axis] + (shape[axis] // parts,) + tuple(shape[axis + 1:])
                        ins = [(part(s, a), d) for (s, d), a in zip(self.inputs, axes_in)]
                        outs = [(part(s, a), d) for (s, d), a in zip(self.outputs, axes_out)]
                        made = [Segment(text, ins, outs, self.context) for text in texts]
                        found = made[0]
                        found.parts, found.axes_in, found.axes_out = parts, axes_in, axes_out
                        found.by_slice = made if len(made) > 1 else None
                    self._parts[parts] = found
        return self._parts[parts]


_UNKNOWN = object()
# (segment text, parts) -> what chunk(parts) found: (part texts, input axes, output axes), or None
_cuts: dict[tuple[str, int], tuple | None] = {}


def known_cuts(texts: set) -> list[tuple[str, int, tuple | None]]:
    """The cuts this process found for these segment texts (what a stored function needs again:
    compiler/function_cache.py)."""
    return [(text, parts, found) for (text, parts), found in list(_cuts.items()) if text in texts]


def seed_cut(text: str, parts: int, found: tuple | None) -> None:
    """A cut found before (known_cuts), so that chunk() need not analyse the text again."""
    if found is not None:
        texts, axes_in, axes_out = found
        if not (isinstance(texts, list) and texts and all(isinstance(t, str) for t in texts) and
                isinstance(axes_in, list) and isinstance(axes_out, list)):
            raise ValueError("not a cut")
    _cuts.setdefault((text, parts), found)


def part_of(x: np.ndarray, axis: int, k: int, parts: int) -> np.ndarray:
    """Slice k of `parts` of an array along an axis, as a view."""
    n = x.shape[axis] // parts
    return x[(slice(None),) * axis + (slice(k * n, (k + 1) * n),)]


def piece(x: np.ndarray, axis: int | None, k: int, parts: int) -> np.ndarray:
    """part_of(), C-contiguous (a slice across is copied: a chunk's inputs are dense); None: the whole array."""
    return x if axis is None else np.ascontiguousarray(part_of(x, axis, k, parts))


def segment(text: str, inputs, outputs, context: str = "") -> Segment:
    """The compiled segment of `text` (one per distinct text in the process). `context` opens its error
    messages (which function, which ops where). A segment whose every op is independent along the
    leading dimension of its outputs (split()), or of another axis where that is 1 (split_inner()), and
    large enough, also gets a build for half of it: on several cores its two halves run on two threads.
    Built here where this process runs several threads, else at the first call that does."""
    key = text + repr(native_cpu().name)
    found = _segments.get(key)
    if found is None:
        with _lock:
            found = _segments.get(key)
            if found is None:
                found = Segment(text, inputs, outputs, context)
                found.splits = sum(math.prod(shape) for shape, _ in inputs + outputs) >= SPLIT_MIN_ELEMENTS
                if found.splits and resolve_threads(None) > 1:
                    found.halves = found.chunk(2)
                _segments[key] = found
    return found


# Segments split over two threads from this many elements in and out: an estimate (about a
# millisecond of a core's work at a few ns an element, against the executor's hand-off of tens of us),
# not a measured rule; `python bench/bench_frontend.py --layers minilm.layer --threads 0` times the
# segments it splits.
SPLIT_MIN_ELEMENTS = 1 << 18
# and where the whole takes this long (timed in its first two calls on several threads): below
# ~0.1 ms the halves' hand-off costs what they save (a window copy of 500k elements takes 0.05 ms,
# a depthwise convolution of 300k 0.2 ms on the Zen 3 VM); `python bench/bench_segments.py`.
HALVES_MIN_SECONDS = 1e-4
_executor: tuple | None = None  # (process id, executor)


def pool():
    """The worker threads (one fewer than the cores) that run second halves and GraphFunction's slices
    of attention (new ones in a forked child, whose copy of the parent's would never run: its threads
    did not survive the fork)."""
    global _executor
    import os

    found = _executor
    if found is None or found[0] != os.getpid():
        with _lock:
            if _executor is None or _executor[0] != os.getpid():
                from concurrent.futures import ThreadPoolExecutor

                _executor = (os.getpid(), ThreadPoolExecutor(max_workers=max(1, resolve_threads(None) - 1),
                                                           thread_name_prefix="nanomm-segment"))
            found = _executor
    return found[1]


def split(text: str, parts: int = 2) -> tuple[str, list[int | None], list[int]] | None:
    """The segment for 1/parts of its outputs' leading dimension (half by default), the axis of each input
    cut with them (None: read whole) and of each output, where every op computes each index of that
    dimension from the same index of its operands alone (or from operands that do not have the
    dimension: a gamma, a bias); None otherwise.

    Checked on the generalized function: every generic's first loop is parallel, and each operand's
    map starts with it (the cut operands) or does not use it at all (whole operands, which must be
    arguments); an argument, or a generic's result that is returned, may instead have it at another
    axis, as the one result there (a projection read in (tokens, batch) order by a layer norm over
    (batch, tokens), or a layer norm's result returned in that order: its slice is cut across);
    reshapes leave the dimension alone; no body reads linalg.index 0; every value with that leading size
    is a cut one (the part's text is the function's with that size divided)."""
    from mlir import ir
    from mlir.passmanager import PassManager

    from ..passes._ir import walk
    from .graph import _iterators

    def at(m, dim: str) -> tuple[list[int], list[str]]:
        """The map's results, and the positions of those that use loop `dim`."""
        results_ = [str(e) for e in ir.AffineMapAttr(m).value.results]
        return [k for k, e in enumerate(results_) if re.search(rf"\b{dim}\b", e)], results_

    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))").run(module.operation)
        func = module.body.operations[0]
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        results = [ir.RankedTensorType(t) for t in ftype.results]
        S = results[0].shape[0] if results and results[0].rank else 0
        if S < parts or S % parts or any(not t.rank for t in results):
            return None
        block = func.regions[0].blocks[0]
        halved = set()
        across: dict = {}  # values that have the dimension at another axis -> that axis
        cut: list[int | None] = []
        for arg in block.arguments:
            t = ir.RankedTensorType(arg.type)
            whole = t.rank == 0 or t.shape[0] != S
            cut.append(None if whole else 0)
            if not whole:
                halved.add(arg)
        args = list(block.arguments)
        empties = set()  # tensor.empty results of another leading size: a result cut across, or nothing
        read_whole = set()  # values some generic reads without the dimension
        returned: list = []
        for op in block.operations:
            op = op.operation
            name = op.name
            if name == "func.return":
                returned = list(op.operands)
                continue
            if name in ("arith.constant", "tensor.empty"):
                for r in op.results:
                    t = ir.RankedTensorType(r.type) if isinstance(r.type, ir.RankedTensorType) else None
                    if t is not None and t.rank and t.shape[0] == S:
                        halved.add(r)
                    elif t is not None and name == "tensor.empty":
                        empties.add(r)
                    elif t is not None and name != "arith.constant":
                        return None
                continue
            if name in ("tensor.expand_shape", "tensor.collapse_shape"):
                groups = ir.ArrayAttr(op.attributes["reassociation"])
                if len(ir.ArrayAttr(groups[0])) != 1 or op.operands[0] not in halved:
                    return None
                halved.update(op.results)
                continue
            if name == "tensor.extract_slice":  # (a rotary embedding's halves) whole along the dimension
                offsets, sizes, strides = (list(ir.DenseI64ArrayAttr(op.attributes[f"static_{k}"]))
                                           for k in ("offsets", "sizes", "strides"))
                if len(op.operands) != 1 or op.operands[0] not in halved or (offsets[0], sizes[0], strides[0]) != \
                        (0, S, 1) or ir.RankedTensorType(op.results[0].type).shape[:1] != [S]:
                    return None
                halved.update(op.results)
                continue
            if name == "tensor.concat":  # joined along another dimension
                if ir.IntegerAttr(op.attributes["dim"]).value == 0 or any(v not in halved for v in op.operands):
                    return None
                halved.update(op.results)
                continue
            if name != "linalg.generic":
                return None
            maps = list(ir.ArrayAttr(op.attributes["indexing_maps"]))
            n_in = len(op.operands) - len(op.results)
            # the loop that runs along the dimension: where a cut operand has it
            dim = None
            for v, m in zip(op.operands, maps):
                axis = 0 if v in halved else across.get(v)
                if axis is None and isinstance(v, ir.BlockArgument) and v in args:
                    axis = cut[args.index(v)]
                res = [str(e) for e in ir.AffineMapAttr(m).value.results]
                if axis is not None and axis < len(res) and re.fullmatch(r"d\d+", res[axis]):
                    dim = res[axis]
                    break
            if dim is None or _iterators(op)[int(dim[1:])] != "parallel":
                return None
            for n, (v, m) in enumerate(zip(op.operands, maps)):
                pos, results_ = at(m, dim)
                if v in halved:
                    if pos != [0] or results_[0] != dim:
                        return None
                elif not pos:
                    if isinstance(v.type, ir.RankedTensorType) and not isinstance(v, ir.BlockArgument) and \
                            not (isinstance(v.owner, ir.Operation) and v.owner.name == "arith.constant"):
                        return None  # (whole operands: scalars, arguments, constants)
                    read_whole.add(v)
                elif len(pos) != 1 or results_[pos[0]] != dim or ir.RankedTensorType(v.type).shape[pos[0]] != S:
                    return None
                elif v in empties and n >= n_in and across.get(v, pos[0]) == pos[0]:
                    across[v] = pos[0]  # (the outs of a result cut across)
                elif isinstance(v, ir.BlockArgument) and v in args and cut[args.index(v)] in (None, pos[0]):
                    cut[args.index(v)] = pos[0]  # (read across: cut at that axis; never also read whole, below)
                else:
                    return None
            for r, m in zip(op.results, maps[n_in:]):
                pos, results_ = at(m, dim)
                if pos == [0] and results_[0] == dim:
                    halved.add(r)
                elif len(pos) == 1 and results_[pos[0]] == dim:
                    across[r] = pos[0]
                else:
                    return None
            if any(int(ir.IntegerAttr(i.attributes["dim"]).value) == int(dim[1:]) for i in walk(op, "linalg.index")):
                return None
        h = S // parts
        outputs = []
        for v in returned:
            if v in halved:
                outputs.append(0)
            elif v in across and all(u.owner.name == "func.return" for u in v.uses):
                outputs.append(across[v])
            else:
                return None
        for v, axis in list(zip(args, cut)) + list(across.items()):
            t = ir.RankedTensorType(v.type)
            if axis and axis > 0:
                if v in read_whole:  # (a value cut across is not also read whole)
                    return None
                shape = list(t.shape)
                shape[axis] = h
                v.set_type(ir.RankedTensorType.get(shape, t.element_type))
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([a.type for a in args],
                                                                                [v.type for v in returned]))
        half = str(module)
    half = re.sub(rf"tensor<{S}x", f"tensor<{h}x", half)
    half = re.sub(rf"output_shape \[{S}\b", f"output_shape [{h}", half)
    half = re.sub(rf"(tensor\.extract_slice [^\[\n]*\[[^\]]*\] \[){S}\b", rf"\g<1>{h}", half)  # (its sizes)
    return half, cut, outputs


def split_inner(text: str, parts: int) -> tuple[list[str], list[int | None], list[int]] | None:
    """_split_inner() with the inputs cut where it can, else with every input read whole at the part's
    offset (an input wanted both whole and cut, or cut across its rows: no copy of it either way)."""
    return _split_inner(text, parts) or _split_inner(text, parts, inputs_whole=True)


def _split_inner(text: str, parts: int,
                 inputs_whole: bool = False) -> tuple[list[str], list[int | None], list[int]] | None:
    """split() for a segment whose outputs' leading dimension parts cannot cut (one image, one sequence:
    a leading 1): the segment for 1/parts of another axis of its outputs, found backwards from them.
    Each output is cut at its first axis parts divides; each op then says how its operands are read
    for that: a generic through the loop its cut result stores along (an operand read by that loop alone
    is cut at that axis, one read without it or at positions computed from it (a convolution's window,
    a padded read) is read whole), a reshape, slice, pad or concatenation at the matching axis. Values
    read whole are computed whole in every part (at most what the parts compute, else None); a value
    wanted both whole and cut, an op of another kind, a reduction or linalg.index along the loop: None.
    An operand read at (loop floordiv q) (a Winograd output transform's tile, with (loop mod q) its
    place in the tile) is cut at that axis where q divides the part's extent of the loop. With
    inputs_whole, a generic reads every function input whole, at the part's offset along the loop.
    Returns the part's text (one per part where a whole operand is read at positions computed from the
    loop: part k reads them at its offset, k/parts of the loop; else one text for every part), the axis
    of each input cut with them (None: read whole) and of each output."""
    from mlir import ir
    from mlir.passmanager import PassManager

    from ..passes._ir import walk
    from .graph import _iterators

    with ir.Context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        PassManager.parse("builtin.module(func.func(linalg-generalize-named-ops))").run(module.operation)
        func = module.body.operations[0]
        block = func.regions[0].blocks[0]
        ops = [op.operation for op in block.operations]
        returned = list(ops[-1].operands)
        args = list(block.arguments)
        state: dict = {}  # tensor value -> the axis it is cut at, or None (whole)
        shifted: list = []  # (generic, its cut loop, the loop's size, the inputs read from it, the maps)
        pieces: list = []  # (generic, operand, axis): an input read at the cut loop alone, through a slice

        def shape(v) -> list[int] | None:
            return list(ir.RankedTensorType(v.type).shape) if isinstance(v.type, ir.RankedTensorType) else None

        def want(v, axis) -> bool:
            if shape(v) is None:  # (scalars: read as they are)
                return axis is None
            if v in state:
                return state[v] == axis
            state[v] = axis
            return True

        def reads(m) -> list[str]:
            return [str(e) for e in ir.AffineMapAttr(m).value.results]

        def leading(v) -> int | None:  # the output's cut: its first axis not 1 (C-contiguous pieces)
            axis = next((a for a, n in enumerate(shape(v)) if n > 1), None)
            return axis if axis is not None and shape(v)[axis] % parts == 0 else None

        sliced: dict = {}  # returned values some op reads whole: computed whole, returned as a slice -> axis
        for op in reversed(ops[:-1]):
            results = [r for r in op.results if shape(r) is not None]
            if not results:
                continue
            for r in results:
                if r in returned and r in state and state[r] is None:
                    sliced[r] = leading(r)
                    if sliced[r] is None:
                        return None
            if not any(r in state for r in results):
                first = next((r for r in results if r in returned), None)
                if first is None:
                    return None  # (a value nothing reads: canonicalize would have erased it)
                axis = leading(first)
                if axis is None or not want(first, axis):
                    return None
            name, result = op.name, results[0]
            axis = state.get(result)
            if name == "arith.constant":
                if axis is not None and not ir.DenseElementsAttr(op.attributes["value"]).is_splat:
                    return None
            elif name == "tensor.empty":
                if len(op.operands):
                    return None
            elif name == "linalg.generic":
                maps = list(ir.ArrayAttr(op.attributes["indexing_maps"]))
                n_in = len(op.operands) - len(op.results)
                cut = [(k, state[r]) for k, r in enumerate(op.results) if state.get(r) is not None]
                if not cut:  # (wanted whole: every operand whole)
                    if not all(want(v, None) for v in op.operands):
                        return None
                    continue
                k, a = cut[0]
                dim = reads(maps[n_in + k])[a]
                size = shape(op.results[k])[a]
                if not re.fullmatch(r"d\d+", dim) or _iterators(op)[int(dim[1:])] != "parallel" or size % parts or \
                        any(int(ir.IntegerAttr(i.attributes["dim"]).value) == int(dim[1:])
                            for i in walk(op, "linalg.index")):
                    return None
                from_loop = []
                for n, (v, m) in enumerate(zip(op.operands, maps)):
                    exprs = reads(m)
                    uses = [p for p, e in enumerate(exprs) if re.search(rf"\b{dim}\b", e)]
                    bare = len(uses) == 1 and exprs[uses[0]] == dim  # (read at the loop alone)
                    if n < n_in and inputs_whole and v in args:
                        ok = want(v, None)
                        if bare:  # (through a slice: a map at the offset would take the loop's range off it)
                            pieces.append((op, n, uses[0]))
                        elif uses:
                            from_loop.append(n)
                    elif n < n_in and (tile := _tile_axis(exprs, uses, dim, size, parts, shape(v))) is not None:
                        ok = want(v, tile)
                    elif bare:
                        ok = want(v, uses[0]) and (n < n_in or want(op.results[n - n_in], uses[0]))
                    elif n >= n_in:  # (an output's map has every parallel loop once, bare)
                        ok = False
                    else:
                        ok = want(v, None)
                        if uses:
                            from_loop.append(n)
                    if not ok:
                        return None
                if from_loop:
                    shifted.append((op, dim, size, from_loop, [str(m) for m in maps]))
            elif name in ("tensor.collapse_shape", "tensor.expand_shape"):
                source = op.operands[0]
                groups = [[int(ir.IntegerAttr(i).value) for i in ir.ArrayAttr(g)]
                          for g in ir.ArrayAttr(op.attributes["reassociation"])]
                if axis is None:
                    ok = want(source, None)
                elif name == "tensor.collapse_shape":  # the merged axis: its first source dimension not 1
                    dims = [d for d in groups[axis] if shape(source)[d] != 1]
                    ok = bool(dims) and shape(source)[dims[0]] % parts == 0 and want(source, dims[0])
                else:  # (the axis must be the first of its group not 1)
                    g = next(j for j, group in enumerate(groups) if axis in group)
                    ok = all(shape(result)[d] == 1 for d in groups[g] if d < axis) and want(source, g)
                if not ok:
                    return None
            elif name == "tensor.extract_slice":
                if len(op.operands) != 1:
                    return None
                offsets, sizes, strides = (list(ir.DenseI64ArrayAttr(op.attributes[f"static_{k}"]))
                                           for k in ("offsets", "sizes", "strides"))
                source = op.operands[0]
                if axis is not None and (len(shape(source)) != len(shape(result)) or
                                         (offsets[axis], sizes[axis], strides[axis]) != (0, shape(source)[axis], 1)):
                    return None
                if not want(source, axis):
                    return None
            elif name == "tensor.pad":
                if len(op.operands) != 1:
                    return None
                if axis is not None and any(int(ir.DenseI64ArrayAttr(op.attributes[k])[axis])
                                            for k in ("static_low", "static_high")):
                    return None
                if not want(op.operands[0], axis):
                    return None
            elif name == "tensor.concat":
                if axis is not None and ir.IntegerAttr(op.attributes["dim"]).value == axis:
                    return None
                if not all(want(v, axis) for v in op.operands):
                    return None
            else:
                return None
        cut_in = [state.get(v) for v in args]
        cut_out = [sliced[v] if v in sliced else state.get(v) for v in returned]
        if None in cut_out or any(math.prod(shape(v)[:a]) != 1 for v, a in zip(returned, cut_out)):
            return None
        # what every part computes or copies whole (values read whole, inputs cut across): less than the
        # parts compute
        whole = sum(math.prod(shape(v)) for v, axis in state.items() if axis is None and v not in args and
                    v.owner.name not in ("arith.constant", "tensor.empty"))
        whole += sum(math.prod(shape(v)) for v, axis in zip(args, cut_in) if axis and math.prod(shape(v)[:axis]) > 1)
        if whole > sum(math.prod(shape(v)) for v in returned):
            return None
        for v, axis in state.items():
            if axis is None:
                continue
            t = ir.RankedTensorType(v.type)
            halved = list(t.shape)
            halved[axis] //= parts
            new = ir.RankedTensorType.get(halved, t.element_type)
            v.set_type(new)
            owner = None if v in args else v.owner
            if owner is None:
                continue
            if owner.name == "arith.constant":
                splat = ir.DenseElementsAttr(owner.attributes["value"]).get_splat_value()
                owner.attributes["value"] = ir.DenseElementsAttr.get_splat(new, splat)
            elif owner.name == "tensor.expand_shape":
                owner.attributes["static_output_shape"] = ir.DenseI64ArrayAttr.get(halved)
            elif owner.name == "tensor.extract_slice":
                sizes = list(ir.DenseI64ArrayAttr(owner.attributes["static_sizes"]))
                sizes[axis] //= parts
                owner.attributes["static_sizes"] = ir.DenseI64ArrayAttr.get(sizes)
        slices = []  # (extract_slice, its axis, the piece's size) returning a piece of a value computed whole
        ret = ops[-1]
        for i, v in enumerate(returned):
            if v in sliced:
                made, size = _piece_op(v, sliced[v], parts, ret)
                ret.operands[i] = made.results[0]
                slices.append((made, sliced[v], size))
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
            [a.type for a in args], [ir.Value(o).type for o in ret.operands]))
        texts = []
        for i, (op, n, axis) in enumerate(pieces):  # (the part's piece of an input read whole)
            made, piece = _piece_op(op.operands[n], axis, parts, op)
            op.operands[n] = made.results[0]
            pieces[i] = (made, axis, piece)
        for k in range(parts if shifted or slices or pieces else 1):
            for made, axis, size in slices + pieces:
                offsets = [0] * len(ir.DenseI64ArrayAttr(made.attributes["static_offsets"]))
                offsets[axis] = k * size
                made.attributes["static_offsets"] = ir.DenseI64ArrayAttr.get(offsets)
            for op, dim, size, from_loop, originals in shifted:  # part k reads them at its offset along the loop
                maps = list(originals)
                for n in from_loop:
                    domain, results = originals[n].split("->", 1)
                    maps[n] = domain + "->" + re.sub(rf"\b{dim}\b", f"({dim} + {k * size // parts})", results)
                op.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.Attribute.parse(m) for m in maps])
            try:
                module.operation.verify()
            except ir.MLIRError:
                return None
            texts.append(str(module))
        return texts, cut_in, cut_out


def _piece_op(v, axis: int, parts: int, before):
    """A tensor.extract_slice of 1/parts of v along `axis` (at offset 0: set per part), made before the op
    `before`, and the piece's size along the axis."""
    from mlir import ir

    t = ir.RankedTensorType(v.type)
    piece = list(t.shape)
    piece[axis] //= parts
    made = ir.Operation.create("tensor.extract_slice", results=[ir.RankedTensorType.get(piece, t.element_type)],
                               operands=[v], attributes={
                                   "static_offsets": ir.DenseI64ArrayAttr.get([0] * len(piece)),
                                   "static_sizes": ir.DenseI64ArrayAttr.get(piece),
                                   "static_strides": ir.DenseI64ArrayAttr.get([1] * len(piece)),
                                   "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 0, 0, 0])},
                               ip=ir.InsertionPoint(before))
    return made, piece[axis]


def _tile_axis(exprs: list[str], uses: list[int], dim: str, size: int, parts: int,
               shape: list[int] | None) -> int | None:
    """The axis of an operand read at (dim floordiv q), its other reads of dim being (dim mod q), where q
    divides a part's extent of the loop (size / parts) and the axis has size / q entries: a part then
    reads its own tiles, at the same (dim mod q) places in them."""
    tiles = [p for p in uses if re.fullmatch(rf"{dim} floordiv \d+", exprs[p])]
    if len(tiles) != 1 or shape is None:
        return None
    q = int(exprs[tiles[0]].rsplit(" ", 1)[1])
    if (size // parts) % q or shape[tiles[0]] * q != size or \
            any(exprs[p] != f"{dim} mod {q}" for p in uses if p != tiles[0]):
        return None
    return tiles[0]


def canonical(text: str) -> str:
    """The segment's text as MLIR prints it (for reading: GraphFunction.ir("partition"))."""
    from mlir import ir

    with ir.Context(), ir.Location.unknown():
        return str(ir.Module.parse(text))


# LLVM unrolls a segment's loops whole only up to this many trips (longer ones are left to its partial
# unrolling, which may still take a short loop of a small body whole). MLIR's loops over a small static shape
# (16 x 64 elements, a pooling window) have short constant trip counts; unrolled nest after nest, after
# vectorization, they made megabytes of straight code that took LLVM seconds a segment. Up to 8 still unroll
# whole, as Winograd's 4- or 6-position transform loops must (their table reads then fold to constants); the
# kernels are unrolled by nanomm's own passes and keep LLVM's default. Measured: a small SegFormer's cold
# compile 25.4 -> 9.8 s, forwards level. Re-measure: `NANOMM_CACHE_DIR=$(mktemp -d) python
# bench/check_hf_models.py segformer mobilevit` and `... bench/bench_frontend.py --layers resnet18,mobilenetv2`.
FULL_UNROLL_MAX = 8


def _compile(text: str, context: str = ""):
    from mlir import ir

    from .build import _compiler_fingerprint, count_build
    from .pipeline import parse_pipeline, run_pipeline
    from .translate import to_llvm_ir
    from ..runtime.jit import JitModule

    cpu = native_cpu()
    features, opt, passes = cpu.feature_string(), settings.opt_level(), pipeline(cpu, text)
    cache = DiskCache()
    key = content_key(_compiler_fingerprint(), "segment", passes, text, cpu.name, features, str(opt))
    jit = JitModule.load_cached(cache, key, cpu.name, features, opt, [SYMBOL])
    count_build(jit is None)
    if jit is not None:
        return jit
    with ir.Context(), ir.Location.unknown():
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError as exc:  # nanomm printed the segment wrongly: say where, not a raw MLIRError
            raise MLIRInputError(f"{context}nanomm made an invalid function of these ops (a defect of nanomm's "
                                 f"partition, please report it):\n{exc}") from None
        try:
            run_pipeline(module, parse_pipeline(passes), snapshots=False)
        except NanommError as exc:
            raise MLIRInputError(f"{context}MLIR's upstream lowering failed on ops that are not contractions:\n{exc}") from None
        left = _not_lowered(module)
        if left:  # (translating them to LLVM IR crashes the process)
            raise MLIRInputError(f"{context}MLIR's upstream lowering leaves {', '.join(left)}: nanomm cannot compile them "
                                 "(e.g. linalg.softmax: spell it as linalg.generic ops, as torch-mlir does)")
        jit = JitModule(_wide_vectors(to_llvm_ir(module), cpu), cpu.name, features, opt,
                        full_unroll_max=FULL_UNROLL_MAX)
    cache.put(key, jit.jit_object(), {"symbols": [SYMBOL], "cpu": cpu.name, "features": features})
    return jit


def _wide_vectors(llvm_ir: str, cpu) -> str:
    """Where the CPU has AVX-512, LLVM's vectorizer is asked for 512-bit vectors: its tuning for Intel
    cores prefers 256 bits, which halves what a segment's loops do per instruction (the kernels' vectors
    are explicit). The softmax segment of MiniLM's layer, timed alone by hand, ran 1.85 -> 1.53 ms;
    `python bench/bench_frontend.py --layers minilm.layer` times it in the layer."""
    if not cpu.has("avx512f"):
        return llvm_ir
    return re.sub(r"^(define [^{]*)\{", r'\1"prefer-vector-width"="512" {', llvm_ir, flags=re.M)


def _not_lowered(module) -> list[str]:
    """The names of ops a lowered module holds that are not in the LLVM dialect."""
    from mlir import ir

    found: list[str] = []

    def visit(op):
        name = op.name
        if not name.startswith("llvm.") and name != "builtin.module" and name not in found:
            found.append(name)
        return ir.WalkResult.ADVANCE
    module.operation.walk(visit)
    return found

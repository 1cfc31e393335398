"""A compiled function's whole forward as one native program.

GraphFunction.__call__ walks its values in Python: each view, kernel call and segment call costs a few
microseconds of dictionary look-ups, numpy views and front-door checks. At a sentence's few tokens
that is a large part of the forward: MiniLM's six layers at 1 x 2 tokens spent about a third of
their 3.8 ms there on one thread (`python bench/bench_frontend.py --layers minilm.1x2 --peers
torch,onnxruntime`, the breakdown's "rest" and the calls' own Python).

Here the forward is run once, symbolically, on arrays of the right layouts: the caller's arguments,
the function's constants, and one array per intermediate result ("regions"). Views become pointer
offsets, views that numpy would copy become row copies, and each kernel and segment becomes a call of
its machine code (runtime/programs.py), checked once here by the code that checks a call from Python.
What the walk runs on the native pool runs there from the program too, each as the walk runs it: a
parallel kernel's plan, a sliced run's program with a thread's share of the slices a part, a large
segment's halves (on one thread a sliced run's calls are spliced in). The regions then share one
buffer, each placed where no region alive at the same time is (their lifetimes are the steps that
read them), and the program ends by copying each output into an array of its own. A call is one
native call (programs.fill_run: the words filled with the arguments', the buffer's and the fresh
outputs' addresses, then run on the calling thread) and a few microseconds of Python around it:
the key of the arguments' layouts, the outputs' allocation (`python bench/check_frontend_models.py
--time matrix_vector` times the smallest).

Only what maps exactly is taken; anything else (a scale of a value, a dtype conversion, a run-time
contraction whose residual multiplies, a copy of more than programs.COPY_DIMS outer loops, a batched
product nanomm.matmul would spread over threads, arguments that share memory or are not C-contiguous)
leaves the call to the walk, which computes the same values (tests/unit/test_graph.py checks that
they are the same bits). why_walked() names the value that made a function walk.
"""

from __future__ import annotations

import ctypes
import math

import numpy as np

from ..errors import NanommError
from ..runtime import programs, settings
from ..runtime.dtypes import DTYPES
from ..runtime.kernel import CompiledFunction, RowsRouter, data_pointer
from ..runtime.native_pool import make_plan, native_pool
from ..runtime.threads import ParallelFunction
from . import graph, upstream  # (graph imports this module: its names are read at call time)
from .api import _dtype_kind, _epilogue_for, _kernel_for, _transposed, batched_call
from .api import _extent as api_extent
from .kernel import Kernel, epilogue_arrays
from .parallel import BATCH_PARALLEL_MIN_SECONDS, ParallelKernel, batched_seconds

ALIGN = 64  # regions start on a cache line (what the kernels' aligned arguments need)


class _NotAProgram(Exception):
    """Something of the function the program does not express (the Python walk runs it)."""


class ForwardProgram:
    """A built program: `run(args)` returns the outputs as GraphFunction.__call__ does, or None where
    the native pool's workers are not there (then the walk runs, and starts them).

    Its words (the program's, then each pool block's) are renumbered onto one table of addresses: the
    arguments', the buffer's (the regions at their offsets, then the words filled per call), the
    outputs' (fresh arrays the program's last calls copy the results into) and a 0 for constants. A call
    is then one native call (programs.fill_run) and the allocation of its outputs."""

    def __init__(self, template, offsets: list[int], size: int, outputs: list, blocks: list, threads: int,
                 kept: list, args: int):
        n, first_output = args, args + len(offsets) + len(blocks)  # (template bases: arguments, regions, blocks)
        copied = [o for o in outputs if o[0] == "copied"]
        words_at = -(-size // ALIGN) * ALIGN  # (the filled words after the regions)
        base = np.concatenate([template._base] + [np.array([b for b, _ in w], np.int64) for w in blocks])
        value = np.concatenate([template._value] + [np.array([v for _, v in w], np.int64) for w in blocks])
        block_starts = np.cumsum([len(template._value)] + [len(w) for w in blocks])[:-1]
        placed = np.concatenate([np.array(offsets, np.int64), words_at + 8 * block_starts])
        inside = (base >= n) & (base < first_output)  # (a region or a block: in the buffer)
        value[inside] += placed[base[inside] - n]
        base[base >= first_output] += n + 1 - first_output
        base[inside] = n
        base[base < 0] = n + 1 + len(copied)
        self._value, self._base, self._args = value, base, n
        self._words_at, self._bytes = words_at, words_at + 8 * len(value)
        self._calls = template._parts[0][1]
        self._run = programs.fill_run()
        self._copied = [(shape, dtype) for _, shape, dtype in copied]
        self.outputs = outputs
        self.threads = threads
        self._kept = kept + [template]  # (what the program points at: the constants, packed weights, kernels, plans)
        self._free: list[tuple] = []

    def _buffer(self) -> tuple:
        """A call's own memory (calls may come from two threads): its buffer, the buffer's aligned start,
        and fill_run's descriptor (a ctypes array: the quickest to write from Python) with its address:
        its table the arguments', the buffer's, the outputs' addresses and a 0 for constants."""
        buffer = np.empty(self._bytes + ALIGN, np.uint8)
        start = data_pointer(buffer)
        start += -start % ALIGN
        t = programs.FILL_RUN_TABLE
        desc = (ctypes.c_int64 * (t + self._args + 2 + len(self._copied)))(
            data_pointer(self._value), data_pointer(self._base), len(self._value), start + self._words_at, self._calls)
        desc[t + self._args] = start
        return buffer, start, desc, ctypes.addressof(desc)

    def run(self, args, pointers: list[int]) -> tuple | np.ndarray | None:
        """The outputs of the program on these arguments, `pointers` their data pointers."""
        if self.threads > 1 and not native_pool().ready(self.threads):
            return None
        try:
            memory = self._free.pop()
        except IndexError:
            memory = self._buffer()
        buffer, start, desc, address = memory
        outs = [np.empty(shape, dtype) for shape, dtype in self._copied]
        t = programs.FILL_RUN_TABLE
        for i, p in enumerate(pointers, t):
            desc[i] = p
        for i, o in enumerate(outs, t + self._args + 1):
            desc[i] = data_pointer(o)
        self._run(address)
        if len(self.outputs) == 1 and outs:
            self._free.append(memory)
            return outs[0]
        results, copied = [], iter(outs)
        for kind, *rest in self.outputs:
            if kind == "copied":
                results.append(next(copied))
            elif kind == "constant":
                results.append(np.array(rest[0], order="C", copy=True))
            else:  # ("view", where, offset, shape, strides, dtype): a view no row copy expresses
                where, offset, shape, strides, dtype = rest
                base, at = (args[where], offset) if where is not None else \
                    (buffer, start - data_pointer(buffer) + offset)
                results.append(np.array(np.ndarray(shape, dtype, buffer=base, offset=at, strides=strides),
                                        order="C", copy=True))
        self._free.append(memory)
        return results[0] if len(results) == 1 else tuple(results)


def call(f, args) -> tuple | np.ndarray | None:
    """f(*args) as its program (GraphFunction `f`), or None where the walk runs the call: its program for
    these arguments' layouts and the thread count, built at the first call on one thread and at the third
    on several (the large segments time their first two calls, which decide whole or halves, as the walk
    does); arguments sharing memory walk (build). The arguments are checked (graph.check_arguments) unless
    a program for their shapes and dtypes is found: those were checked at its first call."""
    if not all(isinstance(a, np.ndarray) for a in args):
        graph.check_arguments(f.name, args, f.inputs)  # (raises: data_pointer below reads an ndarray)
    threads = upstream.resolve_threads(None)
    pointers = [data_pointer(a) for a in args]
    key = (threads,) + tuple((a.shape, a.strides, a.dtype, p % ALIGN) for a, p in zip(args, pointers))
    if len(args) > 1 and any(np.may_share_memory(a, b) for i, a in enumerate(args) for b in args[:i]):
        key += ("aliased",)
    found = f._forward.get(key, 0)
    if type(found) is ForwardProgram:
        return found.run(args, pointers)
    graph.check_arguments(f.name, args, f.inputs)
    if type(found) is int:  # (the calls walked so far)
        walked = found + 1
        found = f._forward[key] = build(f, args, threads) if walked >= (1 if threads == 1 else 3) else walked
        settings.trim_oldest(f._forward)
    return found.run(args, pointers) if isinstance(found, ForwardProgram) else None


def build(f, args, threads: int) -> ForwardProgram | None:
    """The program of GraphFunction `f` for arguments of these layouts on `threads` threads, or None
    where it has none."""
    made = _attempt(f, args, threads)
    return made if isinstance(made, ForwardProgram) else None


def why_walked(f, args, threads: int) -> str | None:
    """Why calls of GraphFunction `f` on arguments like these walk in Python on `threads` threads (the
    first value the program has no form for), or None where they run as one program."""
    made = _attempt(f, args, threads)
    return None if isinstance(made, ForwardProgram) else made


def _attempt(f, args, threads: int) -> ForwardProgram | str:
    if not programs.runner_available():
        return "no native runner on this platform"
    if not all(type(a) is np.ndarray and a.flags.c_contiguous and a.size for a in args):
        return "an argument that is not a non-empty C-contiguous ndarray"
    if any(np.may_share_memory(a, b) for i, a in enumerate(args) for b in args[:i]):
        return "arguments sharing memory"  # (a view's place is found by its address: which argument's, a guess)
    try:
        return _Builder(f, args, threads).build()
    except (_NotAProgram, NanommError, ValueError) as exc:
        return str(exc)


BLOCK = 1 << 40  # base numbers from here: blocks (the words of a program run on the pool), renumbered at the end
OUTPUT = 1 << 41  # and from here: the outputs' arrays


class _Builder:
    def __init__(self, f, args, threads: int):
        self.f, self.args, self.threads = f, list(args), threads
        self.blocks: list[list] = []
        self.pool_threads = 1  # the native pool's threads its runs on the pool take
        self.regions: list[np.ndarray] = []
        self.first: list[int] = []  # the step that makes each region
        self.last: list[int] = []  # the last step that reads it
        self.owned: list[np.ndarray] = []  # arrays the function keeps (constants, packed B, biases)
        self.kept: list = []  # what the calls run: kernels, segments, other programs' templates
        self.prog = programs.Program()
        self.step = 0
        self.values: dict[int, np.ndarray] = {}

    # ------------------------------------------------------------------ where arrays are
    def region(self, shape, dtype) -> np.ndarray:
        """A new intermediate array (on a cache line, as in the program's buffer)."""
        nbytes = math.prod(shape) * np.dtype(dtype).itemsize
        if nbytes == 0:
            raise _NotAProgram("an empty result")
        raw = np.empty(nbytes + ALIGN, np.uint8)
        skip = -data_pointer(raw) % ALIGN
        x = raw[skip:skip + nbytes].view(dtype).reshape(shape)
        self.regions.append(x)
        self.first.append(self.step)
        self.last.append(self.step)
        return x

    def ref(self, x: np.ndarray):
        """(base, byte offset) of an array in an argument or a region, or the address of a constant's."""
        p, n = data_pointer(x), len(self.args)
        lo, hi = _extent(x)
        for i, a in enumerate(self.args):
            if data_pointer(a) <= lo and hi <= data_pointer(a) + a.nbytes:
                return i, p - data_pointer(a)
        for r, a in enumerate(self.regions):
            if data_pointer(a) <= lo and hi <= data_pointer(a) + max(a.nbytes, 1):
                self.last[r] = max(self.last[r], self.step)
                return n + r, p - data_pointer(a)
        for a in self.owned:
            if data_pointer(a) <= lo and hi <= data_pointer(a) + a.nbytes:
                return p
        raise _NotAProgram("an array of no known place")

    def own(self, x):
        if x is not None:
            self.owned.append(x)
        return x

    def dense(self, x: np.ndarray) -> np.ndarray:
        """x, or a C-contiguous copy of it in a new region."""
        if x.flags.c_contiguous:
            return x
        made = self.region(x.shape, x.dtype)
        if not self.prog.copy(self.ref(made), self.ref(x), *_merged(x.shape, x.itemsize, x.strides, made.strides)):
            raise _NotAProgram("a copy of more outer loops than a program's")
        return made

    def reshaped(self, x: np.ndarray, shape) -> np.ndarray:
        """x.reshape(shape), through a dense copy where numpy's would copy."""
        y = x.reshape(shape)
        return y if np.may_share_memory(y, x) or y.size == 0 else self.dense(x).reshape(shape)

    # ------------------------------------------------------------------ the values
    def build(self) -> ForwardProgram:
        f = self.f
        order, _ = f._schedule()
        values = self.values
        self.prog.part()
        for vid in order:
            self.get(vid)
        self.step += 1
        outputs, n = [], len(self.args)
        for vid in f.outputs:  # (each copied into an array of its own by the program's last calls)
            x = values[vid]
            found = self.ref(x)
            if isinstance(found, int):
                outputs.append(("constant", x))
                continue
            dense = np.empty(x.shape, x.dtype)
            copied = sum(o[0] == "copied" for o in outputs)
            if self.prog.copy((OUTPUT + copied, 0), found, *_merged(x.shape, x.itemsize, x.strides, dense.strides)):
                outputs.append(("copied", x.shape, x.dtype))
                continue
            if found[0] >= n:  # (a region's: read after the program)
                self.last[found[0] - n] = math.inf
            outputs.append(["view", *found, x.shape, x.strides, x.dtype])  # (one no row copy expresses)
        offsets, size = _place([-(-r.nbytes // ALIGN) * ALIGN for r in self.regions], self.first, self.last)
        for o in outputs:
            if o[0] == "view" and o[1] >= n:  # (None: at this offset in the buffer)
                o[1:3] = None, offsets[o[1] - n] + o[2]
        first_block = n + len(self.regions)
        first_output = first_block + len(self.blocks)

        def renumbered(b):
            return b - BLOCK + first_block if BLOCK <= b < OUTPUT else b - OUTPUT + first_output if b >= OUTPUT else b
        self.prog._words = [(renumbered(b), v) for b, v in self.prog._words]
        copies = sum(o[0] == "copied" for o in outputs)
        template = self.prog.finish(first_output + copies)
        return ForwardProgram(template, offsets, size, outputs, self.blocks, self.pool_threads,
                              self.owned + self.kept, n)

    def get(self, vid: int) -> np.ndarray:
        """The value's array, its calls appended first (a step each)."""
        if vid not in self.values:
            if vid in self.f._slice_of:
                self.sliced(self.f._slice_of[vid])
            else:
                self.values[vid] = self.value(vid)
            self.step += 1
        return self.values[vid]

    def value(self, vid: int) -> np.ndarray:
        f = self.f
        kind, *rest = f._nodes[vid]
        if kind == "arg":
            return self.args[rest[0]]
        if kind == "const":
            return self.own(np.asarray(rest[0]))
        if kind == "view":
            composed = f._composed.get(vid)
            if composed is not None:
                viewed = graph.composed_view(self.get(composed[0]), composed)
                if viewed is None:
                    raise _NotAProgram("a composed view of a root of other strides")
                return viewed
            return rest[1](self.get(rest[0]), self.reshaped)
        if kind == "seg":
            return self.segment(f.segments[rest[0]], vid)
        if kind == "out":
            return self.contraction(f.contractions[rest[0]])
        raise _NotAProgram(f"a value of kind {kind}")

    def segment(self, seg, vid: int) -> np.ndarray:
        kernel = seg.kernel
        if kernel is None or kernel.by_slice is not None:
            raise _NotAProgram("a segment without its function")
        ins = []
        for i, (shape, dtype) in zip(seg.inputs, kernel.inputs):
            x = self.get(i)
            if x.dtype != dtype or x.shape != tuple(shape):
                raise _NotAProgram("a segment input to convert")
            ins.append(self.dense(x))
        outs = [self.region(shape, dtype) for shape, dtype in kernel.outputs]
        self.kept.append(kernel)
        if not (self.threads > 1 and kernel.splits and self.halves(kernel, ins, outs)):
            self.prog.call(kernel.address, [self.ref(x) for x in ins + outs])
        for v, k, shape in zip(seg.outputs, seg.output_of, seg.output_shapes):
            self.values[v] = outs[k].reshape(shape)  # (each output of the segment: the step of its first)
        return self.values[vid]

    def halves(self, kernel, ins: list, outs: list) -> bool:
        """A segment large enough for halves on several threads (upstream.Segment.__call__): its halves'
        program on the pool where the segment's first calls took long enough, else False (whole)."""

        if kernel.halves is None and kernel.chunk(2) is None:
            return False  # (no cut in halves: the walk runs it whole too)
        if kernel.halves is None or len(kernel._whole_s) < 2:
            raise _NotAProgram("a segment whose halves are not timed yet")
        if min(kernel._whole_s) < upstream.HALVES_MIN_SECONDS:
            return False
        made = kernel._halves_program()
        if not made:
            raise _NotAProgram("a segment's halves that are no program")
        template, scratch = made
        refs = [self.ref(x) for x in ins + outs] + [self.ref(self.region((n,), np.uint8)) for n in scratch]
        self.embed(template, refs)
        return True

    def pool(self, threads: int) -> None:
        """A run on the native pool's threads: the program needs that many of them, started."""
        if not programs.available():
            raise _NotAProgram("no native pool")
        self.pool_threads = max(self.pool_threads, threads)

    def embed(self, template, refs: list) -> None:
        """Another program's calls (a sliced run's, a segment's halves) on arrays here, `refs` the place
        here of each of its bases: one part spliced into this program, more run on the native pool."""
        words = []
        for base, value in zip(template._base.tolist(), template._value.tolist()):
            found = (-1, 0) if base < 0 else refs[base]
            words.append((-1, found + value) if isinstance(found, int) else (found[0], found[1] + value))
        self.kept.append(template)  # (its copies' descriptors, which the words point at; its plan)
        if template.parts == 1:
            (start, calls), = template._parts
            self.prog.splice(words[start:], calls)
            return
        self.pool(template.parts)
        at = (BLOCK + len(self.blocks), 0)
        self.blocks.append(words)
        self.prog.pool_call(ctypes.addressof(template._plan), template.parts, at, at, at)

    def bias(self, c) -> np.ndarray | None:
        """A contraction's bias: its folded constant, or the float32 vector value it reads."""
        bias = self.own(c.bias_array) if c.bias_array is not None else (None if c.bias is None else self.get(c.bias))
        if bias is not None and (bias.dtype != np.float32 or not bias.flags.c_contiguous):
            raise _NotAProgram("a bias to convert")
        return bias

    def contraction(self, c) -> np.ndarray:

        dynamic = -1 in c.c_shape  # (sizes known from the arguments: this program's)
        a = graph._canonical(self.get(c.a), c.a_view, self.reshaped)
        bias = self.bias(c)
        residual = None if c.residual is None else self.get(c.residual)
        if residual is not None and residual.dtype != np.float32:
            raise _NotAProgram("a residual to convert")
        if c.entry_kernels:  # each batch entry of A against its own pre-packed B (no epilogue)
            a3 = self.dense(a)
            out = self.region(c.c_shape, c.out_dtype or np.float32)
            if any(not k.spec.prepacked_b or k.packed_b is None for k in c.entry_kernels):
                raise _NotAProgram("a constant B without its packed kernel")
            packed = [self.own(k.packed_b.flat) for k in c.entry_kernels]
            flops = 2 * math.prod(c.c_shape) * a3.shape[-1]
            if self.threads > 1 and flops >= graph.ENTRY_THREADS_MIN_FLOPS:
                self.entries_on_pool(c.entry_kernels, a3, packed, out)
            else:
                for kernel, a2, b2, c2 in zip(c.entry_kernels, a3, packed, out):
                    self.call_kernel(kernel, a2, b2, c2, ())
            return out.reshape(c.out_shape)
        if c.kernel is not None:  # every row of A against the one pre-packed B
            kernel = c.kernel
            rows = a if dynamic else np.broadcast_to(a, c.c_shape[:-1] + a.shape[-1:])
            a2 = self.dense(self.reshaped(rows, (-1, a.shape[-1])))
            if not kernel.spec.prepacked_b or kernel.packed_b is None:
                raise _NotAProgram("a constant B without its packed kernel")
            out = self.region((a2.shape[0], c.c_shape[-1]), c.out_dtype or np.float32)
            if residual is not None:
                residual = self.dense(self.reshaped(residual, out.shape))
            packed = self.own(kernel.packed_b.flat)
            extras = epilogue_arrays(kernel.spec, bias, residual, None, None, kernel.packed_b)
            # (a dequantizing int8 kernel writes its float32 results through their int32 view: call_with_extras)
            dequantizes = kernel.spec.epilogue is not None and DTYPES[kernel.spec.dtype].integer
            self.call_kernel(kernel, a2, packed, out.view(np.int32) if dequantizes else out, extras)
            return out.reshape(c.out_shape)
        ep = c.epilogue or graph._NO_EPILOGUE
        if ep.residual_mul:
            raise _NotAProgram("a run-time contraction whose residual multiplies (numpy's product, after)")
        b = graph._canonical(self.get(c.b), c.b_view, self.reshaped)
        a, b = self.dense_operand(a), self.dense_operand(b)
        shape = np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (a.shape[-2], b.shape[-1]) if dynamic else c.c_shape
        if residual is not None:  # (the walk's residual: of the result's shape, float32, dense)
            residual = self.dense(self.reshaped(residual, shape))
        if a.ndim == 2 and b.ndim == 2:  # (nanomm.matmul's 2-D call: its kernel, as _matmul picks it)
            return self.matmul(c, a, b, bias, ep, residual)
        batch = math.prod(shape[:-2])
        if batch == 1 or (a.flags.c_contiguous and a.shape[:-2] == tuple(shape[:-2]) and not any(b.strides[:-2])):
            # (one matrix, or one B for every row of a dense A: nanomm.matmul makes these one 2-D call)
            b = b.reshape(b.shape[-2:]) if batch == 1 else b[(0,) * (b.ndim - 2)]
            return self.matmul(c, a.reshape(-1, a.shape[-1]), b, bias, ep,
                               None if residual is None else residual.reshape(-1, shape[-1]))
        out = self.region(shape, c.out_dtype or np.float32)
        found = batched_call(a, b, out, bias=bias, activation=ep.activation, alpha=ep.alpha, residual=residual)
        if found is None and not a.flags.c_contiguous:  # (nanomm.matmul copies an A it cannot read in place)
            a = self.dense(a)
            found = batched_call(a, b, out, bias=bias, activation=ep.activation, alpha=ep.alpha, residual=residual)
        if found is None:
            raise _NotAProgram("a run-time contraction that is not one batched kernel")
        kernel, pointers = found
        if self.threads > 1 and batched_seconds(kernel.spec, batch) >= BATCH_PARALLEL_MIN_SECONDS:
            raise _NotAProgram("a batched product that nanomm.matmul runs on several threads")
        arrays = [a, b, out] + [x for x in (bias, residual) if x is not None]
        if pointers[:len(arrays)] != [data_pointer(x) for x in arrays]:
            raise _NotAProgram("a batched call on other arrays")
        self.kept.append(kernel)
        self.prog.call(kernel._function.address, [self.ref(x) for x in arrays] +
                       [int(x) for x in pointers[len(arrays):]])
        return out.reshape(c.out_shape)

    def entries_on_pool(self, kernels: list, a3: np.ndarray, packed: list, out: np.ndarray) -> None:
        """Batch entry k of a3 against packed[k] into out[k] by kernels[k] (one thread's each, no
        epilogue), the entries parts of one native pool plan: A and C at each entry's byte offset, B from
        base 0 at the address of the entry's packed matrix (each owned by this program)."""
        functions = [k._function for k in kernels]
        if not all(type(k) is Kernel and type(f) is CompiledFunction for k, f in zip(kernels, functions)):
            raise _NotAProgram("a batch entry's kernel other than one thread's")
        parts = []
        for k, f in enumerate(functions):
            _, pa, pb, pc = f.prepare(a3[k], packed[k], out[k])  # (the checks of a call from Python)
            parts.append((f.address, pa - data_pointer(a3), pb, pc - data_pointer(out)))
        plan = make_plan(parts)
        self.kept.append(plan)
        self.pool(self.threads)
        self.prog.pool_call(ctypes.addressof(plan), len(parts), self.ref(a3), 0, self.ref(out))

    def call_kernel(self, kernel, a: np.ndarray, b: np.ndarray, out: np.ndarray, extras: tuple) -> None:
        """A call of a matmul kernel as its checked call makes it: one thread's machine code, or a parallel
        kernel's plan on the native pool."""

        function = getattr(kernel, "_function", None)
        if type(function) is RowsRouter:  # (a dynamic-M kernel's: as RowsRouter.__call__ picks)
            function = function.pick(a.shape[0])
        threaded = type(kernel) is ParallelKernel and type(function) is ParallelFunction and \
            function._native_pool is not None and function.shared_b is None and function._plan is not None
        if not (threaded or (type(kernel) is Kernel and type(function) is CompiledFunction)):
            raise _NotAProgram("a kernel other than one thread's or a parallel one on the native pool")
        _, pa, pb, pc = function.prepare(a, b, out)
        pointers = function.check_extras(tuple(extras), out) if extras else []
        arrays = [a, b, out, *extras]
        if [pa, pb, pc, *pointers] != [data_pointer(x) for x in arrays]:
            raise _NotAProgram("a kernel call on other arrays")
        refs = [self.ref(x) for x in arrays]
        self.kept.append(kernel)  # (its machine code, its plan)
        if threaded:  # (its plan of per-thread kernels, as its native checked call runs it)
            self.pool(function.threads)
            writes = function._writes
            self.prog.pool_call(ctypes.addressof(function._plan), len(function.parts), *refs[:3],
                                0 if writes is None else writes.address, 0 if writes is None else writes.count,
                                refs[3:])
            return
        rows_arg = [a.shape[0]] if function.abi.M is None else []  # (a dynamic-M kernel's M)
        self.prog.call(function.address, refs + rows_arg)

    def matmul(self, c, a: np.ndarray, b: np.ndarray, bias, ep, residual) -> np.ndarray:
        """A 2-D run-time contraction: the kernel nanomm.matmul(a, b, bias=, activation=, alpha=, residual=)
        runs, B read in place or transposed in place as _matmul reads it."""

        (M, K), N = a.shape, b.shape[1]
        dtype = _dtype_kind(a.dtype, b.dtype)
        if dtype is None or b.shape[0] != K:
            raise _NotAProgram("a 2-D contraction nanomm.matmul would convert")
        spec_epilogue, extras = None, ()
        if bias is not None or ep.activation is not None or ep.alpha != 1.0 or residual is not None:
            spec_epilogue, extras, converted = _epilogue_for((bias, ep.activation, residual, ep.alpha, None, None),
                                                             M, N, dtype, b=b)
            if converted:
                raise _NotAProgram("an epilogue array to convert")
        if DTYPES[dtype].integer and spec_epilogue is not None:
            raise _NotAProgram("an integer contraction's epilogue")
        transpose_b = _transposed(b)
        a, b = self.dense(a), (b if transpose_b else self.dense(b))
        kernel = _kernel_for(M, N, K, dtype, None, spec_epilogue, transpose_b)
        out = self.region((M, N), np.float32 if spec_epilogue is not None else DTYPES[dtype].numpy_c)
        self.call_kernel(kernel, a, b.T if transpose_b else b, out, extras)
        return out.reshape(c.out_shape)

    def sliced(self, run) -> None:
        """A sliced run (GraphFunction._run_sliced): its program (GraphFunction._program) on arrays here,
        its scratch a region, embedded (one thread: its calls spliced into this program)."""

        f = self.f
        for d in run.external:
            self.get(d)
        seg = f.segments[run.segment]
        chunk = seg.kernel.chunk(run.parts)
        if chunk is None:
            raise _NotAProgram("a sliced run without its chunk")
        outs = [self.region(shape, dtype) for shape, dtype in seg.kernel.outputs]
        for v, k, shape in zip(seg.outputs, seg.output_of, seg.output_shapes):
            self.values[v] = outs[k].reshape(shape)
        for v in run.producers + run.consumers:
            c = f._contraction(v)
            self.values[v] = self.region(c.out_shape, c.out_dtype or np.float32)

        def plan(v):
            c = f._contraction(v)
            return (c, graph._canonical(self.get(c.a), c.a_view, self.reshaped),
                    graph._canonical(self.get(c.b), c.b_view, self.reshaped), self.values[v].reshape(c.c_shape),
                    self.bias(c))
        first = [plan(v) for v in run.producers]
        ins = []
        for i, (shape, dtype) in zip(seg.inputs, seg.kernel.inputs):
            x = self.get(i)
            if x.dtype != dtype:
                raise _NotAProgram("a segment input to convert")
            ins.append(self.dense(x))
        then = [plan(v) for v in run.consumers]
        bases = [x for c, a, b, out, bias in first + then for x in (a, b, out) + (() if bias is None else (bias,))]
        bases += ins + outs
        # (threads as GraphFunction._run_program gives the run)
        threads = min(self.threads, run.parts) if run.moved >= graph.PROGRAM_THREADED_MIN_BYTES else 1
        made = f._program(run.parts, threads, chunk, first, ins, outs, then, bases)
        if made is None:
            raise _NotAProgram("a sliced run that is no program")
        template, offsets, _, kept = made
        self.kept.append(kept)  # (its kernels)
        refs = [self.ref(x) for x in bases]
        if offsets[-1]:  # (its scratch arrays, one after another in one region)
            at = self.ref(self.region((offsets[-1],), np.uint8))
            refs += [(at[0], at[1] + o) for o in offsets[:-1]]
        self.embed(template, refs)

    def dense_operand(self, x: np.ndarray) -> np.ndarray:
        """What graph._dense() gives: x in place where it is C-contiguous or a transposed one, else a copy."""

        copied = graph._dense_copy(x)
        if copied is None:
            return x
        if copied == "rows":
            return self.dense(x)
        return self.dense(x.swapaxes(-1, -2)).swapaxes(-1, -2)


def _merged(shape, itemsize: int, src: tuple, dst: tuple) -> tuple:
    """(shape, itemsize, src strides, dst strides) of a copy with its axes of one element dropped and
    each axis that steps over the whole of the next one in both arrays merged into it (fewer loops)."""
    axes = [(n, s, d) for n, s, d in zip(shape, src, dst) if n != 1] or [(1, itemsize, itemsize)]
    merged = [axes[-1]]
    for n, s, d in reversed(axes[:-1]):
        m, s1, d1 = merged[0]
        if s == m * s1 and d == m * d1:
            merged[0] = (n * m, s1, d1)
        else:
            merged.insert(0, (n, s, d))
    return [n for n, _, _ in merged], itemsize, [s for _, s, _ in merged], [d for _, _, d in merged]


def _extent(x: np.ndarray) -> tuple[int, int]:
    """The addresses x's elements span: [lo, hi)."""
    p = data_pointer(x)
    if x.size == 0:
        return p, p
    lo, hi = api_extent(x)
    return p + lo, p + hi


def _place(sizes: list[int], first: list[int], last: list) -> tuple[list[int], int]:
    """Offsets of regions in one buffer such that regions alive at one step (first..last, inclusive) do
    not overlap, first-fit in the order they are made; and the buffer's size."""
    offsets: list[int] = []
    live: list[tuple[int, int, int]] = []  # (offset, size, last)
    top = 0
    for size, start, end in zip(sizes, first, last):
        live = [r for r in live if r[2] >= start]
        at = 0
        for offset, n, _ in sorted(live):
            if at + size <= offset:
                break
            at = max(at, offset + n)
        offsets.append(at)
        live.append((at, size, end))
        top = max(top, at + size)
    return offsets, top

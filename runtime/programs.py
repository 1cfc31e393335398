"""Call programs: lists of native calls (kernels, segments, row copies) that the native pool runs as parts.

A compiled function's sliced runs (compiler/graph.py: a layer norm a slice of tokens at a time, an
attention's scores, softmax and P @ V a sentence at a time) are each a few native calls per slice
on arrays whose addresses change from call to call but whose layouts do not. Run from Python, a
slice costs tens of microseconds of front-door checks and views, and on two threads the slices
take turns at the GIL. Here a slice is a *program*, an int64 array the native pool's part runs
without Python:

    [function, n, arg0, ..., arg(n-1)]  repeated, one entry per call, `void function(args)`

made once per layout (Program: each argument an array's data pointer plus a byte offset, or a
constant) and filled per call with one vectorized add (Template.run). Copies of strided views
(the heads of a projection read as dense operands) are calls of `nanomm_copy_rows`, JIT'd here
with the runner from the IR below.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Sequence

import numpy as np

from nanomm.runtime.cpu import native_cpu

MAX_ARGS = 64  # arguments of one call in a program (a segment of many inputs: Mamba 19, PoolFormer 24)
COPY_DIMS = 6  # outer loops of a row copy (any more: the caller copies in Python)
FILL_RUN_TABLE = 5  # where fill_run's table starts in its descriptor (after values, bases, n, dst, calls)


def _runner_ir() -> str:
    cases = "".join(f"    i64 {n}, label %c{n}\n" for n in range(MAX_ARGS + 1))
    blocks = []
    for n in range(MAX_ARGS + 1):
        loads = "".join(f"  %a{n}_{i}p = getelementptr i64, ptr %p, i64 {2 + i}\n"
                        f"  %a{n}_{i} = load i64, ptr %a{n}_{i}p\n" for i in range(n))
        args = ", ".join(f"i64 %a{n}_{i}" for i in range(n))
        blocks.append(f"c{n}:\n{loads}  call void %fn({args})\n  br label %next\n")
    fill_loads = _loads([("values", "ptr"), ("bases", "ptr"), ("n", "i64"), ("dst", "ptr"), ("calls", "i64")])
    value_stores = "".join(f"  %v{i} = getelementptr i64, ptr %values, i64 {i}\n  store i64 %e{i}, ptr %v{i}\n"
                           for i in range(4))
    return f"""
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare i64 @llvm.readcyclecounter()
declare i32 @sched_yield()

; Adds the time-stamp counter times %sign (-1 before what is timed, 1 after) to the int64 at %slot.
define void @nanomm_tick(ptr %slot, i64 %sign) {{
  %t = call i64 @llvm.readcyclecounter()
  %v = mul i64 %t, %sign
  %old = atomicrmw add ptr %slot, i64 %v monotonic
  ret void
}}

; Part of a native pool plan (f(A, B, C, rows)): runs `rows` calls of the program at %prog.
define void @nanomm_run_calls(ptr %prog, ptr %unused_b, ptr %unused_c, i64 %calls) {{
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %next]
  %p = phi ptr [%prog, %entry], [%pn, %next]
  %more = icmp ult i64 %i, %calls
  br i1 %more, label %body, label %done
body:
  %fn = load ptr, ptr %p
  %np = getelementptr i64, ptr %p, i64 1
  %n = load i64, ptr %np
  switch i64 %n, label %next [
{cases}  ]
{"".join(blocks)}next:
  %words = add i64 %n, 2
  %pn = getelementptr i64, ptr %p, i64 %words
  %i1 = add i64 %i, 1
  br label %loop
done:
  ret void
}}

; Fills a program's words and runs its calls on this thread. %desc: [values, bases, n, dst, calls, table...]:
; dst[i] = values[i] + table[bases[i]] for i < n (an array's data pointer plus a byte offset, or a constant
; against a 0 in the table), then the first `calls` calls of the words at dst.
define void @nanomm_fill_run(ptr %desc) {{
entry:
{fill_loads}  %table = getelementptr i64, ptr %desc, i64 {FILL_RUN_TABLE}
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i1, %body]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %body, label %run
body:
  %vp = getelementptr i64, ptr %values, i64 %i
  %v = load i64, ptr %vp
  %bp = getelementptr i64, ptr %bases, i64 %i
  %b = load i64, ptr %bp
  %tp = getelementptr i64, ptr %table, i64 %b
  %t = load i64, ptr %tp
  %w = add i64 %v, %t
  %dp = getelementptr i64, ptr %dst, i64 %i
  store i64 %w, ptr %dp
  %i1 = add i64 %i, 1
  br label %loop
run:
  call void @nanomm_run_calls(ptr %dst, ptr null, ptr null, i64 %calls)
  ret void
}}

; Runs a native pool plan from a program (runtime/native_pool.py's nanomm_pool_try_run_x at %try_run_x,
; its epilogue values %e0-%e3): tries until no other caller holds the pool's run lock.
define void @nanomm_pool_call(ptr %try_run_x, ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc,
                              ptr %writes, i64 %nw, i64 %e0, i64 %e1, i64 %e2, i64 %e3) {{
entry:
  %values = alloca [4 x i64]
{value_stores}  br label %try
try:
  %busy = call i32 %try_run_x(ptr %pool, ptr %plan, i64 %n, i64 %pa, i64 %pb, i64 %pc, ptr %writes, i64 %nw,
                              ptr %values)
  %again = icmp ne i32 %busy, 0
  br i1 %again, label %yield, label %done
yield:
  %y = call i32 @sched_yield()
  br label %try
done:
  ret void
}}

{_copy_ir()}"""


def _loads(fields: list[tuple[str, str]]) -> str:
    """IR loading each (name, type) of `fields` from the int64 at its index in %desc, as %name."""
    return "".join(f"  %{n}p = getelementptr i64, ptr %desc, i64 {i}\n  %{n} = load {t}, ptr %{n}p\n"
                   for i, (n, t) in enumerate(fields))


def _copy_ir() -> str:
    """nanomm_copy_rows: COPY_DIMS loops around a memcpy of one row, each loop adding its strides."""
    d = COPY_DIMS
    names = [f"n{l}" for l in range(d)] + ["rb"] + [f"s{l}" for l in range(d)] + [f"t{l}" for l in range(d)]
    loads = _loads([(n, "i64") for n in names])
    loops = []
    for l in range(d):  # loop l: index %i{l}, the source and destination offsets %so{l} / %do{l} so far
        outer, so, do = ("%entry", "0", "0") if l == 0 else (f"%l{l - 1}b", f"%so{l - 1}", f"%do{l - 1}")
        loops.append(f"""l{l}:
  %i{l} = phi i64 [0, {outer}], [%i{l}n, %e{l}]
  %m{l} = icmp ult i64 %i{l}, %n{l}
  br i1 %m{l}, label %l{l}b, label {"%done" if l == 0 else f"%e{l - 1}"}
l{l}b:
  %ss{l} = mul i64 %i{l}, %s{l}
  %so{l} = add i64 {so}, %ss{l}
  %dd{l} = mul i64 %i{l}, %t{l}
  %do{l} = add i64 {do}, %dd{l}
  br label {f"%l{l + 1}" if l + 1 < d else "%row"}
""")
    ends = "".join(f"e{l}:\n  %i{l}n = add i64 %i{l}, 1\n  br label %l{l}\n" for l in range(d))
    return f"""
; Copies rows of desc[{d}] bytes: for each index (i0 .. i{d - 1}) below desc[0 .. {d - 1}], from
; src + sum(i_l desc[{d + 1} + l]) to dst + sum(i_l desc[{2 * d + 1} + l]).
define void @nanomm_copy_rows(ptr %dst, ptr %src, ptr %desc) {{
entry:
{loads}  br label %l0
{"".join(loops)}row:
  %from = getelementptr i8, ptr %src, i64 %so{d - 1}
  %to = getelementptr i8, ptr %dst, i64 %do{d - 1}
  call void @llvm.memcpy.p0.p0.i64(ptr %to, ptr %from, i64 %rb, i1 false)
  br label %e{d - 1}
{ends}done:
  ret void
}}
"""


_module: list = []  # [runner, copy, tick, pool call, fill-and-run addresses, JitModule] or Nones, made on first use
_lock = threading.Lock()


def _functions() -> tuple[int | None, ...]:
    if not _module:
        with _lock:
            if not _module:
                try:
                    from nanomm.runtime.jit import JitModule

                    cpu = native_cpu()
                    module = JitModule.cached(_runner_ir(), cpu.name, cpu.feature_string())
                    _module.extend([module.address(name) for name in
                                    ("nanomm_run_calls", "nanomm_copy_rows", "nanomm_tick", "nanomm_pool_call",
                                     "nanomm_fill_run")]
                                   + [module])
                except Exception:  # noqa: BLE001 - no runner: the caller runs its slices from Python
                    _module.extend([None] * 6)
    return tuple(_module[:5])


def runner_available() -> bool:
    """Whether programs can run here on the calling thread (fill_run: the runner JIT'd)."""
    return _functions()[0] is not None


def available() -> bool:
    """Whether programs can run here (the runner JIT'd, the native pool there)."""
    from nanomm.runtime.native_pool import native_pool

    return _functions()[0] is not None and native_pool() is not None


def fill_run():
    """`f(desc)`: fills a program's words and runs its calls on this thread (ctypes lets go of the GIL);
    `desc` the address of int64 [values, bases, n, dst, calls, table...] (nanomm_fill_run above)."""
    return ctypes.CFUNCTYPE(None, ctypes.c_void_p)(_functions()[4])


class Program:
    """A template being written: parts (runs of calls), each argument `(base, offset)` (the data
    pointer of the call's array number `base`, plus a byte offset) or an int constant."""

    def __init__(self) -> None:
        self._words: list[tuple[int, int]] = []  # (base index or -1 for a constant, value)
        self._starts: list[int] = []  # each part's first word
        self._calls: list[int] = []
        self._keep: list[np.ndarray] = []  # copy descriptors the program points at

    def part(self) -> None:
        """Starts the next part (a slice)."""
        self._starts.append(len(self._words))
        self._calls.append(0)

    def call(self, function: int, args: Sequence) -> None:
        """Appends `function(args)`; each arg an int (a constant) or (base, byte offset)."""
        if len(args) > MAX_ARGS:
            raise ValueError(f"a program call takes at most {MAX_ARGS} arguments, got {len(args)}")
        self._words += [(-1, function), (-1, len(args))]
        self._words += [(-1, a) if isinstance(a, int) else (int(a[0]), int(a[1])) for a in args]
        self._calls[-1] += 1

    def splice(self, words: Sequence[tuple[int, int]], calls: int) -> None:
        """Appends `calls` calls already written as (base, value) words (another program's, its bases
        renumbered to this one's) to the current part."""
        self._words += words
        self._calls[-1] += calls

    def copy(self, dst: tuple[int, int], src: tuple[int, int], shape: Sequence[int], itemsize: int,
             src_strides: Sequence[int], dst_strides: Sequence[int]) -> bool:
        """Appends a copy of a strided array of `shape` (byte strides; the last axis unit-stride in
        both, or of one element): False where it takes more than COPY_DIMS outer loops."""
        shape, src_strides, dst_strides = list(shape), list(src_strides), list(dst_strides)
        if shape and (shape[-1] == 1 or (src_strides[-1] == itemsize and dst_strides[-1] == itemsize)):
            row = shape.pop() * itemsize
            src_strides.pop()
            dst_strides.pop()
        else:
            row = itemsize
        if len(shape) > COPY_DIMS:
            return False
        pad = COPY_DIMS - len(shape)
        desc = np.array([1] * pad + shape + [row] + [0] * pad + src_strides + [0] * pad + dst_strides, np.int64)
        self._keep.append(desc)
        self.call(_functions()[1], [dst, src, desc.ctypes.data])
        return True

    def pool_call(self, plan: int, parts: int, a, b, c, writes: int = 0, count: int = 0,
                  values: Sequence = ()) -> None:
        """Appends a run of a native pool plan (its parts on the pool's threads, this one first; see
        runtime/native_pool.py) at `plan` with these A, B, C (ints or (base, offset)); `writes` / `count`:
        its parts' context writes, from `values` (at most 4: the epilogue arrays)."""
        from nanomm.runtime.native_pool import native_pool

        if len(values) > 4:
            raise ValueError(f"a pool call takes at most 4 epilogue values, got {len(values)}")
        pool = native_pool()
        self.call(_functions()[3], [pool.try_run_x_address, pool.block_address, plan, parts, a, b, c, writes, count,
                                    *values, *[0] * (4 - len(values))])

    def tick(self, slot: int, sign: int) -> None:
        """Appends a call adding sign x the time-stamp counter to the int64 at address `slot`: a call
        timed between tick(slot, -1) and tick(slot, 1) adds its cycles (Counters reads them)."""
        self.call(_functions()[2], [slot, sign])

    def finish(self, bases: int) -> "Template":
        """The template of the program, whose calls supply the pointers of `bases` arrays."""
        return Template(self, bases)


class Template:
    """A finished Program: `run(pointers, threads)` fills in the arrays' data pointers and runs its
    parts on the native pool (all of them done before it returns)."""

    def __init__(self, program: Program, bases: int) -> None:
        words = program._words
        self._base = np.array([b for b, _ in words], np.int64)
        self._value = np.array([v for _, v in words], np.int64)
        self._keep = program._keep
        self.bases = bases
        self.parts = len(program._starts)
        self._parts = list(zip(program._starts, program._calls))
        runner = _functions()[0]
        from nanomm.runtime.native_pool import make_plan

        self._plan = make_plan([(runner, 8 * start, 0, 0, calls)
                                for start, calls in zip(program._starts, program._calls)])

    def run(self, pointers: Sequence[int], threads: int) -> None:
        from nanomm.runtime.native_pool import native_pool

        if len(pointers) != self.bases:
            raise ValueError(f"this program takes {self.bases} array pointers, got {len(pointers)}")
        table = np.array(list(pointers) + [0], np.int64)  # (constants: base -1, the 0 at the end)
        filled = self._value + table[self._base]  # (this call's own: calls may come from two threads)
        address = filled.ctypes.data
        native_pool().run(self._plan, self.parts, address, address, address, threads=threads)


class Counters:
    """int64 slots for Program.tick, read as seconds (the time-stamp counter's rate measured against
    time.perf_counter once per process)."""

    _rate: float | None = None

    def __init__(self, count: int) -> None:
        self.cycles = np.zeros(count, np.int64)

    def address(self, i: int) -> int:
        return self.cycles.ctypes.data + 8 * i

    def seconds(self) -> np.ndarray:
        return self.cycles / self.rate()

    @classmethod
    def rate(cls) -> float:
        """Time-stamp counter ticks a second."""
        if cls._rate is None:
            import time

            tick = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64)(_functions()[2])
            slot = np.zeros(1, np.int64)
            t0 = time.perf_counter()
            tick(slot.ctypes.data, -1)
            time.sleep(0.05)
            tick(slot.ctypes.data, 1)
            cls._rate = float(slot[0]) / (time.perf_counter() - t0)
        return cls._rate

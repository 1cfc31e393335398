"""A native entry point that checks a kernel call's ndarray arguments and makes the call.

Checking three ndarrays in Python (type, dtype, shape, contiguity, writeability, overlap)
costs ~2 us, as long as a 64x64x64 kernel runs. This module JIT-compiles, once per process,
one small function

    int nanomm_checked_call(PyObject *a, PyObject *b, PyObject *out, const int64_t *params)

that reads the fields of numpy's PyArrayObject directly, makes the same checks as
`CheckedCall.prepare`'s common case, and calls the kernel (`params[0]`) when every one
passes (returns 0). For a parallel kernel `params[0]` is runtime/native_pool.py's
`nanomm_pool_try_run`, called with the pool, the plan and the three data pointers; its result
(1: another caller is running a plan) is returned. It returns 1, without calling anything, when
any check fails: the
caller then takes the Python path, which accepts what is merely unusual (a dtype equal to
the kernel's but not the same object) and gives the precise error for what is wrong. So
the native path can refuse too much, never too little.

The field offsets are not taken on trust: they are found by probing arrays of known
layouts at import, and if any probe disagrees (another numpy ABI, a free-threaded Python)
`checked_call()` returns None and every call takes the Python path.
It takes the objects' addresses (`id()`; the caller keeps the objects alive) and ctypes
drops the GIL for the call, as for the plain kernel call.
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from nanomm.runtime.cpu import native_cpu

C_CONTIGUOUS, WRITEABLE = 0x1, 0x400  # numpy's NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_WRITEABLE
SYMBOL = "nanomm_checked_call"
# Called with id(a), id(b), id(out) (the objects' addresses in CPython; the caller holds them)
# and the address of the params block: plain integers convert fastest (~0.4 us a call).
ENTRY = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)

# params[] slots (int64): the kernel, numpy's ndarray type, then per array (a, b, out):
# descr, rows, cols, nbytes; then the alignment mask of the data pointers; then, for a parallel
# kernel, the native pool's block, its plan and the number of parts (POOL 0: a plain kernel).
# A rows slot of DYNAMIC (a dynamic-M kernel's A and out) accepts any rows; its nbytes slot then
# holds the bytes of one row.
FN, TYPE, A, B, C, ALIGN, POOL, PLAN, NPARTS = 0, 1, 2, 6, 10, 14, 15, 16, 17
DYNAMIC = -1
NPARAMS = 18
# A kernel with an epilogue's arrays (bias: 1-D, residual: 2-D, rows those of out) has an entry of
# its own, `nanomm_checked_call_<ndims>` (e.g. _1_2), taking them after out; their four slots each
# follow the block's (X0 + 4 i), then two for a parallel kernel: the address and the length of the
# context writes (native_pool.ContextWrites) through which its parts read the arrays. It calls
# one kernel, f(A, B, C, e0, e1, M), or (POOL set) nanomm_pool_try_run_x with the arrays' addresses.
X0 = NPARAMS


def _probe_offsets() -> dict[str, int] | None:
    """Offsets of PyArrayObject's fields, each verified on arrays of several layouts; None if any fails."""
    word = ctypes.sizeof(ctypes.c_void_p)
    guess = {"type": word, "data": 2 * word, "nd": 3 * word, "dims": 4 * word, "descr": 7 * word, "flags": 8 * word}
    read_ptr = lambda x, f: ctypes.c_void_p.from_address(id(x) + guess[f]).value or 0  # noqa: E731
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    frozen = base.copy()
    frozen.flags.writeable = False
    samples = [base, base[1:], base[:, 1:], base.T, frozen, np.empty((3, 1), np.int8), np.zeros((2, 5), np.float64)]
    for x in samples:
        if read_ptr(x, "type") != id(np.ndarray) or read_ptr(x, "data") != x.ctypes.data:
            return None
        if ctypes.c_int.from_address(id(x) + guess["nd"]).value != x.ndim:
            return None
        dims = read_ptr(x, "dims")
        if tuple(ctypes.c_int64.from_address(dims + 8 * i).value for i in range(x.ndim)) != x.shape:
            return None
        if read_ptr(x, "descr") != id(x.dtype):
            return None
        flags = ctypes.c_int.from_address(id(x) + guess["flags"]).value
        if bool(flags & C_CONTIGUOUS) != x.flags.c_contiguous or bool(flags & WRITEABLE) != x.flags.writeable:
            return None
    return guess


def _ir(off: dict[str, int], extras: tuple[int, ...] = ()) -> str:
    """LLVM IR of nanomm_checked_call for these field offsets (`extras`: the ndims of the epilogue's
    arrays after out, for that kernel kind's entry)."""

    def field(name: str, reg: str, obj: str, ty: str) -> str:
        return (f"  %{reg}.p = getelementptr i8, ptr %{obj}, i64 {off[name]}\n"
                f"  %{reg} = load {ty}, ptr %{reg}.p\n")

    def param(slot: int, reg: str) -> str:
        return f"  %{reg}.q = getelementptr i64, ptr %p, i64 {slot}\n  %{reg} = load i64, ptr %{reg}.q\n"

    body = [param(TYPE, "ty"), param(ALIGN, "align")]
    oks = []
    names = [f"e{i}" for i in range(len(extras))]
    for obj, slot in (("a", A), ("b", B), ("c", C)):
        body.append(param(slot, f"{obj}.descr") + param(slot + 1, f"{obj}.rows") + param(slot + 2, f"{obj}.cols")
                    + param(slot + 3, f"{obj}.nbytes"))
        body.append(field("type", f"{obj}.type", obj, "i64") + field("nd", f"{obj}.nd", obj, "i32")
                    + field("dims", f"{obj}.dims", obj, "ptr") + field("descr", f"{obj}.d", obj, "i64")
                    + field("flags", f"{obj}.flags", obj, "i32") + field("data", f"{obj}.data", obj, "i64"))
        need = C_CONTIGUOUS | (WRITEABLE if obj == "c" else 0)
        body.append(
            f"  %{obj}.d0 = load i64, ptr %{obj}.dims\n"
            f"  %{obj}.d1.p = getelementptr i64, ptr %{obj}.dims, i64 1\n"
            f"  %{obj}.d1 = load i64, ptr %{obj}.d1.p\n"
            f"  %{obj}.ok1 = icmp eq i64 %{obj}.type, %ty\n"
            f"  %{obj}.ok2 = icmp eq i32 %{obj}.nd, 2\n"
            f"  %{obj}.ok3 = icmp eq i64 %{obj}.d, %{obj}.descr\n"
            f"  %{obj}.any = icmp eq i64 %{obj}.rows, {DYNAMIC}\n"
            f"  %{obj}.want = select i1 %{obj}.any, i64 %{obj}.d0, i64 %{obj}.rows\n"
            f"  %{obj}.ok4 = icmp eq i64 %{obj}.d0, %{obj}.want\n"
            f"  %{obj}.ok5 = icmp eq i64 %{obj}.d1, %{obj}.cols\n"
            f"  %{obj}.fl = and i32 %{obj}.flags, {need}\n"
            f"  %{obj}.ok6 = icmp eq i32 %{obj}.fl, {need}\n"
            f"  %{obj}.mis = and i64 %{obj}.data, %align\n"
            f"  %{obj}.ok7 = icmp eq i64 %{obj}.mis, 0\n"
            f"  %{obj}.perrow = mul i64 %{obj}.d0, %{obj}.nbytes\n"
            f"  %{obj}.size = select i1 %{obj}.any, i64 %{obj}.perrow, i64 %{obj}.nbytes\n"
            f"  %{obj}.end = add i64 %{obj}.data, %{obj}.size\n")
        oks += [f"%{obj}.ok{i}" for i in range(1, 8)]
    for i, (obj, nd) in enumerate(zip(names, extras)):  # bias (1-D) or residual (2-D, out's rows)
        slot = X0 + 4 * i
        body.append(param(slot, f"{obj}.descr") + param(slot + 2, f"{obj}.cols") + param(slot + 3, f"{obj}.nbytes"))
        body.append(field("type", f"{obj}.type", obj, "i64") + field("nd", f"{obj}.nd", obj, "i32")
                    + field("dims", f"{obj}.dims", obj, "ptr") + field("descr", f"{obj}.d", obj, "i64")
                    + field("flags", f"{obj}.flags", obj, "i32") + field("data", f"{obj}.data", obj, "i64"))
        last = f"%{obj}.d0" if nd == 1 else f"%{obj}.d1"
        body.append(
            f"  %{obj}.d0 = load i64, ptr %{obj}.dims\n"
            + (f"  %{obj}.d1.p = getelementptr i64, ptr %{obj}.dims, i64 1\n  %{obj}.d1 = load i64, ptr %{obj}.d1.p\n"
               if nd == 2 else "")
            + f"  %{obj}.ok1 = icmp eq i64 %{obj}.type, %ty\n"
            f"  %{obj}.ok2 = icmp eq i32 %{obj}.nd, {nd}\n"
            f"  %{obj}.ok3 = icmp eq i64 %{obj}.d, %{obj}.descr\n"
            f"  %{obj}.ok4 = icmp eq i64 {last}, %{obj}.cols\n"
            f"  %{obj}.fl = and i32 %{obj}.flags, {C_CONTIGUOUS}\n"
            f"  %{obj}.ok5 = icmp eq i32 %{obj}.fl, {C_CONTIGUOUS}\n"
            + (f"  %{obj}.ok6 = icmp eq i64 %{obj}.d0, %c.d0\n"  # a residual has out's rows
               f"  %{obj}.size = mul i64 %{obj}.d0, %{obj}.nbytes\n" if nd == 2 else
               f"  %{obj}.ok6 = icmp eq i1 1, 1\n  %{obj}.size = add i64 %{obj}.nbytes, 0\n")
            + f"  %{obj}.end = add i64 %{obj}.data, %{obj}.size\n")
        oks += [f"%{obj}.ok{k}" for k in range(1, 7)]
    for x in ["a", "b"] + names:  # out must not overlap an input: disjoint byte ranges
        body.append(f"  %{x}.before = icmp ule i64 %{x}.end, %c.data\n"
                    f"  %{x}.after = icmp ule i64 %c.end, %{x}.data\n"
                    f"  %{x}.apart = or i1 %{x}.before, %{x}.after\n")
        oks.append(f"%{x}.apart")
    # A dynamic-M kernel's A and out have the same rows, at least one (M = 0 takes the Python path).
    body.append("  %rows.same = icmp eq i64 %a.d0, %c.d0\n  %rows.some = icmp sgt i64 %a.d0, 0\n")
    oks += ["%rows.same", "%rows.some"]
    chain, prev = [], oks[0]
    for i, ok in enumerate(oks[1:]):
        chain.append(f"  %all{i} = and i1 {prev}, {ok}\n")
        prev = f"%all{i}"
    if extras:
        return _extras_ir(off, extras, names, "".join(body) + "".join(chain), prev, param)
    return (
        f"define i32 @{SYMBOL}(ptr %a, ptr %b, ptr %c, ptr %p) {{\n"
        f"entry:\n{_types_first(off)}"
        f"checks:\n{''.join(body)}{''.join(chain)}"
        f"  br i1 {prev}, label %call, label %refuse\n"
        f"call:\n{param(FN, 'fn')}{param(POOL, 'pool')}"
        f"  %fp = inttoptr i64 %fn to ptr\n"
        f"  %parallel = icmp ne i64 %pool, 0\n"
        f"  br i1 %parallel, label %run, label %single\n"
        f"single:\n"
        f"  %pa = inttoptr i64 %a.data to ptr\n  %pb = inttoptr i64 %b.data to ptr\n"
        f"  %pc = inttoptr i64 %c.data to ptr\n"
        # M as a fourth argument: a dynamic-M kernel's; a static kernel (three parameters) ignores it
        # (SysV x86-64: arguments in registers, the caller cleans up).
        f"  call void %fp(ptr %pa, ptr %pb, ptr %pc, i64 %a.d0)\n"
        f"  ret i32 0\n"
        f"run:\n{param(PLAN, 'plan')}{param(NPARTS, 'nparts')}"
        f"  %poolp = inttoptr i64 %pool to ptr\n  %planp = inttoptr i64 %plan to ptr\n"
        f"  %busy = call i32 %fp(ptr %poolp, ptr %planp, i64 %nparts, i64 %a.data, i64 %b.data, i64 %c.data)\n"
        f"  ret i32 %busy\n"
        f"refuse:\n  ret i32 1\n}}\n"
    )


def _extras_ir(off: dict[str, int], extras: tuple[int, ...], names: list[str], checks: str, ok: str, param) -> str:
    """The entry of kernels with epilogue arrays: the same checks, then one kernel call with them."""
    args = "".join(f", ptr %{n}" for n in names)
    pointers = "".join(f"  %p{n} = inttoptr i64 %{n}.data to ptr\n" for n in names)
    call_args = "".join(f", ptr %p{n}" for n in names)
    values = "".join(f"  %v{i}.p = getelementptr i64, ptr %values, i64 {i}\n  store i64 %{n}.data, ptr %v{i}.p\n"
                     for i, n in enumerate(names))
    writes = X0 + 4 * len(extras)
    return (
        f"define i32 @{symbol(extras)}(ptr %a, ptr %b, ptr %c{args}, ptr %p) {{\n"
        f"entry:\n  %values = alloca [{len(names)} x i64]\n{_types_first(off, ['a', 'b', 'c'] + names)}"
        f"checks:\n{checks}"
        f"  br i1 {ok}, label %call, label %refuse\n"
        f"call:\n{param(FN, 'fn')}{param(POOL, 'pool')}"
        f"  %fp = inttoptr i64 %fn to ptr\n"
        f"  %parallel = icmp ne i64 %pool, 0\n"
        f"  br i1 %parallel, label %run, label %single\n"
        f"single:\n"
        f"  %pa = inttoptr i64 %a.data to ptr\n  %pb = inttoptr i64 %b.data to ptr\n"
        f"  %pc = inttoptr i64 %c.data to ptr\n{pointers}"
        f"  call void %fp(ptr %pa, ptr %pb, ptr %pc{call_args}, i64 %a.d0)\n"
        f"  ret i32 0\n"
        f"run:\n{param(PLAN, 'plan')}{param(NPARTS, 'nparts')}{param(writes, 'writes')}{param(writes + 1, 'nw')}"
        f"{values}"
        f"  %poolp = inttoptr i64 %pool to ptr\n  %planp = inttoptr i64 %plan to ptr\n"
        f"  %writesp = inttoptr i64 %writes to ptr\n"
        f"  %busy = call i32 %fp(ptr %poolp, ptr %planp, i64 %nparts, i64 %a.data, i64 %b.data, i64 %c.data,"
        f" ptr %writesp, i64 %nw, ptr %values)\n"
        f"  ret i32 %busy\n"
        f"refuse:\n  ret i32 1\n}}\n"
    )


def symbol(extras: tuple[int, ...] = ()) -> str:
    """The entry's name for kernels whose epilogue arrays have these ndims."""
    return SYMBOL + "".join(f"_{nd}" for nd in extras)


def _types_first(off: dict[str, int], objects=("a", "b", "c")) -> str:
    """Entry block: the objects must be ndarrays (ob_type, which every object has) before
    the `checks` block reads any ndarray field; LLVM does not hoist those loads above the branch."""
    lines = ["  %ty0.q = getelementptr i64, ptr %p, i64 1\n  %ty0 = load i64, ptr %ty0.q\n"]
    for obj in objects:
        lines.append(f"  %{obj}.t0.p = getelementptr i8, ptr %{obj}, i64 {off['type']}\n"
                     f"  %{obj}.t0 = load i64, ptr %{obj}.t0.p\n"
                     f"  %{obj}.is = icmp eq i64 %{obj}.t0, %ty0\n")
    prev = "%a.is"
    for i, obj in enumerate(objects[1:]):
        lines.append(f"  %arrays{i} = and i1 {prev}, %{obj}.is\n")
        prev = f"%arrays{i}"
    lines.append(f"  br i1 {prev}, label %checks, label %refuse\n")
    return "".join(lines)


_lock = threading.Lock()
_entries: dict[tuple, list] = {}  # extras ndims -> [entry function or None, its JitModule], made on first use


def checked_call(extras: tuple[int, ...] = ()):
    """The process's native checked-call entry (ENTRY signature; with `extras`, the ndims of an
    epilogue's arrays, one more object pointer each after out), or None where it cannot be used."""
    found = _entries.get(extras)
    if found is None:
        with _lock:
            found = _entries.get(extras)
            if found is None:
                found = _entries[extras] = _build(extras)
    return found[0]


def _build(extras: tuple[int, ...]) -> list:
    offsets, cdata = _probe_offsets(), _probe_cdata()
    if not all(hasattr(ctypes.pythonapi, name) for name in _API):
        cdata = None  # (the ctypes entry then serves fast_call too)
    if offsets is None:
        return [None, None, None]
    from nanomm.runtime.jit import JitModule

    cpu = native_cpu()
    ir = _ir(offsets, extras) + (_fast_ir(extras, cdata) if cdata is not None else "")
    module = JitModule.cached(ir, cpu.name, cpu.feature_string())
    kind = ENTRY if not extras else ctypes.CFUNCTYPE(ctypes.c_int32, *[ctypes.c_void_p] * (4 + len(extras)))
    method = None
    if cdata is not None:  # (this process's addresses, in the module's table: the code is every process's)
        table = ctypes.CFUNCTYPE(ctypes.c_void_p)(module.address(TABLE + symbol(extras)))()
        (ctypes.c_void_p * len(_TABLE)).from_address(table)[:] = [id(None) if n is None else _api(n) for n in _TABLE]
        method = _MethodDef(b"nanomm_fast_call", module.address(FAST + symbol(extras)), METH_FASTCALL,
                            b"(a, b, out, *extras) -> out, or None where the Python path must take the call")
    return [kind(module.address(symbol(extras))), module, method]


# A builtin function whose C code is the checked call: CPython calls it as it calls len(), without
# ctypes' argument conversion (~0.3 us of a ~0.35 us ctypes call), see fast_call().
FAST = "nanomm_fast_"
TABLE = "nanomm_fast_table_"  # its function returning the address of the table of _TABLE's addresses
_TABLE = ("Py_IncRef", None, "PyEval_SaveThread", "PyEval_RestoreThread")  # None: the object None
METH_FASTCALL = 0x80
_API = ("Py_IncRef", "PyEval_SaveThread", "PyEval_RestoreThread", "PyCFunction_NewEx")  # CPython's, by address


class _MethodDef(ctypes.Structure):
    """CPython's PyMethodDef."""

    _fields_ = [("name", ctypes.c_char_p), ("meth", ctypes.c_void_p), ("flags", ctypes.c_int),
                ("doc", ctypes.c_char_p)]


def _probe_cdata() -> int | None:
    """The offset of a ctypes object's buffer pointer (CDataObject.b_ptr), checked; None if it differs."""
    word = ctypes.sizeof(ctypes.c_void_p)
    for block in ((ctypes.c_int64 * n)() for n in (1, 18, 40)):
        if ctypes.c_void_p.from_address(id(block) + 2 * word).value != ctypes.addressof(block):
            return None
    return 2 * word


def _api(name: str) -> int:
    return ctypes.cast(getattr(ctypes.pythonapi, name), ctypes.c_void_p).value


def _fast_ir(extras: tuple[int, ...], cdata: int) -> str:
    """LLVM IR of the METH_FASTCALL function `FAST + symbol(extras)`: self is the params block (a ctypes
    array), args are (a, b, out, *extras); it releases the GIL around the checked call, as ctypes did,
    and returns out (a new reference) when the call was made, else None."""
    n = 3 + len(extras)
    loads = "".join(f"  %x{i}.q = getelementptr ptr, ptr %args, i64 {i}\n  %x{i} = load ptr, ptr %x{i}.q\n"
                    for i in range(n))
    args = ", ".join(f"ptr %x{i}" for i in range(n))
    table = f"@{TABLE}{symbol(extras)}.data"
    entries = "".join(f"  %{name}.q = getelementptr ptr, ptr {table}, i64 {i}\n  %{name} = load ptr, ptr %{name}.q\n"
                      for i, name in enumerate(("incref", "none", "save", "restore")))
    return (
        f"{table} = global [{len(_TABLE)} x ptr] zeroinitializer\n"
        f"define ptr @{TABLE}{symbol(extras)}() {{\n  ret ptr {table}\n}}\n"
        f"define ptr @{FAST}{symbol(extras)}(ptr %self, ptr %args, i64 %nargs) {{\n"
        f"entry:\n{entries}"
        f"  %n.ok = icmp eq i64 %nargs, {n}\n  br i1 %n.ok, label %go, label %refuse\n"
        f"go:\n  %p.q = getelementptr i8, ptr %self, i64 {cdata}\n  %p = load ptr, ptr %p.q\n{loads}"
        f"  %ts = call ptr %save()\n"
        f"  %rc = call i32 @{symbol(extras)}({args}, ptr %p)\n"
        f"  call void %restore(ptr %ts)\n"
        f"  %done = icmp eq i32 %rc, 0\n"
        f"  %r = select i1 %done, ptr %x2, ptr %none\n"
        f"  call void %incref(ptr %r)\n  ret ptr %r\n"
        f"refuse:\n  call void %incref(ptr %none)\n  ret ptr %none\n}}\n"
    )


def refuse_all(params: ctypes.Array) -> None:
    """Make every later check with this params block fail (its kernel's code is being freed)."""
    params[TYPE] = 0


def fast_call(params: ctypes.Array, extras: tuple[int, ...] = ()):
    """A function f(a, b, out, *extras) making the checked call with this params block (which it keeps
    alive): out when the kernel ran, None when a check refused (the caller then takes the Python
    path). A builtin where CPython's layouts are as probed, else the ctypes entry wrapped; None where
    there is no native entry."""
    entry = checked_call(extras)
    if entry is None:
        return None
    method = _entries[extras][2]
    if method is None:  # the ctypes entry, wrapped to the same convention
        address = ctypes.addressof(params)
        return lambda a, b, out, *xs: out if entry(id(a), id(b), id(out), *map(id, xs), address) == 0 else None
    new = ctypes.pythonapi.PyCFunction_NewEx
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.py_object, ctypes.c_void_p]
    return new(ctypes.addressof(method), params, None)


def params(function_address: int, dtypes: tuple[np.dtype, np.dtype, np.dtype],
           shapes: tuple[tuple[int, int], ...], alignment: int,
           pool: tuple[int, int, int] | None = None,
           extras: tuple[tuple[np.dtype, tuple], ...] = (), writes=None) -> ctypes.Array:
    """The params[] block of one kernel: its address, the expected dtypes (by identity) and shapes
    (rows None: any, the same for A and out, for a dynamic-M kernel);
    for a parallel kernel, `function_address` is nanomm_pool_try_run's and `pool` is (pool block
    address, plan address, number of parts); with `extras` (the epilogue arrays' (dtype, shape)),
    nanomm_pool_try_run_x's, and `writes` its native_pool.ContextWrites."""
    p = (ctypes.c_int64 * (NPARAMS + (4 * len(extras) + 2 if extras else 0)))()
    for i, (dt, shape) in enumerate(extras):  # (dtype, (N,) or (rows, N)): descr, -, N, bytes (a row's)
        p[X0 + 4 * i], p[X0 + 4 * i + 2], p[X0 + 4 * i + 3] = id(dt), shape[-1], shape[-1] * dt.itemsize
    if writes is not None:
        p[X0 + 4 * len(extras)], p[X0 + 4 * len(extras) + 1] = writes.address, writes.count
    if pool is not None:
        p[POOL], p[PLAN], p[NPARTS] = pool
    p[FN] = function_address
    p[TYPE] = id(np.ndarray)
    for slot, dt, (rows, cols) in zip((A, B, C), dtypes, shapes):
        row_bytes = cols * dt.itemsize
        p[slot], p[slot + 1], p[slot + 2] = id(dt), DYNAMIC if rows is None else rows, cols
        p[slot + 3] = row_bytes if rows is None else rows * row_bytes
    p[ALIGN] = max(alignment, 1) - 1
    return p

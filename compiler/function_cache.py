"""Built functions of several ops on disk: a model's second compile reads its plan instead of its MLIR.

`nanomm.compile` of a model parses tens of megabytes of text, reads ~700 ops into a graph, partitions
it and analyses its segments before any kernel loads; from the kernel disk cache alone that took
1.3-2 s for a 6-layer MiniLM encoder on the Zen 3 VM (most of it not kernels). Here the built
GraphFunctions of a module are stored once, keyed by the source text and what else decides them,
and a later compile of the same text restores them: their graphs, plans and constants from this
cache, their kernels and segments from the kernel cache (compiled again where that misses). A
function compiled per argument shapes (per_shape.PerShapeFunction) is stored as what it needs to
compile a shape, and each shape it compiled under an entry of its own. `python
bench/bench_frontend.py --layers minilm` reports the compile time (from this cache when run twice
with the same NANOMM_CACHE_DIR).

An entry is one DiskCache entry under `settings.cache_dir() / "functions"` (verified like a
kernel's: size and sha256). Its manifest's meta holds the functions' state as JSON, its object
the arrays that state refers to, each at a 64-byte-aligned offset. Nothing is unpickled: the JSON
holds plain values, tuples, dicts, sets, slices, numpy dtypes and scalars, arrays by reference,
and instances of the classes in `_CLASSES` only (rebuilt field by field). An entry that does not
decode is removed and the module compiles from its text. NANOMM_DISK_CACHE=0 turns this off too;
NANOMM_FUNCTION_CACHE_MAX_MB (default 2048) bounds its size.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math

import numpy as np

from ..runtime import settings
from ..runtime.cpu import native_cpu
from ..runtime.diskcache import DiskCache, content_key
from . import graph, payload, per_shape, upstream

FORMAT = "nanomm-function-1"  # bump when what a state holds changes shape
_ALIGN = 64
# the classes an entry may hold, by name (nothing else is made from its JSON)
_CLASSES = {cls.__name__: cls for cls in (graph._Contraction, graph._Sliced, graph._E, graph._View,
                                           graph.SegmentPlan, payload.Epilogue)}


class _Unstorable(Exception):
    """A value the format does not hold: the function is not cached (it still compiles)."""


def digest(source: str) -> str:
    """sha256 of a module's text (its part of every key here)."""
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


def key(source_digest: str, activation_rtol, *extra: str) -> str:
    """The entry of a module's text (digest()) compiled for this host with these options; `extra`: which
    specialization of it (a PerShapeFunction's name and argument shapes)."""
    from ..passes import conv_matmul
    from .build import _compiler_fingerprint

    cpu = native_cpu()
    # (the partition's thresholds as they are now: a test or bench script that sets one gets its own entry)
    knobs = sorted((m.__name__, k, repr(v)) for m in (graph, upstream, conv_matmul) for k, v in vars(m).items()
                   if k.isupper() and type(v) in (int, float, bool))
    # (and the threads a forward runs on here: the plan's Winograd tile sides depend on them)
    return content_key(_compiler_fingerprint(), FORMAT, cpu.name, cpu.feature_string(), str(settings.opt_level()),
                       repr(activation_rtol), repr(knobs), str(upstream.resolve_threads(None)), source_digest, *extra)


def _cache() -> DiskCache:
    return DiskCache(settings.cache_dir() / "functions", settings.function_cache_max_bytes())


def load(entry: str, source: str | None = None) -> dict | None:
    """{name: built GraphFunction or PerShapeFunction} stored under `entry`, or None (a miss, a bad entry, or
    caching off). `source`: the module's text, which a PerShapeFunction compiles new shapes from."""
    cache = _cache()
    found = cache.get_with_meta(entry)
    if found is None:
        return None
    blob, meta = found
    try:
        states = _Decoder(blob, meta["arrays"]).value(meta["functions"])
        if not isinstance(states, dict) or not all(isinstance(s, tuple) and len(s) == 2 and s[0] in _KINDS and
                                                   isinstance(s[1], dict) for s in states.values()):
            raise ValueError("not a dict of function states")
        if source is None and any(kind == "per_shape" for kind, _ in states.values()):
            raise ValueError("a function compiled per shape, and no text to compile new shapes from")
        for text, parts, cut in meta.get("cuts", ()):
            upstream.seed_cut(text, parts, None if cut is None else tuple(cut))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError):
        cache.remove(entry)  # (written by another nanomm, or damaged: compiled from the text instead)
        return None
    return {name: graph.GraphFunction.restore(state) if kind == "graph" else
            per_shape.PerShapeFunction.restore(name, source, state) for name, (kind, state) in states.items()}


_KINDS = ("graph", "per_shape")


def store(entry: str, functions: dict) -> None:
    """Stores built GraphFunctions and PerShapeFunctions (what they need to compile a shape: not their
    specializations, each stored under its own entry) under `entry`; nothing where one holds what the
    format does not."""
    encoder = _Encoder()
    try:
        states = encoder.value({name: ("graph" if isinstance(f, graph.GraphFunction) else "per_shape", f.state())
                                for name, f in functions.items()})
    except _Unstorable:
        return
    texts = {seg.source for f in functions.values() if isinstance(f, graph.GraphFunction) for seg in f.segments}
    cuts = [[text, parts, None if found is None else list(found)] for text, parts, found in upstream.known_cuts(texts)]
    blob, arrays = encoder.blob()
    _cache().put(entry, blob, {"functions": states, "arrays": arrays, "cuts": cuts})


class _Encoder:
    """Values to JSON; arrays by reference into one blob (a view of a stored array stays a view of it)."""

    def __init__(self):
        self.roots: dict[int, int] = {}  # id of a base array -> its index
        self.bases: list[np.ndarray] = []
        self.objects: dict[int, int] = {}  # id of an instance of _CLASSES -> its index (shared ones stay shared)
        self.alive: list = []  # (what those ids are of, kept alive while they are keys)

    def value(self, x):
        if x is None or isinstance(x, (bool, str)) or type(x) is int:
            return x
        if type(x) is float:
            return x if math.isfinite(x) else {"f": repr(x)}
        if type(x) is list:
            return [self.value(v) for v in x]
        if type(x) is tuple:
            return {"t": [self.value(v) for v in x]}
        if type(x) is dict:
            return {"d": [[self.value(k), self.value(v)] for k, v in x.items()]}
        if type(x) in (set, frozenset):
            return {"s": [self.value(v) for v in x]}
        if type(x) is slice:
            return {"sl": [self.value(x.start), self.value(x.stop), self.value(x.step)]}
        if isinstance(x, np.ndarray):
            return {"a": self.array(x)}
        if isinstance(x, np.generic):
            return {"n": [self.value(x.dtype), self.value(x.item())]}
        if isinstance(x, np.dtype):
            return {"dt": x.name if x.name == "bfloat16" else x.str}
        if isinstance(x, type) and issubclass(x, np.generic):  # (np.float32 itself: a dict key, say)
            return {"ty": self.value(np.dtype(x))["dt"]}
        name = type(x).__name__
        if _CLASSES.get(name) is not type(x):
            raise _Unstorable(name)
        if id(x) in self.objects:
            return {"r": self.objects[id(x)]}
        self.objects[id(x)] = len(self.objects)
        self.alive.append(x)
        return {"o": [name, {f: self.value(getattr(x, f)) for f in sorted(_fields(type(x))) if f not in _COMPILED}]}

    def array(self, x: np.ndarray) -> list:
        """[base index, byte offset, shape, strides, dtype] of an array over a stored C-contiguous base."""
        if x.dtype.hasobject:
            raise _Unstorable("an object array")
        base = x
        while isinstance(base.base, np.ndarray):
            base = base.base
        start = x.__array_interface__["data"][0] - base.__array_interface__["data"][0] if x.size else 0
        if not base.flags.c_contiguous or base.dtype.hasobject or not _within(x, base, start):
            base, start = np.ascontiguousarray(x), 0  # (its own copy: a view across what is not stored)
            x = base
        if id(base) not in self.roots:
            self.roots[id(base)] = len(self.bases)
            self.bases.append(base)
        return [self.roots[id(base)], start, list(x.shape), list(x.strides), self.value(x.dtype)]

    def blob(self) -> tuple[bytes, list]:
        """The bases' bytes, each at a 64-byte offset, and [offset, bytes] of each."""
        spans, size = [], 0
        for b in self.bases:
            spans.append([size, b.nbytes])
            size += -(-b.nbytes // _ALIGN) * _ALIGN
        out = bytearray(size)
        for b, (at, n) in zip(self.bases, spans):
            out[at:at + n] = b.reshape(-1).view(np.uint8).data if n else b""
        return bytes(out), spans


def _within(x: np.ndarray, base: np.ndarray, start: int) -> bool:
    """Whether every byte x reads lies in base's buffer, `start` bytes in."""
    if x.size == 0:
        return True
    low = start + sum(s * (n - 1) for s, n in zip(x.strides, x.shape) if s < 0)
    high = start + sum(s * (n - 1) for s, n in zip(x.strides, x.shape) if s > 0) + x.itemsize
    return 0 <= low and high <= base.nbytes


class _Decoder:
    def __init__(self, blob: bytes, spans: list):
        # (not copied: read-only, like the constants the arrays were, and aligned as those were)
        self.buffer = np.frombuffer(blob, np.uint8)
        self.spans = spans
        self.objects: list = []

    def value(self, x):
        if x is None or isinstance(x, (bool, str, int, float)):
            return x
        if isinstance(x, list):
            return [self.value(v) for v in x]
        if not isinstance(x, dict) or len(x) != 1:
            raise ValueError(f"not a stored value: {str(x)[:80]}")
        (tag, v), = x.items()
        if tag == "t":
            return tuple(self.value(e) for e in v)
        if tag == "d":
            return {self.value(k): self.value(e) for k, e in v}
        if tag == "s":
            return {self.value(e) for e in v}
        if tag == "sl":
            return slice(*(self.value(e) for e in v))
        if tag == "f":
            return float(v)
        if tag == "dt":
            return graph._numpy_type("bf16") if v == "bfloat16" else np.dtype(v)
        if tag == "ty":
            return self.value({"dt": v}).type
        if tag == "n":
            return self.value(v[0]).type(v[1])
        if tag == "a":
            index, start, shape, strides, dtype = v
            offset, nbytes = self.spans[index]
            return np.ndarray(tuple(shape), self.value(dtype), self.buffer[offset:offset + nbytes], start,
                              tuple(strides))
        if tag == "r":
            return self.objects[v]
        if tag == "o":
            name, fields = v
            cls = _CLASSES[name]
            if dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen:  # (Epilogue: checked again)
                self.objects.append(None)
                k = len(self.objects) - 1
                made = cls(**{f: self.value(e) for f, e in fields.items()})
                self.objects[k] = made
                return made
            made = object.__new__(cls)
            self.objects.append(made)
            for f, e in fields.items():
                if f not in _fields(cls):
                    raise ValueError(f"{name} has no field {f!r}")
                setattr(made, f, self.value(e))
            for f, empty in _COMPILED.items():
                if f in _fields(cls):
                    setattr(made, f, empty())
            return made
        raise ValueError(f"unknown tag {tag!r}")


# fields holding compiled kernels, not stored: restored empty (each field's maker), then restore()
# compiles them again (from the kernel disk cache)
_COMPILED = {"kernel": lambda: None, "entry_kernels": list}


def _fields(cls) -> set:
    if hasattr(cls, "__slots__"):
        return set(cls.__slots__)
    return {f.name for f in dataclasses.fields(cls)}

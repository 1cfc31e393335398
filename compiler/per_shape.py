"""Functions compiled once per argument shapes: models exported with dynamic sizes the graph cannot take.

nanomm's graph (compiler/graph.py) compiles one dynamic dimension, the rows of contractions and the views
of them, with kernels that take any row count. A model exported with a dynamic sequence length computes
on that length (attention's scores are length x length, a softmax runs along it, a reshape's shape is
built from it), and an export with a dynamic batch and a dynamic length has two. Such a function is
compiled, at its first call with each new set of argument shapes, for those shapes: the static-shapes
pass (passes/static_shapes.py) makes the argument types static and folds every size computed from
them, and the graph compiles the static function. Kernels and segments go through the disk cache like
any other, so a size seen in an earlier process compiles from it.
"""

from __future__ import annotations

from collections import OrderedDict

from mlir import ir

from ..errors import MLIRInputError, NanommError, ShapeError
from ..passes.static_shapes import StaticShapes
from . import graph

# specializations kept per function, least recently called dropped first: each holds its own kernels and
# packed weights (a MiniLM encoder's ~90 MB), so a server cycling through every length would not keep all
KEPT = 8


class PerShapeFunction:
    """A function with dynamic sizes, compiled for the shapes of each call: `f(*arrays)` as a GraphFunction.

    The first call with new argument shapes compiles (seconds for a model; `specialize(*shapes)` does it
    ahead of a call); later calls with those shapes run the compiled function. `describe()` lists the
    specializations compiled so far."""

    def __init__(self, name: str, source: str, blobs: dict | None, rtol: float | None, inputs: list, why: str, *,
                 digest: str | None = None, resources: str | None = None):
        self.name, self.inputs, self.why = name, inputs, why
        self._source, self._blobs, self._rtol = source, blobs, rtol
        self._resources = resources  # (blobs None: the text they are read from when a shape first compiles)
        self._digest = digest  # the module text's (function_cache.digest): specializations go through that cache
        self._compiled: OrderedDict[tuple, graph.GraphFunction] = OrderedDict()

    def state(self) -> dict:
        """What restore() needs besides the module's text (compiler/function_cache.py)."""
        return {"inputs": self.inputs, "why": self.why, "rtol": self._rtol, "digest": self._digest}

    @classmethod
    def restore(cls, name: str, source: str, state: dict) -> "PerShapeFunction":
        """The function as compile() made it from `source`, its specializations compiled again as called."""
        from .frontend import resources_start  # (frontend imports this module)

        start = resources_start(source)
        return cls(name, source if start < 0 else source[:start], None, state["rtol"], state["inputs"], state["why"],
                   digest=state["digest"], resources=source)

    def specialize(self, *shapes) -> graph.GraphFunction:
        """The function compiled for these argument shapes (compiled now unless it already is)."""
        shapes = tuple(tuple(int(n) for n in s) for s in shapes)
        compiled = self._compiled.get(shapes)
        if compiled is None:
            self._check_shapes(shapes)
            compiled = self._compile(shapes)
            self._compiled[shapes] = compiled
            while len(self._compiled) > KEPT:
                self._compiled.popitem(last=False)
        self._compiled.move_to_end(shapes)
        return compiled

    def __call__(self, *args):
        key = tuple(getattr(x, "shape", None) for x in args)
        compiled = self._compiled.get(key)
        if compiled is None:  # (checked before compiling for them; a compiled function checks its arguments)
            graph.check_arguments(self.name, args, self.inputs, shapes=False)
            return self.specialize(*key)(*args)
        self._compiled.move_to_end(key)
        return compiled(*args)

    def describe(self) -> str:
        shown = ", ".join(graph.shown_shape(shape) for shape, _ in self.inputs)
        lines = [f"@{self.name}: arguments {shown}, compiled per argument shapes (dynamic sizes computed on, "
                 f"first at {self.why}); {len(self._compiled)} compiled"]
        for shapes, compiled in self._compiled.items():
            lines.append(f"  for {', '.join(graph.shown_shape(s) for s in shapes)}:")
            lines += ["    " + line for line in compiled.describe().splitlines()]
        return "\n".join(lines)

    def ir(self, stage: str = "partition") -> str:
        raise ValueError(f"@{self.name} is compiled per argument shapes: f.specialize(*shapes).ir({stage!r}) "
                         "gives one specialization's IR")

    def _check_shapes(self, shapes: tuple) -> None:
        if len(shapes) != len(self.inputs):
            raise TypeError(f"{self.name}() takes {len(self.inputs)} arrays, got {len(shapes)} shapes")
        for i, (shape, (want, _)) in enumerate(zip(shapes, self.inputs)):
            graph.check_shape(self.name, i, shape, want)
            if 0 in shape:
                raise ShapeError(f"{self.name}(): argument {i} has shape {shape}: nanomm compiles non-empty sizes")

    def _compile(self, shapes: tuple) -> graph.GraphFunction:
        from . import function_cache  # (it imports this module)

        entry = None if self._digest is None else function_cache.key(self._digest, self._rtol, self.name, repr(shapes))
        stored = None if entry is None else function_cache.load(entry)
        if stored is not None and isinstance(stored.get(self.name), graph.GraphFunction):
            return stored[self.name]
        if self._blobs is None:
            self._blobs, self._resources = graph.resources(self._resources), None
        context = f"@{self.name} compiled for argument shapes {', '.join(graph.shown_shape(s) for s in shapes)}: "
        compiled = read_static(self.name, self._source, shapes, self._blobs, self._rtol, context).build()
        if entry is not None:
            function_cache.store(entry, {self.name: compiled})
        return compiled


def read_static(name: str, source: str, shapes: tuple, blobs: dict, rtol: float | None,
                context: str) -> graph.GraphFunction:
    """graph.read_function of @name in `source` once the static-shapes pass has made its arguments `shapes`
    and folded the sizes computed from them; refusals begin with `context`. (A context of its own: one that
    parsed `source` before names its dense_resource handles anew, `name_1`, and blobs has no data for those.)"""
    from .frontend import parse_module  # (frontend imports this module)

    with ir.Context() as ctx, ir.Location.unknown():
        ctx.allow_unregistered_dialects = False
        module = parse_module(source)
        static = StaticShapes(function=name, shapes=", ".join("x".join(map(str, s)) for s in shapes))
        try:
            static.run(module)
        except NanommError as exc:
            raise MLIRInputError(context + str(exc)) from None
        try:
            return graph.read_function(name, static.target(module), blobs, rtol)
        except MLIRInputError as exc:
            raise MLIRInputError(context + str(exc)) from None


def read_folded(name: str, source: str, inputs: list, blobs: dict, rtol: float | None) -> graph.GraphFunction:
    """read_static for a function whose arguments are static but which makes a dynamic size inside (torch-mlir
    casts the parts of a concat to `?`): its own argument shapes, its sizes folded."""
    return read_static(name, source, tuple(shape for shape, _ in inputs), blobs, rtol,
                       f"@{name} with the sizes computed inside it folded (static-shapes): ")

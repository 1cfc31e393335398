"""static-shapes: a function's dynamic argument sizes made static, and every size computed from them."""

from __future__ import annotations

import dataclasses
import math

from mlir import ir, passmanager

from ._base import ModulePass
from ._ir import walk

# canonicalize folds what the new argument types decide (tensor.dim of them, the index arithmetic on it,
# tensor.empty, casts into linalg ops); cse merges the sizes torch-mlir computes once per use
_FOLD = "builtin.module(func.func(canonicalize,cse))"
_MAX_ROUNDS = 16  # fold + static reshapes until nothing changes (a transformer layer takes 2-3)


def parse_shapes(text: str) -> list[tuple[int, ...]]:
    """'2x7x16,4' -> [(2, 7, 16), (4,)]; ValueError naming what is wrong."""
    shapes = []
    for part in text.split(","):
        try:
            shape = tuple(int(n) for n in part.strip().split("x")) if part.strip() else ()
        except ValueError:
            raise ValueError(f"shape {part.strip()!r} is not sizes joined by 'x' (like 2x7x16)") from None
        if any(n < 0 for n in shape):
            raise ValueError(f"shape {part.strip()!r} has a negative size")
        shapes.append(shape)
    return shapes


def _disagree(shape: tuple, t: ir.RankedTensorType) -> bool:
    """Whether a shape is not one of type t's (another rank, or another size where t's is static)."""
    return len(shape) != t.rank or any(n != m for n, m in zip(shape, t.shape) if not ir.ShapedType.is_dynamic_size(m))


def _defining(v: ir.Value) -> ir.Operation | None:
    owner = v.owner
    if isinstance(owner, ir.OpView):
        return owner.operation
    return owner if isinstance(owner, ir.Operation) else None


def _static_source(v: ir.Value) -> ir.Value | None:
    """v if its type is static, or the static tensor a tensor.cast made v from."""
    if not isinstance(v.type, ir.RankedTensorType):
        return None
    if ir.RankedTensorType(v.type).has_static_shape:
        return v
    op = _defining(v)
    if op is not None and op.name == "tensor.cast" and ir.RankedTensorType(op.operands[0].type).has_static_shape:
        return op.operands[0]
    return None


def _all_ops(block: ir.Block) -> list[ir.Operation]:
    """The block's ops and those nested in them, each nested op before the op holding it."""
    found = []
    for op in block.operations:
        op = op.operation
        for region in op.regions:
            for inner in region.blocks:
                found += _all_ops(inner)
        found.append(op)
    return found


def _retyped(op: ir.Operation, operands: list, sizes: list, attributes: dict | None = None) -> None:
    """Replaces a one-result op by the same op on `operands` with a static result of these sizes, cast
    back to the old result's type for its users."""
    result = ir.RankedTensorType(op.results[0].type)
    with ir.InsertionPoint(op), op.location:
        static = ir.Operation.create(op.name, operands=operands, attributes=attributes or {},
                                     results=[ir.RankedTensorType.get(sizes, result.element_type)])
        cast = ir.Operation.create("tensor.cast", operands=[static.result], results=[result])
    op.results[0].replace_all_uses_with(cast.result)
    op.erase()


def _static_reshapes(block: ir.Block) -> int:
    """Gives each tensor.reshape of a static source by a constant shape its static result type (canonicalize
    leaves such a reshape's result dynamic); returns how many changed."""
    changed = 0
    for op in _all_ops(block):
        if op.name != "tensor.reshape" or ir.RankedTensorType(op.results[0].type).has_static_shape:
            continue
        source, shape_of = _static_source(op.operands[0]), _defining(op.operands[1])
        if source is None or shape_of is None or shape_of.name != "arith.constant":
            continue
        attr = ir.DenseIntElementsAttr(shape_of.attributes["value"])
        rank = ir.RankedTensorType(op.results[0].type).rank
        _retyped(op, [source, op.operands[1]], [attr.get_splat_value().value] * rank if attr.is_splat else list(attr))
        changed += 1
    return changed


def _static_concats(block: ir.Block) -> int:
    """Gives each tensor.concat of static tensors (through casts) static operand and result types
    (canonicalize does not fold casts into a concat); returns how many changed."""
    changed = 0
    for op in _all_ops(block):
        if op.name != "tensor.concat" or all(ir.RankedTensorType(v.type).has_static_shape
                                             for v in [*op.operands, op.results[0]]):
            continue
        sources = [_static_source(v) for v in op.operands]
        if any(v is None for v in sources):
            continue
        dim = ir.IntegerAttr(op.attributes["dim"]).value
        shapes = [list(ir.RankedTensorType(v.type).shape) for v in sources]
        _retyped(op, sources, shapes[0][:dim] + [sum(s[dim] for s in shapes)] + shapes[0][dim + 1:],
                 {"dim": op.attributes["dim"]})
        changed += 1
    return changed


def _groups(wide: tuple, narrow: tuple) -> list[list[int]] | None:
    """The reassociation that merges runs of consecutive `wide` sizes into each of `narrow`'s (trailing unit
    sizes joining the last run), or None where there is none."""
    groups, i = [], 0
    for n in narrow:
        group, size = [], 1
        while i < len(wide) and (not group or size < n):
            group.append(i)
            size *= wide[i]
            i += 1
        if size != n:
            return None
        groups.append(group)
    while groups and i < len(wide) and wide[i] == 1:
        groups[-1].append(i)
        i += 1
    return groups if groups and i == len(wide) else None


def _reassociation(groups: list[list[int]]) -> ir.ArrayAttr:
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(ir.IntegerType.get_signless(64), d) for d in g])
                             for g in groups])


def _collapse(source: ir.Value, groups: list[list[int]], t: ir.RankedTensorType) -> ir.Value:
    return ir.Operation.create("tensor.collapse_shape", operands=[source], results=[t],
                               attributes={"reassociation": _reassociation(groups)}).result


def _expand(source: ir.Value, groups: list[list[int]], t: ir.RankedTensorType) -> ir.Value:
    return ir.Operation.create("tensor.expand_shape", operands=[source], results=[t],
                               attributes={"reassociation": _reassociation(groups),
                                           "static_output_shape": ir.DenseI64ArrayAttr.get(list(t.shape))}).result


def _as_views(block: ir.Block) -> int:
    """Rewrites a tensor.reshape between static types as the collapse_shape / expand_shape it is (through
    one dimension where it is neither): the views nanomm's graph reads as numpy reshapes. Returns how many."""
    changed = 0
    for op in _all_ops(block):
        if op.name != "tensor.reshape":
            continue
        source, result = op.operands[0], op.results[0]
        src, dst = ir.RankedTensorType(source.type), ir.RankedTensorType(result.type)
        if not (src.has_static_shape and dst.has_static_shape):
            continue
        with ir.InsertionPoint(op), op.location:
            if (groups := _groups(tuple(src.shape), tuple(dst.shape))) is not None:
                view = _collapse(source, groups, dst)
            elif (groups := _groups(tuple(dst.shape), tuple(src.shape))) is not None:
                view = _expand(source, groups, dst)
            elif src.rank and dst.rank:
                flat = ir.RankedTensorType.get([math.prod(src.shape)], src.element_type)
                view = _expand(_collapse(source, [list(range(src.rank))], flat), [list(range(dst.rank))], dst)
            else:
                continue
        result.replace_all_uses_with(view)
        op.erase()
        changed += 1
    return changed


def _identity_gathers(block: ir.Block) -> int:
    """Removes a linalg.generic that only copies a tensor of its own type element by element (no inputs; its
    body `tensor.extract %t[linalg.index 0, ..., linalg.index n-1]` yielded): torch-mlir's copy of a
    dynamically shaped view, a copy nanomm's graph would make for nothing. Returns how many."""
    changed = 0
    for op in _all_ops(block):
        if op.name != "linalg.generic" or len(op.operands) != 1 or len(op.results) != 1:
            continue
        body = [o.operation for o in op.regions[0].blocks[0].operations]
        *indices, extract, yielded = body if len(body) >= 2 else (None, None)
        if extract is None or extract.name != "tensor.extract" or yielded.name != "linalg.yield" or \
                yielded.operands[0] != extract.results[0] or extract.operands[0].type != op.results[0].type:
            continue
        rank = ir.RankedTensorType(op.results[0].type).rank
        maps = ir.ArrayAttr(op.attributes["indexing_maps"])
        if len(indices) != rank or ir.AffineMapAttr(maps[0]).value != ir.AffineMap.get_identity(rank) or any(
                o.name != "linalg.index" or ir.IntegerAttr(o.attributes["dim"]).value != d
                for d, o in enumerate(indices)) or \
                [_defining(v) for v in list(extract.operands)[1:]] != indices:
            continue
        op.results[0].replace_all_uses_with(extract.operands[0])
        op.erase()
        changed += 1
    return changed


@dataclasses.dataclass(frozen=True)
class StaticShapes(ModulePass):
    """Specializes a function to argument shapes: what a model exported with a dynamic sequence length or
    batch becomes for one size of them (nanomm's graph compiles static sizes but for the rows of
    contractions).

    Options: `function` (the public func.func to specialize; default: the only one), `shapes` (one
    shape an argument, comma-separated, like `2x7x16,2x7`: each argument's sizes, which must agree with
    its static ones).

    Expects: tensor functions as torch-mlir's linalg-on-tensors output prints them.
    Produces: the function takes the static types; canonicalize and cse fold every size computed from
    them, a tensor.reshape by a now-constant shape and a tensor.concat of static tensors get their
    static result types, a reshape between static types becomes the collapse_shape / expand_shape it is, a
    generic that only copies a tensor element by element is that tensor, and a result returned
    through a tensor.cast of a static tensor is returned as that tensor (the function type says so).
    Sizes that depend on nothing the arguments decide stay dynamic (the graph reader then names them).
    """

    name = "static-shapes"
    function: str = ""
    shapes: str = ""

    def run(self, module: ir.Module) -> None:
        func = self.target(module)
        block = func.regions[0].blocks[0]
        try:
            shapes = parse_shapes(self.shapes)
        except ValueError as exc:
            raise self.fail(str(exc)) from None
        if len(shapes) != len(block.arguments):
            raise self.fail(f"{len(shapes)} shape(s) for @{self._name(func)}'s {len(block.arguments)} argument(s)")
        function_type = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        inputs = list(function_type.inputs)
        first = block.operations[0]
        for i, (arg, shape) in enumerate(zip(block.arguments, shapes)):
            if not isinstance(arg.type, ir.RankedTensorType):
                raise self.fail(f"argument {i} of @{self._name(func)} is {arg.type}, not a ranked tensor")
            t = ir.RankedTensorType(arg.type)
            if _disagree(shape, t):
                raise self.fail(f"shape {'x'.join(map(str, shape)) or '()'} does not fit argument {i}'s type {t}")
            if t.has_static_shape:
                continue
            inputs[i] = ir.RankedTensorType.get(list(shape), t.element_type)
            arg.set_type(inputs[i])
            with ir.InsertionPoint(first), first.location:
                cast = ir.Operation.create("tensor.cast", operands=[arg], results=[t])
            arg.replace_all_uses_except(cast.result, cast)
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(inputs, list(function_type.results)))
        fold = passmanager.PassManager.parse(_FOLD)
        for _ in range(_MAX_ROUNDS):
            self._fold(fold, module)
            if not _static_reshapes(block) + _static_concats(block):
                break
        self._static_results(func)
        _as_views(block)
        _identity_gathers(block)
        self._fold(fold, module)
        self._check_consistent(func)

    def _check_consistent(self, func: ir.Operation) -> None:
        """Fails where the folded function says these shapes are not its own: a cast (through a chain of
        them) of a static tensor to another static size, an assertion that folded to false."""
        for op in walk(func, "tensor.cast"):
            origin = op.operands[0]
            while (cast := _defining(origin)) is not None and cast.name == "tensor.cast":
                origin = cast.operands[0]
            source, result = (ir.RankedTensorType(v.type) for v in (origin, op.results[0]))
            if source.has_static_shape and _disagree(tuple(source.shape), result):
                raise self.fail(f"the function's types contradict these shapes: it casts {source} to {result}", op)
        for op in walk(func, "cf.assert"):
            condition = _defining(op.operands[0])
            if condition is not None and condition.name == "arith.constant" and \
                    not ir.BoolAttr(condition.attributes["value"]).value:
                raise self.fail(f"at these shapes the function fails its assertion "
                                f"{ir.StringAttr(op.attributes['msg']).value!r}", op)

    def _fold(self, fold, module: ir.Module) -> None:
        try:
            fold.run(module.operation)
        except ir.MLIRError as exc:  # a static size in the function's types that these shapes contradict
            first = exc.error_diagnostics[0] if exc.error_diagnostics else None
            raise self.fail("the function's types contradict these shapes: " +
                            (f"{first.message} at {first.location}" if first else str(exc))) from None

    def target(self, module: ir.Module) -> ir.Operation:
        """The function the pass specializes (option `function`, or the module's only public one)."""
        funcs = [op.operation for op in module.body.operations if op.operation.name == "func.func"
                 and op.operation.regions[0].blocks and "sym_visibility" not in op.operation.attributes]
        if self.function:
            funcs = [f for f in funcs if self._name(f) == self.function]
        if len(funcs) != 1:
            what = f"public function @{self.function}" if self.function else "public function with a body"
            raise self.fail(f"expected one {what}, found {len(funcs)} (option function=NAME picks one)")
        return funcs[0]

    @staticmethod
    def _name(func: ir.Operation) -> str:
        return ir.StringAttr(func.attributes["sym_name"]).value

    @staticmethod
    def _static_results(func: ir.Operation) -> None:
        block = func.regions[0].blocks[0]
        ret = block.operations[len(block.operations) - 1].operation
        function_type = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        results = list(function_type.results)
        for i, v in enumerate(list(ret.operands)):
            source = _static_source(v)
            if source is not None:
                ret.operands[i] = source
                results[i] = source.type
        func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(function_type.inputs), results))

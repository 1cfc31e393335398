"""widen-bool: tensors of i1 become tensors of i8 (0 / 1), so that they bufferize to byte memrefs."""

from __future__ import annotations

import dataclasses

import numpy as np
from mlir import ir

from ._base import ModulePass
from ._ir import walk

# Ops whose i1 tensor results only carry their operands' elements (or none): retyping the result is all.
_RETYPED = ("tensor.empty", "tensor.collapse_shape", "tensor.expand_shape", "tensor.extract_slice",
            "tensor.insert_slice", "tensor.cast", "tensor.concat")


@dataclasses.dataclass(frozen=True)
class WidenBool(ModulePass):
    """Stores i1 tensors as bytes.

    MLIR lowers a memref of i1 to LLVM only where it never stores to it (memref.store of an i1
    element fails an assertion in MemRefToLLVM), and torch-mlir's functions hold i1 tensors
    (masks, the safe softmax's all--inf test). numpy's bool arrays are bytes of 0 / 1 too.

    Expects: tensor functions whose ops are `linalg.generic` (run linalg-generalize-named-ops first:
    fills, maps, reductions, transposes become generics), the retyping ops above, constants and
    func.func / func.return.
    Produces: every tensor<...xi1> value (function arguments and results included) is a
    tensor<...xi8>; in generic bodies an i8 block argument is `arith.trunci`-ed to i1 before its
    uses, and an i1 yielded into an i8 output is `arith.extui`-ed; i1 tensor constants become i8
    ones. Other ops on i1 tensors are refused by name.
    """

    name = "widen-bool"

    def run(self, module: ir.Module) -> None:
        i1, i8 = ir.IntegerType.get_signless(1), ir.IntegerType.get_signless(8)

        def wide(t: ir.Type) -> ir.Type | None:
            if isinstance(t, ir.RankedTensorType) and t.element_type == i1:
                return ir.RankedTensorType.get(t.shape, i8, t.encoding)
            return None

        for func in walk(module.operation, "func.func"):
            if not func.regions[0].blocks:
                continue
            ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
            for arg in func.regions[0].blocks[0].arguments:
                if wide(arg.type) is not None:
                    arg.set_type(wide(arg.type))
            func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(
                [wide(t) or t for t in ftype.inputs], [wide(t) or t for t in ftype.results]))
        for op in _ops(module.operation):
            if not any(wide(v.type) is not None for v in list(op.operands) + list(op.results)) and not (
                    op.name == "linalg.generic" and any(a.type == i1 for a in op.regions[0].blocks[0].arguments)):
                continue
            if op.name == "linalg.generic":
                self._generic(op, wide, i1, i8)
            elif op.name == "arith.constant":
                self._constant(op, wide)
            elif op.name not in _RETYPED and op.name != "func.return":
                raise self.fail(f"{op.name} on a tensor of i1 (widen-bool handles linalg.generic, reshapes, slices and "
                                "concat)", op)
            for r in op.results:
                if wide(r.type) is not None:
                    r.set_type(wide(r.type))

    def _generic(self, op, wide, i1, i8) -> None:
        block = op.regions[0].blocks[0]
        operands = list(op.operands)
        for arg, v in zip(block.arguments, operands):
            if arg.type != i1 or not isinstance(v.type, ir.RankedTensorType) or v.type.element_type not in (i1, i8):
                continue  # (an operand already widened: its tensor.empty came first)
            arg.set_type(i8)
            if not list(arg.uses):
                continue
            first = block.operations[0]
            with ir.InsertionPoint(first), op.location:
                narrow = ir.Operation.create("arith.trunci", results=[i1], operands=[arg]).result
            arg.replace_all_uses_except(narrow, narrow.owner.operation)
        outputs = operands[len(operands) - len(op.results):]
        terminator = list(block.operations)[-1]
        for k, (r, init) in enumerate(zip(op.results, outputs)):
            if wide(r.type) is None and wide(init.type) is None:
                continue
            value = terminator.operands[k]
            if value.type == i1:
                with ir.InsertionPoint(terminator), op.location:
                    terminator.operands[k] = ir.Operation.create("arith.extui", results=[i8], operands=[value]).result

    def _constant(self, op, wide) -> None:
        attr = ir.DenseElementsAttr(op.attributes["value"])
        t = wide(op.results[0].type)
        if attr.is_splat:
            value = bool(ir.BoolAttr(attr.get_splat_value()).value)
            op.attributes["value"] = ir.DenseElementsAttr.get_splat(t, ir.IntegerAttr.get(t.element_type, int(value)))
        else:
            values = np.array(attr, dtype=np.bool_).astype(np.int8)
            op.attributes["value"] = ir.DenseElementsAttr.get(values, type=t.element_type, shape=list(t.shape))


def _ops(root: ir.Operation) -> list[ir.Operation]:
    """The ops directly in the functions' bodies (not in generic bodies), in order."""
    found = []
    for func in walk(root, "func.func"):
        for block in func.regions[0].blocks:
            found += [o.operation for o in block.operations]
    return found

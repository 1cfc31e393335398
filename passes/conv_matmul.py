"""conv-to-matmul: convolutions as an im2col copy and a batch matmul that nanomm's kernels compute."""

from __future__ import annotations

import dataclasses
import math

from mlir import ir

from ._base import ModulePass

# channel-first convolutions as torch-mlir prints nn.Conv1d / Conv2d / Conv3d (groups=1): input
# (n, c, *spatial), filter (f, c, *kernel), output (n, f, *out)
CONVOLUTIONS = ("linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nchw_fchw", "linalg.conv_3d_ncdhw_fcdhw")


def _ints(op: ir.Operation, name: str, rank: int) -> list[int]:
    if name not in op.attributes:
        return [1] * rank
    return [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]


def _tensor(shape, element) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>"


def _fill_value(v: ir.Value) -> ir.Value | None:
    """The scalar a linalg.fill filled v with, or None."""
    owner = v.owner
    if isinstance(owner, ir.Block) or owner.name != "linalg.fill":
        return None
    return owner.operands[0]


def _replacement(op: ir.Operation, filled: bool) -> str | None:
    """The text of a function of (input, filter, init[, init's fill value]) computing the convolution as a
    batch matmul, or None where the op's types do not allow it (dynamic sizes, mixed element types).
    filled: the init is a linalg.fill, and the matmul's is a fill of its own shape (nanomm reads a
    contraction's init as a constant where it is a fill, not a view of one)."""
    types = [ir.RankedTensorType(v.type) for v in op.operands[:3]]
    if not all(t.has_static_shape for t in types) or len({str(t.element_type) for t in types}) != 1:
        return None
    (n, c, *spatial), (f, _, *kernel), (_, _, *out) = (list(t.shape) for t in types)
    rank, element = len(kernel), str(types[0].element_type)
    strides, dilations = _ints(op, "strides", rank), _ints(op, "dilations", rank)
    x, w, init = (_tensor(t.shape, element) for t in types)
    ckk, p = c * math.prod(kernel), math.prod(out)
    col_t, w_t, c_t = _tensor([n, ckk, p], element), _tensor([f, ckk], element), _tensor([n, f, p], element)
    lines = [f"func.func @conv(%x: {x}, %w: {w}, %init: {init}{f', %s: {element}' if filled else ''}) -> {init} {{"]
    if all(k == 1 for k in kernel) and all(s == 1 for s in strides):
        # a pointwise convolution reads the input as it is: (n, c, spatial...) is already (n, c, p)
        lines.append(f"  %col = tensor.collapse_shape %x [[0], [1], [{', '.join(str(2 + i) for i in range(rank))}]]"
                     f" : {x} into {col_t}")
    else:
        # col[n, c, k..., o...] = x[n, c, o * stride + k * dilation ...]: the copy's maps are affine, so
        # MLIR's lowering makes it loops whose innermost (an output column) reads the input at the stride
        dims = [f"d{i}" for i in range(2 + 2 * rank)]
        ks, os = dims[2:2 + rank], dims[2 + rank:]
        reads = [f"{o} * {s} + {k} * {d}" for o, k, s, d in zip(os, ks, strides, dilations)]
        full = _tensor([n, c, *kernel, *out], element)
        parallel = ", ".join(['"parallel"'] * len(dims))
        lines += [
            f"  %e = tensor.empty() : {full}",
            f"  %g = linalg.generic {{indexing_maps = [affine_map<({', '.join(dims)}) -> (d0, d1, {', '.join(reads)})>,"
            f" affine_map<({', '.join(dims)}) -> ({', '.join(dims)})>], iterator_types = "
            f"[{parallel}]}} ins(%x : {x}) outs(%e : {full}) {{",
            "  ^bb0(%in: " + element + ", %o: " + element + "):",
            "    linalg.yield %in : " + element,
            f"  }} -> {full}",
            f"  %col = tensor.collapse_shape %g [[0], [{', '.join(str(1 + i) for i in range(rank + 1))}], "
            f"[{', '.join(str(2 + rank + i) for i in range(rank))}]] : {full} into {col_t}"]
    lines += [
        f"  %wc = tensor.collapse_shape %w [[0], [{', '.join(str(1 + i) for i in range(rank + 1))}]] : {w} into {w_t}",
        f"  %eb = tensor.empty() : {_tensor([n, f, ckk], element)}",
        f"  %wb = linalg.broadcast ins(%wc : {w_t}) outs(%eb : {_tensor([n, f, ckk], element)}) dimensions = [0]",
        f"  %ie = tensor.empty() : {c_t}\n  %ic = linalg.fill ins(%s : {element}) outs(%ie : {c_t}) -> {c_t}" if filled
        else f"  %ic = tensor.collapse_shape %init [[0], [1], [{', '.join(str(2 + i) for i in range(rank))}]]"
        f" : {init} into {c_t}",
        f"  %mm = linalg.batch_matmul ins(%wb, %col : {_tensor([n, f, ckk], element)}, {col_t}) outs(%ic : {c_t})"
        f" -> {c_t}",
        f"  %r = tensor.expand_shape %mm [[0], [1], [{', '.join(str(2 + i) for i in range(rank))}]] "
        f"output_shape [{', '.join(map(str, [n, f, *out]))}] : {c_t} into {init}",
        f"  return %r : {init}",
        "}"]
    # each new op at the convolution's location (describe() and errors name the op of the input)
    where = str(op.location)
    return "\n".join(line + f" {where}" if line.startswith("  } ->") or line.startswith("  %") and
                     not line.endswith("{") else line for line in "\n".join(lines).splitlines())


def rewrite_convolutions(root: ir.Operation) -> int:
    """Replaces each convolution of CONVOLUTIONS under `root` that _replacement takes; returns how many."""
    found: list[ir.Operation] = []
    root.walk(lambda o: (found.append(o) if o.name in CONVOLUTIONS else None, ir.WalkResult.ADVANCE)[1])
    changed = 0
    for op in found:
        operands = list(op.operands)[:3]
        fill = _fill_value(operands[2])
        text = _replacement(op, fill is not None)
        if text is None:
            continue
        scratch = ir.Module.parse(text)
        body = scratch.body.operations[0].regions[0].blocks[0]
        for new in list(body.operations):
            if new.operation.name == "func.return":
                op.results[0].replace_all_uses_with(new.operation.operands[0])
                break
            new.operation.move_before(op)
        for arg, value in zip(body.arguments, operands + ([fill] if fill is not None else [])):
            arg.replace_all_uses_with(value)
        op.erase()
        changed += 1
    return changed


@dataclasses.dataclass(frozen=True)
class ConvToMatmul(ModulePass):
    """Computes channel-first convolutions (linalg.conv_1d_ncw_fcw, conv_2d_nchw_fchw, conv_3d_ncdhw_fcdhw) as
    contractions, for nanomm's kernels instead of MLIR's loops.

    Expects: such convolutions on static tensors of one element type (torch-mlir's nn.Conv1d/2d/3d, the
    padding already a tensor.pad of the input).
    Produces: per convolution an im2col `linalg.generic` copying the input's windows into (n, c * kernel,
    out) (none for a 1 x 1 kernel at stride 1: a collapse_shape of the input), the filter collapsed to
    (f, c * kernel) and broadcast over the batch, one `linalg.batch_matmul` into the convolution's init
    (bias included) collapsed to (n, f, out), expanded back to (n, f, *out). Other convolutions (grouped,
    depthwise, channel-last, dynamic) are left as they are.
    """

    name = "conv-to-matmul"

    def run(self, module: ir.Module) -> None:
        rewrite_convolutions(module.operation)

"""conv-to-matmul: convolutions as a window copy and a matmul that nanomm's kernels compute, channel-last."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math

from mlir import ir

from ._base import ModulePass
from ._ir import constant_pad, splice, walk
from .winograd import winograd_lines

CHANNELS_FIRST = "nanomm.channels_first"  # on a transpose of a product's channel-last rows to torch's layout
# on the generic of a depthwise convolution: its kernel, strides, dilations, pads (lows, highs) and its
# input's spatial sizes, from which passes/depthwise.py checks the generic's maps and writes its loops
DEPTHWISE_MARK = "nanomm.depthwise"

# channel-first convolutions as torch-mlir prints nn.Conv1d / Conv2d / Conv3d (groups=1): input
# (n, c, *spatial), filter (f, c, *kernel), output (n, f, *out)
CONVOLUTIONS = ("linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nchw_fchw", "linalg.conv_3d_ncdhw_fcdhw")
# depthwise (nn.Conv2d with groups = channels, a multiplier of 1): input (n, c, *spatial), filter (c, *kernel)
DEPTHWISE = ("linalg.depthwise_conv_1d_ncw_cw", "linalg.depthwise_conv_2d_nchw_chw")
# grouped (nn.Conv2d with 1 < groups < channels): input (n, g, c, h, w), filter (g, f, c, kh, kw), output
# (n, g, f, oh, ow), torch-mlir's expand of the channels into (groups, channels of a group)
GROUPED = ("linalg.conv_2d_ngchw_gfchw",)
# A grouped convolution runs as a batch of matmuls from this many filters a group; with fewer, each
# group's product is too narrow for the kernel's tiles and MLIR's loops are faster. Zen 3 VM, one core,
# 3 x 3 of 128 channels at 28 x 28, matmuls / loops: 2, 8, 16 groups 1.61 / 30.1, 0.79 / 4.91, 0.73 /
# 4.56 ms; 32 groups (4 filters) 0.84 / 0.55. `python bench/bench_frontend.py --layers
# conv.groups2,conv.groups8,conv.groups16,conv.groups32` (loops: the package before this rule; 32 groups
# as matmuls: this constant set to 4) times them.
GROUPED_MIN_FILTERS = 8
# 3 x 3 convolutions at stride 1 run as Winograd (passes/winograd.py) where they have
# at least this many 2 x 2 output tiles, channels and filters, and direct multiply-adds: below them the
# transformed filter outweighs its uses, or the transforms' extra ops the saved time. Zen 3 VM, one core,
# conv + batch norm + residual + ReLU, window copy / Winograd: 64 ch at 56 x 56 2.01x, 512 at 7 x 7
# (16 tiles) 1.39x, 64 at 8 x 8 (16 tiles, 2.4 M) 1.49x; 512 at 4 x 4 (4 tiles) 0.55x, 32 at 8 x 8
# (0.6 M) 0.85x, 16 at 16 x 16 0.71x (timed by hand). `python bench/bench_frontend.py --layers
# block.64x56,block.128x28,block.256x14,block.512x7 [--no-winograd]` times ResNet's stride-1 blocks.
WINOGRAD = True
WINOGRAD_MIN_TILES = 16
WINOGRAD_MIN_CHANNELS = 16
WINOGRAD_MIN_MACS = 2_000_000
# and as F(4 x 4, 3 x 3) (2.25 / 4 of F(2 x 2)'s products, ~10x its float32 rounding: a few 1e-6 of the
# output's scale a convolution) where they have this many 4 x 4 tiles on one thread, twice as many on
# several. Zen 4 VM, one core, against F(2 x 2) alone: ResNet's basic blocks 1.47x at 56 x 56 (196 tiles),
# 1.53x at 28 x 28, 1.16x at 14 x 14, 1.09x at 7 x 7 (4 tiles). On several threads: at one image's 7 x 7
# stage the products are four rows against transformed filters streamed from memory (36 x 512 x 512
# floats a convolution, 2.25x F(2 x 2)'s), which threads share. There, in whole networks: one core, level
# (ResNet-18 within 3 % either way in three sittings); two cores, F(4 x 4) 8-12 % slower in ResNet-18, 1-5 %
# in -50; 14 x 14 (16 tiles) still faster in F(4 x 4) on two. More threads keep the two-thread threshold:
# not measured. `python bench/bench_frontend.py --layers resnet18,resnet50 [--threads 0] --variant
# f2at7:WINOGRAD_F4_MIN_TILES=5` (on two cores: f4at7:WINOGRAD_F4_MIN_TILES=2) times both in the same rounds.
WINOGRAD_F4_MIN_TILES = 4


def _ints(op: ir.Operation, name: str, rank: int) -> list[int]:
    if name not in op.attributes:
        return [1] * rank
    return [int(v) for v in ir.DenseIntElementsAttr(op.attributes[name])]


def _tensor(shape, element) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>"


def _located(lines: list[str], op: ir.Operation) -> str:
    """The function text of `lines` with each op at `op`'s location (describe() and errors then name the
    convolution of the input)."""
    where = str(op.location)
    return "\n".join(line + f" {where}" if line.startswith("  } ->") or line.startswith("  %") and
                     not line.endswith("{") else line for line in lines)


def _fill_value(v: ir.Value) -> ir.Value | None:
    """The scalar a linalg.fill filled v with, or None."""
    owner = v.owner
    if isinstance(owner, ir.Block) or owner.name != "linalg.fill":
        return None
    return owner.operands[0]


def _channel_bias(v: ir.Value) -> ir.Value | None:
    """The vector v broadcasts along the channels (torch-mlir's init of a convolution with a bias: a
    linalg.broadcast of it over every dimension but 1), or None."""
    owner = v.owner
    if isinstance(owner, ir.Block) or owner.name != "linalg.broadcast":
        return None
    rank = ir.RankedTensorType(v.type).rank
    dims = [int(d) for d in ir.DenseI64ArrayAttr(owner.attributes["dimensions"])]
    return owner.operands[0] if dims == [0] + list(range(2, rank)) else None


def _static_types(op: ir.Operation) -> list[ir.RankedTensorType] | None:
    """The types of a convolution's input, filter and init, or None unless all are static and of one
    element type."""
    types = [ir.RankedTensorType(v.type) for v in op.operands[:3]]
    if not all(t.has_static_shape for t in types) or len({str(t.element_type) for t in types}) != 1:
        return None
    return types


def _windows(op: ir.Operation, rank: int) -> tuple[list[str], list[str], list[str], list[str]]:
    """The loop dimensions (n, out..., kernel..., c) of a copy or sum over a convolution's windows: all of
    them, the output's, the kernel's, and the input positions they read (o * stride + k * dilation)."""
    strides, dilations = _ints(op, "strides", rank), _ints(op, "dilations", rank)
    dims = [f"d{i}" for i in range(2 + 2 * rank)]
    os, ks = dims[1:1 + rank], dims[1 + rank:1 + 2 * rank]
    return dims, os, ks, [f"{o} * {st} + {k} * {d}" for o, k, st, d in zip(os, ks, strides, dilations)]


def _copy(name: str, dims: list[str], read: str, source: str, source_t: str, out_t: str, e: str) -> list[str]:
    """Lines making %name: a new tensor of out_t over loops dims, each element `source` at `read` (a window
    copy)."""
    domain, parallel = ", ".join(dims), ", ".join(['"parallel"'] * len(dims))
    return [f"  %{name}_e = tensor.empty() : {out_t}",
            f"  %{name} = linalg.generic {{indexing_maps = [affine_map<({domain}) -> ({read})>, affine_map<({domain}) -> "
            f"({domain})>], iterator_types = [{parallel}]}} ins({source} : {source_t}) outs(%{name}_e : {out_t}) {{",
            f"  ^bb0(%in: {e}, %o: {e}):",
            f"    linalg.yield %in : {e}",
            f"  }} -> {out_t}"]


def _winograd(op: ir.Operation, init: str, n: int, c: int, f: int, kernel: list[int], out: list[int],
              tile: int = 0, threads: int = 1) -> int:
    """The tile side m where conv-to-matmul computes `op` as Winograd F(m x m, 3 x 3), else 0: a float32
    2-D 3 x 3 convolution at stride 1, undilated, from a constant filter into a fill or a bias, with enough
    tiles and channels; m = `tile` where given, else 4 where it has WINOGRAD_F4_MIN_TILES 4 x 4 tiles (twice
    as many for several `threads`), else 2."""
    filt = op.operands[1].owner
    if not (op.name == "linalg.conv_2d_nchw_fchw" and kernel == [3, 3] and init in ("fill", "bias")
            and str(ir.RankedTensorType(op.operands[0].type).element_type) == "f32"
            and _ints(op, "strides", 2) == [1, 1] and _ints(op, "dilations", 2) == [1, 1]
            and not isinstance(filt, ir.Block) and filt.name == "arith.constant"
            and min(c, f) >= WINOGRAD_MIN_CHANNELS and n * c * f * 9 * out[0] * out[1] >= WINOGRAD_MIN_MACS
            and n * ((out[0] + 1) // 2) * ((out[1] + 1) // 2) >= WINOGRAD_MIN_TILES):
        return 0
    return tile or (4 if n * -(-out[0] // 4) * -(-out[1] // 4) >= WINOGRAD_F4_MIN_TILES * min(threads, 2) else 2)


def _replacement(op: ir.Operation, init: str, winograd: bool = False, tile: int = 0,
                 threads: int = 1) -> str | None:
    """The text of a function of (input, filter, init[, init's fill value or bias vector]) computing the
    convolution as a matmul, or None where the op's types do not allow it (dynamic sizes, mixed element
    types). init: "fill" (the init is a linalg.fill: the matmul's is a fill of its own shape, which nanomm
    reads as a constant), "bias" (a vector broadcast along the channels: added to the product by an
    element-wise generic, which nanomm fuses as the kernel's bias) or "tensor" (accumulated into)."""
    types = _static_types(op)
    if types is None:
        return None
    (n, c, *spatial), (f, _, *kernel), (_, _, *out) = (list(t.shape) for t in types)
    rank, e = len(kernel), str(types[0].element_type)
    x, w, init_t = (_tensor(t.shape, e) for t in types)
    ckk, rows = c * math.prod(kernel), n * math.prod(out)
    col_t, c_t, last_t = _tensor([rows, ckk], e), _tensor([rows, f], e), _tensor([n, *out, f], e)
    spatial_dims = ", ".join(str(1 + i) for i in range(rank))
    extra = {"fill": f", %s: {e}", "bias": f", %b: tensor<{f}x{e}>", "tensor": ""}[init]
    lines = [f"func.func @conv(%x: {x}, %w: {w}, %init: {init_t}{extra}) -> {init_t} {{"]
    m = _winograd(op, init, n, c, f, kernel, out, tile, threads) if winograd else 0
    if m:
        body, y = winograd_lines(n, c, *spatial, f, x, w, init, m)
        lines += body + [
            f"  %oe = tensor.empty() : {init_t}",
            f"  %out = linalg.transpose ins({y} : {_tensor([n, *out, f], e)}) outs(%oe : {init_t}) "
            f"permutation = [0, 3, 1, 2]",
            f"  return %out : {init_t}",
            "}"]
        return _located(lines, op)
    # col[n, o..., k..., c] = x[n, c, o * stride + k * dilation ...]: a row per output position, its window
    # with the channels innermost (a run of them is contiguous where the input is channel-last, as the
    # outputs of other convolutions are once sink_transposes has run); MLIR's lowering makes the copy loops
    dims, os, ks, reads = _windows(op, rank)
    full = _tensor([n, *out, *kernel, c], e)
    w_last = _tensor([f, *kernel, c], e)
    if all(k == 1 for k in kernel) and all(st == 1 for st in _ints(op, "strides", rank)):
        # a 1 x 1 convolution at stride 1: its windows are the input itself, channel-last (a view of the
        # channel-last tensor it reads once sink_transposes has run, where the window copy was a copy)
        lines += [
            f"  %e = tensor.empty() : {_tensor([n, *out, c], e)}",
            f"  %g = linalg.transpose ins(%x : {x}) outs(%e : {_tensor([n, *out, c], e)}) "
            f"permutation = [0, {', '.join(str(2 + i) for i in range(rank))}, 1]",
            f"  %col = tensor.collapse_shape %g [[0, {spatial_dims}], [{rank + 1}]] : {_tensor([n, *out, c], e)} "
            f"into {col_t}"]
    else:
        lines += _copy("g", dims, f"d0, d{1 + 2 * rank}, {', '.join(reads)}", "%x", x, full, e) + [
            f"  %col = tensor.collapse_shape %g [[0, {spatial_dims}], [{', '.join(str(1 + rank + i) for i in range(rank + 1))}]]"
            f" : {full} into {col_t}"]
    lines += [
        # the filter as (k... * c, f): B of the product, a constant nanomm packs once
        f"  %wle = tensor.empty() : {w_last}",
        f"  %wl = linalg.transpose ins(%w : {w}) outs(%wle : {w_last}) permutation = [0, {', '.join(str(2 + i) for i in range(rank))}, 1]",
        f"  %wc = tensor.collapse_shape %wl [[0], [{', '.join(str(1 + i) for i in range(rank + 1))}]]"
        f" : {w_last} into {_tensor([f, ckk], e)}",
        f"  %we = tensor.empty() : {_tensor([ckk, f], e)}",
        f"  %wt = linalg.transpose ins(%wc : {_tensor([f, ckk], e)}) outs(%we : {_tensor([ckk, f], e)}) permutation = [1, 0]"]
    if init == "tensor":
        lines += [
            f"  %ie = tensor.empty() : {last_t}",
            f"  %it = linalg.transpose ins(%init : {init_t}) outs(%ie : {last_t}) "
            f"permutation = [0, {', '.join(str(2 + i) for i in range(rank))}, 1]",
            f"  %ic = tensor.collapse_shape %it [[0, {spatial_dims}], [{rank + 1}]] : {last_t} into {c_t}"]
    else:
        lines += [f"  %ie = tensor.empty() : {c_t}",
                  f"  %ic = linalg.fill ins({'%s' if init == 'fill' else '%zero'} : {e}) outs(%ie : {c_t}) -> {c_t}"]
        if init == "bias":
            lines.insert(1, f"  %zero = arith.constant 0.0 : {e}")
    lines.append(f"  %mm = linalg.matmul ins(%col, %wt : {col_t}, {_tensor([ckk, f], e)}) outs(%ic : {c_t}) -> {c_t}")
    result = "%mm"
    if init == "bias":
        lines += [
            f"  %be = tensor.empty() : {c_t}",
            f"  %mb = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,"
            f" affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\"]}}"
            f" ins(%mm, %b : {c_t}, tensor<{f}x{e}>) outs(%be : {c_t}) {{",
            f"  ^bb0(%p: {e}, %q: {e}, %o: {e}):",
            f"    %sum = arith.addf %p, %q : {e}",
            f"    linalg.yield %sum : {e}",
            f"  }} -> {c_t}"]
        result = "%mb"
    # rows back to (n, o..., f), channels moved first (a view: what reads it reads through it)
    lines += [
        f"  %r = tensor.expand_shape {result} [[0, {spatial_dims}], [{rank + 1}]] "
        f"output_shape [{', '.join(map(str, [n, *out, f]))}] : {c_t} into {last_t}",
        f"  %oe = tensor.empty() : {init_t}",
        f"  %out = linalg.transpose ins(%r : {last_t}) outs(%oe : {init_t}) "
        f"permutation = [0, {rank + 1}, {spatial_dims}]",
        f"  return %out : {init_t}",
        "}"]
    return _located(lines, op)


def _grouped_replacement(op: ir.Operation, fill: ir.Value | None) -> str | None:
    """The text of a function of (input, filter, init[, init's fill value]) computing a grouped convolution
    as a batch of matmuls, one per group (linalg.batch_matmul: nanomm's batched kernel), of the group's
    window copy, a row per output position (kernel..., channels of the group), with the group's filter
    (kernel... x channels, filters of the group); the products back to (n, g, f, oh, ow), and an init that
    is not a fill (a bias) added after. None where the op's types do not allow it, or the groups are too
    narrow (GROUPED_MIN_FILTERS)."""
    types = _static_types(op)
    if types is None:
        return None
    (n, g, c, *spatial), (_, f, _, *kernel) = (list(t.shape) for t in types[:2])
    if f < GROUPED_MIN_FILTERS:
        return None
    out = list(types[2].shape)[3:]
    rank, e = len(kernel), str(types[0].element_type)
    x, w, init_t = (_tensor(t.shape, e) for t in types)
    ckk, rows = c * math.prod(kernel), n * math.prod(out)
    strides, dilations = _ints(op, "strides", rank), _ints(op, "dilations", rank)
    # window loops (g, n, o..., k..., c): x[n, g, c, o * stride + k * dilation ...]
    dims = [f"d{i}" for i in range(3 + 2 * rank)]
    os, ks, dc = dims[2:2 + rank], dims[2 + rank:2 + 2 * rank], dims[-1]
    reads = [f"{o} * {st} + {k} * {d}" for o, k, st, d in zip(os, ks, strides, dilations)]
    full = _tensor([g, n, *out, *kernel, c], e)
    col_t, w_t, c_t = _tensor([g, rows, ckk], e), _tensor([g, ckk, f], e), _tensor([g, rows, f], e)
    last_t = _tensor([g, n, *out, f], e)
    w_last = _tensor([g, *kernel, c, f], e)
    lines = [f"func.func @conv(%x: {x}, %w: {w}, %init: {init_t}{f', %s: {e}' if fill is not None else ''}) -> {init_t} {{",
             f"  %zero = arith.constant 0.0 : {e}",
             *_copy("win", dims, f"d1, d0, {dc}, {', '.join(reads)}", "%x", x, full, e),
             f"  %col = tensor.collapse_shape %win [[0], [{', '.join(str(1 + i) for i in range(rank + 1))}], "
             f"[{', '.join(str(2 + rank + i) for i in range(rank + 1))}]] : {full} into {col_t}",
             f"  %wle = tensor.empty() : {w_last}",
             f"  %wl = linalg.transpose ins(%w : {w}) outs(%wle : {w_last}) "
             f"permutation = [0, {', '.join(str(3 + i) for i in range(rank))}, 2, 1]",
             f"  %wc = tensor.collapse_shape %wl [[0], [{', '.join(str(1 + i) for i in range(rank + 1))}], [{rank + 2}]]"
             f" : {w_last} into {w_t}",
             f"  %ie = tensor.empty() : {c_t}",
             f"  %ic = linalg.fill ins({'%s' if fill is not None else '%zero'} : {e}) outs(%ie : {c_t}) -> {c_t}",
             f"  %mm = linalg.batch_matmul ins(%col, %wc : {col_t}, {w_t}) outs(%ic : {c_t}) -> {c_t}",
             f"  %r = tensor.expand_shape %mm [[0], [{', '.join(str(1 + i) for i in range(rank + 1))}], [{rank + 2}]] "
             f"output_shape [{', '.join(map(str, [g, n, *out, f]))}] : {c_t} into {last_t}",
             f"  %oe = tensor.empty() : {init_t}",
             f"  %t = linalg.transpose ins(%r : {last_t}) outs(%oe : {init_t}) "
             f"permutation = [1, 0, {rank + 2}, {', '.join(str(2 + i) for i in range(rank))}]"]
    result = "%t"
    if fill is None:
        elementwise = ", ".join(['"parallel"'] * (3 + rank))
        identity = f"affine_map<({', '.join(dims[:3 + rank])}) -> ({', '.join(dims[:3 + rank])})>"
        lines += [f"  %se = tensor.empty() : {init_t}",
                  f"  %sum = linalg.generic {{indexing_maps = [{identity}, {identity}, {identity}], "
                  f"iterator_types = [{elementwise}]}} "
                  f"ins(%t, %init : {init_t}, {init_t}) outs(%se : {init_t}) {{",
                  f"  ^bb0(%p: {e}, %q: {e}, %o: {e}):",
                  f"    %a = arith.addf %q, %p : {e}",
                  f"    linalg.yield %a : {e}",
                  f"  }} -> {init_t}"]
        result = "%sum"
    lines += [f"  return {result} : {init_t}", "}"]
    return _located(lines, op)


def _transposed(v: ir.Value) -> tuple[ir.Operation, list[int]] | None:
    """(the transpose, its permutation) where v is the result of a CHANNELS_FIRST transpose."""
    owner = v.owner
    if isinstance(owner, ir.Block) or owner.name != "linalg.transpose" or CHANNELS_FIRST not in owner.attributes:
        return None
    return owner, [int(d) for d in ir.DenseI64ArrayAttr(owner.attributes["permutation"])]


def _transpose_back(value: ir.Value, perm: list[int], after: ir.Operation) -> ir.Value:
    """A CHANNELS_FIRST transpose of `value` by perm, placed after `after`."""
    t = ir.RankedTensorType(value.type)
    shape = [t.shape[p] for p in perm]
    text = (f"func.func @t(%a: {t}) -> {_tensor(shape, t.element_type)} {{\n"
            f"  %e = tensor.empty() : {_tensor(shape, t.element_type)}\n"
            f"  %t = linalg.transpose ins(%a : {t}) outs(%e : {_tensor(shape, t.element_type)}) "
            f"permutation = [{', '.join(map(str, perm))}]\n"
            f"  return %t : {_tensor(shape, t.element_type)}\n}}")
    back = splice(text, after.operation.block.operations[_index(after) + 1], [value])
    back.owner.operation.attributes[CHANNELS_FIRST] = ir.UnitAttr.get()
    return back


def _inverse(perm: list[int]) -> list[int]:
    """The permutation that undoes perm: a transpose's source dimension j is its result's dimension
    _inverse(perm)[j]."""
    return [perm.index(j) for j in range(len(perm))]


def _index(op: ir.Operation) -> int:
    for i, o in enumerate(op.operation.block.operations):
        if o.operation == op.operation:
            return i
    raise ValueError("op not in its block")


def _sink_through_generic(g: ir.Operation, perm: list[int]) -> bool:
    """Runs an element-wise generic reading a CHANNELS_FIRST transpose (by perm) in the transpose's source
    layout: its loops permuted, those operands read as their sources, its result transposed after it."""
    iterators = [str(a) for a in ir.ArrayAttr(g.attributes["iterator_types"])]  # (#linalg.iterator_type<parallel>)
    if len(g.results) != 1 or any("parallel" not in i for i in iterators) or len(iterators) != len(perm):
        return False
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(g.attributes["indexing_maps"])]
    rank = len(perm)
    identity = ir.AffineMap.get_identity(rank)
    out_arg = g.regions[0].blocks[0].arguments[len(g.operands) - 1]
    init = g.operands[len(g.operands) - 1]
    if maps[-1] != identity or list(out_arg.uses) or isinstance(init.owner, ir.Block) or \
            init.owner.name != "tensor.empty" or not isinstance(g.results[0].type, ir.RankedTensorType):
        return False
    # the sources of the operands read as they are from a transpose by perm (None for the others)
    sources = [(_transposed(v) or (None, None)) for v in list(g.operands)[:-1]]
    sources = [t.operands[0] if p == perm and m == identity else None for (t, p), m in zip(sources, maps)]
    if not any(v is not None for v in sources):
        return False  # (read through another map: _fold_into_generic)
    permuted = ir.AffineMap.get(rank, 0, [ir.AffineDimExpr.get(p) for p in perm])
    new_maps = []
    for i, (source, m) in enumerate(zip(sources, maps)):
        if source is not None:
            g.operands[i] = source
            new_maps.append(identity)
        else:
            new_maps.append(ir.AffineMap.get(rank, 0, [r.compose(permuted) for r in m.results]))
    t = ir.RankedTensorType(g.results[0].type)
    inverse = _inverse(perm)
    source_shape = [t.shape[inverse[j]] for j in range(rank)]
    empty = splice(f"func.func @e() -> {_tensor(source_shape, t.element_type)} {{\n"
                    f"  %e = tensor.empty() : {_tensor(source_shape, t.element_type)}\n"
                    f"  return %e : {_tensor(source_shape, t.element_type)}\n}}", g, [])
    g.operands[len(g.operands) - 1] = empty
    g.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in new_maps + [identity]])
    for op in g.regions[0].blocks[0].operations:  # (the body's loop positions: loop k is loop perm[k] now)
        if op.operation.name == "linalg.index":
            dim = ir.IntegerAttr(op.operation.attributes["dim"]).value
            op.operation.attributes["dim"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), perm[dim])
    result = g.results[0]
    result.set_type(ir.RankedTensorType.get(source_shape, t.element_type))
    back = _transpose_back(result, perm, g)
    result.replace_all_uses_except(back, back.owner.operation)
    return True


def _fold_into_generic(g: ir.Operation, perm: list[int]) -> bool:
    """A generic reading a CHANNELS_FIRST transpose (by perm) through a map that is not the identity (a
    window copy; an element-wise op already run channel-last) reads its source: the map's results in the
    source's order. Its loops stay as they are."""
    changed = False
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(g.attributes["indexing_maps"])]
    inverse = _inverse(perm)
    for i, v in enumerate(list(g.operands)[:len(g.operands) - len(g.results)]):
        source = _transposed(v)
        if source is None or source[1] != perm:
            continue
        results = list(maps[i].results)
        maps[i] = ir.AffineMap.get(maps[i].n_dims, maps[i].n_symbols, [results[inverse[m]] for m in range(len(perm))])
        g.operands[i] = source[0].operands[0]
        changed = True
    if changed:
        g.attributes["indexing_maps"] = ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps])
    return changed


def _sink_through_pad(pad: ir.Operation, perm: list[int]) -> bool:
    """tensor.pad of a CHANNELS_FIRST transpose: the source padded (its pads permuted), transposed after."""
    body = pad.regions[0].blocks[0]
    if len(pad.operands) != 1 or any(list(a.uses) for a in body.arguments):
        return False  # (dynamic pads; a padding value computed from the position, which the permutation moves)
    source = _transposed(pad.operands[0])[0].operands[0]
    rank = len(perm)
    inverse = _inverse(perm)
    lows, highs = (list(ir.DenseI64ArrayAttr(pad.attributes[k])) for k in ("static_low", "static_high"))
    t = ir.RankedTensorType(pad.results[0].type)
    pad.operands[0] = source
    pad.attributes["static_low"] = ir.DenseI64ArrayAttr.get([lows[inverse[j]] for j in range(rank)])
    pad.attributes["static_high"] = ir.DenseI64ArrayAttr.get([highs[inverse[j]] for j in range(rank)])
    result = pad.results[0]
    result.set_type(ir.RankedTensorType.get([t.shape[inverse[j]] for j in range(rank)], t.element_type))
    back = _transpose_back(result, perm, pad)
    result.replace_all_uses_except(back, back.owner.operation)
    return True


_POOLS = {"linalg.pooling_nchw_max": "linalg.pooling_nhwc_max", "linalg.pooling_nchw_sum": "linalg.pooling_nhwc_sum"}


def _sink_through_pool(pool: ir.Operation, perm: list[int]) -> bool:
    """A channel-first pooling of a CHANNELS_FIRST transpose (to channel-first, from channel-last) as the
    channel-last pooling of its source, into a fill of its own, transposed after."""
    fill = _fill_value(pool.operands[2])
    t = ir.RankedTensorType(pool.results[0].type)
    if fill is None or perm != [0, t.rank - 1] + list(range(1, t.rank - 1)):
        return False
    source, window = _transposed(pool.operands[0])[0].operands[0], pool.operands[1]
    last = _tensor([t.shape[0], *t.shape[2:], t.shape[1]], t.element_type)
    attrs = ", ".join(f"{k} = {pool.attributes[k]}" for k in ("dilations", "strides") if k in pool.attributes)
    text = (f"func.func @p(%x: {source.type}, %w: {window.type}, %s: {t.element_type}) -> {last} {{\n"
            f"  %e = tensor.empty() : {last}\n"
            f"  %i = linalg.fill ins(%s : {t.element_type}) outs(%e : {last}) -> {last}\n"
            f"  %p = {_POOLS[pool.name]} {{{attrs}}} ins(%x, %w : {source.type}, {window.type}) outs(%i : {last})"
            f" -> {last} {pool.location}\n"
            f"  return %p : {last}\n}}")
    result = splice(text, pool, [source, window, fill])
    back = _transpose_back(result, perm, result.owner)
    pool.results[0].replace_all_uses_with(back)
    pool.erase()
    return True


def sink_transposes(root: ir.Operation) -> int:
    """Moves CHANNELS_FIRST transposes (what rewrite_convolutions puts after each product) past the
    element-wise generics, pads and poolings that read them, so that a batch norm, a ReLU, a residual add and the
    next convolution's padding run on channel-last tensors, and its window copy reads channel runs (a
    transpose back to channel-last, a 1 x 1 convolution's, reads the source itself); returns how many ops
    moved. Other readers (reductions, reshapes) read through the transpose."""
    moved = 0
    while True:
        changed = 0
        for t in walk(root, "linalg.transpose"):
            try:
                marked = CHANNELS_FIRST in t.attributes
            except RuntimeError:  # (erased above: the inverse transpose of one before it)
                continue
            if not marked:
                continue
            perm = [int(d) for d in ir.DenseI64ArrayAttr(t.attributes["permutation"])]
            progress = True
            while progress:  # (a rewrite may erase or replace its op: the uses are listed again after each)
                progress = False
                for use in list(t.results[0].uses):
                    user = use.owner
                    user = user.operation if hasattr(user, "operation") else user
                    if user.name == "linalg.transpose" and \
                            [int(d) for d in ir.DenseI64ArrayAttr(user.attributes["permutation"])] == _inverse(perm):
                        user.results[0].replace_all_uses_with(t.operands[0])  # (a 1 x 1 convolution's windows)
                        user.erase()
                    elif not (user.name == "linalg.generic" and (_sink_through_generic(user, perm) or
                                                                 _fold_into_generic(user, perm)) or
                              user.name == "tensor.pad" and _sink_through_pad(user, perm) or
                              user.name in _POOLS and use.operand_number == 0 and _sink_through_pool(user, perm)):
                        continue
                    changed += 1
                    progress = True
                    break
            if not list(t.results[0].uses):
                t.erase()
        moved += changed
        if not changed:
            return moved


def _depthwise_replacement(op: ir.Operation, init: str) -> tuple[str, list] | None:
    """The text of a function of (input, filter, init[, fill value or bias vector][, padding value])
    computing a depthwise convolution channel-last, and the pad whose source it reads (or None): an
    element-wise generic over (n, out..., c), the channels innermost, reading x and the filter once for
    each tap of the kernel, so that LLVM vectorizes the loop MLIR's lowering makes of it along the
    channels and keeps the sum in a register; the result transposed to torch's layout (CHANNELS_FIRST).
    Where x is a tensor.pad (torch's padding), the generic reads the pad's source instead, at positions
    taken modulo its size (in bounds), and a tap that falls in the padding reads the padding value (a
    select on a constant mask of the positions a tap reads inside the source): no padded copy. None
    where the op's types do not allow it (dynamic sizes, mixed or integer element types). init: as
    _replacement."""
    types = _static_types(op)
    if types is None or not isinstance(types[0].element_type, (ir.F32Type, ir.F16Type, ir.BF16Type, ir.F64Type)):
        return None
    (n, c, *spatial), (_, *kernel), (_, _, *out) = (list(t.shape) for t in types)
    rank, e = len(kernel), str(types[0].element_type)
    x, w, init_t = (_tensor(t.shape, e) for t in types)
    strides, dilations = _ints(op, "strides", rank), _ints(op, "dilations", rank)
    lows, highs = [0] * rank, [0] * rank
    padded = constant_pad(op.operands[0])
    if padded is not None:
        source_t = ir.RankedTensorType(padded[0].operands[0].type)
        pad_lows, pad_highs = (list(ir.DenseI64ArrayAttr(padded[0].attributes[k])) for k in ("static_low", "static_high"))
        if source_t.has_static_shape and pad_lows[:2] == [0, 0] and pad_highs[:2] == [0, 0]:
            lows, highs, spatial = pad_lows[2:], pad_highs[2:], list(source_t.shape)[2:]
            x = _tensor(source_t.shape, e)
        else:
            padded = None
    last_t, w_last = _tensor([n, *out, c], e), _tensor([*kernel, c], e)
    dims = [f"d{i}" for i in range(2 + rank)]
    os, dc = dims[1:1 + rank], dims[-1]
    domain = f"({', '.join(dims)})"
    taps = list(itertools.product(*(range(k) for k in kernel)))
    masked = [i for i in range(rank) if lows[i] or highs[i]]

    read = functools.partial(tap_read, strides=strides, dilations=dilations, lows=lows, highs=highs, spatial=spatial,
                             out=out)
    tap_maps = []
    for tap in taps:
        tap_maps.append(f"affine_map<{domain} -> (d0, {dc}, {', '.join(read(i, o, k) for i, (o, k) in enumerate(zip(os, tap)))})>")
        tap_maps.append(f"affine_map<{domain} -> ({', '.join(map(str, tap))}, {dc})>")
        tap_maps += [f"affine_map<{domain} -> ({tap[i]}, {os[i]})>" for i in masked]
    out_map = f"affine_map<{domain} -> ({', '.join(dims)})>"
    extra = {"fill": f", %s: {e}", "bias": f", %b: tensor<{c}x{e}>", "tensor": ""}[init]
    spatial_dims = ", ".join(str(1 + i) for i in range(rank))
    lines = [f"func.func @dw(%x: {x}, %w: {w}, %init: {init_t}{extra}{f', %pv: {e}' if padded else ''}) -> {init_t} {{",
             f"  %ie = tensor.empty() : {last_t}"]
    mask_t = {}
    for i in masked:  # mask{i}[k, o]: 1 where tap k at output position o reads inside the source
        rows = [[1.0 if 0 <= o * strides[i] + k * dilations[i] - lows[i] < spatial[i] else 0.0 for o in range(out[i])]
                for k in range(kernel[i])]
        mask_t[i] = _tensor([kernel[i], out[i]], "f32")
        lines.append(f"  %mask{i} = arith.constant dense<{rows}> : {mask_t[i]}")
    # the sums start from the init, read as an input (not the output: that would be a buffer filled,
    # then read): the fill's scalar, the bias along the channels, or the init tensor made channel-last
    if init == "fill":
        start, start_map, start_t = "%s", f"affine_map<{domain} -> ()>", e
    elif init == "bias":
        start, start_map, start_t = "%b", f"affine_map<{domain} -> ({dc})>", f"tensor<{c}x{e}>"
    else:
        lines.append(f"  %i = linalg.transpose ins(%init : {init_t}) outs(%ie : {last_t}) "
                     f"permutation = [0, {', '.join(str(2 + i) for i in range(rank))}, 1]")
        start, start_map, start_t = "%i", out_map, last_t
    parallel = ", ".join(['"parallel"'] * len(dims))
    operands, types_in, args, body = [], [], [], []
    acc = "%start"
    for t in range(len(taps)):
        operands += ["%x", "%wl"] + [f"%mask{i}" for i in masked]
        types_in += [x, w_last] + [mask_t[i] for i in masked]
        args += [f"%a{t}: {e}", f"%w{t}: {e}"] + [f"%k{t}_{i}: f32" for i in masked]
        value = f"%a{t}"
        if masked:
            half = "%half"
            checks = [f"%in{t}_{i}" for i in masked]
            body += [f"    {ck} = arith.cmpf ogt, %k{t}_{i}, {half} : f32" for ck, i in zip(checks, masked)]
            ok = checks[0]
            for j, ck in enumerate(checks[1:]):
                body.append(f"    %ok{t}_{j} = arith.andi {ok}, {ck} : i1")
                ok = f"%ok{t}_{j}"
            body.append(f"    %v{t} = arith.select {ok}, %a{t}, %pv : {e}")
            value = f"%v{t}"
        body += [f"    %m{t} = arith.mulf {value}, %w{t} : {e}", f"    %s{t} = arith.addf {acc}, %m{t} : {e}"]
        acc = f"%s{t}"
    if masked:
        lines.append("  %half = arith.constant 0.5 : f32")
    marker = ", ".join(f"{name} = array<i64: {', '.join(map(str, v))}>" for name, v in (
        ("kernel", kernel), ("strides", strides), ("dilations", dilations), ("lows", lows), ("highs", highs),
        ("spatial", spatial)))
    lines += [
        f"  %wle = tensor.empty() : {w_last}",
        f"  %wl = linalg.transpose ins(%w : {w}) outs(%wle : {w_last}) "
        f"permutation = [{', '.join(str(1 + i) for i in range(rank))}, 0]",
        f"  %g = linalg.generic {{indexing_maps = [{start_map}, {', '.join(tap_maps)}, {out_map}], "
        f"iterator_types = [{parallel}], {DEPTHWISE_MARK} = {{{marker}}}}} "
        f"ins({start}, {', '.join(operands)} : {start_t}, {', '.join(types_in)}) "
        f"outs(%ie : {last_t}) {{",
        f"  ^bb0(%start: {e}, {', '.join(args)}, %unused: {e}):",
        *body,
        f"    linalg.yield {acc} : {e}",
        f"  }} -> {last_t}",
        f"  %oe = tensor.empty() : {init_t}",
        f"  %out = linalg.transpose ins(%g : {last_t}) outs(%oe : {init_t}) permutation = [0, {rank + 1}, {spatial_dims}]",
        f"  return %out : {init_t}",
        "}"]
    return _located(lines, op), ([padded[0].operands[0], padded[1]] if padded else None)


def tap_read(i: int, o: str, k: int, *, strides, dilations, lows, highs, spatial, out) -> str:
    """The position along spatial dimension i (loop `o`) that tap k of a depthwise convolution reads in
    its input: where the dimension is padded, in the source, wrapped (in bounds; a mask says whether it
    is the padding)."""
    if lows[i] or highs[i]:
        return f"({o} * {strides[i]} + {k * dilations[i] - lows[i]}) mod {spatial[i]}"
    # `o mod out` (o itself, out being the loop's size) where the position is o alone: a generic's
    # operand read by a bare loop dimension must have that dimension's size, and x is larger
    return f"{o} mod {out[i]}" if strides[i] == 1 and k * dilations[i] == 0 else \
        f"{o} * {strides[i]} + {k * dilations[i]}"


def rewrite_convolutions(root: ir.Operation, winograd: bool | None = None, tile: int = 0, threads: int = 1) -> int:
    """Replaces each convolution of CONVOLUTIONS (by _replacement: Winograd's where `winograd`, by default
    WINOGRAD, and _winograd allow, of tile side `tile` or by WINOGRAD_F4_MIN_TILES and `threads` where 0)
    and DEPTHWISE (by _depthwise_replacement) under `root` that they take; returns how many."""
    winograd = WINOGRAD if winograd is None else winograd
    changed = 0
    for op in walk(root, *GROUPED):
        operands = list(op.operands)[:3]
        init = operands[2].owner
        fill = None if isinstance(init, ir.Block) or init.name != "tensor.expand_shape" else \
            _fill_value(init.operands[0])  # (torch-mlir's init: a fill of (n, g * f, oh, ow) expanded)
        text = _grouped_replacement(op, fill)
        if text is None:
            continue
        result = splice(text, op, operands + ([fill] if fill is not None else []))
        op.results[0].replace_all_uses_with(result)
        op.erase()
        changed += 1
    for op in walk(root, *CONVOLUTIONS, *DEPTHWISE):
        operands = list(op.operands)[:3]
        fill, bias = _fill_value(operands[2]), _channel_bias(operands[2])
        extra = fill if fill is not None else bias
        init = "fill" if fill is not None else "bias" if bias is not None else "tensor"
        pad = None
        if op.name in CONVOLUTIONS:
            text = _replacement(op, init, winograd, tile, threads)
        else:
            text, pad = _depthwise_replacement(op, init) or (None, None)
        if text is None:
            continue
        if pad is not None:  # (it reads the pad's source, then the padding value)
            padded, operands[0] = operands[0], pad[0]
        result = splice(text, op, operands + ([extra] if extra is not None else []) + ([pad[1]] if pad else []))
        result.owner.operation.attributes[CHANNELS_FIRST] = ir.UnitAttr.get()
        op.results[0].replace_all_uses_with(result)
        op.erase()
        if pad is not None and not list(padded.uses):
            padded.owner.erase()
        changed += 1
    return changed


@dataclasses.dataclass(frozen=True)
class ConvToMatmul(ModulePass):
    """Computes channel-first convolutions (linalg.conv_1d_ncw_fcw, conv_2d_nchw_fchw, conv_3d_ncdhw_fcdhw) as
    matmuls, for nanomm's kernels instead of MLIR's loops, depthwise ones channel-last, and runs what lies
    between them channel-last.

    Options: `channels-last` (default 1: sink the transposes, sink_transposes); `winograd` (default 1: a
    3 x 3 convolution at stride 1 of a constant filter, large enough (WINOGRAD_MIN_*), as Winograd F(m x m,
    3 x 3), passes/winograd.py); `winograd-tile` (the output tile side m: 2 or 4; default 0: 4 where the
    output has WINOGRAD_F4_MIN_TILES 4 x 4 tiles, twice as many where `threads` > 1, else 2); `threads`
    (default 1: the threads the products will run on; nanomm.compile passes the process's cores).
    Expects: such convolutions on static tensors of one element type (torch-mlir's nn.Conv1d/2d/3d, the
    padding already a tensor.pad of the input).
    Produces: per convolution a `linalg.generic` copying the input's windows into one row per output
    position, (n * out, kernel * c) with the channels innermost; the filter in that order as (kernel * c,
    f), B of one `linalg.matmul` (a constant nanomm packs once) into a fill of its own shape (the init's
    fill value) or into zeros followed by an element-wise add of the bias along the columns (an init that
    broadcasts a bias along the channels) or into the init made channel-last; the rows expanded to (n,
    out..., f) and transposed to torch's (n, f, out...), a transpose marked `nanomm.channels_first`. Then
    (channels-last=1) each such transpose moves past the element-wise generics (their loops permuted),
    tensor.pads (their pads permuted) and channel-first poolings (made `pooling_nhwc_*`) that read it, and
    a generic reading it through another map (the next window copy) reads its source instead: between
    convolutions tensors stay channel-last, and the window copies read runs of channels. A depthwise
    convolution (linalg.depthwise_conv_1d_ncw_cw, depthwise_conv_2d_nchw_chw: float) becomes a channel-last
    generic over (n, out..., kernel..., c) with the channels innermost, its result transposed the same way
    (MLIR's lowering makes it loops; LLVM vectorizes the innermost, along the channels). With winograd=1,
    a 3 x 3 convolution at stride 1 of a constant filter (large enough) is the input transposed to
    channel-last, two generics transforming its (m + 2) x (m + 2) windows (rows, then columns), a generic
    transforming the filter (a constant), one linalg.batch_matmul of the (m + 2)^2 transformed positions,
    two generics transforming the products back (from the fill's value or the bias), the second over (n,
    oh, ow, f) itself, and that transposed the same way. Other convolutions (grouped,
    channel-last, dynamic) are left as they are.
    """

    name = "conv-to-matmul"
    channels_last: bool = True
    winograd: bool = True
    winograd_tile: int = 0
    threads: int = 1

    def run(self, module: ir.Module) -> None:
        if self.winograd_tile not in (0, 2, 4):
            raise self.fail(f"winograd-tile={self.winograd_tile}: the output tile side is 2 or 4 (0: by size)")
        if self.threads < 1:
            raise self.fail(f"threads={self.threads}: at least 1")
        if rewrite_convolutions(module.operation, self.winograd and WINOGRAD, self.winograd_tile, self.threads) and \
                self.channels_last:
            sink_transposes(module.operation)

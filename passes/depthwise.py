"""depthwise-kernel: a depthwise convolution and the element-wise ops after it as one loop nest of vector FMAs."""

from __future__ import annotations

import dataclasses
import functools
import itertools

from mlir import ir

from ._base import ModulePass
from ._ir import splice, vector_lanes, walk
from .conv_matmul import DEPTHWISE_MARK, tap_read

# element-wise body ops an epilogue may hold, by how they are written on vectors
_BINARY = {"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf",
           "arith.maxnumf", "arith.minnumf", "arith.andi", "arith.ori", "arith.xori"}
_UNARY = {"arith.negf", "math.exp", "math.tanh", "math.erf", "math.sqrt", "math.rsqrt", "math.absf", "math.log"}
_PREDICATES = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une",
               "uno", "true"]  # arith.cmpf's predicate, by its value


def _ints(marker: ir.DictAttr, name: str) -> list[int]:
    return list(ir.DenseI64ArrayAttr(marker[name]))


def _maps(op: ir.Operation) -> list[ir.AffineMap]:
    return [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]


def _map(text: str) -> ir.AffineMap:
    return ir.AffineMapAttr(ir.Attribute.parse(f"affine_map<{text}>")).value


def _parallel(op: ir.Operation, rank: int) -> bool:
    iterators = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    return len(iterators) == rank and all("parallel" in i for i in iterators)


def _groups(size: int, valid) -> list[tuple[int, int, tuple[bool, ...]]]:
    """Runs [a, b) of positions 0..size-1 along which valid(position) (the taps a position reads inside
    the input) is the same."""
    runs: list[tuple[int, int, tuple[bool, ...]]] = []
    for o in range(size):
        v = valid(o)
        if runs and runs[-1][2] == v:
            runs[-1] = (runs[-1][0], o + 1, v)
        else:
            runs.append((o, o + 1, v))
    return runs


@dataclasses.dataclass
class _Operand:
    """An epilogue generic's input: the value before it in the chain ("chain"), a vector along the channels
    ("channel", collapsed to 1-D), a scalar ("scalar": a 0-d tensor) or a tensor of the output's shape
    read at each output position ("full")."""

    kind: str
    value: ir.Value | None = None
    name: str = ""


class _Epilogue:
    """The element-wise generics after the convolution, as vector code: what is loaded once per function
    (scalars, constants), once per block of channels, and at each output position."""

    def __init__(self, lanes: int):
        self.v, self.mask = f"vector<{lanes}xf32>", f"vector<{lanes}xi1>"
        self.args: list[tuple[ir.Value, str, str]] = []  # (value, name, type) taken as function arguments
        self.top: list[str] = []  # once per function
        self.per_block: list[str] = []  # once per block of channels (%cb)
        self.chain: list[tuple[list[_Operand], ir.Operation]] = []
        self._named: dict = {}  # outside value -> its broadcast vector's name
        self.folded: set[tuple[int, int]] = set()  # (generic, body op) of the chain's affine prefix (fold())
        self.affine: tuple[str | None, str | None] = (None, None)  # its (scale, shift) vectors, once per block

    def _arg(self, value: ir.Value, type_: str) -> str:
        for v, name, _ in self.args:
            if v == value:
                return name
        name = f"%ea{len(self.args)}"
        self.args.append((value, name, type_))
        return name

    def _outside(self, value: ir.Value) -> str:
        """A vector of an f32 constant from outside the generic's body (absorb takes no other)."""
        if value not in self._named:
            k = len(self._named)
            self.top += [f"  %es{k} = arith.constant {value.owner.attributes['value']}",
                         f"  %ev{k} = vector.broadcast %es{k} : f32 to {self.v}"]
            self._named[value] = f"%ev{k}"
        return self._named[value]

    def absorb(self, g: ir.Operation, previous: ir.Value, shape: list[int]) -> bool:
        """Takes generic g (reading `previous`, the chain's value) into the epilogue where it is element-wise
        over the output's loops with operands and a body vector code expresses; False (nothing taken)
        otherwise."""
        rank = len(shape)
        if g.name != "linalg.generic" or len(g.results) != 1 or not _parallel(g, rank):
            return False
        result_t = g.results[0].type
        if not isinstance(result_t, ir.RankedTensorType) or list(result_t.shape) != shape or \
                str(result_t.element_type) != "f32":
            return False
        maps, identity = _maps(g), ir.AffineMap.get_identity(rank)
        n_in = len(g.operands) - 1
        body = g.regions[0].blocks[0]
        if maps[-1] != identity or list(body.arguments[n_in].uses):
            return False
        operands, k = [], len(self.chain)
        for i in range(n_in):
            v, m = g.operands[i], maps[i]
            t = v.type
            if v == previous and m == identity:
                operands.append(_Operand("chain"))
                continue
            if not isinstance(t, ir.RankedTensorType) or str(t.element_type) != "f32":
                return False
            results = [str(e) for e in m.results]
            name = f"%e{k}_{i}"
            if m == identity and list(t.shape) == shape:
                operands.append(_Operand("full", v, name))
            elif t.rank == 0:
                operands.append(_Operand("scalar", v, name))
            elif results.count(f"d{rank - 1}") == 1 and all(
                    r == f"d{rank - 1}" or (r == "0" and t.shape[j] == 1) for j, r in enumerate(results)) and \
                    t.shape[results.index(f"d{rank - 1}")] == shape[-1]:
                operands.append(_Operand("channel", v, name))
            else:
                return False
        if sum(o.kind == "chain" for o in operands) != 1:
            return False
        inside = set(body.arguments)
        for op in list(body.operations)[:-1]:
            op = op.operation
            ok = op.name in _BINARY | _UNARY | {"arith.cmpf", "arith.select", "arith.constant"} and \
                len(op.results) == 1 and str(op.results[0].type) in ("f32", "i1") and \
                (op.name != "arith.select" or str(op.results[0].type) == "f32")
            constant = lambda v: not isinstance(v.owner, ir.Block) and v.owner.name == "arith.constant" and \
                str(v.type) == "f32"  # noqa: E731 (a value from outside the body: a scalar constant)
            if not ok or any(v not in inside and not constant(v) for v in op.operands):
                return False
            inside.add(op.results[0])
        for o in operands:  # (what is loaded once: scalars once per function, vectors once per block)
            if o.kind == "scalar":
                self.top += [f"  {o.name}s = tensor.extract {self._arg(o.value, str(o.value.type))}[] : "
                             f"{o.value.type}", f"  {o.name} = vector.broadcast {o.name}s : f32 to {self.v}"]
            elif o.kind == "channel":
                t = ir.RankedTensorType(o.value.type)
                src = self._arg(o.value, str(t))
                if t.rank > 1:
                    groups = ", ".join(map(str, range(t.rank)))
                    self.per_block.append(f"  {o.name}f = tensor.collapse_shape {src} [[{groups}]] : {t} into "
                                          f"tensor<{shape[-1]}xf32>")
                    src = f"{o.name}f"
                self.per_block.append(f"  {o.name} = vector.transfer_read {src}[%cb], %fzero {{in_bounds = [true]}} : "
                                      f"tensor<{shape[-1]}xf32>, {self.v}")
            elif o.kind == "full":
                self._arg(o.value, str(o.value.type))
        self.chain.append((operands, g))
        return True

    def fold(self) -> None:
        """The chain's first ops that add, subtract or multiply the value by a vector along the channels, a
        0-d tensor or a constant (a batch norm of constants: (x - mean) * a * b + beta) as one x * scale +
        shift, scale and shift computed once per block of channels: one FMA an output where they took four
        ops and four vectors (reassociated: the 1 x 1 convolutions' batch norms fold into their filters
        likewise)."""
        scale = shift = None
        lines: list[str] = []

        def op_(name: str, *args: str) -> str:
            r = f"%ff{len(lines)}"
            lines.append(f"  {r} = {name} {', '.join(args)} : {self.v}")
            return r
        for k, (operands, g) in enumerate(self.chain):
            body = g.regions[0].blocks[0]
            kinds = {body.arguments[i]: o for i, o in enumerate(operands)}
            current = next(body.arguments[i] for i, o in enumerate(operands) if o.kind == "chain")
            ops = [o.operation for o in body.operations]
            for j, op in enumerate(ops[:-1]):
                if op.name not in ("arith.addf", "arith.subf", "arith.mulf") or len(list(current.uses)) != 1:
                    break
                x, y = op.operands[0], op.operands[1]
                if (x == current) == (y == current):
                    break
                other = y if x == current else x
                if other in kinds and kinds[other].kind in ("channel", "scalar"):
                    o = kinds[other].name
                elif not isinstance(other.owner, ir.Block) and other.owner.name == "arith.constant" and \
                        str(other.type) == "f32":  # (in the body or outside it: a vector made once)
                    o = self._outside(other)
                else:
                    break
                if op.name == "arith.mulf":
                    scale = o if scale is None else op_("arith.mulf", scale, o)
                    shift = None if shift is None else op_("arith.mulf", shift, o)
                elif op.name == "arith.addf":
                    shift = o if shift is None else op_("arith.addf", shift, o)
                elif x == current:  # x - o
                    shift = op_("arith.negf", o) if shift is None else op_("arith.subf", shift, o)
                else:  # o - x
                    scale = op_("arith.negf", scale) if scale is not None else self._minus_one()
                    shift = o if shift is None else op_("arith.subf", o, shift)
                self.folded.add((k, j))
                current = op.results[0]
            else:
                if ops[-1].operands[0] == current:
                    continue  # (the whole body folded: the next generic goes on from its result)
            break
        if len(self.folded) < 2:  # (one op is no cheaper folded)
            self.folded = set()
            return
        self.per_block += lines
        self.affine = (scale, shift)

    def _minus_one(self) -> str:
        if "  %fm1 = arith.constant dense<-1.0> : " + self.v not in self.top:
            self.top.append("  %fm1 = arith.constant dense<-1.0> : " + self.v)
        return "%fm1"

    def apply(self, value: str, u: str, position: str, out_t: str) -> tuple[list[str], str]:
        """The code of the epilogue on the vector `value` of output `u` at `position` (the output's indices);
        returns (lines, the result's name)."""
        lines = []
        folded_value, last = None, max(self.folded, default=None)  # (the prefix's last op: its value, the FMA's)
        if last is not None:
            scale, shift = self.affine
            folded_value = f"%fv_{u}"
            if scale is None:
                lines.append(f"      {folded_value} = arith.addf {value}, {shift} : {self.v}")
            elif shift is None:
                lines.append(f"      {folded_value} = arith.mulf {value}, {scale} : {self.v}")
            else:
                lines.append(f"      {folded_value} = vector.fma {value}, {scale}, {shift} : {self.v}")
        for k, (operands, g) in enumerate(self.chain):
            body = g.regions[0].blocks[0]
            names: dict = {}
            for i, o in enumerate(operands):
                if o.kind == "chain":
                    names[body.arguments[i]] = value
                elif o.kind == "full":
                    name = f"{o.name}_{u}"
                    lines.append(f"      {name} = vector.transfer_read {self._arg(o.value, '')}[{position}], %fzero "
                                 f"{{in_bounds = [true]}} : {out_t}, {self.v}")
                    names[body.arguments[i]] = name
                else:
                    names[body.arguments[i]] = o.name
            ops = list(body.operations)
            for j, op in enumerate(ops[:-1]):
                op = op.operation
                if (k, j) in self.folded:  # (read by the next folded op alone, but for the last)
                    names[op.results[0]] = folded_value if (k, j) == last else "<folded>"
                    continue
                r = f"%b{k}_{j}_{u}"
                names[op.results[0]] = r

                def arg(v):
                    return names[v] if v in names else self._outside(v)
                vt = self.mask if str(op.results[0].type) == "i1" else self.v
                if op.name == "arith.constant":
                    lines.append(f"      {r}s = arith.constant {op.attributes['value']}")
                    lines.append(f"      {r} = vector.broadcast {r}s : {op.results[0].type} to {vt}")
                elif op.name in _BINARY:
                    lines.append(f"      {r} = {op.name} {arg(op.operands[0])}, {arg(op.operands[1])} : {vt}")
                elif op.name in _UNARY:
                    lines.append(f"      {r} = {op.name} {arg(op.operands[0])} : {vt}")
                elif op.name == "arith.cmpf":
                    p = _PREDICATES[ir.IntegerAttr(op.attributes["predicate"]).value]
                    lines.append(f"      {r} = arith.cmpf {p}, {arg(op.operands[0])}, {arg(op.operands[1])} : {self.v}")
                else:  # arith.select
                    c, a, b = (arg(v) for v in op.operands)
                    lines.append(f"      {r} = arith.select {c}, {a}, {b} : {self.mask}, {self.v}")
            value = names[ops[-1].operation.operands[0]]
        return lines, value


def _check(op: ir.Operation, lanes: int):
    """The convolution's sizes where `op` is conv-to-matmul's depthwise generic as it wrote it, channel-last,
    of float32 with a scalar or a bias along the channels to start from, else None."""
    marker = ir.DictAttr(op.attributes[DEPTHWISE_MARK])
    kernel, strides, dilations, lows, highs, spatial = (_ints(marker, k) for k in (
        "kernel", "strides", "dilations", "lows", "highs", "spatial"))
    rank = len(kernel)
    out_t = op.results[0].type
    if rank != 2 or not isinstance(out_t, ir.RankedTensorType) or not out_t.has_static_shape or \
            str(out_t.element_type) != "f32" or not _parallel(op, rank + 2):
        return None
    n, *out, c = out_t.shape
    lanes = vector_lanes(c, lanes)
    if lanes is None:
        return None
    masked = [i for i in range(rank) if lows[i] or highs[i]]
    taps = list(itertools.product(*(range(k) for k in kernel)))
    per_tap = 2 + len(masked)
    maps = _maps(op)
    if len(op.operands) != 2 + len(taps) * per_tap:
        return None
    # the convolution's output rows; a part of it (upstream.split_inner's, for two threads) computes `out[0]`
    # of them from row `first`, its maps reading (d1 + first)
    rows = (spatial[0] + lows[0] + highs[0] - dilations[0] * (kernel[0] - 1) - 1) // strides[0] + 1
    read = functools.partial(tap_read, strides=strides, dilations=dilations, lows=lows, highs=highs, spatial=spatial,
                             out=[rows, out[1]])
    domain = "(d0, d1, d2, d3)"
    x, w = op.operands[1], op.operands[2]

    def x_map(first: int, tap, last: bool) -> ir.AffineMap:  # x channel-last, or channel-first (torch's layout)
        h, w = read(0, f"(d1 + {first})", tap[0]), read(1, "d2", tap[1])
        return _map(f"{domain} -> (d0, {h}, {w}, d3)" if last else f"{domain} -> (d0, d3, {h}, {w})")
    found = [(r, last) for last in (True, False) for r in range(rows - out[0] + 1)
             if maps[1] == x_map(r, taps[0], last)]
    if not found:
        return None
    first, last = found[0]
    for t, tap in enumerate(taps):
        at = 1 + t * per_tap
        want_w = _map(f"{domain} -> ({tap[0]}, {tap[1]}, d3)")
        if op.operands[at] != x or op.operands[at + 1] != w or maps[at] != x_map(first, tap, last) or \
                maps[at + 1] != want_w:
            return None
    x_shape = [n, *spatial, c] if last else [n, c, *spatial]
    if [list(ir.RankedTensorType(v.type).shape) for v in (x, w)] != [x_shape, [*kernel, c]]:
        return None
    start_t = op.operands[0].type
    if maps[0] == _map(f"{domain} -> ()") and str(start_t) == "f32":
        start = "fill"
    elif maps[0] == _map(f"{domain} -> (d3)") and str(start_t) == f"tensor<{c}xf32>":
        start = "bias"
    else:
        return None
    body = [o.operation for o in op.regions[0].blocks[0].operations]
    tap_ops = (["arith.cmpf"] * len(masked) + ["arith.andi"] * (len(masked) - 1) + ["arith.select"] if masked else []) \
        + ["arith.mulf", "arith.addf"]
    if [o.name for o in body] != tap_ops * len(taps) + ["linalg.yield"]:
        return None
    pads = {o.operands[2] for o in body if o.name == "arith.select"}
    if len(pads) > 1:
        return None
    pad = pads.pop() if pads else None
    inside = set(op.regions[0].blocks[0].arguments) | {r for o in body for r in o.results}
    if pad is not None and (str(pad.type) != "f32" or pad in inside):
        return None
    return dict(kernel=kernel, strides=strides, dilations=dilations, lows=lows, spatial=spatial, n=n, out=out,
                c=c, start=start, pad=pad, x=x, w=w, taps=taps, lanes=lanes, first=first, channels_last=last)


def _kernel_text(s: dict, ep: _Epilogue, lanes: int, unroll: int) -> str:
    """The function of (x, w, start[, pad], epilogue arguments...) computing the convolution and the epilogue:
    for each output row, `unroll` outputs of a row at a step, their channels a vector at a time (the
    innermost loop: x, the filter and the output read and written in order along the channels)."""
    n, (oh_n, ow_n), c = s["n"], s["out"], s["c"]
    (kh_n, kw_n), (sh, sw), (dh, dw) = s["kernel"], s["strides"], s["dilations"]
    (lh, lw), (h, w) = s["lows"], s["spatial"]
    v = f"vector<{lanes}xf32>"
    x_t, w_t = f"tensor<{n}x{h}x{w}x{c}xf32>", f"tensor<{kh_n}x{kw_n}x{c}xf32>"
    out_t = f"tensor<{n}x{oh_n}x{ow_n}x{c}xf32>"
    x_arg = x_t if s["channels_last"] else f"tensor<{n}x{c}x{h}x{w}xf32>"
    args = [f"{'%x' if s['channels_last'] else '%xa'}: {x_arg}", f"%w: {w_t}",
            "%s: f32" if s["start"] == "fill" else f"%s: tensor<{c}xf32>"]
    if s["pad"] is not None:
        args.append("%pv: f32")
    args += [f"{name}: {t}" for _, name, t in ep.args]
    consts: set[int] = set()

    def i(k: int) -> str:
        consts.add(k)
        return f"%i{k}".replace("-", "m")

    def read(name: str, source: str, indices: str, t: str) -> str:
        return f"{name} = vector.transfer_read {source}[{indices}], %fzero {{in_bounds = [true]}} : {t}, {v}"

    body: list[str] = []
    counter = itertools.count()
    first = s["first"]  # (output row oh is the convolution's row first + oh)
    rows = _groups(oh_n, lambda o: tuple(0 <= (first + o) * sh + k * dh - lh < h for k in range(kh_n)))
    cols = _groups(ow_n, lambda o: tuple(0 <= o * sw + k * dw - lw < w for k in range(kw_n)))
    result = "%init"
    for r0, r1, valid_h in rows:
        t = next(counter)
        body += [f"  %r{t} = scf.for %n = {i(0)} to {i(n)} step {i(1)} iter_args(%tn = {result}) -> ({out_t}) {{",
                 f"   %rh{t} = scf.for %oh = {i(r0)} to {i(r1)} step {i(1)} iter_args(%th = %tn) -> ({out_t}) {{",
                 f"    %ohs = arith.muli %oh, {i(sh)} : index",
                 *[f"    %ih{kh} = arith.addi %ohs, {i(first * sh + kh * dh - lh)} : index" for kh in range(kh_n)
                   if valid_h[kh]]]
        inner = "%th"
        for c0, c1, valid_w in cols:
            step = unroll if c1 - c0 >= unroll else 1
            main = c0 + (c1 - c0) // step * step
            for a, b, u_n in ((c0, main, step), (main, c1, 1)):
                if a == b:
                    continue
                q = next(counter)
                body += [f"    %q{q} = scf.for %ow = {i(a)} to {i(b)} step {i(u_n)} iter_args(%tw = {inner}) -> "
                         f"({out_t}) {{",
                         f"     %ows = arith.muli %ow, {i(sw)} : index",
                         *[f"     %iw{u}_{kw} = arith.addi %ows, {i(u * sw + kw * dw - lw)} : index"
                           for u in range(u_n) for kw in range(kw_n) if valid_w[kw]],
                         *[f"     %owu{u} = arith.addi %ow, {i(u)} : index" for u in range(u_n)],
                         f"     %cq{q} = scf.for %cb = {i(0)} to {i(c)} step {i(lanes)} iter_args(%tc = %tw) -> "
                         f"({out_t}) {{",
                         *["      " + read(f"%w{kh}_{kw}", "%w", f"{i(kh)}, {i(kw)}, %cb", w_t)
                           for kh, kw in s["taps"]],
                         "      " + read("%sv", "%s", "%cb", f"tensor<{c}xf32>") if s["start"] == "bias" else "",
                         *ep.per_block]
                accs = ["%sv" if s["start"] == "bias" else "%sfill"] * u_n
                for kh, kw in s["taps"]:  # (tap by tap, the outputs' sums independent of each other)
                    for u in range(u_n):
                        tap = "%pvv"  # (a tap in the padding: the padding value times the filter, as the generic)
                        if valid_h[kh] and valid_w[kw]:
                            tap = f"%x{u}_{kh}_{kw}"
                            body.append("      " + read(tap, "%x", f"%n, %ih{kh}, %iw{u}_{kw}, %cb", x_t))
                        body.append(f"      %a{u}_{kh}_{kw} = vector.fma {tap}, %w{kh}_{kw}, {accs[u]} : {v}")
                        accs[u] = f"%a{u}_{kh}_{kw}"
                cur = "%tc"
                for u in range(u_n):
                    position = f"%n, %oh, %owu{u}, %cb"
                    lines, value = ep.apply(accs[u], str(u), position, out_t)
                    body += lines
                    body.append(f"      %t{u} = vector.transfer_write {value}, {cur}[{position}] "
                                f"{{in_bounds = [true]}} : {v}, {out_t}")
                    cur = f"%t{u}"
                body += [f"      scf.yield {cur} : {out_t}", "     }", f"     scf.yield %cq{q} : {out_t}", "    }"]
                inner = f"%q{q}"
        body += [f"    scf.yield {inner} : {out_t}", "   }", f"   scf.yield %rh{t} : {out_t}", "  }"]
        result = f"%r{t}"
    head = [f"func.func @dw({', '.join(args)}) -> {out_t} {{",
            "  %fzero = arith.constant 0.0 : f32",
            *([] if s["channels_last"] else [  # (torch's layout: made channel-last first, one copy)
                f"  %xe = tensor.empty() : {x_t}",
                f"  %x = linalg.transpose ins(%xa : {x_arg}) outs(%xe : {x_t}) permutation = [0, 2, 3, 1]"]),
            f"  %init = tensor.empty() : {out_t}",
            *[f"  {i(k)} = arith.constant {k} : index" for k in sorted(consts)],
            f"  %pvv = vector.broadcast {'%pv' if s['pad'] is not None else '%fzero'} : f32 to {v}"]
    if s["start"] == "fill":
        head.append(f"  %sfill = vector.broadcast %s : f32 to {v}")
    return "\n".join(head + ep.top + body + [f"  return {result} : {out_t}", "}"])


@dataclasses.dataclass(frozen=True)
class DepthwiseKernel(ModulePass):
    """Computes each depthwise convolution conv-to-matmul wrote (a generic marked nanomm.depthwise), with the
    element-wise generics after it, as loops of vector FMAs.

    conv-to-matmul's generic reads the input through positions taken modulo its size and a mask per
    tap (no padded copy); MLIR's loops then compute every position's indices and masks, and reload the
    filter at each one. Here each output row's positions run in groups of the same taps inside the
    input (the border's, the interior's), so no position checks a tap; `unroll` outputs of a row a step
    share the filter's vectors (and, at stride 1, the input's), the channels innermost (x, the filter
    and the output read and written in order); the epilogue (the batch norm and clamp MobileNet puts
    after each convolution) runs on the sums before their one store. A tap in the padding adds the
    padding value times the filter, as the generic does. Zen 3 VM, one core, MobileNetV2's 17 (with
    their batch norms and ReLU6) 1.8-3.3x MLIR's loops, unroll 4 the best of 1-8 or within noise of it:
    `python bench/bench_segments.py --depthwise` times them.

    Options: `lanes` (floats a vector: 8 for AVX2, 16 for AVX-512), `unroll` (outputs a step along a row).
    Expects: tensor functions, before linalg-fuse-elementwise-ops (which would merge the generics).
    Produces: for a marked generic over (n, oh, ow, c) of float32 whose channels are a multiple of 4
    lanes or more (the widest of `lanes`, 8, 4 that divides them), reading its input channel-last (or
    channel-first: transposed to channel-last first, one copy), an scf.for nest of
    vector.transfer_read / vector.fma / vector.transfer_write on tensors, its element-wise consumers (a
    chain of single-use generics over the same loops whose other operands are vectors along the
    channels, scalars, or tensors of the output's shape; bodies of arith / math float ops) computed on
    the sums. A part of such a generic (upstream.split_inner's rows, for two threads) likewise. Other
    generics (1-D convolutions, an init tensor to start from, other channel counts) stay as they are,
    for MLIR's loops.
    """

    name = "depthwise-kernel"
    lanes: int = 8
    unroll: int = 4
    fold: bool = True

    def run(self, module: ir.Module) -> None:
        for op in walk(module.operation, "linalg.generic"):
            if DEPTHWISE_MARK not in op.attributes:
                continue
            s = _check(op, self.lanes)
            if s is None:
                continue
            ep = _Epilogue(s["lanes"])
            last = op
            shape = list(ir.RankedTensorType(op.results[0].type).shape)
            while len(list(last.results[0].uses)) == 1:
                user = next(iter(last.results[0].uses)).owner.operation
                if not ep.absorb(user, last.results[0], shape):
                    break
                last = user
            if self.fold:
                ep.fold()
            text = _kernel_text(s, ep, s["lanes"], self.unroll)
            operands = [s["x"], s["w"], op.operands[0]] + ([s["pad"]] if s["pad"] is not None else []) + \
                [v for v, _, _ in ep.args]
            result = splice(text, last, operands)
            last.results[0].replace_all_uses_with(result)
            for _, g in reversed(ep.chain):
                g.erase()
            op.erase()

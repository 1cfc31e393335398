"""vector-copies: a copy generic whose innermost loop reads and writes contiguous runs, as vector copies."""

from __future__ import annotations

import dataclasses

from mlir import ir

from ._base import ModulePass
from ._ir import splice, vector_lanes, walk


def _copy_kernel(op: ir.Operation, lanes: int) -> str | None:
    """The text of a function of the generic's input returning its result, copying a vector of `lanes` (or
    8, or 4: the widest that divides the innermost size) at a time, or None where `op` is not such a
    copy: one input, its body a yield of it, parallel loops, the output its own loops (identity map, a
    tensor.empty), the innermost loop the input's last index and in no other, static float32 tensors."""
    if op.name != "linalg.generic" or len(op.operands) != 2 or len(op.results) != 1:
        return None
    src, out = op.operands[0], op.results[0]
    if not all(isinstance(v.type, ir.RankedTensorType) and v.type.has_static_shape and
               str(v.type.element_type) == "f32" for v in (src, out)):
        return None
    src_t, out_t = ir.RankedTensorType(src.type), ir.RankedTensorType(out.type)
    body = op.regions[0].blocks[0]
    ops = [o.operation for o in body.operations]
    if len(ops) != 1 or ops[0].operands[0] != body.arguments[0] or list(body.arguments[1].uses):
        return None
    init = op.operands[1].owner
    if isinstance(init, ir.Block) or init.name != "tensor.empty":
        return None
    iterators = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    rank = out_t.rank
    if rank < 2 or src_t.rank < 1 or any("parallel" not in i for i in iterators) or \
            maps[1] != ir.AffineMap.get_identity(rank) or maps[0].n_symbols:
        return None
    inner = f"d{rank - 1}"
    results = [str(e) for e in maps[0].results]
    size = out_t.shape[-1]
    if results[-1] != inner or any(inner in r for r in results[:-1]) or src_t.shape[-1] < size:
        return None
    lanes = vector_lanes(size, lanes)
    if lanes is None:
        return None
    v = f"vector<{lanes}xf32>"
    dims = ", ".join(f"d{i}" for i in range(rank))
    ivs = [f"%i{i}" for i in range(rank - 1)] + ["%ic"]
    lines = [f"func.func @copy(%x: {src_t}) -> {out_t} {{",
             "  %pad = arith.constant 0.0 : f32", "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index",
             f"  %cl = arith.constant {lanes} : index", f"  %init = tensor.empty() : {out_t}"]
    carried = "%init"
    for i, n in enumerate(out_t.shape[:-1]):
        lines += [f"  %n{i} = arith.constant {n} : index",
                  f"  %r{i} = scf.for %i{i} = %c0 to %n{i} step %c1 iter_args(%t{i} = {carried}) -> ({out_t}) {{"]
        carried = f"%t{i}"
    lines += [f"  %nc = arith.constant {size} : index",
              f"  %rc = scf.for %ic = %c0 to %nc step %cl iter_args(%tc = {carried}) -> ({out_t}) {{"]
    at = []
    for j, r in enumerate(results[:-1]):
        lines.append(f"    %x{j} = affine.apply affine_map<({dims}) -> ({r})>({', '.join(ivs)})")
        at.append(f"%x{j}")
    lines += [f"    %v = vector.transfer_read %x[{', '.join(at + ['%ic'])}], %pad {{in_bounds = [true]}} : "
              f"{src_t}, {v}",
              f"    %w = vector.transfer_write %v, %tc[{', '.join(ivs)}] {{in_bounds = [true]}} : {v}, {out_t}",
              f"    scf.yield %w : {out_t}", "  }"]
    result = "%rc"
    for i in reversed(range(rank - 1)):
        lines += [f"  scf.yield {result} : {out_t}", "  }"]
        result = f"%r{i}"
    lines += [f"  return {result} : {out_t}", "}"]
    return "\n".join(lines)


@dataclasses.dataclass(frozen=True)
class VectorCopies(ModulePass):
    """Writes each copy generic left after fusion whose innermost loop moves a contiguous run (a window
    copy's channels; a transpose that keeps the last dimension last) as explicit vector copies.

    LLVM unrolls such an innermost loop of a few dozen iterations whole before its loop vectorizer runs,
    and llvmlite's pipeline leaves its SLP vectorizer off: ResNet-18's window copies moved one float at
    a time (a 56 x 56 x 64 input's 7.2 MB of windows in 0.62 ms, 13 GB/s on the Zen 3 VM, where a copy
    of that size runs at ~45 GB/s; `python bench/bench_segments.py --copies` times them).

    Options: `lanes` (floats a vector: 8 for AVX2, 16 for AVX-512; the widest of it, 8 and 4 that
    divides the innermost size).
    Expects: tensor functions (segments after linalg-fuse-elementwise-ops: what is left a copy is
    written to memory anyway).
    Produces: for each linalg.generic of one float32 input whose body yields it, over parallel loops
    into a tensor.empty of its own loops, whose input map's last result is the innermost loop (and no
    other result reads it), static shapes: an scf.for nest over the other loops and the innermost in
    steps of a vector, `affine.apply` of the input map's results, `vector.transfer_read` /
    `vector.transfer_write` on tensors. Other generics stay.
    """

    name = "vector-copies"
    lanes: int = 8

    def run(self, module: ir.Module) -> None:
        for op in walk(module.operation, "linalg.generic"):
            text = _copy_kernel(op, self.lanes)
            if text is None:
                continue
            result = splice(text, op, [op.operands[0]])
            op.results[0].replace_all_uses_with(result)
            op.erase()

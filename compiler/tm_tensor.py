"""torch-mlir's tm_tensor.scan (torch.cumsum, cumprod, cummax's values) as linalg ops, in the text.

torch-mlir prints what linalg cannot express in its own dialect, tm_tensor, which MLIR's parser does not
know. An inclusive scan along a dimension of static size L is a reduction: out[.., i, ..] combines
x[.., j, ..] for j = 0 .. i, in order of j, through the scan's own body, so the result is the scan's
(bitwise: the same operations in the same order). As a linalg.generic over the result's loops and a
reduction loop j: the accumulator starts at x[.., 0, ..], and for j >= 1 takes the body of (acc, x[j])
where j <= i and stays itself elsewhere: L^2 steps along the dimension (a sequence's positions: RoBERTa's
cumsum over its padding mask). The scan's second result, the last element along the dimension, is a
slice of the first. The rewrite keeps the text's line count, so diagnostics name the lines of the input.
"""

from __future__ import annotations

import re

_NAME = r"%[A-Za-z0-9_$.\-]+"
_TENSOR = r"tensor<[^>]*>"
_SCAN = re.compile(
    rf"(?P<res>{_NAME}):2 = tm_tensor\.scan dimension\((?P<dim>\d+)\) inclusive\(true\) "
    rf"ins\((?P<x>{_NAME}) : (?P<xt>{_TENSOR})\) outs\((?P<out>{_NAME}), (?P<acc>{_NAME}) : "
    rf"(?P<ot>{_TENSOR}), (?P<at>{_TENSOR})\) \{{\s*\^bb0\((?P<p>{_NAME}): (?P<e>\w+), (?P<q>{_NAME}): \w+\):"
    rf"(?P<body>.*?)tm_tensor\.yield (?P<y>{_NAME}) : \w+\s*\}} -> (?P<rt>{_TENSOR}), (?P<rat>{_TENSOR})",
    re.S)


def _shape(t: str) -> list[str]:
    return t[len("tensor<"):-1].split("x")[:-1]


def _scan_as_linalg(m: re.Match) -> str | None:
    """The ops computing the scan's two results, as one line, or None where it is not one this takes
    (dynamic sizes)."""
    shape, d, e = _shape(m["xt"]), int(m["dim"]), m["e"]
    if "?" in shape or m["xt"] != m["ot"] or m["xt"] != m["rt"]:
        return None
    rank, length = len(shape), int(shape[d])
    tag = re.sub(r"\W", "_", m["res"][1:])
    scan, acc = f"%tm_scan_{tag}_0", f"%tm_scan_{tag}_1"
    dims = [f"d{i}" for i in range(rank)]
    first = ", ".join("0" if i == d else dims[i] for i in range(rank))
    identity = f"affine_map<({', '.join(dims)}) -> ({', '.join(dims)})>"
    parallel = ", ".join(['"parallel"'] * rank)
    body = m["body"]
    for old, new in ((m["p"], "%tm_acc"), (m["q"], "%tm_x")):
        body = re.sub(rf"{re.escape(old)}(?![A-Za-z0-9_$.\-])", new, body)
    y = "%tm_acc" if m["y"] == m["p"] else "%tm_x" if m["y"] == m["q"] else m["y"]
    reads = ", ".join(f"d{rank}" if i == d else dims[i] for i in range(rank))
    ops = [
        f"%tm_first_{tag} = linalg.generic {{indexing_maps = [affine_map<({', '.join(dims)}) -> ({first})>, {identity}], "
        f"iterator_types = [{parallel}]}} ins({m['x']} : {m['xt']}) outs({m['out']} : {m['ot']}) {{ "
        f"^bb0(%tm_in: {e}, %tm_o: {e}): linalg.yield %tm_in : {e} }} -> {m['ot']}",
        f"{scan} = linalg.generic {{indexing_maps = [affine_map<({', '.join(dims)}, d{rank}) -> ({reads})>, "
        f"affine_map<({', '.join(dims)}, d{rank}) -> ({', '.join(dims)})>], iterator_types = [{parallel}, \"reduction\"]}} "
        f"ins({m['x']} : {m['xt']}) outs(%tm_first_{tag} : {m['ot']}) {{ ^bb0(%tm_x: {e}, %tm_acc: {e}): "
        f"%tm_i = linalg.index {d} : index %tm_j = linalg.index {rank} : index "
        f"%tm_one = arith.constant 1 : index %tm_after = arith.cmpi uge, %tm_j, %tm_one : index "
        f"%tm_upto = arith.cmpi ule, %tm_j, %tm_i : index %tm_take = arith.andi %tm_after, %tm_upto : i1 "
        f"{' '.join(body.split())} %tm_r = arith.select %tm_take, {y}, %tm_acc : {e} linalg.yield %tm_r : {e} "
        f"}} -> {m['ot']}",
        f"{acc} = tensor.extract_slice {scan}[{', '.join(str(length - 1) if i == d else '0' for i in range(rank))}] "
        f"[{', '.join('1' if i == d else shape[i] for i in range(rank))}] [{', '.join(['1'] * rank)}] : "
        f"{m['ot']} to {m['rat']}",
    ]
    return " ".join(ops)


def rewrite_scans(source: str) -> str:
    """`source` with each inclusive tm_tensor.scan of static shape replaced by linalg ops (and its
    results' uses renamed); others are left for the parser to refuse."""
    out, pos = [], 0
    renames = {}
    for m in _SCAN.finditer(source):
        text = _scan_as_linalg(m)
        if text is None:
            continue
        out += [source[pos:m.start()], text, "\n" * m.group(0).count("\n")]
        pos = m.end()
        tag = re.sub(r"\W", "_", m["res"][1:])
        renames[m["res"]] = tag
    out.append(source[pos:])
    text = "".join(out)
    for res, tag in renames.items():
        text = re.sub(rf"{re.escape(res)}#([01])(?![0-9])", lambda g, tag=tag: f"%tm_scan_{tag}_{g[1]}", text)
    return text

"""torch-mlir's tm_tensor.scan (torch.cumsum), tm_tensor.sort (torch.topk, torch.sort) and tm_tensor.scatter
(torch.scatter_add, index_put, index_add) as linalg ops (a scatter as an scf.for loop over its updates), in
the text.

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


def _tag(m: re.Match) -> str:
    """The op's result name as a part of the names of the ops replacing it."""
    return re.sub(r"\W", "_", m["res"][1:])


def _scan_as_linalg(m: re.Match) -> str | None:
    """The ops computing the scan's two results, as one line, or None where it is not one this takes
    (dynamic sizes)."""
    shape, d, e = _shape(m["xt"]), int(m["dim"]), m["e"]
    if "?" in shape or m["xt"] != m["ot"] or m["xt"] != m["rt"]:
        return None
    rank, length = len(shape), int(shape[d])
    tag = _tag(m)
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
        f"%tm_first_{tag} = linalg.generic {{indexing_maps = [affine_map<({', '.join(dims)}) -> ({first})>, "
        f"{identity}], iterator_types = [{parallel}]}} ins({m['x']} : {m['xt']}) outs({m['out']} : {m['ot']}) {{ "
        f"^bb0(%tm_in: {e}, %tm_o: {e}): linalg.yield %tm_in : {e} }} -> {m['ot']}",
        f"{scan} = linalg.generic {{indexing_maps = [affine_map<({', '.join(dims)}, d{rank}) -> ({reads})>, "
        f"affine_map<({', '.join(dims)}, d{rank}) -> ({', '.join(dims)})>], "
        f"iterator_types = [{parallel}, \"reduction\"]}} "
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


# tm_tensor.sort along a dimension of static size L (torch.topk, torch.sort): outs are sorted together by
# the body's comparator of the first's elements (its block arguments: the first out's two elements, then
# the second's, ...). As linalg: each element's rank, the count of elements before it (the comparator one
# way and not the other, or a tie and a lower index: a stable sort), an L^2 reduction; then each output
# position r takes the element of rank r (a select, no arithmetic: the values exactly). Two outs, the
# values and their indices (an iota), as torch-mlir prints topk.
_SORT = re.compile(
    rf"(?P<res>{_NAME}):2 = tm_tensor\.sort dimension\((?P<dim>\d+)\) outs\((?P<v>{_NAME}), (?P<i>{_NAME}) : "
    rf"(?P<vt>{_TENSOR}), (?P<it>{_TENSOR})\) \{{\s*\^bb0\((?P<a>{_NAME}): (?P<e>\w+), (?P<b>{_NAME}): \w+, "
    rf"(?P<c>{_NAME}): (?P<ie>\w+), (?P<d>{_NAME}): \w+\):(?P<body>.*?)tm_tensor\.yield (?P<y>{_NAME}) : i1\s*\}} -> "
    rf"(?P<rvt>{_TENSOR}), (?P<rit>{_TENSOR})",
    re.S)


def _renamed(body: str, suffix: str, args: dict) -> tuple[str, dict]:
    """The body with its block arguments replaced (args) and the values it defines renamed with suffix."""
    names = dict(args)
    for d in re.findall(rf"({_NAME}) =", body):
        names[d] = f"%tm_{suffix}_{d[1:]}"
    return re.sub(_NAME, lambda g: names.get(g[0], g[0]), body), names


def _sort_as_linalg(m: re.Match) -> str | None:
    shape, d, e, ie = _shape(m["vt"]), int(m["dim"]), m["e"], m["ie"]
    if "?" in shape or _shape(m["it"]) != shape or m["vt"] != m["rvt"] or m["it"] != m["rit"]:
        return None
    rank = len(shape)
    tag = _tag(m)
    dims = [f"d{i}" for i in range(rank)]
    loops = ", ".join(dims + [f"d{rank}"])
    own = ", ".join(dims)
    other = ", ".join(f"d{rank}" if i == d else dims[i] for i in range(rank))
    rank_t = m["it"].replace(f"x{ie}>", "xi64>")
    iters = ", ".join(['"parallel"'] * rank + ['"reduction"'])
    # before(k, j): the comparator of (x[k], x[j]) where it differs from (x[j], x[k]), else k < j
    kj, _ = _renamed(m["body"], "kj", {m["a"]: "%tm_xk", m["b"]: "%tm_xj", m["c"]: "%tm_ik", m["d"]: "%tm_ij"})
    jk, names = _renamed(m["body"], "jk", {m["a"]: "%tm_xj", m["b"]: "%tm_xk", m["c"]: "%tm_ij", m["d"]: "%tm_ik"})
    y_kj = f"%tm_kj_{m['y'][1:]}" if m["y"] in names else names.get(m["y"], m["y"])
    y_jk = names.get(m["y"], m["y"])
    ops = [
        f"%tm_zero_{tag} = arith.constant 0 : i64",
        f"%tm_rank_e_{tag} = tensor.empty() : {rank_t}",
        f"%tm_rank_z_{tag} = linalg.fill ins(%tm_zero_{tag} : i64) outs(%tm_rank_e_{tag} : {rank_t}) -> {rank_t}",
        f"%tm_rank_{tag} = linalg.generic {{indexing_maps = [affine_map<({loops}) -> ({own})>, "
        f"affine_map<({loops}) -> ({other})>, affine_map<({loops}) -> ({own})>, affine_map<({loops}) -> ({other})>, "
        f"affine_map<({loops}) -> ({own})>], iterator_types = [{iters}]}} "
        f"ins({m['v']}, {m['v']}, {m['i']}, {m['i']} : {m['vt']}, {m['vt']}, {m['it']}, {m['it']}) "
        f"outs(%tm_rank_z_{tag} : {rank_t}) {{ ^bb0(%tm_xj: {e}, %tm_xk: {e}, %tm_ij: {ie}, %tm_ik: {ie}, %tm_n: i64): "
        f"{' '.join(kj.split())} {' '.join(jk.split())} "
        f"%tm_j = linalg.index {d} : index %tm_k = linalg.index {rank} : index "
        f"%tm_lower = arith.cmpi ult, %tm_k, %tm_j : index %tm_tie = arith.cmpi eq, {y_kj}, {y_jk} : i1 "
        f"%tm_before = arith.select %tm_tie, %tm_lower, {y_kj} : i1 %tm_one = arith.extui %tm_before : i1 to i64 "
        f"%tm_count = arith.addi %tm_n, %tm_one : i64 linalg.yield %tm_count : i64 }} -> {rank_t}",
        # position r takes the element whose rank is r
        f"%tm_sorted_{tag}:2 = linalg.generic {{indexing_maps = [affine_map<({loops}) -> ({other})>, "
        f"affine_map<({loops}) -> ({other})>, affine_map<({loops}) -> ({other})>, affine_map<({loops}) -> ({own})>, "
        f"affine_map<({loops}) -> ({own})>], iterator_types = [{iters}]}} "
        f"ins(%tm_rank_{tag}, {m['v']}, {m['i']} : {rank_t}, {m['vt']}, {m['it']}) outs({m['v']}, {m['i']} : "
        f"{m['vt']}, {m['it']}) {{ ^bb0(%tm_r: i64, %tm_x: {e}, %tm_ix: {ie}, %tm_ov: {e}, %tm_oi: {ie}): "
        f"%tm_pos = linalg.index {d} : index %tm_p = arith.index_cast %tm_pos : index to i64 "
        f"%tm_here = arith.cmpi eq, %tm_r, %tm_p : i64 %tm_v = arith.select %tm_here, %tm_x, %tm_ov : {e} "
        f"%tm_i = arith.select %tm_here, %tm_ix, %tm_oi : {ie} linalg.yield %tm_v, %tm_i : {e}, {ie} }} "
        f"-> ({m['vt']}, {m['it']})",
    ]
    return " ".join(ops)


# tm_tensor.scatter (torch.scatter_add, index_put, index_add) whose indices address the leading dimensions of
# the original (dimension_map 0 .. D-1) and whose updates are slices of the rest (of rank 1 along the indexed
# dimensions, or without them): for each update n in order,
# original[indices[n, 0], .., indices[n, D-1], ...] = body(update[n, ...], that element). As an scf.for over the
# updates carrying the result: each step reads its indices (negative ones counted from the end, as torch does),
# and where they are inside the original, applies the body to the update and the element (a scalar) or to
# their slices of the trailing dimensions (a linalg.generic) and inserts the values (an index torch would refuse
# as out of range updates nothing here). N x (an update's size) steps; bufferized in place.
_SCATTER = re.compile(
    rf"(?P<res>{_NAME}) = tm_tensor\.scatter \{{dimension_map = array<i64: (?P<map>[0-9, ]+)>\}} "
    rf"unique_indices\((?:true|false)\)\s+ins\((?P<u>{_NAME}(?:#\d+)?), (?P<i>{_NAME}(?:#\d+)?) : "
    rf"(?P<ut>{_TENSOR}), (?P<it>{_TENSOR})\)\s+outs\((?P<o>{_NAME}(?:#\d+)?) : (?P<ot>{_TENSOR})\) "
    rf"\{{\s*\^bb0\((?P<a>{_NAME}): (?P<e>\w+), (?P<b>{_NAME}): \w+\):"
    rf"(?P<body>.*?)tm_tensor\.yield (?P<y>{_NAME}) : \w+\s*\}} -> (?P<rt>{_TENSOR})",
    re.S)


def _scatter_as_loop(m: re.Match) -> str | None:
    updates, indices, original = _shape(m["ut"]), _shape(m["it"]), _shape(m["ot"])
    leading = [int(d) for d in m["map"].split(",")]
    depth, rank = len(leading), len(original)
    # (each update a slice aligned with the original's trailing dimensions: of those not indexed, or of all,
    # with size 1 along the indexed ones)
    extra = len(updates) - 1 - (rank - depth)
    if "?" in updates + indices + original or m["ot"] != m["rt"] or leading != list(range(depth)) or \
            indices != [updates[0] if updates else "", str(depth)] or not 0 <= extra <= depth or \
            updates[1 + extra:] != original[depth:] or any(n != "1" for n in updates[1:1 + extra]):
        return None
    e, ie, ot, ut, it = m["e"], m["it"][:-1].rsplit("x", 1)[1], m["ot"], m["ut"], m["it"]
    t = _tag(m)
    body, names = _renamed(m["body"], f"s_{t}", {m["a"]: f"%tm_u_{t}", m["b"]: f"%tm_o_{t}"})
    y = names.get(m["y"], m["y"])
    ops = [f"%tm_c0_{t} = arith.constant 0 : index", f"%tm_c1_{t} = arith.constant 1 : index",
           f"%tm_cn_{t} = arith.constant {updates[0]} : index",
           f"{m['res']} = scf.for %tm_n_{t} = %tm_c0_{t} to %tm_cn_{t} step %tm_c1_{t} "
           f"iter_args(%tm_acc_{t} = {m['o']}) -> ({ot}) {{"]
    ok = []
    for k in range(depth):  # (index k names position p_k, or p_k - size_k counted from the end)
        v = f"{k}_{t}"
        ops += [f"%tm_kc{v} = arith.constant {k} : index",
                f"%tm_k{v} = tensor.extract {m['i']}[%tm_n_{t}, %tm_kc{v}] : {it}",
                f"%tm_size{v} = arith.constant {original[k]} : {ie}", f"%tm_zero{v} = arith.constant 0 : {ie}",
                f"%tm_neg{v} = arith.cmpi slt, %tm_k{v}, %tm_zero{v} : {ie}",
                f"%tm_w{v} = arith.addi %tm_k{v}, %tm_size{v} : {ie}",
                f"%tm_v{v} = arith.select %tm_neg{v}, %tm_w{v}, %tm_k{v} : {ie}",
                f"%tm_lo{v} = arith.cmpi sge, %tm_v{v}, %tm_zero{v} : {ie}",
                f"%tm_hi{v} = arith.cmpi slt, %tm_v{v}, %tm_size{v} : {ie}",
                f"%tm_in{v} = arith.andi %tm_lo{v}, %tm_hi{v} : i1",
                f"%tm_p{v} = arith.index_cast %tm_v{v} : {ie} to index"]
        ok.append(f"%tm_in{v}")
    for k in range(1, depth):
        ops.append(f"%tm_all{k}_{t} = arith.andi {ok[k - 1] if k == 1 else f'%tm_all{k - 1}_{t}'}, {ok[k]} : i1")
    inside = ok[0] if depth == 1 else f"%tm_all{depth - 1}_{t}"
    at = [f"%tm_p{k}_{t}" for k in range(depth)]
    ops.append(f"%tm_r_{t} = scf.if {inside} -> ({ot}) {{")
    trailing = original[depth:]
    if not trailing:  # (one element an update)
        first = ", ".join([f"%tm_n_{t}"] + [f"%tm_c0_{t}"] * extra)
        ops += [f"%tm_u_{t} = tensor.extract {m['u']}[{first}] : {ut}",
                f"%tm_o_{t} = tensor.extract %tm_acc_{t}[{', '.join(at)}] : {ot}", " ".join(body.split()),
                f"%tm_new_{t} = tensor.insert {y} into %tm_acc_{t}[{', '.join(at)}] : {ot}"]
    else:  # (the update's slice of the trailing dimensions and the original's: one generic)
        st = f"tensor<{'x'.join(trailing)}x{e}>"
        zeros, par = ["0"] * len(trailing), ", ".join(['"parallel"'] * len(trailing))
        uoff = ", ".join([f"%tm_n_{t}"] + ["0"] * (extra + len(trailing)))
        usize = ", ".join(["1"] * (1 + extra) + trailing)
        ooff, osize = ", ".join(at + zeros), ", ".join(["1"] * depth + trailing)
        loops = ", ".join(f"d{i}" for i in range(len(trailing)))
        ident = f"affine_map<({loops}) -> ({loops})>"
        ops += [f"%tm_us_{t} = tensor.extract_slice {m['u']}[{uoff}] [{usize}] [{', '.join(['1'] * len(updates))}] "
                f": {ut} to {st}",
                f"%tm_os_{t} = tensor.extract_slice %tm_acc_{t}[{ooff}] [{osize}] [{', '.join(['1'] * rank)}] "
                f": {ot} to {st}",
                f"%tm_ys_{t} = linalg.generic {{indexing_maps = [{ident}, {ident}], iterator_types = "
                f"[{par}]}} ins(%tm_us_{t} : {st}) outs(%tm_os_{t} : {st}) "
                f"{{ ^bb0(%tm_u_{t}: {e}, %tm_o_{t}: {e}): {' '.join(body.split())} linalg.yield {y} : {e} }} -> {st}",
                f"%tm_new_{t} = tensor.insert_slice %tm_ys_{t} into %tm_acc_{t}[{ooff}] [{osize}] "
                f"[{', '.join(['1'] * rank)}] : {st} into {ot}"]
    ops += [f"scf.yield %tm_new_{t} : {ot}", "} else {", f"scf.yield %tm_acc_{t} : {ot}", "}",
            f"scf.yield %tm_r_{t} : {ot}", "}"]
    return " ".join(ops)


def _rewrite(source: str, pattern: re.Pattern, as_linalg, result) -> str:
    """`source` with each match of `pattern` that as_linalg takes replaced by its ops, on the match's
    first line (the lines after it left empty), and the uses `%r#k` of its results renamed result(tag, k)."""
    out, pos, tags = [], 0, {}
    for m in pattern.finditer(source):
        text = as_linalg(m)
        if text is None:
            continue
        out += [source[pos:m.start()], text, "\n" * m.group(0).count("\n")]
        pos = m.end()
        tags[m["res"]] = _tag(m)
    text = "".join(out + [source[pos:]])
    for res, tag in tags.items():
        text = re.sub(rf"{re.escape(res)}#([01])(?![0-9])", lambda g, tag=tag: result(tag, g[1]), text)
    return text


def rewrite(source: str) -> str:
    """`source` with each inclusive tm_tensor.scan, each two-out tm_tensor.sort and each tm_tensor.scatter into
    leading dimensions, of static shape, replaced by linalg ops (a scan's results then two values, a sort's
    those of a two-result linalg.generic; a scatter an scf.for); others are left for the parser to refuse."""
    if "tm_tensor.scan" in source:
        source = _rewrite(source, _SCAN, _scan_as_linalg, lambda tag, k: f"%tm_scan_{tag}_{k}")
    if "tm_tensor.sort" in source:
        source = _rewrite(source, _SORT, _sort_as_linalg, lambda tag, k: f"%tm_sorted_{tag}#{k}")
    if "tm_tensor.scatter" in source:
        source = _rewrite(source, _SCATTER, _scatter_as_loop, lambda tag, k: f"%tm_scatter_{tag}#{k}")
    return source

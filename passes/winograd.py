"""Winograd F(m x m, 3 x 3), m = 2 or 4: a 3 x 3 convolution at stride 1 as (m + 2)^2 matmuls of 2.25x
(m = 2) or 4x (m = 4) fewer multiply-adds.

conv-to-matmul computes such convolutions this way (rather than a window copy and one matmul) where they
have enough m x m output tiles: each tile's (m + 2) x (m + 2) input window d is transformed to V = B^T d
B, the filter g to U = G g G^T (once: the filter is a constant), the (m + 2)^2 positions of V and U
multiplied as that many matmuls (tiles x channels) @ (channels x filters), one linalg.batch_matmul that
nanomm's batched kernel runs, and each tile's product M transformed back to its m x m outputs Y = A^T M
A (Lavin and Gray, "Fast Algorithms for Convolutional Neural Networks", 2016). The transforms are
linalg.generics over channel-last tensors, the channels innermost, each a sum of m + 2 terms whose
coefficients come from a constant table (MLIR's lowering makes them loops that LLVM vectorizes along the
channels).

F(2 x 2)'s coefficients are 0, +-1 and +-1/2, so its result agrees with the direct convolution to float32
rounding. F(4 x 4)'s run to 8 and 1/24: its rounding is ~10x the direct convolution's, up to 2.5e-6 of
the output's scale in `python bench/check_frontend_models.py --winograd-everywhere` (ResNet-18 against
torch: 5.7e-7, 5.2e-7 with F(2 x 2) alone; bench/results/zen4-vm/2026-12-07-frontend-resnet-f4-*). An infinite
input, though, meets a zero coefficient or its own negation in the sums (0 * inf, inf - inf) and makes
NaN in its tile's outputs where the direct convolution would give +-inf (for m = 4 in all 16 of them).
Option `winograd=0` of conv-to-matmul (or WINOGRAD = False) keeps the window copy; `winograd-tile=2` (or
WINOGRAD_F4_MIN_TILES huge) keeps F(2 x 2).
"""

from __future__ import annotations

# B^T (the input's transform), G (the filter's) and A^T (the output's) of F(2 x 2, 3 x 3)
BT = [[1.0, 0.0, -1.0, 0.0], [0.0, 1.0, 1.0, 0.0], [0.0, -1.0, 1.0, 0.0], [0.0, 1.0, 0.0, -1.0]]
G = [[1.0, 0.0, 0.0], [0.5, 0.5, 0.5], [0.5, -0.5, 0.5], [0.0, 0.0, 1.0]]
AT = [[1.0, 1.0, 1.0, 0.0], [0.0, 1.0, -1.0, -1.0]]
# and of F(4 x 4, 3 x 3) (interpolation points 0, +-1, +-2 and infinity)
BT4 = [[4.0, 0.0, -5.0, 0.0, 1.0, 0.0], [0.0, -4.0, -4.0, 1.0, 1.0, 0.0], [0.0, 4.0, -4.0, -1.0, 1.0, 0.0],
       [0.0, -2.0, -1.0, 2.0, 1.0, 0.0], [0.0, 2.0, -1.0, -2.0, 1.0, 0.0], [0.0, 4.0, 0.0, -5.0, 0.0, 1.0]]
G4 = [[1 / 4, 0.0, 0.0], [-1 / 6, -1 / 6, -1 / 6], [-1 / 6, 1 / 6, -1 / 6], [1 / 24, 1 / 12, 1 / 6],
      [1 / 24, -1 / 12, 1 / 6], [0.0, 0.0, 1.0]]
AT4 = [[1.0, 1.0, 1.0, 1.0, 1.0, 0.0], [0.0, 1.0, -1.0, 2.0, -2.0, 0.0], [0.0, 1.0, 1.0, 4.0, 4.0, 0.0],
       [0.0, 1.0, -1.0, 8.0, -8.0, 1.0]]
TABLES = {2: (BT, G, AT), 4: (BT4, G4, AT4)}  # tile side m: (B^T, G, A^T)


# On the input transform's first generic: on several threads a forward's segment ends before the pad that
# feeds it (compiler/graph.py), so that both the segment before (an output transform, its batch norm and
# ReLU: cut by rows) and the transform (cut by its positions) run in halves.
INPUT_MARK = "nanomm.winograd_input"


def _t(shape, e: str = "f32") -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{e}>"


def _dense(rows: list[list[float]]) -> str:
    return f"arith.constant dense<{rows}> : {_t([len(rows), len(rows[0])])}"


def _sum_generic(name: str, dims: int, table: str, table_t: str, coefficient: str, source: str, source_t: str,
                 reads: list[str], out_t: str, start: tuple[str, str, str] | None = None,
                 out_map: str | None = None, mark: str | None = None) -> list[str]:
    """Lines making %name = sum over t of table[coefficient, t] * source[reads[t]] (+ a start value), a
    generic over `dims` loops d0... with output map `out_map` (identity if None), marked with the unit
    attribute `mark` if given."""
    domain = ", ".join(f"d{i}" for i in range(dims))
    maps, operands, types, args = [], [], [], []
    if start is not None:
        value, value_t, value_map = start
        maps.append(f"affine_map<({domain}) -> ({value_map})>")
        operands.append(value)
        types.append(value_t)
        args.append("%st: f32")
    for t, read in enumerate(reads):
        maps += [f"affine_map<({domain}) -> ({coefficient}, {t})>", f"affine_map<({domain}) -> ({read})>"]
        operands += [table, source]
        types += [table_t, source_t]
        args += [f"%k{t}: f32", f"%v{t}: f32"]
    maps.append(f"affine_map<({domain}) -> ({out_map or domain})>")
    body, acc = [], "%st" if start is not None else None
    for t in range(len(reads)):
        body.append(f"    %p{t} = arith.mulf %k{t}, %v{t} : f32")
        if acc is None:
            acc = f"%p{t}"
        else:
            body.append(f"    %s{t} = arith.addf {acc}, %p{t} : f32")
            acc = f"%s{t}"
    parallel = ", ".join(['"parallel"'] * dims)
    return [f"  %{name}_e = tensor.empty() : {out_t}",
            f"  %{name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{parallel}]"
            f"{f', {mark}' if mark else ''}}} "
            f"ins({', '.join(operands)} : {', '.join(types)}) outs(%{name}_e : {out_t}) {{",
            f"  ^bb0({', '.join(args)}, %o: f32):",
            *body,
            f"    linalg.yield {acc} : f32",
            f"  }} -> {out_t}"]


def winograd_lines(n: int, c: int, h: int, w: int, f: int, x_t: str, w_t: str, start: str,
                   m: int = 2) -> tuple[list[str], str]:
    """The body of conv-to-matmul's function (%x: x_t (n, c, h, w, padded), %w: w_t (f, c, 3, 3), ...)
    computing the convolution as Winograd F(m x m, 3 x 3) (m 2 or 4), and the name of its result, (n, oh,
    ow, f) channel-last (the last tiles of a side that m does not divide compute rows or columns past its
    end, never stored). start: "fill" (from %s, a scalar) or "bias" (from %b, along the filters)."""
    bt, g, at = TABLES[m]
    a = m + 2  # a tile's input side
    oh, ow = h - 2, w - 2
    th, tw = -(-oh // m), -(-ow // m)
    tiles = n * th * tw
    # The last tiles of such a side read rows (columns) past the input: they read the input's first ones
    # instead (mod). Only the outputs past the end, never stored, depend on them: for m = 2 structurally
    # (A^T's first row takes nothing from a tile's last input row through B^T), for m = 4 in exact
    # arithmetic (the valid outputs' sums cancel them to float32 rounding of the same size as the data's).
    row = lambda i: f"(d1 * {m} + {i}) mod {h}" if (th - 1) * m + i >= h else f"d1 * {m} + {i}"  # noqa: E731
    col = lambda j: f"(d2 * {m} + {j}) mod {w}" if (tw - 1) * m + j >= w else f"d2 * {m} + {j}"  # noqa: E731
    xl_t, u1_t = _t([n, h, w, c]), _t([a, n, th, w, c])
    v_t, va_t = _t([a, a, n, th, tw, c]), _t([a * a, tiles, c])
    gw_t, ua_t = _t([a, a, c, f]), _t([a * a, c, f])
    m_t, m6_t = _t([a * a, tiles, f]), _t([a, a, n, th, tw, f])
    z_t = _t([m, a, n, th, tw, f])
    lines = [f"  %bt = {_dense(bt)}", f"  %g = {_dense(g)}", f"  %at = {_dense(at)}",
             f"  %xle = tensor.empty() : {xl_t}",
             f"  %xl = linalg.transpose ins(%x : {x_t}) outs(%xle : {xl_t}) permutation = [0, 2, 3, 1]"]
    # input: rows (loops n, th, w, xi, c), then columns (loops n, th, tw, xi, nu, c). The transform's
    # position loops (xi, nu: a each) sit next to the channels: LLVM unrolls them into straight code whose
    # table reads fold to constants. Outermost, it unrolled whole loop nests 4 or 16 times (ResNet-18's cold
    # compile 26 -> 16 s: `NANOMM_CACHE_DIR=$(mktemp -d) python bench/bench_frontend.py --layers resnet18`).
    rows = [f"d0, {row(i)}, d2, d4" for i in range(a)]
    lines += _sum_generic("u1", 5, "%bt", _t([a, a]), "d3", "%xl", xl_t, rows, u1_t, out_map="d3, d0, d1, d2, d4",
                          mark=INPUT_MARK)
    cols = [f"d3, d0, d1, {col(j)}, d5" for j in range(a)]
    lines += _sum_generic("v", 6, "%bt", _t([a, a]), "d4", "%u1", u1_t, cols, v_t, out_map="d3, d4, d0, d1, d2, d5")
    # filter: U[xi, nu, c, f] = sum G[xi, i] G[nu, j] w[f, c, i, j], computed once (a constant)
    lines += [
        "  %zero = arith.constant 0.0 : f32",
        f"  %gwe = tensor.empty() : {gw_t}",
        f"  %gwz = linalg.fill ins(%zero : f32) outs(%gwe : {gw_t}) -> {gw_t}",
        f"  %gw = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4)>, "
        "affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d2, d4, d5)>, "
        "affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = [\"parallel\", \"parallel\", "
        f"\"parallel\", \"parallel\", \"reduction\", \"reduction\"]}} ins(%g, %g, %w : {_t([a, 3])}, {_t([a, 3])}, "
        f"{w_t}) outs(%gwz : {gw_t}) {{",
        "  ^bb0(%ga: f32, %gb: f32, %wv: f32, %acc: f32):",
        "    %gg = arith.mulf %ga, %gb : f32",
        "    %gm = arith.mulf %gg, %wv : f32",
        "    %ga2 = arith.addf %acc, %gm : f32",
        "    linalg.yield %ga2 : f32",
        f"  }} -> {gw_t}",
        f"  %u = tensor.collapse_shape %gw [[0, 1], [2], [3]] : {gw_t} into {ua_t}",
        f"  %vc = tensor.collapse_shape %v [[0, 1], [2, 3, 4], [5]] : {v_t} into {va_t}",
        f"  %me = tensor.empty() : {m_t}",
        f"  %mz = linalg.fill ins(%zero : f32) outs(%me : {m_t}) -> {m_t}",
        f"  %m = linalg.batch_matmul ins(%vc, %u : {va_t}, {ua_t}) outs(%mz : {m_t}) -> {m_t}",
        f"  %m6 = tensor.expand_shape %m [[0, 1], [2, 3, 4], [5]] output_shape [{a}, {a}, {n}, {th}, {tw}, {f}] "
        f": {m_t} into {m6_t}"]
    # output: over xi (loops n, th, tw, r, nu, f), then over nu from the start, straight into (n, oh, ow,
    # f): loops (n, oh, ow, f), tile (oh / m, ow / m), position (oh mod m, ow mod m) in it (an element-wise
    # generic of the output's shape, which the ops after it fuse into)
    lines += _sum_generic("z", 6, "%at", _t([m, a]), "d3", "%m6", m6_t,
                          [f"{i}, d4, d0, d1, d2, d5" for i in range(a)], z_t, out_map="d3, d4, d0, d1, d2, d5")
    first = {"fill": ("%s", "f32", ""), "bias": ("%b", _t([f]), "d3")}[start]
    lines += _sum_generic("y", 4, "%at", _t([m, a]), f"d2 mod {m}", "%z", z_t,
                          [f"d1 mod {m}, {j}, d0, d1 floordiv {m}, d2 floordiv {m}, d3" for j in range(a)],
                          _t([n, oh, ow, f]), start=first)
    return lines, "%y"

"""float32 exp, erf and tanh from arith ops, for scalars and vectors alike.

MLIR's own polynomial expansions of `math.exp` / `math.erf` / `math.tanh` are test-only patterns
that the Python bindings do not expose, and LLVM has no erf intrinsic, so nanomm expands them
itself (the expand-math pass; epilogues then vectorize as plain arith). Every function takes and
returns a Value of f32 or vector<...xf32> and builds at the current insertion point (`scalef`: for
an AVX-512 target, see exp()). Accuracy
(`pytest tests/unit/test_epilogue.py -k math`): exp within 2 ulp over its normal range, erf within
3.5e-7 absolute, tanh within 3.1e-7 relative; NaN propagates, +-inf give the limits.
"""

from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import arith, llvm
from mlir.dialects import math as math_d


def const(like: ir.Value, value: float) -> ir.Value:
    """A constant of `like`'s type (a splat for vectors): float for float types, else integer."""
    t = like.type
    elt = ir.VectorType(t).element_type if isinstance(t, ir.VectorType) else t
    attr = ir.FloatAttr.get(elt, value) if isinstance(elt, ir.FloatType) else ir.IntegerAttr.get(elt, int(value))
    if isinstance(t, ir.VectorType):
        return arith.ConstantOp(t, ir.DenseElementsAttr.get_splat(t, attr)).result
    return arith.ConstantOp(t, attr).result


def _int_type(like: ir.Value) -> ir.Type:
    i32 = ir.IntegerType.get_signless(32)
    t = like.type
    return ir.VectorType.get(ir.VectorType(t).shape, i32) if isinstance(t, ir.VectorType) else i32


def _fma(a, b, c):
    """a * b + c, marked contractible: LLVM makes it one FMA (polynomials are half the ops)."""
    contract = ir.Attribute.parse("#arith.fastmath<contract>")
    return arith.AddFOp(arith.MulFOp(a, b, fastmath=contract).result, c, fastmath=contract).result


def _poly(x: ir.Value, coefficients) -> ir.Value:
    """sum c_i x^i by Horner, coefficients from the highest power down."""
    acc = const(x, coefficients[0])
    for c in coefficients[1:]:
        acc = _fma(acc, x, const(x, c))
    return acc


def _select(cond, a, b):
    return arith.SelectOp(cond, a, b).result


def _cmp(pred: str, a, b):
    return arith.CmpFOp(getattr(arith.CmpFPredicate, pred), a, b).result


def _abs(x: ir.Value) -> ir.Value:
    """|x| by clearing the sign bit (math.absf is not lowered by lower-llvm's conversions)."""
    bits = arith.BitcastOp(_int_type(x), x).result
    return arith.BitcastOp(x.type, arith.AndIOp(bits, const(bits, 0x7FFFFFFF)).result).result


def exp(x: ir.Value, scalef: bool = False) -> ir.Value:
    """e^x: x = n ln2 + r (|r| <= ln2 / 2, ln2 in two parts), e^r by its degree-7 Taylor polynomial,
    2^n as 2^(n>>1) * 2^(n - n>>1) built in exponent bits (both factors normal for x in [-104, 89],
    so results round to denormals, 0 and inf as float32 does). With `scalef` (AVX-512 targets), n is
    a floor (one vrndscaleps) and p * 2^n one llvm.intr.ldexp (vscalefps, which rounds to denormals,
    0 and inf itself): 11 of the 30 instructions a vector took (on AVX2, LLVM would call libm's ldexpf
    per element)."""
    xc = arith.MaximumFOp(arith.MinimumFOp(x, const(x, 89.0)).result, const(x, -104.0)).result
    t = _fma(xc, const(x, 1.0 / math.log(2.0)), const(x, 0.5))
    vector = ir.VectorType(x.type) if isinstance(x.type, ir.VectorType) else None
    scalef = scalef and (vector is None or vector.rank == 1)  # (no ldexp of a 2-D vector here)
    if scalef:
        nf = math_d.FloorOp(t).result
        ni = arith.FPToSIOp(_int_type(x), nf).result
    else:
        ni = arith.FPToSIOp(_int_type(x), t).result  # truncation toward zero ...
        nf = arith.SIToFPOp(x.type, ni).result
        # ... made a floor: where the truncation rounded up (negative t), step down one
        ni = _select(_cmp("OGT", nf, t), arith.SubIOp(ni, const(ni, 1)).result, ni)
        nf = arith.SIToFPOp(x.type, ni).result
    r = arith.SubFOp(xc, arith.MulFOp(nf, const(x, 0.693359375)).result).result
    r = arith.SubFOp(r, arith.MulFOp(nf, const(x, -2.12194440e-4)).result).result
    p = _poly(r, [1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1.0, 1.0])
    if scalef and vector is not None:  # (llvm.intr.ldexp takes a scalar exponent only: the intrinsic by name)
        name = f"llvm.ldexp.v{vector.shape[0]}f32.v{vector.shape[0]}i32"
        y = llvm.call_intrinsic(x.type, ir.StringAttr.get(name), [p, ni], [], ir.DenseI32ArrayAttr.get([]))
    elif scalef:
        y = llvm.intr_ldexp(x.type, p, ni)
    else:
        half = arith.ShRSIOp(ni, const(ni, 1)).result
        y = p
        for part in (half, arith.SubIOp(ni, half).result):
            bits = arith.ShLIOp(arith.AddIOp(part, const(ni, 127)).result, const(ni, 23)).result
            y = arith.MulFOp(y, arith.BitcastOp(x.type, bits).result).result
    return _select(_cmp("UNO", x, x), x, y)


# erf(x) = x P(t) / Q(t), t = x^2 / 3.8^2, for |x| <= 3.8 (erf(3.8) = 1 - 7.7e-8: one beyond it): a
# rational minimax fit (linearised least squares, reweighted; `python bench/fit_rational.py` refits it),
# |error| <= 3.5e-7 evaluated in float32, no exp and one division. P and Q of degree 5: degree 6 in P
# was no more accurate in float32 and cost GELU epilogues an FMA per vector (`python bench/bench_layers.py
# --layers bert.up --ms 128 --dtypes bf16 --no-onednn`).
ERF_CLAMP = 3.8
ERF_P = [1.1283790749581357, 2.7163920540524744, 10.956824303338598, 11.12118238731604, 12.52159639560581,
         1.3385993566292398]
ERF_Q = [1.0, 7.220657562520522, 23.61515286973941, 44.630791716929494, 50.16224571960318, 24.546461807093685]


def _odd_rational(x: ir.Value, clamp: float, p: list, q: list) -> ir.Value:
    """x P(t) / Q(t), t = x^2 / clamp^2, on x clamped to +-clamp (NaN stays NaN: the clamps propagate it),
    exactly +-1 beyond the clamp (so that GELU(-inf) is -inf * 0 = NaN, as numpy's expression gives): erf's
    and tanh's form (odd: -0 stays -0)."""
    xc = arith.MaximumFOp(arith.MinimumFOp(x, const(x, clamp)).result, const(x, -clamp)).result
    t = arith.MulFOp(arith.MulFOp(xc, xc).result, const(x, 1.0 / clamp ** 2)).result
    e = arith.DivFOp(arith.MulFOp(xc, _poly(t, p[::-1])).result, _poly(t, q[::-1])).result
    e = _select(_cmp("OGT", x, const(x, clamp)), const(x, 1.0), e)
    return _select(_cmp("OLT", x, const(x, -clamp)), const(x, -1.0), e)


def erf(x: ir.Value, scalef: bool = False) -> ir.Value:
    """erf(x) by ERF_P / ERF_Q (_odd_rational)."""
    del scalef  # (no exp)
    return _odd_rational(x, ERF_CLAMP, ERF_P, ERF_Q)


# tanh(x) = x P(t) / Q(t), t = x^2 / 8.7^2, for |x| <= 8.7 (tanh(8.7) = 1 - 5.5e-8: +-1 beyond it), fitted
# as erf's for relative error (`python bench/fit_rational.py --function tanh`): |error| <= 3.1e-7 of |tanh|
# evaluated in float32, no exp and one division: about 20 vector ops where 1 - 2 / (e^(2|x|) + 1) took 45
# (a GELU-tanh epilogue's cost; `python bench/bench_frontend.py --layers gpt2.layer`).
TANH_CLAMP = 8.7
TANH_P = [0.9999999954248665, 9.91281470297564, 17.86334981704429, 4.9016670363146755, -0.6842359858713227,
          0.13882014301394593, -0.017520975212826806]
TANH_Q = [1.0, 35.142811357773006, 140.65340898404557, 111.30338115013194]


def tanh(x: ir.Value, scalef: bool = False) -> ir.Value:
    """tanh(x) by TANH_P / TANH_Q (_odd_rational)."""
    del scalef  # (no exp)
    return _odd_rational(x, TANH_CLAMP, TANH_P, TANH_Q)


EXPANSIONS = {"math.exp": exp, "math.erf": erf, "math.tanh": tanh}

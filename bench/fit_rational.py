"""Refits the rational erf and tanh of passes/_math.py and reports their float32 error beside other degrees.

    python bench/fit_rational.py                          # erf: clamps and degrees compared, then ERF_P / ERF_Q
    python bench/fit_rational.py --clamp 3.8 --degrees 5,5
    python bench/fit_rational.py --function tanh          # tanh: the same, then TANH_P / TANH_Q

f(x) ~ x P(t) / Q(t), t = x^2 / c^2, Q(0) = 1, for |x| <= c (f(c) within an ulp of 1 beyond it):
linearised least squares (x P - f Q = f, weighted by 1/Q: Loeb's iteration; for tanh by 1/(f Q): its
relative error, which near 0 is what matters), reweighted toward the largest errors (a Lawson step) for
a near-minimax fit. Errors are of the float32 evaluation (Horner in t, as the generated code does it)
over [-10, 10] and tiny |x|, against math.erf / numpy's float64 tanh.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

_ERF = np.vectorize(math.erf, otypes=[np.float64])
FUNCTIONS = {"erf": (_ERF, "3.8,3.92,4.0", "4,4;5,4;5,5;6,5;6,6"),
             "tanh": (np.tanh, "7.9,8.7,9.0", "5,4;6,3;6,4;7,4")}


def fit(c: float, dp: int, dq: int, iters: int = 60, function: str = "erf") -> tuple[np.ndarray, np.ndarray]:
    x = np.unique(np.concatenate([np.linspace(1e-5, c, 30000), c * np.sin(np.linspace(1e-4, np.pi / 2, 10000))]))
    t = (x / c) ** 2
    y = FUNCTIONS[function][0](x)
    relative = 1 / y if function == "tanh" else np.ones_like(y)
    q_of_t, w = np.ones_like(x), np.ones_like(x)
    for _ in range(iters):
        cols = [x * t ** i for i in range(dp + 1)] + [-y * t ** j for j in range(1, dq + 1)]
        a = np.stack(cols, 1) * (relative / q_of_t)[:, None]
        sol, *_ = np.linalg.lstsq(a * w[:, None], (y * relative / q_of_t) * w, rcond=None)
        p, q = sol[:dp + 1], np.concatenate([[1.0], sol[dp + 1:]])
        q_of_t = np.polyval(q[::-1], t)
        err = (x * np.polyval(p[::-1], t) / q_of_t - y) * relative
        w = w * (1 + 5 * np.abs(err) / np.abs(err).max())
        w /= w.mean()
    return p, q


def evaluate_f32(p, q, c: float, x: np.ndarray) -> np.ndarray:
    f = np.float32
    xc = np.clip(x.astype(f), -f(c), f(c))
    t = (xc * xc * f(1 / (c * c))).astype(f)

    def horner(coefficients):
        acc = np.full_like(t, f(coefficients[-1]))
        for cf in coefficients[-2::-1]:
            acc = (acc * t + f(cf)).astype(f)
        return acc

    e = (xc * horner(p) / horner(q)).astype(f)
    return np.where(x > c, f(1), np.where(x < -c, f(-1), e))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--function", default="erf", choices=list(FUNCTIONS))
    ap.add_argument("--clamp", default=None, help="clamps c to try, ',' between them")
    ap.add_argument("--degrees", default=None, help="P,Q degrees in t, ';' between pairs")
    args = ap.parse_args()
    fn, clamps, degrees = FUNCTIONS[args.function]
    xs = np.concatenate([np.linspace(-10, 10, 400001), np.geomspace(1e-7, 1e-2, 1000),
                         -np.geomspace(1e-7, 1e-2, 100)]).astype(np.float32)
    want = fn(xs.astype(np.float64))
    best = None
    for c in (float(v) for v in (args.clamp or clamps).split(",")):
        for pair in (args.degrees or degrees).split(";"):
            dp, dq = (int(v) for v in pair.split(","))
            p, q = fit(c, dp, dq, function=args.function)
            err = np.abs(evaluate_f32(p, q, c, xs) - want)
            nonzero = want != 0
            rel = (err[nonzero] / np.abs(want[nonzero])).max()
            print(f"clamp {c}  P {dp} Q {dq}: |error| <= {err.max():.2e}, relative {rel:.2e}")
            if best is None or err.max() < best[0]:
                best = (err.max(), c, p, q)
    _, c, p, q = best
    name = args.function.upper()
    print(f"\nbest: {name}_CLAMP = {c}\n{name}_P = {p.tolist()!r}\n{name}_Q = {q.tolist()!r}")


if __name__ == "__main__":
    main()

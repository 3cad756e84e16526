"""Fits the coefficients of nnstack.interpreters.math's single-precision erf.

    python scripts/fit_erf_f32.py

prints `_ERF32_SMALL` and `_ERF32_LARGE` (paste them into interpreters/math.py):
least-squares Chebyshev fits at 4000 Chebyshev nodes (close to minimax) against
Python's libm erf / erfc, converted to powers of a centred variable:

- erf(x) / x as a polynomial of degree 5 in t = x^2 - c, for |x| <= 0.875;
- log(erfc(y)) + y^2 as a polynomial of degree 8 in u = y - c, for 0.875 <= y <= 3.9375
  (beyond, erfc(y) < 2^-26 and erf rounds to 1 in f32).

Then measures the largest error in f32 arithmetic over every 16th positive f32 below 4
against erf rounded to f32 (tests/interpreters/test_erf.py checks the same bound).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.polynomial import chebyshev

SPLIT, TOP = 0.875, 3.9375
NODES = 4000


def fit(function, low: float, high: float, degree: int) -> tuple[float, list[float]]:
    """(centre, power coefficients lowest first) of a Chebyshev fit on [low, high]."""
    centre, half = (low + high) / 2, (high - low) / 2
    k = np.arange(NODES)
    x = centre + half * np.cos(np.pi * (k + 0.5) / NODES)
    coefficients = chebyshev.cheb2poly(chebyshev.chebfit((x - centre) / half, function(x), degree))
    return centre, list(coefficients / half ** np.arange(len(coefficients)))


def horner(coefficients: list[float], u: np.ndarray) -> np.ndarray:
    acc = np.full_like(u, coefficients[-1])
    for a in coefficients[-2::-1]:
        acc = acc * u + u.dtype.type(a)
    return acc


def main() -> None:
    erf = np.vectorize(math.erf)
    erfc = np.vectorize(math.erfc)
    small = fit(lambda t: erf(np.sqrt(t)) / np.sqrt(t), 0.0, SPLIT**2, 5)
    large = fit(lambda y: np.log(erfc(y)) + y * y, SPLIT, TOP, 8)
    for name, (centre, coefficients) in (("_ERF32_SMALL", small), ("_ERF32_LARGE", large)):
        print(f"{name} = ({centre!r}, {tuple(float(c) for c in coefficients)!r})")
    x = np.arange(0, np.float32(4).view(np.int32), 16, dtype=np.int32).view(np.float32)
    y = np.minimum(x, np.float32(TOP))
    got = np.where(
        x > SPLIT,
        1 - np.exp(horner(large[1], y - np.float32(large[0])) - y * y),
        x * horner(small[1], x * x - np.float32(small[0])),
    ).astype(np.float32)
    expected = erf(x.astype(np.float64)).astype(np.float32)
    ulps = np.abs(got.view(np.int32).astype(np.int64) - expected.view(np.int32))
    print(f"largest error {ulps.max()} ulp at x = {x[ulps.argmax()]!r} ({len(x)} points)")


if __name__ == "__main__":
    main()

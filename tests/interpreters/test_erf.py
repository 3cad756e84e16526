"""erf_array (gawee.erf, gelu, mir.erf, math.erf) against libm's erf through Python's
math.erf, element by element: over the whole range, at the boundaries of its three
rational approximations (|x| = 0.46875 and 4) in f64, at the knots of its f32 table
(multiples of 3.9375 / 256, up to 3.9375 where it becomes 1), and at the special
values."""

import math

import numpy as np
import pytest

from nnstack.interpreters.math import erf_array

SPECIAL = [0.0, -0.0, 0.46875, -0.46875, 4.0, -4.0, 26.5, -27.0, 5e-324, 1e-300, -1e-17, 1e300, -1e300]


@pytest.mark.parametrize(
    "points",
    [
        np.linspace(-30, 30, 60001),
        np.linspace(-5, 5, 40001),
        np.nextafter(np.array([0.46875, 0.46875, 4.0, 4.0, -4.0]), [0, 1, 0, 5, -5]),
        np.array(SPECIAL),
    ],
)
def test_erf_matches_libm(points: np.ndarray) -> None:
    got = erf_array(points)
    expected = np.array([math.erf(v) for v in points])
    assert got.dtype == np.float64 and got.shape == points.shape
    # a few ulp: Cody's approximations are accurate to about 1e-16 relative
    np.testing.assert_allclose(got, expected, rtol=2e-15, atol=0)
    assert np.array_equal(np.signbit(got), np.signbit(expected))


def test_erf_special_values_and_shapes() -> None:
    got = erf_array(np.array([np.inf, -np.inf, np.nan], np.float32))
    assert got[0] == 1.0 and got[1] == -1.0 and np.isnan(got[2])
    assert erf_array(np.zeros((2, 0, 3))).shape == (2, 0, 3)
    assert erf_array(np.float64(0.5)) == pytest.approx(math.erf(0.5), rel=1e-15)


def _f32_points() -> np.ndarray:
    """Every 1009th positive f32 below 4.5 (all binades from the subnormals up), 257
    points up to the clamp at 3.9375 and their f32 neighbours, and their negations."""
    spread = np.arange(0, np.float32(4.5).view(np.int32), 1009, dtype=np.int32).view(np.float32)
    edges = (np.arange(0, 257) * np.float32(3.9375 / 256)).astype(np.float32)
    near = np.concatenate([edges, np.nextafter(edges, 0), np.nextafter(edges, 5)])
    points = np.concatenate([spread, near])
    return np.concatenate([points, -points])


def _f16_points() -> np.ndarray:
    """Every finite f16, both signs."""
    positive = np.arange(0, 0x7C00, dtype=np.uint16).view(np.float16)
    return np.concatenate([positive, -positive])


@pytest.mark.parametrize("points", [_f32_points(), _f16_points()], ids=["f32", "f16"])
def test_erf_single_precision_within_five_ulp(points: np.ndarray) -> None:
    got = erf_array(points)
    expected = np.array([math.erf(v) for v in points.astype(np.float64).tolist()], np.float32)
    assert got.dtype == np.float32 and got.shape == points.shape
    ulps = np.abs(got.view(np.int32).astype(np.int64) - expected.view(np.int32))
    assert ulps.max() <= 5, points[ulps.argmax()]
    assert np.array_equal(np.signbit(got), np.signbit(expected))


def test_erf_single_precision_special_values() -> None:
    got = erf_array(np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 10.0, -3.9375], np.float32))
    assert got[0] == 1.0 and got[1] == -1.0 and np.isnan(got[2])
    assert got[3] == 0.0 and not np.signbit(got[3]) and got[4] == 0.0 and np.signbit(got[4])
    assert got[5] == 1.0 and got[6] == -1.0
    assert erf_array(np.float32(0.5)).dtype == np.float32 and erf_array(np.float32(0.5)).shape == ()

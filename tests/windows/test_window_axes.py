"""Windowed ops whose H and W parameters differ, at every level, against torch.

Each case makes one axis dominate (a longer kernel, stride, dilation, padding or
input along it, ceil mode mattering on it alone) and runs in both orientations: as
written and with every H parameter exchanged with its W one. A lowering or shape
rule that reads an H value where it should read the W one (or the reverse) then
gives a wrong shape or wrong numbers in at least one orientation.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from windowed_ops import AdAvgPool, AveragePool, Conv, MaxPool, WindowedOp, check_every_level, padding4

CASES: dict[str, WindowedOp] = {
    # conv
    "conv-wide-kernel": Conv((1, 2, 7, 11), (3, 2, 2, 5)),
    "conv-w-stride": Conv((1, 2, 9, 13), (3, 2, 3, 3), strides=(1, 3)),
    "conv-w-dilation": Conv((1, 2, 8, 12), (3, 2, 3, 3), dilation=(1, 3)),
    "conv-w-padding": Conv((1, 2, 6, 6), (3, 2, 3, 3), padding=(0, 2)),
    "conv-asymmetric-w-padding": Conv((1, 2, 6, 7), (3, 2, 3, 2), padding=(0, 2, 1, 3), bias=True),
    "conv-everything": Conv(
        (2, 4, 7, 12),
        (6, 2, 2, 3),
        strides=(1, 2),
        padding=(0, 1, 1, 2),
        dilation=(2, 1),
        groups=2,
        bias=True,
    ),
    # max_pool
    "pool-w-ceil": MaxPool((1, 2, 6, 10), (2, 3), (2, 3), ceil_mode=True),
    "pool-w-ceil-dropped": MaxPool((1, 2, 6, 5), (3, 2), (3, 2), padding=(0, 1), ceil_mode=True),
    "pool-w-padding-ceil": MaxPool((1, 1, 6, 7), (3, 3), (2, 2), padding=(0, 1, 0, 1), ceil_mode=True),
    "pool-asymmetric-ceil": MaxPool((1, 2, 7, 9), (3, 3), (2, 3), padding=(1, 0, 0, 1), ceil_mode=True),
    "pool-w-dilation-ceil": MaxPool((1, 2, 8, 11), (2, 2), (2, 2), dilation=(1, 3), ceil_mode=True),
    "pool-asymmetric-floor": MaxPool((1, 2, 8, 9), (2, 3), (2, 2), padding=(0, 1, 1, 0), dilation=(1, 2)),
    # average_pool (torch: symmetric padding, no dilation)
    "avg-w-ceil": AveragePool((1, 2, 6, 10), (2, 3), (2, 3), ceil_mode=True),
    "avg-w-ceil-dropped": AveragePool((1, 2, 6, 5), (3, 2), (3, 2), padding=(0, 1), ceil_mode=True),
    "avg-w-padding-ceil-counted": AveragePool(
        (1, 1, 6, 7), (3, 3), (2, 2), padding=(0, 1), ceil_mode=True, count_include_pad=True
    ),
    "avg-w-kernel-counted": AveragePool((2, 2, 5, 9), (2, 5), (1, 2), padding=(1, 2), count_include_pad=True),
    # ad_avg_pool
    "adaptive-w-uneven": AdAvgPool((1, 2, 8, 7), (4, 3)),
    "adaptive-w-larger": AdAvgPool((1, 2, 6, 3), (3, 5)),
    "adaptive-w-single": AdAvgPool((2, 2, 7, 9), (3, 1)),
}


@pytest.mark.parametrize("transposed", [False, True], ids=["as-written", "transposed"])
@pytest.mark.parametrize("name", CASES)
def test_every_level_matches_torch(name: str, transposed: bool):
    op = CASES[name]
    check_every_level(op.transposed() if transposed else op)


def test_transposed_cases_give_transposed_results():
    """The reference itself: swapping every H and W parameter transposes torch's result."""
    for op in CASES.values():
        arrays = op.inputs(np.random.default_rng(1))
        swapped = [a.transpose(0, 1, 3, 2) if a.ndim == 4 else a for a in arrays]
        want = op.reference(arrays)
        np.testing.assert_allclose(op.transposed().reference(swapped), want.transpose(0, 1, 3, 2), atol=1e-5)


CEIL_EFFECTS = {
    "pool-w-ceil": ("none", "adds"),
    "pool-w-ceil-dropped": ("none", "drops"),
    "pool-w-padding-ceil": ("adds", "none"),  # W padding, ceil mode matters along H
    "pool-asymmetric-ceil": ("adds", "drops"),
    "pool-w-dilation-ceil": ("none", "adds"),
}
"""What ceil mode does along (H, W) in each ceil-mode case: adds a last window,
drops one that would start in the end padding, or changes nothing."""


def ceil_effects(op: MaxPool) -> tuple[str, str]:
    x = op.inputs(np.random.default_rng(2))[0]
    ceil = op.reference([x]).shape[2:]
    floor = dataclasses.replace(op, ceil_mode=False).reference([x]).shape[2:]
    top, left, bottom, right = padding4(op.padding)
    padded = F.pad(torch.from_numpy(x), (left, right, top, bottom), value=-math.inf)
    kept = F.max_pool2d(padded, op.kernel, op.strides, 0, op.dilation, ceil_mode=True).shape[2:]
    return tuple(  # type: ignore[return-value]
        "adds" if c > f else "drops" if k > c else "none" for c, f, k in zip(ceil, floor, kept)
    )


def test_ceil_cases_exercise_ceil_mode():
    """The ceil-mode cases do what their names say, on the axis they say."""
    ceil_cases = {name: op for name, op in CASES.items() if isinstance(op, MaxPool) and op.ceil_mode}
    assert set(ceil_cases) == set(CEIL_EFFECTS)
    for name, op in ceil_cases.items():
        assert ceil_effects(op) == CEIL_EFFECTS[name], name
        assert ceil_effects(op.transposed()) == CEIL_EFFECTS[name][::-1], name

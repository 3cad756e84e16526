"""Reductions over sliding windows, shared by the pooling implementations of the gawee,
mir and linalg interpreters."""

from __future__ import annotations

import itertools

import numpy as np


def reduce_windows(windows: np.ndarray, combine: np.ufunc) -> np.ndarray:
    """`combine` over the last two axes (a window's rows and columns) of a strided
    windows view: kH*kW whole-array steps are much faster than a numpy reduction over
    two strided axes. NaN propagates as through `combine` itself."""
    kh, kw = windows.shape[-2:]
    offsets = itertools.product(range(kh), range(kw))
    out = windows[(..., *next(offsets))]
    for i, j in offsets:
        out = combine(out, windows[..., i, j])
    return out

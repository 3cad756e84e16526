"""Sliding windows shared by the convolution and pooling implementations of the gawee,
mir and linalg interpreters: where a 2-D window's taps fall on the input (`Window`),
and reductions over windows."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Tap:
    """One kernel position along one spatial axis: the outputs whose window puts that
    position inside the input (not in its padding), and the input positions they read."""

    out: slice
    source: slice


@dataclass(frozen=True)
class Window:
    """A 2-D sliding window: kernel size, strides, dilation, padding
    (top, left, bottom, right) and output size (rows, columns)."""

    kernel: tuple[int, int]
    strides: tuple[int, int]
    dilation: tuple[int, int]
    padding: tuple[int, int, int, int]
    out_size: tuple[int, int]

    @staticmethod
    def of(
        kernel: Sequence[int],
        strides: Sequence[int],
        dilation: Sequence[int],
        padding: Sequence[int],
        out_size: Sequence[int],
    ) -> Window:
        (kh, kw), (sh, sw), (dh, dw), (oh, ow) = kernel, strides, dilation, out_size
        top, left, bottom, right = padding
        return Window((kh, kw), (sh, sw), (dh, dw), (top, left, bottom, right), (oh, ow))

    @property
    def unpadded(self) -> bool:
        return not any(self.padding)

    def taps(self, axis: int, size: int) -> list[Tap | None]:
        """Per kernel position along `axis` (0: rows, 1: columns) of an input `size`
        long, its `Tap`, or None if every window puts it in the padding."""
        stride, dilation, before, out = (
            self.strides[axis],
            self.dilation[axis],
            self.padding[axis],
            self.out_size[axis],
        )
        taps: list[Tap | None] = []
        for k in range(self.kernel[axis]):
            offset = k * dilation - before  # output o reads input o * stride + offset
            first = max(0, -(offset // stride))  # the first o with o * stride + offset >= 0
            end = min(out, (size - 1 - offset) // stride + 1)  # past the last o inside
            if end <= first:
                taps.append(None)
                continue
            start = first * stride + offset
            taps.append(Tap(slice(first, end), slice(start, start + (end - first - 1) * stride + 1, stride)))
        return taps


def lowest(dtype: np.dtype) -> Any:
    """The value no max can lose to: -inf, an integer type's minimum, False."""
    if dtype.kind == "f":
        return -np.inf
    if dtype.kind in "iu":
        return np.iinfo(dtype).min
    return np.zeros((), dtype)[()]


def _along(ndim: int, axis: int, index: slice) -> tuple[slice, ...]:
    """An index taking `index` along `axis` of an array of rank `ndim`, all of the others."""
    return (slice(None),) * axis + (index,) + (slice(None),) * (ndim - axis - 1)


def _max_along(x: np.ndarray, axis: int, taps: Sequence[Tap | None], out_size: int) -> np.ndarray:
    """The max over `taps` along `axis` (one whole-array np.maximum per tap), the
    padding never winning: the lowest value where no tap reaches."""
    shape = x.shape[:axis] + (out_size,) + x.shape[axis + 1 :]
    present = [tap for tap in taps if tap is not None]
    full = next((tap for tap in present if tap.out == slice(0, out_size)), None)
    if full is not None:
        out = x[_along(x.ndim, axis, full.source)].copy()
        present.remove(full)
    else:
        out = np.full(shape, lowest(x.dtype), x.dtype)
    for tap in present:
        target = out[_along(x.ndim, axis, tap.out)]
        np.maximum(target, x[_along(x.ndim, axis, tap.source)], out=target)
    return out


def max_pool(x: np.ndarray, window: Window, axes: tuple[int, int]) -> np.ndarray:
    """The max over each `window` of `x` along its spatial `axes` (rows, columns), as
    if padded with -inf: separably, over the kernel rows and then over its columns
    (kH + kW whole-array steps on the unpadded input instead of kH * kW on a padded
    copy; max is exact, so the order changes at most the sign of a zero). NaN propagates."""
    rows = _max_along(x, axes[0], window.taps(0, x.shape[axes[0]]), window.out_size[0])
    return _max_along(rows, axes[1], window.taps(1, x.shape[axes[1]]), window.out_size[1])


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

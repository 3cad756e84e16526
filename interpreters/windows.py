"""Sliding windows shared by the convolution and pooling implementations of the gawee,
mir and linalg interpreters: where a window's taps fall on the input (`Window`),
and reductions over windows."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from nnstack.dialects.values import is_float


@dataclass(frozen=True)
class Tap:
    """One kernel position along one spatial axis: the outputs whose window puts that
    position inside the input (not in its padding), and the input positions they read."""

    out: slice
    source: slice


@dataclass(frozen=True)
class Window:
    """A sliding window over k spatial axes (2 for conv, any k for `max_pool`): kernel
    size, strides, dilation, padding (the k begins, then the k ends: top, left, bottom,
    right in 2-D) and output size (rows, columns in 2-D)."""

    kernel: tuple[int, ...]
    strides: tuple[int, ...]
    dilation: tuple[int, ...]
    padding: tuple[int, ...]
    out_size: tuple[int, ...]

    @staticmethod
    def of(
        kernel: Sequence[int],
        strides: Sequence[int],
        dilation: Sequence[int],
        padding: Sequence[int],
        out_size: Sequence[int],
    ) -> Window:
        rank = len(kernel)
        assert len(strides) == len(dilation) == len(out_size) == rank and len(padding) == 2 * rank
        return Window(tuple(kernel), tuple(strides), tuple(dilation), tuple(padding), tuple(out_size))

    @property
    def unpadded(self) -> bool:
        return not any(self.padding)

    def taps(self, axis: int, size: int) -> list[Tap | None]:
        """Per kernel position along `axis` (in 2-D 0: rows, 1: columns) of an input `size`
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
    if is_float(dtype):
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


def max_pool(x: np.ndarray, window: Window, axes: Sequence[int]) -> np.ndarray:
    """The max over each `window` of `x` along its spatial `axes` (in 2-D rows, columns),
    as if padded with -inf: separably, over the kernel rows and then over its columns
    (kH + kW whole-array steps on the unpadded input instead of kH * kW on a padded
    copy; max is exact, so the order changes at most the sign of a zero). NaN propagates."""
    for i, axis in enumerate(axes):
        x = _max_along(x, axis, window.taps(i, x.shape[axis]), window.out_size[i])
    return x


def reduce_windows(windows: np.ndarray, combine: np.ufunc, rank: int = 2) -> np.ndarray:
    """`combine` over the last `rank` axes (a window's taps: rows and columns in 2-D)
    of a strided windows view: one whole-array step per tap is much faster than a
    numpy reduction over strided axes. NaN propagates as through `combine` itself."""
    offsets = itertools.product(*(range(k) for k in windows.shape[windows.ndim - rank :]))
    out = windows[(..., *next(offsets))]
    for offset in offsets:
        out = combine(out, windows[(..., *offset)])
    return out

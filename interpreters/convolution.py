"""2-D convolution as matrix products over im2col columns, shared by the gawee (NCHW),
mir (NHWC) and linalg (both, grouped or not) interpreters.

The columns are built straight from the unpadded input into one new array, the padding
written there as zeros (no padded copy of the input): one copy per kernel tap, a
contiguous one per channel where a stride 1 window keeps the rows' width (the tap is
then a shift of the flattened image); a 1x1, stride 1 unpadded conv multiplies the
input itself. The product is oriented so that it comes out in the wanted layout with no
transpose: kernels @ columns gives [F, oH*oW] per image (channels first), columns @
kernels [N*oH*oW, F] (channels last).

On ResNet-18 the product is about 90% of a conv's time and building the columns
runs at about the machine's memory write bandwidth (`benchmarks/bench_conv.py`); a
column buffer kept from call to call measured no faster than a new one, so none is kept.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from nnstack.dialects.values import wide_dtype
from nnstack.interpreters.blas import matmul
from nnstack.interpreters.windows import Tap, Window

SMALL_CHANNELS = 8
"""Below this many channels per group a channels-last conv builds its columns tap-major,
[Cg*kH*kW, N*oH*oW]: position-major columns would copy runs of Cg values."""


def accumulator(dtype: np.dtype) -> np.dtype:
    """The dtype sums of products are accumulated in: f32 for f16 and bf16 (as
    PyTorch's CPU kernels do), else the dtype itself."""
    return wide_dtype(dtype)


def _flattens(array: np.ndarray) -> bool:
    """Whether the last two axes of `array` merge into one axis of a view."""
    return array.strides[-2] == array.strides[-1] * array.shape[-1]


def _copy_shifted(tap: np.ndarray, x: np.ndarray, rows: Tap, shift: int) -> None:
    """tap[..., r, :] = x[..., rows.source, :] shifted by `shift` columns, as one copy
    of the flattened rows (the values that wrap around a row's end are overwritten
    with the border's zeros afterwards)."""
    r = rows.out
    target = tap[..., r, :].reshape(*tap.shape[:-2], -1)
    source = x[..., rows.source, :].reshape(*x.shape[:-2], -1)
    size = target.shape[-1]
    low, high = max(0, -shift), size - max(0, shift)
    target[..., low:high] = source[..., low + shift : high + shift]


def _fill_shifted(columns: np.ndarray, x: np.ndarray, window: Window) -> None:
    """`_fill_columns` for a stride 1 window whose output rows are as wide as the input's:
    each tap is one shifted copy of the flattened rows it reads, plus the zeros of its
    border (where it reads the padding)."""
    size_h, size_w = x.shape[3:]
    for i, rows in enumerate(window.taps(0, size_h)):
        for j, cols in enumerate(window.taps(1, size_w)):
            tap = columns[:, :, :, i, j]
            if rows is None or cols is None:
                tap[...] = 0
                continue
            r, c = rows.out, cols.out
            if r.start:
                tap[..., : r.start, :] = 0
            if r.stop < tap.shape[3]:
                tap[..., r.stop :, :] = 0
            _copy_shifted(tap, x, rows, j * window.dilation[1] - window.padding[1])
            if c.start:
                tap[..., r, : c.start] = 0
            if c.stop < tap.shape[4]:
                tap[..., r, c.stop :] = 0


def _padded(x: np.ndarray, padding: tuple[int, ...]) -> np.ndarray:
    """`x` [..., H, W] with zeros around, in the memory order of `x`."""
    top, left, bottom, right = padding
    if not any(padding):
        return x
    h, w = x.shape[-2:]
    out = np.zeros_like(x, shape=(*x.shape[:-2], top + h + bottom, left + w + right))
    out[..., top : top + h, left : left + w] = x
    return out


def _fill_columns(columns: np.ndarray, x: np.ndarray, window: Window) -> None:
    """columns[n, g, c, i, j, oh, ow] = x[n, g, c, oh * sH + i * dH - top, ow * sW + j * dW - left],
    0 where that is in the padding: shifted copies of the flattened rows where a stride
    1 window keeps the width (`_fill_shifted`), else one copy of the strided windows
    view of the padded input (numpy orders that copy better than one per tap)."""
    (kh, kw), (sh, sw), (dh, dw), (oh, ow) = window.kernel, window.strides, window.dilation, window.out_size
    if columns.size == 0:
        return
    if (sh, sw) == (1, 1) and x.shape[4] == ow and _flattens(x) and _flattens(columns[:, :, :, 0, 0]):
        _fill_shifted(columns, x, window)
        return
    padded = _padded(x, window.padding)
    view = sliding_window_view(padded, (dh * (kh - 1) + 1, dw * (kw - 1) + 1), axis=(3, 4))
    view = view[..., : (oh - 1) * sh + 1 : sh, : (ow - 1) * sw + 1 : sw, ::dh, ::dw]
    np.copyto(columns, view.transpose(0, 1, 2, 5, 6, 3, 4))


def im2col(x: np.ndarray, window: Window, channels_last: bool, dtype: np.dtype) -> np.ndarray:
    """The im2col columns of `x` [N, G, Cg, H, W]: [N, G, Cg*kH*kW, oH*oW] channels
    first; channels last [G, N*oH*oW, kH*kW*Cg], or for few channels the transposed
    view of [G, Cg*kH*kW, N*oH*oW]."""
    n, g, c, h, w = x.shape
    (kh, kw), (oh, ow) = window.kernel, window.out_size
    if kh == kw == 1 and window.strides == (1, 1) and window.unpadded and (oh, ow) == (h, w):
        if channels_last:
            return x.transpose(1, 0, 3, 4, 2).reshape(g, n * h * w, c).astype(dtype, copy=False)
        return x.reshape(n, g, c, h * w).astype(dtype, copy=False)
    if not channels_last:
        columns = np.empty((n, g, c, kh, kw, oh, ow), dtype)
        _fill_columns(columns, x, window)
        return columns.reshape(n, g, c * kh * kw, oh * ow)
    if c < SMALL_CHANNELS:
        columns = np.empty((g, c, kh, kw, n, oh, ow), dtype)
        _fill_columns(columns.transpose(4, 0, 1, 2, 3, 5, 6), x, window)
        return columns.reshape(g, c * kh * kw, n * oh * ow).transpose(0, 2, 1)
    columns = np.empty((g, n, oh, ow, kh, kw, c), dtype)
    _fill_columns(columns.transpose(1, 0, 6, 4, 5, 2, 3), x, window)
    return columns.reshape(g, n * oh * ow, kh * kw * c)


def conv2d(x: np.ndarray, w: np.ndarray, window: Window, channels_last: bool) -> np.ndarray:
    """The grouped, strided, dilated, padded convolution of `x` [N, G, Cg, H, W] with
    the kernels `w` [G, Fg, Cg, kH, kW] (views in any memory order), accumulated in
    `accumulator(x.dtype)`: a new [N, G, Fg, oH, oW], or [N, oH, oW, G, Fg] if
    `channels_last`."""
    n, g = x.shape[:2]
    fg, cg, kh, kw = w.shape[1:]
    oh, ow = window.out_size
    dtype = accumulator(x.dtype)
    columns = im2col(x, window, channels_last, dtype)
    if not channels_last:
        kernels = w.reshape(g, fg, cg * kh * kw).astype(dtype, copy=False)
        if n == g == 1:
            return matmul(kernels[0], columns[0, 0]).reshape(1, 1, fg, oh, ow)
        return matmul(kernels, columns).reshape(n, g, fg, oh, ow)
    if cg < SMALL_CHANNELS:  # (tap-major columns: the kernels' taps in the same order)
        kernels = w.reshape(g, fg, cg * kh * kw).transpose(0, 2, 1)
    else:
        kernels = w.transpose(0, 3, 4, 2, 1).reshape(g, kh * kw * cg, fg)
    kernels = kernels.astype(dtype, copy=False)
    if g == 1:
        return matmul(columns[0], kernels[0]).reshape(n, oh, ow, 1, fg)
    out = matmul(columns, kernels)  # [G, N*oH*oW, Fg]
    return np.ascontiguousarray(out.transpose(1, 0, 2)).reshape(n, oh, ow, g, fg)


def conv2d_nchw(x: np.ndarray, w: np.ndarray, groups: int, window: Window) -> np.ndarray:
    """conv2d of `x` [N, C, H, W] with `w` [F, C/groups, kH, kW]: [N, F, oH, oW]."""
    n, c, h, width = x.shape
    f = w.shape[0]
    out = conv2d(
        x.reshape(n, groups, c // groups, h, width),
        w.reshape(groups, f // groups, *w.shape[1:]),
        window,
        channels_last=False,
    )
    return out.reshape(n, f, *window.out_size)


def conv2d_nhwc(x: np.ndarray, w: np.ndarray, groups: int, window: Window) -> np.ndarray:
    """conv2d of `x` [N, H, W, C] with `w` [kH, kW, C/groups, F]: [N, oH, oW, F]."""
    n, h, width, c = x.shape
    kh, kw, cg, f = w.shape
    out = conv2d(
        x.reshape(n, h, width, groups, c // groups).transpose(0, 3, 4, 1, 2),
        w.reshape(kh, kw, cg, groups, f // groups).transpose(3, 4, 2, 0, 1),
        window,
        channels_last=True,
    )
    return out.reshape(n, *window.out_size, f)

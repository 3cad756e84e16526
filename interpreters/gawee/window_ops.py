"""The gawee ops over sliding windows, in NCHW: convolution (im2col or Winograd), max,
average, global and adaptive pooling, LRN; f16 accumulates in f32, as PyTorch's CPU
kernels do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from xdsl.ir import Operation

from nnstack.dialects import gawee
from nnstack.interpreters import winograd
from nnstack.interpreters.convolution import accumulator as _accumulator
from nnstack.interpreters.convolution import conv2d_nchw
from nnstack.interpreters.gawee.kernel import operand_dtype, tensor_type
from nnstack.interpreters.windows import Window, max_pool, reduce_windows


def _windows(
    x: np.ndarray,
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    out_size: Sequence[int],
) -> np.ndarray:
    """A strided view [N, C, oH, oW, kH, kW] of the sliding windows of a padded NCHW `x`.

    `x` must already hold every position the `out_size` windows read.
    """
    (kh, kw), (sh, sw), (dh, dw), (oh, ow) = kernel, strides, dilation, out_size
    view = sliding_window_view(x, (dh * (kh - 1) + 1, dw * (kw - 1) + 1), axis=(2, 3))
    return view[:, :, : (oh - 1) * sh + 1 : sh, : (ow - 1) * sw + 1 : sw, ::dh, ::dw]


def _pad_spatial(x: np.ndarray, padding: Sequence[int], value: float) -> np.ndarray:
    """`x` padded by `padding` ([pH, pW] or [top, left, bottom, right])."""
    top, left, bottom, right = gawee.expand_padding(padding)
    if not (top or left or bottom or right):
        return x
    n, c, h, w = x.shape
    padded = np.full((n, c, top + h + bottom, left + w + right), value, x.dtype)
    padded[:, :, top : top + h, left : left + w] = x  # (np.pad does this with more overhead)
    return padded


def _out_hw(op: Operation) -> tuple[int, int]:
    shape = tensor_type(op, op.results[0]).get_shape()
    return (shape[2], shape[3])


def _pool_windows(
    op: gawee.MaxPoolOp | gawee.AveragePoolOp, x: np.ndarray, dilation: Sequence[int], pad_value: float
) -> np.ndarray:
    """The [N, C, oH, oW, kH, kW] windows of a 2-D pool over `x` padded with `pad_value`;
    in ceil mode the end padding grows until the last window fits."""
    padded = _pad_spatial(x, op.fitted_padding(), pad_value)
    return _windows(padded, op.array("kernelSize"), op.array("strides"), dilation, _out_hw(op))


def _adaptive_mean_matrix(size: int, out: int, dtype: np.dtype) -> np.ndarray:
    """[out, size] matrix whose row i averages PyTorch's i-th adaptive window."""
    bounds = np.array(gawee.adaptive_windows(size, out))
    positions = np.arange(size)
    inside = (positions >= bounds[:, :1]) & (positions < bounds[:, 1:])
    return (inside / (bounds[:, 1:] - bounds[:, :1])).astype(dtype)


def lrn(op: gawee.LrnOp, x: np.ndarray) -> np.ndarray:
    """The channel windows' sums of squares from the zero-padded squares; f32 for f16."""
    acc = _accumulator(x.dtype)
    xs = x.astype(acc, copy=False)
    before, after = op.window
    squares = np.pad(np.square(xs), ((0, 0), (before, after), (0, 0), (0, 0)))
    sums = sliding_window_view(squares, before + after + 1, axis=1).sum(axis=-1)
    size = op.size.value.data
    scale = acc.type(op.alpha.value.data / size)
    return xs / (acc.type(op.bias.value.data) + scale * sums) ** acc.type(op.beta.value.data)


def _conv_window(op: gawee.ConvOp) -> Window:
    return Window.of(
        gawee.tensor_shape(op.weight)[2:],
        op.array("strides"),
        op.array("dilation"),
        gawee.expand_padding(op.array("padding")),
        _out_hw(op),
    )


def bind_conv(op: gawee.ConvOp) -> Callable[..., np.ndarray]:
    """Grouped, dilated, strided conv (`convolution.conv2d_nchw`), the bias added in
    place to the new array it gives."""
    window = _conv_window(op)
    groups = op.group_count
    return _with_bias(lambda x, w: conv2d_nchw(x, w, groups, window))


def _with_bias(conv: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[..., np.ndarray]:
    """`conv(x, w)` with the bias, if given, added in place to the new array it gives."""

    def with_bias(x: np.ndarray, w: np.ndarray, *bias: np.ndarray) -> np.ndarray:
        out = conv(x, w)
        if bias:
            out += bias[0].astype(out.dtype, copy=False)[:, None, None]
        return out

    return with_bias


def specialize_conv(op: gawee.ConvOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    """A conv with constant kernels that Winograd's F(2x2, 3x3) computes faster
    (`winograd.applies`), their transform made once."""
    weights = constants[1]
    conv = None if weights is None else winograd.faster_conv(weights, _conv_window(op), op.group_count)
    return None if conv is None else _with_bias(lambda x, w: conv(x))


def bind_max_pool(op: gawee.MaxPoolOp) -> Callable[[np.ndarray], np.ndarray]:
    """Max over -inf padded windows (`windows.max_pool`); ceil mode pads the end until
    the last window fits. A window of padding only gives the op's `padding_only_value`
    (-inf from `max_pool` is not it for f32 and f64)."""
    window = Window.of(
        op.array("kernelSize"), op.array("strides"), op.array("dilation"), op.fitted_padding(), _out_hw(op)
    )
    inside = op.windows_on_input()
    if inside.all():
        return lambda x: max_pool(x, window, (2, 3))
    value = op.padding_only_value()
    return lambda x: np.where(inside, max_pool(x, window, (2, 3)), np.asarray(value, x.dtype))


def average_pool(op: gawee.AveragePoolOp, x: np.ndarray) -> np.ndarray:
    """Sums over zero-padded windows, each divided by its tap count (`divisors`)."""
    acc = _accumulator(x.dtype)
    windows = _pool_windows(op, x.astype(acc, copy=False), op.dilation_values, 0)
    rows, cols = op.divisors()
    return reduce_windows(windows, np.add) / np.outer(rows, cols).astype(acc)


def global_average_pool(op: gawee.GlobalAveragePoolOp, x: np.ndarray) -> np.ndarray:
    return x.mean(axis=tuple(range(2, x.ndim)), keepdims=True, dtype=_accumulator(x.dtype))


def bind_ad_avg_pool(op: gawee.AdAvgPoolOp) -> Callable[[np.ndarray], np.ndarray]:
    """Adaptive windows overlap, so average with two [o, size] window-mean matrices."""
    oh, ow = _out_hw(op)
    acc = _accumulator(operand_dtype(op))
    _, _, h, w = gawee.tensor_shape(op.operands[0])
    rows = _adaptive_mean_matrix(h, oh, acc)
    cols = _adaptive_mean_matrix(w, ow, acc).T
    return lambda x: rows @ x.astype(acc, copy=False) @ cols

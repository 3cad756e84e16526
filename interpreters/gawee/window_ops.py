"""The gawee ops over sliding windows, channels first: convolution (im2col or
Winograd; 1-D as 2-D over a unit dim, 3-D by im2col of its own), max and average
pooling (1-, 2- and 3-D), global and adaptive pooling, LRN; f16 accumulates in f32, as PyTorch's CPU
kernels do.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from xdsl.ir import Operation

from nnstack.dialects import gawee
from nnstack.interpreters import winograd
from nnstack.interpreters.blas import matmul
from nnstack.interpreters.convolution import accumulator as _accumulator
from nnstack.interpreters.convolution import conv2d_nchw
from nnstack.interpreters.gawee.kernel import operand_dtype, tensor_type
from nnstack.interpreters.kernels import kernel_impl
from nnstack.interpreters.windows import Window, max_pool, reduce_windows


def _windows(x: np.ndarray, window: gawee.WindowGeometry) -> np.ndarray:
    """A strided view [N, C, O1, ..., Ok, K1, ..., Kk] of the sliding windows of a
    padded `x` [N, C, D1, ..., Dk]; `x` must already hold every position they read."""
    spans = [d * (k - 1) + 1 for k, d in zip(window.kernel, window.dilation)]
    view = sliding_window_view(x, spans, axis=tuple(range(2, x.ndim)))
    outs = tuple(slice(None, (o - 1) * s + 1, s) for o, s in zip(window.out_size, window.strides))
    taps = tuple(slice(None, None, d) for d in window.dilation)
    return view[(slice(None), slice(None), *outs, *taps)]


def _pad_spatial(x: np.ndarray, padding: Sequence[int], value: float) -> np.ndarray:
    """`x` [N, C, D1, ..., Dk] padded by `padding` (the k begins, then the k ends)."""
    if not any(padding):
        return x
    rank = x.ndim - 2
    begins, ends = padding[:rank], padding[rank:]
    shape = [size + b + e for size, b, e in zip(x.shape[2:], begins, ends)]
    padded = np.full((*x.shape[:2], *shape), value, x.dtype)
    inner = tuple(slice(b, b + size) for b, size in zip(begins, x.shape[2:]))
    padded[(slice(None), slice(None), *inner)] = x  # (np.pad does this with more overhead)
    return padded


def _out_hw(op: Operation) -> tuple[int, int]:
    shape = tensor_type(op, op.results[0]).get_shape()
    return (shape[2], shape[3])


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
    """The conv's window, a 1-D one as the 2-D one over a unit first spatial dim."""
    window = op.window().planar()
    return Window.of(window.kernel, window.strides, window.dilation, window.padding, window.out_size)


def bind_conv(op: gawee.ConvOp) -> Callable[..., np.ndarray]:
    """Grouped, dilated, strided conv: 2-D by `convolution.conv2d_nchw`, 1-D as the 2-D
    conv of [N, C, 1, W] (the same products, as fast), 3-D by `conv_nd`; the bias added
    in place to the new array it gives."""
    groups = op.group_count
    if op.spatial_rank == 3:
        geometry = op.window()
        return _with_bias(lambda x, w: conv_nd(x, w, groups, geometry))
    window = _conv_window(op)
    if op.spatial_rank == 1:
        return _with_bias(lambda x, w: conv2d_nchw(x[:, :, None], w[:, :, None], groups, window)[:, :, 0])
    return _with_bias(lambda x, w: conv2d_nchw(x, w, groups, window))


def conv_nd(x: np.ndarray, w: np.ndarray, groups: int, window: gawee.WindowGeometry) -> np.ndarray:
    """The conv of `x` [N, C, D1, ..., Dk] with `w` [F, C/groups, K1, ..., Kk] as one
    product per group of the kernels with the zero-padded input's windows (im2col);
    accumulated in f32 for f16."""
    acc = _accumulator(x.dtype)
    n, c = x.shape[:2]
    f, cg = w.shape[:2]
    rank, taps = x.ndim - 2, math.prod(window.kernel)
    windows = _windows(_pad_spatial(x.astype(acc, copy=False), window.padding, 0), window)
    positions = math.prod(window.out_size)
    # [N, G, Cg, O..., K...] -> [N, G, O..., Cg, K...] -> [N, G, P, Cg*K]
    order = (0, 1, *range(3, 3 + rank), 2, *range(3 + rank, 3 + 2 * rank))
    columns = windows.reshape(n, groups, cg, *windows.shape[2:]).transpose(order)
    columns = columns.reshape(n, groups, positions, cg * taps)
    kernels = w.reshape(groups, f // groups, cg * taps).astype(acc, copy=False)
    out = matmul(columns, kernels.transpose(0, 2, 1))  # [N, G, P, F/G]
    return np.ascontiguousarray(out.transpose(0, 1, 3, 2)).reshape(n, f, *window.out_size)


def _with_bias(conv: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[..., np.ndarray]:
    """`conv(x, w)` with the bias, if given, added in place to the new array it gives."""

    def with_bias(x: np.ndarray, w: np.ndarray, *bias: np.ndarray) -> np.ndarray:
        out = conv(x, w)
        if bias:
            out += bias[0].astype(out.dtype, copy=False).reshape(-1, *(1,) * (out.ndim - 2))
        return out

    return with_bias


def specialize_conv(op: gawee.ConvOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    """A conv with constant kernels that Winograd's F(2x2, 3x3) computes faster
    (`winograd.applies`), their transform made once."""
    weights = constants[1]
    if op.spatial_rank != 2:
        return None
    conv = None if weights is None else winograd.faster_conv(weights, _conv_window(op), op.group_count)
    return None if conv is None else _with_bias(lambda x, w: conv(x))


def bind_max_pool(op: gawee.MaxPoolOp) -> Callable[[np.ndarray], np.ndarray]:
    """Max over -inf padded windows (`windows.max_pool`, separable along each spatial
    axis); ceil mode pads the end until the last window fits. A window of padding only
    gives the op's `padding_only_value` (-inf from `max_pool` is not it for f32 and f64)."""
    geometry = op.window()
    window = Window.of(
        geometry.kernel, geometry.strides, geometry.dilation, geometry.padding, geometry.out_size
    )
    axes = tuple(range(2, 2 + geometry.rank))
    inside = op.windows_on_input()
    if inside.all():
        return lambda x: max_pool(x, window, axes)
    value = op.padding_only_value()
    return lambda x: np.where(inside, max_pool(x, window, axes), np.asarray(value, x.dtype))


def average_pool(op: gawee.AveragePoolOp, x: np.ndarray) -> np.ndarray:
    """Sums over zero-padded windows, each divided by its tap count (`divisors`)."""
    acc = _accumulator(x.dtype)
    window = op.window()
    windows = _windows(_pad_spatial(x.astype(acc, copy=False), window.padding, 0), window)
    return reduce_windows(windows, np.add, window.rank) / op.divisor_grid().astype(acc)


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


KERNELS = (
    kernel_impl(gawee.ConvOp, bind=bind_conv, specialize=specialize_conv, fresh=True),
    kernel_impl(gawee.MaxPoolOp, bind=bind_max_pool),
    kernel_impl(gawee.AveragePoolOp, average_pool),
    kernel_impl(gawee.GlobalAveragePoolOp, global_average_pool),
    kernel_impl(gawee.AdAvgPoolOp, bind=bind_ad_avg_pool),
    kernel_impl(gawee.LrnOp, lrn),
)
"""The kernels of the window (convolution, pooling, LRN) ops, registered by `GaweeFunctions` (`kernels.kernel_impl`)."""

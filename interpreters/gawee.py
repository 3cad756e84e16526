"""Interpreter functions for the gawee dialect, computed with numpy on whole arrays.

A tensor value is a numpy array of its element dtype (np.float16/32/64, np.bool_ for
i1, np.int8/32/64); every op
returns a tuple with one array of its result's dtype and declared shape. The
semantics are PyTorch's inference semantics (torch.nn.functional): conv2d with
groups and dilation, max_pool2d with ceil mode, adaptive_avg_pool2d, batch_norm in
eval mode, flatten, linear; those of ONNX for the ops PyTorch has no counterpart of
(average_pool's asymmetric padding, gemm, lrn's window for an even size). f16
convolutions, matrix products and window averages accumulate in f32, as PyTorch's CPU kernels do, and round once at the end.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, cast

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import gawee
from nnstack.interpreters.arith import attribute_value, numpy_dtype
from nnstack.interpreters.blas import matmul
from nnstack.interpreters.math import erf_array
from nnstack.interpreters.windows import reduce_windows


def _tensor_type(op: Operation, value: SSAValue) -> TensorType:
    typ = value.type
    if not isinstance(typ, TensorType):
        raise InterpretationError(f"{op.name}: expected a tensor, got a value of type {typ}")
    return typ


@dataclass(frozen=True)
class _Signature:
    """The shapes and dtypes an op's operands and first result have, read from its
    types once: reading them from xDSL's attributes on every run costs more than a
    small numpy op."""

    operands: tuple[tuple[tuple[int, ...], np.dtype], ...]
    result: tuple[tuple[int, ...], np.dtype] | None

    @staticmethod
    def of(op: Operation) -> _Signature:
        def expected(value: SSAValue) -> tuple[tuple[int, ...], np.dtype]:
            typ = _tensor_type(op, value)
            return tuple(typ.get_shape()), numpy_dtype(typ.element_type)

        operands = tuple(expected(operand) for operand in op.operands)
        return _Signature(operands, expected(op.results[0]) if op.results else None)


def _operand_error(op: Operation, index: int, value: object) -> InterpretationError:
    typ = op.operands[index].type
    if not isinstance(value, np.ndarray):
        return InterpretationError(
            f"{op.name}: operand #{index} must be a numpy array, got {type(value).__name__}"
        )
    return InterpretationError(
        f"{op.name}: operand #{index} is a {value.dtype} array of shape "
        f"{list(value.shape)}, but its type is {typ}"
    )


def _accumulator(dtype: np.dtype) -> np.dtype:
    """The dtype sums of products are accumulated in: f32 for f16, else the dtype itself."""
    return np.dtype(np.float32) if dtype == np.float16 else dtype


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
    shape = _tensor_type(op, op.results[0]).get_shape()
    return (shape[2], shape[3])


def _im2col(
    padded: np.ndarray,
    groups: int,
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    out_size: Sequence[int],
    dtype: np.dtype,
) -> np.ndarray:
    """The [G, Cg*kH*kW, N*oH*oW] columns of a padded NCHW `padded` a grouped conv
    multiplies its [G, F/G, Cg*kH*kW] kernels with: one strided copy per kernel tap
    into a new array (a 1x1, stride 1 conv of one image needs none)."""
    (kh, kw), (sh, sw), (dh, dw), (oh, ow) = kernel, strides, dilation, out_size
    n, c, h, w = padded.shape
    images = padded.transpose(1, 0, 2, 3).reshape(groups, c // groups, n, h, w)
    if kh == kw == sh == sw == n == 1 and (oh, ow) == (h, w):
        return images.reshape(groups, c // groups, oh * ow).astype(dtype, copy=False)
    columns = np.empty((groups, c // groups, kh, kw, n, oh, ow), dtype)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
            columns[:, :, i, j] = images[:, :, :, rows, cols]
    return columns.reshape(groups, c // groups * kh * kw, n * oh * ow)


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


def _on_arrays(fn: Callable[..., np.ndarray]) -> Callable[..., PythonValues]:
    """The implementation of an op computing `fn(op, *operands)` on whole arrays;
    IEEE special values (inf, NaN, division by zero) are results, not errors."""

    def run(self: GaweeFunctions, interpreter: Interpreter, op: Operation, args: PythonValues):
        arrays = self._operands(op, args)
        with np.errstate(all="ignore"):
            return self._result(op, fn(op, *arrays))

    return run


def _gelu(op: gawee.GeluOp, x: np.ndarray) -> np.ndarray:
    """Computed in f64 and rounded once."""
    x64 = x.astype(np.float64)
    if op.approximation == "tanh":
        inner = np.sqrt(2 / np.pi) * (x64 + 0.044715 * x64**3)
        return 0.5 * x64 * (1 + np.tanh(inner))
    return 0.5 * x64 * (1 + erf_array(x64 / np.sqrt(2)))


def _matmul(op: gawee.MatMulOp, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    acc = _accumulator(lhs.dtype)
    return matmul(lhs.astype(acc, copy=False), rhs.astype(acc, copy=False))


def _softmax(op: gawee.SoftmaxOp, x: np.ndarray) -> np.ndarray:
    """Shifted by the max along the axis, so large inputs do not overflow (`initial`:
    an empty input has no max, and an empty result)."""
    axis = op.normalized_axis
    shifted = x - np.max(x, axis=axis, keepdims=True, initial=-np.inf)
    np.exp(shifted, out=shifted)  # (in place: the array is new)
    shifted /= np.sum(shifted, axis=axis, keepdims=True)
    return shifted


def _log_softmax(op: gawee.LogSoftmaxOp, x: np.ndarray) -> np.ndarray:
    shifted = x - np.max(x, axis=op.normalized_axis, keepdims=True, initial=-np.inf)
    return shifted - np.log(np.sum(np.exp(shifted), axis=op.normalized_axis, keepdims=True))


def _clip(op: gawee.ClipOp, x: np.ndarray) -> np.ndarray:
    """max(x, min) then min(., max): NaN stays, and min > max gives max everywhere."""
    low, high = op.bound("min"), op.bound("max")
    if low is not None:
        x = np.maximum(x, x.dtype.type(low))
    if high is not None:
        x = np.minimum(x, x.dtype.type(high))
    return x


def _reduce(
    op: gawee.ReduceOp, x: np.ndarray, reduction: Callable[..., np.ndarray], accumulate: bool = False
) -> np.ndarray:
    """`accumulate`: f16 sums and means accumulate in f32, as PyTorch's do."""
    dtype = {"dtype": _accumulator(x.dtype)} if accumulate else {}
    return reduction(x, axis=op.reduced_axes, keepdims=op.keeps_dims, **dtype)


def _layer_norm(op: gawee.LayerNormOp, x: np.ndarray, weight: np.ndarray, *bias: np.ndarray) -> np.ndarray:
    """Statistics in f32 for f16 inputs, as ONNX Runtime's stash type."""
    acc = _accumulator(x.dtype)
    xs = x.astype(acc, copy=False)
    axes = tuple(range(op.normalized_axis, x.ndim))
    centered = xs - xs.mean(axis=axes, keepdims=True)
    variance = np.square(centered).mean(axis=axes, keepdims=True)
    # in place: `centered` is new; the same operations in the same order as
    # (x - mean) / sqrt(variance + eps) * weight + bias
    centered /= np.sqrt(variance + acc.type(op.epsilon.value.data))
    centered *= weight
    if bias:
        centered += bias[0]
    return centered


def _checked_indices(
    op: gawee.GatherOp | gawee.GatherElementsOp, indices: np.ndarray, size: int
) -> np.ndarray:
    """`indices` with negative ones counted from the end; one outside [-size, size) is an error.
    (The min and max decide what to do: cheaper than comparing every index twice.)"""
    low, high = int(indices.min(initial=0)), int(indices.max(initial=0))
    if low < -size or high >= size:
        outside = (indices < -size) | (indices >= size)
        bad = int(indices[outside].flat[0])
        raise InterpretationError(
            f"{op.name}: index {bad} is out of range for dim {op.normalized_axis} of size {size}"
        )
    return np.where(indices < 0, indices + size, indices) if low < 0 else indices


def _gather(op: gawee.GatherOp, data: np.ndarray, indices: np.ndarray) -> np.ndarray:
    axis = op.normalized_axis
    return np.take(data, _checked_indices(op, indices, data.shape[axis]), axis=axis)


def _gather_elements(op: gawee.GatherElementsOp, data: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """The data cut to the indices' extent off the axis, then numpy's take_along_axis."""
    axis = op.normalized_axis
    cut = tuple(slice(None) if d == axis else slice(0, n) for d, n in enumerate(indices.shape))
    return np.take_along_axis(data[cut], _checked_indices(op, indices, data.shape[axis]), axis=axis)


def _slice(op: gawee.SliceOp, x: np.ndarray) -> np.ndarray:
    """Basic slicing (a view, copied by `_result`'s caller only where needed)."""
    index = tuple(
        slice(0, 0) if not r else slice(r.start, r.stop if r.stop >= 0 else None, r.step) for r in op.ranges()
    )
    return np.ascontiguousarray(x[index])


def _gemm(op: gawee.GemmOp, a: np.ndarray, b: np.ndarray, *c: np.ndarray) -> np.ndarray:
    acc = _accumulator(a.dtype)
    (trans_a, trans_b), (alpha, beta) = op.transposes, op.scales
    a, b = (a.T if trans_a else a), (b.T if trans_b else b)
    out = acc.type(alpha) * matmul(a.astype(acc, copy=False), b.astype(acc, copy=False))
    return out + acc.type(beta) * c[0].astype(acc, copy=False) if op.adds_c else out


def _lrn(op: gawee.LrnOp, x: np.ndarray) -> np.ndarray:
    """The channel windows' sums of squares from the zero-padded squares; f32 for f16."""
    acc = _accumulator(x.dtype)
    xs = x.astype(acc, copy=False)
    before, after = op.window
    squares = np.pad(np.square(xs), ((0, 0), (before, after), (0, 0), (0, 0)))
    sums = sliding_window_view(squares, before + after + 1, axis=1).sum(axis=-1)
    size = op.size.value.data
    scale = acc.type(op.alpha.value.data / size)
    return xs / (acc.type(op.bias.value.data) + scale * sums) ** acc.type(op.beta.value.data)


def _pad(op: gawee.PadOp, x: np.ndarray) -> np.ndarray:
    """The negative pads crop first, then numpy pads in the op's mode (ONNX Runtime's order)."""
    crop_begin, crop_end, pad_begin, pad_end = gawee.split_pads(op.array("pads"))
    cropped = x[tuple(slice(b, size - e) for b, e, size in zip(crop_begin, crop_end, x.shape))]
    widths = list(zip(pad_begin, pad_end))
    if op.padding_mode == "constant":
        return np.pad(cropped, widths, constant_values=x.dtype.type(op.value))
    return np.pad(cropped, widths, mode=cast(Literal["reflect", "edge", "wrap"], op.padding_mode))


def range_values(op: gawee.RangeOp) -> np.ndarray:
    """start + i * delta, computed in the result's element type."""
    dtype = numpy_dtype(op.output.type)
    start, _, delta = (dtype.type(v) for v in op.bounds())
    return start + np.arange(op.output.type.get_shape()[0], dtype=dtype) * delta


def _hard_sigmoid(x: np.ndarray, alpha: float, beta: float) -> np.ndarray:
    return np.clip(x.dtype.type(alpha) * x + x.dtype.type(beta), 0, 1)


def _topk(op: gawee.TopKOp, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(values, indices) from a stable argsort: ascending puts NaN last; largest first
    is the reversed stable sort of the reversed axis, so equal values still keep the
    lower index first and NaN comes first."""
    axis, size = op.normalized_axis, x.shape[op.normalized_axis]
    if op.is_largest:
        order = size - 1 - np.flip(np.argsort(np.flip(x, axis), axis=axis, kind="stable"), axis)
    else:
        order = np.argsort(x, axis=axis, kind="stable")
    order = np.take(order, np.arange(op.count), axis=axis)
    return np.take_along_axis(x, order, axis=axis), order.astype(np.int64)


_SCATTER_COMBINE: dict[str, np.ufunc] = {
    "add": np.add,
    "mul": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
}


def _scatter_nd(
    op: gawee.ScatterNDOp, data: np.ndarray, indices: np.ndarray, updates: np.ndarray
) -> np.ndarray:
    """Updates applied in order (the last of equal indices wins, or all combine)."""
    depth = op.index_depth
    positions = indices.reshape(-1, depth)
    slices = updates.reshape(len(positions), *data.shape[depth:])
    bounds = np.array(data.shape[:depth], np.int64)
    outside = (positions < -bounds) | (positions >= bounds)
    if outside.any():
        row, dim = (int(v[0]) for v in np.nonzero(outside))
        raise InterpretationError(
            f"{op.name}: index {int(positions[row, dim])} is out of range for dim {dim} of size {bounds[dim]}"
        )
    positions = np.where(positions < 0, positions + bounds, positions)
    out = data.copy()
    combine = _SCATTER_COMBINE.get(op.reduction_kind)
    if combine is not None:
        combine.at(out, tuple(positions.T), slices)
    else:
        for position, update in zip(positions, slices):
            out[tuple(position)] = update
    return out


class _NumpyArithmetic:
    """`gawee.ResizedAxis.source` on numpy f64 arrays."""

    def constant(self, value: float) -> np.ndarray:
        return np.asarray(value, dtype=np.float64)

    def add(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.add(lhs, rhs)

    def sub(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.subtract(lhs, rhs)

    def mul(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.multiply(lhs, rhs)

    def div(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.divide(lhs, rhs)


_NEAREST_STEP: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "floor": lambda frac: np.zeros_like(frac, dtype=bool),
    "ceil": lambda frac: frac > 0,
    "round_prefer_floor": lambda frac: frac > 0.5,
    "round_prefer_ceil": lambda frac: frac >= 0.5,
}
"""Whether nearest resizing rounds a source coordinate up, from its fractional part."""


@dataclass(frozen=True)
class ResizeStep:
    """How gawee.resize reads one resized dim: the (clamped) input index of each output
    position; for linear also the upper neighbour's index and its weight (f64)."""

    axis: int
    index: np.ndarray
    upper: np.ndarray | None = None
    weight: np.ndarray | None = None


def _clamped(index: np.ndarray, size: int) -> np.ndarray:
    return np.clip(index, 0, size - 1).astype(np.int64)


def resize_steps(op: gawee.ResizeOp) -> list[ResizeStep]:
    """One step per resized dim, as ONNX's reference: nearest takes floor(x) (+1 by
    `nearestMode`); linear combines the neighbours ceil(x) - 1 and ceil(x) with weights
    1 - r and r, r = x - (ceil(x) - 1), in f64. Indices are clamped to the input."""
    mode, coordinates = op.choice("mode"), op.choice("coordinateTransformationMode")
    step = _NEAREST_STEP[op.choice("nearestMode")]
    steps: list[ResizeStep] = []
    for d, axis in enumerate(op.axes()):
        if axis.is_identity:
            continue
        outputs = np.arange(axis.out, dtype=np.float64)
        # a constant coordinate (a resized length of 1) is a scalar
        source = np.broadcast_to(axis.source(coordinates, outputs, _NumpyArithmetic()), outputs.shape)

        if mode == "nearest":
            floor = np.floor(source)
            steps.append(ResizeStep(d, _clamped(floor + step(source - floor), axis.size)))
        else:
            low = np.ceil(source) - 1
            steps.append(ResizeStep(d, _clamped(low, axis.size), _clamped(low + 1, axis.size), source - low))
    return steps


def _resize(op: gawee.ResizeOp, x: np.ndarray) -> np.ndarray:
    """`resize_steps` one dim at a time; linear in f64."""
    out = x.astype(np.float64) if op.choice("mode") == "linear" else x
    for step in resize_steps(op):
        below = np.take(out, step.index, axis=step.axis)
        if step.upper is None or step.weight is None:
            out = below
            continue
        weight = step.weight.reshape([-1 if i == step.axis else 1 for i in range(x.ndim)])
        above = np.take(out, step.upper, axis=step.axis)
        out = below * (1 - weight) + above * weight
    return out


@register_impls
class GaweeFunctions(InterpreterFunctions):
    """numpy implementations of the gawee ops (PyTorch inference semantics)."""

    def __init__(self) -> None:
        self._signatures: dict[Operation, _Signature] = {}

    def _signature(self, op: Operation) -> _Signature:
        signature = self._signatures.get(op)
        if signature is None:
            signature = self._signatures[op] = _Signature.of(op)
        return signature

    def _operands(self, op: Operation, args: PythonValues) -> PythonValues:
        """The op's runtime operands, checked against their declared tensor types."""
        expected = self._signature(op).operands
        if len(args) != len(expected):
            raise InterpretationError(f"{op.name}: {len(args)} operands given, {len(expected)} expected")
        for index, ((shape, dtype), value) in enumerate(zip(expected, args)):
            if not isinstance(value, np.ndarray) or value.shape != shape or value.dtype != dtype:
                raise _operand_error(op, index, value)
        return args

    def _result(self, op: Operation, value: np.ndarray) -> PythonValues:
        """The op's result tuple, in the result's dtype, checked against its shape."""
        result = self._signature(op).result
        assert result is not None
        shape, dtype = result
        if value.shape != shape:
            raise InterpretationError(
                f"{op.name}: computed a result of shape {list(value.shape)}, but the result type is "
                f"{op.results[0].type}"
            )
        if type(value) is np.ndarray and value.dtype == dtype:
            return (value,)
        # asarray: numpy ufuncs return scalars, not arrays, for rank-0 operands
        return (np.asarray(value, dtype=dtype),)

    @impl(gawee.ConvOp)
    def run_conv(self, interpreter: Interpreter, op: gawee.ConvOp, args: PythonValues) -> PythonValues:
        """Grouped, dilated, strided conv as one batched matrix product over the groups."""
        x, w, *bias = self._operands(op, args)
        f, cg, kh, kw = w.shape
        groups = op.group_count
        oh, ow = _out_hw(op)
        acc = _accumulator(x.dtype)
        columns = _im2col(
            _pad_spatial(x, op.array("padding"), 0),
            groups,
            (kh, kw),
            op.array("strides"),
            op.array("dilation"),
            (oh, ow),
            acc,
        )
        kernels = w.reshape(groups, f // groups, cg * kh * kw).astype(acc, copy=False)
        out = matmul(kernels, columns).reshape(f, x.shape[0], oh, ow)
        if bias:
            out += bias[0].astype(acc, copy=False)[:, None, None, None]  # (out is new: in place)
        return self._result(op, np.ascontiguousarray(out.transpose(1, 0, 2, 3)))

    @impl(gawee.SplitOp)
    def run_split(self, interpreter: Interpreter, op: gawee.SplitOp, args: PythonValues) -> PythonValues:
        (x,) = self._operands(op, args)
        pieces = np.split(x, np.cumsum(op.array("splitSizes"))[:-1], axis=op.normalized_axis)
        return tuple(np.ascontiguousarray(piece) for piece in pieces)

    @impl(gawee.ReluOp)
    def run_relu(self, interpreter: Interpreter, op: gawee.ReluOp, args: PythonValues) -> PythonValues:
        (x,) = self._operands(op, args)
        return self._result(op, np.maximum(x, x.dtype.type(0)))

    @impl(gawee.AddOp)
    def run_add(self, interpreter: Interpreter, op: gawee.AddOp, args: PythonValues) -> PythonValues:
        lhs, rhs = self._operands(op, args)
        return self._result(op, np.add(lhs, rhs))

    @impl(gawee.BatchNormOp)
    def run_batch_norm(
        self, interpreter: Interpreter, op: gawee.BatchNormOp, args: PythonValues
    ) -> PythonValues:
        """Eval-mode batch norm over dim 1, computed in the element dtype."""
        x, weight, bias, mean, var = self._operands(op, args)
        per_channel = (-1,) + (1,) * (x.ndim - 2)
        with np.errstate(over="ignore"):  # an epsilon beyond f16's range is inf, as lowered
            eps = x.dtype.type(op.epsilon)
        out = (x - mean.reshape(per_channel)) / np.sqrt(var.reshape(per_channel) + eps)
        if op.affine.value.data:
            out = out * weight.reshape(per_channel) + bias.reshape(per_channel)
        return self._result(op, out)

    @impl(gawee.MaxPoolOp)
    def run_max_pool(self, interpreter: Interpreter, op: gawee.MaxPoolOp, args: PythonValues) -> PythonValues:
        """Max over -inf padded windows; ceil mode pads the end until the last window fits."""
        (x,) = self._operands(op, args)
        windows = _pool_windows(op, x, op.array("dilation"), -np.inf)
        return self._result(op, reduce_windows(windows, np.maximum))

    @impl(gawee.AveragePoolOp)
    def run_average_pool(
        self, interpreter: Interpreter, op: gawee.AveragePoolOp, args: PythonValues
    ) -> PythonValues:
        """Sums over zero-padded windows, each divided by its tap count (`divisors`)."""
        (x,) = self._operands(op, args)
        acc = _accumulator(x.dtype)
        windows = _pool_windows(op, x.astype(acc, copy=False), op.dilation_values, 0)
        rows, cols = op.divisors()
        return self._result(op, reduce_windows(windows, np.add) / np.outer(rows, cols).astype(acc))

    @impl(gawee.GlobalAveragePoolOp)
    def run_global_average_pool(
        self, interpreter: Interpreter, op: gawee.GlobalAveragePoolOp, args: PythonValues
    ) -> PythonValues:
        (x,) = self._operands(op, args)
        spatial = tuple(range(2, x.ndim))
        return self._result(op, x.mean(axis=spatial, keepdims=True, dtype=_accumulator(x.dtype)))

    @impl(gawee.AdAvgPoolOp)
    def run_ad_avg_pool(
        self, interpreter: Interpreter, op: gawee.AdAvgPoolOp, args: PythonValues
    ) -> PythonValues:
        """Adaptive windows overlap, so average with two [o, size] window-mean matrices."""
        (x,) = self._operands(op, args)
        oh, ow = _out_hw(op)
        acc = _accumulator(x.dtype)
        rows = _adaptive_mean_matrix(x.shape[2], oh, acc)
        cols = _adaptive_mean_matrix(x.shape[3], ow, acc)
        return self._result(op, rows @ x.astype(acc, copy=False) @ cols.T)

    @impl(gawee.FlattenOp)
    def run_flatten(self, interpreter: Interpreter, op: gawee.FlattenOp, args: PythonValues) -> PythonValues:
        (x,) = self._operands(op, args)
        start, end = op.dims()
        shape = (*x.shape[:start], math.prod(x.shape[start : end + 1]), *x.shape[end + 1 :])
        return self._result(op, x.reshape(shape))

    @impl(gawee.LinearOp)
    def run_linear(self, interpreter: Interpreter, op: gawee.LinearOp, args: PythonValues) -> PythonValues:
        x, w, *bias = self._operands(op, args)
        acc = _accumulator(x.dtype)
        out = matmul(x.astype(acc, copy=False), w.astype(acc, copy=False).T)
        if bias:
            out = out + bias[0].astype(acc, copy=False)
        return self._result(op, out)

    run_neg = impl(gawee.NegOp)(_on_arrays(lambda op, x: np.negative(x)))
    run_abs = impl(gawee.AbsOp)(_on_arrays(lambda op, x: np.abs(x)))
    run_exp = impl(gawee.ExpOp)(_on_arrays(lambda op, x: np.exp(x)))
    run_log = impl(gawee.LogOp)(_on_arrays(lambda op, x: np.log(x)))
    run_sqrt = impl(gawee.SqrtOp)(_on_arrays(lambda op, x: np.sqrt(x)))
    run_reciprocal = impl(gawee.ReciprocalOp)(_on_arrays(lambda op, x: np.reciprocal(x)))
    run_sin = impl(gawee.SinOp)(_on_arrays(lambda op, x: np.sin(x)))
    run_cos = impl(gawee.CosOp)(_on_arrays(lambda op, x: np.cos(x)))
    run_tanh = impl(gawee.TanhOp)(_on_arrays(lambda op, x: np.tanh(x)))
    run_sigmoid = impl(gawee.SigmoidOp)(_on_arrays(lambda op, x: 1 / (1 + np.exp(-x))))
    run_erf = impl(gawee.ErfOp)(_on_arrays(lambda op, x: erf_array(x)))
    run_gelu = impl(gawee.GeluOp)(_on_arrays(_gelu))
    run_hard_swish = impl(gawee.HardSwishOp)(_on_arrays(lambda op, x: x * _hard_sigmoid(x, 1 / 6, 0.5)))
    run_hard_sigmoid = impl(gawee.HardSigmoidOp)(
        _on_arrays(lambda op, x: _hard_sigmoid(x, op.parameter("alpha"), op.parameter("beta")))
    )
    run_leaky_relu = impl(gawee.LeakyReluOp)(
        _on_arrays(lambda op, x: np.where(x < 0, x.dtype.type(op.parameter("alpha")) * x, x))
    )
    run_sub = impl(gawee.SubOp)(_on_arrays(lambda op, x, y: np.subtract(x, y)))
    run_mul = impl(gawee.MulOp)(_on_arrays(lambda op, x, y: np.multiply(x, y)))
    run_div = impl(gawee.DivOp)(_on_arrays(lambda op, x, y: np.divide(x, y)))
    run_pow = impl(gawee.PowOp)(_on_arrays(lambda op, x, y: np.power(x, y)))
    run_reshape = impl(gawee.ReshapeOp)(
        _on_arrays(lambda op, x: x.reshape(tuple(op.output.type.get_shape())))
    )
    run_transpose = impl(gawee.TransposeOp)(
        _on_arrays(lambda op, x: x.transpose(op.permutation).copy())  # (ascontiguousarray makes 0-d 1-d)
    )
    run_matmul = impl(gawee.MatMulOp)(_on_arrays(_matmul))
    run_softmax = impl(gawee.SoftmaxOp)(_on_arrays(_softmax))
    run_log_softmax = impl(gawee.LogSoftmaxOp)(_on_arrays(_log_softmax))
    run_max = impl(gawee.MaxOp)(_on_arrays(lambda op, *xs: functools.reduce(np.maximum, xs)))
    run_min = impl(gawee.MinOp)(_on_arrays(lambda op, *xs: functools.reduce(np.minimum, xs)))
    run_sum = impl(gawee.SumOp)(_on_arrays(lambda op, *xs: functools.reduce(np.add, xs)))
    run_mean = impl(gawee.MeanOp)(
        _on_arrays(lambda op, *xs: functools.reduce(np.add, xs) / xs[0].dtype.type(len(xs)))
    )
    run_clip = impl(gawee.ClipOp)(_on_arrays(_clip))
    run_reduce_sum = impl(gawee.ReduceSumOp)(
        _on_arrays(lambda op, x: _reduce(op, x, np.sum, accumulate=True))
    )
    run_reduce_mean = impl(gawee.ReduceMeanOp)(
        _on_arrays(lambda op, x: _reduce(op, x, np.mean, accumulate=True))
    )
    run_reduce_max = impl(gawee.ReduceMaxOp)(_on_arrays(lambda op, x: _reduce(op, x, np.max)))
    run_reduce_min = impl(gawee.ReduceMinOp)(_on_arrays(lambda op, x: _reduce(op, x, np.min)))
    run_layer_norm = impl(gawee.LayerNormOp)(_on_arrays(_layer_norm))
    run_equal = impl(gawee.EqualOp)(_on_arrays(lambda op, x, y: np.equal(x, y)))
    run_less = impl(gawee.LessOp)(_on_arrays(lambda op, x, y: np.less(x, y)))
    run_less_equal = impl(gawee.LessEqualOp)(_on_arrays(lambda op, x, y: np.less_equal(x, y)))
    run_greater = impl(gawee.GreaterOp)(_on_arrays(lambda op, x, y: np.greater(x, y)))
    run_greater_equal = impl(gawee.GreaterEqualOp)(_on_arrays(lambda op, x, y: np.greater_equal(x, y)))
    run_and = impl(gawee.AndOp)(_on_arrays(lambda op, x, y: np.logical_and(x, y)))
    run_or = impl(gawee.OrOp)(_on_arrays(lambda op, x, y: np.logical_or(x, y)))
    run_xor = impl(gawee.XorOp)(_on_arrays(lambda op, x, y: np.logical_xor(x, y)))
    run_not = impl(gawee.NotOp)(_on_arrays(lambda op, x: np.logical_not(x)))
    run_where = impl(gawee.WhereOp)(_on_arrays(lambda op, c, x, y: np.where(c, x, y)))
    run_cast = impl(gawee.CastOp)(_on_arrays(lambda op, x: x.astype(numpy_dtype(op.output.type))))
    run_gather = impl(gawee.GatherOp)(_on_arrays(_gather))
    run_gather_elements = impl(gawee.GatherElementsOp)(_on_arrays(_gather_elements))
    run_expand = impl(gawee.ExpandOp)(
        _on_arrays(lambda op, x: np.broadcast_to(x, op.output.type.get_shape()).copy())
    )
    run_unsqueeze = impl(gawee.UnsqueezeOp)(_on_arrays(lambda op, x: x.reshape(op.output.type.get_shape())))
    run_squeeze = impl(gawee.SqueezeOp)(_on_arrays(lambda op, x: x.reshape(op.output.type.get_shape())))
    run_cat = impl(gawee.CatOp)(_on_arrays(lambda op, *xs: np.concatenate(xs, axis=op.normalized_axis)))
    run_slice = impl(gawee.SliceOp)(_on_arrays(_slice))
    run_scatter_nd = impl(gawee.ScatterNDOp)(_on_arrays(_scatter_nd))
    run_resize = impl(gawee.ResizeOp)(_on_arrays(_resize))

    @impl(gawee.TopKOp)
    def run_topk(self, interpreter: Interpreter, op: gawee.TopKOp, args: PythonValues) -> PythonValues:
        (x,) = self._operands(op, args)
        values, indices = _topk(op, x)
        return (values, indices)

    run_gemm = impl(gawee.GemmOp)(_on_arrays(_gemm))
    run_lrn = impl(gawee.LrnOp)(_on_arrays(_lrn))
    run_tile = impl(gawee.TileOp)(_on_arrays(lambda op, x: np.tile(x, op.array("repeats"))))
    run_pad = impl(gawee.PadOp)(_on_arrays(_pad))
    run_trilu = impl(gawee.TriluOp)(
        _on_arrays(lambda op, x: (np.triu if op.is_upper else np.tril)(x, op.diagonal))
    )
    run_constant = impl(gawee.ConstantOp)(
        _on_arrays(lambda op: np.asarray(attribute_value(op.value, op.output.type)))
    )
    run_range = impl(gawee.RangeOp)(_on_arrays(range_values))
    run_shape = impl(gawee.ShapeOp)(_on_arrays(lambda op, x: np.array(op.dims(), np.int64)))

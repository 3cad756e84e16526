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
from typing import Any, Literal, cast

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import (
    PythonValues,
    register_impls,
)
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects import gawee
from nnstack.dialects.gawee.composite import decomposition, is_composite
from nnstack.dialects.values import attribute_value, numpy_dtype
from nnstack.interpreters import winograd
from nnstack.interpreters.arith import relu
from nnstack.interpreters.blas import constant_weights_product, matmul
from nnstack.interpreters.convolution import accumulator as _accumulator
from nnstack.interpreters.convolution import conv2d_nchw
from nnstack.interpreters.kernels import (
    ArrayType,
    Binder,
    KernelFunctions,
    KernelSpec,
    Signature,
    kernel_impl,
)
from nnstack.interpreters.math import erf_array
from nnstack.interpreters.steps import Kernel, operand_error
from nnstack.interpreters.windows import Window, max_pool, reduce_windows


def _tensor_type(op: Operation, value: SSAValue) -> TensorType:
    typ = value.type
    if not isinstance(typ, TensorType):
        raise InterpretationError(f"{op.name}: expected a tensor, got a value of type {typ}")
    return typ


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


def _relu_into(op: gawee.ReluOp, signature: Signature) -> Callable[..., np.ndarray]:
    return lambda out, x: relu(x, out=out)


def _tensor_signature(op: Operation) -> tuple[tuple[ArrayType, ...], tuple[ArrayType, ...]]:
    """The array types of `op`'s operands and results, which are all tensors."""
    signature = Signature.of(op)
    for value, typ in zip((*op.operands, *op.results), (*signature.operands, *signature.results)):
        if typ is None:
            raise InterpretationError(f"{op.name}: expected a tensor, got a value of type {value.type}")
    return cast(tuple[tuple[ArrayType, ...], tuple[ArrayType, ...]], signature)


def _kernel(
    op: Operation,
    spec: KernelSpec,
    check_operands: bool,
    constants: tuple[Any, ...],
    reusable: tuple[int, ...],
) -> Kernel:
    """The op's function (`KernelSpec.function`: bound, specialized to `constants` or
    in place over a `reusable` operand) with its results converted to their dtypes and
    checked against their shapes, and (`check_operands`) its operands checked against
    their declared types."""
    expected, results = _tensor_signature(op)
    fn, in_place = spec.function(op, Signature(expected, results), constants, reusable)
    assert fn is not None  # (every gawee op binds)
    shape, dtype = results[0] if len(results) == 1 else (None, None)

    def exact_kernel(args: PythonValues) -> PythonValues:
        return (fn(*args),)

    def kernel(args: PythonValues) -> PythonValues:
        value = fn(*args)
        if type(value) is np.ndarray and value.shape == shape and value.dtype == dtype:
            return (value,)  # (the common case: one result as it should be)
        if isinstance(value, tuple):
            if len(value) != len(results):
                raise InterpretationError(
                    f"{op.name}: computed {len(value)} results, {len(results)} expected"
                )
            return tuple(_checked_result(op, i, v, results[i]) for i, v in enumerate(value))
        return (_checked_result(op, 0, value, results[0]),)

    def checked_kernel(args: PythonValues) -> PythonValues:
        if len(args) != len(expected):
            raise InterpretationError(f"{op.name}: {len(args)} operands given, {len(expected)} expected")
        for index, ((shape, dtype), value) in enumerate(zip(expected, args)):
            if not isinstance(value, np.ndarray) or value.shape != shape or value.dtype != dtype:
                raise operand_error(op, index, value)
        return kernel(args)

    if spec.exact:
        kernel = exact_kernel
    run = checked_kernel if check_operands else kernel
    return Kernel(run, spec.arithmetic, spec.fresh, in_place)


def _checked_result(op: Operation, index: int, value: np.ndarray, expected: ArrayType) -> np.ndarray:
    """Result `index` of `op` in its dtype, checked against its shape."""
    shape, dtype = expected
    if value.shape != shape:
        raise InterpretationError(
            f"{op.name}: computed a result of shape {list(value.shape)}, but the result type is "
            f"{op.results[index].type}"
        )
    if type(value) is np.ndarray and value.dtype == dtype:
        return value
    # asarray: numpy ufuncs return scalars, not arrays, for rank-0 operands
    return np.asarray(value, dtype=dtype)


def _gelu(op: gawee.GeluOp, x: np.ndarray) -> np.ndarray:
    """0.5 x (1 + erf(x / sqrt 2)), or with tanh: 0.5 x (1 + tanh(sqrt(2 / pi) x (1 + 0.044715 x^2))),
    in f32 for f16 and f32 inputs (as ONNX Runtime computes it; erf within 5 ulp) and in
    f64 for f64, in place in the arrays it creates."""
    work = np.float64 if x.dtype == np.float64 else np.float32
    shape = x.shape
    x = x.astype(work, copy=False).reshape(-1)  # (arithmetic on 0-d arrays gives scalars)
    if op.approximation == "tanh":
        out = np.square(x)
        out *= work(0.044715)
        out += 1
        out *= x
        out *= work(math.sqrt(2 / math.pi))
        np.tanh(out, out=out)
    else:
        out = erf_array(x * work(1 / math.sqrt(2)))
    out += 1
    out *= x
    out *= work(0.5)
    return out.reshape(shape)


def _matmul(op: gawee.MatMulOp, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    acc = _accumulator(lhs.dtype)
    return matmul(lhs.astype(acc, copy=False), rhs.astype(acc, copy=False))


def _constant_weights(op: Operation, weights: np.ndarray | None) -> Callable[..., np.ndarray] | None:
    """`x @ weights` for `op`'s first operand `x` and a constant matrix `weights` (matmul's
    right operand, linear's transposed weight), where laying it out pays off."""
    if weights is None:
        return None
    return constant_weights_product(gawee.tensor_shape(op.operands[0]), weights, _accumulator(weights.dtype))


def _specialize_matmul(op: gawee.MatMulOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    product = _constant_weights(op, constants[1])
    return None if product is None else lambda lhs, rhs: product(lhs)


def _specialize_linear(op: gawee.LinearOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    weight = constants[1]
    product = _constant_weights(op, None if weight is None else weight.T)
    if product is None:
        return None
    if len(constants) < 3:
        return lambda x, w: product(x)

    def with_bias(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
        out = product(x)
        out += bias.astype(out.dtype, copy=False)  # (out is new: in place)
        return out

    return with_bias


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


def _operand_dtype(op: Operation, index: int = 0) -> np.dtype:
    return numpy_dtype(_tensor_type(op, op.operands[index]).element_type)


def _bind_shape(op: gawee.ShapeOp) -> Callable[[np.ndarray], np.ndarray]:
    dims = np.array(op.dims(), np.int64)
    return lambda x: dims.copy()


def _bind_clip(op: gawee.ClipOp) -> Callable[[np.ndarray], np.ndarray]:
    """numpy's clip, which is min(max(x, min), max): NaN stays, and min > max gives max
    everywhere."""
    dtype = _operand_dtype(op)
    low, high = (None if (b := op.bound(n)) is None else dtype.type(b) for n in ("min", "max"))
    if low is None and high is None:
        return lambda x: x
    return lambda x: np.clip(x, low, high)


def _reduce(reduction: Callable[..., np.ndarray], accumulate: bool = False) -> Binder:
    """The binder of a reduction over the op's axes; `accumulate`: f16 sums and means
    accumulate in f32, as PyTorch's do."""

    def bind(op: gawee.ReduceOp) -> Callable[[np.ndarray], np.ndarray]:
        dtype = {"dtype": _accumulator(_operand_dtype(op))} if accumulate else {}
        return functools.partial(reduction, axis=op.reduced_axes, keepdims=op.keeps_dims, **dtype)

    return bind


def _layer_norm(op: gawee.LayerNormOp, x: np.ndarray, weight: np.ndarray, *bias: np.ndarray) -> np.ndarray:
    """Statistics in f32 for f16 inputs, as ONNX Runtime's stash type."""
    acc = _accumulator(x.dtype)
    # the normalized dims are the last ones: one row of `rows` per normalization
    axis = op.normalized_axis
    size = math.prod(x.shape[axis:])
    rows = x.astype(acc, copy=False).reshape(math.prod(x.shape[:axis]), size)
    centered = rows - rows.mean(axis=1, keepdims=True)
    # the sum of squares of each row as a dot product, without a squared copy
    variance = np.einsum("ij,ij->i", centered, centered)[:, None]
    variance /= acc.type(size)
    # in place: the arrays are new; the same operations in the same order as
    # (x - mean) / sqrt(variance + eps) * weight + bias
    variance += acc.type(op.epsilon.value.data)
    centered /= np.sqrt(variance, out=variance)
    centered = centered.reshape(x.shape)
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


def _bind_gather(op: gawee.GatherOp) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """numpy's take, which counts negative indices from the end and raises for one out
    of range (then `_checked_indices` names it)."""
    axis = op.normalized_axis

    def gather(data: np.ndarray, indices: np.ndarray) -> np.ndarray:
        try:
            return data.take(indices, axis)  # (the method: np.take is a Python wrapper of it)
        except IndexError:
            _checked_indices(op, indices, data.shape[axis])
            raise

    return gather


def _bind_transpose(op: gawee.TransposeOp) -> Callable[[np.ndarray], np.ndarray]:
    perm = op.permutation
    return lambda x: x.transpose(perm).copy()  # (ascontiguousarray would make a 0-d array 1-d)


def _bind_reshape(
    op: gawee.ReshapeOp | gawee.SqueezeOp | gawee.UnsqueezeOp | gawee.FlattenOp,
) -> Callable[[np.ndarray], np.ndarray]:
    """A reshape to the result's shape (a view of the input)."""
    shape = gawee.tensor_shape(op.results[0])
    return lambda x: x.reshape(shape)


def _bind_expand(op: gawee.ExpandOp) -> Callable[[np.ndarray], np.ndarray]:
    shape = gawee.tensor_shape(op.results[0])
    return lambda x: np.broadcast_to(x, shape).copy()


def _bind_cat(op: gawee.CatOp) -> Callable[..., np.ndarray]:
    axis = op.normalized_axis
    return lambda *xs: np.concatenate(xs, axis=axis)


def _bind_gather_elements(op: gawee.GatherElementsOp) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The data cut to the indices' extent off the axis, then numpy's take_along_axis."""
    axis = op.normalized_axis
    cut = tuple(
        slice(None) if d == axis else slice(0, n) for d, n in enumerate(gawee.tensor_shape(op.indices))
    )
    size = gawee.tensor_shape(op.data)[axis]
    return lambda data, indices: np.take_along_axis(data[cut], _checked_indices(op, indices, size), axis=axis)


def _bind_slice(op: gawee.SliceOp) -> Callable[[np.ndarray], np.ndarray]:
    """Basic slicing, copied into a contiguous array."""
    index = tuple(
        slice(0, 0) if not r else slice(r.start, r.stop if r.stop >= 0 else None, r.step) for r in op.ranges()
    )
    return lambda x: np.ascontiguousarray(x[index])


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


def _bind_scatter_nd(op: gawee.ScatterNDOp) -> Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """Updates applied in order (the last of equal indices wins, or all combine)."""
    depth = op.index_depth
    bounds = gawee.tensor_shape(op.data)[:depth]
    combine = _SCATTER_COMBINE.get(op.reduction_kind)

    def scatter_nd(data: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> np.ndarray:
        if depth == 1 and combine is None and indices.size <= _FEW:
            listed = indices.ravel().tolist()  # (Python's set, min and max of a few: cheaper)
            if (
                len(set(listed)) == len(listed)
                and min(listed, default=0) >= 0
                and max(listed, default=0) < bounds[0]
            ):
                out = data.copy()
                out[indices[..., 0]] = updates  # (rows of distinct indices: the order does not matter)
                return out
        positions = indices.reshape(-1, depth)
        slices = updates.reshape(len(positions), *data.shape[depth:])
        flat = _flat_positions(op, positions, bounds)
        out = data.copy()
        rows = out.reshape(-1, *data.shape[depth:])
        if combine is not None:
            combine.at(rows, flat, slices)
        elif _unique(flat):
            rows[flat] = slices  # (numpy does not say which of equal indices wins)
        else:
            for row, update in zip(flat, slices):
                rows[row] = update
        return out

    return scatter_nd


def _flat_positions(op: gawee.ScatterNDOp, positions: np.ndarray, bounds: tuple[int, ...]) -> np.ndarray:
    """The row of each index [depth] of `positions` in the data's leading `bounds`,
    negative ones counted from the end; one out of range is an error."""
    given = positions
    low = positions.min(initial=0)
    if low < 0:
        positions = np.where(positions < 0, positions + np.array(bounds, np.int64), positions)
    if len(bounds) == 1 and low >= 0 and positions.max(initial=0) < bounds[0]:
        return positions[:, 0]  # (ravel_multi_index costs more than the scatter of a few rows)
    try:
        return np.asarray(np.ravel_multi_index(tuple(positions.T), bounds))
    except ValueError:
        row, dim = (int(v[0]) for v in np.nonzero((positions < 0) | (positions >= np.array(bounds))))
        raise InterpretationError(
            f"{op.name}: index {int(given[row, dim])} is out of range for dim {dim} of size {bounds[dim]}"
        ) from None


_FEW = 256
"""Up to this many indices, Python's set, min and max on a list of them are cheaper
than numpy's calls (np.unique sorts, at 6x the cost)."""


def _unique(values: np.ndarray) -> bool:
    """Whether no two of `values` are equal."""
    if len(values) <= _FEW:
        return len(set(values.tolist())) == len(values)
    return len(np.unique(values)) == len(values)


def _resize(op: gawee.ResizeOp, x: np.ndarray) -> np.ndarray:
    """`gawee.ResizeOp.steps` one dim at a time; linear in f64."""
    out = x.astype(np.float64) if op.choice("mode") == "linear" else x
    for step in op.steps():
        below = np.take(out, step.index, axis=step.axis)
        if step.upper is None or step.weight is None:
            out = below
            continue
        weight = step.weight.reshape([-1 if i == step.axis else 1 for i in range(x.ndim)])
        above = np.take(out, step.upper, axis=step.axis)
        out = below * (1 - weight) + above * weight
    return out


def _conv_window(op: gawee.ConvOp) -> Window:
    return Window.of(
        gawee.tensor_shape(op.weight)[2:],
        op.array("strides"),
        op.array("dilation"),
        gawee.expand_padding(op.array("padding")),
        _out_hw(op),
    )


def _bind_conv(op: gawee.ConvOp) -> Callable[..., np.ndarray]:
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


def _specialize_conv(op: gawee.ConvOp, constants: tuple[Any, ...]) -> Callable[..., np.ndarray] | None:
    """A conv with constant kernels that Winograd's F(2x2, 3x3) computes faster
    (`winograd.applies`), their transform made once."""
    weights = constants[1]
    conv = None if weights is None else winograd.faster_conv(weights, _conv_window(op), op.group_count)
    return None if conv is None else _with_bias(lambda x, w: conv(x))


def _split(op: gawee.SplitOp, x: np.ndarray) -> tuple[np.ndarray, ...]:
    pieces = np.split(x, np.cumsum(op.array("splitSizes"))[:-1], axis=op.normalized_axis)
    return tuple(np.ascontiguousarray(piece) for piece in pieces)


def _batch_norm(
    op: gawee.BatchNormOp,
    x: np.ndarray,
    weight: np.ndarray,
    bias: np.ndarray,
    mean: np.ndarray,
    var: np.ndarray,
) -> np.ndarray:
    """Eval-mode batch norm over dim 1, computed in the element dtype (an epsilon
    beyond f16's range is inf, as lowered)."""
    per_channel = (-1,) + (1,) * (x.ndim - 2)
    out = x - mean.reshape(per_channel)  # (then in place: the same operations, no temporaries)
    out /= np.sqrt(var.reshape(per_channel) + x.dtype.type(op.epsilon))
    if op.affine.value.data:
        out *= weight.reshape(per_channel)
        out += bias.reshape(per_channel)
    return out


def _specialize_batch_norm(
    op: gawee.BatchNormOp, constants: tuple[Any, ...]
) -> Callable[..., np.ndarray] | None:
    """With constant statistics and parameters (a model's), x * scale + shift: scale =
    weight / sqrt(var + eps) and shift = bias - mean * scale computed once in f64 and
    rounded once, two passes over x instead of four (f32 and f64; f16 keeps the
    element-dtype steps of `_batch_norm`)."""
    dtype = _operand_dtype(op)
    if dtype not in (np.float32, np.float64) or any(c is None for c in constants[1:]):
        return None
    weight, bias, mean, var = (np.asarray(c, np.float64) for c in constants[1:])
    scale = 1 / np.sqrt(var + op.epsilon)
    if op.affine.value.data:
        scale *= weight
        shift = bias - mean * scale
    else:
        shift = -mean * scale
    per_channel = (-1,) + (1,) * (len(gawee.tensor_shape(op.operands[0])) - 2)
    scale, shift = (v.astype(dtype).reshape(per_channel) for v in (scale, shift))

    def batch_norm(x: np.ndarray, *parameters: np.ndarray) -> np.ndarray:
        out = x * scale
        out += shift
        return out

    return batch_norm


def _bind_max_pool(op: gawee.MaxPoolOp) -> Callable[[np.ndarray], np.ndarray]:
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


def _average_pool(op: gawee.AveragePoolOp, x: np.ndarray) -> np.ndarray:
    """Sums over zero-padded windows, each divided by its tap count (`divisors`)."""
    acc = _accumulator(x.dtype)
    windows = _pool_windows(op, x.astype(acc, copy=False), op.dilation_values, 0)
    rows, cols = op.divisors()
    return reduce_windows(windows, np.add) / np.outer(rows, cols).astype(acc)


def _global_average_pool(op: gawee.GlobalAveragePoolOp, x: np.ndarray) -> np.ndarray:
    return x.mean(axis=tuple(range(2, x.ndim)), keepdims=True, dtype=_accumulator(x.dtype))


def _bind_ad_avg_pool(op: gawee.AdAvgPoolOp) -> Callable[[np.ndarray], np.ndarray]:
    """Adaptive windows overlap, so average with two [o, size] window-mean matrices."""
    oh, ow = _out_hw(op)
    acc = _accumulator(_operand_dtype(op))
    _, _, h, w = gawee.tensor_shape(op.operands[0])
    rows = _adaptive_mean_matrix(h, oh, acc)
    cols = _adaptive_mean_matrix(w, ow, acc).T
    return lambda x: rows @ x.astype(acc, copy=False) @ cols


def _linear(op: gawee.LinearOp, x: np.ndarray, w: np.ndarray, *bias: np.ndarray) -> np.ndarray:
    acc = _accumulator(x.dtype)
    out = matmul(x.astype(acc, copy=False), w.astype(acc, copy=False).T)
    if bias:
        out = out + bias[0].astype(acc, copy=False)
    return out


def _bind_decomposition(op: Operation) -> Callable[..., np.ndarray | tuple[np.ndarray, ...]]:
    """A composite op computed as its decomposition (`dialects/gawee/composite.py`), each
    of its ops by its own kernel: the meaning of a composite op without a kernel of its
    own, and the reference a faster kernel is tested against."""
    block = Block(arg_types=[value.type for value in op.operands])
    copy = type(op).create(
        operands=block.args,
        result_types=[result.type for result in op.results],
        attributes=dict(op.attributes),
        properties=dict(op.properties),
    )
    parts = decomposition(copy)
    assert parts is not None
    functions = GaweeFunctions()
    steps = []
    for part in parts.ops:
        kernel = functions.kernel(part, check_operands=False)
        assert kernel is not None  # (every gawee op has one)
        steps.append((kernel.run, part.operands, part.results))

    def run(*operands: np.ndarray) -> np.ndarray | tuple[np.ndarray, ...]:
        values: dict[SSAValue, np.ndarray] = dict(zip(block.args, operands))
        for kernel, inputs, outputs in steps:
            values.update(zip(outputs, kernel(tuple(values[v] for v in inputs))))
        results = tuple(values[v] for v in parts.results)
        return results[0] if len(results) == 1 else results

    return run


class _DecomposedFunctions(KernelFunctions):
    """Every composite gawee op run as its decomposition (`_bind_decomposition`);
    `GaweeFunctions` overrides this with a faster kernel where one pays."""

    locals().update(
        {
            f"run_{op_type.name}": kernel_impl(op_type, bind=_bind_decomposition)
            for op_type in gawee.Gawee.operations
            if is_composite(op_type)
        }
    )


@register_impls
class GaweeFunctions(_DecomposedFunctions):
    """numpy implementations of the gawee ops (PyTorch inference semantics), each an
    `ArrayFunction` or `Binder` registered with `kernels.kernel_impl`; a composite op
    without one runs as its decomposition (`_DecomposedFunctions`)."""

    def __init__(self) -> None:
        super().__init__()
        self._kernels: dict[tuple[Operation, bool, tuple[int, ...]], Kernel] = {}

    def make_kernel(
        self,
        op: Operation,
        spec: KernelSpec,
        check_operands: bool,
        constants: tuple[Any, ...],
        reusable: tuple[int, ...],
    ) -> Kernel:
        """`_kernel`, made once per op (and options), except where it is specialized
        to the op's constant operands."""
        if spec.reads_constants(constants):
            return _kernel(op, spec, check_operands, constants, reusable)  # (the plan keeps it)
        key = (op, check_operands, reusable)
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = _kernel(op, spec, check_operands, (), reusable)
        return kernel

    run_conv = kernel_impl(gawee.ConvOp, bind=_bind_conv, specialize=_specialize_conv, fresh=True)
    run_split = kernel_impl(gawee.SplitOp, _split, arithmetic=False)
    run_relu = kernel_impl(gawee.ReluOp, lambda op, x: relu(x), fresh=True, into=_relu_into)
    run_add = kernel_impl(gawee.AddOp, ufunc=np.add)
    run_batch_norm = kernel_impl(
        gawee.BatchNormOp, _batch_norm, specialize=_specialize_batch_norm, fresh=True
    )
    run_max_pool = kernel_impl(gawee.MaxPoolOp, bind=_bind_max_pool)
    run_average_pool = kernel_impl(gawee.AveragePoolOp, _average_pool)
    run_global_average_pool = kernel_impl(gawee.GlobalAveragePoolOp, _global_average_pool)
    run_ad_avg_pool = kernel_impl(gawee.AdAvgPoolOp, bind=_bind_ad_avg_pool)
    run_flatten = kernel_impl(gawee.FlattenOp, bind=_bind_reshape, arithmetic=False, exact=True)
    run_linear = kernel_impl(gawee.LinearOp, _linear, specialize=_specialize_linear, fresh=True)
    run_neg = kernel_impl(gawee.NegOp, ufunc=np.negative)
    run_abs = kernel_impl(gawee.AbsOp, ufunc=np.abs)
    run_exp = kernel_impl(gawee.ExpOp, ufunc=np.exp)
    run_log = kernel_impl(gawee.LogOp, ufunc=np.log)
    run_sqrt = kernel_impl(gawee.SqrtOp, ufunc=np.sqrt)
    run_reciprocal = kernel_impl(gawee.ReciprocalOp, ufunc=np.reciprocal)
    run_sin = kernel_impl(gawee.SinOp, ufunc=np.sin)
    run_cos = kernel_impl(gawee.CosOp, ufunc=np.cos)
    run_tanh = kernel_impl(gawee.TanhOp, ufunc=np.tanh)
    run_sigmoid = kernel_impl(gawee.SigmoidOp, lambda op, x: 1 / (1 + np.exp(-x)), fresh=True)
    run_erf = kernel_impl(gawee.ErfOp, lambda op, x: erf_array(x), fresh=True)
    run_gelu = kernel_impl(gawee.GeluOp, _gelu, fresh=True)
    run_hard_swish = kernel_impl(gawee.HardSwishOp, lambda op, x: x * _hard_sigmoid(x, 1 / 6, 0.5))
    run_hard_sigmoid = kernel_impl(
        gawee.HardSigmoidOp, lambda op, x: _hard_sigmoid(x, op.parameter("alpha"), op.parameter("beta"))
    )
    run_leaky_relu = kernel_impl(
        gawee.LeakyReluOp, lambda op, x: np.where(x < 0, x.dtype.type(op.parameter("alpha")) * x, x)
    )
    run_sub = kernel_impl(gawee.SubOp, ufunc=np.subtract)
    run_mul = kernel_impl(gawee.MulOp, ufunc=np.multiply)
    run_div = kernel_impl(gawee.DivOp, ufunc=np.divide)
    run_pow = kernel_impl(gawee.PowOp, ufunc=np.power)
    run_reshape = kernel_impl(gawee.ReshapeOp, bind=_bind_reshape, arithmetic=False, exact=True)
    run_transpose = kernel_impl(gawee.TransposeOp, bind=_bind_transpose, arithmetic=False, exact=True)
    run_matmul = kernel_impl(gawee.MatMulOp, _matmul, specialize=_specialize_matmul, fresh=True)
    run_softmax = kernel_impl(gawee.SoftmaxOp, _softmax, fresh=True)
    run_log_softmax = kernel_impl(gawee.LogSoftmaxOp, _log_softmax, fresh=True)
    run_max = kernel_impl(gawee.MaxOp, lambda op, *xs: functools.reduce(np.maximum, xs))
    run_min = kernel_impl(gawee.MinOp, lambda op, *xs: functools.reduce(np.minimum, xs))
    run_sum = kernel_impl(gawee.SumOp, lambda op, *xs: functools.reduce(np.add, xs))
    run_mean = kernel_impl(
        gawee.MeanOp, lambda op, *xs: functools.reduce(np.add, xs) / xs[0].dtype.type(len(xs))
    )
    run_clip = kernel_impl(gawee.ClipOp, bind=_bind_clip)
    run_reduce_sum = kernel_impl(gawee.ReduceSumOp, bind=_reduce(np.sum, accumulate=True))
    run_reduce_mean = kernel_impl(gawee.ReduceMeanOp, bind=_reduce(np.mean, accumulate=True))
    run_reduce_max = kernel_impl(gawee.ReduceMaxOp, bind=_reduce(np.max))
    run_reduce_min = kernel_impl(gawee.ReduceMinOp, bind=_reduce(np.min))
    run_layer_norm = kernel_impl(gawee.LayerNormOp, _layer_norm, fresh=True)
    run_equal = kernel_impl(gawee.EqualOp, ufunc=np.equal)
    run_less = kernel_impl(gawee.LessOp, ufunc=np.less)
    run_less_equal = kernel_impl(gawee.LessEqualOp, ufunc=np.less_equal)
    run_greater = kernel_impl(gawee.GreaterOp, ufunc=np.greater)
    run_greater_equal = kernel_impl(gawee.GreaterEqualOp, ufunc=np.greater_equal)
    run_and = kernel_impl(gawee.AndOp, ufunc=np.logical_and, arithmetic=False)
    run_or = kernel_impl(gawee.OrOp, ufunc=np.logical_or, arithmetic=False)
    run_xor = kernel_impl(gawee.XorOp, ufunc=np.logical_xor, arithmetic=False)
    run_not = kernel_impl(gawee.NotOp, ufunc=np.logical_not, arithmetic=False)
    run_where = kernel_impl(gawee.WhereOp, bind=lambda op: np.where, fresh=True)
    run_cast = kernel_impl(gawee.CastOp, lambda op, x: x.astype(numpy_dtype(op.output.type)))
    run_gather = kernel_impl(gawee.GatherOp, bind=_bind_gather, arithmetic=False)
    run_gather_elements = kernel_impl(gawee.GatherElementsOp, bind=_bind_gather_elements, arithmetic=False)
    run_expand = kernel_impl(gawee.ExpandOp, bind=_bind_expand, arithmetic=False)
    run_unsqueeze = kernel_impl(gawee.UnsqueezeOp, bind=_bind_reshape, arithmetic=False, exact=True)
    run_squeeze = kernel_impl(gawee.SqueezeOp, bind=_bind_reshape, arithmetic=False, exact=True)
    run_cat = kernel_impl(gawee.CatOp, bind=_bind_cat, arithmetic=False)
    run_slice = kernel_impl(gawee.SliceOp, bind=_bind_slice, arithmetic=False, exact=True)
    run_scatter_nd = kernel_impl(gawee.ScatterNDOp, bind=_bind_scatter_nd)
    run_resize = kernel_impl(gawee.ResizeOp, _resize)
    run_topk = kernel_impl(gawee.TopKOp, _topk)
    run_gemm = kernel_impl(gawee.GemmOp, _gemm)
    run_lrn = kernel_impl(gawee.LrnOp, _lrn)
    run_tile = kernel_impl(gawee.TileOp, bind=lambda op: functools.partial(np.tile, reps=op.array("repeats")))
    run_pad = kernel_impl(gawee.PadOp, _pad)
    run_trilu = kernel_impl(
        gawee.TriluOp, lambda op, x: (np.triu if op.is_upper else np.tril)(x, op.diagonal)
    )
    run_constant = kernel_impl(
        gawee.ConstantOp, lambda op: np.asarray(attribute_value(op.value, op.output.type))
    )
    run_range = kernel_impl(gawee.RangeOp, gawee.RangeOp.values)
    run_shape = kernel_impl(gawee.ShapeOp, bind=_bind_shape, arithmetic=False)

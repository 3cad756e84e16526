"""Pooling gawee ops with ONNX semantics: max_pool, average_pool and lp_pool (windows over
1, 2 or 3 spatial dims of [N, C, D1, ..., Dk]), global_average_pool and global_max_pool
(the mean or max over every spatial dim, any rank >= 3)."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Unpack

import numpy as np
from xdsl.dialects.builtin import I64, BoolAttr, IntegerAttr, f32, f64, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import attr_def, opt_attr_def

from nnstack.dialects.constraints import I64Array
from nnstack.dialects.gawee.base import (
    FloatTensorOp,
    PoolWindow,
    PoolWindowOp,
    expand_padding,
    gawee_op_definition,
)
from nnstack.dialects.gawee.elementwise import AbsOp, MulOp, PowOp, SqrtOp
from nnstack.dialects.gawee.reduce import ReduceMaxOp
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    element_type,
    i64_array,
    keywords,
    tensor_like,
    tensor_shape,
)

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "AveragePoolOp",
    "GlobalAveragePoolOp",
    "GlobalMaxPoolOp",
    "LpPoolOp",
    "MaxPoolOp",
]


@gawee_op_definition
class MaxPoolOp(PoolWindowOp):
    """Max pooling over 1, 2 or 3 spatial dims (ONNX MaxPool); padding positions never
    win; PyTorch ceil-mode rule.

    Any padding >= 0, as ONNX allows. A window with no tap on the input (dilation steps
    over it, or the padding is as wide as the window) gives ONNX Runtime's result: the
    lowest finite value for f32 and f64 (where its max starts), -inf for f16.
    """

    name = "gawee.max_pool"

    dilation = attr_def(I64Array)

    assembly_format = (
        f"$input {keywords('kernelSize', 'strides', 'padding', 'dilation', 'ceilMode')} {ATTR_DICT_AND_TYPES}"
    )

    def windows_on_input(self) -> np.ndarray:
        """[O1, ..., Ok] booleans: whether each window has a tap on the input; the others
        see only padding and give `padding_only_value`."""
        kernel, strides, dilation = self.array("kernelSize"), self.array("strides"), self.array("dilation")
        pads = expand_padding(self.array("padding"), self.spatial_rank)
        sizes, outs = tensor_shape(self.input)[2:], tensor_shape(self.output)[2:]
        axes = [
            np.array(
                [
                    any(0 <= o * strides[a] - pads[a] + j * dilation[a] < size for j in range(kernel[a]))
                    for o in range(out)
                ]
            )
            for a, (size, out) in enumerate(zip(sizes, outs))
        ]
        return functools.reduce(np.logical_and.outer, axes)

    def padding_only_value(self) -> float:
        """The result of a window that sees only padding: ONNX Runtime's, whose f32 and f64
        max starts from the lowest finite value and whose f16 max from -inf."""
        dtype = {f32: np.float32, f64: np.float64}.get(element_type(self.input))
        return float(np.finfo(dtype).min) if dtype is not None else -math.inf

    def verify_(self) -> None:
        out = self.expect_window()
        n, c, *_ = tensor_shape(self.input)
        self.expect_result_shape((n, c, *out))


@gawee_op_definition
class AveragePoolOp(PoolWindowOp):
    """Average pooling over 1, 2 or 3 spatial dims (ONNX AveragePool): each window's
    sum divided by the number of its taps on the input, or with `countIncludePad` on
    the input or its explicit padding. Ceil mode adds a last window that fits partly
    past the end padding, unless it would start in that padding (the PyTorch / ONNX
    rule); the part past the padding never counts. `dilation` is optional (1s)."""

    name = "gawee.average_pool"

    dilation = opt_attr_def(I64Array, default_value=i64_array((1, 1)))
    count_include_pad = attr_def(BoolAttr, attr_name="countIncludePad")

    assembly_format = (
        f"$input {keywords('kernelSize', 'strides', 'padding')} (`dilation` `=` $dilation^)? "
        f"{keywords('ceilMode', 'countIncludePad')} {ATTR_DICT_AND_TYPES}"
    )

    DEFAULT_DILATION_LEFT_OUT: ClassVar = True

    def __init__(
        self, input: SSAValue | Operation, *, count_include_pad: bool = False, **window: Unpack[PoolWindow]
    ):
        attributes = {"countIncludePad": BoolAttr.from_bool(count_include_pad)}
        super().__init__(input, **window, attributes=attributes)

    @property
    def includes_pad(self) -> bool:
        return bool(self.count_include_pad.value.data)

    @property
    def dilation_values(self) -> tuple[int, ...]:
        """The attribute's values, or 1 per spatial dim where it is absent."""
        if "dilation" not in self.attributes:
            return (1,) * self.spatial_rank
        return self.array("dilation")

    def divisors(self) -> tuple[list[int], ...]:
        """The tap counts of the windows along each spatial axis (in 2-D along H and
        along W); a window divides its sum by the product of its counts."""
        return self._counts(self.includes_pad, tensor_shape(self.output)[2:])

    def divisor_grid(self) -> np.ndarray:
        """The [O1, ..., Ok] tap counts of the windows (`divisors` multiplied out)."""
        return functools.reduce(np.multiply.outer, [np.array(c, np.int64) for c in self.divisors()])

    def _counts(self, include_pad: bool, outs: Sequence[int]) -> tuple[list[int], ...]:
        return _window_counts(self, include_pad, outs)

    def verify_(self) -> None:
        _verify_window_on_input(self)


@gawee_op_definition
class LpPoolOp(PoolWindowOp):
    """The p-norm of each window, (sum |x|^p)^(1/p), over 1, 2 or 3 spatial dims (ONNX
    LpPool): padding counts as zeros; `p` >= 1 (2). The window as average_pool's,
    dilation optional (1s). Composite: |x|^p (x * x for p = 2), a `gawee.average_pool`
    counting the padding, times each window's count of taps on the input or its padding
    (the sum), and its p-th root (`gawee.sqrt` for p = 2)."""

    name = "gawee.lp_pool"

    dilation = opt_attr_def(I64Array, default_value=i64_array((1, 1)))
    p = opt_attr_def(IntegerAttr[I64], default_value=IntegerAttr(2, i64))

    assembly_format = (
        f"$input {keywords('kernelSize', 'strides', 'padding')} (`dilation` `=` $dilation^)? "
        f"{keywords('ceilMode')} (`p` `=` $p^)? {ATTR_DICT_AND_TYPES}"
    )

    DEFAULT_DILATION_LEFT_OUT: ClassVar = True

    def __init__(self, input: SSAValue | Operation, *, p: int = 2, **window: Unpack[PoolWindow]):
        super().__init__(input, **window, attributes={} if p == 2 else {"p": IntegerAttr(p, i64)})

    @property
    def p_value(self) -> int:
        return 2 if self.p is None else self.p.value.data

    @property
    def dilation_values(self) -> tuple[int, ...]:
        """The attribute's values, or 1 per spatial dim where it is absent."""
        if "dilation" not in self.attributes:
            return (1,) * self.spatial_rank
        return self.array("dilation")

    def verify_(self) -> None:
        if self.p_value < 1:
            raise self.fail(f"'p' must be >= 1, got {self.p_value}")
        _verify_window_on_input(self)

    def decompose(self, b: Composer) -> SSAValue:
        p, x = self.p_value, self.input
        powered = b.emit(MulOp(x, x)) if p == 2 else b.emit(AbsOp(x))
        if p > 2:
            powered = b.emit(PowOp(powered, b.scalar_like(p, x)))
        window: PoolWindow = {
            "kernel_size": self.array("kernelSize"),
            "strides": self.array("strides"),
            "padding": self.array("padding"),
            "dilation": self.dilation_values,
            "ceil_mode": self.is_ceil_mode,
        }
        average = AveragePoolOp(powered, count_include_pad=True, **window)
        counts = average.divisor_grid()
        total = b.emit(MulOp(b.emit(average), b.constant(counts, element_type(x))))
        if p == 1:
            return total
        if p == 2:
            return b.emit(SqrtOp(total))
        return b.emit(PowOp(total, b.scalar_like(1 / p, x)))


def _window_counts(
    op: AveragePoolOp | LpPoolOp, include_pad: bool, outs: Sequence[int]
) -> tuple[list[int], ...]:
    """How many taps each of `op`'s `outs` windows along each spatial axis averages over:
    those on the input, or with `include_pad` those on the input or its explicit padding.
    The region ceil mode adds past the end padding never counts (ONNX, PyTorch)."""
    kernel, strides, dilation = op.array("kernelSize"), op.array("strides"), op.dilation_values
    rank = op.spatial_rank
    pads = expand_padding(op.array("padding"), rank)
    counts: list[list[int]] = []
    for a, size in enumerate(tensor_shape(op.input)[2:]):
        low, high = (0, pads[a] + size + pads[rank + a]) if include_pad else (pads[a], pads[a] + size)
        s, d, k = strides[a], dilation[a], kernel[a]
        counts.append([sum(low <= o * s + j * d < high for j in range(k)) for o in range(outs[a])])
    return tuple(counts)


def _verify_window_on_input(op: AveragePoolOp | LpPoolOp) -> None:
    """The window rule and result shape of average_pool and lp_pool: every window has a
    tap on the input (none sees only padding, which gawee.average_pool cannot average)."""
    out = op.expect_window()
    kernel, padding, dilation = op.array("kernelSize"), op.array("padding"), op.dilation_values
    if any(0 in counts for counts in _window_counts(op, False, out)):
        raise op.fail(
            f"padding {list(padding)} is so wide that a window sees only padding "
            f"(kernel {list(kernel)}, dilation {list(dilation)})"
        )
    n, c, *_ = tensor_shape(op.input)
    op.expect_result_shape((n, c, *out))


class _GlobalPoolOp(FloatTensorOp):
    """A reduction over every spatial dim of an [N, C, D1, ..., Dk] input, k >= 1,
    kept as dims of size 1."""

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        n, c, *spatial = tensor_shape(input)
        super().__init__(operands=[input], result_types=[tensor_like(input, (n, c, *[1] * len(spatial)))])

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 3, at_least=True)
        n, c, *spatial = tensor_shape(self.input)
        if 0 in spatial:
            raise self.fail(f"input spatial size {'x'.join(map(str, spatial))} must not be empty")
        self.expect_result_shape((n, c, *[1] * len(spatial)))


@gawee_op_definition
class GlobalAveragePoolOp(_GlobalPoolOp):
    """The mean over every spatial dim of an [N, C, D1, ..., Dk] input, k >= 1, kept
    as dims of size 1 (ONNX GlobalAveragePool)."""

    name = "gawee.global_average_pool"


@gawee_op_definition
class GlobalMaxPoolOp(_GlobalPoolOp):
    """The maximum over every spatial dim of an [N, C, D1, ..., Dk] input, k >= 1, kept
    as dims of size 1; NaN propagates (ONNX GlobalMaxPool). Composite: a
    `gawee.reduce_max` over the spatial dims keeping them."""

    name = "gawee.global_max_pool"

    def decompose(self, b: Composer) -> SSAValue:
        spatial = tuple(range(2, len(tensor_shape(self.input))))
        return b.emit(ReduceMaxOp(self.input, spatial, keep_dims=True))

"""Average pooling gawee ops with ONNX semantics: average_pool (2-D windows over NCHW)
and global_average_pool (the mean over every spatial dim, any rank >= 3)."""

from __future__ import annotations

from typing import ClassVar, Unpack

from xdsl.dialects.builtin import BoolAttr
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
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, i64_array, keywords, tensor_like, tensor_shape

__all__ = [
    "AveragePoolOp",
    "GlobalAveragePoolOp",
    "window_counts",
]


def window_counts(
    size: int,
    pad_begin: int,
    pad_end: int,
    kernel: int,
    stride: int,
    dilation: int,
    out: int,
    include_pad: bool,
) -> list[int]:
    """How many taps each of the `out` windows along one axis averages over: those on
    the input, or with `include_pad` those on the input or its explicit padding. The
    region ceil mode adds past the end padding never counts (ONNX, PyTorch)."""
    low, high = (0, pad_begin + size + pad_end) if include_pad else (pad_begin, pad_begin + size)
    return [sum(low <= o * stride + j * dilation < high for j in range(kernel)) for o in range(out)]


@gawee_op_definition
class AveragePoolOp(PoolWindowOp):
    """2-D average pooling on NCHW (ONNX AveragePool): each window's sum divided by the
    number of its taps on the input, or with `countIncludePad` on the input or its
    explicit padding. Ceil mode adds a last window that fits partly past the end
    padding, unless it would start in that padding (the PyTorch / ONNX rule); the part
    past the padding never counts."""

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
        return tuple(int(v) for v in self.dilation.get_values())

    def divisors(self) -> tuple[list[int], list[int]]:
        """The tap counts of the windows along H and along W; a window divides its sum by
        the product of its two."""
        kernel, strides, dilation = self.array("kernelSize"), self.array("strides"), self.dilation_values
        top, left, bottom, right = expand_padding(self.array("padding"))
        _, _, h, w = tensor_shape(self.input)
        _, _, oh, ow = tensor_shape(self.output)
        return (
            window_counts(h, top, bottom, kernel[0], strides[0], dilation[0], oh, self.includes_pad),
            window_counts(w, left, right, kernel[1], strides[1], dilation[1], ow, self.includes_pad),
        )

    def verify_(self) -> None:
        oh, ow = self.expect_window()
        kernel, strides, dilation = self.array("kernelSize"), self.array("strides"), self.dilation_values
        padding = self.array("padding")
        n, c, h, w = tensor_shape(self.input)
        top, left, bottom, right = expand_padding(padding)
        for axis, size, begin, end, out in ((0, h, top, bottom, oh), (1, w, left, right, ow)):
            counts = window_counts(size, begin, end, kernel[axis], strides[axis], dilation[axis], out, False)
            if 0 in counts:
                raise self.fail(
                    f"padding {list(padding)} is so wide that a window sees only padding "
                    f"(kernel {list(kernel)}, dilation {list(dilation)})"
                )
        self.expect_result_shape((n, c, oh, ow))


@gawee_op_definition
class GlobalAveragePoolOp(FloatTensorOp):
    """The mean over every spatial dim of an [N, C, D1, ..., Dk] input, k >= 1, kept
    as dims of size 1 (ONNX GlobalAveragePool)."""

    name = "gawee.global_average_pool"

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

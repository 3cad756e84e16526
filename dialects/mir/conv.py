"""Window and contraction ops: `mir.conv`, `mir.pool`, `mir.matmul`.

Conv and pool are NHWC; their padding is always four values [top, left, bottom,
right] and every window parameter is explicit, checked against the operand and
result types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, prop_def, result_def, traits_def
from xdsl.traits import Pure

from nnstack.dialects.constraints import FloatElement, I64Array, I64Integer, static_tensor
from nnstack.dialects.mir.attrs import PoolKind, PoolKindAttr
from nnstack.dialects.mir.base import BinaryOp, MirOperation
from nnstack.dialects.mir.shapes import matmul_shape
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    i64_array,
    keywords,
    op_definition,
    spatial_output_size,
    tensor_like,
    tensor_shape,
)

_WINDOW_PROPERTIES = ("kernel_size", "stride", "padding", "dilation")


class WindowOp(MirOperation):
    """A 2-D sliding window over an NHWC input: the shape and window properties
    conv and pool share, and their checks."""

    input_shape = prop_def(I64Array)
    output_shape = prop_def(I64Array)
    kernel_size = prop_def(I64Array)
    stride = prop_def(I64Array)
    padding = prop_def(I64Array)
    dilation = prop_def(I64Array)

    traits = traits_def(Pure())

    def verify_window_parameters(self) -> None:
        """Two kernel sizes, strides and dilations >= 1, four paddings >= 0."""
        for name in ("kernel_size", "stride", "dilation"):
            self.expect_length(name, self.array(name), 2)
            self.expect_at_least(name, self.array(name), 1)
        self.expect_length("padding", self.array("padding"), 4)
        self.expect_at_least("padding", self.array("padding"), 0)

    def window_output(self) -> tuple[int, int]:
        """(OH, OW) from the input shape and the window properties."""
        _, h, w, _ = tensor_shape(self.operands[0])
        return spatial_output_size(
            h,
            w,
            self.array("padding"),
            self.array("kernel_size"),
            self.array("stride"),
            self.array("dilation"),
        )


@op_definition
class ConvOp(WindowOp):
    """2-D convolution, NHWC input [N, H, W, C_in], weight [KH, KW, C_in/groups, C_out],
    output [N, OH, OW, C_out]; no bias (add it with mir.broadcast_add).

    Padding is zeros; output channel f belongs to group f // (C_out / groups).
    OH = floor((H + top + bottom - dilation_h*(KH-1) - 1) / stride_h) + 1, likewise OW.
    """

    name = "mir.conv"

    E: ClassVar = VarConstraint("element_type", FloatElement)

    input = operand_def(static_tensor(E))
    weight = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))

    weight_shape = prop_def(I64Array)
    groups = prop_def(I64Integer)

    assembly_format = (
        f"$input `,` $weight {keywords('input_shape', 'weight_shape', 'output_shape', *_WINDOW_PROPERTIES)} "
        f"{keywords('groups')} {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        *,
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0, 0, 0),
        dilation: Sequence[int] = (1, 1),
        groups: int = 1,
    ):
        input, weight = SSAValue.get(input), SSAValue.get(weight)
        n, h, w, _ = tensor_shape(input)
        kh, kw, _, f = tensor_shape(weight)
        output = (n, *spatial_output_size(h, w, padding, (kh, kw), stride, dilation), f)
        super().__init__(
            operands=[input, weight],
            result_types=[tensor_like(input, output)],
            properties={
                "input_shape": i64_array(tensor_shape(input)),
                "weight_shape": i64_array(tensor_shape(weight)),
                "output_shape": i64_array(output),
                "kernel_size": i64_array((kh, kw)),
                "stride": i64_array(stride),
                "padding": i64_array(padding),
                "dilation": i64_array(dilation),
                "groups": IntegerAttr(groups, i64),
            },
        )

    def verify_(self) -> None:
        for what, value in (("input", self.input), ("weight", self.weight), ("result", self.result)):
            self.expect_rank(what, value, 4)
        self.expect_property_shape("input_shape", self.input)
        self.expect_property_shape("weight_shape", self.weight)
        self.expect_property_shape("output_shape", self.result)
        self.verify_window_parameters()
        n, _, _, c = tensor_shape(self.input)
        kh, kw, cg, f = tensor_shape(self.weight)
        kernel, groups = self.array("kernel_size"), self.integer("groups")
        if kernel != (kh, kw):
            raise self.fail(f"kernel_size {list(kernel)} does not match the weight's [KH, KW] = {[kh, kw]}")
        if groups < 1:
            raise self.fail(f"'groups' must be >= 1, got {groups}")
        if c % groups or f % groups:
            raise self.fail(
                f"groups = {groups} must divide the input channels ({c}) and the output channels ({f})"
            )
        if cg * groups != c:
            raise self.fail(
                f"weight has {cg} input channels per group, expected {c // groups} "
                f"({c} input channels in {groups} group(s))"
            )
        oh, ow = self.window_output()
        if oh < 1 or ow < 1:
            dilation = list(self.array("dilation"))
            raise self.fail(
                f"the dilated kernel {kh}x{kw} (dilation {dilation}) does not fit in the padded input"
            )
        self.expect_result_shape((n, oh, ow, f), " (from input, kernel, stride, padding and dilation)")


@op_definition
class PoolOp(WindowOp):
    """2-D window pooling on NHWC: kind `max`, `sum` or `avg`.

    Padded positions never count: they never win a max, add nothing to a sum, and
    `avg` divides by the number of real (non-padding) positions in each window
    (PyTorch's count_include_pad=False; count them in with `sum` and a division).
    PyTorch's ceil mode is expressed as extra end padding. A `max` window that covers
    no real position is -inf (the max of nothing); a `sum` or `avg` window must cover
    at least one. Output size as for mir.conv.
    """

    name = "mir.pool"

    E: ClassVar = VarConstraint("element_type", FloatElement)

    input = operand_def(static_tensor(E))
    result = result_def(static_tensor(E))

    kind = prop_def(PoolKindAttr)

    assembly_format = (
        f"$kind $input {keywords('input_shape', 'output_shape', *_WINDOW_PROPERTIES)} {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        kind: PoolKind | str,
        *,
        kernel_size: Sequence[int],
        stride: Sequence[int] = (1, 1),
        padding: Sequence[int] = (0, 0, 0, 0),
        dilation: Sequence[int] = (1, 1),
    ):
        input = SSAValue.get(input)
        n, h, w, c = tensor_shape(input)
        output = (n, *spatial_output_size(h, w, padding, kernel_size, stride, dilation), c)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, output)],
            properties={
                "kind": PoolKindAttr(PoolKind(kind)),
                "input_shape": i64_array(tensor_shape(input)),
                "output_shape": i64_array(output),
                "kernel_size": i64_array(kernel_size),
                "stride": i64_array(stride),
                "padding": i64_array(padding),
                "dilation": i64_array(dilation),
            },
        )

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 4)
        self.expect_rank("result", self.result, 4)
        self.expect_property_shape("input_shape", self.input)
        self.expect_property_shape("output_shape", self.result)
        self.verify_window_parameters()
        kernel, stride, dilation = self.array("kernel_size"), self.array("stride"), self.array("dilation")
        padding = self.array("padding")
        n, h, w, c = tensor_shape(self.input)
        out = self.window_output()
        if min(out) < 1:
            raise self.fail(
                f"the dilated kernel {list(kernel)} (dilation {list(dilation)}) does not fit in the "
                "padded input"
            )
        self.expect_result_shape((n, *out, c), " (from input, kernel, stride, padding and dilation)")
        if self.kind.data == PoolKind.MAX:
            return
        for axis, (size, begin) in enumerate(((h, padding[0]), (w, padding[1]))):
            for o in range(out[axis]):
                first = o * stride[axis] - begin
                taps = (first + dilation[axis] * j for j in range(kernel[axis]))
                if not any(0 <= t < size for t in taps):
                    raise self.fail(
                        f"window {o} along {'HW'[axis]} covers only padding (padding {list(padding)})"
                    )


@op_definition
class MatmulOp(BinaryOp):
    """Matrix product [..., M, K] x [..., K, N] -> [..., M, N]; batch dims broadcast."""

    name = "mir.matmul"

    assembly_format = f"$lhs `,` $rhs {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation):
        lhs, rhs = SSAValue.get(lhs), SSAValue.get(rhs)
        shape = matmul_shape(tensor_shape(lhs), tensor_shape(rhs))
        if shape is None:
            shapes = f"{tensor_shape(lhs)} and {tensor_shape(rhs)}"
            raise ValueError(f"mir.matmul: shapes {shapes} do not multiply")
        super().__init__(operands=[lhs, rhs], result_types=[tensor_like(lhs, shape)])

    def verify_(self) -> None:
        self.expect_rank("lhs", self.lhs, 2, at_least=True)
        self.expect_rank("rhs", self.rhs, 2, at_least=True)
        lhs, rhs = tensor_shape(self.lhs), tensor_shape(self.rhs)
        shape = matmul_shape(lhs, rhs)
        if shape is None:
            raise self.fail(
                f"operand shapes {list(lhs)} and {list(rhs)} do not multiply "
                "(inner dims differ or batch dims do not broadcast)"
            )
        self.expect_result_shape(shape)

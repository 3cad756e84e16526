"""Convolutions over 1, 2 or 3 spatial dims: conv (ONNX Conv) and conv_transpose (ONNX
ConvTranspose, a composite of conv)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from xdsl.dialects.builtin import I64, IntegerAttr, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import attr_def, opt_attr_def

from nnstack.dialects.constraints import I64Array
from nnstack.dialects.gawee.base import (
    WeightedOp,
    WindowGeometry,
    expand_padding,
    expect_window_attributes,
    gawee_op_definition,
    window_output_shape,
)
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, i64_array, keywords, tensor_like, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["ConvOp", "ConvTransposeOp", "transposed_output_shape"]


def expect_groups(op: ConvolutionOp, inputs: int, outputs: int) -> None:
    """`groups` >= 1 divides the input and output channels."""
    groups = op.group_count
    if groups < 1:
        raise op.fail(f"'groups' must be >= 1, got {groups}")
    if inputs % groups or outputs % groups:
        raise op.fail(
            f"groups = {groups} must divide the input channels ({inputs}) and the output channels ({outputs})"
        )


def expect_bias(op: WeightedOp, outputs: int) -> None:
    """The optional bias has one value per output channel."""
    if op.bias is not None:
        op.expect_rank("bias", op.bias, 1)
        if tensor_shape(op.bias) != (outputs,):
            raise op.fail(
                f"bias shape {list(tensor_shape(op.bias))} does not match the {outputs} output channels of the weight"
            )


class ConvWindow(NamedTuple):
    """A convolution's window attributes, their defaults filled in."""

    strides: Sequence[int]
    padding: Sequence[int]
    dilation: Sequence[int]
    groups: int
    output_padding: Sequence[int]


class ConvolutionOp(WeightedOp):
    """What conv and conv_transpose share: the window attributes, a builder that infers
    the result type (`result_shape`, the subclass's rule) and the checks of the ranks and
    the window attributes before the subclass's own (`verify_window`)."""

    strides = attr_def(I64Array)
    padding = attr_def(I64Array)
    dilation = attr_def(I64Array)
    groups = opt_attr_def(IntegerAttr[I64], default_value=IntegerAttr(1, i64))

    def __init__(
        self,
        input: SSAValue | Operation,
        weight: SSAValue | Operation,
        bias: SSAValue | Operation | None = None,
        *,
        strides: Sequence[int] | None = None,
        padding: Sequence[int] | None = None,
        dilation: Sequence[int] | None = None,
        groups: int = 1,
        output_padding: Sequence[int] | None = None,
    ):
        """Strides and dilation default to 1s, padding (and conv_transpose's output
        padding) to 0s, one per spatial dim."""
        input, weight = SSAValue.get(input), SSAValue.get(weight)
        rank = len(tensor_shape(input)) - 2
        ones, zeros = (1,) * rank, (0,) * rank
        strides, dilation = strides or ones, dilation or ones
        padding = padding if padding is not None else zeros
        extra = output_padding if output_padding is not None else zeros
        window = ConvWindow(strides, padding, dilation, groups, extra)
        shape = self.result_shape(tensor_shape(input), tensor_shape(weight), window)
        attributes: dict[str, Attribute] = {
            "strides": i64_array(strides),
            "padding": i64_array(padding),
            "dilation": i64_array(dilation),
        }
        if any(extra):
            attributes["outputPadding"] = i64_array(extra)
        if groups != 1:
            attributes["groups"] = IntegerAttr(groups, i64)
        super().__init__(
            operands=[input, weight, bias],
            result_types=[tensor_like(input, shape)],
            attributes=attributes,
        )

    @classmethod
    def result_shape(cls, input: Sequence[int], weight: Sequence[int], window: ConvWindow) -> tuple[int, ...]:
        """The result shape for an input and a weight of these shapes."""
        raise NotImplementedError

    @property
    def group_count(self) -> int:
        return self.groups.value.data if self.groups is not None else 1

    @property
    def spatial_rank(self) -> int:
        return len(tensor_shape(self.input)) - 2

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 3, 4, 5)
        rank = len(tensor_shape(self.input))
        if len(tensor_shape(self.weight)) != rank:
            raise self.fail(
                f"weight must have rank {rank} (that of the input), got rank {len(tensor_shape(self.weight))}"
            )
        strides, padding, dilation = self.array("strides"), self.array("padding"), self.array("dilation")
        expect_window_attributes(self, rank - 2, strides=strides, dilation=dilation, padding=padding)
        self.verify_window(strides, padding, dilation)

    def verify_window(self, strides: Sequence[int], padding: Sequence[int], dilation: Sequence[int]) -> None:
        """The subclass's checks of channels, groups, bias and result shape."""
        raise NotImplementedError


@gawee_op_definition
class ConvOp(ConvolutionOp):
    """Convolution over 1, 2 or 3 spatial dims (ONNX Conv): [N, C, D1, ..., Dk] input,
    [F, C/groups, K1, ..., Kk] weight, optional [F] bias; k strides and dilations, k
    symmetric paddings or k begins then k ends (2-D: `[pH, pW]` or `[top, left,
    bottom, right]`, the original Gawee's).

    Output size per spatial axis: floor((D + p_begin + p_end - d*(k-1) - 1) / s) + 1.
    """

    name = "gawee.conv"

    assembly_format = f"$input `,` $weight (`,` $bias^)? {keywords('strides', 'padding', 'dilation')} (`groups` `=` $groups^)? {ATTR_DICT_AND_TYPES}"

    @classmethod
    def result_shape(cls, input: Sequence[int], weight: Sequence[int], window: ConvWindow) -> tuple[int, ...]:
        if any(window.output_padding):
            raise ValueError(f"{cls.name} has no output padding")
        n, _, *sizes = input
        f, _, *kernel = weight
        return (n, f, *window_output_shape(sizes, window.padding, kernel, window.strides, window.dilation))

    def window(self) -> WindowGeometry:
        """The conv's window: its kernel is the weight's spatial shape."""
        return WindowGeometry(
            tensor_shape(self.weight)[2:],
            self.array("strides"),
            self.array("dilation"),
            expand_padding(self.array("padding"), self.spatial_rank),
            tensor_shape(self.output)[2:],
        )

    def verify_window(self, strides: Sequence[int], padding: Sequence[int], dilation: Sequence[int]) -> None:
        n, c, *sizes = tensor_shape(self.input)
        f, cg, *kernel = tensor_shape(self.weight)
        expect_groups(self, c, f)
        if cg * self.group_count != c:
            raise self.fail(
                f"weight has {cg} input channels per group, but the input has "
                f"{c} channels in {self.group_count} group(s) (expected {c // self.group_count})"
            )
        expect_bias(self, f)
        out = window_output_shape(sizes, padding, kernel, strides, dilation)
        if min(out) < 1:
            pads = expand_padding(padding, len(sizes))
            padded = [size + pads[i] + pads[len(sizes) + i] for i, size in enumerate(sizes)]
            raise self.fail(
                f"the dilated kernel {'x'.join(map(str, kernel))} does not fit in the "
                f"padded input {'x'.join(map(str, padded))}"
            )
        self.expect_result_shape((n, f, *out))


def transposed_output_shape(
    sizes: Sequence[int],
    padding: Sequence[int],
    kernel: Sequence[int],
    strides: Sequence[int],
    dilation: Sequence[int],
    output_padding: Sequence[int],
) -> tuple[int, ...]:
    """The output sizes of a transposed conv over the spatial `sizes`:
    s*(D-1) + d*(K-1) + 1 + outputPadding - p_begin - p_end per axis."""
    rank = len(sizes)
    pads = expand_padding(padding, rank)
    return tuple(
        s * (size - 1) + d * (k - 1) + 1 + extra - pads[i] - pads[rank + i]
        for i, (size, k, s, d, extra) in enumerate(zip(sizes, kernel, strides, dilation, output_padding))
    )


@gawee_op_definition
class ConvTransposeOp(ConvolutionOp):
    """Transposed convolution over 1, 2 or 3 spatial dims (ONNX ConvTranspose, PyTorch's
    ConvTranspose1d/2d/3d): [N, C, D1, ..., Dk] input, [C, F/groups, K1, ..., Kk]
    weight, optional [F] bias; k strides, dilations and output paddings, k symmetric
    paddings or k begins then k ends. Each input element adds its products with the
    kernel to an output window, the windows `strides` apart; `padding` crops that full
    output at the begins and ends, `outputPadding` extends it at the ends (positions no
    window reaches hold the bias).

    Output size per spatial axis: s*(D-1) + d*(K-1) + 1 + outputPadding - p_begin - p_end.

    Its decomposition is torch-mlir's: a stride-1 conv of the input with s - 1 zeros
    inserted between its elements and d*(K-1) - p zeros around them (outputPadding more
    at the ends), by the weight flipped along its spatial dims with its input and output
    channels swapped per group. That conv multiplies the inserted zeros by the weights, so
    an infinite or NaN weight gives NaN where ONNX's direct form gives +-inf or a number.
    """

    name = "gawee.conv_transpose"

    output_padding = opt_attr_def(I64Array, attr_name="outputPadding")

    assembly_format = (
        f"$input `,` $weight (`,` $bias^)? {keywords('strides', 'padding', 'dilation')} "
        f"(`outputPadding` `=` $outputPadding^)? (`groups` `=` $groups^)? {ATTR_DICT_AND_TYPES}"
    )

    @classmethod
    def result_shape(cls, input: Sequence[int], weight: Sequence[int], window: ConvWindow) -> tuple[int, ...]:
        n, _, *sizes = input
        _, fg, *kernel = weight
        strides, padding, dilation, groups, extra = window
        return (n, fg * groups, *transposed_output_shape(sizes, padding, kernel, strides, dilation, extra))

    def extra_output(self) -> tuple[int, ...]:
        """`outputPadding`, 0s when absent."""
        if self.output_padding is None:
            return (0,) * self.spatial_rank
        return self.array("outputPadding")

    def verify_window(self, strides: Sequence[int], padding: Sequence[int], dilation: Sequence[int]) -> None:
        rank = len(tensor_shape(self.input))
        extra = self.extra_output()
        if len(extra) != rank - 2:
            raise self.fail(
                f"'outputPadding' must have {rank - 2} values (one per spatial dim of the rank-{rank} "
                f"input), got {list(extra)}"
            )
        self.expect_positive("outputPadding", extra, minimum=0)
        n, c, *sizes = tensor_shape(self.input)
        cw, fg, *kernel = tensor_shape(self.weight)
        if cw != c:
            raise self.fail(f"weight has {cw} input channels, but the input has {c}")
        expect_groups(self, c, fg * self.group_count)
        expect_bias(self, fg * self.group_count)
        out = transposed_output_shape(sizes, padding, kernel, strides, dilation, extra)
        if min(out) < 1:
            raise self.fail(f"the padding {list(padding)} crops the whole output (sizes {list(out)})")
        self.expect_result_shape((n, fg * self.group_count, *out))

    def decompose(self, b: Composer) -> SSAValue:
        """Zeros inserted (reshape to [..., D, 1, ...], pad to [..., D, s, ...], reshape
        to [..., D*s, ...]), the border padded (and cropped, where the padding exceeds
        d*(K-1)), the weight flipped (slice with step -1) and regrouped (transpose), a
        stride-1 conv."""
        from nnstack.dialects.gawee.movement import PadOp, SliceOp
        from nnstack.dialects.gawee.shape import ReshapeOp, TransposeOp

        n, c, *sizes = tensor_shape(self.input)
        _, fg, *kernel = tensor_shape(self.weight)
        rank, groups = len(sizes), self.group_count
        strides, dilation = self.array("strides"), self.array("dilation")
        pads = expand_padding(self.array("padding"), rank)
        x = self.input
        if any(s > 1 for s in strides):
            spread = [size for d in sizes for size in (d, 1)]
            x = b.emit(ReshapeOp(x, [n, c, *spread]))
            x = b.emit(PadOp(x, [0] * (2 + 2 * rank) + [0, 0, *(v for s in strides for v in (0, s - 1))]))
            x = b.emit(ReshapeOp(x, [n, c, *(d * s for d, s in zip(sizes, strides))]))
        span = [d * (k - 1) for d, k in zip(dilation, kernel)]
        before = [span[i] - pads[i] for i in range(rank)]
        after = [
            span[i] - pads[rank + i] + extra - (s - 1)
            for i, (s, extra) in enumerate(zip(strides, self.extra_output()))
        ]
        border = [*before, *after]
        if any(v > 0 for v in border):
            x = b.emit(PadOp(x, [0, 0, *(max(v, 0) for v in before), 0, 0, *(max(v, 0) for v in after)]))
        if any(v < 0 for v in border):
            x = b.emit(PadOp(x, [0, 0, *(min(v, 0) for v in before), 0, 0, *(min(v, 0) for v in after)]))

        weight = self.weight
        flipped = [2 + i for i, k in enumerate(kernel) if k > 1]
        if flipped:
            ends = [-kernel[axis - 2] - 1 for axis in flipped]
            weight = b.emit(SliceOp(weight, [-1] * len(flipped), ends, flipped, [-1] * len(flipped)))
        if groups == 1:
            weight = b.emit(TransposeOp(weight, [1, 0, *range(2, 2 + rank)]))
        else:
            weight = b.emit(ReshapeOp(weight, [groups, c // groups, fg, *kernel]))
            weight = b.emit(TransposeOp(weight, [0, 2, 1, *range(3, 3 + rank)]))
            weight = b.emit(ReshapeOp(weight, [groups * fg, c // groups, *kernel]))
        conv = ConvOp(x, weight, self.bias, dilation=dilation, groups=groups)
        return b.emit(conv)

"""Composite gawee ops that rearrange elements: reverse_sequence (ONNX ReverseSequence, a
gather_elements along the time axis by indices computed from the lengths) and col2im
(ONNX Col2Im, the sum of sliding blocks back into an image: a scatter_nd that adds
every block's elements at their image positions)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import numpy as np
from xdsl.dialects.builtin import I64, IntegerAttr, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, result_def

from nnstack.dialects.constraints import (
    GaweeElement,
    GaweeNumericElement,
    I64Array,
    I64Element,
    static_tensor,
)
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition
from nnstack.dialects.gawee.elementwise import MinOp, SubOp
from nnstack.dialects.gawee.logic import LessOp, WhereOp
from nnstack.dialects.gawee.movement import ExpandOp, GatherElementsOp, SliceOp
from nnstack.dialects.gawee.selection import ScatterNDOp
from nnstack.dialects.gawee.shape import ReshapeOp, TransposeOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, i64_array, keywords, tensor_like, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["Col2ImOp", "ReverseSequenceOp", "col2im_blocks"]


@gawee_op_definition
class ReverseSequenceOp(GaweeOperation):
    """The first `sequence_lens[b]` elements along `timeAxis` of each batch entry `b`
    (along `batchAxis`) reversed, the others kept (ONNX ReverseSequence; the two axes
    are 0 and 1). A length above the time dim reverses the whole dim, as onnx's
    reference slices.

    Composite: the time indices (len - 1 - t where t < len, else t) a gather_elements
    along the time axis."""

    name = "gawee.reverse_sequence"

    E: ClassVar = VarConstraint("E", GaweeElement)

    input = operand_def(static_tensor(E))
    sequence_lens = operand_def(static_tensor(I64Element))
    output = result_def(static_tensor(E))

    time_axis = attr_def(IntegerAttr[I64], attr_name="timeAxis")
    batch_axis = attr_def(IntegerAttr[I64], attr_name="batchAxis")

    assembly_format = f"$input `,` $sequence_lens {keywords('timeAxis', 'batchAxis')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        sequence_lens: SSAValue | Operation,
        time_axis: int = 0,
        batch_axis: int = 1,
    ):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input, sequence_lens],
            result_types=[input.type],
            attributes={"timeAxis": IntegerAttr(time_axis, i64), "batchAxis": IntegerAttr(batch_axis, i64)},
        )

    @property
    def axes(self) -> tuple[int, int]:
        """(time axis, batch axis)."""
        return self.time_axis.value.data, self.batch_axis.value.data

    def verify_(self) -> None:
        time, batch = self.axes
        if {time, batch} != {0, 1}:
            raise self.fail(f"'timeAxis' and 'batchAxis' must be 0 and 1 or 1 and 0, got {time} and {batch}")
        self.expect_rank("the input", self.input, 2, at_least=True)
        shape = tensor_shape(self.input)
        if tensor_shape(self.sequence_lens) != (shape[batch],):
            raise self.fail(
                f"sequence_lens shape {list(tensor_shape(self.sequence_lens))} must be [{shape[batch]}] "
                f"(the batch dim {batch} of the input)"
            )
        if shape[time] == 0:
            raise self.fail("the time dim must not be empty")
        self.expect_result_shape(shape)

    def decompose(self, b: Composer) -> SSAValue:
        shape = tensor_shape(self.input)
        time, batch = self.axes
        steps_shape, lens_shape = [1, 1], [1, 1]
        steps_shape[time], lens_shape[batch] = shape[time], shape[batch]
        steps = b.constant(np.arange(shape[time]).reshape(steps_shape))
        lens = b.emit(MinOp([b.emit(ReshapeOp(self.sequence_lens, lens_shape)), b.scalar(shape[time], i64)]))
        reversed_steps = b.emit(SubOp(b.emit(SubOp(lens, b.scalar(1, i64))), steps))
        indices = b.emit(WhereOp(b.emit(LessOp(steps, lens)), reversed_steps, steps))
        indices = b.emit(ReshapeOp(indices, tensor_shape(indices) + (1,) * (len(shape) - 2)))
        if tensor_shape(indices) != shape:
            indices = b.emit(ExpandOp(indices, shape))
        return b.emit(GatherElementsOp(self.input, indices, time))


def col2im_blocks(
    image: Sequence[int],
    block: Sequence[int],
    strides: Sequence[int],
    padding: Sequence[int],
    dilation: Sequence[int],
) -> tuple[int, ...]:
    """The number of sliding blocks along each dim of the padded image (ONNX Col2Im's
    `pads`: the begins, then the ends); < 1 where the dilated block does not fit."""
    rank = len(image)
    return tuple(
        (image[d] + padding[d] + padding[rank + d] - (dilation[d] * (block[d] - 1) + 1)) // strides[d] + 1
        for d in range(rank)
    )


@gawee_op_definition
class Col2ImOp(GaweeOperation):
    """Sliding blocks [N, C * prod(blockShape), L] summed back into images [N, C,
    *imageShape] (ONNX Col2Im, the adjoint of im2col): block l's element (c, k) adds
    to the image position of kernel offset k in block l (blocks in row-major order,
    `strides` apart, kernel taps `dilation` apart, over the image padded by `padding`:
    the begins, then the ends); what lands in the padding is dropped.

    Composite: the blocks transposed to [K, L, N, C], a scatter_nd with reduction add
    into zeros [*padded image, N, C] at the constant positions of each (k, l), transposed
    back and sliced out of the padding."""

    name = "gawee.col2im"

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    image_shape = attr_def(I64Array, attr_name="imageShape")
    block_shape = attr_def(I64Array, attr_name="blockShape")
    strides = attr_def(I64Array)
    padding = attr_def(I64Array)
    dilation = attr_def(I64Array)

    assembly_format = f"$input {keywords('imageShape', 'blockShape', 'strides', 'padding', 'dilation')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        image_shape: Sequence[int],
        block_shape: Sequence[int],
        strides: Sequence[int] | None = None,
        padding: Sequence[int] | None = None,
        dilation: Sequence[int] | None = None,
    ):
        input = SSAValue.get(input)
        rank = len(image_shape)
        n, channels, _ = tensor_shape(input)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, (n, channels // max(math.prod(block_shape), 1), *image_shape))],
            attributes={
                "imageShape": i64_array(image_shape),
                "blockShape": i64_array(block_shape),
                "strides": i64_array(strides or [1] * rank),
                "padding": i64_array(padding or [0] * 2 * rank),
                "dilation": i64_array(dilation or [1] * rank),
            },
        )

    def geometry(self) -> tuple[tuple[int, ...], ...]:
        """(image, block, strides, padding, dilation)."""
        return tuple(
            self.array(name) for name in ("imageShape", "blockShape", "strides", "padding", "dilation")
        )

    def verify_(self) -> None:
        image, block, strides, padding, dilation = self.geometry()
        rank = len(image)
        if rank < 1:
            raise self.fail("'imageShape' must have at least one value")
        for name, values in (("blockShape", block), ("strides", strides), ("dilation", dilation)):
            self.expect_length(name, values, rank)
        self.expect_length("padding", padding, 2 * rank)
        for name, values in (
            ("imageShape", image),
            ("blockShape", block),
            ("strides", strides),
            ("dilation", dilation),
        ):
            self.expect_positive(name, values)
        self.expect_positive("padding", padding, minimum=0)
        self.expect_rank("the input", self.input, 3)
        n, channels, length = tensor_shape(self.input)
        kernel = math.prod(block)
        if channels % kernel:
            raise self.fail(
                f"the input's dim 1 ({channels}) is not a multiple of prod(blockShape) = {kernel}"
            )
        blocks = col2im_blocks(image, block, strides, padding, dilation)
        if min(blocks) < 1:
            raise self.fail(f"the dilated block {list(block)} does not fit in the padded image")
        if length != math.prod(blocks):
            raise self.fail(f"the input's dim 2 ({length}) must be the number of blocks {math.prod(blocks)}")
        self.expect_result_shape((n, channels // kernel, *image))

    def decompose(self, b: Composer) -> SSAValue:
        image, block, strides, padding, dilation = self.geometry()
        rank = len(image)
        n, channels, length = tensor_shape(self.input)
        kernel = math.prod(block)
        c = channels // kernel
        blocks = col2im_blocks(image, block, strides, padding, dilation)
        padded = tuple(image[d] + padding[d] + padding[rank + d] for d in range(rank))
        positions = np.array(
            [
                [
                    [k[d] * dilation[d] + p[d] * strides[d] for d in range(rank)]
                    for p in itertools.product(*map(range, blocks))
                ]
                for k in itertools.product(*map(range, block))
            ],
            np.int64,
        ).reshape(kernel, length, rank)
        updates = b.emit(TransposeOp(b.emit(ReshapeOp(self.input, (n, c, kernel, length))), (2, 3, 0, 1)))
        zeros = b.emit(ExpandOp(b.scalar_like(0, self.input), (*padded, n, c)))
        indices = b.constant(positions)
        summed = b.emit(ScatterNDOp(zeros, indices, updates, "add"))
        result = b.emit(TransposeOp(summed, (rank, rank + 1, *range(rank))))
        if padded == tuple(image):
            return result
        axes = list(range(2, rank + 2))
        return b.emit(
            SliceOp(result, padding[:rank], [padding[d] + image[d] for d in range(rank)], axes, [1] * rank)
        )

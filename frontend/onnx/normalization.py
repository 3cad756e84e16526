"""The converters of the normalization operators: BatchNormalization,
InstanceNormalization, GroupNormalization, LayerNormalization, RMSNormalization."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import f32
from xdsl.ir import SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.utils import element_type
from nnstack.dialects.values import dense_attribute
from nnstack.frontend.onnx.context import ImportContext


def convert_batch_normalization(context: ImportContext) -> None:
    """BatchNormalization in inference mode (training_mode = 0): the running statistics."""
    if len([o for o in context.node.output if o]) > 1:
        raise context.fail("training mode (running statistics outputs) is not supported")
    context.reject_attributes(training_mode=0)
    if len(context.shape(0)) < 2:
        raise context.fail("the input must have rank >= 2")
    op = gawee.BatchNormOp(
        *(context.value(i) for i in range(5)),
        eps=float(context.attribute("epsilon", 1e-5)),  # type: ignore[arg-type]
        affine=True,
    )
    context.define(context.emit(op).results[0])


def convert_instance_normalization(context: ImportContext) -> None:
    """InstanceNormalization (what PyTorch exports its GroupNorm to before opset 18)."""
    epsilon = float(context.attribute("epsilon", 1e-5))  # type: ignore[arg-type]
    operands = [context.value(i) for i in range(3)]
    context.define(context.emit(gawee.InstanceNormOp(*operands, epsilon=epsilon)).results[0])


def convert_group_normalization(context: ImportContext) -> None:
    """GroupNormalization: scale and bias per channel from opset 21; per group in opset
    18, repeated over each group's channels here. `stash_type` 1 (the default) computes an
    f16 input's statistics in f32, which gawee.group_norm does not: rejected for f16."""
    epsilon = float(context.attribute("epsilon", 1e-5))  # type: ignore[arg-type]
    groups = int(context.attribute("num_groups"))  # type: ignore[arg-type]
    x, scale, bias = (context.value(i) for i in range(3))
    channels = gawee.tensor_shape(x)[1]
    if context.opset >= 21 and int(context.attribute("stash_type", 1)) == 1 and element_type(x) != f32:  # type: ignore[arg-type]
        raise context.fail("stash_type = 1 (statistics in f32) on a non-f32 input is not supported")
    if context.opset < 21 and groups and channels % groups == 0:
        per_group = channels // groups

        def per_channel(value: SSAValue) -> SSAValue:
            column = context.emit(gawee.ReshapeOp(value, (groups, 1))).results[0]
            repeated = context.emit(gawee.ExpandOp(column, (groups, per_group))).results[0]
            return context.emit(gawee.ReshapeOp(repeated, (channels,))).results[0]

        scale, bias = per_channel(scale), per_channel(bias)
    op = gawee.GroupNormOp(x, scale, bias, groups, epsilon=epsilon)
    context.define(context.emit(op).results[0])


def convert_layer_normalization(context: ImportContext) -> None:
    """LayerNormalization; its optional Mean and InvStdDev outputs (the statistics over the
    normalized dims, kept as 1s, in the stash type f32) are computed beside it."""
    x = context.value(0)
    bias = context.value(2) if context.has_input(2) else None
    axis = int(context.attribute("axis", -1))  # type: ignore[arg-type]
    epsilon = float(context.attribute("epsilon", 1e-5))  # type: ignore[arg-type]
    op = gawee.LayerNormOp(x, context.value(1), bias, axis=axis, epsilon=epsilon)
    results = [context.emit(op).results[0]]
    if len(context.node.output) > 1:
        if int(context.attribute("stash_type", 1)) != 1:  # type: ignore[arg-type]
            raise context.fail(
                "the Mean and InvStdDev outputs in a stash type other than f32 are not supported"
            )
        results += _statistics(context, x, op.normalized_axis, epsilon)[: len(context.node.output) - 1]
    context.define(*results)


def _in_f32(context: ImportContext, x: SSAValue) -> SSAValue:
    """`x` in the stash type f32 (cast unless it is f32 already)."""
    return x if element_type(x) == f32 else context.emit_value(gawee.CastOp(x, f32))


def _root_mean_square(context: ImportContext, x: SSAValue, axes: list[int], epsilon: float) -> SSAValue:
    """sqrt(mean(x * x) + epsilon) of the f32 `x` over `axes` (kept as 1s): the deviation
    of LayerNormalization's statistics (of the centered input) and RMSNormalization's."""
    emit = context.emit_value
    mean_square = emit(gawee.ReduceMeanOp(emit(gawee.MulOp(x, x)), axes, True))
    shifted = emit(gawee.AddOp(mean_square, emit(gawee.ConstantOp(dense_attribute(np.array(epsilon), f32)))))
    return emit(gawee.SqrtOp(shifted))


def _statistics(context: ImportContext, x: SSAValue, axis: int, epsilon: float) -> list[SSAValue]:
    """The mean and 1 / sqrt(variance + epsilon) of `x` (in f32) over its dims from `axis` on."""
    emit = context.emit_value
    x = _in_f32(context, x)
    axes = list(range(axis, len(gawee.tensor_shape(x))))
    mean = emit(gawee.ReduceMeanOp(x, axes, True))
    deviation = _root_mean_square(context, emit(gawee.SubOp(x, mean)), axes, epsilon)
    return [mean, emit(gawee.ReciprocalOp(deviation))]


def convert_rms_normalization(context: ImportContext) -> None:
    """RMSNormalization (opset 23): X / sqrt(mean(X^2) + epsilon) * scale, the mean over
    the dims from `axis` on, computed in the stash type f32 as ONNX's function body does
    (X cast to it, the normalized value cast back before the scale)."""
    if int(context.attribute("stash_type", 1)) != 1:  # type: ignore[arg-type]
        raise context.fail("a stash type other than f32 (1) is not supported")
    emit = context.emit_value
    x, rank = context.value(0), len(context.shape(0))
    axis = int(context.attribute("axis", -1))  # type: ignore[arg-type]
    if not -rank <= axis < rank:
        raise context.fail(f"axis {axis} is out of range for rank {rank}")
    wide = _in_f32(context, x)
    epsilon = float(context.attribute("epsilon", 1e-5))  # type: ignore[arg-type]
    normalized = emit(
        gawee.DivOp(wide, _root_mean_square(context, wide, list(range(axis % rank, rank)), epsilon))
    )
    if element_type(x) != f32:
        normalized = emit(gawee.CastOp(normalized, element_type(x)))
    context.define(emit(gawee.MulOp(normalized, context.value(1))))

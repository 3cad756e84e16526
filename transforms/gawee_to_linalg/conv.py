"""Lowering of `gawee.conv` to `linalg.conv_2d_nchw_fchw` / `linalg.conv_2d_ngchw_gfchw`."""

from __future__ import annotations

from xdsl.dialects.linalg.ops import Conv2DNchwFchwOp, Conv2DNgchwGfchwOp
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import ConvOp, expand_padding
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, element_type_of, i64_pair, shape_of, unsupported_reason

__all__ = ["ConvLowering"]


class ConvLowering(RewritePattern):
    """
    Lowers `gawee.conv` to a zero `tensor.pad` (only when a pad is non-zero;
    `[pH, pW]` or `[top, left, bottom, right]` become `low[0, 0, top, left]
    high[0, 0, bottom, right]`), an init that is `linalg.fill` with 0 or, with a bias,
    the bias broadcast along the channel dim by a `linalg.generic`, and
    `linalg.conv_2d_nchw_fchw` accumulating into that init (strides and dilations as
    `dense<..> : tensor<2xi64>`).

    With `groups` = G > 1 the input [N, G*C, H, W], weight [G*F, C, kH, kW] and init
    [N, G*F, OH, OW] are split by `tensor.expand_shape` into [N, G, C, H, W],
    [G, F, C, kH, kW] and [N, G, F, OH, OW] (PyTorch numbers the output channels
    group-major, so the weight layout is "gfchw"), convolved by
    `linalg.conv_2d_ngchw_gfchw`, and merged back by `tensor.collapse_shape`.
    """

    @op_pattern
    def match_and_rewrite(self, op: ConvOp, rewriter: PatternRewriter, /):
        if unsupported_reason(op) is not None:
            return
        b = LoweringBuilder()
        element_type = element_type_of(op.output)
        out_shape = shape_of(op.output)
        top, left, bottom, right = expand_padding(op.array("padding"))

        zero = None
        if any((top, left, bottom, right)) or op.bias is None:
            zero = b.constant(0.0, element_type)
        x = op.input
        if any((top, left, bottom, right)):
            assert zero is not None
            x = b.pad(x, [0, 0, top, left], [0, 0, bottom, right], zero)

        if op.bias is not None:
            init = b.broadcast_into(op.bias, out_shape, [1])
        else:
            assert zero is not None
            init = b.filled(out_shape, zero)

        strides, dilations = i64_pair(op.array("strides")), i64_pair(op.array("dilation"))
        groups = op.group_count
        if groups == 1:
            conv = Conv2DNchwFchwOp([x, op.weight], [init], [init.type], strides=strides, dilations=dilations)
            result = b.add(conv).results[0]
        else:
            n, c, h, w = shape_of(x)
            f, cg, kh, kw = shape_of(op.weight)
            _, _, oh, ow = out_shape
            split_channels = [[0], [1, 2], [3], [4]]
            x = b.expand(x, split_channels, [n, groups, c // groups, h, w])
            weight = b.expand(op.weight, [[0, 1], [2], [3], [4]], [groups, f // groups, cg, kh, kw])
            init = b.expand(init, split_channels, [n, groups, f // groups, oh, ow])
            conv = Conv2DNgchwGfchwOp([x, weight], [init], [init.type], strides=strides, dilations=dilations)
            result = b.collapse(b.add(conv).results[0], split_channels)

        rewriter.replace(op, b.ops, [result])

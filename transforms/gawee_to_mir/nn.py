"""Lowerings of the neural-network gawee ops to mir: conv, batch_norm, max_pool,
ad_avg_pool, linear, matmul.

gawee is NCHW with fused parameters (conv bias, batch-norm statistics); mir's conv and
pool are NHWC and unfused. So the conv and pool patterns make the layout changes
explicit (`mir.transpose` around them) and decompose what gawee fuses into
element-wise `mir.broadcast_*` ops.
"""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder

NCHW_TO_NHWC = (0, 2, 3, 1)
NHWC_TO_NCHW = (0, 3, 1, 2)
FCHW_TO_HWCF = (2, 3, 1, 0)
"""gawee conv weight [F, C/g, KH, KW] -> mir conv weight [KH, KW, C/g, F]."""


class ConvLowering(GaweeToMirPattern):
    """gawee.conv -> transposes to NHWC / HWCF, mir.conv, the bias as a mir.broadcast_add
    along the (last) channel dim, and a transpose back to NCHW."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.ConvOp, rewriter: PatternRewriter, /):
        x = mir.TransposeOp(op.input, NCHW_TO_NHWC)
        w = mir.TransposeOp(op.weight, FCHW_TO_HWCF)
        conv = mir.ConvOp(
            x,
            w,
            stride=op.array("strides"),
            padding=gawee.expand_padding(op.array("padding")),
            dilation=op.array("dilation"),
            groups=op.group_count,
        )
        ops: list[Operation] = [x, w, conv]
        if op.bias is not None:
            ops.append(mir.BroadcastAddOp(conv.result, op.bias))
        ops.append(mir.TransposeOp(ops[-1].results[0], NHWC_TO_NCHW))
        self.replace(rewriter, op, ops)


class BatchNormLowering(GaweeToMirPattern):
    """gawee.batch_norm -> (x - mean) / sqrt(var + eps) [* weight + bias], in the order
    gawee computes it; the [C] parameters are reshaped to [C, 1, ...] to broadcast."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.BatchNormOp, rewriter: PatternRewriter, /):
        rank = len(mir.tensor_shape(op.input))
        b = MirBuilder()
        std = b.emit(mir.SqrtOp(b.emit(mir.BroadcastAddOp(op.running_var, b.scalar_like(op.epsilon, op.input)))))
        mean = b.per_channel(op.running_mean, rank)
        std = b.per_channel(std, rank)
        result = b.emit(mir.BroadcastDivOp(b.emit(mir.BroadcastSubOp(op.input, mean)), std))
        if op.affine.value.data:
            result = b.emit(mir.BroadcastMulOp(result, b.per_channel(op.weight, rank)))
            result = b.emit(mir.BroadcastAddOp(result, b.per_channel(op.bias, rank)))
        self.replace_built(rewriter, op, b, result)


class MaxPoolLowering(GaweeToMirPattern):
    """gawee.max_pool -> NHWC mir.pool max between transposes; ceil mode becomes extra
    end padding, just enough for the last window (padding never wins a max)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.MaxPoolOp, rewriter: PatternRewriter, /):
        kernel, strides, dilation = op.array("kernelSize"), op.array("strides"), op.array("dilation")
        top, left, bottom, right = gawee.expand_padding(op.array("padding"))
        _, _, h, w = mir.tensor_shape(op.input)
        _, _, oh, ow = mir.tensor_shape(op.output)
        padded = (h + top + bottom, w + left + right)
        extra = [
            max(0, (out - 1) * s + d * (k - 1) + 1 - size)
            for out, s, d, k, size in zip((oh, ow), strides, dilation, kernel, padded)
        ]
        x = mir.TransposeOp(op.input, NCHW_TO_NHWC)
        pool = mir.PoolOp(
            x,
            "max",
            kernel_size=kernel,
            stride=strides,
            padding=(top, left, bottom + extra[0], right + extra[1]),
            dilation=dilation,
        )
        self.replace(rewriter, op, [x, pool, mir.TransposeOp(pool, NHWC_TO_NCHW)])


class AdAvgPoolLowering(GaweeToMirPattern):
    """gawee.ad_avg_pool -> mean reductions over PyTorch's adaptive windows, in NCHW.

    - output 1x1: one mir.reduce mean over [2, 3] with keep_dims;
    - H and W divisible by the output: mir.reshape to [N, C, OH, KH, OW, KW] and one
      mir.reduce mean over [3, 5];
    - otherwise, axis by axis: the reshape trick where that axis divides, else one
      mir.slice + mir.reduce mean (keep_dims) per output position and a mir.concat,
      so non-divisible windows (which overlap and differ in size) are exact.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.AdAvgPoolOp, rewriter: PatternRewriter, /):
        n, c, h, w = mir.tensor_shape(op.input)
        oh, ow = op.array("outputSize")
        if (oh, ow) == (1, 1):
            self.replace(rewriter, op, [mir.ReduceOp(op.input, "mean", (2, 3), keep_dims=True)])
            return
        if h % oh == 0 and w % ow == 0:
            windows = mir.ReshapeOp(op.input, (n, c, oh, h // oh, ow, w // ow))
            self.replace(rewriter, op, [windows, mir.ReduceOp(windows, "mean", (3, 5))])
            return
        ops: list[Operation] = []
        value = op.input
        for axis, out in ((2, oh), (3, ow)):
            value = self.pool_axis(value, axis, out, ops)
        self.replace(rewriter, op, ops)

    @staticmethod
    def pool_axis(value: SSAValue, axis: int, out: int, ops: list[Operation]) -> SSAValue:
        """Adaptive average along one axis of `value`; appends the ops it needs."""
        shape = mir.tensor_shape(value)
        size = shape[axis]
        if out == size:
            return value
        if size % out == 0:
            windows = mir.ReshapeOp(value, (*shape[:axis], out, size // out, *shape[axis + 1 :]))
            ops += [windows, mir.ReduceOp(windows, "mean", (axis + 1,))]
            return ops[-1].results[0]
        parts: list[SSAValue] = []
        for start, end in gawee.adaptive_windows(size, out):
            starts = [0] * len(shape)
            ends = list(shape)
            starts[axis], ends[axis] = start, end
            window = mir.SliceOp(value, starts, ends)
            mean = mir.ReduceOp(window, "mean", (axis,), keep_dims=True)
            ops += [window, mean]
            parts.append(mean.result)
        ops.append(mir.ConcatOp(parts, axis))
        return ops[-1].results[0]


class LinearLowering(GaweeToMirPattern):
    """gawee.linear -> x @ transpose(W) as mir.transpose + mir.matmul, then the bias
    as a mir.broadcast_add."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.LinearOp, rewriter: PatternRewriter, /):
        weight = mir.TransposeOp(op.weight, (1, 0))
        product = mir.MatmulOp(op.input, weight)
        ops: list[Operation] = [weight, product]
        if op.bias is not None:
            ops.append(mir.BroadcastAddOp(product, op.bias))
        self.replace(rewriter, op, ops)


class MatMulLowering(GaweeToMirPattern):
    """gawee.matmul -> mir.matmul (batch dims broadcast); a 1-D operand is reshaped to
    a matrix ([1, K] on the left, [K, 1] on the right) and the result back, as numpy does."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.MatMulOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        lhs, rhs = op.lhs, op.rhs
        if len(mir.tensor_shape(lhs)) == 1:
            lhs = b.reshape(lhs, (1, *mir.tensor_shape(lhs)))
        if len(mir.tensor_shape(rhs)) == 1:
            rhs = b.reshape(rhs, (*mir.tensor_shape(rhs), 1))
        product = b.emit(mir.MatmulOp(lhs, rhs))
        self.replace_built(rewriter, op, b, b.reshape(product, mir.tensor_shape(op.output)))

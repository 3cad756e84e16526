"""Lowerings of the neural-network gawee ops to mir: conv, batch_norm, max_pool,
average_pool, ad_avg_pool, global_average_pool, linear, matmul, gemm, lrn.

gawee is NCHW with fused parameters (conv bias, batch-norm statistics); mir's conv and
pool are NHWC and unfused. So the conv and pool patterns make the layout changes
explicit (`mir.transpose` around them) and decompose what gawee fuses into
element-wise `mir.broadcast_*` ops.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType, i1
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from nnstack.dialects import gawee, mir
from nnstack.transforms.gawee_to_mir.base import GaweeToMirPattern, MirBuilder
from nnstack.transforms.utils import op_pattern

__all__ = [
    "ConvLowering",
    "MaxPoolLowering",
    "AveragePoolLowering",
    "GlobalAveragePoolLowering",
    "AdAvgPoolLowering",
    "LinearLowering",
    "MatMulLowering",
    "GemmLowering",
    "LrnLowering",
]

NCHW_TO_NHWC = (0, 2, 3, 1)
NHWC_TO_NCHW = (0, 3, 1, 2)
FCHW_TO_HWCF = (2, 3, 1, 0)
"""gawee conv weight [F, C/g, KH, KW] -> mir conv weight [KH, KW, C/g, F]."""


def window_limitation(op: Operation) -> str | None:
    """Why convert-gawee-to-mir cannot lower `op` (a verified op), or None: mir.conv and
    mir.pool are 2-D (NHWC), so a 3-D conv, conv_transpose (a conv, decomposed) or pool
    (lp_pool: an average_pool, decomposed) has no mir form; 1-D ones run as 2-D over a unit dim (`WindowGeometry.planar`)."""
    windowed = isinstance(op, gawee.ConvOp | gawee.ConvTransposeOp | gawee.PoolWindowOp)
    if windowed and op.spatial_rank == 3:
        return (
            "mir.conv and mir.pool are 2-D: a 3-D window has no mir form (convert-gawee-to-linalg lowers it)"
        )
    return None


def _planar(b: MirBuilder, value: SSAValue) -> SSAValue:
    """[N, C, W] as [N, C, 1, W]: a 1-D window runs as the 2-D one over a unit first
    spatial dim (`WindowGeometry.planar`), the same taps."""
    n, c, w = mir.tensor_shape(value)
    return b.reshape(value, (n, c, 1, w))


class ConvLowering(GaweeToMirPattern):
    """gawee.conv -> transposes to NHWC / HWCF, mir.conv, the bias as a mir.broadcast_add
    along the (last) channel dim, and a transpose back to NCHW. A 1-D conv is the 2-D
    one over [N, C, 1, W] (mir.reshape before and after)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.ConvOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        window, x, w = op.window(), op.input, op.weight
        if window.rank == 1:
            window, x, w = window.planar(), _planar(b, x), _planar(b, w)
        conv = mir.ConvOp(
            b.emit(mir.TransposeOp(x, NCHW_TO_NHWC)),
            b.emit(mir.TransposeOp(w, FCHW_TO_HWCF)),
            stride=window.strides,
            padding=window.padding,
            dilation=window.dilation,
            groups=op.group_count,
        )
        result = b.emit(conv)
        if op.bias is not None:
            result = b.emit(mir.BroadcastAddOp(result, op.bias))
        result = b.reshape(b.emit(mir.TransposeOp(result, NHWC_TO_NCHW)), mir.tensor_shape(op.output))
        self.replace_built(rewriter, op, b, result)


class MaxPoolLowering(GaweeToMirPattern):
    """gawee.max_pool -> NHWC mir.pool max between transposes; ceil mode becomes extra
    end padding, just enough for the last window (padding never wins a max). Where some
    window sees only padding (mir.pool gives -inf), a mir.select with a constant [oH, oW]
    mask of the windows that reach the input puts the op's `padding_only_value` there.
    A 1-D pool is the 2-D one over [N, C, 1, W] (mir.reshape before and after)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.MaxPoolOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        window, x, inside = op.window(), op.input, op.windows_on_input()
        if window.rank == 1:
            window, x, inside = window.planar(), _planar(b, x), inside.reshape(1, -1)
        pool = mir.PoolOp(
            b.emit(mir.TransposeOp(x, NCHW_TO_NHWC)),
            "max",
            kernel_size=window.kernel,
            stride=window.strides,
            padding=window.padding,
            dilation=window.dilation,
        )
        result = b.emit(mir.TransposeOp(b.emit(pool), NHWC_TO_NCHW))
        if not inside.all():
            lowest = b.scalar_like(op.padding_only_value(), result)
            result = b.emit(mir.SelectOp(b.constant(inside, i1), result, lowest))
        self.replace_built(rewriter, op, b, b.reshape(result, mir.tensor_shape(op.output)))


class AveragePoolLowering(GaweeToMirPattern):
    """gawee.average_pool -> NHWC mir.pool between transposes, padded as for max_pool:
    kind `avg`, which divides by the taps on the input, or with `countIncludePad` kind
    `sum` and a mir.broadcast_div by a constant [oH, oW] of the windows' tap counts
    (`AveragePoolOp.divisors`). A 1-D pool is the 2-D one over [N, C, 1, W]
    (mir.reshape before and after)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.AveragePoolOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        window, x = op.window(), op.input
        if window.rank == 1:
            window, x = window.planar(), _planar(b, x)
        pool = mir.PoolOp(
            b.emit(mir.TransposeOp(x, NCHW_TO_NHWC)),
            "sum" if op.includes_pad else "avg",
            kernel_size=window.kernel,
            stride=window.strides,
            padding=window.padding,
            dilation=window.dilation,
        )
        result = b.emit(mir.TransposeOp(b.emit(pool), NHWC_TO_NCHW))
        if op.includes_pad:
            counts = op.divisor_grid().reshape(window.out_size).astype(np.float64)
            result = b.emit(mir.BroadcastDivOp(result, b.constant(counts, mir.element_type(op.input))))
        self.replace_built(rewriter, op, b, b.reshape(result, mir.tensor_shape(op.output)))


class GlobalAveragePoolLowering(GaweeToMirPattern):
    """gawee.global_average_pool -> one mir.reduce mean over the spatial dims with
    keep_dims (ad_avg_pool's 1x1 case, for any rank >= 3)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.GlobalAveragePoolOp, rewriter: PatternRewriter, /):
        spatial = tuple(range(2, len(mir.tensor_shape(op.input))))
        self.replace(rewriter, op, [mir.ReduceOp(op.input, "mean", spatial, keep_dims=True)])


class AdAvgPoolLowering(GaweeToMirPattern):
    """gawee.ad_avg_pool -> mean reductions over PyTorch's adaptive windows, in NCHW.

    - output 1x1: one mir.reduce mean over [2, 3] with keep_dims;
    - H and W divisible by the output: mir.reshape to [N, C, OH, KH, OW, KW] and one
      mir.reduce mean over [3, 5];
    - otherwise, axis by axis: the reshape trick where that axis divides, else one
      mir.slice + mir.reduce mean (keep_dims) per output position and a mir.concat,
      so non-divisible windows (which overlap and differ in size) are exact.
    """

    @op_pattern
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

    @op_pattern
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

    @op_pattern
    def match_and_rewrite(self, op: gawee.MatMulOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        lhs, rhs = op.lhs, op.rhs
        if len(mir.tensor_shape(lhs)) == 1:
            lhs = b.reshape(lhs, (1, *mir.tensor_shape(lhs)))
        if len(mir.tensor_shape(rhs)) == 1:
            rhs = b.reshape(rhs, (*mir.tensor_shape(rhs), 1))
        product = b.emit(mir.MatmulOp(lhs, rhs))
        self.replace_built(rewriter, op, b, b.reshape(product, mir.tensor_shape(op.output)))


class GemmLowering(GaweeToMirPattern):
    """gawee.gemm -> alpha * op(A) @ op(B) + beta * C: mir.transpose for a transposed
    operand, mir.matmul, and broadcast multiplies / add by rank-0 constants where alpha
    or beta is not 1 (C is not read when beta is 0, as ONNX Runtime does)."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.GemmOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        (trans_a, trans_b), (alpha, beta) = op.transposes, op.scales
        lhs = b.emit(mir.TransposeOp(op.a, (1, 0))) if trans_a else op.a
        rhs = b.emit(mir.TransposeOp(op.b, (1, 0))) if trans_b else op.b
        result = b.emit(mir.MatmulOp(lhs, rhs))
        if alpha != 1.0:
            result = b.emit(mir.BroadcastMulOp(result, b.scalar_like(alpha, result)))
        if op.adds_c and op.c is not None:
            c = op.c if beta == 1.0 else b.emit(mir.BroadcastMulOp(op.c, b.scalar_like(beta, op.c)))
            result = b.emit(mir.BroadcastAddOp(result, c))
        self.replace_built(rewriter, op, b, result)


class LrnLowering(GaweeToMirPattern):
    """gawee.lrn -> x / (bias + alpha / size * S)^beta, where S, each channel window's
    sum of squares, is a mir.matmul of the squares (channels last) with a constant 0/1
    band matrix [C, C] selecting the window; f16 computes in f32, as gawee does."""

    @op_pattern
    def match_and_rewrite(self, op: gawee.LrnOp, rewriter: PatternRewriter, /):
        b = MirBuilder()
        x = b.widened(op.input)
        channels = mir.tensor_shape(x)[1]
        before, after = op.window
        band = [
            1.0 if c - before <= k <= c + after else 0.0 for k in range(channels) for c in range(channels)
        ]  # band[k, c]: input channel k is in the window of output channel c
        window = b.emit(mir.ConstantOp.from_list(TensorType(mir.element_type(x), [channels, channels]), band))
        squares = b.emit(mir.TransposeOp(b.emit(mir.BroadcastMulOp(x, x)), NCHW_TO_NHWC))
        sums = b.emit(mir.TransposeOp(b.emit(mir.MatmulOp(squares, window)), NHWC_TO_NCHW))
        scaled = b.emit(mir.BroadcastMulOp(sums, b.scalar_like(op.alpha.value.data / op.size.value.data, x)))
        base = b.emit(mir.BroadcastAddOp(scaled, b.scalar_like(op.bias.value.data, x)))
        denominator = b.emit(mir.BroadcastPowOp(base, b.scalar_like(op.beta.value.data, x)))
        result = b.emit(mir.BroadcastDivOp(x, denominator))
        self.replace_built(rewriter, op, b, b.cast(result, mir.element_type(op.output)))

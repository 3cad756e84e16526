"""convert-gawee-to-mir: lowers every gawee op to the normalized mid-level ops of mir.

gawee is NCHW with fused parameters (conv bias, batch-norm statistics); mir's conv and
pool are NHWC and unfused. Each pattern therefore makes the layout changes explicit
(`mir.transpose` around conv and pool) and decomposes what gawee fuses into
element-wise `mir.broadcast_*` ops. Every new op is verified before it replaces the
gawee op. The pass first lowers a copy of the module: each gawee op it cannot lower
(no pattern, or new ops that do not verify) fails the pass, the module unchanged;
otherwise the module takes the lowered copy's body.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects import gawee, mir
from nnstack.transforms.utils import Problem, fail_at_ops, replace_contents

NCHW_TO_NHWC = (0, 2, 3, 1)
NHWC_TO_NCHW = (0, 3, 1, 2)
FCHW_TO_HWCF = (2, 3, 1, 0)
"""gawee conv weight [F, C/g, KH, KW] -> mir conv weight [KH, KW, C/g, F]."""


@dataclass(frozen=True)
class GaweeToMirPattern(RewritePattern):
    """A lowering that replaces its op only by new ops that verify."""

    problems: list[Problem] = field(default_factory=list[Problem])
    """The ops left alone because their new ops do not verify, with the reason."""

    def replace(self, rewriter: PatternRewriter, op: Operation, new_ops: Sequence[Operation]) -> None:
        """Replaces `op` by `new_ops` (the last one gives the result) if they all verify."""
        for new_op in new_ops:
            try:
                new_op.verify()
            except VerifyException as error:
                self.problems.append((op, f"cannot lower {op.name}: {error}"))
                for dropped in reversed(new_ops):
                    dropped.erase()
                return
        rewriter.replace(op, new_ops, [new_ops[-1].results[0]])


def _scalar(like: SSAValue, value: float) -> mir.ConstantOp:
    """A rank-0 constant of `like`'s element type, to broadcast against it."""
    return mir.ConstantOp.from_list(TensorType(mir.element_type(like), []), [value])


def _per_channel(value: SSAValue, rank: int, ops: list[Operation]) -> SSAValue:
    """A [C] parameter reshaped to [C, 1, ...] so it broadcasts along dim 1 of a rank-`rank` input."""
    if rank <= 2:
        return value
    reshape = mir.ReshapeOp(value, (*mir.tensor_shape(value), *(1,) * (rank - 2)))
    ops.append(reshape)
    return reshape.result


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


class ReluLowering(GaweeToMirPattern):
    """gawee.relu -> mir.broadcast_max with a rank-0 zero constant (NaN propagates)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.ReluOp, rewriter: PatternRewriter, /):
        zero = _scalar(op.input, 0.0)
        self.replace(rewriter, op, [zero, mir.BroadcastMaxOp(op.input, zero)])


class AddLowering(GaweeToMirPattern):
    """gawee.add -> mir.broadcast_add."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.AddOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.BroadcastAddOp(op.lhs, op.rhs)])


class BatchNormLowering(GaweeToMirPattern):
    """gawee.batch_norm -> (x - mean) / sqrt(var + eps) [* weight + bias], in the order
    gawee computes it; the [C] parameters are reshaped to [C, 1, ...] to broadcast."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.BatchNormOp, rewriter: PatternRewriter, /):
        rank = len(mir.tensor_shape(op.input))
        eps = _scalar(op.input, op.epsilon)
        shifted = mir.BroadcastAddOp(op.running_var, eps)
        std = mir.SqrtOp(shifted)
        ops: list[Operation] = [eps, shifted, std]
        mean = _per_channel(op.running_mean, rank, ops)
        std_c = _per_channel(std.result, rank, ops)
        centered = mir.BroadcastSubOp(op.input, mean)
        normalized = mir.BroadcastDivOp(centered, std_c)
        ops += [centered, normalized]
        if op.affine.value.data:
            weight = _per_channel(op.weight, rank, ops)
            scaled = mir.BroadcastMulOp(normalized, weight)
            ops.append(scaled)
            bias = _per_channel(op.bias, rank, ops)
            ops.append(mir.BroadcastAddOp(scaled, bias))
        self.replace(rewriter, op, ops)


class MaxPoolLowering(GaweeToMirPattern):
    """gawee.max_pool -> NHWC mir.pool max between transposes; ceil mode becomes extra
    end padding, just enough for the last window (padding never wins a max)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.MaxPoolOp, rewriter: PatternRewriter, /):
        x = mir.TransposeOp(op.input, NCHW_TO_NHWC)
        pool = mir.PoolOp(
            x,
            "max",
            kernel_size=op.array("kernelSize"),
            stride=op.array("strides"),
            padding=op.fitted_padding(),
            dilation=op.array("dilation"),
        )
        self.replace(rewriter, op, [x, pool, mir.TransposeOp(pool, NHWC_TO_NCHW)])


class AveragePoolLowering(GaweeToMirPattern):
    """gawee.average_pool -> NHWC mir.pool between transposes, padded as for max_pool:
    kind `avg`, which divides by the taps on the input, or with `countIncludePad` kind
    `sum` and a mir.broadcast_div by a constant [oH, oW] of the windows' tap counts
    (`AveragePoolOp.divisors`)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.AveragePoolOp, rewriter: PatternRewriter, /):
        x = mir.TransposeOp(op.input, NCHW_TO_NHWC)
        pool = mir.PoolOp(
            x,
            "sum" if op.includes_pad else "avg",
            kernel_size=op.array("kernelSize"),
            stride=op.array("strides"),
            padding=op.fitted_padding(),
            dilation=op.dilation_values,
        )
        ops: list[Operation] = [x, pool, mir.TransposeOp(pool, NHWC_TO_NCHW)]
        if op.includes_pad:
            rows, cols = op.divisors()
            counts = mir.ConstantOp.from_list(
                TensorType(mir.element_type(op.input), [len(rows), len(cols)]),
                [float(r * c) for r in rows for c in cols],
            )
            ops += [counts, mir.BroadcastDivOp(ops[-1].results[0], counts.result)]
        self.replace(rewriter, op, ops)


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


class GlobalAveragePoolLowering(GaweeToMirPattern):
    """gawee.global_average_pool -> one mir.reduce mean over the spatial dims with
    keep_dims (ad_avg_pool's 1x1 case, for any rank >= 3)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.GlobalAveragePoolOp, rewriter: PatternRewriter, /):
        spatial = tuple(range(2, len(mir.tensor_shape(op.input))))
        self.replace(rewriter, op, [mir.ReduceOp(op.input, "mean", spatial, keep_dims=True)])


class FlattenLowering(GaweeToMirPattern):
    """gawee.flatten -> a static mir.reshape to the flattened result type."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: gawee.FlattenOp, rewriter: PatternRewriter, /):
        self.replace(rewriter, op, [mir.ReshapeOp(op.input, mir.tensor_shape(op.output))])


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


@dataclass(frozen=True)
class ConvertGaweeToMirPass(ModulePass):
    """Lowers every gawee op to mir; fails, changing nothing, on any gawee op it cannot lower."""

    name = "convert-gawee-to-mir"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lowered = op.clone()
        originals = dict(zip(lowered.walk(), op.walk()))
        fail_at_ops(self.name, [(originals[copy], why) for copy, why in self.lower(lowered)])
        replace_contents(op, lowered)

    @staticmethod
    def lower(module: ModuleOp) -> list[Problem]:
        """Lowers what it can of `module`; returns the gawee ops left, with the reason."""
        patterns: list[GaweeToMirPattern] = [
            ConvLowering(),
            ReluLowering(),
            AddLowering(),
            BatchNormLowering(),
            MaxPoolLowering(),
            AveragePoolLowering(),
            AdAvgPoolLowering(),
            GlobalAveragePoolLowering(),
            FlattenLowering(),
            LinearLowering(),
        ]
        PatternRewriteWalker(
            GreedyRewritePatternApplier(list[RewritePattern](patterns), dce_enabled=False),
            apply_recursively=False,
        ).rewrite_module(module)
        problems = [problem for pattern in patterns for problem in pattern.problems]
        explained = {op for op, _ in problems}
        problems += [
            (op, f"cannot lower {op.name}: no lowering pattern for this op")
            for op in module.walk()
            if op.dialect_name() == "gawee" and op not in explained
        ]
        return problems

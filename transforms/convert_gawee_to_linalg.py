"""The `convert-gawee-to-linalg` pass: gawee ops to linalg, tensor, arith and math.

The patterns, one per gawee op, live in `nnstack.transforms.gawee_to_linalg`, split
by op family (conv, pooling, elementwise, linear, reshape, movement, construction, ...). The lowering is in
destination-passing style (every `tensor.empty` has the static result shape) and
emits only IR that upstream MLIR 19 parses and verifies unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier

from nnstack.dialects import gawee
from nnstack.transforms.gawee_to_linalg import (
    BINARY_BODIES,
    PREDICATES,
    REDUCTIONS,
    UNARY_OPS,
    VARIADIC_BODIES,
    AdAvgPoolLowering,
    AddLowering,
    AveragePoolLowering,
    BatchNormLowering,
    BinaryElementwiseLowering,
    CastLowering,
    CatLowering,
    CompareLowering,
    ConstantLowering,
    ConvLowering,
    ExpandLowering,
    FlattenLowering,
    GatherElementsLowering,
    GatherLowering,
    GemmLowering,
    GlobalAveragePoolLowering,
    LayerNormLowering,
    LinearLowering,
    LrnLowering,
    MatMulLowering,
    MaxPoolLowering,
    NotLowering,
    PadLowering,
    RangeLowering,
    ReduceLowering,
    ReluLowering,
    ReshapeLowering,
    ResizeLowering,
    ScatterNDLowering,
    ShapeLowering,
    SliceLowering,
    SoftmaxLowering,
    SplitLowering,
    TileLowering,
    TopKLowering,
    TransposeLowering,
    TriluLowering,
    UnaryElementwiseLowering,
    VariadicElementwiseLowering,
    WhereLowering,
)
from nnstack.transforms.gawee_to_linalg.builder import VERIFIED_OPS, unsupported_reason
from nnstack.transforms.utils import VERIFIED_MODULE, LocatedRewriteWalker, Problem, fail_at_ops

LOWERED_OPS = (
    gawee.ConvOp,
    gawee.ReluOp,
    gawee.AddOp,
    gawee.BatchNormOp,
    gawee.MaxPoolOp,
    gawee.AdAvgPoolOp,
    gawee.FlattenOp,
    gawee.LinearOp,
    gawee.ReshapeOp,
    gawee.TransposeOp,
    gawee.MatMulOp,
    gawee.SoftmaxOp,
    gawee.LogSoftmaxOp,
    *VARIADIC_BODIES,
    gawee.LayerNormOp,
    *REDUCTIONS,
    *UNARY_OPS,
    *BINARY_BODIES,
    *PREDICATES,
    gawee.NotOp,
    gawee.WhereOp,
    gawee.CastOp,
    gawee.GatherOp,
    gawee.GatherElementsOp,
    gawee.ExpandOp,
    gawee.SqueezeOp,
    gawee.UnsqueezeOp,
    gawee.CatOp,
    gawee.SliceOp,
    gawee.TopKOp,
    gawee.ScatterNDOp,
    gawee.ResizeOp,
    gawee.GemmOp,
    gawee.AveragePoolOp,
    gawee.GlobalAveragePoolOp,
    gawee.LrnOp,
    gawee.SplitOp,
    gawee.TileOp,
    gawee.PadOp,
    gawee.TriluOp,
    gawee.ConstantOp,
    gawee.RangeOp,
    gawee.ShapeOp,
)
"""The gawee ops the patterns lower."""


def problems(module: builtin.ModuleOp) -> list[Problem]:
    """Every gawee op of `module` the pass cannot lower, with the reason."""
    found: list[Problem] = []
    for op in module.walk():
        if op.dialect_name() != "gawee":
            continue
        reason = (
            "no lowering pattern for this op" if not isinstance(op, LOWERED_OPS) else unsupported_reason(op)
        )
        if reason is not None:
            found.append((op, f"cannot lower {op.name}: {reason}"))
    return found


@dataclass(frozen=True)
class ConvertGaweeToLinalgPass(ModulePass):
    """
    Lowers every gawee op to linalg / tensor / arith / math, one pattern per op.

    Before rewriting anything, the pass checks every gawee op: one it cannot lower
    (no pattern, a dynamic shape, an element type gawee does not carry, an op that
    does not verify) makes it raise `PassFailedException` naming each such op and the
    reason, with the unchanged module printed and the ops marked. Other ops are
    left as they are (no dead-code elimination).
    """

    name = "convert-gawee-to-linalg"

    elementwise_generic: bool = False
    """Emit `linalg.generic` for every element-wise op instead of named ops such as
    `linalg.add` (upstream MLIR removed them in Sept 2026)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        gawee_ops = frozenset(o for o in op.walk() if o.dialect_name() == "gawee")
        # verified by the driver just before (nnstack-opt, nnstack-run), or by `problems`
        # now: the patterns need not verify them again
        verified = VERIFIED_OPS.set(gawee_ops if VERIFIED_MODULE.get() is op else frozenset())
        try:
            fail_at_ops(self.name, problems(op))
            VERIFIED_OPS.set(gawee_ops)
            self._rewrite(op)
        finally:
            VERIFIED_OPS.reset(verified)

    def _rewrite(self, op: builtin.ModuleOp) -> None:
        LocatedRewriteWalker(
            GreedyRewritePatternApplier(
                [
                    ConvLowering(),
                    ReluLowering(),
                    AddLowering(self.elementwise_generic),
                    BatchNormLowering(),
                    MaxPoolLowering(),
                    AdAvgPoolLowering(),
                    FlattenLowering(),
                    LinearLowering(),
                    UnaryElementwiseLowering(),
                    BinaryElementwiseLowering(),
                    ReshapeLowering(),
                    TransposeLowering(),
                    MatMulLowering(),
                    SoftmaxLowering(),
                    ReduceLowering(),
                    LayerNormLowering(),
                    CompareLowering(),
                    NotLowering(),
                    WhereLowering(),
                    CastLowering(),
                    GatherLowering(),
                    GatherElementsLowering(),
                    ExpandLowering(),
                    CatLowering(),
                    SliceLowering(),
                    VariadicElementwiseLowering(),
                    TopKLowering(),
                    ScatterNDLowering(),
                    ResizeLowering(),
                    GemmLowering(),
                    AveragePoolLowering(),
                    GlobalAveragePoolLowering(),
                    LrnLowering(),
                    SplitLowering(),
                    TileLowering(),
                    PadLowering(),
                    TriluLowering(),
                    ConstantLowering(),
                    RangeLowering(),
                    ShapeLowering(),
                ],
                dce_enabled=False,
            ),
            apply_recursively=False,
        ).rewrite_module(op)

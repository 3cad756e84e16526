"""convert-gawee-to-mir: lowers every gawee op (and every tensor `arith.constant`) to the
normalized mid-level ops of mir.

The patterns live in `nnstack.transforms.gawee_to_mir`, one module per op family.
Every new op is verified before it replaces the gawee op. Composite ops are
decomposed first (`transforms.gawee_decompose`). The pass first lowers a copy
of the module: each gawee op it cannot lower (no pattern, or new ops that do not
verify) fails the pass, the module unchanged; otherwise the module takes the lowered
copy's body.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, RewritePattern

from nnstack.transforms.gawee_decompose import decompose
from nnstack.transforms.gawee_to_mir import (
    AdAvgPoolLowering,
    AveragePoolLowering,
    BatchNormLowering,
    BinaryLowering,
    CastLowering,
    CatLowering,
    ConstantLowering,
    ConvLowering,
    ExpandLowering,
    GatherLowering,
    GaweeToMirPattern,
    GemmLowering,
    GlobalAveragePoolLowering,
    LayerNormLowering,
    LinearLowering,
    LrnLowering,
    MatMulLowering,
    MaxPoolLowering,
    PadLowering,
    RangeLowering,
    ReduceLowering,
    ReshapeLowering,
    ResizeLowering,
    ScatterNDLowering,
    ShapeLowering,
    SliceLowering,
    SoftmaxLowering,
    SplitLowering,
    TensorConstantLowering,
    TileLowering,
    TopKLowering,
    TransposeLowering,
    TriluLowering,
    UnaryLowering,
    VariadicLowering,
)
from nnstack.transforms.utils import LocatedRewriteWalker, Problem, fail_at_ops, replace_contents


@dataclass(frozen=True)
class ConvertGaweeToMirPass(ModulePass):
    """Lowers every gawee op to mir; fails, changing nothing, on any gawee op it cannot lower."""

    name = "convert-gawee-to-mir"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lowered = op.clone()
        originals = dict(zip(lowered.walk(), op.walk()))
        origins = decompose(lowered)

        def at_origin(copy: Operation, why: str) -> Problem:
            """A problem of a decomposition's op, as one of the composite op it came from."""
            if (origin := origins.get(copy)) is None:
                return originals[copy], why
            return originals[origin], why.replace(
                f"cannot lower {copy.name}:", f"cannot lower {origin.name}:", 1
            )

        fail_at_ops(self.name, [at_origin(copy, why) for copy, why in self.lower(lowered)])
        replace_contents(op, lowered)

    @staticmethod
    def lower(module: ModuleOp) -> list[Problem]:
        """Lowers what it can of `module`; returns the gawee ops left, with the reason."""
        patterns: list[GaweeToMirPattern] = [
            ConvLowering(),
            BatchNormLowering(),
            MaxPoolLowering(),
            AveragePoolLowering(),
            AdAvgPoolLowering(),
            GlobalAveragePoolLowering(),
            LinearLowering(),
            MatMulLowering(),
            GemmLowering(),
            LrnLowering(),
            UnaryLowering(),
            BinaryLowering(),
            VariadicLowering(),
            CastLowering(),
            ReduceLowering(),
            SoftmaxLowering(),
            LayerNormLowering(),
            ReshapeLowering(),
            TransposeLowering(),
            CatLowering(),
            SliceLowering(),
            GatherLowering(),
            ExpandLowering(),
            ResizeLowering(),
            TopKLowering(),
            ScatterNDLowering(),
            SplitLowering(),
            TileLowering(),
            PadLowering(),
            TriluLowering(),
            ConstantLowering(),
            RangeLowering(),
            ShapeLowering(),
            TensorConstantLowering(),
        ]
        LocatedRewriteWalker(
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

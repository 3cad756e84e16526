"""The `convert-gawee-to-linalg` pass: gawee ops to linalg, tensor, arith and math.

The patterns, one per gawee op, live in `nnstack.transforms.gawee_to_linalg`, split
by op family (conv, pooling, elementwise, linear, reshape, movement, construction, ...). The lowering is in
destination-passing style (every `tensor.empty` has the static result shape) and
emits only IR that upstream MLIR 19 parses and verifies unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, RewritePattern

from nnstack.dialects.gawee.composite import is_composite
from nnstack.transforms.gawee_decompose import decompose
from nnstack.transforms.gawee_to_linalg import (
    AdAvgPoolLowering,
    AddLowering,
    AveragePoolLowering,
    BatchNormLowering,
    CastLowering,
    CatLowering,
    ConstantLowering,
    ConvLowering,
    ElementwiseLowering,
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
    TileLowering,
    TopKLowering,
    TransposeLowering,
    TriluLowering,
)
from nnstack.transforms.gawee_to_linalg.builder import VERIFIED_OPS, unsupported_reason
from nnstack.transforms.utils import VERIFIED_MODULE, LocatedRewriteWalker, Problem, claims, fail_at_ops


def lowering_patterns(elementwise_generic: bool = False) -> list[RewritePattern]:
    """The patterns of the conversion, in the order they are tried (the named
    `linalg.add` before the element-wise `linalg.generic`). Each says which ops it lowers
    (`transforms.utils.claims`): there is no list of lowered ops beside them."""
    return [
        ConvLowering(),
        AddLowering(elementwise_generic),
        ElementwiseLowering(),
        BatchNormLowering(),
        MaxPoolLowering(),
        AdAvgPoolLowering(),
        FlattenLowering(),
        LinearLowering(),
        ReshapeLowering(),
        TransposeLowering(),
        MatMulLowering(),
        SoftmaxLowering(),
        ReduceLowering(),
        LayerNormLowering(),
        CastLowering(),
        GatherLowering(),
        GatherElementsLowering(),
        ExpandLowering(),
        CatLowering(),
        SliceLowering(),
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
    ]


def _lowered_directly(op: Operation, patterns: Sequence[RewritePattern]) -> bool:
    return any(claims(pattern, op) for pattern in patterns)


def problems(module: builtin.ModuleOp) -> list[Problem]:
    """Every gawee op of `module` the pass cannot lower, with the reason. A composite op
    no pattern lowers is lowered through its decomposition."""
    patterns = lowering_patterns()
    found: list[Problem] = []
    for op in module.walk():
        if op.dialect_name() != "gawee":
            continue
        lowered = _lowered_directly(op, patterns) or is_composite(type(op))
        reason = "no lowering pattern for this op" if not lowered else unsupported_reason(op)
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
        patterns = lowering_patterns(self.elementwise_generic)
        decompose(op, keep=lambda o: _lowered_directly(o, patterns))
        VERIFIED_OPS.set(frozenset(o for o in op.walk() if o.dialect_name() == "gawee"))
        LocatedRewriteWalker(
            GreedyRewritePatternApplier(patterns, dce_enabled=False), apply_recursively=False
        ).rewrite_module(op)

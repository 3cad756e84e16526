"""The `convert-gawee-to-linalg` pass: gawee ops to linalg, tensor, arith and math.

The patterns, one per gawee op, live in `nnstack.transforms.gawee_to_linalg`, split
by op family (conv, pooling, elementwise, linear, reshape). The lowering is in
destination-passing style (every `tensor.empty` has the static result shape) and
emits only IR that upstream MLIR 19 parses and verifies unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker

from nnstack.transforms.gawee_to_linalg import (
    AdAvgPoolLowering,
    AddLowering,
    BatchNormLowering,
    ConvLowering,
    FlattenLowering,
    LinearLowering,
    MaxPoolLowering,
    ReluLowering,
)
from nnstack.transforms.gawee_to_linalg.builder import unsupported_reason
from nnstack.transforms.utils import fail_on_leftover_ops


@dataclass(frozen=True)
class ConvertGaweeToLinalgPass(ModulePass):
    """
    Lowers every gawee op to linalg / tensor / arith / math, one pattern per op.

    A pattern leaves alone an op it cannot lower (a dynamic shape, a non-float
    element type, an op that does not verify); after the walk, any gawee op left
    makes the pass raise `PassFailedException` naming the op and the reason, with
    the module printed and the op marked. The module is then partly lowered.
    Other ops are left as they are (no dead-code elimination).
    """

    name = "convert-gawee-to-linalg"

    elementwise_generic: bool = False
    """Emit `linalg.generic` for every element-wise op instead of named ops such as
    `linalg.add` (upstream MLIR removed them in Sept 2026)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        PatternRewriteWalker(
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
                ],
                dce_enabled=False,
            ),
            apply_recursively=False,
        ).rewrite_module(op)

        fail_on_leftover_ops(op, self.name, "gawee", unsupported_reason)

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
from xdsl.utils.diagnostic import Diagnostic
from xdsl.utils.exceptions import PassFailedException

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

        self.check_nothing_left(op)

    def check_nothing_left(self, module: builtin.ModuleOp) -> None:
        """Raises `PassFailedException` naming each gawee op the patterns left, and why;
        the printed diagnostic points at the ops in the (partly lowered) module."""
        diagnostic = Diagnostic()
        messages: list[str] = []
        for leftover in module.walk():
            if leftover.dialect_name() == "gawee":
                reason = unsupported_reason(leftover) or "no lowering pattern for this op"
                messages.append(f"cannot lower {leftover.name}: {reason}")
                diagnostic.add_message(leftover, messages[-1])
        if messages:
            more = f" (and {len(messages) - 1} more)" if len(messages) > 1 else ""
            error = PassFailedException(f"{self.name}: {messages[0]}{more}")
            diagnostic.raise_exception(module, error)

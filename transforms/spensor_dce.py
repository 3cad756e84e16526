"""The `spensor-dce` pass: removes what only the spensor passes needed.

Erases every `spensor.declare_memory` (read by the memory analysis, meaningless
after lowering), every unused `spensor.get_memory` handle and every unused view
(`subview`, `split`, `split_all`, `repeat`, `broadcast`), which have no effect;
and drops the analyses' attributes (`spensor.memory_map`, `spensor.parallel_loops`,
`spensor.loops`). An op is erased only if nothing uses it; other dead code is left
to `dce`.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)

from nnstack.dialects import spensor
from nnstack.transforms.spensor_utils import LOOPS, MEMORY_MAP, PARALLEL_LOOPS

_VIEWS = (
    spensor.GetMemoryOp,
    spensor.SubviewOp,
    spensor.SplitOp,
    spensor.SplitAllOp,
    spensor.NDRepeatOp,
    spensor.NDBroadcastOp,
)


class EraseDeclareMemory(RewritePattern):
    """Erases `spensor.declare_memory`: nothing refers to a declaration."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.DeclareMemoryOp, rewriter: PatternRewriter, /):
        rewriter.erase(op)


class EraseUnusedViews(RewritePattern):
    """Erases memory handles and views that have no use (they have no effect)."""

    def match_and_rewrite(self, op, rewriter: PatternRewriter, /):  # pyright: ignore
        if isinstance(op, _VIEWS) and not op.results[0].uses:
            rewriter.erase(op)


@dataclass(frozen=True)
class SpensorDCEPass(ModulePass):
    """
    Erases the memory declarations and unused spensor handles and views, and the
    analyses' attributes.
    """

    name = "spensor-dce"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        PatternRewriteWalker(EraseDeclareMemory(), apply_recursively=False).rewrite_module(op)
        PatternRewriteWalker(EraseUnusedViews(), walk_reverse=True).rewrite_module(op)
        op.attributes.pop(MEMORY_MAP, None)
        for inner in op.walk():
            inner.attributes.pop(PARALLEL_LOOPS, None)
            inner.attributes.pop(LOOPS, None)

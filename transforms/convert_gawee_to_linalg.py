"""The `convert-gawee-to-linalg` pass: gawee ops to linalg, tensor, arith and math.

The patterns, one per gawee op, live in `nnstack.transforms.gawee_to_linalg`, split
by op family (conv, pooling, elementwise, linear, reshape, movement, construction, ...). The lowering is in
destination-passing style (every `tensor.empty` has the static result shape) and
emits only IR that upstream MLIR 19 parses and verifies unchanged. The recurrent ops
(gawee.rnn, gru, lstm) become an `scf.for` over time first
(`nnstack.transforms.recurrent_loops`), whose body's gawee ops the patterns then lower. Unsigned element
types become signless, the patterns having chosen the unsigned arith ops by them
(`gawee_to_linalg.signedness`, `transforms.signless`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import builtin
from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import Operation
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, RewritePattern

from nnstack.dialects import gawee
from nnstack.dialects.gawee.composite import is_composite
from nnstack.dialects.utils import element_type
from nnstack.transforms.gawee_conversion import GaweeConversionPass
from nnstack.transforms.gawee_decompose import decompose
from nnstack.transforms.gawee_to_linalg import lowering_patterns
from nnstack.transforms.gawee_to_linalg.arithmetic import FLOAT_REMAINDER
from nnstack.transforms.recurrent_loops import ScfTimeLoop, loop_recurrent_ops
from nnstack.transforms.signless import make_signless
from nnstack.transforms.utils import LocatedRewriteWalker, claims

PATTERNS: dict[bool, tuple[RewritePattern, ...]] = {
    generic: tuple(lowering_patterns(generic)) for generic in (False, True)
}
"""The patterns, made once (they hold no state), by `elementwise_generic`."""


def _lowered_directly(op: Operation, patterns: Sequence[RewritePattern]) -> bool:
    return any(claims(pattern, op) for pattern in patterns)


@dataclass(frozen=True)
class ConvertGaweeToLinalgPass(GaweeConversionPass):
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

    def lowers(self, op: Operation) -> bool:
        """A pattern lowers `op`, or it is a composite op (lowered as its decomposition)."""
        return is_composite(type(op)) or _lowered_directly(op, PATTERNS[self.elementwise_generic])

    def limitation(self, op: Operation) -> str | None:
        """A float gawee.mod fails the pass at the op: xDSL's arith has no remf."""
        if isinstance(op, gawee.ModOp) and isinstance(element_type(op.output), AnyFloat):
            return FLOAT_REMAINDER
        return None

    def rewrite(self, module: builtin.ModuleOp) -> None:
        patterns = PATTERNS[self.elementwise_generic]
        loop_recurrent_ops(module, ScfTimeLoop())
        decompose(module, keep=lambda op: _lowered_directly(op, patterns))
        LocatedRewriteWalker(
            GreedyRewritePatternApplier(list(patterns), dce_enabled=False), apply_recursively=False
        ).rewrite_module(module)
        make_signless(module)

"""The `llir-annotate-unroll-hints` pass: unroll hints on llir loops.

A hint (the `llir.for` `unroll` property) never changes what a loop computes; it
tells a backend which loops are worth unrolling. The rule, applied to every
`llir.for` that has no hint yet:

- `unroll`: an innermost loop (no llir.for inside) whose trip count is a compile-time
  constant of at most `UNROLL_MAX_TRIPS` (e.g. the 3 taps of a kernel row, a vector
  tail of 3 elements);
- `unroll_and_jam`: a loop with a compile-time constant trip count whose body holds
  exactly one llir.for, which gets `unroll` by the rule above (e.g. the row loop of a
  [2, 3] element-wise nest, the kernel-row loop of an unpadded 3x3 pool: unroll the
  outer loop and jam the copies of the inner one);
- none otherwise (large or run-time trip counts, deeper nests).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import IntegerAttr

from nnstack.dialects import llir
from nnstack.transforms.llir_buffers import LlirFunctionPass

UNROLL_MAX_TRIPS = 4


def constant_trip_count(loop: llir.ForOp) -> int | None:
    """The number of iterations when the bounds and step are llir.constant, else None."""
    values: list[int] = []
    for bound in (loop.lb, loop.ub, loop.step):
        owner = bound.owner
        if not isinstance(owner, llir.ConstantOp) or not isinstance(owner.value, IntegerAttr):
            return None
        values.append(owner.value.value.data)
    lb, ub, step = values
    return max(0, -(-(ub - lb) // step)) if step > 0 else None


def _nested_loops(loop: llir.ForOp) -> list[llir.ForOp]:
    return [op for op in loop.body.walk() if isinstance(op, llir.ForOp) and op is not loop]


def _small_innermost(loop: llir.ForOp) -> bool:
    trips = constant_trip_count(loop)
    return not _nested_loops(loop) and trips is not None and trips <= UNROLL_MAX_TRIPS


def unroll_hint(loop: llir.ForOp) -> llir.UnrollHint:
    """The hint the rule gives `loop` (see the module docstring)."""
    if _small_innermost(loop):
        return llir.UnrollHint.UNROLL
    nested = _nested_loops(loop)
    if constant_trip_count(loop) is not None and len(nested) == 1 and _small_innermost(nested[0]):
        return llir.UnrollHint.UNROLL_AND_JAM
    return llir.UnrollHint.NONE


@dataclass(frozen=True)
class LlirAnnotateUnrollHintsPass(LlirFunctionPass):
    """Gives every `llir.for` without a hint the one the rule gives it (see the module docstring)."""

    name = "llir-annotate-unroll-hints"

    def apply_to(self, function: llir.FuncOp) -> None:
        for op in function.walk():
            if isinstance(op, llir.ForOp) and op.unroll.data == llir.UnrollHint.NONE:
                hint = unroll_hint(op)
                if hint != llir.UnrollHint.NONE:
                    op.properties["unroll"] = llir.UnrollHintAttr(hint)

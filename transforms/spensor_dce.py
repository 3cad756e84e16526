"""The `spensor-dce` pass: removes what only the spensor passes needed.

Erases every `spensor.declare_memory` (read by the memory analysis, meaningless
after lowering) and drops the analyses' attributes (`spensor.memory_map`,
`spensor.parallel_loops`, `spensor.loops`). Unused views, memory handles and
buffers are dead code the stock `dce` and `canonicalize` erase (the spensor ops
declare their memory effects); a declaration has no result to be unused, so only
this pass removes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from nnstack.dialects import spensor
from nnstack.transforms.spensor_utils import LOOPS, MEMORY_MAP, PARALLEL_LOOPS


@dataclass(frozen=True)
class SpensorDCEPass(ModulePass):
    """Erases the memory declarations and the analyses' attributes."""

    name = "spensor-dce"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        op.attributes.pop(MEMORY_MAP, None)
        for inner in list(op.walk()):
            if isinstance(inner, spensor.DeclareMemoryOp):
                Rewriter.erase_op(inner)
                continue
            inner.attributes.pop(PARALLEL_LOOPS, None)
            inner.attributes.pop(LOOPS, None)

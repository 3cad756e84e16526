"""convert-gawee-to-mir: lowers every gawee op (and every tensor `arith.constant`) to the
normalized mid-level ops of mir.

The patterns live in `nnstack.transforms.gawee_to_mir`, one module per op family. The
pass first checks every op it converts (`nnstack.transforms.gawee_conversion`): each one
it cannot lower (no pattern, a dynamic shape, an element type mir does not carry, an
op that does not verify, a 3-D conv, conv_transpose or pool: mir's are 2-D, an
unsigned integer where the op's lowering does not handle one) fails the pass, the
module unchanged; then the patterns, which assume ops that verify, rewrite them all,
the recurrent ops (gawee.rnn, gru, lstm) made a `mir.for` over time first
(`nnstack.transforms.recurrent_loops`) and the composite ops decomposed
(`nnstack.transforms.gawee_decompose`), choosing the unsigned mir ops by the gawee
types; last, every unsigned type becomes signless (`nnstack.transforms.signless`), as
mir's integers are (docs/unsigned-integers.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr, ModuleOp, TensorType
from xdsl.ir import Operation
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, RewritePattern

from nnstack.dialects import gawee
from nnstack.dialects.constraints import STORAGE_TYPES, is_unsigned
from nnstack.transforms.gawee_conversion import GaweeConversionPass
from nnstack.transforms.gawee_decompose import decompose
from nnstack.transforms.gawee_to_mir import UNSIGNED_OPS, lowering_patterns
from nnstack.transforms.gawee_to_mir.nn import window_limitation
from nnstack.transforms.recurrent_loops import MirTimeLoop, loop_recurrent_ops
from nnstack.transforms.signless import make_signless
from nnstack.transforms.utils import LocatedRewriteWalker


def _is_weight(op: Operation) -> bool:
    """Whether `op` is a tensor `arith.constant` (a weight), which becomes a mir.constant."""
    return (
        isinstance(op, arith.ConstantOp)
        and isinstance(op.result.type, TensorType)
        and isinstance(op.value, DenseIntOrFPElementsAttr | DenseResourceAttr)
    )


@dataclass(frozen=True)
class ConvertGaweeToMirPass(GaweeConversionPass):
    """Lowers every gawee op to mir; fails, changing nothing, on any gawee op it cannot lower."""

    name = "convert-gawee-to-mir"

    def lowers(self, op: Operation) -> bool:
        """Every gawee op (`tests/dialects/test_op_completeness.py` runs each one's
        lowering; a composite op is lowered as its decomposition) and weight."""
        return isinstance(op, gawee.GaweeOperation | arith.ConstantOp)

    def limitation(self, op: Operation) -> str | None:
        """mir's conv and pool are 2-D: a 3-D conv, conv_transpose or pool fails the pass
        at the op; so does a value of ONNX's small types (the 8- and 4-bit floats, i4 and
        i2: not carried below gawee and linalg, docs/small-types.md), and an unsigned
        integer operand or result of a gawee op whose lowering does not pick the unsigned
        mir ops (`UNSIGNED_OPS`)."""
        for value in (*op.operands, *op.results):
            element = getattr(value.type, "element_type", None)
            if element in STORAGE_TYPES:
                return (
                    f"element type {element} is not lowered to mir: mir carries no 8- or 4-bit floats, "
                    "i4 or i2 (convert-gawee-to-linalg lowers it)"
                )
        if op.dialect_name() == "gawee" and type(op) not in UNSIGNED_OPS:
            for value in (*op.operands, *op.results):
                element = getattr(value.type, "element_type", None)
                if element is not None and is_unsigned(element):
                    return (
                        f"unsigned element type {element}: the lowering of {op.name} to mir "
                        "does not choose unsigned ops (convert-gawee-to-linalg lowers it)"
                    )
        return window_limitation(op)

    def converted_ops(self, module: ModuleOp) -> list[Operation]:
        """Every gawee op and every tensor `arith.constant` of `module`."""
        return [op for op in module.walk() if op.dialect_name() == "gawee" or _is_weight(op)]

    def rewrite(self, module: ModuleOp) -> None:
        loop_recurrent_ops(module, MirTimeLoop())
        decompose(module)
        patterns = lowering_patterns()
        LocatedRewriteWalker(
            GreedyRewritePatternApplier(list[RewritePattern](patterns), dce_enabled=False),
            apply_recursively=False,
        ).rewrite_module(module)
        make_signless(module)

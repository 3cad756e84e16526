"""The `spensor-append-constant` pass: one constant per value, at the top of each function.

The lowering creates index constants wherever a loop bound, size or offset needs
one, so the same value appears many times inside loops. This pass replaces every
scalar `arith.constant` of a function by a single one per (value, type), placed at
the top of the function in order of first appearance, named `%c<value>` for
indices, and drops the constants nothing uses. Unlike the original, which cached
constants in a module-level dict across runs, the constants are found in the IR
each time, so the pass is correct on any number of functions and runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FloatAttr, IndexType, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from nnstack.transforms.spensor_utils import functions


def _key(op: arith.ConstantOp) -> tuple[Attribute, Attribute] | None:
    if isinstance(op.value, IntegerAttr | FloatAttr):
        return (op.value, op.result.type)
    return None


def hoist_constants(function: func.FuncOp) -> None:
    """Deduplicates the function's scalar constants at the top of its body."""
    if function.is_declaration:
        return
    block = function.body.block
    kept: dict[tuple[Attribute, Attribute], arith.ConstantOp] = {}
    order: list[arith.ConstantOp] = []
    for op in list(function.walk()):
        if not isinstance(op, arith.ConstantOp) or (key := _key(op)) is None:
            continue
        if not op.result.uses:
            Rewriter.erase_op(op)
            continue
        if key in kept:
            op.result.replace_all_uses_with(kept[key].result)
            Rewriter.erase_op(op)
            continue
        kept[key] = op
        order.append(op)
    for op in order:
        op.detach()
        if isinstance(op.result.type, IndexType) and isinstance(op.value, IntegerAttr):
            value = op.value.value.data
            op.result.name_hint = f"c{value}" if value >= 0 else f"c_neg{-value}"
    first: Operation | None = block.first_op
    if order:
        if first is None:
            block.add_ops(order)
        else:
            Rewriter.insert_op(order, InsertPoint.before(first))


@dataclass(frozen=True)
class SpensorAppendConstantPass(ModulePass):
    """
    Hoists every scalar `arith.constant` of each function to its top, one per
    value and type, and removes unused ones.
    """

    name = "spensor-append-constant"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in functions(op):
            hoist_constants(function)

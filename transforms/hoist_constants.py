"""The `hoist-constants` pass: one constant per value, at the top of each function.

Lowerings build a constant wherever a loop bound, size or offset needs one, so the
same value appears many times, often inside loops. For every function (an op with
a callable region: `func.func`, `llir.func`, ...), this pass moves every constant
(an op with the `ConstantLike` trait) to the top of the function's entry block, one
per op kind, properties, attributes and result type, in order of first
appearance, and erases the constants nothing uses. Constants inside a nested op
that is isolated from above (a nested function) belong to that op. Index constants
are named `%c<value>` (`%c_neg<value>` below zero), as MLIR prints them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp
from xdsl.ir import Attribute, Operation, Region
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import CallableOpInterface, ConstantLike, IsolatedFromAbove

from nnstack.transforms.utils import FunctionPass


def _body(function: Operation) -> Region | None:
    interface = function.get_trait(CallableOpInterface)
    if interface is None:
        return None
    body = interface.get_callable_region(function)
    return body if body.blocks else None


def _own_ops(region: Region) -> Iterator[Operation]:
    """The ops of `region`, nested ones included, but not those of nested isolated ops."""
    for block in region.blocks:
        for op in block.ops:
            yield op
            if not op.has_trait(IsolatedFromAbove):
                for inner in op.regions:
                    yield from _own_ops(inner)


def _key(
    op: Operation,
) -> tuple[str, tuple[tuple[str, Attribute], ...], tuple[tuple[str, Attribute], ...], Attribute]:
    """What makes two constants the same value."""
    return (
        op.name,
        tuple(sorted(op.properties.items())),
        tuple(sorted(op.attributes.items())),
        op.results[0].type,
    )


def _name(op: Operation) -> None:
    result = op.results[0]
    value = next((a for a in op.properties.values() if isinstance(a, IntegerAttr)), None)
    if isinstance(result.type, IndexType) and value is not None:
        number = value.value.data
        result.name_hint = f"c{number}" if number >= 0 else f"c_neg{-number}"


@dataclass(frozen=True)
class HoistConstantsPass(FunctionPass[Operation]):
    """
    Hoists the constants of every function to the top of its body, one per value,
    and erases the unused ones (see the module docstring).
    """

    name = "hoist-constants"

    def functions(self, module: ModuleOp) -> Iterable[Operation]:
        return [op for op in module.walk() if _body(op) is not None]

    def apply_to(self, function: Operation) -> None:
        body = _body(function)
        assert body is not None and body.first_block is not None
        kept: dict[object, Operation] = {}
        for op in list(_own_ops(body)):
            if not op.has_trait(ConstantLike) or op.operands or len(op.results) != 1 or op.regions:
                continue
            key = _key(op)
            if op.results[0].uses and key not in kept:
                kept[key] = op
                op.detach()
                _name(op)
                continue
            if key in kept:
                op.results[0].replace_all_uses_with(kept[key].results[0])
            Rewriter.erase_op(op)
        if kept:
            Rewriter.insert_op(list(kept.values()), InsertPoint.at_start(body.first_block))

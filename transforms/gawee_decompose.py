"""The `gawee-decompose` pass: every composite gawee op becomes the gawee ops it stands for.

A composite op (`gawee.gelu`, `hard_swish`, `leaky_relu`, ...) defines its meaning once,
as its `decompose` method (`dialects/gawee/composite.py`); this pass applies it, as
torch-mlir's `torch-decompose-complex-ops` does. The lowerings use `decompose` too:
convert-gawee-to-mir on every composite op, convert-gawee-to-linalg on those it does not
fuse into one `linalg.generic`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter

from nnstack.dialects.gawee.composite import decomposition, is_composite
from nnstack.transforms.utils import locate


def decompose(
    module: ModuleOp, keep: Callable[[Operation], bool] = lambda op: False
) -> dict[Operation, Operation]:
    """Replaces every composite op of `module` for which `keep` is false by its
    decomposition, and the composite ops in that by theirs, until none is left; the new
    ops take the location of the op they replace. Returns the original composite op of
    each new op (what a pass reports an error of a new op at)."""
    origins: dict[Operation, Operation] = {}

    def decomposed(op: Operation) -> bool:
        # (`keep` asked only of composite ops: it may cost more than the test)
        return is_composite(type(op)) and not keep(op)

    worklist = [op for op in module.walk() if decomposed(op)]
    while worklist:
        op = worklist.pop()
        parts = decomposition(op)
        if parts is None:
            continue
        origin, location = origins.pop(op, op), op.location
        Rewriter.replace_op(op, parts.ops, parts.results)
        locate(parts.ops, location)
        for part in parts.ops:
            origins[part] = origin
        worklist += [part for part in parts.ops if decomposed(part)]
    return origins


@dataclass(frozen=True)
class GaweeDecomposePass(ModulePass):
    """Replaces every composite gawee op by its decomposition into other gawee ops."""

    name = "gawee-decompose"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        decompose(op)

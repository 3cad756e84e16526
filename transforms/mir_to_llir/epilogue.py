"""Fusion of element-wise consumers into the producer's stores (an epilogue): the
bias add, ReLU and residual add after a conv run on the tile's accumulators before
they are stored, instead of as separate passes over memory.

`epilogue(op)` finds the chain: while the value (first the op's result) has exactly
one use, that use is a `mir.broadcast_add`, `broadcast_mul` or `broadcast_max` (of f32
or f64: `llir.vmax`) of the value's shape in the same block, and its other operand is
defined before the op (or by a mir.constant, moved there), is rank 0 (or all ones: a splat), per output channel ([C], or
ones and C: a vector of the tile's channels) or of the value's shape (a residual: the
tile's own elements), the consumer joins the chain. Each link computes what its own
lowering would, in the same operand order and element type, so the numbers are the
same bit for bit; the consumers are erased and the producer stores the chain's last
value into the buffer of the chain's result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from nnstack.dialects import llir, mir

from .builder import Builder, IntLike, LlirPattern, Offset
from .elementwise import binary_bodies


class Broadcast(Enum):
    """How a link's other operand meets the chain's elements."""

    SCALAR = "scalar"
    CHANNEL = "channel"
    FULL = "full"


FUSED = (mir.BroadcastAddOp, mir.BroadcastMulOp, mir.BroadcastMaxOp)
"""The consumers a chain may hold (each where it has a lanes' body: `binary_bodies`)."""


class Link(NamedTuple):
    """One consumer of the chain: the op, its other operand, how that broadcasts, and
    whether the chain's value is its lhs."""

    op: mir.BroadcastBinaryOp
    other: SSAValue
    broadcast: Broadcast
    chain_is_lhs: bool


def _broadcast(shape: Sequence[int], result: Sequence[int]) -> Broadcast | None:
    if math.prod(shape) == 1:
        return Broadcast.SCALAR
    if list(shape) == list(result):
        return Broadcast.FULL
    if shape and shape[-1] == result[-1] and math.prod(shape) == shape[-1]:
        return Broadcast.CHANNEL
    return None


def _available(value: SSAValue, op: Operation, block: Block) -> bool:
    """Whether `value` is defined before `op` in its block, or by a mir.constant of the
    block (which `Epilogue.of` moves before it)."""
    if isinstance(value, BlockArgument):
        return value.block is block
    owner = value.owner
    if not isinstance(owner, Operation) or owner.parent_block() is not block:
        return False
    return isinstance(owner, mir.ConstantOp) or owner.is_before_in_block(op)


def epilogue(op: Operation) -> list[Link]:
    """The chain of element-wise consumers of `op`'s result that its stores can apply
    (see the module docstring)."""
    block = op.parent_block()
    value = op.results[0]
    shape = mir.tensor_shape(value)
    links: list[Link] = []
    while block is not None and value.has_one_use():
        use = value.first_use
        assert use is not None
        user = use.operation
        if not isinstance(user, FUSED) or user.parent_block() is not block:
            break
        if binary_bodies(user)[1] is None:
            break
        other = user.operands[1 - use.index]
        broadcast = _broadcast(mir.tensor_shape(other), shape)
        if (
            mir.tensor_shape(user.result) != shape
            or other is value
            or broadcast is None
            or not _available(other, op, block)
        ):
            break
        links.append(Link(user, other, broadcast, use.index == 0))
        value = user.result
    return links


class Epilogue:
    """A chain of links with the llir buffers of their other operands, applied to a
    tile's values before they are stored."""

    def __init__(self, links: Sequence[Link], buffers: Sequence[SSAValue]):
        self.links, self.buffers = list(links), list(buffers)

    @staticmethod
    def of(op: Operation, pattern: LlirPattern, rewriter: PatternRewriter) -> Epilogue:
        """The chain of `op` (`epilogue`) with its operands' llir values; a mir.constant
        operand defined after `op` is moved before it first."""
        links = epilogue(op)
        for link in links:
            owner = link.other.owner
            if isinstance(owner, mir.ConstantOp) and not owner.is_before_in_block(op):
                owner.detach()
                rewriter.insert(owner, InsertPoint.before(op))
        return Epilogue(links, [pattern.llir_value(link.other, op, rewriter) for link in links])

    def apply(self, b: Builder, value: SSAValue, channel: IntLike, at: Offset, width: int) -> SSAValue:
        """`value` (a scalar, or a vector of `width` channels from `channel`) through the
        chain; `at` is its element offset in the result."""
        for link, buffer in zip(self.links, self.buffers):
            if link.broadcast is Broadcast.SCALAR:
                other = b.load(buffer)
                if width > 1:
                    other = b.emit(llir.SplatOp(other, width)).result
            else:
                offset = at if link.broadcast is Broadcast.FULL else Offset().plus(b, channel)
                other = b.load(buffer, offset) if width == 1 else b.vload(buffer, width, offset)
            operands = (value, other) if link.chain_is_lhs else (other, value)
            scalar, lanes = binary_bodies(link.op)
            body = scalar if width == 1 else lanes
            assert body is not None  # (`epilogue` takes only ops with lanes' bodies)
            value = body(b, operands)
        return value

    def fuse(self, op: Operation, rewriter: PatternRewriter) -> None:
        """Erase the links, the last one's uses taken over by `op`'s result (which the
        producer then replaces by its buffer)."""
        if not self.links:
            return
        rewriter.replace_all_uses_with(self.links[-1].op.result, op.results[0])
        for link in reversed(self.links):
            rewriter.erase(link.op)

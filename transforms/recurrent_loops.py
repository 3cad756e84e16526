"""The loop over time that both conversions of gawee make of the recurrent ops (gawee.rnn,
gru, lstm: `dialects/gawee/recurrent.py`).

Before its patterns run, each conversion replaces every recurrent op by the op's
`recurrence` (the input projection of every step and what the cell reads at each step,
gawee ops) and one loop of its target over the T time steps, `scf.for` for linalg,
`mir.for` for mir, whose iteration arguments are the states and y, the tensor of every
step's h being filled. An iteration reads its time index's row [B, G*H] of the
projection, runs the cell's step (the op's gawee ops on [B, H] tensors) and writes the
new h into y at that index; a reverse op's iteration t works on time index T - 1 - t.
The conversion's patterns then lower the gawee ops inside the loop with the others, so
the lowered IR holds one step's ops whatever T is. What differs between the targets is
`TimeLoop`: the loop op, its terminator, and how a row is read and written
(`tensor.extract_slice` / `tensor.insert_slice` at the index; `mir.gather` /
`mir.scatter` at a `mir.from_elements` of it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.dialects import arith, scf, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, IntegerAttr, ModuleOp, TensorType, i64
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import Rewriter

from nnstack.dialects import mir
from nnstack.dialects.gawee import RecurrentOp
from nnstack.dialects.gawee.composite import Composer
from nnstack.dialects.utils import element_type, tensor_like, tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.transforms.utils import locate


@dataclass(frozen=True)
class TimeLoop(ABC):
    """A target's loop over time: its ops for the loop, the y it fills and a step's row."""

    @abstractmethod
    def destination(self, b: Composer, like: SSAValue) -> SSAValue:
        """The y the loop fills, of `like`'s type, before any step has written it."""

    def position(self, body: Composer, index: SSAValue) -> SSAValue:
        """The time index as `read` and `write` take it (the `index` itself by default)."""
        return index

    @abstractmethod
    def read(self, body: Composer, rows: SSAValue, position: SSAValue) -> SSAValue:
        """Row `position` of `rows` [T, B, N] as [B, N]."""

    @abstractmethod
    def write(self, body: Composer, into: SSAValue, row: SSAValue, position: SSAValue) -> SSAValue:
        """`into` [T, B, N] with `row` [B, N] at row `position`."""

    @abstractmethod
    def loop(self, bounds: Sequence[SSAValue], carried: Sequence[SSAValue], body: Block) -> Operation:
        """The loop op from lower bound, upper bound and step, carrying `carried`."""

    @abstractmethod
    def terminator(self, values: Sequence[SSAValue]) -> Operation:
        """The op that ends the body, handing `values` to the next iteration."""


def _index(b: Composer, value: int) -> SSAValue:
    return b.emit(arith.ConstantOp(IntegerAttr(value, IndexType())))


def loop_over_time(op: RecurrentOp, target: TimeLoop) -> tuple[list[Operation], list[SSAValue]]:
    """The ops that replace `op` (its `time_steps`, then the loop) and its results' values."""
    b = Composer()
    parts = op.time_steps(b)
    steps = tensor_shape(op.input)[0]
    carried = [*op.initial_states, target.destination(b, op.y)]
    last = _index(b, steps - 1) if op.is_reverse else None
    block = Block(arg_types=[IndexType(), *(value.type for value in carried)])
    t, *states, y = block.args
    body = Composer()
    position = target.position(body, t if last is None else body.emit(arith.SubiOp(last, t)))
    states = parts.step(body, target.read(body, parts.projected, position), list(states))
    y = target.write(body, y, states[0], position)
    body.ops.append(target.terminator([*states, y]))
    block.add_ops(body.ops)
    bounds = [_index(b, 0), _index(b, steps), _index(b, 1)]
    loop = target.loop(bounds, carried, block)
    b.ops.append(loop)
    *final, y = loop.results
    return b.ops, [y, *final]


def loop_recurrent_ops(module: ModuleOp, target: TimeLoop) -> None:
    """Replaces every recurrent op of `module` by its loop over time (the new ops take
    its location)."""
    for op in [op for op in module.walk() if isinstance(op, RecurrentOp)]:
        ops, results = loop_over_time(op, target)
        location = op.location
        Rewriter.replace_op(op, ops, results)
        locate(ops, location)


@dataclass(frozen=True)
class ScfTimeLoop(TimeLoop):
    """convert-gawee-to-linalg's: an `scf.for`; y starts as a `tensor.empty`, a row is a
    rank-reducing `tensor.extract_slice` at a dynamic offset and goes back with
    `tensor.insert_slice`."""

    def destination(self, b: Composer, like: SSAValue) -> SSAValue:
        return b.emit(tensor.EmptyOp([], like.type))

    def read(self, body: Composer, rows: SSAValue, position: SSAValue) -> SSAValue:
        _, batch, size = tensor_shape(rows)
        row_type = tensor_like(rows, (batch, size))
        return body.emit(tensor.ExtractSliceOp(rows, [position, 0, 0], [1, batch, size], [1, 1, 1], row_type))

    def write(self, body: Composer, into: SSAValue, row: SSAValue, position: SSAValue) -> SSAValue:
        return body.emit(
            tensor.InsertSliceOp.get(
                row, into, [1, *tensor_shape(row)], static_offsets=[DYNAMIC_INDEX, 0, 0], offsets=[position]
            )
        )

    def loop(self, bounds: Sequence[SSAValue], carried: Sequence[SSAValue], body: Block) -> Operation:
        lower, upper, step = bounds
        return scf.ForOp(lower, upper, step, carried, body)

    def terminator(self, values: Sequence[SSAValue]) -> Operation:
        return scf.YieldOp(*values)


@dataclass(frozen=True)
class MirTimeLoop(TimeLoop):
    """convert-gawee-to-mir's: a `mir.for`; y starts as zeros (a splat constant), a row is
    a `mir.gather` at the index as a one-element tensor and goes back with `mir.scatter`."""

    def destination(self, b: Composer, like: SSAValue) -> SSAValue:
        return b.emit(mir.ConstantOp(dense_attribute(np.zeros(tensor_shape(like)), element_type(like))))

    def position(self, body: Composer, index: SSAValue) -> SSAValue:
        """`index` as the tensor<1xi64> mir.gather and mir.scatter take."""
        return body.emit(mir.FromElementsOp([index], TensorType(i64, [1])))

    def read(self, body: Composer, rows: SSAValue, position: SSAValue) -> SSAValue:
        row = body.emit(mir.GatherOp(rows, position, 0))
        return body.emit(mir.ReshapeOp(row, tensor_shape(rows)[1:]))

    def write(self, body: Composer, into: SSAValue, row: SSAValue, position: SSAValue) -> SSAValue:
        update = body.emit(mir.ReshapeOp(row, (1, *tensor_shape(row))))
        return body.emit(mir.ScatterOp(into, update, position, 0))

    def loop(self, bounds: Sequence[SSAValue], carried: Sequence[SSAValue], body: Block) -> Operation:
        lower, upper, step = bounds
        return mir.ForOp(lower, upper, step, carried, body)

    def terminator(self, values: Sequence[SSAValue]) -> Operation:
        return mir.YieldOp(*values)

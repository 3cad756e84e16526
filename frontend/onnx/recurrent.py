"""The converters of the recurrent operators RNN, GRU and LSTM: one `gawee.rnn` /
`gawee.gru` / `gawee.lstm` per direction (a bidirectional node is a forward and a reverse
op), the inputs' and outputs' direction dims and the batch-first layout (layout = 1)
moved around them with slices, reshapes, transposes and concats."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from xdsl.ir import SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.utils import element_type, tensor_shape
from nnstack.dialects.values import dense_attribute
from nnstack.frontend.onnx.context import ImportContext

GATES: Mapping[str, int] = {"RNN": 1, "GRU": 3, "LSTM": 4}
ACTIVATIONS: Mapping[str, tuple[str, ...]] = {
    "RNN": ("Tanh",),
    "GRU": ("Sigmoid", "Tanh"),
    "LSTM": ("Sigmoid", "Tanh", "Tanh"),
}
"""Each operator's default activations (per direction), the only ones gawee's ops have."""
DIRECTIONS: Mapping[str, tuple[bool, ...]] = {
    "forward": (False,),
    "reverse": (True,),
    "bidirectional": (False, True),
}
"""Each `direction`'s directions, as the ops' `reverse` flag."""

_SEQUENCE_LENS, _INITIAL_H, _INITIAL_C, _PEEPHOLES = 4, 5, 6, 7


def _check_attributes(context: ImportContext, directions: int) -> None:
    """Rejects what gawee's recurrent ops do not carry: other activations (their alpha and
    beta), clip, LSTM's coupled input and forget gates, sequence lengths other than the
    whole sequence."""
    op_type = context.node.op_type
    activations = [
        a.decode() if isinstance(a, bytes) else str(a) for a in context.attribute("activations", [])
    ]
    if activations and activations != list(ACTIVATIONS[op_type] * directions):
        raise context.fail(f"activations {activations} are not supported (only the defaults)")
    for name in ("activation_alpha", "activation_beta", "clip"):
        if context.attribute(name) is not None:
            raise context.fail(f"attribute {name} is not supported")
    context.reject_attributes(input_forget=0)
    if context.has_input(_SEQUENCE_LENS):
        lengths = context.constant(_SEQUENCE_LENS, "sequence_lens")
        steps = context.shape(0)[1 if context.attribute("layout", 0) else 0]
        if np.any(lengths != steps):
            raise context.fail(f"sequence_lens {lengths.tolist()} (not all {steps}) are not supported")


def _direction(context: ImportContext, value: SSAValue, d: int, directions: int) -> SSAValue:
    """The [D, ...] `value`'s part of direction `d`, without the D dim."""
    shape = tensor_shape(value)
    if directions > 1:
        value = context.emit_value(gawee.SliceOp(value, [d], [d + 1], [0], [1]))
    return context.emit_value(gawee.ReshapeOp(value, shape[1:]))


def _state(context: ImportContext, index: int, batch_first: bool, shape: Sequence[int]) -> SSAValue:
    """Initial state input `index` as [D, B, H], zeros where it is absent."""
    if not context.has_input(index):
        like = context.value(0)
        return context.emit_value(gawee.ConstantOp(dense_attribute(np.zeros(shape), element_type(like))))
    value = context.value(index)
    return context.emit_value(gawee.TransposeOp(value, (1, 0, 2))) if batch_first else value


def _joined(context: ImportContext, parts: list[SSAValue], axis: int) -> SSAValue:
    """The per-direction `parts`, each with a 1 inserted at `axis`, joined along it."""
    emit = context.emit_value
    parts = [emit(gawee.UnsqueezeOp(part, [axis])) for part in parts]
    return parts[0] if len(parts) == 1 else emit(gawee.CatOp(parts, axis))


def convert_recurrent(context: ImportContext) -> None:
    """RNN, GRU and LSTM with their default activations (Tanh; Sigmoid and Tanh; Sigmoid,
    Tanh and Tanh), both layouts, every direction, GRU's `linear_before_reset`; absent
    B, initial_h and initial_c are zeros; LSTM's peepholes (P). Rejected: other
    activations, clip, LSTM's input_forget, and sequence_lens unless it is known (a
    constant, or specialised on at run) and the whole sequence length for every batch
    entry."""
    op_type, emit = context.node.op_type, context.emit_value
    direction = context.string("direction", "forward")
    if direction not in DIRECTIONS:
        raise context.fail(f"direction = {direction} is not supported")
    reverses = DIRECTIONS[direction]
    directions = len(reverses)
    _check_attributes(context, directions)
    layout = int(context.attribute("layout", 0))  # type: ignore[arg-type]
    if layout not in (0, 1):
        raise context.fail(f"layout = {layout} is not supported (0 or 1)")
    batch_first = layout == 1
    x = context.value(0)
    if batch_first:
        x = emit(gawee.TransposeOp(x, (1, 0, 2)))
    if len(tensor_shape(x)) != 3 or len(context.shape(2)) != 3:
        raise context.fail("X and R must have rank 3")
    steps, batch, _ = tensor_shape(x)
    hidden = context.shape(2)[2]
    if (given := context.attribute("hidden_size")) is not None and int(given) != hidden:
        raise context.fail(f"hidden_size {given} does not match R's shape {list(context.shape(2))}")
    if context.shape(1)[0] != directions or context.shape(2)[0] != directions:
        raise context.fail(f"W and R must have {directions} direction(s) (direction = {direction})")
    bias_shape = (directions, 2 * GATES[op_type] * hidden)
    bias = (
        context.value(3)
        if context.has_input(3)
        else emit(gawee.ConstantOp(dense_attribute(np.zeros(bias_shape), element_type(x))))
    )
    states = [_state(context, _INITIAL_H, batch_first, (directions, batch, hidden))]
    if op_type == "LSTM":
        states.append(_state(context, _INITIAL_C, batch_first, (directions, batch, hidden)))
    ops: list[gawee.RecurrentOp] = []
    for d, reverse in enumerate(reverses):
        parts = (context.value(1), context.value(2), bias, *states)
        operands = [x, *(_direction(context, part, d, directions) for part in parts)]
        if op_type == "RNN":
            op = gawee.RnnOp(operands, reverse=reverse)
        elif op_type == "GRU":
            before_reset = bool(context.attribute("linear_before_reset", 0))
            op = gawee.GruOp(operands, reverse=reverse, linear_before_reset=before_reset)
        else:
            peepholes = (
                _direction(context, context.value(_PEEPHOLES), d, directions)
                if context.has_input(_PEEPHOLES)
                else None
            )
            op = gawee.LstmOp(operands, reverse=reverse, peepholes=peepholes)
        ops.append(context.emit(op))  # type: ignore[arg-type]
    if len(context.node.output) > 1 + len(states):
        raise context.fail(f"{op_type} has {1 + len(states)} outputs, the node {len(context.node.output)}")
    outputs: list[SSAValue] = []
    for k, name in enumerate(context.node.output):
        if not name:
            outputs.append(ops[0].results[k])
        elif k == 0:
            y = _joined(context, [op.y for op in ops], 1)  # [T, D, B, H]
            outputs.append(emit(gawee.TransposeOp(y, (2, 0, 1, 3))) if batch_first else y)
        else:
            final = _joined(context, [op.results[k] for op in ops], 0)  # [D, B, H]
            outputs.append(emit(gawee.TransposeOp(final, (1, 0, 2))) if batch_first else final)
    context.define(*outputs)

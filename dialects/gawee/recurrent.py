"""Recurrent gawee ops: one direction of ONNX's RNN, GRU and LSTM over a whole sequence.

Each op runs one direction (forward, or `reverse`) of its cell over an input
[seq, batch, input]; the weights are that direction's, in ONNX's gate order (GRU z, r, h;
LSTM i, o, f, c) with the cell's default activations (sigmoid for the gates, tanh for
the rest). The ONNX front end builds a bidirectional node from a forward and a reverse
op, and moves the batch-first layout (layout = 1) to this one around them.

Each op states its meaning once, as `time_steps`: the input projection of every step (one
`gawee.linear` up front, R transposed once) and the cell's step, the gawee ops of one
time step on [B, H] tensors. Both lowerings wrap that step in a loop over time
(`nnstack.transforms.recurrent_loops`: an `scf.for` of convert-gawee-to-linalg, a
`mir.for` of convert-gawee-to-mir) carrying the states and the y being filled, so the
lowered IR does not grow with the sequence length. gawee has no loop op: the op's
decomposition (`gawee-decompose`, the reference the interpreter's kernel is checked
against) is the same step unrolled, one step of gawee ops per time step. The gawee
interpreter's kernel loops over time in numpy."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import BoolAttr
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, opt_attr_def, opt_operand_def, result_def

from nnstack.dialects.constraints import FloatElement, static_tensor
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, tensor_like, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["GruOp", "LstmOp", "RecurrentOp", "RnnOp"]

Cell = Callable[["Composer", SSAValue, list[SSAValue]], list[SSAValue]]
"""A cell's step: the gawee ops of one time step, emitted into the composer given, from the
step's projected input [B, G*H] and the states [B, H] to the new states."""


@dataclass(frozen=True)
class TimeSteps:
    """A recurrent op as a loop over time: what its loop reads, built before the loop,
    and the body of one step."""

    projected: SSAValue
    """x W^T + Wb for every step, [T, B, G*H]: a step reads its row [B, G*H]."""
    step: Cell
    """The cell's step (the states in, the new states out; the first is h)."""


_OPERANDS = "$input `,` $weight `,` $recurrence `,` $bias `,` $initial_h"
_REVERSE = "(`reverse` `=` $reverse^)?"


class RecurrentOp(GaweeOperation):
    """One direction of a recurrent layer: input [T, B, I] (T >= 1), weight [G*H, I],
    recurrence [G*H, H], bias [2*G*H] (the input's biases, then the recurrence's) and
    initial_h [B, H], for the cell's G gates; results y [T, B, H] (every step's hidden
    state, at the step's time index) and y_h [B, H] (the last step's). The states the cell
    carries (h; LSTM's c too, declared by gawee.lstm) are `initial_states` and
    `final_states`, so that the loop over time is written once."""

    GATES: ClassVar[int] = 1
    STATES: ClassVar[int] = 1
    """How many states the cell carries: initial_h (and initial_c), y_h (and y_c)."""

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    weight = operand_def(static_tensor(E))
    recurrence = operand_def(static_tensor(E))
    bias = operand_def(static_tensor(E))
    initial_h = operand_def(static_tensor(E))
    y = result_def(static_tensor(E))
    y_h = result_def(static_tensor(E))

    reverse = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False))

    def __init__(
        self,
        operands: Sequence[SSAValue | Operation | Sequence[SSAValue]],
        *,
        reverse: bool = False,
        **flags: bool,
    ):
        """`operands` in order (input, weight, recurrence, bias, the initial states, then
        any optional operand as a list of none or one value)."""
        x, _, recurrence = (SSAValue.get(v) for v in operands[:3])  # pyright: ignore[reportArgumentType]
        (steps, batch, _), hidden = tensor_shape(x), tensor_shape(recurrence)[1]
        state = tensor_like(x, (batch, hidden))
        attributes = {
            name: BoolAttr.from_bool(True) for name, on in (("reverse", reverse), *flags.items()) if on
        }
        super().__init__(
            operands=list(operands),
            result_types=[tensor_like(x, (steps, batch, hidden)), *[state] * self.STATES],
            attributes=attributes,
        )

    @property
    def initial_states(self) -> tuple[SSAValue, ...]:
        """The states the cell starts from: initial_h (and initial_c)."""
        return (self.initial_h,)

    @property
    def final_states(self) -> tuple[SSAValue, ...]:
        """The last step's states: y_h (and y_c)."""
        return (self.y_h,)

    @property
    def hidden_size(self) -> int:
        return tensor_shape(self.recurrence)[1]

    @property
    def is_reverse(self) -> bool:
        return bool(self.reverse.value.data)

    def verify_(self) -> None:
        for what, rank in (("input", 3), ("weight", 2), ("recurrence", 2)):
            self.expect_rank(what, getattr(self, what), rank)
        steps, batch, features = tensor_shape(self.input)
        states = ("initial_h", "initial_c")[: self.STATES]
        if steps < 1:
            raise self.fail("input must have at least one time step")
        hidden = self.hidden_size
        rows = self.GATES * hidden
        expected = [
            ("weight", self.weight, (rows, features)),
            ("recurrence", self.recurrence, (rows, hidden)),
            ("bias", self.bias, (2 * rows,)),
            *((name, state, (batch, hidden)) for name, state in zip(states, self.initial_states)),
        ]
        for what, value, shape in expected:
            got = tensor_shape(value)
            if got != shape:
                raise self.fail(
                    f"{what} shape {list(got)} does not match {list(shape)} (input {[steps, batch, features]}, "
                    f"{self.GATES} gate(s) of hidden size {hidden} from the recurrence)"
                )
        self.expect_result_shape((steps, batch, hidden))
        for k, result in enumerate(self.results[1:], 1):
            if tensor_shape(result) != (batch, hidden):
                raise self.fail(f"result #{k} shape {list(tensor_shape(result))} is not [{batch}, {hidden}]")

    def time_steps(self, b: Composer) -> TimeSteps:
        """x W^T + Wb for all steps in one product, R transposed once and Rb (and
        whatever else the cell reads at every step), emitted into `b`; the cell's step."""
        from nnstack.dialects.gawee.movement import SliceOp
        from nnstack.dialects.gawee.nn import LinearOp
        from nnstack.dialects.gawee.shape import TransposeOp

        rows = self.GATES * self.hidden_size
        input_bias = b.emit(SliceOp(self.bias, [0], [rows], [0], [1]))
        recurrence_bias = b.emit(SliceOp(self.bias, [rows], [2 * rows], [0], [1]))
        projected = b.emit(LinearOp(self.input, self.weight, input_bias))
        cell = self.cell(b, b.emit(TransposeOp(self.recurrence, (1, 0))), recurrence_bias)
        return TimeSteps(projected, cell)

    def decompose(self, b: Composer) -> list[SSAValue]:
        """The loop over time unrolled (gawee has no loop op; the lowerings loop): the
        recurrence, then one cell step per time step on its slice of the projection,
        the steps' hidden states joined in time order."""
        from nnstack.dialects.gawee.movement import CatOp, SliceOp
        from nnstack.dialects.gawee.shape import ReshapeOp

        steps, batch, _ = tensor_shape(self.input)
        rows = self.GATES * self.hidden_size
        loop = self.time_steps(b)
        state = list(self.initial_states)
        hidden: list[SSAValue | None] = [None] * steps
        for t in reversed(range(steps)) if self.is_reverse else range(steps):
            step = b.emit(SliceOp(loop.projected, [t], [t + 1], [0], [1]))
            state = loop.step(b, b.emit(ReshapeOp(step, (batch, rows))), state)
            hidden[t] = b.emit(ReshapeOp(state[0], (1, batch, self.hidden_size)))
        outputs = [h for h in hidden if h is not None]
        y = outputs[0] if steps == 1 else b.emit(CatOp(outputs, 0))
        return [y, *state]

    def cell(self, b: Composer, recurrence: SSAValue, recurrence_bias: SSAValue) -> Cell:
        """The cell's step, given R^T [H, G*H] and Rb [G*H]; what it reads at every step
        (slices of them) is emitted into `b`."""
        raise NotImplementedError


def _recurrent(b: Composer, h: SSAValue, recurrence: SSAValue, bias: SSAValue) -> SSAValue:
    """h R^T + Rb, from R^T."""
    from nnstack.dialects.gawee.elementwise import AddOp
    from nnstack.dialects.gawee.nn import MatMulOp

    return b.emit(AddOp(b.emit(MatMulOp(h, recurrence)), bias))


def _split(b: Composer, value: SSAValue, parts: int) -> list[SSAValue]:
    """`value` [B, parts*H] as `parts` values [B, H]."""
    from nnstack.dialects.gawee.movement import SplitOp

    _, columns = tensor_shape(value)
    op = SplitOp(value, [columns // parts] * parts, 1)
    b.emit(op)
    return list(op.results)


@gawee_op_definition
class RnnOp(RecurrentOp):
    """One direction of ONNX RNN with its default activation: h = tanh(x Wi^T + h Ri^T +
    Wbi + Rbi) at each step. input [T, B, I], weight [H, I], recurrence [H, H], bias [2H]
    (Wb then Rb), initial_h [B, H]; y [T, B, H] (each step's h at its time index), y_h
    [B, H] (the last step's); `reverse` runs from the last time index to the first.
    The lowerings loop over the T steps; the decomposition unrolls them."""

    name = "gawee.rnn"

    assembly_format = f"{_OPERANDS} {_REVERSE} {ATTR_DICT_AND_TYPES}"

    def cell(self, b: Composer, recurrence: SSAValue, recurrence_bias: SSAValue) -> Cell:
        from nnstack.dialects.gawee.elementwise import AddOp, TanhOp

        def step(body: Composer, x: SSAValue, state: list[SSAValue]) -> list[SSAValue]:
            return [
                body.emit(
                    TanhOp(body.emit(AddOp(x, _recurrent(body, state[0], recurrence, recurrence_bias))))
                )
            ]

        return step


@gawee_op_definition
class GruOp(RecurrentOp):
    """One direction of ONNX GRU with its default activations, gates z, r, h: z = sigmoid(x
    Wz^T + h Rz^T + Wbz + Rbz), r likewise, n = tanh(x Wh^T + (r * h) Rh^T + Rbh + Wbh), or
    with `linearBeforeReset` (what PyTorch exports) n = tanh(x Wh^T + r * (h Rh^T + Rbh) +
    Wbh); then h = (1 - z) * n + z * h. Operands and results as gawee.rnn's with 3H
    rows of weight and recurrence (z, r, h) and bias [6H]."""

    name = "gawee.gru"

    GATES: ClassVar[int] = 3

    linear_before_reset = opt_attr_def(
        BoolAttr, default_value=BoolAttr.from_bool(False), attr_name="linearBeforeReset"
    )

    assembly_format = (
        f"{_OPERANDS} {_REVERSE} (`linearBeforeReset` `=` $linearBeforeReset^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        operands: Sequence[SSAValue | Operation],
        *,
        reverse: bool = False,
        linear_before_reset: bool = False,
    ):
        super().__init__(operands, reverse=reverse, linearBeforeReset=linear_before_reset)

    def cell(self, b: Composer, recurrence: SSAValue, recurrence_bias: SSAValue) -> Cell:
        """h = n + z * (h - n), the update with one product fewer; R^T's columns (and Rb)
        of z and r apply to h, those of h to h (`linearBeforeReset`) or to r * h."""
        from nnstack.dialects.gawee.elementwise import AddOp, MulOp, SigmoidOp, SubOp, TanhOp
        from nnstack.dialects.gawee.movement import SliceOp

        hidden = self.hidden_size
        before_reset = bool(self.linear_before_reset.value.data)

        def gates(value: SSAValue, start: int, end: int) -> SSAValue:
            """Gates start..end of `value`'s last dim."""
            return b.emit(SliceOp(value, [start * hidden], [end * hidden], [-1], [1]))

        gates_weight, gates_bias = gates(recurrence, 0, 2), gates(recurrence_bias, 0, 2)
        new_weight, new_bias = gates(recurrence, 2, 3), gates(recurrence_bias, 2, 3)

        def step(body: Composer, x: SSAValue, state: list[SSAValue]) -> list[SSAValue]:
            (h,) = state
            xz, xr, xh = _split(body, x, 3)
            hz, hr = _split(body, _recurrent(body, h, gates_weight, gates_bias), 2)
            z = body.emit(SigmoidOp(body.emit(AddOp(xz, hz))))
            r = body.emit(SigmoidOp(body.emit(AddOp(xr, hr))))
            if before_reset:
                reset = body.emit(MulOp(r, _recurrent(body, h, new_weight, new_bias)))
            else:
                reset = _recurrent(body, body.emit(MulOp(r, h)), new_weight, new_bias)
            n = body.emit(TanhOp(body.emit(AddOp(xh, reset))))
            return [body.emit(AddOp(n, body.emit(MulOp(z, body.emit(SubOp(h, n))))))]

        return step


@gawee_op_definition
class LstmOp(RecurrentOp):
    """One direction of ONNX LSTM with its default activations, gates i, o, f, c: each
    gate's pre-activation g = x W^T + h R^T + Wb + Rb; i = sigmoid(gi + Pi * c), f =
    sigmoid(gf + Pf * c) with the previous step's c, then c = f * c + i * tanh(gc) and o =
    sigmoid(go + Po * c) with the new c, h = o * tanh(c). Operands and results as
    gawee.rnn's with 4H rows of weight and recurrence (i, o, f, c) and bias [8H], and an
    initial_c [B, H] operand and a y_c [B, H] result (the last step's cell state) besides;
    the optional `peepholes` P [3H] (Pi, Po, Pf, ONNX's order) are zero when absent."""

    name = "gawee.lstm"

    GATES: ClassVar[int] = 4
    STATES: ClassVar[int] = 2

    # (IRDL orders a subclass's fields before its bases': the operands and results in order)
    input = operand_def(static_tensor(RecurrentOp.E))
    weight = operand_def(static_tensor(RecurrentOp.E))
    recurrence = operand_def(static_tensor(RecurrentOp.E))
    bias = operand_def(static_tensor(RecurrentOp.E))
    initial_h = operand_def(static_tensor(RecurrentOp.E))
    initial_c = operand_def(static_tensor(RecurrentOp.E))
    peepholes = opt_operand_def(static_tensor(RecurrentOp.E))
    y = result_def(static_tensor(RecurrentOp.E))
    y_h = result_def(static_tensor(RecurrentOp.E))
    y_c = result_def(static_tensor(RecurrentOp.E))

    assembly_format = (
        f"{_OPERANDS} `,` $initial_c (`peepholes` `=` $peepholes^)? {_REVERSE} {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        operands: Sequence[SSAValue | Operation],
        *,
        reverse: bool = False,
        peepholes: SSAValue | Operation | None = None,
    ):
        """`operands`: input, weight, recurrence, bias, initial_h, initial_c."""
        optional = [SSAValue.get(peepholes)] if peepholes is not None else []
        super().__init__([*operands, optional], reverse=reverse)

    @property
    def initial_states(self) -> tuple[SSAValue, ...]:
        return (self.initial_h, self.initial_c)

    @property
    def final_states(self) -> tuple[SSAValue, ...]:
        return (self.y_h, self.y_c)

    def verify_(self) -> None:
        super().verify_()
        if self.peepholes is not None and tensor_shape(self.peepholes) != (3 * self.hidden_size,):
            raise self.fail(
                f"peepholes shape {list(tensor_shape(self.peepholes))} is not [{3 * self.hidden_size}] "
                f"(Pi, Po, Pf of hidden size {self.hidden_size})"
            )

    def cell(self, b: Composer, recurrence: SSAValue, recurrence_bias: SSAValue) -> Cell:
        from nnstack.dialects.gawee.elementwise import AddOp, MulOp, SigmoidOp, TanhOp
        from nnstack.dialects.gawee.movement import SliceOp

        hidden = self.hidden_size
        peepholes = (
            [b.emit(SliceOp(self.peepholes, [k * hidden], [(k + 1) * hidden], [0], [1])) for k in range(3)]
            if self.peepholes is not None
            else None
        )

        def peep(body: Composer, gate: SSAValue, k: int, c: SSAValue) -> SSAValue:
            """The gate's pre-activation with peephole `k` (0: i, 1: o, 2: f) of `c`."""
            if peepholes is None:
                return gate
            return body.emit(AddOp(gate, body.emit(MulOp(peepholes[k], c))))

        def step(body: Composer, x: SSAValue, state: list[SSAValue]) -> list[SSAValue]:
            h, c = state
            gates = body.emit(AddOp(x, _recurrent(body, h, recurrence, recurrence_bias)))
            i, o, f, candidate = _split(body, gates, 4)
            i = body.emit(SigmoidOp(peep(body, i, 0, c)))
            if peepholes is None:  # (o does not wait for the new c)
                o = body.emit(SigmoidOp(o))
            f = body.emit(SigmoidOp(peep(body, f, 2, c)))
            c = body.emit(AddOp(body.emit(MulOp(f, c)), body.emit(MulOp(i, body.emit(TanhOp(candidate))))))
            if peepholes is not None:
                o = body.emit(SigmoidOp(peep(body, o, 1, c)))
            return [body.emit(MulOp(o, body.emit(TanhOp(c)))), c]

        return step

"""The recurrent gawee ops (rnn, gru, lstm: one direction of ONNX's cells over a whole
sequence) as a loop over time in numpy: the input's projection for every step in one
product, then each step's recurrence; f16 in f32, as the products accumulate. It is a
faster form of the op's meaning, the cell step of `RecurrentOp.time_steps` once per time
step (the decomposition), and is tested against it (tests/dialects/test_composite_kernels.py)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from nnstack.dialects import gawee
from nnstack.interpreters.convolution import accumulator as _accumulator
from nnstack.interpreters.kernels import kernel_impl

Step = Callable[[np.ndarray, list[np.ndarray]], list[np.ndarray]]
"""One cell step: the step's projected input x W^T + Wb [B, G*H] and the states (h; LSTM's
c too) to the new states."""


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-x))


def _rnn(op: gawee.RnnOp, r: np.ndarray, rb: np.ndarray) -> Step:
    return lambda x, states: [np.tanh(x + states[0] @ r.T + rb)]


def _gru(op: gawee.GruOp, r: np.ndarray, rb: np.ndarray) -> Step:
    """ONNX's z, r, h gates; h Rh^T + Rbh is reset (linear before reset) or r * h is."""
    hidden = op.hidden_size
    before_reset = bool(op.linear_before_reset.value.data)

    def step(x: np.ndarray, states: list[np.ndarray]) -> list[np.ndarray]:
        (h,) = states
        xz, xr, xh = np.split(x, 3, axis=1)
        hz, hr = np.split(h @ r[: 2 * hidden].T + rb[: 2 * hidden], 2, axis=1)
        z, reset = _sigmoid(xz + hz), _sigmoid(xr + hr)
        r_h, rb_h = r[2 * hidden :], rb[2 * hidden :]
        if before_reset:
            n = np.tanh(xh + reset * (h @ r_h.T + rb_h))
        else:
            n = np.tanh(xh + (reset * h) @ r_h.T + rb_h)
        return [n + z * (h - n)]

    return step


def _lstm(op: gawee.LstmOp, r: np.ndarray, rb: np.ndarray, *peepholes: np.ndarray) -> Step:
    """ONNX's i, o, f, c gates; the peepholes P (Pi, Po, Pf) weigh the previous c into i
    and f, the new c into o (zero without them)."""
    p_i, p_o, p_f = np.split(peepholes[0], 3) if peepholes else (0, 0, 0)

    def step(x: np.ndarray, states: list[np.ndarray]) -> list[np.ndarray]:
        h, c = states
        i, o, f, candidate = np.split(x + h @ r.T + rb, 4, axis=1)
        c = _sigmoid(f + p_f * c) * c + _sigmoid(i + p_i * c) * np.tanh(candidate)
        return [_sigmoid(o + p_o * c) * np.tanh(c), c]

    return step


def recurrent(
    op: gawee.RecurrentOp, x: np.ndarray, w: np.ndarray, r: np.ndarray, bias: np.ndarray, *rest: np.ndarray
) -> tuple[np.ndarray, ...]:
    """y (every step's h, at its time index) and the last step's states; `rest`: the
    initial states, then the optional operands (LSTM's peepholes)."""
    dtype, acc = x.dtype, _accumulator(x.dtype)
    x, w, r, bias, *operands = (a.astype(acc, copy=False) for a in (x, w, r, bias, *rest))
    states, optional = operands[: op.STATES], operands[op.STATES :]
    rows = w.shape[0]
    projected = x @ w.T + bias[:rows]
    cell = CELLS[type(op)](op, r, bias[rows:], *optional)  # pyright: ignore[reportArgumentType]
    state = list(states)
    y = np.empty((*x.shape[:2], op.hidden_size), acc)
    for t in reversed(range(len(x))) if op.is_reverse else range(len(x)):
        state = cell(projected[t], state)
        y[t] = state[0]
    return tuple(a.astype(dtype, copy=False) for a in (y, *state))


CELLS: dict[type[gawee.RecurrentOp], Callable[..., Step]] = {
    gawee.RnnOp: _rnn,
    gawee.GruOp: _gru,
    gawee.LstmOp: _lstm,
}
"""Each recurrent op's cell step, made from the op, R and Rb."""


KERNELS = tuple(kernel_impl(op_type, recurrent, fresh=True) for op_type in CELLS)
"""The recurrent ops' kernels, registered by `GaweeFunctions` (`kernels.kernel_impl`)."""

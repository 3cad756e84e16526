"""The arguments of a gawee function that have a domain, so random inputs can respect
it: batch-norm running variances must be positive, floats cast to an unsigned integer
non-negative (a negative one is out of its range, where ONNX's Cast is undefined and
the levels differ: numpy wraps, mir saturates), index tensors (gather,
gather_elements, scatter_nd, gather_nd, max_unpool) must address their dims, integer divisors must
not be 0 (a run-time error), and conv / linear weights are scaled by 1/sqrt(fan-in), as
real initializations are, so activations stay O(1). An op may draw an operand itself
(`GaweeOperation.operand_domain`: max_roi_pool's boxes).

`nnstack-run --random-inputs` and the tests' random arguments both draw from it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import AnyFloat
from xdsl.ir import Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.utils import element_type, tensor_shape


@dataclass(frozen=True)
class ArgumentDomains:
    """Argument positions with a domain."""

    positive: frozenset[int] = frozenset()
    """Batch-norm running variances and floats cast to an unsigned integer: drawn as |x| + 0.1."""
    index_bounds: dict[int, np.ndarray] = field(default_factory=dict[int, np.ndarray])
    """Index tensors: the size of the dim each index entry addresses (indices are drawn
    in [-size, size), negative ones counting from the end)."""
    weights: frozenset[int] = frozenset()
    """Conv / linear weights: scaled by 1/sqrt(fan-in)."""
    nonzero: frozenset[int] = frozenset()
    """Integer divisors (gawee.div's and gawee.mod's): 0 drawn becomes 1."""
    drawn: dict[int, Callable[[np.random.Generator], np.ndarray]] = field(
        default_factory=dict[int, Callable[[np.random.Generator], np.ndarray]]
    )
    """Operands whose op says how to draw them (`GaweeOperation.operand_domain`)."""


def argument_domains(function: Operation) -> ArgumentDomains:
    """The domains gawee ops put on the arguments of `function` (none for other functions)."""
    if not isinstance(function, func.FuncOp) or (entry := function.body.blocks.first) is None:
        return ArgumentDomains()
    position: dict[SSAValue, int] = {arg: index for index, arg in enumerate(entry.args)}
    positive: set[int] = set()
    weights: set[int] = set()
    nonzero: set[int] = set()
    bounds: dict[int, np.ndarray] = {}
    drawn: dict[int, Callable[[np.random.Generator], np.ndarray]] = {}
    for op in function.walk():
        if isinstance(op, gawee.GaweeOperation):
            for index, operand in enumerate(op.operands):
                if operand in position and (draw := op.operand_domain(index)) is not None:
                    drawn[position[operand]] = draw
        match op:
            case gawee.BatchNormOp() if op.running_var in position:
                positive.add(position[op.running_var])
            case gawee.CastOp() if (
                op.input in position
                and isinstance(element_type(op.input), AnyFloat)
                and is_unsigned(element_type(op.output))
            ):
                positive.add(position[op.input])
            case gawee.DivOp() | gawee.ModOp() if op.rhs in position and not isinstance(
                element_type(op.rhs), AnyFloat
            ):
                nonzero.add(position[op.rhs])
            case gawee.ConvOp() | gawee.LinearOp() if op.weight in position:
                weights.add(position[op.weight])
            case gawee.GatherOp() | gawee.GatherElementsOp() if op.indices in position:
                bounds[position[op.indices]] = np.array(tensor_shape(op.data)[op.normalized_axis])
            case gawee.ScatterNDOp() if op.indices in position:
                # each entry of an index addresses its own dim of the data
                bounds[position[op.indices]] = np.array(tensor_shape(op.data)[: op.index_depth])
            case gawee.MaxUnpoolOp() if op.indices in position:
                bounds[position[op.indices]] = np.array(math.prod(op.unpooled_shape()))
            case gawee.GatherNDOp() if op.indices in position:
                start = op.batch_count
                bounds[position[op.indices]] = np.array(tensor_shape(op.data)[start : start + op.index_depth])
            case _:
                pass
    return ArgumentDomains(frozenset(positive), bounds, frozenset(weights), frozenset(nonzero), drawn)


def respect_domains(arrays: list[np.ndarray], domains: ArgumentDomains, rng: np.random.Generator) -> None:
    """Redraws, in place in `arrays`, the arguments that have a domain."""
    for index, bound in domains.index_bounds.items():
        array = arrays[index]
        arrays[index] = rng.integers(-bound, bound, array.shape).astype(array.dtype)
    for index, draw in domains.drawn.items():
        arrays[index] = draw(rng).astype(arrays[index].dtype)
    for index in domains.positive:
        arrays[index] = (np.abs(arrays[index]) + arrays[index].dtype.type(0.1)).astype(arrays[index].dtype)
    for index in domains.nonzero:
        arrays[index] = np.where(arrays[index] == 0, 1, arrays[index]).astype(arrays[index].dtype)
    for index in domains.weights:
        array = arrays[index]
        arrays[index] = (array / np.sqrt(np.prod(array.shape[1:]))).astype(array.dtype)

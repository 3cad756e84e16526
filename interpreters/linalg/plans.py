"""Plans: what kind of structured op a linalg body is (parallel, reduction, contraction
or a per-point loop), computed once per op.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np
from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import IntegerType
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineMap

from nnstack.interpreters.linalg.bodies import BodyProgram
from nnstack.interpreters.linalg.views import OperandMap

REDUCERS: Mapping[type[Operation], np.ufunc] = MappingProxyType(
    {
        arith.AddfOp: np.add,
        arith.AddiOp: np.add,
        arith.MulfOp: np.multiply,
        arith.MuliOp: np.multiply,
        arith.MaximumfOp: np.maximum,
        arith.MinimumfOp: np.minimum,
        arith.MaxnumfOp: np.fmax,
        arith.MinnumfOp: np.fmin,
        arith.MaxSIOp: np.maximum,
        arith.MinSIOp: np.minimum,
        arith.AndIOp: np.bitwise_and,
        arith.OrIOp: np.bitwise_or,
        arith.XOrIOp: np.bitwise_xor,
    }
)
"""Combining ops a reduction can be computed with, and their numpy reduction."""

CASTS = (
    arith.ExtFOp,
    arith.TruncFOp,
    arith.ExtSIOp,
    arith.ExtUIOp,
    arith.SIToFPOp,
    arith.UIToFPOp,
)
"""Casts allowed on the factors of a contraction (`out + ext(a) * ext(b)`)."""


@dataclass(frozen=True)
class Factor:
    """A factor of a contraction: an input, maybe through one cast."""

    input_index: int
    cast: Operation | None


@dataclass(frozen=True)
class Plan:
    maps: tuple[OperandMap, ...]
    reduction_dims: tuple[int, ...]
    kind: str
    """'parallel', 'reduce', 'contract' or 'scalar' (see the module docstring)."""
    combiners: tuple[Operation | None, ...] = ()
    """Per output of a reduction, the op combining it with the body's value; None if
    the body's value is simply stored (the last point wins)."""
    factors: tuple[Factor, Factor] | None = None
    bodies: dict[str, BodyProgram] = field(default_factory=dict, compare=False)
    """The compiled body of each vectorized way of running it, made on its first run."""


def _is_vectorizable(block: Block) -> bool:
    """Whether every op of the body computes elementwise on whole arrays."""
    for body_op in block.ops:
        if body_op.regions:
            return False
        if body_op.dialect_name() in ("arith", "math"):
            continue
        if not isinstance(body_op, linalg.IndexOp | linalg.YieldOp | tensor.ExtractOp):
            return False
    return True


def _uses(value: SSAValue) -> set[Operation]:
    return {use.operation for use in value.uses}


def _factor(value: SSAValue, block: Block, n_inputs: int, shaped: Sequence[bool]):
    """`value` as an input block argument, maybe behind one cast, or None."""
    cast = None
    if isinstance(value, OpResult) and isinstance(value.op, CASTS):
        cast = value.op
        value = value.op.operands[0]
    if (
        isinstance(value, BlockArgument)
        and value.block is block
        and value.index < n_inputs
        and shaped[value.index]
    ):
        return Factor(value.index, cast)
    return None


def _contraction(
    block: Block,
    combiner: Operation,
    n_inputs: int,
    shaped: Sequence[bool],
) -> tuple[Factor, Factor] | None:
    """The factors of a body `out + a * b`, the whole body, or None."""
    if not isinstance(combiner, arith.AddfOp | arith.AddiOp):
        return None
    out = block.args[n_inputs]
    (product_value,) = (v for v in combiner.operands if v is not out)
    if not isinstance(product_value, OpResult):
        return None
    mul = product_value.op
    if not isinstance(mul, arith.MulfOp | arith.MuliOp):
        return None
    if not product_value.has_one_use():
        return None
    lhs, rhs = (_factor(v, block, n_inputs, shaped) for v in mul.operands)
    if lhs is None or rhs is None:
        return None
    expected = {mul, combiner, block.last_op}
    expected.update(f.cast for f in (lhs, rhs) if f.cast is not None)
    if set(block.ops) != expected:
        return None
    return lhs, rhs


def make_plan(
    maps: Sequence[AffineMap],
    iterator_types: Sequence[str],
    block: Block,
    n_inputs: int,
    shaped: Sequence[bool],
) -> Plan:
    """Classify a structured op from its maps, iterators and body."""
    operand_maps = tuple(OperandMap.of(m) for m in maps)
    reduction_dims = tuple(d for d, kind in enumerate(iterator_types) if kind == "reduction")
    outputs = operand_maps[n_inputs:]
    out_args = block.args[n_inputs:]
    yield_op = block.last_op
    scalar = Plan(operand_maps, reduction_dims, "scalar")
    if (
        not _is_vectorizable(block)
        or yield_op is None
        or any(m.linear is None for m in outputs)
        or any(set(m.dims) & set(reduction_dims) for m in outputs)
    ):
        return scalar

    if not reduction_dims:
        # Every output element is visited once, unless its map drops a loop: then
        # reading it in the body sees earlier iterations.
        for m, arg in zip(outputs, out_args, strict=True):
            if arg.uses and len(m.dims) != len(iterator_types):
                return scalar
        return Plan(operand_maps, reduction_dims, "parallel")

    combiners: list[Operation | None] = []
    for arg, yielded in zip(out_args, yield_op.operands, strict=True):
        if not arg.uses:
            combiners.append(None)  # stored: the last point of the reduction wins
            continue
        combiner = yielded.op if isinstance(yielded, OpResult) else None
        if (
            combiner is None
            or type(combiner) not in REDUCERS
            or _uses(arg) != {combiner}
            or not arg.has_one_use()
            or _uses(yielded) != {yield_op}
            or isinstance(arg.type, IntegerType)
            and arg.type.width.data == 1
        ):
            return scalar
        combiners.append(combiner)

    if len(out_args) == 1 and combiners[0] is not None:
        parallel = set(range(len(iterator_types))) - set(reduction_dims)
        if parallel <= set(outputs[0].dims) and all(
            operand_maps[i].linear is not None for i in range(n_inputs)
        ):
            factors = _contraction(block, combiners[0], n_inputs, shaped)
            if factors is not None:
                return Plan(operand_maps, reduction_dims, "contract", tuple(combiners), factors)
    return Plan(operand_maps, reduction_dims, "reduce", tuple(combiners))

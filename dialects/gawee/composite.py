"""Composite gawee ops: ops whose meaning is a composition of other gawee ops.

A composite op states that composition once, in its `decompose` method (as torch-mlir's
`DecomposeComplexOps` states each complex op's). Everything else follows from it:

- the `gawee-decompose` pass replaces each composite op by its decomposition;
- convert-gawee-to-linalg lowers an element-wise composite to one `linalg.generic` whose
  body is the scalar form of its decomposition, and decomposes the others first;
- convert-gawee-to-mir lowers the decomposition;
- the gawee interpreter runs the decomposition, unless it has a faster kernel of its own
  for the op, which tests check against the decomposition.

`decompose(b)` builds the new ops with a `Composer` (operands are the op's own operands)
and returns the values that replace the op's results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.dialects.builtin import TensorType, bf16, f32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from nnstack.dialects.gawee.base import GaweeOperation
from nnstack.dialects.gawee.construction import ConstantOp
from nnstack.dialects.utils import element_type
from nnstack.dialects.values import dense_attribute


@dataclass
class Composer:
    """Collects the ops of one decomposition, in order."""

    ops: list[Operation] = field(default_factory=list[Operation])

    def emit(self, op: Operation) -> SSAValue:
        """Appends `op`; returns its (first) result."""
        self.ops.append(op)
        return op.results[0]

    def constant(self, values: np.ndarray, element: Attribute = i64) -> SSAValue:
        """A `gawee.constant` of `values` as `element` (by default i64, the type of the
        indices and positions decompositions compute)."""
        return self.emit(ConstantOp(dense_attribute(values, element)))

    def scalar(self, value: float | bool, element: Attribute) -> SSAValue:
        """A rank-0 `gawee.constant` of `element` (broadcasts against any tensor): `value`
        rounded to it, +-inf beyond its range (an f16 op's eps of 1e5), as the op's kernel
        computes with it."""
        with np.errstate(over="ignore"):
            return self.constant(np.array(value), element)

    def scalar_like(self, value: float | bool, like: SSAValue) -> SSAValue:
        """A rank-0 constant of `like`'s element type."""
        return self.scalar(value, element_type(like))


def is_composite(op_type: type[Operation]) -> bool:
    """Whether ops of `op_type` define a decomposition."""
    return issubclass(op_type, GaweeOperation) and op_type.decompose is not GaweeOperation.decompose


@dataclass(frozen=True)
class Decomposition:
    """The ops a composite op stands for (not inserted anywhere) and the values that
    replace its results."""

    ops: list[Operation]
    results: list[SSAValue]


def decomposition(op: Operation) -> Decomposition | None:
    """`op`'s decomposition, one level deep (its ops may be composite themselves); None
    for an op that is not composite."""
    if not isinstance(op, GaweeOperation) or not is_composite(type(op)):
        return None
    b = Composer()
    if computes_bf16_in_f32(op) and any(element_type(v) == bf16 for v in (*op.operands, *op.results)):
        return Decomposition(b.ops, _decomposed_in_f32(op, b))
    return Decomposition(b.ops, _decomposed(op, b))


def computes_bf16_in_f32(op: Operation) -> bool:
    """Whether `op` on bf16 computes in f32 and rounds its results once (every op but
    softmax), or rounds each step to bf16: softmax as onnx's reference computes it
    (exp, the sum and the quotient each in bf16, as gawee computes an f16 softmax),
    which the Attention conformance cases hold to less than a bf16 ulp
    (docs/bfloat16.md)."""
    return op.name != "gawee.softmax"


def _decomposed(op: GaweeOperation, b: Composer) -> list[SSAValue]:
    results = op.decompose(b)
    assert results is not None
    return [results] if isinstance(results, SSAValue) else list(results)


def _decomposed_in_f32(op: GaweeOperation, b: Composer) -> list[SSAValue]:
    """A bf16 op's decomposition computed in f32 and rounded once to bf16 (as ONNX
    Runtime and onnx's reference compute bf16): its bf16 operands cast to f32, the
    decomposition of the same op on f32, its bf16 results cast back. Rounding each
    step to bf16's 8 bits would differ from them by several ulp."""
    from nnstack.dialects.gawee.logic import CastOp  # (logic's ops are composite too)

    def wide(value: SSAValue) -> SSAValue:
        return b.emit(CastOp(value, f32)) if element_type(value) == bf16 else value

    def wide_type(typ: Attribute) -> Attribute:
        if isinstance(typ, TensorType) and typ.element_type == bf16:
            return TensorType(f32, typ.get_shape())
        return typ

    widened = type(op).create(
        operands=[wide(value) for value in op.operands],
        result_types=[wide_type(result.type) for result in op.results],
        attributes=dict(op.attributes),
        properties=dict(op.properties),
    )
    results = _decomposed(widened, b)
    widened.drop_all_references()
    return [
        b.emit(CastOp(value, bf16)) if element_type(result) == bf16 else value
        for value, result in zip(results, op.results)
    ]


def discard(ops: Sequence[Operation]) -> None:
    """Drops the operand uses of ops built but never inserted, last first."""
    for op in reversed(ops):
        op.drop_all_references()

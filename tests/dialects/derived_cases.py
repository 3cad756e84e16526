"""Invalid cases derived from each gawee op's docs example (tests/gawee_examples.py),
so that a new op gets negative tests without writing them: its example in generic form,
changed in one thing the op's declaration or verifier must reject.

- `result-rank`: the first result with one dim more (a trailing 2);
- `result-shape`: the first result's last dim one larger (rank 0: one dim of 1), except
  where the result type states the shape (`SHAPE_FROM_RESULT_TYPE`);
- `operand-element` / `result-element`: the first operand (result) of an element type
  its IRDL type constraint rejects, the other operands' type variables bound as in the
  example (none if the constraints accept every candidate: cast, the movement ops).

The diagnostic must mark the op and name what was changed (the type, its shape or its
rank), as the hand-written cases of gawee_rules.py must.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from gawee_examples import example_function, examples
from verifier_cases import Invalid, Op
from xdsl.dialects.builtin import TensorType, f16, f32, f64, i1, i8, i32
from xdsl.ir import Attribute, Operation
from xdsl.irdl import OperandDef, RangeConstraint, ResultDef, VerificationContext
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.gawee import GaweeOperation

ELEMENT_TYPES = (i1, i8, i32, f16, f32, f64)
"""The element types tried in place of an operand's or result's own."""

SHAPE_FROM_RESULT_TYPE = {
    "gawee.expand": "its result type is the target shape (a dim of 1 broadcasts to any size)",
    "gawee.resize": "its result type gives the output size",
    "gawee.max_unpool": "its result type gives the output shape (ONNX's output_shape)",
}
"""Ops for which a result of another size is valid: no `result-shape` case."""


def _accepts(definition: OperandDef | ResultDef, type: Attribute, context: VerificationContext) -> bool:
    constraint = definition.constr
    try:
        if isinstance(constraint, RangeConstraint):
            constraint.verify((type,), context)
        else:
            constraint.verify(type, context)
    except VerifyException:
        return False
    return True


def _rejected_element(op: Operation, results: bool) -> tuple[int, TensorType] | None:
    """(the index, a type its constraint rejects) of the first operand (result) that has one."""
    definition = type(op).get_irdl_definition()
    values, definitions = (op.results, definition.results) if results else (op.operands, definition.operands)
    for index, (value, (_, value_definition)) in enumerate(zip(values, definitions)):
        if not isinstance(value.type, TensorType):
            continue
        for element in ELEMENT_TYPES:
            if element == value.type.element_type:
                continue
            candidate = TensorType(element, value.type.get_shape())
            context = VerificationContext()  # the other operands' type variables bound
            for other, (_, other_definition) in zip(op.operands, definition.operands):
                if other is not value:
                    _accepts(other_definition, other.type, context)
            if not _accepts(value_definition, candidate, context):
                return index, candidate
    return None


def _replaced(types: Sequence[str], index: int, type: Attribute) -> tuple[str, ...]:
    return (*types[:index], str(type), *types[index + 1 :])


def cases_of(name: str) -> list[Invalid]:
    """The invalid cases derived from the docs example of op `name`."""
    (op,) = [op for op in example_function(name).walk() if isinstance(op, GaweeOperation)]
    valid = Op(
        name,
        tuple(str(operand.type) for operand in op.operands),
        {key: str(value) for key, value in op.attributes.items()},
        tuple(str(result.type) for result in op.results),
    )

    def case(what: str, changed: Op, *phrases: str) -> Invalid:
        # the table's cases name one phrase; any of these marks the changed thing
        return Invalid(changed, name, "|".join(phrases), f"{name.removeprefix('gawee.')}-derived-{what}")

    result = op.results[0].type
    assert isinstance(result, TensorType), f"{name}: its first result is no tensor"
    shape = result.get_shape()
    cases = []
    for what, new_shape in (
        ("result-rank", (*shape, 2)),
        ("result-shape", (*shape[:-1], shape[-1] + 1) if shape else (1,)),
    ):
        if what == "result-shape" and name in SHAPE_FROM_RESULT_TYPE:
            continue
        new = TensorType(result.element_type, new_shape)
        changed = Op(name, valid.operands, valid.attributes, _replaced(valid.results, 0, new))
        cases.append(case(what, changed, str(new), str(list(new_shape)), "rank", "result shape"))
    for results in (False, True):
        if (rejected := _rejected_element(op, results)) is None:
            continue
        index, new = rejected
        if results:
            changed = Op(name, valid.operands, valid.attributes, _replaced(valid.results, index, new))
        else:
            changed = Op(name, _replaced(valid.operands, index, new), valid.attributes, valid.results)
        what = "result-element" if results else "operand-element"
        cases.append(case(what, changed, str(new.element_type)))
    return cases


@functools.cache
def derived_cases() -> tuple[Invalid, ...]:
    """The derived invalid cases of every op the doc has an example of."""
    return tuple(case for name in examples() for case in cases_of(name))

"""What every mir tensor op shares: its op definition decorator, the pieces of its
custom syntax, and the helpers its shape rule is written with."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TypeVar

from xdsl.dialects.builtin import DenseArrayBase, IntegerAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

from nnstack.dialects.mir.shapes import element_type, tensor_shape

_OpT = TypeVar("_OpT", bound=IRDLOperation)

ATTR_DICT_AND_TYPES = "attr-dict `:` functional-type(operands, results)"
"""The end of most mir formats: the attribute dictionary, then `: (operand types) ->
result type`."""


def keywords(*names: str) -> str:
    """The declarative format of ` name = value` for each of the named properties."""
    return " ".join(f"`{name}` `=` ${name}" for name in names)


def mir_op_definition(cls: type[_OpT]) -> type[_OpT]:
    """`irdl_op_definition`, whose custom-syntax parser reports every error as a parse
    error at the op that names it.

    xDSL 0.74's declarative parser checks the operand and result types against the
    op's constraints while it resolves their constraint variables, and raises a bare
    `VerifyException` (no op, no location) where one fails; this turns it into a
    `ParseError` spanning the op. Only for ops without regions, where everything that
    fails inside `parse` is the op's own (a region would hold other ops).
    """
    op = irdl_op_definition(cls)
    if op.assembly_format is None or op.get_irdl_definition().regions:
        return op
    parse = op.parse

    def parse_reporting_op(_: type[_OpT], parser: Parser) -> _OpT:
        start = parser.pos
        try:
            return parse(parser)
        except VerifyException as error:
            # the op's text: up to the next token, without the whitespace before it
            end = start + len(parser.lexer.input.content[start : parser.pos].rstrip())
            parser.raise_error(f"{op.name}: {error}", start, end)
        except ParseError as error:
            raise dataclasses.replace(error, msg=f"{op.name}: {error.msg}") from None

    op.parse = classmethod(parse_reporting_op)  # pyright: ignore[reportAttributeAccessIssue]
    return op


class MirOperation(IRDLOperation):
    """A mir tensor op. The declaration checks operand and result types (element
    types, static shapes); `verify_` checks the op's shape rule and attribute ranges,
    with messages that start with the op name."""

    def fail(self, message: str) -> VerifyException:
        return VerifyException(f"{self.name}: {message}")

    def array(self, name: str) -> tuple[int, ...]:
        """The values of the dense array property `name`."""
        attr = self.properties[name]
        assert isinstance(attr, DenseArrayBase)
        return tuple(int(v) for v in attr.get_values())

    def integer(self, name: str) -> int:
        """The value of the integer property `name`."""
        attr = self.properties[name]
        assert isinstance(attr, IntegerAttr)
        return attr.value.data

    def expect_rank(self, what: str, value: SSAValue, rank: int, at_least: bool = False) -> None:
        got = len(tensor_shape(value))
        if (got < rank) if at_least else (got != rank):
            wanted = f">= {rank}" if at_least else str(rank)
            raise self.fail(f"{what} must have rank {wanted}, got rank {got}")

    def expect_element_types(self, what: str, value: SSAValue, allowed: Sequence[Attribute]) -> None:
        if element_type(value) not in allowed:
            expected = ", ".join(str(t) for t in allowed)
            raise self.fail(f"{what} has element type {element_type(value)}, expected one of {expected}")

    def expect_result_shape(self, expected: Sequence[int], why: str = "") -> None:
        got = tensor_shape(self.results[0])
        if got != tuple(expected):
            raise self.fail(
                f"result shape {list(got)} does not match the expected shape {list(expected)}{why}"
            )

    def expect_length(self, name: str, values: Sequence[int], length: int) -> None:
        if len(values) != length:
            raise self.fail(f"'{name}' must have {length} values, got {list(values)}")

    def expect_at_least(self, name: str, values: Sequence[int], minimum: int) -> None:
        if any(v < minimum for v in values):
            raise self.fail(f"'{name}' values must be >= {minimum}, got {list(values)}")

    def expect_axis(self, name: str, axis: int, rank: int) -> None:
        if not 0 <= axis < rank:
            raise self.fail(f"'{name}' = {axis} is out of range for rank {rank}")

    def expect_property_shape(self, name: str, value: SSAValue) -> None:
        """A shape property must repeat its value's type: the seed's explicit shapes."""
        if self.array(name) != tensor_shape(value):
            raise self.fail(f"'{name}' {list(self.array(name))} does not match the type {value.type}")

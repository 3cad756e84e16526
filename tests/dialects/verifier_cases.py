"""The table the verifier-rule tests are written in: one op in generic form (`Op`),
changed one thing at a time into the invalid cases (`Invalid`), and the diagnostic a
case must get (`verify_error`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import pytest
from generic_ir import array_text, one_op_function, tensor_text
from xdsl.utils.exceptions import VerifyException

from nnstack.interpreters import parse_module


def t(*shape: int, element: str = "f32") -> str:
    return tensor_text(shape, element)


def a(*values: int) -> str:
    return array_text(values)


def i64(value: int) -> str:
    return f"{value} : i64"


@dataclass(frozen=True)
class Op:
    """One op in generic form: its name, operand types, attributes and result types."""

    name: str
    operands: tuple[str, ...]
    attributes: Mapping[str, str] = field(default_factory=dict)
    results: tuple[str, ...] = ()

    def text(self) -> str:
        return one_op_function(self.name, self.operands, self.attributes, self.results)

    def attr(self, name: str, value: str | None) -> Op:
        """This op with attribute `name` set to `value` (removed for None)."""
        attributes = {k: v for k, v in self.attributes.items() if k != name}
        if value is not None:
            attributes[name] = value
        return replace(self, attributes=attributes)

    def operand(self, index: int, type: str) -> Op:
        return replace(self, operands=(*self.operands[:index], type, *self.operands[index + 1 :]))

    def result(self, type: str) -> Op:
        return replace(self, results=(type,))


@dataclass(frozen=True)
class Invalid:
    """An invalid op, the phrase its diagnostic must contain (or one of several, separated
    by `|`), and the case's name."""

    op: Op | str
    op_name: str
    phrase: str
    id: str

    def text(self) -> str:
        return self.op if isinstance(self.op, str) else self.op.text()


def verify_error(text: str) -> tuple[str, str]:
    """(the line of the op the diagnostic marks, the message) of a verifier error."""
    with pytest.raises(VerifyException) as info:
        parse_module(text)
    lines = "\n".join(getattr(info.value, "__notes__", [])).splitlines()
    marks = [i for i, line in enumerate(lines) if line.strip().startswith("^^") and not line.strip("^- ")]
    assert marks, f"the diagnostic marks no op:\n{info.value}"
    return lines[marks[0] - 1], str(info.value)

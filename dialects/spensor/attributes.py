"""The analyses' results as verified attributes: `#spensor.memory_level<...>` (one level
of the memory table) and `#spensor.loop<...>` (one loop of the parallel loop nest).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IntAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

__all__ = [
    "KeywordFieldsAttr",
    "LoopAttr",
    "MEMORY_SPACES",
    "MemoryLevelAttr",
    "verify_memory_space",
]

MEMORY_SPACES = 1 << 24
"""Memory space numbers are LLVM address spaces: 0 <= space < 2**24."""


def verify_memory_space(where: str, space: int) -> None:
    if not 0 <= space < MEMORY_SPACES:
        raise VerifyException(f"{where}: memory_space must be in [0, {MEMORY_SPACES}), got {space}")


def _parse_ints(parser: AttrParser) -> Attribute:
    values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer)
    return ArrayAttr([IntAttr(v) for v in values])


def _parse_strings(parser: AttrParser) -> Attribute:
    values = parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_str_literal)
    return ArrayAttr([StringAttr(v) for v in values])


def _print_ints(printer: Printer, values: Attribute) -> None:
    assert isinstance(values, ArrayAttr)
    printer.print_string("[" + ", ".join(str(v.data) for v in values.data if isinstance(v, IntAttr)) + "]")


def _print_strings(printer: Printer, values: Attribute) -> None:
    assert isinstance(values, ArrayAttr)
    printer.print_string("[")
    printer.print_list(
        [v.data for v in values.data if isinstance(v, StringAttr)], printer.print_string_literal
    )
    printer.print_string("]")


def _print_int(printer: Printer, value: Attribute) -> None:
    assert isinstance(value, IntAttr)
    printer.print_string(str(value.data))


def _print_string(printer: Printer, value: Attribute) -> None:
    assert isinstance(value, StringAttr)
    printer.print_string_literal(value.data)


_FIELD_SYNTAX: dict[str, tuple[Callable[[AttrParser], Attribute], Callable[[Printer, Attribute], None]]] = {
    "ints": (_parse_ints, _print_ints),
    "strings": (_parse_strings, _print_strings),
    "int": (lambda parser: IntAttr(parser.parse_integer()), _print_int),
    "string": (lambda parser: StringAttr(parser.parse_str_literal()), _print_string),
}
"""How a field of each kind of a `KeywordFieldsAttr` parses and prints."""


class KeywordFieldsAttr(ParametrizedAttribute):
    """An attribute printed as `<name = value, ...>`, its parameters in `FIELDS` order."""

    FIELDS: ClassVar[tuple[tuple[str, str], ...]]
    """(name, kind) of each parameter, kind a key of `_FIELD_SYNTAX`."""

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: list[Attribute] = []
        with parser.in_angle_brackets():
            for index, (name, kind) in enumerate(cls.FIELDS):
                if index:
                    parser.parse_punctuation(",")
                parser.parse_keyword(name)
                parser.parse_punctuation("=")
                values.append(_FIELD_SYNTAX[kind][0](parser))
        return values

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            for index, ((name, kind), value) in enumerate(zip(self.FIELDS, self.parameters, strict=True)):
                printer.print_string(f", {name} = " if index else f"{name} = ")
                _FIELD_SYNTAX[kind][1](printer, value)


@irdl_attr_definition
class MemoryLevelAttr(KeywordFieldsAttr):
    """
    One level of the memory table `spensor-memory-analysis` attaches to the module
    (`spensor.memory_map = {L1 = #spensor.memory_level<...>, ...}`): what its
    `spensor.declare_memory` says, and its depth (0 for a level that loads from no
    other, else 1 + the deepest level it loads from).
    `#spensor.memory_level<shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"], memory_space = 2, depth = 2>`.
    """

    name = "spensor.memory_level"

    shape: ArrayAttr[IntAttr]
    load: ArrayAttr[StringAttr]
    store: ArrayAttr[StringAttr]
    memory_space: IntAttr
    depth: IntAttr

    FIELDS = (
        ("shape", "ints"),
        ("load", "strings"),
        ("store", "strings"),
        ("memory_space", "int"),
        ("depth", "int"),
    )

    def verify(self) -> None:
        shape = [v.data for v in self.shape.data]
        if any(s < 1 for s in shape):
            raise VerifyException(f"{self.name}: every shape entry must be >= 1, got {shape}")
        verify_memory_space(self.name, self.memory_space.data)
        if self.depth.data < 0:
            raise VerifyException(f"{self.name}: depth must be >= 0, got {self.depth.data}")


@irdl_attr_definition
class LoopAttr(KeywordFieldsAttr):
    """
    One loop of the nest `spensor-parallel-analysis` reports on a function
    (`spensor.parallel_loops = [#spensor.loop<...>, ...]`, a loop's index is its
    id): its bounds, the memory level its iterations run on, and the id of the loop
    it is nested in (-1 for the function body).
    `#spensor.loop<bounds = [4], memory_tag = "L1", parent = 0>`.
    """

    name = "spensor.loop"

    bounds: ArrayAttr[IntAttr]
    memory_tag: StringAttr
    parent: IntAttr

    FIELDS = (("bounds", "ints"), ("memory_tag", "string"), ("parent", "int"))

    def verify(self) -> None:
        bounds = [v.data for v in self.bounds.data]
        if not bounds or any(b < 1 for b in bounds):
            raise VerifyException(f"{self.name}: bounds must be non-empty and >= 1, got {bounds}")
        if self.parent.data < -1:
            raise VerifyException(f"{self.name}: parent must be a loop id or -1, got {self.parent.data}")

"""Pieces the nnstack dialects share: shape rules and the keyword custom syntax.

The keyword syntax is the readable form of ops whose parameters are small arrays,
integers, booleans and floats:

    %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (...) -> ...

operands, then `name = value` for each keyword the op declares (in its order; a
missing one is left out), then an optional attribute dictionary, then the
functional type.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from xdsl.dialects.builtin import BoolAttr, DenseArrayBase, FloatAttr, IntegerAttr, f64, i1, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

KeywordKind = Literal["array", "int", "bool", "float"]
"""How a keyword value is written: `[1, 2]`, `1`, `true`, `1.0e-05`."""

Keywords = tuple[tuple[str, KeywordKind], ...]
"""The keywords of an op's custom syntax, in print order."""


def i64_array(values: Sequence[int]) -> DenseArrayBase:
    return DenseArrayBase.from_list(i64, values)


# ---------------------------------------------------------------------------
# Shape rules
# ---------------------------------------------------------------------------


def broadcast_shape(lhs: Sequence[int], rhs: Sequence[int]) -> tuple[int, ...] | None:
    """The numpy broadcast of two shapes, or None where they do not broadcast."""
    rank = max(len(lhs), len(rhs))
    a = (1,) * (rank - len(lhs)) + tuple(lhs)
    b = (1,) * (rank - len(rhs)) + tuple(rhs)
    if any(x != y and 1 not in (x, y) for x, y in zip(a, b)):
        return None
    return tuple(y if x == 1 else x for x, y in zip(a, b))


def window_output_size(
    size: int,
    pad_begin: int,
    pad_end: int,
    kernel: int,
    stride: int,
    dilation: int,
    ceil_mode: bool = False,
) -> int:
    """Output length of a sliding window: floor((size + pads - d*(k-1) - 1) / s) + 1.

    With PyTorch's ceil-mode rule, the division rounds up, but a last window that
    would start inside the end padding is dropped.
    """
    span = size + pad_begin + pad_end - dilation * (kernel - 1) - 1
    if ceil_mode:
        out = -(-span // stride) + 1
        if (out - 1) * stride >= size + pad_begin:
            out -= 1
        return out
    return span // stride + 1


# ---------------------------------------------------------------------------
# Keyword syntax
# ---------------------------------------------------------------------------


def float_text(value: float) -> str:
    """A float literal MLIR's lexer accepts (it needs a '.' before any exponent)."""
    text = repr(value)
    if "." in text or "inf" in text or "nan" in text:
        return text
    mantissa, _, exponent = text.partition("e")
    return f"{mantissa}.0" + (f"e{exponent}" if exponent else "")


def parse_keyword_value(parser: Parser, kind: KeywordKind) -> Attribute:
    if kind == "array":
        return i64_array(parser.parse_comma_separated_list(parser.Delimiter.SQUARE, parser.parse_integer))
    if kind == "int":
        return IntegerAttr(parser.parse_integer(), i64)
    if kind == "bool":
        return BoolAttr.from_bool(parser.parse_boolean())
    return FloatAttr(float(parser.parse_number()), f64)


def keyword_value_text(value: Attribute, kind: KeywordKind) -> str:
    if kind == "array" and isinstance(value, DenseArrayBase):
        return "[" + ", ".join(str(int(v)) for v in value.get_values()) + "]"
    if kind == "int" and isinstance(value, IntegerAttr) and value.type == i64:
        return str(value.value.data)
    if kind == "bool" and isinstance(value, IntegerAttr) and value.type == i1:
        return "true" if value.value.data else "false"
    if kind == "float" and isinstance(value, FloatAttr):
        return float_text(value.value.data)
    # A value of the wrong type (only possible from generic IR, which the verifier
    # rejects): print it as an attribute so the text stays parseable.
    return str(value)


def parse_operand_list(parser: Parser) -> list[UnresolvedOperand]:
    """`%a, %b, ...`, possibly empty."""
    operands: list[UnresolvedOperand] = []
    if (first := parser.parse_optional_unresolved_operand()) is not None:
        operands.append(first)
        while parser.parse_optional_punctuation(",") is not None:
            operands.append(parser.parse_unresolved_operand())
    return operands


def parse_keywords(parser: Parser, keywords: Keywords) -> dict[str, Attribute]:
    """The `name = value` pairs present, in any order, each at most once."""
    kinds = dict(keywords)
    values: dict[str, Attribute] = {}
    while True:
        pos = parser.pos
        if (name := parser.parse_optional_keyword_in(kinds.keys())) is None:
            return values
        if name in values:
            parser.raise_error(f"'{name}' is given twice", pos, parser.pos)
        parser.parse_punctuation("=")
        values[name] = parse_keyword_value(parser, kinds[name])


def parse_keywords_and_attr_dict(
    parser: Parser, keywords: Keywords
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """The keyword values, then the optional attribute dictionary, which may not
    repeat a keyword (it would silently replace it)."""
    values = parse_keywords(parser, keywords)
    pos = parser.pos
    attributes = parser.parse_optional_attr_dict()
    if twice := sorted(values.keys() & attributes.keys()):
        parser.raise_error(
            f"'{twice[0]}' is given both as a keyword and in the attribute dictionary", pos
        )
    return values, attributes


def print_keywords(
    printer: Printer,
    values: Mapping[str, Attribute],
    keywords: Keywords,
    defaults: Mapping[str, Attribute] = {},
) -> None:
    """Prints ` name = value` for each keyword present and not at its default."""
    for name, kind in keywords:
        value = values.get(name)
        if value is not None and defaults.get(name) != value:
            printer.print_string(f" {name} = {keyword_value_text(value, kind)}")


def parse_functional_type(
    parser: Parser, operands: Sequence[UnresolvedOperand]
) -> tuple[Sequence[SSAValue], Sequence[Attribute]]:
    """`: (types) -> types`: the resolved operands and the result types."""
    parser.parse_punctuation(":")
    pos = parser.pos
    function_type = parser.parse_function_type()
    resolved = parser.resolve_operands(operands, function_type.inputs.data, pos)
    return resolved, function_type.outputs.data


def print_functional_type(printer: Printer, operands: Sequence[SSAValue], results: Sequence[SSAValue]) -> None:
    printer.print_string(" : ")
    printer.print_function_type([o.type for o in operands], [r.type for r in results])

"""A faster parse of the ops whose custom syntax is only their operands, an attribute
dictionary and their functional type: `%r = gawee.add %a, %b {...} : (t, t) -> t`.

xDSL's declarative format parser runs each directive of the format through a parsing
state, resolves its constraint variables, then builds the op through its IRDL builder
(`irdl_op_init`), which checks again the structure of what it was given: for most of a
model's ops the format is `$a `,` $b attr-dict `:` functional-type(operands, results)`,
and all that machinery is half of their parse. `SimpleFormat` parses such an op
directly, checks its operand, result and attribute types with the op's constraints in
one context (as the declarative parser does before it builds the op) and creates the
op. Anything else (a missing token, a type the constraints reject, an attribute the
format places elsewhere) sends the parse back to the op's start and through xDSL's
parser, so every error is xDSL's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, OperandDef, OptionalDef, ResultDef, VariadicDef
from xdsl.irdl.constraints import VerificationContext
from xdsl.parser import Parser, UnresolvedOperand

from nnstack.dialects.xdsl_compat import resume_from

_OpT = TypeVar("_OpT", bound=IRDLOperation)

_FORMAT = re.compile(r"\$(\w+)((?: `,` \$\w+)*) attr-dict `:` functional-type\(operands, results\)")
"""The formats `SimpleFormat` parses: operands separated by commas, the attribute
dictionary and the functional type of all operands and results."""


@dataclass(frozen=True)
class SimpleFormat:
    """The parse of the ops of one definition whose format `_FORMAT` matches."""

    op: type[IRDLOperation]

    @staticmethod
    def of(op: type[IRDLOperation]) -> SimpleFormat | None:
        """The simple parse of `op`, or None where its format or definition is another."""
        op_def = op.get_irdl_definition()
        found = _FORMAT.fullmatch(op.assembly_format or "")
        if found is None or op_def.properties or op_def.regions or op_def.successors or op_def.options:
            return None
        names = [found.group(1), *re.findall(r"\$(\w+)", found.group(2))]
        if names != [name for name, _ in op_def.operands]:
            return None
        defs: Sequence[object] = [d for _, d in (*op_def.operands, *op_def.results)]
        if any(not isinstance(d, OperandDef | ResultDef) or isinstance(d, VariadicDef) for d in defs):
            return None
        return SimpleFormat(op)

    def parse(self, parser: Parser) -> IRDLOperation | None:
        """The op parsed at `parser`'s position, or None with the parser back there."""
        start = parser.pos
        try:
            op = self._parse(parser)
        except Exception:  # noqa: BLE001 (xDSL's parser says what is wrong, from the start)
            op = None
        if op is None:
            resume_from(parser, start)
        return op

    def _parse(self, parser: Parser) -> IRDLOperation | None:
        op_def = self.op.get_irdl_definition()
        operands: list[UnresolvedOperand] = []
        for index in range(len(op_def.operands)):
            if index and parser.parse_optional_punctuation(",") is None:
                return None
            operands.append(parser.parse_unresolved_operand())
        attributes = parser.parse_optional_attr_dict()
        if parser.parse_optional_punctuation(":") is None or parser.parse_optional_punctuation("(") is None:
            return None
        operand_types: list[Attribute] = []
        if parser.parse_optional_punctuation(")") is None:
            operand_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            if parser.parse_optional_punctuation(")") is None:
                return None
        if parser.parse_optional_punctuation("->") is None:
            return None
        if parser.parse_optional_punctuation("(") is not None:
            result_types: list[Attribute] = []
            if parser.parse_optional_punctuation(")") is None:
                result_types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
                if parser.parse_optional_punctuation(")") is None:
                    return None
        else:
            result_types = [parser.parse_type()]
        if len(operand_types) != len(operands) or len(result_types) != len(op_def.results):
            return None
        # what the declarative parser checks before it builds the op
        context = VerificationContext()
        for (_, definition), typ in zip(op_def.operands, operand_types):
            definition.constr.verify((typ,), context)
        for (_, definition), typ in zip(op_def.results, result_types):
            definition.constr.verify((typ,), context)
        for name, definition in op_def.attributes.items():
            if isinstance(definition, OptionalDef) and definition.default_value is None:
                continue
            attribute = attributes.get(name, definition.default_value)
            if attribute is not None:
                definition.constr.verify(attribute, context)
        values = [parser.resolve_operand(u, t) for u, t in zip(operands, operand_types)]
        return self.op.create(operands=values, result_types=result_types, attributes=attributes)

"""An MLIR parser that records where each op came from, for located diagnostics.

xDSL keeps `Operation.location` but fills it only from an explicit `loc(...)`; the
verifier, the passes and the interpreters then have nothing to point at. This parser
gives every op without one a `FileLineColLoc` of its first token (its first result
name, as in MLIR), so a diagnostic can say `FILE:LINE:COL`. It also turns the few
errors xDSL raises while parsing that are not `ParseError`s (a type or attribute whose
verifier rejects its parameters, a duplicate block label after a forward reference)
into parse errors at the construct, and reports a value that is never defined at its
first use (xDSL: at the end of the input).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    ComplexType,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerType,
    ModuleOp,
    RankedStructure,
    ShapedType,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute, AttributeInvT, Block, Operation, Region, SSAValue, TypeAttribute
from xdsl.irdl import AttrConstraint, base
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import DiagnosticException, MultipleSpansParseError, ParseError
from xdsl.utils.lexer import Input, Position, Span, Token
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind, StringLiteral

from nnstack.interpreters.heap import LARGE_INPUT, trim_heap
from nnstack.tools.diagnostics import SeveralParseErrors, one_line

CONSTRUCTION_ERRORS = (DiagnosticException, ValueError, TypeError, OverflowError)
"""What building a type, attribute or op from parsed parameters raises when the
parameters are wrong (an attribute verifier, a wrong parameter count, a float
literal beyond its type's range)."""


class LocatedParser(Parser):
    """xDSL's parser, plus a source location on every op and located construction errors."""

    def __init__(self, ctx: Context, text: str, name: str = "<unknown>"):
        super().__init__(ctx, text, name)
        self._parser_state = ParserState(_Lexer(Input(text, name)))
        self._name = StringAttr(name)
        self._line_starts = _line_starts(text)
        self._block_labels: list[dict[str, Span]] = [{}]
        """The labels defined so far in each region being parsed, innermost last."""
        self._first_use: dict[str, Span] = {}
        """Where each value used before its definition was first used."""
        self._dense_types: AttrConstraint | None = None

    def location(self, position: int) -> FileLineColLoc:
        """The 1-based line and column of a position in the input."""
        line = bisect_right(self._line_starts, position)
        column = position - self._line_starts[line - 1] + 1
        return FileLineColLoc(self._name, IntAttr(line), IntAttr(column))

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        try:
            op = super().parse_operation()
        except CONSTRUCTION_ERRORS as error:
            self.raise_error(_message(error), start, self._current_token.span.start)
        if isinstance(op.location, UnknownLoc):
            op.location = self.location(start)
        for nested in op.walk():  # what the op's syntax leaves implicit (a terminator): at the op
            if isinstance(nested.location, UnknownLoc):
                nested.location = op.location
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        """xDSL's, with a value that is never defined reported at its first use."""
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError:
            undefined = [name for name in self.forward_ssa_references if name in self._first_use]
            if not undefined:
                raise
            first, *others = undefined
            raise SeveralParseErrors(
                self._first_use[first],
                f"use of undefined value '%{first}'",
                None,
                [(self._first_use[name], f"use of undefined value '%{name}'") for name in others],
            ) from None

    def resolve_operand(self, operand: UnresolvedOperand, type: AttributeInvT) -> SSAValue[AttributeInvT]:
        name = operand.operand_name
        if name not in self.ssa_values and name not in self.forward_ssa_references:
            self._first_use[name] = operand.span
        return super().resolve_operand(operand, type)

    def parse_optional_type(self) -> TypeAttribute | None:
        start = self._current_token.span.start
        try:
            return super().parse_optional_type()
        except CONSTRUCTION_ERRORS as error:
            self.raise_error(_message(error), start, self._current_token.span.start)

    def parse_optional_attribute(self) -> Attribute | None:
        start = self._current_token.span.start
        try:
            return super().parse_optional_attribute()
        except CONSTRUCTION_ERRORS as error:
            self.raise_error(_message(error), start, self._current_token.span.start)

    def parse_optional_region(self, arguments: Iterable[Parser.Argument] | None = None) -> Region | None:
        self._block_labels.append({})
        try:
            return super().parse_optional_region(arguments)
        finally:
            self._block_labels.pop()

    def parse_optional_str_literal(self) -> str | None:
        """xDSL's, without its escape processing (several copies of the literal) for a
        literal that has no escape."""
        token = self._current_token
        span = token.span
        text = self.lexer.input.content
        if token.kind != MLIRTokenKind.STRING_LIT or text.find("\\", span.start, span.end) != -1:
            return super().parse_optional_str_literal()
        self._consume_token(MLIRTokenKind.STRING_LIT)
        return text[span.start + 1 : span.end - 1]

    def _parse_dense_literal_type(self) -> RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType]:
        """xDSL's check of a dense literal's type builds an IRDL constraint for every
        literal (milliseconds each: seconds for a model's weights); this one is built
        once per parser."""
        typ = self.expect(self.parse_optional_type, "Dense attribute must be typed!")
        if self._dense_types is None:
            self._dense_types = base(RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType])
        if not self._dense_types.verifies(typ):
            self.raise_error(
                "Expected memref, vector or tensor type of integer, index, float, or complex type"
            )
        assert isinstance(typ, ShapedType)  # (what the constraint verified)
        if any(dim == DYNAMIC_INDEX for dim in typ.get_shape()):
            self.raise_error("Dense literal attribute should have a static shape.")
        return typ  # pyright: ignore[reportReturnType]

    def _parse_block(self) -> Block:
        """Rejects a label defined twice in a region.

        xDSL forgets where a block referenced before its definition was defined, so a
        second definition of such a label ends in a `KeyError`.
        """
        label = self._current_token
        if label.kind == MLIRTokenKind.CARET_IDENT:
            defined = self._block_labels[-1]
            name = label.text[1:]
            if name in defined:
                raise MultipleSpansParseError(
                    label.span,
                    f"redefinition of block '^{name}'",
                    "previously defined here:",
                    [(defined[name], None)],
                )
            defined[name] = label.span
        return super()._parse_block()


class _Lexer(MLIRLexer):
    """xDSL's lexer, with a string literal that holds no escape found by `str.find`
    rather than a regular expression (a model's weights are a hex string literal of
    megabytes)."""

    def _lex_string_literal(self, start_pos: Position) -> MLIRToken:
        text = self.input.content
        end = text.find('"', start_pos + 1)
        if end == -1 or any(text.find(c, start_pos + 1, end) != -1 for c in "\\\n\v\f"):
            return super()._lex_string_literal(start_pos)
        self.pos = end + 1
        return Token(MLIRTokenKind.STRING_LIT, StringLiteral(start_pos, self.pos, self.input))


def _line_starts(text: str) -> list[int]:
    """The position of each line's first character (found without splitting the text:
    a model's weights make one line of megabytes)."""
    starts = [0]
    end = text.find("\n")
    while end != -1:
        starts.append(end + 1)
        end = text.find("\n", end + 1)
    return starts


def _message(error: Exception) -> str:
    if isinstance(error, OverflowError):  # struct's words: "float too large to pack with e format"
        return f"value too large for its type ({one_line(str(error))})"
    return one_line(str(error)) or type(error).__name__


def parse_module(ctx: Context, text: str, name: str, implicit_module: bool = True) -> ModuleOp:
    """Parses `text` (named `name` in locations) into a module whose ops carry locations."""
    module = LocatedParser(ctx, text, name).parse_module(implicit_module)
    if len(text) >= LARGE_INPUT:
        trim_heap()
    return module

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

import binascii
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from math import prod
from types import MappingProxyType

from xdsl.context import Context
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyDenseElement,
    AnyFloat,
    BytesAttr,
    ComplexType,
    DenseIntOrFPElementsAttr,
    FileLineColLoc,
    IndexType,
    IntAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    RankedStructure,
    ShapedType,
    StringAttr,
    TensorType,
    UnknownLoc,
    VectorType,
)
from xdsl.ir import Attribute, AttributeInvT, Block, Operation, SSAValue, TypeAttribute
from xdsl.parser import UnresolvedOperand
from xdsl.utils.exceptions import DiagnosticException, ParseError
from xdsl.utils.lexer import Input, Position, Span, Token
from xdsl.utils.mlir_lexer import (
    KIND_BY_PUNCTUATION_SPELLING,
    MLIRToken,
    MLIRTokenKind,
    PunctuationSpelling,
    StringLiteral,
)

from nnstack.dialects.utils import parse_block_defined_once
from nnstack.dialects.xdsl_compat import (
    DenseLiteralType,
    HookedLexer,
    HookedParser,
    consume_token,
    current_token,
    resume_from,
    use_lexer,
)
from nnstack.interpreters.heap import LARGE_INPUT, trim_heap
from nnstack.tools.diagnostics import SeveralParseErrors, one_line
from nnstack.tools.source_text import SourceText

_PLAIN_TENSOR_TYPE = re.compile(r"tensor<(?:[0-9]+x)*[a-z][a-z0-9]*>")
"""A tensor type without dynamic sizes, encoding or nested brackets: its text alone
says what type it is, wherever it is."""

_PLAIN_DENSE = re.compile(r"dense<[^<>\"]*> : tensor<(?:[0-9]+x)*[a-z][a-z0-9]*>")
"""A dense literal without a string (a hex literal) or nested brackets, of a plain
tensor type (a splat, `dense<0.000000e+00> : tensor<f32>`): its text alone says what
attribute it is."""

CONSTRUCTION_ERRORS = (DiagnosticException, ValueError, TypeError, OverflowError)
"""What building a type, attribute or op from parsed parameters raises when the
parameters are wrong (an attribute verifier, a wrong parameter count, a float
literal beyond its type's range)."""


class LocatedParser(HookedParser):
    """xDSL's parser, plus a source location on every op and located construction errors."""

    def __init__(self, ctx: Context, text: str | SourceText, name: str = "<unknown>"):
        source = text if isinstance(text, SourceText) else SourceText(text)
        super().__init__(ctx, source.text, name)
        self._lexer = _Lexer(Input(source.text, name), cut_literals=source.hex_literals)
        use_lexer(self, self._lexer)
        self._name = StringAttr(name)
        self._source = source
        self._line_starts = _line_starts(source.text)
        self._first_use: dict[str, Span] = {}
        """Where each value used before its definition was first used."""
        self._plain_types: dict[str, TypeAttribute] = {}
        """The plain tensor types parsed so far, by their text."""
        self._plain_dense: dict[str, Attribute] = {}
        """The plain dense literals parsed so far, by their text."""

    def location(self, position: int) -> FileLineColLoc:
        """The 1-based line and column of a position in the input."""
        line = bisect_right(self._line_starts, position)
        original = self._source.original
        column = original(position) - original(self._line_starts[line - 1]) + 1
        return FileLineColLoc(self._name, IntAttr(line), IntAttr(column))

    def parse_operation(self) -> Operation:
        start = current_token(self).span.start
        try:
            op = super().parse_operation()
        except CONSTRUCTION_ERRORS as error:
            self.raise_error(_message(error), start, current_token(self).span.start)
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
        """xDSL's, with each distinct plain tensor type (`tensor<1x8x288xf32>`) parsed
        once: an op's types are most of its text, and xDSL lexes a shape token by token,
        backtracking at each `x`."""
        start = current_token(self).span.start
        plain = _PLAIN_TENSOR_TYPE.match(self.lexer.input.content, start)
        if plain is not None and (known := self._plain_types.get(plain.group())) is not None:
            resume_from(self, plain.end())
            return known
        try:
            typ = super().parse_optional_type()
        except CONSTRUCTION_ERRORS as error:
            self.raise_error(_message(error), start, current_token(self).span.start)
        if plain is not None and typ is not None and current_token(self).span.start >= plain.end():
            self._plain_types[plain.group()] = typ
        return typ

    def parse_optional_attribute(self) -> Attribute | None:
        """xDSL's, with each distinct plain dense literal (`dense<1.000000e+00> :
        tensor<f32>`) parsed once: a model repeats its few scalar constants, and each
        costs xDSL a type check and a list of elements."""
        start = current_token(self).span.start
        text = self.lexer.input.content
        plain = _PLAIN_DENSE.match(text, start)
        if plain is not None and (known := self._plain_dense.get(plain.group())) is not None:
            resume_from(self, plain.end())
            return known
        try:
            attribute = super().parse_optional_attribute()
        except CONSTRUCTION_ERRORS as error:
            self.raise_error(_message(error), start, current_token(self).span.start)
        if plain is not None and attribute is not None:
            after = current_token(self).span.start
            if after >= plain.end() and not text[plain.end() : after].strip():
                self._plain_dense[plain.group()] = attribute
        return attribute

    def parse_optional_punctuation(self, punctuation: PunctuationSpelling) -> PunctuationSpelling | None:
        """xDSL's, without its checks of the spelling and its several calls per token
        (an op's text is mostly punctuation: a tenth of a model's parse)."""
        kind = KIND_BY_PUNCTUATION_SPELLING.get(punctuation)
        if kind is None:
            return super().parse_optional_punctuation(punctuation)
        if current_token(self).kind != kind:
            return None
        consume_token(self, kind)
        return punctuation

    def parse_punctuation(
        self, punctuation: PunctuationSpelling, context_msg: str = ""
    ) -> PunctuationSpelling:
        """xDSL's (`parse_optional_punctuation`, else xDSL's error)."""
        if self.parse_optional_punctuation(punctuation) is None:
            return super().parse_punctuation(punctuation, context_msg)
        return punctuation

    def parse_optional_str_literal(self) -> str | None:
        """xDSL's, without its escape processing (several copies of the literal) for a
        literal that has no escape."""
        token = current_token(self)
        span = token.span
        text = self.lexer.input.content
        if token.kind != MLIRTokenKind.STRING_LIT or text.find("\\", span.start, span.end) != -1:
            return super().parse_optional_str_literal()
        consume_token(self, MLIRTokenKind.STRING_LIT)
        return text[span.start + 1 : span.end - 1]

    def parse_dense_int_or_fp_elements_attr(
        self, type: RankedStructure[AnyDenseElement] | None
    ) -> DenseIntOrFPElementsAttr:
        """xDSL's, with a hex literal's bytes (decoded by the lexer) taken as they are:
        xDSL copies the literal's text to drop its `0x` and decodes it again."""
        start = current_token(self).span.start
        self.parse_punctuation("<", " in dense attribute")
        literal = current_token(self).span
        data = self._lexer.cut_literals.get(literal.start)
        if data is None:
            data = self._lexer.hex_literals.pop(literal.start, None)
        if data is None:  # not a hex literal: xDSL's parser, from the `<`
            resume_from(self, start)
            return super().parse_dense_int_or_fp_elements_attr(type)
        consume_token(self, MLIRTokenKind.STRING_LIT)
        self.parse_punctuation(">", " in dense attribute")
        if type is None:
            self.parse_punctuation(":", " in dense attribute")
            type = self.parse_dense_literal_type()
        count = prod(type.get_shape())
        size = type.element_type.compile_time_size
        if len(data) == size:  # a splat: one element for all of them, as in MLIR
            data *= count
        if len(data) != count * size:
            self.raise_error(
                f"Shape mismatch in dense literal. Expected {count} elements ({count * size} bytes) "
                f"from the type, but the hex literal holds {len(data)} bytes.",
                literal,
            )
        return DenseIntOrFPElementsAttr(type, BytesAttr(data))

    def parse_dense_literal_type(self) -> DenseLiteralType:
        """xDSL's check of a dense literal's type builds an IRDL constraint for every
        literal (milliseconds each: seconds for a model's weights); this one checks the
        classes the constraint admits (`is_dense_literal_type`)."""
        typ = self.expect(self.parse_optional_type, "Dense attribute must be typed!")
        if not is_dense_literal_type(typ):
            self.raise_error(
                "Expected memref, vector or tensor type of integer, index, float, or complex type"
            )
        assert isinstance(typ, ShapedType)  # (what the constraint verified)
        if any(dim == DYNAMIC_INDEX for dim in typ.get_shape()):
            self.raise_error("Dense literal attribute should have a static shape.")
        return typ  # pyright: ignore[reportReturnType]

    def parse_block_definition(self) -> Block:
        return parse_block_defined_once(self, super().parse_block_definition)


_SPACES = re.compile(r"[ \t\n\r\f\v]*")
"""Whitespace, as xDSL's lexer skips it (`\\s` of an ASCII regular expression), comments aside."""
_SUFFIX_ID = re.compile(r"([0-9]+|[a-zA-Z$._-][a-zA-Z0-9$._-]*)")
"""What follows the `%` of a value name (xDSL's `MLIRLexer._suffix_id`)."""
_BARE_ID_SUFFIX = re.compile(r"[a-zA-Z0-9_$.]*")
"""What follows the first character of a bare identifier (xDSL's `IDENTIFIER_SUFFIX`)."""
_PUNCTUATION = MappingProxyType(
    {
        ":": MLIRTokenKind.COLON,
        ",": MLIRTokenKind.COMMA,
        "(": MLIRTokenKind.L_PAREN,
        ")": MLIRTokenKind.R_PAREN,
        "}": MLIRTokenKind.R_BRACE,
        "[": MLIRTokenKind.L_SQUARE,
        "]": MLIRTokenKind.R_SQUARE,
        "<": MLIRTokenKind.LESS,
        ">": MLIRTokenKind.GREATER,
        "=": MLIRTokenKind.EQUAL,
        "+": MLIRTokenKind.PLUS,
        "/": MLIRTokenKind.SLASH,
        "*": MLIRTokenKind.STAR,
        "?": MLIRTokenKind.QUESTION,
        "|": MLIRTokenKind.VERTICAL_BAR,
    }
)
"""The one-character tokens that begin no longer one (xDSL's `MLIRLexer.lex`)."""


@dataclass
class _Lexer(HookedLexer):
    """xDSL's lexer, with a string literal that holds no escape found by `str.find`
    rather than a regular expression (a model's weights are a hex string literal of
    megabytes), and a hex literal (`"0x..."`, hex digits only) decoded as it is
    lexed: the decoding checks its characters, so no other scan of them is needed.
    The tokens most of a module is made of (punctuation, `%` names, bare identifiers,
    `->`) are lexed directly."""

    def lex(self) -> MLIRToken:
        """xDSL's, which builds its table of punctuation and takes several steps for
        each token: a quarter of a model's parse."""
        text = self.input.content
        start = _end_of(_SPACES, text, self.pos)
        if text.startswith("//", start):  # a comment: skipped by xDSL's lexer
            return super().lex()
        self.pos = start
        char = text[start : start + 1]
        end = start + 1
        kind = _PUNCTUATION.get(char)
        if kind is not None:
            pass
        elif char == "%" and (suffix := _SUFFIX_ID.match(text, end)) is not None:
            kind, end = MLIRTokenKind.PERCENT_IDENT, suffix.end()
        elif (char.isascii() and char.isalpha()) or char == "_":
            kind, end = MLIRTokenKind.BARE_IDENT, _end_of(_BARE_ID_SUFFIX, text, end)
        elif char == "-" and text.startswith(">", end):
            kind, end = MLIRTokenKind.ARROW, end + 1
        else:
            return super().lex()
        self.pos = end
        return Token(kind, Span(start, end, self.input))

    hex_literals: dict[Position, bytes] = field(default_factory=dict[Position, bytes])
    """The bytes of each hex literal lexed and not yet parsed, by start position."""
    cut_literals: dict[Position, bytes] = field(default_factory=dict[Position, bytes])
    """The bytes of each literal whose digits were cut out of the text (`"0x"` is
    left), by start position (`SourceText.hex_literals`)."""

    def lex_string_literal(self, start_pos: Position) -> MLIRToken:
        if start_pos in self.cut_literals:
            return self._string_literal(start_pos, start_pos + 4)  # `"0x"`
        text = self.input.content
        end = text.find('"', start_pos + 1)
        if end != -1 and text.startswith("0x", start_pos + 1):
            try:
                self.hex_literals[start_pos] = binascii.a2b_hex(text[start_pos + 3 : end])
            except ValueError:  # not an even number of hex digits: lexed and parsed as xDSL does
                pass
            else:
                return self._string_literal(start_pos, end + 1)
        if end == -1 or any(text.find(c, start_pos + 1, end) != -1 for c in "\\\n\v\f"):
            return super().lex_string_literal(start_pos)
        return self._string_literal(start_pos, end + 1)

    def _string_literal(self, start: Position, end: Position) -> MLIRToken:
        self.pos = end
        return Token(MLIRTokenKind.STRING_LIT, _StringLiteral(start, end, self.input))


class _StringLiteral(StringLiteral):
    """A string literal the lexer has checked: xDSL's check slices the whole literal
    out of the input twice."""

    def __post_init__(self) -> None:
        pass


def is_dense_literal_type(typ: Attribute) -> bool:
    """Whether `typ` is a dense literal's type: a vector, tensor or memref type of
    integer, index, float or complex elements (xDSL's constraint
    `RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType]`, whose
    parameters but the element type admit anything)."""
    return isinstance(typ, VectorType | TensorType | MemRefType) and isinstance(
        typ.element_type, IntegerType | IndexType | AnyFloat | ComplexType
    )


def _end_of(pattern: re.Pattern[str], text: str, position: int) -> int:
    """Where the match of `pattern`, which matches the empty string, at `position` ends."""
    found = pattern.match(text, position)
    assert found is not None  # (it matches the empty string)
    return found.end()


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


def parse_module(ctx: Context, text: str | SourceText, name: str, implicit_module: bool = True) -> ModuleOp:
    """Parses `text` (named `name` in locations) into a module whose ops carry locations."""
    module = LocatedParser(ctx, text, name).parse_module(implicit_module)
    if (text.size if isinstance(text, SourceText) else len(text)) >= LARGE_INPUT:
        trim_heap()
    return module

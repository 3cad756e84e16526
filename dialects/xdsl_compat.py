"""The xDSL internals nnstack relies on, each behind one small function or class.

xDSL has no public API for some of what nnstack needs: looking up the implementation an
interpreter registered for an op, parsing a block or a token at a time, the LLVM target
machine its JIT backend compiles for. nnstack uses xDSL's private names for
those here, and only here, so that a new xDSL release that renames or changes one of
them is this file's work (and `tests/dialects/test_xdsl_compat.py` says which one
changed). Everything here is xDSL 0.74's behaviour, unchanged.

The lowest layer of nnstack: it imports nothing but the standard library, xDSL and (for
the JIT, deferred) llvmlite, so every package can use it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects.builtin import AnyFloat, ComplexType, IndexType, IntegerType, ModuleOp, RankedStructure
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    OpImpl,
    _InterpreterFunctionImpls,  # pyright: ignore[reportPrivateUsage]
)
from xdsl.ir import Block, Operation
from xdsl.parser import Parser
from xdsl.parser.generic_parser import GenericParser, ParserState
from xdsl.utils.lexer import Position
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind

if TYPE_CHECKING:
    from llvmlite.binding.targets import Target, TargetMachine

_OpT = TypeVar("_OpT", bound=Operation)

# ---------------------------------------------------------------------------
# Interpreter
# ---------------------------------------------------------------------------

Implementation: TypeAlias = OpImpl[InterpreterFunctions, Operation]
"""An op implementation as xDSL registers it: `(functions, interpreter, op, args)`."""

InterpreterImpls: TypeAlias = _InterpreterFunctionImpls
"""The implementations registered in an interpreter (xDSL's private
`_InterpreterFunctionImpls`), to share between interpreters of one module."""


def class_impls(functions: type[InterpreterFunctions]) -> Iterable[tuple[type[Operation], Implementation]]:
    """The `@impl` op implementations that `@register_impls` collected on `functions`
    (xDSL's `InterpreterFunctions._impls()`): nnstack's interpreters read the markers
    their own decorators leave on them."""
    return functions._impls()  # pyright: ignore[reportPrivateUsage]


def registered_impl(
    interpreter: Interpreter, op_type: type[Operation]
) -> tuple[InterpreterFunctions, Implementation] | None:
    """The functions object and implementation `interpreter` runs for `op_type`, or None
    (xDSL's `Interpreter._impls._impl_dict`, the table `run_op` reads): prepared
    programs look an implementation up once rather than at every run."""
    return interpreter._impls._impl_dict.get(op_type)  # pyright: ignore[reportPrivateUsage]


def interpreter_impls(interpreter: Interpreter) -> InterpreterImpls:
    """All implementations registered in `interpreter` (xDSL's `Interpreter._impls`)."""
    return interpreter._impls  # pyright: ignore[reportPrivateUsage]


def interpreter_with_impls(module: ModuleOp, impls: InterpreterImpls) -> Interpreter:
    """A fresh interpreter of `module` with the implementations `impls` (xDSL's private
    `_impls` field of `Interpreter`): registering nnstack's implementations anew for
    each call would cost more than a small program's run."""
    return Interpreter(module, _impls=impls)


# ---------------------------------------------------------------------------
# Op definitions
# ---------------------------------------------------------------------------


def wrap_op_parse(op: type[_OpT], wrap: Callable[[Callable[[Parser], _OpT], Parser], _OpT]) -> None:
    """Replaces the custom-syntax parser of `op` (the `parse` classmethod that
    `irdl_op_definition` makes from the assembly format, which xDSL's parser calls) by
    `wrap(parse, parser)`, `parse` being the one replaced: xDSL has no hook to change
    the errors or the attributes the declarative format gives."""
    parse = op.parse

    def wrapped(_: type[_OpT], parser: Parser) -> _OpT:
        return wrap(parse, parser)

    op.parse = classmethod(wrapped)  # pyright: ignore[reportAttributeAccessIssue]


def custom_verifier(op: type[Operation]) -> tuple[bool, Callable[[Operation], object] | None]:
    """(True, the op's own `verify_`, or None if it has none) for an IRDL op whose
    verification is xDSL's: `Operation.verify`, and the `verify_` that
    `irdl_op_definition` makes (`OpDef.verify`, then the class's `verify_`, which that
    function holds); (False, None) for an op verified some other way. A verifier that
    makes xDSL's checks faster calls the class's own one after them."""
    verify = getattr(op, "verify_", None)
    code = getattr(verify, "__code__", None)
    get_definition = getattr(op, "get_irdl_definition", None)
    if op.verify is not Operation.verify or code is None or get_definition is None:
        return False, None
    if getattr(verify, "__module__", None) != "xdsl.irdl.operations" or code.co_name != "verify_":
        return False, None
    cells = getattr(verify, "__closure__", None) or ()
    free = dict(zip(code.co_freevars, (cell.cell_contents for cell in cells)))
    if free.get("op_def") is not get_definition():
        return False, None
    custom = free.get("custom_verify")
    if set(free) == {"op_def"} or (set(free) == {"op_def", "custom_verify"} and custom is Operation.verify_):
        return True, None  # (`Operation.verify_` checks nothing)
    if set(free) == {"op_def", "custom_verify"} and callable(custom):
        return True, custom
    return False, None


# ---------------------------------------------------------------------------
# Parser
# ---------------------------------------------------------------------------


def current_token(parser: GenericParser[MLIRTokenKind, str]) -> MLIRToken:
    """The token `parser` is at, not consumed (xDSL's `GenericParser._current_token`)."""
    return parser._current_token  # pyright: ignore[reportPrivateUsage]


def consume_token(parser: GenericParser[MLIRTokenKind, str], kind: MLIRTokenKind) -> MLIRToken:
    """Consumes the token `parser` is at, which must be of `kind`, and returns it
    (xDSL's `GenericParser._consume_token`)."""
    return parser._consume_token(kind)  # pyright: ignore[reportPrivateUsage]


def resume_from(parser: GenericParser[MLIRTokenKind, str], position: Position) -> None:
    """Makes `parser` go on from `position` of its input (xDSL's
    `GenericParser._resume_from`): to skip text parsed another way, or to go back."""
    parser._resume_from(position)  # pyright: ignore[reportPrivateUsage]


def use_lexer(parser: GenericParser[MLIRTokenKind, str], lexer: MLIRLexer) -> None:
    """Makes `parser` read its tokens from `lexer`, from the lexer's position (a new
    xDSL `ParserState` in the private `_parser_state`): xDSL's `Parser` makes its own
    lexer and takes none."""
    parser._parser_state = ParserState(lexer)  # pyright: ignore[reportPrivateUsage]


@contextmanager
def wrapped_block_parsing(parser: Parser, wrap: Callable[[Callable[[], Block]], Block]) -> Iterator[None]:
    """While in the context, each block of a region that `parser` parses is parsed by
    `wrap(parse_block)`, `parse_block` parsing it as before (the instance's
    `Parser._parse_block`, which `parse_region` calls for each block): for a check of
    the block labels in one op's regions with the stock parser."""
    previous = vars(parser).get("_parse_block")
    parse_block = parser._parse_block  # pyright: ignore[reportPrivateUsage]
    parser._parse_block = lambda: wrap(parse_block)
    try:
        yield
    finally:
        if previous is None:
            del parser._parse_block
        else:
            parser._parse_block = previous


DenseLiteralType: TypeAlias = RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType]
"""The type of a dense literal, as `AttrParser._parse_dense_literal_type` returns it."""


class HookedParser(Parser):
    """xDSL's `Parser`, with public methods for the private ones nnstack overrides: a
    subclass overrides the public one, and xDSL's calls of the private one reach it."""

    def parse_block_definition(self) -> Block:
        """Parses a block of a region: its label, arguments and ops (xDSL's
        `Parser._parse_block`, which `parse_region` calls for each block)."""
        return super()._parse_block()

    def parse_dense_literal_type(self) -> DenseLiteralType:
        """Parses and checks the type after a `dense<...> :` literal (xDSL's
        `AttrParser._parse_dense_literal_type`)."""
        return super()._parse_dense_literal_type()

    def _parse_block(self) -> Block:
        return self.parse_block_definition()

    def _parse_dense_literal_type(self) -> DenseLiteralType:
        return self.parse_dense_literal_type()

    def _parse_dialect_resource_handle(self, dialect_name: str, interface: OpAsmDialectInterface) -> str:
        """A resource key as written. xDSL declares each key parsed in the dialect's one
        blob store (a process-wide object) and renames a key it has seen before, in any
        earlier parse: `dense_resource<w>` read a second time became `w_0`."""
        key = self.parse_identifier(" for resource handle")
        if interface.lookup(key) is None:
            interface.declare_resource(key)
        self.dialect_resources.add((dialect_name, key))
        return key


class HookedLexer(MLIRLexer):
    """xDSL's `MLIRLexer`, with a public method for the lexing of a string literal,
    which a subclass overrides, and without the exponential backtracking of xDSL's
    regular expression for a string literal."""

    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')
    """xDSL's regular expression for a string literal with escapes (the private class
    attribute its `_lex_string_literal` reads), without its `(?:[^"...]+)*`, which
    backtracks exponentially in the length of an unterminated literal (a missing `"`
    made the parser hang)."""

    def lex_string_literal(self, start_pos: Position) -> MLIRToken:
        """Lexes the string literal that starts at `start_pos`, a `"` (xDSL's
        `MLIRLexer._lex_string_literal`, which `lex` calls there)."""
        return super()._lex_string_literal(start_pos)

    def _lex_string_literal(self, start_pos: Position) -> MLIRToken:
        return self.lex_string_literal(start_pos)


# ---------------------------------------------------------------------------
# LLVM JIT (xdsl.jit.llvm.backend, on llvmlite; imported when used: it loads LLVM)
# ---------------------------------------------------------------------------


def create_target_machine(opt_level: int) -> tuple[Target, TargetMachine]:
    """The host's LLVM target and a JIT target machine for it at `opt_level` (xDSL's
    `xdsl.jit.llvm.backend._create_target_machine`): the native backend converts,
    optimizes and emits the module itself, for this machine."""
    from xdsl.jit.llvm.backend import _create_target_machine  # pyright: ignore[reportPrivateUsage]

    return _create_target_machine(opt_level=opt_level)

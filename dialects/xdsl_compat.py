"""The xDSL internals nnstack relies on, each behind one small function or class.

xDSL has no public API for some of what nnstack needs: looking up the implementation an
interpreter registered for an op, parsing a block or a token at a time, compiling an
llvmlite module the way its JIT backend does. nnstack uses xDSL's private names for
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
from typing import TYPE_CHECKING, TypeAlias, TypeVar, cast

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
    import llvmlite.ir as llvm_ir
    from llvmlite.binding.targets import Target, TargetMachine
    from xdsl.jit.c_type_context import CFuncSignature
    from xdsl.jit.llvm.backend import LLVMRawJITFunc

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
    `xdsl.jit.llvm.backend._create_target_machine`): the native backend converts the
    module itself, for this machine's triple and data layout."""
    from xdsl.jit.llvm.backend import _create_target_machine  # pyright: ignore[reportPrivateUsage]

    return _create_target_machine(opt_level=opt_level)


def compile_llvm_module(
    llvm_module: llvm_ir.Module,
    symbol: str,
    c_func_type: CFuncSignature,
    target: Target,
    target_machine: TargetMachine,
    opt_level: int,
    stage: Callable[[str], None] | None = None,
) -> LLVMRawJITFunc:
    """`symbol` of an llvmlite module, optimized at `opt_level` and compiled by MCJIT
    as `LLVMJITBackend.jit` does: xDSL's `xdsl.jit.llvm.backend._compile_module`, step
    for step, with `stage` told each step as it starts (parsing the LLVM IR, optimising,
    making machine code: a large model spends seconds in each). The native backend
    changes the module (its data section) between xDSL's conversion and this compilation."""
    import llvmlite.binding
    from xdsl.jit.function import CFunc
    from xdsl.jit.llvm.backend import _FFI, LLVMRawJITFunc, is_native_triple  # pyright: ignore[reportPrivateUsage]
    from xdsl.utils.exceptions import JITException

    def tell(what: str) -> None:
        if stage is not None:
            stage(what)

    tell("parsing LLVM IR")
    backing_mod = llvmlite.binding.parse_assembly(str(llvm_module))
    if not is_native_triple(backing_mod.triple, target_machine.triple):
        raise JITException(
            f"Cannot JIT module for target {backing_mod.triple} with native target {target_machine.triple}"
        )
    backing_mod.triple = target_machine.triple
    backing_mod.data_layout = str(target_machine.target_data)
    tell(f"optimising LLVM IR (-O{opt_level})")
    options = llvmlite.binding.PipelineTuningOptions(speed_level=opt_level)
    options.slp_vectorization = True
    with (
        options,
        llvmlite.binding.create_pass_builder(target_machine, options) as pass_builder,
        pass_builder.getModulePassManager() as module_pass_manager,
    ):
        module_pass_manager.run(backing_mod, pass_builder)
    tell("generating machine code")
    engine = llvmlite.binding.create_mcjit_compiler(backing_mod, target_machine)
    engine.finalize_object()
    engine.run_static_constructors()
    func_ptr = engine.get_function_address(symbol)
    if not func_ptr:
        raise JITException(f"No address for symbol after compilation: {symbol}")
    params = ", ".join(c_func_type.inputs) or "void"
    cffi_func = cast(CFunc, _FFI.cast(f"{c_func_type.output}(*)({params})", func_ptr))
    return LLVMRawJITFunc(
        c_func_type,
        cffi_func,
        target=target,
        target_machine=target_machine,
        backing_mod=backing_mod,
        engine=engine,
    )

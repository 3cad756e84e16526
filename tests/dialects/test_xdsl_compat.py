"""Each xDSL internal that `nnstack.dialects.xdsl_compat` wraps, exercised on real xDSL
objects: a test here fails when a new xDSL release renames or changes the internal it
wraps, and names the wrapper to fix."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import llvmlite.binding
import pytest
from xdsl.context import Context
from xdsl.dialects import arith, test
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType, i32
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Block, Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.lexer import Input, Position
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRToken, MLIRTokenKind

from nnstack.dialects.xdsl_compat import (
    DenseLiteralType,
    HookedLexer,
    HookedParser,
    class_impls,
    consume_token,
    create_target_machine,
    current_token,
    custom_verifier,
    interpreter_impls,
    interpreter_with_impls,
    registered_impl,
    resume_from,
    use_lexer,
    wrap_op_parse,
    wrapped_block_parsing,
)

# ---------------------------------------------------------------------------
# Interpreter
# ---------------------------------------------------------------------------


@register_impls
class _AddFunctions(InterpreterFunctions):
    @impl(arith.AddiOp)
    def run_addi(self, interpreter: Interpreter, op: arith.AddiOp, args: PythonValues) -> PythonValues:
        return (args[0] + args[1],)


def _addi() -> arith.AddiOp:
    block = Block(arg_types=[i32, i32])
    return arith.AddiOp(block.args[0], block.args[1])


def _interpreter() -> Interpreter:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(_AddFunctions())
    return interpreter


def test_class_impls_lists_the_registered_implementations():
    impls = dict(class_impls(_AddFunctions))
    assert list(impls) == [arith.AddiOp]
    assert impls[arith.AddiOp](_AddFunctions(), _interpreter(), _addi(), (2, 3)).values == (5,)


def test_registered_impl_is_what_the_interpreter_runs():
    interpreter = _interpreter()
    registered = registered_impl(interpreter, arith.AddiOp)
    assert registered is not None
    functions, implementation = registered
    assert isinstance(functions, _AddFunctions)
    op = _addi()
    assert implementation(functions, interpreter, op, (2, 3)).values == interpreter.run_op(op, (2, 3)) == (5,)
    assert registered_impl(interpreter, arith.SubiOp) is None


def test_interpreter_with_impls_shares_the_registrations():
    interpreter = _interpreter()
    impls = interpreter_impls(interpreter)
    fresh = interpreter_with_impls(ModuleOp([]), impls)
    assert interpreter_impls(fresh) is impls
    assert registered_impl(fresh, arith.AddiOp) == registered_impl(interpreter, arith.AddiOp)
    assert fresh.run_op(_addi(), (4, 5)) == (9,)


# ---------------------------------------------------------------------------
# Op definitions
# ---------------------------------------------------------------------------


def test_wrap_op_parse_wraps_what_the_parser_calls():
    @irdl_op_definition
    class NoteOp(IRDLOperation):
        name = "compat_test.note"
        assembly_format = "attr-dict"

    calls: list[int] = []

    def sorted_attributes(parse: Callable[[Parser], NoteOp], parser: Parser) -> NoteOp:
        calls.append(parser.pos)
        op = parse(parser)
        op.attributes = dict(sorted(op.attributes.items()))
        return op

    wrap_op_parse(NoteOp, sorted_attributes)
    ctx = Context()
    ctx.load_dialect(Dialect("compat_test", [NoteOp]))
    op = Parser(ctx, "compat_test.note {b = 1 : i32, a = 2 : i32}").parse_op()
    assert isinstance(op, NoteOp)
    assert calls == [len("compat_test.note ")]
    assert list(op.attributes) == ["a", "b"]


def test_custom_verifier_is_the_classs_own_verify():
    @irdl_op_definition
    class PlainOp(IRDLOperation):
        name = "compat_test.plain"

    @irdl_op_definition
    class CheckedOp(IRDLOperation):
        name = "compat_test.checked"

        def verify_(self) -> None:
            raise VerifyException("checked")

    class OwnWayOp(PlainOp):
        def verify(self, verify_nested_ops: bool = True) -> None:
            pass

    assert custom_verifier(PlainOp) == (True, None)
    found, custom = custom_verifier(CheckedOp)
    assert found and custom is not None
    with pytest.raises(VerifyException, match="checked"):
        custom(CheckedOp())
    assert custom_verifier(OwnWayOp) == (False, None)
    assert custom_verifier(ModuleOp) == (True, None)
    assert custom_verifier(arith.AddiOp)[0]


# ---------------------------------------------------------------------------
# Parser
# ---------------------------------------------------------------------------


def test_current_and_consumed_token():
    parser = Parser(Context(), "foo bar")
    token = current_token(parser)
    assert (token.kind, token.text) == (MLIRTokenKind.BARE_IDENT, "foo")
    assert consume_token(parser, MLIRTokenKind.BARE_IDENT) is token
    assert current_token(parser).text == "bar"
    assert parser.pos == 4


def test_resume_from_moves_the_parser():
    parser = Parser(Context(), "foo bar")
    resume_from(parser, 4)
    assert current_token(parser).text == "bar"
    resume_from(parser, 0)
    assert current_token(parser).text == "foo"


def test_use_lexer_replaces_the_token_source():
    parser = Parser(Context(), "foo")
    lexer = MLIRLexer(Input("baz qux", "other"))
    use_lexer(parser, lexer)
    assert parser.lexer is lexer
    assert current_token(parser).text == "baz"
    consume_token(parser, MLIRTokenKind.BARE_IDENT)
    assert current_token(parser).text == "qux"


_TWO_BLOCKS = '{\n^bb0:\n  "test.op"() : () -> ()\n^bb1:\n  "test.op"() : () -> ()\n}'


def _test_context() -> Context:
    ctx = Context()
    ctx.load_dialect(test.Test)
    return ctx


def test_wrapped_block_parsing_sees_each_block():
    parser = Parser(_test_context(), _TWO_BLOCKS)
    labels: list[str] = []

    def record(parse_block: Callable[[], Block]) -> Block:
        labels.append(current_token(parser).text)
        return parse_block()

    with wrapped_block_parsing(parser, record):
        region = parser.parse_region()
    assert labels == ["^bb0", "^bb1"]
    assert len(region.blocks) == 2
    assert "_parse_block" not in vars(parser)  # the parser's own block parsing is back


def test_hooked_parser_parses_blocks_through_its_hook():
    labels: list[str] = []

    class Recording(HookedParser):
        def parse_block_definition(self) -> Block:
            labels.append(current_token(self).text)
            return super().parse_block_definition()

    region = Recording(_test_context(), _TWO_BLOCKS).parse_region()
    assert labels == ["^bb0", "^bb1"]
    assert len(region.blocks) == 2


def test_hooked_parser_parses_dense_literal_types_through_its_hook():
    types: list[DenseLiteralType] = []

    class Recording(HookedParser):
        def parse_dense_literal_type(self) -> DenseLiteralType:
            types.append(super().parse_dense_literal_type())
            return types[-1]

    attr = Recording(Context(), "dense<[1, 2]> : tensor<2xi32>").parse_attribute()
    assert isinstance(attr, DenseIntOrFPElementsAttr)
    assert types == [TensorType(i32, [2])] == [attr.type]


def test_hooked_lexer_lexes_string_literals_through_its_hook():
    starts: list[Position] = []

    class Recording(HookedLexer):
        def lex_string_literal(self, start_pos: Position) -> MLIRToken:
            starts.append(start_pos)
            return super().lex_string_literal(start_pos)

    lexer = Recording(Input('x "a\\nb"', "<test>"))
    assert lexer.lex().text == "x"
    token = lexer.lex()
    assert (token.kind, token.text) == (MLIRTokenKind.STRING_LIT, '"a\\nb"')
    assert starts == [2]


def test_hooked_lexer_matches_string_literals_with_its_regex():
    class Unmatched(HookedLexer):
        _unescaped_characters_regex = re.compile("(?!)")

    try:  # xDSL's string literal lexing reads the regex the class sets
        Unmatched(Input('"abc"', "<test>")).lex()
    except ParseError as error:
        assert "End of file reached before closing string literal" in str(error)
    else:
        raise AssertionError("the lexer did not use its `_unescaped_characters_regex`")
    start = time.perf_counter()
    try:  # an unterminated literal fails at once (xDSL's regex backtracks exponentially)
        HookedLexer(Input('"' + "a" * 100_000, "<test>")).lex()
    except ParseError as error:
        assert "End of file reached before closing string literal" in str(error)
    else:
        raise AssertionError("an unterminated string literal was lexed")
    assert time.perf_counter() - start < 5


# ---------------------------------------------------------------------------
# LLVM JIT
# ---------------------------------------------------------------------------


def test_create_target_machine_is_the_hosts():
    target, target_machine = create_target_machine(opt_level=2)
    assert isinstance(target, llvmlite.binding.Target)
    assert isinstance(target_machine, llvmlite.binding.TargetMachine)
    assert target_machine.triple == llvmlite.binding.get_process_triple()

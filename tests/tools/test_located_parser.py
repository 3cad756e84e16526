"""The located parser's dense hex literals (`dense<"0x...">`, how upstream MLIR and the
ONNX importer write weights), read without xDSL's copies, against numpy's bytes and
xDSL's own parser; their errors as located diagnostics; and `read_input`."""

import re
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    AnyFloat,
    ComplexType,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerType,
    ModuleOp,
    RankedStructure,
    StringAttr,
)
from xdsl.irdl import base
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from nnstack.dialects.values import attribute_value
from nnstack.interpreters import make_context
from nnstack.interpreters.heap import LARGE_INPUT
from nnstack.tools.driver import read_input
from nnstack.tools.located_parser import _Lexer, is_dense_literal_type, parse_module
from nnstack.tools.nnstack_opt import main

LOCATED = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$", re.MULTILINE)


def bfloat16_bits(values: np.ndarray) -> np.ndarray:
    """bf16 as the upper half of f32 (exact for values with 8 significant bits)."""
    return (values.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


RNG = np.random.default_rng(7)
SMALL = RNG.integers(-100, 100, (3, 5)).astype(np.float64) / 8  # exact in every float type
ARRAYS = {
    "f16": SMALL.astype(np.float16),
    "bf16": bfloat16_bits(SMALL),
    "f32": RNG.standard_normal((3, 5)).astype(np.float32),
    "f64": RNG.standard_normal((3, 5)),
    "i1": RNG.integers(0, 2, (3, 5)).astype(np.int8),
    "i8": RNG.integers(-128, 128, (3, 5)).astype(np.int8),
    "i16": RNG.integers(-(2**15), 2**15, (3, 5)).astype(np.int16),
    "i32": RNG.integers(-(2**31), 2**31, (3, 5)).astype(np.int32),
    "i64": RNG.integers(-(2**63), 2**63 - 1, (3, 5), dtype=np.int64),
    "index": RNG.integers(0, 2**40, (3, 5), dtype=np.int64),
    "complex<f32>": (RNG.standard_normal((3, 5)) + 1j * RNG.standard_normal((3, 5))).astype(np.complex64),
}
"""Per element type, values whose little-endian bytes are MLIR's hex form of them."""


def constant(hex_text: str, type_text: str) -> str:
    return f'"test.op"() {{value = dense<"0x{hex_text}"> : {type_text}}} : () -> ()\n'


def value_of(text: str) -> DenseIntOrFPElementsAttr:
    module = parse_module(make_context(), text, "in.mlir")
    attribute = module.ops.first.attributes["value"]  # pyright: ignore[reportOptionalMemberAccess]
    assert isinstance(attribute, DenseIntOrFPElementsAttr)
    return attribute


def xdsl_value_of(text: str) -> DenseIntOrFPElementsAttr:
    """What xDSL's own parser makes of it."""
    module = Parser(make_context(), text).parse_module()
    attribute = module.ops.first.attributes["value"]  # pyright: ignore[reportOptionalMemberAccess]
    assert isinstance(attribute, DenseIntOrFPElementsAttr)
    return attribute


@pytest.mark.parametrize("element", ARRAYS.keys())
def test_hex_literals_of_every_element_type(element: str):
    array = ARRAYS[element]
    for hex_text in (array.tobytes().hex().upper(), array.tobytes().hex()):  # either case of digits
        text = constant(hex_text, f"tensor<3x5x{element}>")
        parsed = value_of(text)
        assert parsed.data.data == array.astype(array.dtype.newbyteorder("<")).tobytes()
        assert parsed == xdsl_value_of(text)
    if element not in ("bf16", "i1", "complex<f32>"):  # (numpy has no such dtype)
        typ = parsed.get_type()
        np.testing.assert_array_equal(attribute_value(parsed, typ), array)  # pyright: ignore[reportArgumentType]


def test_hex_literals_are_little_endian():
    parsed = value_of(constant("0100000002000000FFFFFFFF", "tensor<3xi32>"))
    assert parsed.get_values() == (1, 2, -1)
    parsed = value_of(constant("0000803F000000C0", "tensor<2xf32>"))
    assert parsed.get_values() == (1.0, -2.0)


@pytest.mark.parametrize(
    ("hex_text", "type_text", "values"),
    [
        ("0000803F", "tensor<2x3xf32>", (1.0,) * 6),
        ("FFFFFFFFFFFFFFFF", "tensor<4xi64>", (-1,) * 4),
        ("01", "tensor<3xi1>", (1,) * 3),
        ("003C", "tensor<1x2xf16>", (1.0,) * 2),
        ("0000803F", "tensor<f32>", (1.0,)),
    ],
)
def test_a_hex_literal_of_one_element_is_a_splat(hex_text: str, type_text: str, values: tuple):
    text = constant(hex_text, type_text)
    parsed = value_of(text)
    assert parsed.get_values() == values
    assert parsed == xdsl_value_of(text)


def test_printed_hex_literals_parse_back_to_the_same_text():
    """xDSL prints more than 100 elements as hex: printing, parsing and printing again
    gives the same text and the same attributes, which xDSL's parser reads the same."""
    lines = [
        f'  %c{i} = "test.op"() {{value = dense<"0x{np.tile(array, (8, 1)).tobytes().hex()}"> : '
        f"tensor<24x5x{element}>}} : () -> i32"
        for i, (element, array) in enumerate(ARRAYS.items())
    ]
    first = parse_module(make_context(), "builtin.module {\n" + "\n".join(lines) + "\n}\n", "in.mlir")
    printed = _print(first)
    assert printed.count('dense<"0x') == len(ARRAYS)
    second = parse_module(make_context(), printed, "out.mlir")
    assert _print(second) == printed
    attributes = [op.attributes for op in second.walk()]
    assert [op.attributes for op in first.walk()] == attributes
    assert [op.attributes for op in Parser(make_context(), printed).parse_module().walk()] == attributes


def test_strings_that_look_like_hex_stay_strings():
    text = '"test.op"() {a = "0xAB12", b = "0x", c = "0x12 34", d = "0xABC"} : () -> ()\n'
    module = parse_module(make_context(), text, "in.mlir")
    attributes = module.ops.first.attributes  # pyright: ignore[reportOptionalMemberAccess]
    assert attributes == {
        k: StringAttr(v) for k, v in {"a": "0xAB12", "b": "0x", "c": "0x12 34", "d": "0xABC"}.items()
    }


def test_other_dense_literals_are_xdsls():
    text = (
        '"test.op"() {a = dense<[[1.5, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, b = dense<7> : tensor<3xi8>, '
        "c = dense<> : tensor<0xf32>, d = dense<[true, false]> : tensor<2xi1>, "
        'e = dense<"0x"> : tensor<0xf32>} : () -> ()\n'
    )
    module = parse_module(make_context(), text, "in.mlir")
    assert module.ops.first.attributes == Parser(make_context(), text).parse_module().ops.first.attributes  # pyright: ignore[reportOptionalMemberAccess]


DENSE_TYPES = [
    "tensor<2xf32>",
    "tensor<2x3xbf16>",
    "tensor<f64>",
    "tensor<?x2xi8>",
    "tensor<2xi1>",
    "tensor<2xsi32>",
    "tensor<2xindex>",
    "tensor<2xcomplex<f32>>",
    "tensor<2xf32, 7 : i64>",
    "vector<4xf16>",
    "vector<[4]xf32>",
    "memref<2x3xf32>",
    "memref<2xf32, strided<[2]>>",
    "tensor<*xf32>",
    "memref<*xf32>",
    "tensor<2xtensor<2xf32>>",
    'tensor<2x!test.type<"x">>',
    "f32",
    "i64",
    "tuple<f32>",
]


@pytest.mark.parametrize("typ", DENSE_TYPES)
def test_dense_literal_types_are_those_of_xdsls_constraint(typ: str):
    parsed = Parser(make_context(), typ).parse_type()
    constraint = base(RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType])
    assert is_dense_literal_type(parsed) == constraint.verifies(parsed)


HEX_ERRORS = {
    "too-few-bytes": (constant("0000803F0000", "tensor<2xf32>"), "1:28", "the hex literal holds 6 bytes"),
    "too-many-bytes": (constant("0000803F" * 3, "tensor<2xf32>"), "1:28", "Expected 2 elements (8 bytes)"),
    "not-hex": (constant("0000803G", "tensor<1xf32>"), "1:", "Hex string in denseAttr is invalid"),
    "odd-length": (constant("0000803", "tensor<1xf32>"), "1:", "Hex string in denseAttr is invalid"),
    "dynamic-type": (constant("0000803F", "tensor<?xf32>"), "1:", "should have a static shape"),
    "not-a-shaped-type": (constant("0000803F", "f32"), "1:", "Expected memref, vector or tensor type"),
    "unterminated": (
        '"test.op"() {value = dense<"0x0000803F> : tensor<1xf32>} : () -> ()\n',
        "1:28",
        "End of file reached before closing string literal",
    ),
    # xDSL's regular expression for these backtracked exponentially: the parser hung
    "unterminated-with-escape": (
        '"test.op"() {a = "a\\n' + "b" * 60 + "} : () -> ()\n",
        "1:18",
        "End of file reached before closing string literal",
    ),
    "newline-in-string": (
        '"test.op"() {a = "' + "b" * 60 + '\n"} : () -> ()\n',
        "1:18",
        "End of file reached before closing string literal",
    ),
}


@pytest.mark.parametrize("text, where, message", HEX_ERRORS.values(), ids=HEX_ERRORS.keys())
def test_bad_hex_literals_are_located_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str, message: str
):
    path = tmp_path / "bad.mlir"
    path.write_text("// a comment line\n" + text)
    status = main([str(path)])
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err and "internal error" not in err
    found = LOCATED.search(err)
    assert found is not None, err
    assert f"{found['line']}:{found['column']}".startswith(f"2:{where[2:]}"), err
    assert message in found["message"], err


TYPES = [
    "tensor<2x3xf32>",
    "tensor<2x3xf32>",
    "tensor<f32>",
    "tensor<0x4xf32>",
    "tensor<4x0xi64>",
    "tensor<?x4xf32>",
    "tensor<4xcomplex<f32>>",
    "tensor<2x3xf32, 7 : i64>",
    "tensor<2x3xbf16>",
    "tensor<10xindex>",
    "tensor<2x3xf32>",
    "memref<2x3xf32>",
]


def test_types_parse_as_xdsl_parses_them():
    """Each distinct plain tensor type is parsed once; every type is what xDSL makes of it."""
    text = "".join(f'"test.op"() {{t = {t}}} : () -> {t}\n' for t in TYPES)
    module = parse_module(make_context(), text, "in.mlir")
    reference = Parser(make_context(), text).parse_module()
    assert [op.result_types for op in module.ops] == [op.result_types for op in reference.ops]
    assert [op.attributes for op in module.ops] == [op.attributes for op in reference.ops]
    assert module.ops.first.result_types[0] is list(module.ops)[1].result_types[0]  # pyright: ignore[reportOptionalMemberAccess]


@pytest.mark.parametrize(
    "bad", ["tensor<2x3xf33>", "tensor<2x3xf32>>", "tensor<2x3xf32", "tensor<2x3x>", "tensor<2x-3xf32>"]
)
def test_errors_after_a_known_type_are_as_without_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
):
    """A type that begins as a known one does: the same error at the same column."""
    errors = []
    for before in ("", '"test.op"() : () -> tensor<2x3xf32>\n'):
        path = tmp_path / "bad.mlir"
        path.write_text(f'{before}"test.op"() : () -> {bad}\n"test.op"() : () -> ()\n')
        status = main([str(path)])
        err = capsys.readouterr().err
        found = LOCATED.search(err)
        assert status == 1 and found is not None, err
        errors.append((int(found["line"]) - len(before.splitlines()), found["column"], found["message"]))
    assert errors[0] == errors[1]


def test_read_input_of_a_large_file(tmp_path: Path):
    """A large file is read through a memory map; the text is the file's."""
    text = "// ünïcode\n" + constant(
        "0000803F" * (LARGE_INPUT // 8 + 1), f"tensor<{LARGE_INPUT // 8 + 1}xf32>"
    )
    path = tmp_path / "large.mlir"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size >= LARGE_INPUT
    assert read_input(str(path)) == text
    small = tmp_path / "small.mlir"
    small.write_text("ü\n", encoding="utf-8")
    assert read_input(str(small)) == "ü\n"
    empty = tmp_path / "empty.mlir"
    empty.write_text("")
    assert read_input(str(empty)) == ""
    path.write_bytes(b"\xff" + text.encode())
    with pytest.raises(UnicodeDecodeError):
        read_input(str(path))


def _print(module: ModuleOp) -> str:
    from io import StringIO

    stream = StringIO()
    Printer(stream=stream).print_op(module)
    return stream.getvalue()


def _tokens(lexer) -> list[tuple]:
    """Every token of a lexer's input (kind and span), or the error that stops it."""
    tokens: list[tuple] = []
    while True:
        try:
            token = lexer.lex()
        except ParseError as error:
            return [*tokens, ("error", str(error))]
        tokens.append((token.kind, token.span.start, token.span.end))
        if token.kind is MLIRTokenKind.EOF:
            return tokens


LEXED = [
    *sorted((Path(__file__).parents[1] / "filecheck").rglob("*.mlir")),
    "%0 = é.op",  # (a non-ASCII letter is no identifier)
    "%x -> -1 : ->",
    "%1.a$b-c // a comment\n%.x %-y",
]


@pytest.mark.parametrize("source", LEXED, ids=str)
def test_the_lexer_gives_xdsls_tokens(source: Path | str):
    """The located parser's lexer takes the common tokens directly (faster than xDSL's
    lexer): it gives the tokens xDSL's gives, on every FileCheck test file and on
    corner cases. (Its string and hex literals, which only it decodes, span the same.)"""
    text = source.read_text() if isinstance(source, Path) else source
    expected = _tokens(MLIRLexer(Input(text, "x.mlir")))
    assert _tokens(_Lexer(Input(text, "x.mlir"))) == expected


MISSING_PUNCTUATION = [
    '"test.op"() : () -> (',
    '"test.op"() : ( -> ()',
    '"test.op"() {a = 1 : i32 : () -> ()',
    "func.func @f(%x: i32 -> i32 {\n  func.return %x : i32\n}",
    "func.func @f(%x: i32) -> i32 {\n  func.return %x i32\n}",
    "%r = gawee.add %a %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
    '"test.op"() [ : () -> ()',
]


@pytest.mark.parametrize("text", MISSING_PUNCTUATION)
def test_punctuation_errors_are_xdsls(text: str):
    """The located parser's faster punctuation: the same error at the same place."""
    with pytest.raises(ParseError) as ours:
        parse_module(make_context(), text, "in.mlir")
    with pytest.raises(ParseError) as xdsls:
        Parser(make_context(), text, "in.mlir").parse_module()
    assert (ours.value.span.start, ours.value.msg) == (xdsls.value.span.start, xdsls.value.msg)

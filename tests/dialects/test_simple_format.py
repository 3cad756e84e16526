"""The direct parse of the ops whose syntax is only operands, an attribute dictionary
and a functional type (`nnstack.dialects.simple_format`) against xDSL's declarative
format parser, which parses them when it is off: the same ops from every gawee op's
docs example, and the same errors (the direct parse hands anything irregular back to
xDSL's parser)."""

from __future__ import annotations

import io

import pytest
from gawee_examples import examples
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError

from nnstack.dialects import gawee
from nnstack.dialects.simple_format import SimpleFormat
from nnstack.interpreters import make_context


def _generic(text: str) -> str:
    module = Parser(make_context(), text).parse_module()
    stream = io.StringIO()
    Printer(stream=stream, print_generic_format=True).print_op(module)
    return stream.getvalue()


def _error(text: str) -> str:
    with pytest.raises(ParseError) as error:
        Parser(make_context(), text).parse_module()
    return str(error.value)


def _declarative_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SimpleFormat, "parse", lambda self, parser: None)


def test_which_formats_are_simple():
    assert SimpleFormat.of(gawee.AddOp) is not None
    assert SimpleFormat.of(gawee.ReluOp) is not None
    assert SimpleFormat.of(gawee.TransposeOp) is None  # `perm = [...]` in the format
    assert SimpleFormat.of(gawee.MaxOp) is None  # `$inputs attr-dict ...`, but variadic


def test_every_example_parses_as_the_declarative_format_parses_it(monkeypatch: pytest.MonkeyPatch):
    direct: list[str] = []
    original = SimpleFormat._parse  # pyright: ignore[reportPrivateUsage]

    def counted(self: SimpleFormat, parser: Parser):
        op = original(self, parser)
        if op is not None:
            direct.append(op.name)
        return op

    monkeypatch.setattr(SimpleFormat, "_parse", counted)
    texts = examples()
    fast = {name: _generic(text) for name, text in texts.items()}
    assert len(set(direct)) > 30, direct  # the direct parse made most element-wise ops
    _declarative_only(monkeypatch)
    assert fast == {name: _generic(text) for name, text in texts.items()}


ADD = "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {{\n  {op}\n  func.return %r : tensor<2x3xf32>\n}}\n"

BAD = {
    "mixed-element-types": "%r = gawee.add %a, %b : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>",
    "too-few-types": "%r = gawee.add %a, %b : (tensor<2x3xf32>) -> tensor<2x3xf32>",
    "no-arrow": "%r = gawee.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) tensor<2x3xf32>",
    "one-operand": "%r = gawee.add %a : (tensor<2x3xf32>) -> tensor<2x3xf32>",
    "undefined": "%r = gawee.add %a, %c : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
    "type-mismatch": "%r = gawee.add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>",
    "two-results": "%r = gawee.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)",
    "bad-attribute-dict": "%r = gawee.add %a, %b {x = } : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
    "dynamic": "%r = gawee.add %a, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
}


@pytest.mark.parametrize("op", BAD.values(), ids=BAD.keys())
def test_errors_are_the_declarative_formats(monkeypatch: pytest.MonkeyPatch, op: str):
    text = ADD.format(op=op)
    found = _error(text)
    _declarative_only(monkeypatch)
    assert found == _error(text)


def test_attributes_and_parenthesized_results_parse_directly():
    text = ADD.format(
        op='%r = gawee.add %a, %b {note = "x"} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)'
    )
    module = Parser(make_context(), text).parse_module()
    (add,) = [op for op in module.walk() if isinstance(op, gawee.AddOp)]
    assert dict(add.attributes) == {"note": add.attributes["note"]}
    assert add.results[0].type == add.lhs.type

"""nnstack.tools.source_text: a large input's dense hex literals cut out of its text and
decoded from its bytes. The parse of the cut text is the parse of the file's text (the
same IR, the same op locations), and nnstack-run reports a parse error at the file's
own line and column."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from nnstack.interpreters import make_context
from nnstack.interpreters.heap import LARGE_INPUT
from nnstack.tools.located_parser import parse_module
from nnstack.tools.nnstack_opt import main as nnstack_opt
from nnstack.tools.nnstack_run import NnstackRunMain
from nnstack.tools.source_text import CUT_LITERAL, SourceText, cut_hex_literals, read_source

LOCATED = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$", re.MULTILINE)
RNG = np.random.default_rng(11)


def _constant(name: str, array: np.ndarray) -> str:
    shape = "x".join(map(str, array.shape))
    return f'{name} = gawee.constant dense<"0x{array.tobytes().hex().upper()}"> : tensor<{shape}xf32>'


BIG = RNG.standard_normal(CUT_LITERAL // 8 + 3).astype(np.float32)  # (CUT_LITERAL + 24 digits)
JUST_BELOW = RNG.standard_normal(CUT_LITERAL // 8 - 1).astype(np.float32)
SMALL = np.arange(4, dtype=np.float32)
TEXT = "\n".join(
    [
        "// ünïcode before the literals: positions are characters, not bytes",
        f"func.func @main() -> (tensor<{BIG.size}xf32>, tensor<{JUST_BELOW.size}xf32>, tensor<4xf32>) {{",
        # two ops on one line: the second one's column is after a cut
        f"  {_constant('%a', BIG)}    {_constant('%b', JUST_BELOW)}",
        f'  {_constant("%c", SMALL)} "test.op"() {{s = "0x{"AB" * CUT_LITERAL}"}} : () -> ()',
        f"  func.return %a, %b, %c : tensor<{BIG.size}xf32>, tensor<{JUST_BELOW.size}xf32>, tensor<4xf32>",
        "}",
        "",
    ]
)


def test_only_large_dense_hex_literals_are_cut_and_every_position_maps_back() -> None:
    source = cut_hex_literals(TEXT.encode())
    assert source.size == len(TEXT)
    # the big literal alone: not the one just below the threshold, the small one, nor
    # a string attribute that looks like hex
    assert list(source.hex_literals.values()) == [BIG.tobytes()]
    assert len(source.text) == len(TEXT) - 2 * BIG.nbytes
    assert source.text.count('dense<"0x">') == 1
    for position, character in enumerate(source.text):
        assert TEXT[source.original(position)] == character, position
    (quote,) = source.hex_literals
    assert source.text[quote : quote + 4] == '"0x"'


@pytest.mark.parametrize(
    "digits",
    ["0" * (CUT_LITERAL + 1), "G" + "0" * (CUT_LITERAL + 1), "0" * CUT_LITERAL + '\n"'],
    ids=["odd", "not-hex", "newline"],
)
def test_a_literal_that_does_not_decode_stays_in_the_text(digits: str) -> None:
    text = f'"test.op"() {{v = dense<"0x{digits}"> : tensor<1xf32>}} : () -> ()\n'
    source = cut_hex_literals(text.encode())
    assert source.text == text and source.hex_literals == {}


def test_the_parse_of_the_cut_text_is_the_parse_of_the_text(tmp_path: Path) -> None:
    path = tmp_path / "model.mlir"
    path.write_text(TEXT, encoding="utf-8")
    source = read_source(str(path))
    assert source.hex_literals and source.text == cut_hex_literals(TEXT.encode()).text
    cut = parse_module(make_context(), source, "model.mlir")
    whole = parse_module(make_context(), TEXT, "model.mlir")
    assert str(cut) == str(whole)
    locations = [(op.name, op.location) for op in cut.walk()]
    assert locations == [(op.name, op.location) for op in whole.walk()]
    assert str(locations[2][1]) == 'loc("model.mlir":3:3)'  # %a
    assert str(locations[3][1]) == f'loc("model.mlir":3:{TEXT.splitlines()[2].index("%b") + 1})'


def test_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.mlir"
    path.write_text("")
    assert read_source(str(path)) == SourceText("")


def test_nnstack_run_of_a_large_file(tmp_path: Path) -> None:
    weights = RNG.standard_normal(LARGE_INPUT // 8).astype(np.float32)
    typ = f"tensor<{weights.size}xf32>"
    text = "\n".join(
        [
            f"func.func @main(%x: {typ}) -> {typ} {{",
            f"  {_constant('%w', weights)}",
            f"  %y = gawee.add %x, %w : ({typ}, {typ}) -> {typ}",
            f"  func.return %y : {typ}",
            "}",
        ]
    )
    path = tmp_path / "large.mlir"
    path.write_text(text)
    assert path.stat().st_size >= LARGE_INPUT
    x = RNG.standard_normal(weights.size).astype(np.float32)
    np.save(tmp_path / "x.npy", x)
    status = NnstackRunMain(
        args=[str(path), "--input", str(tmp_path / "x.npy"), "--output-dir", str(tmp_path / "out")]
    ).run_tool()
    assert status == 0
    np.testing.assert_array_equal(np.load(tmp_path / "out" / "out0.npy"), x + weights)


def test_nnstack_run_reports_a_parse_error_after_a_cut_where_it_is_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same diagnostic as nnstack-opt's, which parses the whole text: the line
    and column of the bad type after the literal, and the file's own line under it."""
    weights = RNG.standard_normal(LARGE_INPUT // 8).astype(np.float32)
    bad_line = _constant("%w", weights).replace("xf32>", "xf33>")
    text = f"func.func @main() {{\n  {bad_line}\n  func.return\n}}\n"
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    assert NnstackRunMain(args=[str(path)]).run_tool() == 1
    run_error = capsys.readouterr().err
    assert nnstack_opt([str(path)]) == 1
    opt_error = capsys.readouterr().err
    found, expected = LOCATED.search(run_error), LOCATED.search(opt_error)
    assert found is not None and expected is not None, run_error
    assert found.group("line", "column", "message") == expected.group("line", "column", "message")
    assert found["line"] == "2" and int(found["column"]) > 2 * weights.nbytes
    assert f"  {bad_line}\n" in run_error

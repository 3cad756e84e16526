"""nnstack-opt: exit statuses, located diagnostics, no traceback, internal errors,
SSA dominance, duplicate labels, and the `--verify-diagnostics` matcher's failures."""

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp, UnknownLoc, i32
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from nnstack.tools.diagnostics import Severity, SourceLocation
from nnstack.tools.expected_diagnostics import check, expectations
from nnstack.tools.nnstack_opt import NnstackOptMain, main
from nnstack.transforms.utils import LocatedRewriteWalker

NNSTACK_OPT = Path(sys.executable).parent / "nnstack-opt"

VALID = """\
func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
"""

LOCATED = re.compile(
    r"^(?P<file>.+):(?P<line>\d+):(?P<column>\d+): (?P<kind>error|note|warning): (?P<message>.*)$"
)


def write(tmp_path: Path, text: str, name: str = "in.mlir") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def diagnostics(err: str) -> list[re.Match[str]]:
    """The `FILE:LINE:COL: kind: message` lines of stderr (the source excerpts skipped)."""
    return [m for line in err.splitlines() if (m := LOCATED.match(line))]


def test_valid_input_prints_the_module_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    status, out, err = run(capsys, str(write(tmp_path, VALID)), "-p", "convert-gawee-to-linalg")
    assert status == 0 and err == ""
    assert "linalg.generic" in out and "gawee." not in out


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        (
            VALID.replace("tensor<2x3xf32>\n  func", "tensor<3x2xf32>\n  func").replace(
                "%0 : tensor<2x3", "%x : tensor<2x3"
            ),
            2,
            3,
            "'gawee.relu' op result shape [3, 2] does not match the expected shape [2, 3]",
        ),
        (VALID.replace("gawee.relu %x :", "gawee.relu %x"), 2, 22, "gawee.relu: Expected ':'"),
        (VALID.replace("%0 : tensor", "%7 : tensor"), 3, 15, "use of undefined value '%7'"),
    ],
    ids=["verifier", "parser", "undefined-value"],
)
def test_errors_are_located_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int, column: int, message: str
):
    path = write(tmp_path, text)
    status, out, err = run(capsys, str(path))
    assert status == 1 and out == ""
    (found,) = diagnostics(err)
    assert (found["file"], int(found["line"]), int(found["column"])) == (str(path), line, column)
    assert found["kind"] == "error" and found["message"] == message
    # mlir-opt's excerpt: the source line, then a caret under the column
    lines = err.splitlines()
    assert lines[1] == text.splitlines()[line - 1] and lines[2] == " " * (column - 1) + "^"


def test_pass_failure_is_one_diagnostic_per_op(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = """\
func.func @f(%x: tensor<4x5xf32>, %s: tensor<2xi32>, %t: tensor<1xi64>) -> tensor<20xf32> {
  %0 = mir.dynamic_reshape %x, %s : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<10x?xf32>
  %1 = mir.neg %x : (tensor<4x5xf32>) -> tensor<4x5xf32>
  %2 = mir.dynamic_reshape %0, %t : (tensor<10x?xf32>, tensor<1xi64>) -> tensor<20xf32>
  func.return %2 : tensor<20xf32>
}
"""
    status, out, err = run(
        capsys, str(write(tmp_path, text)), "-p", 'convert-mir-to-llir{layout="column-major"}'
    )
    assert status == 1 and out == ""
    why = "dynamic shape tensor<10x?xf32> in column-major layout (sizes must be static)"
    assert [(int(d["line"]), d["message"]) for d in diagnostics(err)] == [
        (2, f"cannot lower mir.dynamic_reshape: {why}"),
        (4, f"cannot lower mir.dynamic_reshape: {why}"),
    ]


BROKEN = {
    "memref-verifier-raises-Exception": "func.func @f(%m: memref<4x4xf32>, %i: index) -> f32 {\n"
    "  %v = memref.load %m[%i] : memref<4x4xf32>\n  func.return %v : f32\n}\n",
    "label-redefined-after-use": "func.func @f() {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb1\n^bb1:\n  func.return\n}\n",
    "type-parameters": "func.func @f(%a: tensor<2x3xf32, 1, 2>) {\n  func.return\n}\n",
    "attribute-verifier": 'func.func @f(%a: !spensor.memory<"L1", [4, 0]>) {\n  func.return\n}\n',
    "use-before-definition": "func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %c, %a : i32\n"
    "  %c = arith.addi %a, %a : i32\n  func.return %b : i32\n}\n",
    "unknown-op": "func.func @f() {\n  %0 = gawee.nope : () -> i32\n  func.return\n}\n",
    "missing-terminator": "func.func @f() {\n  %0 = arith.constant 1 : i32\n}\n",
    "empty-body": '"func.func"() <{sym_name = "f", function_type = () -> ()}> ({\n^bb0:\n}) : () -> ()\n',
    "wrong-result-count": "func.func @f(%a: i32) {\n  %b, %c = arith.addi %a, %a : i32\n  func.return\n}\n",
    "truncated": "func.func @f(%a: i32) {\n  %b = arith.addi %a,",
    # found by the mutation fuzz test: xDSL's FloatAttr raised OverflowError
    "float-beyond-f16": "func.func @f() {\n  %c = arith.constant 16777216.0 : f16\n  func.return\n}\n",
    "float-beyond-f32-in-attribute": '"test.op"() {a = 1.0e+39 : f32} : () -> ()\n',
}


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_broken_inputs_give_located_errors_not_tracebacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
):
    status, out, err = run(capsys, str(write(tmp_path, text)), "-p", "convert-gawee-to-linalg")
    assert status == 1 and out == ""
    assert "Traceback" not in err and "internal error" not in err
    found = diagnostics(err)
    assert found and found[0]["kind"] == "error", err
    # every line is a diagnostic, or the source excerpt under one
    assert len(err.splitlines()) == 3 * len(found), err


def test_the_console_script_has_no_traceback(tmp_path: Path):
    paths = [str(write(tmp_path, text, f"{name}.mlir")) for name, text in BROKEN.items()]
    for path in paths:
        result = subprocess.run([str(NNSTACK_OPT), path], capture_output=True, text=True, check=False)
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stderr and result.stderr.startswith(f"{path}:")


def test_input_and_command_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    binary = tmp_path / "bad.mlir"
    binary.write_bytes(b"\xff\xfe func")
    assert run(capsys, str(binary))[0] == 1
    status, _, err = run(capsys, str(tmp_path / "missing.mlir"))
    assert status == 1 and err.startswith("nnstack-opt: error:") and "Traceback" not in err
    status, _, err = run(capsys, str(write(tmp_path, VALID)), "-p", "no-such-pass")
    assert status == 1 and "no-such-pass" in err and "Traceback" not in err


@dataclass(frozen=True)
class RaisingPass(ModulePass):
    """A pass with a bug."""

    name = "test-raise"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise KeyError("the bug")


class AddfOnIntegers(RewritePattern):
    """Builds an invalid op (arith.addf on i32), with no location of its own."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: arith.ConstantOp, rewriter: PatternRewriter) -> None:
        if op.result.type == i32 and not any(isinstance(u.operation, arith.AddfOp) for u in op.result.uses):
            bad = arith.AddfOp(op.result, op.result)
            assert isinstance(bad.location, UnknownLoc)
            rewriter.insert(bad, rewriter.insertion_point.after(op))


@dataclass(frozen=True)
class InvalidIRPass(ModulePass):
    """A pass with a bug that leaves invalid IR behind."""

    name = "test-invalid-ir"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        LocatedRewriteWalker(AddfOnIntegers(), apply_recursively=False).rewrite_module(op)


class OptWithBuggyPasses(NnstackOptMain):
    def register_all_passes(self):
        super().register_all_passes()
        self.register_pass(RaisingPass.name, lambda: RaisingPass)
        self.register_pass(InvalidIRPass.name, lambda: InvalidIRPass)


def test_an_exception_in_a_pass_is_an_internal_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    path = str(write(tmp_path, VALID))
    assert OptWithBuggyPasses([path, "-p", "test-raise"]).run_tool() == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith(
        "nnstack-opt: internal error while running pass 'test-raise': KeyError: 'the bug'\n"
    )
    assert "this is a bug" in err and "please report it" in err and "--traceback" in err

    assert OptWithBuggyPasses([path, "-p", "test-raise", "--traceback"]).run_tool() == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):") and 'raise KeyError("the bug")' in err
    assert "nnstack-opt: internal error while running pass 'test-raise': KeyError" in err


def test_invalid_ir_left_by_a_pass_is_reported_at_the_source_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    text = "func.func @f() -> i32 {\n  %c = arith.constant 1 : i32\n  func.return %c : i32\n}\n"
    assert OptWithBuggyPasses([str(write(tmp_path, text)), "-p", "test-invalid-ir"]).run_tool() == 1
    (found,) = diagnostics(capsys.readouterr().err)
    # the arith.addf the pass built carries the location of the constant it matched
    assert (int(found["line"]), int(found["column"])) == (2, 3)
    assert found["message"].startswith("'arith.addf' op operand 'lhs' at position 0 does not verify")


DOMINANCE = {
    "same-block": (
        (
            "func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %c, %a : i32\n"
            "  %c = arith.addi %a, %a : i32\n  func.return %b : i32\n}\n"
        ),
        2,
        3,
    ),
    "own-region": (
        (
            "func.func @f(%n: index) -> index {\n  %c0 = arith.constant 0 : index\n"
            "  %r = scf.for %i = %c0 to %n step %n iter_args(%s = %c0) -> (index) {\n"
            "    %t = arith.addi %s, %r : index\n    scf.yield %t : index\n  }\n"
            "  func.return %r : index\n}\n"
        ),
        4,
        3,
    ),
    "sibling-block": (
        (
            "func.func @f(%c: i1, %a: i32) -> i32 {\n  cf.cond_br %c, ^l, ^r\n^l:\n"
            "  %x = arith.addi %a, %a : i32\n  cf.br ^r\n^r:\n  func.return %x : i32\n}\n"
        ),
        7,
        4,
    ),
}


@pytest.mark.parametrize(("text", "use", "definition"), DOMINANCE.values(), ids=DOMINANCE.keys())
def test_uses_that_their_definition_does_not_dominate_are_rejected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, use: int, definition: int
):
    status, _, err = run(capsys, str(write(tmp_path, text)))
    assert status == 1
    error, note = diagnostics(err)
    assert (
        error["kind"] == "error"
        and int(error["line"]) == use
        and "does not dominate this use" in error["message"]
    )
    assert note["kind"] == "note" and int(note["line"]) == definition


def test_dominated_uses_are_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = (
        "func.func @f(%c: i1, %a: i32) -> i32 {\n  %x = arith.addi %a, %a : i32\n  cf.cond_br %c, ^l, ^r(%x : i32)\n"
        "^l:\n  cf.br ^r(%a : i32)\n^r(%y: i32):\n  %z = arith.addi %x, %y : i32\n  func.return %z : i32\n"
        "^dead:\n  %w = arith.addi %z, %z : i32\n  func.return %w : i32\n}\n"
    )
    assert run(capsys, str(write(tmp_path, text)))[0] == 0


def test_duplicate_block_labels_are_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    status, _, err = run(capsys, str(write(tmp_path, BROKEN["label-redefined-after-use"])))
    assert status == 1
    error, note = diagnostics(err)
    assert (int(error["line"]), error["message"]) == (5, "redefinition of block '^bb1'")
    assert (int(note["line"]), note["kind"], note["message"]) == (3, "note", "previously defined here")


# --verify-diagnostics

INVALID_RELU = "  %0 = gawee.relu %x : (tensor<2x3xf32>) -> tensor<3x3xf32>\n"


def relu_case(annotation: str) -> str:
    return f"func.func @f(%x: tensor<2x3xf32>) {{\n{annotation}{INVALID_RELU}  func.return\n}}\n"


def verify(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, *args: str) -> tuple[int, str]:
    status, _, err = run(capsys, str(write(tmp_path, text)), "--verify-diagnostics", *args)
    return status, err


def test_matched_expectations_pass_silently(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert verify(tmp_path, capsys, relu_case("  // expected-error @+1 {{result shape [3, 3]}}\n")) == (0, "")


def test_a_missing_diagnostic_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = "// expected-error @+1 {{nothing wrong here}}\n" + VALID
    status, err = verify(tmp_path, capsys, text)
    assert status == 1
    (found,) = diagnostics(err)
    assert (int(found["line"]), int(found["column"])) == (1, 4)
    assert found["message"] == 'expected error "nothing wrong here" was not produced'


def test_an_unexpected_diagnostic_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    status, err = verify(tmp_path, capsys, relu_case(""))
    assert status == 1
    (found,) = diagnostics(err)
    assert int(found["line"]) == 2
    assert found["message"].startswith("unexpected error: 'gawee.relu' op result shape [3, 3]")


@pytest.mark.parametrize(
    "annotation",
    [
        "  // expected-error @+2 {{result shape [3, 3]}}\n",  # wrong line
        "  // expected-warning @+1 {{result shape [3, 3]}}\n",  # wrong kind
        "  // expected-error @+1 {{result shape [4, 4]}}\n",  # wrong text
        "  // expected-error-re @+1 {{result shape \\[{{[4-9]}}, 3\\]}}\n",  # regex not matching
    ],
    ids=["line", "kind", "text", "regex"],
)
def test_a_wrong_expectation_fails_both_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], annotation: str
):
    status, err = verify(tmp_path, capsys, relu_case(annotation))
    assert status == 1
    messages = [d["message"] for d in diagnostics(err)]
    assert len(messages) == 2
    assert messages[0].startswith("unexpected error: ") and messages[1].endswith("was not produced")


def test_one_diagnostic_matches_one_expectation(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    twice = "  // expected-error @+2 {{result shape}}\n  // expected-error @+1 {{result shape}}\n"
    status, err = verify(tmp_path, capsys, relu_case(twice))
    assert status == 1
    assert [d["message"] for d in diagnostics(err)] == ['expected error "result shape" was not produced']


def test_expectations_count_only_in_their_chunk(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = relu_case("") + "// -----\n// expected-error @-4 {{result shape}}\n" + VALID
    status, err = verify(tmp_path, capsys, text, "--split-input-file")
    assert status == 1
    unexpected, missing = (d["message"] for d in diagnostics(err))
    assert unexpected.startswith("unexpected error: 'gawee.relu'") and missing.startswith(
        'expected error "result'
    )
    assert verify(tmp_path, capsys, text)[0] == 0  # one chunk: the expectation is in it


def test_unlocated_diagnostics_match_at_unknown(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A pass failure about no op in particular has no location (`@unknown`)."""
    pipeline = ("-p", "convert-mir-to-llir{vector-width=0}")
    status, err = verify(tmp_path, capsys, VALID, *pipeline)
    assert status == 1 and "unexpected error: convert-mir-to-llir: vector-width must be >= 1" in err
    text = "// expected-error @unknown {{vector-width must be >= 1}}\n" + VALID
    assert verify(tmp_path, capsys, text, *pipeline) == (0, "")


def test_above_and_below_skip_other_expectations():
    text = "a\n// expected-error @above {{x}}\n// expected-note @above {{y}}\n// expected-error @below {{z}}\nb\n"
    found = expectations(text, "f.mlir")
    assert [(e.severity, e.line) for e in found] == [
        (Severity.ERROR, 1),
        (Severity.NOTE, 1),
        (Severity.ERROR, 5),
    ]
    assert found[0].written_at == SourceLocation("f.mlir", 2, 4)
    assert check([], found)[0].message == 'expected error "x" was not produced'


def test_a_verified_input_is_not_verified_again_by_the_lowering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    """convert-gawee-to-linalg checks every gawee op before it rewrites any, verifying
    it; after nnstack-opt verified the input (`PassRunner.input_verified`), it does not
    do that again (a tenth of the Llama's lowering). Without the driver's verification
    it still does."""
    from nnstack.dialects import gawee

    calls: list[str] = []
    verify = gawee.ReluOp.verify_

    def counting(op: gawee.ReluOp) -> None:
        calls.append(op.name)
        verify(op)

    monkeypatch.setattr(gawee.ReluOp, "verify_", counting)
    path = str(write(tmp_path, VALID))
    assert run(capsys, path, "-p", "convert-gawee-to-linalg")[0] == 0
    assert calls == ["gawee.relu"]
    calls.clear()
    assert run(capsys, path, "-p", "convert-gawee-to-linalg", "--disable-verify")[0] == 0
    assert calls == ["gawee.relu"]


def test_changed_since_sees_any_edit():
    """The "changed nothing" check (`driver.changed_since`): an edit anywhere in the
    module, the last op's attribute, an op added or removed at the end, is a change."""
    from xdsl.dialects.builtin import IntegerAttr

    from nnstack.tools.driver import changed_since, ir_fingerprint

    def module() -> ModuleOp:
        return ModuleOp([arith.ConstantOp(IntegerAttr(1, i32)), arith.ConstantOp(IntegerAttr(2, i32))])

    same = module()
    assert not changed_since(list(ir_fingerprint(same)), same)
    edited = module()
    before = list(ir_fingerprint(edited))
    last = edited.body.block.last_op
    assert isinstance(last, arith.ConstantOp)
    last.value = IntegerAttr(2, i32)  # (an equal value, but a new object: edited)
    assert changed_since(before, edited)
    grown = module()
    before = list(ir_fingerprint(grown))
    grown.body.block.add_op(arith.ConstantOp(IntegerAttr(3, i32)))
    assert changed_since(before, grown)
    shrunk = module()
    before = list(ir_fingerprint(shrunk))
    last = shrunk.body.block.last_op
    assert last is not None
    shrunk.body.block.erase_op(last)
    assert changed_since(before, shrunk)


def test_disable_verify_leaves_attribute_verification_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """xDSL's driver turns --disable-verify into a process-wide patch that stops every
    attribute from verifying; after nnstack-opt ran with it in process, an invalid
    attribute is still rejected."""
    from xdsl.dialects.builtin import DYNAMIC_INDEX, TensorType, f32
    from xdsl.utils.exceptions import VerifyException

    from nnstack.dialects import spensor

    path = str(write(tmp_path, VALID))
    assert run(capsys, path, "--disable-verify")[0] == 0
    memory = spensor.MemoryType("L1", [4, 4])
    with pytest.raises(VerifyException, match="static shape"):
        spensor.SpensorType(TensorType(f32, [DYNAMIC_INDEX, 4]), memory)


def test_output_file_is_written_only_when_everything_succeeded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """As mlir-opt: `-o FILE` holds the whole output of a run without errors; a run with
    an error leaves no file (not an empty or partial one); an output path in no directory
    is a one-line error before any work."""
    good, bad = (
        str(write(tmp_path, VALID)),
        str(write(tmp_path, VALID + "\n// -----\n" + VALID.replace("relu", "nope"), "bad.mlir")),
    )
    out = tmp_path / "out.mlir"
    assert run(capsys, good, "-o", str(out))[0] == 0
    assert out.read_text() == run(capsys, good)[1]
    out.unlink()
    status, _, err = run(capsys, bad, "--split-input-file", "-o", str(out))
    assert status == 1 and "nope" in err and not out.exists()
    status, _, err = run(capsys, good, "-o", str(tmp_path / "no" / "out.mlir"))
    assert (
        status == 1
        and err
        == f"nnstack-opt: error: cannot write '{tmp_path / 'no' / 'out.mlir'}': no directory '{tmp_path / 'no'}'\n"
    )


def test_dumps_and_timings_go_to_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--print-between-passes and --time-passes report on stderr, as mlir-opt's
    -mlir-print-ir-after-all and -mlir-timing do: stdout stays the output IR, which parses."""
    path = str(write(tmp_path, VALID))
    passes = ["-p", "convert-gawee-to-mir,convert-mir-to-llir"]
    _, plain, _ = run(capsys, path, *passes)
    status, out, err = run(capsys, path, *passes, "--print-between-passes", "--time-passes")
    assert status == 0 and out == plain
    assert "// -----// IR Dump After convert-gawee-to-mir //----- //" in err and "mir." in err
    assert "Pass convert-gawee-to-mir took" in err and "Pass convert-mir-to-llir took" in err


@pytest.mark.parametrize("flag", ["--timing", "--mlir-timing"])
def test_timing_reports_each_phase_and_pass_as_mlir_opt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str
):
    """The report of mlir-opt's -mlir-timing on stderr: the total, then one row per phase
    (each pass indented under the pipeline), their percentages, Rest and Total; the
    rows' times add up to the total."""
    path = str(write(tmp_path, VALID))
    status, out, err = run(capsys, path, "-p", "convert-gawee-to-mir,convert-mir-to-llir", flag)
    assert status == 0 and "llir.func" in out and "Execution time report" not in out
    rows = re.findall(r"^  +(\d+\.\d{4}) \( *(\d+\.\d)%\)  ( *)(\S.*)$", err, re.MULTILINE)
    names = [(indent, name) for _, _, indent, name in rows]
    assert names == [
        ("", "Input"),
        ("", "Parser"),
        ("", "Verifier"),
        ("", "Pipeline"),
        ("  ", "convert-gawee-to-mir"),
        ("  ", "convert-mir-to-llir"),
        ("", "Output"),
        ("", "Rest"),
        ("", "Total"),
    ]
    seconds = {name: float(time) for time, _, _, name in rows}
    (total,) = re.findall(r"Total Execution Time: (\d+\.\d{4}) seconds", err)
    top = ("Input", "Parser", "Verifier", "Pipeline", "Output", "Rest")
    assert abs(sum(seconds[name] for name in top) - float(total)) <= 0.0005 * len(top)
    assert seconds["convert-gawee-to-mir"] + seconds["convert-mir-to-llir"] <= seconds["Pipeline"] + 0.0002


def test_mlir_pass_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """mlir-opt's spellings: --pass-pipeline='builtin.module(...)' runs what -p runs (a
    nested anchor or both forms at once are one-line errors); --mlir-print-ir-before-all
    and --mlir-print-ir-after-all dump the IR around every pass, the last one included,
    on stderr."""
    path = str(write(tmp_path, VALID))
    _, by_p, _ = run(capsys, path, "-p", "convert-gawee-to-mir,convert-mir-to-llir")
    status, out, _ = run(
        capsys, path, "--pass-pipeline=builtin.module(convert-gawee-to-mir,convert-mir-to-llir)"
    )
    assert status == 0 and out == by_p
    for bad in ("func.func(convert-gawee-to-mir)", "builtin.module(func.func(convert-gawee-to-mir))"):
        status, _, err = run(capsys, path, f"--pass-pipeline={bad}")
        assert status == 1 and err.startswith("nnstack-opt: error: --pass-pipeline") and err.count("\n") == 1
    status, _, err = run(capsys, path, "-p", "convert-gawee-to-mir", "--pass-pipeline=builtin.module(cse)")
    assert status == 1 and "not both" in err
    flags = ("--mlir-print-ir-before-all", "--mlir-print-ir-after-all")
    status, out, err = run(capsys, path, "-p", "convert-gawee-to-mir,convert-mir-to-llir", *flags)
    assert status == 0 and out == by_p
    assert re.findall(r"^// -----// IR Dump (\w+ [\w-]+) //----- //$", err, re.MULTILINE) == [
        "Before convert-gawee-to-mir",
        "After convert-gawee-to-mir",
        "Before convert-mir-to-llir",
        "After convert-mir-to-llir",
    ]


def test_list_passes_says_what_each_does_and_its_options(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as exit_info:
        main(["--list-passes"])
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert "  convert-gawee-to-mir: Lowers every gawee op to mir" in out
    block = out.split("  convert-mir-to-llir:", 1)[1].split("\n  convert-")[0]
    assert "      layout: Literal['row-major', 'column-major'] = 'row-major'" in block
    assert "      vector-width: int = 1" in block
    help_text = subprocess.run(
        [sys.executable, "-m", "nnstack.tools.nnstack_opt", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "convert-gawee-to-mir" not in help_text and "--list-passes" in help_text


def test_progress_line_is_erased_before_diagnostics(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """--progress names each pass as it starts; the line is erased before a diagnostic
    and at the end, so the diagnostic starts its own line."""
    path = str(
        write(
            tmp_path,
            VALID.replace("tensor<2x3xf32>) -> tensor<2x3xf32>", "tensor<2x3xf32>) -> tensor<3x3xf32>", 1),
            "bad.mlir",
        )
    )
    status, _, err = run(capsys, str(write(tmp_path, VALID)), "-p", "convert-gawee-to-mir", "--progress")
    assert status == 0 and "\r\x1b[Knnstack-opt: convert-gawee-to-mir..." in err and err.endswith("\r\x1b[K")
    status, _, err = run(capsys, path, "--progress")
    assert status == 1 and "\r\x1b[K" + str(path) in err

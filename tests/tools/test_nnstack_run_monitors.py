"""nnstack-run's watch over a running function: `--check-finite` and the progress line."""

from pathlib import Path

import numpy as np
import pytest

from nnstack.interpreters import parse_module, prepare
from nnstack.tools.nnstack_run import NnstackRunMain
from nnstack.tools.run_monitors import FiniteCheck, Progress, has_non_finite, observing

# log of a negative number is the first NaN; exp carries it to the result
MAKES_NAN = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = gawee.abs %x : (tensor<4xf32>) -> tensor<4xf32>
  %n = gawee.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  %l = gawee.log %n : (tensor<4xf32>) -> tensor<4xf32>
  %e = gawee.exp %l : (tensor<4xf32>) -> tensor<4xf32>
  func.return %e : tensor<4xf32>
}
"""

# exp(100) overflows to inf in f32, and its reciprocal is 0 again: the result is finite
INF_INSIDE = """func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = gawee.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  %r = gawee.reciprocal %e : (tensor<4xf32>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
"""

LEVELS = {
    "gawee": ([], "gawee.log"),
    "linalg": (["-p", "convert-gawee-to-linalg"], "linalg.generic"),
    "mir": (["-p", "convert-gawee-to-mir"], "mir.log"),
}


def nnstack_run(tmp_path: Path, text: str, x: np.ndarray, *args: str) -> int:
    program = tmp_path / "program.mlir"
    program.write_text(text)
    np.save(tmp_path / "x.npy", x)
    return NnstackRunMain(
        args=[str(program), "--symbol", "main", "--input", str(tmp_path / "x.npy"), *args]
    ).run_tool()


@pytest.mark.parametrize("level", LEVELS)
def test_check_finite_names_the_first_op_that_made_nan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], level: str
) -> None:
    passes, op_name = LEVELS[level]
    x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
    assert nnstack_run(tmp_path, MAKES_NAN, x, "--check-finite", *passes) == 0
    err = capsys.readouterr().err
    # the op lowered from gawee.log keeps its location (line 4, column 3)
    assert f"program.mlir:4:3: warning: '{op_name}' op produced NaN or Inf from finite operands" in err
    assert "the results of @main hold NaN or Inf, which its inputs do not" in err
    assert "%l = gawee.log %n" in err


def test_check_finite_is_quiet_when_it_has_nothing_to_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    x = np.array([1.0, -2.0, 0.5, 3.0], np.float32)
    # without the flag
    assert nnstack_run(tmp_path, MAKES_NAN, x) == 0
    # NaN already in the inputs
    assert nnstack_run(tmp_path, MAKES_NAN, np.array([np.nan, 1, 2, 3], np.float32), "--check-finite") == 0
    # Inf inside, finite results
    big = np.array([100.0, 0.0, -1.0, 100.0], np.float32)
    assert nnstack_run(tmp_path, INF_INSIDE, big, "--check-finite") == 0
    out, err = capsys.readouterr()
    assert "warning" not in err and "ops," not in err  # no progress line either: stderr is no terminal
    assert out.replace(" ", "").endswith("[0.,1.,2.718282,0.]\n")


def test_finite_check_blames_the_op_with_finite_operands() -> None:
    """exp(100) is the first Inf; neg, which passes it on, is not blamed."""
    program = prepare(
        parse_module(INF_INSIDE.replace("%r = gawee.reciprocal %e", "%r = gawee.neg %e")), "main"
    )
    check = FiniteCheck()
    x = np.array([100.0, 0.0, -1.0, 1.0], np.float32)
    results = program.call([x], observer=check).results
    assert check.first is not None and check.first.name == "gawee.exp"
    warning = check.warning("main", [x], results)
    assert warning is not None and "'gawee.exp' op produced NaN or Inf" in warning.message
    assert check.warning("main", [x], [np.zeros(2, np.float32)]) is None


def test_has_non_finite_looks_at_floats_only() -> None:
    assert has_non_finite([np.array([1, 2], np.int64), np.float32(np.inf)])
    assert not has_non_finite([np.array([1, 2], np.int64), np.ones(3, np.float16), 7])
    assert has_non_finite([np.array([[0.0, np.nan]], np.float64)])


def test_progress_line_counts_the_steps() -> None:
    program = prepare(parse_module(MAKES_NAN), "main")
    told: list[str] = []
    progress = Progress("main", len(program.plan.steps), told.append, interval=0.0)
    seen: list[int] = []
    observer = observing(progress, lambda index, op, operands, results: seen.append(index), None)
    program.call([np.ones(4, np.float32)], observer=observer)
    assert seen == [0, 1, 2, 3]
    assert told == [f"@main: {done}/4 ops" for done in range(1, 5)]
    quiet: list[str] = []
    Progress("main", 4, quiet.append, interval=3600.0)(0, program.plan.steps[0].op, (), ())
    assert quiet == []
    assert observing(None, None) is None

"""Both conversions of gawee (convert-gawee-to-linalg, convert-gawee-to-mir) check every
op before rewriting any, report each op they cannot lower at that op, and hold no state
from one run to the next: their patterns are made for each run and keep nothing."""

import pytest
from gawee_cases import context
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp

from nnstack.tools.located_parser import parse_module
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.gawee_conversion import GaweeConversionPass
from nnstack.transforms.utils import PassFailedAtOps, Problem

PASSES = [ConvertGaweeToLinalgPass(), ConvertGaweeToMirPass()]

VALID = """func.func @f(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = gawee.relu %x : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}
"""

DYNAMIC = """func.func @g(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "gawee.exp"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "gawee.relu"(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %1 : tensor<?x4xf32>
}
"""

WRONG_SHAPE = """func.func @h(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  func.return %0 : tensor<1x4x8x8xf32>
}
"""


def located(text: str, name: str) -> ModuleOp:
    """`text` parsed with a location on every op, unverified (as a producer that never
    verified would hand it over)."""
    return parse_module(context(), text, name)


def failure(pass_: GaweeConversionPass, module: ModuleOp) -> PassFailedAtOps:
    with pytest.raises(PassFailedAtOps) as error:
        pass_.apply(context(), module)
    return error.value


def where(problems: tuple[Problem, ...]) -> list[tuple[str, int, str]]:
    """(file, line, message) of each problem's op."""
    found = []
    for op, message in problems:
        location = op.location
        assert isinstance(location, FileLineColLoc)
        found.append((location.filename.data, location.line.data, message))
    return found


@pytest.mark.parametrize("pass_", PASSES, ids=lambda p: p.name)
def test_an_unsupported_op_is_reported_at_the_op(pass_: GaweeConversionPass):
    module = located(DYNAMIC, "dynamic.mlir")
    before = str(module)
    error = failure(pass_, module)
    assert where(error.problems) == [
        (
            "dynamic.mlir",
            2,
            "cannot lower gawee.exp: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)",
        ),
        (
            "dynamic.mlir",
            3,
            "cannot lower gawee.relu: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)",
        ),
    ]
    assert str(error).startswith(f"{pass_.name}: cannot lower gawee.exp: ") and str(error).endswith(
        " (and 1 more)"
    )
    assert str(module) == before


@pytest.mark.parametrize("pass_", PASSES, ids=lambda p: p.name)
def test_an_op_that_does_not_verify_is_reported_at_the_op(pass_: GaweeConversionPass):
    ((file, line, message),) = where(failure(pass_, located(WRONG_SHAPE, "wrong.mlir")).problems)
    assert (file, line) == ("wrong.mlir", 2)
    assert message.startswith("cannot lower gawee.conv: the op does not verify: gawee.conv: result shape")


@pytest.mark.parametrize("pass_", PASSES, ids=lambda p: p.name)
def test_a_pass_object_holds_no_state_between_runs(pass_: GaweeConversionPass):
    """The same pass object on one module, then another: each run reports only the
    problems of its own module (nothing a pattern saw in an earlier run is kept)."""
    first = failure(pass_, located(DYNAMIC, "first.mlir"))
    assert {file for file, _, _ in where(first.problems)} == {"first.mlir"}
    second = failure(pass_, located(WRONG_SHAPE, "second.mlir"))
    assert [(file, line) for file, line, _ in where(second.problems)] == [("second.mlir", 2)]
    valid = located(VALID, "valid.mlir")
    pass_.apply(context(), valid)
    assert not any(op.dialect_name() == "gawee" for op in valid.walk())
    third = failure(pass_, located(DYNAMIC, "third.mlir"))
    assert len(third.problems) == 2 and {file for file, _, _ in where(third.problems)} == {"third.mlir"}


@pytest.mark.parametrize("pass_", PASSES, ids=lambda p: p.name)
def test_a_caller_that_verified_the_module_is_believed(pass_: GaweeConversionPass):
    """`convert(verified=True)` skips verifying the ops (the caller just did): the check
    then finds nothing wrong with an op whose types the patterns carry."""
    assert pass_.problems(located(WRONG_SHAPE, "w.mlir"), verified=True) == []
    assert len(pass_.problems(located(WRONG_SHAPE, "w.mlir"))) == 1
    assert len(pass_.problems(located(DYNAMIC, "d.mlir"), verified=True)) == 2

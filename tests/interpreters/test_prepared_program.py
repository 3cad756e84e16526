"""Tests of prepared programs (nnstack.interpreters.prepare and its step plans).

A prepared program runs the same `@impl` functions as xDSL's interpreter, without
its per-op dispatch: its results must be those of `Interpreter.call_op` exactly, on
programs at every level, with regions that read values of the function body, and
called several times. Its errors name the op as the interpreter's do; intermediate
values are freed after their last use (seen through weak references).
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import Any

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.ir import Operation
from xdsl.utils.exceptions import InterpretationError

from nnstack.frontend.onnx import backend
from nnstack.interpreters import (
    argument_types,
    find_function,
    parse_module,
    prepare,
    random_inputs,
    register_nnstack_implementations,
    run,
)
from nnstack.interpreters.inputs import argument_domains
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "resnet_small.mlir"


def interpret(module: ModuleOp, symbol: str, *args: Any) -> tuple[Any, ...]:
    """The xDSL interpreter's results, op by op through `Interpreter.call_op`."""
    interpreter = Interpreter(module)
    register_nnstack_implementations(interpreter)
    return interpreter.call_op(find_function(module, symbol), args)


@pytest.mark.parametrize("level", ["gawee", "linalg", "mir"])
def test_prepared_resnet_matches_the_interpreter_exactly(level: str) -> None:
    module = parse_module(EXAMPLE.read_text())
    function = find_function(module, "forward")
    arrays = random_inputs(argument_types(function), 3, argument_domains(function))
    if level == "linalg":
        ConvertGaweeToLinalgPass().apply(Context(), module)
    elif level == "mir":
        ConvertGaweeToMirPass().apply(Context(), module)
    program = prepare(module, "forward")
    assert program.plan is not None
    expected = interpret(module, "forward", *arrays)
    for _ in range(2):  # a second call reuses the plan, the constants and the linalg plans
        got = program(*arrays)
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            np.testing.assert_array_equal(g, e)


REGIONS = """
func.func @scale(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 2.5 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %c : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

func.func @repeat(%x: tensor<3xf32>, %n: index) -> tensor<3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<3xf32>) {
    %s = gawee.add %acc, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    scf.yield %s : tensor<3xf32>
  }
  func.return %r : tensor<3xf32>
}

func.func @branch(%x: tensor<2xf32>) -> tensor<2xf32> {
  cf.br ^bb1(%x : tensor<2xf32>)
^bb1(%y: tensor<2xf32>):
  %z = gawee.neg %y : (tensor<2xf32>) -> tensor<2xf32>
  func.return %z : tensor<2xf32>
}
"""


def test_region_reads_a_constant_of_the_body() -> None:
    program = prepare(parse_module(REGIONS), "scale")
    x = np.array([1.0, -2.0, 0.5, 4.0], np.float32)
    (got,) = program(x)
    np.testing.assert_array_equal(got, np.array([2.5, -5.0, 1.25, 10.0], np.float32))


def test_loop_reads_an_argument_and_runs_again() -> None:
    program = prepare(parse_module(REGIONS), "repeat")
    x = np.array([1.0, 2.0, -3.0], np.float32)
    for n in (0, 3, 1):
        (got,) = program(x, n)
        np.testing.assert_array_equal(got, x * (n + 1))
    np.testing.assert_array_equal(x, [1.0, 2.0, -3.0])  # inputs untouched


def test_a_function_of_several_blocks_runs_through_the_interpreter() -> None:
    program = prepare(parse_module(REGIONS), "branch")
    assert program.plan is None
    (got,) = program(np.array([1.5, -2.0], np.float32))
    np.testing.assert_array_equal(got, [-1.5, 2.0])


GATHER = """
func.func @main(%t: tensor<4x2xf32>, %i: tensor<3xi64>) -> tensor<3x2xf32> {
  %0 = gawee.gather %t, %i axis = 0 : (tensor<4x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
"""


def test_errors_name_the_op_as_the_interpreter_does() -> None:
    module = parse_module(GATHER)
    table = np.arange(8, dtype=np.float32).reshape(4, 2)
    indices = np.array([0, 7, 1], np.int64)
    with pytest.raises(InterpretationError) as interpreted:
        interpret(module, "main", table, indices)
    with pytest.raises(InterpretationError) as prepared:
        prepare(module, "main")(table, indices)
    assert str(prepared.value) == str(interpreted.value)
    assert "gawee.gather: index 7 is out of range for dim 0 of size 4" in str(prepared.value)


def test_an_operand_of_the_wrong_type_is_named() -> None:
    """The steps check nothing themselves: the implementation's checks still run."""
    module = parse_module(GATHER)
    program = prepare(module, "main")
    assert program.plan is not None
    step = program.plan.steps[0]
    bad = (np.zeros((4, 2), np.float64), np.zeros(3, np.int64))
    with pytest.raises(
        InterpretationError, match=r"gawee.gather: operand #0 is a float64 array of shape \[4, 2\]"
    ):
        step.implementation(step.functions, Interpreter(module), step.op, bad)


CHAIN = """
func.func @main(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<2xf32>) {
  %k = gawee.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = gawee.exp %x : (tensor<64xf32>) -> tensor<64xf32>
  %unused = gawee.sin %x : (tensor<64xf32>) -> tensor<64xf32>
  %b = gawee.neg %a : (tensor<64xf32>) -> tensor<64xf32>
  %c = gawee.abs %b : (tensor<64xf32>) -> tensor<64xf32>
  %d = gawee.sub %c, %b : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  %e = gawee.neg %d : (tensor<64xf32>) -> tensor<64xf32>
  func.return %e, %k : tensor<64xf32>, tensor<2xf32>
}
"""


def test_values_are_freed_after_their_last_use() -> None:
    """Step k's results are watched by weak references: each is alive until the step
    of its last use has run (whose operands the observer is given) and gone after it;
    %unused, which nothing reads, is gone after its own step (while an observer
    watches, no step writes over its operands)."""
    program = prepare(parse_module(CHAIN), "main")
    names = [step.op.results[0].name_hint for step in program.plan.steps]
    assert names == ["a", "unused", "b", "c", "d", "e"]  # the constant is no step
    dead_from = {"a": 3, "unused": 2, "b": 5, "c": 5}
    refs: dict[str, weakref.ref[np.ndarray]] = {}
    alive: list[tuple[int, str, bool]] = []

    def observe(index: int, op: Operation, operands: tuple[Any, ...], results: tuple[Any, ...]) -> None:
        refs[op.results[0].name_hint] = weakref.ref(results[0])
        for name, ref in refs.items():
            alive.append((index, name, ref() is not None))

    x = np.linspace(-1, 1, 64, dtype=np.float32)
    (e, k), _, _ = program.call([x], observer=observe)
    for index, name, is_alive in alive:
        if name in dead_from:
            assert is_alive == (index < dead_from[name]), (index, name)
    np.testing.assert_allclose(e, -2 * np.exp(x), rtol=1e-6)
    np.testing.assert_array_equal(k, [1.0, 2.0])


def test_constants_are_made_once_and_results_are_the_callers() -> None:
    """The constant is evaluated when the program is prepared, as a read-only view of
    its attribute's bytes; a result that is the constant comes back as a writeable
    copy, new at each call."""
    program = prepare(parse_module(CHAIN), "main")
    ((slot, value),) = program.plan.constants
    owner = value
    while isinstance(owner, np.ndarray):
        owner = owner.base
    constant = next(op for op in program.function.walk() if op.name == "gawee.constant")
    assert owner is constant.value.data.data  # the attribute's bytes, not a copy of them
    assert not value.flags.writeable
    x = np.zeros(64, np.float32)
    (_, k1), (_, k2) = program(x), program(x)
    assert k1.flags.writeable and k2.flags.writeable and k1 is not k2
    k1[0] = 100.0
    np.testing.assert_array_equal(program(x)[1], [1.0, 2.0])
    np.testing.assert_array_equal(run(parse_module(CHAIN), "main", x)[1], [1.0, 2.0])


def test_wrong_number_of_arguments() -> None:
    with pytest.raises(ValueError, match="@main takes 1 arguments, 2 given"):
        prepare(parse_module(CHAIN), "main")(np.zeros(64, np.float32), np.zeros(1))


def test_onnx_backend_prepares_main_once() -> None:
    """The backend's `prepare` gives a representation holding `@main` prepared, which
    runs again on new inputs at every level."""
    graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "y"], ["m"]), helper.make_node("Relu", ["m"], ["out"])],
        "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, [2, 3]) for n in ("x", "y")],
        [helper.make_tensor_value_info("out", TensorProto.FLOAT, [2, 3])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    rng = np.random.default_rng(5)
    for level in ("gawee", "linalg", "mir"):
        rep = backend.prepare(model, level=level)
        assert rep.program.plan is not None
        for _ in range(2):
            x, y = rng.standard_normal((2, 2, 3)).astype(np.float32)
            (out,) = rep.run({"x": x, "y": y})
            np.testing.assert_array_equal(out, np.maximum(x * y, 0))


FOLDS = """
func.func @main(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = gawee.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t = gawee.transpose %w perm = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %n = gawee.neg %t : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = gawee.add %x, %n : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  func.return %r : tensor<3x2xf32>
}
"""


def test_pure_ops_on_constants_run_once_when_prepared() -> None:
    """transpose and neg of the constant are folded: only the add is a step, and only
    its constant operand is kept (read-only), not the weights it came from."""
    program = prepare(parse_module(FOLDS), "main")
    assert [step.op.name for step in program.plan.steps] == ["gawee.add"]
    ((_, folded),) = program.plan.constants
    np.testing.assert_array_equal(folded, [[-1.0, -4.0], [-2.0, -5.0], [-3.0, -6.0]])
    assert not folded.flags.writeable
    x = np.arange(6, dtype=np.float32).reshape(3, 2)
    for _ in range(2):
        (got,) = program(x)
        np.testing.assert_array_equal(got, x - np.array([[1, 2, 3], [4, 5, 6]], np.float32).T)


def test_an_op_on_constants_that_fails_is_a_step_that_names_the_op() -> None:
    """A gather of constant indices out of range is not folded when prepared: it runs as
    a step, and each call (and `run`) raises the op's own error."""
    bad = """
func.func @main() -> tensor<3x2xf32> {
  %t = gawee.constant dense<1.0> : tensor<4x2xf32>
  %i = gawee.constant dense<[0, 9, 1]> : tensor<3xi64>
  %0 = gawee.gather %t, %i axis = 0 : (tensor<4x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
"""
    program = prepare(parse_module(bad), "main")
    assert program.plan is not None and [step.op.name for step in program.plan.steps] == ["gawee.gather"]
    for call in (program, lambda: run(parse_module(bad), "main")):
        with pytest.raises(
            InterpretationError, match="gawee.gather: index 9 is out of range for dim 0 of size 4"
        ):
            call()


def test_ops_without_memory_effects_on_constants_are_folded() -> None:
    """mir.gather_elements may fail (it is not speculatable), but on constants that are in
    range it runs once, when the program is prepared."""
    text = """
func.func @main(%x: tensor<1x3xi64>) -> tensor<1x3xi64> {
  %t = mir.constant dense<[[10, 20, 30, 40]]> : tensor<1x4xi64>
  %i = mir.constant dense<[[3, 0, 2]]> : tensor<1x3xi64>
  %g = mir.gather_elements %t, %i axis = 1 : (tensor<1x4xi64>, tensor<1x3xi64>) -> tensor<1x3xi64>
  %r = mir.broadcast_add %g, %x broadcast_shape = [1, 3] : (tensor<1x3xi64>, tensor<1x3xi64>) -> tensor<1x3xi64>
  func.return %r : tensor<1x3xi64>
}
"""
    program = prepare(parse_module(text), "main")
    assert program.plan is not None and [step.op.name for step in program.plan.steps] == ["mir.broadcast_add"]
    (got,) = program(np.array([[1, 2, 3]], np.int64))
    np.testing.assert_array_equal(got, [[41, 12, 33]])


def test_a_plan_of_kernels_runs_without_an_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every gawee op is a kernel: calling the prepared program makes no interpreter
    (there is nothing it would record), and the results are the interpreter's."""
    module = parse_module(CHAIN)
    program = prepare(module, "main")
    x = np.linspace(-2, 2, 64, dtype=np.float32)
    expected = interpret(module, "main", x)

    def no_interpreter(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("an interpreter was made")

    monkeypatch.setattr("nnstack.interpreters.api.Interpreter", no_interpreter)
    for got, want in zip(program(x), expected, strict=True):
        np.testing.assert_array_equal(got, want)


def test_step_calls_run_each_step_on_the_values_it_gets() -> None:
    """`StepPlan.step_calls` (what bench_gawee_ops times): step i's call gives what
    numpy gives on the values the plan computed before it."""
    program = prepare(parse_module(CHAIN), "main")
    assert program.plan is not None
    x = np.linspace(-2, 2, 64, dtype=np.float32)
    calls = program.plan.step_calls([x])
    names = [step.op.name for step in program.plan.steps]
    assert names == ["gawee.exp", "gawee.sin", "gawee.neg", "gawee.abs", "gawee.sub", "gawee.neg"]
    a, b = np.exp(x), -np.exp(x)
    expected = [a, np.sin(x), b, np.abs(b), np.abs(b) - b, b - np.abs(b)]
    for call, want in zip(calls, expected, strict=True):
        (got,) = call()
        np.testing.assert_allclose(got, want, rtol=1e-6)


SPECIAL_VALUES = """
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %m = gawee.mul %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = gawee.div %x, %m : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %i = gawee.cast %d : (tensor<4xf32>) -> tensor<4xi32>
  %t = gawee.reshape %d : (tensor<4xf32>) -> tensor<4xf32>
  func.return %m, %i, %t : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}
"""


@pytest.mark.filterwarnings("error")
def test_special_values_are_results_not_warnings() -> None:
    """Overflow, 0/0 and a cast of NaN are IEEE results in a plan of kernels, which
    enters np.errstate once for all of them: no RuntimeWarning escapes (the filter
    makes one an error)."""
    x = np.array([3e38, 0.0, 1.0, -1.0], np.float32)
    y = np.array([10.0, 0.0, 2.0, 0.0], np.float32)
    m, _, t = prepare(parse_module(SPECIAL_VALUES), "main")(x, y)
    np.testing.assert_array_equal(m, [np.inf, 0.0, 2.0, -0.0])
    np.testing.assert_array_equal(t, [0.0, np.nan, 0.5, np.inf])

"""Every gawee op is complete: the checklist of docs/adding-a-gawee-op.md, as one test.

For each op of the dialect: its section in docs/gawee-ops.md, whose example runs in the
gawee interpreter and lowers to linalg and to mir with no gawee op left, where it runs
with the same results, and, for an op that declares its ONNX operator, gives what onnx's
reference evaluator gives; a round-trip FileCheck test (tests/filecheck/gawee/), a
FileCheck test of each lowering (one file may hold all three); a negative case in the
verifier table; and a place in the fuzz generator's default programs. A failure lists
everything one op lacks.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnxruntime
import pytest
from derived_cases import derived_cases
from fuzz.gawee_programs import DEFAULT_SEEDS, random_program
from gawee_examples import EXAMPLE, sections
from gawee_rules import gawee_cases, shaped_cases
from levels import lower
from onnx import helper
from onnx.reference import ReferenceEvaluator
from onnx.reference.op_run import RuntimeImplementationError
from xdsl.dialects import func
from xdsl.dialects.builtin import DenseArrayBase, FloatAttr, IntegerAttr, StringAttr

from nnstack.dialects import gawee
from nnstack.dialects.gawee import Gawee, GaweeOperation
from nnstack.interpreters import parse_module, random_inputs, run
from nnstack.interpreters.inputs import argument_domains

FILECHECK = Path(__file__).parents[1] / "filecheck"


@functools.cache
def _filecheck_files() -> tuple[tuple[str, str, str], ...]:
    """(folder, RUN lines, text) of each FileCheck test."""
    files = []
    for path in sorted(FILECHECK.rglob("*.mlir")):
        text = path.read_text()
        runs = "\n".join(line for line in text.splitlines() if line.startswith("// RUN:"))
        files.append((path.parent.name, runs, text))
    return tuple(files)


def _has(text: str, name: str) -> bool:
    """Whether FileCheck test text has the op, in custom or generic form."""
    return f"{name} " in text or f'"{name}"' in text


def _round_trip(name: str) -> bool:
    return any(folder == "gawee" and _has(text, name) for folder, _, text in _filecheck_files())


def _lowering(pass_name: str) -> Callable[[str], bool]:
    """Whether a FileCheck test that runs `pass_name` has the op (in the pass's folder, or
    any file with a RUN line of it: one file may test an op's syntax and both lowerings)."""
    return lambda name: any(
        (folder == pass_name or pass_name in runs) and _has(text, name)
        for folder, runs, text in _filecheck_files()
    )


@functools.cache
def _invalid_ops() -> frozenset[str]:
    return frozenset(case.op_name for case in gawee_cases() + shaped_cases() + list(derived_cases()))


@functools.cache
def _fuzzed_ops() -> frozenset[str]:
    return frozenset(op.name for seed in range(DEFAULT_SEEDS) for op in random_program(seed).walk())


def _exported(name: str) -> bool:
    op = next(op for op in Gawee.operations if op.name == name)
    return getattr(gawee, op.__name__, None) is op


CHECKS: dict[str, Callable[[str], bool]] = {
    "its class in its module's `__all__` (exported from nnstack.dialects.gawee)": _exported,
    "a round-trip FileCheck test (tests/filecheck/gawee/)": _round_trip,
    "a FileCheck test of convert-gawee-to-linalg": _lowering("convert-gawee-to-linalg"),
    "a FileCheck test of convert-gawee-to-mir": _lowering("convert-gawee-to-mir"),
    "negative cases (derived from its docs example, tests/dialects/derived_cases.py, or in gawee_rules.py)": lambda name: (
        name in _invalid_ops()
    ),
    "a place in the fuzz generator's programs (tests/fuzz/gawee_programs.py)": lambda name: (
        name in _fuzzed_ops()
    ),
}


def _onnx_attributes(op: GaweeOperation) -> dict[str, object]:
    """The ONNX attributes of an op that declares its ONNX operator: its `DEFAULTS` (a
    unary op's), or its builder's keyword arguments (their ONNX names) read back from
    the attributes of their camelCase names."""
    if defaults := getattr(op, "DEFAULTS", {}):
        return {name: op.parameter(name) for name in defaults}  # pyright: ignore
    attributes: dict[str, object] = {}
    for name, parameter in inspect.signature(type(op).__init__).parameters.items():
        camel = re.sub(r"_(\w)", lambda m: m.group(1).upper(), name)
        if parameter.kind is not inspect.Parameter.KEYWORD_ONLY or (attr := op.attributes.get(camel)) is None:
            continue
        if isinstance(attr, DenseArrayBase):
            attributes[name] = list(attr.get_values())
        elif isinstance(attr, FloatAttr | IntegerAttr):
            attributes[name] = attr.value.data
        elif isinstance(attr, StringAttr):
            attributes[name] = attr.data
    return attributes


def _onnx_reference(function: func.FuncOp, arrays: list[np.ndarray], expected: np.ndarray) -> list[str]:
    """What goes wrong when the example's op, declared the counterpart of an ONNX operator
    (`ONNX_OPERATOR`), runs as a one-node ONNX model in onnx's reference evaluator (none:
    the same results): an independent reference for every op the importer derives."""
    (op,) = [op for op in function.walk() if isinstance(op, GaweeOperation)]
    operator = type(op).ONNX_OPERATOR
    if operator is None:
        return []
    arguments = list(function.body.block.args)
    if any(operand not in arguments for operand in op.operands):
        return [
            f"its docs example must apply it to the function's arguments (to check it against ONNX {operator})"
        ]
    names = [f"x{arguments.index(operand)}" for operand in op.operands]
    node = helper.make_node(operator, names, ["y"], **_onnx_attributes(op))

    def info(name: str, array: np.ndarray):
        return helper.make_tensor_value_info(name, helper.np_dtype_to_tensor_dtype(array.dtype), array.shape)

    graph = helper.make_graph(
        [node], "g", [info(f"x{i}", a) for i, a in enumerate(arrays)], [info("y", expected)]
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21)])
    feeds = {f"x{i}": a for i, a in enumerate(arrays)}
    try:
        with np.errstate(all="ignore"):
            (reference,) = ReferenceEvaluator(model).run(None, feeds)
    except (
        ValueError,
        RuntimeImplementationError,
    ):  # (its Mean does not broadcast, no MaxRoiPool: ONNX Runtime then)
        session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        (reference,) = session.run(None, feeds)
    if reference.shape != expected.shape or not np.allclose(
        expected, reference, rtol=1e-4, atol=1e-5, equal_nan=True
    ):
        return [
            f"its docs example gives other results than ONNX {operator} (onnx's reference evaluator; ONNX Runtime where it has none)"
        ]
    return []


def _example_runs_at_every_level(example: str) -> list[str]:
    """What goes wrong when the docs example runs at gawee level and after each
    lowering (none: it ran everywhere with the same results)."""
    try:
        module = parse_module(example)
    except Exception as error:
        return [f"its docs example does not parse: {error}"]
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    symbol = function.sym_name.data
    arrays = random_inputs(function.function_type.inputs.data, 0, argument_domains(function))
    problems: list[str] = []
    try:
        expected = run(module, symbol, *arrays)
    except Exception as error:
        return [f"no interpreter implementation that runs its docs example: {error}"]
    problems += _onnx_reference(function, arrays, expected[0])
    for level in ("linalg", "mir"):
        try:
            got = run(lower(module, level), symbol, *arrays)
        except Exception as error:
            problems.append(f"no lowering to {level} that runs its docs example: {error}")
            continue
        for g, e in zip(got, expected, strict=True):
            if (
                g.shape != e.shape
                or g.dtype != e.dtype
                or not np.allclose(g, e, rtol=1e-4, atol=1e-5, equal_nan=True)
            ):
                problems.append(f"its docs example gives other results at {level} level")
                break
    return problems


@pytest.mark.parametrize("name", sorted(op.name for op in Gawee.operations))
def test_the_op_is_complete(name: str):
    missing: list[str] = []
    section = sections().get(name)
    if section is None:
        missing.append("a section in docs/gawee-ops.md")
    else:
        (example,) = EXAMPLE.findall(section)
        missing += _example_runs_at_every_level(example)
    missing += [what for what, has in CHECKS.items() if not has(name)]
    assert not missing, f"{name} lacks: " + "; ".join(missing)

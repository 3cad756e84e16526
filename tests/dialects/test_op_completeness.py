"""Every gawee op is complete: the checklist of docs/adding-a-gawee-op.md, as one test.

For each op of the dialect: its section in docs/gawee-ops.md, whose example runs in the
gawee interpreter and lowers to linalg and to mir with no gawee op left, where it runs
with the same results; a round-trip FileCheck test (tests/filecheck/gawee/), a FileCheck
test of each lowering; a negative case in the verifier table; and a place in the fuzz
generator's default programs. A failure lists everything one op lacks.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from fuzz.gawee_programs import random_program
from gawee_rules import gawee_cases, shaped_cases
from levels import lower
from test_gawee_ops_doc import EXAMPLE, sections
from xdsl.dialects import func

from nnstack.dialects.gawee import Gawee
from nnstack.interpreters import parse_module, random_inputs, run
from nnstack.interpreters.inputs import argument_domains

FILECHECK = Path(__file__).parents[1] / "filecheck"
FUZZ_SEEDS = 200
"""The seeds of the fuzz test's default run (tests/fuzz/test_differential_fuzz.py)."""


@functools.cache
def _filecheck_text(folder: str) -> str:
    return "\n".join(path.read_text() for path in sorted((FILECHECK / folder).glob("*.mlir")))


@functools.cache
def _invalid_ops() -> frozenset[str]:
    return frozenset(case.op_name for case in gawee_cases() + shaped_cases())


@functools.cache
def _fuzzed_ops() -> frozenset[str]:
    return frozenset(op.name for seed in range(FUZZ_SEEDS) for op in random_program(seed).walk())


def _mentions(folder: str) -> Callable[[str], bool]:
    """Whether a FileCheck file of `folder` has the op, in custom or generic form."""
    return lambda name: f"{name} " in _filecheck_text(folder) or f'"{name}"' in _filecheck_text(folder)


CHECKS: dict[str, Callable[[str], bool]] = {
    "a round-trip FileCheck test (tests/filecheck/gawee/)": _mentions("gawee"),
    "a FileCheck test of convert-gawee-to-linalg": _mentions("convert-gawee-to-linalg"),
    "a FileCheck test of convert-gawee-to-mir": _mentions("convert-gawee-to-mir"),
    "a negative case in tests/dialects/gawee_rules.py": lambda name: name in _invalid_ops(),
    "a place in the fuzz generator's programs (tests/fuzz/gawee_programs.py)": lambda name: (
        name in _fuzzed_ops()
    ),
}


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

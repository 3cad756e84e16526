"""Programs and helpers shared by the tests of the gawee lowerings (to linalg and to mir);
`lower` is `levels.lower`."""

from pathlib import Path

import numpy as np
import pytest
from gawee_inputs import TOLERANCES, random_arguments
from levels import lower
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from nnstack.dialects.values import integer_width
from nnstack.interpreters import make_context, run

FILECHECK_INPUTS = Path(__file__).parents[1] / "filecheck" / "convert-gawee-to-linalg"


def context() -> Context:
    """A context with every dialect xdsl-opt knows, nnstack's included."""
    return make_context()


def filecheck_cases() -> list:
    """Each `// -----` chunk of the lowering's FileCheck inputs that should lower."""
    return [
        pytest.param(path.name, index, chunk, id=f"{path.stem}-{index}")
        for path in sorted(FILECHECK_INPUTS.glob("*.mlir"))
        for index, chunk in enumerate(path.read_text().split("// -----"))
        if "gawee." in chunk and "expected-error" not in chunk and "CHECK-ERR" not in chunk
    ]


def parse(text: str, name: str = "input") -> ModuleOp:
    return Parser(context(), text, name).parse_module()


def find_function(module: ModuleOp, symbol: str) -> func.FuncOp:
    return next(op for op in module.walk() if isinstance(op, func.FuncOp) and op.sym_name.data == symbol)


def function_names(module: ModuleOp) -> list[str]:
    return [op.sym_name.data for op in module.walk() if isinstance(op, func.FuncOp) and op.body.blocks]


def assert_same_numbers(module: ModuleOp, symbol: str, seed: int = 0, level: str = "linalg") -> float:
    """Runs `symbol` on random arguments before and after lowering to `level`; the results
    agree (floats within `TOLERANCES`, relative to their magnitude where it exceeds 1).
    Returns the max abs error."""
    arrays = random_arguments(find_function(module, symbol), np.random.default_rng(seed))
    expected = run(module, symbol, *arrays)
    got = run(lower(module, level), symbol, *arrays)
    assert len(expected) == len(got)
    error = 0.0
    for e, g in zip(expected, got):
        if e.dtype != g.dtype and integer_width(e.dtype) == integer_width(g.dtype) is not None:
            g = g.view(e.dtype)  # (unsigned is signless below gawee: docs/unsigned-integers.md)
        assert e.shape == g.shape and e.dtype == g.dtype
        tolerance = TOLERANCES.get(e.dtype, 0.0)
        scale = max(1.0, float(np.max(np.abs(e), initial=0)))
        error = max(error, float(np.max(np.abs(e.astype(np.float64) - g.astype(np.float64)), initial=0)))
        assert error <= tolerance * scale, f"@{symbol}: max abs error {error}"
    return error

"""A gawee program run at every level of the stack: the gawee interpreter, then after
convert-gawee-to-linalg and after convert-gawee-to-mir, each in its interpreter.

Numeric tests compare every level with one independent reference, so a lowering is
checked against the reference, not only against the gawee interpreter.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from nnstack.interpreters import parse_module, run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

LOWERINGS = {"linalg": ConvertGaweeToLinalgPass, "mir": ConvertGaweeToMirPass}


def lowered(text: str, level: str) -> ModuleOp:
    """The gawee program `text` lowered to `level` ("linalg" or "mir"), verified, with no gawee op left."""
    module = parse_module(text)
    LOWERINGS[level]().apply(Context(), module)
    module.verify()
    assert not any(op.dialect_name() == "gawee" for op in module.walk()), f"gawee ops left at {level} level"
    return module


def run_at_levels(
    text: str, *inputs: np.ndarray, symbol: str = "main", levels: Sequence[str] = tuple(LOWERINGS)
) -> dict[str, tuple[np.ndarray, ...]]:
    """The results of `symbol` at gawee level and after each lowering of `levels`."""
    results = {"gawee": run(text, symbol, *inputs)}
    for level in levels:
        results[level] = run(lowered(text, level), symbol, *inputs)
    return results

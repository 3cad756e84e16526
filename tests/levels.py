"""A gawee program run at every level of the stack: the gawee interpreter, then after
convert-gawee-to-linalg and after convert-gawee-to-mir, each in its interpreter.

Numeric tests compare every level with one independent reference, so a lowering is
checked against the reference, not only against the gawee interpreter.
"""

from __future__ import annotations

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from nnstack.interpreters import parse_module, run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

LOWERINGS = {"linalg": ConvertGaweeToLinalgPass, "mir": ConvertGaweeToMirPass}


def lower(module: ModuleOp, level: str) -> ModuleOp:
    """A verified copy of `module` lowered to `level` ("linalg" or "mir"), no gawee op left."""
    lowered = module.clone()
    LOWERINGS[level]().apply(Context(), lowered)
    lowered.verify()
    assert not any(op.dialect_name() == "gawee" for op in lowered.walk()), f"gawee ops left at {level} level"
    return lowered


def run_at_levels(text: str, *inputs: np.ndarray, symbol: str = "main") -> dict[str, tuple[np.ndarray, ...]]:
    """The results of `symbol` at gawee, linalg and mir level."""
    module = parse_module(text)
    results = {"gawee": run(module, symbol, *inputs)}
    for level in LOWERINGS:
        results[level] = run(lower(module, level), symbol, *inputs)
    return results

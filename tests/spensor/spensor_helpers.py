"""Shared helpers of the spensor tests: the original's programs, lowering, running kernels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from nnstack.interpreters import find_function, make_context, parse_module, run

PROGRAMS = Path(__file__).parent / "programs"

DECLARATIONS = """
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [%s], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> {memory_space = 0 : i64} : () -> ()
"""


def declarations(l1_shape: Sequence[int]) -> str:
    """The original's memory declarations, with L1 on a core grid `l1_shape`."""
    return DECLARATIONS % ", ".join(str(s) for s in l1_shape)


def lower(module: ModuleOp | str, spec: str) -> ModuleOp:
    """`module` (parsed if text, copied otherwise) after the pass pipeline `spec`, verified."""
    lowered = parse_module(module) if isinstance(module, str) else module.clone()
    passes = Universe.get_multiverse().all_passes
    PassPipeline.parse_spec(passes, spec).apply(make_context(), lowered)
    lowered.verify()
    return lowered


def run_kernel(module: ModuleOp, symbol: str, inputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Runs a lowered kernel whose outputs are its trailing arguments (NaN-filled
    before the call, so unwritten elements show); returns the outputs."""
    function = find_function(module, symbol)
    types = function.function_type.inputs.data
    outputs = []
    for t in types[len(inputs) :]:
        shape = t.get_shape() if hasattr(t, "get_shape") else t.shape  # pyright: ignore
        outputs.append(np.full(tuple(shape), np.nan, np.float32))
    run(module, symbol, *inputs, *outputs)
    return outputs


@dataclass(frozen=True)
class Program:
    """One of the original's numeric reference programs."""

    file: str
    symbol: str
    inputs: Callable[[], list[np.ndarray]]
    checksum: Callable[[np.ndarray], float]
    expected: float

    def text(self) -> str:
        return (PROGRAMS / f"{self.file}.mlir").read_text()

    def reference(self) -> np.ndarray:
        """The result computed with numpy alone."""
        arrays = self.inputs()
        if self.file == "add_64x64":
            return arrays[0] + arrays[1]
        if self.file.startswith("reduce"):
            return arrays[0].sum(axis=1, keepdims=True)
        a = arrays[0]
        return a.reshape(4, 16, 16).sum(axis=0)


def _ramp(rows: int, cols: int) -> np.ndarray:
    return np.fromfunction(lambda i, j: 100 * i + j, (rows, cols)).astype(np.float32)


def _weighted_rows(out: np.ndarray) -> float:
    return float((out[:, 0].astype(np.float64) * np.arange(1, out.shape[0] + 1)).sum())


def _weighted_cols(out: np.ndarray) -> float:
    return float((out.astype(np.float64) * np.arange(out.shape[1])[None, :]).sum())


def _weighted_both(out: np.ndarray) -> float:
    i, j = np.indices(out.shape)
    return float((out.astype(np.float64) * (i + 1 + j)).sum())


ORIGINAL_PROGRAMS = (
    Program(
        "add_64x64",
        "64_add",
        lambda: [_ramp(64, 64), np.fromfunction(lambda i, j: 3 * j, (64, 64)).astype(np.float32)],
        _weighted_cols,
        428273664,
    ),
    Program("reduce_readme", "reduce", lambda: [_ramp(16, 32)], _weighted_rows, 4419456),
    Program("reduce_tiled", "reduce", lambda: [_ramp(16, 64)], _weighted_rows, 8978176),
    Program("nd_reduce", "ndred", lambda: [_ramp(64, 16)], _weighted_both, 53930240),
)
"""The four programs of the original with the checksums upstream MLIR gives."""

"""Differential fuzz test of the gawee lowerings: random small gawee programs over the
whole op set (`gawee_programs.random_program`) give the same numbers at every level:
the gawee interpreter, the linalg interpreter after convert-gawee-to-linalg, the mir
interpreter after convert-gawee-to-mir, and the llir interpreter after
convert-gawee-to-mir + convert-mir-to-llir (with its memory checks: strict reads of
written memory only, no buffer left allocated).

Floats agree within f32's tolerance (`TOLERANCES`) relative to their magnitude (NaNs
and infinities at the same places), integers and booleans exactly.

Seeds 0 .. N-1 run, N = 200 by default; set NNSTACK_FUZZ_PROGRAMS to run more (a
nightly run: `NNSTACK_FUZZ_PROGRAMS=5000 pytest tests/fuzz -n 2`). A failure names
its seed and prints the program, which `random_program(seed)` rebuilds.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from gawee_inputs import TOLERANCES, max_error, random_arguments
from gawee_programs import DEFAULT_SEEDS, random_program
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from nnstack.dialects.gawee import Gawee
from nnstack.interpreters import call, make_context, run
from nnstack.interpreters.llir import leaked_buffers
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

TOLERANCE = TOLERANCES[np.dtype(np.float32)]
"""Every float here descends from f32 arguments, so an f64 result (of a cast) carries
f32 rounding differences too."""

PROGRAMS = int(os.environ.get("NNSTACK_FUZZ_PROGRAMS", str(DEFAULT_SEEDS)))

LEVELS = {
    "linalg": (ConvertGaweeToLinalgPass,),
    "mir": (ConvertGaweeToMirPass,),
    "llir": (ConvertGaweeToMirPass, ConvertMirToLlirPass),
}


def lowered(module: ModuleOp, level: str) -> ModuleOp:
    result = module.clone()
    for lowering in LEVELS[level]:
        lowering().apply(make_context(), result)
    result.verify()
    return result


def results_at(module: ModuleOp, level: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    """`@main`'s results after lowering `module` to `level`, run in that level's interpreter."""
    program = lowered(module, level)
    if level != "llir":
        return [np.asarray(r) for r in run(program, "main", *arrays)]
    got = call(program, "main", arrays, strict_memory=True)
    assert leaked_buffers(got.interpreter) == [], "leaked buffers"
    return [np.asarray(r) for r in got.results]


def assert_agree(expected: list[np.ndarray], got: list[np.ndarray]) -> None:
    assert len(got) == len(expected)
    for k, (e, g) in enumerate(zip(expected, got)):
        error = max_error(e, g)
        scale = max(1.0, float(np.max(np.abs(e[np.isfinite(e)]), initial=0))) if e.dtype.kind == "f" else 1.0
        assert error <= TOLERANCE * scale, f"result #{k}: max abs error {error}"


@pytest.mark.parametrize("seed", range(PROGRAMS))
def test_levels_agree(seed: int):
    module = random_program(seed)
    (function,) = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    arrays = random_arguments(function, np.random.default_rng(seed))
    level = "gawee"
    try:
        expected = [np.asarray(r) for r in run(module, "main", *arrays)]
        for level in LEVELS:
            assert_agree(expected, results_at(module, level, arrays))
    except Exception as error:
        raise AssertionError(f"seed {seed}, {level} level: {error}\n{module!s}") from error


def test_programs_cover_the_op_set():
    """The default seeds use every gawee op (so none is left unfuzzed by accident)."""
    used = {op.name for seed in range(DEFAULT_SEEDS) for op in random_program(seed).walk()}
    assert {op.name for op in Gawee.operations} - used == set()

"""Seeded differential test of the native backend: random small gawee programs over the
whole op set (`gawee_programs.random_program`), lowered to llir (convert-gawee-to-mir,
convert-mir-to-llir), give bit for bit the llir interpreter's results when compiled
at -O1 (to keep the test quick; `tests/native/test_native_semantics.py` runs -O3) with
and without check-bounds.

Seeds 0 .. N-1 run, N = 12 by default (each program is compiled twice);
NNSTACK_NATIVE_FUZZ_PROGRAMS runs more. A failure names its seed and prints the
program, which `random_program(seed)` rebuilds.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from gawee_inputs import random_arguments
from gawee_programs import random_program
from xdsl.dialects import func

from nnstack import native
from nnstack.interpreters import call, make_context
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

PROGRAMS = int(os.environ.get("NNSTACK_NATIVE_FUZZ_PROGRAMS", "12"))


@pytest.mark.parametrize("seed", range(PROGRAMS))
def test_native_agrees_with_the_interpreter(seed: int):
    module = random_program(seed)
    (function,) = [op for op in module.walk() if isinstance(op, func.FuncOp)]
    arrays = random_arguments(function, np.random.default_rng(seed))
    program = module.clone()
    ConvertGaweeToMirPass().apply(make_context(), program)
    ConvertMirToLlirPass(vector_width=8 if seed % 2 else 1).apply(make_context(), program)
    expected = call(program, "main", arrays).results
    for check_bounds in (False, True):
        got = native.run(program, "main", *arrays, check_bounds=check_bounds, opt_level=1)
        for k, (e, g) in enumerate(zip(expected, got, strict=True)):
            assert e.dtype == g.dtype and e.shape == g.shape
            np.testing.assert_array_equal(g, e, err_msg=f"seed {seed}, result #{k}:\n{module}")

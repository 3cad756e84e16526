"""The native backend against the llir interpreter: every llir program of the test suite
runs natively with the interpreter's outputs.

Programs: every chunk of the convert-mir-to-llir and convert-gawee-to-mir FileCheck tests
and two ResNet-style networks, lowered to llir in both layouts with vector widths 1 and 8
(the interpreter's numbers are the reference; the gawee / mir ones are checked against
the interpreter elsewhere), run natively, plain and with `check_bounds`. The results
must be equal bit for bit (NaNs in the same places): the lowering computes what the
interpreter computes, operation by operation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gawee_inputs import random_arguments
from levels import lower
from llir_programs import MIR_TO_LLIR_ERROR_FILES, NETWORKS, chunks, dynamic_shapes, functions, lower_to_llir
from xdsl.dialects.builtin import ModuleOp

from nnstack import native
from nnstack.dialects import llir
from nnstack.interpreters import (
    argument_types,
    call,
    find_function,
    parse_module,
    random_inputs,
)

CONFIGS = [("row-major", 8), ("column-major", 1)]
"""Vector and scalar code, both address computations (the interpreter's differential
tests run every combination)."""
TEST_OPT_LEVEL = 1
"""LLVM -O3 takes seconds per program; -O1 runs the same lowering (the networks and the
native semantics tests run at -O3)."""


def assert_identical(expected: tuple[np.ndarray, ...], got: tuple[np.ndarray, ...], what: str) -> None:
    assert len(expected) == len(got), what
    for index, (e, g) in enumerate(zip(expected, got)):
        assert e.dtype == g.dtype and e.shape == g.shape, f"{what}: result #{index}"
        np.testing.assert_array_equal(g, e, err_msg=f"{what}: result #{index}")


def check_native(
    module: ModuleOp, symbol: str, arrays: list[Any], configs=CONFIGS, opt_level: int = TEST_OPT_LEVEL
) -> None:
    """`symbol` lowered to llir in each configuration: native == interpreted (plain in
    every configuration, with check_bounds in the first)."""
    for index, (layout, width) in enumerate(configs):
        lowered = lower_to_llir(module, layout, width)
        if not isinstance(find_function(lowered, symbol), llir.FuncOp):
            return  # nothing to lower (no mir op): not an llir program
        expected = call(lowered, symbol, arrays).results
        what = f"@{symbol} {layout} width {width}"
        assert_identical(expected, native.run(lowered, symbol, *arrays, opt_level=opt_level), what)
        if index == 0:
            checked = native.run(lowered, symbol, *arrays, check_bounds=True, opt_level=opt_level)
            assert_identical(expected, checked, what + " checked")


@pytest.mark.parametrize(("path", "chunk"), chunks("convert-mir-to-llir", MIR_TO_LLIR_ERROR_FILES))
def test_mir_to_llir_filecheck_inputs(path: Path, chunk: str):
    module = parse_module(chunk)
    configs = [c for c in CONFIGS if c[0] == "row-major"] if dynamic_shapes(module) else CONFIGS
    for function in functions(module):
        arrays = random_inputs(argument_types(function), seed=1)
        check_native(module, function.sym_name.data, arrays, configs)


@pytest.mark.parametrize(("path", "chunk"), chunks("convert-gawee-to-mir", ("invalid",)))
def test_gawee_to_mir_filecheck_inputs(path: Path, chunk: str):
    module = parse_module(chunk)
    for function in functions(module):
        arrays = random_arguments(function, np.random.default_rng(0))
        check_native(lower(module, "mir"), function.sym_name.data, arrays, CONFIGS[:1], native.OPT_LEVEL)


@pytest.mark.parametrize("name", NETWORKS)
def test_network(name: str):
    module = NETWORKS[name]()
    (function,) = functions(module)
    arrays = random_arguments(function, np.random.default_rng(0))
    check_native(lower(module, "mir"), function.sym_name.data, arrays, CONFIGS[:1], native.OPT_LEVEL)

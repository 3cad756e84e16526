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
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType

from nnstack import native
from nnstack.dialects import llir
from nnstack.frontend.resnet import basic_block_module, resnet_small_module
from nnstack.interpreters import (
    argument_types,
    call,
    find_function,
    make_context,
    parse_module,
    random_inputs,
)
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

FILECHECK = Path(__file__).parents[1] / "filecheck"
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


def lower_to_llir(module: ModuleOp, layout: str, width: int) -> ModuleOp:
    lowered = module.clone()
    ConvertMirToLlirPass(layout=layout, vector_width=width).apply(make_context(), lowered)
    return lowered


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


def functions(module: ModuleOp) -> list[func.FuncOp]:
    return [op for op in module.walk() if isinstance(op, func.FuncOp)]


def chunks(folder: str, exclude: tuple[str, ...]) -> list:
    return [
        pytest.param(chunk, id=f"{path.stem}-{index}")
        for path in sorted((FILECHECK / folder).glob("*.mlir"))
        if path.stem not in exclude
        for index, chunk in enumerate(path.read_text().split("// -----"))
    ]


def _row_major_only(module: ModuleOp) -> bool:
    """Dynamic shapes lower only in row-major layout."""
    return any(
        isinstance(r.type, TensorType) and not r.type.has_static_shape()
        for op in module.walk()
        for r in op.results
    )


@pytest.mark.parametrize("chunk", chunks("convert-mir-to-llir", ("errors", "errors_column_major")))
def test_mir_to_llir_filecheck_inputs(chunk: str):
    module = parse_module(chunk)
    configs = [c for c in CONFIGS if c[0] == "row-major"] if _row_major_only(module) else CONFIGS
    for function in functions(module):
        arrays = random_inputs(argument_types(function), seed=1)
        check_native(module, function.sym_name.data, arrays, configs)


def gawee_to_mir(module: ModuleOp) -> ModuleOp:
    lowered = module.clone()
    ConvertGaweeToMirPass().apply(make_context(), lowered)
    return lowered


@pytest.mark.parametrize("chunk", chunks("convert-gawee-to-mir", ("invalid",)))
def test_gawee_to_mir_filecheck_inputs(chunk: str):
    module = parse_module(chunk)
    for function in functions(module):
        arrays = random_arguments(function, np.random.default_rng(0))
        check_native(gawee_to_mir(module), function.sym_name.data, arrays, CONFIGS[:1], native.OPT_LEVEL)


NETWORKS = {
    "resnet": lambda: resnet_small_module(input_shape=(1, 3, 16, 16), widths=(4, 8), batch_norm=True),
    "basic-block": lambda: basic_block_module(input_shape=(1, 4, 8, 8), out_channels=8),
}


@pytest.mark.parametrize("name", NETWORKS)
def test_network(name: str):
    module = NETWORKS[name]()
    (function,) = functions(module)
    arrays = random_arguments(function, np.random.default_rng(0))
    check_native(gawee_to_mir(module), function.sym_name.data, arrays, CONFIGS[:1], native.OPT_LEVEL)

"""The native backend against the llir interpreter: every llir program of the test suite
runs natively with the interpreter's outputs.

Programs: every chunk of the convert-mir-to-llir and convert-gawee-to-mir FileCheck tests
and two ResNet-style networks, lowered to llir in both layouts with vector widths 1 and 8
(the interpreter's numbers are the reference; the gawee / mir ones are checked against
the interpreter elsewhere), run natively, plain and with `check_bounds`. The results
must be equal bit for bit (NaNs in the same places): the lowering computes what the
interpreter computes, operation by operation. And every llir.func of the llir FileCheck
inputs (the llir dialect's own, the llir passes', convert-llir-to-llvm's, hoist-constants'),
on seeded arguments: results and the arrays its pointers write the same, or the same
run-time error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gawee_inputs import random_arguments
from levels import lower
from llir_programs import MIR_TO_LLIR_ERROR_FILES, NETWORKS, chunks, dynamic_shapes, functions, lower_to_llir
from xdsl.dialects.builtin import IntegerType, ModuleOp, VectorType
from xdsl.utils.exceptions import InterpretationError

from nnstack import native
from nnstack.dialects import llir
from nnstack.dialects.values import numpy_dtype
from nnstack.interpreters import argument_types, call, find_function, parse_module, random_inputs

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


LLIR_FILECHECK = {
    "llir": ("invalid", "labels_xdsl_opt"),
    "llir-passes": (),
    "convert-llir-to-llvm": ("errors",),
    "hoist-constants": (),
}
"""The FileCheck folders with llir.func inputs, and their files of invalid inputs."""

POINTER_ELEMENTS = 64
"""Elements of the array passed for each pointer argument."""


def _llir_functions() -> list:
    return [
        pytest.param(chunk, function.sym_name.data, id=f"{param.id}-{function.sym_name.data}")
        for folder, exclude in LLIR_FILECHECK.items()
        for param in chunks(folder, exclude)
        for chunk in [param.values[1]]
        for function in parse_module(chunk).walk()
        if isinstance(function, llir.FuncOp) and function.body.blocks.first is not None
    ]


def _llir_arguments(function: llir.FuncOp, seed: int) -> list[Any]:
    """Seeded arguments: those of its tensor signature if it has one, else an array of
    `POINTER_ELEMENTS` per pointer, small integers (loop bounds, offsets and indices
    stay in bounds), standard normal floats."""
    if llir.TENSOR_SIGNATURE in function.attributes:
        return random_inputs(argument_types(function), seed)
    rng = np.random.default_rng(seed)
    arguments: list[Any] = []
    for typ in function.function_type.inputs.data:
        shape = (POINTER_ELEMENTS,) if isinstance(typ, llir.PointerType) else ()
        element = typ.element_type if isinstance(typ, llir.PointerType) else typ
        dtype = numpy_dtype(element)
        if isinstance(element, IntegerType):
            high = 2 if element.width.data == 1 else 4
            arguments.append(rng.integers(0, high, shape).astype(dtype))
        else:
            arguments.append(rng.standard_normal(shape).astype(dtype))
    return [
        a if isinstance(t, llir.PointerType) else a[()]
        for a, t in zip(arguments, function.function_type.inputs.data)
    ]


@pytest.mark.parametrize(("chunk", "symbol"), _llir_functions())
def test_llir_filecheck_inputs(chunk: str, symbol: str):
    """Natively (plain and checked) as interpreted: the results and every pointer
    argument's array after the call, bit for bit; a program the interpreter stops with
    a run-time error stops natively with check_bounds too."""
    module = parse_module(chunk)
    function = find_function(module, symbol)
    assert isinstance(function, llir.FuncOp)
    if any(isinstance(t, llir.PointerType) for t in function.function_type.outputs.data):
        pytest.skip("returns a pointer, which the native backend cannot give back (checked at its callers)")
    if any(isinstance(t, VectorType) for t in function.function_type.inputs.data):
        pytest.skip("takes a vector, which native calls do not pass (llir.vfma: test_native_semantics)")
    for seed in (0, 1):
        arguments = _llir_arguments(function, seed)
        interpreted = [a.copy() if isinstance(a, np.ndarray) else a for a in arguments]
        try:
            expected = tuple(np.asarray(r) for r in call(module, symbol, interpreted).results)
        except InterpretationError:
            with pytest.raises(native.NativeError):
                native.run(
                    module,
                    symbol,
                    *[a.copy() if isinstance(a, np.ndarray) else a for a in arguments],
                    check_bounds=True,
                )
            continue
        for check_bounds in (False, True):
            compiled = [a.copy() if isinstance(a, np.ndarray) else a for a in arguments]
            got = native.run(module, symbol, *compiled, check_bounds=check_bounds, opt_level=TEST_OPT_LEVEL)
            what = f"@{symbol} seed {seed}{' checked' if check_bounds else ''}"
            assert_identical(expected, tuple(np.asarray(r) for r in got), what)
            pointers = [(a, b) for a, b in zip(interpreted, compiled) if isinstance(a, np.ndarray)]
            assert_identical(
                tuple(a for a, _ in pointers), tuple(b for _, b in pointers), what + " arguments"
            )

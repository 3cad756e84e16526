"""Differential tests: a gawee program and its linalg lowering compute the same numbers.

Both sides run in nnstack's interpreters: the gawee side with the gawee op
interpreters, the linalg side with the numpy-backed linalg/tensor/arith ones.
"""

import numpy as np
import pytest
from gawee_cases import (
    TOLERANCES,
    filecheck_cases,
    find_function,
    function_names,
    lower,
    parse,
    random_arguments,
)
from xdsl.dialects.builtin import ModuleOp, f64

from nnstack.frontend.resnet import basic_block_module, resnet_small_module
from nnstack.interpreters import run


def assert_same_numbers(module: ModuleOp, symbol: str, seed: int = 0) -> float:
    arrays = random_arguments(find_function(module, symbol), np.random.default_rng(seed))
    expected = run(module, symbol, *arrays)
    got = run(lower(module), symbol, *arrays)
    assert len(expected) == len(got)
    error = 0.0
    for e, g in zip(expected, got):
        assert e.shape == g.shape and e.dtype == g.dtype
        tolerance = TOLERANCES.get(e.dtype, 0.0)
        scale = max(1.0, float(np.max(np.abs(e), initial=0)))
        error = max(error, float(np.max(np.abs(e.astype(np.float64) - g), initial=0)))
        assert error <= tolerance * scale, f"@{symbol}: max abs error {error}"
    return error


@pytest.mark.parametrize("batch_norm", [False, True])
@pytest.mark.parametrize("stride", [1, 2])
def test_basic_block(batch_norm: bool, stride: int):
    assert_same_numbers(basic_block_module(stride=stride, batch_norm=batch_norm), "basic_block")


@pytest.mark.parametrize("batch_norm", [False, True])
def test_small_resnet(batch_norm: bool):
    assert_same_numbers(resnet_small_module(batch_norm=batch_norm), "forward")


def test_small_resnet_f64():
    module = resnet_small_module(input_shape=(2, 3, 24, 24), batch_norm=True, element_type=f64)
    assert_same_numbers(module, "forward", seed=3)


@pytest.mark.parametrize(("name", "index", "chunk"), filecheck_cases())
def test_filecheck_inputs(name: str, index: int, chunk: str):
    """Every lowering test case also runs, before and after, on random inputs."""
    module = parse(chunk, name)
    for symbol in function_names(module):
        assert_same_numbers(module, symbol, seed=index)

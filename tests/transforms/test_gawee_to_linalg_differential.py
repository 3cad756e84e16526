"""Differential tests: a gawee program and its linalg lowering compute the same numbers;
so does its mir lowering, for every case of the linalg lowering's FileCheck tests.

Both sides run in nnstack's interpreters: the gawee side with the gawee op
interpreters, the linalg side with the numpy-backed linalg/tensor/arith ones, the mir
side with the mir ones.
"""

import pytest
from gawee_cases import assert_same_numbers, filecheck_cases, function_names, parse
from xdsl.dialects.builtin import f64

from nnstack.frontend.resnet import basic_block_module, resnet_small_module
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass


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


@pytest.mark.parametrize("level", ["linalg", "mir"])
@pytest.mark.parametrize(("name", "index", "chunk"), filecheck_cases())
def test_filecheck_inputs(name: str, index: int, chunk: str, level: str):
    """Every lowering test case also runs, before and after, on random inputs; and
    after convert-gawee-to-mir, unless mir cannot express it (a 3-D conv or pool, 8- and
    4-bit floats, i4 and i2, which the pass rejects at the op)."""
    module = parse(chunk, name)
    if level == "mir" and (problems := ConvertGaweeToMirPass().problems(module)):
        reasons = ("a 3-D window has no mir form", "is not lowered to mir: mir carries no 8- or 4-bit floats")
        assert all(any(reason in why for reason in reasons) for _, why in problems), problems
        pytest.skip(
            "mir's conv and pool are 2-D and mir carries no small types: convert-gawee-to-mir fails at the op"
        )
    for symbol in function_names(module):
        assert_same_numbers(module, symbol, seed=index, level=level)

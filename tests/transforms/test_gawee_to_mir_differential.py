"""Differential tests: a gawee program and its convert-gawee-to-mir lowering compute the
same numbers, the gawee side in the gawee interpreter, the mir side in the mir one.

Weights are scaled by 1/sqrt(fan-in) (as real initializations are), so activations stay
O(1) and the f32 bound is an absolute max error of 1e-5.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from gawee_cases import assert_same_numbers as assert_same_numbers_of
from gawee_cases import function_names, parse
from xdsl.dialects.builtin import ModuleOp, f32, f64
from xdsl.ir import Attribute, Operation, SSAValue

from nnstack.dialects import gawee
from nnstack.frontend.resnet import GaweeGraphBuilder, basic_block_module, resnet_small_module

FILECHECK_INPUTS = Path(__file__).parents[1] / "filecheck" / "convert-gawee-to-mir"


def assert_same_numbers(module: ModuleOp, seed: int = 0) -> float:
    """Every function of `module` gives the same numbers before and after convert-gawee-to-mir."""
    return max(assert_same_numbers_of(module, symbol, seed, "mir") for symbol in function_names(module))


def single_op_module(
    shapes: Sequence[Sequence[int]],
    build: Callable[..., Operation],
    element_type: Attribute = f32,
) -> ModuleOp:
    """`@main(args of shapes)` returning the one gawee op `build(*args)`."""
    g = GaweeGraphBuilder(element_type)
    args: list[SSAValue] = [g.argument(shape) for shape in shapes]
    return ModuleOp([g.function("main", [g.append(build(*args))])])


def filecheck_cases() -> list:
    """Each `// -----` chunk of the lowering's FileCheck inputs that lowers."""
    return [
        pytest.param(path.name, chunk, id=f"{path.stem}-{index}")
        for path in sorted(FILECHECK_INPUTS.glob("*.mlir"))
        if path.stem != "invalid"
        for index, chunk in enumerate(path.read_text().split("// -----"))
    ]


@pytest.mark.parametrize(("name", "chunk"), filecheck_cases())
def test_filecheck_inputs(name: str, chunk: str):
    """Every FileCheck case of the lowering also runs, before and after, on random inputs."""
    assert_same_numbers(parse(chunk, name))


CONVS = [
    dict(strides=(1, 1), padding=(0, 0), dilation=(1, 1), groups=1),
    dict(strides=(2, 2), padding=(1, 1), dilation=(1, 1), groups=1),
    dict(strides=(2, 1), padding=(1, 0, 2, 1), dilation=(2, 1), groups=2),
    dict(strides=(1, 2), padding=(2, 2), dilation=(2, 2), groups=4),
]


@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("params", CONVS, ids=["plain", "strided", "asymmetric-dilated-grouped", "depthwise"])
def test_conv(params: dict, bias: bool):
    shapes = [(2, 4, 9, 8), (8, 4 // params["groups"], 3, 3)] + ([(8,)] if bias else [])
    assert_same_numbers(single_op_module(shapes, lambda x, w, *b: gawee.ConvOp(x, w, *b, **params)))


@pytest.mark.parametrize(
    "params",
    [
        dict(kernel_size=(3, 3), strides=(2, 2), padding=(1, 1)),
        dict(kernel_size=(2, 2), strides=(2, 2), ceil_mode=True),
        dict(kernel_size=(3, 2), strides=(2, 3), padding=(1, 0, 0, 1), dilation=(2, 1), ceil_mode=True),
        dict(kernel_size=(3, 3), strides=(1, 1), padding=(1, 1, 1, 1), dilation=(1, 1)),
    ],
    ids=["resnet", "ceil", "asymmetric-dilated-ceil", "same"],
)
def test_max_pool(params: dict):
    assert_same_numbers(single_op_module([(2, 3, 9, 8)], lambda x: gawee.MaxPoolOp(x, **params)))


@pytest.mark.parametrize(
    ("size", "output_size"),
    [((7, 7), (1, 1)), ((8, 6), (4, 3)), ((5, 7), (3, 2)), ((6, 5), (6, 3)), ((3, 4), (5, 6))],
    ids=["global", "divisible", "uneven", "one-axis", "larger-than-input"],
)
def test_ad_avg_pool(size: tuple[int, int], output_size: tuple[int, int]):
    assert_same_numbers(single_op_module([(2, 3, *size)], lambda x: gawee.AdAvgPoolOp(x, output_size)))


@pytest.mark.parametrize("count_include_pad", [False, True], ids=["exclude-pad", "include-pad"])
@pytest.mark.parametrize(
    "params",
    [
        dict(kernel_size=(3, 3), strides=(1, 1), padding=(1, 1)),
        dict(kernel_size=(2, 2), strides=(2, 2)),
        dict(kernel_size=(3, 2), strides=(2, 3), padding=(1, 0, 0, 1), dilation=(2, 1), ceil_mode=True),
        dict(kernel_size=(3, 3), strides=(3, 3), padding=(2, 2), ceil_mode=True),
    ],
    ids=["inception", "densenet", "asymmetric-dilated-ceil", "wide-pads-ceil"],
)
def test_average_pool(params: dict, count_include_pad: bool):
    pool = functools.partial(gawee.AveragePoolOp, count_include_pad=count_include_pad, **params)
    assert_same_numbers(single_op_module([(2, 3, 9, 8)], pool))


@pytest.mark.parametrize("shape", [(2, 3, 5), (2, 3, 7, 7), (1, 2, 3, 4, 2)], ids=["1d", "2d", "3d"])
def test_global_average_pool(shape: tuple[int, ...]):
    assert_same_numbers(single_op_module([shape], gawee.GlobalAveragePoolOp))


@pytest.mark.parametrize("affine", [True, False])
@pytest.mark.parametrize("shape", [(2, 3), (2, 3, 5), (1, 3, 4, 4)])
def test_batch_norm(shape: tuple[int, ...], affine: bool):
    shapes = [shape] + [(shape[1],)] * 4
    assert_same_numbers(single_op_module(shapes, lambda *a: gawee.BatchNormOp(*a, eps=1e-3, affine=affine)))


@pytest.mark.parametrize(("lhs", "rhs"), [((2, 3), (2, 3)), ((2, 1, 4), (3, 1)), ((4,), (2, 3, 4))])
def test_add(lhs: tuple[int, ...], rhs: tuple[int, ...]):
    assert_same_numbers(single_op_module([lhs, rhs], gawee.AddOp))


def test_relu():
    assert_same_numbers(single_op_module([(2, 3, 4, 5)], gawee.ReluOp))


@pytest.mark.parametrize(("start", "end"), [(1, -1), (0, 1), (-3, -2), (2, 2)])
def test_flatten(start: int, end: int):
    assert_same_numbers(single_op_module([(2, 3, 4, 5)], lambda x: gawee.FlattenOp(x, start, end)))


@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("input_shape", [(4, 16), (3, 2, 16)])
def test_linear(input_shape: tuple[int, ...], bias: bool):
    shapes = [input_shape, (10, 16)] + ([(10,)] if bias else [])
    assert_same_numbers(single_op_module(shapes, gawee.LinearOp))


@pytest.mark.parametrize("batch_norm", [False, True])
@pytest.mark.parametrize("stride", [1, 2])
def test_basic_block(stride: int, batch_norm: bool):
    assert_same_numbers(basic_block_module(stride=stride, batch_norm=batch_norm))


@pytest.mark.parametrize("batch_norm", [False, True])
def test_small_resnet(batch_norm: bool):
    error = assert_same_numbers(resnet_small_module(batch_norm=batch_norm))
    assert error <= 1e-5


def test_small_resnet_f64():
    module = resnet_small_module(input_shape=(2, 3, 24, 24), batch_norm=True, element_type=f64)
    assert_same_numbers(module, seed=3)

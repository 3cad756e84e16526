"""Differential tests of convert-mir-to-llir: a mir program and its llir lowering compute
the same numbers, in both layouts and with vector widths 1, 4 and 8.

The mir side runs in the mir interpreter, the llir side through
`nnstack.interpreters.call` with the llir interpreter's memory checks on: bounds, use
after free, alignment, reads of never-written memory (strict mode), writes into the
read-only input arrays, and no buffer may be left allocated after the call. So an
address computation that strays out of its buffer, or a missing or misplaced free,
fails here even where the numbers happen to agree.

Program sources: every chunk of the pass's FileCheck tests (random inputs), the
FileCheck inputs of convert-gawee-to-mir and two ResNet-style networks (lowered with
convert-gawee-to-mir first), and below, programs that need particular inputs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gawee_inputs import max_error, random_arguments
from levels import lower
from llir_programs import MIR_TO_LLIR_ERROR_FILES, NETWORKS, chunks, dynamic_shapes, functions, lower_to_llir
from rounding_cases import REFERENCES, assert_same_floats, values
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, f32
from xdsl.ir import Attribute, Block, Operation, Region

from nnstack.dialects import llir, mir
from nnstack.interpreters import argument_types, call, parse_module, random_inputs, run
from nnstack.interpreters.llir import leaked_buffers
from nnstack.transforms.convert_mir_to_llir import ConvertMirToLlirPass

LAYOUTS = ("row-major", "column-major")
WIDTHS = (1, 4, 8)
CONFIGS = list(itertools.product(LAYOUTS, WIDTHS))
TOLERANCE = {np.float16: 1e-2, np.float32: 1e-5, np.float64: 1e-12}


def assert_same_numbers(
    module: ModuleOp,
    symbol: str,
    arrays: list[Any],
    configs: list[tuple[str, int]] = CONFIGS,
    expected: tuple[np.ndarray, ...] | None = None,
) -> dict[tuple[str, int], float]:
    """Runs `symbol` lowered in each (layout, width) and compares with the mir results (or
    `expected`); returns the max abs errors."""
    if expected is None:
        expected = run(module, symbol, *arrays)
    errors: dict[tuple[str, int], float] = {}
    for layout, width in configs:
        lowered = lower_to_llir(module, layout, width)
        got = call(lowered, symbol, arrays, strict_memory=True)
        assert leaked_buffers(got.interpreter) == [], f"{layout}, width {width}: leaked buffers"
        error = 0.0
        for e, g in zip(expected, got.results, strict=True):
            # each output within its own dtype's tolerance (an integer output after a
            # float one is exact, whatever the float's error)
            output_error = max_error(np.asarray(e), g)
            tolerance = TOLERANCE.get(np.asarray(e).dtype.type, 0.0)
            assert output_error <= tolerance, (
                f"@{symbol} {layout}, width {width}: max abs error {output_error}"
            )
            error = max(error, output_error)
        errors[(layout, width)] = error
    return errors


@pytest.mark.parametrize(("path", "chunk"), chunks("convert-mir-to-llir", exclude=MIR_TO_LLIR_ERROR_FILES))
def test_filecheck_inputs(path: Path, chunk: str):
    """Every FileCheck case of the pass also runs, before and after, on random inputs."""
    module = parse_module(chunk)
    configs = CONFIGS if not dynamic_shapes(module) else [c for c in CONFIGS if c[0] == "row-major"]
    for function in functions(module):
        arrays = random_inputs(argument_types(function), seed=1)
        assert_same_numbers(module, function.sym_name.data, arrays, configs)


@pytest.mark.parametrize(("path", "chunk"), chunks("convert-gawee-to-mir", exclude=("invalid",)))
def test_gawee_filecheck_inputs(path: Path, chunk: str):
    """The convert-gawee-to-mir FileCheck programs, lowered on to llir."""
    module = parse_module(chunk)
    mir_module = lower(module, "mir")
    for function in functions(module):
        arrays = random_arguments(function, np.random.default_rng(0))
        assert_same_numbers(mir_module, function.sym_name.data, arrays)


@pytest.mark.parametrize("name", NETWORKS)
def test_network(name: str):
    """gawee -> convert-gawee-to-mir -> convert-mir-to-llir gives the gawee numbers."""
    module = NETWORKS[name]()
    (function,) = functions(module)
    symbol = function.sym_name.data
    arrays = random_arguments(function, np.random.default_rng(0))
    expected = run(module, symbol, *arrays)
    assert_same_numbers(lower(module, "mir"), symbol, arrays, expected=expected)


# ---------------------------------------------------------------------------
# Programs that need particular inputs
# ---------------------------------------------------------------------------


def check(text: str, *arrays: Any, symbol: str = "main") -> dict[tuple[str, int], float]:
    return assert_same_numbers(parse_module(text), symbol, list(arrays))


RNG = np.random.default_rng(7)


def normal(*shape: int, dtype: type = np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


def single_op(
    shapes: list[tuple[int, ...]], build: Callable[..., Operation], element: Attribute = f32
) -> ModuleOp:
    """`@main(args of shapes)` returning the one mir op `build(*args)`."""
    block = Block(arg_types=[TensorType(element, shape) for shape in shapes])
    op = build(*block.args)
    block.add_ops([op, func.ReturnOp(op.results[0])])
    function_type = ([a.type for a in block.args], [op.results[0].type])
    return ModuleOp([func.FuncOp("main", function_type, Region(block))])


CONVS = [
    dict(stride=(1, 1), padding=(0, 0, 0, 0), dilation=(1, 1), groups=1),
    dict(stride=(2, 2), padding=(1, 1, 1, 1), dilation=(1, 1), groups=1),
    dict(stride=(2, 1), padding=(1, 0, 2, 1), dilation=(2, 1), groups=2),
    dict(stride=(1, 2), padding=(2, 2, 2, 2), dilation=(2, 2), groups=4),
]


@pytest.mark.parametrize(
    "params", CONVS, ids=["plain", "strided-padded", "asymmetric-dilated-grouped", "depthwise"]
)
def test_conv(params: dict[str, Any]):
    groups = params["groups"]
    module = single_op([(2, 6, 5, 4), (3, 3, 4 // groups, 4)], lambda x, w: mir.ConvOp(x, w, **params))
    assert_same_numbers(module, "main", [normal(2, 6, 5, 4), normal(3, 3, 4 // groups, 4) / 3])


def test_conv_channel_tiles_and_remainder():
    """The vectorized conv covers the output channels of a group with a loop of 4-vector
    tiles, then one tile of fewer vectors, then scalar channels: 21 channels at width 4
    take all three (16 + 4 + 1), at width 8 the last two (16 + 5 scalar)."""
    params = dict(stride=(1, 1), padding=(1, 1, 1, 1), dilation=(1, 1), groups=1)
    module = single_op([(1, 4, 4, 3), (3, 3, 3, 21)], lambda x, w: mir.ConvOp(x, w, **params))
    configs = [("row-major", 4), ("row-major", 8)]
    assert_same_numbers(module, "main", [normal(1, 4, 4, 3), normal(3, 3, 3, 21) / 3], configs)


POOLS = [
    dict(kernel_size=(3, 3), stride=(2, 2), padding=(1, 1, 2, 2)),
    dict(kernel_size=(2, 3), stride=(1, 2), padding=(0, 1, 1, 0), dilation=(2, 1)),
    dict(kernel_size=(2, 2), stride=(2, 2)),
]


@pytest.mark.parametrize("kind", ["max", "sum", "avg"])
@pytest.mark.parametrize("params", POOLS, ids=["padded", "dilated-asymmetric", "plain"])
def test_pool(kind: str, params: dict[str, Any]):
    module = single_op([(2, 7, 6, 3)], lambda x: mir.PoolOp(x, kind, **params))
    assert_same_numbers(module, "main", [normal(2, 7, 6, 3)])


def test_float16_elementwise_and_conv():
    check(
        """
        func.func @main(%x: tensor<1x5x5x2xf16>, %w: tensor<3x3x2x3xf16>, %b: tensor<3xf16>) -> tensor<1x5x5x3xf16> {
          %c = mir.conv %x, %w input_shape = [1, 5, 5, 2] weight_shape = [3, 3, 2, 3] output_shape = [1, 5, 5, 3] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x5x5x2xf16>, tensor<3x3x2x3xf16>) -> tensor<1x5x5x3xf16>
          %a = mir.broadcast_add %c, %b broadcast_shape = [1, 5, 5, 3] : (tensor<1x5x5x3xf16>, tensor<3xf16>) -> tensor<1x5x5x3xf16>
          %m = mir.broadcast_mul %a, %a broadcast_shape = [1, 5, 5, 3] : (tensor<1x5x5x3xf16>, tensor<1x5x5x3xf16>) -> tensor<1x5x5x3xf16>
          func.return %m : tensor<1x5x5x3xf16>
        }
        """,
        normal(1, 5, 5, 2, dtype=np.float16),
        normal(3, 3, 2, 3, dtype=np.float16) / 4,
        normal(3, dtype=np.float16),
    )


CAST = """
func.func @main(%x: tensor<9xf32>, %i: tensor<4xi64>, %p: tensor<3xi1>) -> (tensor<9xi8>, tensor<9xi64>, tensor<9xi1>, tensor<9xf16>, tensor<4xi32>, tensor<4xf64>, tensor<3xf32>, tensor<3xi32>, tensor<4xi1>) {
  %a = mir.cast %x : (tensor<9xf32>) -> tensor<9xi8>
  %b = mir.cast %x : (tensor<9xf32>) -> tensor<9xi64>
  %c = mir.cast %x : (tensor<9xf32>) -> tensor<9xi1>
  %d = mir.cast %x : (tensor<9xf32>) -> tensor<9xf16>
  %e = mir.cast %i : (tensor<4xi64>) -> tensor<4xi32>
  %f = mir.cast %i : (tensor<4xi64>) -> tensor<4xf64>
  %g = mir.cast %p : (tensor<3xi1>) -> tensor<3xf32>
  %h = mir.cast %p : (tensor<3xi1>) -> tensor<3xi32>
  %k = mir.cast %i : (tensor<4xi64>) -> tensor<4xi1>
  func.return %a, %b, %c, %d, %e, %f, %g, %h, %k : tensor<9xi8>, tensor<9xi64>, tensor<9xi1>, tensor<9xf16>, tensor<4xi32>, tensor<4xf64>, tensor<3xf32>, tensor<3xi32>, tensor<4xi1>
}
"""


def test_casts_saturate_and_wrap():
    x = np.array([np.nan, np.inf, -np.inf, 1e20, -1e20, 127.9, -128.9, -0.7, 70000.0], np.float32)
    i = np.array([2**40 + 5, -(2**33) - 1, 0, -3], np.int64)
    check(CAST, x, i, np.array([True, False, True]))


def test_sqrt_of_negative_is_nan_and_division_by_zero_is_inf():
    check(
        """
        func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
          %s = mir.sqrt %x : (tensor<4xf32>) -> tensor<4xf32>
          %d = mir.broadcast_div %x, %y broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
          func.return %s, %d : tensor<4xf32>, tensor<4xf32>
        }
        """,
        np.array([4.0, -1.0, 0.0, 2.0], np.float32),
        np.array([0.0, 0.0, 0.0, 4.0], np.float32),
    )


@pytest.mark.parametrize("op", sorted(REFERENCES))
def test_rounding_is_exact(op: str):
    """mir.floor (ceil, round) lowered, in every layout and vector width, gives numpy's
    bits on halves, +-0, +-inf, NaN and large values."""
    x = values(np.float32)
    t = f"tensor<{x.size}xf32>"
    module = parse_module(
        f"func.func @main(%x: {t}) -> {t} {{\n  %r = mir.{op} %x : ({t}) -> {t}\n  func.return %r : {t}\n}}\n"
    )
    for layout, width in CONFIGS:
        (got,) = call(lower_to_llir(module, layout, width), "main", [x], strict_memory=True).results
        assert_same_floats(got, REFERENCES[op](x), f"{layout}, width {width}")


def test_scatter_gather_with_negative_indices():
    check(
        """
        func.func @main(%x: tensor<4x5xf32>, %u: tensor<4x2x2xf32>, %i: tensor<2x2xi32>) -> (tensor<4x5xf32>, tensor<4x2x2xf32>) {
          %s = mir.scatter %x, %u, %i axis = 1 : (tensor<4x5xf32>, tensor<4x2x2xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>
          %g = mir.gather %s, %i axis = 1 : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<4x2x2xf32>
          func.return %s, %g : tensor<4x5xf32>, tensor<4x2x2xf32>
        }
        """,
        normal(4, 5),
        normal(4, 2, 2),
        np.array([[-1, 0], [3, -4]], np.int32),
    )


def test_dynamic_reshape():
    text = """
    func.func @main(%x: tensor<4x6xf32>, %s: tensor<3xi64>) -> (tensor<3x8xf32>, tensor<2x2x6xf32>) {
      %a = mir.dynamic_reshape %x, %s : (tensor<4x6xf32>, tensor<3xi64>) -> tensor<2x?x6xf32>
      %t = mir.constant dense<[3, 8]> : tensor<2xi32>
      %b = mir.dynamic_reshape %a, %t : (tensor<2x?x6xf32>, tensor<2xi32>) -> tensor<3x8xf32>
      %c = mir.dynamic_reshape %x, %s : (tensor<4x6xf32>, tensor<3xi64>) -> tensor<2x2x6xf32>
      func.return %b, %c : tensor<3x8xf32>, tensor<2x2x6xf32>
    }
    """
    x, shape = normal(4, 6), np.array([2, 2, 6], np.int64)
    assert_same_numbers(parse_module(text), "main", [x, shape], [c for c in CONFIGS if c[0] == "row-major"])


def test_constants_from_elements_alloc_and_dealloc():
    check(
        """
        func.func @main(%n: index, %x: tensor<2x2xi64>) -> (tensor<2x3xf16>, tensor<3xi1>, tensor<2x2xi32>, tensor<2x2xi64>, tensor<5xf64>) {
          %f = mir.constant dense<[[1.5, -2.0, 3.0], [0.25, 4.0, -0.5]]> : tensor<2x3xf16>
          %b = mir.constant dense<[true, false, true]> : tensor<3xi1>
          %c = arith.constant 5 : index
          %e = mir.from_elements %n, %c, %n, %n : (index, index, index, index) -> tensor<2x2xi32>
          %t = mir.alloc_tensor : tensor<2x2xi64>
          %r = mir.broadcast_add %t, %x broadcast_shape = [2, 2] : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
          mir.dealloc_tensor %t : tensor<2x2xi64>
          mir.dealloc_tensor %x : tensor<2x2xi64>
          %s = mir.constant dense<-0.5> : tensor<5xf64>
          func.return %f, %b, %e, %r, %s : tensor<2x3xf16>, tensor<3xi1>, tensor<2x2xi32>, tensor<2x2xi64>, tensor<5xf64>
        }
        """,
        3,
        np.array([[1, 2], [3, 4]], np.int64),
    )


LOOPS = """
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %n: index, %s: f32) -> (tensor<2x3xf32>, tensor<2x3xf32>, index, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4 = mir.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %k = %c0, %t = %s) -> (tensor<2x3xf32>, tensor<2x3xf32>, index, f32) {
    %k2 = arith.addi %k, %i : index
    %t2 = arith.addf %t, %t : f32
    mir.yield %y, %x, %k2, %t2 : tensor<2x3xf32>, tensor<2x3xf32>, index, f32
  }
  func.return %r#0, %r#1, %r#2, %r#3 : tensor<2x3xf32>, tensor<2x3xf32>, index, f32
}
"""


@pytest.mark.parametrize("trips", [0, 1, 4])
def test_loop_swapping_carried_tensors(trips: int):
    """Yielding the carried tensors swapped copies each through a staging buffer."""
    check(LOOPS, normal(2, 3), normal(2, 3), trips, np.float32(0.75))


IF_SCALARS = """
func.func @main(%c: i1, %x: tensor<3xf32>, %n: index) -> (index, tensor<3xf32>, f32) {
  %c2 = arith.constant 2 : index
  %h = arith.constant 0.5 : f32
  %r:3 = mir.if %c : i1 -> (index, tensor<3xf32>, f32) {
    %m = arith.muli %n, %c2 : index
    mir.yield %m, %x, %h : index, tensor<3xf32>, f32
  } else {
    %e = mir.exp %x : (tensor<3xf32>) -> tensor<3xf32>
    %g = arith.negf %h : f32
    mir.yield %n, %e, %g : index, tensor<3xf32>, f32
  }
  func.return %r#0, %r#1, %r#2 : index, tensor<3xf32>, f32
}
"""


@pytest.mark.parametrize("condition", [True, False])
def test_if_with_scalar_results(condition: bool):
    check(IF_SCALARS, condition, normal(3), 7)


def test_zero_sized_tensors():
    check(
        """
        func.func @main(%x: tensor<0x3xf32>, %y: tensor<3xf32>) -> (tensor<0x3xf32>, tensor<3xf32>) {
          %a = mir.broadcast_add %x, %y broadcast_shape = [0, 3] : (tensor<0x3xf32>, tensor<3xf32>) -> tensor<0x3xf32>
          %s = mir.reduce sum %x axes = [0] keep_dims = false : (tensor<0x3xf32>) -> tensor<3xf32>
          func.return %a, %s : tensor<0x3xf32>, tensor<3xf32>
        }
        """,
        np.zeros((0, 3), np.float32),
        normal(3),
    )


def test_reductions_of_float16_and_integers():
    check(
        """
        func.func @main(%x: tensor<4x33xf16>, %i: tensor<5x3xi8>) -> (tensor<4xf16>, tensor<4x1xf16>, tensor<3xi8>, tensor<5xi8>, tensor<i8>) {
          %s = mir.reduce sum %x axes = [1] keep_dims = false : (tensor<4x33xf16>) -> tensor<4xf16>
          %m = mir.reduce mean %x axes = [1] keep_dims = true : (tensor<4x33xf16>) -> tensor<4x1xf16>
          %p = mir.reduce prod %i axes = [0] keep_dims = false : (tensor<5x3xi8>) -> tensor<3xi8>
          %q = mir.reduce min %i axes = [1] keep_dims = false : (tensor<5x3xi8>) -> tensor<5xi8>
          %r = mir.reduce sum %i axes = [1, 0] keep_dims = false : (tensor<5x3xi8>) -> tensor<i8>
          func.return %s, %m, %p, %q, %r : tensor<4xf16>, tensor<4x1xf16>, tensor<3xi8>, tensor<5xi8>, tensor<i8>
        }
        """,
        normal(4, 33, dtype=np.float16),
        RNG.integers(-100, 100, (5, 3)).astype(np.int8),
    )


def test_integer_division_and_matmul():
    check(
        """
        func.func @main(%a: tensor<3x4xi32>, %b: tensor<4xi32>, %l: tensor<2x3x4xi8>, %r: tensor<4x2xi8>) -> (tensor<3x4xi32>, tensor<2x3x2xi8>) {
          %d = mir.broadcast_div %a, %b broadcast_shape = [3, 4] : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
          %m = mir.matmul %l, %r : (tensor<2x3x4xi8>, tensor<4x2xi8>) -> tensor<2x3x2xi8>
          func.return %d, %m : tensor<3x4xi32>, tensor<2x3x2xi8>
        }
        """,
        RNG.integers(-50, 50, (3, 4)).astype(np.int32),
        np.array([3, -2, 7, 1], np.int32),
        RNG.integers(-100, 100, (2, 3, 4)).astype(np.int8),
        RNG.integers(-100, 100, (4, 2)).astype(np.int8),
    )


def test_unsupported_layout_is_an_option_error():
    from xdsl.utils.arg_spec import parse_spec

    with pytest.raises(ValueError, match=r"expected typing.Literal\['row-major', 'column-major'\]"):
        ConvertMirToLlirPass.from_pass_spec(parse_spec('convert-mir-to-llir{layout="diagonal"}'))


def test_signature_is_recorded():
    lowered = lower_to_llir(parse_module(LOOPS), "column-major", 1)
    (function,) = [op for op in lowered.walk() if isinstance(op, llir.FuncOp)]
    assert function.memory_layout == llir.MemoryLayout.COLUMN_MAJOR
    assert str(function.attributes[llir.TENSOR_SIGNATURE]) == (
        "(tensor<2x3xf32>, tensor<2x3xf32>, index, f32) -> (tensor<2x3xf32>, tensor<2x3xf32>, index, f32)"
    )

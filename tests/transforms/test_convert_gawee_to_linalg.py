"""Unit tests of the convert-gawee-to-linalg pass object (the IR itself is checked by
tests/filecheck/convert-gawee-to-linalg)."""

import warnings

import pytest
from gawee_cases import context, filecheck_cases, parse
from xdsl.builder import ImplicitBuilder
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, FloatAttr, ModuleOp, TensorType, f32, i64
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Block, Region
from xdsl.utils.exceptions import PassFailedException

from nnstack.dialects.gawee import AddOp, ReluOp
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.gawee_conversion import unsupported_reason
from nnstack.transforms.gawee_to_linalg.builder import LoweringBuilder, broadcast_map, identity_map, parallel

NETWORK = """
func.func @net(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>,
               %g: tensor<4xf32>, %be: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>,
               %fw: tensor<10x4xf32>, %fb: tensor<10xf32>) -> tensor<1x10xf32> {
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %1 = gawee.batch_norm %0, %g, %be, %m, %v affine = true eps = 1.0e-05 : (tensor<1x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %2 = gawee.relu %1 : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %3 = gawee.max_pool %2 kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  %4 = gawee.add %3, %3 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %5 = gawee.ad_avg_pool %4 outputSize = [1, 1] : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %6 = gawee.flatten %5 startDim = 1 endDim = -1 : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
  %7 = gawee.linear %6, %fw, %fb : (tensor<1x4xf32>, tensor<10x4xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  func.return %7 : tensor<1x10xf32>
}
"""

OTHER = """
func.func @other(%a: tensor<2x3xf64>, %b: tensor<3xf64>) -> tensor<2x3xf64> {
  %0 = gawee.add %a, %b : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xf64>
  %1 = gawee.relu %0 : (tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %1 : tensor<2x3xf64>
}
"""


def lowered_text(pass_: ConvertGaweeToLinalgPass, source: str) -> str:
    module = parse(source)
    pass_.apply(context(), module)
    module.verify()
    return str(module)


def test_pass_is_registered_under_its_name():
    assert ConvertGaweeToLinalgPass.name == "convert-gawee-to-linalg"


def test_two_runs_in_one_process_give_identical_output():
    """No state survives a run: the same pass object, and a new one, lower the same
    module to the same text, with another module lowered in between."""
    pass_ = ConvertGaweeToLinalgPass()
    first = lowered_text(pass_, NETWORK)
    lowered_text(pass_, OTHER)
    second = lowered_text(pass_, NETWORK)
    third = lowered_text(ConvertGaweeToLinalgPass(), NETWORK)
    assert first == second == third
    assert "gawee." not in first


def test_whole_network_lowers_without_warnings():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = lowered_text(ConvertGaweeToLinalgPass(elementwise_generic=True), NETWORK)
    assert "linalg.conv_2d_nchw_fchw" in text and "linalg.pooling_nchw_max" in text
    assert "linalg.add" not in text


@pytest.mark.parametrize(("name", "index", "chunk"), filecheck_cases())
def test_filecheck_inputs_lower_without_warnings(name: str, index: int, chunk: str):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for elementwise_generic in (False, True):
            lowered_text(ConvertGaweeToLinalgPass(elementwise_generic=elementwise_generic), chunk)


def _dynamic_module(with_add: bool = False) -> tuple[ModuleOp, ReluOp]:
    """A module with a gawee.relu (and a gawee.add) on a dynamic shape, built without
    verification."""
    dynamic = TensorType(f32, [DYNAMIC_INDEX, 4])
    function = func.FuncOp("dyn", ((dynamic,), (dynamic,)))
    with ImplicitBuilder(function.body) as (x,):
        relu = ReluOp(x)
        result = AddOp(relu, relu).output if with_add else relu.output
        func.ReturnOp(result)
    return ModuleOp([function]), relu


def test_leftover_op_fails_the_pass_with_its_name_and_reason():
    module, _ = _dynamic_module()
    with pytest.raises(PassFailedException) as error:
        ConvertGaweeToLinalgPass().apply(context(), module)
    assert str(error.value) == (
        "convert-gawee-to-linalg: cannot lower gawee.relu: dynamic shapes are not supported "
        "(operand #0 has type tensor<?x4xf32>)"
    )
    # The printed diagnostic marks the op.
    notes = "".join(getattr(error.value, "__notes__", []))
    assert "| cannot lower gawee.relu" in notes


def test_check_runs_before_any_rewriting():
    """The check finds every op the pass cannot lower, without rewriting anything; a
    failing pass leaves the module as it was."""
    module, relu = _dynamic_module(with_add=True)
    assert [(op.name, why) for op, why in ConvertGaweeToLinalgPass().problems(module)] == [
        (
            "gawee.relu",
            "cannot lower gawee.relu: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)",
        ),
        (
            "gawee.add",
            "cannot lower gawee.add: dynamic shapes are not supported (operand #0 has type tensor<?x4xf32>)",
        ),
    ]
    before = str(module)
    with pytest.raises(PassFailedException):
        ConvertGaweeToLinalgPass().apply(context(), module)
    assert str(module) == before and relu.parent is not None


def test_several_leftovers_are_counted():
    module, _ = _dynamic_module(with_add=True)
    with pytest.raises(PassFailedException) as error:
        ConvertGaweeToLinalgPass().apply(context(), module)
    assert str(error.value).startswith("convert-gawee-to-linalg: cannot lower gawee.relu: ")
    assert str(error.value).endswith(" (and 1 more)")
    notes = "".join(getattr(error.value, "__notes__", []))
    assert "| cannot lower gawee.relu" in notes and "| cannot lower gawee.add" in notes


def test_unrelated_dead_ops_are_kept():
    """The pass is a conversion, not a cleanup: it does not erase other dead code."""
    module = parse(OTHER)
    function = module.body.block.first_op
    assert isinstance(function, func.FuncOp)
    unused = arith.ConstantOp(FloatAttr(1.0, f32))
    function.body.block.insert_op_before(unused, function.body.block.first_op)  # type: ignore[arg-type]
    ConvertGaweeToLinalgPass().apply(context(), module)
    assert unused.parent is function.body.block


def test_dead_gawee_ops_are_lowered_not_erased():
    source = OTHER.replace(
        "func.return %1", "%2 = gawee.relu %a : (tensor<2x3xf64>) -> tensor<2x3xf64>\n  func.return %1"
    )
    text = lowered_text(ConvertGaweeToLinalgPass(), source)
    assert text.count("arith.maximumf") == 2


def test_the_check_verifies_the_ops_unless_told_they_verified():
    """The patterns assume ops that verify, as MLIR's do: the pass's check verifies each
    gawee op, unless its caller says the module has verified (`convert(verified=True)`,
    what nnstack-opt's pass runner passes after verifying the input)."""
    module = parse(
        """
func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %t = gawee.transpose %x perm = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %t : tensor<3x2xf32>
}
"""
    )
    (transpose,) = [op for op in module.walk() if op.name == "gawee.transpose"]
    transpose.attributes["perm"] = DenseArrayBase.from_list(i64, [0, 0])  # (no longer verifies)
    assert unsupported_reason(transpose) is None  # (its types are ones the patterns carry)
    pass_ = ConvertGaweeToLinalgPass()
    ((op, why),) = pass_.problems(module)
    assert op is transpose and why.startswith("cannot lower gawee.transpose: the op does not verify: ")
    assert pass_.problems(module, verified=True) == []
    before = str(module)
    with pytest.raises(PassFailedException):
        pass_.apply(context(), module)
    assert str(module) == before


def test_builder_ops_are_what_xdsls_constructors_build():
    """`LoweringBuilder` makes `tensor.empty`, `linalg.fill`, `linalg.generic` and its
    `linalg.yield` with `create` (without the constructors' argument checks): the same
    ops, properties in the same order, as xDSL's constructors."""
    block = Block(arg_types=[TensorType(f32, [2, 3]), TensorType(f32, [3])])
    x, y = block.args
    b = LoweringBuilder()
    output = b.empty([2, 3], f32)
    maps = [broadcast_map([2, 3], [2, 3]), broadcast_map([3], [2, 3]), identity_map(2)]
    result = b.generic([x, y], output, maps, parallel(2), lambda p, q, _: arith.AddfOp(p, q).result)
    block.add_ops(b.ops)
    built = result.owner
    assert isinstance(built, GenericOp)

    expected_block = Block(arg_types=[TensorType(f32, [2, 3]), TensorType(f32, [3])])
    expected_empty = tensor.EmptyOp([], TensorType(f32, [2, 3]))
    body = Block(arg_types=[f32, f32, f32])
    for arg, name in zip(body.args, ["in", "in", "out"]):
        arg.name_hint = name
    with ImplicitBuilder(body) as (p, q, _):
        YieldOp(arith.AddfOp(p, q))
    expected = GenericOp(
        list(expected_block.args), [expected_empty.tensor], Region(body), maps, parallel(2), [output.type]
    )
    expected_block.add_ops([expected_empty, expected])
    assert [str(op) for op in block.ops] == [str(op) for op in expected_block.ops]
    assert list(built.properties) == list(expected.properties)
    assert built.properties == expected.properties and built.attributes == expected.attributes
    assert [type(op) for op in built.body.block.ops] == [type(op) for op in expected.body.block.ops]
    built.verify()

    scalar = Block(arg_types=[f32]).args[0]
    filled = b.filled([2, 3], scalar).owner
    expected_fill = FillOp([scalar], [tensor.EmptyOp([], TensorType(f32, [2, 3])).tensor])
    assert isinstance(filled, FillOp)
    assert list(filled.properties.items()) == list(expected_fill.properties.items())
    assert filled.result_types == expected_fill.result_types
    assert [str(op) for op in filled.regions[0].block.ops] == [
        str(op) for op in expected_fill.regions[0].block.ops
    ]
    assert filled.regions[0].block.arg_types == expected_fill.regions[0].block.arg_types
    filled.verify()

"""The verifier's faster op checks (`nnstack.tools.op_verifier`) against xDSL's own
`Operation.verify`: valid ops of every count shape (fixed, variadic, optional,
attribute-sized segments, regions) pass the fast checks without xDSL's verifier, and
each broken op fails them and raises exactly what xDSL raises."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import ModuleOp, StringAttr, TensorType, i32
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Operation

from nnstack.interpreters import make_context
from nnstack.tools.located_parser import parse_module
from nnstack.tools.op_verifier import Verifier, _plan, _verifies

PROGRAM = """
func.func @f(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %n: index) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x3xf32>
  %dynamic = tensor.empty(%n) : tensor<?x3xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x3xf32>) -> tensor<2x3xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
      affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<2x3xf32>, tensor<3xf32>) outs(%filled : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  %added = linalg.add ins(%sum, %x : tensor<2x3xf32>, tensor<2x3xf32>)
      outs(%empty : tensor<2x3xf32>) -> tensor<2x3xf32>
  %w = gawee.add %added, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %w : tensor<2x3xf32>
}
"""


def _module() -> ModuleOp:
    return parse_module(make_context(), PROGRAM, "program.mlir")


def _xdsl_error(op: Operation) -> str | None:
    try:
        op.verify(verify_nested_ops=False)
    except Exception as error:  # noqa: BLE001 (compared as xDSL raises it)
        return f"{type(error).__name__}: {error}"
    return None


def _our_error(op: Operation) -> str | None:
    try:
        Verifier().verify_op(op)
    except Exception as error:  # noqa: BLE001
        return f"{type(error).__name__}: {error}"
    return None


def _fast(op: Operation) -> bool:
    plan = _plan(type(op))
    assert plan is not None, f"{op.name} has no plan"
    return _verifies(op, plan)


def test_valid_ops_pass_the_fast_checks():
    module = _module()
    names = set()
    for op in module.walk():
        assert _xdsl_error(op) is None
        if op is not module:
            assert _fast(op), op.name
            names.add(op.name)
    # fixed counts, variadic and optional operands, attribute-sized segments, regions
    assert {"tensor.empty", "linalg.generic", "linalg.fill", "linalg.yield", "func.func"} <= names


def _first(module: ModuleOp, kind: type[Operation]) -> Operation:
    return next(op for op in module.walk() if isinstance(op, kind))


def _recreated(op: Operation, **changes: object) -> Operation:
    """A copy of `op` with some of its parts changed, in its place (before it; a
    terminator replaced): IR values and types cannot be changed in place."""
    parts: dict[str, object] = {
        "operands": list(op.operands),
        "result_types": list(op.result_types),
        "properties": dict(op.properties),
        "attributes": dict(op.attributes),
        "regions": [region.clone() for region in op.regions],
    }
    copy = type(op).create(**(parts | changes))  # pyright: ignore[reportArgumentType]
    assert op.parent is not None
    op.parent.insert_op_before(copy, op)
    if not op.results:
        op.parent.erase_op(op)
    return copy


def _drop_operand(op: Operation) -> Operation:
    return _recreated(op, operands=list(op.operands)[:-1])


def _retype_result(op: Operation) -> Operation:
    return _recreated(op, result_types=[TensorType(i32, [2, 3])])


def _float_size(op: Operation) -> Operation:
    zero = _first(op.get_toplevel_object(), arith.ConstantOp)  # pyright: ignore[reportArgumentType]
    return _recreated(op, operands=[zero.results[0]])


def _return_argument(op: Operation) -> Operation:
    function = op.parent_op()
    assert isinstance(function, func.FuncOp)
    return _recreated(op, operands=[function.args[1]])  # a tensor<3xf32>, not the result type


def _unknown_property(op: Operation) -> Operation:
    return _recreated(op, properties=dict(op.properties) | {"junk": StringAttr("x")})


def _drop_property(op: Operation) -> Operation:
    return _recreated(op, properties={})


def _extra_block_argument(op: Operation) -> Operation:
    op.regions[0].block.insert_arg(i32, 0)
    return op


def _extra_output(op: Operation) -> Operation:
    # one more output than the segment sizes say
    return _recreated(op, operands=[*op.operands, op.operands[-1]])


def _return_erased(op: Operation) -> Operation:
    returned = _first(op, func.ReturnOp)
    block = returned.parent
    assert block is not None
    block.erase_op(returned)
    assert block.last_op is not None
    return block.last_op  # no longer a terminator


BREAKS: list[tuple[type[Operation], Callable[[Operation], Operation]]] = [
    (arith.AddfOp, _drop_operand),  # fixed count
    (arith.AddfOp, _retype_result),  # a constraint (and the same-type trait)
    (arith.ConstantOp, _unknown_property),
    (arith.ConstantOp, _drop_property),
    (linalg.GenericOp, _extra_output),  # attribute-sized segments
    (linalg.GenericOp, _extra_block_argument),  # the custom verifier
    (linalg.FillOp, _drop_operand),  # attribute-sized segments
    (tensor.EmptyOp, _float_size),  # a variadic operand's constraint
    (func.ReturnOp, _return_argument),  # a variadic operand (the custom verifier)
    (func.FuncOp, _return_erased),  # a block's last op that is not a terminator
]


@pytest.mark.parametrize(("kind", "breaks"), BREAKS, ids=[f"{k.name}-{b.__name__}" for k, b in BREAKS])
def test_a_broken_op_fails_the_fast_checks_and_raises_what_xdsl_raises(
    kind: type[Operation], breaks: Callable[[Operation], Operation]
):
    op = breaks(_first(_module(), kind))
    expected = _xdsl_error(op)
    assert expected is not None, "the op was not broken"
    assert not _fast(op)
    assert _our_error(op) == expected


def test_an_op_verified_its_own_way_is_left_to_xdsl():
    """An op class that overrides `verify` has no plan: xDSL's verifier runs."""

    class Checked(arith.AddfOp):
        def verify(self, verify_nested_ops: bool = True) -> None:
            raise ValueError("checked its own way")

    assert _plan(Checked) is None
    op = Checked(_first(_module(), arith.AddfOp).lhs, _first(_module(), arith.AddfOp).rhs)
    assert _our_error(op) == "ValueError: checked its own way"
    assert _plan(arith.AddfOp) is not None

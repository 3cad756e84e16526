"""The builders infer every result type from their operands (and verify); the types
print as the original's syntax and their accessors give shapes, grids and levels."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, IntegerAttr, TensorType, f32, i32
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects import spensor as sp

L1 = sp.MemoryType("L1", [4, 4])
L2 = sp.MemoryType("L2")
L3 = sp.MemoryType("L3", [])


def spensor_type(shape, memory=L3, element=f32) -> sp.SpensorType:
    return sp.SpensorType(TensorType(element, shape), memory)


def const(value: int, ops: list[Operation]) -> SSAValue:
    op = arith.ConstantOp(IntegerAttr(value, IndexType()))
    ops.append(op)
    return op.result


def verified(op: Operation, ops: list[Operation]) -> Operation:
    """`op` inside a block with the constants it uses, verified."""
    Block([*ops, op])
    op.verify()
    return op


def test_type_syntax_and_accessors():
    t = spensor_type([16, 8], L1)
    grid = sp.NDSpensorType(t, [4, 2])
    assert str(L1) == '!spensor.memory<"L1", [4, 4]>'
    assert str(t) == '!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [4, 4]>>'
    assert (
        str(grid)
        == '!spensor.ndspensor<tensor<4x2x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L1", [4, 4]>>>>'
    )
    assert (grid.grid, grid.tile, grid.level, t.shape, L1.shape) == ((4, 2), t, "L1", (16, 8), (4, 4))
    with pytest.raises(VerifyException, match="static shape"):
        spensor_type([DYNAMIC_INDEX, 4])


def test_memory_shape_entries_are_at_least_one():
    """A memory grid may have unit dims (one row of cores); 0 is rejected."""
    row = sp.MemoryType("L1", [1, 4])
    assert (row.memory_name.data, row.shape) == ("L1", (1, 4))
    with pytest.raises(VerifyException, match=r"every memory_shape entry must be >= 1, got \[4, 0\]"):
        sp.MemoryType("L1", [4, 0])


def test_builders_infer_result_types():
    a = Block(arg_types=[spensor_type([16, 32])]).args[0]
    ops: list[Operation] = []
    split = verified(sp.SplitOp(a, const(4, ops), const(1, ops)), ops)
    assert split.results[0].type == sp.NDSpensorType(spensor_type([16, 8]), [4])
    ops = []
    split_all = verified(sp.SplitAllOp(a, [2, 1]), ops)
    assert split_all.results[0].type == sp.NDSpensorType(spensor_type([8, 32]), [2])
    moved = verified(sp.MoveOp(split_all.results[0], L1), [])
    assert moved.results[0].type == sp.NDSpensorType(spensor_type([8, 32], L1), [2])
    summed = verified(sp.AddOp(moved.results[0], moved.results[0]), [])
    assert summed.results[0].type == moved.results[0].type
    in_place = verified(sp.AddOp(moved.results[0], summed.results[0], self_assign=True), [])
    assert "self_assign = true" in str(in_place) and "self_assign" not in str(summed)
    reduced = verified(sp.ReduceSumOp(moved.results[0]), [])
    assert reduced.results[0].type == sp.NDSpensorType(spensor_type([8, 1], L1), [2])
    ops = []
    combined = verified(sp.NDCombineOp(moved.results[0], const(0, ops), const(0, ops), L2), ops)
    assert combined.results[0].type == sp.NDSpensorType(spensor_type([16, 32], L2), [1])
    nd_reduced = verified(sp.NDReduceOp(moved.results[0], [0], L2), [])
    assert nd_reduced.results[0].type == sp.NDSpensorType(spensor_type([8, 32], L2), [1])
    whole = verified(sp.CombineToSpensorOp(split_all.results[0], [0]), [])
    assert whole.results[0].type == spensor_type([16, 32])
    ops = []
    repeated = verified(sp.NDRepeatOp(split_all.results[0], const(3, ops), const(0, ops)), ops)
    assert repeated.results[0].type == sp.NDSpensorType(spensor_type([8, 32]), [6])
    broadcast = verified(sp.NDBroadcastOp(a, [2, 3]), [])
    assert broadcast.results[0].type == sp.NDSpensorType(spensor_type([16, 32]), [2, 3])


def test_broadcast_to_a_grid_with_unit_dims():
    """A target grid may have dims of 1 (numpy broadcasting to [1, 3] is valid); only
    dims below 1 are rejected."""
    a = Block(arg_types=[spensor_type([16, 32])]).args[0]
    broadcast = verified(sp.NDBroadcastOp(a, [1, 3]), [])
    assert broadcast.results[0].type == sp.NDSpensorType(spensor_type([16, 32]), [1, 3])


def test_result_type_mismatch_names_only_the_two_types():
    """The diagnostic of a wrong result type ends at the expected type when the rule
    gives no reason (no empty "()" appended)."""
    a = Block(arg_types=[spensor_type([16, 32])]).args[0]
    wrong = sp.NDSpensorType(spensor_type([16, 32]), [3, 2])
    expected = sp.NDSpensorType(spensor_type([16, 32]), [2, 3])
    op = sp.NDBroadcastOp.create(
        operands=[a], properties={"dimensions": sp.NDBroadcastOp(a, [2, 3]).dimensions}, result_types=[wrong]
    )
    with pytest.raises(VerifyException) as info:
        verified(op, [])
    assert str(info.value) == (
        f"ndspensor.broadcast: result type {wrong} does not match the expected {expected}"
    )


def test_builders_need_constant_sizes_and_dims():
    """The builders infer the result type from constant operands: a run-time subview
    size or ndspensor.combine nd_dim is refused before any op is built."""
    block = Block(arg_types=[spensor_type([16, 32]), IndexType()])
    source, size = block.args
    ops: list[Operation] = []
    with pytest.raises(AssertionError, match="^subview sizes must be constants$"):
        sp.SubviewOp(source, [const(0, ops)] * 2, [const(4, ops), size], [const(1, ops)] * 2)
    grid = sp.NDBroadcastOp(source, [2, 3])
    with pytest.raises(AssertionError):
        sp.NDCombineOp(grid, size, const(0, ops), L2)


def test_matmul_fill_subview_and_memory_builders():
    block = Block(
        arg_types=[spensor_type([4, 8], L1), spensor_type([8, 2], L1), f32, spensor_type([4, 4], element=i32)]
    )
    lhs, rhs, scalar, ints = block.args
    product = verified(sp.MatmulOp(lhs, rhs), [])
    assert product.results[0].type == spensor_type([4, 2], L1)
    filled = verified(sp.FillOp(scalar, lhs), [])
    assert filled.results[0].type == lhs.type
    ops: list[Operation] = []
    view = verified(
        sp.SubviewOp(
            lhs, [const(0, ops), const(2, ops)], [const(4, ops), const(2, ops)], [const(1, ops)] * 2
        ),
        ops,
    )
    assert view.results[0].type == spensor_type([4, 2], L1)
    memory = sp.GetMemoryOp([], L2)
    buffer = verified(sp.AllocSpensorOp(memory.results[0], spensor_type([2, 2], L2)), [memory])
    assert buffer.results[0].type == spensor_type([2, 2], L2)
    with pytest.raises(AssertionError):
        sp.MatmulOp(lhs, lhs)
    with pytest.raises(VerifyException, match="scalar's type f32 differs from the element type i32"):
        verified(sp.FillOp(scalar, ints), [])


def test_declare_memory_builder_prints_the_original_form():
    op = sp.DeclareMemoryOp("L1", [6], ["L2", "L3"], ["L2", "L3"], 2)
    op.verify()
    import io

    from xdsl.printer import Printer

    out = io.StringIO()
    Printer(stream=out, print_generic_format=True).print_op(op)
    assert out.getvalue() == (
        '"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [6 : i64], '
        'load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()'
    )

"""Building llir from Python, as lowerings do: constructors, layouts, CFG helpers.

Also the verifier rules that textual IR cannot reach (the parser scopes values by
region), checked on IR built in Python, and a run of the built functions.
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    VectorType,
    f32,
    i1,
    i32,
    i64,
)
from xdsl.interpreter import Interpreter
from xdsl.ir import Block, Region
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects import llir
from nnstack.interpreters.llir import LlirFunctions
from nnstack.transforms.mir_to_llir.layout import element_strides, linearize

PTR_F32 = llir.PointerType(f32)


def run(module: ModuleOp, symbol: str, *args: object) -> tuple[object, ...]:
    module.verify()
    interpreter = Interpreter(module)
    interpreter.register_implementations(LlirFunctions())
    return interpreter.call_op(symbol, args)


def test_element_strides():
    assert element_strides([2, 3, 4], llir.MemoryLayout.ROW_MAJOR) == (12, 4, 1)
    assert element_strides([2, 3, 4], llir.MemoryLayout.COLUMN_MAJOR) == (1, 2, 6)
    assert element_strides([], llir.MemoryLayout.ROW_MAJOR) == ()


@pytest.mark.parametrize("layout", list(llir.MemoryLayout))
def test_linearize_builds_layout_offsets(layout: llir.MemoryLayout):
    """A kernel writing `10 * i + j` to element (i, j) of a 3x4 array in `layout`."""
    rows, cols = 3, 4
    func = llir.FuncOp("fill", ([PTR_F32], []), layout=layout, is_kernel=True)
    entry = func.body.block
    (out,) = func.args
    c0, c1, c10 = (llir.ConstantOp.from_int(v) for v in (0, 1, 10))
    c_rows, c_cols = llir.ConstantOp.from_int(rows), llir.ConstantOp.from_int(cols)
    inner = Block(arg_types=[i64])
    outer = Block(arg_types=[i64])
    i, j = outer.args[0], inner.args[0]
    offset_ops, offset = linearize([i, j], [rows, cols], layout)
    ten_i = llir.MulOp(i, c10)
    value = llir.AddOp(ten_i, j)
    as_float = llir.SIToFPOp(value, f32)
    inner.add_ops([*offset_ops, ten_i, value, as_float, llir.StoreOp(as_float, out, offset), llir.YieldOp()])
    outer.add_ops([llir.ForOp(c0, c_cols, c1, [], inner), llir.YieldOp()])
    entry.add_ops([c0, c1, c10, c_rows, c_cols, llir.ForOp(c0, c_rows, c1, [], outer), llir.ReturnOp()])
    array = np.zeros(rows * cols, np.float32)
    run(ModuleOp([func]), "fill", array)
    order = "C" if layout == llir.MemoryLayout.ROW_MAJOR else "F"
    expected = 10 * np.arange(rows)[:, None] + np.arange(cols)[None, :]
    np.testing.assert_array_equal(array.reshape((rows, cols), order=order), expected)
    assert func.kernel and func.memory_layout == layout


def test_linearize_edge_cases():
    """The offset of a 0-d array is a zero of the index type (an i32 offset, not the
    default i64, where the indices are i32); indices of another rank than the shape are
    an error, not an offset computed from the shorter of the two."""
    ops, offset = linearize([], [], llir.MemoryLayout.ROW_MAJOR, i32)
    assert offset.type == i32 and [type(op) for op in ops] == [llir.ConstantOp]
    i = Block(arg_types=[i64]).args[0]
    with pytest.raises(ValueError):
        linearize([i], [2, 3], llir.MemoryLayout.ROW_MAJOR)


def counting_loop() -> tuple[llir.FuncOp, llir.PhiOp, list[Block]]:
    """`while i < n: i += 1` with a phi, built block by block."""
    func = llir.FuncOp("count", ([i64], [i64]))
    entry = func.body.block
    header, body, exit_block = Block(), Block(), Block()
    func.body.add_block(header)
    func.body.add_block(body)
    func.body.add_block(exit_block)
    c0, c1 = llir.ConstantOp.from_int(0), llir.ConstantOp.from_int(1)
    entry.add_ops([c0, c1, llir.BranchOp(header)])
    next_i = llir.AddOp(c0, c1)  # operand 0 is replaced by the phi below
    phi = llir.PhiOp([(c0.result, entry), (next_i.result, body)])
    next_i.operands[0] = phi.result
    more = llir.CmpOp("slt", phi, func.args[0])
    header.add_ops([phi, more, llir.CondBranchOp(more, body, exit_block)])
    body.add_ops([next_i, llir.BranchOp(header)])
    exit_block.add_ops([llir.ReturnOp(phi)])
    return func, phi, [entry, header, body, exit_block]


def test_cfg_predecessors_ignore_phi_references():
    func, phi, (entry, header, body, exit_block) = counting_loop()
    assert llir.cfg_predecessors(header) == (entry, body)
    assert llir.cfg_predecessors(exit_block) == (header,)
    assert llir.cfg_successors(header) == (body, exit_block)
    # Block.predecessors() also sees the phi in `header` naming `entry` and `body`.
    assert header in entry.predecessors()
    assert phi.value_for(body) is phi.incoming_values[1]
    assert run(ModuleOp([func]), "count", 5) == (5,)


def test_cfg_successors_of_a_block_without_terminator():
    """A block that is empty or does not end in a terminator (as while it is being built)
    jumps nowhere."""
    assert llir.cfg_successors(Block()) == ()
    unfinished = Block()
    unfinished.add_op(llir.ConstantOp.from_int(0))
    assert llir.cfg_successors(unfinished) == ()


def test_global_addressof_select_and_call_builders():
    """The builders of llir.global, llir.addressof, llir.select and llir.call set the
    properties and types their textual forms spell (the symbol names, an i64 alignment,
    the pointer to the global's elements, the select's and the call's result types),
    and a module built with them verifies and runs: `pick(flag)` calls `load_at` on
    index 2 or 0 of a global table."""
    data = DenseIntOrFPElementsAttr.from_list(TensorType(f32, [3]), [1.0, 2.0, 3.0])
    table = llir.GlobalOp("table", data, alignment=32)
    assert table.sym_name == StringAttr("table") and table.value is data
    assert table.alignment == IntegerAttr(32, i64)
    address = llir.AddressOfOp(table)
    assert address.global_name == SymbolRefAttr("table") and address.result.type == PTR_F32

    load_at = llir.FuncOp("load_at", ([i64], [f32]))
    load = llir.LoadOp(address, load_at.args[0])
    load_at.body.block.add_ops([address, load, llir.ReturnOp(load)])

    pick = llir.FuncOp("pick", ([i1], [f32]))
    c0, c2 = llir.ConstantOp.from_int(0), llir.ConstantOp.from_int(2)
    index = llir.SelectOp(pick.args[0], c2, c0)
    assert (index.cond, index.true_value, index.false_value) == (pick.args[0], c2.result, c0.result)
    assert index.result.type == i64
    call = llir.CallOp("load_at", [index], [f32])
    assert call.callee == SymbolRefAttr("load_at") and tuple(call.arguments) == (index.result,)
    assert [r.type for r in call.res] == [f32]
    pick.body.block.add_ops([c0, c2, index, call, llir.ReturnOp(call)])

    module = ModuleOp([table, load_at, pick])
    assert run(module, "pick", 1) == (3.0,)
    assert run(module, "pick", 0) == (1.0,)


def test_cloned_phis_follow_cloned_blocks():
    func, _, _ = counting_loop()
    clone = func.clone()
    clone.sym_name = StringAttr("count2")
    blocks = list(clone.body.blocks)
    cloned_phi = blocks[1].first_op
    assert isinstance(cloned_phi, llir.PhiOp)
    assert tuple(cloned_phi.incoming_blocks) == (blocks[0], blocks[2])
    assert run(ModuleOp([func, clone]), "count2", 3) == (3,)


def test_value_from_a_loop_body_used_after_the_loop():
    func = llir.FuncOp("f", ([i64], [i64]))
    body = Block(arg_types=[i64])
    double = llir.AddOp(body.args[0], body.args[0])
    body.add_ops([double, llir.YieldOp()])
    (n,) = func.args
    loop = llir.ForOp(n, n, n, [], body)
    func.body.block.add_ops([loop, llir.ReturnOp(double)])
    message = "operand #0 of llir.return does not dominate this use"
    with pytest.raises(VerifyException, match=message):
        ModuleOp([func]).verify()


def dead_code_joining(use_dead_value: bool) -> llir.FuncOp:
    """entry: %one, br ^join;  ^dead: %two, br ^join;  ^join: return %x + (%one or %two).

    ^dead is unreachable, so (as in MLIR) its edge into ^join does not take the entry's
    dominance of ^join away; xDSL's DominanceInfo counts that edge, which is why llir
    has its own dominance (dialects/llir/dominance.py).
    """
    entry, dead, join = Block(arg_types=[i64]), Block(), Block()
    func = llir.FuncOp("f", ([i64], [i64]), Region([entry, dead, join]))
    one, two = llir.ConstantOp.from_int(1), llir.ConstantOp.from_int(2)
    entry.add_ops([one, llir.BranchOp(join)])
    dead.add_ops([two, llir.BranchOp(join)])
    total = llir.AddOp(entry.args[0], two if use_dead_value else one)
    join.add_ops([total, llir.ReturnOp(total)])
    return func


def test_an_edge_from_unreachable_code_keeps_dominance():
    assert run(ModuleOp([dead_code_joining(use_dead_value=False)]), "f", 41) == (42,)


def test_a_value_of_unreachable_code_does_not_dominate_a_use():
    with pytest.raises(VerifyException, match="operand #1 of llir.add does not dominate this use"):
        ModuleOp([dead_code_joining(use_dead_value=True)]).verify()


def test_unreachable_code_may_use_any_value():
    """A use inside an unreachable block is dominated by every definition (as in MLIR)."""
    entry, dead = Block(arg_types=[i64]), Block()
    func = llir.FuncOp("f", ([i64], [i64]), Region([entry, dead]))
    one = llir.AddOp(entry.args[0], llir.ConstantOp.from_int(1, i64))
    entry.add_ops([one.rhs.owner, one, llir.ReturnOp(one)])
    twice = llir.AddOp(one, one)
    dead.add_ops([twice, llir.ReturnOp(twice)])
    module = ModuleOp([func])
    module.verify()
    assert run(module, "f", 41) == (42,)


def test_phi_built_in_a_loop_body_is_rejected():
    func = llir.FuncOp("f", ([i64], []))
    (n,) = func.args
    body = Block(arg_types=[i64])
    body.add_ops([llir.PhiOp([(n, func.body.block)]), llir.YieldOp()])
    func.body.block.add_ops([llir.ForOp(n, n, n, [], body), llir.ReturnOp()])
    with pytest.raises(VerifyException, match="llir.phi must be in a block of an llir.func body"):
        ModuleOp([func]).verify()


def test_builders_give_typed_results():
    buffer = llir.AllocBufferOp(f32, 64)
    offset = llir.ConstantOp.from_int(2)
    assert buffer.result.type == PTR_F32 and buffer.alignment.value.data == 16
    assert llir.LoadOp(buffer, offset).result.type == f32
    assert llir.VectorLoadOp(buffer, 8).result.type == VectorType(f32, [8])
    assert llir.PtrAddOp(buffer, offset).result.type == PTR_F32
    assert llir.PtrCastOp(buffer, i64).result.type == llir.PointerType(i64)
    assert llir.CmpOp("ult", offset, offset).result.type == i1
    store = llir.StoreOp(llir.ConstantOp.from_float(1.0, f32), buffer, offset)
    assert store.ptr is buffer.result and store.offset is offset.result
    assert llir.ForOp(offset, offset, offset, [], Block(arg_types=[i64])).unroll.data == "none"
    assert isinstance(llir.FuncOp("g", ([], [])).body, Region)

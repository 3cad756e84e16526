"""Functions and control flow: llir.func -> llvm.func, branches with phis -> branches
passing block arguments, `llir.for` -> header / body / exit blocks (or, with an `unroll`
hint and a constant trip count, the body repeated; or, marked `llir.parallel` with
`threads` > 1, a call running its outlined body on threads; or, large and outermost with
`outline-loops`, a call of its outlined body: `parallel`), calls and returns.
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, IntegerAttr, UnitAttr
from xdsl.ir import Block, Operation, SSAValue

from nnstack.dialects import llir
from nnstack.dialects.llir.dominance import cfg_successors
from nnstack.transforms.llir_to_llvm.builder import PTR, FunctionLowering, Lowering, ModuleLowering
from nnstack.transforms.llir_to_llvm.parallel import lower_outlined, outlines, thread_count
from nnstack.transforms.llir_unroll_hints import constant_trip_count

FULL_UNROLL_MAX_TRIPS = 16
"""An `unroll` loop with at most this many (constant) trips is unrolled completely."""


def _reverse_post_order(entry: Block) -> list[Block]:
    """The blocks reachable from `entry`, each after its dominators."""
    seen: set[Block] = set()
    order: list[Block] = []
    stack: list[tuple[Block, int]] = [(entry, 0)]
    seen.add(entry)
    while stack:
        block, index = stack.pop()
        successors = cfg_successors(block)
        if index < len(successors):
            stack.append((block, index + 1))
            successor = successors[index]
            if successor not in seen:
                seen.add(successor)
                stack.append((successor, 0))
        else:
            order.append(block)
    return order[::-1]


def _phis(block: Block) -> list[llir.PhiOp]:
    return [op for op in block.ops if isinstance(op, llir.PhiOp)]


def lower_function(module: ModuleLowering, func: llir.FuncOp) -> llvm.FuncOp:
    """The llvm.func of `func` (a declaration if it has no body)."""
    lowering = FunctionLowering(module, func)
    arg_attrs = _argument_attributes(func) if not module.check_bounds else None
    entry = func.body.blocks.first
    if entry is None:
        declaration = llvm.FuncOp(
            func.sym_name.data, lowering.function_type, linkage=llvm.LinkageAttr("external")
        )
        declaration.location = func.location
        return declaration
    blocks = _reverse_post_order(entry)
    block_map: dict[Block, Block] = {entry: lowering.block}
    for block in blocks[1:]:
        phis = _phis(block)
        new = lowering.new_block([module.lowered_type(phi.result.type) for phi in phis])
        block_map[block] = new
        lowering.bind([phi.result for phi in phis], new.args)
    lowering.bind(entry.args, lowering.block.args)
    lowering.block_map = block_map
    for block in blocks:
        lowering.block = block_map[block]
        lowering.lower_ops(list(block.ops))
    result = llvm.FuncOp(
        func.sym_name.data,
        lowering.function_type,
        linkage=llvm.LinkageAttr("external"),
        body=lowering.finish(),
    )
    if arg_attrs is not None:
        result.arg_attrs = arg_attrs
    result.location = func.location
    return result


def _argument_attributes(func: llir.FuncOp) -> ArrayAttr[DictionaryAttr] | None:
    """`llvm.noalias` on the pointer arguments of a function lowered from a tensor
    function: its inputs are read only and each output is a buffer of its own."""
    if llir.TENSOR_SIGNATURE not in func.attributes:
        return None
    return ArrayAttr(
        DictionaryAttr({"llvm.noalias": UnitAttr()} if isinstance(t, llir.PointerType) else {})
        for t in func.function_type.inputs.data
    )


def _edge_values(lowering: FunctionLowering, source: Block, dest: Block) -> list[SSAValue]:
    return [lowering.value(phi.value_for(source)) for phi in _phis(dest)]


def _branch(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.BranchOp)
    source = op.parent_block()
    assert source is not None
    dest = op.successor
    block_map = lowering.block_map
    lowering.emit(llvm.BrOp(block_map[dest], *_edge_values(lowering, source, dest)))


def _cond_branch(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.CondBranchOp)
    source = op.parent_block()
    assert source is not None
    block_map = lowering.block_map
    lowering.emit(
        llvm.CondBrOp(
            lowering.value(op.cond),
            block_map[op.then_block],
            _edge_values(lowering, source, op.then_block),
            block_map[op.else_block],
            _edge_values(lowering, source, op.else_block),
        )
    )


def _return(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.ReturnOp)
    lowering.emit(llvm.ReturnOp(None if op.value is None else lowering.value(op.value)))


def _call(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.CallOp)
    outputs = [lowering.module.lowered_type(t) for t in op.res.types]
    call = llvm.CallOp(
        op.callee.string_value(),
        *(lowering.value(a) for a in op.arguments),
        return_type=outputs[0] if outputs else None,
    )
    lowering.emit(call)
    lowering.bind(op.res, call.results)
    lowering.propagate_errors()


def _constant_step(op: llir.ForOp) -> int | None:
    owner = op.step.owner
    if isinstance(owner, llir.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _for(lowering: FunctionLowering, op: Operation) -> None:
    assert isinstance(op, llir.ForOp)
    iv_type = op.lb.type
    carried = [lowering.value(v) for v in op.iter_args]
    trips = constant_trip_count(op)
    threads = thread_count(lowering, op)
    outline = threads > 1 or outlines(lowering, op)
    if (
        not outline
        and op.unroll.data == llir.UnrollHint.UNROLL
        and trips is not None
        and trips <= FULL_UNROLL_MAX_TRIPS
    ):
        first = op.lb.owner
        step = _constant_step(op)
        assert isinstance(first, llir.ConstantOp) and isinstance(first.value, IntegerAttr)
        assert step is not None
        for trip in range(trips):
            iv = lowering.constant(first.value.value.data + trip * step, iv_type)
            carried = lowering.lower_body(op.body.block, [iv, *carried])
        lowering.bind(op.res, carried)
        return
    lb, ub, step = (lowering.value(v) for v in (op.lb, op.ub, op.step))
    constant_step = _constant_step(op)
    if constant_step is None or constant_step <= 0:
        site = lowering.module.site(op, "step must be positive, got {0}")
        positive = lowering.icmp("sgt", step, lowering.constant(0, iv_type))
        lowering.split(positive, site, [lowering.to_i64(step)])
    if outline:
        lower_outlined(lowering, op, threads)
        return
    types = [v.type for v in carried]
    header = lowering.new_block([iv_type, *types])
    body = lowering.new_block()
    exit_ = lowering.new_block(types)
    lowering.emit(llvm.BrOp(header, lb, *carried))
    lowering.block = header
    iv, *current = header.args
    more = lowering.icmp("slt", iv, ub)
    lowering.emit(llvm.CondBrOp(more, body, [], exit_, current))
    lowering.block = body
    following = lowering.lower_body(op.body.block, [iv, *current])
    next_iv = lowering.emit(llvm.AddOp(iv, step))
    lowering.emit(llvm.BrOp(header, next_iv, *following))
    lowering.block = exit_
    lowering.bind(op.res, exit_.args)


def entry_point(module: ModuleLowering, func: llir.FuncOp) -> llvm.FuncOp:
    """`@nnstack_entry_<f>(ptr %args)`: calls `f` with its arguments read from `args`, an
    array of pointers, one per parameter (a pointer parameter: the buffer's first
    element; any other: the address of its value) and, if `f` returns a value, one
    more: where to store it. One C signature for every function, so a JIT caller needs
    no per-type calling convention (f16, vectors, i1 included)."""
    lowering = FunctionLowering(module, func, llvm.LLVMFunctionType([PTR], None))
    table = lowering.block.args[0]
    inputs = func.function_type.inputs.data
    arguments: list[SSAValue] = []
    for index, typ in enumerate(inputs):
        slot = lowering.gep(table, lowering.constant(index), PTR)
        address = lowering.emit(llvm.LoadOp(slot, PTR, alignment=8))
        if isinstance(typ, llir.PointerType):
            if module.check_bounds:
                undef = lowering.emit(llvm.UndefOp(module.pointer_type()))
                address = lowering.insert(lowering.insert(undef, 0, address), 1, address)
            arguments.append(address)
        else:
            arguments.append(lowering.load(address, typ, 1))
    outputs = func.function_type.outputs.data
    output = module.lowered_type(outputs[0]) if outputs else None
    result = lowering.emit(llvm.CallOp(func.sym_name.data, *arguments, return_type=output))
    if outputs:
        slot = lowering.gep(table, lowering.constant(len(inputs)), PTR)
        address = lowering.emit(llvm.LoadOp(slot, PTR, alignment=8))
        lowering.store(result, address, 1)
    lowering.emit(llvm.ReturnOp())
    entry = llvm.FuncOp(
        f"nnstack_entry_{func.sym_name.data}",
        lowering.function_type,
        linkage=llvm.LinkageAttr("external"),
        body=lowering.finish(),
    )
    entry.location = func.location
    return entry


CONTROL_LOWERINGS: dict[type[Operation], Lowering] = {
    llir.BranchOp: _branch,
    llir.CondBranchOp: _cond_branch,
    llir.ReturnOp: _return,
    llir.CallOp: _call,
    llir.ForOp: _for,
}

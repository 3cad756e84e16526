"""Functions and control flow: func.func, mir.for, mir.parallel_for, mir.if.

Value semantics over buffers. A loop-carried tensor lives in one buffer the loop owns:
it is allocated before the loop and filled with a copy of the initial value (which the
caller may still use), the body reads it through its block argument, and `mir.yield`
copies each new value into it (through a temporary when one carried buffer is copied
into another in the same yield), so no iteration sees a later one's writes too early.
A tensor result of `mir.if` is likewise a buffer allocated before the branch, which
each branch fills. Scalars (index, i1, floats) stay SSA values: llir.for iter_args,
phis or loop results.

The patterns run after the ops of their regions are lowered (the pass walks regions
first), so they move llir ops around.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import TensorType, UnrealizedConversionCastOp, i64
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, op_type_rewrite_pattern
from xdsl.rewriter import BlockInsertPoint, InsertPoint

from nnstack.dialects import llir, mir
from nnstack.transforms.parallel_loops import mark_parallel, writes_outer_buffers

from .builder import Builder, LlirPattern


def storage(value: SSAValue) -> SSAValue | None:
    """The buffer pointer behind a (possibly cast) value: the innermost pointer in its
    chain of unrealized casts, or None if there is none yet."""
    found = value if isinstance(value.type, llir.PointerType) else None
    while isinstance(owner := value.owner, UnrealizedConversionCastOp) and len(owner.inputs) == 1:
        value = owner.inputs[0]
        if isinstance(value.type, llir.PointerType):
            found = value
    return found


def _lower_yield(
    pattern: LlirPattern,
    yield_op: Operation,
    buffers: dict[int, SSAValue],
    rewriter: PatternRewriter,
    terminator: Operation | None = None,
) -> list[SSAValue]:
    """Replace the `mir.yield` ending a region by copies of its tensors into `buffers`
    (then `terminator`, if given); return the llir values of its scalars.

    A yielded value already in its buffer is not copied; a source that another copy of
    the same yield overwrites (carried tensors swapping places) is staged first.
    """
    assert isinstance(yield_op, mir.YieldOp)
    b = pattern.builder()
    scalars: list[SSAValue] = []
    copies: list[tuple[int, SSAValue, TensorType]] = []
    for k, value in enumerate(yield_op.values):
        converted = pattern.llir_value(value, yield_op, rewriter)
        if k not in buffers:
            scalars.append(converted)
        elif storage(value) is not buffers[k]:
            assert isinstance(value.type, TensorType)
            copies.append((k, storage(value) or converted, value.type))
    targets = {buffers[k] for k, _, _ in copies}
    staged: list[SSAValue] = []
    for i, (k, source, typ) in enumerate(copies):
        if source in targets:
            temporary = b.alloc(typ, "staged")
            b.copy(temporary, source, typ)
            staged.append(temporary)
            copies[i] = (k, temporary, typ)
    for k, source, typ in copies:
        b.copy(buffers[k], source, typ)
    for temporary in staged:
        b.emit(llir.FreeBufferOp(temporary))
    ops = b.ops()
    if terminator is not None:
        ops.append(terminator)
    rewriter.insert(ops, InsertPoint.before(yield_op))
    rewriter.erase(yield_op)
    return scalars


def _result_buffers(b: Builder, results: Sequence[SSAValue]) -> dict[int, SSAValue]:
    """A fresh buffer for each tensor among `results`, by position."""
    buffers: dict[int, SSAValue] = {}
    for k, result in enumerate(results):
        if isinstance(result.type, TensorType):
            buffers[k] = b.alloc(result.type, result.name_hint)
    return buffers


def _replace_results(
    pattern: LlirPattern,
    op: Operation,
    rewriter: PatternRewriter,
    ops: Sequence[Operation],
    buffers: dict[int, SSAValue],
    scalars: Sequence[SSAValue],
) -> None:
    """Replace `op`, after `ops`, by its results' llir values: buffers for tensors, then
    `scalars` in order."""
    casts: list[Operation] = []
    values: list[SSAValue] = []
    remaining = iter(scalars)
    for k, result in enumerate(op.results):
        new = buffers[k] if k in buffers else next(remaining)
        cast, value = pattern.as_type(new, result.type)
        casts += cast
        values.append(value)
    rewriter.insert([*ops, *casts], InsertPoint.before(op))
    rewriter.replace(op, [], values)


class LoopLowering(LlirPattern):
    """mir.for / mir.parallel_for -> llir.for over i64; each loop-carried tensor becomes a
    buffer the loop owns (initialized with a copy, updated by copies at mir.yield),
    scalars become iter_args. A parallel loop is marked `llir.parallel` with its
    `llir.num_threads` when its llir body can run on threads: no scalar carried from
    one iteration to the next, no whole copy into a buffer outside the loop (a carried
    tensor updated out of place; `mir.scatter` of a carried tensor updates it in
    place)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.LoopOp, rewriter: PatternRewriter, /):
        lb, ub, step = (self.llir_value(v, op, rewriter) for v in (op.lower_bound, op.upper_bound, op.step))
        b = self.builder()
        buffers = _result_buffers(b, op.results)
        inits: list[SSAValue] = []
        for k, value in enumerate(op.iter_args):
            converted = self.llir_value(value, op, rewriter)
            if k in buffers:
                typ = value.type
                assert isinstance(typ, TensorType)
                b.copy(buffers[k], converted, typ)
            else:
                inits.append(converted)
        old = op.body.block
        block = Block(arg_types=[i64, *(v.type for v in inits)])
        scalar_args = iter(block.args[1:])
        head: list[Operation] = []
        replacements: list[SSAValue] = []
        for k, arg in enumerate(old.args):
            new = block.args[0] if k == 0 else buffers[k - 1] if k - 1 in buffers else next(scalar_args)
            casts, value = self.as_type(new, arg.type)
            head += casts
            replacements.append(value)
        block.add_ops(head)
        rewriter.inline_block(old, InsertPoint.at_end(block), replacements)
        yield_op = block.last_op
        assert yield_op is not None
        scalars = _lower_yield(self, yield_op, buffers, rewriter)
        block.add_op(llir.YieldOp(*scalars))
        loop = b.emit(llir.ForOp(lb, ub, step, inits, block))
        if isinstance(op, mir.ParallelForOp) and not inits and not writes_outer_buffers(loop):
            mark_parallel(loop, op.num_threads.value.data)
        _replace_results(self, op, rewriter, b.ops(), buffers, loop.results)


def _in_function_cfg(op: Operation) -> bool:
    """Whether `op` can become branches of its function's CFG: only mir.if ops enclose it."""
    parent = op.parent_op()
    while isinstance(parent, mir.IfOp):
        parent = parent.parent_op()
    return isinstance(parent, func.FuncOp)


class IfLowering(LlirPattern):
    """mir.if -> llir.cond_br to the two regions' blocks, which copy their tensor results
    into buffers allocated before the branch and llir.br to a join block, where scalar
    results are llir.phi nodes. llir.for bodies are single blocks, so inside a loop the
    regions become two llir.for of 1 / 0 iterations (then) and 0 / 1 (else), the
    scalar results threaded through them as iter_args."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: mir.IfOp, rewriter: PatternRewriter, /):
        b = self.builder()
        cond = self.llir_value(op.condition, op, rewriter)
        if isinstance(cond.type, llir.PointerType):
            cond = b.load(cond)
        buffers = _result_buffers(b, op.results)
        rewriter.insert(b.ops(), InsertPoint.before(op))
        lower = self.lower_to_branches if _in_function_cfg(op) else self.lower_to_loops
        ops, scalars = lower(op, rewriter, cond, buffers)
        _replace_results(self, op, rewriter, ops, buffers, scalars)

    def lower_to_branches(
        self, op: mir.IfOp, rewriter: PatternRewriter, cond: SSAValue, buffers: dict[int, SSAValue]
    ) -> tuple[Sequence[Operation], Sequence[SSAValue]]:
        """The branches, and the phis to insert before `op` with the scalar results."""
        block = op.parent_block()
        assert block is not None
        join = block.split_before(op)
        incoming: list[tuple[Block, list[SSAValue]]] = []
        entries: list[Block] = []
        for region in (op.then_region, op.else_region):
            first, last = region.blocks.first, region.blocks.last
            assert first is not None and last is not None and last.last_op is not None
            scalars = _lower_yield(self, last.last_op, buffers, rewriter, llir.BranchOp(join))
            entries.append(first)
            incoming.append((last, scalars))
            rewriter.inline_region(region, BlockInsertPoint.before(join))
        rewriter.insert(llir.CondBranchOp(cond, *entries), InsertPoint.at_end(block))
        phis = [
            llir.PhiOp([(then_value, incoming[0][0]), (else_value, incoming[1][0])])
            for then_value, else_value in zip(incoming[0][1], incoming[1][1], strict=True)
        ]
        return phis, [phi.result for phi in phis]

    def lower_to_loops(
        self, op: mir.IfOp, rewriter: PatternRewriter, cond: SSAValue, buffers: dict[int, SSAValue]
    ) -> tuple[Sequence[Operation], Sequence[SSAValue]]:
        """The two loops (to insert before `op`) and the scalar results."""
        b = self.builder()
        then_trips = b.cast(llir.ZExtOp, cond, i64)
        else_trips = b.binary(llir.SubOp, b.const(1), then_trips)
        carried = [
            b.zero(llir.lowered_type(r.type))  # pyright: ignore[reportArgumentType]
            for k, r in enumerate(op.results)
            if k not in buffers
        ]
        for region, trips in ((op.then_region, then_trips), (op.else_region, else_trips)):
            block = Block(arg_types=[i64, *(v.type for v in carried)])
            rewriter.inline_block(region.block, InsertPoint.at_end(block))
            assert block.last_op is not None
            scalars = _lower_yield(self, block.last_op, buffers, rewriter)
            block.add_op(llir.YieldOp(*scalars))
            loop = b.emit(llir.ForOp(b.const(0), trips, b.const(1), carried, Region(block)))
            carried = list(loop.results)
        return b.ops(), carried


class FuncLowering(LlirPattern):
    """func.func holding mir ops -> llir.func of the same name: tensor arguments become
    `!llir.ptr<T>`, index arguments i64, and one output pointer per result is appended
    (destination passing); func.return -> copies into the outputs and llir.return. The
    original type is kept as `llir.tensor_signature`, the layout as the func's layout."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: func.FuncOp, rewriter: PatternRewriter, /):
        if op.sym_name.data not in self.options.functions:
            return
        signature = op.function_type
        inputs = llir.lowered_signature(signature)
        assert inputs is not None
        region = rewriter.move_region_contents_to_new_regions(op.body)
        entry = region.blocks.first
        assert entry is not None
        old_args = list(entry.args)
        new_args = [entry.insert_arg(t, len(entry.args)) for t in inputs]
        head: list[Operation] = []
        for old, new in zip(old_args, new_args):
            casts, value = self.as_type(new, old.type)
            head += casts
            new.name_hint = old.name_hint
            old.replace_all_uses_with(value)
        for old in reversed(old_args):
            entry.erase_arg(old)
        if head:
            rewriter.insert(head, InsertPoint.at_start(entry))
        outputs = new_args[len(old_args) :]
        for k, output in enumerate(outputs):
            output.name_hint = f"out{k}"
        for block in region.blocks:
            if isinstance(ret := block.last_op, func.ReturnOp):
                self.lower_return(ret, outputs, rewriter)
        lowered = llir.FuncOp(op.sym_name.data, (inputs, []), region, layout=self.options.layout)
        lowered.attributes[llir.TENSOR_SIGNATURE] = signature
        rewriter.insert(lowered, InsertPoint.before(op))
        rewriter.erase(op)

    def lower_return(
        self, ret: func.ReturnOp, outputs: Sequence[SSAValue], rewriter: PatternRewriter
    ) -> None:
        b = self.builder()
        for value, output in zip(ret.arguments, outputs, strict=True):
            converted = self.llir_value(value, ret, rewriter)
            if isinstance(value.type, TensorType):
                b.copy(output, converted, value.type)
            else:
                b.store(converted, output)
        b.emit(llir.ReturnOp())
        rewriter.insert(b.ops(), InsertPoint.before(ret))
        rewriter.erase(ret)

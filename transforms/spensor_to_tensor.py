"""The `spensor-to-tensor` pass: spensor ops become tensor, linalg, memref and bufferization ops.

Spensors of the expanded program are of two kinds, and lower differently:

- *values* (results of move, add, matmul, reduce_sum, read-only arguments) become
  tensors, computed in destination-passing style into
  `bufferization.alloc_tensor() {memory_space = N}` (N from the memory's
  declaration), each op's result being used from then on;
- *buffers* (`alloc_spensor` results, arguments the function writes, subviews of
  them) become memrefs, because they are written across the iterations of a
  parallel loop, which tensors cannot express without `scf.forall`.

A tensor is written into a buffer with `bufferization.materialize_in_destination
... in restrict writable` (through a fresh identity-layout memref and a memref
`linalg.copy` when the destination is a strided subview); a buffer is read into a
tensor by copying it into a fresh memref and `bufferization.to_tensor ... restrict`.
So the IR is correct under tensor value semantics (no op relies on writing into a
tensor whose result is dropped), and upstream `mlir-opt-19 --one-shot-bufferize`
accepts it (print it with `--print-op-generic` for MLIR 19: xDSL's custom syntax
of `bufferization.to_tensor` adds `to tensor<...>`, which MLIR 19 does not read).
Function arguments become memrefs (read-only ones wrapped in
`to_tensor restrict`); memory spaces appear on `alloc_tensor` and buffer memrefs
(never on arguments), or nowhere with `memory-spaces=false`.

| spensor op        | lowered to                                                             |
|-------------------|------------------------------------------------------------------------|
| subview           | tensor.extract_slice (value) / memref.subview (buffer)                 |
| move              | alloc_tensor + linalg.copy                                             |
| move_to           | write into the buffer (or linalg.copy threaded into a value)           |
| add               | alloc_tensor + linalg.add; self_assign: outs(lhs), or written back     |
| matmul            | alloc_tensor + linalg.fill 0 + linalg.matmul (not into lhs)            |
| reduce_sum        | alloc_tensor + linalg.fill 0 + linalg.generic summing the last dim     |
| fill              | linalg.fill (on the memref of a buffer)                                |
| alloc_spensor     | memref.alloc                                                           |
| store_spensor     | linalg.copy on memrefs                                                 |
| scf.for iter_args | retyped to tensors                                                     |

Types are bridged with `builtin.unrealized_conversion_cast` while ops are
converted one by one, then reconciled. `spensor.get_memory` handles die with their
allocations. Before changing anything the pass checks the program and fails at every
op it cannot lower: ndspensor ops (run spensor-expand-parallel first), functions
returning spensors (run spensor-bufferize-output first), other ops on spensors, and
in-place writes into a value defined outside the writer's region and used later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, bufferization, func, memref, scf, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    AnyFloat,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
    UnitAttr,
    UnrealizedConversionCastOp,
    i64,
)
from xdsl.dialects.linalg import attrs as linalg_attrs
from xdsl.dialects.linalg import ops as linalg
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue, Use
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.transforms.reconcile_unrealized_casts import reconcile_unrealized_casts

from nnstack.dialects import spensor
from nnstack.dialects.spensor import SpensorType
from nnstack.transforms.spensor_utils import (
    MemoryTable,
    functions,
    has_spensor_types,
    is_spensor_type,
    memory_table,
    undeclared_memories,
)
from nnstack.transforms.utils import LocatedRewriteWalker, Problem, fail_at_ops, locate

# ---------------------------------------------------------------------------
# Shared lowering state and helpers
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Lowering:
    """What every pattern needs: the memory table and the options."""

    table: MemoryTable
    memory_spaces: bool

    def space(self, level: str) -> int:
        return self.table[level].space if self.memory_spaces and level in self.table else 0

    # -- types -----------------------------------------------------------------

    @staticmethod
    def tensor_type(t: SpensorType) -> TensorType:
        return t.element_type

    def buffer_type(self, t: SpensorType) -> MemRefType:
        space = self.space(t.level)
        return MemRefType(
            t.scalar_type, t.shape, NoneAttr(), IntegerAttr(space, i64) if space else NoneAttr()
        )

    # -- the two kinds of spensors ---------------------------------------------

    @staticmethod
    def backing(value: SSAValue) -> SSAValue | None:
        """The tensor or memref a converted spensor stands for."""
        owner = value.owner
        if isinstance(owner, UnrealizedConversionCastOp) and len(owner.inputs) == 1:
            source = owner.inputs[0]
            if isinstance(source.type, TensorType | MemRefType):
                return source
        return None

    def is_buffer(self, value: SSAValue) -> bool:
        backing = self.backing(value)
        return backing is not None and isinstance(backing.type, MemRefType)

    def as_tensor(self, value: SSAValue, rewriter: PatternRewriter) -> SSAValue:
        """`value` as a tensor; a buffer is copied into a fresh memref first."""
        if isinstance(value.type, TensorType):
            return value
        backing = self.backing(value)
        assert backing is not None, f"{value.type} value was not converted before its use"
        if isinstance(backing.type, TensorType):
            return backing
        return self.read(backing, rewriter)

    def as_buffer(self, value: SSAValue) -> SSAValue:
        backing = self.backing(value)
        assert backing is not None and isinstance(backing.type, MemRefType)
        return backing

    def read(self, buffer: SSAValue, rewriter: PatternRewriter) -> SSAValue:
        """A tensor snapshot of a memref: copy into a fresh memref, then to_tensor restrict."""
        t = buffer.type
        assert isinstance(t, MemRefType)
        fresh = memref.AllocOp([], [], MemRefType(t.element_type, t.get_shape()))
        copy = linalg.CopyOp([buffer], [fresh.memref], [])
        snapshot = bufferization.ToTensorOp(fresh.memref, restrict=True)
        rewriter.insert([fresh, copy, snapshot])
        return snapshot.tensor

    def write(self, value: SSAValue, buffer: SSAValue, rewriter: PatternRewriter) -> None:
        """Writes tensor `value` into memref `buffer` (through a fresh memref if the
        buffer has a layout or memory space, which materialize_in_destination cannot take)."""
        t = buffer.type
        assert isinstance(t, MemRefType)
        plain = MemRefType(t.element_type, t.get_shape())
        if t == plain:
            rewriter.insert(_materialize(value, buffer))
            return
        fresh = memref.AllocOp([], [], plain)
        rewriter.insert(
            [fresh, _materialize(value, fresh.memref), linalg.CopyOp([fresh.memref], [buffer], [])]
        )

    def alloc_tensor(self, t: SpensorType | TensorType, rewriter: PatternRewriter) -> SSAValue:
        tensor_type = t.element_type if isinstance(t, SpensorType) else t
        op = bufferization.AllocTensorOp(tensor_type)
        if isinstance(t, SpensorType) and self.space(t.level):
            op.attributes["memory_space"] = IntegerAttr(self.space(t.level), i64)
        rewriter.insert(op)
        return op.tensor

    def zero_filled(self, t: SpensorType | TensorType, rewriter: PatternRewriter) -> SSAValue:
        empty = self.alloc_tensor(t, rewriter)
        element = t.scalar_type if isinstance(t, SpensorType) else t.element_type
        if isinstance(element, IntegerType | IndexType):
            zero = arith.ConstantOp(IntegerAttr(0, element))
        else:
            assert isinstance(element, AnyFloat)
            zero = arith.ConstantOp(FloatAttr(0.0, element))
        fill = linalg.FillOp([zero.result], [empty], [empty.type])
        rewriter.insert([zero, fill])
        return fill.results[0]

    @staticmethod
    def as_spensor(value: SSAValue, t: Attribute, rewriter: PatternRewriter) -> SSAValue:
        """A cast of a tensor / memref back to spensor type `t`, for unconverted users."""
        cast = UnrealizedConversionCastOp.get([value], [t])
        rewriter.insert(cast)
        return cast.results[0]

    def update_in_place(self, old: SSAValue, new: SSAValue, at: Operation, rewriter: PatternRewriter) -> None:
        """Uses of spensor value `old` after `at` see `new` (cast to `old`'s type): how
        an in-place write into a value (not a buffer) is expressed with tensors."""
        later = later_uses(old, at)
        if not later:
            return
        assert _defined_in_block_of(old, at), "checked by to_tensor_problems"
        replacement = self.as_spensor(new, old.type, rewriter)
        for use in later:
            use.operation.operands[use.index] = replacement


def _materialize(value: SSAValue, buffer: SSAValue) -> Operation:
    """`materialize_in_destination %value in restrict writable %buffer` (memref destination)."""
    op = bufferization.MaterializeInDestinationOp(operands=[value, buffer], result_types=[None])
    op.properties["restrict"] = UnitAttr()
    op.properties["writable"] = UnitAttr()
    return op


def _mixed(values: Sequence[SSAValue]) -> list[int | SSAValue]:
    """Constant index operands as static ints, the others as they are (MLIR's convention)."""
    mixed: list[int | SSAValue] = []
    for v in values:
        c = spensor.constant_int(v)
        mixed.append(v if c is None else c)
    return mixed


@dataclass(frozen=True)
class SpensorPattern(RewritePattern):
    lowering: Lowering

    def replace_by(self, op: Operation, value: SSAValue, rewriter: PatternRewriter) -> None:
        """Replace `op` by `value` (a tensor or memref), cast back to the op's result type
        where that is a spensor, for the users not converted yet."""
        result = op.results[0].type
        if isinstance(result, SpensorType):
            value = self.lowering.as_spensor(value, result, rewriter)
        rewriter.replace(op, [], [value])


# ---------------------------------------------------------------------------
# Patterns, one per op
# ---------------------------------------------------------------------------


class SubviewLowering(SpensorPattern):
    """
    Lowers `spensor.subview` of a value to `tensor.extract_slice`, of a buffer to
    `memref.subview` (strided layout); constant offsets and strides become static.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.SubviewOp, rewriter: PatternRewriter, /):
        result = op.result.type
        assert isinstance(result, SpensorType)
        sizes = op.static_sizes()
        offsets, strides = _mixed(op.offsets), _mixed(op.strides)
        if self.lowering.is_buffer(op.source):
            source = self.lowering.as_buffer(op.source)
            assert isinstance(source.type, MemRefType)
            view_type = _subview_type(source.type, offsets, sizes, strides, result.shape)
            view = memref.SubviewOp.get(source, offsets, sizes, strides, view_type)
        else:
            source = self.lowering.as_tensor(op.source, rewriter)
            view = tensor.ExtractSliceOp(source, offsets, sizes, strides, result.element_type)
        rewriter.insert(view)
        self.replace_by(op, view.results[0], rewriter)


def _subview_type(
    source: MemRefType,
    offsets: Sequence[int | SSAValue],
    sizes: Sequence[int],
    strides: Sequence[int | SSAValue],
    result_shape: Sequence[int],
) -> MemRefType:
    """The memref.subview result type MLIR infers, rank-reduced to `result_shape`."""
    source_strides = source.get_strides() or ()
    offset = source.get_offset()
    for o, s in zip(offsets, source_strides):
        if offset is None or not isinstance(o, int) or s is None:
            offset = None
        else:
            offset += o * s
    view_strides = [
        None if s is None or not isinstance(st, int) else s * st for s, st in zip(source_strides, strides)
    ]
    kept: list[int | None] = []
    n = 0
    for size, stride in zip(sizes, view_strides):
        if n < len(result_shape) and result_shape[n] == size:
            kept.append(stride)
            n += 1
    layout = StridedLayoutAttr(kept, offset)
    return MemRefType(source.element_type, result_shape, layout, source.memory_space)


class MoveLowering(SpensorPattern):
    """Lowers `spensor.move` to `bufferization.alloc_tensor` + `linalg.copy` into it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.MoveOp, rewriter: PatternRewriter, /):
        result = op.result.type
        assert isinstance(result, SpensorType)
        source = self.lowering.as_tensor(op.source, rewriter)
        dest = self.lowering.alloc_tensor(result, rewriter)
        copy = linalg.CopyOp([source], [dest], [dest.type])
        rewriter.insert(copy)
        self.replace_by(op, copy.results[0], rewriter)


class MoveToLowering(SpensorPattern):
    """
    Lowers `spensor.move_to` into a buffer to a write of the source tensor into its
    memref; into a value, to `linalg.copy` whose result later uses of the value see.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.MoveToOp, rewriter: PatternRewriter, /):
        source = self.lowering.as_tensor(op.source, rewriter)
        if self.lowering.is_buffer(op.destination):
            self.lowering.write(source, self.lowering.as_buffer(op.destination), rewriter)
        else:
            dest = self.lowering.as_tensor(op.destination, rewriter)
            copy = linalg.CopyOp([source], [dest], [dest.type])
            rewriter.insert(copy)
            self.lowering.update_in_place(op.destination, copy.results[0], op, rewriter)
        rewriter.erase(op)


class AddLowering(SpensorPattern):
    """
    Lowers `spensor.add` to `alloc_tensor` + `linalg.add`; with `self_assign` the sum
    goes to `outs(lhs)` and later uses of lhs see it, or is written back into a
    buffer lhs.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.AddOp, rewriter: PatternRewriter, /):
        result = op.result.type
        assert isinstance(result, SpensorType)
        lhs = self.lowering.as_tensor(op.lhs, rewriter)
        rhs = self.lowering.as_tensor(op.rhs, rewriter)
        in_place = op.is_self_assign and not self.lowering.is_buffer(op.lhs)
        dest = lhs if in_place else self.lowering.alloc_tensor(result, rewriter)
        add = linalg.AddOp([lhs, rhs], [dest], [dest.type])
        rewriter.insert(add)
        total = add.results[0]
        if op.is_self_assign and self.lowering.is_buffer(op.lhs):
            self.lowering.write(total, self.lowering.as_buffer(op.lhs), rewriter)
            rewriter.replace(op, [], [op.lhs])
            return
        if in_place:
            self.lowering.update_in_place(op.lhs, total, op, rewriter)
        self.replace_by(op, total, rewriter)


class MatmulLowering(SpensorPattern):
    """
    Lowers `spensor.matmul` to `linalg.matmul` into a zero-filled new tensor of the
    result's shape (the original accumulated into its left operand).
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.MatmulOp, rewriter: PatternRewriter, /):
        result = op.result.type
        assert isinstance(result, SpensorType | TensorType)
        lhs = self.lowering.as_tensor(op.lhs, rewriter)
        rhs = self.lowering.as_tensor(op.rhs, rewriter)
        init = self.lowering.zero_filled(result, rewriter)
        matmul = linalg.MatmulOp([lhs, rhs], [init], [init.type])
        rewriter.insert(matmul)
        self.replace_by(op, matmul.results[0], rewriter)


class ReduceSumLowering(SpensorPattern):
    """
    Lowers `spensor.reduce_sum` to a `linalg.generic` summing the last dim
    (`(d0, ..., dn) -> (d0, ..., 0)`, last iterator a reduction) into a zero-filled
    new tensor; any numeric element type.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.ReduceSumOp, rewriter: PatternRewriter, /):
        result = op.result.type
        assert isinstance(result, SpensorType | TensorType)
        source = self.lowering.as_tensor(op.operand, rewriter)
        init = self.lowering.zero_filled(result, rewriter)
        rank = len(spensor.tensor_shape(result) or ())
        element = spensor.scalar_type_of(result)
        assert element is not None
        body = Block(arg_types=[element, element])
        add = (
            arith.AddiOp(body.args[1], body.args[0])
            if isinstance(element, IntegerType | IndexType)
            else arith.AddfOp(body.args[1], body.args[0])
        )
        body.add_ops([add, linalg.YieldOp(add.result)])
        identity = AffineMap.identity(rank)
        out_map = AffineMap(
            rank, 0, (*(AffineExpr.dimension(d) for d in range(rank - 1)), AffineExpr.constant(0))
        )
        generic = linalg.GenericOp(
            [source],
            [init],
            Region(body),
            [AffineMapAttr(identity), AffineMapAttr(out_map)],
            [linalg_attrs.IteratorTypeAttr.parallel()] * (rank - 1)
            + [linalg_attrs.IteratorTypeAttr.reduction()],
            [init.type],
        )
        rewriter.insert(generic)
        self.replace_by(op, generic.results[0], rewriter)


class FillLowering(SpensorPattern):
    """
    Lowers `spensor.fill` to `linalg.fill`: on the memref of a buffer (in place), or
    on a tensor whose result later uses of the value see.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.FillOp, rewriter: PatternRewriter, /):
        t = op.outputs.type
        if isinstance(t, SpensorType) and self.lowering.is_buffer(op.outputs):
            rewriter.insert(linalg.FillOp([op.inputs], [self.lowering.as_buffer(op.outputs)], []))
            rewriter.replace(op, [], [op.outputs])
            return
        dest = self.lowering.as_tensor(op.outputs, rewriter)
        fill = linalg.FillOp([op.inputs], [dest], [dest.type])
        rewriter.insert(fill)
        value = fill.results[0]
        if isinstance(t, SpensorType):
            self.lowering.update_in_place(op.outputs, value, op, rewriter)
            value = self.lowering.as_spensor(value, t, rewriter)
        rewriter.replace(op, [], [value])


class AllocSpensorLowering(SpensorPattern):
    """Lowers `spensor.alloc_spensor` to `memref.alloc` (a buffer, with the memory's space)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.AllocSpensorOp, rewriter: PatternRewriter, /):
        result = op.result.type
        assert isinstance(result, SpensorType)
        alloc = memref.AllocOp([], [], self.lowering.buffer_type(result))
        rewriter.insert(alloc)
        self.replace_by(op, alloc.memref, rewriter)


class StoreSpensorLowering(SpensorPattern):
    """Lowers `spensor.store_spensor` (memref to memref) to a memref `linalg.copy`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.StoreSpensorOp, rewriter: PatternRewriter, /):
        rewriter.replace(op, linalg.CopyOp([op.source], [op.destination], []), [])


class ForLowering(SpensorPattern):
    """
    Retypes the spensor iter_args of an `scf.for` to tensors (a buffer init is read
    into a tensor): the loop-carried accumulator of a sequential reduce.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.ForOp, rewriter: PatternRewriter, /):
        carried = [i for i, v in enumerate(op.iter_args) if isinstance(v.type, SpensorType)]
        if not carried:
            return
        body = op.body.block
        yield_op = body.last_op
        assert isinstance(yield_op, scf.YieldOp)
        for i in carried:
            t = op.iter_args[i].type
            assert isinstance(t, SpensorType)
            op.operands[3 + i] = self.lowering.as_tensor(op.iter_args[i], rewriter)
            arg = rewriter.replace_value_with_new_type(body.args[1 + i], t.element_type)
            cast = UnrealizedConversionCastOp.get([arg], [t])
            rewriter.insert(cast, InsertPoint.at_start(body))
            arg.replace_uses_with_if(cast.results[0], lambda use, cast=cast: use.operation is not cast)
            back = UnrealizedConversionCastOp.get([yield_op.operands[i]], [t.element_type])
            rewriter.insert(back, InsertPoint.before(yield_op))
            yield_op.operands[i] = back.results[0]
            result = rewriter.replace_value_with_new_type(op.results[i], t.element_type)
            out = UnrealizedConversionCastOp.get([result], [t])
            rewriter.insert(out, InsertPoint.after(op))
            result.replace_uses_with_if(out.results[0], lambda use, out=out: use.operation is not out)


class GetMemoryCleanup(SpensorPattern):
    """Erases `spensor.get_memory` handles nobody uses any more."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: spensor.GetMemoryOp, rewriter: PatternRewriter, /):
        if not op.result.uses:
            rewriter.erase(op)


# ---------------------------------------------------------------------------
# Function signatures and the pass
# ---------------------------------------------------------------------------


def _views(value: SSAValue) -> list[SSAValue]:
    """`value` and the subviews of it, transitively."""
    found = [value]
    for v in found:
        found.extend(u.operation.results[0] for u in v.uses if isinstance(u.operation, spensor.SubviewOp))
    return found


def is_written(value: SSAValue) -> bool:
    """Whether an op writes into `value` or a subview of it."""
    for v in _views(value):
        for use in v.uses:
            user = use.operation
            if isinstance(user, spensor.MoveToOp) and use.index == 1:
                return True
            if isinstance(user, spensor.FillOp) and use.index == 1:
                return True
            if isinstance(user, spensor.AddOp) and user.is_self_assign and use.index == 0:
                return True
    return False


def is_buffer(value: SSAValue) -> bool:
    """Whether spensor `value` is a buffer (becomes a memref): an `alloc_spensor`, an
    argument the function writes, or a view of, fill of or in-place add into one."""
    owner = value.owner
    if isinstance(owner, spensor.AllocSpensorOp):
        return True
    if isinstance(owner, spensor.SubviewOp):
        return is_buffer(owner.source)
    if isinstance(owner, spensor.FillOp):
        return is_buffer(owner.outputs)
    if isinstance(owner, spensor.AddOp) and owner.is_self_assign:
        return is_buffer(owner.lhs)
    return (
        isinstance(value, BlockArgument) and isinstance(owner.parent_op(), func.FuncOp) and is_written(value)
    )


def _written_value(op: Operation) -> SSAValue | None:
    """The spensor value `op` writes into, if it writes into one."""
    if isinstance(op, spensor.MoveToOp):
        return op.destination
    if isinstance(op, spensor.FillOp) and isinstance(op.outputs.type, SpensorType):
        return op.outputs
    if isinstance(op, spensor.AddOp) and op.is_self_assign:
        return op.lhs
    return None


_LOWERED = (
    spensor.SubviewOp,
    spensor.MoveOp,
    spensor.MoveToOp,
    spensor.AddOp,
    spensor.MatmulOp,
    spensor.ReduceSumOp,
    spensor.FillOp,
    spensor.AllocSpensorOp,
    spensor.StoreSpensorOp,
    spensor.GetMemoryOp,
    spensor.DeclareMemoryOp,
    scf.ForOp,
    func.FuncOp,
    func.ReturnOp,
)
"""The ops the pass lowers, or that may carry spensor values through it (a
`func.return` of spensors is reported at its function)."""


def _problem(op: Operation) -> str | None:
    """Why the pass cannot lower `op`, or None."""
    types = [v.type for v in (*op.operands, *op.results)]
    if any(isinstance(t, spensor.NDSpensorType) for t in types) or op.dialect_name() == "ndspensor":
        return f"cannot lower {op.name} on ndspensors; run spensor-expand-parallel first"
    if isinstance(op, func.FuncOp):
        signature = op.function_type
        if any(is_spensor_type(t) for t in signature.outputs.data):
            return "a function returning a spensor cannot be lowered; run spensor-bufferize-output first"
        if any(isinstance(t, spensor.NDSpensorType) for t in signature.inputs.data):
            return "an ndspensor argument cannot be lowered; run spensor-expand-parallel first"
        if op.is_declaration and any(is_spensor_type(t) for t in signature.inputs.data):
            return "cannot lower the spensor signature of a function declaration"
        return None
    in_for = isinstance(op, scf.YieldOp) and isinstance(op.parent_op(), scf.ForOp)
    if any(is_spensor_type(t) for t in types) and not isinstance(op, _LOWERED) and not in_for:
        return f"cannot lower {op.name}: no lowering for an op on spensors"
    written = _written_value(op)
    if (
        written is None
        or is_buffer(written)
        or _defined_in_block_of(written, op)
        or not later_uses(written, op)
    ):
        return None
    return (
        f"{op.name} writes into a value defined outside its region and used later; "
        "write into a buffer (spensor.alloc_spensor) instead"
    )


def later_uses(value: SSAValue, writer: Operation) -> list[Use]:
    """The uses of `value` after `writer` in `writer`'s block (nested ones too)."""
    block = writer.parent_block()
    assert block is not None
    return [
        use
        for use in value.uses
        if use.operation is not writer
        and (holder := block.find_ancestor_op_in_block(use.operation)) is not None
        and writer.is_before_in_block(holder)
    ]


def _defined_in_block_of(value: SSAValue, op: Operation) -> bool:
    defining = value.owner.parent_block() if isinstance(value.owner, Operation) else value.owner
    return defining is op.parent_block()


def to_tensor_problems(module: ModuleOp, table: MemoryTable) -> list[Problem]:
    """Every op of `module` the pass cannot lower, with the reason."""
    problems = undeclared_memories(module, table)
    problems += [(op, why) for op in module.walk() if (why := _problem(op)) is not None]
    return problems


def lower_signature(function: func.FuncOp) -> None:
    """Spensor arguments become memrefs: written ones stay buffers, read-only ones are
    wrapped in `bufferization.to_tensor ... restrict`."""
    if function.is_declaration:
        return
    block = function.body.blocks[0]  # the entry block: a function may have several
    prologue: list[Operation] = []
    for arg in list(block.args):
        t = arg.type
        if not isinstance(t, SpensorType):
            continue
        written = is_written(arg)
        new_arg = Rewriter.replace_value_with_new_type(arg, MemRefType(t.scalar_type, t.shape))
        ops: list[Operation] = []
        value: SSAValue = new_arg
        if not written:
            snapshot = bufferization.ToTensorOp(new_arg, restrict=True)
            ops.append(snapshot)
            value = snapshot.tensor
        cast = UnrealizedConversionCastOp.get([value], [t])
        ops.append(cast)
        new_arg.replace_uses_with_if(cast.results[0], lambda use, ops=ops: use.operation not in ops)
        prologue.extend(ops)
    if prologue:
        locate(prologue, function.location)  # the arguments' conversions: at the function
        Rewriter.insert_op(prologue, InsertPoint.at_start(block))
    function.function_type = FunctionType.from_lists(
        [a.type for a in block.args], function.function_type.outputs.data
    )


@dataclass(frozen=True)
class SpensorToTensorPass(ModulePass):
    """
    Lowers every spensor op to tensor / linalg / memref / bufferization ops, with
    tensor value semantics for values and memrefs for buffers (see the module
    docstring); `memory-spaces=false` leaves memory spaces out of the IR.
    """

    name = "spensor-to-tensor"

    memory_spaces: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        table = memory_table(op, self.name)
        fail_at_ops(self.name, to_tensor_problems(op, table))
        lowering = Lowering(table, self.memory_spaces)
        for function in functions(op):
            lower_signature(function)
        LocatedRewriteWalker(
            GreedyRewritePatternApplier(
                [
                    SubviewLowering(lowering),
                    MoveLowering(lowering),
                    MoveToLowering(lowering),
                    AddLowering(lowering),
                    MatmulLowering(lowering),
                    ReduceSumLowering(lowering),
                    FillLowering(lowering),
                    AllocSpensorLowering(lowering),
                    StoreSpensorLowering(lowering),
                    ForLowering(lowering),
                ],
                dce_enabled=False,
            ),
            apply_recursively=False,
        ).rewrite_module(op)
        reconcile_unrealized_casts(op, warn_on_failure=False)
        LocatedRewriteWalker(
            GetMemoryCleanup(lowering), apply_recursively=False, walk_reverse=True
        ).rewrite_module(op)
        leftovers = [
            leftover
            for leftover in op.walk()
            if not isinstance(leftover, spensor.DeclareMemoryOp)
            and (
                leftover.dialect_name() in ("spensor", "ndspensor")
                or has_spensor_types(leftover)
                or isinstance(leftover, UnrealizedConversionCastOp)
            )
        ]
        fail_at_ops(self.name, [(o, f"internal error: {o.name} is left unlowered") for o in leftovers])

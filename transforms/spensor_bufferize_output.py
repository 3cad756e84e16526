"""The `spensor-bufferize-output` pass: spensor results become trailing output arguments.

A kernel for MLIR-AIR writes its results into buffers its caller passes. For every
spensor result of a function, the pass appends an argument of the result's type
and writes the returned value into it; the function then returns nothing:

    func.func @f(%a: S) -> S {  ...  func.return %r : S }
    ->
    func.func @f(%a: S, %out: S) {  ...  "spensor.move_to"(%r, %out)  func.return }

When the returned value is `ndspensor.combine_to_spensor(%x)` whose grid dims map
onto increasing tensor dims (and the grid has no unit dim, or is [1]), the tiles
are written directly into the matching tiles of the output, so the final copies
stay parallel:

    %v = "spensor.split_all"(%out) <{num_partitions = p}>   // p[combine_index[d]] = grid[d]
    "spensor.move_to"(%x, %v)

Unlike the original, any number of results is handled, returned values need not
be moves, and a non-monotone `combine_index` falls back to the plain form. Must run
before the parallel analysis, so that the final copies belong to a parallel loop.
A function it cannot rewrite (several blocks or returns, an ndspensor result) fails
the pass, which then changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, FunctionType, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from nnstack.dialects import spensor
from nnstack.transforms.spensor_utils import functions
from nnstack.transforms.utils import Problem, fail_at_ops, locate


def direct_partitions(value: SSAValue) -> list[int] | None:
    """The split_all partitions that give `combine_to_spensor`'s source grid, if the
    returned `value` can be written tile by tile; else None."""
    op = value.owner
    if not isinstance(op, spensor.CombineToSpensorOp) or not value.has_one_use():
        return None
    source = op.source.type
    assert isinstance(source, spensor.NDSpensorType)
    index = spensor.int_tuple(op.combine_index)
    grid = source.grid
    if grid != (1,) and 1 in grid:
        return None
    if any(b <= a for a, b in zip(index, index[1:])) and grid != (1,):
        return None
    partitions = [1] * len(source.tile.shape)
    for g, axis in zip(grid, index):
        partitions[axis] *= g
    result = op.result.type
    assert isinstance(result, spensor.SpensorType)
    if spensor.split_all_type(result, partitions).grid != grid:
        return None
    return partitions


def _has_spensor_results(function: func.FuncOp) -> bool:
    outputs = function.function_type.outputs.data
    return any(isinstance(t, spensor.SpensorType | spensor.NDSpensorType) for t in outputs)


@dataclass(frozen=True)
class SpensorBufferizeOutputPass(ModulePass):
    """
    Turns every spensor result of every function into a trailing output argument
    that the function writes (with `spensor.move_to`), as MLIR-AIR expects.
    """

    name = "spensor-bufferize-output"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        rewritten = [f for f in functions(op) if not f.is_declaration and _has_spensor_results(f)]
        fail_at_ops(self.name, [problem for f in rewritten for problem in self.problems(f)])
        for function in rewritten:
            self.bufferize(function)

    @staticmethod
    def problems(function: func.FuncOp) -> list[Problem]:
        returns = [o for b in function.body.blocks for o in b.ops if isinstance(o, func.ReturnOp)]
        if len(function.body.blocks) != 1 or len(returns) != 1:
            return [(function, "expected a function with one block and one func.return")]
        (ret,) = returns
        if any(isinstance(v.type, spensor.NDSpensorType) for v in ret.arguments):
            why = (
                "an ndspensor result cannot be written to an output argument; "
                "combine it with ndspensor.combine_to_spensor first"
            )
            return [(ret, why)]
        return []

    def bufferize(self, function: func.FuncOp) -> None:
        ret = function.body.block.last_op
        assert isinstance(ret, func.ReturnOp)
        kept: list[SSAValue] = []
        combines: list[Operation] = []
        new_inputs = list(function.function_type.inputs.data)
        for value in list(ret.arguments):
            if not isinstance(value.type, spensor.SpensorType):
                kept.append(value)
                continue
            block = function.body.block
            out = block.insert_arg(value.type, len(block.args))
            new_inputs.append(value.type)
            combines.extend(self.write(value, out, ret))
        new_return = func.ReturnOp(*kept)
        new_return.location = ret.location
        Rewriter.replace_op(ret, new_return)
        for combine in combines:
            if not combine.results[0].uses:
                Rewriter.erase_op(combine)
        function.function_type = FunctionType.from_lists(new_inputs, [v.type for v in kept])
        if function.arg_attrs is not None:
            extra = len(new_inputs) - len(function.arg_attrs.data)
            function.arg_attrs = ArrayAttr([*function.arg_attrs.data, *[DictionaryAttr({})] * extra])
        if function.res_attrs is not None:
            function.res_attrs = None

    @staticmethod
    def write(value: SSAValue, out: SSAValue, before: Operation) -> list[Operation]:
        """Inserts the ops writing `value` into `out` before `before`; returns the
        `combine_to_spensor` made dead by writing its tiles directly."""
        partitions = direct_partitions(value)
        if partitions is None:
            move = spensor.MoveToOp(value, out)
            locate([move], before.location)
            Rewriter.insert_op(move, InsertPoint.before(before))
            return []
        combine = value.owner
        assert isinstance(combine, spensor.CombineToSpensorOp)
        view = spensor.SplitAllOp(out, partitions)
        move = spensor.MoveToOp(combine.source, view)
        locate([view, move], before.location)
        Rewriter.insert_op([view, move], InsertPoint.before(before))
        return [combine]

"""The `spensor-parallel-analysis` pass: reports the parallel loop nest, without changing the IR.

For every function, the loops `spensor-expand-parallel` will build, as the function
attribute `spensor.parallel_loops` (a list; a loop's index is its id):

    spensor.parallel_loops = [#spensor.loop<bounds = [1], memory_tag = "L2", parent = -1>,
                              #spensor.loop<bounds = [4], memory_tag = "L1", parent = 0>, ...]

and, on every op the expansion places, `spensor.loops = [ids]`: the loops its tiles
are computed in (-1 for the function body; an op whose tiles are needed in two
loops is computed in both). Bounds show where the parallelism went: a combine or
reduce takes its grid dim into a child loop on the cores, so a buffer is allocated
once per outer iteration. The analysis runs the expansion itself on a copy of the
function, so the report and the expansion cannot disagree, and nothing is kept in
Python state; `spensor-expand-parallel` checks the report is still current. A
program the expansion cannot handle fails the analysis, at every offending op.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, ModuleOp, i64
from xdsl.passes import ModulePass

from nnstack.transforms.spensor_expand_parallel import (
    ReduceStrategy,
    expansion_problems,
    loops_attr,
    report_loops,
)
from nnstack.transforms.spensor_utils import LOOPS, PARALLEL_LOOPS, functions, memory_table
from nnstack.transforms.utils import fail_at_ops


@dataclass(frozen=True)
class SpensorParallelAnalysisPass(ModulePass):
    """
    Attaches the loop nest `spensor-expand-parallel` builds (with the same
    `reduce-strategy`) as `spensor.parallel_loops` on each function and
    `spensor.loops` on each placed op.
    """

    name = "spensor-parallel-analysis"

    reduce_strategy: ReduceStrategy = "sequential"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        table = memory_table(op, self.name)
        fail_at_ops(self.name, expansion_problems(op, table))
        for function in functions(op):
            if function.is_declaration:
                continue
            report = report_loops(function, table, self.reduce_strategy)
            function.attributes[PARALLEL_LOOPS] = loops_attr(report.loops)
            for placed, loop_ids in report.placements.items():
                placed.attributes[LOOPS] = ArrayAttr([IntegerAttr(i, i64) for i in sorted(loop_ids)])

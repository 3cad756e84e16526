"""Interpreter functions for `scf.parallel` and `scf.reduce`, which xDSL lacks.

The iterations of an `scf.parallel` run one after the other, in row-major order of
their induction variables; a correct parallel program does not depend on the
order. Results follow MLIR's semantics: each iteration's `scf.reduce` operands are
combined into the accumulators (starting from `initVals`) with the reduction
regions. `scf.for`, `scf.if` and `scf.while` keep xDSL's stock implementations, which
do not depend on how values are represented.
"""

from itertools import product

from xdsl.dialects import scf
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.terminators import yield_impl


@register_impls
class ScfParallelFunctions(InterpreterFunctions):
    """scf.parallel / scf.reduce / scf.reduce.return."""

    @impl(scf.ParallelOp)
    def run_parallel(self, interpreter: Interpreter, op: scf.ParallelOp, args: PythonValues) -> PythonValues:
        n = len(op.lowerBound)
        lower, upper, steps = args[:n], args[n : 2 * n], args[2 * n : 3 * n]
        accumulators = list(args[3 * n :])
        if any(int(s) <= 0 for s in steps):
            raise InterpretationError(f"scf.parallel: steps {list(steps)} must be positive")
        reduce_op = op.body.block.last_op
        assert isinstance(reduce_op, scf.ReduceOp)
        ranges = [range(int(lb), int(ub), int(s)) for lb, ub, s in zip(lower, upper, steps)]
        for point in product(*ranges):
            values = interpreter.run_ssacfg_region(op.body, point, "scf.parallel")
            for k, (region, value) in enumerate(zip(reduce_op.reductions, values)):
                (accumulators[k],) = interpreter.run_ssacfg_region(
                    region, (accumulators[k], value), "scf.reduce"
                )
        return tuple(accumulators)

    run_reduce = yield_impl(scf.ReduceOp)
    run_reduce_return = yield_impl(scf.ReduceReturnOp)

"""Execution of a structured op on numpy arrays, following its plan.

The body is interpreted once, with views of the operands as block arguments: the
`arith` and `math` implementations of nnstack work on whole arrays. Tensor outputs
give new arrays; memref outputs are written in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.interpreter import Interpreter
from xdsl.ir import Block, Operation, OpResult, Region, SSAValue
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.linalg.bodies import BodyProgram
from nnstack.interpreters.linalg.contractions import all_zero, contract
from nnstack.interpreters.linalg.plans import REDUCERS, Factor, Plan
from nnstack.interpreters.linalg.views import (
    OperandMap,
    compact,
    compact_view,
    domain_view,
    index_arrays,
    is_exact_permutation,
)


@dataclass
class _Run:
    """One execution of a structured op."""

    interpreter: Interpreter
    name: str
    plan: Plan
    block: Block
    inputs: Sequence[Any]
    inits: Sequence[np.ndarray]
    ranges: tuple[int, ...]
    in_place: bool
    index_stack: list[tuple[Any, ...]]
    """The indices of the enclosing runs' points, read by linalg.index."""

    @property
    def n_inputs(self) -> int:
        return len(self.inputs)

    @property
    def yield_op(self) -> Operation:
        """The body's terminator (`linalg.yield`; the op verifier ensures it)."""
        terminator = self.block.last_op
        assert terminator is not None
        return terminator

    @property
    def region(self) -> Region:
        """The body's region, which the scalar fallback interprets."""
        region = self.block.parent_region()
        assert region is not None
        return region

    def views(self) -> list[Any]:
        """Every operand over the domain, for a vectorized run of the body; None for
        an output the body does not read."""
        args = self.block.args
        return [
            domain_view(self.name, i, value, omap, self.ranges) if i < self.n_inputs or args[i].uses else None
            for i, (value, omap) in enumerate(zip([*self.inputs, *self.inits], self.plan.maps, strict=True))
        ]

    def eval_body(
        self, kind: str, args: Sequence[Any], wanted: Sequence[SSAValue], skip: set[Operation]
    ) -> list[Any]:
        """Run the body once on `args`, without the ops in `skip`; the `wanted` values.
        The body is compiled on its first run of this `kind` (`bodies.BodyProgram`)."""
        program = self.plan.bodies.get(kind)
        if program is None:
            program = self.plan.bodies[kind] = BodyProgram.compile(self.interpreter, self.block, wanted, skip)
        if not program.uses_index:
            return program.run(self.interpreter, args)
        stack = self.index_stack
        stack.append(index_arrays(self.ranges))
        try:
            return program.run(self.interpreter, args)
        finally:
            stack.pop()

    def output(self, k: int, value: Any, fresh: bool) -> np.ndarray:
        """Output `k` from a value with one axis per dim of its map.

        A `fresh` value (a new array no other value shares) that has the output's
        shape and dtype is the result itself; otherwise it is written into a copy of
        the init, or into the init itself for memrefs.
        """
        init = self.inits[k]
        omap = self.plan.maps[self.n_inputs + k]
        if (
            fresh
            and not self.in_place
            and omap.ordered_projection
            and isinstance(value, np.ndarray)
            and value.shape == init.shape
            and value.dtype == init.dtype
        ):
            return value
        covered = is_exact_permutation(init, omap, self.ranges)
        result = self.result_array(k, copy_init=not covered)
        index = self.n_inputs + k
        target = compact_view(self.name, index, result, omap, self.ranges, True)
        with np.errstate(all="ignore"):
            np.copyto(target, value, casting="unsafe")
        return result

    def result_array(self, k: int, copy_init: bool = True) -> np.ndarray:
        """The array output `k` is written into: the init itself for a memref."""
        init = self.inits[k]
        if self.in_place:
            return init
        return init.copy() if copy_init else np.empty_like(init)

    # -- the four kinds --------------------------------------------------------

    def run_parallel(self) -> list[np.ndarray]:
        yielded = self.yield_op.operands
        values = self.eval_body("parallel", self.views(), yielded, set())
        n = len(self.ranges)
        # (two outputs yielding one value get an array each)
        return [
            self.output(
                k,
                compact(value, self.plan.maps[self.n_inputs + k].dims, n),
                self._is_fresh(ssa_value) and ssa_value not in yielded[:k],
            )
            for k, (ssa_value, value) in enumerate(zip(yielded, values, strict=True))
        ]

    def run_reduce(self) -> list[np.ndarray]:
        views = self.views()
        yield_op = self.yield_op
        skip = {c for c in self.plan.combiners if c is not None}
        out_args = self.block.args[self.n_inputs :]
        wanted = [
            yielded if combiner is None else self._other_operand(combiner, arg)
            for combiner, arg, yielded in zip(self.plan.combiners, out_args, yield_op.operands, strict=True)
        ]
        values = self.eval_body("reduce", views, wanted, skip)
        results: list[np.ndarray] = []
        n = len(self.ranges)
        red = self.plan.reduction_dims
        for k, (combiner, value) in enumerate(zip(self.plan.combiners, values)):
            omap = self.plan.maps[self.n_inputs + k]
            fresh = combiner is not None or self._is_fresh(wanted[k])
            if combiner is not None:
                value = np.asarray(value)
                if value.ndim < n:
                    value = value.reshape((1,) * (n - value.ndim) + value.shape)
                full = [r if j in red else value.shape[j] for j, r in enumerate(self.ranges)]
                ufunc = REDUCERS[type(combiner)]
                with np.errstate(all="ignore"):
                    reduced = ufunc.reduce(np.broadcast_to(value, full), axis=red, keepdims=True)
                init = views[self.n_inputs + k]
                value = self._combine(combiner, out_args[k], init, reduced)
            results.append(self.output(k, compact(value, omap.dims, n), fresh))
        return results

    def run_contract(self) -> list[np.ndarray]:
        assert self.plan.factors is not None
        (combiner,) = self.plan.combiners
        assert combiner is not None
        omap = self.plan.maps[self.n_inputs]
        lhs, rhs = (self._factor_view(f) for f in self.plan.factors)
        lhs_dims, rhs_dims = (list(self.plan.maps[f.input_index].dims) for f in self.plan.factors)
        with np.errstate(all="ignore"):
            total = contract(lhs, lhs_dims, rhs, rhs_dims, omap.dims, self.ranges)
        init = compact_view(self.name, self.n_inputs, self.inits[0], omap, self.ranges)
        # Adding an all-zero init is skipped: it can at most turn a -0.0 into +0.0.
        if not all_zero(init):
            total = self._combine(combiner, self.block.args[self.n_inputs], init, total)
        return [self.output(0, total, fresh=True)]

    def run_scalar(self) -> list[np.ndarray]:
        """One interpretation of the body per point of the domain, in loop order."""
        results = [self.result_array(k) for k in range(len(self.inits))]
        maps = [m.affine_map for m in self.plan.maps]
        in_maps, out_maps = maps[: self.n_inputs], maps[self.n_inputs :]
        stack = self.index_stack
        for point in product(*(range(r) for r in self.ranges)):
            args = [
                value[m.eval(point, ())] if isinstance(value, np.ndarray) else value
                for value, m in zip(self.inputs, in_maps)
            ]
            args += [r[m.eval(point, ())] for r, m in zip(results, out_maps)]
            stack.append(point)
            try:
                yielded = self.interpreter.run_ssacfg_region(self.region, tuple(args), self.name)
            finally:
                stack.pop()
            for r, m, y in zip(results, out_maps, yielded, strict=True):
                r[m.eval(point, ())] = y
        return results

    # -- helpers ---------------------------------------------------------------

    def _factor_view(self, factor: Factor) -> np.ndarray:
        """A factor of a contraction with one axis per dim its map uses."""
        i = factor.input_index
        omap = self.plan.maps[i]
        view = compact_view(self.name, i, self.inputs[i], omap, self.ranges)
        if factor.cast is not None:
            (view,) = self.interpreter.run_op(factor.cast, (view,))
        return view

    def _is_fresh(self, value: SSAValue) -> bool:
        """Whether the body computed `value` into a new array of its own."""
        return (
            isinstance(value, OpResult)
            and value.op.parent_block() is self.block
            and value.op.dialect_name() in ("arith", "math")
            and not isinstance(value.op, arith.SelectOp | arith.BitcastOp)
        )

    @staticmethod
    def _other_operand(combiner: Operation, arg: SSAValue) -> SSAValue:
        (other,) = (v for v in combiner.operands if v is not arg)
        return other

    def _combine(self, combiner: Operation, arg: SSAValue, init: Any, value: Any) -> Any:
        """Run the combining op on the init and the reduced value, in its order."""
        operands = [init if v is arg else value for v in combiner.operands]
        (combined,) = self.interpreter.run_op(combiner, tuple(operands))
        return combined


def _check_full_axes(
    name: str, maps: Sequence[OperandMap], operands: Sequence[Any], ranges: Sequence[int]
) -> None:
    """Each operand axis indexed by a plain loop dim has that loop's range as its size.

    Upstream's verifier demands this of static shapes; with dynamic shapes it is only
    known here, and a mismatch would otherwise read or write part of an operand.
    """
    for index, (value, omap) in enumerate(zip(operands, maps, strict=True)):
        if not isinstance(value, np.ndarray):
            continue
        rank = len(omap.affine_map.results)
        if value.ndim != rank:
            raise InterpretationError(
                f"{name}: operand #{index} has rank {value.ndim}, but its indexing map "
                f"{omap.affine_map} has {rank} results"
            )
        shape = value.shape
        for axis, d in omap.dim_axes:
            if shape[axis] != ranges[d]:
                raise InterpretationError(
                    f"{name}: operand #{index} of shape {list(shape)} has size "
                    f"{shape[axis]} along axis {axis}, but loop d{d} runs over {ranges[d]}"
                )


def run_structured(
    interpreter: Interpreter,
    name: str,
    plan: Plan,
    block: Block,
    inputs: Sequence[Any],
    inits: Sequence[Any],
    ranges: Sequence[int],
    in_place: bool,
    index_stack: list[tuple[Any, ...]],
) -> list[np.ndarray]:
    """Execute a planned structured op; returns the output arrays.

    `index_stack` holds the indices of the points of the enclosing runs (linalg.index
    reads the top); this run pushes its own while it interprets the body.
    """
    for i, value in enumerate(inputs):
        if not isinstance(value, np.ndarray | np.generic | int | float):
            raise InterpretationError(f"{name}: input #{i} is a {type(value).__name__}, not a numpy value")
    for i, init in enumerate(inits):
        if not isinstance(init, np.ndarray):
            raise InterpretationError(f"{name}: output #{i} is a {type(init).__name__}, not a numpy array")
    ranges = tuple(int(r) for r in ranges)
    _check_full_axes(name, plan.maps, [*inputs, *inits], ranges)
    run = _Run(interpreter, name, plan, block, inputs, inits, ranges, in_place, index_stack)
    if 0 in run.ranges:
        return [run.result_array(k) for k in range(len(inits))]
    match plan.kind:
        case "parallel":
            return run.run_parallel()
        case "reduce":
            return run.run_reduce()
        case "contract":
            return run.run_contract()
        case _:
            return run.run_scalar()

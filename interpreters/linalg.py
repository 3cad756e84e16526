"""Numpy-backed interpreter functions for the `linalg` dialect.

Structured ops run vectorized over their whole iteration domain instead of once per
point, as xDSL's stock implementation does:

- Each shaped operand is viewed over the loops through its indexing map. A map
  whose results are affine sums `c0*d0 + c1*d1 + ... + k` (projected permutations,
  and the strided windows of convolutions and pooling) gives a zero-copy strided
  view; other maps (`mod`, `floordiv`) gather with index arrays.
- The body is interpreted once, with these views as block arguments: the `arith`
  and `math` implementations of this package work on whole arrays.
- Reductions are recognized when each output block argument is only combined at
  the yield, `out <op> f(ins)`: `f` is computed over the whole domain, reduced with
  the numpy reduction of `<op>` and combined with the init. A body `out + a * b` is
  a contraction and runs as one `np.matmul` (BLAS), so matmuls and convolutions,
  named or generic, run at numpy speed.
- Everything else (bodies with regions, outputs read other than by a reduction,
  non-affine output maps) runs a correct but slow loop over every point.

Tensor outputs give new arrays; memref outputs are written in place. The named ops
use the hidden region and indexing maps xDSL builds for them, except
`pooling_nchw_max`, whose hidden region xDSL builds wrongly.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from math import prod
from types import MappingProxyType
from typing import Any, TypeVar

import numpy as np
from numpy.lib.stride_tricks import as_strided

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import IntegerType, ShapedType
from xdsl.dialects.linalg import ops as linalg
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
)
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.arith import as_dtype, ieee_maximum

_REDUCERS: Mapping[type[Operation], np.ufunc] = MappingProxyType(
    {
        arith.AddfOp: np.add,
        arith.AddiOp: np.add,
        arith.MulfOp: np.multiply,
        arith.MuliOp: np.multiply,
        arith.MaximumfOp: np.maximum,
        arith.MinimumfOp: np.minimum,
        arith.MaxnumfOp: np.fmax,
        arith.MinnumfOp: np.fmin,
        arith.MaxSIOp: np.maximum,
        arith.MinSIOp: np.minimum,
        arith.AndIOp: np.bitwise_and,
        arith.OrIOp: np.bitwise_or,
        arith.XOrIOp: np.bitwise_xor,
    }
)
"""Combining ops a reduction can be computed with, and their numpy reduction."""

_CASTS = (
    arith.ExtFOp,
    arith.TruncFOp,
    arith.ExtSIOp,
    arith.ExtUIOp,
    arith.SIToFPOp,
    arith.UIToFPOp,
)
"""Casts allowed on the factors of a contraction (`out + ext(a) * ext(b)`)."""

_T = TypeVar("_T")

_INDEX_STACK = "index_stack"
_PLANS = "plans"

# ---------------------------------------------------------------------------
# Indexing maps and views
# ---------------------------------------------------------------------------


def _linear_form(expr: AffineExpr, num_dims: int) -> tuple[list[int], int] | None:
    """`expr` as (coefficient per loop dim, constant), or None if not affine-linear."""
    if isinstance(expr, AffineDimExpr):
        coefficients = [0] * num_dims
        coefficients[expr.position] = 1
        return coefficients, 0
    if isinstance(expr, AffineConstantExpr):
        return [0] * num_dims, expr.value
    if not isinstance(expr, AffineBinaryOpExpr):
        return None
    lhs = _linear_form(expr.lhs, num_dims)
    rhs = _linear_form(expr.rhs, num_dims)
    if lhs is None or rhs is None:
        return None
    if expr.kind == AffineBinaryOpKind.Add:
        return [a + b for a, b in zip(lhs[0], rhs[0])], lhs[1] + rhs[1]
    if expr.kind == AffineBinaryOpKind.Mul:
        if not any(lhs[0]):
            lhs, rhs = rhs, lhs
        if not any(rhs[0]):
            return [a * rhs[1] for a in lhs[0]], lhs[1] * rhs[1]
    return None


@dataclass(frozen=True)
class _OperandMap:
    """How the loops reach one operand."""

    affine_map: AffineMap
    linear: tuple[tuple[tuple[int, ...], int], ...] | None
    """Per map result, its coefficients over the loop dims and its constant; None
    if some result is not affine-linear."""
    dims: tuple[int, ...]
    """The loop dims the operand depends on, ascending."""
    permutation: tuple[int, ...] | None
    """If the results are distinct dims (a projected permutation): the operand's
    axes ordered by the dim they hold, so a transpose views it over `dims`."""

    @property
    def ordered_projection(self) -> bool:
        """Results are distinct dims in ascending order: the operand itself has
        one axis per dim of `dims`."""
        return self.permutation == tuple(range(len(self.dims)))

    @staticmethod
    def of(affine_map: AffineMap) -> "_OperandMap":
        n = affine_map.num_dims
        forms = [_linear_form(e, n) for e in affine_map.results]
        linear = (
            None
            if affine_map.num_symbols or any(f is None for f in forms)
            else tuple((tuple(f[0]), f[1]) for f in forms if f is not None)
        )
        dims = tuple(sorted(affine_map.used_dims()))
        positions = [
            e.position if isinstance(e, AffineDimExpr) else -1
            for e in affine_map.results
        ]
        permutation = None
        if -1 not in positions and len(set(positions)) == len(positions):
            axes = range(len(positions))
            permutation = tuple(sorted(axes, key=positions.__getitem__))
        return _OperandMap(affine_map, linear, dims, permutation)


def _unit_shape(ranges: Sequence[int], dims: Sequence[int]) -> list[int]:
    """The domain's shape with 1 along the loop dims not in `dims`."""
    return [size if d in dims else 1 for d, size in enumerate(ranges)]


def _index_arrays(ranges: Sequence[int]) -> tuple[np.ndarray, ...]:
    """Per loop dim, its indices as an array broadcastable over the domain."""
    return tuple(
        np.arange(size, dtype=np.int64).reshape(_unit_shape(ranges, (d,)))
        for d, size in enumerate(ranges)
    )


def _strided_view(
    name: str,
    index: int,
    array: np.ndarray,
    omap: _OperandMap,
    ranges: Sequence[int],
    writeable: bool = False,
) -> np.ndarray:
    """`array` seen over the loops: a view `v` with `v[i] == array[map(i)]`.

    It has one axis per loop dim, of size 1 for the dims the map does not use.
    """
    assert omap.linear is not None
    strides = [0] * len(ranges)
    start: list[int] = []
    for r, (coefficients, constant) in enumerate(omap.linear):
        extents = [c * (size - 1) for c, size in zip(coefficients, ranges)]
        lowest = constant + sum(min(e, 0) for e in extents)
        highest = constant + sum(max(e, 0) for e in extents)
        if lowest < 0 or highest >= array.shape[r]:
            raise InterpretationError(
                f"{name}: operand #{index} of shape {list(array.shape)} is accessed "
                f"out of bounds by {omap.affine_map} over loop ranges {list(ranges)}"
            )
        for j, c in enumerate(coefficients):
            strides[j] += c * array.strides[r]
        start.append(constant)
    base = array[tuple(slice(s, s + 1) for s in start)] if array.ndim else array
    shape = _unit_shape(ranges, omap.dims)
    return as_strided(base, shape, strides, writeable=writeable)


def _is_exact_permutation(
    array: np.ndarray, omap: _OperandMap, ranges: Sequence[int]
) -> bool:
    """Whether the map is a projected permutation covering all of `array`."""
    if omap.permutation is None:
        return False
    results = omap.affine_map.results
    return array.shape == tuple(ranges[e.position] for e in results)  # pyright: ignore


def _compact_view(
    name: str,
    index: int,
    array: np.ndarray,
    omap: _OperandMap,
    ranges: Sequence[int],
    writeable: bool = False,
) -> np.ndarray:
    """`array` seen with one axis per dim of `omap.dims`, as a view."""
    if _is_exact_permutation(array, omap, ranges):
        assert omap.permutation is not None
        if omap.ordered_projection:
            return array
        return array.transpose(omap.permutation)
    view = _strided_view(name, index, array, omap, ranges, writeable)
    return _compact(view, omap.dims, len(ranges))


def _domain_view(
    name: str, index: int, value: Any, omap: _OperandMap, ranges: Sequence[int]
) -> Any:
    """An operand's values over the domain; scalars (unshaped operands) as they are."""
    if not isinstance(value, np.ndarray):
        return value
    if _is_exact_permutation(value, omap, ranges):
        compact = _compact_view(name, index, value, omap, ranges)
        return compact.reshape(_unit_shape(ranges, omap.dims))
    if omap.linear is not None:
        return _strided_view(name, index, value, omap, ranges)
    indices = _index_arrays(ranges)
    gathered = tuple(e.eval(indices, ()) for e in omap.affine_map.results)
    for r, g in enumerate(gathered):
        if np.min(g) < 0 or np.max(g) >= value.shape[r]:
            raise InterpretationError(
                f"{name}: operand #{index} of shape {list(value.shape)} is accessed "
                f"out of bounds by {omap.affine_map}"
            )
    view = value[gathered]
    return view.reshape((1,) * (len(ranges) - view.ndim) + view.shape)


def _compact(value: Any, dims: Sequence[int], num_dims: int) -> Any:
    """A domain-shaped value reduced to the axes `dims`.

    Along the other axes the last point wins, as when the loops run in order.
    """
    value = np.asarray(value)
    if value.ndim == 0:
        return value
    if value.ndim < num_dims:
        value = value.reshape((1,) * (num_dims - value.ndim) + value.shape)
    return value[tuple(slice(None) if j in dims else -1 for j in range(num_dims))]


# ---------------------------------------------------------------------------
# Contractions
# ---------------------------------------------------------------------------


def _sum_private(
    array: np.ndarray, dims: list[int], keep: set[int]
) -> tuple[np.ndarray, list[int]]:
    """Sum away the dims no other operand and not the output has."""
    private = [a for a, d in enumerate(dims) if d not in keep]
    if not private:
        return array, dims
    return array.sum(axis=tuple(private)), [d for d in dims if d in keep]


def _all_zero(array: np.ndarray) -> bool:
    """Whether every element is zero, reading a broadcast scalar (a fill) only once."""
    if array.size and not any(array.strides):
        return not array.flat[0]
    return not np.any(array)


def _contract(
    lhs: np.ndarray,
    lhs_dims: list[int],
    rhs: np.ndarray,
    rhs_dims: list[int],
    out_dims: Sequence[int],
    ranges: Sequence[int],
) -> np.ndarray:
    """sum(lhs * rhs) over the dims not in `out_dims`, as one (batched) matmul.

    Operands are compact views with one axis per dim of `*_dims`; the result has one
    axis per dim of `out_dims`.
    """
    keep = set(out_dims)
    lhs, lhs_dims = _sum_private(lhs, lhs_dims, keep | set(rhs_dims))
    rhs, rhs_dims = _sum_private(rhs, rhs_dims, keep | set(lhs_dims))
    batch = [d for d in out_dims if d in lhs_dims and d in rhs_dims]
    left = [d for d in out_dims if d in lhs_dims and d not in rhs_dims]
    right = [d for d in out_dims if d in rhs_dims and d not in lhs_dims]
    inner = [d for d in lhs_dims if d in rhs_dims and d not in keep]

    def size(dims: list[int]) -> int:
        return prod(ranges[d] for d in dims)

    def in_order(dims: list[int]) -> bool:
        significant = [d for d in dims if ranges[d] != 1]
        return significant == [d for d in out_dims if d in significant]

    if not in_order(batch + left + right) and in_order(batch + right + left):
        # Swap the operands so the product comes out in the output's layout.
        lhs, lhs_dims, rhs, rhs_dims = rhs, rhs_dims, lhs, lhs_dims
        left, right = right, left

    a = lhs.transpose([lhs_dims.index(d) for d in batch + left + inner])
    b = rhs.transpose([rhs_dims.index(d) for d in batch + inner + right])
    present = batch + left + right
    if batch and size(left) == size(right) == 1:
        # Dot products per batch element: one einsum loop, not a matmul per element.
        a = a.reshape(size(batch), size(inner))
        b = b.reshape(size(batch), size(inner))
        result = np.einsum("bk,bk->b", a, b).reshape([ranges[d] for d in present])
    elif batch:
        a = a.reshape(size(batch), size(left), size(inner))
        b = b.reshape(size(batch), size(inner), size(right))
        result = np.matmul(a, b).reshape([ranges[d] for d in present])
    else:
        a = a.reshape(size(left), size(inner))
        b = b.reshape(size(inner), size(right))
        result = np.matmul(a, b).reshape([ranges[d] for d in present])
    result = result.transpose([present.index(d) for d in out_dims if d in present])
    return result.reshape([ranges[d] if d in present else 1 for d in out_dims])


# ---------------------------------------------------------------------------
# Plans: what kind of structured op this is, computed once per op
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Factor:
    """A factor of a contraction: an input, maybe through one cast."""

    input_index: int
    cast: Operation | None


@dataclass(frozen=True)
class _Plan:
    maps: tuple[_OperandMap, ...]
    reduction_dims: tuple[int, ...]
    kind: str
    """'parallel', 'reduce', 'contract' or 'scalar' (see the module docstring)."""
    combiners: tuple[Operation | None, ...] = ()
    """Per output of a reduction, the op combining it with the body's value; None if
    the body's value is simply stored (the last point wins)."""
    factors: tuple[_Factor, _Factor] | None = None


def _is_vectorizable(block: Block) -> bool:
    """Whether every op of the body computes elementwise on whole arrays."""
    for body_op in block.ops:
        if body_op.regions:
            return False
        if body_op.dialect_name() in ("arith", "math"):
            continue
        if not isinstance(body_op, linalg.IndexOp | linalg.YieldOp | tensor.ExtractOp):
            return False
    return True


def _uses(value: SSAValue) -> set[Operation]:
    return {use.operation for use in value.uses}


def _factor(value: SSAValue, block: Block, n_inputs: int, shaped: Sequence[bool]):
    """`value` as an input block argument, maybe behind one cast, or None."""
    cast = None
    if isinstance(value, OpResult) and isinstance(value.op, _CASTS):
        cast = value.op
        value = value.op.operands[0]
    if (
        isinstance(value, BlockArgument)
        and value.block is block
        and value.index < n_inputs
        and shaped[value.index]
    ):
        return _Factor(value.index, cast)
    return None


def _contraction(
    block: Block,
    combiner: Operation,
    n_inputs: int,
    shaped: Sequence[bool],
) -> tuple[_Factor, _Factor] | None:
    """The factors of a body `out + a * b`, the whole body, or None."""
    if not isinstance(combiner, arith.AddfOp | arith.AddiOp):
        return None
    out = block.args[n_inputs]
    (product_value,) = (v for v in combiner.operands if v is not out)
    if not isinstance(product_value, OpResult):
        return None
    mul = product_value.op
    if not isinstance(mul, arith.MulfOp | arith.MuliOp):
        return None
    if not product_value.has_one_use():
        return None
    factors = tuple(_factor(v, block, n_inputs, shaped) for v in mul.operands)
    if factors[0] is None or factors[1] is None:
        return None
    expected = {mul, combiner, block.last_op}
    expected.update(f.cast for f in factors if f.cast is not None)
    if set(block.ops) != expected:
        return None
    return factors[0], factors[1]


def make_plan(
    maps: Sequence[AffineMap],
    iterator_types: Sequence[str],
    block: Block,
    n_inputs: int,
    shaped: Sequence[bool],
) -> _Plan:
    """Classify a structured op from its maps, iterators and body."""
    operand_maps = tuple(_OperandMap.of(m) for m in maps)
    reduction_dims = tuple(
        d for d, kind in enumerate(iterator_types) if kind == "reduction"
    )
    outputs = operand_maps[n_inputs:]
    out_args = block.args[n_inputs:]
    yield_op = block.last_op
    scalar = _Plan(operand_maps, reduction_dims, "scalar")
    if (
        not _is_vectorizable(block)
        or yield_op is None
        or any(m.linear is None for m in outputs)
        or any(set(m.dims) & set(reduction_dims) for m in outputs)
    ):
        return scalar

    if not reduction_dims:
        # Every output element is visited once, unless its map drops a loop: then
        # reading it in the body sees earlier iterations.
        for m, arg in zip(outputs, out_args, strict=True):
            if arg.uses and len(m.dims) != len(iterator_types):
                return scalar
        return _Plan(operand_maps, reduction_dims, "parallel")

    combiners: list[Operation | None] = []
    for arg, yielded in zip(out_args, yield_op.operands, strict=True):
        if not arg.uses:
            combiners.append(None)  # stored: the last point of the reduction wins
            continue
        combiner = yielded.op if isinstance(yielded, OpResult) else None
        if (
            combiner is None
            or type(combiner) not in _REDUCERS
            or _uses(arg) != {combiner}
            or not arg.has_one_use()
            or _uses(yielded) != {yield_op}
            or isinstance(arg.type, IntegerType) and arg.type.width.data == 1
        ):
            return scalar
        combiners.append(combiner)

    if len(out_args) == 1 and combiners[0] is not None:
        parallel = set(range(len(iterator_types))) - set(reduction_dims)
        if parallel <= set(outputs[0].dims) and all(
            operand_maps[i].linear is not None for i in range(n_inputs)
        ):
            factors = _contraction(block, combiners[0], n_inputs, shaped)
            if factors is not None:
                return _Plan(
                    operand_maps, reduction_dims, "contract", tuple(combiners), factors
                )
    return _Plan(operand_maps, reduction_dims, "reduce", tuple(combiners))


# ---------------------------------------------------------------------------
# Execution
# ---------------------------------------------------------------------------


@dataclass
class _Run:
    """One execution of a structured op."""

    interpreter: Interpreter
    name: str
    plan: _Plan
    block: Block
    inputs: Sequence[Any]
    inits: Sequence[np.ndarray]
    ranges: tuple[int, ...]
    in_place: bool

    @property
    def n_inputs(self) -> int:
        return len(self.inputs)

    def views(self) -> list[Any]:
        """Every operand over the domain, for a vectorized run of the body."""
        return [
            _domain_view(self.name, i, value, omap, self.ranges)
            for i, (value, omap) in enumerate(
                zip([*self.inputs, *self.inits], self.plan.maps, strict=True)
            )
        ]

    def eval_body(
        self, args: Sequence[Any], wanted: Sequence[SSAValue], skip: set[Operation]
    ) -> list[Any]:
        """Interpret the body once on `args`, without the ops in `skip`."""
        interpreter = self.interpreter
        stack = interpreter.get_data(LinalgFunctions, _INDEX_STACK, list)
        stack.append(_index_arrays(self.ranges))
        interpreter.push_scope(self.name)
        try:
            interpreter.set_values(zip(self.block.args, args))
            for body_op in self.block.ops:
                if body_op in skip or body_op is self.block.last_op:
                    continue
                inputs = interpreter.get_values(body_op.operands)
                interpreter.set_values(
                    zip(body_op.results, interpreter.run_op(body_op, inputs))
                )
            return list(interpreter.get_values(wanted))
        finally:
            interpreter.pop_scope()
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
        covered = _is_exact_permutation(init, omap, self.ranges)
        result = self.result_array(k, copy_init=not covered)
        index = self.n_inputs + k
        target = _compact_view(self.name, index, result, omap, self.ranges, True)
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
        yielded = self.block.last_op.operands
        values = self.eval_body(self.views(), yielded, set())
        n = len(self.ranges)
        return [
            self.output(
                k,
                _compact(value, self.plan.maps[self.n_inputs + k].dims, n),
                self._is_fresh(ssa_value),
            )
            for k, (ssa_value, value) in enumerate(zip(yielded, values, strict=True))
        ]

    def run_reduce(self) -> list[np.ndarray]:
        views = self.views()
        yield_op = self.block.last_op
        skip = {c for c in self.plan.combiners if c is not None}
        out_args = self.block.args[self.n_inputs :]
        wanted = [
            yielded if combiner is None else self._other_operand(combiner, arg)
            for combiner, arg, yielded in zip(
                self.plan.combiners, out_args, yield_op.operands, strict=True
            )
        ]
        values = self.eval_body(views, wanted, skip)
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
                full = [
                    r if j in red else value.shape[j] for j, r in enumerate(self.ranges)
                ]
                ufunc = _REDUCERS[type(combiner)]
                with np.errstate(all="ignore"):
                    reduced = ufunc.reduce(
                        np.broadcast_to(value, full), axis=red, keepdims=True
                    )
                init = views[self.n_inputs + k]
                value = self._combine(combiner, out_args[k], init, reduced)
            results.append(self.output(k, _compact(value, omap.dims, n), fresh))
        return results

    def run_contract(self) -> list[np.ndarray]:
        assert self.plan.factors is not None
        (combiner,) = self.plan.combiners
        assert combiner is not None
        omap = self.plan.maps[self.n_inputs]
        lhs, rhs = (self._factor_view(f) for f in self.plan.factors)
        lhs_dims, rhs_dims = (
            list(self.plan.maps[f.input_index].dims) for f in self.plan.factors
        )
        with np.errstate(all="ignore"):
            total = _contract(lhs, lhs_dims, rhs, rhs_dims, omap.dims, self.ranges)
        init = _compact_view(self.name, self.n_inputs, self.inits[0], omap, self.ranges)
        # Adding an all-zero init is skipped: it can at most turn a -0.0 into +0.0.
        if not _all_zero(init):
            total = self._combine(combiner, self.block.args[self.n_inputs], init, total)
        return [self.output(0, total, fresh=True)]

    def run_scalar(self) -> list[np.ndarray]:
        """One interpretation of the body per point of the domain, in loop order."""
        results = [self.result_array(k) for k in range(len(self.inits))]
        maps = [m.affine_map for m in self.plan.maps]
        in_maps, out_maps = maps[: self.n_inputs], maps[self.n_inputs :]
        stack = self.interpreter.get_data(LinalgFunctions, _INDEX_STACK, list)
        for point in product(*(range(r) for r in self.ranges)):
            args = [
                value[m.eval(point, ())] if isinstance(value, np.ndarray) else value
                for value, m in zip(self.inputs, in_maps)
            ]
            args += [r[m.eval(point, ())] for r, m in zip(results, out_maps)]
            stack.append(point)
            try:
                yielded = self.interpreter.run_ssacfg_region(
                    self.block.parent_region(), args, self.name
                )
            finally:
                stack.pop()
            for r, m, y in zip(results, out_maps, yielded, strict=True):
                r[m.eval(point, ())] = y
        return results

    # -- helpers ---------------------------------------------------------------

    def _factor_view(self, factor: _Factor) -> np.ndarray:
        """A factor of a contraction with one axis per dim its map uses."""
        i = factor.input_index
        omap = self.plan.maps[i]
        view = _compact_view(self.name, i, self.inputs[i], omap, self.ranges)
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

    def _combine(
        self, combiner: Operation, arg: SSAValue, init: Any, value: Any
    ) -> Any:
        """Run the combining op on the init and the reduced value, in its order."""
        operands = [init if v is arg else value for v in combiner.operands]
        (combined,) = self.interpreter.run_op(combiner, tuple(operands))
        return combined


def _check_full_axes(
    name: str, maps: Sequence[_OperandMap], operands: Sequence[Any], ranges: Sequence[int]
) -> None:
    """Each operand axis indexed by a plain loop dim has that loop's range as its size.

    Upstream's verifier demands this of static shapes; with dynamic shapes it is only
    known here, and a mismatch would otherwise read or write part of an operand.
    """
    for index, (value, omap) in enumerate(zip(operands, maps, strict=True)):
        if not isinstance(value, np.ndarray):
            continue
        results = omap.affine_map.results
        if value.ndim != len(results):
            raise InterpretationError(
                f"{name}: operand #{index} has rank {value.ndim}, but its indexing map "
                f"{omap.affine_map} has {len(results)} results"
            )
        for axis, expr in enumerate(results):
            if isinstance(expr, AffineDimExpr) and value.shape[axis] != ranges[expr.position]:
                raise InterpretationError(
                    f"{name}: operand #{index} of shape {list(value.shape)} has size "
                    f"{value.shape[axis]} along axis {axis}, but loop d{expr.position} "
                    f"runs over {ranges[expr.position]}"
                )


def run_structured(
    interpreter: Interpreter,
    name: str,
    plan: _Plan,
    block: Block,
    inputs: Sequence[Any],
    inits: Sequence[Any],
    ranges: Sequence[int],
    in_place: bool,
) -> list[np.ndarray]:
    """Execute a planned structured op; returns the output arrays."""
    for i, value in enumerate(inputs):
        if not isinstance(value, np.ndarray | np.generic | int | float):
            raise InterpretationError(
                f"{name}: input #{i} is a {type(value).__name__}, not a numpy value"
            )
    for i, init in enumerate(inits):
        if not isinstance(init, np.ndarray):
            raise InterpretationError(
                f"{name}: output #{i} is a {type(init).__name__}, not a numpy array"
            )
    ranges = tuple(int(r) for r in ranges)
    _check_full_axes(name, plan.maps, [*inputs, *inits], ranges)
    run = _Run(interpreter, name, plan, block, inputs, inits, ranges, in_place)
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


@register_impls
class LinalgFunctions(InterpreterFunctions):
    """linalg on numpy arrays, vectorized over each op's iteration domain."""

    # -- shared helpers --------------------------------------------------------

    @staticmethod
    def _plan(interpreter: Interpreter, op: Operation, make: Callable[[], _T]) -> _T:
        """What `make` computes for `op`, once per op and interpreter."""
        plans: dict[Operation, Any]
        plans = interpreter.get_data(LinalgFunctions, _PLANS, dict)
        if op not in plans:
            plans[op] = make()
        return plans[op]

    def _run_structured(
        self,
        interpreter: Interpreter,
        op: LinalgStructuredOperation,
        args: PythonValues,
    ) -> PythonValues:
        def make() -> tuple[_Plan, int, tuple[tuple[int, int], ...]]:
            n_inputs = len(op.inputs)
            shaped = [isinstance(t, ShapedType) for t in op.inputs.types]
            plan = make_plan(
                [m.data for m in op.get_indexing_maps()],
                [str(t.data) for t in op.get_iterator_types()],
                op.body.block,
                n_inputs,
                shaped,
            )
            # Where each loop range is read: (operand, axis), as xDSL infers it.
            axes = [
                (i, axis)
                for i, t in enumerate(op.operand_types)
                if isinstance(t, ShapedType)
                for axis in range(len(t.get_shape()))
            ]
            sources = tuple(
                axes[e.position]  # pyright: ignore[reportAttributeAccessIssue]
                for e in op.get_shapes_to_loops_map().results
            )
            return plan, n_inputs, sources

        plan, n_inputs, sources = self._plan(interpreter, op, make)
        ranges = [np.shape(args[i])[axis] for i, axis in sources]
        results = run_structured(
            interpreter,
            op.name,
            plan,
            op.body.block,
            args[:n_inputs],
            args[n_inputs:],
            ranges,
            in_place=not op.results,
        )
        return tuple(results) if op.results else ()

    # -- structured ops --------------------------------------------------------

    @impl(linalg.GenericOp)
    def run_generic(
        self, interpreter: Interpreter, op: linalg.GenericOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.FillOp)
    def run_fill(
        self, interpreter: Interpreter, op: linalg.FillOp, args: PythonValues
    ) -> PythonValues:
        value, init = args
        if not op.results:
            init[...] = as_dtype(value, init.dtype)
            return ()
        # A tensor is never written in place, so a read-only broadcast of the scalar
        # serves as the filled tensor without touching memory.
        return (np.broadcast_to(np.asarray(value, init.dtype), init.shape),)

    @impl(linalg.CopyOp)
    def run_copy(
        self, interpreter: Interpreter, op: linalg.CopyOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.AddOp)
    def run_add(
        self, interpreter: Interpreter, op: linalg.AddOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.SubOp)
    def run_sub(
        self, interpreter: Interpreter, op: linalg.SubOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.MulOp)
    def run_mul(
        self, interpreter: Interpreter, op: linalg.MulOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.MaxOp)
    def run_max(
        self, interpreter: Interpreter, op: linalg.MaxOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.MinOp)
    def run_min(
        self, interpreter: Interpreter, op: linalg.MinOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.ExpOp)
    def run_exp(
        self, interpreter: Interpreter, op: linalg.ExpOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.LogOp)
    def run_log(
        self, interpreter: Interpreter, op: linalg.LogOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.SqrtOp)
    def run_sqrt(
        self, interpreter: Interpreter, op: linalg.SqrtOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.SelectOp)
    def run_select(
        self, interpreter: Interpreter, op: linalg.SelectOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.TransposeOp)
    def run_transpose(
        self, interpreter: Interpreter, op: linalg.TransposeOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.MatmulOp)
    def run_matmul(
        self, interpreter: Interpreter, op: linalg.MatmulOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.QuantizedMatmulOp)
    def run_quantized_matmul(
        self, interpreter: Interpreter, op: linalg.QuantizedMatmulOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.Conv2DNchwFchwOp)
    def run_conv_2d_nchw_fchw(
        self, interpreter: Interpreter, op: linalg.Conv2DNchwFchwOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.Conv2DNgchwFgchwOp)
    def run_conv_2d_ngchw_fgchw(
        self,
        interpreter: Interpreter,
        op: linalg.Conv2DNgchwFgchwOp,
        args: PythonValues,
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.Conv2DNgchwGfchwOp)
    def run_conv_2d_ngchw_gfchw(
        self,
        interpreter: Interpreter,
        op: linalg.Conv2DNgchwGfchwOp,
        args: PythonValues,
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.Conv2DNhwc_HwcfOp)
    def run_conv_2d_nhwc_hwcf(
        self, interpreter: Interpreter, op: linalg.Conv2DNhwc_HwcfOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.Conv2DNhwc_FhwcOp)
    def run_conv_2d_nhwc_fhwc(
        self, interpreter: Interpreter, op: linalg.Conv2DNhwc_FhwcOp, args: PythonValues
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.Conv2DNhwgcGfhwcOp)
    def run_conv_2d_nhwgc_gfhwc(
        self,
        interpreter: Interpreter,
        op: linalg.Conv2DNhwgcGfhwcOp,
        args: PythonValues,
    ) -> PythonValues:
        return self._run_structured(interpreter, op, args)

    @impl(linalg.PoolingNchwMaxOp)
    def run_pooling_nchw_max(
        self, interpreter: Interpreter, op: linalg.PoolingNchwMaxOp, args: PythonValues
    ) -> PythonValues:
        """max over each window, then with the init; NaN propagates (maximumf).

        xDSL builds the hidden region as max(input, window) instead of
        max(input, out), so the body cannot be used.
        """
        source, window, init = args
        maps = [_OperandMap.of(m.data) for m in op.get_indexing_maps()]
        ranges = (*init.shape, *window.shape)
        if 0 in ranges:
            return (init.copy(),) if op.res else ()
        view = _strided_view(op.name, 0, source, maps[0], ranges)
        with np.errstate(all="ignore"):
            windows_max = np.maximum.reduce(view, axis=(4, 5))
            if np.dtype(init.dtype).kind == "f":
                value = ieee_maximum(init, windows_max)
            else:
                value = np.maximum(init, windows_max)
        if op.res:
            return (np.asarray(value, init.dtype),)
        np.copyto(init, value, casting="unsafe")
        return ()

    @impl(linalg.BroadcastOp)
    def run_broadcast(
        self, interpreter: Interpreter, op: linalg.BroadcastOp, args: PythonValues
    ) -> PythonValues:
        source, init = args
        dims = tuple(int(d) for d in op.dimensions.get_values())
        value = np.expand_dims(source, dims)
        result = init if not op.result else np.empty_like(init)
        np.copyto(result, np.broadcast_to(value, init.shape), casting="unsafe")
        return (result,) if op.result else ()

    @impl(linalg.ReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: linalg.ReduceOp, args: PythonValues
    ) -> PythonValues:
        """A generic over the input's dims, reducing `dimensions` into the init."""
        source, init = args
        rank = np.ndim(source)
        reduced = [int(d) for d in op.dimensions.get_values()]
        kept = [d for d in range(rank) if d not in reduced]

        def make() -> _Plan:
            return make_plan(
                [
                    AffineMap.identity(rank),
                    AffineMap(rank, 0, tuple(AffineDimExpr(d) for d in kept)),
                ],
                ["reduction" if d in reduced else "parallel" for d in range(rank)],
                op.region.block,
                1,
                [True],
            )

        plan = self._plan(interpreter, op, make)
        results = run_structured(
            interpreter,
            op.name,
            plan,
            op.region.block,
            (source,),
            (init,),
            np.shape(source),
            in_place=not op.result,
        )
        return tuple(results) if op.result else ()

    @impl(linalg.IndexOp)
    def run_index(
        self, interpreter: Interpreter, op: linalg.IndexOp, args: PythonValues
    ) -> PythonValues:
        """The current point's index along `dim`, or all of them as an array."""
        stack = interpreter.get_data(LinalgFunctions, _INDEX_STACK, list)
        if not stack:
            raise InterpretationError("linalg.index: not inside a structured op")
        return (stack[-1][op.dim.value.data],)

    @impl_terminator(linalg.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: linalg.YieldOp, args: PythonValues
    ):
        return ReturnedValues(args), ()

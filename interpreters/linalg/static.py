"""Structured ops on tensors of static shapes, worked out once per op.

With static operand types the loop ranges, the way each operand is viewed over the
domain, the shapes of every body value and the layout of a contraction are known
before the op first runs: a `StaticRun` holds them, and a call only views its
operands, runs the body's numpy calls (`numpy_calls.NumpyBody`) and hands back new
arrays. It covers the parallel, reduction and contraction plans whose outputs are
the init's axes in order (what the lowerings emit); `StaticRun.of` gives None for
anything else, which `execution.run_structured` runs.

Results are the values of `execution.run_structured`: the same numpy functions on
the same operands, in the same order. Reading an init is the only use of an `outs`
operand: an init that the body does not read is never copied, and nothing is
written into an operand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ShapedType, TensorType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr
from xdsl.utils.exceptions import InterpretationError

from nnstack.dialects.values import as_dtype, numpy_dtype
from nnstack.interpreters.blas import ColumnBlocks, constant_weights_product
from nnstack.interpreters.linalg.contractions import Contraction, all_zero
from nnstack.interpreters.linalg.numpy_calls import Fallback, NumpyBody, NumpyCall, Slot, numpy_call_of
from nnstack.interpreters.linalg.plans import REDUCERS, Plan
from nnstack.interpreters.linalg.views import OperandMap, compact_view, domain_view

Shape = tuple[int, ...]


@dataclass(frozen=True)
class OperandView:
    """How operand `index` is seen over the domain, with one axis per loop."""

    name: str
    index: int
    omap: OperandMap
    ranges: Shape
    exact: bool
    """Each result of the map is a distinct loop dim over the operand's whole axis, or 0
    on an axis of size 1 (a broadcast): the view is a reshape dropping those axes
    (`squeezed`, None if there are none), a transpose (`permutation`, None if in order)
    and a reshape to one axis per loop (`shape`, None if not needed)."""
    squeezed: Shape | None
    permutation: tuple[int, ...] | None
    shape: Shape | None

    @staticmethod
    def of(name: str, index: int, omap: OperandMap, operand_shape: Shape, ranges: Shape) -> OperandView:
        results = omap.affine_map.results
        dims = [e.position if isinstance(e, AffineDimExpr) else None for e in results]
        kept = [d for d in dims if d is not None]
        exact = len(set(kept)) == len(kept) and all(
            operand_shape[axis] == ranges[d]
            if d is not None
            else operand_shape[axis] == 1 and isinstance(e, AffineConstantExpr) and e.value == 0
            for axis, (d, e) in enumerate(zip(dims, results, strict=True))
        )
        order = sorted(range(len(kept)), key=kept.__getitem__)
        unit = tuple(size if d in kept else 1 for d, size in enumerate(ranges))
        in_order = tuple(ranges[d] for d in sorted(kept))
        return OperandView(
            name,
            index,
            omap,
            ranges,
            exact,
            None if len(kept) == len(dims) else tuple(ranges[d] for d in kept),
            None if order == sorted(order) else tuple(order),
            None if in_order == unit else unit,
        )

    def domain(self, value: np.ndarray) -> np.ndarray:
        """The operand over the domain (size 1 along the loops it does not depend on)."""
        if not self.exact:
            return domain_view(self.name, self.index, value, self.omap, self.ranges)
        value = self.compact(value)
        return value if self.shape is None else value.reshape(self.shape)

    def compact(self, value: np.ndarray) -> np.ndarray:
        """The operand with one axis per loop it depends on, in loop order."""
        if not self.exact:
            return compact_view(self.name, self.index, value, self.omap, self.ranges)
        if self.squeezed is not None:
            value = value.reshape(self.squeezed)
        return value if self.permutation is None else value.transpose(self.permutation)


def _static_shape(typ: Attribute) -> Shape | None:
    """The shape of a static tensor type, () for a scalar type, None otherwise."""
    if isinstance(typ, TensorType):
        return tuple(typ.get_shape()) if typ.has_static_shape() else None
    return None if isinstance(typ, ShapedType) else ()


def _new_array(value: Any, shape: Shape, dtype: np.dtype[Any]) -> np.ndarray:
    """A new array of `shape` and `dtype` holding `value` (broadcast)."""
    result = np.empty(shape, dtype)
    np.copyto(result, value, casting="unsafe")
    return result


@dataclass(frozen=True)
class StaticRun:
    """A structured op on static tensors: call it with the operands' values (and those of
    the values its body reads from outside) for the results."""

    run: Callable[..., tuple[np.ndarray, ...]]
    """`run(operands, outer=())`: the results."""
    outer: tuple[SSAValue, ...]
    """The values from outside the body that it reads (an embedding table)."""
    needs_interpreter: bool
    """Whether some body op runs its registered implementation."""

    def __call__(self, operands: Sequence[Any], outer: Sequence[Any] = ()) -> tuple[np.ndarray, ...]:
        return self.run(operands, outer)

    @staticmethod
    def of(
        name: str,
        plan: Plan,
        block: Block,
        operand_types: Sequence[Attribute],
        n_inputs: int,
        sources: Sequence[tuple[int, int]],
        fallback: Fallback | None,
        constants: Sequence[Any] = (),
    ) -> StaticRun | None:
        """The op's static run, or None (dynamic shapes, memrefs, an empty domain, the
        per-point plan, outputs that are not the init's axes in order, a body the
        numpy calls cannot describe; or ops without a numpy call and no `fallback`).
        `constants[i]`: the value of operand i if it is the same on every run (a
        contraction lays out a constant weight matrix once: `ConstantProduct`)."""
        shapes = [_static_shape(t) for t in operand_types]
        if any(s is None for s in shapes) or any(not shapes[i] for i in range(n_inputs, len(shapes))):
            return None
        ranges = tuple(shapes[i][axis] for i, axis in sources)  # pyright: ignore[reportOptionalSubscript]
        if 0 in ranges:
            return None
        builder = _Builder(
            name, plan, block, [s or () for s in shapes], n_inputs, ranges, fallback, constants
        )
        try:
            match plan.kind:
                case "parallel":
                    return builder.parallel()
                case "reduce":
                    return builder.reduce()
                case "contract":
                    return builder.contract()
                case _:
                    return None
        except InterpretationError:
            return None  # a type or constant without a numpy form: the general path says so


@dataclass
class _Builder:
    """Builds the `StaticRun` of one op."""

    name: str
    plan: Plan
    block: Block
    shapes: list[Shape]
    n_inputs: int
    ranges: Shape
    fallback: Fallback | None
    constants: Sequence[Any]

    def _views(self) -> list[OperandView | None]:
        """Each operand's view; None for a scalar (unshaped) input."""
        return [
            OperandView.of(self.name, i, omap, shape, self.ranges) if i >= self.n_inputs or shape else None
            for i, (omap, shape) in enumerate(zip(self.plan.maps, self.shapes, strict=True))
        ]

    def _output_dims(self, k: int, dims: Sequence[int]) -> bool:
        """Whether output `k` is the init's axes in order, one per loop of `dims`."""
        omap = self.plan.maps[self.n_inputs + k]
        shape = self.shapes[self.n_inputs + k]
        return (
            omap.ordered_projection
            and omap.dims == tuple(dims)
            and shape == tuple(self.ranges[d] for d in dims)
        )

    def _body(
        self, views: Sequence[OperandView | None], wanted: Sequence[SSAValue], skip: set[Operation]
    ) -> NumpyBody | None:
        args: list[Slot] = []
        for i, (arg, view) in enumerate(zip(self.block.args, views, strict=True)):
            dtype = numpy_dtype(arg.type) if i < self.n_inputs or arg.uses else None
            if view is None:
                args.append(Slot(None, frozenset(), dtype, False))
            else:
                shape = tuple(size if d in view.omap.dims else 1 for d, size in enumerate(self.ranges))
                args.append(Slot(shape, frozenset(view.omap.dims), dtype, False))
        return NumpyBody.compile(self.block, wanted, skip, args, self.ranges, self.fallback)

    def _arguments(self, views: Sequence[OperandView | None]) -> Callable[[Sequence[Any]], list[Any]]:
        """The block arguments' values from the operands': inputs and read inits over the
        domain, scalars as numpy scalars of their type (the numpy calls compute in the dtype
        of their operands), None for an init the body does not read."""
        args = self.block.args
        read = [view if i < self.n_inputs or args[i].uses else None for i, view in enumerate(views)]
        scalar = [
            numpy_dtype(args[i].type) if view is None and i < self.n_inputs else None
            for i, view in enumerate(views)
        ]

        def arguments(operands: Sequence[Any]) -> list[Any]:
            return [
                (value if type(value) is dtype.type else as_dtype(value, dtype))
                if dtype is not None
                else None
                if view is None
                else view.domain(value)
                for value, view, dtype in zip(operands, read, scalar)
            ]

        return arguments

    def parallel(self) -> StaticRun | None:
        n = len(self.ranges)
        n_outputs = len(self.shapes) - self.n_inputs
        if not all(self._output_dims(k, range(n)) for k in range(n_outputs)):
            return None
        views = self._views()
        yielded = list(self.block.last_op.operands) if self.block.last_op else []
        body = self._body(views, yielded, set())
        if body is None:
            return None
        arguments = self._arguments(views)
        outputs = [
            (self.ranges, numpy_dtype(self.block.args[self.n_inputs + k].type), slot)
            for k, slot in enumerate(body.wanted)
        ]

        def run(operands: Sequence[Any], outer: Sequence[Any] = ()) -> tuple[np.ndarray, ...]:
            values = body.run(arguments(operands), outer)
            results: list[np.ndarray] = []
            for value, (shape, dtype, slot) in zip(values, outputs):
                fresh = slot.owned and slot.shape == shape and slot.dtype == dtype
                # (two outputs yielding one value get an array each)
                results.append(
                    value
                    if fresh and all(value is not r for r in results)
                    else _new_array(value, shape, dtype)
                )
            return tuple(results)

        return StaticRun(run, body.outer, body.needs_interpreter)

    def reduce(self) -> StaticRun | None:
        red = self.plan.reduction_dims
        kept = [d for d in range(len(self.ranges)) if d not in red]
        combiners = self.plan.combiners
        n_outputs = len(combiners)
        out_args = self.block.args[self.n_inputs :]
        if any(c is None for c in combiners) or not all(self._output_dims(k, kept) for k in range(n_outputs)):
            return None
        calls = [numpy_call_of(c) for c in combiners if c is not None]
        if any(call is None for call in calls):
            return None
        views = self._views()
        wanted = [_other_operand(c, arg) for c, arg in zip(combiners, out_args) if c is not None]
        body = self._body(views, wanted, {c for c in combiners if c is not None})
        if body is None:
            return None
        arguments = self._arguments(views)
        reductions = [
            _Reduction.of(c, arg, call, slot, self.ranges, red, self.n_inputs + k)
            for k, (c, arg, call, slot) in enumerate(zip(combiners, out_args, calls, body.wanted))
            if c is not None and call is not None
        ]

        def run(operands: Sequence[Any], outer: Sequence[Any] = ()) -> tuple[np.ndarray, ...]:
            values = body.run(arguments(operands), outer)
            return tuple(r(value, operands[r.init]) for r, value in zip(reductions, values))

        return StaticRun(run, body.outer, body.needs_interpreter)

    def contract(self) -> StaticRun | None:
        assert self.plan.factors is not None
        (combiner,) = self.plan.combiners
        assert combiner is not None
        omap = self.plan.maps[self.n_inputs]
        if not self._output_dims(0, omap.dims):
            return None
        casts = [numpy_call_of(f.cast) if f.cast is not None else None for f in self.plan.factors]
        combine = numpy_call_of(combiner)
        if combine is None or any(f.cast is not None and c is None for f, c in zip(self.plan.factors, casts)):
            return None
        views = self._views()
        factors = [(f.input_index, views[f.input_index], c) for f, c in zip(self.plan.factors, casts)]
        if any(view is None for _, view, _ in factors):
            return None
        lhs_dims, rhs_dims = (list(self.plan.maps[f.input_index].dims) for f in self.plan.factors)
        contraction = Contraction.of(lhs_dims, rhs_dims, omap.dims, self.ranges)
        init_index = self.n_inputs
        out_arg = self.block.args[init_index]
        init_first = combiner.operands[0] is out_arg
        shape = self.shapes[init_index]
        dtype = numpy_dtype(out_arg.type)

        def factor(operands: Sequence[Any], index: int, view: OperandView, cast: NumpyCall | None) -> Any:
            value = view.compact(operands[index])
            return value if cast is None else cast.run(value)

        product = self._constant_product(contraction, factors)

        def run(operands: Sequence[Any], outer: Sequence[Any] = ()) -> tuple[np.ndarray, ...]:
            if product is None:
                lhs, rhs = (factor(operands, i, view, cast) for i, view, cast in factors)  # pyright: ignore[reportArgumentType]
                total = contraction(lhs, rhs)
            else:
                total = product(operands)
            init = operands[init_index]
            # Adding an all-zero init is skipped: it can at most turn a -0.0 into +0.0.
            if not all_zero(init):
                total = combine.run(init, total) if init_first else combine.run(total, init)
            if type(total) is np.ndarray and total.shape == shape and total.dtype == dtype:
                return (total,)
            return (_new_array(total, shape, dtype),)

        return StaticRun(run, (), False)

    def _constant_product(
        self, contraction: Contraction, factors: Sequence[tuple[int, OperandView | None, NumpyCall | None]]
    ) -> Callable[[Sequence[Any]], np.ndarray] | None:
        """The product of a contraction whose right matrix is a constant of f32 or f64
        that pays off in `ColumnBlocks` (few rows on the left), as a `ConstantProduct`
        of the left factor: None for any other."""
        (left, left_view, left_cast), (right, right_view, right_cast) = (
            factors[::-1] if contraction.swap else factors
        )
        weights = self.constants[right] if right < len(self.constants) else None
        if weights is None or left_cast is not None or right_cast is not None or contraction.dot:
            return None
        assert left_view is not None and right_view is not None  # (the contraction checked them)
        if len(contraction.lhs_shape) != 2 or weights.dtype not in (np.float32, np.float64):
            return None
        if numpy_dtype(self.block.args[left].type) != weights.dtype:
            return None
        if not ColumnBlocks.pays_off(contraction.lhs_shape[0], *contraction.rhs_shape):
            return None  # (before `right`, which copies a transposed constant)
        matrix = contraction.right(right_view.compact(weights))
        product = constant_weights_product(contraction.lhs_shape, matrix, np.dtype(weights.dtype))
        if product is None:
            return None
        return lambda operands: contraction.finish(
            product(contraction.left(left_view.compact(operands[left])))
        )


@dataclass(frozen=True)
class _Reduction:
    """One output of a reduction: `init <combiner> reduce(value)` over the reduction loops."""

    init: int
    """The operand index of the init."""
    ufunc: np.ufunc
    combine: NumpyCall
    init_first: bool
    axes: tuple[int, ...]
    broadcast: Shape | None
    """The shape the value is broadcast to first, where it does not span every reduced loop."""
    shape: Shape
    dtype: np.dtype[Any]

    @staticmethod
    def of(
        combiner: Operation,
        arg: SSAValue,
        combine: NumpyCall,
        slot: Slot,
        ranges: Shape,
        axes: tuple[int, ...],
        init: int,
    ) -> _Reduction:
        value_shape = slot.shape or (1,) * len(ranges)
        spans = all(value_shape[d] == ranges[d] for d in axes)
        broadcast = None if spans else tuple(r if d in axes else value_shape[d] for d, r in enumerate(ranges))
        shape = tuple(r for d, r in enumerate(ranges) if d not in axes)
        return _Reduction(
            init,
            REDUCERS[type(combiner)],
            combine,
            combiner.operands[0] is arg,
            axes,
            broadcast,
            shape,
            numpy_dtype(arg.type),
        )

    def __call__(self, value: Any, init: np.ndarray) -> np.ndarray:
        if self.broadcast is not None:
            value = np.broadcast_to(
                np.reshape(value, (1,) * (len(self.broadcast) - np.ndim(value)) + np.shape(value)),
                self.broadcast,
            )
        reduced = self.ufunc.reduce(value, axis=self.axes)
        if reduced.dtype != self.dtype:
            reduced = reduced.astype(self.dtype)  # numpy sums small integers in int64: wrapped back
        operands = (init, reduced) if self.init_first else (reduced, init)
        if self.combine.ufunc and reduced.shape == self.shape:
            return self.combine.run(*operands, out=reduced)
        combined = self.combine.run(*operands)
        if type(combined) is np.ndarray and combined.shape == self.shape and combined.dtype == self.dtype:
            return combined
        return _new_array(combined, self.shape, self.dtype)


def _other_operand(combiner: Operation | None, arg: SSAValue) -> SSAValue:
    assert combiner is not None
    (other,) = (v for v in combiner.operands if v is not arg)
    return other

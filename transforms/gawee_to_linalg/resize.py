"""Lowering of `gawee.resize`: one `linalg.generic` over the result whose body maps
each output index to its source coordinate in f64 arith and reads the input's
neighbours (the taps of linear and cubic) with `tensor.extract`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IndexType, IntegerAttr, f64, i64
from xdsl.dialects.linalg.ops import IndexOp
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.gawee import ResizedAxis, ResizeOp
from nnstack.transforms.utils import op_pattern

from .builder import LoweringBuilder, element_type_of, shape_of

__all__ = ["ResizeLowering"]


def _float_binary(
    op_type: Callable[[SSAValue, SSAValue], arith.FloatingPointLikeBinaryOperation],
) -> Callable[[SSAValue, SSAValue], SSAValue]:
    """The result of an `op_type` op of two f64 values, created implicitly."""
    return lambda lhs, rhs: op_type(lhs, rhs).result


class _IRArithmetic:
    """`gawee.ResizedAxis.source` as f64 arith ops, created implicitly."""

    @staticmethod
    def constant(value: float) -> SSAValue:
        return arith.ConstantOp(FloatAttr(value, f64)).result

    add = staticmethod(_float_binary(arith.AddfOp))
    sub = staticmethod(_float_binary(arith.SubfOp))
    mul = staticmethod(_float_binary(arith.MulfOp))
    div = staticmethod(_float_binary(arith.DivfOp))
    minimum = staticmethod(_float_binary(arith.MinimumfOp))
    maximum = staticmethod(_float_binary(arith.MaximumfOp))


NEAREST_ROUNDING: dict[str, tuple[str, float] | None] = {
    "floor": None,
    "ceil": ("ogt", 0.0),
    "round_prefer_floor": ("ogt", 0.5),
    "round_prefer_ceil": ("oge", 0.5),
}
"""When nearest resizing takes floor(x) + 1: the `arith.cmpf` of x - floor(x) with a
constant, per `nearestMode` (never for floor)."""


def _i64(value: int) -> SSAValue:
    return arith.ConstantOp(IntegerAttr(value, i64)).result


def _to_f64(value: SSAValue) -> SSAValue:
    return arith.SIToFPOp(value, f64).result


def _rounded(x: SSAValue, up: bool) -> SSAValue:
    """floor(x) (ceil(x) when `up`) as an i64, with arith only: the truncation toward
    zero of `arith.fptosi`, moved by one where it lies on the wrong side of x."""
    truncated = arith.FPToSIOp(x, i64).result
    wrong_side = arith.CmpfOp(_to_f64(truncated), x, "olt" if up else "ogt").result
    step = arith.ExtUIOp(wrong_side, i64).result
    return (arith.AddiOp if up else arith.SubiOp)(truncated, step).result


def _clamped_index(index: SSAValue, size: int) -> SSAValue:
    """An i64 index clamped to [0, size) as an `index`."""
    low = arith.MaxSIOp(index, _i64(0)).result
    return arith.IndexCastOp(arith.MinSIOp(low, _i64(size - 1)).result, IndexType()).result


def _source(op: ResizeOp, axis: ResizedAxis, dim: int) -> SSAValue:
    """The f64 source coordinate of the output index along `dim`."""
    y = _to_f64(arith.IndexCastOp(IndexOp(dim).result, i64).result)
    return axis.source(op.choice("coordinateTransformationMode"), y, _IRArithmetic())


def _nearest(op: ResizeOp, axis: ResizedAxis, x: SSAValue) -> SSAValue:
    index = _rounded(x, up=False)
    rounding = NEAREST_ROUNDING[op.choice("nearestMode")]
    if rounding is not None:
        predicate, threshold = rounding
        fraction = arith.SubfOp(x, _to_f64(index)).result
        up = arith.CmpfOp(fraction, _IRArithmetic.constant(threshold), predicate).result
        index = arith.AddiOp(index, arith.ExtUIOp(up, i64).result).result
    return _clamped_index(index, axis.size)


Taps = list[tuple[SSAValue, SSAValue]]
"""The (index, f64 weight) of each tap along one dim."""


def _taps(op: ResizeOp, axis: ResizedAxis, x: SSAValue) -> Taps:
    """The taps of `op.filter(axis)` around source coordinate x: low + i for each
    offset i, low = ceil(x) - 1, their weights from ratio r = x - low in (0, 1]."""
    taps = op.filter(axis)
    low = arith.SubiOp(_rounded(x, up=True), _i64(1)).result
    low_f64 = _to_f64(low)
    ratio = arith.SubfOp(x, low_f64).result
    weights = taps.weights(ratio, low_f64, axis.size, _IRArithmetic())
    indices = [low if i == 0 else arith.AddiOp(low, _i64(i)).result for i in taps.offsets]
    return [(_clamped_index(index, axis.size), weight) for index, weight in zip(indices, weights)]


def _outside(x: SSAValue, size: int) -> SSAValue:
    """Whether source coordinate x lies outside [0, size - 1] (an i1)."""
    below = arith.CmpfOp(x, _IRArithmetic.constant(0.0), "olt").result
    above = arith.CmpfOp(x, _IRArithmetic.constant(float(size - 1)), "ogt").result
    return arith.OrIOp(below, above).result


class ResizeLowering(RewritePattern):
    """
    Lowers `gawee.resize` to one `linalg.generic` over the result (no inputs). Along a
    dim that keeps its size, scale and region the source index is `linalg.index`; along
    a resized one the output index goes to f64 (`arith.index_cast`, `arith.sitofp`) and
    through the op's coordinate transformation in arith (`addf`, `subf`, `mulf`,
    `divf` with f64 constants, ONNX's formula in ONNX's order). Then

    - nearest: floor(x) (`arith.fptosi`, corrected by one where it truncated upward),
      plus one where `arith.cmpf` of x - floor(x) asks for rounding up by `nearestMode`;
      one `tensor.extract`;
    - linear and cubic: the taps ceil(x) - 1 + i (i in 0..1 linear, -1..2 cubic, wider
      with antialias) weighted by the op's filter of r = x - (ceil(x) - 1) in arith;
      one `tensor.extract` per combination of the resized dims' taps (4 for bilinear
      images, 16 for bicubic), widened to f64 (`arith.extf`), summed dim by dim
      (`mulf`, `addf`, the first resized dim innermost, as ONNX's reference) and
      narrowed once (`arith.truncf`).

    Indices are clamped to the input with `arith.maxsi` / `minsi`. tf_crop_and_resize
    then selects the extrapolation value (`arith.select`) where x lies outside the input
    in any resized dim.
    """

    @op_pattern
    def match_and_rewrite(self, op: ResizeOp, rewriter: PatternRewriter, /):
        b = LoweringBuilder()
        shape, element = shape_of(op.output), element_type_of(op.output)
        axes = op.axes()
        nearest = op.choice("mode") == "nearest"

        def body(_out: SSAValue) -> SSAValue:
            fixed: dict[int, SSAValue] = {
                d: IndexOp(d).result for d, axis in enumerate(axes) if axis.is_identity
            }
            sources: dict[int, SSAValue] = {}

            def source(d: int) -> SSAValue:
                sources[d] = _source(op, axes[d], d)
                return sources[d]

            if nearest:
                position = [
                    fixed[d] if d in fixed else _nearest(op, axes[d], source(d)) for d in range(len(axes))
                ]
                value = tensor.ExtractOp(op.input, position, element).result
                return _extrapolated(op, axes, sources, value, element)
            assert isinstance(element, AnyFloat)  # the verifier admits float linear and cubic only
            taps = {d: _taps(op, axes[d], source(d)) for d in range(len(axes)) if d not in fixed}
            value = _interpolate(op.input, element, fixed, taps, sorted(taps))
            value = _extrapolated(op, axes, sources, value, f64)
            return value if element == f64 else arith.TruncFOp(value, element).result

        result = b.elementwise([], shape, element, body)
        rewriter.replace(op, b.ops, [result])


def _extrapolated(
    op: ResizeOp,
    axes: Sequence[ResizedAxis],
    sources: dict[int, SSAValue],
    value: SSAValue,
    element: Attribute,
) -> SSAValue:
    """`value`, or for tf_crop_and_resize the extrapolation value (in `element`) where
    a source coordinate lies outside the input."""
    if not op.crops() or not sources:
        return value
    outside: SSAValue | None = None
    for d, x in sources.items():
        here = _outside(x, axes[d].size)
        outside = here if outside is None else arith.OrIOp(outside, here).result
    assert outside is not None and isinstance(element, AnyFloat)
    extrapolation = arith.ConstantOp(FloatAttr(op.number("extrapolationValue"), element)).result
    return arith.SelectOp(outside, extrapolation, value).result


def _interpolate(
    source: SSAValue,
    element: AnyFloat,
    fixed: dict[int, SSAValue],
    taps: dict[int, Taps],
    dims: Sequence[int],
) -> SSAValue:
    """sum over the taps of the last of `dims` of weight * (the interpolation over the
    other dims), in f64."""
    if not dims:
        position = [fixed[d] for d in range(len(fixed))]
        value = tensor.ExtractOp(source, position, element).result
        return value if element == f64 else arith.ExtFOp(value, f64).result
    *rest, dim = dims
    total: SSAValue | None = None
    for index, weight in taps[dim]:
        term = arith.MulfOp(_interpolate(source, element, {**fixed, dim: index}, taps, rest), weight).result
        total = term if total is None else arith.AddfOp(total, term).result
    assert total is not None
    return total

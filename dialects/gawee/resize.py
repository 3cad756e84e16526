"""gawee.resize: nearest, (multi-)linear and (multi-)cubic resizing, ONNX Resize with
its scales or sizes (and roi) folded into attributes and the static result type.

The source coordinate of each resized dim and the weights of its taps are written
once, over an `Arithmetic` (numpy arrays in `ResizeOp.steps`, which the interpreter
and the lowering to mir share; arith ops in the lowering to linalg), so all evaluate
the same f64 operations in the same order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, TypeVar

import numpy as np
from xdsl.dialects.builtin import (
    BoolAttr,
    DenseArrayBase,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    f64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import opt_attr_def

from nnstack.dialects.constraints import FLOAT_TYPES
from nnstack.dialects.gawee.base import TensorOp, gawee_op_definition
from nnstack.dialects.gawee.selection import string_choice
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, tensor_like, tensor_shape

__all__ = [
    "ResizeFilter",
    "ResizeOp",
    "ResizeStep",
    "ResizedAxis",
]


F64Array = DenseArrayBase.constr(f64)

T = TypeVar("T")


class Arithmetic(Protocol[T]):
    """The f64 operations a source coordinate is computed with."""

    def constant(self, value: float) -> T: ...
    def add(self, lhs: T, rhs: T, /) -> T: ...
    def sub(self, lhs: T, rhs: T, /) -> T: ...
    def mul(self, lhs: T, rhs: T, /) -> T: ...
    def div(self, lhs: T, rhs: T, /) -> T: ...
    def minimum(self, lhs: T, rhs: T, /) -> T: ...
    def maximum(self, lhs: T, rhs: T, /) -> T: ...


@dataclass(frozen=True)
class ResizedAxis:
    """How one dim is resized: input and output sizes, the scale (given, or out / in),
    the resized length ONNX's coordinate modes divide by (in * scale) and the region of
    interest of tf_crop_and_resize (start and end as fractions of the input)."""

    size: int
    out: int
    scale: float
    length: float
    roi: tuple[float, float] = (0.0, 1.0)

    @property
    def is_identity(self) -> bool:
        """Every coordinate mode maps index i to i (ONNX's reference skips the dim)."""
        start, end = self.roi
        return (
            self.out == self.size
            and math.isclose(self.scale, 1.0)
            and math.isclose(start, 0.0)
            and math.isclose(end, 1.0)
        )

    def source(self, mode: str, y: T, arith: Arithmetic[T]) -> T:
        """The source coordinate of output index `y` (an f64) under `mode`, as ONNX
        defines it: `(y + 0.5) / scale - 0.5` for half_pixel, and so on."""
        c = arith.constant
        if mode == "tf_crop_and_resize":
            start, end = self.roi
            if self.length == 1:
                x = c((end - start) * (self.size - 1) / 2)
            else:
                x = arith.div(arith.mul(arith.mul(y, c(end - start)), c(self.size - 1)), c(self.length - 1))
            return arith.add(x, c(start * (self.size - 1)))
        if mode == "asymmetric":
            return arith.div(y, c(self.scale))
        if mode == "align_corners":
            if self.length == 1:
                return c(0.0)
            return arith.div(arith.mul(y, c(self.size - 1)), c(self.length - 1))
        if mode == "pytorch_half_pixel" and self.length == 1:
            return c(-0.5)
        centered = arith.div(arith.add(y, c(0.5)), c(self.scale))
        if mode == "half_pixel_symmetric":
            offset = self.size / 2 * (1 - self.out / self.length)
            centered = arith.add(c(offset), centered)
        return arith.sub(centered, c(0.5))


class _NumpyArithmetic:
    """`ResizedAxis.source` on numpy f64 arrays: numpy's ufuncs themselves."""

    add, sub, mul, div = np.add, np.subtract, np.multiply, np.divide
    minimum, maximum = np.minimum, np.maximum

    def constant(self, value: float) -> np.ndarray:
        return np.asarray(value, dtype=np.float64)


@dataclass(frozen=True)
class ResizeFilter:
    """The taps of linear or cubic interpolation along one dim. Source coordinate x
    reads the input at low + i for i in `offsets`, low = ceil(x) - 1 (so ratio
    r = x - low is in (0, 1]): linear low and low + 1 weighted 1 - r and r; cubic
    low - 1 .. low + 2 by Keys' kernel with coefficient `a`. Antialiasing stretches the
    kernel by 1 / `scale` (below 1 when downsampling) over more taps and normalizes the
    weights; `exclude_outside` zeroes the taps outside the input and renormalizes."""

    cubic: bool
    a: float = -0.75
    antialias: bool = False
    scale: float = 1.0
    exclude_outside: bool = False

    @property
    def offsets(self) -> range:
        """Where the taps are, relative to low: the kernel's support (1 linear, 2 cubic)
        stretched by 1 / scale, as ONNX's reference sizes it."""
        support = 2 if self.cubic else 1
        start = math.floor(-support / self.scale) + 1 if self.antialias else 1 - support
        return range(start, 2 - start)

    def weights(self, ratio: T, low: T, size: int, arith: Arithmetic[T]) -> list[T]:
        """The weight of each tap (f64; `low` as an f64) for an input of `size`."""
        c = arith.constant
        if not self.antialias:
            rest = arith.sub(c(1.0), ratio)
            if not self.cubic:
                weights = [rest, ratio]
            else:
                far = self._far(arith.add(ratio, c(1.0)), arith), self._far(arith.add(rest, c(1.0)), arith)
                weights = [far[0], self._near(ratio, arith), self._near(rest, arith), far[1]]
        else:
            weights = []
            for i in self.offsets:
                scaled = arith.mul(c(self.scale), arith.sub(c(float(i)), ratio))
                distance = arith.maximum(scaled, arith.sub(c(0.0), scaled))
                weights.append(self._kernel(distance, arith))
            weights = _normalized(weights, arith)
        if self.exclude_outside:
            weights = [
                arith.mul(weight, _inside(arith.add(low, c(float(i))), size, arith))
                for i, weight in zip(self.offsets, weights)
            ]
            weights = _normalized(weights, arith)
        return weights

    def _near(self, distance: T, arith: Arithmetic[T]) -> T:
        """Keys' kernel for a distance in [0, 1]: ((a + 2) d - (a + 3)) d d + 1."""
        c, a = arith.constant, self.a
        inner = arith.sub(arith.mul(c(a + 2), distance), c(a + 3))
        return arith.add(arith.mul(arith.mul(inner, distance), distance), c(1.0))

    def _far(self, distance: T, arith: Arithmetic[T]) -> T:
        """Keys' kernel for a distance in [1, 2]: ((a d - 5a) d + 8a) d - 4a."""
        c, a = arith.constant, self.a
        inner = arith.add(arith.mul(arith.sub(arith.mul(c(a), distance), c(5 * a)), distance), c(8 * a))
        return arith.sub(arith.mul(inner, distance), c(4 * a))

    def _kernel(self, distance: T, arith: Arithmetic[T]) -> T:
        """The kernel at any distance >= 0 (zero beyond the support): linear
        max(0, 1 - d); cubic near(min(d, 1)) + far(clamp(d, 1, 2)), each piece zero at
        the other's range (near(1) = far(1) = far(2) = 0)."""
        c = arith.constant
        if not self.cubic:
            return arith.maximum(c(0.0), arith.sub(c(1.0), distance))
        near = self._near(arith.minimum(distance, c(1.0)), arith)
        far = self._far(arith.minimum(arith.maximum(distance, c(1.0)), c(2.0)), arith)
        return arith.add(near, far)


def _normalized(weights: list[T], arith: Arithmetic[T]) -> list[T]:
    """`weights` divided by their sum."""
    total = weights[0]
    for weight in weights[1:]:
        total = arith.add(total, weight)
    return [arith.div(weight, total) for weight in weights]


def _inside(position: T, size: int, arith: Arithmetic[T]) -> T:
    """1.0 where the integral f64 `position` is in [0, size), else 0.0:
    clamp(position + 1, 0, 1) * clamp(size - position, 0, 1)."""
    c = arith.constant

    def unit(value: T) -> T:
        return arith.minimum(arith.maximum(value, c(0.0)), c(1.0))

    return arith.mul(unit(arith.add(position, c(1.0))), unit(arith.sub(c(float(size)), position)))


_NEAREST_STEP: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "floor": lambda frac: np.zeros_like(frac, dtype=bool),
    "ceil": lambda frac: frac > 0,
    "round_prefer_floor": lambda frac: frac > 0.5,
    "round_prefer_ceil": lambda frac: frac >= 0.5,
}
"""Whether nearest resizing rounds a source coordinate up, from its fractional part."""


@dataclass(frozen=True)
class ResizeStep:
    """How gawee.resize reads one resized dim: per output position, the (clamped)
    input index of nearest, or the indices and f64 weights of the taps (an (out, taps)
    array each); for tf_crop_and_resize also where the source lies outside the input
    (the result there is the extrapolation value)."""

    axis: int
    index: np.ndarray
    weights: np.ndarray | None = None
    outside: np.ndarray | None = None


def _clamped(index: np.ndarray, size: int) -> np.ndarray:
    return np.clip(index, 0, size - 1).astype(np.int64)


@gawee_op_definition
class ResizeOp(TensorOp):
    """The input resized to the result's shape (ONNX Resize). Each dim whose size,
    scale or region changes maps output index y to a source coordinate x by
    `coordinateTransformationMode`; nearest takes the element at x rounded by
    `nearestMode`, linear and cubic weigh the taps around x in every such dim (2, or 4
    by Keys' kernel with coefficient `cubicCoeffA`; `antialias` widens the kernel by
    1 / scale when downsampling, over more taps, and normalizes the weights;
    `excludeOutside` drops the taps outside the input and renormalizes), in f64,
    rounded once to the element type. Indices are clamped to the input. `scales` (one per dim, as ONNX's)
    are the scales the model gave, which the coordinates use (each result dim is
    floor(in * scale), or rounded half up where ONNX keeps the aspect ratio); without
    them the scale of a dim is out / in. tf_crop_and_resize maps the result onto `roi`
    (the starts, then the ends, of every dim as fractions of the input) and gives
    `extrapolationValue` where x lies outside the input. Coordinates are f64 throughout
    (onnx's reference computes the roi's part in the roi's float32, which can move a
    nearest tie)."""

    name = "gawee.resize"

    MODES: ClassVar[tuple[str, ...]] = ("nearest", "linear", "cubic")
    COORDINATE_MODES: ClassVar[tuple[str, ...]] = (
        "half_pixel",
        "half_pixel_symmetric",
        "pytorch_half_pixel",
        "align_corners",
        "asymmetric",
        "tf_crop_and_resize",
    )
    NEAREST_MODES: ClassVar[tuple[str, ...]] = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")

    DEFAULTS: ClassVar[dict[str, str]] = {
        "mode": "nearest",
        "coordinateTransformationMode": "half_pixel",
        "nearestMode": "round_prefer_floor",
    }
    """ONNX's defaults of the string attributes."""
    CUBIC_COEFF_A: ClassVar[float] = -0.75

    mode = opt_attr_def(StringAttr, default_value=StringAttr(DEFAULTS["mode"]))
    coordinate_transformation_mode = opt_attr_def(
        StringAttr,
        attr_name="coordinateTransformationMode",
        default_value=StringAttr(DEFAULTS["coordinateTransformationMode"]),
    )
    nearest_mode = opt_attr_def(
        StringAttr, attr_name="nearestMode", default_value=StringAttr(DEFAULTS["nearestMode"])
    )
    cubic_coeff_a = opt_attr_def(
        FloatAttr[Float64Type], attr_name="cubicCoeffA", default_value=FloatAttr(CUBIC_COEFF_A, f64)
    )
    exclude_outside = opt_attr_def(
        BoolAttr, attr_name="excludeOutside", default_value=BoolAttr.from_bool(False)
    )
    antialias = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    scales = opt_attr_def(F64Array)
    roi = opt_attr_def(F64Array)
    extrapolation_value = opt_attr_def(
        FloatAttr[Float64Type], attr_name="extrapolationValue", default_value=FloatAttr(0.0, f64)
    )

    assembly_format = (
        "$input (`mode` `=` $mode^)? (`coordinateTransformationMode` `=` $coordinateTransformationMode^)? "
        "(`nearestMode` `=` $nearestMode^)? (`cubicCoeffA` `=` $cubicCoeffA^)? "
        "(`excludeOutside` `=` $excludeOutside^)? (`antialias` `=` $antialias^)? (`scales` `=` $scales^)? "
        f"(`roi` `=` $roi^)? (`extrapolationValue` `=` $extrapolationValue^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        shape: Sequence[int],
        *,
        mode: str = "nearest",
        coordinate_transformation_mode: str = "half_pixel",
        nearest_mode: str = "round_prefer_floor",
        cubic_coeff_a: float = CUBIC_COEFF_A,
        exclude_outside: bool = False,
        antialias: bool = False,
        scales: Sequence[float] | None = None,
        roi: Sequence[float] | None = None,
        extrapolation_value: float = 0.0,
    ):
        """`shape` is the result's; `scales` only where the model gave them; attributes
        at their defaults are left out."""
        input = SSAValue.get(input)
        given = {
            "mode": mode,
            "coordinateTransformationMode": coordinate_transformation_mode,
            "nearestMode": nearest_mode,
        }
        attributes: dict[str, Attribute] = {
            name: StringAttr(value) for name, value in given.items() if value != self.DEFAULTS[name]
        }
        if cubic_coeff_a != self.CUBIC_COEFF_A:
            attributes["cubicCoeffA"] = FloatAttr(cubic_coeff_a, f64)
        if exclude_outside:
            attributes["excludeOutside"] = BoolAttr.from_bool(True)
        if antialias:
            attributes["antialias"] = BoolAttr.from_bool(True)
        for name, values in (("scales", scales), ("roi", roi)):
            if values is not None:
                attributes[name] = DenseArrayBase.from_list(f64, [float(v) for v in values])
        if extrapolation_value != 0.0:
            attributes["extrapolationValue"] = FloatAttr(extrapolation_value, f64)
        super().__init__(operands=[input], result_types=[tensor_like(input, shape)], attributes=attributes)

    def choice(self, name: str) -> str:
        """The value of the string attribute `name`, or its default."""
        attr = self.attributes.get(name)
        return attr.data if isinstance(attr, StringAttr) else self.DEFAULTS[name]

    def flag(self, name: str) -> bool:
        """The bool attribute `name` (excludeOutside, antialias), false by default."""
        attr = self.attributes.get(name)
        return isinstance(attr, IntegerAttr) and bool(attr.value.data)

    def number(self, name: str) -> float:
        """The f64 attribute `name` (cubicCoeffA, extrapolationValue), or its default."""
        attr = self.attributes.get(name)
        if isinstance(attr, FloatAttr):
            return float(attr.value.data)
        return self.CUBIC_COEFF_A if name == "cubicCoeffA" else 0.0

    def given_scales(self) -> tuple[float, ...] | None:
        if self.scales is None:
            return None
        return tuple(float(v) for v in self.scales.get_values())

    def crops(self) -> bool:
        return self.choice("coordinateTransformationMode") == "tf_crop_and_resize"

    def axes(self) -> list[ResizedAxis]:
        """How each dim is resized (the op must verify)."""
        scales = self.given_scales()
        rank = len(tensor_shape(self.input))
        roi = (
            tuple(float(v) for v in self.roi.get_values()) if self.roi is not None and self.crops() else None
        )
        axes: list[ResizedAxis] = []
        for d, (size, out) in enumerate(zip(tensor_shape(self.input), tensor_shape(self.output))):
            region = (0.0, 1.0) if roi is None else (roi[d], roi[rank + d])
            scale = out / size if scales is None else scales[d]
            length = float(out) if scales is None else scales[d] * size
            axes.append(ResizedAxis(size, out, scale, length, region))
        return axes

    def filter(self, axis: ResizedAxis) -> ResizeFilter:
        """The taps of linear or cubic mode along `axis`."""
        return ResizeFilter(
            cubic=self.choice("mode") == "cubic",
            a=self.number("cubicCoeffA"),
            antialias=self.flag("antialias"),
            scale=min(axis.scale, 1.0),
            exclude_outside=self.flag("excludeOutside"),
        )

    def steps(self) -> list[ResizeStep]:
        """One step per resized dim, as ONNX's reference: nearest takes floor(x) (+1 by
        `nearestMode`); linear and cubic the taps of `filter` around x. Indices are
        clamped to the input. The interpreter applies them to the input; the lowering to
        mir folds them into constant index maps (the op must verify)."""
        mode, coordinates = self.choice("mode"), self.choice("coordinateTransformationMode")
        step = _NEAREST_STEP[self.choice("nearestMode")]
        arith = _NumpyArithmetic()
        steps: list[ResizeStep] = []
        for d, axis in enumerate(self.axes()):
            if axis.is_identity:
                continue
            outputs = np.arange(axis.out, dtype=np.float64)
            # a constant coordinate (a resized length of 1) is a scalar
            source = np.broadcast_to(axis.source(coordinates, outputs, arith), outputs.shape)
            outside = ((source < 0) | (source > axis.size - 1)) if self.crops() else None
            if mode == "nearest":
                floor = np.floor(source)
                steps.append(
                    ResizeStep(d, _clamped(floor + step(source - floor), axis.size), outside=outside)
                )
                continue
            taps = self.filter(axis)
            low = np.ceil(source) - 1
            weights = taps.weights(source - low, low, axis.size, arith)
            index = low[:, None] + np.array(taps.offsets, dtype=np.float64)
            weights = np.stack([np.broadcast_to(w, outputs.shape) for w in weights], axis=1)
            steps.append(ResizeStep(d, _clamped(index, axis.size), weights, outside))
        return steps

    def verify_(self) -> None:
        mode = self.choice("mode")
        string_choice(self, "mode", mode, self.MODES)
        coordinates = self.choice("coordinateTransformationMode")
        string_choice(self, "coordinateTransformationMode", coordinates, self.COORDINATE_MODES)
        string_choice(self, "nearestMode", self.choice("nearestMode"), self.NEAREST_MODES)
        if mode != "nearest" and element_type(self.input) not in FLOAT_TYPES:
            raise self.fail(f"{mode} mode needs a float element type, not {element_type(self.input)}")
        if mode == "nearest" and (self.flag("antialias") or self.flag("excludeOutside")):
            raise self.fail("'antialias' and 'excludeOutside' need linear or cubic mode")
        if not math.isfinite(self.number("cubicCoeffA")):
            raise self.fail(f"'cubicCoeffA' must be finite, got {self.number('cubicCoeffA')}")
        shape, result = tensor_shape(self.input), tensor_shape(self.output)
        if len(shape) != len(result):
            raise self.fail(f"input rank {len(shape)} and result rank {len(result)} must be equal")
        self._verify_roi(coordinates, len(shape))
        scales = self.given_scales()
        # An empty result dim only by given scales (floor(in * scale) = 0), as ONNX
        # Runtime allows; without them its scale, out / in, would be 0, which it rejects.
        if 0 in shape or (0 in result and scales is None):
            raise self.fail(f"cannot resize {list(shape)} to {list(result)}: a dim is empty")
        if scales is None:
            return
        if len(scales) != len(shape):
            raise self.fail(f"'scales' must have one value per dim ({len(shape)}), got {list(scales)}")
        if any(not s > 0 or math.isinf(s) for s in scales):
            raise self.fail(f"'scales' must be positive, got {list(scales)}")
        # ONNX's sizes are floor(in * scale), or rounded half up where Resize keeps the
        # aspect ratio (keep_aspect_ratio_policy)
        floor = [math.floor(size * s) for size, s in zip(shape, scales)]
        rounded = [math.floor(size * s + 0.5) for size, s in zip(shape, scales)]
        if any(r not in (f, n) for r, f, n in zip(result, floor, rounded)):
            raise self.fail(
                f"result shape {list(result)} is neither floor(input shape {list(shape)} * scales "
                f"{list(scales)}) = {floor} nor that product rounded half up, {rounded}"
            )

    def _verify_roi(self, coordinates: str, rank: int) -> None:
        """tf_crop_and_resize needs a finite `roi` of 2 * rank values; no other mode reads one."""
        if coordinates != "tf_crop_and_resize":
            if self.roi is not None:
                raise self.fail("'roi' is only read by tf_crop_and_resize")
            return
        if self.roi is None:
            raise self.fail("tf_crop_and_resize needs 'roi' (the starts, then the ends, of every dim)")
        roi = [float(v) for v in self.roi.get_values()]
        if len(roi) != 2 * rank or not all(math.isfinite(v) for v in roi):
            raise self.fail(f"'roi' must be {2 * rank} finite values (starts, then ends), got {roi}")
        if element_type(self.input) not in FLOAT_TYPES:
            raise self.fail(f"tf_crop_and_resize needs a float element type, not {element_type(self.input)}")

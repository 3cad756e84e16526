"""gawee.resize: nearest and (multi-)linear resizing, ONNX Resize with its scales or
sizes folded into the static result type.

The source coordinate of each resized dim is written once, over an `Arithmetic`
(numpy arrays in `ResizeOp.steps`, which the interpreter and the lowering to mir
share; arith ops in the lowering to linalg), so all evaluate the same f64 operations
in the same order as ONNX's reference implementation.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, TypeVar

import numpy as np
from xdsl.dialects.builtin import DenseArrayBase, StringAttr, f64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import opt_attr_def

from nnstack.dialects.constraints import FLOAT_TYPES
from nnstack.dialects.gawee.base import TensorOp, gawee_op_definition
from nnstack.dialects.gawee.selection import string_choice
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, tensor_like, tensor_shape

__all__ = [
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


@dataclass(frozen=True)
class ResizedAxis:
    """How one dim is resized: input and output sizes, the scale (given, or out / in)
    and the resized length ONNX's coordinate modes divide by (in * scale)."""

    size: int
    out: int
    scale: float
    length: float

    @property
    def is_identity(self) -> bool:
        """Every coordinate mode maps index i to i (ONNX's reference skips the dim)."""
        return self.out == self.size and math.isclose(self.scale, 1.0)

    def source(self, mode: str, y: T, arith: Arithmetic[T]) -> T:
        """The source coordinate of output index `y` (an f64) under `mode`, as ONNX
        defines it: `(y + 0.5) / scale - 0.5` for half_pixel, and so on."""
        c = arith.constant
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
    """`ResizedAxis.source` on numpy f64 arrays."""

    def constant(self, value: float) -> np.ndarray:
        return np.asarray(value, dtype=np.float64)

    def add(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.add(lhs, rhs)

    def sub(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.subtract(lhs, rhs)

    def mul(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.multiply(lhs, rhs)

    def div(self, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return np.divide(lhs, rhs)


_NEAREST_STEP: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "floor": lambda frac: np.zeros_like(frac, dtype=bool),
    "ceil": lambda frac: frac > 0,
    "round_prefer_floor": lambda frac: frac > 0.5,
    "round_prefer_ceil": lambda frac: frac >= 0.5,
}
"""Whether nearest resizing rounds a source coordinate up, from its fractional part."""


@dataclass(frozen=True)
class ResizeStep:
    """How gawee.resize reads one resized dim: the (clamped) input index of each output
    position; for linear also the upper neighbour's index and its weight (f64)."""

    axis: int
    index: np.ndarray
    upper: np.ndarray | None = None
    weight: np.ndarray | None = None


def _clamped(index: np.ndarray, size: int) -> np.ndarray:
    return np.clip(index, 0, size - 1).astype(np.int64)


@gawee_op_definition
class ResizeOp(TensorOp):
    """The input resized to the result's shape (ONNX Resize with `mode` nearest or
    linear). Each dim whose size or scale changes maps output index y to a source
    coordinate x by `coordinateTransformationMode`; nearest takes the element at x
    rounded by `nearestMode`, linear interpolates between the two neighbours of x in
    every such dim (bilinear for NCHW images), in f64, rounded once to the element
    type. Indices are clamped to the input. `scales` (one per dim, as ONNX's) are the
    scales the model gave, which the coordinates use (each result dim is floor(in *
    scale), or rounded half up where ONNX keeps the aspect ratio); without them the
    scale of a dim is out / in."""

    name = "gawee.resize"

    MODES: ClassVar[tuple[str, ...]] = ("nearest", "linear")
    COORDINATE_MODES: ClassVar[tuple[str, ...]] = (
        "half_pixel",
        "half_pixel_symmetric",
        "pytorch_half_pixel",
        "align_corners",
        "asymmetric",
    )
    NEAREST_MODES: ClassVar[tuple[str, ...]] = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")

    DEFAULTS: ClassVar[dict[str, str]] = {
        "mode": "nearest",
        "coordinateTransformationMode": "half_pixel",
        "nearestMode": "round_prefer_floor",
    }
    """ONNX's defaults of the string attributes."""

    mode = opt_attr_def(StringAttr, default_value=StringAttr(DEFAULTS["mode"]))
    coordinate_transformation_mode = opt_attr_def(
        StringAttr,
        attr_name="coordinateTransformationMode",
        default_value=StringAttr(DEFAULTS["coordinateTransformationMode"]),
    )
    nearest_mode = opt_attr_def(
        StringAttr, attr_name="nearestMode", default_value=StringAttr(DEFAULTS["nearestMode"])
    )
    scales = opt_attr_def(F64Array)

    assembly_format = (
        "$input (`mode` `=` $mode^)? (`coordinateTransformationMode` `=` $coordinateTransformationMode^)? "
        f"(`nearestMode` `=` $nearestMode^)? (`scales` `=` $scales^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        shape: Sequence[int],
        *,
        mode: str = "nearest",
        coordinate_transformation_mode: str = "half_pixel",
        nearest_mode: str = "round_prefer_floor",
        scales: Sequence[float] | None = None,
    ):
        """`shape` is the result's; `scales` only where the model gave them."""
        input = SSAValue.get(input)
        given = {
            "mode": mode,
            "coordinateTransformationMode": coordinate_transformation_mode,
            "nearestMode": nearest_mode,
        }
        attributes: dict[str, Attribute] = {
            name: StringAttr(value) for name, value in given.items() if value != self.DEFAULTS[name]
        }
        if scales is not None:
            attributes["scales"] = DenseArrayBase.from_list(f64, [float(s) for s in scales])
        super().__init__(operands=[input], result_types=[tensor_like(input, shape)], attributes=attributes)

    def choice(self, name: str) -> str:
        """The value of the string attribute `name`, or its default."""
        attr = self.attributes.get(name)
        return attr.data if isinstance(attr, StringAttr) else self.DEFAULTS[name]

    def given_scales(self) -> tuple[float, ...] | None:
        if self.scales is None:
            return None
        return tuple(float(v) for v in self.scales.get_values())

    def axes(self) -> list[ResizedAxis]:
        """How each dim is resized (the op must verify)."""
        scales = self.given_scales()
        axes: list[ResizedAxis] = []
        for d, (size, out) in enumerate(zip(tensor_shape(self.input), tensor_shape(self.output))):
            if scales is None:
                axes.append(ResizedAxis(size, out, out / size, float(out)))
            else:
                axes.append(ResizedAxis(size, out, scales[d], scales[d] * size))
        return axes

    def steps(self) -> list[ResizeStep]:
        """One step per resized dim, as ONNX's reference: nearest takes floor(x) (+1 by
        `nearestMode`); linear combines the neighbours ceil(x) - 1 and ceil(x) with weights
        1 - r and r, r = x - (ceil(x) - 1), in f64. Indices are clamped to the input.
        The interpreter applies them to the input; the lowering to mir folds them into
        constant index maps (the op must verify)."""
        mode, coordinates = self.choice("mode"), self.choice("coordinateTransformationMode")
        step = _NEAREST_STEP[self.choice("nearestMode")]
        steps: list[ResizeStep] = []
        for d, axis in enumerate(self.axes()):
            if axis.is_identity:
                continue
            outputs = np.arange(axis.out, dtype=np.float64)
            # a constant coordinate (a resized length of 1) is a scalar
            source = np.broadcast_to(axis.source(coordinates, outputs, _NumpyArithmetic()), outputs.shape)

            if mode == "nearest":
                floor = np.floor(source)
                steps.append(ResizeStep(d, _clamped(floor + step(source - floor), axis.size)))
            else:
                low = np.ceil(source) - 1
                steps.append(
                    ResizeStep(d, _clamped(low, axis.size), _clamped(low + 1, axis.size), source - low)
                )
        return steps

    def verify_(self) -> None:
        mode = self.choice("mode")
        if mode == "cubic":
            raise self.fail(
                '\'mode\' "cubic" (bicubic interpolation) is not supported; use "nearest" or "linear"'
            )
        string_choice(self, "mode", mode, self.MODES)
        string_choice(
            self,
            "coordinateTransformationMode",
            self.choice("coordinateTransformationMode"),
            self.COORDINATE_MODES,
        )
        string_choice(self, "nearestMode", self.choice("nearestMode"), self.NEAREST_MODES)
        if mode == "linear" and element_type(self.input) not in FLOAT_TYPES:
            raise self.fail(f"linear mode needs a float element type, not {element_type(self.input)}")
        shape, result = tensor_shape(self.input), tensor_shape(self.output)
        if len(shape) != len(result):
            raise self.fail(f"input rank {len(shape)} and result rank {len(result)} must be equal")
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

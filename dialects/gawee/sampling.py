"""Sampling an image at the points of a grid (ONNX GridSample), and the grid of an
affine transform (ONNX AffineGrid): composite ops over the spatial dims of
[N, C, D1, ..., Dk], built from gathers of the input at each interpolation tap and from
a matrix product of the transform with the image's normalized pixel coordinates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
from xdsl.dialects.builtin import BoolAttr, StringAttr, TensorType, f32, f64, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, opt_attr_def, result_def

from nnstack.dialects.constraints import FloatElement, static_tensor
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition
from nnstack.dialects.gawee.elementwise import AbsOp, AddOp, FloorOp, MaxOp, MinOp, MulOp, RoundOp, SubOp
from nnstack.dialects.gawee.logic import AndOp, CastOp, GreaterOp, LessOp, OrOp, WhereOp
from nnstack.dialects.gawee.movement import ExpandOp, GatherElementsOp, SliceOp
from nnstack.dialects.gawee.nn import MatMulOp
from nnstack.dialects.gawee.selection import string_choice
from nnstack.dialects.gawee.shape import ReshapeOp, TransposeOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, element_type, tensor_like, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["AffineGridOp", "GridSampleOp", "affine_base_grid"]

CUBIC_ALPHA = -0.75
"""The cubic convolution's parameter (Keys' A), as ONNX and PyTorch take it."""


@gawee_op_definition
class GridSampleOp(GaweeOperation):
    """The input [N, C, D1, ..., Dk] sampled at the points of `grid` [N, O1, ..., Ok, k]
    (ONNX GridSample): each point holds normalized coordinates in [-1, 1], the last
    spatial dim's first (x, then y, ...); the result is [N, C, O1, ..., Ok].

    `mode`: "linear" (2^k taps), "nearest" (the point rounded half to even) or "cubic"
    (4^k taps, A = -0.75); `paddingMode` for a point or tap outside the input: "zeros",
    "border" (clamped) or "reflection" (reflected at the borders, the pixel centres with
    `alignCorners`, their outer edges without); `alignCorners`: whether -1 and 1 are the
    corner pixels' centres or their outer edges. As onnx's reference, a point outside
    the borders is first clamped or reflected ("border", "reflection"), then each tap.
    Coordinates in f32 (f64 for an f64 grid). With "zeros", a non-finite coordinate samples
    0 (onnx's reference fails, PyTorch gives NaN but for "nearest").

    Composite: per spatial dim the grid's coordinate denormalized, clamped or reflected,
    its taps' indices and weights; per tap a `gawee.gather_elements` of the flattened
    input, weighted and summed in onnx's reference's order (the last dim innermost)."""

    name = "gawee.grid_sample"

    MODES: ClassVar[tuple[str, ...]] = ("linear", "nearest", "cubic")
    PADDING_MODES: ClassVar[tuple[str, ...]] = ("zeros", "border", "reflection")

    E: ClassVar = VarConstraint("E", FloatElement)
    G: ClassVar = VarConstraint("G", FloatElement)

    input = operand_def(static_tensor(E))
    grid = operand_def(static_tensor(G))
    output = result_def(static_tensor(E))

    align_corners = opt_attr_def(BoolAttr, attr_name="alignCorners", default_value=BoolAttr.from_bool(False))
    mode = opt_attr_def(StringAttr, default_value=StringAttr("linear"))
    padding_mode = opt_attr_def(StringAttr, attr_name="paddingMode", default_value=StringAttr("zeros"))

    assembly_format = (
        "$input `,` $grid (`mode` `=` $mode^)? (`paddingMode` `=` $paddingMode^)? "
        f"(`alignCorners` `=` $alignCorners^)? {ATTR_DICT_AND_TYPES}"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        grid: SSAValue | Operation,
        *,
        mode: str = "linear",
        padding_mode: str = "zeros",
        align_corners: bool = False,
    ):
        input, grid = SSAValue.get(input), SSAValue.get(grid)
        n, c, *_ = tensor_shape(input)
        attributes: dict[str, Attribute] = {}
        if mode != "linear":
            attributes["mode"] = StringAttr(mode)
        if padding_mode != "zeros":
            attributes["paddingMode"] = StringAttr(padding_mode)
        if align_corners:
            attributes["alignCorners"] = BoolAttr.from_bool(True)
        shape = (n, c, *tensor_shape(grid)[1:-1])
        super().__init__(
            operands=[input, grid], result_types=[tensor_like(input, shape)], attributes=attributes
        )

    @property
    def mode_name(self) -> str:
        return "linear" if self.mode is None else self.mode.data

    @property
    def padding_name(self) -> str:
        return "zeros" if self.padding_mode is None else self.padding_mode.data

    @property
    def aligned(self) -> bool:
        return self.align_corners is not None and bool(self.align_corners.value.data)

    def verify_(self) -> None:
        string_choice(self, "mode", self.mode_name, self.MODES)
        string_choice(self, "paddingMode", self.padding_name, self.PADDING_MODES)
        self.expect_rank("input", self.input, 3, at_least=True)
        n, c, *sizes = tensor_shape(self.input)
        grid = tensor_shape(self.grid)
        if len(grid) != len(sizes) + 2 or grid[0] != n or grid[-1] != len(sizes):
            raise self.fail(
                f"grid shape {list(grid)} must be [{n}, O1, ..., O{len(sizes)}, {len(sizes)}] for the input "
                f"shape {list(tensor_shape(self.input))}"
            )
        if 0 in sizes:
            raise self.fail(f"input spatial size {'x'.join(map(str, sizes))} must not be empty")
        self.expect_result_shape((n, c, *grid[1:-1]))

    def decompose(self, b: Composer) -> SSAValue:
        n, c, *sizes = tensor_shape(self.input)
        points = math.prod(tensor_shape(self.grid)[1:-1])
        coordinate = f64 if element_type(self.grid) == f64 else f32
        grid = self.grid if element_type(self.grid) == coordinate else b.emit(CastOp(self.grid, coordinate))
        sampler = _Sampler(b, coordinate, self.mode_name, self.padding_name, self.aligned)
        axes = [
            sampler.axis_taps(_grid_column(b, grid, len(sizes) - 1 - a, n, points), size)
            for a, size in enumerate(sizes)
        ]
        data = b.emit(ReshapeOp(self.input, (n, c, math.prod(sizes))))
        strides = [math.prod(sizes[a + 1 :]) for a in range(len(sizes))]
        sampled = sampler.interpolate(data, axes, strides, None)
        return b.emit(ReshapeOp(sampled, tensor_shape(self.output)))


def _grid_column(b: Composer, grid: SSAValue, column: int, n: int, points: int) -> SSAValue:
    """The grid's coordinate `column` at every point, as [N, 1, points]."""
    rank = len(tensor_shape(grid))
    picked = b.emit(SliceOp(grid, [column], [column + 1], [rank - 1], [1]))
    return b.emit(ReshapeOp(picked, (n, 1, points)))


@dataclass(frozen=True)
class _Tap:
    """One interpolation tap along one spatial dim: the i64 index it reads (within the
    dim) and its weight (None: 1), or its mask (zeros padding: where it is on the input)."""

    index: SSAValue
    weight: SSAValue | None
    on_input: SSAValue | None


@dataclass(frozen=True)
class _Sampler:
    """The steps of one grid_sample's decomposition, in `coordinate` (f32 or f64)."""

    b: Composer
    coordinate: Attribute
    mode: str
    padding: str
    aligned: bool

    def scalar(self, value: float) -> SSAValue:
        return self.b.scalar(value, self.coordinate)

    def emit(self, op: Operation) -> SSAValue:
        return self.b.emit(op)

    def axis_taps(self, normalized: SSAValue, size: int) -> list[_Tap]:
        """The taps along a dim of `size` of the points at `normalized` coordinates."""
        low, high = (0.0, size - 1.0) if self.aligned else (-0.5, size - 0.5)
        # onnx's reference: (n + 1) / 2 * (size - 1), or ((n + 1) * size - 1) / 2
        shifted = self.emit(AddOp(normalized, self.scalar(1.0)))
        if self.aligned:
            x = self.emit(MulOp(shifted, self.scalar(0.5)))
            x = x if size == 2 else self.emit(MulOp(x, self.scalar(size - 1.0)))
        else:
            scaled = self.emit(SubOp(self.emit(MulOp(shifted, self.scalar(float(size)))), self.scalar(1.0)))
            x = self.emit(MulOp(scaled, self.scalar(0.5)))
        if self.mode == "nearest":
            x = self.emit(RoundOp(x))
        if self.padding == "border" and (self.aligned or self.mode == "nearest"):
            x = self.clamped(x, size)  # (the same: no integer lies in [-0.5, 0) or (size - 1, size - 0.5])
        elif self.padding != "zeros":
            outside = self.emit(
                OrOp(self.emit(LessOp(x, self.scalar(low))), self.emit(GreaterOp(x, self.scalar(high))))
            )
            inside = self.clamped(x, size) if self.padding == "border" else self.reflected(x, low, high)
            x = self.emit(WhereOp(outside, inside, x))
        if self.mode == "nearest":
            return [self.tap(x, None, size, low, high)]
        first = self.emit(FloorOp(x))
        t = self.emit(SubOp(x, first))
        if self.mode == "linear":
            offsets, weights = (0, 1), [self.emit(SubOp(self.scalar(1.0), t)), t]
        else:
            offsets, weights = (-1, 0, 1, 2), self.cubic_weights(t)
        return [
            self.tap(first if k == 0 else self.emit(AddOp(first, self.scalar(float(k)))), w, size, low, high)
            for k, w in zip(offsets, weights)
        ]

    def tap(self, index: SSAValue, weight: SSAValue | None, size: int, low: float, high: float) -> _Tap:
        """A tap at the (integral) float `index`, brought onto the input by the padding mode."""
        on_input = None
        if self.mode == "nearest" and self.padding != "zeros":
            # the point, an integer, is on the input already (clamped, or reflected within
            # the borders, which no integer passes)
            return _Tap(self.emit(CastOp(index, i64)), weight, on_input)
        if self.padding == "zeros":
            on_input = self.emit(
                AndOp(
                    self.emit(GreaterOp(index, self.scalar(-1.0))),
                    self.emit(LessOp(index, self.scalar(float(size)))),
                )
            )
            # a safe address (0) off the input, NaN and +-inf included: its value is masked
            index = self.emit(WhereOp(on_input, index, self.scalar(0.0)))
        else:
            if self.padding == "reflection":
                index = self.reflected(index, low, high)
            index = self.clamped(index, size)
        return _Tap(self.emit(CastOp(index, i64)), weight, on_input)

    def clamped(self, x: SSAValue, size: int) -> SSAValue:
        return self.emit(MinOp([self.emit(MaxOp([x, self.scalar(0.0)])), self.scalar(size - 1.0)]))

    def reflected(self, x: SSAValue, low: float, high: float) -> SSAValue:
        """x reflected at `low` and `high` until within them: low + span - |(x - low) mod
        2 span - span| (onnx's reference's repeated reflection, in closed form); `low`
        where the span is 0 (one pixel, aligned corners)."""
        span = high - low
        if span == 0:
            return self.emit(MulOp(x, self.scalar(0.0)))
        u = self.emit(SubOp(x, self.scalar(low)))
        periods = self.emit(FloorOp(self.emit(MulOp(u, self.scalar(1 / (2 * span))))))
        folded = self.emit(SubOp(u, self.emit(MulOp(periods, self.scalar(2 * span)))))
        distance = self.emit(AbsOp(self.emit(SubOp(folded, self.scalar(span)))))
        return self.emit(SubOp(self.scalar(low + span), distance))

    def cubic_weights(self, t: SSAValue) -> list[SSAValue]:
        """Keys' cubic convolution weights of the taps at -1, 0, 1 and 2 from the point's
        fraction t in [0, 1) (onnx's reference's forms)."""
        a = CUBIC_ALPHA

        def outer(d: SSAValue) -> SSAValue:  # ((a d - 5a) d + 8a) d - 4a, for d in [1, 2]
            inner = self.emit(SubOp(self.emit(MulOp(d, self.scalar(a))), self.scalar(5 * a)))
            inner = self.emit(AddOp(self.emit(MulOp(inner, d)), self.scalar(8 * a)))
            return self.emit(SubOp(self.emit(MulOp(inner, d)), self.scalar(4 * a)))

        def near(d: SSAValue) -> SSAValue:  # ((a + 2) d - (a + 3)) d d + 1, for d in [0, 1]
            inner = self.emit(SubOp(self.emit(MulOp(d, self.scalar(a + 2))), self.scalar(a + 3)))
            return self.emit(AddOp(self.emit(MulOp(self.emit(MulOp(inner, d)), d)), self.scalar(1.0)))

        one_minus = self.emit(SubOp(self.scalar(1.0), t))
        return [
            outer(self.emit(AddOp(t, self.scalar(1.0)))),
            near(t),
            near(one_minus),
            outer(self.emit(SubOp(self.scalar(2.0), t))),
        ]

    def interpolate(
        self, data: SSAValue, axes: Sequence[list[_Tap]], strides: Sequence[int], offset: SSAValue | None
    ) -> SSAValue:
        """The weighted sum over the taps of the first of `axes` of the interpolation
        over the others (the last innermost, as onnx's reference nests it); `offset`: the
        flat index the outer taps have addressed so far."""
        if not axes:
            assert offset is not None
            n, c, _ = tensor_shape(data)
            indices = offset if c == 1 else self.emit(ExpandOp(offset, (n, c, tensor_shape(offset)[-1])))
            return self.emit(GatherElementsOp(data, indices, axis=2))
        element = element_type(data)
        total: SSAValue | None = None
        for tap in axes[0]:
            index = tap.index
            if strides[0] != 1:
                index = self.emit(MulOp(index, self.b.scalar(strides[0], i64)))
            if offset is not None:
                index = self.emit(AddOp(offset, index))
            value = self.interpolate(data, axes[1:], strides[1:], index)
            if tap.weight is not None:
                weight = tap.weight if element == self.coordinate else self.emit(CastOp(tap.weight, element))
                value = self.emit(MulOp(value, weight))
            if tap.on_input is not None:
                value = self.emit(WhereOp(tap.on_input, value, self.b.scalar(0.0, element)))
            total = value if total is None else self.emit(AddOp(total, value))
        assert total is not None
        return total


def affine_base_grid(sizes: Sequence[int], aligned: bool) -> np.ndarray:
    """The normalized coordinates of every pixel of an image of spatial `sizes`, with a 1
    appended: [prod(sizes), k + 1], the last dim's coordinate first (x, y, ..., 1), as
    onnx's reference builds them (-1 and 1 the corner pixels' centres with `aligned`, their
    outer edges without)."""
    axes = []
    for size in sizes:
        if aligned:
            axes.append(np.linspace(-1.0, 1.0, size) if size > 1 else np.array([-1.0]))
        else:
            axes.append((np.arange(size) * 2.0 + 1.0) / size - 1.0)
    mesh = np.meshgrid(*axes, indexing="ij")
    columns = [mesh[a].reshape(-1) for a in reversed(range(len(sizes)))]
    return np.stack([*columns, np.ones(math.prod(sizes))], axis=1)


@gawee_op_definition
class AffineGridOp(GaweeOperation):
    """The sampling grid [N, D1, ..., Dk, k] of the affine transforms `theta` [N, k, k + 1]
    (ONNX AffineGrid, k = 2 or 3): each pixel's normalized coordinates (x, y, ...; -1 and
    1 the corner pixels' centres with `alignCorners`, their outer edges without), with a
    1 appended, times theta's matrix. The spatial sizes are the result's.

    Composite: the pixels' coordinates a constant [D1 * ... * Dk, k + 1], a `gawee.matmul`
    with theta transposed, reshaped."""

    name = "gawee.affine_grid"

    E: ClassVar = VarConstraint("E", FloatElement)

    theta = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    align_corners = opt_attr_def(BoolAttr, attr_name="alignCorners", default_value=BoolAttr.from_bool(False))

    assembly_format = f"$theta (`alignCorners` `=` $alignCorners^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, theta: SSAValue | Operation, sizes: Sequence[int], *, align_corners: bool = False):
        """`sizes`: the image's spatial sizes (ONNX's size input without N and C)."""
        theta = SSAValue.get(theta)
        n, k, _ = tensor_shape(theta)
        attributes = {"alignCorners": BoolAttr.from_bool(True)} if align_corners else {}
        result = TensorType(element_type(theta), (n, *sizes, k))
        super().__init__(operands=[theta], result_types=[result], attributes=attributes)

    @property
    def aligned(self) -> bool:
        return self.align_corners is not None and bool(self.align_corners.value.data)

    def verify_(self) -> None:
        self.expect_rank("theta", self.theta, 3)
        n, k, homogeneous = tensor_shape(self.theta)
        if k not in (2, 3) or homogeneous != k + 1:
            raise self.fail(f"theta shape {list(tensor_shape(self.theta))} must be [N, 2, 3] or [N, 3, 4]")
        result = tensor_shape(self.output)
        if len(result) != k + 2 or result[0] != n or result[-1] != k:
            raise self.fail(
                f"result shape {list(result)} must be [{n}, D1, ..., D{k}, {k}] for theta [{n}, {k}, {k + 1}]"
            )
        if 0 in result:
            raise self.fail(f"result shape {list(result)} must not be empty")

    def decompose(self, b: Composer) -> SSAValue:
        n, *sizes, k = tensor_shape(self.output)
        base = affine_base_grid(sizes, self.aligned)
        pixels = b.constant(base, element_type(self.theta))
        transposed = b.emit(TransposeOp(self.theta, (0, 2, 1)))
        return b.emit(ReshapeOp(b.emit(MatMulOp(pixels, transposed)), (n, *sizes, k)))

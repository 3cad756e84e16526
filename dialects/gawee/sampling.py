"""Sampling an image at the points of a grid (ONNX GridSample), and the grid of an
affine transform (ONNX AffineGrid): composite ops over the spatial dims of
[N, C, D1, ..., Dk], built from gathers of the input at each interpolation tap and from
a matrix product of the transform with the image's normalized pixel coordinates."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
from xdsl.dialects.builtin import BoolAttr, Float64Type, FloatAttr, StringAttr, TensorType, f32, f64, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import VarConstraint, attr_def, operand_def, opt_attr_def, result_def

from nnstack.dialects.constraints import FloatElement, I64Array, static_tensor
from nnstack.dialects.gawee.base import GaweeOperation, gawee_op_definition
from nnstack.dialects.gawee.elementwise import (
    AbsOp,
    AddOp,
    CeilOp,
    DivOp,
    FloorOp,
    MaxOp,
    MinOp,
    MulOp,
    RoundOp,
    SubOp,
)
from nnstack.dialects.gawee.logic import (
    AndOp,
    CastOp,
    GreaterEqualOp,
    GreaterOp,
    LessEqualOp,
    LessOp,
    OrOp,
    WhereOp,
)
from nnstack.dialects.gawee.movement import ExpandOp, GatherElementsOp, GatherOp, SliceOp
from nnstack.dialects.gawee.nn import MatMulOp
from nnstack.dialects.gawee.reduce import ReduceMaxOp
from nnstack.dialects.gawee.selection import string_choice
from nnstack.dialects.gawee.shape import ReshapeOp, TransposeOp
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    element_type,
    i64_array,
    keywords,
    tensor_like,
    tensor_shape,
)

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = ["AffineGridOp", "GridSampleOp", "MaxRoiPoolOp", "affine_base_grid"]

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


@gawee_op_definition
class MaxRoiPoolOp(GaweeOperation):
    """Max pooling of the input [N, C, H, W] over regions of interest (ONNX MaxRoiPool,
    Fast R-CNN's RoI pooling; torchvision's roi_pool): `rois` [R, 5] holds per region its
    batch index and its corners x1, y1, x2, y2 in the input's scale times
    `spatialScale`; the result [R, C, pH, pW] (`pooledShape`) holds, for each region, the
    maximum of each of its pH x pW bins, 0 for a bin outside the input.

    As ONNX Runtime computes it: the corners rounded half away from zero, the region at
    least 1 x 1 ([y1, y2] inclusive), bin i of a side of length L covering
    [floor(i L / p), ceil((i + 1) L / p)) from the region's start, clipped to the input.
    Differences: NaN propagates (ONNX Runtime skips it) and a bin of -inf gives -inf
    (ONNX Runtime: the lowest finite value).

    Composite: per side the bins' bounds and a mask of the positions each bin covers;
    the region's input (`gawee.gather` of its batch) masked to -inf outside a bin and
    reduced with `gawee.reduce_max`, first along W, then along H."""

    name = "gawee.max_roi_pool"

    ONNX_OPERATOR: ClassVar = "MaxRoiPool"

    E: ClassVar = VarConstraint("E", FloatElement)

    input = operand_def(static_tensor(E))
    rois = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    pooled_shape = attr_def(I64Array, attr_name="pooledShape")
    spatial_scale = opt_attr_def(
        FloatAttr[Float64Type], attr_name="spatialScale", default_value=FloatAttr(1.0, f64)
    )

    assembly_format = f"$input `,` $rois {keywords('pooledShape')} (`spatialScale` `=` $spatialScale^)? {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        rois: SSAValue | Operation,
        *,
        pooled_shape: Sequence[int],
        spatial_scale: float = 1.0,
    ):
        input, rois = SSAValue.get(input), SSAValue.get(rois)
        attributes: dict[str, Attribute] = {"pooledShape": i64_array(pooled_shape)}
        if spatial_scale != 1.0:
            attributes["spatialScale"] = FloatAttr(spatial_scale, f64)
        shape = (tensor_shape(rois)[0], tensor_shape(input)[1], *pooled_shape)
        super().__init__(
            operands=[input, rois], result_types=[tensor_like(input, shape)], attributes=attributes
        )

    @property
    def scale(self) -> float:
        return 1.0 if self.spatial_scale is None else self.spatial_scale.value.data

    def operand_domain(self, index: int) -> Callable[[np.random.Generator], np.ndarray] | None:
        """The boxes: a batch index in [0, N) (ONNX Runtime rejects others) and corners
        in quarters (ties of the rounding among them) from a little before the input to
        a little past it."""
        if index != 1:
            return None
        n, _, h, w = tensor_shape(self.input)
        regions = tensor_shape(self.rois)[0]
        extent = np.array([w, h, w, h]) / self.scale

        def boxes(rng: np.random.Generator) -> np.ndarray:
            batch = rng.integers(0, n, (regions, 1))
            corners = np.round(rng.uniform(-1.0, extent + 1.0, (regions, 4)) * 4) / 4
            return np.concatenate([batch, corners], axis=1)

        return boxes

    def verify_(self) -> None:
        self.expect_rank("input", self.input, 4)
        self.expect_rank("rois", self.rois, 2)
        n, c, h, w = tensor_shape(self.input)
        regions, corners = tensor_shape(self.rois)
        if corners != 5:
            raise self.fail(f"rois shape {[regions, corners]} must be [R, 5] (batch index, x1, y1, x2, y2)")
        pooled = self.array("pooledShape")
        self.expect_length("pooledShape", pooled, 2)
        self.expect_positive("pooledShape", pooled)
        if not (math.isfinite(self.scale) and self.scale > 0):
            raise self.fail(f"spatialScale must be finite and > 0, got {self.scale}")
        self.expect_nonempty_window_input(h, w)
        self.expect_result_shape((regions, c, *pooled))

    def decompose(self, b: Composer) -> SSAValue:
        e = element_type(self.input)
        _, c, h, w = tensor_shape(self.input)
        regions = tensor_shape(self.rois)[0]
        pooled_h, pooled_w = self.array("pooledShape")
        data_type, e = e, f64 if e == f64 else f32  # the bounds in f32 for f16 and bf16 data
        rois = self.rois if element_type(self.rois) == e else b.emit(CastOp(self.rois, e))

        def column(k: int) -> SSAValue:  # [R]
            return b.emit(GatherOp(rois, b.constant(np.array(k)), axis=1))

        def corner(k: int) -> SSAValue:  # the corner scaled, rounded half away from zero
            scaled = column(k) if self.scale == 1.0 else b.emit(MulOp(column(k), b.scalar(self.scale, e)))
            up = b.emit(FloorOp(b.emit(AddOp(scaled, b.scalar(0.5, e)))))
            down = b.emit(CeilOp(b.emit(SubOp(scaled, b.scalar(0.5, e)))))
            return b.emit(WhereOp(b.emit(GreaterEqualOp(scaled, b.scalar(0.0, e))), up, down))

        def bins(
            start: SSAValue, end: SSAValue, pooled: int, size: int
        ) -> tuple[SSAValue, SSAValue, SSAValue]:
            """Each region's bins along one side: the mask [R, pooled, size] of the
            positions each covers, and its clipped bounds [R, pooled]."""
            length = b.emit(
                MaxOp([b.emit(AddOp(b.emit(SubOp(end, start)), b.scalar(1.0, e))), b.scalar(1.0, e)])
            )
            step = b.emit(ReshapeOp(b.emit(DivOp(length, b.scalar(float(pooled), e))), (regions, 1)))
            first = b.constant(np.arange(pooled), e)
            offset = b.emit(ReshapeOp(start, (regions, 1)))

            def bound(index: SSAValue, rounding: type[FloorOp | CeilOp]) -> SSAValue:
                at = b.emit(AddOp(b.emit(rounding(b.emit(MulOp(step, index)))), offset))
                return b.emit(MinOp([b.emit(MaxOp([at, b.scalar(0.0, e)])), b.scalar(float(size), e)]))

            low = bound(first, FloorOp)
            high = bound(b.emit(AddOp(first, b.scalar(1.0, e))), CeilOp)
            positions = b.constant(np.arange(size), e)
            inside = AndOp(
                b.emit(GreaterEqualOp(positions, b.emit(ReshapeOp(low, (regions, pooled, 1))))),
                b.emit(LessOp(positions, b.emit(ReshapeOp(high, (regions, pooled, 1))))),
            )
            return b.emit(inside), low, high

        x1, y1, x2, y2 = (corner(k) for k in (1, 2, 3, 4))
        rows, top, bottom = bins(y1, y2, pooled_h, h)
        columns, left, right = bins(x1, x2, pooled_w, w)
        batch = b.emit(CastOp(column(0), i64))
        data = b.emit(ReshapeOp(b.emit(GatherOp(self.input, batch, axis=0)), (regions, c, h, 1, w)))
        lowest = b.scalar(-math.inf, data_type)
        # along W: [R, C, H, pW, W] -> [R, C, H, pW]; then along H: [R, C, pH, H, pW] -> [R, C, pH, pW]
        masked = WhereOp(b.emit(ReshapeOp(columns, (regions, 1, 1, pooled_w, w))), data, lowest)
        across = b.emit(ReduceMaxOp(b.emit(masked), [4], keep_dims=False))
        across = b.emit(ReshapeOp(across, (regions, c, 1, h, pooled_w)))
        masked = WhereOp(b.emit(ReshapeOp(rows, (regions, 1, pooled_h, h, 1))), across, lowest)
        pooled = b.emit(ReduceMaxOp(b.emit(masked), [3], keep_dims=False))
        empty = OrOp(
            b.emit(ReshapeOp(b.emit(LessEqualOp(bottom, top)), (regions, 1, pooled_h, 1))),
            b.emit(ReshapeOp(b.emit(LessEqualOp(right, left)), (regions, 1, 1, pooled_w))),
        )
        return b.emit(WhereOp(b.emit(empty), b.scalar(0.0, data_type), pooled))

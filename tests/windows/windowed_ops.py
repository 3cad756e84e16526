"""The windowed gawee ops (conv, max_pool, average_pool, ad_avg_pool) as one-op
programs, run at every level and compared with torch.

A program is written in gawee's generic form with the result type torch computes,
so a shape rule that disagrees with torch fails verification. It then runs in the
gawee interpreter, after convert-gawee-to-linalg and after convert-gawee-to-mir (the
passes are looked up by name), and every level is compared with torch's numbers.

torch has no asymmetric padding: the reference pads the input itself (zeros for
conv, -inf for max pooling, which a window never picks over a real element) and
then pools without padding. In ceil mode, PyTorch drops a last window that would
start inside the end padding; on the pre-padded input torch cannot see where the
real input ends, so the reference drops those windows afterwards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F
from generic_ir import array_text, one_op_function, tensor_text
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.universe import Universe

from nnstack.interpreters import make_context, parse_module, run

LEVELS = ("gawee", "convert-gawee-to-linalg", "convert-gawee-to-mir")
"""Where each program runs: as written, and after each lowering of gawee."""

ATOL = 1e-4
"""Absolute f32 error allowed for O(1) data (the sums are short)."""


def swap(pair: Sequence[int]) -> tuple[int, int]:
    return (pair[1], pair[0])


def swap_shape(shape: Sequence[int]) -> tuple[int, int, int, int]:
    """[N, C, H, W] -> [N, C, W, H]."""
    return (shape[0], shape[1], shape[3], shape[2])


def swap_padding(padding: Sequence[int]) -> tuple[int, ...]:
    """The padding of the transposed input: H and W values exchanged."""
    if len(padding) == 2:
        return swap(padding)
    top, left, bottom, right = padding
    return (left, top, right, bottom)


def padding4(padding: Sequence[int]) -> tuple[int, int, int, int]:
    """[pH, pW] or [top, left, bottom, right] as (top, left, bottom, right)."""
    if len(padding) == 2:
        return (padding[0], padding[1], padding[0], padding[1])
    return (padding[0], padding[1], padding[2], padding[3])


# ---------------------------------------------------------------------------
# torch references
# ---------------------------------------------------------------------------


def _tensor(array: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(array))


def torch_conv(
    x: np.ndarray,
    w: np.ndarray,
    b: np.ndarray | None,
    strides: Sequence[int],
    padding: Sequence[int],
    dilation: Sequence[int],
    groups: int,
) -> np.ndarray:
    top, left, bottom, right = padding4(padding)
    padded = F.pad(_tensor(x), (left, right, top, bottom))
    bias = _tensor(b) if b is not None else None
    return F.conv2d(
        padded, _tensor(w), bias, stride=tuple(strides), dilation=tuple(dilation), groups=groups
    ).numpy()


def torch_max_pool(
    x: np.ndarray,
    kernel: Sequence[int],
    strides: Sequence[int],
    padding: Sequence[int],
    dilation: Sequence[int],
    ceil_mode: bool,
) -> np.ndarray:
    top, left, bottom, right = padding4(padding)
    if (top, left) == (bottom, right):
        pooled = F.max_pool2d(
            _tensor(x), tuple(kernel), tuple(strides), (top, left), tuple(dilation), ceil_mode
        )
        return pooled.numpy()
    padded = F.pad(_tensor(x), (left, right, top, bottom), value=-math.inf)
    pooled = F.max_pool2d(padded, tuple(kernel), tuple(strides), 0, tuple(dilation), ceil_mode).numpy()
    h, w = x.shape[2:]
    keep_h = sum(1 for o in range(pooled.shape[2]) if o * strides[0] < top + h)
    keep_w = sum(1 for o in range(pooled.shape[3]) if o * strides[1] < left + w)
    return pooled[:, :, :keep_h, :keep_w]


def torch_average_pool(
    x: np.ndarray,
    kernel: Sequence[int],
    strides: Sequence[int],
    padding: Sequence[int],
    ceil_mode: bool,
    count_include_pad: bool,
) -> np.ndarray:
    """avg_pool2d (symmetric padding of at most half the kernel, no dilation)."""
    return F.avg_pool2d(
        _tensor(x), tuple(kernel), tuple(strides), tuple(padding), ceil_mode, count_include_pad
    ).numpy()


def torch_ad_avg_pool(x: np.ndarray, output_size: Sequence[int]) -> np.ndarray:
    return F.adaptive_avg_pool2d(_tensor(x), tuple(output_size)).numpy()


# ---------------------------------------------------------------------------
# Programs
# ---------------------------------------------------------------------------


def one_op_program(
    op_name: str,
    operand_shapes: Sequence[Sequence[int]],
    attributes: dict[str, str],
    result_shape: Sequence[int],
) -> str:
    """`@main` returning the one f32 op `op_name`, in generic form."""
    return one_op_function(
        op_name, [tensor_text(s) for s in operand_shapes], attributes, [tensor_text(result_shape)]
    )


@dataclass(frozen=True)
class Conv:
    """gawee.conv of x [N, C, H, W] with w [F, C/groups, KH, KW] (and a bias [F])."""

    x_shape: tuple[int, int, int, int]
    w_shape: tuple[int, int, int, int]
    strides: tuple[int, int] = (1, 1)
    padding: tuple[int, ...] = (0, 0)
    dilation: tuple[int, int] = (1, 1)
    groups: int = 1
    bias: bool = False

    def inputs(self, rng: np.random.Generator) -> list[np.ndarray]:
        fan_in = math.prod(self.w_shape[1:])
        arrays = [
            rng.standard_normal(self.x_shape).astype(np.float32),
            (rng.standard_normal(self.w_shape) / math.sqrt(fan_in)).astype(np.float32),
        ]
        if self.bias:
            arrays.append(rng.standard_normal(self.w_shape[0]).astype(np.float32))
        return arrays

    def transposed(self) -> Conv:
        """The same conv on the transposed input: every H parameter swapped with its W one."""
        return Conv(
            swap_shape(self.x_shape),
            swap_shape(self.w_shape),
            swap(self.strides),
            swap_padding(self.padding),
            swap(self.dilation),
            self.groups,
            self.bias,
        )

    def reference(self, arrays: Sequence[np.ndarray]) -> np.ndarray:
        b = arrays[2] if self.bias else None
        return torch_conv(arrays[0], arrays[1], b, self.strides, self.padding, self.dilation, self.groups)

    def program(self, result_shape: Sequence[int]) -> str:
        attributes = {
            "strides": array_text(self.strides),
            "padding": array_text(self.padding),
            "dilation": array_text(self.dilation),
        }
        if self.groups != 1:
            attributes["groups"] = f"{self.groups} : i64"
        shapes = [self.x_shape, self.w_shape] + ([(self.w_shape[0],)] if self.bias else [])
        return one_op_program("gawee.conv", shapes, attributes, result_shape)


@dataclass(frozen=True)
class MaxPool:
    """gawee.max_pool of x [N, C, H, W]."""

    x_shape: tuple[int, int, int, int]
    kernel: tuple[int, int]
    strides: tuple[int, int]
    padding: tuple[int, ...] = (0, 0)
    dilation: tuple[int, int] = (1, 1)
    ceil_mode: bool = False

    def inputs(self, rng: np.random.Generator) -> list[np.ndarray]:
        return [rng.standard_normal(self.x_shape).astype(np.float32)]

    def transposed(self) -> MaxPool:
        return MaxPool(
            swap_shape(self.x_shape),
            swap(self.kernel),
            swap(self.strides),
            swap_padding(self.padding),
            swap(self.dilation),
            self.ceil_mode,
        )

    def reference(self, arrays: Sequence[np.ndarray]) -> np.ndarray:
        return torch_max_pool(
            arrays[0], self.kernel, self.strides, self.padding, self.dilation, self.ceil_mode
        )

    def program(self, result_shape: Sequence[int]) -> str:
        attributes = {
            "kernelSize": array_text(self.kernel),
            "strides": array_text(self.strides),
            "padding": array_text(self.padding),
            "dilation": array_text(self.dilation),
            "ceilMode": "true" if self.ceil_mode else "false",
        }
        return one_op_program("gawee.max_pool", [self.x_shape], attributes, result_shape)


@dataclass(frozen=True)
class AveragePool:
    """gawee.average_pool of x [N, C, H, W] with symmetric padding [pH, pW] (as torch has it)."""

    x_shape: tuple[int, int, int, int]
    kernel: tuple[int, int]
    strides: tuple[int, int]
    padding: tuple[int, int] = (0, 0)
    ceil_mode: bool = False
    count_include_pad: bool = False

    def inputs(self, rng: np.random.Generator) -> list[np.ndarray]:
        return [rng.standard_normal(self.x_shape).astype(np.float32)]

    def transposed(self) -> AveragePool:
        return AveragePool(
            swap_shape(self.x_shape),
            swap(self.kernel),
            swap(self.strides),
            swap(self.padding),
            self.ceil_mode,
            self.count_include_pad,
        )

    def reference(self, arrays: Sequence[np.ndarray]) -> np.ndarray:
        return torch_average_pool(
            arrays[0], self.kernel, self.strides, self.padding, self.ceil_mode, self.count_include_pad
        )

    def program(self, result_shape: Sequence[int]) -> str:
        attributes = {
            "kernelSize": array_text(self.kernel),
            "strides": array_text(self.strides),
            "padding": array_text(self.padding),
            "ceilMode": "true" if self.ceil_mode else "false",
            "countIncludePad": "true" if self.count_include_pad else "false",
        }
        return one_op_program("gawee.average_pool", [self.x_shape], attributes, result_shape)


@dataclass(frozen=True)
class AdAvgPool:
    """gawee.ad_avg_pool of x [N, C, H, W] to [oH, oW]."""

    x_shape: tuple[int, int, int, int]
    output_size: tuple[int, int]

    def inputs(self, rng: np.random.Generator) -> list[np.ndarray]:
        return [rng.standard_normal(self.x_shape).astype(np.float32)]

    def transposed(self) -> AdAvgPool:
        return AdAvgPool(swap_shape(self.x_shape), swap(self.output_size))

    def reference(self, arrays: Sequence[np.ndarray]) -> np.ndarray:
        return torch_ad_avg_pool(arrays[0], self.output_size)

    def program(self, result_shape: Sequence[int]) -> str:
        attributes = {"outputSize": array_text(self.output_size)}
        return one_op_program("gawee.ad_avg_pool", [self.x_shape], attributes, result_shape)


WindowedOp = Conv | MaxPool | AveragePool | AdAvgPool


def lower(module: ModuleOp, pass_name: str) -> ModuleOp:
    lowered = module.clone()
    passes = Universe.get_multiverse().all_passes
    PassPipeline.parse_spec(passes, pass_name).apply(make_context(), lowered)
    lowered.verify()
    assert not any(op.dialect_name() == "gawee" for op in lowered.walk())
    return lowered


def check_every_level(op: WindowedOp, seed: int = 0) -> None:
    """Runs `op` on random inputs at every level; each result must equal torch's."""
    arrays = op.inputs(np.random.default_rng(seed))
    want = op.reference(arrays)
    assert want.size > 0, "torch gives an empty result: not a useful case"
    module = parse_module(op.program(want.shape))
    for level in LEVELS:
        program = module if level == "gawee" else lower(module, level)
        (got,) = run(program, "main", *arrays)
        assert got.shape == want.shape, f"{level}: shape {got.shape}, torch {want.shape}"
        np.testing.assert_allclose(got, want, rtol=0, atol=ATOL, err_msg=f"at level {level}")

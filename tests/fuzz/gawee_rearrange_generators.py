"""The fuzz generators of reverse_sequence, col2im and det (drawn by one entry of
gawee_programs.py's `GENERATORS`, `rearrange`), in the manner of gawee_generators.py."""

from __future__ import annotations

import math

from fuzz.gawee_builder import ProgramBuilder, _is_float
from xdsl.dialects.builtin import i64
from xdsl.ir import SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import NUMERIC_TYPES
from nnstack.dialects.utils import element_type, tensor_shape


def reverse_sequence(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """The lengths a random i64 argument (-4..4: negative, partial and past the time dim)."""
    shape = tensor_shape(x)
    if len(shape) < 2 or 0 in shape:
        return None
    time = int(b.rng.integers(2))
    lens = b.argument((shape[1 - time],), i64)
    return b.append(gawee.ReverseSequenceOp(x, lens, time, 1 - time))


def col2im(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """x [N, C * K, L] (another rank reshaped to [1, *, last dim]) as the blocks of a 1-D
    image, or of a 2-D one where L factors: blocks of 1-3 taps per dim (K dividing dim
    1), strides and dilations 1-2, pads 0-1."""
    shape = tensor_shape(x)
    if not shape or 0 in shape or element_type(x) not in NUMERIC_TYPES:
        return None
    if len(shape) != 3:
        x = b.add(gawee.ReshapeOp(x, (1, math.prod(shape[:-1]), shape[-1])))
    _, channels, length = tensor_shape(x)
    factors = [f for f in range(2, length) if length % f == 0]
    counts = [length] if not factors or b.rng.random() < 0.5 else [b.choice(factors), 0]
    if len(counts) == 2:
        counts[1] = length // counts[0]
    block = [int(b.rng.integers(1, 4)) for _ in counts]
    if channels % (block[0] * (block[1] if len(block) == 2 else 1)):
        block = [1] * len(counts)
    strides, dilation = ([int(b.rng.integers(1, 3)) for _ in counts] for _ in range(2))
    padding = [int(b.rng.integers(0, 2)) for _ in range(2 * len(counts))]
    rank = len(counts)
    image = [
        (counts[d] - 1) * strides[d] + dilation[d] * (block[d] - 1) + 1 - padding[d] - padding[rank + d]
        for d in range(rank)
    ]
    if min(image) < 1:
        return None
    return b.append(gawee.Col2ImOp(x, image, block, strides, padding, dilation))


def det(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """det of x's matrices, sliced square (the last two dims cut to the smaller)."""
    shape = tensor_shape(x)
    if not _is_float(x) or len(shape) < 2 or 0 in shape:
        return None
    m = min(shape[-2:])
    if shape[-1] != shape[-2]:
        x = b.add(gawee.SliceOp(x, [0, 0], [m, m], [-2, -1], [1, 1]))
    return b.append(gawee.DetOp(x))


def rearrange(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """One of reverse_sequence, col2im and det."""
    return b.choice((reverse_sequence, col2im, det))(b, x)

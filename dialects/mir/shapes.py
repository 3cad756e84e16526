"""The shape rules of the mir ops, shared by the verifiers, the builders, the
interpreter and the lowerings."""

from __future__ import annotations

from collections.abc import Sequence

from nnstack.dialects.utils import matmul_shape as numpy_matmul_shape


def slice_length(start: int, end: int, stride: int) -> int:
    """Number of positions start, start+stride, ... strictly before `end`."""
    if stride > 0:
        return max(0, -(-(end - start) // stride))
    return max(0, -(-(start - end) // -stride))


def matmul_shape(lhs: Sequence[int], rhs: Sequence[int]) -> tuple[int, ...] | None:
    """[..., M, K] x [..., K, N] -> [..., M, N] with broadcast batch dims, or None: numpy's
    rule (`utils.matmul_shape`) without its 1-D forms, which mir.matmul does not take."""
    if len(lhs) < 2 or len(rhs) < 2:
        return None
    return numpy_matmul_shape(lhs, rhs)

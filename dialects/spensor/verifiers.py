"""Verifier helpers shared by the spensor and ndspensor ops."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.spensor.types import constant_int

__all__ = [
    "constant_operand",
    "verify_in_range",
    "verify_memory_name",
    "verify_one_per_axis",
    "verify_result_type",
]


def constant_operand(op: Operation, name: str, value: SSAValue) -> int:
    """A compile-time operand of `op`: it must be defined by an integer `arith.constant`."""
    result = constant_int(value)
    if result is None:
        raise VerifyException(f"{op.name}: operand '{name}' must be defined by an index arith.constant")
    return result


def verify_result_type(op: Operation, result: SSAValue, expected: Attribute, why: str = "") -> None:
    if result.type != expected:
        because = f" ({why})" if why else ""
        raise VerifyException(
            f"{op.name}: result type {result.type} does not match the expected {expected}{because}"
        )


def verify_one_per_axis(op: Operation, name: str, values: Sequence[int], rank: int, of: str) -> None:
    """Property `name` of `op` must have one entry per axis of the `of` (rank `rank`)."""
    if len(values) != rank:
        raise VerifyException(f"{op.name}: {name} has {len(values)} entries for a {of} of rank {rank}")


def verify_in_range(op: Operation, name: str, value: int, size: int) -> None:
    if not 0 <= value < size:
        raise VerifyException(f"{op.name}: {name} = {value} is out of range [0, {size})")


def verify_memory_name(op: Operation, memory_name: StringAttr, level: str) -> None:
    """The memory level the result of `op` lives in must be the one its `memory_name` names."""
    if level != memory_name.data:
        raise VerifyException(
            f'{op.name}: result memory "{level}" differs from memory_name "{memory_name.data}"'
        )

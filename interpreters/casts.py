"""ONNX Cast's conversions to the small element types on numpy arrays (ml_dtypes'
dtypes): an 8-bit float that saturates, a power of two (f8E8M0FNU) rounded as
ONNX's `round_mode` says. The gawee interpreter's `gawee.cast` kernel; the lowering
to linalg computes the same in arith ops (docs/small-types.md)."""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np

from nnstack.dialects.values import SMALL_FLOAT_DTYPES, SMALL_INTEGER_DTYPES, is_float

E8M0: np.dtype[Any] = np.dtype(ml_dtypes.float8_e8m0fnu)
FLOAT8: tuple[np.dtype[Any], ...] = tuple(
    np.dtype(t)
    for t in (
        ml_dtypes.float8_e4m3fn,
        ml_dtypes.float8_e4m3fnuz,
        ml_dtypes.float8_e5m2,
        ml_dtypes.float8_e5m2fnuz,
    )
)
SMALL: tuple[np.dtype[Any], ...] = (*SMALL_FLOAT_DTYPES.values(), *SMALL_INTEGER_DTYPES.values())


def to_e8m0(x: np.ndarray, saturate: bool, round_mode: str) -> np.ndarray:
    """The power of two of each |x| (f32) as f8E8M0FNU's exponent byte: f32's exponent
    field, plus one where `round_mode` rounds up ("up": any mantissa bit; "nearest":
    the top mantissa bit and any other, or a normal exponent; "down": never); NaN and
    infinities become NaN (0xFF), and so does a round up from 2^127 unless `saturate`."""
    bits = np.ascontiguousarray(x, np.float32).view(np.uint32)
    exponent = ((bits >> 23) & 0xFF).astype(np.uint16)
    mantissa = bits & 0x7FFFFF
    if round_mode == "up":
        up = mantissa != 0
    elif round_mode == "nearest":
        up = ((mantissa & 0x400000) != 0) & (((mantissa & 0x3FFFFF) != 0) | (exponent > 0))
    else:
        up = np.zeros(exponent.shape, bool)
    special = exponent == 0xFF
    up &= ~special
    if saturate:
        up &= exponent != 0xFE
    return (exponent + up).astype(np.uint8).view(E8M0)


def cast_array(
    x: np.ndarray, dtype: np.dtype[Any], saturate: bool = False, round_mode: str = "up"
) -> np.ndarray:
    """`x` as ONNX Cast converts it to `dtype`: an 8-bit float with `saturate` takes
    values beyond its largest finite value (infinities too; NaN stays) to it, an
    integer to a small float goes through f32 (exact below their ranges), a small
    float or integer leaves through f32 or i8 (both exact)."""
    if x.dtype in SMALL and x.dtype != dtype:
        x = x.astype(np.float32 if is_float(x.dtype) else np.int8)
    if dtype == E8M0:
        return to_e8m0(x.astype(np.float32), saturate, round_mode)
    if dtype in SMALL_FLOAT_DTYPES.values() and not is_float(x.dtype):
        x = x.astype(np.float32)
    if saturate and dtype in FLOAT8:
        high = float(ml_dtypes.finfo(dtype).max)
        x = np.clip(x, x.dtype.type(-high), x.dtype.type(high))
    with np.errstate(all="ignore"):
        return x.astype(dtype)

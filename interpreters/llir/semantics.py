"""Scalar semantics of llir: the runtime helpers the generated code calls.

Integers are Python ints in signed two's-complement range (`i1` is 0 or 1) and wrap on
overflow; floats are Python floats rounded to their type after every op; vectors are
tuples. Helpers named in GENERATED_CODE_HELPERS are visible to the generated code with
a leading underscore (`wrap` as `_wrap`).
"""

from __future__ import annotations

import math
import struct
from array import array
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from xdsl.dialects.builtin import Float16Type, Float32Type, Float64Type, IntegerType
from xdsl.ir import Attribute
from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.arith import division_by_zero

F16 = struct.Struct("e")
"""Packs and unpacks one f16 (memoryview cannot cast to 'e')."""


def wrap(value: int, bits: int) -> int:
    """Two's-complement wrap to `bits`, in LLIR's representation (signed; i1 is 0/1)."""
    if bits == 1:
        return value & 1
    half = 1 << (bits - 1)
    return ((value + half) & ((half << 1) - 1)) - half


def _signed(value: int, bits: int) -> int:
    return -value if bits == 1 else value


def _unsigned(value: int, bits: int) -> int:
    return value & ((1 << bits) - 1)


def trunc_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return -quotient if (a < 0) != (b < 0) else quotient


def int_binary(op_name: str, kind: str, a: int, b: int, bits: int, divisor: str = "the divisor") -> int:
    """Integer ops on the slow path: division, shifts, the unsigned ops (operands read
    as unsigned, the result wrapped back to llir's signed form), and everything on i1.
    `divisor` names the right operand in the error of a division by zero."""
    a, b = _signed(a, bits), _signed(b, bits)
    if kind in ("div", "rem", "udiv", "urem") and b == 0:
        raise division_by_zero(op_name, divisor, scalar=True)
    if kind in ("shl", "shr", "ushr") and not 0 <= _unsigned(b, bits) < bits:
        raise InterpretationError(f"{op_name}: shift amount {_unsigned(b, bits)} is out of range for i{bits}")
    match kind:
        case "add":
            result = a + b
        case "sub":
            result = a - b
        case "mul":
            result = a * b
        case "div":
            result = trunc_div(a, b)
        case "rem":
            result = a - b * trunc_div(a, b)
        case "min":
            result = min(a, b)
        case "max":
            result = max(a, b)
        case "and":
            result = a & b
        case "or":
            result = a | b
        case "xor":
            result = a ^ b
        case "shl":
            result = a << _unsigned(b, bits)
        case "shr":
            result = a >> _unsigned(b, bits)
        case "udiv":
            result = _unsigned(a, bits) // _unsigned(b, bits)
        case "urem":
            result = _unsigned(a, bits) % _unsigned(b, bits)
        case "umin":
            result = min(_unsigned(a, bits), _unsigned(b, bits))
        case "umax":
            result = max(_unsigned(a, bits), _unsigned(b, bits))
        case "ushr":
            result = _unsigned(a, bits) >> _unsigned(b, bits)
        case _:
            raise AssertionError(kind)
    return wrap(result, bits)


def round16(value: float) -> float:
    try:
        return F16.unpack(F16.pack(value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def round_float(value: float, fmt: str) -> float:
    """Round a Python float to f16 ('e'), f32 ('f') or f64 ('d')."""
    if fmt == "d":
        return value
    if fmt == "e":
        return round16(value)
    return array("f", (value,))[0]


def fdiv_by_zero(a: float, b: float) -> float:
    if a != a or a == 0.0:
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def frem(a: float, b: float) -> float:
    if b == 0.0 or math.isinf(a) or a != a or b != b:
        return math.nan
    return math.fmod(a, b)


def fminmax_tie(a: float, b: float, minimum: bool) -> float:
    """IEEE minimum (maximum unless `minimum`) when neither a < b nor b < a: NaN
    propagates, -0.0 < +0.0."""
    if a != a:
        return a
    if b != b:
        return b
    return a if (math.copysign(1.0, a) < 0) == minimum else b


def sqrt(a: float) -> float:
    return math.sqrt(a) if a >= 0.0 else math.nan


def floor(a: float) -> float:
    """math.floor gives an int and fails on inf and NaN: those stay as they are, and the
    sign of x is kept (floor(-0.0) = -0.0)."""
    return a if math.isinf(a) or a != a else math.copysign(math.floor(a), a)


def ceil(a: float) -> float:
    """As `floor`: inf and NaN stay, the sign of x is kept (ceil(-0.5) = -0.0)."""
    return a if math.isinf(a) or a != a else math.copysign(math.ceil(a), a)


def roundeven(a: float) -> float:
    """As `floor`, with Python's round, which rounds halves to even (round(-0.5) = -0.0)."""
    return a if math.isinf(a) or a != a else math.copysign(round(a), a)


def exp(a: float) -> float:
    try:
        return math.exp(a)
    except OverflowError:
        return math.inf


def log(a: float) -> float:
    if a > 0.0:
        return math.log(a)
    if a == 0.0:
        return -math.inf
    return math.nan


def sin(a: float) -> float:
    return math.sin(a) if math.isfinite(a) else math.nan


def cos(a: float) -> float:
    return math.cos(a) if math.isfinite(a) else math.nan


def tanh(a: float) -> float:
    return math.tanh(a)


def erf(a: float) -> float:
    return math.erf(a)


def tan(a: float) -> float:
    return math.tan(a) if math.isfinite(a) else math.nan


def asin(a: float) -> float:
    return math.asin(a) if -1.0 <= a <= 1.0 else math.nan


def acos(a: float) -> float:
    return math.acos(a) if -1.0 <= a <= 1.0 else math.nan


def atan(a: float) -> float:
    return math.atan(a)


def sinh(a: float) -> float:
    """C's sinh, which overflows to +-inf (Python's raises)."""
    try:
        return math.sinh(a)
    except OverflowError:
        return math.copysign(math.inf, a)


def cosh(a: float) -> float:
    """C's cosh, which overflows to inf (Python's raises)."""
    try:
        return math.cosh(a)
    except OverflowError:
        return math.inf


def asinh(a: float) -> float:
    return math.asinh(a)


def acosh(a: float) -> float:
    return math.acosh(a) if a >= 1.0 else math.nan


def atanh(a: float) -> float:
    """C's atanh: +-inf at +-1 and NaN beyond (where Python's raises)."""
    if abs(a) < 1.0:
        return math.atanh(a)
    return math.copysign(math.inf, a) if abs(a) == 1.0 else math.nan


def fpow(a: float, b: float) -> float:
    """C's pow with its IEEE special cases (numpy's power on f64 follows it)."""
    with np.errstate(all="ignore"):
        return float(np.power(np.float64(a), np.float64(b)))


MANTISSA_BITS = {"e": 11, "f": 24, "d": 53}


def int_to_float(value: int, fmt: str) -> float:
    """An integer rounded (to nearest even) to the float type, without double rounding."""
    mantissa = MANTISSA_BITS[fmt]
    magnitude = abs(value)
    shift = magnitude.bit_length() - mantissa
    if shift > 0:
        quotient, remainder = divmod(magnitude, 1 << shift)
        half = 1 << (shift - 1)
        if remainder > half or (remainder == half and quotient & 1):
            quotient += 1
        magnitude = quotient << shift
    result = math.copysign(float(magnitude), value) if magnitude else 0.0
    return round_float(result, fmt)


def float_to_int(op_name: str, value: float, bits: int, signed: bool) -> int:
    low, high = (-(1 << (bits - 1)), 1 << (bits - 1)) if signed else (0, 1 << bits)
    if value != value or math.isinf(value) or not low <= int(value) < high:
        kind = "i" if signed else "unsigned i"
        raise InterpretationError(f"{op_name}: {value!r} does not fit {kind}{bits}")
    return wrap(int(value), bits)


def wrap_lanes(lanes: Sequence[int], bits: int) -> tuple[int, ...]:
    return tuple(wrap(lane, bits) for lane in lanes)


def round_lanes(lanes: Sequence[float], fmt: str) -> tuple[float, ...]:
    if fmt == "f":
        return tuple(array("f", lanes))
    return tuple(round_float(lane, fmt) for lane in lanes)


def fma32(x: float, y: float, z: float) -> float:
    """`x * y + z` rounded once to f32, for f32 operands: the product is exact in f64,
    the f64 sum is made round-to-odd (its exact error by TwoSum decides), and a
    round-to-odd value with 53 bits rounds to 24 bits as the exact value would."""
    product = x * y
    total = product + z
    if math.isfinite(total):
        back = total - product
        error = (product - (total - back)) + (z - back)
        if error != 0 and not struct.unpack("<q", struct.pack("<d", total))[0] & 1:
            total = math.nextafter(total, math.copysign(math.inf, error))
    return array("f", (total,))[0]


def fma_lanes(x: Sequence[float], y: Sequence[float], z: Sequence[float]) -> tuple[float, ...]:
    return tuple(map(fma32, x, y, z))


def reduce_add(lanes: Sequence[Any], kind: str, fmt: str, bits: int) -> Any:
    if kind == "int":
        return wrap(sum(lanes), bits)
    total = lanes[0]
    for lane in lanes[1:]:
        total = round_float(total + lane, fmt)
    return total


def step_error(op_name: str, step: int) -> None:
    raise InterpretationError(f"{op_name}: step must be positive, got {step}")


_INT_FORMATS = {1: "B", 8: "b", 16: "h", 32: "i", 64: "q"}
_FLOAT_FORMATS: dict[type[Attribute], str] = {Float16Type: "e", Float32Type: "f", Float64Type: "d"}


def memory_format(typ: Attribute) -> str:
    """The struct / memoryview format of a scalar type held in memory."""
    if isinstance(typ, IntegerType):
        return _INT_FORMATS[typ.width.data]
    return _FLOAT_FORMATS[type(typ)]


class Scalar(NamedTuple):
    """What the code generator needs to know about a scalar type."""

    is_float: bool
    bits: int
    fmt: str  # float rounding / memory format; for integers the memory format or ""

    @staticmethod
    def of(typ: Attribute) -> Scalar:
        if isinstance(typ, IntegerType):
            bits = typ.width.data
            return Scalar(False, bits, _INT_FORMATS.get(bits, ""))
        fmt = _FLOAT_FORMATS[type(typ)]
        return Scalar(True, {"e": 16, "f": 32, "d": 64}[fmt], fmt)


GENERATED_CODE_HELPERS = (
    wrap, int_binary, round16, fdiv_by_zero, frem, fminmax_tie, sqrt, exp, log,
    sin, cos, tanh, erf, tan, asin, acos, atan, sinh, cosh, asinh, acosh, atanh, fpow, floor, ceil, roundeven,
    int_to_float, float_to_int, wrap_lanes, round_lanes, fma_lanes, reduce_add, step_error,
)  # fmt: skip
"""The helpers the generated code calls (by their name with a leading underscore)."""

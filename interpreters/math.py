"""Numpy-backed interpreter functions for the `math` dialect.

Like `nnstack.interpreters.arith`, every implementation works on numpy scalars and
whole arrays alike and casts its result to the dtype of the result type. xDSL's
stock `MathFunctions` only covers exp/log/sqrt, on Python floats.
"""

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import math
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.ir import Operation

from nnstack.dialects.values import BFLOAT16, as_dtype, int_bitwidth, int_operand, int_result, numpy_dtype

# W. J. Cody's rational Chebyshev approximations of erf / erfc (Math. Comp. 23, 1969;
# Netlib specfun CALERF), accurate to about 1e-16 relative in f64: numpy has no erf,
# scipy is not a dependency and libm's through np.frompyfunc costs a Python call per
# element. Polynomial coefficients highest degree last; see `_rational`.
_ERF_SMALL = (
    (3.16112374387056560e00, 1.13864154151050156e02, 3.77485237685302021e02, 3.20937758913846947e03),
    1.85777706184603153e-1,
    (2.36012909523441209e01, 2.44024637934444173e02, 1.28261652607737228e03, 2.84423683343917062e03),
)
"""erf(x) = x * P(x^2) / Q(x^2) for |x| <= 0.46875."""
_ERFC_MIDDLE = (
    (
        5.64188496988670089e-1,
        8.88314979438837594e00,
        6.61191906371416295e01,
        2.98635138197400131e02,
        8.81952221241769090e02,
        1.71204761263407058e03,
        2.05107837782607147e03,
        1.23033935479799725e03,
    ),
    2.15311535474403846e-8,
    (
        1.57449261107098347e01,
        1.17693950891312499e02,
        5.37181101862009858e02,
        1.62138957456669019e03,
        3.29079923573345963e03,
        4.36261909014324716e03,
        3.43936767414372164e03,
        1.23033935480374942e03,
    ),
)
"""erfc(y) = exp(-y^2) * P(y) / Q(y) for 0.46875 < y <= 4."""
_ERFC_LARGE = (
    (
        3.05326634961232344e-1,
        3.60344899949804439e-1,
        1.25781726111229246e-1,
        1.60837851487422766e-2,
        6.58749161529837803e-4,
    ),
    1.63153871373020978e-2,
    (
        2.56852019228982242e00,
        1.87295284992346047e00,
        5.27905102951428412e-1,
        6.05183413124413191e-2,
        2.33520497626869185e-3,
    ),
)
"""erfc(y) = exp(-y^2) / y * (1/sqrt(pi) - z P(z) / Q(z)), z = 1/y^2, for y > 4."""
_ONE_OVER_SQRT_PI = 5.6418958354775628695e-1


def _rational(coefficients: tuple[tuple[float, ...], float, tuple[float, ...]], t: np.ndarray) -> np.ndarray:
    """Cody's nested evaluation: num = ((a_top t + a_0) t + a_1) t ... + a_last over
    den = ((t + b_0) t + b_1) t ... + b_last (in place: two arrays, not one per step)."""
    numerator, top, denominator = coefficients
    num, den = top * t, t.copy()
    for a, b in zip(numerator[:-1], denominator[:-1]):
        num += a
        num *= t
        den += b
        den *= t
    num += numerator[-1]
    den += denominator[-1]
    num /= den
    return num


def _exp_minus_square(y: np.ndarray) -> np.ndarray:
    """exp(-y^2) without the rounding error of y^2: y is split at a multiple of 1/16."""
    head = np.trunc(y * 16)
    head /= 16
    tail = (y - head) * (y + head)
    head *= head
    head += tail
    return np.exp(-head)


_ERF32_TOP = 3.9375
"""From here on erf rounds to 1 in f32 (erfc(3.9375) < 2^-25): inputs are clamped to it."""
_ERF32_NUMERATOR = (
    1.1283791065216064,
    0.19105857610702515,
    0.05282000079751015,
    0.0037896442227065563,
    0.00028472606209106743,
    2.035741317740758e-06,
)
_ERF32_DENOMINATOR = (
    1.0,
    0.502653956413269,
    0.11436507850885391,
    0.015017702244222164,
    0.0011670775711536407,
    3.793542418861762e-05,
)
"""erf(x) = x P(x^2) / Q(x^2) on [0, _ERF32_TOP], lowest degree first: the fit of
`scripts/fit_erf_f32.py` (maximum relative error 2e-8 in exact arithmetic)."""


def erf_array(x: Any) -> Any:
    """erf of every element (NaN stays NaN, erf(+-inf) = +-1): f16 and f32 inputs in
    f32, within 5 ulp of the correctly rounded result (`_erf32`: a sixteenth of the
    time of the f64 formulas; ONNX Runtime computes it in f32 too); any other input
    in f64.

    Each region's formula runs on the whole array and `np.where` picks: boolean-mask
    indexing costs more than the arithmetic (measured, for both precisions). |x| is
    capped at 30, where erfc(x) underflows to 0 anyway, so inf gives no inf - inf."""
    x = np.asarray(x)
    if x.dtype in (np.float32, np.float16, BFLOAT16):
        return _erf32(x.astype(np.float32, copy=False))
    x = x.astype(np.float64, copy=False)
    shape = x.shape
    x = x.reshape(-1)  # (arithmetic on a 0-d array gives numpy scalars, not arrays to update)
    y = np.minimum(np.abs(x), 30.0)
    with np.errstate(all="ignore"):
        small = x * _rational(_ERF_SMALL, x * x)
        scaled_erfc = _rational(_ERFC_MIDDLE, y)
        beyond = y > 4
        if beyond.any():
            z = 1 / (y * y)
            tail = (_ONE_OVER_SQRT_PI - z * _rational(_ERFC_LARGE, z)) / y
            np.copyto(scaled_erfc, tail, where=beyond)
        scaled_erfc *= _exp_minus_square(y)
        large = np.copysign(1 - scaled_erfc, x)
        return np.where(y > 0.46875, large, small).reshape(shape)  # NaN: small is NaN too


def _erf32(x: np.ndarray) -> np.ndarray:
    """erf of an f32 array in f32 as the rational function x P(x^2) / Q(x^2) of x
    clamped to [-_ERF32_TOP, _ERF32_TOP]: within 5 ulp of the correctly rounded result,
    a relative error below 3e-7 (checked on every 1009th f32 below 4.5 and on every
    f16; 96% within 1 ulp: the f32 rounding of the evaluation, not the fit, makes the
    error, largest where erf is near 1). Twice as fast as the cubic table it replaced
    (numpy's gathers cost more than the arithmetic they save). NaN stays NaN, erf(-0)
    = -0 (x times a positive quotient), a subnormal x gives x * 2 / sqrt(pi)."""
    shape = x.shape
    x = x.reshape(-1)  # (arithmetic on a 0-d array gives numpy scalars, not arrays to update)
    top = np.float32(_ERF32_TOP)
    with np.errstate(all="ignore"):
        y = np.clip(x, -top, top)
        t = y * y
        numerator = _horner(_ERF32_NUMERATOR, t)
        numerator *= y
        numerator /= _horner(_ERF32_DENOMINATOR, t)
        return numerator.reshape(shape)


def _horner(coefficients: tuple[float, ...], t: np.ndarray) -> np.ndarray:
    """The polynomial of `coefficients` (lowest degree first) at `t`, in t's dtype, in
    place in one new array."""
    dtype = t.dtype.type
    out = t * dtype(coefficients[-1])
    for c in coefficients[-2:0:-1]:
        out += dtype(c)
        out *= t
    out += dtype(coefficients[0])
    return out


def _round_half_away(x: Any) -> Any:
    """math.round rounds halves away from zero (np.round rounds them to even)."""
    truncated = np.trunc(x)
    return truncated + np.where(np.abs(x - truncated) >= 0.5, np.sign(x), 0)


def _rsqrt(x: Any) -> Any:
    return 1 / np.sqrt(x)


def _count_leading_zeros(x: Any, width: int) -> Any:
    """Leading zeros of unsigned `x` by binary search over the bit positions."""
    x = np.asarray(x)
    count = np.zeros(x.shape, np.int64)
    shift = width // 2
    while shift:
        high = (x >> shift) != 0
        x = np.where(high, x >> shift, x)
        count += np.where(high, 0, shift)
        shift //= 2
    return count + (x == 0)


@register_impls
class MathFunctions(InterpreterFunctions):
    """math on numpy scalars and arrays, computed in the width of the types."""

    @staticmethod
    def _float(op: Operation, args: PythonValues, fn: Callable[..., Any]):
        with np.errstate(all="ignore"):
            return (as_dtype(fn(*args), numpy_dtype(op.results[0].type)),)

    @staticmethod
    def _int_unary(op: Operation, args: PythonValues, fn: Callable[[Any], Any]):
        result_type = op.results[0].type
        with np.errstate(all="ignore"):
            return (int_result(fn(int_operand(args[0], result_type)), result_type),)

    @staticmethod
    def _bit_count(op: Operation, args: PythonValues, fn: Callable[[Any, int], Any]):
        result_type = op.results[0].type
        value = int_operand(args[0], result_type, unsigned=True)
        width = int_bitwidth(result_type)
        with np.errstate(all="ignore"):
            return (int_result(np.asarray(fn(value, width))[()], result_type),)

    # -- floating point, unary -----------------------------------------------

    @impl(math.AbsFOp)
    def run_absf(self, interpreter: Interpreter, op: math.AbsFOp, args: PythonValues):
        return self._float(op, args, np.abs)

    @impl(math.SqrtOp)
    def run_sqrt(self, interpreter: Interpreter, op: math.SqrtOp, args: PythonValues):
        return self._float(op, args, np.sqrt)

    @impl(math.RsqrtOp)
    def run_rsqrt(self, interpreter: Interpreter, op: math.RsqrtOp, args: PythonValues):
        return self._float(op, args, _rsqrt)

    @impl(math.CbrtOp)
    def run_cbrt(self, interpreter: Interpreter, op: math.CbrtOp, args: PythonValues):
        return self._float(op, args, np.cbrt)

    @impl(math.ExpOp)
    def run_exp(self, interpreter: Interpreter, op: math.ExpOp, args: PythonValues):
        return self._float(op, args, np.exp)

    @impl(math.Exp2Op)
    def run_exp2(self, interpreter: Interpreter, op: math.Exp2Op, args: PythonValues):
        return self._float(op, args, np.exp2)

    @impl(math.ExpM1Op)
    def run_expm1(self, interpreter: Interpreter, op: math.ExpM1Op, args: PythonValues):
        return self._float(op, args, np.expm1)

    @impl(math.LogOp)
    def run_log(self, interpreter: Interpreter, op: math.LogOp, args: PythonValues):
        return self._float(op, args, np.log)

    @impl(math.Log2Op)
    def run_log2(self, interpreter: Interpreter, op: math.Log2Op, args: PythonValues):
        return self._float(op, args, np.log2)

    @impl(math.Log10Op)
    def run_log10(self, interpreter: Interpreter, op: math.Log10Op, args: PythonValues):
        return self._float(op, args, np.log10)

    @impl(math.Log1pOp)
    def run_log1p(self, interpreter: Interpreter, op: math.Log1pOp, args: PythonValues):
        return self._float(op, args, np.log1p)

    @impl(math.ErfOp)
    def run_erf(self, interpreter: Interpreter, op: math.ErfOp, args: PythonValues):
        return self._float(op, args, erf_array)

    @impl(math.TanhOp)
    def run_tanh(self, interpreter: Interpreter, op: math.TanhOp, args: PythonValues):
        return self._float(op, args, np.tanh)

    @impl(math.SinhOp)
    def run_sinh(self, interpreter: Interpreter, op: math.SinhOp, args: PythonValues):
        return self._float(op, args, np.sinh)

    @impl(math.CoshOp)
    def run_cosh(self, interpreter: Interpreter, op: math.CoshOp, args: PythonValues):
        return self._float(op, args, np.cosh)

    @impl(math.SinOp)
    def run_sin(self, interpreter: Interpreter, op: math.SinOp, args: PythonValues):
        return self._float(op, args, np.sin)

    @impl(math.CosOp)
    def run_cos(self, interpreter: Interpreter, op: math.CosOp, args: PythonValues):
        return self._float(op, args, np.cos)

    @impl(math.TanOp)
    def run_tan(self, interpreter: Interpreter, op: math.TanOp, args: PythonValues):
        return self._float(op, args, np.tan)

    @impl(math.AsinOp)
    def run_asin(self, interpreter: Interpreter, op: math.AsinOp, args: PythonValues):
        return self._float(op, args, np.arcsin)

    @impl(math.AcosOp)
    def run_acos(self, interpreter: Interpreter, op: math.AcosOp, args: PythonValues):
        return self._float(op, args, np.arccos)

    @impl(math.AtanOp)
    def run_atan(self, interpreter: Interpreter, op: math.AtanOp, args: PythonValues):
        return self._float(op, args, np.arctan)

    @impl(math.AsinhOp)
    def run_asinh(self, interpreter: Interpreter, op: math.AsinhOp, args: PythonValues):
        return self._float(op, args, np.arcsinh)

    @impl(math.AcoshOp)
    def run_acosh(self, interpreter: Interpreter, op: math.AcoshOp, args: PythonValues):
        return self._float(op, args, np.arccosh)

    @impl(math.AtanhOp)
    def run_atanh(self, interpreter: Interpreter, op: math.AtanhOp, args: PythonValues):
        return self._float(op, args, np.arctanh)

    @impl(math.CeilOp)
    def run_ceil(self, interpreter: Interpreter, op: math.CeilOp, args: PythonValues):
        return self._float(op, args, np.ceil)

    @impl(math.FloorOp)
    def run_floor(self, interpreter: Interpreter, op: math.FloorOp, args: PythonValues):
        return self._float(op, args, np.floor)

    @impl(math.TruncOp)
    def run_trunc(self, interpreter: Interpreter, op: math.TruncOp, args: PythonValues):
        return self._float(op, args, np.trunc)

    @impl(math.RoundOp)
    def run_round(self, interpreter: Interpreter, op: math.RoundOp, args: PythonValues):
        return self._float(op, args, _round_half_away)

    @impl(math.RoundEvenOp)
    def run_roundeven(self, interpreter: Interpreter, op: math.RoundEvenOp, args: PythonValues):
        return self._float(op, args, np.rint)

    # -- floating point, binary and ternary ----------------------------------

    @impl(math.PowFOp)
    def run_powf(self, interpreter: Interpreter, op: math.PowFOp, args: PythonValues):
        return self._float(op, args, np.power)

    @impl(math.Atan2Op)
    def run_atan2(self, interpreter: Interpreter, op: math.Atan2Op, args: PythonValues):
        return self._float(op, args, np.arctan2)

    @impl(math.CopySignOp)
    def run_copysign(self, interpreter: Interpreter, op: math.CopySignOp, args: PythonValues):
        return self._float(op, args, np.copysign)

    @impl(math.FPowIOp)
    def run_fpowi(self, interpreter: Interpreter, op: math.FPowIOp, args: PythonValues):
        base, exponent = args
        return self._float(op, (base, np.asarray(exponent, np.float64)), np.power)

    @impl(math.FmaOp)
    def run_fma(self, interpreter: Interpreter, op: math.FmaOp, args: PythonValues):
        """a * b + c, rounded twice (numpy has no fused multiply-add)."""
        return self._float(op, args, lambda a, b, c: a * b + c)

    # -- integers ------------------------------------------------------------

    @impl(math.AbsIOp)
    def run_absi(self, interpreter: Interpreter, op: math.AbsIOp, args: PythonValues):
        return self._int_unary(op, args, np.abs)

    @impl(math.IPowIOp)
    def run_ipowi(self, interpreter: Interpreter, op: math.IPowIOp, args: PythonValues):
        result_type = op.results[0].type
        base = int_operand(args[0], result_type)
        exponent = int_operand(args[1], result_type)
        with np.errstate(all="ignore"):
            # Negative exponents: 1 / base**-e truncated, as MLIR's expansion.
            positive = np.power(base, np.maximum(exponent, 0))
            value = np.where(
                exponent >= 0,
                positive,
                np.where(np.abs(base) == 1, np.where(exponent % 2 == 0, 1, base), 0),
            )
        return (int_result(np.asarray(value)[()].astype(base.dtype), result_type),)

    @impl(math.CountLeadingZerosOp)
    def run_ctlz(self, interpreter: Interpreter, op: math.CountLeadingZerosOp, args: PythonValues):
        return self._bit_count(op, args, _count_leading_zeros)

    @impl(math.CountTrailingZerosOp)
    def run_cttz(
        self,
        interpreter: Interpreter,
        op: math.CountTrailingZerosOp,
        args: PythonValues,
    ):
        def cttz(x: Any, width: int) -> Any:
            one = np.asarray(1, x.dtype)
            lowest = x & (~x + one)
            return np.where(x == 0, width, np.bitwise_count(lowest - one))

        return self._bit_count(op, args, cttz)

    @impl(math.CtPopOp)
    def run_ctpop(self, interpreter: Interpreter, op: math.CtPopOp, args: PythonValues):
        return self._bit_count(op, args, lambda x, _: np.bitwise_count(x))

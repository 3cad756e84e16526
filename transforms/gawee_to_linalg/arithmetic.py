"""The scalar forms of gawee.mod and gawee.bit_shift in a `linalg.generic` body: an
arith remainder or shift, with the fix-ups that give numpy's results where arith's
differ (the floored remainder's sign) or are poison (a shift by the width or more).

A float gawee.mod has no form here: xDSL's arith has no `remf` (upstream MLIR's
`arith.remf`), so convert-gawee-to-linalg rejects it at the op (`FLOAT_REMAINDER`)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue

from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.gawee import BitShiftOp, ModOp

from .builder import scalar_constant

FLOAT_REMAINDER = "a float remainder has no arith op in xDSL (arith.remf); convert-gawee-to-mir lowers it"
"""Why convert-gawee-to-linalg does not lower a gawee.mod of floats."""


def mod_scalar(op: ModOp, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """lhs rem rhs (arith.remsi, remui on unsigned integers); floored (`fmod = false`)
    on signed integers: a nonzero remainder whose sign differs from the divisor's gets
    the divisor added (remainder + divisor cannot overflow: their signs differ). A
    divisor -1 divides by 1 instead (the remainder is 0 either way; remsi of the most
    negative value by -1 is undefined)."""
    element = lhs.type
    assert isinstance(element, IntegerType)
    if is_unsigned(element):
        return arith.RemUIOp(lhs, rhs).result
    minus_one = arith.CmpiOp(rhs, scalar_constant(-1, element), "eq").result
    divisor = arith.SelectOp(minus_one, scalar_constant(1, element), rhs).result
    remainder = arith.RemSIOp(lhs, divisor).result
    if op.truncated:
        return remainder
    zero = scalar_constant(0, element).result
    nonzero = arith.CmpiOp(remainder, zero, "ne").result
    signs_differ = arith.XOrIOp(arith.CmpiOp(remainder, zero, "slt"), arith.CmpiOp(rhs, zero, "slt")).result
    fix = arith.AndIOp(nonzero, signs_differ).result
    return arith.SelectOp(fix, arith.AddiOp(remainder, rhs), remainder).result


def shift_scalar(op: BitShiftOp, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """lhs shifted by rhs (arith.shli, shrui on unsigned, shrsi on signed integers), the
    amount read as unsigned; one of the width or more shifts by 0 instead (arith's
    shifts are poison there) and the result is then 0, or for an arithmetic right shift
    the sign fill `lhs >> (width - 1)`."""
    element = lhs.type
    assert isinstance(element, IntegerType)
    width = element.width.data
    zero = scalar_constant(0, element).result
    in_range = arith.CmpiOp(rhs, scalar_constant(width, element), "ult").result
    amount = arith.SelectOp(in_range, rhs, zero).result
    if op.left:
        return arith.SelectOp(in_range, arith.ShLIOp(lhs, amount), zero).result
    if is_unsigned(element):
        return arith.SelectOp(in_range, arith.ShRUIOp(lhs, amount), zero).result
    fill = arith.ShRSIOp(lhs, scalar_constant(width - 1, element)).result
    return arith.SelectOp(in_range, arith.ShRSIOp(lhs, amount), fill).result

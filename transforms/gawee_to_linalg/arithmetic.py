"""The scalar form of gawee.mod in a `linalg.generic` body: an arith remainder, with
the fix-up that gives numpy's result where arith's differs (the floored remainder's
sign).

A float gawee.mod has no form here: xDSL's arith has no `remf` (upstream MLIR's
`arith.remf`), so convert-gawee-to-linalg rejects it at the op (`FLOAT_REMAINDER`)."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue

from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.gawee import ModOp

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

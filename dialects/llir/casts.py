"""llir conversions between integer and float types and between widths."""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.types import ScalarConstr, bit_width, is_float


class ConversionOp(IRDLOperation):
    """A pure op from one value to a value of another type, `llir.<op> %x : T1 to T2`:
    the casts, `llir.splat` and `llir.vreduce_add`, which declare `input` and `result`."""

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[input], result_types=[result_type])


class CastOp(ConversionOp):
    """A conversion between scalar types.

    Subclasses say which kinds they convert between and, for extensions and
    truncations, that the width grows or shrinks.
    """

    FROM_FLOAT: ClassVar[bool]
    TO_FLOAT: ClassVar[bool]
    WIDTH_RULE: ClassVar[str | None] = None
    """"wider" (extensions), "narrower" (truncations) or None."""

    input = operand_def(ScalarConstr)
    result = result_def(ScalarConstr)

    def verify_(self) -> None:
        source, target = self.input.type, self.result.type
        kinds = {True: "a float", False: "an integer"}
        if is_float(source) != self.FROM_FLOAT:
            raise VerifyException(f"{self.name}: input must be {kinds[self.FROM_FLOAT]}, got {source}")
        if is_float(target) != self.TO_FLOAT:
            raise VerifyException(f"{self.name}: result must be {kinds[self.TO_FLOAT]}, got {target}")
        if self.WIDTH_RULE is not None:
            grows = bit_width(target) > bit_width(source)
            shrinks = bit_width(target) < bit_width(source)
            if (self.WIDTH_RULE == "wider" and not grows) or (self.WIDTH_RULE == "narrower" and not shrinks):
                raise VerifyException(
                    f"{self.name}: result type {target} must be {self.WIDTH_RULE} than "
                    f"the input type {source}"
                )


class IntToFloatOp(CastOp):
    FROM_FLOAT: ClassVar[bool] = False
    TO_FLOAT: ClassVar[bool] = True


class FloatToIntOp(CastOp):
    FROM_FLOAT: ClassVar[bool] = True
    TO_FLOAT: ClassVar[bool] = False


class IntResizeOp(CastOp):
    FROM_FLOAT: ClassVar[bool] = False
    TO_FLOAT: ClassVar[bool] = False


class FloatResizeOp(CastOp):
    FROM_FLOAT: ClassVar[bool] = True
    TO_FLOAT: ClassVar[bool] = True


@irdl_op_definition
class SIToFPOp(IntToFloatOp):
    """Signed integer to float, rounding to nearest even."""

    name = "llir.sitofp"


@irdl_op_definition
class UIToFPOp(IntToFloatOp):
    """Unsigned integer to float, rounding to nearest even."""

    name = "llir.uitofp"


@irdl_op_definition
class FPToSIOp(FloatToIntOp):
    """Float to signed integer, rounding toward zero; out of range is a run-time error."""

    name = "llir.fptosi"


@irdl_op_definition
class FPToUIOp(FloatToIntOp):
    """Float to unsigned integer, rounding toward zero; out of range is a run-time error."""

    name = "llir.fptoui"


@irdl_op_definition
class SExtOp(IntResizeOp):
    name = "llir.sext"
    WIDTH_RULE: ClassVar[str | None] = "wider"


@irdl_op_definition
class ZExtOp(IntResizeOp):
    name = "llir.zext"
    WIDTH_RULE: ClassVar[str | None] = "wider"


@irdl_op_definition
class TruncOp(IntResizeOp):
    """Keep the low bits (wrapping)."""

    name = "llir.trunc"
    WIDTH_RULE: ClassVar[str | None] = "narrower"


@irdl_op_definition
class FPExtOp(FloatResizeOp):
    name = "llir.fpext"
    WIDTH_RULE: ClassVar[str | None] = "wider"


@irdl_op_definition
class FPTruncOp(FloatResizeOp):
    """Round to the narrower float type (to nearest even; overflow gives infinity)."""

    name = "llir.fptrunc"
    WIDTH_RULE: ClassVar[str | None] = "narrower"

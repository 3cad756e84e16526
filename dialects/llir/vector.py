"""llir vector ops on 1-D fixed-width vectors: lane-wise add and mul, the maximum of float
lanes, the fused multiply-add of f32 lanes, splat, reduce-add."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import VectorType, f32, f64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.arithmetic import SameTypeBinaryOp
from nnstack.dialects.llir.casts import ConversionOp
from nnstack.dialects.llir.types import ScalarConstr, vector_element


class VectorBinaryOp(SameTypeBinaryOp):
    """Lane-wise arithmetic on two vectors of one type (so of one width)."""

    T: ClassVar = VarConstraint("T", base(VectorType))

    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)

    @property
    def width(self) -> int:
        assert isinstance(self.result.type, VectorType)
        return self.result.type.get_shape()[0]

    def verify_(self) -> None:
        vector_element(self, self.result.type)


@irdl_op_definition
class VectorAddOp(VectorBinaryOp):
    """The seed's VectorAddOp: lane-wise add (wrapping or IEEE)."""

    name = "llir.vadd"


@irdl_op_definition
class VectorMulOp(VectorBinaryOp):
    """The seed's VectorMulOp: lane-wise multiply (wrapping or IEEE)."""

    name = "llir.vmul"


@irdl_op_definition
class VectorMaxOp(VectorBinaryOp):
    """Lane-wise IEEE `maximum` of f32 or f64 lanes, as llir.max on floats: NaN
    propagates, -0.0 < +0.0 (LLVM's llvm.maximum; the ReLU of element-wise loops). Float
    lanes only: nothing vectorizes an integer max yet, and LLVM legalizes llvm.maximum of
    f16 lanes differently by target."""

    name = "llir.vmax"

    def verify_(self) -> None:
        element = vector_element(self, self.result.type)
        if element not in (f32, f64):
            raise VerifyException(f"{self.name}: expected f32 or f64 lanes, got {self.result.type}")


@irdl_op_definition
class VectorFMAOp(IRDLOperation):
    """Lane-wise `lhs * rhs + acc` rounded once (LLVM's llvm.fma), on f32 lanes: the
    multiply-add of the matmul and conv micro-kernels, twice the throughput of a vmul
    and a vadd. f32 only, because the interpreter computes it exactly from f64 (the
    product of two f32 is exact there) with a round-to-odd sum."""

    name = "llir.vfma"

    T: ClassVar = VarConstraint("T", base(VectorType))

    lhs = operand_def(T)
    rhs = operand_def(T)
    acc = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())

    assembly_format = "$lhs `,` $rhs `,` $acc attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, acc: SSAValue | Operation):
        super().__init__(operands=[lhs, rhs, acc], result_types=[SSAValue.get(acc).type])

    @property
    def width(self) -> int:
        assert isinstance(self.result.type, VectorType)
        return self.result.type.get_shape()[0]

    def verify_(self) -> None:
        if vector_element(self, self.result.type) != f32:
            raise VerifyException(f"{self.name}: expected f32 lanes, got {self.result.type}")


@irdl_op_definition
class SplatOp(ConversionOp):
    """Broadcast a scalar to every lane of a vector."""

    name = "llir.splat"

    input = operand_def(ScalarConstr)
    result = result_def(VectorType)

    def __init__(self, input: SSAValue | Operation, width: int):
        super().__init__(input, VectorType(SSAValue.get(input).type, [width]))

    def verify_(self) -> None:
        elem = vector_element(self, self.result.type)
        if elem != self.input.type:
            raise VerifyException(
                f"{self.name}: result element type {elem} does not match the input type {self.input.type}"
            )


@irdl_op_definition
class VectorReduceAddOp(ConversionOp):
    """Sum the lanes of a vector, from lane 0 upward (the order fixes float rounding)."""

    name = "llir.vreduce_add"

    input = operand_def(VectorType)
    result = result_def(ScalarConstr)

    def __init__(self, input: SSAValue | Operation):
        typ = SSAValue.get(input).type
        assert isinstance(typ, VectorType)
        super().__init__(input, typ.element_type)

    def verify_(self) -> None:
        elem = vector_element(self, self.input.type)
        if elem != self.result.type:
            raise VerifyException(
                f"{self.name}: result type {self.result.type} does not match the vector element type {elem}"
            )

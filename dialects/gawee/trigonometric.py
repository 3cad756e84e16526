"""The trigonometric and hyperbolic functions ONNX has beside sin, cos and tanh (Tan,
Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh): unary element-wise ops on floats,
each lowered to the `math` op of the same name and to a mir / llir op that calls the C
library's function. They are primitive rather than composites of exp and log, whose
forms lose the small arguments (asinh(x) = log(x + sqrt(x^2 + 1)) is 0 for tiny x in f32)
and overflow early."""

from __future__ import annotations

from typing import ClassVar

from nnstack.dialects.gawee.base import gawee_op_definition
from nnstack.dialects.gawee.elementwise import UnaryElementwiseOp

__all__ = [
    "AcosOp",
    "AcoshOp",
    "AsinOp",
    "AsinhOp",
    "AtanOp",
    "AtanhOp",
    "CoshOp",
    "SinhOp",
    "TanOp",
]


@gawee_op_definition
class TanOp(UnaryElementwiseOp):
    """tan(x) (ONNX Tan); NaN for an infinite x."""

    name = "gawee.tan"

    ONNX_OPERATOR: ClassVar = "Tan"


@gawee_op_definition
class AsinOp(UnaryElementwiseOp):
    """arcsin(x) in [-pi/2, pi/2] (ONNX Asin); NaN outside [-1, 1]."""

    name = "gawee.asin"

    ONNX_OPERATOR: ClassVar = "Asin"


@gawee_op_definition
class AcosOp(UnaryElementwiseOp):
    """arccos(x) in [0, pi] (ONNX Acos); NaN outside [-1, 1]."""

    name = "gawee.acos"

    ONNX_OPERATOR: ClassVar = "Acos"


@gawee_op_definition
class AtanOp(UnaryElementwiseOp):
    """arctan(x) in [-pi/2, pi/2] (ONNX Atan)."""

    name = "gawee.atan"

    ONNX_OPERATOR: ClassVar = "Atan"


@gawee_op_definition
class SinhOp(UnaryElementwiseOp):
    """sinh(x) (ONNX Sinh); +-inf where it overflows."""

    name = "gawee.sinh"

    ONNX_OPERATOR: ClassVar = "Sinh"


@gawee_op_definition
class CoshOp(UnaryElementwiseOp):
    """cosh(x) (ONNX Cosh); inf where it overflows."""

    name = "gawee.cosh"

    ONNX_OPERATOR: ClassVar = "Cosh"


@gawee_op_definition
class AsinhOp(UnaryElementwiseOp):
    """arsinh(x) (ONNX Asinh)."""

    name = "gawee.asinh"

    ONNX_OPERATOR: ClassVar = "Asinh"


@gawee_op_definition
class AcoshOp(UnaryElementwiseOp):
    """arcosh(x) >= 0 (ONNX Acosh); NaN below 1."""

    name = "gawee.acosh"

    ONNX_OPERATOR: ClassVar = "Acosh"


@gawee_op_definition
class AtanhOp(UnaryElementwiseOp):
    """artanh(x) (ONNX Atanh); +-inf at +-1, NaN outside [-1, 1]."""

    name = "gawee.atanh"

    ONNX_OPERATOR: ClassVar = "Atanh"

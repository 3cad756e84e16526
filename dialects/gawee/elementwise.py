"""Element-wise gawee ops and the bases new ones are declared with: a unary op whose
result has its input's type, and a binary op with numpy / ONNX multidirectional
broadcasting."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from xdsl.dialects.builtin import Float64Type, FloatAttr, StringAttr, TensorType, f64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import VarConstraint, operand_def, opt_attr_def, result_def, traits_def, var_operand_def
from xdsl.traits import NoMemoryEffect

from nnstack.dialects.constraints import FloatElement, GaweeNumericElement, static_tensor
from nnstack.dialects.gawee.base import BinaryOp, FloatTensorOp, GaweeOperation, gawee_op_definition
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES, broadcast_shape, element_type, tensor_shape

if TYPE_CHECKING:
    from nnstack.dialects.gawee.composite import Composer

__all__ = [
    "AbsOp",
    "AddOp",
    "BroadcastBinaryOp",
    "CeilOp",
    "CeluOp",
    "ClipOp",
    "CosOp",
    "DivOp",
    "EluOp",
    "ErfOp",
    "ExpOp",
    "FloatVariadicOp",
    "FloorOp",
    "GeluOp",
    "HardSigmoidOp",
    "HardSwishOp",
    "LeakyReluOp",
    "LogOp",
    "MaxOp",
    "MeanOp",
    "MinOp",
    "MishOp",
    "MulOp",
    "NegOp",
    "NumericBinaryOp",
    "NumericUnaryOp",
    "PReluOp",
    "PowOp",
    "ReciprocalOp",
    "ReluOp",
    "RoundOp",
    "SeluOp",
    "ShrinkOp",
    "SigmoidOp",
    "SignOp",
    "SinOp",
    "SoftplusOp",
    "SoftsignOp",
    "SqrtOp",
    "SubOp",
    "SumOp",
    "TanhOp",
    "ThresholdedReluOp",
    "UnaryElementwiseOp",
    "VariadicBroadcastOp",
]


class UnaryElementwiseOp(FloatTensorOp):
    """y = f(x) element by element: the result has the input's type. Subclasses that
    accept other element types redeclare `E`, `input` and `output`."""

    assembly_format = f"$input {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation):
        input = SSAValue.get(input)
        super().__init__(operands=[input], result_types=[input.type])

    def verify_(self) -> None:
        self.expect_result_shape(tensor_shape(self.input))


class NumericUnaryOp(UnaryElementwiseOp):
    """A unary element-wise op on floats and on the integers i8, i16, i32, i64 (ONNX's
    integer arithmetic, which exported graphs use on shapes and indices): integers wrap
    around in two's complement, as in numpy and ONNX Runtime."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    input = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


class BroadcastBinaryOp(BinaryOp):
    """z = f(x, y) element by element, with numpy broadcasting of the operand shapes;
    operands and result share one element type (or the result is `RESULT_ELEMENT`).
    Subclasses with other operands (`where`) or element types redeclare them."""

    MISFIT: ClassVar = "do not broadcast"

    @staticmethod
    def expected_shape(operands: Sequence[SSAValue]) -> tuple[int, ...] | None:
        """The broadcast of the operand shapes, or None where they do not broadcast."""
        return broadcast_shape(*(tensor_shape(value) for value in operands))


class NumericBinaryOp(BroadcastBinaryOp):
    """A broadcasting binary op on floats and on the integers i8, i16, i32, i64: integers
    wrap around in two's complement on overflow, as in numpy and ONNX Runtime."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    lhs = operand_def(static_tensor(E))
    rhs = operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


@gawee_op_definition
class ReluOp(UnaryElementwiseOp):
    """Element-wise max(x, 0); NaN propagates, as in PyTorch."""

    name = "gawee.relu"

    ONNX_OPERATOR: ClassVar = "Relu"

    def decompose(self, b: Composer) -> SSAValue:
        return b.emit(MaxOp([self.input, b.scalar_like(0.0, self.input)]))


@gawee_op_definition
class AddOp(NumericBinaryOp):
    """Element-wise sum with numpy broadcasting (integers wrap)."""

    name = "gawee.add"

    ONNX_OPERATOR: ClassVar = "Add"


# ---------------------------------------------------------------------------
# Unary ops (ONNX semantics)
# ---------------------------------------------------------------------------


@gawee_op_definition
class NegOp(NumericUnaryOp):
    """-x (ONNX Neg; the most negative integer wraps to itself)."""

    name = "gawee.neg"

    ONNX_OPERATOR: ClassVar = "Neg"


@gawee_op_definition
class AbsOp(NumericUnaryOp):
    """|x| (ONNX Abs; the most negative integer wraps to itself)."""

    name = "gawee.abs"

    ONNX_OPERATOR: ClassVar = "Abs"


@gawee_op_definition
class ExpOp(UnaryElementwiseOp):
    """e^x (ONNX Exp)."""

    name = "gawee.exp"

    ONNX_OPERATOR: ClassVar = "Exp"


@gawee_op_definition
class LogOp(UnaryElementwiseOp):
    """Natural logarithm; -inf at 0 and NaN below (ONNX Log)."""

    name = "gawee.log"

    ONNX_OPERATOR: ClassVar = "Log"


@gawee_op_definition
class SqrtOp(UnaryElementwiseOp):
    """Square root; NaN below 0 (ONNX Sqrt)."""

    name = "gawee.sqrt"

    ONNX_OPERATOR: ClassVar = "Sqrt"


@gawee_op_definition
class FloorOp(UnaryElementwiseOp):
    """The largest integer not above x, in x's type; +-0, +-inf and NaN stay as they are
    (ONNX Floor)."""

    name = "gawee.floor"

    ONNX_OPERATOR: ClassVar = "Floor"


@gawee_op_definition
class CeilOp(UnaryElementwiseOp):
    """The smallest integer not below x, in x's type; +-0, +-inf and NaN stay as they are
    (ONNX Ceil)."""

    name = "gawee.ceil"

    ONNX_OPERATOR: ClassVar = "Ceil"


@gawee_op_definition
class RoundOp(UnaryElementwiseOp):
    """x rounded to the nearest integer, halves to the even one (numpy's np.round / np.rint),
    in x's type; +-0, +-inf and NaN stay as they are (ONNX Round)."""

    name = "gawee.round"

    ONNX_OPERATOR: ClassVar = "Round"


@gawee_op_definition
class ReciprocalOp(UnaryElementwiseOp):
    """1 / x (ONNX Reciprocal)."""

    name = "gawee.reciprocal"

    ONNX_OPERATOR: ClassVar = "Reciprocal"

    def decompose(self, b: Composer) -> SSAValue:
        return b.emit(DivOp(b.scalar_like(1.0, self.input), self.input))


@gawee_op_definition
class SinOp(UnaryElementwiseOp):
    """sin(x) (ONNX Sin)."""

    name = "gawee.sin"

    ONNX_OPERATOR: ClassVar = "Sin"


@gawee_op_definition
class CosOp(UnaryElementwiseOp):
    """cos(x) (ONNX Cos)."""

    name = "gawee.cos"

    ONNX_OPERATOR: ClassVar = "Cos"


@gawee_op_definition
class TanhOp(UnaryElementwiseOp):
    """tanh(x) (ONNX Tanh)."""

    name = "gawee.tanh"

    ONNX_OPERATOR: ClassVar = "Tanh"


@gawee_op_definition
class SigmoidOp(UnaryElementwiseOp):
    """1 / (1 + e^-x) (ONNX Sigmoid)."""

    name = "gawee.sigmoid"

    ONNX_OPERATOR: ClassVar = "Sigmoid"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        denominator = b.emit(AddOp(b.emit(ExpOp(b.emit(NegOp(x)))), b.scalar_like(1.0, x)))
        return b.emit(DivOp(b.scalar_like(1.0, x), denominator))


@gawee_op_definition
class ErfOp(UnaryElementwiseOp):
    """The Gauss error function (ONNX Erf)."""

    name = "gawee.erf"

    ONNX_OPERATOR: ClassVar = "Erf"


@gawee_op_definition
class HardSwishOp(UnaryElementwiseOp):
    """x * max(0, min(1, x / 6 + 1 / 2)) (ONNX HardSwish)."""

    name = "gawee.hard_swish"

    ONNX_OPERATOR: ClassVar = "HardSwish"

    def decompose(self, b: Composer) -> SSAValue:
        return b.emit(MulOp(self.input, b.emit(HardSigmoidOp(self.input, alpha=1 / 6, beta=0.5))))


@gawee_op_definition
class GeluOp(UnaryElementwiseOp):
    """x * Phi(x) (ONNX Gelu): with `approximate = "none"` (the default) the exact
    0.5 * x * (1 + erf(x / sqrt(2))), with `"tanh"` the approximation
    0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))."""

    name = "gawee.gelu"

    APPROXIMATIONS: ClassVar[tuple[str, ...]] = ("none", "tanh")

    approximate = opt_attr_def(StringAttr, default_value=StringAttr("none"))

    assembly_format = f"$input (`approximate` `=` $approximate^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, approximate: str = "none"):
        input = SSAValue.get(input)
        attributes = {} if approximate == "none" else {"approximate": StringAttr(approximate)}
        super(UnaryElementwiseOp, self).__init__(
            operands=[input], result_types=[input.type], attributes=attributes
        )

    @property
    def approximation(self) -> str:
        return self.approximate.data if self.approximate is not None else "none"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        if self.approximation == "tanh":
            cube = b.emit(MulOp(b.emit(MulOp(x, x)), x))
            inner = b.emit(AddOp(x, b.emit(MulOp(cube, b.scalar_like(0.044715, x)))))
            phi = b.emit(TanhOp(b.emit(MulOp(inner, b.scalar_like(math.sqrt(2 / math.pi), x)))))
        else:
            phi = b.emit(ErfOp(b.emit(MulOp(x, b.scalar_like(1 / math.sqrt(2), x)))))
        half_x = b.emit(MulOp(x, b.scalar_like(0.5, x)))
        return b.emit(MulOp(half_x, b.emit(AddOp(phi, b.scalar_like(1.0, x)))))

    def verify_(self) -> None:
        if self.approximation not in self.APPROXIMATIONS:
            raise self.fail(f'\'approximate\' must be "none" or "tanh", got "{self.approximation}"')
        super().verify_()


@gawee_op_definition
class SoftplusOp(UnaryElementwiseOp):
    """log(1 + e^x) (ONNX Softplus), as max(x, 0) + log(1 + e^-|x|): the same value,
    without the overflow of e^x for large x (ONNX Runtime's and PyTorch's are stable too)."""

    name = "gawee.softplus"

    ONNX_OPERATOR: ClassVar = "Softplus"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        tail = b.emit(ExpOp(b.emit(NegOp(b.emit(AbsOp(x))))))
        return b.emit(AddOp(b.emit(ReluOp(x)), b.emit(LogOp(b.emit(AddOp(tail, b.scalar_like(1.0, x)))))))


class _AlphaUnaryOp(UnaryElementwiseOp):
    """A unary op with float parameters (`alpha`, `beta`, `gamma`, `lambd`, ...) that have
    ONNX's names and defaults (`DEFAULTS`), so the ONNX converter is derived."""

    DEFAULTS: ClassVar[dict[str, float]] = {}

    def __init__(self, input: SSAValue | Operation, **parameters: float):
        input = SSAValue.get(input)
        attributes = {name: FloatAttr(value, f64) for name, value in parameters.items()}
        super(UnaryElementwiseOp, self).__init__(
            operands=[input], result_types=[input.type], attributes=attributes
        )

    def parameter(self, name: str) -> float:
        attr = self.attributes.get(name)
        return attr.value.data if isinstance(attr, FloatAttr) else self.DEFAULTS[name]


@gawee_op_definition
class LeakyReluOp(_AlphaUnaryOp):
    """x for x >= 0, alpha * x below (ONNX LeakyRelu; alpha defaults to 0.01)."""

    name = "gawee.leaky_relu"

    ONNX_OPERATOR: ClassVar = "LeakyRelu"

    DEFAULTS: ClassVar[dict[str, float]] = {"alpha": 0.01}

    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(0.01, f64))

    assembly_format = f"$input (`alpha` `=` $alpha^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import LessOp, WhereOp  # (logic builds on this module)

        x = self.input
        negative = b.emit(LessOp(x, b.scalar_like(0.0, x)))
        scaled = b.emit(MulOp(x, b.scalar_like(self.parameter("alpha"), x)))
        return b.emit(WhereOp(negative, scaled, x))


@gawee_op_definition
class HardSigmoidOp(_AlphaUnaryOp):
    """max(0, min(1, alpha * x + beta)) (ONNX HardSigmoid; alpha 0.2, beta 0.5 by default)."""

    name = "gawee.hard_sigmoid"

    ONNX_OPERATOR: ClassVar = "HardSigmoid"

    DEFAULTS: ClassVar[dict[str, float]] = {"alpha": 0.2, "beta": 0.5}

    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(0.2, f64))
    beta = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(0.5, f64))

    assembly_format = f"$input (`alpha` `=` $alpha^)? (`beta` `=` $beta^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        scaled = b.emit(MulOp(x, b.scalar_like(self.parameter("alpha"), x)))
        linear = b.emit(AddOp(scaled, b.scalar_like(self.parameter("beta"), x)))
        return b.emit(MaxOp([b.emit(MinOp([linear, b.scalar_like(1.0, x)])), b.scalar_like(0.0, x)]))


@gawee_op_definition
class EluOp(_AlphaUnaryOp):
    """x for x >= 0, alpha * (e^x - 1) below (ONNX Elu; alpha defaults to 1.0). The
    exponential is of min(x, 0), so that it does not overflow where x is large."""

    name = "gawee.elu"

    ONNX_OPERATOR: ClassVar = "Elu"

    DEFAULTS: ClassVar[dict[str, float]] = {"alpha": 1.0}

    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))

    assembly_format = f"$input (`alpha` `=` $alpha^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import LessOp, WhereOp  # (logic builds on this module)

        x = self.input
        zero = b.scalar_like(0.0, x)
        negative = b.emit(LessOp(x, zero))
        tail = b.emit(SubOp(b.emit(ExpOp(b.emit(MinOp([x, zero])))), b.scalar_like(1.0, x)))
        scaled = b.emit(MulOp(tail, b.scalar_like(self.parameter("alpha"), x)))
        return b.emit(WhereOp(negative, scaled, x))


@gawee_op_definition
class SeluOp(_AlphaUnaryOp):
    """gamma * x for x > 0, gamma * (alpha * e^x - alpha) elsewhere (ONNX Selu; alpha
    defaults to 1.67326..., gamma to 1.05070...). The exponential is of min(x, 0), so
    that it does not overflow where x is large."""

    name = "gawee.selu"

    ONNX_OPERATOR: ClassVar = "Selu"

    DEFAULTS: ClassVar[dict[str, float]] = {
        "alpha": 1.67326319217681884765625,
        "gamma": 1.05070102214813232421875,
    }

    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.67326319217681884765625, f64))
    gamma = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.05070102214813232421875, f64))

    assembly_format = f"$input (`alpha` `=` $alpha^)? (`gamma` `=` $gamma^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import LessEqualOp, WhereOp  # (logic builds on this module)

        x = self.input
        zero = b.scalar_like(0.0, x)
        alpha = b.scalar_like(self.parameter("alpha"), x)
        not_positive = b.emit(LessEqualOp(x, zero))
        tail = b.emit(SubOp(b.emit(MulOp(b.emit(ExpOp(b.emit(MinOp([x, zero])))), alpha)), alpha))
        gamma = b.scalar_like(self.parameter("gamma"), x)
        return b.emit(MulOp(b.emit(WhereOp(not_positive, tail, x)), gamma))


@gawee_op_definition
class CeluOp(_AlphaUnaryOp):
    """max(0, x) + min(0, alpha * (e^(x / alpha) - 1)) (ONNX Celu; alpha defaults to
    1.0), computed as max(0, x) + alpha * (e^(min(x, 0) / alpha) - 1): the same value for
    any nonzero alpha (both second terms are 0 for x >= 0 and equal below), without the
    overflow of e^(x / alpha) for large x."""

    name = "gawee.celu"

    ONNX_OPERATOR: ClassVar = "Celu"

    DEFAULTS: ClassVar[dict[str, float]] = {"alpha": 1.0}

    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))

    assembly_format = f"$input (`alpha` `=` $alpha^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        alpha = b.scalar_like(self.parameter("alpha"), x)
        scaled = b.emit(DivOp(b.emit(MinOp([x, b.scalar_like(0.0, x)])), alpha))
        tail = b.emit(SubOp(b.emit(ExpOp(scaled)), b.scalar_like(1.0, x)))
        return b.emit(AddOp(b.emit(ReluOp(x)), b.emit(MulOp(tail, alpha))))


@gawee_op_definition
class SignOp(UnaryElementwiseOp):
    """1 for x > 0, -1 for x < 0, x itself for +-0 and NaN (ONNX Sign on floats)."""

    name = "gawee.sign"

    ONNX_OPERATOR: ClassVar = "Sign"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import GreaterOp, LessOp, WhereOp  # (logic builds on this module)

        x = self.input
        below = b.emit(WhereOp(b.emit(LessOp(x, b.scalar_like(0.0, x))), b.scalar_like(-1.0, x), x))
        return b.emit(WhereOp(b.emit(GreaterOp(x, b.scalar_like(0.0, x))), b.scalar_like(1.0, x), below))


@gawee_op_definition
class SoftsignOp(UnaryElementwiseOp):
    """x / (1 + |x|) (ONNX Softsign)."""

    name = "gawee.softsign"

    ONNX_OPERATOR: ClassVar = "Softsign"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        return b.emit(DivOp(x, b.emit(AddOp(b.emit(AbsOp(x)), b.scalar_like(1.0, x)))))


@gawee_op_definition
class MishOp(UnaryElementwiseOp):
    """x * tanh(softplus(x)) (ONNX Mish), with gawee.softplus's stable form."""

    name = "gawee.mish"

    ONNX_OPERATOR: ClassVar = "Mish"

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        return b.emit(MulOp(x, b.emit(TanhOp(b.emit(SoftplusOp(x))))))


@gawee_op_definition
class ThresholdedReluOp(_AlphaUnaryOp):
    """x for x > alpha, 0 elsewhere (ONNX ThresholdedRelu; alpha defaults to 1.0)."""

    name = "gawee.thresholded_relu"

    ONNX_OPERATOR: ClassVar = "ThresholdedRelu"

    DEFAULTS: ClassVar[dict[str, float]] = {"alpha": 1.0}

    alpha = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(1.0, f64))

    assembly_format = f"$input (`alpha` `=` $alpha^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import GreaterOp, WhereOp  # (logic builds on this module)

        x = self.input
        above = b.emit(GreaterOp(x, b.scalar_like(self.parameter("alpha"), x)))
        return b.emit(WhereOp(above, x, b.scalar_like(0.0, x)))


@gawee_op_definition
class ShrinkOp(_AlphaUnaryOp):
    """x + bias for x < -lambd, x - bias for x > lambd, 0 elsewhere (ONNX Shrink, on
    floats; bias defaults to 0.0, lambd to 0.5)."""

    name = "gawee.shrink"

    ONNX_OPERATOR: ClassVar = "Shrink"

    DEFAULTS: ClassVar[dict[str, float]] = {"bias": 0.0, "lambd": 0.5}

    bias = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(0.0, f64))
    lambd = opt_attr_def(FloatAttr[Float64Type], default_value=FloatAttr(0.5, f64))

    assembly_format = f"$input (`bias` `=` $bias^)? (`lambd` `=` $lambd^)? {ATTR_DICT_AND_TYPES}"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import GreaterOp, LessOp, WhereOp  # (logic builds on this module)

        x = self.input
        lambd, bias = self.parameter("lambd"), b.scalar_like(self.parameter("bias"), x)
        below = b.emit(LessOp(x, b.scalar_like(-lambd, x)))
        above = b.emit(GreaterOp(x, b.scalar_like(lambd, x)))
        upper = b.emit(WhereOp(above, b.emit(SubOp(x, bias)), b.scalar_like(0.0, x)))
        return b.emit(WhereOp(below, b.emit(AddOp(x, bias)), upper))


# ---------------------------------------------------------------------------
# Binary ops (ONNX multidirectional broadcasting)
# ---------------------------------------------------------------------------


@gawee_op_definition
class SubOp(NumericBinaryOp):
    """lhs - rhs (ONNX Sub; integers wrap)."""

    name = "gawee.sub"

    ONNX_OPERATOR: ClassVar = "Sub"


@gawee_op_definition
class MulOp(NumericBinaryOp):
    """lhs * rhs (ONNX Mul; integers wrap)."""

    name = "gawee.mul"

    ONNX_OPERATOR: ClassVar = "Mul"


@gawee_op_definition
class DivOp(NumericBinaryOp):
    """lhs / rhs (ONNX Div): IEEE division on floats; on integers the quotient truncated
    toward zero, as ONNX Runtime's C++ `/` and onnx's reference evaluator compute it
    (numpy's // floors), the most negative integer / -1 wrapping to itself. An integer
    division by zero is a run-time error naming the op (undefined in ONNX Runtime, 0 in
    numpy), so the op is not speculatable."""

    name = "gawee.div"

    traits = traits_def(NoMemoryEffect())

    ONNX_OPERATOR: ClassVar = "Div"


@gawee_op_definition
class PowOp(BroadcastBinaryOp):
    """lhs ^ rhs on floats: NaN for a negative base and a fractional exponent (ONNX Pow,
    whose mixed and integer types the importer casts)."""

    name = "gawee.pow"


@gawee_op_definition
class PReluOp(BroadcastBinaryOp):
    """x where x >= 0, slope * x below, the slope broadcast against x (ONNX PRelu: PyTorch's
    per-channel slope arrives as [C, 1, 1])."""

    name = "gawee.prelu"

    ONNX_OPERATOR: ClassVar = "PRelu"

    def decompose(self, b: Composer) -> SSAValue:
        from nnstack.dialects.gawee.logic import LessOp, WhereOp  # (logic builds on this module)

        x = self.lhs
        negative = b.emit(LessOp(x, b.scalar_like(0.0, x)))
        return b.emit(WhereOp(negative, b.emit(MulOp(x, self.rhs)), x))


# ---------------------------------------------------------------------------
# Variadic ops and clip
# ---------------------------------------------------------------------------


class VariadicBroadcastOp(GaweeOperation):
    """f(x1, ..., xn) element by element over one or more operands of one element type,
    broadcast together (numpy rules)."""

    E: ClassVar = VarConstraint("E", GaweeNumericElement)

    inputs = var_operand_def(static_tensor(E))
    output = result_def(static_tensor(E))

    assembly_format = f"$inputs {ATTR_DICT_AND_TYPES}"

    def __init__(self, inputs: Sequence[SSAValue | Operation]):
        values = [SSAValue.get(v) for v in inputs]
        shape = BroadcastBinaryOp.expected_shape(values)
        if shape is None:
            raise ValueError(f"{self.name}: shapes {[tensor_shape(v) for v in values]} do not broadcast")
        super().__init__(operands=[values], result_types=[TensorType(element_type(values[0]), shape)])

    def verify_(self) -> None:
        if not self.inputs:
            raise self.fail("needs at least one input")
        shape = BroadcastBinaryOp.expected_shape(self.inputs)
        if shape is None:
            shapes = " and ".join(str(list(tensor_shape(v))) for v in self.inputs)
            raise self.fail(f"operand shapes {shapes} do not broadcast")
        self.expect_result_shape(shape)


class FloatVariadicOp(VariadicBroadcastOp):
    """A `VariadicBroadcastOp` on floats (mean)."""

    E: ClassVar = VarConstraint("E", FloatElement)

    inputs = var_operand_def(static_tensor(E))
    output = result_def(static_tensor(E))


@gawee_op_definition
class MaxOp(VariadicBroadcastOp):
    """The element-wise maximum of the inputs; NaN propagates (ONNX Max)."""

    name = "gawee.max"

    ONNX_OPERATOR: ClassVar = "Max"


@gawee_op_definition
class MinOp(VariadicBroadcastOp):
    """The element-wise minimum of the inputs; NaN propagates (ONNX Min)."""

    name = "gawee.min"

    ONNX_OPERATOR: ClassVar = "Min"


@gawee_op_definition
class SumOp(VariadicBroadcastOp):
    """The element-wise sum of the inputs (ONNX Sum; integers wrap)."""

    name = "gawee.sum"

    ONNX_OPERATOR: ClassVar = "Sum"


@gawee_op_definition
class MeanOp(FloatVariadicOp):
    """The element-wise mean of the inputs (ONNX Mean)."""

    name = "gawee.mean"

    ONNX_OPERATOR: ClassVar = "Mean"


@gawee_op_definition
class ClipOp(UnaryElementwiseOp):
    """min(max(x, min), max) with either bound optional; NaN propagates, and where
    min > max every value becomes max (ONNX Clip with constant bounds)."""

    name = "gawee.clip"

    min = opt_attr_def(FloatAttr[Float64Type])
    max = opt_attr_def(FloatAttr[Float64Type])

    assembly_format = f"$input (`min` `=` $min^)? (`max` `=` $max^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, input: SSAValue | Operation, min: float | None = None, max: float | None = None):
        input = SSAValue.get(input)
        bounds = {"min": min, "max": max}
        attributes = {name: FloatAttr(value, f64) for name, value in bounds.items() if value is not None}
        super(UnaryElementwiseOp, self).__init__(
            operands=[input], result_types=[input.type], attributes=attributes
        )

    def bound(self, name: str) -> float | None:
        attr = self.attributes.get(name)
        return attr.value.data if isinstance(attr, FloatAttr) else None

    def decompose(self, b: Composer) -> SSAValue:
        x = self.input
        if (low := self.bound("min")) is not None:
            x = b.emit(MaxOp([x, b.scalar_like(low, x)]))
        if (high := self.bound("max")) is not None:
            x = b.emit(MinOp([x, b.scalar_like(high, x)]))
        return x

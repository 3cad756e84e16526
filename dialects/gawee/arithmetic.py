"""Remainders: gawee.mod (ONNX Mod, both of its roundings), a broadcasting binary op
whose semantics at the edges (the remainder's sign, a zero divisor) are numpy's."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import BoolAttr
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import opt_attr_def, traits_def
from xdsl.traits import NoMemoryEffect

from nnstack.dialects.gawee.base import gawee_op_definition
from nnstack.dialects.gawee.elementwise import NumericBinaryOp
from nnstack.dialects.utils import ATTR_DICT_AND_TYPES

__all__ = ["ModOp"]


@gawee_op_definition
class ModOp(NumericBinaryOp):
    """The remainder of lhs / rhs with numpy broadcasting (ONNX Mod). With `fmod = false`
    (the default) the quotient is floored, so a nonzero remainder has the divisor's sign
    (numpy's np.mod, Python's %; on floats a zero remainder is a zero of the divisor's
    sign); with `fmod = true` it is truncated, so the remainder has the dividend's sign
    (C's fmod, np.fmod). On unsigned integers both are the same. On floats a zero divisor
    or an infinite dividend gives NaN; an integer division by zero is a run-time error
    naming the op (numpy gives 0), so the op is not speculatable."""

    name = "gawee.mod"

    traits = traits_def(NoMemoryEffect())

    ONNX_OPERATOR: ClassVar = "Mod"

    fmod = opt_attr_def(BoolAttr, default_value=BoolAttr.from_bool(False))

    assembly_format = f"$lhs `,` $rhs (`fmod` `=` $fmod^)? {ATTR_DICT_AND_TYPES}"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, fmod: bool = False):
        super().__init__(lhs, rhs)
        if fmod:
            self.attributes["fmod"] = BoolAttr.from_bool(True)

    @property
    def truncated(self) -> bool:
        """Whether the quotient is truncated (`fmod = true`: the dividend's sign)."""
        return self.fmod is not None and bool(self.fmod.value.data)

"""`mir.reduce`: one reduction kind over a set of axes."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import BoolAttr, i1
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import prop_def

from nnstack.dialects.constraints import FLOAT_TYPES, INTEGER_TYPES, NUMERIC_TYPES, I64Array
from nnstack.dialects.mir.attrs import ReduceKind, ReduceKindAttr
from nnstack.dialects.mir.base import TensorOp
from nnstack.dialects.utils import (
    ATTR_DICT_AND_TYPES,
    i64_array,
    keywords,
    op_definition,
    reduced_shape,
    tensor_like,
    tensor_shape,
)


@op_definition
class ReduceOp(TensorOp):
    """Reduces `axes` (non-empty, unique, in [0, rank)) with kind sum, mean, max,
    min, prod (numeric; mean on floats only), umax, umin (integers read as unsigned)
    or any, all (i1 to i1). With `keep_dims` the reduced dims stay as size 1."""

    name = "mir.reduce"

    kind = prop_def(ReduceKindAttr)
    axes = prop_def(I64Array)
    keep_dims = prop_def(BoolAttr)

    assembly_format = f"$kind $input {keywords('axes', 'keep_dims')} {ATTR_DICT_AND_TYPES}"

    def __init__(
        self,
        input: SSAValue | Operation,
        kind: ReduceKind | str,
        axes: Sequence[int],
        keep_dims: bool = False,
    ):
        input = SSAValue.get(input)
        super().__init__(
            operands=[input],
            result_types=[tensor_like(input, reduced_shape(tensor_shape(input), axes, keep_dims))],
            properties={
                "kind": ReduceKindAttr(ReduceKind(kind)),
                "axes": i64_array(axes),
                "keep_dims": BoolAttr.from_bool(keep_dims),
            },
        )

    @property
    def keeps_dims(self) -> bool:
        return bool(self.keep_dims.value.data)

    def element_types(self) -> tuple[Attribute, ...]:
        """The input element types the op's kind takes."""
        match self.kind.data:
            case ReduceKind.ANY | ReduceKind.ALL:
                return (i1,)
            case ReduceKind.MEAN:
                return FLOAT_TYPES
            case ReduceKind.UMAX | ReduceKind.UMIN:
                return INTEGER_TYPES
            case _:
                return NUMERIC_TYPES

    def verify_(self) -> None:
        kind = self.kind.data
        self.expect_element_types("input", self.input, self.element_types())
        shape, axes = tensor_shape(self.input), self.array("axes")
        if not axes:
            raise self.fail("'axes' must not be empty")
        for axis in axes:
            self.expect_axis("axes", axis, len(shape))
        if len(set(axes)) != len(axes):
            raise self.fail(f"'axes' {list(axes)} must be unique")
        if kind in (
            ReduceKind.MEAN,
            ReduceKind.MAX,
            ReduceKind.MIN,
            ReduceKind.UMAX,
            ReduceKind.UMIN,
        ) and any(shape[a] == 0 for a in axes):
            raise self.fail(f"cannot take the {kind} of an empty axis (input shape {list(shape)})")
        self.expect_result_shape(reduced_shape(shape, axes, self.keeps_dims))

"""llir's data section: read-only global buffers with a dense initializer, and the op
taking the address of one (upstream's `llvm.mlir.global internal constant` and
`llvm.mlir.addressof`, or `memref.global constant` and `memref.get_global`).

```
llir.global @weights align 64 = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
llir.global @fc align 64 = dense_resource<fc.weight> : tensor<64x32xf32>
llir.func @f() -> f32 {
  %w = llir.addressof @weights : !llir.ptr<f32>
  ...
}
```
A global holds the initializer's elements in row-major order (its shape says nothing
else); the address points to the first. A `dense_resource` initializer is a tensor of
the module's weights file (`dialects/weights.py`). Globals are constant: a store or memcpy into
one is rejected by the verifier when the pointer visibly comes from `llir.addressof`
(through `llir.ptradd` / `llir.ptrcast`), and at run time otherwise (the interpreter's
and `check-bounds` native code's read-only checks).
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    FlatSymbolRefAttrConstr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TensorType,
    i1,
    i64,
)
from xdsl.ir import Attribute, Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def, traits_def
from xdsl.traits import HasParent, Pure, SymbolOpInterface, SymbolTable, SymbolUserOpInterface
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.llir.types import PointerType, element_size
from nnstack.dialects.weights import resource_array


@irdl_op_definition
class GlobalOp(IRDLOperation):
    """A read-only buffer of the module holding `value`'s elements (row-major), aligned
    to `alignment` (a power of two, at least the element size; 16 by default)."""

    name = "llir.global"

    sym_name = prop_def(SymbolNameConstraint())
    value = prop_def(DenseIntOrFPElementsAttr | DenseResourceAttr)
    alignment = prop_def(IntegerAttr.constr(i64), default_value=IntegerAttr(16, i64))

    traits = traits_def(SymbolOpInterface(), HasParent(ModuleOp))

    assembly_format = "$sym_name (`align` $alignment^)? `=` $value attr-dict"

    def __init__(self, name: str, value: DenseIntOrFPElementsAttr | DenseResourceAttr, alignment: int = 16):
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "value": value,
                "alignment": IntegerAttr(alignment, i64),
            }
        )

    @property
    def element_type(self) -> Attribute:
        return cast(TensorType[Attribute], self.value.type).element_type

    @property
    def byte_size(self) -> int:
        size = element_size(self.element_type)
        assert size is not None
        return math.prod(cast(TensorType[Attribute], self.value.type).get_shape()) * size

    def data(self) -> bytes | memoryview:
        """The initializer's bytes, row-major (i1 as the bytes 0 and 1): the attribute's
        own, or a view of its tensor in the module's weights file (`dialects/weights.py`;
        `WeightsError` where it cannot be read)."""
        if isinstance(self.value, DenseResourceAttr):
            array = resource_array(self.value, self)
            return np.ascontiguousarray(array).reshape(-1).view(np.uint8).data
        data = self.value.data.data
        if self.element_type == i1:  # xDSL packs true as 0xff
            data = (np.frombuffer(data, np.uint8) != 0).astype(np.uint8).tobytes()
        return data

    def verify_(self) -> None:
        elem = element_size(self.element_type)
        if elem is None:
            raise VerifyException(
                f"{self.name}: element type {self.element_type} of @{self.sym_name.data} is not an "
                "llir memory type (a signless integer of 1, 8, 16, 32 or 64 bits, f16, f32 or f64)"
            )
        alignment = self.alignment.value.data
        if alignment <= 0 or alignment & (alignment - 1):
            raise VerifyException(
                f"{self.name}: alignment {alignment} of @{self.sym_name.data} is not a power of two"
            )
        if alignment < elem:
            raise VerifyException(
                f"{self.name}: alignment {alignment} of @{self.sym_name.data} is smaller than the element "
                f"size {elem}"
            )


class _GlobalSymbolUser(SymbolUserOpInterface):
    def verify(self, op: Operation) -> None:
        assert isinstance(op, AddressOfOp)
        found = op.global_op()
        if found is None:
            raise VerifyException(f"{op.name}: no llir.global named {op.global_name}")
        assert isinstance(op.result.type, PointerType)
        pointee = op.result.type.element_type
        if pointee != found.element_type:
            raise VerifyException(
                f"{op.name}: result type {op.result.type} does not match the element type "
                f"{found.element_type} of {op.global_name}"
            )


@irdl_op_definition
class AddressOfOp(IRDLOperation):
    """The address of the first element of an `llir.global` of the enclosing module."""

    name = "llir.addressof"

    global_name = prop_def(FlatSymbolRefAttrConstr)
    result = result_def(PointerType)

    traits = traits_def(Pure(), _GlobalSymbolUser())

    assembly_format = "$global_name attr-dict `:` type($result)"

    def __init__(self, global_op: GlobalOp):
        super().__init__(
            properties={"global_name": SymbolRefAttr(global_op.sym_name)},
            result_types=[PointerType(global_op.element_type)],
        )

    def global_op(self) -> GlobalOp | None:
        """The llir.global this op names (None if there is none)."""
        found = SymbolTable.lookup_symbol(self, self.global_name)
        return found if isinstance(found, GlobalOp) else None

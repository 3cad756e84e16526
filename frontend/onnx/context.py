"""The state of one ONNX import that every converter works on: `ImportContext` (the
values and constants by ONNX name, where new ops go, the node being converted) and the
one error the front end raises, `OnnxImportError`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import onnx
from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, TensorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import ONNX_ELEMENT_TYPES
from nnstack.dialects.values import dense_attribute, numpy_dtype
from nnstack.dialects.weights import WeightCollector
from nnstack.frontend.errors import NotConstantError, OnnxImportError


def name_hint(name: str) -> str | None:
    """An ONNX name as an SSA name where MLIR allows it (letters, digits, `_`, `.`, `$`)."""
    hint = "".join(c if c.isalnum() or c in "_.$" else "_" for c in name)
    return hint if hint and not hint[0].isdigit() else None


ELEMENT_TYPES: Mapping[int, Attribute] = ONNX_ELEMENT_TYPES
"""The ONNX element types a gawee program can carry as values (floats, i8 / i16 / i32 / i64
and ui8 / ui16 / ui32 / ui64
integers, bool as i1)."""


@dataclass
class ImportContext:
    """The state of one import: the values and constants by ONNX name, and where new
    ops go. A converter reads its node's inputs through `value` / `constant` and
    records its outputs with `define`."""

    node: onnx.NodeProto
    opset: int
    builder: Builder
    values: dict[str, SSAValue] = field(default_factory=dict)
    constants: dict[str, np.ndarray] = field(default_factory=dict)
    shapes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    unchecked: set[str] = field(default_factory=set)
    """Values whose shape ONNX's inference gets wrong, and those computed from them: the
    last window of a ceil-mode pool that starts on the end padding, which ONNX Runtime,
    ONNX's reference and PyTorch drop, stays in onnx 1.23's inference. Their shapes are
    gawee's (which the op verifiers check), not ONNX's."""
    weights: WeightCollector | None = None
    """Where the constants the program takes go, beside the module; None: in it."""
    taken: set[str] = field(default_factory=set)
    """Every value name in use: the fresh names of a function body's expansion avoid them."""

    def fail(self, reason: str) -> OnnxImportError:
        node = self.node
        return OnnxImportError(
            f"node '{node.name or node.output[0]}' ({node.op_type}, opset {self.opset}): {reason}"
        )

    def attribute(self, name: str, default: Any = None) -> Any:
        """The node's attribute `name` as ONNX's helper reads it (int, float, list, tensor...)."""
        for attr in self.node.attribute:
            if attr.name == name:
                return onnx.helper.get_attribute_value(attr)
        return default

    def ints(self, name: str, default: Iterable[int]) -> tuple[int, ...]:
        """The node's ints attribute `name`, or `default`."""
        return tuple(int(v) for v in self.attribute(name, default))

    def string(self, name: str, default: str) -> str:
        """The node's string attribute `name` (ONNX stores bytes), or `default`."""
        value = self.attribute(name, default)
        return value.decode() if isinstance(value, bytes) else str(value)

    def shape(self, index: int) -> tuple[int, ...]:
        """The static shape of input `index` (inferred, or the constant's)."""
        name = self.node.input[index]
        if name in self.constants:
            return tuple(self.constants[name].shape)
        if name not in self.shapes:
            raise self.fail(f"the shape of input '{name}' is not known statically")
        return self.shapes[name]

    def has_input(self, index: int) -> bool:
        return index < len(self.node.input) and self.node.input[index] != ""

    def constant(self, index: int, what: str) -> np.ndarray:
        """Input `index`, which must be known at import time (e.g. a Reshape target)."""
        name = self.node.input[index]
        if name not in self.constants:
            raise NotConstantError(str(self.fail(f"{what} (input '{name}') must be a constant")), [name])
        return self.constants[name]

    def scalar(self, index: int, what: str) -> np.generic:
        """Input `index`, a constant with one element (a scalar or a 1-element tensor)."""
        array = self.constant(index, what)
        if array.size != 1:
            raise self.fail(f"{what} must be a scalar, got shape {list(array.shape)}")
        return array.flat[0]

    def value(self, index: int) -> SSAValue:
        """Input `index` as an SSA value; a constant becomes an `arith.constant`."""
        return self.named_value(self.node.input[index])

    def named_value(self, name: str) -> SSAValue:
        """The value named `name` as an SSA value; a constant becomes an `arith.constant`."""
        if name not in self.values:
            array = np.asarray(self.constants[name])
            element = self._element_type(array, f"constant '{name}'")
            resource = None
            if self.weights is not None:
                typed = array.astype(numpy_dtype(element), copy=False)
                resource = self.weights.resource(name, typed, TensorType(element, array.shape))
            constant = self.builder.insert(arith.ConstantOp(resource or dense_attribute(array, element)))
            constant.result.name_hint = name_hint(name)
            self.values[name] = constant.result
        return self.values[name]

    def _element_type(self, array: np.ndarray, what: str) -> Attribute:
        element_type = ELEMENT_TYPES.get(onnx.helper.np_dtype_to_tensor_dtype(array.dtype))
        if element_type is None:
            raise self.fail(f"{what} has element type {array.dtype}, which gawee cannot carry")
        return element_type

    def dense(self, array: np.ndarray, what: str) -> DenseIntOrFPElementsAttr:
        """`array` as a dense attribute of its static tensor type."""
        return dense_attribute(array, self._element_type(array, what))

    def reject_attributes(self, **allowed: object) -> None:
        """Fails if an attribute is present with a value other than its allowed one."""
        for name, value in allowed.items():
            given = self.attribute(name)
            if given is not None and given != value:
                raise self.fail(f"attribute {name} = {given!r} is not supported")

    def emit(self, op: Operation) -> Operation:
        """Inserts `op`, which must verify: a gawee rule the ONNX node breaks is the node's error."""
        try:
            op.verify()
        except VerifyException as error:
            message = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
            prefix = "" if message.startswith(f"{op.name}:") else f"{op.name}: "
            raise self.fail(prefix + message) from None
        return self.builder.insert(op)

    def emit_value(self, op: Operation) -> SSAValue:
        """`emit`s `op` and gives its (first) result: the value a chain of ops builds on."""
        return self.emit(op).results[0]

    def onnx_inference_diverges(self, got: tuple[int, ...], inferred: tuple[int, ...]) -> bool:
        """Whether an output of shape `got` where ONNX infers `inferred` is one of the
        `unchecked`: this node reads one, or it is a ceil-mode pool and ONNX's inference
        has one more window along some spatial axes."""
        if any(name in self.unchecked for name in self.node.input):
            return True
        ceil_pool = self.node.op_type in ("MaxPool", "AveragePool", "LpPool") and bool(
            self.attribute("ceil_mode", 0)
        )
        return (
            ceil_pool
            and len(got) == len(inferred)
            and got[:2] == inferred[:2]
            and all(i - g in (0, 1) for g, i in zip(got[2:], inferred[2:]))
        )

    def define(self, *results: SSAValue) -> None:
        """The node's outputs are `results`, in order; their types must be the inferred ones.
        An output left out (an empty name) is no value: its result is not recorded."""
        for name, result in zip(self.node.output, results, strict=True):
            if name:
                self.define_output(name, result)

    def define_output(self, name: str, result: SSAValue) -> None:
        """The node's output `name` is `result`, whose type must be the inferred one."""
        expected = self.shapes.get(name)
        got = tuple(result.type.get_shape()) if isinstance(result.type, TensorType) else None
        if expected is not None and got != expected:
            if got is None or not self.onnx_inference_diverges(got, expected):
                raise self.fail(f"output '{name}' has shape {list(got or ())}, ONNX infers {list(expected)}")
            self.unchecked.add(name)
        if got is not None:
            # where ONNX's inference stopped (shapes computed by folded arithmetic)
            self.shapes[name] = got
        result.name_hint = name_hint(name)
        self.values[name] = result

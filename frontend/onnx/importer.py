"""ONNX model -> gawee module.

The importer makes every shape static first (the graph inputs' shapes, overridden by
the caller where a dimension is dynamic, then ONNX's own shape inference with data
propagation), then walks the nodes in graph order:

- Shape and Size of a statically shaped value are constants;
- a node whose inputs are all known constants (initializers, `Constant` nodes and
  what was folded before) is evaluated at import time by ONNX's reference evaluator,
  so the shape arithmetic of transformer exports (Shape, Gather, Concat, Range,
  ConstantOfShape, ...) leaves no trace in the program;
- every other node is converted by the converter registered for its op type
  (`converters.py`), which emits gawee ops;
- a constant that a gawee op reads becomes an `arith.constant` of its static tensor
  type: the weights travel inside the module (xDSL reads and writes large dense
  constants in about 0.1 s per million elements).

`@main` takes exactly the graph inputs that are not initializers, in graph order,
and returns the graph outputs. Anything the importer cannot represent exactly
raises `OnnxImportError` with a one-line message naming the node, its op type and
the opset.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import onnx
from google.protobuf.message import DecodeError
from onnx import numpy_helper
from onnx.reference import ReferenceEvaluator
from xdsl.builder import Builder, InsertPoint
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, TensorType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.constraints import ONNX_ELEMENT_TYPES
from nnstack.interpreters.arith import dense_attribute

ELEMENT_TYPES: Mapping[int, Attribute] = ONNX_ELEMENT_TYPES
"""The ONNX element types a gawee program can carry as values (floats, i8 / i32 / i64
integers, bool as i1)."""


class OnnxImportError(Exception):
    """A model the importer cannot represent exactly; the message is one line."""


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

    def fail(self, reason: str) -> OnnxImportError:
        node = self.node
        return OnnxImportError(
            f"node '{node.name or node.output[0]}' ({node.op_type}, opset {self.opset}): {reason}"
        )

    def attribute(self, name: str, default: object = None) -> object:
        for attr in self.node.attribute:
            if attr.name == name:
                return onnx.helper.get_attribute_value(attr)
        return default

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
            raise self.fail(f"{what} (input '{name}') must be a constant")
        return self.constants[name]

    def value(self, index: int) -> SSAValue:
        """Input `index` as an SSA value; a constant becomes an `arith.constant`."""
        name = self.node.input[index]
        if name not in self.values:
            attr = self.dense(self.constants[name], f"constant '{name}'")
            constant = self.builder.insert(arith.ConstantOp(attr))
            constant.result.name_hint = _name_hint(name)
            self.values[name] = constant.result
        return self.values[name]

    def dense(self, array: np.ndarray, what: str) -> DenseIntOrFPElementsAttr:
        """`array` as a dense attribute of its static tensor type."""
        element_type = ELEMENT_TYPES.get(onnx.helper.np_dtype_to_tensor_dtype(array.dtype))
        if element_type is None:
            raise self.fail(f"{what} has element type {array.dtype}, which gawee cannot carry")
        return dense_attribute(array, element_type)

    def emit(self, op: Operation) -> Operation:
        """Inserts `op`, which must verify: a gawee rule the ONNX node breaks is the node's error."""
        try:
            op.verify()
        except VerifyException as error:
            message = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
            prefix = "" if message.startswith(f"{op.name}:") else f"{op.name}: "
            raise self.fail(prefix + message) from None
        return self.builder.insert(op)

    def onnx_inference_diverges(self, got: tuple[int, ...], inferred: tuple[int, ...]) -> bool:
        """Whether an output of shape `got` where ONNX infers `inferred` is one of the
        `unchecked`: this node reads one, or it is a ceil-mode pool and ONNX's inference
        has one more window along some spatial axes."""
        if any(name in self.unchecked for name in self.node.input):
            return True
        ceil_pool = self.node.op_type in ("MaxPool", "AveragePool") and bool(self.attribute("ceil_mode", 0))
        return (
            ceil_pool
            and len(got) == len(inferred)
            and got[:2] == inferred[:2]
            and all(i - g in (0, 1) for g, i in zip(got[2:], inferred[2:]))
        )

    def define(self, *results: SSAValue) -> None:
        """The node's outputs are `results`, in order; their types must be the inferred ones."""
        for name, result in zip(self.node.output, results, strict=True):
            expected = self.shapes.get(name)
            got = tuple(result.type.get_shape()) if isinstance(result.type, TensorType) else None
            if expected is not None and got != expected:
                if got is None or not self.onnx_inference_diverges(got, expected):
                    raise self.fail(
                        f"output '{name}' has shape {list(got or ())}, ONNX infers {list(expected)}"
                    )
                self.unchecked.add(name)
            if got is not None:
                # where ONNX's inference stopped (shapes computed by folded arithmetic)
                self.shapes[name] = got
            result.name_hint = _name_hint(name)
            self.values[name] = result


def _name_hint(name: str) -> str | None:
    """An ONNX name as an SSA name where MLIR allows it (letters, digits, `_`, `.`, `$`)."""
    hint = "".join(c if c.isalnum() or c in "_.$" else "_" for c in name)
    return hint if hint and not hint[0].isdigit() else None


def _static_shape(value_info: onnx.ValueInfoProto) -> tuple[int, ...] | None:
    tensor = value_info.type.tensor_type
    if not tensor.HasField("shape"):
        return None
    dims = [d.dim_value if d.HasField("dim_value") else None for d in tensor.shape.dim]
    return None if None in dims else tuple(int(d) for d in dims)


def _graph_inputs(model: onnx.ModelProto) -> list[onnx.ValueInfoProto]:
    initializers = {init.name for init in model.graph.initializer}
    return [i for i in model.graph.input if i.name not in initializers]


def _with_input_shapes(model: onnx.ModelProto, input_shapes: Mapping[str, Sequence[int]]) -> onnx.ModelProto:
    """A copy of `model` whose graph inputs have the given static shapes."""
    model = onnx.ModelProto.FromString(model.SerializeToString())
    inputs = {i.name: i for i in _graph_inputs(model)}
    for name, shape in input_shapes.items():
        if name not in inputs:
            raise OnnxImportError(
                f"--input-shape names '{name}', which is not a graph input ({', '.join(inputs)})"
            )
        dims = inputs[name].type.tensor_type.shape.dim
        if len(dims) and len(dims) != len(shape):
            raise OnnxImportError(
                f"input '{name}' has rank {len(dims)}, but --input-shape gives {len(shape)} dims"
            )
        inputs[name].type.tensor_type.shape.Clear()
        for size in shape:
            inputs[name].type.tensor_type.shape.dim.add().dim_value = int(size)
    for value_info in inputs.values():
        for index, dim in enumerate(value_info.type.tensor_type.shape.dim):
            if not dim.HasField("dim_value"):
                label = f"'{dim.dim_param}'" if dim.dim_param else "of unknown size"
                raise OnnxImportError(
                    f"input '{value_info.name}' has a dynamic dimension {label} (dim {index}); give its "
                    f"size with --input-shape {value_info.name}="
                    + "x".join(
                        str(d.dim_value) if d.HasField("dim_value") else "N"
                        for d in value_info.type.tensor_type.shape.dim
                    )
                )
    return model


def _opset(model: onnx.ModelProto) -> int:
    return next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 1)


def _fold(node: onnx.NodeProto, opset: int, constants: Mapping[str, np.ndarray]) -> list[np.ndarray]:
    feeds = {name: constants[name] for name in node.input if name}
    return [np.asarray(v) for v in ReferenceEvaluator(node, opsets={"": opset}).run(None, feeds)]


def _fold_shape_query(context: ImportContext) -> np.ndarray | None:
    """Shape (with start / end) and Size of a statically shaped value, or None."""
    node = context.node
    if node.op_type not in ("Shape", "Size") or node.input[0] not in {**context.shapes, **context.constants}:
        return None
    shape = context.shape(0)
    if node.op_type == "Size":
        return np.array(math.prod(shape), np.int64)
    start, end = context.attribute("start", 0), context.attribute("end", None)
    return np.array(shape[slice(start, end)], np.int64)  # type: ignore[misc]


def import_onnx(
    model: onnx.ModelProto | str | Path, input_shapes: Mapping[str, Sequence[int]] | None = None
) -> ModuleOp:
    """The gawee module of `model` (a ModelProto or a path), with `@main`."""
    from nnstack.frontend.onnx.converters import CONVERTERS

    if not isinstance(model, onnx.ModelProto):
        try:
            model = onnx.load(str(model))
        except (OSError, DecodeError) as error:
            raise OnnxImportError(f"cannot read ONNX model '{model}': {error}") from None
    opset = _opset(model)
    model = _with_input_shapes(model, input_shapes or {})
    try:
        model = onnx.shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)
    except (onnx.shape_inference.InferenceError, onnx.checker.ValidationError) as error:
        raise OnnxImportError(f"ONNX shape inference fails: {str(error).splitlines()[0]}") from None
    graph = model.graph

    shapes: dict[str, tuple[int, ...]] = {}
    unchecked: set[str] = set()
    for value_info in [*graph.value_info, *graph.output, *graph.input]:
        if (shape := _static_shape(value_info)) is not None:
            shapes[value_info.name] = shape
    constants = {init.name: numpy_helper.to_array(init) for init in graph.initializer}

    inputs = _graph_inputs(model)
    input_types: list[Attribute] = []
    for value_info in inputs:
        elem = value_info.type.tensor_type.elem_type
        if elem not in ELEMENT_TYPES:
            name = onnx.TensorProto.DataType.Name(elem)
            raise OnnxImportError(
                f"input '{value_info.name}' has element type {name}, which gawee cannot carry"
            )
        input_types.append(TensorType(ELEMENT_TYPES[elem], shapes[value_info.name]))
    block = Block(arg_types=input_types)
    values: dict[str, SSAValue] = {}
    for value_info, arg in zip(inputs, block.args):
        arg.name_hint = _name_hint(value_info.name)
        values[value_info.name] = arg
    builder = Builder(InsertPoint.at_end(block))

    for node in graph.node:
        if node.domain not in ("", "ai.onnx"):
            raise OnnxImportError(
                f"node '{node.name or node.output[0]}' ({node.op_type}, domain {node.domain}): "
                "operators outside the default ONNX domain are not supported"
            )
        context = ImportContext(node, opset, builder, values, constants, shapes, unchecked)
        if (shape := _fold_shape_query(context)) is not None:
            constants[node.output[0]] = shape
            continue
        if all(name in constants for name in node.input if name) and node.op_type not in ("RandomNormal",):
            try:
                constants.update(zip(node.output, _fold(node, opset, constants)))
                continue
            except (RuntimeError, ValueError, TypeError, NotImplementedError, KeyError, IndexError):
                # the reference evaluator fails on some valid nodes (GatherElements with
                # indices smaller than the data): the node runs in the program instead
                pass
        converter = CONVERTERS.get(node.op_type)
        if converter is None:
            raise context.fail("no gawee lowering for this operator")
        converter(context)

    outputs = []
    for output in graph.output:
        # an output that is a constant (or an input) is returned through the value it names
        identity = onnx.helper.make_node("Identity", [output.name], [output.name])
        outputs.append(ImportContext(identity, opset, builder, values, constants, shapes).value(0))
    builder.insert(func.ReturnOp(*outputs))
    main = func.FuncOp("main", (input_types, [o.type for o in outputs]), Region(block))
    return ModuleOp([main])

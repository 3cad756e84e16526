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
  (`converters.py`), which emits gawee ops; an If whose condition is known is imported
  as the nodes of the branch it chooses (`control.py`: gawee has no control flow), which
  read the enclosing graph's values by name (a node whose subgraphs read them is not
  folded by the evaluator, which cannot see them: its branch's nodes fold instead);
- a node of an operator that no converter maps but ONNX defines by a function
  (Attention, SoftmaxCrossEntropyLoss, RotaryEmbedding, ...) is expanded into the nodes
  of that function's body (`functions.py`: fresh value names, the node's inputs and
  outputs bound, attribute references resolved, the body built for the node's input
  types where ONNX builds it so), whose static shapes ONNX infers from the node's input
  types; they import as above, at the body's own opset, a function among them expanded
  in turn. A body node that fails is the node's error, naming both;
- a constant that a gawee op reads becomes an `arith.constant` of its static tensor
  type: the weights travel inside the module (xDSL reads and writes large dense
  constants in about 0.1 s per million elements).

`@main` takes exactly the graph inputs that are not initializers, in graph order,
and returns the graph outputs. Anything the importer cannot represent exactly
raises `OnnxImportError` with a one-line message naming the node, its op type and
the opset.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np
import onnx
from google.protobuf.message import DecodeError
from onnx import numpy_helper
from onnx.reference import ReferenceEvaluator
from xdsl.builder import Builder
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.rewriter import InsertPoint

from nnstack.dialects.utils import element_type
from nnstack.dialects.values import numpy_dtype
from nnstack.dialects.weights import WeightCollector
from nnstack.frontend.errors import DynamicShapeError, NotConstantError, OnnxImportError
from nnstack.frontend.onnx.context import ELEMENT_TYPES, ImportContext, name_hint
from nnstack.frontend.onnx.functions import expand, function_defined
from nnstack.frontend.onnx.initializers import ImportProgress, initializer_values, skeleton
from nnstack.frontend.onnx.unsupported import UNSUPPORTED_OPERATORS


def _static_shape(value_info: onnx.ValueInfoProto) -> tuple[int, ...] | None:
    tensor = value_info.type.tensor_type
    if not tensor.HasField("shape"):
        return None
    dims = tuple(int(d.dim_value) for d in tensor.shape.dim if d.HasField("dim_value"))
    return dims if len(dims) == len(tensor.shape.dim) else None


def graph_inputs(model: onnx.ModelProto) -> list[onnx.ValueInfoProto]:
    """The graph inputs that are not initializers: the arguments of @main, in order."""
    initializers = {init.name for init in model.graph.initializer}
    return [i for i in model.graph.input if i.name not in initializers]


def _set_input_shapes(model: onnx.ModelProto, input_shapes: Mapping[str, Sequence[int]]) -> None:
    """Gives `model`'s graph inputs the given static shapes; fails on a dynamic dim left."""
    inputs = {i.name: i for i in graph_inputs(model)}
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
        if not value_info.type.HasField("tensor_type"):
            kind = value_info.type.WhichOneof("value") or "untyped"
            raise OnnxImportError(
                f"input '{value_info.name}' is of {kind}, which gawee cannot carry (only tensors)"
            )
        for index, dim in enumerate(value_info.type.tensor_type.shape.dim):
            if not dim.HasField("dim_value"):
                label = f"'{dim.dim_param}'" if dim.dim_param else "of unknown size"
                raise DynamicShapeError(
                    f"input '{value_info.name}' has a dynamic dimension {label} (dim {index}); give its "
                    f"size with --input-shape {value_info.name}="
                    + "x".join(
                        str(d.dim_value) if d.HasField("dim_value") else "N"
                        for d in value_info.type.tensor_type.shape.dim
                    )
                )


def _set_input_values(model: onnx.ModelProto, input_values: Mapping[str, np.ndarray]) -> None:
    """Makes `model`'s graph inputs named in `input_values` initializers of those values
    (of the inputs' element types): @main no longer takes them."""
    inputs = {i.name: i for i in graph_inputs(model)}
    for name, array in input_values.items():
        if name not in inputs:
            raise OnnxImportError(f"'{name}' is not a graph input ({', '.join(inputs)})")
        dtype = onnx.helper.tensor_dtype_to_np_dtype(inputs[name].type.tensor_type.elem_type)
        model.graph.initializer.append(numpy_helper.from_array(np.asarray(array, dtype), name))
        model.graph.input.remove(inputs[name])


def subgraphs(node: onnx.NodeProto) -> list[onnx.GraphProto]:
    """The graphs among `node`'s attributes (If's branches, Loop's and Scan's bodies)."""
    graphs = [attr.g for attr in node.attribute if attr.type == onnx.AttributeProto.GRAPH]
    return graphs + [
        g for attr in node.attribute if attr.type == onnx.AttributeProto.GRAPHS for g in attr.graphs
    ]


def outer_references(node: onnx.NodeProto) -> set[str]:
    """The values of the enclosing scopes that `node`'s subgraphs read (a branch reads
    the values of the graph its If is in by name)."""
    found: set[str] = set()
    for graph in subgraphs(node):
        defined = {value.name for value in [*graph.input, *graph.initializer]}
        for inner in graph.node:
            found.update(name for name in reads(inner) if name not in defined)
            defined.update(inner.output)
        found.update(value.name for value in graph.output if value.name not in defined)
    return found - {""}


def reads(node: onnx.NodeProto) -> list[str]:
    """The values `node` reads: its inputs and what its subgraphs read of the enclosing scopes."""
    return [name for name in [*node.input, *sorted(outer_references(node))] if name]


def _all_nodes(nodes: Iterable[onnx.NodeProto]) -> Iterable[onnx.NodeProto]:
    """`nodes` and the nodes of their subgraphs, at every depth."""
    for node in nodes:
        yield node
        for graph in subgraphs(node):
            yield from _all_nodes(graph.node)


def _feeding(nodes: Iterable[onnx.NodeProto], names: Iterable[str], sources: set[str]) -> set[str]:
    """The `sources` whose values the values `names` are computed from, through `nodes`
    (and the nodes of their subgraphs: a value an If's branch computes)."""
    producers = {output: node for node in _all_nodes(nodes) for output in node.output}
    found: set[str] = set()
    pending, seen = list(names), set()
    while pending:
        value = pending.pop()
        if value in seen:
            continue
        seen.add(value)
        if value in sources:
            found.add(value)
        elif value in producers:
            pending.extend(reads(producers[value]))
    return found


def graph_inputs_feeding(model: onnx.ModelProto, *names: str) -> set[str]:
    """The graph inputs (not initializers) whose values the values `names` are computed from."""
    return _feeding(model.graph.node, names, {value.name for value in graph_inputs(model)})


def import_specialised(
    model: onnx.ModelProto,
    arrays: Mapping[str, np.ndarray],
    input_shapes: Mapping[str, Sequence[int]] | None = None,
    progress: Callable[[str], None] | None = None,
    weights: WeightCollector | None = None,
    directory: Path | None = None,
) -> tuple[ModuleOp, frozenset[str]]:
    """The gawee module of `model` specialised on the values of the graph inputs it needs
    as constants (`arrays` holds every graph input's value), and the names of those
    inputs, which its @main does not take: the graph inputs that a Reshape target, the
    axes of a reduction, ... are computed from, as a JIT specialises on guarded values.
    `weights` and `directory` as for `import_onnx`."""
    bound: set[str] = set()
    while True:
        try:
            shapes = {name: shape for name, shape in (input_shapes or {}).items() if name not in bound}
            values = {name: arrays[name] for name in bound}
            if weights is not None:
                weights.clear()  # (what an attempt that failed took)
            module = import_onnx(model, shapes, values, weights, directory, progress)
            return module, frozenset(bound)
        except NotConstantError as error:
            needed = graph_inputs_feeding(model, *error.values) - bound
            if not needed:
                raise
            bound |= needed


_MISREAD_DEFAULTS = frozenset({"STFT"})
"""Operators whose shape inference in onnx 1.23 reads an absent attribute as other than
its default (STFT's onesided as 0, where the default is 1)."""


def _with_explicit_defaults(model: onnx.ModelProto, opset: int) -> None:
    """Writes out the absent attributes that have a default of the function-defined nodes
    (onnx 1.23's shape inference of a function body fails where the body reads an absent
    one: MeanVarianceNormalization without axes from opset 13) and of the operators
    whose inference misreads them (`_MISREAD_DEFAULTS`)."""
    for node in model.graph.node:
        if node.domain not in ("", "ai.onnx"):
            continue
        try:
            schema = onnx.defs.get_schema(node.op_type, opset)
        except onnx.defs.SchemaError:  # (an unknown operator: the import names it later)
            continue
        if not schema.function_body.node and node.op_type not in _MISREAD_DEFAULTS:
            continue
        given = {attr.name for attr in node.attribute}
        for name, attr in schema.attributes.items():
            if name not in given and attr.default_value.name:
                node.attribute.append(attr.default_value)


def _opset(model: onnx.ModelProto) -> int:
    return next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 1)


def _fold(node: onnx.NodeProto, opset: int, constants: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The node's outputs by name, computed by onnx's reference evaluator. The node goes in as a
    model of `opset`: given the node alone, the evaluator runs some operators at their
    newest version (Unsqueeze of opset 11 with its axes attribute fails as Unsqueeze 13)."""
    feeds = {name: constants[name] for name in node.input if name}
    outputs = [name for name in node.output if name]
    graph = onnx.helper.make_graph(
        [node],
        "fold",
        [onnx.helper.make_empty_tensor_value_info(name) for name in feeds],
        [onnx.helper.make_empty_tensor_value_info(name) for name in outputs],
    )
    model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", opset)])
    with np.errstate(all="ignore"):  # IEEE results (inf, NaN), as ONNX Runtime computes them, silently
        return {name: np.asarray(v) for name, v in zip(outputs, ReferenceEvaluator(model).run(None, feeds))}


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


def _fold_cast_like(context: ImportContext) -> np.ndarray | None:
    """CastLike of a constant to the type of a run-time value, which it reads only for
    its type (function bodies cast their constants so), or None."""
    node = context.node
    if (
        node.op_type != "CastLike"
        or node.input[0] not in context.constants
        or node.input[1] not in context.values
    ):
        return None
    value, like = context.constants[node.input[0]], context.values[node.input[1]]
    feeds = {node.input[0]: value, node.input[1]: np.zeros((), numpy_dtype(element_type(like)))}
    return _fold(node, context.opset, feeds)[node.output[0]]


def _types(graph: onnx.GraphProto) -> dict[str, onnx.TypeProto]:
    """The types of the graph's values that ONNX's inference gives, and the initializers'."""
    types = {
        v.name: v.type
        for v in [*graph.input, *graph.value_info, *graph.output]
        if v.type.HasField("tensor_type")
    }
    for init in graph.initializer:
        types.setdefault(init.name, onnx.helper.make_tensor_type_proto(init.data_type, init.dims))
    return types


def _names(graph: onnx.GraphProto) -> set[str]:
    """Every value name the graph uses: an expansion's fresh names avoid them."""
    names = {v.name for v in [*graph.input, *graph.output, *graph.value_info, *graph.initializer]}
    for node in _all_nodes(graph.node):
        names.update([*node.input, *node.output])
    return names


def static_shapes(graph: onnx.GraphProto) -> dict[str, tuple[int, ...]]:
    return {
        value_info.name: shape
        for value_info in [*graph.value_info, *graph.output, *graph.input]
        if (shape := _static_shape(value_info)) is not None
    }


def _unsupported_in_body(
    node: onnx.NodeProto,
    opset: int,
    types: Mapping[str, onnx.TypeProto],
    known: set[str],
    constants: Mapping[str, object],
    taken: set[str],
) -> dict[str, list[str]] | None:
    """What of `node`'s function body does not import (`unsupported_nodes` of it), or
    None if ONNX defines no function for it, or ONNX cannot infer the body's types."""
    arrays = {name: value for name in node.input if isinstance(value := constants.get(name), np.ndarray)}
    try:
        expansion = expand(node, opset, types, arrays, taken)
    except (onnx.shape_inference.InferenceError, onnx.checker.ValidationError):
        return None
    if expansion is None:
        return None
    body_known = {name: None for name in node.input if name in known}
    return unsupported_nodes(expansion.graph, body_known, static_shapes(expansion.graph), expansion.opset)


def unsupported_nodes(
    graph: onnx.GraphProto, constants: Mapping[str, object], shapes: Mapping[str, object], opset: int
) -> dict[str, list[str]]:
    """The nodes no converter carries, by operator (domain-qualified outside the default
    domain), each a list of node names in graph order. A node whose inputs are all
    constants is not one, nor Shape or Size of a static shape: the importer folds them (as
    `import_onnx` does: the nodes after an unsupported one may fold too, so this is the
    list of what stops the import); nor an operator ONNX defines by a function whose
    body imports (one whose body does not is listed with what the body lacks). `graph`
    has ONNX's inferred types (`value_info`)."""
    from nnstack.frontend.onnx.converters import CONVERTERS

    known = set(constants)
    types, taken = _types(graph), _names(graph)
    found: dict[str, list[str]] = {}
    for node in graph.node:
        name = node.name or node.output[0]
        default_domain = node.domain in ("", "ai.onnx")
        shape_query = node.op_type in ("Shape", "Size") and (
            node.input[0] in shapes or node.input[0] in known
        )
        if default_domain and shape_query:
            known.update(node.output)
        elif default_domain and all(i in known for i in reads(node)) and node.op_type != "RandomNormal":
            known.update(node.output)
        elif not default_domain:
            found.setdefault(f"{node.domain}.{node.op_type}", []).append(name)
        elif node.op_type not in CONVERTERS:
            lacking = _unsupported_in_body(node, opset, types, known, constants, taken)
            if lacking is None:
                found.setdefault(node.op_type, []).append(name)
            elif lacking:
                operator = f"{node.op_type} (its function body lacks {', '.join(sorted(lacking))})"
                found.setdefault(operator, []).append(name)
    return found


def _unsupported_error(found: Mapping[str, list[str]], opset: int) -> OnnxImportError:
    """One line naming every operator the import lacks, with its count, first node and
    (for an operator the importer does not map) why."""
    parts = [
        f"{operator} ({len(names)} node{'s' if len(names) > 1 else ''}, the first '{names[0]}'"
        + (f"; {UNSUPPORTED_OPERATORS[operator]})" if operator in UNSUPPORTED_OPERATORS else ")")
        for operator, names in sorted(found.items(), key=lambda item: (-len(item[1]), item[0]))
    ]
    return OnnxImportError(f"operators gawee has no lowering for (opset {opset}): " + ", ".join(parts))


def _input_types(context: ImportContext) -> dict[str, onnx.TypeProto]:
    """The types of the node's inputs as the import holds them (a constant's: its array's)."""
    elements = {element: code for code, element in ELEMENT_TYPES.items()}
    types: dict[str, onnx.TypeProto] = {}
    for name in context.node.input:
        if name in context.constants:
            array = context.constants[name]
            code = onnx.helper.np_dtype_to_tensor_dtype(array.dtype)
            types[name] = onnx.helper.make_tensor_type_proto(code, array.shape)
        elif name in context.values and isinstance(value_type := context.values[name].type, TensorType):
            code = elements[value_type.element_type]
            types[name] = onnx.helper.make_tensor_type_proto(code, value_type.get_shape())
    return types


def _expand_node(context: ImportContext) -> None:
    """Imports the node as the nodes of ONNX's function definition of its operator (at
    the body's own opset); fails if there is none, naming what of the body fails."""
    try:
        expansion = expand(
            context.node, context.opset, _input_types(context), context.constants, context.taken
        )
    except (onnx.shape_inference.InferenceError, onnx.checker.ValidationError) as error:
        raise context.fail(
            f"ONNX's shape inference of its function body fails: {str(error).splitlines()[0]}"
        ) from None
    if expansion is None:
        reason = UNSUPPORTED_OPERATORS.get(context.node.op_type)
        raise context.fail("no gawee lowering for this operator" + (f": {reason}" if reason else ""))
    for name, shape in static_shapes(expansion.graph).items():
        context.shapes.setdefault(name, shape)
    for node in expansion.nodes:
        try:
            import_node(dataclasses.replace(context, node=node, opset=expansion.opset))
        except NotConstantError as error:
            # what the body needs as a constant comes from some of the node's inputs
            feeding = _feeding(expansion.nodes, error.values, set(context.node.input))
            message = str(context.fail(f"expanded from ONNX's function definition, {error}"))
            raise NotConstantError(message, feeding) from None
        except OnnxImportError as error:
            raise context.fail(f"expanded from ONNX's function definition, {error}") from None


def import_node(context: ImportContext) -> None:
    """Folds the node, converts it, or expands it from its function definition."""
    from nnstack.frontend.onnx.converters import CONVERTERS

    node = context.node
    if node.domain not in ("", "ai.onnx"):
        raise OnnxImportError(
            f"node '{node.name or node.output[0]}' ({node.op_type}, domain {node.domain}): "
            "operators outside the default ONNX domain are not supported"
        )
    if (shape := _fold_shape_query(context)) is not None or (shape := _fold_cast_like(context)) is not None:
        context.constants[node.output[0]] = shape
        return
    foldable = node.op_type != "RandomNormal" and not outer_references(node)
    if foldable and all(name in context.constants for name in node.input if name):
        try:
            context.constants.update(_fold(node, context.opset, context.constants))
            return
        except (RuntimeError, ValueError, TypeError, NotImplementedError, KeyError, IndexError):
            # the reference evaluator fails on some valid nodes (GatherElements with
            # indices smaller than the data): the node runs in the program instead
            pass
    converter = CONVERTERS.get(node.op_type)
    if converter is not None:
        converter(context)
    else:
        _expand_node(context)


def importable(op_type: str) -> bool:
    """Whether the importer has a way to import the default-domain operator `op_type`: a
    converter, or ONNX's function definition of it (whose body must import in turn)."""
    from nnstack.frontend.onnx.converters import CONVERTERS

    return op_type in CONVERTERS or function_defined(op_type)


def load_model(path: str | Path, external_data: bool = True) -> onnx.ModelProto:
    """The model in file `path`, with its external data unless `external_data` is false
    (then its initializers name where their data is); `OnnxImportError` if it cannot be
    read."""
    try:
        return onnx.load(str(path), load_external_data=external_data)
    except (OSError, DecodeError, onnx.checker.ValidationError) as error:  # (missing external data)
        raise OnnxImportError(f"cannot read ONNX model '{path}': {error}") from None


def model_from_bytes(data: bytes, origin: str = "standard input") -> onnx.ModelProto:
    """The model serialized in `data` (read from `origin`); `OnnxImportError` if it is
    not one, or if it keeps weights in external data files (named relative to a model
    file that `data` does not have)."""
    try:
        model = onnx.load_model_from_string(data)
    except DecodeError as error:
        raise OnnxImportError(f"cannot read an ONNX model from {origin}: {error}") from None
    if any(t.data_location == onnx.TensorProto.EXTERNAL for t in model.graph.initializer):
        raise OnnxImportError(
            f"the ONNX model on {origin} keeps weights in external data files, which only a "
            "model file can name: give the model's path instead"
        )
    return model


def looks_like_onnx(data: bytes) -> bool:
    """Whether `data` is an ONNX model rather than MLIR text: text starts with a printable
    character or whitespace, a serialized model with a protobuf field tag that is a
    control character (0x08: its `ir_version`, which every valid model has)."""
    return bool(data) and data[0] < 0x20 and data[:1] not in b"\t\n\v\f\r"


def import_onnx(
    model: onnx.ModelProto | str | Path,
    input_shapes: Mapping[str, Sequence[int]] | None = None,
    input_values: Mapping[str, np.ndarray] | None = None,
    weights: WeightCollector | None = None,
    directory: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> ModuleOp:
    """The gawee module of `model` (a ModelProto or a path), with `@main`; the graph inputs
    named in `input_values` are constants of those values (@main does not take them).
    With `weights`, the constants it takes are `dense_resource`s of its tensors (for a
    weights file beside the module); without, they are dense attributes in the module.

    Read from a path, the model's external data is mapped, not loaded: the weights are
    held once. A ModelProto read with `load_model(path, external_data=False)` is given
    the `directory` of its file, where its external data is. `progress` is told what the
    import is doing (shape inference, the bytes of weights read, the nodes converted),
    about ten times a second at most, for a progress line."""
    told = ImportProgress(progress)
    if not isinstance(model, onnx.ModelProto):
        model, directory = load_model(model, external_data=False), Path(model).parent
    if not model.HasField("graph"):  # an empty file parses as an empty ModelProto
        raise OnnxImportError("not an ONNX model: it has no graph")
    opset = _opset(model)
    model, large = skeleton(model, directory, told)
    _set_input_values(model, input_values or {})
    _set_input_shapes(model, input_shapes or {})
    _with_explicit_defaults(model, opset)
    told.stage("shape inference")
    try:
        model = onnx.shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)
    except (onnx.shape_inference.InferenceError, onnx.checker.ValidationError) as error:
        raise OnnxImportError(f"ONNX shape inference fails: {str(error).splitlines()[0]}") from None
    graph = model.graph

    for output in graph.output:
        if (kind := output.type.WhichOneof("value")) not in ("tensor_type", None):
            raise OnnxImportError(
                f"output '{output.name}' is of {kind}, which gawee cannot carry (only tensors)"
            )
    shapes = static_shapes(graph)
    unchecked: set[str] = set()
    constants = initializer_values(graph, large)

    inputs = graph_inputs(model)
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
        arg.name_hint = name_hint(value_info.name)
        values[value_info.name] = arg
        if 0 in shapes[value_info.name]:
            # an empty tensor has one value, known now: what reads it folds (ReduceX of an
            # empty set is its identity)
            dtype = onnx.helper.tensor_dtype_to_np_dtype(value_info.type.tensor_type.elem_type)
            constants[value_info.name] = np.zeros(shapes[value_info.name], dtype)
    builder = Builder(InsertPoint.at_end(block))

    found = unsupported_nodes(graph, constants, shapes, opset)
    if len(found) > 1 or any(len(names) > 1 for names in found.values()):
        raise _unsupported_error(found, opset)
    taken = _names(graph)
    told.stage(f"converting {len(graph.node)} nodes")
    for index, node in enumerate(graph.node):
        import_node(ImportContext(node, opset, builder, values, constants, shapes, unchecked, weights, taken))
        told.count(f"{index + 1}/{len(graph.node)} nodes")

    outputs = []
    for output in graph.output:
        # an output that is a constant (or an input) is returned through the value it names
        identity = onnx.helper.make_node("Identity", [output.name], [output.name])
        outputs.append(
            ImportContext(identity, opset, builder, values, constants, shapes, weights=weights).value(0)
        )
    builder.insert(func.ReturnOp(*outputs))
    main = func.FuncOp("main", (input_types, [o.type for o in outputs]), Region(block))
    return ModuleOp([main])

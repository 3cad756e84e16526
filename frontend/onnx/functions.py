"""Operators that ONNX defines by a function (Attention, SoftmaxCrossEntropyLoss,
CenterCropPad, ...): the importer expands a node of one that no converter maps into the
nodes of its function body, which then import as every node does.

ONNX gives an operator's function either as a fixed body (`OpSchema.has_function`) or
as one built for the node and its input types (`has_context_dependent_function`), each
for the opset versions where it changed. The body is taken at the newest of those at or
before the model's opset, with its own opset import: its nodes have the semantics of
that opset (ONNX refuses a body whose operators changed since, but the body with its
opset still defines the node). The names inside a body node's subgraph (an If's
branches) are renamed as the body's: a branch reads the body's values by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

import numpy as np
import onnx
from onnx import numpy_helper

from nnstack.dialects.utils import fresh_name


@dataclass
class Expansion:
    """A node's function body inlined: its nodes (fresh names, the node's inputs and
    outputs bound), the opset they are read at, and its values' types as ONNX infers
    them from the node's input types (a graph: its `value_info`)."""

    nodes: list[onnx.NodeProto]
    opset: int
    graph: onnx.GraphProto


class FunctionSchema(Protocol):
    """The members of ONNX's `OpSchema` that give its function definitions (onnx's type
    stubs leave them out)."""

    name: str
    domain: str
    since_version: int
    attributes: Mapping[str, onnx.defs.OpSchema.Attribute]
    function_opset_versions: Sequence[int]
    context_dependent_function_opset_versions: Sequence[int]

    def get_function_with_opset_version(self, opset: int) -> bytes: ...

    def get_context_dependent_function_with_opset_version(
        self, opset: int, node: bytes, input_types: Sequence[bytes]
    ) -> bytes: ...


def _schemas(op_type: str) -> Iterator[FunctionSchema]:
    """Every version of the default-domain operator `op_type`, newest first."""
    return _schemas_at(op_type, onnx.defs.onnx_opset_version())


def _schemas_at(op_type: str, opset: int) -> Iterator[FunctionSchema]:
    """The versions of the default-domain operator `op_type` at or before `opset`, newest first."""
    version = opset
    while version > 0:
        try:
            schema = cast(FunctionSchema, onnx.defs.get_schema(op_type, version))
        except onnx.defs.SchemaError:
            return
        yield schema
        version = schema.since_version - 1


def _opsets(schema: FunctionSchema) -> list[int]:
    return [*schema.function_opset_versions, *schema.context_dependent_function_opset_versions]


def function_opsets(op_type: str) -> list[int]:
    """The opsets at which ONNX (re)defines the default-domain operator `op_type` by a
    function, oldest first (none: it has no function)."""
    return sorted({opset for schema in _schemas(op_type) for opset in _opsets(schema)})


def function_defined(op_type: str) -> bool:
    """Whether ONNX defines the default-domain operator `op_type` by a function at some opset."""
    return bool(function_opsets(op_type))


def function_operators() -> list[str]:
    """Every default-domain operator ONNX defines by a function at some opset, sorted."""
    schemas = [cast(FunctionSchema, s) for s in onnx.defs.get_all_schemas_with_history()]
    return sorted({s.name for s in schemas if s.domain in ("", "ai.onnx") and _opsets(s)})


def function_body(
    node: onnx.NodeProto, opset: int, input_types: Sequence[onnx.TypeProto]
) -> tuple[onnx.FunctionProto, FunctionSchema] | None:
    """ONNX's function definition of `node` at `opset` and the operator's schema, or None
    (no function at or before this opset, or none for these input types)."""
    if node.domain not in ("", "ai.onnx"):
        return None
    schema = next(iter(_schemas_at(node.op_type, opset)), None)
    if schema is None:
        return None
    fixed = [v for v in schema.function_opset_versions if v <= opset]
    built = [v for v in schema.context_dependent_function_opset_versions if v <= opset]
    if fixed:
        data = schema.get_function_with_opset_version(max(fixed))
    elif built:
        types = [t.SerializeToString() for t in input_types]
        data = schema.get_context_dependent_function_with_opset_version(
            max(built), node.SerializeToString(), types
        )
    else:
        return None
    return (onnx.FunctionProto.FromString(data), schema) if data else None


def inline(
    node: onnx.NodeProto, function: onnx.FunctionProto, schema: FunctionSchema, taken: set[str]
) -> list[onnx.NodeProto]:
    """The nodes of `function` for `node`: its formal inputs and outputs are the node's
    (an absent input is "", an output the node does not name a fresh value), every other
    value a fresh name under the node's first output (`taken`: the names in use), its
    attribute references resolved."""
    scope = node.output[0] if node.output and node.output[0] else node.name or node.op_type
    names = {
        formal: (node.input[i] if i < len(node.input) else "") for i, formal in enumerate(function.input)
    }
    names.update({formal: actual for formal, actual in zip(function.output, node.output) if actual})
    names[""] = ""

    def rename(name: str) -> str:
        if name not in names:
            names[name] = fresh_name(f"{scope}/{name}", taken)
        return names[name]

    given = {attr.name: attr for attr in node.attribute}
    defaults = {name: a.default_value for name, a in schema.attributes.items() if a.default_value.name}
    defaults.update({attr.name: attr for attr in function.attribute_proto})
    nodes = []
    for body_node in function.node:
        inlined = onnx.NodeProto()
        inlined.CopyFrom(body_node)
        del inlined.input[:], inlined.output[:], inlined.attribute[:]
        inlined.input.extend(rename(name) for name in body_node.input)
        inlined.output.extend(rename(name) for name in body_node.output)
        for attr in body_node.attribute:
            if not attr.ref_attr_name:
                inlined.attribute.append(_renamed_attribute(attr, rename))
            elif (source := given.get(attr.ref_attr_name, defaults.get(attr.ref_attr_name))) is not None:
                resolved = inlined.attribute.add()
                resolved.CopyFrom(source)
                resolved.name = attr.name
        label = body_node.name or next((o for o in body_node.output if o), body_node.op_type)
        inlined.name = f"{scope}/{label}"
        nodes.append(inlined)
    return nodes


def _renamed_attribute(attr: onnx.AttributeProto, rename: Callable[[str], str]) -> onnx.AttributeProto:
    """`attr` with the value names of its subgraphs (if any) renamed by `rename`."""
    if attr.type not in (onnx.AttributeProto.GRAPH, onnx.AttributeProto.GRAPHS):
        return attr
    renamed = onnx.AttributeProto()
    renamed.CopyFrom(attr)
    for graph in [renamed.g] if attr.type == onnx.AttributeProto.GRAPH else list(renamed.graphs):
        for value in [*graph.input, *graph.output, *graph.value_info, *graph.initializer]:
            value.name = rename(value.name)
        for node in graph.node:
            node.input[:] = [rename(name) for name in node.input]
            node.output[:] = [rename(name) for name in node.output]
            attributes = [_renamed_attribute(a, rename) for a in node.attribute]
            del node.attribute[:]
            node.attribute.extend(attributes)
    return renamed


def _body_opset(function: onnx.FunctionProto) -> int:
    return next((o.version for o in function.opset_import if o.domain in ("", "ai.onnx")), 1)


def expand(
    node: onnx.NodeProto,
    opset: int,
    types: Mapping[str, onnx.TypeProto],
    constants: Mapping[str, np.ndarray],
    taken: set[str],
) -> Expansion | None:
    """`node` expanded from ONNX's function definition at `opset`, or None if ONNX has
    none; `types` gives the node's input types, `constants` the values of those known at
    import (for ONNX's inference of the body's shapes). Raises `onnx.shape_inference.
    InferenceError` where ONNX cannot infer the body's types."""
    input_types = [types.get(name, onnx.TypeProto()) if name else onnx.TypeProto() for name in node.input]
    found = function_body(node, opset, input_types)
    if found is None:
        return None
    function, schema = found
    nodes = inline(node, function, schema, taken)
    inputs = list(dict.fromkeys(name for name in node.input if name))
    graph = onnx.helper.make_graph(
        nodes,
        f"{node.op_type}_body",
        [
            onnx.helper.make_value_info(name, types.get(name, onnx.TypeProto()))
            for name in inputs
            if name not in constants
        ],
        [onnx.helper.make_empty_tensor_value_info(name) for name in node.output if name],
        [numpy_helper.from_array(np.asarray(constants[name]), name) for name in inputs if name in constants],
    )
    model = onnx.helper.make_model(graph, opset_imports=list(function.opset_import))
    inferred = onnx.shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)
    return Expansion(nodes, _body_opset(function), inferred.graph)

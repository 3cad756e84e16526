"""ONNX's If, imported as the branch its condition chooses: gawee has no control flow,
but the conditions that exporters and ONNX's function bodies write are known at import
(a rank, an attribute, a static size), and one computed from graph inputs is known at
`run`, where the backend specialises on it."""

from __future__ import annotations

import dataclasses

from onnx import numpy_helper

from nnstack.frontend.errors import NotConstantError, OnnxImportError
from nnstack.frontend.onnx.context import ImportContext


def convert_if(context: ImportContext) -> None:
    """The branch the condition chooses, imported in place: its nodes read the enclosing
    graph's values by name, and its outputs are the If's. The condition must be known at
    import (a constant, or computed from constants and static shapes, which the importer
    folds); one computed from graph inputs is specialised on at run by the backend and
    `nnstack-run MODEL.onnx` (the model imported once per distinct value of those
    inputs, even data: a condition on the data makes a program per distinct input);
    imported without them (nnstack-import-onnx), such an If is a one-line error: gawee
    has no control flow. A branch output that is no tensor (a sequence, an optional) is
    rejected."""
    from nnstack.frontend.onnx.importer import (
        import_node,
        static_shapes,
    )  # (the importer imports the converters)

    condition = context.scalar(0, "the condition")
    branch = context.attribute("then_branch" if bool(condition) else "else_branch")
    which = "then" if bool(condition) else "else"
    for value in branch.output:
        if value.type.WhichOneof("value") not in ("tensor_type", None):
            kind = value.type.WhichOneof("value")
            raise context.fail(
                f"its {which} branch's output '{value.name}' is of {kind}, which gawee cannot carry (only tensors)"
            )
    if len(branch.output) != len(context.node.output):
        raise context.fail(
            f"the {which} branch has {len(branch.output)} outputs, the node {len(context.node.output)}"
        )
    for initializer in branch.initializer:
        context.constants[initializer.name] = numpy_helper.to_array(initializer)
    for name, shape in static_shapes(branch).items():
        context.shapes.setdefault(name, shape)
    for node in branch.node:
        try:
            import_node(dataclasses.replace(context, node=node))
        except NotConstantError as error:
            raise NotConstantError(
                str(context.fail(f"in its {which} branch, {error}")), error.values
            ) from None
        except OnnxImportError as error:
            raise context.fail(f"in its {which} branch, {error}") from None
    for outer, inner in zip(context.node.output, (value.name for value in branch.output), strict=True):
        if not outer:
            continue
        if inner in context.constants:
            context.constants[outer] = context.constants[inner]
        elif inner in context.values:
            context.define_output(outer, context.values[inner])
        else:
            raise context.fail(f"the {which} branch's output '{inner}' is not a tensor gawee carries")

"""ONNX's If, Scan and Loop. gawee has no control flow, but what they do is known at
import: an If's condition as exporters and ONNX's function bodies write it (a rank, an
attribute, a static size; one computed from graph inputs is known at `run`, where the
backend specialises on it), a Scan's number of steps (a static dim of its inputs) and a
Loop's trip count (a constant, or specialised on at run)."""

from __future__ import annotations

import dataclasses

import numpy as np
import onnx
from onnx import numpy_helper
from xdsl.dialects import arith
from xdsl.ir import SSAValue

from nnstack.dialects import gawee
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
    _declare_body(context, branch)
    _import_nodes(context, branch, f"in its {which} branch")
    for outer, inner in zip(context.node.output, branch.output, strict=True):
        if outer:
            _define(context, outer, _output(context, inner.name, f"the {which} branch's"))


Bound = SSAValue | np.ndarray
"""A value a body's input is bound to: a value of the program, or a constant (which the
body's nodes then fold)."""


def convert_scan(context: ImportContext) -> None:
    """Scan from opset 9, unrolled: its number of steps is the scan inputs' (static)
    length, so the body is imported once per step, reading the states the step before
    wrote and the step's slice of each scan input (`scan_input_axes`, reversed where
    `scan_input_directions` is 1); the scan outputs are the steps' slices stacked along
    `scan_output_axes` (in reverse where `scan_output_directions` is 1). The program grows
    with the number of steps. Scan of opsets 8 (a batch axis and sequence_lens) is
    rejected."""
    if context.opset < 9:
        raise context.fail("Scan before opset 9 (a batch axis and sequence_lens) is not supported")
    body: onnx.GraphProto = context.attribute("body")
    scans = int(context.attribute("num_scan_inputs"))
    count = len(context.node.input) - scans
    outputs = len(body.output) - count
    ranks = [len(context.shape(count + j)) for j in range(scans)]
    in_axes = [a % r for a, r in zip(context.ints("scan_input_axes", [0] * scans), ranks)]
    in_reversed = context.ints("scan_input_directions", [0] * scans)
    lengths = {context.shape(count + j)[in_axes[j]] for j in range(scans)}
    if len(lengths) != 1:
        raise context.fail(f"the scan inputs have different lengths {sorted(lengths)}")
    (steps,) = lengths
    states = [_input(context, i) for i in range(count)]
    slices: list[list[Bound]] = [[] for _ in range(outputs)]
    _declare_body(context, body)
    for step in range(steps):
        bound = dict(zip((value.name for value in body.input), states))
        for j in range(scans):
            index = steps - 1 - step if in_reversed[j] else step
            sliced = gawee.SliceOp(context.value(count + j), [index], [index + 1], [in_axes[j]], [1])
            bound[body.input[count + j].name] = context.emit_value(
                gawee.SqueezeOp(context.emit_value(sliced), [in_axes[j]])
            )
        results = _import_body(context, body, bound, f"at step {step} of its body")
        states = results[:count]
        for sliced_outputs, result in zip(slices, results[count:]):
            sliced_outputs.append(result)
    out_axes = context.ints("scan_output_axes", [0] * outputs)
    out_reversed = context.ints("scan_output_directions", [0] * outputs)
    stacked = [
        _stack(context, parts[::-1] if out_reversed[k] else parts, out_axes[k])
        for k, parts in enumerate(slices)
    ]
    _define_outputs(context, [*states, *stacked])


def convert_loop(context: ImportContext) -> None:
    """Loop, unrolled: its trip count (input M) and condition must be known at import
    (or at run, where the backend specialises on them), and so must the condition the
    body computes at each step (it usually passes the one it reads on); the body is
    imported once per step with the step number and the carried values bound to its
    inputs, and the scan outputs are the steps' values stacked on a new first axis. A
    Loop without a trip count (a while loop) is rejected, and so is one with scan
    outputs that runs no step (zero-size tensors). The program grows with the trip count."""
    if not context.has_input(0):
        raise context.fail("a Loop without a trip count (a while loop) is not supported")
    trips = int(context.scalar(0, "the trip count"))
    running = bool(context.scalar(1, "the condition")) if context.has_input(1) else True
    body: onnx.GraphProto = context.attribute("body")
    count = len(context.node.input) - 2
    states = [_input(context, 2 + i) for i in range(count)]
    slices: list[list[Bound]] = [[] for _ in range(len(body.output) - 1 - count)]
    _declare_body(context, body)
    step = 0
    while running and step < trips:
        names = [value.name for value in body.input]
        bound = {
            names[0]: np.array(step, np.int64),
            names[1]: np.array(running),
            **dict(zip(names[2:], states)),
        }
        results = _import_body(context, body, bound, f"at step {step} of its body")
        if not isinstance(results[0], np.ndarray):
            raise context.fail(f"at step {step}, the body's condition is computed from run-time values")
        running, states = bool(results[0]), results[1 : 1 + count]
        for sliced_outputs, result in zip(slices, results[1 + count :]):
            sliced_outputs.append(result)
        step += 1
    if slices and step == 0:
        raise context.fail("it runs no step, so its scan outputs are empty (zero-size tensors)")
    _define_outputs(context, [*states, *(_stack(context, parts, 0) for parts in slices)])


def _input(context: ImportContext, index: int) -> Bound:
    """Input `index`: its array if it is a constant, else its value."""
    name = context.node.input[index]
    return context.constants[name] if name in context.constants else context.value(index)


def _as_value(context: ImportContext, bound: Bound) -> SSAValue:
    if isinstance(bound, SSAValue):
        return bound
    return context.builder.insert(arith.ConstantOp(context.dense(bound, "a constant of the body"))).result


def _stack(context: ImportContext, parts: list[Bound], axis: int) -> Bound:
    """The parts stacked along a new `axis` (counted in the result's rank)."""
    arrays = [part for part in parts if isinstance(part, np.ndarray)]
    if len(arrays) == len(parts):
        return np.stack(arrays, axis=axis % (arrays[0].ndim + 1))
    values = [_as_value(context, part) for part in parts]
    axis %= len(values[0].type.get_shape()) + 1  # type: ignore[attr-defined]
    unsqueezed = [context.emit_value(gawee.UnsqueezeOp(value, [axis])) for value in values]
    return unsqueezed[0] if len(unsqueezed) == 1 else context.emit_value(gawee.CatOp(unsqueezed, axis))


def _define(context: ImportContext, name: str, result: Bound) -> None:
    """The node's output `name` is `result`; a constant stays one (later nodes fold on it)."""
    if isinstance(result, np.ndarray):
        context.constants[name] = result
    else:
        context.define_output(name, result)


def _define_outputs(context: ImportContext, results: list[Bound]) -> None:
    """The node's outputs, in order (an output left out, an empty name, is not recorded)."""
    for name, result in zip(context.node.output, results, strict=True):
        if name:
            _define(context, name, result)


def _output(context: ImportContext, name: str, whose: str) -> Bound:
    """The value a graph imported in place gave `name`: its constant where it folded."""
    if name in context.constants:
        return context.constants[name]
    if name in context.values:
        return context.values[name]
    raise context.fail(f"{whose} output '{name}' is not a tensor gawee carries")


def _declare_body(context: ImportContext, body: onnx.GraphProto) -> None:
    """The body's constants and its values' static shapes, into the import's."""
    from nnstack.frontend.onnx.importer import static_shapes

    for initializer in body.initializer:
        context.constants[initializer.name] = numpy_helper.to_array(initializer)
    for name, shape in static_shapes(body).items():
        context.shapes.setdefault(name, shape)


def _import_body(
    context: ImportContext, body: onnx.GraphProto, bound: dict[str, Bound], where: str
) -> list[Bound]:
    """The body's outputs (a constant where it folds), its inputs `bound` to those values:
    each of its nodes imported in turn, after the values an earlier import of the body
    left under its names are forgotten (so none of them is read as this step's)."""
    for name in [*bound, *(output for node in body.node for output in node.output)]:
        context.values.pop(name, None)
        context.constants.pop(name, None)
    for name, value in bound.items():
        if isinstance(value, np.ndarray):
            context.constants[name] = value
            context.shapes[name] = value.shape
        else:
            context.values[name] = value
            context.shapes[name] = tuple(value.type.get_shape())  # type: ignore[attr-defined]
    _import_nodes(context, body, where)
    return [_output(context, value.name, "the body's") for value in body.output]


def _import_nodes(context: ImportContext, graph: onnx.GraphProto, where: str) -> None:
    """Each node of `graph` imported in turn into the enclosing graph (it reads its values
    by name); an error is the node's, said to be `where`."""
    from nnstack.frontend.onnx.importer import import_node  # (the importer imports the converters)

    for node in graph.node:
        try:
            import_node(dataclasses.replace(context, node=node))
        except NotConstantError as error:
            raise NotConstantError(str(context.fail(f"{where}, {error}")), error.values) from None
        except OnnxImportError as error:
            raise context.fail(f"{where}, {error}") from None

"""The `nnstack-inline-weights` pass: weights from the file into the text.

A module whose constants are `dense_resource`s of its weights file
(`dialects/weights.py`) is IR that `mlir-opt` parses but cannot compute with: it has no
blob for them. This pass reads each such constant from the file into a dense one and
drops the module's `nnstack.weights`, giving a self-contained module for upstream
tools (`mlir-opt-19`, IREE). It reads every tensor it inlines: use it for them, not
for nnstack's own tools, which map the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from nnstack.dialects.values import dense_attribute
from nnstack.dialects.weights import WEIGHTS, WeightsError, resource_array, resource_constants
from nnstack.transforms.utils import Problem, fail_at_ops


@dataclass(frozen=True)
class InlineWeightsPass(ModulePass):
    """Replaces each `dense_resource` constant by a dense one of its weights-file tensor
    and drops the module's `nnstack.weights`."""

    name = "nnstack-inline-weights"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        dense = {}
        problems: list[Problem] = []
        for owner, value in resource_constants(op):
            try:
                array = resource_array(value, owner)
                dense[owner] = dense_attribute(array, value.type.get_element_type())  # pyright: ignore[reportAttributeAccessIssue]
            except WeightsError as error:
                problems.append((owner, str(error)))
        fail_at_ops(self.name, problems)  # the module is unchanged when any is missing
        for owner, attr in dense.items():
            if "value" in owner.properties:
                owner.properties["value"] = attr
            else:
                owner.attributes["value"] = attr
        op.attributes.pop(WEIGHTS, None)

"""mutmut, also mutating the functions xDSL's decorators register (`python mutmut_decorated.py run ...`).

mutmut 3 leaves every decorated function alone: it copies a function once per mutant,
and a copied `@app.route` would register twice. nnstack's interpreter entry points
(`@impl(Op)`, `@impl_terminator`, ...) and rewrite patterns (`@op_type_rewrite_pattern`)
are decorated, so without this they would never be mutated. Their decorators only mark or
wrap the function, so here they stay on mutmut's trampoline, which is what gets
registered, and are removed from the original's copy and the mutants it switches between.
"""

from __future__ import annotations

import sys
from typing import Any

import libcst as cst

ALLOWED = {
    "impl",
    "impl_terminator",
    "impl_callable",
    "impl_attr",
    "impl_external",
    "op_type_rewrite_pattern",
}


def _name(decorator: cst.Decorator) -> str | None:
    node = decorator.decorator
    if isinstance(node, cst.Call):
        node = node.func
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return node.value if isinstance(node, cst.Name) else None


def _registered(node: cst.CSTNode) -> bool:
    return (
        isinstance(node, cst.FunctionDef)
        and bool(node.decorators)
        and all(_name(d) in ALLOWED for d in node.decorators)
    )


def install() -> None:
    from mutmut.mutation import file_mutation

    skip = file_mutation.MutationVisitor._skip_node_and_children

    def skip_node_and_children(self: Any, node: cst.CSTNode) -> bool:
        if _registered(node):
            assert isinstance(node, cst.FunctionDef)
            return skip(self, node.with_changes(decorators=[]))
        return skip(self, node)

    arrange = file_mutation.function_trampoline_arrangement

    def function_trampoline_arrangement(function: cst.FunctionDef, *args: Any, **kwargs: Any) -> Any:
        declarations, methods, assignments, names = arrange(function, *args, **kwargs)
        if _registered(function):
            trampoline, *copies = methods
            methods = [trampoline, *(c.with_changes(decorators=[]) for c in copies)]
        return declarations, methods, assignments, names

    file_mutation.MutationVisitor._skip_node_and_children = skip_node_and_children
    file_mutation.function_trampoline_arrangement = function_trampoline_arrangement


if __name__ == "__main__":
    install()
    from mutmut.__main__ import cli

    sys.argv[0] = "mutmut"
    cli()

"""Pieces the nnstack passes share: the failure diagnostic, per-function passes, a
pattern walker that keeps source locations, and the cycle collector paused while a
large module is lowered.

Every nnstack pass fails the same way: it first checks everything it would rewrite,
collecting each op it cannot handle with the reason, and only then, if nothing was
found, changes the IR. So a failing pass leaves the IR as it was and names every
offending op, not just the first (`PassFailedAtOps.problems`, which nnstack-opt
reports as one located diagnostic each).
"""

from __future__ import annotations

import gc
import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType, UnionType
from typing import Any, Generic, TypeVar, Union, get_args, get_origin

from xdsl.context import Context
from xdsl.dialects.builtin import LocationAttr, ModuleOp, UnknownLoc
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.utils.diagnostic import Diagnostic
from xdsl.utils.exceptions import PassFailedException

FunctionT = TypeVar("FunctionT", bound=Operation)

Problem = tuple[Operation, str]
"""An op a pass cannot handle and why (`cannot lower X: why`)."""


def op_pattern(
    func: Callable[[Any, Any, PatternRewriter], None],
) -> Callable[[Any, Operation, PatternRewriter], None]:
    """xDSL's `op_type_rewrite_pattern` (the method runs on ops of its `op` annotation's
    type or union of types) that also records those types, so a conversion knows which ops
    its patterns lower without a list kept beside them (`claims`)."""
    annotation = list(inspect.signature(func, eval_str=True).parameters.values())[1].annotation
    types = get_args(annotation) if get_origin(annotation) in (Union, UnionType) else (annotation,)
    wrapped = op_type_rewrite_pattern(func)
    wrapped.op_types = types  # pyright: ignore[reportFunctionMemberAccess]
    return wrapped


def claims(pattern: RewritePattern, op: Operation) -> bool:
    """Whether `pattern` lowers `op`: by its `lowers(op)` method, where it matches ops by
    more than their type, or by the types its `op_pattern` method matches. (An attribute
    check: `isinstance` on a runtime-checkable Protocol costs ten times more.)"""
    lowers = getattr(pattern, "lowers", None)
    if lowers is not None:
        return lowers(op)
    return isinstance(op, getattr(type(pattern).match_and_rewrite, "op_types", ()))


def family_patterns(families: Sequence[ModuleType]) -> list[Any]:
    """The pattern classes the family modules export in their `__all__`, in order: a
    conversion's patterns are declared where they are written, as a dialect's ops are."""
    return [getattr(family, name) for family in families for name in family.__all__]


class PassFailedAtOps(PassFailedException):
    """A pass failure that names the ops it is about, for a diagnostic at each."""

    def __init__(self, message: str, problems: Sequence[Problem]):
        super().__init__(message)
        self.problems = tuple(problems)


def fail_at_ops(pass_name: str, problems: Sequence[Problem]) -> None:
    """Raises `PassFailedAtOps` if there is any problem, else returns.

    The message is `<pass>: <first problem in program order> (and N more)`; the
    printed diagnostic shows the whole module with every op marked with its message.
    """
    if not problems:
        return
    top = problems[0][0].get_toplevel_object()
    position = {op: index for index, op in enumerate(top.walk())} if isinstance(top, Operation) else {}
    ordered = sorted(problems, key=lambda problem: position.get(problem[0], len(position)))
    diagnostic = Diagnostic()
    for op, message in ordered:
        diagnostic.add_message(op, message)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    error = PassFailedAtOps(f"{pass_name}: {ordered[0][1]}{more}", ordered)
    diagnostic.raise_exception(top, error)


def replace_contents(target: Operation, source: Operation) -> None:
    """Gives `target` the regions, properties and attributes of `source`, a rewritten
    copy of it (which is left empty): how a pass that worked on a copy, to leave
    `target` untouched should it fail, commits its result."""
    for old, new in zip(target.regions, source.regions, strict=True):
        for block in list(old.blocks):
            old.detach_block(block).erase(safe_erase=False)
        new.move_blocks(old)
    target.properties = dict(source.properties)
    target.attributes = dict(source.attributes)


@dataclass(frozen=True)
class FunctionPass(ModulePass, ABC, Generic[FunctionT]):
    """A pass that rewrites each function on its own.

    `apply` runs `apply_to` on each of the module's `functions`; a conversion can
    run `apply_to` on just the functions it created.
    """

    @abstractmethod
    def functions(self, module: ModuleOp) -> Iterable[FunctionT]:
        """The functions of `module` the pass rewrites."""

    @abstractmethod
    def apply_to(self, function: FunctionT) -> None: ...

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in list(self.functions(op)):
            self.apply_to(function)


def locate(ops: Iterable[Operation], location: LocationAttr) -> None:
    """Gives `ops` and the ops nested in them that have no location `location`."""
    for op in ops:
        for each in op.walk():
            if isinstance(each.location, UnknownLoc):
                each.location = location


@dataclass(frozen=True)
class KeepLocations(RewritePattern):
    """Applies `pattern`, giving every op it inserts (and the ops nested in them) that has
    no location of its own the location of the op it matched, as MLIR's lowerings pass
    `op->getLoc()` to the ops they build. So a verifier or pass error in lowered IR
    still points at the source line of the op it came from."""

    pattern: RewritePattern

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        inserted: list[Operation] = []
        rewriter.operation_insertion_handler.append(inserted.append)
        try:
            self.pattern.match_and_rewrite(op, rewriter)
        finally:
            rewriter.operation_insertion_handler.remove(inserted.append)
        locate(inserted, op.location)


@dataclass(eq=False, repr=False)
class LocatedRewriteWalker(PatternRewriteWalker):
    """A `PatternRewriteWalker` whose pattern keeps locations (`KeepLocations`)."""

    def __post_init__(self):
        self.pattern = KeepLocations(self.pattern)


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Python's cycle collector off while a model is parsed and lowered (one run of a
    tool, a native compile): it would walk every IR object again and again (xDSL's ops,
    blocks and uses refer to each other; a tenth of the time of a lowering, and of
    convert-llir-to-llvm's a third); the cycles left are collected after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

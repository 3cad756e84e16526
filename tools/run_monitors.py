"""What `nnstack-run` watches while a prepared function runs, step by step
(`nnstack.interpreters.steps.StepObserver`s):

- `Progress`: the steps done, told to the progress line (`Timing.detail`) at most
  every `interval` seconds;
- `FiniteCheck`: the first op whose results hold NaN or Inf although its operands
  hold none, for `--check-finite`'s warning when such values reach the outputs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from xdsl.interpreter import PythonValues
from xdsl.ir import Operation

from nnstack.interpreters.steps import StepObserver
from nnstack.tools.diagnostics import Diagnostic, Severity, at_op


class Progress:
    """Tells `report` `@main: 120/171 ops` as the steps of a prepared function run."""

    def __init__(self, symbol: str, total: int, report: Callable[[str], None], interval: float = 0.1):
        self.symbol = symbol
        self.total = total
        self.report = report
        self.interval = interval
        self.shown = time.monotonic()

    def __call__(self, index: int, op: Operation, operands: PythonValues, results: PythonValues) -> None:
        now = time.monotonic()
        if now - self.shown >= self.interval:
            self.shown = now
            self.report(f"@{self.symbol}: {index + 1}/{self.total} ops")


def has_non_finite(values: Iterable[Any]) -> bool:
    """Whether a floating-point value among `values` holds NaN or Inf."""
    for value in values:
        if isinstance(value, np.ndarray | np.floating) and np.dtype(value.dtype).kind == "f":
            if not np.isfinite(value).all():
                return True
    return False


class FiniteCheck:
    """Remembers the first op that made NaN / Inf out of finite operands."""

    def __init__(self) -> None:
        self.first: Operation | None = None

    def __call__(self, index: int, op: Operation, operands: PythonValues, results: PythonValues) -> None:
        if self.first is None and has_non_finite(results) and not has_non_finite(operands):
            self.first = op

    def warning(self, symbol: str, inputs: Sequence[Any], outputs: Sequence[Any]) -> Diagnostic | None:
        """The warning to give: NaN / Inf in the outputs, none in the inputs."""
        if has_non_finite(inputs) or not has_non_finite(outputs):
            return None
        if self.first is None:
            return Diagnostic(
                Severity.WARNING,
                f"the results of @{symbol} hold NaN or Inf, which its inputs do not; "
                "the op that produced them is not known (a constant, or a function run op by op "
                "inside the interpreter)",
            )
        return at_op(
            self.first,
            f"'{self.first.name}' op produced NaN or Inf from finite operands; the results of "
            f"@{symbol} hold NaN or Inf, which its inputs do not",
            Severity.WARNING,
        )


def observing(*observers: StepObserver | None) -> StepObserver | None:
    """One observer calling each of `observers` (None when there is none)."""
    active = [o for o in observers if o is not None]
    if not active:
        return None
    if len(active) == 1:
        return active[0]

    def observe(index: int, op: Operation, operands: PythonValues, results: PythonValues) -> None:
        for observer in active:
            observer(index, op, operands, results)

    return observe

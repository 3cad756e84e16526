"""Wall time per phase of a tool's run, reported as MLIR's `-mlir-timing` does.

    ===-------------------------------------------------------------------------===
                             ... Execution time report ...
    ===-------------------------------------------------------------------------===
      Total Execution Time: 0.0123 seconds

      ----Wall Time----  ----Name----
        0.0010 (  8.1%)  Parser
        0.0061 ( 49.6%)  Pipeline
        0.0040 ( 32.5%)    convert-gawee-to-mir
        ...
        0.0123 (100.0%)  Total

Phases of several chunks (`--split-input-file`) add up under one name; "Rest" is the
time outside every top-level phase. With a `progress` stream (a terminal, or
`--progress`), each phase shows as it starts on one line that is rewritten in place
(`nnstack-opt: convert-mir-to-llir...`) and cleared at the end; a long phase adds
what it is doing to the line (`nnstack-run: Run: 1,200,000 llir ops, 3.2 s`) through the
`progress` callback the libraries take (`Timing.reporter`).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

RULE = "===" + "-" * 73 + "==="


def add_progress_argument(parser: argparse.ArgumentParser) -> None:
    """The tools' `--progress` / `--no-progress` (`Timing.of_tool`)."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="a line on stderr naming the phase or pass that is running (default: when stderr is a terminal)",
    )


@dataclass
class Timing:
    """The wall time of named phases, a phase's parts indented under it."""

    seconds: dict[tuple[str, int], float] = field(default_factory=dict[tuple[str, int], float])
    """Seconds by (name, depth), in the order the phases first ran."""
    start: float = field(default_factory=time.perf_counter)
    progress: TextIO | None = None
    """Where the line of the phase that is running goes (None: nowhere)."""
    tool: str = ""
    running: str = ""
    """The phase (or pass) the progress line names."""
    running_since: float = 0.0

    @staticmethod
    def of_tool(tool: str, progress: bool | None) -> Timing:
        """The timing of a run of `tool`, showing its progress on stderr if `progress`
        (None: where stderr is a terminal)."""
        shown = sys.stderr.isatty() if progress is None else progress
        return Timing(progress=sys.stderr if shown else None, tool=tool)

    def add(self, name: str, seconds: float, depth: int = 0) -> None:
        key = (name, depth)
        self.seconds[key] = self.seconds.get(key, 0.0) + seconds

    @contextmanager
    def phase(self, name: str, depth: int = 0, shown: bool = True) -> Iterator[None]:
        """Times the body as phase `name`; `shown=False` for a phase that prints: the
        progress line is cleared instead."""
        self.seconds.setdefault((name, depth), 0.0)  # listed before the parts it holds
        if shown:
            self.show(name)
        else:
            self.clear()
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start, depth)

    def show(self, name: str) -> None:
        """The progress line: `name` is running."""
        self.running, self.running_since = name, time.perf_counter()
        if self.progress is not None:
            self.progress.write(f"\r\x1b[K{self.tool}: {name}...")
            self.progress.flush()

    def detail(self, text: str) -> None:
        """The progress line: the running phase is doing `text` (`12/40 nodes`), with the
        seconds it has run. The libraries call it at most ~10 times a second."""
        if self.progress is not None:
            seconds = time.perf_counter() - self.running_since
            self.progress.write(f"\r\x1b[K{self.tool}: {self.running}: {text}, {seconds:.1f} s")
            self.progress.flush()

    def reporter(self) -> Callable[[str], None] | None:
        """The `progress` callback to hand the importer, the interpreters and the native
        backend: `detail`, or None when no progress is shown (so that they count nothing)."""
        return self.detail if self.progress is not None else None

    def clear(self) -> None:
        """Erase the progress line (before the tool prints anything else on its stream)."""
        if self.progress is not None:
            self.progress.write("\r\x1b[K")
            self.progress.flush()

    def report(self) -> str:
        total = max(time.perf_counter() - self.start, 1e-9)
        rest = total - sum(seconds for (_, depth), seconds in self.seconds.items() if depth == 0)
        rows = [*self.seconds.items(), (("Rest", 0), max(rest, 0.0)), (("Total", 0), total)]
        lines = [
            RULE,
            "... Execution time report ...".center(len(RULE)).rstrip(),
            RULE,
            f"  Total Execution Time: {total:.4f} seconds",
            "",
            "  ----Wall Time----  ----Name----",
        ]
        lines += [
            f"  {seconds:8.4f} ({100 * seconds / total:5.1f}%)  {'  ' * depth}{name}"
            for (name, depth), seconds in rows
        ]
        return "\n".join(lines)

"""The steps nnstack-opt and nnstack-run share, each failing with located diagnostics.

`parse` (a parse error), `verify_module` (`nnstack.tools.verifier`) and `apply_passes`
(a pass failure, or IR a pass left invalid) raise `DiagnosticError`; anything else
they raise is a bug, which the tools report with `report_internal_error` instead of a
traceback.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import mmap
import operator
import os
import re
import stat
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import DiagnosticException, ParseError, PassFailedException

from nnstack.dialects.weights import anchored
from nnstack.interpreters.heap import LARGE_INPUT
from nnstack.tools.diagnostics import DiagnosticError, at_op, from_parse_error, from_pass_failure, one_line
from nnstack.tools.located_parser import parse_module
from nnstack.tools.source_text import SourceText, read_source
from nnstack.tools.verifier import verify_module
from nnstack.transforms.gawee_conversion import GaweeConversionPass

SPLIT_MARKER = "// -----"
_CODE_LINE = re.compile(r"^[ \t\r\f\v]*(?!//)\S", re.MULTILINE)
"""The first non-blank character of a line that is not a `//` comment."""


@dataclass(frozen=True)
class Chunk:
    """One `// -----`-separated part of an input: its text keeps the lines before it as
    empty lines, so that positions in it are positions in the whole file."""

    text: str
    first_line: int
    last_line: int | None
    """None: the input's last line (not counted: a model's text is megabytes)."""
    source: SourceText | None = None
    """The whole input as `read_source_text` gives it, with hex literals cut out of
    `text` (a whole input is one chunk)."""

    def is_blank(self) -> bool:
        """Holds nothing but whitespace and comments (searched, not split into lines: the
        first line of code ends the search, before a line of megabytes of weights)."""
        return _CODE_LINE.search(self.text) is None


def read_input(path: str | None) -> str:
    """The UTF-8 text of file `path` (standard input for None or `-`). A large file is
    decoded straight from a memory map of it, without reading its bytes into a copy first."""
    if path is None or path == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    with open(path, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_size < LARGE_INPUT:
            return file.read().decode("utf-8")
        with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
            return str(mapped, "utf-8")


def read_source_text(path: str | None) -> SourceText:
    """The input as `read_input` reads it, with the hex digits of the large dense
    literals of a large file cut out and decoded from its bytes (`source_text`)."""
    if path is not None and path != "-" and _is_large_file(path):
        return read_source(path)
    return SourceText(read_input(path))


def _is_large_file(path: str) -> bool:
    status = os.stat(path)
    return stat.S_ISREG(status.st_mode) and status.st_size >= LARGE_INPUT


def split_chunks(text: str, split: bool) -> list[Chunk]:
    """The input as one chunk, or (`split`) cut at each line that is `// -----`."""
    if not split:
        return [Chunk(text, 1, None)]
    lines = text.split("\n")
    chunks: list[Chunk] = []
    start = 0
    for index, line in enumerate([*lines, SPLIT_MARKER]):
        if line.rstrip() == SPLIT_MARKER:
            chunks.append(Chunk("\n" * start + "\n".join(lines[start:index]), start + 1, index))
            start = index + 1
    return chunks


def parse(ctx: Context, chunk: Chunk, name: str, implicit_module: bool = True) -> ModuleOp:
    """The chunk's module, its ops located in file `name`; raises `DiagnosticError`. The
    weights file it names, relative to the file's directory, is found from here on."""
    if chunk.is_blank() and implicit_module:
        return ModuleOp([])
    try:
        module = parse_module(
            ctx, chunk.text if chunk.source is None else chunk.source, name, implicit_module
        )
    except ParseError as error:
        raise DiagnosticError(from_parse_error(error)) from error
    if os.path.isfile(name):
        anchored(module, Path(name).parent)
    return module


def ir_fingerprint(module: Operation) -> Iterator[tuple[object, ...]]:
    """Per op of `module`, in order: the op and its operands, types, attributes and
    blocks. The same objects after a pass (compared with `is`: xDSL's attributes are
    immutable, so any edit puts a new object in) mean the pass changed nothing. Holding
    the objects keeps their ids from being reused."""
    for op in module.walk():
        found: list[object] = [op, len(op.operands), *op.operands, *op.result_types, *op.successors]
        found += (len(op.properties), *op.properties.values(), len(op.attributes), *op.attributes.values())
        for region in op.regions:
            for block in region.blocks:
                found += (block, len(block.args), *block.arg_types)
        yield tuple(found)


def changed_since(before: Sequence[tuple[object, ...]], module: Operation) -> bool:
    """Whether `module` differs from its fingerprint `before`, compared op by op as it
    is walked: a pass that changed something usually differs early, and the rest of the
    module is not fingerprinted (a lowered Llama's 1800 ops: 9 ms)."""
    for old, new in itertools.zip_longest(before, ir_fingerprint(module)):
        if old is None or new is None or len(old) != len(new) or not all(map(operator.is_, old, new)):
            return True
    return False


@dataclass
class PassRunner:
    """Applies passes one by one, verifying the IR after each (unless `verify` is off);
    a failure raises `DiagnosticError`. `running` names the pass being applied, for an
    internal-error report. `unchanged` is told of each pass that left the IR as it was
    (a pass meant for another level, say). `input_verified`: the caller verified the
    module; a conversion of gawee, which would verify its ops before rewriting them, is
    told when the module it gets has verified (`GaweeConversionPass.convert`)."""

    passes: Sequence[ModulePass]
    verify: bool = True
    after_each: Callable[[ModulePass, ModuleOp, float], None] | None = None
    running: str | None = None
    unchanged: Callable[[ModulePass], None] | None = None
    input_verified: bool = False
    before_each: Callable[[ModulePass, ModuleOp], None] | None = None

    def apply(self, ctx: Context, module: ModuleOp) -> None:
        verified = self.input_verified
        for each in self.passes:
            if self.before_each is not None:
                self.before_each(each, module)
            self.running = each.name
            before = list(ir_fingerprint(module)) if self.unchanged is not None else []
            start = time.perf_counter()
            try:
                if isinstance(each, GaweeConversionPass):
                    each.convert(module, verified=verified)
                else:
                    each.apply(ctx, module)
            except PassFailedException as error:
                raise DiagnosticError(from_pass_failure(error, module)) from error
            except DiagnosticException as error:
                raise DiagnosticError([at_op(module, f"{each.name}: {one_line(str(error))}")]) from error
            elapsed = time.perf_counter() - start
            self.running = None
            if self.unchanged is not None and not changed_since(before, module):
                self.unchanged(each)
            if self.verify:
                verify_module(module)
            verified = self.verify
            if self.after_each is not None:
                self.after_each(each, module, elapsed)


def report_internal_error(
    tool: str, error: BaseException, where: str | None, show_traceback: bool, stream: TextIO | None = None
) -> None:
    """What a tool prints for an exception that is a bug, not a problem in its input."""
    stream = stream or sys.stderr
    if show_traceback:
        traceback.print_exception(error, file=stream)
    context = f" {where}" if where else ""
    print(f"{tool}: internal error{context}: {type(error).__name__}: {one_line(str(error))}", file=stream)
    print(
        f"{tool}: this is a bug in nnstack (or in a dialect or pass it runs), not in your input; "
        "please report it with the input file and the command line"
        + ("" if show_traceback else " (--traceback shows where it happened)"),
        file=stream,
    )


def module_pipeline(text: str) -> str:
    """The pass list of MLIR's textual pipeline `builtin.module(a,b{x=1})`: nnstack's and
    xDSL's passes all run on the module, so no other anchor (`func.func(...)`) nests."""
    text = text.strip()
    prefix = "builtin.module("
    if not (text.startswith(prefix) and text.endswith(")")):
        raise ValueError(f"--pass-pipeline '{text}': expected 'builtin.module(PASS,...)'")
    inner = text[len(prefix) : -1]
    if "(" in inner:
        raise ValueError(f"--pass-pipeline '{text}': only module passes, no nested pipelines")
    return inner


def describe_passes(passes: Mapping[str, Callable[[], type[ModulePass]]]) -> str:
    """Each pass: its name, the first sentence of its docstring, and its options with
    their types and defaults, as `--list-passes` prints them."""
    lines: list[str] = ["Passes (with options: -p 'name{option=value other=value}'):"]
    for name in sorted(passes):
        pass_type = passes[name]()
        doc = " ".join((inspect.getdoc(pass_type) or "").split("\n\n")[0].split())
        summary = doc.split(". ")[0].rstrip(".") if doc else ""
        lines.append(f"  {name}" + (f": {summary}" if summary else ""))
        for option in dataclasses.fields(pass_type):
            if option.name == "name" or not option.init:
                continue
            default = "" if option.default is dataclasses.MISSING else f" = {option.default!r}"
            kind = (
                option.type if isinstance(option.type, str) else getattr(option.type, "__name__", option.type)
            )
            lines.append(f"      {option.name.replace('_', '-')}: {kind}{default}")
    return "\n".join(lines)

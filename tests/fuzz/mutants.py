"""Seeded mutants of the FileCheck inputs, and what nnstack's tools make of them.

Each FileCheck input (one `// -----` chunk of a file under tests/filecheck, its CHECK
and other comment lines dropped) is a seed; a mutant is a seed with one or two random
edits: a deleted token, two lines swapped, a line repeated, a dimension of a shape, an
element type or a number (an attribute value, a constant) changed. `outcome` runs a
mutant through nnstack-opt with its file's pipeline (from its RUN line) and through
nnstack-run (the first function, seeded random inputs), in process, and sorts it:
ran, parse / verify / pass / runtime error, internal error (a bug: a traceback) or
timeout (a mutant that loops for long, which is no bug).

`python tests/fuzz/mutants.py N [FIRST]` prints the outcome counts of mutants FIRST ..
FIRST + N - 1 (FIRST = 0), and each internal error in full.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FILECHECK = Path(__file__).parents[1] / "filecheck"

TIME_LIMIT = 10.0
"""Seconds one mutant may take through both tools."""

TOKEN = re.compile(r'"[^"\n]*"|[%^@#!]?[\w.$]+|\S')
DIMENSION = re.compile(r"(?<=[<x])\d+(?=x)")
ELEMENT_TYPES = ["f16", "f32", "f64", "i1", "i8", "i32", "i64", "index"]
ELEMENT_TYPE = re.compile(r"\b(" + "|".join(ELEMENT_TYPES) + r")\b")
SHAPE = re.compile(r"(?<=<)(?:\d+x)+")
NUMBER = re.compile(r"(?<![\w%#^@.])-?\d+(\.\d+)?(e[-+]?\d+)?\b")
NEW_NUMBERS = ["0", "1", "2", "3", "-1", "7", "0.5", "-2.5", "1.0e+30"]


@dataclass(frozen=True)
class Seed:
    """One chunk of a FileCheck input and the pass pipeline its RUN line applies."""

    path: Path
    text: str
    pipeline: str

    def name(self) -> str:
        return str(self.path.relative_to(FILECHECK))


def _pipeline(text: str) -> str:
    """The `-p` argument of the file's first RUN line that has one."""
    for line in text.splitlines():
        if "RUN:" in line and (found := re.search(r"-p(?:\s+|=)('[^']*'|\"[^\"]*\"|\S+)", line)):
            return found.group(1).strip("'\"")
    return ""


@cache
def seeds() -> tuple[Seed, ...]:
    found: list[Seed] = []
    for path in sorted(FILECHECK.rglob("*.mlir")):
        text = path.read_text()
        pipeline = _pipeline(text)
        for chunk in re.split(r"(?m)^// -----\s*$", text):
            code = "\n".join(line for line in chunk.splitlines() if not line.lstrip().startswith("//"))
            if code.strip():
                found.append(Seed(path, code + "\n", pipeline))
    return tuple(found)


def _replace_one(
    text: str, pattern: re.Pattern[str], rng: random.Random, new: Callable[[str], str]
) -> str | None:
    matches = list(pattern.finditer(text))
    if not matches:
        return None
    match = rng.choice(matches)
    return text[: match.start()] + new(match.group()) + text[match.end() :]


def _delete_token(text: str, rng: random.Random) -> str | None:
    return _replace_one(text, TOKEN, rng, lambda _: "")


def _swap_lines(text: str, rng: random.Random) -> str | None:
    lines = text.splitlines()
    if len(lines) < 2:
        return None
    i, j = rng.sample(range(len(lines)), 2)
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def _repeat_line(text: str, rng: random.Random) -> str | None:
    lines = text.splitlines()
    if not lines:
        return None
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return "\n".join(lines) + "\n"


def _change_dimension(text: str, rng: random.Random) -> str | None:
    return _replace_one(text, DIMENSION, rng, lambda old: str(rng.choice([0, 1, 2, 3, 5])))


def _change_element_type(text: str, rng: random.Random) -> str | None:
    return _replace_one(
        text, ELEMENT_TYPE, rng, lambda old: rng.choice([t for t in ELEMENT_TYPES if t != old])
    )


def _change_shape_everywhere(text: str, rng: random.Random) -> str | None:
    """One shape changed wherever it is spelled the same (a consistent edit that often
    still verifies, and so reaches the passes and the interpreters)."""
    shapes = sorted(set(SHAPE.findall(text)))
    if not shapes:
        return None
    old = rng.choice(shapes)
    dims = old.split("x")[:-1]
    dims[rng.randrange(len(dims))] = str(rng.choice([0, 1, 2, 3, 5]))
    return re.sub(rf"(?<=<){re.escape(old)}", "x".join(dims) + "x", text)


def _change_element_type_everywhere(text: str, rng: random.Random) -> str | None:
    present = sorted(set(ELEMENT_TYPE.findall(text)))
    if not present:
        return None
    old = rng.choice(present)
    new = rng.choice([t for t in ELEMENT_TYPES if t != old])
    return re.sub(rf"\b{old}\b", new, text)


def _change_number(text: str, rng: random.Random) -> str | None:
    return _replace_one(text, NUMBER, rng, lambda old: rng.choice([n for n in NEW_NUMBERS if n != old]))


MUTATIONS = (
    _delete_token,
    _swap_lines,
    _repeat_line,
    _change_dimension,
    _change_shape_everywhere,
    _change_shape_everywhere,
    _change_element_type,
    _change_element_type_everywhere,
    _change_element_type_everywhere,
    _change_number,
    _change_number,
)
"""The edits, the consistent ones (which reach the passes and interpreters more often)
drawn twice as often."""


@dataclass(frozen=True)
class Mutant:
    index: int
    seed: Seed
    text: str
    edits: tuple[str, ...]


def mutant(index: int) -> Mutant:
    """Mutant `index`: the same for the same index, on every machine."""
    rng = random.Random(index)
    seed = rng.choice(seeds())
    text, edits = seed.text, []
    while len(edits) < rng.choice([1, 1, 2]):
        mutation = rng.choice(MUTATIONS)
        if (changed := mutation(text, rng)) is not None and changed != text:
            text = changed
            edits.append(mutation.__name__.lstrip("_"))
    return Mutant(index, seed, text, tuple(edits))


class _Timeout(BaseException):
    """A mutant ran past TIME_LIMIT (a BaseException: no tool reports it as its error)."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Outcome:
    kind: str
    """ran, parse error, verify error, pass error, runtime error, internal error, timeout"""
    output: str
    """What the tools printed on stderr."""


RUN_STAGES = {
    "parse": "parse error",
    "verify": "verify error",
    "passes": "pass error",
    "run": "runtime error",
}


def outcome(item: Mutant, path: Path) -> Outcome:
    """Runs the mutant through nnstack-opt and nnstack-run (in this process)."""
    from nnstack.tools.nnstack_opt import main as nnstack_opt
    from nnstack.tools.nnstack_run import NnstackRunMain

    path.write_text(item.text)
    pipeline = ["-p", item.seed.pipeline] if item.seed.pipeline else []
    symbol = re.search(r"(?:func\.func|llir\.func)\s+(?:\w+\s+)?@\"?([\w.$-]+)", item.text)
    errors = io.StringIO()
    try:
        with (
            _time_limit(TIME_LIMIT),
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(errors),
        ):
            opt_status = nnstack_opt([str(path), *pipeline])
            tool = NnstackRunMain([str(path), *pipeline, "--symbol", symbol.group(1) if symbol else "main",
                                   "--random-inputs", "--seed", str(item.index)])  # fmt: skip
            run_status = tool.run_tool()
    except _Timeout:
        return Outcome("timeout", errors.getvalue())
    output = errors.getvalue()
    if opt_status == 2 or run_status == 2 or "Traceback" in output or "internal error" in output:
        return Outcome("internal error", output)
    return Outcome("ran" if run_status == 0 else RUN_STAGES[tool.stage], output)


def describe(item: Mutant, result: Outcome) -> str:
    """What a failure report shows: how to rebuild the mutant, the mutant, the output."""
    return (
        f"mutant {item.index} of {item.seed.name()} ({', '.join(item.edits)}; pipeline "
        f"{item.seed.pipeline or 'none'}): {result.kind}\n{item.text}\n{result.output}"
    )


def main() -> None:
    import tempfile

    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for index in range(first, first + count):
            item = mutant(index)
            result = outcome(item, Path(folder) / "mutant.mlir")
            counts[result.kind] += 1
            if result.kind == "internal error":
                print(describe(item, result), file=sys.stderr)
    for kind, number in counts.most_common():
        print(f"{kind}: {number}")


if __name__ == "__main__":
    main()

"""The FileCheck tests as pytest tests that run nnstack in-process, for mutation testing.

lit runs `nnstack-opt` and `xdsl-opt` as subprocesses, which mutmut can neither
switch to a mutant nor see reach a function. This module runs each RUN line of
tests/filecheck/DIR/*.mlir (DIR from NNSTACK_FILECHECK_DIRS, comma-separated) with the
opt tools called in-process and the other commands (filecheck, mlir-opt-19) as
subprocesses. scripts/mutation_test.py copies it into the staged tests/; lit stays the
way the suite runs these tests.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

FILECHECK = Path(__file__).resolve().parent / "filecheck"
DIRS = [d for d in os.environ.get("NNSTACK_FILECHECK_DIRS", "").split(",") if d]


def run_lines(path: Path) -> list[str]:
    """The file's RUN lines, continuation lines (ending in `\\`) joined."""
    lines, pending = [], ""
    for line in path.read_text().splitlines():
        if "RUN:" not in line:
            continue
        text = pending + line.split("RUN:", 1)[1].strip()
        if text.endswith("\\"):
            pending = text[:-1] + " "
        else:
            lines.append(text)
            pending = ""
    return lines


def cases() -> list[tuple[Path, int, str]]:
    found = []
    for directory in DIRS:
        for path in sorted((FILECHECK / directory).glob("*.mlir")):
            text = path.read_text()
            if "REQUIRES:" in text or "nnstack-run" in text:
                continue  # upstream tools or the runner: left to lit
            found += [(path, i, line) for i, line in enumerate(run_lines(path))]
    return found


def in_process(tool: str, args: list[str], stdin: str) -> tuple[int, str, str]:
    """Run nnstack-opt or xdsl-opt in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                if tool == "nnstack-opt":
                    from nnstack.tools.nnstack_opt import main

                    status = main(args)
                else:
                    from xdsl.xdsl_opt_main import xDSLOptMain

                    xDSLOptMain(args=args).run()
                    status = 0
            except SystemExit as exit:
                status = exit.code if isinstance(exit.code, int) else 1
            except Exception as error:  # xdsl-opt reports a failing pass by raising
                print(error, file=sys.stderr)
                status = 1
    finally:
        sys.stdin = saved_stdin
    return status, out.getvalue(), err.getvalue()


def run_pipeline(command: str, path: Path, tmp_path: Path) -> None:
    command = (
        command.replace("%s", str(path)).replace("%S", str(path.parent)).replace("%t", str(tmp_path / "t"))
    )
    data, failed = "", False
    for stage in command.split(" | "):
        words = shlex.split(stage)
        expect_failure = words[0] == "not"
        words = words[1:] if expect_failure else words
        merge = "2>&1" in words
        words = [w for w in words if w != "2>&1"]
        if words[0] in ("nnstack-opt", "xdsl-opt"):
            status, out, err = in_process(words[0], words[1:], data)
        else:
            local = Path(sys.executable).parent / words[0]  # this environment's filecheck
            program = str(local) if local.exists() else words[0]
            done = subprocess.run([program, *words[1:]], input=data, capture_output=True, text=True)
            status, out, err = done.returncode, done.stdout, done.stderr
        if (status != 0) != expect_failure:
            failed = True
            break
        data = out + err if merge else out
    assert not failed, f"{command}: exit status {status}\n{err[-2000:]}"


@pytest.mark.parametrize(
    ("path", "index", "command"), cases(), ids=lambda v: v if isinstance(v, int) else None
)
def test_run_line(path: Path, index: int, command: str, tmp_path: Path):
    run_pipeline(command, path, tmp_path)

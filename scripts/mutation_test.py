#!/usr/bin/env python3
"""Mutation testing of one nnstack package or module with mutmut 3 (slow: not part of CI).

    scripts/mutation_test.py dialects/gawee/nn.py        # every mutant of one module
    scripts/mutation_test.py transforms --sample 200     # 200 random mutants of a package
    scripts/mutation_test.py --list interpreters         # the mutants, without running them

mutmut names a mutant after the path of its file (`dialects/x.py` -> `dialects.x`) and
activates it when the running function's `__module__` has that name; the tests import
`nnstack.dialects.x`. So the script stages a copy of the repository in which the code
sits at its import path (`STAGE/nnstack/dialects/...`, `STAGE/tests`, a pyproject.toml
with the `[tool.mutmut]` table of ours plus the target), and runs mutmut there, under
`nice`, with scripts/mutmut_decorated.py's patch so that functions registered by
`@impl(...)` and `@op_type_rewrite_pattern` are mutated too. mutmut first runs the target's tests once to learn which test reaches which
function, then runs, per mutant, only those tests, in a forked process.

The tests of a target are chosen by `TESTS` (longest matching prefix): mutation runs
are too slow for the whole suite. The FileCheck tests of the package's folders run too,
in-process (scripts/mutation_filecheck.py). Prints the score and writes the survivors, with their
diffs, to STAGE/survivors.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("dialects", "transforms", "interpreters", "tools", "frontend", "native")
"""The folders that make up the import package `nnstack` (pyproject.toml's package-dir)."""

MUTATED = ("dialects", "transforms", "interpreters")

TESTS: dict[str, list[str]] = {
    "dialects": [
        "tests/dialects",
        "tests/spensor/test_spensor_dialect.py",
        "tests/interpreters/test_llir_builders.py",
        "tests/interpreters/test_llir_interpreter.py",
        "tests/interpreters/test_llir_memory_safety.py",
        "tests/interpreters/test_gawee_interpreter.py",
        "tests/interpreters/test_mir_interpreter.py",
        "tests/interpreters/test_mir_control_flow.py",
        "tests/transforms/test_failing_passes.py",
    ],
    "dialects/spensor": [
        "tests/spensor/test_spensor_dialect.py",
        "tests/spensor/test_spensor_interpreter.py",
        "tests/spensor/test_spensor_pass_failures.py",
    ],
    "transforms": [
        "tests/transforms/test_convert_gawee_to_linalg.py",
        "tests/transforms/test_failing_passes.py",
        "tests/transforms/test_gawee_fold_batch_norm.py",
        "tests/transforms/test_gawee_to_linalg_differential.py",
        "tests/transforms/test_gawee_to_mir_differential.py",
        "tests/transforms/test_convert_mir_to_llir.py",
        "tests/transforms/test_mir_to_llir_differential.py",
    ],
    "transforms/spensor": [
        "tests/spensor/test_spensor_pipeline.py",
        "tests/spensor/test_spensor_pass_failures.py",
        "tests/spensor/test_spensor_programs.py",
    ],
    "interpreters": [
        "tests/interpreters",
        "tests/spensor/test_lowered_op_interpreters.py",
        "tests/spensor/test_spensor_interpreter.py",
    ],
}
"""The test files of a target, by the longest key its path starts with."""

FILECHECK_DIRS: dict[str, list[str]] = {
    "dialects": ["gawee", "mir", "llir", "spensor", "nnstack-opt"],
    "transforms": [
        "convert-gawee-to-linalg",
        "convert-gawee-to-mir",
        "convert-mir-to-llir",
        "gawee-fold-batch-norm",
        "hoist-constants",
        "llir-passes",
        "spensor-passes",
    ],
    "interpreters": [],
}
"""The tests/filecheck folders whose RUN lines run in-process for a package's mutants
(scripts/mutation_filecheck.py): lit's subprocesses are out of mutmut's reach."""

IN_PROCESS_FILECHECK = "tests/test_filecheck_in_process.py"

KILLED = {
    1: "killed",
    3: "killed",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
}


def tests_for(target: str) -> list[str]:
    """The test files of `target`: those of the longest key it starts with, and for a
    folder also those of the keys inside it."""
    prefixes = [p for p in TESTS if target.startswith(p)]
    chosen = [max(prefixes, key=len)] if prefixes else []
    if (ROOT / target).is_dir():
        chosen += [p for p in TESTS if p.startswith(target + "/")]
    return sorted({test for prefix in chosen for test in TESTS[prefix]})


def source_files(target: str) -> list[Path]:
    """The .py files of `target` (a module or a folder), relative to the repository."""
    path = ROOT / target
    if path.is_file():
        return [path.relative_to(ROOT)]
    return sorted(p.relative_to(ROOT) for p in path.rglob("*.py") if "__pycache__" not in p.parts)


def mutmut_table() -> dict[str, object]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]


def toml_value(value: object) -> str:
    return json.dumps(value)


def stage(target: str, stage_dir: Path, tests: list[str]) -> None:
    """A copy of the repository with the code at its import path and our mutmut table."""
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, stage_dir / "nnstack" / package, ignore=ignore)
    shutil.copytree(ROOT / "tests", stage_dir / "tests", ignore=ignore)
    for folder in ("examples", "docs"):  # some tests read them, and the README
        shutil.copytree(ROOT / folder, stage_dir / folder, ignore=ignore)
    shutil.copy(ROOT / "README.md", stage_dir / "README.md")
    shutil.copy(ROOT / "scripts" / "mutation_filecheck.py", stage_dir / IN_PROCESS_FILECHECK)
    table = dict(mutmut_table())
    # the other packages too: otherwise `nnstack.<other>` resolves to the editable
    # install's tree, which may be mid-edit
    others = [f"nnstack/{package}/" for package in PACKAGES if package != target.split("/")[0]]
    table["also_copy"] = ["examples/", "docs/", "README.md", *others]
    table["source_paths"] = [f"nnstack/{target.split('/')[0]}"]
    table["only_mutate"] = [f"nnstack/{f}" for f in source_files(target)]
    table["pytest_add_cli_args_test_selection"] = tests
    lines = ["[tool.pytest.ini_options]", 'testpaths = ["tests"]', "", "[tool.mutmut]"]
    lines += [f"{key} = {toml_value(value)}" for key, value in table.items()]
    (stage_dir / "pyproject.toml").write_text("\n".join(lines) + "\n")


def mutant_names(target: str) -> list[str]:
    """Every mutant mutmut generates for `target`, by its mutmut name."""
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name
    from mutmut_decorated import install

    install()

    names: list[str] = []
    for path in source_files(target):
        staged = Path("nnstack") / path
        mutated = mutate_file_contents(str(staged), (ROOT / path).read_text())
        names += [get_mutant_name(staged, name) for name in mutated.mutant_names]
    return names


def results(stage_dir: Path, names: list[str]) -> dict[str, int | None]:
    """The exit code mutmut recorded per mutant (1: a test failed)."""
    codes: dict[str, int | None] = {}
    for meta in (stage_dir / "mutants").rglob("*.meta"):
        codes.update(json.loads(meta.read_text())["exit_code_by_key"])
    return {name: codes.get(name) for name in names}


HUNG_AFTER = 300
"""Seconds after which a mutant's worker that has used almost no CPU is taken as hung."""


def kill_hung_workers(parent: int) -> list[str]:
    """Kill the workers of `parent` that wait without computing (a lock held across
    fork, by torch's or numpy's threads, blocks the child for good, and mutmut's CPU-time
    limit never fires); their mutant names."""
    ticks = os.sysconf("SC_CLK_TCK")
    uptime = float(Path("/proc/uptime").read_text().split()[0])
    killed = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            stat = stat_file.read_text()
            cmdline = (stat_file.parent / "cmdline").read_text().replace("\0", " ").strip()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        ppid, cpu, start = (
            int(fields[1]),
            (int(fields[11]) + int(fields[12])) / ticks,
            int(fields[19]) / ticks,
        )
        if ppid != parent or not cmdline.startswith("mutmut: "):
            continue
        if uptime - start > HUNG_AFTER and cpu < 0.05 * (uptime - start):
            os.kill(int(stat_file.parent.name), 9)
            killed.append(cmdline.removeprefix("mutmut: ").strip())
    return killed


def status(code: int | None) -> str:
    if code is None:
        return "not checked"
    if code in KILLED:
        return KILLED[code]
    return {0: "survived", 33: "no tests", 5: "no tests"}.get(code, f"suspicious ({code})")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("target", help="a package (dialects, transforms, interpreters) or a module path")
    parser.add_argument("--sample", type=int, help="run this many randomly chosen mutants")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="mutants run in parallel (default 1)")
    parser.add_argument("--stage", type=Path, help="where to stage (default /tmp/nnstack-mutation/TARGET)")
    parser.add_argument("--tests", nargs="+", help="test files instead of the mapped ones")
    parser.add_argument("--names", type=Path, help="run the mutants named in this file (one a line)")
    parser.add_argument("--list", action="store_true", help="list the mutants and their tests, run nothing")
    args = parser.parse_args()

    target = args.target.rstrip("/")
    if not (ROOT / target).exists() or target.split("/")[0] not in MUTATED:
        parser.error(f"{target}: not a module or folder under {', '.join(MUTATED)}")
    tests = args.tests or tests_for(target)
    filecheck_dirs = FILECHECK_DIRS[target.split("/")[0]]
    if filecheck_dirs and not args.tests:
        tests = [*tests, IN_PROCESS_FILECHECK]
    names = mutant_names(target)
    if args.names is not None:
        wanted = set(args.names.read_text().split())
        names = [name for name in names if name in wanted]
    elif args.sample is not None and args.sample < len(names):
        names = sorted(random.Random(args.seed).sample(names, args.sample))
    print(f"{target}: {len(names)} mutants; tests: {' '.join(tests)}")
    if args.list:
        for name in names:
            print(name)
        return 0

    stage_dir = args.stage or Path("/tmp/nnstack-mutation") / target.replace("/", "_")
    stage(target, stage_dir, tests)
    mutmut = str(ROOT / "scripts" / "mutmut_decorated.py")
    command = ["nice", "-n", "10", sys.executable, mutmut, "run", "--max-children", str(args.jobs)]
    env = {
        **os.environ,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "PYTHONDONTWRITEBYTECODE": "1",
        "NNSTACK_FILECHECK_DIRS": ",".join(filecheck_dirs),
        "OMP_NUM_THREADS": "1",  # fewer threads to hold a lock across mutmut's forks
        "MKL_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
    }
    process = subprocess.Popen([*command, *names], cwd=stage_dir, env=env)
    hung: list[str] = []
    while process.poll() is None:
        time.sleep(10)
        hung += kill_hung_workers(process.pid)
    if process.returncode != 0:
        print(f"mutmut exited with {process.returncode}", file=sys.stderr)

    by_name = results(stage_dir, names)
    counts = Counter(status(code) for code in by_name.values())
    for name in hung:
        counts[status(by_name.get(name))] -= 1
        counts["hung"] += 1
    killed = counts["killed"] + counts["timeout"]
    checked = killed + counts["survived"]
    print(", ".join(f"{n} {s}" for s, n in sorted(counts.items())))
    if checked:
        print(f"score: {killed}/{checked} = {100 * killed / checked:.1f}% of the mutants reached by tests")
    survivors = [name for name, code in by_name.items() if status(code) in ("survived", "no tests")]
    report = stage_dir / "survivors.txt"
    with report.open("w") as out:
        for name in survivors:
            diff = subprocess.run(
                [sys.executable, mutmut, "show", name], cwd=stage_dir, capture_output=True, text=True
            )
            out.write(f"## {name} ({status(by_name[name])})\n{diff.stdout}\n")
    print(f"survivors and their diffs: {report}")
    if hung:
        print(f"killed as hung (not counted): {' '.join(hung)}")
    return 0 if process.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

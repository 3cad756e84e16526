#!/usr/bin/env bash
# Runs every nnstack test: ruff (lint and format check), pyright (types), pytest (unit, numeric, differential,
# property-based) and lit (FileCheck). Sets up .venv on first use, with the test
# dependencies: nnstack[test] and torch 2.13.0 (CPU), the independent reference most
# numeric tests compare with.
# Comparisons against IREE run where it is installed (NNSTACK_FULL_CHECKS=1 installs
# nnstack[upstream] = IREE 3.12 first); checks against upstream MLIR run where
# mlir-opt-19 (Debian mlir-19-tools) is on PATH.
source "$(dirname "$0")/scripts/venv.sh"
if ! python -c "import importlib.util as u, sys; sys.exit(u.find_spec('torch') is None)"; then
    # torch 2.13.0 (CPU) installs from a local wheel where the machine has one; elsewhere
    # PyPI offers a multi-GB build, so the install is given at most 10 minutes.
    timeout 600 python -m pip install --quiet "torch==2.13.0" || {
        echo "run-tests: could not install torch 2.13.0, which the tests compare with" >&2
        exit 1
    }
fi
if [ "${NNSTACK_FULL_CHECKS:-0}" = 1 ]; then
    python -m pip install --quiet -e ".[test,upstream]"
fi
status=0
# lint first (pyproject.toml's rules): it takes a second and names the file and line
ruff check . || status=$?
ruff format --check . || status=$?
# then the type check (pyrightconfig.json)
scripts/typecheck.sh || status=$?
python -m pytest tests -n auto "$@" || status=$?
lit -sv tests/filecheck || status=$?
exit $status

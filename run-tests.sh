#!/usr/bin/env bash
# Runs every nnstack test: pytest (unit, numeric, differential) and lit (FileCheck).
# Sets up .venv on first use. Comparisons against PyTorch and IREE run where those are
# installed (NNSTACK_FULL_CHECKS=1 installs torch 2.13.0 and IREE 3.12 first); checks
# against upstream MLIR run where mlir-opt-19 (Debian mlir-19-tools) is on PATH.
source "$(dirname "$0")/scripts/venv.sh"
if [ "${NNSTACK_FULL_CHECKS:-0}" = 1 ]; then
    python -m pip install --quiet -e ".[test,upstream]"
    # torch 2.13.0 (CPU) installs from a local wheel where the machine has one; elsewhere
    # PyPI offers a multi-GB build, so the install is given at most 10 minutes.
    timeout 600 python -m pip install --quiet "torch==2.13.0" \
        || echo "run-tests: torch not installed; torch comparisons will be skipped"
fi
status=0
python -m pytest tests "$@" || status=$?
lit -sv tests/filecheck || status=$?
exit $status

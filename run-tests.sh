#!/usr/bin/env bash
# Runs every nnstack test: pytest (unit, numeric, differential) and lit (FileCheck).
# Sets up .venv on first use. Torch comparisons run where torch is installed
# (NNSTACK_WITH_TORCH=1 installs torch 2.13.0 first); upstream-MLIR checks run where
# mlir-opt-19 (Debian mlir-19-tools) is on PATH.
source "$(dirname "$0")/scripts/venv.sh"
if [ "${NNSTACK_WITH_TORCH:-0}" = 1 ]; then
    python -m pip install --quiet "torch==2.13.0" || echo "run-tests: torch not installed; torch comparisons will be skipped"
fi
status=0
python -m pytest tests "$@" || status=$?
lit -sv tests/filecheck || status=$?
exit $status

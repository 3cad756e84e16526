"""lit configuration for nnstack's FileCheck tests.

Puts the Python environment running lit first on PATH, so RUN lines find that
environment's `xdsl-opt`, `nnstack-run` and `filecheck`. Tests that pipe into
upstream MLIR say `// REQUIRES: mlir-opt-19` (or `mlir-translate-19`); they are skipped
(UNSUPPORTED) where mlir-19-tools is not installed.
"""

import os
import shutil
import sys

import lit.formats

config.name = "nnstack"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["lit.cfg.py", "inputs"]
config.environment["PATH"] = os.pathsep.join(
    [os.path.dirname(sys.executable), config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# A PYTHONPATH set by the caller (e.g. a checkout tested against another environment) reaches RUN lines.
if "PYTHONPATH" in os.environ:
    config.environment["PYTHONPATH"] = os.environ["PYTHONPATH"]
if shutil.which("mlir-opt-19"):
    config.available_features.add("mlir-opt-19")
if shutil.which("mlir-translate-19"):
    config.available_features.add("mlir-translate-19")

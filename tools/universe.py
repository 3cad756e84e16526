"""Registers every nnstack dialect and pass with xDSL's tools (`xdsl-opt`, `xdsl-run`).

Kept light: xDSL imports this module on every start of its tools, so each entry
imports its module only when it is called.
"""

from collections.abc import Callable
from importlib import import_module
from typing import Any

from xdsl.universe import Universe


def _lazy(module: str, name: str) -> Callable[[], Any]:
    """A factory that imports `nnstack.<module>` and returns its attribute `name`."""
    return lambda: getattr(import_module(f"nnstack.{module}"), name)


UNIVERSE = Universe(
    all_dialects={
        "gawee": _lazy("dialects.gawee", "Gawee"),
        "llir": _lazy("dialects.llir", "LLIR"),
        "mir": _lazy("dialects.mir", "Mir"),
        "ndspensor": _lazy("dialects.spensor", "NDSpensor"),
        "spensor": _lazy("dialects.spensor", "Spensor"),
    },
    all_passes={
        "convert-gawee-to-linalg": _lazy("transforms.convert_gawee_to_linalg", "ConvertGaweeToLinalgPass"),
        "convert-gawee-to-mir": _lazy("transforms.convert_gawee_to_mir", "ConvertGaweeToMirPass"),
        "convert-llir-to-llvm": _lazy("transforms.convert_llir_to_llvm", "ConvertLlirToLlvmPass"),
        "convert-mir-to-llir": _lazy("transforms.convert_mir_to_llir", "ConvertMirToLlirPass"),
        "gawee-decompose": _lazy("transforms.gawee_decompose", "GaweeDecomposePass"),
        "gawee-fold-batch-norm": _lazy("transforms.gawee_fold_batch_norm", "GaweeFoldBatchNormPass"),
        "hoist-constants": _lazy("transforms.hoist_constants", "HoistConstantsPass"),
        "nnstack-inline-weights": _lazy("transforms.inline_weights", "InlineWeightsPass"),
        "mir-fold-transposes": _lazy("transforms.mir_fold_transposes", "MirFoldTransposesPass"),
        "llir-annotate-unroll-hints": _lazy("transforms.llir_unroll_hints", "LlirAnnotateUnrollHintsPass"),
        "llir-drop-foreign-frees": _lazy("transforms.llir_buffers", "LlirDropForeignFreesPass"),
        "llir-forward-outputs": _lazy("transforms.llir_buffers", "LlirForwardOutputsPass"),
        "llir-insert-frees": _lazy("transforms.llir_buffers", "LlirInsertFreesPass"),
        "spensor-bufferize-output": _lazy(
            "transforms.spensor_bufferize_output", "SpensorBufferizeOutputPass"
        ),
        "spensor-dce": _lazy("transforms.spensor_dce", "SpensorDCEPass"),
        "spensor-expand-parallel": _lazy("transforms.spensor_expand_parallel", "SpensorExpandParallelPass"),
        "spensor-lower": _lazy("transforms.spensor_lower", "SpensorLowerPass"),
        "spensor-memory-analysis": _lazy("transforms.spensor_memory_analysis", "SpensorMemoryAnalysisPass"),
        "spensor-parallel-analysis": _lazy(
            "transforms.spensor_parallel_analysis", "SpensorParallelAnalysisPass"
        ),
        "spensor-tile-parallel": _lazy("transforms.spensor_tile_parallel", "SpensorTileParallelPass"),
        "spensor-to-tensor": _lazy("transforms.spensor_to_tensor", "SpensorToTensorPass"),
    },
)

"""The `spensor-lower` pass: the whole spensor pipeline, in the order that works.

    spensor-memory-analysis -> spensor-bufferize-output -> spensor-parallel-analysis
      -> spensor-expand-parallel -> spensor-tile-parallel -> spensor-to-tensor
      -> spensor-dce -> hoist-constants

The result has no spensor type or op left: each kernel keeps its name, takes
memrefs (its results as trailing output memrefs) and computes with `scf.parallel`
loops tagged with memory levels over tensor / linalg / bufferization ops, ready for
`mlir-opt --one-shot-bufferize`. The pipeline runs on a copy of the module, so a
failing pass leaves the module as it was (its diagnostic shows the copy as that
pass saw it).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from nnstack.transforms.hoist_constants import HoistConstantsPass
from nnstack.transforms.spensor_bufferize_output import SpensorBufferizeOutputPass
from nnstack.transforms.spensor_dce import SpensorDCEPass
from nnstack.transforms.spensor_expand_parallel import ReduceStrategy, SpensorExpandParallelPass
from nnstack.transforms.spensor_memory_analysis import SpensorMemoryAnalysisPass
from nnstack.transforms.spensor_parallel_analysis import SpensorParallelAnalysisPass
from nnstack.transforms.spensor_tile_parallel import SpensorTileParallelPass, Tiling
from nnstack.transforms.spensor_to_tensor import SpensorToTensorPass
from nnstack.transforms.utils import replace_contents


@dataclass(frozen=True)
class SpensorLowerPass(ModulePass):
    """
    Runs every spensor pass in order; `reduce-strategy` ("sequential" or "tree"),
    `tiling` ("spatial" or "temporal") and `memory-spaces` are passed on to
    expand-parallel, tile-parallel and spensor-to-tensor.
    """

    name = "spensor-lower"

    reduce_strategy: ReduceStrategy = "sequential"
    tiling: Tiling = "spatial"
    memory_spaces: bool = True

    def passes(self) -> list[ModulePass]:
        return [
            SpensorMemoryAnalysisPass(),
            SpensorBufferizeOutputPass(),
            SpensorParallelAnalysisPass(self.reduce_strategy),
            SpensorExpandParallelPass(self.reduce_strategy),
            SpensorTileParallelPass(self.tiling),
            SpensorToTensorPass(self.memory_spaces),
            SpensorDCEPass(),
            HoistConstantsPass(),
        ]

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lowered = op.clone()
        for p in self.passes():
            p.apply(ctx, lowered)
        replace_contents(op, lowered)

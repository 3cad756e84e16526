"""The patterns of convert-llir-to-llvm, by op family: `control` (functions, branches,
phis, loops, calls), `scalar` (arithmetic, comparisons, conversions, vector ops) and
`memory` (buffers, accesses, run-time checks, the data section); `builder` holds the lowering state
they share. `LOWERINGS` maps each llir op class to its lowering.
"""

from xdsl.ir import Operation

from nnstack.transforms.llir_to_llvm.builder import (
    ERROR_GLOBALS,
    ERROR_SITES,
    HEADER_BYTES,
    BufferState,
    Lowering,
    ModuleLowering,
    weight_globals,
)
from nnstack.transforms.llir_to_llvm.control import CONTROL_LOWERINGS, entry_point, lower_function
from nnstack.transforms.llir_to_llvm.memory import (
    ALLOCATION_FUNCTIONS,
    MEMORY_LOWERINGS,
    global_bytes,
    lower_global,
)
from nnstack.transforms.llir_to_llvm.parallel import (
    MIN_CHUNK_WORK,
    OUTLINE_OPS,
    OUTLINED_PREFIX,
    RUNTIME_FUNCTION,
)
from nnstack.transforms.llir_to_llvm.scalar import LIBM_FUNCTIONS, SCALAR_LOWERINGS

LOWERINGS: dict[type[Operation], Lowering] = {**CONTROL_LOWERINGS, **SCALAR_LOWERINGS, **MEMORY_LOWERINGS}
"""Every llir op the pass lowers (llir.phi and llir.yield are lowered with their block
and loop)."""

RESERVED_SYMBOLS = LIBM_FUNCTIONS | ALLOCATION_FUNCTIONS | frozenset((*ERROR_GLOBALS, RUNTIME_FUNCTION))
"""The symbols the lowered module declares besides its own functions (the C functions
it calls, the error globals): an llir.func may not take one of these names."""

__all__ = [
    "ERROR_GLOBALS",
    "ERROR_SITES",
    "HEADER_BYTES",
    "LOWERINGS",
    "MIN_CHUNK_WORK",
    "OUTLINED_PREFIX",
    "OUTLINE_OPS",
    "RESERVED_SYMBOLS",
    "RUNTIME_FUNCTION",
    "BufferState",
    "Lowering",
    "ModuleLowering",
    "entry_point",
    "global_bytes",
    "lower_function",
    "lower_global",
    "weight_globals",
]

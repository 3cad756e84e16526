"""The patterns and steps of `convert-mir-to-llir`, one module per op family.

The pass itself lives in `nnstack.transforms.convert_mir_to_llir`.

- `builder`: the IR builder, loop nests, address computation (`Offset`, `Access`,
  `emit_map` with dim merging and vectorization) and the patterns' base class.
- `elementwise`: mir.broadcast_* (arithmetic, bitwise, comparisons), mir.select,
  mir.broadcast_to, the unary math ops, mir.cast.
- `conv`: mir.conv, mir.pool, mir.matmul. `reduce`: mir.reduce.
- `indexing`: mir.slice, gather, gather_elements, scatter, transpose, concat, reshape, dynamic_reshape.
- `memory`: mir.alloc_tensor, dealloc_tensor, constant (the data section), from_elements.
- `control`: func.func, mir.for, mir.parallel_for, mir.if.
- `scalar`: the arith ops on scalars.

What runs after the patterns (frees, output forwarding, constant hoisting, unroll
hints) are passes of their own: `nnstack.transforms.llir_buffers`,
`nnstack.transforms.hoist_constants`, `nnstack.transforms.llir_unroll_hints`.
"""

from .builder import LoweringOptions
from .control import FuncLowering, IfLowering, LoopLowering
from .conv import ConvLowering, MatmulLowering, PoolLowering
from .elementwise import (
    BroadcastBinaryLowering,
    BroadcastToLowering,
    CastLowering,
    CompareLowering,
    SelectLowering,
    UnaryLowering,
)
from .indexing import ConcatLowering, ReadLowering, ReshapeLowering, ScatterLowering
from .memory import (
    DATA_SECTION_MIN_ELEMENTS,
    AllocTensorLowering,
    ConstantLowering,
    DataSection,
    DeallocTensorLowering,
    FromElementsLowering,
)
from .reduce import ReduceLowering
from .scalar import ArithLowering

__all__ = [
    "DATA_SECTION_MIN_ELEMENTS",
    "AllocTensorLowering",
    "ArithLowering",
    "BroadcastBinaryLowering",
    "BroadcastToLowering",
    "CastLowering",
    "CompareLowering",
    "ConcatLowering",
    "ConstantLowering",
    "ConvLowering",
    "DataSection",
    "DeallocTensorLowering",
    "FromElementsLowering",
    "FuncLowering",
    "IfLowering",
    "LoopLowering",
    "LoweringOptions",
    "MatmulLowering",
    "PoolLowering",
    "ReadLowering",
    "ReduceLowering",
    "ReshapeLowering",
    "ScatterLowering",
    "SelectLowering",
    "UnaryLowering",
]

"""The spensor and ndspensor dialects: tensors that carry a memory level.

A *spensor* (spatial tensor) is a statically shaped tensor placed in one level of a
multi-level memory hierarchy, such as AMD AIE's L3 (DDR) -> L2 (mem tiles) -> L1
(core-local memories laid out as a core grid). An *ndspensor* is a grid of equally
typed spensors: `!spensor.ndspensor<tensor<4x!spensor.spensor<...>>>` holds four
tiles. Ops are polymorphic over both kinds: on an ndspensor they act on every tile.

The types and ops mirror the original Spensor package (Xilinx/mlir-air,
python/spensor): same names, operands, properties and textual syntax, so IR printed
by the original (generic op form) parses unchanged and round-trips. On top of the
original:

- every op verifies its result type against its shape rule, with a message naming
  the op and the expected type; so do the builders, which infer result types;
- the compile-time "constant index" operands (`split`'s partitions and dim, ...)
  must come from `arith.constant`, which the verifiers check;
- splits that do not divide their dimension evenly are rejected (the original
  silently dropped the remainder), so every element of a split belongs to a tile;
- `matmul` of ndspensors requires both grids to be equal (it is per tile);
- `ndspensor.repeat` and `ndspensor.broadcast` have defined result types;
- `ndspensor.reduce` sorts `reduce_dim` and accepts only `op_name = "add"`, the
  reduction every implementation computes;
- `spensor.subview` keeps the source's memory, `combine_to_spensor` needs distinct
  target axes for its non-unit grid dims;
- memory space numbers are range-checked (LLVM address spaces, 0 <= n < 2**24);
- ops declare their memory effects (views and handles are `Pure`, copies read and
  allocate their result, `move_to` / `fill` / an in-place add write), so the stock
  `dce`, `cse` and `canonicalize` work on spensor programs;
- what the analyses find is attached as verified attributes:
  `#spensor.memory_level<...>` (one level of the memory table) and
  `#spensor.loop<...>` (one loop of the parallel loop nest).

Memory shapes print as `!spensor.memory<"L1", [4, 4]>`; the original's
`[4 : i64, 4 : i64]` parses too.

One module per job: `types` (the types and their helpers), `shapes` (shape rules),
`attributes` (the analyses' attributes), `verifiers` (shared verifier helpers), `ops`
(spensor ops and their memory effects) and `nd_ops` (ndspensor ops); each exports its
names in its `__all__`, and the dialects' op lists are derived from `ops` and `nd_ops`.
"""

from xdsl.ir import Dialect

from nnstack.dialects.spensor import attributes, nd_ops, ops, types
from nnstack.dialects.spensor.attributes import *
from nnstack.dialects.spensor.nd_ops import *
from nnstack.dialects.spensor.ops import *
from nnstack.dialects.spensor.shapes import *
from nnstack.dialects.spensor.types import *
from nnstack.dialects.spensor.verifiers import *
from nnstack.dialects.utils import defined_ops

Spensor = Dialect(
    "spensor",
    defined_ops(ops),
    [
        types.MemoryType,
        types.SpensorType,
        types.NDSpensorType,
        attributes.MemoryLevelAttr,
        attributes.LoopAttr,
    ],
)

NDSpensor = Dialect("ndspensor", defined_ops(nd_ops), [])

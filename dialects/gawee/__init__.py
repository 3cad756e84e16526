"""The gawee dialect: high-level neural-network ops on NCHW tensors.

Mirrors the original Gawee MLIR project: the same op names, operands and camelCase
attribute names, attributes kept as plain (discardable-style) attributes sorted by
name, so the original's generic form
`"gawee.conv"(...) {dilation = array<i64: 1, 1>, ...}` parses and prints unchanged.
On top of the original:

- every op declares its operand and result types (statically shaped tensors of one
  element type) and verifies its result shape against the op's shape rule;
- conv takes an optional bias and `groups`; conv and max_pool take 2-value symmetric
  `[pH, pW]` or 4-value `[top, left, bottom, right]` padding; conv, max_pool and
  average_pool also take 1-D and 3-D windows ([N, C, W], [N, C, D, H, W]: one value
  per spatial dim in each window attribute, one or two per dim in the padding);
- max_pool honours `ceilMode`, ad_avg_pool any `outputSize`, flatten negative dims,
  linear inputs of rank >= 2, add numpy broadcasting;
- a declarative custom syntax: operands, then `name = value` for each attribute in
  the op's order, then the functional type, e.g.
  `gawee.conv %x, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (...) -> ...`.

The ops live in family modules (`conv`, `nn`, `matrix`, `pooling`, `pool_indices`, `recurrent`,
`elementwise`, `trigonometric`, `arithmetic`, `logic`, `shape`, `movement`, `reduce`,
`selection`, `resize`, `sampling`, `rearrange`, `construction`), each exporting its names in its
`__all__`; shape rules and the shared base in `base`, composite ops' machinery in
`composite`. The dialect's op list is derived from the family modules: an op defined in
one of them is registered, with no list to add it to.
"""

from types import ModuleType

from xdsl.ir import Dialect

from nnstack.dialects.gawee import (
    arithmetic,
    construction,
    conv,
    elementwise,
    logic,
    matrix,
    movement,
    nn,
    pool_indices,
    pooling,
    rearrange,
    recurrent,
    reduce,
    resize,
    sampling,
    selection,
    shape,
    trigonometric,
)
from nnstack.dialects.gawee.arithmetic import *
from nnstack.dialects.gawee.base import *
from nnstack.dialects.gawee.construction import *
from nnstack.dialects.gawee.conv import *
from nnstack.dialects.gawee.elementwise import *
from nnstack.dialects.gawee.logic import *
from nnstack.dialects.gawee.matrix import *
from nnstack.dialects.gawee.movement import *
from nnstack.dialects.gawee.nn import *
from nnstack.dialects.gawee.pool_indices import *
from nnstack.dialects.gawee.pooling import *
from nnstack.dialects.gawee.rearrange import *
from nnstack.dialects.gawee.recurrent import *
from nnstack.dialects.gawee.reduce import *
from nnstack.dialects.gawee.resize import *
from nnstack.dialects.gawee.sampling import *
from nnstack.dialects.gawee.selection import *
from nnstack.dialects.gawee.shape import *
from nnstack.dialects.gawee.trigonometric import *
from nnstack.dialects.utils import broadcast_shape as broadcast_shape
from nnstack.dialects.utils import defined_ops
from nnstack.dialects.utils import matmul_shape as matmul_shape
from nnstack.dialects.utils import tensor_like as tensor_like
from nnstack.dialects.utils import tensor_shape as tensor_shape
from nnstack.dialects.utils import window_output_size as window_output_size

FAMILIES: tuple[ModuleType, ...] = (
    conv,
    nn,
    matrix,
    pooling,
    pool_indices,
    recurrent,
    elementwise,
    trigonometric,
    arithmetic,
    logic,
    shape,
    movement,
    reduce,
    selection,
    resize,
    sampling,
    rearrange,
    construction,
)
"""The modules that define the gawee ops."""


Gawee = Dialect("gawee", [op for family in FAMILIES for op in defined_ops(family)], [])

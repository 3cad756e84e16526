"""Unsigned integers in the lowering to linalg: gawee tensors may hold ui8 ... ui64 (the
type states the semantics), upstream arith and linalg take signless integers only.

The patterns build their IR from the gawee types and pick the arith op by them
(`unsigned_variant`: `arith.divui` for `arith.divsi`, `maxui`, `minui`, `remui`,
`shrui`, `extui`, `uitofp`, `fptoui`; `predicate`: `cmpi ult` for `slt`, ...); after
them `make_signless` (`nnstack.transforms.signless`, which convert-gawee-to-mir
shares) rewrites every unsigned type of the module to the signless type of its
width. docs/unsigned-integers.md describes the rule at the runtime boundary.
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith
from xdsl.ir import Attribute, Operation

from nnstack.dialects.constraints import is_unsigned
from nnstack.dialects.values import numpy_dtype

UNSIGNED_VARIANTS: dict[type[Operation], type[Operation]] = {
    arith.DivSIOp: arith.DivUIOp,
    arith.RemSIOp: arith.RemUIOp,
    arith.MaxSIOp: arith.MaxUIOp,
    arith.MinSIOp: arith.MinUIOp,
    arith.ShRSIOp: arith.ShRUIOp,
    arith.ExtSIOp: arith.ExtUIOp,
    arith.SIToFPOp: arith.UIToFPOp,
    arith.FPToSIOp: arith.FPToUIOp,
}
"""The unsigned counterpart of each arith op that reads its integers as signed."""

UNSIGNED_PREDICATES: dict[str, str] = {"slt": "ult", "sle": "ule", "sgt": "ugt", "sge": "uge"}
"""The unsigned counterpart of each signed `arith.cmpi` predicate."""


def unsigned_variant(op_type, element: Attribute):
    """`op_type`, or its unsigned counterpart where `element` is unsigned."""
    return UNSIGNED_VARIANTS.get(op_type, op_type) if is_unsigned(element) else op_type


def predicate(signed: str, element: Attribute) -> str:
    """The `arith.cmpi` predicate `signed`, unsigned where `element` is."""
    return UNSIGNED_PREDICATES.get(signed, signed) if is_unsigned(element) else signed


def integer_bounds(element: Attribute) -> tuple[int, int]:
    """The least and greatest value of an integer type, by its signedness."""
    info = np.iinfo(numpy_dtype(element))
    return int(info.min), int(info.max)

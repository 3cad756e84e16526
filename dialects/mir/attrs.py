"""The enumerated options of mir ops.

In an op's custom syntax an option is a bare word (`mir.reduce sum ...`); in the
generic form it is an opaque dialect attribute, `#mir<reduce_kind sum>`.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import SpacedOpaqueSyntaxAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.utils.str_enum import StrEnum


class ReduceKind(StrEnum):
    """How mir.reduce combines the elements along its axes; the names are numpy's
    reductions. sum, max, min, prod take numeric tensors, mean floats, any and all i1,
    umax and umin (max and min of integers read as unsigned) integers."""

    SUM = auto()
    MEAN = auto()
    MAX = auto()
    MIN = auto()
    PROD = auto()
    ANY = auto()
    ALL = auto()
    UMAX = auto()
    UMIN = auto()


class PoolKind(StrEnum):
    """How mir.pool combines a window: its maximum, its sum, or its average over the
    real (non-padding) positions."""

    MAX = auto()
    SUM = auto()
    AVG = auto()


@irdl_attr_definition
class ReduceKindAttr(EnumAttribute[ReduceKind], SpacedOpaqueSyntaxAttribute):
    """The kind of a mir.reduce: `#mir<reduce_kind sum>`."""

    name = "mir.reduce_kind"


@irdl_attr_definition
class PoolKindAttr(EnumAttribute[PoolKind], SpacedOpaqueSyntaxAttribute):
    """The kind of a mir.pool: `#mir<pool_kind max>`."""

    name = "mir.pool_kind"


class ComparePredicate(StrEnum):
    """What mir.broadcast_cmp tests: ==, !=, <, <=, >, >= (ordered on floats: a
    comparison with NaN is false, except ne, which is true; signed on integers), and
    <, <=, >, >= of integers read as unsigned (ult, ule, ugt, uge)."""

    EQ = auto()
    NE = auto()
    LT = auto()
    LE = auto()
    GT = auto()
    GE = auto()
    ULT = auto()
    ULE = auto()
    UGT = auto()
    UGE = auto()


UNSIGNED_PREDICATES: frozenset[ComparePredicate] = frozenset(
    (ComparePredicate.ULT, ComparePredicate.ULE, ComparePredicate.UGT, ComparePredicate.UGE)
)
"""The predicates that read integers as unsigned (integers only)."""


@irdl_attr_definition
class ComparePredicateAttr(EnumAttribute[ComparePredicate], SpacedOpaqueSyntaxAttribute):
    """The predicate of a mir.broadcast_cmp: `#mir<compare_predicate lt>`."""

    name = "mir.compare_predicate"

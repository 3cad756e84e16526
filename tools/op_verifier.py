"""A faster `Operation.verify` for the ops whose definition has no variadic part.

xDSL's IRDL verifier (`OpDef.verify`) works out, for every op it verifies, how the
op's operands, results, regions and successors split among its definition's variadic
parts: four counts and searches of the definition per op, a third of a lowered
model's verification (a BERT-tiny lowered to linalg: 730 ops). For a definition with
no variadic or optional part (most ops: `linalg.generic`'s `inputs` and `outputs`
aside) each count is a constant, and every other check is the same call xDSL makes.

`verify_op` makes exactly xDSL's checks; where one fails, the op is verified again
by xDSL's own `Operation.verify`, so a problem is reported in xDSL's words. A
`Verifier` holds what it worked out per op definition for one verification; nothing
is kept between verifications (no module-level state).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from xdsl.ir import Attribute, ErasedSSAValue, Operation, SSAValue
from xdsl.irdl import IRDLOperation, OpDef, OptionalDef, VariadicDef
from xdsl.irdl.constraints import VerificationContext
from xdsl.irdl.operations import (
    AttrOrPropDef,
    AttrSizedSegments,
    SingleBlockRegionDef,
    VarIRConstruct,
    get_attr_size_option,
    verify_variadic_attr_size,
)
from xdsl.traits import IsTerminator, NoTerminator
from xdsl.utils.exceptions import VerifyException

from nnstack.dialects.xdsl_compat import custom_verifier

CustomVerifier = Callable[[Operation], object]


@dataclass(frozen=True)
class _Counts:
    """How many of one construct (operands, results, regions, successors) an op of a
    definition may have, as xDSL's `verify_variadic_size` allows: `fixed` of them and
    `variadic` parts of the same size (`optional`: of size 0 or 1); or, sized by an
    attribute (`AttrSizedSegments`), checked by xDSL's `verify_variadic_attr_size`."""

    construct: VarIRConstruct
    fixed: int
    variadic: int
    optional: bool
    sized_by: AttrSizedSegments | None

    @staticmethod
    def of(op_def: OpDef, construct: VarIRConstruct, defs: Sequence[tuple[str, object]]) -> _Counts:
        variadic = [d for _, d in defs if isinstance(d, VariadicDef)]
        option = next((o for o in op_def.options if isinstance(o, get_attr_size_option(construct))), None)
        optional = any(isinstance(d, OptionalDef) for d in variadic)
        return _Counts(construct, len(defs) - len(variadic), len(variadic), optional, option)

    def check(self, op: Operation, op_def: OpDef, count: int) -> None:
        """Raises if `op`, which has `count` of the construct, may not have that many."""
        if self.sized_by is not None:
            verify_variadic_attr_size(op, op_def, self.construct, self.sized_by)
        elif not self.variadic:
            if count != self.fixed:
                raise VerifyException("count")
        elif self.optional:
            if count not in (self.fixed + self.variadic, self.fixed):
                raise VerifyException("count")
        elif count < self.fixed or (count - self.fixed) % self.variadic:
            raise VerifyException("count")


@dataclass(frozen=True)
class _Plan:
    """What verifying an op of one definition takes, worked out once."""

    op_def: OpDef
    counts: tuple[_Counts, _Counts, _Counts, _Counts]
    """Of the operands, results, regions and successors."""
    variadic: bool
    """Whether an operand or a result definition is variadic (else the i-th operand
    is the i-th definition's)."""
    custom: CustomVerifier | None


@dataclass
class Verifier:
    """Verifies ops (`verify_op`), with a plan per op definition made at its first op."""

    _plans: dict[type[Operation], _Plan | None] = field(default_factory=dict)

    def verify_op(self, op: Operation) -> None:
        """`op.verify(verify_nested_ops=False)`: raises what xDSL's verifier raises for `op`."""
        kind = type(op)
        if kind not in self._plans:
            self._plans[kind] = _plan(kind)
        plan = self._plans[kind]
        if plan is None or not _verifies(op, plan):
            op.verify(verify_nested_ops=False)


def _plan(kind: type[Operation]) -> _Plan | None:
    """The plan for the ops of class `kind`, or None: one xDSL verifies its own way (not
    an IRDL op, a verifier of an unknown shape)."""
    if not issubclass(kind, IRDLOperation):
        return None
    found, custom = custom_verifier(kind)
    if not found:
        return None
    op_def = kind.get_irdl_definition()
    constructs = (
        (VarIRConstruct.OPERAND, op_def.operands),
        (VarIRConstruct.RESULT, op_def.results),
        (VarIRConstruct.REGION, op_def.regions),
        (VarIRConstruct.SUCCESSOR, op_def.successors),
    )
    counts = tuple(_Counts.of(op_def, construct, defs) for construct, defs in constructs)
    assert len(counts) == 4
    variadic = any(isinstance(d, VariadicDef) for _, d in (*op_def.operands, *op_def.results))
    return _Plan(op_def, counts, variadic, custom)


def _verifies(op: Operation, plan: _Plan) -> bool:
    """Whether `op` passes every check of xDSL's `Operation.verify` (the nested ops
    aside), made as xDSL makes them; False at the first that fails (or raises)."""
    try:
        _check(op, plan)
    except Exception:  # noqa: BLE001 (xDSL's verifier says what it is)
        return False
    return True


def _check(op: Operation, plan: _Plan) -> None:
    """xDSL 0.74's `Operation.verify(verify_nested_ops=False)` then `OpDef.verify` of a
    definition without variadic parts; raises at the first problem (any exception)."""
    op_def = plan.op_def
    operands, results, regions = op.operands, op.results, op.regions
    operand_counts, result_counts, region_counts, successor_counts = plan.counts
    operand_counts.check(op, op_def, len(operands))
    result_counts.check(op, op_def, len(results))
    region_counts.check(op, op_def, len(regions))
    successor_counts.check(op, op_def, len(op.successors))
    if op.successors:
        raise VerifyException("successors")  # (xDSL's checks of successors, at the op)
    block = op.parent
    region = None if block is None else block.parent
    if block is not None and region is not None and block.last_op is op:
        parent = region.parent
        terminates = len(region.blocks) > 1 or (parent is not None and not parent.has_trait(NoTerminator))
        if len(region.blocks) >= 1 and terminates and not op.has_trait(IsTerminator):
            raise VerifyException("terminator")
    if any(isinstance(operand, ErasedSSAValue) for operand in operands):
        raise VerifyException("erased")
    context = VerificationContext()
    if plan.variadic:
        for name, definition in (*op_def.operands, *op_def.results):
            values: SSAValue | Sequence[SSAValue] | None = getattr(op, name)
            if values is None:
                types: Sequence[Attribute] = ()
            elif isinstance(values, SSAValue):
                types = (values.type,)
            else:
                types = tuple(value.type for value in values)
            definition.constr.verify(types, context)
    else:
        for (_, definition), operand in zip(op_def.operands, operands):
            definition.constr.verify((operand.type,), context)
        for (_, definition), result in zip(op_def.results, results):
            definition.constr.verify((result.type,), context)
    if region_counts.variadic or region_counts.sized_by is not None:
        raise VerifyException("regions")  # (xDSL's checks of variadic regions, at the op)
    for (_, definition), region in zip(op_def.regions, regions):
        if isinstance(definition, SingleBlockRegionDef) and len(region.blocks) != 1:
            raise VerifyException("blocks")
        entry = region.first_block
        if entry is not None:
            definition.entry_args.verify(entry.arg_types, context)
    _verify_named(op.properties, op_def.properties, "property", context)
    if any(name not in op_def.properties for name in op.properties):
        raise VerifyException("property")
    _verify_named(op.attributes, op_def.attributes, "attribute", context)
    for trait in op_def.traits:
        trait.verify(op)
    if plan.custom is not None:
        plan.custom(op)


def _verify_named(
    given: Mapping[str, Attribute],
    definitions: Mapping[str, AttrOrPropDef],
    what: str,
    context: VerificationContext,
) -> None:
    """Each defined property or attribute against its constraint; a missing one fails
    unless it is optional (the caller's fallback then gives xDSL's diagnostic)."""
    for name, definition in definitions.items():
        if name not in given:
            if isinstance(definition, OptionalDef):
                continue
            raise VerifyException(what)
        definition.constr.verify(given[name], context)

"""Every verifier rule of the gawee and mir ops has a negative test.

The table starts from one valid op per op kind, in generic form, and derives each
invalid case from it by changing one thing (an operand or result type, one
attribute or property). The valid ops are checked to verify, so each invalid case
fails for the one thing it changes. The diagnostic must mark that op, and its
message must contain a key phrase of the rule; the exact wording is not pinned.

The ops and cases live in `gawee_rules` and `mir_rules`, the table's helpers in
`verifier_cases`; `derived_cases` adds cases derived from each gawee op's docs example.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from derived_cases import derived_cases
from gawee_rules import GAWEE_OPS, SHAPED_OPS, gawee_cases, shaped_cases
from mir_rules import CMP, MIR_OPS, POOL, REDUCE, REGION_OPS, mir_cases, region_cases
from verifier_cases import Invalid, Op, a, t, verify_error
from xdsl.utils.exceptions import ParseError, VerifyException

from nnstack.interpreters import parse_module

VALID = GAWEE_OPS + SHAPED_OPS + MIR_OPS
INVALID = gawee_cases() + shaped_cases() + list(derived_cases()) + mir_cases() + region_cases()


@pytest.mark.parametrize("op", VALID, ids=lambda op: op.name)
def test_valid_op_verifies(op: Op):
    """The op each invalid case starts from is valid."""
    parse_module(op.text())


@pytest.mark.parametrize("kind", ["max", "avg"])
def test_pool_of_one_window_verifies(kind: str):
    """A window as large as the input gives a 1x1 output (a global pool), which is valid."""
    whole = (
        POOL.attr("kind", f"#mir<pool_kind {kind}>")
        .attr("kernel_size", a(7, 8))
        .attr("stride", a(1, 1))
        .attr("padding", a(0, 0, 0, 0))
        .attr("output_shape", a(1, 1, 1, 2))
        .result(t(1, 1, 1, 2))
    )
    parse_module(whole.text())


@pytest.mark.parametrize("op_name", REGION_OPS)
def test_valid_region_op_verifies(op_name: str):
    parse_module(REGION_OPS[op_name])


@pytest.mark.parametrize("case", INVALID, ids=lambda case: case.id)
def test_invalid_op_is_diagnosed(case: Invalid):
    marked, message = verify_error(case.text())
    assert f'"{case.op_name}"' in marked, f"the diagnostic marks another op: {marked.strip()}"
    phrases = case.phrase.lower().split("|")
    assert any(phrase in message.lower() for phrase in phrases), f"{case.phrase!r} not in: {message}"


def test_every_op_has_invalid_cases():
    """No gawee or mir op kind is left without a negative test."""
    from nnstack.dialects.gawee import Gawee
    from nnstack.dialects.mir import Mir

    covered = {case.op_name for case in INVALID}
    covered |= {case.op.name for case in INVALID if isinstance(case.op, Op)}
    names = {op.name for dialect in (Gawee, Mir) for op in dialect.operations}
    assert names <= covered, names - covered


@pytest.mark.parametrize(
    ("op", "name", "kind"),
    [
        (POOL, "kind", "#mir<pool_kind min>"),
        (REDUCE, "kind", "#mir<reduce_kind median>"),
        (CMP, "predicate", "#mir<compare_predicate lt_or_eq>"),
    ],
    ids=["pool", "reduce", "broadcast_cmp"],
)
def test_unknown_kind_is_a_parse_error(op: Op, name: str, kind: str):
    """A kind outside the enum cannot be written: parsing stops at it and lists the kinds."""
    with pytest.raises(ParseError, match="Expected `"):
        parse_module(op.attr(name, kind).text())


DYNAMIC_ALLOWED = {("mir.dynamic_reshape", "operand", 0)}
"""A static tensor of the table's ops that may also be dynamic: the input of
mir.dynamic_reshape, whose result shape is an operand's value. (Tensors that are
dynamic in the table, as mir.dealloc_tensor's, get the complex<f32> case only.)"""


def changed_types(op: Op) -> list[tuple[str, Op]]:
    """`op` with one tensor type changed: a dynamic first dim, or complex<f32> elements."""
    variants: list[tuple[str, Op]] = []
    for kind, types in (("operand", op.operands), ("result", op.results)):
        for index, typ in enumerate(types):
            match = re.fullmatch(r"tensor<((?:[\d?]+x)*)(\w+)>", typ)
            if match is None:
                continue
            dims, element = match.groups()
            new_types = [f"tensor<{dims}complex<f32>>"]
            if dims and "?" not in dims and (op.name, kind, index) not in DYNAMIC_ALLOWED:
                new_types.append(f"tensor<?{dims[dims.index('x') :]}{element}>")
            for new in new_types:
                changed = list(types)
                changed[index] = new
                field = "operands" if kind == "operand" else "results"
                variants.append((f"{kind} #{index} {new}", replace(op, **{field: tuple(changed)})))
    return variants


@pytest.mark.parametrize("op", VALID, ids=lambda op: op.name)
def test_tensor_types_are_constrained(op: Op):
    """Every tensor operand and result of every op has a declared type constraint: a
    complex element type is rejected everywhere, a dynamic shape everywhere except in
    `DYNAMIC_ALLOWED` (gawee and mir ops have static shapes)."""
    variants = changed_types(op)
    assert variants
    for what, changed in variants:
        with pytest.raises((VerifyException, ParseError)):
            parse_module(changed.text())
            pytest.fail(f"{op.name} accepts {what}")

"""Unsigned integer types made signless, after a lowering of gawee (to linalg or to
mir) whose patterns chose the unsigned ops by the gawee types: `make_signless`
rewrites every unsigned type of the module, the function signatures and constants
included, to the signless type of its width, as torch-mlir's finalizing backend type
conversion turns `!torch.vtensor<[2],ui8>` into `tensor<2xi8>` (docs/unsigned-integers.md).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ArrayAttr, IntegerType, ModuleOp
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from nnstack.dialects.constraints import is_unsigned
from nnstack.transforms.utils import LocatedRewriteWalker


def signless(attr: Attribute) -> Attribute:
    """`attr` with every unsigned integer type in it (a tensor's element type, a function
    type's, a constant's) the signless type of its width; `attr` itself where it has none."""
    if is_unsigned(attr):
        assert isinstance(attr, IntegerType)
        return IntegerType(attr.width.data)
    if isinstance(attr, ArrayAttr):
        items = tuple(signless(a) for a in attr.data)
        same = all(a is b for a, b in zip(items, attr.data, strict=True))
        return attr if same else ArrayAttr(items)
    if isinstance(attr, ParametrizedAttribute):
        parameters = tuple(signless(p) for p in attr.parameters)
        same = all(a is b for a, b in zip(parameters, attr.parameters, strict=True))
        return attr if same else type(attr).new(parameters)
    return attr


class SignlessTypes(RewritePattern):
    """Every unsigned integer type, wherever it appears (results, block arguments,
    properties and attributes: function types, constants), becomes the signless type
    of its width. (xDSL's `TypeConversionPattern` keeps an attribute whose conversion is
    falsy, as `0 : i64` is.)"""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /):
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if (converted := signless(arg.type)) is not arg.type:
                        rewriter.replace_value_with_new_type(arg, converted)
        results = [signless(result.type) for result in op.results]
        properties = {name: signless(value) for name, value in op.properties.items()}
        attributes = {name: signless(value) for name, value in op.attributes.items()}
        if (
            all(new is result.type for new, result in zip(results, op.results, strict=True))
            and all(properties[name] is value for name, value in op.properties.items())
            and all(attributes[name] is value for name, value in op.attributes.items())
        ):
            return
        new_op = type(op).create(
            operands=op.operands,
            result_types=results,
            properties=properties,
            attributes=attributes,
            successors=op.successors,
            regions=[op.detach_region(region) for region in op.regions],
        )
        new_op.location = op.location
        rewriter.replace(op, new_op)
        for new, old in zip(new_op.results, op.results, strict=True):
            new.name_hint = old.name_hint


def has_unsigned(module: ModuleOp) -> bool:
    """Whether a value of `module` has an unsigned element type (the only place one can
    appear in a gawee program: the constants' attributes have their results' types)."""
    for op in module.walk():
        for value in (
            *op.results,
            *(arg for region in op.regions for block in region.blocks for arg in block.args),
        ):
            element = getattr(value.type, "element_type", value.type)
            if is_unsigned(element):
                return True
    return False


def make_signless(module: ModuleOp) -> None:
    """Rewrites every unsigned type of `module` to the signless type of its width."""
    if has_unsigned(module):
        LocatedRewriteWalker(SignlessTypes()).rewrite_module(module)

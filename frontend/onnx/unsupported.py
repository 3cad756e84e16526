"""Why the ONNX operators the importer does not map are not: the reason its error gives
for such a node, and the list docs/onnx-coverage.md prints. Every operator of the default
domain is mapped (`converters.CONVERTERS`), expanded from ONNX's function definition, or
here (tests/frontend/test_onnx_coverage_doc.py checks it)."""

from __future__ import annotations

from collections.abc import Mapping

_VALUE_SHAPED = "its output's shape depends on the input's values; gawee's types are static"
_RANDOM = "it draws random numbers, which gawee does not"
_SEQUENCES = "sequences of tensors, which have no gawee type"
_OPTIONALS = "optional values, which have no gawee type"
_STRINGS = "strings, which are no gawee element type"
_REGIONS = "not implemented: bilinear sampling of regions that a tensor of boxes gives"

UNSUPPORTED_OPERATORS: Mapping[str, str] = {
    "NonZero": _VALUE_SHAPED,
    "Unique": _VALUE_SHAPED,
    "NonMaxSuppression": _VALUE_SHAPED,
    "MelWeightMatrix": _VALUE_SHAPED + " (with constant inputs the importer folds it to a constant)",
    "RandomNormal": _RANDOM,
    "RandomNormalLike": _RANDOM,
    "RandomUniform": _RANDOM,
    "RandomUniformLike": _RANDOM,
    "Multinomial": _RANDOM,
    "ConcatFromSequence": _SEQUENCES,
    "SequenceAt": _SEQUENCES,
    "SequenceConstruct": _SEQUENCES,
    "SequenceEmpty": _SEQUENCES,
    "SequenceErase": _SEQUENCES,
    "SequenceInsert": _SEQUENCES,
    "SequenceLength": _SEQUENCES,
    "SplitToSequence": _SEQUENCES,
    "Optional": _OPTIONALS,
    "OptionalGetElement": _OPTIONALS,
    "OptionalHasElement": _OPTIONALS,
    "RegexFullMatch": _STRINGS,
    "StringConcat": _STRINGS,
    "StringNormalizer": _STRINGS,
    "StringSplit": _STRINGS,
    "TfIdfVectorizer": "not implemented: n-gram counting (its string form needs strings, which are no gawee element type)",
    "ImageDecoder": "it decodes encoded images (JPEG, PNG, ...): a codec, not tensor arithmetic",
    "BitCast": "not implemented: no gawee op reinterprets the bits of one element type as another",
    "DeformConv": "not implemented: a convolution sampling its input at offsets the model computes",
    "RoiAlign": _REGIONS,
}
"""Why each operator of the default domain that the importer does not map is not."""

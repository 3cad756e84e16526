"""gawee.bitwise_and / or / xor / not against ONNX's reference evaluator, on every signed
and unsigned integer type with broadcasting, over each type's whole range (its ends
included), at gawee, linalg and mir level (unsigned ones signless below gawee: the
results viewed back)."""

from __future__ import annotations

import numpy as np
import pytest
from levels import run_at_levels
from onnx_checks import ELEMENT, one_op_program, onnx_reference

SIGNED = [np.int8, np.int16, np.int32, np.int64]
UNSIGNED = [np.uint8, np.uint16, np.uint32, np.uint64]
OPS = {"and": "BitwiseAnd", "or": "BitwiseOr", "xor": "BitwiseXor", "not": "BitwiseNot"}


def element(dtype: type) -> str:
    return ELEMENT[np.dtype(dtype)]


def draw(shape: tuple[int, ...], dtype: type, rng: np.random.Generator) -> np.ndarray:
    info = np.iinfo(dtype)
    values = rng.integers(info.min, info.max, shape, dtype, endpoint=True)
    values.flat[:3] = [info.min, info.max, 0][: values.size]
    return values


@pytest.mark.parametrize("dtype", SIGNED + UNSIGNED, ids=element)
@pytest.mark.parametrize("op", sorted(OPS))
def test_matches_onnx(op: str, dtype: type):
    rng = np.random.default_rng(len(op) * 100 + np.iinfo(dtype).bits)
    shapes, out = ([(2, 3, 4)], (2, 3, 4)) if op == "not" else ([(2, 1, 4), (3, 1)], (2, 3, 4))
    inputs = [draw(s, dtype, rng) for s in shapes]
    expected = onnx_reference(OPS[op], inputs, {}, opset=18)
    text = one_op_program(f"bitwise_{op} {{operands}}", inputs, [np.empty(out, dtype)])
    for level, (got,) in run_at_levels(text, *inputs).items():
        if level != "gawee":
            got = got.view(dtype)  # (signless below gawee: the same bits)
        assert got.dtype == expected.dtype, level
        np.testing.assert_array_equal(got, expected, err_msg=f"at {level} level")

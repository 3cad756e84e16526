"""gawee.bitwise_and / or / xor / not against ONNX's reference evaluator, on every signed
and unsigned integer type with broadcasting, over each type's whole range (its ends
included), at gawee, linalg and mir level (unsigned ones signless below gawee: the
results viewed back)."""

from __future__ import annotations

import numpy as np
import onnx
import pytest
from levels import run_at_levels
from onnx import helper
from onnx.reference import ReferenceEvaluator

SIGNED = [np.int8, np.int16, np.int32, np.int64]
UNSIGNED = [np.uint8, np.uint16, np.uint32, np.uint64]
OPS = {"and": "BitwiseAnd", "or": "BitwiseOr", "xor": "BitwiseXor", "not": "BitwiseNot"}


def element(dtype: type) -> str:
    kind = "ui" if np.issubdtype(dtype, np.unsignedinteger) else "i"
    return f"{kind}{np.iinfo(dtype).bits}"


def tensor(shape: tuple[int, ...], dtype: type) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element(dtype)}>"


def draw(shape: tuple[int, ...], dtype: type, rng: np.random.Generator) -> np.ndarray:
    info = np.iinfo(dtype)
    values = rng.integers(info.min, info.max, shape, dtype, endpoint=True)
    values.flat[:3] = [info.min, info.max, 0][: values.size]
    return values


def reference(op: str, inputs: list[np.ndarray], out: tuple[int, ...]) -> np.ndarray:
    elem = helper.np_dtype_to_tensor_dtype(inputs[0].dtype)
    names = [f"x{i}" for i in range(len(inputs))]
    graph = helper.make_graph(
        [helper.make_node(OPS[op], names, ["y"])],
        "g",
        [helper.make_tensor_value_info(n, elem, list(x.shape)) for n, x in zip(names, inputs)],
        [helper.make_tensor_value_info("y", elem, list(out))],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    onnx.checker.check_model(model)
    (y,) = ReferenceEvaluator(model).run(None, dict(zip(names, inputs)))
    return np.asarray(y)


def program(op: str, shapes: list[tuple[int, ...]], out: tuple[int, ...], dtype: type) -> str:
    args = ", ".join(f"%x{i}: {tensor(s, dtype)}" for i, s in enumerate(shapes))
    operands = ", ".join(f"%x{i}" for i in range(len(shapes)))
    types = ", ".join(tensor(s, dtype) for s in shapes)
    result = tensor(out, dtype)
    return (
        f"func.func @main({args}) -> {result} {{\n"
        f"  %0 = gawee.bitwise_{op} {operands} : ({types}) -> {result}\n"
        f"  func.return %0 : {result}\n}}\n"
    )


@pytest.mark.parametrize("dtype", SIGNED + UNSIGNED, ids=element)
@pytest.mark.parametrize("op", sorted(OPS))
def test_matches_onnx(op: str, dtype: type):
    rng = np.random.default_rng(len(op) * 100 + np.iinfo(dtype).bits)
    shapes, out = ([(2, 3, 4)], (2, 3, 4)) if op == "not" else ([(2, 1, 4), (3, 1)], (2, 3, 4))
    inputs = [draw(s, dtype, rng) for s in shapes]
    expected = reference(op, inputs, out)
    text = program(op, shapes, out, dtype)
    for level, (got,) in run_at_levels(text, *inputs).items():
        if level != "gawee":
            got = got.view(dtype)  # (signless below gawee: the same bits)
        assert got.dtype == expected.dtype, level
        np.testing.assert_array_equal(got, expected, err_msg=f"at {level} level")

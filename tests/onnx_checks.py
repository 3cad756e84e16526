"""Checks of one gawee op against an ONNX oracle: the outputs of a one-node ONNX
model under `onnx.reference.ReferenceEvaluator` (or ONNX Runtime), and the op's
results at gawee level and after convert-gawee-to-linalg and convert-gawee-to-mir.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from levels import run_at_levels
from onnx import helper, numpy_helper
from onnx.reference import ReferenceEvaluator

ELEMENT = {
    np.dtype(np.float16): "f16",
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
    np.dtype(np.bool_): "i1",
    np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "ui8",
    np.dtype(np.uint16): "ui16",
    np.dtype(np.uint32): "ui32",
    np.dtype(np.uint64): "ui64",
}


def tensor(array: np.ndarray) -> str:
    return f"tensor<{''.join(f'{d}x' for d in array.shape)}{ELEMENT[array.dtype]}>"


def onnx_model(
    op_type: str,
    inputs: Sequence[np.ndarray],
    constants: dict[str, np.ndarray],
    outputs: int = 1,
    opset: int = 21,
    **attributes,
):
    """A one-node model on graph inputs x0, x1, ... and constant inputs (initializers,
    by name, appended in order) with outputs y0, y1, ..."""
    names = [f"x{i}" for i in range(len(inputs))]
    results = [f"y{i}" for i in range(outputs)]
    node = helper.make_node(op_type, names + list(constants), results, **attributes)
    graph = helper.make_graph(
        [node],
        "g",
        [
            helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(x.dtype), x.shape)
            for n, x in zip(names, inputs)
        ],
        [helper.make_empty_tensor_value_info(r) for r in results],
        [numpy_helper.from_array(v, n) for n, v in constants.items()],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


def onnx_outputs(
    op_type: str,
    inputs: Sequence[np.ndarray],
    constants: dict[str, np.ndarray],
    outputs: int = 1,
    opset: int = 21,
    **attributes,
) -> list[np.ndarray]:
    """The outputs of one ONNX node under ONNX's reference evaluator."""
    model = onnx_model(op_type, inputs, constants, outputs, opset, **attributes)
    feeds = {f"x{i}": x for i, x in enumerate(inputs)}
    return [np.asarray(y) for y in ReferenceEvaluator(model).run(None, feeds)]


def onnx_reference(
    op_type: str, inputs: list[np.ndarray], constants: dict[str, np.ndarray], opset: int = 21, **attributes
):
    """The (first) output of one ONNX node on `inputs` (x0, x1, ...) and constant inputs
    (by name, appended in order), at `opset`."""
    return onnx_outputs(op_type, inputs, constants, opset=opset, **attributes)[0]


def check_function(
    text: str, inputs: Sequence[np.ndarray], expected: Sequence[np.ndarray], rtol: float = 0.0
) -> None:
    """`@main` of `text` on `inputs` gives `expected` (dtypes, shapes, values; floats to
    `rtol`, otherwise exactly) at gawee, linalg and mir level."""
    for level, got in run_at_levels(text, *inputs).items():
        assert len(got) == len(expected), level
        for g, e in zip(got, expected):
            assert g.dtype == e.dtype and g.shape == e.shape, (level, g.dtype, g.shape, e.dtype, e.shape)
            if rtol:
                np.testing.assert_allclose(g, e, rtol=rtol, err_msg=f"at {level} level")
            else:
                np.testing.assert_array_equal(g, e, err_msg=f"at {level} level")


def one_op_program(op_text: str, inputs: Sequence[np.ndarray], results: Sequence[np.ndarray]) -> str:
    """`@main` applying `gawee.<op_text>` (`{operands}` stands for %x0, %x1, ...) to
    arguments typed like `inputs`, returning results typed like `results`."""
    args = ", ".join(f"%x{i}: {tensor(x)}" for i, x in enumerate(inputs))
    operands = ", ".join(f"%x{i}" for i in range(len(inputs)))
    types = ", ".join(tensor(x) for x in inputs)
    result_types = ", ".join(tensor(r) for r in results)
    names = ", ".join(f"%0#{k}" for k in range(len(results))) if len(results) > 1 else "%0"
    count = f":{len(results)}" if len(results) > 1 else ""
    return (
        f"func.func @main({args}) -> ({result_types}) {{\n"
        f"  %0{count} = gawee.{op_text.format(operands=operands)} : ({types}) -> ({result_types})\n"
        f"  func.return {names} : {result_types}\n}}\n"
    )


def check(op_text: str, inputs: list[np.ndarray], expected: np.ndarray | Sequence[np.ndarray]) -> None:
    """`gawee.<op_text>` on `inputs` equals `expected` exactly (dtype and values) at
    gawee, linalg and mir level; `expected` is one array, or one per result."""
    results = [expected] if isinstance(expected, np.ndarray) else list(expected)
    check_function(one_op_program(op_text, inputs, results), inputs, results)


def random(shape: tuple[int, ...], dtype: type, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        return rng.integers(-3, 4, shape).astype(dtype)
    # few distinct values, so equal / less-or-equal meet ties
    return (rng.integers(-4, 5, shape) / 2).astype(dtype)

"""gawee's arithmetic on integer tensors (i8, i32, i64: ONNX Add, Sub, Mul, Neg, Abs,
Max, Min, Sum as exporters leave them in index computations) at every level of the
stack: the gawee interpreter, linalg, mir, llir (both layouts, scalar and vector code)
and native code, against a reference in Python's unbounded integers reduced to the
type's width (two's-complement wrap-around, as numpy and ONNX Runtime compute)."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
import pytest
from levels import lower
from llir_programs import lower_to_llir

from nnstack.interpreters import call, parse_module, run

DTYPES = {"i8": np.int8, "i32": np.int32, "i64": np.int64}


def wrap(value: int, dtype: type) -> int:
    """`value` reduced to the width of `dtype`, two's complement."""
    bits = np.iinfo(dtype).bits
    return (value + 2 ** (bits - 1)) % 2**bits - 2 ** (bits - 1)


REFERENCES: dict[str, Callable[..., int]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "neg": lambda a: -a,
    "abs": abs,
    "sum": lambda a, b, c: a + b + c,
    "max": max,
    "min": min,
}
"""Each op on Python ints (exact), before the reduction to the type's width."""

ARITY = {"add": 2, "sub": 2, "mul": 2, "neg": 1, "abs": 1, "sum": 3, "max": 2, "min": 2}


def operands(dtype: type) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three [9, 9] operands: `a` and `b` meet in every pair of the type's extremes,
    -2, -1, 0, 1 and 2 (the overflows: min - 1, max + 1, min * -1, max * max, -min,
    |min|); `c` is random over the whole range."""
    info = np.iinfo(dtype)
    special = np.array([info.min, info.min + 1, -2, -1, 0, 1, 2, info.max - 1, info.max], dtype)
    a, b = np.meshgrid(special, special, indexing="ij")
    c = np.random.default_rng(7).integers(info.min, info.max, a.shape, dtype=dtype, endpoint=True)
    return a.copy(), b.copy(), c


def expected(op: str, dtype: type, arrays: tuple[np.ndarray, ...]) -> np.ndarray:
    reference = REFERENCES[op]
    values = [
        wrap(reference(*(int(x) for x in elements)), dtype)
        for elements in zip(*(a.reshape(-1) for a in arrays), strict=True)
    ]
    return np.array(values, dtype).reshape(arrays[0].shape)


def program(element: str) -> str:
    """Every op on [9, 9] tensors of `element`: results in the order of `REFERENCES`."""
    t = f"tensor<9x9x{element}>"
    lines = [
        f"%add = gawee.add %a, %b : ({t}, {t}) -> {t}",
        f"%sub = gawee.sub %a, %b : ({t}, {t}) -> {t}",
        f"%mul = gawee.mul %a, %b : ({t}, {t}) -> {t}",
        f"%neg = gawee.neg %a : ({t}) -> {t}",
        f"%abs = gawee.abs %a : ({t}) -> {t}",
        f"%sum = gawee.sum %a, %b, %c : ({t}, {t}, {t}) -> {t}",
        f"%max = gawee.max %a, %b : ({t}, {t}) -> {t}",
        f"%min = gawee.min %a, %b : ({t}, {t}) -> {t}",
    ]
    names = ", ".join(f"%{op}" for op in REFERENCES)
    types = ", ".join([t] * len(REFERENCES))
    body = "\n  ".join(lines)
    return (
        f"func.func @main(%a: {t}, %b: {t}, %c: {t}) -> ({types}) {{\n  {body}\n"
        f"  func.return {names} : {types}\n}}\n"
    )


@functools.cache
def lowered(element: str, level: str):
    module = parse_module(program(element))
    if level == "gawee":
        return module
    if level in ("linalg", "mir"):
        return lower(module, level)
    layout, width = level.removeprefix("llir-").rsplit("-", 1)
    return lower_to_llir(lower(module, "mir"), layout, int(width))


LEVELS = ["gawee", "linalg", "mir", "llir-row-major-1", "llir-row-major-4", "llir-column-major-8"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("element", sorted(DTYPES))
def test_integer_arithmetic_wraps_at_every_level(element: str, level: str):
    dtype = DTYPES[element]
    arrays = operands(dtype)
    module = lowered(element, level)
    if level.startswith("llir"):
        results = call(module, "main", list(arrays), strict_memory=True).results
    else:
        results = run(module, "main", *arrays)
    for op, got in zip(REFERENCES, results, strict=True):
        want = expected(op, dtype, arrays[: ARITY[op]])
        assert got.dtype == want.dtype, op
        np.testing.assert_array_equal(got, want, err_msg=f"{op} on {element} at {level}")


@pytest.mark.parametrize("element", sorted(DTYPES))
def test_integer_arithmetic_wraps_in_native_code(element: str):
    dtype = DTYPES[element]
    arrays = operands(dtype)
    results = run(lowered(element, "llir-row-major-4"), "main", *arrays, backend="native")
    for op, got in zip(REFERENCES, results, strict=True):
        np.testing.assert_array_equal(got, expected(op, dtype, arrays[: ARITY[op]]), err_msg=op)


def test_the_operands_meet_the_overflows():
    """The operands hold what the test is about: min - 1, max + 1, min * -1 and -min."""
    for dtype in DTYPES.values():
        info = np.iinfo(dtype)
        a, b, _ = operands(dtype)
        pairs = set(zip(a.reshape(-1).tolist(), b.reshape(-1).tolist(), strict=True))
        assert {(info.min, 1), (info.max, 1), (info.min, -1), (info.max, info.max)} <= pairs

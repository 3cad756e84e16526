"""The gawee interpreter on BERT-sized shapes against a direct numpy expression of the
same op, in one process.

Each op is a one-op function run as a prepared program (`nnstack.interpreters.prepare`,
so parsing and preparing are not timed; the inputs' conversion and checks, the op's
checks and the results' conversion are); the numpy reference is the obvious
expression (`a @ b`, a max-shifted softmax, ...). Prints median times and the ratio
gawee / numpy. Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_gawee_ops.py
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from timing import median_time

from nnstack.interpreters import parse_module, prepare

REPEATS = 30


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    variance = np.square(x - mean).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + np.float32(1e-5)) * weight + bias


def gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


CASES: list[tuple[str, str, list[tuple[int, ...]], tuple[int, ...], Callable[..., np.ndarray]]] = [
    ("matmul 1x128x128 @ 128x512", "matmul %x0, %x1", [(1, 128, 128), (128, 512)], (1, 128, 512), np.matmul),
    ("softmax 2x128x128", "softmax %x0 axis = -1", [(2, 128, 128)], (2, 128, 128), softmax),
    (
        "transpose 1x128x2x64",
        "transpose %x0 perm = [0, 2, 1, 3]",
        [(1, 128, 2, 64)],
        (1, 2, 128, 64),
        lambda x: np.ascontiguousarray(x.transpose(0, 2, 1, 3)),
    ),
    ("add 1x128x512 + 512", "add %x0, %x1", [(1, 128, 512), (512,)], (1, 128, 512), np.add),
    ("mul 2x128x128 * 2x128x128", "mul %x0, %x1", [(2, 128, 128), (2, 128, 128)], (2, 128, 128), np.multiply),
    ("gelu (tanh) 1x128x512", 'gelu %x0 approximate = "tanh"', [(1, 128, 512)], (1, 128, 512), gelu),
    ("sigmoid 1x128x512", "sigmoid %x0", [(1, 128, 512)], (1, 128, 512), lambda x: 1 / (1 + np.exp(-x))),
    (
        "layer_norm 128x128",
        "layer_norm %x0, %x1, %x2 axis = -1 epsilon = 1.0e-05",
        [(128, 128), (128,), (128,)],
        (128, 128),
        layer_norm,
    ),
    (
        "gather 30522x128 by 1x128",
        "gather %x0, %x1 axis = 0",
        [(30522, 128), (1, 128)],
        (1, 128, 128),
        lambda table, ids: np.take(table, ids, axis=0),
    ),
]
"""label, gawee op, input shapes (an index input of `gather` is i64), result shape, numpy."""


def is_index(op: str, position: int) -> bool:
    return op.startswith("gather") and position == 1


def tensor(shape: tuple[int, ...], element: str = "f32") -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>"


def main() -> None:
    print(f"{'op':<30}{'gawee':>10}{'numpy':>10}{'ratio':>8}")
    rng = np.random.default_rng(0)
    for label, op, shapes, out, reference in CASES:
        inputs = [
            rng.integers(0, shapes[0][0], s) if is_index(op, i) else rng.standard_normal(s).astype(np.float32)
            for i, s in enumerate(shapes)
        ]
        gawee_s, numpy_s = measure(op, shapes, out, reference, inputs)
        print(f"{label:<30}{gawee_s * 1e3:>8.3f}ms{numpy_s * 1e3:>8.3f}ms{gawee_s / numpy_s:>7.2f}x")


def measure(
    op: str,
    shapes: list[tuple[int, ...]],
    out: tuple[int, ...],
    reference: Callable[..., np.ndarray],
    inputs: list[np.ndarray],
) -> tuple[float, float]:
    """(gawee, numpy) median seconds of one op, after checking they agree."""
    elements = ["i64" if is_index(op, i) else "f32" for i in range(len(shapes))]
    args = ", ".join(f"%x{i}: {tensor(s, e)}" for i, (s, e) in enumerate(zip(shapes, elements)))
    types = ", ".join(tensor(s, e) for s, e in zip(shapes, elements))
    text = (
        f"func.func @f({args}) -> {tensor(out)} {{\n  %0 = gawee.{op} : ({types}) -> {tensor(out)}\n"
        f"  func.return %0 : {tensor(out)}\n}}\n"
    )
    program = prepare(parse_module(text), "f")
    (got,) = program(*inputs)
    np.testing.assert_allclose(got, reference(*inputs), rtol=1e-5, atol=1e-5)
    return median_time(lambda: program(*inputs), REPEATS), median_time(lambda: reference(*inputs), REPEATS)


if __name__ == "__main__":
    main()

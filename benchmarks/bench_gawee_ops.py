"""Every gawee op in the interpreter against a direct numpy expression of the same op,
on the shapes BERT-tiny (hidden 128, 2 heads, intermediate 512, sequence 128) and
ResNet-18 (the window ops) give them, in one process.

Each op is a one-op function run as a prepared program (`nnstack.interpreters.prepare`,
so parsing and preparing are not timed; the inputs' checks, the op and the results'
hand-over are: "call"), and as the step the op is inside a program (its operands taken
from the plan's slots, then its kernel: "step", `StepPlan.step_calls`; "folded" where the
plan computed it when prepared). A call's fixed cost, about 2 us, is most of the time of
the views (reshape: numpy's 0.15 us), so the step is the op's own cost in a model. The
reference is the obvious numpy expression (`a @ b`, a max-shifted
softmax, an im2col GEMM for conv, ...; exact erf is torch's, as numpy has none),
checked to agree first. One BLAS thread for both (as the interpreter runs products of
these sizes: `interpreters/blas.py`). The allocator is warmed first, as running any model
warms it: until a block larger than its threshold (128 KiB at first) has been freed,
glibc maps every block from 128 KiB on afresh, with page faults on each call (a lone
erf, with five such temporaries: 1.1 ms; 0.25 ms in BERT-tiny). Prints median times
and the ratio gawee / numpy. Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_gawee_ops.py [--repeats N] [--only OP ...]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy loads OpenBLAS

import argparse
import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from numpy.lib.stride_tricks import sliding_window_view
from timing import calls_per_sample, median_time

from nnstack.interpreters import parse_module, prepare

Shape = tuple[int, ...]


@dataclass(frozen=True)
class Operand:
    shape: Shape
    element: str = "f32"
    domain: str = "normal"
    """normal, positive, bool, or `index<N>` (integers in [0, N))."""


@dataclass(frozen=True)
class Case:
    op: str
    """The op's text from its name to the type signature, operands named %x0, %x1, ..."""
    operands: list[Operand]
    results: list[tuple[Shape, str]]
    reference: Callable[..., np.ndarray | tuple[np.ndarray, ...]]
    label: str = ""
    signature: str | None = None
    """The type part after ':' where it is not `(operands) -> results`."""
    tolerance: float = 1e-5

    @property
    def name(self) -> str:
        return self.label or self.op.split()[0]


def tensor(shape: Shape, element: str = "f32") -> str:
    return f"tensor<{'x'.join(map(str, shape))}{'x' if shape else ''}{element}>"


def f32(*shape: int) -> Operand:
    return Operand(shape)


def positive(*shape: int) -> Operand:
    return Operand(shape, domain="positive")


def boolean(*shape: int) -> Operand:
    return Operand(shape, "i1", "bool")


def index(high: int, *shape: int) -> Operand:
    return Operand(shape, "i64", f"index{high}")


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def log_softmax(x: np.ndarray) -> np.ndarray:
    shifted = x - x.max(-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    variance = np.square(x - mean).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + np.float32(1e-5)) * weight + bias


def erf(x: np.ndarray) -> np.ndarray:
    return torch.special.erf(torch.from_numpy(x)).numpy()


def gelu_tanh(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1 + np.tanh(np.float32(np.sqrt(2 / np.pi)) * (x + 0.044715 * x * x * x)))


def batch_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, mean: np.ndarray, var: np.ndarray) -> np.ndarray:
    c = (-1, 1, 1)
    return (x - mean.reshape(c)) / np.sqrt(var.reshape(c) + np.float32(1e-5)) * w.reshape(c) + b.reshape(c)


def lrn(x: np.ndarray) -> np.ndarray:
    """ONNX LRN, size 5 (alpha 1e-4, beta 0.75, bias 1): a window of 2 channels either side."""
    squares = np.pad(np.square(x), ((0, 0), (2, 2), (0, 0), (0, 0)))
    sums = sliding_window_view(squares, 5, axis=1).sum(-1)
    return x / (1 + np.float32(1e-4 / 5) * sums) ** np.float32(0.75)


def conv3x3(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Padding 1, stride 1: im2col + one GEMM ordered to give NCHW."""
    windows = sliding_window_view(np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1))), (3, 3), axis=(2, 3))
    n, _, oh, ow = windows.shape[:4]
    columns = windows.transpose(1, 4, 5, 0, 2, 3).reshape(-1, n * oh * ow)
    out = (w.reshape(w.shape[0], -1) @ columns).reshape(w.shape[0], n, oh, ow).transpose(1, 0, 2, 3)
    return out + b.reshape(-1, 1, 1)


def max_pool(x: np.ndarray) -> np.ndarray:
    """3x3, stride 2, padding 1."""
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), constant_values=-np.inf)
    return sliding_window_view(padded, (3, 3), axis=(2, 3))[:, :, ::2, ::2].max(axis=(-2, -1))


def average_pool(x: np.ndarray) -> np.ndarray:
    """3x3, stride 1, padding 1, padding not counted."""
    pad = ((0, 0), (0, 0), (1, 1), (1, 1))
    sums = sliding_window_view(np.pad(x, pad), (3, 3), axis=(2, 3)).sum(axis=(-2, -1))
    ones = np.pad(np.ones(x.shape[2:], x.dtype), 1)
    return sums / sliding_window_view(ones, (3, 3)).sum(axis=(-2, -1))


def topk(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    indices = np.argsort(-x, axis=-1, kind="stable")[..., :5]
    return np.take_along_axis(x, indices, -1), indices


def scatter_nd(data: np.ndarray, indices: np.ndarray, updates: np.ndarray) -> np.ndarray:
    out = data.copy()
    out[indices[:, 0]] = updates
    return out


B, S, H, N, V = 1, 128, 128, 512, 30522
"""BERT-tiny: batch, sequence, hidden, intermediate, vocabulary."""
x_si = f32(B, S, N)
unary = [x_si]


def same(*shape: int, element: str = "f32") -> list[tuple[Shape, str]]:
    return [(shape, element)]


CASES: list[Case] = [
    # element-wise, one operand
    *(
        Case(f"{name} %x0", [positive(B, S, N) if name in ("log", "sqrt") else x_si], same(B, S, N), fn)
        for name, fn in [
            ("neg", np.negative),
            ("abs", np.abs),
            ("exp", np.exp),
            ("log", np.log),
            ("sqrt", np.sqrt),
            ("reciprocal", np.reciprocal),
            ("sin", np.sin),
            ("cos", np.cos),
            ("tanh", np.tanh),
            ("sigmoid", lambda x: 1 / (1 + np.exp(-x))),
            ("erf", erf),
            ("gelu", lambda x: 0.5 * x * (1 + erf(x / np.float32(np.sqrt(2))))),
            ("relu", lambda x: np.maximum(x, 0)),
            ("hard_sigmoid", lambda x: np.clip(0.2 * x + 0.5, 0, 1)),
            ("hard_swish", lambda x: x * np.clip(x / 6 + 0.5, 0, 1)),
        ]
    ),
    Case('gelu %x0 approximate = "tanh"', unary, same(B, S, N), gelu_tanh, "gelu (tanh)"),
    Case("leaky_relu %x0 alpha = 1.000000e-01", unary, same(B, S, N), lambda x: np.where(x < 0, 0.1 * x, x)),
    Case(
        "clip %x0 min = -1.000000e+00 max = 1.000000e+00", unary, same(B, S, N), lambda x: np.clip(x, -1, 1)
    ),
    Case("not %x0", [boolean(B, S, N)], same(B, S, N, element="i1"), np.logical_not),
    Case("cast %x0 toType = 1", [index(2, B, S, N)], same(B, S, N), lambda x: x.astype(np.float32)),
    # element-wise, broadcasting a bias / a mask
    *(
        Case(f"{name} %x0, %x1", [x_si, positive(N) if name == "div" else f32(N)], same(B, S, N), fn)
        for name, fn in [
            ("add", np.add),
            ("sub", np.subtract),
            ("mul", np.multiply),
            ("div", np.divide),
            ("max", np.maximum),
            ("min", np.minimum),
            ("sum", np.add),
            ("mean", lambda a, b: (a + b) / 2),
        ]
    ),
    Case("mul %x0, %x1", [f32(2, S, S), f32(2, S, S)], same(2, S, S), np.multiply, "mul (same shapes)"),
    Case("pow %x0, %x1", [positive(B, S, N), f32(N)], same(B, S, N), np.power),
    *(
        Case(f"{name} %x0, %x1", [x_si, f32(N)], same(B, S, N, element="i1"), fn)
        for name, fn in [
            ("equal", np.equal),
            ("less", np.less),
            ("less_equal", np.less_equal),
            ("greater", np.greater),
            ("greater_equal", np.greater_equal),
        ]
    ),
    *(
        Case(f"{name} %x0, %x1", [boolean(B, S, N), boolean(B, S, N)], same(B, S, N, element="i1"), fn)
        for name, fn in [("and", np.logical_and), ("or", np.logical_or), ("xor", np.logical_xor)]
    ),
    Case("where %x0, %x1, %x2", [boolean(B, 1, S, S), f32(B, 2, S, S), f32(1)], same(B, 2, S, S), np.where),
    # reductions and normalizations
    *(
        Case(f"{name} %x0 axes = [-1] keepDims = true", unary, same(B, S, 1), fn)
        for name, fn in [
            ("reduce_sum", lambda x: x.sum(-1, keepdims=True)),
            ("reduce_mean", lambda x: x.mean(-1, keepdims=True)),
            ("reduce_max", lambda x: x.max(-1, keepdims=True)),
            ("reduce_min", lambda x: x.min(-1, keepdims=True)),
        ]
    ),
    Case("softmax %x0 axis = -1", [f32(B, 2, S, S)], same(B, 2, S, S), softmax),
    Case("log_softmax %x0 axis = -1", [f32(B, 2, S, S)], same(B, 2, S, S), log_softmax),
    Case(
        "layer_norm %x0, %x1, %x2 axis = -1 epsilon = 1.0e-05",
        [f32(S, H), f32(H), f32(H)],
        same(S, H),
        layer_norm,
    ),
    Case(
        "batch_norm %x0, %x1, %x2, %x3, %x4 affine = true eps = 1.0e-05",
        [f32(1, 64, 56, 56), f32(64), f32(64), f32(64), positive(64)],
        same(1, 64, 56, 56),
        batch_norm,
    ),
    Case("lrn %x0 size = 5", [f32(1, 64, 56, 56)], same(1, 64, 56, 56), lrn),
    # linear algebra and windows
    Case("matmul %x0, %x1", [f32(B, S, H), f32(H, N)], same(B, S, N), np.matmul, tolerance=1e-4),
    Case(
        "matmul %x0, %x1",
        [f32(B, 2, S, 64), f32(B, 2, 64, S)],
        same(B, 2, S, S),
        np.matmul,
        "matmul (heads)",
        tolerance=1e-4,
    ),
    Case(
        "linear %x0, %x1, %x2",
        [f32(S, H), f32(N, H), f32(N)],
        same(S, N),
        lambda x, w, b: x @ w.T + b,
        tolerance=1e-4,
    ),
    Case(
        "gemm %x0, %x1, %x2 transB = true",
        [f32(S, H), f32(N, H), f32(N)],
        same(S, N),
        lambda a, b, c: a @ b.T + c,
        tolerance=1e-4,
    ),
    Case(
        "conv %x0, %x1, %x2 strides = [1, 1] padding = [1, 1] dilation = [1, 1]",
        [f32(1, 64, 56, 56), f32(64, 64, 3, 3), f32(64)],
        same(1, 64, 56, 56),
        conv3x3,
        tolerance=1e-3,
    ),
    Case(
        "max_pool %x0 kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false",
        [f32(1, 64, 112, 112)],
        same(1, 64, 56, 56),
        max_pool,
    ),
    Case(
        "average_pool %x0 kernelSize = [3, 3] strides = [1, 1] padding = [1, 1, 1, 1] ceilMode = false "
        "countIncludePad = false",
        [f32(1, 64, 56, 56)],
        same(1, 64, 56, 56),
        average_pool,
    ),
    Case(
        "global_average_pool %x0",
        [f32(1, 512, 7, 7)],
        same(1, 512, 1, 1),
        lambda x: x.mean((2, 3), keepdims=True),
    ),
    Case(
        "ad_avg_pool %x0 outputSize = [1, 1]",
        [f32(1, 512, 7, 7)],
        same(1, 512, 1, 1),
        lambda x: x.mean((2, 3), keepdims=True),
    ),
    # data movement
    Case("reshape %x0", [f32(B, S, H)], same(B, S, 2, 64), lambda x: x.reshape(B, S, 2, 64)),
    Case(
        "flatten %x0 startDim = 1 endDim = -1",
        [f32(1, 512, 7, 7)],
        same(1, 512 * 49),
        lambda x: x.reshape(1, -1),
    ),
    Case(
        "transpose %x0 perm = [0, 2, 1, 3]",
        [f32(B, S, 2, 64)],
        same(B, 2, S, 64),
        lambda x: np.ascontiguousarray(x.transpose(0, 2, 1, 3)),
    ),
    Case("squeeze %x0 axes = [2]", [f32(B, S, 1, H)], same(B, S, H), lambda x: x.reshape(B, S, H)),
    Case(
        "unsqueeze %x0 axes = [1, 2]",
        [index(2, B, S)],
        same(B, 1, 1, S, element="i64"),
        lambda x: x.reshape(B, 1, 1, S),
    ),
    Case(
        "cat %x0, %x1 axis = -1",
        [f32(B, 2, S, 64), f32(B, 2, S, 64)],
        same(B, 2, S, S),
        lambda a, b: np.concatenate((a, b), -1),
    ),
    Case(
        "split %x0 splitSizes = [128, 128, 128] axis = -1",
        [f32(B, S, 3 * H)],
        same(B, S, H) * 3,
        lambda x: tuple(np.ascontiguousarray(p) for p in np.split(x, 3, -1)),
    ),
    Case(
        "slice %x0 starts = [0] ends = [64] axes = [1] steps = [1]",
        [x_si],
        same(B, 64, N),
        lambda x: np.ascontiguousarray(x[:, :64]),
    ),
    Case(
        "gather %x0, %x1 axis = 0",
        [f32(V, H), index(V, B, S)],
        same(B, S, H),
        lambda t, i: np.take(t, i, axis=0),
    ),
    Case(
        "gather_elements %x0, %x1 axis = 2",
        [f32(B, S, S), index(S, B, S, 16)],
        same(B, S, 16),
        lambda d, i: np.take_along_axis(d, i, 2),
    ),
    Case(
        "scatter_nd %x0, %x1, %x2",
        [f32(S, H), Operand((16, 1), "i64", "unique128"), f32(16, H)],
        same(S, H),
        scatter_nd,
    ),
    Case(
        "expand %x0", [f32(B, 1, 1, S)], same(B, 2, S, S), lambda x: np.broadcast_to(x, (B, 2, S, S)).copy()
    ),
    Case("tile %x0 repeats = [1, 2, 1]", [f32(B, S, H)], same(B, 2 * S, H), lambda x: np.tile(x, (1, 2, 1))),
    Case(
        "pad %x0 pads = [0, 0, 1, 1, 0, 0, 1, 1]",
        [f32(1, 64, 56, 56)],
        same(1, 64, 58, 58),
        lambda x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1))),
    ),
    Case(
        "resize %x0",
        [f32(1, 64, 28, 28)],
        same(1, 64, 56, 56),
        lambda x: x.repeat(2, axis=2).repeat(2, axis=3),
        "resize (nearest 2x)",
    ),
    Case("trilu %x0 upper = true k = 1", [f32(S, S)], same(S, S), lambda x: np.triu(x, 1)),
    Case("topk %x0 k = 5 axis = -1", [x_si], [((B, S, 5), "f32"), ((B, S, 5), "i64")], topk),
    Case("shape %x0 start = 1", [x_si], same(2, element="i64"), lambda x: np.array(x.shape[1:], np.int64)),
    Case(
        "range start = 0 : i64 limit = 128 : i64 delta = 1 : i64",
        [],
        same(S, element="i64"),
        lambda: np.arange(S, dtype=np.int64),
        signature=tensor((S,), "i64"),
    ),
    Case(
        "constant dense<1.0>",
        [],
        same(B, S, N),
        lambda: np.full((B, S, N), 1.0, np.float32),
        signature=tensor((B, S, N)),
    ),
]


def program_text(case: Case) -> str:
    args = ", ".join(f"%x{i}: {tensor(o.shape, o.element)}" for i, o in enumerate(case.operands))
    results = [tensor(shape, element) for shape, element in case.results]
    names = ", ".join(f"%r{i}" for i in range(len(results)))
    signature = case.signature or (
        f"({', '.join(tensor(o.shape, o.element) for o in case.operands)}) -> "
        + (results[0] if len(results) == 1 else f"({', '.join(results)})")
    )
    return (
        f"func.func @f({args}) -> ({', '.join(results)}) {{\n  {names} = gawee.{case.op} : {signature}\n"
        f"  func.return {names} : {', '.join(results)}\n}}\n"
    )


def random_operand(operand: Operand, rng: np.random.Generator) -> np.ndarray:
    if operand.domain == "bool":
        return rng.random(operand.shape) < 0.5
    if operand.domain.startswith("unique"):
        return rng.permutation(int(operand.domain[6:]))[: operand.shape[0]].reshape(operand.shape)
    if operand.domain.startswith("index"):
        return rng.integers(0, int(operand.domain[5:]), operand.shape)
    values = rng.standard_normal(operand.shape).astype(np.float32)
    return np.abs(values) + np.float32(0.1) if operand.domain == "positive" else values


def measure(case: Case, repeats: int, rng: np.random.Generator) -> tuple[float, float | None, float]:
    """(gawee call, gawee step or None where folded, numpy) median seconds of one op,
    after checking they agree."""
    inputs = [random_operand(o, rng) for o in case.operands]
    program = prepare(parse_module(program_text(case)), "f")
    got = program(*inputs)
    expected = case.reference(*inputs)
    for g, e in zip(got, expected if isinstance(expected, tuple) else (expected,), strict=True):
        np.testing.assert_allclose(g, e, rtol=case.tolerance, atol=case.tolerance, err_msg=case.name)
    assert program.plan is not None and not program.plan.needs_interpreter, case.name
    steps = program.plan.step_calls(inputs)
    assert len(steps) <= 1, case.name
    reference = functools.partial(case.reference, *inputs)
    number = calls_per_sample(reference)
    return (
        median_time(functools.partial(program, *inputs), repeats, number),
        median_time(steps[0], repeats, number) if steps else None,
        median_time(reference, repeats, number),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--only", nargs="*", help="op names (e.g. mul gather) or labels to run")
    options = parser.parse_args()
    torch.set_num_threads(1)
    np.empty(16 << 20, np.uint8)  # made and freed: glibc's mapping threshold rises to 16 MiB
    rng = np.random.default_rng(0)
    print(f"{'op':<22}{'shapes':<36}{'call':>10}{'step':>10}{'numpy':>10}{'call':>8}{'step':>8}")
    ratios: dict[str, list[float]] = {"call": [], "step": []}
    for case in CASES:
        if options.only and case.name not in options.only and case.op.split()[0] not in options.only:
            continue
        call_s, step_s, numpy_s = measure(case, options.repeats, rng)
        shapes = ", ".join("x".join(map(str, o.shape)) for o in case.operands) or "-"
        ratios["call"].append(call_s / numpy_s)
        step = "folded" if step_s is None else f"{step_s * 1e6:.2f}us"
        step_ratio = "-" if step_s is None else f"{step_s / numpy_s:.2f}x"
        if step_s is not None:
            ratios["step"].append(step_s / numpy_s)
        print(
            f"{case.name:<22}{shapes:<36}{call_s * 1e6:>8.2f}us{step:>10}{numpy_s * 1e6:>8.2f}us"
            f"{ratios['call'][-1]:>7.2f}x{step_ratio:>8}"
        )
    for kind, values in ratios.items():
        if values:
            within = sum(r <= 2 for r in values)
            print(
                f"{kind}: {len(values)} ops, {within} within 2x; worst {max(values):.2f}x; "
                f"geometric mean {np.exp(np.mean(np.log(values))):.2f}x"
            )


if __name__ == "__main__":
    main()

"""Speed of the numpy-backed linalg interpreter against plain numpy, in one process.

Three workloads, each a small function run with `Interpreter.call_op` (the
interpreter is built once per module, so parsing and registration are not timed):

- conv:   linalg.conv_2d_nchw_fchw, 1x64x58x58 (already padded) * 64x64x3x3, stride 1
- matmul: linalg.matmul 256x256 @ 256x256
- matmul_tb: the same product with B transposed, written as a linalg.generic

The numpy references are computed in the same run: conv as sliding_window_view
im2col + one GEMM ordered to give NCHW directly, matmul as `a @ b`. Prints the max
abs error, the median times and the ratio interpreter / numpy. Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_linalg_interpreter.py
"""

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from timing import median_time
from xdsl.interpreter import Interpreter

from nnstack.interpreters import parse_module, register_nnstack_implementations

REPEATS = 15

CONV = """
func.func @conv(%x: tensor<1x64x58x58xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<1x64x56x56xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1x64x56x56xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>)
         outs(%1 : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  func.return %2 : tensor<1x64x56x56xf32>
}
"""

MATMUL = """
func.func @matmul(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<256x256xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>)
         outs(%1 : tensor<256x256xf32>) -> tensor<256x256xf32>
  func.return %2 : tensor<256x256xf32>
}
"""

MATMUL_TRANSPOSED_B = """
func.func @matmul_tb(%a: tensor<256x256xf32>, %bt: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<256x256xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %2 = linalg.generic {
         indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>,
                          affine_map<(d0, d1, d2) -> (d1, d2)>,
                          affine_map<(d0, d1, d2) -> (d0, d1)>],
         iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%a, %bt : tensor<256x256xf32>, tensor<256x256xf32>)
         outs(%1 : tensor<256x256xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %3 = arith.mulf %in, %in_0 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<256x256xf32>
  func.return %2 : tensor<256x256xf32>
}
"""


def interpreter_for(text: str) -> Interpreter:
    interpreter = Interpreter(parse_module(text))
    register_nnstack_implementations(interpreter)
    return interpreter


def conv_reference(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """im2col + one GEMM in the order that gives NCHW directly: [F, C*kh*kw] @ [C*kh*kw, N*oh*ow]."""
    n, f = x.shape[0], w.shape[0]
    windows = sliding_window_view(x, w.shape[2:], axis=(2, 3))  # n c oh ow kh kw
    oh, ow = windows.shape[2:4]
    columns = windows.transpose(1, 4, 5, 0, 2, 3).reshape(-1, n * oh * ow)
    out = w.reshape(f, -1) @ columns
    return out.reshape(f, n, oh, ow).transpose(1, 0, 2, 3)


def main() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 64, 58, 58), dtype=np.float32)
    w = rng.standard_normal((64, 64, 3, 3), dtype=np.float32)
    a = rng.standard_normal((256, 256), dtype=np.float32)
    b = rng.standard_normal((256, 256), dtype=np.float32)
    bt = np.ascontiguousarray(b.T)

    cases: list[tuple[str, str, str, tuple[np.ndarray, ...], Callable[[], Any]]] = [
        ("conv 1x64x56x56 3x3", CONV, "conv", (x, w), lambda: conv_reference(x, w)),
        ("matmul 256^3", MATMUL, "matmul", (a, b), lambda: a @ b),
        ("matmul_tb generic 256^3", MATMUL_TRANSPOSED_B, "matmul_tb", (a, bt), lambda: a @ b),
    ]

    print(f"{'workload':<26}{'max abs err':>13}{'interp ms':>12}{'numpy ms':>11}{'ratio':>8}")
    for label, text, symbol, inputs, reference in cases:
        interpreter = interpreter_for(text)
        function = interpreter.get_op_for_symbol(symbol)

        def interpret() -> Any:
            return interpreter.call_op(function, inputs)  # noqa: B023

        (result,) = interpret()
        error = float(np.max(np.abs(result - reference())))
        interp_ms = median_time(interpret, REPEATS) * 1e3
        numpy_ms = median_time(reference, REPEATS) * 1e3
        print(f"{label:<26}{error:>13.2e}{interp_ms:>12.3f}{numpy_ms:>11.3f}{interp_ms / numpy_ms:>8.2f}")


if __name__ == "__main__":
    main()

"""Speed of the llir interpreter against the same loops in plain Python, in one process.

Workloads, each an llir.func run with `Interpreter.call_op` (parsing, registration
and the one-time compilation of each function are not timed):

- dot (for):    dot product of two 100_000-element f32 arrays, `llir.for` with the
                accumulator as a loop-carried value
- dot (phi):    the same loop written with llir.br / llir.cond_br / llir.phi
- matmul 64^3:  C = A @ B for 64x64 f32 matrices, a 3-deep `llir.for` nest with
                row-major address arithmetic, loads, and a store per output
- dot (vec8):   the dot product with vector<8xf32> loads, mul and add, then a
                final lane reduction (for comparison; not a target)

The plain-Python references loop over `array('f')` values with the same index
arithmetic (they accumulate in f64, the interpreter rounds to f32 after every op).
Executed llir ops are counted in a separate counting run. Prints ops/s and the
ratio of the llir time to the plain-Python time; the target is within 10x. Not a
test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_llir_interpreter.py
"""

import time
from array import array
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.parser import Parser

from nnstack.dialects.llir import LLIR
from nnstack.interpreters.llir import LlirFunctions, executed_op_count, set_op_counting

REPEATS = 7
N = 100_000
M = 64

PROGRAM = """
llir.func @dot_for(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %n: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  %sum = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
    %x = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
    %y = llir.load %b[%i : i64] : !llir.ptr<f32> -> f32
    %p = llir.mul %x, %y : f32
    %s = llir.add %acc, %p : f32
    llir.yield %s : f32
  }
  llir.return %sum : f32
}

llir.func @dot_phi(!llir.ptr<f32>, !llir.ptr<f32>, i64) -> f32 {
^entry(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %n: i64):
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  llir.br ^header
^header:
  %i = llir.phi [%c0, ^entry], [%next_i, ^body] : i64
  %acc = llir.phi [%zero, ^entry], [%s, ^body] : f32
  %more = llir.cmp slt, %i, %n : i64
  llir.cond_br %more, ^body, ^exit
^body:
  %x = llir.load %a[%i : i64] : !llir.ptr<f32> -> f32
  %y = llir.load %b[%i : i64] : !llir.ptr<f32> -> f32
  %p = llir.mul %x, %y : f32
  %s = llir.add %acc, %p : f32
  %next_i = llir.add %i, %c1 : i64
  llir.br ^header
^exit:
  llir.return %acc : f32
}

llir.func @matmul(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %c: !llir.ptr<f32>, %n: i64) {
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  llir.for %i = %c0 to %n step %c1 : i64 {
    %row = llir.mul %i, %n : i64
    llir.for %j = %c0 to %n step %c1 : i64 {
      %sum = llir.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {
        %ia = llir.add %row, %k : i64
        %x = llir.load %a[%ia : i64] : !llir.ptr<f32> -> f32
        %kn = llir.mul %k, %n : i64
        %ib = llir.add %kn, %j : i64
        %y = llir.load %b[%ib : i64] : !llir.ptr<f32> -> f32
        %p = llir.mul %x, %y : f32
        %s = llir.add %acc, %p : f32
        llir.yield %s : f32
      }
      %ic = llir.add %row, %j : i64
      llir.store %sum, %c[%ic : i64] : f32, !llir.ptr<f32>
    }
  }
  llir.return
}

llir.func @dot_vec8(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %n: i64) -> f32 {
  %c0 = llir.constant 0 : i64
  %c8 = llir.constant 8 : i64
  %zeros = llir.constant dense<0.0> : vector<8xf32>
  %vsum = llir.for %i = %c0 to %n step %c8 iter_args(%acc = %zeros) -> (vector<8xf32>) : i64 {
    %x = llir.vload %a[%i : i64] : !llir.ptr<f32> -> vector<8xf32>
    %y = llir.vload %b[%i : i64] : !llir.ptr<f32> -> vector<8xf32>
    %p = llir.vmul %x, %y : vector<8xf32>
    %s = llir.vadd %acc, %p : vector<8xf32>
    llir.yield %s : vector<8xf32>
  }
  %sum = llir.vreduce_add %vsum : vector<8xf32> to f32
  llir.return %sum : f32
}
"""


def plain_dot(a: array, b: array, n: int) -> float:
    total = 0.0
    for i in range(n):
        total += a[i] * b[i]
    return total


def plain_matmul(a: array, b: array, c: array, n: int) -> None:
    for i in range(n):
        row = i * n
        for j in range(n):
            total = 0.0
            for k in range(n):
                total += a[row + k] * b[k * n + j]
            c[row + j] = total


def best_time(run: Callable[[], Any]) -> float:
    times: list[float] = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def parse(text: str) -> ModuleOp:
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(LLIR)
    module = Parser(ctx, text).parse_module()
    module.verify()
    return module


def interpreter_for(module: ModuleOp, counting: bool) -> Interpreter:
    interpreter = Interpreter(module)
    interpreter.register_implementations(LlirFunctions())
    set_op_counting(interpreter, counting)
    return interpreter


class Workload(NamedTuple):
    name: str
    symbol: str
    args: Callable[[], tuple[Any, ...]]
    plain: Callable[[], Any]
    reference: float
    result: Callable[[tuple[Any, ...]], float]


def main() -> None:
    module = parse(PROGRAM)
    rng = np.random.default_rng(0)
    a, b = (rng.standard_normal(N).astype(np.float32) for _ in range(2))
    ma, mb = (rng.standard_normal((M, M)).astype(np.float32) for _ in range(2))
    out = np.zeros((M, M), np.float32)
    pa, pb = array("f", a.tolist()), array("f", b.tolist())
    pma, pmb = array("f", ma.ravel().tolist()), array("f", mb.ravel().tolist())
    pmc = array("f", bytes(4 * M * M))
    dot = float(np.dot(a.astype(np.float64), b.astype(np.float64)))

    def dot_workload(name: str, symbol: str) -> Workload:
        return Workload(
            name,
            symbol,
            lambda: (a, b, N),
            lambda: plain_dot(pa, pb, N),
            dot,
            lambda results: float(results[0]),
        )

    workloads = [
        dot_workload("dot (for), n=100k", "dot_for"),
        dot_workload("dot (phi), n=100k", "dot_phi"),
        Workload(
            "matmul 64^3 (3 loops)",
            "matmul",
            lambda: (ma, mb, out, M),
            lambda: plain_matmul(pma, pmb, pmc, M),
            float((ma.astype(np.float64) @ mb.astype(np.float64)).sum()),
            lambda _: float(out.sum()),
        ),
        dot_workload("dot (vec8), n=100k", "dot_vec8"),
    ]

    print(
        f"{'workload':<24}{'llir ops':>12}{'llir ms':>10}{'Mops/s':>9}"
        f"{'python ms':>11}{'ratio':>8}{'rel err':>10}"
    )
    for work in workloads:
        counter = interpreter_for(module, counting=True)
        counter.call_op(work.symbol, work.args())
        ops = executed_op_count(counter)
        interpreter = interpreter_for(module, counting=False)
        results = interpreter.call_op(work.symbol, work.args())  # compiles, untimed
        llir_time = best_time(
            lambda interpreter=interpreter, work=work: interpreter.call_op(work.symbol, work.args())
        )
        python_time = best_time(work.plain)
        error = abs(work.result(results) - work.reference) / abs(work.reference)
        print(
            f"{work.name:<24}{ops:>12,}{llir_time * 1e3:>10.1f}{ops / llir_time / 1e6:>9.2f}"
            f"{python_time * 1e3:>11.1f}{llir_time / python_time:>7.1f}x{error:>10.1e}"
        )


if __name__ == "__main__":
    main()

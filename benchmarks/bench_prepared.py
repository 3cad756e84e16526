"""The fixed cost of a call of a prepared program (`nnstack.interpreters.prepare`), at
gawee, linalg and mir level, against numpy in one process.

One `gawee.linear` 256x256 @ (256x256)^T, lowered in process with
convert-gawee-to-linalg and convert-gawee-to-mir, is prepared once and called many
times; numpy's reference is `a @ w.T`. The overhead is the program's median time
minus numpy's: what a call costs beyond the op's own work (converting and checking
the inputs, running the steps, handing back the results). A 1-element linear shows
the same cost when the work is nothing. Not a test: there is no pass or fail.

    .venv/bin/python benchmarks/bench_prepared.py
"""

from __future__ import annotations

import numpy as np
from timing import median_time
from xdsl.dialects.builtin import ModuleOp

from nnstack.interpreters import make_context, parse_module, prepare
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

REPEATS = 200


def linear(n: int) -> str:
    t = f"tensor<{n}x{n}xf32>"
    return (
        f"func.func @f(%x: {t}, %w: {t}) -> {t} {{\n"
        f"  %y = gawee.linear %x, %w : ({t}, {t}) -> {t}\n  func.return %y : {t}\n}}\n"
    )


def at_level(text: str, level: str) -> ModuleOp:
    module = parse_module(text)
    if level == "linalg":
        ConvertGaweeToLinalgPass().apply(make_context(), module)
    elif level == "mir":
        ConvertGaweeToMirPass().apply(make_context(), module)
    return module


def main() -> None:
    rng = np.random.default_rng(0)
    print(f"{'linear':<10}{'level':<8}{'program':>11}{'numpy':>11}{'ratio':>8}{'overhead':>11}")
    for n in (256, 1):
        x, w = (rng.standard_normal((n, n)).astype(np.float32) for _ in range(2))
        numpy_s = median_time(lambda: x @ w.T, REPEATS)  # noqa: B023
        for level in ("gawee", "linalg", "mir"):
            program = prepare(at_level(linear(n), level), "f")
            (got,) = program(x, w)
            np.testing.assert_allclose(got, x @ w.T, rtol=1e-4, atol=1e-4)
            program_s = median_time(lambda: program(x, w), REPEATS)  # noqa: B023
            print(
                f"{f'{n}^3':<10}{level:<8}{program_s * 1e6:>9.1f}us{numpy_s * 1e6:>9.1f}us"
                f"{program_s / numpy_s:>7.2f}x{(program_s - numpy_s) * 1e6:>9.1f}us"
            )


if __name__ == "__main__":
    main()

"""Every node case of ONNX's backend conformance suite (`onnx.backend.test`, 1,884 in
onnx 1.23), not only those of the operators the importer maps, through nnstack's ONNX
backend at each level: `pass` (within the case's own rtol / atol, as onnx's runner
compares), `rejected` (a clean `OnnxImportError` at `prepare`: an operator, attribute or
type nnstack does not carry, with the reason; or a lowering's diagnostic at the op, e.g.
a 3-D pool at mir level), `wrong` (numbers or shapes that differ:
a bug) or `error` (any other exception: a bug too). Prints the counts per level, every
wrong and error case, and the operators of the rejected cases by how many cases they
block.

Not a test (tests/frontend/test_onnx_backend.py runs the mapped operators' cases in CI):
it takes minutes per level.

    .venv/bin/python benchmarks/sweep_onnx_node_cases.py [--levels gawee linalg] [--cases REGEX]
"""

from __future__ import annotations

import argparse
import collections
import re
import signal
import warnings
from typing import Any

import numpy as np
import onnx
from onnx import numpy_helper
from onnx.backend.test.loader import load_model_tests
from xdsl.utils.exceptions import PassFailedException

from nnstack.frontend.onnx import OnnxImportError, backend


class CaseTimeout(Exception):
    pass


def _on_alarm(signum: int, frame: Any) -> None:
    raise CaseTimeout


def _array(value: Any) -> Any:
    """A data set value as numpy (the loader leaves some as TensorProto)."""
    return numpy_helper.to_array(value) if isinstance(value, onnx.TensorProto) else value


def outcome(case: Any, level: str, seconds: int) -> str:
    """The case's verdict at `level`."""
    inputs, expected = ([_array(v) for v in values] for values in case.data_sets[0])
    signal.alarm(seconds)
    try:
        rep = backend.prepare(case.model, level=level)
        got = rep.run(list(inputs))
    except (OnnxImportError, PassFailedException) as error:
        return f"rejected: {str(error).splitlines()[0][:160]}"
    except CaseTimeout:
        return f"error: over {seconds} s"
    except Exception as error:  # (a sweep reports every failure and goes on)
        return f"error: {type(error).__name__}: {str(error).splitlines()[0][:160] if str(error) else ''}"
    finally:
        signal.alarm(0)
    if len(got) != len(expected):
        return f"wrong: {len(got)} outputs, expected {len(expected)}"
    for index, (g, e) in enumerate(zip(got, expected, strict=True)):
        e = np.asarray(e)
        if g.shape != e.shape or g.dtype != e.dtype:
            return f"wrong: output {index} is {g.dtype}{list(g.shape)}, expected {e.dtype}{list(e.shape)}"
        try:
            np.testing.assert_allclose(g, e, rtol=case.rtol, atol=case.atol, equal_nan=True)
        except AssertionError:
            return f"wrong: output {index} differs beyond rtol {case.rtol}, atol {case.atol}"
    return "pass"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="+", default=["gawee", "linalg"])
    parser.add_argument("--cases", default=".", help="a regex over the case names")
    parser.add_argument("--timeout", type=int, default=60, help="seconds per case and level")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _on_alarm)
    with np.errstate(all="ignore"):
        cases = [c for c in load_model_tests(kind="node") if re.search(args.cases, c.name)]
    # the (first) operator of each case, which a rejection is counted against
    operators = {case.name: case.model.graph.node[0].op_type for case in cases}
    for level in args.levels:
        verdicts: dict[str, str] = {}
        for case in cases:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                verdicts[case.name] = outcome(case, level, args.timeout)
        counts = collections.Counter(v.split(":")[0] for v in verdicts.values())
        print(f"\n## {level}: {len(cases)} cases: " + ", ".join(f"{counts[k]} {k}" for k in sorted(counts)))
        for name, verdict in verdicts.items():
            if verdict.startswith(("wrong", "error")):
                print(f"{name}: {verdict}")
        blocking = collections.Counter(
            operators[name] for name, verdict in verdicts.items() if verdict.startswith("rejected")
        )
        print("rejected, by operator: " + ", ".join(f"{op} {n}" for op, n in blocking.most_common()))


if __name__ == "__main__":
    main()

"""Registers every nnstack dialect and pass with xDSL's tools (`xdsl-opt`, `xdsl-run`).

Kept light: xDSL imports this module on every start of its tools, so each entry
imports its module only when called.
"""

from collections.abc import Callable

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe


def _gawee() -> Dialect:
    from nnstack.dialects.gawee import Gawee

    return Gawee


def _convert_gawee_to_linalg() -> type[ModulePass]:
    from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass

    return ConvertGaweeToLinalgPass


DIALECTS: dict[str, Callable[[], Dialect]] = {"gawee": _gawee}
PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "convert-gawee-to-linalg": _convert_gawee_to_linalg,
}

UNIVERSE = Universe(all_dialects=DIALECTS, all_passes=PASSES)

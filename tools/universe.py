"""Registers every nnstack dialect and pass with xDSL's tools (`xdsl-opt`, `xdsl-run`).

Kept light: xDSL imports this module on every start of its tools, so each entry
imports its module only when it is called.
"""

from collections.abc import Callable
from importlib import import_module

from xdsl.universe import Universe


def _lazy(module: str, name: str) -> Callable[[], object]:
    """A factory that imports `nnstack.<module>` and returns its attribute `name`."""
    return lambda: getattr(import_module(f"nnstack.{module}"), name)


UNIVERSE = Universe(
    all_dialects={
        "gawee": _lazy("dialects.gawee", "Gawee"),
        "llir": _lazy("dialects.llir", "LLIR"),
        "mir": _lazy("dialects.mir", "MIR"),
    },
    all_passes={
        "convert-gawee-to-linalg": _lazy(
            "transforms.convert_gawee_to_linalg", "ConvertGaweeToLinalgPass"
        ),
        "convert-gawee-to-mir": _lazy("transforms.convert_gawee_to_mir", "ConvertGaweeToMirPass"),
    },
)

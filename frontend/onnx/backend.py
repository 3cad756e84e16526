"""An `onnx.backend.base.Backend` that runs ONNX models through nnstack, so ONNX's own
conformance suite (`onnx.backend.test.BackendTest`) and any tool written against the
backend interface can drive it:

    from nnstack.frontend.onnx import backend
    rep = backend.prepare(model, level="linalg")   # "gawee", "linalg" or "mir"
    outputs = rep.run([x])

`prepare` imports the model (an unsupported operator, attribute or element type is an
`OnnxImportError` there, before anything runs), lowers it in process to the chosen
level and prepares `@main` (`nnstack.interpreters.prepare`); `run` calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import onnx
from onnx.backend.base import Backend, BackendRep
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from nnstack.frontend.onnx.context import OnnxImportError
from nnstack.frontend.onnx.importer import import_onnx
from nnstack.interpreters import prepare as prepare_function
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

Level = Literal["gawee", "linalg", "mir"]
LOWERINGS: Mapping[str, tuple[type[ModulePass], ...]] = {
    "gawee": (),
    "linalg": (ConvertGaweeToLinalgPass,),
    "mir": (ConvertGaweeToMirPass,),
}
"""The passes that take an imported module to each level."""


class NnstackBackendRep(BackendRep):
    """A prepared model: its module at the chosen level, `@main` prepared, and its
    graph input names."""

    def __init__(self, module: ModuleOp, input_names: Sequence[str]):
        self.module = module
        self.program = prepare_function(module, "main")
        self.input_names = list(input_names)

    def run(self, inputs: Any, **kwargs: Any) -> tuple[np.ndarray, ...]:
        """`inputs`: the graph inputs in order (a list, or one array), or by name (a dict)."""
        if isinstance(inputs, Mapping):
            arrays = [inputs[name] for name in self.input_names]
        elif isinstance(inputs, np.ndarray):
            arrays = [inputs]
        else:
            arrays = list(inputs)
        return self.program(*(np.asarray(a) for a in arrays))


class NnstackBackend(Backend):
    """nnstack as an ONNX backend; `level` chooses where the model runs."""

    level: Level = "gawee"

    @classmethod
    def prepare(
        cls, model: onnx.ModelProto, device: str = "CPU", level: Level | None = None, **kwargs: Any
    ) -> NnstackBackendRep:
        super().prepare(model, device, **kwargs)
        if not cls.supports_device(device):
            raise OnnxImportError(f"device '{device}' is not supported (only CPU)")
        level = level or cls.level
        if level not in LOWERINGS:
            raise OnnxImportError(f"level '{level}' is not one of {', '.join(LOWERINGS)}")
        module = import_onnx(model)
        for lowering in LOWERINGS[level]:
            lowering().apply(Context(), module)
        initializers = {init.name for init in model.graph.initializer}
        return NnstackBackendRep(module, [i.name for i in model.graph.input if i.name not in initializers])

    @classmethod
    def run_model(
        cls, model: onnx.ModelProto, inputs: Any, device: str = "CPU", **kwargs: Any
    ) -> tuple[np.ndarray, ...]:
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def supports_device(cls, device: str) -> bool:
        return device == "CPU"


prepare = NnstackBackend.prepare
run_model = NnstackBackend.run_model
run_node = NnstackBackend.run_node
supports_device = NnstackBackend.supports_device

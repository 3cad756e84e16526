"""The ONNX front end's errors, in a module that does not import onnx: nnstack-run
catches them, and loads the importer (and onnx) only for a model."""

from __future__ import annotations

from collections.abc import Iterable


class OnnxImportError(Exception):
    """A model the importer cannot represent exactly; the message is one line."""


class DynamicShapeError(OnnxImportError):
    """A graph input has a dynamic dimension and no static shape was given for it: the
    ONNX backend takes the shapes of the arrays given at `run`."""


class NotConstantError(OnnxImportError):
    """An input that the import needs as a constant (a Reshape target, reduction axes, ...)
    is computed at run time from the values `values` names. The ONNX backend specialises
    on the values of the graph inputs they come from (`importer.import_specialised`)."""

    def __init__(self, message: str, values: Iterable[str]):
        super().__init__(message)
        self.values = tuple(values)


__all__ = ["DynamicShapeError", "NotConstantError", "OnnxImportError"]

"""The ONNX front end: `import_onnx(model) -> ModuleOp` (a gawee module with `@main`),
and in `backend` an `onnx.backend.base.Backend` that runs models through nnstack."""

from nnstack.frontend.errors import OnnxImportError
from nnstack.frontend.onnx.importer import import_onnx

__all__ = ["OnnxImportError", "import_onnx"]

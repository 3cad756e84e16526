"""A model's initializers without holding them twice.

ONNX's shape inference and checker serialise the model (protobuf cannot pass 2 GB) and
read only the initializers' types, so the importer works on a *skeleton*: a copy of the
model whose large initializers keep their name, type and shape but no data. Their
values are numpy arrays: a read-only map of the external-data file where the model has
one (`onnx.load(..., load_external_data=False)` leaves them there), else decoded once
from the model.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import onnx
from google.protobuf.message import Message
from onnx import numpy_helper
from onnx.external_data_helper import ExternalDataInfo, uses_external_data

from nnstack.frontend.errors import OnnxImportError


@dataclass
class ImportProgress:
    """What an import tells its `progress` callback (for a progress line): each stage as
    it starts, and the counts within one (nodes, bytes of weights) at most every
    `interval` seconds."""

    report: Callable[[str], None] | None
    interval: float = 0.1
    shown: float = field(default_factory=time.monotonic)

    def stage(self, text: str) -> None:
        if self.report is not None:
            self.shown = time.monotonic()
            self.report(text)

    def count(self, text: str) -> None:
        """`text` told, if `interval` has passed since the last report."""
        if self.report is not None and (now := time.monotonic()) - self.shown >= self.interval:
            self.shown = now
            self.report(text)


def _megabytes(size: int) -> str:
    """`109.2 MB`, or `1,024 bytes` below a tenth of a megabyte."""
    return f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{size:,} bytes"


def _tensor_bytes(tensor: onnx.TensorProto) -> int:
    """The bytes of a tensor's values (0 for a type numpy does not hold, strings say)."""
    try:
        itemsize = onnx.helper.tensor_dtype_to_np_dtype(tensor.data_type).itemsize
    except (KeyError, ValueError):
        return 0
    return itemsize * math.prod(tensor.dims)


SMALL = 4096
"""Initializers up to this many bytes stay in the skeleton: ONNX's data propagation
reads the small ones (shapes, axes), and copying them costs nothing."""


def _copy_fields(source: Message, target: Message, skip: str) -> None:
    """Copies every field of `source` but `skip` into `target` (of the same type)."""
    for descriptor, value in source.ListFields():
        if descriptor.name == skip:
            continue
        if descriptor.is_repeated:
            getattr(target, descriptor.name).extend(value)
        elif descriptor.type == descriptor.TYPE_MESSAGE:
            getattr(target, descriptor.name).CopyFrom(value)
        else:
            setattr(target, descriptor.name, value)


def _external_array(tensor: onnx.TensorProto, directory: Path) -> np.ndarray:
    """The value of `tensor`, whose data is in an external file: a read-only map of it."""
    info = ExternalDataInfo(tensor)
    path, offset = directory / info.location, info.offset or 0
    dtype = np.dtype(onnx.helper.tensor_dtype_to_np_dtype(tensor.data_type))
    shape = tuple(int(d) for d in tensor.dims)
    size = dtype.itemsize * int(np.prod(shape))
    if info.length and info.length != size:
        raise OnnxImportError(f"initializer '{tensor.name}': external data of {info.length} bytes for {size}")
    if size == 0:
        return np.zeros(shape, dtype)
    try:
        available = path.stat().st_size
    except OSError as error:
        raise OnnxImportError(
            f"initializer '{tensor.name}': cannot read its external data '{path}': {error.strerror}"
        ) from None
    if offset + size > available:
        raise OnnxImportError(
            f"initializer '{tensor.name}': external data '{path}' ends before its {size} bytes"
        )
    return np.memmap(path, dtype.newbyteorder("<"), "r", offset, shape).view(np.ndarray)


def _stub(tensor: onnx.TensorProto) -> onnx.TensorProto:
    """`tensor`'s name, type and shape, without data (marked external, which ONNX's
    inference does not read)."""
    stub = onnx.TensorProto(name=tensor.name, data_type=tensor.data_type, dims=tensor.dims)
    stub.data_location = onnx.TensorProto.EXTERNAL
    stub.external_data.add(key="location", value="")
    return stub


def skeleton(
    model: onnx.ModelProto, directory: Path | None, progress: ImportProgress
) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    """A copy of `model` whose initializers over `SMALL` bytes (or with external data)
    have no data, and their values by name (the bytes read told to `progress`). External
    data is found relative to `directory` (the model file's)."""
    total = sum(_tensor_bytes(init) for init in model.graph.initializer)
    progress.stage(f"reading weights ({_megabytes(total)})")
    done = 0
    copy = onnx.ModelProto()
    _copy_fields(model, copy, skip="graph")
    _copy_fields(model.graph, copy.graph, skip="initializer")
    values: dict[str, np.ndarray] = {}
    for tensor in model.graph.initializer:
        if uses_external_data(tensor):
            if directory is None:
                raise OnnxImportError(
                    f"initializer '{tensor.name}' has external data, and the model was not read from a file"
                )
            values[tensor.name] = _external_array(tensor, directory)
        elif tensor.ByteSize() > SMALL:
            values[tensor.name] = numpy_helper.to_array(tensor)
        else:
            copy.graph.initializer.append(tensor)
            continue
        copy.graph.initializer.append(_stub(tensor))
        done += values[tensor.name].nbytes
        progress.count(f"weights: {_megabytes(done)} of {_megabytes(total)} read")
    return copy, values


def initializer_values(graph: onnx.GraphProto, large: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Every initializer's value: those of `large`, and the small ones decoded."""
    return {
        tensor.name: large[tensor.name] if tensor.name in large else numpy_helper.to_array(tensor)
        for tensor in graph.initializer
    }

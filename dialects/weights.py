"""Weights outside the program text.

A module may keep its large constants in a safetensors file beside it: the constant is
`arith.constant dense_resource<key> : tensor<...>` (MLIR's builtin attribute for data
held outside the IR; `mlir-opt` parses it without the data), and the module names the
file in its `nnstack.weights` attribute:

    module attributes {nnstack.weights = "model.safetensors"} { ... }

A relative path is relative to the directory of the file the module was read from
(`anchored` / `relocated`, which the tools apply when they read and write a file;
in memory the path is one the process can open). The tensors are mapped read-only on
demand, so a program's weights are neither parsed from text nor held twice.

safetensors (https://github.com/huggingface/safetensors) is an 8-byte little-endian
header length, a JSON header naming each tensor's dtype, shape and byte range, then the
bytes. The writer here streams tensors one at a time (the library's `save_file` takes
them all in memory) and orders them by element size, so that each starts aligned to
its element size. A module written with its weights file beside it (`save_weights`)
takes along the large constants a pass computed and copies the tensors it still reads
from its old file by their bytes.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    ModuleOp,
    StringAttr,
    TensorType,
)
from xdsl.ir import Attribute, Operation

from nnstack.dialects.utils import fresh_name
from nnstack.dialects.values import BFLOAT16, attribute_value, numpy_dtype

WEIGHTS = "nnstack.weights"
"""The module attribute naming the safetensors file of its `dense_resource` constants."""

_DTYPES: dict[str, np.dtype[Any]] = {
    "F64": np.dtype(np.float64),
    "F32": np.dtype(np.float32),
    "F16": np.dtype(np.float16),
    "BF16": BFLOAT16,
    "I64": np.dtype(np.int64),
    "I32": np.dtype(np.int32),
    "I16": np.dtype(np.int16),
    "I8": np.dtype(np.int8),
    "U64": np.dtype(np.uint64),
    "U32": np.dtype(np.uint32),
    "U16": np.dtype(np.uint16),
    "U8": np.dtype(np.uint8),
    "BOOL": np.dtype(np.bool_),
}
_NAMES = {dtype: name for name, dtype in _DTYPES.items()}
_HEADER_LIMIT = 100_000_000  # as the safetensors library: a larger header is a broken file
_COPY_CHUNK = 1 << 24  # bytes a copied tensor goes through memory in
_CACHED = "_nnstack_weight_file"  # the module op's attribute holding its opened WeightFile


def _signature(path: Path) -> tuple[int, int, int]:
    """What tells a file written again from the one read (inode, size, mtime)."""
    status = os.stat(path)
    return status.st_ino, status.st_size, status.st_mtime_ns


class WeightsError(Exception):
    """A weights file that cannot be read, or a tensor it does not hold as the IR says."""


class WeightFile:
    """A safetensors file whose tensors are mapped read-only when asked for."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            with open(self.path, "rb") as file:
                (length,) = struct.unpack("<Q", file.read(8))
                if length > _HEADER_LIMIT:
                    raise WeightsError(f"weights file '{path}' is not a safetensors file")
                header = json.loads(file.read(length))
            self.signature = _signature(self.path)
        except OSError as error:
            raise WeightsError(f"cannot read weights file '{path}': {error.strerror}") from None
        except (struct.error, ValueError):
            raise WeightsError(f"weights file '{path}' is not a safetensors file") from None
        header.pop("__metadata__", None)
        self.entries: dict[str, dict[str, Any]] = header
        self.data_start = 8 + length
        self._map: np.memmap[Any, np.dtype[np.uint8]] | None = None
        """The whole file, mapped read-only when a tensor is first asked for: one map
        for all of them (a map per tensor costs a file open and a system call each)."""

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def keys(self) -> Iterable[str]:
        return self.entries.keys()

    def stored(self, key: str) -> StoredTensor:
        """Where tensor `key` is in the file, checked against its dtype and shape."""
        entry = self.entries.get(key)
        if entry is None:
            raise WeightsError(f"weights file '{self.path}' has no tensor '{key}'")
        dtype = _DTYPES.get(entry["dtype"])
        if dtype is None:
            raise WeightsError(f"tensor '{key}' of '{self.path}' has dtype {entry['dtype']}, not supported")
        shape = tuple(int(d) for d in entry["shape"])
        start, end = (int(o) for o in entry["data_offsets"])
        if end - start != dtype.itemsize * int(np.prod(shape)):
            raise WeightsError(
                f"tensor '{key}' of '{self.path}' has {end - start} bytes for shape {list(shape)}"
            )
        return StoredTensor(self.path, dtype, shape, self.data_start + start)

    def array(self, key: str) -> np.ndarray:
        """Tensor `key`, a read-only view of the file (no copy)."""
        stored = self.stored(key)
        if stored.nbytes == 0:
            return np.zeros(stored.shape, stored.dtype)
        if self._map is None:
            self._map = np.memmap(self.path, np.uint8, "r")
        if stored.offset + stored.nbytes > self._map.size:
            raise ValueError("mmap length is greater than file size")  # (numpy's words for a map of it)
        # a plain ndarray over the map: kernels take exactly np.ndarray, not its subclass
        return np.ndarray(stored.shape, stored.dtype, self._map, stored.offset)


@dataclass(frozen=True)
class StoredTensor:
    """A tensor of a weights file, by place: what `write_weights` copies to another file
    through a small buffer, neither mapped nor read whole."""

    path: Path
    dtype: np.dtype[Any]
    shape: tuple[int, ...]
    offset: int
    """Of its first byte in the file."""

    @property
    def nbytes(self) -> int:
        return self.dtype.itemsize * int(np.prod(self.shape))

    def copy_to(self, file: Any) -> None:
        """Appends the tensor's bytes to the open binary `file`, a chunk at a time."""
        with open(self.path, "rb") as source:
            source.seek(self.offset)
            left = self.nbytes
            while left > 0:
                chunk = source.read(min(left, _COPY_CHUNK))
                if not chunk:
                    raise WeightsError(f"weights file '{self.path}' ends inside a tensor")
                file.write(chunk)
                left -= len(chunk)


def write_weights(path: str | Path, tensors: Iterable[tuple[str, np.ndarray | StoredTensor]]) -> None:
    """Writes `tensors` (name, array or tensor of another file) to the safetensors file
    `path`, atomically (a reader never sees half a file), one tensor at a time."""
    named = sorted(tensors, key=lambda item: -item[1].dtype.itemsize)  # aligned starts
    header: dict[str, Any] = {}
    offset = 0
    for name, array in named:
        if array.dtype not in _NAMES:
            raise WeightsError(f"tensor '{name}' has dtype {array.dtype}, which safetensors does not carry")
        header[name] = {
            "dtype": _NAMES[array.dtype],
            "shape": list(array.shape),
            "data_offsets": [offset, offset + array.nbytes],
        }
        offset += array.nbytes
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)  # the data starts 8-byte aligned
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    try:
        with open(temporary, "xb") as file:
            file.write(struct.pack("<Q", len(text)) + text)
            for _, array in named:
                if isinstance(array, StoredTensor):
                    array.copy_to(file)
                else:
                    file.write(np.ascontiguousarray(array).reshape(-1).view(np.uint8).data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def resource_key(name: str, taken: set[str]) -> str:
    """A `dense_resource` key for the tensor `name` (an MLIR bare identifier: ONNX names
    such as `onnx::Conv_12` or `/layer/Constant_output_0` are not), new in `taken`."""
    key = re.sub(r"[^A-Za-z0-9_.$-]", "_", name)
    return fresh_name(key if re.match(r"[A-Za-z_]", key) else "_" + key, taken)


class WeightCollector:
    """The constants of an import (or a pass) bound for a weights file: each of at least
    `threshold` bytes is named by a key and kept (a map of the model's file, or an
    array) until `write_weights` streams them out."""

    def __init__(self, threshold: int = 4096):
        self.threshold = threshold
        self.tensors: list[tuple[str, np.ndarray]] = []
        self.taken: set[str] = set()

    def clear(self) -> None:
        self.tensors.clear()
        self.taken.clear()

    def resource(self, name: str, array: np.ndarray, type: TensorType[Any]) -> DenseResourceAttr | None:
        """`array` (of `type`'s dtype) as a `dense_resource` of a new key from `name`, or
        None where it is smaller than the threshold (it stays in the text)."""
        if array.nbytes < self.threshold:
            return None
        key = resource_key(name, self.taken)
        self.tensors.append((key, array))
        return DenseResourceAttr.from_params(key, type)


def _weights_module(op: Operation) -> tuple[ModuleOp, Path] | None:
    """The outermost module holding `op` that names a weights file, and the file."""
    found = None
    parent: Operation | None = op
    while parent is not None:
        if isinstance(parent, ModuleOp) and isinstance(named := parent.attributes.get(WEIGHTS), StringAttr):
            found = parent, Path(named.data)
        parent = parent.parent_op()
    return found


def weights_path(op: Operation) -> Path | None:
    """The weights file of the module that holds `op` (the outermost one that names one)."""
    found = _weights_module(op)
    return found[1] if found is not None else None


def module_weights(op: Operation) -> WeightFile | None:
    """The opened weights file of the module that holds `op`. It is kept on the module op
    (its header is read once, not once per constant) while the module names that path
    and the file is not written again."""
    found = _weights_module(op)
    if found is None:
        return None
    module, path = found
    cached = getattr(module, _CACHED, None)
    if isinstance(cached, WeightFile) and cached.path == path:
        try:
            if _signature(path) == cached.signature:
                return cached
        except OSError:
            pass  # (WeightFile names the error)
    weights = WeightFile(path)
    setattr(module, _CACHED, weights)
    return weights


def resource_array(attr: DenseResourceAttr, owner: Operation) -> np.ndarray:
    """The value of `owner`'s constant `attr`: a read-only view of its module's weights
    file; `WeightsError` naming the key where it is not there as the IR says."""
    weights = module_weights(owner)
    if weights is None:
        raise WeightsError(
            f"dense_resource<{attr.resource_handle.data}>: the module names no weights file (attribute {WEIGHTS})"
        )
    return file_tensor(weights, attr)


def file_tensor(weights: WeightFile, attr: DenseResourceAttr) -> np.ndarray:
    """The tensor `attr` names in `weights`, a read-only view of the file, checked to be
    of `attr`'s dtype and shape (`WeightsError` naming the key where it is not)."""
    stored_tensor(weights, attr)
    return weights.array(attr.resource_handle.data)


def stored_tensor(weights: WeightFile, attr: DenseResourceAttr) -> StoredTensor:
    """Where the tensor `attr` names is in `weights`, checked as `file_tensor` does."""
    key = attr.resource_handle.data
    stored = weights.stored(key)
    expected = attr.type
    assert isinstance(expected, TensorType)
    dtype, shape = numpy_dtype(expected), tuple(expected.get_shape())
    if stored.dtype != dtype or stored.shape != shape:
        raise WeightsError(
            f"dense_resource<{key}>: '{weights.path}' holds {stored.dtype}{list(stored.shape)}, the IR says "
            f"{dtype}{list(shape)}"
        )
    return stored


def anchored(module: ModuleOp, directory: str | Path) -> None:
    """Makes the module's weights path, relative to `directory` (that of the file the
    module was read from), absolute."""
    named = module.attributes.get(WEIGHTS)
    if isinstance(named, StringAttr):
        module.attributes[WEIGHTS] = StringAttr(os.path.abspath(Path(directory) / named.data))


def relocated(module: ModuleOp, directory: str | Path) -> None:
    """Makes the module's weights path relative to `directory`, where it is written."""
    named = module.attributes.get(WEIGHTS)
    if isinstance(named, StringAttr):
        absolute = Path(named.data).resolve()
        module.attributes[WEIGHTS] = StringAttr(os.path.relpath(absolute, Path(directory).resolve()))


def resource_constants(module: Operation) -> Iterator[tuple[Operation, DenseResourceAttr]]:
    """Every op of `module` with a `dense_resource` value, and that value."""
    for op in module.walk():
        value: Attribute | None = op.properties.get("value", op.attributes.get("value"))
        if isinstance(value, DenseResourceAttr):
            yield op, value


def constant_value(owner: Operation, value: Attribute, type: Attribute, shared: bool = False) -> Any:
    """The runtime value of `owner`'s constant `value` of `type` (`attribute_value`); a
    `dense_resource` is its module's weights-file tensor: a read-only map of the file with
    `shared`, else a new array."""
    if isinstance(value, DenseResourceAttr):
        array = resource_array(value, owner)
        return array if shared else np.array(array)
    return attribute_value(value, type, shared)


_HOLDERS = {"arith.constant", "mir.constant", "llir.global"}
"""The ops whose `value` may be a `dense_resource` as well as a dense attribute."""


def save_weights(module: ModuleOp, path: str | Path, threshold: int = 4096) -> bool:
    """Gives `module`, which a tool writes with its weights file beside it, the weights
    file `path`: the dense constants of at least `threshold` bytes in its text (those a
    pass computed, such as the weights `gawee-fold-batch-norm` folds) move to it, with
    the tensors the module still reads from its weights file, copied a chunk at a time
    (the ones it no longer reads are left behind); the module then names `path`.

    A module with its weights in the text (no `nnstack.weights`) keeps them there, and
    one with no such constant keeps its file; then nothing is written (False)."""
    if not isinstance(module.attributes.get(WEIGHTS), StringAttr):
        return False
    inline: list[tuple[Operation, DenseIntOrFPElementsAttr]] = []
    for op in module.walk():
        value = op.properties.get("value", op.attributes.get("value"))
        if (
            op.name in _HOLDERS
            and isinstance(value, DenseIntOrFPElementsAttr)
            and isinstance(value.type, TensorType)
            and len(value.data.data) >= threshold
            and numpy_dtype(value.get_element_type()) in _NAMES
        ):
            inline.append((op, value))
    if not inline:
        return False
    source = module_weights(module)
    assert source is not None
    tensors: list[tuple[str, np.ndarray | StoredTensor]] = []
    taken: set[str] = set()
    for _, resource in resource_constants(module):
        key = resource.resource_handle.data
        if key not in taken:
            taken.add(key)
            tensors.append((key, stored_tensor(source, resource)))
    moved: list[tuple[Operation, DenseResourceAttr]] = []
    for op, value in inline:
        key = resource_key(_hint(op), taken)
        tensors.append((key, attribute_value(value, value.type, shared=True)))
        moved.append((op, DenseResourceAttr.from_params(key, value.type)))
    write_weights(path, tensors)
    for op, resource in moved:  # (once the file is there)
        if "value" in op.properties:
            op.properties["value"] = resource
        else:
            op.attributes["value"] = resource
    module.attributes[WEIGHTS] = StringAttr(os.path.abspath(path))
    return True


def _hint(op: Operation) -> str:
    """A name for `op`'s constant in a weights file: its symbol or result's name."""
    if isinstance(symbol := op.properties.get("sym_name"), StringAttr):
        return symbol.data
    if isinstance(op, arith.ConstantOp) and op.result.name_hint:
        return op.result.name_hint
    return "constant"

"""The weights of compiled code, given when it is loaded: each llir.global of the
module's weights file (`dense_resource`) is compiled without its data, as an `external
constant` declaration (see convert-llir-to-llvm), and the loader links each such symbol
to its tensor (`nnstack.native.backend.load_object`).

The file is mapped read-only (`nnstack.dialects.weights.WeightFile`): a symbol is the
address of its tensor in the map, so nothing is copied, and the code (and the on-disk
cache's object) holds none of the weights. The declaration promises the element size's
alignment, as llir does of every pointer; a tensor of the file that is not aligned so
(safetensors does not promise it; nnstack's writer makes it so) is copied. With
check-bounds every tensor is copied behind a buffer header, as a global's initializer
holds one.

The module's own data section (each llir.global with a dense initializer) is linked
the same way (`DataSection`): LLVM compiles a declaration, not the bytes (printing,
parsing and emitting ResNet-18's 47 MB as LLVM IR text took over a second of its
compile), and the loader links each symbol to a copy of the bytes, aligned as the
global says; the code no more depends on the data than on the weights file's.

`WeightBinding` keeps the arrays alive as long as code linked to them is, and knows the
file it read (device, inode, size, modification time): a file written again since (a
new file renamed into place, or one changed in place) is read again, and the code
linked again, before the next call, so a call always uses the file's current weights.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr
from xdsl.ir import Operation

from nnstack.dialects import llir
from nnstack.dialects.weights import WEIGHTS, WeightFile, WeightsError, file_tensor
from nnstack.transforms.llir_to_llvm import HEADER_BYTES, BufferState, global_bytes


def headed(array: np.ndarray, state: int, offset: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """A copy of `array`'s bytes behind a check-bounds buffer header, `offset` bytes in
    (a multiple of 16, at least 16: aligned as numpy aligns), and the view of its data."""
    data = array.reshape(-1, order="A").view(np.uint8)
    holder = np.zeros(offset + data.size, np.uint8)
    header = holder[offset - HEADER_BYTES : offset].view(np.int64)
    header[:] = (data.size, state)
    holder[offset:] = data
    return holder, holder[offset:]


@dataclass(frozen=True)
class WeightGlobal:
    """A weights-file llir.global: its symbol, tensor and alignment."""

    name: str
    resource: DenseResourceAttr
    alignment: int

    @staticmethod
    def of(globals_: Sequence[llir.GlobalOp]) -> tuple[WeightGlobal, ...]:
        in_file: list[WeightGlobal] = []
        for op in globals_:
            assert isinstance(op.value, DenseResourceAttr)
            in_file.append(WeightGlobal(op.sym_name.data, op.value, op.alignment.value.data))
        return tuple(in_file)

    def describe(self) -> str:
        return f"llir.global @{self.name} = dense_resource<{self.resource.resource_handle.data}>"


def file_identity(path: Path) -> tuple[int, ...]:
    """What changes when the file at `path` is written again (or replaced)."""
    stat = os.stat(path)
    return (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)


@dataclass(frozen=True)
class WeightBinding:
    """The tensors of one weights file for the globals of one compiled function."""

    path: Path
    identity: tuple[int, ...]
    arrays: tuple[np.ndarray, ...]
    """What the addresses point into (maps of the file, or copies): kept alive here."""
    symbols: dict[str, int]
    """Each global's address: its tensor's (with check-bounds: its header's)."""

    @staticmethod
    def read(path: Path | None, in_file: Sequence[WeightGlobal], check_bounds: bool) -> WeightBinding:
        """The tensors of `in_file` in the file at `path`; `WeightsError` naming the global,
        the key and the file where one cannot be had as the IR says."""
        if path is None:
            raise WeightsError(
                f"{in_file[0].describe()}: the module names no weights file (attribute {WEIGHTS})"
            )
        try:
            identity = file_identity(path)
            weights = WeightFile(path)
        except OSError as error:
            raise WeightsError(
                f"{in_file[0].describe()}: cannot read weights file '{path}': {error.strerror}"
            ) from None
        except WeightsError as error:
            raise WeightsError(f"{in_file[0].describe()}: {error}") from None
        arrays: list[np.ndarray] = []
        symbols: dict[str, int] = {}
        for weight in in_file:
            try:
                array = file_tensor(weights, weight.resource)
            except WeightsError as error:
                raise WeightsError(f"llir.global @{weight.name}: {error}") from None
            if check_bounds:  # (the header padded to the alignment, as lower_global does)
                array, _ = headed(array, BufferState.GLOBAL, max(HEADER_BYTES, weight.alignment))
            elif array.ctypes.data % array.dtype.itemsize:
                array = array.copy()  # (numpy aligns what it allocates)
            arrays.append(array)
            symbols[weight.name] = array.ctypes.data
        return WeightBinding(path, identity, tuple(arrays), symbols)

    def current(self) -> bool:
        """Whether the file at `path` is still the one read."""
        try:
            return file_identity(self.path) == self.identity
        except OSError:
            return False


@dataclass(frozen=True)
class DataSection:
    """The dense llir.globals of a module, for the code that declares them: one
    writable copy of all their bytes (with check-bounds each behind its header, as
    convert-llir-to-llvm lays a global out: `global_bytes`), each at its alignment, so
    nothing the code does can change the module's attributes."""

    arena: np.ndarray
    """The bytes of every global: kept alive here."""
    symbols: dict[str, int]
    """Each global's address in `arena`."""

    @staticmethod
    def of(ops: Sequence[Operation], check_bounds: bool) -> DataSection:
        """The data section of the llir.globals among `ops` with a dense initializer."""
        placed: list[tuple[str, int, bytes]] = []
        end = 0
        for op in ops:
            if isinstance(op, llir.GlobalOp) and isinstance(op.value, DenseIntOrFPElementsAttr):
                data = global_bytes(op, check_bounds)
                alignment = op.alignment.value.data
                start = -(-end // alignment) * alignment
                placed.append((op.sym_name.data, start, data))
                end = start + len(data)
        largest = max((op.alignment.value.data for op in ops if isinstance(op, llir.GlobalOp)), default=1)
        holder = np.empty(end + largest, np.uint8)
        arena = holder[-holder.ctypes.data % largest :][:end]
        symbols: dict[str, int] = {}
        for name, start, data in placed:
            arena[start : start + len(data)] = np.frombuffer(data, np.uint8)
            symbols[name] = arena.ctypes.data + start
        return DataSection(arena, symbols)

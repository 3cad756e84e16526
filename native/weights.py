"""The weights of compiled code, given at run time: each llir.global of the module's
weights file (`dense_resource`) is compiled without its data, as a slot of the weight
table (`nnstack_weights`, see convert-llir-to-llvm), and this module fills the slots.

The file is mapped read-only (`nnstack.dialects.weights.WeightFile`): each slot holds
the address of its tensor in the map, so nothing is copied, and the code (and the
on-disk cache's object) holds none of the weights. The code assumes what llir does of a
pointer: that it is aligned to its element size (its loads and vector loads say no
more); a tensor of the file that is not (safetensors does not promise it; nnstack's
writer makes it so) is copied. With check-bounds every tensor is copied behind a
buffer header, as a global's initializer holds one.

`WeightBinding` keeps the arrays alive as long as the addresses are in use, and knows
the file it read (device, inode, size, modification time): a file written again since
(a new file renamed into place, or one changed in place) is read again before the next
call, so a call always uses the file's current weights.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import DenseResourceAttr

from nnstack.dialects import llir
from nnstack.dialects.weights import WEIGHTS, WeightFile, WeightsError, file_tensor
from nnstack.transforms.llir_to_llvm import HEADER_BYTES, BufferState


def headed(array: np.ndarray, state: int) -> tuple[np.ndarray, np.ndarray]:
    """A copy of `array`'s bytes behind a check-bounds buffer header (64 bytes in, so
    aligned as numpy aligns), and the view of its data."""
    data = array.reshape(-1, order="A").view(np.uint8)
    holder = np.zeros(64 + data.size, np.uint8)
    header = holder[64 - HEADER_BYTES : 64].view(np.int64)
    header[:] = (data.size, state)
    holder[64:] = data
    return holder, holder[64:]


@dataclass(frozen=True)
class WeightSlot:
    """One slot of the weight table: the llir.global and its tensor of the file."""

    name: str
    resource: DenseResourceAttr

    @staticmethod
    def of(globals_: Sequence[llir.GlobalOp]) -> tuple[WeightSlot, ...]:
        slots: list[WeightSlot] = []
        for op in globals_:
            assert isinstance(op.value, DenseResourceAttr)
            slots.append(WeightSlot(op.sym_name.data, op.value))
        return tuple(slots)

    def describe(self) -> str:
        return f"llir.global @{self.name} = dense_resource<{self.resource.resource_handle.data}>"


def file_identity(path: Path) -> tuple[int, ...]:
    """What changes when the file at `path` is written again (or replaced)."""
    stat = os.stat(path)
    return (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)


@dataclass(frozen=True)
class WeightBinding:
    """The tensors of one weights file for the slots of one compiled function."""

    path: Path
    identity: tuple[int, ...]
    arrays: tuple[np.ndarray, ...]
    """What the addresses point into (maps of the file, or copies): kept alive here."""
    addresses: np.ndarray
    """The table's contents: each slot's address (uintp)."""

    @staticmethod
    def read(path: Path | None, slots: Sequence[WeightSlot], check_bounds: bool) -> WeightBinding:
        """The tensors of `slots` in the file at `path`; `WeightsError` naming the global,
        the key and the file where one cannot be had as the IR says."""
        if path is None:
            raise WeightsError(
                f"{slots[0].describe()}: the module names no weights file (attribute {WEIGHTS})"
            )
        try:
            identity = file_identity(path)
            weights = WeightFile(path)
        except OSError as error:
            raise WeightsError(
                f"{slots[0].describe()}: cannot read weights file '{path}': {error.strerror}"
            ) from None
        except WeightsError as error:
            raise WeightsError(f"{slots[0].describe()}: {error}") from None
        arrays: list[np.ndarray] = []
        addresses = np.zeros(len(slots), np.uintp)
        for index, slot in enumerate(slots):
            try:
                array = file_tensor(weights, slot.resource)
            except WeightsError as error:
                raise WeightsError(f"llir.global @{slot.name}: {error}") from None
            if check_bounds:
                _, array = headed(array, BufferState.GLOBAL)  # (the view keeps its holder)
            elif array.ctypes.data % array.dtype.itemsize:
                array = array.copy()  # (numpy aligns what it allocates)
            arrays.append(array)
            addresses[index] = array.ctypes.data
        return WeightBinding(path, identity, tuple(arrays), addresses)

    def current(self) -> bool:
        """Whether the file at `path` is still the one read."""
        try:
            return file_identity(self.path) == self.identity
        except OSError:
            return False

"""The flat memory of the llir interpreter: buffers, pointers and checked accesses.

`Memory` (one per interpreter) owns numbered buffers, each a byte array with its size
and alignment; a buffer's base is aligned to its alignment, so an access is misaligned
when its byte offset is not a multiple of the element size. The generated code holds a
pointer as three locals (buffer, element index, typed view) and does its accesses
inline; the functions here diagnose an access that failed, and do what is too long to
inline (alloc, free, memcpy, the written-bytes bookkeeping of strict mode).
"""

from __future__ import annotations

import struct
from typing import Any, NamedTuple

from xdsl.utils.exceptions import InterpretationError

from nnstack.interpreters.llir.semantics import F16


class _F16View:
    """A memoryview-like f16 view (memoryview cannot cast to 'e')."""

    __slots__ = ("raw",)

    def __init__(self, raw: memoryview):
        self.raw = raw

    def __len__(self) -> int:
        return len(self.raw) // 2

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            count = index.stop - index.start
            return struct.unpack_from(f"{count}e", self.raw, 2 * index.start)
        return F16.unpack_from(self.raw, 2 * index)[0]

    def __setitem__(self, index: int | slice, value: Any) -> None:
        if isinstance(index, slice):
            struct.pack_into(f"{len(value)}e", self.raw, 2 * index.start, *value)
        else:
            F16.pack_into(self.raw, 2 * index, value)


class _MisalignedView:
    """The view of a pointer whose byte offset is not a multiple of its element size.

    Every access through it fails, and the failure is then diagnosed as misaligned.
    """

    __slots__ = ("remainder",)

    def __init__(self, remainder: int):
        self.remainder = remainder

    def __getitem__(self, index: object) -> Any:
        raise IndexError("misaligned access")

    def __setitem__(self, index: object, value: object) -> None:
        raise IndexError("misaligned access")


def _released_view() -> memoryview:
    view = memoryview(b"")
    view.release()
    return view


class Buffer:
    """One buffer of the flat memory: bytes, size, alignment, liveness, written bytes."""

    __slots__ = (
        "alignment",
        "freed",
        "id",
        "origin",
        "owned",
        "raw",
        "readonly",
        "size",
        "views",
        "written",
    )

    def __init__(
        self,
        id: int,
        raw: memoryview,
        alignment: int,
        origin: str,
        *,
        owned: bool,
        written: bool,
    ):
        self.id = id
        self.size = len(raw)
        self.alignment = alignment
        self.raw = raw
        self.views: dict[str, Any] = {}
        self.freed = False
        # Per byte, whether it was written; None when every byte counts as written.
        self.written: bytearray | None = None if written else bytearray(self.size)
        self.origin = origin
        self.owned = owned
        self.readonly = raw.readonly

    def view(self, fmt: str) -> Any:
        """The typed view of the buffer for a struct format ('f', 'q', 'e', ...)."""
        view = self.views.get(fmt)
        if view is None:
            if self.freed:
                return _released_view()
            # a buffer that is not a whole number of elements (a ptrcast to a wider
            # type) is viewed up to its last whole element; past it is out of bounds
            # (typeshed types cast() per literal format; fmt is one, from memory_format)
            whole = self.raw[: self.size - self.size % struct.calcsize(fmt)]
            view = _F16View(whole) if fmt == "e" else whole.cast(fmt)  # pyright: ignore[reportCallIssue, reportArgumentType]
            self.views[fmt] = view
        return view

    def release(self) -> None:
        """Free the buffer: every view, including those held by running code, dies."""
        for view in self.views.values():
            (view.raw if isinstance(view, _F16View) else view).release()
        self.raw.release()
        self.freed = True

    def describe(self) -> str:
        return f"buffer #{self.id} ({self.size} bytes, align {self.alignment}, {self.origin})"

    def __repr__(self) -> str:
        return f"<{self.describe()}>"


class Pointer(NamedTuple):
    """A runtime `!llir.ptr<T>` value: a buffer and a byte offset into it."""

    buffer: Buffer
    offset: int

    def __repr__(self) -> str:
        return f"<ptr buffer #{self.buffer.id} + {self.offset}>"


DEFAULT_MAX_ALLOCATION = 1 << 30
"""The largest llir.alloc_buffer, in bytes, unless a run sets another limit."""


class Memory:
    """The flat memory of one interpreter: its buffers, numbered in creation order.

    An allocation of more than `max_allocation` bytes is an error (a program asking
    for terabytes should get a diagnostic, not exhaust the machine).
    """

    def __init__(self, max_allocation: int = DEFAULT_MAX_ALLOCATION) -> None:
        self.buffer_count = 0
        self.live: dict[int, Buffer] = {}
        self.max_allocation = max_allocation

    def _next_id(self) -> int:
        self.buffer_count += 1
        return self.buffer_count - 1

    def allocate(self, op_name: str, size: int, alignment: int, origin: str) -> Buffer:
        if size > self.max_allocation:
            raise InterpretationError(
                f"{op_name}: allocation of {size} bytes exceeds the limit of {self.max_allocation} "
                "bytes (nnstack-run --max-allocation, or max_allocation= in the Python API)"
            )
        try:
            raw = bytearray(size)
        except MemoryError:
            raise InterpretationError(f"{op_name}: out of memory allocating {size} bytes") from None
        buffer = Buffer(
            self._next_id(),
            memoryview(raw),
            alignment,
            origin,
            owned=True,
            written=False,
        )
        self.live[buffer.id] = buffer
        return buffer

    def wrap(self, raw: memoryview, alignment: int, origin: str, written: bool = True) -> Buffer:
        """A buffer over memory the caller owns (a numpy array), marked written unless
        it is an output the function must write before it reads."""
        return Buffer(self._next_id(), raw, alignment, origin, owned=False, written=written)

    def free(self, op_name: str, buffer: Buffer, offset: int) -> None:
        if buffer.freed:
            raise InterpretationError(f"{op_name}: double free of buffer #{buffer.id}")
        if not buffer.owned:
            raise InterpretationError(
                f"{op_name}: buffer #{buffer.id} was not allocated by llir.alloc_buffer ({buffer.origin})"
            )
        if offset:
            raise InterpretationError(
                f"{op_name}: pointer {_address(buffer, offset)} does not point to the start of a buffer"
            )
        buffer.release()
        del self.live[buffer.id]

    def leaked(self) -> list[Buffer]:
        """Buffers allocated by llir.alloc_buffer and not freed."""
        return list(self.live.values())


def _address(buffer: Buffer, offset: int) -> str:
    return f"buffer #{buffer.id} + {offset}"


def _access_error(
    op_name: str, kind: str, buffer: Buffer, offset: int, nbytes: int, view: object = None
) -> InterpretationError:
    """Diagnose why an access of `nbytes` at `buffer + offset` failed."""
    address = _address(buffer, offset)
    if buffer.freed:
        return InterpretationError(f"{op_name}: use after free of buffer #{buffer.id} (access at {address})")
    if isinstance(view, _MisalignedView):
        return InterpretationError(f"{op_name}: misaligned {nbytes}-byte access at {address}")
    if offset < 0 or offset + nbytes > buffer.size:
        return InterpretationError(
            f"{op_name}: out-of-bounds {kind} of {nbytes} bytes at {address} (size {buffer.size})"
        )
    if kind == "write" and buffer.readonly:
        return InterpretationError(f"{op_name}: write to read-only buffer at {address} ({buffer.origin})")
    return InterpretationError(f"{op_name}: invalid {nbytes}-byte {kind} at {address}")


def access_failed(
    op_name: str, kind: str, buffer: Buffer, index: int, size: int, nbytes: int, view: object
) -> None:
    """Raise the diagnosis of a failed access to element `index` (of `size` bytes)."""
    remainder = view.remainder if isinstance(view, _MisalignedView) else 0
    raise _access_error(op_name, kind, buffer, index * size + remainder, nbytes, view)


def check_written(op_name: str, buffer: Buffer, offset: int, nbytes: int) -> None:
    """Strict mode: every byte read must have been written."""
    if buffer.written is None:
        return
    unwritten = buffer.written.find(0, offset, offset + nbytes)
    if unwritten != -1:
        raise InterpretationError(
            f"{op_name}: read of never-written memory at {_address(buffer, unwritten)} (strict mode)"
        )


def mark_written(buffer: Buffer, offset: int, nbytes: int) -> None:
    if buffer.written is not None:
        buffer.written[offset : offset + nbytes] = b"\x01" * nbytes


def byte_offset(index: int, size: int, view: object) -> int:
    return index * size + (view.remainder if isinstance(view, _MisalignedView) else 0)


def unpack(pointer: Pointer, fmt: str, size: int) -> tuple[Buffer, int, Any]:
    """A pointer as generated code holds it: buffer, element index and typed view."""
    buffer, offset = pointer
    index, remainder = divmod(offset, size)
    return buffer, index, (_MisalignedView(remainder) if remainder else buffer.view(fmt))


def pack(buffer: Buffer, index: int, view: object, size: int) -> Pointer:
    return Pointer(buffer, byte_offset(index, size, view))


def recast(
    buffer: Buffer, index: int, view: object, size: int, fmt: str, new_size: int
) -> tuple[Buffer, int, Any]:
    return unpack(Pointer(buffer, byte_offset(index, size, view)), fmt, new_size)


def alloc(memory: Memory, op_name: str, size: int, alignment: int, origin: str) -> Buffer:
    return memory.allocate(op_name, size, alignment, origin)


def free(memory: Memory, op_name: str, buffer: Buffer, index: int, view: object, size: int) -> None:
    memory.free(op_name, buffer, byte_offset(index, size, view))


def memcpy(
    op_name: str,
    dst: Buffer,
    dst_offset: int,
    src: Buffer,
    src_offset: int,
    nbytes: int,
) -> None:
    """Copy bytes and their written state (copying unwritten bytes is no error)."""
    if nbytes < 0:
        raise InterpretationError(f"{op_name}: negative size {nbytes}")
    for kind, buffer, offset in (("read", src, src_offset), ("write", dst, dst_offset)):
        if buffer.freed or offset < 0 or offset + nbytes > buffer.size:
            raise _access_error(op_name, kind, buffer, offset, nbytes)
    if dst.readonly and nbytes:
        raise _access_error(op_name, "write", dst, dst_offset, nbytes)
    if src is dst and nbytes and src_offset < dst_offset + nbytes and dst_offset < src_offset + nbytes:
        raise InterpretationError(
            f"{op_name}: source {_address(src, src_offset)} and destination "
            f"{_address(dst, dst_offset)} of {nbytes} bytes overlap"
        )
    dst.raw[dst_offset : dst_offset + nbytes] = src.raw[src_offset : src_offset + nbytes]
    if dst.written is not None:
        dst.written[dst_offset : dst_offset + nbytes] = (
            b"\x01" * nbytes if src.written is None else src.written[src_offset : src_offset + nbytes]
        )


ACCESS_ERRORS = (IndexError, ValueError, TypeError, OverflowError, struct.error)
"""What a typed view raises for a bad index (a huge one: OverflowError), a freed buffer
or read-only memory."""


GENERATED_CODE_HELPERS = (
    access_failed, check_written, mark_written, unpack, pack, recast, alloc, free, memcpy,
    byte_offset,
)  # fmt: skip
"""The helpers the generated code calls (by their name with a leading underscore)."""

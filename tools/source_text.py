"""A model's text without its weights' hex digits, which are decoded straight from the
file's bytes.

A model's weights are dense hex literals (`dense<"0x3F800000...">`): most of a
model's text (94 MB of ResNet-18's 94 MB). Decoding the whole file into a `str`, then
slicing each literal out of it and decoding its hex digits, passes over those
megabytes three times (about 45 ms each for ResNet-18 here). `read_source` decodes
each large literal's digits once, from a memory map of the file, and gives the parser
the rest of the text with the digits cut out (`dense<"0x">`) and the decoded bytes by
position. Lines are unchanged (hex digits hold no newline); `SourceText.original`
gives a position in the file, for the columns of locations after a cut.
"""

from __future__ import annotations

import binascii
import mmap
from bisect import bisect_right
from dataclasses import dataclass, field

CUT_LITERAL = 1 << 12
"""Hex digits from which a dense literal's are cut out (smaller ones are lexed as text)."""
_DENSE_HEX = b'dense<"0x'


@dataclass(frozen=True)
class SourceText:
    """The text of a file, with the hex digits of its large dense literals cut out."""

    text: str
    hex_literals: dict[int, bytes] = field(default_factory=dict[int, bytes])
    """The decoded bytes of each cut literal, by the position of its `"` in `text`."""
    cut_ends: tuple[int, ...] = ()
    """The position in `text` just after each cut (the closing `"` of its literal)."""
    cut_totals: tuple[int, ...] = ()
    """The characters cut up to and including each cut."""

    @property
    def size(self) -> int:
        """The characters of the file."""
        return len(self.text) + (self.cut_totals[-1] if self.cut_totals else 0)

    def original(self, position: int) -> int:
        """The position in the file of position `position` of `text`."""
        index = bisect_right(self.cut_ends, position)
        return position + (self.cut_totals[index - 1] if index else 0)


def cut_hex_literals(data: bytes | mmap.mmap) -> SourceText:
    """The UTF-8 text of `data` with the digits of its dense hex literals of
    `CUT_LITERAL` digits or more cut out and decoded (a literal whose digits do not
    decode stays in the text, for the parser to report)."""
    pieces: list[str] = []
    literals: dict[int, bytes] = {}
    ends: list[int] = []
    totals: list[int] = []
    length = cut = kept_from = 0
    with memoryview(data) as view:
        position = data.find(_DENSE_HEX)
        while position != -1:
            digits = position + len(_DENSE_HEX)
            end = data.find(b'"', digits)
            if end == -1:
                break
            if end - digits >= CUT_LITERAL:
                try:
                    payload = binascii.a2b_hex(view[digits:end])
                except binascii.Error:
                    pass
                else:
                    head = str(view[kept_from:digits], "utf-8")
                    pieces.append(head)
                    length += len(head)
                    literals[length - 3] = payload  # (at the `"` of `"0x`)
                    cut += end - digits
                    ends.append(length)
                    totals.append(cut)
                    kept_from = end
            position = data.find(_DENSE_HEX, end + 1)
        pieces.append(str(view[kept_from:], "utf-8"))
    return SourceText("".join(pieces), literals, tuple(ends), tuple(totals))


def read_source(path: str) -> SourceText:
    """The text of file `path` with its large hex literals cut out (`cut_hex_literals`),
    decoded from a memory map of the file."""
    with open(path, "rb") as file:
        if file.seek(0, 2) == 0:
            return SourceText("")
        with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
            return cut_hex_literals(mapped)

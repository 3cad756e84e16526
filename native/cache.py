"""The on-disk cache of compiled native code, so a program compiles once per machine,
not once per process (as ccache, Triton's and torch inductor's kernel caches do).

An entry is the object code LLVM emitted for one llir function, with what loading and
calling it needs (the entry point's name and C signature, the run-time check messages),
in one file named by the digest of its key: the llir module (`module_digest`), the
function, the check mode, the optimization level, the threads of parallel loops (and
their least work), the target (triple, CPU name and
features) and the compiler (the versions of LLVM, llvmlite, xDSL and nnstack, and a
digest of the nnstack sources that lower llir to machine code, so an edited lowering
never loads stale code). An entry is written to a temporary file and renamed into
place, so a reader sees a whole entry or none; one that does not read back whole (a
bad header, another key, a checksum that does not match its object code) is ignored and
compiled again, never loaded: LLVM would crash on a corrupt object file.

The directory: `$NNSTACK_CACHE_DIR`, else `$XDG_CACHE_HOME/nnstack`, else
`~/.cache/nnstack`; entries go in its `native/` folder. Nothing removes old entries
(deleting the folder is always safe).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import tempfile
import warnings
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import llvmlite
import llvmlite.binding
from xdsl.dialects.builtin import DenseResourceAttr, DictionaryAttr, ModuleOp
from xdsl.printer import Printer

from nnstack.dialects import llir
from nnstack.transforms.llir_to_llvm import MIN_CHUNK_WORK

FORMAT = b"nnstack native code 1\n"
"""The first bytes of an entry; a new layout of the file gets a new number."""

COMPILER_PACKAGES = ("dialects", "transforms", "native")
"""The nnstack folders whose sources take llir to machine code (the dialects, the
lowering to LLVM's dialect, this backend), digested into every key."""

CacheKey = Mapping[str, str | int | bool]
"""What compiled code depends on, by name; JSON-serializable."""


def cache_directory(environ: Mapping[str, str] = os.environ) -> Path:
    """`$NNSTACK_CACHE_DIR`, else `$XDG_CACHE_HOME/nnstack` (an absolute path, as the
    XDG base directory specification requires), else `~/.cache/nnstack`."""
    if environ.get("NNSTACK_CACHE_DIR"):
        return Path(environ["NNSTACK_CACHE_DIR"])
    xdg = environ.get("XDG_CACHE_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "nnstack"
    return Path.home() / ".cache" / "nnstack"


def _digest(parts: Iterable[tuple[bytes, bytes | memoryview]]) -> str:
    """sha256 of `parts` (kind, bytes), each framed by its kind and length, so no two
    different sequences of parts give the same stream."""
    digest = hashlib.sha256()
    for kind, data in parts:
        digest.update(kind + memoryview(data).nbytes.to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def module_digest(module: ModuleOp) -> str:
    """sha256 of what the native backend compiles of `module`: the text of each llir.func
    (locations included: the run-time check messages name them) and, of each
    llir.global, its name, alignment, type and attributes as text and its dense
    initializer's raw bytes (printing a model's weights as hex would take seconds: 1.6 s
    for ResNet-18's 47 MB; hashing their bytes a tenth of that). A global of the weights
    file counts by its key, dtype and shape only: the code does not hold its data (it is
    read at run time), so the same model with other weights, or another file, is the
    same code."""
    return _digest(_module_parts(module))


def _module_parts(module: ModuleOp) -> Iterator[tuple[bytes, bytes | memoryview]]:
    for op in module.ops:
        if isinstance(op, llir.GlobalOp):
            head = f"@{op.sym_name.data} {op.alignment.value.data} {op.value.type} {DictionaryAttr(op.attributes)}"
            yield b"G", head.encode()
            if isinstance(op.value, DenseResourceAttr):
                yield b"R", op.value.resource_handle.data.encode()
            else:
                yield b"D", op.data()
        elif isinstance(op, llir.FuncOp):
            text = io.StringIO()
            Printer(stream=text, print_debuginfo=True).print_op(op)
            yield b"F", text.getvalue().encode()


def compiler_digest() -> str:
    """sha256 of the nnstack sources in `COMPILER_PACKAGES` (their paths and bytes)."""
    root = Path(__file__).resolve().parent.parent
    paths = [path for package in COMPILER_PACKAGES for path in sorted((root / package).rglob("*.py"))]
    return _digest(
        part
        for path in paths
        for part in ((b"P", path.relative_to(root).as_posix().encode()), (b"S", path.read_bytes()))
    )


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"


def cache_key(
    digest: str,
    symbol: str,
    check_bounds: bool,
    opt_level: int,
    threads: int = 1,
    min_chunk_work: int = MIN_CHUNK_WORK,
) -> dict[str, str | int | bool]:
    """The key of `symbol` of the module whose `module_digest` is `digest`, compiled for
    this machine (the host CPU, as `create_target_machine` targets it), its parallel
    loops for `threads` threads of at least `min_chunk_work` ops."""
    return {
        "module": digest,
        "symbol": symbol,
        "check_bounds": check_bounds,
        "opt_level": opt_level,
        "threads": threads,
        "min_chunk_work": min_chunk_work,
        "triple": llvmlite.binding.get_process_triple(),
        "cpu": llvmlite.binding.get_host_cpu_name(),
        "features": llvmlite.binding.get_host_cpu_features().flatten(),
        "llvm": ".".join(map(str, llvmlite.binding.llvm_version_info)),
        "llvmlite": llvmlite.__version__,
        "xdsl": _version("xdsl"),
        "nnstack": _version("nnstack"),
        "compiler": compiler_digest(),
    }


@dataclass(frozen=True)
class CacheEntry:
    """Compiled code and what loading and calling it needs."""

    object_code: bytes
    """An object file for the host, as LLVM's `TargetMachine.emit_object` writes it."""
    entry: str
    """The symbol of the entry point."""
    inputs: tuple[str, ...]
    output: str
    """The entry point's C signature (xDSL's `CFuncSignature`)."""
    sites: tuple[str, ...]
    """The run-time check messages, by site number."""


@dataclass(frozen=True)
class DiskCache:
    """The entries in `directory`/native; `load` gives None for any entry it cannot
    trust, `store` warns (and carries on) if it cannot write."""

    directory: Path

    def path(self, key: CacheKey) -> Path:
        name = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()
        return self.directory / "native" / name

    def load(self, key: CacheKey) -> CacheEntry | None:
        """The entry of `key`, or None if there is none or it does not read back whole."""
        try:
            data = self.path(key).read_bytes()
        except OSError:
            return None
        if not data.startswith(FORMAT):
            return None
        start = len(FORMAT) + 8
        size = int.from_bytes(data[len(FORMAT) : start], "little")
        try:
            header = json.loads(data[start : start + size])
            object_code = data[start + size :]
            if (
                header["key"] != dict(key)
                or header["object_size"] != len(object_code)
                or header["object_sha256"] != hashlib.sha256(object_code).hexdigest()
            ):
                return None
            return CacheEntry(
                object_code,
                str(header["entry"]),
                tuple(map(str, header["inputs"])),
                str(header["output"]),
                tuple(map(str, header["sites"])),
            )
        except (ValueError, KeyError, TypeError):
            return None

    def store(self, key: CacheKey, entry: CacheEntry) -> None:
        """Writes `entry` under `key`: to a temporary file in the same folder, renamed
        into place (atomic), so concurrent writers and readers never see half of one."""
        header = json.dumps(
            {
                "key": dict(key),
                "entry": entry.entry,
                "inputs": entry.inputs,
                "output": entry.output,
                "sites": entry.sites,
                "object_size": len(entry.object_code),
                "object_sha256": hashlib.sha256(entry.object_code).hexdigest(),
            }
        ).encode()
        path = self.path(key)
        temporary: Path | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", delete=False) as file:
                temporary = Path(file.name)
                file.write(FORMAT + len(header).to_bytes(8, "little") + header)
                file.write(entry.object_code)
            os.replace(temporary, path)
            temporary = None
        except OSError as error:
            warnings.warn(f"cannot write the native code cache in {self.directory}: {error}", stacklevel=2)
        finally:
            if temporary is not None:  # (an error, or an interrupt, while writing it)
                with contextlib.suppress(OSError):
                    temporary.unlink()

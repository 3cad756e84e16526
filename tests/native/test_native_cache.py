"""The on-disk cache of native code (`nnstack.native.cache`): a second compile of the same
llir (in a new process: a new `JitCache`) loads the code instead of compiling it and
gives the same results bit for bit; anything else (other weights, another check mode)
compiles; a damaged or mismatching entry is compiled again, never loaded; `cache=False`
and `nnstack-run --no-cache` neither read nor write it; the folder comes from the
environment. Every test has a cache folder of its own under `tmp_path`."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import onnx
import pytest

from nnstack import native
from nnstack.frontend.onnx import backend
from nnstack.interpreters import parse_module
from nnstack.native.cache import FORMAT, cache_key, module_digest
from nnstack.native.jit import CompiledFunction, JitCache

WEIGHTS = np.array([0.5, -1.25, 2.0, 0.125, -0.75, 1.5, -2.5, 0.25], np.float32)

SCORE = """
llir.global @w align 16 = dense<[{weights}]> : tensor<8xf32>
llir.func @score(%x: !llir.ptr<f32>, %n: i64) -> f32 {{
  %c0 = llir.constant 0 : i64
  %c1 = llir.constant 1 : i64
  %zero = llir.constant 0.0 : f32
  %g = llir.addressof @w : !llir.ptr<f32>
  %s = llir.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i64 {{
    %v = llir.load %x[%i : i64] : !llir.ptr<f32> -> f32
    %u = llir.load %g[%i : i64] : !llir.ptr<f32> -> f32
    %p = llir.mul %v, %u : f32
    %e = llir.exp %p : f32
    %next = llir.add %acc, %e : f32
    llir.yield %next : f32
  }}
  llir.return %s : f32
}}
"""
"""sum(exp(x[i] * w[i])) over i < n, `w` in the data section."""


def score_source(weights: np.ndarray = WEIGHTS) -> str:
    return SCORE.format(weights=", ".join(repr(float(w)) for w in weights))


X = np.linspace(-1.0, 1.0, 8, dtype=np.float32)


def compile_score(
    cache: Path | None, source: str | None = None, check_bounds: bool = False, opt_level: int = 3
) -> CompiledFunction:
    """`@score` compiled as a new process would: a fresh module and in-process cache."""
    module = parse_module(source or score_source())
    disk = native.disk_cache(cache) if cache is not None else None
    return JitCache().compile(module, "score", check_bounds, opt_level, disk)


def score(compiled: CompiledFunction, n: int = 8) -> np.float32:
    (result,) = native.call_compiled(compiled, [X, np.int64(n)])
    return result


def entries(cache: Path) -> list[Path]:
    folder = cache / "native"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_the_cache_folder_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    home = Path.home()
    assert native.cache_directory({"NNSTACK_CACHE_DIR": "/a", "XDG_CACHE_HOME": "/b"}) == Path("/a")
    assert native.cache_directory({"XDG_CACHE_HOME": "/b"}) == Path("/b/nnstack")
    # the XDG specification: a relative path is invalid and ignored
    assert native.cache_directory({"XDG_CACHE_HOME": "b"}) == home / ".cache" / "nnstack"
    assert native.cache_directory({"NNSTACK_CACHE_DIR": ""}) == home / ".cache" / "nnstack"
    monkeypatch.setenv("NNSTACK_CACHE_DIR", str(tmp_path / "here"))
    disk = native.disk_cache(True)
    assert disk is not None and disk.directory == tmp_path / "here"
    assert native.disk_cache(False) is None
    native.run(score_source(np.full(8, 3.0, np.float32)), "score", X, 8)  # (new code: not yet cached)
    assert len(entries(tmp_path / "here")) == 1


def test_a_second_compile_loads_the_code_and_gives_the_same_bits(tmp_path: Path):
    first = compile_score(tmp_path)
    assert not first.from_cache
    assert len(entries(tmp_path)) == 1
    second = compile_score(tmp_path)
    assert second.from_cache
    assert len(entries(tmp_path)) == 1
    uncached = compile_score(None)
    assert not uncached.from_cache
    results = [score(c, n) for c in (first, second, uncached) for n in (8, 5, 0)]
    for cached, fresh in zip(results[3:6], results[6:9]):
        assert cached.dtype == fresh.dtype == np.float32 and cached.tobytes() == fresh.tobytes()
    assert results[:3] == results[6:9]
    # numpy: the same sums (exp may round differently by an ulp)
    for n, result in zip((8, 5, 0), results[3:6]):
        assert result == pytest.approx(np.sum(np.exp(X[:n] * WEIGHTS[:n]), dtype=np.float64), rel=1e-6)


def test_other_weights_another_check_mode_or_opt_level_compile(tmp_path: Path):
    compile_score(tmp_path)
    other = WEIGHTS.copy()
    other[3] = np.nextafter(other[3], np.float32(1))  # one bit of one weight
    assert module_digest(parse_module(score_source(other))) != module_digest(parse_module(score_source()))
    changed = compile_score(tmp_path, score_source(other))
    assert not changed.from_cache
    assert score(changed) == pytest.approx(np.sum(np.exp(X * other), dtype=np.float64), rel=1e-6)
    assert not compile_score(tmp_path, check_bounds=True).from_cache
    assert not compile_score(tmp_path, opt_level=1).from_cache
    assert len(entries(tmp_path)) == 4
    assert all(
        compile_score(tmp_path, **kw).from_cache for kw in ({}, {"check_bounds": True}, {"opt_level": 1})
    )


def test_check_messages_come_with_the_cached_code(tmp_path: Path):
    """The run-time check messages (which name the op) are part of an entry."""
    messages = []
    for _ in range(2):
        compiled = compile_score(tmp_path, check_bounds=True)
        with pytest.raises(native.NativeError, match="llir.load.*out-of-bounds read at byte 32") as error:
            score(compiled, 9)
        messages.append((compiled.from_cache, str(error.value)))
    assert [m[0] for m in messages] == [False, True]
    assert messages[0][1] == messages[1][1]


def test_progress_tells_a_load_from_the_cache_or_each_stage_of_a_compile(tmp_path: Path):
    """A compile tells each stage (as without the cache); a load from the cache tells that
    alone; a damaged entry is not loaded, so the compile's stages are told again."""
    stages = [
        "lowering llir to the llvm dialect",
        "translating to LLVM IR",
        "parsing LLVM IR",
        "optimising LLVM IR (-O1)",
        "generating machine code",
    ]
    disk = native.DiskCache(tmp_path)
    told: list[list[str]] = []
    for damage in (False, False, True):
        if damage:
            (path,) = entries(tmp_path)
            path.write_bytes(_flip_last_byte(path.read_bytes()))
        told.append([])
        compiled = native.compile_function(
            parse_module(score_source()), "score", opt_level=1, disk=disk, progress=told[-1].append
        )
        assert score(compiled).tobytes() == score(compile_score(None, opt_level=1)).tobytes()
    assert told == [stages, ["loading from the cache"], stages]


def _flip_last_byte(data: bytes) -> bytes:
    return data[:-1] + bytes([data[-1] ^ 1])


def _header_size(data: bytes) -> int:
    return int.from_bytes(data[len(FORMAT) : len(FORMAT) + 8], "little")


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda data: b"",
    "garbage": lambda data: os.urandom(len(data)),
    "truncated": lambda data: data[: len(data) // 2],
    "object code changed": _flip_last_byte,
    "another format": lambda data: b"nnstack native code 0\n" + data[len(FORMAT) :],
    "header not JSON": lambda data: (
        data[: len(FORMAT) + 8] + b"{" * _header_size(data) + data[len(FORMAT) + 8 + _header_size(data) :]
    ),
    "header size too large": lambda data: FORMAT + (2**62).to_bytes(8, "little") + data[len(FORMAT) + 8 :],
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_entry_is_compiled_again(tmp_path: Path, damage: str):
    expected = score(compile_score(None))
    compile_score(tmp_path)
    (path,) = entries(tmp_path)
    path.write_bytes(DAMAGES[damage](path.read_bytes()))
    again = compile_score(tmp_path)
    assert not again.from_cache
    assert score(again).tobytes() == expected.tobytes()
    # written anew, whole
    third = compile_score(tmp_path)
    assert third.from_cache and score(third).tobytes() == expected.tobytes()


def test_an_entry_of_another_key_is_not_loaded(tmp_path: Path):
    """An entry (whole, its checksum right) found under another key's name, as for a
    hash collision or a file copied by hand, is not loaded: its header names its key."""
    plain = compile_score(tmp_path / "a", opt_level=1)
    checked = compile_score(tmp_path / "b", check_bounds=True)
    assert not plain.from_cache and not checked.from_cache
    (checked_entry,) = entries(tmp_path / "b")
    (plain_entry,) = entries(tmp_path / "a")
    plain_entry.write_bytes(checked_entry.read_bytes())
    again = compile_score(tmp_path / "a", opt_level=1)
    assert not again.from_cache
    assert score(again, 8).tobytes() == score(plain, 8).tobytes()
    digest = module_digest(parse_module(score_source()))
    key = cache_key(digest, "score", False, 1)
    other_cpu = dict(key, cpu="another-cpu")
    disk = native.DiskCache(tmp_path / "a")
    assert disk.load(key) is not None
    os.replace(disk.path(key), disk.path(other_cpu))
    assert disk.load(other_cpu) is None


def test_no_cache_neither_reads_nor_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("NNSTACK_CACHE_DIR", str(tmp_path))
    source = score_source(np.full(8, 0.5, np.float32))
    assert not native.call(source, "score", (X, 8), cache=False).compiled.from_cache
    assert entries(tmp_path) == []


def test_an_unwritable_cache_warns_and_runs(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.warns(UserWarning, match="cannot write the native code cache"):
        compiled = compile_score(blocker)
    assert score(compiled).tobytes() == score(compile_score(None)).tobytes()
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_nnstack_run_compiles_once(tmp_path: Path):
    """Two nnstack-run processes: the second loads the code the first stored (its entry
    is not written again); --no-cache stores nothing."""
    program = tmp_path / "score.mlir"
    program.write_text(score_source(np.full(8, -0.25, np.float32)))
    np.save(tmp_path / "x.npy", X)
    np.save(tmp_path / "n.npy", np.int64(8))
    command = [str(Path(sys.executable).parent / "nnstack-run"), str(program), "--symbol", "score"]
    command += ["--input", str(tmp_path / "x.npy"), "--input", str(tmp_path / "n.npy"), "--backend", "native"]
    cache = tmp_path / "cache"
    env = dict(os.environ, NNSTACK_CACHE_DIR=str(cache))

    def run(*extra: str) -> str:
        done = subprocess.run([*command, *extra], capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def identity(entry: Path) -> tuple[int, int]:
        return entry.stat().st_ino, entry.stat().st_mtime_ns

    first = run()
    assert "out0: float32[]" in first
    (entry,) = entries(cache)
    stored = identity(entry)
    assert run() == first
    assert entries(cache) == [entry] and identity(entry) == stored  # (a compile would replace it)
    assert run("--no-cache") == first
    assert entries(cache) == [entry] and identity(entry) == stored
    no_cache = tmp_path / "none"
    env["NNSTACK_CACHE_DIR"] = str(no_cache)
    assert subprocess.run(command + ["--no-cache"], capture_output=True, env=env).returncode == 0
    assert not no_cache.exists()


def softplus_model(size: int) -> onnx.ModelProto:
    value = onnx.helper.make_tensor_value_info
    graph = onnx.helper.make_graph(
        [onnx.helper.make_node("Softplus", ["x"], ["y"])],
        "softplus",
        [value("x", onnx.TensorProto.FLOAT, [size])],
        [value("y", onnx.TensorProto.FLOAT, [size])],
    )
    return onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", 18)])


def test_onnx_backend_native_level_uses_the_cache_unless_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """(Two models: the process's own cache comes first, the disk is not even asked.)"""
    monkeypatch.setenv("NNSTACK_CACHE_DIR", str(tmp_path))
    for size, cache in ((7, False), (9, True)):
        x = np.linspace(-3, 3, size, dtype=np.float32)
        (y,) = backend.prepare(softplus_model(size), level="native", cache=cache).run([x])
        np.testing.assert_allclose(y, np.log1p(np.exp(x)), rtol=1e-6)
        assert len(entries(tmp_path)) == int(cache)

"""The weights file (`dialects/weights.py`): safetensors as the safetensors library
writes and reads it, tensors mapped read-only, aligned, and errors that name the file
and the tensor."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from safetensors.numpy import load_file, save_file
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    ModuleOp,
    StringAttr,
    TensorType,
    f32,
    i64,
)

from nnstack.dialects.weights import (
    WEIGHTS,
    WeightCollector,
    WeightFile,
    WeightsError,
    anchored,
    module_weights,
    relocated,
    resource_array,
    resource_key,
    save_weights,
    write_weights,
)
from nnstack.interpreters.api import parse_module

RNG = np.random.default_rng(0)

TENSORS = {
    "bool": RNG.random((3, 5)) < 0.5,
    "u8": RNG.integers(0, 255, (7,), dtype=np.uint8),
    "f16": RNG.standard_normal((2, 3)).astype(np.float16),
    "i16": RNG.integers(-300, 300, (5,), dtype=np.int16),
    "f32": RNG.standard_normal((4, 6)).astype(np.float32),
    "i32": RNG.integers(-9, 9, (3, 3), dtype=np.int32),
    "f64": RNG.standard_normal((2, 2, 2)).astype(np.float64),
    "i64": RNG.integers(-9, 9, (1,), dtype=np.int64),
    "i8": RNG.integers(-9, 9, (9,), dtype=np.int8),
    "scalar": np.array(2.5, np.float32),
    "empty": np.zeros((0, 4), np.float32),
}


def test_the_library_reads_what_is_written(tmp_path: Path):
    path = tmp_path / "w.safetensors"
    write_weights(path, TENSORS.items())
    loaded = load_file(path)
    assert loaded.keys() == TENSORS.keys()
    for name, array in TENSORS.items():
        assert loaded[name].dtype == array.dtype and loaded[name].shape == array.shape, name
        np.testing.assert_array_equal(loaded[name], array)


def test_what_the_library_writes_is_read_as_a_read_only_map(tmp_path: Path):
    path = tmp_path / "w.safetensors"
    save_file({k: v for k, v in TENSORS.items() if v.size}, str(path), metadata={"format": "np"})
    weights = WeightFile(path)
    for name, array in TENSORS.items():
        if not array.size:
            continue
        read = weights.array(name)
        assert type(read) is np.ndarray and isinstance(read.base, np.memmap) and not read.flags.writeable, (
            name
        )
        assert read.dtype == array.dtype and read.shape == array.shape
        np.testing.assert_array_equal(read, array)


def test_bf16_round_trips(tmp_path: Path):
    array = RNG.standard_normal((3, 4)).astype(ml_dtypes.bfloat16)
    write_weights(tmp_path / "w.safetensors", [("x", array)])
    read = WeightFile(tmp_path / "w.safetensors").array("x")
    assert read.dtype == array.dtype
    np.testing.assert_array_equal(read.view(np.uint16), array.view(np.uint16))


def test_every_tensor_starts_aligned_to_its_element(tmp_path: Path):
    """Written by element size, largest first, after a header padded to 8 bytes: each
    tensor's first byte is aligned to its element size (native code loads them so)."""
    path = tmp_path / "w.safetensors"
    write_weights(path, TENSORS.items())
    with open(path, "rb") as file:
        (length,) = struct.unpack("<Q", file.read(8))
        header = json.loads(file.read(length))
    assert (8 + length) % 8 == 0
    for name, entry in header.items():
        assert entry["data_offsets"][0] % TENSORS[name].dtype.itemsize == 0, name


def test_a_failed_write_leaves_no_file(tmp_path: Path):
    path = tmp_path / "w.safetensors"
    with pytest.raises(WeightsError, match="'bad'.*complex"):
        write_weights(path, [("ok", TENSORS["f32"]), ("bad", np.zeros(2, np.complex64))])
    assert list(tmp_path.iterdir()) == []


def test_unreadable_files_are_weights_errors(tmp_path: Path):
    (tmp_path / "text.safetensors").write_text("not a weights file at all")
    with pytest.raises(WeightsError, match="is not a safetensors file"):
        WeightFile(tmp_path / "text.safetensors")
    with pytest.raises(WeightsError, match="cannot read weights file .*missing"):
        WeightFile(tmp_path / "missing.safetensors")
    write_weights(tmp_path / "w.safetensors", [("a", TENSORS["f32"])])
    with pytest.raises(WeightsError, match="has no tensor 'b'"):
        WeightFile(tmp_path / "w.safetensors").array("b")


def _module_with(value: DenseResourceAttr, weights: str | None) -> tuple[ModuleOp, arith.ConstantOp]:
    constant = arith.ConstantOp(value)
    module = ModuleOp([constant])
    if weights is not None:
        module.attributes[WEIGHTS] = StringAttr(weights)
    return module, constant


def test_a_resource_is_its_tensor_of_the_module_file(tmp_path: Path):
    write_weights(tmp_path / "w.safetensors", [("a", TENSORS["f32"])])
    value = DenseResourceAttr.from_params("a", TensorType(f32, [4, 6]))
    _, constant = _module_with(value, str(tmp_path / "w.safetensors"))
    np.testing.assert_array_equal(resource_array(value, constant), TENSORS["f32"])
    _, orphan = _module_with(value, None)
    with pytest.raises(WeightsError, match=r"dense_resource<a>: the module names no weights file"):
        resource_array(value, orphan)
    other = DenseResourceAttr.from_params("a", TensorType(i64, [4, 6]))
    _, constant = _module_with(other, str(tmp_path / "w.safetensors"))
    with pytest.raises(WeightsError, match=r"holds float32\[4, 6\], the IR says int64\[4, 6\]"):
        resource_array(other, constant)


def test_keys_are_mlir_identifiers_and_unique():
    taken: set[str] = set()
    keys = [resource_key(name, taken) for name in ["onnx::Conv_12", "/a/b", "0w", "w", "w", "fc.weight"]]
    assert keys == ["onnx__Conv_12", "_a_b", "_0w", "w", "w_1", "fc.weight"]


def test_collector_keeps_only_large_tensors():
    collector = WeightCollector(threshold=64)
    small, large = np.zeros(4, np.float32), np.zeros(16, np.float32)
    assert collector.resource("s", small, TensorType(f32, [4])) is None
    resource = collector.resource("l", large, TensorType(f32, [16]))
    assert resource is not None and resource.resource_handle.data == "l"
    assert [name for name, _ in collector.tensors] == ["l"]


def test_paths_follow_the_file_they_are_written_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Read from `a/m.mlir`, `w.safetensors` is `a/w.safetensors` (made absolute);
    written to `b/out.mlir`, it is `../a/w.safetensors`."""
    monkeypatch.chdir(tmp_path)
    module = ModuleOp([])
    module.attributes[WEIGHTS] = StringAttr("w.safetensors")
    anchored(module, Path("a"))
    assert module.attributes[WEIGHTS] == StringAttr(str(tmp_path / "a" / "w.safetensors"))
    relocated(module, Path("b"))
    assert module.attributes[WEIGHTS] == StringAttr("../a/w.safetensors")


def test_a_resource_key_is_kept_when_parsed_again():
    """xDSL renames a `dense_resource` key it has seen in an earlier parse (`w` -> `w_0`):
    nnstack's parser keeps keys as written."""
    text = 'module attributes {nnstack.weights = "w.safetensors"} {\n  %0 = arith.constant dense_resource<w> : tensor<2xf32>\n}'
    for _ in range(3):
        module = parse_module(text)
        (constant,) = module.ops
        assert isinstance(constant, arith.ConstantOp)
        assert isinstance(constant.value, DenseResourceAttr) and constant.value.resource_handle.data == "w"


def test_a_module_reads_its_file_header_once_until_it_is_written_again(tmp_path: Path):
    path = tmp_path / "w.safetensors"
    write_weights(path, [("a", TENSORS["f32"])])
    value = DenseResourceAttr.from_params("a", TensorType(f32, [4, 6]))
    module, constant = _module_with(value, str(path))
    opened = module_weights(constant)
    assert opened is not None and module_weights(module) is opened
    np.testing.assert_array_equal(resource_array(value, constant), TENSORS["f32"])
    write_weights(path, [("a", -TENSORS["f32"])])  # another inode: read again
    assert module_weights(constant) is not opened
    np.testing.assert_array_equal(resource_array(value, constant), -TENSORS["f32"])
    _, other = _module_with(value, str(path))
    assert module_weights(other) is not module_weights(constant)  # each module its own


def test_saved_weights_move_large_constants_and_copy_only_the_tensors_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """`save_weights`: a large dense constant goes to the new file, a small one stays in
    the text, the file tensor still read is copied (by its bytes: no map of the source),
    the one no longer read is not, and the source file is unchanged."""
    source = tmp_path / "in.safetensors"
    kept, dropped = RNG.standard_normal((32, 32)).astype(np.float32), np.ones(2048, np.float32)
    write_weights(source, [("kept", kept), ("dropped", dropped)])
    before = source.read_bytes()
    computed, small = RNG.standard_normal((16, 64)).astype(np.float32), np.arange(4, dtype=np.float32)
    module = ModuleOp(
        [
            arith.ConstantOp(DenseResourceAttr.from_params("kept", TensorType(f32, [32, 32]))),
            big := arith.ConstantOp(
                DenseIntOrFPElementsAttr.from_list(TensorType(f32, [16, 64]), computed.ravel().tolist())
            ),
            arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(TensorType(f32, [4]), small.tolist())),
        ]
    )
    big.result.name_hint = "folded"
    module.attributes[WEIGHTS] = StringAttr(str(source))
    monkeypatch.setattr(WeightFile, "array", lambda *_: pytest.fail("a tensor was mapped to be copied"))
    assert save_weights(module, tmp_path / "out.safetensors")
    monkeypatch.undo()
    assert module.attributes[WEIGHTS] == StringAttr(str(tmp_path / "out.safetensors"))
    written = load_file(tmp_path / "out.safetensors")
    assert set(written) == {"kept", "folded"}
    np.testing.assert_array_equal(written["kept"], kept)
    np.testing.assert_array_equal(written["folded"], computed)
    values = [op.value for op in module.ops if isinstance(op, arith.ConstantOp)]
    assert values[1] == DenseResourceAttr.from_params("folded", TensorType(f32, [16, 64]))
    assert isinstance(values[2], DenseIntOrFPElementsAttr)
    assert source.read_bytes() == before
    assert not save_weights(module, tmp_path / "again.safetensors")  # nothing inline: the file stays
    assert not (tmp_path / "again.safetensors").exists()


def test_a_module_with_its_weights_in_the_text_keeps_them(tmp_path: Path):
    module = ModuleOp(
        [arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(TensorType(f32, [2048]), [1.0] * 2048))]
    )
    assert not save_weights(module, tmp_path / "out.safetensors")
    assert WEIGHTS not in module.attributes and not (tmp_path / "out.safetensors").exists()


def test_a_copied_tensor_is_checked_against_the_ir(tmp_path: Path):
    write_weights(tmp_path / "in.safetensors", [("a", TENSORS["f32"])])
    module, _ = _module_with(
        DenseResourceAttr.from_params("a", TensorType(i64, [4, 6])), str(tmp_path / "in.safetensors")
    )
    module.body.block.add_op(
        arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(TensorType(f32, [2048]), [1.0] * 2048))
    )
    with pytest.raises(
        WeightsError, match=r"dense_resource<a>: .* holds float32\[4, 6\], the IR says int64\[4, 6\]"
    ):
        save_weights(module, tmp_path / "out.safetensors")
    assert not (tmp_path / "out.safetensors").exists()

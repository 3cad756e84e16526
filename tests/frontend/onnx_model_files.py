"""The model files that ship inside the onnx package (`onnx/backend/test/data/light/`:
AlexNet, DenseNet-121, Inception v1 and v2, ResNet-50, ShuffleNet, SqueezeNet, VGG-19,
ZFNet-512; opset 9, IR version 3), with random weights.

The files are "light": every weight is a `ConstantOfShape` fill, so every class scores
the same and a wrong layer would go unseen. `with_random_weights` makes each such fill
an initializer of random values (He-scaled for weights, in [0.5, 1.5) for 1-D
parameters such as batch-norm variances), so the outputs depend on every layer.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

LIGHT = Path(onnx.__file__).parent / "backend" / "test" / "data" / "light"
MODEL_FILES = tuple(sorted(path.stem.removeprefix("light_") for path in LIGHT.glob("light_*.onnx")))


def with_random_weights(name: str, seed: int = 0) -> onnx.ModelProto:
    """Model file `name` (e.g. "squeezenet") with its constant fills made random weights."""
    model = onnx.load(LIGHT / f"light_{name}.onnx")
    rng = np.random.default_rng(seed)
    constants = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    kept = []
    for node in model.graph.node:
        if node.op_type != "ConstantOfShape" or node.input[0] not in constants:
            kept.append(node)
            continue
        shape = [int(v) for v in constants[node.input[0]]]
        if len(shape) >= 2:
            values = rng.normal(size=shape) * np.sqrt(2.0 / max(1, int(np.prod(shape[1:]))))
        else:
            values = rng.uniform(0.5, 1.5, shape)
        model.graph.initializer.append(numpy_helper.from_array(values.astype(np.float32), node.output[0]))
        if model.ir_version < 4:  # (initializers are graph inputs too before IR version 4)
            model.graph.input.append(
                helper.make_tensor_value_info(node.output[0], onnx.TensorProto.FLOAT, shape)
            )
    del model.graph.node[:]
    model.graph.node.extend(kept)
    return model


def random_inputs(model: onnx.ModelProto, seed: int = 0) -> dict[str, np.ndarray]:
    """A uniform [0, 1) array for each graph input that is not an initializer."""
    rng = np.random.default_rng(seed)
    initializers = {init.name for init in model.graph.initializer}
    return {
        value.name: rng.random([d.dim_value for d in value.type.tensor_type.shape.dim], dtype=np.float32)
        for value in model.graph.input
        if value.name not in initializers
    }

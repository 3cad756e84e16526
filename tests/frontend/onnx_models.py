"""Small models exported from PyTorch at test time (random weights; nothing is
downloaded), and the comparison with ONNX Runtime the front-end tests share."""

from __future__ import annotations

import io
import warnings

import numpy as np
import onnx
import onnxruntime
import torch
from torch import nn
from xdsl.context import Context
from xdsl.dialects import func

from nnstack.dialects.values import numpy_dtype
from nnstack.frontend.onnx import import_onnx
from nnstack.frontend.onnx.backend import viewed_as
from nnstack.interpreters import run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass


class BasicBlock(nn.Module):
    """torchvision's ResNet BasicBlock: two 3x3 convs with batch norm, and a 1x1
    strided projection where the shape changes."""

    def __init__(self, inplanes: int, planes: int, stride: int):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU()
        self.downsample = None
        if stride != 1 or inplanes != planes:
            self.downsample = nn.Sequential(
                nn.Conv2d(inplanes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes)
            )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        return self.relu(self.bn2(self.conv2(out)) + identity)


class ResNet(nn.Module):
    """ResNet-18's layout (stem 7x7/2 conv, 3x3/2 max pool, four stages of two
    BasicBlocks, global average pool, fc) with a chosen width; `widths=(64, 128,
    256, 512)` and 1000 classes is ResNet-18 itself."""

    def __init__(self, widths: tuple[int, ...] = (8, 16, 16, 32), classes: int = 10, blocks: int = 2):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, widths[0], 7, 2, 3, bias=False),
            nn.BatchNorm2d(widths[0]),
            nn.ReLU(),
            nn.MaxPool2d(3, 2, 1),
        )
        layers, inplanes = [], widths[0]
        for index, planes in enumerate(widths):
            for block in range(blocks):
                layers.append(BasicBlock(inplanes, planes, 2 if index > 0 and block == 0 else 1))
                inplanes = planes
        self.layers = nn.Sequential(*layers)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(inplanes, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc(torch.flatten(self.pool(self.layers(self.stem(x))), 1))


def randomize_batch_norm(model: nn.Module, seed: int) -> nn.Module:
    """Non-trivial running statistics and affine parameters, so batch norm matters."""
    generator = torch.Generator().manual_seed(seed)
    for module in model.modules():
        if isinstance(module, nn.BatchNorm2d):
            with torch.no_grad():
                module.running_mean.copy_(torch.randn(module.num_features, generator=generator) * 0.1)
                module.running_var.copy_(torch.rand(module.num_features, generator=generator) + 0.5)
                module.weight.copy_(torch.rand(module.num_features, generator=generator) + 0.5)
                module.bias.copy_(torch.randn(module.num_features, generator=generator) * 0.1)
    return model.eval()


def export(
    model: nn.Module, example: torch.Tensor, *, fold: bool = True, dynamic_batch: bool = False
) -> onnx.ModelProto:
    """`torch.onnx.export` (TorchScript exporter, opset 17) of a one-input model `x -> y`."""
    return export_named(model, {"x": example}, fold=fold, dynamic_batch=dynamic_batch)


def export_named(
    model: nn.Module, examples: dict[str, torch.Tensor], *, fold: bool = True, dynamic_batch: bool = False
) -> onnx.ModelProto:
    """`torch.onnx.export` (TorchScript exporter, opset 17) to an in-memory model whose
    graph inputs are `examples`' names, in order, and whose output is `y`."""
    buffer = io.BytesIO()
    # The TorchScript exporter is what the models of record were exported with; torch
    # warns that it is deprecated in favour of the dynamo exporter (and transformers
    # about tracing).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", torch.jit.TracerWarning)
        warnings.simplefilter("ignore", UserWarning)
        torch.onnx.export(
            model,
            tuple(examples.values()),
            buffer,
            dynamo=False,
            opset_version=17,
            input_names=list(examples),
            output_names=["y"],
            do_constant_folding=fold,
            training=torch.onnx.TrainingMode.PRESERVE if not fold else torch.onnx.TrainingMode.EVAL,
            dynamic_axes={name: {0: "batch"} for name in [*examples, "y"]} if dynamic_batch else None,
        )
    return onnx.load_from_string(buffer.getvalue())


class _LastHiddenState(nn.Module):
    """A `transformers` encoder as a function of (input_ids, attention_mask)."""

    def __init__(self, model: nn.Module):
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state


class _Logits(nn.Module):
    """A `transformers` decoder as a function of (input_ids, attention_mask, position_ids);
    given explicitly, as the TorchScript exporter cannot trace transformers 5's default
    position ids (`aten::diff`)."""

    def __init__(self, model: nn.Module):
        super().__init__()
        self.model = model

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, position_ids: torch.Tensor
    ) -> torch.Tensor:
        return self.model(
            input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids
        ).logits


def bert(
    hidden: int = 32, layers: int = 2, heads: int = 2, inner: int = 64, vocab: int = 100, length: int = 16
) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    """`transformers.BertModel` (eager attention, random weights; BERT-tiny is hidden
    128, 2 layers, 2 heads, inner 512, vocab 30522) and inputs with padding masked out."""
    from transformers import BertConfig, BertModel

    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=vocab,
        hidden_size=hidden,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        intermediate_size=inner,
        max_position_embeddings=max(64, length),
        attn_implementation="eager",
    )
    generator = torch.Generator().manual_seed(1)
    ids = torch.randint(0, vocab, (1, length), generator=generator)
    mask = torch.ones(1, length, dtype=torch.long)
    mask[0, length * 3 // 4 :] = 0
    model = export_named(
        _LastHiddenState(BertModel(config).eval()), {"input_ids": ids, "attention_mask": mask}
    )
    return model, {"input_ids": ids.numpy(), "attention_mask": mask.numpy()}


def llama(
    hidden: int = 32,
    layers: int = 2,
    heads: int = 4,
    kv_heads: int = 2,
    inner: int = 64,
    vocab: int = 100,
    length: int = 8,
) -> tuple[onnx.ModelProto, dict[str, np.ndarray]]:
    """`transformers.LlamaForCausalLM` (eager attention, no cache, random weights; the
    15M Llama of tinyllama is hidden 288, 6 layers, 6 heads, inner 768, vocab 32000):
    RMSNorm, rotary embeddings, grouped-query attention with a causal mask, SiLU."""
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=vocab,
        hidden_size=hidden,
        intermediate_size=inner,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=kv_heads,
        max_position_embeddings=max(64, length),
        use_cache=False,
        attn_implementation="eager",
    )
    generator = torch.Generator().manual_seed(1)
    inputs = {
        "input_ids": torch.randint(0, vocab, (1, length), generator=generator),
        "attention_mask": torch.ones(1, length, dtype=torch.long),
        "position_ids": torch.arange(length)[None],
    }
    model = export_named(_Logits(LlamaForCausalLM(config).eval()), inputs)
    return model, {name: value.numpy() for name, value in inputs.items()}


def onnxruntime_outputs(
    model: onnx.ModelProto, inputs: dict[str, np.ndarray], threads: int = 1
) -> list[np.ndarray]:
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    session = onnxruntime.InferenceSession(
        model.SerializeToString(), options, providers=["CPUExecutionProvider"]
    )
    return session.run(None, inputs)


def assert_matches(got: np.ndarray, reference: np.ndarray) -> float:
    """The issue's bound: max |err| <= 1e-4 + 1e-3 * max |reference|; returns the error."""
    assert got.shape == reference.shape and got.dtype == reference.dtype
    error = float(np.max(np.abs(got.astype(np.float64) - reference)))
    assert error <= 1e-4 + 1e-3 * float(np.max(np.abs(reference))), error
    return error


LEVELS = {"gawee": None, "linalg": ConvertGaweeToLinalgPass, "mir": ConvertGaweeToMirPass}
"""Where an imported model runs: as imported, and after each lowering of gawee."""


def run_at(level: str, model: onnx.ModelProto, inputs: dict[str, np.ndarray], **shapes) -> list[np.ndarray]:
    """The model's outputs at `level`, each in the dtype of the imported function's result
    (an unsigned one is signless after convert-gawee-to-linalg, as the backend's rep views it)."""
    module = import_onnx(model, shapes)
    main = next(op for op in module.ops if isinstance(op, func.FuncOp) and op.sym_name.data == "main")
    dtypes = [numpy_dtype(t) for t in main.function_type.outputs.data]
    if (lowering := LEVELS[level]) is not None:
        lowering().apply(Context(), module)
        module.verify()
    results = run(module, "main", *inputs.values())
    return [viewed_as(result, dtype) for result, dtype in zip(results, dtypes, strict=True)]


def check_against_onnxruntime(model: onnx.ModelProto, inputs: dict[str, np.ndarray], level: str) -> float:
    expected = onnxruntime_outputs(model, inputs)
    got = run_at(level, model, inputs)
    assert len(got) == len(expected)
    return max(assert_matches(g, e) for g, e in zip(got, expected))

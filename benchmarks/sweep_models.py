"""A sweep of real model architectures as people export them: each model is built with
random weights from a small configuration (no downloads), exported with both PyTorch
exporters (`torch.onnx.export(dynamo=False)`, the TorchScript one, and `dynamo=True`)
and run through nnstack's ONNX backend at each level against ONNX Runtime. One row per
model x exporter x level: `pass` (max |err| <= 1e-4 + 1e-3 * max |ref|, as
`sweep_onnx_models.py`), `unsupported` (the importer's one-line reason), `wrong` (the
error) or `error` (an exception type and message; the exporter's and ONNX Runtime's
failures too), then a summary: the pass rate per level and exporter, the unsupported
operators by how many models they block, and the most common other failures.

Not a test: it takes a long while (each model x exporter runs in a child process,
killed after `--timeout` seconds; the levels it has not reached by then are errors).

Extra requirements (not the project's): `transformers` for the transformers family,
`torchvision` (the build matching the installed torch: `pip install --no-deps
torchvision==0.28.0 pillow` for torch 2.13; PyPI's build is CUDA's, whose compiled ops do
not load beside a CPU torch, which the models do not need) for the torchvision family,
`timm` (which imports torchvision) for the timm family, and `onnxscript` for the dynamo
exporter. A family whose package cannot be imported is skipped, saying why.

    .venv/bin/python benchmarks/sweep_models.py [--families transformers torchvision timm]
        [--models NAME ...] [--exporters torchscript dynamo] [--levels gawee linalg mir]
        [--timeout SECONDS] [--output sweep.md | sweep.csv]
"""

from __future__ import annotations

import argparse
import csv
import functools
import importlib
import importlib.util
import multiprocessing
import os
import queue
import re
import tempfile
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

FAMILIES = ("transformers", "torchvision", "timm")
EXPORTERS = {"torchscript": False, "dynamo": True}
"""The exporter names of the rows, and their `torch.onnx.export(dynamo=...)`."""
LEVELS = ("gawee", "linalg", "mir")


@dataclass(frozen=True)
class Input:
    """An example input: `ids` (int64 in [0, 100)), `mask` (int64 ones) or `float`
    (standard normal)."""

    name: str
    kind: str
    shape: tuple[int, ...]


@dataclass(frozen=True)
class Case:
    """A model of the sweep: `build` returns the module (in eval mode, one tensor out)."""

    family: str
    name: str
    build: Callable[[], Any]
    inputs: tuple[Input, ...]


@dataclass
class Row:
    family: str
    model: str
    exporter: str
    level: str
    outcome: str
    detail: str
    seconds: float = field(default=0.0)


def _text(seq: int = 8, mask: bool = True) -> tuple[Input, ...]:
    ids = Input("input_ids", "ids", (1, seq))
    return (ids, Input("attention_mask", "mask", (1, seq))) if mask else (ids,)


def _image(size: int = 64, name: str = "pixel_values") -> tuple[Input, ...]:
    return (Input(name, "float", (1, 3, size, size)),)


def _first_output(model: Any, names: Sequence[str] | None) -> Any:
    """`model` called with keyword inputs (positional ones without `names`), returning its
    first output (the last hidden state or the logits): what a deployment exports,
    without caches or dicts."""
    import torch

    class FirstOutput(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *args: Any) -> Any:
            out = self.model(*args) if names is None else self.model(**dict(zip(names, args, strict=True)))
            if isinstance(out, dict):
                return next(iter(out.values()))
            return out[0] if isinstance(out, tuple | list) or hasattr(out, "to_tuple") else out

    return FirstOutput().eval()


SMALL_TEXT = {
    "vocab_size": 100,
    "hidden_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "intermediate_size": 64,
    "max_position_embeddings": 64,
}
TOKEN_IDS = {"pad_token_id": 0, "bos_token_id": 1, "eos_token_id": 2}
SMALL_DECODER = {**SMALL_TEXT, "num_key_value_heads": 2, **TOKEN_IDS}
SMALL_VISION = {
    "image_size": 32,
    "patch_size": 8,
    "hidden_size": 32,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "intermediate_size": 64,
}
SEQ2SEQ_IDS = {**TOKEN_IDS, "decoder_start_token_id": 1}
SMALL_SEQ2SEQ = {
    "vocab_size": 100,
    "d_model": 32,
    "encoder_layers": 1,
    "decoder_layers": 1,
    "encoder_attention_heads": 4,
    "decoder_attention_heads": 4,
    "encoder_ffn_dim": 64,
    "decoder_ffn_dim": 64,
    **SEQ2SEQ_IDS,
}
"""One encoder and one decoder layer of width 32 (bart, whisper, mbart, marian, pegasus)."""


def _hf(
    name: str, model_type: str, inputs: tuple[Input, ...], auto: str = "AutoModel", **config: Any
) -> Case:
    """A transformers architecture from a small random configuration, with the default
    attention implementation."""

    def build() -> Any:
        import transformers

        model_config = transformers.AutoConfig.for_model(model_type, **config)
        if hasattr(model_config, "use_cache"):
            model_config.use_cache = False
        model = getattr(transformers, auto).from_config(model_config)
        return _first_output(model.eval(), [i.name for i in inputs])

    return Case("transformers", name, build, inputs)


def transformers_cases() -> list[Case]:
    decoder_in = Input("decoder_input_ids", "ids", (1, 4))
    return [
        _hf("bert", "bert", _text(), **SMALL_TEXT),
        _hf("gpt2", "gpt2", _text(), vocab_size=100, n_embd=32, n_layer=2, n_head=4, n_positions=64),
        _hf(
            "distilbert", "distilbert", _text(), vocab_size=100, dim=32, n_layers=2, n_heads=4, hidden_dim=64
        ),
        _hf("roberta", "roberta", _text(), **{**SMALL_TEXT, "max_position_embeddings": 66}),
        _hf("albert", "albert", _text(), embedding_size=16, **SMALL_TEXT),
        _hf("electra", "electra", _text(), embedding_size=16, **SMALL_TEXT),
        _hf(
            "deberta-v2",
            "deberta-v2",
            _text(),
            relative_attention=True,
            pos_att_type=["p2c", "c2p"],
            position_buckets=16,
            norm_rel_ebd="layer_norm",
            share_att_key=True,
            **SMALL_TEXT,
        ),
        _hf(
            "mobilebert",
            "mobilebert",
            _text(),
            embedding_size=16,
            true_hidden_size=16,
            intra_bottleneck_size=16,
            num_feedforward_networks=2,
            **SMALL_TEXT,
        ),
        _hf(
            "t5",
            "t5",
            (*_text(), decoder_in),
            vocab_size=100,
            d_model=32,
            d_kv=8,
            d_ff=64,
            num_layers=2,
            num_heads=4,
            decoder_start_token_id=0,
        ),
        _hf("bart", "bart", _text(), **SMALL_SEQ2SEQ, max_position_embeddings=64),
        _hf(
            "whisper",
            "whisper",
            (Input("input_features", "float", (1, 16, 32)), decoder_in),
            num_mel_bins=16,
            max_source_positions=16,
            max_target_positions=32,
            suppress_tokens=[],
            begin_suppress_tokens=[],
            **SMALL_SEQ2SEQ,
        ),
        _hf("vit", "vit", _image(32), **SMALL_VISION),
        _hf("clip-vision", "clip_vision_model", _image(32), projection_dim=16, **SMALL_VISION),
        _hf("clip-text", "clip_text_model", _text(), projection_dim=16, **SMALL_TEXT),
        _hf("llama", "llama", _text(), **SMALL_DECODER),
        _hf("mistral", "mistral", _text(), **SMALL_DECODER),
        _hf("qwen2", "qwen2", _text(), **SMALL_DECODER),
        _hf("phi3", "phi3", _text(), **SMALL_DECODER),
        _hf("gpt-neox", "gpt_neox", _text(), **{**SMALL_TEXT, "pad_token_id": 0}),
        _hf(
            "wav2vec2",
            "wav2vec2",
            (Input("input_values", "float", (1, 800)),),
            conv_dim=(16,) * 7,
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
            **{k: v for k, v in SMALL_TEXT.items() if k != "max_position_embeddings"},
        ),
        _hf(
            "segformer",
            "segformer",
            _image(64),
            auto="AutoModelForSemanticSegmentation",
            num_labels=3,
            hidden_sizes=[8, 16, 24, 32],
            depths=[1, 1, 1, 1],
            num_attention_heads=[1, 1, 2, 2],
            decoder_hidden_size=32,
        ),
        _hf(
            "swin",
            "swin",
            _image(64),
            image_size=64,
            patch_size=4,
            embed_dim=16,
            depths=[1, 1],
            num_heads=[1, 2],
            window_size=4,
        ),
        *more_transformers_cases(),
    ]


def more_transformers_cases() -> list[Case]:
    """Architectures beyond the issue's list: other decoders, seq2seq models and the
    transformers vision CNNs (which stand in for torchvision and timm where those are
    missing)."""
    bart_like = {**SMALL_SEQ2SEQ, "max_position_embeddings": 64}
    cnn = {"embedding_size": 16, "hidden_sizes": [16, 32, 64, 128], "depths": [1, 1, 1, 1]}
    small_swin = {"image_size": 64, "patch_size": 4, "embed_dim": 16, "depths": [1, 1], "num_heads": [1, 2]}
    return [
        _hf("gemma", "gemma", _text(), head_dim=8, **SMALL_DECODER),
        _hf("gemma2", "gemma2", _text(), head_dim=8, **SMALL_DECODER),
        _hf("qwen3", "qwen3", _text(), head_dim=8, **SMALL_DECODER),
        _hf("olmo", "olmo", _text(), **SMALL_DECODER),
        _hf("stablelm", "stablelm", _text(), **SMALL_DECODER),
        _hf("starcoder2", "starcoder2", _text(), **SMALL_DECODER),
        _hf("phi", "phi", _text(), **{**SMALL_TEXT, **TOKEN_IDS}),
        _hf("opt", "opt", _text(), ffn_dim=64, word_embed_proj_dim=32, **{**SMALL_TEXT, "pad_token_id": 1}),
        _hf("bloom", "bloom", _text(), vocab_size=100, hidden_size=32, n_layer=2, n_head=4),
        _hf("falcon", "falcon", _text(), **{**SMALL_TEXT, **TOKEN_IDS}),
        _hf(
            "gpt-j",
            "gptj",
            _text(),
            vocab_size=100,
            n_embd=32,
            n_layer=2,
            n_head=4,
            rotary_dim=4,
            n_positions=64,
        ),
        _hf(
            "codegen",
            "codegen",
            _text(),
            vocab_size=100,
            n_embd=32,
            n_layer=2,
            n_head=4,
            rotary_dim=4,
            n_positions=64,
            n_ctx=64,
        ),
        _hf("xlnet", "xlnet", _text(), vocab_size=100, d_model=32, n_layer=2, n_head=4, d_inner=64),
        _hf("convbert", "convbert", _text(), embedding_size=32, **SMALL_TEXT),
        _hf("mbart", "mbart", _text(), **bart_like),
        _hf("marian", "marian", (*_text(), Input("decoder_input_ids", "ids", (1, 4))), **bart_like),
        _hf("pegasus", "pegasus", (*_text(), Input("decoder_input_ids", "ids", (1, 4))), **bart_like),
        _hf(
            "hubert",
            "hubert",
            (Input("input_values", "float", (1, 800)),),
            conv_dim=(16,) * 7,
            num_conv_pos_embeddings=16,
            num_conv_pos_embedding_groups=4,
            **{k: v for k, v in SMALL_TEXT.items() if k != "max_position_embeddings"},
        ),
        _hf("deit", "deit", _image(32), **SMALL_VISION),
        _hf("beit", "beit", _image(32), use_relative_position_bias=True, **SMALL_VISION),
        _hf("dinov2", "dinov2", _image(32), **SMALL_VISION),
        _hf("swinv2", "swinv2", _image(64), window_size=4, **small_swin),
        _hf("resnet", "resnet", _image(64), **cnn),
        _hf("regnet", "regnet", _image(64), groups_width=8, **cnn),
        _hf("convnext", "convnext", _image(64), hidden_sizes=[8, 16, 32, 64], depths=[1, 1, 1, 1]),
        _hf("convnextv2", "convnextv2", _image(64), hidden_sizes=[8, 16, 32, 64], depths=[1, 1, 1, 1]),
        _hf("poolformer", "poolformer", _image(64), hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1]),
        _hf("mobilenet-v1", "mobilenet_v1", _image(64), image_size=64, depth_multiplier=0.25),
        _hf("mobilenet-v2", "mobilenet_v2", _image(64), image_size=64, depth_multiplier=0.35),
        _hf("mobilevit", "mobilevit", _image(64), image_size=64),
        _hf(
            "efficientnet",
            "efficientnet",
            _image(64),
            image_size=64,
            width_coefficient=0.25,
            depth_coefficient=0.25,
            hidden_dim=320,
        ),
        _hf("cvt", "cvt", _image(64), embed_dim=[16, 32, 64], num_heads=[1, 2, 4], depth=[1, 2, 3]),
        _hf(
            "pvt",
            "pvt",
            _image(64),
            image_size=64,
            hidden_sizes=[8, 16, 24, 32],
            depths=[1, 1, 1, 1],
            num_attention_heads=[1, 1, 2, 2],
        ),
        _hf(
            "levit",
            "levit",
            _image(64),
            image_size=64,
            hidden_sizes=[32, 48, 64],
            num_attention_heads=[1, 2, 2],
            depths=[1, 1, 1],
            key_dim=[8, 8, 8],
        ),
    ]


def _vision(family: str, name: str, make: Callable[[], Any], size: int = 64) -> Case:
    def build() -> Any:
        return _first_output(make().eval(), None)  # (LR-ASPP names its input `input`)

    return Case(family, name, lambda: build(), _image(size, "x"))


@functools.cache
def import_torchvision() -> Any:
    """torchvision. Where its compiled ops cannot load (PyPI's CUDA build beside a CPU
    torch: the models need none of them), the two op schemas that its import registers
    fake kernels for are defined first, so that the import succeeds."""
    import torch

    spec = importlib.util.find_spec("torchvision")
    compiled = (
        Path(spec.submodule_search_locations[0]) / "_C.so"
        if spec and spec.submodule_search_locations
        else None
    )
    try:
        if compiled is None:
            raise OSError("no torchvision")
        torch.ops.load_library(str(compiled))
    except (OSError, RuntimeError):
        library = torch.library.Library("torchvision", "DEF")
        for op in ("nms", "qnms"):
            library.define(f"{op}(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
        torch.torchvision_schemas = library  # type: ignore[attr-defined]  # (kept alive: it undefines them when freed)
    return importlib.import_module("torchvision")


def _torchvision(name: str, size: int = 64, **kwargs: Any) -> Case:
    def make() -> Any:
        return import_torchvision().models.get_model(name, weights=None, **kwargs)

    return _vision("torchvision", name, make, size)


TORCHVISION_OPTIONS: dict[str, dict[str, Any]] = {
    "googlenet": {"aux_logits": False, "init_weights": True},
    "inception_v3": {"aux_logits": False, "init_weights": True},
    **{f"vit_{v}": {"image_size": 32} for v in ("b_16", "b_32", "l_16", "l_32", "h_14")},
}
"""Constructor options of the classification models that need them: no auxiliary
classifier heads; ViTs at 32 x 32 pixels (their position embedding fixes the size)."""
TORCHVISION_SIZES: dict[str, int] = {
    "alexnet": 224,
    "inception_v3": 75,
    "maxvit_t": 224,
    **{f"vit_{v}": 32 for v in ("b_16", "b_32", "l_16", "l_32", "h_14")},
}
"""Input sizes other than 64 x 64: the smallest each model takes."""


def torchvision_cases() -> list[Case]:
    """Every classification model of torchvision up to 100M parameters (by its weights'
    metadata, no download) and the three segmentation models."""
    models = import_torchvision().models
    classifiers = [
        name
        for name in models.list_models(module=models)
        if models.get_model_weights(name).DEFAULT.meta["num_params"] <= 100_000_000
    ]
    segmentation = {"num_classes": 3, "weights_backbone": None, "aux_loss": False}
    return [
        *(
            _torchvision(n, TORCHVISION_SIZES.get(n, 64), **TORCHVISION_OPTIONS.get(n, {}))
            for n in classifiers
        ),
        _torchvision("fcn_resnet50", **segmentation),
        _torchvision("deeplabv3_mobilenet_v3_large", **segmentation),
        _torchvision("lraspp_mobilenet_v3_large", num_classes=3, weights_backbone=None),
    ]


def _timm(name: str, size: int = 64, **kwargs: Any) -> Case:
    def make() -> Any:
        import_torchvision()
        import timm

        return timm.create_model(name, pretrained=False, num_classes=10, **kwargs)

    return _vision("timm", name, make, size)


def timm_cases() -> list[Case]:
    return [
        _timm("vit_tiny_patch16_224", img_size=64),
        _timm("deit_tiny_patch16_224", img_size=64),
        _timm("convnext_atto"),
        _timm("efficientnet_b0"),
        _timm("mobilevit_xxs"),
        _timm("levit_128s", 224),
        _timm("poolformer_s12"),
        _timm("resmlp_12_224", img_size=64),
        _timm("ghostnet_100"),
        _timm("rexnet_100"),
        _timm("hrnet_w18_small"),
        _timm("dla46_c"),
        _timm("cspresnet50"),
        _timm("repvgg_a0"),
        _timm("xcit_nano_12_p16_224", img_size=64),
        _timm("coat_lite_tiny", img_size=64),
    ]


CASES: dict[str, Callable[[], list[Case]]] = {
    "transformers": transformers_cases,
    "torchvision": torchvision_cases,
    "timm": timm_cases,
}


def missing_package(family: str, exporters: Sequence[str]) -> str | None:
    """Why `family` cannot run here, or None (imported in the parent, so the children
    share the imports)."""
    packages = [family] + (["onnxscript"] if "dynamo" in exporters else [])
    for package in packages:
        try:
            if package in ("torchvision", "timm"):  # (timm imports torchvision)
                import_torchvision()
            importlib.import_module(package)
        except Exception as error:  # (a broken install fails with anything)
            return f"{package} cannot be imported ({type(error).__name__}: {str(error).splitlines()[0]})"
    return None


def example_arrays(case: Case) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    arrays = []
    for spec in case.inputs:
        if spec.kind == "ids":
            arrays.append(rng.integers(3, 100, spec.shape, dtype=np.int64))
        elif spec.kind == "mask":
            arrays.append(np.ones(spec.shape, np.int64))
        else:
            arrays.append(rng.standard_normal(spec.shape, dtype=np.float32))
    return arrays


def randomise_zero_weights(model: Any) -> None:
    """Gives the weight matrices a model initialises to all zeros (the classifier heads
    of torchvision's ViTs, timm's ResMLP) small random values: with them every output is
    0, and any result passes."""
    import torch

    with torch.no_grad():
        for parameter in model.parameters():
            if parameter.dim() >= 2 and not parameter.any():
                torch.nn.init.normal_(parameter, std=0.02)


def calibrate_batch_norms(model: Any, args: tuple[Any, ...]) -> None:
    """Gives `model`'s batch norms PyTorch's initial affine parameters (1, 0) and the
    running statistics of one pass over `args` and a second random sample, as training
    would: with transformers' initialisation (weights of std 0.02) and the initial
    statistics (mean 0, variance 1), the activations of a deep CNN shrink towards 0
    (1e-33 at EfficientNet's output), where any result is within the tolerance."""
    import torch

    norms = [m for m in model.modules() if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
    if not norms:
        return
    for norm in norms:
        norm.reset_parameters()
        norm.momentum = None  # (a cumulative average: after one pass, that pass's statistics)
        norm.train()
    # (a batch of two: a batch norm in training mode needs more than one value per channel)
    batch = [torch.cat([a, a if a.dtype == torch.int64 else torch.randn_like(a)]) for a in args]
    with torch.no_grad():
        model(*batch)
    for norm in norms:
        norm.eval()


def export(case: Case, exporter: str, path: str) -> None:
    import torch

    torch.manual_seed(0)
    model = case.build()
    args = tuple(torch.from_numpy(a) for a in example_arrays(case))
    randomise_zero_weights(model)
    calibrate_batch_norms(model, args)
    names = [i.name for i in case.inputs]
    # nn.MultiheadAttention's inference fast path (`aten::_native_multi_head_attention`,
    # torchvision's ViTs) has no TorchScript-exporter symbolic: export the plain math
    torch.backends.mha.set_fastpath_enabled(False)
    with torch.no_grad():
        torch.onnx.export(
            model,
            args,
            path,
            dynamo=EXPORTERS[exporter],
            input_names=names,
            external_data=False,
            verbose=False,
        )


def _message(error: BaseException) -> str:
    """The type and first line of `error`, and of its cause (the dynamo exporter wraps
    the failure in a `ConversionError` that names only the step)."""
    lines = re.sub(r"\x1b\[[0-9;]*m", "", str(error)).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0][:160] if lines else ''}"
    if error.__cause__ is not None:
        text += f" (from {_message(error.__cause__)})"
    return text


def outcome(
    model: Any, feeds: dict[str, np.ndarray], expected: list[np.ndarray], level: str
) -> tuple[str, str]:
    """The row's verdict for `model` at `level` and its detail."""
    from nnstack.frontend.onnx import OnnxImportError, backend

    try:
        got = backend.prepare(model, level=level).run(feeds)
    except OnnxImportError as error:
        return "unsupported", str(error)
    except Exception as error:  # (a sweep reports every failure and goes on)
        return "error", _message(error)
    worst = 0.0
    for g, e in zip(got, expected, strict=True):
        if g.shape != e.shape:
            return "wrong", f"shape {list(g.shape)}, expected {list(e.shape)}"
        err = float(np.max(np.abs(g.astype(np.float64) - e))) if e.size else 0.0
        if not err <= 1e-4 + 1e-3 * float(np.max(np.abs(e), initial=0.0)):
            return "wrong", f"max |err| {err:.2e} (max |ref| {float(np.max(np.abs(e))):.2e})"
        worst = max(worst, err)
    reference = max(float(np.max(np.abs(e), initial=0.0)) for e in expected)
    return "pass", f"max |err| {worst:.1e} (max |ref| {reference:.1e})"


def run_case(case: Case, exporter: str, levels: Sequence[str], results: Any) -> None:
    """In a child process: export `case`, run it in ONNX Runtime and at each level,
    putting (level, outcome, detail, seconds) on `results` as each finishes."""
    devnull = os.open(os.devnull, os.O_WRONLY)  # (the exporters and ONNX Runtime talk a lot)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    warnings.simplefilter("ignore")
    import onnx
    import onnxruntime
    import torch

    torch.set_num_threads(1)
    start = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as directory:
            export(case, exporter, f"{directory}/model.onnx")
            model = onnx.load(f"{directory}/model.onnx")
    except Exception as error:
        for level in levels:
            results.put((level, "error", f"export: {_message(error)}", time.perf_counter() - start))
        return
    try:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        session = onnxruntime.InferenceSession(model.SerializeToString(), options, ["CPUExecutionProvider"])
        arrays = dict(zip([i.name for i in case.inputs], example_arrays(case), strict=True))
        # (an input the graph does not read, the dynamo exporter drops)
        feeds = {i.name: arrays[i.name] for i in session.get_inputs()}
        expected = [np.asarray(e, np.float64) for e in session.run(None, feeds)]
    except Exception as error:
        for level in levels:
            results.put((level, "error", f"onnxruntime: {_message(error)}", time.perf_counter() - start))
        return
    unsupported: str | None = None  # (the import is the same at every level)
    for level in levels:
        start = time.perf_counter()
        if unsupported is not None:
            results.put((level, "unsupported", unsupported, 0.0))
            continue
        verdict, detail = outcome(model, feeds, expected, level)
        if verdict == "unsupported":
            unsupported = detail
        results.put((level, verdict, detail, time.perf_counter() - start))


def sweep(case: Case, exporter: str, levels: Sequence[str], timeout: float) -> list[Row]:
    """The rows of `case` x `exporter`, from a child process killed after `timeout` s."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=run_case, args=(case, exporter, levels, results), daemon=True)
    child.start()
    deadline = time.monotonic() + timeout
    found: dict[str, Row] = {}
    while len(found) < len(levels):
        try:
            level, verdict, detail, seconds = results.get(timeout=1.0)
            found[level] = Row(case.family, case.name, exporter, level, verdict, detail, seconds)
            continue
        except queue.Empty:
            pass
        if time.monotonic() > deadline:
            reason = f"timeout after {timeout:.0f} s"
            break
        if not child.is_alive() and results.empty():
            reason = f"the child process died (exit code {child.exitcode})"
            break
    else:
        reason = ""
    if child.is_alive():
        child.kill()
    child.join()
    results.close()
    for level in levels:
        found.setdefault(level, Row(case.family, case.name, exporter, level, "error", reason, timeout))
    return [found[level] for level in levels]


BLOCKED = re.compile(r"(\S+) \(\d+ nodes?, the first")
NODE_REASON = re.compile(r"^node '.*?' \((\w+), opset \d+\): (.*)$")


def blockers(detail: str) -> list[str]:
    """The operators (or operator: reason) an `unsupported` row names."""
    if detail.startswith("operators gawee has no lowering for"):
        return BLOCKED.findall(detail)
    if match := NODE_REASON.match(detail):
        return [f"{match[1]}: {match[2][:120]}"]
    return [detail[:100]]


def _cell(text: str) -> str:
    """`text` in a markdown table cell."""
    return text.replace("|", "\\|")


def summary(rows: Sequence[Row], exporters: Sequence[str], levels: Sequence[str]) -> list[str]:
    """Markdown lines: pass rates, the unsupported operators by how many models
    (per exporter) they block, and the other failures."""
    lines = ["| exporter | " + " | ".join(levels) + " |", "|---|" + "---|" * len(levels)]
    for exporter in exporters:
        cells = []
        for level in levels:
            chosen = [r for r in rows if r.exporter == exporter and r.level == level]
            passed = sum(r.outcome == "pass" for r in chosen)
            cells.append(f"{passed} / {len(chosen)}" if chosen else "-")
        lines.append(f"| {exporter} | " + " | ".join(cells) + " |")
    blocked: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for row in rows:
        if row.outcome == "unsupported":
            for operator in blockers(row.detail):
                blocked[operator][row.exporter].add(row.model)
    if blocked:
        lines += [
            "",
            "Unsupported (models blocked):",
            "",
            "| operator / reason | " + " | ".join(exporters) + " |",
        ]
        lines.append("|---|" + "---|" * len(exporters))
        order = sorted(blocked, key=lambda op: (-sum(len(m) for m in blocked[op].values()), op))
        for operator in order:
            counts = " | ".join(str(len(blocked[operator][e])) for e in exporters)
            lines.append(f"| {_cell(operator)} | {counts} |")
    failures = Counter(
        (r.outcome, re.sub(r"\d[\d.e+-]*", "N", r.detail)[:110])
        for r in rows
        if r.outcome in ("wrong", "error")
    )
    if failures:
        lines += [
            "",
            "Wrong and error rows by reason (numbers as N):",
            "",
            "| rows | outcome | reason |",
            "|---|---|---|",
        ]
        for (verdict, reason), count in failures.most_common():
            lines.append(f"| {count} | {verdict} | {_cell(reason)} |")
    return lines


def write(path: Path, rows: Sequence[Row], summary_lines: Sequence[str]) -> None:
    fields = ["family", "model", "exporter", "level", "outcome", "seconds", "detail"]
    if path.suffix == ".csv":
        with path.open("w", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(fields)
            for r in rows:
                writer.writerow(
                    [r.family, r.model, r.exporter, r.level, r.outcome, f"{r.seconds:.1f}", r.detail]
                )
        return
    lines = ["| " + " | ".join(fields) + " |", "|" + "---|" * len(fields)]
    for r in rows:
        detail = _cell(r.detail)
        lines.append(
            f"| {r.family} | {r.model} | {r.exporter} | {r.level} | {r.outcome} | {r.seconds:.1f} | {detail} |"
        )
    path.write_text("\n".join([*lines, "", *summary_lines]) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", nargs="+", default=list(FAMILIES), choices=FAMILIES)
    parser.add_argument("--models", nargs="+", help="only these models (names as in the table)")
    parser.add_argument("--exporters", nargs="+", default=list(EXPORTERS), choices=list(EXPORTERS))
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per model and exporter")
    parser.add_argument("--output", type=Path, help="a .csv or .md file for the rows and the summary")
    args = parser.parse_args()

    cases: list[Case] = []
    for family in args.families:
        if reason := missing_package(family, args.exporters):
            print(f"skipping the {family} family: {reason}", flush=True)
            continue
        cases += [c for c in CASES[family]() if not args.models or c.name in args.models]
    rows: list[Row] = []
    print(f"{'model':28s} {'exporter':11s} {'level':6s} {'seconds':>7s}  result", flush=True)
    for case in cases:
        for exporter in args.exporters:
            for row in sweep(case, exporter, args.levels, args.timeout):
                rows.append(row)
                print(
                    f"{case.family + '/' + case.name:28s} {exporter:11s} {row.level:6s} {row.seconds:7.1f}  "
                    f"{row.outcome}: {row.detail[:200]}",
                    flush=True,
                )
    lines = summary(rows, args.exporters, args.levels)
    print("\n".join(["", *lines]))
    if args.output:
        write(args.output, rows, lines)


if __name__ == "__main__":
    main()

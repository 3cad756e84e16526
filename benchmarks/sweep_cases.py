"""The models of `sweep_models.py`, by family: how each is built (or written as an ONNX
file) and what it takes as input. The torch families (transformers, torchvision, timm)
are exported with both PyTorch exporters; the ONNX files inside the onnx package and the
models quantized by `onnxruntime.quantization` are rows of their own sources."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

TORCH_EXPORTERS = {"torchscript": False, "dynamo": True}
"""The exporter names of a torch model's rows, and their `torch.onnx.export(dynamo=...)`."""
QUANTIZATIONS = ("qdq", "dynamic")
"""The sources of a quantized model's rows: `quantize_static` in the QDQ format (what
`onnxruntime.quantization` recommends for CPUs) and `quantize_dynamic`, both with their
defaults (u8 activations, i8 weights)."""
SOURCES = (*TORCH_EXPORTERS, "file", *QUANTIZATIONS)
"""Every row's source: how its ONNX file was made."""


@dataclass(frozen=True)
class Input:
    """An example input: `ids` (int64 in [3, 100)), `mask` (int64 ones), `float`
    (standard normal) or `unit` (uniform in [0, 1), the onnx package's model files)."""

    name: str
    kind: str
    shape: tuple[int, ...]


@dataclass(frozen=True)
class Case:
    """A model of the sweep. By default `build` returns a torch module (in eval mode, one
    tensor out) that each PyTorch exporter exports; a case with `write` is written by
    `write(source, path)` for each of its `sources` instead."""

    family: str
    name: str
    build: Callable[[], Any]
    inputs: tuple[Input, ...]
    write: Callable[[str, str], None] | None = None
    sources: tuple[str, ...] = tuple(TORCH_EXPORTERS)
    unoptimised_reference: bool = False
    """ONNX Runtime runs the graph node by node, as ONNX defines it (graph optimizations
    off): for quantized models, whose QDQ pairs it otherwise fuses into integer kernels
    that requantize with their own rounding (a quantization step off here and there)."""


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


def example_arrays(case: Case, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    arrays = []
    for spec in case.inputs:
        if spec.kind == "ids":
            arrays.append(rng.integers(3, 100, spec.shape, dtype=np.int64))
        elif spec.kind == "mask":
            arrays.append(np.ones(spec.shape, np.int64))
        elif spec.kind == "unit":
            arrays.append(rng.random(spec.shape, dtype=np.float32))
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


def export(case: Case, source: str, path: str) -> None:
    """Writes `case`'s ONNX model of `source` (an exporter's export of the torch module, or
    the case's own `write`) to `path`."""
    if case.write is not None:
        case.write(source, path)
        return
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
            dynamo=TORCH_EXPORTERS[source],
            input_names=names,
            external_data=False,
            verbose=False,
        )


def onnx_file_cases() -> list[Case]:
    """The nine model files inside the onnx package (opsets 7 to 9), with random weights
    as the tests give them (`tests/frontend/onnx_model_files.py`)."""
    import onnx

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "frontend"))
    from onnx_model_files import MODEL_FILES, random_inputs, with_random_weights

    def case(name: str) -> Case:
        model = with_random_weights(name)
        inputs = tuple(Input(n, "unit", a.shape) for n, a in random_inputs(model).items())
        return Case(
            "onnx-files", name, lambda: None, inputs, lambda _, path: onnx.save(model, path), ("file",)
        )

    return [case(name) for name in MODEL_FILES]


class _Calibration:
    """`quantize_static`'s calibration data: four random samples of the case's inputs."""

    def __init__(self, case: Case) -> None:
        self.samples: Iterator[dict[str, np.ndarray]] = iter(
            dict(zip([i.name for i in case.inputs], example_arrays(case, seed), strict=True))
            for seed in range(4)
        )

    def get_next(self) -> dict[str, np.ndarray] | None:
        return next(self.samples, None)


def _quantized(case: Case) -> Case:
    """`case` exported by the TorchScript exporter, then quantized by onnxruntime."""

    def write(source: str, path: str) -> None:
        from onnxruntime import quantization

        with tempfile.TemporaryDirectory() as directory:
            exported = f"{directory}/float.onnx"
            export(case, "torchscript", exported)
            if source == "dynamic":
                quantization.quantize_dynamic(exported, path)
            else:
                quantization.quantize_static(exported, path, _Calibration(case))

    return Case("quantized", case.name, case.build, case.inputs, write, QUANTIZATIONS, True)


def quantized_cases() -> list[Case]:
    """transformers encoders, decoders and CNNs, quantized both ways."""
    chosen = {"bert", "distilbert", "gpt2", "llama", "vit", "resnet", "mobilenet-v2", "convnext"}
    return [_quantized(c) for c in transformers_cases() if c.name in chosen]


CASES: dict[str, Callable[[], list[Case]]] = {
    "transformers": transformers_cases,
    "torchvision": torchvision_cases,
    "timm": timm_cases,
    "onnx-files": onnx_file_cases,
    "quantized": quantized_cases,
}
FAMILY_PACKAGES: dict[str, tuple[str, ...]] = {
    "transformers": ("transformers",),
    "torchvision": ("torchvision",),
    "timm": ("timm",),
    "onnx-files": (),
    "quantized": ("transformers", "onnxruntime.quantization"),
}
"""What each family imports beyond the project's requirements."""

"""Scaled-down members of the CNN families beyond ResNet, as PyTorch modules (random
weights; nothing is downloaded), each built to export the operators its family is
known for: AlexNet (LRN, max pooling, dropout), GoogLeNet / SqueezeNet (inception and
fire blocks: Concat of branches, 3x3 / 1 / 1 average pooling), ShuffleNet V2 (channel
shuffle as Reshape + Transpose + Reshape, depthwise convs, the channel split `chunk`
as Slice),
MobileNet V2 / V3 (ReLU6 as Clip, HardSwish, depthwise convs, squeeze-and-excitation
with a global average pool, Sigmoid / HardSigmoid and Mul), DenseNet (dense layers
concatenated, batch norm before each conv, 2x2 / 2 average pooling), and the decoders
of U-Net (ConvTranspose2d, skips concatenated) and a HiFi-GAN-style vocoder
(ConvTranspose1d)."""

from __future__ import annotations

import torch
from torch import nn


def conv_bn(inputs: int, outputs: int, kernel: int, stride: int = 1, groups: int = 1) -> nn.Sequential:
    """conv (no bias, "same" padding) + batch norm, folded into the conv at export."""
    return nn.Sequential(
        nn.Conv2d(inputs, outputs, kernel, stride, kernel // 2, groups=groups, bias=False),
        nn.BatchNorm2d(outputs),
    )


class _LrnFunction(torch.autograd.Function):
    """torch's local_response_norm, exported as one ONNX LRN node (torch itself writes
    it out as Pow, Pad, AveragePool, Mul, Add, Div)."""

    @staticmethod
    def forward(  # type: ignore[override]
        ctx, x: torch.Tensor, size: int, alpha: float, beta: float, bias: float
    ) -> torch.Tensor:
        return nn.functional.local_response_norm(x, size, alpha, beta, bias)

    @staticmethod
    def symbolic(g, x, size: int, alpha: float, beta: float, bias: float):  # type: ignore[no-untyped-def]
        return g.op("LRN", x, size_i=size, alpha_f=alpha, beta_f=beta, bias_f=bias)


class LocalResponseNorm(nn.Module):
    """nn.LocalResponseNorm (odd sizes, where PyTorch's window is ONNX's) that exports
    as ONNX LRN, as Caffe-era AlexNet models have it."""

    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, bias: float = 1.0):
        super().__init__()
        self.size, self.alpha, self.beta, self.bias = size, alpha, beta, bias

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _LrnFunction.apply(x, self.size, self.alpha, self.beta, self.bias)


class AlexNet(nn.Module):
    """AlexNet's layout at width 16..32: conv, ReLU, LRN and 3x3 / 2 max pooling twice,
    two more convs and a max pool, then a dropout / linear / ReLU classifier."""

    def __init__(self, classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 5, 2, 2),
            nn.ReLU(),
            LocalResponseNorm(5, alpha=1e-4, beta=0.75, bias=2.0),
            nn.MaxPool2d(3, 2),
            nn.Conv2d(16, 24, 3, 1, 1),
            nn.ReLU(),
            LocalResponseNorm(5, alpha=1e-4, beta=0.75, bias=2.0),
            nn.MaxPool2d(3, 2, ceil_mode=True),
            nn.Conv2d(24, 32, 3, 1, 1),
            nn.ReLU(),
            nn.Conv2d(32, 32, 3, 1, 1),
            nn.ReLU(),
            nn.MaxPool2d(3, 2),
        )
        self.classifier = nn.Sequential(
            nn.Dropout(), nn.Linear(32 * 3 * 3, 64), nn.ReLU(), nn.Dropout(), nn.Linear(64, classes)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classifier(torch.flatten(self.features(x), 1))


class Inception(nn.Module):
    """GoogLeNet's inception block: 1x1, 1x1 -> 3x3, 1x1 -> 3x3 -> 3x3 and pool -> 1x1
    branches concatenated along the channels; the pool branch averages 3x3 / 1 / 1
    windows, counting the padding as PyTorch does by default (or not)."""

    def __init__(self, inputs: int, width: int, count_include_pad: bool):
        super().__init__()
        self.b1 = nn.Sequential(conv_bn(inputs, width, 1), nn.ReLU())
        self.b2 = nn.Sequential(conv_bn(inputs, width, 1), nn.ReLU(), conv_bn(width, width, 3), nn.ReLU())
        self.b3 = nn.Sequential(
            conv_bn(inputs, width // 2, 1),
            nn.ReLU(),
            conv_bn(width // 2, width, 3),
            nn.ReLU(),
            conv_bn(width, width, 3),
            nn.ReLU(),
        )
        self.b4 = nn.Sequential(
            nn.AvgPool2d(3, 1, 1, count_include_pad=count_include_pad), conv_bn(inputs, width, 1), nn.ReLU()
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([self.b1(x), self.b2(x), self.b3(x), self.b4(x)], 1)


class Fire(nn.Module):
    """SqueezeNet's fire module: a 1x1 squeeze, then 1x1 and 3x3 expands concatenated."""

    def __init__(self, inputs: int, squeeze: int, expand: int):
        super().__init__()
        self.squeeze = nn.Sequential(nn.Conv2d(inputs, squeeze, 1), nn.ReLU())
        self.expand1 = nn.Sequential(nn.Conv2d(squeeze, expand, 1), nn.ReLU())
        self.expand3 = nn.Sequential(nn.Conv2d(squeeze, expand, 3, padding=1), nn.ReLU())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        s = self.squeeze(x)
        return torch.cat([self.expand1(s), self.expand3(s)], 1)


class GoogLeNet(nn.Module):
    """A stem, ceil-mode max pooling, two inception blocks (padding counted, then not),
    a fire module, a global average pool and a linear classifier."""

    def __init__(self, classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, 16, 3, 2), nn.ReLU(), nn.MaxPool2d(3, 2, ceil_mode=True))
        self.blocks = nn.Sequential(
            Inception(16, 8, count_include_pad=True),
            Inception(32, 8, count_include_pad=False),
            nn.MaxPool2d(3, 2, ceil_mode=True),
            Fire(32, 8, 16),
        )
        self.head = nn.Sequential(
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(32, classes)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.blocks(self.stem(x)))


def channel_shuffle(x: torch.Tensor, groups: int) -> torch.Tensor:
    """ShuffleNet's shuffle: [N, G*C', H, W] -> [N, G, C', H, W] -> swap -> [N, C'*G, H, W]."""
    n, c, h, w = x.shape
    return x.view(n, groups, c // groups, h, w).transpose(1, 2).contiguous().view(n, c, h, w)


class ShuffleUnit(nn.Module):
    """ShuffleNet V2's unit. Stride 2: both branches see the whole input (the left one a
    depthwise 3x3 / 2 and a 1x1); stride 1: the channels are split in halves, the left
    half passes through. Either way the branches are concatenated and shuffled."""

    def __init__(self, inputs: int, outputs: int, stride: int):
        super().__init__()
        self.stride = stride
        branch = outputs // 2
        right_inputs = inputs if stride == 2 else inputs // 2
        self.right = nn.Sequential(
            conv_bn(right_inputs, branch, 1),
            nn.ReLU(),
            conv_bn(branch, branch, 3, stride, groups=branch),
            conv_bn(branch, branch, 1),
            nn.ReLU(),
        )
        self.left = (
            nn.Sequential(
                conv_bn(inputs, inputs, 3, stride, groups=inputs), conv_bn(inputs, branch, 1), nn.ReLU()
            )
            if stride == 2
            else None
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.left is not None:
            out = torch.cat([self.left(x), self.right(x)], 1)
        else:
            left, right = x.chunk(2, dim=1)
            out = torch.cat([left, self.right(right)], 1)
        return channel_shuffle(out, 2)


class ShuffleNet(nn.Module):
    def __init__(self, classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, 16, 3, 2), nn.ReLU(), nn.MaxPool2d(3, 2, 1))
        self.units = nn.Sequential(ShuffleUnit(16, 32, 2), ShuffleUnit(32, 32, 1), ShuffleUnit(32, 32, 1))
        self.head = nn.Sequential(
            conv_bn(32, 64, 1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(64, classes)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.units(self.stem(x)))


class SqueezeExcite(nn.Module):
    """Squeeze-and-excitation: global average pool, 1x1 reduce, ReLU, 1x1 expand, a gate
    (HardSigmoid in MobileNet V3, Sigmoid in the original), and a channel-wise Mul."""

    def __init__(self, channels: int, reduced: int, gate: nn.Module):
        super().__init__()
        self.scale = nn.Sequential(
            nn.AdaptiveAvgPool2d(1),
            nn.Conv2d(channels, reduced, 1),
            nn.ReLU(),
            nn.Conv2d(reduced, channels, 1),
            gate,
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.scale(x)


class InvertedResidual(nn.Module):
    """MobileNet V2 / V3's block: 1x1 expansion, depthwise 3x3, optional squeeze-and-
    excitation, linear 1x1 projection, and the residual where the shape allows."""

    def __init__(
        self,
        inputs: int,
        expanded: int,
        outputs: int,
        stride: int,
        activation: type[nn.Module],
        gate: nn.Module | None,
    ):
        super().__init__()
        layers: list[nn.Module] = [conv_bn(inputs, expanded, 1), activation()]
        layers += [conv_bn(expanded, expanded, 3, stride, groups=expanded), activation()]
        if gate is not None:
            layers.append(SqueezeExcite(expanded, max(8, expanded // 4), gate))
        layers.append(conv_bn(expanded, outputs, 1))
        self.block = nn.Sequential(*layers)
        self.residual = stride == 1 and inputs == outputs

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.block(x)
        return x + out if self.residual else out


class MobileNet(nn.Module):
    """A MobileNet V2 block (ReLU6, no SE) and MobileNet V3 blocks (HardSwish with
    HardSigmoid-gated SE, ReLU6 with Sigmoid-gated SE), MobileNet V3's HardSwish head."""

    def __init__(self, classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, 16, 3, 2), nn.Hardswish())
        self.blocks = nn.Sequential(
            InvertedResidual(16, 32, 16, 1, nn.ReLU6, None),
            InvertedResidual(16, 48, 24, 2, nn.Hardswish, nn.Hardsigmoid()),
            InvertedResidual(24, 48, 24, 1, nn.ReLU6, nn.Sigmoid()),
        )
        self.head = nn.Sequential(
            conv_bn(24, 64, 1),
            nn.Hardswish(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Linear(64, 32),
            nn.Hardswish(),
            nn.Linear(32, classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.blocks(self.stem(x)))


class DenseLayer(nn.Module):
    """DenseNet's layer: BN, ReLU, 1x1 conv, BN, ReLU, 3x3 conv; its output is
    concatenated to its input."""

    def __init__(self, inputs: int, growth: int):
        super().__init__()
        self.layer = nn.Sequential(
            nn.BatchNorm2d(inputs),
            nn.ReLU(),
            nn.Conv2d(inputs, 2 * growth, 1, bias=False),
            nn.BatchNorm2d(2 * growth),
            nn.ReLU(),
            nn.Conv2d(2 * growth, growth, 3, padding=1, bias=False),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cat([x, self.layer(x)], 1)


class DenseNet(nn.Module):
    """A stem, a dense block of three layers, a transition (BN, ReLU, 1x1 conv, 2x2 / 2
    average pooling), another dense block, and the classifier."""

    def __init__(self, classes: int = 10, growth: int = 8):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(3, 2, 1)
        )
        self.block1 = nn.Sequential(*(DenseLayer(16 + i * growth, growth) for i in range(3)))
        self.transition = nn.Sequential(
            nn.BatchNorm2d(40), nn.ReLU(), nn.Conv2d(40, 20, 1, bias=False), nn.AvgPool2d(2, 2)
        )
        self.block2 = nn.Sequential(*(DenseLayer(20 + i * growth, growth) for i in range(2)))
        self.head = nn.Sequential(
            nn.BatchNorm2d(36), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(36, classes)
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.block2(self.transition(self.block1(self.stem(x)))))


class UNet(nn.Module):
    """A two-level U-Net (segmentation): conv blocks and 2x2 max pooling down, up by a
    ConvTranspose2d 2x2 / 2 (U-Net's) and a grouped 4x4 / 2 / 1 one (DCGAN's), each
    concatenated with the skip of its level; a 1x1 conv to the class scores."""

    def __init__(self, classes: int = 2):
        super().__init__()
        self.down1 = nn.Sequential(conv_bn(3, 8, 3), nn.ReLU())
        self.down2 = nn.Sequential(nn.MaxPool2d(2), conv_bn(8, 16, 3), nn.ReLU())
        self.bottom = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(16, 16, 3, padding=1), nn.ReLU())
        self.up2 = nn.ConvTranspose2d(16, 16, 2, stride=2)
        self.merge2 = nn.Sequential(conv_bn(32, 16, 3), nn.ReLU())
        self.up1 = nn.ConvTranspose2d(16, 8, 4, stride=2, padding=1, groups=2)
        self.head = nn.Conv2d(16, classes, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        skip1 = self.down1(x)
        skip2 = self.down2(skip1)
        y = self.merge2(torch.cat([self.up2(self.bottom(skip2)), skip2], 1))
        return self.head(torch.cat([self.up1(y), skip1], 1))


class Vocoder(nn.Module):
    """A HiFi-GAN-style generator (audio from features): a Conv1d, then ConvTranspose1d
    upsampling by 4 (kernel 8, padding 2) and by 3 (dilation 2, output padding 1), leaky
    ReLUs, a Conv1d and tanh to one channel."""

    def __init__(self, features: int = 4):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Conv1d(features, 16, 7, padding=3),
            nn.LeakyReLU(0.1),
            nn.ConvTranspose1d(16, 8, 8, stride=4, padding=2),
            nn.LeakyReLU(0.1),
            nn.ConvTranspose1d(8, 4, 3, stride=3, padding=1, output_padding=1, dilation=2),
            nn.LeakyReLU(0.1),
            nn.Conv1d(4, 1, 7, padding=3),
            nn.Tanh(),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.layers(x)

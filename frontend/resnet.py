"""Builds ResNet-style gawee programs: torchvision's ResNet layout, scaled down.

Like the original Gawee importer, weights are function arguments (graph inputs first,
then each layer's parameters in order), so one program runs on any weights. Used by the
README example and by the differential tests.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, TensorType, f32
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from nnstack.dialects import gawee


class GaweeGraphBuilder:
    """Appends gawee ops to one function body; parameters become function arguments."""

    def __init__(self, element_type: Attribute = f32):
        self.element_type = element_type
        self.block = Block()
        self.layer_count: dict[str, int] = {}

    def argument(self, shape: Sequence[int], name: str | None = None) -> SSAValue:
        value = self.block.insert_arg(TensorType(self.element_type, shape), len(self.block.args))
        value.name_hint = name
        return value

    def layer_name(self, kind: str) -> str:
        """conv1, conv2, ...: names the parameters of the next layer of this kind."""
        self.layer_count[kind] = self.layer_count.get(kind, 0) + 1
        return f"{kind}{self.layer_count[kind]}"

    def append(self, op: Operation) -> SSAValue:
        self.block.add_op(op)
        return op.results[0]

    def shape(self, value: SSAValue) -> tuple[int, ...]:
        assert isinstance(value.type, TensorType)
        return tuple(value.type.get_shape())

    def conv(
        self,
        x: SSAValue,
        out_channels: int,
        kernel: int,
        *,
        stride: int = 1,
        padding: int = 0,
        groups: int = 1,
        bias: bool = True,
    ) -> SSAValue:
        in_channels = self.shape(x)[1]
        name = self.layer_name("conv")
        weight = self.argument((out_channels, in_channels // groups, kernel, kernel), f"{name}_weight")
        bias_value = self.argument((out_channels,), f"{name}_bias") if bias else None
        return self.append(
            gawee.ConvOp(
                x,
                weight,
                bias_value,
                strides=(stride, stride),
                padding=(padding, padding),
                groups=groups,
            )
        )

    def batch_norm(self, x: SSAValue) -> SSAValue:
        channels = self.shape(x)[1]
        name = self.layer_name("bn")
        params = [
            self.argument((channels,), f"{name}_{param}") for param in ("weight", "bias", "mean", "var")
        ]
        return self.append(gawee.BatchNormOp(x, *params))

    def conv_norm(
        self, x: SSAValue, out_channels: int, kernel: int, stride: int, padding: int, batch_norm: bool
    ) -> SSAValue:
        """conv + batch_norm (bias-free conv), or a biased conv where BN was folded away."""
        y = self.conv(x, out_channels, kernel, stride=stride, padding=padding, bias=not batch_norm)
        return self.batch_norm(y) if batch_norm else y

    def relu(self, x: SSAValue) -> SSAValue:
        return self.append(gawee.ReluOp(x))

    def basic_block(self, x: SSAValue, out_channels: int, stride: int, batch_norm: bool) -> SSAValue:
        """torchvision's BasicBlock: two 3x3 convs and a (1x1-projected) shortcut."""
        y = self.relu(self.conv_norm(x, out_channels, 3, stride, 1, batch_norm))
        y = self.conv_norm(y, out_channels, 3, 1, 1, batch_norm)
        shortcut = x
        if stride != 1 or self.shape(x)[1] != out_channels:
            shortcut = self.conv_norm(x, out_channels, 1, stride, 0, batch_norm)
        return self.relu(self.append(gawee.AddOp(y, shortcut)))

    def function(self, name: str, outputs: Sequence[SSAValue]) -> func.FuncOp:
        self.block.add_op(func.ReturnOp(*outputs))
        arg_types = [a.type for a in self.block.args]
        return func.FuncOp(name, (arg_types, [o.type for o in outputs]), Region(self.block))


def basic_block_module(
    input_shape: Sequence[int] = (1, 8, 16, 16),
    out_channels: int = 16,
    stride: int = 2,
    batch_norm: bool = True,
    element_type: Attribute = f32,
) -> ModuleOp:
    """One ResNet basic block as `@basic_block(x, parameters...)`."""
    g = GaweeGraphBuilder(element_type)
    x = g.argument(input_shape, "x")
    y = g.basic_block(x, out_channels, stride, batch_norm)
    return ModuleOp([g.function("basic_block", [y])])


def resnet_small_module(
    input_shape: Sequence[int] = (1, 3, 32, 32),
    widths: Sequence[int] = (8, 16),
    num_classes: int = 10,
    batch_norm: bool = False,
    element_type: Attribute = f32,
) -> ModuleOp:
    """`@forward`: stem conv 7x7/2 + max_pool 3x3/2 + one basic block per width (the
    first at stride 1, the others at stride 2) + adaptive avg pool + flatten + linear."""
    g = GaweeGraphBuilder(element_type)
    x = g.argument(input_shape, "x")
    y = g.relu(g.conv_norm(x, widths[0], 7, 2, 3, batch_norm))
    y = g.append(gawee.MaxPoolOp(y, kernel_size=(3, 3), strides=(2, 2), padding=(1, 1)))
    for i, width in enumerate(widths):
        y = g.basic_block(y, width, 1 if i == 0 else 2, batch_norm)
    y = g.append(gawee.AdAvgPoolOp(y, (1, 1)))
    y = g.append(gawee.FlattenOp(y, 1, -1))
    weight = g.argument((num_classes, widths[-1]), "fc_weight")
    bias = g.argument((num_classes,), "fc_bias")
    y = g.append(gawee.LinearOp(y, weight, bias))
    return ModuleOp([g.function("forward", [y])])


if __name__ == "__main__":
    print(resnet_small_module())

"""The op generators of the fuzz generator's programs (gawee_programs.py), by family:
element-wise, reductions and normalizations, contractions, window ops (conv,
conv_transpose, pooling) and the other NCHW ops, movement, selection and construction.

Each appends one random op using a given value (and maybe others) to a `ProgramBuilder`
(gawee_builder.py), or returns None if the value does not suit the op; the numeric care
they take is described in gawee_programs.py.
"""

from __future__ import annotations

import numpy as np
from fuzz.gawee_builder import (
    MAX_ELEMENTS,
    ProgramBuilder,
    _broadcasts_into,
    _is_float,
    _maybe_negative,
    _positive,
    _size,
)
from xdsl.dialects.builtin import f32, f64, i1, i8, i32, i64
from xdsl.ir import SSAValue

from nnstack.dialects import gawee
from nnstack.dialects.constraints import INTEGER_TYPES, NUMERIC_TYPES
from nnstack.dialects.utils import element_type, tensor_shape

# ---------------------------------------------------------------------------
# Element-wise
# ---------------------------------------------------------------------------

SPECIAL_UNARY = (
    gawee.LogOp,
    gawee.SqrtOp,
    gawee.ReciprocalOp,
    gawee.ExpOp,
    gawee.GeluOp,
    gawee.LeakyReluOp,
    gawee.HardSigmoidOp,
    gawee.ClipOp,
    gawee.TanOp,
    gawee.SinhOp,
    gawee.CoshOp,
    gawee.AsinOp,
    gawee.AcosOp,
    gawee.AtanhOp,
    gawee.AcoshOp,
)
"""The unary ops `unary` draws with a domain or attributes of their own."""

PLAIN_UNARY = tuple(
    op
    for op in gawee.Gawee.operations
    if issubclass(op, gawee.UnaryElementwiseOp)
    and any(op.E is base.E for base in (gawee.UnaryElementwiseOp, gawee.NumericUnaryOp))
    and op not in SPECIAL_UNARY
)
"""Every other unary element-wise op on floats, or on floats and integers (those of ops
added later too), drawn on any input with the op's default attributes."""


PLAIN_BINARY = tuple(
    op
    for op in gawee.Gawee.operations
    if issubclass(op, gawee.BroadcastBinaryOp)
    and any(op.E is base.E for base in (gawee.BroadcastBinaryOp, gawee.NumericBinaryOp))
    and op not in (gawee.DivOp, gawee.PowOp, gawee.ModOp)
)
"""The broadcasting binary ops on floats (some on integers too) defined on all operands
(add, sub, mul, prelu, ...)."""

CYCLED = PLAIN_UNARY + PLAIN_BINARY
"""The ops every program ends with one of, in turn by seed."""


def unary(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if not _is_float(x):
        return None
    kind = b.rng.integers(10)
    if kind == 0:
        return b.append(b.choice((gawee.LogOp, gawee.SqrtOp, gawee.ReciprocalOp))(_positive(b, x)))
    if kind == 1:
        # a clipped input: a chain of exps would leave nothing but inf to compare
        return b.append(
            b.choice((gawee.ExpOp, gawee.SinhOp, gawee.CoshOp))(b.add(gawee.ClipOp(x, min=-8.0, max=8.0)))
        )
    if kind == 2:
        return b.append(gawee.GeluOp(x, approximate=b.choice(("none", "tanh"))))
    if kind == 3:
        return b.append(gawee.LeakyReluOp(x, alpha=float(b.choice((0.01, 0.2)))))
    if kind == 4:
        return b.append(gawee.HardSigmoidOp(x, alpha=0.2, beta=0.5))
    if kind == 5:
        low = float(b.choice((-1.0, -0.5, 0.0)))
        return b.append(gawee.ClipOp(x, min=low, max=low + float(b.choice((0.5, 1.0, 2.0)))))
    if kind == 6:
        # inside the domain, away from the poles (atanh(+-1), tan(+-pi / 2)): else NaN or
        # inf, or differences in the last place grown without bound, are all to compare
        inner = b.add(gawee.ClipOp(x, min=-0.9, max=0.9))
        return b.append(b.choice((gawee.AsinOp, gawee.AcosOp, gawee.AtanhOp, gawee.TanOp))(inner))
    if kind == 7:
        return b.append(gawee.AcoshOp(b.add(gawee.AddOp(_positive(b, x), b.scalar(0.5, element_type(x))))))
    return b.append(b.choice(PLAIN_UNARY)(x))


def binary(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if not _is_float(x):
        return None
    y = b.partner(x)
    operands = (x, y) if b.rng.random() < 0.5 else (y, x)
    kind = b.rng.integers(6)
    if kind < 3:
        return b.append((gawee.AddOp, gawee.SubOp, gawee.MulOp)[kind](*operands))
    if kind == 3:
        return b.append(gawee.DivOp(operands[0], _positive(b, operands[1])))
    if kind == 4:
        base = b.add(gawee.ClipOp(_positive(b, operands[0]), max=4.0))
        return b.append(gawee.PowOp(base, b.add(gawee.ClipOp(operands[1], min=-2.0, max=2.0))))
    return b.append(gawee.AddOp(x, x))


def variadic(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    kinds = (gawee.MaxOp, gawee.MinOp) + ((gawee.SumOp, gawee.MeanOp) if _is_float(x) else ())
    if element_type(x) not in NUMERIC_TYPES:
        return None
    inputs = [x] + [b.partner(x) for _ in range(int(b.rng.integers(1, 3)))]
    return b.append(b.choice(kinds)([inputs[i] for i in b.rng.permutation(len(inputs))]))


COMPARISONS = (gawee.EqualOp, gawee.LessOp, gawee.LessEqualOp, gawee.GreaterOp, gawee.GreaterEqualOp)


def compare(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """A comparison of exact values (see the module docstring)."""
    if x not in b.exact or element_type(x) not in NUMERIC_TYPES:
        return None
    return b.append(b.choice(COMPARISONS)(x, b.partner(x, need_exact=True)))


def predicate(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """is_nan / is_inf (with random flags) of exact float values."""
    if x not in b.exact or not _is_float(x):
        return None
    if b.rng.random() < 0.5:
        return b.append(gawee.IsNaNOp(x))
    flags = {name: int(b.rng.integers(2)) for name in gawee.IsInfOp.DEFAULTS}
    return b.append(gawee.IsInfOp(x, **flags))


def mask(b: ProgramBuilder, x: SSAValue) -> SSAValue:
    """A boolean value broadcasting into x's shape: an existing one or a new comparison."""
    shape = tensor_shape(x)
    masks = [v for v in b.values if element_type(v) == i1 and _broadcasts_into(tensor_shape(v), shape)]
    if masks and b.rng.random() < 0.7:
        return b.choice(masks)
    return b.add(gawee.GreaterOp(b.constant(shape, f32), b.scalar(0.0, f32)))


def logic(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """and / or / xor / not of a mask: x if x is one, else a mask of x's shape."""
    if element_type(x) != i1:
        x = mask(b, x)
    if b.rng.random() < 0.25:
        return b.append(gawee.NotOp(x))
    return b.append(b.choice((gawee.AndOp, gawee.OrOp, gawee.XorOp))(x, mask(b, x)))


def where(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if element_type(x) == i1:
        return None
    return b.append(gawee.WhereOp(mask(b, x), x, b.partner(x)))


CAST_TYPES = (f32, f64, i8, i32, i64, i1)


def cast(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    targets = CAST_TYPES if x in b.exact or not _is_float(x) else (f32, f64)
    target = b.choice(targets)
    if _is_float(x) and target in (i8, i32, i64):
        x = b.add(gawee.ClipOp(b.add(gawee.MulOp(x, b.scalar(4.0, element_type(x)))), min=-100.0, max=100.0))
    return b.append(gawee.CastOp(x, target))


def integer_binary(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """gawee.mod (either rounding) of an integer value by a partner whose zeros become 1,
    or gawee.bit_shift of it by a partner (any amount: the width or more, negative ones),
    or a bitwise and / or / xor of it and a partner, or its bitwise not;
    a float value is first cast to i32 as `cast` casts it (a float mod has no linalg form)."""
    if _is_float(x):
        scaled = b.add(
            gawee.ClipOp(b.add(gawee.MulOp(x, b.scalar(4.0, element_type(x)))), min=-100.0, max=100.0)
        )
        x = b.add(gawee.CastOp(scaled, i32))
    elif element_type(x) not in INTEGER_TYPES:
        return None
    y, element = b.partner(x), element_type(x)
    draw = b.rng.random()
    if draw < 0.3:
        return b.append(gawee.BitShiftOp(x, y, b.choice(gawee.BitShiftOp.DIRECTIONS)))
    if draw < 0.45:
        return b.append(gawee.BitwiseNotOp(x))
    if draw < 0.75:
        return b.append(b.choice((gawee.BitwiseAndOp, gawee.BitwiseOrOp, gawee.BitwiseXorOp))(x, y))
    divisor = b.add(gawee.WhereOp(b.add(gawee.EqualOp(y, b.scalar(0, element))), b.scalar(1, element), y))
    return b.append(gawee.ModOp(x, divisor, fmod=bool(b.rng.integers(2))))


# ---------------------------------------------------------------------------
# Reductions and normalizations
# ---------------------------------------------------------------------------


def _axes(b: ProgramBuilder, rank: int) -> list[int]:
    count = int(b.rng.integers(1, rank + 1))
    chosen = b.rng.choice(rank, count, replace=False)
    return sorted(int(a) - (rank if b.rng.random() < 0.3 else 0) for a in chosen)


REDUCTIONS = tuple(op for op in gawee.Gawee.operations if issubclass(op, gawee.ReduceOp))
"""Every reduction (those added later too)."""


def reduce(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if not _is_float(x) or not tensor_shape(x) or 0 in tensor_shape(x):
        return None
    kind = b.choice(REDUCTIONS)
    return b.append(kind(x, _axes(b, len(tensor_shape(x))), keep_dims=bool(b.rng.random() < 0.5)))


def softmax(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    rank = len(tensor_shape(x))
    if not _is_float(x) or rank == 0:
        return None
    kind = b.choice((gawee.SoftmaxOp, gawee.LogSoftmaxOp))
    return b.append(kind(x, axis=int(b.rng.integers(-rank, rank))))


def layer_norm(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not _is_float(x) or not shape:
        return None
    axis = -int(b.rng.integers(1, min(len(shape), 2) + 1))
    normalized = shape[axis:]
    if _size(normalized) < 2:
        return None
    weight = b.argument(normalized, element_type(x))
    bias = b.argument(normalized, element_type(x)) if b.rng.random() < 0.5 else None
    # epsilon >= 1e-2: a (nearly) constant row has variance ~0, and then each level's
    # one-ulp difference in x - mean grows by 1/sqrt(epsilon) (316 for 1e-5)
    epsilon = float(b.choice((1e-2, 1e-1)))
    return b.append(gawee.LayerNormOp(x, weight, bias, axis=axis, epsilon=epsilon))


def instance_norm(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not _is_float(x) or len(shape) < 3 or _size(shape[2:]) < 2:
        return None
    weight, bias = (b.argument(shape[1:2], element_type(x)) for _ in range(2))
    # epsilon >= 1e-2, as layer_norm's
    epsilon = float(b.choice((1e-2, 1e-1)))
    groups = [g for g in range(1, shape[1] + 1) if shape[1] % g == 0]
    if b.rng.random() < 0.5 and len(groups) > 1:
        return b.append(gawee.GroupNormOp(x, weight, bias, int(b.choice(groups[1:])), epsilon=epsilon))
    return b.append(gawee.InstanceNormOp(x, weight, bias, epsilon=epsilon))


# ---------------------------------------------------------------------------
# Contractions
# ---------------------------------------------------------------------------


def matmul(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape, element = tensor_shape(x), element_type(x)
    if not _is_float(x) or not shape:
        return None
    n = int(b.rng.integers(1, 5))
    if len(shape) == 1:
        return b.append(gawee.MatMulOp(x, b.argument((shape[0], n), element)))
    rhs = (shape[-1], n) if b.rng.random() < 0.5 else (*shape[:-2], shape[-1], n)
    if _size((*shape[:-1], n)) > MAX_ELEMENTS:
        return None
    return b.append(gawee.MatMulOp(x, b.argument(rhs, element)))


def gemm(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape, element = tensor_shape(x), element_type(x)
    if not _is_float(x) or len(shape) != 2:
        return None
    trans_a, trans_b = bool(b.rng.random() < 0.5), bool(b.rng.random() < 0.5)
    m, k = shape[::-1] if trans_a else shape
    n = int(b.rng.integers(1, 5))
    weight = b.argument((n, k) if trans_b else (k, n), element)
    c = b.argument(b.choice(((n,), (m, n), (1, n))), element) if b.rng.random() < 0.6 else None
    return b.append(
        gawee.GemmOp(
            x,
            weight,
            c,
            trans_a=trans_a,
            trans_b=trans_b,
            alpha=float(b.choice((1.0, 0.5))),
            beta=float(b.choice((1.0, 2.0))),
        )
    )


def linear(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape, element = tensor_shape(x), element_type(x)
    if not _is_float(x) or len(shape) < 2:
        return None
    n = int(b.rng.integers(1, 5))
    bias = b.argument((n,), element) if b.rng.random() < 0.5 else None
    return b.append(gawee.LinearOp(x, b.argument((n, shape[-1]), element), bias))


def recurrent(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """A [T, B, I] value (a [T, I] one as [T, 1, I]) through rnn, gru or lstm (hidden
    size 1-3, either direction)."""
    shape, element = tensor_shape(x), element_type(x)
    if not _is_float(x) or len(shape) not in (2, 3) or 0 in shape:
        return None
    if len(shape) == 2:
        shape = (shape[0], 1, shape[1])
        x = b.add(gawee.ReshapeOp(x, shape))
    op_type = b.choice((gawee.RnnOp, gawee.GruOp, gawee.LstmOp))
    gates, hidden = op_type.GATES, int(b.rng.integers(1, 4))
    operands = [
        x,
        b.argument((gates * hidden, shape[2]), element),
        b.argument((gates * hidden, hidden), element),
        b.argument((2 * gates * hidden,), element),
        *(b.argument((shape[1], hidden), element) for _ in range(op_type.STATES)),
    ]
    reverse = bool(b.rng.random() < 0.5)
    if op_type is gawee.GruOp:
        return b.append(
            gawee.GruOp(operands, reverse=reverse, linear_before_reset=bool(b.rng.random() < 0.5))
        )
    if op_type is gawee.LstmOp and b.rng.random() < 0.5:
        peepholes = b.argument((3 * hidden,), element)
        return b.append(gawee.LstmOp(operands, reverse=reverse, peepholes=peepholes))
    return b.append(op_type(operands, reverse=reverse))


# ---------------------------------------------------------------------------
# Window ops (conv, pooling: NCW and NCHW) and the other rank-4 (NCHW) ops
# ---------------------------------------------------------------------------


def _window(b: ProgramBuilder, x: SSAValue) -> dict | None:
    """Random kernel, strides, padding (one or two values per spatial dim, each below
    the kernel) and dilation whose windows fit the spatial dims of x."""
    sizes = tensor_shape(x)[2:]
    kernel = [int(b.rng.integers(1, min(3, size) + 1)) for size in sizes]
    dilation = [1 if k == 1 or size < 2 * k else int(b.choice((1, 2))) for k, size in zip(kernel, sizes)]
    # at most half the dilated kernel, or a window could see only padding
    halves = [((k - 1) * d + 1) // 2 for k, d in zip(kernel, dilation)]
    padding = [int(b.rng.integers(0, half + 1)) for half in halves * int(b.choice((1, 2)))]
    strides = [int(b.rng.integers(1, 3)) for _ in kernel]
    return dict(kernel_size=kernel, strides=strides, padding=padding, dilation=dilation)


def _nchw(x: SSAValue) -> bool:
    return _is_float(x) and len(tensor_shape(x)) == 4 and 0 not in tensor_shape(x)


def _windowed(x: SSAValue) -> bool:
    """Whether conv and the window pools take x: [N, C, W] or [N, C, H, W] (3-D ones
    have no mir form, and the fuzz test runs every program at mir level)."""
    return _is_float(x) and len(tensor_shape(x)) in (3, 4) and 0 not in tensor_shape(x)


def conv(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if not _windowed(x):
        return None
    if b.rng.random() < 0.3:
        return conv_transpose(b, x)
    channels = tensor_shape(x)[1]
    groups = b.choice([g for g in (1, 2, channels) if channels % g == 0])
    out = groups * int(b.rng.integers(1, 3))
    window = _window(b, x)
    kernel = window.pop("kernel_size")
    weight = b.argument((out, channels // groups, *kernel), element_type(x))
    bias = b.argument((out,), element_type(x)) if b.rng.random() < 0.5 else None
    return b.append(gawee.ConvOp(x, weight, bias, groups=groups, **window))


def conv_transpose(b: ProgramBuilder, x: SSAValue) -> list[SSAValue]:
    """(Drawn by `conv`.) Kernels of 1 to 3, strides of 1 to 3 (also beyond the kernel),
    dilation 1 or 2, paddings of at most half the dilated kernel (the output keeps an
    element) and output paddings below the stride or the dilation, as PyTorch asks."""
    channels, rank = tensor_shape(x)[1], len(tensor_shape(x)) - 2
    groups = b.choice([g for g in (1, 2, channels) if channels % g == 0])
    kernel = [int(b.rng.integers(1, 4)) for _ in range(rank)]
    strides = [int(b.rng.integers(1, 4)) for _ in range(rank)]
    dilation = [int(b.rng.integers(1, 3)) for _ in range(rank)]
    halves = [(k - 1) * d // 2 for k, d in zip(kernel, dilation)]
    padding = [int(b.rng.integers(0, half + 1)) for half in halves * 2]
    extra = [int(b.rng.integers(0, max(s, d))) for s, d in zip(strides, dilation)]
    weight = b.argument((channels, int(b.rng.integers(1, 3)), *kernel), element_type(x))
    bias = b.argument((tensor_shape(weight)[1] * groups,), element_type(x)) if b.rng.random() < 0.5 else None
    op = gawee.ConvTransposeOp(
        x,
        weight,
        bias,
        strides=strides,
        padding=padding,
        dilation=dilation,
        output_padding=extra,
        groups=groups,
    )
    return b.append(op)


def pool(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if not _windowed(x):
        return None
    window, ceil_mode = _window(b, x), bool(b.rng.random() < 0.3)
    kind = b.rng.integers(8 if _nchw(x) else 7)  # the max pools twice as often: three ops
    if kind >= 6 or (kind == 5 and not _nchw(x)):
        kind = 0
    if kind == 4:
        return b.append(gawee.LpPoolOp(x, p=int(b.rng.integers(1, 4)), ceil_mode=ceil_mode, **window))
    if kind == 3:
        return b.append(gawee.GlobalMaxPoolOp(x))
    if kind == 0:
        variant = b.rng.integers(3)
        if variant == 0 and x in b.exact:  # (its indices jump where two inputs swap order)
            order = int(b.rng.integers(2))
            return b.append(gawee.MaxPoolWithIndicesOp(x, storage_order=order, ceil_mode=ceil_mode, **window))
        if variant == 1:
            return max_unpool(b, x, window)
        return b.append(gawee.MaxPoolOp(x, ceil_mode=ceil_mode, **window))
    if kind == 1:
        include = bool(b.rng.random() < 0.5)
        return b.append(gawee.AveragePoolOp(x, ceil_mode=ceil_mode, count_include_pad=include, **window))
    if kind == 2:
        return b.append(gawee.GlobalAveragePoolOp(x))
    h, w = tensor_shape(x)[2:]  # (kind 5: an NCHW x)
    return b.append(gawee.AdAvgPoolOp(x, [int(b.rng.integers(1, h + 2)), int(b.rng.integers(1, w + 2))]))


def max_unpool(b: ProgramBuilder, x: SSAValue, window: dict) -> list[SSAValue] | None:
    """(Drawn by `pool`.) x unpooled with `window` (its dilation left out), the indices a
    random argument (their domain: the unpooled shape), sometimes into a larger result."""
    n, c, *sizes = tensor_shape(x)
    kernel, strides, padding = window["kernel_size"], window["strides"], window["padding"]
    unpooled = gawee.unpooled_sizes(sizes, kernel, strides, padding)
    if min(unpooled) < 1:
        return None
    shape = (n, c, *(size + int(b.rng.integers(0, 2)) for size in unpooled))
    indices = b.argument(tensor_shape(x), i64)
    op = gawee.MaxUnpoolOp(
        x, indices, kernel_size=kernel, strides=strides, padding=padding, output_shape=shape
    )
    return b.append(op)


def batch_norm(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not _is_float(x) or len(shape) < 2:
        return None
    params = [b.argument((shape[1],), element_type(x)) for _ in range(4)]
    return b.append(gawee.BatchNormOp(x, *params, affine=bool(b.rng.random() < 0.8)))


def lrn(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if not _nchw(x):
        return None
    return b.append(gawee.LrnOp(x, int(b.rng.integers(1, 6)), alpha=1e-2, beta=0.75, bias=1.0))


# ---------------------------------------------------------------------------
# Movement
# ---------------------------------------------------------------------------


def _factor(b: ProgramBuilder, size: int) -> list[int]:
    """A random shape of `size` elements, rank 1-4."""
    dims: list[int] = []
    while size > 1 and len(dims) < 3:
        divisors = [d for d in range(2, size + 1) if size % d == 0]
        d = b.choice(divisors)
        dims.append(d)
        size //= d
    if size > 1 or not dims:
        dims.append(size)
    return [int(d) for d in b.rng.permutation(dims)]


def reshape(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    kind = b.rng.integers(3)
    if kind == 0:
        return b.append(gawee.ReshapeOp(x, _factor(b, _size(shape))))
    if kind == 1 and shape:
        rank = len(shape)
        start = int(b.rng.integers(rank))
        return b.append(gawee.FlattenOp(x, start_dim=start, end_dim=int(b.rng.integers(start, rank))))
    return b.append(gawee.TransposeOp(x, [int(p) for p in b.rng.permutation(len(shape))]))


def squeeze(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    ones = [d for d, size in enumerate(shape) if size == 1]
    if ones and b.rng.random() < 0.6:
        return b.append(gawee.SqueezeOp(x, [d for d in ones if b.rng.random() < 0.7] or ones[:1]))
    if len(shape) >= 4:
        return None
    return b.append(gawee.UnsqueezeOp(x, [int(b.rng.integers(-len(shape) - 1, len(shape) + 1))]))


def expand(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    target = [size if size != 1 else int(b.rng.integers(1, 4)) for size in shape]
    if len(target) < 4 and b.rng.random() < 0.5:
        target.insert(0, int(b.rng.integers(1, 3)))
    if _size(target) > MAX_ELEMENTS:
        return None
    return b.append(gawee.ExpandOp(x, target))


def cat(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not shape or 2 * _size(shape) > MAX_ELEMENTS:
        return None
    axis = int(b.rng.integers(len(shape)))
    others = [
        v
        for v in b.values + list(b.block.args)
        if element_type(v) == element_type(x)
        and len(tensor_shape(v)) == len(shape)
        and all(s == t for d, (s, t) in enumerate(zip(tensor_shape(v), shape)) if d != axis)
        and _size(tensor_shape(v)) <= _size(shape)
    ]
    inputs = [x, b.choice(others)] + ([x] if b.rng.random() < 0.3 else [])
    inputs = [inputs[i] for i in b.rng.permutation(len(inputs))]
    return b.append(gawee.CatOp(inputs, _maybe_negative(b, axis, len(shape))))


def split(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    axes = [d for d, size in enumerate(shape) if size >= 2]
    if not axes:
        return None
    axis = b.choice(axes)
    cut = sorted(int(c) for c in b.rng.integers(0, shape[axis] + 1, int(b.rng.integers(1, 3))))
    sizes = np.diff([0, *cut, shape[axis]]).tolist()
    return b.append(gawee.SplitOp(x, sizes, axis=axis))


def slice_(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not shape:
        return None
    axes = [int(a) for a in b.rng.choice(len(shape), int(b.rng.integers(1, len(shape) + 1)), replace=False)]
    starts, ends, steps = [], [], []
    for a in axes:
        size = shape[a]
        step = int(b.choice((1, 1, 2, -1, -2)))
        start, end = (int(v) for v in b.rng.integers(-size - 1, size + 2, 2))
        if b.rng.random() < 0.2:
            end = 2**63 - 1 if step > 0 else -(2**63)
        starts.append(start)
        ends.append(end)
        steps.append(step)
    return b.append(gawee.SliceOp(x, starts, ends, axes, steps))


def gather(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not shape or 0 in shape:
        return None
    if b.rng.random() < 0.25:
        return _gather_nd(b, x)
    axis = int(b.rng.integers(len(shape)))
    element = b.choice((i32, i64))
    if b.rng.random() < 0.5:
        index_shape = [int(b.rng.integers(1, 4)) for _ in range(int(b.rng.integers(0, 3)))]
        if _size(shape) // shape[axis] * _size(index_shape) > MAX_ELEMENTS:
            return None
        indices = b.argument(index_shape, element)
        return b.append(gawee.GatherOp(x, indices, axis=_maybe_negative(b, axis, len(shape))))
    # gather_elements: any length along the axis, at most the data's along the others
    index_shape = [int(b.rng.integers(1, (size if d != axis else 4) + 1)) for d, size in enumerate(shape)]
    return b.append(gawee.GatherElementsOp(x, b.argument(index_shape, element), axis=axis))


def _gather_nd(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """Indices of 1 .. rank - batch entries (drawn in range per dim as arguments)."""
    shape = tensor_shape(x)
    batch = int(b.rng.integers(0, len(shape)))
    depth = int(b.rng.integers(1, len(shape) - batch + 1))
    picks = [int(b.rng.integers(1, 4)) for _ in range(int(b.rng.integers(0, 2)))]
    index_shape = [*shape[:batch], *picks, depth]
    if _size(index_shape[:-1]) * _size(shape[batch + depth :]) > MAX_ELEMENTS:
        return None
    return b.append(gawee.GatherNDOp(x, b.argument(index_shape, i64), batch))


def tile(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    repeats = [int(b.rng.integers(1, 3)) for _ in shape]
    if _size(shape) * _size(repeats) > MAX_ELEMENTS:
        return None
    return b.append(gawee.TileOp(x, repeats))


def pad(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not shape or 0 in shape:
        return None
    mode = b.choice(gawee.PadOp.MODES)
    begins, ends = [], []
    for size in shape:
        # crop at most one element at each end, keeping at least one
        begin, end = (int(v) for v in b.rng.integers(-1 if size > 2 else 0, 3, 2))
        kept = size - max(-begin, 0) - max(-end, 0)
        if mode == "reflect":  # mirrors without the edge element: at most kept - 1
            begin, end = min(begin, kept - 1), min(end, kept - 1)
        begins.append(begin)
        ends.append(end)
    if _size([s + p + q for s, p, q in zip(shape, begins, ends)]) > MAX_ELEMENTS:
        return None
    value = float(b.choice((0.0, 1.0, -2.0))) if element_type(x) != i1 else 0.0
    return b.append(gawee.PadOp(x, begins + ends, mode=mode, constant_value=value))


def trilu(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    if len(tensor_shape(x)) < 2:
        return None
    return b.append(gawee.TriluOp(x, upper=bool(b.rng.random() < 0.5), k=int(b.rng.integers(-2, 3))))


def resize(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not shape or 0 in shape:
        return None
    if _windowed(x) and b.rng.random() < 0.5:
        return grid_sample(b, x)
    target = list(shape)
    for d in range(max(0, len(shape) - 2), len(shape)):
        target[d] = int(b.rng.integers(1, 2 * shape[d] + 2))
    if _size(target) > MAX_ELEMENTS:
        return None
    floats = _is_float(x)
    mode = b.choice(gawee.ResizeOp.MODES) if floats else "nearest"
    coordinates = b.choice(gawee.ResizeOp.COORDINATE_MODES[: None if floats else -1])  # crops floats only
    roi = None
    if coordinates == "tf_crop_and_resize":  # a region partly outside the input, at times
        starts = b.rng.uniform(-0.2, 0.5, len(shape))
        roi = [*starts, *(starts + b.rng.uniform(0.3, 0.9, len(shape)))]
    weighted = mode != "nearest"
    return b.append(
        gawee.ResizeOp(
            x,
            target,
            mode=mode,
            coordinate_transformation_mode=coordinates,
            nearest_mode=b.choice(gawee.ResizeOp.NEAREST_MODES),
            exclude_outside=weighted and bool(b.rng.random() < 0.3),
            antialias=weighted and bool(b.rng.random() < 0.3),
            roi=roi,
            extrapolation_value=float(b.rng.uniform(-2, 2)) if roi is not None else 0.0,
        )
    )


# ---------------------------------------------------------------------------
# Selection and construction
# ---------------------------------------------------------------------------


def grid_sample(b: ProgramBuilder, x: SSAValue) -> list[SSAValue]:
    """(Drawn by `resize`.) x sampled at a grid of 1 to 3 points per dim: a random argument,
    or in 2-D the affine grid of a random transform."""
    n, _, *sizes = tensor_shape(x)
    points = [int(b.rng.integers(1, 4)) for _ in sizes]
    if len(sizes) == 2 and b.rng.random() < 0.5:  # the grid of an affine transform
        theta = b.argument((n, 2, 3), element_type(x))
        grid = b.add(gawee.AffineGridOp(theta, points, align_corners=bool(b.rng.random() < 0.5)))
    else:
        grid = b.argument((n, *points, len(sizes)), element_type(x))
    mode, padding = b.choice(gawee.GridSampleOp.MODES), b.choice(gawee.GridSampleOp.PADDING_MODES)
    op = gawee.GridSampleOp(
        x, grid, mode=mode, padding_mode=padding, align_corners=bool(b.rng.random() < 0.5)
    )
    return b.append(op)


def topk(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """topk of an exact value: its indices jump where two inputs swap order."""
    shape = tensor_shape(x)
    if x not in b.exact or element_type(x) not in NUMERIC_TYPES or not shape or 0 in shape:
        return None
    axis = int(b.rng.integers(-len(shape), len(shape)))
    k = int(b.rng.integers(1, shape[axis] + 1))
    largest, sort = bool(b.rng.random() < 0.5), bool(b.rng.random() < 0.7)
    return b.append(gawee.TopKOp(x, k, axis, largest=largest, sorted=sort))


def along_axis(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """cumsum / cumprod, or arg_max / arg_min of an exact value (its index jumps where two inputs
    swap order), along a random axis."""
    shape = tensor_shape(x)
    if element_type(x) not in NUMERIC_TYPES or not shape:
        return None
    axis = int(b.rng.integers(-len(shape), len(shape)))
    first, second = bool(b.rng.random() < 0.5), bool(b.rng.random() < 0.5)
    if b.rng.random() < 0.5:
        scan = b.choice((gawee.CumSumOp, gawee.CumProdOp))
        return b.append(scan(x, axis, exclusive=first, reverse=second))
    if x not in b.exact or 0 in shape:
        return None
    op = b.choice((gawee.ArgMaxOp, gawee.ArgMinOp))
    return b.append(op(x, axis, keep_dims=first, select_last_index=second))


def scatter_nd(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    shape = tensor_shape(x)
    if not shape or 0 in shape:
        return None
    depth = int(b.rng.integers(1, len(shape) + 1))
    indices = b.argument((int(b.rng.integers(1, 4)), depth), i64)
    updates = b.argument((tensor_shape(indices)[0], *shape[depth:]), element_type(x))
    reductions = gawee.ScatterNDOp.REDUCTIONS if element_type(x) in NUMERIC_TYPES else ("none",)
    return b.append(gawee.ScatterNDOp(x, indices, updates, reduction=b.choice(reductions)))


def construct(b: ProgramBuilder, x: SSAValue) -> list[SSAValue] | None:
    """A gawee.range, gawee.shape or gawee.constant combined with x, so it is used."""
    shape = tensor_shape(x)
    kind = b.rng.integers(3)
    if kind == 0 and shape:
        element = element_type(x) if element_type(x) in (f32, f64, i32, i64) else None
        if element is None:
            return None
        if element in (i32, i64):
            start, delta = int(b.rng.integers(-3, 3)), int(b.choice((1, 2, -1)))
        else:
            start, delta = float(b.choice((-1.5, 0.0, 0.25))), float(b.choice((0.5, 1.0, -0.75)))
        made = b.add(gawee.RangeOp(start, start + delta * shape[-1], delta, element))
        if tensor_shape(made) != (shape[-1],):  # a float range may round to one more
            return None
        return b.append(gawee.WhereOp(mask(b, x), x, made))
    if kind == 1:
        return b.append(gawee.ShapeOp(x, start=int(b.rng.integers(0, len(shape) + 1))))
    return b.append(gawee.WhereOp(mask(b, x), b.constant(shape, element_type(x)), x))

"""Random small, valid gawee programs for the differential fuzz test.

`random_program(seed)` builds `func.func @main` with 1-3 data arguments of small static
shapes, then 3-10 random gawee ops drawn from the whole op set, each made by the op's
Python builder (which infers its result type) and verified as soon as it is built. An
op whose operand does not suit it (wrong rank, element type, a dim too small) is
skipped and another one drawn. Weights, biases, batch-norm statistics and index
tensors become extra arguments, so `gawee_cases.random_arguments` draws them in range
(positive variances, indices within their dim, weights scaled by 1/sqrt(fan-in)).
Every op result nothing else uses is returned.

Numeric care, so that every level must give the same numbers:
- log, sqrt, reciprocal, div and pow take operands moved into their domain first
  (|x| + 0.5, an exponent clipped to [-2, 2], a base clipped to at most 4), exp an
  input clipped to [-8, 8], layer_norm an epsilon of at least 1e-2 (ill-conditioned
  otherwise on a nearly constant row);
- ops whose result jumps when the input moves by one rounding error (comparisons,
  float-to-integer casts, topk's indices) only take *exact* values: arguments and
  values every level computes bit for bit (moves, neg, abs, relu, max, min, ...). An
  f32 sum computed in another order could otherwise flip a comparison.

The program builder is in gawee_builder.py, the op generators in gawee_generators.py
(reverse_sequence, col2im and det in gawee_rearrange_generators.py);
this module draws from them (`GENERATORS`): a new op gets a generator there and its
place here (a unary element-wise op on floats is drawn without one, `PLAIN_UNARY`).
"""

from __future__ import annotations

import numpy as np
from fuzz.gawee_builder import Generator, ProgramBuilder, _size
from fuzz.gawee_generators import (
    CYCLED,
    PLAIN_UNARY,
    REDUCTIONS,
    along_axis,
    batch_norm,
    binary,
    cast,
    cat,
    compare,
    construct,
    conv,
    expand,
    gather,
    gemm,
    instance_norm,
    integer_binary,
    layer_norm,
    linear,
    logic,
    lrn,
    matmul,
    pad,
    pool,
    predicate,
    recurrent,
    reduce,
    reshape,
    resize,
    scatter_nd,
    slice_,
    softmax,
    split,
    squeeze,
    tile,
    topk,
    trilu,
    unary,
    variadic,
    where,
)
from fuzz.gawee_rearrange_generators import rearrange
from gawee_examples import example_function, examples
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, i1
from xdsl.ir import Region, SSAValue

from nnstack.dialects.utils import tensor_shape

GENERATORS: tuple[Generator, ...] = (
    recurrent,  # (first: where the seeds 0-199 still draw every op, reduce_max among them)
    unary,
    unary,
    unary,
    binary,
    binary,
    variadic,
    compare,
    predicate,
    logic,
    where,
    cast,
    integer_binary,
    reduce,
    softmax,
    layer_norm,
    rearrange,  # (here: where the seeds 0-199 still draw every op)
    instance_norm,
    matmul,
    gemm,
    linear,
    conv,
    pool,
    batch_norm,
    lrn,
    reshape,
    squeeze,
    expand,
    cat,
    split,
    slice_,
    gather,
    tile,
    pad,
    trilu,
    resize,
    topk,
    along_axis,
    scatter_nd,
    construct,
)


def _argument_shape(rng: np.random.Generator) -> list[int]:
    """Rank 0-4 with 1-6 per dim, at most 200 elements; rank 4 (NCHW) half the time."""
    if rng.random() < 0.5:
        return [int(rng.integers(low, high)) for low, high in ((1, 3), (1, 5), (2, 7), (2, 7))]
    while True:
        shape = [int(rng.integers(1, 7)) for _ in range(int(rng.integers(0, 4)))]
        if _size(shape) <= 200:
            return shape


DEFAULT_SEEDS = 200
"""The seeds of the fuzz test's default run, which must draw every op."""


def documented(b: ProgramBuilder, name: str) -> None:
    """Appends the docs example of op `name` (tests/gawee_examples.py) on arguments of
    its own: every op is fuzzed at least on its example's shapes, with values drawn per
    seed, whether or not a generator above makes it."""
    function = example_function(name)
    values: dict[SSAValue, SSAValue] = {
        arg: b.argument(tensor_shape(arg), arg.type.element_type)  # pyright: ignore[reportAttributeAccessIssue]
        for arg in function.body.block.args
    }
    for op in function.body.block.ops:
        if not isinstance(op, func.ReturnOp):
            values.update(zip(op.results, b.append(op.clone(value_mapper=values))))


def random_program(seed: int) -> ModuleOp:
    """The program of `seed`: the same seed always gives the same program."""
    b = ProgramBuilder(np.random.default_rng(seed))
    data = [b.argument(_argument_shape(b.rng)) for _ in range(int(b.rng.integers(1, 4)))]
    if b.rng.random() < 0.2:
        data.append(b.argument(tensor_shape(data[0]), i1))
    steps, made = int(b.rng.integers(3, 11)), 0
    while made < steps:
        # mostly the latest value (a chain), sometimes an earlier one (a DAG)
        candidates = b.values or data
        x = candidates[-1] if b.rng.random() < 0.6 else b.choice(candidates + data)
        if b.choice(GENERATORS)(b, x) is not None:
            made += 1
    # then every plain unary and binary op in turn, so that the default seeds use each of
    # them however many ops the dialect gains
    last = CYCLED[seed % len(CYCLED)]
    b.append(last(data[0]) if last in PLAIN_UNARY else last(data[0], data[0]))
    # and every reduction in turn (over every dim of the f32 first argument, not a
    # scalar), which the random steps draw too seldom to meet each in the default seeds
    if rank := len(tensor_shape(data[0])):
        reduction = REDUCTIONS[seed % len(REDUCTIONS)]
        b.append(reduction(data[0], list(range(rank)), keep_dims=seed % 2 == 0))
    # and the docs example of every op in turn, as many per seed as the default seeds
    # need to meet each
    names = list(examples())
    per_seed = -(-len(names) // DEFAULT_SEEDS)
    for k in range(per_seed):
        documented(b, names[(seed * per_seed + k) % len(names)])
    used = {operand for op in b.block.ops for operand in op.operands}
    outputs = [v for v in b.values if v not in used]
    b.block.add_op(func.ReturnOp(*outputs))
    function_type = ([a.type for a in b.block.args], [v.type for v in outputs])
    module = ModuleOp([func.FuncOp("main", function_type, Region(b.block))])
    module.verify()
    return module

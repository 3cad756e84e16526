"""The recurrent ops (gawee.rnn, gru, lstm) lower to one loop over time
(`transforms/recurrent_loops.py`): the lowered IR, loop body and all, is the same size
whatever the sequence length T, for every op, direction, batch and hidden size, at linalg
(`scf.for`) and mir (`mir.for`) level; and the loop runs as the op does."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp, TensorType, f32
from xdsl.ir import Block, Region

from nnstack.dialects import gawee, mir
from nnstack.interpreters import run
from nnstack.transforms.convert_gawee_to_linalg import ConvertGaweeToLinalgPass
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None)
OPS = {"rnn": gawee.RnnOp, "gru": gawee.GruOp, "lstm": gawee.LstmOp}
LOWERINGS = {"linalg": (ConvertGaweeToLinalgPass, scf.ForOp), "mir": (ConvertGaweeToMirPass, mir.ForOp)}


def recurrent_module(
    kind: str, steps: int, batch: int, features: int, hidden: int, reverse: bool
) -> ModuleOp:
    """A function @main of one gawee.<kind> over [steps, batch, features]."""
    op_type = OPS[kind]
    rows = op_type.GATES * hidden
    shapes = [(steps, batch, features), (rows, features), (rows, hidden), (2 * rows,)]
    shapes += [(batch, hidden)] * op_type.STATES
    block = Block(arg_types=[TensorType(f32, shape) for shape in shapes])
    op = op_type(block.args, reverse=reverse)
    block.add_ops([op, func.ReturnOp(*op.results)])
    function = func.FuncOp(
        "main", ([a.type for a in block.args], [r.type for r in op.results]), Region(block)
    )
    return ModuleOp([function])


def lowered(kind: str, level: str, steps: int, **sizes) -> ModuleOp:
    module = recurrent_module(kind, steps, **sizes)
    LOWERINGS[level][0]().apply(Context(), module)
    module.verify()
    return module


def shape(module: ModuleOp) -> tuple[Counter[str], Counter[str]]:
    """The op names of `module` and of its loop body (there must be one loop)."""
    loops = [op for op in module.walk() if isinstance(op, scf.ForOp | mir.ForOp)]
    assert len(loops) == 1
    return Counter(op.name for op in module.walk()), Counter(op.name for op in loops[0].body.walk())


@SETTINGS
@given(
    kind=st.sampled_from(sorted(OPS)),
    level=st.sampled_from(sorted(LOWERINGS)),
    steps=st.integers(2, 40),
    batch=st.integers(1, 3),
    features=st.integers(1, 4),
    hidden=st.integers(1, 4),
    reverse=st.booleans(),
)
def test_lowered_ir_does_not_grow_with_the_sequence(kind, level, steps, batch, features, hidden, reverse):
    sizes = dict(batch=batch, features=features, hidden=hidden, reverse=reverse)
    one = lowered(kind, level, 1, **sizes)
    many = lowered(kind, level, steps, **sizes)
    assert shape(many) == shape(one)
    assert not any(op.dialect_name() == "gawee" for op in many.walk())


@pytest.mark.parametrize("level", sorted(LOWERINGS))
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("kind", sorted(OPS))
def test_the_loop_computes_what_the_op_does(kind: str, reverse: bool, level: str):
    """The lowered loop against the gawee interpreter's kernel (a numpy loop of its own,
    which tests/dialects/test_composite_kernels.py checks against the unrolled
    decomposition; tests/frontend/test_onnx_recurrent.py checks every level against
    onnx's reference)."""
    module = recurrent_module(kind, 6, batch=2, features=3, hidden=4, reverse=reverse)
    rng = np.random.default_rng(0)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    arrays = [
        rng.uniform(-1, 1, typ.get_shape()).astype(np.float32)
        for typ in function.function_type.inputs.data
        if isinstance(typ, TensorType)
    ]
    expected = run(module, "main", *arrays)
    LOWERINGS[level][0]().apply(Context(), module)
    for got, want in zip(run(module, "main", *arrays), expected, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)

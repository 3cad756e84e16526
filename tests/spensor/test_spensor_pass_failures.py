"""How the spensor passes fail: every offending op named, the module left as it was.

Each case holds something a pass can handle next to something it cannot; the pass
must raise `PassFailedException` naming every offending op (its diagnostic marks
them) and change nothing, not even what it could have handled. The FileCheck tests
show the diagnostics; these check the module afterwards.
"""

from __future__ import annotations

import pytest
from xdsl.parser import Parser
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from nnstack.interpreters import make_context, parse_module
from nnstack.transforms.convert_gawee_to_mir import ConvertGaweeToMirPass
from nnstack.transforms.spensor_bufferize_output import SpensorBufferizeOutputPass
from nnstack.transforms.spensor_expand_parallel import SpensorExpandParallelPass
from nnstack.transforms.spensor_lower import SpensorLowerPass
from nnstack.transforms.spensor_memory_analysis import SpensorMemoryAnalysisPass
from nnstack.transforms.spensor_parallel_analysis import SpensorParallelAnalysisPass
from nnstack.transforms.spensor_tile_parallel import SpensorTileParallelPass
from nnstack.transforms.spensor_to_tensor import SpensorToTensorPass

TYPES = """
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4], load = ["L2"], store = ["L2"]}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
"""

FINE = """
func.func @fine(%a: !S) -> !S {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  %h = "spensor.add"(%g, %g) : (!G, !G) -> !G
  %r = "ndspensor.combine_to_spensor"(%h) <{combine_index = [0]}> : (!G) -> !S
  func.return %r : !S
}
"""

SELF_ASSIGN = """
func.func @self_assign(%a: !S, %o: !S) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  %s = "spensor.add"(%g, %g) {self_assign = true} : (!G, !G) -> !G
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  "spensor.move_to"(%s, %h) : (!G, !G) -> ()
  func.return
}
"""

GRID_RESULT = """
func.func @grid_result(%a: !S) -> !G {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  func.return %g : !G
}
"""

LOOPS = """
func.func @loops(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  "scf.parallel"(%c0, %c8, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index) -> ()
  "scf.parallel"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index) -> ()
  func.return
}
"""

ILLEGAL_MOVES = """
func.func @moves(%a: !S) {
  %m = "spensor.move"(%a) <{memory_name = "L1"}> : (!S) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [4]>>
  %n = "spensor.move"(%a) <{memory_name = "L1"}> : (!S) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [4]>>
  func.return
}
"""

CASES: dict[str, tuple[ModulePass, str, list[str]]] = {
    "memory-analysis": (SpensorMemoryAnalysisPass(), ILLEGAL_MOVES, ["spensor.move", "spensor.move"]),
    "bufferize-output": (SpensorBufferizeOutputPass(), FINE + GRID_RESULT, ["func.return"]),
    "parallel-analysis": (SpensorParallelAnalysisPass(), FINE + SELF_ASSIGN, ["spensor.add"]),
    "expand-parallel": (
        SpensorExpandParallelPass(),
        FINE + SELF_ASSIGN + GRID_RESULT,
        ["spensor.add", "func.return"],
    ),
    "tile-parallel": (SpensorTileParallelPass(), LOOPS, ["scf.parallel"]),
    "to-tensor": (
        SpensorToTensorPass(),
        FINE,
        ["func.func"] + ["spensor.split", "spensor.add", "ndspensor.combine_to_spensor"],
    ),
    "lower": (SpensorLowerPass(), FINE + SELF_ASSIGN, ["spensor.add"]),
}


@pytest.mark.parametrize("case", CASES)
def test_failing_pass_names_every_op_and_changes_nothing(case: str):
    spensor_pass, program, offenders = CASES[case]
    module = parse_module(TYPES + program)
    before = str(module)
    with pytest.raises(PassFailedException) as error:
        spensor_pass.apply(make_context(), module)
    assert str(module) == before
    notes = "".join(getattr(error.value, "__notes__", []))
    marked = [line for line in notes.splitlines() if line.lstrip().startswith("| ")]
    assert len(marked) == len(offenders), notes
    more = f" (and {len(offenders) - 1} more)" if len(offenders) > 1 else ""
    assert str(error.value).endswith(more)


def test_gawee_to_mir_changes_nothing_on_failure():
    """A gawee op on a dynamic shape (not verified: gawee rejects it too) has no mir form."""
    module = Parser(
        make_context(),
        """
func.func @f(%x: tensor<1x4xf32>, %y: tensor<?x4xf32>) -> (tensor<1x4xf32>, tensor<?x4xf32>) {
  %r = "gawee.relu"(%x) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %d = "gawee.exp"(%y) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %r, %d : tensor<1x4xf32>, tensor<?x4xf32>
}
""",
    ).parse_module()
    before = str(module)
    with pytest.raises(PassFailedException, match="cannot lower gawee.exp"):
        ConvertGaweeToMirPass().apply(make_context(), module)
    assert str(module) == before


@pytest.mark.parametrize(
    ("memory_map", "message"),
    [
        (
            '{L1 = #spensor.memory_level<shape = [], load = ["L2"], store = [], memory_space = 0, depth = 1>}',
            "spensor.memory_map has no level named L2",
        ),
        ("{L1 = 3 : i64}", "spensor.memory_map must map level names to #spensor.memory_level"),
        ("[]", "spensor.memory_map must map level names to #spensor.memory_level"),
    ],
    ids=["unknown-level", "not-a-level", "not-a-dictionary"],
)
@pytest.mark.parametrize(
    "pass_",
    [
        SpensorExpandParallelPass(),
        SpensorParallelAnalysisPass(),
        SpensorTileParallelPass(),
        SpensorToTensorPass(),
    ],
    ids=lambda p: p.name,
)
def test_attached_memory_map_is_checked(memory_map: str, message: str, pass_: ModulePass):
    """Each pass reading the memory analysis' result back fails on a malformed one, and
    its message names that pass (not the analysis, nor no pass)."""
    module = parse_module(f"builtin.module attributes {{spensor.memory_map = {memory_map}}} {{}}")
    with pytest.raises(PassFailedException, match=f"^{pass_.name}: {message}"):
        pass_.apply(make_context(), module)

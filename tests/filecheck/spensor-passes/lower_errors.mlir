// RUN: not nnstack-run %s -p 'spensor-lower{tiling=diagonal}' 2>&1 | filecheck %s --check-prefix=TILING
// RUN: not nnstack-run %s -p 'spensor-lower{reduce-strategy=cascade}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not nnstack-run %s -p 'spensor-expand-parallel{reduce-strategy=cascade}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not nnstack-run %s -p 'spensor-parallel-analysis{reduce-strategy=cascade}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not nnstack-run %s -p 'spensor-tile-parallel{tiling=diagonal}' 2>&1 | filecheck %s --check-prefix=TILING
// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p spensor-lower

// The options take only their listed values (Literal types, checked when the
// pipeline is parsed, before any pass runs).

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

// TILING: nnstack-run: error: Incompatible types: given ('diagonal',), expected typing.Literal['spatial', 'temporal']
// STRATEGY: nnstack-run: error: Incompatible types: given ('cascade',), expected typing.Literal['sequential', 'tree']

// -----

// A pass of the pipeline that fails leaves the module as it was; the diagnostic is
// at the op of the input the failing pass (spensor-parallel-analysis, after
// spensor-bufferize-output) could not handle.
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @f(%a: !S) -> !S {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  // expected-error @+1 {{spensor.add with self_assign = true on ndspensors cannot be expanded; use a plain add}}
  %s = "spensor.add"(%g, %g) {self_assign = true} : (!G, !G) -> !G
  func.return %a : !S
}

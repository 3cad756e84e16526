// RUN: not nnstack-run %s -p 'spensor-lower{tiling=diagonal}' 2>&1 | filecheck %s --check-prefix=TILING
// RUN: not nnstack-run %s -p 'spensor-lower{reduce-strategy=cascade}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not nnstack-run %s -p 'spensor-expand-parallel{reduce-strategy=cascade}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not nnstack-run %s -p 'spensor-parallel-analysis{reduce-strategy=cascade}' 2>&1 | filecheck %s --check-prefix=STRATEGY
// RUN: not nnstack-run %s -p 'spensor-tile-parallel{tiling=diagonal}' 2>&1 | filecheck %s --check-prefix=TILING
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p spensor-lower | filecheck %s

// The options take only their listed values (Literal types, checked when the
// pipeline is parsed, before any pass runs).

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

// TILING: nnstack-run: error: Incompatible types: given ('diagonal',), expected typing.Literal['spatial', 'temporal']
// STRATEGY: nnstack-run: error: Incompatible types: given ('cascade',), expected typing.Literal['sequential', 'tree']

// -----

// A pass of the pipeline that fails leaves the module as it was: the diagnostic
// shows the IR that pass saw (here after spensor-bufferize-output, which added the
// output argument), but the module itself is unchanged.
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @f(%a: !S) -> !S {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  %s = "spensor.add"(%g, %g) {self_assign = true} : (!G, !G) -> !G
  func.return %a : !S
}

// CHECK: spensor-parallel-analysis: spensor.add with self_assign = true on ndspensors cannot be expanded; use a plain add
// CHECK: ^bb0(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>, %0: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>):

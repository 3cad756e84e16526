// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p spensor-parallel-analysis 2>&1 | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p spensor-expand-parallel 2>&1 | filecheck %s
// RUN: xdsl-opt %s --split-input-file --verify-diagnostics -p spensor-lower 2>&1 | filecheck %s

// The stock xdsl-opt accepts a use before its definition in a func.func (nnstack-opt's
// verifier does not); the expansion works in program order, so it fails at the op
// using a later value instead of ending in xDSL's "Attempting to delete SSA value that
// still has uses" traceback when it erases the ndspensor ops. A function of several
// blocks ended in another traceback ("'block' property of Region class is only
// available for single-block regions", in the expansion and in spensor-to-tensor): its
// ops on ndspensors fail the expansion, and a function without any is left as it is.

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @sink_before_source(%a: !S, %o: !S) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  "spensor.move_to"(%g, %h) : (!G, !G) -> ()
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  func.return
}

// CHECK-NOT: Traceback
// CHECK:      {{spensor-parallel-analysis|spensor-expand-parallel}}: operand #0 does not dominate this use: it is defined after this op
// CHECK:      "spensor.move_to"(%g, %h)
// CHECK-NEXT: {{\^+-*}}
// CHECK-NEXT: | operand #0 does not dominate this use: it is defined after this op

// -----

// An ndspensor op using a later one, and a split using a later index.
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
!G2 = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L2", []>>>>
func.func @move_before_source(%a: !S, %o: !S) {
  %c0 = arith.constant 0 : index
  %m = "spensor.move"(%g) <{memory_name = "L2"}> : (!G) -> !G2
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  %c2 = arith.constant 2 : index
  %b = "spensor.move"(%m) <{memory_name = "L3"}> : (!G2) -> !G
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  "spensor.move_to"(%b, %h) : (!G, !G) -> ()
  func.return
}

// CHECK-NOT: Traceback
// CHECK:      {{spensor-parallel-analysis|spensor-expand-parallel}}: operand #0 does not dominate this use: it is defined after this op (and 1 more)
// CHECK:      %m = "spensor.move"(%g)
// CHECK-NEXT: {{\^+-*}}
// CHECK-NEXT: | operand #0 does not dominate this use: it is defined after this op
// CHECK:      %g = "spensor.split"(%a, %c2, %c0)
// CHECK-NEXT: {{\^+-*}}
// CHECK-NEXT: | operand #1 does not dominate this use: it is defined after this op

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @two_blocks(%a: !S, %o: !S) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  cf.br ^next
^next:
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  "spensor.move_to"(%g, %h) : (!G, !G) -> ()
  func.return
}

// CHECK-NOT: Traceback
// CHECK:      {{spensor-parallel-analysis|spensor-expand-parallel}}: spensor.split on ndspensors cannot be expanded in a function of several blocks (and 2 more)
// CHECK:      | spensor.split on ndspensors cannot be expanded in a function of several blocks
// CHECK:      | spensor.split on ndspensors cannot be expanded in a function of several blocks
// CHECK:      | spensor.move_to on ndspensors cannot be expanded in a function of several blocks

// -----

// A function of several blocks without ndspensors is left as it is.
func.func @branch(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  func.return
^b:
  func.return
}

// CHECK-NOT: Traceback
// CHECK:     func.func @branch
// CHECK-NOT: Traceback

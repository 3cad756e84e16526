// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p spensor-memory-analysis | filecheck %s

// The memory table is attached to the module: shape, load / store lists, memory
// space and depth (0 for L3, which loads from nothing; 1 + the deepest level loaded
// from otherwise). The first declaration of a name wins. The IR is otherwise unchanged.

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [7], load = [], store = []}> : () -> ()
func.func @f(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [4, 4]>> {
  %b = "spensor.move"(%a) <{memory_name = "L1"}> : (!spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [4, 4]>>
  func.return %b : !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [4, 4]>>
}

// CHECK:      builtin.module attributes {spensor.memory_map = {
// CHECK-SAME:   L1 = #spensor.memory_level<shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"], memory_space = 2, depth = 2>,
// CHECK-SAME:   L2 = #spensor.memory_level<shape = [], load = ["L3"], store = ["L3"], memory_space = 1, depth = 1>,
// CHECK-SAME:   L3 = #spensor.memory_level<shape = [], load = [], store = [], memory_space = 0, depth = 0>}} {
// CHECK:        %b = "spensor.move"(%a) <{memory_name = "L1"}>

// -----

// A spensor in a memory nobody declared.
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
func.func @undeclared(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) {
  // expected-error @+1 {{memory "L2" is not declared}}
  %b = "spensor.move"(%a) <{memory_name = "L2"}> : (!spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L2", []>>
  func.return
}

// -----

// A declaration loading from an undeclared memory.
// expected-error @+1 {{memory "L2" is used by "L1" but never declared}}
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [], load = ["L2"], store = []}> : () -> ()

// -----

// Levels loading from each other.
// expected-error @+1 {{memory "L1" loads from itself through L1 -> L2}}
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [], load = ["L2"], store = []}> : () -> ()
// expected-error @+1 {{memory "L2" loads from itself through L2 -> L1}}
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L1"], store = []}> : () -> ()

// -----

// A memory type whose shape disagrees with the declaration.
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = [], store = []}> : () -> ()
// expected-error @+1 {{memory "L1" has shape [6] here but is declared with shape [4, 4]}}
func.func @shape(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [6]>>) {
  func.return
}

// -----

// A move the declarations do not allow: L1 stores only to L2, L3 loads from nothing.
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [], load = ["L2"], store = ["L2"]}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
func.func @illegal(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", []>>, %b: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) {
  // expected-error @+1 {{cannot move from "L1" to "L3": "L3" does not load from "L1" and "L1" does not store to "L3"}}
  "spensor.move_to"(%a, %b) : (!spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", []>>, !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> ()
  func.return
}

// -----

// Every op breaking a rule is named, and the module is left as it was (no memory map).
"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4], load = [], store = []}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
// expected-error @+1 {{memory "L1" has shape [2] here but is declared with shape [4]}}
func.func @several(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>, %b: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [2]>>) {
  // expected-error @+1 {{cannot move from "L3" to "L1": "L1" does not load from "L3" and "L3" does not store to "L1"}}
  %m = "spensor.move"(%a) <{memory_name = "L1"}> : (!spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L1", [4]>>
  // expected-error @+1 {{memory "L2" is not declared}}
  %n = "spensor.move"(%a) <{memory_name = "L2"}> : (!spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L2", []>>
  func.return
}


// RUN: xdsl-opt %s --split-input-file -p spensor-parallel-analysis | filecheck %s
// RUN: xdsl-opt %s --split-input-file -p 'spensor-parallel-analysis{reduce-strategy=tree}' | filecheck %s --check-prefix=TREE

// The README reduce program (after spensor-bufferize-output). The analysis reports
// the loop nest and, per op, the loops its tiles are computed in (or that it
// opens); the IR is otherwise unchanged.

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [6], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

!L1 = !spensor.memory<"L1", [6]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>

func.func @reduce(%a: !spensor.spensor<tensor<16x32xf32>, !L3>, %out: !spensor.spensor<tensor<16x1xf32>, !L3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = "spensor.split"(%a, %c4, %c1) : (!spensor.spensor<tensor<16x32xf32>, !L3>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !L3>>>
  %s2 = "spensor.move"(%s) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !L3>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !L2>>>
  %s1 = "spensor.move"(%s2) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !L2>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !L1>>>
  %r = "spensor.reduce_sum"(%s1) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !L1>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x1xf32>, !L1>>>
  %c = "ndspensor.combine"(%r, %c0, %c1) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x1xf32>, !L1>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !L2>>>
  %c1_ = "spensor.move"(%c) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !L2>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !L1>>>
  %rr = "spensor.reduce_sum"(%c1_) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x4xf32>, !L1>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L1>>>
  %r2 = "spensor.move"(%rr) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L1>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L2>>>
  %r3 = "spensor.move"(%r2) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L2>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L3>>>
  %o = "spensor.split_all"(%out) <{num_partitions = [1, 1]}> : (!spensor.spensor<tensor<16x1xf32>, !L3>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L3>>>
  "spensor.move_to"(%r3, %o) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L3>>>, !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x1xf32>, !L3>>>) -> ()
  func.return
}

// Loop 0: the segment loop of the final copy (grid [1]); loop 1: the cores summing
// the 4 slices, inside it (the combine moved its grid dim there); loop 2: one core
// for the second reduce_sum, whose result moves up to L2.
// CHECK:      func.func @reduce({{.*}}) attributes {spensor.parallel_loops = [
// CHECK-SAME:   #spensor.loop<bounds = [1], memory_tag = "L2", parent = -1>,
// CHECK-SAME:   #spensor.loop<bounds = [1], memory_tag = "L1", parent = 0>,
// CHECK-SAME:   #spensor.loop<bounds = [4], memory_tag = "L1", parent = 0>]} {
// CHECK:        %s = "spensor.split"(%a, %c4, %c1) {spensor.loops = [2 : i64]}
// CHECK-NEXT:   %s2 = "spensor.move"(%s) <{memory_name = "L2"}> {spensor.loops = [2 : i64]}
// CHECK-NEXT:   %s1 = "spensor.move"(%s2) <{memory_name = "L1"}> {spensor.loops = [2 : i64]}
// CHECK-NEXT:   %r = "spensor.reduce_sum"(%s1) {spensor.loops = [2 : i64]}
// CHECK-NEXT:   %c = "ndspensor.combine"(%r, %c0, %c1) <{memory_name = "L2"}> {spensor.loops = [0 : i64, 2 : i64]}
// CHECK-NEXT:   %c1_ = "spensor.move"(%c) <{memory_name = "L1"}> {spensor.loops = [1 : i64]}
// CHECK-NEXT:   %rr = "spensor.reduce_sum"(%c1_) {spensor.loops = [1 : i64]}
// CHECK-NEXT:   %r2 = "spensor.move"(%rr) <{memory_name = "L2"}> {spensor.loops = [0 : i64, 1 : i64]}
// CHECK-NEXT:   %r3 = "spensor.move"(%r2) <{memory_name = "L3"}> {spensor.loops = [0 : i64]}
// CHECK-NEXT:   %o = "spensor.split_all"(%out) <{num_partitions = [1 : i64, 1 : i64]}> {spensor.loops = [-1 : i64]}
// CHECK-NEXT:   "spensor.move_to"(%r3, %o) {spensor.loops = [0 : i64]}

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>

// ndspensor.reduce over 8 tiles: one core sums sequentially, or a tree of
// parallel rounds with 4, 2 and 1 pairs.
func.func @ndred(%a: !spensor.spensor<tensor<64x4xf32>, !L3>, %out: !spensor.spensor<tensor<8x4xf32>, !L3>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %s = "spensor.split"(%a, %c8, %c0) : (!spensor.spensor<tensor<64x4xf32>, !L3>, index, index) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x4xf32>, !L3>>>
  %s1 = "spensor.move"(%s) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x4xf32>, !L3>>>) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x4xf32>, !L1>>>
  %r = "ndspensor.reduce"(%s1) <{reduce_dim = [0], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<8x!spensor.spensor<tensor<8x4xf32>, !L1>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x4xf32>, !L2>>>
  %r3 = "spensor.move"(%r) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x4xf32>, !L2>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x4xf32>, !L3>>>
  %o = "spensor.split_all"(%out) <{num_partitions = [1, 1]}> : (!spensor.spensor<tensor<8x4xf32>, !L3>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x4xf32>, !L3>>>
  "spensor.move_to"(%r3, %o) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x4xf32>, !L3>>>, !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<8x4xf32>, !L3>>>) -> ()
  func.return
}

// CHECK:      func.func @ndred({{.*}}) attributes {spensor.parallel_loops = [
// CHECK-SAME:   #spensor.loop<bounds = [1], memory_tag = "L2", parent = -1>,
// CHECK-SAME:   #spensor.loop<bounds = [8], memory_tag = "L1", parent = 0>,
// CHECK-SAME:   #spensor.loop<bounds = [1], memory_tag = "L1", parent = 0>]} {
// CHECK:        %r = "ndspensor.reduce"(%s1) <{reduce_dim = [0 : i64], memory_name = "L2", op_name = "add"}> {spensor.loops = [0 : i64, 1 : i64, 2 : i64]}

// TREE:      func.func @ndred({{.*}}) attributes {spensor.parallel_loops = [
// TREE-SAME:   #spensor.loop<bounds = [1], memory_tag = "L2", parent = -1>,
// TREE-SAME:   #spensor.loop<bounds = [8], memory_tag = "L1", parent = 0>,
// TREE-SAME:   #spensor.loop<bounds = [4], memory_tag = "L1", parent = 0>,
// TREE-SAME:   #spensor.loop<bounds = [2], memory_tag = "L1", parent = 0>,
// TREE-SAME:   #spensor.loop<bounds = [1], memory_tag = "L1", parent = 0>]} {

// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p spensor-expand-parallel | filecheck %s
// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p 'spensor-expand-parallel{reduce-strategy=tree}' | filecheck %s --check-prefix=TREE

// Every ndspensor op becomes spensor ops on single tiles inside scf.parallel loops
// tagged with a memory level; one case per emission rule.

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<8x16xf32>, !L3>
!G3 = !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x4xf32>, !L3>>>
!G2 = !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x4xf32>, !L2>>>
!G1 = !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<8x4xf32>, !L1>>>
func.func @chain(%a: !A, %out: !A) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = "spensor.split"(%a, %c4, %c1) : (!A, index, index) -> !G3
  %s2 = "spensor.move"(%s) <{memory_name = "L2"}> : (!G3) -> !G2
  %s1 = "spensor.move"(%s2) <{memory_name = "L1"}> : (!G2) -> !G1
  %sum = "spensor.add"(%s1, %s1) : (!G1, !G1) -> !G1
  %u2 = "spensor.move"(%sum) <{memory_name = "L2"}> : (!G1) -> !G2
  %u3 = "spensor.move"(%u2) <{memory_name = "L3"}> : (!G2) -> !G3
  %o = "spensor.split"(%out, %c4, %c1) : (!A, index, index) -> !G3
  "spensor.move_to"(%u3, %o) : (!G3, !G3) -> ()
  func.return
}

// A sink (move_to of ndspensors) opens a segment loop over the grid. split gives a
// subview at affine offsets; the L3 -> L2 copy is hoisted to the segment loop; the
// L1 work runs in a one-iteration core loop whose result goes up to L2 through a
// buffer allocated in the segment loop.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<8x16xf32>, !spensor.memory<"L3", []>>, %[[OUT:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<8x16xf32>, !spensor.memory<"L3", []>>) {
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[C4:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: "scf.parallel"(%[[V0]], %[[V2]], %[[V1]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V3:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"(%[[V3]]) <{memory_name = "L2"}> : (index) -> !spensor.memory<"L2", []>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V4]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V3]]]
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V9]], %[[V10]], %[[V11]], %[[V12]], %[[V13]], %[[V14]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V15]]) <{memory_name = "L2"}> : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: "scf.parallel"(%[[V6]], %[[V8]], %[[V7]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V17:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V16]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = "spensor.add"(%[[V18]], %[[V18]]) : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L1", [4, 4]>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: "spensor.move_to"(%[[V19]], %[[V5]]) : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V5]]) <{memory_name = "L3"}> : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V3]]]
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[OUT]], %[[V21]], %[[V22]], %[[V23]], %[[V24]], %[[V25]], %[[V26]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V20]], %[[V27]]) : (!spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x4xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// CHECK-NEXT: func.return

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<8x8xf32>, !L3>
!G = !spensor.ndspensor<tensor<2x2x!spensor.spensor<tensor<4x4xf32>, !L3>>>
!G2 = !spensor.ndspensor<tensor<2x2x!spensor.spensor<tensor<4x4xf32>, !L2>>>
func.func @split_all_matmul_fill(%a: !A, %x: f32, %out: !A) {
  %g = "spensor.split_all"(%a) <{num_partitions = [2, 2]}> : (!A) -> !G
  %m = "spensor.matmul"(%g, %g) : (!G, !G) -> !G
  %f = "spensor.split_all"(%out) <{num_partitions = [2, 2]}> : (!A) -> !G
  %r = "spensor.reduce_sum"(%m) : (!G) -> !spensor.ndspensor<tensor<2x2x!spensor.spensor<tensor<4x1xf32>, !L3>>>
  %z = "spensor.fill"(%x, %f) : (f32, !G) -> !G
  "spensor.move_to"(%m, %z) : (!G, !G) -> ()
  func.return
}

// split_all indexes every split dim with its own induction variable; matmul and
// fill act per tile (fill in place, so its result is the output's tile); the unused
// reduce_sum disappears with the ndspensor ops.
// CHECK-LABEL: func.func @split_all_matmul_fill(
// CHECK:         ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT:      %[[R:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[I]]]
// CHECK-NEXT:      %[[C:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[J]]]
// CHECK:           %[[T:.*]] = "spensor.subview"(%a, %[[R]], %[[C]], {{.*}}) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT:      %[[M:.*]] = "spensor.matmul"(%[[T]], %[[T]])
// CHECK:           %[[O:.*]] = "spensor.subview"(%out,
// CHECK-NEXT:      %[[Z:.*]] = "spensor.fill"(%x, %[[O]])
// CHECK-NEXT:      "spensor.move_to"(%[[M]], %[[Z]])
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }) {memory_tag = "L2"} : (index, index, index, index, index, index) -> ()
// CHECK-NOT:     spensor.reduce_sum

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<8x8xf32>, !L3>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4x8xf32>, !L3>>>
!R = !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<4x8xf32>, !L3>>>
!B = !spensor.ndspensor<tensor<3x2x!spensor.spensor<tensor<4x8xf32>, !L3>>>
func.func @repeat_broadcast(%a: !A, %o: !spensor.spensor<tensor<16x8xf32>, !L3>, %p: !spensor.spensor<tensor<12x16xf32>, !L3>, %q: !spensor.spensor<tensor<8x8xf32>, !L3>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!A, index, index) -> !G
  %r = "ndspensor.repeat"(%g, %c2, %c0) : (!G, index, index) -> !R
  %rs = "ndspensor.combine_to_spensor"(%r) <{combine_index = [0]}> : (!R) -> !spensor.spensor<tensor<16x8xf32>, !L3>
  "spensor.move_to"(%rs, %o) : (!spensor.spensor<tensor<16x8xf32>, !L3>, !spensor.spensor<tensor<16x8xf32>, !L3>) -> ()
  %b = "ndspensor.broadcast"(%g) <{dimensions = [3, 2]}> : (!G) -> !B
  %bs = "ndspensor.combine_to_spensor"(%b) <{combine_index = [0, 1]}> : (!B) -> !spensor.spensor<tensor<12x16xf32>, !L3>
  "spensor.move_to"(%bs, %p) : (!spensor.spensor<tensor<12x16xf32>, !L3>, !spensor.spensor<tensor<12x16xf32>, !L3>) -> ()
  %one = "ndspensor.repeat"(%a, %c2, %c0) : (!A, index, index) -> !spensor.ndspensor<tensor<2x!A>>
  %oa = "ndspensor.combine_to_spensor"(%one) <{combine_index = [0]}> : (!spensor.ndspensor<tensor<2x!A>>) -> !spensor.spensor<tensor<16x8xf32>, !L3>
  func.return
}

// combine_to_spensor in the middle of a function fills a new buffer block-wise and
// its uses take the buffer. repeat re-indexes its source with floordiv, broadcast
// with 0 on broadcast grid dims; a repeated spensor is used as it is.
// CHECK-LABEL: func.func @repeat_broadcast(
// CHECK:         %[[RS:.*]] = "spensor.alloc_spensor"(%{{.*}}) : (!spensor.memory<"L3", []>) -> !spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>
// CHECK:         ^bb0(%[[K:.*]]: index):
// CHECK-NEXT:      %[[SRC:.*]] = affine.apply affine_map<()[s0] -> (((s0 floordiv 2) * 4))> ()[%[[K]]]
// CHECK:           %[[T:.*]] = "spensor.subview"(%a, %[[SRC]],
// CHECK-NEXT:      %[[DST:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[K]]]
// CHECK:           %[[V:.*]] = "spensor.subview"(%[[RS]], %[[DST]],
// CHECK-NEXT:      "spensor.move_to"(%[[T]], %[[V]])
// CHECK:         "spensor.move_to"(%[[RS]], %o)
// CHECK:         ^bb0(%[[B0:.*]]: index, %[[B1:.*]]: index):
// CHECK-NEXT:      %[[BSRC:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[B1]]]
// CHECK:           "spensor.subview"(%a, %[[BSRC]],
// CHECK:         %[[OA:.*]] = "spensor.alloc_spensor"
// CHECK:           %[[OV:.*]] = "spensor.subview"(%[[OA]],
// CHECK-NEXT:      "spensor.move_to"(%a, %[[OV]])

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<4x16xf32>, !L3>
!G1 = !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<4x4xf32>, !L1>>>
func.func @combine_reduce(%a: !A, %o: !spensor.spensor<tensor<4x16xf32>, !L3>, %p: !spensor.spensor<tensor<4x4xf32>, !L3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %s = "spensor.split"(%a, %c4, %c1) : (!A, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<4x4xf32>, !L3>>>
  %s1 = "spensor.move"(%s) <{memory_name = "L1"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<4x4xf32>, !L3>>>) -> !G1
  %c = "ndspensor.combine"(%s1, %c0, %c1) <{memory_name = "L2"}> : (!G1, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x16xf32>, !L2>>>
  %c3 = "spensor.move"(%c) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x16xf32>, !L2>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x16xf32>, !L3>>>
  %ov = "spensor.split_all"(%o) <{num_partitions = [1, 1]}> : (!spensor.spensor<tensor<4x16xf32>, !L3>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x16xf32>, !L3>>>
  "spensor.move_to"(%c3, %ov) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x16xf32>, !L3>>>, !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x16xf32>, !L3>>>) -> ()
  %r = "ndspensor.reduce"(%s1) <{reduce_dim = [0], memory_name = "L2", op_name = "add"}> : (!G1) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x4xf32>, !L2>>>
  %r3 = "spensor.move"(%r) <{memory_name = "L3"}> : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x4xf32>, !L2>>>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x4xf32>, !L3>>>
  %pv = "spensor.split_all"(%p) <{num_partitions = [1, 1]}> : (!spensor.spensor<tensor<4x4xf32>, !L3>) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x4xf32>, !L3>>>
  "spensor.move_to"(%r3, %pv) : (!spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x4xf32>, !L3>>>, !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<4x4xf32>, !L3>>>) -> ()
  func.return
}

// combine allocates its result in the segment loop and a core loop over the
// combined grid dim writes each tile into its slice.
// CHECK-LABEL: func.func @combine_reduce(
// CHECK:         ^bb0(%[[SEG:.*]]: index):
// CHECK-NEXT:      %[[MEM:.*]] = "spensor.get_memory"(%[[SEG]]) <{memory_name = "L2"}>
// CHECK-NEXT:      %[[BUF:.*]] = "spensor.alloc_spensor"(%[[MEM]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>
// CHECK:           ^bb0(%[[J:.*]]: index):
// CHECK:             %[[T:.*]] = "spensor.move"(%{{.*}}) <{memory_name = "L1"}>
// CHECK:             %[[OFF:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[J]]]
// CHECK:             %[[SLICE:.*]] = "spensor.subview"(%[[BUF]], %{{.*}}, %[[OFF]],
// CHECK-NEXT:        "spensor.move_to"(%[[T]], %[[SLICE]])
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT:      "spensor.move"(%[[BUF]]) <{memory_name = "L3"}>

// ndspensor.reduce stacks the partial tiles in a [4, 4, 4] buffer (a core loop over
// the reduced dim), then one core adds them up in an scf.for carrying the sum...
// CHECK:           %[[STACK:.*]] = "spensor.alloc_spensor"(%{{.*}}) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>
// CHECK:           ^bb0(%[[K:.*]]: index):
// CHECK:             %[[PIECE:.*]] = "spensor.subview"(%[[STACK]], %[[K]], {{.*}}) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT:        "spensor.move_to"(%{{.*}}, %[[PIECE]])
// CHECK:           %[[RES:.*]] = "spensor.alloc_spensor"(%{{.*}}) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK:           %[[FIRST:.*]] = "spensor.subview"(%[[STACK]],
// CHECK-NEXT:      "scf.parallel"({{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:      ^bb0(%{{.*}}: index):
// CHECK-NEXT:        %[[ACC0:.*]] = "spensor.move"(%[[FIRST]]) <{memory_name = "L1"}>
// CHECK:             %[[ACC:.*]] = scf.for %[[N:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[CUR:.*]] = %[[ACC0]]) -> (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>) {
// CHECK:               %[[P:.*]] = "spensor.subview"(%[[STACK]], %[[N]],
// CHECK-NEXT:          %[[P1:.*]] = "spensor.move"(%[[P]]) <{memory_name = "L1"}>
// CHECK-NEXT:          %[[NEXT:.*]] = "spensor.add"(%[[CUR]], %[[P1]]) {self_assign = true}
// CHECK-NEXT:          scf.yield %[[NEXT]]
// CHECK-NEXT:        }
// CHECK-NEXT:        "spensor.move_to"(%[[ACC]], %[[RES]])
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT:      "spensor.move"(%[[RES]]) <{memory_name = "L3"}>

// ... or, as a tree, in rounds of pairwise adds across cores: piece[2i] +=
// piece[2i + 1], then piece[4i] += piece[4i + 2]; the sum is piece 0.
// TREE-LABEL: func.func @combine_reduce(
// TREE:           %[[STACK:.*]] = "spensor.alloc_spensor"(%{{.*}}) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>
// TREE:           }) {memory_tag = "L1"} : (index, index, index) -> ()
// TREE:           %[[TWO:.*]] = arith.constant 2 : index
// TREE:           "scf.parallel"(%{{.*}}, %[[TWO]], %{{.*}})
// TREE-NEXT:      ^bb0(%[[I:.*]]: index):
// TREE-NEXT:        %[[A:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 2))> ()[%[[I]]]
// TREE:             %[[PA:.*]] = "spensor.subview"(%[[STACK]], %[[A]],
// TREE-NEXT:        %[[B:.*]] = affine.apply affine_map<()[s0] -> (((s0 * 2) + 1))> ()[%[[I]]]
// TREE:             %[[PB:.*]] = "spensor.subview"(%[[STACK]], %[[B]],
// TREE-NEXT:        %[[LA:.*]] = "spensor.move"(%[[PA]]) <{memory_name = "L1"}>
// TREE-NEXT:        %[[LB:.*]] = "spensor.move"(%[[PB]]) <{memory_name = "L1"}>
// TREE-NEXT:        %[[S:.*]] = "spensor.add"(%[[LA]], %[[LB]]) {self_assign = true}
// TREE-NEXT:        "spensor.move_to"(%[[S]], %[[PA]])
// TREE:           "scf.parallel"
// TREE-NEXT:      ^bb0(%[[I2:.*]]: index):
// TREE-NEXT:        affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[I2]]]
// TREE:             affine.apply affine_map<()[s0] -> (((s0 * 4) + 2))> ()[%[[I2]]]
// TREE:           }) {memory_tag = "L1"} : (index, index, index) -> ()
// TREE-NEXT:      arith.constant
// TREE:           %[[SUM:.*]] = "spensor.subview"(%[[STACK]],
// TREE-NEXT:      "spensor.move"(%[[SUM]]) <{memory_name = "L3"}>

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
// expected-error @+1 {{ndspensor function arguments cannot be expanded}}
func.func @grid_argument(%g: !G, %o: !G) {
  "spensor.move_to"(%g, %o) : (!G, !G) -> ()
  func.return
}

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @in_place(%a: !S) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  // expected-error @+1 {{spensor.add with self_assign = true on ndspensors cannot be expanded; use a plain add}}
  %s = "spensor.add"(%g, %g) {self_assign = true} : (!G, !G) -> !G
  func.return
}

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @returned(%a: !S) -> !G {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  // expected-error @+1 {{func.return uses an ndspensor, which cannot be expanded}}
  func.return %g : !G
}

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
// expected-error @+1 {{the attached spensor.parallel_loops no longer match the program; rerun spensor-parallel-analysis}}
func.func @stale(%a: !S, %o: !S) attributes {spensor.parallel_loops = [#spensor.loop<bounds = [4], memory_tag = "L3", parent = -1>]} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  "spensor.move_to"(%g, %h) : (!G, !G) -> ()
  func.return
}

// -----

!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
// expected-error @+1 {{memory "L3" is not declared}}
func.func @undeclared(%a: !S, %o: !S) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{memory "L3" is not declared}}
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  // expected-error @+1 {{memory "L3" is not declared}}
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  // expected-error @+1 {{memory "L3" is not declared}}
  "spensor.move_to"(%g, %h) : (!G, !G) -> ()
  func.return
}

// -----

// Every op that cannot be expanded is named, in every function, before anything
// changes: @fine, which could be expanded, is left as it was
// (tests/transforms/test_failing_passes.py).
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!S = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
func.func @fine(%a: !S, %o: !S) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  %h = "spensor.split"(%o, %c2, %c0) : (!S, index, index) -> !G
  "spensor.move_to"(%g, %h) : (!G, !G) -> ()
  func.return
}
func.func @bad(%a: !S) -> !G {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %g = "spensor.split"(%a, %c2, %c0) : (!S, index, index) -> !G
  // expected-error @+1 {{spensor.add with self_assign = true on ndspensors cannot be expanded; use a plain add}}
  %s = "spensor.add"(%g, %g) {self_assign = true} : (!G, !G) -> !G
  // expected-error @+1 {{func.return uses an ndspensor, which cannot be expanded}}
  func.return %s : !G
}


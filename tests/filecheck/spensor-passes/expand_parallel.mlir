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
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %[[X:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: "scf.parallel"(%[[V0]], %[[V0]], %[[V2]], %[[V3]], %[[V1]], %[[V1]]) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V4]]]
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V5]]]
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V6]], %[[V7]], %[[V8]], %[[V9]], %[[V10]], %[[V11]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = "spensor.matmul"(%[[V12]], %[[V12]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V4]]]
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V5]]]
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[OUT]], %[[V14]], %[[V15]], %[[V16]], %[[V17]], %[[V18]], %[[V19]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = "spensor.fill"(%[[X]], %[[V20]]) : (f32, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V13]], %[[V21]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index, index, index, index) -> ()
// CHECK-NEXT: func.return
// CHECK-NEXT: }

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
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, %[[O:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>, %[[P:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<12x16xf32>, !spensor.memory<"L3", []>>, %[[Q:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) {
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C2:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"() <{memory_name = "L3"}> : () -> !spensor.memory<"L3", []>
// CHECK-NEXT: %[[RS:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V0]]) : (!spensor.memory<"L3", []>) -> !spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: "scf.parallel"(%[[V1]], %[[V3]], %[[V2]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V4:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> (((s0 floordiv 2) * 4))> ()[%[[V4]]]
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V5]], %[[V6]], %[[V7]], %[[V8]], %[[V9]], %[[V10]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V4]]]
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[RS]], %[[V12]], %[[V13]], %[[V14]], %[[V15]], %[[V16]], %[[V17]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V11]], %[[V18]]) : (!spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// CHECK-NEXT: "spensor.move_to"(%[[RS]], %[[O]]) : (!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"() <{memory_name = "L3"}> : () -> !spensor.memory<"L3", []>
// CHECK-NEXT: %[[BS:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V19]]) : (!spensor.memory<"L3", []>) -> !spensor.spensor<tensor<12x16xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: "scf.parallel"(%[[V20]], %[[V20]], %[[V22]], %[[V23]], %[[V21]], %[[V21]]) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V24:[a-zA-Z0-9_$.]+]]: index, %[[V25:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V25]]]
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V26]], %[[V27]], %[[V28]], %[[V29]], %[[V30]], %[[V31]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V24]]]
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 8))> ()[%[[V25]]]
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[BS]], %[[V33]], %[[V34]], %[[V35]], %[[V36]], %[[V37]], %[[V38]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<12x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V32]], %[[V39]]) : (!spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x8xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index, index, index, index) -> ()
// CHECK-NEXT: "spensor.move_to"(%[[BS]], %[[P]]) : (!spensor.spensor<tensor<12x16xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<12x16xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"() <{memory_name = "L3"}> : () -> !spensor.memory<"L3", []>
// CHECK-NEXT: %[[OA:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V40]]) : (!spensor.memory<"L3", []>) -> !spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V43:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: "scf.parallel"(%[[V41]], %[[V43]], %[[V42]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V44:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 8))> ()[%[[V44]]]
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.constant 8 : index
// CHECK-NEXT: %[[V49:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[OA]], %[[V45]], %[[V46]], %[[V47]], %[[V48]], %[[V49]], %[[V50]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[A]], %[[V51]]) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// CHECK-NEXT: func.return
// CHECK-NEXT: }

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
// ndspensor.reduce stacks the partial tiles in a [4, 4, 4] buffer (a core loop over
// the reduced dim), then one core adds them up in an scf.for carrying the sum...
// ... or, as a tree, in rounds of pairwise adds across cores: piece[2i] +=
// piece[2i + 1], then piece[4i] += piece[4i + 2]; the sum is piece 0.

// CHECK-LABEL: func.func @combine_reduce(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, %[[O:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, %[[P:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) {
// CHECK-NEXT: %[[C0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[C4:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 16 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[O]], %[[V3]], %[[V4]], %[[V5]], %[[V6]], %[[V7]], %[[V8]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "scf.parallel"(%[[V0]], %[[V2]], %[[V1]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V10:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"(%[[V10]]) <{memory_name = "L2"}> : (index) -> !spensor.memory<"L2", []>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V11]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: "scf.parallel"(%[[V13]], %[[V15]], %[[V14]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V16:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V16]]]
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V17]], %[[V18]], %[[V19]], %[[V20]], %[[V21]], %[[V22]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V23]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V16]]]
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V12]], %[[V25]], %[[V26]], %[[V27]], %[[V28]], %[[V29]], %[[V30]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V24]], %[[V31]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V12]]) <{memory_name = "L3"}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V32]], %[[V9]]) : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[P]], %[[V36]], %[[V37]], %[[V38]], %[[V39]], %[[V40]], %[[V41]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "scf.parallel"(%[[V33]], %[[V35]], %[[V34]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V43:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"(%[[V43]]) <{memory_name = "L2"}> : (index) -> !spensor.memory<"L2", []>
// CHECK-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V44]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: "scf.parallel"(%[[V46]], %[[V48]], %[[V47]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V49:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V49]]]
// CHECK-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V50]], %[[V51]], %[[V52]], %[[V53]], %[[V54]], %[[V55]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V56]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V49]], %[[V58]], %[[V59]], %[[V60]], %[[V61]], %[[V62]], %[[V63]], %[[V64]], %[[V65]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V57]], %[[V66]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"(%[[V43]]) <{memory_name = "L2"}> : (index) -> !spensor.memory<"L2", []>
// CHECK-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V67]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V70:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V79:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V80:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V81:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V72]], %[[V73]], %[[V74]], %[[V75]], %[[V76]], %[[V77]], %[[V78]], %[[V79]], %[[V80]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: "scf.parallel"(%[[V69]], %[[V71]], %[[V70]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT: ^bb0(%[[V82:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: %[[V83:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V81]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: %[[V84:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V85:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V86:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V87:[a-zA-Z0-9_$.]+]] = scf.for %[[V88:[a-zA-Z0-9_$.]+]] = %[[V84]] to %[[V85]] step %[[V86]] iter_args(%[[V89:[a-zA-Z0-9_$.]+]] = %[[V83]]) -> (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>) {
// CHECK-NEXT: %[[V90:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V91:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V92:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V93:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V94:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// CHECK-NEXT: %[[V95:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V96:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V97:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[V98:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V88]], %[[V90]], %[[V91]], %[[V92]], %[[V93]], %[[V94]], %[[V95]], %[[V96]], %[[V97]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: %[[V99:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V98]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: %[[V100:[a-zA-Z0-9_$.]+]] = "spensor.add"(%[[V89]], %[[V99]]) {self_assign = true} : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: scf.yield %[[V100]] : !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: }
// CHECK-NEXT: "spensor.move_to"(%[[V87]], %[[V68]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT: %[[V101:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V68]]) <{memory_name = "L3"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: "spensor.move_to"(%[[V101]], %[[V42]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> ()
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// CHECK-NEXT: func.return
// CHECK-NEXT: }

// TREE-LABEL: func.func @combine_reduce(
// TREE-SAME: %[[A:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, %[[O:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, %[[P:[a-zA-Z0-9_$.]+]]: !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) {
// TREE-NEXT: %[[C0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[C1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[C4:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 16 : index
// TREE-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[O]], %[[V3]], %[[V4]], %[[V5]], %[[V6]], %[[V7]], %[[V8]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>
// TREE-NEXT: "scf.parallel"(%[[V0]], %[[V2]], %[[V1]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// TREE-NEXT: ^bb0(%[[V10:[a-zA-Z0-9_$.]+]]: index):
// TREE-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"(%[[V10]]) <{memory_name = "L2"}> : (index) -> !spensor.memory<"L2", []>
// TREE-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V11]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: "scf.parallel"(%[[V13]], %[[V15]], %[[V14]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// TREE-NEXT: ^bb0(%[[V16:[a-zA-Z0-9_$.]+]]: index):
// TREE-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V16]]]
// TREE-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V17]], %[[V18]], %[[V19]], %[[V20]], %[[V21]], %[[V22]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// TREE-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V23]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V16]]]
// TREE-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V12]], %[[V25]], %[[V26]], %[[V27]], %[[V28]], %[[V29]], %[[V30]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: "spensor.move_to"(%[[V24]], %[[V31]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// TREE-NEXT: scf.reduce
// TREE-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// TREE-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V12]]) <{memory_name = "L3"}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>
// TREE-NEXT: "spensor.move_to"(%[[V32]], %[[V9]]) : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>) -> ()
// TREE-NEXT: scf.reduce
// TREE-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// TREE-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V41:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V42:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[P]], %[[V36]], %[[V37]], %[[V38]], %[[V39]], %[[V40]], %[[V41]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// TREE-NEXT: "scf.parallel"(%[[V33]], %[[V35]], %[[V34]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// TREE-NEXT: ^bb0(%[[V43:[a-zA-Z0-9_$.]+]]: index):
// TREE-NEXT: %[[V44:[a-zA-Z0-9_$.]+]] = "spensor.get_memory"(%[[V43]]) <{memory_name = "L2"}> : (index) -> !spensor.memory<"L2", []>
// TREE-NEXT: %[[V45:[a-zA-Z0-9_$.]+]] = "spensor.alloc_spensor"(%[[V44]]) : (!spensor.memory<"L2", []>) -> !spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V46:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V47:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V48:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: "scf.parallel"(%[[V46]], %[[V48]], %[[V47]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// TREE-NEXT: ^bb0(%[[V49:[a-zA-Z0-9_$.]+]]: index):
// TREE-NEXT: %[[V50:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V51:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V49]]]
// TREE-NEXT: %[[V52:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V53:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V54:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V55:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V56:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[A]], %[[V50]], %[[V51]], %[[V52]], %[[V53]], %[[V54]], %[[V55]]) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<4x16xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// TREE-NEXT: %[[V57:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V56]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: %[[V58:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V59:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V60:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V61:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V62:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V63:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V64:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V65:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V66:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V49]], %[[V58]], %[[V59]], %[[V60]], %[[V61]], %[[V62]], %[[V63]], %[[V64]], %[[V65]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: "spensor.move_to"(%[[V57]], %[[V66]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// TREE-NEXT: scf.reduce
// TREE-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// TREE-NEXT: %[[V67:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V68:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V69:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// TREE-NEXT: "scf.parallel"(%[[V67]], %[[V69]], %[[V68]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// TREE-NEXT: ^bb0(%[[V70:[a-zA-Z0-9_$.]+]]: index):
// TREE-NEXT: %[[V71:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 2))> ()[%[[V70]]]
// TREE-NEXT: %[[V72:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V73:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V74:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V75:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V76:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V77:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V78:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V79:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V80:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V71]], %[[V72]], %[[V73]], %[[V74]], %[[V75]], %[[V76]], %[[V77]], %[[V78]], %[[V79]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V81:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> (((s0 * 2) + 1))> ()[%[[V70]]]
// TREE-NEXT: %[[V82:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V83:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V84:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V85:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V86:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V87:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V88:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V89:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V90:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V81]], %[[V82]], %[[V83]], %[[V84]], %[[V85]], %[[V86]], %[[V87]], %[[V88]], %[[V89]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V91:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V80]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: %[[V92:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V90]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: %[[V93:[a-zA-Z0-9_$.]+]] = "spensor.add"(%[[V91]], %[[V92]]) {self_assign = true} : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: "spensor.move_to"(%[[V93]], %[[V80]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// TREE-NEXT: scf.reduce
// TREE-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// TREE-NEXT: %[[V94:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V95:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V96:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: "scf.parallel"(%[[V94]], %[[V96]], %[[V95]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// TREE-NEXT: ^bb0(%[[V97:[a-zA-Z0-9_$.]+]]: index):
// TREE-NEXT: %[[V98:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[V97]]]
// TREE-NEXT: %[[V99:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V100:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V101:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V102:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V103:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V104:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V105:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V106:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V107:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V98]], %[[V99]], %[[V100]], %[[V101]], %[[V102]], %[[V103]], %[[V104]], %[[V105]], %[[V106]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V108:[a-zA-Z0-9_$.]+]] = affine.apply affine_map<()[s0] -> (((s0 * 4) + 2))> ()[%[[V97]]]
// TREE-NEXT: %[[V109:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V110:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V111:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V112:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V113:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V114:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V115:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V116:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V117:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V108]], %[[V109]], %[[V110]], %[[V111]], %[[V112]], %[[V113]], %[[V114]], %[[V115]], %[[V116]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V118:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V107]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: %[[V119:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V117]]) <{memory_name = "L1"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: %[[V120:[a-zA-Z0-9_$.]+]] = "spensor.add"(%[[V118]], %[[V119]]) {self_assign = true} : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>
// TREE-NEXT: "spensor.move_to"(%[[V120]], %[[V107]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> ()
// TREE-NEXT: scf.reduce
// TREE-NEXT: }) {memory_tag = "L1"} : (index, index, index) -> ()
// TREE-NEXT: %[[V121:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V122:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V123:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// TREE-NEXT: %[[V124:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V125:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V126:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// TREE-NEXT: %[[V127:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V128:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V129:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// TREE-NEXT: %[[V130:[a-zA-Z0-9_$.]+]] = "spensor.subview"(%[[V45]], %[[V121]], %[[V122]], %[[V123]], %[[V124]], %[[V125]], %[[V126]], %[[V127]], %[[V128]], %[[V129]]) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (!spensor.spensor<tensor<4x4x4xf32>, !spensor.memory<"L2", []>>, index, index, index, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>
// TREE-NEXT: %[[V131:[a-zA-Z0-9_$.]+]] = "spensor.move"(%[[V130]]) <{memory_name = "L3"}> : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>
// TREE-NEXT: "spensor.move_to"(%[[V131]], %[[V42]]) : (!spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<4x4xf32>, !spensor.memory<"L3", []>>) -> ()
// TREE-NEXT: scf.reduce
// TREE-NEXT: }) {memory_tag = "L2"} : (index, index, index) -> ()
// TREE-NEXT: func.return
// TREE-NEXT: }

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


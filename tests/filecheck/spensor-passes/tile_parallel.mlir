// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p spensor-tile-parallel | filecheck %s
// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p 'spensor-tile-parallel{tiling=temporal}' | filecheck %s --check-prefix=TEMPORAL

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = [], store = []}> : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = [], store = []}> : () -> ()

func.func @loops(%m: memref<64xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  // Bounds that fit the 4x4 core grid, and a loop on a memory without a grid: unchanged.
  "scf.parallel"(%c0, %c0, %c2, %c3, %c1, %c1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()
  "scf.parallel"(%c0, %c8, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    memref.store %i, %m[%i] : memref<64xindex>
    scf.reduce
  }) {memory_tag = "L2"} : (index, index, index) -> ()
  // 8 iterations on a 4x4 grid: 8 cores (4x2), no sequential steps.
  "scf.parallel"(%c0, %c8, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    memref.store %i, %m[%i] : memref<64xindex>
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index) -> ()
  // 8x8 on 4x4: all 16 cores, 2x2 steps each.
  "scf.parallel"(%c0, %c0, %c8, %c8, %c1, %c1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %c8 : index
    %l = arith.addi %k, %j : index
    memref.store %l, %m[%l] : memref<64xindex>
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()
  func.return
}

// CHECK-LABEL: func.func @loops(
// CHECK:         "scf.parallel"(%c0, %c0, %c2, %c3, %c1, %c1)
// CHECK:         }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()
// CHECK:         "scf.parallel"(%c0, %c8, %c1)
// CHECK:         }) {memory_tag = "L2"} : (index, index, index) -> ()

// CHECK:         %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[O:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    "scf.parallel"(%[[Z]], %[[Z]], %[[C4]], %[[C2]], %[[O]], %[[O]]) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// CHECK-NEXT:    ^bb0(%[[P0:.*]]: index, %[[P1:.*]]: index):
// CHECK-NEXT:      %[[I:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[P0]], %[[P1]]]
// CHECK-NEXT:      memref.store %[[I]], %m[%[[I]]]
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()

// spatial: scf.for {scf.parallel}, index = step * 4 + core.
// CHECK:         %[[FZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[FO:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[F2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.for %[[T0:.*]] = %[[FZ]] to %[[F2]] step %[[FO]] {
// CHECK-NEXT:      %[[GZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[GO:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[G2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      scf.for %[[T1:.*]] = %[[GZ]] to %[[G2]] step %[[GO]] {
// CHECK-NEXT:        %[[PZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:        %[[PO:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[C4B:.*]] = arith.constant 4 : index
// CHECK-NEXT:        %[[C4C:.*]] = arith.constant 4 : index
// CHECK-NEXT:        "scf.parallel"(%[[PZ]], %[[PZ]], %[[C4B]], %[[C4C]], %[[PO]], %[[PO]]) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// CHECK-NEXT:        ^bb0(%[[Q0:.*]]: index, %[[Q1:.*]]: index):
// CHECK-NEXT:          %[[I0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s1 * 4) + s0))> ()[%[[Q0]], %[[T0]]]
// CHECK-NEXT:          %[[J0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s1 * 4) + s0))> ()[%[[Q1]], %[[T1]]]
// CHECK-NEXT:          %[[K:.*]] = arith.muli %[[I0]], %c8 : index
// CHECK-NEXT:          %[[L:.*]] = arith.addi %[[K]], %[[J0]] : index
// CHECK-NEXT:          memref.store %[[L]], %m[%[[L]]] : memref<64xindex>
// CHECK-NEXT:          scf.reduce
// CHECK-NEXT:        }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// temporal: scf.parallel {scf.for}, index = core * 2 + step.
// TEMPORAL-LABEL: func.func @loops(
// TEMPORAL:         }) {memory_tag = "L2"}
// TEMPORAL:         }) {memory_tag = "L1"}
// TEMPORAL:         %[[PZ:.*]] = arith.constant 0 : index
// TEMPORAL-NEXT:    %[[PO:.*]] = arith.constant 1 : index
// TEMPORAL-NEXT:    %[[P4A:.*]] = arith.constant 4 : index
// TEMPORAL-NEXT:    %[[P4B:.*]] = arith.constant 4 : index
// TEMPORAL-NEXT:    "scf.parallel"(%[[PZ]], %[[PZ]], %[[P4A]], %[[P4B]], %[[PO]], %[[PO]]) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// TEMPORAL-NEXT:    ^bb0(%[[Q0:.*]]: index, %[[Q1:.*]]: index):
// TEMPORAL-NEXT:      %[[FZ:.*]] = arith.constant 0 : index
// TEMPORAL-NEXT:      %[[FO:.*]] = arith.constant 1 : index
// TEMPORAL-NEXT:      %[[F2:.*]] = arith.constant 2 : index
// TEMPORAL-NEXT:      scf.for %[[T0:.*]] = %[[FZ]] to %[[F2]] step %[[FO]] {
// TEMPORAL-NEXT:        %[[GZ:.*]] = arith.constant 0 : index
// TEMPORAL-NEXT:        %[[GO:.*]] = arith.constant 1 : index
// TEMPORAL-NEXT:        %[[G2:.*]] = arith.constant 2 : index
// TEMPORAL-NEXT:        scf.for %[[T1:.*]] = %[[GZ]] to %[[G2]] step %[[GO]] {
// TEMPORAL-NEXT:          %[[I0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[Q0]], %[[T0]]]
// TEMPORAL-NEXT:          %[[J0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[Q1]], %[[T1]]]
// TEMPORAL-NEXT:          %[[K:.*]] = arith.muli %[[I0]], %c8 : index
// TEMPORAL-NEXT:          %[[L:.*]] = arith.addi %[[K]], %[[J0]] : index
// TEMPORAL-NEXT:          memref.store %[[L]], %m[%[[L]]] : memref<64xindex>
// TEMPORAL-NEXT:        }
// TEMPORAL-NEXT:      }
// TEMPORAL-NEXT:      scf.reduce
// TEMPORAL-NEXT:    }) {memory_tag = "L1"} : (index, index, index, index, index, index) -> ()

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4], load = [], store = []}> : () -> ()
"spensor.declare_memory"() <{memory_name = "S", memory_shape = [8, 4], load = [], store = []}> : () -> ()

func.func @odd(%m: memref<64xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c12 = arith.constant 12 : index
  // 7 is prime: one core, 7 steps.
  "scf.parallel"(%c0, %c7, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    memref.store %i, %m[%i] : memref<64xindex>
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index) -> ()
  // 12 on an 8x4 grid (Strix): 6x2 cores.
  "scf.parallel"(%c0, %c12, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    memref.store %i, %m[%i] : memref<64xindex>
    scf.reduce
  }) {memory_tag = "S"} : (index, index, index) -> ()
  func.return
}

// CHECK-LABEL: func.func @odd(
// CHECK:         %[[FZ:[0-9]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[FO:[0-9]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[SEVEN:[0-9]+]] = arith.constant 7 : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %[[FZ]] to %[[SEVEN]] step %[[FO]] {
// CHECK-NEXT:      %[[PZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[PO:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[ONE_CORE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      "scf.parallel"(%[[PZ]], %[[ONE_CORE]], %[[PO]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:      ^bb0(%{{.*}}: index):
// CHECK-NEXT:        memref.store %[[T]], %m[%[[T]]] : memref<64xindex>
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[SO:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[SIX:.*]] = arith.constant 6 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    "scf.parallel"(%[[SZ]], %[[SZ]], %[[SIX]], %[[TWO]], %[[SO]], %[[SO]]) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// CHECK-NEXT:    ^bb0(%[[A:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT:      %[[I:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[A]], %[[B]]]
// CHECK-NEXT:      memref.store %[[I]], %m[%[[I]]] : memref<64xindex>
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }) {memory_tag = "S"} : (index, index, index, index, index, index) -> ()

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4], load = [], store = []}> : () -> ()

func.func @dynamic(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{can only tile parallel loops with constant bounds from 0 step 1}}
  "scf.parallel"(%c0, %n, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index) -> ()
  func.return
}


// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = [], store = []}> : () -> ()

// 20 on a 4x4 grid: 4 cores of the first grid dim, 5 steps; no divisor of the 5 left
// fits the second grid dim, which the loop does not get (no unit dim in scf.parallel).
func.func @unit_core_dim(%m: memref<64xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  "scf.parallel"(%c0, %c20, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    memref.store %i, %m[%i] : memref<64xindex>
    scf.reduce
  }) {memory_tag = "L1"} : (index, index, index) -> ()
  func.return
}

// CHECK-LABEL: func.func @unit_core_dim(
// CHECK:         %[[FZ:[0-9]+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[FO:[0-9]+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[FIVE:[0-9]+]] = arith.constant 5 : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %[[FZ]] to %[[FIVE]] step %[[FO]] {
// CHECK-NEXT:      %[[PZ:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[PO:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT:      "scf.parallel"(%[[PZ]], %[[FOUR]], %[[PO]]) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
// CHECK-NEXT:      ^bb0(%[[C:.*]]: index):
// CHECK-NEXT:        %[[I:.*]] = affine.apply affine_map<()[s0, s1] -> (((s1 * 4) + s0))> ()[%[[C]], %[[T]]]
// CHECK-NEXT:        memref.store %[[I]], %m[%[[I]]] : memref<64xindex>
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }) {memory_tag = "L1"} : (index, index, index) -> ()
// CHECK-NEXT:    }

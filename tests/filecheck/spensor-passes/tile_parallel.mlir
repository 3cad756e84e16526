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
// CHECK:         scf.for %[[T0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for %[[T1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[C4B:.*]] = arith.constant 4 : index
// CHECK-NEXT:        %[[C4C:.*]] = arith.constant 4 : index
// CHECK-NEXT:        "scf.parallel"(%{{.*}}, %{{.*}}, %[[C4B]], %[[C4C]], %{{.*}}, %{{.*}})
// CHECK-NEXT:        ^bb0(%[[Q0:.*]]: index, %[[Q1:.*]]: index):
// CHECK-NEXT:          %[[I0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s1 * 4) + s0))> ()[%[[Q0]], %[[T0]]]
// CHECK-NEXT:          %[[J0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s1 * 4) + s0))> ()[%[[Q1]], %[[T1]]]
// CHECK-NEXT:          %{{.*}} = arith.muli %[[I0]], %c8 : index
// CHECK:             }) {memory_tag = "L1"}
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// temporal: scf.parallel {scf.for}, index = core * 2 + step.
// TEMPORAL-LABEL: func.func @loops(
// TEMPORAL:         }) {memory_tag = "L2"}
// TEMPORAL:         }) {memory_tag = "L1"}
// TEMPORAL:         "scf.parallel"
// TEMPORAL-NEXT:    ^bb0(%[[Q0:.*]]: index, %[[Q1:.*]]: index):
// TEMPORAL:           scf.for %[[T0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// TEMPORAL:             scf.for %[[T1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// TEMPORAL-NEXT:          %[[I0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[Q0]], %[[T0]]]
// TEMPORAL-NEXT:          %[[J0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[Q1]], %[[T1]]]
// TEMPORAL-NEXT:          %{{.*}} = arith.muli %[[I0]], %c8 : index

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
// CHECK:         %[[SEVEN:[0-9]+]] = arith.constant 7 : index
// CHECK-NEXT:    scf.for %[[T:.*]] = %{{.*}} to %[[SEVEN]] step %{{.*}} {
// CHECK:           "scf.parallel"
// CHECK-NEXT:      ^bb0(%{{.*}}: index):
// CHECK-NEXT:        memref.store %[[T]], %m[%[[T]]]
// CHECK:         %[[SIX:.*]] = arith.constant 6 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    "scf.parallel"(%{{.*}}, %{{.*}}, %[[SIX]], %[[TWO]], %{{.*}}, %{{.*}})
// CHECK-NEXT:    ^bb0(%[[A:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT:      %{{.*}} = affine.apply affine_map<()[s0, s1] -> (((s0 * 2) + s1))> ()[%[[A]], %[[B]]]
// CHECK:         }) {memory_tag = "S"}

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


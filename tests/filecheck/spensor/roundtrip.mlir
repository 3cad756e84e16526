// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s

// Every type and op of the spensor and ndspensor dialects prints and parses back
// unchanged, in both the default and the generic printer's output.

!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<16x32xf32>, !L3>
!Q = !spensor.spensor<tensor<16x8xf32>, !L3>
!Q2 = !spensor.spensor<tensor<16x8xf32>, !L2>
!ND4 = !spensor.ndspensor<tensor<4x!Q>>
!ND4L2 = !spensor.ndspensor<tensor<4x!Q2>>

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

// CHECK:      "spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4 : i64, 4 : i64], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
// CHECK-NEXT: "spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
// CHECK-NEXT: "spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

func.func @ops(%a: !A, %b: !A, %m: !spensor.spensor<tensor<8x8xf32>, !L1>, %t: tensor<4x3xf32>, %u: tensor<3x2xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %split = "spensor.split"(%a, %c4, %c1) : (!A, index, index) -> !ND4
  %all = "spensor.split_all"(%b) <{num_partitions = [2, 4]}> : (!A) -> !spensor.ndspensor<tensor<2x4x!spensor.spensor<tensor<8x8xf32>, !L3>>>
  %moved = "spensor.move"(%split) <{memory_name = "L2"}> : (!ND4) -> !ND4L2
  %one = "spensor.move"(%a) <{memory_name = "L2"}> : (!A) -> !spensor.spensor<tensor<16x32xf32>, !L2>
  %sum = "spensor.add"(%moved, %moved) {self_assign = false} : (!ND4L2, !ND4L2) -> !ND4L2
  %acc = "spensor.add"(%moved, %sum) {self_assign = true} : (!ND4L2, !ND4L2) -> !ND4L2
  %plain = "spensor.add"(%a, %b) : (!A, !A) -> !A
  %mm = "spensor.matmul"(%m, %m) : (!spensor.spensor<tensor<8x8xf32>, !L1>, !spensor.spensor<tensor<8x8xf32>, !L1>) -> !spensor.spensor<tensor<8x8xf32>, !L1>
  %tm = "spensor.matmul"(%t, %u) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %rs = "spensor.reduce_sum"(%moved) : (!ND4L2) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x1xf32>, !L2>>>
  %filled = "spensor.fill"(%x, %one) : (f32, !spensor.spensor<tensor<16x32xf32>, !L2>) -> !spensor.spensor<tensor<16x32xf32>, !L2>
  %view = "spensor.subview"(%a, %c0, %c8, %c8, %c8, %c1, %c2) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!A, index, index, index, index, index, index) -> !spensor.spensor<tensor<8x8xf32>, !L3>
  %mem = "spensor.get_memory"(%c0, %c1) <{memory_name = "L1"}> : (index, index) -> !L1
  %buf = "spensor.alloc_spensor"(%mem) : (!L1) -> !spensor.spensor<tensor<8x8xf32>, !L1>
  "spensor.move_to"(%mm, %buf) : (!spensor.spensor<tensor<8x8xf32>, !L1>, !spensor.spensor<tensor<8x8xf32>, !L1>) -> ()
  %comb = "ndspensor.combine"(%moved, %c0, %c1) <{memory_name = "L2"}> : (!ND4L2, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x32xf32>, !L2>>>
  %red = "ndspensor.reduce"(%all) <{reduce_dim = [1], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<2x4x!spensor.spensor<tensor<8x8xf32>, !L3>>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !L2>>>
  %whole = "ndspensor.combine_to_spensor"(%all) <{combine_index = [1, 0]}> : (!spensor.ndspensor<tensor<2x4x!spensor.spensor<tensor<8x8xf32>, !L3>>>) -> !spensor.spensor<tensor<32x16xf32>, !L3>
  %rep = "ndspensor.repeat"(%split, %c2, %c0) : (!ND4, index, index) -> !spensor.ndspensor<tensor<8x!Q>>
  %reps = "ndspensor.repeat"(%a, %c2, %c0) : (!A, index, index) -> !spensor.ndspensor<tensor<2x!A>>
  %bc = "ndspensor.broadcast"(%split) <{dimensions = [3, 4]}> : (!ND4) -> !spensor.ndspensor<tensor<3x4x!Q>>
  %bcs = "ndspensor.broadcast"(%a) <{dimensions = [2]}> : (!A) -> !spensor.ndspensor<tensor<2x!A>>
  %mref = memref.alloc() : memref<4xf32>
  "spensor.store_spensor"(%mref, %mref) : (memref<4xf32>, memref<4xf32>) -> ()
  func.return
}

// CHECK-LABEL: func.func @ops(
// CHECK-SAME:    %a: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, %b: !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, %m: !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK:      %split = "spensor.split"(%a, %c4, %c1) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %all = "spensor.split_all"(%b) <{num_partitions = [2 : i64, 4 : i64]}> : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<2x4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %moved = "spensor.move"(%split) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>
// CHECK-NEXT: %one = "spensor.move"(%a) <{memory_name = "L2"}>
// CHECK-NEXT: %sum = "spensor.add"(%moved, %moved) {self_assign = false}
// CHECK-NEXT: %acc = "spensor.add"(%moved, %sum) {self_assign = true}
// CHECK-NEXT: %plain = "spensor.add"(%a, %b) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %mm = "spensor.matmul"(%m, %m) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: %tm = "spensor.matmul"(%t, %u) : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %rs = "spensor.reduce_sum"(%moved) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>) -> !spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x1xf32>, !spensor.memory<"L2", []>>>>
// CHECK-NEXT: %filled = "spensor.fill"(%x, %one) : (f32, !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L2", []>>) -> !spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L2", []>>
// CHECK-NEXT: %view = "spensor.subview"(%a, %c0, %c8, %c8, %c8, %c1, %c2) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index, index, index, index, index) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %mem = "spensor.get_memory"(%c0, %c1) <{memory_name = "L1"}> : (index, index) -> !spensor.memory<"L1", [4, 4]>
// CHECK-NEXT: %buf = "spensor.alloc_spensor"(%mem) : (!spensor.memory<"L1", [4, 4]>) -> !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>
// CHECK-NEXT: "spensor.move_to"(%mm, %buf) : (!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>, !spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L1", [4, 4]>>) -> ()
// CHECK-NEXT: %comb = "ndspensor.combine"(%moved, %c0, %c1) <{memory_name = "L2"}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L2", []>>>>, index, index) -> !spensor.ndspensor<tensor<1x!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L2", []>>>>
// CHECK-NEXT: %red = "ndspensor.reduce"(%all) <{reduce_dim = [1 : i64], memory_name = "L2", op_name = "add"}> : (!spensor.ndspensor<tensor<2x4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L2", []>>>>
// CHECK-NEXT: %whole = "ndspensor.combine_to_spensor"(%all) <{combine_index = [1 : i64, 0 : i64]}> : (!spensor.ndspensor<tensor<2x4x!spensor.spensor<tensor<8x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.spensor<tensor<32x16xf32>, !spensor.memory<"L3", []>>
// CHECK-NEXT: %rep = "ndspensor.repeat"(%split, %c2, %c0) : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>, index, index) -> !spensor.ndspensor<tensor<8x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %reps = "ndspensor.repeat"(%a, %c2, %c0) : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>, index, index) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %bc = "ndspensor.broadcast"(%split) <{dimensions = [3 : i64, 4 : i64]}> : (!spensor.ndspensor<tensor<4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>) -> !spensor.ndspensor<tensor<3x4x!spensor.spensor<tensor<16x8xf32>, !spensor.memory<"L3", []>>>>
// CHECK-NEXT: %bcs = "ndspensor.broadcast"(%a) <{dimensions = [2 : i64]}> : (!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<16x32xf32>, !spensor.memory<"L3", []>>>>
// CHECK:      "spensor.store_spensor"(%mref, %mref) : (memref<4xf32>, memref<4xf32>) -> ()


// Integer and index tiles, and a fill of an integer ndspensor.
func.func @integers(%a: !spensor.spensor<tensor<4x4xi32>, !spensor.memory<"L3", []>>, %v: i32) -> !spensor.spensor<tensor<4x1xi32>, !spensor.memory<"L3", []>> {
  %f = "spensor.fill"(%v, %a) : (i32, !spensor.spensor<tensor<4x4xi32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xi32>, !spensor.memory<"L3", []>>
  %r = "spensor.reduce_sum"(%f) : (!spensor.spensor<tensor<4x4xi32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x1xi32>, !spensor.memory<"L3", []>>
  func.return %r : !spensor.spensor<tensor<4x1xi32>, !spensor.memory<"L3", []>>
}

// CHECK-LABEL: func.func @integers(
// CHECK: %f = "spensor.fill"(%v, %a) : (i32, !spensor.spensor<tensor<4x4xi32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<4x4xi32>, !spensor.memory<"L3", []>>
// CHECK: %r = "spensor.reduce_sum"(%f)

// The analyses' attributes.
func.func @analysed() attributes {spensor.parallel_loops = [#spensor.loop<bounds = [1], memory_tag = "L2", parent = -1>, #spensor.loop<bounds = [4, 2], memory_tag = "L1", parent = 0>], spensor.level = #spensor.memory_level<shape = [4, 4], load = ["L2", "L3"], store = [], memory_space = 2, depth = 2>} {
  func.return
}

// CHECK-LABEL: func.func @analysed()
// CHECK-SAME:    spensor.parallel_loops = [#spensor.loop<bounds = [1], memory_tag = "L2", parent = -1>, #spensor.loop<bounds = [4, 2], memory_tag = "L1", parent = 0>]
// CHECK-SAME:    spensor.level = #spensor.memory_level<shape = [4, 4], load = ["L2", "L3"], store = [], memory_space = 2, depth = 2>

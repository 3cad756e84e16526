// RUN: xdsl-opt %s -p spensor-dce | filecheck %s
// RUN: xdsl-opt %s -p spensor-dce,dce | filecheck %s --check-prefix=DCE
// RUN: xdsl-opt %s -p canonicalize | filecheck %s --check-prefix=DCE

// spensor-dce erases the memory declarations and the analyses' attributes, nothing
// else. Unused views, handles and new buffers are dead code the stock dce and
// canonicalize erase, knowing the ops' effects; ops that write (move_to, fill, an add
// with self_assign) stay, as does the buffer they write.

"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

!L2 = !spensor.memory<"L2", []>
!A = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!B = !spensor.spensor<tensor<8xf32>, !L2>

func.func @f(%a: !A, %x: f32) -> !B attributes {spensor.parallel_loops = []} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %unused_view = "spensor.subview"(%a, %c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!A, index, index, index) -> !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
  %unused_split = "spensor.split"(%a, %c2, %c0) : (!A, index, index) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
  %unused_mem = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %unused_copy = "spensor.move"(%a) <{memory_name = "L2"}> : (!A) -> !B
  %unused_sum = "spensor.add"(%a, %a) : (!A, !A) -> !A
  %mem = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %buf = "spensor.alloc_spensor"(%mem) : (!L2) -> !B
  "spensor.move_to"(%a, %buf) {spensor.loops = [-1 : i64]} : (!A, !B) -> ()
  %scratch = "spensor.alloc_spensor"(%mem) : (!L2) -> !B
  %filled = "spensor.fill"(%x, %scratch) : (f32, !B) -> !B
  %acc = "spensor.add"(%buf, %filled) {self_assign = true} : (!B, !B) -> !B
  func.return %buf : !B
}

// CHECK:       builtin.module {
// CHECK-NEXT:    func.func @f(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>, %x: f32) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L2", []>> {
// CHECK-NEXT:      %c0 = arith.constant 0 : index
// CHECK-NEXT:      %c4 = arith.constant 4 : index
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      %c2 = arith.constant 2 : index
// CHECK-NEXT:      %unused_view = "spensor.subview"
// CHECK-NEXT:      %unused_split = "spensor.split"
// CHECK-NEXT:      %unused_mem = "spensor.get_memory"
// CHECK-NEXT:      %unused_copy = "spensor.move"
// CHECK-NEXT:      %unused_sum = "spensor.add"
// CHECK-NEXT:      %mem = "spensor.get_memory"() <{memory_name = "L2"}>
// CHECK-NEXT:      %buf = "spensor.alloc_spensor"(%mem)
// CHECK-NEXT:      "spensor.move_to"(%a, %buf) : (
// CHECK-NEXT:      %scratch = "spensor.alloc_spensor"(%mem)
// CHECK-NEXT:      %filled = "spensor.fill"(%x, %scratch)
// CHECK-NEXT:      %acc = "spensor.add"(%buf, %filled) {self_assign = true}
// CHECK-NEXT:      func.return %buf

// DCE:         func.func @f(
// DCE-NEXT:      %mem = "spensor.get_memory"() <{memory_name = "L2"}>
// DCE-NEXT:      %buf = "spensor.alloc_spensor"(%mem)
// DCE-NEXT:      "spensor.move_to"(%a, %buf)
// DCE-NEXT:      %scratch = "spensor.alloc_spensor"(%mem)
// DCE-NEXT:      %filled = "spensor.fill"(%x, %scratch)
// DCE-NEXT:      %acc = "spensor.add"(%buf, %filled) {self_assign = true}
// DCE-NEXT:      func.return %buf

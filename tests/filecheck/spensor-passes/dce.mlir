// RUN: xdsl-opt %s -p spensor-dce | filecheck %s

// Memory declarations, the analyses' attributes, unused memory handles and unused
// views go; everything in use stays.

"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()

!L2 = !spensor.memory<"L2", []>
!A = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>

func.func @f(%a: !A) -> !spensor.spensor<tensor<8xf32>, !L2> attributes {spensor.parallel_loops = []} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %unused_view = "spensor.subview"(%a, %c0, %c4, %c1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!A, index, index, index) -> !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
  %unused_mem = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %mem = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %buf = "spensor.alloc_spensor"(%mem) : (!L2) -> !spensor.spensor<tensor<8xf32>, !L2>
  "spensor.move_to"(%a, %buf) {spensor.loops = [-1 : i64]} : (!A, !spensor.spensor<tensor<8xf32>, !L2>) -> ()
  func.return %buf : !spensor.spensor<tensor<8xf32>, !L2>
}

// CHECK:       builtin.module {
// CHECK-NOT:     spensor.declare_memory
// CHECK-NEXT:    func.func @f(%a: !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>) -> !spensor.spensor<tensor<8xf32>, !spensor.memory<"L2", []>> {
// CHECK-NEXT:      %c0 = arith.constant 0 : index
// CHECK-NEXT:      %c4 = arith.constant 4 : index
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      %mem = "spensor.get_memory"() <{memory_name = "L2"}>
// CHECK-NEXT:      %buf = "spensor.alloc_spensor"(%mem)
// CHECK-NEXT:      "spensor.move_to"(%a, %buf) : (
// CHECK-NEXT:      func.return %buf

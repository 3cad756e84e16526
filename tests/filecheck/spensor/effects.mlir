// RUN: xdsl-opt %s -p cse | filecheck %s

// The ops' memory effects let the stock cse merge identical views and handles (Pure),
// but never two copies or allocations (each is a buffer of its own).

!L2 = !spensor.memory<"L2", []>
!A = !spensor.spensor<tensor<8xf32>, !spensor.memory<"L3", []>>
!B = !spensor.spensor<tensor<8xf32>, !L2>

func.func @f(%a: !A) -> (!A, !A, !B, !B, !B, !B) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s1 = "spensor.split"(%a, %c2, %c0) : (!A, index, index) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
  %s2 = "spensor.split"(%a, %c2, %c0) : (!A, index, index) -> !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>
  %m1 = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %m2 = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %b1 = "spensor.alloc_spensor"(%m1) : (!L2) -> !B
  %b2 = "spensor.alloc_spensor"(%m2) : (!L2) -> !B
  %c1 = "spensor.move"(%a) <{memory_name = "L2"}> : (!A) -> !B
  %c2_ = "spensor.move"(%a) <{memory_name = "L2"}> : (!A) -> !B
  %r1 = "ndspensor.combine_to_spensor"(%s1) <{combine_index = [0]}> : (!spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>) -> !A
  %r2 = "ndspensor.combine_to_spensor"(%s2) <{combine_index = [0]}> : (!spensor.ndspensor<tensor<2x!spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>>>) -> !A
  func.return %r1, %r2, %b1, %b2, %c1, %c2_ : !A, !A, !B, !B, !B, !B
}

// CHECK:      %s1 = "spensor.split"(%a, %c2, %c0)
// CHECK-NEXT: %m1 = "spensor.get_memory"()
// CHECK-NEXT: %b1 = "spensor.alloc_spensor"(%m1)
// CHECK-NEXT: %b2 = "spensor.alloc_spensor"(%m1)
// CHECK-NEXT: %c1 = "spensor.move"(%a)
// CHECK-NEXT: %c2_ = "spensor.move"(%a)
// CHECK-NEXT: %r1 = "ndspensor.combine_to_spensor"(%s1)
// CHECK-NEXT: %r2 = "ndspensor.combine_to_spensor"(%s1)

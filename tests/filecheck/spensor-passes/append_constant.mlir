// RUN: xdsl-opt %s -p spensor-append-constant | filecheck %s

// Scalar constants move to the top of their function, one per value and type, in
// order of first appearance (index constants named %c<value>); unused ones go.
// Each function gets its own constants.

func.func @f(%m: memref<16xindex>) {
  %a = arith.constant 1 : index
  %b = arith.constant 4 : index
  %unused = arith.constant 7 : index
  %z = arith.constant 0 : index
  "scf.parallel"(%z, %b, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index):
    %four = arith.constant 4 : index
    %zero = arith.constant 0 : index
    %f = arith.constant 0.0 : f32
    %j = arith.addi %i, %four : index
    memref.store %zero, %m[%j] : memref<16xindex>
    scf.reduce
  }) : (index, index, index) -> ()
  func.return
}

func.func @g() -> index {
  %a = arith.constant 4 : index
  func.return %a : index
}

// CHECK-LABEL: func.func @f(%m: memref<16xindex>) {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    "scf.parallel"(%c0, %c4, %c1)
// CHECK-NEXT:    ^bb0(%i: index):
// CHECK-NEXT:      %j = arith.addi %i, %c4 : index
// CHECK-NEXT:      memref.store %c0, %m[%j] : memref<16xindex>
// CHECK-NEXT:      scf.reduce
// CHECK-LABEL: func.func @g() -> index {
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    func.return %c4 : index

// RUN: xdsl-opt %s -p hoist-constants --split-input-file | filecheck %s

// Constants move to the top of their function, one per value and type, in order of
// first appearance (index constants named %c<value>); unused ones go. Each function
// gets its own constants.

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

func.func private @declaration() -> index

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
// CHECK:       func.func private @declaration() -> index

// -----

// Equal values of different types, -0.0 and 0.0, and different dense tensors stay
// apart; other integer constants keep their names.
func.func @distinct() -> (i32, i64, f32, f32, tensor<2xf32>, tensor<2xf32>, i32) {
  %i32 = arith.constant 1 : i32
  %i64 = arith.constant 1 : i64
  %pos = arith.constant 0.0 : f32
  %neg = arith.constant -0.0 : f32
  %t1 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %t2 = arith.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %again = arith.constant 1 : i32
  func.return %i32, %i64, %pos, %neg, %t1, %t2, %again : i32, i64, f32, f32, tensor<2xf32>, tensor<2xf32>, i32
}

// CHECK-LABEL: func.func @distinct()
// CHECK-NEXT:    %i32 = arith.constant 1 : i32
// CHECK-NEXT:    %i64 = arith.constant 1 : i64
// CHECK-NEXT:    %pos = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %neg = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %t1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %t2 = arith.constant dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    func.return %i32, %i64, %pos, %neg, %t1, %t2, %i32

// -----

// Any op with the ConstantLike trait, in any function kind: llir.constant in an
// llir.func, out of nested loops.
llir.func @llir(%p: !llir.ptr<f32>) {
  %c0 = llir.constant 0 : i64
  %c4 = llir.constant 4 : i64
  %c1 = llir.constant 1 : i64
  llir.for %i = %c0 to %c4 step %c1 : i64 {
    %c0_again = llir.constant 0 : i64
    %c2 = llir.constant 2 : i64
    %x = llir.constant 1.5 : f32
    llir.for %j = %c0_again to %c2 step %c1 : i64 {
      %one = llir.constant 1 : i64
      %k = llir.add %j, %one : i64
      llir.store %x, %p[%k : i64] : f32, !llir.ptr<f32>
    }
  }
  llir.return
}

// CHECK-LABEL: llir.func @llir(%p: !llir.ptr<f32>) {
// CHECK-NEXT:    %c0 = llir.constant 0 : i64
// CHECK-NEXT:    %c4 = llir.constant 4 : i64
// CHECK-NEXT:    %c1 = llir.constant 1 : i64
// CHECK-NEXT:    %c2 = llir.constant 2 : i64
// CHECK-NEXT:    %x = llir.constant 1.500000e+00 : f32
// CHECK-NEXT:    llir.for %i = %c0 to %c4 step %c1 : i64 {
// CHECK-NEXT:      llir.for %j = %c0 to %c2 step %c1 : i64 {
// CHECK-NEXT:        %k = llir.add %j, %c1 : i64
// CHECK-NEXT:        llir.store %x, %p[%k : i64]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    llir.return

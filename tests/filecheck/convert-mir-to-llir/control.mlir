// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Control flow: a loop-carried tensor lives in a buffer the loop owns (a copy of the
// initial value), updated by a copy at each yield; scalars are llir iter_args.
func.func @for(%x: tensor<4xf32>, %n: index) -> (tensor<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = mir.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %k = %c0) -> (tensor<4xf32>, index) {
    %next = mir.broadcast_add %acc, %x broadcast_shape = [4] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %k2 = arith.addi %k, %i : index
    mir.yield %next, %k2 : tensor<4xf32>, index
  }
  func.return %r#0, %r#1 : tensor<4xf32>, index
}

// CHECK-LABEL: llir.func @for(%x: !llir.ptr<f32>, %n: i64, %out0: !llir.ptr<f32>, %out1: !llir.ptr<i64>) attributes {llir.tensor_signature = (tensor<4xf32>, index) -> (tensor<4xf32>, index)} {
// CHECK-NEXT:   %[[C0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[C1:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 16 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   llir.memcpy %out0, %x, %[[V0]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   %[[R:.*]] = llir.for %[[I:.*]] = %[[C0]] to %n step %[[C1]] iter_args(%[[K:.*]] = %[[C0]]) -> (i64) : i64 {
// CHECK-NEXT:     %[[NEXT:.*]] = llir.alloc_buffer 16 : !llir.ptr<f32>
// CHECK-NEXT:     llir.for unroll %[[V2:.*]] = %[[C0]] to %[[V1]] step %[[C1]] : i64 {
// CHECK-NEXT:       %[[V3:.*]] = llir.load %out0[%[[V2]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V4:.*]] = llir.load %x[%[[V2]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V5:.*]] = llir.add %[[V3]], %[[V4]] : f32
// CHECK-NEXT:       llir.store %[[V5]], %[[NEXT]][%[[V2]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[K2:.*]] = llir.add %[[K]], %[[I]] : i64
// CHECK-NEXT:     llir.memcpy %out0, %[[NEXT]], %[[V0]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:     llir.free_buffer %[[NEXT]] : !llir.ptr<f32>
// CHECK-NEXT:     llir.yield %[[K2]] : i64
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.store %[[R]], %out1 : i64, !llir.ptr<i64>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// parallel_for: an llir.for marked llir.parallel with its number of threads; the
// scatter into the carried tensor stores the row in the loop's buffer (here the
// output), no copy of the whole tensor.
func.func @parallel_for(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = mir.alloc_tensor : tensor<3x2xf32>
  %r = mir.parallel_for %i = %c0 to %c3 step %c1 num_threads = 2 iter_args(%out = %init) -> (tensor<3x2xf32>) {
    %idx = mir.from_elements %i : (index) -> tensor<1xi64>
    %row = mir.gather %x, %idx axis = 0 : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
    %next = mir.scatter %out, %row, %idx axis = 0 : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
    mir.yield %next : tensor<3x2xf32>
  }
  func.return %r : tensor<3x2xf32>
}

// CHECK-LABEL: llir.func @parallel_for(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<3x2xf32>) -> tensor<3x2xf32>} {
// CHECK-NEXT:   %[[C0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[C1:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[C3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 24 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[INIT:.*]] = llir.alloc_buffer 24 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[V4:.*]] = %[[C0]] to %[[V0]] step %[[C1]] : i64 {
// CHECK-NEXT:     llir.store %[[V1]], %[[INIT]][%[[V4]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.memcpy %out0, %[[INIT]], %[[V2]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   llir.free_buffer %[[INIT]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[I:.*]] = %[[C0]] to %[[C3]] step %[[C1]] : i64 attributes {llir.parallel, llir.num_threads = 2 : i64} {
// CHECK-NEXT:     %[[IDX:.*]] = llir.alloc_buffer 8 : !llir.ptr<i64>
// CHECK-NEXT:     llir.store %[[I]], %[[IDX]] : i64, !llir.ptr<i64>
// CHECK-NEXT:     %[[ROW:.*]] = llir.alloc_buffer 8 : !llir.ptr<f32>
// CHECK-NEXT:     llir.for unroll %[[V5:.*]] = %[[C0]] to %[[V3]] step %[[C1]] : i64 {
// CHECK-NEXT:       %[[V6:.*]] = llir.load %[[IDX]] : !llir.ptr<i64> -> i64
// CHECK-NEXT:       %[[V7:.*]] = llir.add %[[V6]], %[[C3]] : i64
// CHECK-NEXT:       %[[V8:.*]] = llir.cmp slt, %[[V6]], %[[C0]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.select %[[V8]], %[[V7]], %[[V6]] : i64
// CHECK-NEXT:       %[[V10:.*]] = llir.max %[[V9]], %[[C0]] : i64
// CHECK-NEXT:       %[[V11:.*]] = llir.min %[[V10]], %[[V3]] : i64
// CHECK-NEXT:       %[[V12:.*]] = llir.mul %[[V3]], %[[V11]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.add %[[V5]], %[[V12]] : i64
// CHECK-NEXT:       %[[V14:.*]] = llir.load %x[%[[V13]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V14]], %[[ROW]][%[[V5]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.for unroll %[[V15:.*]] = %[[C0]] to %[[V3]] step %[[C1]] : i64 {
// CHECK-NEXT:       %[[V16:.*]] = llir.load %[[IDX]] : !llir.ptr<i64> -> i64
// CHECK-NEXT:       %[[V17:.*]] = llir.add %[[V16]], %[[C3]] : i64
// CHECK-NEXT:       %[[V18:.*]] = llir.cmp slt, %[[V16]], %[[C0]] : i64
// CHECK-NEXT:       %[[V19:.*]] = llir.select %[[V18]], %[[V17]], %[[V16]] : i64
// CHECK-NEXT:       %[[V20:.*]] = llir.max %[[V19]], %[[C0]] : i64
// CHECK-NEXT:       %[[V21:.*]] = llir.min %[[V20]], %[[V3]] : i64
// CHECK-NEXT:       %[[V22:.*]] = llir.mul %[[V3]], %[[V21]] : i64
// CHECK-NEXT:       %[[V23:.*]] = llir.add %[[V15]], %[[V22]] : i64
// CHECK-NEXT:       %[[V24:.*]] = llir.load %[[ROW]][%[[V15]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V24]], %out0[%[[V23]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.free_buffer %[[ROW]] : !llir.ptr<f32>
// CHECK-NEXT:     llir.free_buffer %[[IDX]] : !llir.ptr<i64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A parallel_for whose carried tensor is also read (so the scatter copies it, and the
// yield copies the copy back whole): its iterations would overwrite each other's rows
// on threads, so the llir.for is not marked parallel.
func.func @parallel_for_copies(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = mir.parallel_for %i = %c0 to %c3 step %c1 num_threads = 2 iter_args(%out = %x) -> (tensor<3x2xf32>) {
    %idx = mir.from_elements %i : (index) -> tensor<1xi64>
    %row = mir.gather %out, %idx axis = 0 : (tensor<3x2xf32>, tensor<1xi64>) -> tensor<1x2xf32>
    %sq = mir.broadcast_mul %row, %row broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
    %next = mir.scatter %out, %sq, %idx axis = 0 : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<1xi64>) -> tensor<3x2xf32>
    mir.yield %next : tensor<3x2xf32>
  }
  func.return %r : tensor<3x2xf32>
}

// CHECK-LABEL: llir.func @parallel_for_copies(
// CHECK:         llir.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i64 {
// CHECK:           llir.memcpy %out0
// CHECK-NOT:   llir.parallel
// CHECK:       llir.return

// -----

// mir.if in the function body: llir.cond_br to the two regions, which fill the result
// buffer and branch to a join block; scalar results are phis.
func.func @if(%c: i1, %x: tensor<2xf32>, %n: index) -> (tensor<2xf32>, index) {
  %r:2 = mir.if %c : i1 -> (tensor<2xf32>, index) {
    %e = mir.exp %x : (tensor<2xf32>) -> tensor<2xf32>
    mir.yield %e, %n : tensor<2xf32>, index
  } else {
    %c5 = arith.constant 5 : index
    mir.yield %x, %c5 : tensor<2xf32>, index
  }
  func.return %r#0, %r#1 : tensor<2xf32>, index
}

// CHECK-LABEL: llir.func @if(%c: i1, %x: !llir.ptr<f32>, %n: i64, %out0: !llir.ptr<f32>, %out1: !llir.ptr<i64>) attributes {llir.tensor_signature = (i1, tensor<2xf32>, index) -> (tensor<2xf32>, index)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 8 : i64
// CHECK-NEXT:   %[[C5:.*]] = llir.constant 5 : i64
// CHECK-NEXT:   llir.cond_br %c, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT:   %[[E:.*]] = llir.alloc_buffer 8 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for unroll %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.load %x[%[[V4]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V6:.*]] = llir.exp %[[V5]] : f32
// CHECK-NEXT:     llir.store %[[V6]], %[[E]][%[[V4]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.memcpy %out0, %[[E]], %[[V3]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   llir.free_buffer %[[E]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.br ^bb3
// CHECK-NEXT: ^bb2:
// CHECK-NEXT:   llir.memcpy %out0, %x, %[[V3]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   llir.br ^bb3
// CHECK-NEXT: ^bb3:
// CHECK-NEXT:   %[[R:.*]] = llir.phi [%n, ^bb1], [%[[C5]], ^bb2] : i64
// CHECK-NEXT:   llir.store %[[R]], %out1 : i64, !llir.ptr<i64>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// mir.if inside a loop body (a single llir block): two llir.for of 0 or 1 iterations.
func.func @if_in_loop(%x: tensor<2xf32>, %n: index) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = mir.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<2xf32>) {
    %odd = arith.remsi %i, %c2 : index
    %cond = arith.cmpi eq, %odd, %c1 : index
    %next = mir.if %cond : i1 -> (tensor<2xf32>) {
      %neg = mir.neg %acc : (tensor<2xf32>) -> tensor<2xf32>
      mir.yield %neg : tensor<2xf32>
    } else {
      mir.yield %acc : tensor<2xf32>
    }
    mir.yield %next : tensor<2xf32>
  }
  func.return %r : tensor<2xf32>
}

// CHECK-LABEL: llir.func @if_in_loop(%x: !llir.ptr<f32>, %n: i64, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2xf32>, index) -> tensor<2xf32>} {
// CHECK-NEXT:   %[[C0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[C1:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[C2:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 8 : i64
// CHECK-NEXT:   llir.memcpy %out0, %x, %[[V0]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   llir.for %[[I:.*]] = %[[C0]] to %n step %[[C1]] : i64 {
// CHECK-NEXT:     %[[ODD:.*]] = llir.rem %[[I]], %[[C2]] : i64
// CHECK-NEXT:     %[[COND:.*]] = llir.cmp eq, %[[ODD]], %[[C1]] : i64
// CHECK-NEXT:     %[[NEXT:.*]] = llir.alloc_buffer 8 : !llir.ptr<f32>
// CHECK-NEXT:     %[[V1:.*]] = llir.zext %[[COND]] : i1 to i64
// CHECK-NEXT:     %[[V2:.*]] = llir.sub %[[C1]], %[[V1]] : i64
// CHECK-NEXT:     llir.for %[[V3:.*]] = %[[C0]] to %[[V1]] step %[[C1]] : i64 {
// CHECK-NEXT:       %[[NEG:.*]] = llir.alloc_buffer 8 : !llir.ptr<f32>
// CHECK-NEXT:       llir.for unroll %[[V4:.*]] = %[[C0]] to %[[C2]] step %[[C1]] : i64 {
// CHECK-NEXT:         %[[V5:.*]] = llir.load %out0[%[[V4]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:         %[[V6:.*]] = llir.neg %[[V5]] : f32
// CHECK-NEXT:         llir.store %[[V6]], %[[NEG]][%[[V4]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:       }
// CHECK-NEXT:       llir.memcpy %[[NEXT]], %[[NEG]], %[[V0]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:       llir.free_buffer %[[NEG]] : !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.for %[[V7:.*]] = %[[C0]] to %[[V2]] step %[[C1]] : i64 {
// CHECK-NEXT:       llir.memcpy %[[NEXT]], %out0, %[[V0]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.memcpy %out0, %[[NEXT]], %[[V0]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:     llir.free_buffer %[[NEXT]] : !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

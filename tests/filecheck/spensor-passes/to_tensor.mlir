// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p spensor-to-tensor | filecheck %s
// RUN: nnstack-opt %s --split-input-file --verify-diagnostics -p 'spensor-to-tensor{memory-spaces=false}' | filecheck %s --check-prefix=NOSPACE

// Values become tensors computed in destination-passing style, each op's result
// used from then on; buffers (alloc_spensor, written arguments, their subviews)
// become memrefs. One function per group of patterns.

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!L1 = !spensor.memory<"L1", [4, 4]>
!L2 = !spensor.memory<"L2", []>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<8x8xf32>, !L3>
!Q = !spensor.spensor<tensor<4x8xf32>, !L3>
!Q1 = !spensor.spensor<tensor<4x8xf32>, !L1>

func.func @values(%a: !A, %out: !spensor.spensor<tensor<4x1xf32>, !L3>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %q = "spensor.subview"(%a, %c4, %c0, %c4, %c8, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!A, index, index, index, index, index, index) -> !Q
  %q1 = "spensor.move"(%q) <{memory_name = "L1"}> : (!Q) -> !Q1
  %s = "spensor.add"(%q1, %q1) : (!Q1, !Q1) -> !Q1
  %t = "spensor.subview"(%a, %c0, %c0, %c8, %c4, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!A, index, index, index, index, index, index) -> !spensor.spensor<tensor<8x4xf32>, !L3>
  %t1 = "spensor.move"(%t) <{memory_name = "L1"}> : (!spensor.spensor<tensor<8x4xf32>, !L3>) -> !spensor.spensor<tensor<8x4xf32>, !L1>
  %m = "spensor.matmul"(%s, %t1) : (!Q1, !spensor.spensor<tensor<8x4xf32>, !L1>) -> !spensor.spensor<tensor<4x4xf32>, !L1>
  %r = "spensor.reduce_sum"(%m) : (!spensor.spensor<tensor<4x4xf32>, !L1>) -> !spensor.spensor<tensor<4x1xf32>, !L1>
  "spensor.move_to"(%r, %out) : (!spensor.spensor<tensor<4x1xf32>, !L1>, !spensor.spensor<tensor<4x1xf32>, !L3>) -> ()
  func.return
}

// Read-only arguments are wrapped in to_tensor restrict; subview is extract_slice;
// move is alloc_tensor (memory space of the destination) + linalg.copy; add,
// matmul (into a zero-filled new tensor, not into lhs) and reduce_sum (a generic
// summing the last dim) compute into new tensors; the written output argument
// stays a memref and receives the result with materialize_in_destination.
// CHECK-LABEL: func.func @values(%a: memref<8x8xf32>, %out: memref<4x1xf32>) {
// CHECK-NEXT:    %[[A:.*]] = bufferization.to_tensor %a restrict : memref<8x8xf32> to tensor<8x8xf32>
// CHECK:         %q = tensor.extract_slice %[[A]][4, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %[[E:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4x8xf32>
// CHECK-NEXT:    %q1 = linalg.copy ins(%q : tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:    %[[E2:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4x8xf32>
// CHECK-NEXT:    %s = linalg.add ins(%q1, %q1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E2]] : tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK:         %[[E3:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4x4xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[Z:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E3]] : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %m = linalg.matmul ins(%s, %t1 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%[[Z]] : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:         %[[Z2:.*]] = linalg.fill
// CHECK-NEXT:    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%m : tensor<4x4xf32>) outs(%[[Z2]] : tensor<4x1xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT:      linalg.yield %[[ADD]] : f32
// CHECK-NEXT:    } -> tensor<4x1xf32>
// CHECK-NEXT:    bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4x1xf32>, memref<4x1xf32>) -> ()
// CHECK-NEXT:    func.return

// NOSPACE-LABEL: func.func @values(
// NOSPACE-NOT:     memory_space
// NOSPACE:         func.return

func.func @buffers(%a: !A, %out: !A, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %mem = "spensor.get_memory"() <{memory_name = "L2"}> : () -> !L2
  %buf = "spensor.alloc_spensor"(%mem) : (!L2) -> !spensor.spensor<tensor<8x8xf32>, !L2>
  %f = "spensor.fill"(%x, %buf) : (f32, !spensor.spensor<tensor<8x8xf32>, !L2>) -> !spensor.spensor<tensor<8x8xf32>, !L2>
  %half = "spensor.subview"(%f, %c4, %c0, %c4, %c8, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!spensor.spensor<tensor<8x8xf32>, !L2>, index, index, index, index, index, index) -> !spensor.spensor<tensor<4x8xf32>, !L2>
  %q = "spensor.subview"(%a, %c4, %c0, %c4, %c8, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (!A, index, index, index, index, index, index) -> !Q
  "spensor.move_to"(%q, %half) : (!Q, !spensor.spensor<tensor<4x8xf32>, !L2>) -> ()
  %all = "spensor.move"(%buf) <{memory_name = "L3"}> : (!spensor.spensor<tensor<8x8xf32>, !L2>) -> !A
  "spensor.move_to"(%all, %out) : (!A, !A) -> ()
  func.return
}

// alloc_spensor is a memref (with the memory's space); fill on it is in place;
// a subview of it is a strided memref.subview; writing a tensor into a strided
// view goes through a fresh memref; reading the buffer copies it into a fresh
// memref wrapped in to_tensor restrict.
// CHECK-LABEL: func.func @buffers(%a: memref<8x8xf32>, %out: memref<8x8xf32>, %x: f32) {
// CHECK:         %buf = memref.alloc() : memref<8x8xf32, 1 : i64>
// CHECK-NEXT:    linalg.fill ins(%x : f32) outs(%buf : memref<8x8xf32, 1 : i64>)
// CHECK-NEXT:    %half = memref.subview %buf[4, 0] [4, 8] [1, 1] : memref<8x8xf32, 1 : i64> to memref<4x8xf32, strided<[8, 1], offset: 32>, 1 : i64>
// CHECK-NEXT:    %q = tensor.extract_slice
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT:    bufferization.materialize_in_destination %q in restrict writable %[[T]] : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK-NEXT:    linalg.copy ins(%[[T]] : memref<4x8xf32>) outs(%half : memref<4x8xf32, strided<[8, 1], offset: 32>, 1 : i64>)
// CHECK-NEXT:    %[[R:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NEXT:    linalg.copy ins(%buf : memref<8x8xf32, 1 : i64>) outs(%[[R]] : memref<8x8xf32>)
// CHECK-NEXT:    %[[RT:.*]] = bufferization.to_tensor %[[R]] restrict : memref<8x8xf32> to tensor<8x8xf32>
// CHECK-NEXT:    %[[E:.*]] = bufferization.alloc_tensor() : tensor<8x8xf32>
// CHECK-NEXT:    %all = linalg.copy ins(%[[RT]] : tensor<8x8xf32>) outs(%[[E]] : tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT:    bufferization.materialize_in_destination %all in restrict writable %out
// CHECK-NEXT:    func.return

// NOSPACE-LABEL: func.func @buffers(
// NOSPACE:         %buf = memref.alloc() : memref<8x8xf32>
// NOSPACE:         %half = memref.subview %buf[4, 0] [4, 8] [1, 1] : memref<8x8xf32> to memref<4x8xf32, strided<[8, 1], offset: 32>>

// -----

"spensor.declare_memory"() <{memory_name = "L1", memory_shape = [4, 4], load = ["L2", "L3"], store = ["L2", "L3"]}> {memory_space = 2 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L2", memory_shape = [], load = ["L3"], store = ["L3"]}> {memory_space = 1 : i64} : () -> ()
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!L1 = !spensor.memory<"L1", [4, 4]>
!L3 = !spensor.memory<"L3", []>
!A = !spensor.spensor<tensor<4x4xi32>, !L3>
!A1 = !spensor.spensor<tensor<4x4xi32>, !L1>

func.func @in_place(%a: !A, %out: !spensor.spensor<tensor<4x1xi32>, !L3>, %x: i32) {
  %b = "spensor.move"(%a) <{memory_name = "L1"}> : (!A) -> !A1
  %c = "spensor.move"(%a) <{memory_name = "L1"}> : (!A) -> !A1
  %f = "spensor.fill"(%x, %c) : (i32, !A1) -> !A1
  %s = "spensor.add"(%b, %c) {self_assign = true} : (!A1, !A1) -> !A1
  %r = "spensor.reduce_sum"(%b) : (!A1) -> !spensor.spensor<tensor<4x1xi32>, !L1>
  "spensor.move_to"(%r, %out) : (!spensor.spensor<tensor<4x1xi32>, !L1>, !spensor.spensor<tensor<4x1xi32>, !L3>) -> ()
  func.return
}

func.func @loop(%a: !A, %out: !A) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = "spensor.move"(%a) <{memory_name = "L1"}> : (!A) -> !A1
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (!A1) {
    %p = "spensor.move"(%a) <{memory_name = "L1"}> : (!A) -> !A1
    %n = "spensor.add"(%acc, %p) {self_assign = true} : (!A1, !A1) -> !A1
    scf.yield %n : !A1
  }
  "spensor.move_to"(%sum, %out) : (!A1, !A) -> ()
  func.return
}

// In-place ops on values: fill and add {self_assign} write into their operand's
// tensor (outs), and later uses of the operand see the result; integer element
// types reduce with arith.addi.
// CHECK-LABEL: func.func @in_place(
// CHECK:         %b = linalg.copy
// CHECK:         %c = linalg.copy
// CHECK-NEXT:    %f = linalg.fill ins(%x : i32) outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>
// CHECK-NEXT:    %s = linalg.add ins(%b, %f : tensor<4x4xi32>, tensor<4x4xi32>) outs(%b : tensor<4x4xi32>) -> tensor<4x4xi32>
// CHECK-NEXT:    %[[SLOT:.*]] = bufferization.alloc_tensor() {memory_space = 2 : i64} : tensor<4x1xi32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[SLOT]] : tensor<4x1xi32>) -> tensor<4x1xi32>
// CHECK-NEXT:    %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<4x4xi32>) outs(%[[INIT]] : tensor<4x1xi32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[ACC]], %[[IN]] : i32
// CHECK-NEXT:      linalg.yield %[[NEXT]] : i32
// CHECK-NEXT:    } -> tensor<4x1xi32>

// scf.for iter_args are retyped to tensors; the accumulation writes into the
// carried tensor, so one-shot-bufferize keeps the loop in place.
// CHECK-LABEL: func.func @loop(
// CHECK:         %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<4x4xi32>) {
// CHECK:           %p = linalg.copy
// CHECK-NEXT:      %[[N:.*]] = linalg.add ins(%acc, %p : tensor<4x4xi32>, tensor<4x4xi32>) outs(%acc : tensor<4x4xi32>) -> tensor<4x4xi32>
// CHECK-NEXT:      scf.yield %[[N]] : tensor<4x4xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    bufferization.materialize_in_destination %sum in restrict writable %out

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!A = !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
// expected-error @+1 {{a function returning a spensor cannot be lowered; run spensor-bufferize-output first}}
func.func @returns(%a: !A) -> !A {
  func.return %a : !A
}

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!A = !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
func.func @outside(%a: !A, %x: f32, %out: !A) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = "spensor.move"(%a) <{memory_name = "L3"}> : (!A) -> !A
  scf.for %i = %c0 to %c2 step %c1 {
    // expected-error @+1 {{spensor.fill writes into a value defined outside its region and used later; write into a buffer (spensor.alloc_spensor) instead}}
    %f = "spensor.fill"(%x, %b) : (f32, !A) -> !A
    "spensor.move_to"(%b, %out) : (!A, !A) -> ()
  }
  func.return
}

// -----

"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!A = !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
!G = !spensor.ndspensor<tensor<2x!spensor.spensor<tensor<2xf32>, !spensor.memory<"L3", []>>>>
func.func @grid(%a: !A, %out: !A) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{cannot lower spensor.split on ndspensors; run spensor-expand-parallel first}}
  %g = "spensor.split"(%a, %c2, %c0) : (!A, index, index) -> !G
  // expected-error @+1 {{cannot lower spensor.move on ndspensors; run spensor-expand-parallel first}}
  %h = "spensor.move"(%g) <{memory_name = "L3"}> : (!G) -> !G
  func.return
}

// -----

// Every op the pass cannot lower is named; the module is left as it was (@fine's
// move, which could be lowered, too: tests/transforms/test_failing_passes.py).
"spensor.declare_memory"() <{memory_name = "L3", memory_shape = [], load = [], store = []}> : () -> ()
!A = !spensor.spensor<tensor<4xf32>, !spensor.memory<"L3", []>>
func.func @fine(%a: !A, %out: !A) {
  %b = "spensor.move"(%a) <{memory_name = "L3"}> : (!A) -> !A
  "spensor.move_to"(%b, %out) : (!A, !A) -> ()
  func.return
}
// expected-error @+1 {{a function returning a spensor cannot be lowered; run spensor-bufferize-output first}}
func.func @returns(%a: !A) -> !A {
  func.return %a : !A
}
// expected-error @+1 {{cannot lower the spensor signature of a function declaration}}
func.func private @external(!A)
func.func @calls(%a: !A) {
  // expected-error @+1 {{cannot lower func.call: no lowering for an op on spensors}}
  func.call @external(%a) : (!A) -> ()
  func.return
}

// -----

func.func @store(%a: memref<4xf32>, %b: memref<4xf32>) {
  "spensor.store_spensor"(%a, %b) : (memref<4xf32>, memref<4xf32>) -> ()
  func.return
}

// CHECK-LABEL: func.func @store(
// CHECK-NEXT:    linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
// CHECK-NEXT:    func.return

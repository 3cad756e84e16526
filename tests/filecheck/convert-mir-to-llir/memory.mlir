// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Buffers: alloc_buffer (elements * element bytes, aligned to max(element bytes, 16)),
// written in full, and freed after their last use.

// alloc_tensor is zero-filled; dealloc_tensor frees it where the program says.
func.func @alloc_dealloc(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %t = mir.alloc_tensor : tensor<2x2xf64>
  %r = mir.broadcast_add %t, %x broadcast_shape = [2, 2] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  mir.dealloc_tensor %t : tensor<2x2xf64>
  func.return %r : tensor<2x2xf64>
}

// CHECK-LABEL: llir.func @alloc_dealloc(%x: !llir.ptr<f64>, %out0: !llir.ptr<f64>) attributes {llir.tensor_signature = (tensor<2x2xf64>) -> tensor<2x2xf64>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 0.000000e+00 : f64
// CHECK-NEXT:   %[[T:.*]] = llir.alloc_buffer 32 : !llir.ptr<f64>
// CHECK-NEXT:   llir.for unroll %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     llir.store %[[V3]], %[[T]][%[[V4]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V5:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.load %[[T]][%[[V5]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V7:.*]] = llir.load %x[%[[V5]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V8:.*]] = llir.add %[[V6]], %[[V7]] : f64
// CHECK-NEXT:     llir.store %[[V8]], %out0[%[[V5]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[T]] : !llir.ptr<f64>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A splat constant is a fill loop, another constant one store per element; an
// intermediate is freed right after its last use.
func.func @constants(%x: tensor<3xf32>) -> tensor<3xf32> {
  %h = mir.constant dense<0.5> : tensor<3xf32>
  %c = mir.constant dense<[1.0, -2.0, 4.0]> : tensor<3xf32>
  %m = mir.broadcast_mul %x, %h broadcast_shape = [3] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %r = mir.broadcast_add %m, %c broadcast_shape = [3] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// CHECK-LABEL: llir.func @constants(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<3xf32>) -> tensor<3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 1.000000e+00 : f32
// CHECK-NEXT:   %[[V5:.*]] = llir.constant -2.000000e+00 : f32
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 4.000000e+00 : f32
// CHECK-NEXT:   %[[V7:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[H:.*]] = llir.alloc_buffer 12 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for unroll %[[V8:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     llir.store %[[V3]], %[[H]][%[[V8]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[C:.*]] = llir.alloc_buffer 12 : !llir.ptr<f32>
// CHECK-NEXT:   llir.store %[[V4]], %[[C]] : f32, !llir.ptr<f32>
// CHECK-NEXT:   llir.store %[[V5]], %[[C]][%[[V2]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   llir.store %[[V6]], %[[C]][%[[V7]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   %[[M:.*]] = llir.alloc_buffer 12 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.load %x[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V11:.*]] = llir.load %[[H]][%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V12:.*]] = llir.mul %[[V10]], %[[V11]] : f32
// CHECK-NEXT:     llir.store %[[V12]], %[[M]][%[[V9]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[H]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.for unroll %[[V13:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V14:.*]] = llir.load %[[M]][%[[V13]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V15:.*]] = llir.load %[[C]][%[[V13]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V16:.*]] = llir.add %[[V14]], %[[V15]] : f32
// CHECK-NEXT:     llir.store %[[V16]], %out0[%[[V13]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[M]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.free_buffer %[[C]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// from_elements stores its scalars (index elements truncated); a dealloc of an argument
// does nothing (the caller owns it); returning an argument copies it to the output.
func.func @from_elements(%n: index, %x: tensor<2xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<i1>) {
  %c = arith.constant 7 : index
  %e = mir.from_elements %n, %c : (index, index) -> tensor<2xi32>
  %t = arith.constant true
  %b = mir.from_elements %t : (i1) -> tensor<i1>
  mir.dealloc_tensor %y : tensor<2xi32>
  func.return %e, %x, %b : tensor<2xi32>, tensor<2xi32>, tensor<i1>
}

// CHECK-LABEL: llir.func @from_elements(%n: i64, %x: !llir.ptr<i32>, %y: !llir.ptr<i32>, %out0: !llir.ptr<i32>, %out1: !llir.ptr<i32>, %out2: !llir.ptr<i1>) attributes {llir.tensor_signature = (index, tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<i1>)} {
// CHECK-NEXT:   %[[C:.*]] = llir.constant 7 : i64
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[T:.*]] = llir.constant true
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 8 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.trunc %n : i64 to i32
// CHECK-NEXT:   llir.store %[[V2]], %out0 : i32, !llir.ptr<i32>
// CHECK-NEXT:   %[[V3:.*]] = llir.trunc %[[C]] : i64 to i32
// CHECK-NEXT:   llir.store %[[V3]], %out0[%[[V0]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT:   llir.store %[[T]], %out2 : i1, !llir.ptr<i1>
// CHECK-NEXT:   llir.memcpy %out1, %x, %[[V1]] : !llir.ptr<i32>, !llir.ptr<i32>, i64
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A non-splat constant of at least 16 elements goes to the data section: an
// llir.global before the function, named after its type (unique: `_1`, ...), read
// through llir.addressof; a mir.dealloc_tensor of it frees nothing. A splat of any size
// stays a fill loop of a buffer of its own.
func.func @data_section(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c = mir.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<2x8xf32>
  %d = mir.constant dense<[[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0]]> : tensor<2x8xf32>
  %h = mir.constant dense<0.5> : tensor<2x8xf32>
  %r = mir.broadcast_add %x, %c broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  mir.dealloc_tensor %c : tensor<2x8xf32>
  %s = mir.broadcast_mul %r, %d broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %t = mir.broadcast_mul %s, %h broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  func.return %t : tensor<2x8xf32>
}

// CHECK:      llir.global @__constant_2x8xf32 = dense<{{\[}}[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00], [8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 1.300000e+01, 1.400000e+01, 1.500000e+01]]> : tensor<2x8xf32>
// CHECK-NEXT: llir.global @__constant_2x8xf32_1 = dense<{{\[}}[1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, -1.000000e+00]]> : tensor<2x8xf32>
// CHECK-NEXT: llir.func @data_section(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x8xf32>) -> tensor<2x8xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 16 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[HALF:.*]] = llir.constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[C:.*]] = llir.addressof @__constant_2x8xf32 : !llir.ptr<f32>
// CHECK-NEXT:   %[[D:.*]] = llir.addressof @__constant_2x8xf32_1 : !llir.ptr<f32>
// CHECK-NEXT:   %[[H:.*]] = llir.alloc_buffer 64 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[I:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     llir.store %[[HALF]], %[[H]][%[[I]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[R:.*]] = llir.alloc_buffer 64 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[J:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[X:.*]] = llir.load %x[%[[J]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[CJ:.*]] = llir.load %[[C]][%[[J]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[SUM:.*]] = llir.add %[[X]], %[[CJ]] : f32
// CHECK-NEXT:     llir.store %[[SUM]], %[[R]][%[[J]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[S:.*]] = llir.alloc_buffer 64 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[K:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[RK:.*]] = llir.load %[[R]][%[[K]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[DK:.*]] = llir.load %[[D]][%[[K]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[P:.*]] = llir.mul %[[RK]], %[[DK]] : f32
// CHECK-NEXT:     llir.store %[[P]], %[[S]][%[[K]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[R]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[L:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[SL:.*]] = llir.load %[[S]][%[[L]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[HL:.*]] = llir.load %[[H]][%[[L]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[Q:.*]] = llir.mul %[[SL]], %[[HL]] : f32
// CHECK-NEXT:     llir.store %[[Q]], %out0[%[[L]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[S]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.free_buffer %[[H]] : !llir.ptr<f32>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

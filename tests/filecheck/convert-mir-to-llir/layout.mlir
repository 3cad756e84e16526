// RUN: xdsl-opt %s -p 'convert-mir-to-llir{layout="column-major"}' --split-input-file | filecheck %s

// Column-major layout: the first dim is contiguous, so it is the innermost loop, and
// the llir.func says `column_major`.

// [2, 3] + [3]: the [3] operand is broadcast along the contiguous dim 0 (stride 0).
func.func @broadcast_add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = mir.broadcast_add %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func column_major @broadcast_add(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     %[[V6:.*]] = llir.load %b[%[[V4]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     llir.for unroll %[[V7:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V5]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.load %a[%[[V8]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V9]], %[[V6]] : f32
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V8]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A reshape keeping the non-unit dims aliases the buffer; one that regroups them copies,
// recomputing each element's row-major position.
func.func @reshape(%x: tensor<2x3xf32>) -> (tensor<2x1x3xf32>, tensor<3x2xf32>) {
  %a = mir.reshape %x : (tensor<2x3xf32>) -> tensor<2x1x3xf32>
  %b = mir.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %a, %b : tensor<2x1x3xf32>, tensor<3x2xf32>
}

// CHECK-LABEL: llir.func column_major @reshape(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3xf32>) -> (tensor<2x1x3xf32>, tensor<3x2xf32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 24 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V5:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.mul %[[V3]], %[[V5]] : i64
// CHECK-NEXT:     llir.for unroll %[[V7:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V6]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.mul %[[V1]], %[[V7]] : i64
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V9]], %[[V5]] : i64
// CHECK-NEXT:       %[[V11:.*]] = llir.div %[[V10]], %[[V3]] : i64
// CHECK-NEXT:       %[[V12:.*]] = llir.rem %[[V10]], %[[V3]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.mul %[[V1]], %[[V12]] : i64
// CHECK-NEXT:       %[[V14:.*]] = llir.add %[[V11]], %[[V13]] : i64
// CHECK-NEXT:       %[[V15:.*]] = llir.load %x[%[[V14]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V15]], %out1[%[[V8]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.memcpy %out0, %x, %[[V4]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

func.func @reduce(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %r = mir.reduce sum %x axes = [0] keep_dims = false : (tensor<2x3xf32>) -> tensor<3xf32>
  func.return %r : tensor<3xf32>
}

// CHECK-LABEL: llir.func column_major @reduce(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3xf32>) -> tensor<3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   llir.for unroll_and_jam %[[V5:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.mul %[[V3]], %[[V5]] : i64
// CHECK-NEXT:     %[[V7:.*]] = llir.for unroll %[[V8:.*]] = %[[V0]] to %[[V3]] step %[[V2]] iter_args(%[[V9:.*]] = %[[V4]]) -> (f32) : i64 {
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V6]], %[[V8]] : i64
// CHECK-NEXT:       %[[V11:.*]] = llir.load %x[%[[V10]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V12:.*]] = llir.add %[[V9]], %[[V11]] : f32
// CHECK-NEXT:       llir.yield %[[V12]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.store %[[V7]], %out0[%[[V5]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A constant in the data section holds its elements in the function's layout: a 1-D
// initializer in column-major order.
func.func @data_section(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c = mir.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<2x8xf32>
  %r = mir.broadcast_add %x, %c broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  func.return %r : tensor<2x8xf32>
}

// CHECK:      llir.global @__constant_2x8xf32 = dense<[0.000000e+00, 8.000000e+00, 1.000000e+00, 9.000000e+00, 2.000000e+00, 1.000000e+01, 3.000000e+00, 1.100000e+01, 4.000000e+00, 1.200000e+01, 5.000000e+00, 1.300000e+01, 6.000000e+00, 1.400000e+01, 7.000000e+00, 1.500000e+01]> : tensor<16xf32>
// CHECK-NEXT: llir.func column_major @data_section(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x8xf32>) -> tensor<2x8xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 16 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[C:.*]] = llir.addressof @__constant_2x8xf32 : !llir.ptr<f32>
// CHECK-NEXT:   llir.for %[[I:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[X:.*]] = llir.load %x[%[[I]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[CI:.*]] = llir.load %[[C]][%[[I]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[SUM:.*]] = llir.add %[[X]], %[[CI]] : f32
// CHECK-NEXT:     llir.store %[[SUM]], %out0[%[[I]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

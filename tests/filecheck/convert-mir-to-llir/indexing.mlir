// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Index and shape ops are copies with the right addresses.

// A strided slice: element (i, j) reads x[3 - 2i, 1 + j], so the offset starts at
// 3 * 5 + 1 = 16 and steps by -10 and 1.
func.func @slice(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %r = mir.slice %x starts = [3, 1] ends = [-1, 4] strides = [-2, 1] : (tensor<4x5xf32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func @slice(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4x5xf32>) -> tensor<2x3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant -10 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 16 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V6:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V7:.*]] = llir.mul %[[V3]], %[[V6]] : i64
// CHECK-NEXT:     %[[V8:.*]] = llir.add %[[V7]], %[[V4]] : i64
// CHECK-NEXT:     %[[V9:.*]] = llir.mul %[[V5]], %[[V6]] : i64
// CHECK-NEXT:     llir.for unroll %[[V10:.*]] = %[[V0]] to %[[V5]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V11:.*]] = llir.add %[[V8]], %[[V10]] : i64
// CHECK-NEXT:       %[[V12:.*]] = llir.add %[[V9]], %[[V10]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.load %x[%[[V11]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V13]], %out0[%[[V12]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// gather along dim 1: the loaded index is widened, wrapped if negative, clamped to
// [0, 4] and scaled by the stride of dim 1.
func.func @gather(%x: tensor<2x5xf32>, %i: tensor<3xi32>) -> tensor<2x3xf32> {
  %r = mir.gather %x, %i axis = 1 : (tensor<2x5xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func @gather(%x: !llir.ptr<f32>, %i: !llir.ptr<i32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x5xf32>, tensor<3xi32>) -> tensor<2x3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 5 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V6:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V7:.*]] = llir.mul %[[V3]], %[[V6]] : i64
// CHECK-NEXT:     %[[V8:.*]] = llir.mul %[[V4]], %[[V6]] : i64
// CHECK-NEXT:     llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V4]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V8]], %[[V9]] : i64
// CHECK-NEXT:       %[[V11:.*]] = llir.load %i[%[[V9]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:       %[[V12:.*]] = llir.sext %[[V11]] : i32 to i64
// CHECK-NEXT:       %[[V13:.*]] = llir.add %[[V12]], %[[V3]] : i64
// CHECK-NEXT:       %[[V14:.*]] = llir.cmp slt, %[[V12]], %[[V0]] : i64
// CHECK-NEXT:       %[[V15:.*]] = llir.select %[[V14]], %[[V13]], %[[V12]] : i64
// CHECK-NEXT:       %[[V16:.*]] = llir.max %[[V15]], %[[V0]] : i64
// CHECK-NEXT:       %[[V17:.*]] = llir.min %[[V16]], %[[V5]] : i64
// CHECK-NEXT:       %[[V18:.*]] = llir.add %[[V7]], %[[V17]] : i64
// CHECK-NEXT:       %[[V19:.*]] = llir.load %x[%[[V18]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V19]], %out0[%[[V10]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// scatter: a copy of the input, then the updates stored at the loaded indices.
func.func @scatter(%x: tensor<3x2xf32>, %u: tensor<2x2xf32>) -> tensor<3x2xf32> {
  %i = mir.constant dense<[2, 0]> : tensor<2xi64>
  %r = mir.scatter %x, %u, %i axis = 0 : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  func.return %r : tensor<3x2xf32>
}

// CHECK-LABEL: llir.func @scatter(%x: !llir.ptr<f32>, %u: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 24 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[I:.*]] = llir.alloc_buffer 16 : !llir.ptr<i64>
// CHECK-NEXT:   llir.store %[[V0]], %[[I]] : i64, !llir.ptr<i64>
// CHECK-NEXT:   llir.store %[[V1]], %[[I]][%[[V2]] : i64] : i64, !llir.ptr<i64>
// CHECK-NEXT:   llir.memcpy %out0, %x, %[[V3]] : !llir.ptr<f32>, !llir.ptr<f32>, i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V5:.*]] = %[[V1]] to %[[V0]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.mul %[[V0]], %[[V5]] : i64
// CHECK-NEXT:     llir.for unroll %[[V7:.*]] = %[[V1]] to %[[V0]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V6]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.load %[[I]][%[[V5]] : i64] : !llir.ptr<i64> -> i64
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V9]], %[[V4]] : i64
// CHECK-NEXT:       %[[V11:.*]] = llir.cmp slt, %[[V9]], %[[V1]] : i64
// CHECK-NEXT:       %[[V12:.*]] = llir.select %[[V11]], %[[V10]], %[[V9]] : i64
// CHECK-NEXT:       %[[V13:.*]] = llir.max %[[V12]], %[[V1]] : i64
// CHECK-NEXT:       %[[V14:.*]] = llir.min %[[V13]], %[[V0]] : i64
// CHECK-NEXT:       %[[V15:.*]] = llir.mul %[[V0]], %[[V14]] : i64
// CHECK-NEXT:       %[[V16:.*]] = llir.add %[[V7]], %[[V15]] : i64
// CHECK-NEXT:       %[[V17:.*]] = llir.load %u[%[[V8]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V17]], %out0[%[[V16]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[I]] : !llir.ptr<i64>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %r = mir.transpose %x permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  func.return %r : tensor<4x2x3xf32>
}

// CHECK-LABEL: llir.func @transpose(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   llir.for %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     llir.for %[[V6:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V7:.*]] = llir.mul %[[V1]], %[[V6]] : i64
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V4]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.add %[[V5]], %[[V6]] : i64
// CHECK-NEXT:       %[[V10:.*]] = llir.load %x[%[[V8]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V9]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// concat along dim 1: each input is copied to its column offset.
func.func @concat(%a: tensor<2x2xi8>, %b: tensor<2x1xi8>) -> tensor<2x3xi8> {
  %r = mir.concat %a, %b axis = 1 : (tensor<2x2xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
  func.return %r : tensor<2x3xi8>
}

// CHECK-LABEL: llir.func @concat(%a: !llir.ptr<i8>, %b: !llir.ptr<i8>, %out0: !llir.ptr<i8>) attributes {llir.tensor_signature = (tensor<2x2xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V1]], %[[V4]] : i64
// CHECK-NEXT:     %[[V6:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     llir.for unroll %[[V7:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V5]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.add %[[V6]], %[[V7]] : i64
// CHECK-NEXT:       %[[V10:.*]] = llir.load %a[%[[V8]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V9]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V11:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V12:.*]] = llir.mul %[[V3]], %[[V11]] : i64
// CHECK-NEXT:     %[[V13:.*]] = llir.add %[[V12]], %[[V1]] : i64
// CHECK-NEXT:     %[[V14:.*]] = llir.load %b[%[[V11]] : i64] : !llir.ptr<i8> -> i8
// CHECK-NEXT:     llir.store %[[V14]], %out0[%[[V13]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// In row-major layout a reshape (static or dynamic) reuses the buffer: the exp reads
// the input directly.
func.func @reshape(%x: tensor<2x6xf32>) -> tensor<3x4xf32> {
  %s = mir.constant dense<[2, 6]> : tensor<2xi64>
  %d = mir.dynamic_reshape %x, %s : (tensor<2x6xf32>, tensor<2xi64>) -> tensor<?x6xf32>
  %r = mir.reshape %x : (tensor<2x6xf32>) -> tensor<3x4xf32>
  %e = mir.exp %r : (tensor<3x4xf32>) -> tensor<3x4xf32>
  mir.dealloc_tensor %d : tensor<?x6xf32>
  func.return %e : tensor<3x4xf32>
}

// CHECK-LABEL: llir.func @reshape(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x6xf32>) -> tensor<3x4xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 12 : i64
// CHECK-NEXT:   %[[S:.*]] = llir.alloc_buffer 16 : !llir.ptr<i64>
// CHECK-NEXT:   llir.store %[[V0]], %[[S]] : i64, !llir.ptr<i64>
// CHECK-NEXT:   llir.store %[[V1]], %[[S]][%[[V2]] : i64] : i64, !llir.ptr<i64>
// CHECK-NEXT:   llir.free_buffer %[[S]] : !llir.ptr<i64>
// CHECK-NEXT:   llir.for %[[V5:.*]] = %[[V3]] to %[[V4]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V6:.*]] = llir.load %x[%[[V5]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V7:.*]] = llir.exp %[[V6]] : f32
// CHECK-NEXT:     llir.store %[[V7]], %out0[%[[V5]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

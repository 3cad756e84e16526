// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// Element-wise ops: one loop nest over the result, contiguous dims merged, broadcast
// operands read with stride 0 (a [3] operand along a [2, 3] result reuses its row).

func.func @broadcast_add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = mir.broadcast_add %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %r : tensor<2x3xf32>
}

// CHECK-LABEL: llir.func @broadcast_add(%a: !llir.ptr<f32>, %b: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     llir.for unroll %[[V6:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V7:.*]] = llir.add %[[V5]], %[[V6]] : i64
// CHECK-NEXT:       %[[V8:.*]] = llir.load %a[%[[V7]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V9:.*]] = llir.load %b[%[[V6]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V8]], %[[V9]] : f32
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V7]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// A column [2, 1] broadcast along the rows: its load is hoisted out of the inner loop.
func.func @broadcast_max_min_column(%a: tensor<2x1xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %max = mir.broadcast_max %a, %b broadcast_shape = [2, 3] : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %min = mir.broadcast_min %b, %a broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  func.return %max, %min : tensor<2x3xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: llir.func @broadcast_max_min_column(%a: !llir.ptr<i32>, %b: !llir.ptr<i32>, %out0: !llir.ptr<i32>, %out1: !llir.ptr<i32>) attributes {llir.tensor_signature = (tensor<2x1xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for unroll_and_jam %[[V4:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V5:.*]] = llir.mul %[[V3]], %[[V4]] : i64
// CHECK-NEXT:     %[[V6:.*]] = llir.load %a[%[[V4]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:     llir.for unroll %[[V7:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V8:.*]] = llir.add %[[V5]], %[[V7]] : i64
// CHECK-NEXT:       %[[V9:.*]] = llir.load %b[%[[V8]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:       %[[V10:.*]] = llir.max %[[V6]], %[[V9]] : i32
// CHECK-NEXT:       llir.store %[[V10]], %out0[%[[V8]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll_and_jam %[[V11:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V12:.*]] = llir.mul %[[V3]], %[[V11]] : i64
// CHECK-NEXT:     %[[V13:.*]] = llir.load %a[%[[V11]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:     llir.for unroll %[[V14:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V15:.*]] = llir.add %[[V12]], %[[V14]] : i64
// CHECK-NEXT:       %[[V16:.*]] = llir.load %b[%[[V15]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:       %[[V17:.*]] = llir.min %[[V16]], %[[V13]] : i32
// CHECK-NEXT:       llir.store %[[V17]], %out1[%[[V15]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// Same shapes: the two dims merge into one loop of 6; the intermediate is freed.
func.func @sub_div(%a: tensor<2x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %s = mir.broadcast_sub %a, %b broadcast_shape = [2, 3] : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %d = mir.broadcast_div %s, %b broadcast_shape = [2, 3] : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %d : tensor<2x3xf64>
}

// CHECK-LABEL: llir.func @sub_div(%a: !llir.ptr<f64>, %b: !llir.ptr<f64>, %out0: !llir.ptr<f64>) attributes {llir.tensor_signature = (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 6 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[S:.*]] = llir.alloc_buffer 48 : !llir.ptr<f64>
// CHECK-NEXT:   llir.for %[[V3:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V4:.*]] = llir.load %a[%[[V3]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V5:.*]] = llir.load %b[%[[V3]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V6:.*]] = llir.sub %[[V4]], %[[V5]] : f64
// CHECK-NEXT:     llir.store %[[V6]], %[[S]][%[[V3]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for %[[V7:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V8:.*]] = llir.load %[[S]][%[[V7]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V9:.*]] = llir.load %b[%[[V7]] : i64] : !llir.ptr<f64> -> f64
// CHECK-NEXT:     %[[V10:.*]] = llir.div %[[V8]], %[[V9]] : f64
// CHECK-NEXT:     llir.store %[[V10]], %out0[%[[V7]] : i64] : f64, !llir.ptr<f64>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.free_buffer %[[S]] : !llir.ptr<f64>
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

func.func @unary(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %s = mir.sqrt %x : (tensor<4xf32>) -> tensor<4xf32>
  %e = mir.exp %x : (tensor<4xf32>) -> tensor<4xf32>
  %n = mir.neg %x : (tensor<4xf32>) -> tensor<4xf32>
  func.return %s, %e, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: llir.func @unary(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<f32>, %out2: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   llir.for unroll %[[V3:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V4:.*]] = llir.load %x[%[[V3]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V5:.*]] = llir.sqrt %[[V4]] : f32
// CHECK-NEXT:     llir.store %[[V5]], %out0[%[[V3]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V6:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V7:.*]] = llir.load %x[%[[V6]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V8:.*]] = llir.exp %[[V7]] : f32
// CHECK-NEXT:     llir.store %[[V8]], %out1[%[[V6]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.load %x[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V11:.*]] = llir.neg %[[V10]] : f32
// CHECK-NEXT:     llir.store %[[V11]], %out2[%[[V9]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// float -> int saturates (NaN -> 0) in f64, where the bounds are exact; i1 -> float is uitofp.
func.func @cast(%x: tensor<3xf32>, %p: tensor<2xi1>) -> (tensor<3xi8>, tensor<2xf16>) {
  %i = mir.cast %x : (tensor<3xf32>) -> tensor<3xi8>
  %f = mir.cast %p : (tensor<2xi1>) -> tensor<2xf16>
  func.return %i, %f : tensor<3xi8>, tensor<2xf16>
}

// CHECK-LABEL: llir.func @cast(%x: !llir.ptr<f32>, %p: !llir.ptr<i1>, %out0: !llir.ptr<i8>, %out1: !llir.ptr<f16>) attributes {llir.tensor_signature = (tensor<3xf32>, tensor<2xi1>) -> (tensor<3xi8>, tensor<2xf16>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 0.000000e+00 : f64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 1.270000e+02 : f64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant -1.280000e+02 : f64
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 127 : i8
// CHECK-NEXT:   %[[V7:.*]] = llir.constant -128 : i8
// CHECK-NEXT:   %[[V8:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.load %x[%[[V9]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:     %[[V11:.*]] = llir.fpext %[[V10]] : f32 to f64
// CHECK-NEXT:     %[[V12:.*]] = llir.cmp uno, %[[V11]], %[[V11]] : f64
// CHECK-NEXT:     %[[V13:.*]] = llir.select %[[V12]], %[[V3]], %[[V11]] : f64
// CHECK-NEXT:     %[[V14:.*]] = llir.cmp oge, %[[V13]], %[[V4]] : f64
// CHECK-NEXT:     %[[V15:.*]] = llir.cmp ole, %[[V13]], %[[V5]] : f64
// CHECK-NEXT:     %[[V16:.*]] = llir.or %[[V14]], %[[V15]] : i1
// CHECK-NEXT:     %[[V17:.*]] = llir.select %[[V16]], %[[V3]], %[[V13]] : f64
// CHECK-NEXT:     %[[V18:.*]] = llir.fptosi %[[V17]] : f64 to i8
// CHECK-NEXT:     %[[V19:.*]] = llir.select %[[V14]], %[[V6]], %[[V18]] : i8
// CHECK-NEXT:     %[[V20:.*]] = llir.select %[[V15]], %[[V7]], %[[V19]] : i8
// CHECK-NEXT:     llir.store %[[V20]], %out0[%[[V9]] : i64] : i8, !llir.ptr<i8>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll %[[V21:.*]] = %[[V0]] to %[[V8]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V22:.*]] = llir.load %p[%[[V21]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT:     %[[V23:.*]] = llir.uitofp %[[V22]] : i1 to f16
// CHECK-NEXT:     llir.store %[[V23]], %out1[%[[V21]] : i64] : f16, !llir.ptr<f16>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

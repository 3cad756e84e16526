// RUN: xdsl-opt %s -p convert-mir-to-llir --split-input-file | filecheck %s

// mir.reduce: loops over the kept dims around loops over the reduced axes, which carry
// the accumulator from the kind's identity.

// sum of the middle axis, dropping it.
func.func @sum(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %r = mir.reduce sum %x axes = [1] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// CHECK-LABEL: llir.func @sum(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3x4xf32>) -> tensor<2x4xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 12 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   llir.for %[[V7:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     llir.for unroll_and_jam %[[V8:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:       %[[V9:.*]] = llir.mul %[[V4]], %[[V7]] : i64
// CHECK-NEXT:       %[[V10:.*]] = llir.add %[[V9]], %[[V8]] : i64
// CHECK-NEXT:       %[[V11:.*]] = llir.for unroll %[[V12:.*]] = %[[V0]] to %[[V6]] step %[[V2]] iter_args(%[[V13:.*]] = %[[V5]]) -> (f32) : i64 {
// CHECK-NEXT:         %[[V14:.*]] = llir.mul %[[V3]], %[[V12]] : i64
// CHECK-NEXT:         %[[V15:.*]] = llir.add %[[V10]], %[[V14]] : i64
// CHECK-NEXT:         %[[V16:.*]] = llir.load %x[%[[V15]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:         %[[V17:.*]] = llir.add %[[V13]], %[[V16]] : f32
// CHECK-NEXT:         llir.yield %[[V17]] : f32
// CHECK-NEXT:       }
// CHECK-NEXT:       %[[V18:.*]] = llir.mul %[[V3]], %[[V7]] : i64
// CHECK-NEXT:       %[[V19:.*]] = llir.add %[[V18]], %[[V8]] : i64
// CHECK-NEXT:       llir.store %[[V11]], %out0[%[[V19]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// mean over two axes keeping them: the sum is divided by the 8 reduced elements.
func.func @mean(%x: tensor<2x3x4xf32>) -> tensor<1x3x1xf32> {
  %r = mir.reduce mean %x axes = [0, 2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
  func.return %r : tensor<1x3x1xf32>
}

// CHECK-LABEL: llir.func @mean(%x: !llir.ptr<f32>, %out0: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 4 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 12 : i64
// CHECK-NEXT:   %[[V7:.*]] = llir.constant 8.000000e+00 : f32
// CHECK-NEXT:   llir.for %[[V8:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V9:.*]] = llir.mul %[[V3]], %[[V8]] : i64
// CHECK-NEXT:     %[[V10:.*]] = llir.for unroll_and_jam %[[V11:.*]] = %[[V0]] to %[[V5]] step %[[V2]] iter_args(%[[V12:.*]] = %[[V4]]) -> (f32) : i64 {
// CHECK-NEXT:       %[[V13:.*]] = llir.mul %[[V6]], %[[V11]] : i64
// CHECK-NEXT:       %[[V14:.*]] = llir.add %[[V9]], %[[V13]] : i64
// CHECK-NEXT:       %[[V15:.*]] = llir.for unroll %[[V16:.*]] = %[[V0]] to %[[V3]] step %[[V2]] iter_args(%[[V17:.*]] = %[[V12]]) -> (f32) : i64 {
// CHECK-NEXT:         %[[V18:.*]] = llir.add %[[V14]], %[[V16]] : i64
// CHECK-NEXT:         %[[V19:.*]] = llir.load %x[%[[V18]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:         %[[V20:.*]] = llir.add %[[V17]], %[[V19]] : f32
// CHECK-NEXT:         llir.yield %[[V20]] : f32
// CHECK-NEXT:       }
// CHECK-NEXT:       llir.yield %[[V15]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[V21:.*]] = llir.div %[[V10]], %[[V7]] : f32
// CHECK-NEXT:     llir.store %[[V21]], %out0[%[[V8]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// max from -inf, min of integers from the largest i32, prod from 1.
func.func @max_min_prod(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>) -> (tensor<f32>, tensor<2xi32>, tensor<3xf32>) {
  %max = mir.reduce max %x axes = [0, 1] keep_dims = false : (tensor<2x3xf32>) -> tensor<f32>
  %min = mir.reduce min %i axes = [1] keep_dims = false : (tensor<2x3xi32>) -> tensor<2xi32>
  %prod = mir.reduce prod %x axes = [0] keep_dims = false : (tensor<2x3xf32>) -> tensor<3xf32>
  func.return %max, %min, %prod : tensor<f32>, tensor<2xi32>, tensor<3xf32>
}

// CHECK-LABEL: llir.func @max_min_prod(%x: !llir.ptr<f32>, %i: !llir.ptr<i32>, %out0: !llir.ptr<f32>, %out1: !llir.ptr<i32>, %out2: !llir.ptr<f32>) attributes {llir.tensor_signature = (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<f32>, tensor<2xi32>, tensor<3xf32>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0xff800000 : f32
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V5:.*]] = llir.constant 2147483647 : i32
// CHECK-NEXT:   %[[V6:.*]] = llir.constant 1.000000e+00 : f32
// CHECK-NEXT:   %[[V7:.*]] = llir.for unroll_and_jam %[[V8:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V9:.*]] = %[[V0]]) -> (f32) : i64 {
// CHECK-NEXT:     %[[V10:.*]] = llir.mul %[[V4]], %[[V8]] : i64
// CHECK-NEXT:     %[[V11:.*]] = llir.for unroll %[[V12:.*]] = %[[V1]] to %[[V4]] step %[[V3]] iter_args(%[[V13:.*]] = %[[V9]]) -> (f32) : i64 {
// CHECK-NEXT:       %[[V14:.*]] = llir.add %[[V10]], %[[V12]] : i64
// CHECK-NEXT:       %[[V15:.*]] = llir.load %x[%[[V14]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V16:.*]] = llir.max %[[V13]], %[[V15]] : f32
// CHECK-NEXT:       llir.yield %[[V16]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.yield %[[V11]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.store %[[V7]], %out0 : f32, !llir.ptr<f32>
// CHECK-NEXT:   llir.for unroll_and_jam %[[V17:.*]] = %[[V1]] to %[[V2]] step %[[V3]] : i64 {
// CHECK-NEXT:     %[[V18:.*]] = llir.mul %[[V4]], %[[V17]] : i64
// CHECK-NEXT:     %[[V19:.*]] = llir.for unroll %[[V20:.*]] = %[[V1]] to %[[V4]] step %[[V3]] iter_args(%[[V21:.*]] = %[[V5]]) -> (i32) : i64 {
// CHECK-NEXT:       %[[V22:.*]] = llir.add %[[V18]], %[[V20]] : i64
// CHECK-NEXT:       %[[V23:.*]] = llir.load %i[%[[V22]] : i64] : !llir.ptr<i32> -> i32
// CHECK-NEXT:       %[[V24:.*]] = llir.min %[[V21]], %[[V23]] : i32
// CHECK-NEXT:       llir.yield %[[V24]] : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.store %[[V19]], %out1[%[[V17]] : i64] : i32, !llir.ptr<i32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll_and_jam %[[V25:.*]] = %[[V1]] to %[[V4]] step %[[V3]] : i64 {
// CHECK-NEXT:     %[[V26:.*]] = llir.for unroll %[[V27:.*]] = %[[V1]] to %[[V2]] step %[[V3]] iter_args(%[[V28:.*]] = %[[V6]]) -> (f32) : i64 {
// CHECK-NEXT:       %[[V29:.*]] = llir.mul %[[V4]], %[[V27]] : i64
// CHECK-NEXT:       %[[V30:.*]] = llir.add %[[V25]], %[[V29]] : i64
// CHECK-NEXT:       %[[V31:.*]] = llir.load %x[%[[V30]] : i64] : !llir.ptr<f32> -> f32
// CHECK-NEXT:       %[[V32:.*]] = llir.mul %[[V28]], %[[V31]] : f32
// CHECK-NEXT:       llir.yield %[[V32]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.store %[[V26]], %out2[%[[V25]] : i64] : f32, !llir.ptr<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

// -----

// any is an or from false, all an and from true.
func.func @any_all(%p: tensor<2x3xi1>) -> (tensor<2xi1>, tensor<3xi1>) {
  %any = mir.reduce any %p axes = [1] keep_dims = false : (tensor<2x3xi1>) -> tensor<2xi1>
  %all = mir.reduce all %p axes = [0] keep_dims = false : (tensor<2x3xi1>) -> tensor<3xi1>
  func.return %any, %all : tensor<2xi1>, tensor<3xi1>
}

// CHECK-LABEL: llir.func @any_all(%p: !llir.ptr<i1>, %out0: !llir.ptr<i1>, %out1: !llir.ptr<i1>) attributes {llir.tensor_signature = (tensor<2x3xi1>) -> (tensor<2xi1>, tensor<3xi1>)} {
// CHECK-NEXT:   %[[V0:.*]] = llir.constant 0 : i64
// CHECK-NEXT:   %[[V1:.*]] = llir.constant 2 : i64
// CHECK-NEXT:   %[[V2:.*]] = llir.constant 1 : i64
// CHECK-NEXT:   %[[V3:.*]] = llir.constant 3 : i64
// CHECK-NEXT:   %[[V4:.*]] = llir.constant false
// CHECK-NEXT:   %[[V5:.*]] = llir.constant true
// CHECK-NEXT:   llir.for unroll_and_jam %[[V6:.*]] = %[[V0]] to %[[V1]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V7:.*]] = llir.mul %[[V3]], %[[V6]] : i64
// CHECK-NEXT:     %[[V8:.*]] = llir.for unroll %[[V9:.*]] = %[[V0]] to %[[V3]] step %[[V2]] iter_args(%[[V10:.*]] = %[[V4]]) -> (i1) : i64 {
// CHECK-NEXT:       %[[V11:.*]] = llir.add %[[V7]], %[[V9]] : i64
// CHECK-NEXT:       %[[V12:.*]] = llir.load %p[%[[V11]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT:       %[[V13:.*]] = llir.or %[[V10]], %[[V12]] : i1
// CHECK-NEXT:       llir.yield %[[V13]] : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.store %[[V8]], %out0[%[[V6]] : i64] : i1, !llir.ptr<i1>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.for unroll_and_jam %[[V14:.*]] = %[[V0]] to %[[V3]] step %[[V2]] : i64 {
// CHECK-NEXT:     %[[V15:.*]] = llir.for unroll %[[V16:.*]] = %[[V0]] to %[[V1]] step %[[V2]] iter_args(%[[V17:.*]] = %[[V5]]) -> (i1) : i64 {
// CHECK-NEXT:       %[[V18:.*]] = llir.mul %[[V3]], %[[V16]] : i64
// CHECK-NEXT:       %[[V19:.*]] = llir.add %[[V14]], %[[V18]] : i64
// CHECK-NEXT:       %[[V20:.*]] = llir.load %p[%[[V19]] : i64] : !llir.ptr<i1> -> i1
// CHECK-NEXT:       %[[V21:.*]] = llir.and %[[V17]], %[[V20]] : i1
// CHECK-NEXT:       llir.yield %[[V21]] : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     llir.store %[[V15]], %out1[%[[V14]] : i64] : i1, !llir.ptr<i1>
// CHECK-NEXT:   }
// CHECK-NEXT:   llir.return
// CHECK-NEXT: }

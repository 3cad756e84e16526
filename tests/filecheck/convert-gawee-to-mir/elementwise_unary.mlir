// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// The unary ops mir has: one op each; gawee.reciprocal -> 1 / x.
func.func @unary(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = gawee.abs %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.cos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = gawee.erf %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = gawee.log %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = gawee.neg %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = gawee.reciprocal %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = gawee.sin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = gawee.sqrt %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @unary(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.abs %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.cos %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.erf %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.log %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.neg %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V5]], %[[X]] broadcast_shape = [2, 3] : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.sin %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]], %[[V6]], %[[V7]], %[[V8]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// The same on f16 and f64: no casts, the constant of reciprocal has the element type.
func.func @unary_f16_f64(%h: tensor<4xf16>, %d: tensor<3x2xf64>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>) {
  %0 = gawee.abs %h : (tensor<4xf16>) -> tensor<4xf16>
  %1 = gawee.erf %h : (tensor<4xf16>) -> tensor<4xf16>
  %2 = gawee.reciprocal %h : (tensor<4xf16>) -> tensor<4xf16>
  %3 = gawee.sqrt %h : (tensor<4xf16>) -> tensor<4xf16>
  %4 = gawee.cos %d : (tensor<3x2xf64>) -> tensor<3x2xf64>
  %5 = gawee.log %d : (tensor<3x2xf64>) -> tensor<3x2xf64>
  %6 = gawee.neg %d : (tensor<3x2xf64>) -> tensor<3x2xf64>
  %7 = gawee.reciprocal %d : (tensor<3x2xf64>) -> tensor<3x2xf64>
  %8 = gawee.sin %d : (tensor<3x2xf64>) -> tensor<3x2xf64>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>
}

// CHECK-LABEL: func.func @unary_f16_f64(
// CHECK-SAME: %[[H:[a-zA-Z0-9_$.]+]]: tensor<4xf16>, %[[D:[a-zA-Z0-9_$.]+]]: tensor<3x2xf64>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.abs %[[H]] : (tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.erf %[[H]] : (tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f16>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V2]], %[[H]] broadcast_shape = [4] : (tensor<f16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[H]] : (tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.cos %[[D]] : (tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.log %[[D]] : (tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.neg %[[D]] : (tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V8]], %[[D]] broadcast_shape = [3, 2] : (tensor<f64>, tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.sin %[[D]] : (tensor<3x2xf64>) -> tensor<3x2xf64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V3]], %[[V4]], %[[V5]], %[[V6]], %[[V7]], %[[V9]], %[[V10]] : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.hard_sigmoid -> max(0, min(1, x * alpha + beta)), with the default alpha = 0.2,
// beta = 0.5 and with given ones.
func.func @hard_sigmoid(%x: tensor<2x3xf32>, %d: tensor<5xf64>) -> (tensor<2x3xf32>, tensor<5xf64>) {
  %0 = gawee.hard_sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.hard_sigmoid %d alpha = 0.5 beta = 0.25 : (tensor<5xf64>) -> tensor<5xf64>
  func.return %0, %1 : tensor<2x3xf32>, tensor<5xf64>
}

// CHECK-LABEL: func.func @hard_sigmoid(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[D:[a-zA-Z0-9_$.]+]]: tensor<5xf64>) -> (tensor<2x3xf32>, tensor<5xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[V0]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V1]], %[[V2]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[V3]], %[[V4]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[V5]], %[[V6]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[D]], %[[V8]] broadcast_shape = [5] : (tensor<5xf64>, tensor<f64>) -> tensor<5xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.500000e-01> : tensor<f64>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V9]], %[[V10]] broadcast_shape = [5] : (tensor<5xf64>, tensor<f64>) -> tensor<5xf64>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[V11]], %[[V12]] broadcast_shape = [5] : (tensor<5xf64>, tensor<f64>) -> tensor<5xf64>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[V13]], %[[V14]] broadcast_shape = [5] : (tensor<5xf64>, tensor<f64>) -> tensor<5xf64>
// CHECK-NEXT: func.return %[[V7]], %[[V15]] : tensor<2x3xf32>, tensor<5xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.resize, nearest: one gather per resized dim of the source index of each output
// position (asymmetric coordinates, floor: 0 0 1 1 2 2).
func.func @nearest(%x: tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32> {
  %0 = gawee.resize %x coordinateTransformationMode = "asymmetric" nearestMode = "floor" : (tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32>
  func.return %0 : tensor<1x1x4x6xf32>
}

// CHECK-LABEL: func.func @nearest(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x2x3xf32>) -> tensor<1x1x4x6xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.gather %[[X]], %[[V0]] axis = 2 : (tensor<1x1x2x3xf32>, tensor<4xi64>) -> tensor<1x1x4x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 1, 2, 2]> : tensor<6xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.gather %[[V1]], %[[V2]] axis = 3 : (tensor<1x1x4x3xf32>, tensor<6xi64>) -> tensor<1x1x4x6xf32>
// CHECK-NEXT: func.return %[[V3]] : tensor<1x1x4x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.resize, linear (half_pixel): in f64, both neighbours gathered and blended with
// the constant weights below * (1 - r) + above * r, then cast back to f32.
func.func @linear(%x: tensor<1x2xf32>) -> tensor<1x4xf32> {
  %0 = gawee.resize %x mode = "linear" : (tensor<1x2xf32>) -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @linear(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> tensor<1x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cast %[[X]] : (tensor<1x2xf32>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 0, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V1]] axis = 1 : (tensor<1x2xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 1, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V3]] axis = 1 : (tensor<1x2xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01{{\]\]}}> : tensor<1x4xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01{{\]\]}}> : tensor<1x4xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V2]], %[[V6]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V4]], %[[V5]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[V8]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.cast %[[V9]] : (tensor<1x4xf64>) -> tensor<1x4xf32>
// CHECK-NEXT: func.return %[[V10]] : tensor<1x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

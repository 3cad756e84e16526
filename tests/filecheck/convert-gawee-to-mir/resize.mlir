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

// gawee.resize, linear (half_pixel): in f64, both neighbours gathered, multiplied by their
// constant weights (1 - r and r) and summed, then cast back to f32.
func.func @linear(%x: tensor<1x2xf32>) -> tensor<1x4xf32> {
  %0 = gawee.resize %x mode = "linear" : (tensor<1x2xf32>) -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @linear(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> tensor<1x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cast %[[X]] : (tensor<1x2xf32>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 0, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V1]] axis = 1 : (tensor<1x2xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01]]> : tensor<1x4xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V2]], %[[V3]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 1, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V5]] axis = 1 : (tensor<1x2xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01]]> : tensor<1x4xf64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V6]], %[[V7]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V4]], %[[V8]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.cast %[[V9]] : (tensor<1x4xf64>) -> tensor<1x4xf32>
// CHECK-NEXT: func.return %[[V10]] : tensor<1x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.resize, cubic (half_pixel, a = -0.75): 4 taps per resized dim, each gathered and
// multiplied by its constant weights, the products summed in f64.
func.func @cubic(%x: tensor<1x3xf32>) -> tensor<1x4xf32> {
  %0 = gawee.resize %x mode = "cubic" : (tensor<1x3xf32>) -> tensor<1x4xf32>
  func.return %0 : tensor<1x4xf32>
}

// CHECK-LABEL: func.func @cubic(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3xf32>) -> tensor<1x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cast %[[X]] : (tensor<1x3xf32>) -> tensor<1x3xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 0, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V1]] axis = 1 : (tensor<1x3xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[-0.01025390625, -0.06591796875, -0.10986328125, -0.07177734375]]> : tensor<1x4xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V2]], %[[V3]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 2]> : tensor<4xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V5]] axis = 1 : (tensor<1x3xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[0.11474609375, 0.42626953125, 0.74951171875, 0.96728515625]]> : tensor<1x4xf64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V6]], %[[V7]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V4]], %[[V8]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 2, 2]> : tensor<4xi64>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V10]] axis = 1 : (tensor<1x3xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[0.96728515625, 0.74951171875, 0.42626953125, 0.11474609375]]> : tensor<1x4xf64>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V11]], %[[V12]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V9]], %[[V13]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.constant dense<[1, 2, 2, 2]> : tensor<4xi64>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V15]] axis = 1 : (tensor<1x3xf64>, tensor<4xi64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[-0.07177734375, -0.10986328125, -0.06591796875, -0.01025390625]]> : tensor<1x4xf64>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V16]], %[[V17]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V14]], %[[V18]] broadcast_shape = [1, 4] : (tensor<1x4xf64>, tensor<1x4xf64>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.cast %[[V19]] : (tensor<1x4xf64>) -> tensor<1x4xf32>
// CHECK-NEXT: func.return %[[V20]] : tensor<1x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.resize, linear with antialias at scale 0.5: the kernel widened to 4 taps.
func.func @linear_antialias(%x: tensor<1x4xf32>) -> tensor<1x2xf32> {
  %0 = gawee.resize %x mode = "linear" antialias = true : (tensor<1x4xf32>) -> tensor<1x2xf32>
  func.return %0 : tensor<1x2xf32>
}

// CHECK-LABEL: func.func @linear_antialias(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4xf32>) -> tensor<1x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cast %[[X]] : (tensor<1x4xf32>) -> tensor<1x4xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V1]] axis = 1 : (tensor<1x4xf64>, tensor<2xi64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.250000e-01> : tensor<1x2xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V2]], %[[V3]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 2]> : tensor<2xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V5]] axis = 1 : (tensor<1x4xf64>, tensor<2xi64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.750000e-01> : tensor<1x2xf64>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V6]], %[[V7]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V4]], %[[V8]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.constant dense<[1, 3]> : tensor<2xi64>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V10]] axis = 1 : (tensor<1x4xf64>, tensor<2xi64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.750000e-01> : tensor<1x2xf64>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V11]], %[[V12]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V9]], %[[V13]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V15]] axis = 1 : (tensor<1x4xf64>, tensor<2xi64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.250000e-01> : tensor<1x2xf64>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V16]], %[[V17]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V14]], %[[V18]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.cast %[[V19]] : (tensor<1x2xf64>) -> tensor<1x2xf32>
// CHECK-NEXT: func.return %[[V20]] : tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.resize, tf_crop_and_resize (nearest): the gather, then a mir.select of the
// extrapolation value where the source lies outside the input (here the last position).
func.func @tf_crop_and_resize(%x: tensor<1x4xf32>) -> tensor<1x3xf32> {
  %0 = gawee.resize %x coordinateTransformationMode = "tf_crop_and_resize" roi = [0.0, 0.5, 1.0, 1.5] extrapolationValue = 2.5 : (tensor<1x4xf32>) -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// CHECK-LABEL: func.func @tf_crop_and_resize(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4xf32>) -> tensor<1x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<[1, 3, 3]> : tensor<3xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.gather %[[X]], %[[V0]] axis = 1 : (tensor<1x4xf32>, tensor<3xi64>) -> tensor<1x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}false, false, true]]> : tensor<1x3xi1>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.500000e+00> : tensor<f32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.select %[[V2]], %[[V3]], %[[V1]] broadcast_shape = [1, 3] : (tensor<1x3xi1>, tensor<f32>, tensor<1x3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: func.return %[[V4]] : tensor<1x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

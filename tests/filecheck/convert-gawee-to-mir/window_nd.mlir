// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// Windows over 1 spatial dim run as the 2-D mir ops over a unit first spatial dim
// (mir.reshape [N, C, W] <-> [N, C, 1, W]): the same taps, so the same numbers. mir.conv
// and mir.pool are 2-D, so a 3-D window fails the pass (invalid.mlir). global_max_pool
// is composite: a reduce_max over the spatial dims, keeping them.

// Conv1d with a bias and asymmetric padding.
func.func @conv1d(%x: tensor<1x2x9xf32>, %w: tensor<4x2x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4xf32> {
  %0 = gawee.conv %x, %w, %b strides = [2] padding = [1, 0] dilation = [1] : (tensor<1x2x9xf32>, tensor<4x2x3xf32>, tensor<4xf32>) -> tensor<1x4x4xf32>
  func.return %0 : tensor<1x4x4xf32>
}

// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x9xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<1x4x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x2x9xf32>) -> tensor<1x2x1x9xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[W]] : (tensor<4x2x3xf32>) -> tensor<4x2x1x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V0]] permutation = [0, 2, 3, 1] : (tensor<1x2x1x9xf32>) -> tensor<1x1x9x2xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V1]] permutation = [2, 3, 1, 0] : (tensor<4x2x1x3xf32>) -> tensor<1x3x2x4xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.conv %[[V2]], %[[V3]] input_shape = [1, 1, 9, 2] weight_shape = [1, 3, 2, 4] output_shape = [1, 1, 4, 4] kernel_size = [1, 3] stride = [1, 2] padding = [0, 1, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x1x9x2xf32>, tensor<1x3x2x4xf32>) -> tensor<1x1x4x4xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V4]], %[[B]] broadcast_shape = [1, 1, 4, 4] : (tensor<1x1x4x4xf32>, tensor<4xf32>) -> tensor<1x1x4x4xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V5]] permutation = [0, 3, 1, 2] : (tensor<1x1x4x4xf32>) -> tensor<1x4x1x4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V6]] : (tensor<1x4x1x4xf32>) -> tensor<1x4x4xf32>
// CHECK-NEXT: func.return %[[V7]] : tensor<1x4x4xf32>

// -----

// MaxPool1d whose last window sees only padding: the mask is [1, oW].
func.func @max_pool1d(%x: tensor<1x2x5xf32>) -> tensor<1x2x4xf32> {
  %0 = gawee.max_pool %x kernelSize = [2] strides = [2] padding = [0, 3] dilation = [1] ceilMode = false : (tensor<1x2x5xf32>) -> tensor<1x2x4xf32>
  func.return %0 : tensor<1x2x4xf32>
}

// CHECK-LABEL: func.func @max_pool1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x5xf32>) -> tensor<1x2x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x2x5xf32>) -> tensor<1x2x1x5xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V0]] permutation = [0, 2, 3, 1] : (tensor<1x2x1x5xf32>) -> tensor<1x1x5x2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.pool max %[[V1]] input_shape = [1, 1, 5, 2] output_shape = [1, 1, 4, 2] kernel_size = [1, 2] stride = [1, 2] padding = [0, 0, 0, 3] dilation = [1, 1] : (tensor<1x1x5x2xf32>) -> tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V2]] permutation = [0, 3, 1, 2] : (tensor<1x1x4x2xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<-3.40282347e+38> : tensor<f32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}true, true, true, false]]> : tensor<1x4xi1>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.select %[[V5]], %[[V3]], %[[V4]] broadcast_shape = [1, 2, 1, 4] : (tensor<1x4xi1>, tensor<1x2x1x4xf32>, tensor<f32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V6]] : (tensor<1x2x1x4xf32>) -> tensor<1x2x4xf32>
// CHECK-NEXT: func.return %[[V7]] : tensor<1x2x4xf32>

// -----

// AvgPool1d counting the padding: the counts are a [1, oW] constant.
func.func @average_pool1d(%x: tensor<1x2x7xf32>) -> tensor<1x2x4xf32> {
  %0 = gawee.average_pool %x kernelSize = [3] strides = [2] padding = [1] ceilMode = true countIncludePad = true : (tensor<1x2x7xf32>) -> tensor<1x2x4xf32>
  func.return %0 : tensor<1x2x4xf32>
}

// CHECK-LABEL: func.func @average_pool1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x7xf32>) -> tensor<1x2x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x2x7xf32>) -> tensor<1x2x1x7xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V0]] permutation = [0, 2, 3, 1] : (tensor<1x2x1x7xf32>) -> tensor<1x1x7x2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.pool sum %[[V1]] input_shape = [1, 1, 7, 2] output_shape = [1, 1, 4, 2] kernel_size = [1, 3] stride = [1, 2] padding = [0, 1, 0, 1] dilation = [1, 1] : (tensor<1x1x7x2xf32>) -> tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V2]] permutation = [0, 3, 1, 2] : (tensor<1x1x4x2xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.000000e+00> : tensor<1x4xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V3]], %[[V4]] broadcast_shape = [1, 2, 1, 4] : (tensor<1x2x1x4xf32>, tensor<1x4xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V5]] : (tensor<1x2x1x4xf32>) -> tensor<1x2x4xf32>
// CHECK-NEXT: func.return %[[V6]] : tensor<1x2x4xf32>

// -----

func.func @global_max_pool(%x: tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32> {
  %0 = gawee.global_max_pool %x : (tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32>
  func.return %0 : tensor<2x3x1x1x1xf32>
}

// CHECK-LABEL: func.func @global_max_pool(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[X]] axes = [2, 3, 4] keep_dims = true : (tensor<2x3x4x5x6xf32>) -> tensor<2x3x1x1x1xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3x1x1x1xf32>

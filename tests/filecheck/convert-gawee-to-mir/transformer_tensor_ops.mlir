// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.softmax -> exp(x - max) / sum; gawee.log_softmax -> (x - max) - log(sum).
func.func @softmax(%x: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
  %0 = gawee.softmax %x axis = -1 : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %1 = gawee.log_softmax %x axis = 0 : (tensor<2x5xf32>) -> tensor<2x5xf32>
  func.return %0, %1 : tensor<2x5xf32>, tensor<2x5xf32>
}

// CHECK-LABEL: func.func @softmax(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[X]] axes = [1] keep_dims = true : (tensor<2x5xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[X]], %[[V0]] broadcast_shape = [2, 5] : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.exp %[[V1]] : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[V2]] axes = [1] keep_dims = true : (tensor<2x5xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V2]], %[[V3]] broadcast_shape = [2, 5] : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[X]] axes = [0] keep_dims = true : (tensor<2x5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[X]], %[[V5]] broadcast_shape = [2, 5] : (tensor<2x5xf32>, tensor<1x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.exp %[[V6]] : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[V7]] axes = [0] keep_dims = true : (tensor<2x5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.log %[[V8]] : (tensor<1x5xf32>) -> tensor<1x5xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[V6]], %[[V9]] broadcast_shape = [2, 5] : (tensor<2x5xf32>, tensor<1x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: func.return %[[V4]], %[[V10]] : tensor<2x5xf32>, tensor<2x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// An empty input is its own softmax (mir.reduce takes no max of an empty axis).
func.func @softmax_of_empty(%x: tensor<2x0xf32>) -> (tensor<2x0xf32>, tensor<2x0xf32>) {
  %0 = gawee.softmax %x axis = 1 : (tensor<2x0xf32>) -> tensor<2x0xf32>
  %1 = gawee.log_softmax %x axis = 0 : (tensor<2x0xf32>) -> tensor<2x0xf32>
  func.return %0, %1 : tensor<2x0xf32>, tensor<2x0xf32>
}

// CHECK-LABEL: func.func @softmax_of_empty(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x0xf32>) -> (tensor<2x0xf32>, tensor<2x0xf32>) {
// CHECK-NEXT: func.return %[[X]], %[[X]] : tensor<2x0xf32>, tensor<2x0xf32>

// -----

// gawee.layer_norm over the last dim: mean, centered, variance, normalized, affine.
func.func @layer_norm(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.0e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[X]] axes = [2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[X]], %[[V0]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V1]], %[[V1]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[V2]] axes = [2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e-05> : tensor<f32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V3]], %[[V4]] broadcast_shape = [2, 3, 1] : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[V5]] : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V1]], %[[V6]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V7]], %[[W]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V8]], %[[B]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V9]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// f16 statistics in f32: casts around the reduction and the layer norm.
func.func @f16_statistics(%x: tensor<2x8xf16>, %w: tensor<8xf16>) -> (tensor<2xf16>, tensor<2x8xf16>) {
  %0 = gawee.reduce_mean %x axes = [1] keepDims = false : (tensor<2x8xf16>) -> tensor<2xf16>
  %1 = gawee.layer_norm %x, %w axis = 1 epsilon = 1.0e-05 : (tensor<2x8xf16>, tensor<8xf16>) -> tensor<2x8xf16>
  func.return %0, %1 : tensor<2xf16>, tensor<2x8xf16>
}

// CHECK-LABEL: func.func @f16_statistics(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x8xf16>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8xf16>) -> (tensor<2xf16>, tensor<2x8xf16>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cast %[[X]] : (tensor<2x8xf16>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[V0]] axes = [1] keep_dims = false : (tensor<2x8xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.cast %[[V1]] : (tensor<2xf32>) -> tensor<2xf16>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.cast %[[X]] : (tensor<2x8xf16>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[V3]] axes = [1] keep_dims = true : (tensor<2x8xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[V3]], %[[V4]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V5]], %[[V5]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[V6]] axes = [1] keep_dims = true : (tensor<2x8xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e-05> : tensor<f32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[V8]] broadcast_shape = [2, 1] : (tensor<2x1xf32>, tensor<f32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[V9]] : (tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V5]], %[[V10]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x1xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.cast %[[W]] : (tensor<8xf16>) -> tensor<8xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V11]], %[[V12]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.cast %[[V13]] : (tensor<2x8xf32>) -> tensor<2x8xf16>
// CHECK-NEXT: func.return %[[V2]], %[[V14]] : tensor<2xf16>, tensor<2x8xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.reduce_* -> one mir.reduce over the normalized, sorted axes.
func.func @reduce(%x: tensor<2x3x4xf32>) -> (tensor<2x1x1xf32>, tensor<3xf32>) {
  %0 = gawee.reduce_sum %x axes = [-1, 1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  %1 = gawee.reduce_max %x axes = [0, 2] keepDims = false : (tensor<2x3x4xf32>) -> tensor<3xf32>
  func.return %0, %1 : tensor<2x1x1xf32>, tensor<3xf32>
}

// CHECK-LABEL: func.func @reduce(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> (tensor<2x1x1xf32>, tensor<3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[X]] axes = [1, 2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[X]] axes = [0, 2] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<2x1x1xf32>, tensor<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.matmul -> mir.matmul; a 1-D operand becomes a matrix and the result a vector again.
func.func @matmul(%a: tensor<2x1x3x4xf32>, %b: tensor<5x4x6xf32>, %v: tensor<4xf32>) -> (tensor<2x5x3x6xf32>, tensor<2x1x3xf32>) {
  %0 = gawee.matmul %a, %b : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
  %1 = gawee.matmul %a, %v : (tensor<2x1x3x4xf32>, tensor<4xf32>) -> tensor<2x1x3xf32>
  func.return %0, %1 : tensor<2x5x3x6xf32>, tensor<2x1x3xf32>
}

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1x3x4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<5x4x6xf32>, %[[V:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> (tensor<2x5x3x6xf32>, tensor<2x1x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.matmul %[[A]], %[[B]] : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V]] : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.matmul %[[A]], %[[V1]] : (tensor<2x1x3x4xf32>, tensor<4x1xf32>) -> tensor<2x1x3x1xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V2]] : (tensor<2x1x3x1xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V3]] : tensor<2x5x3x6xf32>, tensor<2x1x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Data movement: reshape-likes, transpose, cat, slice (negative step, clamped ends),
// gather (negative axis), gather_elements, expand.
func.func @movement(%x: tensor<2x3x4xf32>, %t: tensor<10x4xf32>, %ids: tensor<1x5xi64>, %e: tensor<2x2x4xi64>, %y: tensor<3x1xf32>) -> (tensor<6x4xf32>, tensor<1x2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x6x4xf32>, tensor<1x2x4xf32>, tensor<1x5x4xf32>, tensor<2x2x4xf32>, tensor<2x3x5xf32>) {
  %0 = gawee.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = gawee.unsqueeze %x axes = [0] : (tensor<2x3x4xf32>) -> tensor<1x2x3x4xf32>
  %2 = gawee.transpose %x perm = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %3 = gawee.cat %x, %x axis = -2 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %4 = gawee.slice %x starts = [-1, 1] ends = [-100, 100] axes = [1, 0] steps = [-2, 1] : (tensor<2x3x4xf32>) -> tensor<1x2x4xf32>
  %5 = gawee.gather %t, %ids axis = -2 : (tensor<10x4xf32>, tensor<1x5xi64>) -> tensor<1x5x4xf32>
  %6 = gawee.gather_elements %x, %e axis = 1 : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
  %7 = gawee.expand %y : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<6x4xf32>, tensor<1x2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x6x4xf32>, tensor<1x2x4xf32>, tensor<1x5x4xf32>, tensor<2x2x4xf32>, tensor<2x3x5xf32>
}

// CHECK-LABEL: func.func @movement(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[T:[a-zA-Z0-9_$.]+]]: tensor<10x4xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<1x5xi64>, %[[E:[a-zA-Z0-9_$.]+]]: tensor<2x2x4xi64>, %[[Y:[a-zA-Z0-9_$.]+]]: tensor<3x1xf32>) -> (tensor<6x4xf32>, tensor<1x2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x6x4xf32>, tensor<1x2x4xf32>, tensor<1x5x4xf32>, tensor<2x2x4xf32>, tensor<2x3x5xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[X]] permutation = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.concat %[[X]], %[[X]] axis = 1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [1, 2, 0] ends = [2, -1, 4] strides = [1, -2, 1] : (tensor<2x3x4xf32>) -> tensor<1x2x4xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.gather %[[T]], %[[IDS]] axis = 0 : (tensor<10x4xf32>, tensor<1x5xi64>) -> tensor<1x5x4xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather_elements %[[X]], %[[E]] axis = 1 : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y]] : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]], %[[V5]], %[[V6]], %[[V7]] : tensor<6x4xf32>, tensor<1x2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x6x4xf32>, tensor<1x2x4xf32>, tensor<1x5x4xf32>, tensor<2x2x4xf32>, tensor<2x3x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.reduce_min -> mir.reduce min over the normalized, sorted axes, with and without
// keepDims, on f32, f64 (every dim: a rank-0 result) and f16 (no casts: min, like max,
// is exact in f16).
func.func @reduce_min(%x: tensor<2x3x4xf32>, %d: tensor<3x5xf64>, %h: tensor<2x3x4xf16>) -> (tensor<2x3x1xf32>, tensor<f64>, tensor<3xf16>) {
  %0 = gawee.reduce_min %x axes = [-1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  %1 = gawee.reduce_min %d axes = [1, 0] keepDims = false : (tensor<3x5xf64>) -> tensor<f64>
  %2 = gawee.reduce_min %h axes = [0, 2] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
  func.return %0, %1, %2 : tensor<2x3x1xf32>, tensor<f64>, tensor<3xf16>
}

// CHECK-LABEL: func.func @reduce_min(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[D:[a-zA-Z0-9_$.]+]]: tensor<3x5xf64>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf16>) -> (tensor<2x3x1xf32>, tensor<f64>, tensor<3xf16>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[X]] axes = [2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[D]] axes = [0, 1] keep_dims = false : (tensor<3x5xf64>) -> tensor<f64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[H]] axes = [0, 2] keep_dims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x3x1xf32>, tensor<f64>, tensor<3xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.squeeze -> mir.reshape (several, negative and unsorted axes; i64 and i1 data;
// every dim: a rank-0 result).
func.func @squeeze(%x: tensor<1x3x1x2xf32>, %i: tensor<2x1xi64>, %m: tensor<1x1xi1>) -> (tensor<3x2xf32>, tensor<1x3x2xf32>, tensor<2xi64>, tensor<i1>) {
  %0 = gawee.squeeze %x axes = [0, 2] : (tensor<1x3x1x2xf32>) -> tensor<3x2xf32>
  %1 = gawee.squeeze %x axes = [-2] : (tensor<1x3x1x2xf32>) -> tensor<1x3x2xf32>
  %2 = gawee.squeeze %i axes = [1] : (tensor<2x1xi64>) -> tensor<2xi64>
  %3 = gawee.squeeze %m axes = [1, 0] : (tensor<1x1xi1>) -> tensor<i1>
  func.return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<1x3x2xf32>, tensor<2xi64>, tensor<i1>
}

// CHECK-LABEL: func.func @squeeze(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x1x2xf32>, %[[I:[a-zA-Z0-9_$.]+]]: tensor<2x1xi64>, %[[M:[a-zA-Z0-9_$.]+]]: tensor<1x1xi1>) -> (tensor<3x2xf32>, tensor<1x3x2xf32>, tensor<2xi64>, tensor<i1>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x3x1x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x3x1x2xf32>) -> tensor<1x3x2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.reshape %[[I]] : (tensor<2x1xi64>) -> tensor<2xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[M]] : (tensor<1x1xi1>) -> tensor<i1>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]], %[[V3]] : tensor<3x2xf32>, tensor<1x3x2xf32>, tensor<2xi64>, tensor<i1>
// CHECK-NEXT: }
// CHECK-NEXT: }

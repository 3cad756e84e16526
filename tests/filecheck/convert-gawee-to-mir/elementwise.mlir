// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s

// gawee.relu -> broadcast_max with a rank-0 zero.
func.func @relu(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "gawee.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @relu(
// CHECK-SAME:  %x: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %[[V1:.*]] = mir.broadcast_max %x, %[[V0]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<2x3xf32>

// -----

// gawee.add -> broadcast_add with the explicit broadcast shape.
func.func @add(%a: tensor<2x1x4xf64>, %b: tensor<3x1xf64>) -> tensor<2x3x4xf64> {
  %0 = "gawee.add"(%a, %b) : (tensor<2x1x4xf64>, tensor<3x1xf64>) -> tensor<2x3x4xf64>
  func.return %0 : tensor<2x3x4xf64>
}

// CHECK-LABEL: func.func @add(
// CHECK-SAME:  %a: tensor<2x1x4xf64>, %b: tensor<3x1xf64>) -> tensor<2x3x4xf64> {
// CHECK-NEXT:    %[[V0:.*]] = mir.broadcast_add %a, %b broadcast_shape = [2, 3, 4] : (tensor<2x1x4xf64>, tensor<3x1xf64>) -> tensor<2x3x4xf64>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2x3x4xf64>

// -----

// gawee.batch_norm -> (x - mean) / sqrt(var + eps) * weight + bias, parameters reshaped
// to [C, 1, 1] so they broadcast along the channel dim.
func.func @batch_norm(%x: tensor<1x3x4x4xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = "gawee.batch_norm"(%x, %w, %b, %m, %v) {affine = true, eps = 1.000000e-05 : f64} : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  func.return %0 : tensor<1x3x4x4xf32>
}

// CHECK-LABEL: func.func @batch_norm(
// CHECK-SAME:  %x: tensor<1x3x4x4xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.constant dense<1.000000e-05> : tensor<f32>
// CHECK-NEXT:    %[[V1:.*]] = mir.broadcast_add %v, %[[V0]] broadcast_shape = [3] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.sqrt %[[V1]] : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.reshape %m : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-NEXT:    %[[V4:.*]] = mir.reshape %[[V2]] : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-NEXT:    %[[V5:.*]] = mir.broadcast_sub %x, %[[V3]] broadcast_shape = [1, 3, 4, 4] : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    %[[V6:.*]] = mir.broadcast_div %[[V5]], %[[V4]] broadcast_shape = [1, 3, 4, 4] : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    %[[V7:.*]] = mir.reshape %w : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-NEXT:    %[[V8:.*]] = mir.broadcast_mul %[[V6]], %[[V7]] broadcast_shape = [1, 3, 4, 4] : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    %[[V9:.*]] = mir.reshape %b : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-NEXT:    %[[V10:.*]] = mir.broadcast_add %[[V8]], %[[V9]] broadcast_shape = [1, 3, 4, 4] : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    func.return %[[V10]] : tensor<1x3x4x4xf32>

// -----

// Without affine the weight and bias are unused; on [N, C] the parameters broadcast as they are.
func.func @batch_norm_plain(%x: tensor<5x3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<5x3xf32> {
  %0 = "gawee.batch_norm"(%x, %w, %b, %m, %v) {affine = false, eps = 1.000000e-03 : f64} : (tensor<5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  func.return %0 : tensor<5x3xf32>
}

// CHECK-LABEL: func.func @batch_norm_plain(
// CHECK-SAME:  %x: tensor<5x3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<5x3xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.constant dense<1.000000e-03> : tensor<f32>
// CHECK-NEXT:    %[[V1:.*]] = mir.broadcast_add %v, %[[V0]] broadcast_shape = [3] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.sqrt %[[V1]] : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.broadcast_sub %x, %m broadcast_shape = [5, 3] : (tensor<5x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT:    %[[V4:.*]] = mir.broadcast_div %[[V3]], %[[V2]] broadcast_shape = [5, 3] : (tensor<5x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
// CHECK-NEXT:    func.return %[[V4]] : tensor<5x3xf32>

// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s

// gawee.linear -> x @ transpose(W) + b.
func.func @linear(%x: tensor<2x16xf32>, %w: tensor<10x16xf32>, %b: tensor<10xf32>) -> tensor<2x10xf32> {
  %0 = "gawee.linear"(%x, %w, %b) : (tensor<2x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<2x10xf32>
  func.return %0 : tensor<2x10xf32>
}

// CHECK-LABEL: func.func @linear(
// CHECK-SAME:  %x: tensor<2x16xf32>, %w: tensor<10x16xf32>, %b: tensor<10xf32>) -> tensor<2x10xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %w permutation = [1, 0] : (tensor<10x16xf32>) -> tensor<16x10xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.matmul %x, %[[V0]] : (tensor<2x16xf32>, tensor<16x10xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.broadcast_add %[[V1]], %b broadcast_shape = [2, 10] : (tensor<2x10xf32>, tensor<10xf32>) -> tensor<2x10xf32>
// CHECK-NEXT:    func.return %[[V2]] : tensor<2x10xf32>

// -----

// Batched input, no bias.
func.func @linear_batched(%x: tensor<3x2x16xf32>, %w: tensor<10x16xf32>) -> tensor<3x2x10xf32> {
  %0 = "gawee.linear"(%x, %w) : (tensor<3x2x16xf32>, tensor<10x16xf32>) -> tensor<3x2x10xf32>
  func.return %0 : tensor<3x2x10xf32>
}

// CHECK-LABEL: func.func @linear_batched(
// CHECK-SAME:  %x: tensor<3x2x16xf32>, %w: tensor<10x16xf32>) -> tensor<3x2x10xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %w permutation = [1, 0] : (tensor<10x16xf32>) -> tensor<16x10xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.matmul %x, %[[V0]] : (tensor<3x2x16xf32>, tensor<16x10xf32>) -> tensor<3x2x10xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<3x2x10xf32>

// -----

// gawee.flatten -> a static reshape to the flattened type.
func.func @flatten(%x: tensor<2x3x4x5xf32>) -> (tensor<2x60xf32>, tensor<6x4x5xf32>) {
  %0 = "gawee.flatten"(%x) {endDim = -1 : i64, startDim = 1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2x60xf32>
  %1 = "gawee.flatten"(%x) {endDim = 1 : i64, startDim = 0 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x4x5xf32>
  func.return %0, %1 : tensor<2x60xf32>, tensor<6x4x5xf32>
}

// CHECK-LABEL: func.func @flatten(
// CHECK-SAME:  %x: tensor<2x3x4x5xf32>) -> (tensor<2x60xf32>, tensor<6x4x5xf32>) {
// CHECK-NEXT:    %[[V0:.*]] = mir.reshape %x : (tensor<2x3x4x5xf32>) -> tensor<2x60xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.reshape %x : (tensor<2x3x4x5xf32>) -> tensor<6x4x5xf32>
// CHECK-NEXT:    func.return %[[V0]], %[[V1]] : tensor<2x60xf32>, tensor<6x4x5xf32>

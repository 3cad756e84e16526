// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s

// gawee.conv (NCHW, weight [F, C/g, KH, KW]) -> transposes to NHWC / [KH, KW, C/g, F],
// mir.conv with every parameter explicit, the bias as a broadcast_add on the channel
// (last) dim, and a transpose back to NCHW.

func.func @conv_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x8x8xf32> {
  %0 = "gawee.conv"(%x, %w, %b) {dilation = array<i64: 1, 1>, padding = array<i64: 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  func.return %0 : tensor<1x4x8x8xf32>
}

// CHECK-LABEL: func.func @conv_bias(
// CHECK-SAME:  %x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x8x8xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<1x3x8x8xf32>) -> tensor<1x8x8x3xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.transpose %w permutation = [2, 3, 1, 0] : (tensor<4x3x3x3xf32>) -> tensor<3x3x3x4xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.conv %[[V0]], %[[V1]] input_shape = [1, 8, 8, 3] weight_shape = [3, 3, 3, 4] output_shape = [1, 8, 8, 4] kernel_size = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.broadcast_add %[[V2]], %b broadcast_shape = [1, 8, 8, 4] : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT:    %[[V4:.*]] = mir.transpose %[[V3]] permutation = [0, 3, 1, 2] : (tensor<1x8x8x4xf32>) -> tensor<1x4x8x8xf32>
// CHECK-NEXT:    func.return %[[V4]] : tensor<1x4x8x8xf32>

// -----

// No bias; 4-value [top, left, bottom, right] padding, stride, dilation and groups.
func.func @conv_grouped(%x: tensor<2x4x9x10xf32>, %w: tensor<6x2x3x2xf32>) -> tensor<2x6x3x6xf32> {
  %0 = "gawee.conv"(%x, %w) {dilation = array<i64: 2, 1>, groups = 2 : i64, padding = array<i64: 1, 0, 0, 2>, strides = array<i64: 2, 2>} : (tensor<2x4x9x10xf32>, tensor<6x2x3x2xf32>) -> tensor<2x6x3x6xf32>
  func.return %0 : tensor<2x6x3x6xf32>
}

// CHECK-LABEL: func.func @conv_grouped(
// CHECK-SAME:  %x: tensor<2x4x9x10xf32>, %w: tensor<6x2x3x2xf32>) -> tensor<2x6x3x6xf32> {
// CHECK-NEXT:    %[[V0:.*]] = mir.transpose %x permutation = [0, 2, 3, 1] : (tensor<2x4x9x10xf32>) -> tensor<2x9x10x4xf32>
// CHECK-NEXT:    %[[V1:.*]] = mir.transpose %w permutation = [2, 3, 1, 0] : (tensor<6x2x3x2xf32>) -> tensor<3x2x2x6xf32>
// CHECK-NEXT:    %[[V2:.*]] = mir.conv %[[V0]], %[[V1]] input_shape = [2, 9, 10, 4] weight_shape = [3, 2, 2, 6] output_shape = [2, 3, 6, 6] kernel_size = [3, 2] stride = [2, 2] padding = [1, 0, 0, 2] dilation = [2, 1] groups = 2 : (tensor<2x9x10x4xf32>, tensor<3x2x2x6xf32>) -> tensor<2x3x6x6xf32>
// CHECK-NEXT:    %[[V3:.*]] = mir.transpose %[[V2]] permutation = [0, 3, 1, 2] : (tensor<2x3x6x6xf32>) -> tensor<2x6x3x6xf32>
// CHECK-NEXT:    func.return %[[V3]] : tensor<2x6x3x6xf32>

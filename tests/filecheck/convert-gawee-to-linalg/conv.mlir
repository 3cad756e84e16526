// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The original's ResNet stem, in the original's generic form: symmetric padding,
// stride 2, bias broadcast into the init.
func.func @conv_bias_pad(%x: tensor<1x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %b: tensor<64xf32>) -> tensor<1x64x112x112xf32> {
  %0 = "gawee.conv"(%x, %w, %b) {dilation = array<i64: 1, 1>, padding = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
  func.return %0 : tensor<1x64x112x112xf32>
}

// CHECK-LABEL: func.func @conv_bias_pad(
// CHECK-SAME: %[[X:.*]]: tensor<1x3x224x224xf32>, %[[W:.*]]: tensor<64x3x7x7xf32>, %[[B:.*]]: tensor<64xf32>) -> tensor<1x64x112x112xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 3, 3] high[0, 0, 3, 3] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[ZERO]] : f32
// CHECK-NEXT: } : tensor<1x3x224x224xf32> to tensor<1x3x230x230xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x64x112x112xf32>
// CHECK-NEXT: %[[BROADCAST:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : tensor<64xf32>) outs(%[[EMPTY]] : tensor<1x64x112x112xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1x64x112x112xf32>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[W]] : tensor<1x3x230x230xf32>, tensor<64x3x7x7xf32>) outs(%[[BROADCAST]] : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
// CHECK-NEXT: func.return %[[CONV]] : tensor<1x64x112x112xf32>
// CHECK-NEXT: }

// -----

// No bias, no padding: fill(0) init, no tensor.pad; dilation 2, strides [2, 1].
func.func @conv_no_bias_dilation(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x3x5xf32> {
  %0 = gawee.conv %x, %w strides = [2, 1] padding = [0, 0] dilation = [2, 2] : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x3x5xf32>
  func.return %0 : tensor<2x4x3x5xf32>
}

// CHECK-LABEL: func.func @conv_no_bias_dilation(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x9x9xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>) -> tensor<2x4x3x5xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4x3x5xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) outs(%[[FILL]] : tensor<2x4x3x5xf32>) -> tensor<2x4x3x5xf32>
// CHECK-NEXT: func.return %[[CONV]] : tensor<2x4x3x5xf32>
// CHECK-NEXT: }

// -----

// Asymmetric 4-value padding [top, left, bottom, right].
func.func @conv_asymmetric_padding(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x2x2xf32>) -> tensor<1x3x7x5xf32> {
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [1, 0, 2, 1] dilation = [1, 1] : (tensor<1x2x5x5xf32>, tensor<3x2x2x2xf32>) -> tensor<1x3x7x5xf32>
  func.return %0 : tensor<1x3x7x5xf32>
}

// CHECK-LABEL: func.func @conv_asymmetric_padding(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x5x5xf32>, %[[W:.*]]: tensor<3x2x2x2xf32>) -> tensor<1x3x7x5xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 1, 0] high[0, 0, 2, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[ZERO]] : f32
// CHECK-NEXT: } : tensor<1x2x5x5xf32> to tensor<1x2x8x6xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x3x7x5xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<1x3x7x5xf32>) -> tensor<1x3x7x5xf32>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[W]] : tensor<1x2x8x6xf32>, tensor<3x2x2x2xf32>) outs(%[[FILL]] : tensor<1x3x7x5xf32>) -> tensor<1x3x7x5xf32>
// CHECK-NEXT: func.return %[[CONV]] : tensor<1x3x7x5xf32>
// CHECK-NEXT: }

// -----

// Grouped convolution with a bias: expand to [N, G, C, H, W], conv_2d_ngchw_gfchw,
// collapse back.
func.func @conv_groups(%x: tensor<1x4x6x6xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x6x6xf32> {
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 2 : (tensor<1x4x6x6xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<1x6x6x6xf32>
  func.return %0 : tensor<1x6x6x6xf32>
}

// CHECK-LABEL: func.func @conv_groups(
// CHECK-SAME: %[[X:.*]]: tensor<1x4x6x6xf32>, %[[W:.*]]: tensor<6x2x3x3xf32>, %[[B:.*]]: tensor<6xf32>) -> tensor<1x6x6x6xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[ZERO]] : f32
// CHECK-NEXT: } : tensor<1x4x6x6xf32> to tensor<1x4x8x8xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x6x6x6xf32>
// CHECK-NEXT: %[[BROADCAST:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : tensor<6xf32>) outs(%[[EMPTY]] : tensor<1x6x6x6xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1x6x6x6xf32>
// CHECK-NEXT: %[[EXPANDED:.*]] = tensor.expand_shape %[[PADDED]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 2, 2, 8, 8] : tensor<1x4x8x8xf32> into tensor<1x2x2x8x8xf32>
// CHECK-NEXT: %[[EXPANDED_1:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0 : i64, 1 : i64], [2 : i64], [3 : i64], [4 : i64]] output_shape [2, 3, 2, 3, 3] : tensor<6x2x3x3xf32> into tensor<2x3x2x3x3xf32>
// CHECK-NEXT: %[[EXPANDED_2:.*]] = tensor.expand_shape %[[BROADCAST]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 2, 3, 6, 6] : tensor<1x6x6x6xf32> into tensor<1x2x3x6x6xf32>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[EXPANDED]], %[[EXPANDED_1]] : tensor<1x2x2x8x8xf32>, tensor<2x3x2x3x3xf32>) outs(%[[EXPANDED_2]] : tensor<1x2x3x6x6xf32>) -> tensor<1x2x3x6x6xf32>
// CHECK-NEXT: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[CONV]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] : tensor<1x2x3x6x6xf32> into tensor<1x6x6x6xf32>
// CHECK-NEXT: func.return %[[COLLAPSED]] : tensor<1x6x6x6xf32>
// CHECK-NEXT: }

// -----

// Depthwise (groups = channels), no bias, no padding.
func.func @conv_depthwise(%x: tensor<1x3x4x4xf32>, %w: tensor<3x1x3x3xf32>) -> tensor<1x3x2x2xf32> {
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [0, 0] dilation = [1, 1] groups = 3 : (tensor<1x3x4x4xf32>, tensor<3x1x3x3xf32>) -> tensor<1x3x2x2xf32>
  func.return %0 : tensor<1x3x2x2xf32>
}

// CHECK-LABEL: func.func @conv_depthwise(
// CHECK-SAME: %[[X:.*]]: tensor<1x3x4x4xf32>, %[[W:.*]]: tensor<3x1x3x3xf32>) -> tensor<1x3x2x2xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[EXPANDED:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 3, 1, 4, 4] : tensor<1x3x4x4xf32> into tensor<1x3x1x4x4xf32>
// CHECK-NEXT: %[[EXPANDED_1:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0 : i64, 1 : i64], [2 : i64], [3 : i64], [4 : i64]] output_shape [3, 1, 1, 3, 3] : tensor<3x1x3x3xf32> into tensor<3x1x1x3x3xf32>
// CHECK-NEXT: %[[EXPANDED_2:.*]] = tensor.expand_shape %[[FILL]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 3, 1, 2, 2] : tensor<1x3x2x2xf32> into tensor<1x3x1x2x2xf32>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[EXPANDED]], %[[EXPANDED_1]] : tensor<1x3x1x4x4xf32>, tensor<3x1x1x3x3xf32>) outs(%[[EXPANDED_2]] : tensor<1x3x1x2x2xf32>) -> tensor<1x3x1x2x2xf32>
// CHECK-NEXT: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[CONV]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] : tensor<1x3x1x2x2xf32> into tensor<1x3x2x2xf32>
// CHECK-NEXT: func.return %[[COLLAPSED]] : tensor<1x3x2x2xf32>
// CHECK-NEXT: }

// -----

// f16: the padding and fill constants are f16.
func.func @conv_f16(%x: tensor<1x1x4x4xf16>, %w: tensor<2x1x3x3xf16>) -> tensor<1x2x4x4xf16> {
  %0 = gawee.conv %x, %w strides = [1, 1] padding = [1, 1] dilation = [1, 1] : (tensor<1x1x4x4xf16>, tensor<2x1x3x3xf16>) -> tensor<1x2x4x4xf16>
  func.return %0 : tensor<1x2x4x4xf16>
}

// CHECK-LABEL: func.func @conv_f16(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x4x4xf16>, %[[W:.*]]: tensor<2x1x3x3xf16>) -> tensor<1x2x4x4xf16> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[ZERO]] : f16
// CHECK-NEXT: } : tensor<1x1x4x4xf16> to tensor<1x1x6x6xf16>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x4x4xf16>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f16) outs(%[[EMPTY]] : tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf16>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[W]] : tensor<1x1x6x6xf16>, tensor<2x1x3x3xf16>) outs(%[[FILL]] : tensor<1x2x4x4xf16>) -> tensor<1x2x4x4xf16>
// CHECK-NEXT: func.return %[[CONV]] : tensor<1x2x4x4xf16>
// CHECK-NEXT: }

// -----

// f64 with a bias and no padding: no constant at all.
func.func @conv_f64_bias(%x: tensor<1x1x3x3xf64>, %w: tensor<2x1x2x2xf64>, %b: tensor<2xf64>) -> tensor<1x2x2x2xf64> {
  %0 = gawee.conv %x, %w, %b strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x1x3x3xf64>, tensor<2x1x2x2xf64>, tensor<2xf64>) -> tensor<1x2x2x2xf64>
  func.return %0 : tensor<1x2x2x2xf64>
}

// CHECK-LABEL: func.func @conv_f64_bias(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x3x3xf64>, %[[W:.*]]: tensor<2x1x2x2xf64>, %[[B:.*]]: tensor<2xf64>) -> tensor<1x2x2x2xf64> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x2x2xf64>
// CHECK-NEXT: %[[BROADCAST:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : tensor<2xf64>) outs(%[[EMPTY]] : tensor<1x2x2x2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: linalg.yield %[[IN]] : f64
// CHECK-NEXT: } -> tensor<1x2x2x2xf64>
// CHECK-NEXT: %[[CONV:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[X]], %[[W]] : tensor<1x1x3x3xf64>, tensor<2x1x2x2xf64>) outs(%[[BROADCAST]] : tensor<1x2x2x2xf64>) -> tensor<1x2x2x2xf64>
// CHECK-NEXT: func.return %[[CONV]] : tensor<1x2x2x2xf64>
// CHECK-NEXT: }

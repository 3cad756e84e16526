// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The original's ResNet max_pool, generic form: kernel 3, stride 2, padding 1.
func.func @max_pool(%x: tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32> {
  %0 = "gawee.max_pool"(%x) {ceilMode = false, dilation = array<i64: 1, 1>, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32>
  func.return %0 : tensor<1x64x56x56xf32>
}

// CHECK-LABEL: func.func @max_pool(
// CHECK-SAME: %[[X:.*]]: tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[NEG_INF]] : f32
// CHECK-NEXT: } : tensor<1x64x112x112xf32> to tensor<1x64x114x114xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x64x56x56xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x64x114x114xf32>, tensor<3x3xf32>) outs(%[[FILL]] : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT: func.return %[[POOL]] : tensor<1x64x56x56xf32>
// CHECK-NEXT: }

// -----

// No padding: no tensor.pad.
func.func @max_pool_no_padding(%x: tensor<2x3x8x8xf32>) -> tensor<2x3x4x4xf32> {
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<2x3x8x8xf32>) -> tensor<2x3x4x4xf32>
  func.return %0 : tensor<2x3x4x4xf32>
}

// CHECK-LABEL: func.func @max_pool_no_padding(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x8x8xf32>) -> tensor<2x3x4x4xf32> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x4x4xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[X]], %[[WINDOW]] : tensor<2x3x8x8xf32>, tensor<2x2xf32>) outs(%[[FILL]] : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
// CHECK-NEXT: func.return %[[POOL]] : tensor<2x3x4x4xf32>
// CHECK-NEXT: }

// -----

// Ceil mode: 6 -> 3 windows of 3 with stride 2 needs 7 rows, so 1 extra -inf row
// and column at the end.
func.func @max_pool_ceil(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x3x3xf32> {
  %0 = gawee.max_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = true : (tensor<1x1x6x6xf32>) -> tensor<1x1x3x3xf32>
  func.return %0 : tensor<1x1x3x3xf32>
}

// CHECK-LABEL: func.func @max_pool_ceil(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x6x6xf32>) -> tensor<1x1x3x3xf32> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 0, 0] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[NEG_INF]] : f32
// CHECK-NEXT: } : tensor<1x1x6x6xf32> to tensor<1x1x7x7xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x1x7x7xf32>, tensor<3x3xf32>) outs(%[[FILL]] : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT: func.return %[[POOL]] : tensor<1x1x3x3xf32>
// CHECK-NEXT: }

// -----

// Ceil mode with padding: H = 6, pad 1, kernel 3, stride 2 -> 4 rows (floor mode: 3);
// the last window needs padded rows up to 9 = 1 + 6 + 2, so the bottom pad grows from
// 1 to 2. W = 7 -> 4 columns in both modes, and the right pad stays 1.
func.func @max_pool_ceil_padded(%x: tensor<1x2x6x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = gawee.max_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = true : (tensor<1x2x6x7xf32>) -> tensor<1x2x4x4xf32>
  func.return %0 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @max_pool_ceil_padded(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x6x7xf32>) -> tensor<1x2x4x4xf32> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 2, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[NEG_INF]] : f32
// CHECK-NEXT: } : tensor<1x2x6x7xf32> to tensor<1x2x9x9xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<3x3xf32>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x2x9x9xf32>, tensor<3x3xf32>) outs(%[[FILL]] : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: func.return %[[POOL]] : tensor<1x2x4x4xf32>
// CHECK-NEXT: }

// -----

// Asymmetric 4-value padding [top, left, bottom, right] and dilation 2.
func.func @max_pool_asymmetric_dilated(%x: tensor<1x1x9x9xf32>) -> tensor<1x1x4x7xf32> {
  %0 = gawee.max_pool %x kernelSize = [3, 2] strides = [2, 1] padding = [2, 0, 1, 0] dilation = [2, 2] ceilMode = false : (tensor<1x1x9x9xf32>) -> tensor<1x1x4x7xf32>
  func.return %0 : tensor<1x1x4x7xf32>
}

// CHECK-LABEL: func.func @max_pool_asymmetric_dilated(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x9x9xf32>) -> tensor<1x1x4x7xf32> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 2, 0] high[0, 0, 1, 0] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[NEG_INF]] : f32
// CHECK-NEXT: } : tensor<1x1x9x9xf32> to tensor<1x1x12x9xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x4x7xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<1x1x4x7xf32>) -> tensor<1x1x4x7xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<3x2xf32>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<[2, 1]> : tensor<2xi64>, dilations = dense<2> : tensor<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x1x12x9xf32>, tensor<3x2xf32>) outs(%[[FILL]] : tensor<1x1x4x7xf32>) -> tensor<1x1x4x7xf32>
// CHECK-NEXT: func.return %[[POOL]] : tensor<1x1x4x7xf32>
// CHECK-NEXT: }

// -----

// f16: -inf is 0xfc00.
func.func @max_pool_f16(%x: tensor<1x2x4x4xf16>) -> tensor<1x2x2x2xf16> {
  %0 = gawee.max_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] dilation = [1, 1] ceilMode = false : (tensor<1x2x4x4xf16>) -> tensor<1x2x2x2xf16>
  func.return %0 : tensor<1x2x2x2xf16>
}

// CHECK-LABEL: func.func @max_pool_f16(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x4x4xf16>) -> tensor<1x2x2x2xf16> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xfc00 : f16
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[NEG_INF]] : f16
// CHECK-NEXT: } : tensor<1x2x4x4xf16> to tensor<1x2x6x6xf16>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x2x2xf16>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f16) outs(%[[EMPTY]] : tensor<1x2x2x2xf16>) -> tensor<1x2x2x2xf16>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<3x3xf16>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x2x6x6xf16>, tensor<3x3xf16>) outs(%[[FILL]] : tensor<1x2x2x2xf16>) -> tensor<1x2x2x2xf16>
// CHECK-NEXT: func.return %[[POOL]] : tensor<1x2x2x2xf16>
// CHECK-NEXT: }

// -----

// f64: -inf is 0xfff0000000000000.
func.func @max_pool_f64(%x: tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64> {
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] dilation = [1, 1] ceilMode = false : (tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64>
  func.return %0 : tensor<1x1x2x2xf64>
}

// CHECK-LABEL: func.func @max_pool_f64(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xfff0000000000000 : f64
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x2x2xf64>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f64) outs(%[[EMPTY]] : tensor<1x1x2x2xf64>) -> tensor<1x1x2x2xf64>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<2x2xf64>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[X]], %[[WINDOW]] : tensor<1x1x4x4xf64>, tensor<2x2xf64>) outs(%[[FILL]] : tensor<1x1x2x2xf64>) -> tensor<1x1x2x2xf64>
// CHECK-NEXT: func.return %[[POOL]] : tensor<1x1x2x2xf64>
// CHECK-NEXT: }

// -----

// Padding as wide as the kernel: of the 3 windows along the one row, the middle one
// (taps at rows -1 and 1) sees only padding, and its max, -inf, becomes ONNX Runtime's
// value, the lowest finite f32, through an in-place select on a mask of the windows.
func.func @max_pool_padding_only(%x: tensor<1x2x1x3xf32>) -> tensor<1x2x3x2xf32> {
  %0 = gawee.max_pool %x kernelSize = [2, 2] strides = [1, 1] padding = [2, 0, 2, 0] dilation = [2, 1] ceilMode = false : (tensor<1x2x1x3xf32>) -> tensor<1x2x3x2xf32>
  func.return %0 : tensor<1x2x3x2xf32>
}

// CHECK-LABEL: func.func @max_pool_padding_only(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x1x3xf32>) -> tensor<1x2x3x2xf32> {
// CHECK-NEXT: %[[NEG_INF:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[PADDED:.*]] = tensor.pad %[[X]] low[0, 0, 2, 0] high[0, 0, 2, 0] {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT: tensor.yield %[[NEG_INF]] : f32
// CHECK-NEXT: } : tensor<1x2x1x3xf32> to tensor<1x2x5x3xf32>
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x3x2xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<1> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>} ins(%[[PADDED]], %[[WINDOW]] : tensor<1x2x5x3xf32>, tensor<2x2xf32>) outs(%[[FILL]] : tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT: %[[INSIDE:.*]] = arith.constant dense<{{\[}}[true, true], [false, false], [true, true]]> : tensor<3x2xi1>
// CHECK-NEXT: %[[LOWEST:.*]] = arith.constant -3.40282347e+38 : f32
// CHECK-NEXT: %[[RESULT:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[INSIDE]] : tensor<3x2xi1>) outs(%[[POOL]] : tensor<1x2x3x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i1, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[SELECTED:.*]] = arith.select %[[IN]], %[[OUT]], %[[LOWEST]] : f32
// CHECK-NEXT: linalg.yield %[[SELECTED]] : f32
// CHECK-NEXT: } -> tensor<1x2x3x2xf32>
// CHECK-NEXT: func.return %[[RESULT]] : tensor<1x2x3x2xf32>
// CHECK-NEXT: }

// -----

// ONNX's MaxPool on one row with kernel [2, 1], dilation [2, 1], pads [1, 0, 1, 0]:
// every window sees only padding; f64's lowest finite value.
func.func @max_pool_padding_only_f64(%x: tensor<1x1x1x2xf64>) -> tensor<1x1x1x2xf64> {
  %0 = gawee.max_pool %x kernelSize = [2, 1] strides = [1, 1] padding = [1, 0, 1, 0] dilation = [2, 1] ceilMode = false : (tensor<1x1x1x2xf64>) -> tensor<1x1x1x2xf64>
  func.return %0 : tensor<1x1x1x2xf64>
}

// CHECK-LABEL: func.func @max_pool_padding_only_f64(
// CHECK:      %[[POOL:.*]] = linalg.pooling_nchw_max {strides = dense<1> : tensor<2xi64>, dilations = dense<[2, 1]> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x1x3x2xf64>, tensor<2x1xf64>) outs(%{{.*}} : tensor<1x1x1x2xf64>) -> tensor<1x1x1x2xf64>
// CHECK-NEXT: %[[INSIDE:.*]] = arith.constant dense<false> : tensor<1x2xi1>
// CHECK-NEXT: %[[LOWEST:.*]] = arith.constant -1.7976931348623157e+308 : f64
// CHECK-NEXT: %[[RESULT:.*]] = linalg.generic {{.*}} ins(%[[INSIDE]] : tensor<1x2xi1>) outs(%[[POOL]] : tensor<1x1x1x2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i1, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[SELECTED:.*]] = arith.select %[[IN]], %[[OUT]], %[[LOWEST]] : f64
// CHECK-NEXT: linalg.yield %[[SELECTED]] : f64
// CHECK-NEXT: } -> tensor<1x1x1x2xf64>
// CHECK-NEXT: func.return %[[RESULT]] : tensor<1x1x1x2xf64>

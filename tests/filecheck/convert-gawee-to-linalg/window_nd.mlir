// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// Windows over 1 and 3 spatial dims, and global_max_pool. A 1-D conv or max_pool is the
// 2-D named op over the input expanded to a unit first spatial dim ([N, C, 1, W]) and
// collapsed back (xDSL has no class for upstream's linalg.conv_1d_ncw_fcw or
// pooling_ncw_max); a 3-D one is a linalg.generic with the semantics of upstream's
// conv_3d_ncdhw_fcdhw / pooling_ncdhw_max, and average_pool's window sum is a
// linalg.generic at any rank.

// Conv1d (Wav2Vec2's feature encoder, Whisper's stem) with a bias and asymmetric padding.
func.func @conv1d(%x: tensor<1x2x9xf32>, %w: tensor<4x2x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x4xf32> {
  %0 = gawee.conv %x, %w, %b strides = [2] padding = [1, 0] dilation = [1] : (tensor<1x2x9xf32>, tensor<4x2x3xf32>, tensor<4xf32>) -> tensor<1x4x4xf32>
  func.return %0 : tensor<1x4x4xf32>
}

// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x9xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x2x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<1x4x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[X]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [1, 2, 1, 9] : tensor<1x2x9xf32> into tensor<1x2x1x9xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[W]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [4, 2, 1, 3] : tensor<4x2x3xf32> into tensor<4x2x1x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.pad %[[V0]] low[0, 0, 0, 1] high[0, 0, 0, 0] {
// CHECK-NEXT: ^bb0(%[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index, %[[V6:[a-zA-Z0-9_$.]+]]: index, %[[V7:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V2]] : f32
// CHECK-NEXT: } : tensor<1x2x1x9xf32> to tensor<1x2x1x10xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x1x4xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : tensor<4xf32>) outs(%[[V8]] : tensor<1x4x1x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1x4x1x4xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.conv_2d_nchw_fchw {strides = dense<[1, 2]> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[V3]], %[[V1]] : tensor<1x2x1x10xf32>, tensor<4x2x1x3xf32>) outs(%[[V9]] : tensor<1x4x1x4xf32>) -> tensor<1x4x1x4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V10]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] : tensor<1x4x1x4xf32> into tensor<1x4x4xf32>
// CHECK-NEXT: func.return %[[V11]] : tensor<1x4x4xf32>

// -----

// Grouped Conv1d: the groups split as in 2-D, conv_2d_ngchw_gfchw.
func.func @conv1d_grouped(%x: tensor<1x4x6xf32>, %w: tensor<4x2x2xf32>) -> tensor<1x4x5xf32> {
  %0 = gawee.conv %x, %w strides = [1] padding = [0] dilation = [1] groups = 2 : (tensor<1x4x6xf32>, tensor<4x2x2xf32>) -> tensor<1x4x5xf32>
  func.return %0 : tensor<1x4x5xf32>
}

// CHECK-LABEL: func.func @conv1d_grouped(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x6xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x2x2xf32>) -> tensor<1x4x5xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[X]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [1, 4, 1, 6] : tensor<1x4x6xf32> into tensor<1x4x1x6xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[W]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [4, 2, 1, 2] : tensor<4x2x2xf32> into tensor<4x2x1x2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x1x5xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V2]] : f32) outs(%[[V3]] : tensor<1x4x1x5xf32>) -> tensor<1x4x1x5xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V0]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 2, 2, 1, 6] : tensor<1x4x1x6xf32> into tensor<1x2x2x1x6xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V1]] {{\[\[}}0 : i64, 1 : i64], [2 : i64], [3 : i64], [4 : i64]] output_shape [2, 2, 2, 1, 2] : tensor<4x2x1x2xf32> into tensor<2x2x2x1x2xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V4]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 2, 2, 1, 5] : tensor<1x4x1x5xf32> into tensor<1x2x2x1x5xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[V5]], %[[V6]] : tensor<1x2x2x1x6xf32>, tensor<2x2x2x1x2xf32>) outs(%[[V7]] : tensor<1x2x2x1x5xf32>) -> tensor<1x2x2x1x5xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V8]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] : tensor<1x2x2x1x5xf32> into tensor<1x4x1x5xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V9]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] : tensor<1x4x1x5xf32> into tensor<1x4x5xf32>
// CHECK-NEXT: func.return %[[V10]] : tensor<1x4x5xf32>

// -----

// Conv3d: a linalg.generic over (n, g, f, od, oh, ow, c, kd, kh, kw).
func.func @conv3d(%x: tensor<1x2x4x4x5xf32>, %w: tensor<3x2x2x2x3xf32>) -> tensor<1x3x4x3x2xf32> {
  %0 = gawee.conv %x, %w strides = [1, 1, 2] padding = [1, 0, 0, 0, 0, 1] dilation = [1, 1, 1] : (tensor<1x2x4x4x5xf32>, tensor<3x2x2x2x3xf32>) -> tensor<1x3x4x3x2xf32>
  func.return %0 : tensor<1x3x4x3x2xf32>
}

// CHECK-LABEL: func.func @conv3d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<3x2x2x2x3xf32>) -> tensor<1x3x4x3x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 1, 0, 0] high[0, 0, 0, 0, 1] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index, %[[V6:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f32
// CHECK-NEXT: } : tensor<1x2x4x4x5xf32> to tensor<1x2x5x4x6xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x3x4x3x2xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V7]] : tensor<1x3x4x3x2xf32>) -> tensor<1x3x4x3x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V1]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64], [5 : i64]] output_shape [1, 1, 2, 5, 4, 6] : tensor<1x2x5x4x6xf32> into tensor<1x1x2x5x4x6xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[W]] {{\[\[}}0 : i64, 1 : i64], [2 : i64], [3 : i64], [4 : i64], [5 : i64]] output_shape [1, 3, 2, 2, 2, 3] : tensor<3x2x2x2x3xf32> into tensor<1x3x2x2x2x3xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V8]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64], [5 : i64]] output_shape [1, 1, 3, 4, 3, 2] : tensor<1x3x4x3x2xf32> into tensor<1x1x3x4x3x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d6, (d3 + d7), (d4 + d8), ((d5 * 2) + d9))>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d1, d2, d6, d7, d8, d9)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9) -> (d0, d1, d2, d3, d4, d5)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%[[V9]], %[[V10]] : tensor<1x1x2x5x4x6xf32>, tensor<1x3x2x2x2x3xf32>) outs(%[[V11]] : tensor<1x1x3x4x3x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V13]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<1x1x3x4x3x2xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V12]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64], [5 : i64]] : tensor<1x1x3x4x3x2xf32> into tensor<1x3x4x3x2xf32>
// CHECK-NEXT: func.return %[[V15]] : tensor<1x3x4x3x2xf32>

// -----

// MaxPool1d whose last window sees only padding: the mask is [1, oW] on the 2-D result.
func.func @max_pool1d(%x: tensor<1x2x5xf32>) -> tensor<1x2x4xf32> {
  %0 = gawee.max_pool %x kernelSize = [2] strides = [2] padding = [0, 3] dilation = [1] ceilMode = false : (tensor<1x2x5xf32>) -> tensor<1x2x4xf32>
  func.return %0 : tensor<1x2x4xf32>
}

// CHECK-LABEL: func.func @max_pool1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x5xf32>) -> tensor<1x2x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[X]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [1, 2, 1, 5] : tensor<1x2x5xf32> into tensor<1x2x1x5xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = tensor.pad %[[V0]] low[0, 0, 0, 0] high[0, 0, 0, 3] {
// CHECK-NEXT: ^bb0(%[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index, %[[V6:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V1]] : f32
// CHECK-NEXT: } : tensor<1x2x1x5xf32> to tensor<1x2x1x8xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V1]] : f32) outs(%[[V7]] : tensor<1x2x1x4xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.pooling_nchw_max {strides = dense<[1, 2]> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[V2]], %[[V9]] : tensor<1x2x1x8xf32>, tensor<1x2xf32>) outs(%[[V8]] : tensor<1x2x1x4xf32>) -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[\[}}true, true, true, false]]> : tensor<1x4xi1>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.constant -3.40282347e+38 : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[V11]] : tensor<1x4xi1>) outs(%[[V10]] : tensor<1x2x1x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i1, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.select %[[IN]], %[[OUT]], %[[V12]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<1x2x1x4xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[V13]] {{\[\[}}0 : i64], [1 : i64], [2 : i64, 3 : i64]] : tensor<1x2x1x4xf32> into tensor<1x2x4xf32>
// CHECK-NEXT: func.return %[[V15]] : tensor<1x2x4xf32>

// -----

// MaxPool3d.
func.func @max_pool3d(%x: tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32> {
  %0 = gawee.max_pool %x kernelSize = [2, 2, 2] strides = [2, 2, 2] padding = [0, 0, 0] dilation = [1, 1, 1] ceilMode = false : (tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32>
  func.return %0 : tensor<1x2x2x2x2xf32>
}

// CHECK-LABEL: func.func @max_pool3d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4x4xf32>) -> tensor<1x2x2x2x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2x2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<1x2x2x2x2xf32>) -> tensor<1x2x2x2x2xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x2xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, ((d2 * 2) + d5), ((d3 * 2) + d6), ((d4 * 2) + d7))>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[X]], %[[V3]] : tensor<1x2x4x4x4xf32>, tensor<2x2x2xf32>) outs(%[[V2]] : tensor<1x2x2x2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[IN]], %[[OUT]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<1x2x2x2x2xf32>
// CHECK-NEXT: func.return %[[V4]] : tensor<1x2x2x2x2xf32>

// -----

// AvgPool1d counting the padding: the counts are a tensor<oW>.
func.func @average_pool1d(%x: tensor<1x2x7xf32>) -> tensor<1x2x4xf32> {
  %0 = gawee.average_pool %x kernelSize = [3] strides = [2] padding = [1] ceilMode = true countIncludePad = true : (tensor<1x2x7xf32>) -> tensor<1x2x4xf32>
  func.return %0 : tensor<1x2x4xf32>
}

// CHECK-LABEL: func.func @average_pool1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x7xf32>) -> tensor<1x2x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 1] high[0, 0, 1] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f32
// CHECK-NEXT: } : tensor<1x2x7xf32> to tensor<1x2x9xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x4xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V5]] : tensor<1x2x4xf32>) -> tensor<1x2x4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, ((d2 * 2) + d3))>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[V1]], %[[V7]] : tensor<1x2x9xf32>, tensor<3xf32>) outs(%[[V6]] : tensor<1x2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<1x2x4xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V8]] : tensor<1x2x4xf32>) outs(%[[V10]] : tensor<1x2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[V12]] : f32
// CHECK-NEXT: linalg.yield %[[V13]] : f32
// CHECK-NEXT: } -> tensor<1x2x4xf32>
// CHECK-NEXT: func.return %[[V11]] : tensor<1x2x4xf32>

// -----

// AvgPool3d with uniform windows: one divisor.
func.func @average_pool3d(%x: tensor<1x1x4x4x6xf32>) -> tensor<1x1x2x2x3xf32> {
  %0 = gawee.average_pool %x kernelSize = [2, 2, 2] strides = [2, 2, 2] padding = [0, 0, 0] ceilMode = false countIncludePad = false : (tensor<1x1x4x4x6xf32>) -> tensor<1x1x2x2x3xf32>
  func.return %0 : tensor<1x1x2x2x3xf32>
}

// CHECK-LABEL: func.func @average_pool3d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x4x4x6xf32>) -> tensor<1x1x2x2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2x2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<1x1x2x2x3xf32>) -> tensor<1x1x2x2x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x2xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, ((d2 * 2) + d5), ((d3 * 2) + d6), ((d4 * 2) + d7))>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[X]], %[[V3]] : tensor<1x1x4x4x6xf32>, tensor<2x2x2xf32>) outs(%[[V2]] : tensor<1x1x2x2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<1x1x2x2x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x2x2x3xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%[[V4]] : tensor<1x1x2x2x3xf32>) outs(%[[V6]] : tensor<1x1x2x2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 8.000000e+00 : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<1x1x2x2x3xf32>
// CHECK-NEXT: func.return %[[V7]] : tensor<1x1x2x2x3xf32>

// -----

// global_max_pool is composite: a reduce_max over the spatial dims, keeping them.
func.func @global_max_pool(%x: tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32> {
  %0 = gawee.global_max_pool %x : (tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32>
  func.return %0 : tensor<2x3x1x1xf32>
}

// CHECK-LABEL: func.func @global_max_pool(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4x5xf32>) -> tensor<2x3x1x1xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4x5xf32>) outs(%[[V2]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 3, 1, 1]> : tensor<4xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[V3]](%[[V5]]) : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<2x3x1x1xf32>
// CHECK-NEXT: func.return %[[V6]] : tensor<2x3x1x1xf32>

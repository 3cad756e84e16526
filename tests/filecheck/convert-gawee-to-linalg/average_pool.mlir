// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// average_pool: a tensor.pad with 0 where a pad is non-zero (grown at the end in ceil
// mode until the last window fits), the window-sum generic (pooling_nchw_sum semantics),
// then a division by each window's tap count: one constant where all windows count the
// same, else a tensor<oHxoW> of counts.

// The original's generic form: Inception's 3x3 / 1 / pad 1, the pads not counted, so
// border windows average fewer taps (4 in the corners, 6 on the edges, 9 inside).
func.func @average_pool_inception(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "gawee.average_pool"(%x) {ceilMode = false, countIncludePad = false, kernelSize = array<i64: 3, 3>, padding = array<i64: 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  func.return %0 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func @average_pool_inception(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f32
// CHECK-NEXT: } : tensor<1x2x4x4xf32> to tensor<1x2x6x6xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V6]] : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x3xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, (d2 + d4), (d3 + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[V1]], %[[V8]] : tensor<1x2x6x6xf32>, tensor<3x3xf32>) outs(%[[V7]] : tensor<1x2x4x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[\[}}4.000000e+00, 6.000000e+00, 6.000000e+00, 4.000000e+00], [6.000000e+00, 9.000000e+00, 9.000000e+00, 6.000000e+00], [6.000000e+00, 9.000000e+00, 9.000000e+00, 6.000000e+00], [4.000000e+00, 6.000000e+00, 6.000000e+00, 4.000000e+00]]> : tensor<4x4xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x4x4xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[V9]], %[[V11]] : tensor<1x2x4x4xf32>, tensor<4x4xf32>) outs(%[[V12]] : tensor<1x2x4x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[IN_3]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<1x2x4x4xf32>
// CHECK-NEXT: func.return %[[V13]] : tensor<1x2x4x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// DenseNet's transition: 2x2 / 2, no padding: every window counts 4.
func.func @average_pool_densenet(%x: tensor<1x3x8x6xf32>) -> tensor<1x3x4x3xf32> {
  %0 = gawee.average_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] ceilMode = false countIncludePad = false : (tensor<1x3x8x6xf32>) -> tensor<1x3x4x3xf32>
  func.return %0 : tensor<1x3x4x3xf32>
}

// CHECK-LABEL: func.func @average_pool_densenet(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x8x6xf32>) -> tensor<1x3x4x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x3x4x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<1x3x4x3xf32>) -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 2) + d4), ((d3 * 2) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[V3]] : tensor<1x3x8x6xf32>, tensor<2x2xf32>) outs(%[[V2]] : tensor<1x3x4x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<1x3x4x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x3x4x3xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[V4]] : tensor<1x3x4x3xf32>) outs(%[[V6]] : tensor<1x3x4x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<1x3x4x3xf32>
// CHECK-NEXT: func.return %[[V7]] : tensor<1x3x4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Ceil mode, asymmetric pads, a dilated H axis, the pads counted. H = 7, pads 1 + 0, a
// kernel of 2 taps 2 apart, stride 2: 4 windows (floor mode: 3); the last one's second
// tap lies past the padding, so the bottom pad grows to 1 and that window counts 1 tap
// (rows: 2, 2, 2, 1). W = 5, pads 0 + 1, kernel 2, stride 3: 2 windows of 2 taps (ceil
// mode's third would start on the padding and is dropped).
func.func @average_pool_ceil_dilated(%x: tensor<1x1x7x5xf32>) -> tensor<1x1x4x2xf32> {
  %0 = gawee.average_pool %x kernelSize = [2, 2] strides = [2, 3] padding = [1, 0, 0, 1] dilation = [2, 1] ceilMode = true countIncludePad = true : (tensor<1x1x7x5xf32>) -> tensor<1x1x4x2xf32>
  func.return %0 : tensor<1x1x4x2xf32>
}

// CHECK-LABEL: func.func @average_pool_ceil_dilated(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x7x5xf32>) -> tensor<1x1x4x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 1, 0] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f32
// CHECK-NEXT: } : tensor<1x1x7x5xf32> to tensor<1x1x9x6xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V6]] : tensor<1x1x4x2xf32>) -> tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 2) + (d4 * 2)), ((d3 * 3) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[V1]], %[[V8]] : tensor<1x1x9x6xf32>, tensor<2x2xf32>) outs(%[[V7]] : tensor<1x1x4x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[\[}}4.000000e+00, 4.000000e+00], [4.000000e+00, 4.000000e+00], [4.000000e+00, 4.000000e+00], [2.000000e+00, 2.000000e+00]]> : tensor<4x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x4x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[V9]], %[[V11]] : tensor<1x1x4x2xf32>, tensor<4x2xf32>) outs(%[[V12]] : tensor<1x1x4x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[IN_3]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<1x1x4x2xf32>
// CHECK-NEXT: func.return %[[V13]] : tensor<1x1x4x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// f16: the same IR in the element type (the interpreter of gawee sums in f32).
func.func @average_pool_f16(%x: tensor<1x2x5x5xf16>) -> tensor<1x2x3x3xf16> {
  %0 = gawee.average_pool %x kernelSize = [3, 3] strides = [2, 2] padding = [1, 1] ceilMode = false countIncludePad = true : (tensor<1x2x5x5xf16>) -> tensor<1x2x3x3xf16>
  func.return %0 : tensor<1x2x3x3xf16>
}

// CHECK-LABEL: func.func @average_pool_f16(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x5x5xf16>) -> tensor<1x2x3x3xf16> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f16
// CHECK-NEXT: } : tensor<1x2x5x5xf16> to tensor<1x2x7x7xf16>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x3x3xf16>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f16) outs(%[[V6]] : tensor<1x2x3x3xf16>) -> tensor<1x2x3x3xf16>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x3xf16>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 2) + d4), ((d3 * 2) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[V1]], %[[V8]] : tensor<1x2x7x7xf16>, tensor<3x3xf16>) outs(%[[V7]] : tensor<1x2x3x3xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f16, %[[IN_1:[a-zA-Z0-9_$.]+]]: f16, %[[OUT:[a-zA-Z0-9_$.]+]]: f16):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f16
// CHECK-NEXT: linalg.yield %[[V10]] : f16
// CHECK-NEXT: } -> tensor<1x2x3x3xf16>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x3x3xf16>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[V9]] : tensor<1x2x3x3xf16>) outs(%[[V11]] : tensor<1x2x3x3xf16>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f16, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f16):
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 9.000000e+00 : f16
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[V13]] : f16
// CHECK-NEXT: linalg.yield %[[V14]] : f16
// CHECK-NEXT: } -> tensor<1x2x3x3xf16>
// CHECK-NEXT: func.return %[[V12]] : tensor<1x2x3x3xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

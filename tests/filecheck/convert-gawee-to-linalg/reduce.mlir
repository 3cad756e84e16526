// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s
// RUN: xdsl-opt %s --split-input-file | xdsl-opt --split-input-file --print-op-generic | xdsl-opt --split-input-file | filecheck %s --check-prefix=ROUNDTRIP

// The reductions: one generic into a fill (0, -inf, +inf), the mean divided by the
// count, keepDims restored by tensor.reshape. Both syntaxes round-trip.

func.func @reduce_mean_keep(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = gawee.reduce_mean %x axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  func.return %0 : tensor<2x1x4xf32>
}

// CHECK-LABEL: func.func @reduce_mean_keep(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// CHECK-NEXT: %[[V1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.fill ins(%[[V1]] : f32) outs(%[[V2]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V4:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V3]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = arith.addf %[[V6]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V8:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V9:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V4]] : tensor<2x4xf32>) outs(%[[V8]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V10:.*]]: f32, %[[V11:.*]]: f32):
// CHECK-NEXT: %[[V12:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: %[[V13:.*]] = arith.divf %[[V10]], %[[V12]] : f32
// CHECK-NEXT: linalg.yield %[[V13]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V14:.*]] = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
// CHECK-NEXT: %[[V15:.*]] = tensor.reshape %[[V9]](%[[V14]]) : (tensor<2x4xf32>, tensor<3xi64>) -> tensor<2x1x4xf32>
// CHECK-NEXT: func.return %[[V15]] : tensor<2x1x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @reduce_sum_all(%x: tensor<2x3xf64>) -> tensor<f64> {
  %0 = gawee.reduce_sum %x axes = [0, 1] keepDims = false : (tensor<2x3xf64>) -> tensor<f64>
  func.return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @reduce_sum_all(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf64>) -> tensor<f64> {
// CHECK-NEXT: %[[V1:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<f64>
// CHECK-NEXT: %[[V3:.*]] = linalg.fill ins(%[[V1]] : f64) outs(%[[V2]] : tensor<f64>) -> tensor<f64>
// CHECK-NEXT: %[[V4:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%[[X]] : tensor<2x3xf64>) outs(%[[V3]] : tensor<f64>) {
// CHECK-NEXT: ^bb0(%[[V5:.*]]: f64, %[[V6:.*]]: f64):
// CHECK-NEXT: %[[V7:.*]] = arith.addf %[[V6]], %[[V5]] : f64
// CHECK-NEXT: linalg.yield %[[V7]] : f64
// CHECK-NEXT: } -> tensor<f64>
// CHECK-NEXT: func.return %[[V4]] : tensor<f64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @reduce_max_negative_axis(%x: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %0 = gawee.reduce_max %x axes = [-1] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @reduce_max_negative_axis(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.fill ins(%[[V1]] : f32) outs(%[[V2]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V4:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V3]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = arith.maximumf %[[V6]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V4]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @reduce_min(%x: tensor<2x3x4xf16>) -> tensor<3xf16> {
  %0 = gawee.reduce_min %x axes = [0, 2] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>
  func.return %0 : tensor<3xf16>
}

// CHECK-LABEL: func.func @reduce_min(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf16>) -> tensor<3xf16> {
// CHECK-NEXT: %[[V1:.*]] = arith.constant 0x7c00 : f16
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<3xf16>
// CHECK-NEXT: %[[V3:.*]] = linalg.fill ins(%[[V1]] : f16) outs(%[[V2]] : tensor<3xf16>) -> tensor<3xf16>
// CHECK-NEXT: %[[V4:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3x4xf16>) outs(%[[V3]] : tensor<3xf16>) {
// CHECK-NEXT: ^bb0(%[[V5:.*]]: f16, %[[V6:.*]]: f16):
// CHECK-NEXT: %[[V7:.*]] = arith.minimumf %[[V6]], %[[V5]] : f16
// CHECK-NEXT: linalg.yield %[[V7]] : f16
// CHECK-NEXT: } -> tensor<3xf16>
// CHECK-NEXT: func.return %[[V4]] : tensor<3xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// ROUNDTRIP: %0 = gawee.reduce_mean %x axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// ROUNDTRIP: %0 = gawee.reduce_sum %x axes = [0, 1] keepDims = false : (tensor<2x3xf64>) -> tensor<f64>
// ROUNDTRIP: %0 = gawee.reduce_max %x axes = [-1] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
// ROUNDTRIP: %0 = gawee.reduce_min %x axes = [0, 2] keepDims = false : (tensor<2x3x4xf16>) -> tensor<3xf16>

// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The original's generic form; rank 4.
func.func @relu(%x: tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32> {
  %0 = "gawee.relu"(%x) : (tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  func.return %0 : tensor<1x64x56x56xf32>
}

// CHECK-LABEL: func.func @relu(
// CHECK-SAME: %[[X:.*]]: tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x64x56x56xf32>
// CHECK-NEXT: %[[RELU:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<1x64x56x56xf32>) outs(%[[EMPTY]] : tensor<1x64x56x56xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[MAXIMUMF:.*]] = arith.maximumf %[[IN]], %[[ZERO]] : f32
// CHECK-NEXT: linalg.yield %[[MAXIMUMF]] : f32
// CHECK-NEXT: } -> tensor<1x64x56x56xf32>
// CHECK-NEXT: func.return %[[RELU]] : tensor<1x64x56x56xf32>
// CHECK-NEXT: }

// -----

// Rank 2, f16.
func.func @relu_f16(%x: tensor<2x8xf16>) -> tensor<2x8xf16> {
  %0 = gawee.relu %x : (tensor<2x8xf16>) -> tensor<2x8xf16>
  func.return %0 : tensor<2x8xf16>
}

// CHECK-LABEL: func.func @relu_f16(
// CHECK-SAME: %[[X:.*]]: tensor<2x8xf16>) -> tensor<2x8xf16> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x8xf16>
// CHECK-NEXT: %[[RELU:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x8xf16>) outs(%[[EMPTY]] : tensor<2x8xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %[[OUT:.*]]: f16):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[MAXIMUMF:.*]] = arith.maximumf %[[IN]], %[[ZERO]] : f16
// CHECK-NEXT: linalg.yield %[[MAXIMUMF]] : f16
// CHECK-NEXT: } -> tensor<2x8xf16>
// CHECK-NEXT: func.return %[[RELU]] : tensor<2x8xf16>
// CHECK-NEXT: }

// -----

// Rank 0, f64: empty maps, no iterators.
func.func @relu_f64_scalar(%x: tensor<f64>) -> tensor<f64> {
  %0 = gawee.relu %x : (tensor<f64>) -> tensor<f64>
  func.return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @relu_f64_scalar(
// CHECK-SAME: %[[X:.*]]: tensor<f64>) -> tensor<f64> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<f64>
// CHECK-NEXT: %[[RELU:.*]] = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%[[X]] : tensor<f64>) outs(%[[EMPTY]] : tensor<f64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[MAXIMUMF:.*]] = arith.maximumf %[[IN]], %[[ZERO]] : f64
// CHECK-NEXT: linalg.yield %[[MAXIMUMF]] : f64
// CHECK-NEXT: } -> tensor<f64>
// CHECK-NEXT: func.return %[[RELU]] : tensor<f64>
// CHECK-NEXT: }

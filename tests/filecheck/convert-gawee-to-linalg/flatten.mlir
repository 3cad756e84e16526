// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The original's generic form: startDim 1, endDim -1.
func.func @flatten(%x: tensor<1x512x1x1xf32>) -> tensor<1x512xf32> {
  %0 = "gawee.flatten"(%x) {endDim = -1 : i64, startDim = 1 : i64} : (tensor<1x512x1x1xf32>) -> tensor<1x512xf32>
  func.return %0 : tensor<1x512xf32>
}

// CHECK-LABEL: func.func @flatten(
// CHECK-SAME: %[[X:.*]]: tensor<1x512x1x1xf32>) -> tensor<1x512xf32> {
// CHECK-NEXT: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0 : i64], [1 : i64, 2 : i64, 3 : i64]] : tensor<1x512x1x1xf32> into tensor<1x512xf32>
// CHECK-NEXT: func.return %[[COLLAPSED]] : tensor<1x512xf32>
// CHECK-NEXT: }

// -----

// Everything: startDim 0.
func.func @flatten_all(%x: tensor<2x3x4xf32>) -> tensor<24xf32> {
  %0 = gawee.flatten %x startDim = 0 endDim = -1 : (tensor<2x3x4xf32>) -> tensor<24xf32>
  func.return %0 : tensor<24xf32>
}

// CHECK-LABEL: func.func @flatten_all(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>) -> tensor<24xf32> {
// CHECK-NEXT: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0 : i64, 1 : i64, 2 : i64]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK-NEXT: func.return %[[COLLAPSED]] : tensor<24xf32>
// CHECK-NEXT: }

// -----

// Negative startDim and endDim: -3..-2 of rank 4 is 1..2.
func.func @flatten_negative(%x: tensor<2x3x4x5xf16>) -> tensor<2x12x5xf16> {
  %0 = gawee.flatten %x startDim = -3 endDim = -2 : (tensor<2x3x4x5xf16>) -> tensor<2x12x5xf16>
  func.return %0 : tensor<2x12x5xf16>
}

// CHECK-LABEL: func.func @flatten_negative(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4x5xf16>) -> tensor<2x12x5xf16> {
// CHECK-NEXT: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0 : i64], [1 : i64, 2 : i64], [3 : i64]] : tensor<2x3x4x5xf16> into tensor<2x12x5xf16>
// CHECK-NEXT: func.return %[[COLLAPSED]] : tensor<2x12x5xf16>
// CHECK-NEXT: }

// -----

// startDim = endDim: an identity reassociation.
func.func @flatten_single_dim(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = gawee.flatten %x startDim = 1 endDim = 1 : (tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @flatten_single_dim(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf64>) -> tensor<2x3xf64> {
// CHECK-NEXT: %[[COLLAPSED:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0 : i64], [1 : i64]] : tensor<2x3xf64> into tensor<2x3xf64>
// CHECK-NEXT: func.return %[[COLLAPSED]] : tensor<2x3xf64>
// CHECK-NEXT: }

// -----

// Rank 0 flattens to one element, copied by a linalg.generic (xDSL 0.74 rejects
// upstream's `tensor.expand_shape %x [] output_shape [1]`).
func.func @flatten_scalar(%x: tensor<f32>) -> tensor<1xf32> {
  %0 = gawee.flatten %x startDim = 0 endDim = 0 : (tensor<f32>) -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// CHECK-LABEL: func.func @flatten_scalar(
// CHECK-SAME: %[[X:.*]]: tensor<f32>) -> tensor<1xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1xf32>
// CHECK-NEXT: %[[BROADCAST:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<f32>) outs(%[[EMPTY]] : tensor<1xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1xf32>
// CHECK-NEXT: func.return %[[BROADCAST]] : tensor<1xf32>
// CHECK-NEXT: }

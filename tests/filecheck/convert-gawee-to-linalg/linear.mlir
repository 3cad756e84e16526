// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The original's ResNet classifier, generic form: the bias broadcast into the init,
// then x W^T accumulated into it.
func.func @linear(%x: tensor<1x512xf32>, %w: tensor<1000x512xf32>, %b: tensor<1000xf32>) -> tensor<1x1000xf32> {
  %0 = "gawee.linear"(%x, %w, %b) : (tensor<1x512xf32>, tensor<1000x512xf32>, tensor<1000xf32>) -> tensor<1x1000xf32>
  func.return %0 : tensor<1x1000xf32>
}

// CHECK-LABEL: func.func @linear(
// CHECK-SAME: %[[X:.*]]: tensor<1x512xf32>, %[[W:.*]]: tensor<1000x512xf32>, %[[B:.*]]: tensor<1000xf32>) -> tensor<1x1000xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1000xf32>
// CHECK-NEXT: %[[BROADCAST:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[B]] : tensor<1000xf32>) outs(%[[EMPTY]] : tensor<1x1000xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<1x1000xf32>
// CHECK-NEXT: %[[MATMUL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<1x512xf32>, tensor<1000x512xf32>) outs(%[[BROADCAST]] : tensor<1x1000xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:.*]]: f32, %[[IN_2:.*]]: f32, %[[OUT_1:.*]]: f32):
// CHECK-NEXT: %[[MULF:.*]] = arith.mulf %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT_1]], %[[MULF]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<1x1000xf32>
// CHECK-NEXT: func.return %[[MATMUL]] : tensor<1x1000xf32>
// CHECK-NEXT: }

// -----

// No bias: fill(0) init.
func.func @linear_no_bias(%x: tensor<4x8xf32>, %w: tensor<3x8xf32>) -> tensor<4x3xf32> {
  %0 = gawee.linear %x, %w : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func.func @linear_no_bias(
// CHECK-SAME: %[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<3x8xf32>) -> tensor<4x3xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[MATMUL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<3x8xf32>) outs(%[[FILL]] : tensor<4x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[MULF:.*]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[MULF]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<4x3xf32>
// CHECK-NEXT: func.return %[[MATMUL]] : tensor<4x3xf32>
// CHECK-NEXT: }

// -----

// Rank-3 input [batch, seq, in]: domain (d0, d1, out, in); f64 with a bias.
func.func @linear_rank3(%x: tensor<2x5x8xf64>, %w: tensor<3x8xf64>, %b: tensor<3xf64>) -> tensor<2x5x3xf64> {
  %0 = gawee.linear %x, %w, %b : (tensor<2x5x8xf64>, tensor<3x8xf64>, tensor<3xf64>) -> tensor<2x5x3xf64>
  func.return %0 : tensor<2x5x3xf64>
}

// CHECK-LABEL: func.func @linear_rank3(
// CHECK-SAME: %[[X:.*]]: tensor<2x5x8xf64>, %[[W:.*]]: tensor<3x8xf64>, %[[B:.*]]: tensor<3xf64>) -> tensor<2x5x3xf64> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x5x3xf64>
// CHECK-NEXT: %[[BROADCAST:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[B]] : tensor<3xf64>) outs(%[[EMPTY]] : tensor<2x5x3xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: linalg.yield %[[IN]] : f64
// CHECK-NEXT: } -> tensor<2x5x3xf64>
// CHECK-NEXT: %[[MATMUL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x5x8xf64>, tensor<3x8xf64>) outs(%[[BROADCAST]] : tensor<2x5x3xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:.*]]: f64, %[[IN_2:.*]]: f64, %[[OUT_1:.*]]: f64):
// CHECK-NEXT: %[[MULF:.*]] = arith.mulf %[[IN_1]], %[[IN_2]] : f64
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT_1]], %[[MULF]] : f64
// CHECK-NEXT: linalg.yield %[[ADDF]] : f64
// CHECK-NEXT: } -> tensor<2x5x3xf64>
// CHECK-NEXT: func.return %[[MATMUL]] : tensor<2x5x3xf64>
// CHECK-NEXT: }

// -----

// Rank 4, f16, no bias.
func.func @linear_rank4_f16(%x: tensor<2x2x2x4xf16>, %w: tensor<6x4xf16>) -> tensor<2x2x2x6xf16> {
  %0 = gawee.linear %x, %w : (tensor<2x2x2x4xf16>, tensor<6x4xf16>) -> tensor<2x2x2x6xf16>
  func.return %0 : tensor<2x2x2x6xf16>
}

// CHECK-LABEL: func.func @linear_rank4_f16(
// CHECK-SAME: %[[X:.*]]: tensor<2x2x2x4xf16>, %[[W:.*]]: tensor<6x4xf16>) -> tensor<2x2x2x6xf16> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x2x2x6xf16>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f16) outs(%[[EMPTY]] : tensor<2x2x2x6xf16>) -> tensor<2x2x2x6xf16>
// CHECK-NEXT: %[[MATMUL:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[X]], %[[W]] : tensor<2x2x2x4xf16>, tensor<6x4xf16>) outs(%[[FILL]] : tensor<2x2x2x6xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %[[IN_1:.*]]: f16, %[[OUT:.*]]: f16):
// CHECK-NEXT: %[[MULF:.*]] = arith.mulf %[[IN]], %[[IN_1]] : f16
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[MULF]] : f16
// CHECK-NEXT: linalg.yield %[[ADDF]] : f16
// CHECK-NEXT: } -> tensor<2x2x2x6xf16>
// CHECK-NEXT: func.return %[[MATMUL]] : tensor<2x2x2x6xf16>
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// Identical shapes: the named linalg.add (the original's generic form).
func.func @add(%a: tensor<1x64x56x56xf32>, %b: tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32> {
  %0 = "gawee.add"(%a, %b) : (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  func.return %0 : tensor<1x64x56x56xf32>
}

// CHECK-LABEL: func.func @add(
// CHECK-SAME: %[[A:.*]]: tensor<1x64x56x56xf32>, %[[B:.*]]: tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x64x56x56xf32>
// CHECK-NEXT: %[[ADD:.*]] = linalg.add ins(%[[A]], %[[B]] : tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) outs(%[[EMPTY]] : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT: func.return %[[ADD]] : tensor<1x64x56x56xf32>
// CHECK-NEXT: }

// -----

// Identical shapes, f16.
func.func @add_f16(%a: tensor<4x4xf16>, %b: tensor<4x4xf16>) -> tensor<4x4xf16> {
  %0 = gawee.add %a, %b : (tensor<4x4xf16>, tensor<4x4xf16>) -> tensor<4x4xf16>
  func.return %0 : tensor<4x4xf16>
}

// CHECK-LABEL: func.func @add_f16(
// CHECK-SAME: %[[A:.*]]: tensor<4x4xf16>, %[[B:.*]]: tensor<4x4xf16>) -> tensor<4x4xf16> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<4x4xf16>
// CHECK-NEXT: %[[ADD:.*]] = linalg.add ins(%[[A]], %[[B]] : tensor<4x4xf16>, tensor<4x4xf16>) outs(%[[EMPTY]] : tensor<4x4xf16>) -> tensor<4x4xf16>
// CHECK-NEXT: func.return %[[ADD]] : tensor<4x4xf16>
// CHECK-NEXT: }

// -----

// Per-channel broadcast: [4, 1, 1] against [2, 4, 3, 3]; the missing leading dim is
// dropped and the size-1 dims index 0.
func.func @add_broadcast_channel(%a: tensor<2x4x3x3xf32>, %b: tensor<4x1x1xf32>) -> tensor<2x4x3x3xf32> {
  %0 = gawee.add %a, %b : (tensor<2x4x3x3xf32>, tensor<4x1x1xf32>) -> tensor<2x4x3x3xf32>
  func.return %0 : tensor<2x4x3x3xf32>
}

// CHECK-LABEL: func.func @add_broadcast_channel(
// CHECK-SAME: %[[A:.*]]: tensor<2x4x3x3xf32>, %[[B:.*]]: tensor<4x1x1xf32>) -> tensor<2x4x3x3xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4x3x3xf32>
// CHECK-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x4x3x3xf32>, tensor<4x1x1xf32>) outs(%[[EMPTY]] : tensor<2x4x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<2x4x3x3xf32>
// CHECK-NEXT: func.return %[[ADD]] : tensor<2x4x3x3xf32>
// CHECK-NEXT: }

// -----

// Both operands broadcast: [2, 1] + [1, 3] -> [2, 3]; f64.
func.func @add_broadcast_both(%a: tensor<2x1xf64>, %b: tensor<1x3xf64>) -> tensor<2x3xf64> {
  %0 = gawee.add %a, %b : (tensor<2x1xf64>, tensor<1x3xf64>) -> tensor<2x3xf64>
  func.return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @add_broadcast_both(
// CHECK-SAME: %[[A:.*]]: tensor<2x1xf64>, %[[B:.*]]: tensor<1x3xf64>) -> tensor<2x3xf64> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf64>
// CHECK-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1xf64>, tensor<1x3xf64>) outs(%[[EMPTY]] : tensor<2x3xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[IN_1:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f64
// CHECK-NEXT: linalg.yield %[[ADDF]] : f64
// CHECK-NEXT: } -> tensor<2x3xf64>
// CHECK-NEXT: func.return %[[ADD]] : tensor<2x3xf64>
// CHECK-NEXT: }

// -----

// A lower-rank left operand and a rank-0 right operand.
func.func @add_broadcast_rank(%a: tensor<3xf32>, %b: tensor<f32>) -> tensor<3xf32> {
  %0 = gawee.add %a, %b : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @add_broadcast_rank(
// CHECK-SAME: %[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<f32>) -> tensor<3xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<3xf32>, tensor<f32>) outs(%[[EMPTY]] : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<3xf32>
// CHECK-NEXT: func.return %[[ADD]] : tensor<3xf32>
// CHECK-NEXT: }

// -----

// Size-1 dims on both sides stay d-indexed when the result dim is 1 too.
func.func @add_broadcast_unit(%a: tensor<1x5xf32>, %b: tensor<5xf32>) -> tensor<1x5xf32> {
  %0 = gawee.add %a, %b : (tensor<1x5xf32>, tensor<5xf32>) -> tensor<1x5xf32>
  func.return %0 : tensor<1x5xf32>
}

// CHECK-LABEL: func.func @add_broadcast_unit(
// CHECK-SAME: %[[A:.*]]: tensor<1x5xf32>, %[[B:.*]]: tensor<5xf32>) -> tensor<1x5xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x5xf32>
// CHECK-NEXT: %[[ADD:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<1x5xf32>, tensor<5xf32>) outs(%[[EMPTY]] : tensor<1x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<1x5xf32>
// CHECK-NEXT: func.return %[[ADD]] : tensor<1x5xf32>
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// matmul: one contraction generic (batch dims broadcast as in add, 1-D operands
// without m / n); softmax: max, exp(x - max), sum, divide; transpose:
// linalg.transpose; reshape: tensor.reshape with a constant shape.

func.func @matmul_broadcast(%a: tensor<2x1x3x4xf32>, %b: tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32> {
  %0 = gawee.matmul %a, %b : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
  func.return %0 : tensor<2x5x3x6xf32>
}

// CHECK-LABEL: func.func @matmul_broadcast(
// CHECK-SAME: %[[A:.*]]: tensor<2x1x3x4xf32>, %[[B:.*]]: tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32> {
// CHECK-NEXT: %[[V2:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V3:.*]] = tensor.empty() : tensor<2x5x3x6xf32>
// CHECK-NEXT: %[[V4:.*]] = linalg.fill ins(%[[V2]] : f32) outs(%[[V3]] : tensor<2x5x3x6xf32>) -> tensor<2x5x3x6xf32>
// CHECK-NEXT: %[[V5:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, 0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d1, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) outs(%[[V4]] : tensor<2x5x3x6xf32>) {
// CHECK-NEXT: ^bb0(%[[V6:.*]]: f32, %[[V7:.*]]: f32, %[[V8:.*]]: f32):
// CHECK-NEXT: %[[V9:.*]] = arith.mulf %[[V6]], %[[V7]] : f32
// CHECK-NEXT: %[[V10:.*]] = arith.addf %[[V8]], %[[V9]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<2x5x3x6xf32>
// CHECK-NEXT: func.return %[[V5]] : tensor<2x5x3x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @matmul_vectors(%a: tensor<4xf64>, %b: tensor<3x4x5xf64>) -> tensor<3x5xf64> {
  %0 = gawee.matmul %a, %b : (tensor<4xf64>, tensor<3x4x5xf64>) -> tensor<3x5xf64>
  func.return %0 : tensor<3x5xf64>
}

// CHECK-LABEL: func.func @matmul_vectors(
// CHECK-SAME: %[[A:.*]]: tensor<4xf64>, %[[B:.*]]: tensor<3x4x5xf64>) -> tensor<3x5xf64> {
// CHECK-NEXT: %[[V2:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V3:.*]] = tensor.empty() : tensor<3x5xf64>
// CHECK-NEXT: %[[V4:.*]] = linalg.fill ins(%[[V2]] : f64) outs(%[[V3]] : tensor<3x5xf64>) -> tensor<3x5xf64>
// CHECK-NEXT: %[[V5:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : tensor<4xf64>, tensor<3x4x5xf64>) outs(%[[V4]] : tensor<3x5xf64>) {
// CHECK-NEXT: ^bb0(%[[V6:.*]]: f64, %[[V7:.*]]: f64, %[[V8:.*]]: f64):
// CHECK-NEXT: %[[V9:.*]] = arith.mulf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V10:.*]] = arith.addf %[[V8]], %[[V9]] : f64
// CHECK-NEXT: linalg.yield %[[V10]] : f64
// CHECK-NEXT: } -> tensor<3x5xf64>
// CHECK-NEXT: func.return %[[V5]] : tensor<3x5xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @matmul_vector_rhs(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  %0 = gawee.matmul %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @matmul_vector_rhs(
// CHECK-SAME: %[[A:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4xf32>) -> tensor<3xf32> {
// CHECK-NEXT: %[[V2:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V3:.*]] = tensor.empty() : tensor<3xf32>
// CHECK-NEXT: %[[V4:.*]] = linalg.fill ins(%[[V2]] : f32) outs(%[[V3]] : tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT: %[[V5:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[A]], %[[B]] : tensor<3x4xf32>, tensor<4xf32>) outs(%[[V4]] : tensor<3xf32>) {
// CHECK-NEXT: ^bb0(%[[V6:.*]]: f32, %[[V7:.*]]: f32, %[[V8:.*]]: f32):
// CHECK-NEXT: %[[V9:.*]] = arith.mulf %[[V6]], %[[V7]] : f32
// CHECK-NEXT: %[[V10:.*]] = arith.addf %[[V8]], %[[V9]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<3xf32>
// CHECK-NEXT: func.return %[[V5]] : tensor<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @softmax(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.softmax %x axis = 1 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @softmax(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V1:.*]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.fill ins(%[[V1]] : f32) outs(%[[V2]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V4:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V3]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = arith.maximumf %[[V6]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V8:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V9:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[V4]] : tensor<2x3x4xf32>, tensor<2x4xf32>) outs(%[[V8]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V10:.*]]: f32, %[[V11:.*]]: f32, %[[V12:.*]]: f32):
// CHECK-NEXT: %[[V13:.*]] = arith.subf %[[V10]], %[[V11]] : f32
// CHECK-NEXT: %[[V14:.*]] = math.exp %[[V13]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V15:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V16:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V17:.*]] = linalg.fill ins(%[[V15]] : f32) outs(%[[V16]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V18:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[V9]] : tensor<2x3x4xf32>) outs(%[[V17]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V19:.*]]: f32, %[[V20:.*]]: f32):
// CHECK-NEXT: %[[V21:.*]] = arith.addf %[[V20]], %[[V19]] : f32
// CHECK-NEXT: linalg.yield %[[V21]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V22:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V23:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V9]], %[[V18]] : tensor<2x3x4xf32>, tensor<2x4xf32>) outs(%[[V22]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V24:.*]]: f32, %[[V25:.*]]: f32, %[[V26:.*]]: f32):
// CHECK-NEXT: %[[V27:.*]] = arith.divf %[[V24]], %[[V25]] : f32
// CHECK-NEXT: linalg.yield %[[V27]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V23]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = gawee.transpose %x perm = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  func.return %0 : tensor<4x2x3xf32>
}

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.transpose ins(%[[X]]:tensor<2x3x4xf32>) outs(%[[V1]]:tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK-NEXT: func.return %[[V2]] : tensor<4x2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @reshape(%x: tensor<2x3x4xf16>) -> tensor<4x6xf16> {
  %0 = gawee.reshape %x : (tensor<2x3x4xf16>) -> tensor<4x6xf16>
  func.return %0 : tensor<4x6xf16>
}

// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf16>) -> tensor<4x6xf16> {
// CHECK-NEXT: %[[V1:.*]] = arith.constant dense<[4, 6]> : tensor<2xi64>
// CHECK-NEXT: %[[V2:.*]] = tensor.reshape %[[X]](%[[V1]]) : (tensor<2x3x4xf16>, tensor<2xi64>) -> tensor<4x6xf16>
// CHECK-NEXT: func.return %[[V2]] : tensor<4x6xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// global_average_pool: a sum over the spatial dims into [N, C], the division by their
// element count, and a tensor.expand_shape back to [N, C, 1, ...].

// The original's generic form, ResNet's tail.
func.func @global_average_pool(%x: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
  %0 = "gawee.global_average_pool"(%x) : (tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32>
  func.return %0 : tensor<1x8x1x1xf32>
}

// CHECK-LABEL: func.func @global_average_pool(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x8xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<1x8x7x7xf32>) outs(%[[V2]] : tensor<1x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<1x8xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x8xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]] : tensor<1x8xf32>) outs(%[[V5]] : tensor<1x8xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 4.900000e+01 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_1]], %[[V7]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<1x8xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V6]] {{\[\[}}0 : i64], [1 : i64, 2 : i64, 3 : i64]] output_shape [1, 8, 1, 1] : tensor<1x8xf32> into tensor<1x8x1x1xf32>
// CHECK-NEXT: func.return %[[V9]] : tensor<1x8x1x1xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// One spatial dim.
func.func @global_average_pool_1d(%x: tensor<2x3x5xf64>) -> tensor<2x3x1xf64> {
  %0 = gawee.global_average_pool %x : (tensor<2x3x5xf64>) -> tensor<2x3x1xf64>
  func.return %0 : tensor<2x3x1xf64>
}

// CHECK-LABEL: func.func @global_average_pool_1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x5xf64>) -> tensor<2x3x1xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f64) outs(%[[V1]] : tensor<2x3xf64>) -> tensor<2x3xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3x5xf64>) outs(%[[V2]] : tensor<2x3xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f64
// CHECK-NEXT: linalg.yield %[[V4]] : f64
// CHECK-NEXT: } -> tensor<2x3xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]] : tensor<2x3xf64>) outs(%[[V5]] : tensor<2x3xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e+00 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_1]], %[[V7]] : f64
// CHECK-NEXT: linalg.yield %[[V8]] : f64
// CHECK-NEXT: } -> tensor<2x3xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[V6]] {{\[\[}}0 : i64], [1 : i64, 2 : i64]] output_shape [2, 3, 1] : tensor<2x3xf64> into tensor<2x3x1xf64>
// CHECK-NEXT: func.return %[[V9]] : tensor<2x3x1xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

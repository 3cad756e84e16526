// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// Global pooling, the original's generic form: one 7x7 window, divide by 49.
func.func @ad_avg_pool_global(%x: tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32> {
  %0 = "gawee.ad_avg_pool"(%x) {outputSize = array<i64: 1, 1>} : (tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32>
  func.return %0 : tensor<1x512x1x1xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_global(
// CHECK-SAME: %[[X:.*]]: tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x512x1x1xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<1x512x1x1xf32>) -> tensor<1x512x1x1xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<7x7xf32>
// CHECK-NEXT: %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 7) + d4), ((d3 * 7) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[WINDOW]] : tensor<1x512x7x7xf32>, tensor<7x7xf32>) outs(%[[FILL]] : tensor<1x512x1x1xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<1x512x1x1xf32>
// CHECK-NEXT: %[[EMPTY_1:.*]] = tensor.empty() : tensor<1x512x1x1xf32>
// CHECK-NEXT: %[[AVG:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]] : tensor<1x512x1x1xf32>) outs(%[[EMPTY_1]] : tensor<1x512x1x1xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:.*]]: f32, %[[OUT_1:.*]]: f32):
// CHECK-NEXT: %[[CST:.*]] = arith.constant 4.900000e+01 : f32
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[IN_2]], %[[CST]] : f32
// CHECK-NEXT: linalg.yield %[[DIVF]] : f32
// CHECK-NEXT: } -> tensor<1x512x1x1xf32>
// CHECK-NEXT: func.return %[[AVG]] : tensor<1x512x1x1xf32>
// CHECK-NEXT: }

// -----

// Divisible sizes: uniform windows, kernel = stride = [8/2, 6/3] = [4, 2].
func.func @ad_avg_pool_uniform(%x: tensor<2x3x8x6xf32>) -> tensor<2x3x2x3xf32> {
  %0 = gawee.ad_avg_pool %x outputSize = [2, 3] : (tensor<2x3x8x6xf32>) -> tensor<2x3x2x3xf32>
  func.return %0 : tensor<2x3x2x3xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_uniform(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x8x6xf32>) -> tensor<2x3x2x3xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x2x3xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x3x2x3xf32>) -> tensor<2x3x2x3xf32>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK-NEXT: %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 4) + d4), ((d3 * 2) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[WINDOW]] : tensor<2x3x8x6xf32>, tensor<4x2xf32>) outs(%[[FILL]] : tensor<2x3x2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<2x3x2x3xf32>
// CHECK-NEXT: %[[EMPTY_1:.*]] = tensor.empty() : tensor<2x3x2x3xf32>
// CHECK-NEXT: %[[AVG:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]] : tensor<2x3x2x3xf32>) outs(%[[EMPTY_1]] : tensor<2x3x2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:.*]]: f32, %[[OUT_1:.*]]: f32):
// CHECK-NEXT: %[[CST:.*]] = arith.constant 8.000000e+00 : f32
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[IN_2]], %[[CST]] : f32
// CHECK-NEXT: linalg.yield %[[DIVF]] : f32
// CHECK-NEXT: } -> tensor<2x3x2x3xf32>
// CHECK-NEXT: func.return %[[AVG]] : tensor<2x3x2x3xf32>
// CHECK-NEXT: }

// -----

// Non-divisible sizes 5x7 -> 3x3: overlapping windows of varying size (rows [0, 2),
// [1, 4), [3, 5); columns [0, 3), [2, 5), [4, 7)); masked sum, per-output counts.
func.func @ad_avg_pool_non_divisible(%x: tensor<1x2x5x7xf32>) -> tensor<1x2x3x3xf32> {
  %0 = gawee.ad_avg_pool %x outputSize = [3, 3] : (tensor<1x2x5x7xf32>) -> tensor<1x2x3x3xf32>
  func.return %0 : tensor<1x2x3x3xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_non_divisible(
// CHECK-SAME: %[[X:.*]]: tensor<1x2x5x7xf32>) -> tensor<1x2x3x3xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x3x3xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT: %[[MASK_H:.*]] = arith.constant dense<{{\[\[}}true, true, false, false, false], [false, true, true, true, false], [false, false, false, true, true]]> : tensor<3x5xi1>
// CHECK-NEXT: %[[MASK_W:.*]] = arith.constant dense<{{\[\[}}true, true, true, false, false, false, false], [false, false, true, true, true, false, false], [false, false, false, false, true, true, true]]> : tensor<3x7xi1>
// CHECK-NEXT: %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[MASK_H]], %[[MASK_W]] : tensor<1x2x5x7xf32>, tensor<3x5xi1>, tensor<3x7xi1>) outs(%[[FILL]] : tensor<1x2x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: i1, %[[IN_2:.*]]: i1, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ANDI:.*]] = arith.andi %[[IN_1]], %[[IN_2]] : i1
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[ANDI]], %[[IN]], %[[ZERO]] : f32
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[SELECT]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<1x2x3x3xf32>
// CHECK-NEXT: %[[COUNT:.*]] = arith.constant dense<{{\[\[}}6.000000e+00, 6.000000e+00, 6.000000e+00], [9.000000e+00, 9.000000e+00, 9.000000e+00], [6.000000e+00, 6.000000e+00, 6.000000e+00]]> : tensor<3x3xf32>
// CHECK-NEXT: %[[EMPTY_1:.*]] = tensor.empty() : tensor<1x2x3x3xf32>
// CHECK-NEXT: %[[AVG:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]], %[[COUNT]] : tensor<1x2x3x3xf32>, tensor<3x3xf32>) outs(%[[EMPTY_1]] : tensor<1x2x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:.*]]: f32, %[[IN_4:.*]]: f32, %[[OUT_1:.*]]: f32):
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: linalg.yield %[[DIVF]] : f32
// CHECK-NEXT: } -> tensor<1x2x3x3xf32>
// CHECK-NEXT: func.return %[[AVG]] : tensor<1x2x3x3xf32>
// CHECK-NEXT: }

// -----

// One axis divisible (4 -> 2), the other not (3 -> 2): the masked form, f16.
func.func @ad_avg_pool_f16_mixed(%x: tensor<1x1x4x3xf16>) -> tensor<1x1x2x2xf16> {
  %0 = gawee.ad_avg_pool %x outputSize = [2, 2] : (tensor<1x1x4x3xf16>) -> tensor<1x1x2x2xf16>
  func.return %0 : tensor<1x1x2x2xf16>
}

// CHECK-LABEL: func.func @ad_avg_pool_f16_mixed(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x4x3xf16>) -> tensor<1x1x2x2xf16> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x2x2xf16>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f16) outs(%[[EMPTY]] : tensor<1x1x2x2xf16>) -> tensor<1x1x2x2xf16>
// CHECK-NEXT: %[[MASK_H:.*]] = arith.constant dense<{{\[\[}}true, true, false, false], [false, false, true, true]]> : tensor<2x4xi1>
// CHECK-NEXT: %[[MASK_W:.*]] = arith.constant dense<{{\[\[}}true, true, false], [false, true, true]]> : tensor<2x3xi1>
// CHECK-NEXT: %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[MASK_H]], %[[MASK_W]] : tensor<1x1x4x3xf16>, tensor<2x4xi1>, tensor<2x3xi1>) outs(%[[FILL]] : tensor<1x1x2x2xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %[[IN_1:.*]]: i1, %[[IN_2:.*]]: i1, %[[OUT:.*]]: f16):
// CHECK-NEXT: %[[ANDI:.*]] = arith.andi %[[IN_1]], %[[IN_2]] : i1
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[ANDI]], %[[IN]], %[[ZERO]] : f16
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[SELECT]] : f16
// CHECK-NEXT: linalg.yield %[[ADDF]] : f16
// CHECK-NEXT: } -> tensor<1x1x2x2xf16>
// CHECK-NEXT: %[[COUNT:.*]] = arith.constant dense<4.000000e+00> : tensor<2x2xf16>
// CHECK-NEXT: %[[EMPTY_1:.*]] = tensor.empty() : tensor<1x1x2x2xf16>
// CHECK-NEXT: %[[AVG:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]], %[[COUNT]] : tensor<1x1x2x2xf16>, tensor<2x2xf16>) outs(%[[EMPTY_1]] : tensor<1x1x2x2xf16>) {
// CHECK-NEXT: ^bb0(%[[IN_3:.*]]: f16, %[[IN_4:.*]]: f16, %[[OUT_1:.*]]: f16):
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[IN_3]], %[[IN_4]] : f16
// CHECK-NEXT: linalg.yield %[[DIVF]] : f16
// CHECK-NEXT: } -> tensor<1x1x2x2xf16>
// CHECK-NEXT: func.return %[[AVG]] : tensor<1x1x2x2xf16>
// CHECK-NEXT: }

// -----

// Output larger than the input (2 -> 3): windows [0, 1), [0, 2), [1, 2).
func.func @ad_avg_pool_upsample(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32> {
  %0 = gawee.ad_avg_pool %x outputSize = [3, 3] : (tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32>
  func.return %0 : tensor<1x1x3x3xf32>
}

// CHECK-LABEL: func.func @ad_avg_pool_upsample(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[MASK_H:.*]] = arith.constant dense<{{\[\[}}true, false], [true, true], [false, true]]> : tensor<3x2xi1>
// CHECK-NEXT: %[[MASK_W:.*]] = arith.constant dense<{{\[\[}}true, false], [true, true], [false, true]]> : tensor<3x2xi1>
// CHECK-NEXT: %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d4)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[MASK_H]], %[[MASK_W]] : tensor<1x1x2x2xf32>, tensor<3x2xi1>, tensor<3x2xi1>) outs(%[[FILL]] : tensor<1x1x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: i1, %[[IN_2:.*]]: i1, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ANDI:.*]] = arith.andi %[[IN_1]], %[[IN_2]] : i1
// CHECK-NEXT: %[[SELECT:.*]] = arith.select %[[ANDI]], %[[IN]], %[[ZERO]] : f32
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[SELECT]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF]] : f32
// CHECK-NEXT: } -> tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[COUNT:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00, 1.000000e+00], [2.000000e+00, 4.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00, 1.000000e+00]]> : tensor<3x3xf32>
// CHECK-NEXT: %[[EMPTY_1:.*]] = tensor.empty() : tensor<1x1x3x3xf32>
// CHECK-NEXT: %[[AVG:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]], %[[COUNT]] : tensor<1x1x3x3xf32>, tensor<3x3xf32>) outs(%[[EMPTY_1]] : tensor<1x1x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:.*]]: f32, %[[IN_4:.*]]: f32, %[[OUT_1:.*]]: f32):
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[IN_3]], %[[IN_4]] : f32
// CHECK-NEXT: linalg.yield %[[DIVF]] : f32
// CHECK-NEXT: } -> tensor<1x1x3x3xf32>
// CHECK-NEXT: func.return %[[AVG]] : tensor<1x1x3x3xf32>
// CHECK-NEXT: }

// -----

// f64, uniform 2x2 windows.
func.func @ad_avg_pool_f64(%x: tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64> {
  %0 = gawee.ad_avg_pool %x outputSize = [2, 2] : (tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64>
  func.return %0 : tensor<1x1x2x2xf64>
}

// CHECK-LABEL: func.func @ad_avg_pool_f64(
// CHECK-SAME: %[[X:.*]]: tensor<1x1x4x4xf64>) -> tensor<1x1x2x2xf64> {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x1x2x2xf64>
// CHECK-NEXT: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%[[EMPTY]] : tensor<1x1x2x2xf64>) -> tensor<1x1x2x2xf64>
// CHECK-NEXT: %[[WINDOW:.*]] = tensor.empty() : tensor<2x2xf64>
// CHECK-NEXT: %[[SUM:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 2) + d4), ((d3 * 2) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[X]], %[[WINDOW]] : tensor<1x1x4x4xf64>, tensor<2x2xf64>) outs(%[[FILL]] : tensor<1x1x2x2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[IN_1:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[OUT]], %[[IN]] : f64
// CHECK-NEXT: linalg.yield %[[ADDF]] : f64
// CHECK-NEXT: } -> tensor<1x1x2x2xf64>
// CHECK-NEXT: %[[EMPTY_1:.*]] = tensor.empty() : tensor<1x1x2x2xf64>
// CHECK-NEXT: %[[AVG:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[SUM]] : tensor<1x1x2x2xf64>) outs(%[[EMPTY_1]] : tensor<1x1x2x2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:.*]]: f64, %[[OUT_1:.*]]: f64):
// CHECK-NEXT: %[[CST:.*]] = arith.constant 4.000000e+00 : f64
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[IN_2]], %[[CST]] : f64
// CHECK-NEXT: linalg.yield %[[DIVF]] : f64
// CHECK-NEXT: } -> tensor<1x1x2x2xf64>
// CHECK-NEXT: func.return %[[AVG]] : tensor<1x1x2x2xf64>
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// affine = true: (x - mean) / sqrt(var + eps) * weight + bias, in the original's
// generic form.
func.func @batch_norm(%x: tensor<1x4x5x5xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>) -> tensor<1x4x5x5xf32> {
  %0 = "gawee.batch_norm"(%x, %w, %b, %mean, %var) {affine = true, eps = 1.000000e-05 : f64} : (tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x5x5xf32>
  func.return %0 : tensor<1x4x5x5xf32>
}

// CHECK-LABEL: func.func @batch_norm(
// CHECK-SAME: %[[X:.*]]: tensor<1x4x5x5xf32>, %[[W:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[MEAN:.*]]: tensor<4xf32>, %[[VAR:.*]]: tensor<4xf32>) -> tensor<1x4x5x5xf32> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<1x4x5x5xf32>
// CHECK-NEXT: %[[BN:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[VAR]], %[[W]], %[[B]] : tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%[[EMPTY]] : tensor<1x4x5x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[IN_1:.*]]: f32, %[[IN_2:.*]]: f32, %[[IN_3:.*]]: f32, %[[IN_4:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[CST:.*]] = arith.constant 1.000000e-05 : f32
// CHECK-NEXT: %[[SUBF:.*]] = arith.subf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN_2]], %[[CST]] : f32
// CHECK-NEXT: %[[SQRT:.*]] = math.sqrt %[[ADDF]] : f32
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[SUBF]], %[[SQRT]] : f32
// CHECK-NEXT: %[[MULF:.*]] = arith.mulf %[[DIVF]], %[[IN_3]] : f32
// CHECK-NEXT: %[[ADDF_1:.*]] = arith.addf %[[MULF]], %[[IN_4]] : f32
// CHECK-NEXT: linalg.yield %[[ADDF_1]] : f32
// CHECK-NEXT: } -> tensor<1x4x5x5xf32>
// CHECK-NEXT: func.return %[[BN]] : tensor<1x4x5x5xf32>
// CHECK-NEXT: }

// -----

// affine = false: weight and bias are not operands of the generic; rank 2, f64.
func.func @batch_norm_no_affine(%x: tensor<3x2xf64>, %w: tensor<2xf64>, %b: tensor<2xf64>, %mean: tensor<2xf64>, %var: tensor<2xf64>) -> tensor<3x2xf64> {
  %0 = gawee.batch_norm %x, %w, %b, %mean, %var affine = false eps = 0.001 : (tensor<3x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<3x2xf64>
  func.return %0 : tensor<3x2xf64>
}

// CHECK-LABEL: func.func @batch_norm_no_affine(
// CHECK-SAME: %[[X:.*]]: tensor<3x2xf64>, %[[W:.*]]: tensor<2xf64>, %[[B:.*]]: tensor<2xf64>, %[[MEAN:.*]]: tensor<2xf64>, %[[VAR:.*]]: tensor<2xf64>) -> tensor<3x2xf64> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<3x2xf64>
// CHECK-NEXT: %[[BN:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[VAR]] : tensor<3x2xf64>, tensor<2xf64>, tensor<2xf64>) outs(%[[EMPTY]] : tensor<3x2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[IN_1:.*]]: f64, %[[IN_2:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[CST:.*]] = arith.constant 1.000000e-03 : f64
// CHECK-NEXT: %[[SUBF:.*]] = arith.subf %[[IN]], %[[IN_1]] : f64
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN_2]], %[[CST]] : f64
// CHECK-NEXT: %[[SQRT:.*]] = math.sqrt %[[ADDF]] : f64
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[SUBF]], %[[SQRT]] : f64
// CHECK-NEXT: linalg.yield %[[DIVF]] : f64
// CHECK-NEXT: } -> tensor<3x2xf64>
// CHECK-NEXT: func.return %[[BN]] : tensor<3x2xf64>
// CHECK-NEXT: }

// -----

// f16: eps rounded to the nearest f16; rank 3.
func.func @batch_norm_f16(%x: tensor<2x3x4xf16>, %w: tensor<3xf16>, %b: tensor<3xf16>, %mean: tensor<3xf16>, %var: tensor<3xf16>) -> tensor<2x3x4xf16> {
  %0 = gawee.batch_norm %x, %w, %b, %mean, %var affine = true eps = 1.0e-05 : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x4xf16>
  func.return %0 : tensor<2x3x4xf16>
}

// CHECK-LABEL: func.func @batch_norm_f16(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf16>, %[[W:.*]]: tensor<3xf16>, %[[B:.*]]: tensor<3xf16>, %[[MEAN:.*]]: tensor<3xf16>, %[[VAR:.*]]: tensor<3xf16>) -> tensor<2x3x4xf16> {
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x4xf16>
// CHECK-NEXT: %[[BN:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[VAR]], %[[W]], %[[B]] : tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) outs(%[[EMPTY]] : tensor<2x3x4xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f16, %[[IN_1:.*]]: f16, %[[IN_2:.*]]: f16, %[[IN_3:.*]]: f16, %[[IN_4:.*]]: f16, %[[OUT:.*]]: f16):
// CHECK-NEXT: %[[CST:.*]] = arith.constant 1.001360e-05 : f16
// CHECK-NEXT: %[[SUBF:.*]] = arith.subf %[[IN]], %[[IN_1]] : f16
// CHECK-NEXT: %[[ADDF:.*]] = arith.addf %[[IN_2]], %[[CST]] : f16
// CHECK-NEXT: %[[SQRT:.*]] = math.sqrt %[[ADDF]] : f16
// CHECK-NEXT: %[[DIVF:.*]] = arith.divf %[[SUBF]], %[[SQRT]] : f16
// CHECK-NEXT: %[[MULF:.*]] = arith.mulf %[[DIVF]], %[[IN_3]] : f16
// CHECK-NEXT: %[[ADDF_1:.*]] = arith.addf %[[MULF]], %[[IN_4]] : f16
// CHECK-NEXT: linalg.yield %[[ADDF_1]] : f16
// CHECK-NEXT: } -> tensor<2x3x4xf16>
// CHECK-NEXT: func.return %[[BN]] : tensor<2x3x4xf16>
// CHECK-NEXT: }

// -----

// An epsilon beyond f16's range is +inf in f16, as the interpreters round it (the
// fuzz test found the lowering raising instead).
func.func @batch_norm_huge_eps(%x: tensor<2x3xf16>, %w: tensor<3xf16>, %b: tensor<3xf16>, %mean: tensor<3xf16>, %var: tensor<3xf16>) -> tensor<2x3xf16> {
  %0 = gawee.batch_norm %x, %w, %b, %mean, %var affine = true eps = 1.0e+30 : (tensor<2x3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3xf16>
  func.return %0 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @batch_norm_huge_eps(
// CHECK: arith.constant 0x7c00 : f16

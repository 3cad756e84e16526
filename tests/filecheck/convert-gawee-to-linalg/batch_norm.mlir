// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// batch_norm lowers as its decomposition, fused into one generic: (x - mean) /
// sqrt(var + eps) * weight + bias, the [C] operands reshaped to [C, 1, 1] by the
// decomposition read through `(d0, d1, d2, d3) -> (d1)`. affine = true, in the
// original's generic form.
func.func @batch_norm(%x: tensor<1x4x5x5xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>) -> tensor<1x4x5x5xf32> {
  %0 = "gawee.batch_norm"(%x, %w, %b, %mean, %var) {affine = true, eps = 1.000000e-05 : f64} : (tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x5x5xf32>
  func.return %0 : tensor<1x4x5x5xf32>
}

// CHECK-LABEL: func.func @batch_norm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x5x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[MEAN:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[VAR:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<1x4x5x5xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x5x5xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[W]], %[[B]], %[[MEAN]], %[[VAR]] : tensor<1x4x5x5xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%[[V0]] : tensor<1x4x5x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e-05 : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_4]], %[[V2]] : f32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = math.sqrt %[[V3]] : f32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN]], %[[IN_3]] : f32
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.divf %[[V5]], %[[V4]] : f32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V6]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[V7]], %[[IN_2]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<1x4x5x5xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<1x4x5x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// affine = false: weight and bias are not operands of the generic; rank 2, f64.
func.func @batch_norm_no_affine(%x: tensor<3x2xf64>, %w: tensor<2xf64>, %b: tensor<2xf64>, %mean: tensor<2xf64>, %var: tensor<2xf64>) -> tensor<3x2xf64> {
  %0 = gawee.batch_norm %x, %w, %b, %mean, %var affine = false eps = 0.001 : (tensor<3x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<3x2xf64>
  func.return %0 : tensor<3x2xf64>
}

// CHECK-LABEL: func.func @batch_norm_no_affine(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x2xf64>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2xf64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<2xf64>, %[[MEAN:[a-zA-Z0-9_$.]+]]: tensor<2xf64>, %[[VAR:[a-zA-Z0-9_$.]+]]: tensor<2xf64>) -> tensor<3x2xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x2xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[MEAN]], %[[VAR]] : tensor<3x2xf64>, tensor<2xf64>, tensor<2xf64>) outs(%[[V0]] : tensor<3x2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[IN_2:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e-03 : f64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_2]], %[[V2]] : f64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = math.sqrt %[[V3]] : f64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN]], %[[IN_1]] : f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.divf %[[V5]], %[[V4]] : f64
// CHECK-NEXT: linalg.yield %[[V6]] : f64
// CHECK-NEXT: } -> tensor<3x2xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<3x2xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// f16: eps rounded to the nearest f16; rank 3.
func.func @batch_norm_f16(%x: tensor<2x3x4xf16>, %w: tensor<3xf16>, %b: tensor<3xf16>, %mean: tensor<3xf16>, %var: tensor<3xf16>) -> tensor<2x3x4xf16> {
  %0 = gawee.batch_norm %x, %w, %b, %mean, %var affine = true eps = 1.0e-05 : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x4xf16>
  func.return %0 : tensor<2x3x4xf16>
}

// CHECK-LABEL: func.func @batch_norm_f16(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf16>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<3xf16>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf16>, %[[MEAN:[a-zA-Z0-9_$.]+]]: tensor<3xf16>, %[[VAR:[a-zA-Z0-9_$.]+]]: tensor<3xf16>) -> tensor<2x3x4xf16> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf16>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[W]], %[[B]], %[[MEAN]], %[[VAR]] : tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) outs(%[[V0]] : tensor<2x3x4xf16>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f16, %[[IN_1:[a-zA-Z0-9_$.]+]]: f16, %[[IN_2:[a-zA-Z0-9_$.]+]]: f16, %[[IN_3:[a-zA-Z0-9_$.]+]]: f16, %[[IN_4:[a-zA-Z0-9_$.]+]]: f16, %[[OUT:[a-zA-Z0-9_$.]+]]: f16):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 1.001360e-05 : f16
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_4]], %[[V2]] : f16
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = math.sqrt %[[V3]] : f16
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN]], %[[IN_3]] : f16
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.divf %[[V5]], %[[V4]] : f16
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V6]], %[[IN_1]] : f16
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[V7]], %[[IN_2]] : f16
// CHECK-NEXT: linalg.yield %[[V8]] : f16
// CHECK-NEXT: } -> tensor<2x3x4xf16>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3x4xf16>
// CHECK-NEXT: }
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

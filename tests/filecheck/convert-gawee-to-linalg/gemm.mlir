// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// gemm: one contraction generic (the maps transpose A and B), then, where alpha is not 1
// or there is a C, an element-wise epilogue alpha * AB + beta * C.

// No C, alpha = 1: the contraction alone.
func.func @gemm_plain(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = gawee.gemm %a, %b : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// CHECK-LABEL: func.func @gemm_plain(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<3x4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>) -> tensor<3x5xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x5xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : tensor<3x4xf32>, tensor<4x5xf32>) outs(%[[V2]] : tensor<3x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V4]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<3x5xf32>
// CHECK-NEXT: func.return %[[V3]] : tensor<3x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Both transposed, alpha and beta, a vector C broadcast along the rows (f64).
func.func @gemm_all_attributes(%a: tensor<4x3xf64>, %b: tensor<5x4xf64>, %c: tensor<5xf64>) -> tensor<3x5xf64> {
  %0 = gawee.gemm %a, %b, %c transA = true transB = true alpha = 2.500000e-01 beta = -5.000000e-01 : (tensor<4x3xf64>, tensor<5x4xf64>, tensor<5xf64>) -> tensor<3x5xf64>
  func.return %0 : tensor<3x5xf64>
}

// CHECK-LABEL: func.func @gemm_all_attributes(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4x3xf64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<5x4xf64>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<5xf64>) -> tensor<3x5xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x5xf64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f64) outs(%[[V1]] : tensor<3x5xf64>) -> tensor<3x5xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : tensor<4x3xf64>, tensor<5x4xf64>) outs(%[[V2]] : tensor<3x5xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V4]] : f64
// CHECK-NEXT: linalg.yield %[[V5]] : f64
// CHECK-NEXT: } -> tensor<3x5xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x5xf64>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]], %[[C]] : tensor<3x5xf64>, tensor<5xf64>) outs(%[[V6]] : tensor<3x5xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f64, %[[IN_3:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 2.500000e-01 : f64
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_2]], %[[V8]] : f64
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.constant -5.000000e-01 : f64
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_3]], %[[V10]] : f64
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addf %[[V9]], %[[V11]] : f64
// CHECK-NEXT: linalg.yield %[[V12]] : f64
// CHECK-NEXT: } -> tensor<3x5xf64>
// CHECK-NEXT: func.return %[[V7]] : tensor<3x5xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Generic form, transB only and a scalar C: the epilogue adds C, unscaled.
func.func @gemm_scalar_c(%a: tensor<2x4xf32>, %b: tensor<6x4xf32>, %c: tensor<f32>) -> tensor<2x6xf32> {
  %0 = "gawee.gemm"(%a, %b, %c) {transB = true} : (tensor<2x4xf32>, tensor<6x4xf32>, tensor<f32>) -> tensor<2x6xf32>
  func.return %0 : tensor<2x6xf32>
}

// CHECK-LABEL: func.func @gemm_scalar_c(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<6x4xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<f32>) -> tensor<2x6xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x6xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : tensor<2x4xf32>, tensor<6x4xf32>) outs(%[[V2]] : tensor<2x6xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V4]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x6xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x6xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]], %[[C]] : tensor<2x6xf32>, tensor<f32>) outs(%[[V6]] : tensor<2x6xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_2]], %[[IN_3]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<2x6xf32>
// CHECK-NEXT: func.return %[[V7]] : tensor<2x6xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// beta = 0: C is not read (the epilogue has the product as its only input), even though
// it is present; alpha = 2 keeps the epilogue.
func.func @gemm_beta_zero(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = gawee.gemm %a, %b, %c alpha = 2.000000e+00 beta = 0.000000e+00 : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @gemm_beta_zero(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3x4xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<2x4xf32>) -> tensor<2x4xf32> {
// CHECK:      %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>)
// CHECK:      } -> tensor<2x4xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]] : tensor<2x4xf32>) outs(%[[V6]] : tensor<2x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_2]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x4xf32>
// CHECK-NEXT: func.return %[[V7]] : tensor<2x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

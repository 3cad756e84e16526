// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.reduce_prod: its syntax and both lowerings (a linalg.generic multiplying into a
// fill of 1, arith.mulf / arith.muli; a mir.reduce prod).
func.func @reduce_prod(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %y = gawee.reduce_prod %x axes = [1, -1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  func.return %y : tensor<2x1x1xf32>
}

// Integers wrap around.
func.func @reduce_prod_i32(%x: tensor<2x3xi32>) -> tensor<3xi32> {
  %y = gawee.reduce_prod %x axes = [0] keepDims = false : (tensor<2x3xi32>) -> tensor<3xi32>
  func.return %y : tensor<3xi32>
}

// CHECK-LABEL: func.func @reduce_prod(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_prod %[[X]] axes = [1, -1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x1x1xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reduce_prod_i32(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<3xi32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_prod %[[X]] axes = [0] keepDims = false : (tensor<2x3xi32>) -> tensor<3xi32>
// CHECK-NEXT: func.return %[[Y]] : tensor<3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @reduce_prod(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : f32) outs(%[[Y_1]] : tensor<2xf32>) -> tensor<2xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y_2]] : tensor<2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[OUT]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 1, 1]> : tensor<3xi64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_3]](%[[Y_4]]) : (tensor<2xf32>, tensor<3xi64>) -> tensor<2x1x1xf32>
// LINALG-NEXT: func.return %[[Y_5]] : tensor<2x1x1xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @reduce_prod_i32(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<3xi32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xi32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : i32) outs(%[[Y_1]] : tensor<3xi32>) -> tensor<3xi32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%[[X]] : tensor<2x3xi32>) outs(%[[Y_2]] : tensor<3xi32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.muli %[[OUT]], %[[IN]] : i32
// LINALG-NEXT: linalg.yield %[[V0]] : i32
// LINALG-NEXT: } -> tensor<3xi32>
// LINALG-NEXT: func.return %[[Y_3]] : tensor<3xi32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @reduce_prod(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reduce prod %[[X]] axes = [1, 2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// MIR-NEXT: func.return %[[Y]] : tensor<2x1x1xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @reduce_prod_i32(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<3xi32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reduce prod %[[X]] axes = [0] keep_dims = false : (tensor<2x3xi32>) -> tensor<3xi32>
// MIR-NEXT: func.return %[[Y]] : tensor<3xi32>
// MIR-NEXT: }
// MIR-NEXT: }

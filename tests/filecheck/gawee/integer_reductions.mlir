// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// reduce_sum, reduce_max and reduce_min on integers: wrapping sums (arith.addi into a fill
// of 0) and max / min from the type's bounds (arith.maxsi / arith.minsi into a fill of the
// lowest / highest i8); mir.reduce takes the integers as they are.
func.func @integer_reductions(%a: tensor<2x3xi8>, %b: tensor<4xi64>) -> (tensor<2xi8>, tensor<2x1xi8>, tensor<i64>) {
  %s = gawee.reduce_sum %a axes = [1] keepDims = false : (tensor<2x3xi8>) -> tensor<2xi8>
  %x = gawee.reduce_max %a axes = [-1] keepDims = true : (tensor<2x3xi8>) -> tensor<2x1xi8>
  %n = gawee.reduce_min %b axes = [0] keepDims = false : (tensor<4xi64>) -> tensor<i64>
  func.return %s, %x, %n : tensor<2xi8>, tensor<2x1xi8>, tensor<i64>
}

// CHECK-LABEL: func.func @integer_reductions(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi64>) -> (tensor<2xi8>, tensor<2x1xi8>, tensor<i64>) {
// CHECK-NEXT: %[[S:[a-zA-Z0-9_$.]+]] = gawee.reduce_sum %[[A]] axes = [1] keepDims = false : (tensor<2x3xi8>) -> tensor<2xi8>
// CHECK-NEXT: %[[X:[a-zA-Z0-9_$.]+]] = gawee.reduce_max %[[A]] axes = [-1] keepDims = true : (tensor<2x3xi8>) -> tensor<2x1xi8>
// CHECK-NEXT: %[[N:[a-zA-Z0-9_$.]+]] = gawee.reduce_min %[[B]] axes = [0] keepDims = false : (tensor<4xi64>) -> tensor<i64>
// CHECK-NEXT: func.return %[[S]], %[[X]], %[[N]] : tensor<2xi8>, tensor<2x1xi8>, tensor<i64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @integer_reductions(
// LINALG-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi64>) -> (tensor<2xi8>, tensor<2x1xi8>, tensor<i64>) {
// LINALG-NEXT: %[[S:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i8
// LINALG-NEXT: %[[S_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xi8>
// LINALG-NEXT: %[[S_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[S]] : i8) outs(%[[S_1]] : tensor<2xi8>) -> tensor<2xi8>
// LINALG-NEXT: %[[S_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<2x3xi8>) outs(%[[S_2]] : tensor<2xi8>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i8, %[[OUT:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.addi %[[OUT]], %[[IN]] : i8
// LINALG-NEXT: linalg.yield %[[V0]] : i8
// LINALG-NEXT: } -> tensor<2xi8>
// LINALG-NEXT: %[[X:[a-zA-Z0-9_$.]+]] = arith.constant -128 : i8
// LINALG-NEXT: %[[X_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xi8>
// LINALG-NEXT: %[[X_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[X]] : i8) outs(%[[X_1]] : tensor<2xi8>) -> tensor<2xi8>
// LINALG-NEXT: %[[X_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[A]] : tensor<2x3xi8>) outs(%[[X_2]] : tensor<2xi8>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i8):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[OUT_1]], %[[IN_1]] : i8
// LINALG-NEXT: linalg.yield %[[V1]] : i8
// LINALG-NEXT: } -> tensor<2xi8>
// LINALG-NEXT: %[[X_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 1]> : tensor<2xi64>
// LINALG-NEXT: %[[X_5:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X_3]](%[[X_4]]) : (tensor<2xi8>, tensor<2xi64>) -> tensor<2x1xi8>
// LINALG-NEXT: %[[N:[a-zA-Z0-9_$.]+]] = arith.constant 9223372036854775807 : i64
// LINALG-NEXT: %[[N_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<i64>
// LINALG-NEXT: %[[N_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[N]] : i64) outs(%[[N_1]] : tensor<i64>) -> tensor<i64>
// LINALG-NEXT: %[[N_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%[[B]] : tensor<4xi64>) outs(%[[N_2]] : tensor<i64>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i64):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.minsi %[[OUT_2]], %[[IN_2]] : i64
// LINALG-NEXT: linalg.yield %[[V2]] : i64
// LINALG-NEXT: } -> tensor<i64>
// LINALG-NEXT: func.return %[[S_3]], %[[X_5]], %[[N_3]] : tensor<2xi8>, tensor<2x1xi8>, tensor<i64>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @integer_reductions(
// MIR-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xi64>) -> (tensor<2xi8>, tensor<2x1xi8>, tensor<i64>) {
// MIR-NEXT: %[[S:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[A]] axes = [1] keep_dims = false : (tensor<2x3xi8>) -> tensor<2xi8>
// MIR-NEXT: %[[X:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[A]] axes = [1] keep_dims = true : (tensor<2x3xi8>) -> tensor<2x1xi8>
// MIR-NEXT: %[[N:[a-zA-Z0-9_$.]+]] = mir.reduce min %[[B]] axes = [0] keep_dims = false : (tensor<4xi64>) -> tensor<i64>
// MIR-NEXT: func.return %[[S]], %[[X]], %[[N]] : tensor<2xi8>, tensor<2x1xi8>, tensor<i64>
// MIR-NEXT: }
// MIR-NEXT: }

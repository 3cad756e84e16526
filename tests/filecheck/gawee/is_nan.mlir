// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.is_nan: its syntax, and both lowerings of its decomposition (one fused
// linalg.generic; a chain of mir ops).
func.func @is_nan(%x: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %y = gawee.is_nan %x : (tensor<2x3xf32>) -> tensor<2x3xi1>
  func.return %y : tensor<2x3xi1>
}

// CHECK-LABEL: func.func @is_nan(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xi1> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.is_nan %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x3xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @is_nan(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xi1> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi1>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[Y]] : tensor<2x3xi1>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[IN]], %[[IN]] : f32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant true
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.xori %[[V0]], %[[V1]] : i1
// LINALG-NEXT: linalg.yield %[[V2]] : i1
// LINALG-NEXT: } -> tensor<2x3xi1>
// LINALG-NEXT: func.return %[[Y_1]] : tensor<2x3xi1>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @is_nan(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xi1> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[X]], %[[X]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<true> : tensor<i1>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.broadcast_xor %[[Y]], %[[Y_1]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
// MIR-NEXT: func.return %[[Y_2]] : tensor<2x3xi1>
// MIR-NEXT: }
// MIR-NEXT: }

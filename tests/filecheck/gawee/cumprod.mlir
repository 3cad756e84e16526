// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.cumprod: cumsum's syntax and lowerings with a product: the linalg generic
// multiplies into a fill of 1 (arith.mulf / muli), the mir.for carries a running
// product from ones (mir.broadcast_mul).
func.func @cumprod(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = gawee.cumprod %x axis = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}
func.func @cumprod_reverse_exclusive(%x: tensor<4x2xi32>) -> tensor<4x2xi32> {
  %y = gawee.cumprod %x axis = -2 exclusive = true reverse = true : (tensor<4x2xi32>) -> tensor<4x2xi32>
  func.return %y : tensor<4x2xi32>
}

// CHECK-LABEL: func.func @cumprod(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.cumprod %[[X]] axis = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cumprod_reverse_exclusive(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2xi32>) -> tensor<4x2xi32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.cumprod %[[X]] axis = -2 exclusive = true reverse = true : (tensor<4x2xi32>) -> tensor<4x2xi32>
// CHECK-NEXT: func.return %[[Y]] : tensor<4x2xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @cumprod(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : f32) outs(%[[Y_1]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[Y_2]] : tensor<2x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.cmpi ule, %[[V0]], %[[V1]] : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.mulf %[[OUT]], %[[IN]] : f32
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.select %[[V2]], %[[V3]], %[[OUT]] : f32
// LINALG-NEXT: linalg.yield %[[V4]] : f32
// LINALG-NEXT: } -> tensor<2x3xf32>
// LINALG-NEXT: func.return %[[Y_3]] : tensor<2x3xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @cumprod_reverse_exclusive(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2xi32>) -> tensor<4x2xi32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = arith.constant 1 : i32
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x2xi32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_1]] : i32) outs(%[[Y_2]] : tensor<4x2xi32>) -> tensor<4x2xi32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[Y]] : tensor<4xi32>) outs(%[[Y_3]] : tensor<4x2xi32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.subi %[[V1]], %[[V0]] : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V3]]] : tensor<4x2xi32>
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.cmpi ugt, %[[V2]], %[[V5]] : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.muli %[[OUT]], %[[V4]] : i32
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.select %[[V6]], %[[V7]], %[[OUT]] : i32
// LINALG-NEXT: linalg.yield %[[V8]] : i32
// LINALG-NEXT: } -> tensor<4x2xi32>
// LINALG-NEXT: func.return %[[Y_4]] : tensor<4x2xi32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @cumprod(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<2x1xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]], %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_1]] to %[[Y_3]] step %[[Y_2]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[X]]) -> (tensor<2x1xf32>, tensor<2x3xf32>) {
// MIR-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[V2]], %[[V3]] axis = 1 : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1xf32>
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V1]], %[[V4]] broadcast_shape = [2, 1] : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
// MIR-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V2]], %[[V5]], %[[V3]] axis = 1 : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<1xi64>) -> tensor<2x3xf32>
// MIR-NEXT: mir.yield %[[V5]], %[[V6]] : tensor<2x1xf32>, tensor<2x3xf32>
// MIR-NEXT: }
// MIR-NEXT: func.return %[[Y_5]] : tensor<2x3xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @cumprod_reverse_exclusive(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x2xi32>) -> tensor<4x2xi32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<1x2xi32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[3, 2, 1, 0]> : tensor<4xi64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]], %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_2]] to %[[Y_4]] step %[[Y_3]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[X]]) -> (tensor<1x2xi32>, tensor<4x2xi32>) {
// MIR-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_1]], %[[V3]] axis = 0 : (tensor<4xi64>, tensor<1xi64>) -> tensor<1xi64>
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.gather %[[V2]], %[[V4]] axis = 0 : (tensor<4x2xi32>, tensor<1xi64>) -> tensor<1x2xi32>
// MIR-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V1]], %[[V5]] broadcast_shape = [1, 2] : (tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>
// MIR-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V2]], %[[V1]], %[[V4]] axis = 0 : (tensor<4x2xi32>, tensor<1x2xi32>, tensor<1xi64>) -> tensor<4x2xi32>
// MIR-NEXT: mir.yield %[[V6]], %[[V7]] : tensor<1x2xi32>, tensor<4x2xi32>
// MIR-NEXT: }
// MIR-NEXT: func.return %[[Y_6]] : tensor<4x2xi32>
// MIR-NEXT: }
// MIR-NEXT: }

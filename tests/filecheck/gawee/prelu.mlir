// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.prelu with PyTorch's per-channel slope ([C, 1, 1]): its syntax, and both
// lowerings of its decomposition (one broadcasting linalg.generic; mir ops).
func.func @prelu(%x: tensor<1x3x2x2xf32>, %slope: tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32> {
  %y = gawee.prelu %x, %slope : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
  func.return %y : tensor<1x3x2x2xf32>
}

// CHECK-LABEL: func.func @prelu(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x2x2xf32>, %[[SLOPE:[a-zA-Z0-9_$.]+]]: tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.prelu %[[X]], %[[SLOPE]] : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x3x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @prelu(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x2x2xf32>, %[[SLOPE:[a-zA-Z0-9_$.]+]]: tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x3x2x2xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[SLOPE]] : tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) outs(%[[Y]] : tensor<1x3x2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[IN]], %[[V0]] : f32
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN_1]] : f32
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V1]], %[[V2]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V3]] : f32
// LINALG-NEXT: } -> tensor<1x3x2x2xf32>
// LINALG-NEXT: func.return %[[Y_1]] : tensor<1x3x2x2xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @prelu(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x2x2xf32>, %[[SLOPE:[a-zA-Z0-9_$.]+]]: tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[X]], %[[Y]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<f32>) -> tensor<1x3x2x2xi1>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[SLOPE]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_1]], %[[Y_2]], %[[X]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xi1>, tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
// MIR-NEXT: func.return %[[Y_3]] : tensor<1x3x2x2xf32>
// MIR-NEXT: }
// MIR-NEXT: }

// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.sign: its syntax, and both lowerings of its decomposition (one fused
// linalg.generic; a chain of mir ops).
func.func @sign(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = gawee.sign %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @sign(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.sign %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @sign(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[Y]] : tensor<2x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.cmpf olt, %[[IN]], %[[V0]] : f32
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant -1.000000e+00 : f32
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.select %[[V1]], %[[V2]], %[[IN]] : f32
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.cmpf ogt, %[[IN]], %[[V4]] : f32
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V5]], %[[V6]], %[[V3]] : f32
// LINALG-NEXT: linalg.yield %[[V7]] : f32
// LINALG-NEXT: } -> tensor<2x3xf32>
// LINALG-NEXT: func.return %[[Y_1]] : tensor<2x3xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @sign(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[X]], %[[Y]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<-1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_1]], %[[Y_2]], %[[X]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp gt %[[X]], %[[Y_4]] broadcast_shape = [2, 3] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_5]], %[[Y_6]], %[[Y_3]] broadcast_shape = [2, 3] : (tensor<2x3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// MIR-NEXT: func.return %[[Y_7]] : tensor<2x3xf32>
// MIR-NEXT: }
// MIR-NEXT: }

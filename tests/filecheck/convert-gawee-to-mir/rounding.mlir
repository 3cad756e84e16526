// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s

// The rounding ops: one mir op each (mir.floor, mir.ceil, mir.round).

func.func @rounding(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = gawee.floor %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.ceil %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = gawee.round %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @rounding(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.floor %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.ceil %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.round %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

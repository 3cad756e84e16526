// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s

// The rounding ops: one mir op each (mir.floor).

func.func @rounding(%x: tensor<2x3xf32>, %d: tensor<5xf64>) -> (tensor<2x3xf32>, tensor<5xf64>) {
  %0 = gawee.floor %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.floor %d : (tensor<5xf64>) -> tensor<5xf64>
  func.return %0, %1 : tensor<2x3xf32>, tensor<5xf64>
}

// CHECK-LABEL: func.func @rounding(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[D:[a-zA-Z0-9_$.]+]]: tensor<5xf64>) -> (tensor<2x3xf32>, tensor<5xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.floor %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.floor %[[D]] : (tensor<5xf64>) -> tensor<5xf64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<2x3xf32>, tensor<5xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt --print-op-generic | filecheck %s --check-prefix=CHECK-GENERIC

// matmul, softmax, transpose and reshape in both forms.

func.func @tensor_ops(%a: tensor<2x1x3x4xf32>, %b: tensor<5x4x6xf32>) {
  %0 = gawee.matmul %a, %b : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
  %1 = gawee.softmax %a axis = -1 : (tensor<2x1x3x4xf32>) -> tensor<2x1x3x4xf32>
  %2 = gawee.transpose %a perm = [0, 2, 1, 3] : (tensor<2x1x3x4xf32>) -> tensor<2x3x1x4xf32>
  %3 = gawee.reshape %a : (tensor<2x1x3x4xf32>) -> tensor<6x4xf32>
  func.return
}

// CHECK-LABEL: func.func @tensor_ops(
// CHECK-NEXT: %0 = gawee.matmul %a, %b : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
// CHECK-NEXT: %1 = gawee.softmax %a axis = -1 : (tensor<2x1x3x4xf32>) -> tensor<2x1x3x4xf32>
// CHECK-NEXT: %2 = gawee.transpose %a perm = [0, 2, 1, 3] : (tensor<2x1x3x4xf32>) -> tensor<2x3x1x4xf32>
// CHECK-NEXT: %3 = gawee.reshape %a : (tensor<2x1x3x4xf32>) -> tensor<6x4xf32>

// CHECK-GENERIC: %0 = "gawee.matmul"(%a, %b) : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
// CHECK-GENERIC-NEXT: %1 = "gawee.softmax"(%a) {axis = -1 : i64} : (tensor<2x1x3x4xf32>) -> tensor<2x1x3x4xf32>
// CHECK-GENERIC-NEXT: %2 = "gawee.transpose"(%a) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x1x3x4xf32>) -> tensor<2x3x1x4xf32>
// CHECK-GENERIC-NEXT: %3 = "gawee.reshape"(%a) : (tensor<2x1x3x4xf32>) -> tensor<6x4xf32>

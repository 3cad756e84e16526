// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// The trigonometric and hyperbolic ops: the mir op of the same name each.

func.func @tan_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.tan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @tan_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.tan %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @asin_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.asin %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @asin_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.asin %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @acos_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.acos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @acos_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.acos %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @atan_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.atan %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @atan_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.atan %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sinh_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.sinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @sinh_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.sinh %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @cosh_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.cosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cosh_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.cosh %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @asinh_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.asinh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @asinh_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.asinh %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @acosh_of_x(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.acosh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @acosh_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.acosh %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @atanh_of_x(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.atanh %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @atanh_of_x(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.atanh %[[X]] : (tensor<4xf64>) -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V0]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// Integer arithmetic (ONNX Add, Sub, Mul, Div, Neg, Abs, Sum on i8, i32, i64): the mir ops
// take integers as they are (they wrap), the variadic ones folded left to right.

func.func @integer_binary(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = gawee.add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = gawee.sub %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %2 = gawee.mul %b, %a : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: func.func @integer_binary(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[B]], %[[A]] broadcast_shape = [2, 3] : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @integer_unary_i64(%x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %0 = gawee.neg %x : (tensor<4xi64>) -> tensor<4xi64>
  %1 = gawee.abs %x : (tensor<4xi64>) -> tensor<4xi64>
  func.return %0, %1 : tensor<4xi64>, tensor<4xi64>
}

// CHECK-LABEL: func.func @integer_unary_i64(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.neg %[[X]] : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.abs %[[X]] : (tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<4xi64>, tensor<4xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @integer_variadic_i8(%a: tensor<2x1xi8>, %b: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x1xi8>) {
  %0 = gawee.sum %a, %b, %a : (tensor<2x1xi8>, tensor<3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
  %1 = gawee.max %a, %b : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %2 = gawee.min %a, %b : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  %3 = gawee.add %a, %a : (tensor<2x1xi8>, tensor<2x1xi8>) -> tensor<2x1xi8>
  func.return %0, %1, %2, %3 : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x1xi8>
}

// CHECK-LABEL: func.func @integer_variadic_i8(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1xi8>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x1xi8>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V0]], %[[A]] broadcast_shape = [2, 3] : (tensor<2x3xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.broadcast_max %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.broadcast_min %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x1xi8>, tensor<3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[A]], %[[A]] broadcast_shape = [2, 1] : (tensor<2x1xi8>, tensor<2x1xi8>) -> tensor<2x1xi8>
// CHECK-NEXT: func.return %[[V1]], %[[V2]], %[[V3]], %[[V4]] : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x1xi8>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// Integer division truncates toward zero (ONNX Runtime's C++ `/`).
func.func @integer_div(%a: tensor<2x3xi64>, %b: tensor<2x1xi64>) -> tensor<2x3xi64> {
  %0 = gawee.div %a, %b : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// CHECK-LABEL: func.func @integer_div(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<2x1xi64>) -> tensor<2x3xi64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[A]], %[[B]] broadcast_shape = [2, 3] : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

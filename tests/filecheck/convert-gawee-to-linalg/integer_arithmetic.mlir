// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// Integer arithmetic (ONNX Add, Sub, Mul, Div, Neg, Abs, Sum on i8, i32, i64, as exporters leave
// in index computations): the wrapping arith ops addi, subi, muli, divsi, math.absi, and
// 0 - x for neg (arith has no integer negation). An add of equal shapes is the named
// linalg.add, whose generalization is arith.addi on integers.

func.func @integer_binary(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = gawee.add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = gawee.sub %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %2 = gawee.mul %b, %a : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: func.func @integer_binary(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xi32>, tensor<3xi32>) outs(%[[V0]] : tensor<2x3xi32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[IN_1:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.addi %[[IN]], %[[IN_1]] : i32
// CHECK-NEXT: linalg.yield %[[V2]] : i32
// CHECK-NEXT: } -> tensor<2x3xi32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xi32>, tensor<3xi32>) outs(%[[V3]] : tensor<2x3xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i32, %[[IN_3:[a-zA-Z0-9_$.]+]]: i32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.subi %[[IN_2]], %[[IN_3]] : i32
// CHECK-NEXT: linalg.yield %[[V5]] : i32
// CHECK-NEXT: } -> tensor<2x3xi32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[B]], %[[A]] : tensor<3xi32>, tensor<2x3xi32>) outs(%[[V6]] : tensor<2x3xi32>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i32, %[[IN_5:[a-zA-Z0-9_$.]+]]: i32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.muli %[[IN_4]], %[[IN_5]] : i32
// CHECK-NEXT: linalg.yield %[[V8]] : i32
// CHECK-NEXT: } -> tensor<2x3xi32>
// CHECK-NEXT: func.return %[[V1]], %[[V4]], %[[V7]] : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
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
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xi64>) outs(%[[V0]] : tensor<4xi64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.subi %[[V2]], %[[IN]] : i64
// CHECK-NEXT: linalg.yield %[[V3]] : i64
// CHECK-NEXT: } -> tensor<4xi64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xi64>) outs(%[[V4]] : tensor<4xi64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = math.absi %[[IN_1]] : i64
// CHECK-NEXT: linalg.yield %[[V6]] : i64
// CHECK-NEXT: } -> tensor<4xi64>
// CHECK-NEXT: func.return %[[V1]], %[[V5]] : tensor<4xi64>, tensor<4xi64>
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
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1xi8>, tensor<3xi8>) outs(%[[V0]] : tensor<2x3xi8>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i8, %[[IN_1:[a-zA-Z0-9_$.]+]]: i8, %[[OUT:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.addi %[[IN]], %[[IN_1]] : i8
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.addi %[[V2]], %[[IN]] : i8
// CHECK-NEXT: linalg.yield %[[V3]] : i8
// CHECK-NEXT: } -> tensor<2x3xi8>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1xi8>, tensor<3xi8>) outs(%[[V4]] : tensor<2x3xi8>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i8, %[[IN_3:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.maxsi %[[IN_2]], %[[IN_3]] : i8
// CHECK-NEXT: linalg.yield %[[V6]] : i8
// CHECK-NEXT: } -> tensor<2x3xi8>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi8>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1xi8>, tensor<3xi8>) outs(%[[V7]] : tensor<2x3xi8>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: i8, %[[IN_5:[a-zA-Z0-9_$.]+]]: i8, %[[OUT_2:[a-zA-Z0-9_$.]+]]: i8):
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.minsi %[[IN_4]], %[[IN_5]] : i8
// CHECK-NEXT: linalg.yield %[[V9]] : i8
// CHECK-NEXT: } -> tensor<2x3xi8>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1xi8>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[A]], %[[A]] : tensor<2x1xi8>, tensor<2x1xi8>) outs(%[[V10]] : tensor<2x1xi8>) -> tensor<2x1xi8>
// CHECK-NEXT: func.return %[[V1]], %[[V5]], %[[V8]], %[[V11]] : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x1xi8>
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
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xi64>, tensor<2x1xi64>) outs(%[[V0]] : tensor<2x3xi64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[IN_1:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.divsi %[[IN]], %[[IN_1]] : i64
// CHECK-NEXT: linalg.yield %[[V2]] : i64
// CHECK-NEXT: } -> tensor<2x3xi64>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

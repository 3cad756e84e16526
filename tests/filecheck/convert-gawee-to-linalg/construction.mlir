// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// constant and shape: arith.constant dense<...>; range: a generic without inputs
// computing start + i * delta from linalg.index in the element type.

func.func @constants() -> (tensor<2x2xf32>, tensor<3xi1>, tensor<i64>) {
  %0 = gawee.constant dense<[[1.0, -2.5], [0.0, 3.0]]> : tensor<2x2xf32>
  %1 = gawee.constant dense<[true, false, true]> : tensor<3xi1>
  %2 = gawee.constant dense<7> : tensor<i64>
  func.return %0, %1, %2 : tensor<2x2xf32>, tensor<3xi1>, tensor<i64>
}

// CHECK-LABEL: func.func @constants(
// CHECK-SAME: ) -> (tensor<2x2xf32>, tensor<3xi1>, tensor<i64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant dense<[[1.000000e+00, -2.500000e+00], [0.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant dense<7> : tensor<i64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<2x2xf32>, tensor<3xi1>, tensor<i64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @shape(%x: tensor<2x3x4xf16>) -> (tensor<3xi64>, tensor<1xi64>, tensor<0xi64>) {
  %0 = gawee.shape %x : (tensor<2x3x4xf16>) -> tensor<3xi64>
  %1 = gawee.shape %x start = -2 end = -1 : (tensor<2x3x4xf16>) -> tensor<1xi64>
  %2 = gawee.shape %x start = 2 end = 1 : (tensor<2x3x4xf16>) -> tensor<0xi64>
  func.return %0, %1, %2 : tensor<3xi64>, tensor<1xi64>, tensor<0xi64>
}

// CHECK-LABEL: func.func @shape(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf16>) -> (tensor<3xi64>, tensor<1xi64>, tensor<0xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 3, 4]> : tensor<3xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant dense<3> : tensor<1xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant dense<> : tensor<0xi64>
// CHECK-NEXT: func.return %[[V0]], %[[V1]], %[[V2]] : tensor<3xi64>, tensor<1xi64>, tensor<0xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @range_i32() -> tensor<4xi32> {
  %0 = gawee.range start = 10 : i32 limit = -1 : i32 delta = -3 : i32 : tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// CHECK-LABEL: func.func @range_i32(
// CHECK-SAME: ) -> tensor<4xi32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xi32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[V0]] : tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V2]] : index to i32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant -3 : i32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.muli %[[V3]], %[[V4]] : i32
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 10 : i32
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.addi %[[V5]], %[[V6]] : i32
// CHECK-NEXT: linalg.yield %[[V7]] : i32
// CHECK-NEXT: } -> tensor<4xi32>
// CHECK-NEXT: func.return %[[V1]] : tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @range_f64_and_empty() -> (tensor<5xf64>, tensor<0xf32>) {
  %0 = gawee.range start = 0.5 : f64 limit = 2.75 : f64 delta = 0.5 : f64 : tensor<5xf64>
  %1 = gawee.range start = 1.0 : f32 limit = 1.0 : f32 delta = 2.0 : f32 : tensor<0xf32>
  func.return %0, %1 : tensor<5xf64>, tensor<0xf32>
}

// CHECK-LABEL: func.func @range_f64_and_empty(
// CHECK-SAME: ) -> (tensor<5xf64>, tensor<0xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[V0]] : tensor<5xf64>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V2]] : index to i64
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V3]] : i64 to f64
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V4]], %[[V5]] : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: linalg.yield %[[V8]] : f64
// CHECK-NEXT: } -> tensor<5xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<0xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%[[V9]] : tensor<0xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V11]] : index to i64
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.sitofp %[[V12]] : i64 to f32
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V13]], %[[V14]] : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.addf %[[V15]], %[[V16]] : f32
// CHECK-NEXT: linalg.yield %[[V17]] : f32
// CHECK-NEXT: } -> tensor<0xf32>
// CHECK-NEXT: func.return %[[V1]], %[[V10]] : tensor<5xf64>, tensor<0xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

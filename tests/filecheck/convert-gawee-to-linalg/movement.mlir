// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// gather, gather_elements: a generic over the result reading the indices, tensor.extract
// from the data (negative indices wrapped); expand: a broadcasting generic; squeeze / unsqueeze:
// tensor.reshape; cat: tensor.concat; slice: tensor.extract_slice, or a generic with
// tensor.extract for negative steps.

func.func @gather_rows(%table: tensor<10x4xf32>, %ids: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %0 = gawee.gather %table, %ids axis = 0 : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @gather_rows(
// CHECK-SAME: %[[TABLE:[a-zA-Z0-9_$.]+]]: tensor<10x4xf32>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[IDS]] : tensor<2x3xi64>) outs(%[[V0]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN]] : i64 to index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 10 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addi %[[V2]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[V6]], %[[V2]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[TABLE]][%[[V7]], %[[V8]]] : tensor<10x4xf32>
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @gather_middle_i32(%x: tensor<3x5x2xi1>, %ids: tensor<4xi32>) -> tensor<3x4x2xi1> {
  %0 = gawee.gather %x, %ids axis = -2 : (tensor<3x5x2xi1>, tensor<4xi32>) -> tensor<3x4x2xi1>
  func.return %0 : tensor<3x4x2xi1>
}

// CHECK-LABEL: func.func @gather_middle_i32(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x5x2xi1>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<4xi32>) -> tensor<3x4x2xi1> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x4x2xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[IDS]] : tensor<4xi32>) outs(%[[V0]] : tensor<3x4x2xi1>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i1):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN]] : i32 to index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 5 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addi %[[V2]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[V6]], %[[V2]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V8]], %[[V7]], %[[V9]]] : tensor<3x5x2xi1>
// CHECK-NEXT: linalg.yield %[[V10]] : i1
// CHECK-NEXT: } -> tensor<3x4x2xi1>
// CHECK-NEXT: func.return %[[V1]] : tensor<3x4x2xi1>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @expand(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.expand %x : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @expand(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<3x1xf32>) outs(%[[V0]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @squeeze_unsqueeze(%x: tensor<1x2x1x3xi64>) -> tensor<2x3x1xi64> {
  %0 = gawee.squeeze %x axes = [0, 2] : (tensor<1x2x1x3xi64>) -> tensor<2x3xi64>
  %1 = gawee.unsqueeze %0 axes = [-1] : (tensor<2x3xi64>) -> tensor<2x3x1xi64>
  func.return %1 : tensor<2x3x1xi64>
}

// CHECK-LABEL: func.func @squeeze_unsqueeze(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x1x3xi64>) -> tensor<2x3x1xi64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[V0]]) : (tensor<1x2x1x3xi64>, tensor<2xi64>) -> tensor<2x3xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 3, 1]> : tensor<3xi64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[V1]](%[[V2]]) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3x1xi64>
// CHECK-NEXT: func.return %[[V3]] : tensor<2x3x1xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @cat(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x7xf32> {
  %0 = gawee.cat %a, %b, %a axis = -1 : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
  func.return %0 : tensor<2x7xf32>
}

// CHECK-LABEL: func.func @cat(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<2x1xf32>) -> tensor<2x7xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.concat dim(1) %[[A]], %[[B]], %[[A]] : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x7xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @slice_positive_steps(%x: tensor<5x6xf32>) -> tensor<2x3xf32> {
  %0 = gawee.slice %x starts = [1, -5] ends = [3, 9223372036854775807] axes = [0, 1] steps = [1, 2] : (tensor<5x6xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @slice_positive_steps(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<5x6xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[X]][1, 1] [2, 3] [1, 2] : tensor<5x6xf32> to tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V0]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @slice_reverse(%x: tensor<5x6xf32>) -> tensor<5x2xf32> {
  %0 = gawee.slice %x starts = [-1] ends = [-9223372036854775807] axes = [1] steps = [-3] : (tensor<5x6xf32>) -> tensor<5x2xf32>
  func.return %0 : tensor<5x2xf32>
}

// CHECK-LABEL: func.func @slice_reverse(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<5x6xf32>) -> tensor<5x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%[[V0]] : tensor<5x2xf32>) {
// CHECK-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant -3 : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.muli %[[V3]], %[[V4]] : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 5 : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.addi %[[V5]], %[[V6]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V2]], %[[V7]]] : tensor<5x6xf32>
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<5x2xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<5x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @gather_elements(%x: tensor<1x64xi64>, %ids: tensor<1x16xi64>) -> tensor<1x16xi64> {
  %0 = gawee.gather_elements %x, %ids axis = 1 : (tensor<1x64xi64>, tensor<1x16xi64>) -> tensor<1x16xi64>
  func.return %0 : tensor<1x16xi64>
}

// CHECK-LABEL: func.func @gather_elements(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x64xi64>, %[[IDS:[a-zA-Z0-9_$.]+]]: tensor<1x16xi64>) -> tensor<1x16xi64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x16xi64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[IDS]] : tensor<1x16xi64>) outs(%[[V0]] : tensor<1x16xi64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i64, %[[OUT:[a-zA-Z0-9_$.]+]]: i64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[IN]] : i64 to index
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V2]], %[[V3]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.constant 64 : index
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addi %[[V2]], %[[V5]] : index
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.select %[[V4]], %[[V6]], %[[V2]] : index
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[X]][%[[V8]], %[[V7]]] : tensor<1x64xi64>
// CHECK-NEXT: linalg.yield %[[V9]] : i64
// CHECK-NEXT: } -> tensor<1x16xi64>
// CHECK-NEXT: func.return %[[V1]] : tensor<1x16xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

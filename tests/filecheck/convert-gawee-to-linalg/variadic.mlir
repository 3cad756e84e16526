// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// max / min / sum / mean: one generic with every operand broadcast into the result,
// the body folding them (maximumf / minimumf / addf, maxsi / minsi on integers; the
// mean divides by the count; an operand given twice is one input); clip: maximumf /
// minimumf with the bounds; log_softmax, as its decomposition: max, x - max, its exp,
// their sum, log, then (x - max) - log(sum), the reduced values read through the maps
// (`(d0, d1) -> (d0)`, `(d0, 0)`) with no tensor.reshape.

func.func @max_three(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<1xf32>) -> tensor<2x3xf32> {
  %0 = gawee.max %a, %b, %c : (tensor<2x1xf32>, tensor<3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @max_three(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<2x1xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<1xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]], %[[C]] : tensor<2x1xf32>, tensor<3xf32>, tensor<1xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[IN]], %[[IN_1]] : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[V2]], %[[IN_2]] : f32
// CHECK-NEXT: linalg.yield %[[V3]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @min_integers(%a: tensor<3xi32>, %b: tensor<2x1xi32>) -> tensor<2x3xi32> {
  %0 = gawee.min %a, %b : (tensor<3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  func.return %0 : tensor<2x3xi32>
}

// CHECK-LABEL: func.func @min_integers(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<3xi32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<2x1xi32>) -> tensor<2x3xi32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<3xi32>, tensor<2x1xi32>) outs(%[[V0]] : tensor<2x3xi32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: i32, %[[IN_1:[a-zA-Z0-9_$.]+]]: i32, %[[OUT:[a-zA-Z0-9_$.]+]]: i32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.minsi %[[IN]], %[[IN_1]] : i32
// CHECK-NEXT: linalg.yield %[[V2]] : i32
// CHECK-NEXT: } -> tensor<2x3xi32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sum_and_mean(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %0 = gawee.sum %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %1 = gawee.mean %a, %b, %a : (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  func.return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// CHECK-LABEL: func.func @sum_and_mean(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4xf64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xf64>, tensor<4xf64>) outs(%[[V0]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN]], %[[IN_1]] : f64
// CHECK-NEXT: linalg.yield %[[V2]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[A]], %[[B]] : tensor<4xf64>, tensor<4xf64>) outs(%[[V3]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f64, %[[IN_3:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_2]], %[[IN_3]] : f64
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.addf %[[V5]], %[[IN_2]] : f64
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: linalg.yield %[[V8]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V1]], %[[V4]] : tensor<4xf64>, tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @clip(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = gawee.clip %x min = 0.0 max = 6.0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = gawee.clip %x max = 1.0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @clip(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[IN]], %[[V2]] : f32
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[V3]], %[[V4]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V6]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.minimumf %[[IN_1]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]], %[[V7]] : tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @log_softmax(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = gawee.log_softmax %x axis = -1 : (tensor<2x5xf32>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// CHECK-LABEL: func.func @log_softmax(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x5xf32>) -> tensor<2x5xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<2x5xf32>) outs(%[[V2]] : tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<2xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[V3]] : tensor<2x5xf32>, tensor<2xf32>) outs(%[[V5]] : tensor<2x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_1]], %[[IN_2]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x5xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V6]] : tensor<2x5xf32>) outs(%[[V8]] : tensor<2x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = math.exp %[[IN_3]] : f32
// CHECK-NEXT: linalg.yield %[[V10]] : f32
// CHECK-NEXT: } -> tensor<2x5xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V11]] : f32) outs(%[[V12]] : tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%[[V9]] : tensor<2x5xf32>) outs(%[[V13]] : tensor<2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_3]], %[[IN_4]] : f32
// CHECK-NEXT: linalg.yield %[[V15]] : f32
// CHECK-NEXT: } -> tensor<2xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V14]] : tensor<2xf32>) outs(%[[V16]] : tensor<2x1xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = math.log %[[IN_5]] : f32
// CHECK-NEXT: linalg.yield %[[V18]] : f32
// CHECK-NEXT: } -> tensor<2x1xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V6]], %[[V17]] : tensor<2x5xf32>, tensor<2x1xf32>) outs(%[[V19]] : tensor<2x5xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_6]], %[[IN_7]] : f32
// CHECK-NEXT: linalg.yield %[[V21]] : f32
// CHECK-NEXT: } -> tensor<2x5xf32>
// CHECK-NEXT: func.return %[[V20]] : tensor<2x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

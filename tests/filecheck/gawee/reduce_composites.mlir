// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// The composite reductions: their syntax, and both lowerings of their decompositions
// into reduce_sum / reduce_max and element-wise ops.
func.func @reduce_sum_square(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %y = gawee.reduce_sum_square %x axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  func.return %y : tensor<2x1x4xf32>
}

func.func @reduce_l1(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %y = gawee.reduce_l1 %x axes = [-2] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

func.func @reduce_l2(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %y = gawee.reduce_l2 %x axes = [1, 2] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  func.return %y : tensor<2x1x1xf32>
}

func.func @reduce_log_sum(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %y = gawee.reduce_log_sum %x axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  func.return %y : tensor<2x1x4xf32>
}

func.func @reduce_log_sum_exp(%x: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
  %y = gawee.reduce_log_sum_exp %x axes = [1] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @reduce_sum_square(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_sum_square %[[X]] axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x1x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reduce_l1(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_l1 %[[X]] axes = [-2] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reduce_l2(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_l2 %[[X]] axes = [1, 2] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x1x1xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reduce_log_sum(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_log_sum %[[X]] axes = [1] keepDims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x1x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reduce_log_sum_exp(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reduce_log_sum_exp %[[X]] axes = [1] keepDims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @reduce_sum_square(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y]] : tensor<2x3x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_2]] : f32) outs(%[[Y_3]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[Y_1]] : tensor<2x3x4xf32>) outs(%[[Y_4]] : tensor<2x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 1, 4]> : tensor<3xi64>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_5]](%[[Y_6]]) : (tensor<2x4xf32>, tensor<3xi64>) -> tensor<2x1x4xf32>
// LINALG-NEXT: func.return %[[Y_7]] : tensor<2x1x4xf32>
// LINALG-NEXT: }

// LINALG-LABEL: func.func @reduce_l1(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y]] : tensor<2x3x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = math.absf %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_2]] : f32) outs(%[[Y_3]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[Y_1]] : tensor<2x3x4xf32>) outs(%[[Y_4]] : tensor<2x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<2x4xf32>
// LINALG-NEXT: func.return %[[Y_5]] : tensor<2x4xf32>
// LINALG-NEXT: }

// LINALG-LABEL: func.func @reduce_l2(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y]] : tensor<2x3x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_2]] : f32) outs(%[[Y_3]] : tensor<2xf32>) -> tensor<2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[Y_1]] : tensor<2x3x4xf32>) outs(%[[Y_4]] : tensor<2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<2xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x1xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_5]] : tensor<2xf32>) outs(%[[Y_6]] : tensor<2x1x1xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = math.sqrt %[[IN_2]] : f32
// LINALG-NEXT: linalg.yield %[[V2]] : f32
// LINALG-NEXT: } -> tensor<2x1x1xf32>
// LINALG-NEXT: func.return %[[Y_7]] : tensor<2x1x1xf32>
// LINALG-NEXT: }

// LINALG-LABEL: func.func @reduce_log_sum(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : f32) outs(%[[Y_1]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y_2]] : tensor<2x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_3]] : tensor<2x4xf32>) outs(%[[Y_4]] : tensor<2x1x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = math.log %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<2x1x4xf32>
// LINALG-NEXT: func.return %[[Y_5]] : tensor<2x1x4xf32>
// LINALG-NEXT: }

// LINALG-LABEL: func.func @reduce_log_sum_exp(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 0xff800000 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y]] : f32) outs(%[[Y_1]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[Y_2]] : tensor<2x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.maximumf %[[OUT]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x4xi1>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_3]] : tensor<2x4xf32>) outs(%[[Y_4]] : tensor<2x1x4xi1>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: i1):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = math.absf %[[IN_1]] : f32
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0x7f800000 : f32
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.cmpf oeq, %[[V1]], %[[V2]] : f32
// LINALG-NEXT: linalg.yield %[[V3]] : i1
// LINALG-NEXT: } -> tensor<2x1x4xi1>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = arith.constant dense<0.000000e+00> : tensor<f32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_5]], %[[Y_6]], %[[Y_3]] : tensor<2x1x4xi1>, tensor<f32>, tensor<2x4xf32>) outs(%[[Y_7]] : tensor<2x1x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: i1, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.select %[[IN_2]], %[[IN_3]], %[[IN_4]] : f32
// LINALG-NEXT: linalg.yield %[[V4]] : f32
// LINALG-NEXT: } -> tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[Y_8]] : tensor<2x3x4xf32>, tensor<2x1x4xf32>) outs(%[[Y_9]] : tensor<2x3x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_5]], %[[IN_6]] : f32
// LINALG-NEXT: linalg.yield %[[V5]] : f32
// LINALG-NEXT: } -> tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_10]] : tensor<2x3x4xf32>) outs(%[[Y_11]] : tensor<2x3x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = math.exp %[[IN_7]] : f32
// LINALG-NEXT: linalg.yield %[[V6]] : f32
// LINALG-NEXT: } -> tensor<2x3x4xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4xf32>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_13]] : f32) outs(%[[Y_14]] : tensor<2x4xf32>) -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[Y_12]] : tensor<2x3x4xf32>) outs(%[[Y_15]] : tensor<2x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_5]], %[[IN_8]] : f32
// LINALG-NEXT: linalg.yield %[[V7]] : f32
// LINALG-NEXT: } -> tensor<2x4xf32>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_16]] : tensor<2x4xf32>) outs(%[[Y_17]] : tensor<2x1x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = math.log %[[IN_9]] : f32
// LINALG-NEXT: linalg.yield %[[V8]] : f32
// LINALG-NEXT: } -> tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = linalg.add ins(%[[Y_18]], %[[Y_8]] : tensor<2x1x4xf32>, tensor<2x1x4xf32>) outs(%[[Y_19]] : tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// LINALG-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 4]> : tensor<2xi64>
// LINALG-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_20]](%[[Y_21]]) : (tensor<2x1x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
// LINALG-NEXT: func.return %[[Y_22]] : tensor<2x4xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @reduce_sum_square(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[X]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y]] axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: func.return %[[Y_1]] : tensor<2x1x4xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @reduce_l1(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.abs %[[X]] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y]] axes = [1] keep_dims = false : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// MIR-NEXT: func.return %[[Y_1]] : tensor<2x4xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @reduce_l2(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[X]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y]] axes = [1, 2] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[Y_1]] : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
// MIR-NEXT: func.return %[[Y_2]] : tensor<2x1x1xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @reduce_log_sum(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[X]] axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.log %[[Y]] : (tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: func.return %[[Y_1]] : tensor<2x1x4xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @reduce_log_sum_exp(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>) -> tensor<2x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reduce max %[[X]] axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.abs %[[Y]] : (tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<0x7f800000> : tensor<f32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp eq %[[Y_1]], %[[Y_2]] broadcast_shape = [2, 1, 4] : (tensor<2x1x4xf32>, tensor<f32>) -> tensor<2x1x4xi1>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_3]], %[[Y_4]], %[[Y]] broadcast_shape = [2, 1, 4] : (tensor<2x1x4xi1>, tensor<f32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[X]], %[[Y_5]] broadcast_shape = [2, 3, 4] : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.exp %[[Y_6]] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y_7]] axes = [1] keep_dims = true : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.log %[[Y_8]] : (tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_9]], %[[Y_5]] broadcast_shape = [2, 1, 4] : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_10]] : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
// MIR-NEXT: func.return %[[Y_11]] : tensor<2x4xf32>
// MIR-NEXT: }
// MIR-NEXT: }

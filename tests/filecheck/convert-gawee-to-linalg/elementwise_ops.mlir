// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// The unary element-wise ops: one linalg.generic each, the op's scalar formula in the
// body (constants created inside it); the binary ops: numpy broadcasting maps.

func.func @neg_0(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.neg %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @neg_0(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V1]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f64, %[[V4:.*]]: f64):
// CHECK-NEXT: %[[V5:.*]] = arith.negf %[[V3]] : f64
// CHECK-NEXT: linalg.yield %[[V5]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V2]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @abs_1(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.abs %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @abs_1(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = math.absf %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @exp_2(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.exp %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @exp_2(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = math.exp %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @log_3(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.log %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @log_3(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V1]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f64, %[[V4:.*]]: f64):
// CHECK-NEXT: %[[V5:.*]] = math.log %[[V3]] : f64
// CHECK-NEXT: linalg.yield %[[V5]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V2]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sqrt_4(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.sqrt %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @sqrt_4(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = math.sqrt %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @reciprocal_5(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.reciprocal %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @reciprocal_5(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V6:.*]] = arith.divf %[[V5]], %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V6]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sin_6(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.sin %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @sin_6(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V1]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f64, %[[V4:.*]]: f64):
// CHECK-NEXT: %[[V5:.*]] = math.sin %[[V3]] : f64
// CHECK-NEXT: linalg.yield %[[V5]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V2]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @cos_7(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.cos %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cos_7(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = math.cos %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @tanh_8(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.tanh %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @tanh_8(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = math.tanh %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sigmoid_9(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.sigmoid %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @sigmoid_9(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V0:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V0]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[V2:.*]] = arith.negf %[[IN]] : f64
// CHECK-NEXT: %[[V3:.*]] = math.exp %[[V2]] : f64
// CHECK-NEXT: %[[V4:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V5:.*]] = arith.addf %[[V3]], %[[V4]] : f64
// CHECK-NEXT: %[[V6:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V7:.*]] = arith.divf %[[V6]], %[[V5]] : f64
// CHECK-NEXT: linalg.yield %[[V7]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @erf_10(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.erf %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @erf_10(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = math.erf %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V5]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @gelu_11(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.gelu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @gelu_11(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[V2:.*]] = arith.constant 0.707106769 : f32
// CHECK-NEXT: %[[V3:.*]] = arith.mulf %[[IN]], %[[V2]] : f32
// CHECK-NEXT: %[[V4:.*]] = math.erf %[[V3]] : f32
// CHECK-NEXT: %[[V5:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[V6:.*]] = arith.mulf %[[IN]], %[[V5]] : f32
// CHECK-NEXT: %[[V7:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V8:.*]] = arith.addf %[[V4]], %[[V7]] : f32
// CHECK-NEXT: %[[V9:.*]] = arith.mulf %[[V6]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @gelu_12(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.gelu %x approximate = "tanh" : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @gelu_12(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V0:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V0]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[V2:.*]] = arith.mulf %[[IN]], %[[IN]] : f64
// CHECK-NEXT: %[[V3:.*]] = arith.mulf %[[V2]], %[[IN]] : f64
// CHECK-NEXT: %[[V4:.*]] = arith.constant 4.471500e-02 : f64
// CHECK-NEXT: %[[V5:.*]] = arith.mulf %[[V3]], %[[V4]] : f64
// CHECK-NEXT: %[[V6:.*]] = arith.addf %[[IN]], %[[V5]] : f64
// CHECK-NEXT: %[[V7:.*]] = arith.constant 0.79788456080286541 : f64
// CHECK-NEXT: %[[V8:.*]] = arith.mulf %[[V6]], %[[V7]] : f64
// CHECK-NEXT: %[[V9:.*]] = math.tanh %[[V8]] : f64
// CHECK-NEXT: %[[V10:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V11:.*]] = arith.mulf %[[IN]], %[[V10]] : f64
// CHECK-NEXT: %[[V12:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V13:.*]] = arith.addf %[[V9]], %[[V12]] : f64
// CHECK-NEXT: %[[V14:.*]] = arith.mulf %[[V11]], %[[V13]] : f64
// CHECK-NEXT: linalg.yield %[[V14]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @hard_sigmoid_13(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.hard_sigmoid %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @hard_sigmoid_13(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[V2:.*]] = arith.constant 2.000000e-01 : f32
// CHECK-NEXT: %[[V3:.*]] = arith.mulf %[[IN]], %[[V2]] : f32
// CHECK-NEXT: %[[V4:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[V5:.*]] = arith.addf %[[V3]], %[[V4]] : f32
// CHECK-NEXT: %[[V6:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V7:.*]] = arith.minimumf %[[V5]], %[[V6]] : f32
// CHECK-NEXT: %[[V8:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V9:.*]] = arith.maximumf %[[V7]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @hard_sigmoid_14(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.hard_sigmoid %x alpha = 0.5 beta = 0.25 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @hard_sigmoid_14(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V0:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V0]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[V2:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[V3:.*]] = arith.mulf %[[IN]], %[[V2]] : f32
// CHECK-NEXT: %[[V4:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT: %[[V5:.*]] = arith.addf %[[V3]], %[[V4]] : f32
// CHECK-NEXT: %[[V6:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V7:.*]] = arith.minimumf %[[V5]], %[[V6]] : f32
// CHECK-NEXT: %[[V8:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V9:.*]] = arith.maximumf %[[V7]], %[[V8]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V1]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @hard_swish_15(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = gawee.hard_swish %x : (tensor<4xf64>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// CHECK-LABEL: func.func @hard_swish_15(
// CHECK-SAME: %[[X:.*]]: tensor<4xf64>) -> tensor<4xf64> {
// CHECK-NEXT: %[[V0:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT: %[[V1:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[X]] : tensor<4xf64>) outs(%[[V0]] : tensor<4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f64, %[[OUT:.*]]: f64):
// CHECK-NEXT: %[[V2:.*]] = arith.constant 0.16666666666666666 : f64
// CHECK-NEXT: %[[V3:.*]] = arith.mulf %[[IN]], %[[V2]] : f64
// CHECK-NEXT: %[[V4:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT: %[[V5:.*]] = arith.addf %[[V3]], %[[V4]] : f64
// CHECK-NEXT: %[[V6:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT: %[[V7:.*]] = arith.minimumf %[[V5]], %[[V6]] : f64
// CHECK-NEXT: %[[V8:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V9:.*]] = arith.maximumf %[[V7]], %[[V8]] : f64
// CHECK-NEXT: %[[V10:.*]] = arith.mulf %[[IN]], %[[V9]] : f64
// CHECK-NEXT: linalg.yield %[[V10]] : f64
// CHECK-NEXT: } -> tensor<4xf64>
// CHECK-NEXT: func.return %[[V1]] : tensor<4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @leaky_relu_16(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.leaky_relu %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @leaky_relu_16(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V6:.*]] = arith.cmpf olt, %[[V3]], %[[V5]] : f32
// CHECK-NEXT: %[[V7:.*]] = arith.constant 1.000000e-02 : f32
// CHECK-NEXT: %[[V8:.*]] = arith.mulf %[[V3]], %[[V7]] : f32
// CHECK-NEXT: %[[V9:.*]] = arith.select %[[V6]], %[[V8]], %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @leaky_relu_17(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = gawee.leaky_relu %x alpha = 0.2 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @leaky_relu_17(
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT: %[[V1:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<2x3xf32>) outs(%[[V1]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V3:.*]]: f32, %[[V4:.*]]: f32):
// CHECK-NEXT: %[[V5:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V6:.*]] = arith.cmpf olt, %[[V3]], %[[V5]] : f32
// CHECK-NEXT: %[[V7:.*]] = arith.constant 2.000000e-01 : f32
// CHECK-NEXT: %[[V8:.*]] = arith.mulf %[[V3]], %[[V7]] : f32
// CHECK-NEXT: %[[V9:.*]] = arith.select %[[V6]], %[[V8]], %[[V3]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: func.return %[[V2]] : tensor<2x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @sub_broadcast(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.sub %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @sub_broadcast(
// CHECK-SAME: %[[A:.*]]: tensor<2x1x4xf32>, %[[B:.*]]: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[V2]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V4:.*]]: f32, %[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = arith.subf %[[V4]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V3]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @mul_broadcast(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.mul %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @mul_broadcast(
// CHECK-SAME: %[[A:.*]]: tensor<2x1x4xf32>, %[[B:.*]]: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[V2]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V4:.*]]: f32, %[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = arith.mulf %[[V4]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V3]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @div_broadcast(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.div %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @div_broadcast(
// CHECK-SAME: %[[A:.*]]: tensor<2x1x4xf32>, %[[B:.*]]: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[V2]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V4:.*]]: f32, %[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = arith.divf %[[V4]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V3]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @pow_broadcast(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.pow %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @pow_broadcast(
// CHECK-SAME: %[[A:.*]]: tensor<2x1x4xf32>, %[[B:.*]]: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V2:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V3:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x1x4xf32>, tensor<3x1xf32>) outs(%[[V2]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V4:.*]]: f32, %[[V5:.*]]: f32, %[[V6:.*]]: f32):
// CHECK-NEXT: %[[V7:.*]] = math.powf %[[V4]], %[[V5]] : f32
// CHECK-NEXT: linalg.yield %[[V7]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V3]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

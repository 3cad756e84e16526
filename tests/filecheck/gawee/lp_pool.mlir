// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.lp_pool: its syntax (dilation and p left out at their defaults) and its
// decomposition: x * x (p = 2) or |x|^p, an average_pool counting the padding times each
// window's count of taps on the input or its padding (the sum; ceil mode's part past
// the padding does not count), and sqrt (p = 2) or ^(1/p); both lowerings lower that.
func.func @lp_pool(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %y = gawee.lp_pool %x kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] ceilMode = false : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  func.return %y : tensor<1x2x2x2xf32>
}
func.func @lp_pool_p3_padded_ceil(%x: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {
  %y = gawee.lp_pool %x kernelSize = [3] strides = [2] padding = [1, 0] ceilMode = true p = 3 : (tensor<1x1x5xf32>) -> tensor<1x1x3xf32>
  func.return %y : tensor<1x1x3xf32>
}

// CHECK-LABEL: func.func @lp_pool(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.lp_pool %[[X]] kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] ceilMode = false : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x2x2x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @lp_pool_p3_padded_ceil(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.lp_pool %[[X]] kernelSize = [3] strides = [2] padding = [1, 0] ceilMode = true p = 3 : (tensor<1x1x5xf32>) -> tensor<1x1x3xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x1x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @lp_pool(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.mul %[[X]], %[[X]] : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.average_pool %[[Y]] kernelSize = [2, 2] strides = [2, 2] padding = [0, 0] ceilMode = false countIncludePad = true : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<4.000000e+00> : tensor<2x2xf32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_1]], %[[Y_2]] : (tensor<1x2x2x2xf32>, tensor<2x2xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.sqrt %[[Y_3]] : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: func.return %[[Y_4]] : tensor<1x2x2x2xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @lp_pool_p3_padded_ceil(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.abs %[[X]] : (tensor<1x1x5xf32>) -> tensor<1x1x5xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.constant dense<3.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.pow %[[Y]], %[[Y_1]] : (tensor<1x1x5xf32>, tensor<f32>) -> tensor<1x1x5xf32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.average_pool %[[Y_2]] kernelSize = [3] strides = [2] padding = [1, 0] ceilMode = true countIncludePad = true : (tensor<1x1x5xf32>) -> tensor<1x1x3xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<[3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.mul %[[Y_3]], %[[Y_4]] : (tensor<1x1x3xf32>, tensor<3xf32>) -> tensor<1x1x3xf32>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.333333343> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.pow %[[Y_5]], %[[Y_6]] : (tensor<1x1x3xf32>, tensor<f32>) -> tensor<1x1x3xf32>
// DECOMPOSED-NEXT: func.return %[[Y_7]] : tensor<1x1x3xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// LINALG-LABEL: func.func @lp_pool(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x4x4xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<1x2x4x4xf32>) outs(%[[Y]] : tensor<1x2x4x4xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<1x2x4x4xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_2]] : f32) outs(%[[Y_3]] : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, ((d2 * 2) + d4), ((d3 * 2) + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[Y_1]], %[[Y_5]] : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%[[Y_4]] : tensor<1x2x2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_1]], %[[IN_1]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_6]] : tensor<1x2x2x2xf32>) outs(%[[Y_7]] : tensor<1x2x2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f32
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_3]], %[[V2]] : f32
// LINALG-NEXT: linalg.yield %[[V3]] : f32
// LINALG-NEXT: } -> tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant dense<4.000000e+00> : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_8]], %[[Y_9]] : tensor<1x2x2x2xf32>, tensor<2x2xf32>) outs(%[[Y_10]] : tensor<1x2x2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_4]], %[[IN_5]] : f32
// LINALG-NEXT: linalg.yield %[[V4]] : f32
// LINALG-NEXT: } -> tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x2x2xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_11]] : tensor<1x2x2x2xf32>) outs(%[[Y_12]] : tensor<1x2x2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = math.sqrt %[[IN_6]] : f32
// LINALG-NEXT: linalg.yield %[[V5]] : f32
// LINALG-NEXT: } -> tensor<1x2x2x2xf32>
// LINALG-NEXT: func.return %[[Y_13]] : tensor<1x2x2x2xf32>
// LINALG-NEXT: }

// LINALG-LABEL: func.func @lp_pool_p3_padded_ceil(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x5xf32>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]] : tensor<1x1x5xf32>) outs(%[[Y]] : tensor<1x1x5xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = math.absf %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<1x1x5xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant dense<3.000000e+00> : tensor<f32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x5xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_1]], %[[Y_2]] : tensor<1x1x5xf32>, tensor<f32>) outs(%[[Y_3]] : tensor<1x1x5xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = math.powf %[[IN_1]], %[[IN_2]] : f32
// LINALG-NEXT: linalg.yield %[[V1]] : f32
// LINALG-NEXT: } -> tensor<1x1x5xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.pad %[[Y_4]] low[0, 0, 1] high[0, 0, 1] {
// LINALG-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y_5]] : f32
// LINALG-NEXT: } : tensor<1x1x5xf32> to tensor<1x1x7xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_5]] : f32) outs(%[[Y_7]] : tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xf32>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, ((d2 * 2) + d3))>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[Y_6]], %[[Y_9]] : tensor<1x1x7xf32>, tensor<3xf32>) outs(%[[Y_8]] : tensor<1x1x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_2]], %[[IN_3]] : f32
// LINALG-NEXT: linalg.yield %[[V5]] : f32
// LINALG-NEXT: } -> tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant dense<[3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_10]], %[[Y_11]] : tensor<1x1x3xf32>, tensor<3xf32>) outs(%[[Y_12]] : tensor<1x1x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_5]], %[[IN_6]] : f32
// LINALG-NEXT: linalg.yield %[[V6]] : f32
// LINALG-NEXT: } -> tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = arith.constant dense<[3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_13]], %[[Y_14]] : tensor<1x1x3xf32>, tensor<3xf32>) outs(%[[Y_15]] : tensor<1x1x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_7]], %[[IN_8]] : f32
// LINALG-NEXT: linalg.yield %[[V7]] : f32
// LINALG-NEXT: } -> tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = arith.constant dense<0.333333343> : tensor<f32>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x3xf32>
// LINALG-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_16]], %[[Y_17]] : tensor<1x1x3xf32>, tensor<f32>) outs(%[[Y_18]] : tensor<1x1x3xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = math.powf %[[IN_9]], %[[IN_10]] : f32
// LINALG-NEXT: linalg.yield %[[V8]] : f32
// LINALG-NEXT: } -> tensor<1x1x3xf32>
// LINALG-NEXT: func.return %[[Y_19]] : tensor<1x1x3xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @lp_pool(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[X]] broadcast_shape = [1, 2, 4, 4] : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y]] permutation = [0, 2, 3, 1] : (tensor<1x2x4x4xf32>) -> tensor<1x4x4x2xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.pool sum %[[Y_1]] input_shape = [1, 4, 4, 2] output_shape = [1, 2, 2, 2] kernel_size = [2, 2] stride = [2, 2] padding = [0, 0, 0, 0] dilation = [1, 1] : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_2]] permutation = [0, 3, 1, 2] : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<4.000000e+00> : tensor<2x2xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_3]], %[[Y_4]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xf32>, tensor<2x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<4.000000e+00> : tensor<2x2xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_5]], %[[Y_6]] broadcast_shape = [1, 2, 2, 2] : (tensor<1x2x2x2xf32>, tensor<2x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[Y_7]] : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: func.return %[[Y_8]] : tensor<1x2x2x2xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @lp_pool_p3_padded_ceil(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.abs %[[X]] : (tensor<1x1x5xf32>) -> tensor<1x1x5xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.broadcast_pow %[[Y]], %[[Y_1]] broadcast_shape = [1, 1, 5] : (tensor<1x1x5xf32>, tensor<f32>) -> tensor<1x1x5xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_2]] : (tensor<1x1x5xf32>) -> tensor<1x1x1x5xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_3]] permutation = [0, 2, 3, 1] : (tensor<1x1x1x5xf32>) -> tensor<1x1x5x1xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.pool sum %[[Y_4]] input_shape = [1, 1, 5, 1] output_shape = [1, 1, 3, 1] kernel_size = [1, 3] stride = [1, 2] padding = [0, 1, 0, 1] dilation = [1, 1] : (tensor<1x1x5x1xf32>) -> tensor<1x1x3x1xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_5]] permutation = [0, 3, 1, 2] : (tensor<1x1x3x1xf32>) -> tensor<1x1x1x3xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<[[3.000000e+00, 3.000000e+00, 2.000000e+00]]> : tensor<1x3xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_6]], %[[Y_7]] broadcast_shape = [1, 1, 1, 3] : (tensor<1x1x1x3xf32>, tensor<1x3xf32>) -> tensor<1x1x1x3xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_8]] : (tensor<1x1x1x3xf32>) -> tensor<1x1x3xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.constant dense<[3.000000e+00, 3.000000e+00, 2.000000e+00]> : tensor<3xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_9]], %[[Y_10]] broadcast_shape = [1, 1, 3] : (tensor<1x1x3xf32>, tensor<3xf32>) -> tensor<1x1x3xf32>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.333333343> : tensor<f32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.broadcast_pow %[[Y_11]], %[[Y_12]] broadcast_shape = [1, 1, 3] : (tensor<1x1x3xf32>, tensor<f32>) -> tensor<1x1x3xf32>
// MIR-NEXT: func.return %[[Y_13]] : tensor<1x1x3xf32>
// MIR-NEXT: }
// MIR-NEXT: }

// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.group_norm: its syntax, and both lowerings of its decomposition (the input
// reshaped to [N, groups, rest], reduce_mean over the rest, element-wise ops, reshaped
// back; the per-channel weight and bias reshaped to [C, 1, 1]).
func.func @group_norm(%x: tensor<2x4x3x5xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x4x3x5xf32> {
  %y = gawee.group_norm %x, %w, %b numGroups = 2 epsilon = 1.000000e-03 : (tensor<2x4x3x5xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x5xf32>
  func.return %y : tensor<2x4x3x5xf32>
}

// CHECK-LABEL: func.func @group_norm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x4x3x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<2x4x3x5xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.group_norm %[[X]], %[[W]], %[[B]] numGroups = 2 epsilon = 1.000000e-03 : (tensor<2x4x3x5xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x5xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x4x3x5xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// LINALG-LABEL: func.func @group_norm(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x4x3x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<2x4x3x5xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 2, 30]> : tensor<3xi64>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[Y]]) : (tensor<2x4x3x5xf32>, tensor<3xi64>) -> tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_2]] : f32) outs(%[[Y_3]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[Y_1]] : tensor<2x2x30xf32>) outs(%[[Y_4]] : tensor<2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// LINALG-NEXT: linalg.yield %[[V0]] : f32
// LINALG-NEXT: } -> tensor<2x2xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_5]] : tensor<2x2xf32>) outs(%[[Y_6]] : tensor<2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = arith.constant 3.000000e+01 : f32
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_1]], %[[V1]] : f32
// LINALG-NEXT: linalg.yield %[[V2]] : f32
// LINALG-NEXT: } -> tensor<2x2xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_1]], %[[Y_7]] : tensor<2x2x30xf32>, tensor<2x2xf32>) outs(%[[Y_8]] : tensor<2x2x30xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_2]], %[[IN_3]] : f32
// LINALG-NEXT: linalg.yield %[[V3]] : f32
// LINALG-NEXT: } -> tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_9]] : tensor<2x2x30xf32>) outs(%[[Y_10]] : tensor<2x2x30xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_4]], %[[IN_4]] : f32
// LINALG-NEXT: linalg.yield %[[V4]] : f32
// LINALG-NEXT: } -> tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_12]] : f32) outs(%[[Y_13]] : tensor<2x2xf32>) -> tensor<2x2xf32>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[Y_11]] : tensor<2x2x30xf32>) outs(%[[Y_14]] : tensor<2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_4]], %[[IN_5]] : f32
// LINALG-NEXT: linalg.yield %[[V5]] : f32
// LINALG-NEXT: } -> tensor<2x2xf32>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2xf32>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[Y_15]] : tensor<2x2xf32>) outs(%[[Y_16]] : tensor<2x2xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant 3.000000e+01 : f32
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_6]], %[[V6]] : f32
// LINALG-NEXT: linalg.yield %[[V7]] : f32
// LINALG-NEXT: } -> tensor<2x2xf32>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = arith.constant dense<1.000000e-03> : tensor<f32>
// LINALG-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x1xf32>
// LINALG-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_17]], %[[Y_18]] : tensor<2x2xf32>, tensor<f32>) outs(%[[Y_19]] : tensor<2x2x1xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_7]], %[[IN_8]] : f32
// LINALG-NEXT: linalg.yield %[[V8]] : f32
// LINALG-NEXT: } -> tensor<2x2x1xf32>
// LINALG-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x1xf32>
// LINALG-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_20]] : tensor<2x2x1xf32>) outs(%[[Y_21]] : tensor<2x2x1xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = math.sqrt %[[IN_9]] : f32
// LINALG-NEXT: linalg.yield %[[V9]] : f32
// LINALG-NEXT: } -> tensor<2x2x1xf32>
// LINALG-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_9]], %[[Y_22]] : tensor<2x2x30xf32>, tensor<2x2x1xf32>) outs(%[[Y_23]] : tensor<2x2x30xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_10]], %[[IN_11]] : f32
// LINALG-NEXT: linalg.yield %[[V10]] : f32
// LINALG-NEXT: } -> tensor<2x2x30xf32>
// LINALG-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 4, 3, 5]> : tensor<4xi64>
// LINALG-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_24]](%[[Y_25]]) : (tensor<2x2x30xf32>, tensor<4xi64>) -> tensor<2x4x3x5xf32>
// LINALG-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4x3x5xf32>
// LINALG-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_26]], %[[W]] : tensor<2x4x3x5xf32>, tensor<4xf32>) outs(%[[Y_27]] : tensor<2x4x3x5xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_12]], %[[IN_13]] : f32
// LINALG-NEXT: linalg.yield %[[V11]] : f32
// LINALG-NEXT: } -> tensor<2x4x3x5xf32>
// LINALG-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x4x3x5xf32>
// LINALG-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_28]], %[[B]] : tensor<2x4x3x5xf32>, tensor<4xf32>) outs(%[[Y_29]] : tensor<2x4x3x5xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_14]], %[[IN_15]] : f32
// LINALG-NEXT: linalg.yield %[[V12]] : f32
// LINALG-NEXT: } -> tensor<2x4x3x5xf32>
// LINALG-NEXT: func.return %[[Y_30]] : tensor<2x4x3x5xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @group_norm(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x4x3x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<2x4x3x5xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<2x4x3x5xf32>) -> tensor<2x2x30xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[Y]] axes = [2] keep_dims = true : (tensor<2x2x30xf32>) -> tensor<2x2x1xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[Y]], %[[Y_1]] broadcast_shape = [2, 2, 30] : (tensor<2x2x30xf32>, tensor<2x2x1xf32>) -> tensor<2x2x30xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_2]], %[[Y_2]] broadcast_shape = [2, 2, 30] : (tensor<2x2x30xf32>, tensor<2x2x30xf32>) -> tensor<2x2x30xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.reduce mean %[[Y_3]] axes = [2] keep_dims = true : (tensor<2x2x30xf32>) -> tensor<2x2x1xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e-03> : tensor<f32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_4]], %[[Y_5]] broadcast_shape = [2, 2, 1] : (tensor<2x2x1xf32>, tensor<f32>) -> tensor<2x2x1xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.sqrt %[[Y_6]] : (tensor<2x2x1xf32>) -> tensor<2x2x1xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_2]], %[[Y_7]] broadcast_shape = [2, 2, 30] : (tensor<2x2x30xf32>, tensor<2x2x1xf32>) -> tensor<2x2x30xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_8]] : (tensor<2x2x30xf32>) -> tensor<2x4x3x5xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.reshape %[[W]] : (tensor<4xf32>) -> tensor<4x1x1xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.reshape %[[B]] : (tensor<4xf32>) -> tensor<4x1x1xf32>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_9]], %[[Y_10]] broadcast_shape = [2, 4, 3, 5] : (tensor<2x4x3x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x3x5xf32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_12]], %[[Y_11]] broadcast_shape = [2, 4, 3, 5] : (tensor<2x4x3x5xf32>, tensor<4x1x1xf32>) -> tensor<2x4x3x5xf32>
// MIR-NEXT: func.return %[[Y_13]] : tensor<2x4x3x5xf32>
// MIR-NEXT: }
// MIR-NEXT: }

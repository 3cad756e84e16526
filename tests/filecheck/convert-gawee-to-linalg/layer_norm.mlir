// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s
// RUN: xdsl-opt %s --split-input-file | xdsl-opt --split-input-file --print-op-generic | xdsl-opt --split-input-file | filecheck %s --check-prefix=ROUNDTRIP

// layer_norm: the mean and the variance over the dims from `axis` on (sum into a
// fill of 0, divided by the count), then (x - mean) / sqrt(var + eps) * w (+ b).

func.func @layer_norm(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.000000e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>, %[[W:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V3:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V4:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V5:.*]] = linalg.fill ins(%[[V3]] : f32) outs(%[[V4]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V6:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V5]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V7:.*]]: f32, %[[V8:.*]]: f32):
// CHECK-NEXT: %[[V9:.*]] = arith.addf %[[V8]], %[[V7]] : f32
// CHECK-NEXT: linalg.yield %[[V9]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V10:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V11:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V6]] : tensor<2x3xf32>) outs(%[[V10]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V12:.*]]: f32, %[[V13:.*]]: f32):
// CHECK-NEXT: %[[V14:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[V15:.*]] = arith.divf %[[V12]], %[[V14]] : f32
// CHECK-NEXT: linalg.yield %[[V15]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V16:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V17:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V18:.*]] = linalg.fill ins(%[[V16]] : f32) outs(%[[V17]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V19:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]], %[[V11]] : tensor<2x3x4xf32>, tensor<2x3xf32>) outs(%[[V18]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V20:.*]]: f32, %[[V21:.*]]: f32, %[[V22:.*]]: f32):
// CHECK-NEXT: %[[V23:.*]] = arith.subf %[[V20]], %[[V21]] : f32
// CHECK-NEXT: %[[V24:.*]] = arith.mulf %[[V23]], %[[V23]] : f32
// CHECK-NEXT: %[[V25:.*]] = arith.addf %[[V22]], %[[V24]] : f32
// CHECK-NEXT: linalg.yield %[[V25]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V26:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V27:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V19]] : tensor<2x3xf32>) outs(%[[V26]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[V28:.*]]: f32, %[[V29:.*]]: f32):
// CHECK-NEXT: %[[V30:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[V31:.*]] = arith.divf %[[V28]], %[[V30]] : f32
// CHECK-NEXT: linalg.yield %[[V31]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V32:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V33:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[V11]], %[[V27]], %[[W]], %[[B]] : tensor<2x3x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>) outs(%[[V32]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[V34:.*]]: f32, %[[V35:.*]]: f32, %[[V36:.*]]: f32, %[[V37:.*]]: f32, %[[V38:.*]]: f32, %[[V39:.*]]: f32):
// CHECK-NEXT: %[[V40:.*]] = arith.constant 1.000000e-05 : f32
// CHECK-NEXT: %[[V41:.*]] = arith.addf %[[V36]], %[[V40]] : f32
// CHECK-NEXT: %[[V42:.*]] = math.sqrt %[[V41]] : f32
// CHECK-NEXT: %[[V43:.*]] = arith.subf %[[V34]], %[[V35]] : f32
// CHECK-NEXT: %[[V44:.*]] = arith.divf %[[V43]], %[[V42]] : f32
// CHECK-NEXT: %[[V45:.*]] = arith.mulf %[[V44]], %[[V37]] : f32
// CHECK-NEXT: %[[V46:.*]] = arith.addf %[[V45]], %[[V38]] : f32
// CHECK-NEXT: linalg.yield %[[V46]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V33]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @layer_norm_no_bias(%x: tensor<2x3x4xf64>, %w: tensor<3x4xf64>) -> tensor<2x3x4xf64> {
  %0 = gawee.layer_norm %x, %w axis = 1 epsilon = 1.000000e-03 : (tensor<2x3x4xf64>, tensor<3x4xf64>) -> tensor<2x3x4xf64>
  func.return %0 : tensor<2x3x4xf64>
}

// CHECK-LABEL: func.func @layer_norm_no_bias(
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf64>, %[[W:.*]]: tensor<3x4xf64>) -> tensor<2x3x4xf64> {
// CHECK-NEXT: %[[V2:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V3:.*]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V4:.*]] = linalg.fill ins(%[[V2]] : f64) outs(%[[V3]] : tensor<2xf64>) -> tensor<2xf64>
// CHECK-NEXT: %[[V5:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xf64>) outs(%[[V4]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[V6:.*]]: f64, %[[V7:.*]]: f64):
// CHECK-NEXT: %[[V8:.*]] = arith.addf %[[V7]], %[[V6]] : f64
// CHECK-NEXT: linalg.yield %[[V8]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V9:.*]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V10:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[V5]] : tensor<2xf64>) outs(%[[V9]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[V11:.*]]: f64, %[[V12:.*]]: f64):
// CHECK-NEXT: %[[V13:.*]] = arith.constant 1.200000e+01 : f64
// CHECK-NEXT: %[[V14:.*]] = arith.divf %[[V11]], %[[V13]] : f64
// CHECK-NEXT: linalg.yield %[[V14]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V15:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V16:.*]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V17:.*]] = linalg.fill ins(%[[V15]] : f64) outs(%[[V16]] : tensor<2xf64>) -> tensor<2xf64>
// CHECK-NEXT: %[[V18:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]], %[[V10]] : tensor<2x3x4xf64>, tensor<2xf64>) outs(%[[V17]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[V19:.*]]: f64, %[[V20:.*]]: f64, %[[V21:.*]]: f64):
// CHECK-NEXT: %[[V22:.*]] = arith.subf %[[V19]], %[[V20]] : f64
// CHECK-NEXT: %[[V23:.*]] = arith.mulf %[[V22]], %[[V22]] : f64
// CHECK-NEXT: %[[V24:.*]] = arith.addf %[[V21]], %[[V23]] : f64
// CHECK-NEXT: linalg.yield %[[V24]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V25:.*]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V26:.*]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[V18]] : tensor<2xf64>) outs(%[[V25]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[V27:.*]]: f64, %[[V28:.*]]: f64):
// CHECK-NEXT: %[[V29:.*]] = arith.constant 1.200000e+01 : f64
// CHECK-NEXT: %[[V30:.*]] = arith.divf %[[V27]], %[[V29]] : f64
// CHECK-NEXT: linalg.yield %[[V30]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V31:.*]] = tensor.empty() : tensor<2x3x4xf64>
// CHECK-NEXT: %[[V32:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[V10]], %[[V26]], %[[W]] : tensor<2x3x4xf64>, tensor<2xf64>, tensor<2xf64>, tensor<3x4xf64>) outs(%[[V31]] : tensor<2x3x4xf64>) {
// CHECK-NEXT: ^bb0(%[[V33:.*]]: f64, %[[V34:.*]]: f64, %[[V35:.*]]: f64, %[[V36:.*]]: f64, %[[V37:.*]]: f64):
// CHECK-NEXT: %[[V38:.*]] = arith.constant 1.000000e-03 : f64
// CHECK-NEXT: %[[V39:.*]] = arith.addf %[[V35]], %[[V38]] : f64
// CHECK-NEXT: %[[V40:.*]] = math.sqrt %[[V39]] : f64
// CHECK-NEXT: %[[V41:.*]] = arith.subf %[[V33]], %[[V34]] : f64
// CHECK-NEXT: %[[V42:.*]] = arith.divf %[[V41]], %[[V40]] : f64
// CHECK-NEXT: %[[V43:.*]] = arith.mulf %[[V42]], %[[V36]] : f64
// CHECK-NEXT: linalg.yield %[[V43]] : f64
// CHECK-NEXT: } -> tensor<2x3x4xf64>
// CHECK-NEXT: func.return %[[V32]] : tensor<2x3x4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// ROUNDTRIP: %0 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.000000e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// ROUNDTRIP: %0 = gawee.layer_norm %x, %w axis = 1 epsilon = 1.000000e-03 : (tensor<2x3x4xf64>, tensor<3x4xf64>) -> tensor<2x3x4xf64>

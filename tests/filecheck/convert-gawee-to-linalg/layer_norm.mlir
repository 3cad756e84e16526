// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s
// RUN: xdsl-opt %s --split-input-file | xdsl-opt --split-input-file --print-op-generic | xdsl-opt --split-input-file | filecheck %s --check-prefix=ROUNDTRIP

// layer_norm lowers as its decomposition: the mean over the dims from `axis` on (sum
// into a fill of 0, divided by the count), x - mean, the mean of its square, then
// / sqrt(var + eps) * w (+ b), one generic per element-wise op; the statistics, kept
// as [2, 3, 1] by the decomposition, are read through the maps, `(d0, d1, d2) -> (d0,
// d1)`, with no tensor.reshape.

func.func @layer_norm(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.000000e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @layer_norm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V1]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[V2]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[V4]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V3]] : tensor<2x3xf32>) outs(%[[V5]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_1]], %[[V7]] : f32
// CHECK-NEXT: linalg.yield %[[V8]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[V6]] : tensor<2x3x4xf32>, tensor<2x3xf32>) outs(%[[V9]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_2]], %[[IN_3]] : f32
// CHECK-NEXT: linalg.yield %[[V11]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V10]] : tensor<2x3x4xf32>) outs(%[[V12]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_4]], %[[IN_4]] : f32
// CHECK-NEXT: linalg.yield %[[V14]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V15]] : f32) outs(%[[V16]] : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[V13]] : tensor<2x3x4xf32>) outs(%[[V17]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_4]], %[[IN_5]] : f32
// CHECK-NEXT: linalg.yield %[[V19]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V18]] : tensor<2x3xf32>) outs(%[[V20]] : tensor<2x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_6]], %[[V22]] : f32
// CHECK-NEXT: linalg.yield %[[V23]] : f32
// CHECK-NEXT: } -> tensor<2x3xf32>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant dense<1.000000e-05> : tensor<f32>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x1xf32>
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V21]], %[[V24]] : tensor<2x3xf32>, tensor<f32>) outs(%[[V25]] : tensor<2x3x1xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f32, %[[IN_8:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_7]], %[[IN_8]] : f32
// CHECK-NEXT: linalg.yield %[[V27]] : f32
// CHECK-NEXT: } -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x1xf32>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V26]] : tensor<2x3x1xf32>) outs(%[[V28]] : tensor<2x3x1xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = math.sqrt %[[IN_9]] : f32
// CHECK-NEXT: linalg.yield %[[V30]] : f32
// CHECK-NEXT: } -> tensor<2x3x1xf32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V10]], %[[V29]] : tensor<2x3x4xf32>, tensor<2x3x1xf32>) outs(%[[V31]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f32, %[[IN_11:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_10]], %[[IN_11]] : f32
// CHECK-NEXT: linalg.yield %[[V33]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V32]], %[[W]] : tensor<2x3x4xf32>, tensor<4xf32>) outs(%[[V34]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f32, %[[IN_13:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_12]], %[[IN_13]] : f32
// CHECK-NEXT: linalg.yield %[[V36]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V35]], %[[B]] : tensor<2x3x4xf32>, tensor<4xf32>) outs(%[[V37]] : tensor<2x3x4xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_14:[a-zA-Z0-9_$.]+]]: f32, %[[IN_15:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_10:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_14]], %[[IN_15]] : f32
// CHECK-NEXT: linalg.yield %[[V39]] : f32
// CHECK-NEXT: } -> tensor<2x3x4xf32>
// CHECK-NEXT: func.return %[[V38]] : tensor<2x3x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @layer_norm_no_bias(%x: tensor<2x3x4xf64>, %w: tensor<3x4xf64>) -> tensor<2x3x4xf64> {
  %0 = gawee.layer_norm %x, %w axis = 1 epsilon = 1.000000e-03 : (tensor<2x3x4xf64>, tensor<3x4xf64>) -> tensor<2x3x4xf64>
  func.return %0 : tensor<2x3x4xf64>
}

// CHECK-LABEL: func.func @layer_norm_no_bias(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x4xf64>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<3x4xf64>) -> tensor<2x3x4xf64> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f64) outs(%[[V1]] : tensor<2xf64>) -> tensor<2xf64>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[X]] : tensor<2x3x4xf64>) outs(%[[V2]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[IN]] : f64
// CHECK-NEXT: linalg.yield %[[V4]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[V3]] : tensor<2xf64>) outs(%[[V5]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 1.200000e+01 : f64
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_1]], %[[V7]] : f64
// CHECK-NEXT: linalg.yield %[[V8]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf64>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[V6]] : tensor<2x3x4xf64>, tensor<2xf64>) outs(%[[V9]] : tensor<2x3x4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f64, %[[IN_3:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_2:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.subf %[[IN_2]], %[[IN_3]] : f64
// CHECK-NEXT: linalg.yield %[[V11]] : f64
// CHECK-NEXT: } -> tensor<2x3x4xf64>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf64>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V10]] : tensor<2x3x4xf64>) outs(%[[V12]] : tensor<2x3x4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_4:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_3:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_4]], %[[IN_4]] : f64
// CHECK-NEXT: linalg.yield %[[V14]] : f64
// CHECK-NEXT: } -> tensor<2x3x4xf64>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f64
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V15]] : f64) outs(%[[V16]] : tensor<2xf64>) -> tensor<2xf64>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[V13]] : tensor<2x3x4xf64>) outs(%[[V17]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_5:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_4:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT_4]], %[[IN_5]] : f64
// CHECK-NEXT: linalg.yield %[[V19]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2xf64>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%[[V18]] : tensor<2xf64>) outs(%[[V20]] : tensor<2xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_6:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_5:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.constant 1.200000e+01 : f64
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_6]], %[[V22]] : f64
// CHECK-NEXT: linalg.yield %[[V23]] : f64
// CHECK-NEXT: } -> tensor<2xf64>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.constant dense<1.000000e-03> : tensor<f64>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x1xf64>
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V21]], %[[V24]] : tensor<2xf64>, tensor<f64>) outs(%[[V25]] : tensor<2x1x1xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_7:[a-zA-Z0-9_$.]+]]: f64, %[[IN_8:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_6:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_7]], %[[IN_8]] : f64
// CHECK-NEXT: linalg.yield %[[V27]] : f64
// CHECK-NEXT: } -> tensor<2x1x1xf64>
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x1xf64>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V26]] : tensor<2x1x1xf64>) outs(%[[V28]] : tensor<2x1x1xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_9:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_7:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = math.sqrt %[[IN_9]] : f64
// CHECK-NEXT: linalg.yield %[[V30]] : f64
// CHECK-NEXT: } -> tensor<2x1x1xf64>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf64>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, 0, 0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V10]], %[[V29]] : tensor<2x3x4xf64>, tensor<2x1x1xf64>) outs(%[[V31]] : tensor<2x3x4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_10:[a-zA-Z0-9_$.]+]]: f64, %[[IN_11:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_8:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_10]], %[[IN_11]] : f64
// CHECK-NEXT: linalg.yield %[[V33]] : f64
// CHECK-NEXT: } -> tensor<2x3x4xf64>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x4xf64>
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[V32]], %[[W]] : tensor<2x3x4xf64>, tensor<3x4xf64>) outs(%[[V34]] : tensor<2x3x4xf64>) {
// CHECK-NEXT: ^bb0(%[[IN_12:[a-zA-Z0-9_$.]+]]: f64, %[[IN_13:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_9:[a-zA-Z0-9_$.]+]]: f64):
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN_12]], %[[IN_13]] : f64
// CHECK-NEXT: linalg.yield %[[V36]] : f64
// CHECK-NEXT: } -> tensor<2x3x4xf64>
// CHECK-NEXT: func.return %[[V35]] : tensor<2x3x4xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// ROUNDTRIP: %0 = gawee.layer_norm %x, %w, %b axis = -1 epsilon = 1.000000e-05 : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// ROUNDTRIP: %0 = gawee.layer_norm %x, %w axis = 1 epsilon = 1.000000e-03 : (tensor<2x3x4xf64>, tensor<3x4xf64>) -> tensor<2x3x4xf64>

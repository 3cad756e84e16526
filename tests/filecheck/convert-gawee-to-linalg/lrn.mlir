// RUN: xdsl-opt %s -p convert-gawee-to-linalg --split-input-file | filecheck %s

// lrn: the input padded with zero channels, a generic summing the squares of each
// channel window (d1 + d4 over a tensor<size> window), then
// x / powf(bias + alpha / size * sum, beta).

// AlexNet's LRN (size 5, the ONNX defaults alpha 1e-4, beta 0.75, bias 1): 2 zero
// channels on each side; alpha / size = 2e-5.
func.func @lrn_alexnet(%x: tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32> {
  %0 = gawee.lrn %x size = 5 : (tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
  func.return %0 : tensor<1x6x3x3xf32>
}

// CHECK-LABEL: func.func @lrn_alexnet(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 2, 0, 0] high[0, 2, 0, 0] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f32
// CHECK-NEXT: } : tensor<1x6x3x3xf32> to tensor<1x10x3x3xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<5xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x6x3x3xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V7]] : tensor<1x6x3x3xf32>) -> tensor<1x6x3x3xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, (d1 + d4), d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[V1]], %[[V6]] : tensor<1x10x3x3xf32>, tensor<5xf32>) outs(%[[V8]] : tensor<1x6x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V10]] : f32
// CHECK-NEXT: linalg.yield %[[V11]] : f32
// CHECK-NEXT: } -> tensor<1x6x3x3xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x6x3x3xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[V9]] : tensor<1x6x3x3xf32>, tensor<1x6x3x3xf32>) outs(%[[V12]] : tensor<1x6x3x3xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e-05 : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V15]], %[[IN_3]] : f32
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.addf %[[V14]], %[[V16]] : f32
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 7.500000e-01 : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = math.powf %[[V17]], %[[V18]] : f32
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[V19]] : f32
// CHECK-NEXT: linalg.yield %[[V20]] : f32
// CHECK-NEXT: } -> tensor<1x6x3x3xf32>
// CHECK-NEXT: func.return %[[V13]] : tensor<1x6x3x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// An even size: ONNX's window reaches 1 channel back and 2 forward (low 1, high 2).
func.func @lrn_even(%x: tensor<2x5x2x2xf32>) -> tensor<2x5x2x2xf32> {
  %0 = "gawee.lrn"(%x) {alpha = 4.000000e-01 : f64, beta = 5.000000e-01 : f64, bias = 2.000000e+00 : f64, size = 4 : i64} : (tensor<2x5x2x2xf32>) -> tensor<2x5x2x2xf32>
  func.return %0 : tensor<2x5x2x2xf32>
}

// CHECK-LABEL: func.func @lrn_even(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x5x2x2xf32>) -> tensor<2x5x2x2xf32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 1, 0, 0] high[0, 2, 0, 0] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f32
// CHECK-NEXT: } : tensor<2x5x2x2xf32> to tensor<2x8x2x2xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5x2x2xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V0]] : f32) outs(%[[V7]] : tensor<2x5x2x2xf32>) -> tensor<2x5x2x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, (d1 + d4), d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[V1]], %[[V6]] : tensor<2x8x2x2xf32>, tensor<4xf32>) outs(%[[V8]] : tensor<2x5x2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V10]] : f32
// CHECK-NEXT: linalg.yield %[[V11]] : f32
// CHECK-NEXT: } -> tensor<2x5x2x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x5x2x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[V9]] : tensor<2x5x2x2xf32>, tensor<2x5x2x2xf32>) outs(%[[V12]] : tensor<2x5x2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e-01 : f32
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V15]], %[[IN_3]] : f32
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.addf %[[V14]], %[[V16]] : f32
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = math.powf %[[V17]], %[[V18]] : f32
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.divf %[[IN_2]], %[[V19]] : f32
// CHECK-NEXT: linalg.yield %[[V20]] : f32
// CHECK-NEXT: } -> tensor<2x5x2x2xf32>
// CHECK-NEXT: func.return %[[V13]] : tensor<2x5x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// f16 computes in f32, as the gawee interpreter does: each element extended
// (arith.extf), the window sums an f32 tensor, the power and the quotient in f32, and
// one arith.truncf at the end.
func.func @lrn_f16(%x: tensor<1x4x2x2xf16>) -> tensor<1x4x2x2xf16> {
  %0 = gawee.lrn %x size = 3 alpha = 5.000000e-01 : (tensor<1x4x2x2xf16>) -> tensor<1x4x2x2xf16>
  func.return %0 : tensor<1x4x2x2xf16>
}

// CHECK-LABEL: func.func @lrn_f16(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x2x2xf16>) -> tensor<1x4x2x2xf16> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 1, 0, 0] high[0, 1, 0, 0] {
// CHECK-NEXT: ^bb0(%[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// CHECK-NEXT: tensor.yield %[[V0]] : f16
// CHECK-NEXT: } : tensor<1x4x2x2xf16> to tensor<1x6x2x2xf16>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3xf16>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[V7]] : f32) outs(%[[V8]] : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, (d1 + d4), d2, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[V1]], %[[V6]] : tensor<1x6x2x2xf16>, tensor<3xf16>) outs(%[[V9]] : tensor<1x4x2x2xf32>) {
// CHECK-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f16, %[[IN_1:[a-zA-Z0-9_$.]+]]: f16, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V11]], %[[V11]] : f32
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.addf %[[OUT]], %[[V12]] : f32
// CHECK-NEXT: linalg.yield %[[V13]] : f32
// CHECK-NEXT: } -> tensor<1x4x2x2xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x4x2x2xf16>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[X]], %[[V10]] : tensor<1x4x2x2xf16>, tensor<1x4x2x2xf32>) outs(%[[V14]] : tensor<1x4x2x2xf16>) {
// CHECK-NEXT: ^bb0(%[[IN_2:[a-zA-Z0-9_$.]+]]: f16, %[[IN_3:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f16):
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.extf %[[IN_2]] : f16 to f32
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant 0.166666672 : f32
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.mulf %[[V18]], %[[IN_3]] : f32
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.addf %[[V17]], %[[V19]] : f32
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 7.500000e-01 : f32
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = math.powf %[[V20]], %[[V21]] : f32
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.divf %[[V16]], %[[V22]] : f32
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = arith.truncf %[[V23]] : f32 to f16
// CHECK-NEXT: linalg.yield %[[V24]] : f16
// CHECK-NEXT: } -> tensor<1x4x2x2xf16>
// CHECK-NEXT: func.return %[[V15]] : tensor<1x4x2x2xf16>
// CHECK-NEXT: }
// CHECK-NEXT: }

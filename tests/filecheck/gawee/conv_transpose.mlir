// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSE
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.conv_transpose: its syntax, its decomposition (zeros inserted between the
// input's elements by reshape + pad + reshape, the border padded, the weight flipped
// and regrouped, a stride-1 conv) and both lowerings of it.
func.func @conv_transpose(%x: tensor<1x2x3x3xf32>, %w: tensor<2x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x6x6xf32> {
  %y = gawee.conv_transpose %x, %w, %b strides = [2, 2] padding = [1, 1] dilation = [1, 1] outputPadding = [1, 1] : (tensor<1x2x3x3xf32>, tensor<2x3x3x3xf32>, tensor<3xf32>) -> tensor<1x3x6x6xf32>
  func.return %y : tensor<1x3x6x6xf32>
}

// A grouped 1-D one, dilated, padded past the dilated kernel (the border cropped).
func.func @conv_transpose_1d(%x: tensor<1x4x5xf32>, %w: tensor<4x1x2xf32>) -> tensor<1x2x4xf32> {
  %y = gawee.conv_transpose %x, %w strides = [1] padding = [4, 0] dilation = [3] groups = 2 : (tensor<1x4x5xf32>, tensor<4x1x2xf32>) -> tensor<1x2x4xf32>
  func.return %y : tensor<1x2x4xf32>
}

// CHECK-LABEL: func.func @conv_transpose(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3x3x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> tensor<1x3x6x6xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.conv_transpose %[[X]], %[[W]], %[[B]] strides = [2, 2] padding = [1, 1] dilation = [1, 1] outputPadding = [1, 1] : (tensor<1x2x3x3xf32>, tensor<2x3x3x3xf32>, tensor<3xf32>) -> tensor<1x3x6x6xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x3x6x6xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @conv_transpose_1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x1x2xf32>) -> tensor<1x2x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.conv_transpose %[[X]], %[[W]] strides = [1] padding = [4, 0] dilation = [3] groups = 2 : (tensor<1x4x5xf32>, tensor<4x1x2xf32>) -> tensor<1x2x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x2x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSE-LABEL: func.func @conv_transpose(
// DECOMPOSE-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3x3x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> tensor<1x3x6x6xf32> {
// DECOMPOSE-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x1x3x1xf32>
// DECOMPOSE-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.pad %[[Y]] pads = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1] : (tensor<1x2x3x1x3x1xf32>) -> tensor<1x2x3x2x3x2xf32>
// DECOMPOSE-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_1]] : (tensor<1x2x3x2x3x2xf32>) -> tensor<1x2x6x6xf32>
// DECOMPOSE-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.pad %[[Y_2]] pads = [0, 0, 1, 1, 0, 0, 1, 1] : (tensor<1x2x6x6xf32>) -> tensor<1x2x8x8xf32>
// DECOMPOSE-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.slice %[[W]] starts = [-1, -1] ends = [-4, -4] axes = [2, 3] steps = [-1, -1] : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// DECOMPOSE-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[Y_4]] perm = [1, 0, 2, 3] : (tensor<2x3x3x3xf32>) -> tensor<3x2x3x3xf32>
// DECOMPOSE-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.conv %[[Y_3]], %[[Y_5]], %[[B]] strides = [1, 1] padding = [0, 0] dilation = [1, 1] : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x6x6xf32>
// DECOMPOSE-NEXT: func.return %[[Y_6]] : tensor<1x3x6x6xf32>
// DECOMPOSE-NEXT: }
// DECOMPOSE-LABEL: func.func @conv_transpose_1d(
// DECOMPOSE-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x1x2xf32>) -> tensor<1x2x4xf32> {
// DECOMPOSE-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.pad %[[X]] pads = [0, 0, 0, 0, 0, 3] : (tensor<1x4x5xf32>) -> tensor<1x4x8xf32>
// DECOMPOSE-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.pad %[[Y]] pads = [0, 0, -1, 0, 0, 0] : (tensor<1x4x8xf32>) -> tensor<1x4x7xf32>
// DECOMPOSE-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.slice %[[W]] starts = [-1] ends = [-3] axes = [2] steps = [-1] : (tensor<4x1x2xf32>) -> tensor<4x1x2xf32>
// DECOMPOSE-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_2]] : (tensor<4x1x2xf32>) -> tensor<2x2x1x2xf32>
// DECOMPOSE-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[Y_3]] perm = [0, 2, 1, 3] : (tensor<2x2x1x2xf32>) -> tensor<2x1x2x2xf32>
// DECOMPOSE-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[Y_4]] : (tensor<2x1x2x2xf32>) -> tensor<2x2x2xf32>
// DECOMPOSE-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.conv %[[Y_1]], %[[Y_5]] strides = [1] padding = [0] dilation = [3] groups = 2 : (tensor<1x4x7xf32>, tensor<2x2x2xf32>) -> tensor<1x2x4xf32>
// DECOMPOSE-NEXT: func.return %[[Y_6]] : tensor<1x2x4xf32>
// DECOMPOSE-NEXT: }
// DECOMPOSE-NEXT: }

// LINALG-LABEL: func.func @conv_transpose(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3x3x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> tensor<1x3x6x6xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2, 3, 1, 3, 1]> : tensor<6xi64>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[Y]]) : (tensor<1x2x3x3xf32>, tensor<6xi64>) -> tensor<1x2x3x1x3x1xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.pad %[[Y_1]] low[0, 0, 0, 0, 0, 0] high[0, 0, 0, 1, 0, 1] {
// LINALG-NEXT: ^bb0(%[[V0:[a-zA-Z0-9_$.]+]]: index, %[[V1:[a-zA-Z0-9_$.]+]]: index, %[[V2:[a-zA-Z0-9_$.]+]]: index, %[[V3:[a-zA-Z0-9_$.]+]]: index, %[[V4:[a-zA-Z0-9_$.]+]]: index, %[[V5:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y_2]] : f32
// LINALG-NEXT: } : tensor<1x2x3x1x3x1xf32> to tensor<1x2x3x2x3x2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 2, 6, 6]> : tensor<4xi64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_3]](%[[Y_4]]) : (tensor<1x2x3x2x3x2xf32>, tensor<4xi64>) -> tensor<1x2x6x6xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.pad %[[Y_5]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// LINALG-NEXT: ^bb0(%[[V6:[a-zA-Z0-9_$.]+]]: index, %[[V7:[a-zA-Z0-9_$.]+]]: index, %[[V8:[a-zA-Z0-9_$.]+]]: index, %[[V9:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y_6]] : f32
// LINALG-NEXT: } : tensor<1x2x6x6xf32> to tensor<1x2x8x8xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x3x3x3xf32>
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%[[Y_8]] : tensor<2x3x3x3xf32>) {
// LINALG-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant -1 : index
// LINALG-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.muli %[[V12]], %[[V13]] : index
// LINALG-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// LINALG-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.addi %[[V14]], %[[V15]] : index
// LINALG-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = linalg.index 3 : index
// LINALG-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.constant -1 : index
// LINALG-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.muli %[[V17]], %[[V18]] : index
// LINALG-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// LINALG-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.addi %[[V19]], %[[V20]] : index
// LINALG-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = tensor.extract %[[W]][%[[V10]], %[[V11]], %[[V16]], %[[V21]]] : tensor<2x3x3x3xf32>
// LINALG-NEXT: linalg.yield %[[V22]] : f32
// LINALG-NEXT: } -> tensor<2x3x3x3xf32>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x2x3x3xf32>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[Y_9]]:tensor<2x3x3x3xf32>) outs(%[[Y_10]]:tensor<3x2x3x3xf32>) permutation = [1, 0, 2, 3]
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x3x6x6xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[B]] : tensor<3xf32>) outs(%[[Y_12]] : tensor<1x3x6x6xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: linalg.yield %[[IN]] : f32
// LINALG-NEXT: } -> tensor<1x3x6x6xf32>
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%[[Y_7]], %[[Y_11]] : tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) outs(%[[Y_13]] : tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
// LINALG-NEXT: func.return %[[Y_14]] : tensor<1x3x6x6xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @conv_transpose_1d(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x1x2xf32>) -> tensor<1x2x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.pad %[[X]] low[0, 0, 0] high[0, 0, 3] {
// LINALG-NEXT: ^bb0(%[[V0:[a-zA-Z0-9_$.]+]]: index, %[[V1:[a-zA-Z0-9_$.]+]]: index, %[[V2:[a-zA-Z0-9_$.]+]]: index):
// LINALG-NEXT: tensor.yield %[[Y]] : f32
// LINALG-NEXT: } : tensor<1x4x5xf32> to tensor<1x4x8xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_1]][0, 0, 1] [1, 4, 7] [1, 1, 1] : tensor<1x4x8xf32> to tensor<1x4x7xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x1x2xf32>
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%[[Y_3]] : tensor<4x1x2xf32>) {
// LINALG-NEXT: ^bb0(%[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = linalg.index 0 : index
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = linalg.index 1 : index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = linalg.index 2 : index
// LINALG-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = arith.constant -1 : index
// LINALG-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = arith.muli %[[V5]], %[[V6]] : index
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = arith.addi %[[V7]], %[[V8]] : index
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = tensor.extract %[[W]][%[[V3]], %[[V4]], %[[V9]]] : tensor<4x1x2xf32>
// LINALG-NEXT: linalg.yield %[[V10]] : f32
// LINALG-NEXT: } -> tensor<4x1x2xf32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 2, 1, 2]> : tensor<4xi64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_4]](%[[Y_5]]) : (tensor<4x1x2xf32>, tensor<4xi64>) -> tensor<2x2x1x2xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x2x2xf32>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[Y_6]]:tensor<2x2x1x2xf32>) outs(%[[Y_7]]:tensor<2x1x2x2xf32>) permutation = [0, 2, 1, 3]
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant dense<2> : tensor<3xi64>
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[Y_8]](%[[Y_9]]) : (tensor<2x1x2x2xf32>, tensor<3xi64>) -> tensor<2x2x2xf32>
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[Y_2]] [[0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [1, 4, 1, 7] : tensor<1x4x7xf32> into tensor<1x4x1x7xf32>
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[Y_10]] [[0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [2, 2, 1, 2] : tensor<2x2x2xf32> into tensor<2x2x1x2xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant 0.000000e+00 : f32
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x2x1x4xf32>
// LINALG-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = linalg.fill ins(%[[Y_13]] : f32) outs(%[[Y_14]] : tensor<1x2x1x4xf32>) -> tensor<1x2x1x4xf32>
// LINALG-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[Y_11]] [[0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 2, 2, 1, 7] : tensor<1x4x1x7xf32> into tensor<1x2x2x1x7xf32>
// LINALG-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[Y_12]] [[0 : i64, 1 : i64], [2 : i64], [3 : i64], [4 : i64]] output_shape [2, 1, 2, 1, 2] : tensor<2x2x1x2xf32> into tensor<2x1x2x1x2xf32>
// LINALG-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = tensor.expand_shape %[[Y_15]] [[0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] output_shape [1, 2, 1, 1, 4] : tensor<1x2x1x4xf32> into tensor<1x2x1x1x4xf32>
// LINALG-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<[1, 3]> : tensor<2xi64>} ins(%[[Y_16]], %[[Y_17]] : tensor<1x2x2x1x7xf32>, tensor<2x1x2x1x2xf32>) outs(%[[Y_18]] : tensor<1x2x1x1x4xf32>) -> tensor<1x2x1x1x4xf32>
// LINALG-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[Y_19]] [[0 : i64], [1 : i64, 2 : i64], [3 : i64], [4 : i64]] : tensor<1x2x1x1x4xf32> into tensor<1x2x1x4xf32>
// LINALG-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = tensor.collapse_shape %[[Y_20]] [[0 : i64], [1 : i64], [2 : i64, 3 : i64]] : tensor<1x2x1x4xf32> into tensor<1x2x4xf32>
// LINALG-NEXT: func.return %[[Y_21]] : tensor<1x2x4xf32>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @conv_transpose(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3x3x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<3xf32>) -> tensor<1x3x6x6xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x1x3x1xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<2xi64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y]], %[[Y_1]] axis = 3 : (tensor<1x2x3x1x3x1xf32>, tensor<2xi64>) -> tensor<1x2x3x2x3x1xf32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}{{\[}}{{\[}}{{\[}}{{\[}}true]], {{\[}}{{\[}}false]]]]]]> : tensor<1x1x1x2x1x1xi1>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_3]], %[[Y_2]], %[[Y_4]] broadcast_shape = [1, 2, 3, 2, 3, 1] : (tensor<1x1x1x2x1x1xi1>, tensor<1x2x3x2x3x1xf32>, tensor<f32>) -> tensor<1x2x3x2x3x1xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<2xi64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_5]], %[[Y_6]] axis = 5 : (tensor<1x2x3x2x3x1xf32>, tensor<2xi64>) -> tensor<1x2x3x2x3x2xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}{{\[}}{{\[}}{{\[}}{{\[}}true, false]]]]]]> : tensor<1x1x1x1x1x2xi1>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_8]], %[[Y_7]], %[[Y_9]] broadcast_shape = [1, 2, 3, 2, 3, 2] : (tensor<1x1x1x1x1x2xi1>, tensor<1x2x3x2x3x2xf32>, tensor<f32>) -> tensor<1x2x3x2x3x2xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_10]] : (tensor<1x2x3x2x3x2xf32>) -> tensor<1x2x6x6xf32>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 2, 3, 4, 5, 5]> : tensor<8xi64>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_11]], %[[Y_12]] axis = 2 : (tensor<1x2x6x6xf32>, tensor<8xi64>) -> tensor<1x2x8x6xf32>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}{{\[}}{{\[}}false], {{\[}}true], {{\[}}true], {{\[}}true], {{\[}}true], {{\[}}true], {{\[}}true], {{\[}}false]]]]> : tensor<1x1x8x1xi1>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_14]], %[[Y_13]], %[[Y_15]] broadcast_shape = [1, 2, 8, 6] : (tensor<1x1x8x1xi1>, tensor<1x2x8x6xf32>, tensor<f32>) -> tensor<1x2x8x6xf32>
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 2, 3, 4, 5, 5]> : tensor<8xi64>
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_16]], %[[Y_17]] axis = 3 : (tensor<1x2x8x6xf32>, tensor<8xi64>) -> tensor<1x2x8x8xf32>
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}{{\[}}{{\[}}false, true, true, true, true, true, true, false]]]]> : tensor<1x1x1x8xi1>
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_19]], %[[Y_18]], %[[Y_20]] broadcast_shape = [1, 2, 8, 8] : (tensor<1x1x1x8xi1>, tensor<1x2x8x8xf32>, tensor<f32>) -> tensor<1x2x8x8xf32>
// MIR-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.slice %[[W]] starts = [0, 0, 2, 2] ends = [2, 3, -1, -1] strides = [1, 1, -1, -1] : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// MIR-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_22]] permutation = [1, 0, 2, 3] : (tensor<2x3x3x3xf32>) -> tensor<3x2x3x3xf32>
// MIR-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_21]] permutation = [0, 2, 3, 1] : (tensor<1x2x8x8xf32>) -> tensor<1x8x8x2xf32>
// MIR-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_23]] permutation = [2, 3, 1, 0] : (tensor<3x2x3x3xf32>) -> tensor<3x3x2x3xf32>
// MIR-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = mir.conv %[[Y_24]], %[[Y_25]] input_shape = [1, 8, 8, 2] weight_shape = [3, 3, 2, 3] output_shape = [1, 6, 6, 3] kernel_size = [3, 3] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : (tensor<1x8x8x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x6x6x3xf32>
// MIR-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_26]], %[[B]] broadcast_shape = [1, 6, 6, 3] : (tensor<1x6x6x3xf32>, tensor<3xf32>) -> tensor<1x6x6x3xf32>
// MIR-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_27]] permutation = [0, 3, 1, 2] : (tensor<1x6x6x3xf32>) -> tensor<1x3x6x6xf32>
// MIR-NEXT: func.return %[[Y_28]] : tensor<1x3x6x6xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @conv_transpose_1d(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x5xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<4x1x2xf32>) -> tensor<1x2x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 2, 3, 4, 4, 4, 4]> : tensor<8xi64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.gather %[[X]], %[[Y]] axis = 2 : (tensor<1x4x5xf32>, tensor<8xi64>) -> tensor<1x4x8xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}{{\[}}true, true, true, true, true, false, false, false]]]> : tensor<1x1x8xi1>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_2]], %[[Y_1]], %[[Y_3]] broadcast_shape = [1, 4, 8] : (tensor<1x1x8xi1>, tensor<1x4x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_4]] starts = [0, 0, 1] ends = [1, 4, 8] strides = [1, 1, 1] : (tensor<1x4x8xf32>) -> tensor<1x4x7xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.slice %[[W]] starts = [0, 0, 1] ends = [4, 1, -1] strides = [1, 1, -1] : (tensor<4x1x2xf32>) -> tensor<4x1x2xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_6]] : (tensor<4x1x2xf32>) -> tensor<2x2x1x2xf32>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_7]] permutation = [0, 2, 1, 3] : (tensor<2x2x1x2xf32>) -> tensor<2x1x2x2xf32>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_8]] : (tensor<2x1x2x2xf32>) -> tensor<2x2x2xf32>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_5]] : (tensor<1x4x7xf32>) -> tensor<1x4x1x7xf32>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_9]] : (tensor<2x2x2xf32>) -> tensor<2x2x1x2xf32>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_10]] permutation = [0, 2, 3, 1] : (tensor<1x4x1x7xf32>) -> tensor<1x1x7x4xf32>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_11]] permutation = [2, 3, 1, 0] : (tensor<2x2x1x2xf32>) -> tensor<1x2x2x2xf32>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.conv %[[Y_12]], %[[Y_13]] input_shape = [1, 1, 7, 4] weight_shape = [1, 2, 2, 2] output_shape = [1, 1, 4, 2] kernel_size = [1, 2] stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 3] groups = 2 : (tensor<1x1x7x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x4x2xf32>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_14]] permutation = [0, 3, 1, 2] : (tensor<1x1x4x2xf32>) -> tensor<1x2x1x4xf32>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_15]] : (tensor<1x2x1x4xf32>) -> tensor<1x2x4xf32>
// MIR-NEXT: func.return %[[Y_16]] : tensor<1x2x4xf32>
// MIR-NEXT: }
// MIR-NEXT: }

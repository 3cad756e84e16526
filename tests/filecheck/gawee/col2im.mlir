// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s -p gawee-decompose | filecheck %s --check-prefix=DECOMPOSED
// RUN: xdsl-opt %s -p convert-gawee-to-linalg | filecheck %s --check-prefix=LINALG
// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s --check-prefix=MIR

// gawee.col2im: its syntax and its decomposition: the blocks transposed to [K, L, N, C],
// a scatter_nd with reduction add into zeros [*padded image, N, C] at each (kernel tap,
// block)'s constant image position (tap * dilation + block * stride), transposed back and
// sliced out of the padding (no slice without padding); both lowerings lower that.

func.func @col2im(%x: tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32> {
  %y = gawee.col2im %x imageShape = [3, 4] blockShape = [2, 2] strides = [1, 2] padding = [0, 1, 0, 1] dilation = [1, 1] : (tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32>
  func.return %y : tensor<1x1x3x4xf32>
}
func.func @unpadded_1d(%x: tensor<2x2x2xf64>) -> tensor<2x1x3xf64> {
  %y = gawee.col2im %x imageShape = [3] blockShape = [2] strides = [1] padding = [0, 0] dilation = [1] : (tensor<2x2x2xf64>) -> tensor<2x1x3xf64>
  func.return %y : tensor<2x1x3xf64>
}

// CHECK-LABEL: func.func @col2im(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.col2im %[[X]] imageShape = [3, 4] blockShape = [2, 2] strides = [1, 2] padding = [0, 1, 0, 1] dilation = [1, 1] : (tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32>
// CHECK-NEXT: func.return %[[Y]] : tensor<1x1x3x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unpadded_1d(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x2x2xf64>) -> tensor<2x1x3xf64> {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.col2im %[[X]] imageShape = [3] blockShape = [2] strides = [1] padding = [0, 0] dilation = [1] : (tensor<2x2x2xf64>) -> tensor<2x1x3xf64>
// CHECK-NEXT: func.return %[[Y]] : tensor<2x1x3xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// DECOMPOSED-LABEL: func.func @col2im(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<1x4x6xf32>) -> tensor<1x1x4x6xf32>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[Y]] perm = [2, 3, 0, 1] : (tensor<1x1x4x6xf32>) -> tensor<4x6x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f32>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y_2]] : (tensor<f32>) -> tensor<3x6x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}{{\[}}[0, 0], [0, 2], [0, 4], [1, 0], [1, 2], [1, 4]], {{\[}}[0, 1], [0, 3], [0, 5], [1, 1], [1, 3], [1, 5]], {{\[}}[1, 0], [1, 2], [1, 4], [2, 0], [2, 2], [2, 4]], {{\[}}[1, 1], [1, 3], [1, 5], [2, 1], [2, 3], [2, 5]]]> : tensor<4x6x2xi64>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.scatter_nd %[[Y_3]], %[[Y_4]], %[[Y_1]] reduction = "add" : (tensor<3x6x1x1xf32>, tensor<4x6x2xi64>, tensor<4x6x1x1xf32>) -> tensor<3x6x1x1xf32>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[Y_5]] perm = [2, 3, 0, 1] : (tensor<3x6x1x1xf32>) -> tensor<1x1x3x6xf32>
// DECOMPOSED-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = gawee.slice %[[Y_6]] starts = [0, 1] ends = [3, 5] axes = [2, 3] steps = [1, 1] : (tensor<1x1x3x6xf32>) -> tensor<1x1x3x4xf32>
// DECOMPOSED-NEXT: func.return %[[Y_7]] : tensor<1x1x3x4xf32>
// DECOMPOSED-NEXT: }
// DECOMPOSED-LABEL: func.func @unpadded_1d(
// DECOMPOSED-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x2x2xf64>) -> tensor<2x1x3xf64> {
// DECOMPOSED-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = gawee.reshape %[[X]] : (tensor<2x2x2xf64>) -> tensor<2x1x2x2xf64>
// DECOMPOSED-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[Y]] perm = [2, 3, 0, 1] : (tensor<2x1x2x2xf64>) -> tensor<2x2x2x1xf64>
// DECOMPOSED-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = gawee.constant dense<0.000000e+00> : tensor<f64>
// DECOMPOSED-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = gawee.expand %[[Y_2]] : (tensor<f64>) -> tensor<3x2x1xf64>
// DECOMPOSED-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = gawee.constant dense<{{\[}}{{\[}}[0], [1]], {{\[}}[1], [2]]]> : tensor<2x2x1xi64>
// DECOMPOSED-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = gawee.scatter_nd %[[Y_3]], %[[Y_4]], %[[Y_1]] reduction = "add" : (tensor<3x2x1xf64>, tensor<2x2x1xi64>, tensor<2x2x2x1xf64>) -> tensor<3x2x1xf64>
// DECOMPOSED-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = gawee.transpose %[[Y_5]] perm = [1, 2, 0] : (tensor<3x2x1xf64>) -> tensor<2x1x3xf64>
// DECOMPOSED-NEXT: func.return %[[Y_6]] : tensor<2x1x3xf64>
// DECOMPOSED-NEXT: }
// DECOMPOSED-NEXT: }

// LINALG-LABEL: func.func @col2im(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<[1, 1, 4, 6]> : tensor<4xi64>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[Y]]) : (tensor<1x4x6xf32>, tensor<4xi64>) -> tensor<1x1x4x6xf32>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<4x6x1x1xf32>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[Y_1]]:tensor<1x1x4x6xf32>) outs(%[[Y_2]]:tensor<4x6x1x1xf32>) permutation = [2, 3, 0, 1]
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<0.000000e+00> : tensor<f32>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x6x1x1xf32>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y_4]] : tensor<f32>) outs(%[[Y_5]] : tensor<3x6x1x1xf32>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f32, %[[OUT:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: linalg.yield %[[IN]] : f32
// LINALG-NEXT: } -> tensor<3x6x1x1xf32>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}{{\[}}[0, 0], [0, 2], [0, 4], [1, 0], [1, 2], [1, 4]], {{\[}}[0, 1], [0, 3], [0, 5], [1, 1], [1, 3], [1, 5]], {{\[}}[1, 0], [1, 2], [1, 4], [2, 0], [2, 2], [2, 4]], {{\[}}[1, 1], [1, 3], [1, 5], [2, 1], [2, 3], [2, 5]]]> : tensor<4x6x2xi64>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = scf.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_8]] to %[[Y_9]] step %[[Y_10]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_6]]) -> (tensor<3x6x1x1xf32>) {
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 6 : index
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = scf.for %[[V6:[a-zA-Z0-9_$.]+]] = %[[V2]] to %[[V3]] step %[[V4]] iter_args(%[[V7:[a-zA-Z0-9_$.]+]] = %[[V1]]) -> (tensor<3x6x1x1xf32>) {
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_7]][%[[V0]], %[[V6]], %[[V8]]] : tensor<4x6x2xi64>
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V9]] : i64 to index
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V10]], %[[V11]] : index
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// LINALG-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addi %[[V10]], %[[V13]] : index
// LINALG-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.select %[[V12]], %[[V14]], %[[V10]] : index
// LINALG-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_7]][%[[V0]], %[[V6]], %[[V16]]] : tensor<4x6x2xi64>
// LINALG-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V17]] : i64 to index
// LINALG-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V18]], %[[V19]] : index
// LINALG-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = arith.constant 6 : index
// LINALG-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = arith.addi %[[V18]], %[[V21]] : index
// LINALG-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = arith.select %[[V20]], %[[V22]], %[[V18]] : index
// LINALG-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_3]][%[[V0]], %[[V6]], 0, 0] [1, 1, 1, 1] [1, 1, 1, 1] : tensor<4x6x1x1xf32> to tensor<1x1xf32>
// LINALG-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V7]][%[[V15]], %[[V23]], 0, 0] [1, 1, 1, 1] [1, 1, 1, 1] : tensor<3x6x1x1xf32> to tensor<1x1xf32>
// LINALG-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1xf32>
// LINALG-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V25]], %[[V24]] : tensor<1x1xf32>, tensor<1x1xf32>) outs(%[[V26]] : tensor<1x1xf32>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f32, %[[IN_2:[a-zA-Z0-9_$.]+]]: f32, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f32):
// LINALG-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_1]], %[[IN_2]] : f32
// LINALG-NEXT: linalg.yield %[[V28]] : f32
// LINALG-NEXT: } -> tensor<1x1xf32>
// LINALG-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V27]] into %[[V7]][%[[V15]], %[[V23]], 0, 0] [1, 1, 1, 1] [1, 1, 1, 1] : tensor<1x1xf32> into tensor<3x6x1x1xf32>
// LINALG-NEXT: scf.yield %[[V29]] : tensor<3x6x1x1xf32>
// LINALG-NEXT: }
// LINALG-NEXT: scf.yield %[[V5]] : tensor<3x6x1x1xf32>
// LINALG-NEXT: }
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<1x1x3x6xf32>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[Y_11]]:tensor<3x6x1x1xf32>) outs(%[[Y_12]]:tensor<1x1x3x6xf32>) permutation = [2, 3, 0, 1]
// LINALG-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_13]][0, 0, 0, 1] [1, 1, 3, 4] [1, 1, 1, 1] : tensor<1x1x3x6xf32> to tensor<1x1x3x4xf32>
// LINALG-NEXT: func.return %[[Y_14]] : tensor<1x1x3x4xf32>
// LINALG-NEXT: }
// LINALG-LABEL: func.func @unpadded_1d(
// LINALG-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x2x2xf64>) -> tensor<2x1x3xf64> {
// LINALG-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = arith.constant dense<[2, 1, 2, 2]> : tensor<4xi64>
// LINALG-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = tensor.reshape %[[X]](%[[Y]]) : (tensor<2x2x2xf64>, tensor<4xi64>) -> tensor<2x1x2x2xf64>
// LINALG-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x2x2x1xf64>
// LINALG-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[Y_1]]:tensor<2x1x2x2xf64>) outs(%[[Y_2]]:tensor<2x2x2x1xf64>) permutation = [2, 3, 0, 1]
// LINALG-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = arith.constant dense<0.000000e+00> : tensor<f64>
// LINALG-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<3x2x1xf64>
// LINALG-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[Y_4]] : tensor<f64>) outs(%[[Y_5]] : tensor<3x2x1xf64>) {
// LINALG-NEXT: ^bb0(%[[IN:[a-zA-Z0-9_$.]+]]: f64, %[[OUT:[a-zA-Z0-9_$.]+]]: f64):
// LINALG-NEXT: linalg.yield %[[IN]] : f64
// LINALG-NEXT: } -> tensor<3x2x1xf64>
// LINALG-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant dense<{{\[}}{{\[}}[0], [1]], {{\[}}[1], [2]]]> : tensor<2x2x1xi64>
// LINALG-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// LINALG-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = scf.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_8]] to %[[Y_9]] step %[[Y_10]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_6]]) -> (tensor<3x2x1xf64>) {
// LINALG-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// LINALG-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// LINALG-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = scf.for %[[V6:[a-zA-Z0-9_$.]+]] = %[[V2]] to %[[V3]] step %[[V4]] iter_args(%[[V7:[a-zA-Z0-9_$.]+]] = %[[V1]]) -> (tensor<3x2x1xf64>) {
// LINALG-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = tensor.extract %[[Y_7]][%[[V0]], %[[V6]], %[[V8]]] : tensor<2x2x1xi64>
// LINALG-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = arith.index_cast %[[V9]] : i64 to index
// LINALG-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// LINALG-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = arith.cmpi slt, %[[V10]], %[[V11]] : index
// LINALG-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = arith.constant 3 : index
// LINALG-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = arith.addi %[[V10]], %[[V13]] : index
// LINALG-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = arith.select %[[V12]], %[[V14]], %[[V10]] : index
// LINALG-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[Y_3]][%[[V0]], %[[V6]], 0, 0] [1, 1, 2, 1] [1, 1, 1, 1] : tensor<2x2x2x1xf64> to tensor<2x1xf64>
// LINALG-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = tensor.extract_slice %[[V7]][%[[V15]], 0, 0] [1, 2, 1] [1, 1, 1] : tensor<3x2x1xf64> to tensor<2x1xf64>
// LINALG-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1xf64>
// LINALG-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[V17]], %[[V16]] : tensor<2x1xf64>, tensor<2x1xf64>) outs(%[[V18]] : tensor<2x1xf64>) {
// LINALG-NEXT: ^bb0(%[[IN_1:[a-zA-Z0-9_$.]+]]: f64, %[[IN_2:[a-zA-Z0-9_$.]+]]: f64, %[[OUT_1:[a-zA-Z0-9_$.]+]]: f64):
// LINALG-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = arith.addf %[[IN_1]], %[[IN_2]] : f64
// LINALG-NEXT: linalg.yield %[[V20]] : f64
// LINALG-NEXT: } -> tensor<2x1xf64>
// LINALG-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = tensor.insert_slice %[[V19]] into %[[V7]][%[[V15]], 0, 0] [1, 2, 1] [1, 1, 1] : tensor<2x1xf64> into tensor<3x2x1xf64>
// LINALG-NEXT: scf.yield %[[V21]] : tensor<3x2x1xf64>
// LINALG-NEXT: }
// LINALG-NEXT: scf.yield %[[V5]] : tensor<3x2x1xf64>
// LINALG-NEXT: }
// LINALG-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = tensor.empty() : tensor<2x1x3xf64>
// LINALG-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = linalg.transpose ins(%[[Y_11]]:tensor<3x2x1xf64>) outs(%[[Y_12]]:tensor<2x1x3xf64>) permutation = [1, 2, 0]
// LINALG-NEXT: func.return %[[Y_13]] : tensor<2x1x3xf64>
// LINALG-NEXT: }
// LINALG-NEXT: }

// MIR-LABEL: func.func @col2im(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x4x6xf32>) -> tensor<1x1x3x4xf32> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<1x4x6xf32>) -> tensor<1x1x4x6xf32>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y]] permutation = [2, 3, 0, 1] : (tensor<1x1x4x6xf32>) -> tensor<4x6x1x1xf32>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y_2]] : (tensor<f32>) -> tensor<3x6x1x1xf32>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}[0, 0], [0, 2], [0, 4], [1, 0], [1, 2], [1, 4]], {{\[}}[0, 1], [0, 3], [0, 5], [1, 1], [1, 3], [1, 5]], {{\[}}[1, 0], [1, 2], [1, 4], [2, 0], [2, 2], [2, 4]], {{\[}}[1, 1], [1, 3], [1, 5], [2, 1], [2, 3], [2, 5]]]> : tensor<4x6x2xi64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_3]] : (tensor<3x6x1x1xf32>) -> tensor<18x1xf32>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_1]] : (tensor<4x6x1x1xf32>) -> tensor<24x1xf32>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<[3, 6]> : tensor<2xi64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_4]] : (tensor<4x6x2xi64>) -> tensor<24x2xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y_8]], %[[Y_9]] broadcast_shape = [24, 2] : (tensor<24x2xi64>, tensor<i64>) -> tensor<24x2xi1>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_8]], %[[Y_7]] broadcast_shape = [24, 2] : (tensor<24x2xi64>, tensor<2xi64>) -> tensor<24x2xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_10]], %[[Y_11]], %[[Y_8]] broadcast_shape = [24, 2] : (tensor<24x2xi1>, tensor<24x2xi64>, tensor<24x2xi64>) -> tensor<24x2xi64>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.constant dense<[6, 1]> : tensor<2xi64>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_12]], %[[Y_13]] broadcast_shape = [24, 2] : (tensor<24x2xi64>, tensor<2xi64>) -> tensor<24x2xi64>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y_14]] axes = [1] keep_dims = false : (tensor<24x2xi64>) -> tensor<24xi64>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = arith.constant 24 : index
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_16]] to %[[Y_18]] step %[[Y_17]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_5]]) -> (tensor<18x1xf32>) {
// MIR-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_15]], %[[V2]] axis = 0 : (tensor<24xi64>, tensor<1xi64>) -> tensor<1xi64>
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_6]], %[[V2]] axis = 0 : (tensor<24x1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.gather %[[V1]], %[[V3]] axis = 0 : (tensor<18x1xf32>, tensor<1xi64>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V5]], %[[V4]] broadcast_shape = [1, 1] : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
// MIR-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V1]], %[[V6]], %[[V3]] axis = 0 : (tensor<18x1xf32>, tensor<1x1xf32>, tensor<1xi64>) -> tensor<18x1xf32>
// MIR-NEXT: mir.yield %[[V7]] : tensor<18x1xf32>
// MIR-NEXT: }
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_19]] : (tensor<18x1xf32>) -> tensor<3x6x1x1xf32>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_20]] permutation = [2, 3, 0, 1] : (tensor<3x6x1x1xf32>) -> tensor<1x1x3x6xf32>
// MIR-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_21]] starts = [0, 0, 0, 1] ends = [1, 1, 3, 5] strides = [1, 1, 1, 1] : (tensor<1x1x3x6xf32>) -> tensor<1x1x3x4xf32>
// MIR-NEXT: func.return %[[Y_22]] : tensor<1x1x3x4xf32>
// MIR-NEXT: }
// MIR-LABEL: func.func @unpadded_1d(
// MIR-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x2x2xf64>) -> tensor<2x1x3xf64> {
// MIR-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<2x2x2xf64>) -> tensor<2x1x2x2xf64>
// MIR-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y]] permutation = [2, 3, 0, 1] : (tensor<2x1x2x2xf64>) -> tensor<2x2x2x1xf64>
// MIR-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f64>
// MIR-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[Y_2]] : (tensor<f64>) -> tensor<3x2x1xf64>
// MIR-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[}}{{\[}}[0], [1]], {{\[}}[1], [2]]]> : tensor<2x2x1xi64>
// MIR-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_3]] : (tensor<3x2x1xf64>) -> tensor<3x2xf64>
// MIR-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_1]] : (tensor<2x2x2x1xf64>) -> tensor<4x2xf64>
// MIR-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.constant dense<3> : tensor<1xi64>
// MIR-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_4]] : (tensor<2x2x1xi64>) -> tensor<4x1xi64>
// MIR-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.constant dense<0> : tensor<i64>
// MIR-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_cmp lt %[[Y_8]], %[[Y_9]] broadcast_shape = [4, 1] : (tensor<4x1xi64>, tensor<i64>) -> tensor<4x1xi1>
// MIR-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_8]], %[[Y_7]] broadcast_shape = [4, 1] : (tensor<4x1xi64>, tensor<1xi64>) -> tensor<4x1xi64>
// MIR-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.select %[[Y_10]], %[[Y_11]], %[[Y_8]] broadcast_shape = [4, 1] : (tensor<4x1xi1>, tensor<4x1xi64>, tensor<4x1xi64>) -> tensor<4x1xi64>
// MIR-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.constant dense<1> : tensor<1xi64>
// MIR-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_12]], %[[Y_13]] broadcast_shape = [4, 1] : (tensor<4x1xi64>, tensor<1xi64>) -> tensor<4x1xi64>
// MIR-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.reduce sum %[[Y_14]] axes = [1] keep_dims = false : (tensor<4x1xi64>) -> tensor<4xi64>
// MIR-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// MIR-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// MIR-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = arith.constant 4 : index
// MIR-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_16]] to %[[Y_18]] step %[[Y_17]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[Y_5]]) -> (tensor<3x2xf64>) {
// MIR-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// MIR-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_15]], %[[V2]] axis = 0 : (tensor<4xi64>, tensor<1xi64>) -> tensor<1xi64>
// MIR-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_6]], %[[V2]] axis = 0 : (tensor<4x2xf64>, tensor<1xi64>) -> tensor<1x2xf64>
// MIR-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.gather %[[V1]], %[[V3]] axis = 0 : (tensor<3x2xf64>, tensor<1xi64>) -> tensor<1x2xf64>
// MIR-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V5]], %[[V4]] broadcast_shape = [1, 2] : (tensor<1x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
// MIR-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V1]], %[[V6]], %[[V3]] axis = 0 : (tensor<3x2xf64>, tensor<1x2xf64>, tensor<1xi64>) -> tensor<3x2xf64>
// MIR-NEXT: mir.yield %[[V7]] : tensor<3x2xf64>
// MIR-NEXT: }
// MIR-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_19]] : (tensor<3x2xf64>) -> tensor<3x2x1xf64>
// MIR-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.transpose %[[Y_20]] permutation = [1, 2, 0] : (tensor<3x2x1xf64>) -> tensor<2x1x3xf64>
// MIR-NEXT: func.return %[[Y_21]] : tensor<2x1x3xf64>
// MIR-NEXT: }
// MIR-NEXT: }

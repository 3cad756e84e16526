// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// gawee.split -> one mir.slice per piece along the axis.
func.func @split(%x: tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x3xf32>) {
  %0:2 = gawee.split %x splitSizes = [2, 3] axis = 1 : (tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x3xf32>)
  func.return %0#0, %0#1 : tensor<4x2xf32>, tensor<4x3xf32>
}

// CHECK-LABEL: func.func @split(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>) -> (tensor<4x2xf32>, tensor<4x3xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 0] ends = [4, 2] strides = [1, 1] : (tensor<4x5xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 2] ends = [4, 5] strides = [1, 1] : (tensor<4x5xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: func.return %[[V0]], %[[V1]] : tensor<4x2xf32>, tensor<4x3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.tile -> reshape to [1, 2, 1, 3], broadcast_to [2, 2, 1, 3], reshape to [4, 3].
func.func @tile(%x: tensor<2x3xi32>) -> tensor<4x3xi32> {
  %0 = gawee.tile %x repeats = [2, 1] : (tensor<2x3xi32>) -> tensor<4x3xi32>
  func.return %0 : tensor<4x3xi32>
}

// CHECK-LABEL: func.func @tile(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3xi32>) -> tensor<4x3xi32> {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.reshape %[[X]] : (tensor<2x3xi32>) -> tensor<1x2x1x3xi32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.broadcast_to %[[V0]] : (tensor<1x2x1x3xi32>) -> tensor<2x2x1x3xi32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V1]] : (tensor<2x2x1x3xi32>) -> tensor<4x3xi32>
// CHECK-NEXT: func.return %[[V2]] : tensor<4x3xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.pad: the crop first (a slice), then a gather of the reflected positions per
// padded dim; constant mode gathers the edge and selects the constant outside.
func.func @pad(%x: tensor<4x5xf32>) -> (tensor<7x7xf32>, tensor<4x8xf32>) {
  %0 = gawee.pad %x pads = [1, -1, 2, 3] mode = "reflect" : (tensor<4x5xf32>) -> tensor<7x7xf32>
  %1 = gawee.pad %x pads = [0, 1, 0, 2] constantValue = 7.5 : (tensor<4x5xf32>) -> tensor<4x8xf32>
  func.return %0, %1 : tensor<7x7xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @pad(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<4x5xf32>) -> (tensor<7x7xf32>, tensor<4x8xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.slice %[[X]] starts = [0, 1] ends = [4, 5] strides = [1, 1] : (tensor<4x5xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<[1, 0, 1, 2, 3, 2, 1]> : tensor<7xi64>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.gather %[[V0]], %[[V1]] axis = 0 : (tensor<4x4xf32>, tensor<7xi64>) -> tensor<7x4xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 1, 2, 3, 2, 1, 0]> : tensor<7xi64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[V2]], %[[V3]] axis = 1 : (tensor<7x4xf32>, tensor<7xi64>) -> tensor<7x7xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 0, 1, 2, 3, 4, 4, 4]> : tensor<8xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather %[[X]], %[[V5]] axis = 1 : (tensor<4x5xf32>, tensor<8xi64>) -> tensor<4x8xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}false, true, true, true, true, true, false, false{{\]\]}}> : tensor<1x8xi1>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.constant dense<7.500000e+00> : tensor<f32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.select %[[V7]], %[[V6]], %[[V8]] broadcast_shape = [4, 8] : (tensor<1x8xi1>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: func.return %[[V4]], %[[V9]] : tensor<7x7xf32>, tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.trilu -> select by a constant mask; constant, range and shape -> mir.constant.
func.func @trilu_and_constants(%x: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xf32>, tensor<4xi64>, tensor<2xi64>) {
  %0 = gawee.trilu %x upper = false k = 1 : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  %1 = gawee.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %2 = gawee.range start = 0 : i64 limit = 10 : i64 delta = 3 : i64 : tensor<4xi64>
  %3 = gawee.shape %x start = 1 : (tensor<2x3x3xf32>) -> tensor<2xi64>
  func.return %0, %1, %2, %3 : tensor<2x3x3xf32>, tensor<2xf32>, tensor<4xi64>, tensor<2xi64>
}

// CHECK-LABEL: func.func @trilu_and_constants(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xf32>, tensor<4xi64>, tensor<2xi64>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}true, true, false], [true, true, true], [true, true, true{{\]\]}}> : tensor<3x3xi1>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.select %[[V0]], %[[X]], %[[V1]] broadcast_shape = [2, 3, 3] : (tensor<3x3xi1>, tensor<2x3x3xf32>, tensor<f32>) -> tensor<2x3x3xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.constant dense<[0, 3, 6, 9]> : tensor<4xi64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<3> : tensor<2xi64>
// CHECK-NEXT: func.return %[[V2]], %[[V3]], %[[V4]], %[[V5]] : tensor<2x3x3xf32>, tensor<2xf32>, tensor<4xi64>, tensor<2xi64>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// gawee.gemm -> transposes, matmul, alpha and beta as broadcast multiplies, + C;
// gawee.lrn -> a matmul of the squares (channels last) with the 0/1 window band.
func.func @gemm_lrn(%a: tensor<4x3xf32>, %b: tensor<5x4xf32>, %c: tensor<5xf32>, %x: tensor<1x3x2x2xf32>) -> (tensor<3x5xf32>, tensor<1x3x2x2xf32>) {
  %0 = gawee.gemm %a, %b, %c transA = true transB = true alpha = 0.5 beta = 2.0 : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  %1 = gawee.lrn %x size = 3 : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  func.return %0, %1 : tensor<3x5xf32>, tensor<1x3x2x2xf32>
}

// CHECK-LABEL: func.func @gemm_lrn(
// CHECK-SAME: %[[A:[a-zA-Z0-9_$.]+]]: tensor<4x3xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<5x4xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<5xf32>, %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x3x2x2xf32>) -> (tensor<3x5xf32>, tensor<1x3x2x2xf32>) {
// CHECK-NEXT: %[[V0:[a-zA-Z0-9_$.]+]] = mir.transpose %[[A]] permutation = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: %[[V1:[a-zA-Z0-9_$.]+]] = mir.transpose %[[B]] permutation = [1, 0] : (tensor<5x4xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %[[V2:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V0]], %[[V1]] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V2]], %[[V3]] broadcast_shape = [3, 5] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[C]], %[[V5]] broadcast_shape = [5] : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V4]], %[[V6]] broadcast_shape = [3, 5] : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.constant dense<{{\[\[}}1.000000e+00, 1.000000e+00, 0.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00], [0.000000e+00, 1.000000e+00, 1.000000e+00{{\]\]}}> : tensor<3x3xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[X]], %[[X]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V9]] permutation = [0, 2, 3, 1] : (tensor<1x3x2x2xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V10]], %[[V8]] : (tensor<1x2x2x3xf32>, tensor<3x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.transpose %[[V11]] permutation = [0, 3, 1, 2] : (tensor<1x2x2x3xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.constant dense<3.33333337e-05> : tensor<f32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V12]], %[[V13]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<f32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V14]], %[[V15]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<f32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.constant dense<7.500000e-01> : tensor<f32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.broadcast_pow %[[V16]], %[[V17]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<f32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[X]], %[[V18]] broadcast_shape = [1, 3, 2, 2] : (tensor<1x3x2x2xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
// CHECK-NEXT: func.return %[[V7]], %[[V19]] : tensor<3x5xf32>, tensor<1x3x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// RUN: xdsl-opt %s -p convert-gawee-to-mir | filecheck %s
// RUN: sed 's/tensor<5x/tensor<1x/g' %s | xdsl-opt -p convert-gawee-to-mir | filecheck %s

// One loop over time whose body does not grow with the sequence: the same checks hold for
// this reverse LSTM over 5 time steps and (the second RUN line) over 1. Only the sizes of
// the time dim, the loop's upper bound and the last time index (T - 1) differ.

func.func @lstm(%x: tensor<5x2x3xf32>, %w: tensor<8x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> (tensor<5x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c reverse = true : (tensor<5x2x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<5x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %y, %y_h, %y_c : tensor<5x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @lstm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<{{[15]}}x2x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<8x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<16xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>) -> (tensor<{{[15]}}x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [0] ends = [8] strides = [1] : (tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [8] ends = [16] strides = [1] : (tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[W]] permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.matmul %[[X]], %[[Y_2]] : (tensor<{{[15]}}x2x3xf32>, tensor<3x8xf32>) -> tensor<{{[15]}}x2x8xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y]] broadcast_shape = [{{[15]}}, 2, 8] : (tensor<{{[15]}}x2x8xf32>, tensor<8xf32>) -> tensor<{{[15]}}x2x8xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.transpose %[[R]] permutation = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<{{[15]}}x2x2xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant {{[40]}} : index
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant {{[15]}} : index
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]], %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_8]] to %[[Y_9]] step %[[Y_10]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[C]], %[[V3:[a-zA-Z0-9_$.]+]] = %[[Y_6]]) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<{{[15]}}x2x2xf32>) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = arith.subi %[[Y_7]], %[[V0]] : index
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V4]] : (index) -> tensor<1xi64>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_4]], %[[V5]] axis = 0 : (tensor<{{[15]}}x2x8xf32>, tensor<1xi64>) -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V6]] : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V1]], %[[Y_5]] : (tensor<2x2xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V8]], %[[Y_1]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[V9]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 4] ends = [2, 6] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 6] ends = [2, 8] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.neg %[[V11]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.exp %[[V15]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V16]], %[[V17]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V19]], %[[V18]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = mir.neg %[[V12]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = mir.exp %[[V21]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V22]], %[[V23]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V25]], %[[V24]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = mir.neg %[[V13]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = mir.exp %[[V27]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V28]], %[[V29]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V31]], %[[V30]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V32]], %[[V2]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V14]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V20]], %[[V34]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V33]], %[[V35]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V36]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V26]], %[[V37]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V38]] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT: %[[V40:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V3]], %[[V39]], %[[V5]] axis = 0 : (tensor<{{[15]}}x2x2xf32>, tensor<1x2x2xf32>, tensor<1xi64>) -> tensor<{{[15]}}x2x2xf32>
// CHECK-NEXT: mir.yield %[[V38]], %[[V36]], %[[V40]] : tensor<2x2xf32>, tensor<2x2xf32>, tensor<{{[15]}}x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_11]], %[[Y_H]], %[[Y_C]] : tensor<{{[15]}}x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

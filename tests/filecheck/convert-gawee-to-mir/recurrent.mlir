// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// The recurrent ops lower as their decomposition (tests/filecheck/gawee-decompose/recurrent.mlir):
// an unrolled loop over time, one cell step of ops per time step.

func.func @rnn(%x: tensor<2x1x3xf32>, %w: tensor<2x3xf32>, %r: tensor<2x2xf32>, %b: tensor<4xf32>, %h: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
  %y, %y_h = gawee.rnn %x, %w, %r, %b, %h reverse = true : (tensor<2x1x3xf32>, tensor<2x3xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>)
  func.return %y, %y_h : tensor<2x1x2xf32>, tensor<1x2xf32>
}

// CHECK-LABEL: func.func @rnn(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [0] ends = [2] strides = [1] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [2] ends = [4] strides = [1] : (tensor<4xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[W]] permutation = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.matmul %[[X]], %[[Y_2]] : (tensor<2x1x3xf32>, tensor<3x2xf32>) -> tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y]] broadcast_shape = [2, 1, 2] : (tensor<2x1x2xf32>, tensor<2xf32>) -> tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.transpose %[[R]] permutation = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_4]] starts = [1, 0, 0] ends = [2, 1, 2] strides = [1, 1, 1] : (tensor<2x1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_6]] : (tensor<1x1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.matmul %[[H]], %[[Y_5]] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_8]], %[[Y_1]] broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_7]], %[[Y_9]] broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.tanh %[[Y_10]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_11]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_4]] starts = [0, 0, 0] ends = [1, 1, 2] strides = [1, 1, 1] : (tensor<2x1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_13]] : (tensor<1x1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.matmul %[[Y_11]], %[[Y_5]] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_15]], %[[Y_1]] broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_14]], %[[Y_16]] broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = mir.tanh %[[Y_17]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_H]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.concat %[[Y_18]], %[[Y_12]] axis = 0 : (tensor<1x1x2xf32>, tensor<1x1x2xf32>) -> tensor<2x1x2xf32>
// CHECK-NEXT: func.return %[[Y_19]], %[[Y_H]] : tensor<2x1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @gru(%x: tensor<1x2x3xf32>, %w: tensor<6x3xf32>, %r: tensor<6x2xf32>, %b: tensor<12xf32>, %h: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>) {
  %y, %y_h = gawee.gru %x, %w, %r, %b, %h : (tensor<1x2x3xf32>, tensor<6x3xf32>, tensor<6x2xf32>, tensor<12xf32>, tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>)
  func.return %y, %y_h : tensor<1x2x2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @gru(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<6x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<6x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<12xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [0] ends = [6] strides = [1] : (tensor<12xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [6] ends = [12] strides = [1] : (tensor<12xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[W]] permutation = [1, 0] : (tensor<6x3xf32>) -> tensor<3x6xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.matmul %[[X]], %[[Y_2]] : (tensor<1x2x3xf32>, tensor<3x6xf32>) -> tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y]] broadcast_shape = [1, 2, 6] : (tensor<1x2x6xf32>, tensor<6xf32>) -> tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.transpose %[[R]] permutation = [1, 0] : (tensor<6x2xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_5]] starts = [0, 0] ends = [2, 4] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_1]] starts = [0] ends = [4] strides = [1] : (tensor<6xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_5]] starts = [0, 4] ends = [2, 6] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_1]] starts = [4] ends = [6] strides = [1] : (tensor<6xf32>) -> tensor<2xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_4]] starts = [0, 0, 0] ends = [1, 2, 6] strides = [1, 1, 1] : (tensor<1x2x6xf32>) -> tensor<1x2x6xf32>
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_10]] : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_11]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_11]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_11]] starts = [0, 4] ends = [2, 6] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.matmul %[[H]], %[[Y_6]] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_15]], %[[Y_7]] broadcast_shape = [2, 4] : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_16]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_16]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_12]], %[[Y_17]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.neg %[[Y_19]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.exp %[[Y_20]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_21]], %[[Y_22]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_24]], %[[Y_23]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_13]], %[[Y_18]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = mir.neg %[[Y_26]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = mir.exp %[[Y_27]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_28]], %[[Y_29]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_31]], %[[Y_30]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_32]], %[[H]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = mir.matmul %[[Y_33]], %[[Y_8]] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_34]], %[[Y_9]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_14]], %[[Y_35]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = mir.tanh %[[Y_36]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_38:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[H]], %[[Y_37]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_39:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_25]], %[[Y_38]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_37]], %[[Y_39]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_40:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_H]] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT: func.return %[[Y_40]], %[[Y_H]] : tensor<1x2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

func.func @lstm(%x: tensor<1x2x3xf32>, %w: tensor<8x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<2x2xf32>, %c: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c : (tensor<1x2x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  func.return %y, %y_h, %y_c : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @lstm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<1x2x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<8x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<16xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<2x2xf32>) -> (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [0] ends = [8] strides = [1] : (tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y_1:[a-zA-Z0-9_$.]+]] = mir.slice %[[B]] starts = [8] ends = [16] strides = [1] : (tensor<16xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[Y_2:[a-zA-Z0-9_$.]+]] = mir.transpose %[[W]] permutation = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
// CHECK-NEXT: %[[Y_3:[a-zA-Z0-9_$.]+]] = mir.matmul %[[X]], %[[Y_2]] : (tensor<1x2x3xf32>, tensor<3x8xf32>) -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_4:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_3]], %[[Y]] broadcast_shape = [1, 2, 8] : (tensor<1x2x8xf32>, tensor<8xf32>) -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_5:[a-zA-Z0-9_$.]+]] = mir.transpose %[[R]] permutation = [1, 0] : (tensor<8x2xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_4]] starts = [0, 0, 0] ends = [1, 2, 8] strides = [1, 1, 1] : (tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_6]] : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = mir.matmul %[[H]], %[[Y_5]] : (tensor<2x2xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_8]], %[[Y_1]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_7]], %[[Y_9]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_10]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_10]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_10]] starts = [0, 4] ends = [2, 6] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.slice %[[Y_10]] starts = [0, 6] ends = [2, 8] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_15:[a-zA-Z0-9_$.]+]] = mir.neg %[[Y_11]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_16:[a-zA-Z0-9_$.]+]] = mir.exp %[[Y_15]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_17:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_18:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_16]], %[[Y_17]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_19:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_20:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_19]], %[[Y_18]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_21:[a-zA-Z0-9_$.]+]] = mir.neg %[[Y_12]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_22:[a-zA-Z0-9_$.]+]] = mir.exp %[[Y_21]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_23:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_24:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_22]], %[[Y_23]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_25:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_26:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_25]], %[[Y_24]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_27:[a-zA-Z0-9_$.]+]] = mir.neg %[[Y_13]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_28:[a-zA-Z0-9_$.]+]] = mir.exp %[[Y_27]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_29:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_30:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_28]], %[[Y_29]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_31:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[Y_32:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[Y_31]], %[[Y_30]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_33:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_32]], %[[C]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_34:[a-zA-Z0-9_$.]+]] = mir.tanh %[[Y_14]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_35:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_20]], %[[Y_34]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_C:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[Y_33]], %[[Y_35]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_36:[a-zA-Z0-9_$.]+]] = mir.tanh %[[Y_C]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[Y_26]], %[[Y_36]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[Y_37:[a-zA-Z0-9_$.]+]] = mir.reshape %[[Y_H]] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT: func.return %[[Y_37]], %[[Y_H]], %[[Y_C]] : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

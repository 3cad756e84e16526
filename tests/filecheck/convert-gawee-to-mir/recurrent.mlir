// RUN: xdsl-opt %s -p convert-gawee-to-mir --split-input-file | filecheck %s

// The recurrent ops lower to their time_steps (the input projection of every step, one product,
// R transposed once) and a `mir.for` over time carrying the states and y: each iteration reads
// its row of the projection (mir.gather at a mir.from_elements of the index), runs one cell step
// and writes h into y (mir.scatter); reverse runs time index T - 1 - t.
// recurrent_loop.mlir shows that the loop is the same whatever T is.

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
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<2x1x2xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 2 : index
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_11:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_8]] to %[[Y_9]] step %[[Y_10]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[Y_6]]) -> (tensor<1x2xf32>, tensor<2x1x2xf32>) {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = arith.subi %[[Y_7]], %[[V0]] : index
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V3]] : (index) -> tensor<1xi64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_4]], %[[V4]] axis = 0 : (tensor<2x1x2xf32>, tensor<1xi64>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V5]] : (tensor<1x1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V1]], %[[Y_5]] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[Y_1]] broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V6]], %[[V8]] broadcast_shape = [1, 2] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V9]] : (tensor<1x2xf32>) -> tensor<1x2xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V10]] : (tensor<1x2xf32>) -> tensor<1x1x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V2]], %[[V11]], %[[V4]] axis = 0 : (tensor<2x1x2xf32>, tensor<1x1x2xf32>, tensor<1xi64>) -> tensor<2x1x2xf32>
// CHECK-NEXT: mir.yield %[[V10]], %[[V12]] : tensor<1x2xf32>, tensor<2x1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_11]], %[[Y_H]] : tensor<2x1x2xf32>, tensor<1x2xf32>
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
// CHECK-NEXT: %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<1x2x2xf32>
// CHECK-NEXT: %[[Y_11:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_12:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_13:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_14:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_11]] to %[[Y_12]] step %[[Y_13]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[Y_10]]) -> (tensor<2x2xf32>, tensor<1x2x2xf32>) {
// CHECK-NEXT: %[[V3:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_4]], %[[V3]] axis = 0 : (tensor<1x2x6xf32>, tensor<1xi64>) -> tensor<1x2x6xf32>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V4]] : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.slice %[[V5]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.slice %[[V5]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.slice %[[V5]] starts = [0, 4] ends = [2, 6] strides = [1, 1] : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V1]], %[[Y_6]] : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V9]], %[[Y_7]] broadcast_shape = [2, 4] : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.slice %[[V10]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V6]], %[[V11]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.neg %[[V13]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.exp %[[V14]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V15]], %[[V16]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V18]], %[[V17]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[V12]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = mir.neg %[[V20]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = mir.exp %[[V21]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V22]], %[[V23]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V25]], %[[V24]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V26]], %[[V1]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V27]], %[[Y_8]] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V28]], %[[Y_9]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V8]], %[[V29]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V30]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = mir.broadcast_sub %[[V1]], %[[V31]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V19]], %[[V32]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V31]], %[[V33]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V34]] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V2]], %[[V35]], %[[V3]] axis = 0 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1xi64>) -> tensor<1x2x2xf32>
// CHECK-NEXT: mir.yield %[[V34]], %[[V36]] : tensor<2x2xf32>, tensor<1x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_14]], %[[Y_H]] : tensor<1x2x2xf32>, tensor<2x2xf32>
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
// CHECK-NEXT: %[[Y_6:[a-zA-Z0-9_$.]+]] = mir.constant dense<0.000000e+00> : tensor<1x2x2xf32>
// CHECK-NEXT: %[[Y_7:[a-zA-Z0-9_$.]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[Y_8:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_9:[a-zA-Z0-9_$.]+]] = arith.constant 1 : index
// CHECK-NEXT: %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]], %[[Y_10:[a-zA-Z0-9_$.]+]] = mir.for %[[V0:[a-zA-Z0-9_$.]+]] = %[[Y_7]] to %[[Y_8]] step %[[Y_9]] iter_args(%[[V1:[a-zA-Z0-9_$.]+]] = %[[H]], %[[V2:[a-zA-Z0-9_$.]+]] = %[[C]], %[[V3:[a-zA-Z0-9_$.]+]] = %[[Y_6]]) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x2x2xf32>) {
// CHECK-NEXT: %[[V4:[a-zA-Z0-9_$.]+]] = mir.from_elements %[[V0]] : (index) -> tensor<1xi64>
// CHECK-NEXT: %[[V5:[a-zA-Z0-9_$.]+]] = mir.gather %[[Y_4]], %[[V4]] axis = 0 : (tensor<1x2x8xf32>, tensor<1xi64>) -> tensor<1x2x8xf32>
// CHECK-NEXT: %[[V6:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V5]] : (tensor<1x2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V7:[a-zA-Z0-9_$.]+]] = mir.matmul %[[V1]], %[[Y_5]] : (tensor<2x2xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V8:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V7]], %[[Y_1]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V9:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V6]], %[[V8]] broadcast_shape = [2, 8] : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %[[V10:[a-zA-Z0-9_$.]+]] = mir.slice %[[V9]] starts = [0, 0] ends = [2, 2] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V11:[a-zA-Z0-9_$.]+]] = mir.slice %[[V9]] starts = [0, 2] ends = [2, 4] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V12:[a-zA-Z0-9_$.]+]] = mir.slice %[[V9]] starts = [0, 4] ends = [2, 6] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V13:[a-zA-Z0-9_$.]+]] = mir.slice %[[V9]] starts = [0, 6] ends = [2, 8] strides = [1, 1] : (tensor<2x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V14:[a-zA-Z0-9_$.]+]] = mir.neg %[[V10]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V15:[a-zA-Z0-9_$.]+]] = mir.exp %[[V14]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V16:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V17:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V15]], %[[V16]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V18:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V19:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V18]], %[[V17]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V20:[a-zA-Z0-9_$.]+]] = mir.neg %[[V11]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V21:[a-zA-Z0-9_$.]+]] = mir.exp %[[V20]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V22:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V23:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V21]], %[[V22]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V24:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V25:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V24]], %[[V23]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V26:[a-zA-Z0-9_$.]+]] = mir.neg %[[V12]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V27:[a-zA-Z0-9_$.]+]] = mir.exp %[[V26]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V28:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V29:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V27]], %[[V28]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V30:[a-zA-Z0-9_$.]+]] = mir.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[V31:[a-zA-Z0-9_$.]+]] = mir.broadcast_div %[[V30]], %[[V29]] broadcast_shape = [2, 2] : (tensor<f32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V32:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V31]], %[[V2]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V33:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V13]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V34:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V19]], %[[V33]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V35:[a-zA-Z0-9_$.]+]] = mir.broadcast_add %[[V32]], %[[V34]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V36:[a-zA-Z0-9_$.]+]] = mir.tanh %[[V35]] : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V37:[a-zA-Z0-9_$.]+]] = mir.broadcast_mul %[[V25]], %[[V36]] broadcast_shape = [2, 2] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[V38:[a-zA-Z0-9_$.]+]] = mir.reshape %[[V37]] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
// CHECK-NEXT: %[[V39:[a-zA-Z0-9_$.]+]] = mir.scatter %[[V3]], %[[V38]], %[[V4]] axis = 0 : (tensor<1x2x2xf32>, tensor<1x2x2xf32>, tensor<1xi64>) -> tensor<1x2x2xf32>
// CHECK-NEXT: mir.yield %[[V37]], %[[V35]], %[[V39]] : tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.return %[[Y_10]], %[[Y_H]], %[[Y_C]] : tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

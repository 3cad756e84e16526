// RUN: xdsl-opt %s | xdsl-opt | filecheck %s
// RUN: xdsl-opt %s --print-op-generic | xdsl-opt | filecheck %s

// gawee.lstm, gawee.gru and gawee.rnn: one direction of ONNX's LSTM, GRU and RNN over a
// whole sequence (their decompositions: tests/filecheck/gawee-decompose/recurrent.mlir;
// their lowerings: recurrent.mlir of convert-gawee-to-linalg and convert-gawee-to-mir).
func.func @lstm(%x: tensor<2x1x3xf32>, %w: tensor<8x3xf32>, %r: tensor<8x2xf32>, %b: tensor<16xf32>, %h: tensor<1x2xf32>, %c: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %y, %y_h, %y_c = gawee.lstm %x, %w, %r, %b, %h, %c : (tensor<2x1x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
  func.return %y, %y_h, %y_c : tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

func.func @gru(%x: tensor<2x1x3xf32>, %w: tensor<6x3xf32>, %r: tensor<6x2xf32>, %b: tensor<12xf32>, %h: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
  %y, %y_h = gawee.gru %x, %w, %r, %b, %h reverse = true linearBeforeReset = true : (tensor<2x1x3xf32>, tensor<6x3xf32>, tensor<6x2xf32>, tensor<12xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>)
  func.return %y, %y_h : tensor<2x1x2xf32>, tensor<1x2xf32>
}

func.func @rnn(%x: tensor<2x1x3xf64>, %w: tensor<2x3xf64>, %r: tensor<2x2xf64>, %b: tensor<4xf64>, %h: tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>) {
  %y, %y_h = "gawee.rnn"(%x, %w, %r, %b, %h) {reverse = true} : (tensor<2x1x3xf64>, tensor<2x3xf64>, tensor<2x2xf64>, tensor<4xf64>, tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>)
  func.return %y, %y_h : tensor<2x1x2xf64>, tensor<1x2xf64>
}

// CHECK-LABEL: func.func @lstm(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<8x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<8x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<16xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>, %[[C:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]], %[[Y_H:[a-zA-Z0-9_$.]+]], %[[Y_C:[a-zA-Z0-9_$.]+]] = gawee.lstm %[[X]], %[[W]], %[[R]], %[[B]], %[[H]], %[[C]] : (tensor<2x1x3xf32>, tensor<8x3xf32>, tensor<8x2xf32>, tensor<16xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: func.return %[[Y]], %[[Y_H]], %[[Y_C]] : tensor<2x1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @gru(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf32>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<6x3xf32>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<6x2xf32>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<12xf32>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]], %[[Y_H:[a-zA-Z0-9_$.]+]] = gawee.gru %[[X]], %[[W]], %[[R]], %[[B]], %[[H]] reverse = true linearBeforeReset = true : (tensor<2x1x3xf32>, tensor<6x3xf32>, tensor<6x2xf32>, tensor<12xf32>, tensor<1x2xf32>) -> (tensor<2x1x2xf32>, tensor<1x2xf32>)
// CHECK-NEXT: func.return %[[Y]], %[[Y_H]] : tensor<2x1x2xf32>, tensor<1x2xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rnn(
// CHECK-SAME: %[[X:[a-zA-Z0-9_$.]+]]: tensor<2x1x3xf64>, %[[W:[a-zA-Z0-9_$.]+]]: tensor<2x3xf64>, %[[R:[a-zA-Z0-9_$.]+]]: tensor<2x2xf64>, %[[B:[a-zA-Z0-9_$.]+]]: tensor<4xf64>, %[[H:[a-zA-Z0-9_$.]+]]: tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>) {
// CHECK-NEXT: %[[Y:[a-zA-Z0-9_$.]+]], %[[Y_H:[a-zA-Z0-9_$.]+]] = gawee.rnn %[[X]], %[[W]], %[[R]], %[[B]], %[[H]] reverse = true : (tensor<2x1x3xf64>, tensor<2x3xf64>, tensor<2x2xf64>, tensor<4xf64>, tensor<1x2xf64>) -> (tensor<2x1x2xf64>, tensor<1x2xf64>)
// CHECK-NEXT: func.return %[[Y]], %[[Y_H]] : tensor<2x1x2xf64>, tensor<1x2xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
